/* test-presentation.c — the bench after a run, readable in the real window.
 *
 * Owns: tests, in the real window at projector sizes (1280×800 and
 * 1024×768, normal and presentation mode) after running the hydraulic
 * bench, that every stacked sub-plot shows its axis title and at least
 * three value ticks a line of text apart in the font it is drawn with, and
 * that the canvas's fitted zoom keeps its labels at a readable size.
 * Must not: assert on pixels or on a theme's exact metrics; the sizes
 * asserted are the plot's own line height and the canvas's label size.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-plot-pane.h"
#include "bg-plot-view.h"
#include "bg-test-ui.h"

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

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
