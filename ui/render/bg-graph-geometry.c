/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-geometry.c — label boxes, port anchors, bond ends, barbs, strokes.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: the pure arithmetic of the drawn graph (see the header). Must not:
 * draw, allocate, measure text or keep state.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include "bg-graph-geometry.h"

/* The side of each named port before rotation: the spec's n_left_ports on
 * the left (the cylinder's two chambers), else the first half (TF, pump:
 * input left, output right). */
static BgSide
port_base_side (const BgComponentSpec *spec,
                guint                  index)
{
  guint left = spec->n_left_ports > 0 ? spec->n_left_ports : (spec->n_ports + 1) / 2;

  return index < left ? BG_SIDE_LEFT : BG_SIDE_RIGHT;
}

static BgSide
rotate_side (BgSide side,
             int    rotation)
{
  int steps = ((rotation / 90) % 4 + 4) % 4;

  return (BgSide) (((int) side + steps) % 4);
}

static gboolean
spec_has_named_ports (const BgComponentSpec *spec)
{
  return !spec->variable_ports && spec->n_ports >= 2;
}

static gboolean
spec_is_outlined (const BgComponentSpec *spec)
{
  return spec->section == BG_SECTION_ADVANCED;
}

void
bg_geometry_element_shape (const BgComponentSpec *spec,
                           int                    rotation,
                           double                 cx,
                           double                 cy,
                           double                 text_w,
                           double                 text_h,
                           double                 scale,
                           BgElementShape        *shape)
{
  guint per_side[4] = { 0, 0, 0, 0 };
  guint seen[4] = { 0, 0, 0, 0 };
  double w, h;

  g_assert (spec != NULL);
  g_assert (shape != NULL);

  if (scale <= 0)
    scale = 1;

  memset (shape, 0, sizeof *shape);
  shape->centre.x = cx;
  shape->centre.y = cy;
  shape->outlined = spec_is_outlined (spec);

  if (spec_has_named_ports (spec))
    shape->n_ports = MIN (spec->n_ports, BG_GEOMETRY_MAX_PORTS);

  for (guint i = 0; i < shape->n_ports; i++)
    {
      shape->port_sides[i] = rotate_side (port_base_side (spec, i), rotation);
      per_side[shape->port_sides[i]]++;
    }

  if (shape->outlined)
    {
      double row = BG_GEOMETRY_PORT_ROW * scale;
      double pad = BG_GEOMETRY_BOX_PAD * scale;
      guint vertical = MAX (per_side[BG_SIDE_LEFT], per_side[BG_SIDE_RIGHT]);
      guint horizontal = MAX (per_side[BG_SIDE_TOP], per_side[BG_SIDE_BOTTOM]);

      w = text_w + 2 * pad;
      h = text_h + 2 * pad;
      if (per_side[BG_SIDE_LEFT] > 0)
        w += row;
      if (per_side[BG_SIDE_RIGHT] > 0)
        w += row;
      if (per_side[BG_SIDE_TOP] > 0)
        h += row * 0.8;
      if (per_side[BG_SIDE_BOTTOM] > 0)
        h += row * 0.8;
      /* Room for each port letter and a clear gap between bonds. */
      h = MAX (h, vertical * row * 1.5 + pad);
      w = MAX (w, horizontal * row * 2.0 + pad);
    }
  else
    {
      w = text_w + 2 * BG_GEOMETRY_LABEL_PAD_X * scale;
      h = text_h + 2 * BG_GEOMETRY_LABEL_PAD_Y * scale;
    }

  shape->box.x = cx - w / 2;
  shape->box.y = cy - h / 2;
  shape->box.width = w;
  shape->box.height = h;
  shape->text.x = cx - text_w / 2;
  shape->text.y = cy - text_h / 2;
  shape->text.width = text_w;
  shape->text.height = text_h;

  for (guint i = 0; i < shape->n_ports; i++)
    {
      BgSide side = shape->port_sides[i];
      double frac = (double) (seen[side] + 1) / (double) (per_side[side] + 1);
      BgPoint *p = &shape->ports[i];

      seen[side]++;
      switch (side)
        {
        case BG_SIDE_LEFT:
          p->x = shape->box.x;
          p->y = shape->box.y + frac * h;
          break;
        case BG_SIDE_RIGHT:
          p->x = shape->box.x + w;
          p->y = shape->box.y + frac * h;
          break;
        case BG_SIDE_TOP:
          p->x = shape->box.x + frac * w;
          p->y = shape->box.y;
          break;
        case BG_SIDE_BOTTOM:
        default:
          p->x = shape->box.x + frac * w;
          p->y = shape->box.y + h;
          break;
        }
    }
}

BgPoint
bg_geometry_clip_to_rect (const BgRect *rect,
                          BgPoint       inside,
                          BgPoint       outside)
{
  double dx = outside.x - inside.x;
  double dy = outside.y - inside.y;
  double t = 1.0;
  BgPoint r;

  /* Smallest t in (0, 1] at which the segment leaves the rect. */
  if (dx > 0)
    t = MIN (t, (rect->x + rect->width - inside.x) / dx);
  else if (dx < 0)
    t = MIN (t, (rect->x - inside.x) / dx);
  if (dy > 0)
    t = MIN (t, (rect->y + rect->height - inside.y) / dy);
  else if (dy < 0)
    t = MIN (t, (rect->y - inside.y) / dy);

  t = CLAMP (t, 0.0, 1.0);
  r.x = inside.x + t * dx;
  r.y = inside.y + t * dy;
  return r;
}

static BgPoint
port_outward (const BgElementShape *shape,
              int                   port,
              double                gap)
{
  BgPoint p = shape->ports[port];

  switch (shape->port_sides[port])
    {
    case BG_SIDE_LEFT:   p.x -= gap; break;
    case BG_SIDE_RIGHT:  p.x += gap; break;
    case BG_SIDE_TOP:    p.y -= gap; break;
    case BG_SIDE_BOTTOM:
    default:             p.y += gap; break;
    }
  return p;
}

BgPoint
bg_geometry_bond_anchor (const BgElementShape *shape,
                         int                   port,
                         BgPoint               toward,
                         double                gap)
{
  BgRect grown;

  if (port >= 0 && (guint) port < shape->n_ports)
    return port_outward (shape, port, gap);

  grown.x = shape->box.x - gap;
  grown.y = shape->box.y - gap;
  grown.width = shape->box.width + 2 * gap;
  grown.height = shape->box.height + 2 * gap;
  return bg_geometry_clip_to_rect (&grown, shape->centre, toward);
}

static BgPoint
reference_point (const BgElementShape *shape,
                 int                   port)
{
  if (port >= 0 && (guint) port < shape->n_ports)
    return shape->ports[port];
  return shape->centre;
}

gboolean
bg_geometry_bond_ends (const BgElementShape *a,
                       int                   pa,
                       const BgElementShape *b,
                       int                   pb,
                       double                gap,
                       BgPoint              *start,
                       BgPoint              *end)
{
  BgPoint ra = reference_point (a, pa);
  BgPoint rb = reference_point (b, pb);
  double dx, dy;

  *start = bg_geometry_bond_anchor (a, pa, rb, gap);
  *end = bg_geometry_bond_anchor (b, pb, ra, gap);

  /* Overlapping boxes: the clipped ends cross over; fall back to centres. */
  dx = end->x - start->x;
  dy = end->y - start->y;
  if (dx * (rb.x - ra.x) + dy * (rb.y - ra.y) <= 0)
    {
      *start = ra;
      *end = rb;
      return FALSE;
    }
  return TRUE;
}

static gboolean
unit_direction (BgPoint from,
                BgPoint to,
                double *ux,
                double *uy)
{
  double dx = to.x - from.x;
  double dy = to.y - from.y;
  double len = hypot (dx, dy);

  if (len < 1e-9)
    {
      *ux = 1;
      *uy = 0;
      return FALSE;
    }
  *ux = dx / len;
  *uy = dy / len;
  return TRUE;
}

void
bg_geometry_half_arrow (BgPoint  tail,
                        BgPoint  tip,
                        double   length,
                        BgPoint *barb_end)
{
  double ux, uy;

  unit_direction (tail, tip, &ux, &uy);
  /* Left of (ux, uy) with y down is (uy, -ux). The barb runs back along the
   * bond and out to the left at about 35 degrees. */
  barb_end->x = tip.x - length * 0.82 * ux + length * 0.57 * uy;
  barb_end->y = tip.y - length * 0.82 * uy - length * 0.57 * ux;
}

void
bg_geometry_causal_stroke (BgPoint  other,
                           BgPoint  at,
                           double   length,
                           BgPoint *p1,
                           BgPoint *p2)
{
  double ux, uy;
  double h = length / 2;

  unit_direction (other, at, &ux, &uy);
  p1->x = at.x + h * uy;
  p1->y = at.y - h * ux;
  p2->x = at.x - h * uy;
  p2->y = at.y + h * ux;
}

double
bg_geometry_distance_to_segment (BgPoint p,
                                 BgPoint a,
                                 BgPoint b)
{
  double dx = b.x - a.x;
  double dy = b.y - a.y;
  double len2 = dx * dx + dy * dy;
  double t = 0;

  if (len2 > 0)
    t = CLAMP (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0);
  return hypot (p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

gboolean
bg_geometry_rect_contains (const BgRect *rect,
                           double        x,
                           double        y)
{
  return x >= rect->x && x <= rect->x + rect->width &&
         y >= rect->y && y <= rect->y + rect->height;
}

gboolean
bg_geometry_rects_intersect (const BgRect *a,
                             const BgRect *b)
{
  return a->x <= b->x + b->width && b->x <= a->x + a->width &&
         a->y <= b->y + b->height && b->y <= a->y + a->height;
}

gboolean
bg_geometry_rects_overlap (const BgRect *a,
                           const BgRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

gboolean
bg_geometry_segment_crosses_rect (BgPoint       a,
                                  BgPoint       b,
                                  const BgRect *rect)
{
  /* Liang–Barsky: the part of the segment inside the open rect. */
  double dx = b.x - a.x, dy = b.y - a.y;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { a.x - rect->x, rect->x + rect->width - a.x,
                  a.y - rect->y, rect->y + rect->height - a.y };
  double t0 = 0, t1 = 1;

  if (rect->width <= 0 || rect->height <= 0)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          /* parallel to this side: outside it or on it is no crossing */
          if (q[i] <= 0)
            return FALSE;
          continue;
        }
      if (p[i] < 0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
      if (t0 >= t1)
        return FALSE;
    }
  return TRUE;
}

void
bg_geometry_rect_union (BgRect       *acc,
                        const BgRect *r)
{
  double x1, y1, x2, y2;

  if (acc->width <= 0 && acc->height <= 0)
    {
      *acc = *r;
      return;
    }
  x1 = MIN (acc->x, r->x);
  y1 = MIN (acc->y, r->y);
  x2 = MAX (acc->x + acc->width, r->x + r->width);
  y2 = MAX (acc->y + acc->height, r->y + r->height);
  acc->x = x1;
  acc->y = y1;
  acc->width = x2 - x1;
  acc->height = y2 - y1;
}

BgRect
bg_geometry_rect_from_points (double x1,
                              double y1,
                              double x2,
                              double y2)
{
  BgRect r;

  r.x = MIN (x1, x2);
  r.y = MIN (y1, y2);
  r.width = fabs (x2 - x1);
  r.height = fabs (y2 - y1);
  return r;
}

int
bg_geometry_nearest_port (const BgElementShape *shape,
                          double                x,
                          double                y)
{
  int best = -1;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < shape->n_ports; i++)
    {
      double d = hypot (shape->ports[i].x - x, shape->ports[i].y - y);

      if (d < best_d)
        {
          best_d = d;
          best = (int) i;
        }
    }
  return best;
}

double
bg_geometry_snap (double v,
                  double grid)
{
  if (grid <= 0)
    return v;
  return round (v / grid) * grid;
}
