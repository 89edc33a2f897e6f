/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-simulate.c — `bgmod-cli simulate` as docs/command-line.md specifies it.
 *
 * Owns: running the installed-to-be binary (BGMOD_CLI) on the examples and
 * on small models written here, and checking its CSV, its messages and its
 * exit codes. Must not: link the simulator directly for anything but
 * computing the expected analyzer message.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bg-causality.h"
#include "bg-file.h"
#include "bg-test-cli.h"

static void
run_cli (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, NULL, "simulate", args);
  va_end (args);
}

static void
run_cli_ru (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, "ru", "simulate", args);
  va_end (args);
}

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", name, NULL);
}

/* Writes text to a fresh temporary .bgmod file; returns its path. */
static char *
temp_model (const char *text)
{
  GError *error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("test-cli-simulate-XXXXXX.bgmod", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  return path;
}

static GStrv
lines (const char *text)
{
  g_auto (GStrv) all = g_strsplit (text, "\n", -1);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; all[i] != NULL; i++)
    if (*all[i] != '\0')
      g_ptr_array_add (out, g_strdup (all[i]));
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

static void
test_csv_all_vars (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (GStrv) rows = NULL;
  g_auto (GStrv) header = NULL;
  BgCliRun run;

  run_cli (&run, path, "--t-end", "1", "--output-step", "0.1", "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  rows = lines (run.out);
  /* Header plus rows at 0, 0.1, ..., 1. */
  g_assert_cmpuint (g_strv_length (rows), ==, 12);
  header = g_strsplit (rows[0], ",", -1);
  g_assert_cmpstr (header[0], ==, "t");
  g_assert_true (g_strv_contains ((const char *const *) header, "b1.e"));
  g_assert_true (g_strv_contains ((const char *const *) header, "b3.P"));
  g_assert_true (g_strv_contains ((const char *const *) header, "C1.q"));
  g_assert_true (g_strv_contains ((const char *const *) header, "C1.E"));
  g_assert_true (g_strv_contains ((const char *const *) header, "R1.f"));
  for (guint r = 1; rows[r] != NULL; r++)
    {
      g_auto (GStrv) cells = g_strsplit (rows[r], ",", -1);
      g_assert_cmpuint (g_strv_length (cells), ==, g_strv_length (header));
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[0], NULL), 0.1 * (r - 1), 1e-12);
    }
  bg_cli_run_clear (&run);
}

static void
test_csv_vars (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (GStrv) rows = NULL;
  BgCliRun run;

  run_cli (&run, path, "--t-end", "2", "--output-step", "0.5", "--vars", "C1.e,b1.f", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = lines (run.out);
  g_assert_cmpuint (g_strv_length (rows), ==, 6);
  g_assert_cmpstr (rows[0], ==, "t,C1.e,b1.f");
  /* RC = 1 s, E = 10 V: v_C(1) = 10 (1 - e^-1) within 1e-4 V. */
  {
    g_auto (GStrv) cells = g_strsplit (rows[3], ",", -1);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[0], NULL), 1.0, 1e-12);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[1], NULL), 10 * (1 - exp (-1.0)), 1e-4);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), 0.01 * exp (-1.0), 1e-7);
  }
  bg_cli_run_clear (&run);
}

static void
test_unknown_var (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  BgCliRun run;

  run_cli (&run, path, "--vars", "C1.e,nope", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "unknown variable “nope” in --vars"));
  bg_cli_run_clear (&run);

  /* a name that differs only in letter case gets the right one offered */
  run_cli (&run, path, "--vars", "c1.e", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "unknown variable “c1.e” in --vars; did you mean “C1.e”?"));
  bg_cli_run_clear (&run);
}

static void
test_bad_settings (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  BgCliRun run;

  run_cli (&run, path, "--t-end", "-1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "simulation.t_end: must be > 0"));
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--plot", "out.jpg", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--plot needs a file name ending in .png, .svg or .pdf"));
  bg_cli_run_clear (&run);
}

static void
test_unreadable (void)
{
  BgCliRun run;

  run_cli (&run, "/nonexistent/model.bgmod", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "/nonexistent/model.bgmod"));
  bg_cli_run_clear (&run);
}

static void
test_conflict (void)
{
  g_autofree char *path = example ("conflict-two-capacitors.bgmod");
  g_autoptr (BgModel) model = bg_file_load_path (path, NULL);
  g_autoptr (BgCausality) causality = NULL;
  const BgDiagnostic *first;
  BgCliRun run;

  g_assert_nonnull (model);
  causality = bg_causality_analyze (model);
  g_assert_false (bg_causality_is_ok (causality));
  first = g_ptr_array_index (bg_causality_get_errors (causality), 0);

  run_cli (&run, path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  /* The analyzer's own message. */
  g_assert_nonnull (strstr (run.err, first->message));
  bg_cli_run_clear (&run);
}

static const char cylinder_model[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"end stop\",\n"
  " \"elements\": [\n"
  "  {\"id\": \"PA\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"params\": {\"value\": 2e5}},\n"
  "  {\"id\": \"PB\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e5}},\n"
  "  {\"id\": \"CYL\", \"type\": \"CylinderDA\"},\n"
  "  {\"id\": \"LOAD\", \"type\": \"MechanicalLoad\", \"params\": {\"mass\": 10, \"damping\": 100}}],\n"
  " \"bonds\": [\n"
  "  {\"id\": \"b1\", \"from\": \"PA\", \"to\": \"CYL.A\"},\n"
  "  {\"id\": \"b2\", \"from\": \"PB\", \"to\": \"CYL.B\"},\n"
  "  {\"id\": \"b3\", \"from\": \"CYL.M\", \"to\": \"LOAD\"}],\n"
  " \"simulation\": {\"t_end\": 1, \"output_step\": 0.01}}\n";

static void
test_end_stop (void)
{
  g_autofree char *path = temp_model (cylinder_model);
  g_autofree char *csv = g_strconcat (path, ".csv", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) err_lines = NULL;
  g_auto (GStrv) rows = NULL;
  g_auto (GStrv) last = NULL;
  double t_event;
  BgCliRun run;

  run_cli (&run, path, "--vars", "CYL.x", "--csv", csv, NULL);
  /* A terminating event is a normal end: exit 0 and one line on stderr. */
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  err_lines = lines (run.err);
  g_assert_cmpuint (g_strv_length (err_lines), ==, 1);
  g_assert_true (g_str_has_prefix (err_lines[0], "CYL reached its end stop x = L at t = "));
  g_assert_true (g_str_has_suffix (err_lines[0], " s"));
  t_event = g_ascii_strtod (err_lines[0] + strlen ("CYL reached its end stop x = L at t = "), NULL);

  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  rows = lines (text);
  g_assert_cmpstr (rows[0], ==, "t,CYL.x");
  /* Rows at 0, 0.01, ... up to the event, then the event row at x = L. */
  last = g_strsplit (rows[g_strv_length (rows) - 1], ",", -1);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last[0], NULL), t_event, 1e-3);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (last[1], NULL), 0.3, 1e-7);
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 1 + (guint) floor (t_event / 0.01 + 1e-9) + 1);
  bg_cli_run_clear (&run);
  g_unlink (csv);
  g_unlink (path);
}

/* A run over --max-memory is refused before it starts, with the estimate
 * and what to change; a size that is not one is a usage error. */
static void
test_max_memory (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autofree char *bench = example ("hydraulic-bench.bgmod");
  BgCliRun run;

  /* 10⁷ rows of every variable (about 6 GiB): over the default 2 GiB */
  run_cli (&run, bench, "--t-end", "1000", "--output-step", "1e-4", "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli simulate: This run would need about "));
  g_assert_nonnull (strstr (run.err, "(10000001 rows × "));
  g_assert_nonnull (strstr (run.err, " recorded variables, plus "));
  g_assert_nonnull (strstr (run.err, "more than the limit of 2.0"));
  g_assert_nonnull (strstr (run.err, "Record fewer variables, use a longer output step or a "
                                     "shorter end time. Or raise the limit with --max-memory.\n"));
  bg_cli_run_clear (&run);

  /* one variable fits; a tighter limit refuses it too */
  run_cli (&run, path, "--t-end", "10", "--output-step", "1e-3", "--vars", "C1.e",
           "--csv", "-", "--max-memory", "100K", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "(10001 rows × 2 recorded variables, plus "));
  bg_cli_run_clear (&run);
  run_cli (&run, path, "--t-end", "10", "--output-step", "1e-3", "--vars", "C1.e",
           "--csv", "-", "--max-memory", "2MiB", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--max-memory", "lots", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "--max-memory needs a size in bytes, e.g. 512M or 4G, not “lots”"));
  bg_cli_run_clear (&run);
}

static void
test_russian (void)
{
  g_autofree char *path = temp_model (cylinder_model);
  BgCliRun run;

  run_cli_ru (&run, path, "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.err, "CYL дошёл до упора x = L при t = "));
  bg_cli_run_clear (&run);

  run_cli_ru (&run, path, "--vars", "nope", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "неизвестная переменная «nope» в --vars"));
  bg_cli_run_clear (&run);
  g_unlink (path);
}

static void
test_solver_failure (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile",
                                                 "tf-chain-overflow.bgmod", NULL);
  g_auto (GStrv) lines = NULL;
  BgCliRun run;

  /* Three 1:1e50 transformers after a 1e50 V step at t = 0.5 s: the flows
   * overflow. The run fails there (exit 1) naming the variable, its bond
   * and the time, and keeps the 500 rows before (t = 0 ... 0.499). A run
   * computes only the columns it writes, so the overflowing flow is asked
   * for beside the capacitor's voltage. */
  run_cli (&run, path, "--vars", "C1.e,b1.f", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_true (g_str_has_prefix (run.out, "t,C1.e,b1.f\n0,0,"));
  lines = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 500 + 1);
  g_assert_true (g_str_has_prefix (lines[500], "0.499,"));
  g_assert_cmpstr (run.err, ==, "bgmod-cli simulate: The simulation failed at t = 0.5 s: "
                   "b1.f (the variable f of b1) is not a finite number\n");
  bg_cli_run_clear (&run);
}

static void
test_plot (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autofree char *dir = g_dir_make_tmp ("test-cli-simulate-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "rc.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "rc.svg", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  BgCliRun run;

  run_cli (&run, path, "--plot", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_file_get_contents (png, &data, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);
  bg_cli_run_clear (&run);
  g_clear_pointer (&data, g_free);

  run_cli (&run, path, "--vars", "C1.e,R1.f", "--plot", svg, "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "t,C1.e,R1.f\n"));
  g_assert_true (g_file_get_contents (svg, &data, &length, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  bg_cli_run_clear (&run);
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

/* Writes the RC example to DIR/NAME with "view"."plots"."vars" set to
 * VARS_JSON (NULL: no view at all); returns the path. */
static char *
write_rc_with_view (const char *dir,
                    const char *name,
                    const char *vars_json)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autofree char *text = NULL;
  g_autofree char *out = g_build_filename (dir, name, NULL);
  g_autoptr(GString) s = NULL;
  char *view;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  view = strstr (text, "\"view\"");
  g_assert_nonnull (view);
  /* the view is the last member: cut it and close the object */
  s = g_string_new_len (text, view - text);
  while (s->len > 0 && (s->str[s->len - 1] == ' ' || s->str[s->len - 1] == '\n' ||
                        s->str[s->len - 1] == ','))
    g_string_truncate (s, s->len - 1);
  if (vars_json != NULL)
    g_string_append_printf (s, ",\n  \"view\": {\"plots\": {\"vars\": %s}}", vars_json);
  g_string_append (s, "\n}\n");
  g_assert_true (g_file_set_contents (out, s->str, -1, NULL));
  return g_steal_pointer (&out);
}

static char *
plot_bytes (const char *model,
            const char *png,
            const char *vars,
            gsize      *length)
{
  char *data = NULL;
  BgCliRun run;

  if (vars != NULL)
    run_cli (&run, model, "--vars", vars, "--plot", png, NULL);
  else
    run_cli (&run, model, "--plot", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  g_assert_true (g_file_get_contents (png, &data, length, NULL));
  g_unlink (png);
  return data;
}

/* Without --vars, --plot draws the variables the editor saved with the
 * model: the same picture as naming them with --vars, and not the
 * picture of the elements' usual variables. */
static void
test_plot_saved_vars (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-simulate-XXXXXX", NULL);
  g_autofree char *saved = write_rc_with_view (dir, "saved.bgmod", "[\"R1.f\", \"C1.q\"]");
  g_autofree char *plain = write_rc_with_view (dir, "plain.bgmod", NULL);
  g_autofree char *stale = write_rc_with_view (dir, "stale.bgmod", "[\"X9.e\", \"R1.f\", 3]");
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  gsize n_saved = 0, n_named = 0, n_plain = 0, n_stale = 0, n_r1f = 0;
  g_autofree char *from_file = plot_bytes (saved, png, NULL, &n_saved);
  g_autofree char *named = plot_bytes (saved, png, "R1.f,C1.q", &n_named);
  g_autofree char *usual = plot_bytes (plain, png, NULL, &n_plain);
  g_autofree char *known = plot_bytes (stale, png, NULL, &n_stale);
  g_autofree char *r1f = plot_bytes (plain, png, "R1.f", &n_r1f);

  g_assert_cmpuint (n_saved, >, 1000);
  g_assert_cmpmem (from_file, n_saved, named, n_named);
  g_assert_false (n_saved == n_plain && memcmp (from_file, usual, n_plain) == 0);
  /* names the plan does not know (an element since deleted) are skipped */
  g_assert_cmpmem (known, n_stale, r1f, n_r1f);

  g_unlink (saved);
  g_unlink (plain);
  g_unlink (stale);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/simulate/csv-all-vars", test_csv_all_vars);
  g_test_add_func ("/cli/simulate/csv-vars", test_csv_vars);
  g_test_add_func ("/cli/simulate/unknown-var", test_unknown_var);
  g_test_add_func ("/cli/simulate/bad-settings", test_bad_settings);
  g_test_add_func ("/cli/simulate/unreadable", test_unreadable);
  g_test_add_func ("/cli/simulate/conflict", test_conflict);
  g_test_add_func ("/cli/simulate/end-stop", test_end_stop);
  g_test_add_func ("/cli/simulate/russian", test_russian);
  g_test_add_func ("/cli/simulate/solver-failure", test_solver_failure);
  g_test_add_func ("/cli/simulate/plot", test_plot);
  g_test_add_func ("/cli/simulate/max-memory", test_max_memory);
  g_test_add_func ("/cli/simulate/plot-saved-vars", test_plot_saved_vars);
  return g_test_run ();
}
