/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c — edge and hostile models through loader, compiler and
 * simulator.
 *
 * Owns: the regression tests for the reproducers in tests/data/hostile/
 * (switch times the solver cannot resolve, tolerances that reached 0,
 * values that overflow), each compared with its closed form. Must not:
 * run the CLI (test-cli-hostile.c does) or touch GTK.
 *
 * The fixtures are RC circuits (R1 = 1 kΩ, C1 = 1 mF, τ = 1 s) driven by
 * steps: C1.e(t) = Σ E_k (1 − exp(−(t − t_k)/τ)) for t > t_k. With the
 * default rtol 1e-6 the tests allow 1e-5 relative error.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-simulator.h"

#define TOL 1e-5

typedef struct
{
  BgPlan     *plan;
  BgResult   *result;
  BgSimReport report;
  BgSimStatus status;
  GError     *error;
} Sim;

static void
sim_clear (Sim *sim)
{
  g_clear_pointer (&sim->plan, bg_plan_unref);
  g_clear_pointer (&sim->result, bg_result_unref);
  g_clear_error (&sim->error);
  bg_sim_report_clear (&sim->report);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Sim, sim_clear)

static BgModel *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile", name, NULL);
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_path (path, &error);

  g_assert_no_error (error);
  return model;
}

static void
simulate (BgModel *model, const BgSimSettings *settings, Sim *sim)
{
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);

  memset (sim, 0, sizeof *sim);
  g_assert_true (bg_causality_is_ok (causality));
  sim->plan = bg_compiler_compile (model, causality, settings, &sim->error);
  g_assert_no_error (sim->error);
  sim->result = bg_simulator_new_result (sim->plan);
  sim->status = bg_simulator_run (sim->plan, sim->result, NULL, NULL, NULL,
                                  &sim->report, &sim->error);
}

static double
value_at (Sim *sim, const char *name, gsize row)
{
  int v = bg_result_lookup (sim->result, name);

  g_assert_cmpint (v, >=, 0);
  return bg_result_get_value (sim->result, v, row);
}

static void
assert_close (double got, double want)
{
  g_assert_cmpfloat_with_epsilon (got, want, TOL * MAX (fabs (want), 1e-3));
}

/* C1.e of an RC charged by steps (E_k at t_k). */
static double
rc_voltage (double t, const double *E, const double *t_step, guint n)
{
  double e = 0;

  for (guint k = 0; k < n; k++)
    if (t >= t_step[k])
      e += E[k] * (1 - exp (-(t - t_step[k])));
  return e;
}

/* Runs a fixture and checks every row against the closed form. */
static void
check_rc_fixture (const char *name, const double *E, const double *t_step, guint n)
{
  g_autoptr(BgModel) model = load_fixture (name);
  g_auto(Sim) sim = { 0 };
  gsize n_rows;

  simulate (model, NULL, &sim);
  g_assert_no_error (sim.error);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FINISHED);
  n_rows = bg_result_get_n_rows (sim.result);
  g_assert_cmpuint (n_rows, ==, 1001);
  for (gsize r = 0; r < n_rows; r++)
    assert_close (value_at (&sim, "C1.e", r),
                  rc_voltage (value_at (&sim, "t", r), E, t_step, n));
}

/* A step 1e-15 s before t_end = 5 ("tout too close to t0"): left to the
 * last row, which shows the source after it. */
static void
test_step_near_end (void)
{
  static const double E[] = { 10 }, ts[] = { 4.999999999999999 };
  g_autoptr(BgModel) model = load_fixture ("step-near-end.bgmod");
  g_auto(Sim) sim = { 0 };
  gsize last;

  check_rc_fixture ("step-near-end.bgmod", E, ts, 1);
  simulate (model, NULL, &sim);
  last = bg_result_get_n_rows (sim.result) - 1;
  g_assert_cmpfloat (value_at (&sim, "t", last), ==, 5);
  g_assert_cmpfloat (value_at (&sim, "U.e", last), ==, 10);
  g_assert_cmpfloat (value_at (&sim, "U.e", last - 1), ==, 0);
}

/* A step at 1e-45 s ("tstop is behind current t" at 1e-300): applies
 * from the start; the row at t = 0 shows the source before it. */
static void
test_step_near_zero (void)
{
  static const double E[] = { 10 }, ts[] = { 0 };
  g_autoptr(BgModel) model = load_fixture ("step-near-zero.bgmod");
  g_auto(Sim) sim = { 0 };

  check_rc_fixture ("step-near-zero.bgmod", E, ts, 1);
  simulate (model, NULL, &sim);
  g_assert_cmpfloat (value_at (&sim, "U.e", 0), ==, 0);
  g_assert_cmpfloat (value_at (&sim, "U.e", 1), ==, 10);
}

/* Two sources stepping one ulp apart at 2.5 s: one restart. */
static void
test_steps_close (void)
{
  static const double E[] = { 10, 5 }, ts[] = { 2.5, 2.5000000000000004 };

  check_rc_fixture ("steps-close.bgmod", E, ts, 2);
}

/* A step one ulp after the output time 2.5 s: the row at 2.5 is before it. */
static void
test_step_near_output (void)
{
  static const double E[] = { 10 }, ts[] = { 2.5000000000000004 };
  g_autoptr(BgModel) model = load_fixture ("step-near-output.bgmod");
  g_auto(Sim) sim = { 0 };

  check_rc_fixture ("step-near-output.bgmod", E, ts, 1);
  simulate (model, NULL, &sim);
  g_assert_cmpfloat (value_at (&sim, "t", 500), ==, 2.5);
  g_assert_cmpfloat (value_at (&sim, "U.e", 500), ==, 0);
  g_assert_cmpfloat (value_at (&sim, "U.e", 501), ==, 10);
}

/* Per-state absolute tolerances stay in (0, scale] for any accepted
 * settings (1e-320 V once made one 0: "Initial ewt has component(s)
 * equal to zero"). */
static void
test_tolerance_bounds (void)
{
  static const double atols[] = { 0, 1e-300, 1e-15, 1e-9, BG_SIM_MAX_ATOL };
  static const double rtols[] = { BG_SIM_MIN_RTOL, 1e-6, 0.5 };
  g_autoptr(BgModel) model = load_fixture ("rc-plain.bgmod");
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);

  for (guint a = 0; a < G_N_ELEMENTS (atols); a++)
    for (guint r = 0; r < G_N_ELEMENTS (rtols); r++)
      {
        BgSimSettings s = *bg_model_get_simulation (model);
        g_autoptr(GError) error = NULL;
        g_autoptr(BgPlan) plan = NULL;

        s.atol = atols[a];
        s.rtol = rtols[r];
        plan = bg_compiler_compile (model, causality, &s, &error);
        g_assert_no_error (error);
        for (guint i = 0; i < bg_plan_get_n_states (plan); i++)
          {
            double scale = bg_plan_get_state_scale (plan, i);
            double atol = bg_plan_get_state_atol (plan, i);

            g_assert_cmpfloat (atol, >, 0);
            g_assert_cmpfloat (atol, <=, scale);
            g_assert_cmpfloat (atol, >=, 1e-15 * scale);
          }
      }
}

/* The smallest accepted parameters still simulate: a 1e-50 V source
 * charges C1 to 1e-50 · (1 − e^−5). */
static void
test_smallest_source (void)
{
  g_autoptr(BgModel) model = load_fixture ("rc-plain.bgmod");
  g_autoptr(GError) error = NULL;
  g_auto(Sim) sim = { 0 };
  gsize last;

  bg_model_set_param_number (model, "U", "value", 1e-50, &error);
  g_assert_no_error (error);
  simulate (model, NULL, &sim);
  g_assert_no_error (sim.error);
  last = bg_result_get_n_rows (sim.result) - 1;
  g_assert_cmpfloat_with_epsilon (value_at (&sim, "C1.e", last), 1e-50 * (1 - exp (-5)),
                                  TOL * 1e-50);
}

/* Overflowing flows end the run as a failure at the step, naming the
 * variable and its bond; the 500 rows before stay. */
static void
test_non_finite_row (void)
{
  g_autoptr(BgModel) model = load_fixture ("tf-chain-overflow.bgmod");
  g_auto(Sim) sim = { 0 };

  simulate (model, NULL, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FAILED);
  g_assert_error (sim.error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_SOLVER);
  g_assert_cmpstr (sim.error->message, ==,
                   "The simulation failed at t = 0.5 s: b1.f (the variable f of b1) "
                   "is not a finite number");
  g_assert_cmpfloat (sim.report.t, ==, 0.5);
  g_assert_cmpuint (bg_result_get_n_rows (sim.result), ==, 500);
  for (gsize r = 0; r < 500; r++)
    for (guint v = 0; v < bg_result_get_n_vars (sim.result); v++)
      g_assert_true (isfinite (bg_result_get_value (sim.result, v, r)));
}

/* Subnormal and huge parameters are refused by the loader, naming the
 * element's path, the parameter and the element's id. */
static void
test_parameters_refused (void)
{
  static const struct { const char *file, *message; } cases[] = {
    { "se-subnormal.bgmod", "elements[0].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element U)" },
    { "c-subnormal.bgmod", "elements[3].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element C1)" },
    { "r-subnormal.bgmod", "elements[2].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element R1)" },
    { "se-huge.bgmod", "elements[0].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element U)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile",
                                                     cases[i].file, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_null (bg_file_load_path (path, &error));
      g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
      g_assert_true (g_str_has_suffix (error->message, cases[i].message));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hostile/switch/near-end", test_step_near_end);
  g_test_add_func ("/hostile/switch/near-zero", test_step_near_zero);
  g_test_add_func ("/hostile/switch/close-together", test_steps_close);
  g_test_add_func ("/hostile/switch/near-output", test_step_near_output);
  g_test_add_func ("/hostile/tolerance/bounds", test_tolerance_bounds);
  g_test_add_func ("/hostile/params/smallest-source", test_smallest_source);
  g_test_add_func ("/hostile/params/refused", test_parameters_refused);
  g_test_add_func ("/hostile/non-finite-row", test_non_finite_row);
  return g_test_run ();
}
