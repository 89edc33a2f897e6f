/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-application.c — the BGMod GtkApplication.
 *
 * Owns: application actions and every accelerator, opening command-line files
 * (one window per document), the About and shortcuts windows, the style
 * sheet, the list of the documents its windows show (kept in step with
 * window-added, window-removed and each window's notify::document), and
 * opening a window for each document the recovery dialog recovers.
 * Must not: hold documents of its own or edit models; windows do.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-application.h"
#include "bg-presentation-css.h"
#include "bg-preferences-window.h"
#include "bg-autosave.h"
#include "bg-recovery-dialog.h"
#include "bg-window.h"

struct _BgApplication
{
  GtkApplication  parent_instance;

  GSettings      *settings;
  BgAutosave     *autosave;
  GListStore     *documents;    /* BgDocument, of the BgWindows */
  gboolean        recovery_offered;
};

G_DEFINE_FINAL_TYPE (BgApplication, bg_application, GTK_TYPE_APPLICATION)

static BgWindow *
bg_application_get_bg_window (BgApplication *self,
                              gboolean       create)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  BgWindow *window;

  if (BG_IS_WINDOW (active))
    return BG_WINDOW (active);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (BG_IS_WINDOW (l->data))
      return l->data;

  if (!create)
    return NULL;

  window = bg_window_new (GTK_APPLICATION (self), NULL);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Open documents -------------------------------------------------------------- */

static gboolean
documents_contain (GListModel *documents,
                   BgDocument *document)
{
  guint n = g_list_model_get_n_items (documents);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(BgDocument) item = g_list_model_get_item (documents, i);

      if (item == document)
        return TRUE;
    }
  return FALSE;
}

/* The store follows the windows: new documents are appended first, then
 * the ones no window shows any more are removed. */
static void
bg_application_update_documents (BgApplication *self)
{
  g_autoptr(GPtrArray) shown = NULL;

  if (self->documents == NULL)
    return;
  shown = g_ptr_array_new ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (BG_IS_WINDOW (l->data))
      {
        BgDocument *document = bg_window_get_document (l->data);

        if (document != NULL && !g_ptr_array_find (shown, document, NULL))
          g_ptr_array_add (shown, document);
      }

  for (guint i = 0; i < shown->len; i++)
    if (!documents_contain (G_LIST_MODEL (self->documents), shown->pdata[i]))
      g_list_store_append (self->documents, shown->pdata[i]);

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->documents)); i-- > 0;)
    {
      g_autoptr(BgDocument) item = g_list_model_get_item (G_LIST_MODEL (self->documents), i);

      if (!g_ptr_array_find (shown, item, NULL))
        g_list_store_remove (self->documents, i);
    }
}

static void
window_notify_document_cb (BgApplication *self,
                           GParamSpec    *pspec,
                           BgWindow      *window)
{
  bg_application_update_documents (self);
}

static void
bg_application_window_added (GtkApplication *application,
                             GtkWindow      *window)
{
  BgApplication *self = BG_APPLICATION (application);

  GTK_APPLICATION_CLASS (bg_application_parent_class)->window_added (application, window);

  if (!BG_IS_WINDOW (window))
    return;
  g_signal_connect_object (window, "notify::document",
                           G_CALLBACK (window_notify_document_cb), self,
                           G_CONNECT_SWAPPED);
  bg_application_update_documents (self);
}

static void
bg_application_window_removed (GtkApplication *application,
                               GtkWindow      *window)
{
  BgApplication *self = BG_APPLICATION (application);

  GTK_APPLICATION_CLASS (bg_application_parent_class)->window_removed (application, window);

  if (!BG_IS_WINDOW (window))
    return;
  g_signal_handlers_disconnect_by_func (window, window_notify_document_cb, self);
  bg_application_update_documents (self);
}

/* Actions ------------------------------------------------------------------ */

static void
new_window_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  BgApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (bg_window_new (GTK_APPLICATION (self), NULL)));
}

static void
open_response_cb (GtkNativeDialog *native,
                  int              response,
                  BgApplication   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        bg_window_open_file (bg_application_get_bg_window (self, TRUE), file);
    }

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  BgApplication *self = user_data;
  BgWindow *window = bg_application_get_bg_window (self, FALSE);
  GtkFileChooserNative *native;

  native = bg_window_new_model_chooser (GTK_WINDOW (window), _("Open Model"),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  g_signal_connect_object (native, "response", G_CALLBACK (open_response_cb),
                           self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  BgApplication *self = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* each window asks about its own unsaved work */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  BgApplication *self = user_data;
  BgWindow *window = bg_application_get_bg_window (self, FALSE);
  const char *developers[] = { _("The BGMod developers"), NULL };

  gtk_show_about_dialog (GTK_WINDOW (window),
                         "program-name", _("BGMod"),
                         "logo-icon-name", BGMOD_APP_ID,
                         "version", BGMOD_VERSION,
                         "comments", _("Draw bond graphs, check their causality and simulate them"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", developers,
                         /* Translators: your name here, one per line */
                         "translator-credits", _("translator-credits"),
                         "modal", TRUE,
                         NULL);
}

/* Each window carries the shortcuts window as its help overlay, so the
 * accelerators shown are looked up from the window's own actions. */
static void
shortcuts_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  BgApplication *self = user_data;
  BgWindow *window = bg_application_get_bg_window (self, FALSE);

  if (window != NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
}

/* One Preferences window, over the active editor window. */
static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  BgApplication *self = user_data;
  BgWindow *window = bg_application_get_bg_window (self, FALSE);
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));
  GtkWidget *prefs = NULL;

  if (self->settings == NULL)
    return;
  for (GList *l = windows; prefs == NULL && l != NULL; l = l->next)
    if (BG_IS_PREFERENCES_WINDOW (l->data))
      prefs = l->data;
  if (prefs == NULL)
    {
      prefs = bg_preferences_window_new (GTK_WINDOW (window), self->settings);
      gtk_window_set_application (GTK_WINDOW (prefs), GTK_APPLICATION (self));
    }
  gtk_window_present (GTK_WINDOW (prefs));
}

static const GActionEntry app_entries[] = {
  { "preferences", preferences_activated },
  { "new-window", new_window_activated },
  { "open", open_activated },
  { "quit", quit_activated },
  { "about", about_activated },
  { "shortcuts", shortcuts_activated },
};

static const struct
{
  const char *action;
  const char *accels[4];
} app_accels[] = {
  { "app.new-window", { "<Control>n", NULL } },
  { "app.open", { "<Control>o", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.shortcuts", { "<Control>question", NULL } },
  { "win.component-reference('')", { "F1", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.zoom-in", { "<Control>plus", "<Control>equal", NULL } },
  { "win.zoom-out", { "<Control>minus", NULL } },
  { "win.zoom-reset", { "<Control>0", NULL } },
  { "win.zoom-fit", { "<Control>1", NULL } },
  { "win.presentation-mode", { "<Control><Shift>p", NULL } },
  { "win.show-palette", { "F9", NULL } },
  { "win.show-inspector", { "<Control>F9", NULL } },
  { "win.layout('diagram')", { "<Alt>1", NULL } },
  { "win.layout('both')", { "<Alt>2", NULL } },
  { "win.layout('plot')", { "<Alt>3", NULL } },
  { "win.show-bond-names", { "<Control><Shift>b", NULL } },
  { "win.power-flow", { "<Control><Shift>f", NULL } },
  { "win.explain-causality", { "<Control><Shift>e", NULL } },
  { "win.show-equations", { "F8", NULL } },
  { "win.show-energy", { "<Shift>F8", NULL } },
  { "win.export-diagram", { "<Control>e", NULL } },
  { "win.make-component", { "<Control>g", NULL } },
  { "win.run", { "F5", NULL } },
  { "win.stop", { "Escape", "<Shift>F5", NULL } },
  { "win.exercise-mode", { "<Control><Shift>x", NULL } },
  { "win.exercise-check", { "F7", NULL } },
  { "win.exercise-reveal", { "<Control><Shift>r", NULL } },
};

/* GApplication --------------------------------------------------------------- */

static void
bg_application_startup (GApplication *application)
{
  BgApplication *self = BG_APPLICATION (application);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (bg_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries,
                                   G_N_ELEMENTS (app_entries), self);
  for (guint i = 0; i < G_N_ELEMENTS (app_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           app_accels[i].action,
                                           app_accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/org/bgmod/BGMod/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  /* presentation mode's text at the default scale until a window sets its own */
  bg_presentation_css_set_scale (gdk_display_get_default (), 1.75);

  gtk_window_set_default_icon_name (BGMOD_APP_ID);

  {
    GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
    g_autoptr(GSettingsSchema) schema = NULL;

    if (source != NULL)
      schema = g_settings_schema_source_lookup (source, BGMOD_APP_ID, TRUE);
    if (schema != NULL)
      self->settings = g_settings_new_full (schema, NULL, NULL);
  }

  self->autosave = bg_autosave_new_for_documents (G_LIST_MODEL (self->documents),
                                                  self->settings);
}

/* Once per run, after the first window is shown: copies a crash left. */
static void
bg_application_offer_recovery_once (BgApplication *self)
{
  if (self->recovery_offered)
    return;

  self->recovery_offered = TRUE;
  bg_application_offer_recovery (self);
}

static void
bg_application_activate (GApplication *application)
{
  BgWindow *window = bg_application_get_bg_window (BG_APPLICATION (application), TRUE);

  gtk_window_present (GTK_WINDOW (window));
  bg_application_offer_recovery_once (BG_APPLICATION (application));
}

static void
bg_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  BgApplication *self = BG_APPLICATION (application);
  BgWindow *window = bg_application_get_bg_window (self, FALSE);

  if (window == NULL || !bg_document_is_pristine (bg_window_get_document (window)))
    window = bg_window_new (GTK_APPLICATION (self), NULL);
  gtk_window_present (GTK_WINDOW (window));

  /* the first file goes into the empty window, the others into new ones */
  for (int i = 0; i < n_files; i++)
    bg_window_open_file (window, files[i]);

  bg_application_offer_recovery_once (self);
}

static void
bg_application_dispose (GObject *object)
{
  BgApplication *self = BG_APPLICATION (object);

  g_clear_object (&self->autosave);
  g_clear_object (&self->settings);
  g_clear_object (&self->documents);

  G_OBJECT_CLASS (bg_application_parent_class)->dispose (object);
}

/* `bgmod --version` prints the version and exits without a window. */
static int
bg_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", "bgmod", BGMOD_VERSION);
      return 0;
    }

  return -1;
}

static void
bg_application_class_init (BgApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->dispose = bg_application_dispose;
  gtk_app_class->window_added = bg_application_window_added;
  gtk_app_class->window_removed = bg_application_window_removed;

  app_class->startup = bg_application_startup;
  app_class->activate = bg_application_activate;
  app_class->open = bg_application_open;
  app_class->handle_local_options = bg_application_handle_local_options;
}

static void
bg_application_init (BgApplication *self)
{
  self->documents = g_list_store_new (BG_TYPE_DOCUMENT);
  g_application_add_main_option (G_APPLICATION (self), "version", 0,
                                 G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _("Show the version and exit"), NULL);
  g_application_set_option_context_parameter_string (G_APPLICATION (self),
                                                     _("[MODEL.bgmod…]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Draw bond graphs, check their causality and simulate them"));
}

BgApplication *
bg_application_new (void)
{
  return g_object_new (BG_TYPE_APPLICATION,
                       "application-id", BGMOD_APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/bgmod/BGMod",
                       NULL);
}

GSettings *
bg_application_get_settings (BgApplication *self)
{
  g_return_val_if_fail (BG_IS_APPLICATION (self), NULL);

  return self->settings;
}

GListModel *
bg_application_get_documents (BgApplication *self)
{
  g_return_val_if_fail (BG_IS_APPLICATION (self), NULL);

  return G_LIST_MODEL (self->documents);
}

BgAutosave *
bg_application_get_autosave (BgApplication *self)
{
  g_return_val_if_fail (BG_IS_APPLICATION (self), NULL);

  return self->autosave;
}

/* A recovered document opens in a window of its own. */
static void
recovered_cb (BgApplication    *self,
              BgDocument       *document,
              BgRecoveryDialog *dialog)
{
  gtk_window_present (GTK_WINDOW (bg_window_new (GTK_APPLICATION (self), document)));
}

GtkWidget *
bg_application_offer_recovery (BgApplication *self)
{
  g_autoptr(GPtrArray) entries = NULL;
  GtkWindow *parent;
  GtkWidget *dialog;

  g_return_val_if_fail (BG_IS_APPLICATION (self), NULL);

  if (self->autosave == NULL)
    return NULL;

  entries = bg_autosave_scan (self->autosave);
  if (entries->len == 0)
    return NULL;

  dialog = bg_recovery_dialog_new (self->autosave, entries);
  g_signal_connect_object (dialog, "recovered", G_CALLBACK (recovered_cb), self,
                           G_CONNECT_SWAPPED);
  parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (dialog), parent);
  gtk_window_present (GTK_WINDOW (dialog));

  return dialog;
}
