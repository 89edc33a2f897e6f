/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-renderer-view.c — what the plot renderer tells its view.
 *
 * Owns: tests of hit-testing (pixel to sub-plot, time and value and back),
 * the values of every trace at a time, and the view window (auto-fit,
 * time and value ranges, reset). Renders to image surfaces only; must not
 * need GTK or a display; what is drawn is test-plot-renderer.c's.
 */
#include "config.h"

#include <math.h>

#include <cairo.h>
#include <glib.h>

#include "bg-plot-renderer.h"
#include "bg-test-plot.h"

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

  s = bg_test_render_image (plot, 700, 500);
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
  s = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (t1, ==, 1.5);
  g_assert_cmpfloat (y0, ==, 0.0);
  g_assert_cmpfloat (y1, >=, 207.0);
  g_assert_cmpfloat (y1, <=, 207.0 * 1.25);
  cairo_surface_destroy (s);

  /* A time window: values fitted to the samples inside it only. */
  bg_plot_renderer_set_time_range (plot, 0.6, 0.7);
  s = bg_test_render_image (plot, 600, 400);
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
  s = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, NULL, NULL, &y0, &y1));
  g_assert_cmpfloat (y0, ==, -1.0);
  g_assert_cmpfloat (y1, ==, 1.0);
  cairo_surface_destroy (s);

  bg_plot_renderer_reset_view (plot);
  s = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (y1, >=, 207.0);
  cairo_surface_destroy (s);

  /* An empty or reversed window means auto-fit. */
  bg_plot_renderer_set_time_range (plot, 1.0, 1.0);
  s = bg_test_render_image (plot, 600, 400);
  g_assert_true (bg_plot_renderer_get_view (plot, 0, &t0, &t1, NULL, NULL));
  g_assert_cmpfloat (t0, ==, 0.5);
  g_assert_cmpfloat (t1, ==, 1.5);
  cairo_surface_destroy (s);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/plot/hit-testing", test_hit_testing);
  g_test_add_func ("/ui/plot/values-at", test_values_at);
  g_test_add_func ("/ui/plot/view-window", test_view_window);

  return g_test_run ();
}
