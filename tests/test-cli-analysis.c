/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-analysis.c — `bgmod-cli linearize`, `bode` and `simulate
 * --sweep` as docs/command-line.md's Additions specify them.
 *
 * Owns: running the binary (BGMOD_CLI) on the examples and checking its
 * JSON against closed forms, its report, its messages and its exit codes.
 * Must not: link the linearization directly.
 */
#include "config.h"
#include "bg-test-cli.h"

#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <sys/wait.h>

static void
run_cli (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, NULL, NULL, args);
  va_end (args);
}

static void
run_cli_ru (BgCliRun *run, ...)
{
  va_list args;

  va_start (args, run);
  bg_test_run_cli_va (run, "ru", NULL, args);
  va_end (args);
}

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", name, NULL);
}

static JsonObject *
parse_object (JsonParser *parser, const char *text)
{
  GError *error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static double
matrix_at (JsonObject *obj, const char *name, guint i, guint j)
{
  JsonArray *rows = json_object_get_array_member (obj, name);
  return json_array_get_double_element (json_array_get_array_element (rows, i), j);
}

/* The series RLC example (R = 10 Ω, L = 0.1 H, C = 1 mF): A exactly, and
 * λ = −50 ± j86.6025 (ω0 = 100 rad/s, ζ = 0.5) within 1e-9 relative. */
static void
test_linearize_rlc_json (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  JsonArray *eig;
  BgCliRun run;

  run_cli (&run, "linearize", path, "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  obj = parse_object (parser, run.out);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "states"), 0), ==, "L1.p");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "states"), 1), ==, "C1.q");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "inputs")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "inputs"), 0), ==, "U");
  /* every variable but t */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "outputs")), >, 10);
  g_assert_cmpfloat (matrix_at (obj, "A", 0, 0), ==, -100);
  g_assert_cmpfloat (matrix_at (obj, "A", 0, 1), ==, -1000);
  g_assert_cmpfloat (matrix_at (obj, "A", 1, 0), ==, 10);
  g_assert_cmpfloat (matrix_at (obj, "A", 1, 1), ==, 0);
  g_assert_cmpfloat (matrix_at (obj, "B", 0, 0), ==, 1);
  g_assert_cmpfloat (matrix_at (obj, "B", 1, 0), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "C")),
                    ==, json_array_get_length (json_object_get_array_member (obj, "outputs")));
  g_assert_cmpfloat (json_object_get_double_member (obj, "at"), ==, 0);

  eig = json_object_get_array_member (obj, "eigenvalues");
  g_assert_cmpuint (json_array_get_length (eig), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *e = json_array_get_object_element (eig, i);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (e, "re"), -50, 1e-9 * 100);
      g_assert_cmpfloat_with_epsilon (fabs (json_object_get_double_member (e, "im")),
                                      sqrt (10000 - 2500), 1e-9 * 100);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (e, "frequency_hz"),
                                      100 / (2 * G_PI), 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (e, "damping"), 0.5, 1e-9);
    }
  bg_cli_run_clear (&run);
}

/* --vars chooses the outputs; --at runs to T first (the RC example: the
 * state after 1 s of charging is C·U(1 − e^(−1)), relative 1e-4). */
static void
test_linearize_vars_at (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *obj;
  BgCliRun run;

  run_cli (&run, "linearize", path, "--vars", "C1.e,R1.f", "--at", "0.5", "--json", NULL);
  g_assert_cmpint (run.status, ==, 0);
  obj = parse_object (parser, run.out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "outputs")), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (obj, "outputs"), 1), ==, "R1.f");
  g_assert_cmpfloat (json_object_get_double_member (obj, "at"), ==, 0.5);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "D")), ==, 2);
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", path, "--vars", "C1.e", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "Linearized at t = 0 s (exact: the model is linear)\n"));
  g_assert_nonnull (strstr (run.out, "Eigenvalues:\n"));
  g_assert_nonnull (strstr (run.out, "ζ = 1\n"));
  bg_cli_run_clear (&run);
}

/* The hydraulic bench is nonlinear: central differences, and it says so. */
static void
test_linearize_nonlinear (void)
{
  g_autofree char *path = example ("hydraulic-bench.bgmod");
  BgCliRun run;

  run_cli (&run, "linearize", path, "--vars", "CYL.x", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "central differences: the model is nonlinear"));
  bg_cli_run_clear (&run);

  /* The cylinder hits its end stop at 6.8 s. */
  run_cli (&run, "linearize", path, "--at", "100", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "bgmod-cli linearize: The run ended before the operating time: "
                                "CYL reached its end stop x = L at t = 6.811 s\n");
  bg_cli_run_clear (&run);
}

static void
test_linearize_errors (void)
{
  g_autofree char *path = example ("rc-circuit.bgmod");
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  BgCliRun run;

  run_cli (&run, "linearize", path, "--vars", "C9.q", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli linearize: “C9.q” is not a variable of this model\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", path, "--at", "-1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli linearize: --at needs a time ≥ 0 in seconds\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli linearize: missing the model file\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", "/nonexistent/x.bgmod", NULL);
  g_assert_cmpint (run.status, ==, 2);
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", conflict, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "Causal conflict at 0-junction J_C"));
  bg_cli_run_clear (&run);

  run_cli_ru (&run, "linearize", path, "--vars", "C9.q", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "«C9.q» — не переменная этой модели"));
  bg_cli_run_clear (&run);
}

/* The RLC example (f0 = 15.915 Hz, Q = 1): CSV f,mag_db,phase_deg on 200
 * log-spaced points over the default range 1 Hz … 1 kHz; at f0 the
 * magnitude is 20 log10 Q = 0 dB and the phase −90° (1e-6). */
static void
test_bode_csv (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  g_auto (GStrv) rows = NULL;
  g_autofree char *from = NULL, *to = NULL;
  double f0 = 100 / (2 * G_PI);
  BgCliRun run;

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  rows = g_strsplit (run.out, "\n", -1);
  g_assert_cmpstr (rows[0], ==, "f,mag_db,phase_deg");
  g_assert_cmpuint (g_strv_length (rows), ==, 1 + 200 + 1);   /* header, rows, "" */
  g_assert_true (g_str_has_prefix (rows[1], "1,"));
  g_assert_true (g_str_has_prefix (rows[200], "1000,"));
  g_clear_pointer (&rows, g_strfreev);
  bg_cli_run_clear (&run);

  from = g_strdup_printf ("%.17g", f0 / 10);
  to = g_strdup_printf ("%.17g", f0 * 10);
  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--from", from, "--to", to,
           "--points", "3", "--csv", "-", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = g_strsplit (run.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 5);
  {
    g_auto (GStrv) cells = g_strsplit (rows[2], ",", -1);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[0], NULL), f0, 1e-9 * f0);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[1], NULL), 0, 1e-6);
    g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL), -90, 1e-6);
  }
  bg_cli_run_clear (&run);
}

static void
test_bode_plot (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  g_autofree char *dir = g_dir_make_tmp ("test-cli-analysis-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "bode.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "bode.svg", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;
  BgCliRun run;

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--plot", png, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_file_get_contents (png, &data, &length, NULL));
  g_assert_cmpint (memcmp (data, "\x89PNG", 4), ==, 0);
  g_clear_pointer (&data, g_free);
  bg_cli_run_clear (&run);

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--plot", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &data, &length, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  bg_cli_run_clear (&run);
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_bode_errors (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  static const struct { const char *args[3]; const char *message; } cases[] = {
    { { "--output", "C1.e", NULL }, "--input is required: the id of a source (Se, Sf or a load)" },
    { { "--input", "U", NULL }, "--output is required: a variable such as C1.e" },
  };
  BgCliRun run;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *want = g_strdup_printf ("bgmod-cli bode: %s\n", cases[i].message);
      run_cli (&run, "bode", path, cases[i].args[0], cases[i].args[1], NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_true (g_str_has_prefix (run.err, want));
      bg_cli_run_clear (&run);
    }

  run_cli (&run, "bode", path, "--input", "L1", "--output", "C1.e", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: “L1” is not a source of this model (sources: U)\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "bode", path, "--input", "U", "--output", "C9.e", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: “C9.e” is not a variable of this model\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--from", "10", "--to", "1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: --from and --to need frequencies in Hz with 0 < from < to\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--points", "1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: --points needs a number of frequencies from 2 to 100000\n"));
  bg_cli_run_clear (&run);

  run_cli (&run, "bode", path, "--input", "U", "--output", "C1.e", "--plot", "x.jpg", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: --plot needs a file name ending in .png, .svg or .pdf\n"));
  bg_cli_run_clear (&run);

  run_cli_ru (&run, "bode", path, "--input", "L1", "--output", "C1.e", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "«L1» — не источник этой модели (источники: U)"));
  bg_cli_run_clear (&run);
}

/* --sweep: t and one column per value; each column equals the single run
 * with that value (same CSV text). */
static void
test_sweep_csv (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  g_auto (GStrv) rows = NULL;
  BgCliRun run, single;

  run_cli (&run, "simulate", path, "--vars", "C1.e,L1.f", "--sweep", "R1.value=1,10,100", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  rows = g_strsplit (run.out, "\n", -1);
  g_assert_cmpstr (rows[0], ==, "t,C1.e[R1.value=1],C1.e[R1.value=10],C1.e[R1.value=100],"
                               "L1.f[R1.value=1],L1.f[R1.value=10],L1.f[R1.value=100]");

  run_cli (&single, "simulate", path, "--vars", "C1.e", "--t-end", "0.3", NULL);
  g_assert_cmpint (single.status, ==, 0);
  {
    /* The R1 = 10 column is the example's own run. */
    g_auto (GStrv) srows = g_strsplit (single.out, "\n", -1);
    g_assert_cmpuint (g_strv_length (srows), ==, g_strv_length (rows));
    for (guint r = 1; srows[r] != NULL && *srows[r] != '\0'; r++)
      {
        g_auto (GStrv) a = g_strsplit (rows[r], ",", -1), b = g_strsplit (srows[r], ",", -1);
        g_assert_cmpstr (a[0], ==, b[0]);
        g_assert_cmpstr (a[2], ==, b[1]);
      }
  }
  bg_cli_run_clear (&single);
  bg_cli_run_clear (&run);
}

static void
test_sweep_plot_and_errors (void)
{
  g_autofree char *path = example ("rlc-circuit.bgmod");
  g_autofree char *dir = g_dir_make_tmp ("test-cli-analysis-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "sweep.svg", NULL);
  g_autofree char *data = NULL;
  BgCliRun run;

  run_cli (&run, "simulate", path, "--vars", "C1.e", "--sweep", "R1.value=1,100", "--plot", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (svg, &data, NULL, NULL));
  g_assert_nonnull (strstr (data, "<svg"));
  bg_cli_run_clear (&run);
  g_unlink (svg);
  g_rmdir (dir);

  run_cli (&run, "simulate", path, "--sweep", "R1=1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli simulate: “R1=1” is not a sweep: write ELEMENT.PARAM=V1,V2,… (e.g. R1.value=100,1000)\n"));
  bg_cli_run_clear (&run);
  run_cli (&run, "simulate", path, "--sweep", "R9.value=1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli simulate: The model has no element “R9”\n"));
  bg_cli_run_clear (&run);
  run_cli (&run, "simulate", path, "--sweep", "R1.value=1,-1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli simulate: R1.value: "));
  bg_cli_run_clear (&run);
  run_cli_ru (&run, "simulate", path, "--sweep", "R9.value=1", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "«R9»"));
  bg_cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/linearize/rlc-json", test_linearize_rlc_json);
  g_test_add_func ("/cli/linearize/vars-at", test_linearize_vars_at);
  g_test_add_func ("/cli/linearize/nonlinear", test_linearize_nonlinear);
  g_test_add_func ("/cli/linearize/errors", test_linearize_errors);
  g_test_add_func ("/cli/bode/csv", test_bode_csv);
  g_test_add_func ("/cli/bode/plot", test_bode_plot);
  g_test_add_func ("/cli/bode/errors", test_bode_errors);
  g_test_add_func ("/cli/sweep/csv", test_sweep_csv);
  g_test_add_func ("/cli/sweep/plot-and-errors", test_sweep_plot_and_errors);
  return g_test_run ();
}
