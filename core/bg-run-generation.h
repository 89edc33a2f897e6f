/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-generation.h — one finished run kept for comparison.
 *
 * In the layout: core/ (GIO only, no GTK): an item of the run history
 * (bg-run-history.h), which the plot pane draws faintly under the newest
 * run and lists in its run list.
 *
 * Owns: a reference to the finished BgSimulationRun (its plan, result and
 * report), the parameters the run was compiled with (bg-run-params.h:
 * taken when it was compiled, so later edits of the model do not change
 * them), its number in the history (1, 2, …, never reused), the name the
 * user gave it (NULL: none; the window says "Run 3"), whether it is
 * pinned (kept whatever the count) and hidden (kept, not drawn). Must not:
 * run or cancel anything, touch a model, or know about GTK.
 *
 * Properties (main thread): "name", "pinned", "hidden" (notify on real
 * change); "number" (read-only).
 */
#pragma once

#include <gio/gio.h>
#include "bg-run-params.h"
#include "bg-simulation-run.h"

G_BEGIN_DECLS

#define BG_TYPE_RUN_GENERATION (bg_run_generation_get_type ())
G_DECLARE_FINAL_TYPE (BgRunGeneration, bg_run_generation, BG, RUN_GENERATION, GObject)

/* run must have finished; references are taken on run and params. */
BgRunGeneration *bg_run_generation_new        (BgSimulationRun *run,
                                               BgRunParams     *params,
                                               guint            number);

guint            bg_run_generation_get_number (BgRunGeneration *self);
BgSimulationRun *bg_run_generation_get_run    (BgRunGeneration *self);
BgResult        *bg_run_generation_get_result (BgRunGeneration *self);
BgRunParams     *bg_run_generation_get_params (BgRunGeneration *self);

const char      *bg_run_generation_get_name   (BgRunGeneration *self);
/* NULL or "" (after stripping blanks) removes the name. */
void             bg_run_generation_set_name   (BgRunGeneration *self,
                                               const char      *name);
gboolean         bg_run_generation_get_pinned (BgRunGeneration *self);
void             bg_run_generation_set_pinned (BgRunGeneration *self,
                                               gboolean         pinned);
gboolean         bg_run_generation_get_hidden (BgRunGeneration *self);
void             bg_run_generation_set_hidden (BgRunGeneration *self,
                                               gboolean         hidden);

/* Bytes its result holds now: the rows × the stored columns (the result's
 * bg_result_get_bytes_per_row) and the values derived since. */
guint64          bg_run_generation_get_bytes  (BgRunGeneration *self);

G_END_DECLS
