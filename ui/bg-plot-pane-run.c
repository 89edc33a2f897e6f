/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-run.c — the plot pane's run.
 *
 * Owns: compiling the document into a run that records the plotted
 * variables, the memory check before it starts, starting it in its worker
 * thread and stopping it (a new run cancels the previous one), the
 * progress in the header (simulated of end time, wall-clock time), the
 * stale tag after an edit, and the status line when it ends. Partial
 * results reach the plot view, which follows the run itself.
 * Must not: edit the model, or read more of the settings than live-plot and
 * max-memory. A finished run is handed to the kept runs
 * (bg-plot-pane-runs.c) with the parameters it was compiled with.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-model-flatten.h"
#include "bg-plot-pane-private.h"
#include "bg-si-format.h"

/* The run ------------------------------------------------------------------------ */

void
_bg_plot_pane_update_progress (BgPlotPane *self)
{
  g_autofree char *t = NULL;
  g_autofree char *t_end = NULL;
  g_autofree char *text = NULL;
  double elapsed;

  if (self->run == NULL)
    {
      gtk_progress_bar_set_fraction (self->progress, 0);
      gtk_label_set_label (self->progress_label, _("Not run yet (F5 runs)"));
      gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (self->progress)), NULL);
      return;
    }

  t = bg_si_format (bg_simulation_run_get_time (self->run), "s");
  t_end = bg_si_format (bg_plan_get_t_end (bg_simulation_run_get_plan (self->run)), "s");
  elapsed = bg_simulation_run_get_elapsed (self->run);
  /* TRANSLATORS: simulated time of end time, kept short: it stands above
   * the progress bar in the plot pane's header */
  text = g_strdup_printf (_("t = %s of %s"), t, t_end);
  gtk_progress_bar_set_fraction (self->progress, bg_simulation_run_get_fraction (self->run));
  gtk_label_set_label (self->progress_label, text);
  g_free (text);
  /* TRANSLATORS: simulated time, end time, wall-clock seconds */
  text = g_strdup_printf (_("Simulated %s of %s in %.2f s of wall-clock time"), t, t_end, elapsed);
  gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (self->progress)), text);
}

void
_bg_plot_pane_update_stale (BgPlotPane *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->stale_label),
                          self->run != NULL && bg_simulation_run_get_stale (self->run));
}

static char *
finished_text (BgSimulationRun *run)
{
  const BgSimReport *report = bg_simulation_run_get_report (run);
  const GError *error = bg_simulation_run_get_error (run);
  g_autofree char *t = bg_si_format (report->t, "s");
  g_autofree char *elapsed = bg_si_format (bg_simulation_run_get_elapsed (run), "s");
  g_autofree char *steps = g_strdup_printf ("%" G_GUINT64_FORMAT, report->n_steps);

  switch (report->status)
    {
    case BG_SIM_STATUS_FINISHED:
      /* TRANSLATORS: end time, wall-clock time, number of solver steps */
      return g_strdup_printf (_("Finished at t = %s in %s (%s solver steps)"),
                              t, elapsed, steps);
    case BG_SIM_STATUS_EVENT:
      return g_strdup (report->message);
    case BG_SIM_STATUS_CANCELLED:
      return g_strdup_printf (_("Stopped at t = %s"), t);
    case BG_SIM_STATUS_FAILED:
    default:
      return g_strdup_printf (_("Simulation failed: %s"),
                              error != NULL ? error->message
                              : report->message != NULL ? report->message : "");
    }
}

static void
run_progress_cb (BgPlotPane      *self,
                 BgSimulationRun *run)
{
  _bg_plot_pane_update_progress (self);
}

static void
run_finished_cb (BgPlotPane      *self,
                 BgSimulationRun *run)
{
  g_autofree char *text = finished_text (run);

  _bg_plot_pane_set_status (self, text);
  _bg_plot_pane_update_progress (self);
  _bg_plot_pane_keep_run (self, run);
  _bg_plot_pane_notify_running (self);
  _bg_plot_pane_emit_run_finished (self);
}

static void
run_notify_stale_cb (BgPlotPane      *self,
                     GParamSpec      *pspec,
                     BgSimulationRun *run)
{
  _bg_plot_pane_update_stale (self);
}

/* Forgets the current run, cancelling it if it still runs; its late
 * "finished" reaches nobody. */
void
_bg_plot_pane_drop_run (BgPlotPane *self)
{
  gboolean was_running;

  if (self->run == NULL)
    return;
  was_running = bg_simulation_run_is_running (self->run);
  g_signal_handlers_disconnect_by_data (self->run, self);
  bg_simulation_run_stop (self->run);
  g_clear_object (&self->run);
  bg_plot_view_set_run (self->view, NULL);
  if (was_running)
    _bg_plot_pane_notify_running (self);
}

/* The "live-plot" setting when the schema is installed; live otherwise. */
static gboolean
bg_plot_pane_live_plot (BgPlotPane *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "org.bgmod.BGMod", TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "live-plot"))
    return TRUE;
  settings = g_settings_new_full (schema, NULL, NULL);
  return g_settings_get_boolean (settings, "live-plot");
}

/* The "max-memory" setting (MiB) in bytes when the schema is installed;
 * the default otherwise. */
guint64
_bg_plot_pane_max_memory (BgPlotPane *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "org.bgmod.BGMod", TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "max-memory"))
    return BG_SIMULATOR_DEFAULT_MAX_MEMORY;
  settings = g_settings_new_full (schema, NULL, NULL);
  return (guint64) g_settings_get_uint (settings, "max-memory") << 20;
}

/* A run that records the plotted variables besides the states. */
BgSimulationRun *
_bg_plot_pane_new_run (BgPlotPane *self, BgPlan *plan)
{
  g_auto(GStrv) names = bg_variable_picker_dup_selected (self->picker);
  g_autoptr(GArray) vars = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, names[i]);
      if (v > 0)
        g_array_append_val (vars, v);
    }
  return bg_simulation_run_new_recording (plan, (const guint *) vars->data, vars->len);
}

gboolean
bg_plot_pane_can_run (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);

  return self->document != NULL &&
         bg_causality_is_ok (bg_document_get_causality (self->document));
}

/* A model built from scratch has no chosen variables when it first runs:
 * it gets the usual ones of its elements, as an opened example does (shown,
 * not saved: running does not change the file). */
static void
bg_plot_pane_choose_default_vars (BgPlotPane *self)
{
  g_auto(GStrv) current = bg_variable_picker_dup_selected (self->picker);
  g_auto(GStrv) names = NULL;

  if (current != NULL && current[0] != NULL)
    return;
  names = bg_variable_picker_dup_default (bg_document_get_model (self->document));
  if (names != NULL && names[0] != NULL)
    _bg_plot_pane_show_vars (self, (const char *const *) names);
}

gboolean
bg_plot_pane_run (BgPlotPane  *self,
                  GError     **error)
{
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgSimulationRun) run = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  /* Components run as their flat graph (bg-model-flatten.h). With energy
   * accounts: the Energy page shows the run's balance (the same states and
   * variables; the solver adds the quadratures), and the power-flow view
   * reads every element's stored energy and losses (bg-power-flow.h). */
  plan = bg_compiler_compile_with_energy (bg_document_get_flat_model (self->document),
                                          bg_document_get_flat_causality (self->document),
                                          NULL, &local_error);
  if (plan == NULL)
    {
      _bg_plot_pane_set_status (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  bg_plot_pane_choose_default_vars (self);
  run = _bg_plot_pane_new_run (self, plan);
  bg_simulation_run_enable_energy (run);
  if (!bg_simulator_check_memory (plan, bg_simulation_run_get_result (run),
                                  _bg_plot_pane_max_memory (self), &local_error))
    {
      g_autofree char *message =
        g_strdup_printf ("%s %s", local_error->message,
                         _("Or raise the limit (in MiB): gsettings set org.bgmod.BGMod max-memory 4096"));
      _bg_plot_pane_set_status (self, message);
      g_set_error_literal (error, local_error->domain, local_error->code, message);
      return FALSE;
    }

  bg_plot_pane_compare (self, NULL, NULL);
  _bg_plot_pane_drop_run (self);
  self->run = g_steal_pointer (&run);
  /* what it ran with, kept with it (later edits leave it) */
  g_clear_pointer (&self->run_params, bg_run_params_unref);
  self->run_params = bg_run_params_new_from_model (bg_document_get_flat_model (self->document));
  g_signal_connect_object (self->run, "progress", G_CALLBACK (run_progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (run_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "notify::stale", G_CALLBACK (run_notify_stale_cb), self,
                           G_CONNECT_SWAPPED);
  bg_plot_view_set_live (self->view, bg_plot_pane_live_plot (self));
  bg_plot_view_set_run (self->view, self->run);
  _bg_plot_pane_update_ghosts (self);
  bg_simulation_run_start (self->run);

  _bg_plot_pane_set_status (self, _("Running…"));
  _bg_plot_pane_update_progress (self);
  _bg_plot_pane_update_stale (self);
  _bg_plot_pane_actions_update (self);
  _bg_plot_pane_notify_running (self);

  return TRUE;
}

void
bg_plot_pane_stop (BgPlotPane *self)
{
  g_return_if_fail (BG_IS_PLOT_PANE (self));

  if (self->run != NULL)
    bg_simulation_run_stop (self->run);
}

gboolean
bg_plot_pane_is_running (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);

  return self->run != NULL && bg_simulation_run_is_running (self->run);
}

BgSimulationRun *
bg_plot_pane_get_run (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->run;
}

const char *
bg_plot_pane_get_status_text (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->status_text;
}
