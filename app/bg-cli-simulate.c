/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-simulate.c — `bgmod-cli simulate MODEL.bgmod [options]` (docs/command-line.md).
 *
 * Owns: the simulate subcommand: the variable selection (the run computes
 * and stores only the CSV's and the plot's columns), the memory estimate,
 * CSV output streamed while the run goes on (written at each progress
 * signal through bg-cli-csv.c; header `t,<vars>`, one row per output step
 * plus the event row), the --plot export (bg_cli_write_simulation_plot: a
 * command with --plot runs in bgmod-cli-draw), and the exit codes: 0
 * finished or ended by an event (one line on stderr), 1 invalid model,
 * causal conflict or solver failure (rows kept), 2 usage error or
 * unreadable file. The run goes through BgSimulationRun, the window's
 * worker API (plan, worker thread, progress, report), and the command
 * waits for it; its options (settings overrides, --vars, --csv, --plot,
 * --max-memory, --sweep, --compare) are read by bg-cli-options.c; a sweep
 * goes on in bg-cli-sweep.c, a comparison in bg-cli-compare.c. Must not: simulate
 * anything itself (bg-simulator.c does) or write anything but data to
 * stdout.
 */
#include "config.h"

#include <stdlib.h>   /* with glibc, defines __GLIBC__ */
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-cli-progress.h"
#include "bg-compiler.h"
#include "bg-plot-defaults.h"
#include "bg-simulation-run.h"
#include "bg-view.h"
#include "bg-simulator.h"

/* The plan's variable whose name equals NAME but for letter case
 * ("c1.e" for C1.e), or NULL. */
static const char *
name_differing_in_case (const BgPlan *plan,
                        const char   *name)
{
  for (guint v = 1; v < bg_plan_get_n_vars (plan); v++)
    if (g_ascii_strcasecmp (bg_plan_get_var_name (plan, v), name) == 0)
      return bg_plan_get_var_name (plan, v);
  return NULL;
}

/* The selected variable indices (t first), or NULL after printing why. */
static GArray *
select_vars (BgPlan *plan, const char *list)
{
  GArray *vars = g_array_new (FALSE, FALSE, sizeof (guint));
  guint zero = 0;
  g_auto (GStrv) names = NULL;

  g_array_append_val (vars, zero);
  if (list == NULL)
    {
      for (guint v = 1; v < bg_plan_get_n_vars (plan); v++)
        g_array_append_val (vars, v);
      return vars;
    }
  names = bg_cli_split_vars (list);
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = names[i];
      int v;

      if (g_str_equal (name, "t"))
        continue;
      v = bg_plan_lookup_var (plan, name);
      if (v < 0)
        {
          const char *near = name_differing_in_case (plan, name);
          g_autofree char *message =
            near != NULL
            ? g_strdup_printf (_("unknown variable “%s” in --vars; did you mean “%s”?"), name, near)
            : g_strdup_printf (_("unknown variable “%s” in --vars (names are like b1.e, C1.q, CYL.x)"),
                               name);
          bg_cli_usage_error ("simulate", message);
          g_array_unref (vars);
          return NULL;
        }
      g_array_append_val (vars, v);
    }
  return vars;
}

/* The CSV, written while the run goes on: rows reach the file as the
 * simulator publishes them (from its progress callback), formatted from
 * the result's chunks. */
typedef struct
{
  BgCliCsv *csv;
  BgResult *result;
  GArray   *vars;
  gsize     written;    /* rows written */
} CsvStream;

/* Opens the file and writes the header, `t,<vars>`. */
static gboolean
csv_open (CsvStream *stream, BgResult *result, GArray *vars, const char *path, GError **error)
{
  stream->csv = bg_cli_csv_open (path, error);
  if (stream->csv == NULL)
    return FALSE;
  stream->result = result;
  stream->vars = g_array_ref (vars);
  stream->written = 0;
  for (guint i = 0; i < vars->len; i++)
    bg_cli_csv_text (stream->csv, bg_result_get_var_name (result, g_array_index (vars, guint, i)));
  bg_cli_csv_end_row (stream->csv);
  return TRUE;
}

/* Writes the rows published since the last call, a chunk's span at a time. */
static void
csv_write_new_rows (CsvStream *stream)
{
  gsize n_rows = bg_result_get_n_rows (stream->result);
  guint n = stream->vars->len;
  g_autofree const double **spans = g_new (const double *, n);

  while (stream->written < n_rows)
    {
      gsize len = n_rows - stream->written, len_v;

      for (guint i = 0; i < n; i++)
        {
          if (!bg_result_get_span (stream->result, g_array_index (stream->vars, guint, i),
                                   stream->written, &spans[i], &len_v))
            return;
          len = MIN (len, len_v);
        }
      for (gsize k = 0; k < len; k++)
        {
          for (guint i = 0; i < n; i++)
            bg_cli_csv_number (stream->csv, spans[i][k]);
          bg_cli_csv_end_row (stream->csv);
        }
      stream->written += len;
    }
  bg_cli_csv_flush (stream->csv);   /* a reader of a pipe follows the run */
}

/* Writes what is left and closes the file; FALSE with an error when any
 * write failed. */
static gboolean
csv_close (CsvStream *stream, GError **error)
{
  csv_write_new_rows (stream);
  g_array_unref (stream->vars);
  return bg_cli_csv_close (g_steal_pointer (&stream->csv), error);
}

static void
show_progress_cb (BgSimulationRun *run, BgCliProgress *progress)
{
  bg_cli_progress_set_fraction (progress, bg_simulation_run_get_fraction (run));
}

/* Without --vars the plot shows the variables the editor saved with the
 * model (those the plan knows), else the window's default variables (at
 * most BG_PLOT_DEFAULTS_MAX, see bg-plot-defaults.h). */
static GArray *
default_plot_vars (BgModel *model, BgPlan *plan)
{
  GArray *vars = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto (GStrv) saved = bg_view_dup_plot_vars (model);
  g_auto (GStrv) names = NULL;

  for (guint i = 0; saved != NULL && saved[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, saved[i]);
      if (v > 0)
        g_array_append_val (vars, v);
    }
  if (vars->len > 0)
    return vars;

  names = bg_plot_defaults_dup (model);

  for (guint i = 0; names[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, names[i]);
      if (v > 0)
        g_array_append_val (vars, v);
    }
  return vars;
}

/* The run stores t and the CSV's and the plot's variables (every variable
 * when the CSV has them all). */
static BgResult *
new_result (BgPlan *plan, gboolean all, GArray *csv_vars, GArray *plot_vars)
{
  g_autoptr (GArray) stored = g_array_new (FALSE, FALSE, sizeof (guint));

  if (all)
    return bg_simulator_new_result (plan);
  if (csv_vars != NULL && csv_vars != plot_vars)
    g_array_append_vals (stored, csv_vars->data, csv_vars->len);
  if (plot_vars != NULL)
    g_array_append_vals (stored, plot_vars->data, plot_vars->len);
  return bg_simulator_new_result_for (plan, (const guint *) stored->data, stored->len, FALSE);
}

/* Gives the pages of freed heap memory back to the system (glibc keeps
 * them otherwise: the heap only shrinks from its top). */
static void
release_free_memory (void)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

static BgPlan *
compile (BgModel *model, const BgCausality *causality, const BgCliSimulateOptions *o,
         BgSimSettings *used, int *exit_code)
{
  g_autoptr (GError) error = NULL;
  BgSimSettings settings = *bg_model_get_simulation (model);
  BgPlan *plan;

  bg_cli_simulate_options_apply (o, &settings);
  *used = settings;
  plan = bg_compiler_compile (model, causality, &settings, &error);
  if (plan != NULL)
    return plan;
  if (g_error_matches (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_SETTINGS))
    *exit_code = bg_cli_usage_error ("simulate", error->message);
  else
    {
      g_printerr ("bgmod-cli simulate: %s\n", error->message);
      *exit_code = BG_CLI_EXIT_FAILED;
    }
  return NULL;
}

int
bg_cli_simulate (int    argc,
                 char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (BgModel) model = NULL;
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgSimulationRun) run = NULL;
  g_autoptr (GArray) vars = NULL;
  g_autoptr (GArray) plot_vars = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BgResult) result = NULL;
  g_autoptr (BgCliProgress) progress = NULL;
  CsvStream csv = { 0 };
  const char *csv_path;
  const BgSimReport *report;
  const GError *run_error;
  BgCliSimulateOptions o;
  BgSimSettings settings;
  int exit_code = BG_CLI_EXIT_OK;

  bg_cli_simulate_options_init (&o);
  context = bg_cli_context_new ("MODEL.bgmod",
                                N_("Simulates a model and writes its variables as CSV (standard output unless --csv or --plot is given)."),
                                NULL);
  bg_cli_simulate_options_add (&o, context);
  if (!bg_cli_parse (context, "simulate", &argc, &argv))
    {
      exit_code = BG_CLI_EXIT_USAGE;
      goto out;
    }
  if (!bg_cli_simulate_options_read (&o, argc, &exit_code))
    goto out;

  model = bg_cli_load_model (argv[1], &exit_code);
  if (model == NULL)
    goto out;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    {
      exit_code = bg_cli_report_conflicts ("simulate", NULL, causality);
      goto out;
    }
  plan = compile (model, causality, &o, &settings, &exit_code);
  if (plan == NULL)
    goto out;
  vars = select_vars (plan, o.vars);
  if (vars == NULL)
    {
      exit_code = BG_CLI_EXIT_USAGE;
      goto out;
    }

  if (o.compare != NULL)
    {
      exit_code = bg_cli_simulate_compare (argv[1], model, plan, &settings,
                                           o.vars != NULL ? vars : NULL, o.compare, &o.out,
                                           o.max_memory);
      goto out;
    }
  if (o.sweep != NULL)
    {
      g_autoptr (GArray) sweep_vars = o.vars != NULL ? g_array_ref (vars)
                                                    : default_plot_vars (model, plan);
      exit_code = bg_cli_simulate_sweep (model, plan, &settings, o.sweep,
                                         o.vars != NULL ? vars : NULL, sweep_vars, &o.out,
                                         o.max_memory);
      goto out;
    }

  csv_path = bg_cli_output_options_csv_path (&o.out);
  if (o.out.plot != NULL)
    plot_vars = o.vars != NULL ? g_array_ref (vars) : default_plot_vars (model, plan);
  result = new_result (plan, csv_path != NULL && o.vars == NULL, csv_path != NULL ? vars : NULL,
                       plot_vars);
  if (!bg_simulator_check_memory (plan, result, o.max_memory, &error))
    {
      g_printerr ("bgmod-cli simulate: %s %s\n", error->message,
                  _("Or raise the limit with --max-memory."));
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }
  if (csv_path != NULL && !csv_open (&csv, result, vars, csv_path, &error))
    {
      exit_code = bg_cli_write_failed ("simulate", error);
      goto out;
    }

  /* The model and its analysis are done with (the run needs the plan).
   * Freed, with what loading and compiling left free inside the heap,
   * before the long part: the process is smallest while it integrates. */
  g_clear_pointer (&causality, bg_causality_unref);
  g_clear_object (&model);
  release_free_memory ();

  run = bg_simulation_run_new_with_result (plan, result);
  if (csv_path != NULL)
    g_signal_connect_swapped (run, "progress", G_CALLBACK (csv_write_new_rows), &csv);
  progress = bg_cli_progress_new ("simulate");
  /* Translators: the progress line of `bgmod-cli simulate` */
  bg_cli_progress_set_phase (progress, _("simulating"));
  g_signal_connect (run, "progress", G_CALLBACK (show_progress_cb), progress);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  g_clear_pointer (&progress, bg_cli_progress_free);
  report = bg_simulation_run_get_report (run);
  run_error = bg_simulation_run_get_error (run);

  if (csv_path != NULL)
    {
      g_autoptr (GError) write_error = NULL;
      if (!csv_close (&csv, &write_error))
        exit_code = bg_cli_write_failed ("simulate", write_error);
    }
  if (o.out.plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      if (!bg_cli_write_simulation_plot (plan, result, plot_vars, report, o.out.plot, &plot_error))
        exit_code = bg_cli_write_failed ("simulate", plot_error);
    }

  if (report->status == BG_SIM_STATUS_EVENT)
    g_printerr ("%s\n", report->message);
  else if (report->status != BG_SIM_STATUS_FINISHED)
    {
      g_printerr ("bgmod-cli simulate: %s\n",
                  run_error != NULL ? run_error->message : report->message);
      exit_code = BG_CLI_EXIT_FAILED;
    }

out:
  bg_cli_simulate_options_clear (&o);
  return exit_code;
}
