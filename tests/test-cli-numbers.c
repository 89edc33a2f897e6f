/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-numbers.c — bgmod-cli reads numbers as the editor's fields do
 * (docs/command-line.md, Options and numbers).
 *
 * Owns: /cli/numbers/prefixes (every numeric option and the sweep's values
 * take a Latin SI prefix: `--t-end 2m --output-step 500u` writes the same
 * bytes as `--t-end 0.002 --output-step 0.0005`, `R1.value=2.2k,4.7k` are
 * the runs of 2200 and 4700 Ω, bode's `--from 1k --to 10k --points 3` is
 * the run of 1000 … 10000 Hz) and /cli/numbers/refusals (hexadecimal, inf,
 * nan, an empty value, a blank, a comma, a unit, a second prefix, a Russian
 * prefix, a capital K: the usage error of each option, exit 2).
 * Must not: link the CLI's code (it runs the program), or write outside
 * its temporary folder.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "bg-test-cli.h"

static char *tmp_dir;

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", name, NULL);
}

/* Runs the command line; FALSE (test skipped) without a bgmod-cli. */
static gboolean
run_args (BgCliRun *run, const char *const *args)
{
  return bg_test_run_cli (run, args, NULL);
}

/* The two command lines write the same standard output, with exit 0. */
static void
assert_same_output (const char *const *with_prefixes,
                    const char *const *decimal)
{
  BgCliRun a, b;

  if (!run_args (&a, with_prefixes))
    return;
  if (!run_args (&b, decimal))
    {
      bg_cli_run_clear (&a);
      return;
    }
  g_test_message ("%s %s: %s", with_prefixes[0], with_prefixes[2], a.err);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_cmpuint (strlen (a.out), >, 0);
  bg_cli_run_clear (&a);
  bg_cli_run_clear (&b);
}

/* Exit 0 for the command line; its standard output. */
static char *
run_ok (const char *const *args)
{
  BgCliRun run;
  char *out;

  if (!run_args (&run, args))
    return NULL;
  g_test_message ("%s %s: %s", args[0], args[2], run.err);
  g_assert_cmpint (run.status, ==, 0);
  out = g_steal_pointer (&run.out);
  bg_cli_run_clear (&run);
  return out;
}

static void
test_prefixes (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *png = g_build_filename (tmp_dir, "scaled.png", NULL);
  g_autofree char *fixed = g_build_filename (tmp_dir, "fixed.bgmod", NULL);

  {
    const char *a[] = { "simulate", rc, "--t-end", "2m", "--output-step", "500u", "--rtol", "1u",
                        "--atol", "10n", NULL };
    const char *b[] = { "simulate", rc, "--t-end", "0.002", "--output-step", "0.0005", "--rtol",
                        "1e-6", "--atol", "1e-8", NULL };

    assert_same_output (a, b);
  }
  {
    /* 1k seconds is the run of 1000; µ (the micro sign) and μ (the Greek
     * mu) are micro as u is */
    const char *a[] = { "simulate", rc, "--t-end", "1k", "--output-step", "250", "--rtol", "100µ",
                        NULL };
    const char *b[] = { "simulate", rc, "--t-end", "1000", "--output-step", "250", "--rtol", "1e-4",
                        NULL };
    const char *c[] = { "simulate", rc, "--t-end=1e3", "--output-step", "0.25k", "--rtol",
                        "100μ", NULL };

    assert_same_output (a, b);
    assert_same_output (c, b);
  }
  {
    const char *a[] = { "simulate", rc, "--vars", "C1.e", "--t-end", "10m", "--output-step", "5m",
                        "--sweep", "R1.value=2.2k, 4.7k", NULL };
    const char *b[] = { "simulate", rc, "--vars", "C1.e", "--t-end", "0.01", "--output-step", "0.005",
                        "--sweep", "R1.value=2200,4700", NULL };
    g_autofree char *out = NULL;

    assert_same_output (a, b);
    out = run_ok (a);
    if (out == NULL)
      return;
    g_assert_true (g_str_has_prefix (out, "t,C1.e[R1.value=2200],C1.e[R1.value=4700]\n"));
  }
  {
    const char *a[] = { "bode", rc, "--input", "U", "--output", "C1.e", "--from", "1k", "--to", "10k",
                        "--points", "3", NULL };
    const char *b[] = { "bode", rc, "--input", "U", "--output", "C1.e", "--from", "1000", "--to",
                        "10000", "--points", "3", NULL };

    assert_same_output (a, b);
  }
  {
    /* a count takes a prefix too: 1k frequencies, a header and 1000 rows */
    const char *a[] = { "bode", rc, "--input", "U", "--output", "C1.e", "--points", "1k", NULL };
    g_autofree char *out = run_ok (a);
    g_auto (GStrv) lines = NULL;

    if (out == NULL)
      return;
    lines = g_strsplit (out, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 1 + 1000 + 1);
  }
  {
    const char *a[] = { "linearize", rc, "--at", "500m", "--max-time", "2k", "--json", NULL };
    const char *b[] = { "linearize", rc, "--at", "0.5", "--max-time", "2000", "--json", NULL };

    assert_same_output (a, b);
  }
  {
    const char *a[] = { "render", rc, "--output", png, "--scale", "1500m", NULL };
    const char *b[] = { "fix", conflict, "--output", fixed, "--remedy", "+1", NULL };
    g_autofree char *out_a = run_ok (a);
    g_autofree char *out_b = run_ok (b);

    g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
    g_assert_true (g_file_test (fixed, G_FILE_TEST_IS_REGULAR));
  }
  g_remove (png);
  g_remove (fixed);
}

/* Texts no numeric option takes. */
static const char *const refused[] = {
  "0x10", "0x1k", "inf", "-inf", "infk", "nan", "NaNk", "", " 1", "1 ", "1 k", "1,5", "1,5k",
  "5s", "1ks", "1kk", "1K", "1P", "1к", "2 мк", "1e", "1e+", "k", "+k", ".k", "1e400", "1e308k",
};

/* The message with TEXT for its "%s". */
static char *
with_text (const char *message, const char *text)
{
  GString *out = g_string_new (message);

  g_string_replace (out, "%s", text, 1);
  return g_string_free (out, FALSE);
}

typedef struct
{
  const char *args[10];   /* NULL where the text goes */
  int         text_at;
  const char *message;    /* "%s" for the text */
} Refusal;

static void
test_refusals (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *png = g_build_filename (tmp_dir, "refused.png", NULL);
  g_autofree char *fixed = g_build_filename (tmp_dir, "refused.bgmod", NULL);
  const Refusal cases[] = {
    { { "simulate", rc, "--t-end", NULL }, 3, "--t-end: “%s” is not a finite number" },
    { { "simulate", rc, "--output-step", NULL }, 3, "--output-step: “%s” is not a finite number" },
    { { "simulate", rc, "--rtol", NULL }, 3, "--rtol: “%s” is not a finite number" },
    { { "simulate", rc, "--atol", NULL }, 3, "--atol: “%s” is not a finite number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--from", NULL }, 7,
      "--from: “%s” is not a finite number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--to", NULL }, 7,
      "--to: “%s” is not a finite number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--points", NULL }, 7,
      "--points: “%s” is not a whole number" },
    { { "bode", rc, "--input", "U", "--output", "C1.e", "--max-time", NULL }, 7,
      "--max-time needs a number of seconds above 0" },
    { { "linearize", rc, "--at", NULL }, 3, "--at needs a time ≥ 0 in seconds" },
    { { "linearize", rc, "--max-time", NULL }, 3, "--max-time needs a number of seconds above 0" },
    { { "render", rc, "--output", png, "--scale", NULL }, 5, "--scale must be between 0.5 and 3" },
    { { "fix", conflict, "--output", fixed, "--remedy", NULL }, 5,
      "--remedy: “%s” is not a whole number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      const char *text = refused[i];
      g_autofree char *stripped = g_strstrip (g_strdup (text));

      for (guint c = 0; c <= G_N_ELEMENTS (cases); c++)
        {
          const char *args[10] = { NULL };
          g_autofree char *sweep = NULL;
          g_autofree char *message = NULL;
          BgCliRun run;

          if (c < G_N_ELEMENTS (cases))
            {
              memcpy (args, cases[c].args, sizeof args);
              args[cases[c].text_at] = text;
              message = with_text (cases[c].message, text);
            }
          else
            {
              /* a sweep's items lose their blanks (" 1" is the item 1),
               * and a comma parts them ("1,5" is 1 and 5) */
              if (g_str_equal (stripped, "1") || strchr (text, ',') != NULL)
                continue;
              sweep = g_strdup_printf ("R1.value=10,%s", text);
              args[0] = "simulate", args[1] = rc, args[2] = "--sweep", args[3] = sweep;
              message = g_strdup_printf ("“%s” in the sweep is not a number", stripped);
            }
          if (!run_args (&run, args))
            return;
          g_test_message ("%s %s “%s”: %d %s", args[0], args[2], text, run.status, run.err);
          g_assert_cmpint (run.status, ==, 2);
          g_assert_nonnull (strstr (run.err, message));
          bg_cli_run_clear (&run);
        }
    }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (fixed, G_FILE_TEST_EXISTS));
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bgmod-cli-numbers-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/cli/numbers/prefixes", test_prefixes);
  g_test_add_func ("/cli/numbers/refusals", test_refusals);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
