/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-run-history.c — the runs a window keeps, and the what-if copies.
 *
 * Owns: checking the parameters a run keeps (and that later edits leave
 * them), their differences, the history's keeping rule (count, pins,
 * hidden ones, removal, the memory bound) and the what-if compile of a
 * copy (the document untouched, the run equal to one of the edited model).
 * Must not: depend on GTK or on timing beyond waiting for a worker.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-run-history.h"
#include "bg-simulation-run.h"
#include "bg-test-sim.h"
#include "bg-whatif.h"

/* A finished run of plan (t and the states recorded). */
static BgSimulationRun *
run_plan (BgPlan *plan)
{
  BgSimulationRun *run = bg_simulation_run_new_recording (plan, NULL, 0);

  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  g_assert_cmpint (bg_simulation_run_get_report (run)->status, ==, BG_SIM_STATUS_FINISHED);
  return run;
}

static BgPlan *
compile_model (BgModel *model)
{
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  BgPlan *plan = bg_compiler_compile (model, causality, NULL, &error);

  g_assert_no_error (error);
  return plan;
}

/* Adds a run of model (damping b) to history. */
static BgRunGeneration *
add_run (BgRunHistory *history,
         BgModel      *model,
         double        b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgSimulationRun) run = NULL;
  g_autoptr(BgRunParams) params = NULL;

  g_assert_true (bg_model_set_param_number (model, "B", "value", b, &error));
  g_assert_no_error (error);
  plan = compile_model (model);
  params = bg_run_params_new_from_model (model);
  run = run_plan (plan);
  return bg_run_history_add (history, run, params);
}

static double
param_b (BgRunGeneration *generation)
{
  const BgRunParam *p = bg_run_params_find (bg_run_generation_get_params (generation),
                                            "B", "value");

  g_assert_nonnull (p);
  return p->number;
}

/* Parameters ------------------------------------------------------------------ */

static void
test_params_kept_and_diff (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");
  g_autoptr(BgRunParams) before = bg_run_params_new_from_model (model);
  g_autoptr(BgRunParams) after = NULL;
  g_autoptr(GPtrArray) diff = NULL;
  g_autoptr(GError) error = NULL;
  const BgRunParam *p;

  p = bg_run_params_find (before, "B", "value");
  g_assert_nonnull (p);
  g_assert_cmpfloat (p->number, ==, 2.0);
  g_assert_cmpstr (p->unit, ==, "N·s/m");
  /* the step source's shown numbers and the settings are there too */
  g_assert_nonnull (bg_run_params_find (before, "F", "after"));
  g_assert_cmpfloat (bg_run_params_find (before, "", "t_end")->number, ==, 5.0);
  /* a sine's frequency is hidden for a step: not kept */
  g_assert_null (bg_run_params_find (before, "F", "frequency"));

  g_assert_true (bg_model_set_param_number (model, "B", "value", 4.0, &error));
  g_assert_no_error (error);
  /* the copy keeps what the run had */
  g_assert_cmpfloat (bg_run_params_find (before, "B", "value")->number, ==, 2.0);

  after = bg_run_params_new_from_model (model);
  diff = bg_run_params_diff (after, before);
  g_assert_cmpuint (diff->len, ==, 1);
  p = g_ptr_array_index (diff, 0);
  g_assert_cmpstr (p->element, ==, "B");
  g_assert_cmpstr (p->param, ==, "value");
  g_assert_cmpfloat (p->number, ==, 4.0);
  g_clear_pointer (&diff, g_ptr_array_unref);
  diff = bg_run_params_diff (before, before);
  g_assert_cmpuint (diff->len, ==, 0);
}

/* Keeping --------------------------------------------------------------------- */

static void
test_history_keep_count (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");
  g_autoptr(BgRunHistory) history = bg_run_history_new ();

  g_assert_cmpuint (bg_run_history_get_keep (history), ==, 3);
  for (guint i = 1; i <= 6; i++)
    add_run (history, model, i);

  /* the newest and three earlier ones, newest first */
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 4);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (history)), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      BgRunGeneration *g = bg_run_history_get (history, i);

      g_assert_cmpuint (bg_run_generation_get_number (g), ==, 6 - i);
      /* each keeps the damping it ran with, though the model has 6 now */
      g_assert_cmpfloat (param_b (g), ==, 6.0 - i);
    }

  bg_run_history_set_keep (history, 1);
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 2);
  g_assert_cmpuint (bg_run_generation_get_number (bg_run_history_get (history, 1)), ==, 5);
  bg_run_history_set_keep (history, 0);
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 1);
  g_assert_cmpuint (bg_run_generation_get_number (bg_run_history_get_newest (history)), ==, 6);
}

static void
count_cb (BgRunHistory    *history,
          BgRunGeneration *generation,
          guint           *count)
{
  (*count)++;
}

static void
test_history_pin_hide_delete (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");
  g_autoptr(BgRunHistory) history = bg_run_history_new ();
  BgRunGeneration *first, *second;
  guint changes = 0;

  g_signal_connect (history, "generation-changed", G_CALLBACK (count_cb), &changes);
  first = add_run (history, model, 1);
  g_object_ref (first);
  bg_run_generation_set_pinned (first, TRUE);
  second = add_run (history, model, 2);
  bg_run_generation_set_hidden (second, TRUE);
  bg_run_generation_set_name (second, "  softer  ");
  g_assert_cmpstr (bg_run_generation_get_name (second), ==, "softer");
  bg_run_generation_set_name (second, " ");
  g_assert_null (bg_run_generation_get_name (second));
  for (guint i = 3; i <= 8; i++)
    add_run (history, model, i);

  /* pinned: kept beyond the three; hidden ones count like the others */
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 5);
  g_assert_true (bg_run_history_find_number (history, 1) == first);
  g_assert_null (bg_run_history_find_number (history, 2));
  g_assert_cmpfloat (param_b (first), ==, 1.0);

  /* unpinned, the oldest goes as the count says */
  bg_run_generation_set_pinned (first, FALSE);
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 4);
  g_assert_null (bg_run_history_find_number (history, 1));
  g_object_unref (first);

  /* hiding keeps it, deleting takes it out */
  second = bg_run_history_find_number (history, 6);
  bg_run_generation_set_hidden (second, TRUE);
  g_assert_true (bg_run_generation_get_hidden (second));
  g_assert_true (bg_run_history_find_number (history, 6) == second);
  bg_run_history_remove (history, second);
  g_assert_null (bg_run_history_find_number (history, 6));
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 3);
  /* pinned, hidden, named, unnamed, unpinned, hidden: one signal each */
  g_assert_cmpuint (changes, ==, 6);
}

static void
test_history_memory_bound (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");
  g_autoptr(BgRunHistory) history = bg_run_history_new ();
  BgRunGeneration *first;
  guint64 one;

  first = add_run (history, model, 1);
  one = bg_run_generation_get_bytes (first);
  /* 1001 rows of t and two states */
  g_assert_cmpuint (one, ==, 1001 * 3 * sizeof (double));
  bg_run_generation_set_pinned (first, TRUE);

  /* room for two and a half runs: two stay, the pinned one among them
   * while an unpinned one can go first */
  bg_run_history_set_max_bytes (history, one * 5 / 2);
  for (guint i = 2; i <= 6; i++)
    {
      add_run (history, model, i);
      g_assert_cmpuint (bg_run_history_get_bytes (history), <=, one * 5 / 2);
    }
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 2);
  g_assert_cmpuint (bg_run_generation_get_number (bg_run_history_get (history, 0)), ==, 6);
  g_assert_cmpuint (bg_run_generation_get_number (bg_run_history_get (history, 1)), ==, 1);

  /* less than one run: only the newest, never nothing */
  bg_run_history_set_max_bytes (history, one / 2);
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 1);
  g_assert_cmpuint (bg_run_generation_get_number (bg_run_history_get_newest (history)), ==, 6);
  add_run (history, model, 7);
  g_assert_cmpuint (bg_run_history_get_n (history), ==, 1);
}

/* What-if copies -------------------------------------------------------------- */

static void
compiled_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  *(GAsyncResult **) data = g_object_ref (result);
}

static void
test_whatif_compile (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");
  g_autoptr(BgWhatIfSource) source = bg_whatif_source_new (model);
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgPlan) direct = NULL;
  g_autoptr(BgRunParams) params = NULL;
  g_autoptr(BgSimulationRun) run = NULL;
  g_autoptr(BgSimulationRun) direct_run = NULL;
  g_autoptr(GAsyncResult) async = NULL;
  g_autoptr(GError) error = NULL;
  guint64 revision = bg_model_get_revision (model);
  BgResult *a, *b;
  int x;

  bg_whatif_compile_async (source, "B", "value", 8.0, NULL, compiled_cb, &async);
  while (async == NULL)
    g_main_context_iteration (NULL, TRUE);
  plan = bg_whatif_compile_finish (async, &params, &error);
  g_assert_no_error (error);
  g_assert_nonnull (plan);
  g_assert_cmpfloat (bg_run_params_find (params, "B", "value")->number, ==, 8.0);
  /* the document is untouched */
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_false (bg_model_can_undo (model));

  /* the same doubles as a run of the model edited to that value */
  run = run_plan (plan);
  g_assert_true (bg_model_set_param_number (model, "B", "value", 8.0, &error));
  direct = compile_model (model);
  direct_run = run_plan (direct);
  a = bg_simulation_run_get_result (run);
  b = bg_simulation_run_get_result (direct_run);
  g_assert_cmpuint (bg_result_get_n_rows (a), ==, bg_result_get_n_rows (b));
  x = bg_result_lookup (a, "K.q");
  g_assert_cmpint (x, >, 0);
  for (gsize r = 0; r < bg_result_get_n_rows (a); r++)
    g_assert_cmpfloat (bg_result_get_value (a, x, r), ==, bg_result_get_value (b, x, r));
  /* b = 8 N·s/m, m = 1 kg, k = 100 N/m: ζ = 0.4, settled to F/k = 0.1 m
   * within 0.1 % by t = 5 s (e^(−ζω·4.9 s) ≈ 3·10⁻⁹) */
  g_assert_cmpfloat_with_epsilon (bg_result_get_value (a, x, bg_result_get_n_rows (a) - 1),
                                  0.1, 1e-4);

  /* a value the element refuses is a clear error, naming the place */
  g_clear_pointer (&plan, bg_plan_unref);
  plan = bg_whatif_compile (source, "B", "value", -1.0, NULL, NULL, &error);
  g_assert_null (plan);
  g_assert_error (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_PARAM);
  g_assert_nonnull (strstr (error->message, "B"));
  g_clear_error (&error);
  plan = bg_whatif_compile (source, "NOPE", "value", 1.0, NULL, NULL, &error);
  g_assert_null (plan);
  g_assert_error (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_PARAM);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/run-history/params-kept-and-diff", test_params_kept_and_diff);
  g_test_add_func ("/run-history/keep-count", test_history_keep_count);
  g_test_add_func ("/run-history/pin-hide-delete", test_history_pin_hide_delete);
  g_test_add_func ("/run-history/memory-bound", test_history_memory_bound);
  g_test_add_func ("/run-history/whatif-compile", test_whatif_compile);

  return g_test_run ();
}
