/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-remedy.h — concrete model edits that resolve a causal conflict.
 *
 * Owns: proposing, for one error of an analysis, the edits that resolve it
 * (docs/architecture.md, Causality: an explicit, visible element, never hidden leakage):
 *   - an effort-setting element (C, accumulator, Se) whose effort conflicts:
 *     a resistance in series with it, on a new 1-junction between it and its
 *     neighbour;
 *   - a flow-setting element (I, load, Sf) whose flow conflicts: a resistance
 *     in parallel, on a new 0-junction between it and its neighbour; for an
 *     inertia also a compliance there (a spring between the two inertias);
 *   - two inertias of one kind on one 1-junction: merged into one with the
 *     summed inertia and momentum.
 * Each remedy is verified before it is offered: applied to a copy of the
 * model and analysed again, it must remove the conflict without adding one.
 * Applying a remedy to the model is one undoable step.
 *
 * Must not: change the model except in bg_remedy_apply(), know about GTK,
 * or keep global state.
 */
#pragma once

#include <glib.h>
#include "bg-types.h"
#include "bg-causality.h"
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_REMEDY_ERROR (bg_remedy_error_quark ())
GQuark bg_remedy_error_quark (void);

typedef enum
{
  BG_REMEDY_ERROR_STALE = 1,  /* the model no longer has what the remedy edits */
  BG_REMEDY_ERROR_NO_CONFLICT,
  BG_REMEDY_ERROR_NO_REMEDY,
} BgRemedyError;

typedef struct _BgRemedy BgRemedy;

/* The verified remedies for error error_index of an analysis of this model
 * (at the model's current revision), best first; a GPtrArray of BgRemedy*
 * that frees them, empty when there are none. */
GPtrArray   *bg_remedy_list             (BgModel           *model,
                                         const BgCausality *causality,
                                         guint              error_index);
/* Translated sentence: "Add a resistance R2 = 100 Ω in series with C2, ...". */
const char  *bg_remedy_get_text         (const BgRemedy    *remedy);
/* Applies the remedy as one undoable step; on failure the model is left as
 * it was. */
gboolean     bg_remedy_apply            (const BgRemedy    *remedy,
                                         BgModel           *model,
                                         GError           **error);
void         bg_remedy_free             (BgRemedy          *remedy);

/* The index of the first conflict among the analysis' errors, or -1. */
int          bg_remedy_first_conflict   (const BgCausality *causality);
/* `analyze --json` (bg_causality_to_json) with each error's verified
 * "remedies": [{"text": ...}] (docs/command-line.md). */
char        *bg_remedy_analysis_to_json (BgModel           *model,
                                         const BgCausality *causality);
/* The same for any JSON object with the keys of analyze --json (such as
 * analyze --steps --json): each error gets its "remedies". */
char        *bg_remedy_add_to_json      (BgModel           *model,
                                         const BgCausality *causality,
                                         const char        *json);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgRemedy, bg_remedy_free)

G_END_DECLS
