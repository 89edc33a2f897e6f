/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-renderer.c — Cairo + Pango drawing of a bond graph.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: element shapes and bond ends, fitting a view, the
 * per-frame element shapes, the drawing order (highlights, bonds, labels);
 * the labels themselves are bg-graph-labels.c's, the colours
 * bg-graph-style.c's, the power-flow layer bg-graph-power.c's. Must not: use
 * GTK, edit the model or decide causality.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "bg-graph-renderer-private.h"

#define LINE_WIDTH         1.2
/* Cairo's image backend strokes a few nearby shapes per call fastest: one
 * huge path is rasterised over its whole extent, one call per shape pays the
 * per-call cost. Items in document order are mostly near each other. */
#define BONDS_PER_STROKE   8

void
bg_graph_view_init (BgGraphView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->zoom = 1.0;
  view->presentation_scale = 1.0;
}

BgGraphRenderer *
bg_graph_renderer_new (void)
{
  BgGraphRenderer *self = g_new0 (BgGraphRenderer, 1);
  cairo_font_options_t *options;
  PangoFontMap *map = pango_cairo_font_map_get_default ();

  self->pango = pango_font_map_create_context (map);
  /* Unhinted metrics: a label measures the same at every zoom, so one layout
   * serves every scale and hit-testing matches drawing. */
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->pango, options);
  cairo_font_options_destroy (options);
  pango_cairo_context_set_resolution (self->pango, 72.0);
  /* Unrounded glyph positions too: a label's size is then in proportion
   * to its font size, which the label fit relies on (bg-label-fit.h). */
  pango_context_set_round_glyph_positions (self->pango, FALSE);

  self->labels = g_hash_table_new_full (g_str_hash, g_str_equal,
                                        g_free, _bg_graph_label_layout_free);
  self->unit_sizes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->inks = g_hash_table_new_full (g_str_hash, g_str_equal,
                                      g_free, g_object_unref);
  self->shapes = g_array_new (FALSE, FALSE, sizeof (BgElementShape));
  self->bond_geoms = g_array_new (FALSE, FALSE, sizeof (BondGeom));
  self->shape_index = g_hash_table_new (NULL, NULL);
  bg_graph_style_init_light (&self->style);
  return self;
}

void
bg_graph_renderer_free (BgGraphRenderer *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->pango);
  g_hash_table_unref (self->labels);
  g_hash_table_unref (self->unit_sizes);
  g_clear_weak_pointer (&self->fit_model);
  g_hash_table_unref (self->inks);
  g_array_unref (self->shapes);
  g_array_unref (self->bond_geoms);
  g_hash_table_unref (self->shape_index);
  g_free (self);
}

void
bg_graph_renderer_set_style (BgGraphRenderer    *self,
                             const BgGraphStyle *style)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (style != NULL);

  self->style = *style;
  g_hash_table_remove_all (self->inks);
}

const BgGraphStyle *
bg_graph_renderer_get_style (BgGraphRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return &self->style;
}

void
bg_graph_renderer_element_shape (BgGraphRenderer *self,
                                 const BgElement *element,
                                 double           label_scale,
                                 double           dx,
                                 double           dy,
                                 BgElementShape  *shape)
{
  const LabelLayout *l;
  double scale = label_scale > 0 ? label_scale : 1.0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (element != NULL);
  g_return_if_fail (shape != NULL);

  l = _bg_graph_lookup_label (self, element, scale);
  bg_geometry_element_shape (element->spec, element->rotation,
                             element->x + dx, element->y + dy,
                             l->width, l->height, scale, shape);
}

int
bg_graph_renderer_bond_port (const BgBond *bond,
                             gboolean      at_to)
{
  g_return_val_if_fail (bond != NULL, -1);

  return at_to ? bond->to_port : bond->from_port;
}

static double
view_scale (const BgGraphView *view)
{
  return view != NULL && view->presentation_scale > 0
         ? view->presentation_scale : 1.0;
}

static double
view_label_scale (const BgGraphView *view)
{
  return view != NULL && view->label_scale > 0 ? view->label_scale : view_scale (view);
}

static void
element_offset (const BgGraphView *view,
                const BgElement   *element,
                double            *dx,
                double            *dy)
{
  *dx = 0;
  *dy = 0;
  if (view != NULL && view->moving != NULL &&
      g_hash_table_contains (view->moving, element->id))
    {
      *dx = view->move_dx;
      *dy = view->move_dy;
    }
}

static void
shape_for (BgGraphRenderer   *self,
           const BgElement   *element,
           const BgGraphView *view,
           BgElementShape    *shape)
{
  gpointer idx = g_hash_table_lookup (self->shape_index, element);
  double dx, dy;

  if (idx != NULL)
    {
      *shape = g_array_index (self->shapes, BgElementShape,
                              GPOINTER_TO_UINT (idx) - 1);
      return;
    }
  element_offset (view, element, &dx, &dy);
  bg_graph_renderer_element_shape (self, element, view_label_scale (view),
                                   dx, dy, shape);
}

gboolean
bg_graph_renderer_bond_ends (BgGraphRenderer   *self,
                             const BgBond      *bond,
                             const BgGraphView *view,
                             BgPoint           *from,
                             BgPoint           *to)
{
  BgElementShape a, b;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond != NULL, FALSE);

  shape_for (self, bond->from, view, &a);
  shape_for (self, bond->to, view, &b);
  return bg_geometry_bond_ends (&a, bond->from_port, &b, bond->to_port,
                                BG_GEOMETRY_BOND_GAP * view_label_scale (view),
                                from, to);
}

gboolean
bg_graph_renderer_get_bounds (BgGraphRenderer *self,
                              BgModel         *model,
                              double           presentation_scale,
                              BgRect          *bounds)
{
  GPtrArray *elements;
  BgRect acc = { 0, 0, 0, 0 };
  double label_scale;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  label_scale = bg_graph_renderer_label_scale (self, model, presentation_scale);
  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElementShape shape;

      bg_graph_renderer_element_shape (self, g_ptr_array_index (elements, i),
                                       label_scale, 0, 0, &shape);
      bg_geometry_rect_union (&acc, &shape.box);
    }
  *bounds = acc;
  return elements->len > 0;
}

gboolean
bg_graph_renderer_fit (BgGraphRenderer *self,
                       BgModel         *model,
                       double           width,
                       double           height,
                       double           margin,
                       double           max_zoom,
                       BgGraphView     *view)
{
  BgRect b;
  double zx, zy, zoom;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  if (!bg_graph_renderer_get_bounds (self, model, view_scale (view), &b))
    return FALSE;

  zx = (width - 2 * margin) / MAX (b.width, 1.0);
  zy = (height - 2 * margin) / MAX (b.height, 1.0);
  zoom = MIN (zx, zy);
  if (max_zoom > 0)
    zoom = MIN (zoom, max_zoom);
  zoom = MAX (zoom, 0.01);

  view->zoom = zoom;
  view->offset_x = width / 2 - (b.x + b.width / 2) * zoom;
  view->offset_y = height / 2 - (b.y + b.height / 2) * zoom;
  return TRUE;
}

/* Drawing ---------------------------------------------------------------- */

typedef BgGraphFrame Frame;

void
_bg_graph_set_color (cairo_t            *cr,
                     const BgGraphColor *c,
                     double              alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static gboolean
is_selected (const Frame *f,
             const char  *id)
{
  return f->view->selected != NULL &&
         g_hash_table_contains (f->view->selected, id);
}

static void
rounded_rect (cairo_t      *cr,
              const BgRect *r,
              double        radius)
{
  double x = r->x, y = r->y, w = r->width, h = r->height;

  radius = MIN (radius, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static BgRect
grow (const BgRect *r,
      double        d)
{
  BgRect g = { r->x - d, r->y - d, r->width + 2 * d, r->height + 2 * d };
  return g;
}

static void
compute_shapes (Frame *f)
{
  GPtrArray *elements = bg_model_get_elements (f->model);

  g_array_set_size (f->self->shapes, elements->len);
  g_hash_table_remove_all (f->self->shape_index);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      BgElementShape *s = &g_array_index (f->self->shapes, BgElementShape, i);
      double dx, dy;

      element_offset (f->view, e, &dx, &dy);
      bg_graph_renderer_element_shape (f->self, e, f->label_scale, dx, dy, s);
      g_hash_table_insert (f->self->shape_index, e, GUINT_TO_POINTER (i + 1));
    }
}

void
_bg_graph_show_layout_at (cairo_t     *cr,
                          PangoLayout *layout,
                          double       x,
                          double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_port_letters (Frame                 *f,
                   const BgElement       *e,
                   const BgElementShape  *s,
                   const BgGraphColor    *color)
{
  for (guint i = 0; i < s->n_ports; i++)
    {
      const char *name = e->spec->ports[i].name;
      char key[48];
      LabelLayout *cached;
      PangoLayout *layout;
      double w, h, x, y;
      double inset = 3 * f->label_scale;

      g_snprintf (key, sizeof key, "p|%s", name);
      cached = g_hash_table_lookup (f->self->labels, key);
      if (cached == NULL)
        {
          cached = g_new0 (LabelLayout, 1);
          cached->symbol = _bg_graph_make_layout (f->self, name,
                                        PORT_FONT_SIZE * f->label_scale,
                                        PANGO_WEIGHT_NORMAL);
          g_hash_table_insert (f->self->labels, g_strdup (key), cached);
        }
      layout = cached->symbol;
      w = _bg_graph_layout_width (layout, &h);
      x = s->ports[i].x;
      y = s->ports[i].y;

      if (s->outlined)
        {
          /* Inside the box, next to the anchor. */
          switch (s->port_sides[i])
            {
            case BG_SIDE_LEFT:   x += inset; y -= h / 2; break;
            case BG_SIDE_RIGHT:  x -= inset + w; y -= h / 2; break;
            case BG_SIDE_TOP:    x -= w / 2; y += inset * 0.5; break;
            case BG_SIDE_BOTTOM:
            default:             x -= w / 2; y -= inset * 0.5 + h; break;
            }
        }
      else
        {
          /* Outside a label (TF), under the bond (the barb of a bond
           * drawn left to right is above it), clear of the causal stroke. */
          double clear = BG_GEOMETRY_BOND_GAP * f->label_scale + inset;

          switch (s->port_sides[i])
            {
            case BG_SIDE_LEFT:   x -= clear + w; y += 1; break;
            case BG_SIDE_RIGHT:  x += clear; y += 1; break;
            case BG_SIDE_TOP:    x += clear; y -= clear + h; break;
            case BG_SIDE_BOTTOM:
            default:             x += clear; y += clear; break;
            }
        }
      _bg_graph_set_color (f->cr, color, 0.85);
      _bg_graph_show_layout_at (f->cr, layout, x, y);
    }
}

static PangoAttribute *
color_attr (const BgGraphColor *c,
            guint               start,
            guint               end)
{
  PangoAttribute *attr = pango_attr_foreground_new ((guint16) (c->red * 65535),
                                                    (guint16) (c->green * 65535),
                                                    (guint16) (c->blue * 65535));

  attr->start_index = start;
  attr->end_index = end;
  return attr;
}

/* One layout per label and state, coloured by attributes: the symbol in its
 * domain's accent, the name in the text colour, all red in a conflict. */
static PangoLayout *
ink_layout (Frame           *f,
            const BgElement *e,
            gboolean         error)
{
  const BgGraphStyle *st = &f->self->style;
  const BgComponentSpec *spec = e->spec;
  gboolean junction = _bg_graph_is_junction (spec);
  g_autofree char *text = bg_graph_renderer_dup_label (e);
  g_autofree char *key = g_strconcat (error ? "x|" : "n|", text, NULL);
  PangoLayout *layout = g_hash_table_lookup (f->self->inks, key);
  BgDomain domain = spec->domain < BG_N_DOMAINS ? spec->domain : BG_DOMAIN_NONE;
  const BgGraphColor *accent = error ? &st->error : &st->domain[domain];
  const BgGraphColor *fg = error ? &st->error : &st->fg;
  PangoAttrList *attrs;
  PangoAttribute *weight;
  guint n_symbol = strlen (spec->symbol);

  if (layout != NULL)
    return layout;

  layout = _bg_graph_make_layout (f->self, text,
                        (junction ? JUNCTION_FONT_SIZE : FONT_SIZE) * f->label_scale,
                        junction ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, color_attr (accent, 0, n_symbol));
  if (!junction)
    {
      weight = pango_attr_weight_new (PANGO_WEIGHT_SEMIBOLD);
      weight->start_index = 0;
      weight->end_index = n_symbol;
      pango_attr_list_insert (attrs, weight);
      pango_attr_list_insert (attrs, color_attr (fg, n_symbol, G_MAXUINT));
    }
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  g_hash_table_insert (f->self->inks, g_steal_pointer (&key), layout);
  return layout;
}

static gboolean
element_has_error (const Frame     *f,
                   const BgElement *e)
{
  return f->causality != NULL &&
         bg_causality_element_has_error (f->causality, e->id);
}

static gboolean
element_visible (const Frame          *f,
                 const BgElementShape *s,
                 double                margin)
{
  BgRect r = grow (&s->box, margin * f->label_scale);

  return bg_geometry_rects_intersect (&r, &f->visible);
}

/* Counts one more shape on the path; TRUE (and the count restarted) when
 * BONDS_PER_STROKE of them are waiting to be painted. */
static gboolean
batch_full (guint *pending)
{
  if (++*pending < BONDS_PER_STROKE)
    return FALSE;
  *pending = 0;
  return TRUE;
}

/* The i-th element's shape in this frame (the shapes follow element order). */
static const BgElementShape *
shape_at (const Frame *f,
          guint        i)
{
  return &g_array_index (f->self->shapes, BgElementShape, i);
}

static void
paint_highlight (Frame *f,
                 int    pass)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;

  if (pass == 0)
    {
      _bg_graph_set_color (cr, &st->group, 0.28);
      cairo_fill (cr);
    }
  else if (pass == 1)
    {
      /* A dashed outline carries the meaning besides the colour. */
      double dash[] = { 3 * f->scale, 2 * f->scale };

      _bg_graph_set_color (cr, &st->error, 1.0);
      cairo_set_line_width (cr, LINE_WIDTH * f->scale);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  else
    {
      _bg_graph_set_color (cr, &st->selection, 0.18);
      cairo_fill_preserve (cr);
      _bg_graph_set_color (cr, &st->selection, 0.9);
      cairo_set_line_width (cr, 1.5 * f->scale);
      cairo_stroke (cr);
    }
}

/* Group tints, conflict outlines and the selection, a few shapes per Cairo
 * call (see BONDS_PER_STROKE). */
static void
draw_element_highlights (Frame *f)
{
  cairo_t *cr = f->cr;
  GPtrArray *elements = bg_model_get_elements (f->model);

  for (int pass = 0; pass < 3; pass++)
    {
      guint pending = 0;

      for (guint i = 0; i < elements->len; i++)
        {
          const BgElement *e = g_ptr_array_index (elements, i);
          const BgElementShape *s = shape_at (f, i);
          gboolean on;
          BgRect r;

          if (!element_visible (f, s, 8))
            continue;
          /* the power-flow view's colours stand alone: no amber groups */
          if (pass == 0)
            on = f->causality != NULL && f->view->power == NULL &&
                 bg_causality_element_in_group (f->causality, e->id);
          else if (pass == 1)
            on = element_has_error (f, e);
          else
            on = is_selected (f, e->id);
          if (!on)
            continue;
          r = grow (&s->box, (pass == 2 ? 4.5 : 3) * f->label_scale);
          /* Plain boxes when tiny: Cairo fills many of them fast. */
          if (f->greek)
            cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          else
            rounded_rect (cr, &r, (pass == 2 ? 6 : 5) * f->label_scale);
          if (batch_full (&pending))
            paint_highlight (f, pass);
        }
      if (pending > 0)
        paint_highlight (f, pass);
    }
}

/* Advanced components' boxes. */
static void
draw_element_boxes (Frame *f)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  GPtrArray *elements = bg_model_get_elements (f->model);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *e = g_ptr_array_index (elements, i);
      const BgElementShape *s = shape_at (f, i);

      if (!s->outlined || !element_visible (f, s, 2))
        continue;
      rounded_rect (cr, &s->box, 3 * f->label_scale);
      _bg_graph_set_color (cr, &st->bg, 1.0);
      cairo_fill_preserve (cr);
      _bg_graph_set_color (cr, element_has_error (f, e) ? &st->error
                     : &st->domain[BG_DOMAIN_NONE], 1.0);
      cairo_set_line_width (cr, LINE_WIDTH * f->scale);
      cairo_stroke (cr);
    }
}

/* Labels too small to read, as bars: one fill per colour. */
static void
draw_greeked_labels (Frame *f)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  GPtrArray *elements = bg_model_get_elements (f->model);

  /* Colour keys: 0..BG_N_DOMAINS-1 accents, then error, then the name bars. */
  for (int key = 0; key < BG_N_DOMAINS + 2; key++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < elements->len; i++)
        {
          const BgElement *e = g_ptr_array_index (elements, i);
          const BgElementShape *s = shape_at (f, i);
          const LabelLayout *l;
          gboolean error;
          double tx, ty, bar_y, bar_h;
          int domain;

          if (!element_visible (f, s, 2))
            continue;
          error = element_has_error (f, e);
          domain = e->spec->domain < BG_N_DOMAINS ? (int) e->spec->domain : 0;
          l = _bg_graph_lookup_label (f->self, e, f->label_scale);
          tx = s->centre.x - l->width / 2;
          ty = s->centre.y - l->height / 2;
          bar_y = ty + l->height * 0.3;
          bar_h = l->height * 0.45;

          if (key < BG_N_DOMAINS && !error && domain == key)
            cairo_rectangle (cr, tx, bar_y, l->symbol_w, bar_h);
          else if (key == BG_N_DOMAINS && error)
            cairo_rectangle (cr, tx, bar_y, l->width, bar_h);
          else if (key == BG_N_DOMAINS + 1 && !error && l->rest != NULL)
            {
              double gap = l->height * 0.25;

              cairo_rectangle (cr, tx + l->symbol_w + gap, bar_y,
                               l->width - l->symbol_w - gap, bar_h);
            }
          else
            continue;
          any = TRUE;
        }
      if (!any)
        continue;
      if (key < BG_N_DOMAINS)
        _bg_graph_set_color (cr, &st->domain[key], 0.8);
      else if (key == BG_N_DOMAINS)
        _bg_graph_set_color (cr, &st->error, 0.8);
      else
        _bg_graph_set_color (cr, &st->fg, 0.45);
      cairo_fill (cr);
    }
}

static void
draw_labels (Frame *f)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  GPtrArray *elements = bg_model_get_elements (f->model);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *e = g_ptr_array_index (elements, i);
      const BgElementShape *s = shape_at (f, i);
      const LabelLayout *l;
      gboolean error;

      if (!element_visible (f, s, 2))
        continue;
      error = element_has_error (f, e);
      l = _bg_graph_lookup_label (f->self, e, f->label_scale);
      _bg_graph_show_layout_at (cr, ink_layout (f, e, error),
                      s->centre.x - l->width / 2, s->centre.y - l->height / 2);
      if (s->n_ports > 0)
        draw_port_letters (f, e, s, error ? &st->error : &st->fg);
    }
}

static BgStroke
bond_stroke (const Frame *f,
             guint        index)
{
  if (f->causality == NULL || index >= bg_causality_get_n_bonds (f->causality))
    return BG_STROKE_NONE;
  return bg_causality_get_stroke (f->causality, index);
}

static void
line (cairo_t *cr,
      BgPoint  a,
      BgPoint  b)
{
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, b.x, b.y);
}

/* An element's shape in this frame (compute_shapes). */
const BgElementShape *
_bg_graph_frame_shape (BgGraphFrame    *f,
                       const BgElement *element)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (f->self->shape_index, element));

  g_assert (index > 0);
  return &g_array_index (f->self->shapes, BgElementShape, index - 1);
}

/* Ends, visibility and highlight class of every bond, once per frame. */
static void
compute_bonds (Frame *f)
{
  GPtrArray *bonds = bg_model_get_bonds (f->model);
  double margin = BG_GEOMETRY_BARB_LENGTH * f->label_scale;

  g_array_set_size (f->self->bond_geoms, bonds->len);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      BondGeom *g = &g_array_index (f->self->bond_geoms, BondGeom, i);
      BgRect bbox;

      bg_geometry_bond_ends (_bg_graph_frame_shape (f, bond->from), bond->from_port,
                             _bg_graph_frame_shape (f, bond->to), bond->to_port,
                             BG_GEOMETRY_BOND_GAP * f->label_scale, &g->from, &g->to);
      bbox = grow (&(BgRect) { MIN (g->from.x, g->to.x), MIN (g->from.y, g->to.y),
                               fabs (g->to.x - g->from.x),
                               fabs (g->to.y - g->from.y) }, margin);
      g->visible = bg_geometry_rects_intersect (&bbox, &f->visible);
      if (!g->visible)
        continue;
      g->stroke = bond_stroke (f, i);
      g->selected = is_selected (f, bond->id);
      g->in_group = f->causality != NULL && f->view->power == NULL &&
                    bg_causality_bond_in_group (f->causality, bond->id);
      if (f->causality != NULL &&
          bg_causality_bond_has_error (f->causality, bond->id))
        g->klass = BOND_ERROR;
      else if (g->selected)
        g->klass = BOND_SELECTED;
      else
        g->klass = BOND_PLAIN;
    }
}

static void
draw_bond_underlays (Frame *f)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  GArray *geoms = f->self->bond_geoms;

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int pass = 0; pass < 2; pass++)
    {
      guint pending = 0;

      cairo_set_line_width (cr, (pass == 0 ? 7 : 6) * f->scale);
      if (pass == 0)
        _bg_graph_set_color (cr, &st->group, 0.35);
      else
        _bg_graph_set_color (cr, &st->selection, 0.35);

      for (guint i = 0; i < geoms->len; i++)
        {
          const BondGeom *g = &g_array_index (geoms, BondGeom, i);

          if (!g->visible || !(pass == 0 ? g->in_group : g->selected))
            continue;
          line (cr, g->from, g->to);
          if (batch_full (&pending))
            cairo_stroke (cr);
        }
      if (pending > 0)
        cairo_stroke (cr);
    }
}

static void
bond_polyline (cairo_t        *cr,
               const BondGeom *g,
               const BgBond   *bond,
               double          barb_len,
               gboolean        with_line)
{
  BgPoint tail = bond->arrow == BG_ARROW_FORWARD ? g->from : g->to;
  BgPoint tip = bond->arrow == BG_ARROW_FORWARD ? g->to : g->from;
  BgPoint barb;

  bg_geometry_half_arrow (tail, tip, barb_len, &barb);
  if (with_line)
    {
      cairo_move_to (cr, tail.x, tail.y);
      cairo_line_to (cr, tip.x, tip.y);
    }
  else
    cairo_move_to (cr, tip.x, tip.y);
  cairo_line_to (cr, barb.x, barb.y);
}

/* Bonds of one class: each bond's line and half-arrow as one polyline, then
 * the causal strokes. */
static void
draw_bond_class (Frame     *f,
                 BondClass  klass)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  GArray *geoms = f->self->bond_geoms;
  const BgGraphColor *color = klass == BOND_ERROR ? &st->error
                            : klass == BOND_SELECTED ? &st->selection
                            : &st->fg;
  double lw = LINE_WIDTH * f->scale;
  /* arrows grow with the labels, which keep them room (bg-label-fit.h) */
  double barb_len = BG_GEOMETRY_BARB_LENGTH * f->label_scale;
  GPtrArray *bonds = bg_model_get_bonds (f->model);
  guint pending = 0;

  _bg_graph_set_color (cr, color, 1.0);
  cairo_set_line_width (cr, lw);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (klass == BOND_ERROR)
    {
      /* Dashed: the conflict shows without relying on colour. */
      double dash[] = { 6 * f->scale, 3 * f->scale };

      cairo_set_dash (cr, dash, 2, 0);
      for (guint i = 0; i < geoms->len; i++)
        {
          const BondGeom *g = &g_array_index (geoms, BondGeom, i);

          if (g->visible && g->klass == klass)
            {
              line (cr, g->from, g->to);
              cairo_stroke (cr);
            }
        }
      cairo_set_dash (cr, NULL, 0, 0);
    }

  for (guint i = 0; i < geoms->len; i++)
    {
      const BondGeom *g = &g_array_index (geoms, BondGeom, i);

      if (!g->visible || g->klass != klass)
        continue;
      bond_polyline (cr, g, g_ptr_array_index (bonds, i), barb_len,
                     klass != BOND_ERROR);
      if (batch_full (&pending))
        cairo_stroke (cr);
    }
  if (pending > 0)
    cairo_stroke (cr);

  /* The causal strokes, at the end that receives effort. */
  pending = 0;
  cairo_set_line_width (cr, lw * 1.5);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = 0; i < geoms->len; i++)
    {
      const BondGeom *g = &g_array_index (geoms, BondGeom, i);
      BgPoint s1, s2;

      if (!g->visible || g->klass != klass || g->stroke == BG_STROKE_NONE)
        continue;
      if (g->stroke == BG_STROKE_AT_TO)
        bg_geometry_causal_stroke (g->from, g->to, barb_len * 1.3, &s1, &s2);
      else
        bg_geometry_causal_stroke (g->to, g->from, barb_len * 1.3, &s1, &s2);
      line (cr, s1, s2);
      if (batch_full (&pending))
        cairo_stroke (cr);
    }
  if (pending > 0)
    cairo_stroke (cr);
}

static BgRect
visible_rect (cairo_t *cr)
{
  double x1, y1, x2, y2;

  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  return bg_geometry_rect_from_points (x1, y1, x2, y2);
}

void
bg_graph_renderer_draw (BgGraphRenderer   *self,
                        cairo_t           *cr,
                        BgModel           *model,
                        BgCausality       *causality,
                        const BgGraphView *view)
{
  Frame f;
  BgGraphView default_view;
  double px, py;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (model != NULL);

  if (view == NULL)
    {
      bg_graph_view_init (&default_view);
      view = &default_view;
    }

  f.self = self;
  f.cr = cr;
  f.model = model;
  f.view = view;
  f.scale = view_scale (view);
  f.label_scale = view->label_scale > 0
                  ? view->label_scale
                  : bg_graph_renderer_label_scale (self, model, f.scale);
  f.causality = NULL;
  if (causality != NULL &&
      bg_causality_get_revision (causality) == bg_model_get_revision (model))
    f.causality = causality;

  cairo_save (cr);
  if (view->draw_background)
    {
      _bg_graph_set_color (cr, &self->style.bg, 1.0);
      cairo_paint (cr);
    }
  cairo_translate (cr, view->offset_x, view->offset_y);
  cairo_scale (cr, view->zoom, view->zoom);
  f.visible = visible_rect (cr);

  /* Device pixels per model unit: labels too small to read are drawn as
   * grey bars (level of detail), which is what the eye sees anyway. */
  px = 1;
  py = 0;
  cairo_user_to_device_distance (cr, &px, &py);
  f.pixel = hypot (px, py);
  f.greek = FONT_SIZE * f.label_scale * f.pixel < 5.0;

  compute_shapes (&f);
  compute_bonds (&f);

  _bg_graph_draw_power_under (&f);
  draw_element_highlights (&f);
  draw_bond_underlays (&f);
  for (int k = 0; k < N_BOND_CLASSES; k++)
    draw_bond_class (&f, (BondClass) k);
  draw_element_boxes (&f);
  _bg_graph_draw_power_boxes (&f);
  if (f.greek)
    draw_greeked_labels (&f);
  else
    draw_labels (&f);
  if (view->show_bond_ids && !f.greek)
    _bg_graph_draw_names (&f);
  _bg_graph_draw_power_over (&f);

  /* Shapes are per frame: later queries must see the model, not this view. */
  g_hash_table_remove_all (self->shape_index);
  cairo_restore (cr);
}
