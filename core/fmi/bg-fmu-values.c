/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-values.c — an FMU instance's values (bg-fmu-instance-private.h):
 * getting and setting variables by value reference, time, the state
 * vector, its derivatives, nominals and the event indicators.
 *
 * Owns: one evaluation of the plan per change of time, states, inputs or
 * parameters (then every variable and derivative is read from it), the
 * jump levels of the segment the time is in, and what may be set when:
 * parameters before the run, in Event Mode and between steps (the plan is
 * compiled again), inputs from initialization on. Must not: integrate
 * (bg-fmu-cs.c does) or print.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-fmu-instance-private.h"

#define MODE(m) (1u << BG_FMU_MODE_##m)
#define RUNNING (MODE (INITIALIZATION) | MODE (EVENT) | MODE (CONTINUOUS) | MODE (STEP))

static BgFmuStatus
error (BgFmuInstance *self, const char *message, guint32 vr)
{
  const BgFmuVar *v = bg_fmu_vars_get (self->vars, vr);

  return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "%s (value reference %u%s%s)",
                      message, vr, v != NULL ? ", " : "", v != NULL ? v->name : "");
}

static gboolean
evaluate (BgFmuInstance *self)
{
  const BgPlan *plan;

  if (self->values_ok && !self->dirty)
    return TRUE;
  if (!_bg_fmu_ensure_plan (self))
    return FALSE;
  plan = self->plan;
  _bg_fmu_apply_inputs (self);
  self->work->t_wave = _bg_fmu_level_time (self, _bg_fmu_segment_at (self, self->t));
  if (!_bg_plan_eval_outputs (self->work, self->t, self->x, self->values))
    {
      _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                   "an algebraic loop has no solution at t = %.9g s", self->t);
      return FALSE;
    }
  for (guint i = 0; i < plan->n_states; i++)
    self->dx[i] = self->work->regs[plan->deriv_reg[i]];
  self->values_ok = TRUE;
  return TRUE;
}

static gboolean
needs_evaluation (const BgFmuVar *v)
{
  return v->kind == BG_FMU_VAR_OUTPUT || v->kind == BG_FMU_VAR_DERIVATIVE;
}

BgFmuStatus
_bg_fmu_get_real (BgFmuInstance *self, const guint32 *vr, gsize n, double *values)
{
  gboolean evaluated = FALSE;

  if (!_bg_fmu_check_mode (self, "getting values",
                           MODE (INSTANTIATED) | RUNNING | MODE (TERMINATED)))
    return BG_FMU_ERROR_STATUS;
  if (n > 0 && (vr == NULL || values == NULL))
    return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "getting values: no array");
  for (gsize i = 0; i < n; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (self->vars, vr[i]);

      if (v == NULL)
        return error (self, "getting values: no such variable", vr[i]);
      if (needs_evaluation (v) && !evaluated)
        {
          if (!evaluate (self))
            return BG_FMU_ERROR_STATUS;
          evaluated = TRUE;
        }
      switch (v->kind)
        {
        case BG_FMU_VAR_TIME:
          values[i] = self->t;
          break;
        case BG_FMU_VAR_PARAMETER:
          values[i] = self->params[v->index];
          break;
        case BG_FMU_VAR_STATE:
          if (!_bg_fmu_ensure_plan (self))
            return BG_FMU_ERROR_STATUS;
          values[i] = self->x[v->index];
          break;
        case BG_FMU_VAR_DERIVATIVE:
          values[i] = self->dx[v->index];
          break;
        case BG_FMU_VAR_INPUT:
          values[i] = self->u[v->index];
          break;
        case BG_FMU_VAR_OUTPUT:
          values[i] = self->values[v->index];
          break;
        case BG_FMU_VAR_INDICATOR:
        default:
          if (!_bg_fmu_ensure_plan (self))
            return BG_FMU_ERROR_STATUS;
          values[i] = self->x[self->plan->events[v->index].state]
                      - self->plan->events[v->index].threshold;
          break;
        }
    }
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_set_real (BgFmuInstance *self, const guint32 *vr, gsize n, const double *values)
{
  gboolean params_changed = FALSE;

  if (!_bg_fmu_check_mode (self, "setting values", MODE (INSTANTIATED) | RUNNING))
    return BG_FMU_ERROR_STATUS;
  if (n > 0 && (vr == NULL || values == NULL))
    return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "setting values: no array");
  for (gsize i = 0; i < n; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (self->vars, vr[i]);

      if (v == NULL)
        return error (self, "setting values: no such variable", vr[i]);
      if (!isfinite (values[i]))
        return error (self, "setting values: not a finite number", vr[i]);
      switch (v->kind)
        {
        case BG_FMU_VAR_PARAMETER:
          if (self->mode == BG_FMU_MODE_CONTINUOUS)
            return error (self, "a parameter can be changed only in Event Mode", vr[i]);
          if (self->params[v->index] != values[i])
            {
              self->params[v->index] = values[i];
              self->dirty = TRUE;
              self->values_ok = FALSE;
              params_changed = TRUE;
            }
          break;
        case BG_FMU_VAR_INPUT:
          if (self->mode == BG_FMU_MODE_INSTANTIATED)
            return error (self, "an input can be set from Initialization Mode on", vr[i]);
          if (self->u[v->index] != values[i])
            {
              self->u[v->index] = values[i];
              self->values_ok = FALSE;
              if (self->cs_state != NULL)
                _bg_fmu_cs_free (g_steal_pointer (&self->cs_state));
            }
          break;
        case BG_FMU_VAR_TIME:
        case BG_FMU_VAR_STATE:
        case BG_FMU_VAR_DERIVATIVE:
        case BG_FMU_VAR_OUTPUT:
        case BG_FMU_VAR_INDICATOR:
        default:
          return error (self, "this variable cannot be set", vr[i]);
        }
    }
  /* During a run a new parameter value takes effect at once (its errors
   * are this call's); before it, at the end of initialization. */
  if (params_changed && (self->mode == BG_FMU_MODE_EVENT || self->mode == BG_FMU_MODE_STEP))
    {
      _bg_fmu_log (self, BG_FMU_OK, "logEvents", "parameters changed at t = %.9g s", self->t);
      if (!_bg_fmu_ensure_plan (self))
        return BG_FMU_ERROR_STATUS;
    }
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_set_time (BgFmuInstance *self, double t)
{
  if (!_bg_fmu_check_mode (self, "setting the time", MODE (EVENT) | MODE (CONTINUOUS)))
    return BG_FMU_ERROR_STATUS;
  if (!isfinite (t))
    return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                        "setting the time: not a finite number");
  if (t != self->t)
    {
      self->t = t;
      self->values_ok = FALSE;
    }
  return BG_FMU_OK;
}

static gboolean
check_n (BgFmuInstance *self, const char *call, const void *array, gsize n, gsize expected)
{
  if (n != expected)
    {
      _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                   "%s: %" G_GSIZE_FORMAT " values given, the FMU has %" G_GSIZE_FORMAT,
                   call, n, expected);
      return FALSE;
    }
  if (n > 0 && array == NULL)
    {
      _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "%s: no array", call);
      return FALSE;
    }
  return TRUE;
}

BgFmuStatus
_bg_fmu_set_states (BgFmuInstance *self, const double *x, gsize n)
{
  gsize ns = bg_fmu_vars_get_n_states (self->vars);

  if (!_bg_fmu_check_mode (self, "setting the states", MODE (EVENT) | MODE (CONTINUOUS))
      || !check_n (self, "setting the states", x, n, ns))
    return BG_FMU_ERROR_STATUS;
  for (gsize i = 0; i < n; i++)
    if (!isfinite (x[i]))
      return error (self, "setting the states: not a finite number",
                    bg_fmu_vars_state_vr (self->vars, i));
  if (n > 0 && memcmp (self->x, x, n * sizeof (double)) != 0)
    {
      memcpy (self->x, x, n * sizeof (double));
      self->values_ok = FALSE;
    }
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_get_states (BgFmuInstance *self, double *x, gsize n)
{
  gsize ns = bg_fmu_vars_get_n_states (self->vars);

  if (!_bg_fmu_check_mode (self, "getting the states", RUNNING | MODE (TERMINATED))
      || !check_n (self, "getting the states", x, n, ns) || !_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  if (n > 0)
    memcpy (x, self->x, n * sizeof (double));
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_get_derivatives (BgFmuInstance *self, double *dx, gsize n)
{
  gsize ns = bg_fmu_vars_get_n_states (self->vars);

  if (!_bg_fmu_check_mode (self, "getting the derivatives", RUNNING | MODE (TERMINATED))
      || !check_n (self, "getting the derivatives", dx, n, ns))
    return BG_FMU_ERROR_STATUS;
  if (!evaluate (self))
    return BG_FMU_ERROR_STATUS;
  for (gsize i = 0; i < n; i++)
    if (!isfinite (self->dx[i]))
      return _bg_fmu_log (self, BG_FMU_DISCARD, "logStatusWarning",
                          "the derivative of %s is not a finite number at t = %.9g s",
                          self->plan->state_names[i], self->t);
  if (n > 0)
    memcpy (dx, self->dx, n * sizeof (double));
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_get_nominals (BgFmuInstance *self, double *nominals, gsize n)
{
  gsize ns = bg_fmu_vars_get_n_states (self->vars);

  if (!_bg_fmu_check_mode (self, "getting the nominals",
                           MODE (INSTANTIATED) | RUNNING | MODE (TERMINATED))
      || !check_n (self, "getting the nominals", nominals, n, ns)
      || !_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  for (gsize i = 0; i < n; i++)
    nominals[i] = self->plan->state_scale[i] > 0 ? self->plan->state_scale[i] : 1.0;
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_get_indicators (BgFmuInstance *self, double *z, gsize n)
{
  gsize ni = bg_fmu_vars_get_n_indicators (self->vars);

  if (!_bg_fmu_check_mode (self, "getting the event indicators", RUNNING | MODE (TERMINATED))
      || !check_n (self, "getting the event indicators", z, n, ni)
      || !_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  for (gsize e = 0; e < n; e++)
    z[e] = self->x[self->plan->events[e].state] - self->plan->events[e].threshold;
  return BG_FMU_OK;
}
