/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-history.h — the runs a window keeps for comparison.
 *
 * In the layout: core/ (GIO only, no GTK): the plot pane keeps one per
 * window (not in the file) and draws the newest run in colour, the
 * earlier ones faintly (docs/teaching.md, "What if?").
 *
 * Owns: the generations (bg-run-generation.h), newest first, as a
 * GListModel of BgRunGeneration; numbering them; and the rule of what is
 * kept when a run is added, a generation is unpinned or a limit changes:
 *   - the newest generation always stays;
 *   - every pinned one stays, and of the unpinned earlier ones the newest
 *     `keep` (default 3); hidden ones count like the others;
 *   - then, while the results together hold more than `max-bytes` (their
 *     bg_run_generation_get_bytes), the oldest unpinned earlier one goes,
 *     then the oldest pinned one, never the newest.
 * Must not: run anything, touch a model, or know about GTK.
 *
 * Signals (main thread): GListModel's "items-changed"; "generation-changed"
 * (BgRunGeneration *): its name, pinned or hidden flag changed.
 * Properties: "keep" (uint), "max-bytes" (uint64).
 */
#pragma once

#include <gio/gio.h>
#include "bg-run-generation.h"

G_BEGIN_DECLS

#define BG_RUN_HISTORY_DEFAULT_KEEP 3
#define BG_RUN_HISTORY_MAX_KEEP 20

#define BG_TYPE_RUN_HISTORY (bg_run_history_get_type ())
G_DECLARE_FINAL_TYPE (BgRunHistory, bg_run_history, BG, RUN_HISTORY, GObject)

/* Keeps BG_RUN_HISTORY_DEFAULT_KEEP earlier runs, at most
 * BG_SIMULATOR_DEFAULT_MAX_MEMORY bytes together. */
BgRunHistory    *bg_run_history_new            (void);

/* A finished run becomes the newest generation (references taken); what
 * no longer fits goes. Returns it (borrowed). */
BgRunGeneration *bg_run_history_add            (BgRunHistory    *self,
                                                BgSimulationRun *run,
                                                BgRunParams     *params);
/* Takes a generation out (nothing when it is not in the history). */
void             bg_run_history_remove         (BgRunHistory    *self,
                                                BgRunGeneration *generation);
void             bg_run_history_clear          (BgRunHistory    *self);

guint            bg_run_history_get_n          (BgRunHistory    *self);
/* index 0 is the newest; NULL past the end. Borrowed. */
BgRunGeneration *bg_run_history_get            (BgRunHistory    *self,
                                                guint            index);
BgRunGeneration *bg_run_history_get_newest     (BgRunHistory    *self);
/* The generation of run, or NULL. */
BgRunGeneration *bg_run_history_find_run       (BgRunHistory    *self,
                                                BgSimulationRun *run);
/* The generation numbered number, or NULL. */
BgRunGeneration *bg_run_history_find_number    (BgRunHistory    *self,
                                                guint            number);

guint            bg_run_history_get_keep       (BgRunHistory    *self);
/* At most BG_RUN_HISTORY_MAX_KEEP. */
void             bg_run_history_set_keep       (BgRunHistory    *self,
                                                guint            keep);
guint64          bg_run_history_get_max_bytes  (BgRunHistory    *self);
void             bg_run_history_set_max_bytes  (BgRunHistory    *self,
                                                guint64          max_bytes);
/* What the kept results hold together now. */
guint64          bg_run_history_get_bytes      (BgRunHistory    *self);

G_END_DECLS
