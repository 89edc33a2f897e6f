/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-causality.c — the causality analyzer against the causality rules of docs/architecture.md.
 *
 * Owns: tests of every component's causal patterns on models that analyse
 * cleanly: sources and storages (integral preference, derivative causality
 * and its messages), transformers, the cylinder and the pump, in SCAP
 * order; and the JSON/summary forms and snapshot of an analysis. Models
 * are built through the bg_model_* API. Must not: depend on files in data/
 * or on the order of other tests; conflicts, malformed models and
 * algebraic groups are test-causality-diagnostics.c's.
 */
#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "bg-causality.h"
#include "bg-i18n.h"
#include "bg-model.h"
#include "bg-test-causality.h"
#include "bg-test-sim.h"

/* Sources and storages -------------------------------------------------- */

static void
test_se_stroke_away (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U R:R1", "U>R1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "R1"));
  g_assert_cmpint (bg_causality_get_stroke (c, 0), ==, BG_STROKE_AT_TO);
  g_assert_true (bg_causality_end_receives_effort (c, 0, TRUE));
  g_assert_false (bg_causality_end_receives_effort (c, 0, FALSE));
  bg_test_assert_states (c, "");
}

static void
test_sf_stroke_at (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("translational", "Sf:V R:D1", "V>D1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "V"));
  g_assert_cmpint (bg_causality_lookup_stroke (c, "b1"), ==, BG_STROKE_AT_FROM);
  g_assert_cmpint (bg_causality_lookup_stroke (c, "nope"), ==, BG_STROKE_NONE);
}

static void
test_rc_integral (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 C:C1", "U>J J>R1 J>C1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "J"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "R1"));
  g_assert_true (bg_test_stroke_at (model, c, "b3", "J"));   /* away from C */
  bg_test_assert_states (c, "C1.q");
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
  g_assert_cmpstr (summary, ==, "Causality OK · 1 state");
}

static void
test_rl_integral (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 I:L1", "U>J J>R1 L1>J");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_true (bg_test_stroke_at (model, c, "b3", "L1"));   /* at I */
  g_assert_true (bg_test_stroke_at (model, c, "b2", "J"));    /* R gets the flow */
  bg_test_assert_states (c, "L1.p");
}

/* 0: exactly one stroke at 0; 1: exactly one bond without a stroke at 1. */
static void
test_junction_rows (void)
{
  g_autoptr(BgModel) zero = bg_test_build_from_words ("electrical", "Se:U 0:J R:R1 R:R2", "U>J J>R1 R2>J");
  g_autoptr(BgModel) one = bg_test_build_from_words ("electrical", "Sf:S 1:J R:R1 R:R2", "S>J J>R1 R2>J");
  g_autoptr(BgCausality) c0 = bg_test_analyze_ok (zero);
  g_autoptr(BgCausality) c1 = bg_test_analyze_ok (one);

  g_assert_true (bg_test_stroke_at (zero, c0, "b1", "J"));
  g_assert_true (bg_test_stroke_at (zero, c0, "b2", "R1"));
  g_assert_true (bg_test_stroke_at (zero, c0, "b3", "R2"));

  g_assert_true (bg_test_stroke_at (one, c1, "b1", "S"));
  g_assert_true (bg_test_stroke_at (one, c1, "b2", "J"));
  g_assert_true (bg_test_stroke_at (one, c1, "b3", "J"));
}

/* C, I, accumulator and load all take their integral form when free. */
static void
test_integral_preference (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 I:L1 0:K C:C1 R:R2", "U>J J>R1 J>L1 J>K K>C1 K>R2");
  g_autoptr(BgModel) hyd =
    bg_test_build_from_words ("hydraulic", "Sf:Q 0:J GasAccumulator:ACC R:R1", "Q>J J>ACC J>R1");
  g_autoptr(BgModel) mech =
    bg_test_build_from_words ("translational", "Se:F 1:J MechanicalLoad:LOAD R:D1", "F>J J>LOAD J>D1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);
  g_autoptr(BgCausality) ch = bg_test_analyze_ok (hyd);
  g_autoptr(BgCausality) cm = bg_test_analyze_ok (mech);
  g_autofree char *summary = bg_causality_dup_summary (c);

  bg_test_assert_states (c, "L1.p C1.q");
  g_assert_cmpstr (summary, ==, "Causality OK · 2 states");
  g_assert_true (bg_test_stroke_at (hyd, ch, "b2", "J"));
  bg_test_assert_states (ch, "ACC.V_f");
  g_assert_true (bg_test_stroke_at (mech, cm, "b2", "LOAD"));
  bg_test_assert_states (cm, "LOAD.p LOAD.s");
}

static void
test_derivative_c (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 0:J C:C1 R:R1", "U>J J>C1 J>R1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "derivative-causality",
                             "C1 is forced into derivative causality by U (U → b1 → J → b2); "
                             "storages must integrate.",
                             "C1 U J", "b1 b2");
  g_assert_cmpstr (summary, ==, bg_test_get_error (c, 0)->message);
  g_assert_true (bg_causality_element_has_error (c, "C1"));
  g_assert_true (bg_causality_bond_has_error (c, "b2"));
  g_assert_false (bg_causality_bond_has_error (c, "b3"));
  bg_test_assert_states (c, "");
}

static void
test_derivative_i (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("translational", "Sf:V I:M1", "V>M1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "derivative-causality",
                             "M1 is forced into derivative causality by V (V → b1); storages must integrate.",
                             "M1 V", "b1");
}

/* A long chain is shortened in the message but listed in full. */
static void
test_derivative_long_chain (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = NULL;
  const BgDiagnostic *d;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, NULL));
  for (guint i = 1; i <= 10; i++)
    {
      g_autofree char *id = g_strdup_printf ("J%u", i);
      g_autofree char *prev = i == 1 ? g_strdup ("U") : g_strdup_printf ("J%u", i - 1);
      g_autofree char *r = g_strdup_printf ("R%u", i);

      g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
      g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, 0, 0, NULL));
      g_assert_nonnull (bg_model_connect (model, prev, id, NULL, NULL));
      g_assert_nonnull (bg_model_connect (model, id, r, NULL, NULL));
    }
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, NULL));
  g_assert_nonnull (bg_model_connect (model, "J10", "C1", "bc", NULL));

  c = bg_causality_analyze (model);
  d = bg_test_get_error (c, 0);
  g_assert_cmpstr (d->code, ==, "derivative-causality");
  g_assert_true (g_str_has_prefix (d->message, "C1 is forced into derivative causality by U (U → "));
  g_assert_nonnull (strstr (d->message, " → … → "));
  g_assert_true (g_str_has_suffix (d->message, " → J10 → bc); storages must integrate."));
  /* 11 chain bonds and 12 elements (U, J1..J10, C1) are all listed. */
  g_assert_cmpuint (g_strv_length (d->bonds), ==, 11);
  g_assert_cmpuint (g_strv_length (d->elements), ==, 12);
}

/* Beyond CHAIN_MAX_HOPS the list keeps the origin and the last hops. */
static void
test_derivative_very_long_chain (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = NULL;
  const BgDiagnostic *d;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, NULL));
  for (guint i = 1; i <= 100; i++)
    {
      g_autofree char *id = g_strdup_printf ("J%u", i);
      g_autofree char *prev = i == 1 ? g_strdup ("U") : g_strdup_printf ("J%u", i - 1);
      g_autofree char *bond = g_strdup_printf ("b%u", i);

      g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
      g_assert_nonnull (bg_model_connect (model, prev, id, bond, NULL));
    }
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, NULL));
  g_assert_nonnull (bg_model_connect (model, "J100", "C1", "bc", NULL));

  c = bg_causality_analyze (model);
  d = bg_test_get_error (c, 0);
  g_assert_cmpstr (d->code, ==, "derivative-causality");
  g_assert_cmpstr (d->message, ==,
                   "C1 is forced into derivative causality by U (U → … → J98 → b99 → J99 → b100 "
                   "→ J100 → bc); storages must integrate.");
  /* C1, the origin U, and the last 64 hops: 64 bonds, their 64 forcing junctions. */
  g_assert_cmpuint (g_strv_length (d->bonds), ==, 64);
  g_assert_cmpuint (g_strv_length (d->elements), ==, 66);
  g_assert_cmpstr (d->elements[0], ==, "C1");
  g_assert_cmpstr (d->elements[1], ==, "U");
  g_assert_cmpstr (d->bonds[63], ==, "bc");
}

/* Transformers -------------------------------------------------------------- */

static void
test_tf_chain (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("translational", "Se:F TF:T1 TF:T2 1:J I:M1 R:D1",
                              "F>T1.P T1.S>T2.P T2.S>J J>M1 J>D1");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  /* The force passes P → S through both levers. */
  g_assert_true (bg_test_stroke_at (model, c, "b1", "T1"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "T2"));
  g_assert_true (bg_test_stroke_at (model, c, "b3", "J"));
  g_assert_true (bg_test_stroke_at (model, c, "b4", "M1"));
  bg_test_assert_states (c, "M1.p");
}

static void
test_tf_reverse (void)
{
  /* The mass at the primary side sets the flow, so effort goes S → P. */
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("rotational", "I:J1 TF:G 0:N R:B1 Se:T", "J1>G.P G.S>N N>B1 T>N");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "J1"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "G"));
  bg_test_assert_states (c, "J1.p");
}

static void
test_tf_two_storages (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "I:L1 TF:T I:L2", "L1>T.P T.S>L2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at transformer T: L1 and L2 both set its current "
                             "(L1 → b1, L2 → b2). Two storages that set the same flow are "
                             "over-constrained — combine them into one, or connect one through an "
                             "explicit compliance or resistance if that is the intended physics.",
                             "T L1 L2", "b1 b2");
}

static void
test_tf_derivative_through (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U TF:T C:C1", "U>T.P T.S>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "derivative-causality",
                             "C1 is forced into derivative causality by U (U → b1 → T → b2); "
                             "storages must integrate.",
                             "C1 U T", "b1 b2");
}

/* Cylinder ---------------------------------------------------------------------- */

static void
test_cylinder_preferred (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:PS Se:TANK CylinderDA:CYL MechanicalLoad:LOAD",
                              "PS>CYL.A CYL.B>TANK CYL.M>LOAD");
  g_autoptr(BgModel) free_model =
    bg_test_build_from_words ("hydraulic", "R:RA R:RB CylinderDA:CYL R:RM@translational",
                              "RA>CYL.A CYL.B>RB CYL.M>RM");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);
  g_autoptr(BgCausality) cf = bg_test_analyze_ok (free_model);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "CYL"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "CYL"));
  g_assert_true (bg_test_stroke_at (model, c, "b3", "LOAD"));
  bg_test_assert_states (c, "CYL.x LOAD.p LOAD.s");

  /* Nothing forces it: M out, A and B in. */
  g_assert_true (bg_test_stroke_at (free_model, cf, "b1", "CYL"));
  g_assert_true (bg_test_stroke_at (free_model, cf, "b2", "CYL"));
  g_assert_true (bg_test_stroke_at (free_model, cf, "b3", "RM"));
  bg_test_assert_states (cf, "CYL.x");
  /* The pressures from RA/RB make the force that RM turns into a velocity,
   * which sets the flows RA/RB turn into pressures: one algebraic group. */
  bg_test_assert_group (cf, 0, "RA RB CYL RM", "b1 b2 b3");
}

static void
test_cylinder_forced_alternative (void)
{
  /* A force source at M and a flow source at A: A supplies pressure. */
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Sf:QA Se:TANK CylinderDA:CYL Se:F@translational",
                              "QA>CYL.A CYL.B>TANK F>CYL.M");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "QA"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "CYL"));
  g_assert_true (bg_test_stroke_at (model, c, "b3", "CYL"));
}

static void
test_cylinder_conflict (void)
{
  /* Velocity imposed at M and a flow imposed at A. */
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Sf:QA Se:TANK CylinderDA:CYL Sf:V@translational",
                              "QA>CYL.A CYL.B>TANK V>CYL.M");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at cylinder CYL: QA and V both set its flow "
                             "(QA → b1, V → b3). Two flow sources cannot set one flow — remove one, "
                             "or connect it through an explicit compliance if that is the intended "
                             "physics.",
                             "CYL QA V", "b1 b3");
}

/* Pump ------------------------------------------------------------------------------ */

static void
test_pump_fixed_and_group (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP 1:K R:RL Se:TANK2",
                              "TANK>PUMP.T PUMP.P>K K>RL K>TANK2");
  g_autoptr(BgCausality) c = bg_test_analyze_ok (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_true (bg_test_stroke_at (model, c, "b1", "PUMP"));
  g_assert_true (bg_test_stroke_at (model, c, "b2", "PUMP"));
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 1);
  bg_test_assert_group (c, 0, "PUMP K RL", "b2 b3");
  g_assert_true (bg_causality_element_in_group (c, "PUMP"));
  g_assert_true (bg_causality_bond_in_group (c, "b3"));
  g_assert_false (bg_causality_element_in_group (c, "TANK"));
  g_assert_false (bg_causality_bond_in_group (c, "b4"));
  g_assert_cmpstr (summary, ==, "Causality OK · 0 states · 1 algebraic group");
}

static void
test_pump_never_inverted (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP 1:K Sf:Q R:R1",
                              "TANK>PUMP.T PUMP.P>K Q>K K>R1");
  g_autoptr(BgModel) direct =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP Sf:Q", "TANK>PUMP.T PUMP.P>Q");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(BgCausality) cd = bg_causality_analyze (direct);

  bg_test_assert_diagnostic (bg_test_get_error (c, 0), "causal-conflict",
                             "Causal conflict at 1-junction K: PUMP and Q both set its volume flow "
                             "(PUMP → b2, Q → b3). A pump receives both pressures and supplies flow; "
                             "it cannot be turned into a pressure source.",
                             "K PUMP Q", "b2 b3");
  bg_test_assert_diagnostic (bg_test_get_error (cd, 0), "causal-conflict",
                             "Causal conflict on bond b2: PUMP and Q both set its volume flow. A pump "
                             "receives both pressures and supplies flow; it cannot be turned into a "
                             "pressure source.",
                             "PUMP Q", "b2");
}

/* Forms ----------------------------------------------------------------------------- */

static void
test_json (void)
{
  g_autoptr(BgModel) model =
    bg_test_build_from_words ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J GasAccumulator:ACC C:C1 R:R9",
                              "TANK>PUMP.T PUMP.P>J J>ACC J>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *text = bg_causality_to_json (c);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *bond, *err;
  JsonArray *bonds, *errors;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "states")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "states"), 0),
                   ==, "ACC.V_f");
  bonds = json_object_get_array_member (root, "bonds");
  g_assert_cmpuint (json_array_get_length (bonds), ==, 4);
  bond = json_array_get_object_element (bonds, 0);
  g_assert_cmpstr (json_object_get_string_member (bond, "id"), ==, "b1");
  g_assert_cmpstr (json_object_get_string_member (bond, "stroke"), ==, "to");
  bond = json_array_get_object_element (bonds, 1);
  g_assert_cmpstr (json_object_get_string_member (bond, "stroke"), ==, "from");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "algebraic_groups")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "warnings")), ==, 0);
  errors = json_object_get_array_member (root, "errors");
  g_assert_cmpuint (json_array_get_length (errors), ==, 2);
  err = json_array_get_object_element (errors, 0);
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "unconnected-port");
  g_assert_cmpstr (json_object_get_string_member (err, "message"), ==, "R9 has no bond on its port.");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (err, "elements"), 0),
                   ==, "R9");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (err, "bonds")), ==, 0);
  err = json_array_get_object_element (errors, 1);
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "causal-conflict");
}

/* The analysis is a snapshot: it keeps its ids after the model changes. */
static void
test_snapshot (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 C:C1", "U>J J>R1 J>C1");
  BgCausality *c = bg_causality_analyze (model);
  BgCausality *ref;
  guint64 revision = bg_model_get_revision (model);
  const char *ids[] = { "C1" };

  g_assert_cmpuint (bg_causality_get_revision (c), ==, revision);
  g_assert_true (bg_model_remove_elements (model, ids, 1, NULL));
  g_clear_object (&model);
  ref = bg_causality_ref (c);
  bg_causality_unref (c);
  g_assert_cmpint (bg_causality_lookup_stroke (ref, "b3"), ==, BG_STROKE_AT_FROM);
  bg_test_assert_states (ref, "C1.q");
  bg_causality_unref (ref);
}

int
main (int    argc,
      char **argv)
{
  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/causality/se-stroke-away", test_se_stroke_away);
  g_test_add_func ("/core/causality/sf-stroke-at", test_sf_stroke_at);
  g_test_add_func ("/core/causality/rc-integral", test_rc_integral);
  g_test_add_func ("/core/causality/rl-integral", test_rl_integral);
  g_test_add_func ("/core/causality/junction-rows", test_junction_rows);
  g_test_add_func ("/core/causality/integral-preference", test_integral_preference);
  g_test_add_func ("/core/causality/derivative-c", test_derivative_c);
  g_test_add_func ("/core/causality/derivative-i", test_derivative_i);
  g_test_add_func ("/core/causality/derivative-long-chain", test_derivative_long_chain);
  g_test_add_func ("/core/causality/derivative-very-long-chain", test_derivative_very_long_chain);
  g_test_add_func ("/core/causality/tf-chain", test_tf_chain);
  g_test_add_func ("/core/causality/tf-reverse", test_tf_reverse);
  g_test_add_func ("/core/causality/tf-two-storages", test_tf_two_storages);
  g_test_add_func ("/core/causality/tf-derivative-through", test_tf_derivative_through);
  g_test_add_func ("/core/causality/cylinder-preferred", test_cylinder_preferred);
  g_test_add_func ("/core/causality/cylinder-forced-alternative", test_cylinder_forced_alternative);
  g_test_add_func ("/core/causality/cylinder-conflict", test_cylinder_conflict);
  g_test_add_func ("/core/causality/pump-fixed-and-group", test_pump_fixed_and_group);
  g_test_add_func ("/core/causality/pump-never-inverted", test_pump_never_inverted);
  g_test_add_func ("/core/causality/json", test_json);
  g_test_add_func ("/core/causality/snapshot", test_snapshot);

  return g_test_run ();
}
