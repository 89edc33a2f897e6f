/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json-stream.c — the reader's streamed form and its numbers
 * (core/bg-json.c).
 *
 * Owns: bg_json_parse_streamed (which arrays stream, the items and their
 * positions as they arrive, the document left without them, a callback
 * that stops the parse, the limits and syntax errors counted over streamed
 * items exactly as over a whole document) and the reader's conversion of
 * decimals (short ones take a fast path: the very double g_ascii_strtod
 * gives, checked over many numbers) and the end of a string's plain runs
 * (found eight bytes at a time). Must not: depend on the .bgmod schema
 * (test-file-stream.c holds the model loads to each other).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "bg-json.h"

static const BgJsonLimits limits = { 1 << 20, 1000, 8 };
static const char *const keys[] = { "items", "more", NULL };

typedef struct
{
  GString *seen;      /* "key:position=value;" for each item */
  guint    begun;     /* begin calls */
  int      stop_at;   /* stop at this item (-1: never) */
  guint    n_items;
} Seen;

static gboolean
on_begin (const BgJsonDoc *doc,
          guint            key,
          gpointer         user_data)
{
  Seen *seen = user_data;

  seen->begun++;
  g_string_append_printf (seen->seen, "[%s;", keys[key]);
  return TRUE;
}

static gboolean
on_item (const BgJsonDoc *doc,
         guint            key,
         guint32          value,
         guint            position,
         gpointer         user_data)
{
  Seen *seen = user_data;
  const BgJsonValue *v = bg_json_get (doc, value);
  GString *text = g_string_new (NULL);

  if ((int) seen->n_items++ == seen->stop_at)
    {
      g_string_free (text, TRUE);
      return FALSE;
    }
  bg_json_append_value (text, doc, value, -1);
  g_string_append_printf (seen->seen, "%s:%u=%s;", keys[key], position, text->str);
  g_string_free (text, TRUE);
  /* The item is whole while it is handed over. */
  if (v->type == BG_JSON_OBJECT)
    g_assert_cmpuint (v->u.count, >, 0);
  return TRUE;
}

static BgJsonDoc *
parse_streamed (const char *text,
                Seen       *seen,
                GError    **error)
{
  BgJsonStream stream = { keys, on_begin, on_item, seen };

  return bg_json_parse_streamed (text, strlen (text), &limits, &stream, error);
}

static void
test_items_arrive (void)
{
  Seen seen = { g_string_new (NULL), 0, -1, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc =
    parse_streamed ("{\"a\": 1, \"items\": [{\"id\": \"x\", \"v\": [1, 2]}, 3, \"s\", []],"
                    " \"nested\": {\"items\": [7]}, \"more\": [], \"z\": [5]}", &seen, &error);
  guint32 items, nested, z;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_cmpstr (seen.seen->str, ==,
                   "[items;items:0={\"id\": \"x\", \"v\": [1, 2]};items:1=3;items:2=\"s\";"
                   "items:3=[];[more;");
  g_assert_cmpuint (seen.begun, ==, 2);

  /* The streamed array keeps its count, not its items; the rest is whole. */
  items = bg_json_get_member (doc, BG_JSON_ROOT, "items");
  g_assert_cmpuint (bg_json_get (doc, items)->type, ==, BG_JSON_ARRAY);
  g_assert_cmpuint (bg_json_get (doc, items)->u.count, ==, 4);
  g_assert_cmpuint (bg_json_get_first (doc, items), ==, 0);
  nested = bg_json_get_member (doc, BG_JSON_ROOT, "nested");
  nested = bg_json_get_member (doc, nested, "items");
  g_assert_cmpuint (bg_json_get (doc, nested)->u.count, ==, 1);
  g_assert_cmpfloat (bg_json_get (doc, bg_json_get_first (doc, nested))->u.number, ==, 7);
  z = bg_json_get_member (doc, BG_JSON_ROOT, "z");
  g_assert_cmpuint (bg_json_get (doc, z)->u.count, ==, 1);
  g_assert_cmpfloat (bg_json_get (doc, bg_json_get_member (doc, BG_JSON_ROOT, "a"))->u.number, ==, 1);
  g_string_free (seen.seen, TRUE);
}

/* A key whose value is not an array, and a root that is not an object,
 * stream nothing. */
static void
test_not_streamed (void)
{
  Seen seen = { g_string_new (NULL), 0, -1, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = parse_streamed ("{\"items\": {\"k\": [1]}}", &seen, &error);
  g_autoptr(BgJsonDoc) array = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_cmpstr (seen.seen->str, ==, "");
  array = parse_streamed ("[{\"items\": [1]}]", &seen, &error);
  g_assert_no_error (error);
  g_assert_nonnull (array);
  g_assert_cmpstr (seen.seen->str, ==, "");
  g_string_free (seen.seen, TRUE);
}

static void
test_stop (void)
{
  Seen seen = { g_string_new (NULL), 0, 1, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = parse_streamed ("{\"items\": [1, 2, 3]}", &seen, &error);

  g_assert_null (doc);
  g_assert_no_error (error);
  g_assert_cmpstr (seen.seen->str, ==, "[items;items:0=1;");
  g_string_free (seen.seen, TRUE);
}

/* The same messages as bg_json_parse: a syntax error after the items, the
 * value limit counted over items already dropped, the depth inside one. */
static void
test_same_refusals (void)
{
  static const char *const texts[] = {
    "{\"items\": [1, 2], \"x\": }",
    "{\"items\": [{\"a\": 1, \"a\": 2}]}",
    "{\"items\": [[[[[[[[[1]]]]]]]]]}",
    "{\"items\": [1] \"more\": []}",
  };
  GString *many = g_string_new ("{\"items\": [");

  for (guint i = 0; i < 1200; i++)
    g_string_append (many, i > 0 ? ", 1" : "1");
  g_string_append (many, "]}");

  for (guint i = 0; i <= G_N_ELEMENTS (texts); i++)
    {
      const char *text = i < G_N_ELEMENTS (texts) ? texts[i] : many->str;
      Seen seen = { g_string_new (NULL), 0, -1, 0 };
      g_autoptr(GError) whole_error = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(BgJsonDoc) whole = bg_json_parse (text, strlen (text), &limits, &whole_error);
      g_autoptr(BgJsonDoc) doc = parse_streamed (text, &seen, &error);

      g_assert_null (whole);
      g_assert_null (doc);
      g_assert_nonnull (error);
      g_assert_cmpint (error->code, ==, whole_error->code);
      g_assert_cmpstr (error->message, ==, whole_error->message);
      g_string_free (seen.seen, TRUE);
    }
  g_string_free (many, TRUE);
}

/* Short decimals are converted without strtod: the same double. */
static void
test_numbers_exact (void)
{
  static const char *const fixed[] = {
    "0", "-0", "0.0", "-0.0", "1", "0.1", "0.01", "0.5", "1e-2", "100", "123456789012345",
    "1234567890123456", "0.000000000000001", "-99999.999999999", "9007199254740993",
    "0.3", "2.675", "1.005", "4.35", "0.1e1", "1E+2", "5e-324", "1.7976931348623157e308",
  };
  GRand *rand = g_rand_new_with_seed (29);
  char text[64];

  for (guint i = 0; i < G_N_ELEMENTS (fixed) + 200000; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BgJsonDoc) doc = NULL;
      double expected, got;

      if (i < G_N_ELEMENTS (fixed))
        g_strlcpy (text, fixed[i], sizeof text);
      else
        {
          /* Up to 17 digits, "0." or a whole part without a leading
           * zero, a sign now and then. */
          guint whole = g_rand_int_range (rand, 0, 10), fraction = g_rand_int_range (rand, 0, 18 - MAX (whole, 1));
          guint k = 0;

          if (g_rand_int_range (rand, 0, 4) == 0)
            text[k++] = '-';
          if (whole == 0)
            text[k++] = '0';
          for (guint d = 0; d < whole; d++)
            text[k++] = (char) ('0' + g_rand_int_range (rand, d == 0 ? 1 : 0, 10));
          if (fraction > 0)
            text[k++] = '.';
          for (guint d = 0; d < fraction; d++)
            text[k++] = (char) ('0' + g_rand_int_range (rand, 0, 10));
          text[k] = '\0';
        }
      doc = bg_json_parse (text, strlen (text), &limits, &error);
      g_assert_no_error (error);
      expected = g_ascii_strtod (text, NULL);
      got = bg_json_get (doc, BG_JSON_ROOT)->u.number;
      if (memcmp (&expected, &got, sizeof got) != 0)
        g_error ("%s reads as %.17g, strtod gives %.17g", text, got, expected);
    }
  g_rand_free (rand);
}

/* A string's plain runs are found eight bytes at a time: a quote, a
 * backslash or a control character at any place of a run ends it there. */
static void
test_string_runs (void)
{
  for (guint at = 0; at < 24; at++)
    for (guint len = at + 1; len < 26; len++)
      {
        g_autoptr(GString) ok = g_string_new ("\"");
        g_autoptr(GString) bad = g_string_new ("\"");
        g_autoptr(GString) want = g_string_new (NULL);
        g_autoptr(GError) error = NULL;
        g_autoptr(BgJsonDoc) doc = NULL;
        g_autoptr(BgJsonDoc) refused = NULL;

        for (guint i = 0; i < len; i++)
          {
            char c = (char) ('a' + i % 26);

            if (i == at)
              {
                /* an escaped quote and backslash, a UTF-8 letter */
                g_string_append (ok, "\\\"\\\\\xc3\xa9");
                g_string_append (want, "\"\\\xc3\xa9");
                g_string_append_c (bad, '\x1f');
              }
            g_string_append_c (ok, c);
            g_string_append_c (want, c);
            g_string_append_c (bad, c);
          }
        g_string_append_c (ok, '"');
        g_string_append_c (bad, '"');
        doc = bg_json_parse (ok->str, ok->len, &limits, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (bg_json_get_string (doc, BG_JSON_ROOT), ==, want->str);
        refused = bg_json_parse (bad->str, bad->len, &limits, &error);
        g_assert_null (refused);
        g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_SYNTAX);
        g_assert_cmpstr (error->message, ==, "line 1: control character in a string");
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/json/stream/items-arrive", test_items_arrive);
  g_test_add_func ("/core/json/stream/not-streamed", test_not_streamed);
  g_test_add_func ("/core/json/stream/stop", test_stop);
  g_test_add_func ("/core/json/stream/same-refusals", test_same_refusals);
  g_test_add_func ("/core/json/numbers-exact", test_numbers_exact);
  g_test_add_func ("/core/json/string-runs", test_string_runs);

  return g_test_run ();
}
