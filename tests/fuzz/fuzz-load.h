/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-load.h — one run of untrusted bytes through the model loader.
 *
 * Shared by the libFuzzer target (fuzz-load.c) and the corpus replay test
 * (tests/test-fuzz-corpus.c), so both exercise exactly the same path.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <glib.h>

G_BEGIN_DECLS

/* Loads data (not NUL-terminated, size bytes). On success also analyses the
 * model, renders the analysis as text and JSON, compiles a conflict-free
 * model into a plan, saves it and checks that the saved text loads again and
 * saves identically; aborts if any of that breaks.
 * Returns TRUE when the data loaded; FALSE with the loader's error
 * otherwise. Frees everything either way. */
gboolean bg_fuzz_load (const guint8 *data,
                       gsize         size,
                       GError      **error);

/* The libFuzzer hooks. */
int LLVMFuzzerInitialize   (int      *argc,
                            char   ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

G_END_DECLS
