/* bg-file.c — reading and writing .bgmod files (FORMAT.md).
 *
 * Owns: a strict, non-recursive JSON reader (exact numbers, line numbers,
 * bounded depth and size), the validation of every field of an untrusted
 * file with messages that name the JSON path, the mapping of a document onto
 * the bg_model_* edit calls, the canonical pretty writer and atomic saves.
 *
 * Must not: keep state between calls, touch GTK, bypass the model's edit API,
 * or ever hand back a half-loaded model (on any error the model being built is
 * dropped whole).
 *
 * Why our own reader: json-glib 1.6's parser is recursive (a deeply nested
 * file could overflow the stack), rounds some decimals wrongly (1.5e-7 reads
 * as 1.4999999999999999e-07, which breaks byte-identical round trips),
 * silently wraps big integers, accepts comments and leading zeros, and its
 * node tree costs several allocations per value (a model at the element
 * limit took seconds and a quarter of a gigabyte). The reader below is
 * strict RFC 8259, iterative, and builds one flat array of values.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-file.h"
#include "bg-waveform.h"

#define BG_FILE_FORMAT_ID      "bgmod"
#define BG_FILE_FORMAT_VERSION 1
/* Bounds the memory a hostile file can make us allocate: a model at the
 * element limit with all its bonds and parameters needs about 3 million. */
#define BG_FILE_MAX_VALUES     5000000
#define BG_FILE_MAX_BONDS      (2 * BG_MODEL_MAX_ELEMENTS)
/* Output rows a file may ask for (t_end / output_step). */

G_DEFINE_QUARK (bg-file-error-quark, bg_file_error)

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

static void set_error (GError    **error,
                       BgFileError code,
                       const char *path,
                       const char *format,
                       ...) G_GNUC_PRINTF (4, 5);

/* Sets "path: message" (or just the message when path is NULL or ""). */
static void
set_error (GError    **error,
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

/* Untrusted text quoted in a message: at most 40 characters, then "…", so
 * a hostile file cannot make an error message as long as the file. */
#define EXCERPT_CHARS 40

static char *
excerpt (const char *text)
{
  const char *end = text;

  for (guint i = 0; i < EXCERPT_CHARS && *end != '\0'; i++)
    end = g_utf8_next_char (end);
  if (*end == '\0')
    return g_strdup (text);
  return g_strdup_printf ("%.*s…", (int) (end - text), text);
}

/* Re-raises a model or library refusal as an INVALID file error at path. */
static void
set_error_from (GError    **error,
                const char *path,
                GError     *cause)
{
  set_error (error, BG_FILE_ERROR_INVALID, path, "%s", cause->message);
}

/* ------------------------------------------------------------------------
 * The JSON document
 *
 * A compact tree: every value is one Jv in a flat array, linked to its next
 * sibling by index; strings live in one pool. Index 0 is the root, so 0 also
 * means "none" for child and sibling links. This takes a few allocations for
 * a whole file instead of several per value.
 * ------------------------------------------------------------------------ */

typedef enum
{
  JV_NULL,
  JV_FALSE,
  JV_TRUE,
  JV_NUMBER,
  JV_STRING,
  JV_ARRAY,
  JV_OBJECT,
} JvType;

typedef struct
{
  guint32 type;
  guint32 key;       /* pool offset of the member name; objects' members only */
  guint32 next;      /* next sibling, or 0 */
  guint32 count;     /* containers: number of children */
  union
  {
    double  number;
    guint32 string;  /* pool offset */
    guint32 first;   /* containers: first child, or 0 */
  } u;
} Jv;

typedef struct
{
  GArray  *values;  /* Jv */
  GString *pool;    /* NUL-terminated strings */
} JDoc;

static void
jdoc_free (JDoc *doc)
{
  if (doc == NULL)
    return;
  g_array_unref (doc->values);
  g_string_free (doc->pool, TRUE);
  g_free (doc);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JDoc, jdoc_free)

static inline const Jv *
jv (const JDoc *doc,
    guint32     index)
{
  return &g_array_index (doc->values, Jv, index);
}

static inline const char *
jv_string (const JDoc *doc,
           guint32     index)
{
  return doc->pool->str + jv (doc, index)->u.string;
}

static inline const char *
jv_key (const JDoc *doc,
        guint32     index)
{
  return doc->pool->str + jv (doc, index)->key;
}

static inline guint32
jv_first (const JDoc *doc,
          guint32     index)
{
  return jv (doc, index)->u.first;
}

static inline guint32
jv_next (const JDoc *doc,
         guint32     index)
{
  return jv (doc, index)->next;
}

/* The member called key of an object, or 0. Objects in a model are small;
 * the reader has already refused duplicate names. */
static guint32
jv_member (const JDoc *doc,
           guint32     object,
           const char *key)
{
  for (guint32 c = jv_first (doc, object); c != 0; c = jv_next (doc, c))
    if (strcmp (jv_key (doc, c), key) == 0)
      return c;
  return 0;
}

/* ------------------------------------------------------------------------
 * The JSON reader
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *p;
  const char *end;
  int         line;
  JDoc       *doc;
  GError    **error;
} Scan;

typedef struct
{
  guint32     index;  /* the container */
  guint32     last;   /* its last child so far, or 0 */
  guint32     key;    /* pool offset of the member name waiting for a value */
  GHashTable *names;  /* member names, once an object is large */
} Frame;

/* Objects with more members than this check duplicates with a hash set. */
#define SMALL_OBJECT 16

typedef enum
{
  WANT_VALUE,
  WANT_VALUE_OR_CLOSE,   /* just after '[' */
  WANT_KEY,
  WANT_KEY_OR_CLOSE,     /* just after '{' */
  WANT_COLON,
  WANT_COMMA_OR_CLOSE,
} ScanState;

static gboolean scan_error (Scan       *s,
                            int         line,
                            BgFileError code,
                            const char *format,
                            ...) G_GNUC_PRINTF (4, 5);

static gboolean
scan_error (Scan       *s,
            int         line,
            BgFileError code,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (s->error, BG_FILE_ERROR, code, _("line %d: %s"), line, message);
  return FALSE;
}

static gboolean
is_word_char (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Reports the token at s->p as unexpected: a word, one character or EOF. */
static gboolean
scan_unexpected (Scan *s)
{
  const char *q = s->p;

  if (q >= s->end)
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("unexpected end of file"));

  if (g_ascii_isalpha (*q))
    {
      while (q < s->end && is_word_char (*q) && q - s->p < 32)
        q++;
    }
  else
    {
      /* The input is valid UTF-8 (checked before scanning). */
      q = g_utf8_next_char (q);
      if (q > s->end)
        q = s->end;
    }

  return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX, _("unexpected '%.*s'"),
                     (int) (q - s->p), s->p);
}

static void
scan_skip_space (Scan *s)
{
  while (s->p < s->end)
    {
      char c = *s->p;

      if (c == '\n')
        s->line++;
      else if (c != ' ' && c != '\t' && c != '\r')
        break;
      s->p++;
    }
}

static int
scan_hex4 (const char *p,
           const char *end)
{
  int value = 0;

  if (end - p < 4)
    return -1;
  for (int i = 0; i < 4; i++)
    {
      int digit = g_ascii_xdigit_value (p[i]);

      if (digit < 0)
        return -1;
      value = value * 16 + digit;
    }
  return value;
}

/* Reads a \uXXXX escape (and its low surrogate) at s->p, just after the
 * backslash-u. Returns the code point; *ok is FALSE after an error. */
static gunichar
scan_unicode_escape (Scan    *s,
                     gboolean *ok)
{
  int high = scan_hex4 (s->p, s->end);
  int low;

  *ok = FALSE;
  if (high < 0)
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("invalid \\u escape in a string")), 0;
  s->p += 4;

  if (high >= 0xDC00 && high <= 0xDFFF)
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("unpaired surrogate in a \\u escape")), 0;
  if (high < 0xD800 || high > 0xDBFF)
    {
      if (high == 0)
        return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                           _("a string must not contain \\u0000")), 0;
      *ok = TRUE;
      return high;
    }

  if (s->end - s->p < 6 || s->p[0] != '\\' || s->p[1] != 'u'
      || (low = scan_hex4 (s->p + 2, s->end)) < 0xDC00 || low > 0xDFFF)
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("unpaired surrogate in a \\u escape")), 0;
  s->p += 6;
  *ok = TRUE;
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

/* s->p is at the opening quote. Decodes the string into the pool and
 * returns its offset, or G_MAXUINT32 after an error. */
static guint32
scan_string (Scan *s)
{
  GString *pool = s->doc->pool;
  guint32 offset = pool->len;
  int line = s->line;

  s->p++;
  for (;;)
    {
      const char *run = s->p;
      guchar c;

      while (s->p < s->end && (guchar) *s->p >= 0x20
             && *s->p != '"' && *s->p != '\\')
        s->p++;
      g_string_append_len (pool, run, s->p - run);

      if (s->p >= s->end || *s->p == '\n')
        {
          scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("unterminated string"));
          return G_MAXUINT32;
        }

      c = (guchar) *s->p;
      if (c == '"')
        {
          s->p++;
          g_string_append_c (pool, '\0');
          return offset;
        }
      if (c < 0x20)
        {
          scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                      _("control character in a string"));
          return G_MAXUINT32;
        }

      /* A backslash escape. */
      s->p++;
      if (s->p >= s->end)
        {
          scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("unterminated string"));
          return G_MAXUINT32;
        }
      c = (guchar) *s->p++;
      switch (c)
        {
        case '"': g_string_append_c (pool, '"'); break;
        case '\\': g_string_append_c (pool, '\\'); break;
        case '/': g_string_append_c (pool, '/'); break;
        case 'b': g_string_append_c (pool, '\b'); break;
        case 'f': g_string_append_c (pool, '\f'); break;
        case 'n': g_string_append_c (pool, '\n'); break;
        case 'r': g_string_append_c (pool, '\r'); break;
        case 't': g_string_append_c (pool, '\t'); break;
        case 'u':
          {
            gboolean ok;
            gunichar ch = scan_unicode_escape (s, &ok);

            if (!ok)
              return G_MAXUINT32;
            g_string_append_unichar (pool, ch);
          }
          break;
        default:
          if (c >= 0x21 && c < 0x7F)
            scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                        _("invalid escape '\\%c' in a string"), c);
          else
            scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                        _("invalid escape in a string"));
          return G_MAXUINT32;
        }
    }
}

/* s->p is at '-' or a digit. Strict JSON number grammar, exact conversion. */
static gboolean
scan_number (Scan   *s,
             double *out)
{
  const char *q = s->p;
  char small[64];
  g_autofree char *large = NULL;
  char *text = small;
  gsize len;

  if (*q == '-')
    q++;
  if (q >= s->end || !g_ascii_isdigit (*q))
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX, _("invalid number"));
  if (*q == '0')
    q++;
  else
    while (q < s->end && g_ascii_isdigit (*q))
      q++;
  if (q < s->end && *q == '.')
    {
      q++;
      if (q >= s->end || !g_ascii_isdigit (*q))
        return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX, _("invalid number"));
      while (q < s->end && g_ascii_isdigit (*q))
        q++;
    }
  if (q < s->end && (*q == 'e' || *q == 'E'))
    {
      q++;
      if (q < s->end && (*q == '+' || *q == '-'))
        q++;
      if (q >= s->end || !g_ascii_isdigit (*q))
        return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX, _("invalid number"));
      while (q < s->end && g_ascii_isdigit (*q))
        q++;
    }

  /* g_ascii_strtod needs a terminated copy; most numbers are short. */
  len = q - s->p;
  if (len >= sizeof small)
    text = large = g_malloc (len + 1);
  memcpy (text, s->p, len);
  text[len] = '\0';
  *out = g_ascii_strtod (text, NULL);
  if (!isfinite (*out))
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("number %s is out of range"), text);
  s->p = q;
  return TRUE;
}

/* Reads true, false or null at s->p into *type. */
static gboolean
scan_literal (Scan   *s,
              JvType *type)
{
  static const struct { const char *word; JvType type; } words[] = {
    { "true", JV_TRUE }, { "false", JV_FALSE }, { "null", JV_NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      gsize len = strlen (words[i].word);

      if ((gsize) (s->end - s->p) >= len && memcmp (s->p, words[i].word, len) == 0
          && (s->p + len == s->end || !is_word_char (s->p[len])))
        {
          s->p += len;
          *type = words[i].type;
          return TRUE;
        }
    }
  return scan_unexpected (s);
}

/* Appends a value and links it into the container on top of the stack. */
static guint32
scan_add (Scan   *s,
          GArray *stack,
          JvType  type)
{
  GArray *values = s->doc->values;
  guint32 index = values->len;
  Jv value = { 0 };

  value.type = type;
  if (stack->len > 0)
    {
      Frame *top = &g_array_index (stack, Frame, stack->len - 1);
      Jv *parent = &g_array_index (values, Jv, top->index);

      if (parent->type == JV_OBJECT)
        value.key = top->key;
      if (top->last == 0)
        parent->u.first = index;
      else
        g_array_index (values, Jv, top->last).next = index;
      parent->count++;
      top->last = index;
    }
  g_array_append_val (values, value);
  return index;
}

static gboolean
scan_value (Scan      *s,
            GArray    *stack,
            ScanState *state)
{
  char c = *s->p;
  guint32 index;

  if (s->doc->values->len >= BG_FILE_MAX_VALUES)
    return scan_error (s, s->line, BG_FILE_ERROR_TOO_LARGE,
                       _("more than %d values; the file is too large"),
                       BG_FILE_MAX_VALUES);

  if (c == '{' || c == '[')
    {
      Frame frame = { 0, 0, 0, NULL };

      if (stack->len >= BG_FILE_MAX_DEPTH)
        return scan_error (s, s->line, BG_FILE_ERROR_TOO_LARGE,
                           _("nested deeper than %d levels"), BG_FILE_MAX_DEPTH);
      frame.index = scan_add (s, stack, c == '{' ? JV_OBJECT : JV_ARRAY);
      *state = c == '{' ? WANT_KEY_OR_CLOSE : WANT_VALUE_OR_CLOSE;
      s->p++;
      g_array_append_val (stack, frame);
      return TRUE;
    }

  if (c == '"')
    {
      guint32 offset = scan_string (s);

      if (offset == G_MAXUINT32)
        return FALSE;
      index = scan_add (s, stack, JV_STRING);
      g_array_index (s->doc->values, Jv, index).u.string = offset;
    }
  else if (c == '-' || g_ascii_isdigit (c))
    {
      double number = 0;

      if (!scan_number (s, &number))
        return FALSE;
      index = scan_add (s, stack, JV_NUMBER);
      g_array_index (s->doc->values, Jv, index).u.number = number;
    }
  else if (c == 't' || c == 'f' || c == 'n')
    {
      JvType type = JV_NULL;

      if (!scan_literal (s, &type))
        return FALSE;
      scan_add (s, stack, type);
    }
  else
    return scan_unexpected (s);

  *state = WANT_COMMA_OR_CLOSE;
  return TRUE;
}

/* Has the object on top of the stack a member called name already? */
static gboolean
scan_has_member (Scan       *s,
                 Frame      *top,
                 const char *name)
{
  const JDoc *doc = s->doc;
  guint32 count = jv (doc, top->index)->count;

  if (top->names != NULL)
    return g_hash_table_contains (top->names, name);

  if (count < SMALL_OBJECT)
    {
      for (guint32 c = jv_first (doc, top->index); c != 0; c = jv_next (doc, c))
        if (strcmp (jv_key (doc, c), name) == 0)
          return TRUE;
      return FALSE;
    }

  /* A large object: switch to a hash set of its names. */
  top->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint32 c = jv_first (doc, top->index); c != 0; c = jv_next (doc, c))
    g_hash_table_add (top->names, g_strdup (jv_key (doc, c)));
  return g_hash_table_contains (top->names, name);
}

static gboolean
scan_key (Scan  *s,
          Frame *top)
{
  int line = s->line;
  guint32 offset;
  const char *name;

  if (*s->p != '"')
    return scan_unexpected (s);
  offset = scan_string (s);
  if (offset == G_MAXUINT32)
    return FALSE;
  name = s->doc->pool->str + offset;
  if (scan_has_member (s, top, name))
    {
      g_autofree char *shown = excerpt (name);

      return scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("duplicate key \"%s\""), shown);
    }
  if (top->names != NULL)
    g_hash_table_add (top->names, g_strdup (name));
  top->key = offset;
  return TRUE;
}

/* Closes the container on top of the stack if c matches it. */
static gboolean
scan_close (Scan   *s,
            GArray *stack,
            char    c)
{
  Frame *top = &g_array_index (stack, Frame, stack->len - 1);
  char closer = jv (s->doc, top->index)->type == JV_OBJECT ? '}' : ']';

  if (c != closer)
    return scan_unexpected (s);
  s->p++;
  g_array_set_size (stack, stack->len - 1);
  return TRUE;
}

static void
frame_clear (gpointer data)
{
  Frame *frame = data;

  g_clear_pointer (&frame->names, g_hash_table_unref);
}

/* Parses strict JSON (RFC 8259) from valid UTF-8 without recursion. */
static JDoc *
parse_json (const char *data,
            gsize       length,
            GError    **error)
{
  g_autoptr(JDoc) doc = g_new0 (JDoc, 1);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Scan s = { data, data + length, 1, NULL, error };
  ScanState state = WANT_VALUE;

  /* About one value per 10 bytes in a typical model. */
  doc->values = g_array_sized_new (FALSE, FALSE, sizeof (Jv), MIN (length / 10 + 16, 1 << 20));
  doc->pool = g_string_sized_new (MIN (length / 2 + 16, 1 << 22));
  s.doc = doc;
  g_array_set_clear_func (stack, frame_clear);

  /* Tolerate a UTF-8 byte order mark. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    s.p += 3;

  for (;;)
    {
      Frame *top;
      gboolean ok = TRUE;

      scan_skip_space (&s);
      if (doc->values->len > 0 && stack->len == 0)
        {
          if (s.p < s.end)
            return scan_unexpected (&s), NULL;  /* something after the end */
          return g_steal_pointer (&doc);
        }
      if (s.p >= s.end)
        {
          if (length == 0)
            scan_error (&s, 1, BG_FILE_ERROR_SYNTAX, _("the file is empty"));
          else
            scan_unexpected (&s);
          return NULL;
        }

      top = stack->len > 0 ? &g_array_index (stack, Frame, stack->len - 1) : NULL;
      switch (state)
        {
        case WANT_VALUE_OR_CLOSE:
          if (*s.p == ']')
            {
              ok = scan_close (&s, stack, ']');
              state = WANT_COMMA_OR_CLOSE;
              break;
            }
          G_GNUC_FALLTHROUGH;
        case WANT_VALUE:
          ok = scan_value (&s, stack, &state);
          break;
        case WANT_KEY_OR_CLOSE:
          if (*s.p == '}')
            {
              ok = scan_close (&s, stack, '}');
              state = WANT_COMMA_OR_CLOSE;
              break;
            }
          G_GNUC_FALLTHROUGH;
        case WANT_KEY:
          ok = scan_key (&s, top);
          state = WANT_COLON;
          break;
        case WANT_COLON:
          if (*s.p != ':')
            ok = scan_unexpected (&s);
          else
            s.p++;
          state = WANT_VALUE;
          break;
        case WANT_COMMA_OR_CLOSE:
          if (*s.p == ',')
            {
              s.p++;
              state = jv (doc, top->index)->type == JV_OBJECT ? WANT_KEY : WANT_VALUE;
            }
          else
            ok = scan_close (&s, stack, *s.p);
          break;
        default:
          g_assert_not_reached ();
        }
      if (!ok)
        return NULL;
    }
}

/* Line number (from 1) of the byte at offset. */
static int
line_of_offset (const char *data,
                gsize       offset)
{
  int line = 1;

  for (gsize i = 0; i < offset; i++)
    if (data[i] == '\n')
      line++;
  return line;
}

/* Checks size and encoding, then parses. */
static JDoc *
read_json (const char *data,
           gsize       length,
           GError    **error)
{
  const char *bad;

  if (length > BG_FILE_MAX_BYTES)
    {
      set_error (error, BG_FILE_ERROR_TOO_LARGE, NULL,
                 _("the file is larger than %d MiB"), BG_FILE_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_utf8_validate_len (data, length, &bad))
    {
      set_error (error, BG_FILE_ERROR_SYNTAX, NULL, _("line %d: %s"),
                 line_of_offset (data, bad - data),
                 *bad == '\0' ? _("NUL byte in the file") : _("invalid UTF-8"));
      return NULL;
    }
  return parse_json (data, length, error);
}

/* ------------------------------------------------------------------------
 * Typed access to members
 * ------------------------------------------------------------------------ */

static char *
member_path (const char *path,
             const char *key)
{
  if (path == NULL || *path == '\0')
    return g_strdup (key);
  return g_strdup_printf ("%s.%s", path, key);
}

/* Reads an optional number member. *present tells whether it was there. */
static gboolean
get_number (const JDoc *doc,
            guint32     obj,
            const char *path,
            const char *key,
            double     *out,
            gboolean   *present,
            GError    **error)
{
  guint32 member = jv_member (doc, obj, key);

  *present = member != 0;
  if (member == 0)
    return TRUE;
  if (jv (doc, member)->type != JV_NUMBER)
    {
      g_autofree char *where = member_path (path, key);

      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
      return FALSE;
    }
  *out = jv (doc, member)->u.number;
  return TRUE;
}

/* Reads a string member; *out is NULL when absent. */
static gboolean
get_string (const JDoc  *doc,
            guint32      obj,
            const char  *path,
            const char  *key,
            gboolean     required,
            const char **out,
            GError     **error)
{
  guint32 member = jv_member (doc, obj, key);
  g_autofree char *where = NULL;

  *out = NULL;
  if (member == 0 && !required)
    return TRUE;
  if (member != 0 && jv (doc, member)->type == JV_STRING)
    {
      *out = jv_string (doc, member);
      return TRUE;
    }
  where = member_path (path, key);
  if (member == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("missing"));
      return FALSE;
    }
  if (jv (doc, member)->type != JV_STRING)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a string"));
      return FALSE;
    }
  g_assert_not_reached ();
}

static gboolean
check_known_keys (const JDoc        *doc,
                  guint32            obj,
                  const char        *path,
                  const char *const *known,
                  GError           **error)
{
  for (guint32 c = jv_first (doc, obj); c != 0; c = jv_next (doc, c))
    {
      if (!g_strv_contains (known, jv_key (doc, c)))
        {
          g_autofree char *where = member_path (path, jv_key (doc, c));

          set_error (error, BG_FILE_ERROR_INVALID, where, _("unknown key"));
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Building the model
 * ------------------------------------------------------------------------ */

typedef struct
{
  const JDoc *doc;
  BgModel    *model;
  GHashTable *elements;  /* id (borrowed from the document) → BgElement* */
  GHashTable *bond_ids;  /* id (borrowed from the document) */
} Loader;

static gboolean
check_id (Loader     *loader,
          const char *path,
          const char *id,
          GError    **error)
{
  g_autofree char *where = NULL;

  if (strlen (id) <= BG_ID_MAX_LENGTH && bg_id_is_valid (id)
      && !g_hash_table_contains (loader->elements, id)
      && !g_hash_table_contains (loader->bond_ids, id))
    return TRUE;

  where = member_path (path, "id");
  if (strlen (id) > BG_ID_MAX_LENGTH)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("longer than %d characters"), BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (!bg_id_is_valid (id))
    {
      g_autofree char *shown = excerpt (id);

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("\"%s\" is not a valid id (use letters, digits and _, "
                   "not starting with a digit)"), shown);
      return FALSE;
    }
  if (g_hash_table_contains (loader->elements, id)
      || g_hash_table_contains (loader->bond_ids, id))
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("duplicate id \"%s\""), id);
      return FALSE;
    }
  return TRUE;
}

static char *
join_choices (const char *const *choices)
{
  return g_strjoinv (", ", (char **) choices);
}

static gboolean
read_table (const JDoc   *doc,
            guint32       node,
            const char   *where,
            BgParamValue *value,
            GError      **error)
{
  guint r = 0;

  if (jv (doc, node)->type != JV_ARRAY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("must be an array of pairs of numbers"));
      return FALSE;
    }
  value->table = g_array_sized_new (FALSE, FALSE, sizeof (double),
                                    2 * jv (doc, node)->count);
  for (guint32 row = jv_first (doc, node); row != 0; row = jv_next (doc, row), r++)
    {
      guint k = 0;

      if (jv (doc, row)->type != JV_ARRAY || jv (doc, row)->count != 2)
        {
          g_autofree char *row_where = g_strdup_printf ("%s[%u]", where, r);

          set_error (error, BG_FILE_ERROR_INVALID, row_where,
                     _("must be a pair of numbers"));
          return FALSE;
        }
      for (guint32 cell = jv_first (doc, row); cell != 0; cell = jv_next (doc, cell), k++)
        {
          if (jv (doc, cell)->type != JV_NUMBER)
            {
              g_autofree char *cell_where = g_strdup_printf ("%s[%u][%u]", where, r, k);

              set_error (error, BG_FILE_ERROR_INVALID, cell_where, _("must be a number"));
              return FALSE;
            }
          g_array_append_val (value->table, jv (doc, cell)->u.number);
        }
    }
  return TRUE;
}

/* Reads one parameter value from node into value (initialised here). */
static gboolean
read_param_value (const JDoc        *doc,
                  const BgParamSpec *pspec,
                  guint32            node,
                  const char        *where,
                  BgParamValue      *value,
                  GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  memset (value, 0, sizeof *value);
  value->kind = pspec->kind;

  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      if (jv (doc, node)->type != JV_NUMBER)
        {
          set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
          return FALSE;
        }
      value->number = jv (doc, node)->u.number;
      break;

    case BG_PARAM_CHOICE:
      if (jv (doc, node)->type != JV_STRING
          || !g_strv_contains (pspec->choices, jv_string (doc, node)))
        {
          g_autofree char *list = join_choices (pspec->choices);

          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be one of: %s"), list);
          return FALSE;
        }
      value->choice = g_strdup (jv_string (doc, node));
      break;

    case BG_PARAM_TABLE:
      if (!read_table (doc, node, where, value, error))
        {
          bg_param_value_clear (value);
          return FALSE;
        }
      break;

    default:
      g_assert_not_reached ();
    }

  if (!bg_param_value_check (value, pspec, &local_error))
    {
      set_error_from (error, where, local_error);
      bg_param_value_clear (value);
      return FALSE;
    }
  return TRUE;
}

static void
clear_values (BgParamValue *values,
              guint         n)
{
  for (guint i = 0; i < n; i++)
    bg_param_value_clear (&values[i]);
  g_free (values);
}

/* Applies the given parameters. A cross-parameter constraint (D > d) may
 * refuse a value whose partner still has its old value, so refused ones are
 * retried until a pass makes no progress; the full set was validated. */
static gboolean
apply_params (Loader             *loader,
              BgElement          *element,
              const BgParamValue *values,
              gboolean           *given,
              const char         *path,
              GError            **error)
{
  const BgComponentSpec *spec = element->spec;
  g_autoptr(GError) first_error = NULL;
  guint first_index = 0;
  gboolean progress = TRUE;
  g_autofree char *where = NULL;

  while (progress)
    {
      progress = FALSE;
      g_clear_error (&first_error);
      for (guint i = 0; i < spec->n_params; i++)
        {
          g_autoptr(GError) local_error = NULL;

          if (!given[i])
            continue;
          if (bg_model_set_param (loader->model, element->id, spec->params[i].name,
                                  &values[i], &local_error))
            {
              given[i] = FALSE;
              progress = TRUE;
            }
          else if (first_error == NULL)
            {
              first_error = g_steal_pointer (&local_error);
              first_index = i;
            }
        }
    }
  if (first_error == NULL)
    return TRUE;

  where = g_strdup_printf ("%s.params.%s", path, spec->params[first_index].name);
  set_error_from (error, where, first_error);
  return FALSE;
}

static void
set_unknown_param_error (const BgComponentSpec *spec,
                         const char            *where,
                         GError               **error)
{
  GString *names;

  if (spec->n_params == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("unknown parameter (%s has no parameters)"), spec->type);
      return;
    }
  names = g_string_new (NULL);
  for (guint i = 0; i < spec->n_params; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", spec->params[i].name);
  set_error (error, BG_FILE_ERROR_INVALID, where,
             _("unknown parameter (%s has: %s)"), spec->type, names->str);
  g_string_free (names, TRUE);
}

/* Parameters whose default depends on the waveform (a pulse starts at 0 s
 * and goes up to 1) take it when the file leaves them out. */
static void
apply_wave_defaults (const BgComponentSpec *spec,
                     BgParamValue          *values,
                     gboolean              *given)
{
  guint form;
  double number;

  if (bg_component_spec_find_param (spec, "waveform", &form) == NULL)
    return;
  for (guint i = 0; i < spec->n_params; i++)
    if (!given[i] && spec->params[i].kind == BG_PARAM_NUMBER
        && bg_wave_default_for (values[form].choice, spec->params[i].name, &number)
        && number != values[i].number)
      {
        values[i].number = number;
        given[i] = TRUE;
      }
}

/* A cross-parameter message that starts with a parameter's name
 * ("until: must be ...") names that parameter's JSON path; the name is
 * then dropped from the message. */
static char *
validate_path (const BgComponentSpec *spec,
               const char            *params_path,
               GError                *cause)
{
  const char *colon = strstr (cause->message, ": ");

  if (colon != NULL)
    {
      g_autofree char *name = g_strndup (cause->message, colon - cause->message);

      if (bg_component_spec_find_param (spec, name, NULL) != NULL)
        {
          char *rest = g_strdup (colon + 2);

          g_free (cause->message);
          cause->message = rest;
          return member_path (params_path, name);
        }
    }
  return g_strdup (params_path);
}

static gboolean
load_params (Loader     *loader,
             BgElement  *element,
             guint32     params,
             const char *path,
             GError    **error)
{
  const JDoc *doc = loader->doc;
  const BgComponentSpec *spec = element->spec;
  g_autofree char *params_path = g_strdup_printf ("%s.params", path);
  g_autofree gboolean *given = NULL;
  g_autoptr(GError) local_error = NULL;
  BgParamValue *values;
  gboolean ok = FALSE;

  if (jv (doc, params)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, params_path, _("must be an object"));
      return FALSE;
    }

  values = g_new0 (BgParamValue, spec->n_params);
  given = g_new0 (gboolean, spec->n_params);
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&values[i], &spec->params[i]);

  for (guint32 c = jv_first (doc, params); c != 0; c = jv_next (doc, c))
    {
      g_autofree char *where = member_path (params_path, jv_key (doc, c));
      guint index;
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, jv_key (doc, c), &index);
      BgParamValue value;

      if (pspec == NULL)
        {
          set_unknown_param_error (spec, where, error);
          goto out;
        }
      if (!read_param_value (doc, pspec, c, where, &value, error))
        goto out;
      bg_param_value_clear (&values[index]);
      values[index] = value;
      given[index] = TRUE;
    }

  apply_wave_defaults (spec, values, given);
  if (spec->validate != NULL && !spec->validate (spec, values, &local_error))
    {
      g_autofree char *where = validate_path (spec, params_path, local_error);

      set_error_from (error, where, local_error);
      goto out;
    }

  ok = apply_params (loader, element, values, given, path, error);

out:
  clear_values (values, spec->n_params);
  return ok;
}

static const char *const element_keys[] = {
  "id", "type", "domain", "domain_s", "x", "y", "rotation", "label", "params", NULL
};

/* `domain_s`: a gyrator's S side in another domain (GY only). */
static gboolean
load_domain_s (Loader     *loader,
               guint32     obj,
               const char *path,
               BgElement  *element,
               GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *where = member_path (path, "domain_s");
  const char *id;
  BgDomain domain;

  if (!get_string (loader->doc, obj, path, "domain_s", FALSE, &id, error))
    return FALSE;
  if (id == NULL)
    return TRUE;
  if (element->spec->kind != BG_KIND_GY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("only a gyrator (GY) has a second domain"));
      return FALSE;
    }
  domain = bg_domain_from_id (id);
  if (domain == BG_DOMAIN_NONE)
    {
      g_autofree char *shown = excerpt (id);

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("unknown domain \"%s\" (use electrical, hydraulic, "
                   "translational or rotational)"), shown);
      return FALSE;
    }
  if (!bg_model_set_domain_s (loader->model, element->id, domain, &local_error))
    {
      set_error_from (error, where, local_error);
      return FALSE;
    }
  return TRUE;
}

/* Type and domain of an element object, checked. */
static gboolean
read_type_domain (const JDoc  *doc,
                  guint32      obj,
                  const char  *path,
                  const char **type_out,
                  BgDomain    *domain_out,
                  GError     **error)
{
  const char *type;
  const char *domain_id;
  g_autofree char *domain_path = NULL;
  g_autofree char *shown = NULL;

  if (!get_string (doc, obj, path, "type", TRUE, &type, error))
    return FALSE;
  if (!bg_library_is_type (type))
    {
      g_autofree char *type_path = member_path (path, "type");

      shown = excerpt (type);
      set_error (error, BG_FILE_ERROR_INVALID, type_path, _("unknown type \"%s\""), shown);
      return FALSE;
    }
  if (!get_string (doc, obj, path, "domain", FALSE, &domain_id, error))
    return FALSE;

  *type_out = type;
  *domain_out = BG_DOMAIN_NONE;
  if (domain_id == NULL && bg_library_type_is_advanced (type))
    return TRUE;
  if (domain_id != NULL)
    *domain_out = bg_domain_from_id (domain_id);
  if (*domain_out != BG_DOMAIN_NONE)
    {
      if (bg_library_type_is_advanced (type))
        *domain_out = BG_DOMAIN_NONE;  /* advanced components know their own */
      return TRUE;
    }

  domain_path = member_path (path, "domain");
  if (domain_id == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                 _("missing (%s needs one of: electrical, hydraulic, "
                   "translational, rotational)"), type);
      return FALSE;
    }
  shown = excerpt (domain_id);
  set_error (error, BG_FILE_ERROR_INVALID, domain_path,
             _("unknown domain \"%s\" (use electrical, hydraulic, "
               "translational or rotational)"), shown);
  return FALSE;
}

static gboolean
read_position (const JDoc *doc,
               guint32     obj,
               const char *path,
               double     *x,
               double     *y,
               int        *rotation,
               GError    **error)
{
  double number = 0;
  gboolean present;

  *x = *y = 0;
  *rotation = 0;
  if (!get_number (doc, obj, path, "x", x, &present, error)
      || !get_number (doc, obj, path, "y", y, &present, error)
      || !get_number (doc, obj, path, "rotation", &number, &present, error))
    return FALSE;
  if (present)
    {
      if (number != 0 && number != 90 && number != 180 && number != 270)
        {
          g_autofree char *where = member_path (path, "rotation");

          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be 0, 90, 180 or 270"));
          return FALSE;
        }
      *rotation = (int) number;
    }
  return TRUE;
}

static gboolean
load_element (Loader  *loader,
              guint32  obj,
              guint    index,
              GError **error)
{
  const JDoc *doc = loader->doc;
  g_autofree char *path = g_strdup_printf ("elements[%u]", index);
  g_autoptr(GError) local_error = NULL;
  const char *id, *type, *label;
  BgDomain domain;
  BgElement *element;
  guint32 params;
  double x, y;
  int rotation;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!check_known_keys (doc, obj, path, element_keys, error)
      || !get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !read_type_domain (doc, obj, path, &type, &domain, error)
      || !read_position (doc, obj, path, &x, &y, &rotation, error)
      || !get_string (doc, obj, path, "label", FALSE, &label, error))
    return FALSE;

  element = bg_model_add_element (loader->model, type, domain, id, x, y, &local_error);
  if (element == NULL)
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  g_hash_table_insert (loader->elements, (gpointer) id, element);

  if (rotation != 0
      && !bg_model_set_rotation (loader->model, id, rotation, &local_error))
    {
      g_autofree char *where = member_path (path, "rotation");

      set_error_from (error, where, local_error);
      return FALSE;
    }
  if (label != NULL && *label != '\0'
      && !bg_model_set_label (loader->model, id, label, &local_error))
    {
      g_autofree char *where = member_path (path, "label");

      set_error_from (error, where, local_error);
      return FALSE;
    }

  if (!load_domain_s (loader, obj, path, element, error))
    return FALSE;
  params = jv_member (doc, obj, "params");
  if (params != 0 && !load_params (loader, element, params, path, error))
    return FALSE;
  return TRUE;
}

static char *
port_list (const BgComponentSpec *spec)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < spec->n_ports; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", spec->ports[i].name);
  return g_string_free (list, FALSE);
}

/* Checks a bond end "EL" or "EL.PORT" and returns the reference to hand to
 * the model (the bare id for junctions and one-ports). */
static char *
resolve_end (Loader     *loader,
             const char *ref,
             const char *path,
             const char *key,
             GError    **error)
{
  g_autofree char *where = member_path (path, key);
  g_autofree char *element_id = NULL;
  const char *dot = strchr (ref, '.');
  const char *port = dot ? dot + 1 : NULL;
  BgElement *element;
  const BgComponentSpec *spec;

  element_id = dot ? g_strndup (ref, dot - ref) : g_strdup (ref);
  element = g_hash_table_lookup (loader->elements, element_id);
  if (element == NULL)
    {
      g_autofree char *shown = excerpt (element_id);

      set_error (error, BG_FILE_ERROR_INVALID, where, _("no element \"%s\""), shown);
      return NULL;
    }
  spec = element->spec;

  if (spec->variable_ports)
    {
      if (port != NULL)
        {
          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("junction %s has no named ports; write \"%s\""),
                     element_id, element_id);
          return NULL;
        }
      return g_steal_pointer (&element_id);
    }

  if (port == NULL)
    {
      g_autofree char *ports = NULL;

      if (spec->n_ports == 1)
        return g_steal_pointer (&element_id);
      ports = port_list (spec);
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("%s has several ports; name one as \"%s.PORT\" (ports: %s)"),
                 element_id, element_id, ports);
      return NULL;
    }

  if (bg_component_spec_find_port (spec, port, NULL) == NULL)
    {
      g_autofree char *ports = port_list (spec);
      g_autofree char *shown = excerpt (port);

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("%s has no port \"%s\" (ports: %s)"), element_id, shown, ports);
      return NULL;
    }
  if (spec->n_ports == 1)
    return g_steal_pointer (&element_id);
  return g_strdup (ref);
}

static const char *const bond_keys[] = { "id", "from", "to", "arrow", NULL };

static gboolean
load_bond (Loader  *loader,
           guint32  obj,
           guint    index,
           GError **error)
{
  const JDoc *doc = loader->doc;
  g_autofree char *path = g_strdup_printf ("bonds[%u]", index);
  g_autofree char *from = NULL, *to = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *id, *from_ref, *to_ref, *arrow;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!check_known_keys (doc, obj, path, bond_keys, error)
      || !get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !get_string (doc, obj, path, "from", TRUE, &from_ref, error)
      || !get_string (doc, obj, path, "to", TRUE, &to_ref, error)
      || !get_string (doc, obj, path, "arrow", FALSE, &arrow, error))
    return FALSE;

  if (arrow != NULL && strcmp (arrow, "forward") != 0 && strcmp (arrow, "reversed") != 0)
    {
      g_autofree char *where = member_path (path, "arrow");

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("must be \"forward\" or \"reversed\""));
      return FALSE;
    }

  from = resolve_end (loader, from_ref, path, "from", error);
  if (from == NULL)
    return FALSE;
  to = resolve_end (loader, to_ref, path, "to", error);
  if (to == NULL)
    return FALSE;

  if (bg_model_connect (loader->model, from, to, id, &local_error) == NULL)
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  g_hash_table_add (loader->bond_ids, (gpointer) id);

  if (arrow != NULL && strcmp (arrow, "reversed") == 0
      && !bg_model_reverse_arrow (loader->model, id, &local_error))
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  return TRUE;
}

/* Returns the array member key of the root (0 and an error when it is not
 * one, or when required and absent) after checking its length. */
static guint32
get_array (const JDoc *doc,
           const char *key,
           gboolean    required,
           guint       limit,
           GError    **error)
{
  guint32 array = jv_member (doc, 0, key);

  if (array == 0)
    {
      if (required)
        set_error (error, BG_FILE_ERROR_INVALID, key, _("missing"));
      return 0;
    }
  if (jv (doc, array)->type != JV_ARRAY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, key, _("must be an array"));
      return 0;
    }
  if (jv (doc, array)->count > limit)
    {
      set_error (error, BG_FILE_ERROR_TOO_LARGE, key,
                 _("%u entries; at most %u are allowed"),
                 jv (doc, array)->count, limit);
      return 0;
    }
  return array;
}

static gboolean
check_header (const JDoc *doc,
              GError    **error)
{
  guint32 node;
  double version;

  node = jv_member (doc, 0, "format");
  if (node == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("missing; this is not a BGMod model"));
      return FALSE;
    }
  if (jv (doc, node)->type != JV_STRING
      || strcmp (jv_string (doc, node), BG_FILE_FORMAT_ID) != 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("must be \"%s\"; this is not a BGMod model"), BG_FILE_FORMAT_ID);
      return FALSE;
    }

  node = jv_member (doc, 0, "version");
  if (node == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "version", _("missing"));
      return FALSE;
    }
  version = jv (doc, node)->type == JV_NUMBER ? jv (doc, node)->u.number : 0;
  if (version != floor (version) || version < 1)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "version",
                 _("must be a whole number; this BGMod reads version %d"),
                 BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  if (version > BG_FILE_FORMAT_VERSION)
    {
      set_error (error, BG_FILE_ERROR_VERSION, "version",
                 _("the file is format version %.0f, newer than this BGMod "
                   "reads (%d); update BGMod to open it"),
                 version, BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_simulation (Loader  *loader,
                 GError **error)
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
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!get_number (doc, obj, path, "t_end", &settings.t_end, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "output_step", &settings.output_step, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "rtol", &settings.rtol, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "atol", &settings.atol, &present, error))
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

static void append_value (GString    *out,
                          const JDoc *doc,
                          guint32     index,
                          int         indent);

static gboolean
load_view (Loader  *loader,
           GError **error)
{
  guint32 view = jv_member (loader->doc, 0, "view");
  g_autoptr(GString) text = NULL;

  if (view == 0)
    return TRUE;
  if (jv (loader->doc, view)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "view", _("must be an object"));
      return FALSE;
    }
  text = g_string_new (NULL);
  append_value (text, loader->doc, view, -1);
  bg_model_set_view_json (loader->model, text->str);
  return TRUE;
}

static gboolean
load_document (Loader  *loader,
               GError **error)
{
  const JDoc *doc = loader->doc;
  g_autoptr(GError) local_error = NULL;
  guint32 elements, bonds = 0;
  const char *name;
  guint i;

  if (!check_header (doc, error))
    return FALSE;

  elements = get_array (doc, "elements", TRUE, BG_MODEL_MAX_ELEMENTS, error);
  if (elements == 0)
    return FALSE;
  if (jv_member (doc, 0, "bonds") != 0)
    {
      bonds = get_array (doc, "bonds", FALSE, BG_FILE_MAX_BONDS, error);
      if (bonds == 0)
        return FALSE;
    }

  if (!get_string (doc, 0, NULL, "name", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !bg_model_set_name (loader->model, name, &local_error))
    {
      set_error_from (error, "name", local_error);
      return FALSE;
    }

  i = 0;
  for (guint32 c = jv_first (doc, elements); c != 0; c = jv_next (doc, c))
    if (!load_element (loader, c, i++, error))
      return FALSE;

  i = 0;
  for (guint32 c = bonds ? jv_first (doc, bonds) : 0; c != 0; c = jv_next (doc, c))
    if (!load_bond (loader, c, i++, error))
      return FALSE;

  return load_simulation (loader, error) && load_view (loader, error);
}

BgModel *
bg_file_load_from_data (const char *data,
                        gssize      length,
                        GError    **error)
{
  g_autoptr(JDoc) doc = NULL;
  Loader loader = { NULL, NULL, NULL, NULL };
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);

  doc = read_json (data, length, error);
  if (doc == NULL)
    return NULL;
  if (jv (doc, 0)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, NULL,
                 _("not a BGMod model: the top level must be a JSON object"));
      return NULL;
    }

  loader.doc = doc;
  loader.model = bg_model_new ();
  loader.elements = g_hash_table_new (g_str_hash, g_str_equal);
  loader.bond_ids = g_hash_table_new (g_str_hash, g_str_equal);

  /* One group: the steps are dropped with the history below anyway. */
  bg_model_begin_group (loader.model, NULL);
  ok = load_document (&loader, error);
  bg_model_end_group (loader.model);

  g_hash_table_unref (loader.elements);
  g_hash_table_unref (loader.bond_ids);
  if (!ok)
    {
      g_object_unref (loader.model);
      return NULL;
    }
  bg_model_clear_history (loader.model);
  return loader.model;
}

static void
prefix_error (GError    **error,
              const char *display_name,
              GError     *cause,
              int         code)
{
  g_set_error (error, BG_FILE_ERROR, code, "%s: %s", display_name, cause->message);
}

static const char *
describe_io_error (GError *cause)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return _("no such file");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return _("permission denied");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
    return _("is a directory, not a file");
  return cause->message;
}

static BgModel *
load_file (GFile      *file,
           const char *display_name,
           GError    **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  BgModel *model;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      set_error (error, BG_FILE_ERROR_IO, display_name, "%s",
                 describe_io_error (local_error));
      return NULL;
    }
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      set_error (error, BG_FILE_ERROR_IO, display_name,
                 _("is a directory, not a file"));
      return NULL;
    }
  if (g_file_info_get_size (info) > BG_FILE_MAX_BYTES)
    {
      set_error (error, BG_FILE_ERROR_TOO_LARGE, display_name,
                 _("the file is larger than %d MiB"), BG_FILE_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, &local_error))
    {
      set_error (error, BG_FILE_ERROR_IO, display_name, "%s",
                 describe_io_error (local_error));
      return NULL;
    }

  model = bg_file_load_from_data (contents, length, &local_error);
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
  return load_file (file, display_name, error);
}

BgModel *
bg_file_load_path (const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_file_new_for_path (path);
  return load_file (file, path, error);
}

/* ------------------------------------------------------------------------
 * Writing
 * ------------------------------------------------------------------------ */

/* Writes the shortest decimal that reads back as the same double, in the
 * form an engineer would type: plain for ordinary magnitudes (1000, 0.025,
 * 123456789), with an exponent for small values and for round large ones
 * (1e-12, 9e-5, 1.5e6, 1e10). Valid JSON either way. */
static void
append_number (GString *out,
               double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];
  char digits[32];
  const char *p;
  guint n_digits = 0;
  int exponent, trailing_zeros;

  if (!isfinite (value))
    {
      /* The model keeps every number finite; never write invalid JSON. */
      g_string_append_c (out, '0');
      return;
    }
  if (value == 0)
    {
      g_string_append_c (out, '0');  /* also for -0 */
      return;
    }

  if (value < 0)
    {
      g_string_append_c (out, '-');
      value = -value;
    }

  if (value < 1e15 && value == floor (value))
    {
      /* Whole numbers (coordinates, most parameters): exact as integers. */
      g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, (gint64) value);
      n_digits = strlen (buf);
      exponent = (int) n_digits - 1;
      memcpy (digits, buf, n_digits);
    }
  else
    {
      /* Shortest mantissa that round-trips: "1.5e+06" has 2 digits. */
      for (int precision = 0; precision <= 17; precision++)
        {
          g_snprintf (format, sizeof format, "%%.%de", precision);
          g_ascii_formatd (buf, sizeof buf, format, value);
          if (g_ascii_strtod (buf, NULL) == value)
            break;
        }
      for (p = buf; *p != 'e' && *p != '\0'; p++)
        if (g_ascii_isdigit (*p) && n_digits < sizeof digits - 1)
          digits[n_digits++] = *p;
      exponent = *p == 'e' ? atoi (p + 1) : 0;
    }
  while (n_digits > 1 && digits[n_digits - 1] == '0')
    n_digits--;
  digits[n_digits] = '\0';
  trailing_zeros = exponent + 1 - (int) n_digits;

  if (exponent < -4 || trailing_zeros >= 4)
    {
      g_string_append_c (out, digits[0]);
      if (n_digits > 1)
        g_string_append_printf (out, ".%s", digits + 1);
      g_string_append_printf (out, "e%d", exponent);
    }
  else if (exponent < 0)
    {
      g_string_append (out, "0.");
      for (int i = -1; i > exponent; i--)
        g_string_append_c (out, '0');
      g_string_append (out, digits);
    }
  else if (trailing_zeros >= 0)
    {
      g_string_append (out, digits);
      for (int i = 0; i < trailing_zeros; i++)
        g_string_append_c (out, '0');
    }
  else
    {
      g_string_append_len (out, digits, exponent + 1);
      g_string_append_c (out, '.');
      g_string_append (out, digits + exponent + 1);
    }
}

static void
append_string (GString    *out,
               const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (c < 0x20 || c == 0x7F)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_indent (GString *out,
               int      indent)
{
  g_string_append_c (out, '\n');
  for (int i = 0; i < indent; i++)
    g_string_append_c (out, ' ');
}

/* Writes any JSON value: compact on one line when indent < 0, else pretty
 * with two spaces per level starting at indent. */
static void
append_value (GString    *out,
              const JDoc *doc,
              guint32     index,
              int         indent)
{
  const Jv *value = jv (doc, index);
  int inner = indent < 0 ? -1 : indent + 2;
  gboolean first = TRUE;

  switch (value->type)
    {
    case JV_OBJECT:
    case JV_ARRAY:
      g_string_append_c (out, value->type == JV_OBJECT ? '{' : '[');
      for (guint32 c = value->u.first; c != 0; c = jv_next (doc, c))
        {
          if (!first)
            g_string_append_c (out, ',');
          if (indent >= 0)
            append_indent (out, inner);
          else if (!first)
            g_string_append_c (out, ' ');
          first = FALSE;
          if (value->type == JV_OBJECT)
            {
              append_string (out, jv_key (doc, c));
              g_string_append (out, ": ");
            }
          append_value (out, doc, c, inner);
        }
      if (!first && indent >= 0)
        append_indent (out, indent);
      g_string_append_c (out, value->type == JV_OBJECT ? '}' : ']');
      break;
    case JV_STRING:
      append_string (out, jv_string (doc, index));
      break;
    case JV_NUMBER:
      append_number (out, value->u.number);
      break;
    case JV_TRUE:
      g_string_append (out, "true");
      break;
    case JV_FALSE:
      g_string_append (out, "false");
      break;
    case JV_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

static void
append_param (GString            *out,
              const BgParamSpec  *pspec,
              const BgParamValue *value)
{
  append_string (out, pspec->name);
  g_string_append (out, ": ");
  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      append_number (out, value->number);
      break;
    case BG_PARAM_CHOICE:
      append_string (out, value->choice != NULL ? value->choice : "");
      break;
    case BG_PARAM_TABLE:
      g_string_append_c (out, '[');
      for (guint r = 0; value->table != NULL && 2 * r + 1 < value->table->len; r++)
        {
          if (r > 0)
            g_string_append (out, ", ");
          g_string_append_c (out, '[');
          append_number (out, g_array_index (value->table, double, 2 * r));
          g_string_append (out, ", ");
          append_number (out, g_array_index (value->table, double, 2 * r + 1));
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, ']');
      break;
    default:
      g_assert_not_reached ();
    }
}

/* A parameter marked saved_when_used is left out while hidden and at its
 * default, so a constant source does not carry every waveform's fields. */
static gboolean
param_is_saved (const BgComponentSpec *spec,
                const BgParamSpec     *pspec,
                const BgParamValue    *values,
                guint                  index)
{
  BgParamValue def;
  gboolean same;

  if (!pspec->saved_when_used || bg_param_is_visible (spec, pspec, values))
    return TRUE;
  bg_param_value_init_default (&def, pspec);
  same = bg_param_value_equal (&def, &values[index]);
  bg_param_value_clear (&def);
  return !same;
}

static void
append_element (GString   *out,
                BgElement *element)
{
  const BgComponentSpec *spec = element->spec;

  g_string_append (out, "{\"id\": ");
  append_string (out, element->id);
  g_string_append (out, ", \"type\": ");
  append_string (out, spec->type);
  if (spec->domain != BG_DOMAIN_NONE)
    {
      g_string_append (out, ", \"domain\": ");
      append_string (out, bg_domain_to_id (spec->domain));
    }
  if (spec->kind == BG_KIND_GY && spec->ports[1].domain != spec->domain)
    {
      g_string_append (out, ", \"domain_s\": ");
      append_string (out, bg_domain_to_id (spec->ports[1].domain));
    }
  g_string_append (out, ", \"x\": ");
  append_number (out, element->x);
  g_string_append (out, ", \"y\": ");
  append_number (out, element->y);
  if (element->rotation != 0)
    g_string_append_printf (out, ", \"rotation\": %d", element->rotation);
  if (spec->n_params > 0)
    {
      g_string_append (out, ", \"params\": {");
      gboolean first = TRUE;

      for (guint i = 0; i < spec->n_params; i++)
        {
          if (!param_is_saved (spec, &spec->params[i], element->params, i))
            continue;
          if (!first)
            g_string_append (out, ", ");
          first = FALSE;
          append_param (out, &spec->params[i], &element->params[i]);
        }
      g_string_append_c (out, '}');
    }
  if (element->label != NULL && *element->label != '\0')
    {
      g_string_append (out, ", \"label\": ");
      append_string (out, element->label);
    }
  g_string_append_c (out, '}');
}

/* "EL" for junctions and one-ports, "EL.PORT" for multiports. */
static void
append_end (GString   *out,
            BgElement *element,
            int        port)
{
  if (port < 0 || element->spec->n_ports <= 1)
    append_string (out, element->id);
  else
    {
      g_autofree char *ref =
        g_strdup_printf ("%s.%s", element->id, element->spec->ports[port].name);

      append_string (out, ref);
    }
}

static void
append_bond (GString *out,
             BgBond  *bond)
{
  g_string_append (out, "{\"id\": ");
  append_string (out, bond->id);
  g_string_append (out, ", \"from\": ");
  append_end (out, bond->from, bond->from_port);
  g_string_append (out, ", \"to\": ");
  append_end (out, bond->to, bond->to_port);
  if (bond->arrow == BG_ARROW_REVERSED)
    g_string_append (out, ", \"arrow\": \"reversed\"");
  g_string_append_c (out, '}');
}

static void
append_list (GString   *out,
             const char *key,
             GPtrArray *items,
             gboolean   bonds)
{
  g_string_append_printf (out, "  \"%s\": [", key);
  for (guint i = 0; i < items->len; i++)
    {
      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      if (bonds)
        append_bond (out, g_ptr_array_index (items, i));
      else
        append_element (out, g_ptr_array_index (items, i));
    }
  g_string_append (out, items->len > 0 ? "\n  ]" : "]");
}

static void
append_simulation (GString             *out,
                   const BgSimSettings *settings)
{
  g_string_append (out, "  \"simulation\": {\"t_end\": ");
  append_number (out, settings->t_end);
  g_string_append (out, ", \"output_step\": ");
  append_number (out, settings->output_step);
  g_string_append (out, ", \"rtol\": ");
  append_number (out, settings->rtol);
  g_string_append (out, ", \"atol\": ");
  append_number (out, settings->atol);
  g_string_append_c (out, '}');
}

static void
append_view (GString    *out,
             const char *view_json)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JDoc) view = NULL;

  if (view_json == NULL)
    return;
  view = read_json (view_json, strlen (view_json), &local_error);
  if (view == NULL || jv (view, 0)->type != JV_OBJECT)
    {
      /* Editor data only; a model without it is still complete. */
      g_debug ("Not saving the view section: %s",
               local_error ? local_error->message : "not an object");
      return;
    }
  g_string_append (out, ",\n  \"view\": ");
  append_value (out, view, 0, 2);
}

char *
bg_file_to_data (BgModel *model,
                 gsize   *length)
{
  GString *out;
  const char *name;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  out = g_string_new ("{\n  \"format\": \"" BG_FILE_FORMAT_ID "\",\n");
  g_string_append_printf (out, "  \"version\": %d,\n  \"name\": ", BG_FILE_FORMAT_VERSION);
  name = bg_model_get_name (model);
  append_string (out, name != NULL ? name : "");
  g_string_append (out, ",\n");
  append_list (out, "elements", bg_model_get_elements (model), FALSE);
  g_string_append (out, ",\n");
  append_list (out, "bonds", bg_model_get_bonds (model), TRUE);
  g_string_append (out, ",\n");
  append_simulation (out, bg_model_get_simulation (model));
  append_view (out, bg_model_get_view_json (model));
  g_string_append (out, "\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------
 * Atomic save
 * ------------------------------------------------------------------------ */

static gboolean
save_errno (GError    **error,
            const char *display_name,
            int         saved_errno)
{
  set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
             g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* Writes a temporary file beside path, flushes it to disk and renames it
 * over path, so that path holds either the old or the new contents. */
static gboolean
save_local (const char *path,
            const char *display_name,
            const char *data,
            gsize       length,
            GError    **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp_path = NULL;
  struct stat st;
  gboolean exists;
  int fd, dir_fd, saved_errno;

  /* Save through symlinks to the file they name, keeping the links. */
  target = g_strdup (path);
  for (int hops = 0; lstat (target, &st) == 0 && S_ISLNK (st.st_mode); hops++)
    {
      g_autofree char *link = NULL;
      g_autoptr(GError) local_error = NULL;

      if (hops >= 40)
        return save_errno (error, display_name, ELOOP);
      link = g_file_read_link (target, &local_error);
      if (link == NULL)
        return save_errno (error, display_name, EINVAL);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *base = g_path_get_dirname (target);

          g_free (target);
          target = g_build_filename (base, link, NULL);
        }
      else
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
    }

  exists = stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return save_errno (error, display_name, EISDIR);

  dir = g_path_get_dirname (target);
  tmp_path = g_build_filename (dir, ".bgmod-save-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_errno (error, display_name, errno);

  if (exists)
    (void) fchmod (fd, st.st_mode & 07777);

  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved_errno = errno;
      close (fd);
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }
  if (close (fd) != 0 || g_rename (tmp_path, target) != 0)
    {
      saved_errno = errno;
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }

  /* Make the rename itself durable; failure here loses nothing. */
  dir_fd = open (dir, O_RDONLY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      (void) fsync (dir_fd);
      close (dir_fd);
    }
  return TRUE;
}

static gboolean
save_file (BgModel    *model,
           GFile      *file,
           const char *display_name,
           GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;
  gsize length;

  data = bg_file_to_data (model, &length);
  if (path != NULL)
    return save_local (path, display_name, data, length, error);

  /* Not a local file: GIO's replace also writes beside and renames. */
  if (!g_file_replace_contents (file, data, length, NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, &local_error))
    {
      set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
                 describe_io_error (local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_file_save (BgModel *model,
              GFile   *file,
              GError **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display_name = g_file_get_parse_name (file);
  return save_file (model, file, display_name, error);
}

gboolean
bg_file_save_path (BgModel    *model,
                   const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = g_file_new_for_path (path);
  return save_file (model, file, path, error);
}
