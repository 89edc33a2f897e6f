/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas.c — the bond-graph editing canvas.
 *
 * Owns: the selection (ids), hit-testing (_bg_canvas_hit_test, the only
 * place that decides what is under the pointer), and the snapshot, which
 * draws the model through the graph renderer every frame. The view
 * transform lives in bg-canvas-view.c, the colours in bg-canvas-style.c,
 * the grid in bg-canvas-grid.c, the tooltips in bg-canvas-tooltip.c, edits
 * and actions in bg-canvas-actions.c, the controllers in
 * bg-canvas-controllers.c. Must not: edit the model other
 * than through bg_model_* edit calls, compute causality, or hold element
 * pointers across edits.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-widget-util-private.h"

G_DEFINE_QUARK (bg-canvas-error-quark, bg_canvas_error)

G_DEFINE_FINAL_TYPE (BgCanvas, bg_canvas, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_ELEMENT_ACTIVATED,
  SIGNAL_STATUS_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_ZOOM,
  PROP_PRESENTATION_SCALE,
  PROP_SHOW_BOND_IDS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


/* Hit-testing: the one place that decides what is under a point ---------- */

/* Element shapes are derived geometry: cached per model revision and
 * presentation scale, so a pointer motion over thousands of elements costs
 * no text measuring. */
static void
canvas_ensure_shapes (BgCanvas *self)
{
  GPtrArray *elements;
  guint64 revision = bg_model_get_revision (self->model);
  double label_scale = _bg_canvas_label_scale (self);

  if (self->shapes_valid && self->shapes_revision == revision &&
      self->shapes_scale == label_scale)
    return;

  elements = bg_model_get_elements (self->model);
  g_array_set_size (self->shapes, elements->len);
  g_hash_table_remove_all (self->shape_index);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);

      bg_graph_renderer_element_shape (self->renderer, e, label_scale, 0, 0,
                                       &g_array_index (self->shapes,
                                                       BgElementShape, i));
      g_hash_table_insert (self->shape_index, e, GUINT_TO_POINTER (i + 1));
    }
  self->shapes_revision = revision;
  self->shapes_scale = label_scale;
  self->shapes_valid = TRUE;
}

void
_bg_canvas_element_shape (BgCanvas        *self,
                      BgElement       *element,
                      BgElementShape  *shape)
{
  guint index;

  canvas_ensure_shapes (self);
  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->shape_index, element));
  if (index == 0)
    {
      /* an element added inside a group of edits: the revision moves
       * only when the group ends */
      self->shapes_valid = FALSE;
      canvas_ensure_shapes (self);
      index = GPOINTER_TO_UINT (g_hash_table_lookup (self->shape_index, element));
    }
  g_assert (index > 0);
  *shape = g_array_index (self->shapes, BgElementShape, index - 1);
}

gboolean
_bg_canvas_element_has_named_ports (const BgElement *element)
{
  return !element->spec->variable_ports && element->spec->n_ports >= 2;
}

/* The connection dot of a one-port or junction, in model units. */
BgPoint
_bg_canvas_handle_position (BgCanvas             *self,
                 const BgElementShape *shape)
{
  BgPoint p;

  /* A fixed distance on screen, so it stays easy to grab at any zoom. */
  p.x = shape->box.x + shape->box.width + HANDLE_OFFSET / self->zoom;
  p.y = shape->centre.y;
  return p;
}

Hit
_bg_canvas_hit_test (BgCanvas *self,
                 double    vx,
                 double    vy)
{
  Hit hit = { HIT_NONE, NULL, NULL, -1 };
  GPtrArray *elements, *bonds;
  double mx, my, gap;
  double best = G_MAXDOUBLE;

  if (self->model == NULL)
    return hit;
  /* nothing of the graph is under the legend */
  if (self->legend_band > 0 && vy >= gtk_widget_get_height (GTK_WIDGET (self)) - self->legend_band)
    return hit;

  bg_canvas_view_to_model (self, vx, vy, &mx, &my);
  elements = bg_model_get_elements (self->model);

  /* The hovered element's handle and ports first: they sit on its edge. */
  if (self->hover_id != NULL)
    {
      BgElement *e = bg_model_find_element (self->model, self->hover_id);

      if (e != NULL)
        {
          BgElementShape shape;

          _bg_canvas_element_shape (self, e, &shape);
          if (!_bg_canvas_element_has_named_ports (e))
            {
              BgPoint h = _bg_canvas_handle_position (self, &shape);

              if (hypot (h.x - mx, h.y - my) * self->zoom <= HANDLE_HIT)
                {
                  hit.kind = HIT_HANDLE;
                  hit.element = e;
                  return hit;
                }
            }
        }
    }

  /* Topmost element first (drawn last). */
  for (guint i = elements->len; i > 0; i--)
    {
      BgElement *e = g_ptr_array_index (elements, i - 1);
      BgElementShape shape;
      BgRect box;
      int port;

      _bg_canvas_element_shape (self, e, &shape);
      port = bg_geometry_nearest_port (&shape, mx, my);
      if (port >= 0 &&
          hypot (shape.ports[port].x - mx, shape.ports[port].y - my) *
          self->zoom <= PORT_HIT)
        {
          hit.kind = HIT_PORT;
          hit.element = e;
          hit.port = port;
          return hit;
        }

      box = shape.box;
      box.x -= 2;
      box.y -= 2;
      box.width += 4;
      box.height += 4;
      if (bg_geometry_rect_contains (&box, mx, my))
        {
          hit.kind = HIT_ELEMENT;
          hit.element = e;
          return hit;
        }
    }

  bonds = bg_model_get_bonds (self->model);
  gap = BG_GEOMETRY_BOND_GAP * _bg_canvas_label_scale (self);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      BgElementShape sa, sb;
      BgPoint from, to, p = { mx, my };
      BgRect span = { 0, 0, 0, 0 };
      double d, slack = BOND_HIT / self->zoom + gap;

      /* Cheap reject: the bond lies within its two elements' boxes' span. */
      _bg_canvas_element_shape (self, b->from, &sa);
      _bg_canvas_element_shape (self, b->to, &sb);
      bg_geometry_rect_union (&span, &sa.box);
      bg_geometry_rect_union (&span, &sb.box);
      if (mx < span.x - slack || mx > span.x + span.width + slack ||
          my < span.y - slack || my > span.y + span.height + slack)
        continue;
      bg_geometry_bond_ends (&sa, b->from_port, &sb, b->to_port, gap, &from, &to);
      d = bg_geometry_distance_to_segment (p, from, to) * self->zoom;
      if (d <= BOND_HIT && d < best)
        {
          best = d;
          hit.kind = HIT_BOND;
          hit.bond = b;
        }
    }
  return hit;
}

char *
bg_canvas_dup_id_at (BgCanvas *self,
                     double    view_x,
                     double    view_y)
{
  Hit hit;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  hit = _bg_canvas_hit_test (self, view_x, view_y);
  if (hit.element != NULL)
    return g_strdup (hit.element->id);
  if (hit.bond != NULL)
    return g_strdup (hit.bond->id);
  return NULL;
}

/* Selection -------------------------------------------------------------- */

void
_bg_canvas_selection_changed (BgCanvas *self)
{
  _bg_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

static gboolean
canvas_id_exists (BgCanvas   *self,
                  const char *id)
{
  return self->model != NULL &&
         (bg_model_find_element (self->model, id) != NULL ||
          bg_model_find_bond (self->model, id) != NULL);
}

gboolean
_bg_canvas_select_only (BgCanvas   *self,
                    const char *id)
{
  if (id != NULL && g_hash_table_size (self->selected) == 1 &&
      g_hash_table_contains (self->selected, id))
    return FALSE;
  if (id == NULL && g_hash_table_size (self->selected) == 0)
    return FALSE;

  g_hash_table_remove_all (self->selected);
  if (id != NULL)
    g_hash_table_add (self->selected, g_strdup (id));
  return TRUE;
}

void
_bg_canvas_toggle (BgCanvas   *self,
               const char *id)
{
  if (!g_hash_table_remove (self->selected, id))
    g_hash_table_add (self->selected, g_strdup (id));
}

GStrv
bg_canvas_dup_selected_ids (BgCanvas *self)
{
  GStrvBuilder *builder;
  GPtrArray *elements, *bonds;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  builder = g_strv_builder_new ();
  /* In document order, elements before bonds: stable for callers. */
  if (self->model != NULL)
    {
      elements = bg_model_get_elements (self->model);
      bonds = bg_model_get_bonds (self->model);
      for (guint i = 0; i < elements->len; i++)
        {
          BgElement *e = g_ptr_array_index (elements, i);

          if (g_hash_table_contains (self->selected, e->id))
            g_strv_builder_add (builder, e->id);
        }
      for (guint i = 0; i < bonds->len; i++)
        {
          BgBond *b = g_ptr_array_index (bonds, i);

          if (g_hash_table_contains (self->selected, b->id))
            g_strv_builder_add (builder, b->id);
        }
    }
  {
    GStrv result = g_strv_builder_end (builder);
    g_strv_builder_unref (builder);
    return result;
  }
}

void
bg_canvas_select_ids (BgCanvas          *self,
                      const char *const *ids)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  g_hash_table_remove_all (self->selected);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (canvas_id_exists (self, ids[i]))
      g_hash_table_add (self->selected, g_strdup (ids[i]));
  _bg_canvas_selection_changed (self);
}

/* Collects the selected element (or bond) ids in document order. */
GPtrArray *
_bg_canvas_selected_of_kind (BgCanvas *self,
                         gboolean  elements_wanted)
{
  GPtrArray *ids = g_ptr_array_new ();
  GPtrArray *items;

  if (self->model == NULL)
    return ids;

  items = elements_wanted ? bg_model_get_elements (self->model)
                          : bg_model_get_bonds (self->model);
  for (guint i = 0; i < items->len; i++)
    {
      const char *id = elements_wanted
                       ? ((BgElement *) g_ptr_array_index (items, i))->id
                       : ((BgBond *) g_ptr_array_index (items, i))->id;

      if (g_hash_table_contains (self->selected, id))
        g_ptr_array_add (ids, (gpointer) id);
    }
  return ids;
}

/* The selected element when exactly one element (and nothing else) is
 * selected, else NULL. */
BgElement *
_bg_canvas_single_element (BgCanvas *self)
{
  g_autoptr(GPtrArray) elements = NULL;

  if (self->model == NULL || g_hash_table_size (self->selected) != 1)
    return NULL;
  elements = _bg_canvas_selected_of_kind (self, TRUE);   /* ids */
  return elements->len == 1
         ? bg_model_find_element (self->model, g_ptr_array_index (elements, 0))
         : NULL;
}

static void
canvas_prune_selection (BgCanvas *self)
{
  GHashTableIter iter;
  gpointer key;
  gboolean changed = FALSE;

  g_hash_table_iter_init (&iter, self->selected);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!canvas_id_exists (self, key))
      {
        g_hash_table_iter_remove (&iter);
        changed = TRUE;
      }
  if (changed)
    g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

/* Model and causality ---------------------------------------------------- */

static void
model_changed_cb (BgCanvas *self,
                  BgModel  *model)
{
  canvas_prune_selection (self);
  if (self->hover_id != NULL && !canvas_id_exists (self, self->hover_id))
    g_clear_pointer (&self->hover_id, g_free);
  /* the view is the user's once they edit: a new size no longer refits
   * (and rescales) the graph they are drawing */
  self->fitted = FALSE;
  _bg_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_bg_canvas_cancel_drag (BgCanvas *self)
{
  self->drag = DRAG_NONE;
  g_hash_table_remove_all (self->moving);
  self->move_dx = self->move_dy = 0;
  g_clear_pointer (&self->grab_id, g_free);
  g_clear_pointer (&self->bond_from, g_free);
}

void
bg_canvas_set_model (BgCanvas *self,
                     BgModel  *model)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  _bg_canvas_cancel_drag (self);
  g_clear_pointer (&self->hover_id, g_free);
  g_clear_pointer (&self->causality, bg_causality_unref);
  g_set_object (&self->model, model);
  self->shapes_valid = FALSE;
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                             self, G_CONNECT_SWAPPED);

  g_hash_table_remove_all (self->selected);
  self->fit_whole = FALSE;
  bg_canvas_zoom_to_fit (self);
  _bg_canvas_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgModel *
bg_canvas_get_model (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->model;
}

void
bg_canvas_set_causality (BgCanvas    *self,
                         BgCausality *causality)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (self->causality == causality)
    return;
  if (causality != NULL)
    bg_causality_ref (causality);
  g_clear_pointer (&self->causality, bg_causality_unref);
  self->causality = causality;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgCausality *
bg_canvas_get_causality (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->causality;
}

/* The analysis the canvas draws: only one made from the current revision. */
BgCausality *
_bg_canvas_current_causality (BgCanvas *self)
{
  if (self->causality == NULL || self->model == NULL)
    return NULL;
  if (bg_causality_get_revision (self->causality) !=
      bg_model_get_revision (self->model))
    return NULL;
  return self->causality;
}

BgStroke
bg_canvas_get_bond_stroke (BgCanvas   *self,
                           const char *bond_id)
{
  BgCausality *causality;

  g_return_val_if_fail (BG_IS_CANVAS (self), BG_STROKE_NONE);
  g_return_val_if_fail (bond_id != NULL, BG_STROKE_NONE);

  if (_bg_canvas_explaining (self))
    {
      GPtrArray *bonds = bg_model_get_bonds (self->model);

      for (guint i = 0; i < bonds->len; i++)
        if (g_strcmp0 (((BgBond *) g_ptr_array_index (bonds, i))->id, bond_id) == 0)
          return _bg_canvas_explain_stroke (self, i);
      return BG_STROKE_NONE;
    }
  causality = _bg_canvas_current_causality (self);
  if (causality == NULL)
    return BG_STROKE_NONE;
  return bg_causality_lookup_stroke (causality, bond_id);
}

/* Status bubble ---------------------------------------------------------- */

static gboolean
bubble_timeout_cb (gpointer data)
{
  BgCanvas *self = data;

  self->bubble_timeout = 0;
  g_clear_pointer (&self->bubble_text, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

void
_bg_canvas_say (BgCanvas   *self,
            const char *text,
            gboolean    at_pointer)
{
  g_signal_emit (self, signals[SIGNAL_STATUS_MESSAGE], 0, text);
  if (!at_pointer)
    return;

  g_free (self->bubble_text);
  self->bubble_text = g_strdup (text);
  self->bubble_x = self->cur_x;
  self->bubble_y = self->cur_y;
  g_clear_handle_id (&self->bubble_timeout, g_source_remove);
  self->bubble_timeout = g_timeout_add_seconds (BUBBLE_SECONDS,
                                                bubble_timeout_cb, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_bg_canvas_emit_activated (BgCanvas   *self,
                           const char *id)
{
  g_signal_emit (self, signals[SIGNAL_ELEMENT_ACTIVATED], 0, id);
}

/* Snapshot --------------------------------------------------------------- */

static void
draw_handles (BgCanvas *self,
              cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  BgElement *e;
  BgElementShape shape;

  if (self->hover_id == NULL || self->model == NULL ||
      (self->drag != DRAG_NONE && self->drag != DRAG_BOND))
    return;
  e = bg_model_find_element (self->model, self->hover_id);
  if (e == NULL)
    return;

  _bg_canvas_element_shape (self, e, &shape);
  if (_bg_canvas_element_has_named_ports (e))
    {
      for (guint i = 0; i < shape.n_ports; i++)
        {
          double vx, vy;

          bg_canvas_model_to_view (self, shape.ports[i].x, shape.ports[i].y,
                                   &vx, &vy);
          cairo_arc (cr, vx, vy, HANDLE_RADIUS, 0, 2 * G_PI);
          cairo_close_path (cr);
        }
    }
  else
    {
      BgPoint h = _bg_canvas_handle_position (self, &shape);
      double vx, vy, ex, ey;

      /* A stub from the label to the dot: "pull a bond from here". */
      bg_canvas_model_to_view (self, h.x, h.y, &vx, &vy);
      bg_canvas_model_to_view (self, shape.box.x + shape.box.width, h.y,
                               &ex, &ey);
      cairo_move_to (cr, ex + 1, ey);
      cairo_line_to (cr, vx - HANDLE_RADIUS, vy);
      cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                             style->selection.blue, 0.7);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_arc (cr, vx, vy, HANDLE_RADIUS, 0, 2 * G_PI);
    }
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

static void
draw_bond_preview (BgCanvas *self,
                   cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  double dash[] = { 5, 4 };
  Ref from;
  BgPoint start;
  double vx, vy;

  if (!_bg_canvas_parse_ref (self, self->bond_from, &from))
    return;
  start = _bg_canvas_ref_point (self, &from);
  bg_canvas_model_to_view (self, start.x, start.y, &vx, &vy);

  /* The element the bond would end on, drawn as refused when it would be. */
  _bg_canvas_draw_bond_target (self, cr);

  cairo_move_to (cr, vx, vy);
  cairo_line_to (cr, self->cur_x, self->cur_y);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_rubber_band (BgCanvas *self,
                  cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  BgRect r = bg_geometry_rect_from_points (self->start_x, self->start_y,
                                           self->cur_x, self->cur_y);

  cairo_rectangle (cr, floor (r.x) + 0.5, floor (r.y) + 0.5,
                   round (r.width), round (r.height));
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 0.8);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_bubble (BgCanvas *self,
             cairo_t  *cr,
             int       width)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  PangoLayout *layout;
  int tw, th;
  double x, y, pad = 6;

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self),
                                           self->bubble_text);
  pango_layout_set_width (layout, 360 * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &tw, &th);

  x = CLAMP (self->bubble_x + 12, 4, MAX (4, width - tw - 2 * pad - 4));
  y = MAX (4, self->bubble_y - th - 2 * pad - 8);
  cairo_rectangle (cr, x, y, tw + 2 * pad, th + 2 * pad);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue,
                         0.96);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->error.red, style->error.green,
                         style->error.blue, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_move_to (cr, x + pad, y + pad);
  cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue, 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
bg_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  BgCanvas *self = BG_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const BgGraphStyle *style;
  GdkRGBA bg;
  BgGraphView view;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  if (!self->style_valid)
    _bg_canvas_update_style (self);
  style = bg_graph_renderer_get_style (self->renderer);

  bg = (GdkRGBA) { style->bg.red, style->bg.green, style->bg.blue, 1.0 };
  gtk_snapshot_append_color (snapshot, &bg,
                             &GRAPHENE_RECT_INIT (0, 0, width, height));

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0, width, height));
  /* the graph above the legend's band, never under it */
  self->legend_band = _bg_canvas_legend_height (self);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, MAX (0, height - self->legend_band));
  cairo_clip (cr);
  _bg_canvas_draw_grid (self, cr, width, height);
  if (self->model != NULL)
    {
      gboolean explaining = _bg_canvas_explaining (self);

      _bg_canvas_fill_view (self, &view);
      view.power = _bg_canvas_power_prepare (self);
      if (explaining)
        _bg_canvas_draw_explain_under (self, cr);
      bg_graph_renderer_draw (self->renderer, cr, self->model,
                              explaining ? NULL
                              : _bg_canvas_exercise_filter (self, _bg_canvas_current_causality (self)),
                              &view);
      if (explaining)
        _bg_canvas_draw_explain_over (self, cr);
      else
        _bg_canvas_exercise_draw (self, cr);
      _bg_canvas_draw_badges (self, cr);
      draw_handles (self, cr);
      if (self->drag == DRAG_BOND && self->bond_from != NULL)
        draw_bond_preview (self, cr);
      if (self->drag == DRAG_RUBBER)
        draw_rubber_band (self, cr);
    }
  cairo_restore (cr);
  /* the legend explains the analysis's colours, not the steps' (none
   * while explaining) */
  _bg_canvas_draw_legend (self, cr);
  if (self->bubble_text != NULL)
    draw_bubble (self, cr, width);
  cairo_destroy (cr);
}

static void
bg_canvas_css_changed (GtkWidget         *widget,
                       GtkCssStyleChange *change)
{
  BgCanvas *self = BG_CANVAS (widget);

  GTK_WIDGET_CLASS (bg_canvas_parent_class)->css_changed (widget, change);
  self->style_valid = FALSE;
  gtk_widget_queue_draw (widget);
}

static void
bg_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 420;
}

static void
bg_canvas_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  BgCanvas *self = BG_CANVAS (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), at;

  /* A bar appearing above the canvas (a remedy, a banner) moves its top
   * edge down: the graph keeps its place on the screen, so what is under
   * the pointer mid-drawing stays there. */
  if (root != NULL &&
      gtk_widget_compute_point (widget, GTK_WIDGET (root), &origin, &at))
    {
      if (self->have_origin && !self->fitted)
        {
          self->offset_x -= at.x - self->origin_x;
          self->offset_y -= at.y - self->origin_y;
        }
      self->origin_x = at.x;
      self->origin_y = at.y;
      self->have_origin = TRUE;
    }
  if (self->fit_pending ||
      (self->fitted && (width != self->fitted_width || height != self->fitted_height)))
    bg_canvas_zoom_to_fit (self);
  if (self->reveal_after_layout != NULL)
    {
      g_auto(GStrv) ids = g_steal_pointer (&self->reveal_after_layout);

      bg_canvas_reveal_ids (self, (const char *const *) ids);
    }
}

/* GObject ---------------------------------------------------------------- */

static void
bg_canvas_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  BgCanvas *self = BG_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_PRESENTATION_SCALE:
      g_value_set_double (value, self->presentation_scale);
      break;
    case PROP_SHOW_BOND_IDS:
      g_value_set_boolean (value, self->show_bond_ids);
      break;
    default:
      if (!_bg_canvas_grid_get_property (self, prop_id, value) &&
          !_bg_canvas_power_get_property (self, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_canvas_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  BgCanvas *self = BG_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      bg_canvas_set_model (self, g_value_get_object (value));
      break;
    case PROP_PRESENTATION_SCALE:
      bg_canvas_set_presentation_scale (self, g_value_get_double (value));
      break;
    case PROP_SHOW_BOND_IDS:
      bg_canvas_set_show_bond_ids (self, g_value_get_boolean (value));
      break;
    default:
      if (!_bg_canvas_grid_set_property (self, prop_id, value) &&
          !_bg_canvas_power_set_property (self, prop_id, value))
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_canvas_dispose (GObject *object)
{
  BgCanvas *self = BG_CANVAS (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->causality, bg_causality_unref);
  g_clear_pointer (&self->explain_trace, bg_causality_trace_unref);
  g_clear_handle_id (&self->bubble_timeout, g_source_remove);
  _bg_canvas_menu_dispose (self);
  _bg_canvas_plot_dispose (self);
  _bg_canvas_power_dispose (self);

  G_OBJECT_CLASS (bg_canvas_parent_class)->dispose (object);
}

static void
bg_canvas_finalize (GObject *object)
{
  BgCanvas *self = BG_CANVAS (object);

  bg_graph_renderer_free (self->renderer);
  g_hash_table_unref (self->selected);
  g_hash_table_unref (self->moving);
  g_array_unref (self->shapes);
  g_hash_table_unref (self->shape_index);
  g_free (self->grab_id);
  g_free (self->bond_from);
  g_free (self->hover_id);
  g_free (self->bubble_text);
  g_strfreev (self->reveal_after_layout);
  _bg_canvas_exercise_finalize (self);
  _bg_canvas_power_finalize (self);

  G_OBJECT_CLASS (bg_canvas_parent_class)->finalize (object);
}

static void
bg_canvas_class_init (BgCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = bg_canvas_get_property;
  object_class->set_property = bg_canvas_set_property;
  object_class->dispose = bg_canvas_dispose;
  object_class->finalize = bg_canvas_finalize;

  widget_class->snapshot = bg_canvas_snapshot;
  widget_class->measure = bg_canvas_measure;
  widget_class->size_allocate = bg_canvas_size_allocate;
  widget_class->css_changed = bg_canvas_css_changed;
  widget_class->query_tooltip = _bg_canvas_query_tooltip;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, BG_TYPE_MODEL, _BG_PARAM_READWRITE);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, ZOOM_MIN, ZOOM_MAX, 1.0, _BG_PARAM_READABLE);
  properties[PROP_PRESENTATION_SCALE] =
    g_param_spec_double ("presentation-scale", NULL, NULL, 0.5, 3.0, 1.0, _BG_PARAM_READWRITE);
  /* bond ids written beside the bonds (bg-canvas-menu.c) */
  properties[PROP_SHOW_BOND_IDS] =
    g_param_spec_boolean ("show-bond-ids", NULL, NULL, FALSE, _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* "show-grid", "snap-to-grid", "grid-size"; "time", "power-flow",
   * "playing", "play-speed" */
  _bg_canvas_power_class_init (object_class,
                               _bg_canvas_grid_class_init (object_class, N_PROPS));

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_ELEMENT_ACTIVATED] =
    g_signal_new ("element-activated", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
  signals[SIGNAL_STATUS_MESSAGE] =
    g_signal_new ("status-message", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);

  _bg_canvas_actions_class_init (widget_class);
  _bg_canvas_controllers_class_init (widget_class);
  _bg_canvas_keyboard_class_init (widget_class);
  _bg_canvas_menu_class_init (widget_class);
  _bg_canvas_exercise_class_init (widget_class);
  _bg_canvas_badges_class_init (widget_class);
  _bg_canvas_plot_class_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "bgcanvas");
  /* interactive and keyboard-operable: a group with a description */
  gtk_widget_class_set_accessible_role (widget_class,
                                        GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
bg_canvas_init (BgCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->renderer = bg_graph_renderer_new ();
  _bg_canvas_exercise_init (self);
  _bg_canvas_power_init (self);
  self->selected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->moving = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->shapes = g_array_new (FALSE, FALSE, sizeof (BgElementShape));
  self->shape_index = g_hash_table_new (NULL, NULL);
  self->zoom = 1.0;
  self->presentation_scale = 1.0;
  self->offset_x = 40;
  self->offset_y = 40;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  _bg_canvas_exercise_controllers_init (self);
  _bg_canvas_badges_controllers_init (self);
  _bg_canvas_controllers_init (self);
  _bg_canvas_keyboard_init (self);
  _bg_canvas_menu_init (self);

  _bg_canvas_update_actions (self);
}

GtkWidget *
bg_canvas_new (void)
{
  return g_object_new (BG_TYPE_CANVAS, NULL);
}
