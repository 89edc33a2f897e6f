/* bg-causality.c — causal analysis of a model (handbook page 002).
 *
 * Owns: the SCAP assignment of causal strokes, the conflict diagnostics with
 * the chain of propagations behind them, the list of states and the
 * algebraic groups (strongly connected components of the direct-feedthrough
 * graph over bond variables). Everything runs in time linear in the model:
 * adjacency is built once into flat arrays, propagation uses a work queue and
 * per-element counters, Tarjan's algorithm is iterative.
 *
 * When a trace is asked for (bg_causality_analyze_traced(), declared in
 * bg-causality-trace.h), every stroke and conflict is also reported to the
 * recorder of bg-causality-trace.c; otherwise that costs one test a stroke.
 *
 * Must not: modify the model, simulate, keep global state (the analysis may
 * run on any thread), or know about GTK.
 *
 * Vocabulary: a bond has two ends, end 2·b (its `from` end) and end 2·b + 1
 * (its `to` end). An end "receives effort" when the causal stroke is at it;
 * it then supplies flow. Rules are checked per element over its ends.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-causality.h"
#include "bg-causality-trace-private.h"
#include "bg-domain.h"
#include "bg-library.h"
#include "bg-model.h"

/* A diagnostic lists at most this many hops of a chain (the last ones). */
#define CHAIN_MAX_HOPS 64
/* Hops shown in a message; longer chains are shortened with "…". */
#define CHAIN_TEXT_HOPS 6
/* Element ids shown per part in the "separate parts" warning. */
#define PART_TEXT_IDS 4

struct _BgCausality
{
  gatomicrefcount ref_count;
  guint64         revision;
  gboolean        ok;
  guint           n_bonds;
  BgStroke       *strokes;
  char          **bond_ids;       /* n_bonds pointers into bond_id_block */
  char           *bond_id_block;
  GHashTable     *bond_index;     /* id → index + 1, made on first lookup */
  GPtrArray      *states;         /* char* */
  GPtrArray      *groups;         /* BgAlgebraicGroup* */
  GPtrArray      *errors;         /* BgDiagnostic* */
  GPtrArray      *warnings;       /* BgDiagnostic* */
  GHashTable     *error_elements; /* sets of ids borrowed from the above */
  GHashTable     *error_bonds;
  GHashTable     *group_elements;
  GHashTable     *group_bonds;
};

/* Working state of one analysis; freed before bg_causality_analyze returns. */
typedef struct
{
  BgCausality   *result;

  guint          n_elements;
  guint          n_bonds;
  BgElement    **elements;     /* borrowed from the model */
  BgBond       **bonds;

  /* per element: the specs, gathered once into one array so that the
   * passes below do not chase every element's pointer again */
  const BgComponentSpec **specs;

  /* per element */
  guint         *end_start;    /* CSR: ends of element x are ends[end_start[x] .. end_start[x+1]) */
  guint         *ends;
  guint         *n_in;         /* assigned ends that receive effort */
  guint         *n_out;        /* assigned ends that supply effort */
  guint         *n_unassigned;
  guint8        *skip;         /* no rule applied (missing ports, < 2 bonds) */
  guint8        *reported;     /* a conflict is already reported here */
  guint8        *in_queue;

  /* per bond */
  guint         *end_element;  /* 2 per bond */
  int           *end_port;     /* 2 per bond: port index or -1 */
  BgStroke      *stroke;
  guint         *forced_by;    /* element whose rule set the stroke */
  int           *cause;        /* bond whose stroke triggered that rule, or -1 */
  guint         *origin;       /* element that started the chain behind the stroke */
  guint         *seq;          /* order of assignment, from 1 */
  guint          next_seq;

  /* work queue: a ring of element indices, each at most once */
  guint         *queue;
  guint          queue_head;
  guint          queue_len;

  /* de-duplication of ids within one diagnostic or group */
  guint         *element_mark;
  guint         *bond_mark;
  guint          mark;

  /* the teaching trace, only when asked for (bg_causality_analyze_traced) */
  BgTraceRecorder *trace;
  gboolean         trace_pref;   /* the stroke being set is what the neighbour wanted */
} Analysis;

typedef struct
{
  GPtrArray *elements;  /* char*, owned */
  GPtrArray *bonds;
} IdList;

/* Small helpers ------------------------------------------------------------ */

static inline gboolean
end_receives (BgStroke stroke,
              guint    side)
{
  return (stroke == BG_STROKE_AT_TO && side == 1) ||
         (stroke == BG_STROKE_AT_FROM && side == 0);
}

static inline gboolean
end_is_assigned (Analysis *a,
                 guint     end)
{
  return a->stroke[end / 2] != BG_STROKE_NONE;
}

static inline gboolean
end_is_in (Analysis *a,
           guint     end)
{
  return end_receives (a->stroke[end / 2], end % 2);
}

static inline const char *
element_id (Analysis *a,
            guint     x)
{
  return a->elements[x]->id;
}

static inline const char *
bond_id (Analysis *a,
         guint     b)
{
  return a->bonds[b]->id;
}

static inline BgKind
element_kind (Analysis *a,
              guint     x)
{
  return a->specs[x]->kind;
}

static inline guint
element_degree (Analysis *a,
                guint     x)
{
  return a->end_start[x + 1] - a->end_start[x];
}

/* The role a fixed-port element's end must or would like to take. */
static BgPortRole
end_port_role (Analysis *a,
               guint     end)
{
  const BgComponentSpec *spec = a->specs[a->end_element[end]];
  int port = a->end_port[end];

  if (port < 0 || (guint) port >= spec->n_ports)
    return BG_PORT_ROLE_ANY;
  return spec->ports[port].role;
}

static void
free_diagnostic (gpointer data)
{
  BgDiagnostic *d = data;

  g_free (d->code);
  g_free (d->message);
  g_strfreev (d->elements);
  g_strfreev (d->bonds);
  g_free (d);
}

static void
free_group (gpointer data)
{
  BgAlgebraicGroup *g = data;

  g_strfreev (g->elements);
  g_strfreev (g->bonds);
  g_free (g);
}

static void
id_list_init (Analysis *a,
              IdList   *list)
{
  a->mark++;
  list->elements = g_ptr_array_new ();
  list->bonds = g_ptr_array_new ();
}

static void
id_list_add_element (Analysis *a,
                     IdList   *list,
                     guint     x)
{
  if (a->element_mark[x] == a->mark)
    return;
  a->element_mark[x] = a->mark;
  g_ptr_array_add (list->elements, g_strdup (element_id (a, x)));
}

static void
id_list_add_bond (Analysis *a,
                  IdList   *list,
                  guint     b)
{
  if (a->bond_mark[b] == a->mark)
    return;
  a->bond_mark[b] = a->mark;
  g_ptr_array_add (list->bonds, g_strdup (bond_id (a, b)));
}

static GStrv
steal_strv (GPtrArray *array)
{
  g_ptr_array_add (array, NULL);
  return (GStrv) g_ptr_array_free (array, FALSE);
}

static void
add_diagnostic (Analysis   *a,
                GPtrArray  *target,
                const char *code,
                char       *message,  /* taken */
                IdList     *list)     /* taken */
{
  BgDiagnostic *d = g_new0 (BgDiagnostic, 1);

  d->code = g_strdup (code);
  d->message = message;
  d->elements = steal_strv (list->elements);
  d->bonds = steal_strv (list->bonds);
  g_ptr_array_add (target, d);

  if (G_UNLIKELY (a->trace != NULL) && target == a->result->errors &&
      (strcmp (code, "causal-conflict") == 0 || strcmp (code, "derivative-causality") == 0))
    _bg_trace_recorder_conflict (a->trace, d->message,
                                 (const char *const *) d->elements,
                                 g_strv_length (d->elements),
                                 (const char *const *) d->bonds,
                                 g_strv_length (d->bonds));
}

static void
add_error_for_element (Analysis   *a,
                       const char *code,
                       char       *message,
                       guint       x)
{
  IdList list;

  id_list_init (a, &list);
  id_list_add_element (a, &list, x);
  add_diagnostic (a, a->result->errors, code, message, &list);
}

/* "0-junction J1", "transformer T1", or just the id. */
static char *
describe_element (Analysis *a,
                  guint     x)
{
  const char *id = element_id (a, x);

  switch (element_kind (a, x))
    {
    case BG_KIND_JUNCTION_0:
      return g_strdup_printf (_("0-junction %s"), id);
    case BG_KIND_JUNCTION_1:
      return g_strdup_printf (_("1-junction %s"), id);
    case BG_KIND_TF:
      return g_strdup_printf (_("transformer %s"), id);
    case BG_KIND_CYLINDER_DA:
      return g_strdup_printf (_("cylinder %s"), id);
    case BG_KIND_PUMP_CURVE:
      return g_strdup_printf (_("pump %s"), id);
    case BG_KIND_GY:
      return g_strdup_printf (_("gyrator %s"), id);
    case BG_KIND_DC_MOTOR:
      return g_strdup_printf (_("DC motor %s"), id);
    default:
      return g_strdup (id);
    }
}

/* The domain's quantity names ("pressure", "voltage"), or the generic words
 * for elements that span domains. */
static const char *
quantity_name (BgDomain domain,
               gboolean effort)
{
  const char *name = NULL;

  if (domain != BG_DOMAIN_NONE)
    name = effort ? bg_domain_effort_name (domain) : bg_domain_flow_name (domain);
  if (name == NULL)
    name = effort ? _("effort") : _("flow");
  return name;
}

static BgDomain
element_domain (Analysis *a,
                guint     x)
{
  const BgComponentSpec *spec = a->specs[x];

  if (spec->domain != BG_DOMAIN_NONE || spec->n_ports == 0)
    return spec->domain;
  /* Advanced components: their ports' domain, if they share one. */
  for (guint p = 1; p < spec->n_ports; p++)
    if (spec->ports[p].domain != spec->ports[0].domain)
      return BG_DOMAIN_NONE;
  return spec->ports[0].domain;
}

/* "A and B", "A, B and C". */
static char *
join_names (GPtrArray *names)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0 && i + 1 == names->len)
        /* Translators: the last separator of a list: "C1, C2 and C3" */
        g_string_append (s, _(" and "));
      else if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, g_ptr_array_index (names, i));
    }
  return g_string_free (s, FALSE);
}

/* Chains ------------------------------------------------------------------- */

/* The element that started the chain of propagations behind bond b
 * (recorded when the bond was assigned). */
static guint
chain_origin (Analysis *a,
              guint     b)
{
  return a->origin[b];
}

/* Adds the chain's elements and bonds to list and returns its text,
 * "C1 → b2 → J1 → b3", from the origin to bond b. Long chains show their
 * first and last hops around "…"; only the last CHAIN_MAX_HOPS hops and the
 * origin are listed, so many conflicts on long chains stay linear. */
static char *
chain_describe (Analysis *a,
                guint     b,
                IdList   *list)
{
  g_autoptr(GArray) hops = g_array_new (FALSE, FALSE, sizeof (guint));
  GString *s = g_string_new (NULL);
  guint origin = a->origin[b];
  gboolean truncated;
  guint n;

  for (;;)
    {
      g_array_append_val (hops, b);
      if (a->cause[b] < 0 || hops->len >= CHAIN_MAX_HOPS)
        break;
      b = (guint) a->cause[b];
    }
  truncated = a->cause[b] >= 0;
  n = hops->len;
  for (guint i = 0; i < n / 2; i++)
    {
      guint t = g_array_index (hops, guint, i);

      g_array_index (hops, guint, i) = g_array_index (hops, guint, n - 1 - i);
      g_array_index (hops, guint, n - 1 - i) = t;
    }

  id_list_add_element (a, list, origin);
  g_string_append (s, element_id (a, origin));
  if (truncated)
    g_string_append (s, " → …");

  for (guint i = 0; i < n; i++)
    {
      guint hb = g_array_index (hops, guint, i);
      gboolean first = i == 0 && !truncated;  /* set by the origin itself */
      gboolean shown = i >= n - CHAIN_TEXT_HOPS / 2 ||
                       (!truncated && (n <= CHAIN_TEXT_HOPS || i < CHAIN_TEXT_HOPS / 2));

      id_list_add_bond (a, list, hb);
      if (!first)
        id_list_add_element (a, list, a->forced_by[hb]);
      if (!shown)
        {
          if (i == CHAIN_TEXT_HOPS / 2 && !truncated)
            g_string_append (s, " → …");
          continue;
        }
      if (!first)
        g_string_append_printf (s, " → %s", element_id (a, a->forced_by[hb]));
      g_string_append_printf (s, " → %s", bond_id (a, hb));
    }
  return g_string_free (s, FALSE);
}

static gboolean
is_effort_storage (const BgComponentSpec *spec)
{
  return spec->causal_rule == BG_CAUSAL_STORAGE && spec->n_ports > 0 &&
         spec->ports[0].role == BG_PORT_ROLE_EFFORT_OUT;
}

static gboolean
is_flow_storage (const BgComponentSpec *spec)
{
  return spec->causal_rule == BG_CAUSAL_STORAGE && spec->n_ports > 0 &&
         spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN;
}

/* Advice after a conflict among these origins (element indices). */
static const char *
conflict_advice (Analysis *a,
                 GArray   *origins,
                 gboolean  effort,
                 BgDomain  domain)
{
  gboolean all_storages = origins->len >= 2;
  gboolean all_sources = origins->len >= 2;

  for (guint i = 0; i < origins->len; i++)
    {
      const BgComponentSpec *spec =
        a->specs[g_array_index (origins, guint, i)];

      if (spec->kind == BG_KIND_PUMP_CURVE)
        return _("A pump receives both pressures and supplies flow; it cannot be turned into a pressure source.");
      if (!(effort ? is_effort_storage (spec) : is_flow_storage (spec)))
        all_storages = FALSE;
      if (spec->kind != (effort ? BG_KIND_SE : BG_KIND_SF))
        all_sources = FALSE;
    }

  if (all_storages && effort && domain == BG_DOMAIN_HYDRAULIC)
    return _("Two storages that set the same pressure are over-constrained — connect one through an explicit line resistance if that is the intended physics.");
  if (all_storages && effort)
    return _("Two storages that set the same effort are over-constrained — connect one through an explicit resistance if that is the intended physics.");
  if (all_storages)
    return _("Two storages that set the same flow are over-constrained — combine them into one, or connect one through an explicit compliance or resistance if that is the intended physics.");
  if (all_sources && effort)
    return _("Two effort sources cannot set one effort — remove one, or connect it through an explicit resistance if that is the intended physics.");
  if (all_sources)
    return _("Two flow sources cannot set one flow — remove one, or connect it through an explicit compliance if that is the intended physics.");
  return NULL;
}

static char *
append_advice (char       *message,
               const char *advice)
{
  char *full;

  if (advice == NULL)
    return message;
  full = g_strconcat (message, " ", advice, NULL);
  g_free (message);
  return full;
}

/* Assignment and propagation ----------------------------------------------- */

static void
queue_push (Analysis *a,
            guint     x)
{
  if (a->in_queue[x] || a->skip[x] || a->reported[x])
    return;
  a->in_queue[x] = TRUE;
  a->queue[(a->queue_head + a->queue_len) % a->n_elements] = x;
  a->queue_len++;
}

/* Sets the stroke so that `end` receives effort (or supplies it). */
static void
assign_end (Analysis *a,
            guint     end,
            gboolean  receives,
            guint     forced_by,
            int       cause)
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
                               element_degree (a, forced_by), cause, a->trace_pref);

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

/* A junction-like element whose pattern cannot be met. `want_in` is TRUE for
 * ONE_IN rules. `too_many` says whether two or more ends took the single
 * role, or none could. */
static void
report_pattern_conflict (Analysis *a,
                         guint     x,
                         gboolean  want_in,
                         gboolean  too_many)
{
  g_autoptr(GArray) origins = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) chains = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *what = describe_element (a, x);
  g_autofree char *who = NULL;
  g_autofree char *chain_text = NULL;
  const char *quantity;
  gboolean effort = want_in;  /* ONE_IN: effort is set once; ONE_OUT: flow */
  BgDomain domain = element_domain (a, x);
  char *message;
  IdList list;

  a->reported[x] = TRUE;
  id_list_init (a, &list);
  id_list_add_element (a, &list, x);

  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    {
      guint end = a->ends[i];
      gboolean is_in;

      if (!end_is_assigned (a, end))
        continue;
      is_in = end_is_in (a, end);
      /* too_many: the ends that took the single role; otherwise all ends. */
      if (too_many && is_in != want_in)
        continue;
      {
        guint origin = chain_origin (a, end / 2);
        gboolean seen = FALSE;

        for (guint k = 0; k < origins->len; k++)
          seen = seen || g_array_index (origins, guint, k) == origin;
        if (!seen)
          {
            g_array_append_val (origins, origin);
            g_ptr_array_add (names, (gpointer) element_id (a, origin));
          }
        g_ptr_array_add (chains, chain_describe (a, end / 2, &list));
      }
    }

  quantity = quantity_name (domain, effort);
  g_ptr_array_add (chains, NULL);
  chain_text = g_strjoinv (", ", (char **) chains->pdata);
  who = join_names (names);

  if (!too_many)
    message = g_strdup_printf (_("Causal conflict at %s: no bond sets its %s (%s)."),
                               what, quantity, chain_text);
  else if (names->len == 1)
    message = g_strdup_printf (_("Causal conflict at %s: its %s is set twice around a loop with no resistance or storage in it (%s)."),
                               what, quantity, chain_text);
  else if (names->len == 2)
    message = g_strdup_printf (_("Causal conflict at %s: %s both set its %s (%s)."),
                               what, who, quantity, chain_text);
  else
    message = g_strdup_printf (_("Causal conflict at %s: %s all set its %s (%s)."),
                               what, who, quantity, chain_text);
  if (too_many)
    message = append_advice (message, conflict_advice (a, origins, effort, domain));

  add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
}

/* A gyrator whose ports took different roles: both chains named. */
static void
report_same_role_conflict (Analysis *a,
                           guint     x)
{
  g_autoptr(GPtrArray) chains = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *what = describe_element (a, x);
  g_autofree char *chain_text = NULL;
  char *message;
  IdList list;

  a->reported[x] = TRUE;
  id_list_init (a, &list);
  id_list_add_element (a, &list, x);
  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    if (end_is_assigned (a, a->ends[i]))
      g_ptr_array_add (chains, chain_describe (a, a->ends[i] / 2, &list));
  g_ptr_array_add (chains, NULL);
  chain_text = g_strjoinv (", ", (char **) chains->pdata);
  message = g_strdup_printf (_("Causal conflict at %s: one port receives effort and the "
                               "other supplies it (%s); a gyrator's ports both receive "
                               "effort or both supply it — change what drives one side, "
                               "e.g. put a storage or resistance there."),
                             what, chain_text);
  add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
}

/* GY: the first assigned port fixes the other's role. */
static void
process_same_role (Analysis *a,
                   guint     x)
{
  if (a->n_in[x] > 0 && a->n_out[x] > 0)
    {
      report_same_role_conflict (a, x);
      return;
    }
  if (a->n_unassigned[x] == 0 || (a->n_in[x] == 0 && a->n_out[x] == 0))
    return;
  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    if (!end_is_assigned (a, a->ends[i]))
      {
        int cause = -1;

        for (guint j = a->end_start[x]; j < a->end_start[x + 1]; j++)
          if (end_is_assigned (a, a->ends[j]))
            cause = (int) (a->ends[j] / 2);
        assign_end (a, a->ends[i], a->n_in[x] > 0, x, cause);
        return;
      }
}

/* Applies the rule of element x if it has exactly one pattern left. */
static void
process_element (Analysis *a,
                 guint     x)
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
      report_pattern_conflict (a, x, want_in, TRUE);
    }
  else if (n_single == 1 && a->n_unassigned[x] > 0)
    {
      int single_bond = -1;

      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        if (end_is_assigned (a, a->ends[i]) && end_is_in (a, a->ends[i]) == want_in)
          single_bond = (int) (a->ends[i] / 2);
      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        if (!end_is_assigned (a, a->ends[i]))
          assign_end (a, a->ends[i], !want_in, x, single_bond);
    }
  else if (n_single == 0 && a->n_unassigned[x] == 1)
    {
      int last = -1;
      guint last_seq = 0, free_end = 0;

      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        {
          guint end = a->ends[i];

          if (!end_is_assigned (a, end))
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
      report_pattern_conflict (a, x, want_in, FALSE);
    }
}

static void
propagate (Analysis *a)
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
static void
assign_fixed (Analysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      if (a->specs[x]->causal_rule != BG_CAUSAL_FIXED)
        continue;
      for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
        {
          guint end = a->ends[i];
          gboolean receives = end_port_role (a, end) == BG_PORT_ROLE_EFFORT_IN;
          guint other = a->end_element[end ^ 1];
          g_autoptr(GArray) origins = NULL;
          g_autofree char *message = NULL;
          IdList list;

          if (!end_is_assigned (a, end))
            {
              assign_end (a, end, receives, x, -1);
              continue;
            }
          if (end_is_in (a, end) == receives)
            continue;

          /* Two fixed roles on one bond. */
          origins = g_array_new (FALSE, FALSE, sizeof (guint));
          g_array_append_val (origins, other);
          g_array_append_val (origins, x);
          message = g_strdup_printf (_("Causal conflict on bond %s: %s and %s both set its %s."),
                                     bond_id (a, end / 2), element_id (a, other),
                                     element_id (a, x),
                                     quantity_name (a->specs[x]->ports[MAX (a->end_port[end], 0)].domain,
                                                    !receives));
          message = append_advice (g_steal_pointer (&message),
                                   conflict_advice (a, origins, !receives,
                                                    element_domain (a, x)));
          a->reported[x] = TRUE;
          a->reported[other] = TRUE;
          id_list_init (a, &list);
          id_list_add_element (a, &list, other);
          id_list_add_element (a, &list, x);
          id_list_add_bond (a, &list, end / 2);
          add_diagnostic (a, a->result->errors, "causal-conflict",
                          g_steal_pointer (&message), &list);
        }
    }
  propagate (a);
}

/* The storage at x was forced against its integral role. */
static void
report_derivative (Analysis *a,
                   guint     x,
                   guint     end)
{
  guint b = end / 2;
  guint meeting = a->forced_by[b];
  guint origin = chain_origin (a, b);
  const BgComponentSpec *spec = a->specs[x];
  const BgComponentSpec *origin_spec = a->specs[origin];
  gboolean effort = is_effort_storage (spec);
  gboolean same_kind = effort ? is_effort_storage (origin_spec)
                              : is_flow_storage (origin_spec);
  BgDomain domain = spec->ports[0].domain;
  char *message;
  IdList list;

  a->reported[x] = TRUE;
  id_list_init (a, &list);

  if (same_kind && meeting != origin && meeting != x)
    {
      g_autoptr(GArray) origins = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autofree char *what = describe_element (a, meeting);
      g_autofree char *origin_chain = NULL;
      g_autofree char *own_chain = NULL;
      int origin_bond = a->cause[b];

      id_list_add_element (a, &list, meeting);
      id_list_add_element (a, &list, origin);
      id_list_add_element (a, &list, x);
      origin_chain = chain_describe (a, origin_bond >= 0 ? (guint) origin_bond : b, &list);
      id_list_add_bond (a, &list, b);
      own_chain = g_strdup_printf ("%s → %s", element_id (a, x), bond_id (a, b));
      g_array_append_val (origins, origin);
      g_array_append_val (origins, x);
      message = g_strdup_printf (_("Causal conflict at %s: %s and %s both set its %s (%s, %s)."),
                                 what, element_id (a, origin), element_id (a, x),
                                 quantity_name (domain, effort),
                                 origin_chain, own_chain);
      message = append_advice (message, conflict_advice (a, origins, effort, domain));
      add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
    }
  else
    {
      g_autofree char *chain = NULL;

      id_list_add_element (a, &list, x);
      chain = chain_describe (a, b, &list);
      message = g_strdup_printf (_("%s is forced into derivative causality by %s (%s); storages must integrate."),
                                 element_id (a, x), element_id (a, origin), chain);
      if (origin_spec->kind == BG_KIND_DC_MOTOR && domain == BG_DOMAIN_ROTATIONAL)
        message = append_advice (message,
                                 _("The motor's rotor inertia already sets the shaft speed: add the load's inertia to the motor's J, or put a shaft compliance (C) between them."));
      else if (origin_spec->kind == BG_KIND_DC_MOTOR)
        message = append_advice (message,
                                 _("The motor's armature inductance already sets its current: add the inductance to the motor's L_a, or put a capacitance or resistance between them."));
      add_diagnostic (a, a->result->errors, "derivative-causality", message, &list);
    }
}

/* Phase 2: each storage in integral causality, one at a time. */
static void
assign_storages (Analysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      gboolean receives;
      guint end;

      if (spec->causal_rule != BG_CAUSAL_STORAGE || element_degree (a, x) != 1)
        continue;
      end = a->ends[a->end_start[x]];
      receives = spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN;
      if (!end_is_assigned (a, end))
        {
          assign_end (a, end, receives, x, -1);
          propagate (a);
        }
      else if (end_is_in (a, end) != receives)
        {
          report_derivative (a, x, end);
        }
    }
}

/* What the element at `end` would like that end to do: 1 receive effort,
 * 0 supply it, -1 no preference. */
static int
end_preference (Analysis *a,
                guint     end)
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
static void
assign_resistors (Analysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      guint end;
      int neighbour;

      if (a->specs[x]->causal_rule != BG_CAUSAL_FREE ||
          element_degree (a, x) != 1)
        continue;
      end = a->ends[a->end_start[x]];
      if (end_is_assigned (a, end))
        continue;
      neighbour = end_preference (a, end ^ 1);
      a->trace_pref = neighbour >= 0;
      assign_end (a, end, neighbour < 0 ? TRUE : !neighbour, x, -1);
      propagate (a);
    }
}

/* Phase 4: any bond still open (loops of junctions and transformers). */
static void
assign_remaining (Analysis *a)
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

static void
build_adjacency (Analysis *a,
                 BgModel  *model)
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
    a->n_unassigned[x] = element_degree (a, x);
}

/* Unbonded ports and junctions with fewer than two bonds. Elements with a
 * missing port keep no rule, so they cause no follow-up conflicts. */
static void
check_structure (Analysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      guint degree = element_degree (a, x);

      if (spec->variable_ports)
        {
          g_autofree char *what = NULL;

          if (degree >= 2)
            continue;
          what = describe_element (a, x);
          add_error_for_element (a, "junction-degree",
                                 degree == 0
                                 ? g_strdup_printf (_("%s has no bonds; a junction needs at least two."), what)
                                 : g_strdup_printf (_("%s has only one bond; a junction needs at least two."), what),
                                 x);
          a->skip[x] = TRUE;
          continue;
        }

      for (guint p = 0; p < spec->n_ports; p++)
        {
          gboolean bonded = FALSE;

          for (guint i = a->end_start[x]; i < a->end_start[x + 1] && !bonded; i++)
            bonded = a->end_port[a->ends[i]] == (int) p;
          if (bonded)
            continue;
          if (spec->n_ports == 1)
            add_error_for_element (a, "unconnected-port",
                                   g_strdup_printf (_("%s has no bond on its port."),
                                                    element_id (a, x)), x);
          else
            add_error_for_element (a, "unconnected-port",
                                   g_strdup_printf (_("%s has no bond on port %s."),
                                                    element_id (a, x), spec->ports[p].name),
                                   x);
          if (spec->causal_rule == BG_CAUSAL_ONE_IN || spec->causal_rule == BG_CAUSAL_ONE_OUT
              || spec->causal_rule == BG_CAUSAL_SAME_ROLE)
            a->skip[x] = TRUE;
        }
    }
}

static guint
uf_find (guint *parent,
         guint  x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

/* A warning naming the parts when the bonded elements form several.
 * Elements without bonds have their own error and are not counted. */
static void
check_parts (Analysis *a)
{
  g_autofree guint *parent = g_new (guint, a->n_elements);
  g_autofree guint *part = g_new (guint, a->n_elements);
  g_autofree guint *part_size = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *parts = NULL;
  guint n_parts = 0;
  char *message;
  IdList list;

  for (guint x = 0; x < a->n_elements; x++)
    parent[x] = x;
  for (guint b = 0; b < a->n_bonds; b++)
    {
      guint r1 = uf_find (parent, a->end_element[2 * b]);
      guint r2 = uf_find (parent, a->end_element[2 * b + 1]);

      if (r1 != r2)
        parent[MAX (r1, r2)] = MIN (r1, r2);
    }

  /* Each root is the first element of its part in model order. */
  for (guint x = 0; x < a->n_elements; x++)
    {
      guint r = uf_find (parent, x);

      if (element_degree (a, x) == 0)
        part[x] = G_MAXUINT;
      else if (r == x)
        part[x] = n_parts++;
      else
        part[x] = part[r];
    }
  if (n_parts < 2)
    return;

  texts = g_ptr_array_new_with_free_func (g_free);
  part_size = g_new0 (guint, n_parts);
  for (guint p = 0; p < n_parts; p++)
    g_ptr_array_add (texts, g_strdup (""));
  for (guint x = 0; x < a->n_elements; x++)
    {
      guint p = part[x];
      char *text;

      if (p == G_MAXUINT || ++part_size[p] > PART_TEXT_IDS + 1)
        continue;
      text = g_ptr_array_index (texts, p);
      if (part_size[p] == PART_TEXT_IDS + 1)
        texts->pdata[p] = g_strconcat (text, ", …", NULL);
      else if (part_size[p] == 1)
        texts->pdata[p] = g_strdup (element_id (a, x));
      else
        texts->pdata[p] = g_strconcat (text, ", ", element_id (a, x), NULL);
      g_free (text);
    }
  g_ptr_array_add (texts, NULL);
  parts = g_strjoinv ("; ", (char **) texts->pdata);

  message = g_strdup_printf (ngettext ("The model has %u separate part (%s); each part is analysed on its own.",
                                       "The model has %u separate parts (%s); each part is analysed on its own.",
                                       n_parts),
                             n_parts, parts);
  /* The elements outside the first part, so they can be pointed at. */
  id_list_init (a, &list);
  for (guint x = 0; x < a->n_elements; x++)
    if (part[x] != G_MAXUINT && part[x] > 0)
      id_list_add_element (a, &list, x);
  add_diagnostic (a, a->result->warnings, "disconnected", message, &list);
}

/* States --------------------------------------------------------------------- */

static void
collect_states (Analysis *a)
{
  GPtrArray *states = a->result->states;

  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      const char *id;
      gboolean integral = FALSE;

      if (spec->causal_rule != BG_CAUSAL_STORAGE && spec->kind != BG_KIND_CYLINDER_DA
          && spec->kind != BG_KIND_DC_MOTOR)
        continue;
      id = element_id (a, x);

      if (spec->causal_rule == BG_CAUSAL_STORAGE && element_degree (a, x) == 1)
        {
          guint end = a->ends[a->end_start[x]];

          integral = end_is_assigned (a, end) &&
                     end_is_in (a, end) == (spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN);
        }

      switch (spec->kind)
        {
        case BG_KIND_C:
          if (integral)
            g_ptr_array_add (states, g_strconcat (id, ".q", NULL));
          break;
        case BG_KIND_I:
          if (integral)
            g_ptr_array_add (states, g_strconcat (id, ".p", NULL));
          break;
        case BG_KIND_GAS_ACCUMULATOR:
          if (integral)
            g_ptr_array_add (states, g_strconcat (id, ".V_f", NULL));
          break;
        case BG_KIND_MECHANICAL_LOAD:
          if (integral)
            {
              g_ptr_array_add (states, g_strconcat (id, ".p", NULL));
              g_ptr_array_add (states, g_strconcat (id, ".s", NULL));
            }
          break;
        case BG_KIND_CYLINDER_DA:
          g_ptr_array_add (states, g_strconcat (id, ".x", NULL));
          break;
        case BG_KIND_DC_MOTOR:
          /* Integral at both ports when both receive effort. */
          integral = element_degree (a, x) == 2;
          for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
            integral = integral && end_is_assigned (a, a->ends[i]) && end_is_in (a, a->ends[i]);
          if (integral)
            {
              g_ptr_array_add (states, g_strconcat (id, ".lambda", NULL));
              g_ptr_array_add (states, g_strconcat (id, ".L", NULL));
            }
          break;
        case BG_KIND_JUNCTION_0:
        case BG_KIND_JUNCTION_1:
        case BG_KIND_R:
        case BG_KIND_SE:
        case BG_KIND_SF:
        case BG_KIND_TF:
        case BG_KIND_GY:
        case BG_KIND_PUMP_CURVE:
        case BG_N_KINDS:
        default:
          break;
        }
    }
}

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
element_edges (Analysis *a,
               guint     x,
               EdgeSink *sink)
{
  const BgComponentSpec *spec = a->specs[x];
  guint first = a->end_start[x], last = a->end_start[x + 1];

  if (a->skip[x] || a->reported[x])
    return;
  for (guint i = first; i < last; i++)
    if (!end_is_assigned (a, a->ends[i]))
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
        if (end_is_in (a, a->ends[i]))
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
        if (!end_is_in (a, a->ends[i]))
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
          if (i != j && end_is_in (a, a->ends[i]))
            edge_add (sink, var_effort (a->ends[i]), var_flow (a->ends[j]));
          else if (i != j)
            edge_add (sink, var_flow (a->ends[i]), var_effort (a->ends[j]));
      break;
    case BG_CAUSAL_FREE:
      for (guint i = first; i < last; i++)
        {
          guint end = a->ends[i];

          if (end_is_in (a, end))
            edge_add (sink, var_effort (end), var_flow (end));
          else
            edge_add (sink, var_flow (end), var_effort (end));
        }
      break;
    case BG_CAUSAL_FIXED:
      /* Sources depend on time only. The pump's flow at both ports depends
       * on both pressures it receives. */
      if (spec->kind != BG_KIND_PUMP_CURVE)
        return;
      for (guint i = first; i < last; i++)
        for (guint j = first; j < last; j++)
          if (end_is_in (a, a->ends[i]) && end_is_in (a, a->ends[j]))
            edge_add (sink, var_effort (a->ends[i]), var_flow (a->ends[j]));
      break;
    case BG_CAUSAL_STORAGE:
    default:
      /* Integral storages: outputs from the state only. */
      break;
    }
}

static void
all_edges (Analysis *a,
           EdgeSink *sink)
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

static void
find_groups (Analysis *a)
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
        group->elements[k] = g_strdup (element_id (a, g_array_index (els, guint, k)));
      group->bonds = g_new0 (char *, bs->len + 1);
      for (guint k = 0; k < bs->len; k++)
        group->bonds[k] = g_strdup (bond_id (a, g_array_index (bs, guint, k)));
      g_ptr_array_add (a->result->groups, group);
    }
}

/* Result ----------------------------------------------------------------------- */

static void
index_ids (GHashTable *set,
           GStrv       ids)
{
  for (guint i = 0; ids[i] != NULL; i++)
    g_hash_table_add (set, ids[i]);
}

static void
finish_result (Analysis *a)
{
  BgCausality *self = a->result;

  gsize block_size = 0;
  char *p;

  self->n_bonds = a->n_bonds;
  self->strokes = g_memdup2 (a->stroke, sizeof (BgStroke) * MAX (a->n_bonds, 1));
  /* All ids in one block: one allocation instead of one per bond. */
  for (guint b = 0; b < a->n_bonds; b++)
    block_size += strlen (bond_id (a, b)) + 1;
  self->bond_ids = g_new (char *, a->n_bonds + 1);
  self->bond_id_block = p = g_malloc (MAX (block_size, 1));
  for (guint b = 0; b < a->n_bonds; b++)
    {
      self->bond_ids[b] = p;
      p = g_stpcpy (p, bond_id (a, b)) + 1;
    }
  self->bond_ids[a->n_bonds] = NULL;
  for (guint i = 0; i < self->errors->len; i++)
    {
      BgDiagnostic *d = g_ptr_array_index (self->errors, i);

      index_ids (self->error_elements, d->elements);
      index_ids (self->error_bonds, d->bonds);
    }
  for (guint i = 0; i < self->groups->len; i++)
    {
      BgAlgebraicGroup *g = g_ptr_array_index (self->groups, i);

      index_ids (self->group_elements, g->elements);
      index_ids (self->group_bonds, g->bonds);
    }
  self->ok = self->errors->len == 0;
}

static BgCausality *
causality_new (void)
{
  BgCausality *self = g_new0 (BgCausality, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->states = g_ptr_array_new_with_free_func (g_free);
  self->groups = g_ptr_array_new_with_free_func (free_group);
  self->errors = g_ptr_array_new_with_free_func (free_diagnostic);
  self->warnings = g_ptr_array_new_with_free_func (free_diagnostic);
  self->error_elements = g_hash_table_new (g_str_hash, g_str_equal);
  self->error_bonds = g_hash_table_new (g_str_hash, g_str_equal);
  self->group_elements = g_hash_table_new (g_str_hash, g_str_equal);
  self->group_bonds = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

static void
analysis_free (Analysis *a)
{
  g_free (a->specs);
  g_free (a->end_start);
  g_free (a->ends);
  g_free (a->n_in);
  g_free (a->n_out);
  g_free (a->n_unassigned);
  g_free (a->skip);
  g_free (a->reported);
  g_free (a->in_queue);
  g_free (a->end_element);
  g_free (a->end_port);
  g_free (a->stroke);
  g_free (a->forced_by);
  g_free (a->cause);
  g_free (a->origin);
  g_free (a->seq);
  g_free (a->queue);
  g_free (a->element_mark);
  g_free (a->bond_mark);
}

static inline void
trace_phase (Analysis     *a,
             BgTracePhase  phase)
{
  if (a->trace != NULL)
    _bg_trace_recorder_set_phase (a->trace, phase);
}

static BgCausality *
analyze (BgModel         *model,
         BgTraceRecorder *trace)
{
  GPtrArray *elements, *bonds;
  Analysis a = { 0 };
  guint n;

  a.trace = trace;
  elements = bg_model_get_elements (model);
  bonds = bg_model_get_bonds (model);

  a.result = causality_new ();
  a.result->revision = bg_model_get_revision (model);
  a.n_elements = elements->len;
  a.n_bonds = bonds->len;
  a.elements = (BgElement **) elements->pdata;
  a.bonds = (BgBond **) bonds->pdata;

  if (a.n_elements == 0)
    {
      IdList list;

      id_list_init (&a, &list);
      add_diagnostic (&a, a.result->errors, "empty-model",
                      g_strdup (_("The model is empty; add elements from the palette.")),
                      &list);
      finish_result (&a);
      return a.result;
    }

  n = a.n_elements;
  a.n_in = g_new0 (guint, n);
  a.n_out = g_new0 (guint, n);
  a.n_unassigned = g_new0 (guint, n);
  a.skip = g_new0 (guint8, n);
  a.reported = g_new0 (guint8, n);
  a.in_queue = g_new0 (guint8, n);
  a.queue = g_new (guint, n);
  a.element_mark = g_new0 (guint, n);
  a.stroke = g_new0 (BgStroke, MAX (a.n_bonds, 1));
  a.forced_by = g_new0 (guint, MAX (a.n_bonds, 1));
  a.cause = g_new0 (int, MAX (a.n_bonds, 1));
  a.origin = g_new0 (guint, MAX (a.n_bonds, 1));
  a.seq = g_new0 (guint, MAX (a.n_bonds, 1));
  a.bond_mark = g_new0 (guint, MAX (a.n_bonds, 1));

  build_adjacency (&a, model);
  check_structure (&a);
  check_parts (&a);

  trace_phase (&a, BG_TRACE_PHASE_FIXED);
  assign_fixed (&a);
  trace_phase (&a, BG_TRACE_PHASE_STORAGE);
  assign_storages (&a);
  trace_phase (&a, BG_TRACE_PHASE_RESISTOR);
  assign_resistors (&a);
  trace_phase (&a, BG_TRACE_PHASE_ARBITRARY);
  assign_remaining (&a);

  collect_states (&a);
  find_groups (&a);
  finish_result (&a);
  analysis_free (&a);
  return a.result;
}

/**
 * bg_causality_analyze:
 * @model: the model to analyse
 *
 * Returns: (transfer full): a new analysis; never NULL.
 */
BgCausality *
bg_causality_analyze (BgModel *model)
{
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  return analyze (model, NULL);
}

/**
 * bg_causality_analyze_traced:
 * @model: the model to analyse
 * @trace: (out) (transfer full): the steps the analysis took
 *
 * Returns: (transfer full): the same analysis as bg_causality_analyze().
 */
BgCausality *
bg_causality_analyze_traced (BgModel           *model,
                             BgCausalityTrace **trace)
{
  GPtrArray *bonds;
  BgTraceRecorder *rec;
  BgCausality *result;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (trace != NULL, NULL);

  bonds = bg_model_get_bonds (model);
  rec = _bg_trace_recorder_new ((BgBond **) bonds->pdata, bonds->len);
  result = analyze (model, rec);
  *trace = _bg_trace_recorder_finish (rec);
  return result;
}

BgCausality *
bg_causality_ref (BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
bg_causality_unref (BgCausality *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->bond_index != NULL)
    g_hash_table_unref (self->bond_index);
  g_hash_table_unref (self->error_elements);
  g_hash_table_unref (self->error_bonds);
  g_hash_table_unref (self->group_elements);
  g_hash_table_unref (self->group_bonds);
  g_ptr_array_unref (self->states);
  g_ptr_array_unref (self->groups);
  g_ptr_array_unref (self->errors);
  g_ptr_array_unref (self->warnings);
  g_free (self->bond_ids);
  g_free (self->bond_id_block);
  g_free (self->strokes);
  g_free (self);
}

gboolean
bg_causality_is_ok (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->ok;
}

guint64
bg_causality_get_revision (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->revision;
}

guint
bg_causality_get_n_bonds (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_bonds;
}

BgStroke
bg_causality_get_stroke (const BgCausality *self,
                         guint              bond_index)
{
  g_return_val_if_fail (self != NULL, BG_STROKE_NONE);
  g_return_val_if_fail (bond_index < self->n_bonds, BG_STROKE_NONE);
  return self->strokes[bond_index];
}

/* The id index is made on the first lookup by id: the analysis itself and
 * most readers go by bond index. Safe from any thread. */
static GHashTable *
get_bond_index (const BgCausality *self)
{
  BgCausality *mutable_self = (BgCausality *) self;

  if (g_once_init_enter (&mutable_self->bond_index))
    {
      GHashTable *index = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint b = 0; b < self->n_bonds; b++)
        g_hash_table_insert (index, self->bond_ids[b], GUINT_TO_POINTER (b + 1));
      g_once_init_leave (&mutable_self->bond_index, index);
    }
  return mutable_self->bond_index;
}

BgStroke
bg_causality_lookup_stroke (const BgCausality *self,
                            const char        *bond_id)
{
  guint index;

  g_return_val_if_fail (self != NULL, BG_STROKE_NONE);
  g_return_val_if_fail (bond_id != NULL, BG_STROKE_NONE);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (get_bond_index (self), bond_id));
  return index == 0 ? BG_STROKE_NONE : self->strokes[index - 1];
}

gboolean
bg_causality_end_receives_effort (const BgCausality *self,
                                  guint              bond_index,
                                  gboolean           at_to)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_index < self->n_bonds, FALSE);
  return end_receives (self->strokes[bond_index], at_to ? 1 : 0);
}

const GPtrArray *
bg_causality_get_states (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->states;
}

const GPtrArray *
bg_causality_get_algebraic_groups (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->groups;
}

const GPtrArray *
bg_causality_get_errors (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->errors;
}

const GPtrArray *
bg_causality_get_warnings (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->warnings;
}

gboolean
bg_causality_element_has_error (const BgCausality *self,
                                const char        *element_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  return g_hash_table_contains (self->error_elements, element_id);
}

gboolean
bg_causality_bond_has_error (const BgCausality *self,
                             const char        *bond_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  return g_hash_table_contains (self->error_bonds, bond_id);
}

gboolean
bg_causality_element_in_group (const BgCausality *self,
                               const char        *element_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  return g_hash_table_contains (self->group_elements, element_id);
}

gboolean
bg_causality_bond_in_group (const BgCausality *self,
                            const char        *bond_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  return g_hash_table_contains (self->group_bonds, bond_id);
}

char *
bg_causality_dup_summary (const BgCausality *self)
{
  g_autofree char *states = NULL;
  g_autofree char *groups = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->errors->len > 0)
    return g_strdup (((BgDiagnostic *) g_ptr_array_index (self->errors, 0))->message);

  states = g_strdup_printf (ngettext ("%u state", "%u states", self->states->len),
                            self->states->len);
  if (self->groups->len == 0)
    /* Translators: "Causality OK · 3 states" */
    return g_strdup_printf (_("Causality OK · %s"), states);
  groups = g_strdup_printf (ngettext ("%u algebraic group", "%u algebraic groups",
                                      self->groups->len),
                            self->groups->len);
  /* Translators: "Causality OK · 3 states · 1 algebraic group" */
  return g_strdup_printf (_("Causality OK · %s · %s"), states, groups);
}

static void
add_string_array (JsonBuilder *builder,
                  const char  *name,
                  char *const *ids)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; ids[i] != NULL; i++)
    json_builder_add_string_value (builder, ids[i]);
  json_builder_end_array (builder);
}

static void
add_diagnostics (JsonBuilder     *builder,
                 const char      *name,
                 const GPtrArray *diagnostics)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (diagnostics, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, d->code);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, d->message);
      add_string_array (builder, "elements", d->elements);
      add_string_array (builder, "bonds", d->bonds);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

char *
bg_causality_to_json (const BgCausality *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "ok");
  json_builder_add_boolean_value (builder, self->ok);

  json_builder_set_member_name (builder, "states");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->states->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (self->states, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "bonds");
  json_builder_begin_array (builder);
  for (guint b = 0; b < self->n_bonds; b++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, self->bond_ids[b]);
      json_builder_set_member_name (builder, "stroke");
      if (self->strokes[b] == BG_STROKE_AT_TO)
        json_builder_add_string_value (builder, "to");
      else if (self->strokes[b] == BG_STROKE_AT_FROM)
        json_builder_add_string_value (builder, "from");
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "algebraic_groups");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->groups->len; i++)
    {
      const BgAlgebraicGroup *g = g_ptr_array_index (self->groups, i);

      json_builder_begin_object (builder);
      add_string_array (builder, "elements", g->elements);
      add_string_array (builder, "bonds", g->bonds);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  add_diagnostics (builder, "errors", self->errors);
  add_diagnostics (builder, "warnings", self->warnings);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}
