/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-modes.c — eigenvalues of A with LAPACK's dgeev.
 *
 * Owns: the call into LAPACKE, the frequency and damping of each eigenvalue,
 * their order, the default Bode range. Must not: touch a model or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-modes.h"

G_DEFINE_QUARK (bg-modes-error-quark, bg_modes_error)

static int
compare_modes (gconstpointer pa, gconstpointer pb)
{
  const BgMode *a = pa, *b = pb;
  double ma = hypot (a->re, a->im), mb = hypot (b->re, b->im);

  if (ma != mb)
    return ma < mb ? -1 : 1;
  if (a->im != b->im)
    return a->im < b->im ? -1 : 1;
  return a->re < b->re ? -1 : a->re > b->re ? 1 : 0;
}

GArray *
bg_modes_compute (const BgLinearization *lin, GError **error)
{
  guint n;
  g_autofree double *a = NULL, *wr = NULL, *wi = NULL;
  GArray *modes;
  lapack_int info;

  g_return_val_if_fail (lin != NULL, NULL);

  n = bg_linearization_get_n_states (lin);
  modes = g_array_sized_new (FALSE, TRUE, sizeof (BgMode), n);
  if (n == 0)
    return modes;

  a = g_memdup2 (bg_linearization_get_a (lin), (gsize) n * n * sizeof (double));
  wr = g_new (double, n);
  wi = g_new (double, n);
  info = LAPACKE_dgeev (LAPACK_ROW_MAJOR, 'N', 'N', (lapack_int) n, a, (lapack_int) n,
                        wr, wi, NULL, 1, NULL, 1);
  if (info != 0)
    {
      g_set_error (error, BG_MODES_ERROR, BG_MODES_ERROR_LAPACK,
                   _("The eigenvalues could not be computed (LAPACK dgeev returned %d)"),
                   (int) info);
      g_array_unref (modes);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      BgMode mode;
      double mag = hypot (wr[i], wi[i]);

      mode.re = wr[i] + 0.0;
      mode.im = wi[i] + 0.0;
      mode.frequency_hz = mag / (2 * G_PI);
      mode.damping = mag > 0 ? -wr[i] / mag : 1.0;
      g_array_append_val (modes, mode);
    }
  g_array_sort (modes, compare_modes);
  return modes;
}

void
bg_modes_bode_range (GArray *modes, double *f_from, double *f_to)
{
  double lo = G_MAXDOUBLE, hi = 0;

  g_return_if_fail (modes != NULL && f_from != NULL && f_to != NULL);

  for (guint i = 0; i < modes->len; i++)
    {
      double f = g_array_index (modes, BgMode, i).frequency_hz;
      if (f > 0 && isfinite (f))
        {
          lo = MIN (lo, f);
          hi = MAX (hi, f);
        }
    }
  if (hi == 0)
    {
      *f_from = 0.01;
      *f_to = 100;
      return;
    }
  *f_from = pow (10, floor (log10 (lo)) - 1);
  *f_to = pow (10, ceil (log10 (hi)) + 1);
}
