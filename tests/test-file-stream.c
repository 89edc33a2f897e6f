/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file-stream.c — the streamed and the whole-document load of a model
 * file held to each other (core/bg-file-stream.c, core/bg-file.c).
 *
 * Owns: every example and stored component model loading streamed into the
 * same model as the whole document gives; the orders the stream leaves to
 * the whole document ("bonds" before "elements", "components" after them,
 * the header last) still loading, the same; bad files left to the whole
 * document, which names the place. Must not: repeat the messages of
 * test-file-bad.c (which go through bg_file_load_from_data, so through
 * both loads).
 */
#include "config.h"

#include <string.h>

#include <glib.h>

#include "bg-file.h"
#include "bg-file-stream-private.h"
#include "bg-test-file.h"

/* Both loads of text; the streamed one must take it when streams is TRUE. */
static void
check_same (const char *text,
            gboolean    streams)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) loaded_error = NULL;
  g_autoptr(BgModel) streamed = _bg_file_load_streamed (text, strlen (text));
  g_autoptr(BgModel) whole = _bg_file_load_whole (text, strlen (text), &error);
  g_autoptr(BgModel) loaded = bg_file_load_from_data (text, -1, &loaded_error);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;

  g_test_message ("%s", text);
  g_assert_no_error (error);
  g_assert_no_error (loaded_error);
  g_assert_nonnull (whole);
  g_assert_nonnull (loaded);
  if (!streams)
    {
      g_assert_null (streamed);
      return;
    }
  g_assert_nonnull (streamed);
  a = bg_file_to_data (streamed, NULL);
  b = bg_file_to_data (whole, NULL);
  c = bg_file_to_data (loaded, NULL);
  g_assert_cmpstr (a, ==, b);
  g_assert_cmpstr (c, ==, b);
  g_assert_cmpuint (bg_model_get_revision (streamed), ==, bg_model_get_revision (whole));
  g_assert_false (bg_model_can_undo (streamed));
}

static void
check_dir (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *text = NULL;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      g_test_message ("%s", path);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      check_same (text, TRUE);
      n++;
    }
  g_assert_cmpuint (n, >, 3);
}

static void
test_examples (void)
{
  g_autofree char *examples = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  g_autofree char *components = g_test_build_filename (G_TEST_DIST, "data", "components", NULL);

  check_dir (examples);
  check_dir (components);
}

#define TANK                                                                   \
  "\"components\": {\"Tank\": {\"elements\": ["                                \
  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"}, "          \
  "{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\"}], "             \
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"C\"}]}}"
#define TANKS                                                                  \
  "\"elements\": [{\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\"}, " \
  "{\"id\": \"T1\", \"type\": \"Tank\", \"params\": {\"C.value\": 2e-8}}]"
#define TANK_BONDS "\"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"T1.IN\"}]"

/* The orders BGMod writes stream; the others load as a whole document. */
static void
test_orders (void)
{
  check_same (HEAD RC_ELEMENTS ", " RC_BONDS ", \"simulation\": {\"t_end\": 2}}", TRUE);
  check_same (HEAD TANK ", " TANKS ", " TANK_BONDS "}", TRUE);
  /* Sections after the graph, and the header last, still stream. */
  check_same ("{\"name\": \"rc\", " RC_ELEMENTS ", " RC_BONDS ", \"exercise\": {\"strokes\": "
              "{\"b2\": \"to\"}}, \"format\": \"bgmod\", \"version\": 1, \"view\": {\"z\": [1]}}",
              TRUE);
  check_same (HEAD RC_BONDS ", " RC_ELEMENTS "}", FALSE);
  check_same (HEAD TANKS ", " TANK_BONDS ", " TANK "}", FALSE);
  /* A one-port's end with its port named, a multiport's port. */
  check_same (HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"U.E\", \"to\": \"J\"}, "
              "{\"id\": \"b2\", \"from\": \"M1\", \"to\": \"CYL.M\"}]}", TRUE);
  check_same (HEAD TANKS ", " TANK ", " TANK_BONDS "}", FALSE);
}

/* What the whole document refuses, the stream never takes. */
static void
test_refusals_left_to_the_whole (void)
{
  static const char *const bad[] = {
    HEAD RC_ELEMENTS ", " RC_BONDS ", \"simulation\": {\"t_end\": -1}}",
    HEAD RC_ELEMENTS ", " RC_BONDS "} x",
    HEAD RC_ELEMENTS ", " RC_BONDS ", \"version\": 1}",
    "{\"format\": \"bgmodx\", \"version\": 1, " RC_ELEMENTS "}",
    "{\"format\": \"bgmod\", " RC_ELEMENTS "}",
    HEAD "\"bonds\": []}",
    HEAD "\"elements\": [], \"bonds\": {}}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"NOPE\"}]}",
    HEAD RC_ELEMENTS ", \"exercise\": {\"strokes\": {\"b9\": \"to\"}}}",
    /* What the stream leaves to the model's own checks. */
    HEAD "\"elements\": [{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"}, "
    "{\"id\": \"R1\", \"type\": \"C\", \"domain\": \"electrical\"}]}",
    HEAD "\"elements\": [{\"id\": \"1R\", \"type\": \"R\", \"domain\": \"electrical\"}]}",
    HEAD "\"elements\": [{\"id\": \"R1234567890123456789012345678901234567890123456789012345678901234567890\", "
    "\"type\": \"R\", \"domain\": \"electrical\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"U\", \"from\": \"U\", \"to\": \"J\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "
    "{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J.p\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"M1\", \"to\": \"CYL\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"J\", \"to\": \"C1.x\"}]}",
    HEAD RC_ELEMENTS ", \"bonds\": [{\"id\": \"b1\", \"from\": \"J\", \"to\": \"M1\"}]}",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) streamed = _bg_file_load_streamed (bad[i], strlen (bad[i]));
      g_autoptr(BgModel) model = bg_file_load_from_data (bad[i], -1, &error);

      g_test_message ("%s", bad[i]);
      g_assert_null (streamed);
      g_assert_null (model);
      g_assert_nonnull (error);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/file/stream/examples", test_examples);
  g_test_add_func ("/core/file/stream/orders", test_orders);
  g_test_add_func ("/core/file/stream/refusals", test_refusals_left_to_the_whole);

  return g_test_run ();
}
