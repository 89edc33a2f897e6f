/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fuzz-corpus.c — replays the stored fuzz corpus through the loader.
 *
 * Owns: /core/fuzz/seeds (every seed and example model loads, analyses and
 * survives save + reload) and /core/fuzz/corpus (every file of
 * tests/fuzz/corpus goes through the same entry point as the fuzz target
 * without a crash or leak — run it under ASan — and each refusal is one
 * non-empty line that names the place docs/file-format.md promises) and
 * /core/fuzz/simulate (the same inputs through the simulator target). Must not: depend
 * on the corpus order or on which mutated files happen to load.
 */
#include "config.h"

#include <string.h>

#include "bg-file.h"
#include "fuzz/fuzz-load.h"
#include "fuzz/fuzz-sim.h"

#define MIN_CORPUS_FILES 200

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Sorted *.bgmod and crash-* files of a directory; NULL if it is missing. */
static GPtrArray *
list_inputs (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *files;
  const char *name;

  if (dir == NULL)
    return NULL;
  files = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod") || g_str_has_prefix (name, "crash-"))
      g_ptr_array_add (files, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (files, compare_paths);
  return files;
}

/* A JSON path as the loader writes it: "bonds[3].to", "simulation.t_end",
 * "elements[0].params.table[2]", "version". It starts at one of the keys the
 * format defines (unknown top-level keys are ignored, so never a place); the
 * last step may be any key of the file, so only the start is checked. */
static gboolean
starts_with_json_path (const char *message)
{
  return g_regex_match_simple ("^(format|version|name|elements|bonds|simulation|view)"
                               "(\\[[0-9]+\\])?[.:\\[]", message, 0, 0)
         && strstr (message, ": ") != NULL;
}

static void
check_refusal (const char   *file,
               const GError *error)
{
  const char *msg;

  g_assert_nonnull (error);
  msg = error->message;
  g_assert_nonnull (msg);
  if (msg[0] == '\0')
    g_error ("%s: refused with an empty message", file);
  if (strchr (msg, '\n') != NULL)
    g_error ("%s: the message is more than one line: %s", file, msg);
  if (error->domain != BG_FILE_ERROR)
    g_error ("%s: refused in domain %s, not bg-file-error: %s",
             file, g_quark_to_string (error->domain), msg);

  switch ((BgFileError) error->code)
    {
    case BG_FILE_ERROR_SYNTAX:
      /* "line 14: unexpected '}'" */
      if (!g_str_has_prefix (msg, "line ") || !g_ascii_isdigit (msg[5]))
        g_error ("%s: a syntax error must start with \"line N: \": %s", file, msg);
      break;
    case BG_FILE_ERROR_INVALID:
    case BG_FILE_ERROR_VERSION:
      /* "bonds[3].to: no element \"C7\"", or the whole document refused
       * because its top level is not an object. */
      if (!starts_with_json_path (msg) && strstr (msg, "top level") == NULL)
        g_error ("%s: an invalid model must be refused with the JSON path "
                 "first (\"bonds[3].to: ...\"): %s", file, msg);
      break;
    case BG_FILE_ERROR_IO:
    case BG_FILE_ERROR_TOO_LARGE:
    default:
      break;
    }
}

static void
replay_file (const char *path,
             guint      *n_loaded,
             guint      *n_refused)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);

  g_test_message ("%s", path);
  if (bg_fuzz_load ((const guint8 *) data, length, &error))
    {
      g_assert_no_error (error);
      (*n_loaded)++;
    }
  else
    {
      g_test_message ("  refused: %s", error->message);
      check_refusal (path, error);
      (*n_refused)++;
    }
}

static void
test_seeds (void)
{
  const char *dirs[] = {
    g_test_get_filename (G_TEST_DIST, "fuzz", "seeds", NULL),
    g_getenv ("BGMOD_DATADIR") != NULL
      ? g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL) : NULL,
  };
  guint n_models = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autoptr(GPtrArray) files = dirs[d] != NULL ? list_inputs (dirs[d]) : NULL;

      for (guint i = 0; files != NULL && i < files->len; i++)
        {
          const char *path = g_ptr_array_index (files, i);
          g_autoptr(GError) error = NULL;
          g_autofree char *data = NULL;
          gsize length = 0;

          g_file_get_contents (path, &data, &length, &error);
          g_assert_no_error (error);
          g_test_message ("%s", path);
          if (!bg_fuzz_load ((const guint8 *) data, length, &error))
            g_error ("%s: a seed model must load: %s", path, error->message);
          n_models++;
        }
    }
  g_free ((char *) dirs[1]);

  /* The hand-written seeds alone are five models. */
  g_assert_cmpuint (n_models, >=, 5);
}

static void
test_corpus (void)
{
  const char *dir = g_test_get_filename (G_TEST_DIST, "fuzz", "corpus", NULL);
  g_autoptr(GPtrArray) files = list_inputs (dir);
  guint n_loaded = 0;
  guint n_refused = 0;

  g_assert_nonnull (files);
  g_assert_cmpuint (files->len, >=, MIN_CORPUS_FILES);

  for (guint i = 0; i < files->len; i++)
    replay_file (g_ptr_array_index (files, i), &n_loaded, &n_refused);

  g_test_message ("%u files: %u loaded, %u refused", files->len, n_loaded, n_refused);
  /* The corpus must reach both paths: mutations such as shuffled keys keep a
   * model valid, most others break it. A loader that refused (or accepted)
   * everything would not be tested by this corpus. */
  g_assert_cmpuint (n_loaded, >=, 5);
  g_assert_cmpuint (n_refused, >=, files->len / 2);
}

/* Every stored input (corpus, seeds, examples, the hostile fixtures) through
 * the simulator target: the models that load and have no conflict run
 * within the target's bounds, keeping its promises. */
static void
test_simulate (void)
{
  const char *dirs[] = {
    g_test_get_filename (G_TEST_DIST, "fuzz", "corpus", NULL),
    g_test_get_filename (G_TEST_DIST, "fuzz", "seeds", NULL),
    g_test_get_filename (G_TEST_DIST, "data", "hostile", NULL),
  };
  guint n_simulated = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autoptr(GPtrArray) files = list_inputs (dirs[d]);

      for (guint i = 0; files != NULL && i < files->len; i++)
        {
          const char *path = g_ptr_array_index (files, i);
          g_autoptr(GError) error = NULL;
          g_autofree char *data = NULL;
          gsize length = 0;

          g_file_get_contents (path, &data, &length, &error);
          g_assert_no_error (error);
          g_test_message ("%s", path);
          n_simulated += bg_fuzz_sim ((const guint8 *) data, length);
        }
    }
  g_test_message ("%u models simulated", n_simulated);
  g_assert_cmpuint (n_simulated, >=, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/fuzz/seeds", test_seeds);
  g_test_add_func ("/core/fuzz/corpus", test_corpus);
  g_test_add_func ("/core/fuzz/simulate", test_simulate);

  return g_test_run ();
}
