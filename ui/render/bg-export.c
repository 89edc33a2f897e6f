/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-export.c — the one way a picture (plot or diagram) reaches a file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the Cairo surfaces (image, SVG, PDF), the SVG's <title> and <desc>
 * put after its root's start tag and the PDF's metadata, the Cairo stream
 * that writes a picture into its output file
 * (core/bg-output-file.c: the temporary file beside the target, flushing,
 * renaming and removing the temporary file on every failure; a FIFO or a
 * device written directly), and Cairo's own failures. Must not: leave a
 * partial or temporary file behind, rename anything over a device, or
 * draw.
 */
#include "config.h"

#include <math.h>

#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "bg-export.h"
#include "bg-output-file.h"

/* CSS pixels per point: a PDF page is in points. */
#define PT_PER_PX 0.75

typedef struct
{
  BgOutputFile *sink;
  GByteArray   *held;    /* an SVG kept whole to put its text in; or NULL */
} Stream;

static cairo_status_t
sink_write_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Stream *stream = closure;

  if (stream->held != NULL)
    {
      g_byte_array_append (stream->held, data, length);
      return CAIRO_STATUS_SUCCESS;
    }
  return bg_output_file_write (stream->sink, data, length) ? CAIRO_STATUS_SUCCESS
                                                           : CAIRO_STATUS_WRITE_ERROR;
}

gboolean
bg_export_format_for_path (const char     *path,
                           gboolean        in_pt,
                           BgExportFormat *format)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL && format != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    *format = BG_EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = in_pt ? BG_EXPORT_SVG_PT : BG_EXPORT_SVG_PX;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = in_pt ? BG_EXPORT_PDF_PT : BG_EXPORT_PDF_PX;
  else
    return FALSE;
  return TRUE;
}

/* The held SVG with <title> and <desc> after the root's start tag, into
 * the sink. */
static cairo_status_t
write_held_svg (Stream     *stream,
                const char *title,
                const char *description)
{
  const char *svg = (const char *) stream->held->data;
  const char *root = g_strstr_len (svg, stream->held->len, "<svg");
  const char *after = root != NULL ? memchr (root, '>', stream->held->len - (root - svg)) : NULL;
  g_autoptr(GString) text = g_string_new ("\n");
  gsize head;

  if (after == NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  head = after + 1 - svg;
  if (title != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (title, -1);

      g_string_append_printf (text, "<title>%s</title>\n", escaped);
    }
  if (description != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (description, -1);

      g_string_append_printf (text, "<desc>%s</desc>\n", escaped);
    }
  if (!bg_output_file_write (stream->sink, svg, head)
      || !bg_output_file_write (stream->sink, text->str, text->len)
      || !bg_output_file_write (stream->sink, svg + head + (svg[head] == '\n'),
                                stream->held->len - head - (svg[head] == '\n')))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static cairo_surface_t *
create_surface (Stream         *stream,
                BgExportFormat  format,
                double          width,
                double          height,
                double          scale,
                const char     *title,
                const char     *description)
{
  cairo_surface_t *surface;

  switch (format)
    {
    case BG_EXPORT_PNG:
      return cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                         (int) ceil (height * scale));
    case BG_EXPORT_SVG_PX:
    case BG_EXPORT_SVG_PT:
      surface = cairo_svg_surface_create_for_stream (sink_write_cb, stream,
                                                     width * scale, height * scale);
      cairo_svg_surface_set_document_unit (surface, format == BG_EXPORT_SVG_PX
                                                    ? CAIRO_SVG_UNIT_PX
                                                    : CAIRO_SVG_UNIT_PT);
      return surface;
    case BG_EXPORT_PDF_PX:
    case BG_EXPORT_PDF_PT:
    default:
      {
        double unit = format == BG_EXPORT_PDF_PX ? PT_PER_PX : 1.0;

        surface = cairo_pdf_surface_create_for_stream (sink_write_cb, stream, width * scale * unit,
                                                       height * scale * unit);
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "BGMod");
        if (title != NULL)
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
        if (description != NULL)
          cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_SUBJECT, description);
        return surface;
      }
    }
}

/* Renders into the sink; Cairo's status of the whole write. */
static cairo_status_t
render (BgOutputFile    *sink,
        BgExportFormat   format,
        double           width,
        double           height,
        double           scale,
        BgExportDrawFunc draw,
        gpointer         data,
        const char      *title,
        const char      *description)
{
  gboolean svg = format == BG_EXPORT_SVG_PX || format == BG_EXPORT_SVG_PT;
  Stream stream = { sink, svg && (title != NULL || description != NULL) ? g_byte_array_new () : NULL };
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  surface = create_surface (&stream, format, width, height, scale, title, description);
  cr = cairo_create (surface);
  cairo_scale (cr, format == BG_EXPORT_PDF_PX ? scale * PT_PER_PX : scale,
               format == BG_EXPORT_PDF_PX ? scale * PT_PER_PX : scale);
  draw (cr, data);
  cairo_destroy (cr);

  if (format == BG_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, sink_write_cb, &stream);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (stream.held != NULL)
    {
      if (status == CAIRO_STATUS_SUCCESS)
        status = write_held_svg (&stream, title, description);
      g_byte_array_unref (stream.held);
    }
  return status;
}

gboolean
bg_export_write_described (const char      *path,
                           BgExportFormat   format,
                           double           width,
                           double           height,
                           double           scale,
                           BgExportDrawFunc draw,
                           gpointer         data,
                           const char      *title,
                           const char      *description,
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
  status = render (out, format, width, height, scale, draw, data, title, description);
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
  return bg_export_write_described (path, format, width, height, scale, draw, data, NULL, NULL,
                                    reason);
}
