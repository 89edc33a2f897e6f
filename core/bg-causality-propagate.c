/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-propagate.c — the sequential causality assignment (SCAP).
 *
 * Owns: the adjacency of an analysis (element ends in flat arrays), setting
 * strokes and propagating them through the elements' causal rules with a
 * work queue, the four phases (sources, storages, resistors, what is left,
 * each followed by propagation) and the states the strokes give. Every
 * stroke goes to the trace recorder when one is there. Must not: word a
 * conflict (it calls bg-causality-diagnose.c), or assign a stroke twice.
 */
#include "config.h"

#include "bg-causality-private.h"
#include "bg-component-kind-private.h"

/* The role a fixed-port element's end must or would like to take. */
static BgPortRole
end_port_role (BgCausalityAnalysis *a,
               guint                end)
{
  const BgComponentSpec *spec = a->specs[a->end_element[end]];
  int port = a->end_port[end];

  if (port < 0 || (guint) port >= spec->n_ports)
    return BG_PORT_ROLE_ANY;
  return spec->ports[port].role;
}

/* Assignment and propagation ----------------------------------------------- */

static void
queue_push (BgCausalityAnalysis *a,
            guint                x)
{
  if (a->in_queue[x] || a->skip[x] || a->reported[x])
    return;
  a->in_queue[x] = TRUE;
  a->queue[(a->queue_head + a->queue_len) % a->n_elements] = x;
  a->queue_len++;
}

/* Sets the stroke so that `end` receives effort (or supplies it). */
static void
assign_end (BgCausalityAnalysis *a,
            guint                end,
            gboolean             receives,
            guint                forced_by,
            int                  cause)
{
  guint b = end / 2;
  guint side = end % 2;
  guint x = a->end_element[end];
  guint y = a->end_element[end ^ 1];

  g_assert (a->stroke[b] == BG_STROKE_NONE);

  if (receives)
    a->stroke[b] = side ? BG_STROKE_AT_TO : BG_STROKE_AT_FROM;
  else
    a->stroke[b] = side ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
  a->forced_by[b] = forced_by;
  a->cause[b] = cause;
  a->origin[b] = cause < 0 ? forced_by : a->origin[cause];
  a->seq[b] = ++a->next_seq;
  if (G_UNLIKELY (a->trace != NULL))
    _bg_trace_recorder_stroke (a->trace, b, a->stroke[b], a->elements[forced_by],
                               a->ends + a->end_start[forced_by],
                               _bg_causality_element_degree (a, forced_by), cause, a->trace_pref);

  if (receives)
    {
      a->n_in[x]++;
      a->n_out[y]++;
    }
  else
    {
      a->n_out[x]++;
      a->n_in[y]++;
    }
  a->n_unassigned[x]--;
  a->n_unassigned[y]--;
  queue_push (a, x);
  queue_push (a, y);
}

/* GY: the first assigned port fixes the other's role. */
static void
process_same_role (BgCausalityAnalysis *a,
                   guint                x)
{
  if (a->n_in[x] > 0 && a->n_out[x] > 0)
    {
      _bg_causality_report_same_role_conflict (a, x);
      return;
    }
  if (a->n_unassigned[x] == 0 || (a->n_in[x] == 0 && a->n_out[x] == 0))
    return;
  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    if (!_bg_causality_end_is_assigned (a, a->ends[i]))
      {
        int cause = -1;

        for (guint j = a->end_start[x]; j < a->end_start[x + 1]; j++)
          if (_bg_causality_end_is_assigned (a, a->ends[j]))
            cause = (int) (a->ends[j] / 2);
        assign_end (a, a->ends[i], a->n_in[x] > 0, x, cause);
        return;
      }
}

/* Applies the rule of element x if it has exactly one pattern left. */
static void
process_element (BgCausalityAnalysis *a,
                 guint                x)
{
  BgCausalRule rule = a->specs[x]->causal_rule;
  gboolean want_in;
  guint n_single, n_other;

  if (a->skip[x] || a->reported[x])
    return;
  if (rule == BG_CAUSAL_SAME_ROLE)
    {
      process_same_role (a, x);
      return;
    }
  if (rule != BG_CAUSAL_ONE_IN && rule != BG_CAUSAL_ONE_OUT)
    return;

  want_in = rule == BG_CAUSAL_ONE_IN;
  n_single = want_in ? a->n_in[x] : a->n_out[x];
  n_other = want_in ? a->n_out[x] : a->n_in[x];

  if (n_single >= 2)
    {
      _bg_causality_report_pattern_conflict (a, x, want_in, TRUE);
    }
  else if (n_single == 1 && a->n_unassigned[x] > 0)
    {
      int single_bond = -1;

      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        if (_bg_causality_end_is_assigned (a, a->ends[i]) && _bg_causality_end_is_in (a, a->ends[i]) == want_in)
          single_bond = (int) (a->ends[i] / 2);
      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        if (!_bg_causality_end_is_assigned (a, a->ends[i]))
          assign_end (a, a->ends[i], !want_in, x, single_bond);
    }
  else if (n_single == 0 && a->n_unassigned[x] == 1)
    {
      int last = -1;
      guint last_seq = 0, free_end = 0;

      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        {
          guint end = a->ends[i];

          if (!_bg_causality_end_is_assigned (a, end))
            free_end = end;
          else if (a->seq[end / 2] > last_seq)
            {
              last_seq = a->seq[end / 2];
              last = (int) (end / 2);
            }
        }
      assign_end (a, free_end, want_in, x, last);
    }
  else if (n_single == 0 && a->n_unassigned[x] == 0 && n_other > 0)
    {
      _bg_causality_report_pattern_conflict (a, x, want_in, FALSE);
    }
}

static void
propagate (BgCausalityAnalysis *a)
{
  BgTracePhase phase = BG_TRACE_PHASE_PROPAGATION;

  if (G_UNLIKELY (a->trace != NULL))
    {
      phase = _bg_trace_recorder_get_phase (a->trace);
      _bg_trace_recorder_set_phase (a->trace, BG_TRACE_PHASE_PROPAGATION);
    }
  while (a->queue_len > 0)
    {
      guint x = a->queue[a->queue_head];

      a->queue_head = (a->queue_head + 1) % a->n_elements;
      a->queue_len--;
      a->in_queue[x] = FALSE;
      process_element (a, x);
    }
  if (G_UNLIKELY (a->trace != NULL))
    _bg_trace_recorder_set_phase (a->trace, phase);
}

/* Phase 1: sources and the pump. All fixed roles are set before propagating,
 * so two sources on one junction meet at the junction. */
void
_bg_causality_assign_fixed (BgCausalityAnalysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      if (a->specs[x]->causal_rule != BG_CAUSAL_FIXED)
        continue;
      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        {
          guint end = a->ends[i];
          gboolean receives = end_port_role (a, end) == BG_PORT_ROLE_EFFORT_IN;

          if (!_bg_causality_end_is_assigned (a, end))
            {
              assign_end (a, end, receives, x, -1);
              continue;
            }
          if (_bg_causality_end_is_in (a, end) == receives)
            continue;
          _bg_causality_report_fixed_conflict (a, x, end, receives);
        }
    }
  propagate (a);
}

/* Phase 2: each storage in integral causality, one at a time. */
void
_bg_causality_assign_storages (BgCausalityAnalysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      gboolean receives;
      guint end;

      if (spec->causal_rule != BG_CAUSAL_STORAGE || _bg_causality_element_degree (a, x) != 1)
        continue;
      end = a->ends[a->end_start[x]];
      receives = spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN;
      if (!_bg_causality_end_is_assigned (a, end))
        {
          assign_end (a, end, receives, x, -1);
          propagate (a);
        }
      else if (_bg_causality_end_is_in (a, end) != receives)
        {
          _bg_causality_report_derivative (a, x, end);
        }
    }
}

/* What the element at `end` would like that end to do: 1 receive effort,
 * 0 supply it, -1 no preference. */
static int
end_preference (BgCausalityAnalysis *a,
                guint                end)
{
  guint x = a->end_element[end];
  BgCausalRule rule = a->specs[x]->causal_rule;
  BgPortRole role = end_port_role (a, end);

  if (a->skip[x] || a->reported[x])
    return -1;
  if (role != BG_PORT_ROLE_ANY && rule != BG_CAUSAL_FREE)
    return role == BG_PORT_ROLE_EFFORT_IN;
  if (rule == BG_CAUSAL_ONE_IN)
    return a->n_in[x] == 0;
  if (rule == BG_CAUSAL_ONE_OUT)
    return a->n_out[x] != 0;
  if (rule == BG_CAUSAL_SAME_ROLE && a->n_in[x] + a->n_out[x] > 0)
    return a->n_in[x] > 0;
  return -1;
}

/* Phase 3: each remaining R, in the orientation its neighbour needs to
 * continue the propagation. */
void
_bg_causality_assign_resistors (BgCausalityAnalysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      guint end;
      int neighbour;

      if (a->specs[x]->causal_rule != BG_CAUSAL_FREE ||
          _bg_causality_element_degree (a, x) != 1)
        continue;
      end = a->ends[a->end_start[x]];
      if (_bg_causality_end_is_assigned (a, end))
        continue;
      neighbour = end_preference (a, end ^ 1);
      a->trace_pref = neighbour >= 0;
      assign_end (a, end, neighbour < 0 ? TRUE : !neighbour, x, -1);
      propagate (a);
    }
}

/* Phase 4: any bond still open (loops of junctions and transformers). */
void
_bg_causality_assign_remaining (BgCausalityAnalysis *a)
{
  for (guint b = 0; b < a->n_bonds; b++)
    {
      int p;

      if (a->stroke[b] != BG_STROKE_NONE)
        continue;
      a->trace_pref = TRUE;
      if ((p = end_preference (a, 2 * b)) >= 0)
        assign_end (a, 2 * b, p, a->end_element[2 * b], -1);
      else if ((p = end_preference (a, 2 * b + 1)) >= 0)
        assign_end (a, 2 * b + 1, p, a->end_element[2 * b + 1], -1);
      else
        {
          a->trace_pref = FALSE;
          assign_end (a, 2 * b + 1, TRUE, a->end_element[2 * b + 1], -1);
        }
      propagate (a);
    }
}

/* Structure ---------------------------------------------------------------- */

/* Element pointer → index, open addressing with linear probing: one
 * allocation, no per-entry nodes. The hash keeps nearby pointers in nearby
 * slots (elements are allocated in model order and bonds mostly join
 * neighbours, so probes walk memory nearly in order) and folds the higher
 * bits in so that regularly spaced allocations still spread. */
typedef struct
{
  gconstpointer key;
  guint         value;
} PointerSlot;

static inline gsize
pointer_slot (gconstpointer key,
              guint         bits,
              gsize         mask)
{
  guint64 p = (guint64) (guintptr) key >> 4;

  return (gsize) (p ^ (p >> bits) ^ (p >> (2 * bits))) & mask;
}

/* The model's element and bond structs are scattered on the heap; asking for
 * them a few iterations early hides most of the memory latency. */
#define PREFETCH_AHEAD 8
#if defined(__GNUC__)
#define prefetch(p) __builtin_prefetch (p)
#else
#define prefetch(p) ((void) (p))
#endif

void
_bg_causality_build_adjacency (BgCausalityAnalysis *a,
                               BgModel             *model)
{
  gsize capacity = 16, mask;
  guint bits = 4;
  g_autofree PointerSlot *slots = NULL;
  guint *fill;

  while (3 * capacity < 4 * (gsize) a->n_elements)
    {
      capacity *= 2;
      bits++;
    }
  mask = capacity - 1;
  slots = g_new0 (PointerSlot, capacity);
  a->specs = g_new (const BgComponentSpec *, a->n_elements);
  for (guint x = 0; x < a->n_elements; x++)
    {
      gsize i = pointer_slot (a->elements[x], bits, mask);

      if (x + PREFETCH_AHEAD < a->n_elements)
        prefetch (a->elements[x + PREFETCH_AHEAD]);
      a->specs[x] = a->elements[x]->spec;
      while (slots[i].key != NULL)
        i = (i + 1) & mask;
      slots[i].key = a->elements[x];
      slots[i].value = x;
    }

  a->end_element = g_new (guint, 2 * a->n_bonds);
  a->end_port = g_new (int, 2 * a->n_bonds);
  for (guint b = 0; b < a->n_bonds; b++)
    {
      BgBond *bond = a->bonds[b];
      gsize i, j;

      if (b + PREFETCH_AHEAD < a->n_bonds)
        prefetch (a->bonds[b + PREFETCH_AHEAD]);
      i = pointer_slot (bond->from, bits, mask);
      j = pointer_slot (bond->to, bits, mask);

      while (slots[i].key != bond->from && slots[i].key != NULL)
        i = (i + 1) & mask;
      while (slots[j].key != bond->to && slots[j].key != NULL)
        j = (j + 1) & mask;
      g_assert (slots[i].key != NULL && slots[j].key != NULL);
      a->end_element[2 * b] = slots[i].value;
      a->end_element[2 * b + 1] = slots[j].value;
      a->end_port[2 * b] = bond->from_port;
      a->end_port[2 * b + 1] = bond->to_port;
    }

  /* CSR in bond order, so junction ends come out as p1, p2, ... */
  a->end_start = g_new0 (guint, a->n_elements + 1);
  for (guint e = 0; e < 2 * a->n_bonds; e++)
    a->end_start[a->end_element[e] + 1]++;
  for (guint x = 0; x < a->n_elements; x++)
    a->end_start[x + 1] += a->end_start[x];
  a->ends = g_new (guint, 2 * a->n_bonds + 1);
  fill = g_memdup2 (a->end_start, sizeof (guint) * (a->n_elements + 1));
  for (guint e = 0; e < 2 * a->n_bonds; e++)
    a->ends[fill[a->end_element[e]]++] = e;
  g_free (fill);

  for (guint x = 0; x < a->n_elements; x++)
    a->n_unassigned[x] = _bg_causality_element_degree (a, x);
}

/* States --------------------------------------------------------------------- */

void
_bg_causality_collect_states (BgCausalityAnalysis *a)
{
  GPtrArray *states = a->result->states;

  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      const char *id;
      gboolean integral = FALSE;

      switch (spec->kind->state_rule)
        {
        case BG_STATES_WHEN_INTEGRAL:
          if (_bg_causality_element_degree (a, x) == 1)
            {
              guint end = a->ends[a->end_start[x]];

              integral = _bg_causality_end_is_assigned (a, end) &&
                         _bg_causality_end_is_in (a, end) == (spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN);
            }
          break;
        case BG_STATES_ALWAYS:
          integral = TRUE;
          break;
        case BG_STATES_WHEN_ALL_IN:
          integral = _bg_causality_element_degree (a, x) == spec->n_ports;
          for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
            integral = integral && _bg_causality_end_is_assigned (a, a->ends[i]) && _bg_causality_end_is_in (a, a->ends[i]);
          break;
        case BG_STATES_NONE:
        default:
          break;
        }
      if (!integral)
        continue;
      id = _bg_causality_element_id (a, x);
      for (guint k = 0; spec->kind->states[k] != NULL; k++)
        g_ptr_array_add (states, g_strconcat (id, ".", spec->kind->states[k], NULL));
    }
}

