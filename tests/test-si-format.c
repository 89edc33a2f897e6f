/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-si-format.c — SI formatting and axis ticks, no display.
 *
 * Owns: tests of bg-si-format: nice tick steps and ranges, SI prefixes and
 * units (powered units, prefixes that carry, powers of ten), plain
 * decimals for numbers without a unit, tick labels and their decimals.
 * Must not: draw or need GTK or a display; the plot that uses them is
 * test-plot-renderer.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "bg-si-format.h"

static void
assert_format (double      value,
               const char *unit,
               const char *want)
{
  g_autofree char *got = bg_si_format (value, unit);
  g_assert_cmpstr (got, ==, want);
}

/* ---- SI formatting and ticks -------------------------------------------- */

static void
assert_ticks (double        lo,
              double        hi,
              guint         max_iv,
              const double *want,
              guint         n_want)
{
  BgTicks ticks;
  guint i;

  g_assert_true (bg_si_nice_ticks (lo, hi, max_iv, &ticks));
  g_assert_cmpuint (ticks.count, ==, n_want);
  for (i = 0; i < n_want; i++)
    g_assert_cmpfloat_with_epsilon (bg_si_tick_value (&ticks, i), want[i],
                                    fabs (ticks.step) * 1e-9);
}

static void
test_nice_ticks_unit_range (void)
{
  static const double want[] = { 0.0, 0.2, 0.4, 0.6, 0.8, 1.0 };

  assert_ticks (0.0, 1.0, 5, want, G_N_ELEMENTS (want));
  g_assert_cmpfloat (bg_si_nice_step (1.0, 5), ==, 0.2);
  g_assert_cmpfloat_with_epsilon (bg_si_nice_step (1.0, 3), 0.5, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_si_nice_step (1.0, 8), 0.2, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_si_nice_step (1.0, 10), 0.1, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_si_nice_step (730.0, 7), 200.0, 1e-12);
}

static void
test_nice_ticks_micro (void)
{
  static const double want[] = {
    0.0, 1e-4, 2e-4, 3e-4, 4e-4, 5e-4, 6e-4, 7e-4,
  };
  static const char *const labels[] = {
    "0", "100", "200", "300", "400", "500", "600", "700",
  };
  BgTicks ticks;
  int e;
  guint dec, i;

  assert_ticks (0.0, 7e-4, 7, want, G_N_ELEMENTS (want));

  g_assert_true (bg_si_nice_ticks (0.0, 7e-4, 7, &ticks));
  e = bg_si_exponent_for (7e-4);
  g_assert_cmpint (e, ==, -6);
  dec = bg_si_decimals_for_step (ticks.step, e);
  g_assert_cmpuint (dec, ==, 0);
  for (i = 0; i < ticks.count; i++)
    {
      g_autofree char *s = bg_si_format_tick (bg_si_tick_value (&ticks, i), e,
                                              dec, "Pa");
      g_assert_cmpstr (s, ==, labels[i]);
    }

  /* A unitless axis puts the prefix on the ticks themselves. */
  {
    g_autofree char *s = bg_si_format_tick (1e-4, e, dec, "");
    g_autofree char *z = bg_si_format_tick (0.0, e, dec, "");
    g_assert_cmpstr (s, ==, "100 \xc2\xb5");
    g_assert_cmpstr (z, ==, "0");
  }
}

static void
test_nice_ticks_negative (void)
{
  static const double neg[] = { -3.0, -2.5, -2.0, -1.5, -1.0 };
  static const double sym[] = { -1.0, -0.5, 0.0, 0.5, 1.0 };
  static const double off[] = { -40.0, -20.0, 0.0, 20.0 };
  BgTicks ticks;

  assert_ticks (-3.0, -1.0, 4, neg, G_N_ELEMENTS (neg));
  assert_ticks (-1.0, 1.0, 4, sym, G_N_ELEMENTS (sym));
  /* Ends that are not ticks: only the multiples inside. */
  assert_ticks (-47.0, 31.0, 5, off, G_N_ELEMENTS (off));

  /* The middle tick is exactly zero, not a rounding residue. */
  g_assert_true (bg_si_nice_ticks (-0.3, 0.3, 6, &ticks));
  g_assert_cmpfloat (bg_si_tick_value (&ticks, 3), ==, 0.0);
  {
    g_autofree char *s = bg_si_format_tick (bg_si_tick_value (&ticks, 0),
                                            -3, 0, "m");
    g_assert_cmpstr (s, ==, "\xe2\x88\x92" "300");
  }
}

static void
test_nice_ticks_tiny_span (void)
{
  BgTicks ticks;
  double first, last;
  int e;
  guint dec;

  g_assert_true (bg_si_nice_ticks (1.0, 1.0 + 1e-9, 5, &ticks));
  g_assert_cmpfloat_with_epsilon (ticks.step, 2e-10, 1e-24);
  g_assert_cmpuint (ticks.count, ==, 6);
  first = bg_si_tick_value (&ticks, 0);
  last = bg_si_tick_value (&ticks, ticks.count - 1);
  g_assert_cmpfloat_with_epsilon (first, 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (last, 1.0 + 1e-9, 1e-15);

  /* Labels keep enough digits to tell neighbours apart. */
  e = bg_si_exponent_for (last);
  dec = bg_si_decimals_for_step (ticks.step, e);
  g_assert_cmpuint (dec, ==, 10);
  {
    g_autofree char *a = bg_si_format_tick (bg_si_tick_value (&ticks, 1), e, dec, "m");
    g_autofree char *b = bg_si_format_tick (bg_si_tick_value (&ticks, 2), e, dec, "m");
    g_assert_cmpstr (a, ==, "1.0000000002");
    g_assert_cmpstr (b, ==, "1.0000000004");
  }

  /* Not a range: refused, no ticks. */
  g_assert_false (bg_si_nice_ticks (2.0, 2.0, 5, &ticks));
  g_assert_cmpuint (ticks.count, ==, 0);
  g_assert_false (bg_si_nice_ticks (0.0, NAN, 5, &ticks));
  g_assert_cmpuint (ticks.count, ==, 0);
}

static void
test_nice_range_constant (void)
{
  double lo, hi;

  lo = hi = 5.0;
  bg_si_nice_range (&lo, &hi, 5);
  g_assert_cmpfloat (lo, <, 5.0);
  g_assert_cmpfloat (hi, >, 5.0);
  g_assert_cmpfloat (lo, >=, 4.0);
  g_assert_cmpfloat (hi, <=, 6.0);

  lo = hi = 0.0;
  bg_si_nice_range (&lo, &hi, 5);
  g_assert_cmpfloat (lo, ==, -1.0);
  g_assert_cmpfloat (hi, ==, 1.0);

  lo = hi = -2e-6;
  bg_si_nice_range (&lo, &hi, 4);
  g_assert_cmpfloat (lo, <, -2e-6);
  g_assert_cmpfloat (hi, >, -2e-6);
  g_assert_cmpfloat (hi, <, 0.0);

  lo = NAN;
  hi = NAN;
  bg_si_nice_range (&lo, &hi, 5);
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 1.0);

  /* Widened to ticks, never beyond @max_intervals intervals. */
  lo = 0.1;
  hi = 0.9;
  bg_si_nice_range (&lo, &hi, 4);
  g_assert_cmpfloat (lo, <=, 0.1);
  g_assert_cmpfloat (hi, >=, 0.9);
  g_assert_cmpfloat ((hi - lo) / bg_si_nice_step (hi - lo, 4), <=, 4.0 + 1e-9);

  /* Swapped ends; step 2 would need 6 intervals (−8 … 4), so 5 it is. */
  lo = 3.0;
  hi = -7.0;
  bg_si_nice_range (&lo, &hi, 5);
  g_assert_cmpfloat (lo, ==, -10.0);
  g_assert_cmpfloat (hi, ==, 5.0);
}

static void
test_si_format (void)
{
  assert_format (1500.0, "", "1.5 k");
  assert_format (0.25, "", "0.25");
  assert_format (0.0, "", "0");
  assert_format (-3e-6, "", "\xe2\x88\x92" "3 \xc2\xb5");
  assert_format (1500.0, "Pa", "1.5 kPa");
  assert_format (0.0, "Pa", "0 Pa");
  assert_format (12e6, "Pa", "12 MPa");
  assert_format (1.0, "m", "1 m");
  assert_format (0.001, "s", "1 ms");
  assert_format (2.5e-9, "F", "2.5 nF");
  assert_format (4.2e9, "W", "4.2 GW");
  assert_format (3.3e-12, "", "3.3 p");
  /* Rounding to three digits may carry into the next prefix. */
  assert_format (999.96, "", "1 k");
  assert_format (123456.0, "N", "123 kN");
  assert_format (-0.0004567, "m/s", "\xe2\x88\x92" "457 \xc2\xb5m/s");
  /* A unit with a power takes the prefix whose power fits (1 cm³ = 10⁻⁶ m³),
   * else a power of ten. */
  assert_format (1.23e-5, "m\xc2\xb3/s", "12.3 cm\xc2\xb3/s");
  assert_format (0.5, "m\xc2\xb3", "500 dm\xc2\xb3");
  assert_format (2e-9, "m\xc2\xb3", "2 mm\xc2\xb3");
  assert_format (4e-6, "m\xc2\xb2", "4 mm\xc2\xb2");
  assert_format (0.005, "m\xc2\xb2", "5\xc3\x97" "10\xe2\x81\xbb\xc2\xb3 m\xc2\xb2");
  assert_format (-0.005, "kg\xc2\xb7m/s", "\xe2\x88\x92" "5\xc3\x97" "10\xe2\x81\xbb\xc2\xb3 kg\xc2\xb7m/s");
  assert_format (2.0, "kg", "2 kg");
  assert_format (NAN, "Pa", "\xe2\x80\x94 Pa");
  assert_format (-INFINITY, "", "\xe2\x88\x92\xe2\x88\x9e");
}

/* A number without a unit under 1 reads as a plain decimal (a Bode axis
 * "0.01, 0.1, 1", a waveform's "0.9"), not with the milli prefix ("10 m"
 * Hz, "900 m"); prefixes stay for the large exponents. */
static void
test_si_format_plain_decimals (void)
{
  assert_format (0.01, "", "0.01");
  assert_format (0.1, "", "0.1");
  assert_format (0.9, "", "0.9");
  assert_format (0.001, "", "0.001");
  assert_format (0.0123, "", "0.0123");
  assert_format (-0.5, "", "\xe2\x88\x92" "0.5");
  assert_format (0.99996, "", "1");
  assert_format (1.0, "", "1");
  assert_format (100.0, "", "100");
  assert_format (1000.0, "", "1 k");
  assert_format (2e6, "", "2 M");
  assert_format (5e-4, "", "500 \xc2\xb5");
  assert_format (1e-7, "", "100 n");
  /* with a unit the prefix stays */
  assert_format (0.01, "Hz", "10 mHz");
  assert_format (0.9, "N", "900 mN");

  g_assert_cmpint (bg_si_exponent_for_unit (0.5, ""), ==, 0);
  g_assert_cmpint (bg_si_exponent_for_unit (0.5, NULL), ==, 0);
  g_assert_cmpint (bg_si_exponent_for_unit (0.5, "V"), ==, -3);
  g_assert_cmpint (bg_si_exponent_for_unit (5e-4, ""), ==, -6);
  g_assert_cmpint (bg_si_exponent_for_unit (5e3, ""), ==, 3);
}

static void
test_si_units (void)
{
  g_autofree char *mpa = bg_si_axis_unit (6, "Pa");
  g_autofree char *ms = bg_si_axis_unit (-3, "s");
  g_autofree char *flow = bg_si_axis_unit (-6, "m\xc2\xb3/s");
  g_autofree char *none = bg_si_axis_unit (3, "");
  g_autofree char *plain = bg_si_axis_unit (0, "N\xc2\xb7m");
  g_autofree char *area = bg_si_axis_unit (-3, "m\xc2\xb2");
  g_autofree char *mom = bg_si_axis_unit (3, "kg\xc2\xb7m/s");

  g_assert_cmpstr (mpa, ==, "MPa");
  g_assert_cmpstr (ms, ==, "ms");
  g_assert_cmpstr (flow, ==, "cm\xc2\xb3/s");
  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (plain, ==, "N\xc2\xb7m");
  g_assert_cmpstr (area, ==, "10\xe2\x81\xbb\xc2\xb3 m\xc2\xb2");
  g_assert_cmpstr (mom, ==, "10\xc2\xb3 kg\xc2\xb7m/s");
  g_assert_cmpstr (bg_si_powered_prefix (-9, "m\xc2\xb3"), ==, "m");
  g_assert_cmpstr (bg_si_powered_prefix (0, "m\xc2\xb3/s"), ==, "");
  g_assert_null (bg_si_powered_prefix (-6, "Pa"));
  g_assert_null (bg_si_powered_prefix (-12, "m\xc2\xb3"));

  g_assert_true (bg_si_unit_takes_prefix ("Pa\xc2\xb7s"));
  g_assert_true (bg_si_unit_takes_prefix ("N\xc2\xb7m"));
  g_assert_true (bg_si_unit_takes_prefix ("m/s"));
  g_assert_false (bg_si_unit_takes_prefix ("m\xc2\xb3/s"));
  g_assert_false (bg_si_unit_takes_prefix ("m^2"));
  g_assert_false (bg_si_unit_takes_prefix ("kg\xc2\xb7m/s"));

  g_assert_cmpint (bg_si_exponent_for (999.0), ==, 0);
  g_assert_cmpint (bg_si_exponent_for (1000.0), ==, 3);
  g_assert_cmpint (bg_si_exponent_for (1e-6), ==, -6);
  g_assert_cmpint (bg_si_exponent_for (-2.5e7), ==, 6);
  g_assert_cmpint (bg_si_exponent_for (1e-20), ==, -12);
  g_assert_cmpint (bg_si_exponent_for (1e20), ==, 9);
  g_assert_cmpint (bg_si_exponent_for (0.0), ==, 0);
  g_assert_cmpstr (bg_si_prefix (-6), ==, "\xc2\xb5");
  g_assert_null (bg_si_prefix (2));

  /* Past the largest prefix, ticks fall back to a short float. */
  {
    g_autofree char *huge = bg_si_format_tick (-2.5e300, 9, 0, "V");
    g_assert_cmpstr (huge, ==, "\xe2\x88\x92" "2.5e+291");
  }

  g_assert_cmpuint (bg_si_decimals_for_step (0.2, 0), ==, 1);
  g_assert_cmpuint (bg_si_decimals_for_step (0.05, 0), ==, 2);
  g_assert_cmpuint (bg_si_decimals_for_step (500.0, 3), ==, 1);
  g_assert_cmpuint (bg_si_decimals_for_step (2e6, 6), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/si/nice-ticks/unit-range", test_nice_ticks_unit_range);
  g_test_add_func ("/ui/si/nice-ticks/micro", test_nice_ticks_micro);
  g_test_add_func ("/ui/si/nice-ticks/negative", test_nice_ticks_negative);
  g_test_add_func ("/ui/si/nice-ticks/tiny-span", test_nice_ticks_tiny_span);
  g_test_add_func ("/ui/si/nice-range/constant", test_nice_range_constant);
  g_test_add_func ("/ui/si/format", test_si_format);
  g_test_add_func ("/ui/si/format/plain-decimals", test_si_format_plain_decimals);
  g_test_add_func ("/ui/si/units", test_si_units);

  return g_test_run ();
}
