/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-sweep.c — one plan per parameter value, run on a GThreadPool.
 *
 * Owns: parsing sweep specs and ranges, copying the model per value
 * (through its file form, so each copy is independent and has no history),
 * compiling the copies, the variables the runs record and the memory they
 * need, the pool, and the per-run results and reports.
 * Must not: touch GTK or the model outside bg_sweep_new.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-sweep.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-units.h"

G_DEFINE_QUARK (bg-sweep-error-quark, bg_sweep_error)

typedef struct
{
  double       value;
  BgPlan      *plan;
  BgResult    *result;
  BgSimStatus  status;
  char        *message;
} Run;

struct _BgSweep
{
  char   *element, *param, *unit;
  Run    *runs;
  guint   n_runs;

  /* while running */
  GCancellable   *cancellable;
  BgSweepDoneFunc done_func;
  gpointer        done_data;
};

gboolean
bg_sweep_parse_spec (const char *spec, char **element, char **param, GArray **values,
                     GError **error)
{
  const char *eq, *dot;
  g_auto (GStrv) items = NULL;
  g_autoptr (GArray) out = NULL;

  g_return_val_if_fail (spec != NULL, FALSE);

  eq = strchr (spec, '=');
  dot = eq != NULL ? memchr (spec, '.', eq - spec) : NULL;
  if (eq == NULL || dot == NULL || dot == spec || dot + 1 == eq)
    {
      g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                   _("“%s” is not a sweep: write ELEMENT.PARAM=V1,V2,… (e.g. R1.value=100,1000)"),
                   spec);
      return FALSE;
    }
  out = g_array_new (FALSE, FALSE, sizeof (double));
  items = g_strsplit (eq + 1, ",", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *text = g_strstrip (items[i]);
      double v;

      /* as the command line reads every number: "2.2k", "10m", "1e-3" */
      if (!bg_units_parse (text, NULL, BG_UNITS_SYNTAX_COMMAND_LINE, &v))
        {
          g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                       _("“%s” in the sweep is not a number"), text);
          return FALSE;
        }
      for (guint k = 0; k < out->len; k++)
        if (g_array_index (out, double, k) == v)
          {
            /* Two runs of one value would give two columns of one name. */
            g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                         _("“%s” in the sweep repeats an earlier value"), text);
            return FALSE;
          }
      g_array_append_val (out, v);
    }
  if (out->len == 0 || out->len > BG_SWEEP_MAX_VALUES)
    {
      g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                   _("A sweep needs 1 to %u values"), (guint) BG_SWEEP_MAX_VALUES);
      return FALSE;
    }
  *element = g_strndup (spec, dot - spec);
  *param = g_strndup (dot + 1, eq - dot - 1);
  *values = g_steal_pointer (&out);
  return TRUE;
}

GArray *
bg_sweep_range (double v0, double v1, guint n, gboolean log, GError **error)
{
  GArray *out;

  if (n < 1 || n > BG_SWEEP_MAX_VALUES || !isfinite (v0) || !isfinite (v1)
      || (log && !(v0 > 0 && v1 > 0)))
    {
      g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                   log ? _("A logarithmic range needs positive ends and 1 to %u values")
                       : _("A range needs finite ends and 1 to %u values"),
                   (guint) BG_SWEEP_MAX_VALUES);
      return NULL;
    }
  out = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  for (guint i = 0; i < n; i++)
    {
      double f = n > 1 ? (double) i / (n - 1) : 0.0;
      double v = log ? pow (10, log10 (v0) + f * (log10 (v1) - log10 (v0))) : v0 + f * (v1 - v0);
      if (i == 0)
        v = v0;
      else if (i + 1 == n)
        v = v1;
      g_array_append_val (out, v);
    }
  return out;
}

/* A copy of the model with the parameter at value, compiled. */
static BgPlan *
compile_copy (const char *data, gsize length, const char *element, const char *param,
              double value, const BgSimSettings *settings, GError **error)
{
  g_autoptr (BgModel) copy = bg_file_load_from_data (data, (gssize) length, error);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (GError) local_error = NULL;
  BgPlan *plan;

  if (copy == NULL)
    return NULL;
  if (!bg_model_set_param_number (copy, element, param, value, &local_error))
    {
      /* The message names the place ("R1.value: must be > 0"). */
      g_set_error_literal (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_PARAM, local_error->message);
      return NULL;
    }
  causality = bg_causality_analyze (copy);
  plan = bg_compiler_compile (copy, causality, settings, &local_error);
  if (plan == NULL)
    g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_MODEL, "%s", local_error->message);
  return plan;
}

BgSweep *
bg_sweep_new (BgModel             *model,
              const char          *element,
              const char          *param,
              const double        *values,
              guint                n_values,
              const BgSimSettings *settings,
              GError             **error)
{
  g_autoptr (BgSweep) self = NULL;
  g_autofree char *data = NULL;
  const BgElement *el;
  const BgParamSpec *pspec;
  BgSimSettings s;
  gsize length = 0;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (element != NULL && param != NULL, NULL);

  el = bg_model_find_element (model, element);
  pspec = el != NULL ? bg_component_spec_find_param (el->spec, param, NULL) : NULL;
  if (el == NULL || pspec == NULL || pspec->kind != BG_PARAM_NUMBER)
    {
      g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_PARAM,
                   el == NULL ? _("The model has no element “%s”")
                              : _("%s has no numeric parameter “%s”"),
                   element, param);
      return NULL;
    }
  if (n_values < 1 || n_values > BG_SWEEP_MAX_VALUES)
    {
      g_set_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC,
                   _("A sweep needs 1 to %u values"), (guint) BG_SWEEP_MAX_VALUES);
      return NULL;
    }

  self = g_new0 (BgSweep, 1);
  self->element = g_strdup (element);
  self->param = g_strdup (param);
  self->unit = g_strdup (pspec->unit != NULL ? pspec->unit : "");
  self->n_runs = n_values;
  self->runs = g_new0 (Run, n_values);
  s = settings != NULL ? *settings : *bg_model_get_simulation (model);
  data = bg_file_to_data (model, &length);
  for (guint i = 0; i < n_values; i++)
    {
      Run *run = &self->runs[i];

      run->value = values[i];
      run->status = BG_SIM_STATUS_CANCELLED;
      run->plan = compile_copy (data, length, element, param, values[i], &s, error);
      if (run->plan == NULL)
        return NULL;
      run->result = bg_simulator_new_result (run->plan);
    }
  return g_steal_pointer (&self);
}

void
bg_sweep_free (BgSweep *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_runs; i++)
    {
      g_clear_pointer (&self->runs[i].plan, bg_plan_unref);
      g_clear_pointer (&self->runs[i].result, bg_result_unref);
      g_free (self->runs[i].message);
    }
  g_free (self->runs);
  g_free (self->element);
  g_free (self->param);
  g_free (self->unit);
  g_free (self);
}

void
bg_sweep_set_recorded (BgSweep *self, const guint *vars, guint n_vars)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (vars != NULL || n_vars == 0);

  for (guint i = 0; i < self->n_runs; i++)
    {
      Run *run = &self->runs[i];

      g_return_if_fail (bg_result_get_n_rows (run->result) == 0);
      g_clear_pointer (&run->result, bg_result_unref);
      run->result = bg_simulator_new_result_for (run->plan, vars, n_vars, FALSE);
    }
}

/* Rows × bytes per row of run i, and its solver's own bytes. */
static void
run_memory (const Run *run, guint64 *data, guint64 *solver)
{
  guint64 total = bg_simulator_estimate_memory (run->plan, run->result);

  /* Chunks are allocated whole: round up to one, as the simulator does. */
  *data = (bg_simulator_count_rows (run->plan) + BG_RESULT_CHUNK_ROWS)
          * bg_result_get_bytes_per_row (run->result);
  *solver = total > *data ? total - *data : 0;
}

guint64
bg_sweep_estimate_memory (BgSweep *self, guint n_threads)
{
  guint64 data = 0, solver = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->n_runs; i++)
    {
      guint64 d, s;

      run_memory (&self->runs[i], &d, &s);
      data += d;
      solver = MAX (solver, s);
    }
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  return data + solver * MIN (n_threads, self->n_runs);
}

gboolean
bg_sweep_check_memory (BgSweep *self, guint n_threads, guint64 limit, GError **error)
{
  g_autofree char *need_text = NULL, *limit_text = NULL, *solver_text = NULL, *rows_text = NULL;
  guint64 need, data, solver;

  g_return_val_if_fail (self != NULL, FALSE);

  need = bg_sweep_estimate_memory (self, n_threads);
  if (need <= limit)
    return TRUE;
  run_memory (&self->runs[0], &data, &solver);
  need_text = g_format_size_full (need, G_FORMAT_SIZE_IEC_UNITS);
  limit_text = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);
  solver_text = g_format_size_full (need - MIN (need, data * self->n_runs), G_FORMAT_SIZE_IEC_UNITS);
  rows_text = g_strdup_printf ("%" G_GUINT64_FORMAT, bg_simulator_count_rows (self->runs[0].plan));
  g_set_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_MEMORY,
               _("This sweep would need about %s (%u runs × %s rows × %u recorded variables, "
                 "plus %s for the solvers), more than the limit of %s. Sweep fewer values, "
                 "record fewer variables, use a longer output step or a shorter end time."),
               need_text, self->n_runs, rows_text, bg_result_get_n_stored (self->runs[0].result),
               solver_text, limit_text);
  return FALSE;
}

static void
run_one_cb (gpointer data, gpointer user_data)
{
  BgSweep *self = user_data;
  guint index = GPOINTER_TO_UINT (data) - 1;
  Run *run = &self->runs[index];
  BgSimReport report = { 0 };
  g_autoptr (GError) error = NULL;

  run->status = bg_simulator_run (run->plan, run->result, self->cancellable, NULL, NULL,
                                  &report, &error);
  run->message = g_strdup (report.message);
  bg_sim_report_clear (&report);
  if (self->done_func != NULL)
    self->done_func (self, index, self->done_data);
}

gboolean
bg_sweep_run (BgSweep         *self,
              guint            n_threads,
              GCancellable    *cancellable,
              BgSweepDoneFunc  done_func,
              gpointer         user_data)
{
  GThreadPool *pool;
  gboolean ok = TRUE;

  g_return_val_if_fail (self != NULL, FALSE);

  self->cancellable = cancellable;
  self->done_func = done_func;
  self->done_data = user_data;
  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  pool = g_thread_pool_new (run_one_cb, self, (gint) MIN (n_threads, self->n_runs), TRUE, NULL);
  for (guint i = 0; i < self->n_runs; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  /* Wait for every queued run (a cancelled one returns at once). */
  g_thread_pool_free (pool, FALSE, TRUE);
  self->cancellable = NULL;
  self->done_func = NULL;
  self->done_data = NULL;
  for (guint i = 0; i < self->n_runs; i++)
    if (self->runs[i].status == BG_SIM_STATUS_FAILED
        || self->runs[i].status == BG_SIM_STATUS_CANCELLED)
      ok = FALSE;
  return ok;
}

guint
bg_sweep_get_n_runs (BgSweep *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_runs;
}

double
bg_sweep_get_value (BgSweep *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_runs, NAN);
  return self->runs[index].value;
}

const char *
bg_sweep_get_element (BgSweep *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->element;
}

const char *
bg_sweep_get_param (BgSweep *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->param;
}

const char *
bg_sweep_get_unit (BgSweep *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->unit;
}

BgPlan *
bg_sweep_get_plan (BgSweep *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_runs, NULL);
  return self->runs[index].plan;
}

BgResult *
bg_sweep_get_result (BgSweep *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_runs, NULL);
  return self->runs[index].result;
}

BgSimStatus
bg_sweep_get_status (BgSweep *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_runs, BG_SIM_STATUS_FAILED);
  return self->runs[index].status;
}

const char *
bg_sweep_get_message (BgSweep *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_runs, NULL);
  return self->runs[index].message;
}
