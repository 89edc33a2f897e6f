/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-unit-entry.c — typed quantities in the inspector's number fields.
 *
 * Owns: bg_unit_parse (a decimal point or comma, a minus sign, spaces,
 * an exponent, then an optional SI prefix p n µ u m k M G T, or in Russian
 * п н мк м к М Г Т, and the field's own unit in Latin or Russian symbols:
 * core/bg-units.h reads it), the limit sentences ("Capacitance must be
 * greater than 0 F.", the unit in the user's symbols), and the first click into a number entry: the one that
 * gives it the focus, or the first after the keyboard entered it, selects
 * the whole text, so typing replaces the value instead of appending to it.
 * Must not: edit the model, accept a unit other than the field's, or keep
 * state beyond that first-click mark on the entry.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-inspector.h"
#include "bg-unit-entry.h"
#include "bg-units.h"

/* "2 mF" (unit F) → 0.002; "10k" → 10000; "1,5 µ" → 1.5e-6; "5 m" with
 * unit m → 5; "2,5 мкФ" → 2.5e-6; "3 кОм" → 3000. Anything else after the
 * number is refused. The prefixes and symbols are core/bg-units.c's, the
 * ones the plots and read-outs write. */
gboolean
bg_unit_parse (const char *text,
               const char *unit,
               double     *value)
{
  return bg_units_parse (text, unit, BG_UNITS_SYNTAX_EDITOR, value);
}

/* The limit a value breaks, said with the parameter's name and unit, or
 * NULL when it keeps it. */
char *
bg_unit_dup_limit_message (const BgParamSpec *pspec,
                           double             value)
{
  const char *name;
  g_autofree char *unit = NULL;
  g_autofree char *min = NULL;
  g_autofree char *max = NULL;

  g_return_val_if_fail (pspec != NULL, NULL);

  name = g_dgettext (GETTEXT_PACKAGE, pspec->label);
  unit = bg_units_localize (pspec->unit);
  switch (pspec->limit)
    {
    case BG_LIMIT_POSITIVE:
      if (value > 0)
        return NULL;
      /* TRANSLATORS: "Capacitance must be greater than 0 F." */
      return g_strstrip (g_strdup_printf (_("%s must be greater than 0 %s"), name, unit));
    case BG_LIMIT_NONNEGATIVE:
      if (value >= 0)
        return NULL;
      return g_strstrip (g_strdup_printf (_("%s cannot be negative"), name));
    case BG_LIMIT_RANGE:
      if (value >= pspec->min && value <= pspec->max)
        return NULL;
      min = bg_inspector_format_number (pspec->min);
      max = bg_inspector_format_number (pspec->max);
      return g_strstrip (g_strdup_printf (_("%s must be between %s and %s %s"),
                                          name, min, max, unit));
    case BG_LIMIT_ANY:
    default:
      return NULL;
    }
}

/* The first click into a field --------------------------------------------- */

/* Set on the entry while the next primary click is its first since it got
 * the focus and nothing was typed: that click selects the whole text. */
#define FIRST_CLICK_KEY "bg-unit-entry-first-click"

static gboolean
entry_has_focus (GtkWidget *entry)
{
  GtkRoot *root = gtk_widget_get_root (entry);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

static void
set_first_click (GtkWidget *entry,
                 gboolean   armed)
{
  g_object_set_data (G_OBJECT (entry), FIRST_CLICK_KEY, GINT_TO_POINTER (armed));
}

static gboolean
get_first_click (GtkWidget *entry)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (entry), FIRST_CLICK_KEY));
}

/* Runs before the text's own click (capture phase). A click into a field
 * without the focus, or into one the keyboard has just entered (Tab, or
 * Enter on the canvas, which selects the whole text), is taken here: the
 * field gets the focus with all its text selected, and the text never sees
 * the press, so neither the click nor a hand's slight drag can put a
 * cursor after the old value. Later clicks place the cursor as usual. */
static void
first_click_pressed_cb (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        GtkWidget       *entry)
{
  if (entry_has_focus (entry) && !get_first_click (entry))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (!entry_has_focus (entry))
    gtk_widget_grab_focus (entry);
  gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
  set_first_click (entry, FALSE);
}

static void
focus_enter_cb (GtkEventControllerFocus *controller,
                GtkWidget               *entry)
{
  set_first_click (entry, TRUE);
}

static void
focus_leave_cb (GtkEventControllerFocus *controller,
                GtkWidget               *entry)
{
  set_first_click (entry, FALSE);
}

/* A key typed in the field: the text is the user's now, and a click
 * places the cursor in it. */
static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkWidget             *entry)
{
  set_first_click (entry, FALSE);
  return FALSE;
}

void
bg_unit_entry_select_on_focus (GtkWidget *entry)
{
  GtkEventController *focus;
  GtkEventController *keys;
  GtkGesture *click;

  g_return_if_fail (GTK_IS_EDITABLE (entry));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), entry);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_leave_cb), entry);
  gtk_widget_add_controller (entry, focus);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), entry);
  gtk_widget_add_controller (entry, keys);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (first_click_pressed_cb), entry);
  gtk_widget_add_controller (entry, GTK_EVENT_CONTROLLER (click));
}
