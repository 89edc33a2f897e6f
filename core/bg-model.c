/* bg-model.c — the editable bond-graph document and its undo history.
 *
 * Owns: elements, bonds, simulation settings, the name, the editor's view
 * text and the history. Each edit call validates first and either refuses
 * with a GError (model untouched) or applies a list of reversible primitive
 * operations (insert/remove elements or bonds at indices, set a field from
 * old to new) that together form one undo step. Must not: analyse, simulate,
 * do file I/O or know about GTK.
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

G_DEFINE_QUARK (bg-model-error-quark, bg_model_error)

/* Items ------------------------------------------------------------------ */

typedef struct
{
  BgElement  pub;        /* first: a BgElement* is an Element* */
  int        ref_count;
  gboolean   attached;
  GPtrArray *adj;        /* fixed ports: slot per port; junctions: doc order */
} Element;

typedef struct
{
  BgBond pub;            /* first: a BgBond* is a Bond* */
  int    ref_count;
  guint  from_slot;      /* position in from's adj (junction ends: while */
  guint  to_slot;        /* the junction lists are valid), else port index */
} Bond;

#define ELEMENT(el) ((Element *) (el))
#define BOND(b) ((Bond *) (b))

static Element *
element_new (const BgComponentSpec *spec,
             const char            *id,
             double                 x,
             double                 y)
{
  Element *el = g_new0 (Element, 1);

  el->ref_count = 1;
  el->pub.id = g_strdup (id);
  el->pub.spec = spec;
  el->pub.x = x;
  el->pub.y = y;
  el->pub.params = g_new0 (BgParamValue, MAX (spec->n_params, 1));
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&el->pub.params[i], &spec->params[i]);
  el->adj = g_ptr_array_sized_new (spec->n_ports);
  g_ptr_array_set_size (el->adj, spec->n_ports);
  return el;
}

static Element *
element_ref (Element *el)
{
  el->ref_count++;
  return el;
}

static void
element_unref (Element *el)
{
  if (--el->ref_count > 0)
    return;
  for (guint i = 0; i < el->pub.spec->n_params; i++)
    bg_param_value_clear (&el->pub.params[i]);
  g_free (el->pub.params);
  g_free (el->pub.id);
  g_free (el->pub.label);
  g_ptr_array_unref (el->adj);
  g_free (el);
}

static Bond *
bond_new (const char *id,
          Element    *from,
          int         from_port,
          Element    *to,
          int         to_port)
{
  Bond *b = g_new0 (Bond, 1);

  b->ref_count = 1;
  b->pub.id = g_strdup (id);
  b->pub.from = &element_ref (from)->pub;
  b->pub.from_port = from_port;
  b->pub.to = &element_ref (to)->pub;
  b->pub.to_port = to_port;
  b->pub.arrow = BG_ARROW_FORWARD;
  b->from_slot = from_port >= 0 ? (guint) from_port : 0;
  b->to_slot = to_port >= 0 ? (guint) to_port : 0;
  return b;
}

static Bond *
bond_ref (Bond *b)
{
  b->ref_count++;
  return b;
}

static void
bond_unref (Bond *b)
{
  if (--b->ref_count > 0)
    return;
  element_unref (ELEMENT (b->pub.from));
  element_unref (ELEMENT (b->pub.to));
  g_free (b->pub.id);
  g_free (b);
}

/* History records ---------------------------------------------------------- */

typedef enum
{
  OP_INSERT_ELEMENTS,
  OP_REMOVE_ELEMENTS,
  OP_INSERT_BONDS,
  OP_REMOVE_BONDS,
  OP_MOVE,
  OP_RENAME,
  OP_LABEL,
  OP_ROTATION,
  OP_PARAM,
  OP_ARROW,
  OP_FLIP,
  OP_SIMULATION,
  OP_NAME,
  OP_SPEC,
} OpKind;

/* One reversible primitive change. Batches keep ascending indices: the
 * positions the items have while they are in the model. */
typedef struct
{
  OpKind kind;
  union
  {
    struct { guint n; guint *indices; gpointer *items; } batch;
    struct { Element *el; double dx, dy; } move;
    struct { Element *el; char *old_s, *new_s; } str;   /* rename, label */
    struct { Element *el; int old_i, new_i; } rotation;
    struct { Element *el; guint index; BgParamValue old_v, new_v; } param;
    Bond *bond;                                          /* arrow, flip */
    struct { BgSimSettings old_s, new_s; } sim;
    struct { char *old_s, *new_s; } name;
    struct { Element *el; const BgComponentSpec *old_p, *new_p; } spec;
  } u;
} Op;

/* Most steps hold one operation: it lives inside the step, and only a
 * longer step allocates an array. */
typedef struct
{
  char  *label;
  Op    *ops;      /* applied in order; undone in reverse */
  guint  n_ops;
  guint  capacity;
  Op     first;    /* storage of ops while capacity == 1 */
} Step;

static void
op_clear (Op *op)
{
  switch (op->kind)
    {
    case OP_INSERT_ELEMENTS:
    case OP_REMOVE_ELEMENTS:
      for (guint i = 0; i < op->u.batch.n; i++)
        element_unref (op->u.batch.items[i]);
      g_free (op->u.batch.items);   /* indices share the block */
      break;
    case OP_INSERT_BONDS:
    case OP_REMOVE_BONDS:
      for (guint i = 0; i < op->u.batch.n; i++)
        bond_unref (op->u.batch.items[i]);
      g_free (op->u.batch.items);   /* indices share the block */
      break;
    case OP_MOVE:
      element_unref (op->u.move.el);
      break;
    case OP_RENAME:
    case OP_LABEL:
      element_unref (op->u.str.el);
      g_free (op->u.str.old_s);
      g_free (op->u.str.new_s);
      break;
    case OP_ROTATION:
      element_unref (op->u.rotation.el);
      break;
    case OP_PARAM:
      element_unref (op->u.param.el);
      bg_param_value_clear (&op->u.param.old_v);
      bg_param_value_clear (&op->u.param.new_v);
      break;
    case OP_ARROW:
    case OP_FLIP:
      bond_unref (op->u.bond);
      break;
    case OP_SIMULATION:
      break;
    case OP_NAME:
      g_free (op->u.name.old_s);
      g_free (op->u.name.new_s);
      break;
    case OP_SPEC:
      element_unref (op->u.spec.el);
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

static void
step_free (Step *step)
{
  for (guint i = 0; i < step->n_ops; i++)
    op_clear (&step->ops[i]);
  if (step->ops != &step->first)
    g_free (step->ops);
  g_free (step->label);
  g_free (step);
}

/* The model -------------------------------------------------------------- */

struct _BgModel
{
  GObject        parent_instance;

  char          *name;
  GPtrArray     *elements;       /* Element*, one reference each */
  GPtrArray     *bonds;          /* Bond*, one reference each */
  GHashTable    *element_ids;    /* id (the element's string) → Element* */
  GHashTable    *bond_ids;       /* id (the bond's string) → Bond* */
  BgSimSettings  simulation;
  char          *view_json;

  GPtrArray     *undo_stack;     /* Step*, oldest first */
  GPtrArray     *redo_stack;     /* Step*, next redo last */
  Step          *pending;        /* the step being recorded */
  guint          group_depth;
  guint64        revision;
  guint64        view_revision;  /* apart from revision: see set_view_json */

  /* Junction adjacency is valid while junction_stamp == topology_stamp. */
  guint          topology_stamp;
  guint          junction_stamp;

  /* Smallest number that may be free for each id prefix (see make_id). */
  guint          id_hint[BG_N_KINDS + 1];
};

enum
{
  PROP_0,
  PROP_NAME,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum
{
  SIGNAL_CHANGED,
  SIGNAL_VIEW_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgModel, bg_model, G_TYPE_OBJECT)

#define BOND_HINT BG_N_KINDS

static const char *const id_prefixes[BG_N_KINDS + 1] = {
  [BG_KIND_JUNCTION_0] = "J0_",
  [BG_KIND_JUNCTION_1] = "J1_",
  [BG_KIND_R] = "R",
  [BG_KIND_C] = "C",
  [BG_KIND_I] = "I",
  [BG_KIND_SE] = "Se",
  [BG_KIND_SF] = "Sf",
  [BG_KIND_TF] = "TF",
  [BG_KIND_CYLINDER_DA] = "CYL",
  [BG_KIND_MECHANICAL_LOAD] = "LOAD",
  [BG_KIND_PUMP_CURVE] = "PUMP",
  [BG_KIND_GAS_ACCUMULATOR] = "ACC",
  [BG_KIND_GY] = "GY",
  [BG_KIND_DC_MOTOR] = "MOT",
  [BOND_HINT] = "b",
};

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

static gboolean
check_new_id (BgModel    *self,
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

/* An id leaving the model may free a number for make_id: lower the hint. */
static void
id_released (BgModel    *self,
             const char *id)
{
  for (guint k = 0; k < G_N_ELEMENTS (id_prefixes); k++)
    {
      const char *digits;
      guint64 number;

      if (!g_str_has_prefix (id, id_prefixes[k]))
        continue;
      digits = id + strlen (id_prefixes[k]);
      if (digits[0] == '\0' || digits[0] == '0'
          || strspn (digits, "0123456789") != strlen (digits)
          || strlen (digits) > 9)
        continue;
      number = g_ascii_strtoull (digits, NULL, 10);
      if (number < self->id_hint[k])
        self->id_hint[k] = (guint) number;
    }
}

/* Every number below id_hint[k] is taken, so the scan starts there and the
 * total cost of making n ids in a row is O(n). */
static char *
make_id (BgModel *self,
         guint    k)
{
  for (guint n = MAX (self->id_hint[k], 1);; n++)
    {
      char *id = g_strdup_printf ("%s%u", id_prefixes[k], n);

      if (!id_in_use (self, id))
        {
          self->id_hint[k] = n;
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
  g_return_val_if_fail (spec->kind < BG_N_KINDS, NULL);

  return make_id (self, spec->kind);
}

char *
bg_model_make_bond_id (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), NULL);

  return make_id (self, BOND_HINT);
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

static void
attach_elements (BgModel *self,
                 Op      *op)
{
  array_insert_sorted (self->elements, op->u.batch.indices,
                       op->u.batch.items, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Element *el = element_ref (op->u.batch.items[i]);

      reset_junction_list (el);
      el->attached = TRUE;
      g_hash_table_insert (self->element_ids, el->pub.id, el);
    }
}

static void
detach_elements (BgModel *self,
                 Op      *op)
{
  array_remove_sorted (self->elements, op->u.batch.indices, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Element *el = op->u.batch.items[i];

      reset_junction_list (el);
      el->attached = FALSE;
      g_hash_table_remove (self->element_ids, el->pub.id);
      id_released (self, el->pub.id);
      element_unref (el);
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

static void
attach_bonds (BgModel *self,
              Op      *op)
{
  gboolean appended = op->u.batch.n == 1
                      && op->u.batch.indices[0] == self->bonds->len;
  gboolean junctions_valid = self->junction_stamp == self->topology_stamp;

  array_insert_sorted (self->bonds, op->u.batch.indices,
                       op->u.batch.items, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Bond *b = bond_ref (op->u.batch.items[i]);

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

static void
detach_bonds (BgModel *self,
              Op      *op)
{
  array_remove_sorted (self->bonds, op->u.batch.indices, op->u.batch.n);
  for (guint i = 0; i < op->u.batch.n; i++)
    {
      Bond *b = op->u.batch.items[i];

      set_port_slot (b->pub.from, b->pub.from_port, NULL);
      set_port_slot (b->pub.to, b->pub.to_port, NULL);
      g_hash_table_remove (self->bond_ids, b->pub.id);
      id_released (self, b->pub.id);
      bond_unref (b);
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

/* Applying records ------------------------------------------------------- */

static void
replace_string (char      **field,
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
  id_released (self, old_id);
  g_free (old_id);
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
}

static void
op_apply (BgModel *self,
          Op      *op,
          gboolean forward)
{
  switch (op->kind)
    {
    case OP_INSERT_ELEMENTS:
      (forward ? attach_elements : detach_elements) (self, op);
      break;
    case OP_REMOVE_ELEMENTS:
      (forward ? detach_elements : attach_elements) (self, op);
      break;
    case OP_INSERT_BONDS:
      (forward ? attach_bonds : detach_bonds) (self, op);
      break;
    case OP_REMOVE_BONDS:
      (forward ? detach_bonds : attach_bonds) (self, op);
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
      replace_string (&op->u.str.el->pub.label,
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
      replace_string (&self->name, forward ? op->u.name.new_s
                                           : op->u.name.old_s);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
      break;
    case OP_SPEC:
      /* Same parameters in the same order: only the ports' domains change. */
      op->u.spec.el->pub.spec = forward ? op->u.spec.new_p : op->u.spec.old_p;
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

static void
edit_begin (BgModel    *self,
            const char *label)
{
  if (self->group_depth > 0)
    return;
  pending_begin (self, label);
}

/* Applies the operation and appends it to the step being recorded; takes
 * over the references the operation holds. */
static void
record (BgModel *self,
        Op      *op)
{
  g_assert (self->pending != NULL);
  op_apply (self, op, TRUE);
  step_append (self->pending, op);
}

static void
notify_history (BgModel  *self,
                gboolean  could_undo,
                gboolean  could_redo)
{
  if (could_undo != bg_model_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != bg_model_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

static void
commit (BgModel *self)
{
  Step *step = g_steal_pointer (&self->pending);
  gboolean could_undo = bg_model_can_undo (self);
  gboolean could_redo = bg_model_can_redo (self);

  if (step->n_ops == 0)
    {
      step_free (step);
      g_object_thaw_notify (G_OBJECT (self));
      return;
    }
  g_ptr_array_add (self->undo_stack, step);
  g_ptr_array_set_size (self->redo_stack, 0);
  self->revision++;
  notify_history (self, could_undo, could_redo);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
edit_end (BgModel *self)
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
bg_model_end_group (BgModel *self)
{
  g_return_if_fail (BG_IS_MODEL (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth == 0)
    commit (self);
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
  char    *ref;     /* "R1" or "T1.P", for messages */
} End;

static void
end_clear (End *end)
{
  g_clear_pointer (&end->ref, g_free);
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
  g_autofree char *el_id = dot != NULL ? g_strndup (ref, dot - ref)
                                       : g_strdup (ref);
  const BgComponentSpec *spec;
  guint index;

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
      end->ref = g_strdup (el_id);
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

  if (spec->n_ports > 1)
    end->ref = g_strdup_printf ("%s.%s", el_id, spec->ports[end->port].name);
  else
    end->ref = g_strdup (el_id);
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
    g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE,
                 _("%s is already bonded"), end->ref);
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
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_DOMAIN_MISMATCH,
                   _("Cannot connect %s (%s) to %s (%s): a bond joins ports "
                     "of one domain"),
                   from->ref, bg_domain_to_id (end_domain (from)),
                   to->ref, bg_domain_to_id (end_domain (to)));
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
  end_clear (&from);
  end_clear (&to);
  return ok;
}

/* Edits: elements -------------------------------------------------------- */

static Op
batch_op (OpKind kind,
          guint  n)
{
  Op op = { .kind = kind };

  /* One block: n item pointers, then n indices. */
  op.u.batch.n = n;
  op.u.batch.items = g_malloc (n * (sizeof (gpointer) + sizeof (guint)));
  op.u.batch.indices = (guint *) (op.u.batch.items + n);
  return op;
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
  g_autofree char *new_id = NULL;
  g_autofree char *label = NULL;
  Element *el;
  Op op;

  g_return_val_if_fail (BG_IS_MODEL (self), NULL);
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!bg_library_is_type (type))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("Unknown component type “%s”"), type);
      return NULL;
    }
  spec = bg_library_lookup (type, domain);
  if (spec == NULL)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE,
                   _("%s needs a domain: electrical, hydraulic, translational "
                     "or rotational"), type);
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
  if (id != NULL && !check_new_id (self, id, error))
    return NULL;
  new_id = id != NULL ? g_strdup (id) : make_id (self, spec->kind);

  el = element_new (spec, new_id, x, y);
  op = batch_op (OP_INSERT_ELEMENTS, 1);
  op.u.batch.indices[0] = self->elements->len;
  op.u.batch.items[0] = el;   /* the record takes the creation reference */

  label = g_strdup_printf (_("Add %s"), new_id);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
  return &el->pub;
}

/* Looks up every id; fills the set of elements (deduplicated). */
static gboolean
collect_elements (BgModel            *self,
                  const char *const  *ids,
                  guint               n_ids,
                  GHashTable         *set,
                  GError            **error)
{
  for (guint i = 0; i < n_ids; i++)
    {
      Element *el;

      g_return_val_if_fail (ids[i] != NULL, FALSE);
      el = g_hash_table_lookup (self->element_ids, ids[i]);
      if (el == NULL)
        {
          g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND,
                       _("no element “%s”"), ids[i]);
          return FALSE;
        }
      g_hash_table_add (set, el);
    }
  return TRUE;
}

/* A batch removing the n items of the model's elements or bonds that the
 * predicate selects, in ascending index order, holding a reference each. */
static Op
removal_op (BgModel   *self,
            OpKind     kind,
            gboolean (*selected) (gpointer item, gpointer data),
            gpointer   data,
            guint      n)
{
  GPtrArray *array = kind == OP_REMOVE_BONDS ? self->bonds : self->elements;
  Op op = batch_op (kind, n);
  guint k = 0;

  g_assert (kind == OP_REMOVE_BONDS || kind == OP_REMOVE_ELEMENTS);
  for (guint i = 0; i < array->len && k < n; i++)
    if (selected (array->pdata[i], data))
      {
        op.u.batch.indices[k] = i;
        op.u.batch.items[k] = array->pdata[i];
        if (kind == OP_REMOVE_BONDS)
          bond_ref (array->pdata[i]);
        else
          element_ref (array->pdata[i]);
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

gboolean
bg_model_remove_elements (BgModel           *self,
                          const char *const *ids,
                          guint              n_ids,
                          GError           **error)
{
  g_autoptr (GHashTable) set = NULL;
  g_autofree char *label = NULL;
  guint n, n_bonds;
  Op op;

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
    label = g_strdup_printf (_("Remove %s"), ids[0]);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Remove %u element",
                                          "Remove %u elements", n), n);
  edit_begin (self, label);

  /* Bonds first, so undo brings the elements back before their bonds, and
   * the bonds at their old indices (junction port numbers depend on them). */
  n_bonds = count_bonds_touching (self, set);
  if (n_bonds > 0)
    {
      op = removal_op (self, OP_REMOVE_BONDS, bond_touches_set, set, n_bonds);
      record (self, &op);
    }
  op = removal_op (self, OP_REMOVE_ELEMENTS, element_in_set, set, n);
  record (self, &op);

  edit_end (self);
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
  g_autofree char *label = NULL;
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
    label = g_strdup_printf (_("Move %s"), ids[0]);
  else
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Move %u element",
                                          "Move %u elements", n), n);
  edit_begin (self, label);
  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      Op op = { .kind = OP_MOVE };

      op.u.move.el = element_ref (key);
      op.u.move.dx = dx;
      op.u.move.dy = dy;
      record (self, &op);
    }
  edit_end (self);
  return TRUE;
}

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

gboolean
bg_model_rename_element (BgModel    *self,
                         const char *old_id,
                         const char *new_id,
                         GError    **error)
{
  g_autofree char *label = NULL;
  Element *el;
  Op op = { .kind = OP_RENAME };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (old_id != NULL, FALSE);
  g_return_val_if_fail (new_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  el = lookup_element (self, old_id, error);
  if (el == NULL)
    return FALSE;
  if (strcmp (old_id, new_id) == 0)
    return TRUE;
  if (!check_new_id (self, new_id, error))
    return FALSE;

  op.u.str.el = element_ref (el);
  op.u.str.old_s = g_strdup (old_id);
  op.u.str.new_s = g_strdup (new_id);
  label = g_strdup_printf (_("Rename %s to %s"), old_id, new_id);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_label (BgModel    *self,
                    const char *element_id,
                    const char *text,
                    GError    **error)
{
  g_autofree char *label = NULL;
  Element *el;
  Op op = { .kind = OP_LABEL };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  el = lookup_element (self, element_id, error);
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

  op.u.str.el = element_ref (el);
  op.u.str.old_s = g_strdup (el->pub.label);
  op.u.str.new_s = g_strdup (text);
  label = g_strdup_printf (_("Change the label of %s"), element_id);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_rotation (BgModel    *self,
                       const char *element_id,
                       int         rotation,
                       GError    **error)
{
  g_autofree char *label = NULL;
  Element *el;
  Op op = { .kind = OP_ROTATION };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  el = lookup_element (self, element_id, error);
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

  op.u.rotation.el = element_ref (el);
  op.u.rotation.old_i = el->pub.rotation;
  op.u.rotation.new_i = rotation;
  label = g_strdup_printf (_("Rotate %s"), element_id);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_domain_s (BgModel    *self,
                       const char *element_id,
                       BgDomain    domain_s,
                       GError    **error)
{
  const BgComponentSpec *spec;
  g_autofree char *label = NULL;
  GPtrArray *bonds;
  Element *el;
  Op op = { .kind = OP_SPEC };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  el = lookup_element (self, element_id, error);
  if (el == NULL)
    return FALSE;
  if (el->pub.spec->kind != BG_KIND_GY)
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

  op.u.spec.el = element_ref (el);
  op.u.spec.old_p = el->pub.spec;
  op.u.spec.new_p = spec;
  label = g_strdup_printf (_("Change the domain of %s.S"), element_id);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
  return TRUE;
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
  g_autofree char *label = NULL;
  g_autofree guint *indices = NULL;
  g_autofree BgParamValue *candidate = NULL;
  GError *local_error = NULL;
  const BgComponentSpec *spec;
  Element *el;
  guint n_changed = 0;

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  g_return_val_if_fail (n == 0 || (names != NULL && values != NULL), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  el = lookup_element (self, element_id, error);
  if (el == NULL)
    return FALSE;
  spec = el->pub.spec;

  indices = g_new (guint, MAX (n, 1));
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
  candidate = g_new (BgParamValue, MAX (spec->n_params, 1));
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

  if (n == 1)
    label = g_strdup_printf (_("Change %s.%s"), element_id, names[0]);
  else
    label = g_strdup_printf (_("Change the parameters of %s"), element_id);
  edit_begin (self, label);
  for (guint i = 0; i < n; i++)
    {
      Op op = { .kind = OP_PARAM };

      if (bg_param_value_equal (&el->pub.params[indices[i]], &values[i]))
        continue;
      op.u.param.el = element_ref (el);
      op.u.param.index = indices[i];
      bg_param_value_copy (&op.u.param.old_v, &el->pub.params[indices[i]]);
      bg_param_value_copy (&op.u.param.new_v, &values[i]);
      record (self, &op);
    }
  edit_end (self);
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
  if (id != NULL && !check_new_id (self, id, error))
    goto out;
  new_id = id != NULL ? g_strdup (id) : make_id (self, BOND_HINT);

  b = bond_new (new_id, from.el, from.port, to.el, to.port);
  op = batch_op (OP_INSERT_BONDS, 1);
  op.u.batch.indices[0] = self->bonds->len;
  op.u.batch.items[0] = b;

  label = g_strdup_printf (_("Connect %s to %s"), from.ref, to.ref);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);

out:
  end_clear (&from);
  end_clear (&to);
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
  op = removal_op (self, OP_REMOVE_BONDS, bond_in_set, set, n);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
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
  op.u.bond = bond_ref (b);
  edit_begin (self, label);
  record (self, &op);
  edit_end (self);
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

/* Edits: document -------------------------------------------------------- */

static gboolean
refuse_setting (GError     **error,
                const char  *name,
                const char  *rule)
{
  g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_SETTINGS,
               "simulation.%s: %s", name, rule);
  return FALSE;
}

gboolean
bg_sim_settings_check (const BgSimSettings *s,
                       GError             **error)
{
  g_return_val_if_fail (s != NULL, FALSE);

  if (!isfinite (s->t_end))
    return refuse_setting (error, "t_end", _("must be finite"));
  if (s->t_end <= 0)
    return refuse_setting (error, "t_end", _("must be > 0"));
  if (!isfinite (s->output_step))
    return refuse_setting (error, "output_step", _("must be finite"));
  if (s->output_step < 0)
    return refuse_setting (error, "output_step", _("must be > 0, or 0 for t_end / 1000"));
  if (s->output_step > 0 && s->t_end / s->output_step > BG_SIM_MAX_OUTPUT_ROWS)
    {
      g_autofree char *rule =
        g_strdup_printf (_("too small: more than %.0f output rows up to t_end"),
                         BG_SIM_MAX_OUTPUT_ROWS);
      return refuse_setting (error, "output_step", rule);
    }
  if (!isfinite (s->rtol))
    return refuse_setting (error, "rtol", _("must be finite"));
  if (!(s->rtol > 0 && s->rtol < 1))
    return refuse_setting (error, "rtol", _("must be > 0 and < 1"));
  if (!isfinite (s->atol))
    return refuse_setting (error, "atol", _("must be finite"));
  if (s->atol < 0)
    return refuse_setting (error, "atol", _("must be ≥ 0 (0 scales it per state)"));
  return TRUE;
}

gboolean
bg_model_set_simulation (BgModel             *self,
                         const BgSimSettings *settings,
                         GError             **error)
{
  Op op = { .kind = OP_SIMULATION };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!bg_sim_settings_check (settings, error))
    return FALSE;
  if (memcmp (settings, &self->simulation, sizeof *settings) == 0)
    return TRUE;

  op.u.sim.old_s = self->simulation;
  op.u.sim.new_s = *settings;
  edit_begin (self, _("Change the simulation settings"));
  record (self, &op);
  edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_name (BgModel    *self,
                   const char *name,
                   GError    **error)
{
  Op op = { .kind = OP_NAME };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (name == NULL)
    name = "";
  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_SETTINGS,
                   _("The model name is not valid UTF-8"));
      return FALSE;
    }
  if (strcmp (name, self->name) == 0)
    return TRUE;

  op.u.name.old_s = g_strdup (self->name);
  op.u.name.new_s = g_strdup (name);
  edit_begin (self, _("Rename the model"));
  record (self, &op);
  edit_end (self);
  return TRUE;
}

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
  replace_string (&self->view_json, json);
  self->view_revision++;
  g_signal_emit (self, signals[SIGNAL_VIEW_CHANGED], 0);
}

guint64
bg_model_get_view_revision (BgModel *self)
{
  g_return_val_if_fail (BG_IS_MODEL (self), 0);

  return self->view_revision;
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
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
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

  g_clear_pointer (&self->pending, step_free);
  g_ptr_array_unref (self->undo_stack);
  g_ptr_array_unref (self->redo_stack);
  g_hash_table_unref (self->element_ids);
  g_hash_table_unref (self->bond_ids);
  for (guint i = 0; i < self->bonds->len; i++)
    bond_unref (self->bonds->pdata[i]);
  g_ptr_array_unref (self->bonds);
  for (guint i = 0; i < self->elements->len; i++)
    element_unref (self->elements->pdata[i]);
  g_ptr_array_unref (self->elements);
  g_free (self->name);
  g_free (self->view_json);

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
  self->undo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  self->redo_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) step_free);
  bg_sim_settings_init_default (&self->simulation);
  for (guint k = 0; k < G_N_ELEMENTS (self->id_hint); k++)
    self->id_hint[k] = 1;
}
