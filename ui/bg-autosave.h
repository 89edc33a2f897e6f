/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-autosave.h — copies of unsaved documents, and their recovery.
 *
 * Owns: the autosave folder g_get_user_cache_dir()/bgmod/autosave (so
 * XDG_CACHE_HOME moves it), a timer that writes every modified open
 * document (the items of a list of BgDocument, the application's) there
 * every "interval" seconds as <uuid>.bgmod plus a sidecar <uuid>.json
 * {"version", "uuid", "original", "title", "time", "pid"}, both replaced
 * atomically, and removing a document's copy as soon as it is saved or
 * leaves the list (its window closes or shows another document). Copies
 * this object did not write are left by a crash: bg_autosave_scan lists
 * them and bg_autosave_recover / bg_autosave_discard act on them.
 * Must not: show dialogs (bg-recovery-dialog.c does), know windows, touch
 * the user's own files, or delete a copy whose document still has unsaved
 * changes and is open.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-document.h"

G_BEGIN_DECLS

#define BG_AUTOSAVE_ERROR (bg_autosave_error_quark ())
GQuark bg_autosave_error_quark (void);

typedef enum
{
  BG_AUTOSAVE_ERROR_IO = 1,    /* the folder or a file cannot be written/read */
  BG_AUTOSAVE_ERROR_CORRUPT,   /* a copy that does not load */
} BgAutosaveError;

/* Seconds between copies when the settings do not say. */
#define BG_AUTOSAVE_DEFAULT_INTERVAL 60

/* One copy found in the autosave folder. */
typedef struct
{
  char      *uuid;
  char      *model_path;     /* <dir>/<uuid>.bgmod */
  char      *sidecar_path;   /* <dir>/<uuid>.json */
  char      *original_path;  /* the file it was a copy of, or NULL (untitled) */
  char      *title;          /* never NULL */
  GDateTime *time;           /* when it was written (local time) */
  GError    *error;          /* set: it cannot be recovered, and why */
} BgAutosaveEntry;

void bg_autosave_entry_free (BgAutosaveEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgAutosaveEntry, bg_autosave_entry_free)

#define BG_TYPE_AUTOSAVE (bg_autosave_get_type ())
G_DECLARE_FINAL_TYPE (BgAutosave, bg_autosave, BG, AUTOSAVE, GObject)

/* Copies the documents of a GListModel of BgDocument (the open ones) as
 * long as they are in it. settings may be NULL; when it has
 * "autosave-interval" that key sets (and keeps setting) the interval. */
BgAutosave  *bg_autosave_new_for_documents (GListModel  *documents,
                                            GSettings   *settings);
/* The same for the documents open in a BgApplication
 * (bg_application_get_documents). */
BgAutosave  *bg_autosave_new           (GtkApplication  *application,
                                        GSettings       *settings);
/* The autosave folder (not created); free with g_free. */
char        *bg_autosave_dup_dir       (void);

/* Seconds between copies; 0 turns autosave off (copies already written
 * stay until their document is saved or closed). */
void         bg_autosave_set_interval  (BgAutosave      *self,
                                        guint            seconds);
guint        bg_autosave_get_interval  (BgAutosave      *self);

/* Writes every modified document that changed since its last copy now, and
 * removes the copies of documents that are saved or gone. Returns the number
 * of copies written; on a write error stops there and sets error. */
guint        bg_autosave_save_now      (BgAutosave      *self,
                                        GError         **error);
/* The copy's path for a document, or NULL when none is written. */
char        *bg_autosave_dup_path      (BgAutosave      *self,
                                        BgDocument      *document);

/* Copies this object does not own (a crash left them), newest first;
 * element type BgAutosaveEntry, free with g_ptr_array_unref. Unreadable ones
 * are listed with their error. Copies whose writer (the sidecar's "pid") is
 * another BGMod still running are not listed: they are its unsaved work. */
GPtrArray   *bg_autosave_scan          (BgAutosave      *self);
/* A document from a copy: associated with the original file when it still
 * exists (else untitled) and modified until saved. The copy stays, now
 * owned by this object, until the document is saved or closed. */
BgDocument  *bg_autosave_recover       (BgAutosave      *self,
                                        BgAutosaveEntry *entry,
                                        GError         **error);
/* Deletes a copy and its sidecar. */
gboolean     bg_autosave_discard       (BgAutosave      *self,
                                        BgAutosaveEntry *entry,
                                        GError         **error);

G_END_DECLS
