/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane.h — the window's bottom pane: runs and their plots.
 *
 * Owns: the current BgSimulationRun of its document (compiled from the
 * document's model and causality when asked to run; a new run cancels the
 * previous one; edits mark it stale), the pane header (progress with
 * simulated and elapsed time, the run's status, the stale tag, the
 * presentation toggle, reset view, the variable picker and the export
 * menu), the plot view, the chosen variables (kept in the model's view JSON)
 * and the exports. Must not: edit the model other than its view JSON, draw
 * the graph, or know about the window's other widgets (it reports through
 * its signals and properties).
 *
 * Rows are drawn as they arrive unless the "live-plot" setting (when the
 * schema is installed) says otherwise.
 *
 * Actions ("plot." prefix): reset-view, presentation (boolean state),
 * export-png (a file chooser with the choices "size": "screen" (default),
 * "1280x720", "1920x1080", "800x600", and "scale": "2" (default), "1", "3"),
 * export-svg (the on-screen size), export-csv (the chosen variables over the
 * visible time window), show-runs (Ctrl+K: the kept runs' list opens with
 * the keyboard in it). Each export writes the format its menu item names.
 * Kept runs (bg-plot-pane-runs.c): each finished run of the document
 * becomes a generation of the pane's BgRunHistory (the window's, never the
 * file's; another document starts afresh); the view draws the run in
 * colour and, faintly, the earlier ones the history keeps and does not
 * hide — at most the "kept-runs" setting of unpinned ones besides the
 * pinned — each with what it had that the run in colour has not in the
 * legend. The header's Runs button opens the run list (bg-run-list.h).
 * The history's memory bound is the max-memory setting.
 *
 * What if? (bg-plot-pane-whatif.c): while a slider is dragged the pane
 * re-runs a copy of the document with the slider's value in the
 * background (at most one run at a time; a newer value waits for it, or
 * cancels it when it has run 100 ms and more) and shows each finished one
 * in colour; those runs are not kept. Ending the drag drops what is still
 * running and, when the value was kept, runs the document.
 *
 * Signals: "run-finished" (void) after a run of the current document ended;
 * "whatif-shown" (double value): a what-if run of that value is shown.
 * Properties: "running" (boolean, read-only), "presentation" (boolean).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-document.h"
#include "bg-plot-view.h"
#include "bg-run-history.h"
#include "bg-simulation-run.h"
#include "bg-variable-picker.h"

G_BEGIN_DECLS

#define BG_TYPE_PLOT_PANE (bg_plot_pane_get_type ())
G_DECLARE_FINAL_TYPE (BgPlotPane, bg_plot_pane, BG, PLOT_PANE, GtkWidget)

GtkWidget        *bg_plot_pane_new              (void);
/* Stops and forgets the previous document's run. */
void              bg_plot_pane_set_document     (BgPlotPane        *self,
                                                 BgDocument        *document);

/* TRUE when the document's analysis allows a run (no causal conflict). */
gboolean          bg_plot_pane_can_run          (BgPlotPane        *self);
/* Compiles the document and starts a run in a worker thread, cancelling a
 * run in progress. FALSE with the analyzer's or compiler's message when the
 * model cannot be simulated (the pane's status shows it too). */
gboolean          bg_plot_pane_run              (BgPlotPane        *self,
                                                 GError           **error);
void              bg_plot_pane_stop             (BgPlotPane        *self);
gboolean          bg_plot_pane_is_running       (BgPlotPane        *self);
BgSimulationRun  *bg_plot_pane_get_run          (BgPlotPane        *self);
/* The run's status line: "Finished at t = 5 s …", the event message,
 * "Stopped at t = …", the failure, or the refusal; "" before any run. */
const char       *bg_plot_pane_get_status_text  (BgPlotPane        *self);

/* The chosen variables (saved in the view JSON) and adding an element's
 * plot variables (what a double-click on the canvas does). */
GStrv             bg_plot_pane_dup_vars         (BgPlotPane        *self);
void              bg_plot_pane_set_vars         (BgPlotPane        *self,
                                                 const char *const *names);
void              bg_plot_pane_add_element_vars (BgPlotPane        *self,
                                                 const char        *element_id);
/* Adds one variable ("T2.C1.E") after the chosen ones, unless it is one;
 * a result there already draws it at once (deriving its column). */
void              bg_plot_pane_add_var          (BgPlotPane        *self,
                                                 const char        *name);

/* Writes what the plot shows, by the file name's suffix: .png (on-screen
 * size × 2), .svg (on-screen size) or .csv (visible time window). */
gboolean          bg_plot_pane_export           (BgPlotPane        *self,
                                                 const char        *path,
                                                 GError           **error);
/* A PNG of what the plot shows (the same renderer, traces and time and
 * value windows as on screen) laid out at width × height logical pixels
 * (0 × 0: the on-screen size) and drawn at scale, so the image has
 * width·scale × height·scale pixels. What export-png's dialog calls. */
gboolean          bg_plot_pane_export_png       (BgPlotPane        *self,
                                                 const char        *path,
                                                 int                width,
                                                 int                height,
                                                 double             scale,
                                                 GError           **error);

BgPlotView       *bg_plot_pane_get_view         (BgPlotPane        *self);
/* TRUE when the view shows traces (after a run, with variables chosen). */
gboolean          bg_plot_pane_has_plot         (BgPlotPane        *self);
/* The pane's height, laid out @width wide, at which the view is not
 * scrolled: the header and the view's readable height. */
int               bg_plot_pane_get_readable_height (BgPlotPane     *self,
                                                    int             width);
BgVariablePicker *bg_plot_pane_get_picker       (BgPlotPane        *self);

/* Kept runs ---------------------------------------------------------------- */
BgRunHistory     *bg_plot_pane_get_history      (BgPlotPane        *self);
GtkWidget        *bg_plot_pane_get_run_list     (BgPlotPane        *self);
/* Shows only these two kept runs, newer in colour and older faintly;
 * NULL, NULL shows the newest run and the earlier ones again. */
void              bg_plot_pane_compare          (BgPlotPane        *self,
                                                 BgRunGeneration   *older,
                                                 BgRunGeneration   *newer);
gboolean          bg_plot_pane_is_comparing     (BgPlotPane        *self);
/* Draws that kept run as strongly as the one in colour (NULL: none). */
void              bg_plot_pane_set_emphasized   (BgPlotPane        *self,
                                                 BgRunGeneration   *generation);

/* What if? ----------------------------------------------------------------- */
/* The model as now with element's number param at value, run in the
 * background and shown when it ends (see above). */
void              bg_plot_pane_whatif_preview   (BgPlotPane        *self,
                                                 const char        *element,
                                                 const char        *param,
                                                 double             value);
/* The drag ended; committed: the value is now the model's, run it. */
void              bg_plot_pane_whatif_end       (BgPlotPane        *self,
                                                 gboolean           committed);
/* TRUE while a what-if value waits or runs. */
gboolean          bg_plot_pane_whatif_is_busy   (BgPlotPane        *self);
/* What-if runs shown since the pane was made. */
guint             bg_plot_pane_whatif_get_n_shown (BgPlotPane      *self);

G_END_DECLS
