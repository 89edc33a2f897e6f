/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-export-dialog.c — the FMU export's choices and its worker thread
 * (see bg-fmu-export-dialog.h).
 *
 * Owns: the dialog's widgets, what the model offers (its plan's sources
 * with a waveform, its variables, a conflict that forbids the export),
 * the job (the model saved to text on the main thread, read back and
 * exported in a GTask thread, so the thread shares nothing with the
 * window) and the "exported" signal. Must not: keep the document past its
 * own life (it holds a reference while open), edit the model, or block the
 * main loop with the export.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-fmu-export.h"
#include "bg-fmu-export-dialog.h"
#include "bg-last-folder.h"
#include "bg-plot-defaults.h"
#include "bg-variable-picker.h"

struct _BgFmuExportDialog
{
  GtkWindow         parent_instance;

  BgDocument       *document;
  char             *file_name;
  GtkWidget        *choices;        /* everything the user chooses */
  GtkWidget        *v3_check, *v2_check;
  GtkWidget        *inputs_box;
  GPtrArray        *input_checks;   /* GtkCheckButton, data "bg-source-id" */
  BgVariablePicker *picker;
  GtkWidget        *problem_label;
  GtkWidget        *spinner, *busy_label;
  GtkWidget        *cancel_button, *export_button;
  char             *problem;
  gboolean          blocked;        /* the model cannot be exported */
  gboolean          busy;
};

G_DEFINE_FINAL_TYPE (BgFmuExportDialog, bg_fmu_export_dialog, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_EXPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the worker thread needs: nothing it shares with the window. */
typedef struct
{
  char   *model_text;
  gsize   model_length;
  int     version;
  GStrv   inputs, outputs;
  char   *path;
} ExportJob;

static void
export_job_free (gpointer data)
{
  ExportJob *job = data;

  g_free (job->model_text);
  g_strfreev (job->inputs);
  g_strfreev (job->outputs);
  g_free (job->path);
  g_free (job);
}

static void
update_state (BgFmuExportDialog *self)
{
  /* a model that cannot be exported offers nothing to choose */
  gtk_widget_set_visible (self->choices, !self->blocked);
  gtk_widget_set_sensitive (self->choices, !self->busy);
  gtk_widget_set_sensitive (self->export_button, !self->blocked && !self->busy);
  gtk_widget_set_sensitive (self->cancel_button, !self->busy);
  gtk_widget_set_visible (self->spinner, self->busy);
  gtk_spinner_set_spinning (GTK_SPINNER (self->spinner), self->busy);
  gtk_widget_set_visible (self->busy_label, self->busy);
  gtk_label_set_label (GTK_LABEL (self->problem_label), self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (self->problem_label, self->problem != NULL && !self->busy);
}

static void
set_problem (BgFmuExportDialog *self,
             char              *problem)
{
  g_free (self->problem);
  self->problem = problem;
  update_state (self);
}

/* Export job ---------------------------------------------------------------- */

static void
export_thread_cb (GTask        *task,
                  gpointer      source,
                  gpointer      data,
                  GCancellable *cancellable)
{
  ExportJob *job = data;
  g_autoptr(BgModel) model = NULL;
  GError *error = NULL;
  BgFmuExportOptions options = { 0 };

  model = bg_file_load_from_data (job->model_text, (gssize) job->model_length, &error);
  if (model == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  options.fmi_version = job->version;
  options.inputs = (const char *const *) job->inputs;
  options.outputs = (const char *const *) job->outputs;
  if (bg_fmu_export (model, &options, job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  BgFmuExportDialog *self = BG_FMU_EXPORT_DIALOG (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  self->busy = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* TRANSLATORS: why the FMU was not written */
      set_problem (self, g_strdup_printf (_("Could not export the FMU: %s"), error->message));
      return;
    }
  set_problem (self, NULL);
  g_signal_emit (self, signals[SIGNAL_EXPORTED], 0, job->path);
  gtk_window_destroy (GTK_WINDOW (self));
}

void
bg_fmu_export_dialog_export_to (BgFmuExportDialog *self,
                                const char        *path)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;
  ExportJob *job;

  g_return_if_fail (BG_IS_FMU_EXPORT_DIALOG (self));
  g_return_if_fail (path != NULL);

  if (self->busy || self->blocked)
    return;
  job = g_new0 (ExportJob, 1);
  job->model_text = bg_file_to_data (bg_document_get_model (self->document), &job->model_length);
  job->version = bg_fmu_export_dialog_get_version (self);
  job->inputs = bg_fmu_export_dialog_dup_inputs (self);
  job->outputs = bg_fmu_export_dialog_dup_outputs (self);
  job->path = g_str_has_suffix (path, ".fmu") ? g_strdup (path) : g_strconcat (path, ".fmu", NULL);

  base = g_path_get_basename (job->path);
  /* TRANSLATORS: shown while the FMU file is written */
  text = g_strdup_printf (_("Exporting %s…"), base);
  gtk_label_set_label (GTK_LABEL (self->busy_label), text);
  self->busy = TRUE;
  update_state (self);

  task = g_task_new (self, NULL, export_done_cb, NULL);
  g_task_set_task_data (task, job, export_job_free);
  g_task_run_in_thread (task, export_thread_cb);
}

/* The file chooser ----------------------------------------------------------- */

static void
chooser_response_cb (GtkNativeDialog   *native,
                     int                response,
                     BgFmuExportDialog *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL && g_file_peek_path (file) != NULL)
    bg_fmu_export_dialog_export_to (self, g_file_peek_path (file));
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BgFmuExportDialog *self = BG_FMU_EXPORT_DIALOG (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *native;

  if (self->busy || self->blocked)
    return;
  native = gtk_file_chooser_native_new (_("Export FMU"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("Functional Mock-up Units"));
  gtk_file_filter_add_pattern (filter, "*.fmu");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), self->file_name);
  bg_last_folder_track (native);
  g_signal_connect (native, "response", G_CALLBACK (chooser_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* What the model offers ------------------------------------------------------ */

static GtkWidget *
input_check_new (BgModel    *flat,
                 const char *id)
{
  const BgElement *el = bg_model_find_element (flat, id);
  g_autofree char *text = NULL;
  GtkWidget *check;

  if (el != NULL && el->label != NULL && *el->label != '\0')
    /* TRANSLATORS: a source that may become an FMU input: its id, its
     * kind and its label, e.g. "U — Effort source (battery)" */
    text = g_strdup_printf (_("%s — %s (%s)"), id, _(el->spec->name), el->label);
  else if (el != NULL)
    /* TRANSLATORS: a source that may become an FMU input: "U — Effort source" */
    text = g_strdup_printf (_("%s — %s"), id, _(el->spec->name));
  else
    text = g_strdup (id);
  check = gtk_check_button_new_with_label (text);
  g_object_set_data_full (G_OBJECT (check), "bg-source-id", g_strdup (id), g_free);
  return check;
}

/* The conflict or compile error that forbids the export, or the sources
 * that may become inputs. */
static void
read_model (BgFmuExportDialog *self)
{
  BgModel *flat = bg_document_get_flat_model (self->document);
  BgCausality *causality = bg_document_get_flat_causality (self->document);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_auto(GStrv) sources = NULL;
  g_auto(GStrv) outputs = NULL;

  if (flat == NULL || causality == NULL)
    {
      self->blocked = TRUE;
      set_problem (self, g_strdup (_("The model cannot be exported: it has errors to fix first.")));
      return;
    }
  if (!bg_causality_is_ok (causality))
    {
      const GPtrArray *errors = bg_causality_get_errors (causality);
      const BgDiagnostic *d = errors->len > 0 ? g_ptr_array_index (errors, 0) : NULL;

      self->blocked = TRUE;
      /* TRANSLATORS: the dialog's reason not to export; then the first conflict */
      set_problem (self, g_strdup_printf (_("The model has a causal conflict, so it has no equations to export. Fix it first (Explain Causality shows why): %s"),
                                          d != NULL ? d->message : ""));
      return;
    }
  plan = bg_compiler_compile (flat, causality, NULL, &error);
  if (plan == NULL)
    {
      self->blocked = TRUE;
      set_problem (self, g_strdup_printf (_("The model cannot be exported: %s"), error->message));
      return;
    }

  sources = bg_fmu_dup_input_candidates (plan);
  for (guint i = 0; sources[i] != NULL; i++)
    {
      GtkWidget *check = input_check_new (flat, sources[i]);

      g_ptr_array_add (self->input_checks, check);
      gtk_box_append (GTK_BOX (self->inputs_box), check);
    }
  if (sources[0] == NULL)
    {
      GtkWidget *none = gtk_label_new (_("The model has no source with a waveform."));

      gtk_label_set_xalign (GTK_LABEL (none), 0);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_box_append (GTK_BOX (self->inputs_box), none);
    }
  bg_variable_picker_set_model (self->picker, bg_document_get_model (self->document));
  outputs = bg_plot_defaults_dup_main (flat);
  bg_variable_picker_set_selected (self->picker, (const char *const *) outputs);
}

BgFmuExportDialog *
bg_fmu_export_dialog_new (GtkWindow  *parent,
                          BgDocument *document,
                          const char *file_name)
{
  BgFmuExportDialog *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (BG_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (file_name != NULL, NULL);

  self = g_object_new (BG_TYPE_FMU_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  self->file_name = g_strdup (file_name);
  read_model (self);
  update_state (self);
  return self;
}

int
bg_fmu_export_dialog_get_version (BgFmuExportDialog *self)
{
  g_return_val_if_fail (BG_IS_FMU_EXPORT_DIALOG (self), 3);

  return gtk_check_button_get_active (GTK_CHECK_BUTTON (self->v2_check)) ? 2 : 3;
}

GStrv
bg_fmu_export_dialog_dup_inputs (BgFmuExportDialog *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (BG_IS_FMU_EXPORT_DIALOG (self), NULL);

  for (guint i = 0; i < self->input_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->input_checks, i);

      if (gtk_check_button_get_active (check))
        g_strv_builder_add (builder, g_object_get_data (G_OBJECT (check), "bg-source-id"));
    }
  return g_strv_builder_end (builder);
}

GStrv
bg_fmu_export_dialog_dup_outputs (BgFmuExportDialog *self)
{
  g_return_val_if_fail (BG_IS_FMU_EXPORT_DIALOG (self), NULL);

  return bg_variable_picker_dup_selected (self->picker);
}

const char *
bg_fmu_export_dialog_get_problem (BgFmuExportDialog *self)
{
  g_return_val_if_fail (BG_IS_FMU_EXPORT_DIALOG (self), NULL);

  return self->problem;
}

gboolean
bg_fmu_export_dialog_is_busy (BgFmuExportDialog *self)
{
  g_return_val_if_fail (BG_IS_FMU_EXPORT_DIALOG (self), FALSE);

  return self->busy;
}

/* The window ------------------------------------------------------------------ */

static gboolean
bg_fmu_export_dialog_close_request (GtkWindow *window)
{
  /* the running export ends on its own; the dialog says how */
  return BG_FMU_EXPORT_DIALOG (window)->busy;
}

static void
bg_fmu_export_dialog_dispose (GObject *object)
{
  BgFmuExportDialog *self = BG_FMU_EXPORT_DIALOG (object);

  g_clear_object (&self->document);

  G_OBJECT_CLASS (bg_fmu_export_dialog_parent_class)->dispose (object);
}

static void
bg_fmu_export_dialog_finalize (GObject *object)
{
  BgFmuExportDialog *self = BG_FMU_EXPORT_DIALOG (object);

  g_free (self->file_name);
  g_free (self->problem);
  g_ptr_array_unref (self->input_checks);

  G_OBJECT_CLASS (bg_fmu_export_dialog_parent_class)->finalize (object);
}

static void
bg_fmu_export_dialog_class_init (BgFmuExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = bg_fmu_export_dialog_dispose;
  object_class->finalize = bg_fmu_export_dialog_finalize;
  window_class->close_request = bg_fmu_export_dialog_close_request;

  signals[SIGNAL_EXPORTED] =
    g_signal_new ("exported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "dialog.export", NULL, export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
heading_new (const char *text,
             const char *explanation)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *more = gtk_label_new (explanation);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (more), 0);
  gtk_label_set_wrap (GTK_LABEL (more), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (more), 56);
  gtk_widget_add_css_class (more, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), more);
  gtk_widget_set_margin_top (box, 6);
  return box;
}

static GtkWidget *
version_row_new (BgFmuExportDialog *self)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  self->v3_check = gtk_check_button_new_with_mnemonic (_("FMI _3.0"));
  self->v2_check = gtk_check_button_new_with_mnemonic (_("FMI _2.0 (for tools that read only 2.0)"));
  gtk_check_button_set_group (GTK_CHECK_BUTTON (self->v2_check), GTK_CHECK_BUTTON (self->v3_check));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->v3_check), TRUE);
  gtk_box_append (GTK_BOX (row), self->v3_check);
  gtk_box_append (GTK_BOX (row), self->v2_check);
  return row;
}

static GtkWidget *
actions_new (BgFmuExportDialog *self)
{
  GtkWidget *actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_margin_top (actions, 12);
  gtk_widget_set_hexpand (buttons, TRUE);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  self->spinner = gtk_spinner_new ();
  self->busy_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->busy_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->busy_label), PANGO_ELLIPSIZE_MIDDLE);
  self->cancel_button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->cancel_button), "window.close");
  self->export_button = gtk_button_new_with_mnemonic (_("_Export…"));
  gtk_widget_add_css_class (self->export_button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->export_button), "dialog.export");
  gtk_box_append (GTK_BOX (actions), self->spinner);
  gtk_box_append (GTK_BOX (actions), self->busy_label);
  gtk_box_append (GTK_BOX (buttons), self->cancel_button);
  gtk_box_append (GTK_BOX (buttons), self->export_button);
  gtk_box_append (GTK_BOX (actions), buttons);
  return actions;
}

static void
bg_fmu_export_dialog_init (BgFmuExportDialog *self)
{
  GtkWidget *content, *intro;

  self->input_checks = g_ptr_array_new ();
  gtk_window_set_title (GTK_WINDOW (self), _("Export FMU"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);

  intro = gtk_label_new (_("A Functional Mock-up Unit takes the model to other simulation tools. One file holds both Model Exchange (the tool integrates) and Co-Simulation (the FMU steps with its own solver)."));
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (intro), 56);

  self->problem_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->problem_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->problem_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->problem_label), 56);
  gtk_widget_add_css_class (self->problem_label, "error");

  self->choices = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->choices),
                  heading_new (_("Version"), _("FMI 3.0 is the current standard; choose 2.0 for tools that do not read 3.0 yet.")));
  gtk_box_append (GTK_BOX (self->choices), version_row_new (self));
  gtk_box_append (GTK_BOX (self->choices),
                  heading_new (_("Inputs"), _("A source ticked here loses its waveform: the other tool sets its value.")));
  self->inputs_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (self->choices), self->inputs_box);
  gtk_box_append (GTK_BOX (self->choices),
                  heading_new (_("Outputs"), _("The variables the other tool reads. Every state and parameter is in the FMU as well.")));
  self->picker = BG_VARIABLE_PICKER (bg_variable_picker_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->picker), TRUE);
  gtk_box_append (GTK_BOX (self->choices), GTK_WIDGET (self->picker));

  gtk_box_append (GTK_BOX (content), intro);
  gtk_box_append (GTK_BOX (content), self->problem_label);
  gtk_box_append (GTK_BOX (content), self->choices);
  gtk_box_append (GTK_BOX (content), actions_new (self));
  gtk_window_set_child (GTK_WINDOW (self), content);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->export_button);
}
