/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-json.c — strict JSON reading.
 *
 * In the layout: core/ (no GTK): the JSON under .bgmod files (bg-file.c)
 * and the editor's view (bg-view.c).
 *
 * Owns: the reader (strict RFC 8259 from valid UTF-8, iterative, bounded
 * by the caller's limits on size, values and depth, refusing duplicate
 * member names, with line numbers in every message), the compact document
 * it builds (one flat array of values, strings in one pool), and its
 * streamed form (the items of large arrays handed over one by one and
 * dropped, bg_json_parse_streamed). The writer is bg-json-write.c. Must
 * not: know what a document means (bg-file.c does), keep state between
 * calls, or recurse on the input's nesting.
 *
 * Why not json-glib: measured with json-glib 1.6.6 (Debian 12) and an
 * 8 MiB stack, its parser
 *   - recurses once per nesting level and crashes (SIGSEGV) on a file
 *     nested about 75 000 levels deep (a 150 kB file);
 *   - wraps big integers silently: 9223372036854775808 reads as
 *     -9223372036854775808, 12345678901234567890123 as -1,
 *     -9223372036854775809 as 9223372036854775807;
 *   - accepts what RFC 8259 refuses: comments (/\* *\/), leading zeros
 *     (012 reads as 10, -007 as -7), single-quoted strings and duplicate
 *     member names (the last one wins, silently);
 *   - holds a model at the element limit (100 000 elements, 14 MB of JSON)
 *     in about 234 MiB more memory, built in about 6 s.
 * Its reader converts decimals exactly (1.5e-7 reads back equal); it is its
 * writer that prints 17 significant digits (1.5e-7 comes out as
 * 1.4999999999999999e-07, 0.1 as 0.10000000000000001), which would change
 * every number a user typed on the first save; bg_json_append_number writes
 * the shortest form that reads back as the same double.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-json.h"

G_DEFINE_QUARK (bg-json-error-quark, bg_json_error)

/* ------------------------------------------------------------------------
 * Messages
 * ------------------------------------------------------------------------ */

/* Untrusted text quoted in a message: at most 40 characters, then "…", so
 * a hostile file cannot make an error message as long as the file. */
#define EXCERPT_CHARS 40

char *
bg_json_excerpt (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  for (guint i = 0; *p != '\0'; i++)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (i == EXCERPT_CHARS)
        {
          g_string_append (out, "…");
          break;
        }
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          /* Not UTF-8 (never from the reader, which refuses it). */
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }
      /* A terminal must not act on a file's control characters. */
      if (c < 0x20 || (c >= 0x7F && c < 0xA0))
        g_string_append_printf (out, "\\u%04x", (guint) c);
      else
        g_string_append_unichar (out, c);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/* ------------------------------------------------------------------------
 * The document
 * ------------------------------------------------------------------------ */

void
bg_json_doc_free (BgJsonDoc *doc)
{
  if (doc == NULL)
    return;
  g_free (doc->values);
  g_string_free (doc->pool, TRUE);
  g_free (doc);
}

/* The member called key of an object, or 0. Objects in a model are small;
 * the reader has already refused duplicate names. */
guint32
bg_json_get_member (const BgJsonDoc *doc,
                    guint32          object,
                    const char      *key)
{
  for (guint32 c = bg_json_get_first (doc, object); c != 0; c = bg_json_get_next (doc, c))
    if (strcmp (bg_json_get_key (doc, c), key) == 0)
      return c;
  return 0;
}

/* ------------------------------------------------------------------------
 * The reader
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char         *p;
  const char         *end;
  int                 line;
  BgJsonDoc          *doc;
  const BgJsonLimits *limits;
  GError            **error;
  guint               n_values;    /* read so far, streamed items included */
  const BgJsonStream *stream;      /* or NULL */
  gboolean            stopped;     /* a stream callback said stop */
  guint32             item_value;  /* where the streamed item being read starts */
  gsize               item_pool;
} Scan;

typedef struct
{
  guint32     index;    /* the container */
  guint32     last;     /* its last child so far, or 0 */
  guint32     key;      /* pool offset of the member name waiting for a value */
  GHashTable *names;    /* member names, once an object is large */
  int         streamed; /* an array whose items are streamed: stream key + 1, else 0 */
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
                            BgJsonError code,
                            const char *format,
                            ...) G_GNUC_PRINTF (4, 5);

static gboolean
scan_error (Scan       *s,
            int         line,
            BgJsonError code,
            const char *format,
            ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (s->error, BG_JSON_ERROR, code, _("line %d: %s"), line, message);
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
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
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

  return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX, _("unexpected '%.*s'"),
                     (int) (q - s->p), s->p);
}

static inline void
scan_skip_space (Scan *s)
{
  const char *p = s->p, *end = s->end;

  while (p < end)
    {
      char c = *p;

      if (c == ' ' || c == '\t' || c == '\r')
        p++;
      else if (c == '\n')
        {
          s->line++;
          p++;
        }
      else
        break;
    }
  s->p = p;
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
scan_unicode_escape (Scan     *s,
                     gboolean *ok)
{
  int high = scan_hex4 (s->p, s->end);
  int low;

  *ok = FALSE;
  if (high < 0)
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                       _("invalid \\u escape in a string")), 0;
  s->p += 4;

  if (high >= 0xDC00 && high <= 0xDFFF)
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                       _("unpaired surrogate in a \\u escape")), 0;
  if (high < 0xD800 || high > 0xDBFF)
    {
      if (high == 0)
        return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                           _("a string must not contain \\u0000")), 0;
      *ok = TRUE;
      return high;
    }

  if (s->end - s->p < 6 || s->p[0] != '\\' || s->p[1] != 'u'
      || (low = scan_hex4 (s->p + 2, s->end)) < 0xDC00 || low > 0xDFFF)
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                       _("unpaired surrogate in a \\u escape")), 0;
  s->p += 6;
  *ok = TRUE;
  return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
}

/* g_string_append_len for the reader's runs: a copy into the room the pool
 * was made with (it rarely has to grow). */
static inline void
pool_append (GString    *pool,
             const char *run,
             gsize       n)
{
  if (pool->len + n < pool->allocated_len)
    {
      memcpy (pool->str + pool->len, run, n);
      pool->len += n;
      pool->str[pool->len] = '\0';
    }
  else
    g_string_append_len (pool, run, n);
}

/* The first byte from p on (before end) that ends a run of plain string
 * characters: a quote, a backslash or a control character (then the
 * caller looks at it), or end. Eight bytes at a time where eight are left:
 * the lowest marked byte of each test is exact (a borrow only ever marks
 * bytes above a true one), so is the lowest of their union. */
static inline const char *
string_run_end (const char *p,
                const char *end)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  const guint64 high = G_GUINT64_CONSTANT (0x8080808080808080);

  while (end - p >= 8)
    {
      guint64 w, quote, backslash, marks;

      memcpy (&w, p, 8);
      quote = w ^ (ones * '"');
      backslash = w ^ (ones * '\\');
      marks = ((w - ones * 0x20) & ~w)                /* below 0x20 */
              | ((quote - ones) & ~quote)             /* '"' */
              | ((backslash - ones) & ~backslash);    /* '\\' */
      marks &= high;
      if (marks != 0)
        return p + __builtin_ctzll (marks) / 8;
      p += 8;
    }
#endif
  while (p < end && (guchar) *p >= 0x20 && *p != '"' && *p != '\\')
    p++;
  return p;
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
      const char *run = s->p, *p = string_run_end (s->p, s->end);
      guchar c;

      s->p = p;
      pool_append (pool, run, p - run);

      if (s->p >= s->end || *s->p == '\n')
        {
          scan_error (s, line, BG_JSON_ERROR_SYNTAX, _("unterminated string"));
          return G_MAXUINT32;
        }

      c = (guchar) *s->p;
      if (c == '"')
        {
          s->p++;
          pool_append (pool, "", 1);
          return offset;
        }
      if (c < 0x20)
        {
          scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                      _("control character in a string"));
          return G_MAXUINT32;
        }

      /* A backslash escape. */
      s->p++;
      if (s->p >= s->end)
        {
          scan_error (s, line, BG_JSON_ERROR_SYNTAX, _("unterminated string"));
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
            scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                        _("invalid escape '\\%c' in a string"), c);
          else
            scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                        _("invalid escape in a string"));
          return G_MAXUINT32;
        }
    }
}

/* Powers of ten that doubles hold exactly. */
static const double exact_tens[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* The value of the number text [p, end) (already checked against the
 * grammar) when it is "-ddd.ddd" with at most 15 digits and no exponent:
 * the digits as an integer are then exact, so is 10^decimals, and one
 * division of two exact doubles is correctly rounded: the very double
 * g_ascii_strtod returns. FALSE for anything else. */
static gboolean
exact_decimal (const char *p,
               const char *end,
               double     *out)
{
  gboolean negative = *p == '-';
  guint64 digits = 0;
  int n_digits = 0, decimals = -1;
  double value;

  if (negative)
    p++;
  for (; p < end; p++)
    {
      if (*p == '.')
        decimals = 0;
      else if (g_ascii_isdigit (*p))
        {
          digits = digits * 10 + (guint64) (*p - '0');
          if (++n_digits > 15)
            return FALSE;
          if (decimals >= 0)
            decimals++;
        }
      else
        return FALSE;   /* an exponent */
    }
  value = (double) digits;
  if (decimals > 0)
    value /= exact_tens[decimals];
  *out = negative ? -value : value;
  return TRUE;
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
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX, _("invalid number"));
  if (*q == '0')
    q++;
  else
    while (q < s->end && g_ascii_isdigit (*q))
      q++;
  if (q < s->end && *q == '.')
    {
      q++;
      if (q >= s->end || !g_ascii_isdigit (*q))
        return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX, _("invalid number"));
      while (q < s->end && g_ascii_isdigit (*q))
        q++;
    }
  if (q < s->end && (*q == 'e' || *q == 'E'))
    {
      q++;
      if (q < s->end && (*q == '+' || *q == '-'))
        q++;
      if (q >= s->end || !g_ascii_isdigit (*q))
        return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX, _("invalid number"));
      while (q < s->end && g_ascii_isdigit (*q))
        q++;
    }

  if (exact_decimal (s->p, q, out))
    {
      s->p = q;
      return TRUE;
    }

  /* g_ascii_strtod needs a terminated copy; most numbers are short. */
  len = q - s->p;
  if (len >= sizeof small)
    text = large = g_malloc (len + 1);
  memcpy (text, s->p, len);
  text[len] = '\0';
  *out = g_ascii_strtod (text, NULL);
  if (!isfinite (*out))
    return scan_error (s, s->line, BG_JSON_ERROR_SYNTAX,
                       _("number %s is out of range"), text);
  s->p = q;
  return TRUE;
}

/* Reads true, false or null at s->p into *type. */
static gboolean
scan_literal (Scan       *s,
              BgJsonType *type)
{
  static const struct { const char *word; BgJsonType type; } words[] = {
    { "true", BG_JSON_TRUE }, { "false", BG_JSON_FALSE }, { "null", BG_JSON_NULL },
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
scan_add (Scan      *s,
          GArray    *stack,
          BgJsonType type)
{
  BgJsonDoc *doc = s->doc;
  guint32 index = doc->n_values;
  BgJsonValue value = { 0 };

  value.type = type;
  s->n_values++;
  if (stack->len > 0)
    {
      Frame *top = &g_array_index (stack, Frame, stack->len - 1);
      BgJsonValue *parent = &doc->values[top->index];

      if (parent->type == BG_JSON_OBJECT)
        value.key = top->key;
      if (top->last == 0)
        parent->u.first = index;
      else
        doc->values[top->last].next = index;
      parent->u.count++;
      top->last = index;
    }
  if (doc->n_values == doc->n_alloc)
    {
      /* (The limits keep this far below 2^32.) */
      doc->n_alloc = 2 * doc->n_alloc + 16;
      doc->values = g_renew (BgJsonValue, doc->values, doc->n_alloc);
    }
  doc->values[doc->n_values++] = value;
  return index;
}

/* The streamed array the value about to be read belongs to, or NULL. */
static Frame *
streamed_parent (GArray *stack)
{
  Frame *top = stack->len > 0 ? &g_array_index (stack, Frame, stack->len - 1) : NULL;

  return top != NULL && top->streamed ? top : NULL;
}

/* Which of the stream's keys the root member whose value starts now is
 * (+ 1), or 0: only arrays directly under the root object are streamed. */
static int
stream_key (Scan   *s,
            GArray *stack)
{
  Frame *root;

  if (s->stream == NULL || stack->len != 1)
    return 0;
  root = &g_array_index (stack, Frame, 0);
  if (bg_json_get (s->doc, root->index)->type != BG_JSON_OBJECT)
    return 0;
  for (int k = 0; s->stream->keys[k] != NULL; k++)
    if (strcmp (s->doc->pool->str + root->key, s->stream->keys[k]) == 0)
      return k + 1;
  return 0;
}

/* Hands the item just read to the stream, then drops it from the document:
 * the array keeps its count, not its children. */
static gboolean
deliver_item (Scan  *s,
              Frame *array)
{
  BgJsonDoc *doc = s->doc;
  guint position = bg_json_get (doc, array->index)->u.count - 1;

  if (!s->stream->item (doc, array->streamed - 1, s->item_value, position,
                        s->stream->user_data))
    {
      s->stopped = TRUE;
      return FALSE;
    }
  doc->n_values = s->item_value;
  g_string_truncate (doc->pool, s->item_pool);
  doc->values[array->index].u.first = 0;
  array->last = 0;
  return TRUE;
}

static gboolean
scan_value (Scan      *s,
            GArray    *stack,
            ScanState *state)
{
  char c = *s->p;
  guint32 index;
  Frame *item_of = streamed_parent (stack);

  if (item_of != NULL)
    {
      s->item_value = s->doc->n_values;
      s->item_pool = s->doc->pool->len;
    }

  if (s->n_values >= s->limits->max_values)
    return scan_error (s, s->line, BG_JSON_ERROR_TOO_LARGE,
                       _("more than %d values; the file is too large"),
                       (int) s->limits->max_values);

  if (c == '{' || c == '[')
    {
      Frame frame = { 0, 0, 0, NULL };

      if (stack->len >= s->limits->max_depth)
        return scan_error (s, s->line, BG_JSON_ERROR_TOO_LARGE,
                           _("nested deeper than %d levels"),
                           (int) s->limits->max_depth);
      if (c == '[')
        frame.streamed = stream_key (s, stack);
      frame.index = scan_add (s, stack, c == '{' ? BG_JSON_OBJECT : BG_JSON_ARRAY);
      *state = c == '{' ? WANT_KEY_OR_CLOSE : WANT_VALUE_OR_CLOSE;
      s->p++;
      g_array_append_val (stack, frame);
      if (frame.streamed
          && !s->stream->begin (s->doc, frame.streamed - 1, s->stream->user_data))
        {
          s->stopped = TRUE;
          return FALSE;
        }
      return TRUE;
    }

  if (c == '"')
    {
      guint32 offset = scan_string (s);

      if (offset == G_MAXUINT32)
        return FALSE;
      index = scan_add (s, stack, BG_JSON_STRING);
      s->doc->values[index].u.string = offset;
    }
  else if (c == '-' || g_ascii_isdigit (c))
    {
      double number = 0;

      if (!scan_number (s, &number))
        return FALSE;
      index = scan_add (s, stack, BG_JSON_NUMBER);
      s->doc->values[index].u.number = number;
    }
  else if (c == 't' || c == 'f' || c == 'n')
    {
      BgJsonType type = BG_JSON_NULL;

      if (!scan_literal (s, &type))
        return FALSE;
      scan_add (s, stack, type);
    }
  else
    return scan_unexpected (s);

  *state = WANT_COMMA_OR_CLOSE;
  return item_of == NULL || deliver_item (s, item_of);
}

/* Has the object on top of the stack a member called name already? */
static gboolean
scan_has_member (Scan       *s,
                 Frame      *top,
                 const char *name)
{
  const BgJsonDoc *doc = s->doc;
  guint32 count = bg_json_get (doc, top->index)->u.count;

  if (top->names != NULL)
    return g_hash_table_contains (top->names, name);

  if (count < SMALL_OBJECT)
    {
      for (guint32 c = bg_json_get_first (doc, top->index); c != 0;
           c = bg_json_get_next (doc, c))
        if (strcmp (bg_json_get_key (doc, c), name) == 0)
          return TRUE;
      return FALSE;
    }

  /* A large object: switch to a hash set of its names. */
  top->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint32 c = bg_json_get_first (doc, top->index); c != 0;
       c = bg_json_get_next (doc, c))
    g_hash_table_add (top->names, g_strdup (bg_json_get_key (doc, c)));
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
      g_autofree char *shown = bg_json_excerpt (name);

      return scan_error (s, line, BG_JSON_ERROR_SYNTAX, _("duplicate key \"%s\""), shown);
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
  char closer = bg_json_get (s->doc, top->index)->type == BG_JSON_OBJECT ? '}' : ']';

  if (c != closer)
    return scan_unexpected (s);
  s->p++;
  g_array_set_size (stack, stack->len - 1);
  top = streamed_parent (stack);
  return top == NULL || deliver_item (s, top);
}

static void
frame_clear (gpointer data)
{
  Frame *frame = data;

  g_clear_pointer (&frame->names, g_hash_table_unref);
}

/* Parses strict JSON (RFC 8259) from valid UTF-8 without recursion. */
static BgJsonDoc *
parse_json (const char         *data,
            gsize               length,
            const BgJsonLimits *limits,
            const BgJsonStream *stream,
            GError            **error)
{
  g_autoptr(BgJsonDoc) doc = g_new0 (BgJsonDoc, 1);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Scan s = { data, data + length, 1, NULL, limits, error, 0, stream, FALSE, 0, 0 };
  ScanState state = WANT_VALUE;

  /* Room for more values and strings than a model has (one value per 5 to
   * 10 bytes, strings about half the text), so that the arrays never move
   * while they fill: pages reserved but never written cost nothing, a
   * move copies everything written so far. A streamed document holds
   * little beyond one item at a time. */
  doc->n_alloc = stream != NULL ? 1024 : MIN (length / 4 + 16, limits->max_values + (gsize) 1);
  doc->values = g_new (BgJsonValue, doc->n_alloc);
  doc->pool = g_string_sized_new (stream != NULL ? 16384 : length / 2 + 16);
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
      if (doc->n_values > 0 && stack->len == 0)
        {
          if (s.p < s.end)
            return scan_unexpected (&s), NULL;  /* something after the end */
          return g_steal_pointer (&doc);
        }
      if (s.p >= s.end)
        {
          if (length == 0)
            scan_error (&s, 1, BG_JSON_ERROR_SYNTAX, _("the file is empty"));
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
              state = bg_json_get (doc, top->index)->type == BG_JSON_OBJECT
                      ? WANT_KEY : WANT_VALUE;
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

/* Whether every byte is ASCII other than NUL (then the text is valid
 * UTF-8 without a look at each character), eight at a time. */
static gboolean
is_plain_ascii (const char *data,
                gsize       length)
{
  const guint64 high = G_GUINT64_CONSTANT (0x8080808080808080);
  const guint64 ones = G_GUINT64_CONSTANT (0x0101010101010101);
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      /* A byte with its high bit set, or a zero byte ((w - ones) & ~w sets
       * the high bit of a zero byte, and of no other byte below 0x80). */
      if ((w & high) != 0 || ((w - ones) & ~w & high) != 0)
        return FALSE;
    }
  for (; i < length; i++)
    if ((guchar) data[i] >= 0x80 || data[i] == '\0')
      return FALSE;
  return TRUE;
}

static BgJsonDoc *
parse (const char         *data,
       gsize               length,
       const BgJsonLimits *limits,
       const BgJsonStream *stream,
       GError            **error)
{
  const char *bad;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (limits != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > MIN (limits->max_bytes, BG_JSON_MAX_INPUT))
    {
      g_set_error (error, BG_JSON_ERROR, BG_JSON_ERROR_TOO_LARGE,
                   _("the file is larger than %d MiB"),
                   (int) (MIN (limits->max_bytes, BG_JSON_MAX_INPUT) / (1024 * 1024)));
      return NULL;
    }
  if (!is_plain_ascii (data, length) && !g_utf8_validate_len (data, length, &bad))
    {
      g_set_error (error, BG_JSON_ERROR, BG_JSON_ERROR_SYNTAX, _("line %d: %s"),
                   line_of_offset (data, bad - data),
                   *bad == '\0' ? _("NUL byte in the file") : _("invalid UTF-8"));
      return NULL;
    }
  return parse_json (data, length, limits, stream, error);
}

BgJsonDoc *
bg_json_parse (const char         *data,
               gsize               length,
               const BgJsonLimits *limits,
               GError            **error)
{
  return parse (data, length, limits, NULL, error);
}

BgJsonDoc *
bg_json_parse_streamed (const char         *data,
                        gsize               length,
                        const BgJsonLimits *limits,
                        const BgJsonStream *stream,
                        GError            **error)
{
  g_return_val_if_fail (stream != NULL && stream->keys != NULL, NULL);
  g_return_val_if_fail (stream->begin != NULL && stream->item != NULL, NULL);

  return parse (data, length, limits, stream, error);
}

