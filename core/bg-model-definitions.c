/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-definitions.c — the components a model defines, and the
 * exercise strokes placed inside their instances.
 *
 * Owns: the model's definitions (in file order, by name), the body models
 * that share them, type lookup across the library and the definitions,
 * the strokes a student placed on bonds inside instances ("T2.b4"), and
 * the undoable insertion of a definition (a component from the library)
 * with the removal that undoes it. Must not: flatten
 * (bg-model-flatten.c), or record undo steps other than that insertion:
 * the loader's definitions enter a model while it is filled from a file.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"
#include "bg-definition.h"

void
_bg_model_definitions_init (BgModel *self)
{
  self->definitions = g_ptr_array_new_with_free_func ((GDestroyNotify) _bg_definition_free);
  self->definition_names = g_hash_table_new (g_str_hash, g_str_equal);
  self->inner_strokes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

void
_bg_model_definitions_finalize (BgModel *self)
{
  g_hash_table_unref (self->definition_names);
  /* Last first: a definition's body may hold instances of earlier ones
   * (they load before the definitions that use them). */
  while (self->definitions->len > 0)
    g_ptr_array_remove_index (self->definitions, self->definitions->len - 1);
  g_ptr_array_unref (self->definitions);
  g_hash_table_unref (self->inner_strokes);
}

/* The model whose definitions this one uses: itself, or a body's outer. */
static BgModel *
owner (BgModel *self)
{
  while (self->outer != NULL)
    self = self->outer;
  return self;
}

const BgComponentSpec *
_bg_model_lookup_spec (BgModel    *self,
                       const char *type,
                       BgDomain    domain)
{
  const BgDefinition *def;

  if (bg_library_is_type (type))
    return bg_library_lookup (type, domain);
  def = bg_model_find_definition (self, type);
  return def != NULL ? def->spec : NULL;
}

GPtrArray *
bg_model_get_definitions (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return owner (self)->definitions;
}

const BgDefinition *
bg_model_find_definition (BgModel    *self,
                          const char *name)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (owner (self)->definition_names, name);
}

gboolean
bg_model_has_components (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);

  return owner (self)->definitions->len > 0;
}

BgModel *
bg_model_new_body (BgModel *outer)
{
  BgModel *body;

  g_return_val_if_fail (BG_IS_MODEL (outer), NULL);

  body = bg_model_new ();
  body->outer = owner (outer);
  return body;
}

gboolean
bg_model_is_body (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);

  return self->outer != NULL;
}

/* Whether def may join top's definitions: a free name, room for one more. */
static gboolean
check_new_definition (BgModel            *top,
                      const BgDefinition *def,
                      GError            **error)
{
  if (bg_library_is_type (def->name) || g_hash_table_contains (top->definition_names, def->name))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("“%s” is already a component type"), def->name);
      return FALSE;
    }
  if (top->definitions->len >= BG_DEFINITION_MAX_COUNT)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("A model holds at most %u component definitions"),
                   (guint) BG_DEFINITION_MAX_COUNT);
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_model_add_definition (BgModel       *self,
                         BgDefinition  *def,
                         GError       **error)
{
  BgModel *top;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (def != NULL, FALSE);

  top = owner (self);
  if (!check_new_definition (top, def, error))
    {
      _bg_definition_free (def);
      return FALSE;
    }
  g_ptr_array_add (top->definitions, def);
  g_hash_table_insert (top->definition_names, def->name, def);
  return TRUE;
}

/* Inserting a definition as an undo step --------------------------------- */

gboolean
bg_model_insert_definition (BgModel       *self,
                            BgDefinition  *def,
                            GError       **error)
{
  g_autofree char *label = NULL;
  Op op = { .kind = OP_INSERT_DEFINITION };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (!bg_model_is_body (self), FALSE);
  g_return_val_if_fail (def != NULL, FALSE);
  g_return_val_if_fail (def->body != NULL && def->body->outer == self, FALSE);

  if (!check_new_definition (self, def, error))
    {
      _bg_definition_free (def);
      return FALSE;
    }
  /* Inside a group the group's label is the step's. */
  if (self->group_depth == 0)
    label = g_strdup_printf (_("Add component %s"), def->name);
  op.u.insert_definition.def = def;
  op.u.insert_definition.index = self->definitions->len;
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

void
_bg_model_attach_definition (BgModel *self,
                             Op      *op)
{
  BgDefinition *def = op->u.insert_definition.def;

  g_ptr_array_insert (self->definitions, (int) op->u.insert_definition.index, def);
  g_hash_table_insert (self->definition_names, def->name, def);
  op->u.insert_definition.attached = TRUE;
}

/* Undoing the insertion: every instance of def left the model before, in
 * the later operations undone first. */
void
_bg_model_detach_definition (BgModel *self,
                             Op      *op)
{
  BgDefinition *def = op->u.insert_definition.def;

  g_hash_table_remove (self->definition_names, def->name);
  g_ptr_array_steal_index (self->definitions, op->u.insert_definition.index);
  op->u.insert_definition.attached = FALSE;
}

void
_bg_model_clear_insert_definition (Op *op)
{
  /* Kept by the model while it is in; the step owns it while undone. */
  if (!op->u.insert_definition.attached)
    _bg_definition_free (op->u.insert_definition.def);
}

void
bg_model_set_inner_stroke (BgModel    *self,
                           const char *path,
                           BgStroke    stroke)
{
  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (path != NULL);

  if (stroke == BG_STROKE_NONE)
    g_hash_table_remove (self->inner_strokes, path);
  else
    g_hash_table_insert (self->inner_strokes, g_strdup (path), GINT_TO_POINTER (stroke));
}

GHashTable *
bg_model_get_inner_strokes (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->inner_strokes;
}
