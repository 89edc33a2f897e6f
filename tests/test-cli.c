/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c — bgmod-cli as a user and a grading script see it.
 *
 * Owns: running the built bgmod-cli (path in BGMOD_CLI) and checking its
 * stdout, stderr and exit codes (docs/command-line.md: 0 ok, 1 invalid model or
 * conflict, 2 usage error or unreadable file) for analyze and components,
 * in English and with LANGUAGE=ru. Must not: link the CLI's code or depend on
 * the order of tests; model files it needs are written to a temporary dir.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "bg-test-cli.h"
#include <json-glib/json-glib.h>

static char *tmp_dir;

static char *
write_model (const char *name,
             const char *text)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static const char rc_model[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"RC\",\n"
  " \"elements\": [\n"
  "  {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0},\n"
  "  {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\", \"x\": 1, \"y\": 0},\n"
  "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 2, \"y\": 0},\n"
  "  {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", \"x\": 3, \"y\": 0}],\n"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"},\n"
  "  {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"},\n"
  "  {\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\"}]}\n";

/* Handbook page 002: accumulator and capacitance on one 0-junction. */
static const char conflict_model[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"two storages\",\n"
  " \"elements\": [\n"
  "  {\"id\": \"TANK\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},\n"
  "  {\"id\": \"PUMP\", \"type\": \"PumpCurve\", \"x\": 1, \"y\": 0},\n"
  "  {\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\", \"x\": 2, \"y\": 0},\n"
  "  {\"id\": \"ACC\", \"type\": \"GasAccumulator\", \"x\": 3, \"y\": 0},\n"
  "  {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"hydraulic\", \"x\": 4, \"y\": 0}],\n"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"TANK\", \"to\": \"PUMP.T\"},\n"
  "  {\"id\": \"b2\", \"from\": \"PUMP.P\", \"to\": \"J\"},\n"
  "  {\"id\": \"b3\", \"from\": \"J\", \"to\": \"ACC\"},\n"
  "  {\"id\": \"b4\", \"from\": \"J\", \"to\": \"C1\"}]}\n";

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* Usage ------------------------------------------------------------------ */

static void
test_no_command (void)
{
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { NULL };

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "Usage: bgmod-cli COMMAND"));
  g_assert_nonnull (strstr (run.err, "components [--domain D] [--json | --markdown]"));
}

static void
test_help (void)
{
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { "--help", NULL };

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Usage: bgmod-cli COMMAND"));
  g_assert_nonnull (strstr (run.out, "analyze  MODEL.bgmod [--steps] [--json]"));
  g_assert_nonnull (strstr (run.out, "equations MODEL.bgmod [--json | --latex]"));
  g_assert_nonnull (strstr (run.out, "linearize MODEL.bgmod [--at T]"));
  g_assert_nonnull (strstr (run.out, "bode     MODEL.bgmod --input SRC --output VAR"));
  g_assert_nonnull (strstr (run.out, "[--sweep EL.PARAM=V1,V2,...]"));
  g_assert_cmpstr (run.err, ==, "");
}

/* Started from the build tree, bgmod-cli finds that tree's translations
 * by itself: LANGUAGE=ru works without BGMOD_LOCALEDIR (bg-paths.c). */
static void
test_help_russian_from_build_tree (void)
{
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { "--help", NULL };
  const char *env[] = { "LANGUAGE", "ru", "BGMOD_LOCALEDIR", "", NULL };

  if (!bg_test_run_cli (&run, args, env))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Использование: bgmod-cli КОМАНДА"));
}

static void
test_unknown_command (void)
{
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { "frobnicate", NULL };

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==,
                   "bgmod-cli: unknown command “frobnicate”\n"
                   "Run “bgmod-cli --help” for the list of commands.\n");
}

static void
test_analyze_usage (void)
{
  g_auto(BgCliRun) missing = { 0 };
  g_auto(BgCliRun) two = { 0 };
  g_auto(BgCliRun) option = { 0 };
  g_auto(BgCliRun) help = { 0 };
  const char *args_missing[] = { "analyze", NULL };
  const char *args_two[] = { "analyze", "a.bgmod", "b.bgmod", NULL };
  const char *args_option[] = { "analyze", "--frob", "a.bgmod", NULL };
  const char *args_help[] = { "analyze", "--help", NULL };

  if (!bg_test_run_cli (&missing, args_missing, NULL))
    return;
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_cmpstr (missing.out, ==, "");
  g_assert_cmpstr (missing.err, ==,
                   "bgmod-cli analyze: missing the model file\n"
                   "Run “bgmod-cli analyze --help” for its options.\n");

  bg_test_run_cli (&two, args_two, NULL);
  g_assert_cmpint (two.status, ==, 2);
  g_assert_true (g_str_has_prefix (two.err, "bgmod-cli analyze: expected one model file\n"));

  bg_test_run_cli (&option, args_option, NULL);
  g_assert_cmpint (option.status, ==, 2);
  g_assert_true (g_str_has_prefix (option.err, "bgmod-cli analyze: Unknown option --frob\n"));

  bg_test_run_cli (&help, args_help, NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "bgmod-cli analyze [OPTION…] MODEL.bgmod"));
  g_assert_nonnull (strstr (help.out, "--json"));
}

/* analyze ----------------------------------------------------------------- */

static void
test_analyze_unreadable (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = g_build_filename (tmp_dir, "no-such-file.bgmod", NULL);
  const char *args[] = { "analyze", path, "--json", NULL };

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli: "));
  g_assert_nonnull (strstr (run.err, path));
}

static void
test_analyze_invalid (void)
{
  g_auto(BgCliRun) syntax = { 0 };
  g_auto(BgCliRun) invalid = { 0 };
  g_autofree char *bad_json = write_model ("bad-json.bgmod", "{\"format\": \"bgmod\",\n}\n");
  g_autofree char *bad_model =
    write_model ("bad-model.bgmod",
                 "{\"format\": \"bgmod\", \"version\": 1, \"elements\": [\n"
                 " {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0}],\n"
                 " \"bonds\": [{\"id\": \"b1\", \"from\": \"R1\", \"to\": \"C7\"}]}\n");
  const char *args_syntax[] = { "analyze", bad_json, NULL };
  const char *args_invalid[] = { "analyze", "--json", bad_model, NULL };

  if (!bg_test_run_cli (&syntax, args_syntax, NULL))
    return;
  g_assert_cmpint (syntax.status, ==, 1);
  g_assert_cmpstr (syntax.out, ==, "");
  g_assert_nonnull (strstr (syntax.err, "line 2"));

  bg_test_run_cli (&invalid, args_invalid, NULL);
  g_assert_cmpint (invalid.status, ==, 1);
  g_assert_cmpstr (invalid.out, ==, "");
  g_assert_nonnull (strstr (invalid.err, "bonds[0].to"));
  g_assert_nonnull (strstr (invalid.err, "C7"));
}

static void
test_analyze_ok_json (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = write_model ("rc.bgmod", rc_model);
  const char *args[] = { "analyze", path, "--json", NULL };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj;
  JsonArray *bonds;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_json (run.out);
  obj = json_node_get_object (root);
  g_assert_true (json_object_get_boolean_member (obj, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "states")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "states"), 0),
                   ==, "C1.q");
  bonds = json_object_get_array_member (obj, "bonds");
  g_assert_cmpuint (json_array_get_length (bonds), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (bonds, 0), "id"), ==, "b1");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (bonds, 0), "stroke"), ==, "to");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (bonds, 1), "stroke"), ==, "to");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (bonds, 2), "stroke"), ==, "from");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "algebraic_groups")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "errors")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "warnings")), ==, 0);
}

static void
test_analyze_conflict_json (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = write_model ("two-storages.bgmod", conflict_model);
  const char *args[] = { "analyze", "--json", path, NULL };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj, *err;
  JsonArray *errors, *elements;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_json (run.out);
  obj = json_node_get_object (root);
  g_assert_false (json_object_get_boolean_member (obj, "ok"));
  errors = json_object_get_array_member (obj, "errors");
  g_assert_cmpuint (json_array_get_length (errors), ==, 1);
  err = json_array_get_object_element (errors, 0);
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "causal-conflict");
  g_assert_cmpstr (json_object_get_string_member (err, "message"), ==,
                   "Causal conflict at 0-junction J: ACC and C1 both set its pressure "
                   "(ACC → b3, C1 → b4). Two storages that set the same pressure are "
                   "over-constrained — connect one through an explicit line resistance "
                   "if that is the intended physics.");
  elements = json_object_get_array_member (err, "elements");
  g_assert_cmpuint (json_array_get_length (elements), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (elements, 0), ==, "J");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (err, "bonds")), ==, 2);
}

static void
test_analyze_human (void)
{
  g_auto(BgCliRun) ok = { 0 };
  g_auto(BgCliRun) conflict = { 0 };
  g_autofree char *rc = write_model ("rc-human.bgmod", rc_model);
  g_autofree char *bad = write_model ("conflict-human.bgmod", conflict_model);
  const char *args_ok[] = { "analyze", rc, NULL };
  const char *args_conflict[] = { "analyze", bad, NULL };
  g_autofree char *expected = NULL;

  if (!bg_test_run_cli (&ok, args_ok, NULL))
    return;
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.err, ==, "");
  g_assert_nonnull (strstr (ok.out, "  b1  U.E → J.p1  stroke at J (to)\n"));
  g_assert_nonnull (strstr (ok.out, "  b3  J.p3 → C1.E  stroke at J (from)\n"));
  g_assert_nonnull (strstr (ok.out, "States: C1.q\n"));
  g_assert_nonnull (strstr (ok.out, "Algebraic groups: none\n"));
  g_assert_true (g_str_has_suffix (ok.out, "Causality OK · 1 state\n"));

  bg_test_run_cli (&conflict, args_conflict, NULL);
  g_assert_cmpint (conflict.status, ==, 1);
  g_assert_true (g_str_has_suffix (conflict.out, "Causality has 1 error (listed on stderr)\n"));
  /* each remedy with the whole command that applies it */
  expected = g_strdup_printf ("error: Causal conflict at 0-junction J: ACC and C1 both set its pressure "
                              "(ACC → b3, C1 → b4). Two storages that set the same pressure are "
                              "over-constrained — connect one through an explicit line resistance "
                              "if that is the intended physics. [causal-conflict]\n"
                              "remedy 1: Add a resistance R1 = 1e9 Pa·s/m³ in series with C1, "
                              "between it and J (on a new 1-junction) "
                              "(bgmod-cli fix %s --output fixed.bgmod --remedy 1)\n"
                              "remedy 2: Add a resistance R1 = 1e9 Pa·s/m³ in series with ACC, "
                              "between it and J (on a new 1-junction) "
                              "(bgmod-cli fix %s --output fixed.bgmod --remedy 2)\n", bad, bad);
  g_assert_cmpstr (conflict.err, ==, expected);
}

static void
test_analyze_russian (void)
{
  g_auto(BgCliRun) conflict = { 0 };
  g_auto(BgCliRun) usage = { 0 };
  g_autofree char *bad = write_model ("conflict-ru.bgmod", conflict_model);
  const char *args_conflict[] = { "analyze", bad, "--json", NULL };
  const char *args_usage[] = { "analyze", NULL };
  const char *env[] = { "LANGUAGE", "ru", NULL };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *err;

  if (!bg_test_run_cli (&conflict, args_conflict, env))
    return;
  g_assert_cmpint (conflict.status, ==, 1);
  root = parse_json (conflict.out);
  err = json_array_get_object_element (json_object_get_array_member (json_node_get_object (root),
                                                                     "errors"), 0);
  /* Codes stay English; the sentence is Russian. */
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "causal-conflict");
  g_assert_cmpstr (json_object_get_string_member (err, "message"), ==,
                   "Конфликт причинности (0-узел J): давление задаётся одновременно ACC и C1 "
                   "(ACC → b3, C1 → b4). Два накопителя, задающие одно и то же давление, "
                   "переопределяют систему — подключите один из них через явное "
                   "гидравлическое сопротивление линии, если это соответствует физике.");

  bg_test_run_cli (&usage, args_usage, env);
  g_assert_cmpint (usage.status, ==, 2);
  g_assert_cmpstr (usage.err, ==,
                   "bgmod-cli analyze: не указан файл модели\n"
                   "Запустите «bgmod-cli analyze --help», чтобы увидеть параметры команды.\n");
}

/* Every shipped example analyses with the exit code its "ok" says. */
static void
test_analyze_examples (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;

  if (datadir == NULL)
    {
      g_test_skip ("BGMOD_DATADIR is not set");
      return;
    }
  dir_path = g_build_filename (datadir, "examples", NULL);
  dir = g_dir_open (dir_path, 0, NULL);
  if (dir == NULL)
    {
      g_test_skip ("no examples directory");
      return;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_auto(BgCliRun) run = { 0 };
      g_autofree char *path = NULL;
      g_autoptr(JsonNode) root = NULL;
      const char *args[] = { "analyze", NULL, "--json", NULL };
      gboolean ok;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      args[1] = path;
      if (!bg_test_run_cli (&run, args, NULL))
        return;
      root = parse_json (run.out);
      ok = json_object_get_boolean_member (json_node_get_object (root), "ok");
      g_test_message ("%s: ok=%d exit=%d", name, ok, run.status);
      g_assert_cmpint (run.status, ==, ok ? 0 : 1);
      /* Files named conflict-* are the handbook's conflicts. */
      g_assert_cmpint (ok, ==, !g_str_has_prefix (name, "conflict-"));
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* components ------------------------------------------------------------- */

static JsonObject *
find_component (JsonArray  *array,
                const char *type,
                const char *domain)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonObject *obj = json_array_get_object_element (array, i);
      const char *d = json_object_get_null_member (obj, "domain")
                      ? NULL : json_object_get_string_member (obj, "domain");

      if (strcmp (json_object_get_string_member (obj, "type"), type) == 0 &&
          g_strcmp0 (d, domain) == 0)
        return obj;
    }
  return NULL;
}

static void
test_components_json (void)
{
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { "components", "--json", NULL };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;
  JsonObject *r, *cyl, *port, *param;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  root = parse_json (run.out);
  array = json_node_get_array (root);
  /* Nine primitives and the component Port in four domains, five advanced
   * components. */
  g_assert_cmpuint (json_array_get_length (array), ==, 10 * 4 + 5);

  r = find_component (array, "R", "electrical");
  g_assert_nonnull (r);
  g_assert_cmpstr (json_object_get_string_member (r, "section"), ==, "primitives");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (r, "name"), "en"),
                   ==, "Resistor");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (r, "name"), "ru"),
                   ==, "Резистор");
  port = json_array_get_object_element (json_object_get_array_member (r, "ports"), 0);
  g_assert_cmpstr (json_object_get_string_member (port, "name"), ==, "E");
  g_assert_cmpstr (json_object_get_string_member (port, "domain"), ==, "electrical");
  param = json_array_get_object_element (json_object_get_array_member (r, "params"), 0);
  g_assert_cmpstr (json_object_get_string_member (param, "name"), ==, "value");
  g_assert_cmpstr (json_object_get_string_member (param, "unit"), ==, "Ω");
  g_assert_cmpfloat (json_object_get_double_member (param, "default"), ==, 100.0);

  cyl = find_component (array, "CylinderDA", NULL);
  g_assert_nonnull (cyl);
  g_assert_cmpstr (json_object_get_string_member (cyl, "section"), ==, "advanced");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (cyl, "ports")), ==, 3);
  port = json_array_get_object_element (json_object_get_array_member (cyl, "ports"), 2);
  g_assert_cmpstr (json_object_get_string_member (port, "name"), ==, "M");
  g_assert_cmpstr (json_object_get_string_member (port, "domain"), ==, "translational");
}

/* The reference as Markdown: every type has its page, every page its
 * equations and causality; --markdown stands alone. */
static void
test_components_markdown (void)
{
  g_auto(BgCliRun) md = { 0 };
  g_auto(BgCliRun) ru = { 0 };
  g_auto(BgCliRun) both = { 0 };
  const char *args_md[] = { "components", "--markdown", NULL };
  const char *args_both[] = { "components", "--markdown", "--json", NULL };
  const char *const types[] = { "0", "1", "R", "C", "I", "Se", "Sf", "TF", "GY", "CylinderDA",
                                "MechanicalLoad", "PumpCurve", "GasAccumulator", "DCMotor" };
  const char *const ru_env[] = { "LANGUAGE", "ru", NULL };

  if (!bg_test_run_cli (&md, args_md, NULL))
    return;
  g_assert_cmpint (md.status, ==, 0);
  g_assert_cmpstr (md.err, ==, "");
  g_assert_true (g_str_has_prefix (md.out, "# Component reference\n"));
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autofree char *heading = g_strdup_printf ("\n### %s — ", types[i]);

      g_assert_nonnull (strstr (md.out, heading));
    }
  /* The electrical R's equation with the domain's symbols. */
  g_assert_nonnull (strstr (md.out, "v = R · i_local\n"));
  g_assert_nonnull (strstr (md.out, "**Causality:** Integral causality: it integrates flow"));

  bg_test_run_cli (&ru, args_md, ru_env);
  g_assert_cmpint (ru.status, ==, 0);
  g_assert_true (g_str_has_prefix (ru.out, "# Справочник компонентов\n"));
  g_assert_nonnull (strstr (ru.out, "**Причинность:**"));

  bg_test_run_cli (&both, args_both, NULL);
  g_assert_cmpint (both.status, ==, 2);
  g_assert_cmpstr (both.out, ==, "");
  g_assert_nonnull (strstr (both.err, "--markdown prints the whole reference"));
}

static void
test_components_domain (void)
{
  g_auto(BgCliRun) hyd = { 0 };
  g_auto(BgCliRun) ele = { 0 };
  g_auto(BgCliRun) text = { 0 };
  g_auto(BgCliRun) bad = { 0 };
  const char *args_hyd[] = { "components", "--domain", "hydraulic", "--json", NULL };
  const char *args_ele[] = { "components", "--json", "--domain=electrical", NULL };
  const char *args_text[] = { "components", "--domain", "translational", NULL };
  const char *args_bad[] = { "components", "--domain", "thermal", NULL };
  g_autoptr(JsonNode) hyd_root = NULL;
  g_autoptr(JsonNode) ele_root = NULL;
  JsonArray *array;

  if (!bg_test_run_cli (&hyd, args_hyd, NULL))
    return;
  g_assert_cmpint (hyd.status, ==, 0);
  hyd_root = parse_json (hyd.out);
  array = json_node_get_array (hyd_root);
  /* Hydraulic primitives plus CylinderDA, PumpCurve, GasAccumulator. */
  g_assert_cmpuint (json_array_get_length (array), ==, 9 + 3);
  g_assert_nonnull (find_component (array, "PumpCurve", NULL));
  g_assert_nonnull (find_component (array, "CylinderDA", NULL));
  g_assert_nonnull (find_component (array, "GasAccumulator", NULL));
  g_assert_null (find_component (array, "MechanicalLoad", NULL));
  g_assert_null (find_component (array, "R", "electrical"));
  g_assert_nonnull (find_component (array, "R", "hydraulic"));

  bg_test_run_cli (&ele, args_ele, NULL);
  g_assert_cmpint (ele.status, ==, 0);
  ele_root = parse_json (ele.out);
  array = json_node_get_array (ele_root);
  /* Electrical primitives (with GY) and the DC motor (docs/components.md). */
  g_assert_cmpuint (json_array_get_length (array), ==, 9 + 1);
  g_assert_nonnull (find_component (array, "GY", "electrical"));
  g_assert_nonnull (find_component (array, "DCMotor", NULL));
  {
    JsonObject *gy = find_component (array, "GY", "electrical");
    JsonObject *mot = find_component (array, "DCMotor", NULL);

    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (gy, "name"), "ru"),
                     ==, "Гиратор");
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (mot, "name"), "ru"),
                     ==, "Двигатель постоянного тока");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (mot, "ports")), ==, 2);
  }

  bg_test_run_cli (&text, args_text, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_str_has_prefix (text.out, "Translational mechanics — Primitives\n"));
  g_assert_nonnull (strstr (text.out, "Translational mechanics — Advanced\n"));
  g_assert_nonnull (strstr (text.out, "  MechanicalLoad   "));
  g_assert_null (strstr (text.out, "PumpCurve"));

  bg_test_run_cli (&bad, args_bad, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_cmpstr (bad.out, ==, "");
  g_assert_true (g_str_has_prefix (bad.err,
                                   "bgmod-cli components: unknown domain “thermal”; use electrical, "
                                   "hydraulic, translational or rotational\n"));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bgmod-test-cli-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/usage/no-command", test_no_command);
  g_test_add_func ("/cli/usage/help", test_help);
  g_test_add_func ("/cli/usage/help-russian-from-build-tree", test_help_russian_from_build_tree);
  g_test_add_func ("/cli/usage/unknown-command", test_unknown_command);
  g_test_add_func ("/cli/analyze/usage", test_analyze_usage);
  g_test_add_func ("/cli/analyze/unreadable", test_analyze_unreadable);
  g_test_add_func ("/cli/analyze/invalid", test_analyze_invalid);
  g_test_add_func ("/cli/analyze/ok-json", test_analyze_ok_json);
  g_test_add_func ("/cli/analyze/conflict-json", test_analyze_conflict_json);
  g_test_add_func ("/cli/analyze/human", test_analyze_human);
  g_test_add_func ("/cli/analyze/russian", test_analyze_russian);
  g_test_add_func ("/cli/analyze/examples", test_analyze_examples);
  g_test_add_func ("/cli/components/json", test_components_json);
  g_test_add_func ("/cli/components/domain", test_components_domain);
  g_test_add_func ("/cli/components/markdown", test_components_markdown);

  status = g_test_run ();

  /* Remove the files this run wrote. */
  {
    g_autoptr(GDir) dir = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmp_dir, name, NULL);

        g_unlink (path);
      }
  }
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
