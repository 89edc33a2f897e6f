/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-modes.c — eigenvalues of A with LAPACK's dgeev.
 *
 * Owns: the call into LAPACKE, the frequency and damping of each eigenvalue
 * (zero below the thresholds of bg-modes.h), their order, the default Bode
 * range. Must not: touch a model or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-bode.h"
#include "bg-modes.h"

G_DEFINE_QUARK (bg-modes-error-quark, bg_modes_error)

/* The speed of LAPACK on the reference machine (2 cores, Debian 12's
 * reference BLAS and LAPACK; tests/bench/bench-bode.c): dgeev on a dense
 * A, the QR iteration alone on an A already in Hessenberg form. */
#define BG_MODES_SECONDS_DENSE_N3 5.3e-9
#define BG_MODES_SECONDS_HESSENBERG_N3 2.5e-9

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
  double largest = 0;

  g_return_val_if_fail (lin != NULL, NULL);

  n = bg_linearization_get_n_states (lin);
  modes = g_array_sized_new (FALSE, TRUE, sizeof (BgMode), n);
  if (n == 0)
    return modes;

  a = g_memdup2 (bg_linearization_get_a (lin), (gsize) n * n * sizeof (double));
  wr = g_new (double, n);
  wi = g_new (double, n);
  if (bg_bode_lower_bandwidth (a, n) <= 1)
    {
      /* Already upper Hessenberg (a chain of storages in model order):
       * dgeev's reduction would cost as much as the QR iteration. Scaled
       * (no permutation, which would undo the pattern), then the QR
       * iteration alone. */
      g_autofree double *scale = g_new (double, n);
      lapack_int ilo = 1, ihi = (lapack_int) n;
      double z = 0;

      info = LAPACKE_dgebal (LAPACK_ROW_MAJOR, 'S', (lapack_int) n, a, (lapack_int) n, &ilo, &ihi,
                             scale);
      if (info == 0)
        {
          /* LAPACK's own (column-major) layout: upper Hessenberg there too. */
          g_autofree double *h = g_new (double, (gsize) n * n);

          for (guint i = 0; i < n; i++)
            for (guint j = 0; j < n; j++)
              h[(gsize) j * n + i] = a[(gsize) i * n + j];
          info = LAPACKE_dhseqr (LAPACK_COL_MAJOR, 'E', 'N', (lapack_int) n, 1, (lapack_int) n,
                                 h, (lapack_int) n, wr, wi, &z, 1);
        }
    }
  else
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
    largest = MAX (largest, hypot (wr[i], wi[i]));
  for (guint i = 0; i < n; i++)
    {
      BgMode mode;
      double mag = hypot (wr[i], wi[i]);

      if (mag <= BG_MODES_ZERO_RELATIVE * largest || mag < BG_MODES_ZERO_ABSOLUTE)
        {
          /* Rounding of a structural zero (a free mass, two capacitors
           * through a resistor): neither stable nor unstable. */
          mode.re = mode.im = 0;
          mode.frequency_hz = 0;
          mode.damping = NAN;
        }
      else
        {
          mode.re = wr[i] + 0.0;
          mode.im = wi[i] + 0.0;
          mode.frequency_hz = mag / (2 * G_PI);
          mode.damping = -wr[i] / mag;
        }
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
  bg_modes_bode_range_of (hi > 0 ? lo : 0, hi, f_from, f_to);
}

void
bg_modes_bode_range_of (double lo_hz, double hi_hz, double *f_from, double *f_to)
{
  if (!(hi_hz > 0) || !(lo_hz > 0))
    {
      *f_from = 0.01;
      *f_to = 100;
      return;
    }
  *f_from = pow (10, floor (log10 (lo_hz)) - 1);
  *f_to = pow (10, ceil (log10 (hi_hz)) + 1);
}

double
bg_modes_estimate_seconds (const BgLinearization *lin)
{
  double n = bg_linearization_get_n_states (lin);

  g_return_val_if_fail (lin != NULL, 0);
  return (bg_bode_lower_bandwidth (bg_linearization_get_a (lin), (guint) n) <= 1
          ? BG_MODES_SECONDS_HESSENBERG_N3 : BG_MODES_SECONDS_DENSE_N3) * n * n * n;
}
