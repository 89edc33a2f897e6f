/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-power.c — the power-flow layer: bands, chevrons, tanks, heat.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: the log-scale widths (bg-graph-power.h) and the layer's drawing in
 * one frame of the graph renderer: under the bonds, each bond's band
 * (grouped by colour and width so that Cairo strokes a few nearby bonds
 * per call) and its chevrons, moving with the phase; over the advanced
 * components' boxes and under the labels, the storages' tanks and the
 * dissipators' tints; over the labels, the dissipated power's value on
 * the side of the box its bonds leave free.
 * Must not: read results, decide what is drawn outside the layer, or keep
 * anything between frames.
 */
#include "config.h"

#include <math.h>

#include "bg-graph-power.h"
#include "bg-graph-renderer-private.h"
#include "bg-si-format.h"

/* Band widths are drawn in this many steps: bonds of one colour and step
 * share a stroke. */
#define N_LEVELS        16
#define PER_STROKE      8
#define HEAT_FONT_SIZE  8.5
#define HEAT_STEPS      4
/* More dissipators in view than this: their values are not written. */
#define MAX_HEAT_LABELS 60
#define TANK_LINE_WIDTH 1.0
/* Between the chevrons along a band, model units at scale 1. */
#define CHEVRON_SPACING 34.0

double
bg_graph_power_scale_top (double peak)
{
  if (!(peak > 0) || !isfinite (peak))
    return 0;
  return pow (10, ceil (log10 (peak) - 1e-9));
}

/* Where |power| lies on the scale: 0 at the floor, 1 at the top, < 0
 * below the floor. */
static double
scale_position (double power,
                double top)
{
  double p = fabs (power);

  if (!(top > 0) || !(p > 0) || !isfinite (p))
    return -1;
  return MIN (1.0, (log10 (p / top) + BG_GRAPH_POWER_DECADES) / BG_GRAPH_POWER_DECADES);
}

double
bg_graph_power_band_width (double power,
                           double peak)
{
  double x = scale_position (power, bg_graph_power_scale_top (peak));

  if (x < 0)
    return 0;
  return BG_GRAPH_POWER_MIN_WIDTH + (BG_GRAPH_POWER_MAX_WIDTH - BG_GRAPH_POWER_MIN_WIDTH) * x;
}

/* Bonds ----------------------------------------------------------------------- */

typedef struct
{
  BgPoint a, b;      /* from where the power comes to where it goes */
  guint   klass;     /* colour * N_LEVELS + level */
} Band;

static double
level_width (guint level)
{
  return BG_GRAPH_POWER_MIN_WIDTH +
         (BG_GRAPH_POWER_MAX_WIDTH - BG_GRAPH_POWER_MIN_WIDTH) * level / (N_LEVELS - 1);
}

/* The visible bonds that carry power on the scale, sorted by class. */
static GArray *
collect_bands (BgGraphFrame *f,
               double        top)
{
  const BgGraphPower *power = f->view->power;
  GPtrArray *bonds = bg_model_get_bonds (f->model);
  GArray *geoms = f->self->bond_geoms;
  guint counts[2 * N_LEVELS] = { 0 }, starts[2 * N_LEVELS];
  g_autoptr(GArray) unsorted = g_array_new (FALSE, FALSE, sizeof (Band));
  GArray *sorted;
  guint n = MIN (MIN (power->n_bonds, bonds->len), geoms->len), next = 0;

  for (guint i = 0; i < n; i++)
    {
      const BondGeom *g = &g_array_index (geoms, BondGeom, i);
      const BgBond *bond = g_ptr_array_index (bonds, i);
      double p = power->bond_power[i], x = scale_position (p, top);
      gboolean along = p > 0;
      /* the half-arrow points from its tail to its tip */
      gboolean forward = (bond->arrow == BG_ARROW_FORWARD) == along;
      Band band;

      if (!g->visible || x < 0)
        continue;
      band.a = forward ? g->from : g->to;
      band.b = forward ? g->to : g->from;
      band.klass = (along ? 0 : N_LEVELS) + (guint) lround (x * (N_LEVELS - 1));
      counts[band.klass]++;
      g_array_append_val (unsorted, band);
    }
  for (guint k = 0; k < 2 * N_LEVELS; k++)
    {
      starts[k] = next;
      next += counts[k];
    }
  sorted = g_array_sized_new (FALSE, FALSE, sizeof (Band), unsorted->len);
  g_array_set_size (sorted, unsorted->len);
  for (guint i = 0; i < unsorted->len; i++)
    {
      const Band *band = &g_array_index (unsorted, Band, i);

      g_array_index (sorted, Band, starts[band->klass]++) = *band;
    }
  return sorted;
}

static const BgGraphColor *
class_color (BgGraphFrame *f,
             guint         klass)
{
  return klass < N_LEVELS ? &f->self->style.power_along : &f->self->style.power_against;
}

/* Strokes the bands' lines class by class, a few at a time: width
 * (model units at scale 1) and alpha from the class. */
typedef void (*ClassStyle) (BgGraphFrame *f,
                            guint         klass);

static void
stroke_by_class (BgGraphFrame *f,
                 GArray       *bands,
                 ClassStyle    style)
{
  cairo_t *cr = f->cr;
  guint pending = 0, current = G_MAXUINT;

  for (guint i = 0; i < bands->len; i++)
    {
      const Band *band = &g_array_index (bands, Band, i);

      if (band->klass != current)
        {
          if (pending > 0)
            cairo_stroke (cr);
          pending = 0;
          current = band->klass;
          style (f, current);
        }
      cairo_move_to (cr, band->a.x, band->a.y);
      cairo_line_to (cr, band->b.x, band->b.y);
      if (++pending == PER_STROKE)
        {
          cairo_stroke (cr);
          pending = 0;
        }
    }
  if (pending > 0)
    cairo_stroke (cr);
}

static void
band_style (BgGraphFrame *f,
            guint         klass)
{
  _bg_graph_set_color (f->cr, class_color (f, klass), 0.35);
  cairo_set_line_width (f->cr, level_width (klass % N_LEVELS) * f->scale);
}

/* One chevron pointing where the power goes, its tip at distance d from
 * the band's start. */
static void
chevron_at (cairo_t    *cr,
            const Band *band,
            double      ux,
            double      uy,
            double      d,
            double      h)
{
  double mx = band->a.x + ux * d, my = band->a.y + uy * d;

  cairo_move_to (cr, mx, my);
  cairo_line_to (cr, mx - ux * h * 1.4 - uy * h, my - uy * h * 1.4 + ux * h);
  cairo_line_to (cr, mx - ux * h * 1.1, my - uy * h * 1.1);
  cairo_line_to (cr, mx - ux * h * 1.4 + uy * h, my - uy * h * 1.4 - ux * h);
  cairo_close_path (cr);
}

/* Filled chevrons along each band, CHEVRON_SPACING apart, pointing where
 * the power goes: the direction without colour. The phase slides them
 * along while playing (they move with the power); a band too short for
 * two has one at its middle. */
static void
draw_chevrons (BgGraphFrame *f,
               GArray       *bands)
{
  cairo_t *cr = f->cr;
  double spacing = CHEVRON_SPACING * f->scale;
  double offset = fmod (f->view->power->phase * f->scale, spacing);

  if (offset < 0)
    offset += spacing;
  for (int colour = 0; colour < 2; colour++)
    {
      guint pending = 0;

      _bg_graph_set_color (cr, colour == 0 ? &f->self->style.power_along
                                           : &f->self->style.power_against, 1.0);
      for (guint i = 0; i < bands->len; i++)
        {
          const Band *band = &g_array_index (bands, Band, i);
          double dx = band->b.x - band->a.x, dy = band->b.y - band->a.y;
          double len = hypot (dx, dy), ux, uy, h;
          gboolean any = FALSE;

          if ((band->klass >= N_LEVELS) != colour || len < 2 * BG_GEOMETRY_BARB_LENGTH * f->scale)
            continue;
          ux = dx / len;
          uy = dy / len;
          h = (level_width (band->klass % N_LEVELS) * 0.5 + 3.0) * f->scale;
          /* clear of the half-arrow's barb at one end and the causal
           * stroke at the other */
          for (double d = offset; d < len - 1.5 * h; d += spacing)
            if (d > 2.5 * h)
              {
                chevron_at (cr, band, ux, uy, d, h);
                any = TRUE;
              }
          if (!any)
            chevron_at (cr, band, ux, uy, len / 2 + h * 0.6, h);
          if (++pending == PER_STROKE)
            {
              cairo_fill (cr);
              pending = 0;
            }
        }
      if (pending > 0)
        cairo_fill (cr);
    }
}

/* Elements ---------------------------------------------------------------------- */

static BgRect
tank_rect (BgGraphFrame         *f,
           const BgElementShape *s)
{
  double pad = 2.5 * f->label_scale;

  return (BgRect) { s->box.x - pad, s->box.y - pad,
                    s->box.width + 2 * pad, s->box.height + 2 * pad };
}

static gboolean
element_in_view (BgGraphFrame  *f,
                 const BgRect  *r)
{
  return bg_geometry_rects_intersect (r, &f->visible);
}

/* Storages: a tank around the label, filled from the bottom (one path
 * for the fills, one for the outlines). */
static void
draw_tanks (BgGraphFrame *f)
{
  cairo_t *cr = f->cr;
  const BgGraphPower *power = f->view->power;
  const BgGraphStyle *st = &f->self->style;
  guint n = MIN (power->n_elements, f->self->shapes->len);

  if (power->element_fill == NULL)
    return;
  for (int pass = 0; pass < 2; pass++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n; i++)
        {
          const BgElementShape *s = &g_array_index (f->self->shapes, BgElementShape, i);
          BgRect r = tank_rect (f, s);
          double fill = power->element_fill[i];

          if (isnan (fill) || !element_in_view (f, &r))
            continue;
          if (pass == 0 && fill > 0)
            cairo_rectangle (cr, r.x, r.y + r.height * (1 - fill), r.width, r.height * fill);
          else if (pass == 1)
            cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          any = TRUE;
        }
      if (!any)
        continue;
      _bg_graph_set_color (cr, &st->power_store, pass == 0 ? 0.45 : 0.9);
      if (pass == 0)
        cairo_fill (cr);
      else
        {
          cairo_set_line_width (cr, TANK_LINE_WIDTH * f->scale);
          cairo_stroke (cr);
        }
    }
}

/* Resistances: their box tinted as strongly as their power stands on the
 * scale, in HEAT_STEPS strengths (one path each). */
static void
draw_heat (BgGraphFrame *f,
           double        top)
{
  cairo_t *cr = f->cr;
  const BgGraphPower *power = f->view->power;
  guint n = MIN (power->n_elements, f->self->shapes->len);

  if (power->element_loss == NULL)
    return;
  for (int step = 1; step <= HEAT_STEPS; step++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < n; i++)
        {
          const BgElementShape *s = &g_array_index (f->self->shapes, BgElementShape, i);
          BgRect r = tank_rect (f, s);
          double x = isnan (power->element_loss[i]) ? -1
                     : scale_position (power->element_loss[i], top);

          if (x < 0 || MAX (1, (int) ceil (x * HEAT_STEPS)) != step ||
              !element_in_view (f, &r))
            continue;
          cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          any = TRUE;
        }
      if (any)
        {
          _bg_graph_set_color (cr, &f->self->style.power_heat,
                               0.12 + 0.38 * step / HEAT_STEPS);
          cairo_fill (cr);
        }
    }
}

void
_bg_graph_draw_power_under (BgGraphFrame *f)
{
  const BgGraphPower *power = f->view->power;
  double top;
  g_autoptr(GArray) bands = NULL;

  if (power == NULL)
    return;
  top = bg_graph_power_scale_top (power->peak);
  cairo_save (f->cr);
  if (top > 0)
    {
      bands = collect_bands (f, top);
      cairo_set_line_cap (f->cr, CAIRO_LINE_CAP_BUTT);
      stroke_by_class (f, bands, band_style);
      draw_chevrons (f, bands);
    }
  cairo_restore (f->cr);
}

/* The tanks and the heat, over the advanced components' boxes (which are
 * filled) and under the labels. */
void
_bg_graph_draw_power_boxes (BgGraphFrame *f)
{
  const BgGraphPower *power = f->view->power;

  if (power == NULL)
    return;
  cairo_save (f->cr);
  draw_heat (f, bg_graph_power_scale_top (power->peak));
  draw_tanks (f);
  cairo_restore (f->cr);
}

/* Where each element's bonds leave it, summed as unit vectors (in
 * element order): its value goes on the side they leave free. */
static GArray *
bond_directions (BgGraphFrame *f)
{
  GPtrArray *bonds = bg_model_get_bonds (f->model);
  GArray *geoms = f->self->bond_geoms;
  GArray *dirs = g_array_sized_new (FALSE, TRUE, sizeof (BgPoint), f->self->shapes->len);

  g_array_set_size (dirs, f->self->shapes->len);
  for (guint i = 0; i < bonds->len && i < geoms->len; i++)
    {
      const BondGeom *g = &g_array_index (geoms, BondGeom, i);
      const BgBond *bond = g_ptr_array_index (bonds, i);
      double dx = g->to.x - g->from.x, dy = g->to.y - g->from.y, len = hypot (dx, dy);
      guint from = GPOINTER_TO_UINT (g_hash_table_lookup (f->self->shape_index, bond->from));
      guint to = GPOINTER_TO_UINT (g_hash_table_lookup (f->self->shape_index, bond->to));

      if (!g->visible || len <= 0)
        continue;
      if (from > 0 && from <= dirs->len)
        {
          g_array_index (dirs, BgPoint, from - 1).x += dx / len;
          g_array_index (dirs, BgPoint, from - 1).y += dy / len;
        }
      if (to > 0 && to <= dirs->len)
        {
          g_array_index (dirs, BgPoint, to - 1).x -= dx / len;
          g_array_index (dirs, BgPoint, to - 1).y -= dy / len;
        }
    }
  return dirs;
}

/* The text's corner beside r on the side its bonds leave most free: below,
 * right, above or left. */
static BgPoint
free_side (const BgRect *r,
           BgPoint       dir,
           double        w,
           double        h,
           double        gap)
{
  const BgPoint sides[] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
  guint best = 0;

  for (guint k = 1; k < G_N_ELEMENTS (sides); k++)
    if (sides[k].x * dir.x + sides[k].y * dir.y < sides[best].x * dir.x + sides[best].y * dir.y - 1e-9)
      best = k;
  switch (best)
    {
    case 1:
      return (BgPoint) { r->x + r->width + gap, r->y + (r->height - h) / 2 };
    case 2:
      return (BgPoint) { r->x + (r->width - w) / 2, r->y - h - gap };
    case 3:
      return (BgPoint) { r->x - w - gap, r->y + (r->height - h) / 2 };
    default:
      return (BgPoint) { r->x + (r->width - w) / 2, r->y + r->height + gap };
    }
}

/* Each dissipator's power beside its box, on the side its bonds leave
 * free, once labels can be read and while few enough are in view to read
 * (more: the tint alone, the tooltip gives the value). */
void
_bg_graph_draw_power_over (BgGraphFrame *f)
{
  const BgGraphPower *power = f->view->power;
  g_autoptr(GArray) dirs = NULL;
  guint n, shown = 0;

  if (power == NULL || power->element_loss == NULL || f->greek)
    return;
  n = MIN (power->n_elements, f->self->shapes->len);
  for (guint i = 0; i < n && shown <= MAX_HEAT_LABELS; i++)
    {
      BgRect r = tank_rect (f, &g_array_index (f->self->shapes, BgElementShape, i));

      if (!isnan (power->element_loss[i]) && element_in_view (f, &r))
        shown++;
    }
  if (shown == 0 || shown > MAX_HEAT_LABELS)
    return;
  dirs = bond_directions (f);
  _bg_graph_set_color (f->cr, &f->self->style.power_heat, 1.0);
  for (guint i = 0; i < n; i++)
    {
      const BgElementShape *s = &g_array_index (f->self->shapes, BgElementShape, i);
      BgRect r = tank_rect (f, s);
      g_autofree char *text = NULL;
      PangoLayout *layout;
      BgPoint at;
      double w, h;

      if (isnan (power->element_loss[i]) || !element_in_view (f, &r))
        continue;
      text = bg_si_format (MAX (0, power->element_loss[i]), "W");
      layout = _bg_graph_make_layout (f->self, text, HEAT_FONT_SIZE * f->label_scale,
                                      PANGO_WEIGHT_BOLD);
      w = _bg_graph_layout_width (layout, &h);
      at = free_side (&r, g_array_index (dirs, BgPoint, i), w, h, 1.5 * f->label_scale);
      _bg_graph_show_layout_at (f->cr, layout, at.x, at.y);
      g_object_unref (layout);
    }
}
