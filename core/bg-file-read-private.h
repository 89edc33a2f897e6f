/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-read-private.h — reading a model file's bytes with a hard size bound.
 *
 * Owns: deciding which kinds of file may be read (regular files, FIFOs and
 * pipes; not devices, sockets or directories) and reading at most
 * limit + 1 bytes from them, whatever stat() says their size is. Must not:
 * parse anything or name the file in its messages (the caller prefixes the
 * place).
 * Included by: core/bg-file*.c, tests/.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Reads the whole file into a new NUL-terminated buffer. Fails with
 * BG_FILE_ERROR_IO ("is a device, not a model file", "no such file", ...)
 * or BG_FILE_ERROR_TOO_LARGE when more than limit bytes are there; then no
 * more than limit + 1 bytes were read. */
gboolean _bg_file_read_bounded (GFile   *file,
                                gsize    limit,
                                char   **contents,
                                gsize   *length,
                                GError **error);

/* A file-system error in the file format's words ("no such file",
 * "permission denied", "is a directory, not a file"), else its own
 * message; borrowed from @cause or static. */
const char *_bg_file_describe_io_error (const GError *cause);

G_END_DECLS
