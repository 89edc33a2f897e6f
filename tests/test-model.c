/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model.c — BgModel's structure: ids, elements, bonds and ports.
 *
 * Owns: tests of bg-model.c through its public API for what a document is
 * made of: a new model, ids (validity, generated ids), adding elements,
 * connecting and every refusal, junction port numbering, removing elements
 * and bonds, the element limit, bulk and star-shaped models, and random
 * edits against a recomputed adjacency. Must not: load files, analyse or
 * simulate; changing parameters, fields and settings and the undo history
 * are test-model-edit.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib-object.h>

#include "bg-model.h"
#include "bg-test-model.h"

static void
test_new (void)
{
  BgModel *model = bg_model_new ();
  const BgSimSettings *sim = bg_model_get_simulation (model);
  BgSimSettings settings;

  g_assert_cmpstr (bg_model_get_name (model), ==, "");
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 0);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 0);
  g_assert_cmpfloat (sim->t_end, ==, 1.0);
  g_assert_cmpfloat (sim->output_step, ==, 0.0);
  g_assert_cmpfloat (sim->rtol, ==, 1e-6);
  g_assert_cmpfloat (sim->atol, ==, 0.0);
  g_assert_cmpfloat (bg_sim_settings_output_step (sim), ==, 1e-3);
  g_assert_false (bg_model_can_undo (model));
  g_assert_false (bg_model_can_redo (model));
  g_assert_null (bg_model_get_undo_label (model));
  g_assert_null (bg_model_get_redo_label (model));
  g_assert_false (bg_model_undo (model));
  g_assert_false (bg_model_redo (model));
  g_assert_cmpuint (bg_model_get_revision (model), ==, 0);
  g_assert_null (bg_model_get_view_json (model));
  g_assert_null (bg_model_find_element (model, "R1"));
  g_assert_null (bg_model_find_bond (model, "b1"));

  bg_sim_settings_init_default (&settings);
  settings.output_step = 0.25;
  g_assert_cmpfloat (bg_sim_settings_output_step (&settings), ==, 0.25);

  g_assert_finalize_object (model);
}

static void
test_id_validity (void)
{
  char long_id[BG_ID_MAX_LENGTH + 2];

  g_assert_true (bg_id_is_valid ("R1"));
  g_assert_true (bg_id_is_valid ("_x"));
  g_assert_true (bg_id_is_valid ("J0_1"));
  g_assert_true (bg_id_is_valid ("a"));
  g_assert_false (bg_id_is_valid ("1R"));
  g_assert_false (bg_id_is_valid (""));
  g_assert_false (bg_id_is_valid (NULL));
  g_assert_false (bg_id_is_valid ("R 1"));
  g_assert_false (bg_id_is_valid ("R-1"));
  g_assert_false (bg_id_is_valid ("R.1"));
  g_assert_false (bg_id_is_valid ("Я"));

  memset (long_id, 'a', sizeof long_id);
  long_id[BG_ID_MAX_LENGTH] = '\0';
  g_assert_true (bg_id_is_valid (long_id));
  long_id[BG_ID_MAX_LENGTH] = 'a';
  long_id[BG_ID_MAX_LENGTH + 1] = '\0';
  g_assert_false (bg_id_is_valid (long_id));
}

static void
test_make_ids (void)
{
  BgModel *model = bg_model_new ();
  static const struct { const char *type; BgDomain domain; const char *id; } cases[] = {
    { "R", BG_DOMAIN_ELECTRICAL, "R1" },
    { "R", BG_DOMAIN_HYDRAULIC, "R2" },
    { "C", BG_DOMAIN_ELECTRICAL, "C1" },
    { "I", BG_DOMAIN_ELECTRICAL, "I1" },
    { "Se", BG_DOMAIN_ELECTRICAL, "Se1" },
    { "Sf", BG_DOMAIN_ELECTRICAL, "Sf1" },
    { "TF", BG_DOMAIN_ELECTRICAL, "TF1" },
    { "0", BG_DOMAIN_ELECTRICAL, "J0_1" },
    { "1", BG_DOMAIN_ELECTRICAL, "J1_1" },
    { "0", BG_DOMAIN_ELECTRICAL, "J0_2" },
    { "CylinderDA", BG_DOMAIN_NONE, "CYL1" },
    { "MechanicalLoad", BG_DOMAIN_NONE, "LOAD1" },
    { "PumpCurve", BG_DOMAIN_NONE, "PUMP1" },
    { "GasAccumulator", BG_DOMAIN_NONE, "ACC1" },
  };
  const char *remove_r1[] = { "R1" };
  g_autofree char *id = NULL;
  g_autofree char *bond_id = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BgElement *el = bg_test_add_element (model, cases[i].type, cases[i].domain, NULL);

      g_assert_cmpstr (el->id, ==, cases[i].id);
    }

  /* A number freed by removal is used again, lowest first. */
  g_assert_true (bg_model_remove_elements (model, remove_r1, 1, NULL));
  g_assert_cmpstr (bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL)->id, ==, "R1");
  g_assert_cmpstr (bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL)->id, ==, "R3");

  /* A user-chosen id that looks generated is skipped. */
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C2");
  g_assert_cmpstr (bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, NULL)->id, ==, "C3");

  /* make_element_id is pure: asking twice gives the same answer. */
  id = bg_model_make_element_id (model, bg_library_lookup ("I", BG_DOMAIN_ROTATIONAL));
  g_assert_cmpstr (id, ==, "I2");
  g_free (id);
  id = bg_model_make_element_id (model, bg_library_lookup ("I", BG_DOMAIN_ROTATIONAL));
  g_assert_cmpstr (id, ==, "I2");

  /* Bonds share the namespace: an element called b1 pushes bonds to b2. */
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "b1");
  bond_id = bg_model_make_bond_id (model);
  g_assert_cmpstr (bond_id, ==, "b2");
  g_assert_cmpstr (bg_test_connect (model, "Se1", "J0_1")->id, ==, "b2");
  g_assert_cmpstr (bg_test_connect (model, "J0_1", "R1")->id, ==, "b3");

  /* Renaming frees the old number too. */
  g_assert_true (bg_model_rename_element (model, "R1", "Rload", NULL));
  g_assert_cmpstr (bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL)->id, ==, "R1");

  g_assert_finalize_object (model);
}

static void
test_add_element (void)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;
  BgElement *el;

  el = bg_model_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, "spring", 12.5, -4, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (el->id, ==, "spring");
  g_assert_true (el->spec == bg_library_lookup ("C", BG_DOMAIN_TRANSLATIONAL));
  g_assert_cmpfloat (el->x, ==, 12.5);
  g_assert_cmpfloat (el->y, ==, -4);
  g_assert_cmpint (el->rotation, ==, 0);
  g_assert_null (el->label);
  g_assert_cmpfloat (el->params[0].number, ==, 0.01);
  g_assert_cmpfloat (el->params[1].number, ==, 0);
  g_assert_true (bg_model_find_element (model, "spring") == el);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Add spring");

  /* Advanced components ignore the domain they are given. */
  el = bg_model_add_element (model, "CylinderDA", BG_DOMAIN_ELECTRICAL, NULL, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpint (el->spec->domain, ==, BG_DOMAIN_NONE);
  g_assert_cmpfloat (el->params[0].number, ==, 0.05);
  el = bg_test_add_element (model, "Se", BG_DOMAIN_HYDRAULIC, NULL);
  g_assert_cmpstr (el->params[0].choice, ==, "constant");
  el = bg_test_add_element (model, "PumpCurve", BG_DOMAIN_NONE, NULL);
  g_assert_cmpuint (el->params[0].table->len, ==, 6);

  g_assert_null (bg_model_add_element (model, "Memristor", BG_DOMAIN_ELECTRICAL, NULL, 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_UNKNOWN_TYPE, "Unknown component type “Memristor”");
  g_clear_error (&error);

  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_NONE, NULL, 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_UNKNOWN_TYPE,
                              "R needs a domain: electrical, hydraulic, translational or rotational");
  g_clear_error (&error);

  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "1x", 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID,
                              "“1x” is not a valid id: use letters, digits and _, not starting with a "
                              "digit, at most 64 characters");
  g_clear_error (&error);

  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "spring", 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “spring” is already used by an element");
  g_clear_error (&error);

  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL, NAN, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "The position of an element must be finite");
  g_clear_error (&error);

  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 4);
  g_assert_finalize_object (model);
}

static void
test_connect (void)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;
  BgBond *bond;
  guint64 revision;

  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  bg_test_add_element (model, "C", BG_DOMAIN_HYDRAULIC, "C2");
  bg_test_add_element (model, "TF", BG_DOMAIN_ELECTRICAL, "T1");
  bg_test_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "K");
  bg_test_add_element (model, "CylinderDA", BG_DOMAIN_NONE, "CYL");
  bg_test_add_element (model, "0", BG_DOMAIN_HYDRAULIC, "H");
  bg_test_add_element (model, "MechanicalLoad", BG_DOMAIN_NONE, "LOAD");
  bg_test_add_element (model, "PumpCurve", BG_DOMAIN_NONE, "PUMP");

  bond = bg_model_connect (model, "J", "R1", "b_r", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bond->id, ==, "b_r");
  g_assert_true (bond->from == bg_model_find_element (model, "J"));
  g_assert_cmpint (bond->from_port, ==, -1);
  g_assert_true (bond->to == bg_model_find_element (model, "R1"));
  g_assert_cmpint (bond->to_port, ==, 0);
  g_assert_cmpint (bond->arrow, ==, BG_ARROW_FORWARD);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Connect J to R1");

  bond = bg_test_connect (model, "T1.S", "J");
  g_assert_cmpint (bond->from_port, ==, 1);
  bond = bg_test_connect (model, "CYL.M", "LOAD");
  g_assert_cmpint (bond->from_port, ==, 2);
  g_assert_cmpint (bond->to_port, ==, 0);
  bg_test_connect (model, "H", "CYL.A");
  /* A one-port element may also be named with its port. */
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R5");
  bond = bg_test_connect (model, "K", "R5.E");
  g_assert_cmpint (bond->to_port, ==, 0);

  revision = bg_model_get_revision (model);

#define REFUSE(FROM, TO, CODE, MESSAGE)                                     \
  G_STMT_START {                                                            \
    g_assert_false (bg_model_can_connect (model, FROM, TO, &error));        \
    bg_test_assert_model_error (error, CODE, MESSAGE);                      \
    g_clear_error (&error);                                                 \
    g_assert_null (bg_model_connect (model, FROM, TO, NULL, &error));       \
    bg_test_assert_model_error (error, CODE, MESSAGE);                      \
    g_clear_error (&error);                                                 \
  } G_STMT_END

  REFUSE ("R1", "C2", BG_MODEL_ERROR_DOMAIN_MISMATCH,
          "Cannot connect R1 (electrical) to C2 (hydraulic): a bond joins ports of one domain");
  REFUSE ("CYL.M", "H", BG_MODEL_ERROR_DOMAIN_MISMATCH,
          "Cannot connect CYL.M (translational) to H (hydraulic): a bond joins ports of one domain");
  REFUSE ("K", "R1", BG_MODEL_ERROR_PORT_IN_USE,
          "R1 has only one port and it is already bonded");
  REFUSE ("T1.S", "K", BG_MODEL_ERROR_PORT_IN_USE, "T1.S is already bonded");
  REFUSE ("H", "CYL.A", BG_MODEL_ERROR_PORT_IN_USE, "CYL.A is already bonded");
  REFUSE ("J", "J", BG_MODEL_ERROR_SELF_BOND,
          "Cannot connect J to itself: a bond joins two elements");
  REFUSE ("T1.P", "T1.S", BG_MODEL_ERROR_SELF_BOND,
          "Cannot connect T1 to itself: a bond joins two elements");
  REFUSE ("T1.X", "K", BG_MODEL_ERROR_NOT_FOUND, "T1.X: TF has ports P and S");
  REFUSE ("K", "CYL.Q", BG_MODEL_ERROR_NOT_FOUND, "CYL.Q: CylinderDA has ports A, B and M");
  REFUSE ("K", "R5.M", BG_MODEL_ERROR_NOT_FOUND, "R5.M: R has one port, E");
  REFUSE ("T1", "K", BG_MODEL_ERROR_NOT_FOUND, "T1 has ports P and S: name one, as in T1.P");
  REFUSE ("H", "PUMP", BG_MODEL_ERROR_NOT_FOUND,
          "PUMP has ports T and P: name one, as in PUMP.T");
  REFUSE ("K.p1", "R1", BG_MODEL_ERROR_NOT_FOUND,
          "K.p1: the ports of a junction are made by its bonds; connect to K");
  REFUSE ("C7", "K", BG_MODEL_ERROR_NOT_FOUND, "no element “C7”");
  REFUSE ("K", "C7.A", BG_MODEL_ERROR_NOT_FOUND, "no element “C7”");
  REFUSE ("", "K", BG_MODEL_ERROR_NOT_FOUND, "no element “”");
#undef REFUSE

  /* Refusals and pure checks leave the model alone. */
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_true (bg_model_can_connect (model, "H", "CYL.B", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);

  /* Bond ids: checked like element ids, shared namespace. */
  g_assert_null (bg_model_connect (model, "H", "CYL.B", "R1", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “R1” is already used by an element");
  g_clear_error (&error);
  g_assert_null (bg_model_connect (model, "H", "CYL.B", "b_r", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “b_r” is already used by a bond");
  g_clear_error (&error);
  g_assert_null (bg_model_connect (model, "H", "CYL.B", "b-2", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID);
  g_clear_error (&error);
  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "b_r", 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “b_r” is already used by a bond");
  g_clear_error (&error);
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);

  g_assert_finalize_object (model);
}

static char *
port_names (BgModel    *model,
            const char *element_id)
{
  BgElement *el = bg_model_find_element (model, element_id);
  GPtrArray *bonds = bg_model_get_element_bonds (model, el);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      g_autofree char *name = NULL;

      if (b == NULL)
        {
          g_string_append_printf (s, "%s-", i > 0 ? " " : "");
          continue;
        }
      name = bg_model_dup_port_name (model, b, b->to == el);
      g_assert_cmpuint (bg_model_get_bond_slot (model, b, b->to == el), ==, i);
      g_string_append_printf (s, "%s%s=%s", i > 0 ? " " : "", name, b->id);
    }
  return g_string_free (s, FALSE);
}

#define ASSERT_PORTS(model, id, expected)                 \
  G_STMT_START {                                          \
    g_autofree char *ports_ = port_names (model, id);     \
    g_assert_cmpstr (ports_, ==, expected);               \
  } G_STMT_END

static void
test_junction_ports (void)
{
  BgModel *model = bg_model_new ();
  const char *b2[] = { "b2" };
  const char *r2[] = { "R2" };

  bg_test_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R2");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R3");
  bg_test_add_element (model, "TF", BG_DOMAIN_ELECTRICAL, "T");
  bg_test_connect (model, "R1", "J");
  bg_test_connect (model, "J", "R2");
  bg_test_connect (model, "R3", "J");

  ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3");
  ASSERT_PORTS (model, "R1", "E=b1");
  ASSERT_PORTS (model, "T", "- -");
  bg_test_connect (model, "J", "T.S");
  ASSERT_PORTS (model, "T", "- S=b4");
  ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3 p4=b4");

  /* Removing a bond renumbers the later ports; undo restores them. */
  g_assert_true (bg_model_remove_bonds (model, b2, 1, NULL));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b3 p3=b4");
  ASSERT_PORTS (model, "R2", "-");
  g_assert_true (bg_model_undo (model));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3 p4=b4");
  ASSERT_PORTS (model, "R2", "E=b2");
  g_assert_true (bg_model_redo (model));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b3 p3=b4");
  g_assert_true (bg_model_undo (model));

  /* Same through removing the element at the far end. */
  g_assert_true (bg_model_remove_elements (model, r2, 1, NULL));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b3 p3=b4");
  g_assert_null (bg_model_find_bond (model, "b2"));
  g_assert_true (bg_model_undo (model));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3 p4=b4");

  /* A junction read while it is out of the model comes back clean. */
  {
    const char *j[] = { "J" };

    g_assert_true (bg_model_remove_elements (model, j, 1, NULL));
    ASSERT_PORTS (model, "T", "- -");
    g_assert_true (bg_model_undo (model));
    ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3 p4=b4");
  }
  {
    BgModel *small = bg_model_new ();
    const char *k[] = { "K" };

    bg_test_add_element (small, "0", BG_DOMAIN_ELECTRICAL, "L");
    bg_test_add_element (small, "R", BG_DOMAIN_ELECTRICAL, "R2");
    bg_test_connect (small, "L", "R2");
    bg_test_add_element (small, "0", BG_DOMAIN_ELECTRICAL, "K");
    bg_test_add_element (small, "R", BG_DOMAIN_ELECTRICAL, "R1");
    bg_test_connect (small, "K", "R1");
    ASSERT_PORTS (small, "K", "p1=b2");
    g_assert_true (bg_model_remove_elements (small, k, 1, NULL));
    ASSERT_PORTS (small, "L", "p1=b1");   /* lists rebuilt without K */
    g_assert_true (bg_model_undo (small));
    ASSERT_PORTS (small, "K", "p1=b2");
    g_assert_finalize_object (small);
  }

  /* Flipping keeps the bond's place in the order. */
  g_assert_true (bg_model_flip_bond_direction (model, "b1", NULL));
  ASSERT_PORTS (model, "J", "p1=b1 p2=b2 p3=b3 p4=b4");

  g_assert_finalize_object (model);
}

static void
test_remove_elements (void)
{
  BgModel *model = bg_model_new ();
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *now = NULL;
  const char *ids[] = { "J", "C1", "J" };
  const char *unknown[] = { "R1", "nope" };
  GError *error = NULL;
  BgTestCounts counts;

  bg_test_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U");
  bg_test_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1");
  bg_test_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "K");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R2");
  bg_test_connect (model, "U", "J");
  bg_test_connect (model, "K", "R2");
  bg_test_connect (model, "J", "R1");
  bg_test_connect (model, "J", "K");
  bg_test_connect (model, "J", "C1");
  g_assert_true (bg_model_set_param_number (model, "C1", "initial", 2e-3, NULL));
  g_assert_true (bg_model_set_label (model, "J", "series", NULL));
  before = bg_test_model_snapshot (model);
  bg_test_watch_model (model, &counts);

  /* An unknown id refuses the whole removal. */
  g_assert_false (bg_model_remove_elements (model, unknown, 2, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no element “nope”");
  g_clear_error (&error);
  g_assert_nonnull (bg_model_find_element (model, "R1"));
  g_assert_cmpuint (counts.changed, ==, 0);

  /* Duplicates are harmless; attached bonds go in the same step. */
  g_assert_true (bg_model_remove_elements (model, ids, G_N_ELEMENTS (ids), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Remove 2 elements");
  after = bg_test_model_snapshot (model);
  g_assert_cmpstr (after, ==,
                   "name= sim=1,0,1e-06,0\n"
                   "U Se/electrical (0,0) r0 [-] waveform=constant value=10 after=0 time=0.5 "
                   "slope=1 until=0 amplitude=1 frequency=1 phase=0 width=0.5 period=1 points=<4>\n"
                   "R1 R/electrical (0,0) r0 [-] value=100\n"
                   "K 0/electrical (0,0) r0 [-]\n"
                   "R2 R/electrical (0,0) r0 [-] value=100\n"
                   "b2: K.p1 -> R2.E forward\n");
  g_assert_null (bg_model_find_bond (model, "b1"));
  g_assert_null (bg_model_find_element (model, "J"));
  ASSERT_PORTS (model, "U", "-");

  g_assert_true (bg_model_undo (model));
  now = bg_test_model_snapshot (model);
  g_assert_cmpstr (now, ==, before);
  g_assert_cmpuint (counts.changed, ==, 2);
  ASSERT_PORTS (model, "J", "p1=b1 p2=b3 p3=b4 p4=b5");
  ASSERT_PORTS (model, "K", "p1=b2 p2=b4");
  g_assert_cmpstr (bg_model_find_element (model, "J")->label, ==, "series");

  g_assert_true (bg_model_redo (model));
  g_free (now);
  now = bg_test_model_snapshot (model);
  g_assert_cmpstr (now, ==, after);

  /* Removing nothing is no step. */
  g_assert_true (bg_model_remove_elements (model, NULL, 0, &error));
  g_assert_cmpuint (counts.changed, ==, 3);

  g_assert_finalize_object (model);
}

static void
test_remove_bonds (void)
{
  BgModel *model = bg_model_new ();
  const char *ids[] = { "b3", "b1" };
  const char *unknown[] = { "b2", "b9" };
  g_autofree char *before = NULL;
  g_autofree char *now = NULL;
  GError *error = NULL;

  bg_test_add_element (model, "0", BG_DOMAIN_ROTATIONAL, "J");
  bg_test_add_element (model, "I", BG_DOMAIN_ROTATIONAL, "I1");
  bg_test_add_element (model, "C", BG_DOMAIN_ROTATIONAL, "C1");
  bg_test_add_element (model, "R", BG_DOMAIN_ROTATIONAL, "R1");
  bg_test_connect (model, "J", "I1");
  bg_test_connect (model, "J", "C1");
  bg_test_connect (model, "J", "R1");
  before = bg_test_model_snapshot (model);

  g_assert_false (bg_model_remove_bonds (model, unknown, 2, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no bond “b9”");
  g_clear_error (&error);
  g_assert_nonnull (bg_model_find_bond (model, "b2"));

  g_assert_true (bg_model_remove_bonds (model, ids, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Remove 2 bonds");
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);
  ASSERT_PORTS (model, "J", "p1=b2");
  /* The freed port takes a new bond. */
  g_assert_true (bg_model_can_connect (model, "J", "I1", NULL));

  g_assert_true (bg_model_undo (model));
  now = bg_test_model_snapshot (model);
  g_assert_cmpstr (now, ==, before);
  g_assert_false (bg_model_can_connect (model, "J", "I1", NULL));

  g_assert_true (bg_model_remove_bonds (model, ids, 1, NULL));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Remove b3");

  g_assert_finalize_object (model);
}

static void
test_limit (void)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;

  bg_model_begin_group (model, "fill");
  for (guint i = 0; i < BG_MODEL_MAX_ELEMENTS; i++)
    g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL,
                                            i, 0, NULL));
  g_assert_null (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL, 0, 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_LIMIT, "A model holds at most 100000 elements");
  g_clear_error (&error);
  bg_model_end_group (model);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, BG_MODEL_MAX_ELEMENTS);
  g_assert_cmpstr (((BgElement *) g_ptr_array_index (bg_model_get_elements (model),
                                                     BG_MODEL_MAX_ELEMENTS - 1))->id,
                   ==, "R100000");
  g_assert_finalize_object (model);
}

/* 100 000 elements in a chain of 1-junctions and resistors, each added as its
 * own step the way a loader would, then read, removed and restored. Linear
 * work: this would take minutes if any step were O(n). Timings are printed,
 * not asserted. */
static void
test_bulk (void)
{
  BgModel *model = bg_model_new ();
  const guint n = BG_MODEL_MAX_ELEMENTS;
  g_autoptr (GTimer) timer = g_timer_new ();
  GPtrArray *elements;
  guint64 total_bonds = 0;
  char from[32], to[32];
  const char **all_ids;

  for (guint i = 0; i < n / 2; i++)
    {
      g_snprintf (from, sizeof from, "J%u", i);
      g_snprintf (to, sizeof to, "R%u", i);
      g_assert_nonnull (bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, from,
                                              i, 0, NULL));
      g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, to,
                                              i, 10, NULL));
      g_assert_nonnull (bg_model_connect (model, from, to, NULL, NULL));
      if (i > 0)
        {
          g_snprintf (to, sizeof to, "J%u", i - 1);
          g_assert_nonnull (bg_model_connect (model, to, from, NULL, NULL));
        }
    }
  bg_model_clear_history (model);
  g_test_message ("add %u elements, %u bonds: %.3f s", n,
                  bg_model_get_bonds (model)->len, g_timer_elapsed (timer, NULL));
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, n - 1);

  g_timer_start (timer);
  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    total_bonds += bg_model_get_element_bonds (model, g_ptr_array_index (elements, i))->len;
  g_assert_cmpuint (total_bonds, ==, 2 * (n - 1));
  g_test_message ("element bonds of all: %.3f s", g_timer_elapsed (timer, NULL));
  ASSERT_PORTS (model, "J1", "p1=b2 p2=b3 p3=b5");

  /* Select all, delete, undo, redo. */
  g_timer_start (timer);
  all_ids = g_new (const char *, n);
  for (guint i = 0; i < n; i++)
    all_ids[i] = ((BgElement *) g_ptr_array_index (elements, i))->id;
  g_assert_true (bg_model_remove_elements (model, all_ids, n, NULL));
  g_free (all_ids);
  g_assert_cmpuint (elements->len, ==, 0);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 0);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (elements->len, ==, n);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, n - 1);
  ASSERT_PORTS (model, "J1", "p1=b2 p2=b3 p3=b5");
  g_assert_true (bg_model_redo (model));
  g_assert_true (bg_model_undo (model));
  g_test_message ("remove all, undo, redo, undo: %.3f s", g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  g_assert_finalize_object (model);
  g_test_message ("free: %.3f s", g_timer_elapsed (timer, NULL));
}

/* Recomputes every element's bond list from the bond list itself and
 * compares it with the model's cached answer, slots included. */
static void
check_adjacency (BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      GPtrArray *got = bg_model_get_element_bonds (model, el);
      g_autoptr (GPtrArray) expected = g_ptr_array_new ();

      g_assert_true (bg_model_find_element (model, el->id) == el);
      if (!el->spec->variable_ports)
        g_ptr_array_set_size (expected, el->spec->n_ports);
      for (guint b = 0; b < bonds->len; b++)
        {
          BgBond *bond = g_ptr_array_index (bonds, b);

          for (int end = 0; end < 2; end++)
            {
              BgElement *at = end ? bond->to : bond->from;
              int port = end ? bond->to_port : bond->from_port;

              if (at != el)
                continue;
              if (port < 0)
                g_ptr_array_add (expected, bond);
              else
                {
                  g_assert_null (expected->pdata[port]);
                  expected->pdata[port] = bond;
                }
            }
        }
      g_assert_cmpuint (got->len, ==, expected->len);
      for (guint k = 0; k < got->len; k++)
        {
          BgBond *bond = g_ptr_array_index (got, k);

          g_assert_true (bond == expected->pdata[k]);
          if (bond != NULL)
            g_assert_cmpuint (bg_model_get_bond_slot (model, bond, bond->to == el), ==, k);
        }
    }
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);

      g_assert_true (bg_model_find_bond (model, bond->id) == bond);
      g_assert_true (bg_model_find_element (model, bond->from->id) == bond->from);
      g_assert_true (bg_model_find_element (model, bond->to->id) == bond->to);
    }
}

static const char *
random_element_id (BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);

  if (elements->len == 0)
    return NULL;
  return ((BgElement *) g_ptr_array_index (elements,
                                           g_test_rand_int_range (0, elements->len)))->id;
}

static const char *
random_bond_id (BgModel *model)
{
  GPtrArray *bonds = bg_model_get_bonds (model);

  if (bonds->len == 0)
    return NULL;
  return ((BgBond *) g_ptr_array_index (bonds, g_test_rand_int_range (0, bonds->len)))->id;
}

/* "EL" or, for a multiport, "EL.PORT" with a random port. */
static char *
random_end (BgModel *model)
{
  const char *id = random_element_id (model);
  BgElement *el;

  if (id == NULL)
    return NULL;
  el = bg_model_find_element (model, id);
  if (el->spec->n_ports > 1)
    return g_strdup_printf ("%s.%s", id,
                            el->spec->ports[g_test_rand_int_range (0, el->spec->n_ports)].name);
  return g_strdup (id);
}

/* Random edits, undos and redos with reads in between: the cached lists,
 * slots and id tables always agree with a recomputation, and undoing
 * everything gives back the empty model. Reproducible with --seed. */
static void
test_random_edits (void)
{
  BgModel *model = bg_model_new ();
  static const char *const types[] = { "0", "1", "R", "C", "TF", "0", "1", "Se" };
  g_autofree char *empty = bg_test_model_snapshot (model);
  guint n_rounds = g_test_slow () ? 20000 : 3000;

  for (guint round = 0; round < n_rounds; round++)
    {
      int what = g_test_rand_int_range (0, 100);

      if (what < 25)
        bg_test_add_element (model, types[g_test_rand_int_range (0, G_N_ELEMENTS (types))],
                             BG_DOMAIN_ELECTRICAL, NULL);
      else if (what < 55)
        {
          g_autofree char *from = random_end (model);
          g_autofree char *to = random_end (model);

          if (from != NULL && to != NULL
              && bg_model_can_connect (model, from, to, NULL))
            bg_test_connect (model, from, to);
        }
      else if (what < 62)
        {
          const char *ids[2] = { random_element_id (model), random_element_id (model) };

          if (ids[0] != NULL)
            g_assert_true (bg_model_remove_elements (model, ids, 2, NULL));
        }
      else if (what < 69)
        {
          const char *ids[1] = { random_bond_id (model) };

          if (ids[0] != NULL)
            g_assert_true (bg_model_remove_bonds (model, ids, 1, NULL));
        }
      else if (what < 74)
        {
          const char *id = random_bond_id (model);

          if (id != NULL)
            g_assert_true (bg_model_flip_bond_direction (model, id, NULL));
        }
      else if (what < 77)
        {
          const char *id = random_element_id (model);
          g_autofree char *new_id = g_strdup_printf ("x%u", round);

          if (id != NULL)
            g_assert_true (bg_model_rename_element (model, id, new_id, NULL));
        }
      else if (what < 90)
        bg_model_undo (model);
      else
        bg_model_redo (model);

      /* Read sometimes, so both the cached and the rebuilt paths run. */
      if (g_test_rand_int_range (0, 3) == 0)
        check_adjacency (model);
    }
  check_adjacency (model);
  g_test_message ("%u elements, %u bonds after %u rounds",
                  bg_model_get_elements (model)->len, bg_model_get_bonds (model)->len,
                  n_rounds);

  while (bg_model_undo (model))
    if (g_test_rand_int_range (0, 4) == 0)
      check_adjacency (model);
  {
    g_autofree char *now = bg_test_model_snapshot (model);

    g_assert_cmpstr (now, ==, empty);
  }
  g_assert_finalize_object (model);
}

/* One junction with 50 000 bonds: port names and slots stay O(1) each, and
 * removing the first bond renumbers all the others. */
static void
test_star (void)
{
  BgModel *model = bg_model_new ();
  const guint n = 50000;
  g_autoptr (GTimer) timer = g_timer_new ();
  GPtrArray *bonds;
  const char *first[] = { "b1" };
  char id[32];

  bg_model_begin_group (model, "star");
  bg_test_add_element (model, "0", BG_DOMAIN_HYDRAULIC, "J");
  for (guint i = 0; i < n; i++)
    {
      g_snprintf (id, sizeof id, "C%u", i);
      bg_test_add_element (model, "C", BG_DOMAIN_HYDRAULIC, id);
      bg_test_connect (model, "J", id);
    }
  bg_model_end_group (model);

  bonds = bg_model_get_bonds (model);
  for (guint pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < bonds->len; i++)
        {
          BgBond *b = g_ptr_array_index (bonds, i);
          g_autofree char *name = bg_model_dup_port_name (model, b, FALSE);
          g_autofree char *expected = g_strdup_printf ("p%u", i + 1);

          g_assert_cmpstr (name, ==, expected);
          g_assert_cmpuint (bg_model_get_bond_slot (model, b, TRUE), ==, 0);
        }
      g_assert_true (bg_model_remove_bonds (model, first, pass == 0 ? 1 : 0, NULL));
    }
  g_assert_cmpuint (bonds->len, ==, n - 1);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (bg_model_get_bond_slot (model, g_ptr_array_index (bonds, n - 1),
                                            FALSE), ==, n - 1);
  g_test_message ("star of %u bonds: %.3f s", n, g_timer_elapsed (timer, NULL));
  g_assert_finalize_object (model);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/model/new", test_new);
  g_test_add_func ("/core/model/id-validity", test_id_validity);
  g_test_add_func ("/core/model/make-ids", test_make_ids);
  g_test_add_func ("/core/model/add-element", test_add_element);
  g_test_add_func ("/core/model/connect", test_connect);
  g_test_add_func ("/core/model/junction-ports", test_junction_ports);
  g_test_add_func ("/core/model/remove-elements", test_remove_elements);
  g_test_add_func ("/core/model/remove-bonds", test_remove_bonds);
  g_test_add_func ("/core/model/random-edits", test_random_edits);
  g_test_add_func ("/core/model/limit", test_limit);
  g_test_add_func ("/core/model/bulk", test_bulk);
  g_test_add_func ("/core/model/star", test_star);

  return g_test_run ();
}
