/* bg-cli-simulate.c — `bgmod-cli simulate MODEL.bgmod [options]` (FORMAT.md).
 *
 * Owns: the simulate subcommand: settings overrides, the variable selection,
 * CSV output (header `t,<vars>`, one row per output step plus the event
 * row), the --plot export through the shared plot renderer, and the exit
 * codes: 0 finished or ended by an event (one line on stderr), 1 invalid
 * model, causal conflict or solver failure (rows kept), 2 usage error or
 * unreadable file. The run goes through BgSimulationRun, the window's
 * worker API (plan, worker thread, progress, report), and the command
 * waits for it. Must not: simulate anything itself (bg-simulator.c does)
 * or write anything but data to stdout.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-compiler.h"
#include "bg-plot-renderer.h"
#include "bg-simulation-run.h"
#include "bg-view.h"
#include "bg-simulator.h"

#define PLOT_WIDTH 1000
#define PLOT_HEIGHT 700

typedef struct
{
  double t_end, output_step, rtol, atol;
  char  *t_end_text, *output_step_text, *rtol_text, *atol_text;
  char  *vars;
  char  *csv;
  char  *plot;
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
          g_autofree char *message =
            g_strdup_printf (_("unknown variable “%s” in --vars (names are like b1.e, C1.q, CYL.x)"),
                             name);
          bg_cli_usage_error ("simulate", message);
          g_array_unref (vars);
          return NULL;
        }
      g_array_append_val (vars, v);
    }
  return vars;
}

static gboolean
write_csv (BgResult *result, GArray *vars, const char *path, GError **error)
{
  gsize n_rows = bg_result_get_n_rows (result);
  gboolean to_stdout = g_str_equal (path, "-");
  FILE *out = to_stdout ? stdout : g_fopen (path, "w");
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  int saved_errno;

  if (out == NULL)
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot write %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  for (guint i = 0; i < vars->len; i++)
    {
      if (i > 0)
        fputc (',', out);
      fputs (bg_result_get_var_name (result, g_array_index (vars, guint, i)), out);
    }
  fputc ('\n', out);
  for (gsize r = 0; r < n_rows; r++)
    {
      for (guint i = 0; i < vars->len; i++)
        {
          if (i > 0)
            fputc (',', out);
          fputs (g_ascii_formatd (buf, sizeof buf, "%.12g",
                                  bg_result_get_value (result, g_array_index (vars, guint, i), r)),
                 out);
        }
      fputc ('\n', out);
    }
  if (fflush (out) != 0 || ferror (out) || (!to_stdout && fclose (out) != 0))
    {
      saved_errno = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot write %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

/* Without --vars the plot shows the variables the editor saved with the
 * model (those the plan knows), else each element's usual variables. */
static GArray *
default_plot_vars (BgModel *model, BgPlan *plan)
{
  GArray *vars = g_array_new (FALSE, FALSE, sizeof (guint));
  GPtrArray *elements = bg_model_get_elements (model);
  g_auto (GStrv) saved = bg_view_dup_plot_vars (model);

  for (guint i = 0; saved != NULL && saved[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, saved[i]);
      if (v > 0)
        g_array_append_val (vars, v);
    }
  if (vars->len > 0)
    return vars;

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      g_auto (GStrv) suffixes = NULL;

      if (el->spec->plot_vars == NULL || el->spec->kind == BG_KIND_SE
          || el->spec->kind == BG_KIND_SF)
        continue;
      suffixes = g_strsplit (el->spec->plot_vars, ",", -1);
      for (guint k = 0; suffixes[k] != NULL; k++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", el->id, g_strstrip (suffixes[k]));
          int v = bg_plan_lookup_var (plan, name);
          if (v > 0)
            g_array_append_val (vars, v);
        }
    }
  return vars;
}

static gboolean
write_plot (BgPlan *plan, BgResult *result, GArray *vars, const BgSimReport *report,
            const char *path, GError **error)
{
  g_autoptr (BgPlotRenderer) renderer = bg_plot_renderer_new ();
  gsize n_rows = bg_result_get_n_rows (result);
  g_autoptr (GPtrArray) columns = g_ptr_array_new_with_free_func (g_free);
  double *t = g_new (double, MAX (n_rows, 1));
  gboolean ok;

  g_ptr_array_add (columns, t);
  bg_result_copy_column (result, 0, 0, n_rows, t);
  for (guint i = 0; i < vars->len; i++)
    {
      guint v = g_array_index (vars, guint, i);
      double *y;

      if (v == 0)
        continue;
      y = g_new (double, MAX (n_rows, 1));
      g_ptr_array_add (columns, y);
      bg_result_copy_column (result, v, 0, n_rows, y);
      bg_plot_renderer_add_trace (renderer, bg_result_get_var_name (result, v),
                                  bg_result_get_var_unit (result, v), t, y, n_rows);
    }
  for (guint i = 0; i < bg_plan_get_n_switch_times (plan); i++)
    bg_plot_renderer_add_marker (renderer, bg_plan_get_switch_time (plan, i), NULL,
                                 BG_PLOT_MARKER_STEP);
  if (report->status == BG_SIM_STATUS_EVENT)
    bg_plot_renderer_add_marker (renderer, report->t, report->element_id, BG_PLOT_MARKER_EVENT);

  if (g_str_has_suffix (path, ".svg"))
    ok = bg_plot_renderer_write_svg (renderer, path, PLOT_WIDTH, PLOT_HEIGHT, 1.0, error);
  else
    ok = bg_plot_renderer_write_png (renderer, path, PLOT_WIDTH, PLOT_HEIGHT, 1.0, error);
  return ok;
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
  BgResult *result;
  const BgSimReport *report;
  const GError *error;
  Options o = { NAN, NAN, NAN, NAN, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL };
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
      g_autoptr (GArray) plot_vars = o.vars != NULL ? g_array_ref (vars)
                                                    : default_plot_vars (model, plan);
      exit_code = bg_cli_simulate_sweep (model, &settings, o.sweep, vars, plot_vars,
                                         o.csv, o.plot);
      goto out;
    }

  run = bg_simulation_run_new (plan);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  result = bg_simulation_run_get_result (run);
  report = bg_simulation_run_get_report (run);
  error = bg_simulation_run_get_error (run);

  if (o.csv != NULL || o.plot == NULL)
    {
      g_autoptr (GError) write_error = NULL;
      if (!write_csv (result, vars, o.csv != NULL ? o.csv : "-", &write_error))
        {
          g_printerr ("bgmod-cli simulate: %s\n", write_error->message);
          exit_code = BG_CLI_EXIT_USAGE;
        }
    }
  if (o.plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      g_autoptr (GArray) plot_vars = o.vars != NULL ? g_array_ref (vars)
                                                    : default_plot_vars (model, plan);
      if (!write_plot (plan, result, plot_vars, report, o.plot, &plot_error))
        {
          g_printerr ("bgmod-cli simulate: %s\n", plot_error->message);
          exit_code = BG_CLI_EXIT_USAGE;
        }
    }

  if (report->status == BG_SIM_STATUS_EVENT)
    g_printerr ("%s\n", report->message);
  else if (report->status != BG_SIM_STATUS_FINISHED)
    {
      g_printerr ("bgmod-cli simulate: %s\n", error != NULL ? error->message : report->message);
      exit_code = BG_CLI_EXIT_FAILED;
    }

out:
  options_clear (&o);
  return exit_code;
}
