/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-diagnose.c — what the causal analysis reports, in words.
 *
 * Owns: the errors and warnings of an analysis with the element and bond
 * ids they name: unbonded ports and junctions with too few bonds, separate
 * parts, and every causal conflict propagation runs into, explained by the
 * chain of propagations behind it ("C1 → b2 → J1 → b3") and advice for the
 * usual causes; a conflict is also handed to the trace recorder. Must not:
 * assign or change strokes (bg-causality-propagate.c does), or change a
 * message's text without its translation (the texts are tested).
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-causality-private.h"
#include "bg-component-kind-private.h"

/* A diagnostic lists at most this many hops of a chain (the last ones). */
#define CHAIN_MAX_HOPS 64
/* Hops shown in a message; longer chains are shortened with "…". */
#define CHAIN_TEXT_HOPS 6
/* Element ids shown per part in the "separate parts" warning. */
#define PART_TEXT_IDS 4

void
_bg_causality_id_list_init (BgCausalityAnalysis *a,
                            BgCausalityIdList   *list)
{
  a->mark++;
  list->elements = g_ptr_array_new ();
  list->bonds = g_ptr_array_new ();
}

static void
id_list_add_element (BgCausalityAnalysis *a,
                     BgCausalityIdList   *list,
                     guint                x)
{
  if (a->element_mark[x] == a->mark)
    return;
  a->element_mark[x] = a->mark;
  g_ptr_array_add (list->elements, g_strdup (_bg_causality_element_id (a, x)));
}

static void
id_list_add_bond (BgCausalityAnalysis *a,
                  BgCausalityIdList   *list,
                  guint                b)
{
  if (a->bond_mark[b] == a->mark)
    return;
  a->bond_mark[b] = a->mark;
  g_ptr_array_add (list->bonds, g_strdup (_bg_causality_bond_id (a, b)));
}

static GStrv
steal_strv (GPtrArray *array)
{
  g_ptr_array_add (array, NULL);
  return (GStrv) g_ptr_array_free (array, FALSE);
}

void
_bg_causality_add_diagnostic (BgCausalityAnalysis *a,
                              GPtrArray           *target,
                              const char          *code,
                              char                *message,  /* taken */
                              BgCausalityIdList   *list)     /* taken */
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
add_error_for_element (BgCausalityAnalysis *a,
                       const char          *code,
                       char                *message,
                       guint                x)
{
  BgCausalityIdList list;

  _bg_causality_id_list_init (a, &list);
  id_list_add_element (a, &list, x);
  _bg_causality_add_diagnostic (a, a->result->errors, code, message, &list);
}

/* "0-junction J1", "transformer T1": the kind's named form. */
static char *
describe_element (BgCausalityAnalysis *a,
                  guint                x)
{
  return _bg_component_kind_describe (a->specs[x]->kind, _bg_causality_element_id (a, x));
}

static BgDomain
element_domain (BgCausalityAnalysis *a,
                guint                x)
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
chain_origin (BgCausalityAnalysis *a,
              guint                b)
{
  return a->origin[b];
}

/* Adds the chain's elements and bonds to list and returns its text,
 * "C1 → b2 → J1 → b3", from the origin to bond b. Long chains show their
 * first and last hops around "…"; only the last CHAIN_MAX_HOPS hops and the
 * origin are listed, so many conflicts on long chains stay linear. */
static char *
chain_describe (BgCausalityAnalysis *a,
                guint                b,
                BgCausalityIdList   *list)
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
  g_string_append (s, _bg_causality_element_id (a, origin));
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
        g_string_append_printf (s, " → %s", _bg_causality_element_id (a, a->forced_by[hb]));
      g_string_append_printf (s, " → %s", _bg_causality_bond_id (a, hb));
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
conflict_advice (BgCausalityAnalysis *a,
                 GArray              *origins,
                 gboolean             effort,
                 BgDomain             domain)
{
  gboolean all_storages = origins->len >= 2;
  gboolean all_sources = origins->len >= 2;

  for (guint i = 0; i < origins->len; i++)
    {
      const BgComponentSpec *spec =
        a->specs[g_array_index (origins, guint, i)];

      if (spec->kind->conflict_advice != NULL)
        return _(spec->kind->conflict_advice);
      if (!(effort ? is_effort_storage (spec) : is_flow_storage (spec)))
        all_storages = FALSE;
      if (!bg_component_spec_is_source (spec, effort))
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

/* A junction-like element whose pattern cannot be met. `want_in` is TRUE for
 * ONE_IN rules. `too_many` says whether two or more ends took the single
 * role, or none could. */
void
_bg_causality_report_pattern_conflict (BgCausalityAnalysis *a,
                                       guint                x,
                                       gboolean             want_in,
                                       gboolean             too_many)
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
  BgCausalityIdList list;

  a->reported[x] = TRUE;
  _bg_causality_id_list_init (a, &list);
  id_list_add_element (a, &list, x);

  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    {
      guint end = a->ends[i];
      gboolean is_in;

      if (!_bg_causality_end_is_assigned (a, end))
        continue;
      is_in = _bg_causality_end_is_in (a, end);
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
            g_ptr_array_add (names, (gpointer) _bg_causality_element_id (a, origin));
          }
        g_ptr_array_add (chains, chain_describe (a, end / 2, &list));
      }
    }

  quantity = bg_domain_quantity_name (domain, effort);
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

  _bg_causality_add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
}

/* A gyrator whose ports took different roles: both chains named. */
void
_bg_causality_report_same_role_conflict (BgCausalityAnalysis *a,
                                         guint                x)
{
  g_autoptr(GPtrArray) chains = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *what = describe_element (a, x);
  g_autofree char *chain_text = NULL;
  char *message;
  BgCausalityIdList list;

  a->reported[x] = TRUE;
  _bg_causality_id_list_init (a, &list);
  id_list_add_element (a, &list, x);
  for (guint i = a->end_start[x]; i < a->end_start[x + 1]; i++)
    if (_bg_causality_end_is_assigned (a, a->ends[i]))
      g_ptr_array_add (chains, chain_describe (a, a->ends[i] / 2, &list));
  g_ptr_array_add (chains, NULL);
  chain_text = g_strjoinv (", ", (char **) chains->pdata);
  message = g_strdup_printf (_("Causal conflict at %s: one port receives effort and the "
                               "other supplies it (%s); a gyrator's ports both receive "
                               "effort or both supply it — change what drives one side, "
                               "e.g. put a storage or resistance there."),
                             what, chain_text);
  _bg_causality_add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
}

/* Two fixed roles on one bond: the fixed element x would have `end`
 * receive effort when `receives`, and the element at the other end has
 * already set the stroke the other way. */
void
_bg_causality_report_fixed_conflict (BgCausalityAnalysis *a,
                                     guint                x,
                                     guint                end,
                                     gboolean             receives)
{
  guint other = a->end_element[end ^ 1];
  g_autoptr(GArray) origins = NULL;
  g_autofree char *message = NULL;
  BgCausalityIdList list;

  origins = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (origins, other);
  g_array_append_val (origins, x);
  message = g_strdup_printf (_("Causal conflict on bond %s: %s and %s both set its %s."),
                             _bg_causality_bond_id (a, end / 2), _bg_causality_element_id (a, other),
                             _bg_causality_element_id (a, x),
                             bg_domain_quantity_name (a->specs[x]->ports[MAX (a->end_port[end], 0)].domain,
                                            !receives));
  message = append_advice (g_steal_pointer (&message),
                           conflict_advice (a, origins, !receives,
                                            element_domain (a, x)));
  a->reported[x] = TRUE;
  a->reported[other] = TRUE;
  _bg_causality_id_list_init (a, &list);
  id_list_add_element (a, &list, other);
  id_list_add_element (a, &list, x);
  id_list_add_bond (a, &list, end / 2);
  _bg_causality_add_diagnostic (a, a->result->errors, "causal-conflict",
                                g_steal_pointer (&message), &list);
}

/* The storage at x was forced against its integral role. */
void
_bg_causality_report_derivative (BgCausalityAnalysis *a,
                                 guint                x,
                                 guint                end)
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
  BgCausalityIdList list;

  a->reported[x] = TRUE;
  _bg_causality_id_list_init (a, &list);

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
      own_chain = g_strdup_printf ("%s → %s", _bg_causality_element_id (a, x), _bg_causality_bond_id (a, b));
      g_array_append_val (origins, origin);
      g_array_append_val (origins, x);
      message = g_strdup_printf (_("Causal conflict at %s: %s and %s both set its %s (%s, %s)."),
                                 what, _bg_causality_element_id (a, origin), _bg_causality_element_id (a, x),
                                 bg_domain_quantity_name (domain, effort),
                                 origin_chain, own_chain);
      message = append_advice (message, conflict_advice (a, origins, effort, domain));
      _bg_causality_add_diagnostic (a, a->result->errors, "causal-conflict", message, &list);
    }
  else
    {
      g_autofree char *chain = NULL;

      id_list_add_element (a, &list, x);
      chain = chain_describe (a, b, &list);
      message = g_strdup_printf (_("%s is forced into derivative causality by %s (%s); storages must integrate."),
                                 _bg_causality_element_id (a, x), _bg_causality_element_id (a, origin), chain);
      if (origin_spec->kind->derivative_advice != NULL &&
          origin_spec->kind->derivative_advice[domain] != NULL)
        message = append_advice (message, _(origin_spec->kind->derivative_advice[domain]));
      _bg_causality_add_diagnostic (a, a->result->errors, "derivative-causality", message, &list);
    }
}

/* Unbonded ports and junctions with fewer than two bonds. Elements with a
 * missing port keep no rule, so they cause no follow-up conflicts. */
void
_bg_causality_check_structure (BgCausalityAnalysis *a)
{
  for (guint x = 0; x < a->n_elements; x++)
    {
      const BgComponentSpec *spec = a->specs[x];
      guint degree = _bg_causality_element_degree (a, x);

      /* Flattening joins a component's ports to what is outside; one left
       * over is connected on one side only. */
      if (spec->kind->boundary)
        {
          add_error_for_element (a, "unconnected-port",
                                 g_strdup_printf (_("%s: this port of a component is connected on one side only; "
                                                    "bond it outside the instance and inside the component"),
                                                  _bg_causality_element_id (a, x)),
                                 x);
          a->skip[x] = TRUE;
          continue;
        }
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
                                                    _bg_causality_element_id (a, x)), x);
          else
            add_error_for_element (a, "unconnected-port",
                                   g_strdup_printf (_("%s has no bond on port %s."),
                                                    _bg_causality_element_id (a, x), spec->ports[p].name),
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
void
_bg_causality_check_parts (BgCausalityAnalysis *a)
{
  g_autofree guint *parent = g_new (guint, a->n_elements);
  g_autofree guint *part = g_new (guint, a->n_elements);
  g_autofree guint *part_size = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  g_autofree char *parts = NULL;
  guint n_parts = 0;
  char *message;
  BgCausalityIdList list;

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

      if (_bg_causality_element_degree (a, x) == 0)
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
        texts->pdata[p] = g_strdup (_bg_causality_element_id (a, x));
      else
        texts->pdata[p] = g_strconcat (text, ", ", _bg_causality_element_id (a, x), NULL);
      g_free (text);
    }
  g_ptr_array_add (texts, NULL);
  parts = g_strjoinv ("; ", (char **) texts->pdata);

  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The model has %u separate part (%s); each part is analysed on its own.",
                                       "The model has %u separate parts (%s); each part is analysed on its own.",
                                       n_parts),
                             n_parts, parts);
  /* The elements outside the first part, so they can be pointed at. */
  _bg_causality_id_list_init (a, &list);
  for (guint x = 0; x < a->n_elements; x++)
    if (part[x] != G_MAXUINT && part[x] > 0)
      id_list_add_element (a, &list, x);
  _bg_causality_add_diagnostic (a, a->result->warnings, "disconnected", message, &list);
}

