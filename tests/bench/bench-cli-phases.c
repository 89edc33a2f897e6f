/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cli-phases.c — the phases of `bgmod-cli simulate`, one process at a
 * time (see bench-cli-phases.h).
 *
 * Owns: running file → CSV in the order bgmod-cli does (bg-cli-simulate.c:
 * load, analyse, compile, free the model and its analysis with the heap
 * trimmed, integrate into a result of one variable, write the CSV through
 * the same writer), timing each phase by the process's CPU clock and
 * counting its page faults, and the line that carries the figures to
 * bench-cli. The reader's share is measured apart ("text": the bytes, then
 * the JSON reader over them with every entry dropped), since the model is
 * built while the text is parsed. Must not: assert anything, or print
 * anything but the one line.
 */
#include "config.h"

#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include "bg-causality.h"
#include "bg-cli-csv.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-file-read-private.h"
#include "bg-json.h"
#include "bg-plan.h"
#include "bg-result.h"
#include "bg-simulator.h"
#include "bench-cli-phases.h"

const char *const bench_phase_names[BENCH_N_PHASES] = {
  "read", "parse", "build", "analyze", "compile", "free", "integrate", "write",
};

typedef struct
{
  double cpu;
  long   faults;
} Mark;

static Mark
mark (void)
{
  struct timespec ts;
  struct rusage ru;
  Mark m;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  getrusage (RUSAGE_SELF, &ru);
  m.cpu = ts.tv_sec + ts.tv_nsec / 1e9;
  m.faults = ru.ru_minflt;
  return m;
}

/* "name=cpu_s:faults " for the phase from a to b. */
static void
print_phase (BenchPhase phase, Mark a, Mark b)
{
  printf ("%s=%.6f:%ld ", bench_phase_names[phase], b.cpu - a.cpu, b.faults - a.faults);
}

static gboolean
drop_begin (const BgJsonDoc *doc, guint key, gpointer user_data)
{
  return TRUE;
}

static gboolean
drop_item (const BgJsonDoc *doc, guint key, guint32 value, guint position, gpointer user_data)
{
  return TRUE;
}

/* The bytes, then the JSON reader over them (the model's limits). */
static int
run_text (const char *model_path)
{
  static const char *const keys[] = { "elements", "bonds", NULL };
  static const BgJsonLimits limits = { 256u << 20, 5000000, 64 };
  BgJsonStream stream = { keys, drop_begin, drop_item, NULL };
  g_autoptr (GFile) file = g_file_new_for_path (model_path);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  BgJsonDoc *doc;
  gsize length = 0;
  Mark m0, m1, m2;

  m0 = mark ();
  if (!_bg_file_read_bounded (file, 256u << 20, &text, &length, &error))
    return 1;
  m1 = mark ();
  doc = bg_json_parse_streamed (text, length, &limits, &stream, &error);
  m2 = mark ();
  if (doc == NULL)
    return 1;
  bg_json_doc_free (doc);
  print_phase (BENCH_PHASE_READ, m0, m1);
  print_phase (BENCH_PHASE_PARSE, m1, m2);
  printf ("\n");
  return 0;
}

/* The CSV of var as bgmod-cli writes it: header, then a row per output. */
static gboolean
write_csv (BgResult *result, guint var, const char *csv_path)
{
  g_autoptr (GError) error = NULL;
  BgCliCsv *csv = bg_cli_csv_open (csv_path, &error);
  gsize n_rows = bg_result_get_n_rows (result), row = 0;

  if (csv == NULL)
    return FALSE;
  bg_cli_csv_text (csv, "t");
  bg_cli_csv_text (csv, bg_result_get_var_name (result, var));
  bg_cli_csv_end_row (csv);
  while (row < n_rows)
    {
      const double *t, *v;
      gsize len_t, len_v;

      if (!bg_result_get_span (result, 0, row, &t, &len_t)
          || !bg_result_get_span (result, var, row, &v, &len_v))
        break;
      for (gsize k = 0; k < MIN (len_t, len_v); k++)
        {
          bg_cli_csv_number (csv, t[k]);
          bg_cli_csv_number (csv, v[k]);
          bg_cli_csv_end_row (csv);
        }
      row += MIN (len_t, len_v);
    }
  return bg_cli_csv_close (csv, &error);
}

/* Everything after the text, in bgmod-cli's order; "load" stands for read,
 * parse and build together. */
static int
run_model (const char *model_path, const char *var_name, const char *csv_path)
{
  g_autoptr (GError) error = NULL;
  BgModel *model;
  BgCausality *causality;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  BgSimReport report = { 0 };
  Mark m[7];
  int var;
  guint stored;

  m[0] = mark ();
  model = bg_file_load_path (model_path, &error);
  if (model == NULL)
    return 1;
  m[1] = mark ();
  causality = bg_causality_analyze (model);
  m[2] = mark ();
  plan = bg_compiler_compile (model, causality, NULL, &error);
  if (plan == NULL)
    return 1;
  m[3] = mark ();
  var = bg_plan_lookup_var (plan, var_name);
  if (var < 0)
    return 1;
  stored = (guint) var;
  result = bg_simulator_new_result_for (plan, &stored, 1, FALSE);
  bg_causality_unref (causality);
  g_object_unref (model);
  malloc_trim (0);
  m[4] = mark ();
  if (bg_simulator_run (plan, result, NULL, NULL, NULL, &report, &error) != BG_SIM_STATUS_FINISHED)
    return 1;
  bg_sim_report_clear (&report);
  m[5] = mark ();
  if (!write_csv (result, stored, csv_path))
    return 1;
  m[6] = mark ();

  printf ("load=%.6f:%ld ", m[1].cpu - m[0].cpu, m[1].faults - m[0].faults);
  print_phase (BENCH_PHASE_ANALYZE, m[1], m[2]);
  print_phase (BENCH_PHASE_COMPILE, m[2], m[3]);
  print_phase (BENCH_PHASE_FREE, m[3], m[4]);
  print_phase (BENCH_PHASE_INTEGRATE, m[4], m[5]);
  print_phase (BENCH_PHASE_WRITE, m[5], m[6]);
  printf ("\n");
  return 0;
}

int
bench_cli_phases_run (const char *mode,
                      const char *model_path,
                      const char *var,
                      const char *csv_path)
{
  int status;

  if (g_str_equal (mode, "text"))
    status = run_text (model_path);
  else
    status = run_model (model_path, var, csv_path);
  fflush (stdout);
  return status;
}

/* The build is what the load took beyond reading and parsing: set once
 * both lines are in (the load waits in build until then). */
gboolean
bench_cli_phases_parse (const char  *line,
                        BenchPhases *phases)
{
  g_auto (GStrv) fields = g_strsplit (g_strstrip ((char *) line), " ", -1);
  gboolean any = FALSE;

  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *eq = strchr (fields[i], '='), *colon = eq != NULL ? strchr (eq, ':') : NULL;
      g_autofree char *name = NULL;
      double cpu, faults;
      int phase = -1;

      if (eq == NULL || colon == NULL)
        continue;
      name = g_strndup (fields[i], eq - fields[i]);
      cpu = g_ascii_strtod (eq + 1, NULL);
      faults = g_ascii_strtod (colon + 1, NULL);
      if (g_str_equal (name, "load"))
        {
          /* build = load − read − parse; read and parse subtract themselves. */
          phases->cpu[BENCH_PHASE_BUILD] += cpu;
          phases->faults[BENCH_PHASE_BUILD] += faults;
          any = TRUE;
          continue;
        }
      for (int p = 0; p < BENCH_N_PHASES; p++)
        if (g_str_equal (name, bench_phase_names[p]))
          phase = p;
      if (phase < 0)
        continue;
      phases->cpu[phase] += cpu;
      phases->faults[phase] += faults;
      if (phase == BENCH_PHASE_READ || phase == BENCH_PHASE_PARSE)
        {
          phases->cpu[BENCH_PHASE_BUILD] -= cpu;
          phases->faults[BENCH_PHASE_BUILD] -= faults;
        }
      any = TRUE;
    }
  return any;
}
