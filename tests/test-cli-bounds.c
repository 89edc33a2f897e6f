/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-bounds.c — bounded work and strict output of bgmod-cli
 * (docs/command-line.md).
 *
 * Owns: /cli/bounds/sweep-memory (a sweep goes through --max-memory,
 * records only --vars, defaults to the main variables), /cli/bounds/bode
 * (1 999 states at 200 frequencies within seconds, with --from/--to and
 * with the default range from bounds on the poles; an estimate over
 * --max-time refused with what to change), /cli/bounds/linearize (the
 * same for linearize), /cli/bounds/progress (a progress line on a terminal
 * only), /cli/bounds/strict-json (every --json output parses as RFC 8259,
 * 2e-12 not 2e-12.0), /cli/bounds/zero-eigenvalue (0, frequency 0, damping
 * null), /cli/bounds/render-conflict (exit 0, the picture written) and
 * /cli/bounds/small (sweep labels, --at, --vars, hexadecimal, control
 * characters, bode's one end, the element's id, the sweep plot's runs).
 * Must not: write outside its temporary folders.
 */
#define _XOPEN_SOURCE 700   /* posix_openpt, grantpt, unlockpt, ptsname */
#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "bg-json.h"
#include "bg-test-cli.h"

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", name, NULL);
}

static char *
hostile (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "hostile", name, NULL);
}

/* Runs bgmod-cli with the NULL-terminated arguments. */
static gboolean
run_cli (BgCliRun *run, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, run);
  while ((arg = va_arg (ap, const char *)) != NULL)
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return bg_test_run_cli (run, (const char *const *) args->pdata, NULL);
}

static char *
temp_path (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-bounds-XXXXXX", NULL);

  return g_build_filename (dir, name, NULL);
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
}

/* "R1.value=1,2,…,n" */
static char *
sweep_spec (guint n)
{
  GString *spec = g_string_new ("R1.value=");

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (spec, "%s%u", i > 1 ? "," : "", i);
  return g_string_free (spec, FALSE);
}

static void
test_sweep_memory (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *spec = sweep_spec (50);
  g_auto (GStrv) rows = NULL;
  BgCliRun run;

  /* 50 runs of 100 001 rows: every variable would be far over 10 MiB,
   * and one is too. */
  if (!run_cli (&run, "simulate", rc, "--sweep", spec, "--t-end", "100", "--output-step", "1e-3",
                "--max-memory", "10M", NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli simulate: This sweep would need about "));
  g_assert_nonnull (strstr (run.err, "(50 runs × 100001 rows × 2 recorded variables, plus "));
  g_assert_nonnull (strstr (run.err, "more than the limit of 10.0"));
  g_assert_nonnull (strstr (run.err, "Or raise the limit with --max-memory.\n"));
  bg_cli_run_clear (&run);

  /* --vars C1.e fits where every variable would not: the runs record it
   * alone. */
  run_cli (&run, "simulate", rc, "--sweep", spec, "--vars", "C1.e", "--max-memory", "20M", NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  run_cli (&run, "simulate", rc, "--sweep", spec,
           "--vars", "b1.e,b1.f,b1.P,b2.e,b2.f,b2.P,b3.e,b3.f,b3.P,U.e,U.f,R1.e,R1.f,C1.e,C1.f,C1.q",
           "--max-memory", "20M", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "× 17 recorded variables"));
  bg_cli_run_clear (&run);

  /* Without --vars: the main variable of each storage. */
  run_cli (&run, "simulate", rlc, "--sweep", "R1.value=1,10", "--t-end", "0.001", NULL);
  g_assert_cmpint (run.status, ==, 0);
  rows = g_strsplit (run.out, "\n", 2);
  g_assert_cmpstr (rows[0], ==, "t,L1.f[R1.value=1],L1.f[R1.value=10],C1.e[R1.value=1],C1.e[R1.value=10]");
  bg_cli_run_clear (&run);
}

/* The 1 000-mass chain of tests/bench/bench-chain.c, as a file. */
static char *
write_chain (guint masses)
{
  g_autoptr(GString) json = g_string_new ("{\"format\": \"bgmod\", \"version\": 1, \"elements\": [\n");
  g_autoptr(GString) bonds = g_string_new ("], \"bonds\": [\n");
  char *path = temp_path ("chain.bgmod");
  guint b = 0;

  g_string_append (json, "{\"id\": \"F\", \"type\": \"Se\", \"domain\": \"translational\", \"params\": {\"value\": 1}}");
  for (guint i = 0; i < masses; i++)
    {
      g_string_append_printf (json, ",\n{\"id\": \"J%u\", \"type\": \"1\", \"domain\": \"translational\"}"
                              ",\n{\"id\": \"M%u\", \"type\": \"I\", \"domain\": \"translational\", \"params\": {\"value\": 1}}"
                              ",\n{\"id\": \"B%u\", \"type\": \"R\", \"domain\": \"translational\", \"params\": {\"value\": 0.5}}",
                              i, i, i);
      g_string_append_printf (bonds, "%s{\"id\": \"b%u\", \"from\": \"J%u\", \"to\": \"M%u\"}", b > 0 ? ",\n" : "", b, i, i);
      b++;
      g_string_append_printf (bonds, ",\n{\"id\": \"b%u\", \"from\": \"J%u\", \"to\": \"B%u\"}", b++, i, i);
      if (i == 0)
        g_string_append_printf (bonds, ",\n{\"id\": \"b%u\", \"from\": \"F\", \"to\": \"J0\"}", b++);
      else
        g_string_append_printf (bonds, ",\n{\"id\": \"b%u\", \"from\": \"N%u\", \"to\": \"J%u\"}", b++, i - 1, i);
      if (i + 1 < masses)
        {
          g_string_append_printf (json, ",\n{\"id\": \"N%u\", \"type\": \"0\", \"domain\": \"translational\"}"
                                  ",\n{\"id\": \"K%u\", \"type\": \"C\", \"domain\": \"translational\", \"params\": {\"value\": 0.01}}",
                                  i, i);
          g_string_append_printf (bonds, ",\n{\"id\": \"b%u\", \"from\": \"J%u\", \"to\": \"N%u\"}", b++, i, i);
          g_string_append_printf (bonds, ",\n{\"id\": \"b%u\", \"from\": \"N%u\", \"to\": \"K%u\"}", b++, i, i);
        }
    }
  g_string_append (json, bonds->str);
  g_string_append (json, "]}\n");
  g_assert_true (g_file_set_contents (path, json->str, -1, NULL));
  return path;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

static void
test_bode (void)
{
  g_autofree char *chain = write_chain (1000);
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  gint64 start;
  BgCliRun run;

  /* 1 999 states at the default 200 frequencies: a dense solve each took
   * 4 s; one elimination along a tridiagonal A takes microseconds. */
  start = g_get_monotonic_time ();
  if (!run_cli (&run, "bode", chain, "--input", "F", "--output", "M999.f", "--from", "1e-3",
                "--to", "10", NULL))
    return;
  g_test_message ("bode, 1 999 states: %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpuint (count_lines (run.out), ==, 201);
  bg_cli_run_clear (&run);

  /* The default range of 1 999 states: bounds on the poles from the
   * Hessenberg form, not the eigenvalues (7 s), well within 5 s. The
   * chain's modes (m s² + b s + μ_j = 0, μ_j = 4k sin²(πj/2N), m = 1,
   * b = 0.5, k = 100): 3.2e-4 … 3.2 Hz, so 1e-5 … 100 Hz. */
  start = g_get_monotonic_time ();
  run_cli (&run, "bode", chain, "--input", "F", "--output", "M999.f", "--max-time", "5", NULL);
  g_test_message ("bode, 1 999 states, default range: %.2f s",
                  (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpuint (count_lines (run.out), ==, 201);
  {
    g_auto (GStrv) lines = g_strsplit (run.out, "\n", -1);

    g_assert_cmpstr (lines[0], ==, "f,mag_db,phase_deg");
    g_assert_true (g_str_has_prefix (lines[1], "1e-05,"));
    g_assert_true (g_str_has_prefix (lines[200], "100,"));
  }
  bg_cli_run_clear (&run);

  /* Many frequencies on 1 999 states: over 5 s, refused before the work;
   * the bounds add nothing worth giving --from and --to for. */
  run_cli (&run, "bode", chain, "--input", "F", "--output", "M999.f", "--points", "100000",
           "--max-time", "5", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli bode: This would take about "));
  g_assert_nonnull (strstr (run.err, " s (1999 states, 100000 frequencies), more than the limit "
                                     "of 5 s (--max-time). Use fewer --points. Or raise the limit "
                                     "with --max-time.\n"));
  bg_cli_run_clear (&run);

  /* An estimate over the limit, whatever the size. */
  run_cli (&run, "bode", rlc, "--input", "U", "--output", "C1.e", "--points", "100000",
           "--max-time", "0.001", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "(2 states, 100000 frequencies, and the eigenvalues"));
  bg_cli_run_clear (&run);
  run_cli (&run, "bode", rlc, "--input", "U", "--output", "C1.e", "--max-time", "0", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--max-time needs a number of seconds above 0"));
  bg_cli_run_clear (&run);
  remove_temp (chain);
}

static void
test_linearize (void)
{
  g_autofree char *chain = write_chain (1000);
  BgCliRun run;

  /* Every output of 1 999 states: A and C alone are tens of millions of
   * numbers. Refused before a matrix is made. */
  if (!run_cli (&run, "linearize", chain, "--max-time", "5", NULL))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_true (g_str_has_prefix (run.err, "bgmod-cli linearize: This would take about "));
  g_assert_nonnull (strstr (run.err, " s (1999 states, "));
  g_assert_nonnull (strstr (run.err, "Name fewer outputs with --vars."));
  bg_cli_run_clear (&run);

  /* One output: the eigenvalues of 1 999 states still take more. */
  run_cli (&run, "linearize", chain, "--vars", "M999.f", "--max-time", "5", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, " s (1999 states, 1 output), more than the limit of 5 s"));
  g_assert_nonnull (strstr (run.err, "The eigenvalues of many states take most of it"));
  bg_cli_run_clear (&run);
  remove_temp (chain);
}

/* In the child: standard error is the terminal whose slave is data. */
static void
stderr_to_terminal (gpointer data)
{
  int fd = open (data, O_RDWR | O_NOCTTY);

  if (fd >= 0)
    {
      dup2 (fd, STDERR_FILENO);
      close (fd);
    }
}

static void
test_progress (void)
{
  g_autofree char *model = example ("rlc-sine-resonance.bgmod");
  const char *args[] = { "simulate", model, "--t-end", "1500", "--output-step", "1",
                         "--vars", "C1.e", NULL };
  g_autoptr(GString) screen = g_string_new (NULL);
  BgCliRun run;
  int master;
  char buf[4096];
  ssize_t n;

  /* Not a terminal: nothing on standard error. */
  if (!bg_test_run_cli (&run, args, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  bg_cli_run_clear (&run);

  master = posix_openpt (O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt (master) != 0 || unlockpt (master) != 0)
    {
      g_test_skip ("no pseudo-terminal");
      return;
    }
  fcntl (master, F_SETFL, O_NONBLOCK);
  {
    g_autofree char *slave = g_strdup (ptsname (master));
    g_autofree char *err = NULL;
    gint64 start = g_get_monotonic_time ();

    /* the line after 0.3 s, not the default 2 s: on a fast machine the
     * whole run takes less than 2 s */
    g_setenv ("BGMOD_PROGRESS_AFTER_MS", "300", TRUE);
    bg_test_run_cli_full (&run, args, NULL, stderr_to_terminal, slave, TRUE);
    g_unsetenv ("BGMOD_PROGRESS_AFTER_MS");
    g_test_message ("simulate on a terminal: %.1f s", (g_get_monotonic_time () - start) / 1e6);
  }
  while ((n = read (master, buf, sizeof buf)) > 0)
    g_string_append_len (screen, buf, n);
  close (master);
  g_assert_cmpint (run.status, ==, 0);
  g_test_message ("terminal: %s", screen->str);
  /* Past the delay (the run takes over a second): "bgmod-cli simulate:
   * simulating… 42 %", rewritten in place, erased at the end. */
  g_assert_nonnull (strstr (screen->str, "\rbgmod-cli simulate: simulating… "));
  g_assert_nonnull (strstr (screen->str, " %"));
  g_assert_true (g_str_has_suffix (screen->str, "\r"));
  bg_cli_run_clear (&run);
}

static void
assert_strict_json (const char *text, const char *what)
{
  const BgJsonLimits limits = { 1 << 28, 1 << 24, 64 };
  g_autoptr(GError) error = NULL;
  g_auto (GStrv) lines = NULL;

  if (g_str_equal (what, "grade"))
    {
      /* JSON Lines */
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        if (*lines[i] != '\0')
          assert_strict_json (lines[i], "line");
      return;
    }
  {
    g_autoptr(BgJsonDoc) doc = bg_json_parse (text, strlen (text), &limits, &error);

    if (doc == NULL)
      g_error ("%s: not strict JSON: %s", what, error->message);
  }
}

static void
test_strict_json (void)
{
  g_autofree char *path = temp_path ("small.bgmod");
  const char *model =
    "{\"format\": \"bgmod\", \"version\": 1, \"elements\": [\n"
    "  {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"params\": {\"value\": 1e-8}},\n"
    "  {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\"},\n"
    "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"params\": {\"value\": 3e9}},\n"
    "  {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", \"params\": {\"value\": 2e-12, \"initial\": 1e-10}}],\n"
    " \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"},\n"
    "  {\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\"}],\n"
    " \"exercise\": {\"strokes\": {\"b1\": \"to\"}}}\n";
  const char *cases[][6] = {
    { "equations", path, "--json", NULL },
    { "analyze", path, "--json", NULL },
    { "analyze", path, "--steps", "--json", NULL },
    { "linearize", path, "--json", NULL },
    { "components", "--json", NULL },
    { "grade", path, "--json", NULL },
    { "energy", path, "--json", NULL },
  };

  g_assert_true (g_file_set_contents (path, model, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BgCliRun run;

      if (!bg_test_run_cli (&run, cases[i], NULL))
        break;
      g_assert_cmpint (run.status, <=, 1);
      assert_strict_json (run.out, cases[i][0]);
      if (i == 0)
        {
          g_assert_nonnull (strstr (run.out, "\"value\" : 2e-12,"));
          g_assert_nonnull (strstr (run.out, "\"value\" : 3000000000.0,"));
          g_assert_null (strstr (run.out, "e-12.0"));
        }
      bg_cli_run_clear (&run);
    }
  remove_temp (path);
}

static void
test_zero_eigenvalue (void)
{
  g_autofree char *path = hostile ("two-c-through-r.bgmod");
  BgCliRun run;

  /* dgeev gives +6.9e-18 for the conserved charge: an "unstable" pole. */
  if (!run_cli (&run, "linearize", path, "--json", NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "{\"re\": 0, \"im\": 0, \"frequency_hz\": 0, \"damping\": null}"));
  g_assert_nonnull (strstr (run.out, "\"damping\": 1}"));
  bg_cli_run_clear (&run);

  run_cli (&run, "linearize", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "f = 0 Hz, ζ undefined"));
  g_assert_null (strstr (run.out, "ζ = -1"));
  bg_cli_run_clear (&run);
}

static void
test_render_conflict (void)
{
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *png = temp_path ("conflict.png");
  BgCliRun run;

  if (!run_cli (&run, "render", conflict, "--output", png, NULL))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_str_has_prefix (run.err, "error: Causal conflict at 0-junction J_C"));
  bg_cli_run_clear (&run);
  remove_temp (png);
}

typedef struct
{
  const char *args[12];
  int         status;
  const char *message;
} Case;

static void
test_small (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *c_subnormal = hostile ("c-subnormal.bgmod");
  g_autofree char *out = temp_path ("out.png");
  const Case cases[] = {
    { { "linearize", rc, "--at", "1e-300", NULL }, 2, "bgmod-cli linearize: --at must be 0 or at least 1e-12 s\n" },
    { { "linearize", rc, "--vars", ",,,", NULL }, 2, "bgmod-cli linearize: --vars names no variable\n" },
    { { "simulate", rc, "--vars", " , ", NULL }, 2, "bgmod-cli simulate: --vars names no variable\n" },
    { { "simulate", rc, "--t-end", "0x10", NULL }, 2, "--t-end: “0x10” is not a finite number" },
    { { "simulate", rc, "--sweep", "R1.value=0x10,20", NULL }, 2, "“0x10” in the sweep is not a number" },
    { { "simulate", rc, "--sweep", "R1.value=10,1e1", NULL }, 2, "“1e1” in the sweep repeats an earlier value" },
    { { "simulate", rc, "--max-memory", "0x10M", NULL }, 2, "--max-memory needs a size in bytes" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--points", "0x10", NULL }, 2, "--points: “0x10” is not a whole number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--from", "0x1p3", NULL }, 2, "--from: “0x1p3” is not a finite number" },
    { { "linearize", rc, "--at", "0x1", NULL }, 2, "--at needs a time ≥ 0 in seconds" },
    { { "render", rc, "--output", out, "--scale", "0x1", NULL }, 2, "--scale must be between 0.5 and 3" },
    { { "fix", conflict, "--output", out, "--remedy", "0x1", NULL }, 2, "--remedy: “0x1” is not a whole number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--from", "1e12", NULL }, 2, "--from alone must be below 1e12 Hz" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--to", "1e-12", NULL }, 2, "--to alone above 1e-12 Hz" },
    { { "simulate", c_subnormal, NULL }, 1, "elements[3].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element C1)\n" },
  };
  BgCliRun run;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      if (!bg_test_run_cli (&run, cases[i].args, NULL))
        return;
      g_test_message ("%s %s: %d %s", cases[i].args[0], cases[i].args[2], run.status, run.err);
      g_assert_cmpint (run.status, ==, cases[i].status);
      g_assert_nonnull (strstr (run.err, cases[i].message));
      g_assert_null (strstr (run.err, "simulation.t_end"));
      bg_cli_run_clear (&run);
    }

  /* Labels with the digits the value needs: two columns, two names. */
  run_cli (&run, "simulate", rlc, "--vars", "C1.e", "--sweep", "R1.value=1.0000001,1.0000002",
           "--t-end", "0.001", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "t,C1.e[R1.value=1.0000001],C1.e[R1.value=1.0000002]\n"));
  bg_cli_run_clear (&run);

  /* One end: the other within 1e-12 … 1e12 Hz. */
  run_cli (&run, "bode", rc, "--input", "U", "--output", "C1.e", "--from", "1e11", "--points", "3",
           NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\n1e+12,"));
  g_assert_null (strstr (run.out, "e+15"));
  bg_cli_run_clear (&run);

  /* A file's control characters never reach the terminal raw. */
  {
    g_autofree char *path = temp_path ("escape.bgmod");
    g_autofree char *text = NULL;
    g_autoptr(GString) model = NULL;

    g_assert_true (g_file_get_contents (rc, &text, NULL, NULL));
    model = g_string_new (text);
    g_string_truncate (model, strrchr (model->str, '}') - model->str);
    g_string_append (model, ",\n  \"exercise\": {\"strokes\": {\"\\u001b[2J\\u0007b1\": \"to\"}}\n}\n");
    g_assert_true (g_file_set_contents (path, model->str, -1, NULL));
    run_cli (&run, "grade", path, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "exercise.strokes.\\u001b[2J\\u0007b1: no bond"));
    for (const char *p = run.err; *p != '\0'; p++)
      g_assert_true ((guchar) *p >= 0x20 || *p == '\n');
    bg_cli_run_clear (&run);
    remove_temp (path);
  }

  /* A thousand runs plot a dozen, evenly spread. */
  {
    g_autofree char *spec = sweep_spec (1000);
    g_autofree char *svg = temp_path ("sweep.svg");

    run_cli (&run, "simulate", rc, "--sweep", spec, "--vars", "C1.e", "--t-end", "0.01",
             "--output-step", "0.005", "--plot", svg, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.err, ==, "The plot shows 12 of the 1000 runs, evenly spread over the "
                                  "values; the CSV has them all.\n");
    g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));
    bg_cli_run_clear (&run);
    remove_temp (svg);
  }
  remove_temp (out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/bounds/sweep-memory", test_sweep_memory);
  g_test_add_func ("/cli/bounds/bode", test_bode);
  g_test_add_func ("/cli/bounds/linearize", test_linearize);
  g_test_add_func ("/cli/bounds/progress", test_progress);
  g_test_add_func ("/cli/bounds/strict-json", test_strict_json);
  g_test_add_func ("/cli/bounds/zero-eigenvalue", test_zero_eigenvalue);
  g_test_add_func ("/cli/bounds/render-conflict", test_render_conflict);
  g_test_add_func ("/cli/bounds/small", test_small);
  return g_test_run ();
}
