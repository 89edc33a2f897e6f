/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-renderer-private.h — what the files of BgGraphRenderer share.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: the renderer's instance struct, the label layouts and the label
 * font sizes, and the `_bg_graph_` functions one file defines for another:
 *   bg-graph-renderer.c   styles, shapes, bond ends, fitting, drawing, export
 *   bg-graph-labels.c     label text, layouts and their cache, label scale
 *   bg-graph-names.c      bond and junction names, drawn on request
 *   bg-graph-style.c      the light and dark colours
 *   bg-graph-power.c      the power-flow layer (bg-graph-power.h)
 * Must not: be included outside ui/render/bg-graph-*.c.
 * Included by: ui/render/bg-graph-*.c.
 */
#pragma once

#include <pango/pangocairo.h>

#include "bg-graph-renderer.h"

G_BEGIN_DECLS

#define FONT_FAMILY        "Sans"
#define FONT_SIZE          BG_GRAPH_LABEL_SIZE
#define PORT_FONT_SIZE     8.5
#define JUNCTION_FONT_SIZE 14.0
#define MAX_CACHED_LABELS  20000

typedef struct
{
  PangoLayout *symbol;  /* "C" (accent) or the bold junction digit */
  PangoLayout *rest;    /* " : C1", or NULL */
  double       symbol_w;
  double       width;
  double       height;
} LabelLayout;

typedef enum
{
  BOND_PLAIN,
  BOND_SELECTED,
  BOND_ERROR,
  N_BOND_CLASSES
} BondClass;

typedef struct
{
  BgPoint   from, to;
  BgStroke  stroke;
  BondClass klass;
  gboolean  visible;
  gboolean  in_group;
  gboolean  selected;
} BondGeom;

struct _BgGraphRenderer
{
  PangoContext *pango;
  GHashTable   *labels;     /* label text -> LabelLayout, at labels_scale */
  double        labels_scale;
  GHashTable   *unit_sizes; /* label key -> double[2], text size at scale 1 */
  /* bg_graph_renderer_label_scale's last answer and what it was for. */
  BgModel      *fit_model;  /* weak */
  guint64       fit_revision;
  double        fit_scale;
  double        fit_label_scale;
  GHashTable   *inks;       /* state|label text -> coloured PangoLayout */
  GArray       *bond_geoms; /* per frame: BondGeom per bond */
  BgGraphStyle  style;
  /* Per frame: shapes in element order and element -> index + 1. */
  GArray       *shapes;
  GHashTable   *shape_index;
};

/* One drawing of the graph: what every drawing step needs. */
typedef struct
{
  BgGraphRenderer   *self;
  cairo_t           *cr;
  BgModel           *model;
  BgCausality       *causality;   /* NULL when absent or stale */
  const BgGraphView *view;
  double             scale;       /* presentation scale: lines and arrows */
  double             label_scale; /* text and label boxes (bg-label-fit.h) */
  double             pixel;       /* device pixels per model unit */
  gboolean           greek;       /* labels too small to read: bars */
  BgRect             visible;     /* model units */
} BgGraphFrame;

void               _bg_graph_set_color         (cairo_t               *cr,
                                                const BgGraphColor    *color,
                                                double                 alpha);
void               _bg_graph_show_layout_at    (cairo_t               *cr,
                                                PangoLayout           *layout,
                                                double                 x,
                                                double                 y);
/* The element's shape in this frame (computed once per frame). */
const BgElementShape *_bg_graph_frame_shape    (BgGraphFrame          *f,
                                                const BgElement       *element);
/* bg-graph-names.c: the bonds' ids beside their middles, the junctions'
 * ids at a free corner (view->show_bond_ids). */
void               _bg_graph_draw_names        (BgGraphFrame          *f);

/* bg-graph-power.c: the power-flow layer (view->power), under the bonds,
 * over the boxes and over the labels. */
void               _bg_graph_draw_power_under  (BgGraphFrame          *f);
void               _bg_graph_draw_power_boxes  (BgGraphFrame          *f);
void               _bg_graph_draw_power_over   (BgGraphFrame          *f);

void               _bg_graph_label_layout_free (gpointer               data);
gboolean           _bg_graph_is_junction       (const BgComponentSpec *spec);
/* A layout of text in the label font at size (model units) and weight. */
PangoLayout       *_bg_graph_make_layout       (BgGraphRenderer       *self,
                                                const char            *text,
                                                double                 size,
                                                PangoWeight            weight);
double             _bg_graph_layout_width      (PangoLayout           *layout,
                                                double                *height);
/* The element's label laid out at scale (cached for one scale at a time). */
const LabelLayout *_bg_graph_lookup_label      (BgGraphRenderer       *self,
                                                const BgElement       *element,
                                                double                 scale);

G_END_DECLS
