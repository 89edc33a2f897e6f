/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-disk-watch.h — notices when another program changes a file.
 *
 * Owns: a GFileMonitor on one file and the file's stamp (modification time
 * to the microsecond, size, inode) as of the last load or save. Emits
 * "changed" when the monitor reports a change that leaves the file with a
 * stamp other than the recorded one (so our own saves, which record the new
 * stamp first, never trigger it). Must not: read or write the file's
 * contents, or know about documents and windows.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define BG_TYPE_DISK_WATCH (bg_disk_watch_get_type ())
G_DECLARE_FINAL_TYPE (BgDiskWatch, bg_disk_watch, BG, DISK_WATCH, GObject)

/* Starts watching file and records its current stamp. */
BgDiskWatch *bg_disk_watch_new         (GFile       *file);
/* Records the file's current stamp (after a load or save of ours). */
void         bg_disk_watch_record      (BgDiskWatch *self);
/* TRUE when the file on disk is no longer what was recorded: changed,
 * replaced, deleted or created since. Checks the disk now. */
gboolean     bg_disk_watch_has_changed (BgDiskWatch *self);

/* Signals: "changed" (void), at most once per recorded stamp. */

G_END_DECLS
