/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-memory.c — peak memory of a long run.
 *
 * Owns: measuring the peak resident set (getrusage ru_maxrss) and the heap
 * in use (mallinfo2) for a run that stores 1e6 output rows of 20 variables
 * (t and 19 more: a flow source charging a capacitor, and an effort source
 * driving a damper through a lever), next to the floor of 8 bytes per
 * stored double (160 MB). Must not: assert anything.
 */
#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <sys/resource.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-model.h"
#include "bg-simulator.h"

static double
peak_rss_mb (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;   /* kB on Linux */
}

static double
heap_mb (void)
{
  struct mallinfo2 info = mallinfo2 ();
  return (info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

static BgModel *
build_model (void)
{
  BgModel *model = bg_model_new ();
  BgSimSettings settings;
  GError *error = NULL;

  bg_model_add_element (model, "Sf", BG_DOMAIN_ELECTRICAL, "I0", 0, 0, &error);
  bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 1, 0, &error);
  bg_model_connect (model, "I0", "C1", NULL, &error);
  bg_model_add_element (model, "Se", BG_DOMAIN_TRANSLATIONAL, "F", 0, 1, &error);
  bg_model_add_element (model, "TF", BG_DOMAIN_TRANSLATIONAL, "T1", 1, 1, &error);
  bg_model_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, "B1", 2, 1, &error);
  bg_model_connect (model, "F", "T1.P", NULL, &error);
  bg_model_connect (model, "T1.S", "B1", NULL, &error);
  g_assert_no_error (error);

  bg_sim_settings_init_default (&settings);
  settings.t_end = 1000.0;
  settings.output_step = 1e-3;
  bg_model_set_simulation (model, &settings, &error);
  g_assert_no_error (error);
  return model;
}

int
main (void)
{
  g_autoptr (BgModel) model = build_model ();
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  BgSimReport report = { 0 };
  GError *error = NULL;
  double rss_before, heap_before, stored_mb, rss_after, heap_after;
  gint64 start;
  gsize rows;
  guint vars;

  g_assert_true (bg_causality_is_ok (causality));
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  result = bg_simulator_new_result (plan);
  rss_before = peak_rss_mb ();
  heap_before = heap_mb ();

  start = g_get_monotonic_time ();
  bg_simulator_run (plan, result, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);

  rows = bg_result_get_n_rows (result);
  vars = bg_result_get_n_vars (result);
  stored_mb = rows * (double) vars * sizeof (double) / (1024.0 * 1024.0);
  rss_after = peak_rss_mb ();
  heap_after = heap_mb ();

  printf ("rows %" G_GSIZE_FORMAT ", variables %u, solver steps %" G_GUINT64_FORMAT ", run %.2f s\n",
          rows, vars, report.n_steps, (g_get_monotonic_time () - start) / 1e6);
  printf ("stored doubles      %8.1f MiB (floor: 8 bytes each)\n", stored_mb);
  printf ("heap in use         %8.1f MiB before, %8.1f MiB after (+%.1f MiB, %.3f × floor)\n",
          heap_before, heap_after, heap_after - heap_before, (heap_after - heap_before) / stored_mb);
  printf ("peak RSS            %8.1f MiB before, %8.1f MiB after (+%.1f MiB, %.3f × floor)\n",
          rss_before, rss_after, rss_after - rss_before, (rss_after - rss_before) / stored_mb);
  bg_sim_report_clear (&report);
  return 0;
}
