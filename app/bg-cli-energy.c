/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-energy.c — `bgmod-cli energy MODEL.bgmod [--json | --csv OUT.csv|-]
 * [simulate options]` (docs/command-line.md).
 *
 * Owns: the energy subcommand: one run of the model compiled with energy
 * accounts (bg-energy.h), which stores only t and the ledger, and its
 * three forms: plain text (one line per account with its role and joules,
 * in the user's unit symbols, then the totals and the residual), --json (the shape of
 * docs/command-line.md) and --csv (`t,<id>.W…,supplied,dissipated,stored,
 * residual`); the exit codes of simulate. Its run options are simulate's
 * (bg-cli-options.c). Must not: integrate anything itself (the simulator
 * does, with the run) or write anything but data to stdout.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-cli-output.h"
#include "bg-cli-progress.h"
#include "bg-compiler.h"
#include "bg-energy.h"
#include "bg-json-generate.h"
#include "bg-simulation-run.h"
#include "bg-units.h"

#define COMMAND "energy"

static BgPlan *
compile (BgModel *model, const BgCausality *causality, const BgCliSimulateOptions *o,
         int *exit_code)
{
  g_autoptr (GError) error = NULL;
  BgSimSettings settings = *bg_model_get_simulation (model);
  BgPlan *plan;

  bg_cli_simulate_options_apply (o, &settings);
  plan = bg_compiler_compile_with_energy (model, causality, &settings, &error);
  if (plan != NULL)
    return plan;
  if (g_error_matches (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_SETTINGS))
    *exit_code = bg_cli_usage_error (COMMAND, error->message);
  else
    {
      g_printerr ("bgmod-cli " COMMAND ": %s\n", error->message);
      *exit_code = BG_CLI_EXIT_FAILED;
    }
  return NULL;
}

/* Output ------------------------------------------------------------------ */

/* The JSON of docs/command-line.md, at the last row. */
static char *
format_json (BgEnergy *energy)
{
  gsize last = bg_energy_get_n_rows (energy) - 1;
  GString *out = g_string_new ("{\n  \"t_end\": ");

  bg_json_append_double (out, bg_result_get_value (bg_energy_get_ledger (energy), 0, last));
  g_string_append (out, ",\n  \"elements\": [");
  for (guint a = 0; a < bg_energy_get_n_accounts (energy); a++)
    {
      g_autofree char *id = g_strescape (bg_energy_get_account_element (energy, a), NULL);

      g_string_append_printf (out, "%s\n    {\"id\": \"%s\", \"role\": \"%s\", \"energy\": ",
                              a > 0 ? "," : "", id,
                              bg_energy_role_name (bg_energy_get_account_role (energy, a)));
      bg_json_append_double (out, bg_energy_get_value (energy, a, last));
      g_string_append_c (out, '}');
    }
  g_string_append (out, bg_energy_get_n_accounts (energy) > 0 ? "\n  ]" : "]");
  for (guint k = 0; k < BG_ENERGY_N_TOTALS; k++)
    {
      g_string_append_printf (out, ",\n  \"%s\": ", bg_energy_total_name (k));
      bg_json_append_double (out, bg_energy_get_total (energy, k, last));
    }
  g_string_append (out, ",\n  \"relative_residual\": ");
  bg_json_append_double (out, bg_energy_get_relative_residual (energy, last));
  g_string_append (out, "\n}\n");
  return g_string_free (out, FALSE);
}

/* "%.6g J" (the unit in the user's symbols: "Дж"), with a space before a
 * number that is not negative, so that the columns align. */
static void
append_joules (GString *out, double value, const char *joule)
{
  value += 0.0;
  g_string_append_printf (out, "%s%.6g %s", signbit (value) ? "" : " ", value, joule);
}

static char *
format_text (BgEnergy *energy, const char *path)
{
  BgResult *ledger = bg_energy_get_ledger (energy);
  gsize last = bg_energy_get_n_rows (energy) - 1;
  guint n = bg_energy_get_n_accounts (energy);
  int id_width = 4, role_width = 4, total_width = 4;
  g_autofree char *joule = bg_units_localize ("J");
  GString *out = g_string_new (NULL);

  for (guint a = 0; a < n; a++)
    {
      id_width = MAX (id_width, (int) g_utf8_strlen (bg_energy_get_account_element (energy, a), -1));
      role_width = MAX (role_width,
                        (int) g_utf8_strlen (bg_energy_role_label (bg_energy_get_account_role (energy, a)), -1));
    }
  for (guint k = 0; k < BG_ENERGY_N_TOTALS; k++)
    total_width = MAX (total_width, (int) g_utf8_strlen (bg_energy_total_label (k), -1));

  /* Translators: the first line of `bgmod-cli energy`: the file, then the time span */
  g_string_append_printf (out, _("Energy balance of %s from t = 0 to %g s"), path,
                          bg_result_get_value (ledger, 0, last));
  g_string_append_c (out, '\n');
  for (guint a = 0; a < n; a++)
    {
      const char *id = bg_energy_get_account_element (energy, a);
      const char *role = bg_energy_role_label (bg_energy_get_account_role (energy, a));

      g_string_append_printf (out, "  %s%*s  %s%*s  ", id,
                              id_width - (int) g_utf8_strlen (id, -1), "", role,
                              role_width - (int) g_utf8_strlen (role, -1), "");
      append_joules (out, bg_energy_get_value (energy, a, last), joule);
      g_string_append_c (out, '\n');
    }
  for (guint k = 0; k < BG_ENERGY_N_TOTALS; k++)
    {
      const char *label = bg_energy_total_label (k);

      g_string_append_printf (out, "%s%*s  ", label, total_width - (int) g_utf8_strlen (label, -1), "");
      append_joules (out, bg_energy_get_total (energy, k, last), joule);
      if (k == BG_ENERGY_RESIDUAL)
        /* Translators: after the residual in joules: |residual| over the energy moved */
        g_string_append_printf (out, _(" (relative %.3g)"), bg_energy_get_relative_residual (energy, last));
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static gboolean
write_csv (BgEnergy *energy, const char *path, GError **error)
{
  BgResult *ledger = bg_energy_get_ledger (energy);
  guint n_cols = bg_result_get_n_vars (ledger);
  gsize n_rows = bg_result_get_n_rows (ledger);
  BgCliCsv *csv = bg_cli_csv_open (path, error);

  if (csv == NULL)
    return FALSE;
  for (guint v = 0; v < n_cols; v++)
    bg_cli_csv_text (csv, bg_result_get_var_name (ledger, v));
  bg_cli_csv_end_row (csv);
  for (gsize r = 0; r < n_rows; r++)
    {
      for (guint v = 0; v < n_cols; v++)
        bg_cli_csv_number (csv, bg_result_get_value (ledger, v, r));
      bg_cli_csv_end_row (csv);
    }
  return bg_cli_csv_close (csv, error);
}

/* The run ---------------------------------------------------------------- */

static void
show_progress_cb (BgSimulationRun *run, BgCliProgress *progress)
{
  bg_cli_progress_set_fraction (progress, bg_simulation_run_get_fraction (run));
}

/* Runs the plan; the run's ledger, or NULL after printing why not. */
static BgSimulationRun *
run_plan (BgPlan *plan, guint64 max_memory, int *exit_code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgResult) result = bg_simulator_new_result_for (plan, NULL, 0, FALSE);
  BgSimulationRun *run = bg_simulation_run_new_with_result (plan, result);
  BgEnergy *energy = bg_simulation_run_enable_energy (run);
  g_autoptr (BgCliProgress) progress = NULL;

  /* What the run stores is the ledger (t alone besides). */
  if (!bg_simulator_check_memory (plan, bg_energy_get_ledger (energy), max_memory, &error))
    {
      g_printerr ("bgmod-cli " COMMAND ": %s %s\n", error->message,
                  _("Or raise the limit with --max-memory."));
      *exit_code = BG_CLI_EXIT_FAILED;
      g_object_unref (run);
      return NULL;
    }
  progress = bg_cli_progress_new (COMMAND);
  /* Translators: the progress line of `bgmod-cli energy` */
  bg_cli_progress_set_phase (progress, _("simulating"));
  g_signal_connect (run, "progress", G_CALLBACK (show_progress_cb), progress);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  return run;
}

/* 0 for a run that finished or ended at an event (its line on stderr),
 * 1 after the failure's message. */
static int
run_status (BgSimulationRun *run)
{
  const BgSimReport *report = bg_simulation_run_get_report (run);
  const GError *run_error = bg_simulation_run_get_error (run);

  if (report->status == BG_SIM_STATUS_EVENT)
    g_printerr ("%s\n", report->message);
  else if (report->status != BG_SIM_STATUS_FINISHED)
    {
      g_printerr ("bgmod-cli " COMMAND ": %s\n",
                  run_error != NULL ? run_error->message : report->message);
      return BG_CLI_EXIT_FAILED;
    }
  return BG_CLI_EXIT_OK;
}

static int
write_output (BgEnergy *energy, gboolean json, const char *csv_path, const char *model_path)
{
  g_autofree char *text = NULL;

  if (csv_path != NULL)
    {
      g_autoptr (GError) error = NULL;
      if (!write_csv (energy, csv_path, &error))
        return bg_cli_write_failed (COMMAND, error);
      return BG_CLI_EXIT_OK;
    }
  text = json ? format_json (energy) : format_text (energy, model_path);
  g_print ("%s", text);
  return BG_CLI_EXIT_OK;
}

int
bg_cli_energy (int    argc,
               char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (BgModel) model = NULL;
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgSimulationRun) run = NULL;
  g_autofree char *csv_path = NULL;
  gboolean json = FALSE;
  BgCliSimulateOptions o;
  BgEnergy *energy;
  int exit_code = BG_CLI_EXIT_OK, status;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &csv_path,
      N_("Write each element's cumulative energy over time as CSV to this file (-: standard output)"),
      "OUT.csv|-" },
    { NULL }
  };

  bg_cli_simulate_options_init (&o);
  context = g_option_context_new ("MODEL.bgmod");
  g_option_context_set_summary (context,
                                N_("Simulates a model and prints its energy balance: what each source supplied, each resistance dissipated, each storage gained and each transformer passed on, and the residual."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  bg_cli_run_options_add (&o, context);
  if (!bg_cli_parse (context, COMMAND, &argc, &argv))
    {
      exit_code = BG_CLI_EXIT_USAGE;
      goto out;
    }
  if (!bg_cli_run_options_read (&o, COMMAND, argc, &exit_code))
    goto out;
  if (json && csv_path != NULL)
    {
      exit_code = bg_cli_usage_error (COMMAND, _("--json and --csv cannot be used together"));
      goto out;
    }

  if (csv_path != NULL && !g_str_equal (csv_path, "-"))
    {
      g_autoptr (GError) error = NULL;
      if (!bg_cli_output_check (csv_path, &error))
        {
          exit_code = bg_cli_write_failed (COMMAND, error);
          goto out;
        }
    }

  model = bg_cli_load_model (argv[1], &exit_code);
  if (model == NULL)
    goto out;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    {
      exit_code = bg_cli_report_conflicts (COMMAND, NULL, causality);
      goto out;
    }
  plan = compile (model, causality, &o, &exit_code);
  if (plan == NULL)
    goto out;
  g_clear_pointer (&causality, bg_causality_unref);
  g_clear_object (&model);

  run = run_plan (plan, o.max_memory, &exit_code);
  if (run == NULL)
    goto out;
  status = run_status (run);
  energy = bg_simulation_run_get_energy (run);
  /* A ledger that stopped early (a power that overflows) fails the
   * command, as a variable that does fails simulate. */
  if (status == BG_CLI_EXIT_OK && bg_energy_get_failure (energy) != NULL)
    {
      g_printerr ("bgmod-cli " COMMAND ": %s\n", bg_energy_get_failure (energy));
      status = BG_CLI_EXIT_FAILED;
    }
  /* A failed run's balance up to its failure is still printed. */
  if (bg_energy_get_n_rows (energy) > 0)
    exit_code = write_output (energy, json, csv_path, argv[1]);
  if (exit_code == BG_CLI_EXIT_OK)
    exit_code = status;

out:
  bg_cli_simulate_options_clear (&o);
  return exit_code;
}
