/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-feedback-sheet.h — a graded exercise as a sheet to hand back.
 *
 * In the layout: ui/render/ (libbgmod-render), Cairo and Pango only, no
 * GTK; `bgmod-cli render --exercise` and `bgmod-cli grade --render`
 * write it (docs/command-line.md, docs/teaching.md).
 *
 * Owns: the sheet: a title (the file's name, the verdict, the score), the
 * student's bond graph with the student's own strokes (none of the
 * analyzer's) and the ✓/✗/? badge of each bond as the window's exercise
 * mode draws them (bg-exercise-marks.h), the bonds' names, and under the
 * graph the grade's sentence for every bond; its layout on an A4-wide
 * sheet, and its file: PNG (2 px per point), SVG or one A4 PDF page (a
 * taller sheet is scaled to fit), the SVG's <title>/<desc> and the PDF's
 * title carrying its text. Its words are the user's language's.
 * Must not: grade (core/bg-causality-check.c does), load files, or show
 * the answer.
 */
#pragma once

#include <glib.h>

#include "bg-causality-check.h"
#include "bg-model.h"

G_BEGIN_DECLS

typedef struct
{
  /* The file as the teacher named it; its base name is the title. */
  const char    *file;
  /* The student's model as drawn: components as boxes. */
  BgModel       *model;
  /* The grade of the whole model (its flat graph): the title's verdict and
   * score, the sentences under the graph. */
  const BgGrade *grade;
  /* The grade of @model's own bonds, whose badges are drawn
   * (bg_grade_project for a model with components; else @grade). */
  const BgGrade *marks;
  /* 1 normal, up to 3: thicker lines and text in the graph. */
  double         presentation_scale;
} BgFeedbackSheet;

/* The overall verdict: correct when every bond is, wrong when any bond is,
 * else missing (no wrong stroke, some not placed). */
BgVerdict bg_feedback_sheet_verdict (const BgGrade         *grade);

/* Writes the sheet to @path, a PNG, SVG or PDF by its name's suffix. */
gboolean  bg_feedback_sheet_write   (const BgFeedbackSheet *sheet,
                                     const char            *path,
                                     GError               **error);

#define BG_FEEDBACK_SHEET_ERROR (bg_feedback_sheet_error_quark ())
GQuark bg_feedback_sheet_error_quark (void);

typedef enum
{
  BG_FEEDBACK_SHEET_ERROR_FORMAT = 1,  /* not .png, .svg or .pdf */
  BG_FEEDBACK_SHEET_ERROR_WRITE,       /* the file could not be written */
} BgFeedbackSheetError;

G_END_DECLS
