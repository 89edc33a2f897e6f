/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulator.c — CVODE driver for a BgPlan.
 *
 * Owns: the one-step loop (the solver set up by bg-cvode-setup.c) with output
 * interpolation, restarts at waveform steps (merged where the solver
 * cannot resolve the gap), root finding for terminating events,
 * cancellation, progress and failure reports: a non-finite value in a row
 * or a derivative names its variable; CVODE codes become our translated
 * sentences (bg-cvode-reason.c); with an energy ledger, the energy of
 * every account as quadratures of the same integration (CVODES: integrated
 * with the states' steps, outside their error test, so the states are the
 * same doubles as without and the run ends as it would without; a plan
 * without states integrates them alone, under error control, beside one
 * constant placeholder state). Must not: keep global state, change the
 * plan, or touch a model or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>

#include "bg-simulator.h"
#include "bg-cvode-reason-private.h"
#include "bg-cvode-setup-private.h"
#include "bg-energy-private.h"
#include "bg-plan-private.h"

G_DEFINE_QUARK (bg-simulator-error-quark, bg_simulator_error)

#define PROGRESS_INTERVAL_US 50000
#define NO_INDEX G_MAXUINT
/* An event this close to an output time (relative to the output step)
 * falls on it. */
#define EVENT_MERGE 1e-9

typedef struct
{
  const BgPlan *plan;
  BgPlanWork   *work;
  BgResult     *result;
  BgPlanOutputs *outputs;      /* the result's stored variables */
  BgPlanWork   *out_work;      /* evaluates output rows only, in order */
  double       *values;        /* one output row (stored variables) */
  guint         bad_var;        /* plan variable of the first non-finite output, or NO_INDEX */

  /* Restarts: merged switch times and the input time each one applies. */
  double       *restart_t, *restart_wave;
  guint         n_restarts;
  double        wave_t0;        /* input time of the first segment */

  BgCvode       cv;             /* the solver (bg-cvode-setup.c) */
  N_Vector      ytmp;           /* an output row's interpolated states */
  /* Energy (NULL without a ledger): the quadratures and their values at
   * an output time. placeholder: a plan without states runs one constant
   * state so that the solver can integrate the quadratures. */
  BgEnergyRun  *energy;
  N_Vector      yq, yqtmp;
  gboolean      placeholder;

  gsize         n_rows;
  double        last_row_t;
  gint64        last_progress;
  BgSimProgressFunc progress;
  gpointer      progress_data;
} Run;

/* The quadratures' derivatives: each account's power. (A power that
 * cannot be computed makes the ledger stop, not the run: it is NaN, and
 * the ledger's next row says where it stopped.) */
static int
quad_cb (realtype t, N_Vector y, N_Vector yqdot, void *user_data)
{
  BgCvode *cv = user_data;
  Run *run = cv->owner;

  if (!_bg_energy_run_power (run->energy, t, run->work->t_wave, N_VGetArrayPointer (y),
                             N_VGetArrayPointer (yqdot)))
    N_VConst (NAN, yqdot);
  return 0;
}

static void
run_clear (Run *run)
{
  if (run->ytmp != NULL)
    N_VDestroy (run->ytmp);
  if (run->yq != NULL)
    N_VDestroy (run->yq);
  if (run->yqtmp != NULL)
    N_VDestroy (run->yqtmp);
  _bg_energy_run_free (run->energy);
  _bg_cvode_clear (&run->cv);
  _bg_plan_work_free (run->work);
  _bg_plan_work_free (run->out_work);
  _bg_plan_outputs_free (run->outputs);
  g_free (run->values);
  g_free (run->restart_t);
  g_free (run->restart_wave);
}

/* The absolute tolerance of the quadratures of a plan without states
 * (their power depends on time alone): a hundredth of rtol times the
 * energy the largest power seen at the start, the end and the middle of
 * each segment between switching times would move in t_end (1e-2 rtol J
 * when they are all 0: then no power flows, or only briefly). */
static double
quadrature_atol (Run *run)
{
  const BgPlan *plan = run->plan;
  double scale = 0, start = 0;

  for (guint i = 0; i <= plan->n_switch_times; i++)
    {
      double end = i < plan->n_switch_times ? plan->switch_times[i] : plan->t_end;

      scale = MAX (scale, _bg_energy_run_power_scale (run->energy, start, NULL));
      scale = MAX (scale, _bg_energy_run_power_scale (run->energy, 0.5 * (start + end), NULL));
      start = end;
    }
  scale = MAX (scale, _bg_energy_run_power_scale (run->energy, plan->t_end, NULL));
  scale *= plan->t_end;
  return 1e-2 * plan->rtol * (scale > 0 && isfinite (scale) ? scale : 1.0);
}

/* The quadratures start at 0. With states they are integrated with the
 * states' steps and left out of the error test; alone (the placeholder)
 * the error test is theirs. */
static gboolean
setup_quadratures (Run *run)
{
  guint n_q = _bg_energy_run_n_quad (run->energy);
  void *cvode = run->cv.cvode;

  if (n_q == 0)
    return TRUE;
  run->yq = N_VNew_Serial (n_q, run->cv.ctx);
  run->yqtmp = N_VNew_Serial (n_q, run->cv.ctx);
  if (run->yq == NULL || run->yqtmp == NULL)
    return FALSE;
  N_VConst (0.0, run->yq);
  if (CVodeQuadInit (cvode, quad_cb, run->yq) != CV_SUCCESS)
    return FALSE;
  if (run->placeholder)
    return CVodeQuadSStolerances (cvode, run->plan->rtol, quadrature_atol (run)) == CV_SUCCESS
           && CVodeSetQuadErrCon (cvode, SUNTRUE) == CV_SUCCESS;
  return CVodeSetQuadErrCon (cvode, SUNFALSE) == CV_SUCCESS;
}

static gboolean
setup_cvode (Run *run, GError **error)
{
  const BgPlan *plan = run->plan;

  run->cv.owner = run;
  if (_bg_cvode_setup (&run->cv, plan, run->work, 0.0, plan->y0, TRUE)
      && (run->ytmp = N_VClone (run->cv.y)) != NULL
      && (run->energy == NULL || setup_quadratures (run)))
    return TRUE;
  g_set_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_SETUP,
               _("The solver could not be set up: %s"),
               run->cv.message != NULL ? _("the solver rejected its settings")
                                       : _("out of memory"));
  return FALSE;
}

/* Restart points ------------------------------------------------------------ */

/* Merges switch times the solver cannot resolve (bg-cvode-setup-private.h);
 * one near t_end is left to the last row. */
static void
merge_switch_times (Run *run)
{
  const BgPlan *plan = run->plan;

  run->restart_t = g_new (double, MAX (plan->n_switch_times, 1));
  run->restart_wave = g_new (double, MAX (plan->n_switch_times, 1));
  run->n_restarts = _bg_cvode_merge_switch_times (plan->switch_times, plan->n_switch_times,
                                                  plan->t_end, run->restart_t,
                                                  run->restart_wave, &run->wave_t0);
}

/* The time at which a segment evaluates its inputs: its middle, but not
 * before the last switch merged into its start. */
static double
segment_wave_time (Run *run, double start, double last_switch, double end)
{
  return MAX (0.5 * (start + end), last_switch);
}

/* Output rows --------------------------------------------------------------- */

static guint
first_non_finite (const double *values, guint n)
{
  for (guint i = 0; i < n; i++)
    if (!isfinite (values[i]))
      return i;
  return NO_INDEX;
}

/* The ledger's row at t: the quadratures there (0 at the start), read
 * from the solver's interpolant as the states are. A row that cannot be
 * computed, or holds a value that is not finite, ends the ledger there
 * (bg_energy_get_failure says why), not the run. */
static void
append_energy_row (Run *run, double t, const double *y)
{
  const double *q = NULL;

  if (run->yq != NULL)
    {
      if (run->n_rows == 0)
        q = N_VGetArrayPointer (run->yq);
      else
        {
          if (CVodeGetQuadDky (run->cv.cvode, t, 0, run->yqtmp) != CV_SUCCESS)
            CVodeGetQuad (run->cv.cvode, &(realtype) { 0 }, run->yqtmp);
          q = N_VGetArrayPointer (run->yqtmp);
        }
    }
  _bg_energy_run_append (run->energy, t, y, q);
}

/* Appends the row at t, unless a value in it is not finite (then
 * run->bad_var names it and the run fails, keeping the rows before).
 * Output rows have their own work: the right-hand side's registers and
 * algebraic-group guesses stay as CVODE left them, and a row depends only on
 * the rows before it (bg_simulator_derive() recomputes the same numbers). */
static gboolean
append_row (Run *run, double t, const double *y)
{
  guint bad;

  if (run->placeholder)
    y = NULL;
  if (!_bg_plan_outputs_eval (run->out_work, run->outputs, t, y, run->values))
    {
      run->work->n_group_failures += run->out_work->n_group_failures;
      return FALSE;
    }
  bad = first_non_finite (run->values, bg_result_get_n_stored (run->result));
  if (bad != NO_INDEX)
    {
      run->bad_var = bg_result_get_stored_var (run->result, bad);
      return FALSE;
    }
  if (run->energy != NULL)
    append_energy_row (run, t, y);
  bg_result_append_row (run->result, run->values);
  run->n_rows++;
  run->last_row_t = t;
  return TRUE;
}

static void
report_progress (Run *run, double t, gboolean force)
{
  gint64 now;

  if (run->progress == NULL)
    return;
  now = g_get_monotonic_time ();
  if (force || now - run->last_progress >= PROGRESS_INTERVAL_US)
    {
      run->last_progress = now;
      run->progress (t, run->plan->t_end, run->progress_data);
    }
}

/* The k-th output time: k·h, the last one exactly t_end. */
static double
output_time (const BgPlan *plan, guint64 k, guint64 n_out)
{
  if (k + 1 >= n_out)
    return plan->t_end;
  return MIN ((double) k * plan->output_step, plan->t_end);
}

guint64
bg_simulator_count_rows (BgPlan *plan)
{
  double steps = plan->t_end / plan->output_step;
  guint64 k = (guint64) floor (steps + 1e-9);

  /* Rows at 0, h, ..., k·h, and t_end when it is not one of them. */
  if (fabs ((double) k * plan->output_step - plan->t_end) <= 1e-9 * plan->t_end)
    return k + 1;
  return k + 2;
}

static char *
event_message (const BgEvent *ev, double t)
{
  switch (ev->kind)
    {
    case BG_EVENT_CYLINDER_LOW:
      return g_strdup_printf (_("%s reached its end stop x = 0 at t = %.4g s"), ev->element_id, t);
    case BG_EVENT_CYLINDER_HIGH:
      return g_strdup_printf (_("%s reached its end stop x = L at t = %.4g s"), ev->element_id, t);
    case BG_EVENT_ACCUMULATOR_FULL:
    default:
      return g_strdup_printf (_("%s is full (V_f = 0.99·V0) at t = %.4g s"), ev->element_id, t);
    }
}

/* "C1.E (the variable E of C1) is not a finite number". */
static char *
describe_non_finite (const char *name, gboolean derivative)
{
  const char *dot = strrchr (name, '.');
  g_autofree char *owner = dot != NULL ? g_strndup (name, dot - name) : g_strdup (name);
  const char *var = dot != NULL ? dot + 1 : name;

  if (derivative)
    return g_strdup_printf (_("the derivative of %s (the state %s of %s) is not a finite number"),
                            name, var, owner);
  return g_strdup_printf (_("%s (the variable %s of %s) is not a finite number"),
                          name, var, owner);
}

/* Why the run failed, in the user's language; flag is CVODE's return code
 * (0 when the failure was found outside CVODE). */
static char *
failure_reason (Run *run, int flag, int *code)
{
  *code = BG_SIMULATOR_ERROR_SOLVER;
  if (run->work->n_group_failures > 0)
    {
      *code = BG_SIMULATOR_ERROR_ALGEBRAIC;
      return g_strdup (_("an algebraic loop has no solution near this point"));
    }
  if (run->bad_var != NO_INDEX)
    return describe_non_finite (bg_plan_get_var_name (run->plan, run->bad_var), FALSE);
  if (flag < 0 && run->cv.bad_state != NO_INDEX)
    return describe_non_finite (run->plan->state_names[run->cv.bad_state], TRUE);
  if (flag < 0)
    return g_strdup (_bg_cvode_reason (flag));
  return g_strdup (_("unknown solver error"));
}

static BgSimStatus
fail_run (Run *run, BgSimReport *report, double t, int flag, GError **error)
{
  g_autofree char *reason = NULL;
  int code;

  reason = failure_reason (run, flag, &code);
  report->status = BG_SIM_STATUS_FAILED;
  report->t = t;
  report->message = g_strdup_printf (_("The simulation failed at t = %.6g s: %s"), t, reason);
  g_set_error_literal (error, BG_SIMULATOR_ERROR, code, report->message);
  return BG_SIM_STATUS_FAILED;
}

static BgSimStatus
cancel_run (BgSimReport *report, double t, GError **error)
{
  report->status = BG_SIM_STATUS_CANCELLED;
  report->t = t;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The simulation was stopped"));
  return BG_SIM_STATUS_CANCELLED;
}

/* No states: every output row is one evaluation. */
static BgSimStatus
run_without_states (Run *run, GCancellable *cancellable, BgSimReport *report, GError **error)
{
  guint64 n_out = bg_simulator_count_rows ((BgPlan *) run->plan);

  for (guint64 k = 0; k < n_out; k++)
    {
      double t = output_time (run->plan, k, n_out);

      if ((k & 1023) == 0 && g_cancellable_is_cancelled (cancellable))
        return cancel_run (report, t, error);
      if (!append_row (run, t, NULL))
        return fail_run (run, report, t, 0, error);
      report_progress (run, t, FALSE);
    }
  report->status = BG_SIM_STATUS_FINISHED;
  report->t = run->plan->t_end;
  return BG_SIM_STATUS_FINISHED;
}

static BgSimStatus
integrate (Run *run, GCancellable *cancellable, BgSimReport *report, GError **error)
{
  const BgPlan *plan = run->plan;
  guint64 n_out = bg_simulator_count_rows ((BgPlan *) plan), next_out = 0;
  guint seg = 0;
  double seg_end, tret = 0, t_last_out;
  int flag;
  double *yd = N_VGetArrayPointer (run->cv.y), *ytd = N_VGetArrayPointer (run->ytmp);

  merge_switch_times (run);
  if (!append_row (run, 0.0, plan->y0))
    return fail_run (run, report, 0.0, 0, error);
  next_out = 1;

  seg_end = run->n_restarts > 0 ? run->restart_t[0] : plan->t_end;
  /* Jumps take the level of the segment's inside, away from both ends. */
  run->work->t_wave = segment_wave_time (run, 0.0, run->wave_t0, seg_end);
  CVodeSetStopTime (run->cv.cvode, seg_end);

  for (;;)
    {
      if (g_cancellable_is_cancelled (cancellable))
        return cancel_run (report, tret, error);

      flag = CVode (run->cv.cvode, seg_end, run->cv.y, &tret, CV_ONE_STEP);
      if (flag < 0)
        {
          double tcur = tret;
          CVodeGetCurrentTime (run->cv.cvode, &tcur);
          return fail_run (run, report, tcur, flag, error);
        }

      /* At an event, output times within EVENT_MERGE of the crossing give
       * way to the event row: one row, t strictly increasing. */
      t_last_out = flag == CV_ROOT_RETURN ? tret - EVENT_MERGE * plan->output_step : tret;
      while (next_out < n_out && output_time (plan, next_out, n_out) <= t_last_out)
        {
          double t_out = output_time (plan, next_out, n_out);
          if (CVodeGetDky (run->cv.cvode, t_out, 0, run->ytmp) != CV_SUCCESS)
            memcpy (ytd, yd, plan->n_states * sizeof (double));
          if (!append_row (run, t_out, ytd))
            return fail_run (run, report, t_out, 0, error);
          next_out++;
        }
      report_progress (run, tret, FALSE);

      if (flag == CV_ROOT_RETURN)
        {
          g_autofree int *found = g_new0 (int, plan->n_events);
          const BgEvent *ev = &plan->events[0];

          CVodeGetRootInfo (run->cv.cvode, found);
          for (guint i = 0; i < plan->n_events; i++)
            if (found[i] != 0)
              {
                ev = &plan->events[i];
                break;
              }
          /* (A row published just before the crossing stands for it.) */
          if (tret - run->last_row_t > EVENT_MERGE * plan->output_step
              && !append_row (run, tret, yd))
            return fail_run (run, report, tret, 0, error);
          report->status = BG_SIM_STATUS_EVENT;
          report->t = tret;
          report->element_id = g_strdup (ev->element_id);
          report->message = event_message (ev, tret);
          return BG_SIM_STATUS_EVENT;
        }

      if (flag == CV_TSTOP_RETURN || tret >= seg_end)
        {
          if (seg_end >= plan->t_end)
            break;
          /* A waveform jumps or kinks here: restart with the new segment's inputs. */
          double seg_start = seg_end, after = run->restart_wave[seg];

          seg++;
          if (run->yq != NULL)
            CVodeGetQuad (run->cv.cvode, &(realtype) { 0 }, run->yq);
          flag = CVodeReInit (run->cv.cvode, seg_start, run->cv.y);
          if (flag == CV_SUCCESS && run->yq != NULL)
            flag = CVodeQuadReInit (run->cv.cvode, run->yq);
          if (flag != CV_SUCCESS)
            return fail_run (run, report, seg_start, flag, error);
          seg_end = seg < run->n_restarts ? run->restart_t[seg] : plan->t_end;
          run->work->t_wave = segment_wave_time (run, seg_start, after, seg_end);
          CVodeSetStopTime (run->cv.cvode, seg_end);
        }
    }

  report->status = BG_SIM_STATUS_FINISHED;
  report->t = plan->t_end;
  return BG_SIM_STATUS_FINISHED;
}

void
bg_sim_report_clear (BgSimReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->element_id, g_free);
  g_clear_pointer (&report->message, g_free);
}

static BgSimStatus
run_plan (BgPlan            *plan,
          BgResult          *result,
          BgEnergy          *energy,
          GCancellable      *cancellable,
          BgSimProgressFunc  progress,
          gpointer           user_data,
          BgSimReport       *report,
          GError           **error)
{
  BgSimReport local = { 0 };
  Run run = { 0 };
  BgSimStatus status;

  if (report == NULL)
    report = &local;
  memset (report, 0, sizeof *report);

  if (bg_result_get_n_vars (result) != plan->n_vars)
    {
      g_set_error_literal (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_RESULT,
                           _("The result does not have the plan's variables"));
      report->status = BG_SIM_STATUS_FAILED;
      report->message = g_strdup ((*error)->message);
      bg_sim_report_clear (&local);
      return BG_SIM_STATUS_FAILED;
    }

  run.plan = plan;
  run.work = _bg_plan_work_new (plan);
  run.result = result;
  {
    guint n_stored = bg_result_get_n_stored (result);
    g_autofree guint *stored = g_new (guint, MAX (n_stored, 1));

    for (guint i = 0; i < n_stored; i++)
      stored[i] = bg_result_get_stored_var (result, i);
    run.outputs = _bg_plan_outputs_new (plan, stored, n_stored);
  }
  run.out_work = _bg_plan_work_new (plan);
  run.values = g_new (double, MAX (bg_result_get_n_stored (result), 1));
  run.last_row_t = -G_MAXDOUBLE;
  run.bad_var = NO_INDEX;
  run.cv.bad_state = NO_INDEX;
  run.progress = progress;
  run.progress_data = user_data;
  if (energy != NULL)
    {
      run.energy = _bg_energy_run_new (energy);
      run.placeholder = plan->n_states == 0;
    }

  if (plan->n_states == 0 && energy == NULL)
    status = run_without_states (&run, cancellable, report, error);
  else if (!setup_cvode (&run, error))
    {
      report->status = status = BG_SIM_STATUS_FAILED;
      report->message = g_strdup ((*error)->message);
    }
  else
    {
      long nst = 0, nje = 0;
      status = integrate (&run, cancellable, report, error);
      CVodeGetNumSteps (run.cv.cvode, &nst);
      CVodeGetNumJacEvals (run.cv.cvode, &nje);
      report->n_steps = (guint64) nst;
      report->n_jac_evals = (guint64) nje;
    }
  report->n_rhs_evals = run.work->n_rhs;
  report->n_rows = run.n_rows;
  report_progress (&run, report->t, TRUE);

  run_clear (&run);
  bg_sim_report_clear (&local);
  return status;
}

BgSimStatus
bg_simulator_run (BgPlan            *plan,
                  BgResult          *result,
                  GCancellable      *cancellable,
                  BgSimProgressFunc  progress,
                  gpointer           user_data,
                  BgSimReport       *report,
                  GError           **error)
{
  g_return_val_if_fail (plan != NULL, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (result != NULL, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (error == NULL || *error == NULL, BG_SIM_STATUS_FAILED);
  return run_plan (plan, result, NULL, cancellable, progress, user_data, report, error);
}

BgSimStatus
bg_simulator_run_with_energy (BgPlan            *plan,
                              BgResult          *result,
                              BgEnergy          *energy,
                              GCancellable      *cancellable,
                              BgSimProgressFunc  progress,
                              gpointer           user_data,
                              BgSimReport       *report,
                              GError           **error)
{
  g_return_val_if_fail (plan != NULL, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (result != NULL, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (energy == NULL || bg_energy_get_plan (energy) == plan, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (energy == NULL || bg_energy_get_n_rows (energy) == 0, BG_SIM_STATUS_FAILED);
  g_return_val_if_fail (error == NULL || *error == NULL, BG_SIM_STATUS_FAILED);
  return run_plan (plan, result, energy, cancellable, progress, user_data, report, error);
}
