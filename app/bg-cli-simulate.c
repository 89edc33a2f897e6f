/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-simulate.c — `bgmod-cli simulate MODEL.bgmod [options]` (docs/command-line.md).
 *
 * Owns: the simulate subcommand: settings overrides, the variable selection
 * (the run computes and stores only the CSV's and the plot's columns), the
 * memory estimate and --max-memory, CSV output streamed while the run goes
 * on (written at each progress signal through bg-cli-csv.c; header
 * `t,<vars>`, one row per output step plus the event row), the --plot export (bg_cli_write_simulation_plot:
 * a command with --plot runs in bgmod-cli-draw), and the exit
 * codes: 0 finished or ended by an event (one line on stderr), 1 invalid
 * model, causal conflict or solver failure (rows kept), 2 usage error or
 * unreadable file. The run goes through BgSimulationRun, the window's
 * worker API (plan, worker thread, progress, report), and the command
 * waits for it. Must not: simulate anything itself (bg-simulator.c does)
 * or write anything but data to stdout.
 */
#include "config.h"

#include <math.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-compiler.h"
#include "bg-plot-defaults.h"
#include "bg-simulation-run.h"
#include "bg-view.h"
#include "bg-simulator.h"


typedef struct
{
  double t_end, output_step, rtol, atol;
  char  *t_end_text, *output_step_text, *rtol_text, *atol_text;
  char  *vars;
  char  *csv;
  char  *plot;
  char  *max_memory;
  char  *sweep;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->t_end_text);
  g_free (o->output_step_text);
  g_free (o->rtol_text);
  g_free (o->atol_text);
  g_free (o->vars);
  g_free (o->csv);
  g_free (o->plot);
  g_free (o->sweep);
  g_free (o->max_memory);
}

/* "2G", "512MiB", "300M", "1e9": bytes with an optional binary suffix. */
static gboolean
parse_size (const char *text, guint64 *bytes)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);
  double scale = 1;

  if (end == text || !(value > 0) || !isfinite (value))
    return FALSE;
  switch (g_ascii_toupper (*end))
    {
    case 'K': scale = 1024.0; end++; break;
    case 'M': scale = 1024.0 * 1024; end++; break;
    case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
  if (scale > 1 && (g_ascii_strcasecmp (end, "iB") == 0 || g_ascii_strcasecmp (end, "B") == 0))
    end += strlen (end);
  if (*end != '\0' || value * scale >= 1.8e19)
    return FALSE;
  *bytes = (guint64) (value * scale);
  return TRUE;
}

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
  names = g_strsplit (list, ",", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      int v;

      if (*name == '\0' || g_str_equal (name, "t"))
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

static int
report_analysis_errors (const BgCausality *causality)
{
  const GPtrArray *errors = bg_causality_get_errors (causality);

  for (guint i = 0; i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);
      g_printerr ("bgmod-cli simulate: %s\n", d->message);
    }
  return BG_CLI_EXIT_FAILED;
}

static BgPlan *
compile (BgModel *model, const BgCausality *causality, const Options *o,
         BgSimSettings *used, int *exit_code)
{
  g_autoptr (GError) error = NULL;
  BgSimSettings settings = *bg_model_get_simulation (model);
  BgPlan *plan;

  if (!isnan (o->t_end))
    settings.t_end = o->t_end;
  if (!isnan (o->output_step))
    settings.output_step = o->output_step;
  if (!isnan (o->rtol))
    settings.rtol = o->rtol;
  if (!isnan (o->atol))
    settings.atol = o->atol;

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
  CsvStream csv = { 0 };
  gboolean want_csv;
  guint64 max_memory = BG_SIMULATOR_DEFAULT_MAX_MEMORY;
  const BgSimReport *report;
  const GError *run_error;
  Options o = { .t_end = NAN, .output_step = NAN, .rtol = NAN, .atol = NAN };
  BgSimSettings settings;
  int exit_code = BG_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &o.t_end_text,
      N_("End time in seconds (1e-12 to 1e12)"), "T" },
    { "output-step", 0, 0, G_OPTION_ARG_STRING, &o.output_step_text,
      N_("Time between output rows in seconds"), "H" },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &o.rtol_text,
      N_("Relative tolerance (1e-14 to 1)"), "R" },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &o.atol_text,
      N_("Absolute tolerance as a fraction of each state's physical scale (0 to 0.01)"), "A" },
    { "vars", 0, 0, G_OPTION_ARG_STRING, &o.vars,
      N_("Comma-separated variables to write (default: all)"), "a,b,..." },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &o.csv,
      N_("Write CSV to this file, or - for standard output"), "OUT.csv" },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME, &o.plot,
      N_("Write a plot to a PNG or SVG file"), "OUT.png" },
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &o.max_memory,
      N_("Refuse a run that would need more memory than this (default 2G)"), "SIZE" },
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &o.sweep,
      N_("Run once per value of a parameter, in parallel (one thread per core); the CSV has one column per variable and value, the plot overlays the runs"),
      "EL.PARAM=V1,V2,..." },
    { NULL }
  };

  context = g_option_context_new ("MODEL.bgmod");
  g_option_context_set_summary (context,
                                N_("Simulates a model and writes its variables as CSV (standard output unless --csv or --plot is given)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!bg_cli_parse (context, "simulate", &argc, &argv))
    {
      options_clear (&o);
      return BG_CLI_EXIT_USAGE;
    }
  if (!bg_cli_parse_number ("simulate", "t-end", o.t_end_text, &o.t_end)
      || !bg_cli_parse_number ("simulate", "output-step", o.output_step_text, &o.output_step)
      || !bg_cli_parse_number ("simulate", "rtol", o.rtol_text, &o.rtol)
      || !bg_cli_parse_number ("simulate", "atol", o.atol_text, &o.atol))
    {
      options_clear (&o);
      return BG_CLI_EXIT_USAGE;
    }
  if (argc != 2)
    {
      options_clear (&o);
      return bg_cli_usage_error ("simulate", argc < 2 ? _("missing the model file")
                                                      : _("expected one model file"));
    }
  if (o.plot != NULL && !g_str_has_suffix (o.plot, ".png") && !g_str_has_suffix (o.plot, ".svg"))
    {
      options_clear (&o);
      return bg_cli_usage_error ("simulate", _("--plot needs a file name ending in .png or .svg"));
    }
  if (o.plot != NULL && bg_cli_draw_elsewhere ("simulate", &exit_code))
    {
      options_clear (&o);
      return exit_code;
    }
  if (o.max_memory != NULL && !parse_size (o.max_memory, &max_memory))
    {
      g_autofree char *message =
        g_strdup_printf (_("--max-memory needs a size in bytes, e.g. 512M or 4G, not “%s”"),
                         o.max_memory);
      options_clear (&o);
      return bg_cli_usage_error ("simulate", message);
    }

  model = bg_cli_load_model (argv[1], &exit_code);
  if (model == NULL)
    goto out;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    {
      exit_code = report_analysis_errors (causality);
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

  if (o.sweep != NULL)
    {
      g_autoptr (GArray) sweep_vars = o.vars != NULL ? g_array_ref (vars)
                                                    : default_plot_vars (model, plan);
      exit_code = bg_cli_simulate_sweep (model, &settings, o.sweep, vars, sweep_vars,
                                         o.csv, o.plot);
      goto out;
    }

  want_csv = o.csv != NULL || o.plot == NULL;
  if (o.plot != NULL)
    plot_vars = o.vars != NULL ? g_array_ref (vars) : default_plot_vars (model, plan);
  result = new_result (plan, want_csv && o.vars == NULL, want_csv ? vars : NULL, plot_vars);
  if (!bg_simulator_check_memory (plan, result, max_memory, &error))
    {
      g_printerr ("bgmod-cli simulate: %s %s\n", error->message,
                  _("Or raise the limit with --max-memory."));
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }
  if (want_csv && !csv_open (&csv, result, vars, o.csv != NULL ? o.csv : "-", &error))
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
  if (want_csv)
    g_signal_connect_swapped (run, "progress", G_CALLBACK (csv_write_new_rows), &csv);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  report = bg_simulation_run_get_report (run);
  run_error = bg_simulation_run_get_error (run);

  if (want_csv)
    {
      g_autoptr (GError) write_error = NULL;
      if (!csv_close (&csv, &write_error))
        exit_code = bg_cli_write_failed ("simulate", write_error);
    }
  if (o.plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      if (!bg_cli_write_simulation_plot (plan, result, plot_vars, report, o.plot, &plot_error))
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
  options_clear (&o);
  return exit_code;
}
