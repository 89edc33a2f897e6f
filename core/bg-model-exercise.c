/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-exercise.c — a student's own causal strokes on a BgModel.
 *
 * Owns: the undoable edit that places or removes a student's stroke on a
 * bond (BgBond.exercise, exercise mode), and the question whether any is
 * placed. The stroke lives on the bond, so removing the bond takes it along
 * and undo brings it back; flipping the bond keeps it at its element
 * (bg-model-history.c). A stroke on a bond inside an instance ("T2.b4")
 * is that instance's alone: it lives in the model's table by path
 * (bg_model_set_inner_stroke), and its edit is undoable all the same. Must not: change the model except through recorded
 * operations, or judge the strokes (bg-causality-check.c does).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"

/* The path of the element at one end of the bond a path names: "T2.b4"
 * and its `to` end → "T2.R". */
static char *
end_path (BgModel    *self,
          const char *path,
          gboolean    at_to)
{
  BgBond *bond = bg_model_find_inner_bond (self, path);
  const char *dot = strrchr (path, '.');
  g_autofree char *prefix = g_strndup (path, (gsize) (dot - path + 1));

  return g_strconcat (prefix, at_to ? bond->to->id : bond->from->id, NULL);
}

/* A stroke on a bond inside an instance: that instance's alone (the
 * definition's bond is every instance's). */
static gboolean
set_inner_stroke (BgModel    *self,
                  const char *path,
                  BgStroke    stroke)
{
  BgStroke old = bg_model_get_exercise_stroke (self, path);
  g_autofree char *label = NULL;
  Op op = { .kind = OP_INNER_STROKE };

  if (old == stroke)
    return TRUE;
  if (stroke == BG_STROKE_NONE)
    label = g_strdup_printf (_("Remove the stroke from %s"), path);
  else
    {
      g_autofree char *end = end_path (self, path, stroke == BG_STROKE_AT_TO);

      label = g_strdup_printf (_("Place a stroke on %s at %s"), path, end);
    }
  op.u.inner_stroke.path = g_strdup (path);
  op.u.inner_stroke.old_s = old;
  op.u.inner_stroke.new_s = stroke;
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

BgStroke
bg_model_get_exercise_stroke (BgModel    *self,
                              const char *path)
{
  BgBond *bond;
  gpointer s;

  g_return_val_if_fail (BG_IS_MODEL (self), BG_STROKE_NONE);
  g_return_val_if_fail (path != NULL, BG_STROKE_NONE);

  bond = bg_model_find_bond (self, path);
  if (bond != NULL)
    return bond->exercise;
  if (g_hash_table_lookup_extended (self->inner_strokes, path, NULL, &s))
    return (BgStroke) GPOINTER_TO_INT (s);
  return BG_STROKE_NONE;
}

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
  if (b == NULL && bg_model_find_inner_bond (self, bond_id) != NULL)
    return set_inner_stroke (self, bond_id, stroke);
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

  if (g_hash_table_size (self->inner_strokes) > 0)
    return TRUE;
  for (guint i = 0; i < self->bonds->len; i++)
    if (((BgBond *) g_ptr_array_index (self->bonds, i))->exercise != BG_STROKE_NONE)
      return TRUE;
  return FALSE;
}
