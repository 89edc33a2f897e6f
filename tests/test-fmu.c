/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fmu.c — exported FMUs run in the tests' own importer
 * (bg-test-fmi-host.h) agree with `bgmod-cli simulate`.
 *
 * Owns: for every example the contract does not refuse, FMI 3.0 and 2.0,
 * Model Exchange (the host's CVODE) and Co-Simulation (the FMU's own):
 * every state and output within 1e-4 of its peak of the simulate CSV on
 * the output grid (an end stop: the run ends there too, at the same time
 * within 1e-6 of t_end); then inputs against a closed form, two instances
 * at once, reset and rerun with another parameter, parameter changes
 * during a run, the error statuses and the logger. Must not: link the
 * runtime (the FMU is loaded as an importer loads it).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "bg-test-fmi-host.h"

static char *tmpdir;

static const char *
cli (void)
{
  const char *path = g_getenv ("BGMOD_CLI");

  g_assert_nonnull (path);
  return path;
}

static char *
example_path (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

/* Runs bgmod-cli; returns its exit status, its stdout in *out (if given). */
static int
run_cli (const char *const *args, char **out, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) cli ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static char *
export (const char *model, int version, const char *extra_option, const char *extra_value)
{
  g_autofree char *base = g_path_get_basename (model);
  g_autofree char *name = g_strdup_printf ("%.*s-%d.fmu", (int) strlen (base) - 6, base, version);
  char *fmu = g_build_filename (tmpdir, name, NULL);
  g_autofree char *err = NULL;
  const char *args[] = { "export-fmu", model, "--output", fmu, "--fmi", version == 3 ? "3" : "2",
                         extra_option, extra_value, NULL };

  if (run_cli (args, NULL, &err) != 0)
    g_error ("export-fmu %s failed: %s", model, err);
  return fmu;
}

/* The simulate CSV of the variables: columns t, names…; rows. */
typedef struct
{
  guint   n_cols;
  GArray *rows;   /* doubles, n_cols per row */
} Csv;

static Csv *
simulate (const char *model, const char *const *names, const char *rtol)
{
  g_autofree char *vars = g_strjoinv (",", (char **) names);
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "simulate", model, "--vars", vars, "--csv", "-",
                         rtol != NULL ? "--rtol" : NULL, rtol, NULL };
  g_auto (GStrv) lines = NULL;
  Csv *csv = g_new0 (Csv, 1);

  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  lines = g_strsplit (out, "\n", -1);
  csv->n_cols = g_strv_length ((GStrv) names) + 1;
  csv->rows = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto (GStrv) cells = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (cells), ==, csv->n_cols);
      for (guint c = 0; c < csv->n_cols; c++)
        {
          double v = g_ascii_strtod (cells[c], NULL);
          g_array_append_val (csv->rows, v);
        }
    }
  return csv;
}

static void
csv_free (Csv *csv)
{
  g_array_unref (csv->rows);
  g_free (csv);
}

static double
csv_at (const Csv *csv, guint row, guint col)
{
  return g_array_index (csv->rows, double, (gsize) row * csv->n_cols + col);
}

static guint
csv_n_rows (const Csv *csv)
{
  return csv->rows->len / csv->n_cols;
}

/* The worst |FMU − simulate| / peak over the variables and the common grid
 * rows; the variable in *worst. */
static double
compare (const Csv *csv, const BgTestRun *run, const char **worst)
{
  double max_rel = 0;
  guint n = MIN (csv_n_rows (csv), run->t->len);

  for (guint v = 0; v < run->n_vars; v++)
    {
      double peak = 0, err = 0;

      for (guint r = 0; r < csv_n_rows (csv); r++)
        peak = MAX (peak, fabs (csv_at (csv, r, v + 1)));
      for (guint r = 0; r < n; r++)
        {
          double t_sim = csv_at (csv, r, 0), t_fmu = g_array_index (run->t, double, r);

          /* The rows at an end stop are compared for time, not value. */
          if (fabs (t_sim - t_fmu) > 1e-9 * MAX (1.0, fabs (t_sim)))
            break;
          err = MAX (err, fabs (bg_test_run_value (run, r, run->names[v]) - csv_at (csv, r, v + 1)));
        }
      if (peak > 0 && err / peak > max_rel)
        {
          max_rel = err / peak;
          *worst = run->names[v];
        }
      else if (peak == 0 && err > max_rel)
        {
          max_rel = err;
          *worst = run->names[v];
        }
    }
  return max_rel;
}

static void
check_example (gconstpointer data)
{
  const char *name = data;
  g_autofree char *model = example_path (name);

  for (int version = 3; version >= 2; version--)
    {
      g_autofree char *path = export (model, version, NULL, NULL);
      g_autoptr (GError) error = NULL;
      BgTestFmu *fmu = bg_test_fmu_open (path, &error);
      double t_end, h;
      Csv *csv, *exact;

      g_assert_no_error (error);
      bg_test_fmu_experiment (fmu, &t_end, &h);
      csv = simulate (model, bg_test_fmu_compared (fmu), NULL);
      exact = simulate (model, bg_test_fmu_compared (fmu), "1e-9");
      for (int iface = BG_TEST_ME; iface <= BG_TEST_CS; iface++)
        {
          BgTestInstance *inst = bg_test_instance_new (fmu, iface, name, &error);
          BgTestRun *run;
          const char *worst = "", *worst_exact = "";
          double rel, rel_exact, t_sim_end;

          g_assert_no_error (error);
          run = bg_test_instance_run (inst, t_end, h, NULL, &error);
          g_assert_no_error (error);
          rel = compare (csv, run, &worst);
          rel_exact = compare (exact, run, &worst_exact);
          t_sim_end = csv_at (csv, csv_n_rows (csv) - 1, 0);
          g_test_message ("%s FMI %d %s: %u rows, worst %.2e of the peak (%s) against simulate, "
                          "%.2e (%s) against simulate --rtol 1e-9%s", name, version,
                          iface == BG_TEST_ME ? "ME" : "CS", run->t->len, rel, worst, rel_exact,
                          worst_exact, run->terminated ? ", ended at an end stop" : "");
          /* Co-Simulation is the FMU's own CVODE at the model's tolerance:
           * it follows simulate's run. Model Exchange here is the host's
           * CVODE at rtol 1e-10: it follows the exact solution, which a
           * lightly damped oscillator's default simulate run (rtol 1e-6,
           * docs/command-line.md, Tolerances) approaches within 1e-3 of
           * the peak only; against simulate at rtol 1e-9 it agrees within
           * 1e-4. */
          g_assert_cmpfloat (iface == BG_TEST_CS ? rel : rel_exact, <=, 1e-4);
          /* Every row compared: the same output grid, the same end. */
          g_assert_cmpuint (run->t->len, ==, csv_n_rows (csv));
          /* Both end at the same time: t_end or the same end stop. */
          g_assert_cmpfloat (fabs (run->t_stop - t_sim_end), <=, 1e-6 * t_end);
          bg_test_run_free (run);
          bg_test_instance_free (inst);
        }
      csv_free (csv);
      csv_free (exact);
      bg_test_fmu_free (fmu);
    }
}

/* The RC circuit with U as an input: u(t) = 10 for t < 1, then 5 (set by
 * the host at t = 1); C1.e has a closed form. */
static double
rc_closed_form (double t, double tau)
{
  return t < 1 ? 10 * (1 - exp (-t / tau))
               : 5 + (10 * (1 - exp (-1 / tau)) - 5) * exp (-(t - 1) / tau);
}

static void
test_input (void)
{
  g_autofree char *model = example_path ("rc-circuit.bgmod");

  for (int version = 3; version >= 2; version--)
    {
      g_autofree char *path = export (model, version, "--inputs", "U");
      g_autoptr (GError) error = NULL;
      BgTestFmu *fmu = bg_test_fmu_open (path, &error);

      g_assert_no_error (error);
      g_assert_cmpint (bg_test_fmu_vr (fmu, "U"), >=, 0);
      g_assert_cmpint (bg_test_fmu_vr (fmu, "U.value"), <, 0);   /* the waveform is gone */
      for (int iface = BG_TEST_ME; iface <= BG_TEST_CS; iface++)
        {
          BgTestInstance *inst = bg_test_instance_new (fmu, iface, "rc", &error);
          double err = 0, e, t_reached;
          gboolean terminated;

          g_assert_no_error (error);
          g_assert_true (bg_test_instance_start (inst, 3, &error));
          g_assert_no_error (error);
          g_assert_true (bg_test_instance_set (inst, "U", 10));
          for (int k = 1; k <= 300; k++)
            {
              double t = k * 0.01;
              if (k == 101)
                g_assert_true (bg_test_instance_set (inst, "U", 5));
              g_assert_true (bg_test_instance_advance (inst, t, &terminated, &t_reached, &error));
              g_assert_no_error (error);
              g_assert_true (bg_test_instance_get (inst, "C1.e", &e));
              err = MAX (err, fabs (e - rc_closed_form (t, 1.0)));
            }
          g_test_message ("input U, FMI %d %s: max |C1.e − closed form| = %.2e V", version,
                          iface == BG_TEST_ME ? "ME" : "CS", err);
          g_assert_cmpfloat (err, <=, 1e-4 * 10);
          bg_test_instance_free (inst);
        }
      bg_test_fmu_free (fmu);
    }
}

/* Two instances in one process with different R, stepped in turn; then
 * reset and rerun with R changed back. */
static void
test_two_instances_and_reset (void)
{
  g_autofree char *model = example_path ("rc-circuit.bgmod");

  for (int version = 3; version >= 2; version--)
    {
      g_autofree char *path = export (model, version, NULL, NULL);
      g_autoptr (GError) error = NULL;
      BgTestFmu *fmu = bg_test_fmu_open (path, &error);

      g_assert_no_error (error);
      for (int iface = BG_TEST_ME; iface <= BG_TEST_CS; iface++)
        {
          BgTestInstance *a = bg_test_instance_new (fmu, iface, "a", &error);
          BgTestInstance *b = bg_test_instance_new (fmu, iface, "b", &error);
          double ea, eb, t_reached, err = 0, r;
          gboolean terminated;

          g_assert_no_error (error);
          g_assert_true (bg_test_instance_set (b, "R1.value", 500));   /* tau 0.5 s */
          g_assert_true (bg_test_instance_start (a, 2, &error));
          g_assert_true (bg_test_instance_start (b, 2, &error));
          for (int k = 1; k <= 200; k++)
            {
              double t = k * 0.01;
              g_assert_true (bg_test_instance_advance (a, t, &terminated, &t_reached, &error));
              g_assert_true (bg_test_instance_advance (b, t, &terminated, &t_reached, &error));
              g_assert_no_error (error);
              g_assert_true (bg_test_instance_get (a, "C1.e", &ea));
              g_assert_true (bg_test_instance_get (b, "C1.e", &eb));
              err = MAX (err, fabs (ea - 10 * (1 - exp (-t))));
              err = MAX (err, fabs (eb - 10 * (1 - exp (-t / 0.5))));
            }
          g_assert_cmpfloat (err, <=, 1e-3);

          /* Reset: the parameters are the file's again; a new one, a rerun. */
          g_assert_true (bg_test_instance_reset (b));
          g_assert_true (bg_test_instance_get (b, "R1.value", &r));
          g_assert_cmpfloat (r, ==, 1000);
          g_assert_true (bg_test_instance_set (b, "R1.value", 2000));   /* tau 2 s */
          g_assert_true (bg_test_instance_start (b, 2, &error));
          g_assert_no_error (error);
          g_assert_true (bg_test_instance_advance (b, 2, &terminated, &t_reached, &error));
          g_assert_true (bg_test_instance_get (b, "C1.e", &eb));
          g_assert_cmpfloat (fabs (eb - 10 * (1 - exp (-1))), <=, 1e-3);
          bg_test_instance_free (a);
          bg_test_instance_free (b);
        }
      bg_test_fmu_free (fmu);
    }
}

/* A tunable parameter changed between Co-Simulation steps takes effect
 * from there; a bad call is an error status with a message, no crash. */
static void
test_errors_and_tuning (void)
{
  g_autofree char *model = example_path ("rc-circuit.bgmod");
  g_autofree char *path = export (model, 3, NULL, NULL);
  g_autoptr (GError) error = NULL;
  BgTestFmu *fmu = bg_test_fmu_open (path, &error);
  BgTestInstance *inst;
  double e, t_reached, v;
  gboolean terminated;

  g_assert_no_error (error);
  inst = bg_test_instance_new (fmu, BG_TEST_CS, "tuned", &error);
  g_assert_true (bg_test_instance_start (inst, 2, &error));
  g_assert_true (bg_test_instance_advance (inst, 1, &terminated, &t_reached, &error));
  g_assert_true (bg_test_instance_set (inst, "U.value", 0));   /* the source drops to 0 V */
  g_assert_true (bg_test_instance_advance (inst, 2, &terminated, &t_reached, &error));
  g_assert_no_error (error);
  g_assert_true (bg_test_instance_get (inst, "C1.e", &e));
  g_assert_cmpfloat (fabs (e - 10 * (1 - exp (-1)) * exp (-1)), <=, 1e-3);
  /* A state cannot be set by value; a bad parameter is refused at once. */
  g_assert_false (bg_test_instance_set (inst, "C1.q", 1));
  g_assert_false (bg_test_instance_set (inst, "R1.value", -5));
  g_assert_nonnull (strstr (bg_test_instance_log (inst), "R1"));
  g_assert_true (bg_test_instance_get (inst, "R1.value", &v));
  bg_test_instance_free (inst);
  bg_test_fmu_free (fmu);
}

/* A wrong token and a missing resource folder: no instance, a message. */
static void
test_bad_instantiation (void)
{
  g_autofree char *model = example_path ("rc-circuit.bgmod");
  g_autofree char *path = export (model, 3, NULL, NULL);
  g_autofree char *ini = NULL;
  g_autoptr (GError) error = NULL;
  BgTestFmu *fmu = bg_test_fmu_open (path, &error);
  BgTestInstance *inst;

  g_assert_no_error (error);
  ini = g_build_filename (bg_test_fmu_dir (fmu), "resources", "bgmod-fmu.ini", NULL);
  g_assert_true (g_file_set_contents (ini, "[fmu]\ntoken={wrong}\n", -1, NULL));
  inst = bg_test_instance_new (fmu, BG_TEST_ME, "bad", &error);
  g_assert_null (inst);
  g_assert_nonnull (strstr (error->message, "token"));
  bg_test_fmu_free (fmu);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *examples = NULL;
  GDir *dir;
  const char *name;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("test-fmu-XXXXXX", &error);
  g_assert_no_error (error);

  examples = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  dir = g_dir_open (examples, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod") && !g_str_has_prefix (name, "conflict-"))
      g_ptr_array_add (names, g_strdup (name));
  g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *test = g_strdup_printf ("/fmu/example/%s", (char *) g_ptr_array_index (names, i));
      g_test_add_data_func (test, g_ptr_array_index (names, i), check_example);
    }
  g_test_add_func ("/fmu/input", test_input);
  g_test_add_func ("/fmu/two-instances-reset", test_two_instances_and_reset);
  g_test_add_func ("/fmu/errors-tuning", test_errors_and_tuning);
  g_test_add_func ("/fmu/bad-instantiation", test_bad_instantiation);
  status = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
    if (system (cmd) != 0)
      g_printerr ("could not remove %s\n", tmpdir);
  }
  return status;
}
