/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-trace-private.h — how the analyzer feeds the trace.
 *
 * Owns: the recorder that bg-causality.c calls while it assigns strokes, only
 * when a trace was asked for (a NULL recorder costs one test per stroke),
 * and what the recorder (bg-causality-trace.c) asks of the sentences
 * (bg-causality-trace-sentences.c). Must not: be included outside core/.
 * Included by: core/bg-causality*.c, core/bg-causality-private.h.
 */
#pragma once

#include "bg-causality-trace.h"

G_BEGIN_DECLS

typedef struct _BgTraceRecorder BgTraceRecorder;

BgTraceRecorder  *_bg_trace_recorder_new       (BgBond     **bonds,
                                                guint        n_bonds);
void              _bg_trace_recorder_free      (BgTraceRecorder *rec);

void              _bg_trace_recorder_set_phase (BgTraceRecorder *rec,
                                                BgTracePhase     phase);
BgTracePhase      _bg_trace_recorder_get_phase (BgTraceRecorder *rec);

/* Bond `bond` has just been given `stroke` by the rule of `element` (whose
 * bond ends are `ends[0 .. n_ends)`, end = 2·bond + side with side 1 the
 * `to` end). `cause` is the bond whose stroke triggered the rule, or -1 for a
 * choice. `neighbour_pref` is, for the resistor and arbitrary phases, 1 if
 * the other end's element wanted this stroke, else 0. */
void              _bg_trace_recorder_stroke    (BgTraceRecorder *rec,
                                                guint            bond,
                                                BgStroke         stroke,
                                                BgElement       *element,
                                                const guint     *ends,
                                                guint            n_ends,
                                                int              cause,
                                                gboolean         neighbour_pref);

/* A causal conflict was reported with this message, naming these elements
 * and bonds (ids; the first element is where it happened). */
void              _bg_trace_recorder_conflict  (BgTraceRecorder   *rec,
                                                const char        *message,
                                                const char *const *elements,
                                                guint              n_elements,
                                                const char *const *bonds,
                                                guint              n_bonds);

/* Ends each choice step (an R's or a loop bond's) whose bond lies in an
 * algebraic group of the finished analysis with a sentence saying so. */
void              _bg_trace_recorder_note_groups (BgTraceRecorder   *rec,
                                                  const BgCausality *causality);
BgCausalityTrace *_bg_trace_recorder_finish    (BgTraceRecorder *rec);
/* Appends a copy of step (its phase, sentence, `after` and conflict) on
 * the recorder's bonds: bond (-1 for none) with stroke, element, and the
 * ids to highlight (bg-causality-trace-project.c). */
void              _bg_trace_recorder_copy_step (BgTraceRecorder   *rec,
                                                const BgTraceStep *step,
                                                int                bond,
                                                BgStroke           stroke,
                                                const char        *element,
                                                const char *const *elements,
                                                const char *const *bonds);

/* Between the recorder and the sentences ---------------------------------- */

/* Does the bond's end on `side` (1: the `to` end) receive effort? */
static inline gboolean
_bg_trace_side_receives (BgStroke stroke,
                         guint    side)
{
  return (stroke == BG_STROKE_AT_TO && side == 1) ||
         (stroke == BG_STROKE_AT_FROM && side == 0);
}

/* The element at the bond's end on `side`. */
static inline BgElement *
_bg_trace_end_element (BgBond *bond,
                       guint   side)
{
  return side ? bond->to : bond->from;
}

/* The sentence (newly allocated, translated) of a step in which bond `bond`
 * took `stroke` by the rule of `element`, at the bond's end on `side`. In
 * the propagation phase `cause` is the bond whose stroke triggered the rule
 * (NULL for none; `cause_side` its end at the element), and `last` says the
 * bond took the element's single role because no other bond could; a
 * storage at the other end gets a note. `neighbour_pref` as for
 * _bg_trace_recorder_stroke(). */
char             *_bg_trace_sentence_stroke    (BgTracePhase  phase,
                                                BgElement    *element,
                                                BgBond       *bond,
                                                guint         side,
                                                BgStroke      stroke,
                                                BgBond       *cause,
                                                guint         cause_side,
                                                gboolean      last,
                                                gboolean      neighbour_pref);
/* A choice step's sentence, followed by the one saying that the choice
 * closes an algebraic loop. */
char             *_bg_trace_sentence_in_group  (const char   *sentence);

G_END_DECLS
