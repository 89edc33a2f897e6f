/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-pane.c — the window's analysis view: a Bode plot and a
 * parameter sweep of the RLC example, driven through the real widgets.
 *
 * Owns: checks that the view offers the model's sources and variables, that
 * the Bode plot shows magnitude and phase with a read-out at f0 (0 dB and
 * −90° for Q = 1, within 0.05 dB and 0.5°: 200 grid points), that a sweep
 * of R1 overlays one trace per value with its legend as runs end, that it
 * can be stopped, that both export as PNG and SVG, and that the model is
 * left as it was; screenshots of both pages with BGMOD_TEST_SCREENSHOT_DIR
 * set. Must not: depend on timing beyond generous waits.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "bg-analysis-pane.h"
#include "bg-file.h"
#include "bg-plot-defaults.h"
#include "bg-test-ui.h"

#define WAIT_S 60

static BgApplication *app;
static char *tmp_dir;

static BgWindow *
open_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgDocument) document = bg_document_new_for_file (file, &error);
  BgWindow *window;

  g_assert_no_error (error);
  window = bg_window_new (GTK_APPLICATION (app), document);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  return bg_test_ui_present (window);
}

static gboolean
is_analysis_pane (GtkWidget *widget, gconstpointer data)
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

/* The "Analysis" page of the plot slot, through its switcher button. */
static void
show_analysis (BgWindow *window)
{
  GtkWidget *pane = GTK_WIDGET (window_analysis (window));
  GtkWidget *stack = gtk_widget_get_ancestor (pane, GTK_TYPE_STACK);

  gtk_stack_set_visible_child_name (GTK_STACK (stack), "analysis");
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_get_mapped (pane));
}

static void
assert_exports (BgAnalysisPane *pane, const char *stem)
{
  g_autofree char *png = g_strdup_printf ("%s/%s.png", tmp_dir, stem);
  g_autofree char *svg = g_strdup_printf ("%s/%s.svg", tmp_dir, stem);
  g_autofree char *data = NULL;
  gsize length = 0;
  GError *error = NULL;

  g_assert_true (bg_analysis_pane_export (pane, png, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png, &data, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);
  g_clear_pointer (&data, g_free);
  g_assert_true (bg_analysis_pane_export (pane, svg, &error));
  g_assert_true (g_file_get_contents (svg, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  g_unlink (png);
  g_unlink (svg);
}

static void
test_bode (void)
{
  BgWindow *window = open_example ("rlc-circuit.bgmod");
  BgAnalysisPane *pane = window_analysis (window);
  BgPlotRenderer *renderer = bg_analysis_pane_get_bode_renderer (pane);
  g_autofree char *readout = NULL;
  double values[2];

  show_analysis (window);
  g_assert_false (bg_analysis_pane_select_bode (pane, "R1", "C1.e"));  /* not a source */
  g_assert_true (bg_analysis_pane_select_bode (pane, "U", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.bode", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (renderer), ==, 2);
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (renderer), ==, 2);

  /* f0 = 100/2π Hz: |G| = Q = 1 (0 dB) and −90°. */
  bg_plot_renderer_values_at (renderer, log10 (100 / (2 * G_PI)), values, 2);
  g_assert_cmpfloat_with_epsilon (values[0], 0, 0.05);
  g_assert_cmpfloat_with_epsilon (values[1], -90, 0.5);
  readout = bg_analysis_pane_dup_bode_readout (pane, log10 (100 / (2 * G_PI)));
  g_assert_true (g_str_has_prefix (readout, "f = 15.9 Hz · |G| = "));
  assert_exports (pane, "bode");
  bg_test_ui_maybe_screenshot ("analysis-bode");
  bg_test_ui_destroy_window (window);
}

static gboolean
sweep_ended (gpointer data)
{
  return !bg_analysis_pane_is_sweeping (BG_ANALYSIS_PANE (data));
}

static void
wait_sweep (BgAnalysisPane *pane)
{
  gint64 end = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;

  while (!sweep_ended (pane) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  bg_test_ui_pump ();
  g_assert_true (sweep_ended (pane));
}

static void
test_sweep (void)
{
  BgWindow *window = open_example ("rlc-circuit.bgmod");
  BgAnalysisPane *pane = window_analysis (window);
  BgPlotRenderer *renderer = bg_analysis_pane_get_sweep_renderer (pane);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *before = bg_file_to_data (model, NULL), *after = NULL;
  const char *ids[] = { "R1", NULL };

  show_analysis (window);
  bg_analysis_pane_show_page (pane, "sweep");
  bg_analysis_pane_set_selection (pane, ids);
  /* before anyone chooses: the time plot's first variable (the usual ones
   * here), not the source's voltage b1.e, which no sweep changes */
  {
    g_auto(GStrv) usual = bg_plot_defaults_dup (model);

    g_assert_nonnull (usual[0]);
    g_assert_cmpstr (bg_analysis_pane_get_sweep_variable (pane), ==, usual[0]);
    g_assert_cmpstr (bg_analysis_pane_get_bode_output (pane), ==, usual[0]);
  }
  g_assert_true (bg_analysis_pane_select_sweep (pane, "value", "1, 10, 100", "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.sweep", NULL));
  wait_sweep (pane);
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (renderer), ==, 3);
  g_assert_cmpstr (bg_analysis_pane_get_status (pane), ==, "3 of 3 runs of C1.e");
  /* the legend in the order of the values, whatever order the runs ended in */
  g_assert_cmpstr (bg_plot_renderer_get_trace_name (renderer, 0), ==, "R1 = 1 Ω");
  g_assert_cmpstr (bg_plot_renderer_get_trace_name (renderer, 1), ==, "R1 = 10 Ω");
  g_assert_cmpstr (bg_plot_renderer_get_trace_name (renderer, 2), ==, "R1 = 100 Ω");
  assert_exports (pane, "sweep");
  bg_test_ui_maybe_screenshot ("analysis-sweep");

  /* The model is untouched: no edit, nothing to undo. */
  after = bg_file_to_data (model, NULL);
  g_assert_cmpstr (before, ==, after);
  g_assert_false (bg_model_can_undo (model));

  /* A bad value is refused with the parameter's message. */
  g_assert_true (bg_analysis_pane_select_sweep (pane, "value", "10, -1", "C1.e"));
  gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.sweep", NULL);
  g_assert_true (g_str_has_prefix (bg_analysis_pane_get_status (pane), "R1.value: "));
  g_assert_false (bg_analysis_pane_is_sweeping (pane));
  bg_test_ui_destroy_window (window);
}

/* Stopping a long sweep: it ends, with fewer traces than values. */
static void
test_sweep_cancel (void)
{
  BgWindow *window = open_example ("rlc-circuit.bgmod");
  BgAnalysisPane *pane = window_analysis (window);
  BgPlotRenderer *renderer = bg_analysis_pane_get_sweep_renderer (pane);
  g_autoptr (GString) many = g_string_new ("1");
  const char *ids[] = { "R1", NULL };

  for (guint i = 2; i <= 400; i++)
    g_string_append_printf (many, ", %u", i);
  show_analysis (window);
  bg_analysis_pane_show_page (pane, "sweep");
  bg_analysis_pane_set_selection (pane, ids);
  g_assert_true (bg_analysis_pane_select_sweep (pane, "value", many->str, "C1.e"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.sweep", NULL));
  g_assert_true (bg_analysis_pane_is_sweeping (pane));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "analysis.cancel", NULL));
  wait_sweep (pane);
  g_assert_cmpuint (bg_plot_renderer_get_n_traces (renderer), <, 400);
  g_assert_true (g_str_has_prefix (bg_analysis_pane_get_status (pane), "Stopped after "));
  bg_test_ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-analysis-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/analysis/bode", test_bode);
  g_test_add_func ("/ui/analysis/sweep", test_sweep);
  g_test_add_func ("/ui/analysis/sweep-cancel", test_sweep_cancel);
  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
