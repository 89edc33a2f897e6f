/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-whatif.c — how often the plot follows a dragged what-if slider.
 *
 * Owns: a simulated drag of the inspector's what-if slider in the real
 * window (the knob moved 60 times a second, back and forth over a decade,
 * for DRAG_S seconds, through the slider's own adjustment: the path a
 * pointer's motion takes from there on) on the mass-spring-damper (the
 * damping B) and the hydraulic bench (the load's mass; and once more with
 * a 60 times later end time, a model whose runs take well over 50 ms),
 * and what it
 * prints: the plot's updates per second (what-if runs finished and shown),
 * the time from a value to its run shown, the frames the window drew and
 * its longest pause between two, and apart from the window the time one
 * what-if run takes (copy, compile, simulate) on one thread. Needs a
 * display (xvfb-run). Must not: assert on timings; the target (20 updates
 * a second for runs under about 50 ms on two cores) is read from the
 * figures.
 *
 * Run: xvfb-run -a _build/tests/bench/bench-whatif
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "bg-file.h"
#include "bg-inspector.h"
#include "bg-simulation-run.h"
#include "bg-test-ui.h"
#include "bg-whatif.h"

#define DRAG_S 4.0
#define MOTION_HZ 60
#define SOLO_RUNS 15

typedef struct
{
  const char *example;
  const char *element;
  const char *param;
  double      t_end_factor;  /* > 1: a slower model, its end time so many times later */
} Case;

static const Case cases[] = {
  { "mass-spring-damper.bgmod", "B", "value", 1 },
  { "hydraulic-bench.bgmod", "LOAD", "mass", 1 },
  /* runs well over 50 ms: the plot shows the last one finished */
  { "mass-spring-damper.bgmod", "B", "value", 400 },
};

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  if (values->len == 0)
    return NAN;
  qsort (values->data, values->len, sizeof (double), compare_doubles);
  return g_array_index (values, double, values->len / 2);
}

/* One what-if run apart from the window: copy, compile, simulate. */
static double
solo_run_ms (const Case *c,
             BgModel    *model,
             double      value)
{
  g_autoptr(BgWhatIfSource) source = bg_whatif_source_new (model);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < SOLO_RUNS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      g_autoptr(GError) error = NULL;
      g_autoptr(BgPlan) plan = bg_whatif_compile (source, c->element, c->param,
                                                  value * (1 + 0.01 * i), NULL, NULL, &error);
      g_autoptr(BgResult) result = NULL;
      double ms;

      if (plan == NULL)
        g_error ("%s: %s", c->example, error->message);
      result = bg_simulator_new_result_for (plan, NULL, 0, TRUE);
      bg_simulator_run (plan, result, NULL, NULL, NULL, NULL, &error);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      g_array_append_val (times, ms);
    }
  return median (times);
}

typedef struct
{
  GtkAdjustment *adjustment;
  BgPlotPane    *pane;
  gint64         start;
  gint64         end;
  guint          motions;
  GHashTable    *asked;       /* value (string) → first time asked (µs) */
  GArray        *latencies;   /* ms */
  guint          shown;
  gint64         last_tick;
  double         longest_gap; /* ms */
  guint          ticks;
  gboolean       dragging;
} Drag;

static char *
value_key (double value)
{
  return g_strdup_printf ("%.6g", value);
}

static gboolean
motion_cb (gpointer data)
{
  Drag *d = data;
  double elapsed = (g_get_monotonic_time () - d->start) / (double) G_USEC_PER_SEC;
  /* back and forth over the upper half of the range, a second each way */
  double phase = fmod (elapsed, 2.0);
  double place = 500 + 400 * (phase < 1 ? phase : 2 - phase);

  if (elapsed >= DRAG_S)
    {
      d->dragging = FALSE;
      d->end = g_get_monotonic_time ();
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (d->adjustment, place);
  d->motions++;
  return G_SOURCE_CONTINUE;
}

static void
preview_cb (BgInspector *inspector,
            const char  *element,
            const char  *param,
            double       value,
            Drag        *d)
{
  char *key = value_key (value);

  if (!g_hash_table_contains (d->asked, key))
    g_hash_table_insert (d->asked, key, g_memdup2 (&(gint64) { g_get_monotonic_time () },
                                                   sizeof (gint64)));
  else
    g_free (key);
}

static void
shown_cb (BgPlotPane *pane,
          double      value,
          Drag       *d)
{
  g_autofree char *key = value_key (value);
  const gint64 *asked = g_hash_table_lookup (d->asked, key);

  if (!d->dragging)
    return;
  d->shown++;
  if (asked != NULL)
    {
      double ms = (g_get_monotonic_time () - *asked) / 1000.0;

      g_array_append_val (d->latencies, ms);
    }
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  Drag *d = data;
  gint64 now = g_get_monotonic_time ();

  if (d->dragging)
    {
      if (d->last_tick > 0)
        d->longest_gap = MAX (d->longest_gap, (now - d->last_tick) / 1000.0);
      d->ticks++;
      d->last_tick = now;
    }
  return G_SOURCE_CONTINUE;
}

static void
bench_case (BgApplication *app,
            const Case    *c)
{
  BgWindow *window = bg_test_ui_open_example (app, c->example, 1024, 768);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  BgModel *model = bg_test_ui_window_model (window);
  const char *ids[] = { c->element, NULL };
  GtkWidget *button, *scale;
  Drag d = { 0 };
  BgElement *element;
  guint tick_id;
  double value = NAN, solo;

  if (c->t_end_factor > 1)
    {
      BgSimSettings settings = *bg_model_get_simulation (model);
      g_autoptr(GError) error = NULL;

      settings.t_end *= c->t_end_factor;
      if (!bg_model_set_simulation (model, &settings, &error))
        g_error ("%s: %s", c->example, error->message);
    }
  bg_test_ui_run_to_end (window);
  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
  button = bg_inspector_get_what_if_button (inspector, c->param);
  if (button == NULL)
    g_error ("%s: %s.%s has no what-if slider", c->example, c->element, c->param);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
  bg_test_ui_pump ();
  scale = bg_inspector_get_what_if_slider (inspector, c->param);

  element = bg_model_find_element (model, c->element);
  for (guint i = 0; i < element->spec->n_params; i++)
    if (g_str_equal (element->spec->params[i].name, c->param))
      value = element->params[i].number;
  solo = solo_run_ms (c, model, value);

  d.adjustment = gtk_range_get_adjustment (GTK_RANGE (scale));
  d.pane = pane;
  d.asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  d.latencies = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect (inspector, "what-if-preview", G_CALLBACK (preview_cb), &d);
  g_signal_connect (pane, "whatif-shown", G_CALLBACK (shown_cb), &d);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, &d, NULL);

  d.dragging = TRUE;
  d.start = g_get_monotonic_time ();
  g_timeout_add (1000 / MOTION_HZ, motion_cb, &d);
  while (d.dragging)
    g_main_context_iteration (NULL, TRUE);
  /* the value is kept after the slider rests; its run ends */
  bg_test_ui_wait_ms (1500);
  while (bg_plot_pane_is_running (pane) || bg_plot_pane_whatif_is_busy (pane))
    g_main_context_iteration (NULL, TRUE);

  {
    double seconds = (d.end - d.start) / (double) G_USEC_PER_SEC;

    g_autofree char *name = c->t_end_factor > 1
                            ? g_strdup_printf ("%.12s (t_end ×%g)", c->example, c->t_end_factor)
                            : g_strdup (c->example);

    g_print ("%-26s %-11s %7.1f %9.1f %9.1f %12.1f %8.1f %9.1f\n", name,
             c->param, solo, d.motions / seconds, d.shown / seconds, median (d.latencies),
             d.ticks / seconds, d.longest_gap);
  }

  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_signal_handlers_disconnect_by_data (inspector, &d);
  g_signal_handlers_disconnect_by_data (pane, &d);
  g_hash_table_unref (d.asked);
  g_array_unref (d.latencies);
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  BgApplication *app;
  char *home;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (g_getenv ("BGMOD_DATADIR") == NULL)
    g_setenv ("BGMOD_DATADIR", BGMOD_SRCDIR "/data", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-bench-whatif-XXXXXX");
  app = bg_test_ui_app_new ();

  g_print ("What-if slider: %.0f s of simulated drag, the knob moved %d times a second, "
           "%u CPU cores\n", DRAG_S, MOTION_HZ, g_get_num_processors ());
  g_print ("%-26s %-11s %7s %9s %9s %12s %8s %9s\n", "model", "parameter", "run ms",
           "moves/s", "updates/s", "latency ms", "frames/s", "pause ms");
  g_print ("%-26s %-11s %7s %9s %9s %12s %8s %9s\n", "", "", "(solo)", "", "", "(median)", "",
           "(longest)");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    bench_case (app, &cases[i]);

  bg_test_ui_shutdown (app, home);
  return 0;
}
