/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pole-bounds.c — the bounds on the pole magnitudes behind bode's
 * default range for large models, against closed forms.
 *
 * Owns: bg_pole_bounds_of_hessenberg on matrices whose eigenvalues (and,
 * where it is the answer, whose ‖H‖ and ‖H⁻¹‖) are known in closed form:
 * diagonal, block diagonal with 2 × 2 blocks, upper triangular and
 * strongly non-normal, lower bidiagonal (the norm bound itself), companion
 * matrices (with and without roots at 0), a path Laplacian (a conserved
 * charge: one zero eigenvalue); and bg_pole_bounds_bode_range through a
 * model above BG_POLE_BOUNDS_EXACT_MAX_STATES: decoupled RC branches (A
 * diagonal) and a damped mass chain (its modes in closed form). Each check
 * states its tolerance. Must not: depend on GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-linearize.h"
#include "bg-modes.h"
#include "bg-bode.h"
#include "bg-pole-bounds.h"

#define AT(a, n, i, j) ((a)[(gsize) (i) * (n) + (j)])

static void
bounds (const double *h, guint n, double *smallest, double *largest)
{
  GError *error = NULL;

  g_assert_true (bg_pole_bounds_of_hessenberg (h, n, smallest, largest, &error));
  g_assert_no_error (error);
  g_test_message ("n = %u: smallest %.17g, largest %.17g", n, *smallest, *largest);
}

/* |got − want| ≤ rel · |want|. */
static void
assert_rel (double got, double want, double rel)
{
  g_assert_cmpfloat_with_epsilon (got, want, rel * fabs (want));
}

/* −1e-3 … −1e2 over n entries, log-spaced and shuffled (7 is prime to the
 * sizes used): the extremes are not at the ends. */
static double
shuffled (guint i, guint n)
{
  return -pow (10, -3 + 5.0 * ((i * 7) % n) / (n - 1));
}

/* A diagonal: the eigenvalues themselves, exactly (1×1 blocks); zeros on
 * the diagonal are zero eigenvalues, not the smallest. */
static void
test_diagonal (void)
{
  const guint n = 450;
  g_autofree double *a = g_new0 (double, (gsize) n * n);
  double smallest, largest;

  for (guint i = 0; i < n; i++)
    AT (a, n, i, i) = shuffled (i, n);
  bounds (a, n, &smallest, &largest);
  assert_rel (smallest, 1e-3, 1e-15);
  assert_rel (largest, 1e2, 1e-15);

  /* Two zero eigenvalues (a free mass, a conserved charge). The next
   * smallest is the entry that follows 1e-3 in the grid: 10^(−3 + 5/449). */
  for (guint i = 0; i < n; i++)
    if ((i * 7) % n == 0)
      AT (a, n, i, i) = 0;
  AT (a, n, 100, 100) = 0;
  bounds (a, n, &smallest, &largest);
  {
    double want = G_MAXDOUBLE;

    for (guint i = 0; i < n; i++)
      if (AT (a, n, i, i) != 0)
        want = MIN (want, fabs (AT (a, n, i, i)));
    assert_rel (smallest, want, 1e-15);
  }
  assert_rel (largest, 1e2, 1e-15);

  /* Every eigenvalue zero: smallest 0 (bode then shows 0.01 … 100 Hz). */
  {
    double z[9] = { 0 };

    bounds (z, 3, &smallest, &largest);
    g_assert_cmpfloat (smallest, ==, 0);
    g_assert_cmpfloat (largest, ==, 0);
  }
}

/* Damped oscillators [[−ζω, ω√(1−ζ²)], [−ω√(1−ζ²), −ζω]], |λ| = ω, and
 * real poles between them: exact from the 2 × 2 formula (relative 1e-14,
 * a few roundings). */
static void
test_block_diagonal (void)
{
  const guint pairs = 200, n = 2 * pairs + 51;
  g_autofree double *a = g_new0 (double, (gsize) n * n);
  double smallest, largest, lo = G_MAXDOUBLE, hi = 0;

  for (guint k = 0; k < pairs; k++)
    {
      double w = pow (10, -1 + 3.0 * ((k * 7) % pairs) / (pairs - 1)), zeta = 0.01 + 0.9 * k / pairs;
      double wd = w * sqrt (1 - zeta * zeta);
      guint i = 2 * k;

      AT (a, n, i, i) = AT (a, n, i + 1, i + 1) = -zeta * w;
      AT (a, n, i, i + 1) = wd;
      AT (a, n, i + 1, i) = -wd;
      lo = MIN (lo, w);
      hi = MAX (hi, w);
    }
  /* Real poles −0.5 … −500, coupled upwards only (block triangular). */
  for (guint i = 2 * pairs; i < n; i++)
    {
      AT (a, n, i, i) = -0.5 * pow (10, 3.0 * (i - 2 * pairs) / 50);
      if (i + 1 < n)
        AT (a, n, i, i + 1) = 3;
    }
  bounds (a, n, &smallest, &largest);
  assert_rel (smallest, MIN (lo, 0.5), 1e-14);
  assert_rel (largest, MAX (hi, 500), 1e-14);
}

/* Upper triangular and far from normal (the superdiagonal couples each
 * pole to the next, ‖A⁻¹‖ is ~1e47 times 1/min |λ|): inverse or power
 * iteration sees the transient growth; the diagonal blocks are exact
 * (relative 1e-15). */
static void
test_upper_triangular (void)
{
  const guint n = 450;
  g_autofree double *a = g_new0 (double, (gsize) n * n);
  double smallest, largest;

  for (guint i = 0; i < n; i++)
    {
      AT (a, n, i, i) = shuffled (i, n);
      for (guint j = i + 1; j < n; j++)
        AT (a, n, i, j) = j == i + 1 ? 0.5 : 0.01 * cos (i + 3.0 * j);
    }
  bounds (a, n, &smallest, &largest);
  assert_rel (smallest, 1e-3, 1e-15);
  assert_rel (largest, 1e2, 1e-15);
}

/* Lower bidiagonal, diagonal d_i < 0 and subdiagonal s > 0: unreduced
 * Hessenberg, so the bounds are the norms. A⁻¹ is lower triangular with
 * (A⁻¹)ij = −s^(i−j) / Π_{k=j…i} |d_k|, one sign throughout (where the
 * estimate of ‖A⁻¹‖ is exact): its column sums c_j = (1 + s c_{j+1})/|d_j|
 * and row sums r_i = (1 + s r_{i−1})/|d_i|, so smallest = 1/min(max c,
 * max r); largest = min(‖A‖₁, ‖A‖∞) = max(|d_i| + s). Relative 1e-12: the
 * LU's pivoting and solves against the recurrences. */
static void
check_bidiagonal (const double *d, guint n, double s, double *smallest)
{
  g_autofree double *a = g_new0 (double, (gsize) n * n);
  g_autofree double *c = g_new (double, n + 1);
  double max_c = 0, max_r = 0, r = 0, n1 = 0, ninf = 0, largest, want;

  for (guint i = 0; i < n; i++)
    {
      AT (a, n, i, i) = d[i];
      if (i > 0)
        AT (a, n, i, i - 1) = s;
    }
  c[n] = 0;
  for (guint j = n; j-- > 0;)
    {
      c[j] = (1 + s * c[j + 1]) / fabs (d[j]);
      max_c = MAX (max_c, c[j]);
    }
  for (guint i = 0; i < n; i++)
    {
      r = (1 + s * r) / fabs (d[i]);
      max_r = MAX (max_r, r);
      n1 = MAX (n1, fabs (d[i]) + (i + 1 < n ? s : 0));
      ninf = MAX (ninf, fabs (d[i]) + (i > 0 ? s : 0));
    }
  bounds (a, n, smallest, &largest);
  assert_rel (largest, MIN (n1, ninf), 1e-15);
  want = 1 / MIN (max_c, max_r);
  if (want > BG_MODES_ZERO_RELATIVE * largest)
    assert_rel (*smallest, want, 1e-12);
  else
    {
      /* Below the threshold of a zero eigenvalue and none to split off:
       * the threshold itself, the least a non-zero |λ| can be. */
      assert_rel (*smallest, BG_MODES_ZERO_RELATIVE * largest, 1e-15);
    }
}

static void
test_bidiagonal (void)
{
  const guint n = 450;
  g_autofree double *d = g_new (double, n);
  double smallest, r = 0.5, want;

  /* d = −1, s = 1/2: 1/‖A⁻¹‖ = (1 − r)/(1 − rⁿ) ≈ 1/2, a factor 2 below
   * the true |λ| = 1. */
  for (guint i = 0; i < n; i++)
    d[i] = -1;
  check_bidiagonal (d, n, 0.5, &smallest);
  want = (1 - r) / (1 - pow (r, n));
  assert_rel (smallest, want, 1e-12);
  g_assert_cmpfloat (smallest, <=, 1);

  /* s = |d| (a Jordan-like block): 1/‖A⁻¹‖ = |d|/n, n times below. */
  for (guint i = 0; i < n; i++)
    d[i] = -2;
  check_bidiagonal (d, n, 2, &smallest);
  assert_rel (smallest, 2.0 / n, 1e-12);

  /* Graded poles, mildly coupled: 1/‖A⁻¹‖ within a factor 2 of the
   * smallest |λ| = 1e-3. */
  for (guint i = 0; i < n; i++)
    d[i] = -pow (10, -3 + 5.0 * i / (n - 1));
  check_bidiagonal (d, n, 1e-4, &smallest);
  g_assert_cmpfloat (smallest, <=, 1e-3);
  g_assert_cmpfloat (smallest, >=, 0.5e-3);

  /* The transposed matrix of test_upper_triangular's kind: ‖A⁻¹‖ ~1e47,
   * far below any useful bound: the zero threshold. */
  for (guint i = 0; i < n; i++)
    d[i] = shuffled (i, n);
  check_bidiagonal (d, n, 0.5, &smallest);
  g_assert_cmpfloat (smallest, <=, 1e-3);
}

/* The companion matrix of p(s) = sⁿ + a_{n−1}sⁿ⁻¹ + … + a₀ in Hessenberg
 * form: ones below the diagonal, −a in the last column. C⁻¹ has
 * −(a₁, …, a_{n−1}, 1)/a₀ as first column and e_{j} as column j + 1:
 * ‖C⁻¹‖₁ = max(1, (1 + Σ_{k≥1} |a_k|)/|a₀|), ‖C⁻¹‖∞ = max(1 + |a_k|/|a₀|
 * (k ≥ 1), 1/|a₀|); ‖C‖₁ = max(1, Σ|a_k|), ‖C‖∞ = max(|a₀|, 1 + |a_k|),
 * ‖C‖_F² = n − 1 + Σ a_k². */
static void
companion (const double *coef, guint n, double *c)
{
  for (guint i = 0; i < n * n; i++)
    c[i] = 0;
  for (guint i = 1; i < n; i++)
    AT (c, n, i, i - 1) = 1;
  for (guint i = 0; i < n; i++)
    AT (c, n, i, n - 1) = -coef[i];
}

static void
test_companion (void)
{
  /* (s + 1)(s + 2)(s + 3)(s + 4) = s⁴ + 10s³ + 35s² + 50s + 24. */
  const double a[4] = { 24, 50, 35, 10 };
  double c[16], smallest, largest;
  double inv1 = (1 + 50 + 35 + 10) / 24.0, invinf = 1 + 50 / 24.0;
  double n1 = 24 + 50 + 35 + 10, ninf = 1 + 50, frob = sqrt (3 + 24 * 24 + 50 * 50 + 35 * 35 + 100);

  companion (a, 4, c);
  bounds (c, 4, &smallest, &largest);
  /* Relative 1e-14: a few solves on integers. */
  assert_rel (smallest, 1 / MIN (inv1, invinf), 1e-14);
  assert_rel (largest, MIN (MIN (n1, ninf), MIN (frob, sqrt (n1 * ninf))), 1e-15);
  g_assert_cmpfloat (smallest, <=, 1);
  g_assert_cmpfloat (largest, >=, 4);

  /* s²(s + 1)(s + 2) = s⁴ + 3s³ + 2s²: a double root at 0 (a Jordan
   * block: rounding moves it by ~√ε). Both split off by QR steps, the rest
   * is the 2 × 2 block of roots 1 and 2: relative 1e-7, the √ε of the
   * double root's rounding. */
  {
    const double b[4] = { 0, 0, 2, 3 };

    companion (b, 4, c);
    bounds (c, 4, &smallest, &largest);
    assert_rel (smallest, 1, 1e-7);
    g_assert_cmpfloat (largest, >=, 2);
  }

  /* s(s + 1)(s + 2)(s + 3) = s⁴ + 6s³ + 11s² + 6s: a simple root at 0,
   * and C's first row is zero. The QR step with shift 0 is then a signed
   * cyclic permutation: the 3 × 3 rest is the companion matrix of
   * (s + 1)(s + 2)(s + 3) = s³ + 6s² + 11s + 6 up to signs, whose bound is
   * 1/min((1 + 11 + 6)/6, 1 + 11/6) = 6/17 (relative 1e-14). */
  {
    const double b[4] = { 0, 6, 11, 6 };

    companion (b, 4, c);
    bounds (c, 4, &smallest, &largest);
    assert_rel (smallest, 6.0 / 17, 1e-14);
    g_assert_cmpfloat (smallest, <=, 1);
    g_assert_cmpfloat (largest, >=, 3);
  }
}

/* −L for the path graph of n nodes (capacitors in a row through equal
 * resistors): eigenvalues −4 sin²(πk/(2n)), k = 0 … n − 1, one zero (the
 * total charge). The zero is split off by a QR step; the rest stays
 * symmetric, where ‖X⁻¹‖₂ ≤ ‖X⁻¹‖₁ ≤ √n ‖X⁻¹‖₂: the smallest between
 * λ₁/√n and λ₁ = 4 sin²(π/(2n)). largest = ‖L‖₁ = 4 exactly. */
static void
test_path_laplacian (void)
{
  const guint n = 60;
  g_autofree double *a = g_new0 (double, (gsize) n * n);
  double smallest, largest, lambda1 = 4 * pow (sin (G_PI / (2 * n)), 2);

  for (guint i = 0; i < n; i++)
    {
      AT (a, n, i, i) = i == 0 || i + 1 == n ? -1 : -2;
      if (i > 0)
        AT (a, n, i, i - 1) = 1;
      if (i + 1 < n)
        AT (a, n, i, i + 1) = 1;
    }
  bounds (a, n, &smallest, &largest);
  g_assert_cmpfloat (largest, ==, 4);
  g_assert_cmpfloat (smallest, <=, lambda1 * (1 + 1e-9));
  g_assert_cmpfloat (smallest, >=, lambda1 / sqrt (n));
}

/* Not finite: refused with the place, not a range from NaN. */
static void
test_not_finite (void)
{
  double a[4] = { -1, 2, NAN, -3 }, smallest, largest;
  GError *error = NULL;

  g_assert_false (bg_pole_bounds_of_hessenberg (a, 2, &smallest, &largest, &error));
  g_assert_error (error, BG_POLE_BOUNDS_ERROR, BG_POLE_BOUNDS_ERROR_NOT_FINITE);
  g_assert_cmpstr (error->message, ==, "The poles cannot be bounded: the reduced matrix A has an "
                   "entry that is not finite (row 2, column 1)");
  g_clear_error (&error);
}

/* --- through a model ------------------------------------------------------ */

static BgLinearization *
linearize (BgModel *model, const char *output)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = NULL;
  const char *outputs[] = { output, NULL };
  GError *error = NULL;
  BgLinearization *lin;

  g_assert_true (bg_causality_is_ok (causality));
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  lin = bg_linearize (plan, NULL, 0, outputs, &error);
  g_assert_no_error (error);
  return lin;
}

static void
range_of (BgLinearization *lin, double *from, double *to)
{
  g_autoptr (BgBodeForm) form = NULL;
  GError *error = NULL;

  form = bg_bode_form_new (lin, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_true (bg_pole_bounds_bode_range (lin, form, from, to, &error));
  g_assert_no_error (error);
  g_test_message ("default range %g … %g Hz", *from, *to);
}

/* A source driving n branches, each a resistor R_i in series with a
 * capacitor C: dq_i/dt = (U − q_i/C)/R_i, A diagonal with λ_i = −1/(R_i C).
 * Above the exact limit the bounds are the eigenvalues: the range is the
 * decades around 1/(2π R_max C) and 1/(2π R_min C), as the eigenvalues
 * give for a small model. */
static void
test_range_rc_branches (void)
{
  const guint n = BG_POLE_BOUNDS_EXACT_MAX_STATES + 1;
  g_autoptr (BgModel) model = bg_model_new ();
  g_autoptr (BgLinearization) lin = NULL;
  GError *error = NULL;
  double from, to, want_from, want_to, r_min = G_MAXDOUBLE, r_max = 0, c = 1e-6;

  bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, &error);
  bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J", 0, 0, &error);
  bg_model_connect (model, "U", "J", NULL, &error);
  for (guint i = 0; i < n && error == NULL; i++)
    {
      g_autofree char *s = g_strdup_printf ("S%u", i), *r = g_strdup_printf ("R%u", i);
      g_autofree char *k = g_strdup_printf ("C%u", i);
      double value = 10 * pow (10, 4.0 * ((i * 7) % n) / (n - 1));

      bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, s, 0, 0, &error);
      bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, 0, 0, &error);
      bg_model_set_param_number (model, r, "value", value, &error);
      bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, k, 0, 0, &error);
      bg_model_set_param_number (model, k, "value", c, &error);
      bg_model_connect (model, "J", s, NULL, &error);
      bg_model_connect (model, s, r, NULL, &error);
      bg_model_connect (model, s, k, NULL, &error);
      r_min = MIN (r_min, value);
      r_max = MAX (r_max, value);
    }
  g_assert_no_error (error);
  lin = linearize (model, "C0.e");
  g_assert_cmpuint (bg_linearization_get_n_states (lin), ==, n);
  g_assert_false (bg_pole_bounds_is_exact (lin));
  range_of (lin, &from, &to);
  /* f = 1/(2π R C) for R = 10 … 1e5 Ω: 1.59 Hz … 15.9 kHz → 0.1 Hz …
   * 1e6 Hz, exactly. */
  bg_modes_bode_range_of (1 / (2 * G_PI * r_max * c), 1 / (2 * G_PI * r_min * c), &want_from,
                          &want_to);
  g_assert_cmpfloat (want_from, ==, 0.1);
  g_assert_cmpfloat (want_to, ==, 1e6);
  g_assert_cmpfloat (from, ==, want_from);
  g_assert_cmpfloat (to, ==, want_to);
}

/* N masses m on dampers b to ground (none when b = 0), springs k between
 * neighbours (2N − 1 states: the momenta and the spring forces; A
 * tridiagonal, unreduced). Its modes: m s² + b s + μ_j = 0 for μ_j =
 * 4k sin²(πj/(2N)), j = 1 … N − 1, and s = −b/m (j = 0; without dampers
 * the total momentum, a zero eigenvalue, which does not count). The
 * bounds' range contains the closed-form one and is at most one decade
 * wider at each end. */
static void
check_range_mass_chain (double b)
{
  const guint masses = 300;
  const double m = 1, k = 100;
  g_autoptr (BgModel) model = bg_model_new ();
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (GArray) modes = NULL;
  GError *error = NULL;
  double lo = b > 0 ? b / m : G_MAXDOUBLE, hi = b / m, from, to, want_from, want_to;
  double exact_from, exact_to;
  guint first = b > 0 ? 0 : 1;

  bg_model_add_element (model, "Se", BG_DOMAIN_TRANSLATIONAL, "F", 0, 0, &error);
  for (guint i = 0; i < masses && error == NULL; i++)
    {
      g_autofree char *j = g_strdup_printf ("J%u", i), *mass = g_strdup_printf ("M%u", i);
      g_autofree char *damper = g_strdup_printf ("B%u", i);

      bg_model_add_element (model, "1", BG_DOMAIN_TRANSLATIONAL, j, 0, 0, &error);
      bg_model_add_element (model, "I", BG_DOMAIN_TRANSLATIONAL, mass, 0, 0, &error);
      bg_model_set_param_number (model, mass, "value", m, &error);
      bg_model_connect (model, j, mass, NULL, &error);
      if (b > 0)
        {
          bg_model_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, damper, 0, 0, &error);
          bg_model_set_param_number (model, damper, "value", b, &error);
          bg_model_connect (model, j, damper, NULL, &error);
        }
      if (i == 0)
        bg_model_connect (model, "F", j, NULL, &error);
      else
        {
          g_autofree char *prev = g_strdup_printf ("N%u", i - 1);

          bg_model_connect (model, prev, j, NULL, &error);
        }
      if (i + 1 < masses)
        {
          g_autofree char *node = g_strdup_printf ("N%u", i), *spring = g_strdup_printf ("K%u", i);

          bg_model_add_element (model, "0", BG_DOMAIN_TRANSLATIONAL, node, 0, 0, &error);
          bg_model_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, spring, 0, 0, &error);
          bg_model_set_param_number (model, spring, "value", 1 / k, &error);
          bg_model_connect (model, j, node, NULL, &error);
          bg_model_connect (model, node, spring, NULL, &error);
        }
    }
  g_assert_no_error (error);
  for (guint j = 1; j < masses; j++)
    {
      double mu = 4 * k * pow (sin (G_PI * j / (2 * masses)), 2), disc = b * b - 4 * m * mu;

      if (disc < 0)
        {
          lo = MIN (lo, sqrt (mu / m));
          hi = MAX (hi, sqrt (mu / m));
        }
      else
        {
          /* Both real: the fast one without cancellation, the slow one
           * from the product μ/m. */
          double fast = (b + sqrt (disc)) / (2 * m);

          lo = MIN (lo, mu / m / fast);
          hi = MAX (hi, fast);
        }
    }
  bg_modes_bode_range_of (lo / (2 * G_PI), hi / (2 * G_PI), &want_from, &want_to);

  lin = linearize (model, "M299.f");
  g_assert_cmpuint (bg_linearization_get_n_states (lin), ==, 2 * masses - 1);
  g_assert_false (bg_pole_bounds_is_exact (lin));
  g_assert_cmpuint (bg_bode_lower_bandwidth (bg_linearization_get_a (lin), 2 * masses - 1), ==, 1);

  /* The closed form is what the eigenvalues give (relative 1e-9 on the
   * extreme magnitudes, far inside a decade; the zero exactly 0). */
  modes = bg_modes_compute (lin, &error);
  g_assert_no_error (error);
  if (first > 0)
    g_assert_cmpfloat (g_array_index (modes, BgMode, 0).frequency_hz, ==, 0);
  assert_rel (g_array_index (modes, BgMode, first).frequency_hz, lo / (2 * G_PI), 1e-9);
  assert_rel (g_array_index (modes, BgMode, modes->len - 1).frequency_hz, hi / (2 * G_PI), 1e-9);
  bg_modes_bode_range (modes, &exact_from, &exact_to);
  g_assert_cmpfloat (exact_from, ==, want_from);
  g_assert_cmpfloat (exact_to, ==, want_to);

  g_test_message ("closed form: |λ| %g … %g rad/s, range %g … %g Hz", lo, hi, want_from, want_to);
  range_of (lin, &from, &to);
  g_assert_cmpfloat (from, <=, want_from);
  g_assert_cmpfloat (from, >=, want_from / 10 * (1 - 1e-12));
  g_assert_cmpfloat (to, >=, want_to);
  g_assert_cmpfloat (to, <=, want_to * 10 * (1 + 1e-12));
}

static void
test_range_mass_chain (void)
{
  check_range_mass_chain (0.5);
}

/* Undamped and free: the zero eigenvalue is split off by a QR step, the
 * slowest bound is the slowest oscillation's. */
static void
test_range_free_chain (void)
{
  check_range_mass_chain (0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/pole-bounds/diagonal", test_diagonal);
  g_test_add_func ("/core/pole-bounds/block-diagonal", test_block_diagonal);
  g_test_add_func ("/core/pole-bounds/upper-triangular", test_upper_triangular);
  g_test_add_func ("/core/pole-bounds/bidiagonal", test_bidiagonal);
  g_test_add_func ("/core/pole-bounds/companion", test_companion);
  g_test_add_func ("/core/pole-bounds/path-laplacian", test_path_laplacian);
  g_test_add_func ("/core/pole-bounds/not-finite", test_not_finite);
  g_test_add_func ("/core/pole-bounds/range-rc-branches", test_range_rc_branches);
  g_test_add_func ("/core/pole-bounds/range-mass-chain", test_range_mass_chain);
  g_test_add_func ("/core/pole-bounds/range-free-chain", test_range_free_chain);
  return g_test_run ();
}
