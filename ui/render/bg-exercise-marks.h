/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-exercise-marks.h — how a student's causal stroke and a verdict badge
 * look.
 *
 * In the layout: ui/render/ (libbgmod-render), Cairo and Pango only, no
 * GTK.
 *
 * Owns: the student's stroke on a bond, the verdict badge that carries its
 * verdict in shape and text as well as colour (✓ correct on the accent,
 * ✗ wrong on the error colour, ? missing on the group colour) and where
 * it sits on a bond: one look for the canvas in exercise mode
 * (ui/bg-canvas-exercise.c) and the feedback sheets
 * (bg-feedback-sheet.c). Must not: grade (core/bg-causality-check.c
 * does) or decide which strokes to show.
 */
#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "bg-causality-check.h"
#include "bg-graph-renderer.h"

G_BEGIN_DECLS

/* The badge's radius at scale 1 (view units). */
#define BG_EXERCISE_BADGE_RADIUS 9.0

/* "✓", "✗" or "?". */
const char         *bg_exercise_marks_glyph       (BgVerdict           verdict);
/* The style's colour of a verdict: accent, error or group. */
const BgGraphColor *bg_exercise_marks_color       (const BgGraphStyle *style,
                                                   BgVerdict           verdict);
/* The stroke across the bond from → to at the end the stroke names
 * (nothing for BG_STROKE_NONE), @length long, in cr's current source and
 * line width. */
void                bg_exercise_marks_stroke      (cairo_t            *cr,
                                                   BgPoint             from,
                                                   BgPoint             to,
                                                   BgStroke            stroke,
                                                   double              length);
/* The badge centred on @at, its glyph laid out in @context (the widget's;
 * NULL: cr's own). */
void                bg_exercise_marks_badge       (cairo_t            *cr,
                                                   PangoContext       *context,
                                                   BgPoint             at,
                                                   BgVerdict           verdict,
                                                   const BgGraphStyle *style,
                                                   double              scale);
/* Where a bond's badge sits: its middle. */
BgPoint             bg_exercise_marks_badge_point (BgPoint             from,
                                                   BgPoint             to);
/* Beside the middle, on the left of travel (the half-arrow's side, free
 * there), its edge @gap from the bond: where the badge goes when the bond's
 * id is written on the other side (a feedback sheet). */
BgPoint             bg_exercise_marks_badge_beside (BgPoint            from,
                                                    BgPoint            to,
                                                    double             scale,
                                                    double             gap);

G_END_DECLS
