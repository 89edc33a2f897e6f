/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file.c — tests for the .bgmod reader and writer (core/bg-file.c).
 *
 * Owns: files that load (defaults, linked parameters, unknown keys, port
 * names), round trips of numbers, strings, layout, the view section and
 * every example, messages that name the path, and atomic saves. Must not:
 * depend on the analyzer or the simulator; what the reader refuses is
 * test-file-bad.c's.
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "bg-file.h"
#include "bg-file-read-private.h"
#include "bg-test-file.h"

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

static const char *const example_names[] = {
  "rc-circuit",
  "rlc-circuit",
  "parallel-rc-current-step",
  "mass-spring-damper",
  "lever",
  "gear-pair",
  "hydraulic-rc",
  "hydraulic-bench",
  "conflict-two-capacitors",
  "conflict-accumulator-on-chamber",
};

static char *
example_path (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *file = g_strconcat (name, ".bgmod", NULL);

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", file, NULL);
}

static char *
read_text (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static guint
count_dir_entries (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* ------------------------------------------------------------------------
 * Good files
 * ------------------------------------------------------------------------ */

static void
test_load_rc (void)
{
  g_autoptr(BgModel) model = bg_test_load_json (HEAD "\"name\": \"RC\", " RC_ELEMENTS ", " RC_BONDS
                                                ", \"simulation\": {\"t_end\": 5, \"output_step\": 0.01}}");
  const BgSimSettings *sim = bg_model_get_simulation (model);
  BgElement *u = bg_model_find_element (model, "U");
  BgBond *b3 = bg_model_find_bond (model, "b3");

  g_assert_cmpstr (bg_model_get_name (model), ==, "RC");
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 6);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 3);
  g_assert_nonnull (u);
  g_assert_cmpstr (u->spec->type, ==, "Se");
  g_assert_cmpint (u->spec->domain, ==, BG_DOMAIN_ELECTRICAL);
  g_assert_nonnull (b3);
  g_assert_cmpint (b3->arrow, ==, BG_ARROW_REVERSED);
  g_assert_cmpstr (b3->from->id, ==, "J");
  g_assert_cmpstr (b3->to->id, ==, "C1");
  g_assert_cmpfloat (sim->t_end, ==, 5.0);
  g_assert_cmpfloat (sim->output_step, ==, 0.01);
  g_assert_false (bg_model_can_undo (model));
}

/* Omitted parameters take the library default; all are written back. */
static void
test_defaults_and_full_params (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (ONE_ELEMENT ("{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", "
                                    "\"params\": {\"initial\": 0.002}}"));
  BgElement *c1 = bg_model_find_element (model, "C1");
  g_autofree char *data = bg_file_to_data (model, NULL);

  g_assert_cmpfloat (c1->params[0].number, ==, 0.001);
  g_assert_cmpfloat (c1->params[1].number, ==, 0.002);
  g_assert_nonnull (strstr (data, "\"params\": {\"value\": 0.001, \"initial\": 0.002}"));
}

/* D and d both change, in an order that passes through D < old d. */
static void
test_linked_params_any_order (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (ONE_ELEMENT ("{\"id\": \"CYL\", \"type\": \"CylinderDA\", \"params\": "
                                    "{\"D\": 0.02, \"d\": 0.01, \"L\": 0.1, \"x0\": 0.05}}"));
  BgElement *cyl = bg_model_find_element (model, "CYL");

  g_assert_cmpfloat (cyl->params[0].number, ==, 0.02);
  g_assert_cmpfloat (cyl->params[1].number, ==, 0.01);
  g_assert_cmpfloat (cyl->params[2].number, ==, 0.1);
  g_assert_cmpfloat (cyl->params[3].number, ==, 0.05);
}

static void
test_unknown_top_level_keys_ignored (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (HEAD "\"generator\": {\"by\": \"hand\", \"n\": [1, 2]}, \"elements\": [], "
                       "\"simulation\": {\"t_end\": 2, \"solver\": \"cvode\"}}");

  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 2.0);
}

/* One-port ends may name their single port; they are written bare. */
static void
test_one_port_end_with_port (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (WITH_BONDS ("{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1.E\"}, "
                                   "{\"id\": \"b2\", \"from\": \"CYL.M\", \"to\": \"M1\"}"));
  g_autofree char *data = bg_file_to_data (model, NULL);

  g_assert_nonnull (strstr (data, "{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1\"}"));
  g_assert_nonnull (strstr (data, "{\"id\": \"b2\", \"from\": \"CYL.M\", \"to\": \"M1\"}"));
}

static void
test_numbers_round_trip (void)
{
  static const double values[] = {
    0.1, 1.5e-7, 1.0 / 3.0, 2.0 / 3.0 * 1e-12, 6.02214076e23, 1e-300, 123456789.0,
    5e-324, 1.7976931348623157e308, -2.5, 9007199254740993.0,
  };
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) back = NULL;
  g_autofree char *data = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);

      g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, id,
                                              values[i], -values[i], &error));
      g_assert_no_error (error);
      /* Parameters hold magnitudes in [1e-50, 1e50]; positions any. */
      if (fabs (values[i]) >= BG_PARAM_MIN_MAGNITUDE && fabs (values[i]) <= BG_PARAM_MAX_MAGNITUDE)
        bg_model_set_param_number (model, id, "value", values[i], &error);
      g_assert_no_error (error);
    }
  data = bg_file_to_data (model, NULL);
  g_assert_nonnull (strstr (data, "\"x\": 0.1, \"y\": -0.1,"));

  back = bg_file_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);
      BgElement *el = bg_model_find_element (back, id);

      g_assert_cmpfloat (el->x, ==, values[i]);
      g_assert_cmpfloat (el->y, ==, -values[i]);
      if (fabs (values[i]) >= BG_PARAM_MIN_MAGNITUDE && fabs (values[i]) <= BG_PARAM_MAX_MAGNITUDE)
        g_assert_cmpfloat (el->params[1].number, ==, values[i]);
    }
}

/* Numbers are written as an engineer types them, and still exactly. */
static void
test_number_format (void)
{
  static const struct { double value; const char *text; } cases[] = {
    { 1000, "1000" }, { 100, "100" }, { 1500, "1500" }, { 10000, "1e4" },
    { 1.5e6, "1.5e6" }, { 1e10, "1e10" }, { 3e20, "3e20" }, { 123456789, "123456789" },
    { 12345.678, "12345.678" }, { 0.025, "0.025" }, { 0.1, "0.1" }, { 0.0001, "0.0001" },
    { 9e-5, "9e-5" }, { 1.5e-7, "1.5e-7" }, { 1e-12, "1e-12" }, { -2.5, "-2.5" },
    { -0.0005, "-0.0005" }, { -1e9, "-1e9" }, { 1.0 / 3.0, "0.3333333333333333" },
    { 5e-324, "5e-324" }, { 1.7976931348623157e308, "1.7976931348623157e308" },
    { 0.30000000000000004, "0.30000000000000004" }, { 0, "0" }, { -0.0, "0" },
  };
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);

      g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, id,
                                              cases[i].value, 0, &error));
      g_assert_no_error (error);
    }
  data = bg_file_to_data (model, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *expected =
        g_strdup_printf ("{\"id\": \"U%u\", \"type\": \"Se\", \"domain\": \"electrical\", "
                         "\"x\": %s, \"y\": 0", i, cases[i].text);

      g_test_message ("%s", expected);
      g_assert_nonnull (strstr (data, expected));
    }
}

static void
test_strings_round_trip (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (HEAD "\"name\": \"Цепь \\\"RC\\\"\\n\\t\\u00e9 \\ud83d\\ude00 \\\\ \\/\", "
                       "\"elements\": [{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", "
                       "\"label\": \"R\\u2081 \\u0001\"}]}");
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = bg_test_load_json (data);

  g_assert_cmpstr (bg_model_get_name (model), ==, "Цепь \"RC\"\n\té 😀 \\ /");
  g_assert_cmpstr (bg_model_find_element (model, "R1")->label, ==, "R₁ \001");
  g_assert_cmpstr (bg_model_get_name (back), ==, bg_model_get_name (model));
  g_assert_cmpstr (bg_model_find_element (back, "R1")->label, ==, "R₁ \001");
  g_assert_nonnull (strstr (data, "\"label\": \"R₁ \\u0001\""));
}

static void
test_layout_fields_round_trip (void)
{
  const char *json =
    "{\n"
    "  \"format\": \"bgmod\",\n"
    "  \"version\": 1,\n"
    "  \"name\": \"Layout\",\n"
    "  \"elements\": [\n"
    "    {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 80, \"y\": 120, \"rotation\": 90, \"params\": {\"waveform\": \"step\", \"value\": 0, \"after\": 10, \"time\": 0.5}, \"label\": \"Source\"},\n"
    "    {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\", \"x\": 200, \"y\": 120}\n"
    "  ],\n"
    "  \"bonds\": [\n"
    "    {\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\", \"arrow\": \"reversed\"}\n"
    "  ],\n"
    "  \"simulation\": {\"t_end\": 5, \"output_step\": 0.01, \"rtol\": 1e-6, \"atol\": 1e-9}\n"
    "}\n";
  g_autoptr(BgModel) model = bg_test_load_json (json);
  g_autofree char *data = bg_file_to_data (model, NULL);

  /* The canonical form of a canonical file is itself. */
  g_assert_cmpstr (data, ==, json);
}

static void
test_empty_model (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = bg_test_load_json (data);
  g_autofree char *again = bg_file_to_data (back, NULL);

  g_assert_true (g_str_has_prefix (data, "{\n  \"format\": \"bgmod\",\n  \"version\": 1,\n"));
  g_assert_nonnull (strstr (data, "  \"elements\": [],\n  \"bonds\": [],\n"));
  g_assert_true (g_str_has_suffix (data, "}\n"));
  g_assert_cmpstr (again, ==, data);
}

static void
test_view_preserved (void)
{
  g_autoptr(BgModel) model =
    bg_test_load_json (HEAD "\"elements\": [], \"view\": {\"zoom\": 1.5, \"pan\": [-20, 30.25], "
                       "\"plots\": [{\"vars\": [\"C1.e\", \"b1.P\"], \"log\": false}], "
                       "\"empty\": {}, \"none\": [], \"note\": \"é\\n\", \"nothing\": null}}");
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = bg_test_load_json (data);
  g_autofree char *again = bg_file_to_data (back, NULL);

  g_assert_nonnull (bg_model_get_view_json (model));
  g_assert_cmpstr (bg_model_get_view_json (back), ==, bg_model_get_view_json (model));
  g_assert_cmpstr (again, ==, data);
  g_assert_nonnull (strstr (data,
    "  \"view\": {\n"
    "    \"zoom\": 1.5,\n"
    "    \"pan\": [\n"
    "      -20,\n"
    "      30.25\n"
    "    ],\n"));
  g_assert_nonnull (strstr (data, "\"empty\": {},\n    \"none\": [],\n"
                                  "    \"note\": \"é\\n\",\n    \"nothing\": null\n  }\n}\n"));
}

static void
test_examples_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (example_names); i++)
    {
      g_autofree char *path = example_path (example_names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) model = NULL;
      g_autoptr(BgModel) back = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      gsize length;

      g_test_message ("example %s", path);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (model);
      g_assert_cmpuint (bg_model_get_elements (model)->len, >, 3);
      g_assert_cmpuint (bg_model_get_bonds (model)->len, >, 2);
      g_assert_cmpstr (bg_model_get_name (model), !=, "");

      first = bg_file_to_data (model, NULL);
      back = bg_file_load_from_data (first, -1, &error);
      g_assert_no_error (error);
      second = bg_file_to_data (back, NULL);
      g_assert_cmpstr (second, ==, first);

      /* The examples are stored in their canonical form. */
      contents = read_text (path, &length);
      g_assert_cmpstr (contents, ==, first);
    }
}

/* ------------------------------------------------------------------------
 * Files on disk
 * ------------------------------------------------------------------------ */

static void
test_load_path_prefix (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.bgmod", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = NULL;

  write_text (path, HEAD "\n\"elements\": [], \"bonds\": [{\"id\": \"b1\", "
              "\"from\": \"A\", \"to\": \"B\"}]}");
  g_assert_null (bg_file_load_path (path, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  expected = g_strdup_printf ("%s: bonds[0].from: no element \"A\"", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  file = g_file_new_for_path (path);
  g_assert_null (bg_file_load (file, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_null (bg_file_load_path (missing, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: no such file", missing);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_null (bg_file_load_path (dir, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: is a directory, not a file", dir);
  g_assert_cmpstr (error->message, ==, expected);

  g_unlink (path);
  g_rmdir (dir);
}

static BgModel *
small_model (void)
{
  return bg_test_load_json (HEAD "\"name\": \"RC\", " RC_ELEMENTS ", " RC_BONDS "}");
}

static void
test_save_over_existing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autoptr(BgModel) model = small_model ();
  g_autofree char *expected = bg_file_to_data (model, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(BgModel) back = NULL;
  GStatBuf st;
  gsize length;

  write_text (path, "old contents");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  g_assert_true (bg_file_save_path (model, path, &error));
  g_assert_no_error (error);
  contents = read_text (path, &length);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (length, ==, strlen (expected));
  /* No temporary file left beside it; the mode is kept. */
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  back = bg_file_load_path (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_model_get_bonds (back)->len, ==, 3);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_save_gfile_and_symlink (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.bgmod", NULL);
  g_autofree char *link = g_build_filename (dir, "link.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(BgModel) model = small_model ();
  g_autofree char *expected = bg_file_to_data (model, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  write_text (real, "old");
  g_assert_cmpint (symlink ("real.bgmod", link), ==, 0);

  g_assert_true (bg_file_save (model, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  contents = read_text (real, &length);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (count_dir_entries (dir), ==, 2);

  g_unlink (link);
  g_unlink (real);
  g_rmdir (dir);
}

static void
test_save_missing_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "no-such-dir", NULL);
  g_autofree char *path = g_build_filename (sub, "model.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(BgModel) model = small_model ();

  g_assert_false (bg_file_save_path (model, path, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: cannot save: %s", path, g_strerror (ENOENT));
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_dir_entries (dir), ==, 0);

  g_rmdir (dir);
}

/* A write that fails half-way (here: over the file size limit, which also
 * binds root) must leave the old file as it was and no temporary file. */
static void
test_save_failure_keeps_old (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(BgModel) model = small_model ();
  struct rlimit saved, limited;
  void (*old_handler) (int);
  gboolean ok;
  gsize length;

  write_text (path, "old contents");

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limited = saved;
  limited.rlim_cur = 64;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);
  ok = bg_file_save_path (model, path, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_false (ok);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: cannot save: %s", path, g_strerror (EFBIG));
  g_assert_cmpstr (error->message, ==, expected);

  contents = read_text (path, &length);
  g_assert_cmpstr (contents, ==, "old contents");
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/file/load/rc", test_load_rc);
  g_test_add_func ("/core/file/load/defaults", test_defaults_and_full_params);
  g_test_add_func ("/core/file/load/linked-params", test_linked_params_any_order);
  g_test_add_func ("/core/file/load/unknown-top-level-keys", test_unknown_top_level_keys_ignored);
  g_test_add_func ("/core/file/load/one-port-end-with-port", test_one_port_end_with_port);
  g_test_add_func ("/core/file/load/path-prefix", test_load_path_prefix);

  g_test_add_func ("/core/file/round-trip/numbers", test_numbers_round_trip);
  g_test_add_func ("/core/file/round-trip/number-format", test_number_format);
  g_test_add_func ("/core/file/round-trip/strings", test_strings_round_trip);
  g_test_add_func ("/core/file/round-trip/layout", test_layout_fields_round_trip);
  g_test_add_func ("/core/file/round-trip/empty", test_empty_model);
  g_test_add_func ("/core/file/round-trip/view", test_view_preserved);
  g_test_add_func ("/core/file/round-trip/examples", test_examples_round_trip);

  g_test_add_func ("/core/file/save/over-existing", test_save_over_existing);
  g_test_add_func ("/core/file/save/gfile-symlink", test_save_gfile_and_symlink);
  g_test_add_func ("/core/file/save/missing-dir", test_save_missing_dir);
  g_test_add_func ("/core/file/save/failure-keeps-old", test_save_failure_keeps_old);

  return g_test_run ();
}
