/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-units.h — the symbols of units and SI prefixes, international and
 * Russian, and numbers written with them.
 *
 * Owns: the one table of SI prefixes (p n µ m k M G T, and c d for
 * powered metres) and of the unit symbols the library uses (s m g kg N Pa
 * V A Ω F H Wb C rad W J Hz dB), each with its Russian symbol of GOST 8.417
 * (п н мк м к М Г Т; с м г кг Н Па В А Ом Ф Гн Вб Кл рад Вт Дж Гц дБ);
 * whether the user's language writes units in Russian (its translation
 * says so); writing a unit in the user's symbols ("MPa" → "МПа",
 * "Pa·s/m³" → "Па·с/м³"); and reading a number with a prefix and the
 * unit, as the editor's fields and the command line take it
 * (docs/command-line.md, Options and numbers).
 * Must not: format numbers (ui/render/bg-si-format.c does), or be used for
 * what a program reads: files, --json, CSV and FMUs keep the SI symbols
 * of docs/file-format.md in every language.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when the user's language writes units with the Russian symbols
 * (the translation of the "unit symbols" switch, see bg-units.c). Read at
 * each call: a test that changes LANGUAGE sees the change. */
gboolean    bg_units_in_russian   (void);

/* The prefix for 10^@exponent (−12 … 12 in steps of 3, and −2, −1 for c, d)
 * in the user's symbols ("µ" or "мк"), "" for 0, NULL for any other
 * exponent. Static strings. */
const char *bg_units_prefix       (int         exponent);

/* @unit ("Pa·s/m³", "MPa", "cm³/s", "10⁻³ m²") in the user's symbols: a
 * copy, or in Russian each symbol (a prefixed one too) replaced by its
 * Russian symbol; what the table does not know stays as it is. "" for
 * NULL. Free with g_free(). */
char       *bg_units_localize     (const char *unit);
/* The same, always in Russian symbols. */
char       *bg_units_to_russian   (const char *unit);

typedef enum
{
  /* The editor's fields: a decimal point or comma, blanks anywhere, the
   * minus sign U+2212, prefixes in Latin or Russian symbols and the
   * field's own unit after them ("2,5 мкФ", "10 kΩ", "1.5 µ"). */
  BG_UNITS_SYNTAX_EDITOR,
  /* The command line: C notation ("0.5", "1e-3", "+2"), then at most one
   * Latin prefix (p n u µ m k M G T); no blanks, no comma, no unit
   * ("2.2k", "10m", "4.7u"). */
  BG_UNITS_SYNTAX_COMMAND_LINE,
} BgUnitsSyntax;

/* Reads @text, a whole finite decimal number with an optional prefix (and
 * for the editor the optional @unit, NULL for none), into *@value.
 * Hexadecimal, "inf", "nan", other units and anything after them are
 * refused (FALSE, *@value untouched). "5 m" with unit m is 5 metres, "5 mm"
 * 0.005: a prefix alone is taken only when it is not the unit. */
gboolean    bg_units_parse        (const char   *text,
                                   const char   *unit,
                                   BgUnitsSyntax syntax,
                                   double       *value);

G_END_DECLS
