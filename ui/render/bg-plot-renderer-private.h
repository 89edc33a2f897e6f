/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-private.h — what the files of BgPlotRenderer share.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the renderer's instance struct and its parts (Trace, Marker,
 * Subplot), the coordinate maps of the last layout, and the
 * `_bg_plot_renderer_` functions one file of the class defines for another
 * (the drawing context, Ctx, is bg-plot-ctx-private.h's):
 *   bg-plot-renderer.c          state, render order, markers and cursor
 *   bg-plot-renderer-layout.c   view windows, ticks, layout, axes, legends
 *   bg-plot-renderer-traces.c   reading samples (spans), value ranges,
 *                               decimation, trace drawing
 *   bg-plot-renderer-hit.c      values at a time, last layout's geometry
 *   bg-plot-renderer-export.c   PNG and SVG files
 *   bg-plot-renderer-ghosts.c   faint traces of earlier runs, their legend
 * Must not: be included outside ui/render/bg-plot-renderer*.c.
 * Included by: ui/render/bg-plot-renderer*.c.
 */
#pragma once

#include <pango/pangocairo.h>

#include "bg-plot-renderer.h"
#include "bg-plot-ctx-private.h"
#include "bg-result.h"
#include "bg-si-format.h"

G_BEGIN_DECLS

#define MAX_COORD 1.0e5 /* keep far-off points inside Cairo's fixed range */

/* Samples contiguous in memory: rows [start, start + len) of a trace, their
 * times t[0 .. len) and values y[0 .. len). */
typedef struct
{
  size_t        start;
  size_t        len;
  const double *t;
  const double *y;
} Span;

typedef struct
{
  char         *name;
  char         *unit;
  char         *group;     /* with the unit, which sub-plot (NULL: the unit's own) */
  int           fill_base; /* FILL_NONE, or filled down to trace fill_base (-1: to 0) */
  /* The samples, read only through the helpers below: one span for a
   * trace of borrowed arrays, one per chunk for a trace of a BgResult
   * (whose chunks never move; the spans are taken again from the last
   * one when the trace grows). */
  GArray       *spans; /* Span */
  size_t        n;
  BgResult     *result; /* a reference, or NULL for borrowed arrays */
  guint         var;    /* the value column of result */
  guint         subplot;
  guint         color_index; /* position among its sub-plot's traces */
  gboolean      drawn_dense; /* last drawn as filled columns (no dashes) */
  /* Finite min/max of samples [range_i0, range_i1), kept across drawings:
   * a growing column only scans its new samples. */
  gboolean      range_valid;
  size_t        range_i0, range_i1;
  double        range_lo, range_hi;
} Trace;

typedef struct
{
  double           t;
  char            *label;
  BgPlotMarkerKind kind;
} Marker;

/* Trace.fill_base of a trace drawn as a line only; the opacity of a fill. */
#define FILL_NONE (-2)
#define FILL_ALPHA 0.35
/* A faint trace of an earlier run, under trace `of` (its colour, dash and
 * sub-plot; trace->subplot and ->color_index are copied from it). */
typedef struct
{
  Trace *trace;
  guint  of;
  guint  group;
} Ghost;

/* The ghosts of one earlier run. */
typedef struct
{
  char    *label;      /* legend text, or NULL for none */
  double   strength;   /* opacity of its lines, 0..1 */
  gboolean emphasized; /* drawn as strongly as a trace (chosen in a list) */
} GhostGroup;

typedef struct
{
  char   *unit;
  char   *key;      /* the unit, or "unit\x1fgroup": its fixed value range's key */
  guint   n_traces;
  guint   n_ghost_entries; /* legend entries of earlier runs' groups */
  /* Resolved by the last layout. */
  double  x, y, w, h; /* plot area */
  double  legend_y;   /* top of the legend rows */
  guint   legend_rows;
  double  y0, y1; /* value window */
  BgTicks ticks;
  int     exponent;
  guint   decimals;
  char   *drawn_title;     /* the value axis title as last drawn */
  gboolean title_shortened; /* shortened to fit (never cut mid-word) */
} Subplot;

struct _BgPlotRenderer
{
  GObject parent_instance;

  GPtrArray  *traces;       /* Trace* */
  GPtrArray  *ghosts;       /* Ghost*, drawn under the traces */
  GArray     *ghost_groups; /* GhostGroup */
  GArray     *markers;      /* Marker */
  GPtrArray  *subplots;     /* Subplot*, one per distinct unit */
  GHashTable *value_ranges; /* unit → double[2] fixed by the user */

  gboolean time_fixed;
  double   t0, t1;
  char    *log_x_title;     /* non-NULL: a decade axis (traces hold log10 x) */
  char    *log_x_unit;
  char    *drawn_time_title;  /* the time (or decade) axis title as last drawn */
  double   cursor_t;

  BgPlotColor           fg, bg;
  double                font_scale;
  double                line_scale;
  PangoFontDescription *font;

  /* Geometry of the last rendering. */
  gboolean have_layout;
  double   line_h;  /* one line of text */
  double   view_t0, view_t1;
  double   area_x, area_w;
  double   strip_y; /* marker labels' row above the first plot */
  gboolean has_strip;
  gboolean legend_beside; /* legends in a column right of the plots */
  BgTicks  time_ticks;
  int      time_exponent;
  guint    time_decimals;
};


/* ---- coordinate maps ---------------------------------------------------- */

static inline double
_bg_plot_renderer_t_to_x (BgPlotRenderer *self,
                          double          t)
{
  return self->area_x +
         (t - self->view_t0) / (self->view_t1 - self->view_t0) * self->area_w;
}

static inline double
_bg_plot_renderer_v_to_y (const Subplot *sp,
                          double         v)
{
  double y = sp->y + sp->h - (v - sp->y0) / (sp->y1 - sp->y0) * sp->h;
  return CLAMP (y, -MAX_COORD, MAX_COORD);
}

/* bg-plot-renderer.c: the drawing context at the renderer's font and scales */
void   _bg_plot_renderer_ctx_init  (BgPlotRenderer *self,
                                    cairo_t        *cr,
                                    Ctx            *c);
double _bg_plot_renderer_snap (cairo_t *cr,
                               double   v,
                               gboolean horizontal);

/* bg-plot-renderer-layout.c */
void _bg_plot_renderer_layout (BgPlotRenderer *self,
                               Ctx            *c,
                               double          width,
                               double          height);
void _bg_plot_renderer_draw_grid (BgPlotRenderer *self,
                                  Ctx            *c,
                                  Subplot        *sp);
void _bg_plot_renderer_draw_frame (BgPlotRenderer *self,
                                   Ctx            *c,
                                   Subplot        *sp,
                                   gboolean        with_time_labels);
void _bg_plot_renderer_draw_titles (BgPlotRenderer *self,
                                    Ctx            *c);
void _bg_plot_renderer_draw_legend (BgPlotRenderer *self,
                                    Ctx            *c,
                                    guint           index);

/* bg-plot-renderer-traces.c */
/* The span holding sample @i (< tr->n). */
const Span *_bg_plot_renderer_trace_span (const Trace *tr,
                                          size_t       i);
static inline double
_bg_plot_renderer_trace_t (const Trace *tr,
                           size_t       i)
{
  const Span *s = _bg_plot_renderer_trace_span (tr, i);
  return s->t[i - s->start];
}
static inline double
_bg_plot_renderer_trace_y (const Trace *tr,
                           size_t       i)
{
  const Span *s = _bg_plot_renderer_trace_span (tr, i);
  return s->y[i - s->start];
}
/* First sample whose time is >= @value (or > @value when @strict); tr->n
 * when none. */
size_t   _bg_plot_renderer_trace_search (const Trace *tr,
                                         double       value,
                                         gboolean     strict);
/* Points @tr at @n samples of borrowed arrays, or (t, y NULL) brings a
 * result trace's spans up to its first @n rows. */
void     _bg_plot_renderer_trace_set_spans (Trace        *tr,
                                            const double *t,
                                            const double *y,
                                            size_t        n);
/* The trace's value at @t, linearly interpolated; NaN outside its samples. */
double   _bg_plot_renderer_trace_value_at (const Trace *tr,
                                           double       t);
gboolean _bg_plot_renderer_trace_value_range (Trace  *tr,
                                              double  t0,
                                              double  t1,
                                              double *lo,
                                              double *hi);
void     _bg_plot_renderer_set_trace_dash (cairo_t *cr,
                                           guint    color_index,
                                           double   lw);
void     _bg_plot_renderer_draw_traces (BgPlotRenderer *self,
                                        Ctx            *c,
                                        guint           index);
/* One trace in the source and line width set on c->cr. */
void     _bg_plot_renderer_draw_trace  (BgPlotRenderer *self,
                                        Ctx            *c,
                                        Trace          *tr,
                                        const Subplot  *sp);
Trace   *_bg_plot_renderer_trace_new   (void);
void     _bg_plot_renderer_trace_free  (gpointer        data);

/* bg-plot-renderer-ghosts.c */
void     _bg_plot_renderer_ghosts_init    (BgPlotRenderer *self);
void     _bg_plot_renderer_ghosts_finalize (BgPlotRenderer *self);
/* After the sub-plots were rebuilt: each ghost's sub-plot and colour from
 * its trace, each sub-plot's count of ghost legend entries. */
void     _bg_plot_renderer_ghosts_resolve (BgPlotRenderer *self);
/* Widen [*lo, *hi] by the ghosts' times, or by the values of those in
 * sub-plot index within [t0, t1]. */
void     _bg_plot_renderer_ghosts_time_span (BgPlotRenderer *self,
                                             double         *lo,
                                             double         *hi);
void     _bg_plot_renderer_ghosts_value_range (BgPlotRenderer *self,
                                               guint           index,
                                               double          t0,
                                               double          t1,
                                               double         *lo,
                                               double         *hi);
void     _bg_plot_renderer_draw_ghosts    (BgPlotRenderer *self,
                                           Ctx            *c,
                                           guint           index);
/* The k-th ghost legend entry of sub-plot index (k < n_ghost_entries):
 * its label, and the colour and strength of its sample line. */
const char *_bg_plot_renderer_ghost_entry (BgPlotRenderer *self,
                                           guint           index,
                                           guint           k,
                                           BgPlotColor    *color,
                                           double         *strength);

G_END_DECLS
