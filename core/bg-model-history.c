/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-history.c — the undo history of a BgModel.
 *
 * In the layout: core/: the model stage of model → analysis → plan → run →
 * result; BgModel is split by concern into bg-model*.c.
 *
 * Owns: the reversible primitive operations (insert or remove elements or
 * bonds at indices, set a field from old to new, a component definition
 * in or out or swapped for its edited self, an instance's spec and
 * parameters swapped for those of its new definition) and the steps that group
 * them, applying an operation forwards or backwards, recording the
 * operations of one edit (or of a group of edits) as one step, groups that
 * apply their edits without recording them (filling a new model), undo,
 * redo, the revision counter and the can-undo/can-redo notifications.
 * Must not: validate edits (the edit files do, before recording anything)
 * or apply an operation that is not recorded.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"
#include "bg-definition.h"

/* History records ---------------------------------------------------------- */

static void
op_clear (Op *op)
{
  switch (op->kind)
    {
    case OP_INSERT_ELEMENTS:
    case OP_REMOVE_ELEMENTS:
      for (guint i = 0; i < op->u.batch.n; i++)
        _bg_model_element_unref (op->u.batch.items[i]);
      g_free (op->u.batch.items);   /* indices share the block */
      break;
    case OP_INSERT_BONDS:
    case OP_REMOVE_BONDS:
      for (guint i = 0; i < op->u.batch.n; i++)
        _bg_model_bond_unref (op->u.batch.items[i]);
      g_free (op->u.batch.items);   /* indices share the block */
      break;
    case OP_MOVE:
      _bg_model_element_unref (op->u.move.el);
      break;
    case OP_RENAME:
    case OP_LABEL:
      _bg_model_element_unref (op->u.str.el);
      g_free (op->u.str.old_s);
      g_free (op->u.str.new_s);
      break;
    case OP_ROTATION:
      _bg_model_element_unref (op->u.rotation.el);
      break;
    case OP_PARAM:
      _bg_model_element_unref (op->u.param.el);
      bg_param_value_clear (&op->u.param.old_v);
      bg_param_value_clear (&op->u.param.new_v);
      break;
    case OP_ARROW:
    case OP_FLIP:
      _bg_model_bond_unref (op->u.bond);
      break;
    case OP_SIMULATION:
      break;
    case OP_NAME:
      g_free (op->u.name.old_s);
      g_free (op->u.name.new_s);
      break;
    case OP_SPEC:
      _bg_model_element_unref (op->u.spec.el);
      break;
    case OP_EXERCISE:
      _bg_model_bond_unref (op->u.exercise.bond);
      break;
    case OP_INNER_STROKE:
      g_free (op->u.inner_stroke.path);
      break;
    case OP_DEFINITION:
      _bg_definition_free (op->u.definition.def);
      break;
    case OP_RESPEC:
      for (guint i = 0; i < op->u.respec.spec->n_params; i++)
        bg_param_value_clear (&op->u.respec.params[i]);
      g_free (op->u.respec.params);
      _bg_definition_free ((BgDefinition *) bg_definition_of_spec (op->u.respec.spec));
      _bg_model_element_unref (op->u.respec.el);
      break;
    default:
      g_assert_not_reached ();
    }
}

static Step *
step_new (const char *label)
{
  Step *step = g_new0 (Step, 1);

  step->label = g_strdup (label);
  step->ops = &step->first;
  step->capacity = 1;
  return step;
}

/* Takes over the references the operation holds. */
static void
step_append (Step     *step,
             const Op *op)
{
  if (step->n_ops == step->capacity)
    {
      Op *ops = g_new (Op, 2 * step->capacity);

      memcpy (ops, step->ops, step->n_ops * sizeof (Op));
      if (step->ops != &step->first)
        g_free (step->ops);
      step->ops = ops;
      step->capacity *= 2;
    }
  step->ops[step->n_ops++] = *op;
}

void
_bg_model_step_free (Step *step)
{
  for (guint i = 0; i < step->n_ops; i++)
    op_clear (&step->ops[i]);
  if (step->ops != &step->first)
    g_free (step->ops);
  g_free (step->label);
  g_free (step);
}

/* Applying records ------------------------------------------------------- */

void
_bg_model_replace_string (char      **field,
                          const char *value)
{
  char *copy = g_strdup (value);

  g_free (*field);
  *field = copy;
}

static void
rename_element (BgModel    *self,
                Element    *el,
                const char *id)
{
  char *old_id = el->pub.id;

  g_hash_table_remove (self->element_ids, old_id);
  el->pub.id = g_strdup (id);
  g_hash_table_insert (self->element_ids, el->pub.id, el);
  _bg_model_id_released (self, old_id);
  _bg_model_element_free_id (el, old_id);
}

static void
flip_bond (Bond *b)
{
  BgElement *el = b->pub.from;
  int port = b->pub.from_port;
  guint slot = b->from_slot;

  b->pub.from = b->pub.to;
  b->pub.from_port = b->pub.to_port;
  b->from_slot = b->to_slot;
  b->pub.to = el;
  b->pub.to_port = port;
  b->to_slot = slot;
  b->pub.arrow = b->pub.arrow == BG_ARROW_FORWARD
                 ? BG_ARROW_REVERSED : BG_ARROW_FORWARD;
  /* A student's stroke stays at the same element. */
  if (b->pub.exercise != BG_STROKE_NONE)
    b->pub.exercise = b->pub.exercise == BG_STROKE_AT_TO
                      ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
}

/* The model keeps its own reference to each definition it holds; the
 * name table points at the name of the one in the model. */
static void
apply_definition (BgModel *self,
                  Op      *op,
                  gboolean forward)
{
  DefinitionChange change = op->u.definition.change;
  guint index = op->u.definition.index;
  BgDefinition *def = op->u.definition.def;

  if (change == DEFINITION_SWAP)
    {
      BgDefinition *out = g_ptr_array_index (self->definitions, index);

      self->definitions->pdata[index] = def;
      op->u.definition.def = out;
      g_hash_table_replace (self->definition_names, def->name, def);
      return;
    }
  if ((change == DEFINITION_INSERT) == forward)
    {
      g_ptr_array_insert (self->definitions, index, _bg_definition_ref (def));
      g_hash_table_replace (self->definition_names, def->name, def);
    }
  else
    {
      g_hash_table_remove (self->definition_names, def->name);
      g_ptr_array_remove_index (self->definitions, index);
    }
}

/* The element has no bonds now (the step detached them before and
 * attaches them after): its port slots follow the new spec. */
static void
apply_respec (Op *op)
{
  Element *el = op->u.respec.el;
  const BgComponentSpec *spec = el->pub.spec;
  BgParamValue *params = el->pub.params;

  el->pub.spec = op->u.respec.spec;
  el->pub.params = op->u.respec.params;
  op->u.respec.spec = spec;
  op->u.respec.params = params;
  g_ptr_array_set_size (el->adj, 0);
  g_ptr_array_set_size (el->adj, el->pub.spec->n_ports);
}

static void
op_apply (BgModel *self,
          Op      *op,
          gboolean forward)
{
  switch (op->kind)
    {
    case OP_INSERT_ELEMENTS:
      (forward ? _bg_model_attach_elements : _bg_model_detach_elements) (self, op);
      break;
    case OP_REMOVE_ELEMENTS:
      (forward ? _bg_model_detach_elements : _bg_model_attach_elements) (self, op);
      break;
    case OP_INSERT_BONDS:
      (forward ? _bg_model_attach_bonds : _bg_model_detach_bonds) (self, op);
      break;
    case OP_REMOVE_BONDS:
      (forward ? _bg_model_detach_bonds : _bg_model_attach_bonds) (self, op);
      break;
    case OP_MOVE:
      op->u.move.el->pub.x += forward ? op->u.move.dx : -op->u.move.dx;
      op->u.move.el->pub.y += forward ? op->u.move.dy : -op->u.move.dy;
      break;
    case OP_RENAME:
      rename_element (self, op->u.str.el,
                      forward ? op->u.str.new_s : op->u.str.old_s);
      break;
    case OP_LABEL:
      _bg_model_replace_string (&op->u.str.el->pub.label,
                                forward ? op->u.str.new_s : op->u.str.old_s);
      break;
    case OP_ROTATION:
      op->u.rotation.el->pub.rotation = forward ? op->u.rotation.new_i
                                                : op->u.rotation.old_i;
      break;
    case OP_PARAM:
      {
        BgParamValue *slot = &op->u.param.el->pub.params[op->u.param.index];

        bg_param_value_clear (slot);
        bg_param_value_copy (slot, forward ? &op->u.param.new_v
                                           : &op->u.param.old_v);
      }
      break;
    case OP_ARROW:
      op->u.bond->pub.arrow = op->u.bond->pub.arrow == BG_ARROW_FORWARD
                              ? BG_ARROW_REVERSED : BG_ARROW_FORWARD;
      break;
    case OP_FLIP:
      flip_bond (op->u.bond);
      break;
    case OP_SIMULATION:
      self->simulation = forward ? op->u.sim.new_s : op->u.sim.old_s;
      break;
    case OP_NAME:
      _bg_model_replace_string (&self->name, forward ? op->u.name.new_s
                                                     : op->u.name.old_s);
      _bg_model_notify (self, PROP_NAME);
      break;
    case OP_SPEC:
      /* Same parameters in the same order: only the ports' domains change. */
      op->u.spec.el->pub.spec = forward ? op->u.spec.new_p : op->u.spec.old_p;
      break;
    case OP_EXERCISE:
      op->u.exercise.bond->pub.exercise = forward ? op->u.exercise.new_s
                                                  : op->u.exercise.old_s;
      break;
    case OP_INNER_STROKE:
      bg_model_set_inner_stroke (self, op->u.inner_stroke.path,
                                 forward ? op->u.inner_stroke.new_s : op->u.inner_stroke.old_s);
      break;
    case OP_DEFINITION:
      apply_definition (self, op, forward);
      break;
    case OP_RESPEC:
      apply_respec (op);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Recording steps -------------------------------------------------------- */

/* Property notifications wait until the step is complete, so a handler
 * that edits the model never runs in the middle of a recording. */
static void
pending_begin (BgModel    *self,
               const char *label)
{
  g_assert (self->pending == NULL);
  g_object_freeze_notify (G_OBJECT (self));
  self->pending = step_new (label);
}

void
_bg_model_edit_begin (BgModel    *self,
                      const char *label)
{
  if (self->group_depth > 0)
    return;
  pending_begin (self, label);
}

void
_bg_model_insert_one_unrecorded (BgModel *self,
                                 OpKind   kind,
                                 gpointer item)
{
  guint index = kind == OP_INSERT_ELEMENTS ? self->elements->len : self->bonds->len;
  Op op = { .kind = kind };

  g_assert (self->unrecorded && self->pending != NULL);
  g_assert (kind == OP_INSERT_ELEMENTS || kind == OP_INSERT_BONDS);
  /* The operation _bg_model_record would apply, its batch on the stack. */
  op.u.batch.n = 1;
  op.u.batch.items = &item;
  op.u.batch.indices = &index;
  op_apply (self, &op, TRUE);
  if (kind == OP_INSERT_ELEMENTS)
    _bg_model_element_unref (item);
  else
    _bg_model_bond_unref (item);
  self->unrecorded_ops++;
}

/* Applies the operation and appends it to the step being recorded; takes
 * over the references the operation holds. */
void
_bg_model_record (BgModel *self,
                  Op      *op)
{
  g_assert (self->pending != NULL);
  op_apply (self, op, TRUE);
  if (self->unrecorded)
    {
      op_clear (op);
      self->unrecorded_ops++;
      return;
    }
  step_append (self->pending, op);
}

static void
notify_history (BgModel *self,
                gboolean could_undo,
                gboolean could_redo)
{
  if (could_undo != bg_model_can_undo (self))
    _bg_model_notify (self, PROP_CAN_UNDO);
  if (could_redo != bg_model_can_redo (self))
    _bg_model_notify (self, PROP_CAN_REDO);
}

static void
commit (BgModel *self)
{
  Step *step = g_steal_pointer (&self->pending);
  gboolean could_undo = bg_model_can_undo (self);
  gboolean could_redo = bg_model_can_redo (self);

  if (self->unrecorded)
    {
      gboolean changed = self->unrecorded_ops > 0;

      self->unrecorded = FALSE;
      self->unrecorded_ops = 0;
      _bg_model_step_free (step);
      /* What the history holds no longer leads to this model. */
      g_ptr_array_set_size (self->undo_stack, 0);
      g_ptr_array_set_size (self->redo_stack, 0);
      if (changed)
        self->revision++;
      notify_history (self, could_undo, could_redo);
      g_object_thaw_notify (G_OBJECT (self));
      if (changed)
        _bg_model_emit_changed (self);
      return;
    }
  if (step->n_ops == 0)
    {
      _bg_model_step_free (step);
      g_object_thaw_notify (G_OBJECT (self));
      return;
    }
  g_ptr_array_add (self->undo_stack, step);
  g_ptr_array_set_size (self->redo_stack, 0);
  self->revision++;
  notify_history (self, could_undo, could_redo);
  g_object_thaw_notify (G_OBJECT (self));
  _bg_model_emit_changed (self);
}

void
_bg_model_edit_end (BgModel *self)
{
  if (self->group_depth > 0)
    return;
  commit (self);
}

void
bg_model_begin_group (BgModel    *self,
                      const char *label)
{
  g_return_if_fail (BG_IS_MODEL (self));

  if (self->group_depth++ == 0)
    pending_begin (self, label);
}

void
bg_model_begin_unrecorded (BgModel *self)
{
  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (self->group_depth == 0);

  bg_model_begin_group (self, NULL);
  self->unrecorded = TRUE;
}

void
bg_model_end_group (BgModel *self)
{
  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth == 0)
    commit (self);
}

/* History ---------------------------------------------------------------- */

gboolean
bg_model_can_undo (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);

  return self->undo_stack->len > 0;
}

gboolean
bg_model_can_redo (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);

  return self->redo_stack->len > 0;
}

static const char *
top_label (GPtrArray *stack)
{
  Step *step;

  if (stack->len == 0)
    return NULL;
  step = g_ptr_array_index (stack, stack->len - 1);
  return step->label;
}

const char *
bg_model_get_undo_label (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return top_label (self->undo_stack);
}

const char *
bg_model_get_redo_label (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return top_label (self->redo_stack);
}

/* Moves the top step of one stack to the other, applying it on the way. */
static gboolean
replay (BgModel   *self,
        GPtrArray *from_stack,
        GPtrArray *to_stack,
        gboolean   forward)
{
  gboolean could_undo = bg_model_can_undo (self);
  gboolean could_redo = bg_model_can_redo (self);
  Step *step;

  if (from_stack->len == 0)
    return FALSE;
  step = g_ptr_array_steal_index (from_stack, from_stack->len - 1);
  g_object_freeze_notify (G_OBJECT (self));
  if (forward)
    for (guint i = 0; i < step->n_ops; i++)
      op_apply (self, &step->ops[i], TRUE);
  else
    for (guint i = step->n_ops; i-- > 0;)
      op_apply (self, &step->ops[i], FALSE);
  g_ptr_array_add (to_stack, step);

  self->revision++;
  notify_history (self, could_undo, could_redo);
  g_object_thaw_notify (G_OBJECT (self));
  _bg_model_emit_changed (self);
  return TRUE;
}

gboolean
bg_model_undo (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (self->group_depth == 0, FALSE);

  return replay (self, self->undo_stack, self->redo_stack, FALSE);
}

gboolean
bg_model_redo (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (self->group_depth == 0, FALSE);

  return replay (self, self->redo_stack, self->undo_stack, TRUE);
}

void
bg_model_clear_history (BgModel *self)
{
  gboolean could_undo, could_redo;

  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (self->group_depth == 0);

  could_undo = bg_model_can_undo (self);
  could_redo = bg_model_can_redo (self);
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  notify_history (self, could_undo, could_redo);
}

guint64
bg_model_get_revision (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), 0);

  return self->revision;
}
