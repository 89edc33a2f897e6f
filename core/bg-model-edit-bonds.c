/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-edit-bonds.c — undoable edits of a BgModel's bonds.
 *
 * In the layout: core/: the model stage of model → analysis → plan → run →
 * result; BgModel is split by concern into bg-model*.c.
 *
 * Owns: resolving a bond's ends (element, named or free port, domain) and
 * the rules for connecting them, and the bond edits: connect, remove,
 * reverse the arrow, flip the topology direction. Each validates first and
 * either refuses with a GError (model untouched) or records one undo step
 * through bg-model-history.c.
 * Must not: change the model except through recorded operations.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"

/* Bond ends -------------------------------------------------------------- */

/* "P and S", "A, B and M" */
static char *
port_list (const BgComponentSpec *spec)
{
  GString *head = g_string_new (NULL);

  if (spec->n_ports == 1)
    {
      g_string_append (head, spec->ports[0].name);
      return g_string_free (head, FALSE);
    }
  for (guint i = 0; i + 1 < spec->n_ports; i++)
    {
      if (i > 0)
        g_string_append (head, ", ");
      g_string_append (head, spec->ports[i].name);
    }
  {
    char *list = g_strdup_printf (_("%s and %s"), head->str,
                                  spec->ports[spec->n_ports - 1].name);

    g_string_free (head, TRUE);
    return list;
  }
}

typedef struct
{
  Element *el;
  int      port;
} End;

/* "R1" or "T1.P": the end as messages and step labels name it. */
static char *
end_ref (const End *end)
{
  const BgComponentSpec *spec = end->el->pub.spec;

  if (end->port >= 0 && spec->n_ports > 1)
    return g_strdup_printf ("%s.%s", end->el->pub.id, spec->ports[end->port].name);
  return g_strdup (end->el->pub.id);
}

static BgDomain
end_domain (const End *end)
{
  if (end->port < 0)
    return end->el->pub.spec->domain;
  return end->el->pub.spec->ports[end->port].domain;
}

static gboolean
resolve_end (BgModel    *self,
             const char *ref,
             End        *end,
             GError    **error)
{
  const char *dot = strchr (ref, '.');
  /* The element's id: ref itself, or its part before the dot (on the
   * stack unless it is longer than any id). */
  char buf[BG_ID_MAX_LENGTH + 1];
  g_autofree char *long_id = NULL;
  const char *el_id = ref;
  const BgComponentSpec *spec;
  guint index;

  if (dot != NULL && (gsize) (dot - ref) < sizeof buf)
    {
      memcpy (buf, ref, dot - ref);
      buf[dot - ref] = '\0';
      el_id = buf;
    }
  else if (dot != NULL)
    el_id = long_id = g_strndup (ref, dot - ref);

  end->el = g_hash_table_lookup (self->element_ids, el_id);
  end->port = -1;
  if (end->el == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no element “%s”"), el_id);
      return FALSE;
    }
  spec = end->el->pub.spec;

  if (spec->variable_ports)
    {
      if (dot != NULL)
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                       _("%s: the ports of a junction are made by its bonds; "
                         "connect to %s"), ref, el_id);
          return FALSE;
        }
      return TRUE;
    }

  if (dot != NULL)
    {
      if (bg_component_spec_find_port (spec, dot + 1, &index) == NULL)
        {
          g_autofree char *list = port_list (spec);

          if (spec->n_ports == 1)
            g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                         _("%s: %s has one port, %s"), ref, spec->type, list);
          else
            g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                         _("%s: %s has ports %s"), ref, spec->type, list);
          return FALSE;
        }
      end->port = (int) index;
    }
  else if (spec->n_ports == 1)
    end->port = 0;
  else
    {
      g_autofree char *list = port_list (spec);

      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("%s has ports %s: name one, as in %s.%s"),
                   el_id, list, el_id, spec->ports[0].name);
      return FALSE;
    }

  return TRUE;
}

static gboolean
check_port_free (const End *end,
                 GError   **error)
{
  if (end->port < 0 || end->el->adj->pdata[end->port] == NULL)
    return TRUE;
  if (end->el->pub.spec->n_ports == 1)
    g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                 _("%s has only one port and it is already bonded"),
                 end->el->pub.id);
  else
    {
      g_autofree char *ref = end_ref (end);

      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                   _("%s is already bonded"), ref);
    }
  return FALSE;
}

static gboolean
resolve_bond_ends (BgModel    *self,
                   const char *from_ref,
                   const char *to_ref,
                   End        *from,
                   End        *to,
                   GError    **error)
{
  if (!resolve_end (self, from_ref, from, error)
      || !resolve_end (self, to_ref, to, error))
    return FALSE;

  if (from->el == to->el)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_SELF_BOND,
                   _("Cannot connect %s to itself: a bond joins two elements"),
                   from->el->pub.id);
      return FALSE;
    }
  if (end_domain (from) != end_domain (to))
    {
      g_autofree char *from_text = end_ref (from);
      g_autofree char *to_text = end_ref (to);

      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_DOMAIN_MISMATCH,
                   _("Cannot connect %s (%s) to %s (%s): a bond joins ports "
                     "of one domain"),
                   from_text, bg_domain_to_id (end_domain (from)),
                   to_text, bg_domain_to_id (end_domain (to)));
      return FALSE;
    }
  return check_port_free (from, error) && check_port_free (to, error);
}

gboolean
bg_model_can_connect (BgModel    *self,
                      const char *from_ref,
                      const char *to_ref,
                      GError    **error)
{
  End from = { 0 }, to = { 0 };
  gboolean ok;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (from_ref != NULL, FALSE);
  g_return_val_if_fail (to_ref != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ok = resolve_bond_ends (self, from_ref, to_ref, &from, &to, error);
  return ok;
}

/* Edits: bonds ----------------------------------------------------------- */

BgBond *
bg_model_connect (BgModel    *self,
                  const char *from_ref,
                  const char *to_ref,
                  const char *id,
                  GError    **error)
{
  End from = { 0 }, to = { 0 };
  g_autofree char *new_id = NULL;
  g_autofree char *label = NULL;
  Bond *b = NULL;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (from_ref != NULL, NULL);
  g_return_val_if_fail (to_ref != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!resolve_bond_ends (self, from_ref, to_ref, &from, &to, error))
    goto out;
  if (id != NULL && !_bg_model_check_new_id (self, id, error))
    goto out;
  if (id == NULL)
    id = new_id = _bg_model_make_id (self, BOND_HINT);

  b = _bg_model_bond_new (id, from.el, from.port, to.el, to.port);
  if (self->unrecorded)
    {
      _bg_model_insert_one_unrecorded (self, OP_INSERT_BONDS, b);
      goto out;
    }
  op = _bg_model_batch_op (OP_INSERT_BONDS, 1);
  op.u.batch.indices[0] = self->bonds->len;
  op.u.batch.items[0] = b;

  /* Inside a group the group's label is the step's. */
  if (self->group_depth == 0)
    {
      g_autofree char *from_text = end_ref (&from);
      g_autofree char *to_text = end_ref (&to);

      label = g_strdup_printf (_("Connect %s to %s"), from_text, to_text);
    }
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);

out:
  return b != NULL ? &b->pub : NULL;
}

static gboolean
bond_in_set (gpointer item,
             gpointer set)
{
  return g_hash_table_contains (set, item);
}

gboolean
bg_model_remove_bonds (BgModel           *self,
                       const char *const *ids,
                       guint              n_ids,
                       GError           **error)
{
  g_autoptr (GHashTable) set = NULL;
  g_autofree char *label = NULL;
  guint n;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (ids != NULL || n_ids == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  set = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < n_ids; i++)
    {
      Bond *b;

      g_return_val_if_fail (ids[i] != NULL, FALSE);
      b = g_hash_table_lookup (self->bond_ids, ids[i]);
      if (b == NULL)
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                       _("no bond “%s”"), ids[i]);
          return FALSE;
        }
      g_hash_table_add (set, b);
    }
  n = g_hash_table_size (set);
  if (n == 0)
    return TRUE;

  if (n == 1)
    label = g_strdup_printf (_("Remove %s"), ids[0]);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Remove %u bond",
                                          "Remove %u bonds", n), n);
  op = _bg_model_removal_op (self, OP_REMOVE_BONDS, bond_in_set, set, n);
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

static gboolean
bond_edit (BgModel    *self,
           const char *bond_id,
           OpKind      kind,
           const char *label,
           GError    **error)
{
  Bond *b = g_hash_table_lookup (self->bond_ids, bond_id);
  Op op = { .kind = kind };

  if (b == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no bond “%s”"), bond_id);
      return FALSE;
    }
  op.u.bond = _bg_model_bond_ref (b);
  _bg_model_edit_begin (self, label);
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_reverse_arrow (BgModel    *self,
                        const char *bond_id,
                        GError    **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  label = g_strdup_printf (_("Reverse the arrow of %s"), bond_id);
  return bond_edit (self, bond_id, OP_ARROW, label, error);
}

gboolean
bg_model_flip_bond_direction (BgModel    *self,
                              const char *bond_id,
                              GError    **error)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  label = g_strdup_printf (_("Flip the direction of %s"), bond_id);
  return bond_edit (self, bond_id, OP_FLIP, label, error);
}
