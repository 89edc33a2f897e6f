/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-energy.c — `bgmod-cli energy` as docs/command-line.md specifies it.
 *
 * Owns: the plain text (one line per element with its role and joules,
 * the totals, the residual), its Russian, --csv to a file, the options it
 * shares with simulate and the ones it does not take, and the exit codes
 * (usage errors, a causal conflict, an unreadable model, an unwritable
 * CSV, the memory limit, a run ended by an event). The JSON and the CSV
 * are read back by python3's parsers in tests/check-energy.py. Must not:
 * link the simulator.
 */
#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "bg-test-cli.h"

static void
run_cli (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, NULL, "energy", args);
  va_end (args);
}

static void
run_cli_ru (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, "ru", "energy", args);
  va_end (args);
}

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", name, NULL);
}

static void
test_text (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (BgCliRun) run = { 0 };
  g_auto (GStrv) lines = NULL;

  run_cli (&run, path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  lines = g_strsplit (run.out, "\n", -1);
  /* A title, the three elements, four totals, an empty end. */
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  g_assert_true (g_str_has_prefix (lines[0], "Energy balance of "));
  g_assert_nonnull (strstr (lines[0], "to 5 s"));
  g_assert_true (g_str_has_prefix (lines[1], "  U "));
  g_assert_nonnull (strstr (lines[1], " source "));
  g_assert_nonnull (strstr (lines[2], " dissipator "));
  g_assert_nonnull (strstr (lines[3], " storage "));
  for (guint i = 1; i < 8; i++)
    g_assert_nonnull (strstr (lines[i], " J"));
  g_assert_true (g_str_has_prefix (lines[4], "supplied "));
  g_assert_true (g_str_has_prefix (lines[5], "dissipated "));
  g_assert_true (g_str_has_prefix (lines[6], "stored "));
  g_assert_true (g_str_has_prefix (lines[7], "residual "));
  g_assert_nonnull (strstr (lines[7], "(relative "));
  /* 0.1·(1 − e^−5) J to six digits. */
  g_assert_nonnull (strstr (lines[4], "0.0993262 J"));
}

static void
test_text_russian (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (BgCliRun) run = { 0 };

  run_cli_ru (&run, path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Энергетический баланс"));
  g_assert_nonnull (strstr (run.out, "источник"));
  g_assert_nonnull (strstr (run.out, "невязка"));
  /* Ids and numbers as they are, the unit in GOST 8.417 symbols. */
  g_assert_nonnull (strstr (run.out, "  R1 "));
  g_assert_nonnull (strstr (run.out, "0.0993262 Дж"));
}

static void
test_json_and_options (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (BgCliRun) run = { 0 };

  /* The run options of simulate: a shorter run, a tighter tolerance. */
  run_cli (&run, path, "--json", "--t-end", "2", "--rtol", "1e-9", "--output-step", "0.5", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "{"));
  g_assert_nonnull (strstr (run.out, "\"t_end\": 2"));
  g_assert_nonnull (strstr (run.out, "{\"id\": \"C1\", \"role\": \"storage\", \"energy\": "));
  g_assert_nonnull (strstr (run.out, "\"relative_residual\": "));
}

static void
test_csv_file (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autofree char *dir = g_dir_make_tmp ("test-cli-energy-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "energy.csv", NULL);
  g_autofree char *text = NULL;
  g_auto (BgCliRun) run = { 0 };
  g_auto (GStrv) rows = NULL;

  run_cli (&run, path, "--csv", csv, "--output-step", "1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  rows = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (rows[0], ==, "t,U.W,R1.W,C1.W,supplied,dissipated,stored,residual");
  g_assert_true (g_str_has_prefix (rows[1], "0,0,0,0,0,0,0,"));
  /* Rows at 0, 1, …, 5 s. */
  g_assert_cmpuint (g_strv_length (rows), ==, 8);
  g_assert_true (g_str_has_prefix (rows[6], "5,"));
  g_unlink (csv);
  g_rmdir (dir);
}

static void
test_usage_errors (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (BgCliRun) run = { 0 };
  const char *hint = "Run “bgmod-cli energy --help” for its options.";

  run_cli (&run, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: missing the model file"));
  g_assert_nonnull (strstr (run.err, hint));
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--json", "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: --json and --csv cannot be used together"));
  g_assert_cmpstr (run.out, ==, "");
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--rtol", "nan", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: --rtol: “nan” is not a finite number"));
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--t-end", "1e20", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: simulation.t_end"));
  bg_cli_run_clear (&run);

  /* simulate's output choices are not energy's. */
  run_cli (&run, path, "--vars", "C1.q", NULL);
  g_assert_cmpint (run.status, ==, 2);
  bg_cli_run_clear (&run);
  run_cli (&run, path, "--plot", "out.png", NULL);
  g_assert_cmpint (run.status, ==, 2);
  bg_cli_run_clear (&run);

  run_cli (&run, path, "--max-memory", "lots", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: --max-memory needs a size"));
  bg_cli_run_clear (&run);

  run_cli (&run, "/nonexistent/model.bgmod", NULL);
  g_assert_cmpint (run.status, ==, 2);
}

static void
test_failures (void)
{
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_auto (BgCliRun) run = { 0 };

  /* A causal conflict: as simulate, its errors and exit 1. */
  run_cli (&run, conflict, "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli energy: "));
  bg_cli_run_clear (&run);

  /* Over the memory limit: refused before the run. */
  run_cli (&run, path, "--max-memory", "1K", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: This run would need about "));
  g_assert_nonnull (strstr (run.err, "Or raise the limit with --max-memory."));
  g_assert_cmpstr (run.out, ==, "");
  bg_cli_run_clear (&run);

  /* A CSV that cannot be written: exit 2, before the run. */
  run_cli (&run, path, "--csv", "/nonexistent-dir/energy.csv", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "bgmod-cli energy: cannot write /nonexistent-dir/energy.csv"));
}

/* A run that fails: the balance up to the failure, its reason, exit 1. */
static void
test_solver_failure (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "hostile",
                                                 "tf-chain-overflow.bgmod", NULL);
  g_auto (BgCliRun) run = { 0 };

  /* Three 1:1e50 transformers after a 1e50 V step at t = 0.5 s: the
   * energies overflow right after it. */
  run_cli (&run, path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out, "\"t_end\": 0.5,"));
  g_assert_null (strstr (run.out, "null"));
  g_assert_cmpstr (run.err, ==, "bgmod-cli energy: At t = 0.501 s the energy U.W (energy supplied by U) "
                   "is not a finite number\n");
}

/* The bench ends at the cylinder's end stop: a normal end, its line on
 * standard error, the balance up to that time. */
static void
test_event (void)
{
  g_autofree char *path = example ("hydraulic-bench.bgmod");
  g_auto (BgCliRun) run = { 0 };

  run_cli (&run, path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "CYL reached its end stop"));
  g_assert_nonnull (strstr (run.out, "\"t_end\": 6.81"));
}

static void
test_help (void)
{
  g_auto (BgCliRun) run = { 0 };

  run_cli (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  for (guint i = 0; i < 7; i++)
    {
      const char *option[] = { "--json", "--csv", "--t-end", "--output-step", "--rtol", "--atol",
                               "--max-memory" };
      g_assert_nonnull (strstr (run.out, option[i]));
    }
  g_assert_null (strstr (run.out, "--sweep"));
  g_assert_null (strstr (run.out, "--vars"));
  bg_cli_run_clear (&run);

  /* The list of commands names it. */
  {
    const char *args[] = { "--help", NULL };
    g_assert_true (bg_test_run_cli (&run, args, NULL));
    g_assert_nonnull (strstr (run.out, "  energy   MODEL.bgmod [--json | --csv OUT.csv|-]"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/energy/text", test_text);
  g_test_add_func ("/cli/energy/text-russian", test_text_russian);
  g_test_add_func ("/cli/energy/json-and-options", test_json_and_options);
  g_test_add_func ("/cli/energy/csv-file", test_csv_file);
  g_test_add_func ("/cli/energy/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/energy/failures", test_failures);
  g_test_add_func ("/cli/energy/solver-failure", test_solver_failure);
  g_test_add_func ("/cli/energy/event", test_event);
  g_test_add_func ("/cli/energy/help", test_help);
  return g_test_run ();
}
