/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-library.c — the component library in the window.
 *
 * Owns: win.save-component (File ▸ Save Component to Library…): the
 * definition of the selected instance, or of the definition the canvas
 * shows, written to the user's component folder through a file chooser
 * that starts there, after which every window's palette lists it; inserting a
 * component of the library (a click in the palette's "My components", or
 * its row dropped on the canvas): its definition embedded when the model
 * lacks it, then an instance, as one undo step; the action's sensitivity.
 * Must not: read or write component files itself
 * (core/bg-component-library.c), or change the model other than through
 * bg_component_library_embed and the canvas's insertion.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-component-library.h"
#include "bg-definition.h"
#include "bg-file.h"
#include "bg-window-private.h"

/* Inserting ---------------------------------------------------------------- */

static gboolean
same_definition (const BgDefinition *a,
                 const BgDefinition *b)
{
  g_autofree char *text_a = bg_file_definition_to_data (a);
  g_autofree char *text_b = bg_file_definition_to_data (b);

  return strcmp (text_a, text_b) == 0;
}

gboolean
_bg_window_library_insert (BgWindow         *self,
                           BgComponentEntry *entry,
                           double            view_x,
                           double            view_y,
                           GError          **error)
{
  BgModel *document = bg_document_get_model (self->document);
  BgModel *shown = bg_canvas_get_model (self->canvas);
  const BgDefinition *source = bg_component_entry_get_definition (entry);
  const BgDefinition *def;
  g_autofree char *id = NULL;
  g_autofree char *label = NULL;
  BgElement *element;

  g_return_val_if_fail (BG_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (entry), FALSE);

  if (shown == NULL)
    return bg_canvas_insert_component (self->canvas, source->spec, view_x, view_y, error) != NULL;

  if (shown != document)
    {
      /* Inside a definition its edits are the canvas's: the component
       * must already be one of the model's. */
      def = bg_model_find_definition (document, source->name);
      if (def == NULL || !same_definition (def, source))
        {
          g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH,
                       _("Add %s to the model's top level first; then it can be used inside "
                         "other components"), source->name);
          return FALSE;
        }
      return bg_canvas_insert_component (self->canvas, def->spec, view_x, view_y, error) != NULL;
    }

  /* One step: the definitions the model lacks, then the instance. */
  id = bg_model_make_element_id (document, source->spec);
  label = g_strdup_printf (_("Add %s"), id);
  bg_model_begin_group (document, label);
  def = bg_component_library_embed (document, source, error);
  element = def != NULL ? bg_canvas_insert_component (self->canvas, def->spec, view_x, view_y, error)
                        : NULL;
  bg_model_end_group (document);
  /* a definition added for an instance that could not be: take it back */
  if (element == NULL && def != NULL && bg_model_can_undo (document)
      && g_strcmp0 (bg_model_get_undo_label (document), label) == 0)
    bg_model_undo (document);
  return element != NULL;
}

static void
library_component_activated_cb (BgWindow         *self,
                                BgComponentEntry *entry,
                                BgPalette        *palette)
{
  g_autoptr(GError) error = NULL;

  if (!_bg_window_library_insert (self, entry, NAN, NAN, &error))
    _bg_window_show_message (self, error->message);
}

static gboolean
entry_dropped_cb (GtkDropTarget *target,
                  const GValue  *value,
                  double         x,
                  double         y,
                  BgWindow      *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  g_autoptr(GError) error = NULL;
  graphene_point_t at;

  if (!G_VALUE_HOLDS (value, BG_TYPE_COMPONENT_ENTRY) || g_value_get_object (value) == NULL)
    return FALSE;
  /* the target is on the canvas's box; the point is the canvas's */
  if (!gtk_widget_compute_point (widget, GTK_WIDGET (self->canvas), &GRAPHENE_POINT_INIT (x, y), &at))
    return FALSE;
  if (!_bg_window_library_insert (self, g_value_get_object (value), at.x, at.y, &error))
    {
      _bg_window_show_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

/* Saving ------------------------------------------------------------------- */

/* The definition Save Component to Library… writes: the selected
 * instance's, else the one whose body the canvas shows; or NULL. */
static const BgDefinition *
definition_to_save (BgWindow *self)
{
  BgModel *shown = self->canvas != NULL ? bg_canvas_get_model (self->canvas) : NULL;
  g_auto(GStrv) ids = NULL;
  GPtrArray *defs;

  if (shown == NULL)
    return NULL;
  ids = bg_canvas_dup_selected_ids (self->canvas);
  if (ids != NULL && ids[0] != NULL && ids[1] == NULL)
    {
      BgElement *element = bg_model_find_element (shown, ids[0]);
      const BgDefinition *def = element != NULL ? bg_definition_of_spec (element->spec) : NULL;

      if (def != NULL)
        return def;
    }
  if (!bg_model_is_body (shown))
    return NULL;
  defs = bg_model_get_definitions (shown);
  for (guint i = 0; i < defs->len; i++)
    if (((const BgDefinition *) defs->pdata[i])->body == shown)
      return defs->pdata[i];
  return NULL;
}

static void
update_action (BgWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-component",
                                 definition_to_save (self) != NULL);
}

static void
canvas_selection_changed_cb (BgWindow *self,
                             BgCanvas *canvas)
{
  update_action (self);
}

typedef struct
{
  BgWindow *self;
  BgModel  *model; /* the definition's, looked up again by name */
  char     *name;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_object_unref (data->self);
  g_object_unref (data->model);
  g_free (data->name);
  g_free (data);
}

/* "Pipe" becomes "Pipe.bgmod", as Save As names a model. */
static GFile *
with_suffix (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *named = NULL;
  g_autoptr(GFile) parent = NULL;

  if (basename == NULL || g_str_has_suffix (basename, ".bgmod"))
    return g_object_ref (file);
  named = g_strconcat (basename, ".bgmod", NULL);
  parent = g_file_get_parent (file);
  return g_file_get_child (parent, named);
}

/* Every window's palette lists what was saved. */
static void
reload_palettes (BgWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GList *windows = app != NULL ? gtk_application_get_windows (app) : NULL;

  if (windows == NULL)
    bg_palette_reload_library (self->palette);
  for (GList *l = windows; l != NULL; l = l->next)
    if (BG_IS_WINDOW (l->data))
      bg_palette_reload_library (bg_window_get_palette (l->data));
}

static void
save_response_cb (GtkNativeDialog *native,
                  int              response,
                  SaveData        *data)
{
  BgWindow *self = data->self;
  const BgDefinition *def = bg_model_find_definition (data->model, data->name);
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (chosen != NULL && def == NULL)
    bg_window_show_error (self, _("Could not save the component"),
                          _("The component is no longer in the model."));
  else if (chosen != NULL)
    {
      file = with_suffix (chosen);
      if (!bg_component_library_save (def, file, &error))
        bg_window_show_error (self, _("Could not save the component"), error->message);
      else
        {
          g_autofree char *name = bg_component_library_name_for_file (file, NULL);
          g_autofree char *text =
            g_strdup_printf (_("Saved %s: the palette lists it under My components"), name);

          reload_palettes (self);
          _bg_window_show_message (self, text);
        }
    }

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  save_data_free (data);
}

static void
save_component_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  const BgDefinition *def = definition_to_save (self);
  g_autofree char *folder_path = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *native;
  SaveData *data;

  if (def == NULL)
    {
      _bg_window_show_message (self, _("Select an instance of a component to save its component"));
      return;
    }

  /* the user's folder, made on first use: what is saved there is listed */
  folder_path = bg_component_library_dup_user_folder ();
  if (g_mkdir_with_parents (folder_path, 0755) != 0)
    g_debug ("cannot make %s: %s", folder_path, g_strerror (errno));
  folder = g_file_new_for_path (folder_path);

  native = gtk_file_chooser_native_new (_("Save Component to Library"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("Bond graph models"));
  gtk_file_filter_add_pattern (filter, "*.bgmod");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  name = g_strconcat (def->name, ".bgmod", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);

  data = g_new0 (SaveData, 1);
  data->self = g_object_ref (self);
  data->model = g_object_ref (bg_canvas_get_model (self->canvas));
  data->name = g_strdup (def->name);
  g_signal_connect (native, "response", G_CALLBACK (save_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Set-up ------------------------------------------------------------------- */

void
_bg_window_library_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save-component", NULL,
                                   save_component_action);
}

void
_bg_window_library_init (BgWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (BG_TYPE_COMPONENT_ENTRY, GDK_ACTION_COPY);

  g_signal_connect_object (self->palette, "library-component-activated",
                           G_CALLBACK (library_component_activated_cb), self,
                           G_CONNECT_SWAPPED);
  /* on the box around the canvas: a drop the canvas's own target does not
   * take (it takes the other palette items, as text) comes up to it */
  g_signal_connect_object (drop, "drop", G_CALLBACK (entry_dropped_cb), self, 0);
  gtk_widget_add_controller (self->canvas_box, GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_object (self->canvas, "selection-changed",
                           G_CALLBACK (canvas_selection_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_action (self);
}
