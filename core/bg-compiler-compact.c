/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-compact.c — the registers the right-hand side uses, side by side.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: renumbering an assembled plan's registers so that one evaluation of
 * the right-hand side touches one block of memory: the states first (as
 * before), then every register the right-hand side operations define or
 * read, in the order they run, then those only the output operations use,
 * then the rest. A model of 10 000 masses has 200 000 registers of which
 * the right-hand side uses a fifth; spread over the array, each of its
 * 20 000 operations would write a cache line of its own.
 * Must not: change any operation, its order or any value (a register is a
 * name: the same doubles come out under new numbers).
 */
#include "config.h"

#include <string.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

typedef struct
{
  guint *map;    /* old register → new, NO_DEF until placed */
  guint  next;
} Placing;

static void
place (Placing *pl,
       guint32  reg)
{
  if (pl->map[reg] == NO_DEF)
    pl->map[reg] = pl->next++;
}

/* The registers op writes and reads, in that order. */
static void
place_op (const BgPlan *plan,
          const BgOp   *op,
          Placing      *pl)
{
  switch ((BgOpKind) op->kind)
    {
    case BG_OP_GROUP:
      {
        const BgGroup *g = &plan->groups[op->aux];

        for (guint i = 0; i < g->n; i++)
          place (pl, g->regs[i]);
        for (guint k = 0; k < g->n + g->n_seq; k++)
          place_op (plan, &plan->group_ops[g->first_op + k], pl);
      }
      return;
    case BG_OP_LIN:
      place (pl, op->dst);
      for (guint i = 0; i < op->n; i++)
        place (pl, plan->term_reg[op->first + i]);
      return;
    case BG_OP_MUL:
      place (pl, op->dst);
      place (pl, op->a);
      place (pl, op->b);
      return;
    case BG_OP_COPY:
    case BG_OP_SQR:
    case BG_OP_TABLE:
    case BG_OP_GAS:
      place (pl, op->dst);
      place (pl, op->a);
      return;
    case BG_OP_WAVE:
    default:
      place (pl, op->dst);
      return;
    }
}

static void
rename_ops (BgOp        *ops,
            guint        n_ops,
            const guint *map)
{
  for (guint i = 0; i < n_ops; i++)
    {
      BgOp *op = &ops[i];

      if (op->kind == BG_OP_GROUP)
        continue;
      op->dst = map[op->dst];
      if (op->kind == BG_OP_COPY || op->kind == BG_OP_MUL || op->kind == BG_OP_SQR
          || op->kind == BG_OP_TABLE || op->kind == BG_OP_GAS)
        op->a = map[op->a];
      if (op->kind == BG_OP_MUL)
        op->b = map[op->b];
    }
}

void
_bg_compiler_compact_registers (BgPlan *plan)
{
  guint n = plan->n_regs;
  g_autofree guint *map = g_new (guint, MAX (n, 1));
  g_autofree double *scales = NULL;
  Placing pl = { map, plan->n_states };

  for (guint r = 0; r < n; r++)
    map[r] = r < plan->n_states ? r : NO_DEF;
  for (guint k = 0; k < plan->n_rhs_ops; k++)
    place_op (plan, &plan->rhs_ops[k], &pl);
  for (guint i = 0; i < plan->n_states; i++)
    place (&pl, plan->deriv_reg[i]);
  for (guint k = 0; k < plan->n_out_ops; k++)
    place_op (plan, &plan->out_ops[k], &pl);
  for (guint r = 0; r < n; r++)
    place (&pl, r);

  rename_ops (plan->rhs_ops, plan->n_rhs_ops, map);
  rename_ops (plan->out_ops, plan->n_out_ops, map);
  rename_ops (plan->group_ops, plan->n_group_ops, map);
  for (guint i = 0; i < plan->n_terms; i++)
    plan->term_reg[i] = map[plan->term_reg[i]];
  for (guint g = 0; g < plan->n_groups; g++)
    for (guint i = 0; i < plan->groups[g].n; i++)
      plan->groups[g].regs[i] = map[plan->groups[g].regs[i]];
  for (guint i = 0; i < plan->n_states; i++)
    {
      plan->deriv_reg[i] = map[plan->deriv_reg[i]];
      plan->state_reg[i] = map[plan->state_reg[i]];
    }
  for (guint v = 0; v < plan->n_vars; v++)
    if (plan->var_reg[v] >= 0)
      plan->var_reg[v] = (gint32) map[plan->var_reg[v]];
  for (guint i = 0; plan->energy != NULL && i < plan->energy->n_terms; i++)
    plan->energy->terms[i].reg = map[plan->energy->terms[i].reg];
  scales = g_new (double, MAX (n, 1));
  for (guint r = 0; r < n; r++)
    scales[map[r]] = plan->reg_scale[r];
  memcpy (plan->reg_scale, scales, n * sizeof (double));
}
