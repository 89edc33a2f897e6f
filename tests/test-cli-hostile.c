/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-hostile.c — bgmod-cli on hostile input, in English and Russian.
 *
 * Owns: the exit codes and messages of docs/command-line.md for devices, bad numeric
 * options and the models in tests/data/hostile/, and the rule that under
 * LANGUAGE=ru every line a user reads on stderr is Russian (ids, units,
 * numbers and option names may stay Latin; a line without one Cyrillic
 * letter fails). Must not: link the CLI's code.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib.h>

typedef struct
{
  int   status;
  char *out, *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
fixture (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "hostile", name, NULL);
}

/* Runs bgmod-cli with argv (NULL-terminated; "@NAME" is a fixture path)
 * in the language given. */
static void
run_cli (Run *run, const char *language, const char *const *args)
{
  const char *cli = g_getenv ("BGMOD_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, g_strdup (cli));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, args[i][0] == '@' ? fixture (args[i] + 1) : g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_setenv (envp, "LANGUAGE", language, TRUE);
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

typedef struct
{
  const char *args[10];
  int         status;
  const char *message;   /* in the English stderr */
} Case;

static const Case cases[] = {
  { { "analyze", "/dev/zero", NULL }, 2, "bgmod-cli: /dev/zero: is a device, not a model file" },
  { { "simulate", "/dev/urandom", NULL }, 2, "/dev/urandom: is a device, not a model file" },
  { { "analyze", "/tmp", NULL }, 2, "/tmp: is a directory, not a file" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "nan", NULL }, 2, "--t-end: “nan” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--rtol", "nan", NULL }, 2, "--rtol: “nan” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--atol", "nan", NULL }, 2, "--atol: “nan” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--output-step", "NaN", NULL }, 2, "--output-step: “NaN” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "inf", NULL }, 2, "--t-end: “inf” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--output-step", "-infinity", NULL }, 2, "“-infinity” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "5s", NULL }, 2, "--t-end: “5s” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "1e-400", NULL }, 2, "--t-end: “1e-400” is not a finite number" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "1e308", NULL }, 2, "simulation.t_end: must be between 1e-12 and 1e+12" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", "-1", NULL }, 2, "simulation.t_end: must be > 0" },
  { { "simulate", "@rc-plain.bgmod", "--rtol", "1e-30", NULL }, 2, "simulation.rtol: must be between 1e-14 and 1" },
  { { "simulate", "@rc-plain.bgmod", "--rtol", "2", NULL }, 2, "simulation.rtol: must be > 0 and < 1" },
  { { "simulate", "@rc-plain.bgmod", "--atol", "1e308", NULL }, 2, "simulation.atol: must be ≤ 0.01: it is a fraction of each state's scale" },
  { { "simulate", "@rc-plain.bgmod", "--atol", "-1", NULL }, 2, "simulation.atol: must be ≥ 0" },
  { { "simulate", "@rc-plain.bgmod", "--output-step", "1e-300", NULL }, 2, "simulation.output_step: too small" },
  { { "analyze", "@se-subnormal.bgmod", NULL }, 1, "elements[0].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50" },
  { { "simulate", "@c-subnormal.bgmod", NULL }, 1, "elements[3].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50" },
  { { "analyze", "@r-subnormal.bgmod", NULL }, 1, "elements[2].params.value: must be 0 or of a magnitude" },
  { { "simulate", "@se-huge.bgmod", NULL }, 1, "elements[0].params.value: must be 0 or of a magnitude" },
  { { "analyze", "@cylinder-electrical.bgmod", NULL }, 1, "elements[1].domain: \"electrical\" contradicts the ports of CylinderDA (hydraulic, translational); leave the key out" },
  { { "simulate", "@tf-chain-overflow.bgmod", "--csv", "-", NULL }, 1, "The simulation failed at t = 0.5 s: b1.f (the variable f of b1) is not a finite number" },
  { { "render", "@rc-plain.bgmod", "--output", "/nonexistent/x.png", "--scale", "nan", NULL }, 2, "--scale must be between 0.5 and 3" },
  { { "render", "@rc-plain.bgmod", "--output", "/nonexistent/x.png", "--scale", "inf", NULL }, 2, "--scale must be between 0.5 and 3" },
  { { "bode", "@rc-plain.bgmod", "--input", "U", "--output", "C1.e", "--from", "nan", NULL }, 2, "--from: “nan” is not a finite number" },
  { { "bode", "@rc-plain.bgmod", "--input", "U", "--output", "C1.e", "--to", "inf", NULL }, 2, "--to: “inf” is not a finite number" },
  { { "bode", "@rc-plain.bgmod", "--input", "U", "--output", "C1.e", "--to", "1e308", NULL }, 2, "--from and --to need frequencies from 1e-12 to 1e12 Hz" },
  { { "bode", "@rc-plain.bgmod", "--input", "U", "--output", "C1.e", "--points", "-5", NULL }, 2, "--points needs a number of frequencies from 2 to 100000" },
  { { "linearize", "@rc-plain.bgmod", "--at", "nan", NULL }, 2, "--at needs a time ≥ 0 in seconds" },
  { { "linearize", "@rc-plain.bgmod", "--at", "1e308", NULL }, 2, "--at must be at most 1e12 s" },
  { { "simulate", "--foo", NULL }, 2, "Unknown option --foo" },
  { { "simulate", "@rc-plain.bgmod", "--t-end", NULL }, 2, "Missing argument for --t-end" },
  { { "analyze", NULL }, 2, "bgmod-cli analyze: missing the model file" },
  { { "simulate", "@rc-plain.bgmod", "--csv", "/nonexistent/x.csv", NULL }, 2, "cannot write /nonexistent/x.csv" },
  { { "analyze", "/nonexistent.bgmod", NULL }, 2, "/nonexistent.bgmod: no such file" },
  { { "simulate", "@tf-chain-coefficients.bgmod", NULL }, 1, "The model's coefficients overflow: products of extreme parameters (a chain of transformer ratios?) exceed 1e308" },
  { { "simulate", "@step-near-end.bgmod", "--csv", "-", NULL }, 0, NULL },
  { { "simulate", "@step-near-zero.bgmod", "--csv", "-", NULL }, 0, NULL },
  { { "simulate", "@steps-close.bgmod", "--csv", "-", NULL }, 0, NULL },
  { { "simulate", "@step-near-output.bgmod", "--csv", "-", NULL }, 0, NULL },
  { { "simulate", "@rc-plain.bgmod", "--atol", "0.01", "--t-end", "1e-12", "--csv", "-", NULL }, 0, NULL },
};

static void
test_english (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "", cases[i].args);
      g_test_message ("%s %s: %d %s", cases[i].args[0], cases[i].args[1], run.status, run.err);
      g_assert_cmpint (run.status, ==, cases[i].status);
      if (cases[i].message != NULL)
        g_assert_nonnull (strstr (run.err, cases[i].message));
      else
        g_assert_cmpstr (run.err, ==, "");
    }
}

static gboolean
has_cyrillic (const char *line)
{
  for (const char *p = line; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

/* Every stderr line (and analyze's report) under LANGUAGE=ru has Russian
 * words; "(to)" and "(from)" are gone. */
static void
assert_russian (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint k = 0; lines[k] != NULL; k++)
    {
      const char *line = g_strstrip (lines[k]);

      if (*line == '\0' || g_str_has_prefix (line, "t,"))
        continue;
      if (!has_cyrillic (line))
        g_error ("a line without Russian under LANGUAGE=ru: %s", line);
    }
}

static void
test_russian (void)
{
  static const char *const analyze_args[] = { "analyze", "@cylinder-ok.bgmod", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "ru", cases[i].args);
      g_test_message ("%s %s: %s", cases[i].args[0], cases[i].args[1], run.err);
      g_assert_cmpint (run.status, ==, cases[i].status);
      assert_russian (run.err);
    }

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "ru", analyze_args);
    g_assert_cmpint (run.status, ==, 0);
    assert_russian (run.out);
    g_assert_null (strstr (run.out, "(to)"));
    g_assert_null (strstr (run.out, "(from)"));
    g_assert_nonnull (strstr (run.out, "штрих у CYL (конец «к»)"));
    /* The summary is a whole line. */
    g_assert_true (g_str_has_suffix (run.out, "Причинность в порядке · 2 состояния\n"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/hostile/english", test_english);
  g_test_add_func ("/cli/hostile/russian", test_russian);
  return g_test_run ();
}
