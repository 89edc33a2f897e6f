/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-private.h — what the files of BgModel share.
 *
 * In the layout: core/: the model stage of model → analysis → plan → run →
 * result; BgModel is split by concern into bg-model*.c.
 *
 * Owns: the items (Element, Bond: the public structs with a reference
 * count), the history records (Op, Step), the instance struct, the property
 * and signal ids, and the `_bg_model_` functions one file of the class
 * defines for another:
 *   bg-model.c                 the document: items, ids, adjacency, reading
 *   bg-model-history.c         operations, steps, recording, undo and redo
 *   bg-model-edit-elements.c   element and parameter edits
 *   bg-model-edit-bonds.c      bond ends and bond edits
 *   bg-model-edit-document.c   settings and name edits
 *   bg-model-definitions.c     the components it defines, their edits
 *   bg-model-copy.c            copies of a level, instances following edits
 *   bg-model-components.c      making and exploding components
 * Must not: be included outside core/bg-model*.c.
 * Included by: core/bg-model*.c.
 */
#pragma once

#include "bg-model.h"
#include "bg-component-kind-private.h"

G_BEGIN_DECLS

typedef struct
{
  BgElement  pub; /* first: a BgElement* is an Element* */
  int        ref_count;
  gboolean   attached;
  GPtrArray *adj; /* fixed ports: slot per port; junctions: doc order */
} Element;

typedef struct
{
  BgBond pub; /* first: a BgBond* is a Bond* */
  int    ref_count;
  guint  from_slot; /* position in from's adj (junction ends: while */
  guint  to_slot;   /* the junction lists are valid), else port index */
} Bond;

#define ELEMENT(el) ((Element *) (el))
#define BOND(b) ((Bond *) (b))

/* Frees an id the element had, unless it is the one it was made with,
 * which lives in the element's own block (bg-model.c). */
static inline void
_bg_model_element_free_id (Element *el,
                           char    *id)
{
  if (id != (char *) (el + 1))
    g_free (id);
}

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
  OP_EXERCISE,
  OP_DEFINITION, /* a component definition enters, leaves or is replaced */
  OP_RESPEC,     /* an instance follows its replaced definition */
  OP_INNER_STROKE, /* a student's stroke on a bond inside an instance ("T2.b4") */
} OpKind;

typedef enum
{
  DEFINITION_INSERT,
  DEFINITION_REMOVE,
  DEFINITION_SWAP,
} DefinitionChange;

/* One reversible primitive change. Batches keep ascending indices: the
 * positions the items have while they are in the model. */
typedef struct
{
  OpKind kind;
  union
  {
    struct
    {
      guint     n;
      guint    *indices;
      gpointer *items;
    } batch;
    struct
    {
      Element *el;
      double   dx, dy;
    } move;
    struct
    {
      Element *el;
      char    *old_s, *new_s;
    } str; /* rename, label */
    struct
    {
      Element *el;
      int      old_i, new_i;
    } rotation;
    struct
    {
      Element     *el;
      guint        index;
      BgParamValue old_v, new_v;
    } param;
    Bond *bond; /* arrow, flip */
    struct
    {
      BgSimSettings old_s, new_s;
    } sim;
    struct
    {
      char *old_s, *new_s;
    } name;
    struct
    {
      Element               *el;
      const BgComponentSpec *old_p, *new_p;
    } spec; /* a gyrator's S domain */
    struct
    {
      Bond    *bond;
      BgStroke old_s, new_s;
    } exercise;
    struct
    {
      char    *path;
      BgStroke old_s, new_s;
    } inner_stroke;
    struct
    {
      DefinitionChange change;
      guint            index; /* in the definitions of the model */
      BgDefinition    *def;   /* one reference; SWAP: the one not in the model */
    } definition;
    struct
    {
      Element               *el;
      const BgComponentSpec *spec;   /* the one the element does not have now, */
      BgParamValue          *params; /* its values; the op holds its definition */
    } respec; /* applied either way it swaps */
  } u;
} Op;

/* Most steps hold one operation: it lives inside the step, and only a
 * longer step allocates an array. */
typedef struct
{
  char *label;
  Op   *ops; /* applied in order; undone in reverse */
  guint n_ops;
  guint capacity;
  Op    first; /* storage of ops while capacity == 1 */
} Step;

struct _BgModel
{
  GObject parent_instance;

  char         *name;
  GPtrArray    *elements;    /* Element*, one reference each */
  GPtrArray    *bonds;       /* Bond*, one reference each */
  GHashTable   *element_ids; /* id (the element's string) → Element* */
  GHashTable   *bond_ids;    /* id (the bond's string) → Bond* */
  BgSimSettings simulation;
  char         *view_json;

  GPtrArray *undo_stack; /* Step*, oldest first */
  GPtrArray *redo_stack; /* Step*, next redo last */
  Step      *pending;    /* the step being recorded */
  guint      group_depth;
  gboolean   unrecorded;     /* the group applies its edits without recording them */
  guint      unrecorded_ops; /* edits it applied */
  guint64    revision;
  guint64    view_revision; /* apart from revision: see set_view_json */

  /* Junction adjacency is valid while junction_stamp == topology_stamp. */
  guint topology_stamp;
  guint junction_stamp;

  /* Smallest number that may be free for each id prefix (see make_id). */
  GHashTable *id_hints;  /* id prefix (static) → the first number that may be free */

  /* Components (bg-model-definitions.c). A definition's body uses the
   * definitions of the model it belongs to (outer, borrowed). */
  GPtrArray  *definitions;      /* BgDefinition*, in file order, owned */
  GHashTable *definition_names; /* name (the definition's) → BgDefinition* */
  BgModel    *outer;
  GHashTable *inner_strokes;    /* exercise strokes inside instances: "T2.b4" → BgStroke */
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

#define BOND_HINT "b"  /* the id prefix of new bonds (bg-model-edit-bonds.c) */

/* bg-model-definitions.c */
const BgComponentSpec *_bg_model_lookup_spec (BgModel    *self,
                                              const char *type,
                                              BgDomain    domain);
/* The model whose definitions self uses: itself, or a body's outer. */
BgModel *_bg_model_owner (BgModel *self);
/* Records the entry (or with DEFINITION_REMOVE the exit) of def on the
 * owner of self, in its step being recorded or as a step of its own. */
void  _bg_model_record_definition (BgModel          *self,
                                   DefinitionChange  change,
                                   guint             index,
                                   BgDefinition     *def);

/* bg-model-copy.c */
/* Inserts items (Element* or Bond*, references taken over) as one batch
 * at the end, without recording: for a model being filled. */
void  _bg_model_insert_unrecorded (BgModel   *self,
                                   GPtrArray *items,
                                   OpKind     kind);
/* A new element like from (id, position, rotation, label, parameters),
 * under another id when id is not NULL. */
Element *_bg_model_element_copy (const BgElement *from,
                                 const char      *id);
/* What the instances of replaced definitions become. */
typedef struct
{
  GHashTable *specs;   /* old instance spec → new instance spec */
  GHashTable *indices; /* old spec → (parameter name → index + 1) */
} Respec;
void  _bg_model_respec_init  (Respec *r);
void  _bg_model_respec_clear (Respec *r);
/* The spec an instance of spec has after the edit: the replacement, or
 * the model's current definition of that name (for a copy that has not
 * caught up); spec itself for anything else. */
const BgComponentSpec *_bg_model_respec_spec (Respec                *r,
                                              BgModel               *top,
                                              const BgComponentSpec *spec);
/* An instance's values under to: what it set (a value other than from's
 * default) stays where to has a parameter of that name and kind that
 * accepts it; the rest are to's defaults. */
BgParamValue *_bg_model_respec_params (Respec                *r,
                                       const BgComponentSpec *from,
                                       const BgParamValue    *values,
                                       const BgComponentSpec *to);
/* The port of to that port of from becomes (same name and domain), or -1. */
int   _bg_model_respec_port (const BgComponentSpec *from,
                             int                    port,
                             const BgComponentSpec *to);
/* Copies of src's elements and bonds into dst (empty; not recorded), its
 * instances following r; a bond to a port that is gone is left out. */
void  _bg_model_copy_graph (BgModel *dst,
                            BgModel *src,
                            Respec  *r);
void  _bg_model_definitions_init     (BgModel *self);
void  _bg_model_definitions_finalize (BgModel *self);

/* bg-model.c */
Element *_bg_model_element_new (const BgComponentSpec *spec,
                                const char            *id,
                                double                 x,
                                double                 y);
Element *_bg_model_element_ref (Element *el);
void     _bg_model_element_unref (Element *el);
Bond    *_bg_model_bond_new (const char *id,
                             Element    *from,
                             int         from_port,
                             Element    *to,
                             int         to_port);
Bond    *_bg_model_bond_ref (Bond *b);
void     _bg_model_bond_unref (Bond *b);
gboolean _bg_model_check_new_id (BgModel    *self,
                                 const char *id,
                                 GError    **error);
void     _bg_model_id_released (BgModel    *self,
                                const char *id);
char    *_bg_model_make_id (BgModel    *self,
                            const char *prefix);
void     _bg_model_attach_elements (BgModel *self,
                                    Op      *op);
void     _bg_model_detach_elements (BgModel *self,
                                    Op      *op);
void     _bg_model_attach_bonds (BgModel *self,
                                 Op      *op);
void     _bg_model_detach_bonds (BgModel *self,
                                 Op      *op);

/* bg-model-history.c */
void _bg_model_step_free (Step *step);
void _bg_model_replace_string (char      **field,
                               const char *value);
void _bg_model_edit_begin (BgModel    *self,
                           const char *label);
void _bg_model_record (BgModel *self,
                       Op      *op);
/* While a model is filled unrecorded (bg_model_begin_unrecorded): what
 * _bg_model_record does with the insertion of one new element or bond at
 * the end (kind OP_INSERT_ELEMENTS or OP_INSERT_BONDS), whose creation
 * reference it takes over, without allocating the operation. */
void _bg_model_insert_one_unrecorded (BgModel *self,
                                      OpKind   kind,
                                      gpointer item);
void _bg_model_edit_end (BgModel *self);

/* bg-model-edit-elements.c */
Op   _bg_model_batch_op (OpKind kind,
                         guint  n);
Op   _bg_model_removal_op (BgModel *self,
                           OpKind   kind,
                           gboolean (*selected) (gpointer item, gpointer data),
                           gpointer data,
                           guint    n);
void _bg_model_record_set_removal (BgModel    *self,
                                   GHashTable *set);
void _bg_model_notify (BgModel *self,
                       guint    prop_id);
void _bg_model_emit_changed (BgModel *self);

G_END_DECLS
