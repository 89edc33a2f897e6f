/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cvode-setup.c — one CVODE set up for a compiled plan
 * (bg-cvode-setup-private.h), shared by the simulator (bg-simulator.c) and
 * an FMU's Co-Simulation (fmi/bg-fmu-cs.c) so that both integrate with the
 * same solver settings and take the same internal steps.
 *
 * Owns: the solver set-up (BDF, Newton, the plan's dense/band/KLU linear
 * solver, per-state absolute tolerances, end stops as roots) and CVODE's
 * callbacks: the right-hand side (a derivative that is not finite is a
 * recoverable error, the state remembered), the roots, the sparse
 * Jacobian, the error handler; and the merging of switching times into
 * restart points, so that both restart at the same times. Must not: step or restart the solver, keep
 * global state, or print (the FMU runtime must stay silent; the debug log
 * only when the caller asks).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <cvodes/cvodes.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "bg-cvode-setup-private.h"

#define NO_INDEX G_MAXUINT

/* A derivative that is not finite is a recoverable error: CVODE retries a
 * smaller step and, if that does not help, fails with the state named. */
static int
rhs_cb (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  BgCvode *cv = user_data;
  const double *yd = N_VGetArrayPointer (ydot);

  if (cv->placeholder)
    {
      N_VConst (0.0, ydot);
      return 0;
    }
  cv->work->t = t;
  if (!_bg_plan_eval_rhs (cv->work, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot)))
    return 1;
  for (guint i = 0; i < cv->plan->n_states; i++)
    if (!isfinite (yd[i]))
      {
        cv->bad_state = i;
        return 1;
      }
  cv->bad_state = NO_INDEX;
  return 0;
}

static int
root_cb (realtype t, N_Vector y, realtype *gout, void *user_data)
{
  BgCvode *cv = user_data;
  const double *yd = N_VGetArrayPointer (y);

  for (guint i = 0; i < cv->plan->n_events; i++)
    gout[i] = yd[cv->plan->events[i].state] - cv->plan->events[i].threshold;
  return 0;
}

/* Sparse Jacobian by coloured forward differences: one right-hand side per
 * colour (columns of one colour share no row). */
static int
jac_sparse_cb (realtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *user_data,
               N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  BgCvode *cv = user_data;
  const BgPlan *plan = cv->plan;
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
  cv->work->t = t;

  for (guint c = 0; c < plan->n_colors; c++)
    {
      for (guint q = cv->color_first[c]; q < cv->color_first[c + 1]; q++)
        {
          guint j = cv->color_cols[q];
          h[j] = sqrt (DBL_EPSILON) * MAX (fabs (yd[j]), 1e-3 * plan->state_scale[j]);
          yp[j] = yd[j] + h[j];
        }
      if (!_bg_plan_eval_rhs (cv->work, yp, ft))
        return 1;
      for (guint q = cv->color_first[c]; q < cv->color_first[c + 1]; q++)
        {
          guint j = cv->color_cols[q];
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
  BgCvode *cv = user_data;

  if (error_code >= 0)
    return;
  g_free (cv->message);
  cv->message = g_strdup (msg);
  if (cv->debug_log)
    g_debug ("CVODE %s in %s: %s", module, function, msg);
}

static void
group_colors (BgCvode *cv)
{
  const BgPlan *plan = cv->plan;
  g_autofree guint *fill = g_new0 (guint, MAX (plan->n_colors, 1));

  cv->color_first = g_new0 (guint, plan->n_colors + 1);
  cv->color_cols = g_new (guint, MAX (plan->n_states, 1));
  for (guint j = 0; j < plan->n_states; j++)
    cv->color_first[plan->color[j] + 1]++;
  for (guint c = 0; c < plan->n_colors; c++)
    cv->color_first[c + 1] += cv->color_first[c];
  for (guint j = 0; j < plan->n_states; j++)
    cv->color_cols[cv->color_first[plan->color[j]] + fill[plan->color[j]]++] = j;
}

/* The plan's linear solver, with the coloured Jacobian for KLU. */
static gboolean
setup_linear_solver (BgCvode *cv)
{
  const BgPlan *plan = cv->plan;
  sunindextype n = cv->placeholder ? 1 : plan->n_states;

  switch (cv->placeholder ? BG_PLAN_SOLVER_DENSE : plan->solver)
    {
    case BG_PLAN_SOLVER_BAND:
      cv->A = SUNBandMatrix (n, plan->mu, plan->ml, cv->ctx);
      cv->ls = cv->A != NULL ? SUNLinSol_Band (cv->y, cv->A, cv->ctx) : NULL;
      break;
    case BG_PLAN_SOLVER_SPARSE:
      cv->A = SUNSparseMatrix (n, n, plan->nnz, CSC_MAT, cv->ctx);
      cv->ls = cv->A != NULL ? SUNLinSol_KLU (cv->y, cv->A, cv->ctx) : NULL;
      group_colors (cv);
      break;
    case BG_PLAN_SOLVER_DENSE:
    case BG_PLAN_SOLVER_NONE:
    default:
      cv->A = SUNDenseMatrix (n, n, cv->ctx);
      cv->ls = cv->A != NULL ? SUNLinSol_Dense (cv->y, cv->A, cv->ctx) : NULL;
      break;
    }
  if (cv->ls == NULL || CVodeSetLinearSolver (cv->cvode, cv->ls, cv->A) != CV_SUCCESS)
    return FALSE;
  return plan->solver != BG_PLAN_SOLVER_SPARSE
         || CVodeSetJacFn (cv->cvode, jac_sparse_cb) == CV_SUCCESS;
}

/* The end stops: one root each, in its direction. */
static gboolean
setup_roots (BgCvode *cv)
{
  const BgPlan *plan = cv->plan;
  g_autofree int *dirs = NULL;

  if (plan->n_events == 0)
    return TRUE;
  dirs = g_new (int, plan->n_events);
  for (guint i = 0; i < plan->n_events; i++)
    dirs[i] = plan->events[i].direction;
  if (CVodeRootInit (cv->cvode, (int) plan->n_events, root_cb) != CV_SUCCESS
      || CVodeSetRootDirection (cv->cvode, dirs) != CV_SUCCESS)
    return FALSE;
  CVodeSetNoInactiveRootWarn (cv->cvode);
  return TRUE;
}

gboolean
_bg_cvode_setup (BgCvode      *cv,
                 const BgPlan *plan,
                 BgPlanWork   *work,
                 double        t0,
                 const double *y0,
                 gboolean      debug_log)
{
  sunindextype n;
  N_Vector atol;
  int flag;

  cv->plan = plan;
  cv->work = work;
  cv->debug_log = debug_log;
  cv->bad_state = NO_INDEX;
  cv->placeholder = plan->n_states == 0;
  n = cv->placeholder ? 1 : plan->n_states;
  if (SUNContext_Create (NULL, &cv->ctx) != 0 || (cv->y = N_VNew_Serial (n, cv->ctx)) == NULL)
    return FALSE;
  if (cv->placeholder)
    N_VConst (0.0, cv->y);
  else
    memcpy (N_VGetArrayPointer (cv->y), y0, n * sizeof (double));

  cv->cvode = CVodeCreate (CV_BDF, cv->ctx);
  if (cv->cvode == NULL)
    return FALSE;
  CVodeSetErrHandlerFn (cv->cvode, error_handler_cb, cv);
  if (CVodeInit (cv->cvode, rhs_cb, t0, cv->y) != CV_SUCCESS)
    return FALSE;
  atol = N_VNew_Serial (n, cv->ctx);
  if (atol == NULL)
    return FALSE;
  if (cv->placeholder)
    N_VConst (1.0, atol);
  else
    memcpy (N_VGetArrayPointer (atol), plan->atol, n * sizeof (double));
  flag = CVodeSVtolerances (cv->cvode, plan->rtol, atol);
  N_VDestroy (atol);
  if (flag != CV_SUCCESS)
    return FALSE;
  CVodeSetUserData (cv->cvode, cv);
  CVodeSetMaxNumSteps (cv->cvode, 100000);
  CVodeSetMaxErrTestFails (cv->cvode, 20);
  CVodeSetMaxConvFails (cv->cvode, 50);
  return setup_linear_solver (cv) && setup_roots (cv);
}

void
_bg_cvode_clear (BgCvode *cv)
{
  if (cv->cvode != NULL)
    CVodeFree (&cv->cvode);
  if (cv->ls != NULL)
    SUNLinSolFree (cv->ls);
  if (cv->A != NULL)
    SUNMatDestroy (cv->A);
  if (cv->y != NULL)
    N_VDestroy (cv->y);
  if (cv->ctx != NULL)
    SUNContext_Free (&cv->ctx);
  g_clear_pointer (&cv->color_cols, g_free);
  g_clear_pointer (&cv->color_first, g_free);
  g_clear_pointer (&cv->message, g_free);
}

guint
_bg_cvode_merge_switch_times (const double *times,
                              guint         n_times,
                              double        horizon,
                              double       *restart_t,
                              double       *restart_wave,
                              double       *wave_t0)
{
  double gap = BG_SWITCH_RESOLUTION * horizon;
  guint n = 0;

  *wave_t0 = 0.0;
  for (guint i = 0; i < n_times; i++)
    {
      double s = times[i];

      if (s >= horizon - gap)
        break;
      if (s <= gap)
        *wave_t0 = s;
      else if (n > 0 && s - restart_t[n - 1] <= gap)
        restart_wave[n - 1] = s;
      else
        {
          restart_t[n] = s;
          restart_wave[n] = s;
          n++;
        }
    }
  return n;
}
