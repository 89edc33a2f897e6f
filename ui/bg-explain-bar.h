/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-explain-bar.h — the banner above the canvas in "Explain Causality"
 * mode.
 *
 * Owns: one SCAP trace and the step shown (it tells the canvas, which draws
 * the strokes up to that step), the step's heading ("Step 3 of 14 ·
 * storage") and sentence in a label that wraps, a conflict found at an
 * earlier step kept in view below it, the step buttons (first,
 * previous, play/pause, next, last, close; their actions are the window's
 * win.explain-*), and playing: one step every play-interval milliseconds
 * (in a window, its win.explain-next, which may open a component first),
 * stopping at the last. Must not: analyse causality (the window gives it
 * the trace), edit the model, or decide when the mode ends.
 *
 * Properties: "step" (guint), "playing" (gboolean), "play-interval" (guint, ms).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-canvas.h"
#include "bg-causality-trace.h"

G_BEGIN_DECLS

#define BG_TYPE_EXPLAIN_BAR (bg_explain_bar_get_type ())
G_DECLARE_FINAL_TYPE (BgExplainBar, bg_explain_bar, BG, EXPLAIN_BAR, GtkWidget)

GtkWidget        *bg_explain_bar_new            (void);

/* The canvas that draws the steps (not referenced: it outlives the bar). */
void              bg_explain_bar_set_canvas     (BgExplainBar     *self,
                                                 BgCanvas         *canvas);
/* Shows the trace from its first step; NULL stops (the canvas then draws
 * the analysis again). */
void              bg_explain_bar_set_trace      (BgExplainBar     *self,
                                                 BgCausalityTrace *trace);
/* The same steps seen from elsewhere (a component opened or left: the
 * trace projected on that level, with as many steps): the step shown
 * stays, the canvas draws it on its model. */
void              bg_explain_bar_replace_trace  (BgExplainBar     *self,
                                                 BgCausalityTrace *trace);
BgCausalityTrace *bg_explain_bar_get_trace      (BgExplainBar     *self);

guint             bg_explain_bar_get_n_steps    (BgExplainBar     *self);
guint             bg_explain_bar_get_step       (BgExplainBar     *self);
/* Clamped to the last step (G_MAXUINT: the last). */
void              bg_explain_bar_set_step       (BgExplainBar     *self,
                                                 guint             step);
/* One step forward (delta 1) or back (-1), within the trace. */
void              bg_explain_bar_move           (BgExplainBar     *self,
                                                 int               delta);

gboolean          bg_explain_bar_get_playing    (BgExplainBar     *self);
/* Playing from the last step starts again at the first. */
void              bg_explain_bar_set_playing    (BgExplainBar     *self,
                                                 gboolean          playing);
guint             bg_explain_bar_get_play_interval (BgExplainBar  *self);
void              bg_explain_bar_set_play_interval (BgExplainBar  *self,
                                                    guint          ms);

/* The texts shown now: "Step 3 of 14 · storage" and the step's sentence. */
const char       *bg_explain_bar_get_heading    (BgExplainBar     *self);
const char       *bg_explain_bar_get_sentence   (BgExplainBar     *self);
/* "Conflict found at step 9: …" while a conflict found at an earlier step
 * is shown below the sentence (in red), else NULL. */
const char       *bg_explain_bar_get_conflict   (BgExplainBar     *self);

G_END_DECLS
