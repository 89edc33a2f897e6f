/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-edit-elements.c — undoable edits of a BgModel's elements.
 *
 * In the layout: core/: the model stage of model → analysis → plan → run →
 * result; BgModel is split by concern into bg-model*.c.
 *
 * Owns: adding, removing (with their bonds), moving, renaming, labelling and
 * rotating elements, and setting their parameters: each validates first
 * and either refuses with a GError (model untouched) or records one undo
 * step through bg-model-history.c. The lookup of an element by id, with
 * the checks every edit makes first, and the recording of a step are shared
 * (lookup_element, element_to_edit, begin_step, record_step), so each edit
 * says only what it checks and changes.
 * Must not: change the model except through recorded operations.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"
#include "bg-definition.h"

/* Edits: elements -------------------------------------------------------- */

Op
_bg_model_batch_op (OpKind kind,
                    guint  n)
{
  Op op = { .kind = kind };

  /* One block: n item pointers, then n indices. */
  op.u.batch.n = n;
  op.u.batch.items = g_malloc (n * (sizeof (gpointer) + sizeof (guint)));
  op.u.batch.indices = (guint *) (op.u.batch.items + n);
  return op;
}

/* What every edit shares --------------------------------------------------- */

/* The element an edit names, or NULL with "no element “id”". */
static Element *
lookup_element (BgModel    *self,
                const char *id,
                GError    **error)
{
  Element *el = g_hash_table_lookup (self->element_ids, id);

  if (el == NULL)
    g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                 _("no element “%s”"), id);
  return el;
}

/* The element a public edit names, after the checks every such edit makes
 * first: NULL, with @error set when there is no such element. */
static Element *
element_to_edit (BgModel    *self,
                 const char *id,
                 GError    **error)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return lookup_element (self, id, error);
}

static void G_GNUC_PRINTF (2, 0)
begin_step_va (BgModel    *self,
               const char *format,
               va_list     args)
{
  g_autofree char *label = NULL;

  /* Inside a group the group's label is the step's. */
  if (self->group_depth == 0)
    label = g_strdup_vprintf (format, args);
  _bg_model_edit_begin (self, label);
}

/* Begins the undo step of an edit, named by the format; the edit records
 * its operations and ends the step. */
static void G_GNUC_PRINTF (2, 3)
begin_step (BgModel    *self,
            const char *format,
            ...)
{
  va_list args;

  va_start (args, format);
  begin_step_va (self, format, args);
  va_end (args);
}

/* Records an edit of one operation as one undo step named by the format
 * (built before the operation applies, so its arguments may be the ids it
 * changes); takes over the references the operation holds. Returns TRUE,
 * what the edit returns. */
static gboolean G_GNUC_PRINTF (3, 4)
record_step (BgModel    *self,
             Op         *op,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  begin_step_va (self, format, args);
  va_end (args);
  _bg_model_record (self, op);
  _bg_model_edit_end (self);
  return TRUE;
}

BgElement *
bg_model_add_element (BgModel    *self,
                      const char *type,
                      BgDomain    domain,
                      const char *id,
                      double      x,
                      double      y,
                      GError    **error)
{
  const BgComponentSpec *spec;
  const BgDefinition *def;
  g_autofree char *new_id = NULL;
  gboolean library;
  Element *el;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  library = bg_library_is_type (type);
  def = library ? NULL : bg_model_find_definition (self, type);
  if (!library && def == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("Unknown component type “%s”"), type);
      return NULL;
    }
  /* (What _bg_model_lookup_spec gives, without looking the type up again.) */
  spec = library ? bg_library_lookup (type, domain) : def->spec;
  if (spec == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("%s needs a domain: electrical, hydraulic, translational "
                     "or rotational"), type);
      return NULL;
    }
  /* as the loader refuses it (docs/file-format.md): a model saved with a
   * Port at its top level would not open again */
  if (g_strcmp0 (type, "Port") == 0 && !bg_model_is_body (self))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("A Port belongs inside a component definition, not in the model itself"));
      return NULL;
    }
  if (self->elements->len >= BG_MODEL_MAX_ELEMENTS)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("A model holds at most %u elements"),
                   (guint) BG_MODEL_MAX_ELEMENTS);
      return NULL;
    }
  if (!isfinite (x) || !isfinite (y))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("The position of an element must be finite"));
      return NULL;
    }
  if (id != NULL && !_bg_model_check_new_id (self, id, error))
    return NULL;
  if (id == NULL)
    id = new_id = _bg_model_make_id (self, spec->kind->id_prefix);

  el = _bg_model_element_new (spec, id, x, y);
  if (self->unrecorded)
    {
      _bg_model_insert_one_unrecorded (self, OP_INSERT_ELEMENTS, el);
      return &el->pub;
    }
  op = _bg_model_batch_op (OP_INSERT_ELEMENTS, 1);
  op.u.batch.indices[0] = self->elements->len;
  op.u.batch.items[0] = el;   /* the _bg_model_record takes the creation reference */
  /* Inside a group the group's label is the step's: no need to translate. */
  record_step (self, &op, self->group_depth == 0 ? _("Add %s") : "%s", el->pub.id);
  return &el->pub;
}

/* Looks up every id; fills the set of elements (deduplicated). */
static gboolean
collect_elements (BgModel           *self,
                  const char *const *ids,
                  guint              n_ids,
                  GHashTable        *set,
                  GError           **error)
{
  for (guint i = 0; i < n_ids; i++)
    {
      Element *el;

      g_return_val_if_fail (ids[i] != NULL, FALSE);
      el = lookup_element (self, ids[i], error);
      if (el == NULL)
        return FALSE;
      g_hash_table_add (set, el);
    }
  return TRUE;
}

/* A batch removing the n items of the model's elements or bonds that the
 * predicate selects, in ascending index order, holding a reference each. */
Op
_bg_model_removal_op (BgModel *self,
                      OpKind   kind,
                      gboolean (*selected) (gpointer item, gpointer data),
                      gpointer data,
                      guint    n)
{
  GPtrArray *array = kind == OP_REMOVE_BONDS ? self->bonds : self->elements;
  Op op = _bg_model_batch_op (kind, n);
  guint k = 0;

  g_assert (kind == OP_REMOVE_BONDS || kind == OP_REMOVE_ELEMENTS);
  for (guint i = 0; i < array->len && k < n; i++)
    if (selected (array->pdata[i], data))
      {
        op.u.batch.indices[k] = i;
        op.u.batch.items[k] = array->pdata[i];
        if (kind == OP_REMOVE_BONDS)
          _bg_model_bond_ref (array->pdata[i]);
        else
          _bg_model_element_ref (array->pdata[i]);
        k++;
      }
  g_assert (k == n);
  return op;
}

static gboolean
element_in_set (gpointer item,
                gpointer set)
{
  return g_hash_table_contains (set, item);
}

static gboolean
bond_touches_set (gpointer item,
                  gpointer set)
{
  BgBond *b = item;

  return g_hash_table_contains (set, b->from) || g_hash_table_contains (set, b->to);
}

static guint
count_bonds_touching (BgModel    *self,
                      GHashTable *set)
{
  guint n = 0;

  for (guint i = 0; i < self->bonds->len; i++)
    if (bond_touches_set (self->bonds->pdata[i], set))
      n++;
  return n;
}

/* Records the removal of the elements in set (of Element *, all in the
 * model) and of their bonds. Bonds first, so undo brings the elements back
 * before their bonds, and the bonds at their old indices (junction port
 * numbers depend on them). */
void
_bg_model_record_set_removal (BgModel    *self,
                              GHashTable *set)
{
  guint n_bonds = count_bonds_touching (self, set);
  Op op;

  if (n_bonds > 0)
    {
      op = _bg_model_removal_op (self, OP_REMOVE_BONDS, bond_touches_set, set, n_bonds);
      _bg_model_record (self, &op);
    }
  op = _bg_model_removal_op (self, OP_REMOVE_ELEMENTS, element_in_set, set,
                             g_hash_table_size (set));
  _bg_model_record (self, &op);
}

gboolean
bg_model_remove_elements (BgModel           *self,
                          const char *const *ids,
                          guint              n_ids,
                          GError           **error)
{
  g_autoptr (GHashTable) set = NULL;
  guint n;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  set = g_hash_table_new (NULL, NULL);
  if (!collect_elements (self, ids, n_ids, set, error))
    return FALSE;
  if (g_hash_table_size (set) == 0)
    return TRUE;

  n = g_hash_table_size (set);
  if (n == 1)
    begin_step (self, _("Remove %s"), ids[0]);
  else
    begin_step (self, g_dngettext (GETTEXT_PACKAGE, "Remove %u element",
                                   "Remove %u elements", n), n);

  _bg_model_record_set_removal (self, set);
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_move_elements (BgModel           *self,
                        const char *const *ids,
                        guint              n_ids,
                        double             dx,
                        double             dy,
                        GError           **error)
{
  g_autoptr (GHashTable) set = NULL;
  GHashTableIter iter;
  gpointer key;
  guint n;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!isfinite (dx) || !isfinite (dy))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("The position of an element must be finite"));
      return FALSE;
    }
  set = g_hash_table_new (NULL, NULL);
  if (!collect_elements (self, ids, n_ids, set, error))
    return FALSE;
  n = g_hash_table_size (set);
  if (n == 0 || (dx == 0 && dy == 0))
    return TRUE;

  if (n == 1)
    begin_step (self, _("Move %s"), ids[0]);
  else
    begin_step (self, g_dngettext (GETTEXT_PACKAGE, "Move %u element",
                                   "Move %u elements", n), n);
  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Op op = { .kind = OP_MOVE };

      op.u.move.el = _bg_model_element_ref (key);
      op.u.move.dx = dx;
      op.u.move.dy = dy;
      _bg_model_record (self, &op);
    }
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_rename_element (BgModel    *self,
                         const char *old_id,
                         const char *new_id,
                         GError    **error)
{
  Element *el;
  Op op = { .kind = OP_RENAME };

  g_return_val_if_fail (new_id != NULL, FALSE);

  el = element_to_edit (self, old_id, error);
  if (el == NULL)
    return FALSE;
  if (strcmp (old_id, new_id) == 0)
    return TRUE;
  if (!_bg_model_check_new_id (self, new_id, error))
    return FALSE;

  op.u.str.el = _bg_model_element_ref (el);
  op.u.str.old_s = g_strdup (old_id);
  op.u.str.new_s = g_strdup (new_id);
  return record_step (self, &op, _("Rename %s to %s"), old_id, new_id);
}

gboolean
bg_model_set_label (BgModel    *self,
                    const char *element_id,
                    const char *text,
                    GError    **error)
{
  Element *el;
  Op op = { .kind = OP_LABEL };

  el = element_to_edit (self, element_id, error);
  if (el == NULL)
    return FALSE;
  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (text != NULL && !g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("The label of %s is not valid UTF-8"), element_id);
      return FALSE;
    }
  if (g_strcmp0 (el->pub.label, text) == 0)
    return TRUE;

  op.u.str.el = _bg_model_element_ref (el);
  op.u.str.old_s = g_strdup (el->pub.label);
  op.u.str.new_s = g_strdup (text);
  return record_step (self, &op, _("Change the label of %s"), element_id);
}

gboolean
bg_model_set_rotation (BgModel    *self,
                       const char *element_id,
                       int         rotation,
                       GError    **error)
{
  Element *el;
  Op op = { .kind = OP_ROTATION };

  el = element_to_edit (self, element_id, error);
  if (el == NULL)
    return FALSE;
  if (rotation != 0 && rotation != 90 && rotation != 180 && rotation != 270)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("%s: rotation must be 0, 90, 180 or 270 degrees, not %d"),
                   element_id, rotation);
      return FALSE;
    }
  if (el->pub.rotation == rotation)
    return TRUE;

  op.u.rotation.el = _bg_model_element_ref (el);
  op.u.rotation.old_i = el->pub.rotation;
  op.u.rotation.new_i = rotation;
  return record_step (self, &op, _("Rotate %s"), element_id);
}

gboolean
bg_model_set_domain_s (BgModel    *self,
                       const char *element_id,
                       BgDomain    domain_s,
                       GError    **error)
{
  const BgComponentSpec *spec;
  GPtrArray *bonds;
  Element *el;
  Op op = { .kind = OP_SPEC };

  el = element_to_edit (self, element_id, error);
  if (el == NULL)
    return FALSE;
  if (!el->pub.spec->has_domain_s)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("%s: only a gyrator (GY) has a second domain"), element_id);
      return FALSE;
    }
  spec = bg_library_lookup_gyrator (el->pub.spec->domain, domain_s);
  if (spec == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("%s: unknown domain for port S"), element_id);
      return FALSE;
    }
  if (spec == el->pub.spec)
    return TRUE;
  bonds = bg_model_get_element_bonds (self, &el->pub);
  if (bonds->len > 1 && g_ptr_array_index (bonds, 1) != NULL)
    {
      const BgBond *bond = g_ptr_array_index (bonds, 1);

      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_DOMAIN_MISMATCH,
                   _("%s: port S is bonded (%s) in the %s domain; remove that "
                     "bond before changing the domain of S"),
                   element_id, bond->id, bg_domain_to_id (el->pub.spec->ports[1].domain));
      return FALSE;
    }

  op.u.spec.el = _bg_model_element_ref (el);
  op.u.spec.old_p = el->pub.spec;
  op.u.spec.new_p = spec;
  return record_step (self, &op, _("Change the domain of %s.S"), element_id);
}

/* Edits: parameters ------------------------------------------------------ */

static char *
param_list (const BgComponentSpec *spec)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < spec->n_params; i++)
    {
      if (i > 0)
        g_string_append (list, ", ");
      g_string_append (list, spec->params[i].name);
    }
  return g_string_free (list, FALSE);
}

gboolean
bg_model_set_params (BgModel            *self,
                     const char         *element_id,
                     const char *const  *names,
                     const BgParamValue *values,
                     guint               n,
                     GError            **error)
{
  g_autofree guint *heap_indices = NULL;
  g_autofree BgParamValue *heap_candidate = NULL;
  guint stack_indices[8];
  BgParamValue stack_candidate[16];
  guint *indices = stack_indices;
  BgParamValue *candidate = stack_candidate;
  GError *local_error = NULL;
  const BgComponentSpec *spec;
  Element *el;
  guint n_changed = 0;

  g_return_val_if_fail (n == 0 || (names != NULL && values != NULL), FALSE);

  el = element_to_edit (self, element_id, error);
  if (el == NULL)
    return FALSE;
  spec = el->pub.spec;

  /* Most edits change one parameter of a spec with a few. */
  if (n > G_N_ELEMENTS (stack_indices))
    indices = heap_indices = g_new (guint, n);
  if (spec->n_params > G_N_ELEMENTS (stack_candidate))
    candidate = heap_candidate = g_new (BgParamValue, spec->n_params);
  for (guint i = 0; i < n; i++)
    {
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, names[i],
                                                               &indices[i]);

      if (pspec == NULL)
        {
          g_autofree char *list = param_list (spec);

          if (spec->n_params == 0)
            g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                         _("%s has no parameters"), element_id);
          else
            g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                         _("%s has no parameter “%s”; its parameters are %s"),
                         element_id, names[i], list);
          return FALSE;
        }
      if (!bg_param_value_check (&values[i], pspec, &local_error))
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                       "%s.%s: %s", element_id, names[i], local_error->message);
          g_clear_error (&local_error);
          return FALSE;
        }
    }

  /* The values after the edit, shallow: for the cross-parameter check. */
  memcpy (candidate, el->pub.params, spec->n_params * sizeof (BgParamValue));
  for (guint i = 0; i < n; i++)
    candidate[indices[i]] = values[i];
  if (spec->validate != NULL && !spec->validate (spec, candidate, &local_error))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   "%s: %s", element_id, local_error->message);
      g_clear_error (&local_error);
      return FALSE;
    }

  for (guint i = 0; i < n; i++)
    if (!bg_param_value_equal (&el->pub.params[indices[i]], &values[i]))
      n_changed++;
  if (n_changed == 0)
    return TRUE;

  /* Inside a group the group's label is the step's: no need to translate. */
  if (n == 1)
    begin_step (self, self->group_depth == 0 ? _("Change %s.%s") : "%s.%s", element_id, names[0]);
  else
    begin_step (self, self->group_depth == 0 ? _("Change the parameters of %s") : "%s",
                element_id);
  for (guint i = 0; i < n; i++)
    {
      Op op = { .kind = OP_PARAM };

      if (bg_param_value_equal (&el->pub.params[indices[i]], &values[i]))
        continue;
      op.u.param.el = _bg_model_element_ref (el);
      op.u.param.index = indices[i];
      bg_param_value_copy (&op.u.param.old_v, &el->pub.params[indices[i]]);
      bg_param_value_copy (&op.u.param.new_v, &values[i]);
      _bg_model_record (self, &op);
    }
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_param (BgModel            *self,
                    const char         *element_id,
                    const char         *param_name,
                    const BgParamValue *value,
                    GError            **error)
{
  g_return_val_if_fail (param_name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  return bg_model_set_params (self, element_id, &param_name, value, 1, error);
}

gboolean
bg_model_set_param_number (BgModel    *self,
                           const char *element_id,
                           const char *param_name,
                           double      number,
                           GError    **error)
{
  BgParamValue value = { .kind = BG_PARAM_NUMBER, .number = number };

  return bg_model_set_param (self, element_id, param_name, &value, error);
}
