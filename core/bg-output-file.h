/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-output-file.h — writing one output file so that it never lies
 * (docs/command-line.md, Files).
 *
 * In the layout: core/ (no GTK); under every writer of a file the user
 * names: bgmod-cli's CSV, models and standard output (app/), and the
 * pictures of ui/render/bg-export.c.
 *
 * Owns: what kind of target a path is and how it is written:
 * - a regular file, or a name that does not exist yet: through a temporary
 *   file in the same folder (the target's mode kept), flushed to disk
 *   (fsync) and renamed over the target by bg_output_file_commit(), so that
 *   a failure at any point leaves the old file whole and no temporary file
 *   behind; a symbolic link is followed, and the file it names is replaced;
 * - a FIFO (and a pipe): written straight into, as a reader waits on it;
 * - anything else (a device, a socket, a directory): refused before it is
 *   opened, unless BG_OUTPUT_FILE_ALLOW_DEVICES lets a device be written
 *   straight into;
 * - a file descriptor the caller has (standard output): written straight
 *   into and never closed.
 * Every write, the flush, the close and the rename are checked; the first
 * failure is kept and reported by commit. Must not: word messages for the
 * user (the error's message is the reason alone, "No space left on device"
 * or "is a device, not a file", for the caller to prefix with what it was
 * writing), buffer (callers write in large blocks), or keep global state.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_OUTPUT_FILE_ERROR (bg_output_file_error_quark ())
GQuark bg_output_file_error_quark (void);

typedef enum
{
  BG_OUTPUT_FILE_ERROR_REFUSED = 1,  /* the target is a device, a socket or a directory */
  BG_OUTPUT_FILE_ERROR_IO,           /* the system refused a call; the message is its reason */
} BgOutputFileError;

typedef enum
{
  BG_OUTPUT_FILE_DEFAULT = 0,
  /* Write into a character or block device directly instead of refusing it
   * (the editor's exports; bgmod-cli refuses devices). */
  BG_OUTPUT_FILE_ALLOW_DEVICES = 1 << 0,
} BgOutputFileFlags;

typedef struct _BgOutputFile BgOutputFile;

/* What bg_output_file_open() would refuse, without creating anything:
 * FALSE with BG_OUTPUT_FILE_ERROR_REFUSED for a device (unless allowed), a
 * socket or a directory. A path that cannot be examined passes (the open
 * says why it fails). */
gboolean      bg_output_file_check     (const char        *path,
                                        BgOutputFileFlags  flags,
                                        GError           **error);
/* Opens path as described above. NULL with the reason when it is refused
 * or cannot be created (a missing folder, no permission). */
BgOutputFile *bg_output_file_open      (const char        *path,
                                        BgOutputFileFlags  flags,
                                        GError           **error);
/* Writes into fd (standard output: 1), which stays open. */
BgOutputFile *bg_output_file_new_for_fd (int               fd);
/* TRUE when written straight into the target (FIFO, device, fd). */
gboolean      bg_output_file_is_direct (const BgOutputFile *self);
/* Writes all of data (a failure is kept for commit; FALSE once any write
 * has failed, so a long writer may stop early). */
gboolean      bg_output_file_write     (BgOutputFile      *self,
                                        const void        *data,
                                        gsize              length);
/* TRUE while no write has failed. */
gboolean      bg_output_file_is_ok     (const BgOutputFile *self);
/* Finishes and frees self: fsync, close and rename for a temporary file
 * (the target then holds exactly what was written), close for a direct
 * path, nothing more for an fd. FALSE with the first failure's reason, the
 * old file then whole and the temporary file removed. */
gboolean      bg_output_file_commit    (BgOutputFile      *self,
                                        GError           **error);
/* Gives up and frees self: a temporary file is removed (the target stays
 * as it was); a direct target keeps what was written. NULL is allowed. */
void          bg_output_file_abort     (BgOutputFile      *self);
/* The temporary file being written, or NULL for a direct target: for a
 * caller that removes it when the process is interrupted. */
const char   *bg_output_file_get_temp_path (const BgOutputFile *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgOutputFile, bg_output_file_abort)

G_END_DECLS
