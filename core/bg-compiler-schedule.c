/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-schedule.c — the order in which a plan evaluates.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: renumbering registers (states first), finding the operation that
 * defines each register (refusing a register defined twice or never), the
 * dependency graph between operations, ordering it into strongly connected
 * components with Tarjan's algorithm (without recursion: a model may have
 * 1e5 operations; every cycle is an algebraic group), and assembling the
 * plan's operation lists: right-hand-side work (what a derivative needs)
 * and output-only work, each group torn by bg-compiler-tearing.c.
 * Must not: fold copies or choose the linear solver (later passes do).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

/* Register renumbering: states first ------------------------------------- */

void
_bg_compiler_renumber_registers (BgEmit *em)
{
  guint              n_regs = em->reg_scale->len, n_states = em->states->len, next = n_states;
  g_autofree guint  *map = g_new (guint, n_regs);
  g_autofree double *scales = g_new (double, n_regs);

  for (guint r = 0; r < n_regs; r++)
    map[r] = NO_DEF;
  for (guint s = 0; s < n_states; s++)
    map[g_array_index (em->states, StateInfo, s).reg] = s;
  for (guint r = 0; r < n_regs; r++)
    if (map[r] == NO_DEF)
      map[r] = next++;

  for (guint i = 0; i < em->ops->len; i++)
    {
      BgOp *op = &g_array_index (em->ops, BgOp, i);
      op->dst = map[op->dst];
      if (op->kind == BG_OP_COPY || op->kind == BG_OP_MUL || op->kind == BG_OP_SQR || op->kind == BG_OP_TABLE || op->kind == BG_OP_GAS)
        op->a = map[op->a];
      if (op->kind == BG_OP_MUL)
        op->b = map[op->b];
    }
  for (guint i = 0; i < em->term_reg->len; i++)
    g_array_index (em->term_reg, guint32, i) = map[g_array_index (em->term_reg, guint32, i)];
  for (guint s = 0; s < n_states; s++)
    {
      StateInfo *info = &g_array_index (em->states, StateInfo, s);
      info->reg = map[info->reg];
      info->deriv = map[info->deriv];
    }
  for (guint v = 1; v < em->var_reg->len; v++)
    g_array_index (em->var_reg, gint32, v) = (gint32) map[g_array_index (em->var_reg, gint32, v)];
  for (guint i = 0; i < em->events->len; i++)
    {
      BgEvent *ev = &g_array_index (em->events, BgEvent, i);
      ev->state = map[ev->state]; /* == the state index */
    }
  for (guint i = 0; i < em->energy_terms->len; i++)
    {
      BgEnergyTerm *term = &g_array_index (em->energy_terms, BgEnergyTerm, i);
      term->reg = map[term->reg];
    }
  for (guint r = 0; r < n_regs; r++)
    scales[map[r]] = g_array_index (em->reg_scale, double, r);
  memcpy (em->reg_scale->data, scales, n_regs * sizeof (double));
}

/* Ordering --------------------------------------------------------------- */

void
_bg_compiler_schedule_free (Schedule *s)
{
  g_free (s->item_first);
  g_free (s->order);
  g_free (s->cyclic);
}

/* def[r]: the op defining register r, NO_DEF for states. Fails on a register
 * defined twice or read but never defined. */
gboolean
_bg_compiler_build_definitions (BgEmit  *em,
                                guint    n_regs,
                                guint  **def_out,
                                GError **error)
{
  g_autofree guint *def = g_new (guint, n_regs);
  guint             n_states = em->states->len;

  for (guint r = 0; r < n_regs; r++)
    def[r] = NO_DEF;
  for (guint i = 0; i < em->ops->len; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      if (op->dst < n_states || def[op->dst] != NO_DEF)
        {
          g_set_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
                       _("The causal assignment defines a quantity twice; analyse the model again"));
          return FALSE;
        }
      def[op->dst] = i;
    }
  for (guint i = 0; i < em->ops->len; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      guint32     in[4];
      guint       n_in;

      if (op->kind == BG_OP_LIN)
        {
          for (guint t = 0; t < op->n; t++)
            {
              guint32 r = g_array_index (em->term_reg, guint32, op->first + t);
              if (r >= n_states && def[r] == NO_DEF)
                goto undefined;
            }
          continue;
        }
      _bg_compiler_op_inputs (op, NULL, in, &n_in, 4);
      for (guint k = 0; k < n_in; k++)
        if (in[k] >= n_states && def[in[k]] == NO_DEF)
          goto undefined;
    }
  *def_out = g_steal_pointer (&def);
  return TRUE;

undefined:
  g_set_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
               _("The causal assignment leaves a quantity undefined; analyse the model again"));
  return FALSE;
}

/* Dependencies op -> ops in CSR form. */
void
_bg_compiler_build_dependencies (BgEmit      *em,
                                 const guint *def,
                                 guint      **first_out,
                                 guint      **deps_out)
{
  guint          n_ops = em->ops->len, n = 0;
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;
  guint         *first = g_new0 (guint, n_ops + 1);
  /* At most every term of the sums and four inputs of any other op. */
  guint         *deps = g_new (guint, (gsize) em->term_reg->len + 4 * (gsize) n_ops + 1);

  for (guint i = 0; i < n_ops; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      first[i] = n;
      if (op->kind == BG_OP_LIN)
        {
          for (guint t = 0; t < op->n; t++)
            {
              guint d = def[term_reg[op->first + t]];
              if (d != NO_DEF)
                deps[n++] = d;
            }
        }
      else
        {
          guint32 in[4];
          guint   n_in;
          _bg_compiler_op_inputs (op, term_reg, in, &n_in, 4);
          for (guint k = 0; k < n_in; k++)
            if (def[in[k]] != NO_DEF)
              deps[n++] = def[in[k]];
        }
    }
  first[n_ops] = n;
  *first_out = first;
  *deps_out = g_renew (guint, deps, MAX (n, 1));
}

/* Tarjan's algorithm without recursion (models may have 1e5 ops). An SCC is
 * complete only after everything it depends on, so the emission order is an
 * evaluation order. */
void
_bg_compiler_schedule_ops (guint        n_ops,
                           const guint *first,
                           const guint *deps,
                           Schedule    *s)
{
  g_autofree guint    *index = g_new (guint, n_ops);
  g_autofree guint    *low = g_new (guint, n_ops);
  g_autofree gboolean *on_stack = g_new0 (gboolean, n_ops);
  g_autofree guint    *stack = g_new (guint, n_ops);
  g_autofree guint    *call_node = g_new (guint, n_ops);
  g_autofree guint    *call_edge = g_new (guint, n_ops);
  guint                next_index = 0, sp = 0, n_order = 0, n_items = 0;
  /* At most one item per op, and the end. */
  guint               *items = g_new (guint, (gsize) n_ops + 1);
  guint8              *cyclic = g_new (guint8, MAX (n_ops, 1));

  s->order = g_new (guint, MAX (n_ops, 1));
  for (guint i = 0; i < n_ops; i++)
    index[i] = NO_DEF;

  for (guint root = 0; root < n_ops; root++)
    {
      guint depth = 0;

      if (index[root] != NO_DEF)
        continue;
      call_node[0] = root;
      call_edge[0] = first[root];
      index[root] = low[root] = next_index++;
      stack[sp++] = root;
      on_stack[root] = TRUE;

      while (depth != NO_DEF)
        {
          guint v = call_node[depth];

          if (call_edge[depth] < first[v + 1])
            {
              guint w = deps[call_edge[depth]++];
              if (index[w] == NO_DEF)
                {
                  depth++;
                  call_node[depth] = w;
                  call_edge[depth] = first[w];
                  index[w] = low[w] = next_index++;
                  stack[sp++] = w;
                  on_stack[w] = TRUE;
                }
              else if (on_stack[w])
                low[v] = MIN (low[v], index[w]);
              continue;
            }

          if (low[v] == index[v])
            {
              guint    start = n_order, w;
              guint8   loop = FALSE;

              items[n_items] = start;
              do
                {
                  w = stack[--sp];
                  on_stack[w] = FALSE;
                  s->order[n_order++] = w;
                }
              while (w != v);
              if (n_order - start > 1)
                loop = TRUE;
              else
                for (guint e = first[v]; e < first[v + 1]; e++)
                  if (deps[e] == v)
                    loop = TRUE;
              cyclic[n_items++] = loop;
            }
          if (depth == 0)
            depth = NO_DEF;
          else
            {
              guint parent = call_node[--depth];
              low[parent] = MIN (low[parent], low[v]);
            }
        }
    }

  s->n_items = n_items;
  items[n_items] = n_order;
  s->item_first = items;
  s->cyclic = cyclic;
}

/* Plan assembly ------------------------------------------------------------ */

static void
item_inputs_mark (BgEmit         *em,
                  const Schedule *s,
                  guint           item,
                  guint8         *needed)
{
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;

  for (guint k = s->item_first[item]; k < s->item_first[item + 1]; k++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, s->order[k]);
      if (op->kind == BG_OP_LIN)
        for (guint t = 0; t < op->n; t++)
          needed[term_reg[op->first + t]] = TRUE;
      else
        {
          guint32 in[4];
          guint   n_in;
          _bg_compiler_op_inputs (op, term_reg, in, &n_in, 4);
          for (guint i = 0; i < n_in; i++)
            needed[in[i]] = TRUE;
        }
    }
}

/* The op of a group item (group_op (TRUE, g, NULL)) or a copy of op. */
static BgOp
group_op (gboolean    is_group,
          guint       group,
          const BgOp *op)
{
  BgOp g = { 0 };

  if (!is_group)
    return *op;
  g.kind = BG_OP_GROUP;
  g.aux = group;
  return g;
}

/* Rearranges ops in place so that op j becomes the old ops[src[j]] for j <
 * n, or the op of group NO_DEF - 1 - src[j] when src[j] is above every
 * index; takes the data (leaving ops_array empty) and returns it shrunk to
 * n ops. Every
 * index appears at most once in src. Moves follow each chain of
 * destinations from its start, so nothing is copied twice and no second
 * array is needed. */
static BgOp *
gather_ops (GArray      *ops_array,
            const guint *src,
            guint        n)
{
  BgOp                *ops = (BgOp *) (gpointer) ops_array->data;
  guint                len = ops_array->len;
  g_autofree guint    *dest = g_new (guint, MAX (len, 1));
  g_autofree guint8   *moved = g_new0 (guint8, MAX (len, 1));

  for (guint i = 0; i < len; i++)
    dest[i] = NO_DEF;
  for (guint j = 0; j < n; j++)
    if (src[j] < len)
      dest[src[j]] = j;

  for (guint i = 0; i < len; i++)
    {
      BgOp  carried;
      guint at = i;

      if (dest[i] == NO_DEF || moved[i] || dest[i] == i)
        continue;
      /* Carry ops[i] to its place; the op found there goes on to its own
       * place, until a slot whose op is not wanted (or already moved). */
      carried = ops[i];
      moved[i] = TRUE;
      for (;;)
        {
          guint to = dest[at];
          BgOp  found = ops[to];

          ops[to] = carried;
          if (to >= len || dest[to] == NO_DEF || moved[to])
            break;
          moved[to] = TRUE;
          carried = found;
          at = to;
        }
    }
  for (guint j = 0; j < n; j++)
    if (src[j] >= len)
      ops[j] = group_op (TRUE, NO_DEF - 1 - src[j], NULL);

  ops = g_array_steal (ops_array, NULL);   /* ops_array is left empty */
  return g_renew (BgOp, ops, MAX (n, 1));
}

/* Splits the schedule into right-hand-side items (needed by a derivative)
 * and output-only items, builds the groups, and copies ops into the plan. */
void
_bg_compiler_assemble_ops (BgEmit         *em,
                           const Schedule *s,
                           BgPlan         *plan)
{
  guint                n_regs = plan->n_regs;
  g_autofree guint8   *needed = g_new0 (guint8, n_regs);
  g_autofree guint8   *live = g_new0 (guint8, MAX (s->n_items, 1));
  guint                n_live = 0, n_rhs = 0, n_out = 0, n_ops = em->ops->len;
  g_autofree guint    *src = NULL;
  BgOp                *rhs, *out;
  GArray              *group_ops = g_array_new (FALSE, FALSE, sizeof (BgOp));
  GArray              *groups = g_array_new (FALSE, FALSE, sizeof (BgGroup));
  g_autofree gint     *member_of = g_new (gint, n_regs);

  for (guint r = 0; r < n_regs; r++)
    member_of[r] = -1;
  for (guint i = 0; i < plan->n_states; i++)
    needed[plan->deriv_reg[i]] = TRUE;
  for (guint item = s->n_items; item-- > 0;)
    {
      for (guint k = s->item_first[item]; k < s->item_first[item + 1]; k++)
        if (needed[g_array_index (em->ops, BgOp, s->order[k]).dst])
          live[item] = TRUE;
      if (live[item])
        {
          item_inputs_mark (em, s, item, needed);
          n_live++;
        }
    }

  /* One op per item: a group's op, or the item's one op of em->ops. The
   * groups are torn first (tearing reads their members in em->ops) and
   * the output-only ops copied out; then the right-hand side is gathered
   * inside em->ops itself, which becomes plan->rhs_ops: a large model's
   * ops are held once, not twice, while the plan is assembled. */
  src = g_new (guint, MAX (s->n_items, 1));
  out = g_new (BgOp, MAX (s->n_items - n_live, 1));
  for (guint item = 0; item < s->n_items; item++)
    {
      guint k0 = s->item_first[item], k1 = s->item_first[item + 1];

      src[item] = s->order[k0];
      if (s->cyclic[item])
        {
          _bg_compiler_tear_group (em, s->order + k0, k1 - k0, member_of, group_ops, groups, plan);
          src[item] = NO_DEF - groups->len;   /* group groups->len - 1 */
        }
    }
  for (guint item = 0; item < s->n_items; item++)
    if (!live[item])
      out[n_out++] = group_op (src[item] >= n_ops, NO_DEF - 1 - src[item],
                               src[item] < n_ops ? &g_array_index (em->ops, BgOp, src[item]) : NULL);
  for (guint item = 0; item < s->n_items; item++)
    if (live[item])
      src[n_rhs++] = src[item];
  rhs = gather_ops (em->ops, src, n_rhs);

  plan->n_rhs_ops = n_rhs;
  plan->rhs_ops = rhs;
  plan->n_out_ops = n_out;
  plan->out_ops = out;
  plan->n_group_ops = group_ops->len;
  plan->group_ops = (BgOp *) g_array_free (group_ops, FALSE);
  plan->n_groups = groups->len;
  plan->groups = (BgGroup *) g_array_free (groups, FALSE);
}
