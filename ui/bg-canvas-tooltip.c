/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-tooltip.c — what the canvas says under the pointer.
 *
 * Owns: the tooltip text at a point (bg_canvas_dup_tooltip_at): the
 * analysis's message for an element or bond in conflict, an algebraic
 * loop's note, a port's name and domain, what dragging a handle does, an
 * element's name and type, and while a run's result is there a bond's or
 * element's values at the canvas's instant (bg-canvas-readout.c) in place
 * of the hints; in exercise mode the marks' sentences instead
 * (a conflict would give the answer away); and the widget's query-tooltip,
 * which shows none while the canvas's context menu is open.
 * Must not: decide what is under the point itself (_bg_canvas_hit_test
 * does) or change anything.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"

/* The message of the conflict the element or bond hit is in; NULL when
 * none. */
static char *
conflict_note (BgCausality *causality,
               const Hit   *hit)
{
  gboolean is_element = hit->kind == HIT_ELEMENT;
  const char *id = is_element ? hit->element->id : hit->bond->id;
  const GPtrArray *errors;

  if (causality == NULL)
    return NULL;
  errors = bg_causality_get_errors (causality);
  for (guint i = 0; i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);
      GStrv ids = is_element ? d->elements : d->bonds;

      if (ids != NULL && g_strv_contains ((const char *const *) ids, id))
        return g_strdup (d->message);
    }
  return NULL;
}

/* That the element or bond hit is in an algebraic loop; NULL when not. */
static char *
group_note (BgCausality *causality,
            const Hit   *hit)
{
  if (causality == NULL)
    return NULL;
  if (hit->kind == HIT_ELEMENT && bg_causality_element_in_group (causality, hit->element->id))
    return g_strdup_printf (_("%s is in an algebraic loop; it is solved together with the rest of the loop"),
                            hit->element->id);
  if (hit->kind == HIT_BOND && bg_causality_bond_in_group (causality, hit->bond->id))
    return g_strdup_printf (_("Bond %s is in an algebraic loop"), hit->bond->id);
  return NULL;
}

char *
bg_canvas_dup_tooltip_at (BgCanvas *self,
                          double    view_x,
                          double    view_y)
{
  BgCausality *causality;
  g_autofree char *values = NULL;
  Hit hit;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  /* Exercise mode: the marks' sentences; conflicts would give it away. */
  if (bg_canvas_get_exercise_mode (self))
    return _bg_canvas_exercise_tooltip (self, view_x, view_y);
  {
    char *badge = _bg_canvas_badge_tooltip (self, view_x, view_y);

    if (badge != NULL)
      return badge;
  }
  hit = _bg_canvas_hit_test (self, view_x, view_y);
  causality = _bg_canvas_current_causality (self);

  switch (hit.kind)
    {
    case HIT_HANDLE:
      return g_strdup (_("Drag to another element to draw a bond"));

    case HIT_PORT:
      {
        const BgPortSpec *port = &hit.element->spec->ports[hit.port];

        return g_strdup_printf (_("Port %s (%s): drag to another element to draw a bond"),
                                port->name, _(port->description));
      }

    case HIT_ELEMENT:
      {
        char *note = conflict_note (causality, &hit);
        g_autofree char *label = NULL;

        if (note == NULL)
          note = group_note (causality, &hit);
        if (note != NULL)
          return note;
        /* Junctions are drawn as a bare digit: name them here. */
        label = hit.element->spec->variable_ports
          ? g_strdup_printf ("%s : %s", hit.element->spec->symbol, hit.element->id)
          : bg_graph_renderer_dup_label (hit.element);
        values = bg_canvas_dup_values_text (self, hit.element->id);
        if (values != NULL)
          return g_steal_pointer (&values);
        return g_strdup_printf (_("%s — %s\nDrag to move; drag the dot on its right, or Shift+drag, to draw a bond"),
                                label,
                                bg_component_spec_display_name (hit.element->spec));
      }

    case HIT_BOND:
      {
        char *note = conflict_note (causality, &hit);

        if (note != NULL)
          return note;
        values = bg_canvas_dup_values_text (self, hit.bond->id);
        if (values != NULL)
          return g_steal_pointer (&values);
        note = group_note (causality, &hit);
        if (note != NULL)
          return note;
        return g_strdup_printf (_("Bond %s: %s → %s"), hit.bond->id,
                                hit.bond->from->id, hit.bond->to->id);
      }

    case HIT_NONE:
    default:
      return NULL;
    }
}

gboolean
_bg_canvas_query_tooltip (GtkWidget  *widget,
                          int         x,
                          int         y,
                          gboolean    keyboard_mode,
                          GtkTooltip *tooltip)
{
  g_autofree char *text = NULL;

  /* never over the canvas's own menu */
  if (keyboard_mode || bg_canvas_context_menu_shown (BG_CANVAS (widget)))
    return FALSE;
  text = bg_canvas_dup_tooltip_at (BG_CANVAS (widget), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}
