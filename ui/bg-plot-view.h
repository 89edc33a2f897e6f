/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view.h — the plot pane's drawing widget.
 *
 * Owns: a BgPlotRenderer whose traces read the chosen columns of one run's
 * BgResult in place (no copies; the rows handed to it grow as rows arrive,
 * and a column the run did not record is derived when it is chosen), the
 * theme colours handed to the renderer, the interactions (primary drag:
 * zoom box; Shift+drag or middle drag: pan; wheel: zoom time around the
 * pointer; Ctrl+wheel: zoom the values of the sub-plot under the pointer;
 * double-click: reset), the cursor read-out at the pointer's time, markers
 * for step switches and for the event or failure that ended the run, the
 * "cursor-moved" signal (double t) when the pointer moves the cursor,
 * faint traces of earlier runs (bg-plot-view-ghosts.c), and PNG/SVG/CSV
 * export of what it shows. Must not: run or compile anything, touch a model, or draw
 * anything the exports would not (the same renderer, the same view).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-plot-renderer.h"
#include "bg-simulation-run.h"

G_BEGIN_DECLS

#define BG_TYPE_PLOT_VIEW (bg_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (BgPlotView, bg_plot_view, BG, PLOT_VIEW, GtkWidget)

GtkWidget       *bg_plot_view_new              (void);

/* The run whose result is shown (NULL: none); the view follows its
 * "progress" and "finished" itself, redrawing at most ~30 times a second. */
void             bg_plot_view_set_run          (BgPlotView         *self,
                                                BgSimulationRun    *run);
BgSimulationRun *bg_plot_view_get_run          (BgPlotView         *self);
/* Variable names to draw ("C1.e", "CYL.x"); names the result lacks are
 * skipped. The view keeps the time and value windows. */
void             bg_plot_view_set_vars         (BgPlotView         *self,
                                                const char *const  *names);
/* Number of traces drawn and rows handed to the renderer so far. */
guint            bg_plot_view_get_n_traces     (BgPlotView         *self);
gsize            bg_plot_view_get_n_rows       (BgPlotView         *self);
/* Hands the renderer the rows that arrived since the last pull (deriving
 * the chosen columns the run does not record); TRUE if any did. */
gboolean         bg_plot_view_pull             (BgPlotView         *self);

/* Earlier runs drawn faintly under the run (bg-plot-view-ghosts.c): each
 * result's columns of the chosen names, under the run's trace of the same
 * name, with a legend entry (label, NULL: none) at a strength (0..1);
 * emphasized draws one as strongly as a trace. csv_suffix names its
 * columns in the CSV export ("run2": "M.v@run2"). Replaces those set
 * before; the view keeps references to the results. */
typedef struct
{
  BgResult   *result;
  const char *label;
  const char *csv_suffix;
  double      strength;
  gboolean    emphasized;
} BgPlotViewGhost;

void             bg_plot_view_set_ghosts       (BgPlotView            *self,
                                                const BgPlotViewGhost *ghosts,
                                                guint                  n_ghosts);
/* Earlier runs set, and the faint traces drawn of them. */
guint            bg_plot_view_get_n_ghost_runs (BgPlotView         *self);
guint            bg_plot_view_get_n_ghost_traces (BgPlotView       *self);

void             bg_plot_view_reset_view       (BgPlotView         *self);
/* Whether rows are drawn as they arrive (default) or only at the end. */
void             bg_plot_view_set_live         (BgPlotView         *self,
                                                gboolean            live);
/* Presentation mode: text and lines 1.75× larger. */
void             bg_plot_view_set_presentation (BgPlotView         *self,
                                                gboolean            presentation);

/* The read-out at time t: "t = 1.23 s", then one "NAME = value unit" per
 * trace, newline-separated. Free with g_free(). */
char            *bg_plot_view_dup_readout      (BgPlotView         *self,
                                                double              t);
/* Places (NaN: hides) the read-out cursor, as a pointer motion does. */
void             bg_plot_view_set_cursor       (BgPlotView         *self,
                                                double              t);

/* Where the cursor rests while the pointer is not over the plot (NaN:
 * hidden), as the power-flow view's instant pins it. */
void             bg_plot_view_set_time_cursor  (BgPlotView         *self,
                                                double              t);
/* The cursor's time now (NaN: hidden). */
double           bg_plot_view_get_cursor       (BgPlotView         *self);

/* The read-out's box for the cursor (widget coordinates); FALSE when no
 * read-out shows. */
gboolean         bg_plot_view_get_readout_box  (BgPlotView         *self,
                                                graphene_rect_t    *box);
BgPlotRenderer  *bg_plot_view_get_renderer     (BgPlotView         *self);

/* Exports of what is on screen: the same traces, markers, time and value
 * windows and colours, with an opaque background; width × height logical
 * pixels, scale as for bg_plot_renderer_write_png(). */
gboolean         bg_plot_view_write_png        (BgPlotView         *self,
                                                const char         *path,
                                                int                 width,
                                                int                 height,
                                                double              scale,
                                                GError            **error);
gboolean         bg_plot_view_write_svg        (BgPlotView         *self,
                                                const char         *path,
                                                int                 width,
                                                int                 height,
                                                double              scale,
                                                GError            **error);
gboolean         bg_plot_view_write_pdf        (BgPlotView         *self,
                                                const char         *path,
                                                int                 width,
                                                int                 height,
                                                double              scale,
                                                GError            **error);
/* CSV of the chosen variables over the visible time window (all rows whose
 * time lies in it), header "t,<names>" as `bgmod-cli simulate` writes;
 * then, for each earlier run shown, its columns "<name>@<csv_suffix>" at
 * the same times (its own value where it has a row at that time, else
 * interpolated linearly between its rows; "nan" outside its run). */
gboolean         bg_plot_view_write_csv        (BgPlotView         *self,
                                                const char         *path,
                                                GError            **error);

G_END_DECLS
