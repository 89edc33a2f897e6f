/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-presentation.c — the bench after a run, readable in the real window.
 *
 * Owns: tests, in the real window at projector sizes (1280×800 and
 * 1024×768, normal and presentation mode) after running the hydraulic
 * bench, that every stacked sub-plot shows its axis title and at least
 * three value ticks a line of text apart in the font it is drawn with, and
 * that the canvas's fitted zoom keeps its labels at a readable size (9 px,
 * more in presentation mode) and lets the rest of the graph scroll, with
 * the colour legend in a band the graph is not drawn under.
 * Must not: assert on pixels or on a theme's exact metrics; the sizes
 * asserted are the plot's own line height and the canvas's label size.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-graph-renderer.h"
#include "bg-plot-pane.h"
#include "bg-plot-view.h"
#include "bg-test-ui.h"

/* The smallest label text the fitted canvas shows, view px at label
 * scale 1. */
#define MIN_LABEL_PX 9.0

static BgApplication *app;
static char *tmp_dir;

/* Lets presentation mode's style and the new sizes settle. */
static void
settle (void)
{
  bg_test_ui_wait_ms (300);
  bg_test_ui_pump ();
}

/* Each sub-plot of the window's time plot, as last drawn: three or more
 * value ticks at least a line of text apart, and its value axis title
 * whole (the full one or the unit alone, never cut). Returns the plot's
 * line height. */
static double
assert_plot_readable (BgWindow   *window,
                      const char *what)
{
  BgPlotView *view = bg_plot_pane_get_view (bg_test_ui_plot_pane (window));
  BgPlotRenderer *renderer = bg_plot_view_get_renderer (view);
  guint n = bg_plot_renderer_get_n_subplots (renderer);
  double line_h = bg_plot_renderer_get_line_height (renderer);

  g_test_message ("%s: window %d×%d, plot view %d px tall, %u sub-plots, line %.0f px",
                  what, gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (view)), n, line_h);
  g_assert_cmpfloat (line_h, >, 0);
  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      gboolean shortened = FALSE;
      g_autofree char *title = bg_plot_renderer_dup_value_title (renderer, i, &shortened);
      guint ticks = bg_plot_renderer_get_n_value_ticks (renderer, i);
      double h = 0;

      g_assert_true (bg_plot_renderer_get_plot_area (renderer, i, NULL, NULL, NULL, &h));
      g_test_message ("  sub-plot %u: %.0f px, %u ticks, \"%s\"%s", i, h, ticks, title,
                      shortened ? " (unit only)" : "");
      g_assert_cmpuint (ticks, >=, 3);
      /* the tick labels, a line each, do not run into each other */
      g_assert_cmpfloat (h / (ticks - 1), >=, line_h);
      g_assert_nonnull (title);
      g_assert_null (strstr (title, "…"));
      g_assert_nonnull (strchr (title, '['));
      g_assert_true (g_str_has_suffix (title, "]"));
    }
  return line_h;
}

static void
check_plot (int width,
            int height)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", width, height);
  g_autofree char *normal = g_strdup_printf ("%d×%d", width, height);
  g_autofree char *large = g_strdup_printf ("%d×%d presentation", width, height);
  double normal_line, large_line;

  bg_test_ui_run_to_end (window);
  settle ();
  normal_line = assert_plot_readable (window, normal);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  large_line = assert_plot_readable (window, large);
  /* presentation mode does enlarge the plot's text */
  g_assert_cmpfloat (large_line, >=, normal_line * 1.3);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();
  bg_test_ui_destroy_window (window);
}

/* The case: sub-plots about 28 px tall in presentation mode at
 * 1280×800, too short for their titles and three ticks. */
static void
test_plot_1280 (void)
{
  check_plot (1280, 800);
}

static void
test_plot_1024 (void)
{
  check_plot (1024, 768);
}

/* The size of the canvas's label text in view px, and the label scale. */
static double
label_px (BgWindow *window,
          double   *label_scale)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  double scale = bg_graph_renderer_label_scale (renderer, bg_test_ui_window_model (window),
                                                bg_canvas_get_presentation_scale (canvas));

  bg_graph_renderer_free (renderer);
  if (label_scale != NULL)
    *label_scale = scale;
  return BG_GRAPH_LABEL_SIZE * scale * bg_canvas_get_zoom (canvas);
}

/* The colour legend is a band along the canvas's bottom edge (the bench
 * has an algebraic group: it says what amber means); returns its height. */
static double
legend_band (BgCanvas *canvas)
{
  graphene_rect_t area;

  g_assert_true (bg_canvas_get_legend_area (canvas, &area));
  g_test_message ("legend band %.0f px tall", area.size.height);
  g_assert_cmpfloat (area.origin.x, ==, 0);
  g_assert_cmpfloat (area.size.width, ==, gtk_widget_get_width (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (area.origin.y + area.size.height, ==,
                     gtk_widget_get_height (GTK_WIDGET (canvas)));
  g_assert_cmpfloat (area.size.height, <, gtk_widget_get_height (GTK_WIDGET (canvas)) / 4.0);
  return area.size.height;
}

/* The graph's middle is in the middle of the canvas above the legend, and
 * the wheel scrolls. */
static void
assert_scrolls (BgWindow *window)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  GtkEventController *scroll = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));
  int w = gtk_widget_get_width (GTK_WIDGET (canvas));
  double h = gtk_widget_get_height (GTK_WIDGET (canvas)) - legend_band (canvas);
  double cx, cy, vx, vy, after;
  gboolean handled = FALSE;
  BgRect b;

  g_assert_true (bg_graph_renderer_get_bounds (renderer, bg_test_ui_window_model (window),
                                               bg_canvas_get_presentation_scale (canvas), &b));
  bg_graph_renderer_free (renderer);
  cx = b.x + b.width / 2;
  cy = b.y + b.height / 2;
  bg_canvas_model_to_view (canvas, cx, cy, &vx, &vy);
  g_test_message ("graph %.0f×%.0f px in a %d×%.0f canvas", b.width * bg_canvas_get_zoom (canvas),
                  b.height * bg_canvas_get_zoom (canvas), w, h);
  g_assert_cmpfloat (fabs (vx - w / 2.0), <, 1);
  g_assert_cmpfloat (fabs (vy - h / 2.0), <, 1);

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && scroll == NULL; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c))
        scroll = c;
    }
  g_assert_nonnull (scroll);
  /* the wheel pans: down moves the graph up */
  g_signal_emit_by_name (scroll, "scroll", 0.0, 3.0, &handled);
  bg_canvas_model_to_view (canvas, cx, cy, NULL, &after);
  g_assert_true (handled);
  g_assert_cmpfloat (after, <, vy);
}

/* Every element's box lies within the canvas above its legend band. */
static void
assert_whole_graph (BgWindow *window)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  int w = gtk_widget_get_width (GTK_WIDGET (canvas));
  double h = gtk_widget_get_height (GTK_WIDGET (canvas)) - legend_band (canvas);
  double x0, y0, x1, y1;
  BgRect b;

  g_assert_true (bg_graph_renderer_get_bounds (renderer, bg_test_ui_window_model (window),
                                               bg_canvas_get_presentation_scale (canvas), &b));
  bg_graph_renderer_free (renderer);
  bg_canvas_model_to_view (canvas, b.x, b.y, &x0, &y0);
  bg_canvas_model_to_view (canvas, b.x + b.width, b.y + b.height, &x1, &y1);
  g_test_message ("whole graph at %.0f %%: (%.0f, %.0f)–(%.0f, %.0f) in %d×%.0f",
                  100 * bg_canvas_get_zoom (canvas), x0, y0, x1, y1, w, h);
  g_assert_cmpfloat (x0, >=, 0);
  g_assert_cmpfloat (y0, >=, 0);
  g_assert_cmpfloat (x1, <=, w);
  g_assert_cmpfloat (y1, <=, h);
}

static void
check_canvas (int width,
              int height)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", width, height);
  double normal, large, label_scale = 1;

  settle ();
  normal = label_px (window, NULL);
  g_test_message ("%d×%d: labels %.1f px at %.0f %%", width, height, normal,
                  100 * bg_canvas_get_zoom (bg_window_get_canvas (window)));
  g_assert_cmpfloat (normal, >=, MIN_LABEL_PX - 1e-9);

  /* presentation mode fits again, with larger labels */
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  large = label_px (window, &label_scale);
  g_test_message ("%d×%d presentation: labels %.1f px (label scale %.2f) at %.0f %%",
                  width, height, large, label_scale,
                  100 * bg_canvas_get_zoom (bg_window_get_canvas (window)));
  g_assert_cmpfloat (label_scale, >, 1.0);
  g_assert_cmpfloat (large, >=, MIN_LABEL_PX * label_scale - 1e-9);
  g_assert_cmpfloat (large, >, normal);
  assert_scrolls (window);

  /* asked for with Ctrl+1, the whole graph is shown, labels or not */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  settle ();
  assert_whole_graph (window);

  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();
  assert_whole_graph (window);
  bg_test_ui_destroy_window (window);
}

/* At the default fit the bench's labels were 6–7 px on a 1024×768 screen. */
static void
test_canvas_1024 (void)
{
  check_canvas (1024, 768);
}

static void
test_canvas_1280 (void)
{
  check_canvas (1280, 800);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-presentation-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/presentation/plot-1280", test_plot_1280);
  g_test_add_func ("/ui/presentation/plot-1024", test_plot_1024);
  g_test_add_func ("/ui/presentation/canvas-1024", test_canvas_1024);
  g_test_add_func ("/ui/presentation/canvas-1280", test_canvas_1280);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
