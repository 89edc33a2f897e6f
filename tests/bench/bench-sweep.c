/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-sweep.c — a parameter sweep on a thread pool against the same runs
 * one after another. Prints figures, asserts nothing.
 *
 * Owns: 64 runs of the RLC example (R1 from 1 to 100 Ω, log-spaced):
 * (1) in the core: bg_sweep_run on 2 threads and on 1, against 64
 *     sequential bg_simulator_run calls;
 * (2) what users run: one `bgmod-cli simulate --sweep` process against 64
 *     `bgmod-cli simulate` processes one after another (CSV to standard
 *     output, thrown away), with the sweep's default columns (the main
 *     variables) and with every variable of the model (--vars, 24).
 * Run it on a quiet machine (note `uptime`): the speed-up is bounded by the
 * free cores. Usage: bench-sweep [PATH/TO/bgmod-cli] (default: beside it).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <glib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-simulator.h"
#include "bg-sweep.h"

#define N_RUNS 64

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static double
sequential (BgModel *model, const double *values)
{
  double t0 = now ();

  for (guint i = 0; i < N_RUNS; i++)
    {
      g_autofree char *data = bg_file_to_data (model, NULL);
      g_autoptr (BgModel) copy = bg_file_load_from_data (data, -1, NULL);
      g_autoptr (BgCausality) causality = NULL;
      g_autoptr (BgPlan) plan = NULL;
      g_autoptr (BgResult) result = NULL;

      bg_model_set_param_number (copy, "R1", "value", values[i], NULL);
      causality = bg_causality_analyze (copy);
      plan = bg_compiler_compile (copy, causality, NULL, NULL);
      result = bg_simulator_new_result (plan);
      bg_simulator_run (plan, result, NULL, NULL, NULL, NULL, NULL);
    }
  return now () - t0;
}

static double
swept (BgModel *model, const double *values, guint threads)
{
  double t0 = now ();
  g_autoptr (BgSweep) sweep = bg_sweep_new (model, "R1", "value", values, N_RUNS, NULL, NULL);

  bg_sweep_run (sweep, threads, NULL, NULL, NULL);
  return now () - t0;
}

static double
spawn (const char *const *argv)
{
  double t0 = now ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, &error))
    g_printerr ("bench-sweep: %s\n", error->message);
  return now () - t0;
}

int
main (int argc, char **argv)
{
  g_autofree char *path = g_build_filename (BGMOD_SOURCE_DATADIR, "examples", "rlc-circuit.bgmod", NULL);
  g_autofree char *here = g_path_get_dirname (argv[0]);
  g_autofree char *cli = argc > 1 ? g_strdup (argv[1])
                                  : g_build_filename (here, "..", "..", "app", "bgmod-cli", NULL);
  g_autoptr (BgModel) model = bg_file_load_path (path, NULL);
  g_autoptr (GString) spec = g_string_new ("R1.value=");
  double values[N_RUNS], t_seq, t_1, t_2, t_cli_seq = 0, t_cli_sweep;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < N_RUNS; i++)
    {
      values[i] = pow (10, 2.0 * i / (N_RUNS - 1));
      g_string_append_printf (spec, "%s%s", i > 0 ? "," : "",
                              g_ascii_formatd (buf, sizeof buf, "%.17g", values[i]));
    }
  printf ("bench-sweep: %d runs of rlc-circuit.bgmod (%u processors)\n", N_RUNS,
          g_get_num_processors ());

  t_seq = sequential (model, values);
  t_1 = swept (model, values, 1);
  t_2 = swept (model, values, 2);
  printf ("core   sequential %7.3f s   sweep 1 thread %7.3f s   sweep 2 threads %7.3f s   "
          "speed-up %.2f×\n", t_seq, t_1, t_2, t_seq / t_2);

  for (guint i = 0; i < N_RUNS; i++)
    {
      g_autofree char *value = g_strdup_printf ("R1.value=%.17g", values[i]);
      const char *const one[] = { cli, "simulate", path, "--sweep", value, "--csv", "-", NULL };
      t_cli_seq += spawn (one);
    }
  {
    const char *const all[] = { cli, "simulate", path, "--sweep", spec->str, "--csv", "-", NULL };
    t_cli_sweep = spawn (all);
  }
  printf ("bgmod-cli  64 processes %7.3f s   one --sweep process %7.3f s   speed-up %.2f×\n",
          t_cli_seq, t_cli_sweep, t_cli_seq / t_cli_sweep);
  {
    g_autoptr (GString) vars = g_string_new (NULL);
    g_autoptr (BgCausality) causality = bg_causality_analyze (model);
    g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
    const char *all[] = { cli, "simulate", path, "--sweep", spec->str, "--vars", NULL, "--csv", "-",
                          NULL };

    for (guint v = 1; v < bg_plan_get_n_vars (plan); v++)
      g_string_append_printf (vars, "%s%s", v > 1 ? "," : "", bg_plan_get_var_name (plan, v));
    all[6] = vars->str;
    printf ("bgmod-cli  one --sweep process, all %u variables: %7.3f s\n",
            bg_plan_get_n_vars (plan) - 1, spawn (all));
  }
  return 0;
}
