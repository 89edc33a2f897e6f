/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-units.c — the symbols of units and SI prefixes, international and
 * Russian, and numbers written with them (see bg-units.h).
 *
 * Owns: the one table of prefixes and the one table of unit symbols with
 * their GOST 8.417 Russian symbols, the language switch, writing a unit in
 * the user's symbols and reading a number with a prefix and a unit.
 * Must not: keep state, or change what is written for a program to read.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-units.h"

/* The SI prefixes: exponent, international symbol, GOST 8.417 symbol, and
 * whether a number may be typed with it (c and d only ever appear in
 * front of a powered metre, "cm³"). */
static const struct
{
  int         exponent;
  const char *latin;
  const char *russian;
  gboolean    typed;
} prefixes[] = {
  { -12, "p", "п", TRUE },
  { -9, "n", "н", TRUE },
  { -6, "µ", "мк", TRUE },
  { -3, "m", "м", TRUE },
  { -2, "c", "с", FALSE },
  { -1, "d", "д", FALSE },
  { 3, "k", "к", TRUE },
  { 6, "M", "М", TRUE },
  { 9, "G", "Г", TRUE },
  { 12, "T", "Т", TRUE },
};

/* Other spellings of micro a person types: the Greek mu, and "u" where
 * there is no µ on the keyboard. */
static const char *const micro_spellings[] = { "μ", "u" };

/* The unit symbols the library's parameters and variables use, with their
 * GOST 8.417 symbols. A symbol is a run of letters; "kg" is listed
 * because a prefix never goes in front of it. */
static const struct
{
  const char *latin;
  const char *russian;
} units[] = {
  { "s", "с" },   { "m", "м" },   { "g", "г" },   { "kg", "кг" },
  { "N", "Н" },   { "Pa", "Па" }, { "V", "В" },   { "A", "А" },
  { "Ω", "Ом" },  { "F", "Ф" },   { "H", "Гн" },  { "Wb", "Вб" },
  { "C", "Кл" },  { "rad", "рад" }, { "W", "Вт" }, { "J", "Дж" },
  { "Hz", "Гц" }, { "dB", "дБ" },
};

gboolean
bg_units_in_russian (void)
{
  /* TRANSLATORS: how units are written in your language. Translate as
   * "gost-8.417" to have them written with the Russian symbols of GOST
   * 8.417 (с, мм, кг, МПа, мкФ, кОм, рад/с); anything else keeps the
   * international symbols (s, mm, kg, MPa, µF, kΩ, rad/s). Files, JSON and
   * CSV always keep the international ones. */
  const char *choice = C_("unit symbols", "international");

  return strcmp (choice, "gost-8.417") == 0;
}

const char *
bg_units_prefix (int exponent)
{
  gboolean russian;

  if (exponent == 0)
    return "";
  russian = bg_units_in_russian ();
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (prefixes[i].exponent == exponent)
      return russian ? prefixes[i].russian : prefixes[i].latin;
  return NULL;
}

/* The Russian symbol of a unit symbol, or NULL when the table has none. */
static const char *
russian_symbol (const char *latin,
                gsize       len)
{
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (strlen (units[i].latin) == len && strncmp (units[i].latin, latin, len) == 0)
      return units[i].russian;
  return NULL;
}

/* One run of letters in Russian: a known symbol, or a prefix and a known
 * symbol ("mPa", "µF", "cm"); else as it is. */
static void
append_russian_token (GString    *out,
                      const char *token,
                      gsize       len)
{
  const char *whole = russian_symbol (token, len);

  if (whole != NULL)
    {
      g_string_append (out, whole);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      gsize plen = strlen (prefixes[i].latin);
      const char *rest;

      if (len <= plen || strncmp (token, prefixes[i].latin, plen) != 0)
        continue;
      rest = russian_symbol (token + plen, len - plen);
      if (rest != NULL)
        {
          g_string_append (out, prefixes[i].russian);
          g_string_append (out, rest);
          return;
        }
    }
  g_string_append_len (out, token, len);
}

char *
bg_units_to_russian (const char *unit)
{
  GString *out = g_string_new (NULL);
  const char *p = unit != NULL ? unit : "";

  while (*p != '\0')
    {
      const char *start = p;

      while (*p != '\0' && g_unichar_isalpha (g_utf8_get_char (p)))
        p = g_utf8_next_char (p);
      if (p > start)
        {
          append_russian_token (out, start, p - start);
          continue;
        }
      p = g_utf8_next_char (p);
      g_string_append_len (out, start, p - start);
    }
  return g_string_free (out, FALSE);
}

char *
bg_units_localize (const char *unit)
{
  if (bg_units_in_russian ())
    return bg_units_to_russian (unit);
  return g_strdup (unit != NULL ? unit : "");
}

/* Reading numbers ----------------------------------------------------------- */

/* Whether REST names UNIT, in either set of symbols. */
static gboolean
is_unit (const char *rest,
         const char *unit)
{
  g_autofree char *russian = NULL;

  if (unit == NULL || *unit == '\0')
    return FALSE;
  if (strcmp (rest, unit) == 0)
    return TRUE;
  russian = bg_units_to_russian (unit);
  return strcmp (rest, russian) == 0;
}

/* The length of the prefix SUFFIX starts with, and its exponent; 0 when
 * it starts with none. The editor takes the Russian symbols too. */
static gsize
typed_prefix (const char *suffix,
              gboolean    russian,
              int        *exponent)
{
  for (guint i = 0; i < G_N_ELEMENTS (micro_spellings); i++)
    if (g_str_has_prefix (suffix, micro_spellings[i]))
      {
        *exponent = -6;
        return strlen (micro_spellings[i]);
      }
  /* "мк" before "м": the Russian micro starts with the Russian milli */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
      {
        const char *symbol = pass == 0 ? prefixes[i].latin : prefixes[i].russian;

        if (!prefixes[i].typed || (pass == 1 && !russian))
          continue;
        if (pass == 1 && strcmp (symbol, "м") == 0 && g_str_has_prefix (suffix, "мк"))
          continue;
        if (g_str_has_prefix (suffix, symbol))
          {
            *exponent = prefixes[i].exponent;
            return strlen (symbol);
          }
      }
  return 0;
}

/* The power of ten SUFFIX (blanks removed) stands for: FALSE when it is
 * neither nothing, the unit, a prefix alone, nor a prefix and the unit.
 * The unit wins over a prefix: "m" with unit m is metres. */
static gboolean
suffix_exponent (const char   *suffix,
                 const char   *unit,
                 BgUnitsSyntax syntax,
                 int          *exponent)
{
  gboolean editor = syntax == BG_UNITS_SYNTAX_EDITOR;
  gsize len;

  *exponent = 0;
  if (*suffix == '\0')
    return TRUE;
  if (editor && is_unit (suffix, unit))
    return TRUE;
  len = typed_prefix (suffix, editor, exponent);
  if (len == 0)
    return FALSE;
  if (suffix[len] == '\0')
    return TRUE;
  return editor && is_unit (suffix + len, unit);
}

/* The text as the editor reads it: blanks (also no-break ones) dropped, a
 * comma as the point, the minus sign as '-'. */
static char *
editor_text (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_isspace (c) || c == 0x202F || c == 0x00A0)
        continue;
      if (c == ',')
        c = '.';
      else if (c == 0x2212)
        c = '-';
      g_string_append_unichar (s, c);
    }
  return g_string_free (s, FALSE);
}

/* The NUMBER_LEN characters of S (a number strtod read whole) with the
 * prefix's power of ten moved into the number's own exponent, read once:
 * "2.2k" is read as "2.2e3", the double nearest 2200 (2200 itself), as
 * typing "2200" gives; 2.2 × 1000 would be a bit above it. FALSE when the
 * value is not finite (or, on the command line, not a double at all). */
static gboolean
apply_prefix (const char   *s,
              gsize         number_len,
              int           exponent,
              BgUnitsSyntax syntax,
              double       *value)
{
  g_autofree char *number = g_strndup (s, number_len);
  g_autofree char *shifted = NULL;
  char *e = strpbrk (number, "eE");
  gint64 own = 0;
  double v;

  if (e != NULL)
    {
      /* strtod read it, so digits follow; a huge one stays huge */
      own = g_ascii_strtoll (e + 1, NULL, 10);
      own = CLAMP (own, -100000, 100000);
      *e = '\0';
    }
  shifted = g_strdup_printf ("%se%" G_GINT64_FORMAT, number, own + exponent);
  errno = 0;
  v = g_ascii_strtod (shifted, NULL);
  if (!isfinite (v) || (syntax == BG_UNITS_SYNTAX_COMMAND_LINE && errno == ERANGE))
    return FALSE;
  *value = v;
  return TRUE;
}

gboolean
bg_units_parse (const char   *text,
                const char   *unit,
                BgUnitsSyntax syntax,
                double       *value)
{
  g_autofree char *s = NULL;
  char *end = NULL;
  double v;
  int exponent;

  g_return_val_if_fail (value != NULL, FALSE);

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  s = syntax == BG_UNITS_SYNTAX_EDITOR ? editor_text (text) : g_strdup (text);
  /* strtod skips leading blanks; the command line takes none */
  if (*s == '\0' || g_ascii_isspace (*s))
    return FALSE;
  errno = 0;
  v = g_ascii_strtod (s, &end);
  if (end == s || !isfinite (v))
    return FALSE;
  /* the command line refuses what a double cannot hold (1e-400) */
  if (syntax == BG_UNITS_SYNTAX_COMMAND_LINE && errno == ERANGE)
    return FALSE;
  /* strtod reads "inf", "nan" and hexadecimal: only decimal digits, signs,
   * a point and an exponent make a number */
  for (const char *p = s; p < end; p++)
    if (!g_ascii_isdigit (*p) && strchr ("+-.eE", *p) == NULL)
      return FALSE;
  if (!suffix_exponent (end, unit, syntax, &exponent))
    return FALSE;
  if (exponent != 0 && !apply_prefix (s, end - s, exponent, syntax, &v))
    return FALSE;
  *value = v;
  return TRUE;
}
