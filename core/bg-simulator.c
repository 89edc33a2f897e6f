/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulator.c — CVODE driver for a BgPlan.
 *
 * Owns: the solver set-up (BDF, Newton, the plan's dense/band/KLU linear
 * solver, per-state absolute tolerances), the one-step loop with output
 * interpolation, restarts at waveform steps (merged where the solver
 * cannot resolve the gap), root finding for terminating events,
 * cancellation, progress and failure reports: a non-finite value in a row
 * or a derivative names its variable; CVODE codes become our translated
 * sentences (bg-cvode-reason.c); with an energy ledger, the energy of
 * every account as quadratures of the same integration (CVODES: integrated
 * with the states' steps, outside their error test, so the states are the
 * same doubles as without and the run ends as it would without; a plan
 * without states integrates them alone, under error control, beside one
 * constant placeholder state). Must not:
 * keep global state, change the plan, or touch a model or GTK.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "bg-simulator.h"
#include "bg-cvode-reason-private.h"
#include "bg-energy-private.h"
#include "bg-plan-private.h"

G_DEFINE_QUARK (bg-simulator-error-quark, bg_simulator_error)

#define PROGRESS_INTERVAL_US 50000
/* Switch times closer than this fraction of t_end to 0, to each other or to
 * t_end are merged: CVODE cannot start an interval much shorter than a few
 * ulps of the current time, and no output could show the difference. */
#define SWITCH_RESOLUTION 1e-12
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
  char         *solver_message; /* SUNDIALS' English text, for debug logs only */
  guint         bad_var;        /* plan variable of the first non-finite output, or NO_INDEX */
  guint         bad_state;      /* first non-finite derivative, or NO_INDEX */

  /* Restarts: merged switch times and the input time each one applies. */
  double       *restart_t, *restart_wave;
  guint         n_restarts;
  double        wave_t0;        /* input time of the first segment */

  SUNContext      ctx;
  void           *cvode;
  N_Vector        y, ytmp;
  /* Energy (NULL without a ledger): the quadratures and their values at
   * an output time. placeholder: a plan without states runs one constant
   * state so that the solver can integrate the quadratures. */
  BgEnergyRun    *energy;
  N_Vector        yq, yqtmp;
  gboolean        placeholder;
  SUNMatrix       A;
  SUNLinearSolver ls;

  guint        *color_cols;    /* columns grouped by colour (KLU) */
  guint        *color_first;   /* n_colors + 1 */

  gsize         n_rows;
  double        last_row_t;
  gint64        last_progress;
  BgSimProgressFunc progress;
  gpointer      progress_data;
} Run;

/* A derivative that is not finite is a recoverable error: CVODE retries a
 * smaller step and, if that does not help, fails with the state named. */
static int
rhs_cb (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  Run *run = user_data;
  const double *yd = N_VGetArrayPointer (ydot);

  if (run->placeholder)
    {
      N_VConst (0.0, ydot);
      return 0;
    }
  run->work->t = t;
  if (!_bg_plan_eval_rhs (run->work, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot)))
    return 1;
  for (guint i = 0; i < run->plan->n_states; i++)
    if (!isfinite (yd[i]))
      {
        run->bad_state = i;
        return 1;
      }
  run->bad_state = NO_INDEX;
  return 0;
}

/* The quadratures' derivatives: each account's power (a failed algebraic
 * group is recoverable, as in the right-hand side). */
static int
quad_cb (realtype t, N_Vector y, N_Vector yqdot, void *user_data)
{
  Run *run = user_data;

  /* (A power that cannot be computed makes the ledger stop, not the
   * run: it is NaN, and the ledger's next row says where it stopped.) */
  if (!_bg_energy_run_power (run->energy, t, run->work->t_wave, N_VGetArrayPointer (y),
                             N_VGetArrayPointer (yqdot)))
    N_VConst (NAN, yqdot);
  return 0;
}

static int
root_cb (realtype t, N_Vector y, realtype *gout, void *user_data)
{
  Run *run = user_data;
  const double *yd = N_VGetArrayPointer (y);

  for (guint i = 0; i < run->plan->n_events; i++)
    gout[i] = yd[run->plan->events[i].state] - run->plan->events[i].threshold;
  return 0;
}

/* Sparse Jacobian by coloured forward differences: one right-hand side per
 * colour (columns of one colour share no row). */
static int
jac_sparse_cb (realtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *user_data,
               N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  Run *run = user_data;
  const BgPlan *plan = run->plan;
  const double *yd = N_VGetArrayPointer (y), *fd = N_VGetArrayPointer (fy);
  double *ft = N_VGetArrayPointer (tmp1), *yp = N_VGetArrayPointer (tmp2);
  double *h = N_VGetArrayPointer (tmp3);
  sunindextype *colptr = SM_INDEXPTRS_S (J), *rowval = SM_INDEXVALS_S (J);
  realtype *data = SM_DATA_S (J);
  guint n = plan->n_states;

  for (guint j = 0; j <= n; j++)
    colptr[j] = plan->col_ptr[j];
  for (guint k = 0; k < plan->nnz; k++)
    rowval[k] = plan->row_ind[k];
  memcpy (yp, yd, n * sizeof (double));
  run->work->t = t;

  for (guint c = 0; c < plan->n_colors; c++)
    {
      for (guint q = run->color_first[c]; q < run->color_first[c + 1]; q++)
        {
          guint j = run->color_cols[q];
          h[j] = sqrt (DBL_EPSILON) * MAX (fabs (yd[j]), 1e-3 * plan->state_scale[j]);
          yp[j] = yd[j] + h[j];
        }
      if (!_bg_plan_eval_rhs (run->work, yp, ft))
        return 1;
      for (guint q = run->color_first[c]; q < run->color_first[c + 1]; q++)
        {
          guint j = run->color_cols[q];
          for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
            data[k] = (ft[plan->row_ind[k]] - fd[plan->row_ind[k]]) / h[j];
          yp[j] = yd[j];
        }
    }
  return 0;
}

static void
error_handler_cb (int error_code, const char *module, const char *function,
                  char *msg, void *user_data)
{
  Run *run = user_data;

  if (error_code >= 0)
    return;
  g_free (run->solver_message);
  run->solver_message = g_strdup (msg);
  g_debug ("CVODE %s in %s: %s", module, function, msg);
}

static void
run_clear (Run *run)
{
  if (run->cvode != NULL)
    CVodeFree (&run->cvode);
  if (run->ls != NULL)
    SUNLinSolFree (run->ls);
  if (run->A != NULL)
    SUNMatDestroy (run->A);
  if (run->y != NULL)
    N_VDestroy (run->y);
  if (run->ytmp != NULL)
    N_VDestroy (run->ytmp);
  if (run->yq != NULL)
    N_VDestroy (run->yq);
  if (run->yqtmp != NULL)
    N_VDestroy (run->yqtmp);
  _bg_energy_run_free (run->energy);
  if (run->ctx != NULL)
    SUNContext_Free (&run->ctx);
  _bg_plan_work_free (run->work);
  _bg_plan_work_free (run->out_work);
  _bg_plan_outputs_free (run->outputs);
  g_free (run->values);
  g_free (run->solver_message);
  g_free (run->color_cols);
  g_free (run->color_first);
  g_free (run->restart_t);
  g_free (run->restart_wave);
}

static void
group_colors (Run *run)
{
  const BgPlan *plan = run->plan;
  g_autofree guint *fill = g_new0 (guint, plan->n_colors);

  run->color_first = g_new0 (guint, plan->n_colors + 1);
  run->color_cols = g_new (guint, MAX (plan->n_states, 1));
  for (guint j = 0; j < plan->n_states; j++)
    run->color_first[plan->color[j] + 1]++;
  for (guint c = 0; c < plan->n_colors; c++)
    run->color_first[c + 1] += run->color_first[c];
  for (guint j = 0; j < plan->n_states; j++)
    run->color_cols[run->color_first[plan->color[j]] + fill[plan->color[j]]++] = j;
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

  if (n_q == 0)
    return TRUE;
  run->yq = N_VNew_Serial (n_q, run->ctx);
  run->yqtmp = N_VNew_Serial (n_q, run->ctx);
  if (run->yq == NULL || run->yqtmp == NULL)
    return FALSE;
  N_VConst (0.0, run->yq);
  if (CVodeQuadInit (run->cvode, quad_cb, run->yq) != CV_SUCCESS)
    return FALSE;
  if (run->placeholder)
    return CVodeQuadSStolerances (run->cvode, run->plan->rtol, quadrature_atol (run)) == CV_SUCCESS
           && CVodeSetQuadErrCon (run->cvode, SUNTRUE) == CV_SUCCESS;
  return CVodeSetQuadErrCon (run->cvode, SUNFALSE) == CV_SUCCESS;
}

static gboolean
setup_cvode (Run *run, GError **error)
{
  const BgPlan *plan = run->plan;
  sunindextype n = run->placeholder ? 1 : plan->n_states;
  N_Vector atol = NULL;
  int flag;

  if (SUNContext_Create (NULL, &run->ctx) != 0)
    goto fail;
  run->y = N_VNew_Serial (n, run->ctx);
  run->ytmp = N_VNew_Serial (n, run->ctx);
  if (run->y == NULL || run->ytmp == NULL)
    goto fail;
  if (run->placeholder)
    N_VConst (0.0, run->y);
  else
    memcpy (N_VGetArrayPointer (run->y), plan->y0, n * sizeof (double));

  run->cvode = CVodeCreate (CV_BDF, run->ctx);
  if (run->cvode == NULL)
    goto fail;
  CVodeSetErrHandlerFn (run->cvode, error_handler_cb, run);
  if (CVodeInit (run->cvode, rhs_cb, 0.0, run->y) != CV_SUCCESS)
    goto fail;
  atol = N_VNew_Serial (n, run->ctx);
  if (run->placeholder)
    N_VConst (1.0, atol);
  else
    memcpy (N_VGetArrayPointer (atol), plan->atol, n * sizeof (double));
  flag = CVodeSVtolerances (run->cvode, plan->rtol, atol);
  N_VDestroy (atol);
  if (flag != CV_SUCCESS)
    goto fail;
  CVodeSetUserData (run->cvode, run);
  CVodeSetMaxNumSteps (run->cvode, 100000);
  CVodeSetMaxErrTestFails (run->cvode, 20);
  CVodeSetMaxConvFails (run->cvode, 50);

  switch (plan->solver)
    {
    case BG_PLAN_SOLVER_BAND:
      run->A = SUNBandMatrix (n, plan->mu, plan->ml, run->ctx);
      run->ls = run->A != NULL ? SUNLinSol_Band (run->y, run->A, run->ctx) : NULL;
      break;
    case BG_PLAN_SOLVER_SPARSE:
      run->A = SUNSparseMatrix (n, n, plan->nnz, CSC_MAT, run->ctx);
      run->ls = run->A != NULL ? SUNLinSol_KLU (run->y, run->A, run->ctx) : NULL;
      group_colors (run);
      break;
    case BG_PLAN_SOLVER_DENSE:
    case BG_PLAN_SOLVER_NONE:
    default:
      run->A = SUNDenseMatrix (n, n, run->ctx);
      run->ls = run->A != NULL ? SUNLinSol_Dense (run->y, run->A, run->ctx) : NULL;
      break;
    }
  if (run->ls == NULL || CVodeSetLinearSolver (run->cvode, run->ls, run->A) != CV_SUCCESS)
    goto fail;
  if (plan->solver == BG_PLAN_SOLVER_SPARSE && CVodeSetJacFn (run->cvode, jac_sparse_cb) != CV_SUCCESS)
    goto fail;

  if (plan->n_events > 0)
    {
      g_autofree int *dirs = g_new (int, plan->n_events);
      for (guint i = 0; i < plan->n_events; i++)
        dirs[i] = plan->events[i].direction;
      if (CVodeRootInit (run->cvode, (int) plan->n_events, root_cb) != CV_SUCCESS
          || CVodeSetRootDirection (run->cvode, dirs) != CV_SUCCESS)
        goto fail;
      CVodeSetNoInactiveRootWarn (run->cvode);
    }
  if (run->energy != NULL && !setup_quadratures (run))
    goto fail;
  return TRUE;

fail:
  g_set_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_SETUP,
               _("The solver could not be set up: %s"),
               run->solver_message != NULL ? _("the solver rejected its settings")
                                           : _("out of memory"));
  return FALSE;
}

/* Restart points ------------------------------------------------------------ */

/* Merges switch times the solver cannot resolve (see SWITCH_RESOLUTION): one
 * near 0 applies from the start, one near t_end is left to the last row
 * (which evaluates the inputs at t_end), and a cluster restarts once at its
 * first time with the inputs after its last. */
static void
merge_switch_times (Run *run)
{
  const BgPlan *plan = run->plan;
  double gap = SWITCH_RESOLUTION * plan->t_end;

  run->restart_t = g_new (double, MAX (plan->n_switch_times, 1));
  run->restart_wave = g_new (double, MAX (plan->n_switch_times, 1));
  run->wave_t0 = 0.0;
  for (guint i = 0; i < plan->n_switch_times; i++)
    {
      double s = plan->switch_times[i];
      guint n = run->n_restarts;

      if (s >= plan->t_end - gap)
        break;
      if (s <= gap)
        run->wave_t0 = s;
      else if (n > 0 && s - run->restart_t[n - 1] <= gap)
        run->restart_wave[n - 1] = s;
      else
        {
          run->restart_t[n] = s;
          run->restart_wave[n] = s;
          run->n_restarts++;
        }
    }
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
          if (CVodeGetQuadDky (run->cvode, t, 0, run->yqtmp) != CV_SUCCESS)
            CVodeGetQuad (run->cvode, &(realtype) { 0 }, run->yqtmp);
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

  if (flag < 0 && run->bad_state != NO_INDEX)
    return describe_non_finite (run->plan->state_names[run->bad_state], TRUE);
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
  double *yd = N_VGetArrayPointer (run->y), *ytd = N_VGetArrayPointer (run->ytmp);

  merge_switch_times (run);
  if (!append_row (run, 0.0, plan->y0))
    return fail_run (run, report, 0.0, 0, error);
  next_out = 1;

  seg_end = run->n_restarts > 0 ? run->restart_t[0] : plan->t_end;
  /* Jumps take the level of the segment's inside, away from both ends. */
  run->work->t_wave = segment_wave_time (run, 0.0, run->wave_t0, seg_end);
  CVodeSetStopTime (run->cvode, seg_end);

  for (;;)
    {
      if (g_cancellable_is_cancelled (cancellable))
        return cancel_run (report, tret, error);

      flag = CVode (run->cvode, seg_end, run->y, &tret, CV_ONE_STEP);
      if (flag < 0)
        {
          double tcur = tret;
          CVodeGetCurrentTime (run->cvode, &tcur);
          return fail_run (run, report, tcur, flag, error);
        }

      /* At an event, output times within EVENT_MERGE of the crossing give
       * way to the event row: one row, t strictly increasing. */
      t_last_out = flag == CV_ROOT_RETURN ? tret - EVENT_MERGE * plan->output_step : tret;
      while (next_out < n_out && output_time (plan, next_out, n_out) <= t_last_out)
        {
          double t_out = output_time (plan, next_out, n_out);
          if (CVodeGetDky (run->cvode, t_out, 0, run->ytmp) != CV_SUCCESS)
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

          CVodeGetRootInfo (run->cvode, found);
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
            CVodeGetQuad (run->cvode, &(realtype) { 0 }, run->yq);
          flag = CVodeReInit (run->cvode, seg_start, run->y);
          if (flag == CV_SUCCESS && run->yq != NULL)
            flag = CVodeQuadReInit (run->cvode, run->yq);
          if (flag != CV_SUCCESS)
            return fail_run (run, report, seg_start, flag, error);
          seg_end = seg < run->n_restarts ? run->restart_t[seg] : plan->t_end;
          run->work->t_wave = segment_wave_time (run, seg_start, after, seg_end);
          CVodeSetStopTime (run->cvode, seg_end);
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
  run.bad_state = NO_INDEX;
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
      CVodeGetNumSteps (run.cvode, &nst);
      CVodeGetNumJacEvals (run.cvode, &nje);
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
