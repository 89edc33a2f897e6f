/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-unit-entry.c — typed quantities in the inspector's number fields.
 *
 * Owns: bg_unit_parse (a decimal point or comma, a minus sign, spaces,
 * an exponent, then an optional SI prefix p n µ u m k M G T, or in Russian
 * п н мк м к М Г Т, and the field's own unit in Latin or Russian symbols), the limit sentences ("Capacitance must be greater
 * than 0 F."), and the first click into a number entry: the one that
 * gives it the focus, or the first after the keyboard entered it, selects
 * the whole text, so typing replaces the value instead of appending to it.
 * Must not: edit the model, accept a unit other than the field's, or keep
 * state beyond that first-click mark on the entry.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-inspector.h"
#include "bg-unit-entry.h"

/* Latin and Russian (GOST 8.417) symbols; "мк" before "м". */
static const struct
{
  const char *symbol;
  int         exponent;
} prefixes[] = {
  { "p", -12 }, { "n", -9 }, { "µ", -6 }, { "μ", -6 }, { "u", -6 },
  { "m", -3 }, { "k", 3 }, { "M", 6 }, { "G", 9 }, { "T", 12 },
  { "п", -12 }, { "н", -9 }, { "мк", -6 }, { "м", -3 }, { "к", 3 },
  { "М", 6 }, { "Г", 9 }, { "Т", 12 },
};

/* The Russian symbols of the units the library uses, longest first. */
static const struct
{
  const char *latin;
  const char *russian;
} unit_symbols[] = {
  { "rad", "рад" }, { "kg", "кг" }, { "Pa", "Па" }, { "Hz", "Гц" },
  { "Ω", "Ом" }, { "Wb", "Вб" }, { "W", "Вт" }, { "J", "Дж" },
  { "C", "Кл" }, { "H", "Гн" }, { "F", "Ф" }, { "V", "В" }, { "A", "А" },
  { "N", "Н" }, { "s", "с" }, { "m", "м" }, { "g", "г" },
};

/* The field's unit in Russian symbols ("Pa·s/m³" → "Па·с/м³"), or NULL
 * when it has none. */
static char *
russian_unit (const char *unit)
{
  GString *out;

  if (unit == NULL || *unit == '\0')
    return NULL;
  out = g_string_new (NULL);
  for (const char *p = unit; *p != '\0';)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (unit_symbols); i++)
        {
          gsize len = strlen (unit_symbols[i].latin);

          if (strncmp (p, unit_symbols[i].latin, len) == 0)
            {
              g_string_append (out, unit_symbols[i].russian);
              p += len;
              break;
            }
        }
      if (i == G_N_ELEMENTS (unit_symbols))
        {
          const char *next = g_utf8_next_char (p);

          g_string_append_len (out, p, next - p);
          p = next;
        }
    }
  return g_string_free (out, FALSE);
}

/* Whether REST names the field's unit, in Latin or Russian symbols. */
static gboolean
is_unit (const char *rest,
         const char *unit)
{
  g_autofree char *russian = russian_unit (unit);

  return unit != NULL && *unit != '\0' &&
         (strcmp (rest, unit) == 0 || strcmp (rest, russian) == 0);
}

/* The power of ten SUFFIX (spaces removed) stands for with UNIT: FALSE
 * when it is neither the unit nor a prefix (with or without the unit). */
static gboolean
suffix_exponent (const char *suffix,
                 const char *unit,
                 int        *exponent)
{
  *exponent = 0;
  if (*suffix == '\0')
    return TRUE;
  if (is_unit (suffix, unit))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      gsize len = strlen (prefixes[i].symbol);
      const char *rest = suffix + len;

      if (strncmp (suffix, prefixes[i].symbol, len) != 0)
        continue;
      if (*rest == '\0' || is_unit (rest, unit))
        {
          *exponent = prefixes[i].exponent;
          return TRUE;
        }
    }
  return FALSE;
}

/* "2 mF" (unit F) → 0.002; "10k" → 10000; "1,5 µ" → 1.5e-6; "5 m" with
 * unit m → 5; "2,5 мкФ" → 2.5e-6; "3 кОм" → 3000. Anything else after the
 * number is refused. */
gboolean
bg_unit_parse (const char *text,
               const char *unit,
               double     *value)
{
  g_autoptr(GString) s = NULL;
  const char *suffix;
  char *end = NULL;
  double v, scale;
  int exponent;

  g_return_val_if_fail (value != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  s = g_string_new (NULL);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x202F || c == 0x00A0)
        continue;
      if (c == ',')
        c = '.';
      else if (c == 0x2212)  /* minus sign */
        c = '-';
      g_string_append_unichar (s, c);
    }
  if (s->len == 0)
    return FALSE;

  v = g_ascii_strtod (s->str, &end);
  if (end == s->str || !isfinite (v))
    return FALSE;
  /* strtod reads "inf", "nan" and hex: only decimal digits are numbers */
  for (const char *p = s->str; p < end; p++)
    if (!g_ascii_isdigit (*p) && strchr ("+-.eE", *p) == NULL)
      return FALSE;
  suffix = end;
  if (!suffix_exponent (suffix, unit, &exponent))
    return FALSE;
  /* dividing by 1e3 (exact) rounds "2 m" to the double nearest 0.002, as
   * typing "0.002" does; multiplying by 1e-3 (inexact) need not */
  scale = pow (10, abs (exponent));
  v = exponent < 0 ? v / scale : v * scale;
  if (!isfinite (v))
    return FALSE;

  *value = v;
  return TRUE;
}

/* The limit a value breaks, said with the parameter's name and unit, or
 * NULL when it keeps it. */
char *
bg_unit_dup_limit_message (const BgParamSpec *pspec,
                           double             value)
{
  const char *name;
  const char *unit;
  g_autofree char *min = NULL;
  g_autofree char *max = NULL;

  g_return_val_if_fail (pspec != NULL, NULL);

  name = g_dgettext (GETTEXT_PACKAGE, pspec->label);
  unit = pspec->unit != NULL ? pspec->unit : "";
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
