/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-energy.c — the energy ledger of a run against closed forms.
 *
 * Owns: that the ledger the solver integrates (core/bg-energy.h) matches
 * the closed forms of an RC circuit charging from a step (supplied C·U²,
 * stored and dissipated ½ C·U² each) and of a free mass and spring (stored
 * energy constant, nothing supplied or dissipated), that the hydraulic
 * bench balances within 1e-4 at its default tolerance, that a run with
 * energy gives the same doubles as one without, that every account's
 * instantaneous power balances at every row of every example, that the
 * accumulator's gas energy is the integral of its pressure, that a
 * plan without states integrates its sources exactly, and that a ledger
 * that overflows stops (saying why) without stopping the run. Must not: depend on
 * GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-energy.h"
#include "bg-file.h"
#include "bg-model-flatten.h"
#include "bg-plan-private.h"
#include "bg-test-sim.h"

/* The account of element id with role, or aborts. */
static guint
account_of (BgEnergy *energy, const char *id, BgEnergyRole role)
{
  guint first, n;

  g_assert_true (bg_energy_find_element (energy, id, &first, &n));
  for (guint a = first; a < first + n; a++)
    if (bg_energy_get_account_role (energy, a) == role)
      return a;
  g_error ("%s has no %s account", id, bg_energy_role_name (role));
  return 0;
}

static void
assert_relative (double value, double expected, double tolerance)
{
  g_assert_cmpfloat (fabs (value - expected), <=, tolerance * fabs (expected));
}

/* RC charging ---------------------------------------------------------- */

#define RC_U 10.0
#define RC_C 1e-3
#define RC_R 1e3
#define RC_STEP 0.5
/* Twenty time constants after the step: e^-20 = 2e-9 of the charge is left. */
#define RC_T_END (RC_STEP + 20.0)

/* Tolerance of the energies at the default rtol 1e-6: the residual the
 * solver leaves is about ten times rtol (measured 5e-6 on this circuit). */
#define ENERGY_TOL 1e-4

static BgModel *
build_rc_step (void)
{
  static const char *const elements[] = {
    "Se electrical U value=0 waveform=step after=10 time=0.5",
    "1 electrical J",
    "R electrical R1 value=1000",
    "C electrical C1 value=0.001",
    NULL
  };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };
  BgModel *model = bg_test_build_model (elements, bonds);

  bg_test_set_sim (model, RC_T_END, 0.01);
  return model;
}

static void
test_rc_charging (void)
{
  g_autoptr (BgModel) model = build_rc_step ();
  BgTestSim sim;
  BgEnergy *energy;
  double cu2 = RC_C * RC_U * RC_U, x = 1 - exp (-(RC_T_END - RC_STEP) / (RC_R * RC_C));
  gsize last;
  guint u, r, c;

  bg_test_simulate_energy (model, &sim);
  energy = sim.energy;
  g_assert_cmpuint (bg_energy_get_n_accounts (energy), ==, 3);
  u = account_of (energy, "U", BG_ENERGY_SOURCE);
  r = account_of (energy, "R1", BG_ENERGY_DISSIPATOR);
  c = account_of (energy, "C1", BG_ENERGY_STORAGE);
  g_assert_false (bg_energy_find_element (energy, "J", NULL, NULL));
  g_assert_cmpstr (bg_energy_get_account_name (energy, r), ==, "R1.W");
  g_assert_cmpuint (bg_energy_get_n_rows (energy), ==, bg_test_n_rows (&sim));

  last = bg_energy_get_n_rows (energy) - 1;
  /* The closed forms at t_end, and their limits C·U², ½ C·U², ½ C·U². */
  assert_relative (bg_energy_get_value (energy, u, last), cu2 * x, ENERGY_TOL);
  assert_relative (bg_energy_get_value (energy, c, last), 0.5 * cu2 * x * x, ENERGY_TOL);
  assert_relative (bg_energy_get_value (energy, r, last), cu2 * x - 0.5 * cu2 * x * x, ENERGY_TOL);
  assert_relative (bg_energy_get_total (energy, BG_ENERGY_SUPPLIED, last), cu2, ENERGY_TOL);
  assert_relative (bg_energy_get_total (energy, BG_ENERGY_STORED, last), 0.5 * cu2, ENERGY_TOL);
  assert_relative (bg_energy_get_total (energy, BG_ENERGY_DISSIPATED, last), 0.5 * cu2, ENERGY_TOL);
  g_assert_cmpfloat (bg_energy_get_relative_residual (energy, last), <=, ENERGY_TOL);

  /* Over time: nothing before the step, then E_C = ½ C U² (1 − e^(−t'))². */
  for (gsize row = 0; row <= last; row++)
    {
      double t = bg_test_value (&sim, "t", row);
      double k = t > RC_STEP ? 1 - exp (-(t - RC_STEP) / (RC_R * RC_C)) : 0;

      g_assert_cmpfloat (bg_result_get_value (bg_energy_get_ledger (energy), 0, row), ==, t);
      g_assert_cmpfloat (fabs (bg_energy_get_value (energy, c, row) - 0.5 * cu2 * k * k), <=,
                         ENERGY_TOL * 0.5 * cu2);
      g_assert_cmpfloat (fabs (bg_energy_get_value (energy, u, row) - cu2 * k), <=, ENERGY_TOL * cu2);
      g_assert_cmpfloat (fabs (bg_energy_get_total (energy, BG_ENERGY_RESIDUAL, row)), <=,
                         ENERGY_TOL * cu2);
    }
  bg_test_sim_clear (&sim);
}

/* Instantaneous power at rows: the same as the result's own variables. */
static void
test_instant_values (void)
{
  g_autoptr (BgModel) model = build_rc_step ();
  g_autofree double *power = NULL, *stored = NULL;
  BgTestSim sim;
  BgEnergy *energy;
  guint u, r, c;

  bg_test_simulate_energy (model, &sim);
  energy = sim.energy;
  u = account_of (energy, "U", BG_ENERGY_SOURCE);
  r = account_of (energy, "R1", BG_ENERGY_DISSIPATOR);
  c = account_of (energy, "C1", BG_ENERGY_STORAGE);
  power = g_new (double, bg_energy_get_n_accounts (energy));
  stored = g_new (double, bg_energy_get_n_accounts (energy));
  for (gsize row = 0; row < bg_test_n_rows (&sim); row += 97)
    {
      double ir = bg_test_value (&sim, "R1.f", row);
      GError *error = NULL;

      g_assert_true (bg_energy_eval_row (energy, sim.result, row, power, stored, &error));
      g_assert_no_error (error);
      assert_relative (power[r], RC_R * ir * ir, 1e-12);
      assert_relative (power[u], -bg_test_value (&sim, "U.e", row) * bg_test_value (&sim, "U.f", row), 1e-12);
      assert_relative (power[c], bg_test_value (&sim, "C1.e", row) * bg_test_value (&sim, "C1.f", row), 1e-12);
      assert_relative (stored[c], bg_test_value (&sim, "C1.E", row), 1e-12);
      g_assert_cmpfloat (stored[r], ==, 0);
    }
  bg_test_sim_clear (&sim);
}

/* A result that does not hold the states cannot give instant values. */
static void
test_instant_needs_states (void)
{
  g_autoptr (BgModel) model = build_rc_step ();
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  g_autoptr (BgEnergy) energy = NULL;
  double power[3];
  GError *error = NULL;

  plan = bg_compiler_compile_with_energy (model, causality, NULL, &error);
  g_assert_no_error (error);
  result = bg_simulator_new_result_for (plan, NULL, 0, FALSE);
  energy = bg_energy_new (plan);
  g_assert_cmpint (bg_simulator_run_with_energy (plan, result, energy, NULL, NULL, NULL, NULL, &error),
                   ==, BG_SIM_STATUS_FINISHED);
  g_assert_no_error (error);
  g_assert_false (bg_energy_eval_row (energy, result, 1, power, NULL, &error));
  g_assert_error (error, BG_ENERGY_ERROR, BG_ENERGY_ERROR_NOT_RECORDED);
  g_assert_nonnull (strstr (error->message, "C1.q"));
  g_clear_error (&error);

  /* A plan compiled without energy has no ledger. */
  {
    g_autoptr (BgPlan) plain = bg_compiler_compile (model, causality, NULL, &error);
    g_assert_no_error (error);
    g_assert_false (bg_plan_has_energy (plain));
    g_assert_null (bg_energy_new (plain));
    g_assert_true (bg_plan_has_energy (plan));
  }
}

/* Free mass and spring --------------------------------------------------- */

static void
test_free_oscillator (void)
{
  static const char *const elements[] = {
    "1 translational J",
    "I translational M value=2 initial=1",
    "C translational K value=0.01",
    NULL
  };
  static const char *const bonds[] = { "b1 J M", "b2 J K", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  double e0 = 1.0 * 1.0 / (2 * 2.0);   /* p0²/2m */
  BgTestSim sim;
  BgEnergy *energy;
  gsize last;

  /* ω = 1/√(mC) = 7.07 rad/s: eleven cycles. */
  bg_test_set_sim (model, 10.0, 0.01);
  bg_test_simulate_energy (model, &sim);
  energy = sim.energy;
  g_assert_cmpuint (bg_energy_get_n_accounts (energy), ==, 2);
  last = bg_energy_get_n_rows (energy) - 1;
  assert_relative (bg_energy_get_stored_sum (energy, 0), e0, 1e-15);
  for (gsize row = 0; row <= last; row++)
    {
      /* Nothing supplied, nothing dissipated: the total stays e0. */
      g_assert_cmpfloat (bg_energy_get_total (energy, BG_ENERGY_SUPPLIED, row), ==, 0);
      g_assert_cmpfloat (bg_energy_get_total (energy, BG_ENERGY_DISSIPATED, row), ==, 0);
      g_assert_cmpfloat (fabs (bg_energy_get_total (energy, BG_ENERGY_STORED, row)), <=, ENERGY_TOL * e0);
      assert_relative (bg_energy_get_stored_sum (energy, row), e0, ENERGY_TOL);
    }
  /* It swings between the mass and the spring. */
  g_assert_cmpfloat (fabs (bg_energy_get_value (energy, account_of (energy, "K", BG_ENERGY_STORAGE),
                                                bg_test_row_at (&sim, 0.22))), >, 0.5 * e0);
  g_assert_cmpfloat (bg_energy_get_relative_residual (energy, last), <=, ENERGY_TOL);
  g_test_message ("free oscillator: |ΔE|/E0 = %.3g", bg_energy_get_relative_residual (energy, last));
  bg_test_sim_clear (&sim);
}

/* The hydraulic bench ---------------------------------------------------- */

static void
test_bench (void)
{
  g_autoptr (BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  BgTestSim sim;
  BgEnergy *energy;
  gsize last;
  double rel;

  bg_test_simulate_energy (model, &sim);
  energy = sim.energy;
  last = bg_energy_get_n_rows (energy) - 1;
  rel = bg_energy_get_relative_residual (energy, last);
  g_test_message ("hydraulic bench: supplied %.6g J, dissipated %.6g J, stored %.6g J, relative residual %.3g",
                  bg_energy_get_total (energy, BG_ENERGY_SUPPLIED, last),
                  bg_energy_get_total (energy, BG_ENERGY_DISSIPATED, last),
                  bg_energy_get_total (energy, BG_ENERGY_STORED, last), rel);
  g_assert_cmpfloat (rel, <=, 1e-4);
  /* The pump supplies, the cylinder passes on what it takes in, the load
   * stores, dissipates and (its force) takes energy out. */
  g_assert_cmpfloat (bg_energy_get_value (energy, account_of (energy, "PUMP", BG_ENERGY_SOURCE), last), >, 0);
  g_assert_cmpfloat (bg_energy_get_value (energy, account_of (energy, "CYL", BG_ENERGY_TRANSDUCER), last), >, 0);
  account_of (energy, "LOAD", BG_ENERGY_STORAGE);
  account_of (energy, "LOAD", BG_ENERGY_DISSIPATOR);
  account_of (energy, "ACC", BG_ENERGY_STORAGE);
  bg_test_sim_clear (&sim);
}

/* A DC motor's three accounts and their names. */
static void
test_motor_accounts (void)
{
  g_autoptr (BgModel) model = bg_test_load_example ("dc-motor-gear-load.bgmod");
  BgTestSim sim;
  guint first, n;

  bg_test_simulate_energy (model, &sim);
  g_assert_true (bg_energy_find_element (sim.energy, "MOT", &first, &n));
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpint (bg_energy_get_account_role (sim.energy, first), ==, BG_ENERGY_TRANSDUCER);
  g_assert_cmpstr (bg_energy_get_account_name (sim.energy, first), ==, "MOT.W");
  g_assert_cmpstr (bg_energy_get_account_name (sim.energy, first + 1), ==, "MOT.W_dissipator");
  g_assert_cmpstr (bg_energy_get_account_name (sim.energy, first + 2), ==, "MOT.W_storage");
  g_assert_cmpint (bg_energy_get_account_role (sim.energy, account_of (sim.energy, "GEAR", BG_ENERGY_TRANSDUCER)),
                   ==, BG_ENERGY_TRANSDUCER);
  bg_test_sim_clear (&sim);
}

/* Every example ---------------------------------------------------------- */

/* Supplied − dissipated − the power into the storages is 0 at a row, up to
 * rounding: every kind declares all the power it takes. */
static void
check_power_balance (BgTestSim *sim, const char *name)
{
  BgEnergy *energy = sim->energy;
  guint n = bg_energy_get_n_accounts (energy);
  g_autofree double *power = g_new (double, MAX (n, 1));

  for (gsize row = 0; row < bg_test_n_rows (sim); row += 7)
    {
      double sum = 0, size = 0;
      GError *error = NULL;

      g_assert_true (bg_energy_eval_row (energy, sim->result, row, power, NULL, &error));
      g_assert_no_error (error);
      for (guint a = 0; a < n; a++)
        {
          switch (bg_energy_get_account_role (energy, a))
            {
            case BG_ENERGY_SOURCE:
              sum += power[a];
              break;
            case BG_ENERGY_DISSIPATOR:
            case BG_ENERGY_STORAGE:
              sum -= power[a];
              break;
            case BG_ENERGY_TRANSDUCER:
            default:
              continue;
            }
          size += fabs (power[a]);
        }
      if (fabs (sum) > 1e-9 * size + 1e-300)
        g_error ("%s: power does not balance at row %" G_GSIZE_FORMAT ": %g of %g", name, row, sum, size);
    }
}

/* The result of a run with energy is the same doubles as without. */
static void
check_same_result (BgTestSim *plain, BgTestSim *with)
{
  guint n_vars = bg_result_get_n_vars (plain->result);

  g_assert_cmpuint (n_vars, ==, bg_result_get_n_vars (with->result));
  g_assert_cmpuint (bg_test_n_rows (plain), ==, bg_test_n_rows (with));
  g_assert_cmpuint (bg_energy_get_n_rows (with->energy), ==, bg_test_n_rows (with));
  for (guint v = 0; v < n_vars; v++)
    for (gsize r = 0; r < bg_test_n_rows (plain); r++)
      {
        double a = bg_result_get_value (plain->result, v, r), b = bg_result_get_value (with->result, v, r);
        if (memcmp (&a, &b, sizeof a) != 0)
          g_error ("%s differs at row %" G_GSIZE_FORMAT ": %.17g, %.17g",
                   bg_result_get_var_name (plain->result, v), r, a, b);
      }
}

static void
test_examples (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                                "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_run = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr (BgModel) model = NULL;
      g_autoptr (BgModel) flat = NULL;
      g_autoptr (BgCausality) causality = NULL;
      GError *error = NULL;
      BgTestSim plain, with;
      double rel;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      flat = bg_model_flatten (model, NULL, &error);
      g_assert_no_error (error);
      causality = bg_causality_analyze (flat);
      if (!bg_causality_is_ok (causality))
        continue;

      bg_test_simulate (model, &plain);
      bg_test_simulate_energy (model, &with);
      check_same_result (&plain, &with);
      check_power_balance (&with, name);
      rel = bg_energy_get_relative_residual (with.energy, bg_energy_get_n_rows (with.energy) - 1);
      g_test_message ("%s: %u accounts, relative residual %.3g", name,
                      bg_energy_get_n_accounts (with.energy), rel);
      g_assert_cmpfloat (rel, <=, ENERGY_TOL);
      bg_test_sim_clear (&plain);
      bg_test_sim_clear (&with);
      n_run++;
    }
  g_assert_cmpuint (n_run, >=, 10);
}

/* A plan without states --------------------------------------------------- */

/* u = 10 sin(2π·3 t) V on R = 100 Ω for 2 s: ∫ u²/R dt = 1 J. */
static void
test_without_states (void)
{
  static const char *const elements[] = {
    "Se electrical U value=0 waveform=sine amplitude=10 frequency=3",
    "R electrical R1 value=100",
    NULL
  };
  static const char *const bonds[] = { "b1 U R1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  BgTestSim plain, with;
  gsize last;

  bg_test_set_sim (model, 2.0, 0.01);
  bg_test_simulate (model, &plain);
  bg_test_simulate_energy (model, &with);
  g_assert_cmpuint (bg_plan_get_n_states (with.plan), ==, 0);
  check_same_result (&plain, &with);
  last = bg_energy_get_n_rows (with.energy) - 1;
  assert_relative (bg_energy_get_total (with.energy, BG_ENERGY_SUPPLIED, last), 1.0, ENERGY_TOL);
  assert_relative (bg_energy_get_total (with.energy, BG_ENERGY_DISSIPATED, last), 1.0, ENERGY_TOL);
  bg_test_sim_clear (&plain);
  bg_test_sim_clear (&with);
}

/* A ledger that cannot go on ------------------------------------------------ */

/* Three 1:1e50 transformers after a 1e50 V step at t = 0.5 s: the powers
 * overflow. The ledger stops before its first non-finite row and says why;
 * the run itself ends as it does without energy. */
static void
test_ledger_stops (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile",
                                                 "tf-chain-overflow.bgmod", NULL);
  GError *error = NULL;
  g_autoptr (BgModel) model = bg_file_load_path (path, &error);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgEnergy) energy = NULL;
  BgSimStatus status[2];
  gsize rows[2];

  g_assert_no_error (error);
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile_with_energy (model, causality, NULL, &error);
  g_assert_no_error (error);
  energy = bg_energy_new (plan);
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr (BgResult) result = bg_simulator_new_result_for (plan, NULL, 0, FALSE);

      status[k] = bg_simulator_run_with_energy (plan, result, k == 1 ? energy : NULL, NULL, NULL,
                                                NULL, NULL, &error);
      g_assert_no_error (error);
      rows[k] = bg_result_get_n_rows (result);
    }
  g_assert_cmpint (status[0], ==, status[1]);
  g_assert_cmpuint (rows[0], ==, rows[1]);
  g_assert_nonnull (bg_energy_get_failure (energy));
  g_test_message ("%s", bg_energy_get_failure (energy));
  g_assert_true (g_str_has_prefix (bg_energy_get_failure (energy), "At t = 0.501 s the energy U.W"));
  /* the rows up to t = 0.5 s, all finite */
  g_assert_cmpuint (bg_energy_get_n_rows (energy), ==, 501);
  g_assert_true (isfinite (bg_energy_get_total (energy, BG_ENERGY_SUPPLIED, 500)));
}

/* The accumulator's gas -------------------------------------------------- */

/* dE/dV_f = p on every piece of the gas law (tangent below the precharge,
 * polytropic, straight beyond 0.999 V0), for isothermal to n = 2. */
static void
test_gas_energy (void)
{
  const double exponents[] = { 1.0, 1.0 + 1e-9, 1.4, 2.0 };
  const double volumes[] = { -2e-4, -1e-6, 0.0, 1e-6, 3e-4, 9e-4, 0.9985e-3, 0.9995e-3, 1.2e-3 };

  for (guint i = 0; i < G_N_ELEMENTS (exponents); i++)
    {
      BgGas gas = { 5e6, 1e-3, exponents[i], TRUE };

      g_assert_cmpfloat (_bg_gas_energy (&gas, 0), ==, 0);
      for (guint k = 0; k < G_N_ELEMENTS (volumes); k++)
        {
          double v = volumes[k], h = 1e-9;
          double slope = (_bg_gas_energy (&gas, v + h) - _bg_gas_energy (&gas, v - h)) / (2 * h);

          /* Central differences: h² f''' and rounding, well below 1e-5. */
          assert_relative (slope, _bg_gas_pressure (&gas, v), 1e-5);
          g_assert_cmpfloat (_bg_gas_eval (&gas, v), ==, _bg_gas_energy (&gas, v));
        }
    }
  /* n = 1: p0 V0 ln(V0/(V0 − V)). */
  {
    BgGas gas = { 5e6, 1e-3, 1.0, TRUE };
    assert_relative (_bg_gas_energy (&gas, 5e-4), 5e6 * 1e-3 * log (2.0), 1e-14);
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/energy/rc-charging", test_rc_charging);
  g_test_add_func ("/core/energy/instant-values", test_instant_values);
  g_test_add_func ("/core/energy/instant-needs-states", test_instant_needs_states);
  g_test_add_func ("/core/energy/free-oscillator", test_free_oscillator);
  g_test_add_func ("/core/energy/bench", test_bench);
  g_test_add_func ("/core/energy/motor-accounts", test_motor_accounts);
  g_test_add_func ("/core/energy/examples", test_examples);
  g_test_add_func ("/core/energy/without-states", test_without_states);
  g_test_add_func ("/core/energy/ledger-stops", test_ledger_stops);
  g_test_add_func ("/core/energy/gas", test_gas_energy);
  return g_test_run ();
}
