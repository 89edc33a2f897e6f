/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-pane.c — the plot pane in a real window: background runs,
 * live plots, stop, stale results, exports and the chosen variables.
 *
 * Owns: tests of BgPlotPane, BgPlotView, BgVariablePicker and
 * BgSimulationRun through BgWindow's actions, under Xvfb with a private
 * session bus (see tests/meson.build). Must not: assert on wall-clock
 * speed beyond generous bounds that only a hung worker would miss.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"
#include "bg-file.h"
#include "bg-plot-pane.h"
#include "bg-test-ui.h"

#define RUN_TIMEOUT_S 60

static BgApplication *app;
static char *tmp_dir;

static char *
example_path (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

static BgWindow *
open_window (const char *example)
{
  return bg_test_ui_open_example (app, example, 1280, 860);
}

static gboolean
is_plot_pane (GtkWidget     *widget,
              gconstpointer  data)
{
  return BG_IS_PLOT_PANE (widget);
}

/* A check box of the picker whose label starts with the variable's name. */
static gboolean
is_check_for (GtkWidget     *widget,
              gconstpointer  name)
{
  GtkWidget *label;
  g_autofree char *prefix = NULL;

  if (!GTK_IS_CHECK_BUTTON (widget))
    return FALSE;
  label = gtk_check_button_get_child (GTK_CHECK_BUTTON (widget));
  prefix = g_strconcat (name, " ", NULL);
  return GTK_IS_LABEL (label) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), prefix);
}

static BgPlotPane *
window_pane (BgWindow *window)
{
  GtkWidget *pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_plot_pane, NULL);

  g_assert_nonnull (pane);
  return BG_PLOT_PANE (pane);
}

/* Lets the frame clock draw what was queued. */
static void
wait_frames (void)
{
  bg_test_ui_wait_ms (150);
}

/* Iterates the main loop until the pane's run ends; returns the number of
 * iterations (the UI kept running while the worker computed). */
static guint
iterate_until_done (BgPlotPane *pane)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (RUN_TIMEOUT_S, bg_test_ui_flag_cb, &timed_out);
  guint n = 0;

  while (bg_plot_pane_is_running (pane) && !timed_out)
    {
      g_main_context_iteration (NULL, TRUE);
      n++;
    }
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
  return n;
}

static void
start_run (BgWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_true (bg_plot_pane_is_running (window_pane (window)));
}

/* A long hydraulic-bench run: a fine output step makes many rows (680 000,
 * about a second of work). */
static BgWindow *
open_long_bench (void)
{
  BgWindow *window = open_window ("hydraulic-bench.bgmod");
  BgModel *model = bg_test_ui_window_model (window);
  BgSimSettings settings = *bg_model_get_simulation (model);
  g_autoptr(GError) error = NULL;

  settings.output_step = 1e-5;
  g_assert_true (bg_model_set_simulation (model, &settings, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  return window;
}

/* The screenshot once the frame clock has painted the last changes. */
static void
maybe_screenshot (BgWindow   *window,
                  const char *name)
{
  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    return;
  wait_frames ();
  wait_frames ();
  bg_test_ui_maybe_screenshot (name);
}

/* Tests ------------------------------------------------------------------- */

static void
test_rc_run (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgSimulationRun *run;
  BgResult *result;
  int v_c;
  gsize n_rows;
  guint iterations, checked = 0;
  g_auto(GStrv) vars = bg_plot_pane_dup_vars (pane);
  g_auto(GStrv) run_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.run");
  g_auto(GStrv) stop_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.stop");

  /* F5 runs; Escape and Shift+F5 stop */
  g_assert_true (g_strv_contains ((const char *const *) run_accels, "F5"));
  g_assert_true (g_strv_contains ((const char *const *) stop_accels, "Escape"));
  g_assert_true (g_strv_contains ((const char *const *) stop_accels, "<Shift>F5"));

  /* the default choice: the capacitor's voltage */
  g_assert_true (g_strv_contains ((const char *const *) vars, "C1.e"));
  g_assert_false (bg_plot_pane_is_running (pane));
  g_assert_cmpstr (bg_plot_pane_get_status_text (pane), ==, "");

  start_run (window);
  /* Run turned into Stop in the header bar */
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window), "win.stop"));
  iterations = iterate_until_done (pane);
  g_test_message ("%u main-loop iterations during a run of %.3f s", iterations,
                  bg_simulation_run_get_elapsed (bg_plot_pane_get_run (pane)));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window), "win.run"));

  run = bg_plot_pane_get_run (pane);
  g_assert_nonnull (run);
  g_assert_cmpint (bg_simulation_run_get_report (run)->status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_true (g_str_has_prefix (bg_plot_pane_get_status_text (pane), "Finished at t = 5 s"));
  g_assert_cmpfloat (bg_simulation_run_get_fraction (run), ==, 1.0);

  /* v_C = 10 (1 − e^(−t/RC)), RC = 1 s */
  result = bg_simulation_run_get_result (run);
  v_c = bg_result_lookup (result, "C1.e");
  g_assert_cmpint (v_c, >, 0);
  n_rows = bg_result_get_n_rows (result);
  g_assert_cmpuint (n_rows, ==, 1001);
  for (gsize r = 0; r < n_rows; r++)
    {
      double t = bg_result_get_value (result, 0, r);
      double expected = 10 * (1 - exp (-t));

      if (fabs (t - 0.5) < 1e-9 || fabs (t - 1) < 1e-9 || fabs (t - 2) < 1e-9 ||
          fabs (t - 5) < 1e-9)
        {
          g_assert_cmpfloat_with_epsilon (bg_result_get_value (result, v_c, r), expected,
                                          1e-4 * expected);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 4);

  /* the plot holds every row of the chosen variable */
  g_assert_cmpuint (bg_plot_view_get_n_rows (bg_plot_pane_get_view (pane)), ==, n_rows);
  g_assert_cmpuint (bg_plot_view_get_n_traces (bg_plot_pane_get_view (pane)), ==,
                    g_strv_length (vars));

  bg_test_ui_destroy_window (window);
}

/* While a longer run computes, the main loop keeps turning, the canvas
 * zooms, and the plot shows partial results. */
static void
test_responsive (void)
{
  BgWindow *window = open_long_bench ();
  BgPlotPane *pane = window_pane (window);
  BgPlotView *view = bg_plot_pane_get_view (pane);
  BgCanvas *canvas = bg_window_get_canvas (window);
  gboolean timed_out = FALSE;
  guint timeout, iterations = 0, partial_draws = 0;
  gsize last_rows = 0, first_partial_rows = 0, final_rows;
  double zoom = bg_canvas_get_zoom (canvas);

  start_run (window);
  timeout = g_timeout_add_seconds (RUN_TIMEOUT_S, bg_test_ui_flag_cb, &timed_out);
  while (bg_plot_pane_is_running (pane) && !timed_out)
    {
      g_main_context_iteration (NULL, TRUE);
      iterations++;
      if (iterations == 3)
        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
      if (bg_plot_pane_is_running (pane) && bg_plot_view_get_n_rows (view) != last_rows)
        {
          last_rows = bg_plot_view_get_n_rows (view);
          if (first_partial_rows == 0)
            first_partial_rows = last_rows;
          partial_draws++;
        }
    }
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();

  final_rows = bg_result_get_n_rows (bg_simulation_run_get_result (bg_plot_pane_get_run (pane)));
  g_test_message ("%u iterations, %u partial plot updates during a run of %.3f s",
                  iterations, partial_draws,
                  bg_simulation_run_get_elapsed (bg_plot_pane_get_run (pane)));
  g_assert_cmpuint (iterations, >, 5);
  g_assert_cmpuint (partial_draws, >=, 1);
  /* The last update may already hold every row before the run reports
   * its end; the first one must have been partial. */
  g_assert_cmpuint (first_partial_rows, >, 0);
  g_assert_cmpuint (first_partial_rows, <, final_rows);
  g_assert_cmpuint (bg_plot_view_get_n_rows (view), ==, final_rows);
  g_assert_cmpfloat (bg_canvas_get_zoom (canvas), >, zoom);

  bg_test_ui_destroy_window (window);
}

/* Zooming keeps a window; plot.reset-view returns to the whole run. */
static void
test_reset_view (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgPlotRenderer *renderer = bg_plot_view_get_renderer (bg_plot_pane_get_view (pane));
  double t0, t1, y0, y1;

  start_run (window);
  iterate_until_done (pane);
  bg_plot_renderer_set_time_range (renderer, 1.0, 2.0);
  gtk_widget_queue_draw (GTK_WIDGET (bg_plot_pane_get_view (pane)));
  wait_frames ();
  g_assert_true (bg_plot_renderer_get_view (renderer, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 1.0);
  g_assert_cmpfloat (t1, ==, 2.0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "plot.reset-view", NULL));
  wait_frames ();
  g_assert_true (bg_plot_renderer_get_view (renderer, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 0.0);
  g_assert_cmpfloat (t1, >=, 5.0);

  bg_test_ui_destroy_window (window);
}

/* The pane speaks Russian with LANGUAGE=ru (the classroom's language). */
static void
test_russian (void)
{
  BgWindow *window;
  BgPlotPane *pane;
  GtkWidget *run_button;

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  window = open_window ("rc-circuit.bgmod");
  pane = window_pane (window);
  start_run (window);
  iterate_until_done (pane);
  g_assert_true (g_str_has_prefix (bg_plot_pane_get_status_text (pane), "Завершено при t = "));
  run_button = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.run");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (run_button), ==, "Запустить моделирование (F5)");
  bg_test_ui_destroy_window (window);
}

static void
test_readout (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  const char *names[] = { "C1.e", NULL };
  g_autofree char *text = NULL;

  bg_plot_pane_set_vars (pane, names);
  start_run (window);
  iterate_until_done (pane);

  /* at t = RC the capacitor is at 63.2 % of 10 V */
  text = bg_plot_view_dup_readout (bg_plot_pane_get_view (pane), 1.0);
  g_assert_cmpstr (text, ==, "t = 1 s\nC1.e = 6.32 V");

  bg_test_ui_destroy_window (window);
}

/* In presentation mode at 1024×768, near either end of the narrow plot,
 * the read-out's box stays inside the plot area: never over the value
 * axis, never past the pane's edge (it was cut at the left edge). */
static void
test_readout_inside (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1024, 768);
  BgPlotPane *pane = window_pane (window);
  const char *names[] = { "C1.e", "b1.f", NULL };

  bg_plot_pane_set_vars (pane, names);
  start_run (window);
  iterate_until_done (pane);
  /* in presentation mode, near either end of a narrow pane, the box stays
   * inside the plot area, never over the value axis or past the edge */
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_wait_ms (150);
  for (guint k = 0; k < 8; k++)
    {
      static const double at[] = { 0.02, 0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.98 };
      BgPlotView *view = bg_plot_pane_get_view (pane);
      double t_end = bg_plan_get_t_end (bg_simulation_run_get_plan (bg_plot_pane_get_run (pane)));
      double ax = 0, ay = 0, aw = 0, ah = 0;
      graphene_rect_t box;

      bg_plot_view_set_cursor (view, at[k] * t_end);
      g_assert_true (bg_plot_view_get_readout_box (view, &box));
      g_assert_true (bg_plot_renderer_get_plot_area (bg_plot_view_get_renderer (view), 0,
                                                     &ax, &ay, &aw, &ah));
      g_test_message ("read-out box x %.0f–%.0f, plot area x %.0f–%.0f, view %d px",
                      box.origin.x, box.origin.x + box.size.width, ax, ax + aw,
                      gtk_widget_get_width (GTK_WIDGET (view)));
      g_assert_cmpfloat (box.origin.x, >=, ax);
      g_assert_cmpfloat (box.origin.x + box.size.width, <=, gtk_widget_get_width (GTK_WIDGET (view)));
    }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

static void
test_stop (void)
{
  BgWindow *window = open_long_bench ();
  BgPlotPane *pane = window_pane (window);
  BgSimulationRun *run;
  const BgSimReport *report;
  gboolean timed_out = FALSE;
  guint timeout;
  gint64 stop_time;
  double waited;

  start_run (window);
  run = bg_plot_pane_get_run (pane);

  /* wait for the first chunk of rows, then Stop */
  timeout = g_timeout_add_seconds (RUN_TIMEOUT_S, bg_test_ui_flag_cb, &timed_out);
  while (bg_result_get_n_rows (bg_simulation_run_get_result (run)) == 0 && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  g_assert_true (bg_plot_pane_is_running (pane));

  stop_time = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  iterate_until_done (pane);
  waited = (g_get_monotonic_time () - stop_time) / 1e6;
  g_test_message ("the run ended %.3f s after Stop", waited);
  /* generous: only a worker that ignores the cancellable misses it */
  g_assert_cmpfloat (waited, <, 2.0);

  report = bg_simulation_run_get_report (run);
  g_assert_cmpint (report->status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_cmpfloat (report->t, <, 6.0);
  g_assert_true (g_str_has_prefix (bg_plot_pane_get_status_text (pane), "Stopped at t = "));
  /* the rows so far stay on the plot */
  g_assert_cmpuint (bg_plot_view_get_n_rows (bg_plot_pane_get_view (pane)), >, 0);

  bg_test_ui_destroy_window (window);
}

static void
progress_count_cb (BgSimulationRun *run,
                   guint           *count)
{
  (*count)++;
}

/* The run object alone, with nothing else on the main loop: progress comes
 * merged, and Stop ends the worker within one solver step. */
static void
test_run_object_stop (void)
{
  g_autofree char *path = example_path ("hydraulic-bench.bgmod");
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_path (path, &error);
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgSimulationRun) run = NULL;
  BgSimSettings settings;
  guint progress = 0;
  gint64 stop_time;
  double latency;

  g_assert_no_error (error);
  settings = *bg_model_get_simulation (model);
  settings.output_step = 1e-5;
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, &settings, &error);
  g_assert_no_error (error);

  run = bg_simulation_run_new (plan);
  g_signal_connect (run, "progress", G_CALLBACK (progress_count_cb), &progress);
  bg_simulation_run_start (run);
  g_assert_true (bg_simulation_run_is_running (run));
  g_assert_null (bg_simulation_run_get_report (run));
  while (progress == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (bg_simulation_run_get_time (run), >, 0);
  g_assert_cmpfloat (bg_simulation_run_get_fraction (run), <, 1);

  stop_time = g_get_monotonic_time ();
  bg_simulation_run_stop (run);
  while (bg_simulation_run_is_running (run))
    g_main_context_iteration (NULL, TRUE);
  latency = (g_get_monotonic_time () - stop_time) / 1e3;
  g_test_message ("Stop → finished: %.1f ms (%u progress signals before)", latency, progress);
  g_assert_cmpfloat (latency, <, 1000);

  g_assert_cmpint (bg_simulation_run_get_report (run)->status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_error (bg_simulation_run_get_error (run), G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (bg_result_get_n_rows (bg_simulation_run_get_result (run)), >, 0);
}

static void
test_event_marks_element (void)
{
  BgWindow *window = open_window ("hydraulic-bench.bgmod");
  BgPlotPane *pane = window_pane (window);
  g_auto(GStrv) vars = bg_plot_pane_dup_vars (pane);
  g_auto(GStrv) selected = NULL;
  const BgSimReport *report;

  /* the bench shows the cylinder position and both chamber pressures */
  g_assert_true (g_strv_contains ((const char *const *) vars, "CYL.x"));
  g_assert_true (g_strv_contains ((const char *const *) vars, "C_A.e"));
  g_assert_true (g_strv_contains ((const char *const *) vars, "C_B.e"));

  start_run (window);
  iterate_until_done (pane);

  report = bg_simulation_run_get_report (bg_plot_pane_get_run (pane));
  g_assert_cmpint (report->status, ==, BG_SIM_STATUS_EVENT);
  g_assert_cmpstr (report->element_id, ==, "CYL");
  g_assert_true (g_str_has_prefix (bg_plot_pane_get_status_text (pane),
                                   "CYL reached its end stop x = L at t = "));
  /* the element concerned is selected on the canvas */
  selected = bg_canvas_dup_selected_ids (bg_window_get_canvas (window));
  g_assert_cmpuint (g_strv_length (selected), ==, 1);
  g_assert_cmpstr (selected[0], ==, "CYL");

  bg_plot_view_set_cursor (bg_plot_pane_get_view (pane), 3.0);
  maybe_screenshot (window, "bench-light");
  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR"),
                                               "bench-export.png", NULL);
      g_autofree char *svg = g_build_filename (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR"),
                                               "bench-export.svg", NULL);

      g_assert_true (bg_plot_pane_export (pane, png, NULL));
      g_assert_true (bg_plot_pane_export (pane, svg, NULL));
    }
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
  maybe_screenshot (window, "bench-dark");
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  maybe_screenshot (window, "bench-presentation");
  g_object_set (window, "presentation-mode", FALSE, NULL);

  bg_test_ui_destroy_window (window);
}

static void
test_second_run_cancels_first (void)
{
  BgWindow *window = open_long_bench ();
  BgPlotPane *pane = window_pane (window);
  g_autoptr(BgSimulationRun) first = NULL;

  start_run (window);
  first = g_object_ref (bg_plot_pane_get_run (pane));
  start_run (window);
  g_assert_true (bg_plot_pane_get_run (pane) != first);

  /* the first one was cancelled and ends on its own */
  while (bg_simulation_run_is_running (first))
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (bg_simulation_run_get_report (first)->status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_true (bg_plot_pane_is_running (pane));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  iterate_until_done (pane);
  bg_test_ui_destroy_window (window);
}

static void
test_stale (void)
{
  BgWindow *window = open_long_bench ();
  BgPlotPane *pane = window_pane (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgSimulationRun *run;
  GtkWidget *stale_tag = NULL;
  g_autoptr(GError) error = NULL;
  double t_end;

  start_run (window);
  run = bg_plot_pane_get_run (pane);
  t_end = bg_plan_get_t_end (bg_simulation_run_get_plan (run));
  g_assert_false (bg_simulation_run_get_stale (run));

  /* an edit while the run goes on: allowed, and the run is marked stale */
  g_assert_true (bg_model_set_name (model, "edited during a run", &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  g_assert_true (bg_simulation_run_get_stale (run));
  stale_tag = bg_test_ui_find_widget (GTK_WIDGET (pane), bg_test_ui_has_css_class, "stale-tag");
  g_assert_nonnull (stale_tag);
  g_assert_true (gtk_widget_get_visible (stale_tag));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (stale_tag)), ==,
                   "stale: model changed since this run");
  maybe_screenshot (window, "bench-stale-running");
  /* the run keeps its own plan */
  g_assert_cmpfloat (bg_plan_get_t_end (bg_simulation_run_get_plan (run)), ==, t_end);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop", NULL));
  iterate_until_done (pane);
  g_assert_true (bg_simulation_run_get_stale (run));

  bg_test_ui_destroy_window (window);
}

static void
test_conflict_blocks_run (void)
{
  BgWindow *window = open_window ("conflict-two-capacitors.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgCausality *causality = bg_document_get_causality (bg_window_get_document (window));
  const BgDiagnostic *first = g_ptr_array_index ((GPtrArray *) bg_causality_get_errors (causality), 0);
  GtkWidget *run_button = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.run");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (run_button);
  g_assert_false (gtk_widget_get_sensitive (run_button));
  /* the greyed-out button says why */
  {
    g_autofree char *tooltip = g_strdup_printf ("Cannot run: %s", first->message);

    g_assert_cmpstr (gtk_widget_get_tooltip_text (run_button), ==, tooltip);
  }
  g_assert_false (bg_plot_pane_can_run (pane));
  g_assert_false (bg_plot_pane_run (pane, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_CAUSALITY);
  g_assert_cmpstr (error->message, ==, first->message);
  g_assert_cmpstr (bg_plot_pane_get_status_text (pane), ==, first->message);
  g_assert_false (bg_plot_pane_is_running (pane));

  bg_test_ui_destroy_window (window);
}

/* Counts pixels within a small distance of a colour. */
static guint
count_pixels (cairo_surface_t   *surface,
              const BgPlotColor *color)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int r = (int) round (color->red * 255), g = (int) round (color->green * 255);
  int b = (int) round (color->blue * 255);
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);

        if (abs ((int) ((p >> 16) & 0xff) - r) < 12 && abs ((int) ((p >> 8) & 0xff) - g) < 12 &&
            abs ((int) (p & 0xff) - b) < 12)
          n++;
      }
  return n;
}

static void
test_export (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgPlotView *view = bg_plot_pane_get_view (pane);
  g_autofree char *png = g_build_filename (tmp_dir, "rc.png", NULL);
  g_autofree char *svg = g_build_filename (tmp_dir, "rc.svg", NULL);
  g_autofree char *csv = g_build_filename (tmp_dir, "rc.csv", NULL);
  g_autofree char *svg_text = NULL;
  g_autofree char *csv_text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  const char *names[] = { "C1.e", NULL };
  cairo_surface_t *surface;
  BgPlotColor color;
  int width, height;

  bg_plot_pane_set_vars (pane, names);
  start_run (window);
  iterate_until_done (pane);
  bg_test_ui_pump ();

  /* PNG: the on-screen size at scale 2, with the trace's colour in it */
  width = gtk_widget_get_width (GTK_WIDGET (view));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_true (bg_plot_pane_export (pane, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 2 * MAX (width, 320));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 2 * MAX (height, 200));
  bg_plot_renderer_get_trace_color (bg_plot_view_get_renderer (view), 0, &color);
  g_assert_cmpuint (count_pixels (surface, &color), >, 200);
  cairo_surface_destroy (surface);

  /* SVG: vector paths */
  g_assert_true (bg_plot_pane_export (pane, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_nonnull (strstr (svg_text, "<path"));

  /* CSV: the chosen variable over the visible (here: whole) window */
  g_assert_true (bg_plot_pane_export (pane, csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &csv_text, NULL, NULL));
  lines = g_strsplit (csv_text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "t,C1.e");
  g_assert_cmpstr (lines[1], ==, "0,0");
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 1001 + 1);

  /* a narrower time window exports only its rows */
  bg_plot_renderer_set_time_range (bg_plot_view_get_renderer (view), 1.0, 2.0);
  gtk_widget_queue_draw (GTK_WIDGET (view));
  wait_frames ();
  g_clear_pointer (&csv_text, g_free);
  g_clear_pointer (&lines, g_strfreev);
  g_assert_true (bg_plot_pane_export (pane, csv, &error));
  g_assert_true (g_file_get_contents (csv, &csv_text, NULL, NULL));
  lines = g_strsplit (csv_text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 201 + 1);
  g_assert_true (g_str_has_prefix (lines[1], "1,"));

  bg_test_ui_destroy_window (window);
}

static void
test_vars_saved (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *path = g_build_filename (tmp_dir, "rc-vars.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) vars = NULL;
  g_auto(GStrv) saved = NULL;
  const char *names[] = { "C1.e", "b2.f", NULL };
  BgWindow *reopened;

  /* another key of the view object survives */
  bg_model_set_view_json (model, "{\"zoom\": 2.5, \"plots\": {\"height\": 200}}");
  bg_plot_pane_set_vars (pane, names);
  /* a double-click on the resistor adds its plot variable */
  g_signal_emit_by_name (bg_window_get_canvas (window), "element-activated", "R1");
  bg_test_ui_pump ();
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_cmpuint (g_strv_length (vars), ==, 3);
  g_assert_cmpstr (vars[0], ==, "C1.e");
  g_assert_cmpstr (vars[1], ==, "b2.f");
  g_assert_cmpstr (vars[2], ==, "R1.f");
  g_assert_nonnull (strstr (bg_model_get_view_json (model), "\"zoom\""));
  g_assert_nonnull (strstr (bg_model_get_view_json (model), "\"height\""));

  /* ticking a box in the picker is the user's way: b3.e joins, saved */
  {
    BgVariablePicker *picker = bg_plot_pane_get_picker (pane);
    GtkWidget *check = NULL;

    bg_variable_picker_count_visible (picker);  /* builds the list */
    check = bg_test_ui_find_widget (GTK_WIDGET (picker), is_check_for, "b3.e");
    g_assert_nonnull (check);
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
    g_clear_pointer (&vars, g_strfreev);
    vars = bg_plot_pane_dup_vars (pane);
    g_assert_cmpuint (g_strv_length (vars), ==, 4);
    g_assert_cmpstr (vars[3], ==, "b3.e");
    g_assert_nonnull (strstr (bg_model_get_view_json (model), "\"b3.e\""));
    /* and unticking removes it again */
    gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
    g_clear_pointer (&vars, g_strfreev);
    vars = bg_plot_pane_dup_vars (pane);
    g_assert_cmpuint (g_strv_length (vars), ==, 3);
    g_assert_null (strstr (bg_model_get_view_json (model), "\"b3.e\""));
  }

  /* survives a run */
  start_run (window);
  iterate_until_done (pane);
  g_clear_pointer (&vars, g_strfreev);
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_cmpuint (g_strv_length (vars), ==, 3);
  g_assert_cmpuint (bg_plot_view_get_n_traces (bg_plot_pane_get_view (pane)), ==, 3);

  /* and save/load */
  g_assert_true (bg_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  bg_test_ui_destroy_window (window);

  {
    g_autoptr(BgDocument) document = bg_document_new_for_file (file, &error);

    g_assert_no_error (error);
    saved = bg_variable_picker_load_saved (bg_document_get_model (document));
    g_assert_nonnull (saved);
    g_assert_cmpstrv (saved, vars);
    reopened = bg_window_new (GTK_APPLICATION (app), document);
    gtk_window_present (GTK_WINDOW (reopened));
    bg_test_ui_pump ();
    g_clear_pointer (&vars, g_strfreev);
    vars = bg_plot_pane_dup_vars (window_pane (reopened));
    g_assert_cmpstrv (saved, vars);
    bg_test_ui_destroy_window (reopened);
  }
}

/* The run records the states and the plotted variables only; a variable
 * ticked after the run is derived from the recorded states at once (no new
 * run) and plots exactly the numbers a run that stored it gives. */
static void
test_tick_after_run (void)
{
  BgWindow *window = open_window ("rlc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgVariablePicker *picker = bg_plot_pane_get_picker (pane);
  const char *names[] = { "C1.e", NULL };
  g_autofree char *csv_path = g_build_filename (tmp_dir, "tick.csv", NULL);
  g_autofree char *csv = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgResult) full = NULL;
  g_autoptr(GError) error = NULL;
  BgSimulationRun *run;
  BgResult *result;
  GtkWidget *check;
  gsize n_rows;
  int var;

  bg_plot_pane_set_vars (pane, names);
  start_run (window);
  iterate_until_done (pane);
  run = bg_plot_pane_get_run (pane);
  result = bg_simulation_run_get_result (run);
  n_rows = bg_result_get_n_rows (result);
  var = bg_result_lookup (result, "L1.E");
  g_assert_cmpint (var, >, 0);
  /* recorded: t, the two states and C1.e; the energy of L1 is not */
  g_assert_true (bg_result_is_stored (result, (guint) bg_result_lookup (result, "C1.e")));
  g_assert_true (bg_result_is_stored (result, (guint) bg_result_lookup (result, "C1.q")));
  g_assert_true (bg_result_is_stored (result, (guint) bg_result_lookup (result, "L1.p")));
  g_assert_false (bg_result_is_stored (result, (guint) var));
  g_assert_cmpuint (bg_result_get_n_filled (result, (guint) var), ==, 0);

  /* tick L1.E in the picker: it appears at once, with every row */
  bg_variable_picker_count_visible (picker);
  check = bg_test_ui_find_widget (GTK_WIDGET (picker), is_check_for, "L1.E");
  g_assert_nonnull (check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  bg_test_ui_pump ();
  g_assert_false (bg_plot_pane_is_running (pane));
  g_assert_true (bg_plot_pane_get_run (pane) == run);
  g_assert_cmpuint (bg_plot_view_get_n_traces (bg_plot_pane_get_view (pane)), ==, 2);
  g_assert_cmpuint (bg_plot_view_get_n_rows (bg_plot_pane_get_view (pane)), ==, n_rows);
  g_assert_cmpuint (bg_result_get_n_filled (result, (guint) var), ==, n_rows);

  /* the same doubles as a run that stores every variable */
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  full = bg_simulator_new_result (plan);
  g_assert_cmpint (bg_simulator_run (plan, full, NULL, NULL, NULL, NULL, &error), ==,
                   BG_SIM_STATUS_FINISHED);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_result_get_n_rows (full), ==, n_rows);
  for (gsize r = 0; r < n_rows; r++)
    g_assert_cmpfloat (bg_result_get_value (result, (guint) var, r), ==,
                       bg_result_get_value (full, (guint) var, r));

  /* and the plot holds them: its CSV export (12 digits) against the full run */
  g_assert_true (bg_plot_view_write_csv (bg_plot_pane_get_view (pane), csv_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, &error));
  lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "t,C1.e,L1.E");
  for (gsize r = 0; r < n_rows; r++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[r + 1], ",", -1);
      double expected = bg_result_get_value (full, (guint) var, r);

      g_assert_cmpuint (g_strv_length (cells), ==, 3);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), expected,
                                      1e-11 * MAX (fabs (expected), 1e-300));
    }

  bg_test_ui_destroy_window (window);
}

/* A run over the max-memory setting is refused before it starts: the pane
 * and the window say the estimate and what to change; nothing runs. */
static void
test_memory_limit (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgSimSettings settings = *bg_model_get_simulation (model);
  g_autoptr(GSettings) gsettings = g_settings_new ("org.bgmod.BGMod");
  g_autoptr(GError) error = NULL;
  const char *status;

  /* 10⁷ rows of t, C1.q and the plotted variables: hundreds of MiB, over 16 */
  settings.t_end = 1000;
  settings.output_step = 1e-4;
  g_assert_true (bg_model_set_simulation (model, &settings, &error));
  g_assert_no_error (error);
  g_settings_set_uint (gsettings, "max-memory", 16);
  bg_test_ui_pump ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  bg_test_ui_pump ();
  g_assert_false (bg_plot_pane_is_running (pane));
  g_assert_null (bg_plot_pane_get_run (pane));
  status = bg_plot_pane_get_status_text (pane);
  g_assert_true (g_str_has_prefix (status, "This run would need about "));
  g_assert_nonnull (strstr (status, "(10000001 rows × "));
  g_assert_nonnull (strstr (status, " recorded variables, plus "));
  g_assert_nonnull (strstr (status, "more than the limit of 16.0" "\xc2\xa0" "MiB. Record fewer "
                                    "variables, use a longer output step or a shorter end time. "
                                    "Or raise the limit (in MiB): gsettings set org.bgmod.BGMod "
                                    "max-memory 4096"));

  g_settings_reset (gsettings, "max-memory");
  bg_test_ui_destroy_window (window);
}

static void
test_picker_search (void)
{
  BgWindow *window = open_window ("hydraulic-bench.bgmod");
  BgVariablePicker *picker = bg_plot_pane_get_picker (window_pane (window));
  const BgComponentSpec *cylinder = bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) units = g_ptr_array_new_with_free_func (g_free);
  BgModel *model = bg_test_ui_window_model (window);

  g_assert_nonnull (cylinder);
  bg_variable_picker_list_vars (model, names, units);
  g_assert_cmpuint (bg_variable_picker_count_visible (picker), ==, names->len);

  /* every bond has e, f and P in its domain's units */
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), "b9.e"))
      g_assert_cmpstr (g_ptr_array_index (units, i), ==, "Pa");
    else if (g_str_equal (g_ptr_array_index (names, i), "CYL.x"))
      g_assert_cmpstr (g_ptr_array_index (units, i), ==, "m");

  bg_variable_picker_set_search (picker, "CYL.");
  g_assert_cmpuint (bg_variable_picker_count_visible (picker), ==, cylinder->n_vars);
  bg_variable_picker_set_search (picker, "no such variable");
  g_assert_cmpuint (bg_variable_picker_count_visible (picker), ==, 0);

  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      /* the build tree's compiled schema, in the memory backend */
      g_autofree char *schemas = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-plot-pane-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/plot-pane/rc-run", test_rc_run);
  g_test_add_func ("/ui/plot-pane/responsive", test_responsive);
  g_test_add_func ("/ui/plot-pane/readout", test_readout);
  g_test_add_func ("/ui/plot-pane/readout-inside", test_readout_inside);
  g_test_add_func ("/ui/plot-pane/reset-view", test_reset_view);
  g_test_add_func ("/ui/plot-pane/stop", test_stop);
  g_test_add_func ("/ui/plot-pane/run-object-stop", test_run_object_stop);
  g_test_add_func ("/ui/plot-pane/event-marks-element", test_event_marks_element);
  g_test_add_func ("/ui/plot-pane/second-run-cancels-first", test_second_run_cancels_first);
  g_test_add_func ("/ui/plot-pane/stale", test_stale);
  g_test_add_func ("/ui/plot-pane/conflict-blocks-run", test_conflict_blocks_run);
  g_test_add_func ("/ui/plot-pane/export", test_export);
  g_test_add_func ("/ui/plot-pane/vars-saved", test_vars_saved);
  g_test_add_func ("/ui/plot-pane/tick-after-run", test_tick_after_run);
  g_test_add_func ("/ui/plot-pane/memory-limit", test_memory_limit);
  g_test_add_func ("/ui/plot-pane/picker-search", test_picker_search);
  /* last: gettext caches translations, so the language is not switched back */
  g_test_add_func ("/ui/plot-pane/russian", test_russian);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
