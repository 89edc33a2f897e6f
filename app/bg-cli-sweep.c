/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-sweep.c — `bgmod-cli simulate MODEL --sweep EL.PARAM=V1,V2,...`
 * (docs/command-line.md).
 *
 * Owns: the sweep's columns (--vars, else the main variable of each
 * storage and advanced element: bg_plot_defaults_dup_main), what the runs
 * record (those columns and the plot's, nothing else), the memory estimate
 * of all runs together against --max-memory, the CSV
 * `t,<var>[EL.PARAM=V1],<var>[EL.PARAM=V2],…` (for each variable, one
 * column per value; one row per time at which any run has a row, a cell
 * empty where a run has none) streamed while the runs go on, the plot
 * overlaying at most SWEEP_PLOT_MAX_RUNS runs with a legend, one stderr
 * line per run that ended on an event, the progress line, and the exit
 * code (2 for a bad spec or parameter, 1 when a run failed or the sweep
 * needs too much memory). Must not: simulate anything itself
 * (core/bg-sweep.c runs the pool).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-cli-progress.h"
#include "bg-plot-defaults.h"
#include "bg-sweep.h"

/* More runs than this and the plot shows this many, evenly spread over the
 * values (first and last included): a legend of a thousand runs is all a
 * plot would show. */
#define SWEEP_PLOT_MAX_RUNS 12

/* The value as "%.6g" when that reads back as the same double, else with
 * the digits it needs: columns never share a name. */
char *
bg_cli_sweep_run_label (BgSweep *sweep, guint run)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double value = bg_sweep_get_value (sweep, run);

  for (int precision = 6; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup_printf ("%s.%s=%s", bg_sweep_get_element (sweep), bg_sweep_get_param (sweep),
                          buf);
}

GArray *
bg_cli_main_columns (BgModel *model,
                     BgPlan  *plan)
{
  GArray *vars = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto(GStrv) names = bg_plot_defaults_dup_main (model);
  guint zero = 0;

  g_array_append_val (vars, zero);
  for (guint i = 0; names[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, names[i]);
      if (v > 0)
        g_array_append_val (vars, v);
    }
  return vars;
}

/* What the runs store: the CSV's and the plot's variables, t left out
 * (every result stores it), each once. */
static GArray *
recorded_vars (GArray *csv_vars, GArray *plot_vars)
{
  GArray *stored = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *lists[2] = { csv_vars, plot_vars };

  for (guint l = 0; l < 2; l++)
    for (guint i = 0; lists[l] != NULL && i < lists[l]->len; i++)
      {
        guint v = g_array_index (lists[l], guint, i);
        gboolean seen = v == 0;

        for (guint k = 0; k < stored->len && !seen; k++)
          seen = g_array_index (stored, guint, k) == v;
        if (!seen)
          g_array_append_val (stored, v);
      }
  return stored;
}

/* The runs, on a thread of their own while this one writes. */
typedef struct
{
  BgSweep  *sweep;
  GMutex    lock;
  GCond     cond;
  gboolean *ended;      /* under lock: run i has ended (its rows are final) */
  guint     n_ended;    /* under lock */
  gboolean  done;       /* under lock: bg_sweep_run returned */
} Runs;

static void
run_ended_cb (BgSweep *sweep, guint index, gpointer data)
{
  Runs *runs = data;

  g_mutex_lock (&runs->lock);
  runs->ended[index] = TRUE;
  runs->n_ended++;
  g_cond_signal (&runs->cond);
  g_mutex_unlock (&runs->lock);
}

static gpointer
run_thread (gpointer data)
{
  Runs *runs = data;

  bg_sweep_run (runs->sweep, 0, NULL, run_ended_cb, runs);
  g_mutex_lock (&runs->lock);
  runs->done = TRUE;
  g_cond_signal (&runs->cond);
  g_mutex_unlock (&runs->lock);
  return NULL;
}

/* Reads one column of one run where the result stores it, a chunk's span
 * at a time. */
typedef struct
{
  gsize         start, len;
  const double *p;
} Cursor;

static inline double
cursor_value (Cursor *c, BgResult *result, guint var, gsize row)
{
  if (row < c->start || row >= c->start + c->len)
    {
      if (!bg_result_get_span (result, var, row, &c->p, &c->len))
        g_assert_not_reached ();   /* row < n_rows */
      c->start = row;
    }
  return c->p[row - c->start];
}

/* The CSV as the runs go on. */
typedef struct
{
  BgSweep  *sweep;
  BgCliCsv *csv;
  GArray   *vars;       /* t first */
  guint     n_runs;
  gsize    *next;       /* per run: its first row not written */
  gsize    *n_rows;     /* per run: rows published when last looked at */
  Cursor   *cursors;    /* per run and column (t first) */
  gboolean *here;       /* per run: it has a row at the time being written */
} Stream;

static void
stream_header (Stream *s)
{
  BgResult *ref = bg_sweep_get_result (s->sweep, 0);

  bg_cli_csv_text (s->csv, "t");
  for (guint i = 0; i < s->vars->len; i++)
    {
      guint v = g_array_index (s->vars, guint, i);

      if (v == 0)
        continue;
      for (guint r = 0; r < s->n_runs; r++)
        {
          g_autofree char *label = bg_cli_sweep_run_label (s->sweep, r);
          g_autofree char *head = g_strdup_printf ("%s[%s]", bg_result_get_var_name (ref, v), label);

          bg_cli_csv_text (s->csv, head);
        }
    }
  bg_cli_csv_end_row (s->csv);
}

/* Writes every row whose time is settled: each run either has a row not
 * yet written (the next one is the earliest of those) or has ended. */
static void
stream_rows (Stream *s, const gboolean *ended)
{
  guint n_cols = s->vars->len;

  for (guint r = 0; r < s->n_runs; r++)
    s->n_rows[r] = bg_result_get_n_rows (bg_sweep_get_result (s->sweep, r));
  for (;;)
    {
      double t = INFINITY;

      for (guint r = 0; r < s->n_runs; r++)
        {
          if (s->next[r] < s->n_rows[r])
            t = MIN (t, cursor_value (&s->cursors[r * n_cols], bg_sweep_get_result (s->sweep, r),
                                      0, s->next[r]));
          else if (!ended[r])
            return;   /* its next row may come earlier */
        }
      if (isinf (t))
        return;
      for (guint r = 0; r < s->n_runs; r++)
        s->here[r] = s->next[r] < s->n_rows[r]
                     && cursor_value (&s->cursors[r * n_cols], bg_sweep_get_result (s->sweep, r),
                                      0, s->next[r]) == t;
      bg_cli_csv_number (s->csv, t);
      for (guint i = 0; i < n_cols; i++)
        {
          guint v = g_array_index (s->vars, guint, i);

          if (v == 0)
            continue;
          for (guint r = 0; r < s->n_runs; r++)
            {
              if (s->here[r])
                bg_cli_csv_number (s->csv,
                                   cursor_value (&s->cursors[r * n_cols + i],
                                                 bg_sweep_get_result (s->sweep, r), v, s->next[r]));
              else
                bg_cli_csv_empty (s->csv);
            }
        }
      bg_cli_csv_end_row (s->csv);
      for (guint r = 0; r < s->n_runs; r++)
        s->next[r] += s->here[r] ? 1 : 0;
    }
}

/* The share of all rows the runs have produced. */
static double
share_done (BgSweep *sweep, const gboolean *ended)
{
  double done = 0, total = 0;

  for (guint r = 0; r < bg_sweep_get_n_runs (sweep); r++)
    {
      double expected = (double) bg_simulator_count_rows (bg_sweep_get_plan (sweep, r));
      double rows = (double) bg_result_get_n_rows (bg_sweep_get_result (sweep, r));

      total += expected;
      done += ended[r] ? expected : MIN (rows, expected);
    }
  return total > 0 ? done / total : 1;
}

/* Runs the sweep; with a CSV, writes it while the runs go on. FALSE when
 * the CSV could not be written (*error set). */
static gboolean
run_and_stream (BgSweep *sweep, GArray *vars, const char *csv_path, GError **error)
{
  g_autoptr(BgCliProgress) progress = bg_cli_progress_new ("simulate");
  guint n_runs = bg_sweep_get_n_runs (sweep);
  g_autofree gboolean *ended = g_new0 (gboolean, n_runs);
  Runs runs = { sweep };
  Stream s = { 0 };
  GThread *thread;
  gboolean ok = TRUE;

  if (csv_path != NULL)
    {
      s.csv = bg_cli_csv_open (csv_path, error);
      if (s.csv == NULL)
        return FALSE;
      s.sweep = sweep;
      s.vars = vars;
      s.n_runs = n_runs;
      s.next = g_new0 (gsize, n_runs);
      s.n_rows = g_new0 (gsize, n_runs);
      s.cursors = g_new0 (Cursor, (gsize) n_runs * vars->len);
      s.here = g_new0 (gboolean, n_runs);
      stream_header (&s);
    }

  /* Translators: the progress line of a sweep */
  bg_cli_progress_set_phase (progress, _("simulating the runs"));
  g_mutex_init (&runs.lock);
  g_cond_init (&runs.cond);
  runs.ended = g_new0 (gboolean, n_runs);
  thread = g_thread_new ("sweep", run_thread, &runs);
  for (;;)
    {
      gboolean done;

      g_mutex_lock (&runs.lock);
      if (!runs.done)
        g_cond_wait_until (&runs.cond, &runs.lock, g_get_monotonic_time () + G_USEC_PER_SEC / 20);
      done = runs.done;
      memcpy (ended, runs.ended, n_runs * sizeof (gboolean));
      g_mutex_unlock (&runs.lock);

      if (s.csv != NULL)
        {
          stream_rows (&s, ended);
          bg_cli_csv_flush (s.csv);   /* a reader of a pipe follows the runs */
        }
      bg_cli_progress_set_fraction (progress, share_done (sweep, ended));
      if (done)
        break;
    }
  g_thread_join (thread);
  g_mutex_clear (&runs.lock);
  g_cond_clear (&runs.cond);
  g_free (runs.ended);

  if (s.csv != NULL)
    {
      ok = bg_cli_csv_close (s.csv, error);
      g_free (s.next);
      g_free (s.n_rows);
      g_free (s.cursors);
      g_free (s.here);
    }
  return ok;
}

/* The runs the plot shows. */
static GArray *
plotted_runs (BgSweep *sweep)
{
  guint n = bg_sweep_get_n_runs (sweep), shown = MIN (n, SWEEP_PLOT_MAX_RUNS);
  GArray *runs = g_array_sized_new (FALSE, FALSE, sizeof (guint), shown);

  for (guint k = 0; k < shown; k++)
    {
      guint r = shown > 1 ? (guint) llround ((double) k * (n - 1) / (shown - 1)) : 0;
      g_array_append_val (runs, r);
    }
  return runs;
}

int
bg_cli_simulate_sweep (BgModel                  *model,
                       BgPlan                   *plan,
                       const BgSimSettings      *settings,
                       const char               *spec,
                       GArray                   *csv_vars,
                       GArray                   *plot_vars,
                       const BgCliOutputOptions *out,
                       guint64                   max_memory)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) values = NULL;
  g_autoptr (GArray) columns = NULL;
  g_autoptr (GArray) stored = NULL;
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

  columns = csv_vars != NULL ? g_array_ref (csv_vars) : bg_cli_main_columns (model, plan);
  stored = recorded_vars (csv_path != NULL ? columns : NULL, out->plot != NULL ? plot_vars : NULL);
  bg_sweep_set_recorded (sweep, (const guint *) stored->data, stored->len);
  if (!bg_sweep_check_memory (sweep, 0, max_memory, &error))
    {
      g_printerr ("bgmod-cli simulate: %s %s\n", error->message,
                  _("Or raise the limit with --max-memory."));
      return BG_CLI_EXIT_FAILED;
    }

  if (!run_and_stream (sweep, columns, csv_path, &error))
    exit_code = bg_cli_write_failed ("simulate", error);
  if (out->plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      g_autoptr (GArray) runs = plotted_runs (sweep);

      if (!bg_cli_write_sweep_plot (sweep, plot_vars, runs, out->plot, &plot_error))
        exit_code = bg_cli_write_failed ("simulate", plot_error);
      else if (runs->len < bg_sweep_get_n_runs (sweep))
        g_printerr (_("The plot shows %u of the %u runs, evenly spread over the values; "
                      "the CSV has them all.\n"), runs->len, bg_sweep_get_n_runs (sweep));
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
          exit_code = MAX (exit_code, BG_CLI_EXIT_FAILED);
        }
    }
  return exit_code;
}
