/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-json.c — tests for the strict JSON reader and writer (core/bg-json.c).
 *
 * Owns: the document the reader builds, the exact message of each input
 * RFC 8259 refuses (and json-glib 1.6 accepts or mangles), the limits,
 * nesting far deeper than a recursive parser survives, big integers, and
 * the writer's numbers (shortest form, exact round trip), strings and
 * values. Must not: depend on the .bgmod schema (test-file.c tests that).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "bg-json.h"

static const BgJsonLimits small_limits = { 1 << 20, 1000, 8 };

static BgJsonDoc *
parse (const char *text,
       GError    **error)
{
  return bg_json_parse (text, strlen (text), &small_limits, error);
}

/* ------------------------------------------------------------------------
 * The document
 * ------------------------------------------------------------------------ */

static void
test_document (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = parse ("\xEF\xBB\xBF{\"n\": -2.5e3, \"s\": \"a\\u00e9\\n\\ud83d\\ude00\", "
                                    "\"t\": true, \"f\": false, \"z\": null, "
                                    "\"a\": [1, [], {}], \"o\": {\"k\": \"v\"}}",
                                    &error);
  guint32 a, o, c;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  g_assert_cmpuint (bg_json_get (doc, BG_JSON_ROOT)->type, ==, BG_JSON_OBJECT);
  g_assert_cmpuint (bg_json_get (doc, BG_JSON_ROOT)->u.count, ==, 7);

  c = bg_json_get_member (doc, BG_JSON_ROOT, "n");
  g_assert_cmpuint (bg_json_get (doc, c)->type, ==, BG_JSON_NUMBER);
  g_assert_cmpfloat (bg_json_get (doc, c)->u.number, ==, -2500.0);
  c = bg_json_get_member (doc, BG_JSON_ROOT, "s");
  g_assert_cmpstr (bg_json_get_string (doc, c), ==, "a\xc3\xa9\n\xf0\x9f\x98\x80");
  g_assert_cmpstr (bg_json_get_key (doc, c), ==, "s");
  g_assert_cmpuint (bg_json_get (doc, bg_json_get_member (doc, BG_JSON_ROOT, "t"))->type, ==, BG_JSON_TRUE);
  g_assert_cmpuint (bg_json_get (doc, bg_json_get_member (doc, BG_JSON_ROOT, "f"))->type, ==, BG_JSON_FALSE);
  g_assert_cmpuint (bg_json_get (doc, bg_json_get_member (doc, BG_JSON_ROOT, "z"))->type, ==, BG_JSON_NULL);
  g_assert_cmpuint (bg_json_get_member (doc, BG_JSON_ROOT, "missing"), ==, 0);

  a = bg_json_get_member (doc, BG_JSON_ROOT, "a");
  g_assert_cmpuint (bg_json_get (doc, a)->type, ==, BG_JSON_ARRAY);
  g_assert_cmpuint (bg_json_get (doc, a)->u.count, ==, 3);
  c = bg_json_get_first (doc, a);
  g_assert_cmpfloat (bg_json_get (doc, c)->u.number, ==, 1.0);
  c = bg_json_get_next (doc, c);
  g_assert_cmpuint (bg_json_get (doc, c)->type, ==, BG_JSON_ARRAY);
  g_assert_cmpuint (bg_json_get_first (doc, c), ==, 0);
  c = bg_json_get_next (doc, c);
  g_assert_cmpuint (bg_json_get (doc, c)->type, ==, BG_JSON_OBJECT);
  g_assert_cmpuint (bg_json_get_next (doc, c), ==, 0);

  o = bg_json_get_member (doc, BG_JSON_ROOT, "o");
  g_assert_cmpstr (bg_json_get_string (doc, bg_json_get_member (doc, o, "k")), ==, "v");
}

/* A large object switches to a hash set for its names: duplicates are
 * still found. */
static void
test_large_object (void)
{
  g_autoptr(GString) text = g_string_new ("{");
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = NULL;

  for (guint i = 0; i < 100; i++)
    g_string_append_printf (text, "%s\"k%u\": %u", i ? ", " : "", i, i);
  g_string_append (text, "}");
  doc = parse (text->str, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (bg_json_get (doc, bg_json_get_member (doc, BG_JSON_ROOT, "k77"))->u.number, ==, 77.0);
  g_clear_pointer (&doc, bg_json_doc_free);

  g_string_truncate (text, text->len - 1);
  g_string_append (text, ", \"k42\": 0}");
  doc = parse (text->str, &error);
  g_assert_null (doc);
  g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 1: duplicate key \"k42\"");
}

/* ------------------------------------------------------------------------
 * What the reader refuses
 * ------------------------------------------------------------------------ */

static const struct
{
  const char *text;
  const char *message;
} refused[] = {
  /* json-glib 1.6.6 accepts each of these four. */
  { "{/* c */ \"a\": 1}", "line 1: unexpected '/'" },
  { "[012]", "line 1: unexpected '1'" },
  { "[-007]", "line 1: unexpected '0'" },
  { "{\"a\": 1, \"a\": 2}", "line 1: duplicate key \"a\"" },
  { "['a']", "line 1: unexpected '''" },
  { "[1] // c", "line 1: unexpected '/'" },
  { "[1, 2,]", "line 1: unexpected ']'" },
  { "[NaN]", "line 1: unexpected 'NaN'" },
  { "[truex]", "line 1: unexpected 'truex'" },
  { "[1e400]", "line 1: number 1e400 is out of range" },
  { "[-]", "line 1: invalid number" },
  { "[1.]", "line 1: invalid number" },
  { "[1e]", "line 1: invalid number" },
  { "[\"abc", "line 1: unterminated string" },
  { "[\"a\\x\"]", "line 1: invalid escape '\\x' in a string" },
  { "[\"a\tb\"]", "line 1: control character in a string" },
  { "[\"\\ud800\"]", "line 1: unpaired surrogate in a \\u escape" },
  { "[\"\\u0000\"]", "line 1: a string must not contain \\u0000" },
  { "", "line 1: the file is empty" },
  { "  \n\n", "line 3: unexpected end of file" },
  { "[1]\n]", "line 2: unexpected ']'" },
  { "{\"a\"\n: 1,\n\"b\" 2}", "line 3: unexpected '2'" },
  { "{\"a\": 1}{", "line 1: unexpected '{'" },
  { "[\"\xc3\x28\"]", "line 1: invalid UTF-8" },
};

static void
test_refused (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BgJsonDoc) doc = parse (refused[i].text, &error);
      g_autofree char *shown = g_strescape (refused[i].text, NULL);

      g_test_message ("input: %s", shown);
      g_assert_null (doc);
      g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, refused[i].message);
    }
}

static void
test_nul_byte (void)
{
  static const char text[] = "[1,\n\0 2]";
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = bg_json_parse (text, sizeof text - 1, &small_limits, &error);

  g_assert_null (doc);
  g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 2: NUL byte in the file");
}

/* Integers past 2^63 (which json-glib wraps: 2^63 to -2^63, 23 digits to
 * -1) read as the nearest double. */
static void
test_big_integers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = parse ("[9223372036854775808, 12345678901234567890123, "
                                    "-9223372036854775809]", &error);
  guint32 c;

  g_assert_no_error (error);
  c = bg_json_get_first (doc, BG_JSON_ROOT);
  g_assert_cmpfloat (bg_json_get (doc, c)->u.number, ==, 9223372036854775808.0);
  c = bg_json_get_next (doc, c);
  g_assert_cmpfloat (bg_json_get (doc, c)->u.number, ==, 12345678901234567890123.0);
  c = bg_json_get_next (doc, c);
  g_assert_cmpfloat (bg_json_get (doc, c)->u.number, ==, -9223372036854775809.0);
}

/* ------------------------------------------------------------------------
 * Limits
 * ------------------------------------------------------------------------ */

static char *
nested (guint depth)
{
  char *text = g_malloc (2 * depth + 1);

  memset (text, '[', depth);
  memset (text + depth, ']', depth);
  text[2 * depth] = '\0';
  return text;
}

static void
test_limits (void)
{
  g_autofree char *eight = nested (8);
  g_autofree char *nine = nested (9);
  g_autoptr(GString) many = g_string_new ("[0");
  static const BgJsonLimits tiny = { 4, 1000, 8 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = NULL;

  doc = parse (eight, &error);
  g_assert_no_error (error);
  g_clear_pointer (&doc, bg_json_doc_free);

  doc = parse (nine, &error);
  g_assert_null (doc);
  g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 1: nested deeper than 8 levels");
  g_clear_error (&error);

  /* The array and 999 numbers are 1000 values; one more is too many. */
  for (guint i = 1; i < 999; i++)
    g_string_append (many, ",0");
  g_string_append (many, "]");
  doc = parse (many->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_json_get (doc, BG_JSON_ROOT)->u.count, ==, 999);
  g_clear_pointer (&doc, bg_json_doc_free);
  g_string_insert (many, 1, "0,");
  doc = parse (many->str, &error);
  g_assert_null (doc);
  g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 1: more than 1000 values; the file is too large");
  g_clear_error (&error);

  doc = bg_json_parse ("[1, 2]", 6, &tiny, &error);
  g_assert_null (doc);
  g_assert_error (error, BG_JSON_ERROR, BG_JSON_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "the file is larger than 0 MiB");
}

/* A million levels: json-glib 1.6 recurses and overflows an 8 MiB stack
 * near 75 000; the reader keeps its own stack on the heap. */
static void
test_deep_nesting (void)
{
  const guint depth = 1000000;
  const BgJsonLimits deep = { 4 * depth, 2 * depth, depth };
  g_autofree char *text = nested (depth);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = bg_json_parse (text, 2 * depth, &deep, &error);
  guint32 c = BG_JSON_ROOT;
  guint levels = 1;

  g_assert_no_error (error);
  while ((c = bg_json_get_first (doc, c)) != 0)
    levels++;
  g_assert_cmpuint (levels, ==, depth);
}

/* ------------------------------------------------------------------------
 * The writer
 * ------------------------------------------------------------------------ */

static char *
number_text (double value)
{
  GString *out = g_string_new (NULL);

  bg_json_append_number (out, value);
  return g_string_free (out, FALSE);
}

static void
test_write_numbers (void)
{
  static const struct
  {
    double      value;
    const char *text;
  } cases[] = {
    /* json-glib writes these two as 1.4999999999999999e-07 and
     * 0.10000000000000001. */
    { 1.5e-7, "1.5e-7" },
    { 0.1, "0.1" },
    { 0.025, "0.025" },
    { 0.0001, "0.0001" },
    { 9e-5, "9e-5" },
    { 1e-12, "1e-12" },
    { 2.5, "2.5" },
    { -1234.5678, "-1234.5678" },
    { 1.0 / 3.0, "0.3333333333333333" },
    { 1000, "1000" },
    { 100000, "1e5" },
    { 123456789, "123456789" },
    { 1.5e6, "1.5e6" },
    { 1e10, "1e10" },
    { 1e15, "1e15" },
    { 1e21, "1e21" },
    { 123456789012345678.0, "123456789012345680" },
    { 5e-324, "5e-324" },
    { 1.7976931348623157e308, "1.7976931348623157e308" },
    { -0.0, "0" },
    { NAN, "0" },
    { INFINITY, "0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = number_text (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Every finite double written and read back is the same double. */
static void
test_number_round_trip (void)
{
  GRand *rand = g_rand_new_with_seed (20261202);

  for (guint i = 0; i < 20000; i++)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      g_autoptr(GError) error = NULL;
      g_autoptr(BgJsonDoc) doc = NULL;
      g_autofree char *text = NULL;
      g_autofree char *array = NULL;
      double value;

      memcpy (&value, &bits, sizeof value);
      if (!isfinite (value))
        continue;
      text = number_text (value);
      array = g_strdup_printf ("[%s]", text);
      doc = parse (array, &error);
      g_assert_no_error (error);
      if (bg_json_get (doc, bg_json_get_first (doc, BG_JSON_ROOT))->u.number != (value == 0 ? 0 : value))
        g_error ("%.17g was written as %s", value, text);
    }
  g_rand_free (rand);
}

static void
test_write_strings (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  bg_json_append_string (out, "a\"b\\c\n\r\t\b\f\x01\x7f\xc3\xa9/");
  g_assert_cmpstr (out->str, ==, "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u007f\xc3\xa9/\"");
}

/* Compact and pretty forms; writing what was read reads back the same. */
static void
test_write_values (void)
{
  static const char *input = "{\"a\": [1, 2.5e-7, \"x\"], \"b\": {}, \"c\": [], "
                             "\"d\": {\"e\": null, \"f\": true, \"g\": false}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) doc = parse (input, &error);
  g_autoptr(BgJsonDoc) again = NULL;
  g_autoptr(GString) compact = g_string_new (NULL);
  g_autoptr(GString) pretty = g_string_new (NULL);
  g_autoptr(GString) compact_again = g_string_new (NULL);

  g_assert_no_error (error);
  bg_json_append_value (compact, doc, BG_JSON_ROOT, -1);
  g_assert_cmpstr (compact->str, ==, "{\"a\": [1, 2.5e-7, \"x\"], \"b\": {}, \"c\": [], "
                                     "\"d\": {\"e\": null, \"f\": true, \"g\": false}}");
  bg_json_append_value (pretty, doc, BG_JSON_ROOT, 0);
  g_assert_cmpstr (pretty->str, ==,
                   "{\n"
                   "  \"a\": [\n"
                   "    1,\n"
                   "    2.5e-7,\n"
                   "    \"x\"\n"
                   "  ],\n"
                   "  \"b\": {},\n"
                   "  \"c\": [],\n"
                   "  \"d\": {\n"
                   "    \"e\": null,\n"
                   "    \"f\": true,\n"
                   "    \"g\": false\n"
                   "  }\n"
                   "}");
  again = parse (pretty->str, &error);
  g_assert_no_error (error);
  bg_json_append_value (compact_again, again, BG_JSON_ROOT, -1);
  g_assert_cmpstr (compact_again->str, ==, compact->str);
}

static void
test_excerpt (void)
{
  g_autofree char *shortened = bg_json_excerpt ("ééééééééééééééééééééééééééééééééééééééééééé");
  g_autofree char *kept = bg_json_excerpt ("C1");

  g_assert_cmpstr (kept, ==, "C1");
  g_assert_cmpuint (g_utf8_strlen (shortened, -1), ==, 41);
  g_assert_true (g_str_has_suffix (shortened, "é…"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/json/document", test_document);
  g_test_add_func ("/core/json/large-object", test_large_object);
  g_test_add_func ("/core/json/bad/refused", test_refused);
  g_test_add_func ("/core/json/bad/nul-byte", test_nul_byte);
  g_test_add_func ("/core/json/big-integers", test_big_integers);
  g_test_add_func ("/core/json/limits", test_limits);
  g_test_add_func ("/core/json/deep-nesting", test_deep_nesting);
  g_test_add_func ("/core/json/write/numbers", test_write_numbers);
  g_test_add_func ("/core/json/write/number-round-trip", test_number_round_trip);
  g_test_add_func ("/core/json/write/strings", test_write_strings);
  g_test_add_func ("/core/json/write/values", test_write_values);
  g_test_add_func ("/core/json/excerpt", test_excerpt);

  return g_test_run ();
}
