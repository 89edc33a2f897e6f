/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-map.h — the s-plane with a linearization's eigenvalues marked.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the window's
 * Analysis page draws it, and exports it as PNG or SVG through the same
 * path as every other picture (bg-export.c).
 *
 * Owns: a copy of the modes it shows (core/bg-modes.h), the axes (Re λ in
 * 1/s across, Im λ in rad/s up, both through the origin, linear, 1-2-5
 * ticks, a window that holds every pole and some of the right half-plane),
 * the unstable half-plane Re λ > 0 shaded and named, each pole as a cross
 * (stable and unstable ones in two colours), one highlighted pole with a
 * ring and its frequency and damping beside it, and the geometry of the
 * last drawing for hit-testing (the pole under the pointer).
 * Must not: compute eigenvalues, depend on GTK, or be used from two
 * threads.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

#include "bg-modes.h"
#include "bg-plot-renderer.h"

G_BEGIN_DECLS

typedef struct _BgPoleMap BgPoleMap;

BgPoleMap *bg_pole_map_new          (void);
void       bg_pole_map_free         (BgPoleMap                  *self);

/* Shows @modes (BgMode, copied; NULL or empty: none). */
void       bg_pole_map_set_modes    (BgPoleMap                  *self,
                                     GArray                     *modes);
guint      bg_pole_map_get_n_poles  (BgPoleMap                  *self);
const BgMode *bg_pole_map_get_mode  (BgPoleMap                  *self,
                                     guint                       index);
/* The largest |λ| shown (what bg_mode_is_zero compares with). */
double     bg_pole_map_get_max_magnitude (BgPoleMap             *self);

/* Text and axes in @foreground on @background (default black on white;
 * a dark background picks the dark palette for the crosses). */
void       bg_pole_map_set_colors   (BgPoleMap                  *self,
                                     const BgPlotColor          *foreground,
                                     const BgPlotColor          *background);
/* Base font (NULL: "Sans 9") and presentation factors, as the plots'. */
void       bg_pole_map_set_font     (BgPoleMap                  *self,
                                     const PangoFontDescription *font);
void       bg_pole_map_set_scale    (BgPoleMap                  *self,
                                     double                      font_scale,
                                     double                      line_scale);
/* The pole drawn with a ring and its values (-1: none, the default). */
void       bg_pole_map_set_highlight (BgPoleMap                 *self,
                                      int                        index);
int        bg_pole_map_get_highlight (BgPoleMap                 *self);

/* Draws the whole map, background included, into (0, 0, width, height) of
 * @cr's user space and remembers its geometry. Leaves @cr as it found it. */
void       bg_pole_map_render       (BgPoleMap                  *self,
                                     cairo_t                    *cr,
                                     double                      width,
                                     double                      height);

/* After a rendering: the pole nearest (x, y) within a cross's reach, or
 * -1; where pole @index was drawn; the plot area; s-plane ↔ drawing. */
int        bg_pole_map_pick         (BgPoleMap                  *self,
                                     double                      x,
                                     double                      y);
gboolean   bg_pole_map_get_pole_position (BgPoleMap             *self,
                                          guint                  index,
                                          double                *x,
                                          double                *y);
gboolean   bg_pole_map_get_plot_area (BgPoleMap                 *self,
                                      double                    *x,
                                      double                    *y,
                                      double                    *width,
                                      double                    *height);
double     bg_pole_map_re_to_x      (BgPoleMap                  *self,
                                     double                      re);
double     bg_pole_map_im_to_y      (BgPoleMap                  *self,
                                     double                      im);

/* A width × height picture; @scale multiplies pixels (PNG) or points (SVG)
 * as for the plots. Errors in BG_PLOT_ERROR. */
gboolean   bg_pole_map_write_png    (BgPoleMap                  *self,
                                     const char                 *path,
                                     int                         width,
                                     int                         height,
                                     double                      scale,
                                     GError                    **error);
gboolean   bg_pole_map_write_svg    (BgPoleMap                  *self,
                                     const char                 *path,
                                     int                         width,
                                     int                         height,
                                     double                      scale,
                                     GError                    **error);
gboolean   bg_pole_map_write_pdf    (BgPoleMap                  *self,
                                     const char                 *path,
                                     int                         width,
                                     int                         height,
                                     double                      scale,
                                     GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgPoleMap, bg_pole_map_free)

G_END_DECLS
