/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-tearing.c — one algebraic group made solvable.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: greedy tearing of an algebraic group (a strongly connected set of
 * operations): the operations that can run in sequence once a few tear
 * unknowns are guessed, and those unknowns, which Newton solves for at run
 * time with the tear operations as residuals; the group's record in the
 * plan.
 * Must not: reorder operations outside the group.
 */
#include "config.h"

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

/* Calls func (member, reader) for every group-internal input of member
 * reader (member_of[r] is the member index, -1 outside the group). */
static void
foreach_group_input (BgEmit     *em,
                     const BgOp *op,
                     const gint *member_of,
                     guint       reader,
                     void (*func) (guint member, guint reader, gpointer data),
                     gpointer data)
{
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;
  guint32        in[4];
  guint          n_in;

  if (op->kind == BG_OP_LIN)
    {
      for (guint t = 0; t < op->n; t++)
        if (member_of[term_reg[op->first + t]] >= 0)
          func ((guint) member_of[term_reg[op->first + t]], reader, data);
      return;
    }
  _bg_compiler_op_inputs (op, term_reg, in, &n_in, 4);
  for (guint k = 0; k < n_in; k++)
    if (member_of[in[k]] >= 0)
      func ((guint) member_of[in[k]], reader, data);
}

typedef struct
{
  guint  *unknown; /* per member: inputs not yet known */
  GArray *edges;   /* (member read, reader) pairs, then sorted by member */
} TearGraph;

static void
add_edge_cb (guint    member,
             guint    reader,
             gpointer data)
{
  TearGraph *tg = data;
  guint      pair[2] = { member, reader };

  tg->unknown[reader]++;
  g_array_append_vals (tg->edges, pair, 2);
}

/* Greedy tearing of one algebraic group (its m ops, indices into em->ops):
 * every op whose group inputs are all known becomes a sequential
 * assignment (Kahn's algorithm); when none is ready, the unresolved
 * register read by most unresolved ops becomes a tear unknown. Newton then
 * works on the tear unknowns only (one for a pump feeding a line). Linear
 * in the group's size per tear. */
void
_bg_compiler_tear_group (BgEmit      *em,
                         const guint *members,
                         guint        m,
                         gint        *member_of,
                         GArray      *group_ops,
                         GArray      *groups,
                         BgPlan      *plan)
{
  g_autofree gboolean *placed = g_new0 (gboolean, m);
  g_autofree guint    *first = g_new0 (guint, m + 1);
  g_autofree guint    *readers = NULL;
  g_autofree guint    *queue = g_new (guint, m);
  GArray              *tears = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray              *seq = g_array_new (FALSE, FALSE, sizeof (guint));
  TearGraph            tg;
  BgGroup              group = { 0 };
  guint                n_placed = 0, head = 0, tail = 0, n_edges;

  for (guint i = 0; i < m; i++)
    member_of[g_array_index (em->ops, BgOp, members[i]).dst] = (gint) i;
  tg.unknown = g_new0 (guint, m);
  tg.edges = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < m; i++)
    foreach_group_input (em, &g_array_index (em->ops, BgOp, members[i]), member_of, i,
                         add_edge_cb, &tg);
  /* readers of member j: readers[first[j] .. first[j + 1]) */
  n_edges = tg.edges->len / 2;
  readers = g_new (guint, MAX (n_edges, 1));
  for (guint e = 0; e < n_edges; e++)
    first[g_array_index (tg.edges, guint, 2 * e) + 1]++;
  for (guint j = 0; j < m; j++)
    first[j + 1] += first[j];
  {
    g_autofree guint *fill = g_new0 (guint, m);
    for (guint e = 0; e < n_edges; e++)
      {
        guint j = g_array_index (tg.edges, guint, 2 * e);
        readers[first[j] + fill[j]++] = g_array_index (tg.edges, guint, 2 * e + 1);
      }
  }

  for (guint i = 0; i < m; i++)
    if (tg.unknown[i] == 0)
      queue[tail++] = i;

  while (n_placed < m)
    {
      guint best = G_MAXUINT, best_readers = 0;

      while (head < tail)
        {
          guint i = queue[head++];
          if (placed[i])
            continue;
          placed[i] = TRUE;
          n_placed++;
          g_array_append_val (seq, i);
          for (guint q = first[i]; q < first[i + 1]; q++)
            if (--tg.unknown[readers[q]] == 0 && !placed[readers[q]])
              queue[tail++] = readers[q];
        }
      if (n_placed == m)
        break;

      /* Prefer the register whose guess completes the most ops (readers
       * waiting for it alone), then the one read by the most ops. */
      for (guint i = 0; i < m; i++)
        {
          guint count = 0;
          if (placed[i])
            continue;
          for (guint q = first[i]; q < first[i + 1]; q++)
            if (!placed[readers[q]])
              count += tg.unknown[readers[q]] == 1 ? m + 1 : 1;
          if (best == G_MAXUINT || count > best_readers)
            {
              best = i;
              best_readers = count;
            }
        }
      /* A tear unknown is known from the start; its op runs last, as the residual. */
      placed[best] = TRUE;
      n_placed++;
      g_array_append_val (tears, best);
      for (guint q = first[best]; q < first[best + 1]; q++)
        if (--tg.unknown[readers[q]] == 0 && !placed[readers[q]])
          queue[tail++] = readers[q];
      head = MIN (head, tail);
    }

  group.n = tears->len;
  group.n_seq = seq->len;
  group.first_op = group_ops->len;
  group.regs = g_new (guint, MAX (group.n, 1));
  group.scales = g_new (double, MAX (group.n, 1));
  for (guint t = 0; t < tears->len; t++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, members[g_array_index (tears, guint, t)]);
      group.regs[t] = op->dst;
      group.scales[t] = g_array_index (em->reg_scale, double, op->dst);
      g_array_append_val (group_ops, *op);
    }
  for (guint k = 0; k < seq->len; k++)
    g_array_append_val (group_ops, g_array_index (em->ops, BgOp, members[g_array_index (seq, guint, k)]));
  plan->max_group = MAX (plan->max_group, group.n);
  g_array_append_val (groups, group);

  for (guint i = 0; i < m; i++)
    member_of[g_array_index (em->ops, BgOp, members[i]).dst] = -1;
  g_free (tg.unknown);
  g_array_unref (tg.edges);
  g_array_unref (tears);
  g_array_unref (seq);
}
