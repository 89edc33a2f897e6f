/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-check.h — grading a student's causal strokes (exercise mode).
 *
 * Owns: deciding, for a set of strokes placed by a student, which bonds are
 * correct, wrong or still missing, with one translated sentence per bond that
 * names the rule a wrong stroke breaks ("0-junction J1 has two bonds that give
 * it effort: b2 and b4 — a 0-junction takes its effort from exactly one").
 *
 * Any valid assignment is correct, not only the analyzer's: valid means that
 * every component's causal pattern holds (docs/architecture.md, Causality) and that no
 * storage is in derivative causality where an all-integral assignment exists
 * (the analyzer decides that). When the student's set is not valid, the
 * grader finds a valid assignment nearest to it (fewest placed strokes
 * changed) and blames the placed strokes that differ from it at the
 * components whose rule they break.
 *
 * Must not: modify the model, depend on GTK, or keep global state. A BgGrade
 * copies every id it reports, so it outlives edits of the model.
 */
#pragma once

#include <glib.h>
#include "bg-types.h"
#include "bg-model.h"

G_BEGIN_DECLS

typedef enum
{
  BG_VERDICT_OK,
  BG_VERDICT_WRONG,
  BG_VERDICT_MISSING,
} BgVerdict;

typedef struct
{
  char      *bond_id;
  BgVerdict  verdict;
  char      *message;   /* translated sentence, never NULL */
  BgStroke   placed;    /* the student's stroke */
  BgStroke   expected;  /* in the nearest valid assignment; NONE if there is none */
} BgBondGrade;

typedef struct _BgGrade BgGrade;

/* Grades strokes[i] for the i-th bond of bg_model_get_bonds(). */
BgGrade           *bg_grade_strokes      (BgModel        *model,
                                          const BgStroke *strokes);
/* Grades the student's strokes stored on the model (BgBond.exercise); a
 * model with components as its flat graph, by path ("T2.b4"). */
BgGrade           *bg_grade_exercise     (BgModel        *model);
/* The grade of a flat graph (bg_grade_exercise of a model with
 * components) seen from one level of it (model: the level's graph,
 * prefix "" or "T2.", map: bg_model_flatten's): one entry per bond of the
 * level, named by its id there, its strokes turned round where it runs
 * against its flat bond; ok and has_solution the whole model's. */
BgGrade           *bg_grade_project      (const BgGrade  *flat,
                                          BgModel        *model,
                                          const char     *prefix,
                                          BgFlatMap      *map);
void               bg_grade_free         (BgGrade        *grade);

/* TRUE when every bond has a stroke and every stroke is correct. */
gboolean           bg_grade_is_ok        (const BgGrade  *grade);
/* FALSE when the model admits no valid assignment at all (a conflict). */
gboolean           bg_grade_has_solution (const BgGrade  *grade);
guint              bg_grade_get_n_bonds  (const BgGrade  *grade);
const BgBondGrade *bg_grade_get_bond     (const BgGrade  *grade,
                                          guint           index);
const BgBondGrade *bg_grade_lookup       (const BgGrade  *grade,
                                          const char     *bond_id);
guint              bg_grade_count        (const BgGrade  *grade,
                                          BgVerdict       verdict);
/* "ok", "wrong", "missing" (the JSON words of docs/command-line.md). */
const char        *bg_verdict_to_string  (BgVerdict       verdict);
/* docs/command-line.md's `grade --json` object on one line, without a newline:
 * {"file": ..., "ok": ..., "bonds": [{"id", "verdict", "message"}]}. */
char              *bg_grade_to_json      (const BgGrade  *grade,
                                          const char     *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgGrade, bg_grade_free)

G_END_DECLS
