/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-load.c — the fuzz target for the model loader.
 *
 * Owns: bg_fuzz_load () (loader → analyzer → compiler → writers → reload, on bytes
 * that are not NUL-terminated; the loader's streamed and whole-document
 * reads held to each other) and the libFuzzer hooks around it. Must not:
 * keep state between runs, leak, or let a model that loaded fail to survive
 * a save and reload, or the streamed read take a file the whole-document
 * read refuses, or make another model of it. Warnings and criticals are fatal, so a g_return_if_fail
 * reached from a file counts as a crash.
 *
 * Build: CC=clang meson setup _build-fuzz -Dfuzzing=true
 * Run:   _build-fuzz/tests/fuzz/fuzz-load -max_total_time=600 \
 *          -dict=tests/fuzz/bgmod.dict CORPUS_DIR tests/fuzz/corpus
 */
#include "config.h"

#include <string.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-file-stream-private.h"
#include "fuzz-fail.h"
#include "fuzz-load.h"

/* A conflict-free analysis compiles, or is refused with a message; a plan
 * names every state and variable. */
static void
check_compile (BgModel     *model,
               BgCausality *causality)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = NULL;

  if (!bg_causality_is_ok (causality))
    return;
  plan = bg_compiler_compile (model, causality, NULL, &error);
  if (plan == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        fuzz_fail ("the compiler refused a model without a message");
      return;
    }
  for (guint i = 0; i < bg_plan_get_n_states (plan); i++)
    if (bg_plan_get_state_name (plan, i) == NULL
        || !(bg_plan_get_state_atol (plan, i) > 0))
      fuzz_fail ("state %u has no name or no positive tolerance", i);
  for (guint i = 0; i < bg_plan_get_n_vars (plan); i++)
    if (bg_plan_get_var_name (plan, i) == NULL)
      fuzz_fail ("variable %u has no name", i);
}

static void
check_reload (BgModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) reloaded = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *again = NULL;
  gsize length = 0;
  gsize length_again = 0;

  saved = bg_file_to_data (model, &length);
  g_assert (saved != NULL);
  reloaded = bg_file_load_from_data (saved, length, &error);
  if (reloaded == NULL)
    fuzz_fail ("a loaded model did not load again after saving: %s\n%s",
             error->message, saved);

  again = bg_file_to_data (reloaded, &length_again);
  if (length != length_again || memcmp (saved, again, length) != 0)
    fuzz_fail ("saving a reloaded model changed the text:\n%s\n----\n%s",
             saved, again);
}

/* The streamed read (the model built while the text is parsed) may give up
 * on any file, but a model it makes is the one the whole document makes,
 * and only of a file that the whole document's read takes. */
static void
check_streamed (const char *text,
                gsize       size)
{
  g_autoptr(BgModel) streamed = _bg_file_load_streamed (text, size);
  g_autoptr(BgModel) whole = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL, *b = NULL;

  if (streamed == NULL)
    return;
  whole = _bg_file_load_whole (text, size, &error);
  if (whole == NULL)
    fuzz_fail ("the streamed read took a file the whole document's read refuses: %s",
               error->message);
  a = bg_file_to_data (streamed, NULL);
  b = bg_file_to_data (whole, NULL);
  if (strcmp (a, b) != 0 || bg_model_get_revision (streamed) != bg_model_get_revision (whole))
    fuzz_fail ("the streamed read made another model than the whole document's:\n%s\n----\n%s",
               a, b);
}

gboolean
bg_fuzz_load (const guint8 *data,
              gsize         size,
              GError      **error)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *json = NULL;
  /* Copy into an exact-size heap block so ASan sees any read past the end
   * (the loader is given a length and must not look for a NUL). */
  g_autofree char *copy = g_memdup2 (data, size);

  check_streamed (copy != NULL ? copy : "", size);
  model = bg_file_load_from_data (copy != NULL ? copy : "", (gssize) size, error);
  if (model == NULL)
    return FALSE;

  causality = bg_causality_analyze (model);
  summary = bg_causality_dup_summary (causality);
  json = bg_causality_to_json (causality);
  g_assert (summary != NULL && json != NULL);

  check_compile (model, causality);
  check_reload (model);
  return TRUE;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  GError *error = NULL;

  if (!bg_fuzz_load (data, size, &error))
    {
      g_assert (error != NULL && error->message != NULL && error->message[0] != '\0');
      g_error_free (error);
    }
  return 0;
}
