/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cli.c — the whole `bgmod-cli simulate` process against a
 * hand-written CVODE program, file to CSV.
 *
 * Owns: writing the mass chain (bench-chain.h) of N masses as a .bgmod file
 * (output every 0.01 s over 10 s), then timing, alternately and five times
 * each, `bgmod-cli simulate CHAIN.bgmod --vars K1.q --csv out.csv` and
 * bench-cli-hand (the same equations against CVODE with the plan's
 * tolerances and band widths, printing the same CSV); the median wall time
 * of each, their ratio, the median CPU time (user + system) of each and
 * their ratio (steadier than wall time on a loaded machine), the median
 * peak resident set and page faults of each (through /usr/bin/time), and
 * how far apart the two CSVs are; then where bgmod-cli's CPU time goes:
 * the median over five processes of each phase (bench-cli-phases.h: read,
 * parse, build, analyze, compile, free, integrate, write) with its page
 * faults, beside the process's start and exit (`bgmod-cli --version`) and
 * what the whole command took. Then one long run: the
 * 1 000-mass chain over 10⁴ s (10⁶ rows), its wall time and peak RSS. Prints
 * the load average before and after. Must not: assert anything.
 *
 * Usage: bench-cli [--no-long] [N ...]   (default N: 1000 10000;
 *        BENCH_BGMOD_CLI=PATH times another bgmod-cli; the breakdown is
 *        this build's)
 *        bench-cli --write-model N OUT.bgmod   (writes the chain and exits,
 *        for profiling one run by hand)
 *        bench-cli --phases text|model MODEL VAR OUT.csv   (one process of
 *        the breakdown; prints its line)
 */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-model.h"
#include "bg-plan.h"
#include "bench-chain.h"
#include "bench-cli-phases.h"

extern char **environ;

/* The bgmod-cli timed: this build's, or BENCH_BGMOD_CLI (another build's,
 * to compare two in one sitting). */
static const char *
bgmod_cli (void)
{
  const char *other = g_getenv ("BENCH_BGMOD_CLI");

  return other != NULL && *other != '\0' ? other : BGMOD_CLI;
}

#define T_END 10.0
#define OUTPUT_STEP 0.01
#define REPEATS 5

typedef struct
{
  double wall;    /* s */
  double cpu;     /* s, user + system */
  double rss;     /* MiB */
  double faults;  /* minor page faults */
  int    status;
} Sample;

/* Runs argv under /usr/bin/time, which reports the peak RSS of the
 * program alone (a child's own rusage would also count the pages it shared
 * with this process before exec). */
static Sample
run_process (char **argv, const char *dir)
{
  Sample s = { NAN, NAN, NAN, NAN, -1 };
  g_autofree char *rss_path = g_build_filename (dir, "rss.txt", NULL);
  g_autofree char *rss_text = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  gint64 start = g_get_monotonic_time ();
  struct rusage before, after;
  posix_spawn_file_actions_t actions;
  pid_t pid;
  int wstatus = 0, spawned;

  g_ptr_array_add (args, (char *) "/usr/bin/time");
  g_ptr_array_add (args, (char *) "-f");
  g_ptr_array_add (args, (char *) "%M %R");
  g_ptr_array_add (args, (char *) "-o");
  g_ptr_array_add (args, rss_path);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  /* The programs write their CSV to a file; standard output (a version
   * line) is not wanted. */
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  getrusage (RUSAGE_CHILDREN, &before);
  spawned = posix_spawn (&pid, "/usr/bin/time", &actions, NULL, (char **) args->pdata, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (spawned != 0)
    return s;
  if (waitpid (pid, &wstatus, 0) != pid)
    return s;
  /* The program's CPU time, to the microsecond (time's %U and %S have two
   * decimals); time itself adds about a millisecond. */
  getrusage (RUSAGE_CHILDREN, &after);
  s.cpu = (after.ru_utime.tv_sec - before.ru_utime.tv_sec)
          + (after.ru_utime.tv_usec - before.ru_utime.tv_usec) / 1e6
          + (after.ru_stime.tv_sec - before.ru_stime.tv_sec)
          + (after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6;
  s.wall = (g_get_monotonic_time () - start) / 1e6;
  s.status = WIFEXITED (wstatus) ? WEXITSTATUS (wstatus) : 128 + WTERMSIG (wstatus);
  if (g_file_get_contents (rss_path, &rss_text, NULL, NULL))
    {
      /* The last line is the figures (time writes a note above it when the
       * program failed): peak RSS in kB, minor faults. */
      const char *last = g_strrstr (g_strchomp (rss_text), "\n");
      char *end = NULL;

      s.rss = g_ascii_strtod (last != NULL ? last + 1 : rss_text, &end) / 1024.0;
      s.faults = g_ascii_strtod (end, NULL);
    }
  g_unlink (rss_path);
  return s;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v, guint n)
{
  qsort (v, n, sizeof (double), compare_doubles);
  return v[n / 2];
}

/* Rows and the largest difference of the second column, relative to its
 * largest magnitude; -1 rows when the files cannot be read or differ in
 * shape. */
static void
compare_csv (const char *a, const char *b, long *rows, double *rel_diff)
{
  g_autofree char *da = NULL, *db = NULL;
  g_auto (GStrv) la = NULL, lb = NULL;
  double peak = 0, diff = 0;
  guint n;

  *rows = -1;
  *rel_diff = NAN;
  if (!g_file_get_contents (a, &da, NULL, NULL) || !g_file_get_contents (b, &db, NULL, NULL))
    return;
  la = g_strsplit (da, "\n", -1);
  lb = g_strsplit (db, "\n", -1);
  n = g_strv_length (la);
  if (n != g_strv_length (lb) || n < 2)
    return;
  for (guint i = 1; i < n; i++)
    {
      const char *ca = strchr (la[i], ','), *cb = strchr (lb[i], ',');
      double ya, yb;

      if (ca == NULL || cb == NULL)
        continue;
      ya = g_ascii_strtod (ca + 1, NULL);
      yb = g_ascii_strtod (cb + 1, NULL);
      peak = MAX (peak, fabs (yb));
      diff = MAX (diff, fabs (ya - yb));
    }
  *rows = n - 2;   /* header and the empty string after the last newline */
  *rel_diff = peak > 0 ? diff / peak : diff;
}

/* Where the command's time went, for the table after the main one. */
typedef struct
{
  guint  n;
  double cpu[BENCH_N_PHASES], faults[BENCH_N_PHASES];   /* medians */
  double start_cpu, start_faults;   /* bgmod-cli --version */
  double ours_cpu, ours_faults;     /* the whole command */
  double hand_cpu, hand_faults;
} Breakdown;

static Breakdown breakdowns[16];
static guint n_breakdowns;

/* One process of the breakdown (bench-cli --phases MODE …), its figures
 * added to phases. */
static gboolean
run_phases (const char *mode, const char *model_path, const char *csv, BenchPhases *phases)
{
  char *argv[] = { (char *) "/proc/self/exe", (char *) "--phases", (char *) mode,
                   (char *) model_path, (char *) "K1.q", (char *) csv, NULL };
  g_autofree char *out = NULL;
  int status = 0;

  if (!g_spawn_sync (NULL, argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  return bench_cli_phases_parse (out, phases);
}

/* The medians of REPEATS processes of each phase, and of the command's
 * start and exit alone. */
static void
measure_breakdown (Breakdown *b, const char *model_path, const char *dir)
{
  g_autofree char *csv = g_build_filename (dir, "phases.csv", NULL);
  char *version_argv[] = { BGMOD_CLI, (char *) "--version", NULL };
  BenchPhases runs[REPEATS] = { 0 };
  double cpu[REPEATS], faults[REPEATS];

  for (guint rep = 0; rep < REPEATS; rep++)
    if (!run_phases ("text", model_path, csv, &runs[rep])
        || !run_phases ("model", model_path, csv, &runs[rep]))
      memset (&runs[rep], 0, sizeof runs[rep]);
  for (guint p = 0; p < BENCH_N_PHASES; p++)
    {
      for (guint rep = 0; rep < REPEATS; rep++)
        {
          cpu[rep] = runs[rep].cpu[p];
          faults[rep] = runs[rep].faults[p];
        }
      b->cpu[p] = median (cpu, REPEATS);
      b->faults[p] = median (faults, REPEATS);
    }
  for (guint rep = 0; rep < REPEATS; rep++)
    {
      Sample s = run_process (version_argv, dir);
      cpu[rep] = s.cpu;
      faults[rep] = s.faults;
    }
  b->start_cpu = median (cpu, REPEATS);
  b->start_faults = median (faults, REPEATS);
  g_unlink (csv);
}

static void
print_breakdowns (void)
{
  if (n_breakdowns == 0)
    return;
  printf ("\nwhere bgmod-cli's CPU time goes: ms (page faults), median of %d processes each;\n"
          "start = `bgmod-cli --version`; sum = start and the phases; command = the whole run\n",
          REPEATS);
  printf ("%6s %13s", "N", "start");
  for (guint p = 0; p < BENCH_N_PHASES; p++)
    printf (" %13s", bench_phase_names[p]);
  printf (" %13s %13s %13s\n", "sum", "command", "hand");
  for (guint i = 0; i < n_breakdowns; i++)
    {
      const Breakdown *b = &breakdowns[i];
      double sum = b->start_cpu, sum_faults = b->start_faults;

      printf ("%6u %6.1f (%5.0f)", b->n, 1e3 * b->start_cpu, b->start_faults);
      for (guint p = 0; p < BENCH_N_PHASES; p++)
        {
          printf (" %6.1f (%5.0f)", 1e3 * b->cpu[p], b->faults[p]);
          sum += b->cpu[p];
          sum_faults += b->faults[p];
        }
      printf (" %6.1f (%5.0f) %6.1f (%5.0f) %6.1f (%5.0f)\n", 1e3 * sum, sum_faults,
              1e3 * b->ours_cpu, b->ours_faults, 1e3 * b->hand_cpu, b->hand_faults);
    }
}

static void
print_load (const char *when)
{
  g_autofree char *load = NULL;

  if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
    printf ("load average %s: %s", when, load);
}

static void
bench (guint n, const char *dir)
{
  g_autofree char *model_path = g_strdup_printf ("%s/chain-%u.bgmod", dir, n);
  g_autofree char *ours_csv = g_build_filename (dir, "ours.csv", NULL);
  g_autofree char *hand_csv = g_build_filename (dir, "hand.csv", NULL);
  g_autoptr (BgModel) model = bench_chain_new (n, T_END, OUTPUT_STEP);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (GError) error = NULL;
  char a_n[16], a_t[32], a_h[32], a_rtol[32], a_atol_p[32], a_atol_x[32], a_mu[16], a_ml[16];
  char *ours_argv[] = { (char *) bgmod_cli (), "simulate", model_path, "--vars", "K1.q",
                        "--csv", ours_csv, NULL };
  char *hand_argv[] = { BENCH_CLI_HAND, a_n, a_t, a_h, a_rtol, a_atol_p, a_atol_x,
                        a_mu, a_ml, hand_csv, NULL };
  double wall_ours[REPEATS], wall_hand[REPEATS], rss_ours[REPEATS], rss_hand[REPEATS];
  double cpu_ours[REPEATS], cpu_hand[REPEATS], faults_ours[REPEATS], faults_hand[REPEATS];
  int status_ours = 0, status_hand = 0;
  double rel_diff;
  guint mu, ml;
  long rows;

  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  if (!bg_file_save_path (model, model_path, &error))
    g_error ("%s", error->message);
  bg_plan_get_band_widths (plan, &mu, &ml);
  g_snprintf (a_n, sizeof a_n, "%u", n);
  g_snprintf (a_t, sizeof a_t, "%.17g", T_END);
  g_snprintf (a_h, sizeof a_h, "%.17g", OUTPUT_STEP);
  g_snprintf (a_rtol, sizeof a_rtol, "%.17g", bg_plan_get_rtol (plan));
  g_snprintf (a_atol_p, sizeof a_atol_p, "%.17g", bg_plan_get_state_atol (plan, 0));
  g_snprintf (a_atol_x, sizeof a_atol_x, "%.17g", bg_plan_get_state_atol (plan, 1));
  g_snprintf (a_mu, sizeof a_mu, "%u", mu);
  g_snprintf (a_ml, sizeof a_ml, "%u", ml);

  for (guint rep = 0; rep < REPEATS; rep++)
    {
      /* Alternate which one goes first so neither always gets a warm cache. */
      Sample o, h;
      if (rep % 2 == 0)
        {
          o = run_process (ours_argv, dir);
          h = run_process (hand_argv, dir);
        }
      else
        {
          h = run_process (hand_argv, dir);
          o = run_process (ours_argv, dir);
        }
      wall_ours[rep] = o.wall;
      cpu_ours[rep] = o.cpu;
      rss_ours[rep] = o.rss;
      faults_ours[rep] = o.faults;
      wall_hand[rep] = h.wall;
      cpu_hand[rep] = h.cpu;
      rss_hand[rep] = h.rss;
      faults_hand[rep] = h.faults;
      status_ours |= o.status;
      status_hand |= h.status;
    }
  compare_csv (ours_csv, hand_csv, &rows, &rel_diff);

  printf ("%6u %7u %5ld  %8.3f %8.3f %6.2f  %8.3f %8.3f %6.2f  %9.1f %9.1f  %9.1e  %s%s\n",
          n, bg_plan_get_n_states (plan), rows,
          median (wall_ours, REPEATS), median (wall_hand, REPEATS),
          median (wall_ours, REPEATS) / median (wall_hand, REPEATS),
          median (cpu_ours, REPEATS), median (cpu_hand, REPEATS),
          median (cpu_ours, REPEATS) / median (cpu_hand, REPEATS),
          median (rss_ours, REPEATS), median (rss_hand, REPEATS), rel_diff,
          status_ours != 0 ? "bgmod-cli failed " : "",
          status_hand != 0 ? "hand failed" : "");
  fflush (stdout);

  if (n_breakdowns < G_N_ELEMENTS (breakdowns))
    {
      Breakdown *b = &breakdowns[n_breakdowns++];

      b->n = n;
      b->ours_cpu = median (cpu_ours, REPEATS);
      b->ours_faults = median (faults_ours, REPEATS);
      b->hand_cpu = median (cpu_hand, REPEATS);
      b->hand_faults = median (faults_hand, REPEATS);
      measure_breakdown (b, model_path, dir);
    }
  g_unlink (model_path);
  g_unlink (ours_csv);
  g_unlink (hand_csv);
}

/* 10⁶ rows: the 1 000-mass chain over 10⁴ s, output every 0.01 s. */
static void
bench_long (const char *dir)
{
  g_autofree char *model_path = g_build_filename (dir, "chain-long.bgmod", NULL);
  g_autofree char *csv = g_build_filename (dir, "long.csv", NULL);
  g_autoptr (BgModel) model = bench_chain_new (1000, 1e4, OUTPUT_STEP);
  g_autoptr (GError) error = NULL;
  char *argv[] = { (char *) bgmod_cli (), "simulate", model_path, "--vars", "K1.q", "--csv", csv, NULL };
  GStatBuf st = { 0 };
  Sample s;

  if (!bg_file_save_path (model, model_path, &error))
    g_error ("%s", error->message);
  s = run_process (argv, dir);
  if (g_stat (csv, &st) != 0)
    st.st_size = 0;
  printf ("1000 masses, 10^4 s, output every 0.01 s (10^6 rows), --vars K1.q:\n"
          "  exit %d, wall %.2f s, CPU %.2f s, peak RSS %.1f MiB, CSV %.1f MiB\n",
          s.status, s.wall, s.cpu, s.rss, st.st_size / (1024.0 * 1024.0));
  g_unlink (model_path);
  g_unlink (csv);
}

int
main (int argc, char **argv)
{
  guint sizes[] = { 1000, 10000 };
  g_autofree char *dir = g_dir_make_tmp ("bench-cli-XXXXXX", NULL);
  gboolean long_run = TRUE, any = FALSE;

  if (argc == 6 && g_str_equal (argv[1], "--phases"))
    {
      g_rmdir (dir);
      return bench_cli_phases_run (argv[2], argv[3], argv[4], argv[5]);
    }
  if (argc == 4 && g_str_equal (argv[1], "--write-model"))
    {
      g_autoptr (BgModel) model = bench_chain_new ((guint) atoi (argv[2]), T_END, OUTPUT_STEP);
      g_autoptr (GError) error = NULL;

      g_rmdir (dir);
      if (!bg_file_save_path (model, argv[3], &error))
        g_error ("%s", error->message);
      return 0;
    }
  print_load ("before");
  printf ("bgmod-cli simulate CHAIN.bgmod --vars K1.q --csv out.csv (10 s, output every %g s)\n"
          "against bench-cli-hand (CVODE by hand, same tolerances and band solver, same CSV);\n"
          "alternating, median of %d; wall and CPU (user + system) in s, peak RSS in MiB;\n"
          "|Δ|: largest difference of K1.q between the two CSVs relative to its peak\n",
          OUTPUT_STEP, REPEATS);
  printf ("%6s %7s %5s  %8s %8s %6s  %8s %8s %6s  %9s %9s  %9s\n",
          "N", "states", "rows", "ours", "hand", "ratio", "cpu ours", "cpu hand", "ratio",
          "RSS ours", "RSS hand", "|Δ|");
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--no-long"))
        long_run = FALSE;
      else
        {
          bench ((guint) atoi (argv[i]), dir);
          any = TRUE;
        }
    }
  if (!any)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      bench (sizes[i], dir);
  print_breakdowns ();
  if (long_run)
    bench_long (dir);
  print_load ("after");
  g_rmdir (dir);
  return 0;
}
