/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-power-flow-ru.c — the power-flow view in Russian, on a projector.
 *
 * Owns: tests, in the real window at 1024×768 under LANGUAGE=ru, that the
 * power-flow view's bar, legend, read-outs and Plot menu speak Russian
 * (with the Russian unit symbols), that presentation mode enlarges the
 * legend and the bar, and that the canvas, the bar and the plot still fit
 * the window there; the screenshots of it (BGMOD_TEST_SCREENSHOT_DIR).
 * Must not: assert on pixels or a theme's exact metrics.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-canvas.h"
#include "bg-plot-pane.h"
#include "bg-power-bar.h"
#include "bg-test-pointer.h"
#include "bg-test-ui.h"
#include "bg-test-xdo.h"

static BgApplication *app;
static char *tmp_dir;

static void
settle (void)
{
  bg_test_ui_wait_ms (300);
  bg_test_ui_pump ();
}

static gboolean
is_power_bar (GtkWidget     *widget,
              gconstpointer  data)
{
  return BG_IS_POWER_BAR (widget);
}

static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

/* The legend's band height now. */
static double
legend_height (BgCanvas *canvas)
{
  graphene_rect_t area;

  g_assert_true (bg_canvas_get_legend_area (canvas, &area));
  return area.size.height;
}

static void
test_russian_presentation (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rlc-circuit.bgmod", 1024, 768);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgPowerBar *bar;
  g_auto(GStrv) legend = NULL;
  g_auto(GStrv) choices = NULL;
  g_autofree char *tooltip = NULL;
  BgBond *bond;
  double t0, t1, normal_band, large_band, x0, y0, x1, y1;
  int normal_bar, large_bar;

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_run_to_end (window);
  settle ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "power-flow", NULL);
  settle ();
  bar = BG_POWER_BAR (bg_test_ui_find_widget (GTK_WIDGET (window), is_power_bar, NULL));
  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (bar)));
  g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
  /* the current's first peak: the power is on its way everywhere */
  bg_canvas_set_time (canvas, 0.063);
  settle ();

  legend = bg_canvas_dup_legend (canvas);
  g_assert_nonnull (legend);
  for (guint i = 0; legend[i] != NULL; i++)
    g_test_message ("legend: %s", legend[i]);
  g_assert_true (has_cyrillic (legend[0]));
  /* the scale's powers in Russian symbols: "Вт", not "W" */
  g_assert_nonnull (strstr (legend[0], "Вт"));
  g_assert_true (has_cyrillic (legend[1]));
  g_test_message ("bar: %s", bg_power_bar_get_time_text (bar));
  g_assert_nonnull (strstr (bg_power_bar_get_time_text (bar), "мс"));
  g_assert_nonnull (strstr (bg_power_bar_get_time_text (bar), " из "));

  bond = bg_model_find_bond (bg_canvas_get_model (canvas), "b2");
  bg_canvas_model_to_view (canvas, bond->from->x, bond->from->y, &x0, &y0);
  bg_canvas_model_to_view (canvas, bond->to->x, bond->to->y, &x1, &y1);
  tooltip = bg_canvas_dup_tooltip_at (canvas, (x0 + x1) / 2, (y0 + y1) / 2);
  g_test_message ("over b2: %s", tooltip);
  g_assert_true (g_str_has_prefix (tooltip, "Связь b2, при t = "));
  g_assert_nonnull (strstr (tooltip, "Вт"));
  choices = bg_canvas_dup_plot_choices (canvas, "C1");
  g_assert_true (g_strv_contains ((const char *const *) choices, "C1.E"));

  normal_band = legend_height (canvas);
  normal_bar = gtk_widget_get_height (GTK_WIDGET (bar));
  bg_test_xdo_screenshot (GTK_WIDGET (window), "power-flow-ru-1024x768");
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  large_band = legend_height (canvas);
  large_bar = gtk_widget_get_height (GTK_WIDGET (bar));
  g_test_message ("legend band %.0f → %.0f px, bar %d → %d px in presentation mode",
                  normal_band, large_band, normal_bar, large_bar);
  g_assert_cmpfloat (large_band, >, normal_band * 1.15);
  g_assert_cmpint (large_bar, >=, normal_bar);
  /* the window still holds the canvas, the bar and the plot */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1024);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (canvas)), >, 100);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (bg_test_ui_plot_pane (window))));
  bg_test_xdo_screenshot (GTK_WIDGET (window), "power-flow-ru-1024x768-presentation");
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  g_setenv ("LANGUAGE", "ru", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-power-ru-XXXXXX");
  app = bg_test_ui_app_new ();

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_printerr ("BGMOD_LOCALEDIR (the built catalogues) is not set\n");
      return 77;
    }
  g_test_add_func ("/ui/power-flow/russian-presentation", test_russian_presentation);

  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
