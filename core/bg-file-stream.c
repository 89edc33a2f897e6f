/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-stream.c — reading a .bgmod file's model while its text is parsed.
 *
 * Owns: the streamed load of a model file (bg-file-private.h): the text is
 * parsed once (bg_json_parse_streamed) and each entry of "elements" and
 * "bonds" is added to the model as soon as it is read, by the very code
 * that reads them from a whole document (bg-file-elements.c), then
 * dropped; "components" are read when "elements" begins, and the rest of
 * the document (header, name, settings, exercise, view) once the parse
 * ends. So a large file never exists as a tree beside the model it makes.
 *
 * Refusals are not this file's: whenever anything fails (a syntax error,
 * a refused entry, an order the stream cannot follow such as "bonds"
 * before "elements" or "components" after them) the streamed load gives
 * up and the caller loads the text as a whole document (bg-file.c), which
 * refuses a bad file with the same message, at the same place, as always:
 * the streamed load only succeeds where that load succeeds, with the same
 * model, built by the same calls. Must not: report an error itself, or
 * keep anything of the document beyond the load.
 */
#include "config.h"

#include "bg-file-private.h"

enum
{
  KEY_ELEMENTS,
  KEY_BONDS,
};

static const char *const streamed_keys[] = { "elements", "bonds", NULL };

typedef struct
{
  BgFileLoader loader;
  gboolean     elements_begun;
  gboolean     bonds_begun;
  gboolean     components_read;
} Stream;

/* The whole document reads "components" before any element and every
 * element before any bond: the stream follows when the text has them in
 * that order (as BGMod writes them). */
static gboolean
stream_begin (const JDoc *doc,
              guint       key,
              gpointer    user_data)
{
  Stream *st = user_data;
  gboolean ok;

  st->loader.doc = doc;
  if (key == KEY_BONDS)
    {
      st->bonds_begun = TRUE;
      return st->elements_begun;
    }
  if (st->bonds_begun)
    return FALSE;
  st->elements_begun = TRUE;
  if (jv_member (doc, 0, "components") == 0)
    return TRUE;
  st->components_read = TRUE;
  /* (Read like the whole document's, every check made: the stream's
   * shortcuts are for the entries at the top level.) */
  st->loader.optimistic = FALSE;
  ok = _bg_file_load_components (&st->loader, NULL);
  st->loader.optimistic = TRUE;
  return ok;
}

static gboolean
stream_item (const JDoc *doc,
             guint       key,
             guint32     value,
             guint       position,
             gpointer    user_data)
{
  Stream *st = user_data;

  st->loader.doc = doc;
  if (key == KEY_ELEMENTS)
    return position < BG_MODEL_MAX_ELEMENTS
           && _bg_file_load_element (&st->loader, value, position, NULL);
  return position < BG_FILE_MAX_BONDS && _bg_file_load_bond (&st->loader, value, position, NULL);
}

/* What the whole document's load checks and reads around the graph, on
 * what is left of the document once the entries went into the model. */
static gboolean
finish (Stream *st)
{
  const JDoc *doc = st->loader.doc;

  if (jv (doc, 0)->type != JV_OBJECT || !_bg_file_check_header (doc, NULL))
    return FALSE;
  /* "elements" (required) and "bonds" (if given) were arrays, their
   * entries within the limits; "components", if given, came first. */
  if (!st->elements_begun || (jv_member (doc, 0, "bonds") != 0 && !st->bonds_begun)
      || (jv_member (doc, 0, "components") != 0 && !st->components_read))
    return FALSE;
  return _bg_file_load_name (&st->loader, NULL) && _bg_file_load_rest (&st->loader, NULL);
}

BgModel *
_bg_file_load_streamed (const char *data,
                        gsize       length)
{
  Stream st = { { NULL, NULL, 0, "", TRUE }, FALSE, FALSE, FALSE };
  BgJsonStream stream = { streamed_keys, stream_begin, stream_item, &st };
  g_autoptr(JDoc) doc = NULL;
  gboolean ok;

  st.loader.model = bg_model_new ();
  /* A new model: its filling is not kept for undo. */
  bg_model_begin_unrecorded (st.loader.model);
  doc = _bg_file_parse_streamed (data, length, &stream);
  st.loader.doc = doc;
  ok = doc != NULL && finish (&st);
  bg_model_end_group (st.loader.model);
  if (!ok)
    {
      g_object_unref (st.loader.model);
      return NULL;
    }
  bg_model_clear_history (st.loader.model);
  return st.loader.model;
}
