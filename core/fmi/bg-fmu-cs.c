/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-cs.c — Co-Simulation: an FMU instance's own integration
 * (bg-fmu-instance-private.h, _bg_fmu_do_step).
 *
 * Owns: the instance's CVODE, set up as bg-simulator.c sets up a run (BDF,
 * Newton, the plan's dense, band or KLU solver with its coloured Jacobian,
 * the plan's rtol and per-state atol, the end stops as roots in their
 * direction), integration across communication points without restarts
 * (the same internal steps as `bgmod-cli simulate`), restarts exactly at
 * the waveforms' switching times and after an input or parameter changed,
 * and an early return at an end stop. Must not: print (CVODE's messages go
 * to the importer's logger) or keep global state.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include "bg-cvode-reason-private.h"
#include "bg-fmu-instance-private.h"

/* A stop time beyond any run. */
#define NO_STOP 1e300

struct _BgFmuCs
{
  BgFmuInstance   *inst;
  SUNContext       ctx;
  void            *cvode;
  N_Vector         y;
  SUNMatrix        A;
  SUNLinearSolver  ls;
  guint           *color_cols, *color_first;
  guint            seg;          /* the segment CVODE integrates in */
  int              root;         /* the end stop interpolate() found, or -1 */
  char            *message;      /* CVODE's last error text */
};

void
_bg_fmu_cs_free (BgFmuCs *cs)
{
  if (cs == NULL)
    return;
  if (cs->cvode != NULL)
    CVodeFree (&cs->cvode);
  if (cs->ls != NULL)
    SUNLinSolFree (cs->ls);
  if (cs->A != NULL)
    SUNMatDestroy (cs->A);
  if (cs->y != NULL)
    N_VDestroy (cs->y);
  if (cs->ctx != NULL)
    SUNContext_Free (&cs->ctx);
  g_free (cs->color_cols);
  g_free (cs->color_first);
  g_free (cs->message);
  g_free (cs);
}

static int
rhs_cb (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  BgFmuCs *cs = user_data;
  BgFmuInstance *inst = cs->inst;
  const double *yd = N_VGetArrayPointer (ydot);

  inst->work->t = t;
  if (!_bg_plan_eval_rhs (inst->work, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot)))
    return 1;
  for (guint i = 0; i < inst->plan->n_states; i++)
    if (!isfinite (yd[i]))
      return 1;
  return 0;
}

static int
root_cb (realtype t, N_Vector y, realtype *gout, void *user_data)
{
  BgFmuCs *cs = user_data;
  const BgPlan *plan = cs->inst->plan;
  const double *yd = N_VGetArrayPointer (y);

  for (guint i = 0; i < plan->n_events; i++)
    gout[i] = yd[plan->events[i].state] - plan->events[i].threshold;
  return 0;
}

/* As bg-simulator.c: coloured forward differences, one right-hand side per
 * colour. */
static int
jac_sparse_cb (realtype t, N_Vector y, N_Vector fy, SUNMatrix J, void *user_data,
               N_Vector tmp1, N_Vector tmp2, N_Vector tmp3)
{
  BgFmuCs *cs = user_data;
  const BgPlan *plan = cs->inst->plan;
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
  cs->inst->work->t = t;
  for (guint c = 0; c < plan->n_colors; c++)
    {
      for (guint q = cs->color_first[c]; q < cs->color_first[c + 1]; q++)
        {
          guint j = cs->color_cols[q];
          h[j] = sqrt (DBL_EPSILON) * MAX (fabs (yd[j]), 1e-3 * plan->state_scale[j]);
          yp[j] = yd[j] + h[j];
        }
      if (!_bg_plan_eval_rhs (cs->inst->work, yp, ft))
        return 1;
      for (guint q = cs->color_first[c]; q < cs->color_first[c + 1]; q++)
        {
          guint j = cs->color_cols[q];
          for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
            data[k] = (ft[plan->row_ind[k]] - fd[plan->row_ind[k]]) / h[j];
          yp[j] = yd[j];
        }
    }
  return 0;
}

static void
error_cb (int error_code, const char *module, const char *function, char *msg, void *user_data)
{
  BgFmuCs *cs = user_data;

  if (error_code >= 0)
    return;
  g_free (cs->message);
  cs->message = g_strdup (msg);
}

static void
group_colors (BgFmuCs *cs)
{
  const BgPlan *plan = cs->inst->plan;
  g_autofree guint *fill = g_new0 (guint, MAX (plan->n_colors, 1));

  cs->color_first = g_new0 (guint, plan->n_colors + 1);
  cs->color_cols = g_new (guint, MAX (plan->n_states, 1));
  for (guint j = 0; j < plan->n_states; j++)
    cs->color_first[plan->color[j] + 1]++;
  for (guint c = 0; c < plan->n_colors; c++)
    cs->color_first[c + 1] += cs->color_first[c];
  for (guint j = 0; j < plan->n_states; j++)
    cs->color_cols[cs->color_first[plan->color[j]] + fill[plan->color[j]]++] = j;
}

/* A CVODE started at the instance's time and states, or NULL after a
 * message. */
static BgFmuCs *
cs_new (BgFmuInstance *inst)
{
  const BgPlan *plan = inst->plan;
  sunindextype n = plan->n_states;
  BgFmuCs *cs = g_new0 (BgFmuCs, 1);
  N_Vector atol;
  int flag;

  cs->inst = inst;
  if (SUNContext_Create (NULL, &cs->ctx) != 0 || (cs->y = N_VNew_Serial (n, cs->ctx)) == NULL)
    goto fail;
  memcpy (N_VGetArrayPointer (cs->y), inst->x, n * sizeof (double));
  cs->cvode = CVodeCreate (CV_BDF, cs->ctx);
  if (cs->cvode == NULL)
    goto fail;
  CVodeSetErrHandlerFn (cs->cvode, error_cb, cs);
  if (CVodeInit (cs->cvode, rhs_cb, inst->t, cs->y) != CV_SUCCESS)
    goto fail;
  atol = N_VNew_Serial (n, cs->ctx);
  if (atol == NULL)
    goto fail;
  memcpy (N_VGetArrayPointer (atol), plan->atol, n * sizeof (double));
  flag = CVodeSVtolerances (cs->cvode, plan->rtol, atol);
  N_VDestroy (atol);
  if (flag != CV_SUCCESS)
    goto fail;
  CVodeSetUserData (cs->cvode, cs);
  CVodeSetMaxNumSteps (cs->cvode, 100000);
  CVodeSetMaxErrTestFails (cs->cvode, 20);
  CVodeSetMaxConvFails (cs->cvode, 50);
  switch (plan->solver)
    {
    case BG_PLAN_SOLVER_BAND:
      cs->A = SUNBandMatrix (n, plan->mu, plan->ml, cs->ctx);
      cs->ls = cs->A != NULL ? SUNLinSol_Band (cs->y, cs->A, cs->ctx) : NULL;
      break;
    case BG_PLAN_SOLVER_SPARSE:
      cs->A = SUNSparseMatrix (n, n, plan->nnz, CSC_MAT, cs->ctx);
      cs->ls = cs->A != NULL ? SUNLinSol_KLU (cs->y, cs->A, cs->ctx) : NULL;
      group_colors (cs);
      break;
    case BG_PLAN_SOLVER_DENSE:
    case BG_PLAN_SOLVER_NONE:
    default:
      cs->A = SUNDenseMatrix (n, n, cs->ctx);
      cs->ls = cs->A != NULL ? SUNLinSol_Dense (cs->y, cs->A, cs->ctx) : NULL;
      break;
    }
  if (cs->ls == NULL || CVodeSetLinearSolver (cs->cvode, cs->ls, cs->A) != CV_SUCCESS)
    goto fail;
  if (plan->solver == BG_PLAN_SOLVER_SPARSE && CVodeSetJacFn (cs->cvode, jac_sparse_cb) != CV_SUCCESS)
    goto fail;
  if (plan->n_events > 0)
    {
      g_autofree int *dirs = g_new (int, plan->n_events);
      for (guint i = 0; i < plan->n_events; i++)
        dirs[i] = plan->events[i].direction;
      if (CVodeRootInit (cs->cvode, (int) plan->n_events, root_cb) != CV_SUCCESS
          || CVodeSetRootDirection (cs->cvode, dirs) != CV_SUCCESS)
        goto fail;
      CVodeSetNoInactiveRootWarn (cs->cvode);
    }
  cs->seg = _bg_fmu_segment_at (inst, inst->t);
  if (cs->seg < inst->n_restarts)
    CVodeSetStopTime (cs->cvode, inst->restart_t[cs->seg]);
  return cs;

fail:
  _bg_fmu_log (inst, BG_FMU_ERROR_STATUS, "logStatusError", "the solver could not be set up%s%s",
               cs->message != NULL ? ": " : "", cs->message != NULL ? cs->message : "");
  _bg_fmu_cs_free (cs);
  return NULL;
}

/* y(t) for t in [t0, t1] of CVODE's last step, into cs->y: at t1, or at
 * an end stop crossed on the way (found by bisection to 1e-12 of the
 * interval; CV_ROOT_RETURN, with the root's index remembered). */
static int
interpolate (BgFmuCs *cs, double t0, double t1, double *t_out)
{
  const BgPlan *plan = cs->inst->plan;
  const double *y = N_VGetArrayPointer (cs->y);

  if (CVodeGetDky (cs->cvode, t1, 0, cs->y) != CV_SUCCESS)
    return CV_ILL_INPUT;
  *t_out = t1;
  for (guint e = 0; e < plan->n_events; e++)
    {
      const BgEvent *ev = &plan->events[e];
      double z1 = y[ev->state] - ev->threshold;
      double z0 = cs->inst->x[ev->state] - ev->threshold;
      double lo = t0, hi = t1;

      if (!(ev->direction > 0 ? (z0 < 0 && z1 >= 0) : (z0 > 0 && z1 <= 0)))
        continue;
      while (hi - lo > 1e-12 * MAX (1.0, fabs (hi)))
        {
          double mid = 0.5 * (lo + hi), z;
          CVodeGetDky (cs->cvode, mid, 0, cs->y);
          z = y[ev->state] - ev->threshold;
          if (ev->direction > 0 ? z >= 0 : z <= 0)
            hi = mid;
          else
            lo = mid;
        }
      CVodeGetDky (cs->cvode, hi, 0, cs->y);
      *t_out = hi;
      cs->root = (int) e;
      return CV_ROOT_RETURN;
    }
  return CV_SUCCESS;
}

static BgFmuStatus
solver_failed (BgFmuInstance *self, int flag)
{
  double tcur = self->t;
  BgFmuStatus status;

  CVodeGetCurrentTime (self->cs_state->cvode, &tcur);
  status = _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                        "The simulation failed at t = %.6g s: %s%s%s", tcur,
                        self->work->n_group_failures > 0
                        ? "an algebraic loop has no solution near this point"
                        : _bg_cvode_reason (flag),
                        self->cs_state->message != NULL ? " — " : "",
                        self->cs_state->message != NULL ? self->cs_state->message : "");
  self->mode = BG_FMU_MODE_FAILED;
  return status;
}

BgFmuStatus
_bg_fmu_do_step (BgFmuInstance *self,
                 double         t,
                 double         h,
                 gboolean      *terminate,
                 gboolean      *early_return,
                 double        *last_time)
{
  double target = t + h, tol;

  *terminate = FALSE;
  *early_return = FALSE;
  *last_time = self->t;
  if (!_bg_fmu_check_mode (self, "doing a step", 1u << BG_FMU_MODE_STEP))
    return BG_FMU_ERROR_STATUS;
  tol = 1e-9 * MAX (fabs (t), fabs (h));
  if (!(isfinite (t) && isfinite (h) && h >= 0))
    return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                        "a step from t = %g s of %g s is not valid", t, h);
  if (fabs (t - self->t) > tol)
    return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                        "a step from t = %.9g s, but the FMU is at t = %.9g s", t, self->t);
  if (self->terminated)
    {
      *terminate = TRUE;
      return _bg_fmu_log (self, BG_FMU_DISCARD, "logStatusWarning",
                          "the run ended at an end stop at t = %.9g s", self->t);
    }
  if (!_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  _bg_fmu_apply_inputs (self);

  if (self->plan->n_states == 0)
    {
      self->t = target;
      self->seg = _bg_fmu_segment_at (self, target);
      self->values_ok = FALSE;
      *last_time = target;
      return BG_FMU_OK;
    }
  if (self->cs_state == NULL && (self->cs_state = cs_new (self)) == NULL)
    {
      self->mode = BG_FMU_MODE_FAILED;
      return BG_FMU_ERROR_STATUS;
    }

  while (self->t < target)
    {
      BgFmuCs *cs = self->cs_state;
      gboolean at_end = cs->seg < self->n_restarts && self->restart_t[cs->seg] <= target;
      double tout = at_end ? self->restart_t[cs->seg] : target, tret = self->t, tn = self->t;
      int flag;

      cs->root = -1;
      self->work->t_wave = _bg_fmu_level_time (self, cs->seg);
      CVodeGetCurrentTime (cs->cvode, &tn);
      if (cs->seg < self->n_restarts && tn >= self->restart_t[cs->seg] && tn > self->t)
        {
          /* CVODE has stepped onto the switching time (its stop time)
           * while returning an earlier point, and may not step again:
           * interpolate, finding an end stop in between ourselves. */
          flag = interpolate (cs, self->t, tout, &tret);
          if (flag == CV_SUCCESS && at_end && tret >= tout)
            flag = CV_TSTOP_RETURN;
        }
      else
        flag = CVode (cs->cvode, tout, cs->y, &tret, CV_NORMAL);
      if (flag < 0)
        return solver_failed (self, flag);
      memcpy (self->x, N_VGetArrayPointer (cs->y), self->plan->n_states * sizeof (double));
      self->t = tret;
      self->values_ok = FALSE;
      if (flag == CV_ROOT_RETURN)
        {
          g_autofree int *found = g_new0 (int, self->plan->n_events);

          if (cs->root >= 0)
            found[cs->root] = 1;
          else
            CVodeGetRootInfo (cs->cvode, found);
          for (guint e = 0; e < self->plan->n_events; e++)
            if (found[e] != 0)
              {
                _bg_fmu_end_at_event (self, e);
                break;
              }
          *terminate = TRUE;
          *early_return = TRUE;
          break;
        }
      if (at_end && tret >= tout)
        {
          /* A waveform jumps or kinks here: restart in the next segment. */
          self->t = tout;
          cs->seg++;
          self->seg = cs->seg;
          flag = CVodeReInit (cs->cvode, tout, cs->y);
          if (flag != CV_SUCCESS)
            return solver_failed (self, flag);
          /* (A stop time once set stays after a restart: move it on.) */
          CVodeSetStopTime (cs->cvode, cs->seg < self->n_restarts ? self->restart_t[cs->seg]
                                                                  : NO_STOP);
          continue;
        }
      if (tret >= target)
        {
          self->t = target;
          break;
        }
    }
  self->seg = MAX (self->seg, self->cs_state->seg);
  self->last_successful_time = self->t;
  *last_time = self->t;
  return BG_FMU_OK;
}
