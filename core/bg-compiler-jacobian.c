/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-jacobian.c — the Jacobian pattern and the linear solver.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: which states each derivative reads (a sparse CSC pattern with the
 * diagonal, traced through the plan's operations and algebraic groups),
 * the half-bandwidths, a greedy colouring of the columns for sparse
 * finite differences, and the choice of dense, band or sparse (KLU) linear
 * solver from them (the rule is in bg-compiler.h).
 * Must not: change the operations.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

#define PATTERN_CAP 256

/* Dependency sets ---------------------------------------------------------- */

typedef struct
{
  guint *items;
  guint  n;
} Set;

/* dst = a ∪ b (sorted); FALSE past the cap. */
static gboolean
set_union_into (Set       *dst,
                const Set *add)
{
  guint *merged, i = 0, j = 0, n = 0;

  if (add->n == 0)
    return TRUE;
  merged = g_new (guint, dst->n + add->n);
  while (i < dst->n || j < add->n)
    {
      guint v;
      if (j >= add->n || (i < dst->n && dst->items[i] < add->items[j]))
        v = dst->items[i++];
      else if (i >= dst->n || add->items[j] < dst->items[i])
        v = add->items[j++];
      else
        {
          v = dst->items[i++];
          j++;
        }
      merged[n++] = v;
    }
  g_free (dst->items);
  dst->items = merged;
  dst->n = n;
  return n <= PATTERN_CAP;
}

static gboolean
op_deps (const BgPlan *plan,
         const BgOp   *op,
         Set          *sets,
         Set          *acc)
{
  guint32 in[4];
  guint   n_in;

  if (op->kind == BG_OP_LIN)
    {
      for (guint t = 0; t < op->n; t++)
        if (!set_union_into (acc, &sets[plan->term_reg[op->first + t]]))
          return FALSE;
      return TRUE;
    }
  _bg_compiler_op_inputs (op, plan->term_reg, in, &n_in, 4);
  for (guint k = 0; k < n_in; k++)
    if (!set_union_into (acc, &sets[in[k]]))
      return FALSE;
  return TRUE;
}

/* Which states each derivative reads, as a CSC pattern (with the diagonal),
 * and the half-bandwidths. FALSE if some derivative reads too many states
 * to be worth tracking. */
static gboolean
jacobian_pattern (BgPlan *plan)
{
  guint             n = plan->n_states;
  Set              *sets = g_new0 (Set, plan->n_regs);
  gboolean          ok = TRUE;
  g_autofree guint *col_count = NULL;

  for (guint i = 0; i < n; i++)
    {
      sets[i].items = g_new (guint, 1);
      sets[i].items[0] = i;
      sets[i].n = 1;
    }
  for (guint k = 0; k < plan->n_rhs_ops && ok; k++)
    {
      const BgOp *op = &plan->rhs_ops[k];
      if (op->kind == BG_OP_GROUP)
        {
          const BgGroup *g = &plan->groups[op->aux];
          Set            acc = { NULL, 0 };
          for (guint m = 0; m < g->n + g->n_seq && ok; m++)
            ok = op_deps (plan, &plan->group_ops[g->first_op + m], sets, &acc);
          for (guint m = 0; m < g->n + g->n_seq; m++)
            {
              guint dst = plan->group_ops[g->first_op + m].dst;
              g_free (sets[dst].items);
              sets[dst].items = g_memdup2 (acc.items, acc.n * sizeof (guint));
              sets[dst].n = acc.n;
            }
          g_free (acc.items);
        }
      else
        {
          Set acc = { NULL, 0 };
          ok = op_deps (plan, op, sets, &acc);
          g_free (sets[op->dst].items);
          sets[op->dst] = acc;
        }
    }

  if (ok)
    {
      Set  *rows = g_new0 (Set, n);
      guint nnz = 0, pos;

      col_count = g_new0 (guint, n);
      plan->mu = plan->ml = 0;
      for (guint i = 0; i < n; i++)
        {
          Set diag = { &i, 1 };
          set_union_into (&rows[i], &sets[plan->deriv_reg[i]]);
          set_union_into (&rows[i], &diag);
          for (guint k = 0; k < rows[i].n; k++)
            {
              guint j = rows[i].items[k];
              col_count[j]++;
              if (j > i)
                plan->mu = MAX (plan->mu, j - i);
              else
                plan->ml = MAX (plan->ml, i - j);
            }
          nnz += rows[i].n;
        }
      plan->nnz = nnz;
      plan->col_ptr = g_new (gint64, n + 1);
      plan->row_ind = g_new (gint64, MAX (nnz, 1));
      plan->col_ptr[0] = 0;
      for (guint j = 0; j < n; j++)
        plan->col_ptr[j + 1] = plan->col_ptr[j] + col_count[j];
      memset (col_count, 0, n * sizeof (guint));
      for (guint i = 0; i < n; i++)
        for (guint k = 0; k < rows[i].n; k++)
          {
            guint j = rows[i].items[k];
            pos = (guint) plan->col_ptr[j] + col_count[j]++;
            plan->row_ind[pos] = i;
          }
      for (guint i = 0; i < n; i++)
        g_free (rows[i].items);
      g_free (rows);
    }

  for (guint r = 0; r < plan->n_regs; r++)
    g_free (sets[r].items);
  g_free (sets);
  return ok;
}

/* Greedy colouring of the columns: two columns sharing a row differ. */
static void
color_columns (BgPlan *plan)
{
  guint              n = plan->n_states;
  g_autofree gint64 *row_ptr = g_new0 (gint64, n + 1);
  g_autofree guint  *row_cols = g_new (guint, MAX (plan->nnz, 1));
  g_autofree guint  *fill = g_new0 (guint, n);
  g_autofree guint  *mark = g_new (guint, n + 1);

  for (guint k = 0; k < plan->nnz; k++)
    row_ptr[plan->row_ind[k] + 1]++;
  for (guint i = 0; i < n; i++)
    row_ptr[i + 1] += row_ptr[i];
  for (guint j = 0; j < n; j++)
    for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
      {
        guint i = (guint) plan->row_ind[k];
        row_cols[row_ptr[i] + fill[i]++] = j;
      }

  plan->color = g_new (guint, n);
  plan->n_colors = 0;
  for (guint c = 0; c <= n; c++)
    mark[c] = NO_DEF;
  for (guint j = 0; j < n; j++)
    {
      guint c = 0;
      for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
        {
          guint i = (guint) plan->row_ind[k];
          for (gint64 q = row_ptr[i]; q < row_ptr[i + 1]; q++)
            if (row_cols[q] < j)
              mark[plan->color[row_cols[q]]] = j;
        }
      while (mark[c] == j)
        c++;
      plan->color[j] = c;
      plan->n_colors = MAX (plan->n_colors, c + 1);
    }
}

void
_bg_compiler_choose_solver (BgPlan *plan)
{
  guint    n = plan->n_states;
  gboolean have_pattern;

  if (n == 0)
    {
      plan->solver = BG_PLAN_SOLVER_NONE;
      return;
    }
  have_pattern = jacobian_pattern (plan);
  if (n <= 16 || !have_pattern)
    plan->solver = BG_PLAN_SOLVER_DENSE;
  else if (plan->mu + plan->ml + 1 <= MAX (16.0, 2 * sqrt ((double) n)))
    plan->solver = BG_PLAN_SOLVER_BAND;
  else if (n <= 100)
    plan->solver = BG_PLAN_SOLVER_DENSE;
  else
    {
      plan->solver = BG_PLAN_SOLVER_SPARSE;
      color_columns (plan);
    }
}
