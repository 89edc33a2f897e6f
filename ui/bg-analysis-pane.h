/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis-pane.h — the engineering analysis view beside the time plot.
 *
 * Owns: two pages. "Frequency response": the input (a source) and output (a
 * variable) of a Bode plot of the document's model linearized at t = 0,
 * magnitude [dB] and phase [°] on a decade axis, a cursor read-out at the
 * pointer. "Parameter sweep": a numeric parameter of the selected element,
 * its values (a list, or a linear or logarithmic range), the variable to
 * plot, the runs on a thread pool (one per core, each with its own plan,
 * cancellable) and their overlaid traces with a legend ("R1 = 100 Ω"),
 * added live as each run ends. "Poles", for teaching: the eigenvalues of
 * the model linearized at t = 0 as a table (real and imaginary part,
 * natural frequency in Hz and rad/s, damping ratio, time constant) beside
 * the pole map (the s-plane, the unstable half shaded, the pole under the
 * pointer read out), recomputed after each edit. PNG and SVG export of the
 * page shown, through the same renderers as the time plot and the CLI.
 *
 * Actions ("analysis." prefix, also in the pane's menu): bode, sweep,
 * cancel, export-png, export-svg.
 *
 * Must not: edit the model (a sweep copies it per value), or block the
 * main thread on a sweep.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-document.h"
#include "bg-plot-renderer.h"
#include "bg-pole-map.h"

G_BEGIN_DECLS

#define BG_TYPE_ANALYSIS_PANE (bg_analysis_pane_get_type ())
G_DECLARE_FINAL_TYPE (BgAnalysisPane, bg_analysis_pane, BG, ANALYSIS_PANE, GtkBox)

GtkWidget      *bg_analysis_pane_new            (void);
void            bg_analysis_pane_set_document   (BgAnalysisPane     *self,
                                                 BgDocument         *document);
/* The canvas selection: the sweep offers the first element's parameters. */
void            bg_analysis_pane_set_selection  (BgAnalysisPane     *self,
                                                 const char *const  *ids);

/* For tests and scripts: choose by name; FALSE when not offered. */
gboolean        bg_analysis_pane_select_bode    (BgAnalysisPane     *self,
                                                 const char         *input,
                                                 const char         *output);
gboolean        bg_analysis_pane_select_sweep   (BgAnalysisPane     *self,
                                                 const char         *param,
                                                 const char         *values,
                                                 const char         *var);
/* "bode", "sweep" or "modes": the page shown. */
void            bg_analysis_pane_show_page      (BgAnalysisPane     *self,
                                                 const char         *page);
BgPlotRenderer *bg_analysis_pane_get_bode_renderer  (BgAnalysisPane *self);
BgPlotRenderer *bg_analysis_pane_get_sweep_renderer (BgAnalysisPane *self);
gboolean        bg_analysis_pane_is_sweeping    (BgAnalysisPane     *self);
/* The variable chosen as the Bode plot's output, and the one the sweep
 * plots (NULL when the lists are empty). */
const char     *bg_analysis_pane_get_bode_output    (BgAnalysisPane *self);
const char     *bg_analysis_pane_get_sweep_variable (BgAnalysisPane *self);
/* The status line of the page shown ("8 of 8 runs", an error). */
const char     *bg_analysis_pane_get_status     (BgAnalysisPane     *self);
/* The eigenvalue page's map (its modes, their places after a drawing). */
BgPoleMap      *bg_analysis_pane_get_pole_map   (BgAnalysisPane     *self);
/* The read-out at log10 f on the Bode plot ("f = 15.9 Hz · …"). */
char           *bg_analysis_pane_dup_bode_readout (BgAnalysisPane   *self,
                                                   double            log_f);
/* Writes the page shown (PNG or SVG by the name's suffix). */
gboolean        bg_analysis_pane_export         (BgAnalysisPane     *self,
                                                 const char         *path,
                                                 GError            **error);

G_END_DECLS
