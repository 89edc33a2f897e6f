/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-plot.h — drawing a plot to an image and reading its pixels.
 *
 * Owns: rendering a BgPlotRenderer to an ARGB image surface of a given
 * size, the colour of a pixel (un-premultiplied), comparing it with a plot
 * colour, its luminance, and whether a box holds a colour. Must not: need
 * GTK or a display, or hide a failure (a pixel outside the image, or a
 * drawing that fails, aborts the test).
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include "bg-plot-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  double r, g, b;
} BgTestRgb;

BgTestRgb        bg_test_pixel_at      (cairo_surface_t   *surface,
                                        int                x,
                                        int                y);
/* Each channel within tol of want's. */
gboolean         bg_test_near_color    (BgTestRgb          c,
                                        const BgPlotColor *want,
                                        double             tol);
double           bg_test_luminance     (BgTestRgb          c);
/* Whether a pixel close to @want lies in the box [x0, x1] × [y0, y1]
 * (clipped to the image). */
gboolean         bg_test_box_has_color (cairo_surface_t   *surface,
                                        int                x0,
                                        int                y0,
                                        int                x1,
                                        int                y1,
                                        const BgPlotColor *want);
/* A new image surface with the plot drawn on it; the caller destroys it. */
cairo_surface_t *bg_test_render_image  (BgPlotRenderer    *plot,
                                        int                width,
                                        int                height);

G_END_DECLS
