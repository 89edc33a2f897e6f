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
 * silently wraps big integers and accepts comments and leading zeros. The
 * reader below builds json-glib nodes itself, so the rest of the code works
 * with the usual JsonObject/JsonArray types.
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
#include <json-glib/json-glib.h>

#include "bg-file.h"

#define BG_FILE_FORMAT_ID      "bgmod"
#define BG_FILE_FORMAT_VERSION 1
/* Bounds the memory a hostile file can make us allocate: a model at the
 * element limit with all its bonds and parameters needs about 3 million. */
#define BG_FILE_MAX_VALUES     5000000
#define BG_FILE_MAX_BONDS      (2 * BG_MODEL_MAX_ELEMENTS)
/* Output rows a file may ask for (t_end / output_step). */
#define BG_FILE_MAX_ROWS       1e7

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

/* Re-raises a model or library refusal as an INVALID file error at path. */
static void
set_error_from (GError    **error,
                const char *path,
                GError     *cause)
{
  set_error (error, BG_FILE_ERROR_INVALID, path, "%s", cause->message);
}

/* ------------------------------------------------------------------------
 * The JSON reader
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *p;
  const char *end;
  int         line;
  guint       n_values;
  GError    **error;
} Scan;

typedef struct
{
  JsonNode *node;  /* borrowed: owned by its parent or by the root */
  char     *key;   /* member name waiting for its value (objects only) */
} Frame;

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

/* s->p is at the opening quote. Returns the decoded UTF-8 string. */
static char *
scan_string (Scan *s)
{
  g_autoptr(GString) str = g_string_new (NULL);
  int line = s->line;

  s->p++;
  for (;;)
    {
      const char *run = s->p;
      guchar c;

      while (s->p < s->end && (guchar) *s->p >= 0x20
             && *s->p != '"' && *s->p != '\\')
        s->p++;
      g_string_append_len (str, run, s->p - run);

      if (s->p >= s->end || *s->p == '\n')
        {
          scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("unterminated string"));
          return NULL;
        }

      c = (guchar) *s->p;
      if (c == '"')
        {
          s->p++;
          return g_string_free (g_steal_pointer (&str), FALSE);
        }
      if (c < 0x20)
        {
          scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                      _("control character in a string"));
          return NULL;
        }

      /* A backslash escape. */
      s->p++;
      if (s->p >= s->end)
        {
          scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("unterminated string"));
          return NULL;
        }
      c = (guchar) *s->p++;
      switch (c)
        {
        case '"': g_string_append_c (str, '"'); break;
        case '\\': g_string_append_c (str, '\\'); break;
        case '/': g_string_append_c (str, '/'); break;
        case 'b': g_string_append_c (str, '\b'); break;
        case 'f': g_string_append_c (str, '\f'); break;
        case 'n': g_string_append_c (str, '\n'); break;
        case 'r': g_string_append_c (str, '\r'); break;
        case 't': g_string_append_c (str, '\t'); break;
        case 'u':
          {
            gboolean ok;
            gunichar ch = scan_unicode_escape (s, &ok);

            if (!ok)
              return NULL;
            g_string_append_unichar (str, ch);
          }
          break;
        default:
          if (c >= 0x21 && c < 0x7F)
            scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                        _("invalid escape '\\%c' in a string"), c);
          else
            scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                        _("invalid escape in a string"));
          return NULL;
        }
    }
}

/* s->p is at '-' or a digit. Strict JSON number grammar, exact conversion. */
static gboolean
scan_number (Scan   *s,
             double *out)
{
  const char *q = s->p;
  g_autofree char *text = NULL;

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

  text = g_strndup (s->p, q - s->p);
  *out = g_ascii_strtod (text, NULL);
  if (!isfinite (*out))
    return scan_error (s, s->line, BG_FILE_ERROR_SYNTAX,
                       _("number %s is out of range"), text);
  s->p = q;
  return TRUE;
}

/* Reads true, false or null at s->p. */
static JsonNode *
scan_literal (Scan *s)
{
  static const char *const words[] = { "true", "false", "null" };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      gsize len = strlen (words[i]);

      if ((gsize) (s->end - s->p) >= len && memcmp (s->p, words[i], len) == 0
          && (s->p + len == s->end || !is_word_char (s->p[len])))
        {
          s->p += len;
          if (i == 2)
            return json_node_init_null (json_node_alloc ());
          return json_node_init_boolean (json_node_alloc (), i == 0);
        }
    }
  scan_unexpected (s);
  return NULL;
}

/* Hands a finished node to the container on top of the stack (or makes it
 * the root). Takes ownership of node. */
static void
scan_attach (GArray    *stack,
             JsonNode **root,
             JsonNode  *node)
{
  Frame *top;

  if (stack->len == 0)
    {
      *root = node;
      return;
    }
  top = &g_array_index (stack, Frame, stack->len - 1);
  if (JSON_NODE_HOLDS_OBJECT (top->node))
    {
      json_object_set_member (json_node_get_object (top->node), top->key, node);
      g_clear_pointer (&top->key, g_free);
    }
  else
    json_array_add_element (json_node_get_array (top->node), node);
}

static gboolean
scan_value (Scan      *s,
            GArray    *stack,
            JsonNode **root,
            ScanState *state)
{
  char c = *s->p;
  JsonNode *node;

  if (++s->n_values > BG_FILE_MAX_VALUES)
    return scan_error (s, s->line, BG_FILE_ERROR_TOO_LARGE,
                       _("more than %d values; the file is too large"),
                       BG_FILE_MAX_VALUES);

  if (c == '{' || c == '[')
    {
      Frame frame = { NULL, NULL };

      if (stack->len >= BG_FILE_MAX_DEPTH)
        return scan_error (s, s->line, BG_FILE_ERROR_TOO_LARGE,
                           _("nested deeper than %d levels"), BG_FILE_MAX_DEPTH);
      if (c == '{')
        {
          node = json_node_new (JSON_NODE_OBJECT);
          json_node_take_object (node, json_object_new ());
          *state = WANT_KEY_OR_CLOSE;
        }
      else
        {
          node = json_node_new (JSON_NODE_ARRAY);
          json_node_take_array (node, json_array_new ());
          *state = WANT_VALUE_OR_CLOSE;
        }
      s->p++;
      scan_attach (stack, root, node);
      frame.node = node;
      g_array_append_val (stack, frame);
      return TRUE;
    }

  if (c == '"')
    {
      char *text = scan_string (s);

      if (text == NULL)
        return FALSE;
      node = json_node_init_string (json_node_alloc (), text);
      g_free (text);
    }
  else if (c == '-' || g_ascii_isdigit (c))
    {
      double number = 0;

      if (!scan_number (s, &number))
        return FALSE;
      node = json_node_init_double (json_node_alloc (), number);
    }
  else if (c == 't' || c == 'f' || c == 'n')
    {
      node = scan_literal (s);
      if (node == NULL)
        return FALSE;
    }
  else
    return scan_unexpected (s);

  scan_attach (stack, root, node);
  *state = WANT_COMMA_OR_CLOSE;
  return TRUE;
}

static gboolean
scan_key (Scan  *s,
          Frame *top)
{
  int line = s->line;
  char *key;

  if (*s->p != '"')
    return scan_unexpected (s);
  key = scan_string (s);
  if (key == NULL)
    return FALSE;
  if (json_object_has_member (json_node_get_object (top->node), key))
    {
      scan_error (s, line, BG_FILE_ERROR_SYNTAX, _("duplicate key \"%s\""), key);
      g_free (key);
      return FALSE;
    }
  top->key = key;
  return TRUE;
}

/* Closes the container on top of the stack if c matches it. */
static gboolean
scan_close (Scan   *s,
            GArray *stack,
            char    c)
{
  Frame *top = &g_array_index (stack, Frame, stack->len - 1);
  char closer = JSON_NODE_HOLDS_OBJECT (top->node) ? '}' : ']';

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

  g_clear_pointer (&frame->key, g_free);
}

/* Parses strict JSON (RFC 8259) from valid UTF-8 without recursion. */
static JsonNode *
parse_json (const char *data,
            gsize       length,
            GError    **error)
{
  Scan s = { data, data + length, 1, 0, error };
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  JsonNode *root = NULL;
  ScanState state = WANT_VALUE;

  g_array_set_clear_func (stack, frame_clear);

  /* Tolerate a UTF-8 byte order mark. */
  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    s.p += 3;

  for (;;)
    {
      Frame *top;
      gboolean ok = TRUE;

      scan_skip_space (&s);
      if (root != NULL && stack->len == 0)
        {
          if (s.p < s.end)
            break;
          return root;
        }
      if (s.p >= s.end)
        {
          if (root == NULL && s.line == 1 && length == 0)
            scan_error (&s, 1, BG_FILE_ERROR_SYNTAX, _("the file is empty"));
          else
            scan_unexpected (&s);
          goto fail;
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
          ok = scan_value (&s, stack, &root, &state);
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
              state = JSON_NODE_HOLDS_OBJECT (top->node) ? WANT_KEY : WANT_VALUE;
            }
          else
            ok = scan_close (&s, stack, *s.p);
          break;
        default:
          g_assert_not_reached ();
        }
      if (!ok)
        goto fail;
    }

  /* Something after the end of the document. */
  scan_unexpected (&s);

fail:
  g_clear_pointer (&root, json_node_unref);
  return NULL;
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

/* ------------------------------------------------------------------------
 * Typed access to members
 * ------------------------------------------------------------------------ */

static gboolean
node_is_number (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_DOUBLE;
}

static gboolean
node_is_string (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node)
         && json_node_get_value_type (node) == G_TYPE_STRING;
}

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
get_number (JsonObject *obj,
            const char *path,
            const char *key,
            double     *out,
            gboolean   *present,
            GError    **error)
{
  JsonNode *node = json_object_get_member (obj, key);

  *present = node != NULL;
  if (node == NULL)
    return TRUE;
  if (!node_is_number (node))
    {
      g_autofree char *where = member_path (path, key);

      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
      return FALSE;
    }
  *out = json_node_get_double (node);
  return TRUE;
}

/* Reads a string member; *out is NULL when absent. */
static gboolean
get_string (JsonObject  *obj,
            const char  *path,
            const char  *key,
            gboolean     required,
            const char **out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (obj, key);
  g_autofree char *where = NULL;

  *out = NULL;
  if (node == NULL && !required)
    return TRUE;
  where = member_path (path, key);
  if (node == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("missing"));
      return FALSE;
    }
  if (!node_is_string (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a string"));
      return FALSE;
    }
  *out = json_node_get_string (node);
  return TRUE;
}

static gboolean
check_known_keys (JsonObject        *obj,
                  const char        *path,
                  const char *const *known,
                  GError           **error)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;

  json_object_iter_init_ordered (&iter, obj);
  while (json_object_iter_next_ordered (&iter, &name, &node))
    {
      if (!g_strv_contains (known, name))
        {
          g_autofree char *where = member_path (path, name);

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
  BgModel    *model;
  GHashTable *elements;  /* id (borrowed from the tree) → BgElement* */
  GHashTable *bond_ids;  /* id (borrowed from the tree) */
} Loader;

static gboolean
check_id (Loader     *loader,
          const char *path,
          const char *id,
          GError    **error)
{
  g_autofree char *where = member_path (path, "id");

  if (strlen (id) > BG_ID_MAX_LENGTH)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("longer than %d characters"), BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (!bg_id_is_valid (id))
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("\"%s\" is not a valid id (use letters, digits and _, "
                   "not starting with a digit)"), id);
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

/* Reads one parameter value from node into value (initialised here). */
static gboolean
read_param_value (const BgParamSpec *pspec,
                  JsonNode          *node,
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
      if (!node_is_number (node))
        {
          set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
          return FALSE;
        }
      value->number = json_node_get_double (node);
      break;

    case BG_PARAM_CHOICE:
      if (!node_is_string (node)
          || !g_strv_contains (pspec->choices, json_node_get_string (node)))
        {
          g_autofree char *list = join_choices (pspec->choices);

          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be one of: %s"), list);
          return FALSE;
        }
      value->choice = g_strdup (json_node_get_string (node));
      break;

    case BG_PARAM_TABLE:
      {
        JsonArray *rows;
        guint n_rows;

        if (!JSON_NODE_HOLDS_ARRAY (node))
          {
            set_error (error, BG_FILE_ERROR_INVALID, where,
                       _("must be an array of pairs of numbers"));
            return FALSE;
          }
        rows = json_node_get_array (node);
        n_rows = json_array_get_length (rows);
        value->table = g_array_sized_new (FALSE, FALSE, sizeof (double), 2 * n_rows);
        for (guint r = 0; r < n_rows; r++)
          {
            JsonNode *row = json_array_get_element (rows, r);
            JsonArray *pair;

            if (!JSON_NODE_HOLDS_ARRAY (row)
                || json_array_get_length (json_node_get_array (row)) != 2)
              {
                g_autofree char *row_where = g_strdup_printf ("%s[%u]", where, r);

                set_error (error, BG_FILE_ERROR_INVALID, row_where,
                           _("must be a pair of numbers"));
                bg_param_value_clear (value);
                return FALSE;
              }
            pair = json_node_get_array (row);
            for (guint k = 0; k < 2; k++)
              {
                JsonNode *cell = json_array_get_element (pair, k);
                double number;

                if (!node_is_number (cell))
                  {
                    g_autofree char *cell_where =
                      g_strdup_printf ("%s[%u][%u]", where, r, k);

                    set_error (error, BG_FILE_ERROR_INVALID, cell_where,
                               _("must be a number"));
                    bg_param_value_clear (value);
                    return FALSE;
                  }
                number = json_node_get_double (cell);
                g_array_append_val (value->table, number);
              }
          }
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

static gboolean
load_params (Loader     *loader,
             BgElement  *element,
             JsonNode   *params_node,
             const char *path,
             GError    **error)
{
  const BgComponentSpec *spec = element->spec;
  g_autofree char *params_path = g_strdup_printf ("%s.params", path);
  g_autofree gboolean *given = NULL;
  g_autoptr(GError) local_error = NULL;
  BgParamValue *values;
  JsonObject *params;
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;
  gboolean ok = FALSE;

  if (!JSON_NODE_HOLDS_OBJECT (params_node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, params_path, _("must be an object"));
      return FALSE;
    }
  params = json_node_get_object (params_node);

  values = g_new0 (BgParamValue, spec->n_params);
  given = g_new0 (gboolean, spec->n_params);
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&values[i], &spec->params[i]);

  json_object_iter_init_ordered (&iter, params);
  while (json_object_iter_next_ordered (&iter, &name, &node))
    {
      g_autofree char *where = member_path (params_path, name);
      guint index;
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, name, &index);
      BgParamValue value;

      if (pspec == NULL)
        {
          if (spec->n_params == 0)
            set_error (error, BG_FILE_ERROR_INVALID, where,
                       _("unknown parameter (%s has no parameters)"), spec->type);
          else
            {
              GString *names = g_string_new (NULL);

              for (guint i = 0; i < spec->n_params; i++)
                g_string_append_printf (names, "%s%s", i ? ", " : "",
                                        spec->params[i].name);
              set_error (error, BG_FILE_ERROR_INVALID, where,
                         _("unknown parameter (%s has: %s)"), spec->type, names->str);
              g_string_free (names, TRUE);
            }
          goto out;
        }
      if (!read_param_value (pspec, node, where, &value, error))
        goto out;
      bg_param_value_clear (&values[index]);
      values[index] = value;
      given[index] = TRUE;
    }

  if (spec->validate != NULL && !spec->validate (spec, values, &local_error))
    {
      set_error_from (error, params_path, local_error);
      goto out;
    }

  ok = apply_params (loader, element, values, given, path, error);

out:
  clear_values (values, spec->n_params);
  return ok;
}

static const char *const element_keys[] = {
  "id", "type", "domain", "x", "y", "rotation", "label", "params", NULL
};

/* Type and domain of an element object, checked. */
static gboolean
read_type_domain (JsonObject  *obj,
                  const char  *path,
                  const char **type_out,
                  BgDomain    *domain_out,
                  GError     **error)
{
  const char *type;
  const char *domain_id;
  g_autofree char *type_path = member_path (path, "type");
  g_autofree char *domain_path = member_path (path, "domain");

  if (!get_string (obj, path, "type", TRUE, &type, error))
    return FALSE;
  if (!bg_library_is_type (type))
    {
      set_error (error, BG_FILE_ERROR_INVALID, type_path, _("unknown type \"%s\""), type);
      return FALSE;
    }
  if (!get_string (obj, path, "domain", FALSE, &domain_id, error))
    return FALSE;

  *type_out = type;
  *domain_out = BG_DOMAIN_NONE;
  if (domain_id == NULL)
    {
      if (bg_library_type_is_advanced (type))
        return TRUE;
      set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                 _("missing (%s needs one of: electrical, hydraulic, "
                   "translational, rotational)"), type);
      return FALSE;
    }
  *domain_out = bg_domain_from_id (domain_id);
  if (*domain_out == BG_DOMAIN_NONE)
    {
      set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                 _("unknown domain \"%s\" (use electrical, hydraulic, "
                   "translational or rotational)"), domain_id);
      return FALSE;
    }
  if (bg_library_type_is_advanced (type))
    *domain_out = BG_DOMAIN_NONE;  /* advanced components know their own */
  return TRUE;
}

static gboolean
read_position (JsonObject *obj,
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
  if (!get_number (obj, path, "x", x, &present, error)
      || !get_number (obj, path, "y", y, &present, error)
      || !get_number (obj, path, "rotation", &number, &present, error))
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
load_element (Loader     *loader,
              JsonNode   *node,
              guint       index,
              GError    **error)
{
  g_autofree char *path = g_strdup_printf ("elements[%u]", index);
  g_autoptr(GError) local_error = NULL;
  JsonObject *obj;
  const char *id, *type, *label;
  BgDomain domain;
  BgElement *element;
  JsonNode *params;
  double x, y;
  int rotation;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }
  obj = json_node_get_object (node);

  if (!check_known_keys (obj, path, element_keys, error)
      || !get_string (obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !read_type_domain (obj, path, &type, &domain, error)
      || !read_position (obj, path, &x, &y, &rotation, error)
      || !get_string (obj, path, "label", FALSE, &label, error))
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

  params = json_object_get_member (obj, "params");
  if (params != NULL && !load_params (loader, element, params, path, error))
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
             const char *where,
             GError    **error)
{
  g_autofree char *element_id = NULL;
  const char *dot = strchr (ref, '.');
  const char *port = dot ? dot + 1 : NULL;
  BgElement *element;
  const BgComponentSpec *spec;

  element_id = dot ? g_strndup (ref, dot - ref) : g_strdup (ref);
  element = g_hash_table_lookup (loader->elements, element_id);
  if (element == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("no element \"%s\""), element_id);
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

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("%s has no port \"%s\" (ports: %s)"), element_id, port, ports);
      return NULL;
    }
  if (spec->n_ports == 1)
    return g_steal_pointer (&element_id);
  return g_strdup (ref);
}

static const char *const bond_keys[] = { "id", "from", "to", "arrow", NULL };

static gboolean
load_bond (Loader   *loader,
           JsonNode *node,
           guint     index,
           GError  **error)
{
  g_autofree char *path = g_strdup_printf ("bonds[%u]", index);
  g_autofree char *from_path = NULL, *to_path = NULL;
  g_autofree char *from = NULL, *to = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *id, *from_ref, *to_ref, *arrow;
  JsonObject *obj;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }
  obj = json_node_get_object (node);
  from_path = member_path (path, "from");
  to_path = member_path (path, "to");

  if (!check_known_keys (obj, path, bond_keys, error)
      || !get_string (obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !get_string (obj, path, "from", TRUE, &from_ref, error)
      || !get_string (obj, path, "to", TRUE, &to_ref, error)
      || !get_string (obj, path, "arrow", FALSE, &arrow, error))
    return FALSE;

  if (arrow != NULL && strcmp (arrow, "forward") != 0 && strcmp (arrow, "reversed") != 0)
    {
      g_autofree char *where = member_path (path, "arrow");

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("must be \"forward\" or \"reversed\""));
      return FALSE;
    }

  from = resolve_end (loader, from_ref, from_path, error);
  if (from == NULL)
    return FALSE;
  to = resolve_end (loader, to_ref, to_path, error);
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

/* Returns the array at key (required) after checking its length. */
static JsonArray *
get_array (JsonObject *root,
           const char *key,
           gboolean    required,
           guint       limit,
           GError    **error)
{
  JsonNode *node = json_object_get_member (root, key);
  JsonArray *array;

  if (node == NULL)
    {
      if (required)
        set_error (error, BG_FILE_ERROR_INVALID, key, _("missing"));
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, key, _("must be an array"));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) > limit)
    {
      set_error (error, BG_FILE_ERROR_TOO_LARGE, key,
                 _("%u entries; at most %u are allowed"),
                 json_array_get_length (array), limit);
      return NULL;
    }
  return array;
}

static gboolean
check_header (JsonObject *root,
              GError    **error)
{
  JsonNode *node;
  double version;

  node = json_object_get_member (root, "format");
  if (node == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("missing; this is not a BGMod model"));
      return FALSE;
    }
  if (!node_is_string (node)
      || strcmp (json_node_get_string (node), BG_FILE_FORMAT_ID) != 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("must be \"%s\"; this is not a BGMod model"), BG_FILE_FORMAT_ID);
      return FALSE;
    }

  node = json_object_get_member (root, "version");
  if (node == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "version", _("missing"));
      return FALSE;
    }
  version = node_is_number (node) ? json_node_get_double (node) : 0;
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
load_simulation (Loader     *loader,
                 JsonObject *root,
                 GError    **error)
{
  static const char *const path = "simulation";
  JsonNode *node = json_object_get_member (root, "simulation");
  g_autoptr(GError) local_error = NULL;
  BgSimSettings settings;
  JsonObject *obj;
  gboolean present;

  bg_sim_settings_init_default (&settings);
  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }
  obj = json_node_get_object (node);

  if (!get_number (obj, path, "t_end", &settings.t_end, &present, error))
    return FALSE;
  if (!(settings.t_end > 0))
    {
      set_error (error, BG_FILE_ERROR_INVALID, "simulation.t_end", _("must be > 0"));
      return FALSE;
    }
  if (!get_number (obj, path, "output_step", &settings.output_step, &present, error))
    return FALSE;
  if (settings.output_step < 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "simulation.output_step",
                 _("must be > 0, or 0 for t_end / 1000"));
      return FALSE;
    }
  if (settings.output_step > 0 && settings.t_end / settings.output_step > BG_FILE_MAX_ROWS)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "simulation.output_step",
                 _("too small: more than %.0f output rows up to t_end"), BG_FILE_MAX_ROWS);
      return FALSE;
    }
  if (!get_number (obj, path, "rtol", &settings.rtol, &present, error))
    return FALSE;
  if (!(settings.rtol > 0 && settings.rtol < 1))
    {
      set_error (error, BG_FILE_ERROR_INVALID, "simulation.rtol",
                 _("must be > 0 and < 1"));
      return FALSE;
    }
  if (!get_number (obj, path, "atol", &settings.atol, &present, error))
    return FALSE;
  if (settings.atol < 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "simulation.atol",
                 _("must be >= 0 (0 scales it per state)"));
      return FALSE;
    }

  if (!bg_model_set_simulation (loader->model, &settings, &local_error))
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  return TRUE;
}

static void append_node (GString  *out,
                         JsonNode *node,
                         int       indent);

static gboolean
load_view (Loader     *loader,
           JsonObject *root,
           GError    **error)
{
  JsonNode *node = json_object_get_member (root, "view");
  g_autoptr(GString) text = NULL;

  if (node == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      set_error (error, BG_FILE_ERROR_INVALID, "view", _("must be an object"));
      return FALSE;
    }
  text = g_string_new (NULL);
  append_node (text, node, -1);
  bg_model_set_view_json (loader->model, text->str);
  return TRUE;
}

static gboolean
load_document (Loader     *loader,
               JsonObject *root,
               GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  JsonArray *elements, *bonds = NULL;
  const char *name;

  if (!check_header (root, error))
    return FALSE;

  elements = get_array (root, "elements", TRUE, BG_MODEL_MAX_ELEMENTS, error);
  if (elements == NULL)
    return FALSE;
  if (json_object_has_member (root, "bonds"))
    {
      bonds = get_array (root, "bonds", FALSE, BG_FILE_MAX_BONDS, error);
      if (bonds == NULL)
        return FALSE;
    }

  if (!get_string (root, NULL, "name", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !bg_model_set_name (loader->model, name, &local_error))
    {
      set_error_from (error, "name", local_error);
      return FALSE;
    }

  for (guint i = 0; i < json_array_get_length (elements); i++)
    if (!load_element (loader, json_array_get_element (elements, i), i, error))
      return FALSE;

  if (bonds != NULL)
    for (guint i = 0; i < json_array_get_length (bonds); i++)
      if (!load_bond (loader, json_array_get_element (bonds, i), i, error))
        return FALSE;

  return load_simulation (loader, root, error) && load_view (loader, root, error);
}

/* Checks size and encoding, then parses; returns the root node. */
static JsonNode *
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

BgModel *
bg_file_load_from_data (const char *data,
                        gssize      length,
                        GError    **error)
{
  g_autoptr(JsonNode) root = NULL;
  Loader loader = { NULL, NULL, NULL };
  gboolean ok;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);

  root = read_json (data, length, error);
  if (root == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (root))
    {
      set_error (error, BG_FILE_ERROR_INVALID, NULL,
                 _("not a BGMod model: the top level must be a JSON object"));
      return NULL;
    }

  loader.model = bg_model_new ();
  loader.elements = g_hash_table_new (g_str_hash, g_str_equal);
  loader.bond_ids = g_hash_table_new (g_str_hash, g_str_equal);

  ok = load_document (&loader, json_node_get_object (root), error);

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

  /* Shortest mantissa that round-trips: "1.5e+06" has 2 significant digits. */
  for (int precision = 0; precision <= 17; precision++)
    {
      g_snprintf (format, sizeof format, "%%.%de", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  p = buf;
  if (*p == '-')
    {
      g_string_append_c (out, '-');
      p++;
    }
  for (; *p != 'e' && *p != '\0'; p++)
    if (g_ascii_isdigit (*p) && n_digits < sizeof digits - 1)
      digits[n_digits++] = *p;
  while (n_digits > 1 && digits[n_digits - 1] == '0')
    n_digits--;
  digits[n_digits] = '\0';
  exponent = *p == 'e' ? atoi (p + 1) : 0;
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

/* Writes any JSON node: compact on one line when indent < 0, else pretty
 * with two spaces per level starting at indent. */
static void
append_node (GString  *out,
             JsonNode *node,
             int       indent)
{
  int inner = indent < 0 ? -1 : indent + 2;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *name;
        JsonNode *member;
        gboolean first = TRUE;

        g_string_append_c (out, '{');
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &name, &member))
          {
            if (!first)
              g_string_append_c (out, ',');
            if (indent >= 0)
              append_indent (out, inner);
            else if (!first)
              g_string_append_c (out, ' ');
            first = FALSE;
            append_string (out, name);
            g_string_append (out, ": ");
            append_node (out, member, inner);
          }
        if (!first && indent >= 0)
          append_indent (out, indent);
        g_string_append_c (out, '}');
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        g_string_append_c (out, '[');
        for (guint i = 0; i < n; i++)
          {
            if (i > 0)
              g_string_append_c (out, ',');
            if (indent >= 0)
              append_indent (out, inner);
            else if (i > 0)
              g_string_append_c (out, ' ');
            append_node (out, json_array_get_element (array, i), inner);
          }
        if (n > 0 && indent >= 0)
          append_indent (out, indent);
        g_string_append_c (out, ']');
      }
      break;

    case JSON_NODE_NULL:
      g_string_append (out, "null");
      break;

    case JSON_NODE_VALUE:
    default:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          append_string (out, json_node_get_string (node));
        else if (type == G_TYPE_BOOLEAN)
          g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
        else if (type == G_TYPE_INT64)
          g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
        else
          append_number (out, json_node_get_double (node));
      }
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
  g_string_append (out, ", \"x\": ");
  append_number (out, element->x);
  g_string_append (out, ", \"y\": ");
  append_number (out, element->y);
  if (element->rotation != 0)
    g_string_append_printf (out, ", \"rotation\": %d", element->rotation);
  if (spec->n_params > 0)
    {
      g_string_append (out, ", \"params\": {");
      for (guint i = 0; i < spec->n_params; i++)
        {
          if (i > 0)
            g_string_append (out, ", ");
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
  g_autoptr(JsonNode) view = NULL;

  if (view_json == NULL)
    return;
  view = read_json (view_json, strlen (view_json), &local_error);
  if (view == NULL || !JSON_NODE_HOLDS_OBJECT (view))
    {
      /* Editor data only; a model without it is still complete. */
      g_debug ("Not saving the view section: %s",
               local_error ? local_error->message : "not an object");
      return;
    }
  g_string_append (out, ",\n  \"view\": ");
  append_node (out, view, 2);
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
