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

/* The sets of states registers depend on, sorted, all in one pool (no
 * allocation per register: a model of 10 000 masses has 200 000). */
typedef struct
{
  guint32 first;   /* into the pool */
  guint32 n;
} Set;

typedef struct
{
  GArray *pool;    /* guint */
  GArray *scratch; /* guint: the union being made */
} Sets;

static const guint *
set_items (const Sets *sets,
           Set         set)
{
  return &g_array_index (sets->pool, guint, set.first);
}

/* Adds set to the union being made. */
static void
gather (Sets *sets,
        Set   set)
{
  g_array_append_vals (sets->scratch, set_items (sets, set), set.n);
}

static int
compare_guint (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* The union gathered, sorted and without repeats, as a set in the pool;
 * FALSE past the cap. */
static gboolean
take_union (Sets *sets,
            Set  *out)
{
  guint *items = (guint *) sets->scratch->data;
  guint n = 0;

  /* Most unions are of a few states: sorted by insertion, others by qsort. */
  if (sets->scratch->len <= 16)
    for (guint i = 1; i < sets->scratch->len; i++)
      {
        guint v = items[i], j = i;

        for (; j > 0 && items[j - 1] > v; j--)
          items[j] = items[j - 1];
        items[j] = v;
      }
  else
    g_array_sort (sets->scratch, compare_guint);
  for (guint i = 0; i < sets->scratch->len; i++)
    if (n == 0 || items[i] != items[n - 1])
      items[n++] = items[i];
  out->first = sets->pool->len;
  out->n = n;
  g_array_append_vals (sets->pool, items, n);
  g_array_set_size (sets->scratch, 0);
  return n <= PATTERN_CAP;
}

/* What op reads, gathered. */
static void
gather_op (const BgPlan *plan,
           const BgOp   *op,
           Sets         *sets,
           const Set    *of)
{
  guint32 in[4];
  guint   n_in;

  if (op->kind == BG_OP_LIN)
    {
      for (guint t = 0; t < op->n; t++)
        gather (sets, of[plan->term_reg[op->first + t]]);
      return;
    }
  _bg_compiler_op_inputs (op, plan->term_reg, in, &n_in, 4);
  for (guint k = 0; k < n_in; k++)
    gather (sets, of[in[k]]);
}

/* The CSC pattern (rows of each column, increasing) and the half-bandwidths
 * of the rows: rows[i] the states derivative i reads, the diagonal among them. */
static void
fill_pattern (BgPlan *plan,
              Sets   *sets,
              Set    *rows)
{
  guint n = plan->n_states, nnz = 0;
  g_autofree guint *col_count = g_new0 (guint, n);

  plan->mu = plan->ml = 0;
  for (guint i = 0; i < n; i++)
    {
      const guint *items = set_items (sets, rows[i]);

      for (guint k = 0; k < rows[i].n; k++)
        {
          guint j = items[k];
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
    {
      const guint *items = set_items (sets, rows[i]);

      for (guint k = 0; k < rows[i].n; k++)
        {
          guint j = items[k];
          guint pos = (guint) plan->col_ptr[j] + col_count[j]++;

          plan->row_ind[pos] = i;
        }
    }
}

/* Which states each derivative reads, as a CSC pattern (with the diagonal),
 * and the half-bandwidths. FALSE if some derivative reads too many states
 * to be worth tracking. */
static gboolean
jacobian_pattern (BgPlan *plan)
{
  guint n = plan->n_states;
  g_autofree Set *of = g_new0 (Set, MAX (plan->n_regs, 1));
  g_autofree Set *rows = NULL;
  Sets sets;
  gboolean ok = TRUE;

  /* Room for a few states per register (more grows the pool). */
  sets.pool = g_array_sized_new (FALSE, FALSE, sizeof (guint), 4 * (gsize) plan->n_regs + 16);
  sets.scratch = g_array_sized_new (FALSE, FALSE, sizeof (guint), 4 * PATTERN_CAP);
  for (guint i = 0; i < n; i++)
    {
      of[i].first = sets.pool->len;
      of[i].n = 1;
      g_array_append_val (sets.pool, i);
    }
  for (guint k = 0; k < plan->n_rhs_ops && ok; k++)
    {
      const BgOp *op = &plan->rhs_ops[k];
      if (op->kind == BG_OP_GROUP)
        {
          /* Every register of the group depends on all that the group reads. */
          const BgGroup *g = &plan->groups[op->aux];
          Set acc;

          for (guint m = 0; m < g->n + g->n_seq; m++)
            gather_op (plan, &plan->group_ops[g->first_op + m], &sets, of);
          ok = take_union (&sets, &acc);
          for (guint m = 0; m < g->n + g->n_seq; m++)
            of[plan->group_ops[g->first_op + m].dst] = acc;
        }
      else
        {
          gather_op (plan, op, &sets, of);
          ok = take_union (&sets, &of[op->dst]);
        }
    }

  if (ok)
    {
      rows = g_new0 (Set, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          gather (&sets, of[plan->deriv_reg[i]]);
          g_array_append_val (sets.scratch, i);
          take_union (&sets, &rows[i]);
        }
      fill_pattern (plan, &sets, rows);
    }
  g_array_unref (sets.pool);
  g_array_unref (sets.scratch);
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
