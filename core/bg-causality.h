/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality.h — causal analysis of a model (docs/architecture.md, Causality).
 *
 * Owns: assigning a causal stroke to every bond by the SCAP order (fixed
 * sources and pump → propagate → storages in integral causality one at a
 * time → propagate → R by preference → propagate → remaining bonds →
 * propagate), the list of states, the algebraic groups, and the diagnostics
 * (errors and warnings naming element and bond ids, each conflict with the
 * chain of propagations that forced it). Runs in time linear in the model.
 *
 * A BgCausality is an immutable, self-contained snapshot: it copies the ids
 * it reports, so it may outlive edits of the model and cross threads. It is
 * reference counted and a boxed type (BG_TYPE_CAUSALITY; copying the boxed
 * value takes a reference), so a GObject property can hold one. It must
 * not: modify the model, simulate, or know about GTK.
 */
#pragma once

#include <glib-object.h>
#include "bg-types.h"
#include "bg-model.h"

G_BEGIN_DECLS

/* BgStroke (bg-types.h): BG_STROKE_NONE only where the analysis has errors. */

typedef struct
{
  char  *code;      /* stable, untranslated: "causal-conflict", "derivative-causality", ... */
  char  *message;   /* translated sentence a student understands */
  GStrv  elements;  /* ids, never NULL */
  GStrv  bonds;     /* ids, never NULL */
} BgDiagnostic;

typedef struct
{
  GStrv elements;
  GStrv bonds;
} BgAlgebraicGroup;

#define BG_TYPE_CAUSALITY (bg_causality_get_type ())
GType             bg_causality_get_type           (void) G_GNUC_CONST;

BgCausality      *bg_causality_analyze            (BgModel     *model);
BgCausality      *bg_causality_ref                (BgCausality *self);
void              bg_causality_unref              (BgCausality *self);

gboolean          bg_causality_is_ok              (const BgCausality *self);
/* The model revision the analysis was made from. */
guint64           bg_causality_get_revision       (const BgCausality *self);

/* Bonds are indexed as in bg_model_get_bonds() at analysis time. */
guint             bg_causality_get_n_bonds        (const BgCausality *self);
BgStroke          bg_causality_get_stroke         (const BgCausality *self,
                                                   guint              bond_index);
BgStroke          bg_causality_lookup_stroke      (const BgCausality *self,
                                                   const char        *bond_id);
/* TRUE if the port at this end of the bond receives effort. */
gboolean          bg_causality_end_receives_effort (const BgCausality *self,
                                                    guint              bond_index,
                                                    gboolean           at_to);

/* "C1.q", "L1.p", "CYL.x", "LOAD.p", "LOAD.s", "ACC.V_f" in model order. */
const GPtrArray  *bg_causality_get_states         (const BgCausality *self);
/* BgAlgebraicGroup* */
const GPtrArray  *bg_causality_get_algebraic_groups (const BgCausality *self);
/* BgDiagnostic* */
const GPtrArray  *bg_causality_get_errors         (const BgCausality *self);
const GPtrArray  *bg_causality_get_warnings       (const BgCausality *self);

/* For drawing: does any error name this element / bond? Is it in a group? */
gboolean          bg_causality_element_has_error  (const BgCausality *self,
                                                   const char        *element_id);
gboolean          bg_causality_bond_has_error     (const BgCausality *self,
                                                   const char        *bond_id);
gboolean          bg_causality_element_in_group   (const BgCausality *self,
                                                   const char        *element_id);
gboolean          bg_causality_bond_in_group      (const BgCausality *self,
                                                   const char        *bond_id);

/* Translated one-liner: "Causality OK · 3 states · 1 algebraic group", or the
 * first error's message. */
char             *bg_causality_dup_summary        (const BgCausality *self);
/* The analysis of flat (a model's flattened graph, bg-model-flatten.h)
 * seen from one level of that model: model is the top level (prefix "")
 * or a definition's body entered through an instance (prefix "T2.").
 * Strokes for the level's bonds, diagnostics with ids at the level. */
BgCausality      *bg_causality_project            (const BgCausality *flat,
                                                   BgModel           *model,
                                                   const char        *prefix,
                                                   BgFlatMap         *map);

/* The `analyze --json` object of docs/command-line.md, pretty-printed. */
char             *bg_causality_to_json            (const BgCausality *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgCausality, bg_causality_unref)

G_END_DECLS
