/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-geometry.h — the shapes of a drawn bond graph, as plain numbers.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: the layout of an element's label box (from a measured text size),
 * the anchor points of named ports on it, bond end points clipped to element
 * boundaries, the half-arrow barb and the causal stroke of a bond, and the
 * distances used for hit-testing. Everything is in model coordinates (y grows
 * downwards, as on screen). Shared by the renderer and by the canvas's
 * hit-testing so that what is drawn is what is picked. Must not: draw, measure
 * text, allocate, or know about GTK or Cairo.
 */
#pragma once

#include <glib.h>
#include "bg-model.h"

G_BEGIN_DECLS

typedef struct
{
  double x, y;
} BgPoint;

typedef struct
{
  double x, y, width, height;
} BgRect;

typedef enum
{
  BG_SIDE_LEFT,
  BG_SIDE_TOP,
  BG_SIDE_RIGHT,
  BG_SIDE_BOTTOM,
} BgSide;

#define BG_GEOMETRY_MAX_PORTS 8

/* Sizes in model units at presentation scale 1. */
#define BG_GEOMETRY_LABEL_PAD_X   4.0
#define BG_GEOMETRY_LABEL_PAD_Y   2.0
#define BG_GEOMETRY_BOX_PAD       8.0   /* around an advanced component's text */
#define BG_GEOMETRY_PORT_ROW      14.0  /* room for one port letter */
#define BG_GEOMETRY_BOND_GAP      3.0   /* between a label and a bond end */
#define BG_GEOMETRY_BARB_LENGTH   10.0
#define BG_GEOMETRY_GRID          10.0
/* A bond shorter than this many barb lengths does not read as a half-arrow. */
#define BG_GEOMETRY_MIN_BOND_BARBS 1.5

typedef struct
{
  BgRect   box;        /* the label (primitives) or the outlined box (multiport) */
  BgRect   text;       /* the label's text, centred in box */
  BgPoint  centre;
  gboolean outlined;   /* advanced components are boxes; TF is a label */
  guint    n_ports;    /* named ports with an anchor; 0 for one-ports and junctions */
  BgPoint  ports[BG_GEOMETRY_MAX_PORTS];      /* anchors, on the box boundary */
  BgSide   port_sides[BG_GEOMETRY_MAX_PORTS];
} BgElementShape;

/* Lays out an element centred at (cx, cy) whose text measures text_w × text_h
 * model units. scale is the presentation scale (pads grow with it). */
void     bg_geometry_element_shape     (const BgComponentSpec *spec,
                                        int                    rotation,
                                        double                 cx,
                                        double                 cy,
                                        double                 text_w,
                                        double                 text_h,
                                        double                 scale,
                                        BgElementShape        *shape);

/* Where a bond leaves this element towards the point `toward`: the port's
 * anchor when port >= 0 and the shape has named ports, else the point where
 * the ray from the centre to `toward` crosses the box grown by `gap`. */
BgPoint  bg_geometry_bond_anchor       (const BgElementShape  *shape,
                                        int                    port,
                                        BgPoint                toward,
                                        double                 gap);

/* Both ends of a bond from shape a (port pa) to shape b (port pb). Returns
 * FALSE when the two ends overlap (elements on top of each other). */
gboolean bg_geometry_bond_ends         (const BgElementShape  *a,
                                        int                    pa,
                                        const BgElementShape  *b,
                                        int                    pb,
                                        double                 gap,
                                        BgPoint               *start,
                                        BgPoint               *end);

/* The point where the segment from inside (in the rect) to outside crosses the
 * rect's boundary; returns inside when outside is inside too. */
BgPoint  bg_geometry_clip_to_rect      (const BgRect          *rect,
                                        BgPoint                inside,
                                        BgPoint                outside);

/* The half-arrow at `tip` for a bond travelling from `tail` to `tip`: a single
 * barb from tip to *barb_end, on the left of the direction of travel (with y
 * down, "left" of travelling right is up). */
void     bg_geometry_half_arrow        (BgPoint                tail,
                                        BgPoint                tip,
                                        double                 length,
                                        BgPoint               *barb_end);

/* The causal stroke at `at`, the end of the bond from `other` to `at`: a bar
 * of the given length perpendicular to the bond, centred on `at`. */
void     bg_geometry_causal_stroke     (BgPoint                other,
                                        BgPoint                at,
                                        double                 length,
                                        BgPoint               *p1,
                                        BgPoint               *p2);

double   bg_geometry_distance_to_segment (BgPoint              p,
                                          BgPoint              a,
                                          BgPoint              b);
gboolean bg_geometry_rect_contains     (const BgRect          *rect,
                                        double                 x,
                                        double                 y);
gboolean bg_geometry_rects_intersect   (const BgRect          *a,
                                        const BgRect          *b);
/* Whether the insides of two rects overlap (touching edges do not). */
gboolean bg_geometry_rects_overlap     (const BgRect          *a,
                                        const BgRect          *b);
/* Whether the segment a–b passes through the inside of rect (running along
 * or touching its boundary does not). */
gboolean bg_geometry_segment_crosses_rect (BgPoint             a,
                                           BgPoint             b,
                                           const BgRect       *rect);
void     bg_geometry_rect_union        (BgRect                *acc,
                                        const BgRect          *r);
/* The rect spanned by two corners, in any order. */
BgRect   bg_geometry_rect_from_points  (double                 x1,
                                        double                 y1,
                                        double                 x2,
                                        double                 y2);
/* Index of the port anchor nearest (x, y), or -1 without named ports. */
int      bg_geometry_nearest_port      (const BgElementShape  *shape,
                                        double                 x,
                                        double                 y);
double   bg_geometry_snap              (double                 v,
                                        double                 grid);

G_END_DECLS
