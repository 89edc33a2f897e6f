/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-cs.c — Co-Simulation: an FMU instance's own integration
 * (bg-fmu-instance-private.h, _bg_fmu_do_step).
 *
 * Owns: the instance's CVODE, set up as bg-simulator.c sets up a run (by
 * the same bg-cvode-setup.c), integration across communication points
 * without restarts (the same internal steps as `bgmod-cli simulate`),
 * restarts exactly at the waveforms' switching times and after an input
 * or parameter changed, and an early return at an end stop. Must not:
 * print (CVODE's messages go to the importer's logger) or keep global
 * state.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>

#include "bg-cvode-reason-private.h"
#include "bg-cvode-setup-private.h"
#include "bg-fmu-instance-private.h"

/* A stop time beyond any run. */
#define NO_STOP 1e300

struct _BgFmuCs
{
  BgFmuInstance   *inst;
  BgCvode          cv;           /* the solver, with CVODE's last error text */
  guint            seg;          /* the segment CVODE integrates in */
  int              root;         /* the end stop interpolate() found, or -1 */
};

void
_bg_fmu_cs_free (BgFmuCs *cs)
{
  if (cs == NULL)
    return;
  _bg_cvode_clear (&cs->cv);
  g_free (cs);
}

/* A CVODE started at the instance's time and states, or NULL after a
 * message. */
static BgFmuCs *
cs_new (BgFmuInstance *inst)
{
  BgFmuCs *cs = g_new0 (BgFmuCs, 1);

  cs->inst = inst;
  if (!_bg_cvode_setup (&cs->cv, inst->plan, inst->work, inst->t, inst->x, FALSE))
    {
      _bg_fmu_log (inst, BG_FMU_ERROR_STATUS, "logStatusError", "the solver could not be set up%s%s",
                   cs->cv.message != NULL ? ": " : "", cs->cv.message != NULL ? cs->cv.message : "");
      _bg_fmu_cs_free (cs);
      return NULL;
    }
  cs->seg = _bg_fmu_segment_at (inst, inst->t);
  if (cs->seg < inst->n_restarts)
    CVodeSetStopTime (cs->cv.cvode, inst->restart_t[cs->seg]);
  return cs;
}

/* y(t) for t in [t0, t1] of CVODE's last step, into cs->cv.y: at t1, or at
 * an end stop crossed on the way (found by bisection to 1e-12 of the
 * interval; CV_ROOT_RETURN, with the root's index remembered). */
static int
interpolate (BgFmuCs *cs, double t0, double t1, double *t_out)
{
  const BgPlan *plan = cs->inst->plan;
  const double *y = N_VGetArrayPointer (cs->cv.y);

  if (CVodeGetDky (cs->cv.cvode, t1, 0, cs->cv.y) != CV_SUCCESS)
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
          CVodeGetDky (cs->cv.cvode, mid, 0, cs->cv.y);
          z = y[ev->state] - ev->threshold;
          if (ev->direction > 0 ? z >= 0 : z <= 0)
            hi = mid;
          else
            lo = mid;
        }
      CVodeGetDky (cs->cv.cvode, hi, 0, cs->cv.y);
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

  CVodeGetCurrentTime (self->cs_state->cv.cvode, &tcur);
  status = _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                        "The simulation failed at t = %.6g s: %s%s%s", tcur,
                        self->work->n_group_failures > 0
                        ? "an algebraic loop has no solution near this point"
                        : _bg_cvode_reason (flag),
                        self->cs_state->cv.message != NULL ? " — " : "",
                        self->cs_state->cv.message != NULL ? self->cs_state->cv.message : "");
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
      CVodeGetCurrentTime (cs->cv.cvode, &tn);
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
        flag = CVode (cs->cv.cvode, tout, cs->cv.y, &tret, CV_NORMAL);
      if (flag < 0)
        return solver_failed (self, flag);
      memcpy (self->x, N_VGetArrayPointer (cs->cv.y), self->plan->n_states * sizeof (double));
      self->t = tret;
      self->values_ok = FALSE;
      if (flag == CV_ROOT_RETURN)
        {
          g_autofree int *found = g_new0 (int, self->plan->n_events);

          if (cs->root >= 0)
            found[cs->root] = 1;
          else
            CVodeGetRootInfo (cs->cv.cvode, found);
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
          flag = CVodeReInit (cs->cv.cvode, tout, cs->cv.y);
          if (flag != CV_SUCCESS)
            return solver_failed (self, flag);
          /* (A stop time once set stays after a restart: move it on.) */
          CVodeSetStopTime (cs->cv.cvode, cs->seg < self->n_restarts ? self->restart_t[cs->seg]
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
