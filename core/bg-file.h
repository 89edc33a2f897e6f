/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file.h — reading and writing .bgmod files (docs/file-format.md).
 *
 * Owns: the JSON mapping of a BgModel, validation of untrusted files with
 * messages that name the JSON path ("bonds[3].to: no element \"C7\""), and
 * atomic saves. Must not: keep state between calls, touch GTK, or ever hand
 * back a half-loaded model.

 * The "view" object is kept verbatim on the model (bg_model_get_view_json)
 * so that editor settings survive a load/save cycle. The "exercise" object
 * holds a student's own strokes (BgBond.exercise); it is written only when a
 * stroke is placed, and unknown bond ids or values other than "to"/"from"
 * are refused with the JSON path ("exercise.strokes.b9: no bond ...").
 */
#pragma once

#include <gio/gio.h>
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_FILE_ERROR (bg_file_error_quark ())
GQuark bg_file_error_quark (void);

typedef enum
{
  BG_FILE_ERROR_IO = 1,      /* cannot read or write the file */
  BG_FILE_ERROR_SYNTAX,      /* not JSON: "line 14: unexpected '}'" */
  BG_FILE_ERROR_INVALID,     /* JSON, but not a valid model */
  BG_FILE_ERROR_TOO_LARGE,   /* over the limits below */
  BG_FILE_ERROR_VERSION,     /* a newer format version */
} BgFileError;

#define BG_FILE_MAX_DEPTH 64
#define BG_FILE_MAX_BYTES (256 * 1024 * 1024)

/* Returns a new model with an empty history, or NULL and an error whose
 * message starts with the place. */
BgModel *bg_file_load_from_data  (const char *data,
                                  gssize      length,
                                  GError    **error);
/* Message starts with the file path: "path/to/x.bgmod: bonds[3].to: ...". */
BgModel *bg_file_load            (GFile      *file,
                                  GError    **error);
BgModel *bg_file_load_path       (const char *path,
                                  GError    **error);
/* Pretty-printed UTF-8 JSON, ends in a newline. */
char    *bg_file_to_data         (BgModel    *model,
                                  gsize      *length);
/* Writes a temporary file beside the target and renames it over. */
gboolean bg_file_save            (BgModel    *model,
                                  GFile      *file,
                                  GError    **error);
gboolean bg_file_save_path       (BgModel    *model,
                                  const char *path,
                                  GError    **error);

G_END_DECLS
