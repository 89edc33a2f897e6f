/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-view.c — the canvas's view transform.
 *
 * Owns: the one matrix that maps the model to the widget (view = model ×
 * zoom + offset) and everything that sets it: zooming about a point,
 * fitting the graph (never below readable labels), panning what must be
 * seen into view (the step being explained, an element chosen from the
 * keyboard or the equations), coming back to a view left earlier, the
 * inset of the bars over its top, and the presentation scale the labels
 * grow by. Must not: draw, hit-test or change the selection or the model.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"

/* View transform --------------------------------------------------------- */

void
bg_canvas_model_to_view (BgCanvas *self,
                         double    mx,
                         double    my,
                         double   *vx,
                         double   *vy)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (vx != NULL)
    *vx = mx * self->zoom + self->offset_x;
  if (vy != NULL)
    *vy = my * self->zoom + self->offset_y;
}

void
bg_canvas_view_to_model (BgCanvas *self,
                         double    vx,
                         double    vy,
                         double   *mx,
                         double   *my)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (mx != NULL)
    *mx = (vx - self->offset_x) / self->zoom;
  if (my != NULL)
    *my = (vy - self->offset_y) / self->zoom;
}

/* The renderer's view of the canvas: transform, scales, selection and
 * the elements being dragged. */
void
_bg_canvas_fill_view (BgCanvas    *self,
                      BgGraphView *view)
{
  bg_graph_view_init (view);
  view->zoom = self->zoom;
  view->offset_x = self->offset_x;
  view->offset_y = self->offset_y;
  view->presentation_scale = self->presentation_scale;
  view->label_scale = _bg_canvas_label_scale (self);
  view->selected = self->selected;
  view->show_bond_ids = self->show_bond_ids;
  if (self->drag == DRAG_MOVE)
    {
      view->moving = self->moving;
      view->move_dx = self->move_dx;
      view->move_dy = self->move_dy;
    }
}

void
_bg_canvas_set_zoom_internal (BgCanvas *self,
                          double    zoom,
                          double    anchor_x,
                          double    anchor_y)
{
  double mx, my;

  zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  /* Keep the model point under the anchor where it is. */
  bg_canvas_view_to_model (self, anchor_x, anchor_y, &mx, &my);
  self->fitted = FALSE;
  self->zoom = zoom;
  self->offset_x = anchor_x - mx * zoom;
  self->offset_y = anchor_y - my * zoom;
  g_object_notify (G_OBJECT (self), "zoom");
  _bg_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_zoom_at (BgCanvas *self,
                   double    factor,
                   double    view_x,
                   double    view_y)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (factor > 0);

  if (isnan (view_x) || isnan (view_y))
    {
      view_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      view_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  _bg_canvas_set_zoom_internal (self, self->zoom * factor, view_x, view_y);
}

double
bg_canvas_get_zoom (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);

  return self->zoom;
}

void
bg_canvas_zoom_to_fit (BgCanvas *self)
{
  BgGraphView view;
  BgRect b;
  double floor_zoom;
  int w, h;

  g_return_if_fail (BG_IS_CANVAS (self));

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->model == NULL)
    return;
  /* the graph goes above the legend's band and below the bars over the top */
  h -= (int) ceil (_bg_canvas_legend_height (self)) + (int) ceil (self->top_inset);
  if (w <= 0 || h <= 0)
    {
      self->fit_pending = TRUE;
      return;
    }
  self->fit_pending = FALSE;

  _bg_canvas_fill_view (self, &view);
  if (!bg_graph_renderer_fit (self->renderer, self->model, w, h,
                              FIT_MARGIN, 2.0, &view))
    return;
  /* Labels stay readable: a larger graph is shown around its middle at
   * the smallest readable zoom, and the rest is a scroll away. */
  floor_zoom = FIT_MIN_LABEL_PX / BG_GRAPH_LABEL_SIZE;
  if (!self->fit_whole && view.zoom < floor_zoom &&
      bg_graph_renderer_get_bounds (self->renderer, self->model, self->presentation_scale, &b))
    {
      view.zoom = floor_zoom;
      view.offset_x = w / 2.0 - (b.x + b.width / 2) * floor_zoom;
      view.offset_y = h / 2.0 - (b.y + b.height / 2) * floor_zoom;
    }
  view.zoom = CLAMP (view.zoom, ZOOM_MIN, ZOOM_MAX);
  self->zoom = view.zoom;
  self->offset_x = view.offset_x;
  self->offset_y = view.offset_y + ceil (self->top_inset);
  self->fitted = TRUE;
  self->fitted_width = gtk_widget_get_width (GTK_WIDGET (self));
  self->fitted_height = gtk_widget_get_height (GTK_WIDGET (self));
  g_object_notify (G_OBJECT (self), "zoom");
  _bg_canvas_update_actions (self);
  /* a graph shown around its middle still shows the step being explained */
  _bg_canvas_reveal_explain_step (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_zoom_to_fit_whole (BgCanvas *self)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  self->fit_whole = TRUE;
  bg_canvas_zoom_to_fit (self);
}

/* Grows [x0, x1] × [y0, y1] (model units) by an element's box. */
static void
reveal_grow (BgCanvas  *self,
             BgElement *element,
             double     box[4])
{
  BgElementShape shape;

  _bg_canvas_element_shape (self, element, &shape);
  box[0] = MIN (box[0], shape.box.x);
  box[1] = MIN (box[1], shape.box.y);
  box[2] = MAX (box[2], shape.box.x + shape.box.width);
  box[3] = MAX (box[3], shape.box.y + shape.box.height);
}

/* The pan, along one axis of @extent view pixels, that brings [a, b] into
 * view with a margin: none when it is, the least when it fits, else its
 * middle to the middle. */
static double
reveal_shift (double a,
              double b,
              double extent)
{
  double margin = MIN (REVEAL_MARGIN, extent / 4.0);

  if (b - a > extent - 2.0 * margin)
    return extent / 2.0 - (a + b) / 2.0;
  if (a < margin)
    return margin - a;
  if (b > extent - margin)
    return extent - margin - b;
  return 0.0;
}

void
bg_canvas_reveal_ids (BgCanvas          *self,
                      const char *const *ids)
{
  double box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double w, h, top;

  g_return_if_fail (BG_IS_CANVAS (self));

  /* what is in view: below the bars over the top, above the legend */
  top = self->top_inset;
  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self)) - _bg_canvas_legend_height (self) - top;
  if (self->model == NULL || ids == NULL || w <= 0 || h <= 0)
    return;
  for (guint i = 0; ids[i] != NULL; i++)
    {
      BgElement *element = bg_model_find_element (self->model, ids[i]);
      BgBond *bond = element == NULL ? bg_model_find_bond (self->model, ids[i]) : NULL;

      if (element != NULL)
        reveal_grow (self, element, box);
      else if (bond != NULL)
        {
          reveal_grow (self, bond->from, box);
          reveal_grow (self, bond->to, box);
        }
    }
  if (box[0] > box[2])
    return;

  double dx = reveal_shift (box[0] * self->zoom + self->offset_x,
                            box[2] * self->zoom + self->offset_x, w);
  double dy = reveal_shift (box[1] * self->zoom + self->offset_y - top,
                            box[3] * self->zoom + self->offset_y - top, h);
  if (dx == 0.0 && dy == 0.0)
    return;
  self->offset_x += round (dx);
  self->offset_y += round (dy);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_reveal_ids_soon (BgCanvas          *self,
                           const char *const *ids)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  g_strfreev (self->reveal_after_layout);
  self->reveal_after_layout = g_strdupv ((char **) ids);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

void
bg_canvas_set_top_inset (BgCanvas *self,
                         double    inset)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  inset = MAX (0.0, round (inset));
  if (inset == self->top_inset)
    return;
  self->top_inset = inset;
  /* a fitted view fits the room left; a view the user set stays put */
  if (self->fitted)
    bg_canvas_zoom_to_fit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
bg_canvas_get_top_inset (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 0.0);

  return self->top_inset;
}

void
bg_canvas_set_presentation_scale (BgCanvas *self,
                                  double    scale)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  scale = CLAMP (scale, 0.5, 3.0);
  if (scale == self->presentation_scale)
    return;
  self->presentation_scale = scale;
  g_object_notify (G_OBJECT (self), "presentation-scale");
  /* the labels' new size changes what fits */
  if (self->fitted)
    bg_canvas_zoom_to_fit (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The labels' scale: the presentation scale as far as the model's layout
 * leaves them room (bg_graph_renderer_label_scale). */
double
_bg_canvas_label_scale (BgCanvas *self)
{
  if (self->model == NULL)
    return self->presentation_scale;
  return bg_graph_renderer_label_scale (self->renderer, self->model, self->presentation_scale);
}

double
bg_canvas_get_presentation_scale (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);

  return self->presentation_scale;
}

/* Coming back to a view ---------------------------------------------------- */

void
bg_canvas_get_view_state (BgCanvas          *self,
                          BgCanvasViewState *state)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (state != NULL);

  state->zoom = self->zoom;
  state->offset_x = self->offset_x;
  state->offset_y = self->offset_y;
  state->fitted = self->fitted;
  state->fit_whole = self->fit_whole;
}

void
bg_canvas_set_view_state (BgCanvas                *self,
                          const BgCanvasViewState *state)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (state != NULL);

  self->fit_pending = FALSE;
  /* the view is of the canvas where it is next laid out: a bar that goes
   * or comes above it in the meantime does not move the graph */
  self->have_origin = FALSE;
  self->zoom = CLAMP (state->zoom, ZOOM_MIN, ZOOM_MAX);
  self->offset_x = state->offset_x;
  self->offset_y = state->offset_y;
  self->fit_whole = state->fit_whole;
  /* a fit follows the size it was made for */
  self->fitted = state->fitted;
  self->fitted_width = gtk_widget_get_width (GTK_WIDGET (self));
  self->fitted_height = gtk_widget_get_height (GTK_WIDGET (self));
  g_object_notify (G_OBJECT (self), "zoom");
  _bg_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
