/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-causality-diagnostics.c — what the causality analyzer reports.
 *
 * Owns: the diagnostics of empty, unconnected, under-connected and
 * disconnected models and of causal conflicts (their codes, messages and
 * ids), algebraic groups and loops without resistance, and random models
 * checked against the handbook's table and the known codes. Models are
 * built through the bg_model_* API. Must not: depend on files in data/ or
 * on the order of other tests; the causal patterns of clean models are
 * test-causality.c's.
 */
#include "config.h"

#include <string.h>

#include "bg-causality.h"
#include "bg-i18n.h"
#include "bg-model.h"
#include "bg-test-causality.h"
#include "bg-test-sim.h"

/* Empty and malformed models -------------------------------------------- */

static void
test_empty_model (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "empty-model",
                             "The model is empty; add elements from the palette.", "", "");
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  g_assert_cmpstr (summary, ==, "The model is empty; add elements from the palette.");
  g_assert_cmpuint (bg_causality_get_n_bonds (c), ==, 0);
}

static void
test_unconnected_ports (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 C:C1 R:R3", "U>J J>R1 J>C1");
  g_autoptr(BgModel) cyl =
    bg_test_build_from_words ("hydraulic", "Se:P CylinderDA:CYL MechanicalLoad:LOAD", "P>CYL.A CYL.M>LOAD");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(BgCausality) c2 = bg_causality_analyze (cyl);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "unconnected-port",
                             "R3 has no bond on its port.", "R3", "");
  g_assert_true (bg_causality_element_has_error (c, "R3"));
  g_assert_false (bg_causality_element_has_error (c, "R1"));
  /* The rest of the model is still analysed. */
  g_assert_true (bg_test_stroke_at (model, c, "b3", "J"));
  bg_test_assert_states (c, "C1.q");

  g_assert_false (bg_causality_is_ok (c2));
  g_assert_cmpuint (bg_causality_get_errors (c2)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c2, 0), "unconnected-port",
                             "CYL has no bond on port B.", "CYL", "");
}

static void
test_junction_degree (void)
{
  g_autoptr(BgModel) one = bg_test_build_from_words ("electrical", "Se:U 0:J", "U>J");
  g_autoptr(BgModel) none = bg_test_build_from_words ("hydraulic", "Se:U 1:K R:R1 1:J", "U>K K>R1");
  g_autoptr(BgCausality) c1 = bg_causality_analyze (one);
  g_autoptr(BgCausality) c2 = bg_causality_analyze (none);

  g_assert_false (bg_causality_is_ok (c1));
  g_assert_cmpuint (bg_causality_get_errors (c1)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c1, 0), "junction-degree",
                             "0-junction J has only one bond; a junction needs at least two.",
                             "J", "");

  g_assert_false (bg_causality_is_ok (c2));
  g_assert_cmpuint (bg_causality_get_errors (c2)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c2, 0), "junction-degree",
                             "1-junction J has no bonds; a junction needs at least two.",
                             "J", "");
}

static void
test_disconnected (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U1 1:J1 R:R1 C:C1 Se:U2 1:J2 R:R2 I:L2 R:R9 0:J9 R:R8",
                              "U1>J1 J1>R1 J1>C1 U2>J2 J2>R2 J2>L2 J9>R9 J9>R8");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  const GPtrArray *warnings = bg_causality_get_warnings (c);

  /* Each part is analysed: RC, RL, and an R-only pair that needs a choice. */
  bg_test_assert_table_holds (model, c);
  bg_test_assert_states (c, "C1.q L2.p");
  g_assert_cmpuint (warnings->len, ==, 1);
  bg_test_assert_diagnostic (g_ptr_array_index (warnings, 0), "disconnected",
                             "The model has 3 separate parts (U1, J1, R1, C1; U2, J2, R2, L2; R9, J9, R8); "
                             "each part is analysed on its own.",
                             "U2 J2 R2 L2 R9 J9 R8", "");
}

/* Conflicts ----------------------------------------------------------------- */

/* Handbook page 002: two ideal pressure-defining storages on one 0-junction. */
static void
test_two_storages_one_node (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J GasAccumulator:ACC C:C1",
                              "TANK>PUMP.T PUMP.P>J J>ACC J>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  const BgDiagnostic *d;

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  d = bg_test_get_error (c, 0);
  bg_test_assert_diagnostic (d, "causal-conflict",
                             "Causal conflict at 0-junction J: ACC and C1 both set its pressure "
                             "(ACC → b3, C1 → b4). Two storages that set the same pressure are "
                             "over-constrained — connect one through an explicit line resistance "
                             "if that is the intended physics.",
                             "J ACC C1", "b3 b4");
  g_assert_null (strstr (d->message, "leak"));
  /* The storage that came first keeps its integral form. */
  bg_test_assert_states (c, "ACC.V_f");
}

/* The handbook's fix: the accumulator behind an explicit line resistance. */
static void
test_two_storages_with_line_resistance (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J C:C1 1:K R:RL GasAccumulator:ACC",
                              "TANK>PUMP.T PUMP.P>J J>C1 J>K K>RL K>ACC");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  bg_test_assert_states (c, "C1.q ACC.V_f");
  g_assert_true (bg_test_stroke_at (model, c, "b5", "RL"));
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
}

static void
test_two_inertias_one_node (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J I:L1 I:L2", "U>J J>L1 J>L2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 1-junction J: L1 and L2 both set its current "
                             "(L1 → b2, L2 → b3). Two storages that set the same flow are "
                             "over-constrained — combine them into one, or connect one through an "
                             "explicit compliance or resistance if that is the intended physics.",
                             "J L1 L2", "b2 b3");
}

static void
test_two_se_one_zero (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U1 Se:U2 0:J R:R1", "U1>J U2>J J>R1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 0-junction J: U1 and U2 both set its voltage "
                             "(U1 → b1, U2 → b2). Two effort sources cannot set one effort — remove "
                             "one, or connect it through an explicit resistance if that is the "
                             "intended physics.",
                             "J U1 U2", "b1 b2");
  g_assert_true (bg_causality_element_has_error (c, "J"));
  g_assert_false (bg_causality_element_has_error (c, "R1"));
}

static void
test_two_sf_one_one (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("translational", "R:D1 1:J Sf:V1 Sf:V2", "J>D1 V1>J V2>J");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 1-junction J: V1 and V2 both set its velocity "
                             "(V1 → b2, V2 → b3). Two flow sources cannot set one flow — remove "
                             "one, or connect it through an explicit compliance if that is the "
                             "intended physics.",
                             "J V1 V2", "b2 b3");
}

/* A 0-junction fed only by flow sources: nothing sets its effort. */
static void
test_zero_without_effort (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("hydraulic", "Sf:Q1 Sf:Q2 0:J", "Q1>J Q2>J");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 0-junction J: no bond sets its pressure (Q1 → b1, Q2 → b2).",
                             "J Q1 Q2", "b1 b2");
}

static void
test_two_sources_one_bond (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U1 Se:U2", "U1>U2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict on bond b1: U1 and U2 both set its voltage. Two effort "
                             "sources cannot set one effort — remove one, or connect it through an "
                             "explicit resistance if that is the intended physics.",
                             "U1 U2", "b1");
}

/* Algebraic groups ---------------------------------------------------------------- */

/* Se → 1 → R0, and R1 ∥ R2 through a 0-junction, no storage. */
static void
test_r_only_loop (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U 1:J R:R0 0:N R:R1 R:R2", "U>J J>R0 J>N N>R1 N>R2");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 1);
  bg_test_assert_group (c, 0, "J R0 N R1 R2", "b2 b3 b4 b5");
  bg_test_assert_states (c, "");
}

/* A storage breaks the loop: no group. */
static void
test_storage_breaks_loop (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U 1:J R:R0 0:N R:R1 C:C1", "U>J J>R0 J>N N>R1 N>C1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
  g_assert_true (bg_test_stroke_at (model, c, "b2", "R0"));
  bg_test_assert_states (c, "C1.q");
}

/* A loop of junctions with resistors in two branches: valid. */
static void
test_junction_ring (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U 0:A 1:B 0:C 1:D R:RB R:RD",
                              "U>A A>B B>C C>D D>A B>RB D>RD");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  for (guint b = 0; b < bg_causality_get_n_bonds (c); b++)
    g_assert_cmpint (bg_causality_get_stroke (c, b), !=, BG_STROKE_NONE);
  bg_test_assert_group (c, 0, "B C D RB RD", "b3 b4 b6 b7");
}

/* A loop closed by junctions alone sets one effort twice. */
static void
test_zero_resistance_loop (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "0:A 1:B 0:C R:R1 R:R2", "A>B B>C C>A A>R1 C>R2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 0-junction C: its voltage is set twice around a loop "
                             "with no resistance or storage in it (R1 → b4 → A → b1 → B → b2, "
                             "R1 → b4 → A → b3).",
                             "C R1 A B", "b4 b1 b2 b3");
}

/* Random electrical graphs: whatever the topology, every bond gets a
 * stroke, a result without errors obeys every row of the table, errors
 * have a known code and ids, and the analysis is deterministic. */
static void
test_random_models (void)
{
  static const char *const types[] = { "0", "1", "R", "C", "I", "Se", "Sf", "TF" };
  static const char *const codes[] = {
    "causal-conflict", "derivative-causality", "unconnected-port", "junction-degree", NULL
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261202);
  guint n_ok = 0, n_errors = 0;

  for (guint m = 0; m < 300; m++)
    {
      g_autoptr(BgModel) model = bg_model_new ();
      g_autoptr(BgCausality) c = NULL;
      g_autoptr(BgCausality) again = NULL;
      g_autofree char *json = NULL;
      g_autofree char *json_again = NULL;
      guint n_el = g_rand_int_range (rand, 2, 14);
      const GPtrArray *errors;

      for (guint i = 0; i < n_el; i++)
        {
          g_autofree char *id = g_strdup_printf ("E%u", i);
          const char *type = types[g_rand_int_range (rand, 0, G_N_ELEMENTS (types))];

          g_assert_nonnull (bg_model_add_element (model, type, BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
        }
      for (guint k = 0; k < 2 * n_el; k++)
        {
          guint i = g_rand_int_range (rand, 0, n_el), j = g_rand_int_range (rand, 0, n_el);
          BgElement *ei, *ej;
          g_autofree char *from = NULL;
          g_autofree char *to = NULL;

          if (i == j)
            continue;
          ei = g_ptr_array_index (bg_model_get_elements (model), i);
          ej = g_ptr_array_index (bg_model_get_elements (model), j);
          from = bg_test_kind (ei->spec) == BG_TEST_KIND_TF
                 ? g_strdup_printf ("%s.%s", ei->id, g_rand_boolean (rand) ? "P" : "S")
                 : g_strdup (ei->id);
          to = bg_test_kind (ej->spec) == BG_TEST_KIND_TF
               ? g_strdup_printf ("%s.%s", ej->id, g_rand_boolean (rand) ? "P" : "S")
               : g_strdup (ej->id);
          bg_model_connect (model, from, to, NULL, NULL);  /* refusals are fine */
        }

      c = bg_causality_analyze (model);
      for (guint b = 0; b < bg_causality_get_n_bonds (c); b++)
        g_assert_cmpint (bg_causality_get_stroke (c, b), !=, BG_STROKE_NONE);
      errors = bg_causality_get_errors (c);
      if (bg_causality_is_ok (c))
        {
          bg_test_assert_table_holds (model, c);
          n_ok++;
        }
      else
        n_errors++;
      for (guint e = 0; e < errors->len; e++)
        {
          const BgDiagnostic *d = g_ptr_array_index (errors, e);

          g_assert_true (g_strv_contains (codes, d->code));
          g_assert_cmpuint (strlen (d->message), >, 10);
          g_assert_cmpuint (g_strv_length (d->elements), >, 0);
          for (guint k = 0; d->elements[k] != NULL; k++)
            g_assert_nonnull (bg_model_find_element (model, d->elements[k]));
          for (guint k = 0; d->bonds[k] != NULL; k++)
            g_assert_nonnull (bg_model_find_bond (model, d->bonds[k]));
        }

      again = bg_causality_analyze (model);
      json = bg_causality_to_json (c);
      json_again = bg_causality_to_json (again);
      g_assert_cmpstr (json, ==, json_again);
    }
  /* Both outcomes occur, so both branches above were exercised. */
  g_assert_cmpuint (n_ok, >, 10);
  g_assert_cmpuint (n_errors, >, 10);
}

int
main (int    argc,
      char **argv)
{
  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/causality/empty-model", test_empty_model);
  g_test_add_func ("/core/causality/unconnected-ports", test_unconnected_ports);
  g_test_add_func ("/core/causality/junction-degree", test_junction_degree);
  g_test_add_func ("/core/causality/disconnected", test_disconnected);
  g_test_add_func ("/core/causality/two-storages-one-node", test_two_storages_one_node);
  g_test_add_func ("/core/causality/two-storages-line-resistance", test_two_storages_with_line_resistance);
  g_test_add_func ("/core/causality/two-inertias-one-node", test_two_inertias_one_node);
  g_test_add_func ("/core/causality/two-se-one-zero", test_two_se_one_zero);
  g_test_add_func ("/core/causality/two-sf-one-one", test_two_sf_one_one);
  g_test_add_func ("/core/causality/zero-without-effort", test_zero_without_effort);
  g_test_add_func ("/core/causality/two-sources-one-bond", test_two_sources_one_bond);
  g_test_add_func ("/core/causality/r-only-loop", test_r_only_loop);
  g_test_add_func ("/core/causality/storage-breaks-loop", test_storage_breaks_loop);
  g_test_add_func ("/core/causality/junction-ring", test_junction_ring);
  g_test_add_func ("/core/causality/zero-resistance-loop", test_zero_resistance_loop);
  g_test_add_func ("/core/causality/random-models", test_random_models);

  return g_test_run ();
}
