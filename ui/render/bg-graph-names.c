/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-names.c — the names a drawn bond graph shows on request.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: drawing the bonds' ids beside their middles and the junctions' ids
 * at the corner of their digit that no bond leaves towards, as large as
 * the labels and nearly as dark, when the view asks (show_bond_ids: the "Show Bond Names" toggle, and
 * Explain Causality, whose sentences name bonds and junctions). Must not:
 * move labels or bonds, or draw anything else.
 */
#include "config.h"

#include <math.h>

#include "bg-graph-renderer-private.h"

/* Model units at label scale 1: the elements' labels' size, and nearly
 * their colour (small grey names were hard to read from a room's back). */
#define NAME_SIZE FONT_SIZE
#define NAME_ALPHA 0.9

/* The bond ids beside the middle of each bond on the side
 * away from the half-arrow's barb (which is on the left of travel). */
static void
draw_bond_ids (BgGraphFrame *f)
{
  GPtrArray *bonds = bg_model_get_bonds (f->model);
  PangoLayout *layout = _bg_graph_make_layout (f->self, "", NAME_SIZE * f->label_scale,
                                               PANGO_WEIGHT_NORMAL);

  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);
      const BondGeom *g = &g_array_index (f->self->bond_geoms, BondGeom, i);
      double dx = g->to.x - g->from.x, dy = g->to.y - g->from.y;
      double len = hypot (dx, dy), w, h, nx, ny, gap = 4 * f->label_scale;

      if (!g->visible || len < 1e-9)
        continue;
      pango_layout_set_text (layout, bond->id, -1);
      w = _bg_graph_layout_width (layout, &h);
      /* the right-hand normal of the direction of travel */
      nx = -dy / len;
      ny = dx / len;
      _bg_graph_set_color (f->cr, &f->self->style.fg, NAME_ALPHA);
      /* the text's box touches the normal's point with its nearest side */
      _bg_graph_show_layout_at (f->cr, layout,
                                (g->from.x + g->to.x) / 2 + nx * (gap + w / 2) - w / 2,
                                (g->from.y + g->to.y) / 2 + ny * (gap + h / 2) - h / 2);
    }
  g_object_unref (layout);
}

/* Directions (unit vectors) from each element towards its bonds' other
 * ends: element -> GArray of BgPoint. */
static GHashTable *
bond_directions (BgGraphFrame *f)
{
  GHashTable *dirs = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  GPtrArray *bonds = bg_model_get_bonds (f->model);

  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);
      const BondGeom *g = &g_array_index (f->self->bond_geoms, BondGeom, i);
      double dx = g->to.x - g->from.x, dy = g->to.y - g->from.y;
      double len = hypot (dx, dy);
      const BgElement *ends[2] = { bond->from, bond->to };

      if (len < 1e-9)
        continue;
      for (int k = 0; k < 2; k++)
        {
          GArray *list = g_hash_table_lookup (dirs, ends[k]);
          BgPoint d = { (k == 0 ? dx : -dx) / len, (k == 0 ? dy : -dy) / len };

          if (!_bg_graph_is_junction (ends[k]->spec))
            continue;
          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (BgPoint));
              g_hash_table_insert (dirs, (gpointer) ends[k], list);
            }
          g_array_append_val (list, d);
        }
    }
  return dirs;
}

/* The diagonal corner (x and y each ±1, y down) farthest in angle from
 * every bond leaving the junction; north-east when nothing leaves it. */
static BgPoint
free_corner (const GArray *dirs)
{
  static const BgPoint corners[] = { { 1, -1 }, { 1, 1 }, { -1, 1 }, { -1, -1 } };
  BgPoint best = corners[0];
  double best_score = G_MAXDOUBLE;

  for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
    {
      double score = -1.0;

      for (guint i = 0; dirs != NULL && i < dirs->len; i++)
        {
          const BgPoint *d = &g_array_index (dirs, BgPoint, i);

          score = MAX (score, (d->x * corners[c].x + d->y * corners[c].y) / G_SQRT2);
        }
      if (score < best_score - 1e-9)
        {
          best_score = score;
          best = corners[c];
        }
    }
  return best;
}

/* Each junction's id ("J_A") at the free corner of its digit, so the
 * sentences that name junctions can be followed on the graph. */
static void
draw_junction_ids (BgGraphFrame *f)
{
  GPtrArray *elements = bg_model_get_elements (f->model);
  g_autoptr(GHashTable) dirs = bond_directions (f);
  PangoLayout *layout = _bg_graph_make_layout (f->self, "", NAME_SIZE * f->label_scale,
                                               PANGO_WEIGHT_NORMAL);
  double gap = 6.5 * f->label_scale;  /* clear of an explain highlight (5 + line) */

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *e = g_ptr_array_index (elements, i);
      const BgElementShape *s;
      BgPoint corner, at;
      double w, h;

      if (!_bg_graph_is_junction (e->spec))
        continue;
      s = _bg_graph_frame_shape (f, e);
      if (!bg_geometry_rects_intersect (&s->box, &f->visible))
        continue;
      corner = free_corner (g_hash_table_lookup (dirs, e));
      pango_layout_set_text (layout, e->id, -1);
      w = _bg_graph_layout_width (layout, &h);
      /* the box's corner, then the text's opposite corner a gap beyond */
      at.x = s->box.x + (corner.x > 0 ? s->box.width + gap : -gap - w);
      at.y = s->box.y + (corner.y > 0 ? s->box.height + gap - h / 2 : -gap - h / 2);
      _bg_graph_set_color (f->cr, &f->self->style.fg, NAME_ALPHA);
      _bg_graph_show_layout_at (f->cr, layout, at.x, at.y);
    }
  g_object_unref (layout);
}

void
_bg_graph_draw_names (BgGraphFrame *f)
{
  draw_bond_ids (f);
  draw_junction_ids (f);
}
