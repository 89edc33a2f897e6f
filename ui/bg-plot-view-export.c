/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-export.c — the plot widget's PNG, SVG, PDF and CSV exports.
 *
 * Owns: drawing what is on screen into a file with the same renderer,
 * traces, markers and time and value windows, opaque and without the
 * cursor, and the CSV of the chosen columns over the visible time window
 * (with the earlier runs shown, bg-plot-view-ghosts.c).
 * Must not: leave the on-screen view changed (the cursor and style are put
 * back, and the widget is redrawn).
 */
#include "config.h"

#include <math.h>

#include "bg-plot-view-private.h"

/* Export ------------------------------------------------------------------------ */

typedef gboolean (*WriteFunc) (BgPlotRenderer *, const char *, int, int, double, GError **);

static gboolean
bg_plot_view_export (BgPlotView *self,
                     WriteFunc   write,
                     const char *path,
                     int         width,
                     int         height,
                     double      scale,
                     GError    **error)
{
  double cursor = self->cursor_t;
  gboolean ok;

  bg_plot_renderer_set_cursor (self->renderer, NAN);
  _bg_plot_view_apply_style (self, TRUE);
  ok = write (self->renderer, path, width, height, scale, error);
  _bg_plot_view_apply_style (self, FALSE);
  bg_plot_renderer_set_cursor (self->renderer, cursor);
  /* the export laid the plot out at its own size: draw ours again */
  gtk_widget_queue_draw (GTK_WIDGET (self));

  return ok;
}

gboolean
bg_plot_view_write_png (BgPlotView *self,
                        const char *path,
                        int         width,
                        int         height,
                        double      scale,
                        GError    **error)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_plot_view_export (self, bg_plot_renderer_write_png, path, width, height,
                              scale, error);
}

gboolean
bg_plot_view_write_svg (BgPlotView *self,
                        const char *path,
                        int         width,
                        int         height,
                        double      scale,
                        GError    **error)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_plot_view_export (self, bg_plot_renderer_write_svg, path, width, height,
                              scale, error);
}

gboolean
bg_plot_view_write_pdf (BgPlotView *self,
                        const char *path,
                        int         width,
                        int         height,
                        double      scale,
                        GError    **error)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_plot_view_export (self, bg_plot_renderer_write_pdf, path, width, height,
                              scale, error);
}

gboolean
bg_plot_view_write_csv (BgPlotView *self,
                        const char *path,
                        GError    **error)
{
  g_autoptr(GString) text = g_string_new ("t");
  g_autofree gsize *cursors = NULL;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  BgResult *result;
  double t0 = -INFINITY, t1 = INFINITY, y0, y1;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* the visible time window, when the plot has been drawn */
  if (!bg_plot_renderer_get_view (self->renderer, 0, &t0, &t1, &y0, &y1))
    {
      t0 = -INFINITY;
      t1 = INFINITY;
    }

  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);

      g_string_append_c (text, ',');
      g_string_append (text, trace->name);
    }
  _bg_plot_view_ghosts_csv_header (self, text);
  g_string_append_c (text, '\n');
  cursors = g_new0 (gsize, MAX (1, _bg_plot_view_ghosts_n_columns (self)));

  result = _bg_plot_view_result (self);
  for (gsize r = 0; result != NULL && r < self->n_rows; r++)
    {
      double t = bg_result_get_value (result, 0, r);

      if (t < t0 || t > t1)
        continue;
      g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g", t));
      for (guint i = 0; i < self->traces->len; i++)
        {
          Trace *trace = g_ptr_array_index (self->traces, i);
          double y = r < bg_result_get_n_filled (result, trace->var)
                       ? bg_result_get_value (result, trace->var, r) : NAN;

          g_string_append_c (text, ',');
          g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g", y));
        }
      _bg_plot_view_ghosts_csv_row (self, t, cursors, text);
      g_string_append_c (text, '\n');
    }

  return g_file_set_contents (path, text->str, text->len, error);
}
