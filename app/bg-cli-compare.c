/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-compare.c — `bgmod-cli simulate A.bgmod --compare B.bgmod`
 * (docs/command-line.md, simulate --compare).
 *
 * Owns: the second model (loaded, analysed and compiled with the first
 * one's settings: the same end time, output step and tolerances, so both
 * runs have A's output grid), the columns (--vars, else the main variable
 * of each storage and advanced element of A: bg_plot_defaults_dup_main),
 * each looked up in B (one B lacks is an error naming it and both files,
 * exit 1), the labels (the files' base names without .bgmod; "B~2" when
 * both are the same), the two runs at once (two worker threads, one
 * progress line), the CSV `t,<var>[A],<var>[B],…` on A's rows (a cell of B
 * is empty where B has no row at that time: past B's end stop, at A's), the
 * plot overlaying both with the labels in the legend, one stderr line per
 * run that ended on an event, and the exit code (1 when B does not load as
 * a model, has a conflict or a run failed; 2 when B cannot be read). Must
 * not: simulate anything itself (bg-simulation-run.c does) or write
 * anything but data to stdout.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-cli-progress.h"
#include "bg-compiler.h"
#include "bg-plot-defaults.h"
#include "bg-simulation-run.h"

/* One side of the comparison. */
typedef struct
{
  const char      *path;
  char            *label;
  BgPlan          *plan;
  GArray          *vars;      /* plan variable indices, t first */
  BgResult        *result;
  BgSimulationRun *run;
} Side;

static void
side_clear (Side *side)
{
  g_free (side->label);
  g_clear_pointer (&side->plan, bg_plan_unref);
  g_clear_pointer (&side->vars, g_array_unref);
  g_clear_pointer (&side->result, bg_result_unref);
  g_clear_object (&side->run);
}

/* "rc-circuit" for "…/rc-circuit.bgmod". */
static char *
label_of (const char *path)
{
  char *base = g_path_get_basename (path);

  if (g_str_has_suffix (base, ".bgmod") && strlen (base) > strlen (".bgmod"))
    base[strlen (base) - strlen (".bgmod")] = '\0';
  return base;
}

/* B compiled with A's settings, or NULL after printing why (*exit_code). */
static BgPlan *
compile_b (const char *path, const BgSimSettings *settings, int *exit_code)
{
  g_autoptr (BgModel) model = bg_cli_load_model (path, exit_code);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (GError) error = NULL;
  BgPlan *plan;

  if (model == NULL)
    return NULL;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    {
      *exit_code = bg_cli_report_conflicts ("simulate", path, causality);
      return NULL;
    }
  plan = bg_compiler_compile (model, causality, settings, &error);
  if (plan == NULL)
    {
      g_printerr ("bgmod-cli simulate: %s: %s\n", path, error->message);
      *exit_code = BG_CLI_EXIT_FAILED;
    }
  return plan;
}

/* B's indices of A's columns, or NULL after naming the first one B lacks. */
static GArray *
columns_in_b (const Side *a, const Side *b)
{
  GArray *vars = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < a->vars->len; i++)
    {
      const char *name = bg_plan_get_var_name (a->plan, g_array_index (a->vars, guint, i));
      int v = g_array_index (a->vars, guint, i) == 0 ? 0 : bg_plan_lookup_var (b->plan, name);

      if (v < 0)
        {
          /* Translators: --compare: the second file, the variable, the first file */
          g_autofree char *message = g_strdup_printf (_("%s has no variable “%s” to compare with %s"),
                                                      b->path, name, a->path);

          g_printerr ("bgmod-cli simulate: %s\n", message);
          g_array_unref (vars);
          return NULL;
        }
      g_array_append_val (vars, v);
    }
  return vars;
}

/* A result for side's columns (t is always stored), checked against the
 * memory limit. FALSE after printing why. */
static gboolean
make_result (Side *side, guint64 max_memory)
{
  g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < side->vars->len; i++)
    if (g_array_index (side->vars, guint, i) != 0)
      g_array_append_val (stored, g_array_index (side->vars, guint, i));
  side->result = bg_simulator_new_result_for (side->plan, (const guint *) stored->data,
                                              stored->len, FALSE);
  if (bg_simulator_check_memory (side->plan, side->result, max_memory, &error))
    return TRUE;
  g_printerr ("bgmod-cli simulate: %s: %s %s\n", side->path, error->message,
              _("Or raise the limit with --max-memory."));
  return FALSE;
}

typedef struct
{
  Side          *sides;
  BgCliProgress *progress;
} Progress;

static void
show_progress_cb (BgSimulationRun *run, Progress *p)
{
  bg_cli_progress_set_fraction (p->progress,
                                (bg_simulation_run_get_fraction (p->sides[0].run)
                                 + bg_simulation_run_get_fraction (p->sides[1].run)) / 2);
}

/* Both runs at once, each on its own worker thread. */
static void
run_both (Side sides[2])
{
  g_autoptr (BgCliProgress) progress = bg_cli_progress_new ("simulate");
  Progress p = { sides, progress };

  /* Translators: the progress line of `simulate --compare` */
  bg_cli_progress_set_phase (progress, _("simulating both models"));
  for (guint s = 0; s < 2; s++)
    {
      sides[s].run = bg_simulation_run_new_with_result (sides[s].plan, sides[s].result);
      g_signal_connect (sides[s].run, "progress", G_CALLBACK (show_progress_cb), &p);
    }
  for (guint s = 0; s < 2; s++)
    bg_simulation_run_start (sides[s].run);
  for (guint s = 0; s < 2; s++)
    bg_simulation_run_wait (sides[s].run);
  for (guint s = 0; s < 2; s++)
    g_signal_handlers_disconnect_by_data (sides[s].run, &p);
}

/* t,<var>[A],<var>[B],… on A's rows. */
static gboolean
write_csv (const Side sides[2], const char *path, GError **error)
{
  BgCliCsv *csv = bg_cli_csv_open (path, error);
  gsize n_a, n_b, k = 0;

  if (csv == NULL)
    return FALSE;
  bg_cli_csv_text (csv, "t");
  for (guint i = 1; i < sides[0].vars->len; i++)
    for (guint s = 0; s < 2; s++)
      {
        g_autofree char *head = g_strdup_printf ("%s[%s]",
          bg_result_get_var_name (sides[0].result, g_array_index (sides[0].vars, guint, i)),
          sides[s].label);
        bg_cli_csv_text (csv, head);
      }
  bg_cli_csv_end_row (csv);

  n_a = bg_result_get_n_rows (sides[0].result);
  n_b = bg_result_get_n_rows (sides[1].result);
  for (gsize r = 0; r < n_a; r++)
    {
      double t = bg_result_get_value (sides[0].result, 0, r);
      gboolean here;

      /* The same settings give the same output times, to the bit. */
      while (k < n_b && bg_result_get_value (sides[1].result, 0, k) < t)
        k++;
      here = k < n_b && bg_result_get_value (sides[1].result, 0, k) == t;
      bg_cli_csv_number (csv, t);
      for (guint i = 1; i < sides[0].vars->len; i++)
        {
          bg_cli_csv_number (csv, bg_result_get_value (sides[0].result,
                                                       g_array_index (sides[0].vars, guint, i), r));
          if (here)
            bg_cli_csv_number (csv, bg_result_get_value (sides[1].result,
                                                         g_array_index (sides[1].vars, guint, i), k));
          else
            bg_cli_csv_empty (csv);
        }
      bg_cli_csv_end_row (csv);
    }
  return bg_cli_csv_close (csv, error);
}

/* The exit code the runs' ends give; one stderr line for each run that
 * ended on an event or failed. */
static int
report_ends (const Side sides[2])
{
  int exit_code = BG_CLI_EXIT_OK;

  for (guint s = 0; s < 2; s++)
    {
      const BgSimReport *report = bg_simulation_run_get_report (sides[s].run);
      const GError *error = bg_simulation_run_get_error (sides[s].run);

      if (report->status == BG_SIM_STATUS_EVENT)
        g_printerr ("%s: %s\n", sides[s].label, report->message);
      else if (report->status != BG_SIM_STATUS_FINISHED)
        {
          g_printerr ("bgmod-cli simulate: %s: %s\n", sides[s].path,
                      error != NULL ? error->message : report->message);
          exit_code = BG_CLI_EXIT_FAILED;
        }
    }
  return exit_code;
}

int
bg_cli_simulate_compare (const char               *path_a,
                         BgModel                  *model_a,
                         BgPlan                   *plan_a,
                         const BgSimSettings      *settings,
                         GArray                   *vars,
                         const char               *path_b,
                         const BgCliOutputOptions *out,
                         guint64                   max_memory)
{
  Side sides[2] = { { 0 }, { 0 } };
  const char *csv_path = bg_cli_output_options_csv_path (out);
  int exit_code = BG_CLI_EXIT_OK;

  sides[0].path = path_a;
  sides[0].label = label_of (path_a);
  sides[0].plan = bg_plan_ref (plan_a);
  sides[0].vars = vars != NULL ? g_array_ref (vars) : bg_cli_main_columns (model_a, plan_a);
  sides[1].path = path_b;
  sides[1].label = label_of (path_b);
  if (g_str_equal (sides[0].label, sides[1].label))
    {
      char *second = g_strconcat (sides[1].label, "~2", NULL);

      g_free (sides[1].label);
      sides[1].label = second;
    }

  sides[1].plan = compile_b (path_b, settings, &exit_code);
  if (sides[1].plan == NULL)
    goto out;
  sides[1].vars = columns_in_b (&sides[0], &sides[1]);
  if (sides[1].vars == NULL)
    {
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }
  if (!make_result (&sides[0], max_memory) || !make_result (&sides[1], max_memory))
    {
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }

  run_both (sides);

  if (csv_path != NULL)
    {
      g_autoptr (GError) error = NULL;

      if (!write_csv (sides, csv_path, &error))
        exit_code = bg_cli_write_failed ("simulate", error);
    }
  if (out->plot != NULL)
    {
      g_autoptr (GError) error = NULL;
      BgResult *results[2] = { sides[0].result, sides[1].result };
      GArray *columns[2] = { sides[0].vars, sides[1].vars };
      const char *labels[2] = { sides[0].label, sides[1].label };

      if (!bg_cli_write_compare_plot (results, columns, labels, out->plot, &error))
        exit_code = bg_cli_write_failed ("simulate", error);
    }
  exit_code = MAX (exit_code, report_ends (sides));

out:
  side_clear (&sides[0]);
  side_clear (&sides[1]);
  return exit_code;
}
