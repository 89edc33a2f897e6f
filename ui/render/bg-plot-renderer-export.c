/* bg-plot-renderer-export.c — a plot written to a PNG or SVG file.
 *
 * Owns: checking the requested size and scale, rendering to an image or SVG
 * surface, and writing the file with errors that name it.
 * Must not: leave a half-written file behind.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"

#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <stdio.h>

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

/* ---- export ------------------------------------------------------------- */

typedef struct
{
  FILE *file;
  int   saved_errno;
} Sink;

static cairo_status_t
sink_write_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Sink *sink = closure;

  if (fwrite (data, 1, length, sink->file) != length)
    {
      sink->saved_errno = errno;
      return CAIRO_STATUS_WRITE_ERROR;
    }
  return CAIRO_STATUS_SUCCESS;
}

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

static gboolean
open_sink (Sink       *sink,
           const char *path,
           GError    **error)
{
  sink->saved_errno = 0;
  sink->file = g_fopen (path, "wb");
  if (sink->file != NULL)
    return TRUE;

  {
    int              saved = errno;
    g_autofree char *display = g_filename_display_name (path);
    g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE,
                 _("Could not write the plot to “%s”: %s"),
                    display, g_strerror (saved));
  }
  return FALSE;
}

static gboolean
close_sink (Sink          *sink,
            const char    *path,
            cairo_status_t status,
            GError       **error)
{
  g_autofree char *display = g_filename_display_name (path);

  if (fclose (sink->file) != 0 && sink->saved_errno == 0)
    sink->saved_errno = errno;

  if (status == CAIRO_STATUS_SUCCESS && sink->saved_errno == 0)
    return TRUE;

  g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE,
               _("Could not write the plot to “%s”: %s"), display,
                  sink->saved_errno != 0 ? g_strerror (sink->saved_errno)
                                         : cairo_status_to_string (status));

  /* No half-written image left behind (but never remove a device). */
  {
    GStatBuf st;
    if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
      g_unlink (path);
  }
  return FALSE;
}

gboolean
bg_plot_renderer_write_png (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  cairo_status_t   status;
  Sink             sink;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_size (width, height, scale, error))
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  bg_plot_renderer_render (self, cr, width, height);
  cairo_destroy (cr);

  if (!open_sink (&sink, path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  status = cairo_surface_write_to_png_stream (surface, sink_write_cb, &sink);
  cairo_surface_destroy (surface);
  return close_sink (&sink, path, status, error);
}

gboolean
bg_plot_renderer_write_svg (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  cairo_status_t   status;
  Sink             sink;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_size (width, height, scale, error))
    return FALSE;
  if (!open_sink (&sink, path, error))
    return FALSE;

  surface = cairo_svg_surface_create_for_stream (sink_write_cb, &sink,
                                                 width * scale, height * scale);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  bg_plot_renderer_render (self, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return close_sink (&sink, path, status, error);
}
