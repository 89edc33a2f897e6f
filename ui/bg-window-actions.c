/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-actions.c — BgWindow's actions, their sensitivity and the menus
 * that list files (examples and recent models).
 *
 * Owns: win.save, win.save-as, win.undo, win.redo, win.close,
 * win.open-example(s), win.open-recent(s), win.select-culprits, the zoom
 * actions (forwarded to the canvas), win.presentation-mode,
 * win.show-palette and win.show-inspector (the sidebars),
 * win.show-bond-names (the canvas's bond ids), win.run and
 * win.stop, win.show-equations and win.show-energy (handled in bg-window-plot.c), the exercise actions
 * (bg-window-exercise.c), win.component-reference (bg-window-reference.c),
 * the component actions (bg-window-levels.c), all enabled
 * and disabled in _bg_window_actions_update; the model file chooser (for
 * save-as here and app.open).
 * Must not: lay out widgets or keep state outside BgWindow's struct.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-example-names.h"
#include "bg-file.h"
#include "bg-last-folder.h"
#include "bg-window-private.h"

#define MAX_RECENT 10

/* Save --------------------------------------------------------------------- */

typedef struct
{
  BgWindow *self;
  gboolean  close_after;
} SaveAsData;

static void
save_as_response_cb (GtkNativeDialog *native,
                     int              response,
                     SaveAsData      *data)
{
  BgWindow *self = data->self;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

  if (file != NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);

      /* a name without any extension gets ours */
      if (basename != NULL && strchr (basename, '.') == NULL)
        {
          g_autofree char *named = g_strconcat (basename, ".bgmod", NULL);
          g_autoptr(GFile) parent = g_file_get_parent (file);
          GFile *with_suffix = g_file_get_child (parent, named);

          g_object_unref (file);
          file = with_suffix;
        }

      if (!bg_window_save_to_file (self, file, &error))
        bg_window_show_error (self, _("Could not save the model"), error->message);
      else if (data->close_after)
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (data->self);
  g_free (data);
}

GtkFileChooserNative *
bg_window_new_model_chooser (GtkWindow            *parent,
                             const char           *title,
                             GtkFileChooserAction  action,
                             const char           *accept_label)
{
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (title != NULL && accept_label != NULL, NULL);

  native = gtk_file_chooser_native_new (title, parent, action,
                                        accept_label, _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  gtk_file_filter_set_name (filter, _("Bond graph models"));
  gtk_file_filter_add_pattern (filter, "*.bgmod");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), all);
  /* opens where the last chooser closed (the "last-folder" setting) */
  bg_last_folder_track (native);

  return native;
}

void
_bg_window_save_as (BgWindow *self,
                    gboolean  close_after)
{
  GtkFileChooserNative *native;
  GFile *file = bg_document_get_file (self->document);
  SaveAsData *data;

  native = bg_window_new_model_chooser (GTK_WINDOW (self), _("Save Model"),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));

  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), file, NULL);
  else
    {
      g_autofree char *title = bg_document_dup_title (self->document);
      g_autofree char *name = g_strconcat (title, ".bgmod", NULL);

      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }

  data = g_new0 (SaveAsData, 1);
  data->self = g_object_ref (self);
  data->close_after = close_after;
  g_signal_connect (native, "response", G_CALLBACK (save_as_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (bg_document_get_file (self->document) == NULL)
    {
      _bg_window_save_as (self, FALSE);
      return;
    }

  _bg_window_save_checked (self, FALSE);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  _bg_window_save_as (BG_WINDOW (widget), FALSE);
}

/* Editing ------------------------------------------------------------------ */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);

  bg_model_undo (bg_document_get_model (self->document));
  /* a field still showing what was typed (a refused "-1") shows the
   * model's value again */
  bg_inspector_show_model_values (self->inspector);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);

  bg_model_redo (bg_document_get_model (self->document));
  bg_inspector_show_model_values (self->inspector);
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

void
_bg_window_select_culprits (BgWindow *self)
{
  BgCausality *causality = bg_document_get_causality (self->document);
  const GPtrArray *errors = bg_causality_get_errors (causality);
  const BgDiagnostic *first;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) ids = NULL;

  if (errors->len == 0)
    return;
  /* with components: into the instances the conflict is in */
  if (bg_model_has_components (bg_document_get_model (self->document)))
    {
      _bg_window_levels_select_culprits (self);
      return;
    }

  first = g_ptr_array_index ((GPtrArray *) errors, 0);
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) first->elements);
  g_strv_builder_addv (builder, (const char **) first->bonds);
  ids = g_strv_builder_end (builder);

  bg_canvas_select_ids (self->canvas, (const char *const *) ids);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
select_culprits_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  _bg_window_select_culprits (BG_WINDOW (widget));
}

/* Examples and recent files ------------------------------------------------ */

static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  model = bg_file_load_path (path, &error);
  if (model == NULL)
    {
      bg_window_show_error (self, _("Could not open the example"), error->message);
      return;
    }

  /* An example opens as an untitled copy, so saving asks where to. */
  document = bg_document_new_for_model (model, NULL);

  if (bg_document_is_pristine (self->document))
    bg_window_set_document (self, document);
  else
    gtk_window_present (GTK_WINDOW (bg_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                                   document)));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  bg_window_open_file (BG_WINDOW (widget), file);
}

/* The example's own name, in the user's language when translated; the
 * file name when the file cannot be read (opening it will say why). */
static char *
example_label (const char *path,
               const char *basename)
{
  g_autoptr(BgModel) model = bg_file_load_path (path, NULL);
  const char *name = model != NULL ? bg_model_get_name (model) : NULL;

  if (name == NULL || *name == '\0')
    return g_strndup (basename, strlen (basename) - strlen (".bgmod"));
  return g_strdup (bg_example_name_translate (name));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

void
_bg_window_update_examples (BgWindow *self)
{
  g_autofree char *dir_path = bg_window_dup_examples_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_menu_remove_all (self->examples_menu);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      const char *basename = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (dir_path, basename, NULL);
      g_autofree char *label = example_label (path, basename);
      g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-example",
                                               g_variant_new_string (path));
      g_menu_append_item (self->examples_menu, item);
    }

  if (names->len == 0)
    g_menu_append (self->examples_menu, _("No examples installed"), "win.nothing");
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo *const *) a;
  GtkRecentInfo *ib = *(GtkRecentInfo *const *) b;

  return g_date_time_compare (gtk_recent_info_get_modified (ib),
                              gtk_recent_info_get_modified (ia));
}

void
_bg_window_update_recent (BgWindow *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent_manager);
  g_autoptr(GPtrArray) models = g_ptr_array_new ();

  g_menu_remove_all (self->recent_menu);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (g_str_has_suffix (gtk_recent_info_get_uri (info), ".bgmod") &&
          gtk_recent_info_exists (info))
        g_ptr_array_add (models, info);
    }
  g_ptr_array_sort (models, compare_recent);

  for (guint i = 0; i < models->len && i < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (models, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info),
                                                   NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent",
                                               g_variant_new_string (gtk_recent_info_get_uri (info)));
      g_menu_append_item (self->recent_menu, item);
    }

  if (models->len == 0)
    g_menu_append (self->recent_menu, _("No recent models"), "win.nothing");

  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* Sensitivity -------------------------------------------------------------- */

/* Does the first error name elements or bonds to select? */
static gboolean
has_culprits (BgCausality *causality)
{
  const GPtrArray *errors;
  const BgDiagnostic *first;

  if (causality == NULL)
    return FALSE;

  errors = bg_causality_get_errors (causality);
  if (errors->len == 0)
    return FALSE;

  first = g_ptr_array_index ((GPtrArray *) errors, 0);
  return g_strv_length (first->elements) + g_strv_length (first->bonds) > 0;
}

void
_bg_window_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  BgModel *model;
  BgCausality *causality;
  gboolean modified;

  if (self->document == NULL)
    return;

  model = bg_document_get_model (self->document);
  causality = bg_document_get_causality (self->document);
  modified = bg_document_get_modified (self->document);

  /* an untitled copy with content (an example) can be saved; an empty new
   * model cannot */
  gtk_widget_action_set_enabled (widget, "win.save",
                                 modified ||
                                 (bg_document_get_file (self->document) == NULL &&
                                  bg_model_get_elements (model)->len > 0));
  gtk_widget_action_set_enabled (widget, "win.undo", bg_model_can_undo (model));
  gtk_widget_action_set_enabled (widget, "win.redo", bg_model_can_redo (model));
  gtk_widget_action_set_enabled (widget, "win.select-culprits",
                                 has_culprits (causality));
  gtk_widget_action_set_enabled (widget, "win.nothing", FALSE);
  _bg_window_plot_actions_update (self);
  _bg_window_explain_actions_update (self);
  _bg_window_exercise_actions_update (self);
  _bg_window_levels_actions_update (self);
}

/* The zoom buttons and window accelerators use the canvas's own actions. */
static void
canvas_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  g_autofree char *name = g_strconcat ("canvas.", action_name + strlen ("win."), NULL);

  gtk_widget_activate_action (GTK_WIDGET (self->canvas), name, NULL);
}

static void
nothing_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
}

void
_bg_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s",
                                   open_example_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s",
                                   open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.select-culprits", NULL,
                                   select_culprits_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, canvas_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, canvas_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-reset", NULL, canvas_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, canvas_action);
  gtk_widget_class_install_property_action (widget_class, "win.presentation-mode",
                                            "presentation-mode");
  gtk_widget_class_install_property_action (widget_class, "win.layout", "layout");
  gtk_widget_class_install_property_action (widget_class, "win.show-palette",
                                            "show-palette");
  gtk_widget_class_install_property_action (widget_class, "win.show-inspector",
                                            "show-inspector");
  gtk_widget_class_install_property_action (widget_class, "win.show-bond-names",
                                            "show-bond-names");
  gtk_widget_class_install_action (widget_class, "win.run", NULL, _bg_window_run_action);
  gtk_widget_class_install_action (widget_class, "win.stop", NULL, _bg_window_stop_action);
  gtk_widget_class_install_action (widget_class, "win.show-equations", NULL,
                                   _bg_window_show_equations_action);
  gtk_widget_class_install_action (widget_class, "win.show-energy", NULL,
                                   _bg_window_show_energy_action);
  _bg_window_export_class_init (widget_class);
  _bg_window_reference_class_init (widget_class);
  _bg_window_exercise_class_init (widget_class);
  /* the placeholder entry of an empty file list: never enabled */
  gtk_widget_class_install_action (widget_class, "win.nothing", NULL, nothing_action);
}
