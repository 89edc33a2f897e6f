/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-bode-plot.h — a Bode plot: magnitude [dB] and phase [°] over a decade
 * frequency axis, drawn by the shared plot renderer.
 *
 * Owns: copies of the frequency responses it shows (log10 f, dB, degrees)
 * and a BgPlotRenderer set up with a log frequency axis whose two sub-plots
 * (one per unit) hold them; the window's Bode view and `bgmod-cli bode
 * --plot` both draw and export through it. Must not: compute responses
 * (core/bg-bode.c does), depend on GTK, or be used from two threads.
 */
#pragma once

#include "bg-bode.h"
#include "bg-plot-renderer.h"

G_BEGIN_DECLS

typedef struct _BgBodePlot BgBodePlot;

BgBodePlot     *bg_bode_plot_new          (void);
void            bg_bode_plot_free         (BgBodePlot   *self);
/* Replaces what is shown by one response (NULL: nothing). */
void            bg_bode_plot_set_response (BgBodePlot   *self,
                                           const BgBode *bode);
/* The renderer to draw, export, pick and set the cursor with (x in log10 Hz). */
BgPlotRenderer *bg_bode_plot_get_renderer (BgBodePlot   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgBodePlot, bg_bode_plot_free)

G_END_DECLS
