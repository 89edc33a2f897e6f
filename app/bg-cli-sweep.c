/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-sweep.c — `bgmod-cli simulate MODEL --sweep EL.PARAM=V1,V2,...`
 * (docs/command-line.md).
 *
 * Owns: the sweep's output: CSV `t,<var>[EL.PARAM=V1],<var>[EL.PARAM=V2],…`
 * (for each variable, one column per value; t from the longest run, a cell
 * empty where a run has no row at that time), the plot overlaying the runs
 * with a legend, one stderr line per run that ended on an event, and the
 * exit code (2 for a bad spec or parameter, 1 when a run failed). Must not:
 * simulate anything itself (core/bg-sweep.c runs the pool).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-sweep.h"

char *
bg_cli_sweep_run_label (BgSweep *sweep, guint run)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup_printf ("%s.%s=%s", bg_sweep_get_element (sweep), bg_sweep_get_param (sweep),
                          g_ascii_formatd (buf, sizeof buf, "%.6g", bg_sweep_get_value (sweep, run)));
}

static guint
longest_run (BgSweep *sweep)
{
  guint best = 0;

  for (guint r = 1; r < bg_sweep_get_n_runs (sweep); r++)
    if (bg_result_get_n_rows (bg_sweep_get_result (sweep, r))
        > bg_result_get_n_rows (bg_sweep_get_result (sweep, best)))
      best = r;
  return best;
}

static gboolean
write_csv (BgSweep *sweep, GArray *vars, const char *path, GError **error)
{
  BgCliCsv *csv = bg_cli_csv_open (path, error);
  guint n_runs = bg_sweep_get_n_runs (sweep), base = longest_run (sweep);
  BgResult *ref = bg_sweep_get_result (sweep, base);
  gsize n_rows = bg_result_get_n_rows (ref);
  g_autofree gsize *next = g_new0 (gsize, n_runs);

  if (csv == NULL)
    return FALSE;
  bg_cli_csv_text (csv, "t");
  for (guint i = 0; i < vars->len; i++)
    {
      guint v = g_array_index (vars, guint, i);
      if (v == 0)
        continue;
      for (guint r = 0; r < n_runs; r++)
        {
          g_autofree char *label = bg_cli_sweep_run_label (sweep, r);
          g_autofree char *head = g_strdup_printf ("%s[%s]", bg_result_get_var_name (ref, v), label);

          bg_cli_csv_text (csv, head);
        }
    }
  bg_cli_csv_end_row (csv);
  for (gsize row = 0; row < n_rows; row++)
    {
      double t = bg_result_get_value (ref, 0, row);
      g_autofree gboolean *has = g_new0 (gboolean, n_runs);

      /* Each run's row at this time, if it has one (runs share output
       * times; an event row is at a time of its own). */
      for (guint r = 0; r < n_runs; r++)
        {
          BgResult *res = bg_sweep_get_result (sweep, r);
          gsize rows = bg_result_get_n_rows (res);
          while (next[r] < rows && bg_result_get_value (res, 0, next[r]) < t)
            next[r]++;
          has[r] = next[r] < rows && bg_result_get_value (res, 0, next[r]) == t;
        }
      bg_cli_csv_number (csv, t);
      for (guint i = 0; i < vars->len; i++)
        {
          guint v = g_array_index (vars, guint, i);
          if (v == 0)
            continue;
          for (guint r = 0; r < n_runs; r++)
            {
              if (has[r])
                bg_cli_csv_number (csv, bg_result_get_value (bg_sweep_get_result (sweep, r), v,
                                                             next[r]));
              else
                bg_cli_csv_empty (csv);
            }
        }
      bg_cli_csv_end_row (csv);
    }
  return bg_cli_csv_close (csv, error);
}

int
bg_cli_simulate_sweep (BgModel             *model,
                       const BgSimSettings *settings,
                       const char          *spec,
                       GArray              *vars,
                       GArray              *plot_vars,
                       const BgCliOutputOptions *out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) values = NULL;
  g_autoptr (BgSweep) sweep = NULL;
  g_autofree char *element = NULL, *param = NULL;
  const char *csv_path = bg_cli_output_options_csv_path (out);
  int exit_code = BG_CLI_EXIT_OK;

  if (!bg_sweep_parse_spec (spec, &element, &param, &values, &error))
    return bg_cli_usage_error ("simulate", error->message);
  sweep = bg_sweep_new (model, element, param, (const double *) values->data, values->len,
                        settings, &error);
  if (sweep == NULL)
    {
      if (g_error_matches (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_MODEL))
        {
          g_printerr ("bgmod-cli simulate: %s\n", error->message);
          return BG_CLI_EXIT_FAILED;
        }
      return bg_cli_usage_error ("simulate", error->message);
    }

  bg_sweep_run (sweep, 0, NULL, NULL, NULL);

  if (csv_path != NULL)
    {
      g_autoptr (GError) write_error = NULL;
      if (!write_csv (sweep, vars, csv_path, &write_error))
        exit_code = bg_cli_write_failed ("simulate", write_error);
    }
  if (out->plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      if (!bg_cli_write_sweep_plot (sweep, plot_vars, out->plot, &plot_error))
        exit_code = bg_cli_write_failed ("simulate", plot_error);
    }

  for (guint r = 0; r < bg_sweep_get_n_runs (sweep); r++)
    {
      g_autofree char *label = bg_cli_sweep_run_label (sweep, r);
      BgSimStatus status = bg_sweep_get_status (sweep, r);

      if (status == BG_SIM_STATUS_EVENT)
        g_printerr ("%s: %s\n", label, bg_sweep_get_message (sweep, r));
      else if (status != BG_SIM_STATUS_FINISHED)
        {
          g_printerr ("bgmod-cli simulate: %s: %s\n", label,
                      bg_sweep_get_message (sweep, r) != NULL ? bg_sweep_get_message (sweep, r)
                                                              : _("the run did not finish"));
          exit_code = BG_CLI_EXIT_FAILED;
        }
    }
  return exit_code;
}
