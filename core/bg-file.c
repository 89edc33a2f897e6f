/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file.c — reading .bgmod files (docs/file-format.md): the document.
 *
 * Owns: the limits of a file, the file's header, its top-level arrays and
 * its "simulation", "exercise" and "view" sections, the typed access to
 * members with messages that name the JSON path, and the public load calls
 * (bg-file.h). Elements and bonds are read by bg-file-elements.c and
 * bg-file-params.c, the canonical layout is written by bg-file-write.c and
 * saved by bg-file-save.c; the JSON itself is read and written by bg-json.c
 * (which says why it is not json-glib).
 *
 * Must not: keep state between calls, touch GTK, bypass the model's edit API,
 * or ever hand back a half-loaded model (on any error the model being built is
 * dropped whole).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-file-private.h"
#include "bg-file-read-private.h"

/* Bounds the memory a hostile file can make us allocate: a model at the
 * element limit with all its bonds and parameters needs about 3 million. */
#define BG_FILE_MAX_VALUES     5000000

G_DEFINE_QUARK (bg-file-error-quark, bg_file_error)

static const BgJsonLimits file_limits = {
  BG_FILE_MAX_BYTES, BG_FILE_MAX_VALUES, BG_FILE_MAX_DEPTH
};

/* Parses a file's text; a JSON error becomes BG_FILE_ERROR_SYNTAX (or
 * _TOO_LARGE) with the same message. */
JDoc *
_bg_file_read_json (const char *data,
                    gsize       length,
                    GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  JDoc *doc = bg_json_parse (data, length, &file_limits, &local_error);

  if (doc == NULL)
    g_set_error_literal (error, BG_FILE_ERROR,
                         g_error_matches (local_error, BG_JSON_ERROR,
                                          BG_JSON_ERROR_TOO_LARGE)
                         ? BG_FILE_ERROR_TOO_LARGE : BG_FILE_ERROR_SYNTAX,
                         local_error->message);
  return doc;
}

/* Parses a file's text, handing the entries of "elements" and "bonds" to
 * stream; NULL when the text is not JSON or stream stopped it. */
JDoc *
_bg_file_parse_streamed (const char         *data,
                         gsize               length,
                         const BgJsonStream *stream)
{
  return bg_json_parse_streamed (data, length, &file_limits, stream, NULL);
}

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

/* Sets "path: message" (or just the message when path is NULL or ""). */
void
_bg_file_set_error (GError    **error,
                    BgFileError code,
                    const char *path,
                    const char *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (path != NULL && *path != '\0')
    g_set_error (error, BG_FILE_ERROR, code, "%s: %s", path, message);
  else
    g_set_error_literal (error, BG_FILE_ERROR, code, message);
}

/* Re-raises a model or library refusal as an INVALID file error at path. */
void
_bg_file_set_error_from (GError    **error,
                         const char *path,
                         GError     *cause)
{
  _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, "%s", cause->message);
}

/* ------------------------------------------------------------------------
 * Typed access to members
 * ------------------------------------------------------------------------ */

char *
_bg_file_member_path (const char *path,
                      const char *key)
{
  /* A key may be any text of the file; a message shows it tamed. */
  g_autofree char *shown = excerpt (key);

  if (path == NULL || *path == '\0')
    return g_steal_pointer (&shown);
  return g_strconcat (path, ".", shown, NULL);
}

/* "elements[12]" into buf, without a format string (one per element of a
 * large file). */
const char *
_bg_file_item_path (char        buf[48],
                    const char *array,
                    guint       index)
{
  char digits[16];
  int n = 0;
  gsize len = strlen (array);

  do
    digits[n++] = (char) ('0' + index % 10);
  while ((index /= 10) > 0);
  memcpy (buf, array, len);
  buf[len++] = '[';
  while (n > 0)
    buf[len++] = digits[--n];
  buf[len++] = ']';
  buf[len] = '\0';
  return buf;
}

/* Reads an optional number member. *present tells whether it was there. */
gboolean
_bg_file_get_number (const JDoc *doc,
                     guint32     obj,
                     const char *path,
                     const char *key,
                     double     *out,
                     gboolean   *present,
                     GError    **error)
{
  return _bg_file_number_at (doc, jv_member (doc, obj, key), path, key, out, present, error);
}

gboolean
_bg_file_number_at (const JDoc *doc,
                    guint32     member,
                    const char *path,
                    const char *key,
                    double     *out,
                    gboolean   *present,
                    GError    **error)
{
  *present = member != 0;
  if (member == 0)
    return TRUE;
  if (jv (doc, member)->type != JV_NUMBER)
    {
      g_autofree char *where = _bg_file_member_path (path, key);

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
      return FALSE;
    }
  *out = jv (doc, member)->u.number;
  return TRUE;
}

/* Reads a string member; *out is NULL when absent. */
gboolean
_bg_file_get_string (const JDoc  *doc,
                     guint32      obj,
                     const char  *path,
                     const char  *key,
                     gboolean     required,
                     const char **out,
                     GError     **error)
{
  return _bg_file_string_at (doc, jv_member (doc, obj, key), path, key, required, out, error);
}

gboolean
_bg_file_string_at (const JDoc  *doc,
                    guint32      member,
                    const char  *path,
                    const char  *key,
                    gboolean     required,
                    const char **out,
                    GError     **error)
{
  g_autofree char *where = NULL;

  *out = NULL;
  if (member == 0 && !required)
    return TRUE;
  if (member != 0 && jv (doc, member)->type == JV_STRING)
    {
      *out = jv_string (doc, member);
      return TRUE;
    }
  where = _bg_file_member_path (path, key);
  if (member == 0)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("missing"));
      return FALSE;
    }
  if (jv (doc, member)->type != JV_STRING)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a string"));
      return FALSE;
    }
  g_assert_not_reached ();
}

gboolean
_bg_file_check_known_keys (const JDoc        *doc,
                           guint32            obj,
                           const char        *path,
                           const char *const *known,
                           GError           **error)
{
  return _bg_file_read_members (doc, obj, path, known, NULL, error);
}

gboolean
_bg_file_read_members (const JDoc        *doc,
                       guint32            obj,
                       const char        *path,
                       const char *const *known,
                       guint32           *members,
                       GError           **error)
{
  guint n = 0;

  while (members != NULL && known[n] != NULL)
    members[n++] = 0;
  for (guint32 c = jv_first (doc, obj); c != 0; c = jv_next (doc, c))
    {
      const char *key = jv_key (doc, c);
      guint k = 0;

      /* The first letters are compared before the rest. */
      while (known[k] != NULL && (known[k][0] != key[0] || strcmp (known[k], key) != 0))
        k++;
      if (known[k] == NULL)
        {
          g_autofree char *where = _bg_file_member_path (path, key);

          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("unknown key"));
          return FALSE;
        }
      if (members != NULL)
        members[k] = c;
    }
  return TRUE;
}

/* Returns the array member key of the root (0 and an error when it is not
 * one, or when required and absent) after checking its length. */
static guint32
get_array (BgFileLoader *loader,
           const char   *key,
           gboolean      required,
           guint         limit,
           GError      **error)
{
  const JDoc *doc = loader->doc;
  guint32 array = jv_member (doc, loader->graph, key);
  g_autofree char *path = g_strconcat (loader->prefix != NULL ? loader->prefix : "", key, NULL);

  if (array == 0)
    {
      if (required)
        _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("missing"));
      return 0;
    }
  if (jv (doc, array)->type != JV_ARRAY)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an array"));
      return 0;
    }
  if (jv (doc, array)->u.count > limit)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_TOO_LARGE, path,
                          _("%u entries; at most %u are allowed"),
                          jv (doc, array)->u.count, limit);
      return 0;
    }
  return array;
}

/* A refusal inside an element names its id beside the JSON path,
 * "elements[3].params.value: must be … (element C1)", unless the id itself
 * is what is wrong. Returns FALSE. */
static gboolean
name_item (const JDoc *doc,
           guint32     obj,
           GError    **error)
{
  guint32 member = jv (doc, obj)->type == JV_OBJECT ? jv_member (doc, obj, "id") : 0;
  const char *id = member != 0 && jv (doc, member)->type == JV_STRING ? jv_string (doc, member) : NULL;
  char *message;

  if (error == NULL || *error == NULL || id == NULL || !bg_id_is_valid (id)
      || strstr ((*error)->message, "].id:") != NULL)
    return FALSE;
  message = g_strdup_printf (_("%s (element %s)"), (*error)->message, id);
  g_free ((*error)->message);
  (*error)->message = message;
  return FALSE;
}

gboolean
_bg_file_load_graph (BgFileLoader *loader,
                     GError      **error)
{
  const JDoc *doc = loader->doc;
  guint32 elements, bonds = 0;
  guint i;

  elements = get_array (loader, "elements", TRUE, BG_MODEL_MAX_ELEMENTS, error);
  if (elements == 0)
    return FALSE;
  if (jv_member (doc, loader->graph, "bonds") != 0)
    {
      bonds = get_array (loader, "bonds", FALSE, BG_FILE_MAX_BONDS, error);
      if (bonds == 0)
        return FALSE;
    }

  i = 0;
  for (guint32 c = jv_first (doc, elements); c != 0; c = jv_next (doc, c))
    if (!_bg_file_load_element (loader, c, i++, error))
      return name_item (doc, c, error);

  i = 0;
  for (guint32 c = bonds ? jv_first (doc, bonds) : 0; c != 0; c = jv_next (doc, c))
    if (!_bg_file_load_bond (loader, c, i++, error))
      return FALSE;
  return TRUE;
}

gboolean
_bg_file_check_header (const JDoc *doc,
                       GError    **error)
{
  guint32 node;
  double version;

  node = jv_member (doc, 0, "format");
  if (node == 0)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "format",
                          _("missing; this is not a BGMod model"));
      return FALSE;
    }
  if (jv (doc, node)->type != JV_STRING
      || strcmp (jv_string (doc, node), BG_FILE_FORMAT_ID) != 0)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "format",
                          _("must be \"%s\"; this is not a BGMod model"), BG_FILE_FORMAT_ID);
      return FALSE;
    }

  node = jv_member (doc, 0, "version");
  if (node == 0)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "version", _("missing"));
      return FALSE;
    }
  version = jv (doc, node)->type == JV_NUMBER ? jv (doc, node)->u.number : 0;
  if (version != floor (version) || version < 1)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "version",
                          _("must be a whole number; this BGMod reads version %d"),
                          BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  if (version > BG_FILE_FORMAT_VERSION)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_VERSION, "version",
                          _("the file is format version %.0f, newer than this BGMod "
                            "reads (%d); update BGMod to open it"),
                          version, BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_simulation (BgFileLoader *loader,
                 GError      **error)
{
  static const char *const path = "simulation";
  const JDoc *doc = loader->doc;
  guint32 obj = jv_member (doc, 0, "simulation");
  g_autoptr(GError) local_error = NULL;
  BgSimSettings settings;
  gboolean present;

  bg_sim_settings_init_default (&settings);
  if (obj == 0)
    return TRUE;
  if (jv (doc, obj)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!_bg_file_get_number (doc, obj, path, "t_end", &settings.t_end, &present, error))
    return FALSE;
  if (!_bg_file_get_number (doc, obj, path, "output_step", &settings.output_step, &present, error))
    return FALSE;
  if (!_bg_file_get_number (doc, obj, path, "rtol", &settings.rtol, &present, error))
    return FALSE;
  if (!_bg_file_get_number (doc, obj, path, "atol", &settings.atol, &present, error))
    return FALSE;

  /* The model applies the one settings rule (bg_sim_settings_check); its
   * message already names the setting. */
  if (!bg_model_set_simulation (loader->model, &settings, &local_error))
    {
      g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_view (BgFileLoader *loader,
           GError      **error)
{
  guint32 view = jv_member (loader->doc, 0, "view");
  g_autoptr(GString) text = NULL;

  if (view == 0)
    return TRUE;
  if (jv (loader->doc, view)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "view", _("must be an object"));
      return FALSE;
    }
  text = g_string_new (NULL);
  append_value (text, loader->doc, view, -1);
  bg_model_set_view_json (loader->model, text->str);
  return TRUE;
}

/* "exercise": {"strokes": {"b1": "to", ...}}: a student's own strokes. */
static gboolean
load_exercise (BgFileLoader *loader,
               GError      **error)
{
  const JDoc *doc = loader->doc;
  guint32 exercise = jv_member (doc, 0, "exercise");
  guint32 strokes;

  if (exercise == 0)
    return TRUE;
  if (jv (doc, exercise)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "exercise", _("must be an object"));
      return FALSE;
    }
  strokes = jv_member (doc, exercise, "strokes");
  if (strokes == 0)
    return TRUE;
  if (jv (doc, strokes)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "exercise.strokes",
                          _("must be an object"));
      return FALSE;
    }
  for (guint32 c = jv_first (doc, strokes); c != 0; c = jv_next (doc, c))
    {
      const char *bond_id = jv_key (doc, c);
      g_autofree char *shown = excerpt (bond_id);
      g_autofree char *where = g_strdup_printf ("exercise.strokes.%s", shown);
      const char *value = jv (doc, c)->type == JV_STRING ? jv_string (doc, c) : NULL;
      BgStroke stroke;

      gboolean inner = bg_model_find_bond (loader->model, bond_id) == NULL
                       && _bg_file_inner_bond_exists (loader->model, bond_id);

      if (!inner && bg_model_find_bond (loader->model, bond_id) == NULL)
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("no bond \"%s\""), shown);
          return FALSE;
        }
      if (g_strcmp0 (value, "to") == 0)
        stroke = BG_STROKE_AT_TO;
      else if (g_strcmp0 (value, "from") == 0)
        stroke = BG_STROKE_AT_FROM;
      else
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                              _("must be \"to\" or \"from\""));
          return FALSE;
        }
      if (inner)
        bg_model_set_inner_stroke (loader->model, bond_id, stroke);
      else if (!bg_model_set_exercise_stroke (loader->model, bond_id, stroke, NULL))
        g_assert_not_reached ();
    }
  return TRUE;
}

gboolean
_bg_file_load_name (BgFileLoader *loader,
                    GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  const char *name;

  if (!_bg_file_get_string (loader->doc, 0, NULL, "name", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !bg_model_set_name (loader->model, name, &local_error))
    {
      _bg_file_set_error_from (error, "name", local_error);
      return FALSE;
    }
  return TRUE;
}

gboolean
_bg_file_load_rest (BgFileLoader *loader,
                    GError      **error)
{
  return _bg_file_check_flat_size (loader, error) && load_simulation (loader, error)
         && load_exercise (loader, error) && load_view (loader, error);
}

/* A model file's top level (a BgFileLoadFunc: a model is not given a name). */
static gboolean
load_document (BgFileLoader *loader,
               const char   *name_unused,
               GError      **error)
{
  const JDoc *doc = loader->doc;

  if (!_bg_file_check_header (doc, error))
    return FALSE;
  /* The top level's arrays are checked first, as before components existed. */
  if (get_array (loader, "elements", TRUE, BG_MODEL_MAX_ELEMENTS, error) == 0)
    return FALSE;
  if (jv_member (doc, 0, "bonds") != 0
      && get_array (loader, "bonds", FALSE, BG_FILE_MAX_BONDS, error) == 0)
    return FALSE;

  return _bg_file_load_name (loader, error) && _bg_file_load_components (loader, error)
         && _bg_file_load_graph (loader, error) && _bg_file_load_rest (loader, error);
}

BgModel *
_bg_file_build_model (JDoc           *doc_in,
                      BgFileLoadFunc  load,
                      const char     *name,
                      GError        **error)
{
  g_autoptr(JDoc) doc = doc_in;
  BgFileLoader loader = { NULL, NULL, 0, "" };
  gboolean ok;

  if (jv (doc, 0)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, NULL,
                          _("not a BGMod model: the top level must be a JSON object"));
      return NULL;
    }

  loader.doc = doc;
  loader.model = bg_model_new ();

  /* A new model: its filling is not kept for undo. */
  bg_model_begin_unrecorded (loader.model);
  ok = load (&loader, name, error);
  bg_model_end_group (loader.model);

  if (!ok)
    {
      g_object_unref (loader.model);
      return NULL;
    }
  bg_model_clear_history (loader.model);
  return loader.model;
}

/* Loads the text as a whole document (which names what is wrong with it). */
BgModel *
_bg_file_load_whole (const char *data,
                     gsize       length,
                     GError    **error)
{
  JDoc *doc = _bg_file_read_json (data, length, error);

  return doc != NULL ? _bg_file_build_model (doc, load_document, NULL, error) : NULL;
}

/* The model a model file's text describes read while it is parsed, or
 * NULL when the stream cannot take it (a bad file among them) or the
 * text is another kind of file (the stream reads model files only). */
static BgModel *
load_streamed (const char     *data,
               gsize           length,
               BgFileLoadFunc  load)
{
  return load == load_document ? _bg_file_load_streamed (data, length) : NULL;
}

BgModel *
_bg_file_load_data (const char     *data,
                    gssize          length,
                    BgFileLoadFunc  load,
                    const char     *name,
                    GError        **error)
{
  BgModel *model;
  JDoc *doc;

  if (length < 0)
    length = strlen (data);

  /* The model while the text is parsed; a file it cannot take that way,
   * a bad one among them, as a whole document. */
  model = load_streamed (data, length, load);
  if (model != NULL)
    return model;
  doc = _bg_file_read_json (data, length, error);
  if (doc == NULL)
    return NULL;
  return _bg_file_build_model (doc, load, name, error);
}

BgModel *
bg_file_load_from_data (const char *data,
                        gssize      length,
                        GError    **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return _bg_file_load_data (data, length, load_document, NULL, error);
}

static void
prefix_error (GError    **error,
              const char *display_name,
              GError     *cause,
              int         code)
{
  g_set_error (error, BG_FILE_ERROR, code, "%s: %s", display_name, cause->message);
}

BgModel *
_bg_file_load_file (GFile          *file,
                    const char     *display_name,
                    BgFileLoadFunc  load,
                    const char     *name,
                    GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  BgModel *model = NULL;
  JDoc *doc;

  if (!_bg_file_read_bounded (file, BG_FILE_MAX_BYTES, &contents, &length, &local_error))
    {
      prefix_error (error, display_name, local_error, local_error->code);
      return NULL;
    }
  model = load_streamed (contents, length, load);
  if (model != NULL)
    return model;

  /* As a whole document, to name what is wrong (or to follow an order of
   * sections the stream cannot). The document keeps its own strings: the
   * text can go before the model is built. */
  doc = _bg_file_read_json (contents, length, &local_error);
  g_clear_pointer (&contents, g_free);
  if (doc != NULL)
    model = _bg_file_build_model (doc, load, name, &local_error);
  if (model == NULL)
    prefix_error (error, display_name, local_error, local_error->code);
  return model;
}

BgModel *
bg_file_load (GFile   *file,
              GError **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_file_get_parse_name (file);
  return _bg_file_load_file (file, display_name, load_document, NULL, error);
}

BgModel *
bg_file_load_path (const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_file_new_for_path (path);
  return _bg_file_load_file (file, path, load_document, NULL, error);
}
