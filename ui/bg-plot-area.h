/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-area.h — a widget that shows a BgPlotRenderer readably.
 *
 * Owns: drawing a renderer it is given in the theme's colours and the
 * widget's font, with presentation mode's larger text and lines when its
 * window has the "presentation" class (as the time plot), and asking for
 * the height at which every sub-plot keeps its axis title and three ticks
 * (bg_plot_renderer_get_min_height), so a page that holds it gives it
 * that room or scrolls. Must not: change the renderer's traces or view,
 * or handle the pointer (its owner adds controllers).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-plot-renderer.h"

G_BEGIN_DECLS

#define BG_TYPE_PLOT_AREA (bg_plot_area_get_type ())
G_DECLARE_FINAL_TYPE (BgPlotArea, bg_plot_area, BG, PLOT_AREA, GtkWidget)

/* Draws @renderer (a reference is kept). */
GtkWidget      *bg_plot_area_new          (BgPlotRenderer *renderer);
BgPlotRenderer *bg_plot_area_get_renderer (BgPlotArea     *self);

G_END_DECLS
