/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-renderer.c — the plot renderer and SI formatting, no display.
 *
 * Owns: tests of tick steps, SI labels, decimation, sub-plot stacking,
 * markers, hit-testing and PNG/SVG export. Renders to image and SVG
 * surfaces only; must not need GTK or a display.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "bg-plot-renderer.h"
#include "bg-si-format.h"

/* ---- helpers ------------------------------------------------------------ */

typedef struct
{
  double r, g, b;
} Rgb;

static Rgb
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 px;
  double a;
  Rgb c;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));

  px = *(const guint32 *) (data + y * stride + x * 4);
  a = ((px >> 24) & 0xff) / 255.0;
  c.r = ((px >> 16) & 0xff) / 255.0;
  c.g = ((px >> 8) & 0xff) / 255.0;
  c.b = (px & 0xff) / 255.0;
  if (a > 0.0)
    {
      c.r /= a;
      c.g /= a;
      c.b /= a;
    }
  return c;
}

static gboolean
near_color (Rgb                c,
            const BgPlotColor *want,
            double             tol)
{
  return fabs (c.r - want->red) < tol && fabs (c.g - want->green) < tol &&
         fabs (c.b - want->blue) < tol;
}

static double
luminance (Rgb c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

/* Whether a pixel close to @want lies in the box [x0, x1] × [y0, y1]. */
static gboolean
box_has_color (cairo_surface_t   *surface,
               int                x0,
               int                y0,
               int                x1,
               int                y1,
               const BgPlotColor *want)
{
  int x, y;

  for (y = MAX (0, y0); y <= y1 && y < cairo_image_surface_get_height (surface); y++)
    for (x = MAX (0, x0); x <= x1 && x < cairo_image_surface_get_width (surface); x++)
      if (near_color (pixel_at (surface, x, y), want, 0.12))
        return TRUE;
  return FALSE;
}

static cairo_surface_t *
render_image (BgPlotRenderer *plot,
              int             width,
              int             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         width, height);
  cairo_t *cr = cairo_create (surface);

  bg_plot_renderer_render (plot, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

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
  assert_format (0.25, "", "250 m");
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

/* ---- renderer ----------------------------------------------------------- */

#define SPIKE_N 1000000

typedef struct
{
  double *t;
  double *y;
} Columns;

static Columns
spike_columns (double spike)
{
  Columns c = { g_new (double, SPIKE_N), g_new (double, SPIKE_N) };
  size_t i;

  for (i = 0; i < SPIKE_N; i++)
    {
      c.t[i] = i * 1e-6;
      c.y[i] = 0.0;
    }
  c.y[SPIKE_N / 2] = spike;
  /* A lower reference point so the spike-less trace has the same scale. */
  c.y[SPIKE_N / 4] = -1.0;
  return c;
}

static void
columns_free (Columns *c)
{
  g_free (c->t);
  g_free (c->y);
}

/* Renders one 1e6-sample trace to PNG, reads it back, and tells whether a
 * trace-coloured pixel lies at the column of t = 0.5 near value 1. */
static gboolean
spike_visible (double spike)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autofree char *dir = g_dir_make_tmp ("bgmod-plot-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "spike.png", NULL);
  g_autoptr(GError) error = NULL;
  Columns c = spike_columns (spike);
  cairo_surface_t *png;
  BgPlotColor color;
  double x, y;
  gboolean found;

  bg_plot_renderer_add_trace (plot, "S.e", "V", c.t, c.y, SPIKE_N);
  /* Same value window with and without the spike. */
  bg_plot_renderer_set_value_range (plot, 0, -1.2, 1.2);
  g_assert_true (bg_plot_renderer_write_png (plot, path, 1200, 800, 1.0, &error));
  g_assert_no_error (error);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 800);

  bg_plot_renderer_get_trace_color (plot, 0, &color);
  x = bg_plot_renderer_time_to_x (plot, 0.5);
  y = bg_plot_renderer_value_to_y (plot, 0, 1.0);
  g_assert_true (isfinite (x) && isfinite (y));
  found = box_has_color (png, (int) x - 1, (int) y - 1, (int) x + 1, (int) y + 3,
                         &color);

  /* The flat part and the negative reference are drawn in every case. */
  g_assert_true (box_has_color (png, (int) bg_plot_renderer_time_to_x (plot, 0.75),
                                (int) bg_plot_renderer_value_to_y (plot, 0, 0.0) - 1,
                                (int) bg_plot_renderer_time_to_x (plot, 0.75) + 1,
                                (int) bg_plot_renderer_value_to_y (plot, 0, 0.0) + 1,
                                &color));
  g_assert_true (box_has_color (png, (int) bg_plot_renderer_time_to_x (plot, 0.25) - 1,
                                (int) bg_plot_renderer_value_to_y (plot, 0, -1.0) - 3,
                                (int) bg_plot_renderer_time_to_x (plot, 0.25) + 1,
                                (int) bg_plot_renderer_value_to_y (plot, 0, -1.0) + 1,
                                &color));

  cairo_surface_destroy (png);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  columns_free (&c);
  return found;
}

static void
test_decimation_keeps_spike (void)
{
  g_assert_true (spike_visible (1.0));
  /* The check itself can fail: without the spike nothing is there. */
  g_assert_false (spike_visible (0.0));
}

static void
test_decimation_auto_fit_spike (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  Columns c = spike_columns (1.0);
  double y0, y1;
  cairo_surface_t *s;

  bg_plot_renderer_add_trace (plot, "S.e", "V", c.t, c.y, SPIKE_N);
  s = render_image (plot, 1200, 800);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, NULL, NULL, &y0, &y1));
  /* One sample in a million decides the auto-fit window. */
  g_assert_cmpfloat (y1, >=, 1.0);
  g_assert_cmpfloat (y0, <=, -1.0);
  g_assert_cmpfloat (y1 - y0, <=, 1.25 * 2.0 + 1e-9);
  cairo_surface_destroy (s);
  columns_free (&c);
}

static void
test_stacked_subplots (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[101], p[101], v[101], p2[101];
  double ax[2], ay[2], aw[2], ah[2];
  cairo_surface_t *s;
  guint i;

  for (i = 0; i <= 100; i++)
    {
      t[i] = i * 0.01;
      p[i] = 1e6 * t[i];
      p2[i] = 2e6 * t[i];
      v[i] = sin (6.0 * t[i]);
    }

  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (plot), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "CYL.p_A", "Pa", t, p, 101), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "LOAD.v", "m/s", t, v, 101), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "CYL.p_B", "Pa", t, p2, 101), ==, 2);
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (plot), ==, 3);
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (plot), ==, 2);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 0), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 1), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 2), ==, 0);

  s = render_image (plot, 800, 600);
  for (i = 0; i < 2; i++)
    g_assert_true (bg_plot_renderer_get_plot_area (plot, i, &ax[i], &ay[i],
                                                   &aw[i], &ah[i]));
  g_assert_false (bg_plot_renderer_get_plot_area (plot, 2, NULL, NULL, NULL, NULL));

  /* Stacked: same columns, one under the other, no overlap, inside the image. */
  g_assert_cmpfloat (ax[0], ==, ax[1]);
  g_assert_cmpfloat (aw[0], ==, aw[1]);
  g_assert_cmpfloat (ay[1], >, ay[0] + ah[0]);
  g_assert_cmpfloat (ah[0], >, 100.0);
  g_assert_cmpfloat (ah[1], >, 100.0);
  g_assert_cmpfloat (ay[1] + ah[1], <, 600.0);
  g_assert_cmpfloat (ax[0] + aw[0], <, 800.0);

  /* Each trace is drawn in its own sub-plot, at its own scale. */
  for (i = 0; i < 3; i++)
    {
      guint sp = bg_plot_renderer_get_trace_subplot (plot, i);
      double tv = 0.5;
      double val = i == 0 ? p[50] : i == 1 ? v[50] : p2[50];
      int x = (int) bg_plot_renderer_time_to_x (plot, tv);
      int y = (int) bg_plot_renderer_value_to_y (plot, sp, val);
      BgPlotColor color;

      g_assert_cmpint (y, >, (int) ay[sp]);
      g_assert_cmpint (y, <, (int) (ay[sp] + ah[sp]));
      bg_plot_renderer_get_trace_color (plot, i, &color);
      /* Wide enough to span a gap of the dashed second trace. */
      g_assert_true (box_has_color (s, x - 4, y - 4, x + 4, y + 4, &color));
    }
  cairo_surface_destroy (s);

  bg_plot_renderer_clear_traces (plot);
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (plot), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (plot), ==, 1);
}

static void
test_palette_distinct (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  BgPlotColor a, b, fg = { 0.9, 0.9, 0.9, 1.0 }, bg = { 0.1, 0.1, 0.1, 1.0 };
  double t[2] = { 0.0, 1.0 }, y[2] = { 0.0, 1.0 };
  guint i, j;

  /* Seven traces of one unit: seven different colours. */
  for (i = 0; i < 7; i++)
    bg_plot_renderer_add_trace (plot, "x", "V", t, y, 2);
  for (i = 0; i < 7; i++)
    for (j = i + 1; j < 7; j++)
      {
        bg_plot_renderer_get_trace_color (plot, i, &a);
        bg_plot_renderer_get_trace_color (plot, j, &b);
        g_assert_cmpfloat (fabs (a.red - b.red) + fabs (a.green - b.green) +
                           fabs (a.blue - b.blue), >, 0.2);
      }

  /* Okabe–Ito blue first on light, sky blue first on dark backgrounds. */
  bg_plot_renderer_get_trace_color (plot, 0, &a);
  g_assert_cmpfloat_with_epsilon (a.blue, 0xB2 / 255.0, 1e-9);
  bg_plot_renderer_set_colors (plot, &fg, &bg);
  bg_plot_renderer_get_trace_color (plot, 0, &b);
  g_assert_cmpfloat_with_epsilon (b.red, 0x56 / 255.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (b.blue, 0xE9 / 255.0, 1e-9);

  /* A new sub-plot starts the palette again. */
  bg_plot_renderer_add_trace (plot, "i", "A", t, y, 2);
  bg_plot_renderer_get_trace_color (plot, 7, &a);
  bg_plot_renderer_get_trace_color (plot, 0, &b);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 7), ==, 1);
  g_assert_cmpfloat (a.red, ==, b.red);
  g_assert_cmpfloat (a.green, ==, b.green);
  g_assert_cmpfloat (a.blue, ==, b.blue);
}

/* Two traces with the same samples: the second is dashed, so the first
 * shows through its gaps and neither hides the other. */
static void
test_overlapping_traces (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[200], y[200], ax, aw;
  BgPlotColor c0, c1;
  cairo_surface_t *s;
  guint n0 = 0, n1 = 0, i;
  int x, yy;

  for (i = 0; i < 200; i++)
    {
      t[i] = i * 0.01;
      y[i] = 0.5;
    }
  bg_plot_renderer_add_trace (plot, "R1.f", "A", t, y, 200);
  bg_plot_renderer_add_trace (plot, "L1.f", "A", t, y, 200);
  bg_plot_renderer_set_value_range (plot, 0, 0.0, 1.0);
  s = render_image (plot, 600, 400);
  bg_plot_renderer_get_trace_color (plot, 0, &c0);
  bg_plot_renderer_get_trace_color (plot, 1, &c1);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, NULL, &aw, NULL));
  yy = (int) bg_plot_renderer_value_to_y (plot, 0, 0.5);
  for (x = (int) ax + 5; x < (int) (ax + aw) - 5; x++)
    {
      int dy;
      gboolean h0 = FALSE, h1 = FALSE;
      for (dy = -1; dy <= 1; dy++)
        {
          Rgb p = pixel_at (s, x, yy + dy);
          h0 |= near_color (p, &c0, 0.12);
          h1 |= near_color (p, &c1, 0.12);
        }
      n0 += h0;
      n1 += h1;
    }
  g_assert_cmpuint (n0, >, 0.08 * aw);
  g_assert_cmpuint (n1, >, 0.4 * aw);
  cairo_surface_destroy (s);
}

static void
test_dark_background (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  BgPlotColor fg = { 0.9, 0.9, 0.9, 1.0 }, bg = { 0.1, 0.12, 0.14, 1.0 };
  double t[2] = { 0.0, 1.0 }, y[2] = { 0.0, 1.0 };
  cairo_surface_t *s;
  Rgb corner;

  bg_plot_renderer_add_trace (plot, "R.e", "V", t, y, 2);
  bg_plot_renderer_set_colors (plot, &fg, &bg);
  s = render_image (plot, 400, 300);
  corner = pixel_at (s, 1, 1);
  g_assert_true (near_color (corner, &bg, 0.01));
  cairo_surface_destroy (s);
}

static void
test_png_svg_export (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autofree char *dir = g_dir_make_tmp ("bgmod-plot-XXXXXX", NULL);
  g_autofree char *png_path = g_build_filename (dir, "plot.png", NULL);
  g_autofree char *svg_path = g_build_filename (dir, "plot.svg", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;
  double t[200], y[200];
  cairo_surface_t *png;
  BgPlotColor color;
  gsize len;
  guint i, colored = 0;
  int x, yy;

  for (i = 0; i < 200; i++)
    {
      t[i] = i * 5e-3;
      y[i] = 0.2 * sin (10.0 * t[i]);
    }
  bg_plot_renderer_add_trace (plot, "CYL.x", "m", t, y, 200);
  bg_plot_renderer_add_marker (plot, 0.5, "U: 0 \xe2\x86\x92 1", BG_PLOT_MARKER_STEP);

  /* PNG at scale 2: twice the pixels, and the curve in the trace colour. */
  g_assert_true (bg_plot_renderer_write_png (plot, png_path, 640, 480, 2.0, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (png_path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1280);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 960);
  bg_plot_renderer_get_trace_color (plot, 0, &color);
  for (yy = 0; yy < 960; yy += 2)
    for (x = 0; x < 1280; x += 2)
      if (near_color (pixel_at (png, x, yy), &color, 0.1))
        colored++;
  g_assert_cmpuint (colored, >, 300);
  cairo_surface_destroy (png);

  /* SVG: well-formed XML with an <svg> root and <path> elements. */
  g_assert_true (bg_plot_renderer_write_svg (plot, svg_path, 640, 480, 1.0, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg_path, &svg, &len, &error));
  g_assert_no_error (error);
  {
    GMarkupParser parser = { 0 };
    GMarkupParseContext *ctx;
    gboolean ok;

    ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
    /* GMarkup rejects a DOCTYPE or <?xml?> only in newer versions; skip the
     * declaration line so the check is about the document itself. */
    ok = g_markup_parse_context_parse (ctx, strstr (svg, "<svg"), -1, &error) &&
         g_markup_parse_context_end_parse (ctx, &error);
    g_assert_no_error (error);
    g_assert_true (ok);
    g_markup_parse_context_free (ctx);
  }
  g_assert_nonnull (strstr (svg, "<path"));
  g_assert_nonnull (strstr (svg, "width=\"640"));
  g_assert_nonnull (strstr (svg, "height=\"480"));
  /* The trace colour (Okabe–Ito blue #0072B2) is a stroke in the file. */
  g_assert_nonnull (strstr (svg, "rgb(0%, 44.705882%, 69.803922%)") ?
                    (void *) 1 : strstr (svg, "rgb(0%,44.705882%,69.803922%)"));

  g_assert_cmpint (g_remove (png_path), ==, 0);
  g_assert_cmpint (g_remove (svg_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_export_errors (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autoptr(GError) error = NULL;
  const char *bad = "/nonexistent-bgmod-dir/plot.png";

  g_assert_false (bg_plot_renderer_write_png (plot, bad, 640, 480, 1.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE);
  g_assert_cmpstr (error->message, ==,
                   "Could not write the plot to \xe2\x80\x9c/nonexistent-bgmod-dir/plot.png"
                   "\xe2\x80\x9d: No such file or directory");
  g_clear_error (&error);

  g_assert_false (bg_plot_renderer_write_svg (plot, "/nonexistent-bgmod-dir/plot.svg",
                                              640, 480, 1.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "plot.svg"));
  g_assert_nonnull (strstr (error->message, "No such file or directory"));
  g_clear_error (&error);

  /* A device that takes no bytes: the error names the reason. */
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_assert_false (bg_plot_renderer_write_png (plot, "/dev/full", 640, 480, 1.0, &error));
      g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE);
      g_assert_cmpstr (error->message, ==,
                       "Could not write the plot to \xe2\x80\x9c/dev/full\xe2\x80\x9d: "
                       "No space left on device");
      g_clear_error (&error);
      g_assert_true (g_file_test ("/dev/full", G_FILE_TEST_EXISTS));
    }

  g_assert_false (bg_plot_renderer_write_png (plot, "unused.png", 0, 480, 1.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE);
  g_assert_cmpstr (error->message, ==,
                   "Plot size 0 \xc3\x97 480 at scale 1 is not usable: width and "
                   "height must be positive and at most 32767 pixels");
  g_clear_error (&error);

  g_assert_false (bg_plot_renderer_write_svg (plot, "unused.svg", 640, 480, -2.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "at scale -2 is not usable"));
  g_assert_false (g_file_test ("unused.png", G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test ("unused.svg", G_FILE_TEST_EXISTS));
}

/* Rows of the plot area at column @x darker than the midpoint between
 * foreground and background. */
static guint
dark_rows (cairo_surface_t *s,
           int              x,
           double           ay,
           double           ah)
{
  guint n = 0;
  int y;

  for (y = (int) ay + 2; y < (int) (ay + ah) - 2; y++)
    if (luminance (pixel_at (s, x, y)) < 0.6)
      n++;
  return n;
}

static void
test_markers_drawn (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[3] = { 0.0, 0.5, 1.0 }, y[3] = { 1.0, 1.0, 1.0 };
  double ax, ay, aw, ah, ay_plain;
  cairo_surface_t *plain, *marked;
  int x_step, x_event;

  bg_plot_renderer_add_trace (plot, "U.e", "V", t, y, 3);
  plain = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay_plain, &aw, &ah));
  x_step = (int) floor (bg_plot_renderer_time_to_x (plot, 0.3));
  x_event = (int) floor (bg_plot_renderer_time_to_x (plot, 0.7));
  g_assert_cmpuint (dark_rows (plain, x_step, ay_plain, ah), <, 5);
  g_assert_cmpuint (dark_rows (plain, x_event, ay_plain, ah), <, 5);

  bg_plot_renderer_add_marker (plot, 0.3, "U: 0 \xe2\x86\x92 1", BG_PLOT_MARKER_STEP);
  bg_plot_renderer_add_marker (plot, 0.7, "CYL end stop", BG_PLOT_MARKER_EVENT);
  marked = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  /* The labels take a row of their own above the plot. */
  g_assert_cmpfloat (ay, >, ay_plain + 5.0);
  x_step = (int) floor (bg_plot_renderer_time_to_x (plot, 0.3));
  x_event = (int) floor (bg_plot_renderer_time_to_x (plot, 0.7));
  /* Dashed: about 4 on, 3 off. Solid: nearly every row. */
  g_assert_cmpuint (dark_rows (marked, x_step, ay, ah), >, (guint) (0.4 * ah));
  g_assert_cmpuint (dark_rows (marked, x_step, ay, ah), <, (guint) (0.8 * ah));
  g_assert_cmpuint (dark_rows (marked, x_event, ay, ah), >, (guint) (0.9 * ah));

  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);

  /* Out of view or cleared: gone. */
  bg_plot_renderer_clear_markers (plot);
  marked = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  g_assert_cmpfloat (ay, ==, ay_plain);
  cairo_surface_destroy (marked);
}

static void
test_cursor_drawn (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[3] = { 0.0, 0.5, 1.0 }, y[3] = { 0.0, 1.0, 0.0 };
  double ax, ay, aw, ah;
  cairo_surface_t *s;
  BgPlotColor color;
  int x, yv;

  bg_plot_renderer_add_trace (plot, "C.e", "V", t, y, 3);
  bg_plot_renderer_set_value_range (plot, 0, -1.0, 2.0);
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  x = (int) floor (bg_plot_renderer_time_to_x (plot, 0.25));
  yv = (int) floor (bg_plot_renderer_value_to_y (plot, 0, 0.5));
  bg_plot_renderer_get_trace_color (plot, 0, &color);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), <, 5);
  g_assert_true (box_has_color (s, x, yv, x + 1, yv + 1, &color));
  cairo_surface_destroy (s);

  /* A line across the plot, and a ring on the trace at 0.5 V, filled with
   * the background where the trace was. */
  bg_plot_renderer_set_cursor (plot, 0.25);
  s = render_image (plot, 600, 400);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), >, (guint) (0.8 * ah));
  g_assert_false (box_has_color (s, x, yv, x + 1, yv + 1, &color));
  cairo_surface_destroy (s);

  bg_plot_renderer_set_cursor (plot, NAN);
  s = render_image (plot, 600, 400);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), <, 5);
  cairo_surface_destroy (s);
}

static void
test_hit_testing (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[11], y[11], v[11];
  double ax, ay, aw, ah, tt, val, x;
  guint sp, i;
  cairo_surface_t *s;

  for (i = 0; i <= 10; i++)
    {
      t[i] = i * 0.1;
      y[i] = 3.0 * t[i];
      v[i] = -t[i];
    }
  bg_plot_renderer_add_trace (plot, "C.q", "C", t, y, 11);
  bg_plot_renderer_add_trace (plot, "I.p", "Wb", t, v, 11);

  /* Nothing to hit before the first drawing. */
  g_assert_false (bg_plot_renderer_pick (plot, 10.0, 10.0, &sp, &tt, &val));
  g_assert_true (isnan (bg_plot_renderer_time_to_x (plot, 0.5)));

  s = render_image (plot, 700, 500);
  x = bg_plot_renderer_time_to_x (plot, 0.3);
  g_assert_cmpfloat_with_epsilon (bg_plot_renderer_x_to_time (plot, x), 0.3, 1e-12);

  g_assert_true (bg_plot_renderer_pick (plot, x, bg_plot_renderer_value_to_y (plot, 1, -0.25),
                                        &sp, &tt, &val));
  g_assert_cmpuint (sp, ==, 1);
  g_assert_cmpfloat_with_epsilon (tt, 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (val, -0.25, 1e-12);

  g_assert_true (bg_plot_renderer_pick (plot, x, bg_plot_renderer_value_to_y (plot, 0, 2.0),
                                        &sp, NULL, &val));
  g_assert_cmpuint (sp, ==, 0);
  g_assert_cmpfloat_with_epsilon (val, 2.0, 1e-12);

  /* Outside: the margin left of the axes, and the gap between sub-plots. */
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  g_assert_false (bg_plot_renderer_pick (plot, ax - 5.0, ay + ah / 2, NULL, NULL, NULL));
  g_assert_false (bg_plot_renderer_pick (plot, ax + aw / 2, ay + ah + 3.0, NULL, NULL, NULL));
  g_assert_true (bg_plot_renderer_pick (plot, ax, ay, NULL, NULL, NULL));
  cairo_surface_destroy (s);
}

static void
test_values_at (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  /* Two samples at t = 2: a step at an event keeps the later value. */
  double t[5] = { 0.0, 1.0, 2.0, 2.0, 3.0 }, y[5] = { 0.0, 10.0, 20.0, 30.0, 40.0 };
  double t2[2] = { 1.0, 2.0 }, y2[2] = { -1.0, 1.0 };
  double out[3];

  g_assert_cmpuint (bg_plot_renderer_values_at (plot, 0.5, out, 3), ==, 0);
  bg_plot_renderer_add_trace (plot, "a", "V", t, y, 5);
  bg_plot_renderer_add_trace (plot, "b", "A", t2, y2, 2);

  g_assert_cmpuint (bg_plot_renderer_values_at (plot, 0.5, out, 3), ==, 2);
  g_assert_cmpfloat_with_epsilon (out[0], 5.0, 1e-12);
  g_assert_true (isnan (out[1]));

  bg_plot_renderer_values_at (plot, 1.5, out, 2);
  g_assert_cmpfloat_with_epsilon (out[0], 15.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[1], 0.0, 1e-12);

  bg_plot_renderer_values_at (plot, 2.0, out, 2);
  g_assert_cmpfloat_with_epsilon (out[0], 30.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (out[1], 1.0, 1e-12);

  bg_plot_renderer_values_at (plot, 2.5, out, 2);
  g_assert_cmpfloat_with_epsilon (out[0], 35.0, 1e-12);
  g_assert_true (isnan (out[1]));

  bg_plot_renderer_values_at (plot, 3.0, out, 2);
  g_assert_cmpfloat_with_epsilon (out[0], 40.0, 1e-12);
  bg_plot_renderer_values_at (plot, -0.1, out, 2);
  g_assert_true (isnan (out[0]));
  bg_plot_renderer_values_at (plot, 3.1, out, 2);
  g_assert_true (isnan (out[0]));
  bg_plot_renderer_values_at (plot, NAN, out, 2);
  g_assert_true (isnan (out[0]));

  /* Only as many as asked for are written. */
  out[1] = 99.0;
  g_assert_cmpuint (bg_plot_renderer_values_at (plot, 1.5, out, 1), ==, 2);
  g_assert_cmpfloat (out[1], ==, 99.0);
}

static void
test_view_window (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[101], y[101];
  double t0, t1, y0, y1;
  cairo_surface_t *s;
  guint i;

  for (i = 0; i <= 100; i++)
    {
      t[i] = 0.5 + i * 0.01;       /* 0.5 … 1.5 */
      y[i] = 207.0 * (i / 100.0);  /* 0 … 207 */
    }
  bg_plot_renderer_add_trace (plot, "CYL.x", "m", t, y, 101);

  /* Auto-fit: all samples in time; values with little empty room. */
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (t1, ==, 1.5);
  g_assert_cmpfloat (y0, ==, 0.0);
  g_assert_cmpfloat (y1, >=, 207.0);
  g_assert_cmpfloat (y1, <=, 207.0 * 1.25);
  cairo_surface_destroy (s);

  /* A time window: values fitted to the samples inside it only. */
  bg_plot_renderer_set_time_range (plot, 0.6, 0.7);
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.6);
  g_assert_cmpfloat (t1, ==, 0.7);
  g_assert_cmpfloat (y0, <=, 20.7);
  g_assert_cmpfloat (y0, >=, 15.0);
  g_assert_cmpfloat (y1, >=, 41.4);
  g_assert_cmpfloat (y1, <=, 50.0);
  cairo_surface_destroy (s);

  /* A fixed value window, then back to auto-fit. */
  bg_plot_renderer_set_value_range (plot, 0, -1.0, 1.0);
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, NULL, NULL, &y0, &y1));
  g_assert_cmpfloat (y0, ==, -1.0);
  g_assert_cmpfloat (y1, ==, 1.0);
  cairo_surface_destroy (s);

  bg_plot_renderer_reset_view (plot);
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (y1, >=, 207.0);
  cairo_surface_destroy (s);

  /* An empty or reversed window means auto-fit. */
  bg_plot_renderer_set_time_range (plot, 1.0, 1.0);
  s = render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, NULL, NULL));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (t1, ==, 1.5);
  cairo_surface_destroy (s);
}

static void
test_gaps_and_growth (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[101], y[101];
  BgPlotColor color;
  cairo_surface_t *s;
  int xg, xd, yv;
  guint i;

  for (i = 0; i <= 100; i++)
    {
      t[i] = i * 0.01;
      y[i] = (t[i] > 0.4 && t[i] < 0.6) ? NAN : 0.5;
    }
  y[10] = INFINITY;
  bg_plot_renderer_add_trace (plot, "R.f", "A", t, y, 101);
  bg_plot_renderer_set_value_range (plot, 0, 0.0, 1.0);
  s = render_image (plot, 600, 400);
  bg_plot_renderer_get_trace_color (plot, 0, &color);
  xg = (int) bg_plot_renderer_time_to_x (plot, 0.5);
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.25);
  yv = (int) bg_plot_renderer_value_to_y (plot, 0, 0.5);
  /* NaN breaks the line; the finite parts are drawn. */
  g_assert_false (box_has_color (s, xg - 2, yv - 2, xg + 2, yv + 2, &color));
  g_assert_true (box_has_color (s, xd - 1, yv - 2, xd + 1, yv + 2, &color));
  cairo_surface_destroy (s);

  /* A growing column: only the first 30 samples exist yet. */
  bg_plot_renderer_set_trace_data (plot, 0, t, y, 30);
  bg_plot_renderer_set_time_range (plot, 0.0, 1.0);
  s = render_image (plot, 600, 400);
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.8);
  g_assert_false (box_has_color (s, xd - 2, yv - 2, xd + 2, yv + 2, &color));
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.2);
  g_assert_true (box_has_color (s, xd - 1, yv - 2, xd + 1, yv + 2, &color));
  cairo_surface_destroy (s);
}

/* At the smallest height the plot pane allows (80 px a sub-plot and 44 px
 * of time axis, times the scale, as in bg-plot-view-draw.c), in normal and
 * presentation scale, every sub-plot keeps at least three value ticks and a
 * whole axis title: the full one or its unit, never cut with an ellipsis. */
static void
test_short_subplots (void)
{
  const char *units[] = { "Pa", "m", "m/s", "N" };
  const double scales[] = { 1.0, 1.25, 1.5 };
  double t[51], y[G_N_ELEMENTS (units)][51];

  for (guint k = 0; k <= 50; k++)
    {
      t[k] = 0.02 * k;
      for (guint u = 0; u < G_N_ELEMENTS (units); u++)
        y[u][k] = (u + 1) * 1e3 * sin (3.0 * t[k]) + 0.37 * u;
    }
  for (guint n = 1; n <= G_N_ELEMENTS (units); n++)
    for (guint s = 0; s < G_N_ELEMENTS (scales); s++)
      {
        g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
        int height = (int) ((80 * n + 44) * scales[s]);
        cairo_surface_t *surface;

        bg_plot_renderer_set_scale (plot, scales[s], scales[s]);
        for (guint u = 0; u < n; u++)
          {
            g_autofree char *name = g_strdup_printf ("X%u.q", u);

            bg_plot_renderer_add_trace (plot, name, units[u], t, y[u], 51);
          }
        surface = render_image (plot, (int) (640 * scales[s]), height);
        for (guint u = 0; u < n; u++)
          {
            gboolean shortened = FALSE;
            g_autofree char *title = bg_plot_renderer_dup_value_title (plot, u, &shortened);
            guint ticks = bg_plot_renderer_get_n_value_ticks (plot, u);
            double h = 0;

            g_assert_true (bg_plot_renderer_get_plot_area (plot, u, NULL, NULL, NULL, &h));
            g_test_message ("%u sub-plots, scale %.2f, %d px (plot %.0f px): \"%s\"%s, %u ticks",
                            n, scales[s], height, h, title, shortened ? " (unit only)" : "", ticks);
            g_assert_cmpuint (ticks, >=, 3);
            g_assert_nonnull (title);
            g_assert_null (strstr (title, "…"));
            g_assert_true (g_str_has_suffix (title, "]"));
            g_assert_nonnull (strchr (title, '['));
          }
        cairo_surface_destroy (surface);
      }
}

/* A wide, short pane with a few traces a sub-plot puts the legends in a
 * column right of the plots and so needs less height than a narrow one,
 * whose legends take a row above each sub-plot; many traces, or a narrow
 * pane, keep the rows. */
static void
add_bench_traces (BgPlotRenderer *plot,
                  guint           extra)
{
  /* the renderer reads the arrays in place: they outlive the plots */
  static double t[41], x[41], a[41], b[41];

  for (guint k = 0; k <= 40; k++)
    {
      t[k] = 0.17 * k;
      x[k] = 0.05 + 0.25 * t[k] * t[k] / 46.0;
      a[k] = 2.6e6 + 1e4 * sin (t[k]);
      b[k] = 1e4 * cos (t[k]);
    }
  bg_plot_renderer_add_trace (plot, "CYL.x", "m", t, x, 41);
  bg_plot_renderer_add_trace (plot, "C_A.e", "Pa", t, a, 41);
  bg_plot_renderer_add_trace (plot, "C_B.e", "Pa", t, b, 41);
  for (guint i = 0; i < extra; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%u.e", i);

      bg_plot_renderer_add_trace (plot, name, "Pa", t, b, 41);
    }
}

static void
test_legend_beside (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autoptr(BgPlotRenderer) crowded = bg_plot_renderer_new ();
  int wide = 750, narrow = 420, wide_min, narrow_min;
  cairo_surface_t *surface;

  bg_plot_renderer_set_scale (plot, 1.75, 1.0);
  add_bench_traces (plot, 0);
  wide_min = bg_plot_renderer_get_min_height (plot, wide);
  narrow_min = bg_plot_renderer_get_min_height (plot, narrow);
  g_test_message ("minimum height %d px at %d px wide, %d px at %d px", wide_min, wide,
                  narrow_min, narrow);
  g_assert_cmpint (wide_min, <, narrow_min);

  /* at its minimum height: beside, three ticks each, the entries drawn
   * in the column right of their plot, one a line from its top */
  surface = render_image (plot, wide, wide_min);
  g_assert_true (bg_plot_renderer_get_legend_beside (plot));
  for (guint sp = 0; sp < 2; sp++)
    {
      double x = 0, y = 0, w = 0, h = 0, line_h = bg_plot_renderer_get_line_height (plot);
      guint first = sp == 0 ? 0 : 1, n = sp == 0 ? 1 : 2;

      g_assert_true (bg_plot_renderer_get_plot_area (plot, sp, &x, &y, &w, &h));
      g_assert_cmpuint (bg_plot_renderer_get_n_value_ticks (plot, sp), >=, 3);
      g_assert_cmpfloat (h, >=, n * line_h);
      for (guint k = 0; k < n; k++)
        {
          BgPlotColor color;

          bg_plot_renderer_get_trace_color (plot, first + k, &color);
          g_assert_true (box_has_color (surface, (int) (x + w + 2), (int) (y + k * line_h),
                                        wide - 1, (int) (y + (k + 1) * line_h), &color));
        }
    }
  cairo_surface_destroy (surface);

  surface = render_image (plot, narrow, narrow_min);
  g_assert_false (bg_plot_renderer_get_legend_beside (plot));
  for (guint sp = 0; sp < 2; sp++)
    g_assert_cmpuint (bg_plot_renderer_get_n_value_ticks (plot, sp), >=, 3);
  cairo_surface_destroy (surface);

  /* five traces in one sub-plot keep the rows */
  bg_plot_renderer_set_scale (crowded, 1.75, 1.0);
  add_bench_traces (crowded, 3);
  surface = render_image (crowded, wide, bg_plot_renderer_get_min_height (crowded, wide));
  g_assert_false (bg_plot_renderer_get_legend_beside (crowded));
  cairo_surface_destroy (surface);
}

static void
test_empty_and_scaled (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[2] = { 0.0, 1.0 }, y[2] = { 0.0, 1.0 };
  double ax1, ax2, ay, aw, ah;
  cairo_surface_t *s;

  /* No traces: still a frame, still hit-testable. */
  s = render_image (plot, 400, 300);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax1, &ay, &aw, &ah));
  g_assert_cmpfloat (aw, >, 200.0);
  {
    /* The "no variables" note is written in the middle. */
    guint inked = 0;
    int px, py;
    for (py = (int) (ay + ah / 2) - 6; py <= (int) (ay + ah / 2) + 6; py++)
      for (px = (int) (ax1 + aw / 2) - 40; px <= (int) (ax1 + aw / 2) + 40; px++)
        if (luminance (pixel_at (s, px, py)) < 0.8)
          inked++;
    g_assert_cmpuint (inked, >, 20);
  }
  cairo_surface_destroy (s);

  /* Presentation mode: larger text takes more margin. */
  bg_plot_renderer_add_trace (plot, "x", "m", t, y, 2);
  s = render_image (plot, 800, 600);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax1, NULL, NULL, NULL));
  cairo_surface_destroy (s);
  bg_plot_renderer_set_scale (plot, 2.0, 2.0);
  s = render_image (plot, 800, 600);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax2, NULL, NULL, NULL));
  cairo_surface_destroy (s);
  g_assert_cmpfloat (ax2, >, 1.5 * ax1);

  /* Tiny sizes and zero samples do not break the drawing. */
  bg_plot_renderer_set_trace_data (plot, 0, NULL, NULL, 0);
  s = render_image (plot, 30, 20);
  cairo_surface_destroy (s);
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
  g_test_add_func ("/ui/si/units", test_si_units);
  g_test_add_func ("/ui/plot/decimation/keeps-spike", test_decimation_keeps_spike);
  g_test_add_func ("/ui/plot/decimation/auto-fit-spike", test_decimation_auto_fit_spike);
  g_test_add_func ("/ui/plot/stacked-subplots", test_stacked_subplots);
  g_test_add_func ("/ui/plot/palette", test_palette_distinct);
  g_test_add_func ("/ui/plot/overlapping-traces", test_overlapping_traces);
  g_test_add_func ("/ui/plot/dark-background", test_dark_background);
  g_test_add_func ("/ui/plot/export/png-svg", test_png_svg_export);
  g_test_add_func ("/ui/plot/export/errors", test_export_errors);
  g_test_add_func ("/ui/plot/markers", test_markers_drawn);
  g_test_add_func ("/ui/plot/cursor", test_cursor_drawn);
  g_test_add_func ("/ui/plot/hit-testing", test_hit_testing);
  g_test_add_func ("/ui/plot/values-at", test_values_at);
  g_test_add_func ("/ui/plot/view-window", test_view_window);
  g_test_add_func ("/ui/plot/gaps-and-growth", test_gaps_and_growth);
  g_test_add_func ("/ui/plot/empty-and-scaled", test_empty_and_scaled);
  g_test_add_func ("/ui/plot/short-subplots", test_short_subplots);
  g_test_add_func ("/ui/plot/legend-beside", test_legend_beside);

  return g_test_run ();
}
