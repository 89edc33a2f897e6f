/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-analyze.c — how long the causality analysis takes on large models.
 *
 * Owns: generating conflict-free ladder models of about 1 000, 10 000 and
 * 100 000 elements and printing the median analysis time and the time per
 * element. Must not: assert on timings (machines differ); it only prints.
 *
 * The ladder: Se → 1 (with R) → then repeated units 0 (with C) → 1 (with R
 * and I), each junction bonded to the next. Every storage is integral, the
 * strokes propagate from each storage along the chain. The same ladder is
 * also analysed with the teaching trace (bg_causality_analyze_traced), whose
 * cost must stay linear too.
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "bg-causality.h"
#include "bg-causality-trace.h"
#include "bg-i18n.h"
#include "bg-model.h"

#define N_RUNS 7
#define MAX_RUNS 101

static void
add (BgModel    *model,
     const char *type,
     const char *id)
{
  g_autoptr(GError) error = NULL;

  if (bg_model_add_element (model, type, BG_DOMAIN_ELECTRICAL, id, 0, 0, &error) == NULL)
    g_error ("%s", error->message);
}

static void
connect (BgModel    *model,
         const char *from,
         const char *to)
{
  g_autoptr(GError) error = NULL;

  if (bg_model_connect (model, from, to, NULL, &error) == NULL)
    g_error ("%s", error->message);
}

static BgModel *
make_ladder (guint n_elements)
{
  BgModel *model = bg_model_new ();
  guint units = (n_elements - 3) / 5;
  char prev[32] = "S0";

  bg_model_begin_group (model, "ladder");
  add (model, "Se", "U");
  add (model, "1", "S0");
  add (model, "R", "R0");
  connect (model, "U", "S0");
  connect (model, "S0", "R0");
  for (guint k = 1; k <= units; k++)
    {
      char n[32], c[32], m[32], r[32], l[32];

      g_snprintf (n, sizeof n, "N%u", k);
      g_snprintf (c, sizeof c, "C%u", k);
      g_snprintf (m, sizeof m, "M%u", k);
      g_snprintf (r, sizeof r, "R%u", k);
      g_snprintf (l, sizeof l, "L%u", k);
      add (model, "0", n);
      add (model, "C", c);
      add (model, "1", m);
      add (model, "R", r);
      add (model, "I", l);
      connect (model, prev, n);
      connect (model, n, c);
      connect (model, n, m);
      connect (model, m, r);
      connect (model, m, l);
      g_strlcpy (prev, m, sizeof prev);
    }
  bg_model_end_group (model);
  return model;
}

/* CPU time of this thread, so a busy machine does not count against us. */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The worst case for diagnostics: 0-junctions in series, each with a C.
 * The first C sets the common effort; every other one is in conflict with
 * it, with an ever longer chain behind the conflict. */
static BgModel *
make_conflict_chain (guint n_elements)
{
  BgModel *model = bg_model_new ();
  char prev[32] = "";

  bg_model_begin_group (model, "conflicts");
  for (guint k = 1; k <= n_elements / 2; k++)
    {
      char j[32], c[32];

      g_snprintf (j, sizeof j, "J%u", k);
      g_snprintf (c, sizeof c, "C%u", k);
      add (model, "0", j);
      add (model, "C", c);
      connect (model, j, c);
      if (*prev != '\0')
        connect (model, prev, j);
      g_strlcpy (prev, j, sizeof prev);
    }
  bg_model_end_group (model);
  return model;
}

static int
compare_double (const void *p1,
                const void *p2)
{
  double d1 = *(const double *) p1, d2 = *(const double *) p2;

  return d1 < d2 ? -1 : d1 > d2;
}

static void
bench_conflicts (guint n_target,
                 guint n_runs)
{
  g_autoptr(BgModel) model = make_conflict_chain (n_target);
  guint n_elements = bg_model_get_elements (model)->len;
  double times[MAX_RUNS];
  guint n_errors = 0;

  for (guint run = 0; run < n_runs; run++)
    {
      double start = thread_cpu_ms ();
      BgCausality *c = bg_causality_analyze (model);

      times[run] = thread_cpu_ms () - start;
      n_errors = bg_causality_get_errors (c)->len;
      bg_causality_unref (c);
    }
  qsort (times, n_runs, sizeof (double), compare_double);
  g_print ("%7u elements, %6u storage conflicts: median %8.2f ms CPU; %6.1f ns/element\n",
           n_elements, n_errors, times[n_runs / 2], times[n_runs / 2] * 1e6 / n_elements);
}

static void
bench (guint n_target,
       guint n_runs)
{
  g_autoptr(BgModel) model = make_ladder (n_target);
  guint n_elements = bg_model_get_elements (model)->len;
  guint n_bonds = bg_model_get_bonds (model)->len;
  double times[MAX_RUNS];
  double cpu[MAX_RUNS];
  double median;

  for (guint run = 0; run < n_runs; run++)
    {
      double cpu_start = thread_cpu_ms ();
      gint64 start = g_get_monotonic_time ();
      BgCausality *c = bg_causality_analyze (model);
      gint64 end = g_get_monotonic_time ();

      cpu[run] = thread_cpu_ms () - cpu_start;

      if (!bg_causality_is_ok (c))
        g_error ("the ladder should be conflict-free: %s",
                 ((BgDiagnostic *) g_ptr_array_index (bg_causality_get_errors (c), 0))->message);
      if (bg_causality_get_states (c)->len != 2 * ((n_target - 3) / 5))
        g_error ("unexpected number of states");
      bg_causality_unref (c);
      times[run] = (end - start) / 1000.0;
    }
  qsort (times, n_runs, sizeof (double), compare_double);
  qsort (cpu, n_runs, sizeof (double), compare_double);
  median = times[n_runs / 2];
  g_print ("%7u elements %7u bonds: median %8.2f ms wall (min %.2f, max %.2f), "
           "%8.2f ms CPU; %6.1f ns/element\n",
           n_elements, n_bonds, median, times[0], times[n_runs - 1],
           cpu[n_runs / 2], median * 1e6 / n_elements);
}

static void
bench_traced (guint n_target,
              guint n_runs)
{
  g_autoptr(BgModel) model = make_ladder (n_target);
  guint n_elements = bg_model_get_elements (model)->len;
  double cpu[MAX_RUNS];
  guint n_steps = 0;

  for (guint run = 0; run < n_runs; run++)
    {
      double start = thread_cpu_ms ();
      BgCausalityTrace *trace = NULL;
      BgCausality *c = bg_causality_analyze_traced (model, &trace);

      cpu[run] = thread_cpu_ms () - start;
      n_steps = bg_causality_trace_get_n_steps (trace);
      bg_causality_trace_unref (trace);
      bg_causality_unref (c);
    }
  qsort (cpu, n_runs, sizeof (double), compare_double);
  g_print ("%7u elements, %7u steps traced: median %8.2f ms CPU; %6.1f ns/element\n",
           n_elements, n_steps, cpu[n_runs / 2], cpu[n_runs / 2] * 1e6 / n_elements);
}

int
main (int    argc,
      char **argv)
{
  guint n_runs = N_RUNS;

  bg_i18n_init ();
  /* bench-analyze [ELEMENTS [RUNS]]: one size only, e.g. for a profiler. */
  if (argc > 2)
    n_runs = CLAMP ((guint) g_ascii_strtoull (argv[2], NULL, 10), 1, MAX_RUNS);
  g_print ("bg_causality_analyze on a conflict-free Se/1/R + (0/C, 1/R/I) ladder, %u runs each\n",
           n_runs);
  if (argc > 1)
    {
      bench (CLAMP ((guint) g_ascii_strtoull (argv[1], NULL, 10), 8, BG_MODEL_MAX_ELEMENTS), n_runs);
      return 0;
    }
  bench (1000, n_runs);
  bench (10000, n_runs);
  bench (100000, n_runs);

  g_print ("\nThe same ladder with the step-by-step trace (analyze --steps)\n");
  bench_traced (1000, n_runs);
  bench_traced (10000, n_runs);
  bench_traced (100000, n_runs);

  g_print ("\nWorst case for diagnostics: a chain of 0-junctions with one C each\n");
  bench_conflicts (1000, n_runs);
  bench_conflicts (10000, n_runs);
  bench_conflicts (100000, MIN (n_runs, 3));
  return 0;
}
