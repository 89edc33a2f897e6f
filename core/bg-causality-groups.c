/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-groups.c — algebraic groups of an analysed model.
 *
 * Owns: the direct-feedthrough graph over bond variables under the strokes
 * the analysis assigned, its strongly connected components (iterative
 * Tarjan) and the groups they make, with their elements and bonds in model
 * order. Must not: change strokes or report errors; a group is information,
 * not a diagnostic.
 */
#include "config.h"

#include "bg-causality-private.h"
#include "bg-component-kind-private.h"

/* Algebraic groups ------------------------------------------------------------ */

/* Graph nodes: 2·b is the effort of bond b, 2·b + 1 its flow. An edge u → v
 * says v is computed directly from u by one element. element_edges() produces
 * the edges three times over: to count them, to store them (CSR), and to find
 * the elements whose edges lie inside a group; so no edge list is kept. */
typedef enum
{
  EDGES_COUNT,
  EDGES_FILL,
  EDGES_MARK,
} EdgePass;

typedef struct
{
  EdgePass     pass;
  guint        element;        /* the element producing the edges */
  guint       *start;          /* CSR row starts, n_vars + 1 */
  guint       *fill;           /* EDGES_FILL: next free slot per row */
  guint       *adj;
  const guint *comp;           /* EDGES_MARK: SCC of each variable */
  const int   *group_of_comp;  /* EDGES_MARK: group index or -1 */
  GPtrArray   *group_elements; /* EDGES_MARK: GArray of element indices per group */
} EdgeSink;

static inline guint
var_effort (guint end)
{
  return 2 * (end / 2);
}

static inline guint
var_flow (guint end)
{
  return 2 * (end / 2) + 1;
}

static void
edge_add (EdgeSink *sink,
          guint     src,
          guint     dst)
{
  switch (sink->pass)
    {
    case EDGES_COUNT:
      sink->start[src + 1]++;
      break;
    case EDGES_FILL:
      sink->adj[sink->fill[src]++] = dst;
      break;
    case EDGES_MARK:
      if (sink->comp[src] == sink->comp[dst] && sink->group_of_comp[sink->comp[src]] >= 0)
        {
          GArray *members = g_ptr_array_index (sink->group_elements,
                                               sink->group_of_comp[sink->comp[src]]);

          /* Elements come in model order, so a repeat is always the last. */
          if (members->len == 0 ||
              g_array_index (members, guint, members->len - 1) != sink->element)
            g_array_append_val (members, sink->element);
        }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The direct feedthrough of element x under its assigned causality. */
static void
element_edges (BgCausalityAnalysis *a,
               guint                x,
               EdgeSink            *sink)
{
  const BgComponentSpec *spec = a->specs[x];
  guint first = a->end_start[x], last = a->end_start[x + 1];

  if (a->skip[x] || a->reported[x])
    return;
  for (guint i = first; i < last; i++)
    if (!_bg_causality_end_is_assigned (a, a->ends[i]))
      return;
  sink->element = x;

  switch (spec->causal_rule)
    {
    case BG_CAUSAL_ONE_IN:
      /* 0-junction, TF: the single receiving end's effort goes out at the
       * other ends; their flows come back to it. */
      if (a->n_in[x] != 1)
        return;
      for (guint i = first; i < last; i++)
        if (_bg_causality_end_is_in (a, a->ends[i]))
          for (guint j = first; j < last; j++)
            if (j != i)
              {
                edge_add (sink, var_effort (a->ends[i]), var_effort (a->ends[j]));
                edge_add (sink, var_flow (a->ends[j]), var_flow (a->ends[i]));
              }
      break;
    case BG_CAUSAL_ONE_OUT:
      /* 1-junction, cylinder: the flow received at the single supplying end
       * goes out at the other ends; their efforts come back to it. */
      if (a->n_out[x] != 1)
        return;
      for (guint i = first; i < last; i++)
        if (!_bg_causality_end_is_in (a, a->ends[i]))
          for (guint j = first; j < last; j++)
            if (j != i)
              {
                edge_add (sink, var_flow (a->ends[i]), var_flow (a->ends[j]));
                edge_add (sink, var_effort (a->ends[j]), var_effort (a->ends[i]));
              }
      break;
    case BG_CAUSAL_SAME_ROLE:
      /* GY: each port's received variable gives the other port's output. */
      for (guint i = first; i < last; i++)
        for (guint j = first; j < last; j++)
          if (i != j && _bg_causality_end_is_in (a, a->ends[i]))
            edge_add (sink, var_effort (a->ends[i]), var_flow (a->ends[j]));
          else if (i != j)
            edge_add (sink, var_flow (a->ends[i]), var_effort (a->ends[j]));
      break;
    case BG_CAUSAL_FREE:
      for (guint i = first; i < last; i++)
        {
          guint end = a->ends[i];

          if (_bg_causality_end_is_in (a, end))
            edge_add (sink, var_effort (end), var_flow (end));
          else
            edge_add (sink, var_flow (end), var_effort (end));
        }
      break;
    case BG_CAUSAL_FIXED:
      /* Sources depend on time only. A kind with feedthrough (the pump)
       * gives flows that depend on the efforts it receives. */
      if (!spec->kind->feedthrough)
        return;
      for (guint i = first; i < last; i++)
        for (guint j = first; j < last; j++)
          if (_bg_causality_end_is_in (a, a->ends[i]) && _bg_causality_end_is_in (a, a->ends[j]))
            edge_add (sink, var_effort (a->ends[i]), var_flow (a->ends[j]));
      break;
    case BG_CAUSAL_STORAGE:
    default:
      /* Integral storages: outputs from the state only. */
      break;
    }
}

static void
all_edges (BgCausalityAnalysis *a,
           EdgeSink            *sink)
{
  for (guint x = 0; x < a->n_elements; x++)
    element_edges (a, x, sink);
}

/* Strongly connected components by Tarjan's algorithm without recursion.
 * comp[v] gets the component number, from 1; returns the count. */
static guint
tarjan (guint        n_vars,
        const guint *start,
        const guint *adj,
        guint       *comp)
{
  g_autofree guint *order = g_new0 (guint, n_vars);  /* visit number, 0 = unvisited */
  g_autofree guint *low = g_new (guint, n_vars);
  g_autofree guint *stack = g_new (guint, n_vars);
  g_autofree guint *call_v = g_new (guint, n_vars);
  g_autofree guint *call_i = g_new (guint, n_vars);
  guint counter = 0, sp = 0, n_comps = 0;

  for (guint root = 0; root < n_vars; root++)
    {
      guint depth;

      if (order[root] != 0)
        continue;
      call_v[0] = root;
      call_i[0] = start[root];
      order[root] = low[root] = ++counter;
      stack[sp++] = root;
      depth = 1;

      while (depth > 0)
        {
          guint v = call_v[depth - 1];

          if (call_i[depth - 1] < start[v + 1])
            {
              guint w = adj[call_i[depth - 1]++];

              if (order[w] == 0)
                {
                  order[w] = low[w] = ++counter;
                  stack[sp++] = w;
                  call_v[depth] = w;
                  call_i[depth] = start[w];
                  depth++;
                }
              else if (comp[w] == 0)  /* visited, not placed: on the stack */
                low[v] = MIN (low[v], order[w]);
              continue;
            }

          if (low[v] == order[v])
            {
              guint w;

              n_comps++;
              do
                {
                  w = stack[--sp];
                  comp[w] = n_comps;
                }
              while (w != v);
            }
          depth--;
          if (depth > 0)
            {
              guint parent = call_v[depth - 1];

              low[parent] = MIN (low[parent], low[v]);
            }
        }
    }
  return n_comps;
}

/* Sorts by its first member, like a plain guint. */
typedef struct
{
  guint first;
  guint group;
} GroupKey;

static int
compare_uint (gconstpointer p1,
              gconstpointer p2)
{
  guint u1 = *(const guint *) p1, u2 = *(const guint *) p2;

  return u1 < u2 ? -1 : u1 > u2;
}

void
_bg_causality_find_groups (BgCausalityAnalysis *a)
{
  guint n_vars = 2 * a->n_bonds;
  g_autofree guint *start = NULL;
  g_autofree guint *adj = NULL;
  g_autofree guint *comp = NULL;
  g_autofree guint *comp_size = NULL;
  g_autofree int *group_of_comp = NULL;
  g_autoptr(GPtrArray) group_elements = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GPtrArray) group_bonds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) group_order = NULL;
  EdgeSink sink = { 0 };
  guint n_comps;

  if (n_vars == 0)
    return;

  /* The feedthrough graph in compressed rows. */
  start = g_new0 (guint, n_vars + 1);
  sink.pass = EDGES_COUNT;
  sink.start = start;
  all_edges (a, &sink);
  for (guint v = 0; v < n_vars; v++)
    start[v + 1] += start[v];
  adj = g_new (guint, start[n_vars] + 1);
  sink.pass = EDGES_FILL;
  sink.adj = adj;
  sink.fill = g_memdup2 (start, sizeof (guint) * (n_vars + 1));
  all_edges (a, &sink);
  g_clear_pointer (&sink.fill, g_free);

  comp = g_new0 (guint, n_vars);
  n_comps = tarjan (n_vars, start, adj, comp);
  g_clear_pointer (&adj, g_free);

  /* Components with more than one variable are cycles (no self-loops). */
  comp_size = g_new0 (guint, n_comps + 1);
  for (guint v = 0; v < n_vars; v++)
    comp_size[comp[v]]++;
  group_of_comp = g_new (int, n_comps + 1);
  for (guint c = 0; c <= n_comps; c++)
    {
      group_of_comp[c] = -1;
      if (c > 0 && comp_size[c] > 1)
        {
          group_of_comp[c] = (int) group_elements->len;
          g_ptr_array_add (group_elements, g_array_new (FALSE, FALSE, sizeof (guint)));
          g_ptr_array_add (group_bonds, g_array_new (FALSE, FALSE, sizeof (guint)));
        }
    }
  if (group_elements->len == 0)
    return;

  /* Members in model order: elements whose edges lie inside, bonds whose
   * effort or flow does. */
  sink.pass = EDGES_MARK;
  sink.comp = comp;
  sink.group_of_comp = group_of_comp;
  sink.group_elements = group_elements;
  all_edges (a, &sink);
  for (guint v = 0; v < n_vars; v++)
    {
      int g = group_of_comp[comp[v]];
      GArray *members;

      if (g < 0)
        continue;
      members = g_ptr_array_index (group_bonds, g);
      if (members->len == 0 || g_array_index (members, guint, members->len - 1) != v / 2)
        {
          guint b = v / 2;

          g_array_append_val (members, b);
        }
    }

  /* Groups by their first element. */
  group_order = g_array_sized_new (FALSE, FALSE, sizeof (GroupKey), group_elements->len);
  for (guint g = 0; g < group_elements->len; g++)
    {
      GArray *els = g_ptr_array_index (group_elements, g);
      GroupKey key = { G_MAXUINT, g };

      if (els->len > 0)
        key.first = g_array_index (els, guint, 0);
      g_array_append_val (group_order, key);
    }
  g_array_sort (group_order, compare_uint);

  for (guint i = 0; i < group_elements->len; i++)
    {
      guint g = g_array_index (group_order, GroupKey, i).group;
      GArray *els = g_ptr_array_index (group_elements, g);
      GArray *bs = g_ptr_array_index (group_bonds, g);
      BgAlgebraicGroup *group = g_new0 (BgAlgebraicGroup, 1);

      group->elements = g_new0 (char *, els->len + 1);
      for (guint k = 0; k < els->len; k++)
        group->elements[k] = g_strdup (_bg_causality_element_id (a, g_array_index (els, guint, k)));
      group->bonds = g_new0 (char *, bs->len + 1);
      for (guint k = 0; k < bs->len; k++)
        group->bonds[k] = g_strdup (_bg_causality_bond_id (a, g_array_index (bs, guint, k)));
      g_ptr_array_add (a->result->groups, group);
    }
}

