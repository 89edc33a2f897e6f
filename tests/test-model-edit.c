/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-model-edit.c — BgModel's undoable edits and their history.
 *
 * Owns: tests of bg-model.c through its public API for changing what is
 * there and taking it back: parameters and their checks, element fields
 * (position, id, label, rotation), arrows and bond direction, document
 * settings and name, the view JSON, "changed" and notify:: emissions,
 * undo/redo, groups (recorded and not), the lifetime of what history holds,
 * and handlers that edit the model. Must not: load files or simulate (one
 * analysis checks that a view change leaves it current); ids, bonds and
 * ports are test-model.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib-object.h>

#include "bg-causality.h"
#include "bg-model.h"
#include "bg-test-model.h"

static void
test_params (void)
{
  BgModel *model = bg_model_new ();
  BgElement *cyl, *r, *se, *pump;
  BgParamValue value = { 0 };
  GError *error = NULL;
  BgTestCounts counts;

  r = bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  cyl = bg_test_add_element (model, "CylinderDA", BG_DOMAIN_NONE, "CYL");
  se = bg_test_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U");
  pump = bg_test_add_element (model, "PumpCurve", BG_DOMAIN_NONE, "PUMP");
  bg_test_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_watch_model (model, &counts);

  g_assert_true (bg_model_set_param_number (model, "R1", "value", 470, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (r->params[0].number, ==, 470);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change R1.value");
  g_assert_cmpuint (counts.changed, ==, 1);
  /* The same value again is no step. */
  g_assert_true (bg_model_set_param_number (model, "R1", "value", 470, &error));
  g_assert_cmpuint (counts.changed, ==, 1);

  g_assert_false (bg_model_set_param_number (model, "R1", "value", 0, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "R1.value: must be > 0");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "R1", "value", INFINITY, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "R1.value: must be finite");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "R1", "resistance", 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM,
                              "R1 has no parameter “resistance”; its parameters are value");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "J", "value", 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "J has no parameters");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "R9", "value", 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no element “R9”");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "U", "time", -1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "U.time: must be ≥ 0");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "U", "waveform", 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "U.waveform: must be one of constant, step, ramp, sine, pulse, table");
  g_clear_error (&error);

  /* Choices */
  value.kind = BG_PARAM_CHOICE;
  value.choice = (char *) "square";
  g_assert_false (bg_model_set_param (model, "U", "waveform", &value, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "U.waveform: must be one of constant, step, ramp, sine, pulse, table");
  g_clear_error (&error);
  value.choice = (char *) "step";
  g_assert_true (bg_model_set_param (model, "U", "waveform", &value, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (se->params[0].choice, ==, "step");
  g_assert_true (se->params[0].choice != value.choice);

  /* Cross-parameter checks name the element. */
  g_assert_false (bg_model_set_param_number (model, "CYL", "d", 0.06, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM,
                              "CYL: rod diameter d = 0.06 m must be smaller than piston diameter D = 0.05 m");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "CYL", "x0", 0.3, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM,
                              "CYL: initial position x0 = 0.3 m must lie strictly between 0 and the "
                              "stroke L = 0.3 m");
  g_clear_error (&error);
  g_assert_false (bg_model_set_param_number (model, "CYL", "D", 0.02, &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM);
  g_clear_error (&error);

  /* Together, D and d may move past each other. */
  {
    const char *names[] = { "D", "d" };
    BgParamValue values[] = {
      { .kind = BG_PARAM_NUMBER, .number = 0.02 },
      { .kind = BG_PARAM_NUMBER, .number = 0.01 },
    };
    guint before = counts.changed;

    g_assert_true (bg_model_set_params (model, "CYL", names, values, 2, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat (cyl->params[0].number, ==, 0.02);
    g_assert_cmpfloat (cyl->params[1].number, ==, 0.01);
    g_assert_cmpuint (counts.changed, ==, before + 1);
    g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change the parameters of CYL");
    g_assert_true (bg_model_undo (model));
    g_assert_cmpfloat (cyl->params[0].number, ==, 0.05);
    g_assert_cmpfloat (cyl->params[1].number, ==, 0.025);

    values[1].number = 0.03;
    g_assert_false (bg_model_set_params (model, "CYL", names, values, 2, &error));
    g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM);
    g_clear_error (&error);
    g_assert_cmpfloat (cyl->params[0].number, ==, 0.05);
  }

  /* Tables */
  {
    static const double bad[] = { 0, 1e-4, 1e7, 2e-4 };
    static const double good[] = { 0, 2e-4, 1e7, 0 };

    value.kind = BG_PARAM_TABLE;
    value.choice = NULL;
    value.table = g_array_new (FALSE, FALSE, sizeof (double));
    g_array_append_vals (value.table, bad, 4);
    g_assert_false (bg_model_set_param (model, "PUMP", "table", &value, &error));
    bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM,
                                "PUMP: row 2: flow Q must not increase with pressure rise");
    g_clear_error (&error);
    g_array_set_size (value.table, 0);
    g_array_append_vals (value.table, good, 4);
    g_assert_true (bg_model_set_param (model, "PUMP", "table", &value, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (pump->params[0].table->len, ==, 4);
    g_assert_true (pump->params[0].table != value.table);
    g_assert_true (bg_model_undo (model));
    g_assert_cmpuint (pump->params[0].table->len, ==, 6);
    g_array_unref (value.table);
  }

  g_assert_finalize_object (model);
}

static void
test_element_fields (void)
{
  BgModel *model = bg_model_new ();
  const char *both[] = { "R1", "C1", "R1" };
  const char *unknown[] = { "R1", "X" };
  BgElement *r, *c;
  GError *error = NULL;
  BgTestCounts counts;

  r = bg_test_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, "R1");
  c = bg_test_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, "C1");
  bg_test_add_element (model, "1", BG_DOMAIN_TRANSLATIONAL, "J");
  bg_test_connect (model, "J", "R1");
  bg_test_watch_model (model, &counts);

  /* move */
  g_assert_true (bg_model_move_elements (model, both, 3, 10, -5, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (r->x, ==, 10);
  g_assert_cmpfloat (r->y, ==, -5);
  g_assert_cmpfloat (c->x, ==, 10);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Move 2 elements");
  g_assert_true (bg_model_move_elements (model, both, 1, 1, 1, &error));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Move R1");
  g_assert_cmpuint (counts.changed, ==, 2);
  g_assert_true (bg_model_move_elements (model, both, 2, 0, 0, &error));
  g_assert_cmpuint (counts.changed, ==, 2);
  g_assert_false (bg_model_move_elements (model, unknown, 2, 1, 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no element “X”");
  g_clear_error (&error);
  g_assert_false (bg_model_move_elements (model, both, 2, INFINITY, 1, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "The position of an element must be finite");
  g_clear_error (&error);
  g_assert_cmpfloat (r->x, ==, 11);
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  g_assert_cmpfloat (r->x, ==, 0);
  g_assert_cmpfloat (c->y, ==, 0);

  /* rename */
  g_assert_true (bg_model_rename_element (model, "R1", "damper", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (r->id, ==, "damper");
  g_assert_true (bg_model_find_element (model, "damper") == r);
  g_assert_null (bg_model_find_element (model, "R1"));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Rename R1 to damper");
  /* bond ends follow */
  g_assert_true (bg_model_can_connect (model, "J", "C1", NULL));
  g_assert_false (bg_model_can_connect (model, "J", "damper", NULL));
  g_assert_false (bg_model_rename_element (model, "damper", "C1", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “C1” is already used by an element");
  g_clear_error (&error);
  g_assert_false (bg_model_rename_element (model, "damper", "b1", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The id “b1” is already used by a bond");
  g_clear_error (&error);
  g_assert_false (bg_model_rename_element (model, "damper", "9", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID);
  g_clear_error (&error);
  g_assert_false (bg_model_rename_element (model, "R1", "R2", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no element “R1”");
  g_clear_error (&error);
  g_assert_true (bg_model_rename_element (model, "damper", "damper", &error));
  g_assert_true (bg_model_undo (model));
  g_assert_cmpstr (r->id, ==, "R1");
  g_assert_true (bg_model_find_element (model, "R1") == r);
  g_assert_null (bg_model_find_element (model, "damper"));

  /* label */
  g_assert_true (bg_model_set_label (model, "C1", "spring", &error));
  g_assert_cmpstr (c->label, ==, "spring");
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change the label of C1");
  g_assert_true (bg_model_set_label (model, "C1", "", &error));
  g_assert_null (c->label);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpstr (c->label, ==, "spring");
  g_assert_true (bg_model_set_label (model, "C1", NULL, &error));
  g_assert_null (c->label);
  g_assert_false (bg_model_set_label (model, "C1", "\xff", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM, "The label of C1 is not valid UTF-8");
  g_clear_error (&error);
  g_assert_false (bg_model_set_label (model, "Q", "x", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no element “Q”");
  g_clear_error (&error);

  /* rotation */
  g_assert_true (bg_model_set_rotation (model, "C1", 270, &error));
  g_assert_cmpint (c->rotation, ==, 270);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Rotate C1");
  g_assert_false (bg_model_set_rotation (model, "C1", 45, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_PARAM,
                              "C1: rotation must be 0, 90, 180 or 270 degrees, not 45");
  g_clear_error (&error);
  g_assert_false (bg_model_set_rotation (model, "C1", 360, &error));
  g_clear_error (&error);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpint (c->rotation, ==, 0);

  g_assert_finalize_object (model);
}

static void
test_arrow_and_flip (void)
{
  BgModel *model = bg_model_new ();
  BgElement *j, *tf;
  BgBond *b;
  GError *error = NULL;

  j = bg_test_add_element (model, "1", BG_DOMAIN_HYDRAULIC, "J");
  tf = bg_test_add_element (model, "TF", BG_DOMAIN_HYDRAULIC, "T");
  b = bg_test_connect (model, "J", "T.P");

  g_assert_true (bg_model_reverse_arrow (model, "b1", &error));
  g_assert_no_error (error);
  g_assert_cmpint (b->arrow, ==, BG_ARROW_REVERSED);
  g_assert_true (b->from == j);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Reverse the arrow of b1");
  g_assert_true (bg_model_undo (model));
  g_assert_cmpint (b->arrow, ==, BG_ARROW_FORWARD);

  /* Flip swaps the ends and keeps the half-arrow at T. */
  g_assert_true (bg_model_flip_bond_direction (model, "b1", &error));
  g_assert_no_error (error);
  g_assert_true (b->from == tf);
  g_assert_cmpint (b->from_port, ==, 0);
  g_assert_true (b->to == j);
  g_assert_cmpint (b->to_port, ==, -1);
  g_assert_cmpint (b->arrow, ==, BG_ARROW_REVERSED);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Flip the direction of b1");
  {
    g_autofree char *from_port = bg_model_dup_port_name (model, b, FALSE);
    g_autofree char *to_port = bg_model_dup_port_name (model, b, TRUE);

    g_assert_cmpstr (from_port, ==, "P");
    g_assert_cmpstr (to_port, ==, "p1");
  }
  /* The port slot of T still holds the bond. */
  g_assert_false (bg_model_can_connect (model, "T.P", "J", NULL));
  g_assert_true (bg_model_flip_bond_direction (model, "b1", &error));
  g_assert_true (b->from == j);
  g_assert_cmpint (b->arrow, ==, BG_ARROW_FORWARD);
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  g_assert_true (b->from == j);
  g_assert_cmpint (b->from_port, ==, -1);
  g_assert_cmpint (b->to_port, ==, 0);
  g_assert_cmpint (b->arrow, ==, BG_ARROW_FORWARD);

  g_assert_false (bg_model_reverse_arrow (model, "b9", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no bond “b9”");
  g_clear_error (&error);
  g_assert_false (bg_model_flip_bond_direction (model, "J", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_NOT_FOUND, "no bond “J”");
  g_clear_error (&error);

  g_assert_finalize_object (model);
}

static void
test_document_settings (void)
{
  BgModel *model = bg_model_new ();
  BgSimSettings settings;
  GError *error = NULL;
  BgTestCounts counts;

  bg_test_watch_model (model, &counts);

  bg_sim_settings_init_default (&settings);
  settings.t_end = 5;
  settings.output_step = 0.01;
  settings.atol = 1e-9;
  g_assert_true (bg_model_set_simulation (model, &settings, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 5);
  g_assert_cmpfloat (bg_model_get_simulation (model)->atol, ==, 1e-9);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change the simulation settings");
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_true (bg_model_set_simulation (model, &settings, &error));
  g_assert_cmpuint (counts.changed, ==, 1);

#define REFUSE_SETTING(FIELD, VALUE, MESSAGE)                                 \
  G_STMT_START {                                                              \
    BgSimSettings bad = settings;                                             \
    bad.FIELD = VALUE;                                                        \
    g_assert_false (bg_model_set_simulation (model, &bad, &error));           \
    bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_SETTINGS, MESSAGE); \
    g_clear_error (&error);                                                   \
  } G_STMT_END

  REFUSE_SETTING (t_end, 0, "simulation.t_end: must be > 0");
  REFUSE_SETTING (t_end, NAN, "simulation.t_end: must be finite");
  REFUSE_SETTING (output_step, -1,
                  "simulation.output_step: must be > 0, or 0 for t_end / 1000");
  REFUSE_SETTING (output_step, 1e-12,
                  "simulation.output_step: too small: more than 10000000 output rows up to t_end");
  REFUSE_SETTING (rtol, 0, "simulation.rtol: must be > 0 and < 1");
  REFUSE_SETTING (rtol, 1, "simulation.rtol: must be > 0 and < 1");
  REFUSE_SETTING (atol, -1e-9, "simulation.atol: must be ≥ 0 (0 scales it per state)");
  REFUSE_SETTING (atol, INFINITY, "simulation.atol: must be finite");
#undef REFUSE_SETTING
  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 5);

  g_assert_true (bg_model_undo (model));
  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 1);
  g_assert_true (bg_model_redo (model));
  g_assert_cmpfloat (bg_model_get_simulation (model)->output_step, ==, 0.01);

  /* name: property, notify on real change, undoable */
  g_assert_true (bg_model_set_name (model, "RC charging", &error));
  g_assert_cmpstr (bg_model_get_name (model), ==, "RC charging");
  g_assert_cmpuint (counts.name, ==, 1);
  g_assert_true (bg_model_set_name (model, "RC charging", &error));
  g_assert_cmpuint (counts.name, ==, 1);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Rename the model");
  g_assert_false (bg_model_set_name (model, "\xc3", &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_SETTINGS, "The model name is not valid UTF-8");
  g_clear_error (&error);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpstr (bg_model_get_name (model), ==, "");
  g_assert_cmpuint (counts.name, ==, 2);
  g_object_set (model, "name", "Lever", NULL);
  g_assert_cmpstr (bg_model_get_name (model), ==, "Lever");
  g_assert_cmpuint (counts.name, ==, 3);
  g_object_set (model, "name", "Lever", NULL);
  g_assert_cmpuint (counts.name, ==, 3);
  {
    g_autofree char *name = NULL;

    g_object_get (model, "name", &name, NULL);
    g_assert_cmpstr (name, ==, "Lever");
  }
  g_assert_true (bg_model_set_name (model, NULL, &error));
  g_assert_cmpstr (bg_model_get_name (model), ==, "");

  /* view: plain data, no step */
  {
    guint64 revision = bg_model_get_revision (model);
    guint changed = counts.changed;

    bg_model_set_view_json (model, "{\"zoom\": 2}");
    g_assert_cmpstr (bg_model_get_view_json (model), ==, "{\"zoom\": 2}");
    bg_model_set_view_json (model, NULL);
    g_assert_null (bg_model_get_view_json (model));
    bg_model_set_view_json (model, "{}");
    g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
    g_assert_cmpuint (counts.changed, ==, changed);
  }

  g_assert_finalize_object (model);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* The view JSON is saved with the file but is no edit: "view-changed" once
 * per real change and its own revision; "changed", the revision, the
 * history and an analysis made before all stay as they were. */
static void
test_view_changed (void)
{
  BgModel *model = bg_model_new ();
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(GError) error = NULL;
  guint64 revision, view_revision;
  guint view_changed = 0;
  BgTestCounts counts;

  bg_test_watch_model (model, &counts);
  g_signal_connect_swapped (model, "view-changed", G_CALLBACK (count_cb), &view_changed);
  g_assert_cmpuint (bg_model_get_view_revision (model), ==, 0);
  bg_test_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, NULL);
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, NULL);
  g_assert_nonnull (bg_model_connect (model, "Se1", "C1", NULL, &error));
  g_assert_no_error (error);
  causality = bg_causality_analyze (model);
  revision = bg_model_get_revision (model);
  g_assert_cmpuint (bg_causality_get_revision (causality), ==, revision);
  g_assert_cmpuint (counts.changed, ==, 3);

  bg_model_set_view_json (model, "{\"plots\": {\"vars\": [\"C1.e\"]}}");
  g_assert_cmpuint (view_changed, ==, 1);
  g_assert_cmpuint (bg_model_get_view_revision (model), ==, 1);
  /* the same text again: no change */
  bg_model_set_view_json (model, "{\"plots\": {\"vars\": [\"C1.e\"]}}");
  g_assert_cmpuint (view_changed, ==, 1);
  g_assert_cmpuint (bg_model_get_view_revision (model), ==, 1);
  bg_model_set_view_json (model, "{\"plots\": {\"vars\": [\"C1.e\", \"b1.f\"]}}");
  g_assert_cmpuint (view_changed, ==, 2);
  bg_model_set_view_json (model, NULL);
  g_assert_null (bg_model_get_view_json (model));
  g_assert_cmpuint (view_changed, ==, 3);
  bg_model_set_view_json (model, NULL);
  g_assert_cmpuint (view_changed, ==, 3);
  view_revision = bg_model_get_view_revision (model);
  g_assert_cmpuint (view_revision, ==, 3);

  /* no edit: the analysis made before is still the current one */
  g_assert_cmpuint (counts.changed, ==, 3);
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_cmpuint (bg_causality_get_revision (causality), ==, bg_model_get_revision (model));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Connect Se1 to C1");

  /* and an edit leaves the view revision */
  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision + 1);
  g_assert_cmpuint (bg_model_get_view_revision (model), ==, view_revision);
  g_assert_cmpuint (view_changed, ==, 3);

  g_assert_finalize_object (model);
}

static void
test_signals_and_history (void)
{
  BgModel *model = bg_model_new ();
  gboolean can_undo = TRUE;
  BgTestCounts counts;

  bg_test_watch_model (model, &counts);

  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (counts.can_redo, ==, 0);
  g_assert_cmpuint (bg_model_get_revision (model), ==, 1);
  g_object_get (model, "can-undo", &can_undo, NULL);
  g_assert_true (can_undo);

  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, NULL);
  g_assert_cmpuint (counts.changed, ==, 2);
  g_assert_cmpuint (counts.can_undo, ==, 1);   /* still TRUE: no notify */
  g_assert_cmpuint (bg_model_get_revision (model), ==, 2);

  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (counts.changed, ==, 3);
  g_assert_cmpuint (counts.can_redo, ==, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpstr (bg_model_get_redo_label (model), ==, "Add C1");
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Add R1");
  g_assert_cmpuint (bg_model_get_revision (model), ==, 3);

  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (counts.can_undo, ==, 2);
  g_assert_false (bg_model_can_undo (model));
  g_assert_false (bg_model_undo (model));
  g_assert_cmpuint (counts.changed, ==, 4);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 0);

  g_assert_true (bg_model_redo (model));
  g_assert_cmpuint (counts.can_undo, ==, 3);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 1);

  /* A new edit drops the redo branch. */
  bg_test_add_element (model, "I", BG_DOMAIN_ELECTRICAL, NULL);
  g_assert_false (bg_model_can_redo (model));
  g_assert_cmpuint (counts.can_redo, ==, 2);
  g_assert_null (bg_model_find_element (model, "C1"));

  /* Refused edits emit nothing. */
  g_assert_null (bg_model_add_element (model, "X", BG_DOMAIN_ELECTRICAL, NULL, 0, 0, NULL));
  g_assert_cmpuint (counts.changed, ==, 6);

  bg_model_clear_history (model);
  g_assert_false (bg_model_can_undo (model));
  g_assert_cmpuint (counts.can_undo, ==, 4);
  g_assert_cmpuint (counts.changed, ==, 6);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 2);
  bg_model_clear_history (model);
  g_assert_cmpuint (counts.can_undo, ==, 4);

  g_assert_finalize_object (model);
}

static void
test_groups (void)
{
  BgModel *model = bg_model_new ();
  g_autofree char *empty = bg_test_model_snapshot (model);
  g_autofree char *full = NULL;
  g_autofree char *now = NULL;
  BgTestCounts counts;

  bg_test_watch_model (model, &counts);

  bg_model_begin_group (model, "Insert RC");
  bg_test_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U");
  bg_test_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "J");
  bg_model_begin_group (model, "inner");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1");
  bg_model_end_group (model);
  g_assert_cmpuint (counts.changed, ==, 0);
  bg_test_connect (model, "U", "J");
  bg_test_connect (model, "J", "R1");
  bg_test_connect (model, "J", "C1");
  g_assert_true (bg_model_set_param_number (model, "C1", "value", 2e-3, NULL));
  /* A refused edit inside a group leaves the group going. */
  g_assert_null (bg_model_connect (model, "J", "C1", NULL, NULL));
  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_false (bg_model_can_undo (model));
  bg_model_end_group (model);

  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (bg_model_get_revision (model), ==, 1);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Insert RC");
  full = bg_test_model_snapshot (model);

  g_assert_true (bg_model_undo (model));
  now = bg_test_model_snapshot (model);
  g_assert_cmpstr (now, ==, empty);
  g_assert_false (bg_model_can_undo (model));
  g_assert_true (bg_model_redo (model));
  g_free (now);
  now = bg_test_model_snapshot (model);
  g_assert_cmpstr (now, ==, full);
  g_assert_cmpuint (counts.changed, ==, 3);

  /* An empty group is no step. */
  bg_model_begin_group (model, "nothing");
  g_assert_true (bg_model_set_param_number (model, "C1", "value", 2e-3, NULL));
  bg_model_end_group (model);
  g_assert_cmpuint (counts.changed, ==, 3);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Insert RC");

  g_assert_finalize_object (model);
}

/* A group without recording (filling a model from a file): the same model
 * as a recorded group builds, one "changed" and one revision, nothing to
 * undo, and the earlier history cleared; removals inside it free what they
 * remove. */
static void
test_unrecorded_group (void)
{
  BgModel *recorded = bg_model_new ();
  BgModel *model = bg_model_new ();
  g_autofree char *want = NULL;
  g_autofree char *got = NULL;
  const char *rm[] = { "X" };
  BgTestCounts counts;

  bg_model_begin_group (recorded, "Insert RC");
  bg_test_add_element (recorded, "Se", BG_DOMAIN_ELECTRICAL, "U");
  bg_test_add_element (recorded, "1", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (recorded, "C", BG_DOMAIN_ELECTRICAL, "C1");
  bg_test_connect (recorded, "U", "J");
  bg_test_connect (recorded, "J", "C1");
  g_assert_true (bg_model_set_param_number (recorded, "C1", "value", 2e-3, NULL));
  bg_model_end_group (recorded);
  want = bg_test_model_snapshot (recorded);

  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "X");   /* history to be cleared */
  g_assert_true (bg_model_can_undo (model));
  bg_test_watch_model (model, &counts);
  bg_model_begin_unrecorded (model);
  g_assert_true (bg_model_remove_elements (model, rm, 1, NULL));
  bg_test_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U");
  bg_test_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1");
  bg_test_connect (model, "U", "J");
  bg_test_connect (model, "J", "C1");
  g_assert_true (bg_model_set_param_number (model, "C1", "value", 2e-3, NULL));
  g_assert_cmpuint (counts.changed, ==, 0);
  bg_model_end_group (model);

  got = bg_test_model_snapshot (model);
  g_assert_cmpstr (got, ==, want);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.can_undo, ==, 1);
  g_assert_cmpuint (bg_model_get_revision (model), ==, 2);
  g_assert_false (bg_model_can_undo (model));
  g_assert_false (bg_model_undo (model));

  /* Recording goes on as before afterwards. */
  g_assert_true (bg_model_set_param_number (model, "C1", "value", 3e-3, NULL));
  g_assert_true (bg_model_can_undo (model));
  g_assert_true (bg_model_undo (model));
  g_free (got);
  got = bg_test_model_snapshot (model);
  g_assert_cmpstr (got, ==, want);

  /* An unrecorded group that changes nothing is no change. */
  bg_model_begin_unrecorded (model);
  bg_model_end_group (model);
  g_assert_cmpuint (counts.changed, ==, 3);
  g_assert_cmpuint (bg_model_get_revision (model), ==, 4);

  g_assert_finalize_object (recorded);
  g_assert_finalize_object (model);
}

/* Many mixed edits, then undo everything and redo everything: each state on
 * the way back matches the one recorded on the way forward. */
static void
test_undo_redo_all (void)
{
  BgModel *model = bg_model_new ();
  GPtrArray *states = g_ptr_array_new_with_free_func (g_free);
  const char *rm_j[] = { "J" };
  const char *rm_b[] = { "b4" };
  const char *mv[] = { "CYL", "LOAD" };
  BgSimSettings settings;
  guint n_steps;

#define STEP(call)                                            \
  G_STMT_START {                                              \
    g_ptr_array_add (states, bg_test_model_snapshot (model)); \
    g_assert_true (call);                                     \
  } G_STMT_END

  STEP (bg_model_add_element (model, "CylinderDA", 0, "CYL", 0, 0, NULL) != NULL);
  STEP (bg_model_add_element (model, "MechanicalLoad", 0, "LOAD", 50, 0, NULL) != NULL);
  STEP (bg_model_add_element (model, "0", BG_DOMAIN_HYDRAULIC, "J", 0, 50, NULL) != NULL);
  STEP (bg_model_add_element (model, "Se", BG_DOMAIN_HYDRAULIC, "P", 0, 90, NULL) != NULL);
  STEP (bg_model_add_element (model, "GasAccumulator", 0, "ACC", 9, 9, NULL) != NULL);
  STEP (bg_model_connect (model, "P", "J", NULL, NULL) != NULL);
  STEP (bg_model_connect (model, "J", "CYL.A", NULL, NULL) != NULL);
  STEP (bg_model_connect (model, "CYL.M", "LOAD", NULL, NULL) != NULL);
  STEP (bg_model_connect (model, "J", "ACC", NULL, NULL) != NULL);
  STEP (bg_model_set_param_number (model, "LOAD", "mass", 25, NULL));
  STEP (bg_model_set_label (model, "CYL", "boom", NULL));
  STEP (bg_model_move_elements (model, mv, 2, 3, 4, NULL));
  STEP (bg_model_rename_element (model, "P", "supply", NULL));
  STEP (bg_model_reverse_arrow (model, "b2", NULL));
  STEP (bg_model_flip_bond_direction (model, "b3", NULL));
  STEP (bg_model_set_rotation (model, "ACC", 90, NULL));
  STEP (bg_model_remove_bonds (model, rm_b, 1, NULL));
  STEP (bg_model_remove_elements (model, rm_j, 1, NULL));
  bg_sim_settings_init_default (&settings);
  settings.t_end = 2;
  STEP (bg_model_set_simulation (model, &settings, NULL));
  STEP (bg_model_set_name (model, "Boom", NULL));
#undef STEP
  g_ptr_array_add (states, bg_test_model_snapshot (model));
  n_steps = states->len - 1;

  for (guint i = n_steps; i-- > 0;)
    {
      g_autofree char *now = NULL;

      g_assert_true (bg_model_undo (model));
      now = bg_test_model_snapshot (model);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
    }
  g_assert_false (bg_model_can_undo (model));
  for (guint i = 1; i <= n_steps; i++)
    {
      g_autofree char *now = NULL;

      g_assert_true (bg_model_redo (model));
      now = bg_test_model_snapshot (model);
      g_assert_cmpstr (now, ==, g_ptr_array_index (states, i));
    }
  g_assert_false (bg_model_can_redo (model));

  g_ptr_array_unref (states);
  g_assert_finalize_object (model);
}

/* Element pointers stay valid until removal; a removed element comes back
 * equal after undo, and history holding removed items frees them. */
static void
test_history_lifetime (void)
{
  BgModel *model = bg_model_new ();
  const char *ids[] = { "R1" };

  bg_test_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J");
  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  bg_test_connect (model, "J", "R1");
  g_assert_true (bg_model_set_param_number (model, "R1", "value", 5, NULL));
  g_assert_true (bg_model_remove_elements (model, ids, 1, NULL));
  g_assert_true (bg_model_undo (model));
  g_assert_cmpfloat (bg_model_find_element (model, "R1")->params[0].number, ==, 5);
  g_assert_true (bg_model_redo (model));
  /* Drop the redo branch holding nothing, then the history holding R1. */
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1");
  bg_model_clear_history (model);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 3);
  g_assert_finalize_object (model);
}

/* Handlers may edit the model: notifications come after the step is done. */
static void
name_changed_cb (BgModel    *model,
                 GParamSpec *pspec,
                 guint      *calls)
{
  (*calls)++;
  if (*calls == 1)
    g_assert_true (bg_model_set_label (model, "R1", bg_model_get_name (model), NULL));
}

static void
first_change_cb (BgModel *model,
                 guint   *calls)
{
  (*calls)++;
  if (bg_model_find_element (model, "C1") == NULL)
    bg_test_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1");
}

static void
test_reentrant_handlers (void)
{
  BgModel *model = bg_model_new ();
  guint name_calls = 0, changed_calls = 0;

  bg_test_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1");
  g_signal_connect (model, "notify::name", G_CALLBACK (name_changed_cb), &name_calls);
  g_assert_true (bg_model_set_name (model, "Divider", NULL));
  g_assert_cmpuint (name_calls, ==, 1);
  g_assert_cmpstr (bg_model_find_element (model, "R1")->label, ==, "Divider");
  /* The handler's edit is a step of its own, after the rename. */
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change the label of R1");

  bg_model_begin_group (model, "group");
  g_assert_true (bg_model_set_name (model, "Bridge", NULL));
  g_assert_cmpuint (name_calls, ==, 1);   /* held until the group ends */
  bg_model_end_group (model);
  g_assert_cmpuint (name_calls, ==, 2);

  g_signal_connect (model, "changed", G_CALLBACK (first_change_cb), &changed_calls);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (changed_calls, ==, 2);   /* the undo, then the handler's add */
  g_assert_nonnull (bg_model_find_element (model, "C1"));
  g_assert_cmpstr (bg_model_get_name (model), ==, "Divider");
  g_assert_cmpuint (name_calls, ==, 3);

  g_assert_finalize_object (model);
}

/* A Port at the top level is refused as the loader refuses it (the edit
 * fuzzer saved such a model, which then did not open), and the model is
 * left as it was. */
static void
test_port_outside_definition (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;

  g_assert_null (bg_model_add_element (model, "Port", BG_DOMAIN_ELECTRICAL, "A", 0, 0, &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 0);
  g_assert_false (bg_model_can_undo (model));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/model/params", test_params);
  g_test_add_func ("/core/model/element-fields", test_element_fields);
  g_test_add_func ("/core/model/arrow-and-flip", test_arrow_and_flip);
  g_test_add_func ("/core/model/document-settings", test_document_settings);
  g_test_add_func ("/core/model/view-changed", test_view_changed);
  g_test_add_func ("/core/model/signals-and-history", test_signals_and_history);
  g_test_add_func ("/core/model/groups", test_groups);
  g_test_add_func ("/core/model/unrecorded-group", test_unrecorded_group);
  g_test_add_func ("/core/model/undo-redo-all", test_undo_redo_all);
  g_test_add_func ("/core/model/history-lifetime", test_history_lifetime);
  g_test_add_func ("/core/model/reentrant-handlers", test_reentrant_handlers);
  g_test_add_func ("/core/model/port-outside-definition", test_port_outside_definition);

  return g_test_run ();
}
