/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view.c — the plot pane's drawing widget: its run and columns.
 *
 * Owns: the renderer (whose traces read the run's result in place), the
 * chosen names and the traces made of them, the row count handed to the
 * renderer, the markers of step switches and of the run's end, the live
 * updates (at most ~30 redraws a second), and the GObject. Drawing is in
 * bg-plot-view-draw.c, the interactions and cursor read-out in
 * bg-plot-view-interactions.c, the exports in bg-plot-view-export.c.
 * Must not: run or compile anything, touch a model, or draw anything the
 * exports would not.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-plot-view-private.h"

#define REDRAW_INTERVAL_MS 33      /* ~30 frames a second while rows arrive */

G_DEFINE_FINAL_TYPE (BgPlotView, bg_plot_view, GTK_TYPE_WIDGET)

static guint cursor_moved_signal;

void
_bg_plot_view_emit_cursor_moved (BgPlotView *self,
                                 double      t)
{
  g_signal_emit (self, cursor_moved_signal, 0, t);
}

static void
trace_free (gpointer data)
{
  Trace *trace = data;

  g_free (trace->name);
  g_free (trace);
}

/* Columns ------------------------------------------------------------------- */

BgResult *
_bg_plot_view_result (BgPlotView *self)
{
  return self->run != NULL ? bg_simulation_run_get_result (self->run) : NULL;
}

/* A column the run did not record is derived from the recorded states up
 * to the rows the result holds (rows that cannot be, an algebraic loop
 * without a solution, are left out: the trace ends there). Derived columns
 * are appended on this thread only, while the run's worker appends rows. */
static void
bg_plot_view_derive (BgResult *result,
                     guint     var)
{
  bg_result_derive (result, &var, 1, NULL);
}

/* Hands the renderer the rows that arrived since the last pull: one
 * snapshot of the row count, so every trace ends at the same row and only
 * published rows are read. The renderer's traces read the result's chunks
 * in place; nothing is copied. */
gboolean
bg_plot_view_pull (BgPlotView *self)
{
  BgResult *result;
  gsize n;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);

  result = _bg_plot_view_result (self);
  if (result == NULL)
    return FALSE;
  n = bg_result_get_n_rows (result);
  if (n <= self->n_rows)
    return FALSE;

  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);

      bg_plot_view_derive (result, trace->var);
      bg_plot_renderer_set_trace_rows (self->renderer, i, n);
    }
  self->n_rows = n;

  return TRUE;
}

static void
bg_plot_view_rebuild_traces (BgPlotView *self)
{
  BgResult *result = _bg_plot_view_result (self);

  bg_plot_renderer_clear_traces (self->renderer);
  g_ptr_array_set_size (self->traces, 0);
  if (result == NULL || self->names == NULL)
    {
      _bg_plot_view_rebuild_ghosts (self);
      return;
    }

  for (guint i = 0; self->names[i] != NULL; i++)
    {
      int var = bg_result_lookup (result, self->names[i]);
      Trace *trace;
      guint index;

      if (var <= 0)
        continue;
      trace = g_new0 (Trace, 1);
      trace->name = g_strdup (self->names[i]);
      trace->var = (guint) var;
      bg_plot_view_derive (result, trace->var);
      g_ptr_array_add (self->traces, trace);
      index = bg_plot_renderer_add_result_trace (self->renderer, trace->name,
                                                 bg_result_get_var_unit (result, trace->var),
                                                 result, trace->var);
      bg_plot_renderer_set_trace_rows (self->renderer, index, self->n_rows);
    }
  _bg_plot_view_rebuild_ghosts (self);
}

static void
bg_plot_view_update_markers (BgPlotView *self)
{
  const BgSimReport *report;
  BgPlan *plan;

  bg_plot_renderer_clear_markers (self->renderer);
  /* a labelled marker adds a strip to the minimum height */
  _bg_plot_view_queue_resize (self);
  if (self->run == NULL)
    return;

  plan = bg_simulation_run_get_plan (self->run);
  for (guint i = 0; i < bg_plan_get_n_switch_times (plan); i++)
    bg_plot_renderer_add_marker (self->renderer, bg_plan_get_switch_time (plan, i),
                                 NULL, BG_PLOT_MARKER_STEP);

  report = bg_simulation_run_get_report (self->run);
  if (report == NULL)
    return;
  if (report->status == BG_SIM_STATUS_EVENT)
    bg_plot_renderer_add_marker (self->renderer, report->t, report->element_id,
                                 BG_PLOT_MARKER_EVENT);
  else if (report->status == BG_SIM_STATUS_FAILED)
    bg_plot_renderer_add_marker (self->renderer, report->t, _("solver failed"),
                                 BG_PLOT_MARKER_EVENT);
}

/* What the minimum height depends on: the traces' names and units (the
 * sub-plots, the legends), the earlier runs' legend entries and the end's
 * marker label. A what-if drag shows a new run many times a second with
 * the same of all these: the window is laid out again only when one
 * changes. */
void
_bg_plot_view_queue_resize (BgPlotView *self)
{
  g_autoptr(GString) key = g_string_new (NULL);
  const BgSimReport *report = self->run != NULL ? bg_simulation_run_get_report (self->run) : NULL;

  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);
      BgResult *result = _bg_plot_view_result (self);

      g_string_append_printf (key, "%s\x1f%s\x1e", trace->name,
                              bg_result_get_var_unit (result, trace->var));
    }
  for (guint g = 0; g < self->ghost_runs->len; g++)
    g_string_append_printf (key, "%s\x1e", g_array_index (self->ghost_runs, GhostRun, g).label);
  if (report != NULL && (report->status == BG_SIM_STATUS_EVENT ||
                         report->status == BG_SIM_STATUS_FAILED))
    g_string_append_printf (key, "end:%s", report->element_id != NULL ? report->element_id : "");
  g_string_append_printf (key, "|%d", self->run != NULL);
  if (g_strcmp0 (key->str, self->layout_key) == 0)
    return;
  g_free (self->layout_key);
  self->layout_key = g_string_free (g_steal_pointer (&key), FALSE);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Live updates ---------------------------------------------------------------- */

static gboolean
redraw_timeout_cb (gpointer data)
{
  BgPlotView *self = data;

  self->redraw_source = 0;
  if (bg_plot_view_pull (self))
    gtk_widget_queue_draw (GTK_WIDGET (self));

  return G_SOURCE_REMOVE;
}

static void
run_progress_cb (BgPlotView      *self,
                 BgSimulationRun *run)
{
  if (self->live && self->redraw_source == 0)
    self->redraw_source = g_timeout_add (REDRAW_INTERVAL_MS, redraw_timeout_cb, self);
}

static void
run_finished_cb (BgPlotView      *self,
                 BgSimulationRun *run)
{
  g_clear_handle_id (&self->redraw_source, g_source_remove);
  bg_plot_view_pull (self);
  bg_plot_view_update_markers (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_plot_view_set_run (BgPlotView      *self,
                      BgSimulationRun *run)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));
  g_return_if_fail (run == NULL || BG_IS_SIMULATION_RUN (run));

  if (run == self->run)
    return;

  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_handle_id (&self->redraw_source, g_source_remove);
  g_set_object (&self->run, run);

  bg_plot_renderer_clear_traces (self->renderer);
  g_ptr_array_set_size (self->traces, 0);
  self->n_rows = 0;

  if (run != NULL)
    {
      g_signal_connect_object (run, "progress", G_CALLBACK (run_progress_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (run, "finished", G_CALLBACK (run_finished_cb), self,
                               G_CONNECT_SWAPPED);
    }

  bg_plot_view_rebuild_traces (self);
  bg_plot_view_pull (self);
  bg_plot_view_update_markers (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgSimulationRun *
bg_plot_view_get_run (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  return self->run;
}

void
bg_plot_view_set_vars (BgPlotView        *self,
                       const char *const *names)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  g_strfreev (self->names);
  self->names = g_strdupv ((char **) names);
  bg_plot_view_rebuild_traces (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bg_plot_view_get_n_traces (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return self->traces->len;
}

gsize
bg_plot_view_get_n_rows (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return self->n_rows;
}

void
bg_plot_view_reset_view (BgPlotView *self)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  bg_plot_renderer_reset_view (self->renderer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_plot_view_set_live (BgPlotView *self,
                       gboolean    live)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  self->live = !!live;
}

void
bg_plot_view_set_presentation (BgPlotView *self,
                               gboolean    presentation)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  /* the scale is applied with the font, when measuring and drawing */
  self->presentation = !!presentation;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgPlotRenderer *
bg_plot_view_get_renderer (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  return self->renderer;
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_plot_view_dispose (GObject *object)
{
  BgPlotView *self = BG_PLOT_VIEW (object);

  g_clear_handle_id (&self->redraw_source, g_source_remove);
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  if (self->renderer != NULL)
    bg_plot_renderer_clear_traces (self->renderer);
  g_clear_pointer (&self->traces, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_runs, g_array_unref);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (bg_plot_view_parent_class)->dispose (object);
}

static void
bg_plot_view_finalize (GObject *object)
{
  BgPlotView *self = BG_PLOT_VIEW (object);

  g_strfreev (self->names);
  g_free (self->layout_key);

  G_OBJECT_CLASS (bg_plot_view_parent_class)->finalize (object);
}

static void
bg_plot_view_class_init (BgPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_plot_view_dispose;
  object_class->finalize = bg_plot_view_finalize;
  widget_class->snapshot = _bg_plot_view_snapshot;
  widget_class->measure = _bg_plot_view_measure;
  widget_class->get_request_mode = _bg_plot_view_get_request_mode;

  gtk_widget_class_set_css_name (widget_class, "bgplotview");

  /* the pointer moved the cursor to a time (s) */
  cursor_moved_signal =
    g_signal_new ("cursor-moved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
}

static void
bg_plot_view_init (BgPlotView *self)
{
  self->renderer = bg_plot_renderer_new ();
  self->traces = g_ptr_array_new_with_free_func (trace_free);
  _bg_plot_view_ghosts_init (self);
  self->cursor_t = NAN;
  self->pinned_t = NAN;
  self->live = TRUE;

  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  _bg_plot_view_interactions_init (self);
}

GtkWidget *
bg_plot_view_new (void)
{
  return g_object_new (BG_TYPE_PLOT_VIEW, NULL);
}
