/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-components.c — Make Component and Explode as model edits (see
 * bg-model-components.h for what each keeps).
 *
 * In the layout: core/: the model stage; BgModel is split by concern into
 * bg-model*.c (bg-model-private.h lists them).
 *
 * Owns: building a definition's body from part of a level (its Ports, the
 * elements, the bonds inside and the inner halves of the bonds across),
 * the instance and outer bonds that replace that part, and the reverse:
 * an instance's contents put back inline under prefixed ids with the
 * bonds through its ports joined again. Element and bond order are chosen
 * so that the flattened graph keeps its order (bg-model-flatten.h).
 * Must not: change anything before every check has passed.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model-components.h"
#include "bg-model-private.h"
#include "bg-definition.h"

/* Ids ------------------------------------------------------------------- */

static gboolean
id_taken (BgModel    *level,
          GHashTable *chosen,
          const char *id)
{
  return (level != NULL && (bg_model_find_element (level, id) != NULL
                            || bg_model_find_bond (level, id) != NULL))
         || g_hash_table_contains (chosen, id);
}

/* base, or base_2, base_3, ...: valid, not in level nor chosen; NULL when
 * even that would be too long. The id is added to chosen. */
static char *
unique_id (BgModel    *level,
           GHashTable *chosen,
           const char *base)
{
  char *id = g_strdup (base);

  for (guint n = 2; !bg_id_is_valid (id) || id_taken (level, chosen, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s_%u", base, n);
      if (strlen (id) > BG_ID_MAX_LENGTH)
        {
          g_free (id);
          return NULL;
        }
    }
  g_hash_table_add (chosen, g_strdup (id));
  return id;
}

/* "b3" → "B3"; a name already capitalised gets a "P_" first. */
static char *
port_base (const char *bond_id)
{
  if (g_ascii_islower (bond_id[0]))
    {
      char *base = g_strdup (bond_id);

      base[0] = g_ascii_toupper (base[0]);
      return base;
    }
  return g_strconcat ("P_", bond_id, NULL);
}

static BgDomain
end_domain (const BgElement *el,
            int              port)
{
  return port >= 0 ? el->spec->ports[port].domain : el->spec->domain;
}

/* Make Component ---------------------------------------------------------- */

typedef struct
{
  BgBond    *bond;       /* in the level */
  gboolean   inner_is_to;
  Element   *port;       /* its Port in the body */
  guint      port_index; /* among the body's Ports */
} Crossing;

static gboolean
check_selection (BgModel           *self,
                 const char *const *ids,
                 GHashTable        *set,
                 GError           **error)
{
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      BgElement *el = bg_model_find_element (self, ids[i]);

      if (el == NULL)
        {
          if (bg_model_find_bond (self, ids[i]) != NULL)
            continue;
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                       _("no element “%s”"), ids[i]);
          return FALSE;
        }
      if (el->spec->kind->boundary)
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                       _("%s is a port of the component shown: leave it out of the new one"),
                       el->id);
          return FALSE;
        }
      g_hash_table_add (set, el);
    }
  if (g_hash_table_size (set) == 0)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("Select the elements the component is made of"));
      return FALSE;
    }
  return TRUE;
}

/* The body: Ports (one per crossing bond, at the element outside), then
 * the elements, then the bonds in the level's order. */
static BgModel *
build_body (BgModel    *self,
            GHashTable *set,
            GArray     *crossings)
{
  BgModel *body = bg_model_new_body (self);
  g_autoptr(GHashTable) chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) copy_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();
  g_autoptr(GPtrArray) bonds = g_ptr_array_new ();
  GPtrArray *level_elements = bg_model_get_elements (self);
  GPtrArray *level_bonds = bg_model_get_bonds (self);
  guint next_crossing = 0;

  /* every id the body keeps, before the Ports are named */
  for (guint i = 0; i < level_elements->len; i++)
    if (g_hash_table_contains (set, level_elements->pdata[i]))
      g_hash_table_add (chosen, g_strdup (((BgElement *) level_elements->pdata[i])->id));
  for (guint i = 0; i < level_bonds->len; i++)
    {
      BgBond *b = level_bonds->pdata[i];

      if (g_hash_table_contains (set, b->from) || g_hash_table_contains (set, b->to))
        g_hash_table_add (chosen, g_strdup (b->id));
    }

  for (guint k = 0; k < crossings->len; k++)
    {
      Crossing *c = &g_array_index (crossings, Crossing, k);
      const BgElement *inner = c->inner_is_to ? c->bond->to : c->bond->from;
      const BgElement *outer = c->inner_is_to ? c->bond->from : c->bond->to;
      int port = c->inner_is_to ? c->bond->to_port : c->bond->from_port;
      g_autofree char *base = port_base (c->bond->id);
      g_autofree char *name = unique_id (NULL, chosen, base);
      double y = outer->y;

      if (name == NULL)
        name = unique_id (NULL, chosen, "P");
      /* Ports at one outside element stand one above another. */
      for (guint j = 0; j < k; j++)
        {
          Crossing *d = &g_array_index (crossings, Crossing, j);

          if ((d->inner_is_to ? d->bond->from : d->bond->to) == outer)
            y += 40;
        }
      c->port = _bg_model_element_new (bg_library_lookup ("Port", end_domain (inner, port)),
                                       name, outer->x, y);
      c->port_index = k;
      g_ptr_array_add (elements, c->port);
    }
  for (guint i = 0; i < level_elements->len; i++)
    {
      BgElement *el = level_elements->pdata[i];
      Element *copy;

      if (!g_hash_table_contains (set, el))
        continue;
      copy = _bg_model_element_copy (el, NULL);
      g_hash_table_insert (copy_of, el, copy);
      g_ptr_array_add (elements, copy);
    }
  for (guint i = 0; i < level_bonds->len; i++)
    {
      BgBond *b = level_bonds->pdata[i];
      gboolean in_from = g_hash_table_contains (set, b->from);
      gboolean in_to = g_hash_table_contains (set, b->to);
      Bond *copy;

      if (!in_from && !in_to)
        continue;
      if (in_from && in_to)
        {
          copy = _bg_model_bond_new (b->id, g_hash_table_lookup (copy_of, b->from), b->from_port,
                                     g_hash_table_lookup (copy_of, b->to), b->to_port);
          copy->pub.exercise = b->exercise;
        }
      else
        {
          Crossing *c = &g_array_index (crossings, Crossing, next_crossing++);

          g_assert (c->bond == b);
          /* in from outside: out of the Port; out to outside: into it */
          if (in_to)
            copy = _bg_model_bond_new (b->id, c->port, 0,
                                       g_hash_table_lookup (copy_of, b->to), b->to_port);
          else
            copy = _bg_model_bond_new (b->id, g_hash_table_lookup (copy_of, b->from), b->from_port,
                                       c->port, 0);
        }
      copy->pub.arrow = b->arrow;
      g_ptr_array_add (bonds, copy);
    }
  _bg_model_insert_unrecorded (body, elements, OP_INSERT_ELEMENTS);
  _bg_model_insert_unrecorded (body, bonds, OP_INSERT_BONDS);
  bg_model_clear_history (body);
  return body;
}

/* Records the removal of the items of array the predicate picks. */
static void
record_removal (BgModel  *self,
                OpKind    kind,
                gboolean (*selected) (gpointer item, gpointer data),
                gpointer  data)
{
  GPtrArray *array = kind == OP_REMOVE_BONDS ? self->bonds : self->elements;
  guint n = 0;
  Op op;

  for (guint i = 0; i < array->len; i++)
    if (selected (array->pdata[i], data))
      n++;
  if (n == 0)
    return;
  op = _bg_model_removal_op (self, kind, selected, data, n);
  _bg_model_record (self, &op);
}

/* Records one element inserted at index. */
static void
record_insert_element (BgModel *self,
                       Element *el,
                       guint    index)
{
  Op op = _bg_model_batch_op (OP_INSERT_ELEMENTS, 1);

  op.u.batch.indices[0] = index;
  op.u.batch.items[0] = el;
  _bg_model_record (self, &op);
}

BgElement *
bg_model_make_component (BgModel           *self,
                         const char *const *ids,
                         const char        *name,
                         GError           **error)
{
  g_autoptr(GHashTable) set = NULL;
  g_autoptr(GArray) crossings = NULL;
  g_autoptr(GArray) outer_at = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *instance_id = NULL;
  g_autofree char *label = NULL;
  BgModel *body;
  BgDefinition *def;
  Element *instance;
  double cx = 0, cy = 0;
  guint first = G_MAXUINT, kept_before = 0, kept_bonds = 0;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bg_model_check_component_name (self, name, error))
    return NULL;
  set = g_hash_table_new (NULL, NULL);
  if (!check_selection (self, ids, set, error))
    return NULL;

  /* the bonds across, and where each stands among the bonds that stay */
  crossings = g_array_new (FALSE, TRUE, sizeof (Crossing));
  outer_at = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < self->bonds->len; i++)
    {
      BgBond *b = self->bonds->pdata[i];
      gboolean in_from = g_hash_table_contains (set, b->from);
      gboolean in_to = g_hash_table_contains (set, b->to);

      if (in_from && in_to)
        continue;
      if (in_from || in_to)
        {
          Crossing c = { b, in_to, NULL, 0 };

          g_array_append_val (crossings, c);
          g_array_append_val (outer_at, kept_bonds);
        }
      kept_bonds++;
    }
  if (crossings->len == 0)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("The selection has no bond to the rest of the model: a component "
                     "needs at least one port"));
      return NULL;
    }
  for (guint i = 0; i < self->elements->len; i++)
    {
      BgElement *el = self->elements->pdata[i];

      if (!g_hash_table_contains (set, el))
        {
          if (first == G_MAXUINT)
            kept_before++;
          continue;
        }
      if (first == G_MAXUINT)
        first = i;
      cx += el->x;
      cy += el->y;
    }
  cx = round (cx / g_hash_table_size (set));
  cy = round (cy / g_hash_table_size (set));

  body = build_body (self, set, crossings);
  def = _bg_definition_new (name, body, NULL, NULL, NULL, &local_error);
  g_object_unref (body);
  if (def == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("Cannot make the component %s: %s"), name, local_error->message);
      return NULL;
    }

  label = g_strdup_printf (_("Make Component %s"), name);
  bg_model_begin_group (self, label);
  _bg_model_record_definition (self, DEFINITION_INSERT,
                               bg_model_get_definitions (self)->len, def);
  instance_id = _bg_model_make_id (self, def->name);
  instance = _bg_model_element_new (def->spec, instance_id, cx, cy);
  _bg_definition_free (def); /* the model and the instance hold it */

  _bg_model_record_set_removal (self, set);
  record_insert_element (self, instance, kept_before);

  op = _bg_model_batch_op (OP_INSERT_BONDS, crossings->len);
  for (guint k = 0; k < crossings->len; k++)
    {
      Crossing *c = &g_array_index (crossings, Crossing, k);
      BgBond *b = c->bond;
      Bond *outer;

      if (c->inner_is_to)
        outer = _bg_model_bond_new (b->id, ELEMENT (b->from), b->from_port,
                                    instance, (int) c->port_index);
      else
        outer = _bg_model_bond_new (b->id, instance, (int) c->port_index,
                                    ELEMENT (b->to), b->to_port);
      outer->pub.arrow = b->arrow;
      outer->pub.exercise = b->exercise;
      op.u.batch.indices[k] = g_array_index (outer_at, guint, k);
      op.u.batch.items[k] = outer;
    }
  _bg_model_record (self, &op);
  bg_model_end_group (self);
  return &instance->pub;
}

/* Explode ----------------------------------------------------------------- */

static gboolean
bond_touches_element (gpointer item,
                      gpointer element)
{
  BgBond *b = item;

  return b->from == element || b->to == element;
}

static gboolean
is_element (gpointer item,
            gpointer element)
{
  return item == element;
}

/* A fresh id for a copy: "T2_C", else the kind's next free id. */
static char *
copy_id (BgModel               *self,
         GHashTable            *chosen,
         const char            *instance,
         const char            *inner,
         const BgComponentSpec *spec)
{
  g_autofree char *base = g_strconcat (instance, "_", inner, NULL);
  char *id = strlen (base) <= BG_ID_MAX_LENGTH ? unique_id (self, chosen, base) : NULL;

  while (id == NULL)
    {
      id = spec != NULL ? _bg_model_make_id (self, spec->kind->id_prefix)
                        : _bg_model_make_id (self, "b");
      if (g_hash_table_contains (chosen, id))
        {
          /* taken by another copy: try the next number */
          g_autofree char *next = id;

          id = unique_id (self, chosen, next);
        }
      else
        g_hash_table_add (chosen, g_strdup (id));
    }
  return id;
}

gboolean
bg_model_explode_instance (BgModel    *self,
                           const char *id,
                           GError    **error)
{
  g_autoptr(GHashTable) chosen = NULL;
  g_autoptr(GHashTable) copy_of = NULL;
  g_autoptr(GPtrArray) elements = NULL;
  g_autoptr(GPtrArray) front = NULL;
  g_autofree BgBond **outer = NULL;
  g_autofree char *label = NULL;
  g_autofree char *def_name = NULL;
  const BgDefinition *def;
  BgElement *instance;
  BgModel *body;
  double cx = 0, cy = 0;
  guint n_inner = 0, cursor = 0, index = 0;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  instance = bg_model_find_element (self, id);
  if (instance == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no element “%s”"), id);
      return FALSE;
    }
  def = bg_definition_of_spec (instance->spec);
  if (def == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("%s is not an instance of a component"), id);
      return FALSE;
    }
  body = def->body;
  for (guint i = 0; i < body->bonds->len; i++)
    {
      BgBond *b = body->bonds->pdata[i];

      if (b->from->spec->kind->boundary && b->to->spec->kind->boundary)
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                       _("%s.%s joins two ports of its component directly; put a junction "
                         "between them"), id, b->id);
          return FALSE;
        }
    }
  for (guint i = 0; i < body->elements->len; i++)
    if (!((BgElement *) body->elements->pdata[i])->spec->kind->boundary)
      n_inner++;
  if (self->elements->len - 1 + n_inner > BG_MODEL_MAX_ELEMENTS)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("A model holds at most %u elements"), (guint) BG_MODEL_MAX_ELEMENTS);
      return FALSE;
    }

  /* the copies, with the instance's values, around where it was */
  for (guint i = 0; i < body->elements->len; i++)
    {
      BgElement *el = body->elements->pdata[i];

      if (!el->spec->kind->boundary)
        {
          cx += el->x / n_inner;
          cy += el->y / n_inner;
        }
    }
  chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  copy_of = g_hash_table_new (NULL, NULL);
  elements = g_ptr_array_new ();
  for (guint i = 0; i < body->elements->len; i++)
    {
      BgElement *el = body->elements->pdata[i];
      g_autofree char *new_id = NULL;
      Element *copy;

      if (el->spec->kind->boundary)
        continue;
      new_id = copy_id (self, chosen, id, el->id, el->spec);
      copy = _bg_model_element_copy (el, new_id);
      copy->pub.x = round (instance->x + el->x - cx);
      copy->pub.y = round (instance->y + el->y - cy);
      for (guint k = 0; k < el->spec->n_params; k++)
        {
          bg_param_value_clear (&copy->pub.params[k]);
          bg_param_value_copy (&copy->pub.params[k], &instance->params[cursor + k]);
        }
      cursor += el->spec->n_params;
      g_hash_table_insert (copy_of, el, copy);
      g_ptr_array_add (elements, copy);
    }
  g_assert (cursor == instance->spec->n_params);

  /* the bond outside at each port */
  outer = g_new0 (BgBond *, MAX (instance->spec->n_ports, 1));
  for (guint i = 0; i < self->bonds->len; i++)
    {
      BgBond *b = self->bonds->pdata[i];

      if (b->to == instance)
        outer[b->to_port] = b;
      else if (b->from == instance)
        outer[b->from_port] = b;
    }
  /* the bonds inside in their order, each through a port joined with the
   * bond outside it: the flat graph's order (bg-model-flatten.h) */
  front = g_ptr_array_new ();
  for (guint i = 0; i < body->bonds->len; i++)
    {
      BgBond *b = body->bonds->pdata[i];
      gboolean from_port = b->from->spec->kind->boundary;
      gboolean to_port = b->to->spec->kind->boundary;
      Bond *copy;

      if (from_port || to_port)
        {
          Element *inner = g_hash_table_lookup (copy_of, from_port ? b->to : b->from);
          int inner_port = from_port ? b->to_port : b->from_port;
          BgBond *o;
          guint k;

          if (bg_component_spec_find_port (instance->spec, (from_port ? b->from : b->to)->id,
                                           &k) == NULL)
            g_assert_not_reached ();
          o = outer[k];
          if (o == NULL)
            continue; /* nothing outside: the port goes with its bond */
          if (o->to == instance)
            copy = _bg_model_bond_new (o->id, ELEMENT (o->from), o->from_port, inner, inner_port);
          else
            copy = _bg_model_bond_new (o->id, inner, inner_port, ELEMENT (o->to), o->to_port);
          copy->pub.arrow = o->arrow;
          copy->pub.exercise = o->exercise;
        }
      else
        {
          g_autofree char *new_id = copy_id (self, chosen, id, b->id, NULL);

          copy = _bg_model_bond_new (new_id, g_hash_table_lookup (copy_of, b->from), b->from_port,
                                     g_hash_table_lookup (copy_of, b->to), b->to_port);
          copy->pub.arrow = b->arrow;
          copy->pub.exercise = b->exercise;
        }
      g_ptr_array_add (front, copy);
    }

  if (!g_ptr_array_find (self->elements, instance, &index))
    g_assert_not_reached ();
  def_name = g_strdup (def->name);
  label = g_strdup_printf (_("Explode %s"), id);
  bg_model_begin_group (self, label);
  record_removal (self, OP_REMOVE_BONDS, bond_touches_element, instance);
  record_removal (self, OP_REMOVE_ELEMENTS, is_element, instance); /* def may go with it */
  if (elements->len > 0)
    {
      op = _bg_model_batch_op (OP_INSERT_ELEMENTS, elements->len);
      for (guint i = 0; i < elements->len; i++)
        {
          op.u.batch.indices[i] = index + i;
          op.u.batch.items[i] = elements->pdata[i];
        }
      _bg_model_record (self, &op);
    }
  if (front->len > 0)
    {
      op = _bg_model_batch_op (OP_INSERT_BONDS, front->len);
      for (guint i = 0; i < front->len; i++)
        {
          op.u.batch.indices[i] = i;
          op.u.batch.items[i] = front->pdata[i];
        }
      _bg_model_record (self, &op);
    }
  if (!bg_model_is_body (self) && !bg_model_definition_in_use (self, def_name))
    bg_model_remove_definition (self, def_name, NULL);
  bg_model_end_group (self);
  return TRUE;
}
