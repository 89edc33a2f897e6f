/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-bond-target.c — where a bond being drawn would end, and whether
 * the model would take it.
 *
 * Owns: the element (and port) under the end of a bond drawn by mouse or
 * keyboard, the model's reason for refusing it (asked with
 * bg_model_can_connect, which changes nothing), and drawing that target:
 * the selection colour when the bond would be accepted, the error colour,
 * a dashed outline and a cross when it would be refused — during the drag,
 * not only on release. Must not: edit the model or the selection.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"

/* The element (and port, for a multiport) a bond from FROM_REF dragged to
 * (x, y) ends on, as "EL" or "EL.PORT"; NULL over empty space. */
char *
_bg_canvas_bond_target_ref (BgCanvas   *self,
                            const char *from_ref,
                            double      x,
                            double      y)
{
  Hit hit = _bg_canvas_hit_test (self, x, y);
  Ref from;
  BgPoint p;
  int port;

  if (hit.element == NULL)
    return NULL;
  if (hit.kind == HIT_PORT)
    return g_strdup_printf ("%s.%s", hit.element->id,
                            hit.element->spec->ports[hit.port].name);
  if (!_bg_canvas_element_has_named_ports (hit.element) ||
      !_bg_canvas_parse_ref (self, from_ref, &from))
    return g_strdup (hit.element->id);

  /* Multiport: the port nearest the release point (of a fitting domain). */
  bg_canvas_view_to_model (self, x, y, &p.x, &p.y);
  port = _bg_canvas_choose_port (self, hit.element, _bg_canvas_ref_domain (&from), p);
  if (port < 0)
    return g_strdup (hit.element->id);
  return g_strdup_printf ("%s.%s", hit.element->id,
                          hit.element->spec->ports[port].name);
}

/* The element the bond being drawn points at (never its own start), or
 * NULL; REFUSAL, when given, gets the model's reason it would refuse the
 * bond, or NULL when it would take it. */
static BgElement *
bond_target (BgCanvas  *self,
             char     **refusal)
{
  g_autofree char *to = NULL;
  g_autoptr(GError) error = NULL;
  Ref from, target;

  if (refusal != NULL)
    *refusal = NULL;
  if (self->model == NULL || self->drag != DRAG_BOND || self->bond_from == NULL ||
      !_bg_canvas_parse_ref (self, self->bond_from, &from))
    return NULL;
  to = _bg_canvas_bond_target_ref (self, self->bond_from, self->cur_x, self->cur_y);
  if (to == NULL || !_bg_canvas_parse_ref (self, to, &target) ||
      target.element == from.element)
    return NULL;
  if (refusal != NULL &&
      !_bg_canvas_can_connect_internal (self, self->bond_from, to, &error))
    *refusal = g_strdup (error->message);
  return target.element;
}

char *
bg_canvas_dup_bond_refusal (BgCanvas *self)
{
  char *refusal = NULL;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  bond_target (self, &refusal);
  return refusal;
}

/* The outline of the target: selection colour when the bond would be
 * taken; error colour, dashed and crossed out when it would be refused
 * (colour is never the only sign). */
void
_bg_canvas_draw_bond_target (BgCanvas *self,
                             cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  g_autofree char *refusal = NULL;
  BgElement *target = bond_target (self, &refusal);
  const BgGraphColor *color;
  BgElementShape shape;
  double x1, y1, x2, y2;
  double dash[] = { 4, 3 };

  if (target == NULL)
    return;

  _bg_canvas_element_shape (self, target, &shape);
  bg_canvas_model_to_view (self, shape.box.x, shape.box.y, &x1, &y1);
  bg_canvas_model_to_view (self, shape.box.x + shape.box.width,
                           shape.box.y + shape.box.height, &x2, &y2);
  x1 -= 4; y1 -= 4; x2 += 4; y2 += 4;
  color = refusal != NULL ? &style->error : &style->selection;

  cairo_save (cr);
  cairo_rectangle (cr, x1, y1, x2 - x1, y2 - y1);
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, 0.9);
  cairo_set_line_width (cr, 2);
  if (refusal != NULL)
    {
      cairo_set_dash (cr, dash, 2, 0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, 2.5);
      cairo_move_to (cr, x1, y1);
      cairo_line_to (cr, x2, y2);
      cairo_move_to (cr, x1, y2);
      cairo_line_to (cr, x2, y1);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}
