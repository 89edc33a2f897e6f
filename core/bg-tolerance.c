/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-tolerance.c — the solver's relative tolerance for long oscillatory runs.
 *
 * Owns: estimating a plan's fastest oscillation (angular frequency ω and
 * decay rate σ of the dominant eigenvalue pair −σ ± iω of the right-hand
 * side's Jacobian at t = 0) and tightening the relative tolerance the solver
 * uses when that oscillation lasts many cycles. Must not: change anything of
 * the plan but its rtol, atol and the recorded estimate, or run the solver.
 *
 * The rule, measured (tests/test-simulate.c, /core/simulate/long-oscillation):
 * BDF's phase error grows with every cycle an oscillation lives, about
 * rtol per step, so a lightly damped shaft at 41 Hz over 3 s (≈ 80 cycles
 * before it decays by e) ends 5.6e-3 of its peak off at rtol 1e-6, and
 * 1.4e-4 at 1e-8. The solver therefore runs at
 *
 *   rtol_solver = rtol · min (1, CYCLES_FREE / n),
 *   n = ω / 2π · min (t_end, 1 / σ)   (cycles before the oscillation decays),
 *
 * which keeps such runs within 1e-3 of each variable's peak and leaves runs
 * of a few cycles alone. When the settings give no atol, the absolute
 * tolerances (1e-2 · rtol · scale) follow the same factor.
 *
 * The estimate: power iteration on J² (the dominant pair ±iω of J becomes
 * the real −ω² of J²) in state-scaled coordinates, with Jacobian-vector
 * products by forward differences of the right-hand side, then the 2×2
 * projection of J on the converged plane gives −σ ± iω. A dominant real
 * eigenvalue (a stiff decay, not an oscillation) leaves the tolerance alone.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "bg-tolerance.h"

#define CYCLES_FREE 5.0
#define POWER_ITERATIONS 60

typedef struct
{
  BgPlanWork *work;
  const BgPlan *plan;
  double *y0, *f0, *y, *f;
} Jv;

/* out = S⁻¹ J S v (scaled coordinates), by a forward difference. FALSE when
 * the right-hand side cannot be evaluated. */
static gboolean
jv (Jv *j, const double *v, double *out)
{
  guint n = j->plan->n_states;
  double norm = 0, eps;

  for (guint i = 0; i < n; i++)
    norm = MAX (norm, fabs (v[i]));
  if (norm == 0)
    {
      memset (out, 0, n * sizeof (double));
      return TRUE;
    }
  eps = sqrt (DBL_EPSILON) / norm;
  for (guint i = 0; i < n; i++)
    j->y[i] = j->y0[i] + eps * v[i] * j->plan->state_scale[i];
  if (!_bg_plan_eval_rhs (j->work, j->y, j->f))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      out[i] = (j->f[i] - j->f0[i]) / (eps * j->plan->state_scale[i]);
      if (!isfinite (out[i]))
        return FALSE;
    }
  return TRUE;
}

static double
dot (const double *a, const double *b, guint n)
{
  double s = 0;
  for (guint i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static double
normalize (double *v, guint n)
{
  double norm = sqrt (dot (v, v, n));
  if (norm > 0)
    for (guint i = 0; i < n; i++)
      v[i] /= norm;
  return norm;
}

/* The dominant oscillation −σ ± iω; FALSE when there is none to find. */
static gboolean
estimate (const BgPlan *plan, double *omega, double *sigma)
{
  guint n = plan->n_states;
  BgPlanWork *work = _bg_plan_work_new (plan);
  g_autofree double *buf = g_new0 (double, 8 * (gsize) n);
  double *v = buf, *w = buf + n, *u = buf + 2 * n, *jw = buf + 3 * n;
  Jv j = { work, plan, buf + 4 * n, buf + 5 * n, buf + 6 * n, buf + 7 * n };
  double h11, h12, h21, h22, tr, det, disc, mu = 0;
  gboolean ok = FALSE;

  work->t_wave = 0;
  memcpy (j.y0, plan->y0, n * sizeof (double));
  if (!_bg_plan_eval_rhs (work, j.y0, j.f0))
    goto out;

  /* A start that touches every state with varying signs. */
  for (guint i = 0; i < n; i++)
    v[i] = 1.0 + 0.5 * sin (1.0 + 2.3 * i);
  normalize (v, n);
  for (guint it = 0; it < POWER_ITERATIONS; it++)
    {
      if (!jv (&j, v, w) || !jv (&j, w, u))
        goto out;
      mu = dot (v, u, n);    /* Rayleigh quotient of J² */
      if (normalize (u, n) == 0)
        goto out;
      memcpy (v, u, n * sizeof (double));
    }
  if (!(mu < 0))
    goto out;   /* no state, no dynamics, or a real mode dominates */

  /* Project J on span {v, Jv}: orthonormal q1 = v, q2 ⟂ v. */
  if (!jv (&j, v, w))
    goto out;
  h11 = dot (v, w, n);
  memcpy (u, w, n * sizeof (double));
  for (guint i = 0; i < n; i++)
    u[i] -= h11 * v[i];
  if (normalize (u, n) == 0 || !jv (&j, u, jw))
    goto out;
  h21 = dot (u, w, n);
  h12 = dot (v, jw, n);
  h22 = dot (u, jw, n);
  tr = h11 + h22;
  det = h11 * h22 - h12 * h21;
  disc = tr * tr / 4 - det;
  if (!(disc < 0))
    goto out;   /* the plane holds two real modes */
  *omega = sqrt (-disc);
  *sigma = -tr / 2;
  ok = isfinite (*omega) && isfinite (*sigma);

out:
  _bg_plan_work_free (work);
  return ok;
}

void
bg_tolerance_apply (BgPlan *plan, gboolean scale_atol)
{
  double omega = 0, sigma = 0, span, factor;

  plan->osc_omega = 0;
  plan->osc_sigma = 0;
  plan->osc_cycles = 0;
  if (plan->n_states < 2 || !estimate (plan, &omega, &sigma))
    return;
  span = sigma > 0 ? MIN (plan->t_end, 1.0 / sigma) : plan->t_end;
  plan->osc_omega = omega;
  plan->osc_sigma = sigma;
  plan->osc_cycles = omega / (2 * G_PI) * span;
  factor = MIN (1.0, CYCLES_FREE / plan->osc_cycles);
  plan->rtol *= factor;
  if (scale_atol)
    for (guint i = 0; i < plan->n_states; i++)
      plan->atol[i] *= factor;
}
