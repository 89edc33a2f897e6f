/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-waveform.c — ramp, sine, pulse and table inputs against closed forms.
 *
 * Owns: u(t) and the switching times of each waveform, whole RC/RLC runs
 * under them compared with their exact solutions (tolerances stated at each
 * assertion), the switching-time bound, the file round trip of the new
 * parameters and every refusal's message with its JSON path, what
 * choosing a waveform sets (a step up from rest) and the captions its
 * parameters take. Must not: depend on GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-file.h"
#include "bg-waveform.h"
#include "bg-test-sim.h"

/* u(t) and switching times ------------------------------------------------ */

static void
test_eval (void)
{
  const double pts[] = { 0.5, 1, 1.5, 3 };
  BgWave ramp = { .kind = BG_WAVE_RAMP, .value = 2, .time = 1, .slope = 3, .until = 2 };
  BgWave sine = { .kind = BG_WAVE_SINE, .value = 1, .amplitude = 2, .frequency = 0.25,
                  .phase = G_PI / 2 };
  BgWave pulse = { .kind = BG_WAVE_PULSE, .value = -1, .after = 4, .time = 0.5,
                   .width = 0.25, .period = 1 };
  BgWave table = { .kind = BG_WAVE_TABLE, .points = pts, .n_points = 2 };

  g_assert_cmpfloat (bg_wave_eval (&ramp, 0.5, 0.5), ==, 2);
  g_assert_cmpfloat_with_epsilon (bg_wave_eval (&ramp, 1.5, 1.5), 3.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_wave_eval (&ramp, 7, 7), 5, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_wave_eval (&sine, 0, 0), 3, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_wave_eval (&sine, 2, 2), -1, 1e-14);
  g_assert_cmpfloat (bg_wave_eval (&pulse, 0.4, 0.4), ==, -1);
  g_assert_cmpfloat (bg_wave_eval (&pulse, 0.6, 0.6), ==, 4);
  g_assert_cmpfloat (bg_wave_eval (&pulse, 0.8, 0.8), ==, -1);
  g_assert_cmpfloat (bg_wave_eval (&pulse, 2.7, 2.7), ==, 4);
  g_assert_cmpfloat (bg_wave_eval (&table, 0, 0), ==, 1);
  g_assert_cmpfloat_with_epsilon (bg_wave_eval (&table, 1, 1), 2, 1e-15);
  g_assert_cmpfloat (bg_wave_eval (&table, 9, 9), ==, 3);
  /* A jump takes the level at t_level (inside the solver's segment). */
  g_assert_cmpfloat (bg_wave_eval (&pulse, 0.75, 0.7), ==, 4);
}

static void
test_switch_times (void)
{
  const double pts[] = { 0, 0, 0.5, 1, 2, 1, 9, 0 };
  BgWave ramp = { .kind = BG_WAVE_RAMP, .time = 1, .slope = 3, .until = 2 };
  BgWave pulse = { .kind = BG_WAVE_PULSE, .after = 1, .time = 0,
                   .width = 0.25, .period = 1 };
  BgWave table = { .kind = BG_WAVE_TABLE, .points = pts, .n_points = 4 };
  BgWave sine = { .kind = BG_WAVE_SINE, .amplitude = 1, .frequency = 3 };
  g_autoptr(GArray) t = g_array_new (FALSE, FALSE, sizeof (double));

  g_assert_true (bg_wave_switch_times (&ramp, 5, t, NULL));
  g_assert_cmpuint (t->len, ==, 2);
  g_assert_cmpfloat (g_array_index (t, double, 1), ==, 2);
  g_array_set_size (t, 0);
  /* Edges in (0, 3): 0.25, 1, 1.25, 2, 2.25. */
  g_assert_true (bg_wave_switch_times (&pulse, 3, t, NULL));
  g_assert_cmpuint (t->len, ==, 5);
  g_assert_cmpfloat (g_array_index (t, double, 4), ==, 2.25);
  g_array_set_size (t, 0);
  /* Table points inside (0, 5): 0.5 and 2. */
  g_assert_true (bg_wave_switch_times (&table, 5, t, NULL));
  g_assert_cmpuint (t->len, ==, 2);
  g_array_set_size (t, 0);
  g_assert_true (bg_wave_switch_times (&sine, 5, t, NULL));
  g_assert_cmpuint (t->len, ==, 0);
}

/* RC (τ = 1 s) under a ramp, exact ----------------------------------------- */

static const char *const rc_bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };

/* Ramp a·(t - t0) from t0 to t1, flat after: v_C for RC = τ. */
static double
rc_ramp_exact (double t, double a, double t0, double t1, double tau)
{
  double s, v1;

  if (t <= t0)
    return 0;
  s = MIN (t, t1) - t0;
  v1 = a * (s - tau * (1 - exp (-s / tau)));
  if (t <= t1)
    return v1;
  return a * (t1 - t0) + (v1 - a * (t1 - t0)) * exp (-(t - t1) / tau);
}

static void
test_rc_ramp (void)
{
  const char *const elements[] = {
    "Se electrical U value=0 waveform=ramp time=0.2 slope=5 until=1.2",
    "1 electrical J", "R electrical R1 value=1000", "C electrical C1 value=0.001", NULL
  };
  g_autoptr(BgModel) model = bg_test_build_model (elements, rc_bonds);
  BgTestSim sim;
  double worst = 0;

  bg_test_set_sim (model, 4, 0.01);
  bg_test_simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_switch_times (sim.plan), ==, 2);
  g_assert_cmpfloat (bg_plan_get_switch_time (sim.plan, 0), ==, 0.2);
  g_assert_cmpfloat (bg_plan_get_switch_time (sim.plan, 1), ==, 1.2);
  for (gsize r = 0; r < bg_test_n_rows (&sim); r++)
    {
      double t = bg_test_value (&sim, "t", r);
      worst = MAX (worst, fabs (bg_test_value (&sim, "C1.e", r)
                                - rc_ramp_exact (t, 5, 0.2, 1.2, 1.0)));
    }
  /* Exact solution within 1e-4 V (2e-5 of the 5 V the ramp reaches). */
  g_assert_cmpfloat (worst, <, 1e-4);
  /* The source follows the ramp exactly at the output rows. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "U.e", bg_test_row_at (&sim, 0.7)),
                                  2.5, 1e-12);
  bg_test_sim_clear (&sim);
}

/* The same ramp given as a table: the same run. */
static void
test_table_equals_ramp (void)
{
  const char *const ramp_el[] = {
    "Se electrical U value=0 waveform=ramp time=0.2 slope=5 until=1.2",
    "1 electrical J", "R electrical R1 value=1000", "C electrical C1 value=0.001", NULL
  };
  const char *const table_el[] = {
    "Se electrical U value=0 waveform=table",
    "1 electrical J", "R electrical R1 value=1000", "C electrical C1 value=0.001", NULL
  };
  const double pts[] = { 0.2, 0, 1.2, 5 };
  g_autoptr(BgModel) a = bg_test_build_model (ramp_el, rc_bonds);
  g_autoptr(BgModel) b = bg_test_build_model (table_el, rc_bonds);
  BgTestSim sa, sb;
  double worst = 0;

  bg_test_set_table (b, "U", "points", pts, 2);
  bg_test_set_sim (a, 3, 0.01);
  bg_test_set_sim (b, 3, 0.01);
  bg_test_simulate (a, &sa);
  bg_test_simulate (b, &sb);
  g_assert_cmpuint (bg_test_n_rows (&sa), ==, bg_test_n_rows (&sb));
  g_assert_cmpuint (bg_plan_get_n_switch_times (sb.plan), ==, 2);
  for (gsize r = 0; r < bg_test_n_rows (&sa); r++)
    worst = MAX (worst, fabs (bg_test_value (&sa, "C1.e", r) - bg_test_value (&sb, "C1.e", r)));
  /* Same input, same switching times: the runs agree within 1e-9 V. */
  g_assert_cmpfloat (worst, <, 1e-9);
  /* and both match the exact solution within 1e-4 V. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sb, "C1.e", 200),
                                  rc_ramp_exact (2.0, 5, 0.2, 1.2, 1.0), 1e-4);
  bg_test_sim_clear (&sa);
  bg_test_sim_clear (&sb);
}

/* Series RLC driven at resonance: steady amplitude and phase ---------------- */

static void
test_rlc_sine_resonance (void)
{
  /* R = 10 Ω, L = 0.1 H, C = 1 mF: ω0 = 100 rad/s, f0 = 50/π Hz; the
   * transient decays as e^{-R t / 2L} = e^{-50 t}. */
  g_autofree char *se = g_strdup_printf ("Se electrical U value=0 waveform=sine amplitude=2 "
                                         "frequency=%.17g", 50 / G_PI);
  const char *const elements[] = {
    se, "1 electrical J", "R electrical R1 value=10", "I electrical L1 value=0.1",
    "C electrical C1 value=0.001", NULL
  };
  const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J L1", "b4 J C1", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (elements, bonds);
  double w = 100, a_s = 0, a_c = 0, v_s = 0, v_c = 0;
  guint n = 0;
  BgTestSim sim;

  bg_test_set_sim (model, 0.6, 1e-4);
  bg_test_simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_switch_times (sim.plan), ==, 0);
  /* Project i(t) and v_C(t) on sin and cos over the last 5 periods
   * (0.6 - 10π/100 .. 0.6), after e^{-50·0.28} ≈ 1e-6 of the transient. */
  for (gsize r = 0; r < bg_test_n_rows (&sim); r++)
    {
      double t = bg_test_value (&sim, "t", r);

      if (t < 0.6 - 10 * G_PI / w - 1e-9 || t > 0.6 - 1e-9)
        continue;
      a_s += bg_test_value (&sim, "L1.f", r) * sin (w * t);
      a_c += bg_test_value (&sim, "L1.f", r) * cos (w * t);
      v_s += bg_test_value (&sim, "C1.e", r) * sin (w * t);
      v_c += bg_test_value (&sim, "C1.e", r) * cos (w * t);
      n++;
    }
  a_s *= 2.0 / n; a_c *= 2.0 / n; v_s *= 2.0 / n; v_c *= 2.0 / n;
  /* At resonance i = (U/R) sin ωt: amplitude 0.2 A within 0.5 %, in phase
   * with the source within 0.01 rad (the sums are a 1e-4 s rectangle rule). */
  g_assert_cmpfloat_with_epsilon (hypot (a_s, a_c), 0.2, 1e-3);
  g_assert_cmpfloat_with_epsilon (atan2 (a_c, a_s), 0, 1e-2);
  /* v_C = -(U/(R ω C)) cos ωt: amplitude 2 V (Q = 1) within 0.5 %, lagging by π/2. */
  g_assert_cmpfloat_with_epsilon (hypot (v_s, v_c), 2.0, 1e-2);
  g_assert_cmpfloat_with_epsilon (atan2 (v_c, v_s), -G_PI / 2, 1e-2);
  bg_test_sim_clear (&sim);
}

/* Pulse train into RC: periodic steady state -------------------------------- */

static void
test_rc_pulse_steady (void)
{
  const char *const elements[] = {
    "Se electrical U value=0 waveform=pulse after=1 time=0 width=0.3 period=1",
    "1 electrical J", "R electrical R1 value=500", "C electrical C1 value=0.001", NULL
  };
  g_autoptr(BgModel) model = bg_test_build_model (elements, rc_bonds);
  double tau = 0.5, w = 0.3, p = 1.0;
  double v_lo = exp (-(p - w) / tau) * (1 - exp (-w / tau)) / (1 - exp (-p / tau));
  double v_hi = 1 - (1 - v_lo) * exp (-w / tau);
  BgTestSim sim;

  bg_test_set_sim (model, 12, 0.01);
  bg_test_simulate (model, &sim);
  /* Edges in (0, 12): rises at 1 .. 11, falls at 0.3 .. 11.3. */
  g_assert_cmpuint (bg_plan_get_n_switch_times (sim.plan), ==, 23);
  /* After 10 periods (e^{-20} of the start-up left) the cycle repeats:
   * end of a pulse at v_hi, start of one at v_lo, within 1e-5 V. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "C1.e", bg_test_row_at (&sim, 10.3)),
                                  v_hi, 1e-5);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "C1.e", bg_test_row_at (&sim, 11.0)),
                                  v_lo, 1e-5);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "C1.e", bg_test_row_at (&sim, 11.3)),
                                  v_hi, 1e-5);
  bg_test_sim_clear (&sim);
}

/* The load force follows a waveform too: a free mass (no damping, no
 * drive) under F_load = 4 sin(πt) has p(t) = (4/π)(cos πt - 1). */
static void
test_load_sine (void)
{
  const char *const elements[] = {
    "Se translational F value=0",
    "MechanicalLoad - LOAD mass=2 damping=0 waveform=sine load=0 amplitude=4 frequency=0.5",
    NULL
  };
  const char *const bonds[] = { "b1 F LOAD", NULL };
  g_autoptr(BgModel) model = bg_test_build_model (elements, bonds);
  BgTestSim sim;
  double worst = 0;

  bg_test_set_sim (model, 3, 0.01);
  bg_test_simulate (model, &sim);
  for (gsize r = 0; r < bg_test_n_rows (&sim); r++)
    {
      double t = bg_test_value (&sim, "t", r);

      worst = MAX (worst, fabs (bg_test_value (&sim, "LOAD.p", r)
                                - 4 / G_PI * (cos (G_PI * t) - 1)));
    }
  /* Within 1e-4 kg·m/s (4e-5 of the peak momentum 8/π; rtol 1e-6). */
  g_assert_cmpfloat (worst, <, 1e-4);
  bg_test_sim_clear (&sim);
}

/* Bounds and messages ------------------------------------------------------- */

static void
assert_compile_fails (BgModel *model, const char *message)
{
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  BgPlan *plan;

  g_assert_true (bg_causality_is_ok (causality));
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_null (plan);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_switch_bound (void)
{
  const char *const elements[] = {
    "Se electrical U value=0 waveform=pulse after=1 time=0 width=2e-6 period=1e-5",
    "1 electrical J", "R electrical R1 value=1000", "C electrical C1 value=0.001", NULL
  };
  const char *const table_el[] = {
    "Se electrical U value=0 waveform=table",
    "1 electrical J", "R electrical R1 value=1000", "C electrical C1 value=0.001", NULL
  };
  g_autoptr(BgModel) model = bg_test_build_model (elements, rc_bonds);
  g_autoptr(BgModel) tmodel = bg_test_build_model (table_el, rc_bonds);
  g_autofree double *pts = g_new (double, 2 * 100002);

  bg_test_set_sim (model, 1, 0.01);
  assert_compile_fails (model, "U: its pulse waveform has 199999 switching times before "
                        "the end of the run, more than 100000; use a longer period, fewer "
                        "points or a shorter run");
  /* 100 001 points inside (0, 1) are refused, 100 000 run. */
  for (guint i = 0; i < 100002; i++)
    {
      pts[2 * i] = (i + 1) / 100003.0;
      pts[2 * i + 1] = i % 2;
    }
  bg_test_set_table (tmodel, "U", "points", pts, 100001);
  bg_test_set_sim (tmodel, 1, 0.01);
  assert_compile_fails (tmodel, "U: its table waveform has 100001 switching times before "
                        "the end of the run, more than 100000; use a longer period, fewer "
                        "points or a shorter run");
}

#define HEAD "{\"format\": \"bgmod\", \"version\": 1, "
#define ONE_SOURCE(PARAMS) \
  HEAD "\"elements\": [{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", " \
  "\"params\": " PARAMS "}]}"

static void
test_file_messages (void)
{
  static const struct { const char *data, *message; } cases[] = {
    { ONE_SOURCE ("{\"waveform\": \"ramp\", \"time\": 1, \"until\": 0.5}"),
      "elements[0].params.until: must be greater than the start time (1 s), "
      "or 0 for a ramp without end (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"pulse\", \"width\": 2, \"period\": 1}"),
      "elements[0].params.period: must be greater than the pulse width (2 s) (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"table\", \"points\": [[0, 1], [0, 2]]}"),
      "elements[0].params.points: row 2: t must be greater than in the row before (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"table\", \"points\": [[0, 1]]}"),
      "elements[0].params.points: needs at least 2 rows [t, u] (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"table\", \"points\": [[0, 1], [1]]}"),
      "elements[0].params.points[1]: must be a pair of numbers (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"sine\", \"frequency\": 0}"),
      "elements[0].params.frequency: must be > 0 (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"pulse\", \"width\": -1}"),
      "elements[0].params.width: must be > 0 (element U)" },
    { ONE_SOURCE ("{\"waveform\": \"ramp\", \"slope\": \"fast\"}"),
      "elements[0].params.slope: must be a number (element U)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BgModel *model = bg_file_load_from_data (cases[i].data, -1, &error);

      g_assert_null (model);
      g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static double
param (BgModel *model, const char *id, const char *name)
{
  BgElement *el = bg_model_find_element (model, id);
  guint index;

  g_assert_nonnull (bg_component_spec_find_param (el->spec, name, &index));
  return el->params[index].number;
}

static void
test_file_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (
    HEAD "\"elements\": ["
    "{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"params\": "
    "{\"waveform\": \"sine\", \"value\": 1, \"amplitude\": 3, \"frequency\": 50, \"phase\": 0.5}},"
    "{\"id\": \"P\", \"type\": \"Sf\", \"domain\": \"hydraulic\", \"params\": "
    "{\"waveform\": \"pulse\", \"value\": 0}},"
    "{\"id\": \"T\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"params\": "
    "{\"waveform\": \"table\", \"points\": [[0, 0], [1, 2e6], [3, 1e6]]}},"
    "{\"id\": \"K\", \"type\": \"Se\", \"domain\": \"rotational\"}]}", -1, &error);
  g_autofree char *data = NULL;
  g_autoptr(BgModel) back = NULL;
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  /* A pulse left without its levels takes docs/components.md's: 0 → 1 from t = 0. */
  g_assert_cmpfloat (param (model, "P", "after"), ==, 1);
  g_assert_cmpfloat (param (model, "P", "time"), ==, 0);
  data = bg_file_to_data (model, NULL);
  g_test_message ("%s", data);
  g_assert_nonnull (strstr (data, "\"amplitude\": 3, \"frequency\": 50, \"phase\": 0.5"));
  g_assert_nonnull (strstr (data, "\"points\": [[0, 0], [1, 2e6], [3, 1e6]]"));
  /* A constant source carries no fields of the other waveforms. */
  g_assert_null (strstr (strstr (data, "\"id\": \"K\""), "slope"));
  back = bg_file_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  again = bg_file_to_data (back, NULL);
  g_assert_cmpstr (again, ==, data);
  g_assert_cmpfloat (param (back, "U", "frequency"), ==, 50);
}

/* Model edits are checked the same way (the inspector's path). */
static void
test_model_refuses (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  BgParamValue choice = { BG_PARAM_CHOICE, 0, (char *) "pulse", NULL };

  g_assert_nonnull (bg_model_add_element (model, "Sf", BG_DOMAIN_ELECTRICAL, "I0", 0, 0, &error));
  g_assert_true (bg_model_set_param (model, "I0", "waveform", &choice, &error));
  g_assert_false (bg_model_set_param_number (model, "I0", "period", 0.25, &error));
  g_assert_cmpstr (error->message, ==,
                   "I0: period: must be greater than the pulse width (0.5 s)");
}

/* Paste from CSV: comma, semicolon with decimal commas, tabs; a header and
 * comments skipped; bad lines named. */
static void
test_table_from_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) a = bg_param_table_from_text ("t,u\n0,1\n0.5, 2e3\n\n# end\n", &error);
  g_autoptr(GArray) b = bg_param_table_from_text ("0;1,5\r\n2;-3,25\r\n", &error);
  g_autoptr(GArray) c = bg_param_table_from_text ("1\t2\n3\t4", &error);
  GArray *bad;

  g_assert_no_error (error);
  g_assert_cmpuint (a->len, ==, 4);
  g_assert_cmpfloat (g_array_index (a, double, 3), ==, 2000);
  g_assert_cmpuint (b->len, ==, 4);
  g_assert_cmpfloat (g_array_index (b, double, 1), ==, 1.5);
  g_assert_cmpfloat (g_array_index (b, double, 3), ==, -3.25);
  g_assert_cmpuint (c->len, ==, 4);
  bad = bg_param_table_from_text ("0,1\n1,x\n", &error);
  g_assert_null (bad);
  g_assert_cmpstr (error->message, ==, "line 2: expected two numbers, such as “0.5, 10”");
  g_clear_error (&error);
  bad = bg_param_table_from_text ("time,value\n", &error);
  g_assert_null (bad);
  g_assert_cmpstr (error->message, ==, "no rows of two numbers found");
}

/* Switching and captions --------------------------------------------------- */

/* An element's parameters at their defaults, with @waveform chosen. */
static BgParamValue *
default_values (const BgComponentSpec *spec,
                const char            *waveform)
{
  BgParamValue *values = g_new0 (BgParamValue, spec->n_params);
  guint form;

  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&values[i], &spec->params[i]);
  g_assert_nonnull (bg_component_spec_find_param (spec, "waveform", &form));
  g_free (values[form].choice);
  values[form].choice = g_strdup (waveform);
  return values;
}

static void
free_values (const BgComponentSpec *spec,
             BgParamValue          *values)
{
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_clear (&values[i]);
  g_free (values);
}

static double
switched (const char **names, const double *numbers, guint n, const char *name)
{
  for (guint i = 0; i < n; i++)
    if (g_str_equal (names[i], name))
      return numbers[i];
  return NAN;
}

static void
set_number (const BgComponentSpec *spec, BgParamValue *values, const char *name, double v)
{
  guint i;

  g_assert_nonnull (bg_component_spec_find_param (spec, name, &i));
  values[i].number = v;
}

/* Choosing Step steps up from rest: a constant 1 N becomes 0 → 1 N (it
 * was 1 → 0, a step down); a level the user gave "after" stays. */
static void
test_switch_to_step (void)
{
  const BgComponentSpec *se = bg_library_lookup ("Se", BG_DOMAIN_TRANSLATIONAL);
  const BgComponentSpec *load = bg_library_lookup ("MechanicalLoad", BG_DOMAIN_NONE);
  const char *names[4];
  double numbers[4];
  BgParamValue *values = default_values (se, "constant");
  guint n;

  n = bg_wave_switch_numbers (se, values, "step", names, numbers, 4);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpfloat (switched (names, numbers, n, "value"), ==, 0);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 1);

  /* from a 12 V-like level: 0 → 12 */
  set_number (se, values, "value", 12);
  n = bg_wave_switch_numbers (se, values, "step", names, numbers, 4);
  g_assert_cmpfloat (switched (names, numbers, n, "value"), ==, 0);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 12);

  /* a level at rest steps to 1 */
  set_number (se, values, "value", 0);
  n = bg_wave_switch_numbers (se, values, "step", names, numbers, 4);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 1);

  /* an `after` the user set is theirs */
  set_number (se, values, "value", 3);
  set_number (se, values, "after", 5);
  n = bg_wave_switch_numbers (se, values, "step", names, numbers, 4);
  g_assert_cmpuint (n, ==, 0);
  free_values (se, values);

  /* from a pulse train at its defaults (0 → 1 from 0 s): up again, at
   * the step's own time */
  values = default_values (se, "pulse");
  set_number (se, values, "after", 1);
  set_number (se, values, "time", 0);
  n = bg_wave_switch_numbers (se, values, "step", names, numbers, 4);
  g_assert_cmpfloat (switched (names, numbers, n, "time"), ==, 0.5);
  g_assert_cmpfloat (switched (names, numbers, n, "value"), ==, 0);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 1);
  /* and back to a pulse: its defaults where the step's stood */
  free_values (se, values);
  values = default_values (se, "step");
  n = bg_wave_switch_numbers (se, values, "pulse", names, numbers, 4);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 1);
  g_assert_cmpfloat (switched (names, numbers, n, "time"), ==, 0);
  free_values (se, values);

  /* the load force is the load's level */
  values = default_values (load, "constant");
  set_number (load, values, "load", 50);
  n = bg_wave_switch_numbers (load, values, "step", names, numbers, 4);
  g_assert_cmpfloat (switched (names, numbers, n, "load"), ==, 0);
  g_assert_cmpfloat (switched (names, numbers, n, "after"), ==, 50);
  free_values (load, values);
}

static void
assert_label (const BgComponentSpec *spec,
              BgParamValue          *values,
              const char            *name,
              const char            *want)
{
  g_autofree char *got = bg_wave_param_label (spec, bg_component_spec_find_param (spec, name, NULL),
                                              values);

  g_assert_cmpstr (got, ==, want);
}

/* The levels say which is before and which after the step. */
static void
test_param_labels (void)
{
  const BgComponentSpec *se = bg_library_lookup ("Se", BG_DOMAIN_TRANSLATIONAL);
  const BgComponentSpec *load = bg_library_lookup ("MechanicalLoad", BG_DOMAIN_NONE);
  BgParamValue *values = default_values (se, "step");

  assert_label (se, values, "value", "Force before the step");
  assert_label (se, values, "after", "Force after the step");
  assert_label (se, values, "time", "Step time");
  free_values (se, values);
  values = default_values (se, "pulse");
  assert_label (se, values, "value", "Force between pulses");
  assert_label (se, values, "after", "Force during a pulse");
  assert_label (se, values, "time", "Start of the first pulse");
  assert_label (se, values, "width", "Pulse width");
  free_values (se, values);
  values = default_values (se, "constant");
  assert_label (se, values, "value", "Force");
  free_values (se, values);
  values = default_values (se, "ramp");
  assert_label (se, values, "time", "Start of the ramp");
  free_values (se, values);
  values = default_values (load, "step");
  assert_label (load, values, "load", "Load force before the step");
  assert_label (load, values, "after", "Load force after the step");
  assert_label (load, values, "mass", "Mass");
  free_values (load, values);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/waveform/eval", test_eval);
  g_test_add_func ("/core/waveform/switch-times", test_switch_times);
  g_test_add_func ("/core/waveform/rc-ramp", test_rc_ramp);
  g_test_add_func ("/core/waveform/table-equals-ramp", test_table_equals_ramp);
  g_test_add_func ("/core/waveform/rlc-sine-resonance", test_rlc_sine_resonance);
  g_test_add_func ("/core/waveform/rc-pulse-steady-state", test_rc_pulse_steady);
  g_test_add_func ("/core/waveform/load-sine", test_load_sine);
  g_test_add_func ("/core/waveform/switch-bound", test_switch_bound);
  g_test_add_func ("/core/waveform/file-messages", test_file_messages);
  g_test_add_func ("/core/waveform/file-round-trip", test_file_round_trip);
  g_test_add_func ("/core/waveform/model-refuses", test_model_refuses);
  g_test_add_func ("/core/waveform/table-from-text", test_table_from_text);
  g_test_add_func ("/core/waveform/switch-to-step", test_switch_to_step);
  g_test_add_func ("/core/waveform/param-labels", test_param_labels);
  return g_test_run ();
}
