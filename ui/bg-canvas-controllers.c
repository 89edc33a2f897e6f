/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-controllers.c — the canvas's interactions, one controller each.
 *
 * Owns: click and Shift+click selection and double-click activation, moving
 * (one undoable step at release, a live preview while dragging), drawing a
 * bond from the connection handle, a port or with Shift, the rubber band,
 * middle-button pan, wheel pan and Ctrl+wheel zoom, pinch zoom, hover, the
 * palette drop, and Escape. Must not: decide what is under the pointer
 * (_bg_canvas_hit_test does) or edit the model except through the canvas's
 * edit calls and bg_model_move_elements.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"

/* Controllers: one per interaction ---------------------------------------- */

static GdkModifierType
controller_state (GtkEventController *controller)
{
  return gtk_event_controller_get_current_event_state (controller);
}

static gboolean
shift_held (gpointer controller)
{
  return (controller_state (GTK_EVENT_CONTROLLER (controller)) & GDK_SHIFT_MASK) != 0;
}

/* A drag becomes the interaction `mode` once it has moved 4 px: FALSE
 * before that, TRUE (the gesture claimed) from then on. */
static gboolean
drag_started (BgCanvas       *self,
              GtkGestureDrag *gesture,
              DragMode        mode,
              double          dx,
              double          dy)
{
  if (self->drag == mode)
    return TRUE;
  if (hypot (dx, dy) < 4.0)
    return FALSE;
  self->drag = mode;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  return TRUE;
}

/* The pointer of a bond or rubber-band drag, drawn at once. */
static void
drag_pointer_to (BgCanvas *self,
                 double    dx,
                 double    dy)
{
  self->cur_x = self->start_x + dx;
  self->cur_y = self->start_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Click: select, Shift+click toggle, double-click activates. */
static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BgCanvas        *self)
{
  gboolean shift = shift_held (gesture);
  const char *id = NULL;
  Hit hit;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cur_x = x;
  self->cur_y = y;
  hit = _bg_canvas_hit_test (self, x, y);

  if (n_press == 2 && hit.element != NULL && hit.kind == HIT_ELEMENT)
    {
      g_autofree char *element_id = g_strdup (hit.element->id);

      _bg_canvas_emit_activated (self, element_id);
      return;
    }

  if (hit.kind == HIT_HANDLE || hit.kind == HIT_PORT)
    return;
  if (hit.element != NULL)
    id = hit.element->id;
  else if (hit.bond != NULL)
    id = hit.bond->id;

  /* Shift+click toggles on release: a Shift+drag draws a bond instead. */
  if (shift)
    return;
  else if (id == NULL || !g_hash_table_contains (self->selected, id))
    {
      if (!_bg_canvas_select_only (self, id))
        return;
    }
  else
    return;
  _bg_canvas_selection_changed (self);
}

/* A click (no drag) on one of several selected items selects only it. */
static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   BgCanvas        *self)
{
  gboolean shift = shift_held (gesture);
  Hit hit;

  if (n_press != 1 || self->drag != DRAG_NONE)
    return;
  hit = _bg_canvas_hit_test (self, x, y);
  if (shift)
    {
      if (hit.kind == HIT_ELEMENT || hit.kind == HIT_BOND)
        {
          _bg_canvas_toggle (self, hit.element != NULL ? hit.element->id
                                                   : hit.bond->id);
          _bg_canvas_selection_changed (self);
        }
      return;
    }
  if (hit.kind == HIT_ELEMENT && _bg_canvas_select_only (self, hit.element->id))
    _bg_canvas_selection_changed (self);
  else if (hit.kind == HIT_BOND && _bg_canvas_select_only (self, hit.bond->id))
    _bg_canvas_selection_changed (self);
}

/* Move: drag on a label; snaps the grabbed element to the grid; one
 * undoable step at the end, a live preview during the drag. */
static void
move_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BgCanvas       *self)
{
  gboolean shift = shift_held (gesture);
  Hit hit = _bg_canvas_hit_test (self, x, y);
  g_autoptr(GPtrArray) elements = NULL;

  if (hit.kind != HIT_ELEMENT || shift || self->drag != DRAG_NONE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (!g_hash_table_contains (self->selected, hit.element->id))
    {
      _bg_canvas_select_only (self, hit.element->id);
      _bg_canvas_selection_changed (self);
    }

  g_free (self->grab_id);
  self->grab_id = g_strdup (hit.element->id);
  self->start_x = x;
  self->start_y = y;
  g_hash_table_remove_all (self->moving);
  elements = _bg_canvas_selected_of_kind (self, TRUE);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (self->moving, g_strdup (g_ptr_array_index (elements, i)));
}

static void
move_update_cb (GtkGestureDrag *gesture,
                double          ox,
                double          oy,
                BgCanvas       *self)
{
  BgElement *grabbed;

  if (self->grab_id == NULL)
    return;
  if (!drag_started (self, gesture, DRAG_MOVE, ox, oy))
    return;

  grabbed = bg_model_find_element (self->model, self->grab_id);
  if (grabbed == NULL)
    return;
  self->move_dx = bg_geometry_snap (grabbed->x + ox / self->zoom,
                                    _bg_canvas_snap_step (self)) - grabbed->x;
  self->move_dy = bg_geometry_snap (grabbed->y + oy / self->zoom,
                                    _bg_canvas_snap_step (self)) - grabbed->y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
move_end_cb (GtkGestureDrag *gesture,
             double          ox,
             double          oy,
             BgCanvas       *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char **ids = NULL;
  double dx = self->move_dx, dy = self->move_dy;
  guint n = 0;

  if (self->drag != DRAG_MOVE)
    {
      g_clear_pointer (&self->grab_id, g_free);
      return;
    }

  ids = (char **) g_hash_table_get_keys_as_array (self->moving, &n);
  if ((dx != 0 || dy != 0) && n > 0 &&
      !bg_model_move_elements (self->model, (const char *const *) ids, n,
                               dx, dy, &error))
    _bg_canvas_say (self, error->message, TRUE);
  _bg_canvas_cancel_drag (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Bond: drag from the connection dot, a named port, or Shift+drag from an
 * element; release on another element. */
static void
bond_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BgCanvas       *self)
{
  gboolean shift = shift_held (gesture);
  Hit hit = _bg_canvas_hit_test (self, x, y);

  if (self->drag != DRAG_NONE ||
      !(hit.kind == HIT_HANDLE || hit.kind == HIT_PORT ||
        (hit.kind == HIT_ELEMENT && shift)))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  g_free (self->bond_from);
  if (hit.kind == HIT_PORT)
    self->bond_from = g_strdup_printf ("%s.%s", hit.element->id,
                                       hit.element->spec->ports[hit.port].name);
  else
    self->bond_from = g_strdup (hit.element->id);
  self->start_x = x;
  self->start_y = y;
}

static void
bond_update_cb (GtkGestureDrag *gesture,
                double          ox,
                double          oy,
                BgCanvas       *self)
{
  if (self->bond_from == NULL)
    return;
  if (!drag_started (self, gesture, DRAG_BOND, ox, oy))
    return;
  drag_pointer_to (self, ox, oy);
}

static void
bond_end_cb (GtkGestureDrag *gesture,
             double          ox,
             double          oy,
             BgCanvas       *self)
{
  g_autofree char *to = NULL;
  g_autofree char *from = NULL;

  if (self->drag != DRAG_BOND || self->bond_from == NULL)
    {
      _bg_canvas_cancel_drag (self);
      return;
    }

  from = g_strdup (self->bond_from);
  self->cur_x = self->start_x + ox;
  self->cur_y = self->start_y + oy;
  _bg_canvas_cancel_drag (self);
  to = _bg_canvas_bond_target_ref (self, from, self->cur_x, self->cur_y);
  if (to == NULL)
    _bg_canvas_say (self, _("Release the bond on another element to connect it"),
                FALSE);
  else
    _bg_canvas_connect_internal (self, from, to, TRUE, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rubber band: drag on empty space; Shift adds to the selection. */
static void
rubber_begin_cb (GtkGestureDrag *gesture,
                 double          x,
                 double          y,
                 BgCanvas       *self)
{
  Hit hit = _bg_canvas_hit_test (self, x, y);

  if (self->drag != DRAG_NONE || hit.element != NULL || self->model == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->start_x = self->cur_x = x;
  self->start_y = self->cur_y = y;
}

static void
rubber_update_cb (GtkGestureDrag *gesture,
                  double          ox,
                  double          oy,
                  BgCanvas       *self)
{
  if (!drag_started (self, gesture, DRAG_RUBBER, ox, oy))
    return;
  drag_pointer_to (self, ox, oy);
}

static void
rubber_end_cb (GtkGestureDrag *gesture,
               double          ox,
               double          oy,
               BgCanvas       *self)
{
  gboolean shift = shift_held (gesture);
  GPtrArray *elements, *bonds;
  g_autoptr(GHashTable) inside = NULL;
  double x1, y1, x2, y2;
  BgRect band;

  if (self->drag != DRAG_RUBBER)
    return;
  self->drag = DRAG_NONE;

  bg_canvas_view_to_model (self, self->start_x, self->start_y, &x1, &y1);
  bg_canvas_view_to_model (self, self->start_x + ox, self->start_y + oy,
                           &x2, &y2);
  band = bg_geometry_rect_from_points (x1, y1, x2, y2);

  if (!shift)
    g_hash_table_remove_all (self->selected);
  inside = g_hash_table_new (g_str_hash, g_str_equal);
  elements = bg_model_get_elements (self->model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      BgElementShape shape;

      _bg_canvas_element_shape (self, e, &shape);
      if (bg_geometry_rects_intersect (&shape.box, &band))
        {
          g_hash_table_add (inside, e->id);
          g_hash_table_add (self->selected, g_strdup (e->id));
        }
    }
  bonds = bg_model_get_bonds (self->model);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);

      if (g_hash_table_contains (inside, b->from->id) &&
          g_hash_table_contains (inside, b->to->id))
        g_hash_table_add (self->selected, g_strdup (b->id));
    }
  _bg_canvas_selection_changed (self);
}

/* Pan: middle-button drag. */
static void
pan_begin_cb (GtkGestureDrag *gesture,
              double          x,
              double          y,
              BgCanvas       *self)
{
  self->pan_x = self->offset_x;
  self->pan_y = self->offset_y;
  self->drag = DRAG_PAN;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
pan_update_cb (GtkGestureDrag *gesture,
               double          ox,
               double          oy,
               BgCanvas       *self)
{
  self->fitted = FALSE;
  self->offset_x = self->pan_x + ox;
  self->offset_y = self->pan_y + oy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_end_cb (GtkGestureDrag *gesture,
            double          ox,
            double          oy,
            BgCanvas       *self)
{
  self->drag = DRAG_NONE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

/* Hover: shows the connection dot and sets the cursor. */
static void
canvas_set_hover (BgCanvas   *self,
                  const char *id)
{
  if (g_strcmp0 (id, self->hover_id) == 0)
    return;
  g_free (self->hover_id);
  self->hover_id = g_strdup (id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           BgCanvas                 *self)
{
  Hit hit;
  const char *cursor = NULL;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->drag != DRAG_NONE)
    return;

  hit = _bg_canvas_hit_test (self, x, y);
  switch (hit.kind)
    {
    case HIT_HANDLE:
    case HIT_PORT:
      cursor = "crosshair";
      break;
    case HIT_ELEMENT:
      cursor = "move";
      break;
    case HIT_BOND:
      cursor = "pointer";
      break;
    case HIT_NONE:
    default:
      break;
    }
  canvas_set_hover (self, hit.element != NULL ? hit.element->id : NULL);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          BgCanvas                 *self)
{
  if (self->drag == DRAG_NONE)
    canvas_set_hover (self, NULL);
}

/* Wheel: pan; Shift+wheel sideways; Ctrl+wheel zooms around the pointer. */
static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           BgCanvas                 *self)
{
  GdkModifierType state = controller_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) ==
                    GDK_SCROLL_UNIT_SURFACE;
  double step = smooth ? 1.0 : 40.0;

  if (state & GDK_CONTROL_MASK)
    {
      double factor = smooth ? pow (1.005, -dy) : pow (1.15, -dy);

      _bg_canvas_set_zoom_internal (self, self->zoom * factor,
                                self->pointer_x, self->pointer_y);
      _bg_canvas_update_actions (self);
      return TRUE;
    }
  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  self->fitted = FALSE;
  self->offset_x -= dx * step;
  self->offset_y -= dy * step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* Pinch. */
static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               BgCanvas         *self)
{
  self->zoom_start = self->zoom;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       BgCanvas       *self)
{
  double cx, cy;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    {
      cx = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      cy = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  _bg_canvas_set_zoom_internal (self, self->zoom_start * scale, cx, cy);
}

/* Drop from the palette: "bgmod-component:<type>:<domain-id>". */
const BgComponentSpec *
bg_canvas_lookup_drop_string (const char *text)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL || !g_str_has_prefix (text, BG_CANVAS_COMPONENT_PREFIX))
    return NULL;
  parts = g_strsplit (text + strlen (BG_CANVAS_COMPONENT_PREFIX), ":", 2);
  if (parts[0] == NULL || parts[0][0] == '\0')
    return NULL;
  return bg_library_lookup (parts[0], parts[1] != NULL
                                      ? bg_domain_from_id (parts[1])
                                      : BG_DOMAIN_NONE);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BgCanvas      *self)
{
  const BgComponentSpec *spec;
  g_autoptr(GError) error = NULL;

  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  spec = bg_canvas_lookup_drop_string (g_value_get_string (value));
  if (spec == NULL)
    return FALSE;
  if (bg_canvas_insert_component (self, spec, x, y, &error) == NULL)
    {
      _bg_canvas_say (self, error->message, FALSE);
      return FALSE;
    }
  return TRUE;
}

/* Escape: abandon the drag in progress (nothing is edited), or clear the
 * selection; with neither, the key goes on (out of a component). */
static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   data)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (self->drag != DRAG_NONE || self->grab_id != NULL || self->bond_from != NULL)
    {
      _bg_canvas_cancel_drag (self);
      for (guint i = 0; i < G_N_ELEMENTS (self->drags); i++)
        gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drags[i]));
      _bg_canvas_cancel_drag (self);
      gtk_widget_set_cursor (widget, NULL);
      gtk_widget_queue_draw (widget);
      return TRUE;
    }
  if (!_bg_canvas_select_only (self, NULL))
    return FALSE;
  _bg_canvas_selection_changed (self);
  return TRUE;
}

static GtkGesture *
add_drag (BgCanvas *self,
          guint     button,
          GCallback begin,
          GCallback update,
          GCallback end)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), button);
  g_signal_connect (drag, "drag-begin", begin, self);
  g_signal_connect (drag, "drag-update", update, self);
  g_signal_connect (drag, "drag-end", end, self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  return drag;
}

void
_bg_canvas_controllers_init (BgCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click, *zoom;
  GtkEventController *motion, *scroll;
  GtkDropTarget *drop;

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  self->drags[0] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (move_begin_cb),
                             G_CALLBACK (move_update_cb), G_CALLBACK (move_end_cb));
  self->drags[1] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (bond_begin_cb),
                             G_CALLBACK (bond_update_cb), G_CALLBACK (bond_end_cb));
  self->drags[2] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (rubber_begin_cb),
                             G_CALLBACK (rubber_update_cb), G_CALLBACK (rubber_end_cb));
  self->drags[3] = add_drag (self, GDK_BUTTON_MIDDLE, G_CALLBACK (pan_begin_cb),
                             G_CALLBACK (pan_update_cb), G_CALLBACK (pan_end_cb));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, scroll);

  zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb),
                    self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (zoom));

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));
}

void
_bg_canvas_controllers_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);
}
