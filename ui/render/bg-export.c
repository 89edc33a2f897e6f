/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-export.c — the one way a picture (plot or diagram) reaches a file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the Cairo stream that writes a picture into its output file
 * (core/bg-output-file.c: the temporary file beside the target, flushing,
 * renaming and removing the temporary file on every failure; a FIFO or a
 * device written directly), and Cairo's own failures. Must not: leave a
 * partial or temporary file behind, rename anything over a device, or
 * draw.
 */
#include "config.h"

#include <math.h>

#include <cairo-svg.h>

#include "bg-export.h"
#include "bg-output-file.h"

static cairo_status_t
sink_write_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  return bg_output_file_write (closure, data, length) ? CAIRO_STATUS_SUCCESS
                                                      : CAIRO_STATUS_WRITE_ERROR;
}

/* Renders into the sink; Cairo's status of the whole write. */
static cairo_status_t
render (BgOutputFile    *sink,
        BgExportFormat   format,
        double           width,
        double           height,
        double           scale,
        BgExportDrawFunc draw,
        gpointer         data)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (format == BG_EXPORT_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                          (int) ceil (width * scale),
                                          (int) ceil (height * scale));
  else
    {
      surface = cairo_svg_surface_create_for_stream (sink_write_cb, sink,
                                                     width * scale, height * scale);
      cairo_svg_surface_set_document_unit (surface, format == BG_EXPORT_SVG_PX
                                                    ? CAIRO_SVG_UNIT_PX
                                                    : CAIRO_SVG_UNIT_PT);
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  draw (cr, data);
  cairo_destroy (cr);

  if (format == BG_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, sink_write_cb, sink);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  return status;
}

gboolean
bg_export_write (const char      *path,
                 BgExportFormat   format,
                 double           width,
                 double           height,
                 double           scale,
                 BgExportDrawFunc draw,
                 gpointer         data,
                 char           **reason)
{
  g_autoptr(GError) error = NULL;
  cairo_status_t status;
  BgOutputFile *out;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (reason != NULL && *reason == NULL, FALSE);

  out = bg_output_file_open (path, BG_OUTPUT_FILE_ALLOW_DEVICES, &error);
  if (out == NULL)
    {
      *reason = g_strdup (error->message);
      return FALSE;
    }
  status = render (out, format, width, height, scale, draw, data);
  if (status != CAIRO_STATUS_SUCCESS && bg_output_file_is_ok (out))
    {
      /* Cairo's own failure, not the file's. */
      bg_output_file_abort (out);
      *reason = g_strdup (cairo_status_to_string (status));
      return FALSE;
    }
  if (!bg_output_file_commit (out, &error))
    {
      *reason = g_strdup (error->message);
      return FALSE;
    }
  return TRUE;
}
