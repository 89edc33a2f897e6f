/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-units.c — reading numbers with SI prefixes (core/bg-units.h), the
 * one parser of the editor's fields and of bgmod-cli's options.
 *
 * Owns: /units/parse/command-line (C notation and one Latin prefix; the
 * refusals), /units/parse/editor (a comma, blanks, the minus sign,
 * Russian prefixes and the field's unit), /units/parse/exact (a number
 * with a prefix is the double nearest its value, the same as typing it
 * out: "2.2k" == 2200, for 200 000 random numbers and every prefix).
 * Must not: depend on the language (the parser takes both sets of symbols
 * whatever it is).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-units.h"

static double
read_cli (const char *text)
{
  double v = -12345;

  if (!bg_units_parse (text, NULL, BG_UNITS_SYNTAX_COMMAND_LINE, &v))
    return NAN;
  return v;
}

static void
test_command_line (void)
{
  static const struct { const char *text; double value; } taken[] = {
    { "0.5", 0.5 }, { "1e-3", 1e-3 }, { "-2", -2 }, { "+1", 1 }, { "2.2k", 2200 },
    { "4.7k", 4700 }, { "10m", 0.01 }, { "500u", 5e-4 }, { "100µ", 1e-4 }, { "100μ", 1e-4 },
    { "10n", 1e-8 }, { "3p", 3e-12 }, { "2.5M", 2.5e6 }, { "1G", 1e9 }, { "1T", 1e12 },
    { "1.5e3k", 1.5e6 }, { ".5k", 500 }, { "1.k", 1000 }, { "-0.1m", -1e-4 }, { "1e-3k", 1 },
  };
  static const char *const refused[] = {
    "", " 1", "1 ", "1 k", "0x10", "0x1k", "inf", "-inf", "infk", "nan", "NaN", "1,5", "5s",
    "1ks", "1kk", "1K", "1P", "1f", "1к", "1мк", "k", "+k", "1e", "1e+", "1e400", "1e308k",
    "1e-400", "1e-300p", "2 m", "1.5 µ", "1\xff",
  };

  for (guint i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      g_test_message ("%s", taken[i].text);
      g_assert_cmpfloat (read_cli (taken[i].text), ==, taken[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *shown = g_strescape (refused[i], NULL);
      double v = 7;

      g_test_message ("“%s”", shown);
      g_assert_false (bg_units_parse (refused[i], NULL, BG_UNITS_SYNTAX_COMMAND_LINE, &v));
      g_assert_cmpfloat (v, ==, 7);
    }
}

static void
test_editor (void)
{
  static const struct { const char *text, *unit; double value; } taken[] = {
    { "2,5 мкФ", "F", 2.5e-6 }, { "3 кОм", "Ω", 3000 }, { "10 kΩ", "Ω", 1e4 },
    { "1,5 µ", "F", 1.5e-6 }, { "5 m", "m", 5 }, { "5 mm", "m", 5e-3 }, { "2 mF", "F", 2e-3 },
    { "\xe2\x88\x92" "2,2 k", "Ω", -2200 }, { "2 200", NULL, 2200 }, { "0,1 МПа", "Pa", 1e5 },
  };
  static const struct { const char *text, *unit; } refused[] = {
    { "2 V", "F" }, { "0x10", NULL }, { "inf", NULL }, { "1 kk", "Ω" }, { "", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (taken); i++)
    {
      double v = 0;

      g_test_message ("%s", taken[i].text);
      g_assert_true (bg_units_parse (taken[i].text, taken[i].unit, BG_UNITS_SYNTAX_EDITOR, &v));
      g_assert_cmpfloat (v, ==, taken[i].value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      double v = 0;

      g_assert_false (bg_units_parse (refused[i].text, refused[i].unit, BG_UNITS_SYNTAX_EDITOR, &v));
    }
  /* the command line takes neither a unit nor a comma */
  g_assert_true (isnan (read_cli ("3kΩ")));
  g_assert_true (isnan (read_cli ("2,5")));
}

/* "d.ddd" + prefix reads as "d.ddde<exponent>" does, to the bit. */
static void
test_exact (void)
{
  static const struct { const char *symbol; int exponent; } prefixes[] = {
    { "p", -12 }, { "n", -9 }, { "u", -6 }, { "m", -3 }, { "k", 3 }, { "M", 6 }, { "G", 9 },
    { "T", 12 },
  };
  GRand *rand = g_rand_new_with_seed (28);

  for (guint i = 0; i < 200000; i++)
    {
      guint p = i % G_N_ELEMENTS (prefixes);
      guint digits = g_rand_int_range (rand, 1, 18);
      int own = g_rand_int_range (rand, -20, 20);
      g_autoptr (GString) number = g_string_new (NULL);
      g_autofree char *with_prefix = NULL, *written_out = NULL;

      for (guint d = 0; d < digits; d++)
        {
          if (d == 1)
            g_string_append_c (number, '.');
          g_string_append_c (number, (char) ('0' + g_rand_int_range (rand, 0, 10)));
        }
      if (i % 3 == 0)
        g_string_append_printf (number, "e%d", own);
      else
        own = 0;
      with_prefix = g_strconcat (number->str, prefixes[p].symbol, NULL);
      if (i % 3 == 0)
        *strchr (number->str, 'e') = '\0';
      written_out = g_strdup_printf ("%se%d", number->str, own + prefixes[p].exponent);
      if (read_cli (with_prefix) != g_ascii_strtod (written_out, NULL))
        g_error ("%s read as %.17g, %s is %.17g", with_prefix, read_cli (with_prefix), written_out,
                 g_ascii_strtod (written_out, NULL));
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/units/parse/command-line", test_command_line);
  g_test_add_func ("/units/parse/editor", test_editor);
  g_test_add_func ("/units/parse/exact", test_exact);
  return g_test_run ();
}
