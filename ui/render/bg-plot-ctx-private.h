/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-ctx-private.h — the drawing context of a plot-like picture.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: the text metrics of one drawing of the time plot or the pole map
 * (Ctx: the font at its scale, one line's height and the spacings that
 * follow from it) and the text and colour helpers both draw with; they are
 * defined in bg-plot-renderer.c. Must not: know traces, sub-plots or modes.
 * Included by: ui/render/bg-plot-renderer*, ui/render/bg-pole-map.c.
 */
#pragma once

#include <pango/pangocairo.h>

#include "bg-plot-renderer.h"

G_BEGIN_DECLS

typedef struct
{
  cairo_t     *cr;
  PangoLayout *layout;
  double       line_h; /* height of one line of text */
  double       pad;    /* outer margin */
  double       gap;    /* between a label and what it labels */
  double       tick_len;
  double       lw; /* base line width */
} Ctx;

/* Lays text out on cr in font (9 pt when it has no size) times font_scale;
 * lines line_scale wide. Free c->layout with g_object_unref. */
void   _bg_plot_ctx_init            (Ctx                        *c,
                                     cairo_t                    *cr,
                                     const PangoFontDescription *font,
                                     double                      font_scale,
                                     double                      line_scale);
void   _bg_plot_renderer_text_size  (Ctx        *c,
                                     const char *text,
                                     double     *w,
                                     double     *h);
void   _bg_plot_renderer_draw_text  (Ctx        *c,
                                     const char *text,
                                     double      x,
                                     double      y,
                                     double      ax,
                                     double      ay);
void   _bg_plot_renderer_set_source (cairo_t           *cr,
                                     const BgPlotColor *color,
                                     double             alpha);

G_END_DECLS
