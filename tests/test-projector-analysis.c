/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-projector-analysis.c — the Analysis page on a classroom screen.
 *
 * Owns: tests, in the real window at 1024×768 in English and Russian,
 * normal and in presentation mode, that the Bode plot of the RLC example
 * (magnitude, phase and the frequency axis) and a parameter sweep of R1
 * show whole without scrolling once the page is opened (its tab clicked),
 * every sub-plot with three value ticks a line of text apart, that
 * presentation mode enlarges them as it does the time plot, and that the
 * window still fits the screen; screenshots of both pages with
 * BGMOD_TEST_SCREENSHOT_DIR set (and at any size with BGMOD_SHOT).
 * Must not: check the numbers of the analysis (test-analysis-pane.c does).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-analysis-pane.h"
#include "bg-test-pointer.h"
#include "bg-test-ui.h"

#define WAIT_S 60

static BgApplication *app;
static char *tmp_dir;

static void
settle (void)
{
  bg_test_ui_wait_ms (300);
  bg_test_ui_pump ();
}

static gboolean
is_analysis_pane (GtkWidget     *widget,
                  gconstpointer  data)
{
  return BG_IS_ANALYSIS_PANE (widget);
}

static BgAnalysisPane *
window_analysis (BgWindow *window)
{
  GtkWidget *pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_analysis_pane, NULL);

  g_assert_nonnull (pane);
  return BG_ANALYSIS_PANE (pane);
}

/* The window's page tab of the plot slot named by its label, clicked as a
 * user does (else selected). */
static void
open_analysis (BgWindow   *window,
               const char *label)
{
  GtkWidget *switcher = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_css_class,
                                                "plot-page-switcher");
  GtkWidget *text = bg_test_ui_find_widget (switcher, bg_test_ui_has_label_text, label);
  GtkWidget *tab;

  /* where the tab is once styles (presentation mode) have settled */
  settle ();
  g_assert_nonnull (text);
  tab = gtk_widget_get_ancestor (text, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (tab);
  if (bg_test_pointer_available (NULL))
    bg_test_pointer_click (tab, gtk_widget_get_width (tab) / 2.0, gtk_widget_get_height (tab) / 2.0);
  else
    gtk_widget_activate (tab);
  settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window_analysis (window))));
}

/* Each sub-plot shows three value ticks a line of text apart. */
static void
assert_readable (BgPlotRenderer *renderer,
                 const char     *what)
{
  double line = bg_plot_renderer_get_line_height (renderer);
  guint n = bg_plot_renderer_get_n_subplots (renderer);

  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      double h = 0;
      guint ticks = bg_plot_renderer_get_n_value_ticks (renderer, i);

      g_assert_true (bg_plot_renderer_get_plot_area (renderer, i, NULL, NULL, NULL, &h));
      g_test_message ("%s: sub-plot %u %.0f px, %u ticks, line %.0f px", what, i, h, ticks, line);
      g_assert_cmpuint (ticks, >=, 3);
      g_assert_cmpfloat (h / (ticks - 1), >=, line);
    }
}

/* The page is whole in the slot: nothing to scroll to, and the plot's
 * widget (with its frequency or time axis at the bottom) inside the part
 * shown. */
static void
assert_unscrolled (BgWindow   *window,
                   GtkWidget  *area,
                   const char *what)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (window_analysis (window)),
                                                 GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  graphene_rect_t box;

  g_assert_true (gtk_widget_compute_bounds (area, scroller, &box));
  g_test_message ("%s: plot %.0f px from %.0f in a %d px page (content %.0f px)", what,
                  box.size.height, box.origin.y, gtk_widget_get_height (scroller),
                  gtk_adjustment_get_upper (v));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v));
  /* nor sideways: the page is as wide as the slot (in Russian its right
   * edge with the frequency axis's last label was cut) */
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h));
  g_assert_cmpfloat (box.origin.x + box.size.width, <=, gtk_widget_get_width (scroller));
  g_assert_cmpfloat (box.origin.y, >=, 0);
  g_assert_cmpfloat (box.origin.y + box.size.height, <=, gtk_widget_get_height (scroller));
}

static void
assert_fits (BgWindow *window)
{
  int min_width = 0, min_height = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width,
                      NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, 1024, &min_height,
                      NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 1024);
  g_assert_cmpint (min_height, <=, 768);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, 768);
}

/* The plot area of the renderer shown on the page. */
static GtkWidget *
area_of (BgWindow       *window,
         BgPlotRenderer *renderer)
{
  GtkWidget *pane = GTK_WIDGET (window_analysis (window));

  for (GtkWidget *w = pane; w != NULL;)
    {
      GtkWidget *next;

      if (g_strcmp0 (gtk_widget_get_css_name (w), "bgplotarea") == 0 &&
          gtk_widget_get_mapped (w))
        return w;
      /* depth first through the tree below the pane */
      next = gtk_widget_get_first_child (w);
      while (next == NULL && w != pane)
        {
          next = gtk_widget_get_next_sibling (w);
          if (next == NULL)
            w = gtk_widget_get_parent (w);
        }
      if (next == NULL)
        break;
      w = next;
    }
  g_assert_not_reached ();
}

static void
wait_sweep (BgAnalysisPane *pane)
{
  gint64 end = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;

  while (bg_analysis_pane_is_sweeping (pane) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  bg_test_ui_pump ();
  g_assert_false (bg_analysis_pane_is_sweeping (pane));
}

/* The Bode and sweep pages at 1024×768, normal then in presentation
 * mode: whole, readable, and enlarged by presentation mode. */
static void
check_pages (const char *lang,
             const char *analysis_label)
{
  BgWindow *window = bg_test_ui_open_example (app, "rlc-circuit.bgmod", 1024, 768);
  BgAnalysisPane *pane;
  BgPlotRenderer *bode, *sweep;
  const char *ids[] = { "R1", NULL };
  double normal_line, large_line;

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  open_analysis (window, analysis_label);
  pane = window_analysis (window);
  bode = bg_analysis_pane_get_bode_renderer (pane);
  sweep = bg_analysis_pane_get_sweep_renderer (pane);
  g_assert_true (bg_analysis_pane_select_bode (pane, "U", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.bode", NULL));
  settle ();
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (bode), ==, 2);
  assert_readable (bode, "Bode");
  assert_unscrolled (window, area_of (window, bode), "Bode");
  normal_line = bg_plot_renderer_get_line_height (bode);
  assert_fits (window);

  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  assert_readable (bode, "Bode, presentation");
  assert_unscrolled (window, area_of (window, bode), "Bode, presentation");
  large_line = bg_plot_renderer_get_line_height (bode);
  /* enlarged as the time plot is (its text is not in the window's font) */
  g_assert_cmpfloat (large_line, >=, 1.3 * normal_line);
  assert_fits (window);
  {
    g_autofree char *name = g_strdup_printf ("analysis-bode-1024x768-%s-presentation", lang);

    bg_test_ui_maybe_screenshot (name);
  }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();

  bg_analysis_pane_show_page (pane, "sweep");
  bg_analysis_pane_set_selection (pane, ids);
  g_assert_true (bg_analysis_pane_select_sweep (pane, "value", "1, 10, 100", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.sweep", NULL));
  wait_sweep (pane);
  settle ();
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (sweep), ==, 3);
  assert_readable (sweep, "sweep");
  assert_unscrolled (window, area_of (window, sweep), "sweep");
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  assert_readable (sweep, "sweep, presentation");
  assert_unscrolled (window, area_of (window, sweep), "sweep, presentation");
  assert_fits (window);
  {
    g_autofree char *name = g_strdup_printf ("analysis-sweep-1024x768-%s-presentation", lang);

    bg_test_ui_maybe_screenshot (name);
  }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

static void
test_pages (void)
{
  check_pages ("en", "Analysis");
}

/* BGMOD_SHOT="WxH" (BGMOD_SHOT_PRESENTATION=1 for presentation mode, and
 * the caller's LANGUAGE) with BGMOD_TEST_SCREENSHOT_DIR: the Bode and sweep
 * pages at that size, to look at. */
static void
test_screenshots (void)
{
  const char *shot = g_getenv ("BGMOD_SHOT");
  const char *lang = g_getenv ("LANGUAGE");
  gboolean presentation = g_getenv ("BGMOD_SHOT_PRESENTATION") != NULL;
  int width = 1280, height = 800;
  g_autofree char *bode = NULL;
  g_autofree char *sweep = NULL;
  const char *ids[] = { "R1", NULL };
  BgWindow *window;
  BgAnalysisPane *pane;

  if (shot == NULL || g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_SHOT and BGMOD_TEST_SCREENSHOT_DIR are not set");
      return;
    }
  g_assert_cmpint (sscanf (shot, "%dx%d", &width, &height), ==, 2);
  lang = lang != NULL && *lang != '\0' ? lang : "en";
  bode = g_strdup_printf ("analysis-bode-%dx%d-%s%s", width, height, lang,
                          presentation ? "-presentation" : "");
  sweep = g_strdup_printf ("analysis-sweep-%dx%d-%s%s", width, height, lang,
                           presentation ? "-presentation" : "");
  window = bg_test_ui_open_example (app, "rlc-circuit.bgmod", width, height);
  g_object_set (window, "presentation-mode", presentation, NULL);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  open_analysis (window, g_str_equal (lang, "ru") ? "Анализ" : "Analysis");
  pane = window_analysis (window);
  g_assert_true (bg_analysis_pane_select_bode (pane, "U", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.bode", NULL));
  settle ();
  bg_test_ui_maybe_screenshot (bode);
  bg_analysis_pane_show_page (pane, "sweep");
  bg_analysis_pane_set_selection (pane, ids);
  g_assert_true (bg_analysis_pane_select_sweep (pane, "value", "1, 10, 100", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.sweep", NULL));
  wait_sweep (pane);
  settle ();
  bg_test_ui_maybe_screenshot (sweep);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* last: gettext caches translations, so the language is not switched back */
static void
test_pages_russian (void)
{
  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  check_pages ("ru", "Анализ");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-projector-analysis-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/projector-analysis/pages", test_pages);
  g_test_add_func ("/ui/projector-analysis/screenshots", test_screenshots);
  g_test_add_func ("/ui/projector-analysis/pages-russian", test_pages_russian);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
