/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-linearize.c — linearization, eigenvalues and Bode against closed forms.
 *
 * Owns: A, B, C, D of linear models (exact) and of the pump feeding a
 * chamber (central differences against the table's hand-computed slope);
 * eigenvalues of RC, RLC, mass–spring–damper, a two-mass chain and the DC
 * motor; Bode
 * points of RC and RLC; the operating point of a run; every refusal with
 * its message. Tolerances are stated at each check. Must not: depend on
 * GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-linearize.h"
#include "bg-modes.h"
#include "bg-bode.h"
#include "bg-test-sim.h"

static BgPlan *
compile (BgModel *model)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  GError *error = NULL;
  BgPlan *plan;

  g_assert_true (bg_causality_is_ok (causality));
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  return plan;
}

static BgLinearization *
linearize (BgModel *model, const char *const *outputs)
{
  g_autoptr (BgPlan) plan = compile (model);
  GError *error = NULL;
  BgLinearization *lin = bg_linearize (plan, NULL, 0, outputs, &error);

  g_assert_no_error (error);
  g_assert_nonnull (lin);
  return lin;
}

static GArray *
modes_of (BgLinearization *lin)
{
  GError *error = NULL;
  GArray *modes = bg_modes_compute (lin, &error);

  g_assert_no_error (error);
  return modes;
}

#define MODE(modes, i) (&g_array_index ((modes), BgMode, (i)))

/* |got − want| ≤ tol·|want| for both parts of a complex eigenvalue. */
static void
assert_mode (const BgMode *mode, double re, double im, double tol)
{
  double mag = hypot (re, im);

  g_assert_cmpfloat_with_epsilon (mode->re, re, tol * mag);
  g_assert_cmpfloat_with_epsilon (mode->im, im, tol * mag);
  g_assert_cmpfloat_with_epsilon (mode->frequency_hz, mag / (2 * G_PI), tol * mag);
  g_assert_cmpfloat_with_epsilon (mode->damping, -re / mag, tol);
}

static BgModel *
rc_model (double r, double c)
{
  g_autofree char *re = g_strdup_printf ("R electrical R1 value=%g", r);
  g_autofree char *ce = g_strdup_printf ("C electrical C1 value=%g", c);
  const char *const elements[] = { "Se electrical U value=10", "1 electrical J", re, ce, NULL };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };
  return bg_test_build_model (elements, bonds);
}

static BgModel *
rlc_model (double r, double l, double c)
{
  g_autofree char *re = g_strdup_printf ("R electrical R1 value=%g", r);
  g_autofree char *le = g_strdup_printf ("I electrical L1 value=%g", l);
  g_autofree char *ce = g_strdup_printf ("C electrical C1 value=%g", c);
  const char *const elements[] = { "Se electrical U value=0", "1 electrical J", re, le, ce, NULL };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J L1", "b4 J C1", NULL };
  return bg_test_build_model (elements, bonds);
}

/* RC: the exact matrices, one real pole −1/RC (ζ = 1). */
static void
test_rc (void)
{
  g_autoptr (BgModel) model = rc_model (1000, 1e-3);
  static const char *const outputs[] = { "C1.e", "R1.f", "b1.P", NULL };
  g_autoptr (BgLinearization) lin = linearize (model, outputs);
  g_autoptr (GArray) modes = modes_of (lin);

  g_assert_true (bg_linearization_is_exact (lin));
  g_assert_cmpuint (bg_linearization_get_n_states (lin), ==, 1);
  g_assert_cmpstr (bg_linearization_get_state_name (lin, 0), ==, "C1.q");
  g_assert_cmpuint (bg_linearization_get_n_inputs (lin), ==, 1);
  g_assert_cmpstr (bg_linearization_get_input_name (lin, 0), ==, "U");
  /* dq/dt = (U − q/C)/R: A = −1/(RC), B = 1/R, exactly (one rounding). */
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_a (lin)[0], -1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_b (lin)[0], 1e-3, 1e-18);
  /* C1.e = q/C; R1.f = (U − q/C)/R; b1.P = U·f at q = 0: ∂/∂q = −U/(RC), ∂/∂U = U/R. */
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_c (lin)[0], 1000, 1e-12);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_c (lin)[1], -1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_d (lin)[1], 1e-3, 1e-18);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_c (lin)[2], -10.0, 1e-13);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_d (lin)[2], 2 * 10 / 1000.0, 1e-16);

  g_assert_cmpuint (modes->len, ==, 1);
  assert_mode (MODE (modes, 0), -1.0, 0, 1e-12);
  g_assert_cmpfloat (MODE (modes, 0)->damping, ==, 1.0);
}

/* RLC: λ = −R/2L ± j√(1/LC − (R/2L)²), relative 1e-12. */
static void
test_rlc (void)
{
  double r = 10, l = 0.1, c = 1e-3, a = r / (2 * l), wd = sqrt (1 / (l * c) - a * a);
  g_autoptr (BgModel) model = rlc_model (r, l, c);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (GArray) modes = modes_of (lin);

  g_assert_true (bg_linearization_is_exact (lin));
  g_assert_cmpuint (modes->len, ==, 2);
  assert_mode (MODE (modes, 0), -a, -wd, 1e-12);
  assert_mode (MODE (modes, 1), -a, wd, 1e-12);
  /* ζ = R/2 √(C/L) = 0.5 */
  g_assert_cmpfloat_with_epsilon (MODE (modes, 0)->damping, 0.5, 1e-12);
}

/* Mass–spring–damper: λ = −b/2m ± j√(k/m − (b/2m)²), relative 1e-12. */
static void
test_mass_spring_damper (void)
{
  static const char *const elements[] = {
    "Se translational F value=1", "1 translational J", "R translational B value=2",
    "I translational M value=1", "C translational K value=0.01", NULL
  };
  static const char *const bonds[] = { "b1 F J", "b2 J B", "b3 J M", "b4 J K", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (GArray) modes = modes_of (lin);
  double a = 2 / 2.0, wd = sqrt (100 - a * a);

  g_assert_cmpuint (modes->len, ==, 2);
  assert_mode (MODE (modes, 0), -a, -wd, 1e-12);
  assert_mode (MODE (modes, 1), -a, wd, 1e-12);
}

/* Wall–k–m–k–m, undamped: ω² = (k/m)(3 ∓ √5)/2, ζ = 0 (relative 1e-12). */
static void
test_two_mass_chain (void)
{
  static const char *const elements[] = {
    "Se translational F value=0", "1 translational J1", "I translational M1 value=2",
    "C translational K1 value=0.005", "0 translational J0", "C translational K2 value=0.005",
    "1 translational J2", "I translational M2 value=2", NULL
  };
  static const char *const bonds[] = {
    "b1 F J1", "b2 J1 M1", "b3 J1 K1", "b4 J1 J0", "b5 J0 K2", "b6 J0 J2", "b7 J2 M2", NULL
  };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (GArray) modes = modes_of (lin);
  double k_over_m = 200 / 2.0;
  double w1 = sqrt (k_over_m * (3 - sqrt (5)) / 2), w2 = sqrt (k_over_m * (3 + sqrt (5)) / 2);

  g_assert_cmpuint (modes->len, ==, 4);
  assert_mode (MODE (modes, 0), 0, -w1, 1e-12);
  assert_mode (MODE (modes, 1), 0, w1, 1e-12);
  assert_mode (MODE (modes, 2), 0, -w2, 1e-12);
  assert_mode (MODE (modes, 3), 0, w2, 1e-12);
}

static BgBode *
bode (BgLinearization *lin, const char *input, const char *output,
      double f_from, double f_to, guint n)
{
  int in = bg_linearization_lookup_input (lin, input);
  int out = bg_linearization_lookup_output (lin, output);
  GError *error = NULL;
  BgBode *b;

  g_assert_cmpint (in, >=, 0);
  g_assert_cmpint (out, >=, 0);
  b = bg_bode_compute (lin, (guint) in, (guint) out, f_from, f_to, n, &error);
  g_assert_no_error (error);
  return b;
}

/* RC, U → C1.e: −3.0103 dB and −45° at 1/(2πRC) (within 1e-9 dB and
 * 1e-9°); 0 dB, 0° a thousand times lower (within 1e-5). */
/* DC motor with a free shaft (zero torque source on W): with states
 * λ = L_a·i and L = J·ω, A = [[−R_a/L_a, −k/J], [k/L_a, −b/J]], so
 * λ = −σ ± j√((R_a·b + k²)/(L_a·J) − σ²), σ = (R_a/L_a + b/J)/2
 * (docs/components.md defaults: R_a 1 Ω, L_a 0.01 H, k 0.05 N·m/A, J 1e-4 kg·m²,
 * b 1e-5 N·m·s/rad), relative 1e-12. */
static void
test_dc_motor (void)
{
  static const char *const elements[] = {
    "Se electrical U value=12", "DCMotor - MOT", "Se rotational T value=0", NULL
  };
  static const char *const bonds[] = { "b1 U MOT.E", "b2 T MOT.W", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (GArray) modes = modes_of (lin);
  double ra = 1, la = 0.01, k = 0.05, j = 1e-4, b = 1e-5;
  double sigma = (ra / la + b / j) / 2, wd = sqrt ((ra * b + k * k) / (la * j) - sigma * sigma);

  g_assert_true (bg_linearization_is_exact (lin));
  g_assert_cmpuint (bg_linearization_get_n_states (lin), ==, 2);
  g_assert_cmpuint (modes->len, ==, 2);
  assert_mode (MODE (modes, 0), -sigma, -wd, 1e-12);
  assert_mode (MODE (modes, 1), -sigma, wd, 1e-12);
}

static void
test_bode_rc (void)
{
  double r = 1000, c = 1e-6, fc = 1 / (2 * G_PI * r * c);
  g_autoptr (BgModel) model = rc_model (r, c);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (BgBode) b = bode (lin, "U", "C1.e", fc / 1000, fc * 1000, 201);

  g_assert_cmpuint (b->n, ==, 201);
  g_assert_cmpfloat_with_epsilon (b->f[100], fc, 1e-9 * fc);
  g_assert_cmpfloat_with_epsilon (b->mag_db[100], -10 * log10 (2.0), 1e-9);
  g_assert_cmpfloat_with_epsilon (b->mag_db[100], -3.0103, 1e-4);
  g_assert_cmpfloat_with_epsilon (b->phase_deg[100], -45, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->mag_db[0], 0, 1e-5);
  g_assert_cmpfloat_with_epsilon (b->phase_deg[0], 0, 0.06);
  /* −20 dB/decade and −90° far above. */
  g_assert_cmpfloat_with_epsilon (b->mag_db[200], -60, 1e-5);
  g_assert_cmpfloat_with_epsilon (b->phase_deg[200], -90, 0.06);
  for (guint k = 1; k < b->n; k++)
    g_assert_cmpfloat (b->f[k], >, b->f[k - 1]);
  g_assert_cmpstr (b->output_unit, ==, "V");
}

/* Series RLC, U → C1.e, Q = √(L/C)/R = 10: |G| = Q and −90° at
 * f0 = 1/(2π√(LC)) (relative 1e-9, 1e-9°); the largest magnitude on a fine
 * grid lies within 0.5 % of f0 (the peak is at f0 √(1 − 1/2Q²)) and is Q
 * within 0.5 %. The phase runs continuously from 0 to −180°. */
static void
test_bode_rlc (void)
{
  double r = 1, l = 0.1, c = 1e-3, f0 = 1 / (2 * G_PI * sqrt (l * c)), q = sqrt (l / c) / r;
  g_autoptr (BgModel) model = rlc_model (r, l, c);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (BgBode) at = bode (lin, "U", "C1.e", f0 / 10, f0 * 10, 3);
  g_autoptr (BgBode) b = bode (lin, "U", "C1.e", f0 / 2, f0 * 2, 2001);
  guint peak = 0;

  g_assert_cmpfloat_with_epsilon (at->f[1], f0, 1e-12 * f0);
  g_assert_cmpfloat_with_epsilon (pow (10, at->mag_db[1] / 20), q, 1e-9 * q);
  g_assert_cmpfloat_with_epsilon (at->phase_deg[1], -90, 1e-9);
  for (guint k = 0; k < b->n; k++)
    if (b->mag_db[k] > b->mag_db[peak])
      peak = k;
  g_assert_cmpfloat_with_epsilon (b->f[peak], f0, 5e-3 * f0);
  g_assert_cmpfloat_with_epsilon (pow (10, b->mag_db[peak] / 20), q, 5e-3 * q);
  g_assert_cmpfloat (b->phase_deg[0], >, -10);
  g_assert_cmpfloat (b->phase_deg[b->n - 1], <, -170);
  for (guint k = 1; k < b->n; k++)
    g_assert_cmpfloat (fabs (b->phase_deg[k] - b->phase_deg[k - 1]), <, 5);
}

/* The default range spans the modes on whole decades. */
static void
test_bode_range (void)
{
  g_autoptr (BgModel) model = rlc_model (10, 0.1, 1e-3);
  g_autoptr (BgLinearization) lin = linearize (model, NULL);
  g_autoptr (GArray) modes = modes_of (lin);
  double lo, hi;

  bg_modes_bode_range (modes, &lo, &hi);   /* f = 15.9 Hz */
  g_assert_cmpfloat_with_epsilon (lo, 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (hi, 1000, 1e-9);
}

/* The pump feeding a chamber (C_ch) that drains through R1: dq/dt =
 * Q(p) − p/R with p = q/C. Around p0 the slope of the table segment is
 * hand-computed: A = (ΔQ/Δp − 1/R)/C, B (tank pressure) = −ΔQ/Δp,
 * C (PUMP.Q) = (ΔQ/Δp)/C. Central differences: relative 1e-6. */
static void
check_pump_chamber (double p0, double slope)
{
  double cc = 1e-12, r = 1e11;
  g_autofree char *chamber = g_strdup_printf ("C hydraulic C_ch value=%g initial=%.17g", cc, p0 * cc);
  g_autofree char *line = g_strdup_printf ("R hydraulic R1 value=%g", r);
  const char *const elements[] = {
    "Se hydraulic TANK value=0", "PumpCurve - PUMP", "0 hydraulic J", chamber, line, NULL
  };
  static const char *const bonds[] = {
    "b1 TANK PUMP.T", "b2 PUMP.P J", "b3 J C_ch", "b4 J R1", NULL
  };
  static const char *const outputs[] = { "PUMP.Q", "C_ch.e", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  g_autoptr (BgLinearization) lin = linearize (model, outputs);
  double a = (slope - 1 / r) / cc;

  g_assert_false (bg_linearization_is_exact (lin));
  g_assert_cmpuint (bg_linearization_get_n_states (lin), ==, 1);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_a (lin)[0], a, 1e-6 * fabs (a));
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_b (lin)[0], -slope, 1e-6 * fabs (slope));
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_c (lin)[0], slope / cc, 1e-6 * fabs (slope / cc));
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_c (lin)[1], 1 / cc, 1e-6 / cc);
}

static void
test_pump_chamber (void)
{
  /* Default table rows (Δp, Q): (0, 1e-4), (1.5e7, 0.9e-4), (2e7, 0). */
  check_pump_chamber (1e7, (0.9e-4 - 1e-4) / 1.5e7);
  check_pump_chamber (1.8e7, (0 - 0.9e-4) / 5e6);
}

/* --at: the RC's state after a run to T is q = CU(1 − e^(−T/RC))
 * (relative 1e-5, the solver's accuracy). */
static void
test_operating_point_run (void)
{
  g_autoptr (BgModel) model = rc_model (1000, 1e-3);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  BgSimSettings s = *bg_model_get_simulation (model);
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autofree double *x = NULL;
  GError *error = NULL;
  double want = 1e-3 * 10 * (1 - exp (-0.5));

  s.t_end = 0.5;
  s.output_step = 0.5;
  plan = bg_compiler_compile (model, causality, &s, &error);
  g_assert_no_error (error);
  x = bg_linearize_run_to_end (plan, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (x[0], want, 1e-5 * want);
  lin = bg_linearize (plan, x, 0.5, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bg_linearization_get_time (lin), ==, 0.5);
  g_assert_cmpfloat (bg_linearization_get_state_point (lin)[0], ==, x[0]);
  g_assert_cmpfloat_with_epsilon (bg_linearization_get_a (lin)[0], -1.0, 1e-15);
}

/* Refusals, each with its message. */
static void
test_errors (void)
{
  g_autoptr (BgModel) model = rc_model (1000, 1e-3);
  g_autoptr (BgPlan) plan = compile (model);
  g_autoptr (BgLinearization) lin = NULL;
  static const char *const bad[] = { "C1.e", "C9.q", NULL };
  static const char *const time_var[] = { "t", NULL };
  GError *error = NULL;

  g_assert_null (bg_linearize (plan, NULL, 0, bad, &error));
  g_assert_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_UNKNOWN_VAR);
  g_assert_cmpstr (error->message, ==, "“C9.q” is not a variable of this model");
  g_clear_error (&error);
  g_assert_null (bg_linearize (plan, NULL, 0, time_var, &error));
  g_assert_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_UNKNOWN_VAR);
  g_clear_error (&error);

  lin = bg_linearize (plan, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (bg_bode_compute (lin, 0, 0, 10, 1, 200, &error));
  g_assert_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==, "The frequency range 10 … 1 Hz is not valid: it needs 0 < from < to");
  g_clear_error (&error);
  g_assert_null (bg_bode_compute (lin, 0, 0, 0, 1, 200, &error));
  g_assert_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE);
  g_clear_error (&error);
  g_assert_null (bg_bode_compute (lin, 0, 0, 1, 10, 1, &error));
  g_assert_error (error, BG_BODE_ERROR, BG_BODE_ERROR_RANGE);
  g_assert_cmpstr (error->message, ==, "The number of frequencies must be between 2 and 100000");
  g_clear_error (&error);
}

/* Above BG_LINEARIZE_MAX_STATES: a message, not an hour of O(n³). */
static void
test_too_large (void)
{
  g_autoptr (BgModel) model = bg_model_new ();
  g_autoptr (BgPlan) plan = NULL;
  GError *error = NULL;
  guint n = BG_LINEARIZE_MAX_STATES + 1;
  g_autofree char *want = NULL;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, &error));
  g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J", 0, 0, &error));
  g_assert_nonnull (bg_model_connect (model, "U", "J", "bu", &error));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *r = g_strdup_printf ("R%u", i), *c = g_strdup_printf ("C%u", i);
      g_autofree char *s = g_strdup_printf ("S%u", i);
      g_autofree char *b1 = g_strdup_printf ("a%u", i), *b2 = g_strdup_printf ("b%u", i);
      g_autofree char *b3 = g_strdup_printf ("c%u", i);
      g_assert_nonnull (bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, s, 0, 0, &error));
      g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, 0, 0, &error));
      g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, c, 0, 0, &error));
      g_assert_nonnull (bg_model_connect (model, "J", s, b1, &error));
      g_assert_nonnull (bg_model_connect (model, s, r, b2, &error));
      g_assert_nonnull (bg_model_connect (model, s, c, b3, &error));
      g_assert_no_error (error);
    }
  plan = compile (model);
  g_assert_cmpuint (bg_plan_get_n_states (plan), ==, n);
  g_assert_null (bg_linearize (plan, NULL, 0, NULL, &error));
  g_assert_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_TOO_LARGE);
  want = g_strdup_printf ("The model has %u states; linearization, eigenvalues and frequency "
                          "responses are computed with dense matrices for at most 2000 states", n);
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/linearize/rc", test_rc);
  g_test_add_func ("/core/linearize/rlc", test_rlc);
  g_test_add_func ("/core/linearize/mass-spring-damper", test_mass_spring_damper);
  g_test_add_func ("/core/linearize/two-mass-chain", test_two_mass_chain);
  g_test_add_func ("/core/linearize/dc-motor", test_dc_motor);
  g_test_add_func ("/core/linearize/pump-chamber", test_pump_chamber);
  g_test_add_func ("/core/linearize/operating-point-run", test_operating_point_run);
  g_test_add_func ("/core/linearize/errors", test_errors);
  g_test_add_func ("/core/linearize/too-large", test_too_large);
  g_test_add_func ("/core/bode/rc", test_bode_rc);
  g_test_add_func ("/core/bode/rlc", test_bode_rlc);
  g_test_add_func ("/core/bode/range", test_bode_range);
  return g_test_run ();
}
