/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-json.h — strict JSON reading and canonical JSON writing.
 *
 * In the layout: core/ (no GTK): the JSON under .bgmod files (bg-file.c)
 * and the editor's view (bg-view.c).
 *
 * Owns: the reader's limits and errors, the document it returns (a flat,
 * read-only tree: value 0 is the root, children are linked by index, 0 also
 * meaning "none") with inline accessors, and the writer's functions. Must
 * not: know any schema (bg-file.c maps .bgmod documents onto models).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_JSON_ERROR (bg_json_error_quark ())
GQuark bg_json_error_quark (void);

typedef enum
{
  BG_JSON_ERROR_SYNTAX = 1, /* not strict JSON: "line 14: unexpected '}'" */
  BG_JSON_ERROR_TOO_LARGE,  /* over one of the limits */
} BgJsonError;

/* What a reader accepts; past any of them it stops with TOO_LARGE. */
typedef struct
{
  gsize max_bytes;  /* input length */
  guint max_values; /* values in the document */
  guint max_depth;  /* nested arrays and objects */
} BgJsonLimits;

typedef enum
{
  BG_JSON_NULL,
  BG_JSON_FALSE,
  BG_JSON_TRUE,
  BG_JSON_NUMBER,
  BG_JSON_STRING,
  BG_JSON_ARRAY,
  BG_JSON_OBJECT,
} BgJsonType;

/* 16 bytes: a large model's document has millions. */
typedef struct
{
  guint32 type : 3;  /* BgJsonType */
  guint32 key : 29;  /* pool offset of the member name; objects' members only */
  guint32 next;      /* next sibling, or 0 */
  union
  {
    double  number;
    guint32 string;  /* pool offset */
    struct
    {
      guint32 first; /* containers: first child, or 0 */
      guint32 count; /* containers: number of children */
    };
  } u;
} BgJsonValue;

G_STATIC_ASSERT (sizeof (BgJsonValue) == 16);

/* Pool offsets must fit the key's 29 bits: no input is longer. */
#define BG_JSON_MAX_INPUT ((1u << 29) - 2)

typedef struct
{
  BgJsonValue *values;   /* n_values of them (room for n_alloc) */
  guint32      n_values;
  guint32      n_alloc;
  GString     *pool;     /* NUL-terminated strings */
} BgJsonDoc;

static inline const BgJsonValue *
bg_json_get (const BgJsonDoc *doc,
             guint32          index)
{
  return &doc->values[index];
}

static inline const char *
bg_json_get_string (const BgJsonDoc *doc,
                    guint32          index)
{
  return doc->pool->str + bg_json_get (doc, index)->u.string;
}

static inline const char *
bg_json_get_key (const BgJsonDoc *doc,
                 guint32          index)
{
  return doc->pool->str + bg_json_get (doc, index)->key;
}

static inline guint32
bg_json_get_first (const BgJsonDoc *doc,
                   guint32          index)
{
  return bg_json_get (doc, index)->u.first;
}

static inline guint32
bg_json_get_next (const BgJsonDoc *doc,
                  guint32          index)
{
  return bg_json_get (doc, index)->next;
}

#define BG_JSON_ROOT 0

/* Parses data (length bytes, not necessarily NUL-terminated; a UTF-8 byte
 * order mark is skipped). NULL and an error with the line on failure. */
BgJsonDoc *bg_json_parse (const char         *data,
                          gsize               length,
                          const BgJsonLimits *limits,
                          GError            **error);
void       bg_json_doc_free (BgJsonDoc *doc);

/* The items of some arrays, handed over one at a time as they are read. */
typedef struct
{
  /* Root members (NULL-terminated) whose value, when it is an array, is
   * streamed. */
  const char *const *keys;
  /* Called when the array of keys[key] opens, before its first item. */
  gboolean (*begin) (const BgJsonDoc *doc,
                     guint            key,
                     gpointer         user_data);
  /* Called with each item once it is read (value is its index in doc,
   * position its place in the array); the item is dropped from doc
   * afterwards, so nothing of it may be kept. */
  gboolean (*item)  (const BgJsonDoc *doc,
                     guint            key,
                     guint32          value,
                     guint            position,
                     gpointer         user_data);
  gpointer user_data;
} BgJsonStream;

/* Parses like bg_json_parse, with the same checks and messages, but hands
 * the items of the streamed arrays to stream as they are read instead of
 * keeping them: the document returned has those arrays with their counts
 * and without children, so a large file never exists as one tree. While
 * they run, the document is complete up to the item (members that come
 * later in the text are not there yet). A callback returning FALSE stops
 * the parse: NULL without an error. */
BgJsonDoc *bg_json_parse_streamed (const char         *data,
                                   gsize               length,
                                   const BgJsonLimits *limits,
                                   const BgJsonStream *stream,
                                   GError            **error);
/* The member called key of an object, or 0. */
guint32    bg_json_get_member (const BgJsonDoc *doc,
                               guint32          object,
                               const char      *key);

/* Untrusted text for a message: at most 40 characters, then "…"; control
 * characters (C0, DEL, C1) written as \u001b, bytes that are not UTF-8 as
 * \xff. */
char *bg_json_excerpt (const char *text);

/* The shortest decimal that reads back as the same double (0 for NaN and
 * infinities, which JSON cannot hold). */
void bg_json_append_number (GString *out,
                            double   value);
void bg_json_append_string (GString    *out,
                            const char *text);
/* Any value of doc: compact on one line when indent < 0, else pretty with
 * two spaces per level starting at indent. */
void bg_json_append_value (GString         *out,
                           const BgJsonDoc *doc,
                           guint32          index,
                           int              indent);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgJsonDoc, bg_json_doc_free)

G_END_DECLS
