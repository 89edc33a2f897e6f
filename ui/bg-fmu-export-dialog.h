/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-export-dialog.h — File ▸ Export FMU…: the choices of an FMU
 * export (docs/fmu.md) and the export itself, away from the main thread.
 *
 * Owns: the FMI version (3.0, the default, or 2.0), the sources that
 * become inputs (none by default), the outputs (a variable list, the main
 * variable of each storage by default), the reason the model cannot be
 * exported (a causal conflict: then nothing can be chosen), the file
 * chooser for the .fmu, the export in a worker thread on a copy of the
 * model (the dialog shows that it is busy and cannot be closed meanwhile)
 * and the error it ends with, shown in the dialog, which stays open. Must
 * not: edit the model, or build the FMU itself (bg_fmu_export does).
 *
 * Signals: "exported" (const char *path) once the file is written; then
 * the dialog closes.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-document.h"

G_BEGIN_DECLS

#define BG_TYPE_FMU_EXPORT_DIALOG (bg_fmu_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (BgFmuExportDialog, bg_fmu_export_dialog, BG, FMU_EXPORT_DIALOG, GtkWindow)

/* Over parent, for document's model; file_name is the name the file
 * chooser proposes ("rc-circuit.fmu"). */
BgFmuExportDialog *bg_fmu_export_dialog_new          (GtkWindow         *parent,
                                                      BgDocument        *document,
                                                      const char        *file_name);
/* What the dialog would export with now. */
int                bg_fmu_export_dialog_get_version  (BgFmuExportDialog *self);
GStrv              bg_fmu_export_dialog_dup_inputs   (BgFmuExportDialog *self);
GStrv              bg_fmu_export_dialog_dup_outputs  (BgFmuExportDialog *self);
/* Why the model cannot be exported, or why the last export failed; NULL
 * when neither. */
const char        *bg_fmu_export_dialog_get_problem  (BgFmuExportDialog *self);
/* Whether an export is running. */
gboolean           bg_fmu_export_dialog_is_busy      (BgFmuExportDialog *self);
/* Exports to path (as the file chooser's answer does). */
void               bg_fmu_export_dialog_export_to    (BgFmuExportDialog *self,
                                                      const char        *path);

G_END_DECLS
