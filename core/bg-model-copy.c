/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-copy.c — copies of a graph, and what an instance becomes when
 * its definition is replaced.
 *
 * In the layout: core/: the model stage; BgModel is split by concern into
 * bg-model*.c (bg-model-private.h lists them).
 *
 * Owns: element copies, filling a model without recording, the copy of a
 * whole level (a body to edit, a view following its original) with its
 * instances following replaced definitions: their specs, their values (by
 * name: what an instance set stays) and their ports (by name and domain).
 * Must not: record undo steps (the edits that use these do).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"
#include "bg-definition.h"

Element *
_bg_model_element_copy (const BgElement *from,
                        const char      *id)
{
  Element *el = _bg_model_element_new (from->spec, id != NULL ? id : from->id, from->x, from->y);

  el->pub.rotation = from->rotation;
  el->pub.label = g_strdup (from->label);
  for (guint i = 0; i < from->spec->n_params; i++)
    {
      bg_param_value_clear (&el->pub.params[i]);
      bg_param_value_copy (&el->pub.params[i], &from->params[i]);
    }
  return el;
}

void
_bg_model_insert_unrecorded (BgModel   *self,
                             GPtrArray *items,
                             OpKind     kind)
{
  GPtrArray *into = kind == OP_INSERT_BONDS ? self->bonds : self->elements;
  Op op;

  gboolean own_group = !self->unrecorded;

  g_assert (kind == OP_INSERT_BONDS || kind == OP_INSERT_ELEMENTS);
  if (items->len == 0)
    return;
  op = _bg_model_batch_op (kind, items->len);
  for (guint i = 0; i < items->len; i++)
    {
      op.u.batch.indices[i] = into->len + i;
      op.u.batch.items[i] = g_ptr_array_index (items, i); /* the op takes the reference */
    }
  g_ptr_array_set_size (items, 0);
  if (own_group)
    bg_model_begin_unrecorded (self);
  _bg_model_edit_begin (self, NULL);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  if (own_group)
    bg_model_end_group (self);
}

void
_bg_model_respec_init (Respec *r)
{
  r->specs = g_hash_table_new (NULL, NULL);
  r->indices = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
}

void
_bg_model_respec_clear (Respec *r)
{
  g_hash_table_unref (r->specs);
  g_hash_table_unref (r->indices);
}

/* The spec an instance of spec has after the edit: the replacement, or
 * the model's current definition of that name for an instance copied
 * from a view that has not caught up; spec itself for anything else. */
const BgComponentSpec *
_bg_model_respec_spec (Respec                *r,
                       BgModel               *top,
                       const BgComponentSpec *spec)
{
  const BgComponentSpec *to = g_hash_table_lookup (r->specs, spec);
  const BgDefinition *def;

  if (to != NULL)
    return to;
  def = bg_definition_of_spec (spec);
  if (def != NULL)
    {
      const BgDefinition *now = g_hash_table_lookup (top->definition_names, def->name);

      if (now != NULL && now->spec != spec)
        return _bg_model_respec_spec (r, top, now->spec);
    }
  return spec;
}

/* The index of a parameter of from by name (a table for large specs). */
static gboolean
respec_find_param (Respec                *r,
                   const BgComponentSpec *from,
                   const char            *name,
                   guint                 *index)
{
  GHashTable *names;
  gpointer found;

  if (from->n_params <= 16)
    return bg_component_spec_find_param (from, name, index) != NULL;
  names = g_hash_table_lookup (r->indices, from);
  if (names == NULL)
    {
      names = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < from->n_params; i++)
        g_hash_table_insert (names, (gpointer) from->params[i].name, GUINT_TO_POINTER (i + 1));
      g_hash_table_insert (r->indices, (gpointer) from, names);
    }
  found = g_hash_table_lookup (names, name);
  if (found == NULL)
    return FALSE;
  *index = GPOINTER_TO_UINT (found) - 1;
  return TRUE;
}

/* An instance's values under its new spec: what it set itself (a value
 * other than the old default) stays where a parameter of that name and
 * kind remains and accepts it; everything else takes the new default. */
BgParamValue *
_bg_model_respec_params (Respec                *r,
                         const BgComponentSpec *from,
                         const BgParamValue    *values,
                         const BgComponentSpec *to)
{
  BgParamValue *out = g_new0 (BgParamValue, MAX (to->n_params, 1));

  for (guint k = 0; k < to->n_params; k++)
    {
      const BgParamSpec *pspec = &to->params[k];
      gboolean keep = FALSE;
      guint j;

      if (respec_find_param (r, from, pspec->name, &j) && from->params[j].kind == pspec->kind)
        {
          BgParamValue def;

          bg_param_value_init_default (&def, &from->params[j]);
          keep = !bg_param_value_equal (&def, &values[j])
                 && bg_param_value_check (&values[j], pspec, NULL);
          bg_param_value_clear (&def);
        }
      if (keep)
        bg_param_value_copy (&out[k], &values[j]);
      else
        bg_param_value_init_default (&out[k], pspec);
    }
  return out;
}

/* The port of to that port of from becomes: the same name and domain, or
 * -1 (the port is gone, and so are the bonds to it). */
int
_bg_model_respec_port (const BgComponentSpec *from,
                       int                    port,
                       const BgComponentSpec *to)
{
  guint index;

  if (port < 0 || from == to)
    return port;
  if (bg_component_spec_find_port (to, from->ports[port].name, &index) == NULL
      || to->ports[index].domain != from->ports[port].domain)
    return -1;
  return (int) index;
}

/* Copies of src's elements and bonds into dst (empty, unrecorded), its
 * instances following r. */
void
_bg_model_copy_graph (BgModel *dst,
                      BgModel *src,
                      Respec  *r)
{
  BgModel *top = _bg_model_owner (dst);
  g_autoptr(GHashTable) copy_of = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();
  g_autoptr(GPtrArray) bonds = g_ptr_array_new ();

  for (guint i = 0; i < src->elements->len; i++)
    {
      const BgElement *from = g_ptr_array_index (src->elements, i);
      const BgComponentSpec *spec = _bg_model_respec_spec (r, top, from->spec);
      Element *el;

      if (spec == from->spec)
        el = _bg_model_element_copy (from, NULL);
      else
        {
          el = _bg_model_element_new (spec, from->id, from->x, from->y);
          el->pub.rotation = from->rotation;
          el->pub.label = g_strdup (from->label);
          for (guint k = 0; k < spec->n_params; k++)
            bg_param_value_clear (&el->pub.params[k]);
          g_free (el->pub.params);
          el->pub.params = _bg_model_respec_params (r, from->spec, from->params, spec);
        }
      g_hash_table_insert (copy_of, (gpointer) from, el);
      g_ptr_array_add (elements, el);
    }
  for (guint i = 0; i < src->bonds->len; i++)
    {
      const BgBond *from = g_ptr_array_index (src->bonds, i);
      Element *a = g_hash_table_lookup (copy_of, from->from);
      Element *b = g_hash_table_lookup (copy_of, from->to);
      int pa = _bg_model_respec_port (from->from->spec, from->from_port, a->pub.spec);
      int pb = _bg_model_respec_port (from->to->spec, from->to_port, b->pub.spec);
      Bond *bond;

      if ((from->from_port >= 0 && pa < 0) || (from->to_port >= 0 && pb < 0))
        continue;
      bond = _bg_model_bond_new (from->id, a, pa, b, pb);
      bond->pub.arrow = from->arrow;
      bond->pub.exercise = from->exercise;
      g_ptr_array_add (bonds, bond);
    }
  _bg_model_insert_unrecorded (dst, elements, OP_INSERT_ELEMENTS);
  _bg_model_insert_unrecorded (dst, bonds, OP_INSERT_BONDS);
}

BgModel *
bg_model_dup_body (BgModel *model)
{
  BgModel *copy;
  Respec r;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  copy = bg_model_new_body (model);
  _bg_model_respec_init (&r);
  _bg_model_copy_graph (copy, model, &r);
  _bg_model_respec_clear (&r);
  bg_model_clear_history (copy);
  return copy;
}

static gboolean
any_item (gpointer item,
          gpointer data)
{
  return TRUE;
}

void
bg_model_assign_graph (BgModel *self,
                       BgModel *from)
{
  Op op;
  Respec r;

  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (BG_IS_MODEL (from));
  g_return_if_fail (self->group_depth == 0);

  bg_model_begin_unrecorded (self);
  if (self->bonds->len > 0)
    {
      op = _bg_model_removal_op (self, OP_REMOVE_BONDS, any_item, NULL, self->bonds->len);
      _bg_model_edit_begin (self, NULL);
      _bg_model_record (self, &op);
      _bg_model_edit_end (self);
    }
  if (self->elements->len > 0)
    {
      op = _bg_model_removal_op (self, OP_REMOVE_ELEMENTS, any_item, NULL, self->elements->len);
      _bg_model_edit_begin (self, NULL);
      _bg_model_record (self, &op);
      _bg_model_edit_end (self);
    }
  _bg_model_respec_init (&r);
  _bg_model_copy_graph (self, from, &r);
  _bg_model_respec_clear (&r);
  bg_model_end_group (self);
}
