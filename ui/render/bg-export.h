/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-export.h — the one way a picture (plot or diagram) reaches a file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: rendering a drawing to PNG, SVG or PDF (Cairo's surfaces; a PDF
 * for printing, one page) with an optional title and description (the SVG's
 * <title> and <desc>, the PDF's title and subject: what a drawing's text
 * says, readable where its glyphs are outlines), and writing it so that a failure
 * never leaves a partial file: a temporary file in the target's folder,
 * flushed and renamed over the target (a device or a pipe is written
 * directly, and a directory is refused), with the system's reason when it
 * fails ("Is a directory", "No space left on device").
 * Must not: know what is drawn, or word the error for the user (the caller
 * names what could not be written, in its own error domain).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  BG_EXPORT_PNG,
  BG_EXPORT_SVG_PX, /* width and height in px (the plot: as its PNG at scale 1) */
  BG_EXPORT_SVG_PT, /* in pt (the diagram: a model unit is a point) */
  BG_EXPORT_PDF_PX, /* a page of width × height px at 96 px per inch (the plot) */
  BG_EXPORT_PDF_PT, /* a page of width × height pt (the diagram, a sheet) */
} BgExportFormat;

/* The format a file name asks for by its suffix (.png, .svg, .pdf, in any
 * case), with SVG and PDF in the units given (BG_EXPORT_SVG_PX or
 * BG_EXPORT_SVG_PT); FALSE for any other name. */
gboolean bg_export_format_for_path (const char     *path,
                                    gboolean        in_pt,
                                    BgExportFormat *format);

/* Draws on cr, whose user space is width × height units. */
typedef void (*BgExportDrawFunc) (cairo_t *cr,
                                  gpointer data);

/* Writes draw's picture of width × height units at scale (PNG: that many
 * pixels per unit; SVG: that size) to path. FALSE and *reason (the
 * system's or Cairo's text, to be freed) when it could not be written; the
 * target is then as it was. */
gboolean bg_export_write (const char      *path,
                          BgExportFormat   format,
                          double           width,
                          double           height,
                          double           scale,
                          BgExportDrawFunc draw,
                          gpointer         data,
                          char           **reason);

/* The same with a title and a description (either may be NULL): an SVG's
 * <title> and <desc>, a PDF's title and subject; a PNG has neither. */
gboolean bg_export_write_described (const char      *path,
                                    BgExportFormat   format,
                                    double           width,
                                    double           height,
                                    double           scale,
                                    BgExportDrawFunc draw,
                                    gpointer         data,
                                    const char      *title,
                                    const char      *description,
                                    char           **reason);

G_END_DECLS
