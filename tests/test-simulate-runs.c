/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-simulate-runs.c — how a simulation is set up and carried out.
 *
 * Owns: the choice of linear solver and what the plan says about itself,
 * the compiler's refusals, cancellation, runs on a worker thread and
 * through BgSimulationRun, runs without states, the result store (chunks
 * and spans), recording only some variables and deriving the rest, and the
 * memory estimate and its refusal. Must not: depend on GTK or on timing
 * beyond waiting for a worker, or check the physics (test-simulate.c and
 * test-simulate-energy.c do).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"
#include "bg-file.h"
#include "bg-simulation-run.h"
#include "bg-test-sim.h"

/* Linear solvers ------------------------------------------------------------ */

/* A chain of n masses with dampers and springs, force 1 N on the first.
 * grouped = TRUE adds all masses first and all springs after them, so the
 * states are far apart in the state vector (wide band). */
static BgModel *
build_chain (guint n, gboolean grouped)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;

  bg_model_add_element (model, "Se", BG_DOMAIN_TRANSLATIONAL, "F", 0, 0, &error);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *j = g_strdup_printf ("J%u", i);
        g_autofree char *m = g_strdup_printf ("M%u", i);
        g_autofree char *b = g_strdup_printf ("B%u", i);
        g_autofree char *node = g_strdup_printf ("N%u", i);
        g_autofree char *k = g_strdup_printf ("K%u", i);

        if (pass == 0 || !grouped)
          {
            if (pass == 1)
              continue;
            bg_model_add_element (model, "1", BG_DOMAIN_TRANSLATIONAL, j, i, 0, &error);
            bg_model_add_element (model, "I", BG_DOMAIN_TRANSLATIONAL, m, i, 1, &error);
            bg_model_set_param_number (model, m, "value", 1.0 + 0.01 * i, &error);
            bg_model_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, b, i, 2, &error);
            bg_model_set_param_number (model, b, "value", 0.5, &error);
            bg_model_connect (model, j, m, NULL, &error);
            bg_model_connect (model, j, b, NULL, &error);
          }
        if ((pass == 1 || !grouped) && i + 1 < n)
          {
            bg_model_add_element (model, "0", BG_DOMAIN_TRANSLATIONAL, node, i, 3, &error);
            bg_model_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, k, i, 4, &error);
            bg_model_set_param_number (model, k, "value", 0.01, &error);
            bg_model_connect (model, node, k, NULL, &error);
          }
      }
  /* Bonds between the junctions, in chain order. */
  bg_model_connect (model, "F", "J0", NULL, &error);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autofree char *j = g_strdup_printf ("J%u", i);
      g_autofree char *next = g_strdup_printf ("J%u", i + 1);
      g_autofree char *node = g_strdup_printf ("N%u", i);
      bg_model_connect (model, j, node, NULL, &error);
      bg_model_connect (model, node, next, NULL, &error);
    }
  g_assert_no_error (error);
  bg_test_set_sim (model, 5.0, 0.05);
  return model;
}

static void
check_chains_agree (guint n, BgPlanSolver banded, BgPlanSolver wide)
{
  g_autoptr (BgModel) a = build_chain (n, FALSE);
  g_autoptr (BgModel) b = build_chain (n, TRUE);
  BgTestSim sa, sb;
  guint compared = 0;

  bg_test_simulate (a, &sa);
  bg_test_simulate (b, &sb);
  g_assert_cmpint (bg_plan_get_solver (sa.plan), ==, banded);
  g_assert_cmpint (bg_plan_get_solver (sb.plan), ==, wide);
  g_assert_cmpuint (bg_plan_get_n_states (sa.plan), ==, 2 * n - 1);
  for (guint i = 0; i < n; i += 7)
    {
      g_autofree char *name = g_strdup_printf ("M%u.f", i);
      double worst = 0;
      for (gsize r = 0; r < bg_test_n_rows (&sa); r++)
        worst = MAX (worst, fabs (bg_test_value (&sa, name, r) - bg_test_value (&sb, name, r)));
      /* Velocities of the order of 1 m/s agree within 1e-5 m/s. */
      g_assert_cmpfloat (worst, <, 1e-5);
      compared++;
    }
  g_assert_cmpuint (compared, >, 2);
  /* The first mass really moves. */
  g_assert_cmpfloat (fabs (bg_test_value (&sa, "M0.f", bg_test_n_rows (&sa) - 1)), >, 0.01);
  bg_test_sim_clear (&sa);
  bg_test_sim_clear (&sb);
}

static void
test_solvers_agree (void)
{
  /* 39 states: band in chain order, dense when the springs come last. */
  check_chains_agree (20, BG_PLAN_SOLVER_BAND, BG_PLAN_SOLVER_DENSE);
  /* 159 states: band in chain order, KLU when the springs come last. */
  check_chains_agree (80, BG_PLAN_SOLVER_BAND, BG_PLAN_SOLVER_SPARSE);
}

static void
test_small_is_dense (void)
{
  g_autoptr (BgModel) model = bg_test_build_rc ();
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_autofree char *summary = NULL;

  g_assert_nonnull (plan);
  g_assert_cmpint (bg_plan_get_solver (plan), ==, BG_PLAN_SOLVER_DENSE);
  g_assert_cmpuint (bg_plan_get_n_states (plan), ==, 1);
  g_assert_cmpstr (bg_plan_get_state_name (plan, 0), ==, "C1.q");
  /* q scale = C · e_scale = 1e-3 F · 10 V; atol = 1e-2 · rtol · scale. */
  g_assert_cmpfloat_with_epsilon (bg_plan_get_state_scale (plan, 0), 1e-2, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_plan_get_state_atol (plan, 0), 1e-10, 1e-20);
  g_assert_cmpstr (bg_plan_get_var_name (plan, 0), ==, "t");
  g_assert_cmpstr (bg_plan_get_var_name (plan, 1), ==, "b1.e");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, 1), ==, "V");
  g_assert_cmpint (bg_plan_lookup_var (plan, "C1.E"), >, 0);
  g_assert_cmpint (bg_plan_lookup_var (plan, "C1.x"), ==, -1);
  summary = bg_plan_dup_summary (plan);
  g_assert_true (g_str_has_prefix (summary, "1 states, dense, "));
}

/* Compiler errors ---------------------------------------------------------- */

static void
test_compile_errors (void)
{
  static const char *const elements[] = {
    "Se electrical U value=1",
    "0 electrical N",
    "C electrical C1",
    "C electrical C2",
    NULL
  };
  static const char *const bonds[] = { "b1 U N", "b2 N C1", "b3 N C2", NULL };
  g_autoptr (BgModel) conflict = bg_test_build_model (elements, bonds);
  g_autoptr (BgModel) rc = bg_test_build_rc ();
  g_autoptr (BgCausality) bad = bg_causality_analyze (conflict);
  g_autoptr (BgCausality) good = bg_causality_analyze (rc);
  const BgDiagnostic *first;
  BgSimSettings settings;
  GError *error = NULL;

  /* A conflict: the analyzer's first message. */
  g_assert_false (bg_causality_is_ok (bad));
  first = g_ptr_array_index (bg_causality_get_errors (bad), 0);
  g_assert_null (bg_compiler_compile (conflict, bad, NULL, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_CAUSALITY);
  g_assert_cmpstr (error->message, ==, first->message);
  g_clear_error (&error);

  /* Settings out of range. */
  bg_sim_settings_init_default (&settings);
  settings.t_end = 0;
  g_assert_null (bg_compiler_compile (rc, good, &settings, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_SETTINGS);
  g_assert_cmpstr (error->message, ==, "simulation.t_end: must be > 0");
  g_clear_error (&error);
  bg_sim_settings_init_default (&settings);
  settings.rtol = 2;
  g_assert_null (bg_compiler_compile (rc, good, &settings, &error));
  g_assert_cmpstr (error->message, ==, "simulation.rtol: must be > 0 and < 1");
  g_clear_error (&error);

  /* An analysis of an older revision. */
  g_assert_true (bg_model_set_param_number (rc, "R1", "value", 50, &error));
  g_assert_null (bg_compiler_compile (rc, good, NULL, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_STALE);
  g_assert_cmpstr (error->message, ==, "The causal analysis is out of date; analyse the model again");
  g_clear_error (&error);
}

/* Runs: cancellation, worker threads, zero-state steps ---------------------- */

static void
cancel_on_progress (double t, double t_end, gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
test_cancel (void)
{
  g_autoptr (BgModel) model = build_chain (30, FALSE);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_autoptr (BgResult) result = bg_simulator_new_result (plan);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  BgSimReport report = { 0 };
  GError *error = NULL;
  BgSimStatus status;

  status = bg_simulator_run (plan, result, cancellable, cancel_on_progress, cancellable,
                             &report, &error);
  g_assert_cmpint (status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpstr (error->message, ==, "The simulation was stopped");
  /* Stopped after the first step: the initial row is kept, the run is not done. */
  g_assert_cmpuint (bg_result_get_n_rows (result), >=, 1);
  g_assert_cmpuint (bg_result_get_n_rows (result), <, 101);
  g_assert_cmpfloat (report.t, <, 5.0);
  g_clear_error (&error);
  bg_sim_report_clear (&report);
}

typedef struct
{
  BgPlan      *plan;
  BgResult    *result;
  BgSimStatus  status;
  guint        n_progress;
  double       last_t;
} Worker;

static void
count_progress (double t, double t_end, gpointer user_data)
{
  Worker *w = user_data;
  g_assert_cmpfloat (t, <=, t_end);
  w->n_progress++;
  w->last_t = t;
}

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;
  w->status = bg_simulator_run (w->plan, w->result, NULL, count_progress, w, NULL, NULL);
  return NULL;
}

static void
test_worker_thread (void)
{
  g_autoptr (BgModel) model = build_chain (200, FALSE);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  Worker w = { 0 };
  GThread *thread;
  guint t_var, m_var;
  gsize seen = 0, total;

  bg_test_set_sim (model, 5.0, 0.0005);
  g_clear_pointer (&causality, bg_causality_unref);
  causality = bg_causality_analyze (model);
  w.plan = bg_compiler_compile (model, causality, NULL, NULL);
  w.result = bg_simulator_new_result (w.plan);
  t_var = 0;
  m_var = (guint) bg_result_lookup (w.result, "M0.p");
  /* The plan no longer needs the model. */
  g_clear_object (&model);

  thread = g_thread_new ("simulate", worker_run, &w);
  /* Read while the worker appends: every published row is complete. */
  for (;;)
    {
      gsize n = bg_result_get_n_rows (w.result);
      const double *span;
      gsize len;

      for (gsize r = seen; r < n; r += len)
        {
          g_assert_true (bg_result_get_span (w.result, t_var, r, &span, &len));
          g_assert_cmpuint (len, >, 0);
          for (gsize k = 0; k < len && r + k < n; k++)
            g_assert_cmpfloat_with_epsilon (span[k], MIN ((r + k) * 0.0005, 5.0), 1e-12);
          g_assert_true (isfinite (bg_result_get_value (w.result, m_var, r)));
        }
      seen = n;
      if (n == 10001)
        break;
      g_usleep (1000);
    }
  g_thread_join (thread);
  total = bg_result_get_n_rows (w.result);
  g_assert_cmpint (w.status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_cmpuint (total, ==, 10001);
  g_assert_cmpuint (w.n_progress, >=, 1);
  g_assert_cmpfloat (w.last_t, ==, 5.0);
  bg_result_unref (w.result);
  bg_plan_unref (w.plan);
}

/* BgSimulationRun without a main loop of the caller's own, as bgmod-cli
 * runs it: start, wait; the same rows as the simulator called directly,
 * progress on the way, "finished" once; and a stop from a progress
 * handler ends the run cancelled with the rows so far. */
typedef struct
{
  guint  n_progress;
  guint  n_finished;
  double last_t;
  gboolean stop_at_first;
} RunSeen;

static void
run_progress_cb (BgSimulationRun *run,
                 gpointer         data)
{
  RunSeen *seen = data;

  g_assert_cmpfloat (bg_simulation_run_get_time (run), >, seen->last_t);
  seen->last_t = bg_simulation_run_get_time (run);
  seen->n_progress++;
  if (seen->stop_at_first)
    bg_simulation_run_stop (run);
}

static void
run_finished_cb (BgSimulationRun *run,
                 gpointer         data)
{
  RunSeen *seen = data;

  g_assert_false (bg_simulation_run_is_running (run));
  seen->n_finished++;
}

static void
test_run_wait (void)
{
  g_autoptr (BgModel) model = build_chain (20, FALSE);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) direct = NULL;
  g_autoptr (BgSimulationRun) run = NULL;
  g_autoptr (BgSimulationRun) stopped = NULL;
  RunSeen seen = { 0 }, seen_stop = { 0 };
  BgResult *result;
  guint m_var;

  bg_test_set_sim (model, 5.0, 0.0005);
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_assert_nonnull (plan);
  direct = bg_simulator_new_result (plan);
  g_assert_cmpint (bg_simulator_run (plan, direct, NULL, NULL, NULL, NULL, NULL), ==,
                   BG_SIM_STATUS_FINISHED);

  run = bg_simulation_run_new (plan);
  g_signal_connect (run, "progress", G_CALLBACK (run_progress_cb), &seen);
  g_signal_connect (run, "finished", G_CALLBACK (run_finished_cb), &seen);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  g_assert_cmpuint (seen.n_finished, ==, 1);
  g_assert_cmpuint (seen.n_progress, >=, 1);
  g_assert_nonnull (bg_simulation_run_get_report (run));
  g_assert_cmpint (bg_simulation_run_get_report (run)->status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_null (bg_simulation_run_get_error (run));
  g_assert_cmpfloat (bg_simulation_run_get_time (run), ==, 5.0);
  result = bg_simulation_run_get_result (run);
  m_var = (guint) bg_result_lookup (result, "M0.p");
  g_assert_cmpuint (bg_result_get_n_rows (result), ==, bg_result_get_n_rows (direct));
  for (gsize r = 0; r < bg_result_get_n_rows (result); r++)
    {
      g_assert_cmpfloat (bg_result_get_value (result, 0, r), ==, bg_result_get_value (direct, 0, r));
      g_assert_cmpfloat (bg_result_get_value (result, m_var, r), ==,
                         bg_result_get_value (direct, m_var, r));
    }

  seen_stop.stop_at_first = TRUE;
  stopped = bg_simulation_run_new (plan);
  g_signal_connect (stopped, "progress", G_CALLBACK (run_progress_cb), &seen_stop);
  g_signal_connect (stopped, "finished", G_CALLBACK (run_finished_cb), &seen_stop);
  bg_simulation_run_start (stopped);
  bg_simulation_run_wait (stopped);
  g_assert_cmpuint (seen_stop.n_finished, ==, 1);
  g_assert_cmpint (bg_simulation_run_get_report (stopped)->status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_nonnull (bg_simulation_run_get_error (stopped));
  g_assert_cmpuint (bg_result_get_n_rows (bg_simulation_run_get_result (stopped)), <,
                    bg_result_get_n_rows (direct));
}

static void
test_zero_states_step (void)
{
  /* No storage: a source stepping 2 V → 5 V at 0.25 s across a resistor. */
  static const char *const elements[] = {
    "Se electrical U value=2 waveform=step after=5 time=0.25",
    "R electrical R1 value=10",
    NULL
  };
  static const char *const bonds[] = { "b1 U R1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  BgTestSim sim;

  bg_test_set_sim (model, 1.0, 0.05);
  bg_test_simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpint (bg_plan_get_solver (sim.plan), ==, BG_PLAN_SOLVER_NONE);
  g_assert_cmpuint (bg_test_n_rows (&sim), ==, 21);
  g_assert_cmpfloat (bg_test_value (&sim, "R1.f", 4), ==, 0.2);   /* t = 0.2 */
  g_assert_cmpfloat (bg_test_value (&sim, "R1.f", 5), ==, 0.5);   /* t = 0.25: after the step */
  g_assert_cmpfloat (bg_test_value (&sim, "b1.P", 20), ==, 2.5);
  g_assert_cmpuint (bg_plan_get_n_switch_times (sim.plan), ==, 1);
  g_assert_cmpfloat (bg_plan_get_switch_time (sim.plan, 0), ==, 0.25);
  bg_test_sim_clear (&sim);
}

/* Result store --------------------------------------------------------------- */

static void
test_result_store (void)
{
  const char *names[] = { "t", "a", "b" };
  const char *units[] = { "s", "V", NULL };
  g_autoptr (BgResult) result = bg_result_new (3, names, units, NULL);
  const double *span;
  gsize len, total = 0;
  double out[3];

  g_assert_cmpint (bg_result_lookup (result, "b"), ==, 2);
  g_assert_cmpint (bg_result_lookup (result, "c"), ==, -1);
  g_assert_cmpstr (bg_result_get_var_unit (result, 1), ==, "V");
  g_assert_cmpstr (bg_result_get_var_unit (result, 2), ==, "");
  g_assert_cmpstr (bg_result_get_var_description (result, 0), ==, "");
  g_assert_false (bg_result_get_span (result, 0, 0, &span, &len));
  for (guint r = 0; r < 3 * BG_RESULT_CHUNK_ROWS + 5; r++)
    {
      double row[3] = { r, 2.0 * r, -1.0 * r };
      bg_result_append_row (result, row);
    }
  g_assert_cmpuint (bg_result_get_n_rows (result), ==, 3 * BG_RESULT_CHUNK_ROWS + 5);
  /* Spans end at chunk boundaries (chunks grow from 32 rows) and at the
   * last row; every value is where it belongs. */
  g_assert_true (bg_result_get_span (result, 1, 10, &span, &len));
  g_assert_cmpuint (len, ==, 32 - 10);
  g_assert_cmpfloat (span[0], ==, 20.0);
  g_assert_true (bg_result_get_span (result, 1, 32, &span, &len));
  g_assert_cmpuint (len, ==, 64);
  for (gsize r = 0; bg_result_get_span (result, 2, r, &span, &len); r += len)
    {
      g_assert_cmpuint (len, >, 0);
      g_assert_cmpuint (len, <=, BG_RESULT_CHUNK_ROWS);
      for (gsize k = 0; k < len; k++)
        g_assert_cmpfloat (span[k], ==, -1.0 * (r + k));
      total += len;
    }
  g_assert_cmpuint (total, ==, 3 * BG_RESULT_CHUNK_ROWS + 5);
  g_assert_true (bg_result_get_span (result, 0, total - 1, &span, &len));
  g_assert_cmpuint (len, ==, 1);
  g_assert_false (bg_result_get_span (result, 0, total, &span, &len));
  g_assert_cmpfloat (bg_result_get_value (result, 1, 3 * BG_RESULT_CHUNK_ROWS + 4), ==,
                     2.0 * (3 * BG_RESULT_CHUNK_ROWS + 4));
  bg_result_copy_column (result, 0, BG_RESULT_CHUNK_ROWS - 1, 3, out);
  g_assert_cmpfloat (out[0], ==, BG_RESULT_CHUNK_ROWS - 1);
  g_assert_cmpfloat (out[2], ==, BG_RESULT_CHUNK_ROWS + 1);
}

/* Recording and deriving ------------------------------------------------ */

/* Every example, run once storing every variable and once storing only t
 * and the states: each other variable derived afterwards is the same double
 * in every row. */
static void
test_derive_exact (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                                "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_models = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr (BgModel) model = NULL;
      g_autoptr (BgCausality) causality = NULL;
      g_autoptr (BgResult) partial = NULL;
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));
      GError *error = NULL;
      gsize rows;
      BgTestSim sim;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      causality = bg_causality_analyze (model);
      if (!bg_causality_is_ok (causality))
        continue;

      bg_test_simulate (model, &sim);
      partial = bg_simulator_new_result_for (sim.plan, NULL, 0, TRUE);
      g_assert_cmpuint (bg_result_get_n_stored (partial), ==, 1 + bg_plan_get_n_states (sim.plan));
      g_assert_cmpint (bg_simulator_run (sim.plan, partial, NULL, NULL, NULL, NULL, &error), ==,
                       sim.status);
      g_assert_no_error (error);
      rows = bg_result_get_n_rows (partial);
      g_assert_cmpuint (rows, ==, bg_test_n_rows (&sim));

      for (guint v = 0; v < bg_plan_get_n_vars (sim.plan); v++)
        if (!bg_result_is_stored (partial, v))
          {
            g_assert_cmpuint (bg_result_get_n_filled (partial, v), ==, 0);
            g_array_append_val (all, v);
          }
      g_assert_true (bg_result_derive (partial, (const guint *) all->data, all->len, &error));
      g_assert_no_error (error);
      for (guint v = 0; v < bg_plan_get_n_vars (sim.plan); v++)
        {
          g_assert_cmpuint (bg_result_get_n_filled (partial, v), ==, rows);
          for (gsize r = 0; r < rows; r++)
            if (bg_result_get_value (partial, v, r) != bg_result_get_value (sim.result, v, r))
              g_error ("%s: %s row %" G_GSIZE_FORMAT ": derived %.17g, stored %.17g", name,
                       bg_plan_get_var_name (sim.plan, v), r,
                       bg_result_get_value (partial, v, r), bg_result_get_value (sim.result, v, r));
        }
      g_test_message ("%s: %u variables derived exactly over %" G_GSIZE_FORMAT " rows",
                      name, all->len, rows);
      bg_test_sim_clear (&sim);
      n_models++;
    }
  g_assert_cmpuint (n_models, >=, 5);
}

/* A result without the states cannot derive: a clear message. */
static void
test_derive_not_recorded (void)
{
  g_autoptr (BgModel) model = bg_test_build_rc ();
  g_autoptr (BgResult) result = NULL;
  GError *error = NULL;
  guint v_c;
  BgTestSim sim;

  bg_test_set_sim (model, 1.0, 0.1);
  bg_test_simulate (model, &sim);
  v_c = (guint) bg_plan_lookup_var (sim.plan, "C1.e");
  result = bg_simulator_new_result_for (sim.plan, &v_c, 1, FALSE);
  g_assert_cmpuint (bg_result_get_n_stored (result), ==, 2);
  g_assert_cmpint (bg_simulator_run (sim.plan, result, NULL, NULL, NULL, NULL, &error), ==,
                   BG_SIM_STATUS_FINISHED);
  g_assert_cmpfloat (bg_result_get_value (result, v_c, 10), ==,
                     bg_result_get_value (sim.result, v_c, 10));
  v_c = (guint) bg_plan_lookup_var (sim.plan, "R1.f");
  g_assert_false (bg_result_derive (result, &v_c, 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpstr (error->message, ==, "R1.f was not recorded in this run");
  g_clear_error (&error);
  bg_test_sim_clear (&sim);
}

/* The memory estimate and the refusal message. */
static void
test_memory_limit (void)
{
  g_autoptr (BgModel) model = bg_test_build_rc ();
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  GError *error = NULL;
  guint64 need;

  bg_test_set_sim (model, 1000.0, 0.001);   /* 10⁶ rows */
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_simulator_count_rows (plan), ==, 1000001);
  result = bg_simulator_new_result_for (plan, NULL, 0, TRUE);
  need = bg_simulator_estimate_memory (plan, result);
  /* t and one state: 16 bytes a row, plus a chunk, plus the solver */
  g_assert_cmpuint (need, >=, 1000001 * 16);
  g_assert_cmpuint (need, <, 1000001 * 16 + (1 << 20));
  g_assert_true (bg_simulator_check_memory (plan, result, need, &error));
  g_assert_no_error (error);
  g_assert_false (bg_simulator_check_memory (plan, result, 10 << 20, &error));
  g_assert_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_MEMORY);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "This run would need about 15.3" "\xc2\xa0" "MiB (1000001 rows × 2 recorded variables, plus "));
  g_assert_nonnull (strstr (error->message, "more than the limit of 10.0" "\xc2\xa0" "MiB. Record fewer variables, use a longer output step or a shorter end time."));
  g_clear_error (&error);
}
int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/simulate/solvers-agree", test_solvers_agree);
  g_test_add_func ("/core/simulate/small-is-dense", test_small_is_dense);
  g_test_add_func ("/core/simulate/compile-errors", test_compile_errors);
  g_test_add_func ("/core/simulate/cancel", test_cancel);
  g_test_add_func ("/core/simulate/worker-thread", test_worker_thread);
  g_test_add_func ("/core/simulate/run-wait", test_run_wait);
  g_test_add_func ("/core/simulate/zero-states-step", test_zero_states_step);
  g_test_add_func ("/core/result/store", test_result_store);
  g_test_add_func ("/core/result/derive-exact", test_derive_exact);
  g_test_add_func ("/core/result/derive-not-recorded", test_derive_not_recorded);
  g_test_add_func ("/core/result/memory-limit", test_memory_limit);
  return g_test_run ();
}
