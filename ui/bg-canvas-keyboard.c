/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-keyboard.c — the canvas without a mouse.
 *
 * Owns: the keyboard interaction on the canvas and its actions ("canvas."
 * prefix), and the canvas's accessible label and description (what the
 * model holds, the analysis summary, what is selected).
 *
 *   Page Down / Page Up      canvas.select-next / canvas.select-previous:
 *                            the next or previous element (then bond) in
 *                            document order, wrapping around
 *   Alt+arrow keys           canvas.select-direction ("left", "right", "up",
 *                            "down"): the nearest element within 45° of
 *                            that direction (the arrow keys alone move the
 *                            selection, see
 *                            canvas.nudge in bg-canvas-actions.c)
 *   Enter                    canvas.edit: edit the selected element (its
 *                            first parameter, or its id when it has none)
 *   F2                       canvas.rename: edit the selected element's id
 *   B                        canvas.bond-start: bond mode from the selected
 *                            element; the nearest other element is the
 *                            proposed other end
 *   in bond mode: Tab / Shift+Tab and the arrow keys choose the other end,
 *   Enter (canvas.bond-finish) connects, Escape (canvas.bond-cancel) leaves.
 *   A refused bond keeps the mode and says why in the status line.
 *
 * Tab and Shift+Tab otherwise leave the canvas (palette, canvas, plot pane,
 * inspector), so the keyboard is never trapped. An element chosen from the
 * keyboard is panned into view.
 *
 * Enter and F2 activate the element (as a double-click does) and then emit
 * "edit-requested" with its id and the field to edit; whoever shows the
 * fields (the window's inspector) puts the keyboard there.
 *
 * Bond mode is the canvas's bond drag (DRAG_BOND, bond_from) with the
 * pointer end held on the proposed element, so the canvas draws the dashed
 * preview as for the mouse. Must not: edit the model other than through
 * the canvas's connect and the bg_model_* calls, draw anything itself, or
 * know the window or the inspector.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-widget-util-private.h"

static guint edit_requested_signal;

typedef enum
{
  KEY_LEFT,
  KEY_RIGHT,
  KEY_UP,
  KEY_DOWN,
  KEY_NEXT,
  KEY_PREVIOUS,
  KEY_FINISH,
  KEY_CANCEL,
} BondKey;

/* What each key does while a bond is drawn from the keyboard. */
static const struct
{
  const char *action;
  const char *direction;   /* canvas.select-direction's parameter, or NULL */
} bond_keys[] = {
  [KEY_LEFT] = { "canvas.select-direction", "left" },
  [KEY_RIGHT] = { "canvas.select-direction", "right" },
  [KEY_UP] = { "canvas.select-direction", "up" },
  [KEY_DOWN] = { "canvas.select-direction", "down" },
  [KEY_NEXT] = { "canvas.select-next", NULL },
  [KEY_PREVIOUS] = { "canvas.select-previous", NULL },
  [KEY_FINISH] = { "canvas.bond-finish", NULL },
  [KEY_CANCEL] = { "canvas.bond-cancel", NULL },
};

/* A bond drawn from the keyboard: the canvas's bond state without the
 * mouse's bond drag (drags[1]) in progress. */
static gboolean
keyboard_in_bond_mode (BgCanvas *self)
{
  return self->drag == DRAG_BOND && self->bond_from != NULL &&
         (self->drags[1] == NULL || !gtk_gesture_is_active (self->drags[1]));
}

/* The element a bond end "EL" or "EL.PORT" names. */
static BgElement *
keyboard_bond_source (BgCanvas *self)
{
  Ref ref;

  if (self->model == NULL || !_bg_canvas_parse_ref (self, self->bond_from, &ref))
    return NULL;
  return ref.element;
}

static char *
element_describe (const BgElement *element)
{
  /* the textbook label: "C : C1" */
  return g_strdup_printf ("%s : %s", element->spec->type,
                          element->label != NULL ? element->label : element->id);
}

/* Pans the least that brings an element chosen from the keyboard into view
 * (as a middle drag would). */
static void
keyboard_reveal (BgCanvas   *self,
                 const char *id)
{
  const char *ids[] = { id, NULL };
  double x = self->offset_x, y = self->offset_y;

  bg_canvas_reveal_ids (self, ids);
  if (x != self->offset_x || y != self->offset_y)
    self->fitted = FALSE;
}

static void
keyboard_select (BgCanvas   *self,
                 const char *id)
{
  if (_bg_canvas_select_only (self, id))
    _bg_canvas_selection_changed (self);
  keyboard_reveal (self, id);
}

/* Holds the bond preview's loose end on the proposed element. */
static void
keyboard_aim_at (BgCanvas  *self,
                 BgElement *target)
{
  if (target != NULL)
    bg_canvas_model_to_view (self, target->x, target->y, &self->cur_x, &self->cur_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Selection -------------------------------------------------------------------- */

/* Elements, then bonds (elements only in bond mode), as ids in document
 * order. */
static GPtrArray *
keyboard_cycle_ids (BgCanvas *self,
                    gboolean  elements_only)
{
  GPtrArray *ids = g_ptr_array_new ();
  GPtrArray *elements = bg_model_get_elements (self->model);
  BgElement *source = keyboard_in_bond_mode (self) ? keyboard_bond_source (self) : NULL;

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);

      if (e != source)
        g_ptr_array_add (ids, e->id);
    }
  if (!elements_only)
    {
      GPtrArray *bonds = bg_model_get_bonds (self->model);

      for (guint i = 0; i < bonds->len; i++)
        g_ptr_array_add (ids, ((BgBond *) g_ptr_array_index (bonds, i))->id);
    }

  return ids;
}

static void
keyboard_select_step (BgCanvas *self,
                      int       step)
{
  g_autoptr(GPtrArray) ids = NULL;
  int current = -1;
  guint n;

  if (self->model == NULL)
    return;

  ids = keyboard_cycle_ids (self, keyboard_in_bond_mode (self));
  n = ids->len;
  if (n == 0)
    return;

  for (guint i = 0; i < n && current < 0; i++)
    if (g_hash_table_contains (self->selected, g_ptr_array_index (ids, i)))
      current = i;

  if (current < 0)
    current = step > 0 ? 0 : (int) n - 1;
  else
    current = (int) ((current + step + (int) n) % (int) n);

  keyboard_select (self, g_ptr_array_index (ids, current));
  if (keyboard_in_bond_mode (self))
    keyboard_aim_at (self, bg_model_find_element (self->model,
                                                  g_ptr_array_index (ids, current)));
}

/* The element nearest (x, y) in a direction, among those within 45° of it
 * (ahead at least as far as off to the side; being off to the side counts
 * double); NULL when none is. A zero direction: simply the nearest. */
static BgElement *
keyboard_nearest (BgCanvas  *self,
                  double     x,
                  double     y,
                  double     dir_x,
                  double     dir_y,
                  BgElement *skip,
                  BgElement *skip2)
{
  GPtrArray *elements = bg_model_get_elements (self->model);
  BgElement *best = NULL;
  double best_score = INFINITY;

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      double dx = e->x - x, dy = e->y - y;
      double ahead = dx * dir_x + dy * dir_y;
      double aside = fabs (dx * dir_y - dy * dir_x);
      double score;

      if (e == skip || e == skip2)
        continue;
      if (dir_x == 0 && dir_y == 0)
        score = hypot (dx, dy);
      else if (ahead <= 0.5 || aside > ahead)
        continue;
      else
        score = ahead + 2 * aside;

      if (score < best_score)
        {
          best_score = score;
          best = e;
        }
    }

  return best;
}

static void
keyboard_select_direction (BgCanvas   *self,
                           const char *direction)
{
  static const struct { const char *name; double x, y; } dirs[] = {
    { "left", -1, 0 }, { "right", 1, 0 }, { "up", 0, -1 }, { "down", 0, 1 },
  };
  BgElement *from = _bg_canvas_single_element (self);
  BgElement *source = keyboard_in_bond_mode (self) ? keyboard_bond_source (self) : NULL;
  BgElement *found;
  double dx = 0, dy = 0, x, y;
  guint i;

  if (self->model == NULL)
    return;

  for (i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (g_str_equal (dirs[i].name, direction))
      break;
  if (i == G_N_ELEMENTS (dirs))
    return;

  if (from != NULL)
    {
      x = from->x;
      y = from->y;
      dx = dirs[i].x;
      dy = dirs[i].y;
    }
  else
    {
      /* nothing selected: start at the element nearest the view's centre */
      bg_canvas_view_to_model (self, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
                               gtk_widget_get_height (GTK_WIDGET (self)) / 2.0, &x, &y);
    }

  found = keyboard_nearest (self, x, y, dx, dy, from, source);
  if (found == NULL)
    return;

  keyboard_select (self, found->id);
  if (keyboard_in_bond_mode (self))
    keyboard_aim_at (self, found);
}

/* Bond mode ---------------------------------------------------------------------- */

static void
keyboard_bond_start (BgCanvas *self)
{
  BgElement *source = _bg_canvas_single_element (self);
  BgElement *target;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (source == NULL)
    {
      _bg_canvas_say (self, _("Select one element to start a bond from it"), FALSE);
      return;
    }

  target = keyboard_nearest (self, source->x, source->y, 0, 0, source, NULL);
  if (target == NULL)
    {
      _bg_canvas_say (self, _("There is no other element to connect to"), FALSE);
      return;
    }

  _bg_canvas_cancel_drag (self);
  self->bond_from = g_strdup (source->id);
  self->drag = DRAG_BOND;
  keyboard_select (self, target->id);
  keyboard_aim_at (self, target);

  name = element_describe (source);
  /* Translators: %s is an element, "C : C1" */
  text = g_strdup_printf (_("Bond from %s: choose the other end with Tab or the arrow keys, "
                            "Enter connects, Escape cancels"), name);
  _bg_canvas_say (self, text, FALSE);
}

static void
keyboard_bond_cancel (BgCanvas *self)
{
  BgElement *source = keyboard_bond_source (self);

  _bg_canvas_cancel_drag (self);
  if (source != NULL)
    keyboard_select (self, source->id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _bg_canvas_say (self, _("Bond cancelled"), FALSE);
}

static void
keyboard_bond_finish (BgCanvas *self)
{
  BgElement *target = _bg_canvas_single_element (self);
  BgElement *source = keyboard_bond_source (self);
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  if (!keyboard_in_bond_mode (self))
    return;
  if (source == NULL)
    {
      keyboard_bond_cancel (self);
      return;
    }
  if (target == NULL || target == source)
    {
      _bg_canvas_say (self, _("Choose the element to connect to with Tab or the arrow keys"),
                      FALSE);
      return;
    }

  from = g_strdup (self->bond_from);
  to = g_strdup (target->id);
  {
    g_autofree char *a = element_describe (source);
    g_autofree char *b = element_describe (target);

    /* Translators: both are elements, "C : C1" */
    text = g_strdup_printf (_("Connected %s to %s"), a, b);
  }

  _bg_canvas_cancel_drag (self);
  keyboard_aim_at (self, target);
  if (!_bg_canvas_connect_internal (self, from, to, TRUE, &error))
    {
      /* refused: the reason is in the status line; choose another end */
      self->bond_from = g_steal_pointer (&from);
      self->drag = DRAG_BOND;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  _bg_canvas_say (self, text, FALSE);
}

/* Actions ------------------------------------------------------------------------ */

static void
action_select_step (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  keyboard_select_step (BG_CANVAS (widget),
                        g_str_equal (name, "canvas.select-next") ? 1 : -1);
}

static void
action_select_direction (GtkWidget  *widget,
                         const char *name,
                         GVariant   *param)
{
  keyboard_select_direction (BG_CANVAS (widget), g_variant_get_string (param, NULL));
}

/* What a double-click does, then asks for the field to be edited: the
 * element may be gone once the handlers have run, so its id is copied. */
static void
keyboard_request_edit (BgCanvas   *self,
                       BgElement  *element,
                       const char *field)
{
  g_autofree char *id = g_strdup (element->id);

  _bg_canvas_emit_activated (self, id);
  g_signal_emit (self, edit_requested_signal, 0, id, field);
}

static void
action_edit (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  BgElement *element;

  if (keyboard_in_bond_mode (self))
    {
      keyboard_bond_finish (self);
      return;
    }

  element = _bg_canvas_single_element (self);
  if (element == NULL)
    {
      _bg_canvas_say (self, _("Select one element to edit it"), FALSE);
      return;
    }

  /* the first parameter, or the id of an element without any (the
   * library's names outlive any edit) */
  keyboard_request_edit (self, element,
                         element->spec->n_params > 0 ? element->spec->params[0].name
                                                     : "id");
}

static void
action_rename (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  BgElement *element = _bg_canvas_single_element (self);

  if (element == NULL)
    {
      _bg_canvas_say (self, _("Select one element to rename it"), FALSE);
      return;
    }

  keyboard_request_edit (self, element, "id");
}

static void
action_bond (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (g_str_equal (name, "canvas.bond-start"))
    keyboard_bond_start (self);
  else if (g_str_equal (name, "canvas.bond-finish"))
    keyboard_bond_finish (self);
  else if (keyboard_in_bond_mode (self))
    keyboard_bond_cancel (self);
}

/* In bond mode the arrow keys, Tab, Enter and Escape choose and connect;
 * otherwise they do what they always do (FALSE lets the event go on). */
static gboolean
bond_key_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  BgCanvas *self = BG_CANVAS (widget);
  BondKey key = GPOINTER_TO_INT (user_data);

  g_assert (key < G_N_ELEMENTS (bond_keys));
  if (!keyboard_in_bond_mode (self) || !gtk_widget_has_focus (widget))
    return FALSE;

  if (bond_keys[key].direction != NULL)
    gtk_widget_activate_action (widget, bond_keys[key].action, "s", bond_keys[key].direction);
  else
    gtk_widget_activate_action (widget, bond_keys[key].action, NULL);

  return TRUE;
}

static void
add_bond_key (GtkShortcutController *controller,
              GtkShortcutTrigger    *trigger,
              BondKey                key)
{
  gtk_shortcut_controller_add_shortcut (controller,
    gtk_shortcut_new (trigger,
                      gtk_callback_action_new (bond_key_cb, GINT_TO_POINTER (key), NULL)));
}

/* Accessibility ------------------------------------------------------------------- */

static void
keyboard_update_accessible (BgCanvas *self)
{
  BgCausality *causality = bg_canvas_get_causality (self);
  g_autofree char *selected = NULL;
  g_autoptr(GString) description = g_string_new (NULL);
  BgElement *element;
  guint n_elements = 0, n_bonds = 0, n_selected;

  if (self->model != NULL)
    {
      n_elements = bg_model_get_elements (self->model)->len;
      n_bonds = bg_model_get_bonds (self->model)->len;
    }

  n_selected = g_hash_table_size (self->selected);
  element = _bg_canvas_single_element (self);
  if (element != NULL)
    {
      g_autofree char *name = element_describe (element);

      /* Translators: %s is an element, "C : C1" */
      selected = g_strdup_printf (_("Selected: %s"), name);
    }
  else if (n_selected > 0)
    selected = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u item selected", "%u items selected",
                                          n_selected), n_selected);
  else
    selected = g_strdup (_("Nothing selected"));

  /* Translators: the number of elements and of bonds on the canvas */
  g_string_printf (description, _("Elements: %u, bonds: %u."), n_elements, n_bonds);
  if (causality != NULL)
    {
      g_autofree char *summary = bg_causality_dup_summary (causality);

      g_string_append_printf (description, " %s.", summary);
    }
  g_string_append_printf (description, " %s.", selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
}

static void
keyboard_model_changed_cb (BgCanvas *self,
                           BgModel  *model)
{
  if (model == self->model)
    keyboard_update_accessible (self);
}

static void
keyboard_notify_model_cb (BgCanvas   *self,
                          GParamSpec *pspec,
                          gpointer    user_data)
{
  if (self->model != NULL)
    g_signal_connect_object (self->model, "changed",
                             G_CALLBACK (keyboard_model_changed_cb), self,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  keyboard_update_accessible (self);
}

static void
keyboard_selection_changed_cb (BgCanvas *self,
                               gpointer  user_data)
{
  keyboard_update_accessible (self);
}

static void
keyboard_notify_zoom_cb (BgCanvas   *self,
                         GParamSpec *pspec,
                         gpointer    user_data)
{
  /* keep the preview's loose end on the proposed element */
  if (keyboard_in_bond_mode (self))
    keyboard_aim_at (self, _bg_canvas_single_element (self));
}

/* Hooks --------------------------------------------------------------------------- */

void
_bg_canvas_keyboard_init (BgCanvas *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  /* before the canvas's own key bindings, which move the selection */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Left, 0), KEY_LEFT);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Right, 0), KEY_RIGHT);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Up, 0), KEY_UP);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Down, 0), KEY_DOWN);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Tab, 0), KEY_NEXT);
  add_bond_key (shortcuts,
                gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Tab, GDK_SHIFT_MASK),
                                             gtk_keyval_trigger_new (GDK_KEY_ISO_Left_Tab,
                                                                     GDK_SHIFT_MASK)),
                KEY_PREVIOUS);
  add_bond_key (shortcuts,
                gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                             gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0)),
                KEY_FINISH);
  add_bond_key (shortcuts, gtk_keyval_trigger_new (GDK_KEY_Escape, 0), KEY_CANCEL);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect (self, "notify::model", G_CALLBACK (keyboard_notify_model_cb), NULL);
  g_signal_connect (self, "notify::zoom", G_CALLBACK (keyboard_notify_zoom_cb), NULL);
  g_signal_connect (self, "selection-changed",
                    G_CALLBACK (keyboard_selection_changed_cb), NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Bond graph"),
                                  -1);
  keyboard_update_accessible (self);
}

void
_bg_canvas_keyboard_class_init (GtkWidgetClass *widget_class)
{
  static const struct { guint keyval; const char *direction; } arrows[] = {
    { GDK_KEY_Left, "left" }, { GDK_KEY_Right, "right" },
    { GDK_KEY_Up, "up" }, { GDK_KEY_Down, "down" },
  };

  edit_requested_signal =
    g_signal_new ("edit-requested", G_TYPE_FROM_CLASS (widget_class),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "canvas.select-next", NULL,
                                   action_select_step);
  gtk_widget_class_install_action (widget_class, "canvas.select-previous", NULL,
                                   action_select_step);
  gtk_widget_class_install_action (widget_class, "canvas.select-direction", "s",
                                   action_select_direction);
  gtk_widget_class_install_action (widget_class, "canvas.edit", NULL, action_edit);
  gtk_widget_class_install_action (widget_class, "canvas.rename", NULL, action_rename);
  gtk_widget_class_install_action (widget_class, "canvas.bond-start", NULL, action_bond);
  gtk_widget_class_install_action (widget_class, "canvas.bond-finish", NULL, action_bond);
  gtk_widget_class_install_action (widget_class, "canvas.bond-cancel", NULL, action_bond);

  _bg_widget_class_add_key (widget_class, GDK_KEY_Page_Down, 0, "canvas.select-next");
  _bg_widget_class_add_key (widget_class, GDK_KEY_Page_Up, 0, "canvas.select-previous");
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, GDK_ALT_MASK,
                                         "canvas.select-direction", "s",
                                         arrows[i].direction);
  _bg_widget_class_add_key (widget_class, GDK_KEY_Return, 0, "canvas.edit");
  _bg_widget_class_add_key (widget_class, GDK_KEY_KP_Enter, 0, "canvas.edit");
  _bg_widget_class_add_key (widget_class, GDK_KEY_F2, 0, "canvas.rename");
  _bg_widget_class_add_key (widget_class, GDK_KEY_b, 0, "canvas.bond-start");
}
