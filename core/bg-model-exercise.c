/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-exercise.c — a student's own causal strokes on a BgModel.
 *
 * Owns: the undoable edit that places or removes a student's stroke on a
 * bond (BgBond.exercise, exercise mode), and the question whether any is
 * placed. The stroke lives on the bond, so removing the bond takes it along
 * and undo brings it back; flipping the bond keeps it at its element
 * (bg-model-history.c). Must not: change the model except through recorded
 * operations, or judge the strokes (bg-causality-check.c does).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"

gboolean
bg_model_set_exercise_stroke (BgModel    *self,
                              const char *bond_id,
                              BgStroke    stroke,
                              GError    **error)
{
  g_autofree char *label = NULL;
  Bond *b;
  Op op = { .kind = OP_EXERCISE };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  g_return_val_if_fail (stroke == BG_STROKE_NONE || stroke == BG_STROKE_AT_TO ||
                        stroke == BG_STROKE_AT_FROM, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  b = g_hash_table_lookup (self->bond_ids, bond_id);
  if (b == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no bond “%s”"), bond_id);
      return FALSE;
    }
  if (b->pub.exercise == stroke)
    return TRUE;

  if (stroke == BG_STROKE_NONE)
    label = g_strdup_printf (_("Remove the stroke from %s"), bond_id);
  else
    label = g_strdup_printf (_("Place a stroke on %s at %s"), bond_id,
                             stroke == BG_STROKE_AT_TO ? b->pub.to->id
                                                       : b->pub.from->id);
  op.u.exercise.bond = _bg_model_bond_ref (b);
  op.u.exercise.old_s = b->pub.exercise;
  op.u.exercise.new_s = stroke;
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_has_exercise (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);

  for (guint i = 0; i < self->bonds->len; i++)
    if (((BgBond *) g_ptr_array_index (self->bonds, i))->exercise != BG_STROKE_NONE)
      return TRUE;
  return FALSE;
}
