/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-ghosts.c — the plot renderer's faint traces of earlier runs.
 *
 * Owns: tests that a ghost (a column of an earlier run's result under a
 * trace) is drawn faintly in its trace's colour and sub-plot, that
 * auto-fit spans it, that each group of ghosts adds one legend entry per
 * sub-plot it is drawn in, that an emphasized group is drawn as strongly
 * as a trace, and that clearing the traces clears the ghosts. Renders to
 * image surfaces only; must not need GTK or a display.
 */
#include "config.h"

#include <math.h>

#include "bg-plot-renderer.h"
#include "bg-result.h"
#include "bg-test-plot.h"

#define N 101

/* A result of t in [0, t_end] and y = slope · t. */
static BgResult *
line_result (double t_end,
             double slope)
{
  const char *names[] = { "t", "M.v" };
  const char *units[] = { "s", "m/s" };
  BgResult *result = bg_result_new (2, names, units, NULL);

  for (guint i = 0; i < N; i++)
    {
      double row[2] = { t_end * i / (N - 1), slope * t_end * i / (N - 1) };

      bg_result_append_row (result, row);
    }
  return result;
}

static void
test_ghost_fit_and_legend (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autoptr(BgResult) now = line_result (1.0, 1.0);
  g_autoptr(BgResult) before = line_result (2.0, 2.0);
  cairo_surface_t *image;
  double t0, t1, y0, y1;
  int height_one, height_two;

  bg_plot_renderer_add_result_trace (plot, NULL, NULL, now, 1);
  height_one = bg_plot_renderer_get_min_height (plot, 600);
  g_assert_cmpuint (bg_plot_renderer_add_ghost (plot, 0, 0, before, 1), ==, 0);
  bg_plot_renderer_set_ghost_group (plot, 0, "B = 2 N·s/m", 0.4, FALSE);
  g_assert_cmpuint (bg_plot_renderer_get_n_ghosts (plot), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (plot), ==, 1);
  g_assert_cmpstr (bg_plot_renderer_get_ghost_label (plot, 0), ==, "B = 2 N·s/m");
  g_assert_null (bg_plot_renderer_get_ghost_label (plot, 1));

  /* auto-fit spans the earlier run: t to 2 s, values to 4 m/s */
  image = bg_test_render_image (plot, 600, 300);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t1, >=, 2.0);
  g_assert_cmpfloat (y1, >=, 4.0);
  cairo_surface_destroy (image);

  /* a second group adds a legend entry: a plot too narrow for them beside
   * it grows a row */
  bg_plot_renderer_add_ghost (plot, 0, 1, before, 1);
  bg_plot_renderer_set_ghost_group (plot, 1, "B = 4 N·s/m, K = 10 mm/N", 0.3, FALSE);
  height_two = bg_plot_renderer_get_min_height (plot, 220);
  g_assert_cmpint (height_two, >, bg_plot_renderer_get_min_height (plot, 2000));
  g_assert_cmpint (height_one, <=, height_two);

  bg_plot_renderer_clear_traces (plot);
  g_assert_cmpuint (bg_plot_renderer_get_n_ghosts (plot), ==, 0);
  g_assert_null (bg_plot_renderer_get_ghost_label (plot, 0));
}

/* The pixel where the earlier run's line crosses the middle of the plot
 * area, at t = 1.5 s (where the run in colour has no samples). */
static BgTestRgb
ghost_pixel (BgPlotRenderer *plot,
             cairo_surface_t *image)
{
  double x = bg_plot_renderer_time_to_x (plot, 1.5);
  double y = bg_plot_renderer_value_to_y (plot, 0, 3.0);

  return bg_test_pixel_at (image, (int) round (x), (int) round (y));
}

static void
test_ghost_faint_and_emphasized (void)
{
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  g_autoptr(BgResult) now = line_result (1.0, 1.0);
  g_autoptr(BgResult) before = line_result (2.0, 2.0);
  BgPlotColor color;
  cairo_surface_t *image;
  BgTestRgb faint, strong;

  bg_plot_renderer_add_result_trace (plot, NULL, NULL, now, 1);
  bg_plot_renderer_add_ghost (plot, 0, 0, before, 1);
  bg_plot_renderer_set_ghost_group (plot, 0, "earlier", 0.35, FALSE);
  bg_plot_renderer_get_trace_color (plot, 0, &color);

  image = bg_test_render_image (plot, 600, 300);
  faint = ghost_pixel (plot, image);
  cairo_surface_destroy (image);
  /* drawn, lighter than its trace's colour on white */
  g_assert_cmpfloat (bg_test_luminance (faint), <, 0.99);
  g_assert_cmpfloat (bg_test_luminance (faint), >,
                     bg_test_luminance ((BgTestRgb) { color.red, color.green, color.blue }) + 0.1);

  bg_plot_renderer_set_ghost_group (plot, 0, "earlier", 0.35, TRUE);
  image = bg_test_render_image (plot, 600, 300);
  strong = ghost_pixel (plot, image);
  cairo_surface_destroy (image);
  g_assert_cmpfloat (bg_test_luminance (strong), <, bg_test_luminance (faint));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/plot/ghosts/fit-and-legend", test_ghost_fit_and_legend);
  g_test_add_func ("/plot/ghosts/faint-and-emphasized", test_ghost_faint_and_emphasized);

  return g_test_run ();
}
