/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-export.c — a plot written to a PNG, SVG or PDF file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: checking the requested size and scale, and the plots' error
 * messages, for the plot and every plot-like picture (the pole map:
 * bg_plot_write_picture); the file itself is written by bg-export.c, the
 * one export path of every picture (temporary file and rename, never a
 * partial file).
 * Must not: open or write files itself.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"
#include "bg-export.h"

#include <math.h>

#include <glib/gi18n-lib.h>

/* ---- export ------------------------------------------------------------- */

static gboolean
check_size (int      width,
            int      height,
            double   scale,
            GError **error)
{
  if (width > 0 && height > 0 && scale > 0.0 && isfinite (scale) &&
      width * scale <= 32767.0 && height * scale <= 32767.0)
    return TRUE;

  g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE,
               _("Plot size %d × %d at scale %g is not usable: width and "
                 "height must be positive and at most 32767 pixels"),
               width, height, scale);
  return FALSE;
}

typedef struct
{
  gpointer          plot;
  BgPlotPictureFunc draw;
  int               width;
  int               height;
} Picture;

static void
draw_cb (cairo_t *cr,
         gpointer data)
{
  Picture *picture = data;

  picture->draw (picture->plot, cr, picture->width, picture->height);
}

gboolean
bg_plot_write_picture (gpointer           plot,
                       BgPlotPictureFunc  draw,
                       const char        *path,
                       BgExportFormat     format,
                       int                width,
                       int                height,
                       double             scale,
                       GError           **error)
{
  g_autofree char *reason = NULL;
  g_autofree char *display = NULL;
  Picture picture = { plot, draw, width, height };

  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_size (width, height, scale, error))
    return FALSE;
  if (bg_export_write (path, format, width, height, scale, draw_cb, &picture, &reason))
    return TRUE;

  display = g_filename_display_name (path);
  g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE,
               _("Could not write the plot to “%s”: %s"), display, reason);
  return FALSE;
}

static void
render_cb (gpointer  plot,
           cairo_t  *cr,
           double    width,
           double    height)
{
  bg_plot_renderer_render (plot, cr, width, height);
}

static gboolean
write_picture (BgPlotRenderer *self,
               const char     *path,
               BgExportFormat  format,
               int             width,
               int             height,
               double          scale,
               GError        **error)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);

  return bg_plot_write_picture (self, render_cb, path, format, width, height, scale, error);
}

gboolean
bg_plot_renderer_write_png (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  return write_picture (self, path, BG_EXPORT_PNG, width, height, scale, error);
}

gboolean
bg_plot_renderer_write_svg (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  return write_picture (self, path, BG_EXPORT_SVG_PX, width, height, scale, error);
}

gboolean
bg_plot_renderer_write_pdf (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  return write_picture (self, path, BG_EXPORT_PDF_PX, width, height, scale, error);
}
