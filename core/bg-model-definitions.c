/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-definitions.c — the components a model defines, their edits,
 * and the exercise strokes placed inside their instances.
 *
 * Owns: the model's definitions (in file order, by name), the body models
 * that share them, type lookup across the library and the definitions,
 * the undoable edits of the definitions — one enters, one leaves, one
 * takes an edited body, and then its instances (their specs, parameters
 * and bonds) and the definitions that use it follow — the count of the
 * instances a definition has, and the strokes a student placed on bonds
 * inside instances ("T2.b4").
 * Must not: flatten (bg-model-flatten.c), copy graphs (bg-model-copy.c),
 * or make or explode components (bg-model-components.c).
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

BgModel *
_bg_model_owner (BgModel *self)
{
  return owner (self);
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

gboolean
bg_model_add_definition (BgModel       *self,
                         BgDefinition  *def,
                         GError       **error)
{
  BgModel *top;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (def != NULL, FALSE);

  top = owner (self);
  if (bg_library_is_type (def->name) || g_hash_table_contains (top->definition_names, def->name))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("“%s” is already a component type"), def->name);
      _bg_definition_free (def);
      return FALSE;
    }
  if (top->definitions->len >= BG_DEFINITION_MAX_COUNT)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("A model holds at most %u component definitions"),
                   (guint) BG_DEFINITION_MAX_COUNT);
      _bg_definition_free (def);
      return FALSE;
    }
  g_ptr_array_add (top->definitions, def);
  g_hash_table_insert (top->definition_names, def->name, def);
  return TRUE;
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

BgBond *
bg_model_find_inner_bond (BgModel    *self,
                          const char *path)
{
  g_auto(GStrv) parts = NULL;
  BgModel *level = self;
  guint n;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  parts = g_strsplit (path, ".", -1);
  n = g_strv_length (parts);
  if (n < 2)
    return NULL;
  for (guint i = 0; i + 1 < n; i++)
    {
      BgElement *el = bg_model_find_element (level, parts[i]);
      const BgDefinition *def = el != NULL ? bg_definition_of_spec (el->spec) : NULL;

      if (def == NULL)
        return NULL;
      level = def->body;
    }
  return bg_model_find_bond (level, parts[n - 1]);
}

GHashTable *
bg_model_get_inner_strokes (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->inner_strokes;
}

/* Edits of the definitions ------------------------------------------------ */

void
_bg_model_record_definition (BgModel          *self,
                             DefinitionChange  change,
                             guint             index,
                             BgDefinition     *def)
{
  BgModel *top = owner (self);
  Op op = { .kind = OP_DEFINITION };

  op.u.definition.change = change;
  op.u.definition.index = index;
  op.u.definition.def = _bg_definition_ref (def);
  {
    g_autofree char *label = change == DEFINITION_REMOVE
                             ? g_strdup (_("Remove a component definition"))
                             : g_strdup_printf (_("Add component %s"), def->name);

    _bg_model_edit_begin (top, label);
  }
  _bg_model_record (top, &op);
  _bg_model_edit_end (top);
}

static guint
definition_index (BgModel            *top,
                  const BgDefinition *def)
{
  guint index = 0;

  if (!g_ptr_array_find (top->definitions, def, &index))
    g_assert_not_reached ();
  return index;
}

gboolean
bg_model_check_component_name (BgModel    *self,
                               const char *name,
                               GError    **error)
{
  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!bg_id_is_valid (name))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("“%s” is not a valid component name: use letters, digits and _, "
                     "not starting with a digit, at most %d characters"),
                   name, BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (bg_library_is_type (name))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("“%s” is a library type; give the component another name"), name);
      return FALSE;
    }
  if (bg_model_find_definition (self, name) != NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("The model already has a component “%s”"), name);
      return FALSE;
    }
  if (owner (self)->definitions->len >= BG_DEFINITION_MAX_COUNT)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("A model holds at most %u component definitions"),
                   (guint) BG_DEFINITION_MAX_COUNT);
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_model_insert_definition (BgModel       *self,
                            BgDefinition  *def,
                            GError       **error)
{
  BgModel *top;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (def != NULL, FALSE);

  if (!bg_model_check_component_name (self, def->name, error))
    {
      _bg_definition_free (def);
      return FALSE;
    }
  top = owner (self);
  _bg_model_record_definition (top, DEFINITION_INSERT, top->definitions->len, def);
  _bg_definition_free (def);
  return TRUE;
}

/* Does the body of def hold an instance of used, directly or deeper? */
static gboolean
definition_uses (const BgDefinition *def,
                 const BgDefinition *used,
                 GHashTable         *memo)
{
  GPtrArray *elements = def->body->elements;
  gpointer known;

  if (g_hash_table_lookup_extended (memo, def, NULL, &known))
    return GPOINTER_TO_INT (known);
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      const BgDefinition *inner = bg_definition_of_spec (el->spec);

      if (inner != NULL && (g_strcmp0 (inner->name, used->name) == 0
                            || definition_uses (inner, used, memo)))
        {
          g_hash_table_insert (memo, (gpointer) def, GINT_TO_POINTER (TRUE));
          return TRUE;
        }
    }
  g_hash_table_insert (memo, (gpointer) def, GINT_TO_POINTER (FALSE));
  return FALSE;
}

gboolean
bg_model_definition_in_use (BgModel    *self,
                            const char *name)
{
  BgModel *top;
  const BgDefinition *def;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  top = owner (self);
  def = bg_model_find_definition (top, name);
  if (def == NULL)
    return FALSE;
  for (guint i = 0; i < top->elements->len; i++)
    if (bg_definition_of_spec (((BgElement *) top->elements->pdata[i])->spec) == def)
      return TRUE;
  for (guint d = 0; d < top->definitions->len; d++)
    {
      const BgDefinition *other = g_ptr_array_index (top->definitions, d);

      for (guint i = 0; i < other->body->elements->len; i++)
        if (bg_definition_of_spec (((BgElement *) other->body->elements->pdata[i])->spec) == def)
          return TRUE;
    }
  return FALSE;
}

gboolean
bg_model_remove_definition (BgModel    *self,
                            const char *name,
                            GError    **error)
{
  BgModel *top;
  BgDefinition *def;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  top = owner (self);
  def = g_hash_table_lookup (top->definition_names, name);
  if (def == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no component “%s”"), name);
      return FALSE;
    }
  if (bg_model_definition_in_use (top, name))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                   _("The component “%s” is still in use"), name);
      return FALSE;
    }
  _bg_model_record_definition (top, DEFINITION_REMOVE, definition_index (top, def), def);
  return TRUE;
}

/* How many times def is drawn out in the flat model. */
static guint64
count_uses (BgModel            *top,
            const BgDefinition *def,
            GHashTable         *memo)
{
  gpointer known;
  guint64 n = 0;

  if (g_hash_table_lookup_extended (memo, def, NULL, &known))
    return *(guint64 *) known;
  for (guint i = 0; i < top->elements->len; i++)
    if (bg_definition_of_spec (((BgElement *) top->elements->pdata[i])->spec) == def)
      n++;
  for (guint d = 0; d < top->definitions->len; d++)
    {
      const BgDefinition *other = g_ptr_array_index (top->definitions, d);
      guint64 direct = 0;

      for (guint i = 0; i < other->body->elements->len; i++)
        if (bg_definition_of_spec (((BgElement *) other->body->elements->pdata[i])->spec) == def)
          direct++;
      if (direct > 0)
        n += direct * count_uses (top, other, memo);
    }
  g_hash_table_insert (memo, (gpointer) def, g_memdup2 (&n, sizeof n));
  return n;
}

guint64
bg_model_count_instances (BgModel    *self,
                          const char *name)
{
  g_autoptr(GHashTable) memo = NULL;
  const BgDefinition *def;

  g_return_val_if_fail (BG_IS_MODEL (self), 0);
  g_return_val_if_fail (name != NULL, 0);

  def = bg_model_find_definition (self, name);
  if (def == NULL)
    return 0;
  memo = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return count_uses (owner (self), def, memo);
}

/* The parameters shown first that still name a parameter of spec. */
static GStrv
kept_parameters (const BgDefinition    *def,
                 const BgComponentSpec *spec)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv kept;

  for (guint i = 0; def->parameters[i] != NULL; i++)
    if (bg_component_spec_find_param (spec, def->parameters[i], NULL) != NULL)
      g_strv_builder_add (builder, def->parameters[i]);
  kept = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return kept;
}

/* A new definition like old with body (taken), or NULL. */
static BgDefinition *
rebuild (const BgDefinition *old,
         BgModel            *body,
         GError            **error)
{
  g_autoptr(BgModel) owned = body;
  BgDefinition *def = _bg_definition_new (old->name, body, old->label, old->description,
                                          NULL, error);
  g_auto(GStrv) kept = NULL;

  if (def == NULL)
    return NULL;
  kept = kept_parameters (old, def->spec);
  g_strfreev (def->parameters);
  def->parameters = g_steal_pointer (&kept);
  return def;
}

static int
by_depth (gconstpointer a,
          gconstpointer b)
{
  const BgDefinition *da = *(const BgDefinition *const *) a;
  const BgDefinition *db = *(const BgDefinition *const *) b;

  return (da->depth > db->depth) - (da->depth < db->depth);
}

/* The definitions that use def, each after those it uses. */
static GPtrArray *
dependents (BgModel            *top,
            const BgDefinition *def)
{
  g_autoptr(GHashTable) memo = g_hash_table_new (NULL, NULL);
  GPtrArray *users = g_ptr_array_new ();

  for (guint d = 0; d < top->definitions->len; d++)
    {
      const BgDefinition *other = g_ptr_array_index (top->definitions, d);

      if (other != def && definition_uses (other, def, memo))
        g_ptr_array_add (users, (gpointer) other);
    }
  g_ptr_array_sort (users, by_depth);
  return users;
}

static gboolean
bond_touches_respecced (gpointer item,
                        gpointer data)
{
  BgBond *b = item;
  Respec *r = data;

  return g_hash_table_contains (r->specs, b->from->spec)
         || g_hash_table_contains (r->specs, b->to->spec);
}

/* A bond of the model going back after its ends changed spec. */
typedef struct
{
  BgBond *old;
  int     from_port, to_port; /* in the new specs */
  guint   index;              /* where it goes back */
} BondBack;

/* Records the swap of each definition, then, for the model's own
 * instances: their bonds out, their specs and values swapped, the bonds
 * back with their ports by name (those to a port that is gone stay out). */
static void
record_replacement (BgModel   *top,
                    GPtrArray *swaps, /* index (GUINT_TO_POINTER), new definition */
                    Respec    *r)
{
  g_autoptr(GArray) back = g_array_new (FALSE, FALSE, sizeof (BondBack));
  guint n_out = 0, dropped = 0;
  Op op;

  for (guint i = 0; i < top->bonds->len; i++)
    if (bond_touches_respecced (top->bonds->pdata[i], r))
      {
        BgBond *b = top->bonds->pdata[i];
        BondBack bb = { b, -1, -1, i - dropped };

        bb.from_port = _bg_model_respec_port (b->from->spec, b->from_port,
                                              _bg_model_respec_spec (r, top, b->from->spec));
        bb.to_port = _bg_model_respec_port (b->to->spec, b->to_port,
                                            _bg_model_respec_spec (r, top, b->to->spec));
        n_out++;
        if ((b->from_port >= 0 && bb.from_port < 0) || (b->to_port >= 0 && bb.to_port < 0))
          {
            dropped++;
            continue;
          }
        g_array_append_val (back, bb);
      }
  if (n_out > 0)
    {
      /* the removal's references keep the old bonds for the copies below */
      op = _bg_model_removal_op (top, OP_REMOVE_BONDS, bond_touches_respecced, r, n_out);
      _bg_model_record (top, &op);
    }
  for (guint i = 0; i + 1 < swaps->len; i += 2)
    {
      Op swap = { .kind = OP_DEFINITION };

      swap.u.definition.change = DEFINITION_SWAP;
      swap.u.definition.index = GPOINTER_TO_UINT (swaps->pdata[i]);
      swap.u.definition.def = swaps->pdata[i + 1]; /* the op takes the reference */
      _bg_model_record (top, &swap);
    }
  for (guint i = 0; i < top->elements->len; i++)
    {
      Element *el = top->elements->pdata[i];
      const BgComponentSpec *spec = g_hash_table_lookup (r->specs, el->pub.spec);
      Op respec = { .kind = OP_RESPEC };

      if (spec == NULL)
        continue;
      respec.u.respec.el = _bg_model_element_ref (el);
      respec.u.respec.spec = spec;
      respec.u.respec.params = _bg_model_respec_params (r, el->pub.spec, el->pub.params, spec);
      _bg_definition_ref (bg_definition_of_spec (spec));
      _bg_model_record (top, &respec);
    }
  if (back->len > 0)
    {
      op = _bg_model_batch_op (OP_INSERT_BONDS, back->len);
      for (guint i = 0; i < back->len; i++)
        {
          const BondBack *bb = &g_array_index (back, BondBack, i);
          Bond *b = _bg_model_bond_new (bb->old->id, ELEMENT (bb->old->from), bb->from_port,
                                        ELEMENT (bb->old->to), bb->to_port);

          b->pub.arrow = bb->old->arrow;
          b->pub.exercise = bb->old->exercise;
          op.u.batch.indices[i] = bb->index;
          op.u.batch.items[i] = b;
        }
      _bg_model_record (top, &op);
    }
}

gboolean
bg_model_replace_definition (BgModel     *self,
                             const char  *name,
                             BgModel     *body,
                             const char  *label,
                             GError     **error)
{
  g_autoptr(GPtrArray) swaps = g_ptr_array_new (); /* index, new definition */
  g_autoptr(GPtrArray) users = NULL;
  g_autoptr(GHashTable) memo = NULL;
  BgModel *top, *copy;
  const BgDefinition *old;
  BgDefinition *def;
  guint64 n_flat = 0;
  Respec r;
  gboolean ok = TRUE;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (BG_IS_MODEL (body), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  top = owner (self);
  old = g_hash_table_lookup (top->definition_names, name);
  if (old == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                   _("no component “%s”"), name);
      return FALSE;
    }
  /* A body that holds the component itself, directly or deeper. */
  memo = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < body->elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (body->elements, i);
      const BgDefinition *inner = bg_definition_of_spec (el->spec);

      if (inner != NULL && (g_strcmp0 (inner->name, name) == 0
                            || definition_uses (inner, old, memo)))
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                       _("%s: a component cannot contain itself, directly or through others"),
                       el->id);
          return FALSE;
        }
    }

  _bg_model_respec_init (&r);
  users = dependents (top, old);
  copy = bg_model_new_body (top);
  _bg_model_copy_graph (copy, body, &r);
  def = rebuild (old, copy, error);
  if (def == NULL)
    ok = FALSE;
  else
    {
      g_hash_table_insert (r.specs, (gpointer) old->spec, (gpointer) def->spec);
      g_ptr_array_add (swaps, GUINT_TO_POINTER (definition_index (top, old)));
      g_ptr_array_add (swaps, def);
    }
  /* Each definition that uses it, after those it uses, on copies. */
  for (guint i = 0; ok && i < users->len; i++)
    {
      const BgDefinition *user = g_ptr_array_index (users, i);

      copy = bg_model_new_body (top);
      _bg_model_copy_graph (copy, user->body, &r);
      def = rebuild (user, copy, error);
      if (def == NULL)
        {
          ok = FALSE;
          break;
        }
      g_hash_table_insert (r.specs, (gpointer) user->spec, (gpointer) def->spec);
      g_ptr_array_add (swaps, GUINT_TO_POINTER (definition_index (top, user)));
      g_ptr_array_add (swaps, def);
    }
  for (guint i = 0; ok && i < top->elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (top->elements, i);
      const BgDefinition *d = bg_definition_of_spec (_bg_model_respec_spec (&r, top, el->spec));

      n_flat += d != NULL ? d->n_flat : 1;
    }
  if (ok && n_flat > BG_MODEL_MAX_ELEMENTS)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("With its components drawn out the model would have more than %u elements"),
                   (guint) BG_MODEL_MAX_ELEMENTS);
      ok = FALSE;
    }
  if (!ok)
    {
      for (guint i = 0; i + 1 < swaps->len; i += 2)
        _bg_definition_free (swaps->pdata[i + 1]);
      _bg_model_respec_clear (&r);
      return FALSE;
    }

  _bg_model_edit_begin (top, label != NULL ? label : _("Edit a component"));
  record_replacement (top, swaps, &r);
  _bg_model_edit_end (top);
  _bg_model_respec_clear (&r);
  return TRUE;
}
