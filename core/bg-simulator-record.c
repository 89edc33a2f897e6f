/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulator-record.c — what a run records, what it would cost, and the
 * variables derived afterwards.
 *
 * Owns: results that store t, the states and the asked-for variables; the
 * deriver such a result calls for any other variable (the plan's output
 * operations for it, run over the stored states and times, block by block
 * of rows); the row count and memory estimate of a run and the refusal of a
 * run over a limit. Must not: integrate anything, or keep global state.
 *
 * Exactness of derived values: see bg-plan-outputs.c. The deriver keeps the
 * work of its last variable set so that a column extended while a run goes
 * on continues from its previous row as the run's own output work does.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-simulator.h"
#include "bg-plan-private.h"

typedef struct
{
  BgPlan        *plan;
  guint         *state_vars;   /* the variable of each state */
  /* The last variable set derived: its ops, its work, the next row. */
  BgPlanOutputs *outputs;
  BgPlanWork    *work;
  gsize          next_row;
} Deriver;

static void
deriver_free (gpointer data)
{
  Deriver *d = data;

  _bg_plan_outputs_free (d->outputs);
  _bg_plan_work_free (d->work);
  g_free (d->state_vars);
  bg_plan_unref (d->plan);
  g_free (d);
}

static gboolean
same_vars (const BgPlanOutputs *o, const guint *vars, guint n)
{
  return o != NULL && o->n_vars == n && memcmp (o->vars, vars, n * sizeof (guint)) == 0;
}

/* Derives vars (all holding `first` rows) for rows [first, n_rows). */
static gboolean
derive_from (Deriver *d, BgResult *result, const guint *vars, guint n, gsize first, gsize n_rows,
             GError **error)
{
  const BgPlan *plan = d->plan;
  guint ns = plan->n_states;
  g_autofree const double **cols = g_new0 (const double *, ns + 1);
  g_autofree double *y = g_new0 (double, MAX (ns, 1));
  g_autofree double *row = g_new0 (double, n);
  g_autofree double *block = NULL;
  gsize row_at = first;

  if (!(same_vars (d->outputs, vars, n) && d->next_row == first && first > 0))
    {
      g_clear_pointer (&d->outputs, _bg_plan_outputs_free);
      g_clear_pointer (&d->work, _bg_plan_work_free);
      d->outputs = _bg_plan_outputs_new (plan, vars, n);
      d->work = _bg_plan_work_new (plan);
    }

  block = g_new (double, (gsize) n * BG_RESULT_CHUNK_ROWS);
  while (row_at < n_rows)
    {
      const double *t_span;
      gsize len, len_s;

      /* One block: the rows every stored column has in one chunk. */
      if (!bg_result_get_span (result, 0, row_at, &t_span, &len))
        break;
      len = MIN (len, n_rows - row_at);
      for (guint i = 0; i < ns; i++)
        {
          if (!bg_result_get_span (result, d->state_vars[i], row_at, &cols[i], &len_s))
            return FALSE;
          len = MIN (len, len_s);
        }
      for (gsize k = 0; k < len; k++)
        {
          for (guint i = 0; i < ns; i++)
            y[i] = cols[i][k];
          if (!_bg_plan_outputs_eval (d->work, d->outputs, t_span[k], y, row))
            {
              g_set_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_ALGEBRAIC,
                           _("The variables could not be computed at t = %.6g s: %s"),
                           t_span[k], _("an algebraic loop has no solution near this point"));
              for (guint v = 0; v < n; v++)
                bg_result_append_derived (result, vars[v], block + (gsize) v * BG_RESULT_CHUNK_ROWS, k);
              d->next_row = 0;
              return FALSE;
            }
          for (guint v = 0; v < n; v++)
            block[(gsize) v * BG_RESULT_CHUNK_ROWS + k] = row[v];
        }
      for (guint v = 0; v < n; v++)
        bg_result_append_derived (result, vars[v], block + (gsize) v * BG_RESULT_CHUNK_ROWS, len);
      row_at += len;
    }
  d->next_row = row_at;
  return TRUE;
}

static gboolean
derive_cb (BgResult *result, const guint *vars, guint n_vars, gpointer data, GError **error)
{
  Deriver *d = data;
  gsize n_rows = bg_result_get_n_rows (result);
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) group = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_vals (todo, vars, n_vars);
  /* Columns holding the same number of rows continue together. */
  while (todo->len > 0)
    {
      gsize first = bg_result_get_n_filled (result, g_array_index (todo, guint, 0));

      g_array_set_size (group, 0);
      for (guint i = 0; i < todo->len;)
        {
          guint v = g_array_index (todo, guint, i);
          if (bg_result_get_n_filled (result, v) == first)
            {
              g_array_append_val (group, v);
              g_array_remove_index (todo, i);
            }
          else
            i++;
        }
      if (!derive_from (d, result, (const guint *) group->data, group->len, first, n_rows, error))
        return FALSE;
    }
  return TRUE;
}

/* The result shares the plan's variable list (a model of 10 000 masses
 * has 250 000 variables). */
static BgResult *
new_result (BgPlan *plan, const gboolean *stored)
{
  return bg_result_new_shared (plan->vars, stored);
}

BgResult *
bg_simulator_new_result (BgPlan *plan)
{
  g_return_val_if_fail (plan != NULL, NULL);
  return new_result (plan, NULL);
}

BgResult *
bg_simulator_new_result_for (BgPlan      *plan,
                             const guint *vars,
                             guint        n_vars,
                             gboolean     with_states)
{
  g_autofree gboolean *stored = NULL;
  g_autofree guint *state_vars = NULL;
  gboolean all_states = TRUE;
  BgResult *result;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (vars != NULL || n_vars == 0, NULL);

  stored = g_new0 (gboolean, plan->n_vars);
  state_vars = g_new0 (guint, MAX (plan->n_states, 1));
  stored[0] = TRUE;
  for (guint i = 0; i < n_vars; i++)
    {
      g_return_val_if_fail (vars[i] < plan->n_vars, NULL);
      stored[vars[i]] = TRUE;
    }
  for (guint i = 0; with_states && i < plan->n_states; i++)
    {
      int v = _bg_plan_state_var (plan, i);
      if (v < 0)
        all_states = FALSE;
      else
        {
          state_vars[i] = (guint) v;
          stored[v] = TRUE;
        }
    }
  result = new_result (plan, stored);
  if (with_states && all_states)
    {
      Deriver *d = g_new0 (Deriver, 1);
      d->plan = bg_plan_ref (plan);
      d->state_vars = g_steal_pointer (&state_vars);
      bg_result_set_deriver (result, derive_cb, d, deriver_free);
    }
  return result;
}

/* The solver's own memory: CVODE's vectors (BDF history and work, about
 * twenty of n), the Newton matrix and its saved copy, KLU's factors, and the
 * registers of the run's works. */
static guint64
solver_bytes (const BgPlan *plan)
{
  guint64 n = plan->n_states, bytes = 24 * n * sizeof (double);

  switch (plan->solver)
    {
    case BG_PLAN_SOLVER_BAND:
      bytes += 2 * n * (2 * (guint64) plan->mu + 2 * plan->ml + 1) * sizeof (double);
      break;
    case BG_PLAN_SOLVER_SPARSE:
      bytes += 10 * (guint64) plan->nnz * (sizeof (double) + sizeof (gint64));
      break;
    case BG_PLAN_SOLVER_DENSE:
    case BG_PLAN_SOLVER_NONE:
    default:
      bytes += 2 * n * n * sizeof (double);
      break;
    }
  return bytes + 3 * (guint64) plan->n_regs * sizeof (double);
}

guint64
bg_simulator_estimate_memory (BgPlan *plan, BgResult *result)
{
  guint64 rows;

  g_return_val_if_fail (plan != NULL && result != NULL, 0);
  /* Chunks are allocated whole: round up to one. */
  rows = bg_simulator_count_rows (plan) + BG_RESULT_CHUNK_ROWS;
  return rows * bg_result_get_bytes_per_row (result) + solver_bytes (plan);
}

gboolean
bg_simulator_check_memory (BgPlan *plan, BgResult *result, guint64 limit, GError **error)
{
  guint64 need, rows;
  g_autofree char *need_text = NULL, *limit_text = NULL, *solver_text = NULL, *rows_text = NULL;

  g_return_val_if_fail (plan != NULL && result != NULL, FALSE);
  need = bg_simulator_estimate_memory (plan, result);
  if (need <= limit)
    return TRUE;
  rows = bg_simulator_count_rows (plan);
  need_text = g_format_size_full (need, G_FORMAT_SIZE_IEC_UNITS);
  limit_text = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);
  solver_text = g_format_size_full (solver_bytes (plan), G_FORMAT_SIZE_IEC_UNITS);
  rows_text = g_strdup_printf ("%" G_GUINT64_FORMAT, rows);
  g_set_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_MEMORY,
               _("This run would need about %s (%s rows × %u recorded variables, "
                 "plus %s for the solver), more than the limit of %s. Record fewer variables, "
                 "use a longer output step or a shorter end time."),
               need_text, rows_text, bg_result_get_n_stored (result), solver_text, limit_text);
  return FALSE;
}
