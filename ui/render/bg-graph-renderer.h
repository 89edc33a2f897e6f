/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-renderer.h — draws a bond graph with Cairo and Pango.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: turning a BgModel (and optionally its BgCausality) into pixels on any
 * cairo_t — the canvas's snapshot, PNG and SVG export and `bgmod-cli render`
 * all use it: textbook labels ("C : C1", bare bold junction digits, boxes
 * with named ports for advanced components), bonds with their half-arrow and
 * the analyzer's causal stroke, red conflicts, amber algebraic groups and the
 * selection. It also measures labels (a cache of Pango layouts) and gives the
 * shapes the canvas hit-tests against, so drawing and picking agree.
 * Must not: use GTK, edit the model, analyse causality, or keep pixels.
 * Not thread-safe: one renderer per thread.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include "bg-model.h"
#include "bg-causality.h"
#include "bg-graph-geometry.h"

G_BEGIN_DECLS

/* The size of an element's label text, model units at label scale 1. */
#define BG_GRAPH_LABEL_SIZE 12.0

typedef struct
{
  double red, green, blue, alpha;
} BgGraphColor;

typedef struct
{
  BgGraphColor fg;          /* text and bonds */
  BgGraphColor bg;          /* background (label knock-outs) */
  BgGraphColor selection;   /* the theme's accent */
  BgGraphColor error;       /* conflicts */
  BgGraphColor group;       /* algebraic groups */
  BgGraphColor domain[5];   /* indexed by BgDomain; [0] for advanced boxes */
  /* the power-flow view (bg-graph-power.h) */
  BgGraphColor power_along;   /* power in the half-arrow's direction */
  BgGraphColor power_against; /* power against it */
  BgGraphColor power_store;   /* a storage's energy gauge */
  BgGraphColor power_heat;    /* a resistance's dissipated power */
} BgGraphStyle;

typedef struct _BgGraphPower BgGraphPower;

/* The drawing options of one frame. */
typedef struct
{
  /* View transform: view = model * zoom + (offset_x, offset_y). */
  double       zoom;
  double       offset_x, offset_y;
  double       presentation_scale;  /* 1 normal, 1.5–2 projector */
  /* The scale of labels (text and label boxes) when it is less than the
   * presentation scale: bg_graph_renderer_label_scale()'s answer for the
   * model. 0: the same as presentation_scale (bg_graph_renderer_draw works
   * it out itself; bg_graph_renderer_bond_ends cannot). */
  double       label_scale;
  gboolean     draw_background;     /* fill the clip with style->bg first */
  /* Element and bond ids drawn as selected (set semantics), or NULL. */
  GHashTable  *selected;
  /* Elements drawn displaced by (move_dx, move_dy) model units (live move
   * preview), or NULL. */
  GHashTable  *moving;
  double       move_dx, move_dy;
  /* Bond ids ("b4") written beside each bond, as messages name them. */
  gboolean     show_bond_ids;
  /* The power-flow view's numbers at one instant (bg-graph-power.h), or
   * NULL: each bond drawn over a band as wide as its power, storages'
   * gauges, resistances' dissipated power. */
  const BgGraphPower *power;
} BgGraphView;

typedef struct _BgGraphRenderer BgGraphRenderer;

BgGraphRenderer *bg_graph_renderer_new          (void);
void             bg_graph_renderer_free         (BgGraphRenderer    *self);

/* Light theme defaults (black on white, print colours) and dark ones. */
void             bg_graph_style_init_light      (BgGraphStyle       *style);
void             bg_graph_style_init_dark       (BgGraphStyle       *style);
void             bg_graph_renderer_set_style    (BgGraphRenderer    *self,
                                                 const BgGraphStyle *style);
const BgGraphStyle *bg_graph_renderer_get_style (BgGraphRenderer    *self);

void             bg_graph_view_init             (BgGraphView        *view);

/* The label text of an element: "C : C1", "0", "CYL : CYL1". */
char            *bg_graph_renderer_dup_label    (const BgElement    *element);

/* The scale the labels of model are drawn at in presentation mode: the
 * presentation scale, or less where the enlarged labels would collide with
 * each other or with bonds (bg-label-fit.h; lines and arrows keep the full
 * scale). Remembered until the model changes. */
double           bg_graph_renderer_label_scale  (BgGraphRenderer    *self,
                                                 BgModel            *model,
                                                 double              presentation_scale);

/* The shape of an element at its model position plus (dx, dy), with its
 * label at label_scale. */
void             bg_graph_renderer_element_shape (BgGraphRenderer   *self,
                                                  const BgElement   *element,
                                                  double             label_scale,
                                                  double             dx,
                                                  double             dy,
                                                  BgElementShape    *shape);
/* Port index of each end, as an index into the element's named ports, or -1. */
int              bg_graph_renderer_bond_port    (const BgBond       *bond,
                                                 gboolean            at_to);
/* The two ends of a bond as drawn (view->moving applied); FALSE when its
 * elements overlap. */
gboolean         bg_graph_renderer_bond_ends    (BgGraphRenderer    *self,
                                                 const BgBond       *bond,
                                                 const BgGraphView  *view,
                                                 BgPoint            *from,
                                                 BgPoint            *to);

/* Bounding box of everything drawn at this presentation scale (with the
 * label scale it gives), in model units; FALSE for an empty model. */
gboolean         bg_graph_renderer_get_bounds   (BgGraphRenderer    *self,
                                                 BgModel            *model,
                                                 double              presentation_scale,
                                                 BgRect             *bounds);

/* Draws the graph into cr (whose current transform maps view units, e.g.
 * widget logical pixels). causality may be NULL or stale: a stale analysis
 * (revision differs from the model's) draws no strokes. */
void             bg_graph_renderer_draw         (BgGraphRenderer    *self,
                                                 cairo_t            *cr,
                                                 BgModel            *model,
                                                 BgCausality        *causality,
                                                 const BgGraphView  *view);

/* Zoom and offset that fit the whole graph into width × height view units
 * with a margin; zoom capped at max_zoom. FALSE for an empty model. */
gboolean         bg_graph_renderer_fit          (BgGraphRenderer    *self,
                                                 BgModel            *model,
                                                 double              width,
                                                 double              height,
                                                 double              margin,
                                                 double              max_zoom,
                                                 BgGraphView        *view);

/* Writes a PNG, SVG or PDF (chosen by the file name's extension, in any
 * case) of the whole graph on a white background with light colours. */
gboolean         bg_graph_renderer_export       (BgModel            *model,
                                                 BgCausality        *causality,
                                                 const char         *path,
                                                 double              presentation_scale,
                                                 GError            **error);

#define BG_GRAPH_RENDERER_ERROR (bg_graph_renderer_error_quark ())
GQuark bg_graph_renderer_error_quark (void);

typedef enum
{
  BG_GRAPH_RENDERER_ERROR_FORMAT = 1,  /* not .png, .svg or .pdf */
  BG_GRAPH_RENDERER_ERROR_WRITE,       /* the file could not be written */
} BgGraphRendererError;

G_END_DECLS
