/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-private.h — what the parts of the .bgmod reader and writer share.
 *
 * Owns: the interface between bg-file.c (the document: header, sections,
 * typed access to members and the error messages that name JSON paths),
 * bg-file-elements.c and bg-file-params.c (elements, bonds and their
 * parameters), bg-file-write.c (the canonical layout) and bg-file-save.c
 * (atomic saves): the format's id and version, the short names the schema
 * code reads documents through, and the state of one load. Must not: be
 * included outside core/bg-file*.c, or hold any state itself.
 * Included by: core/bg-file*.c.
 */
#pragma once

#include "bg-file.h"
#include "bg-file-stream-private.h"
#include "bg-json.h"

G_BEGIN_DECLS

#define BG_FILE_FORMAT_ID      "bgmod"
#define BG_FILE_FORMAT_VERSION 1
#define BG_FILE_MAX_BONDS      (2 * BG_MODEL_MAX_ELEMENTS)

/* The schema code reads documents through these short names (bg-json.h). */
typedef BgJsonDoc   JDoc;
typedef BgJsonValue Jv;
#define JV_NULL       BG_JSON_NULL
#define JV_FALSE      BG_JSON_FALSE
#define JV_TRUE       BG_JSON_TRUE
#define JV_NUMBER     BG_JSON_NUMBER
#define JV_STRING     BG_JSON_STRING
#define JV_ARRAY      BG_JSON_ARRAY
#define JV_OBJECT     BG_JSON_OBJECT
#define jv            bg_json_get
#define jv_string     bg_json_get_string
#define jv_key        bg_json_get_key
#define jv_first      bg_json_get_first
#define jv_next       bg_json_get_next
#define jv_member     bg_json_get_member
#define excerpt       bg_json_excerpt
#define append_number bg_json_append_number
#define append_string bg_json_append_string
#define append_value  bg_json_append_value
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JDoc, bg_json_doc_free)

/* One load: the document being read and the model being built from it
 * (whose own ids tell which are taken: it starts empty). */
typedef struct
{
  const JDoc *doc;
  BgModel    *model;
  guint32     graph;     /* the object whose "elements" and "bonds" are read: 0, the top */
  const char *prefix;    /* of JSON paths: "" or "components.Tank." */
  /* The streamed load (bg-file-stream.c): the model's own refusals of a
   * bad id or bond end are enough, since any refusal gives that load up
   * (the whole document's load then names the problem its way). */
  gboolean    optimistic;
} BgFileLoader;

/* Room for a JSON path to an element or bond, a definition's name before it. */
#define BG_FILE_PATH_MAX (BG_ID_MAX_LENGTH + 48)

/* bg-file-components.c */

/* Reads "components" (every definition, nested ones first, cycles and
 * depth refused with the path named) into loader->model. */
gboolean    _bg_file_load_components  (BgFileLoader      *loader,
                                       GError           **error);
/* The definition object at node (label under label_key: "label" in
 * "components", "name" at a component file's top level) read as NAME for
 * loader->model, which holds the definitions it uses; not added to it.
 * JSON paths in messages start with path. */
BgDefinition *_bg_file_read_definition (BgFileLoader     *loader,
                                        guint32           node,
                                        const char       *name,
                                        const char       *path,
                                        const char       *label_key,
                                        GError          **error);
/* Refuses a model whose components drawn out exceed the element limit. */
gboolean    _bg_file_check_flat_size  (BgFileLoader      *loader,
                                       GError           **error);
/* Whether "T2.b4" names a bond inside an instance of model. */
gboolean    _bg_file_inner_bond_exists (BgModel          *model,
                                        const char       *path);
/* Reads the "elements" and "bonds" of loader->graph into loader->model. */
gboolean    _bg_file_load_graph       (BgFileLoader      *loader,
                                       GError           **error);

/* bg-file.c (the streamed and the whole-document load of a model file:
 * bg-file-stream-private.h) */

/* Parses with the file's limits, streaming "elements" and "bonds". */
JDoc       *_bg_file_parse_streamed   (const char        *data,
                                       gsize              length,
                                       const BgJsonStream *stream);
/* The top level's "name" into loader->model. */
gboolean    _bg_file_load_name        (BgFileLoader      *loader,
                                       GError           **error);
/* What follows the graph: the size with components drawn out, then
 * "simulation", "exercise" and "view". */
gboolean    _bg_file_load_rest        (BgFileLoader      *loader,
                                       GError           **error);

/* "format" and "version" of the top level: a BGMod file this BGMod reads. */
gboolean    _bg_file_check_header     (const JDoc        *doc,
                                       GError           **error);
/* Parses a file's text; a JSON error becomes BG_FILE_ERROR_SYNTAX (or
 * _TOO_LARGE) with the same message. */
JDoc       *_bg_file_read_json        (const char        *data,
                                       gsize              length,
                                       GError           **error);
/* Reads a document's top level into loader->model: a model file's (name
 * NULL) or a component file's, as the component called name. */
typedef gboolean (*BgFileLoadFunc) (BgFileLoader      *loader,
                                    const char        *name,
                                    GError           **error);
/* The model a parsed document describes, read by load into a new model
 * with no undo history (takes the document and frees it before
 * returning); NULL on any error, never a half-loaded model. */
BgModel    *_bg_file_build_model      (JDoc              *doc,
                                       BgFileLoadFunc     load,
                                       const char        *name,
                                       GError           **error);
/* The same from a file's text (length -1: NUL-terminated). A model file
 * is first read streamed (_bg_file_load_streamed) and as a document only
 * when the stream gives it up; a component file always as a document. */
BgModel    *_bg_file_load_data        (const char        *data,
                                       gssize             length,
                                       BgFileLoadFunc     load,
                                       const char        *name,
                                       GError           **error);
/* The same (streamed first for a model file) from a file read within the
 * size bound; messages start with "display_name: ". */
BgModel    *_bg_file_load_file        (GFile             *file,
                                       const char        *display_name,
                                       BgFileLoadFunc     load,
                                       const char        *name,
                                       GError           **error);
/* Sets "path: message" (or just the message when path is NULL or ""). */
void        _bg_file_set_error        (GError           **error,
                                       BgFileError        code,
                                       const char        *path,
                                       const char        *format,
                                       ...) G_GNUC_PRINTF (4, 5);
/* Re-raises a model or library refusal as an INVALID file error at path. */
void        _bg_file_set_error_from   (GError           **error,
                                       const char        *path,
                                       GError            *cause);
/* "path.key", or "key" when path is NULL or "". */
char       *_bg_file_member_path      (const char        *path,
                                       const char        *key);
/* "elements[12]" into buf, without a format string. */
const char *_bg_file_item_path        (char               buf[48],
                                       const char        *array,
                                       guint              index);
/* An optional number member; *present tells whether it was there. */
gboolean    _bg_file_get_number       (const JDoc        *doc,
                                       guint32            obj,
                                       const char        *path,
                                       const char        *key,
                                       double            *out,
                                       gboolean          *present,
                                       GError           **error);
/* A string member; *out is NULL when absent (and not required). */
gboolean    _bg_file_get_string       (const JDoc        *doc,
                                       guint32            obj,
                                       const char        *path,
                                       const char        *key,
                                       gboolean           required,
                                       const char       **out,
                                       GError           **error);
/* Refuses a member of obj whose key is not in known (NULL-terminated). */
gboolean    _bg_file_check_known_keys (const JDoc        *doc,
                                       guint32            obj,
                                       const char        *path,
                                       const char *const *known,
                                       GError           **error);
/* The same check, in one pass that also puts the member of each known
 * key into members (as many as known has; 0 for the absent ones). */
gboolean    _bg_file_read_members     (const JDoc        *doc,
                                       guint32            obj,
                                       const char        *path,
                                       const char *const *known,
                                       guint32           *members,
                                       GError           **error);
/* _bg_file_get_number and _bg_file_get_string on a member already found
 * (0: absent), with the same messages. */
gboolean    _bg_file_number_at        (const JDoc        *doc,
                                       guint32            member,
                                       const char        *path,
                                       const char        *key,
                                       double            *out,
                                       gboolean          *present,
                                       GError           **error);
gboolean    _bg_file_string_at        (const JDoc        *doc,
                                       guint32            member,
                                       const char        *path,
                                       const char        *key,
                                       gboolean           required,
                                       const char       **out,
                                       GError           **error);

/* bg-file-elements.c: elements[index] and bonds[index], added to the model. */
gboolean    _bg_file_load_element     (BgFileLoader      *loader,
                                       guint32            obj,
                                       guint              index,
                                       GError           **error);
gboolean    _bg_file_load_bond        (BgFileLoader      *loader,
                                       guint32            obj,
                                       guint              index,
                                       GError           **error);

/* bg-file-params.c: an element's "params" object, validated as a whole and
 * applied. path is the element's ("elements[3]"). */
gboolean    _bg_file_load_params      (BgFileLoader      *loader,
                                       BgElement         *element,
                                       guint32            params,
                                       const char        *path,
                                       GError           **error);

G_END_DECLS
