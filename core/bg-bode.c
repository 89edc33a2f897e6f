/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-bode.c — G(jω) = C (jωI − A)⁻¹ B + D on a log-spaced grid.
 *
 * Owns: building jωI − A per frequency and solving it for the input's
 * column of B with LAPACK's complex LU (zgesv), the dB/degree conversion and
 * the phase unwrapping. Must not: touch a model or GTK.
 */
#include "config.h"

#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-bode.h"

G_DEFINE_QUARK (bg-bode-error-quark, bg_bode_error)

void
bg_bode_free (BgBode *self)
{
  if (self == NULL)
    return;
  g_free (self->f);
  g_free (self->mag_db);
  g_free (self->phase_deg);
  g_free (self->input);
  g_free (self->output);
  g_free (self->output_unit);
  g_free (self);
}

/* G at angular frequency w; FALSE when jωI − A is singular. */
static gboolean
response_at (const BgLinearization *lin, guint input, guint output, double w,
             lapack_complex_double *mat, lapack_complex_double *rhs, lapack_int *piv,
             double complex *g)
{
  guint n = bg_linearization_get_n_states (lin), m = bg_linearization_get_n_inputs (lin);
  const double *a = bg_linearization_get_a (lin), *b = bg_linearization_get_b (lin);
  const double *c = bg_linearization_get_c (lin), *d = bg_linearization_get_d (lin);
  double complex acc = d[output * m + input];

  if (n > 0)
    {
      for (guint i = 0; i < n; i++)
        {
          for (guint j = 0; j < n; j++)
            mat[i * n + j] = -a[i * n + j];
          mat[i * n + i] += w * I;
          rhs[i] = b[i * m + input];
        }
      if (LAPACKE_zgesv (LAPACK_ROW_MAJOR, (lapack_int) n, 1, mat, (lapack_int) n, piv,
                         rhs, 1) != 0)
        return FALSE;
      for (guint j = 0; j < n; j++)
        acc += c[output * n + j] * rhs[j];
    }
  *g = acc;
  return TRUE;
}

BgBode *
bg_bode_compute (const BgLinearization *lin,
                 guint                  input,
                 guint                  output,
                 double                 f_from,
                 double                 f_to,
                 guint                  n_points,
                 GError               **error)
{
  g_autoptr (BgBode) bode = NULL;
  guint n;
  g_autofree lapack_complex_double *mat = NULL, *rhs = NULL;
  g_autofree lapack_int *piv = NULL;
  double turn = 0;

  g_return_val_if_fail (lin != NULL, NULL);
  g_return_val_if_fail (input < bg_linearization_get_n_inputs (lin), NULL);
  g_return_val_if_fail (output < bg_linearization_get_n_outputs (lin), NULL);

  if (!(f_from > 0) || !(f_to > f_from) || !isfinite (f_to))
    {
      g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE,
                   _("The frequency range %g … %g Hz is not valid: it needs 0 < from < to"),
                   f_from, f_to);
      return NULL;
    }
  if (n_points < 2 || n_points > BG_BODE_MAX_POINTS)
    {
      g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE,
                   _("The number of frequencies must be between 2 and %u"),
                   (guint) BG_BODE_MAX_POINTS);
      return NULL;
    }

  n = bg_linearization_get_n_states (lin);
  bode = g_new0 (BgBode, 1);
  bode->n = n_points;
  bode->f = g_new (double, n_points);
  bode->mag_db = g_new (double, n_points);
  bode->phase_deg = g_new (double, n_points);
  bode->input = g_strdup (bg_linearization_get_input_name (lin, input));
  bode->output = g_strdup (bg_linearization_get_output_name (lin, output));
  bode->output_unit = g_strdup (bg_linearization_get_output_unit (lin, output));
  mat = g_new (lapack_complex_double, MAX ((gsize) n * n, 1));
  rhs = g_new (lapack_complex_double, MAX (n, 1));
  piv = g_new (lapack_int, MAX (n, 1));

  for (guint k = 0; k < n_points; k++)
    {
      double lf = log10 (f_from) + (log10 (f_to) - log10 (f_from)) * k / (n_points - 1);
      double f = k + 1 == n_points ? f_to : k == 0 ? f_from : pow (10, lf);
      double complex g;
      double phase;

      if (!response_at (lin, input, output, 2 * G_PI * f, mat, rhs, piv, &g))
        {
          g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_SINGULAR,
                       _("The model has an undamped mode at %g Hz: its response there is "
                         "infinite"), f);
          return NULL;
        }
      bode->f[k] = f;
      bode->mag_db[k] = 20 * log10 (cabs (g));
      phase = carg (g) * 180 / G_PI;
      if (k == 0 && phase == -180)
        phase = 180;
      if (k > 0)
        {
          /* Unwrap: the continuous phase closest to the previous point. */
          while (phase + turn - bode->phase_deg[k - 1] > 180)
            turn -= 360;
          while (phase + turn - bode->phase_deg[k - 1] <= -180)
            turn += 360;
        }
      bode->phase_deg[k] = phase + turn;
    }
  return g_steal_pointer (&bode);
}
