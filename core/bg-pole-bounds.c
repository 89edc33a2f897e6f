/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-bounds.c — the default Bode range; for a large A, its extreme
 * pole magnitudes estimated without the eigenvalues.
 *
 * Owns: the choice between the eigenvalues and the estimates (at
 * BG_POLE_BOUNDS_EXACT_MAX_STATES), the balancing, the norm bound, one LU
 * of A (by hand for an upper Hessenberg A, LAPACK dgetrf otherwise), the
 * inverse iteration with zero eigenvalues deflated, and the time it all
 * takes. Must not: touch a model or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-bode.h"
#include "bg-modes.h"
#include "bg-pole-bounds.h"

G_DEFINE_QUARK (bg-pole-bounds-error-quark, bg_pole_bounds_error)

/* Steps of inverse iteration; the growth is read over the last few. */
#define STEPS 30
#define GROWTH_STEPS 10
/* Zero eigenvalues deflated before giving up on the smallest. */
#define MAX_DEFLATIONS 8

/* The speed on the reference machine (tests/bench/bench-bode.c): copying,
 * balancing and factoring an upper Hessenberg A, per n²; one step (a
 * solve, the projection), per n² at most; LAPACK dgetrf on a dense A, per
 * n³. */
#define SECONDS_PER_SETUP_N2 1.2e-7
#define SECONDS_PER_STEP_N2 2e-9
#define SECONDS_PER_DENSE_LU_N3 6e-10

typedef struct
{
  guint       n;
  gboolean    hessenberg;
  double     *lu;      /* n × n row-major: U above, the multipliers below */
  guint8     *swap;    /* Hessenberg: rows k and k + 1 swapped at step k */
  guint      *u_end;   /* Hessenberg: one past the last non-zero of row k of U */
  lapack_int *ipiv;    /* dense: dgetrf's pivots */
} Lu;

static void
lu_clear (Lu *f)
{
  g_free (f->lu);
  g_free (f->swap);
  g_free (f->u_end);
  g_free (f->ipiv);
}

/* A zero pivot becomes tiny: the solve then grows along the null vector,
 * which is what finds a zero eigenvalue. */
static void
patch_pivots (Lu *f, double norm)
{
  double tiny = MAX (norm, 1) * 1e-17;

  for (guint i = 0; i < f->n; i++)
    if (f->lu[(gsize) i * f->n + i] == 0)
      f->lu[(gsize) i * f->n + i] = tiny;
}

static gboolean
lu_factor (Lu *f, double *a, guint n, double norm, GError **error)
{
  f->n = n;
  f->lu = a;
  f->hessenberg = bg_bode_lower_bandwidth (a, n) <= 1;
  if (!f->hessenberg)
    {
      lapack_int info;

      f->ipiv = g_new (lapack_int, n);
      info = LAPACKE_dgetrf (LAPACK_ROW_MAJOR, (lapack_int) n, (lapack_int) n, a, (lapack_int) n,
                             f->ipiv);
      if (info < 0)
        {
          g_set_error (error, BG_POLE_BOUNDS_ERROR, BG_POLE_BOUNDS_ERROR_LAPACK,
                       _("The poles could not be estimated (LAPACK dgetrf returned %d)"),
                       (int) info);
          return FALSE;
        }
      patch_pivots (f, norm);
      return TRUE;
    }

  /* Gaussian elimination with partial pivoting between neighbouring rows
   * (the only ones with an entry below the diagonal). */
  f->swap = g_new0 (guint8, n);
  f->u_end = g_new (guint, n);
  for (guint k = 0; k + 1 < n; k++)
    {
      double *cur = a + (gsize) k * n, *next = a + (gsize) (k + 1) * n, l;

      if (fabs (next[k]) > fabs (cur[k]))
        {
          for (guint j = k; j < n; j++)
            {
              double t = cur[j];
              cur[j] = next[j];
              next[j] = t;
            }
          f->swap[k] = 1;
        }
      if (cur[k] == 0)
        cur[k] = MAX (norm, 1) * 1e-17;
      l = next[k] / cur[k];
      next[k] = l;
      if (l != 0)
        for (guint j = k + 1; j < n; j++)
          next[j] -= l * cur[j];
    }
  patch_pivots (f, norm);
  for (guint i = 0; i < n; i++)
    {
      guint e = n;

      while (e > i + 1 && a[(gsize) i * n + e - 1] == 0)
        e--;
      f->u_end[i] = e;
    }
  return TRUE;
}

/* x ← A⁻¹ x, or A⁻ᵀ x. */
static void
lu_solve (const Lu *f, double *x, gboolean transpose)
{
  guint n = f->n;
  const double *a = f->lu;

  if (!f->hessenberg)
    {
      LAPACKE_dgetrs (LAPACK_ROW_MAJOR, transpose ? 'T' : 'N', (lapack_int) n, 1, a,
                      (lapack_int) n, f->ipiv, x, 1);
      return;
    }
  if (!transpose)
    {
      /* The steps M_k P_k applied in order, then U's back substitution. */
      for (guint k = 0; k + 1 < n; k++)
        {
          if (f->swap[k])
            {
              double t = x[k];
              x[k] = x[k + 1];
              x[k + 1] = t;
            }
          x[k + 1] -= a[(gsize) (k + 1) * n + k] * x[k];
        }
      for (guint k = n; k-- > 0;)
        {
          const double *row = a + (gsize) k * n;
          double sum = x[k];

          for (guint j = k + 1; j < f->u_end[k]; j++)
            sum -= row[j] * x[j];
          x[k] = sum / row[k];
        }
      return;
    }
  /* Uᵀ z = x by columns of Uᵀ (rows of U), then the steps transposed in
   * reverse order. */
  for (guint k = 0; k < n; k++)
    {
      const double *row = a + (gsize) k * n;

      x[k] /= row[k];
      for (guint j = k + 1; j < f->u_end[k]; j++)
        x[j] -= row[j] * x[k];
    }
  for (guint k = n - 1; k-- > 0;)
    {
      x[k] -= a[(gsize) (k + 1) * n + k] * x[k + 1];
      if (f->swap[k])
        {
          double t = x[k];
          x[k] = x[k + 1];
          x[k + 1] = t;
        }
    }
}

/* The zero eigenvalues found so far: right and left null vectors, and
 * wᵀv; x ← (I − v wᵀ / wᵀv) x removes them (its transpose for Aᵀ). */
typedef struct
{
  guint   count;
  double *v[MAX_DEFLATIONS], *w[MAX_DEFLATIONS], wv[MAX_DEFLATIONS];
} Deflation;

static double
dot (const double *a, const double *b, guint n)
{
  double s = 0;

  for (guint i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

static void
project (const Deflation *d, double *x, guint n, gboolean transpose)
{
  for (guint i = 0; i < d->count; i++)
    {
      const double *v = transpose ? d->w[i] : d->v[i], *w = transpose ? d->v[i] : d->w[i];
      double s = dot (w, x, n) / d->wv[i];

      for (guint j = 0; j < n; j++)
        x[j] -= s * v[j];
    }
}

static gboolean
normalize (double *x, guint n, double *norm)
{
  double s = sqrt (dot (x, x, n));

  *norm = s;
  if (!(s > 0) || !isfinite (s))
    return FALSE;
  for (guint i = 0; i < n; i++)
    x[i] /= s;
  return TRUE;
}

/* Inverse iteration from a fixed start: the largest growth ‖A⁻¹x‖/‖x‖ of
 * the last steps (1/|λ| of the smallest |λ| left, or more), x the last
 * iterate. */
static double
inverse_iteration (const Lu *f, const Deflation *d, gboolean transpose, double *x)
{
  guint n = f->n;
  double growth = 0, r;

  for (guint i = 0; i < n; i++)
    x[i] = 1 + fmod (0.6180339887 * (i + 1), 1.0);
  project (d, x, n, transpose);
  if (!normalize (x, n, &r))
    return 0;
  for (guint step = 0; step < STEPS; step++)
    {
      lu_solve (f, x, transpose);
      project (d, x, n, transpose);
      if (!normalize (x, n, &r))
        return isfinite (r) ? growth : G_MAXDOUBLE;
      if (step + GROWTH_STEPS >= STEPS)
        growth = MAX (growth, r);
    }
  return growth;
}

gboolean
bg_pole_bounds_estimate (const double *a,
                         guint         n,
                         double       *smallest,
                         double       *largest,
                         GError      **error)
{
  g_autofree double *h = NULL, *scale = NULL, *x = NULL;
  lapack_int ilo = 1, ihi = (lapack_int) n, info;
  double norm_inf = 0, norm_1 = 0, zero;
  Deflation d = { 0 };
  Lu f = { 0 };

  g_return_val_if_fail (smallest != NULL && largest != NULL, FALSE);

  *smallest = *largest = 0;
  if (n == 0)
    return TRUE;
  h = g_memdup2 (a, (gsize) n * n * sizeof (double));
  scale = g_new (double, n);
  /* Scaling only: a permutation would undo a Hessenberg pattern. */
  info = LAPACKE_dgebal (LAPACK_ROW_MAJOR, 'S', (lapack_int) n, h, (lapack_int) n, &ilo, &ihi,
                         scale);
  if (info != 0)
    {
      g_set_error (error, BG_POLE_BOUNDS_ERROR, BG_POLE_BOUNDS_ERROR_LAPACK,
                   _("The poles could not be estimated (LAPACK dgebal returned %d)"), (int) info);
      return FALSE;
    }
  {
    g_autofree double *column = g_new0 (double, n);

    for (guint i = 0; i < n; i++)
      {
        double row = 0;

        for (guint j = 0; j < n; j++)
          {
            double v = fabs (h[(gsize) i * n + j]);
            row += v;
            column[j] += v;
          }
        norm_inf = MAX (norm_inf, row);
      }
    for (guint j = 0; j < n; j++)
      norm_1 = MAX (norm_1, column[j]);
  }
  /* Every |λ| is at most any norm of A. */
  *largest = MIN (norm_inf, norm_1);
  if (*largest == 0)
    return TRUE;
  zero = MAX (BG_MODES_ZERO_RELATIVE * *largest, BG_MODES_ZERO_ABSOLUTE);

  if (!lu_factor (&f, g_steal_pointer (&h), n, *largest, error))
    {
      lu_clear (&f);
      return FALSE;
    }
  x = g_new (double, n);
  for (;;)
    {
      double growth = inverse_iteration (&f, &d, FALSE, x), mu, wv;
      double *v, *w;

      mu = growth > 0 ? 1 / growth : G_MAXDOUBLE;
      if (mu > zero)
        {
          *smallest = MIN (mu, *largest);
          break;
        }
      /* A zero eigenvalue: x is its right null vector; the left one from
       * Aᵀ. Deflated, the iteration goes on to the next smallest. */
      if (d.count == MAX_DEFLATIONS)
        {
          *smallest = zero;
          break;
        }
      v = g_memdup2 (x, n * sizeof (double));
      w = g_new (double, n);
      inverse_iteration (&f, &d, TRUE, w);
      wv = dot (w, v, n);
      g_printerr ("DEBUG wv %g count %u mu %g\n", wv, d.count, mu);
      if (!(fabs (wv) > 1e-8))
        {
          /* Not diagonalizable at 0 (a Jordan block): no projector. */
          g_free (v);
          g_free (w);
          *smallest = zero;
          break;
        }
      d.v[d.count] = v;
      d.w[d.count] = w;
      d.wv[d.count] = wv;
      d.count++;
    }
  for (guint i = 0; i < d.count; i++)
    {
      g_free (d.v[i]);
      g_free (d.w[i]);
    }
  lu_clear (&f);
  return TRUE;
}

gboolean
bg_pole_bounds_is_exact (const BgLinearization *lin)
{
  return bg_linearization_get_n_states (lin) <= BG_POLE_BOUNDS_EXACT_MAX_STATES;
}

gboolean
bg_pole_bounds_bode_range (const BgLinearization *lin,
                           double                *f_from,
                           double                *f_to,
                           GError               **error)
{
  double smallest, largest;

  g_return_val_if_fail (lin != NULL && f_from != NULL && f_to != NULL, FALSE);

  if (bg_pole_bounds_is_exact (lin))
    {
      g_autoptr (GArray) modes = bg_modes_compute (lin, error);

      if (modes == NULL)
        return FALSE;
      bg_modes_bode_range (modes, f_from, f_to);
      return TRUE;
    }
  if (!bg_pole_bounds_estimate (bg_linearization_get_a (lin), bg_linearization_get_n_states (lin),
                                &smallest, &largest, error))
    return FALSE;
  bg_modes_bode_range_of (smallest / (2 * G_PI), largest / (2 * G_PI), f_from, f_to);
  return TRUE;
}

double
bg_pole_bounds_estimate_seconds (const BgLinearization *lin)
{
  double n = bg_linearization_get_n_states (lin);

  g_return_val_if_fail (lin != NULL, 0);

  if (bg_pole_bounds_is_exact (lin))
    return bg_modes_estimate_seconds (lin);
  return SECONDS_PER_SETUP_N2 * n * n + SECONDS_PER_STEP_N2 * STEPS * n * n
         + (bg_bode_lower_bandwidth (bg_linearization_get_a (lin), (guint) n) <= 1
            ? 0 : SECONDS_PER_DENSE_LU_N3 * n * n * n);
}
