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

/* Component files (docs/file-format.md, Components) ----------------------
 * One user component as an ordinary .bgmod file: its top-level elements
 * include Port elements (the component's ports), its "name" is the
 * component's label, "description" and "parameters" are its own, and its
 * "components" are the definitions it uses. The caller names the
 * component (the library names it after the file's base name). */

/* A new model whose definitions are the file's: those it uses first and
 * the component itself, as NAME, last. Refused like a model file, and
 * also when the file has no Port elements at its top level (a model, not
 * a component) or NAME cannot name a component. */
BgModel      *bg_file_load_component_from_data (const char *data,
                                                gssize      length,
                                                const char *name,
                                                GError    **error);
/* Message starts with the file's name. */
BgModel      *bg_file_load_component    (GFile              *file,
                                         const char         *name,
                                         GError            **error);
/* def as a component file: def as the top level and the definitions it
 * uses under "components", in its model's order; ends in a newline. */
char         *bg_file_component_to_data (const BgDefinition *def,
                                         gsize              *length);
/* Written atomically, as bg_file_save writes a model. */
gboolean      bg_file_save_component    (const BgDefinition *def,
                                         GFile              *file,
                                         GError            **error);
/* The definitions def uses, directly or through others, in its model's
 * order (a definition after those it uses); BgDefinition*, borrowed. */
GPtrArray    *bg_file_dup_used_definitions (const BgDefinition *def);
/* One definition as "components" holds it, without its name: two
 * definitions with the same text are the same component. */
char         *bg_file_definition_to_data (const BgDefinition *def);
/* A copy of def made for model (not a body), for
 * bg_model_insert_definition; model must hold the definitions def uses,
 * under their names, else NULL and the loader's message. */
BgDefinition *bg_file_copy_definition   (const BgDefinition *def,
                                         BgModel            *model,
                                         GError            **error);

G_END_DECLS
