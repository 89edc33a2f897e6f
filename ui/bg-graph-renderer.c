/* bg-graph-renderer.c — Cairo + Pango drawing of a bond graph.
 *
 * Owns: the label layout cache, the per-frame element shapes, and the drawing
 * order (highlights, bonds, labels). Must not: use GTK, edit the model or
 * decide causality.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>
#include <cairo-svg.h>

#include "bg-graph-renderer.h"

#define FONT_FAMILY        "Sans"
#define FONT_SIZE          12.0   /* model units at presentation scale 1 */
#define PORT_FONT_SIZE     8.5
#define JUNCTION_FONT_SIZE 14.0
#define LINE_WIDTH         1.2
#define MAX_CACHED_LABELS  20000

G_DEFINE_QUARK (bg-graph-renderer-error-quark, bg_graph_renderer_error)

typedef struct
{
  PangoLayout *symbol;  /* "C" (accent) or the bold junction digit */
  PangoLayout *rest;    /* " : C1", or NULL */
  double       symbol_w;
  double       width;
  double       height;
} LabelLayout;

struct _BgGraphRenderer
{
  PangoContext *pango;
  GHashTable   *labels;     /* "scale|text" -> LabelLayout */
  BgGraphStyle  style;
  /* Per frame: shapes in element order and element -> index + 1. */
  GArray       *shapes;
  GHashTable   *shape_index;
};

static void
label_layout_free (gpointer data)
{
  LabelLayout *l = data;

  g_clear_object (&l->symbol);
  g_clear_object (&l->rest);
  g_free (l);
}

static BgGraphColor
rgb (guint32 hex)
{
  BgGraphColor c = {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    1.0
  };
  return c;
}

void
bg_graph_style_init_light (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  style->fg = rgb (0x1e1e1e);
  style->bg = rgb (0xffffff);
  style->selection = rgb (0x3584e4);
  style->error = rgb (0xc01c28);
  style->group = rgb (0xe5a50a);
  style->domain[BG_DOMAIN_NONE] = rgb (0x613583);
  style->domain[BG_DOMAIN_ELECTRICAL] = rgb (0x1a5fb4);
  style->domain[BG_DOMAIN_HYDRAULIC] = rgb (0x1f7a6b);
  style->domain[BG_DOMAIN_TRANSLATIONAL] = rgb (0x9c5a12);
  style->domain[BG_DOMAIN_ROTATIONAL] = rgb (0x813d9c);
}

void
bg_graph_style_init_dark (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  style->fg = rgb (0xeeeeee);
  style->bg = rgb (0x242424);
  style->selection = rgb (0x78aeed);
  style->error = rgb (0xff7b63);
  style->group = rgb (0xf8e45c);
  style->domain[BG_DOMAIN_NONE] = rgb (0xdc8add);
  style->domain[BG_DOMAIN_ELECTRICAL] = rgb (0x99c1f1);
  style->domain[BG_DOMAIN_HYDRAULIC] = rgb (0x8ff0a4);
  style->domain[BG_DOMAIN_TRANSLATIONAL] = rgb (0xffbe6f);
  style->domain[BG_DOMAIN_ROTATIONAL] = rgb (0xdc8add);
}

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

  self->labels = g_hash_table_new_full (g_str_hash, g_str_equal,
                                        g_free, label_layout_free);
  self->shapes = g_array_new (FALSE, FALSE, sizeof (BgElementShape));
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
  g_array_unref (self->shapes);
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
}

const BgGraphStyle *
bg_graph_renderer_get_style (BgGraphRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return &self->style;
}

static gboolean
is_junction (const BgComponentSpec *spec)
{
  return spec->kind == BG_KIND_JUNCTION_0 || spec->kind == BG_KIND_JUNCTION_1;
}

static const char *
element_name (const BgElement *element)
{
  return element->label != NULL && element->label[0] != '\0'
         ? element->label : element->id;
}

char *
bg_graph_renderer_dup_label (const BgElement *element)
{
  g_return_val_if_fail (element != NULL, NULL);

  if (is_junction (element->spec))
    return g_strdup (element->spec->symbol);
  return g_strdup_printf ("%s : %s", element->spec->symbol,
                          element_name (element));
}

static PangoLayout *
make_layout (BgGraphRenderer *self,
             const char      *text,
             double           size,
             PangoWeight      weight)
{
  PangoLayout *layout = pango_layout_new (self->pango);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_weight (font, weight);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
layout_width (PangoLayout *layout,
              double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (height != NULL)
    *height = (double) logical.height / PANGO_SCALE;
  return (double) logical.width / PANGO_SCALE;
}

static const LabelLayout *
lookup_label (BgGraphRenderer *self,
              const BgElement *element,
              double           scale)
{
  const BgComponentSpec *spec = element->spec;
  char *key;
  LabelLayout *l;

  if (is_junction (spec))
    key = g_strdup_printf ("%g|%s", scale, spec->symbol);
  else
    key = g_strdup_printf ("%g|%s|%s", scale, spec->symbol,
                           element_name (element));

  l = g_hash_table_lookup (self->labels, key);
  if (l != NULL)
    {
      g_free (key);
      return l;
    }

  if (g_hash_table_size (self->labels) > MAX_CACHED_LABELS)
    g_hash_table_remove_all (self->labels);

  l = g_new0 (LabelLayout, 1);
  if (is_junction (spec))
    {
      l->symbol = make_layout (self, spec->symbol, JUNCTION_FONT_SIZE * scale,
                               PANGO_WEIGHT_BOLD);
      l->symbol_w = layout_width (l->symbol, &l->height);
      l->width = l->symbol_w;
    }
  else
    {
      char *rest = g_strdup_printf (" : %s", element_name (element));
      double h1, h2;

      l->symbol = make_layout (self, spec->symbol, FONT_SIZE * scale,
                               PANGO_WEIGHT_SEMIBOLD);
      l->rest = make_layout (self, rest, FONT_SIZE * scale,
                             PANGO_WEIGHT_NORMAL);
      l->symbol_w = layout_width (l->symbol, &h1);
      l->width = l->symbol_w + layout_width (l->rest, &h2);
      l->height = MAX (h1, h2);
      g_free (rest);
    }
  g_hash_table_insert (self->labels, key, l);
  return l;
}

void
bg_graph_renderer_element_shape (BgGraphRenderer *self,
                                 const BgElement *element,
                                 double           presentation_scale,
                                 double           dx,
                                 double           dy,
                                 BgElementShape  *shape)
{
  const LabelLayout *l;
  double scale = presentation_scale > 0 ? presentation_scale : 1.0;

  g_return_if_fail (self != NULL);
  g_return_if_fail (element != NULL);
  g_return_if_fail (shape != NULL);

  l = lookup_label (self, element, scale);
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
  bg_graph_renderer_element_shape (self, element, view_scale (view),
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
                                BG_GEOMETRY_BOND_GAP * view_scale (view),
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

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElementShape shape;

      bg_graph_renderer_element_shape (self, g_ptr_array_index (elements, i),
                                       presentation_scale, 0, 0, &shape);
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

typedef struct
{
  BgGraphRenderer   *self;
  cairo_t           *cr;
  BgModel           *model;
  BgCausality       *causality;   /* NULL when absent or stale */
  const BgGraphView *view;
  double             scale;       /* presentation scale */
  double             pixel;       /* one view unit in model units */
  BgRect             visible;     /* model units */
} Frame;

static void
set_color (cairo_t            *cr,
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
      bg_graph_renderer_element_shape (f->self, e, f->scale, dx, dy, s);
      g_hash_table_insert (f->self->shape_index, e, GUINT_TO_POINTER (i + 1));
    }
}

static void
draw_element_highlight (Frame                *f,
                        const BgElement      *e,
                        const BgElementShape *s)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  BgRect r = grow (&s->box, 3 * f->scale);
  gboolean in_group = f->causality != NULL &&
                      bg_causality_element_in_group (f->causality, e->id);
  gboolean error = f->causality != NULL &&
                   bg_causality_element_has_error (f->causality, e->id);

  if (in_group)
    {
      rounded_rect (cr, &r, 5 * f->scale);
      set_color (cr, &st->group, 0.28);
      cairo_fill (cr);
    }
  if (error)
    {
      /* A dashed outline carries the meaning besides the colour. */
      double dash[] = { 3 * f->scale, 2 * f->scale };

      rounded_rect (cr, &r, 5 * f->scale);
      set_color (cr, &st->error, 1.0);
      cairo_set_line_width (cr, LINE_WIDTH * f->scale);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (is_selected (f, e->id))
    {
      BgRect sr = grow (&s->box, 4.5 * f->scale);

      rounded_rect (cr, &sr, 6 * f->scale);
      set_color (cr, &st->selection, 0.18);
      cairo_fill_preserve (cr);
      set_color (cr, &st->selection, 0.9);
      cairo_set_line_width (cr, 1.5 * f->scale);
      cairo_stroke (cr);
    }
}

static void
show_layout_at (cairo_t     *cr,
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
      double inset = 3 * f->scale;

      g_snprintf (key, sizeof key, "port|%g|%s", f->scale, name);
      cached = g_hash_table_lookup (f->self->labels, key);
      if (cached == NULL)
        {
          cached = g_new0 (LabelLayout, 1);
          cached->symbol = make_layout (f->self, name,
                                        PORT_FONT_SIZE * f->scale,
                                        PANGO_WEIGHT_NORMAL);
          g_hash_table_insert (f->self->labels, g_strdup (key), cached);
        }
      layout = cached->symbol;
      w = layout_width (layout, &h);
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
          double clear = BG_GEOMETRY_BOND_GAP * f->scale + inset;

          switch (s->port_sides[i])
            {
            case BG_SIDE_LEFT:   x -= clear + w; y += 1; break;
            case BG_SIDE_RIGHT:  x += clear; y += 1; break;
            case BG_SIDE_TOP:    x += clear; y -= clear + h; break;
            case BG_SIDE_BOTTOM:
            default:             x += clear; y += clear; break;
            }
        }
      set_color (f->cr, color, 0.85);
      show_layout_at (f->cr, layout, x, y);
    }
}

static void
draw_element (Frame                *f,
              const BgElement      *e,
              const BgElementShape *s)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  const LabelLayout *l = lookup_label (f->self, e, f->scale);
  gboolean error = f->causality != NULL &&
                   bg_causality_element_has_error (f->causality, e->id);
  BgDomain domain = e->spec->domain < BG_N_DOMAINS ? e->spec->domain
                                                   : BG_DOMAIN_NONE;
  const BgGraphColor *accent = error ? &st->error : &st->domain[domain];
  const BgGraphColor *text = error ? &st->error : &st->fg;
  double tx = s->centre.x - l->width / 2;
  double ty = s->centre.y - l->height / 2;

  if (s->outlined)
    {
      rounded_rect (cr, &s->box, 3 * f->scale);
      set_color (cr, &st->bg, 1.0);
      cairo_fill_preserve (cr);
      set_color (cr, accent, 1.0);
      cairo_set_line_width (cr, LINE_WIDTH * f->scale);
      cairo_stroke (cr);
    }

  set_color (cr, accent, 1.0);
  show_layout_at (cr, l->symbol, tx, ty);
  if (l->rest != NULL)
    {
      set_color (cr, text, 1.0);
      show_layout_at (cr, l->rest, tx + l->symbol_w, ty);
    }
  if (s->n_ports > 0)
    draw_port_letters (f, e, s, text);
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

static void
draw_bond (Frame        *f,
           const BgBond *bond,
           guint         index)
{
  cairo_t *cr = f->cr;
  const BgGraphStyle *st = &f->self->style;
  BgPoint from, to, tip, tail, barb, s1, s2;
  BgRect bbox;
  BgStroke stroke;
  gboolean error, group, selected;
  double lw = LINE_WIDTH * f->scale;
  double barb_len = BG_GEOMETRY_BARB_LENGTH * f->scale;
  const BgGraphColor *color;

  bg_graph_renderer_bond_ends (f->self, bond, f->view, &from, &to);
  bbox = grow (&(BgRect) { MIN (from.x, to.x), MIN (from.y, to.y),
                           fabs (to.x - from.x), fabs (to.y - from.y) },
               barb_len);
  if (!bg_geometry_rects_intersect (&bbox, &f->visible))
    return;

  error = f->causality != NULL &&
          bg_causality_bond_has_error (f->causality, bond->id);
  group = f->causality != NULL &&
          bg_causality_bond_in_group (f->causality, bond->id);
  selected = is_selected (f, bond->id);
  stroke = bond_stroke (f, index);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (group || selected)
    {
      line (cr, from, to);
      cairo_set_line_width (cr, 7 * f->scale);
      if (group)
        {
          set_color (cr, &st->group, 0.35);
          cairo_stroke_preserve (cr);
        }
      if (selected)
        {
          cairo_set_line_width (cr, 6 * f->scale);
          set_color (cr, &st->selection, 0.35);
          cairo_stroke_preserve (cr);
        }
      cairo_new_path (cr);
    }

  color = error ? &st->error : selected ? &st->selection : &st->fg;
  set_color (cr, color, 1.0);
  cairo_set_line_width (cr, lw);
  if (error)
    {
      double dash[] = { 6 * f->scale, 3 * f->scale };
      cairo_set_dash (cr, dash, 2, 0);
    }
  line (cr, from, to);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  /* The half-arrow at the arrow end. */
  if (bond->arrow == BG_ARROW_FORWARD)
    {
      tip = to;
      tail = from;
    }
  else
    {
      tip = from;
      tail = to;
    }
  bg_geometry_half_arrow (tail, tip, barb_len, &barb);
  line (cr, tip, barb);
  cairo_stroke (cr);

  /* The causal stroke at the end that receives effort. */
  if (stroke == BG_STROKE_AT_TO)
    bg_geometry_causal_stroke (from, to, barb_len * 1.3, &s1, &s2);
  else if (stroke == BG_STROKE_AT_FROM)
    bg_geometry_causal_stroke (to, from, barb_len * 1.3, &s1, &s2);
  if (stroke != BG_STROKE_NONE)
    {
      cairo_set_line_width (cr, lw * 1.5);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      line (cr, s1, s2);
      cairo_stroke (cr);
    }
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
  GPtrArray *elements, *bonds;
  BgGraphView default_view;

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
  f.causality = NULL;
  if (causality != NULL &&
      bg_causality_get_revision (causality) == bg_model_get_revision (model))
    f.causality = causality;

  cairo_save (cr);
  if (view->draw_background)
    {
      set_color (cr, &self->style.bg, 1.0);
      cairo_paint (cr);
    }
  cairo_translate (cr, view->offset_x, view->offset_y);
  cairo_scale (cr, view->zoom, view->zoom);
  f.pixel = 1.0 / view->zoom;
  f.visible = visible_rect (cr);

  compute_shapes (&f);
  elements = bg_model_get_elements (model);
  bonds = bg_model_get_bonds (model);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElementShape *s = &g_array_index (self->shapes, BgElementShape, i);
      BgRect r = grow (&s->box, 8 * f.scale);

      if (bg_geometry_rects_intersect (&r, &f.visible))
        draw_element_highlight (&f, g_ptr_array_index (elements, i), s);
    }
  for (guint i = 0; i < bonds->len; i++)
    draw_bond (&f, g_ptr_array_index (bonds, i), i);
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElementShape *s = &g_array_index (self->shapes, BgElementShape, i);
      BgRect r = grow (&s->box, 2 * f.scale);

      if (bg_geometry_rects_intersect (&r, &f.visible))
        draw_element (&f, g_ptr_array_index (elements, i), s);
    }

  /* Shapes are per frame: later queries must see the model, not this view. */
  g_hash_table_remove_all (self->shape_index);
  cairo_restore (cr);
}

/* Export ----------------------------------------------------------------- */

gboolean
bg_graph_renderer_export (BgModel     *model,
                          BgCausality *causality,
                          const char  *path,
                          double       presentation_scale,
                          GError     **error)
{
  g_autofree char *lower = NULL;
  BgGraphRenderer *renderer;
  BgGraphView view;
  BgRect bounds;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  gboolean png, ok = TRUE;
  double margin = 24, zoom, width, height;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  png = g_str_has_suffix (lower, ".png");
  if (!png && !g_str_has_suffix (lower, ".svg"))
    {
      g_set_error (error, BG_GRAPH_RENDERER_ERROR,
                   BG_GRAPH_RENDERER_ERROR_FORMAT,
                   _("%s: unknown image format; use a name ending in .png or .svg"),
                   path);
      return FALSE;
    }

  renderer = bg_graph_renderer_new ();
  bg_graph_view_init (&view);
  view.presentation_scale = presentation_scale > 0 ? presentation_scale : 1.0;
  view.draw_background = TRUE;
  if (!bg_graph_renderer_get_bounds (renderer, model, view.presentation_scale,
                                     &bounds))
    bounds = (BgRect) { 0, 0, 100, 60 };

  /* PNG at twice the model size for crisp text; SVG at model size. */
  zoom = png ? 2.0 : 1.0;
  margin *= view.presentation_scale;
  width = ceil ((bounds.width + 2 * margin) * zoom);
  height = ceil ((bounds.height + 2 * margin) * zoom);
  view.zoom = zoom;
  view.offset_x = (margin - bounds.x) * zoom;
  view.offset_y = (margin - bounds.y) * zoom;

  if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                          (int) width, (int) height);
  else
    surface = cairo_svg_surface_create (path, width, height);

  cr = cairo_create (surface);
  bg_graph_renderer_draw (renderer, cr, model, causality, &view);
  cairo_destroy (cr);

  if (png)
    status = cairo_surface_write_to_png (surface, path);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, BG_GRAPH_RENDERER_ERROR,
                   BG_GRAPH_RENDERER_ERROR_WRITE,
                   _("%s: cannot write the image: %s"),
                   path, cairo_status_to_string (status));
      ok = FALSE;
    }
  cairo_surface_destroy (surface);
  bg_graph_renderer_free (renderer);
  return ok;
}
