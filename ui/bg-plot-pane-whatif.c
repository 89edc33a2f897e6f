/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-whatif.c — the plot pane's what-if runs.
 *
 * Owns: the runs a what-if slider asks for while it is dragged: the
 * document's text taken at the drag's first value (bg-whatif.h); jobs
 * (a copy compiled in a worker thread, then run in another), at most
 * MAX_JOBS at a time (one per core, at most two), the latest value waiting
 * behind them; a job cancelled as stale when a newer value waits and it
 * has run STALE_MS, or when a job started after it has finished first;
 * the newest finished run shown in colour with the kept runs faintly
 * behind it (its parameters are the legend's reference), never an older
 * one after it; the spinner while a job takes longer than SPINNER_MS; and
 * the end of the drag (what still runs is dropped; a kept value is run as
 * the document). Must not: edit the model, keep what-if runs in the
 * history, or wait for a worker on the main thread.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-plot-pane-private.h"
#include "bg-run-label.h"
#include "bg-whatif.h"

#define STALE_MS 100
#define SPINNER_MS 150
#define MAX_JOBS 2

/* Jobs at a time: one per core, at most MAX_JOBS. */
static guint
max_jobs (void)
{
  return CLAMP (g_get_num_processors (), 1, MAX_JOBS);
}

/* One value on its way: compiling (run NULL), then running. */
typedef struct
{
  guint64          seq;         /* order of starting */
  double           value;
  gint64           start;       /* monotonic µs */
  GCancellable    *cancellable;
  BgSimulationRun *run;
  BgRunParams     *params;
} Job;

typedef struct _BgPlotPaneWhatIf
{
  BgWhatIfSource  *source;     /* the document at the drag's start, or NULL */
  char            *element;
  char            *param;

  GPtrArray       *jobs;       /* Job*, oldest first */
  guint64          next_seq;
  guint64          shown_seq;  /* the job shown last (0: none) */

  gboolean         has_pending;
  double           pending_value;

  BgSimulationRun *shown;      /* the last finished one, in the view */
  BgRunParams     *shown_params;
  double           shown_value;
  guint            n_shown;
  guint            spinner_source;
} WhatIf;

enum { SIGNAL_WHATIF_SHOWN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void start_job (BgPlotPane *self, double value);

/* The spinner --------------------------------------------------------------------- */

static gboolean
spinner_timeout_cb (gpointer data)
{
  BgPlotPane *self = data;

  self->whatif->spinner_source = 0;
  gtk_spinner_start (self->spinner);
  return G_SOURCE_REMOVE;
}

static void
spinner_update (BgPlotPane *self)
{
  WhatIf *w = self->whatif;

  if (w->jobs->len > 0)
    {
      if (w->spinner_source == 0 && !gtk_spinner_get_spinning (self->spinner))
        w->spinner_source = g_timeout_add (SPINNER_MS, spinner_timeout_cb, self);
      return;
    }
  g_clear_handle_id (&w->spinner_source, g_source_remove);
  gtk_spinner_stop (self->spinner);
}

/* The status line ------------------------------------------------------------------ */

/* The unit of the parameter dragged, from the document's element. */
static const char *
param_unit (BgPlotPane *self)
{
  WhatIf *w = self->whatif;
  BgElement *element = bg_model_find_element (bg_document_get_model (self->document), w->element);

  for (guint i = 0; element != NULL && i < element->spec->n_params; i++)
    if (g_str_equal (element->spec->params[i].name, w->param))
      return element->spec->params[i].unit;
  return "";
}

static void
status_for_value (BgPlotPane *self,
                  double      value)
{
  WhatIf *w = self->whatif;
  BgRunParam param = { w->element, w->param, (char *) param_unit (self), BG_PARAM_NUMBER, value,
                       NULL, NULL };
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;

  text = bg_run_label_dup_param (&param);
  /* TRANSLATORS: the plot pane's status while a what-if slider is
   * dragged: "What if B = 4 N·s/m?" */
  status = g_strdup_printf (_("What if %s?"), text);
  _bg_plot_pane_set_status (self, status);
}

/* Jobs ---------------------------------------------------------------------------- */

static void
job_cancel (Job *job)
{
  g_cancellable_cancel (job->cancellable);
  if (job->run != NULL)
    bg_simulation_run_stop (job->run);
}

/* Cancelled, and its late signals reach nobody. */
static void
job_free (gpointer data)
{
  Job *job = data;

  job_cancel (job);
  if (job->run != NULL)
    g_signal_handlers_disconnect_matched (job->run, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, job);
  g_clear_object (&job->cancellable);
  g_clear_object (&job->run);
  g_clear_pointer (&job->params, bg_run_params_unref);
  g_free (job);
}

static Job *
find_job (WhatIf       *w,
          GCancellable *cancellable)
{
  for (guint i = 0; i < w->jobs->len; i++)
    {
      Job *job = g_ptr_array_index (w->jobs, i);

      if (job->cancellable == cancellable)
        return job;
    }
  return NULL;
}

/* The job ended (finished, failed or cancelled): the value waiting, if
 * any, takes its place. */
static void
job_done (BgPlotPane *self,
          Job        *job)
{
  WhatIf *w = self->whatif;

  g_ptr_array_remove (w->jobs, job);
  if (w->has_pending && w->source != NULL && w->jobs->len < max_jobs ())
    {
      w->has_pending = FALSE;
      start_job (self, w->pending_value);
    }
  spinner_update (self);
}

static void
show_job (BgPlotPane *self,
          Job        *job)
{
  WhatIf *w = self->whatif;

  g_set_object (&w->shown, job->run);
  g_clear_pointer (&w->shown_params, bg_run_params_unref);
  w->shown_params = bg_run_params_ref (job->params);
  w->shown_value = job->value;
  w->shown_seq = job->seq;
  bg_plot_pane_compare (self, NULL, NULL);
  bg_plot_view_set_run (self->view, w->shown);
  _bg_plot_pane_update_ghosts (self);
  w->n_shown++;
  status_for_value (self, job->value);
  /* the jobs started before it are of older values: never shown after it */
  for (guint i = 0; i < w->jobs->len; i++)
    {
      Job *older = g_ptr_array_index (w->jobs, i);

      if (older->seq < job->seq)
        job_cancel (older);
    }
  g_signal_emit (self, signals[SIGNAL_WHATIF_SHOWN], 0, job->value);
}

static void
run_finished_cb (BgSimulationRun *run,
                 Job             *job)
{
  BgPlotPane *self = g_object_get_data (G_OBJECT (run), "bg-whatif-pane");
  const BgSimReport *report = bg_simulation_run_get_report (run);
  g_autoptr(BgSimulationRun) alive = g_object_ref (run);  /* through job_done */

  if ((report->status == BG_SIM_STATUS_FINISHED || report->status == BG_SIM_STATUS_EVENT) &&
      job->seq > self->whatif->shown_seq)
    show_job (self, job);
  else if (report->status == BG_SIM_STATUS_FAILED)
    _bg_plot_pane_set_status (self, bg_simulation_run_get_error (run) != NULL
                                    ? bg_simulation_run_get_error (run)->message : "");
  job_done (self, job);
}

static void
compiled_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  BgPlotPane *self = data;
  WhatIf *w = self->whatif;
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = NULL;
  BgRunParams *params = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  Job *job;

  plan = bg_whatif_compile_finish (result, &params, &error);
  /* a job dropped (end of the drag, another document) is nobody's */
  job = w != NULL ? find_job (w, cancellable) : NULL;
  if (job == NULL)
    {
      g_clear_pointer (&params, bg_run_params_unref);
      g_object_unref (self);
      return;
    }
  job->params = params;
  if (plan == NULL || g_cancellable_is_cancelled (cancellable))
    {
      if (plan == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _bg_plot_pane_set_status (self, error->message);
      job_done (self, job);
      g_object_unref (self);
      return;
    }
  job->run = _bg_plot_pane_new_run (self, plan);
  if (!bg_simulator_check_memory (plan, bg_simulation_run_get_result (job->run),
                                  _bg_plot_pane_max_memory (self), &error))
    {
      _bg_plot_pane_set_status (self, error->message);
      job_done (self, job);
      g_object_unref (self);
      return;
    }
  g_object_set_data (G_OBJECT (job->run), "bg-whatif-pane", self);
  g_signal_connect (job->run, "finished", G_CALLBACK (run_finished_cb), job);
  bg_simulation_run_start (job->run);
  g_object_unref (self);
}

static void
start_job (BgPlotPane *self,
           double      value)
{
  WhatIf *w = self->whatif;
  Job *job = g_new0 (Job, 1);

  job->seq = ++w->next_seq;
  job->value = value;
  job->start = g_get_monotonic_time ();
  job->cancellable = g_cancellable_new ();
  g_ptr_array_add (w->jobs, job);
  bg_whatif_compile_async (w->source, w->element, w->param, value, job->cancellable,
                           compiled_cb, g_object_ref (self));
  spinner_update (self);
}

static gboolean
value_on_its_way (WhatIf *w,
                  double  value)
{
  Job *newest = w->jobs->len > 0 ? g_ptr_array_index (w->jobs, w->jobs->len - 1) : NULL;

  return newest != NULL && newest->value == value;
}

/* Public calls -------------------------------------------------------------------- */

void
bg_plot_pane_whatif_preview (BgPlotPane *self,
                             const char *element,
                             const char *param,
                             double      value)
{
  WhatIf *w;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (element != NULL && param != NULL);

  w = self->whatif;
  if (w == NULL || self->document == NULL || !bg_plot_pane_can_run (self))
    return;
  if (w->source == NULL || g_strcmp0 (w->element, element) != 0 ||
      g_strcmp0 (w->param, param) != 0)
    {
      g_clear_pointer (&w->source, bg_whatif_source_unref);
      w->source = bg_whatif_source_new (bg_document_get_model (self->document));
      g_free (w->element);
      g_free (w->param);
      w->element = g_strdup (element);
      w->param = g_strdup (param);
    }
  if (value_on_its_way (w, value))
    {
      w->has_pending = FALSE;
      return;
    }
  if (w->jobs->len < max_jobs ())
    {
      w->has_pending = FALSE;
      start_job (self, value);
      return;
    }
  w->has_pending = TRUE;
  w->pending_value = value;
  /* a slow run of an old value gives way to the newest */
  {
    Job *oldest = g_ptr_array_index (w->jobs, 0);

    if (g_get_monotonic_time () - oldest->start >= STALE_MS * 1000)
      job_cancel (oldest);
  }
}

void
bg_plot_pane_whatif_end (BgPlotPane *self,
                         gboolean    committed)
{
  WhatIf *w;

  g_return_if_fail (BG_IS_PLOT_PANE (self));

  w = self->whatif;
  if (w == NULL)
    return;
  w->has_pending = FALSE;
  g_clear_pointer (&w->source, bg_whatif_source_unref);
  /* their late ends reach nobody */
  g_ptr_array_set_size (w->jobs, 0);
  w->shown_seq = 0;
  spinner_update (self);
  if (committed && self->document != NULL && bg_plot_pane_can_run (self))
    {
      /* the value is the model's now: its run is the last word */
      bg_plot_pane_run (self, NULL);
    }
  else if (w->shown != NULL)
    {
      bg_plot_view_set_run (self->view, self->run);
      _bg_plot_pane_update_ghosts (self);
      _bg_plot_pane_set_status (self, "");
    }
  g_clear_object (&w->shown);
  g_clear_pointer (&w->shown_params, bg_run_params_unref);
}

gboolean
bg_plot_pane_whatif_is_busy (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);

  return self->whatif != NULL && (self->whatif->jobs->len > 0 || self->whatif->has_pending);
}

guint
bg_plot_pane_whatif_get_n_shown (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), 0);

  return self->whatif != NULL ? self->whatif->n_shown : 0;
}

BgRunParams *
_bg_plot_pane_whatif_shown_params (BgPlotPane *self)
{
  WhatIf *w = self->whatif;

  if (w == NULL || w->shown == NULL || bg_plot_view_get_run (self->view) != w->shown)
    return NULL;
  return w->shown_params;
}

/* Life ---------------------------------------------------------------------------- */

void
_bg_plot_pane_whatif_init (BgPlotPane *self)
{
  self->whatif = g_new0 (WhatIf, 1);
  self->whatif->jobs = g_ptr_array_new_with_free_func (job_free);
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->spinner),
                               _("The newest value is still running; the plot shows the last one finished"));
}

void
_bg_plot_pane_whatif_dispose (BgPlotPane *self)
{
  WhatIf *w = self->whatif;

  if (w == NULL)
    return;
  g_clear_pointer (&w->jobs, g_ptr_array_unref);
  g_clear_handle_id (&w->spinner_source, g_source_remove);
  g_clear_object (&w->shown);
  g_clear_pointer (&w->shown_params, bg_run_params_unref);
  g_clear_pointer (&w->source, bg_whatif_source_unref);
  g_free (w->element);
  g_free (w->param);
  g_clear_pointer (&self->whatif, g_free);
}

void
_bg_plot_pane_whatif_class_init (GObjectClass *object_class)
{
  signals[SIGNAL_WHATIF_SHOWN] =
    g_signal_new ("whatif-shown", G_TYPE_FROM_CLASS (object_class), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_DOUBLE);
}
