/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-check.c — grading a student's causal strokes.
 *
 * Owns: the local rules of every causal pattern (checked on a partial set of
 * strokes), a bounded branch-and-bound search for the valid assignment
 * nearest to the student's strokes (with propagation of the patterns, like
 * the analyzer's, so teaching models take a handful of nodes), and the
 * sentences that explain a wrong stroke; a model with components graded as
 * its flat graph, and that grade seen from one of its levels
 * (bg_grade_project). Must not: modify the model, depend on GTK, or keep
 * global state.
 *
 * Vocabulary as in bg-causality.c: bond b has end 2·b (its `from` end) and
 * end 2·b + 1 (its `to` end); an end is "in" when it receives effort (the
 * stroke is there).
 *
 * Storage rule: strict (integral causality required) when an all-integral
 * assignment exists. The analyzer decides: if its analysis is conflict-free,
 * its strokes are one; otherwise the search looks for one, and only when
 * there is none are storages allowed in derivative causality.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-causality.h"
#include "bg-causality-check.h"
#include "bg-domain.h"
#include "bg-json-generate.h"
#include "bg-library.h"
#include "bg-component-kind-private.h"
#include "bg-level-private.h"

/* Search nodes before the best assignment found so far is taken. */
#define SEARCH_NODE_LIMIT 200000

struct _BgGrade
{
  guint        n_bonds;
  BgBondGrade *bonds;
  gboolean     ok;
  gboolean     has_solution;
};

typedef struct
{
  BgModel                *model;
  guint                   n_elements;
  guint                   n_bonds;
  BgElement             **elements;
  BgBond                **bonds;
  const BgComponentSpec **specs;
  guint                  *end_start;   /* CSR over elements */
  guint                  *ends;
  guint                  *end_element; /* 2 per bond */
  BgPortRole             *end_role;    /* 2 per bond */
  guint8                 *skip;        /* per element: no rule (unconnected ports) */
  gboolean                strict;      /* storages must be integral */

  /* search state */
  const BgStroke         *want;        /* the student's strokes */
  BgStroke               *val;
  guint                  *trail;
  guint                   trail_len;
  guint                  *stack;       /* elements to check */
  guint                   stack_len;
  guint8                 *on_stack;
  guint                   cost;
  BgStroke               *best;
  guint                   best_cost;
  gboolean                found;
  guint                   nodes;
} Checker;

/* Setup ------------------------------------------------------------------- */

static gboolean
end_in (BgStroke stroke,
        guint    end)
{
  return (stroke == BG_STROKE_AT_TO && end % 2 == 1) ||
         (stroke == BG_STROKE_AT_FROM && end % 2 == 0);
}

static BgStroke
stroke_for_end (guint    end,
                gboolean in)
{
  if (end % 2 == 1)
    return in ? BG_STROKE_AT_TO : BG_STROKE_AT_FROM;
  return in ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
}

static BgPortRole
port_role (BgElement *element,
           int        port)
{
  if (port < 0 || (guint) port >= element->spec->n_ports)
    return BG_PORT_ROLE_ANY;
  return element->spec->ports[port].role;
}

static void
checker_init (Checker *c,
              BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  guint *fill;

  memset (c, 0, sizeof *c);
  c->model = model;
  c->n_elements = elements->len;
  c->n_bonds = bonds->len;
  c->elements = (BgElement **) elements->pdata;
  c->bonds = (BgBond **) bonds->pdata;
  c->specs = g_new (const BgComponentSpec *, c->n_elements + 1);
  c->end_start = g_new0 (guint, c->n_elements + 1);
  c->ends = g_new (guint, 2 * c->n_bonds + 1);
  c->end_element = g_new (guint, 2 * c->n_bonds + 1);
  c->end_role = g_new (BgPortRole, 2 * c->n_bonds + 1);
  c->skip = g_new0 (guint8, c->n_elements + 1);

  for (guint x = 0; x < c->n_elements; x++)
    {
      c->specs[x] = c->elements[x]->spec;
      g_hash_table_insert (index, c->elements[x], GUINT_TO_POINTER (x));
    }
  for (guint b = 0; b < c->n_bonds; b++)
    {
      BgBond *bond = c->bonds[b];

      c->end_element[2 * b] = GPOINTER_TO_UINT (g_hash_table_lookup (index, bond->from));
      c->end_element[2 * b + 1] = GPOINTER_TO_UINT (g_hash_table_lookup (index, bond->to));
      c->end_role[2 * b] = port_role (bond->from, bond->from_port);
      c->end_role[2 * b + 1] = port_role (bond->to, bond->to_port);
      c->end_start[c->end_element[2 * b] + 1]++;
      c->end_start[c->end_element[2 * b + 1] + 1]++;
    }
  for (guint x = 0; x < c->n_elements; x++)
    c->end_start[x + 1] += c->end_start[x];
  fill = g_memdup2 (c->end_start, sizeof (guint) * (c->n_elements + 1));
  for (guint end = 0; end < 2 * c->n_bonds; end++)
    c->ends[fill[c->end_element[end]]++] = end;
  g_free (fill);

  /* Like the analyzer: no rule where ports are missing or a junction has
   * fewer than two bonds (the structure errors say so). */
  for (guint x = 0; x < c->n_elements; x++)
    {
      guint degree = c->end_start[x + 1] - c->end_start[x];

      if (c->specs[x]->variable_ports ? degree < 2 : degree < c->specs[x]->n_ports)
        c->skip[x] = TRUE;
    }

  c->val = g_new0 (BgStroke, c->n_bonds + 1);
  c->best = g_new0 (BgStroke, c->n_bonds + 1);
  c->trail = g_new (guint, c->n_bonds + 1);
  c->stack = g_new (guint, c->n_elements + 1);
  c->on_stack = g_new0 (guint8, c->n_elements + 1);
}

static void
checker_clear (Checker *c)
{
  g_free (c->specs);
  g_free (c->end_start);
  g_free (c->ends);
  g_free (c->end_element);
  g_free (c->end_role);
  g_free (c->skip);
  g_free (c->val);
  g_free (c->best);
  g_free (c->trail);
  g_free (c->stack);
  g_free (c->on_stack);
}

/* The rules ----------------------------------------------------------------- */

/* The role a fixed or storage end must take: 1 in, 0 out, -1 free. */
static int
required_role (Checker *c,
               guint    end)
{
  guint x = c->end_element[end];
  BgCausalRule rule = c->specs[x]->causal_rule;
  BgPortRole role = c->end_role[end];

  if (c->skip[x] || role == BG_PORT_ROLE_ANY)
    return -1;
  if (rule == BG_CAUSAL_FIXED || (rule == BG_CAUSAL_STORAGE && c->strict))
    return role == BG_PORT_ROLE_EFFORT_IN;
  return -1;
}

/* Counts the element's ends on a partial assignment. */
static void
count_ends (Checker        *c,
            const BgStroke *strokes,
            guint           x,
            guint          *n_in,
            guint          *n_out,
            guint          *n_free)
{
  *n_in = *n_out = *n_free = 0;
  for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
    {
      guint end = c->ends[i];

      if (strokes[end / 2] == BG_STROKE_NONE)
        (*n_free)++;
      else if (end_in (strokes[end / 2], end))
        (*n_in)++;
      else
        (*n_out)++;
    }
}

static gboolean
is_one_rule (Checker *c,
             guint    x,
             gboolean *want_in)
{
  BgCausalRule rule = c->specs[x]->causal_rule;

  *want_in = rule == BG_CAUSAL_ONE_IN;
  return !c->skip[x] && (rule == BG_CAUSAL_ONE_IN || rule == BG_CAUSAL_ONE_OUT);
}

/* Search -------------------------------------------------------------------- */

static void
push_element (Checker *c,
              guint    x)
{
  if (c->on_stack[x])
    return;
  c->on_stack[x] = TRUE;
  c->stack[c->stack_len++] = x;
}

static void
assign (Checker *c,
        guint    b,
        BgStroke stroke)
{
  g_assert (c->val[b] == BG_STROKE_NONE);
  c->val[b] = stroke;
  c->trail[c->trail_len++] = b;
  if (c->want[b] != BG_STROKE_NONE && c->want[b] != stroke)
    c->cost++;
  push_element (c, c->end_element[2 * b]);
  push_element (c, c->end_element[2 * b + 1]);
}

static void
undo_to (Checker *c,
         guint    mark)
{
  while (c->trail_len > mark)
    {
      guint b = c->trail[--c->trail_len];

      if (c->want[b] != BG_STROKE_NONE && c->want[b] != c->val[b])
        c->cost--;
      c->val[b] = BG_STROKE_NONE;
    }
}

/* Applies the element's rule to its open ends; FALSE on a contradiction. */
static gboolean
process (Checker *c,
         guint    x)
{
  guint n_in, n_out, n_free;
  gboolean want_in;

  for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
    {
      guint end = c->ends[i];
      int role = required_role (c, end);

      if (role < 0)
        continue;
      if (c->val[end / 2] == BG_STROKE_NONE)
        assign (c, end / 2, stroke_for_end (end, role));
      else if (end_in (c->val[end / 2], end) != role)
        return FALSE;
    }

  if (!c->skip[x] && c->specs[x]->causal_rule == BG_CAUSAL_SAME_ROLE)
    {
      /* GY: both ports receive effort or both supply it. */
      count_ends (c, c->val, x, &n_in, &n_out, &n_free);
      if (n_in > 0 && n_out > 0)
        return FALSE;
      for (guint i = c->end_start[x]; i < c->end_start[x + 1] && n_in + n_out > 0; i++)
        if (c->val[c->ends[i] / 2] == BG_STROKE_NONE)
          assign (c, c->ends[i] / 2, stroke_for_end (c->ends[i], n_in > 0));
      return TRUE;
    }
  if (!is_one_rule (c, x, &want_in))
    return TRUE;
  count_ends (c, c->val, x, &n_in, &n_out, &n_free);
  {
    guint single = want_in ? n_in : n_out;

    if (single > 1 || (single == 0 && n_free == 0))
      return FALSE;
    if (n_free == 0 || (single == 0 && n_free > 1))
      return TRUE;
    for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
      {
        guint end = c->ends[i];

        if (c->val[end / 2] == BG_STROKE_NONE)
          assign (c, end / 2, stroke_for_end (end, single == 1 ? !want_in : want_in));
      }
  }
  return TRUE;
}

static gboolean
propagate (Checker *c)
{
  gboolean ok = TRUE;

  while (c->stack_len > 0)
    {
      guint x = c->stack[--c->stack_len];

      c->on_stack[x] = FALSE;
      if (ok && !process (c, x))
        ok = FALSE;
    }
  return ok;
}

static void
search (Checker *c,
        guint    from_bond)
{
  guint b = from_bond;

  if (c->cost >= c->best_cost || c->nodes >= SEARCH_NODE_LIMIT)
    return;
  c->nodes++;
  while (b < c->n_bonds && c->val[b] != BG_STROKE_NONE)
    b++;
  if (b == c->n_bonds)
    {
      memcpy (c->best, c->val, sizeof (BgStroke) * c->n_bonds);
      c->best_cost = c->cost;
      c->found = TRUE;
      return;
    }

  for (guint k = 0; k < 2; k++)
    {
      BgStroke first = c->want[b] != BG_STROKE_NONE ? c->want[b] : c->best[b];
      BgStroke v;
      guint mark = c->trail_len;

      if (first == BG_STROKE_NONE)
        first = BG_STROKE_AT_TO;
      v = k == 0 ? first
                 : (first == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO);
      assign (c, b, v);
      if (propagate (c))
        search (c, b + 1);
      undo_to (c, mark);
      if (c->best_cost == 0)
        return;
    }
}

/* TRUE if the complete assignment holds every rule. */
static gboolean
assignment_valid (Checker        *c,
                  const BgStroke *strokes)
{
  for (guint b = 0; b < c->n_bonds; b++)
    if (strokes[b] == BG_STROKE_NONE)
      return FALSE;
  for (guint x = 0; x < c->n_elements; x++)
    {
      guint n_in, n_out, n_free;
      gboolean want_in;

      for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
        {
          int role = required_role (c, c->ends[i]);

          if (role >= 0 && end_in (strokes[c->ends[i] / 2], c->ends[i]) != role)
            return FALSE;
        }
      if (!c->skip[x] && c->specs[x]->causal_rule == BG_CAUSAL_SAME_ROLE)
        {
          count_ends (c, strokes, x, &n_in, &n_out, &n_free);
          if (n_in > 0 && n_out > 0)
            return FALSE;
          continue;
        }
      if (!is_one_rule (c, x, &want_in))
        continue;
      count_ends (c, strokes, x, &n_in, &n_out, &n_free);
      if ((want_in ? n_in : n_out) != 1)
        return FALSE;
    }
  return TRUE;
}

/* Finds the valid assignment nearest to c->want (into c->best); seed is a
 * known valid one or NULL. FALSE if there is none. */
static gboolean
find_nearest (Checker        *c,
              const BgStroke *seed)
{
  c->found = FALSE;
  c->nodes = 0;
  c->cost = 0;
  c->trail_len = 0;
  c->best_cost = G_MAXUINT;
  memset (c->val, 0, sizeof (BgStroke) * c->n_bonds);
  memset (c->best, 0, sizeof (BgStroke) * c->n_bonds);

  if (seed != NULL && assignment_valid (c, seed))
    {
      memcpy (c->best, seed, sizeof (BgStroke) * c->n_bonds);
      c->best_cost = 0;
      for (guint b = 0; b < c->n_bonds; b++)
        if (c->want[b] != BG_STROKE_NONE && c->want[b] != seed[b])
          c->best_cost++;
      c->found = TRUE;
      if (c->best_cost == 0)
        return TRUE;
    }

  for (guint x = 0; x < c->n_elements; x++)
    push_element (c, x);
  if (propagate (c))
    search (c, 0);
  undo_to (c, 0);
  return c->found;
}

/* Sentences ------------------------------------------------------------------ */

/* "Se U", "C C1", "cylinder CYL", "pump PUMP": the kind's named form. */
static char *
describe_element (Checker *c,
                  guint    x)
{
  return _bg_component_kind_describe (c->specs[x]->kind, c->elements[x]->id);
}

/* "b2 and b4", "b1, b2 and b5". */
static char *
join_bonds (Checker *c,
            GArray  *bonds)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < bonds->len; i++)
    {
      if (i > 0 && i + 1 == bonds->len)
        /* Translators: the last separator of a list: "b1, b2 and b3" */
        g_string_append (s, _(" and "));
      else if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, c->bonds[g_array_index (bonds, guint, i)]->id);
    }
  return g_string_free (s, FALSE);
}

/* The element at the end where the stroke belongs. */
static const char *
stroke_place (Checker *c,
              guint    b,
              BgStroke stroke)
{
  return stroke == BG_STROKE_AT_TO ? c->bonds[b]->to->id : c->bonds[b]->from->id;
}

/* Why x's pattern does not hold with too many (or no) ends in the single
 * role; offenders are the bonds in that role (or all of x's bonds). */
static char *
one_rule_sentence (Checker *c,
                   guint    x,
                   gboolean want_in,
                   gboolean too_many,
                   GArray  *offenders)
{
  g_autofree char *what = describe_element (c, x);
  g_autofree char *list = join_bonds (c, offenders);
  BgPatternSentenceFunc own = c->specs[x]->kind->pattern_sentence;
  guint n = offenders->len;
  char *sentence = own != NULL ? own (what, list, n, too_many) : NULL;

  if (sentence != NULL)
    return sentence;
  if (want_in && too_many)
    return g_strdup_printf (_("%s receives effort at more than one port (%s) — it receives effort at exactly one."),
                            what, list);
  if (want_in)
    return g_strdup_printf (_("%s receives effort at none of its ports (%s) — it receives effort at exactly one."),
                            what, list);
  if (too_many)
    return g_strdup_printf (_("%s takes its flow from more than one port (%s) — it takes its flow from exactly one."),
                            what, list);
  return g_strdup_printf (_("%s takes its flow from none of its ports (%s) — it takes its flow from exactly one."),
                          what, list);
}

/* Why end's fixed or storage role is broken. */
static char *
role_sentence (Checker *c,
               guint    end,
               gboolean role_in)
{
  guint x = c->end_element[end];
  guint b = end / 2;
  const BgComponentSpec *spec = c->specs[x];
  g_autofree char *what = describe_element (c, x);
  const char *bond = c->bonds[b]->id;
  const char *place = stroke_place (c, b, stroke_for_end (end, role_in));

  if (bg_component_spec_is_source (spec, TRUE))
    return g_strdup_printf (_("%s sets the effort: the stroke on %s belongs at %s, away from the source."),
                            what, bond, place);
  if (bg_component_spec_is_source (spec, FALSE))
    return g_strdup_printf (_("%s sets the flow: the stroke on %s belongs at the source %s."),
                            what, bond, place);
  if (spec->causal_rule == BG_CAUSAL_STORAGE && !role_in)
    return g_strdup_printf (_("%s is now in derivative causality: it integrates flow and gives effort, so the stroke on %s belongs at %s, away from it."),
                            what, bond, place);
  if (spec->causal_rule == BG_CAUSAL_STORAGE)
    return g_strdup_printf (_("%s is now in derivative causality: it integrates effort and gives flow, so the stroke on %s belongs at %s."),
                            what, bond, place);
  if (role_in)
    return g_strdup_printf (_("%s always receives effort at this port: the stroke on %s belongs at %s."),
                            what, bond, place);
  return g_strdup_printf (_("%s always gives effort at this port: the stroke on %s belongs at %s."),
                          what, bond, place);
}

/* Violations on the student's strokes ----------------------------------------- */

/* How directly a broken rule speaks of a bond: a component whose own
 * port the stroke puts in the wrong role ("C1 is now in derivative
 * causality") says more than a junction that counts it among several. */
typedef enum
{
  BLAME_NEIGHBOUR,   /* a rule broken at the bond's element names other bonds */
  BLAME_COUNTED,     /* a junction's or gyrator's rule names the bond */
  BLAME_OWN_ROLE,    /* a source's, storage's or fixed port's role */
} BlameRank;

typedef struct
{
  char   *message;    /* per bond: the most direct broken rule at one of its ends */
  guint8  rank;       /* BlameRank of message */
  guint8  offender;   /* the bond is one the rule names */
  guint8  at_broken;  /* one of its ends breaks a rule */
} BondBlame;

static void
blame (BondBlame  *blame,
       guint       b,
       BlameRank   rank,
       const char *message)
{
  BondBlame *bb = &blame[b];

  bb->at_broken = TRUE;
  /* The sentence of the rule that names the bond most directly wins. */
  if (bb->message == NULL || rank > bb->rank)
    {
      g_free (bb->message);
      bb->message = g_strdup (message);
      bb->rank = rank;
    }
  bb->offender = bb->offender || rank > BLAME_NEIGHBOUR;
}

static gboolean
find_violations (Checker   *c,
                 BondBlame *blames)
{
  const BgStroke *s = c->want;
  gboolean any = FALSE;

  for (guint x = 0; x < c->n_elements; x++)
    {
      guint n_in, n_out, n_free;
      gboolean want_in, too_many;
      g_autoptr(GArray) offenders = NULL;
      g_autofree char *message = NULL;

      for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
        {
          guint end = c->ends[i];
          int role = required_role (c, end);
          g_autofree char *text = NULL;

          if (role < 0 || s[end / 2] == BG_STROKE_NONE || end_in (s[end / 2], end) == role)
            continue;
          text = role_sentence (c, end, role);
          blame (blames, end / 2, BLAME_OWN_ROLE, text);
          any = TRUE;
        }

      if (!c->skip[x] && c->specs[x]->causal_rule == BG_CAUSAL_SAME_ROLE)
        {
          g_autofree char *text = NULL;

          count_ends (c, s, x, &n_in, &n_out, &n_free);
          if (n_in == 0 || n_out == 0)
            continue;
          text = g_strdup_printf (_("Gyrator %s: its ports both receive effort or both supply it, "
                                    "but here one receives it and the other supplies it."),
                                  c->elements[x]->id);
          for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
            blame (blames, c->ends[i] / 2, BLAME_COUNTED, text);
          any = TRUE;
          continue;
        }
      if (!is_one_rule (c, x, &want_in))
        continue;
      count_ends (c, s, x, &n_in, &n_out, &n_free);
      too_many = (want_in ? n_in : n_out) > 1;
      if (!too_many && !((want_in ? n_in : n_out) == 0 && n_free == 0))
        continue;

      /* Too many: the placed strokes in the single role (a bond without a
       * stroke is in no role yet). None: all of them, every one placed. */
      offenders = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
        if (!too_many || (s[c->ends[i] / 2] != BG_STROKE_NONE
                          && end_in (s[c->ends[i] / 2], c->ends[i]) == want_in))
          {
            guint b = c->ends[i] / 2;

            g_array_append_val (offenders, b);
          }
      message = one_rule_sentence (c, x, want_in, too_many, offenders);
      for (guint i = c->end_start[x]; i < c->end_start[x + 1]; i++)
        {
          guint b = c->ends[i] / 2;
          gboolean named = FALSE;

          for (guint k = 0; k < offenders->len; k++)
            named = named || g_array_index (offenders, guint, k) == b;
          blame (blames, b, named ? BLAME_COUNTED : BLAME_NEIGHBOUR, message);
        }
      any = TRUE;
    }
  return any;
}

/* Grading -------------------------------------------------------------------- */

static char *
ok_sentence (Checker *c,
             guint    b)
{
  return g_strdup_printf (_("Correct: the stroke on %s fits the rules of %s and %s."),
                          c->bonds[b]->id, c->bonds[b]->from->id, c->bonds[b]->to->id);
}

static void
grade_bond (Checker     *c,
            BondBlame   *blames,
            gboolean     any_violation,
            gboolean     has_solution,
            guint        b,
            BgBondGrade *g)
{
  BgStroke placed = c->want[b];
  BgStroke expected = has_solution ? c->best[b] : BG_STROKE_NONE;
  gboolean wrong;

  g->bond_id = g_strdup (c->bonds[b]->id);
  g->placed = placed;
  g->expected = expected;

  if (placed == BG_STROKE_NONE)
    {
      g->verdict = BG_VERDICT_MISSING;
      g->message = g_strdup_printf (_("No stroke placed on %s yet."), c->bonds[b]->id);
      return;
    }

  if (has_solution)
    wrong = placed != expected && (blames[b].at_broken || !any_violation);
  else
    wrong = blames[b].offender;

  if (!wrong)
    {
      g->verdict = BG_VERDICT_OK;
      g->message = ok_sentence (c, b);
    }
  else if (blames[b].message != NULL)
    {
      g->verdict = BG_VERDICT_WRONG;
      g->message = g_strdup (blames[b].message);
    }
  else
    {
      /* Every rule holds so far, but no valid assignment keeps this stroke. */
      g->verdict = BG_VERDICT_WRONG;
      g->message = g_strdup_printf (_("With the strokes placed so far, the stroke on %s leaves no valid way to place the others: it belongs at %s."),
                                    c->bonds[b]->id, stroke_place (c, b, expected));
    }
}

/* Decides the storage rule and finds the nearest valid assignment. */
static gboolean
solve (Checker *c)
{
  g_autoptr(BgCausality) causality = bg_causality_analyze (c->model);
  g_autofree BgStroke *seed = NULL;

  c->strict = TRUE;
  if (bg_causality_is_ok (causality))
    {
      seed = g_new (BgStroke, c->n_bonds + 1);
      for (guint b = 0; b < c->n_bonds; b++)
        seed[b] = bg_causality_get_stroke (causality, b);
    }
  if (find_nearest (c, seed))
    return TRUE;
  /* No all-integral assignment: storages may take derivative causality. */
  c->strict = FALSE;
  return find_nearest (c, NULL);
}

BgGrade *
bg_grade_strokes (BgModel        *model,
                  const BgStroke *strokes)
{
  BgGrade *grade;
  BondBlame *blames;
  gboolean any_violation;
  Checker c;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (strokes != NULL || bg_model_get_bonds (model)->len == 0, NULL);

  checker_init (&c, model);
  c.want = strokes;
  grade = g_new0 (BgGrade, 1);
  grade->n_bonds = c.n_bonds;
  grade->bonds = g_new0 (BgBondGrade, c.n_bonds + 1);
  grade->has_solution = solve (&c);

  blames = g_new0 (BondBlame, c.n_bonds + 1);
  any_violation = find_violations (&c, blames);
  grade->ok = TRUE;
  for (guint b = 0; b < c.n_bonds; b++)
    {
      grade_bond (&c, blames, any_violation, grade->has_solution, b, &grade->bonds[b]);
      if (grade->bonds[b].verdict != BG_VERDICT_OK)
        grade->ok = FALSE;
      g_free (blames[b].message);
    }
  /* A model with a conflict has no correct answer. */
  if (!grade->has_solution)
    grade->ok = FALSE;
  g_free (blames);
  checker_clear (&c);
  return grade;
}

BgGrade *
bg_grade_exercise (BgModel *model)
{
  GPtrArray *bonds;
  g_autofree BgStroke *strokes = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  /* a model with components is graded as its flat graph, whose bonds
   * carry the strokes placed inside each instance */
  if (bg_model_has_components (model) && !bg_model_is_body (model))
    {
      g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);

      if (flat != NULL && flat != model)
        return bg_grade_exercise (flat);
    }

  bonds = bg_model_get_bonds (model);
  strokes = g_new0 (BgStroke, bonds->len + 1);
  for (guint b = 0; b < bonds->len; b++)
    strokes[b] = ((BgBond *) g_ptr_array_index (bonds, b))->exercise;
  return bg_grade_strokes (model, strokes);
}

BgGrade *
bg_grade_project (const BgGrade *flat,
                  BgModel       *model,
                  const char    *prefix,
                  BgFlatMap     *map)
{
  g_autoptr(GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);
  BgLevelIndex level;
  BgGrade *grade;

  g_return_val_if_fail (flat != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  for (guint b = 0; b < flat->n_bonds; b++)
    g_hash_table_insert (by_id, flat->bonds[b].bond_id, &flat->bonds[b]);
  _bg_level_index_init (&level, model, prefix, map);
  grade = g_new0 (BgGrade, 1);
  grade->ok = flat->ok;
  grade->has_solution = flat->has_solution;
  grade->bonds = g_new0 (BgBondGrade, level.bonds->len + 1);
  for (guint b = 0; b < level.bonds->len; b++)
    {
      const BgBondGrade *g = g_hash_table_lookup (by_id, level.flat_ids[b]);
      BgBondGrade *to = &grade->bonds[grade->n_bonds];

      if (g == NULL)
        continue;
      to->bond_id = g_strdup (((BgBond *) g_ptr_array_index (level.bonds, b))->id);
      to->verdict = g->verdict;
      to->message = g_strdup (g->message);
      to->placed = _bg_level_turn (g->placed, level.same[b]);
      to->expected = _bg_level_turn (g->expected, level.same[b]);
      grade->n_bonds++;
    }
  _bg_level_index_clear (&level);
  return grade;
}

void
bg_grade_free (BgGrade *grade)
{
  if (grade == NULL)
    return;
  for (guint b = 0; b < grade->n_bonds; b++)
    {
      g_free (grade->bonds[b].bond_id);
      g_free (grade->bonds[b].message);
    }
  g_free (grade->bonds);
  g_free (grade);
}

gboolean
bg_grade_is_ok (const BgGrade *grade)
{
  g_return_val_if_fail (grade != NULL, FALSE);
  return grade->ok;
}

gboolean
bg_grade_has_solution (const BgGrade *grade)
{
  g_return_val_if_fail (grade != NULL, FALSE);
  return grade->has_solution;
}

guint
bg_grade_get_n_bonds (const BgGrade *grade)
{
  g_return_val_if_fail (grade != NULL, 0);
  return grade->n_bonds;
}

const BgBondGrade *
bg_grade_get_bond (const BgGrade *grade,
                   guint          index)
{
  g_return_val_if_fail (grade != NULL, NULL);
  g_return_val_if_fail (index < grade->n_bonds, NULL);
  return &grade->bonds[index];
}

const BgBondGrade *
bg_grade_lookup (const BgGrade *grade,
                 const char    *bond_id)
{
  g_return_val_if_fail (grade != NULL, NULL);
  g_return_val_if_fail (bond_id != NULL, NULL);

  for (guint b = 0; b < grade->n_bonds; b++)
    if (strcmp (grade->bonds[b].bond_id, bond_id) == 0)
      return &grade->bonds[b];
  return NULL;
}

guint
bg_grade_count (const BgGrade *grade,
                BgVerdict      verdict)
{
  guint n = 0;

  g_return_val_if_fail (grade != NULL, 0);
  for (guint b = 0; b < grade->n_bonds; b++)
    n += grade->bonds[b].verdict == verdict;
  return n;
}

const char *
bg_verdict_to_string (BgVerdict verdict)
{
  switch (verdict)
    {
    case BG_VERDICT_OK:
      return "ok";
    case BG_VERDICT_WRONG:
      return "wrong";
    case BG_VERDICT_MISSING:
      return "missing";
    default:
      g_return_val_if_reached ("wrong");
    }
}

char *
bg_grade_to_json (const BgGrade *grade,
                  const char    *file)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (grade != NULL, NULL);
  g_return_val_if_fail (file != NULL, NULL);

  json_builder_begin_object (builder);
  bg_json_builder_add_string_member (builder, "file", file);
  json_builder_set_member_name (builder, "ok");
  json_builder_add_boolean_value (builder, grade->ok);
  json_builder_set_member_name (builder, "bonds");
  json_builder_begin_array (builder);
  for (guint b = 0; b < grade->n_bonds; b++)
    {
      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "id", grade->bonds[b].bond_id);
      bg_json_builder_add_string_member (builder, "verdict", bg_verdict_to_string (grade->bonds[b].verdict));
      bg_json_builder_add_string_member (builder, "message", grade->bonds[b].message);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, FALSE);
  return json_generator_to_data (generator, NULL);
}
