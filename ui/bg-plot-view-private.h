/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-private.h — BgPlotView's instance struct, shared by
 * bg-plot-view.c (the run, its columns and live updates; the GObject),
 * bg-plot-view-draw.c (snapshot, measuring, the theme, the read-out box),
 * bg-plot-view-interactions.c (gestures, zoom and pan, the cursor
 * read-out), bg-plot-view-export.c (PNG, SVG, CSV) and
 * bg-plot-view-ghosts.c (earlier runs, faintly).
 * Must not: be included outside those files.
 * Included by: ui/bg-plot-view*.c.
 */
#pragma once

#include "bg-plot-view.h"

G_BEGIN_DECLS

/* Plot text and lines in presentation mode, against the desktop's font
 * (the window's own text grows 1.25× already, style.css, so the plot adds
 * only the rest). */
#define PRESENTATION_SCALE 1.5

typedef struct
{
  char   *name;
  guint   var;    /* column in the result */
} Trace;

/* An earlier run shown faintly (bg-plot-view-ghosts.c). */
typedef struct
{
  BgResult *result;
  char     *label;
  char     *csv_suffix;
  double    strength;
  gboolean  emphasized;
} GhostRun;

typedef enum
{
  DRAG_NONE,
  DRAG_BOX,
  DRAG_PAN,
} DragMode;

struct _BgPlotView
{
  GtkWidget        parent_instance;

  BgPlotRenderer  *renderer;
  BgSimulationRun *run;
  GStrv            names;

  gsize            n_rows;       /* rows handed to the renderer */
  GPtrArray       *traces;       /* Trace */
  GArray          *ghost_runs;   /* GhostRun */
  char            *layout_key;   /* what the last queued resize was for */

  guint            redraw_source;
  gboolean         presentation;
  gboolean         live;
  double           cursor_t;
  double           pinned_t;     /* where the cursor rests (NaN: hidden) */
  double           pointer_x, pointer_y;  /* last motion, for wheel zoom */

  /* the drag in progress */
  DragMode         drag_mode;
  double           drag_x, drag_y, drag_dx, drag_dy;
  guint            drag_subplot;
  gboolean         drag_has_subplot;
  double           drag_t0, drag_t1, drag_y0, drag_y1;
};

/* bg-plot-view.c: "cursor-moved" (the pointer moved the cursor to t) */
void               _bg_plot_view_emit_cursor_moved (BgPlotView      *self,
                                                    double           t);

/* bg-plot-view.c: the run's result, or NULL. */
BgResult          *_bg_plot_view_result            (BgPlotView      *self);
/* A resize when what the minimum height depends on changed. */
void               _bg_plot_view_queue_resize      (BgPlotView      *self);

/* bg-plot-view-ghosts.c */
void               _bg_plot_view_ghosts_init       (BgPlotView      *self);
/* The earlier runs' traces again, after the run's were rebuilt. */
void               _bg_plot_view_rebuild_ghosts    (BgPlotView      *self);
/* The CSV's columns of the earlier runs: their header names, and their
 * values at time t (cursors: one per column, start at 0, times rising). */
void               _bg_plot_view_ghosts_csv_header (BgPlotView      *self,
                                                    GString         *text);
void               _bg_plot_view_ghosts_csv_row    (BgPlotView      *self,
                                                    double           t,
                                                    gsize           *cursors,
                                                    GString         *text);
guint              _bg_plot_view_ghosts_n_columns  (BgPlotView      *self);

/* bg-plot-view-draw.c */
void               _bg_plot_view_theme_colors      (BgPlotView      *self,
                                                    BgPlotColor     *fg,
                                                    BgPlotColor     *bg);
/* The theme's colours and font on the renderer; opaque: with the
 * background filled (exports), else the widget's shows through. */
void               _bg_plot_view_apply_style       (BgPlotView      *self,
                                                    gboolean         opaque);
void               _bg_plot_view_snapshot          (GtkWidget       *widget,
                                                    GtkSnapshot     *snapshot);
GtkSizeRequestMode _bg_plot_view_get_request_mode  (GtkWidget       *widget);
void               _bg_plot_view_measure           (GtkWidget       *widget,
                                                    GtkOrientation   orientation,
                                                    int              for_size,
                                                    int             *minimum,
                                                    int             *natural,
                                                    int             *minimum_baseline,
                                                    int             *natural_baseline);

/* bg-plot-view-interactions.c */
void               _bg_plot_view_interactions_init (BgPlotView      *self);

G_END_DECLS
