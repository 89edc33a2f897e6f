/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-simulate.c — simulation speed against hand-written CVODE.
 *
 * Owns: timing a chain of N masses (each mass I on a 1-junction with a
 * damper R to ground; springs C on 0-junctions between neighbouring
 * 1-junctions; a force Se on the first) for N = 10 … 10 000 over 10 s,
 * through analysis, compilation and bg_simulator_run, and the same
 * equations written by hand directly against CVODE with the same
 * tolerances (the plan's per-state atol) and the same linear solver; prints
 * wall times, right-hand side evaluations and the ratio. Must not: assert
 * anything about time.
 *
 * Usage: bench-simulate [N ...]
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-model.h"
#include "bg-simulator.h"
#include "bench-chain.h"

#define MASS BENCH_CHAIN_MASS
#define DAMPING BENCH_CHAIN_DAMPING
#define COMPLIANCE BENCH_CHAIN_COMPLIANCE
#define FORCE BENCH_CHAIN_FORCE
#define T_END 10.0
#define OUTPUT_STEP 1.0

/* CPU time of this thread: the machine may be busy with other work, which
 * wall time would charge to whichever program happens to run. */
static double
cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Hand-written: states p_i at 2i, spring extensions x_i at 2i + 1 (the same
 * order the compiler gives), dp_i = F[i=0] - b v_i - x_i/C + x_{i-1}/C,
 * dx_i = v_i - v_{i+1}. */
typedef struct
{
  guint  n;
  long   n_rhs;
} Hand;

static int
hand_rhs (realtype t, N_Vector y, N_Vector ydot, void *data)
{
  Hand *hand = data;
  const double *yd = N_VGetArrayPointer (y);
  double *dd = N_VGetArrayPointer (ydot);
  guint n = hand->n;

  hand->n_rhs++;
  for (guint i = 0; i < n; i++)
    {
      double v = yd[2 * i] / MASS;
      double dp = -DAMPING * v;

      if (i == 0)
        dp += FORCE;
      if (i + 1 < n)
        {
          dp -= yd[2 * i + 1] / COMPLIANCE;
          dd[2 * i + 1] = v - yd[2 * i + 2] / MASS;
        }
      if (i > 0)
        dp += yd[2 * i - 1] / COMPLIANCE;
      dd[2 * i] = dp;
    }
  return 0;
}

static double
run_hand (BgPlan *plan, guint n_masses, long *n_rhs, long *n_steps, double *x_last, double *cpu)
{
  sunindextype n = bg_plan_get_n_states (plan);
  Hand hand = { n_masses, 0 };
  SUNContext ctx;
  N_Vector y, atol;
  SUNMatrix A;
  SUNLinearSolver ls;
  void *cvode;
  guint mu, ml;
  double t = 0, cpu_start = cpu_seconds ();
  gint64 start = g_get_monotonic_time ();
  long nst = 0;

  SUNContext_Create (NULL, &ctx);
  y = N_VNew_Serial (n, ctx);
  atol = N_VNew_Serial (n, ctx);
  N_VConst (0.0, y);
  for (sunindextype i = 0; i < n; i++)
    N_VGetArrayPointer (atol)[i] = bg_plan_get_state_atol (plan, (guint) i);
  cvode = CVodeCreate (CV_BDF, ctx);
  CVodeInit (cvode, hand_rhs, 0.0, y);
  CVodeSVtolerances (cvode, bg_plan_get_rtol (plan), atol);
  CVodeSetUserData (cvode, &hand);
  CVodeSetMaxNumSteps (cvode, 100000);
  bg_plan_get_band_widths (plan, &mu, &ml);
  if (bg_plan_get_solver (plan) == BG_PLAN_SOLVER_BAND)
    {
      A = SUNBandMatrix (n, mu, ml, ctx);
      ls = SUNLinSol_Band (y, A, ctx);
    }
  else
    {
      A = SUNDenseMatrix (n, n, ctx);
      ls = SUNLinSol_Dense (y, A, ctx);
    }
  CVodeSetLinearSolver (cvode, ls, A);
  for (double tout = OUTPUT_STEP; tout <= T_END + 1e-9; tout += OUTPUT_STEP)
    CVode (cvode, tout, y, &t, CV_NORMAL);
  CVodeGetNumSteps (cvode, &nst);
  *n_steps = nst;
  *n_rhs = hand.n_rhs;
  *x_last = N_VGetArrayPointer (y)[0];
  *cpu = cpu_seconds () - cpu_start;

  CVodeFree (&cvode);
  SUNLinSolFree (ls);
  SUNMatDestroy (A);
  N_VDestroy (y);
  N_VDestroy (atol);
  SUNContext_Free (&ctx);
  return (g_get_monotonic_time () - start) / 1e6;
}

static void
bench (guint n)
{
  static const char *const solver_names[] = { "none", "dense", "band", "KLU" };
  gint64 t0 = g_get_monotonic_time (), t1, t2, t3;
  g_autoptr (BgModel) model = bench_chain_new (n, T_END, OUTPUT_STEP);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  BgSimReport report = { 0 };
  GError *error = NULL;
  double t_ours, t_hand, p0_hand, cpu_ours, cpu_hand, cpu_start, cpu_analyze, cpu_compile;
  long rhs_hand, steps_hand;
  guint mu, ml;
  int p0;

  t1 = g_get_monotonic_time ();
  cpu_start = cpu_seconds ();
  causality = bg_causality_analyze (model);
  g_assert_true (bg_causality_is_ok (causality));
  cpu_analyze = cpu_seconds () - cpu_start;
  cpu_start = cpu_seconds ();
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  t2 = g_get_monotonic_time ();
  cpu_compile = cpu_seconds () - cpu_start;
  /* Best of a few runs each (the first one also pays for loading code and
   * faulting in memory); one run for the largest size. */
  t_ours = cpu_ours = t_hand = cpu_hand = G_MAXDOUBLE;
  for (guint rep = 0; rep < (n >= 10000 ? 1 : 3); rep++)
    {
      double wall, cpu;

      g_clear_pointer (&result, bg_result_unref);
      bg_sim_report_clear (&report);
      result = bg_simulator_new_result (plan);
      t2 = g_get_monotonic_time ();
      cpu_start = cpu_seconds ();
      bg_simulator_run (plan, result, NULL, NULL, NULL, &report, &error);
      g_assert_no_error (error);
      t3 = g_get_monotonic_time ();
      cpu_ours = MIN (cpu_ours, cpu_seconds () - cpu_start);
      t_ours = MIN (t_ours, (t3 - t2) / 1e6);

      wall = run_hand (plan, n, &rhs_hand, &steps_hand, &p0_hand, &cpu);
      t_hand = MIN (t_hand, wall);
      cpu_hand = MIN (cpu_hand, cpu);
    }
  p0 = bg_result_lookup (result, "M0.p");
  bg_plan_get_band_widths (plan, &mu, &ml);

  printf ("%6u %7u  %-5s %2u/%-2u %6u  %7.3f %7.3f %7.3f  %8.4f %8.4f %6lu %6" G_GUINT64_FORMAT
          "  %8.4f %8.4f %6ld %6ld  %5.2f %5.2f  %.1e\n",
          n, bg_plan_get_n_states (plan), solver_names[bg_plan_get_solver (plan)], mu, ml,
          bg_plan_get_n_rhs_ops (plan),
          (t1 - t0) / 1e6, cpu_analyze, cpu_compile,
          t_ours, cpu_ours, (unsigned long) report.n_steps, report.n_rhs_evals,
          t_hand, cpu_hand, steps_hand, rhs_hand, t_ours / t_hand, cpu_ours / cpu_hand,
          fabs (bg_result_get_value (result, (guint) p0, bg_result_get_n_rows (result) - 1) - p0_hand));
  fflush (stdout);
  bg_sim_report_clear (&report);
}

int
main (int argc, char **argv)
{
  guint sizes[] = { 10, 100, 1000, 10000 };

  printf ("Chain of N masses, 10 s, rtol 1e-6, per-state atol from the plan, output every 1 s\n");
  printf ("(best of 3 runs, 1 run for N >= 10000)\n");
  printf ("%6s %7s  %-5s %5s %6s  %7s %7s %7s  %8s %8s %6s %6s  %8s %8s %6s %6s  %5s %5s  %s\n",
          "N", "states", "LS", "mu/ml", "ops", "build", "analyze", "compile", "ours", "ours cpu", "steps", "rhs",
          "hand", "hand cpu", "steps", "rhs", "wall", "cpu", "|Δp0|");
  printf ("(times in seconds; build: wall; analyze, compile: CPU; ratio = ours / hand, wall clock and\n"
          " thread CPU time)\n");
  if (argc > 1)
    for (int i = 1; i < argc; i++)
      bench ((guint) atoi (argv[i]));
  else
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      bench (sizes[i]);
  return 0;
}
