/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-unit-entry.c — typed quantities in the inspector's number fields.
 *
 * Owns: bg_unit_parse (a decimal point or comma, a minus sign, spaces,
 * an exponent, then an optional SI prefix p n µ u m k M G T, or in Russian
 * п н мк м к М Г Т, and the field's own unit in Latin or Russian symbols), the limit sentences ("Capacitance must be greater
 * than 0 F."), and selecting the whole text when a number entry gains
 * focus, by keyboard or by click, so typing replaces it.
 * Must not: edit the model, accept a unit other than the field's, or keep
 * state.
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

static gboolean
select_all_idle_cb (gpointer data)
{
  GtkWidget *entry = data;

  if (gtk_widget_has_focus (entry) || gtk_widget_has_focus (gtk_widget_get_first_child (entry)))
    gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
  g_object_unref (entry);
  return G_SOURCE_REMOVE;
}

/* After the click that focused the entry has placed the cursor, the whole
 * text is selected, so the next key replaces it instead of appending. */
static void
focus_enter_cb (GtkEventControllerFocus *controller,
                GtkWidget               *entry)
{
  g_idle_add (select_all_idle_cb, g_object_ref (entry));
}

void
bg_unit_entry_select_on_focus (GtkWidget *entry)
{
  GtkEventController *focus;

  g_return_if_fail (GTK_IS_EDITABLE (entry));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), entry);
  gtk_widget_add_controller (entry, focus);
}
