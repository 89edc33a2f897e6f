/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations.c — deriving the state equations from a causal bond graph.
 *
 * Owns: the derivation and the BgEquations result (see bg-equations.h).
 * Every element's symbolic form (its kind's form, core/components/bg-*-eqs.c) defines bond
 * variables — efforts, and flows at each bond's `to` end — from others, as
 * the causal strokes say. The derivative of each state is then expanded by
 * substituting those definitions depth first, in the order the strokes
 * give; a variable met again while it is still being expanded closes an
 * algebraic loop and becomes a torn unknown (e_<BOND> or f_<BOND>), whose
 * own expansion is the joint equation shown for its group. Expressions
 * collect their terms (bg-expr.c).
 *
 * Must not: modify the model, know about the compiler's registers, or know
 * about GTK. The result and its printed forms (text, JSON, LaTeX) are in
 * bg-equations-result.c.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-domain.h"
#include "bg-equations-private.h"
#include "bg-equations-names-private.h"
#include "bg-component-kind-private.h"
#include "bg-waveform.h"
#include "bg-equations-result-private.h"

G_DEFINE_QUARK (bg-equations-error-quark, bg_equations_error)

typedef enum
{
  VAR_UNSEEN,
  VAR_EXPANDING,
  VAR_DONE,
} VarMark;

struct _BgEqBuilder
{
  BgModel           *model;
  const BgCausality *causality;
  guint              n_bonds;
  BgBond           **bonds;

  BgExpr           **defs;       /* 2 per bond: effort, flow at `to` */
  BgExpr           **expanded;
  guint8            *mark;       /* VarMark */
  guint8            *torn;
  GArray            *torn_order; /* guint: variables in the order they were torn */

  GHashTable        *derivs;     /* "C1.q" → BgExpr* (definition) */
  GHashTable        *aux;        /* "CYL.v" → BgExpr* (definition) */
  GHashTable        *symbol_set; /* symbol → SymbolRec* */
  BgEquations       *result;

  char              *error;      /* the first failure */
};

/* Symbols -------------------------------------------------------------------- */

static BgEqSymbol *
add_symbol (BgEqBuilder    *b,
            const char     *symbol,
            BgEqSymbolKind  kind,
            const char     *element,
            const char     *meaning,
            double          value,
            const char     *unit,
            const char     *head,
            const char     *sub)
{
  BgEqSymbol *sym = g_hash_table_lookup (b->symbol_set, symbol);
  char *latex, *markup;

  if (sym != NULL)
    return sym;
  _bg_eq_names_render (_bg_eq_names_head (head, unit), sub, &latex, &markup);
  if (kind == BG_EQ_SYMBOL_INPUT)
    {
      char *l = g_strconcat (latex, "(t)", NULL);
      char *m = g_strconcat (markup, "(t)", NULL);

      g_free (latex);
      g_free (markup);
      latex = l;
      markup = m;
    }
  sym = _bg_equations_result_add_symbol (b->result, symbol, kind, element, meaning,
                                         value, unit != NULL ? unit : "", markup, latex);
  g_free (latex);
  g_free (markup);
  g_hash_table_insert (b->symbol_set, (gpointer) sym->symbol, sym);
  return sym;
}

/* "Resistance (R1)" */
static char *
meaning_of (const char *what,
            const char *element)
{
  return g_strdup_printf ("%s (%s)", what, element);
}

/* The interface of bg-equations-private.h ------------------------------------- */

static BgExpr *
placeholder (guint var)
{
  char name[24];

  g_snprintf (name, sizeof name, "#%u", var);
  return bg_expr_symbol (name);
}

BgExpr *
_bg_eq_effort (const BgEqElement *el,
               guint              port)
{
  const BgEqPort *p = &el->ports[port];

  if (p->bond < 0)
    return bg_expr_number (0);
  return placeholder (2 * (guint) p->bond);
}

BgExpr *
_bg_eq_local_flow (const BgEqElement *el,
                   guint              port)
{
  const BgEqPort *p = &el->ports[port];
  g_autoptr(BgExpr) f = NULL;

  if (p->bond < 0)
    return bg_expr_number (0);
  f = placeholder (2 * (guint) p->bond + 1);
  return bg_expr_scale (f, p->s);
}

static void
define (const BgEqElement *el,
        int                bond,
        guint              which,
        BgExpr            *expr)
{
  BgEqBuilder *b = el->builder;
  guint var;

  if (bond < 0)
    {
      bg_expr_unref (expr);
      return;
    }
  var = 2 * (guint) bond + which;
  if (b->defs[var] != NULL)
    {
      bg_expr_unref (expr);
      _bg_eq_fail (el, _("A bond variable is defined twice; the causality is not consistent."));
      return;
    }
  b->defs[var] = expr;
}

void
_bg_eq_set_effort (const BgEqElement *el,
                   guint              port,
                   BgExpr            *expr)
{
  define (el, el->ports[port].bond, 0, expr);
}

void
_bg_eq_set_local_flow (const BgEqElement *el,
                       guint              port,
                       BgExpr            *expr)
{
  BgExpr *f = bg_expr_scale (expr, el->ports[port].s);  /* s = ±1: f = s·local */

  bg_expr_unref (expr);
  define (el, el->ports[port].bond, 1, f);
}

static const BgParamValue *
param_value (const BgElement *element,
             const char      *param,
             const BgParamSpec **spec_out)
{
  guint index;
  const BgParamSpec *spec = bg_component_spec_find_param (element->spec, param, &index);

  g_assert (spec != NULL);
  if (spec_out != NULL)
    *spec_out = spec;
  return &element->params[index];
}

BgExpr *
_bg_eq_param (const BgEqElement *el,
              const char        *param,
              const char        *symbol)
{
  const BgElement *e = el->element;
  const BgParamSpec *spec;
  const BgParamValue *value = param_value (e, param, &spec);
  g_autofree char *name = symbol == NULL ? g_strdup (e->id)
                                         : g_strdup_printf ("%s.%s", e->id, symbol);
  g_autofree char *meaning = meaning_of (_(spec->label), e->id);
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  g_autofree char *sub = NULL;

  if (symbol == NULL)
    _bg_eq_names_split (e->id, &head, &tail);
  else
    {
      _bg_eq_names_split (symbol, &head, &tail);
      sub = tail != NULL ? g_strdup_printf ("%s,%s", tail, e->id) : g_strdup (e->id);
    }
  add_symbol (el->builder, name, BG_EQ_SYMBOL_PARAMETER, e->id, meaning, value->number,
              spec->unit, head, symbol == NULL ? tail : sub);
  return bg_expr_symbol (name);
}

BgExpr *
_bg_eq_derived (const BgEqElement *el,
                const char        *symbol,
                double             value,
                const char        *meaning,
                const char        *unit)
{
  const BgElement *e = el->element;
  g_autofree char *name = g_strdup_printf ("%s.%s", e->id, symbol);
  g_autofree char *full = meaning_of (meaning, e->id);
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  g_autofree char *sub = NULL;

  _bg_eq_names_split (symbol, &head, &tail);
  sub = tail != NULL ? g_strdup_printf ("%s,%s", tail, e->id) : g_strdup (e->id);
  add_symbol (el->builder, name, BG_EQ_SYMBOL_PARAMETER, e->id, full, value, unit, head, sub);
  return bg_expr_symbol (name);
}

/* u(0) of the element's waveform. */
static double
input_at_zero (const BgElement *e,
               const char      *param)
{
  BgWave wave;

  bg_wave_from_params (&wave, e->spec, e->params, param);
  return bg_wave_eval (&wave, 0, 0);
}

BgExpr *
_bg_eq_input (const BgEqElement *el,
              const char        *param)
{
  const BgElement *e = el->element;
  const BgParamSpec *spec;
  g_autofree char *name = g_strdup_printf ("u_%s", e->id);
  g_autofree char *meaning = NULL;

  param_value (e, param, &spec);
  meaning = meaning_of (_(spec->label), e->id);
  /* A waveform other than a constant is written out after the meaning. */
  {
    BgWave wave;

    bg_wave_from_params (&wave, e->spec, e->params, param);
    if (wave.kind != BG_WAVE_CONSTANT)
      {
        g_autofree char *text = bg_wave_describe (&wave);
        char *longer = g_strdup_printf ("%s: %s", meaning, text);

        g_free (meaning);
        meaning = longer;
      }
  }
  add_symbol (el->builder, name, BG_EQ_SYMBOL_INPUT, e->id, meaning,
              input_at_zero (e, param), spec->unit, "u", e->id);
  return bg_expr_symbol (name);
}

static const BgVarSpec *
var_spec (const BgComponentSpec *spec,
          const char            *suffix)
{
  for (guint i = 0; i < spec->n_vars; i++)
    if (strcmp (spec->vars[i].suffix, suffix) == 0)
      return &spec->vars[i];
  return NULL;
}

static double
state_initial (const BgElement *e,
               const char      *suffix)
{
  guint index;

  if (strcmp (suffix, "s") == 0)
    return 0;
  if (bg_component_spec_find_param (e->spec, "initial", &index) != NULL)
    return e->params[index].number;
  if (bg_component_spec_find_param (e->spec, "x0", &index) != NULL)
    return e->params[index].number;
  return 0;
}

BgExpr *
_bg_eq_state (const BgEqElement *el,
              const char        *suffix)
{
  const BgElement *e = el->element;
  const BgVarSpec *vs = var_spec (e->spec, suffix);
  g_autofree char *name = _bg_eq_names_state (e->spec, suffix, e->id);
  g_autofree char *meaning = meaning_of (vs != NULL ? _(vs->description) : suffix, e->id);
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;
  g_autofree char *sub = NULL;

  {
    /* the symbol's own head ("p" of p_MOT), not the variable's suffix */
    g_autofree char *shown = g_strndup (name, strlen (name) - strlen (e->id) - 1);

    _bg_eq_names_split (shown, &head, &tail);
  }
  sub = tail != NULL ? g_strdup_printf ("%s,%s", tail, e->id) : g_strdup (e->id);
  add_symbol (el->builder, name, BG_EQ_SYMBOL_STATE, e->id, meaning,
              state_initial (e, suffix), vs != NULL ? vs->unit : "", head, sub);
  return bg_expr_symbol (name);
}

void
_bg_eq_set_derivative (const BgEqElement *el,
                       const char        *suffix,
                       BgExpr            *expr)
{
  g_autoptr(BgExpr) state = _bg_eq_state (el, suffix);  /* registers the symbol */

  g_hash_table_replace (el->builder->derivs,
                        g_strdup_printf ("%s.%s", el->element->id, suffix), expr);
}

BgExpr *
_bg_eq_function (const BgEqElement *el,
                 const char        *name,
                 BgExpr            *arg,
                 const char        *meaning,
                 const char        *unit)
{
  g_autofree char *symbol = g_strdup_printf ("%s_%s", name, el->element->id);
  g_autofree char *full = meaning_of (meaning, el->element->id);

  add_symbol (el->builder, symbol, BG_EQ_SYMBOL_FUNCTION, el->element->id, full, NAN,
              unit, name, el->element->id);
  return bg_expr_function (symbol, arg);
}

void
_bg_eq_set_output (const BgEqElement *el,
                   const char        *suffix,
                   BgExpr            *expr)
{
  g_hash_table_replace (el->builder->aux,
                        g_strdup_printf ("%s.%s", el->element->id, suffix), expr);
}

void
_bg_eq_fail (const BgEqElement *el,
             const char        *message)
{
  if (el->builder->error == NULL)
    el->builder->error = g_strdup_printf ("%s: %s", el->element->id, message);
}

/* Expansion -------------------------------------------------------------------- */

static BgExpr *expand_var (BgEqBuilder *b, guint var);

static BgExpr *
subst_cb (const char *symbol,
          gpointer    user_data)
{
  if (symbol[0] != '#')
    return NULL;
  return expand_var (user_data, (guint) g_ascii_strtoull (symbol + 1, NULL, 10));
}

static char *
torn_name (BgEqBuilder *b,
           guint        var)
{
  return g_strdup_printf ("%c_%s", var % 2 == 0 ? 'e' : 'f', b->bonds[var / 2]->id);
}

static BgDomain
bond_domain (BgBond *bond)
{
  const BgComponentSpec *spec = bond->from->spec;

  if (spec->domain != BG_DOMAIN_NONE)
    return spec->domain;
  if (bond->from_port >= 0 && (guint) bond->from_port < spec->n_ports)
    return spec->ports[bond->from_port].domain;
  return BG_DOMAIN_NONE;
}

static void
add_torn_symbol (BgEqBuilder *b,
                 guint        var)
{
  BgBond *bond = b->bonds[var / 2];
  BgDomain d = bond_domain (bond);
  gboolean effort = var % 2 == 0;
  g_autofree char *name = torn_name (b, var);
  const char *quantity = bg_domain_quantity_name (d, effort);
  /* e and f in every form and domain: the domain's letters would make v
   * a voltage and a velocity in one set (core/bg-equations-names.c) */
  const char *letter = effort ? "e" : "f";
  g_autofree char *meaning = effort
    ? g_strdup_printf (_("The %s of bond %s, an unknown of an algebraic group"), quantity, bond->id)
    : g_strdup_printf (_("The %s of bond %s from %s to %s, an unknown of an algebraic group"),
                       quantity, bond->id, bond->from->id, bond->to->id);

  add_symbol (b, name, BG_EQ_SYMBOL_ALGEBRAIC, bond->id, meaning, NAN,
              d == BG_DOMAIN_NONE ? "" : effort ? bg_domain_effort_unit (d) : bg_domain_flow_unit (d),
              letter, bond->id);
}

static BgExpr *
expand_var (BgEqBuilder *b,
            guint        var)
{
  BgExpr *e;

  switch ((VarMark) b->mark[var])
    {
    case VAR_DONE:
      return bg_expr_ref (b->expanded[var]);
    case VAR_EXPANDING:
      {
        g_autofree char *name = torn_name (b, var);

        b->torn[var] = TRUE;
        return bg_expr_symbol (name);
      }
    case VAR_UNSEEN:
    default:
      break;
    }

  if (b->defs[var] == NULL)
    {
      if (b->error == NULL)
        b->error = g_strdup_printf (_("Nothing defines the %s of bond %s."),
                                    var % 2 == 0 ? _("effort") : _("flow"),
                                    b->bonds[var / 2]->id);
      return bg_expr_number (0);
    }
  b->mark[var] = VAR_EXPANDING;
  e = bg_expr_substitute (b->defs[var], subst_cb, b);
  b->mark[var] = VAR_DONE;
  if (b->torn[var])
    {
      g_autofree char *name = torn_name (b, var);

      g_array_append_val (b->torn_order, var);
      b->expanded[var] = bg_expr_symbol (name);
      /* Keep the joint equation: the unknown in terms of itself and others. */
      g_hash_table_replace (b->aux, g_strdup_printf ("#torn%u", var), e);
      return bg_expr_ref (b->expanded[var]);
    }
  b->expanded[var] = e;
  return bg_expr_ref (e);
}

static BgExpr *
expand (BgEqBuilder  *b,
        const BgExpr *def)
{
  return bg_expr_substitute (def, subst_cb, b);
}

/* Elements ----------------------------------------------------------------------- */

static void
apply_forms (BgEqBuilder *b)
{
  GPtrArray *elements = bg_model_get_elements (b->model);
  g_autoptr(GHashTable) bond_index = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < b->n_bonds; i++)
    g_hash_table_insert (bond_index, b->bonds[i], GUINT_TO_POINTER (i + 1));

  for (guint x = 0; x < elements->len && b->error == NULL; x++)
    {
      BgElement *element = g_ptr_array_index (elements, x);
      GPtrArray *ebonds = bg_model_get_element_bonds (b->model, element);
      g_autofree BgEqPort *ports = g_new0 (BgEqPort, MAX (ebonds->len, 1));
      BgEqElement el = { b, element, ports, ebonds->len };
      BgEqForm form = element->spec->kind->form;

      if (form == NULL)
        {
          b->error = g_strdup_printf (_("%s: the equations of a %s cannot be written symbolically yet."),
                                      element->id, bg_component_spec_display_name (element->spec));
          break;
        }
      for (guint p = 0; p < ebonds->len; p++)
        {
          BgBond *bond = g_ptr_array_index (ebonds, p);
          const BgComponentSpec *spec = element->spec;

          if (bond == NULL)
            {
              ports[p].bond = -1;
              ports[p].s = 1;
              ports[p].effort_in = p >= spec->n_ports || spec->ports[p].role != BG_PORT_ROLE_EFFORT_OUT;
              continue;
            }
          ports[p].bond = (int) GPOINTER_TO_UINT (g_hash_table_lookup (bond_index, bond)) - 1;
          ports[p].s = bond->to == element ? 1.0 : -1.0;
          ports[p].effort_in = bg_causality_end_receives_effort (b->causality, (guint) ports[p].bond,
                                                                 bond->to == element);
        }
      form (&el);
    }
}

/* Outputs --------------------------------------------------------------------------- */

static BgExpr *
output_expr (BgEqBuilder *b,
             const char  *name)
{
  const char *dot = strrchr (name, '.');
  g_autofree char *owner = NULL;
  const char *suffix;
  BgExpr *def;

  if (dot == NULL)
    return NULL;
  owner = g_strndup (name, dot - name);
  suffix = dot + 1;

  /* States. */
  if (g_hash_table_contains (b->derivs, name))
    {
      g_autofree char *symbol = g_strdup_printf ("%s_%s", suffix, owner);

      return bg_expr_symbol (symbol);
    }
  /* Component outputs. */
  if ((def = g_hash_table_lookup (b->aux, name)) != NULL)
    return expand (b, def);

  /* Bond variables: BOND.e, BOND.f, BOND.P in the half-arrow's direction. */
  for (guint i = 0; i < b->n_bonds; i++)
    if (strcmp (b->bonds[i]->id, owner) == 0)
      {
        double sign = b->bonds[i]->arrow == BG_ARROW_REVERSED ? -1 : 1;
        g_autoptr(BgExpr) e = expand_var (b, 2 * i);
        g_autoptr(BgExpr) f = expand_var (b, 2 * i + 1);

        if (strcmp (suffix, "e") == 0)
          return bg_expr_ref (e);
        if (strcmp (suffix, "f") == 0)
          return bg_expr_scale (f, sign);
        if (strcmp (suffix, "P") == 0)
          {
            g_autoptr(BgExpr) p = bg_expr_mul (e, f);

            return bg_expr_scale (p, sign);
          }
        return NULL;
      }

  /* One-port elements: EL.e, EL.f (local flow), EL.E. */
  {
    BgElement *element = bg_model_find_element (b->model, owner);
    GPtrArray *ebonds;
    BgBond *bond;
    guint bi;

    if (element == NULL)
      return NULL;
    ebonds = bg_model_get_element_bonds (b->model, element);
    if (element->spec->variable_ports || element->spec->n_ports != 1 || ebonds->len != 1 ||
        (bond = g_ptr_array_index (ebonds, 0)) == NULL)
      return NULL;
    for (bi = 0; bi < b->n_bonds && b->bonds[bi] != bond; bi++)
      ;
    if (strcmp (suffix, "e") == 0)
      return expand_var (b, 2 * bi);
    if (strcmp (suffix, "f") == 0)
      {
        g_autoptr(BgExpr) f = expand_var (b, 2 * bi + 1);

        return bg_expr_scale (f, bond->to == element ? 1 : -1);
      }
    if (strcmp (suffix, "E") == 0 && element->spec->kind->energy_state != NULL)
      {
        g_autofree char *state = g_strdup_printf ("%s_%s", element->spec->kind->energy_state, owner);
        g_autoptr(BgExpr) x = bg_expr_symbol_pow (state, 2);
        g_autoptr(BgExpr) k = bg_expr_symbol_pow (owner, -1);
        g_autoptr(BgExpr) xk = bg_expr_mul (x, k);

        return bg_expr_scale (xk, 0.5);
      }
  }
  return NULL;
}

/* Derivation ---------------------------------------------------------------------------- */

typedef struct
{
  BgEqKind  kind;
  char     *name;
  char     *symbol;
  BgExpr   *rhs;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *p = data;

  g_free (p->name);
  g_free (p->symbol);
  bg_expr_unref (p->rhs);
  g_free (p);
}

/* Takes symbol and rhs. */
static void
pending_add (GPtrArray  *pending,
             BgEqKind    kind,
             const char *name,
             char       *symbol,
             BgExpr     *rhs)
{
  Pending *p = g_new0 (Pending, 1);

  p->kind = kind;
  p->name = g_strdup (name);
  p->symbol = symbol;
  p->rhs = rhs;
  g_ptr_array_add (pending, p);
}

typedef struct
{
  const char   *symbol;
  const BgExpr *value;
  gboolean      found;
} Replace;

static BgExpr *
replace_cb (const char *symbol,
            gpointer    user_data)
{
  Replace *r = user_data;

  if (strcmp (symbol, r->symbol) != 0)
    return NULL;
  return bg_expr_ref ((BgExpr *) r->value);
}

static void
find_cb (const char *name,
         gboolean    is_function,
         gpointer    user_data)
{
  Replace *r = user_data;

  if (!is_function && strcmp (name, r->symbol) == 0)
    r->found = TRUE;
}

static gboolean
mentions (const BgExpr *e,
          const char   *symbol)
{
  Replace r = { symbol, NULL, FALSE };

  bg_expr_foreach_symbol (e, find_cb, &r);
  return r.found;
}

/* Substitutes every torn unknown whose equation does not mention it. */
static void
eliminate_false_unknowns (GPtrArray *pending)
{
  gboolean changed = TRUE;

  while (changed)
    {
      changed = FALSE;
      for (guint i = 0; i < pending->len; i++)
        {
          Pending *z = g_ptr_array_index (pending, i);
          Replace r;

          if (z->kind != BG_EQ_ALGEBRAIC || mentions (z->rhs, z->symbol))
            continue;
          r.symbol = z->symbol;
          r.value = z->rhs;
          for (guint k = 0; k < pending->len; k++)
            {
              Pending *p = g_ptr_array_index (pending, k);
              BgExpr *next;

              if (k == i)
                continue;
              next = bg_expr_substitute (p->rhs, replace_cb, &r);
              bg_expr_unref (p->rhs);
              p->rhs = next;
            }
          g_ptr_array_remove_index (pending, i);
          changed = TRUE;
          break;
        }
    }
}

static void
builder_clear (BgEqBuilder *b)
{
  for (guint v = 0; v < 2 * b->n_bonds; v++)
    {
      g_clear_pointer (&b->defs[v], bg_expr_unref);
      g_clear_pointer (&b->expanded[v], bg_expr_unref);
    }
  g_free (b->defs);
  g_free (b->expanded);
  g_free (b->mark);
  g_free (b->torn);
  g_array_unref (b->torn_order);
  g_hash_table_unref (b->derivs);
  g_hash_table_unref (b->aux);
  g_hash_table_unref (b->symbol_set);
  g_free (b->error);
}

BgEquations *
bg_equations_derive (BgModel           *model,
                     const BgCausality *causality,
                     const char *const *outputs,
                     GError           **error)
{
  GPtrArray *bonds;
  const GPtrArray *states;
  BgEqBuilder b = { 0 };
  BgEquations *result;
  g_autoptr(GPtrArray) pending = g_ptr_array_new_with_free_func (pending_free);

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (causality != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bg_causality_is_ok (causality))
    {
      const GPtrArray *errors = bg_causality_get_errors (causality);

      g_set_error_literal (error, BG_EQUATIONS_ERROR, BG_EQUATIONS_ERROR_CAUSALITY,
                           ((BgDiagnostic *) g_ptr_array_index (errors, 0))->message);
      return NULL;
    }

  bonds = bg_model_get_bonds (model);
  b.model = model;
  b.causality = causality;
  b.n_bonds = bonds->len;
  b.bonds = (BgBond **) bonds->pdata;
  b.defs = g_new0 (BgExpr *, 2 * b.n_bonds + 1);
  b.expanded = g_new0 (BgExpr *, 2 * b.n_bonds + 1);
  b.mark = g_new0 (guint8, 2 * b.n_bonds + 1);
  b.torn = g_new0 (guint8, 2 * b.n_bonds + 1);
  b.torn_order = g_array_new (FALSE, FALSE, sizeof (guint));
  b.derivs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) bg_expr_unref);
  b.aux = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) bg_expr_unref);
  b.symbol_set = g_hash_table_new (g_str_hash, g_str_equal);
  b.result = _bg_equations_result_new ();

  apply_forms (&b);

  /* States in the analysis's order. */
  states = bg_causality_get_states (causality);
  for (guint i = 0; i < states->len && b.error == NULL; i++)
    {
      const char *name = g_ptr_array_index (states, i);
      const BgExpr *def = g_hash_table_lookup (b.derivs, name);
      const char *dot = strrchr (name, '.');

      if (def == NULL || dot == NULL)
        {
          b.error = g_strdup_printf (_("%s: no equation for this state."), name);
          break;
        }
      {
        g_autofree char *id = g_strndup (name, dot - name);
        const BgElement *element = bg_model_find_element (model, id);

        pending_add (pending, BG_EQ_STATE, name,
                     _bg_eq_names_state (element != NULL ? element->spec : NULL, dot + 1, id),
                     expand (&b, def));
      }
    }

  /* Outputs (their expansion may tear further loops). */
  for (guint i = 0; outputs != NULL && outputs[i] != NULL && b.error == NULL; i++)
    {
      BgExpr *rhs = output_expr (&b, outputs[i]);

      if (rhs == NULL)
        {
          g_set_error (error, BG_EQUATIONS_ERROR, BG_EQUATIONS_ERROR_UNKNOWN_OUTPUT,
                       _("“%s” is not a variable the equations can give (use BOND.e, BOND.f, BOND.P, a state, or a one-port’s e, f, E)."),
                       outputs[i]);
          _bg_equations_result_free (b.result);
          builder_clear (&b);
          return NULL;
        }
      pending_add (pending, BG_EQ_OUTPUT, outputs[i], g_strdup (outputs[i]), rhs);
    }

  /* The joint equations of the algebraic groups, in the order torn; an
   * unknown whose equation does not contain itself is no real unknown and
   * is substituted away. */
  for (guint i = 0; i < b.torn_order->len && b.error == NULL; i++)
    {
      guint var = g_array_index (b.torn_order, guint, i);
      g_autofree char *key = g_strdup_printf ("#torn%u", var);

      g_autofree char *name = torn_name (&b, var);

      pending_add (pending, BG_EQ_ALGEBRAIC, name, g_strdup (name),
                   bg_expr_ref (g_hash_table_lookup (b.aux, key)));
    }
  eliminate_false_unknowns (pending);

  for (BgEqKind kind = BG_EQ_STATE; kind <= BG_EQ_OUTPUT && b.error == NULL; kind++)
    for (guint i = 0; i < pending->len; i++)
      {
        Pending *p = g_ptr_array_index (pending, i);

        if (p->kind != kind)
          continue;
        if (kind == BG_EQ_ALGEBRAIC)
          {
            for (guint k = 0; k < b.torn_order->len; k++)
              {
                guint var = g_array_index (b.torn_order, guint, k);
                g_autofree char *name = torn_name (&b, var);

                if (strcmp (name, p->symbol) == 0)
                  add_torn_symbol (&b, var);
              }
          }
        _bg_equations_result_add (b.result, kind, p->name, p->symbol, p->rhs);
      }

  if (b.error != NULL)
    {
      g_set_error_literal (error, BG_EQUATIONS_ERROR, BG_EQUATIONS_ERROR_UNSUPPORTED, b.error);
      _bg_equations_result_free (b.result);
      builder_clear (&b);
      return NULL;
    }
  result = _bg_equations_result_finish (g_steal_pointer (&b.result));
  builder_clear (&b);
  return result;
}

GStrv
bg_equations_dup_view_outputs (BgModel *model)
{
  const char *view;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) names = NULL;
  JsonNode *root;
  JsonObject *object, *plots;
  JsonArray *vars;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  view = bg_model_get_view_json (model);
  if (view == NULL || !json_parser_load_from_data (parser, view, -1, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  object = json_node_get_object (root);
  if (!json_object_has_member (object, "plots") ||
      !JSON_NODE_HOLDS_OBJECT (json_object_get_member (object, "plots")))
    return NULL;
  plots = json_object_get_object_member (object, "plots");
  if (!json_object_has_member (plots, "vars") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (plots, "vars")))
    return NULL;
  vars = json_object_get_array_member (plots, "vars");
  names = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (vars); i++)
    {
      JsonNode *node = json_array_get_element (vars, i);
      const char *name;

      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
        continue;
      name = json_node_get_string (node);
      if (strcmp (name, "t") != 0)
        g_ptr_array_add (names, g_strdup (name));
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}
