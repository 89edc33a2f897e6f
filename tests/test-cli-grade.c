/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-grade.c — `bgmod-cli grade` and `bgmod-cli fix` as teachers'
 * scripts see them.
 *
 * Owns: running the built bgmod-cli (path in BGMOD_CLI) on students' files
 * and conflict models and checking stdout (one JSON object per line, in
 * argument order), stderr and the exit codes of docs/command-line.md, in English and
 * with LANGUAGE=ru (the text report's columns aligned by what a terminal
 * shows); the remedies in `analyze --json`. Must not: link the
 * CLI's code or depend on the order of tests.
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
  "  {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\", \"x\": 120, \"y\": 0},\n"
  "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 120, \"y\": -120},\n"
  "  {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", \"x\": 240, \"y\": 0}],\n"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"},\n"
  "  {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"},\n"
  "  {\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\"}]%s}\n";

static char *
write_rc (const char *name,
          const char *strokes)
{
  g_autofree char *exercise = strokes != NULL
    ? g_strdup_printf (", \"exercise\": {\"strokes\": {%s}}", strokes) : g_strdup ("");
  g_autofree char *text = g_strdup_printf (rc_model, exercise);

  return write_model (name, text);
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

static JsonObject *
parse_line (const char *line)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, line, -1, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* grade --------------------------------------------------------------------- */

/* A class folder: one correct, one wrong, one with a stroke missing, one
 * with the other valid choice... graded in argument order, one line each. */
static void
test_grade_folder_json (void)
{
  g_autofree char *good = write_rc ("good.bgmod", "\"b1\": \"to\", \"b2\": \"to\", \"b3\": \"from\"");
  g_autofree char *wrong = write_rc ("wrong.bgmod", "\"b1\": \"to\", \"b2\": \"from\", \"b3\": \"from\"");
  g_autofree char *part = write_rc ("part.bgmod", "\"b1\": \"to\", \"b3\": \"from\"");
  g_auto(BgCliRun) run = { 0 };
  g_auto(BgCliRun) one = { 0 };
  const char *args[] = { "grade", good, wrong, part, "--json", NULL };
  const char *args_one[] = { "grade", good, "--json", NULL };
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonObject) first = NULL;
  g_autoptr(JsonObject) second = NULL;
  g_autoptr(JsonObject) third = NULL;
  JsonObject *bond;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_cmpstr (lines[3], ==, "");
  first = parse_line (lines[0]);
  second = parse_line (lines[1]);
  third = parse_line (lines[2]);
  g_assert_cmpstr (json_object_get_string_member (first, "file"), ==, good);
  g_assert_true (json_object_get_boolean_member (first, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (first, "bonds")), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (second, "file"), ==, wrong);
  g_assert_false (json_object_get_boolean_member (second, "ok"));
  bond = json_array_get_object_element (json_object_get_array_member (second, "bonds"), 1);
  g_assert_cmpstr (json_object_get_string_member (bond, "id"), ==, "b2");
  g_assert_cmpstr (json_object_get_string_member (bond, "verdict"), ==, "wrong");
  g_assert_cmpstr (json_object_get_string_member (bond, "message"), ==,
                   "1-junction J has no bond that gives it flow — a 1-junction takes its flow from exactly one.");
  bond = json_array_get_object_element (json_object_get_array_member (third, "bonds"), 1);
  g_assert_cmpstr (json_object_get_string_member (bond, "verdict"), ==, "missing");

  if (!bg_test_run_cli (&one, args_one, NULL))
    return;
  g_assert_cmpint (one.status, ==, 0);
}

static void
test_grade_text_and_russian (void)
{
  g_autofree char *wrong = write_rc ("wrong-ru.bgmod", "\"b1\": \"from\", \"b2\": \"to\", \"b3\": \"from\"");
  g_auto(BgCliRun) en = { 0 };
  g_auto(BgCliRun) ru = { 0 };
  const char *args[] = { "grade", wrong, NULL };
  const char *env_ru[] = { "LANGUAGE", "ru", NULL };

  if (!bg_test_run_cli (&en, args, NULL) || !bg_test_run_cli (&ru, args, env_ru))
    return;
  g_assert_cmpint (en.status, ==, 1);
  g_assert_nonnull (strstr (en.out, ": 2 of 3 bonds correct\n"));
  g_assert_nonnull (strstr (en.out, "  b1  WRONG    Se U sets the effort: the stroke on b1 belongs at J, away from the source.\n"));
  g_assert_cmpint (ru.status, ==, 1);
  g_assert_nonnull (strstr (ru.out, ": верно 2 из 3 связей\n"));
  g_assert_nonnull (strstr (ru.out, "Se U задаёт усилие: штрих на связи b1 ставится у J"));
}

/* The column a bond's sentence starts at, counted in characters (the
 * verdicts and ids here are one column each). */
static glong
sentence_column (const char *line)
{
  const char *p = line + 2;

  /* id, two spaces, the verdict and its padding, one space */
  p = strstr (p, "  ") + 2;
  while (*p != ' ')
    p = g_utf8_next_char (p);
  while (*p == ' ')
    p++;
  return g_utf8_pointer_to_offset (line, p);
}

/* In Russian the verdicts are longer and two bytes a letter: the columns
 * still line up, counted in what the terminal shows. */
static void
test_grade_russian_columns (void)
{
  g_autofree char *part = write_rc ("columns-ru.bgmod", "\"b1\": \"from\", \"b2\": \"to\"");
  g_auto(BgCliRun) ru = { 0 };
  const char *args[] = { "grade", part, NULL };
  const char *env_ru[] = { "LANGUAGE", "ru", NULL };
  g_auto(GStrv) lines = NULL;

  if (!bg_test_run_cli (&ru, args, env_ru))
    return;
  lines = g_strsplit (ru.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  /* wrong, ok, missing: three verdicts of three lengths */
  g_assert_nonnull (strstr (lines[1], "НЕВЕРНО"));
  g_assert_nonnull (strstr (lines[3], "отсутствует"));
  g_assert_cmpint (sentence_column (lines[1]), ==, sentence_column (lines[2]));
  g_assert_cmpint (sentence_column (lines[1]), ==, sentence_column (lines[3]));
  g_assert_true (g_str_has_prefix (lines[3] + strlen ("  b3  "), "отсутствует На связи b3"));
}

/* An invalid model fails its grade (1) and says why; an unreadable file is
 * a usage-level error (2); the other files are still graded. */
static void
test_grade_bad_files (void)
{
  g_autofree char *good = write_rc ("good2.bgmod", "\"b1\": \"to\", \"b2\": \"to\", \"b3\": \"from\"");
  g_autofree char *invalid = write_rc ("invalid.bgmod", "\"b7\": \"to\"");
  g_autofree char *absent = g_build_filename (tmp_dir, "absent.bgmod", NULL);
  g_auto(BgCliRun) run = { 0 };
  g_auto(BgCliRun) gone = { 0 };
  g_auto(BgCliRun) none = { 0 };
  g_auto(BgCliRun) option = { 0 };
  const char *args[] = { "grade", "--json", invalid, good, NULL };
  const char *args_gone[] = { "grade", good, absent, NULL };
  const char *args_none[] = { "grade", "--json", NULL };
  const char *args_option[] = { "grade", "--points", good, NULL };
  g_auto(GStrv) lines = NULL;
  g_autoptr(JsonObject) first = NULL;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3);
  first = parse_line (lines[0]);
  g_assert_false (json_object_get_boolean_member (first, "ok"));
  g_assert_true (g_str_has_suffix (json_object_get_string_member (first, "error"),
                                   "invalid.bgmod: exercise.strokes.b7: no bond \"b7\""));
  g_assert_nonnull (strstr (run.err, "exercise.strokes.b7: no bond \"b7\""));

  if (!bg_test_run_cli (&gone, args_gone, NULL))
    return;
  g_assert_cmpint (gone.status, ==, 2);
  g_assert_nonnull (strstr (gone.out, "good2.bgmod: 3 of 3 bonds correct"));
  g_assert_nonnull (strstr (gone.err, "absent.bgmod"));

  /* With --json an unreadable file still has its line, in order. */
  {
    g_auto(BgCliRun) gone_json = { 0 };
    const char *args_gone_json[] = { "grade", "--json", absent, good, NULL };
    g_auto(GStrv) json_lines = NULL;
    g_autoptr(JsonObject) absent_obj = NULL;

    g_assert_true (bg_test_run_cli (&gone_json, args_gone_json, NULL));
    g_assert_cmpint (gone_json.status, ==, 2);
    json_lines = g_strsplit (gone_json.out, "\n", -1);
    g_assert_cmpuint (g_strv_length (json_lines), ==, 3);
    absent_obj = parse_line (json_lines[0]);
    g_assert_cmpstr (json_object_get_string_member (absent_obj, "file"), ==, absent);
    g_assert_false (json_object_get_boolean_member (absent_obj, "ok"));
    g_assert_true (json_object_has_member (absent_obj, "error"));
  }

  if (!bg_test_run_cli (&none, args_none, NULL))
    return;
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "bgmod-cli grade: missing the students' model files"));
  if (!bg_test_run_cli (&option, args_option, NULL))
    return;
  g_assert_cmpint (option.status, ==, 2);
}

/* fix and analyze --json remedies ----------------------------------------------- */

static void
test_analyze_remedies (void)
{
  g_autofree char *model = example ("conflict-two-capacitors.bgmod");
  g_auto(BgCliRun) run = { 0 };
  const char *args[] = { "analyze", model, "--json", NULL };
  g_autoptr(JsonObject) root = NULL;
  JsonObject *error;
  JsonArray *remedies;

  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  root = parse_line (run.out);
  error = json_array_get_object_element (json_object_get_array_member (root, "errors"), 0);
  remedies = json_object_get_array_member (error, "remedies");
  g_assert_cmpuint (json_array_get_length (remedies), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (remedies, 0), "text"),
                   ==, "Add a resistance R2 = 100 Ω in series with C2, between it and J_C (on a new 1-junction)");
}

/* Both conflict examples: fixed by their first remedy, then they analyze
 * and simulate. */
static void
test_fix_examples (void)
{
  const char *names[] = { "conflict-two-capacitors.bgmod", "conflict-accumulator-on-chamber.bgmod" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *model = example (names[i]);
      g_autofree char *out = g_build_filename (tmp_dir, names[i], NULL);
      g_auto(BgCliRun) fix = { 0 };
      g_auto(BgCliRun) analyze = { 0 };
      g_auto(BgCliRun) simulate = { 0 };
      const char *args_fix[] = { "fix", model, "--output", out, NULL };
      const char *args_analyze[] = { "analyze", out, NULL };
      const char *args_simulate[] = { "simulate", out, "--t-end", "0.2", "--csv", "-", NULL };

      if (!bg_test_run_cli (&fix, args_fix, NULL))
        return;
      g_assert_cmpint (fix.status, ==, 0);
      g_assert_true (g_str_has_prefix (fix.err, "Applied: Add a resistance"));
      g_assert_true (bg_test_run_cli (&analyze, args_analyze, NULL));
      g_assert_cmpint (analyze.status, ==, 0);
      g_assert_true (bg_test_run_cli (&simulate, args_simulate, NULL));
      g_assert_cmpint (simulate.status, ==, 0);
      g_assert_true (g_str_has_prefix (simulate.out, "t,"));
    }
}

static void
test_fix_refusals (void)
{
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *fine = write_rc ("fine.bgmod", NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "out.bgmod", NULL);
  g_autofree char *second = g_build_filename (tmp_dir, "second.bgmod", NULL);
  g_auto(BgCliRun) no_conflict = { 0 };
  g_auto(BgCliRun) no_remedy = { 0 };
  g_auto(BgCliRun) no_output = { 0 };
  g_auto(BgCliRun) zero = { 0 };
  g_auto(BgCliRun) two = { 0 };
  const char *args_no_conflict[] = { "fix", fine, "--output", out, NULL };
  const char *args_no_remedy[] = { "fix", conflict, "--output", out, "--remedy", "3", NULL };
  const char *args_no_output[] = { "fix", conflict, NULL };
  const char *args_zero[] = { "fix", conflict, "-o", out, "--remedy", "0", NULL };
  const char *args_two[] = { "fix", conflict, "-o", second, "--remedy", "2", NULL };
  g_autofree char *text = NULL;

  if (!bg_test_run_cli (&no_conflict, args_no_conflict, NULL))
    return;
  g_assert_cmpint (no_conflict.status, ==, 1);
  g_assert_nonnull (strstr (no_conflict.err, "fine.bgmod has no causal conflict to fix"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_true (bg_test_run_cli (&no_remedy, args_no_remedy, NULL));
  g_assert_cmpint (no_remedy.status, ==, 1);
  g_assert_cmpstr (no_remedy.err, ==, "bgmod-cli: no remedy 3: the first conflict has 2 remedies\n");
  g_assert_true (bg_test_run_cli (&no_output, args_no_output, NULL));
  g_assert_cmpint (no_output.status, ==, 2);
  g_assert_nonnull (strstr (no_output.err, "missing --output OUT.bgmod"));
  g_assert_true (bg_test_run_cli (&zero, args_zero, NULL));
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_true (bg_test_run_cli (&two, args_two, NULL));
  g_assert_cmpint (two.status, ==, 0);
  g_assert_true (g_file_get_contents (second, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\"id\": \"R2\""));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bgmod-test-cli-grade-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/cli/grade/folder-json", test_grade_folder_json);
  g_test_add_func ("/cli/grade/text-and-russian", test_grade_text_and_russian);
  g_test_add_func ("/cli/grade/russian-columns", test_grade_russian_columns);
  g_test_add_func ("/cli/grade/bad-files", test_grade_bad_files);
  g_test_add_func ("/cli/fix/analyze-remedies", test_analyze_remedies);
  g_test_add_func ("/cli/fix/examples", test_fix_examples);
  g_test_add_func ("/cli/fix/refusals", test_fix_refusals);

  status = g_test_run ();
  {
    g_autoptr(GDir) dir = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmp_dir, name, NULL);

        g_unlink (path);
      }
    g_rmdir (tmp_dir);
    g_free (tmp_dir);
  }
  return status;
}
