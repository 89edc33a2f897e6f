/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-multidomain.c — the gyrator GY and the DC motor against closed forms.
 *
 * Owns: GY equal to its dual circuit (a C behind a GY is an inductor
 * L = r²C at P, an I behind one is a capacitor C = I/r²), GY across two
 * domains, GY causal patterns and the conflict message; DCMotor steady
 * speed ω = kV/(k² + R_a b) and current, its electrical time constant, the
 * inertia-on-the-shaft message; arrow reversal and drawing direction on
 * both; file round trips and refusals. Tolerances are stated at each
 * assertion. Must not: depend on GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-file.h"
#include "bg-causality-trace.h"
#include "bg-causality-check.h"
#include "bg-test-sim.h"

static double
max_diff (BgTestSim *a, const char *va, BgTestSim *b, const char *vb)
{
  double worst = 0;

  g_assert_cmpuint (bg_test_n_rows (a), ==, bg_test_n_rows (b));
  for (gsize r = 0; r < bg_test_n_rows (a); r++)
    worst = MAX (worst, fabs (bg_test_value (a, va, r) - bg_test_value (b, vb, r)));
  return worst;
}

/* GY --------------------------------------------------------------------- */

/* A capacitor behind a gyrator r = 2 is an inductor L = r² C = 0.1 H:
 * the RL circuit's current i = (U/R)(1 - e^{-tR/L}) = 1 - e^{-100 t}. */
static void
test_gy_c_is_inductor (void)
{
  const char *const gy_el[] = {
    "Se electrical U value=10", "1 electrical J", "R electrical R1 value=10",
    "GY electrical G r=2", "C electrical C2 value=0.025", NULL
  };
  const char *const gy_b[] = { "b1 U J", "b2 J R1", "b3 J G.P", "b4 G.S C2", NULL };
  const char *const rl_el[] = {
    "Se electrical U value=10", "1 electrical J", "R electrical R1 value=10",
    "I electrical L value=0.1", NULL
  };
  const char *const rl_b[] = { "b1 U J", "b2 J R1", "b3 J L", NULL };
  g_autoptr(BgModel) gy = bg_test_build_model (gy_el, gy_b);
  g_autoptr(BgModel) rl = bg_test_build_model (rl_el, rl_b);
  BgTestSim a, b;
  double worst = 0;

  bg_test_set_sim (gy, 0.05, 1e-4);
  bg_test_set_sim (rl, 0.05, 1e-4);
  bg_test_simulate (gy, &a);
  bg_test_simulate (rl, &b);
  /* GY is in integral causality behind C: both ports receive effort. */
  g_assert_cmpstr (bg_plan_get_state_name (a.plan, 0), ==, "C2.q");
  for (gsize r = 0; r < bg_test_n_rows (&a); r++)
    worst = MAX (worst, fabs (bg_test_value (&a, "R1.f", r)
                              - (1 - exp (-100 * bg_test_value (&a, "t", r)))));
  /* i within 1e-5 A of the closed form and of the dual circuit. */
  g_assert_cmpfloat (worst, <, 1e-5);
  g_assert_cmpfloat (max_diff (&a, "R1.f", &b, "R1.f"), <, 1e-5);
  /* The GY's port variables: e_S = r f_P and e_P = -r f_S (local flows). */
  for (gsize r = 0; r < bg_test_n_rows (&a); r += 50)
    {
      g_assert_cmpfloat_with_epsilon (bg_test_value (&a, "G.eS", r),
                                      2 * bg_test_value (&a, "G.fP", r), 1e-12);
      g_assert_cmpfloat_with_epsilon (bg_test_value (&a, "G.eP", r),
                                      -2 * bg_test_value (&a, "G.fS", r), 1e-12);
      g_assert_cmpfloat_with_epsilon (bg_test_value (&a, "G.eP", r) * bg_test_value (&a, "G.fP", r)
                                      + bg_test_value (&a, "G.eS", r) * bg_test_value (&a, "G.fS", r),
                                      0, 1e-12);
    }
  bg_test_sim_clear (&a);
  bg_test_sim_clear (&b);
}

/* An inertia behind a gyrator r = 0.5 from electrical to rotational is a
 * capacitor C = J/r² = 0.1 F: RC charging, v_P = 10 (1 - e^{-t}), and the
 * shaft turns at ω = v_P / r → 20 rad/s. */
static void
test_gy_cross_domain_i_is_capacitor (void)
{
  const char *const gy_el[] = {
    "Se electrical U value=10", "1 electrical J", "R electrical R1 value=10",
    "GY electrical G r=0.5", "I rotational J2 value=0.025", NULL
  };
  const char *const gy_b[] = { "b1 U J", "b2 J R1", "b3 J G.P", NULL };
  const char *const rc_el[] = {
    "Se electrical U value=10", "1 electrical J", "R electrical R1 value=10",
    "C electrical C value=0.1", NULL
  };
  const char *const rc_b[] = { "b1 U J", "b2 J R1", "b3 J C", NULL };
  g_autoptr(BgModel) gy = bg_test_build_model (gy_el, gy_b);
  g_autoptr(BgModel) rc = bg_test_build_model (rc_el, rc_b);
  g_autoptr(GError) error = NULL;
  BgTestSim a, b;
  double worst = 0;

  /* A bond checks each port's own domain: S is electrical until set. */
  g_assert_false (bg_model_can_connect (gy, "G.S", "J2", &error));
  g_assert_cmpstr (error->message, ==, "Cannot connect G.S (electrical) to J2 (rotational): "
                   "a bond joins ports of one domain");
  g_clear_error (&error);
  g_assert_true (bg_model_set_domain_s (gy, "G", BG_DOMAIN_ROTATIONAL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (bg_model_connect (gy, "G.S", "J2", "b4", &error));
  g_assert_no_error (error);
  g_assert_false (bg_model_can_connect (gy, "G.P", "J2", &error));
  g_clear_error (&error);
  /* A bonded S keeps its domain. */
  g_assert_false (bg_model_set_domain_s (gy, "G", BG_DOMAIN_ELECTRICAL, &error));
  g_assert_cmpstr (error->message, ==, "G: port S is bonded (b4) in the rotational domain; "
                   "remove that bond before changing the domain of S");
  g_clear_error (&error);
  bg_test_set_sim (gy, 5, 0.01);
  bg_test_set_sim (rc, 5, 0.01);
  bg_test_simulate (gy, &a);
  bg_test_simulate (rc, &b);
  for (gsize r = 0; r < bg_test_n_rows (&a); r++)
    worst = MAX (worst, fabs (bg_test_value (&a, "G.eP", r)
                              - 10 * (1 - exp (-bg_test_value (&a, "t", r)))));
  /* v_P within 1e-4 V of the closed form and of the dual RC circuit. */
  g_assert_cmpfloat (worst, <, 1e-4);
  g_assert_cmpfloat (max_diff (&a, "G.eP", &b, "C.e"), <, 1e-4);
  /* The inertia's speed ω = v_P / r: 20 (1 - e^{-5}) rad/s within 1e-3 rad/s. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&a, "J2.f", bg_test_n_rows (&a) - 1),
                                  20 * (1 - exp (-5)), 1e-3);
  bg_test_sim_clear (&a);
  bg_test_sim_clear (&b);
}

static void
test_gy_causal_patterns (void)
{
  const char *const both_out_el[] = {
    "Se electrical U value=1", "1 electrical J", "R electrical R1 value=1",
    "GY electrical G", "I electrical L2 value=0.1", NULL
  };
  const char *const both_out_b[] = { "b1 U J", "b2 J R1", "b3 J G.P", "b4 G.S L2", NULL };
  const char *const conflict_el[] = {
    "Se electrical U value=1", "GY electrical G", "Sf electrical I0 value=1", NULL
  };
  const char *const conflict_b[] = { "b1 U G.P", "b2 G.S I0", NULL };
  g_autoptr(BgModel) out = bg_test_build_model (both_out_el, both_out_b);
  g_autoptr(BgModel) bad = bg_test_build_model (conflict_el, conflict_b);
  g_autoptr(BgCausality) c_out = bg_causality_analyze (out);
  g_autoptr(BgCausality) c_bad = bg_causality_analyze (bad);
  const BgDiagnostic *d;

  /* I behind the GY: S supplies effort to L2, so P supplies effort too. */
  g_assert_true (bg_causality_is_ok (c_out));
  g_assert_cmpint (bg_causality_lookup_stroke (c_out, "b4"), ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_causality_lookup_stroke (c_out, "b3"), ==, BG_STROKE_AT_FROM);
  /* Se sets e_P and Sf sets f_S: both fix the same relation e_P = -r f_S. */
  g_assert_false (bg_causality_is_ok (c_bad));
  d = g_ptr_array_index (bg_causality_get_errors (c_bad), 0);
  g_assert_cmpstr (d->code, ==, "causal-conflict");
  g_assert_cmpstr (d->message, ==,
                   "Causal conflict at gyrator G: one port receives effort and the other "
                   "supplies it (U → b1, I0 → b2); a gyrator's ports both receive effort or "
                   "both supply it — change what drives one side, e.g. put a storage or "
                   "resistance there.");
}

/* The SCAP trace explains the gyrator's step in each port's own domain. */
static void
test_gy_trace (void)
{
  const char *const el[] = {
    "Se electrical U value=10", "1 electrical J", "R electrical R1 value=10",
    "GY electrical G r=0.5", "I rotational J2 value=0.025", NULL
  };
  const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J G.P", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (el, bonds);
  BgCausalityTrace *trace = NULL;
  g_autoptr(BgCausality) c = NULL;
  const BgTraceStep *step;

  g_assert_true (bg_model_set_domain_s (model, "G", BG_DOMAIN_ROTATIONAL, NULL));
  g_assert_nonnull (bg_model_connect (model, "G.S", "J2", "b4", NULL));
  c = bg_causality_analyze_traced (model, &trace);
  g_assert_true (bg_causality_is_ok (c));
  step = bg_causality_trace_get_step (trace, bg_causality_trace_get_step_of_bond (trace, 2));
  g_assert_cmpint (step->phase, ==, BG_TRACE_PHASE_PROPAGATION);
  g_assert_cmpstr (step->element, ==, "G");
  g_assert_cmpstr (step->sentence, ==,
                   "Gyrator G sets the torque at port S for J2, and a gyrator's ports both "
                   "set effort, so it sets the voltage at port P too: bond b3 gets its stroke "
                   "away from G, at J.");
  step = bg_causality_trace_get_step (trace, bg_causality_trace_get_step_of_bond (trace, 3));
  g_assert_cmpstr (step->sentence, ==,
                   "Inertia J2 integrates the torque it receives and sets the angular velocity "
                   "from its state (integral causality), so bond b4 gets its stroke at J2.");
  bg_causality_trace_unref (trace);
}

/* Exercise grading knows the gyrator's rule: the analyzer's strokes are
 * right; a GY with one port in and one out is wrong, and the message says why. */
static void
test_gy_grading (void)
{
  const char *const el[] = {
    "Se electrical U value=1", "1 electrical J", "R electrical R1 value=1",
    "GY electrical G", "I electrical L2 value=0.1", NULL
  };
  const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J G.P", "b4 G.S L2", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (el, bonds);
  BgStroke right[4] = { BG_STROKE_AT_TO, BG_STROKE_AT_TO, BG_STROKE_AT_FROM, BG_STROKE_AT_TO };
  BgStroke wrong[4] = { BG_STROKE_AT_TO, BG_STROKE_AT_FROM, BG_STROKE_AT_TO, BG_STROKE_AT_TO };
  BgGrade *good = bg_grade_strokes (model, right);
  BgGrade *bad = bg_grade_strokes (model, wrong);
  const BgBondGrade *g;

  g_assert_true (bg_grade_is_ok (good));
  g_assert_false (bg_grade_is_ok (bad));
  g = bg_grade_lookup (bad, "b3");
  g_assert_cmpint (g->verdict, ==, BG_VERDICT_WRONG);
  g_test_message ("%s", g->message);
  g_assert_nonnull (strstr (g->message, "Gyrator G: its ports both receive effort or both supply it"));
  bg_grade_free (good);
  bg_grade_free (bad);
}

/* DC motor --------------------------------------------------------------- */

/* Defaults R_a = 1 Ω, L_a = 0.01 H, k = 0.05 N·m/A, J = 1e-4 kg·m²,
 * b = 1e-5 N·m·s/rad at V = 12 V, no load torque:
 * ω = kV/(k² + R_a b) = 239.04 rad/s, i = bω/k. */
static void
test_motor_steady_speed (void)
{
  const char *const el[] = {
    "Se electrical U value=12", "DCMotor - MOT", "Se rotational T value=0", NULL
  };
  const char *const bonds[] = { "b1 U MOT.E", "b2 T MOT.W", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (el, bonds);
  double k = 0.05, ra = 1, b = 1e-5, v = 12;
  double w_ss = k * v / (k * k + ra * b), i_ss = b * w_ss / k;
  gsize last;
  BgTestSim sim;

  bg_test_set_sim (model, 1.5, 0.001);
  bg_test_simulate (model, &sim);
  last = bg_test_n_rows (&sim) - 1;
  /* After 37 mechanical time constants (R_a J/(k² + R_a b) = 0.040 s):
   * ω within 1e-5 relative, i within 1e-5 A. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.w", last), w_ss, 1e-5 * w_ss);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.i", last), i_ss, 1e-5);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.emf", last), k * w_ss, 1e-5 * v);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.tau", last), k * i_ss, 1e-7);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.lambda", last), 0.01 * i_ss, 1e-7);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.L", last), 1e-4 * w_ss, 1e-7);
  /* Input power V i = R_a i² + b ω² in the steady state, within 1e-6 W. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.P_elec", last),
                                  ra * i_ss * i_ss + b * w_ss * w_ss, 1e-6);
  g_assert_cmpfloat (bg_test_value (&sim, "MOT.P_mech", last), ==, 0);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "b1.f", last), i_ss, 1e-5);
  bg_test_sim_clear (&sim);
}

/* Electrical time constant L_a/R_a = 10 ms with the shaft held by a stiff
 * damper (b_load = 1e6 N·m·s: back EMF k²i/b_load = 2.5e-9 i, negligible):
 * i(t) = (V/R_a)(1 - e^{-t R_a/L_a}). */
static void
test_motor_electrical_time_constant (void)
{
  const char *const el[] = {
    "Se electrical U value=12", "DCMotor - MOT", "R rotational BRAKE value=1e6", NULL
  };
  const char *const bonds[] = { "b1 U MOT.E", "b2 MOT.W BRAKE", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (el, bonds);
  BgTestSim sim;
  double worst = 0;

  bg_test_set_sim (model, 0.05, 1e-4);
  bg_test_simulate (model, &sim);
  for (gsize r = 0; r < bg_test_n_rows (&sim); r++)
    worst = MAX (worst, fabs (bg_test_value (&sim, "MOT.i", r)
                              - 12 * (1 - exp (-bg_test_value (&sim, "t", r) / 0.01))));
  /* Within 1e-4 A of 12 A. */
  g_assert_cmpfloat (worst, <, 1e-4);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "MOT.i", bg_test_row_at (&sim, 0.01)),
                                  12 * (1 - exp (-1)), 1e-4);
  bg_test_sim_clear (&sim);
}

static void
test_motor_inertia_on_shaft (void)
{
  const char *const el[] = {
    "Se electrical U value=12", "DCMotor - MOT", "I rotational JL value=0.01", NULL
  };
  const char *const bonds[] = { "b1 U MOT.E", "b2 MOT.W JL", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (el, bonds);
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  const BgDiagnostic *d;

  g_assert_false (bg_causality_is_ok (c));
  d = g_ptr_array_index (bg_causality_get_errors (c), 0);
  g_assert_cmpstr (d->code, ==, "derivative-causality");
  g_assert_cmpstr (d->message, ==,
                   "JL is forced into derivative causality by MOT (MOT → b2); storages must "
                   "integrate. The motor's rotor inertia already sets the shaft speed: add the "
                   "load's inertia to the motor's J, or put a shaft compliance (C) between them.");
  /* With a shaft compliance between them, both integrate. */
  {
    const char *const ok_b[] = { "b1 U MOT.E", "b2 MOT.W J0", "b3 J0 KS", "b4 J0 JL", NULL };
    const char *const ok_el[] = {
      "Se electrical U value=12", "DCMotor - MOT", "0 rotational J0",
      "C rotational KS value=0.001", "I rotational JL value=0.01", NULL
    };
    g_autoptr(BgModel) ok = bg_test_build_model (ok_el, ok_b);
    g_autoptr(BgCausality) cok = bg_causality_analyze (ok);

    g_assert_true (bg_causality_is_ok (cok));
    g_assert_cmpuint (bg_causality_get_states (cok)->len, ==, 4);
  }
}

/* Signs: arrows and drawing direction ------------------------------------ */

static const char *const chain_el[] = {
  "Se electrical U value=0 waveform=step after=12 time=0.01",
  "1 electrical J1", "R electrical R1 value=0.5",
  "DCMotor - MOT",
  "0 rotational N", "C rotational K value=0.01",
  "1 rotational J2", "I rotational JL value=2e-3", "R rotational B value=1e-3",
  "GY rotational G r=0.2", "I rotational J3 value=1e-3", NULL
};
static const char *const chain_b[] = {
  "b1 U J1", "b2 J1 R1", "b3 J1 MOT.E", "b4 MOT.W N", "b5 N K", "b6 N J2",
  "b7 J2 JL", "b8 J2 B", "b9 J2 G.P", "b10 G.S J3", NULL
};

static void
test_arrow_reversal (void)
{
  g_autoptr(BgModel) model = bg_test_build_model (chain_el, chain_b);
  g_autoptr(GError) error = NULL;
  BgTestSim fwd, rev;

  bg_test_set_sim (model, 0.5, 0.005);
  bg_test_simulate (model, &fwd);
  g_assert_true (bg_model_reverse_arrow (model, "b3", &error));
  g_assert_true (bg_model_reverse_arrow (model, "b9", &error));
  g_assert_true (bg_model_reverse_arrow (model, "b10", &error));
  bg_test_simulate (model, &rev);
  for (guint v = 0; v < bg_result_get_n_vars (fwd.result); v++)
    {
      const char *name = bg_result_get_var_name (fwd.result, v);
      gboolean flips = g_str_has_suffix (name, ".f") || g_str_has_suffix (name, ".P");
      double sign = 1, worst = 0, size = 0;

      if (flips && (g_str_has_prefix (name, "b3.") || g_str_has_prefix (name, "b9.")
                    || g_str_has_prefix (name, "b10.")))
        sign = -1;
      for (gsize r = 0; r < bg_test_n_rows (&fwd); r++)
        {
          double a = bg_result_get_value (fwd.result, v, r);

          worst = MAX (worst, fabs (sign * a - bg_result_get_value (rev.result, v, r)));
          size = MAX (size, fabs (a));
        }
      /* Only the reversed bonds' flow and power change sign, exactly. */
      g_assert_cmpfloat (worst, <=, 1e-12 * size);
      if (sign < 0)
        g_assert_cmpfloat (size, >, 1e-3);
    }
  bg_test_sim_clear (&fwd);
  bg_test_sim_clear (&rev);
}

static void
test_drawing_direction (void)
{
  g_autoptr(BgModel) model = bg_test_build_model (chain_el, chain_b);
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9", "b10" };
  BgTestSim drawn, flipped;
  guint compared = 0;

  bg_test_set_sim (model, 0.5, 0.005);
  bg_test_simulate (model, &drawn);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    g_assert_true (bg_model_flip_bond_direction (model, ids[i], &error));
  bg_test_simulate (model, &flipped);
  for (guint v = 1; v < bg_result_get_n_vars (drawn.result); v++)
    {
      const char *name = bg_result_get_var_name (drawn.result, v);
      int w = bg_result_lookup (flipped.result, name);
      double worst = 0, size = 0;

      if (name[0] == 'b' && g_ascii_isdigit (name[1]))
        continue;
      g_assert_cmpint (w, >=, 0);
      for (gsize r = 0; r < bg_test_n_rows (&drawn); r++)
        {
          double a = bg_result_get_value (drawn.result, v, r);

          worst = MAX (worst, fabs (a - bg_result_get_value (flipped.result, (guint) w, r)));
          size = MAX (size, fabs (a));
        }
      /* Element variables (GY.eP .. fS, MOT.*) do not depend on drawing. */
      g_assert_cmpfloat (worst, <=, 1e-9 * size + 1e-15);
      compared++;
    }
  g_assert_cmpuint (compared, >=, 30);
  /* Over the run the motor delivers net power to the shaft (the damper B
   * dissipates it), whichever way the bonds were drawn. */
  {
    double sum = 0;

    for (gsize r = 0; r < bg_test_n_rows (&flipped); r++)
      sum += bg_test_value (&flipped, "MOT.P_mech", r);
    g_assert_cmpfloat (sum, >, 0);
  }
  bg_test_sim_clear (&drawn);
  bg_test_sim_clear (&flipped);
}

/* Files ------------------------------------------------------------------ */

#define HEAD "{\"format\": \"bgmod\", \"version\": 1, "

static void
test_file_round_trip (void)
{
  const char *data =
    HEAD "\"elements\": ["
    "{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\", \"domain_s\": \"rotational\", "
    "\"x\": 10, \"y\": 20, \"params\": {\"r\": 0.05}}, "
    "{\"id\": \"MOT\", \"type\": \"DCMotor\", \"x\": 0, \"y\": 0, \"params\": {\"R_a\": 2, "
    "\"L_a\": 0.005, \"k\": 0.1, \"J\": 0.001, \"b\": 0, \"i0\": 0.5, \"w0\": -3}}, "
    "{\"id\": \"J\", \"type\": \"I\", \"domain\": \"rotational\", \"x\": 0, \"y\": 0, "
    "\"params\": {\"value\": 0.01, \"initial\": 0}}], "
    "\"bonds\": [{\"id\": \"b1\", \"from\": \"G.S\", \"to\": \"J\"}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (data, -1, &error);
  g_autoptr(BgModel) back = NULL;
  g_autofree char *out = NULL, *again = NULL;
  BgElement *g;

  g_assert_no_error (error);
  g = bg_model_find_element (model, "G");
  g_assert_cmpint (g->spec->ports[0].domain, ==, BG_DOMAIN_ELECTRICAL);
  g_assert_cmpint (g->spec->ports[1].domain, ==, BG_DOMAIN_ROTATIONAL);
  g_assert_cmpstr (g->spec->params[0].unit, ==, "V/(rad/s)");
  out = bg_file_to_data (model, NULL);
  g_assert_nonnull (strstr (out, "{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\", "
                            "\"domain_s\": \"rotational\", "));
  g_assert_nonnull (strstr (out, "\"params\": {\"R_a\": 2, \"L_a\": 0.005, \"k\": 0.1, "
                            "\"J\": 0.001, \"b\": 0, \"i0\": 0.5, \"w0\": -3}"));
  back = bg_file_load_from_data (out, -1, &error);
  g_assert_no_error (error);
  again = bg_file_to_data (back, NULL);
  g_assert_cmpstr (again, ==, out);
  /* Undo brings the S side back to electrical. */
  {
    g_autoptr(BgModel) m = bg_model_new ();

    g_assert_nonnull (bg_model_add_element (m, "GY", BG_DOMAIN_HYDRAULIC, "G", 0, 0, &error));
    g_assert_true (bg_model_set_domain_s (m, "G", BG_DOMAIN_TRANSLATIONAL, &error));
    g_assert_cmpint (bg_model_find_element (m, "G")->spec->ports[1].domain, ==,
                     BG_DOMAIN_TRANSLATIONAL);
    g_assert_true (bg_model_undo (m));
    g_assert_cmpint (bg_model_find_element (m, "G")->spec->ports[1].domain, ==,
                     BG_DOMAIN_HYDRAULIC);
    g_assert_true (bg_model_redo (m));
    g_assert_cmpint (bg_model_find_element (m, "G")->spec->ports[1].domain, ==,
                     BG_DOMAIN_TRANSLATIONAL);
  }
}

static void
test_file_messages (void)
{
  static const struct { const char *data, *message; } cases[] = {
    { HEAD "\"elements\": [{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\", "
      "\"domain_s\": \"thermal\"}]}",
      "elements[0].domain_s: unknown domain \"thermal\" (use electrical, hydraulic, "
      "translational or rotational) (element G)" },
    { HEAD "\"elements\": [{\"id\": \"T\", \"type\": \"TF\", \"domain\": \"electrical\", "
      "\"domain_s\": \"rotational\"}]}",
      "elements[0].domain_s: only a gyrator (GY) has a second domain (element T)" },
    { HEAD "\"elements\": [{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\", "
      "\"domain_s\": 3}]}",
      "elements[0].domain_s: must be a string (element G)" },
    { HEAD "\"elements\": [{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\", "
      "\"params\": {\"r\": 0}}]}",
      "elements[0].params.r: must be > 0 (element G)" },
    { HEAD "\"elements\": [{\"id\": \"M\", \"type\": \"DCMotor\", \"params\": {\"k\": -1}}]}",
      "elements[0].params.k: must be > 0 (element M)" },
    { HEAD "\"elements\": [{\"id\": \"M\", \"type\": \"DCMotor\", \"params\": {\"b\": -1}}]}",
      "elements[0].params.b: must be ≥ 0 (element M)" },
    { HEAD "\"elements\": [{\"id\": \"M\", \"type\": \"DCMotor\", \"params\": {\"L\": 1}}]}",
      "elements[0].params.L: unknown parameter (DCMotor has: R_a, L_a, k, J, b, i0, w0) (element M)" },
    { HEAD "\"elements\": [{\"id\": \"G\", \"type\": \"GY\", \"domain\": \"electrical\"}, "
      "{\"id\": \"J\", \"type\": \"I\", \"domain\": \"rotational\"}], "
      "\"bonds\": [{\"id\": \"b1\", \"from\": \"G.S\", \"to\": \"J\"}]}",
      "bonds[0]: Cannot connect G.S (electrical) to J (rotational): a bond joins ports of one domain" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BgModel *model = bg_file_load_from_data (cases[i].data, -1, &error);

      g_assert_null (model);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/multidomain/gy-c-is-inductor", test_gy_c_is_inductor);
  g_test_add_func ("/core/multidomain/gy-cross-domain", test_gy_cross_domain_i_is_capacitor);
  g_test_add_func ("/core/multidomain/gy-causal-patterns", test_gy_causal_patterns);
  g_test_add_func ("/core/multidomain/gy-trace", test_gy_trace);
  g_test_add_func ("/core/multidomain/gy-grading", test_gy_grading);
  g_test_add_func ("/core/multidomain/motor-steady-speed", test_motor_steady_speed);
  g_test_add_func ("/core/multidomain/motor-electrical-time-constant",
                   test_motor_electrical_time_constant);
  g_test_add_func ("/core/multidomain/motor-inertia-on-shaft", test_motor_inertia_on_shaft);
  g_test_add_func ("/core/multidomain/arrow-reversal", test_arrow_reversal);
  g_test_add_func ("/core/multidomain/drawing-direction", test_drawing_direction);
  g_test_add_func ("/core/multidomain/file-round-trip", test_file_round_trip);
  g_test_add_func ("/core/multidomain/file-messages", test_file_messages);
  return g_test_run ();
}
