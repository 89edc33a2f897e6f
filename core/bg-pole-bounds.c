/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-bounds.c — the default Bode range; for a large A, bounds on its
 * pole magnitudes from its Hessenberg form.
 *
 * Owns: the choice between the eigenvalues and the bounds (at
 * BG_POLE_BOUNDS_EXACT_MAX_STATES), the split of H into unreduced
 * diagonal blocks, the norms, the LU of a Hessenberg block with the
 * estimate of ‖B⁻¹‖₁ and ‖B⁻¹‖∞ (Hager's method with Higham's
 * refinements, LAPACK dlacn2), the QR steps with shift 0 that split off
 * zero eigenvalues, and the time it all takes. Must not: touch a model or
 * GTK; cost more than O(n²) beyond the form.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-modes.h"
#include "bg-pole-bounds.h"

G_DEFINE_QUARK (bg-pole-bounds-error-quark, bg_pole_bounds_error)

/* Products with B⁻¹ or B⁻ᵀ per norm estimate at most (dlacn2: ITMAX 5). */
#define ESTIMATE_ITERATIONS 5
/* QR steps with shift 0 tried on one block before giving up on splitting
 * off a zero eigenvalue, and in all. */
#define STEPS_PER_ZERO 3
#define MAX_STEPS 32

/* The speed on the reference machine (tests/bench/bench-bode.c, the 1 999
 * states of the mass chain and of the dense star, times the ratio of the
 * reference machine's figures to the bench machine's for the other parts
 * of bode): copying a block, factoring it and about 20 solves with its LU,
 * per n². */
#define SECONDS_PER_N2 3e-8

/* A diagonal block of a Hessenberg matrix: size × size at base, rows ld
 * apart. */
typedef struct
{
  double  *base;
  guint    ld, size;
  gboolean in_copy;   /* in Search.work, not in H */
} Block;

#define AT(b, i, j) ((b)->base[(gsize) (i) * (b)->ld + (j)])

/* Negligible next to its neighbours on the diagonal (LAPACK dlahqr's
 * classic test): H splits there, for a change of its eigenvalues of the
 * order of rounding. */
static gboolean
negligible_subdiagonal (const Block *b, guint k)
{
  double sub = fabs (AT (b, k + 1, k));

  return sub == 0 || sub <= DBL_EPSILON * (fabs (AT (b, k, k)) + fabs (AT (b, k + 1, k + 1)));
}

/* min(‖B‖₁, ‖B‖∞, ‖B‖_F, √(‖B‖₁‖B‖∞)) ≥ ‖B‖₂ or ≥ ρ(B): each bounds every |λ|. */
static double
norm_bound (const Block *b, double *column)
{
  double n1 = 0, ninf = 0, frobenius = 0, bound;
  guint m = b->size;

  memset (column, 0, m * sizeof (double));
  for (guint i = 0; i < m; i++)
    {
      double row = 0;

      for (guint j = i > 0 ? i - 1 : 0; j < m; j++)
        {
          double v = fabs (AT (b, i, j));

          row += v;
          column[j] += v;
          frobenius += v * v;
        }
      ninf = MAX (ninf, row);
    }
  for (guint j = 0; j < m; j++)
    n1 = MAX (n1, column[j]);
  bound = MIN (n1, ninf);
  bound = MIN (bound, sqrt (n1) * sqrt (ninf));
  if (isfinite (frobenius))
    bound = MIN (bound, sqrt (frobenius));
  return bound;
}

/* The magnitudes of the eigenvalues of a 2 × 2 block, exactly. */
static void
two_by_two (const Block *b, double *small, double *large)
{
  double a = AT (b, 0, 0), u = AT (b, 0, 1), c = AT (b, 1, 0), d = AT (b, 1, 1);
  double p = (a + d) / 2, h = (a - d) / 2, disc = h * h + u * c, det = a * d - u * c;

  if (disc < 0)
    {
      /* A complex pair: |λ|² = det. */
      *small = *large = sqrt (det);
      return;
    }
  {
    /* Real: the larger root without cancellation, the other from det. */
    double l1 = p + copysign (sqrt (disc), p), l2 = l1 != 0 ? det / l1 : 0;

    *large = MAX (fabs (l1), fabs (l2));
    *small = MIN (fabs (l1), fabs (l2));
  }
}

/* Gaussian elimination with partial pivoting between neighbouring rows
 * (the only ones with an entry below the diagonal) of a copy of the block
 * in lu (m × m, row-major): U above the diagonal, the multiplier of step k
 * at (k + 1, k), swap[k] when rows k and k + 1 were exchanged. FALSE when
 * a pivot is exactly zero. */
static gboolean
lu_factor (const Block *b, double *lu, guint8 *swap)
{
  guint m = b->size;

  for (guint i = 0; i < m; i++)
    {
      guint from = i > 0 ? i - 1 : 0;

      memset (lu + (gsize) i * m, 0, from * sizeof (double));
      memcpy (lu + (gsize) i * m + from, &AT (b, i, from), (m - from) * sizeof (double));
    }
  for (guint k = 0; k + 1 < m; k++)
    {
      double *cur = lu + (gsize) k * m, *next = lu + (gsize) (k + 1) * m, l;

      swap[k] = fabs (next[k]) > fabs (cur[k]);
      if (swap[k])
        for (guint j = k; j < m; j++)
          {
            double t = cur[j];

            cur[j] = next[j];
            next[j] = t;
          }
      if (cur[k] == 0)
        return FALSE;
      l = next[k] / cur[k];
      next[k] = l;
      if (l != 0)
        for (guint j = k + 1; j < m; j++)
          next[j] -= l * cur[j];
    }
  return lu[(gsize) m * m - 1] != 0;
}

/* x ← B⁻¹ x, or B⁻ᵀ x. */
static void
lu_solve (const double *lu, const guint8 *swap, guint m, double *x, gboolean transpose)
{
  if (!transpose)
    {
      /* The steps (swap, then subtract the multiple) in order, then U. */
      for (guint k = 0; k + 1 < m; k++)
        {
          if (swap[k])
            {
              double t = x[k];

              x[k] = x[k + 1];
              x[k + 1] = t;
            }
          x[k + 1] -= lu[(gsize) (k + 1) * m + k] * x[k];
        }
      for (guint k = m; k-- > 0;)
        {
          const double *row = lu + (gsize) k * m;
          double sum = x[k];

          for (guint j = k + 1; j < m; j++)
            sum -= row[j] * x[j];
          x[k] = sum / row[k];
        }
      return;
    }
  /* Uᵀ z = x (U's rows are Uᵀ's columns), then the steps transposed, in
   * reverse order. */
  for (guint k = 0; k < m; k++)
    {
      const double *row = lu + (gsize) k * m;

      x[k] /= row[k];
      for (guint j = k + 1; j < m; j++)
        x[j] -= row[j] * x[k];
    }
  for (guint k = m - 1; k-- > 0;)
    {
      x[k] -= lu[(gsize) (k + 1) * m + k] * x[k + 1];
      if (swap[k])
        {
          double t = x[k];

          x[k] = x[k + 1];
          x[k + 1] = t;
        }
    }
}

static double
sum_abs (const double *x, guint m)
{
  double s = 0;

  for (guint i = 0; i < m; i++)
    s += fabs (x[i]);
  return s;
}

static guint
index_of_max_abs (const double *x, guint m)
{
  guint best = 0;

  for (guint i = 1; i < m; i++)
    if (fabs (x[i]) > fabs (x[best]))
      best = i;
  return best;
}

/* An estimate of ‖B⁻¹‖₁ (transpose: of ‖B⁻ᵀ‖₁ = ‖B⁻¹‖∞) from below, as
 * LAPACK dlacn2 makes it; +inf when a solve overflows. x and sign: m
 * each. */
static double
estimate_inverse_norm (const double *lu, const guint8 *swap, guint m, gboolean transpose,
                       double *x, double *sign)
{
  double est, old, alt;
  guint j, last;

  for (guint i = 0; i < m; i++)
    x[i] = 1.0 / m;
  lu_solve (lu, swap, m, x, transpose);
  est = sum_abs (x, m);
  if (!isfinite (est))
    return INFINITY;
  if (m == 1)
    return est;
  for (guint i = 0; i < m; i++)
    sign[i] = x[i] >= 0 ? 1 : -1;
  memcpy (x, sign, m * sizeof (double));
  lu_solve (lu, swap, m, x, !transpose);
  j = index_of_max_abs (x, m);
  for (guint iter = 2;; iter++)
    {
      gboolean same = TRUE;

      memset (x, 0, m * sizeof (double));
      x[j] = 1;
      lu_solve (lu, swap, m, x, transpose);
      old = est;
      est = sum_abs (x, m);
      if (!isfinite (est))
        return INFINITY;
      for (guint i = 0; i < m && same; i++)
        same = (x[i] >= 0 ? 1 : -1) == sign[i];
      /* The same signs again, or no growth: converged. */
      if (same || est <= old)
        {
          est = MAX (est, old);
          break;
        }
      for (guint i = 0; i < m; i++)
        sign[i] = x[i] >= 0 ? 1 : -1;
      memcpy (x, sign, m * sizeof (double));
      lu_solve (lu, swap, m, x, !transpose);
      last = j;
      j = index_of_max_abs (x, m);
      if (x[last] == fabs (x[j]) || iter >= ESTIMATE_ITERATIONS)
        break;
    }
  /* Higham's extra test vector, for the matrices the iteration misses. */
  for (guint i = 0; i < m; i++)
    x[i] = (i % 2 == 0 ? 1 : -1) * (1 + (double) i / (m - 1));
  lu_solve (lu, swap, m, x, transpose);
  alt = 2 * sum_abs (x, m) / (3.0 * m);
  if (!isfinite (alt))
    return INFINITY;
  return MAX (est, alt);
}

/* One QR step with shift 0, B ← R Q where B = Q R (Givens rotations):
 * still Hessenberg, the same eigenvalues, and a zero eigenvalue moves to
 * the bottom, where the last subdiagonal entry vanishes. cs: 2(m − 1). */
static void
qr_step (Block *b, double *cs)
{
  guint m = b->size;

  for (guint k = 0; k + 1 < m; k++)
    {
      double x = AT (b, k, k), y = AT (b, k + 1, k), r = hypot (x, y);
      double c = r > 0 ? x / r : 1, s = r > 0 ? y / r : 0;

      for (guint j = k; j < m; j++)
        {
          double t1 = AT (b, k, j), t2 = AT (b, k + 1, j);

          AT (b, k, j) = c * t1 + s * t2;
          AT (b, k + 1, j) = -s * t1 + c * t2;
        }
      AT (b, k + 1, k) = 0;
      cs[2 * k] = c;
      cs[2 * k + 1] = s;
    }
  for (guint k = 0; k + 1 < m; k++)
    {
      double c = cs[2 * k], s = cs[2 * k + 1];

      for (guint i = 0; i <= k + 1; i++)
        {
          double t1 = AT (b, i, k), t2 = AT (b, i, k + 1);

          AT (b, i, k) = c * t1 + s * t2;
          AT (b, i, k + 1) = -s * t1 + c * t2;
        }
    }
}

typedef struct
{
  GArray *stack;        /* Blocks still to look at */
  double  norm;         /* the bound on every |λ| */
  double  zero;         /* at or below: a zero eigenvalue */
  double  smallest;     /* the least non-zero bound so far */
  double *lu, *x, *sign, *cs;
  guint8 *swap;
  double *work;         /* a copy of a block being stepped, and its size */
  guint   work_size;
  guint   steps;
} Search;

/* The unreduced pieces of b, pushed so that the top one is popped first. */
static void
push_pieces (Search *s, const Block *b)
{
  guint start = 0;

  for (guint k = 0; k < b->size; k++)
    if (k + 1 == b->size || negligible_subdiagonal (b, k))
      {
        Block piece = { &AT (b, start, start), b->ld, k + 1 - start, b->in_copy };

        g_array_append_val (s->stack, piece);
        start = k + 1;
      }
}

static void
candidate (Search *s, double magnitude)
{
  if (magnitude > s->zero)
    s->smallest = MIN (s->smallest, magnitude);
}

/* One unreduced block of 3 or more: nothing when its norm is below the
 * threshold (every eigenvalue zero); 1/min(‖B⁻¹‖₁, ‖B⁻¹‖∞) when that is
 * clear of zero; otherwise QR steps with shift 0 until the last row
 * splits off (its eigenvalue, then the rest) or the steps run out (then
 * the threshold itself, the least a non-zero eigenvalue can be). */
static void
look_at (Search *s, Block b, double *column)
{
  guint m = b.size;

  if (norm_bound (&b, column) <= s->zero)
    return;
  if (lu_factor (&b, s->lu, s->swap))
    {
      double n1 = estimate_inverse_norm (s->lu, s->swap, m, FALSE, s->x, s->sign);
      double ninf = estimate_inverse_norm (s->lu, s->swap, m, TRUE, s->x, s->sign);
      double bound = 1 / MIN (n1, ninf);

      if (bound > s->zero)
        {
          candidate (s, bound);
          return;
        }
    }
  if (!b.in_copy)
    {
      /* A block of H itself: stepped in a copy (no other copy is pending:
       * the pieces of one are all looked at before the next block). */
      if (s->work_size < m)
        {
          g_free (s->work);
          s->work = g_new (double, (gsize) m * m);
          s->work_size = m;
        }
      for (guint i = 0; i < m; i++)
        memcpy (s->work + (gsize) i * m, &AT (&b, i, 0), m * sizeof (double));
      b.base = s->work;
      b.ld = m;
      b.in_copy = TRUE;
    }
  for (guint step = 0; step < STEPS_PER_ZERO && s->steps < MAX_STEPS; step++)
    {
      Block rest = { b.base, b.ld, m - 1, TRUE };

      qr_step (&b, s->cs);
      s->steps++;
      /* Split off at a change of H of the order of the step's rounding. */
      if (!negligible_subdiagonal (&b, m - 2)
          && fabs (AT (&b, m - 1, m - 2)) > m * DBL_EPSILON * s->norm)
        continue;
      candidate (s, fabs (AT (&b, m - 1, m - 1)));
      push_pieces (s, &rest);
      return;
    }
  /* Not split off: every eigenvalue of the block may be non-zero, none
   * can be below the threshold and non-zero. */
  s->smallest = MIN (s->smallest, s->zero);
}

gboolean
bg_pole_bounds_of_hessenberg (const double *h,
                              guint         n,
                              double       *smallest,
                              double       *largest,
                              GError      **error)
{
  g_autofree double *column = NULL;
  g_autoptr (GArray) pieces = NULL;
  Block whole = { (double *) h, n, n, FALSE };
  Search s = { 0 };

  g_return_val_if_fail (smallest != NULL && largest != NULL, FALSE);

  *smallest = *largest = 0;
  if (n == 0)
    return TRUE;
  for (guint i = 0; i < n; i++)
    for (guint j = i > 0 ? i - 1 : 0; j < n; j++)
      if (!isfinite (h[(gsize) i * n + j]))
        {
          g_set_error (error, BG_POLE_BOUNDS_ERROR, BG_POLE_BOUNDS_ERROR_NOT_FINITE,
                       _("The poles cannot be bounded: the reduced matrix A has an entry that "
                         "is not finite (row %u, column %u)"), i + 1, j + 1);
          return FALSE;
        }

  /* The eigenvalues of H are those of its unreduced diagonal blocks. */
  s.stack = g_array_new (FALSE, FALSE, sizeof (Block));
  push_pieces (&s, &whole);
  pieces = g_array_copy (s.stack);
  column = g_new (double, n);
  for (guint i = 0; i < pieces->len; i++)
    {
      const Block *b = &g_array_index (pieces, Block, i);
      double small, large;

      if (b->size == 1)
        large = fabs (b->base[0]);
      else if (b->size == 2)
        two_by_two (b, &small, &large);
      else
        large = norm_bound (b, column);
      *largest = MAX (*largest, large);
    }

  s.norm = *largest;
  s.zero = MAX (BG_MODES_ZERO_RELATIVE * *largest, BG_MODES_ZERO_ABSOLUTE);
  s.smallest = INFINITY;
  s.lu = g_new (double, (gsize) n * n);
  s.swap = g_new (guint8, n);
  s.x = g_new (double, n);
  s.sign = g_new (double, n);
  s.cs = g_new (double, 2 * n);
  while (s.stack->len > 0)
    {
      Block b = g_array_index (s.stack, Block, s.stack->len - 1);

      g_array_set_size (s.stack, s.stack->len - 1);
      if (b.size == 1)
        candidate (&s, fabs (b.base[0]));
      else if (b.size == 2)
        {
          double small, large;

          two_by_two (&b, &small, &large);
          candidate (&s, small);
          candidate (&s, large);
        }
      else
        look_at (&s, b, column);
    }
  *smallest = isfinite (s.smallest) ? MIN (s.smallest, *largest) : 0;

  g_array_unref (s.stack);
  g_free (s.lu);
  g_free (s.swap);
  g_free (s.x);
  g_free (s.sign);
  g_free (s.cs);
  g_free (s.work);
  return TRUE;
}

gboolean
bg_pole_bounds_is_exact (const BgLinearization *lin)
{
  g_return_val_if_fail (lin != NULL, TRUE);
  return bg_linearization_get_n_states (lin) <= BG_POLE_BOUNDS_EXACT_MAX_STATES;
}

gboolean
bg_pole_bounds_bode_range (const BgLinearization *lin,
                           const BgBodeForm      *form,
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
  g_return_val_if_fail (form != NULL, FALSE);
  if (!bg_pole_bounds_of_hessenberg (bg_bode_form_get_hessenberg (form),
                                     bg_bode_form_get_n_states (form), &smallest, &largest, error))
    return FALSE;
  bg_modes_bode_range_of (smallest / (2 * G_PI), largest / (2 * G_PI), f_from, f_to);
  return TRUE;
}

double
bg_pole_bounds_estimate_seconds (const BgLinearization *lin)
{
  double n;

  g_return_val_if_fail (lin != NULL, 0);

  n = bg_linearization_get_n_states (lin);
  if (bg_pole_bounds_is_exact (lin))
    return bg_modes_estimate_seconds (lin);
  return SECONDS_PER_N2 * n * n;
}
