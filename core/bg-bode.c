/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-bode.c — G(jω) = C (jωI − A)⁻¹ B + D on a log-spaced grid.
 *
 * Owns: the balancing and Hessenberg reduction of A done once (LAPACK
 * dgebal, dgehrd, dormhr: BgBodeForm, whose H bg-pole-bounds.c also
 * reads), one O(n²) elimination of jωI − H per frequency,
 * the dB/degree conversion, the phase unwrapping, and the estimate of the
 * time it all takes. Must not: touch a model or GTK.
 */
#include "config.h"

#include <complex.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-bode.h"

G_DEFINE_QUARK (bg-bode-error-quark, bg_bode_error)

/* The speed of this code on the reference machine (2 cores, Debian 12's
 * reference BLAS and LAPACK), measured by tests/bench/bench-bode.c: the
 * reduction of a dense A to Hessenberg form, copying and scanning A, and
 * in one frequency's solve each row and each entry of U (eliminated,
 * stored, substituted back). */
#define BG_BODE_SECONDS_PER_REDUCTION_N3 2.5e-9
#define BG_BODE_SECONDS_PER_ROW 1e-7
#define BG_BODE_SECONDS_PER_ENTRY 2e-8
#define BG_BODE_SECONDS_PER_PREPARED_N2 1.2e-7

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

/* The response in Hessenberg form (Laub's method): with the balancing D
 * (dgebal) and the reduction D⁻¹ A D = Q H Qᵀ (dgehrd, skipped when A is
 * already upper Hessenberg), G(jω) = c' (jωI − H)⁻¹ b' + d where
 * b' = Qᵀ D⁻¹ b and c' = c D Q; each frequency is one O(n²) elimination. */
struct _BgBodeForm
{
  guint                  n;
  char                  *input, *output, *output_unit;
  double                *h;      /* n × n row-major, upper Hessenberg */
  double                *b, *c;  /* b' and c' */
  double                 d;
  guint                 *end;    /* per row of H: one past its last non-zero */
  lapack_complex_double *u;      /* the rows of U, packed: row k from k to u_end[k] */
  gsize                 *u_at;   /* per row of U: where it starts in u */
  guint                 *u_end;
  lapack_complex_double *row[2]; /* the current and the next row, n each */
  lapack_complex_double *y;      /* the right-hand side, then the solution */
};

void
bg_bode_form_free (BgBodeForm *p)
{
  if (p == NULL)
    return;
  g_free (p->input);
  g_free (p->output);
  g_free (p->output_unit);
  g_free (p->h);
  g_free (p->b);
  g_free (p->c);
  g_free (p->u);
  g_free (p->end);
  g_free (p->u_at);
  g_free (p->u_end);
  g_free (p->row[0]);
  g_free (p->row[1]);
  g_free (p->y);
  g_free (p);
}

guint
bg_bode_form_get_n_states (const BgBodeForm *form)
{
  g_return_val_if_fail (form != NULL, 0);
  return form->n;
}

const double *
bg_bode_form_get_hessenberg (const BgBodeForm *form)
{
  g_return_val_if_fail (form != NULL, NULL);
  return form->h;
}

guint
bg_bode_lower_bandwidth (const double *a, guint n)
{
  guint kl = 0;

  for (guint i = 1; i < n; i++)
    for (guint j = 0; j + kl < i; j++)
      if (a[(gsize) i * n + j] != 0)
        {
          kl = i - j;
          break;
        }
  return kl;
}

/* One past the last non-zero of each row of the Hessenberg matrix h (the
 * diagonal counts, jω is there) into end, and the entries the rows of U
 * can reach: row k of U ends where the rows 0 … k + 1 of h end at most. */
static gsize
profile (const double *h, guint n, guint *end)
{
  gsize total = 0;
  guint reach = 0;

  for (guint i = 0; i < n; i++)
    {
      guint e = n;

      while (e > i + 1 && h[(gsize) i * n + e - 1] == 0)
        e--;
      end[i] = e;
    }
  for (guint k = 0; k < n; k++)
    {
      reach = MAX (reach, end[k]);
      if (k + 1 < n)
        reach = MAX (reach, end[k + 1]);
      total += reach - k;
    }
  return MAX (total, 1);
}

BgBodeForm *
bg_bode_form_new (const BgLinearization *lin, guint input, guint output, GError **error)
{
  g_autoptr (BgBodeForm) p = NULL;
  guint n, m;
  const double *b, *c;
  g_autofree double *scale = NULL, *tau = NULL;
  lapack_int ilo = 1, ihi, info = 0;

  g_return_val_if_fail (lin != NULL, NULL);
  g_return_val_if_fail (input < bg_linearization_get_n_inputs (lin), NULL);
  g_return_val_if_fail (output < bg_linearization_get_n_outputs (lin), NULL);

  n = bg_linearization_get_n_states (lin);
  m = bg_linearization_get_n_inputs (lin);
  b = bg_linearization_get_b (lin);
  c = bg_linearization_get_c (lin);
  ihi = (lapack_int) n;
  p = g_new0 (BgBodeForm, 1);
  p->n = n;
  p->input = g_strdup (bg_linearization_get_input_name (lin, input));
  p->output = g_strdup (bg_linearization_get_output_name (lin, output));
  p->output_unit = g_strdup (bg_linearization_get_output_unit (lin, output));
  p->d = bg_linearization_get_d (lin)[output * m + input];
  if (n == 0)
    return g_steal_pointer (&p);
  p->h = g_memdup2 (bg_linearization_get_a (lin), (gsize) n * n * sizeof (double));
  p->b = g_new (double, n);
  p->c = g_new (double, n);
  p->end = g_new (guint, n);
  p->u_at = g_new (gsize, n);
  p->u_end = g_new (guint, n);
  p->row[0] = g_new (lapack_complex_double, n);
  p->row[1] = g_new (lapack_complex_double, n);
  p->y = g_new (lapack_complex_double, n);
  scale = g_new (double, n);
  tau = g_new0 (double, MAX (n, 2) - 1);

  /* Scaling only: a permutation would undo a Hessenberg pattern. */
  info = LAPACKE_dgebal (LAPACK_ROW_MAJOR, 'S', (lapack_int) n, p->h, (lapack_int) n, &ilo, &ihi,
                         scale);
  for (guint i = 0; i < n && info == 0; i++)
    {
      p->b[i] = b[i * m + input] / scale[i];
      p->c[i] = c[(gsize) output * n + i] * scale[i];
    }
  if (info == 0 && n > 2 && bg_bode_lower_bandwidth (p->h, n) > 1)
    {
      info = LAPACKE_dgehrd (LAPACK_ROW_MAJOR, (lapack_int) n, 1, (lapack_int) n, p->h,
                             (lapack_int) n, tau);
      if (info == 0)
        info = LAPACKE_dormhr (LAPACK_ROW_MAJOR, 'L', 'T', (lapack_int) n, 1, 1, (lapack_int) n,
                               p->h, (lapack_int) n, tau, p->b, 1);
      if (info == 0)
        info = LAPACKE_dormhr (LAPACK_ROW_MAJOR, 'R', 'N', 1, (lapack_int) n, 1, (lapack_int) n,
                               p->h, (lapack_int) n, tau, p->c, (lapack_int) n);
      /* Below the subdiagonal are the reflectors: H is zero there. */
      for (guint i = 2; i < n; i++)
        memset (p->h + (gsize) i * n, 0, (i - 1) * sizeof (double));
    }
  if (info != 0)
    {
      g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_LAPACK,
                   _("The frequency response could not be prepared (LAPACK returned %d)"),
                   (int) info);
      return NULL;
    }
  return g_steal_pointer (&p);
}

/* Row i of jωI − H from column `from` to `to` into out. */
static inline void
load_row (const BgBodeForm *p, guint i, guint from, guint to, double w, lapack_complex_double *out)
{
  const double *h = p->h + (gsize) i * p->n;
  double *o = (double *) out;

  for (guint j = from; j < to; j++)
    {
      o[2 * j] = -h[j];
      o[2 * j + 1] = 0;
    }
  o[2 * i + 1] = w;
}

/* The inner loops in real arithmetic: C's complex product checks for
 * infinities and NaNs (a library call per product), which these values
 * never are here. */
static inline void
axpy_minus (lapack_complex_double *y, double complex a, const lapack_complex_double *x, guint n)
{
  double ar = creal (a), ai = cimag (a);
  double *yd = (double *) y;
  const double *xd = (const double *) x;

  for (guint j = 0; j < n; j++)
    {
      double xr = xd[2 * j], xi = xd[2 * j + 1];

      yd[2 * j] -= ar * xr - ai * xi;
      yd[2 * j + 1] -= ar * xi + ai * xr;
    }
}

static inline double complex
dot (const lapack_complex_double *a, const lapack_complex_double *b, guint n)
{
  const double *ad = (const double *) a, *bd = (const double *) b;
  double re = 0, im = 0;

  for (guint j = 0; j < n; j++)
    {
      re += ad[2 * j] * bd[2 * j] - ad[2 * j + 1] * bd[2 * j + 1];
      im += ad[2 * j] * bd[2 * j + 1] + ad[2 * j + 1] * bd[2 * j];
    }
  return re + im * I;
}

/* G at angular frequency w; FALSE when jωI − H is singular. Gaussian
 * elimination with partial pivoting between neighbouring rows (the only
 * ones with an entry below the diagonal), then back substitution; each row
 * only as far as its non-zeros reach (a chain's A is tridiagonal: O(n) a
 * frequency, O(n²) for a full Hessenberg matrix). */
static gboolean
response_at (BgBodeForm *p, double w, double complex *g)
{
  guint n = p->n, cur_end, next_end;
  lapack_complex_double *cur = p->row[0], *next = p->row[1], *y = p->y;
  gsize at = 0;
  double complex cur_b, acc = p->d;

  if (n == 0)
    {
      *g = acc;
      return TRUE;
    }
  cur_end = p->end[0];
  load_row (p, 0, 0, cur_end, w, cur);
  cur_b = p->b[0];
  for (guint k = 0; k + 1 < n; k++)
    {
      double complex next_b = p->b[k + 1], l;
      lapack_complex_double *swap;
      guint reach;

      next_end = p->end[k + 1];
      load_row (p, k + 1, k, next_end, w, next);
      if (cabs (next[k]) > cabs (cur[k]))
        {
          double complex swap_b = cur_b;
          guint swap_end = cur_end;

          swap = cur;
          cur = next;
          next = swap;
          cur_end = next_end;
          next_end = swap_end;
          cur_b = next_b;
          next_b = swap_b;
        }
      if (cur[k] == 0)
        return FALSE;
      reach = MAX (cur_end, next_end);
      if (next_end < reach)
        memset (next + next_end, 0, (reach - next_end) * sizeof *next);
      l = next[k] / cur[k];
      axpy_minus (next + k + 1, l, cur + k + 1, cur_end - k - 1);
      next_b -= l * cur_b;
      memcpy (p->u + at, cur + k, (cur_end - k) * sizeof *cur);
      p->u_at[k] = at;
      p->u_end[k] = cur_end;
      at += cur_end - k;
      y[k] = cur_b;
      /* The eliminated row is the next step's current row. */
      swap = cur;
      cur = next;
      next = swap;
      cur_end = reach;
      cur_b = next_b;
    }
  if (cur[n - 1] == 0)
    return FALSE;
  p->u[at] = cur[n - 1];
  p->u_at[n - 1] = at;
  p->u_end[n - 1] = n;
  y[n - 1] = cur_b;

  /* Back substitution, from the last row. */
  for (guint k = n; k-- > 0;)
    {
      const lapack_complex_double *row = p->u + p->u_at[k];
      double complex sum = y[k] - dot (row + 1, y + k + 1, p->u_end[k] - k - 1);

      y[k] = sum / row[0];
      acc += p->c[k] * y[k];
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
  return bg_bode_compute_with_progress (lin, input, output, f_from, f_to, n_points, NULL, NULL,
                                        error);
}

/* The grid's limits and size: checked before any work. */
static gboolean
check_grid (double f_from, double f_to, guint n_points, GError **error)
{
  if (!(f_from > 0) || !(f_to > f_from) || !isfinite (f_to))
    {
      g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE,
                   _("The frequency range %g … %g Hz is not valid: it needs 0 < from < to"),
                   f_from, f_to);
      return FALSE;
    }
  if (n_points < 2 || n_points > BG_BODE_MAX_POINTS)
    {
      g_set_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE,
                   _("The number of frequencies must be between 2 and %u"),
                   (guint) BG_BODE_MAX_POINTS);
      return FALSE;
    }
  return TRUE;
}

BgBode *
bg_bode_compute_with_progress (const BgLinearization *lin,
                               guint                  input,
                               guint                  output,
                               double                 f_from,
                               double                 f_to,
                               guint                  n_points,
                               BgBodeProgressFunc     progress,
                               gpointer               user_data,
                               GError               **error)
{
  g_autoptr (BgBodeForm) form = NULL;

  g_return_val_if_fail (lin != NULL, NULL);
  g_return_val_if_fail (input < bg_linearization_get_n_inputs (lin), NULL);
  g_return_val_if_fail (output < bg_linearization_get_n_outputs (lin), NULL);

  if (!check_grid (f_from, f_to, n_points, error))
    return NULL;
  form = bg_bode_form_new (lin, input, output, error);
  if (form == NULL)
    return NULL;
  return bg_bode_form_compute (form, f_from, f_to, n_points, progress, user_data, error);
}

BgBode *
bg_bode_form_compute (BgBodeForm        *form,
                      double             f_from,
                      double             f_to,
                      guint              n_points,
                      BgBodeProgressFunc progress,
                      gpointer           user_data,
                      GError           **error)
{
  g_autoptr (BgBode) bode = NULL;
  double turn = 0;

  g_return_val_if_fail (form != NULL, NULL);

  if (!check_grid (f_from, f_to, n_points, error))
    return NULL;
  /* The rows of U are stored at the first response, not with the form:
   * whoever reads H in between (bg-pole-bounds.c) has that memory. */
  if (form->n > 0 && form->u == NULL)
    form->u = g_new (lapack_complex_double, profile (form->h, form->n, form->end));

  bode = g_new0 (BgBode, 1);
  bode->n = n_points;
  bode->f = g_new (double, n_points);
  bode->mag_db = g_new (double, n_points);
  bode->phase_deg = g_new (double, n_points);
  bode->input = g_strdup (form->input);
  bode->output = g_strdup (form->output);
  bode->output_unit = g_strdup (form->output_unit);

  for (guint k = 0; k < n_points; k++)
    {
      double lf = log10 (f_from) + (log10 (f_to) - log10 (f_from)) * k / (n_points - 1);
      double f = k + 1 == n_points ? f_to : k == 0 ? f_from : pow (10, lf);
      double complex g;
      double phase;

      if (progress != NULL)
        progress (k, n_points, user_data);
      if (!response_at (form, 2 * G_PI * f, &g))
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

double
bg_bode_estimate_seconds (const BgLinearization *lin,
                          guint                  n_points)
{
  guint n = bg_linearization_get_n_states (lin);
  const double *a = bg_linearization_get_a (lin);
  double reduce = 0, entries;

  g_return_val_if_fail (lin != NULL, 0);

  if (n > 2 && bg_bode_lower_bandwidth (a, n) > 1)
    {
      /* The reduction fills the upper triangle. */
      reduce = BG_BODE_SECONDS_PER_REDUCTION_N3 * (double) n * n * n;
      entries = (double) n * (n + 1) / 2;
    }
  else
    {
      g_autofree guint *end = g_new (guint, MAX (n, 1));

      entries = n > 0 ? (double) profile (a, n, end) : 0;
    }
  /* Copying, balancing and scanning A once, then the frequencies. */
  return reduce + BG_BODE_SECONDS_PER_PREPARED_N2 * (double) n * n
         + (BG_BODE_SECONDS_PER_ROW * n + BG_BODE_SECONDS_PER_ENTRY * entries) * n_points;
}
