/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-export.h — the one way a picture (plot or diagram) reaches a file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: rendering a drawing to PNG or SVG and writing it so that a failure
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
} BgExportFormat;

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

G_END_DECLS
