/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-trace.h — the SCAP procedure, step by step, for teaching.
 *
 * Owns: the record of how an analysis placed its causal strokes: one step
 * per bond stroked (phase, the element whose rule set it, the bond, the
 * stroke, the earlier steps that forced it, and one translated sentence a
 * student understands), and one step per causal conflict (where no pattern is
 * left, with the steps of the chain that led there). Also its JSON form for
 * `bgmod-cli analyze --steps --json` (docs/command-line.md.
 *
 * A BgCausalityTrace is immutable and self-contained (it copies every id and
 * sentence), reference counted, and may cross threads. It is only made when
 * asked for (bg_causality_analyze_traced()); bg_causality_analyze() records
 * nothing. Must not: assign strokes itself (bg-causality.c does), touch the
 * model after the analysis, or know about GTK.
 *
 * Stepping through: after step k the strokes shown are those of every
 * non-conflict step with index <= k (bg_causality_trace_get_stroke_at()).
 */
#pragma once

#include <glib-object.h>
#include "bg-causality.h"
#include "bg-model.h"

G_BEGIN_DECLS

typedef struct _BgCausalityTrace BgCausalityTrace;

/* A boxed type (ref/unref), so a trace can be a property or a GValue. */
#define BG_TYPE_CAUSALITY_TRACE (bg_causality_trace_get_type ())
GType              bg_causality_trace_get_type        (void) G_GNUC_CONST;

/* The SCAP phases, in the order the procedure runs them; propagation
 * follows each of the others. */
typedef enum
{
  BG_TRACE_PHASE_FIXED,        /* sources and the pump take their fixed strokes */
  BG_TRACE_PHASE_STORAGE,      /* a storage takes integral causality */
  BG_TRACE_PHASE_RESISTOR,     /* an R takes the stroke its neighbour prefers */
  BG_TRACE_PHASE_ARBITRARY,    /* a bond nothing forced gets a chosen stroke */
  BG_TRACE_PHASE_PROPAGATION,  /* a junction, TF or cylinder rule forced it */
} BgTracePhase;

typedef struct
{
  guint               index;      /* 0-based; JSON "n" is index + 1 */
  BgTracePhase        phase;
  const char         *element;    /* id: the element whose rule set the stroke,
                                   * or where the conflict is */
  const char         *bond;       /* id, or NULL for a conflict without one */
  guint               bond_index; /* as in bg_model_get_bonds(), G_MAXUINT if none */
  BgStroke            stroke;     /* BG_STROKE_NONE for a conflict step */
  const guint        *after;      /* indices of earlier steps, ascending */
  guint               n_after;    /* 0 for a choice */
  const char         *sentence;   /* translated, one sentence (conflicts: the
                                   * analysis's error message) */
  gboolean            conflict;   /* no pattern was left here */
  /* Conflict steps: every element and bond the conflict names (NULL-terminated
   * ids, for highlighting). Other steps: the element and the bond's other end
   * element, and the bond. Never NULL. */
  const char *const  *elements;
  const char *const  *bonds;
} BgTraceStep;

/* Analyses the model exactly as bg_causality_analyze() does, and also
 * returns the trace in *trace (transfer full, never NULL). */
BgCausality       *bg_causality_analyze_traced        (BgModel           *model,
                                                       BgCausalityTrace **trace);

BgCausalityTrace  *bg_causality_trace_ref             (BgCausalityTrace  *self);
void               bg_causality_trace_unref           (BgCausalityTrace  *self);

guint              bg_causality_trace_get_n_steps     (const BgCausalityTrace *self);
const BgTraceStep *bg_causality_trace_get_step        (const BgCausalityTrace *self,
                                                       guint                   index);
/* Does any step record a conflict? */
gboolean           bg_causality_trace_has_conflict    (const BgCausalityTrace *self);
/* The number of bonds of the model at analysis time. */
guint              bg_causality_trace_get_n_bonds     (const BgCausalityTrace *self);
/* The step that stroked the bond, or G_MAXUINT if none did. */
guint              bg_causality_trace_get_step_of_bond (const BgCausalityTrace *self,
                                                        guint                   bond_index);
/* The bond's stroke as it stands after step `step` (BG_STROKE_NONE if not
 * stroked yet); G_MAXUINT for `step` means after the last step. */
BgStroke           bg_causality_trace_get_stroke_at   (const BgCausalityTrace *self,
                                                       guint                   bond_index,
                                                       guint                   step);

/* Components (bg-causality-trace-project.c). The trace of a flat graph
 * seen from one level of the model it was flattened from (model: the
 * level's graph, the model or an instance's body; prefix: "" or "T2.";
 * map: bg_model_flatten()'s, NULL for a model without components): the
 * same steps, phases, sentences and `after`; each step's bond the level's
 * bond that is its flat bond (bond_index into the level's bonds, the
 * stroke turned round where that bond runs the other way), or none
 * (G_MAXUINT, NULL) when it lies inside an instance or outside the level;
 * element, elements and bonds named at the level: what lies inside an
 * instance by that instance, what lies outside the level left out. */
BgCausalityTrace  *bg_causality_trace_project         (const BgCausalityTrace *flat,
                                                       BgModel                *model,
                                                       const char             *prefix,
                                                       BgFlatMap              *map);
/* The level a step of a flat trace lies at, as a path prefix: "" for the
 * top, "T2." inside T2, "T2.S1." inside T2's S1 — its bond's element
 * path, or for a conflict its first element's. Newly allocated. */
char              *bg_causality_trace_dup_step_level  (const BgCausalityTrace *flat,
                                                       guint                   step);

/* "fixed", "storage", "resistor", "arbitrary", "propagation" (untranslated,
 * as in JSON). */
const char        *bg_trace_phase_to_string           (BgTracePhase phase);
/* Translated short names: "fixed source", "storage", ... */
const char        *bg_trace_phase_display_name        (BgTracePhase phase);

/* The `analyze --steps --json` object of docs/command-line.md: "ok", "steps", then the
 * keys of bg_causality_to_json(); pretty-printed. */
char              *bg_causality_trace_to_json         (const BgCausalityTrace *self,
                                                       const BgCausality      *causality);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgCausalityTrace, bg_causality_trace_unref)

G_END_DECLS
