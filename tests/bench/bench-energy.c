/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-energy.c — what the energy ledger costs a run. Prints figures,
 * asserts nothing.
 *
 * Owns: the same run with and without energy accounts (the plan compiled
 * with bg_compiler_compile_with_energy and the ledger filled by the
 * solver's quadratures) on the hydraulic bench example and on mass chains
 * of 100 and 1000 masses: wall time (best of several), solver steps and
 * the relative residual; each run storing t alone (as `energy` does) and
 * every variable (as the window and `simulate` do). Usage: bench-energy [REPEATS] (default 20).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-energy.h"
#include "bg-file.h"
#include "bg-model-flatten.h"
#include "bg-simulator.h"
#include "bench-chain.h"

typedef struct
{
  double   best_s;
  guint64  steps, rhs;
  double   relative_residual;
} Timing;

static Timing
time_runs (BgModel *model, gboolean with_energy, gboolean all_vars, guint repeats)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgPlan) plan = with_energy
                            ? bg_compiler_compile_with_energy (model, causality, NULL, &error)
                            : bg_compiler_compile (model, causality, NULL, &error);
  Timing timing = { G_MAXDOUBLE, 0, 0, 0 };

  if (plan == NULL)
    {
      g_printerr ("bench-energy: %s\n", error->message);
      exit (1);
    }
  for (guint i = 0; i < repeats; i++)
    {
      /* As `energy` runs it (t stored, the ledger filled), or as the
       * window and `simulate` do (every variable). */
      g_autoptr (BgResult) result = all_vars ? bg_simulator_new_result (plan)
                                             : bg_simulator_new_result_for (plan, NULL, 0, FALSE);
      g_autoptr (BgEnergy) energy = with_energy ? bg_energy_new (plan) : NULL;
      BgSimReport report = { 0 };
      gint64 t0 = g_get_monotonic_time ();

      bg_simulator_run_with_energy (plan, result, energy, NULL, NULL, NULL, &report, NULL);
      timing.best_s = MIN (timing.best_s, (g_get_monotonic_time () - t0) / 1e6);
      timing.steps = report.n_steps;
      timing.rhs = report.n_rhs_evals;
      if (energy != NULL)
        timing.relative_residual =
          bg_energy_get_relative_residual (energy, bg_energy_get_n_rows (energy) - 1);
      bg_sim_report_clear (&report);
    }
  return timing;
}

static void
compare (const char *name, BgModel *model, guint repeats)
{
  for (int all = 0; all <= 1; all++)
    {
      Timing plain = time_runs (model, FALSE, all, repeats);
      Timing with = time_runs (model, TRUE, all, repeats);

      printf ("%-20s %-5s %9.2f ms %9.2f ms %+7.1f %%  %7" G_GUINT64_FORMAT " %7" G_GUINT64_FORMAT
              " %7" G_GUINT64_FORMAT "  %9.2e\n",
              name, all ? "all" : "t", 1e3 * plain.best_s, 1e3 * with.best_s,
              100.0 * (with.best_s / plain.best_s - 1.0), plain.steps, with.steps, plain.rhs,
              with.relative_residual);
    }
}

int
main (int argc, char **argv)
{
  guint repeats = argc > 1 ? (guint) atoi (argv[1]) : 20;
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *bench_path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                                  "examples", "hydraulic-bench.bgmod", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgModel) bench = bg_file_load_path (bench_path, &error);

  if (bench == NULL)
    {
      g_printerr ("bench-energy: %s\n", error->message);
      return 1;
    }
  repeats = MAX (repeats, 1);
  printf ("best of %u runs; the ledger's row per output row included\n", repeats);
  printf ("%-20s %-5s %12s %12s %9s  %7s %7s %7s  %9s\n", "model", "rows", "without",
          "with energy", "cost", "steps", "steps", "rhs", "rel. res.");
  compare ("hydraulic-bench", bench, repeats);
  {
    g_autoptr (BgModel) chain = bench_chain_new (100, 10.0, 0.01);
    compare ("chain, 100 masses", chain, repeats);
  }
  {
    g_autoptr (BgModel) chain = bench_chain_new (1000, 10.0, 0.01);
    compare ("chain, 1000 masses", chain, MAX (repeats / 10, 1));
  }
  return 0;
}
