/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-document.h — one open bond-graph document.
 *
 * In the layout: core/ (GIO only, no GTK): what the window holds open; the
 * model it owns is the first stage of model → analysis → plan → run →
 * result.
 *
 * Owns: a BgModel, the file it was read from or saved to, whether it has
 * unsaved changes (model and view revisions against the saved ones: a
 * change of the plotted variables is unsaved too) and the current
 * BgCausality, analysed again synchronously on every model "changed".
 * Must not: know about widgets or windows, or show dialogs.
 *
 * Properties: "model" (construct-only), "file", "modified", "title",
 * "causality" (BG_TYPE_CAUSALITY, read-only; notify::causality after each
 * analysis, so a view can bind to it).
 * Signals: "changed-on-disk" (void): another program changed, replaced or
 * deleted the file since it was last loaded or saved here (BgDiskWatch;
 * once until the next save).
 */
#pragma once

#include <gio/gio.h>
#include "bg-model.h"
#include "bg-causality.h"

G_BEGIN_DECLS

#define BG_TYPE_DOCUMENT (bg_document_get_type ())
G_DECLARE_FINAL_TYPE (BgDocument, bg_document, BG, DOCUMENT, GObject)

/* An empty, unmodified, untitled document. */
BgDocument  *bg_document_new             (void);
/* Takes a new reference on model; file may be NULL (an untitled copy). */
BgDocument  *bg_document_new_for_model   (BgModel     *model,
                                          GFile       *file);
/* Reads a .bgmod file; NULL and the loader's message on failure. */
BgDocument  *bg_document_new_for_file    (GFile       *file,
                                          GError     **error);

BgModel     *bg_document_get_model       (BgDocument  *self);
GFile       *bg_document_get_file        (BgDocument  *self);
gboolean     bg_document_get_modified    (BgDocument  *self);
/* TRUE for a new document nobody has touched: no file, no elements, no edits. */
gboolean     bg_document_is_pristine     (BgDocument  *self);
/* The current analysis (borrowed: take a reference to keep it past the
 * model's next "changed"). */
BgCausality *bg_document_get_causality   (BgDocument  *self);
/* What runs, equations and linearization take: the flat graph (the model
 * itself when it has no components, bg-model-flatten.h), its analysis
 * (with full path ids), and the map from the model's bonds to it (NULL
 * without components). Borrowed; replaced after every analysis. */
BgModel     *bg_document_get_flat_model  (BgDocument  *self);
BgCausality *bg_document_get_flat_causality (BgDocument *self);
BgFlatMap   *bg_document_get_flat_map    (BgDocument  *self);
/* The file's name, or "Untitled model"; never NULL. */
char        *bg_document_dup_title       (BgDocument  *self);

/* Marks the document modified until it is next saved, whatever its undo
 * history does (a copy recovered after a crash). */
void         bg_document_mark_unsaved    (BgDocument  *self);

/* Saves to file (NULL: the current file); on success the document takes the
 * file and is unmodified. On failure nothing changes. */
gboolean     bg_document_save            (BgDocument  *self,
                                          GFile       *file,
                                          GError     **error);

/* TRUE when the document's file on disk is not what it loaded or last
 * saved (checks the disk now; FALSE without a file). Ask before saving. */
gboolean     bg_document_changed_on_disk (BgDocument  *self);

G_END_DECLS
