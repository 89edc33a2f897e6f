/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-export.c — the plot pane's exports and their dialog.
 *
 * Owns: plot.export-png, -svg, -pdf and -csv, the file chooser they open (a name
 * from the document's title, the last folder, for PNG the size and scale
 * choices), writing the format the menu item named, and the status line
 * that says what was written or why not. Must not: change what the plot
 * shows.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-last-folder.h"
#include "bg-plot-pane-private.h"

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
  if (g_str_has_suffix (path, ".pdf"))
    return bg_plot_view_write_pdf (self->view, path, width, height, 1.0, error);
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
  if (g_str_equal (format, "svg") || g_str_equal (format, "pdf"))
    {
      bg_plot_pane_screen_size (self, &width, &height);
      *done = g_strdup_printf (_("Exported %s"), name);
      /* a PDF page as large as the plot on screen, at 96 px per inch */
      return g_str_equal (format, "svg")
             ? bg_plot_view_write_svg (self->view, path, width, height, 1.0, error)
             : bg_plot_view_write_pdf (self->view, path, width, height, 1.0, error);
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
      _bg_plot_pane_set_status (self, text);
    }
  else if (done != NULL)
    _bg_plot_pane_set_status (self, done);

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
                                    : g_str_equal (suffix, "pdf") ? _("PDF documents")
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

void
_bg_plot_pane_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "plot.export-png", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "plot.export-svg", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "plot.export-pdf", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "plot.export-csv", NULL, export_action);
}
