/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-list.h — the plot pane's list of kept runs.
 *
 * Owns: one row per generation of a BgRunHistory, newest first: a check
 * box to choose it for comparing, its title (an editable label: rename it
 * there, Enter keeps the name, an empty one gives "Run N" back), what it
 * had that differs from the newest run, and buttons to pin it (kept
 * beyond the count), hide it (kept, not drawn) and delete it; below them
 * "Compare" (sensitive with two chosen) or "Stop Comparing", and a note
 * that kept runs live with the window. Every control is a button or an
 * entry reached with Tab. Must not: decide what is kept or drawn (the
 * history and the plot pane do), run anything.
 *
 * Signals:
 *   "compare" (BgRunGeneration *older, BgRunGeneration *newer): Compare
 *   was pressed with those two chosen;
 *   "compare-end" (void): Stop Comparing was pressed;
 *   "emphasize" (BgRunGeneration *or NULL): the row with the keyboard
 *   focus or under the pointer, for the plot to draw that run strongly.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-run-history.h"

G_BEGIN_DECLS

#define BG_TYPE_RUN_LIST (bg_run_list_get_type ())
G_DECLARE_FINAL_TYPE (BgRunList, bg_run_list, BG, RUN_LIST, GtkWidget)

GtkWidget *bg_run_list_new            (void);
void       bg_run_list_set_history    (BgRunList       *self,
                                       BgRunHistory    *history);
/* Whether the plot compares two runs now (the button says which). */
void       bg_run_list_set_comparing  (BgRunList       *self,
                                       gboolean         comparing);
/* The row widgets of generation (for tests): its compare check, title,
 * pin, hide and delete buttons; NULL when it has no row. */
GtkWidget *bg_run_list_get_control    (BgRunList       *self,
                                       BgRunGeneration *generation,
                                       const char      *name);
GtkWidget *bg_run_list_get_compare_button (BgRunList   *self);

G_END_DECLS
