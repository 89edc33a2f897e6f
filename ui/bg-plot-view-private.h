/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-private.h — BgPlotView's instance struct, shared by
 * bg-plot-view.c (the run, its columns and live updates; the GObject),
 * bg-plot-view-draw.c (snapshot, measuring, the theme, the read-out box),
 * bg-plot-view-interactions.c (gestures, zoom and pan, the cursor
 * read-out) and bg-plot-view-export.c (PNG, SVG, CSV).
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
