/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plan-outputs.c — the operations a chosen set of output variables needs.
 *
 * Owns: selecting, from a plan's right-hand side and output operations, the
 * ones that compute the chosen variables (walking the dependencies back
 * from their registers to the states and time) and the states they read,
 * and evaluating just those for one output row. A state variable needs no
 * operation; `t` none. Must not: change the plan, or compute (or load) a
 * register no chosen variable reads.
 *
 * Exactness: a selection evaluates its operations with the same inputs as a
 * run of the whole plan, so its values are the same doubles; an algebraic
 * group starts its Newton iteration from its previous solution, which is
 * the same as long as the same work evaluates the rows in order from the
 * first (the simulator and bg_simulator_derive() both do).
 */
#include "config.h"

#include <string.h>
#include "bg-plan-private.h"

/* Marks the registers op reads. */
static void
mark_inputs (const BgPlan *plan, const BgOp *op, gboolean *needed)
{
  switch ((BgOpKind) op->kind)
    {
    case BG_OP_LIN:
      for (guint i = 0; i < op->n; i++)
        needed[plan->term_reg[op->first + i]] = TRUE;
      break;
    case BG_OP_MUL:
      needed[op->a] = TRUE;
      needed[op->b] = TRUE;
      break;
    case BG_OP_COPY:
    case BG_OP_SQR:
    case BG_OP_TABLE:
    case BG_OP_GAS:
      needed[op->a] = TRUE;
      break;
    case BG_OP_GROUP:
      {
        const BgGroup *g = &plan->groups[op->aux];
        for (guint k = 0; k < g->n + g->n_seq; k++)
          mark_inputs (plan, &plan->group_ops[g->first_op + k], needed);
      }
      break;
    case BG_OP_WAVE:
    default:
      break;
    }
}

/* Whether op defines a needed register. */
static gboolean
defines_needed (const BgPlan *plan, const BgOp *op, const gboolean *needed)
{
  if (op->kind == BG_OP_GROUP)
    {
      const BgGroup *g = &plan->groups[op->aux];
      for (guint i = 0; i < g->n; i++)
        if (needed[g->regs[i]])
          return TRUE;
      for (guint k = 0; k < g->n_seq; k++)
        if (needed[plan->group_ops[g->first_op + g->n + k].dst])
          return TRUE;
      return FALSE;
    }
  return needed[op->dst];
}

/* Walks ops backwards, keeping the ones that define a needed register and
 * marking what they read. */
static void
select_list (const BgPlan *plan, const BgOp *ops, guint n_ops, gboolean *needed, gboolean *keep)
{
  for (guint i = n_ops; i-- > 0;)
    if (defines_needed (plan, &ops[i], needed))
      {
        keep[i] = TRUE;
        mark_inputs (plan, &ops[i], needed);
      }
}

BgOp *
_bg_plan_select_ops (const BgPlan *plan,
                     gboolean     *needed,
                     guint        *n_ops)
{
  g_autofree gboolean *keep_rhs = g_new0 (gboolean, MAX (plan->n_rhs_ops, 1));
  g_autofree gboolean *keep_out = g_new0 (gboolean, MAX (plan->n_out_ops, 1));
  BgOp *ops;
  guint n = 0;

  /* States are loaded, not computed: nothing defines them. */
  select_list (plan, plan->out_ops, plan->n_out_ops, needed, keep_out);
  select_list (plan, plan->rhs_ops, plan->n_rhs_ops, needed, keep_rhs);

  ops = g_new (BgOp, MAX (plan->n_rhs_ops + plan->n_out_ops, 1));
  for (guint i = 0; i < plan->n_rhs_ops; i++)
    if (keep_rhs[i])
      ops[n++] = plan->rhs_ops[i];
  for (guint i = 0; i < plan->n_out_ops; i++)
    if (keep_out[i])
      ops[n++] = plan->out_ops[i];
  *n_ops = n;
  return ops;
}

BgPlanOutputs *
_bg_plan_outputs_new (const BgPlan *plan, const guint *vars, guint n_vars)
{
  BgPlanOutputs *o = g_new0 (BgPlanOutputs, 1);
  g_autofree gboolean *needed = g_new0 (gboolean, MAX (plan->n_regs, 1));

  o->n_vars = n_vars;
  o->vars = g_memdup2 (vars, MAX (n_vars, 1) * sizeof (guint));
  for (guint i = 0; i < n_vars; i++)
    {
      g_return_val_if_fail (vars[i] < plan->n_vars, o);
      if (plan->var_reg[vars[i]] >= 0)
        needed[plan->var_reg[vars[i]]] = TRUE;
    }
  o->ops = _bg_plan_select_ops (plan, needed, &o->n_ops);

  /* The states those read (or report): loaded one by one when they are
   * few (one state of a large model, for a CSV of one column). */
  o->states = g_new (guint, MAX (plan->n_states, 1));
  for (guint s = 0; s < plan->n_states; s++)
    if (needed[plan->state_reg[s]])
      o->states[o->n_states++] = s;
  return o;
}

void
_bg_plan_outputs_free (BgPlanOutputs *outputs)
{
  if (outputs == NULL)
    return;
  g_free (outputs->vars);
  g_free (outputs->ops);
  g_free (outputs->states);
  g_free (outputs);
}

gboolean
_bg_plan_outputs_eval (BgPlanWork          *work,
                       const BgPlanOutputs *o,
                       double               t,
                       const double        *y,
                       double              *values)
{
  const BgPlan *plan = work->plan;
  gboolean ok;

  work->t = t;
  work->t_wave = t;
  if (y != NULL && o->n_states > plan->n_states / 4)
    memcpy (work->regs, y, plan->n_states * sizeof (double));
  else if (y != NULL)
    for (guint i = 0; i < o->n_states; i++)
      work->regs[plan->state_reg[o->states[i]]] = y[o->states[i]];
  ok = _bg_plan_run_ops (work, o->ops, o->n_ops);
  for (guint i = 0; i < o->n_vars; i++)
    {
      guint v = o->vars[i];
      /* + 0.0 turns a negated zero into 0 (no "-0" in a CSV). */
      values[i] = plan->var_reg[v] < 0 ? t : plan->var_scale[v] * work->regs[plan->var_reg[v]] + 0.0;
    }
  return ok;
}

int
_bg_plan_state_var (const BgPlan *plan, guint state)
{
  int v;

  g_return_val_if_fail (state < plan->n_states, -1);
  v = bg_plan_lookup_var (plan, plan->state_names[state]);
  if (v < 0 || plan->var_reg[v] != (gint32) plan->state_reg[state] || plan->var_scale[v] != 1.0)
    return -1;
  return v;
}
