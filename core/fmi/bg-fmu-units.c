/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-units.c — SI base exponents of unit texts (bg-fmu-units.h).
 *
 * Owns: the table of SI symbols and the small parser: factors joined by
 * "·" (or "*", " "), everything after a "/" in the denominator, powers as
 * "²", "³", "⁴" or "^n", parentheses ignored. Must not: guess at a symbol it
 * does not know.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bg-fmu-units.h"

const char *const bg_fmu_base_names[BG_FMU_N_BASE] = {
  "kg", "m", "s", "A", "K", "mol", "cd", "rad",
};

typedef struct
{
  const char *symbol;
  int         e[BG_FMU_N_BASE];   /* kg m s A K mol cd rad */
} Symbol;

static const Symbol symbols[] = {
  { "kg",  {  1,  0,  0,  0, 0, 0, 0, 0 } },
  { "g",   {  1,  0,  0,  0, 0, 0, 0, 0 } },   /* only in "kg" in practice */
  { "m",   {  0,  1,  0,  0, 0, 0, 0, 0 } },
  { "s",   {  0,  0,  1,  0, 0, 0, 0, 0 } },
  { "A",   {  0,  0,  0,  1, 0, 0, 0, 0 } },
  { "K",   {  0,  0,  0,  0, 1, 0, 0, 0 } },
  { "mol", {  0,  0,  0,  0, 0, 1, 0, 0 } },
  { "cd",  {  0,  0,  0,  0, 0, 0, 1, 0 } },
  { "rad", {  0,  0,  0,  0, 0, 0, 0, 1 } },
  { "N",   {  1,  1, -2,  0, 0, 0, 0, 0 } },
  { "Pa",  {  1, -1, -2,  0, 0, 0, 0, 0 } },
  { "J",   {  1,  2, -2,  0, 0, 0, 0, 0 } },
  { "W",   {  1,  2, -3,  0, 0, 0, 0, 0 } },
  { "V",   {  1,  2, -3, -1, 0, 0, 0, 0 } },
  { "Ω",   {  1,  2, -3, -2, 0, 0, 0, 0 } },
  { "C",   {  0,  0,  1,  1, 0, 0, 0, 0 } },
  { "F",   { -1, -2,  4,  2, 0, 0, 0, 0 } },
  { "H",   {  1,  2, -2, -2, 0, 0, 0, 0 } },
  { "Wb",  {  1,  2, -2, -1, 0, 0, 0, 0 } },
  { "S",   { -1, -2,  3,  2, 0, 0, 0, 0 } },
  { "Hz",  {  0,  0, -1,  0, 0, 0, 0, 0 } },
};

static const Symbol *
lookup (const char *start, gsize len)
{
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (strlen (symbols[i].symbol) == len && strncmp (symbols[i].symbol, start, len) == 0)
      return &symbols[i];
  return NULL;
}

/* A power after a symbol: "²", "³", "⁴", "^n", "^-n"; advances *p. */
static int
read_power (const char **p)
{
  static const struct { const char *text; int power; } supers[] = {
    { "²", 2 }, { "³", 3 }, { "⁴", 4 }, { "⁻¹", -1 }, { "⁻²", -2 }, { "⁻³", -3 },
  };

  if (**p == '^')
    {
      char *end;
      long v = strtol (*p + 1, &end, 10);
      if (end == *p + 1)
        return 1;
      *p = end;
      return (int) v;
    }
  for (guint i = 0; i < G_N_ELEMENTS (supers); i++)
    if (g_str_has_prefix (*p, supers[i].text))
      {
        *p += strlen (supers[i].text);
        return supers[i].power;
      }
  return 1;
}

static gboolean
is_separator (const char *p, gsize *len)
{
  if (g_str_has_prefix (p, "·"))
    {
      *len = strlen ("·");
      return TRUE;
    }
  *len = 1;
  return *p == '*' || *p == ' ' || *p == '(' || *p == ')';
}

gboolean
bg_fmu_unit_parse (const char *unit,
                   int         exponents[BG_FMU_N_BASE])
{
  const char *p = unit;
  int sign = 1;

  memset (exponents, 0, sizeof (int) * BG_FMU_N_BASE);
  if (unit == NULL)
    return FALSE;
  while (*p != '\0')
    {
      gsize len;
      const char *start;
      const Symbol *sym;
      int power;

      if (is_separator (p, &len))
        {
          p += len;
          continue;
        }
      if (*p == '/')
        {
          sign = -1;
          p++;
          continue;
        }
      if (*p == '1' && (p[1] == '/' || p[1] == '\0'))
        {
          p++;
          continue;
        }
      start = p;
      while (*p != '\0' && *p != '/' && *p != '^' && !is_separator (p, &len)
             && !g_str_has_prefix (p, "²") && !g_str_has_prefix (p, "³")
             && !g_str_has_prefix (p, "⁴") && !g_str_has_prefix (p, "⁻"))
        p = g_utf8_next_char (p);
      sym = lookup (start, p - start);
      if (sym == NULL)
        return FALSE;
      power = read_power (&p);
      for (guint k = 0; k < BG_FMU_N_BASE; k++)
        exponents[k] += sign * power * sym->e[k];
    }
  return TRUE;
}
