/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-export.c — File ▸ Export Diagram… and Export FMU… in the
 * window.
 *
 * Owns: win.export-diagram (Ctrl+E): a save chooser for a PNG, SVG or PDF of the
 * bond graph, written by the same renderer `bgmod-cli render` uses
 * (bg_graph_renderer_export) with the canvas's presentation scale, and
 * bg_window_export_diagram for a path given directly, and the name it
 * proposes (the document's, without .bgmod); win.export-fmu: the FMU
 * dialog (bg-fmu-export-dialog.h) over the window and the status line's
 * word once it has written the file. Must not: draw anything itself,
 * build an FMU, or change the model or its view.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-fmu-export-dialog.h"
#include "bg-graph-renderer.h"
#include "bg-last-folder.h"
#include "bg-window-private.h"

gboolean
bg_window_export_diagram (BgWindow    *self,
                          const char  *path,
                          GError     **error)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_graph_renderer_export (bg_document_get_model (self->document),
                                   bg_document_get_causality (self->document),
                                   path,
                                   bg_canvas_get_presentation_scale (self->canvas),
                                   error);
}

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    BgWindow        *self)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file != NULL)
    path = g_file_get_path (file);
  if (path != NULL)
    {
      /* a name without an extension gets the chosen filter's */
      if (strchr (strrchr (path, '/') != NULL ? strrchr (path, '/') : path, '.') == NULL)
        {
          GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (native));
          const char *filter_name = filter != NULL ? gtk_file_filter_get_name (filter) : NULL;
          const char *suffix = g_strcmp0 (filter_name, _("SVG drawings")) == 0 ? ".svg"
                             : g_strcmp0 (filter_name, _("PDF documents")) == 0 ? ".pdf"
                             : ".png";
          char *named = g_strconcat (path, suffix, NULL);

          g_free (path);
          path = named;
        }
      if (!bg_window_export_diagram (self, path, &error))
        bg_window_show_error (self, _("Could not export the diagram"), error->message);
    }

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

char *
bg_window_dup_export_name (BgWindow   *self,
                           const char *suffix)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);
  g_return_val_if_fail (suffix != NULL, NULL);

  title = bg_document_dup_title (self->document);
  if (g_str_has_suffix (title, ".bgmod") && strlen (title) > strlen (".bgmod"))
    title[strlen (title) - strlen (".bgmod")] = '\0';
  /* a model's name may hold a slash; a file name may not */
  g_strdelimit (title, "/", '-');
  return g_strconcat (title, suffix, NULL);
}

static void
export_diagram_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  GtkFileChooserNative *native;
  g_autoptr(GtkFileFilter) png = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) svg = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) pdf = gtk_file_filter_new ();
  g_autofree char *name = bg_window_dup_export_name (self, ".png");

  native = gtk_file_chooser_native_new (_("Export Diagram"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (png, _("PNG images"));
  gtk_file_filter_add_pattern (png, "*.png");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), png);
  gtk_file_filter_set_name (svg, _("SVG drawings"));
  gtk_file_filter_add_pattern (svg, "*.svg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), svg);
  gtk_file_filter_set_name (pdf, _("PDF documents"));
  gtk_file_filter_add_pattern (pdf, "*.pdf");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), pdf);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  bg_last_folder_track (native);

  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
fmu_exported_cb (BgFmuExportDialog *dialog,
                 const char        *path,
                 BgWindow          *self)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *text = NULL;

  /* TRANSLATORS: the status line after File ▸ Export FMU…: the file name */
  text = g_strdup_printf (_("Exported %s"), name);
  _bg_window_show_message (self, text);
}

static void
export_fmu_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  g_autofree char *name = bg_window_dup_export_name (self, ".fmu");
  BgFmuExportDialog *dialog = bg_fmu_export_dialog_new (GTK_WINDOW (self), self->document, name);

  g_signal_connect_object (dialog, "exported", G_CALLBACK (fmu_exported_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bg_window_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL,
                                   export_diagram_action);
  gtk_widget_class_install_action (widget_class, "win.export-fmu", NULL,
                                   export_fmu_action);
}
