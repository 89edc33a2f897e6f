/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-units.c — bgmod-cli's units in both languages.
 *
 * Owns: /cli/units/russian-text (the plain-text outputs a person reads —
 * equations, components, linearize, a remedy — write units with the
 * Russian symbols under LANGUAGE=ru and the international ones in
 * English), /cli/units/machine-identical (--json, CSV: the same bytes
 * under LANGUAGE=ru and LANGUAGE=en), /cli/units/json-units (the "unit"
 * members of the JSON that carries sentences, which are translated, stay
 * the SI symbols).
 * Must not: link the CLI's code (it runs the program), or depend on the
 * examples' numbers beyond what they are built to show.
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "bg-test-cli.h"

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", name, NULL);
}

/* Runs bgmod-cli with LANGUAGE=language (NULL: none) and the arguments. */
static void
run_in (BgCliRun   *run,
        const char *language,
        ...)
{
  va_list args;

  va_start (args, language);
  bg_test_run_cli_va (run, language, NULL, args);
  va_end (args);
}

/* Whether @text writes a unit with an international symbol after a number:
 * "10 Ω", "0.05 m", "1e+10 Pa·s/m³", "[m³/s]". */
static const char *
find_latin_unit (const char *text)
{
  static GRegex *regex;
  g_autoptr(GMatchInfo) match = NULL;
  static char found[64];

  if (regex == NULL)
    regex = g_regex_new ("(?:\\d |\\[)(?:[pnµmkMG]?(?:s|m|g|N|Pa|V|A|Ω|F|H|Wb|C|W|J|Hz)"
                         "|kg|rad|dB)(?:[·/²³)\\]\\s]|$)",
                         G_REGEX_MULTILINE, 0, NULL);
  if (!g_regex_match (regex, text, 0, &match))
    return NULL;
  {
    g_autofree char *word = g_match_info_fetch (match, 0);

    g_strlcpy (found, word, sizeof found);
  }
  return found;
}

static void
test_russian_text (void)
{
  g_autofree char *bench = example ("hydraulic-bench.bgmod");
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *motor = example ("dc-motor-gear-load.bgmod");
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  const char *models[] = { bench, rlc, motor };

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_auto(BgCliRun) ru = { 0 };
      g_auto(BgCliRun) en = { 0 };

      run_in (&ru, "ru", "equations", models[i], NULL);
      run_in (&en, "en", "equations", models[i], NULL);
      g_assert_cmpint (ru.status, ==, 0);
      g_assert_null (find_latin_unit (ru.out));
      g_assert_nonnull (find_latin_unit (en.out));
    }
  {
    g_auto(BgCliRun) run = { 0 };

    run_in (&run, "ru", "equations", bench, NULL);
    g_assert_nonnull (strstr (run.out, "Гидравлическое сопротивление (R_acc) = 1e+10 Па·с/м³\n"));
    g_assert_nonnull (strstr (run.out, "состояние, начальное значение 0 кг·м/с\n"));
    g_assert_nonnull (strstr (run.out, "вход, 5000 Н при t = 0\n"));
    g_assert_nonnull (strstr (run.out, "[м³/с]\n"));
  }
  {
    g_auto(BgCliRun) run = { 0 };
    g_auto(BgCliRun) en = { 0 };

    run_in (&run, "ru", "components", NULL);
    run_in (&en, NULL, "components", NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_null (find_latin_unit (run.out));
    g_assert_nonnull (strstr (run.out, "value = 100 Ом — Сопротивление\n"));
    g_assert_nonnull (strstr (run.out, "value = 0.001 Ф — Ёмкость\n"));
    g_assert_nonnull (strstr (en.out, "value = 100 Ω — Resistance\n"));
  }
  {
    g_auto(BgCliRun) run = { 0 };

    run_in (&run, "ru", "linearize", rlc, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "Линеаризация при t = 0 с"));
    g_assert_nonnull (strstr (run.out, " Гц, ζ = "));
    g_assert_null (find_latin_unit (run.out));
  }
  {
    /* a remedy proposes a value with its unit */
    g_auto(BgCliRun) run = { 0 };

    run_in (&run, "ru", "analyze", conflict, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "R2 = 100 Ом последовательно с C1"));
    g_assert_null (find_latin_unit (run.err));
  }
}

/* What programs read does not follow the language: the same bytes. */
static void
test_machine_identical (void)
{
  g_autofree char *bench = example ("hydraulic-bench.bgmod");
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *motor = example ("dc-motor-gear-load.bgmod");
  const char *commands[][12] = {
    { "analyze", bench, "--json", NULL },
    { "linearize", rlc, "--json", NULL },
    { "linearize", motor, "--json", NULL },
    { "simulate", bench, "--t-end", "0.2", "--csv", "-", NULL },
    { "simulate", motor, "--t-end", "0.2", "--csv", "-", NULL },
    { "simulate", rc, "--sweep", "R1.value=1000,2200", "--csv", "-", NULL },
    { "bode", rlc, "--input", "U", "--output", "C1.e", "--points", "50", "--csv", "-", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(BgCliRun) ru = { 0 };
      g_auto(BgCliRun) en = { 0 };
      const char *const env_ru[] = { "LANGUAGE", "ru", NULL };
      const char *const env_en[] = { "LANGUAGE", "en", NULL };

      g_test_message ("%s %s", commands[i][0], commands[i][2]);
      g_assert_true (bg_test_run_cli (&ru, commands[i], env_ru));
      g_assert_true (bg_test_run_cli (&en, commands[i], env_en));
      g_assert_cmpint (ru.status, ==, 0);
      g_assert_cmpint (en.status, ==, 0);
      g_assert_cmpuint (strlen (ru.out), >, 100);
      g_assert_cmpstr (ru.out, ==, en.out);
    }
}

/* Every "unit" member below @node, path by path, into @units. */
static void
collect_units (JsonNode   *node,
               const char *path,
               GPtrArray  *units)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) members = json_object_get_members (object);

      for (GList *m = members; m != NULL; m = m->next)
        {
          g_autofree char *inner = g_strdup_printf ("%s.%s", path, (const char *) m->data);
          JsonNode *child = json_object_get_member (object, m->data);

          if (strcmp (m->data, "unit") == 0)
            g_ptr_array_add (units, g_strdup_printf ("%s=%s", inner, json_node_get_string (child)));
          else
            collect_units (child, inner, units);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          g_autofree char *inner = g_strdup_printf ("%s[%u]", path, i);

          collect_units (json_array_get_element (array, i), inner, units);
        }
    }
}

static GPtrArray *
json_units (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *units = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  collect_units (json_parser_get_root (parser), "", units);
  return units;
}

/* The JSON that carries sentences differs between languages in them
 * only: its units are the SI symbols in both. */
static void
test_json_units (void)
{
  g_autofree char *bench = example ("hydraulic-bench.bgmod");
  g_autofree char *motor = example ("dc-motor-gear-load.bgmod");
  const char *commands[][4] = {
    { "equations", bench, "--json", NULL },
    { "equations", motor, "--json", NULL },
    { "components", "--json", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(BgCliRun) ru = { 0 };
      g_auto(BgCliRun) en = { 0 };
      const char *const env_ru[] = { "LANGUAGE", "ru", NULL };
      const char *const env_en[] = { "LANGUAGE", "en", NULL };
      g_autoptr(GPtrArray) units_ru = NULL;
      g_autoptr(GPtrArray) units_en = NULL;

      g_assert_true (bg_test_run_cli (&ru, commands[i], env_ru));
      g_assert_true (bg_test_run_cli (&en, commands[i], env_en));
      g_assert_cmpint (ru.status, ==, 0);
      g_assert_cmpstr (ru.out, !=, en.out);   /* the sentences are translated */
      units_ru = json_units (ru.out);
      units_en = json_units (en.out);
      g_test_message ("%s: %u units", commands[i][0], units_ru->len);
      g_assert_cmpuint (units_ru->len, >=, 10);
      g_assert_cmpuint (units_ru->len, ==, units_en->len);
      for (guint u = 0; u < units_ru->len; u++)
        {
          const char *unit = g_ptr_array_index (units_ru, u);

          g_assert_cmpstr (unit, ==, g_ptr_array_index (units_en, u));
          for (const char *p = unit; *p != '\0'; p = g_utf8_next_char (p))
            g_assert_false (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_CYRILLIC);
        }
      /* and a few by name */
      if (i == 0)
        {
          gboolean pa_s = FALSE;

          for (guint u = 0; u < units_ru->len; u++)
            pa_s = pa_s || g_str_has_suffix (g_ptr_array_index (units_ru, u), "=Pa·s/m³");
          g_assert_true (pa_s);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/units/russian-text", test_russian_text);
  g_test_add_func ("/cli/units/machine-identical", test_machine_identical);
  g_test_add_func ("/cli/units/json-units", test_json_units);

  return g_test_run ();
}
