/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-remedy.c — concrete model edits that resolve a causal conflict.
 *
 * Owns: finding candidate edits from the elements an error names, checking
 * each on a copy of the model (saved and loaded, so the copy is exact) by
 * analysing it again, the sentence that describes each, and applying one as
 * a single undo group. Must not: change the model outside bg_remedy_apply(),
 * know about GTK, or keep global state.
 *
 * Layout of an inserted element: the conflicting element S moves 100 units
 * further from its neighbour N, the new junction sits half-way between them
 * and the new R or C 80 units to the side of the bond, on the side with
 * more room.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-file.h"
#include "bg-library.h"
#include "bg-component-kind-private.h"
#include "bg-remedy.h"
#include "bg-units.h"

G_DEFINE_QUARK (bg-remedy-error-quark, bg_remedy_error)

/* At most this many remedies are offered for one error. */
#define MAX_REMEDIES 4
/* Canvas units: how far S moves away and the new element sits aside. */
#define MOVE_AWAY 100.0
#define SIDE_OFFSET 80.0

typedef enum
{
  REMEDY_SPLIT,  /* a new junction on S's bond carrying a new R or C */
  REMEDY_MERGE,  /* S merged into another inertia on the same 1-junction */
} RemedyKind;

struct _BgRemedy
{
  RemedyKind  kind;
  char       *text;
  char       *element_id;   /* S */
  char       *bond_id;      /* SPLIT: S's bond */
  char       *junction;     /* SPLIT: "0" or "1" */
  char       *added;        /* SPLIT: "R" or "C" */
  char       *target_id;    /* MERGE: the inertia that stays */
};

void
bg_remedy_free (BgRemedy *remedy)
{
  if (remedy == NULL)
    return;
  g_free (remedy->text);
  g_free (remedy->element_id);
  g_free (remedy->bond_id);
  g_free (remedy->junction);
  g_free (remedy->added);
  g_free (remedy->target_id);
  g_free (remedy);
}

const char *
bg_remedy_get_text (const BgRemedy *remedy)
{
  g_return_val_if_fail (remedy != NULL, NULL);
  return remedy->text;
}

/* Helpers ------------------------------------------------------------------ */

/* The element's single bond, or NULL. */
static BgBond *
single_bond (BgModel   *model,
             BgElement *element)
{
  GPtrArray *bonds = bg_model_get_element_bonds (model, element);

  if (element->spec->n_ports != 1 || bonds->len != 1)
    return NULL;
  return g_ptr_array_index (bonds, 0);
}

/* "EL" or "EL.PORT", as the file writes a bond end. */
static char *
end_ref (BgElement *element,
         int        port)
{
  if (port < 0 || element->spec->n_ports <= 1)
    return g_strdup (element->id);
  return g_strdup_printf ("%s.%s", element->id, element->spec->ports[port].name);
}

static BgDomain
bond_domain (BgBond *bond)
{
  BgElement *el = bond->from;

  if (bond->from_port >= 0 && (guint) bond->from_port < el->spec->n_ports)
    return el->spec->ports[bond->from_port].domain;
  return el->spec->domain;
}

/* "100 Ω", "1e9 Pa·s/m³", "0.01 m/N". */
static char *
format_value (double      value,
              const char *unit)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *number = NULL;
  char *e;

  g_ascii_formatd (buf, sizeof buf, "%.4g", value);
  e = strchr (buf, 'e');
  if (e == NULL)
    number = g_strdup (buf);
  else
    {
      const char *exp = e + 1;
      gboolean negative = *exp == '-';

      if (*exp == '+' || *exp == '-')
        exp++;
      while (*exp == '0' && exp[1] != '\0')
        exp++;
      *e = '\0';
      number = g_strdup_printf ("%se%s%s", buf, negative ? "-" : "", exp);
    }
  if (unit == NULL || *unit == '\0')
    return g_steal_pointer (&number);
  {
    g_autofree char *shown = bg_units_localize (unit);

    return g_strdup_printf ("%s %s", number, shown);
  }
}

static const BgParamSpec *
value_param (const BgComponentSpec *spec)
{
  return bg_component_spec_find_param (spec, "value", NULL);
}

/* Candidates --------------------------------------------------------------- */

static BgRemedy *
split_new (BgModel    *model,
           BgElement  *element,
           BgBond     *bond,
           const char *junction,
           const char *added)
{
  BgDomain domain = bond_domain (bond);
  const BgComponentSpec *spec = bg_library_lookup (added, domain);
  BgElement *other = bond->from == element ? bond->to : bond->from;
  BgRemedy *r;
  g_autofree char *id = NULL;
  g_autofree char *value = NULL;
  const BgParamSpec *pspec;

  if (spec == NULL || bg_library_lookup (junction, domain) == NULL ||
      (pspec = value_param (spec)) == NULL)
    return NULL;
  id = bg_model_make_element_id (model, spec);
  value = format_value (pspec->default_number, pspec->unit);

  r = g_new0 (BgRemedy, 1);
  r->kind = REMEDY_SPLIT;
  r->element_id = g_strdup (element->id);
  r->bond_id = g_strdup (bond->id);
  r->junction = g_strdup (junction);
  r->added = g_strdup (added);
  if (strcmp (added, "C") == 0)
    r->text = g_strdup_printf (_("Add a compliance %s = %s between %s and %s (on a new 0-junction)"),
                               id, value, element->id, other->id);
  else if (strcmp (junction, "1") == 0)
    r->text = g_strdup_printf (_("Add a resistance %s = %s in series with %s, between it and %s (on a new 1-junction)"),
                               id, value, element->id, other->id);
  else
    r->text = g_strdup_printf (_("Add a resistance %s = %s in parallel with %s, between it and %s (on a new 0-junction)"),
                               id, value, element->id, other->id);
  return r;
}

static BgRemedy *
merge_new (BgElement *element,
           BgElement *target)
{
  const BgParamSpec *pspec = value_param (target->spec);
  guint index_value;
  g_autofree char *value = NULL;
  BgRemedy *r;

  if (pspec == NULL || bg_component_spec_find_param (target->spec, "value", &index_value) == NULL)
    return NULL;
  value = format_value (target->params[index_value].number +
                        element->params[index_value].number, pspec->unit);
  r = g_new0 (BgRemedy, 1);
  r->kind = REMEDY_MERGE;
  r->element_id = g_strdup (element->id);
  r->target_id = g_strdup (target->id);
  r->text = g_strdup_printf (_("Merge %s into %s: one inertia %s = %s, with the summed momentum"),
                             element->id, target->id, target->id, value);
  return r;
}

/* Another inertia of the same kind on the same 1-junction, named by d. */
static BgElement *
merge_target (BgModel            *model,
              BgElement          *element,
              const BgDiagnostic *d)
{
  BgBond *bond = single_bond (model, element);
  BgElement *junction;

  if (bond == NULL || !element->spec->kind->merges_on_common_flow)
    return NULL;
  junction = bond->from == element ? bond->to : bond->from;
  if (junction->spec->kind->junction != BG_JUNCTION_COMMON_FLOW)
    return NULL;
  for (guint i = 0; d->elements[i] != NULL; i++)
    {
      BgElement *other = bg_model_find_element (model, d->elements[i]);
      BgBond *other_bond;

      if (other == NULL || other == element || other->spec != element->spec)
        continue;
      other_bond = single_bond (model, other);
      if (other_bond != NULL &&
          (other_bond->from == junction || other_bond->to == junction))
        return other;
    }
  return NULL;
}

static gboolean
names_other_inertia (BgModel            *model,
                     BgElement          *element,
                     const BgDiagnostic *d)
{
  for (guint i = 0; d->elements[i] != NULL; i++)
    {
      BgElement *other = bg_model_find_element (model, d->elements[i]);

      if (other != NULL && other != element &&
          bg_component_spec_is_storage (other->spec) && bg_component_spec_sets (other->spec, FALSE))
        return TRUE;
    }
  return FALSE;
}

static void
add_candidate (GPtrArray *list,
               BgRemedy  *r)
{
  if (r == NULL)
    return;
  for (guint i = 0; i < list->len; i++)
    {
      BgRemedy *o = g_ptr_array_index (list, i);

      gboolean same_split = o->kind == REMEDY_SPLIT && r->kind == REMEDY_SPLIT &&
                            strcmp (o->bond_id, r->bond_id) == 0 &&
                            strcmp (o->junction, r->junction) == 0 &&
                            strcmp (o->added, r->added) == 0;
      gboolean same_merge = o->kind == REMEDY_MERGE && r->kind == REMEDY_MERGE &&
                            strcmp (o->element_id, r->target_id) == 0 &&
                            strcmp (o->target_id, r->element_id) == 0;

      if (same_split || same_merge)
        {
          bg_remedy_free (r);
          return;
        }
    }
  g_ptr_array_add (list, r);
}

static void
add_for_element (GPtrArray          *list,
                 BgModel            *model,
                 BgElement          *element,
                 const BgDiagnostic *d)
{
  BgBond *bond = single_bond (model, element);
  BgElement *target;

  if (bond == NULL)
    return;
  if (bg_component_spec_sets (element->spec, TRUE))
    add_candidate (list, split_new (model, element, bond, "1", "R"));
  if (bg_component_spec_sets (element->spec, FALSE))
    {
      if ((target = merge_target (model, element, d)) != NULL)
        add_candidate (list, merge_new (element, target));
      /* A spring between two inertias that the conflict couples. */
      if (!bg_component_spec_is_source (element->spec, FALSE) && names_other_inertia (model, element, d))
        add_candidate (list, split_new (model, element, bond, "0", "C"));
      add_candidate (list, split_new (model, element, bond, "0", "R"));
    }
}

/* The elements an error names: storages before sources (a source is
 * usually the given, the storage the modelling choice), each group the last
 * first (the analyzer names the element it could not satisfy last). */
static GPtrArray *
candidates (BgModel            *model,
            const BgDiagnostic *d)
{
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) bg_remedy_free);
  guint n = g_strv_length (d->elements);

  for (guint pass = 0; pass < 2; pass++)
    for (guint k = n; k-- > 0;)
      {
        BgElement *element = bg_model_find_element (model, d->elements[k]);

        if (element != NULL &&
            bg_component_spec_is_storage (element->spec) == (pass == 0))
          add_for_element (list, model, element, d);
      }
  return list;
}

/* Applying ------------------------------------------------------------------ */

static double
distance_to_nearest (BgModel *model,
                     double   x,
                     double   y)
{
  GPtrArray *elements = bg_model_get_elements (model);
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);

      best = MIN (best, hypot (el->x - x, el->y - y));
    }
  return best;
}

static gboolean
apply_split (const BgRemedy *r,
             BgModel        *model,
             GError        **error)
{
  BgElement *element = bg_model_find_element (model, r->element_id);
  BgBond *bond = bg_model_find_bond (model, r->bond_id);
  g_autofree char *from_ref = NULL;
  g_autofree char *to_ref = NULL;
  g_autofree char *junction_id = NULL;
  g_autofree char *added_id = NULL;
  const char *ids[1];
  gboolean element_is_from, reversed;
  BgElement *other, *junction, *added;
  BgBond *b1, *b2;
  BgDomain domain;
  double dx, dy, len, mx, my, px, py, ax, ay, bx, by;

  if (element == NULL || bond == NULL ||
      (bond->from != element && bond->to != element))
    {
      g_set_error (error, BG_REMEDY_ERROR, BG_REMEDY_ERROR_STALE,
                   _("The model has changed: %s is no longer bonded by %s"),
                   r->element_id, r->bond_id);
      return FALSE;
    }
  element_is_from = bond->from == element;
  other = element_is_from ? bond->to : bond->from;
  from_ref = end_ref (bond->from, bond->from_port);
  to_ref = end_ref (bond->to, bond->to_port);
  reversed = bond->arrow == BG_ARROW_REVERSED;
  domain = bond_domain (bond);

  /* S moves away from its neighbour to make room. */
  dx = element->x - other->x;
  dy = element->y - other->y;
  len = hypot (dx, dy);
  if (len < 1e-9)
    {
      dx = 1;
      dy = 0;
      len = 1;
    }
  dx /= len;
  dy /= len;
  ids[0] = element->id;
  if (!bg_model_move_elements (model, ids, 1, round (dx * MOVE_AWAY),
                               round (dy * MOVE_AWAY), error))
    return FALSE;
  mx = round ((element->x + other->x) / 2);
  my = round ((element->y + other->y) / 2);
  px = -dy;
  py = dx;
  ax = round (mx + px * SIDE_OFFSET);
  ay = round (my + py * SIDE_OFFSET);
  bx = round (mx - px * SIDE_OFFSET);
  by = round (my - py * SIDE_OFFSET);
  if (distance_to_nearest (model, bx, by) > distance_to_nearest (model, ax, ay))
    {
      ax = bx;
      ay = by;
    }

  ids[0] = bond->id;
  if (!bg_model_remove_bonds (model, ids, 1, error))
    return FALSE;
  added = bg_model_add_element (model, r->added, domain, NULL, ax, ay, error);
  if (added == NULL)
    return FALSE;
  added_id = g_strdup (added->id);
  junction = bg_model_add_element (model, r->junction, domain, NULL, mx, my, error);
  if (junction == NULL)
    return FALSE;
  junction_id = g_strdup (junction->id);

  /* The power direction of the old bond runs on through the junction. */
  b1 = bg_model_connect (model, from_ref, junction_id, NULL, error);
  if (b1 == NULL || (reversed && !bg_model_reverse_arrow (model, b1->id, error)))
    return FALSE;
  b2 = bg_model_connect (model, junction_id, to_ref, NULL, error);
  if (b2 == NULL || (reversed && !bg_model_reverse_arrow (model, b2->id, error)))
    return FALSE;
  return bg_model_connect (model, junction_id, added_id, NULL, error) != NULL;
}

static gboolean
apply_merge (const BgRemedy *r,
             BgModel        *model,
             GError        **error)
{
  BgElement *element = bg_model_find_element (model, r->element_id);
  BgElement *target = bg_model_find_element (model, r->target_id);
  const char *names[2] = { "value", "initial" };
  BgParamValue values[2] = { { .kind = BG_PARAM_NUMBER }, { .kind = BG_PARAM_NUMBER } };
  const char *ids[1];

  if (element == NULL || target == NULL || element->spec != target->spec)
    {
      g_set_error (error, BG_REMEDY_ERROR, BG_REMEDY_ERROR_STALE,
                   _("The model has changed: %s and %s are no longer two inertias of one kind"),
                   r->element_id, r->target_id);
      return FALSE;
    }
  for (guint k = 0; k < 2; k++)
    {
      guint index;

      if (bg_component_spec_find_param (target->spec, names[k], &index) == NULL)
        g_return_val_if_reached (FALSE);
      values[k].number = target->params[index].number + element->params[index].number;
    }
  if (!bg_model_set_params (model, target->id, names, values, 2, error))
    return FALSE;
  ids[0] = element->id;
  return bg_model_remove_elements (model, ids, 1, error);
}

gboolean
bg_remedy_apply (const BgRemedy *remedy,
                 BgModel        *model,
                 GError        **error)
{
  gboolean ok;
  guint64 revision;

  g_return_val_if_fail (remedy != NULL, FALSE);
  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  revision = bg_model_get_revision (model);
  bg_model_begin_group (model, remedy->text);
  if (remedy->kind == REMEDY_SPLIT)
    ok = apply_split (remedy, model, error);
  else
    ok = apply_merge (remedy, model, error);
  bg_model_end_group (model);
  /* A half-applied remedy is taken back as a whole. */
  if (!ok && bg_model_get_revision (model) != revision)
    bg_model_undo (model);
  return ok;
}

/* Verification -------------------------------------------------------------- */

static BgModel *
copy_model (BgModel *model)
{
  gsize length;
  g_autofree char *data = bg_file_to_data (model, &length);

  return bg_file_load_from_data (data, length, NULL);
}

/* TRUE if the remedy, applied to a copy, removes an error and adds none. */
static gboolean
verify (const BgRemedy *remedy,
        BgModel        *model,
        guint           n_errors)
{
  g_autoptr(BgModel) copy = copy_model (model);
  g_autoptr(BgCausality) after = NULL;

  if (copy == NULL || !bg_remedy_apply (remedy, copy, NULL))
    return FALSE;
  after = bg_causality_analyze (copy);
  return bg_causality_get_errors (after)->len < n_errors;
}

static gboolean
is_conflict (const BgDiagnostic *d)
{
  return strcmp (d->code, "causal-conflict") == 0 ||
         strcmp (d->code, "derivative-causality") == 0;
}

int
bg_remedy_first_conflict (const BgCausality *causality)
{
  const GPtrArray *errors;

  g_return_val_if_fail (causality != NULL, -1);

  errors = bg_causality_get_errors (causality);
  for (guint i = 0; i < errors->len; i++)
    if (is_conflict (g_ptr_array_index (errors, i)))
      return (int) i;
  return -1;
}

GPtrArray *
bg_remedy_list (BgModel           *model,
                const BgCausality *causality,
                guint              error_index)
{
  const GPtrArray *errors;
  const BgDiagnostic *d;
  g_autoptr(GPtrArray) all = NULL;
  GPtrArray *verified = g_ptr_array_new_with_free_func ((GDestroyNotify) bg_remedy_free);

  g_return_val_if_fail (BG_IS_MODEL (model), verified);
  g_return_val_if_fail (causality != NULL, verified);

  errors = bg_causality_get_errors (causality);
  if (error_index >= errors->len)
    return verified;
  d = g_ptr_array_index (errors, error_index);
  if (!is_conflict (d))
    return verified;

  all = candidates (model, d);
  for (guint i = 0; i < all->len && verified->len < MAX_REMEDIES; i++)
    if (verify (g_ptr_array_index (all, i), model, errors->len))
      g_ptr_array_add (verified, g_ptr_array_steal_index (all, i--));
  return verified;
}

char *
bg_remedy_add_to_json (BgModel           *model,
                       const BgCausality *causality,
                       const char        *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  JsonObject *root;
  JsonArray *errors;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (causality != NULL, NULL);
  g_return_val_if_fail (json != NULL, NULL);

  if (!json_parser_load_from_data (parser, json, -1, NULL) ||
      !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    g_return_val_if_reached (g_strdup (json));
  root = json_node_get_object (json_parser_get_root (parser));
  errors = json_object_has_member (root, "errors")
           ? json_object_get_array_member (root, "errors") : NULL;
  for (guint i = 0; errors != NULL && i < json_array_get_length (errors); i++)
    {
      g_autoptr(GPtrArray) remedies = bg_remedy_list (model, causality, i);
      JsonArray *array = json_array_new ();

      for (guint k = 0; k < remedies->len; k++)
        {
          JsonObject *object = json_object_new ();

          json_object_set_string_member (object, "text",
                                         bg_remedy_get_text (g_ptr_array_index (remedies, k)));
          json_array_add_object_element (array, object);
        }
      json_object_set_array_member (json_array_get_object_element (errors, i),
                                    "remedies", array);
    }
  json_generator_set_root (generator, json_parser_get_root (parser));
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

char *
bg_remedy_analysis_to_json (BgModel           *model,
                            const BgCausality *causality)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (causality != NULL, NULL);

  text = bg_causality_to_json (causality);
  return bg_remedy_add_to_json (model, causality, text);
}
