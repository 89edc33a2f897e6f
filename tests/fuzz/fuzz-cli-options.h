/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cli-options.h — one run of untrusted bytes through bgmod-cli's
 * option parsing.
 *
 * Shared by the libFuzzer target (fuzz-cli-options.c) and the seed replay
 * test (tests/test-fuzz-cli-options.c), so both exercise exactly the same
 * path.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <glib.h>

G_BEGIN_DECLS

/* The first byte chooses the command (simulate, bode, linearize), the rest
 * are its arguments, one a line. Parses them as the command does
 * (app/bg-cli-options.c: the options, the numbers, the model file, --vars,
 * --csv and --plot, --sweep's spec) and aborts when an accepted value
 * breaks what docs/command-line.md promises (a number that is not finite
 * or out of its range, anything but C notation and one Latin SI prefix
 * taken, a prefixed number read as another value, a sweep with a repeated
 * value).
 * Returns TRUE when the command line was accepted. */
gboolean bg_fuzz_cli_options (const guint8 *data,
                              gsize         size);

int LLVMFuzzerInitialize   (int      *argc,
                            char   ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

G_END_DECLS
