/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fuzz-cli-options.c — bgmod-cli's option parsing through the fuzz
 * target's entry point (tests/fuzz/fuzz-cli-options.h).
 *
 * Owns: /cli/options/seeds (every file of tests/fuzz/cli-options-seeds/
 * goes through without breaking an invariant; run it under ASan) and
 * /cli/options/cases (command lines that must be accepted or refused:
 * numbers in C notation with a Latin SI prefix and nothing else, --at's
 * range, --vars with a name, bode's ends), and
 * /cli/options/csv-numbers (the CSV's numbers are printf's "%.12g" to the
 * byte, for millions of doubles of every magnitude and the awkward ones).
 * Must not: depend on the order of the seeds.
 */
#include "config.h"

#include <string.h>

#include <math.h>
#include <stdio.h>

#include "bg-cli-csv.h"
#include "fuzz/fuzz-cli-options.h"

/* "\001" + the arguments joined by newlines: command 0 simulate, 1 bode,
 * 2 linearize. */
static gboolean
run (guint command, const char *const *args)
{
  g_autoptr (GString) input = g_string_new (NULL);

  g_string_append_c (input, (char) command);
  for (guint i = 0; args[i] != NULL; i++)
    g_string_append_printf (input, "%s%s", i > 0 ? "\n" : "", args[i]);
  return bg_fuzz_cli_options ((const guint8 *) input->str, input->len);
}

static void
test_seeds (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "fuzz", "cli-options-seeds", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *data = NULL;
      gsize length = 0;

      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      bg_fuzz_cli_options ((const guint8 *) data, length);
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}

typedef struct
{
  guint       command;
  const char *args[12];
  gboolean    accepted;
} Case;

static const Case cases[] = {
  { 0, { "m.bgmod", "--t-end", "10", NULL }, TRUE },
  { 0, { "m.bgmod", "--t-end", "0x10", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "1e-3", "--rtol", "+1e-6", NULL }, TRUE },
  { 0, { "m.bgmod", "--rtol", "inf", NULL }, FALSE },
  { 0, { "m.bgmod", "--vars", ",,,", NULL }, FALSE },
  { 0, { "m.bgmod", "--vars", "C1.e, ,R1.f", NULL }, TRUE },
  { 0, { "m.bgmod", "--max-memory", "0x10M", NULL }, FALSE },
  { 0, { "m.bgmod", "--max-memory", "512MiB", NULL }, TRUE },
  { 0, { "m.bgmod", "--max-memory", "69E-92G", NULL }, FALSE },
  { 0, { "m.bgmod", "--max-memory", "0.5", NULL }, FALSE },
  { 0, { "m.bgmod", "--help", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "0x10", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "010", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--from", "1e12", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--to", "1e-12", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--from", "1e11", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--max-time", "0", NULL }, FALSE },
  { 2, { "m.bgmod", "--at", "1e-300", NULL }, FALSE },
  { 2, { "m.bgmod", "--at", "1e-12", NULL }, TRUE },
  { 2, { "m.bgmod", "--at", "0x1", NULL }, FALSE },
  { 2, { "m.bgmod", "--vars", ",,,", NULL }, FALSE },
  { 2, { "m.bgmod", "--at", "2", "--vars", "C1.e", "--json", NULL }, TRUE },
  /* the editor's prefixes, in Latin letters only */
  { 0, { "m.bgmod", "--t-end", "1k", "--output-step", "10m", "--rtol", "1u", NULL }, TRUE },
  { 0, { "m.bgmod", "--atol", "10n", "--t-end", "2.5M", "--output-step", "1G", NULL }, TRUE },
  { 0, { "m.bgmod", "--t-end", "1T", NULL }, TRUE },
  { 0, { "m.bgmod", "--t-end", "1к", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "1K", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "1kk", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "1 k", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "1ks", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "0x1k", NULL }, FALSE },
  { 0, { "m.bgmod", "--t-end", "infk", NULL }, FALSE },
  { 0, { "m.bgmod", "--rtol", "1e308k", NULL }, FALSE },
  { 0, { "m.bgmod", "--sweep", "R1.value=2.2k,4.7k,10k", NULL }, TRUE },
  /* a repeat ("2.2k" is 2200 itself) passes the options; check_sweep sees
   * that the spec is refused */
  { 0, { "m.bgmod", "--sweep", "R1.value=2.2k,2200", NULL }, TRUE },
  { 0, { "m.bgmod", "--sweep", "R1.value=1p,1n,1u,1m", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--from", "1k", "--to", "1M", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "1k", NULL }, TRUE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "1.5k", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "1e3", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--points", "1M", NULL }, FALSE },
  { 1, { "m.bgmod", "--input", "U", "--output", "C1.e", "--max-time", "500m", NULL }, TRUE },
  { 2, { "m.bgmod", "--at", "500m", "--max-time", "1k", NULL }, TRUE },
  { 2, { "m.bgmod", "--at", "1p", NULL }, TRUE },
  { 2, { "m.bgmod", "--at", "100f", NULL }, FALSE },
};

static void
test_cases (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("case %u: %s %s", i, cases[i].args[1], cases[i].args[2]);
      g_assert_cmpint (run (cases[i].command, cases[i].args), ==, cases[i].accepted);
    }
}

static void
assert_same_as_printf (double value)
{
  char ours[BG_CLI_CSV_NUMBER_MAX], theirs[BG_CLI_CSV_NUMBER_MAX];
  int n = bg_cli_csv_format_number (ours, value);

  snprintf (theirs, sizeof theirs, "%.12g", value);
  if (strcmp (ours, theirs) != 0 || n != (int) strlen (theirs))
    g_error ("%.17g: \"%s\", printf \"%s\"", value, ours, theirs);
}

static void
test_csv_numbers (void)
{
  static const double awkward[] = {
    0.0, -0.0, 1, -1, 0.1, 0.5, 1e-5, 1e-4, 9.99999999999e-5, 0.0001, 123456789012.0,
    999999999999.0, 999999999999.5, 1e12, 9.999999999995e11, 1e11, 0.0005, 2.5e-12,
    1.00000000000049, 1.0000000000005, 1.00000000000051, 5e-324, 2.2250738585072014e-308,
    1e-300, 1e300, 1.7976931348623157e308, 1e-301, 0.30000000000000004, 6.02214076e23,
    -273.15, 1e15, 123456.7890125, 0.000123456789012345,
  };
  GRand *rand = g_rand_new_with_seed (23);

  for (guint i = 0; i < G_N_ELEMENTS (awkward); i++)
    {
      assert_same_as_printf (awkward[i]);
      assert_same_as_printf (-awkward[i]);
      assert_same_as_printf (nextafter (awkward[i], INFINITY));
      assert_same_as_printf (nextafter (awkward[i], -INFINITY));
    }
  assert_same_as_printf (INFINITY);
  assert_same_as_printf (-INFINITY);
  assert_same_as_printf (NAN);
  /* Random magnitudes, random digits; and values with few digits (a
   * simulation's 0.005, 12.5), where ties are near. */
  for (guint i = 0; i < 500000; i++)
    {
      double mantissa = g_rand_double_range (rand, 1, 10);
      int exponent = g_rand_int_range (rand, -320, 310);

      assert_same_as_printf (mantissa * pow (10, exponent) * (i % 2 ? -1 : 1));
      assert_same_as_printf (g_rand_int_range (rand, 0, 100000) / pow (10, g_rand_int_range (rand, 0, 16)));
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/options/seeds", test_seeds);
  g_test_add_func ("/cli/options/cases", test_cases);
  g_test_add_func ("/cli/options/csv-numbers", test_csv_numbers);
  return g_test_run ();
}
