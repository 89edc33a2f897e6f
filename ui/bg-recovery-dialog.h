/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-recovery-dialog.h — the offer to recover models a crash left unsaved.
 *
 * Owns: a window listing the autosaved copies (title, original file or
 * "never saved", time) with Recover and Discard on each row, "Recover All"
 * (the default) and "Decide Later" (the copies stay for the next start).
 * A copy that cannot be read is listed with the reason and can only be
 * discarded. Recovering a copy emits "recovered" with the document,
 * modified (the application opens a window for it). The dialog closes
 * itself when no row is left.
 * Must not: read or delete copies itself (bg-autosave.h does), or open
 * windows.
 *
 * Signals: "recovered" (BgDocument *document), once per recovered copy.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-autosave.h"

G_BEGIN_DECLS

#define BG_TYPE_RECOVERY_DIALOG (bg_recovery_dialog_get_type ())
G_DECLARE_FINAL_TYPE (BgRecoveryDialog, bg_recovery_dialog, BG, RECOVERY_DIALOG, GtkWindow)

/* entries: BgAutosaveEntry, as bg_autosave_scan gives them (the dialog
 * takes a reference on the array). */
GtkWidget             *bg_recovery_dialog_new          (BgAutosave       *autosave,
                                                        GPtrArray        *entries);
/* Rows still listed, in order. */
guint                  bg_recovery_dialog_get_n_rows   (BgRecoveryDialog *self);
const BgAutosaveEntry *bg_recovery_dialog_get_entry    (BgRecoveryDialog *self,
                                                        guint             index);
/* The row's text as shown: title, then details, then any error. */
char                  *bg_recovery_dialog_dup_row_text (BgRecoveryDialog *self,
                                                        guint             index);
GtkWidget             *bg_recovery_dialog_get_recover_button (BgRecoveryDialog *self,
                                                              guint             index);
GtkWidget             *bg_recovery_dialog_get_discard_button (BgRecoveryDialog *self,
                                                              guint             index);
GtkWidget             *bg_recovery_dialog_get_recover_all_button (BgRecoveryDialog *self);

G_END_DECLS
