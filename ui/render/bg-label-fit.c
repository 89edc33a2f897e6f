/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-label-fit.c — the largest label scale at which a graph stays readable.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: the search for the label scale (see the header). Shapes grow about
 * their centres as the scale grows, so the pairs that could ever touch are
 * found once, at the largest scale, through a grid of cells; each trial
 * scale then checks only those pairs, and a bisection finds the largest
 * readable scale. Must not: measure text, draw, or keep state between calls.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include "bg-label-fit.h"

#define BISECTIONS 12

typedef struct
{
  guint a, b;
} Pair;

typedef struct
{
  const BgLabelFitElement *elements;
  guint                    n_elements;
  const BgLabelFitBond    *bonds;
  guint                    n_bonds;
  double                   min_bond_length;
  BgElementShape          *shapes;      /* at the scale being tried */
  GArray                  *crossings;   /* Pair: bond, element */
  GArray                  *overlaps;    /* Pair: element, element */
} Fit;

static void
shapes_at (Fit    *fit,
           double  t)
{
  for (guint i = 0; i < fit->n_elements; i++)
    {
      const BgLabelFitElement *e = &fit->elements[i];

      bg_geometry_element_shape (e->spec, e->rotation, e->x, e->y,
                                 e->text_w * t, e->text_h * t, t, &fit->shapes[i]);
    }
}

static gboolean
bond_ends_at (const Fit *fit,
              guint      index,
              double     t,
              BgPoint   *from,
              BgPoint   *to)
{
  const BgLabelFitBond *b = &fit->bonds[index];

  return bg_geometry_bond_ends (&fit->shapes[b->from], b->from_port,
                                &fit->shapes[b->to], b->to_port,
                                BG_GEOMETRY_BOND_GAP * t, from, to);
}

/* Whether the graph is readable with its labels at scale t. */
static gboolean
readable_at (Fit    *fit,
             double  t)
{
  shapes_at (fit, t);
  for (guint i = 0; i < fit->n_bonds; i++)
    {
      BgPoint from, to;

      if (!bond_ends_at (fit, i, t, &from, &to) ||
          hypot (to.x - from.x, to.y - from.y) < fit->min_bond_length * t)
        return FALSE;
    }
  for (guint i = 0; i < fit->overlaps->len; i++)
    {
      const Pair *p = &g_array_index (fit->overlaps, Pair, i);

      if (bg_geometry_rects_overlap (&fit->shapes[p->a].box, &fit->shapes[p->b].box))
        return FALSE;
    }
  for (guint i = 0; i < fit->crossings->len; i++)
    {
      const Pair *p = &g_array_index (fit->crossings, Pair, i);
      BgPoint from, to;

      bond_ends_at (fit, p->a, t, &from, &to);
      if (bg_geometry_segment_crosses_rect (from, to, &fit->shapes[p->b].text))
        return FALSE;
    }
  return TRUE;
}

/* Cells -------------------------------------------------------------------- */

typedef struct
{
  double      size;
  GHashTable *cells;   /* packed cell key -> GArray of element indices */
} Grid;

static gint64
cell_key (gint64 ix,
          gint64 iy)
{
  /* unsigned: a negative ix (left of the origin) must not be shifted as a
   * signed number */
  return (gint64) (((guint64) ix << 32) ^ ((guint64) iy & 0xffffffffu));
}

static void
cell_range (const Grid   *grid,
            const BgRect *r,
            gint64       *x0,
            gint64       *y0,
            gint64       *x1,
            gint64       *y1)
{
  *x0 = (gint64) floor (r->x / grid->size);
  *y0 = (gint64) floor (r->y / grid->size);
  *x1 = (gint64) floor ((r->x + r->width) / grid->size);
  *y1 = (gint64) floor ((r->y + r->height) / grid->size);
}

/* The cell (ix, iy) of the grid: made empty when `make` and it is not
 * there yet, else NULL then. */
static GArray *
grid_cell (const Grid *grid,
           gint64      ix,
           gint64      iy,
           gboolean    make)
{
  gint64 key = cell_key (ix, iy);
  GArray *cell = g_hash_table_lookup (grid->cells, &key);

  if (cell == NULL && make)
    {
      gint64 *k = g_new (gint64, 1);

      *k = key;
      cell = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (grid->cells, k, cell);
    }
  return cell;
}

static void
grid_add (Grid         *grid,
          const BgRect *r,
          guint         index)
{
  gint64 x0, y0, x1, y1;

  cell_range (grid, r, &x0, &y0, &x1, &y1);
  for (gint64 ix = x0; ix <= x1; ix++)
    for (gint64 iy = y0; iy <= y1; iy++)
      g_array_append_val (grid_cell (grid, ix, iy, TRUE), index);
}

/* Calls back with each element whose (largest) box meets r, once per query
 * (seen[] holds the query's stamp). */
static void
grid_query (const Grid           *grid,
            const BgRect         *r,
            const BgElementShape *largest,
            guint                *seen,
            guint                 stamp,
            GArray               *out,
            guint                 first,
            guint                 skip_below)
{
  gint64 x0, y0, x1, y1;

  cell_range (grid, r, &x0, &y0, &x1, &y1);
  for (gint64 ix = x0; ix <= x1; ix++)
    for (gint64 iy = y0; iy <= y1; iy++)
      {
        GArray *cell = grid_cell (grid, ix, iy, FALSE);

        if (cell == NULL)
          continue;
        for (guint k = 0; k < cell->len; k++)
          {
            guint j = g_array_index (cell, guint, k);
            Pair p = { first, j };

            if (j < skip_below || seen[j] == stamp)
              continue;
            seen[j] = stamp;
            if (bg_geometry_rects_intersect (r, &largest[j].box))
              g_array_append_val (out, p);
          }
      }
}

static BgRect
grown (const BgRect *r,
       double        d)
{
  return (BgRect) { r->x - d, r->y - d, r->width + 2 * d, r->height + 2 * d };
}

/* The pairs that could collide at some scale up to `scale`: shapes only
 * grow with the scale, and a bond stays within its ends' grown boxes. */
static void
find_candidates (Fit    *fit,
                 double  scale)
{
  g_autofree BgElementShape *largest = g_new (BgElementShape, fit->n_elements);
  g_autofree guint *seen = g_new0 (guint, fit->n_elements);
  double gap = BG_GEOMETRY_BOND_GAP * scale, total = 0;
  Grid grid;

  shapes_at (fit, scale);
  memcpy (largest, fit->shapes, fit->n_elements * sizeof *largest);
  for (guint i = 0; i < fit->n_elements; i++)
    total += MAX (largest[i].box.width, largest[i].box.height);
  grid.size = MAX (1.0, 2 * total / MAX (1, fit->n_elements));
  grid.cells = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                      (GDestroyNotify) g_array_unref);
  for (guint i = 0; i < fit->n_elements; i++)
    grid_add (&grid, &largest[i].box, i);

  for (guint i = 0; i < fit->n_elements; i++)
    grid_query (&grid, &largest[i].box, largest, seen, i + 1, fit->overlaps, i, i + 1);

  memset (seen, 0, fit->n_elements * sizeof *seen);
  for (guint i = 0; i < fit->n_bonds; i++)
    {
      const BgLabelFitBond *b = &fit->bonds[i];
      BgRect span = grown (&largest[b->from].box, gap);
      BgRect other = grown (&largest[b->to].box, gap);

      bg_geometry_rect_union (&span, &other);
      grid_query (&grid, &span, largest, seen, i + 1, fit->crossings, i, 0);
    }
  g_hash_table_unref (grid.cells);
}

double
bg_label_fit_scale (const BgLabelFitElement *elements,
                    guint                    n_elements,
                    const BgLabelFitBond    *bonds,
                    guint                    n_bonds,
                    double                   scale,
                    double                   min_bond_length)
{
  Fit fit = { elements, n_elements, bonds, n_bonds, min_bond_length, NULL, NULL, NULL };
  double lo = 1.0, hi = scale, result;

  g_return_val_if_fail (n_elements == 0 || elements != NULL, scale);
  g_return_val_if_fail (n_bonds == 0 || bonds != NULL, scale);

  if (scale <= 1.0 || n_elements == 0)
    return scale;

  fit.shapes = g_new (BgElementShape, n_elements);
  fit.crossings = g_array_new (FALSE, FALSE, sizeof (Pair));
  fit.overlaps = g_array_new (FALSE, FALSE, sizeof (Pair));
  find_candidates (&fit, scale);

  if (readable_at (&fit, scale))
    result = scale;
  else if (!readable_at (&fit, 1.0))
    result = 1.0;
  else
    {
      for (guint i = 0; i < BISECTIONS; i++)
        {
          double mid = (lo + hi) / 2;

          if (readable_at (&fit, mid))
            lo = mid;
          else
            hi = mid;
        }
      /* whole steps: a small move does not resize every label */
      result = MAX (1.0, floor (lo / BG_LABEL_FIT_STEP + 1e-9) * BG_LABEL_FIT_STEP);
    }

  g_free (fit.shapes);
  g_array_unref (fit.crossings);
  g_array_unref (fit.overlaps);
  return result;
}
