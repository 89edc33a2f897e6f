/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cli-options.c — the libFuzzer target for bgmod-cli's option parsing
 * (the run itself is fuzz-cli-options-run.c, also replayed by
 * tests/test-fuzz-cli-options.c).
 *
 * Build: CC=clang meson setup _build-fuzz -Dfuzzing=true
 * Run:   build-aux/run-fuzzer.sh 300 cli-options
 */
#include "config.h"

#include "fuzz-cli-options.h"

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
  bg_fuzz_cli_options (data, size);
  return 0;
}
