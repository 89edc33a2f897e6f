/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane.c — the window's bottom pane: runs and their plots.
 *
 * Owns: the current run of its document and the pane header that reports
 * it, the plot view and the variable picker, the chosen variables (in the
 * model's view JSON), the plot.* actions and the export file chooser.
 * Must not: edit the model other than its view JSON, draw the graph, or
 * reach into the window (it reports through "run-finished" and "running").
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-last-folder.h"
#include "bg-plot-defaults.h"
#include "bg-plot-pane.h"
#include "bg-si-format.h"

#define PNG_SCALE 2.0

/* The PNG sizes and scales the export dialog offers (its "size" and "scale"
 * choices); 0 × 0 is the plot's size on screen. The default comes first:
 * GTK 4.8's own dialog ignores gtk_file_chooser_set_choice() and shows the
 * first option. */
typedef struct
{
  const char *id;
  int         width, height;
} PngSize;

static const PngSize png_sizes[] = {
  { "screen", 0, 0 },
  { "1280x720", 1280, 720 },
  { "1920x1080", 1920, 1080 },
  { "800x600", 800, 600 },
};
static const char *const png_scales[] = { "2", "1", "3", NULL };
static const char *const png_scale_labels[] = { "2×", "1×", "3×", NULL };

struct _BgPlotPane
{
  GtkWidget         parent_instance;

  BgDocument       *document;
  BgSimulationRun  *run;
  gboolean          presentation;
  char             *status_text;

  GtkWidget        *header;
  GtkProgressBar   *progress;
  GtkLabel         *progress_label;
  GtkLabel         *status_label;
  GtkLabel         *stale_label;
  GtkMenuButton    *vars_button;
  BgVariablePicker *picker;
  BgPlotView       *view;
};

enum { PROP_0, PROP_RUNNING, PROP_PRESENTATION, N_PROPS };
enum { SIGNAL_RUN_FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgPlotPane, bg_plot_pane, GTK_TYPE_WIDGET)

static BgModel *
bg_plot_pane_model (BgPlotPane *self)
{
  return self->document != NULL ? bg_document_get_model (self->document) : NULL;
}

/* Header ------------------------------------------------------------------------ */

static void
bg_plot_pane_set_status (BgPlotPane *self,
                         const char *text)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text != NULL ? text : "");
  gtk_label_set_label (self->status_label, self->status_text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), self->status_text);
}

static void
bg_plot_pane_actions_update (BgPlotPane *self)
{
  gboolean has_run = self->run != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.reset-view", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-png", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-svg", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-csv", has_run);
}

static void
bg_plot_pane_update_progress (BgPlotPane *self)
{
  g_autofree char *t = NULL;
  g_autofree char *t_end = NULL;
  g_autofree char *text = NULL;
  double elapsed;

  if (self->run == NULL)
    {
      gtk_progress_bar_set_fraction (self->progress, 0);
      gtk_label_set_label (self->progress_label, _("Not run yet (F5 runs)"));
      gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (self->progress_label)), NULL);
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
  gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (self->progress_label)), text);
}

static void
bg_plot_pane_update_stale (BgPlotPane *self)
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

/* The run ------------------------------------------------------------------------ */

static void
run_progress_cb (BgPlotPane      *self,
                 BgSimulationRun *run)
{
  bg_plot_pane_update_progress (self);
}

static void
run_finished_cb (BgPlotPane      *self,
                 BgSimulationRun *run)
{
  g_autofree char *text = finished_text (run);

  bg_plot_pane_set_status (self, text);
  bg_plot_pane_update_progress (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_RUN_FINISHED], 0);
}

static void
run_notify_stale_cb (BgPlotPane      *self,
                     GParamSpec      *pspec,
                     BgSimulationRun *run)
{
  bg_plot_pane_update_stale (self);
}

/* Forgets the current run, cancelling it if it still runs; its late
 * "finished" reaches nobody. */
static void
bg_plot_pane_drop_run (BgPlotPane *self)
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
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
static guint64
bg_plot_pane_max_memory (BgPlotPane *self)
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
static BgSimulationRun *
bg_plot_pane_new_run (BgPlotPane *self, BgPlan *plan)
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

static void bg_plot_pane_show_vars (BgPlotPane        *self,
                                    const char *const *names);

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
    bg_plot_pane_show_vars (self, (const char *const *) names);
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

  plan = bg_compiler_compile (bg_document_get_model (self->document),
                              bg_document_get_causality (self->document),
                              NULL, &local_error);
  if (plan == NULL)
    {
      bg_plot_pane_set_status (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  bg_plot_pane_choose_default_vars (self);
  run = bg_plot_pane_new_run (self, plan);
  if (!bg_simulator_check_memory (plan, bg_simulation_run_get_result (run),
                                  bg_plot_pane_max_memory (self), &local_error))
    {
      g_autofree char *message =
        g_strdup_printf ("%s %s", local_error->message,
                         _("Or raise the limit (in MiB): gsettings set org.bgmod.BGMod max-memory 4096"));
      bg_plot_pane_set_status (self, message);
      g_set_error_literal (error, local_error->domain, local_error->code, message);
      return FALSE;
    }

  bg_plot_pane_drop_run (self);
  self->run = g_steal_pointer (&run);
  g_signal_connect_object (self->run, "progress", G_CALLBACK (run_progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "finished", G_CALLBACK (run_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run, "notify::stale", G_CALLBACK (run_notify_stale_cb), self,
                           G_CONNECT_SWAPPED);
  bg_plot_view_set_live (self->view, bg_plot_pane_live_plot (self));
  bg_plot_view_set_run (self->view, self->run);
  bg_simulation_run_start (self->run);

  bg_plot_pane_set_status (self, _("Running…"));
  bg_plot_pane_update_progress (self);
  bg_plot_pane_update_stale (self);
  bg_plot_pane_actions_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);

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

/* Variables ------------------------------------------------------------------ */

static void
bg_plot_pane_show_vars (BgPlotPane        *self,
                        const char *const *names)
{
  bg_variable_picker_set_selected (self->picker, names);
  bg_plot_view_set_vars (self->view, names);
}

void
bg_plot_pane_set_vars (BgPlotPane        *self,
                       const char *const *names)
{
  g_return_if_fail (BG_IS_PLOT_PANE (self));

  bg_plot_pane_show_vars (self, names);
  if (bg_plot_pane_model (self) != NULL)
    bg_variable_picker_save (bg_plot_pane_model (self), names);
}

GStrv
bg_plot_pane_dup_vars (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return bg_variable_picker_dup_selected (self->picker);
}

void
bg_plot_pane_add_element_vars (BgPlotPane *self,
                               const char *element_id)
{
  g_auto(GStrv) current = NULL;
  g_auto(GStrv) added = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (element_id != NULL);

  if (bg_plot_pane_model (self) == NULL)
    return;
  current = bg_plot_pane_dup_vars (self);
  added = bg_variable_picker_dup_element_vars (bg_plot_pane_model (self), element_id);
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) current);
  for (guint i = 0; added[i] != NULL; i++)
    if (!g_strv_contains ((const char *const *) current, added[i]))
      g_strv_builder_add (builder, added[i]);
  names = g_strv_builder_end (builder);
  bg_plot_pane_set_vars (self, (const char *const *) names);
}

static void
picker_selection_changed_cb (BgPlotPane       *self,
                             BgVariablePicker *picker)
{
  g_auto(GStrv) names = bg_variable_picker_dup_selected (picker);

  bg_plot_view_set_vars (self->view, (const char *const *) names);
  if (bg_plot_pane_model (self) != NULL)
    bg_variable_picker_save (bg_plot_pane_model (self), (const char *const *) names);
}

/* Document ------------------------------------------------------------------------ */

static void
model_changed_cb (BgPlotPane *self,
                  BgModel    *model)
{
  if (self->run != NULL)
    bg_simulation_run_set_stale (self->run, TRUE);
}

void
bg_plot_pane_set_document (BgPlotPane *self,
                           BgDocument *document)
{
  g_auto(GStrv) names = NULL;
  BgModel *model;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (document == NULL || BG_IS_DOCUMENT (document));

  if (document == self->document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
  bg_plot_pane_drop_run (self);
  g_set_object (&self->document, document);
  bg_plot_pane_set_status (self, "");
  bg_plot_pane_update_progress (self);
  bg_plot_pane_update_stale (self);
  bg_plot_pane_actions_update (self);

  model = bg_plot_pane_model (self);
  bg_variable_picker_set_model (self->picker, model);
  if (model == NULL)
    return;
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);

  names = bg_plot_defaults_dup_shown (model);
  bg_plot_pane_show_vars (self, (const char *const *) names);
}

/* Export ------------------------------------------------------------------------ */

/* The plot's size on screen, at least 320 × 200 (a hidden pane has none). */
static void
bg_plot_pane_screen_size (BgPlotPane *self,
                          int        *width,
                          int        *height)
{
  *width = MAX (gtk_widget_get_width (GTK_WIDGET (self->view)), 320);
  *height = MAX (gtk_widget_get_height (GTK_WIDGET (self->view)), 200);
}

gboolean
bg_plot_pane_export_png (BgPlotPane  *self,
                         const char  *path,
                         int          width,
                         int          height,
                         double       scale,
                         GError     **error)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (width <= 0 || height <= 0)
    bg_plot_pane_screen_size (self, &width, &height);
  return bg_plot_view_write_png (self->view, path, width, height, scale, error);
}

gboolean
bg_plot_pane_export (BgPlotPane  *self,
                     const char  *path,
                     GError     **error)
{
  int width, height;

  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  bg_plot_pane_screen_size (self, &width, &height);

  if (g_str_has_suffix (path, ".csv"))
    return bg_plot_view_write_csv (self->view, path, error);
  if (g_str_has_suffix (path, ".svg"))
    return bg_plot_view_write_svg (self->view, path, width, height, 1.0, error);
  return bg_plot_pane_export_png (self, path, width, height, PNG_SCALE, error);
}

/* The PNG size and scale chosen in the dialog; the defaults for unknown
 * answers. */
static void
png_choices (GtkFileChooser *chooser,
             int            *width,
             int            *height,
             double         *scale)
{
  const char *size = gtk_file_chooser_get_choice (chooser, "size");
  const char *scale_id = gtk_file_chooser_get_choice (chooser, "scale");

  *width = *height = 0;
  for (guint i = 0; size != NULL && i < G_N_ELEMENTS (png_sizes); i++)
    if (g_str_equal (size, png_sizes[i].id))
      {
        *width = png_sizes[i].width;
        *height = png_sizes[i].height;
      }
  *scale = PNG_SCALE;
  if (scale_id != NULL && g_strv_contains (png_scales, scale_id))
    *scale = g_ascii_strtod (scale_id, NULL);
}

/* Writes the format the menu item asked for, whatever the name's suffix. */
static gboolean
bg_plot_pane_export_chosen (BgPlotPane     *self,
                            GtkFileChooser *chooser,
                            const char     *format,
                            const char     *path,
                            char          **done,
                            GError        **error)
{
  g_autofree char *name = g_path_get_basename (path);
  int width, height;
  double scale;

  if (g_str_equal (format, "csv"))
    {
      *done = g_strdup_printf (_("Exported %s"), name);
      return bg_plot_view_write_csv (self->view, path, error);
    }
  if (g_str_equal (format, "svg"))
    {
      bg_plot_pane_screen_size (self, &width, &height);
      *done = g_strdup_printf (_("Exported %s"), name);
      return bg_plot_view_write_svg (self->view, path, width, height, 1.0, error);
    }

  png_choices (chooser, &width, &height, &scale);
  if (width <= 0 || height <= 0)
    bg_plot_pane_screen_size (self, &width, &height);
  /* TRANSLATORS: the file name, then the image's width and height in pixels */
  *done = g_strdup_printf (_("Exported %s (%d × %d pixels)"), name,
                           (int) ceil (width * scale), (int) ceil (height * scale));
  return bg_plot_pane_export_png (self, path, width, height, scale, error);
}

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    BgPlotPane      *self)
{
  const char *format = g_object_get_data (G_OBJECT (native), "bg-export-format");
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *done = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL && g_file_peek_path (file) != NULL &&
      !bg_plot_pane_export_chosen (self, GTK_FILE_CHOOSER (native), format,
                                   g_file_peek_path (file), &done, &error))
    {
      g_autofree char *text = g_strdup_printf (_("Could not export the plot: %s"),
                                               error->message);
      bg_plot_pane_set_status (self, text);
    }
  else if (done != NULL)
    bg_plot_pane_set_status (self, done);

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

/* The PNG dialog's extra choices: the size (default: as on screen) and the
 * scale (default 2×), so the image is size × scale pixels. */
static void
add_png_choices (BgPlotPane     *self,
                 GtkFileChooser *chooser)
{
  const char *ids[G_N_ELEMENTS (png_sizes) + 1] = { NULL };
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  int width, height;

  bg_plot_pane_screen_size (self, &width, &height);
  for (guint i = 0; i < G_N_ELEMENTS (png_sizes); i++)
    {
      ids[i] = png_sizes[i].id;
      if (png_sizes[i].width > 0)
        g_ptr_array_add (labels, g_strdup_printf ("%d × %d", png_sizes[i].width,
                                                  png_sizes[i].height));
      else
        /* TRANSLATORS: the plot's width and height on screen */
        g_ptr_array_add (labels, g_strdup_printf (_("As on screen (%d × %d)"),
                                                  width, height));
    }
  g_ptr_array_add (labels, NULL);

  gtk_file_chooser_add_choice (chooser, "size", _("Size"), ids,
                               (const char **) labels->pdata);
  gtk_file_chooser_set_choice (chooser, "size", png_sizes[0].id);
  gtk_file_chooser_add_choice (chooser, "scale", _("Scale"), (const char **) png_scales,
                               (const char **) png_scale_labels);
  gtk_file_chooser_set_choice (chooser, "scale", png_scales[0]);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BgPlotPane *self = BG_PLOT_PANE (widget);
  const char *suffix = strrchr (action_name, '-') + 1;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;
  g_autofree char *pattern = g_strdup_printf ("*.%s", suffix);
  GtkFileChooserNative *native;
  GtkRoot *root = gtk_widget_get_root (widget);

  title = self->document != NULL ? bg_document_dup_title (self->document) : g_strdup ("plot");
  if (g_str_has_suffix (title, ".bgmod"))
    title[strlen (title) - strlen (".bgmod")] = '\0';
  name = g_strdup_printf ("%s.%s", title, suffix);

  native = gtk_file_chooser_native_new (_("Export Plot"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_object_set_data_full (G_OBJECT (native), "bg-export-format", g_strdup (suffix), g_free);
  gtk_file_filter_set_name (filter, g_str_equal (suffix, "png") ? _("PNG images")
                                    : g_str_equal (suffix, "svg") ? _("SVG drawings")
                                    : _("CSV tables"));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  if (g_str_equal (suffix, "png"))
    add_png_choices (self, GTK_FILE_CHOOSER (native));
  bg_last_folder_track (native);
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
reset_view_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  bg_plot_view_reset_view (BG_PLOT_PANE (widget)->view);
}

/* Presentation ------------------------------------------------------------------- */

static void
bg_plot_pane_set_presentation (BgPlotPane *self,
                               gboolean    presentation)
{
  presentation = !!presentation;
  if (self->presentation == presentation)
    return;
  self->presentation = presentation;
  bg_plot_view_set_presentation (self->view, presentation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

/* Widgets ------------------------------------------------------------------------ */

static GtkWidget *
icon_button (const char *icon,
             const char *action,
             const char *tooltip,
             gboolean    toggle)
{
  GtkWidget *button = toggle ? gtk_toggle_button_new () : gtk_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
bg_plot_pane_build_header (BgPlotPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *popover, *export_button, *progress_box;
  g_autoptr(GMenu) menu = g_menu_new ();

  gtk_widget_add_css_class (box, "plot-pane-header");
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);

  progress_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  gtk_widget_set_valign (progress_box, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (progress_box, 96, -1);
  self->progress_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->progress_label, 0);
  /* "Not run yet (F5 runs)" wraps rather than widening the pane past a
   * 1024-pixel screen in Russian presentation mode */
  gtk_label_set_wrap (self->progress_label, TRUE);
  gtk_label_set_wrap_mode (self->progress_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->progress_label, 2);
  gtk_label_set_ellipsize (self->progress_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->progress_label, 10);
  gtk_label_set_max_width_chars (self->progress_label, 28);
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "numeric");
  gtk_box_append (GTK_BOX (progress_box), GTK_WIDGET (self->progress_label));
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (GTK_BOX (progress_box), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (box), progress_box);

  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->status_label, PANGO_ELLIPSIZE_END);
  /* One line: the header stays one row high on a projector; the tooltip
   * and the window's status line say the whole message. */
  gtk_label_set_width_chars (self->status_label, 4);
  gtk_label_set_xalign (self->status_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "plot-status");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));

  self->stale_label = GTK_LABEL (gtk_label_new (_("stale: model changed since this run")));
  gtk_widget_add_css_class (GTK_WIDGET (self->stale_label), "stale-tag");
  /* a narrow window shortens the tag; its tooltip says it all */
  gtk_label_set_ellipsize (self->stale_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->stale_label, 6);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stale_label),
                               _("The model was edited after this run started; run again (F5) to update the plot."));
  gtk_widget_set_visible (GTK_WIDGET (self->stale_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stale_label));

  gtk_box_append (GTK_BOX (box),
                  icon_button ("display-projector-symbolic", "plot.presentation",
                               _("Large Text and Lines for a Projector"), TRUE));
  gtk_box_append (GTK_BOX (box),
                  icon_button ("zoom-fit-best-symbolic", "plot.reset-view",
                               _("Show the Whole Run (double-click the plot)"), FALSE));

  self->picker = BG_VARIABLE_PICKER (bg_variable_picker_new ());
  g_signal_connect_object (self->picker, "selection-changed",
                           G_CALLBACK (picker_selection_changed_cb), self, G_CONNECT_SWAPPED);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->picker));
  self->vars_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_label (self->vars_button, _("_Variables"));
  gtk_menu_button_set_use_underline (self->vars_button, TRUE);
  gtk_menu_button_set_popover (self->vars_button, popover);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->vars_button),
                               _("Choose the Plotted Variables (double-click an element to add its own)"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->vars_button));

  g_menu_append (menu, _("Export _PNG…"), "plot.export-png");
  g_menu_append (menu, _("Export _SVG…"), "plot.export-svg");
  g_menu_append (menu, _("Export _CSV (visible time range)…"), "plot.export-csv");
  export_button = gtk_menu_button_new ();
  /* an icon: the pane's header must fit beside both sidebars at 1024 px */
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (export_button), "document-send-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export_button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (export_button, _("Export the Plot"));
  gtk_box_append (GTK_BOX (box), export_button);

  return box;
}

BgPlotView *
bg_plot_pane_get_view (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->view;
}

BgVariablePicker *
bg_plot_pane_get_picker (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->picker;
}

GtkWidget *
bg_plot_pane_new (void)
{
  return g_object_new (BG_TYPE_PLOT_PANE, NULL);
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_plot_pane_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, bg_plot_pane_is_running (self));
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, self->presentation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_plot_pane_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  switch (prop_id)
    {
    case PROP_PRESENTATION:
      bg_plot_pane_set_presentation (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_plot_pane_dispose (GObject *object)
{
  BgPlotPane *self = BG_PLOT_PANE (object);
  GtkWidget *child;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      bg_simulation_run_stop (self->run);
      g_clear_object (&self->run);
    }
  g_clear_object (&self->document);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bg_plot_pane_parent_class)->dispose (object);
}

static void
bg_plot_pane_finalize (GObject *object)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  g_free (self->status_text);

  G_OBJECT_CLASS (bg_plot_pane_parent_class)->finalize (object);
}

static void
bg_plot_pane_class_init (BgPlotPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_plot_pane_dispose;
  object_class->finalize = bg_plot_pane_finalize;
  object_class->get_property = bg_plot_pane_get_property;
  object_class->set_property = bg_plot_pane_set_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTATION] =
    g_param_spec_boolean ("presentation", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_RUN_FINISHED] =
    g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "plot.reset-view", NULL, reset_view_action);
  gtk_widget_class_install_action (widget_class, "plot.export-png", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "plot.export-svg", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "plot.export-csv", NULL, export_action);
  gtk_widget_class_install_property_action (widget_class, "plot.presentation", "presentation");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgplotpane");
}

static void
bg_plot_pane_init (BgPlotPane *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->status_text = g_strdup ("");
  self->header = bg_plot_pane_build_header (self);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
  gtk_widget_set_parent (gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), GTK_WIDGET (self));
  self->view = BG_PLOT_VIEW (bg_plot_view_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->view), GTK_WIDGET (self));

  bg_plot_pane_update_progress (self);
  bg_plot_pane_actions_update (self);
}
