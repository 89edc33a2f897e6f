/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-renderer.c — what the plot renderer draws, no display.
 *
 * Owns: tests of decimation (a one-sample spike survives and sets the
 * auto-fit), sub-plot stacking, sub-plot groups and filled (stacked)
 * traces, the palette, overlapping and dashed
 * traces, backgrounds, markers and the cursor, gaps and growing columns,
 * short sub-plots and legends beside the plots, empty and scaled plots,
 * and PNG/SVG export with its errors. Renders to image and SVG surfaces
 * only; must not need GTK or a display. Hit-testing and the view window
 * are test-plot-renderer-view.c's, SI labels test-si-format.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "bg-plot-renderer.h"
#include "bg-test-plot.h"

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
  found = bg_test_box_has_color (png, (int) x - 1, (int) y - 1, (int) x + 1, (int) y + 3,
                                 &color);

  /* The flat part and the negative reference are drawn in every case. */
  g_assert_true (bg_test_box_has_color (png, (int) bg_plot_renderer_time_to_x (plot, 0.75),
                                        (int) bg_plot_renderer_value_to_y (plot, 0, 0.0) - 1,
                                        (int) bg_plot_renderer_time_to_x (plot, 0.75) + 1,
                                        (int) bg_plot_renderer_value_to_y (plot, 0, 0.0) + 1,
                                        &color));
  g_assert_true (bg_test_box_has_color (png, (int) bg_plot_renderer_time_to_x (plot, 0.25) - 1,
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
  s = bg_test_render_image (plot, 1200, 800);
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

  s = bg_test_render_image (plot, 800, 600);
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
      g_assert_true (bg_test_box_has_color (s, x - 4, y - 4, x + 4, y + 4, &color));
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
  s = bg_test_render_image (plot, 600, 400);
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
          BgTestRgb p = bg_test_pixel_at (s, x, yy + dy);
          h0 |= bg_test_near_color (p, &c0, 0.12);
          h1 |= bg_test_near_color (p, &c1, 0.12);
        }
      n0 += h0;
      n1 += h1;
    }
  g_assert_cmpuint (n0, >, 0.08 * aw);
  g_assert_cmpuint (n1, >, 0.4 * aw);
  cairo_surface_destroy (s);
}

/* Traces of one unit in groups get sub-plots of their own, titled by the
 * group; a stacked area fills each band in its colour, lighter, and the
 * read-out gives each band's own height. */
static void
test_groups_and_fills (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[101], a[101], ab[101], total[101], values[3];
  double ax, ay, aw, ah;
  cairo_surface_t *s;
  BgPlotColor color;
  g_autofree char *title = NULL;
  guint i;

  for (i = 0; i <= 100; i++)
    {
      t[i] = i * 0.01;
      a[i] = 2.0 * t[i];           /* band A: 2t */
      ab[i] = a[i] + 1.0;          /* band B on top: 1 */
      total[i] = 3.0;
    }
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "A", "J", t, a, 101), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "B", "J", t, ab, 101), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_add_trace (plot, "total", "J", t, total, 101), ==, 2);
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (plot), ==, 1);
  bg_plot_renderer_set_trace_group (plot, 0, "Stored energy");
  bg_plot_renderer_set_trace_group (plot, 1, "Stored energy");
  bg_plot_renderer_set_trace_group (plot, 2, "Balance");
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (plot), ==, 2);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 1), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_get_trace_subplot (plot, 2), ==, 1);
  bg_plot_renderer_set_trace_fill (plot, 0, -1);
  bg_plot_renderer_set_trace_fill (plot, 1, 0);

  /* the read-out: A's band 2t, B's band 1, the line itself */
  g_assert_cmpuint (bg_plot_renderer_values_at (plot, 0.5, values, 3), ==, 3);
  g_assert_cmpfloat (fabs (values[0] - 1.0), <, 1e-12);
  g_assert_cmpfloat (fabs (values[1] - 1.0), <, 1e-12);
  g_assert_cmpfloat (values[2], ==, 3.0);

  s = bg_test_render_image (plot, 800, 600);
  title = bg_plot_renderer_dup_value_title (plot, 0, NULL);
  g_assert_true (g_str_has_prefix (title, "Stored energy ["));
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  /* Inside each band, halfway up it, its colour at FILL_ALPHA over white. */
  for (i = 0; i < 2; i++)
    {
      /* (off the grid lines) */
      double mid = i == 0 ? 0.37 * a[63] : a[63] + 0.37;
      int x = (int) bg_plot_renderer_time_to_x (plot, 0.63);
      int y = (int) bg_plot_renderer_value_to_y (plot, 0, mid);
      BgPlotColor light;

      bg_plot_renderer_get_trace_color (plot, i, &color);
      light = (BgPlotColor) { 1 - 0.35 * (1 - color.red), 1 - 0.35 * (1 - color.green),
                              1 - 0.35 * (1 - color.blue), 1 };
      {
        BgTestRgb px = bg_test_pixel_at (s, x, y);
        g_test_message ("band %u at (%d, %d): %.3f %.3f %.3f, want %.3f %.3f %.3f", i, x, y,
                        px.r, px.g, px.b, light.red, light.green, light.blue);
        g_assert_true (bg_test_near_color (px, &light, 0.03));
      }
    }
  /* above the stack, the plot's own background */
  {
    int x = (int) bg_plot_renderer_time_to_x (plot, 0.2);
    int y = (int) bg_plot_renderer_value_to_y (plot, 0, ab[20] + 0.6);
    BgTestRgb px = bg_test_pixel_at (s, x, y);

    g_assert_cmpfloat (bg_test_luminance (px), >, 0.9);
  }
  cairo_surface_destroy (s);
}

static void
test_dark_background (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  BgPlotColor fg = { 0.9, 0.9, 0.9, 1.0 }, bg = { 0.1, 0.12, 0.14, 1.0 };
  double t[2] = { 0.0, 1.0 }, y[2] = { 0.0, 1.0 };
  cairo_surface_t *s;
  BgTestRgb corner;

  bg_plot_renderer_add_trace (plot, "R.e", "V", t, y, 2);
  bg_plot_renderer_set_colors (plot, &fg, &bg);
  s = bg_test_render_image (plot, 400, 300);
  corner = bg_test_pixel_at (s, 1, 1);
  g_assert_true (bg_test_near_color (corner, &bg, 0.01));
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
      if (bg_test_near_color (bg_test_pixel_at (png, x, yy), &color, 0.1))
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
    if (bg_test_luminance (bg_test_pixel_at (s, x, y)) < 0.6)
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
  plain = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay_plain, &aw, &ah));
  x_step = (int) floor (bg_plot_renderer_time_to_x (plot, 0.3));
  x_event = (int) floor (bg_plot_renderer_time_to_x (plot, 0.7));
  g_assert_cmpuint (dark_rows (plain, x_step, ay_plain, ah), <, 5);
  g_assert_cmpuint (dark_rows (plain, x_event, ay_plain, ah), <, 5);

  bg_plot_renderer_add_marker (plot, 0.3, "U: 0 \xe2\x86\x92 1", BG_PLOT_MARKER_STEP);
  bg_plot_renderer_add_marker (plot, 0.7, "CYL end stop", BG_PLOT_MARKER_EVENT);
  marked = bg_test_render_image (plot, 600, 400);
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
  marked = bg_test_render_image (plot, 600, 400);
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
  s = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax, &ay, &aw, &ah));
  x = (int) floor (bg_plot_renderer_time_to_x (plot, 0.25));
  yv = (int) floor (bg_plot_renderer_value_to_y (plot, 0, 0.5));
  bg_plot_renderer_get_trace_color (plot, 0, &color);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), <, 5);
  g_assert_true (bg_test_box_has_color (s, x, yv, x + 1, yv + 1, &color));
  cairo_surface_destroy (s);

  /* A line across the plot, and a ring on the trace at 0.5 V, filled with
   * the background where the trace was. */
  bg_plot_renderer_set_cursor (plot, 0.25);
  s = bg_test_render_image (plot, 600, 400);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), >, (guint) (0.8 * ah));
  g_assert_false (bg_test_box_has_color (s, x, yv, x + 1, yv + 1, &color));
  cairo_surface_destroy (s);

  bg_plot_renderer_set_cursor (plot, NAN);
  s = bg_test_render_image (plot, 600, 400);
  g_assert_cmpuint (dark_rows (s, x, ay, ah), <, 5);
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
  s = bg_test_render_image (plot, 600, 400);
  bg_plot_renderer_get_trace_color (plot, 0, &color);
  xg = (int) bg_plot_renderer_time_to_x (plot, 0.5);
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.25);
  yv = (int) bg_plot_renderer_value_to_y (plot, 0, 0.5);
  /* NaN breaks the line; the finite parts are drawn. */
  g_assert_false (bg_test_box_has_color (s, xg - 2, yv - 2, xg + 2, yv + 2, &color));
  g_assert_true (bg_test_box_has_color (s, xd - 1, yv - 2, xd + 1, yv + 2, &color));
  cairo_surface_destroy (s);

  /* A growing column: only the first 30 samples exist yet. */
  bg_plot_renderer_set_trace_data (plot, 0, t, y, 30);
  bg_plot_renderer_set_time_range (plot, 0.0, 1.0);
  s = bg_test_render_image (plot, 600, 400);
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.8);
  g_assert_false (bg_test_box_has_color (s, xd - 2, yv - 2, xd + 2, yv + 2, &color));
  xd = (int) bg_plot_renderer_time_to_x (plot, 0.2);
  g_assert_true (bg_test_box_has_color (s, xd - 1, yv - 2, xd + 1, yv + 2, &color));
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
        surface = bg_test_render_image (plot, (int) (640 * scales[s]), height);
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
  surface = bg_test_render_image (plot, wide, wide_min);
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
          g_assert_true (bg_test_box_has_color (surface, (int) (x + w + 2), (int) (y + k * line_h),
                                                wide - 1, (int) (y + (k + 1) * line_h), &color));
        }
    }
  cairo_surface_destroy (surface);

  surface = bg_test_render_image (plot, narrow, narrow_min);
  g_assert_false (bg_plot_renderer_get_legend_beside (plot));
  for (guint sp = 0; sp < 2; sp++)
    g_assert_cmpuint (bg_plot_renderer_get_n_value_ticks (plot, sp), >=, 3);
  cairo_surface_destroy (surface);

  /* five traces in one sub-plot keep the rows */
  bg_plot_renderer_set_scale (crowded, 1.75, 1.0);
  add_bench_traces (crowded, 3);
  surface = bg_test_render_image (crowded, wide, bg_plot_renderer_get_min_height (crowded, wide));
  g_assert_false (bg_plot_renderer_get_legend_beside (crowded));
  cairo_surface_destroy (surface);
}

/* A marker at the plots' right end with the legend beside them: its label
 * stays over the plots, left of its line, not above the legend column
 * where it would read as the legend's header. */
static void
test_marker_label_beside_legend (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  int width = 750, height;
  cairo_surface_t *plain, *labelled;
  double x = 0, y = 0, w = 0, h = 0;
  guint differ_right = 0, differ_left = 0;

  bg_plot_renderer_set_scale (plot, 1.75, 1.0);
  add_bench_traces (plot, 0);
  /* the same layout (a label's row) with a blank label, then the end
   * stop's at the last sample */
  bg_plot_renderer_add_marker (plot, 6.8, " ", BG_PLOT_MARKER_EVENT);
  height = bg_plot_renderer_get_min_height (plot, width) + 40;
  plain = bg_test_render_image (plot, width, height);
  bg_plot_renderer_clear_markers (plot);
  bg_plot_renderer_add_marker (plot, 6.8, "CYL", BG_PLOT_MARKER_EVENT);
  labelled = bg_test_render_image (plot, width, height);
  g_assert_true (bg_plot_renderer_get_legend_beside (plot));
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &x, &y, &w, &h));
  /* the label's row: the strip above the first plot */
  for (int py = 0; py < (int) y; py++)
    for (int px = 0; px < width; px++)
      {
        BgTestRgb a = bg_test_pixel_at (plain, px, py), b = bg_test_pixel_at (labelled, px, py);

        if (fabs (bg_test_luminance (a) - bg_test_luminance (b)) < 0.2)
          continue;
        if (px > x + w + 1)
          differ_right++;
        else
          differ_left++;
      }
  g_assert_cmpuint (differ_left, >, 10);
  g_assert_cmpuint (differ_right, ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (labelled);
}

static void
test_empty_and_scaled (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double t[2] = { 0.0, 1.0 }, y[2] = { 0.0, 1.0 };
  double ax1, ax2, ay, aw, ah;
  cairo_surface_t *s;

  /* No traces: still a frame, still hit-testable. */
  s = bg_test_render_image (plot, 400, 300);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax1, &ay, &aw, &ah));
  g_assert_cmpfloat (aw, >, 200.0);
  {
    /* The "no variables" note is written in the middle. */
    guint inked = 0;
    int px, py;
    for (py = (int) (ay + ah / 2) - 6; py <= (int) (ay + ah / 2) + 6; py++)
      for (px = (int) (ax1 + aw / 2) - 40; px <= (int) (ax1 + aw / 2) + 40; px++)
        if (bg_test_luminance (bg_test_pixel_at (s, px, py)) < 0.8)
          inked++;
    g_assert_cmpuint (inked, >, 20);
  }
  cairo_surface_destroy (s);

  /* Presentation mode: larger text takes more margin. */
  bg_plot_renderer_add_trace (plot, "x", "m", t, y, 2);
  s = bg_test_render_image (plot, 800, 600);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax1, NULL, NULL, NULL));
  cairo_surface_destroy (s);
  bg_plot_renderer_set_scale (plot, 2.0, 2.0);
  s = bg_test_render_image (plot, 800, 600);
  g_assert_true (bg_plot_renderer_get_plot_area (plot, 0, &ax2, NULL, NULL, NULL));
  cairo_surface_destroy (s);
  g_assert_cmpfloat (ax2, >, 1.5 * ax1);

  /* Tiny sizes and zero samples do not break the drawing. */
  bg_plot_renderer_set_trace_data (plot, 0, NULL, NULL, 0);
  s = bg_test_render_image (plot, 30, 20);
  cairo_surface_destroy (s);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/plot/decimation/keeps-spike", test_decimation_keeps_spike);
  g_test_add_func ("/ui/plot/decimation/auto-fit-spike", test_decimation_auto_fit_spike);
  g_test_add_func ("/ui/plot/stacked-subplots", test_stacked_subplots);
  g_test_add_func ("/ui/plot/palette", test_palette_distinct);
  g_test_add_func ("/ui/plot/overlapping-traces", test_overlapping_traces);
  g_test_add_func ("/ui/plot/groups-and-fills", test_groups_and_fills);
  g_test_add_func ("/ui/plot/dark-background", test_dark_background);
  g_test_add_func ("/ui/plot/export/png-svg", test_png_svg_export);
  g_test_add_func ("/ui/plot/export/errors", test_export_errors);
  g_test_add_func ("/ui/plot/markers", test_markers_drawn);
  g_test_add_func ("/ui/plot/cursor", test_cursor_drawn);
  g_test_add_func ("/ui/plot/gaps-and-growth", test_gaps_and_growth);
  g_test_add_func ("/ui/plot/empty-and-scaled", test_empty_and_scaled);
  g_test_add_func ("/ui/plot/short-subplots", test_short_subplots);
  g_test_add_func ("/ui/plot/legend-beside", test_legend_beside);
  g_test_add_func ("/ui/plot/marker-label-beside-legend", test_marker_label_beside_legend);

  return g_test_run ();
}
