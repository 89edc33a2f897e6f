/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-pane-export.c — the Energy page's exports.
 *
 * Owns: energy.export-png, -svg and -csv and their sensitivity, the file
 * chooser they open (a name from the model's, the last folder), the
 * picture (the plot as shown, on white, PNG at twice its size on screen)
 * and the table (the ledger as `bgmod-cli energy --csv` writes it:
 * `t,<id>.W…,supplied,dissipated,stored,residual`, "%.12g", every row), and
 * the status line that says what was written or why not. Must not: change
 * what the page shows.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-energy-pane-private.h"
#include "bg-last-folder.h"

#define PNG_SCALE 2.0
/* The least size of an exported picture (a hidden page has none). */
#define MIN_WIDTH 640
#define MIN_HEIGHT 480

gboolean
_bg_energy_pane_write_csv (BgEnergyPane *self,
                           const char   *path,
                           GError      **error)
{
  BgResult *ledger = bg_energy_get_ledger (self->energy);
  guint n_cols = bg_result_get_n_vars (ledger);
  gsize n_rows = bg_result_get_n_rows (ledger);
  g_autoptr (GString) text = g_string_new (NULL);
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint v = 0; v < n_cols; v++)
    {
      if (v > 0)
        g_string_append_c (text, ',');
      g_string_append (text, bg_result_get_var_name (ledger, v));
    }
  g_string_append_c (text, '\n');
  for (gsize r = 0; r < n_rows; r++)
    {
      for (guint v = 0; v < n_cols; v++)
        {
          if (v > 0)
            g_string_append_c (text, ',');
          g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g",
                                                  bg_result_get_value (ledger, v, r)));
        }
      g_string_append_c (text, '\n');
    }
  return g_file_set_contents (path, text->str, text->len, error);
}

gboolean
bg_energy_pane_export (BgEnergyPane *self,
                       const char   *path,
                       GError      **error)
{
  int width, height;
  gboolean ok;

  g_return_val_if_fail (BG_IS_ENERGY_PANE (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->energy == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("There is no energy balance to export: run the simulation first"));
      return FALSE;
    }
  if (g_str_has_suffix (path, ".csv"))
    return _bg_energy_pane_write_csv (self, path, error);

  width = MAX (gtk_widget_get_width (self->area), MIN_WIDTH);
  height = MAX (gtk_widget_get_height (self->area), MIN_HEIGHT);
  /* On white, as every plot export; without the read-out cursor. The
   * page's own colours come back at its next drawing. */
  bg_plot_renderer_set_colors (self->renderer, &(BgPlotColor) { 0, 0, 0, 1 },
                               &(BgPlotColor) { 1, 1, 1, 1 });
  bg_plot_renderer_set_cursor (self->renderer, NAN);
  if (g_str_has_suffix (path, ".svg"))
    ok = bg_plot_renderer_write_svg (self->renderer, path, width, height, 1.0, error);
  else
    ok = bg_plot_renderer_write_png (self->renderer, path, width, height, PNG_SCALE, error);
  bg_plot_renderer_set_cursor (self->renderer, self->cursor_t);
  gtk_widget_queue_draw (self->area);
  return ok;
}

void
_bg_energy_pane_actions_update (BgEnergyPane *self)
{
  gboolean shown = self->energy != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "energy.export-png", shown);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "energy.export-svg", shown);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "energy.export-csv", shown);
}

static void
export_response_cb (GtkNativeDialog *native,
                    int              response,
                    BgEnergyPane    *self)
{
  const char *format = g_object_get_data (G_OBJECT (native), "bg-export-format");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autofree char *written = NULL;
      g_autoptr (GError) error = NULL;

      /* The format the menu item named, whatever the name ends in. */
      if (path != NULL && !g_str_has_suffix (path, format))
        {
          written = g_strdup_printf ("%s%s", path, format);
          g_free (path);
          path = g_steal_pointer (&written);
        }
      if (path != NULL && !bg_energy_pane_export (self, path, &error))
        {
          g_autofree char *text = g_strdup_printf (_("Could not export the plot: %s"), error->message);
          _bg_energy_pane_set_status (self, text);
        }
      else if (path != NULL)
        {
          g_autofree char *name = g_path_get_basename (path);
          g_autofree char *text = g_strdup_printf (_("Exported %s"), name);
          _bg_energy_pane_set_status (self, text);
        }
    }
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
  g_object_unref (self);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  BgEnergyPane *self = BG_ENERGY_PANE (widget);
  const char *suffix = strrchr (action_name, '-') + 1;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *pattern = g_strdup_printf ("*.%s", suffix);
  /* Translators: the file name an Energy page export proposes, before .png, .svg or .csv */
  g_autofree char *name = g_strdup_printf ("%s.%s", _("energy"), suffix);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Export Plot"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_object_set_data_full (G_OBJECT (native), "bg-export-format", g_strdup_printf (".%s", suffix),
                          g_free);
  gtk_file_filter_set_name (filter, g_str_equal (suffix, "png") ? _("PNG images")
                                    : g_str_equal (suffix, "svg") ? _("SVG drawings")
                                    : _("CSV tables"));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  bg_last_folder_track (native);
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
_bg_energy_pane_export_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "energy.export-png", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "energy.export-svg", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "energy.export-csv", NULL, export_action);
}
