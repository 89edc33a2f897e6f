/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-sim.c — the libFuzzer target for the simulator.
 *
 * Owns: the libFuzzer hooks around bg_fuzz_sim () (fuzz-sim-run.c): a
 * fuzzed model is loaded, analysed, compiled and simulated for a bounded
 * number of rows and time. Must not: keep state between runs. Warnings and
 * criticals are fatal, so a g_return_if_fail reached from a file counts as
 * a crash.
 *
 * Run: build-aux/run-fuzzer.sh 300 sim
 */
#include "config.h"

#include <stdint.h>

#include "fuzz-sim.h"

int LLVMFuzzerInitialize   (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

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
  bg_fuzz_sim (data, size);
  return 0;
}
