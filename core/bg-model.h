/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model.h — the editable bond-graph document.
 *
 * Owns: elements, bonds, simulation settings, the document name and the
 * undo/redo history. Every edit goes through one of the bg_model_* edit calls
 * below; each validates, refuses with a reason (GError, model untouched) or
 * records itself as one undoable step and emits "changed" once. Must not:
 * analyse, simulate, do file I/O or know about GTK.
 *
 * Element and bond structs are owned by the model; callers read their fields
 * but never write them. Pointers stay valid until the element or bond is
 * removed (undoing a removal brings back an equal copy, not the same pointer,
 * so hold ids, not pointers, across edits).
 *
 * Junction ports are p1, p2, ... in the order their bonds appear in the
 * model's bond list (docs/file-format.md).
 */
#pragma once

#include <glib-object.h>
#include "bg-types.h"
#include "bg-domain.h"
#include "bg-library.h"

G_BEGIN_DECLS

#define BG_MODEL_ERROR (bg_model_error_quark ())
GQuark bg_model_error_quark (void);

typedef enum
{
  BG_MODEL_ERROR_BAD_ID = 1,       /* malformed or duplicate id */
  BG_MODEL_ERROR_NOT_FOUND,        /* no element/bond/port of that name */
  BG_MODEL_ERROR_UNKNOWN_TYPE,
  BG_MODEL_ERROR_DOMAIN_MISMATCH,  /* bond between ports of different domains */
  BG_MODEL_ERROR_PORT_IN_USE,      /* one-port or fixed port already bonded */
  BG_MODEL_ERROR_SELF_BOND,        /* both ends on one element */
  BG_MODEL_ERROR_BAD_PARAM,        /* outside its constraint, unknown name */
  BG_MODEL_ERROR_BAD_SETTINGS,
  BG_MODEL_ERROR_LIMIT,            /* too many elements */
} BgModelError;

#define BG_ID_MAX_LENGTH 64
#define BG_MODEL_MAX_ELEMENTS 100000

typedef enum
{
  BG_ARROW_FORWARD,   /* half-arrow at the `to` end */
  BG_ARROW_REVERSED,  /* half-arrow at the `from` end */
} BgArrow;

struct _BgElement
{
  char                  *id;
  const BgComponentSpec *spec;      /* type and domain */
  double                 x, y;      /* canvas units, centre of the label */
  int                    rotation;  /* 0, 90, 180, 270 */
  char                  *label;     /* optional display label, or NULL */
  BgParamValue          *params;    /* spec->n_params values, in spec order */
};

struct _BgBond
{
  char      *id;
  BgElement *from;
  int        from_port;  /* index into from->spec->ports, or -1 (junction) */
  BgElement *to;
  int        to_port;    /* index into to->spec->ports, or -1 (junction) */
  BgArrow    arrow;
  BgStroke   exercise;   /* the student's own stroke (exercise mode), or NONE */
};

struct _BgSimSettings
{
  double t_end;        /* s, > 0; default 1 */
  double output_step;  /* s, > 0; 0 in a file means t_end / 1000 */
  double rtol;         /* default 1e-6 */
  double atol;         /* 0 = scaled per state by the simulator */
};

#define BG_TYPE_MODEL (bg_model_get_type ())
G_DECLARE_FINAL_TYPE (BgModel, bg_model, BG, MODEL, GObject)

BgModel          *bg_model_new                 (void);

/* Reading ------------------------------------------------------------- */
const char       *bg_model_get_name            (BgModel    *self);
/* GPtrArray of BgElement*, in document order. */
GPtrArray        *bg_model_get_elements        (BgModel    *self);
/* GPtrArray of BgBond*, in document order (fixes junction port numbers). */
GPtrArray        *bg_model_get_bonds           (BgModel    *self);
BgElement        *bg_model_find_element        (BgModel    *self,
                                                const char *id);
BgBond           *bg_model_find_bond           (BgModel    *self,
                                                const char *id);
const BgSimSettings *bg_model_get_simulation   (BgModel    *self);
/* The bonds attached to an element, in port order (junctions: p1, p2, ...;
 * fixed ports: by port index, NULL where unbonded). Owned by the model,
 * valid until the next edit. O(1) amortised: the first call after an edit
 * that reordered or removed bonds rebuilds every junction's list at once in
 * O(elements + bonds), so asking for all elements' bonds is linear. */
GPtrArray        *bg_model_get_element_bonds   (BgModel    *self,
                                                BgElement  *element);
/* Where this bond end sits in bg_model_get_element_bonds() of its element:
 * the port index for a fixed port, the 0-based junction port number (p1 = 0)
 * for a junction end. O(1) amortised, like bg_model_get_element_bonds(). */
guint             bg_model_get_bond_slot       (BgModel    *self,
                                                BgBond     *bond,
                                                gboolean    at_to);
/* "p3" for a junction end, the spec's port name otherwise. */
char             *bg_model_dup_port_name       (BgModel    *self,
                                                BgBond     *bond,
                                                gboolean    at_to);
/* A fresh id for a new element of this spec: "R1", "C2", "J0_1", "b4". */
char             *bg_model_make_element_id     (BgModel    *self,
                                                const BgComponentSpec *spec);
char             *bg_model_make_bond_id        (BgModel    *self);
/* Ids are [A-Za-z_][A-Za-z0-9_]*, at most 64 characters. */
gboolean          bg_id_is_valid               (const char *id);
/* Pure: TRUE if this bond may be added (no model change); the message says
 * why not: "R1 has only one port and it is already bonded". ref is "EL" or
 * "EL.PORT". */
gboolean          bg_model_can_connect         (BgModel    *self,
                                                const char *from_ref,
                                                const char *to_ref,
                                                GError    **error);

/* Editing (each call is one undoable step unless inside a group) ------- */
void              bg_model_begin_group         (BgModel    *self,
                                                const char *label);
void              bg_model_end_group           (BgModel    *self);
/* Starts a group (ended by bg_model_end_group) whose edits are applied but
 * not kept for undo: for filling a new model from a file, where a history
 * of 100 000 insertions would only be cleared afterwards. Ending it clears
 * the history; the revision advances and "changed" is emitted once, as for
 * a recorded group. Not inside another group. */
void              bg_model_begin_unrecorded    (BgModel    *self);

BgElement        *bg_model_add_element         (BgModel    *self,
                                                const char *type,
                                                BgDomain    domain,
                                                const char *id,  /* NULL: make one */
                                                double      x,
                                                double      y,
                                                GError    **error);
/* Removes the elements and every bond attached to them. */
gboolean          bg_model_remove_elements     (BgModel    *self,
                                                const char *const *ids,
                                                guint       n_ids,
                                                GError    **error);
BgBond           *bg_model_connect             (BgModel    *self,
                                                const char *from_ref,
                                                const char *to_ref,
                                                const char *id,  /* NULL: make one */
                                                GError    **error);
gboolean          bg_model_remove_bonds        (BgModel    *self,
                                                const char *const *ids,
                                                guint       n_ids,
                                                GError    **error);
gboolean          bg_model_move_elements       (BgModel    *self,
                                                const char *const *ids,
                                                guint       n_ids,
                                                double      dx,
                                                double      dy,
                                                GError    **error);
gboolean          bg_model_set_param           (BgModel    *self,
                                                const char *element_id,
                                                const char *param_name,
                                                const BgParamValue *value,
                                                GError    **error);
gboolean          bg_model_set_param_number    (BgModel    *self,
                                                const char *element_id,
                                                const char *param_name,
                                                double      value,
                                                GError    **error);
/* Sets several parameters of one element as one step, checked together:
 * use it where parameters depend on each other (CylinderDA D > d, x0 < L),
 * e.g. when loading a file, since one-at-a-time could pass through an
 * invalid combination. */
gboolean          bg_model_set_params          (BgModel    *self,
                                                const char *element_id,
                                                const char *const *names,
                                                const BgParamValue *values,
                                                guint       n,
                                                GError    **error);
gboolean          bg_model_rename_element      (BgModel    *self,
                                                const char *old_id,
                                                const char *new_id,
                                                GError    **error);
gboolean          bg_model_set_label           (BgModel    *self,
                                                const char *element_id,
                                                const char *label, /* NULL clears */
                                                GError    **error);
/* A gyrator's port S domain (docs/file-format.md `domain_s`); refused while S is
 * bonded. Its parameters stay. */
gboolean          bg_model_set_domain_s        (BgModel    *self,
                                                const char *element_id,
                                                BgDomain    domain_s,
                                                GError    **error);
gboolean          bg_model_set_rotation        (BgModel    *self,
                                                const char *element_id,
                                                int         rotation,
                                                GError    **error);
/* Flips the half-arrow only: reported flow/power sign, never the physics. */
gboolean          bg_model_reverse_arrow       (BgModel    *self,
                                                const char *bond_id,
                                                GError    **error);
/* Swaps from and to (the junction endpoint signs) and keeps the arrow at the
 * same element. The explicit "flip junction sign" command. */
gboolean          bg_model_flip_bond_direction (BgModel    *self,
                                                const char *bond_id,
                                                GError    **error);
/* Exercise mode: places (or with BG_STROKE_NONE removes) the student's own
 * stroke on a bond, as one undoable step. Never touches the analysis.
 * bond_id may also be a path inside an instance ("T2.b4": the stroke of
 * that instance's bond alone, bg_model_find_inner_bond). */
gboolean          bg_model_set_exercise_stroke (BgModel    *self,
                                                const char *bond_id,
                                                BgStroke    stroke,
                                                GError    **error);
/* TRUE if any bond has a student's stroke (inside an instance too). */
gboolean          bg_model_has_exercise        (BgModel    *self);
gboolean          bg_model_set_simulation      (BgModel    *self,
                                                const BgSimSettings *settings,
                                                GError    **error);
gboolean          bg_model_set_name            (BgModel    *self,
                                                const char *name,
                                                GError    **error);

/* The editor's "view" section, as a JSON object text or NULL. Not an undoable
 * edit: stored on the model as data for the file. Setting a different text
 * increases the view revision and emits "view-changed" (never "changed",
 * and the revision stays, so an analysis stays current); setting the same
 * text does nothing. */
const char *bg_model_get_view_json (BgModel    *self);
void        bg_model_set_view_json (BgModel    *self,
                                    const char *json);
/* Increases on every real view change; with bg_model_get_revision() it
 * tells whether the document has unsaved changes. */
guint64     bg_model_get_view_revision (BgModel *self);

/* Components (docs/file-format.md, Components) ----------------------------
 * A model may define components; a definition's body is a model of its
 * own whose definitions are those of the model it belongs to, and it never
 * changes: an edit of a definition is a new body given to
 * bg_model_replace_definition. Definitions enter a model while it is
 * filled from a file (bg_model_add_definition, not undoable) or as
 * undoable edits (insert, remove, replace, and bg-model-components.h). */
/* BgDefinition*, in file order (a body: its outer model's). */
GPtrArray          *bg_model_get_definitions  (BgModel      *self);
const BgDefinition *bg_model_find_definition  (BgModel      *self,
                                               const char   *name);
gboolean            bg_model_has_components   (BgModel      *self);
/* An empty model for a definition's body inside outer. */
BgModel            *bg_model_new_body         (BgModel      *outer);
gboolean            bg_model_is_body          (BgModel      *self);
/* Takes def; refused (and def freed) for a taken name or past 1 000. */
gboolean            bg_model_add_definition   (BgModel      *self,
                                               BgDefinition *def,
                                               GError      **error);
/* Undoable edits of the definitions; self may be the model or a body in
 * it (they change the model's definitions). A valid id, not a library
 * type, not a definition of the model, within the 1 000 a model holds. */
gboolean            bg_model_check_component_name (BgModel    *self,
                                                   const char *name,
                                                   GError    **error);
/* Takes def; it joins the definitions (last). Refused for a taken name. */
gboolean            bg_model_insert_definition (BgModel      *self,
                                                BgDefinition *def,
                                                GError      **error);
/* Refused while an element of the model or of a definition's body is an
 * instance of it. */
gboolean            bg_model_remove_definition (BgModel      *self,
                                                const char   *name,
                                                GError      **error);
gboolean            bg_model_definition_in_use (BgModel      *self,
                                                const char   *name);
/* One undoable step (label, NULL: "Edit a component"): the definition
 * takes a copy of body (a body of this model, e.g. from bg_model_dup_body,
 * edited) and keeps its name, label, description and the parameters
 * shown first that still exist. Every instance follows: its spec, its
 * values (a value the instance set stays where the new body has a
 * parameter of that name that accepts it; the rest are the new body's),
 * its bonds (to ports by name; a bond to a port that is gone or changed
 * domain goes). The definitions that use it are rebuilt the same way.
 * Refused, the model unchanged, when the body cannot be a component (no
 * Port, too deep) or holds the component itself, or the model drawn out
 * would pass the element limit. */
gboolean            bg_model_replace_definition (BgModel     *self,
                                                 const char  *name,
                                                 BgModel     *body,
                                                 const char  *label,
                                                 GError     **error);
/* How many instances the flat model holds of the definition: its own and,
 * through each definition that uses it, those of that one's instances. */
guint64             bg_model_count_instances  (BgModel      *self,
                                               const char   *name);
/* A new body in the same model (no history) with copies of model's
 * elements and bonds: a definition's body to edit. */
BgModel            *bg_model_dup_body         (BgModel      *model);
/* self's elements and bonds become copies of from's; not recorded (the
 * history is cleared), "changed" once: a copy following its original. */
void                bg_model_assign_graph     (BgModel      *self,
                                               BgModel      *from);
/* Exercise strokes on bonds inside instances, by path ("T2.b4"); NONE
 * removes one. Not undoable (the loader's). */
void                bg_model_set_inner_stroke (BgModel      *self,
                                               const char   *path,
                                               BgStroke      stroke);
/* path (owned by the model) → GINT_TO_POINTER (BgStroke) */
GHashTable         *bg_model_get_inner_strokes (BgModel     *self);
/* The bond a path names inside an instance of self ("T2.b4", "T2.S1.b1":
 * the bond of the definition's body), or NULL (also for a plain id). */
BgBond             *bg_model_find_inner_bond  (BgModel      *self,
                                               const char   *path);
/* The student's stroke on a bond of self ("b4") or inside one of its
 * instances ("T2.b4"). */
BgStroke            bg_model_get_exercise_stroke (BgModel    *self,
                                                  const char *path);

/* History ---------------------------------------------------------------- */
gboolean          bg_model_can_undo            (BgModel    *self);
gboolean          bg_model_can_redo            (BgModel    *self);
/* Translated description of the step, e.g. "Add R1", or NULL. */
const char       *bg_model_get_undo_label      (BgModel    *self);
const char       *bg_model_get_redo_label      (BgModel    *self);
gboolean          bg_model_undo                (BgModel    *self);
gboolean          bg_model_redo                (BgModel    *self);
void              bg_model_clear_history       (BgModel    *self);
/* Increases on every change, undo and redo; for "modified" tracking and
 * for telling a current analysis from a stale one. View changes leave it. */
guint64           bg_model_get_revision        (BgModel    *self);

/* Signals:
 *   "changed" (void): once per undoable step, undo or redo.
 *   "view-changed" (void): once per real change of the view JSON.
 * Properties: "name", "can-undo", "can-redo" (notify on real change). */

void              bg_sim_settings_init_default (BgSimSettings *settings);
/* The one rule for simulation settings, used by the model, the loader and
 * the compiler, so an edited model always saves to a file that loads.
 * Messages name the setting: "simulation.rtol: must be > 0 and < 1". */
gboolean          bg_sim_settings_check        (const BgSimSettings *settings,
                                                GError             **error);
#define BG_SIM_MAX_OUTPUT_ROWS 1e7
/* Limits the solver can honour in double precision. atol is a fraction of
 * each state's scale (0: 1 % of rtol); above 1 % it no longer bounds the
 * error of anything a user reads. */
#define BG_SIM_MIN_T_END 1e-12
#define BG_SIM_MAX_T_END 1e12
#define BG_SIM_MIN_RTOL  1e-14
#define BG_SIM_MAX_ATOL  1e-2
/* Effective output step: output_step or t_end / 1000. */
double            bg_sim_settings_output_step  (const BgSimSettings *settings);

G_END_DECLS
