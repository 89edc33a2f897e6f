/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-copies.c — scaled copies folded into their readers.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: copy propagation on an assembled plan. Most assignments are scaled
 * copies (junction flows, TF, R, C, I); each becomes an alias folded into
 * the operations, outputs and derivatives that read it, and is dropped
 * unless a reader cannot take a scale.
 * Must not: change what any variable evaluates to.
 */
#include "config.h"

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

/* Copy propagation ---------------------------------------------------------- */

/* Most assignments are scaled copies (junction flows, TF, R, C, I). Each
 * copy r = c·a (no offset, outside an algebraic group) is replaced by the
 * alias (a, c) in the operations that read r, in the outputs and in the
 * derivatives, and then dropped unless something cannot fold a scale (a
 * table or gas-law input, a scaled derivative). */
typedef struct
{
  guint32  *src;
  double   *scale;
  gboolean *keep; /* the register itself is read unscaled */
} Aliases;

static void
alias_input (Aliases *al,
             guint32 *reg,
             double  *coef,
             gboolean can_scale)
{
  guint32 r = *reg;

  if (al->src[r] == r)
    return;
  if (can_scale)
    {
      *coef *= al->scale[r];
      *reg = al->src[r];
    }
  else if (al->scale[r] == 1.0)
    *reg = al->src[r];
  else
    al->keep[r] = TRUE;
}

static void
alias_op_inputs (BgPlan  *plan,
                 Aliases *al,
                 BgOp    *op)
{
  switch ((BgOpKind) op->kind)
    {
    case BG_OP_COPY:
      alias_input (al, &op->a, &op->c, TRUE);
      break;
    case BG_OP_LIN:
      for (guint t = 0; t < op->n; t++)
        alias_input (al, &plan->term_reg[op->first + t], &plan->term_coef[op->first + t], TRUE);
      break;
    case BG_OP_MUL:
      alias_input (al, &op->a, &op->c, TRUE);
      alias_input (al, &op->b, &op->c, TRUE);
      break;
    case BG_OP_SQR:
      {
        double c = 1.0;
        alias_input (al, &op->a, &c, TRUE);
        op->c *= c * c;
      }
      break;
    case BG_OP_TABLE:
    case BG_OP_GAS:
      {
        double c = 1.0;
        alias_input (al, &op->a, &c, FALSE);
      }
      break;
    case BG_OP_GROUP:
      {
        const BgGroup *g = &plan->groups[op->aux];
        for (guint m = 0; m < g->n + g->n_seq; m++)
          alias_op_inputs (plan, al, &plan->group_ops[g->first_op + m]);
      }
      break;
    case BG_OP_WAVE:
    default:
      break;
    }
}

/* Rewrites one op list; copies become aliases (marked in dropped[]). */
static void
alias_list (BgPlan   *plan,
            Aliases  *al,
            BgOp     *ops,
            guint     n_ops,
            gboolean *dropped)
{
  for (guint i = 0; i < n_ops; i++)
    {
      BgOp *op = &ops[i];

      /* A one-term sum without offset is a copy. */
      if (op->kind == BG_OP_LIN && op->n == 1 && op->k == 0)
        {
          op->kind = BG_OP_COPY;
          op->a = plan->term_reg[op->first];
          op->c = plan->term_coef[op->first];
        }
      alias_op_inputs (plan, al, op);
      if (op->kind == BG_OP_COPY && op->k == 0)
        {
          al->src[op->dst] = op->a;
          al->scale[op->dst] = op->c;
          dropped[i] = TRUE;
        }
    }
}

/* Drops the copies no one needs, in place, and gives back the room they
 * took (most of a large model's operations are copies between bonds). */
static BgOp *
compact_ops (BgOp           *ops,
             guint          *n_ops,
             const gboolean *dropped,
             const gboolean *keep)
{
  guint n = 0;

  for (guint i = 0; i < *n_ops; i++)
    if (!dropped[i] || keep[ops[i].dst])
      ops[n++] = ops[i];
  *n_ops = n;
  return g_renew (BgOp, ops, MAX (n, 1));
}

void
_bg_compiler_propagate_copies (BgPlan *plan)
{
  Aliases              al;
  g_autofree gboolean *drop_rhs = g_new0 (gboolean, MAX (plan->n_rhs_ops, 1));
  g_autofree gboolean *drop_out = g_new0 (gboolean, MAX (plan->n_out_ops, 1));

  al.src = g_new (guint32, plan->n_regs);
  al.scale = g_new (double, plan->n_regs);
  al.keep = g_new0 (gboolean, plan->n_regs);
  for (guint r = 0; r < plan->n_regs; r++)
    {
      al.src[r] = r;
      al.scale[r] = 1.0;
    }

  alias_list (plan, &al, plan->rhs_ops, plan->n_rhs_ops, drop_rhs);
  /* Derivatives read their register unscaled. */
  for (guint i = 0; i < plan->n_states; i++)
    {
      guint32 d = plan->deriv_reg[i];
      double  c = 1.0;
      alias_input (&al, &d, &c, FALSE);
      plan->deriv_reg[i] = d;
    }
  alias_list (plan, &al, plan->out_ops, plan->n_out_ops, drop_out);
  for (guint v = 1; v < plan->n_vars; v++)
    {
      guint32 r = (guint32) plan->var_reg[v];
      alias_input (&al, &r, &plan->var_scale[v], TRUE);
      plan->var_reg[v] = (gint32) r;
    }
  for (guint i = 0; plan->energy != NULL && i < plan->energy->n_terms; i++)
    alias_input (&al, &plan->energy->terms[i].reg, &plan->energy->terms[i].c, TRUE);

  plan->rhs_ops = compact_ops (plan->rhs_ops, &plan->n_rhs_ops, drop_rhs, al.keep);
  plan->out_ops = compact_ops (plan->out_ops, &plan->n_out_ops, drop_out, al.keep);

  g_free (al.src);
  g_free (al.scale);
  g_free (al.keep);
}
