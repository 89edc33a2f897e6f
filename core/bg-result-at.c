/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-result-at.c — a result's values between its rows.
 *
 * Owns: the binary search over the time column and the linear
 * interpolation of one column (bg-result-at.h). Must not: derive columns
 * or write to the result.
 */
#include "config.h"

#include <math.h>

#include "bg-result-at.h"

/* Column 0 is the time, always stored (bg-result.h). */
#define TIME_VAR 0

gboolean
bg_result_get_time_range (BgResult *result,
                          double   *t_start,
                          double   *t_end)
{
  gsize n;

  g_return_val_if_fail (result != NULL, FALSE);

  n = bg_result_get_n_rows (result);
  if (n == 0)
    return FALSE;
  if (t_start != NULL)
    *t_start = bg_result_get_value (result, TIME_VAR, 0);
  if (t_end != NULL)
    *t_end = bg_result_get_value (result, TIME_VAR, n - 1);
  return TRUE;
}

gboolean
bg_result_locate (BgResult        *result,
                  double           t,
                  BgResultInstant *at)
{
  gsize n, lo, hi;
  double t_lo, t_hi;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (at != NULL, FALSE);

  n = bg_result_get_n_rows (result);
  at->n_rows = n;
  at->row = 0;
  at->frac = 0;
  if (n == 0)
    return FALSE;
  if (isnan (t) || t <= bg_result_get_value (result, TIME_VAR, 0))
    return TRUE;
  if (t >= bg_result_get_value (result, TIME_VAR, n - 1))
    {
      at->row = n - 1;
      return TRUE;
    }
  /* the time column never decreases: t lies in [t(lo), t(hi)) */
  lo = 0;
  hi = n - 1;
  while (hi - lo > 1)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (bg_result_get_value (result, TIME_VAR, mid) <= t)
        lo = mid;
      else
        hi = mid;
    }
  t_lo = bg_result_get_value (result, TIME_VAR, lo);
  t_hi = bg_result_get_value (result, TIME_VAR, hi);
  at->row = lo;
  at->frac = t_hi > t_lo ? (t - t_lo) / (t_hi - t_lo) : 0;
  if (at->frac >= 1)
    {
      at->row = hi;
      at->frac = 0;
    }
  return TRUE;
}

double
bg_result_value_at (BgResult              *result,
                    guint                  var,
                    const BgResultInstant *at)
{
  gsize filled;
  double a, b;

  g_return_val_if_fail (result != NULL && at != NULL, NAN);

  if (var >= bg_result_get_n_vars (result) || at->n_rows == 0)
    return NAN;
  filled = MIN (bg_result_get_n_filled (result, var), at->n_rows);
  if (at->row >= filled)
    return NAN;
  a = bg_result_get_value (result, var, at->row);
  if (at->frac == 0)
    return a;
  if (at->row + 1 >= filled)
    return NAN;
  b = bg_result_get_value (result, var, at->row + 1);
  return a + (b - a) * at->frac;
}
