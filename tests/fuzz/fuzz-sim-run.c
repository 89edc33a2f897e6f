/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-sim-run.c — bg_fuzz_sim (): load → analyze → compile → simulate.
 *
 * Owns: the bounded simulation of a fuzzed model and the checks of what
 * the simulator promises (bg-simulator.h): finite rows in increasing time,
 * tolerances in (0, scale], failures with a time and a reason, events
 * with a message. Must not: keep state between runs or run unbounded (the
 * output step is raised to t_end / 200 and a run is cancelled after
 * FUZZ_SIM_BUDGET_MS).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-simulator.h"
#include "fuzz-fail.h"
#include "fuzz-sim.h"

#define MAX_ROWS 200

typedef struct
{
  GCancellable *cancellable;
  gint64        deadline;
} Budget;

static void
on_progress (double t, double t_end, gpointer user_data)
{
  Budget *budget = user_data;

  if (g_get_monotonic_time () > budget->deadline)
    g_cancellable_cancel (budget->cancellable);
}

static void
check_tolerances (BgPlan *plan)
{
  for (guint i = 0; i < bg_plan_get_n_states (plan); i++)
    {
      double atol = bg_plan_get_state_atol (plan, i);
      double scale = bg_plan_get_state_scale (plan, i);

      if (!(atol > 0) || !(atol <= scale) || !isfinite (scale))
        fuzz_fail ("state %s: atol %g outside (0, scale %g]",
                   bg_plan_get_state_name (plan, i), atol, scale);
    }
}

static void
check_rows (BgResult *result)
{
  gsize n_rows = bg_result_get_n_rows (result);
  guint n_vars = bg_result_get_n_vars (result);
  double t_prev = -INFINITY;

  for (gsize r = 0; r < n_rows; r++)
    {
      double t = bg_result_get_value (result, 0, r);

      if (!(t > t_prev))
        fuzz_fail ("row %" G_GSIZE_FORMAT ": t = %g does not follow %g", r, t, t_prev);
      t_prev = t;
      for (guint v = 1; v < n_vars; v++)
        if (!isfinite (bg_result_get_value (result, v, r)))
          fuzz_fail ("row %" G_GSIZE_FORMAT ": %s is not finite", r,
                     bg_result_get_var_name (result, v));
    }
}

static void
check_report (BgSimStatus status, const BgSimReport *report, const GError *error)
{
  switch (status)
    {
    case BG_SIM_STATUS_FAILED:
      if (error == NULL || report->message == NULL
          || strstr (report->message, "failed at t = ") == NULL
          || strstr (report->message, "unknown solver error") != NULL)
        fuzz_fail ("a failure without its time and reason: %s",
                   report->message != NULL ? report->message : "(none)");
      break;
    case BG_SIM_STATUS_EVENT:
      if (report->message == NULL || report->element_id == NULL)
        fuzz_fail ("an event without a message or element");
      break;
    case BG_SIM_STATUS_FINISHED:
    case BG_SIM_STATUS_CANCELLED:
    default:
      break;
    }
}

static void
simulate (BgModel *model, BgCausality *causality)
{
  BgSimSettings settings = *bg_model_get_simulation (model);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgResult) result = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Budget budget = { cancellable, g_get_monotonic_time () + FUZZ_SIM_BUDGET_MS * 1000 };
  BgSimReport report = { 0 };
  BgSimStatus status;

  settings.output_step = MAX (settings.output_step, settings.t_end / MAX_ROWS);
  plan = bg_compiler_compile (model, causality, &settings, &error);
  if (plan == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        fuzz_fail ("the compiler refused a model without a message");
      return;
    }
  check_tolerances (plan);
  result = bg_simulator_new_result (plan);
  status = bg_simulator_run (plan, result, cancellable, on_progress, &budget,
                             &report, &error);
  check_report (status, &report, error);
  check_rows (result);
  bg_sim_report_clear (&report);
}

gboolean
bg_fuzz_sim (const guint8 *data,
             gsize         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autofree char *copy = g_memdup2 (data, size);

  model = bg_file_load_from_data (copy != NULL ? copy : "", (gssize) size, &error);
  if (model == NULL)
    return FALSE;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    return FALSE;
  simulate (model, causality);
  return TRUE;
}
