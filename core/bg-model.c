/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model.c — the editable bond-graph document.
 *
 * Owns: elements, bonds, simulation settings, the name, the editor's view
 * text; ids, lookups and adjacency; reading; the GObject with its
 * properties and signals. The edits live beside it, each validating first
 * and recording one undo step: bg-model-edit-elements.c,
 * bg-model-edit-bonds.c and bg-model-edit-document.c; the history of
 * reversible operations is bg-model-history.c. They share
 * bg-model-private.h. Must not: analyse, simulate, do file I/O or know
 * about GTK.
 *
 * Lookups: ids of elements and bonds share one namespace and are found in
 * O(1) through two hash tables. Adjacency: every element keeps an array of
 * its bonds. For fixed ports it is one slot per port, kept up to date on
 * every edit (connect checks use it, so bulk loading stays linear). For
 * junctions the array lists the bonds in document order; it is extended in
 * place when a bond is appended and otherwise rebuilt for all junctions at
 * once, in O(elements + bonds), the first time it is read after an edit that
 * reordered or removed bonds. So an analysis that asks every element for its
 * bonds costs O(elements + bonds) in total.
 *
 * Elements and bonds are reference counted internally: the model holds one
 * reference to each attached item, and every history operation that names an
 * item holds one too, so a removed element lives on in the history until that
 * step is dropped, and undo brings back the very same item.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"
#include "bg-definition.h"

G_DEFINE_QUARK (bg-model-error-quark, bg_model_error)

/* Items ------------------------------------------------------------------ */

/* An item's id lives in its own block, right after it, until a rename
 * gives it another (then one of its own). */
static char *
inline_id (gpointer    storage,
           const char *id,
           gsize       size)
{
  return memcpy (storage, id, size);
}

Element *
_bg_model_element_new (const BgComponentSpec *spec,
                       const char            *id,
                       double                 x,
                       double                 y)
{
  gsize id_size = strlen (id) + 1;
  Element *el = g_malloc0 (sizeof (Element) + id_size);

  el->ref_count = 1;
  el->pub.id = inline_id (el + 1, id, id_size);
  el->pub.spec = spec;
  el->pub.x = x;
  el->pub.y = y;
  el->pub.params = g_new0 (BgParamValue, MAX (spec->n_params, 1));
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&el->pub.params[i], &spec->params[i]);
  el->adj = g_ptr_array_sized_new (spec->n_ports);
  g_ptr_array_set_size (el->adj, spec->n_ports);
  /* An instance keeps its definition (and so its spec) alive. */
  if (bg_definition_of_spec (spec) != NULL)
    _bg_definition_ref (bg_definition_of_spec (spec));
  return el;
}

Element *
_bg_model_element_ref (Element *el)
{
  el->ref_count++;
  return el;
}

void
_bg_model_element_unref (Element *el)
{
  if (--el->ref_count > 0)
    return;
  for (guint i = 0; i < el->pub.spec->n_params; i++)
    bg_param_value_clear (&el->pub.params[i]);
  g_free (el->pub.params);
  _bg_model_element_free_id (el, el->pub.id);
  g_free (el->pub.label);
  g_ptr_array_unref (el->adj);
  if (bg_definition_of_spec (el->pub.spec) != NULL)
    _bg_definition_free ((BgDefinition *) bg_definition_of_spec (el->pub.spec));
  g_free (el);
}

Bond *
_bg_model_bond_new (const char *id,
                    Element    *from,
                    int         from_port,
                    Element    *to,
                    int         to_port)
{
  gsize id_size = strlen (id) + 1;
  Bond *b = g_malloc0 (sizeof (Bond) + id_size);

  b->ref_count = 1;
  b->pub.id = inline_id (b + 1, id, id_size);
  b->pub.from = &_bg_model_element_ref (from)->pub;
  b->pub.from_port = from_port;
  b->pub.to = &_bg_model_element_ref (to)->pub;
  b->pub.to_port = to_port;
  b->pub.arrow = BG_ARROW_FORWARD;
  b->from_slot = from_port >= 0 ? (guint) from_port : 0;
  b->to_slot = to_port >= 0 ? (guint) to_port : 0;
  return b;
}

Bond *
_bg_model_bond_ref (Bond *b)
{
  b->ref_count++;
  return b;
}

void
_bg_model_bond_unref (Bond *b)
{
  if (--b->ref_count > 0)
    return;
  _bg_model_element_unref (ELEMENT (b->pub.from));
  _bg_model_element_unref (ELEMENT (b->pub.to));
  if (b->pub.id != (char *) (b + 1))
    g_free (b->pub.id);
  g_free (b);
}

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgModel, bg_model, G_TYPE_OBJECT)

/* The prefix of new bond ids: b1, b2, ... (elements take their kind's). */
#define BOND_ID_PREFIX BOND_HINT

/* Ids -------------------------------------------------------------------- */

gboolean
bg_id_is_valid (const char *id)
{
  gsize len;

  if (id == NULL || id[0] == '\0')
    return FALSE;
  if (!(g_ascii_isalpha (id[0]) || id[0] == '_'))
    return FALSE;
  for (len = 1; id[len] != '\0'; len++)
    if (!(g_ascii_isalnum (id[len]) || id[len] == '_'))
      return FALSE;
  return len <= BG_ID_MAX_LENGTH;
}

static gboolean
id_in_use (BgModel    *self,
           const char *id)
{
  return g_hash_table_contains (self->element_ids, id)
         || g_hash_table_contains (self->bond_ids, id);
}

gboolean
_bg_model_check_new_id (BgModel    *self,
                        const char *id,
                        GError    **error)
{
  if (!bg_id_is_valid (id))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("“%s” is not a valid id: use letters, digits and _, "
                     "not starting with a digit, at most %d characters"),
                   id, BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (g_hash_table_contains (self->element_ids, id))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("The id “%s” is already used by an element"), id);
      return FALSE;
    }
  if (g_hash_table_contains (self->bond_ids, id))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_ID,
                   _("The id “%s” is already used by a bond"), id);
      return FALSE;
    }
  return TRUE;
}

/* An id leaving the model may free a number for make_id: lower the hint of
 * its prefix. */
void
_bg_model_id_released (BgModel    *self,
                       const char *id)
{
  GHashTableIter iter;
  gpointer prefix, hint;

  g_hash_table_iter_init (&iter, self->id_hints);
  while (g_hash_table_iter_next (&iter, &prefix, &hint))
    {
      const char *digits;
      guint64 number;

      if (!g_str_has_prefix (id, prefix))
        continue;
      digits = id + strlen (prefix);
      if (digits[0] == '\0' || digits[0] == '0'
          || strspn (digits, "0123456789") != strlen (digits)
          || strlen (digits) > 9)
        continue;
      number = g_ascii_strtoull (digits, NULL, 10);
      if (number < GPOINTER_TO_UINT (hint))
        g_hash_table_iter_replace (&iter, GUINT_TO_POINTER ((guint) number));
    }
}

/* Every number below the prefix's hint is taken, so the scan starts there
 * and the total cost of making n ids in a row is O(n). */
char *
_bg_model_make_id (BgModel    *self,
                   const char *prefix)
{
  guint hint = GPOINTER_TO_UINT (g_hash_table_lookup (self->id_hints, prefix));

  for (guint n = MAX (hint, 1);; n++)
    {
      char *id = g_strdup_printf ("%s%u", prefix, n);

      if (!id_in_use (self, id))
        {
          /* A component's prefix is its name, which may go before the
           * model does: the table keeps its own copy (a key already there
           * stays and the copy given is freed). */
          g_hash_table_insert (self->id_hints, g_strdup (prefix), GUINT_TO_POINTER (n));
          return id;
        }
      g_free (id);
    }
}

char *
bg_model_make_element_id (BgModel               *self,
                          const BgComponentSpec *spec)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (spec != NULL, NULL);

  return _bg_model_make_id (self, spec->kind->id_prefix);
}

char *
bg_model_make_bond_id (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return _bg_model_make_id (self, BOND_ID_PREFIX);
}

/* Attaching and detaching items ------------------------------------------- */

static void
array_insert_sorted (GPtrArray      *array,
                     const guint    *indices,
                     gpointer const *items,
                     guint           n)
{
  guint old_len = array->len;
  gint r, k, w;

  if (n == 1)
    {
      g_ptr_array_insert (array, indices[0], items[0]);
      return;
    }
  g_ptr_array_set_size (array, old_len + n);
  r = (gint) old_len - 1;
  k = (gint) n - 1;
  for (w = (gint) (old_len + n) - 1; k >= 0; w--)
    {
      if ((guint) w == indices[k])
        array->pdata[w] = items[k--];
      else
        array->pdata[w] = array->pdata[r--];
    }
}

static void
array_remove_sorted (GPtrArray   *array,
                     const guint *indices,
                     guint        n)
{
  guint w, r, k = 0;

  if (n == 1)
    {
      g_ptr_array_remove_index (array, indices[0]);
      return;
    }
  for (w = r = indices[0]; r < array->len; r++)
    {
      if (k < n && r == indices[k])
        {
          k++;
          continue;
        }
      array->pdata[w++] = array->pdata[r];
    }
  g_ptr_array_set_size (array, w);
}

/* An element enters or leaves the model without bonds (they are attached
 * after it and detached before it). A junction's list may still hold the
 * bonds it had when it left, which a rebuild in between did not visit, so
 * it is emptied on both ways. */
static void
reset_junction_list (Element *el)
{
  if (el->pub.spec->variable_ports)
    g_ptr_array_set_size (el->adj, 0);
}

void
_bg_model_attach_elements (BgModel *self,
                           Op      *op)
{
  array_insert_sorted (self->elements, op->u.batch.indices,
                       op->u.batch.items, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Element *el = _bg_model_element_ref (op->u.batch.items[i]);

      reset_junction_list (el);
      el->attached = TRUE;
      g_hash_table_insert (self->element_ids, el->pub.id, el);
    }
}

void
_bg_model_detach_elements (BgModel *self,
                           Op      *op)
{
  array_remove_sorted (self->elements, op->u.batch.indices, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Element *el = op->u.batch.items[i];

      reset_junction_list (el);
      el->attached = FALSE;
      g_hash_table_remove (self->element_ids, el->pub.id);
      _bg_model_id_released (self, el->pub.id);
      _bg_model_element_unref (el);
    }
}

static void
set_port_slot (BgElement *el,
               int        port,
               Bond      *bond)
{
  if (port >= 0)
    ELEMENT (el)->adj->pdata[port] = bond;
}

/* Appends the bond to the lists of its junction ends. */
static void
add_junction_end (Bond *b)
{
  if (b->pub.from_port < 0)
    {
      b->from_slot = ELEMENT (b->pub.from)->adj->len;
      g_ptr_array_add (ELEMENT (b->pub.from)->adj, b);
    }
  if (b->pub.to_port < 0)
    {
      b->to_slot = ELEMENT (b->pub.to)->adj->len;
      g_ptr_array_add (ELEMENT (b->pub.to)->adj, b);
    }
}

void
_bg_model_attach_bonds (BgModel *self,
                        Op      *op)
{
  gboolean appended = op->u.batch.n == 1
                      && op->u.batch.indices[0] == self->bonds->len;
  gboolean junctions_valid = self->junction_stamp == self->topology_stamp;

  array_insert_sorted (self->bonds, op->u.batch.indices,
                       op->u.batch.items, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Bond *b = _bg_model_bond_ref (op->u.batch.items[i]);

      g_hash_table_insert (self->bond_ids, b->pub.id, b);
      set_port_slot (b->pub.from, b->pub.from_port, b);
      set_port_slot (b->pub.to, b->pub.to_port, b);
      if (appended && junctions_valid)
        add_junction_end (b);
    }
  self->topology_stamp++;
  if (appended && junctions_valid)
    self->junction_stamp = self->topology_stamp;
}

void
_bg_model_detach_bonds (BgModel *self,
                        Op      *op)
{
  array_remove_sorted (self->bonds, op->u.batch.indices, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Bond *b = op->u.batch.items[i];

      set_port_slot (b->pub.from, b->pub.from_port, NULL);
      set_port_slot (b->pub.to, b->pub.to_port, NULL);
      g_hash_table_remove (self->bond_ids, b->pub.id);
      _bg_model_id_released (self, b->pub.id);
      _bg_model_bond_unref (b);
    }
  self->topology_stamp++;
}

static void
ensure_junction_adjacency (BgModel *self)
{
  if (self->junction_stamp == self->topology_stamp)
    return;
  for (guint i = 0; i < self->elements->len; i++)
    {
      Element *el = g_ptr_array_index (self->elements, i);

      if (el->pub.spec->variable_ports)
        g_ptr_array_set_size (el->adj, 0);
    }
  for (guint i = 0; i < self->bonds->len; i++)
    add_junction_end (g_ptr_array_index (self->bonds, i));
  self->junction_stamp = self->topology_stamp;
}

/* Reading ---------------------------------------------------------------- */

const char *
bg_model_get_name (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->name;
}

GPtrArray *
bg_model_get_elements (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->elements;
}

GPtrArray *
bg_model_get_bonds (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->bonds;
}

BgElement *
bg_model_find_element (BgModel    *self,
                       const char *id)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->element_ids, id);
}

BgBond *
bg_model_find_bond (BgModel    *self,
                    const char *id)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  return g_hash_table_lookup (self->bond_ids, id);
}

const BgSimSettings *
bg_model_get_simulation (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return &self->simulation;
}

GPtrArray *
bg_model_get_element_bonds (BgModel   *self,
                            BgElement *element)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (element != NULL, NULL);
  g_return_val_if_fail (ELEMENT (element)->attached, NULL);

  if (element->spec->variable_ports)
    ensure_junction_adjacency (self);
  return ELEMENT (element)->adj;
}

guint
bg_model_get_bond_slot (BgModel  *self,
                        BgBond   *bond,
                        gboolean  at_to)
{
  g_return_val_if_fail (BG_IS_MODEL (self), 0);
  g_return_val_if_fail (bond != NULL, 0);
  g_return_val_if_fail (g_hash_table_lookup (self->bond_ids, bond->id) == bond, 0);

  if ((at_to ? bond->to_port : bond->from_port) < 0)
    ensure_junction_adjacency (self);
  return at_to ? BOND (bond)->to_slot : BOND (bond)->from_slot;
}

char *
bg_model_dup_port_name (BgModel  *self,
                        BgBond   *bond,
                        gboolean  at_to)
{
  BgElement *el;
  int port;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (bond != NULL, NULL);

  el = at_to ? bond->to : bond->from;
  port = at_to ? bond->to_port : bond->from_port;
  if (port >= 0)
    return g_strdup (el->spec->ports[port].name);
  return g_strdup_printf ("p%u", bg_model_get_bond_slot (self, bond, at_to) + 1);
}

/* The editor's view (saved, not undoable) --------------------------------- */

const char *
bg_model_get_view_json (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return self->view_json;
}

/* A view change is saved with the file but is no edit of the graph: it
 * counts in view_revision, never in revision, so an analysis made from the
 * current revision (bg_causality_get_revision) stays current and nothing
 * is analysed again. */
void
bg_model_set_view_json (BgModel    *self,
                        const char *json)
{
  g_return_if_fail (BG_IS_MODEL (self));

  if (g_strcmp0 (self->view_json, json) == 0)
    return;
  _bg_model_replace_string (&self->view_json, json);
  self->view_revision++;
  g_signal_emit (self, signals[SIGNAL_VIEW_CHANGED], 0);
}

guint64
bg_model_get_view_revision (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), 0);

  return self->view_revision;
}

/* Settings --------------------------------------------------------------- */

void
bg_sim_settings_init_default (BgSimSettings *settings)
{
  g_return_if_fail (settings != NULL);

  settings->t_end = 1.0;
  settings->output_step = 0.0;
  settings->rtol = 1e-6;
  settings->atol = 0.0;
}

double
bg_sim_settings_output_step (const BgSimSettings *settings)
{
  g_return_val_if_fail (settings != NULL, 0.0);

  return settings->output_step > 0 ? settings->output_step
                                   : settings->t_end / 1000.0;
}

/* Notifications from the other files of the class ------------------------ */

void
_bg_model_notify (BgModel *self,
                  guint    prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

void
_bg_model_emit_changed (BgModel *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* GObject ---------------------------------------------------------------- */

BgModel *
bg_model_new (void)
{
  return g_object_new (BG_TYPE_MODEL, NULL);
}

static void
bg_model_finalize (GObject *object)
{
  BgModel *self = BG_MODEL (object);

  g_clear_pointer (&self->pending, _bg_model_step_free);
  g_ptr_array_unref (self->undo_stack);
  g_ptr_array_unref (self->redo_stack);
  g_hash_table_unref (self->element_ids);
  g_hash_table_unref (self->bond_ids);
  g_hash_table_unref (self->id_hints);
  for (guint i = 0; i < self->bonds->len; i++)
    _bg_model_bond_unref (self->bonds->pdata[i]);
  g_ptr_array_unref (self->bonds);
  for (guint i = 0; i < self->elements->len; i++)
    _bg_model_element_unref (self->elements->pdata[i]);
  g_ptr_array_unref (self->elements);
  g_free (self->name);
  g_free (self->view_json);
  /* After the elements: instances point at their definitions' specs. */
  _bg_model_definitions_finalize (self);

  G_OBJECT_CLASS (bg_model_parent_class)->finalize (object);
}

static void
bg_model_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  BgModel *self = BG_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, bg_model_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, bg_model_can_redo (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_model_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  BgModel *self = BG_MODEL (object);

  switch (prop_id)
    {
    case PROP_NAME:
      bg_model_set_name (self, g_value_get_string (value), NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_model_class_init (BgModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bg_model_finalize;
  object_class->get_property = bg_model_get_property;
  object_class->set_property = bg_model_set_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                         | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                          | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                          | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_VIEW_CHANGED] =
    g_signal_new ("view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bg_model_init (BgModel *self)
{
  self->name = g_strdup ("");
  self->elements = g_ptr_array_new ();
  self->bonds = g_ptr_array_new ();
  self->element_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->bond_ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) _bg_model_step_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) _bg_model_step_free);
  bg_sim_settings_init_default (&self->simulation);
  self->id_hints = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  _bg_model_definitions_init (self);
}
