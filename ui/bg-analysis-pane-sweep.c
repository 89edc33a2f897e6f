/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis-pane-sweep.c — the analysis pane's parameter sweep page.
 *
 * Owns: the sweep's controls, reading the values (a list, or a linear or
 * log range), the sweep job (a GTask thread that runs the core's pool; runs
 * that end are queued behind a mutex and drawn by one idle callback), the
 * sweep plot's traces (read in place from each run's result) and their
 * legends ("R1 = 100 Ω"), stopping.
 * Must not: edit the model or touch GTK from the sweep's threads.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-analysis-pane-private.h"
#include "bg-definition.h"
#include "bg-plot-area.h"
#include "bg-si-format.h"
#include "bg-units.h"

static void
sweep_job_free (SweepJob *job)
{
  g_clear_handle_id (&job->idle_id, g_source_remove);
  bg_sweep_free (job->sweep);
  g_array_unref (job->ended);
  g_array_unref (job->shown);
  g_mutex_clear (&job->lock);
  g_object_unref (job->pane);
  g_free (job);
}

/* "R1 = 100 Ω" for a value parameter, "C1.initial = 1 mC" otherwise. */
static char *
run_legend (BgSweep *sweep, guint run)
{
  g_autofree char *value = bg_si_format (bg_sweep_get_value (sweep, run), bg_sweep_get_unit (sweep));

  if (g_str_equal (bg_sweep_get_param (sweep), "value"))
    return g_strdup_printf ("%s = %s", bg_sweep_get_element (sweep), value);
  return g_strdup_printf ("%s.%s = %s", bg_sweep_get_element (sweep), bg_sweep_get_param (sweep), value);
}

static void
add_run_trace (BgAnalysisPane *self, BgSweep *sweep, guint run)
{
  BgResult *result = bg_sweep_get_result (sweep, run);
  int v = bg_result_lookup (result, self->sweep_var);
  g_autofree char *name = run_legend (sweep, run);

  if (v < 0 || bg_result_get_n_rows (result) == 0)
    return;
  /* The trace reads the run's result in place (the renderer keeps it). */
  bg_plot_renderer_add_result_trace (self->sweep_renderer, name, NULL, result, (guint) v);
}

static void
show_sweep_progress (BgAnalysisPane *self)
{
  g_autofree char *text = g_strdup_printf (_("%u of %u runs of %s"), self->sweep_done,
                                           self->sweep_total, self->sweep_var);
  gtk_label_set_label (self->sweep_status, text);
}

static int
compare_runs (gconstpointer a,
              gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

/* Main thread: draw the runs that ended since the last call. */
static gboolean
sweep_idle_cb (gpointer data)
{
  SweepJob *job = data;
  BgAnalysisPane *self = job->pane;
  g_autoptr (GArray) ended = NULL;

  g_mutex_lock (&job->lock);
  job->idle_id = 0;
  ended = job->ended;
  job->ended = g_array_new (FALSE, FALSE, sizeof (guint));
  g_mutex_unlock (&job->lock);

  for (guint i = 0; i < ended->len; i++)
    {
      guint run = g_array_index (ended, guint, i);
      if (bg_sweep_get_status (job->sweep, run) != BG_SIM_STATUS_CANCELLED)
        g_array_append_val (job->shown, run);
      self->sweep_done++;
    }
  if (ended->len > 0)
    {
      /* Runs end in any order on the pool; the legend lists them in the
       * order of their values, so the traces are laid again in it. */
      g_array_sort (job->shown, compare_runs);
      bg_plot_renderer_clear_traces (self->sweep_renderer);
      for (guint i = 0; i < job->shown->len; i++)
        add_run_trace (self, job->sweep, g_array_index (job->shown, guint, i));
      show_sweep_progress (self);
      gtk_widget_queue_draw (self->sweep_area);
    }
  return G_SOURCE_REMOVE;
}

/* A pool thread: queue the run and wake the main thread once. */
static void
sweep_run_ended_cb (BgSweep *sweep, guint index, gpointer data)
{
  SweepJob *job = data;

  g_mutex_lock (&job->lock);
  g_array_append_val (job->ended, index);
  if (job->idle_id == 0)
    job->idle_id = g_idle_add (sweep_idle_cb, job);
  g_mutex_unlock (&job->lock);
}

static void
sweep_thread_cb (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SweepJob *job = data;

  bg_sweep_run (job->sweep, 0, cancellable, sweep_run_ended_cb, job);
  g_task_return_boolean (task, TRUE);
}

static void
sweep_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (source);
  SweepJob *job = self->job;
  gboolean cancelled = g_cancellable_is_cancelled (self->sweep_cancellable);

  g_task_propagate_boolean (G_TASK (result), NULL);
  g_mutex_lock (&job->lock);
  g_clear_handle_id (&job->idle_id, g_source_remove);
  g_mutex_unlock (&job->lock);
  sweep_idle_cb (job);
  self->job = NULL;
  if (cancelled)
    {
      g_autofree char *text = g_strdup_printf (_("Stopped after %u of %u runs"),
                                               bg_plot_renderer_get_n_traces (self->sweep_renderer),
                                               self->sweep_total);
      gtk_label_set_label (self->sweep_status, text);
    }
  sweep_job_free (job);
  g_clear_object (&self->sweep_cancellable);
  _bg_analysis_pane_actions_update (self);
}

/* The values the controls describe, or NULL with a message. */
static GArray *
sweep_values (BgAnalysisPane *self, GError **error)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->values_entry));
  guint mode = gtk_drop_down_get_selected (self->mode_drop);
  g_autofree char *spec = NULL;
  g_autofree char *el = NULL, *param = NULL;
  GArray *values = NULL;

  if (mode == 0)
    {
      spec = g_strdup_printf ("X.x=%s", text);
      if (!bg_sweep_parse_spec (spec, &el, &param, &values, error))
        return NULL;
      return values;
    }
  else
    {
      g_auto (GStrv) ends = g_strsplit_set (text, ",;…", -1);
      double v0, v1;

      /* the ends read as the list's values are ("1k, 100k") */
      if (g_strv_length (ends) != 2
          || !bg_units_parse (g_strstrip (ends[0]), NULL, BG_UNITS_SYNTAX_COMMAND_LINE, &v0)
          || !bg_units_parse (g_strstrip (ends[1]), NULL, BG_UNITS_SYNTAX_COMMAND_LINE, &v1))
        goto bad_range;
      return bg_sweep_range (v0, v1, (guint) gtk_spin_button_get_value_as_int (self->count_spin),
                             mode == 2, error);
    }
bad_range:
  g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
               _("A range is written “from, to”, e.g. 1, 100"));
  return NULL;
}

static gboolean
start_sweep (BgAnalysisPane *self, GError **error)
{
  const char *param = _bg_analysis_pane_selected_param (self);
  const char *var = _bg_analysis_pane_drop_selected (self->var_drop);
  g_autoptr (GArray) values = NULL;
  g_autoptr (GTask) task = NULL;
  BgSweep *sweep;
  SweepJob *job;

  if (self->element_id == NULL || param == NULL || var == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose an element, one of its parameters and a variable"));
      return FALSE;
    }
  values = sweep_values (self, error);
  if (values == NULL)
    return FALSE;
  {
    /* An instance's "C.value" is element T2.C's "value" in the flat graph. */
    g_autofree char *inner = NULL;
    const char *leaf = param;
    g_autofree char *element = NULL;

    if (bg_definition_split_param (param, &inner, &leaf))
      element = g_strconcat (self->element_id, ".", inner, NULL);
    else
      element = g_strdup (self->element_id);
    sweep = bg_sweep_new (bg_document_get_flat_model (self->document), element, leaf,
                          (const double *) values->data, values->len, NULL, error);
  }
  if (sweep == NULL)
    return FALSE;

  bg_plot_renderer_clear_traces (self->sweep_renderer);
  bg_plot_renderer_reset_view (self->sweep_renderer);
  g_free (self->sweep_var);
  self->sweep_var = g_strdup (var);
  self->sweep_total = bg_sweep_get_n_runs (sweep);
  self->sweep_done = 0;
  show_sweep_progress (self);

  job = g_new0 (SweepJob, 1);
  job->pane = g_object_ref (self);
  job->sweep = sweep;
  job->ended = g_array_new (FALSE, FALSE, sizeof (guint));
  job->shown = g_array_new (FALSE, FALSE, sizeof (guint));
  g_mutex_init (&job->lock);
  self->job = job;
  self->sweep_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->sweep_cancellable, sweep_done_cb, NULL);
  g_task_set_task_data (task, job, NULL);
  g_task_run_in_thread (task, sweep_thread_cb);
  gtk_widget_queue_draw (self->sweep_area);
  return TRUE;
}

void
_bg_analysis_pane_sweep_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (widget);
  g_autoptr (GError) error = NULL;

  if (self->job != NULL)
    return;
  if (!start_sweep (self, &error))
    gtk_label_set_label (self->sweep_status, error->message);
  _bg_analysis_pane_actions_update (self);
}

void
_bg_analysis_pane_cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (widget);

  if (self->sweep_cancellable != NULL)
    g_cancellable_cancel (self->sweep_cancellable);
}

/* A label and its control on one line with the others (the values and the
 * number of runs share a line, the entry taking what is left; the plotted
 * variable and the buttons another). */
static void
values_labelled (GtkWidget  *row,
                 const char *text,
                 GtkWidget  *child)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), child);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), child);
}

GtkWidget *
_bg_analysis_pane_build_sweep_page (BgAnalysisPane *self)
{
  static const char *const modes[] = { N_("List"), N_("Linear range"), N_("Log range"), NULL };
  const char *translated[4] = { _(modes[0]), _(modes[1]), _(modes[2]), NULL };
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  /* Three short rows (what is swept, its values, what is plotted and the
   * buttons): one flow box lined all its children up in columns as wide as
   * its widest, which put each control on a line of its own in a narrow
   * pane and left the plot 30 px. */
  GtkWidget *row = _bg_analysis_pane_controls_row ();
  GtkWidget *values_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *plot_row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->element_label = GTK_LABEL (gtk_label_new (NULL));
  /* "Select an element to sweep…" wraps rather than widening the page
   * past the slot (in Russian it did, and the plot's right edge was cut) */
  gtk_label_set_wrap (self->element_label, TRUE);
  gtk_label_set_xalign (self->element_label, 0);
  _bg_analysis_pane_row_add (row, GTK_WIDGET (self->element_label));
  self->params = gtk_string_list_new (NULL);
  self->param_drop = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->params)), NULL));
  _bg_analysis_pane_labelled (row, _("_Parameter"), GTK_WIDGET (self->param_drop));
  /* it names the element once one is chosen ("R1 parameter"): a line of
   * its own for "Element R1:" pushed the range mode to a second line in
   * Russian and the plot below the slot */
  self->param_label = GTK_LABEL (gtk_widget_get_prev_sibling (GTK_WIDGET (self->param_drop)));
  self->mode_drop = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (translated));
  _bg_analysis_pane_row_add (row, GTK_WIDGET (self->mode_drop));
  self->values_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_editable_set_text (GTK_EDITABLE (self->values_entry), "1, 10, 100");
  gtk_entry_set_placeholder_text (self->values_entry, _("1, 10, 100 — or from, to for a range"));
  gtk_editable_set_width_chars (GTK_EDITABLE (self->values_entry), 10);
  gtk_widget_set_hexpand (GTK_WIDGET (self->values_entry), TRUE);
  values_labelled (values_row, _("_Values"), GTK_WIDGET (self->values_entry));
  self->count_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (1, BG_SWEEP_MAX_VALUES, 1));
  gtk_spin_button_set_value (self->count_spin, SWEEP_DEFAULT_RUNS);
  values_labelled (values_row, _("_Runs"), GTK_WIDGET (self->count_spin));
  self->var_drop = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->outputs)), NULL));
  gtk_drop_down_set_enable_search (self->var_drop, TRUE);
  values_labelled (plot_row, _("P_lot"), GTK_WIDGET (self->var_drop));
  gtk_box_append (GTK_BOX (plot_row), _bg_analysis_pane_action_button (_("_Run Sweep"), "analysis.sweep"));
  gtk_box_append (GTK_BOX (plot_row), _bg_analysis_pane_action_button (_("_Stop"), "analysis.cancel"));
  gtk_box_append (GTK_BOX (page), row);
  gtk_box_append (GTK_BOX (page), values_row);
  gtk_box_append (GTK_BOX (page), plot_row);

  self->sweep_renderer = bg_plot_renderer_new ();
  /* as tall as the runs need to be read (it was squeezed to 30 px) */
  self->sweep_area = bg_plot_area_new (self->sweep_renderer);
  gtk_box_append (GTK_BOX (page), self->sweep_area);
  self->sweep_status =
    _bg_analysis_pane_add_status (page,
                                  _("One run per value, in parallel; the runs are overlaid as they finish"));
  return page;
}

