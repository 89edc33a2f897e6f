/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-sim.h — one run of untrusted bytes through load, analysis, compile
 * and a bounded simulation.
 *
 * Shared by the libFuzzer target (fuzz-sim.c) and the corpus replay test
 * (tests/test-fuzz-corpus.c).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Loads data (size bytes, not NUL-terminated); when it loads without a
 * causal conflict, compiles it and simulates at most 200 output rows for
 * at most FUZZ_SIM_BUDGET_MS of wall time (then cancels). Aborts when a
 * promise breaks: a valid plan refused without a message, a tolerance out
 * of (0, scale], a row with a non-finite value or going back in time, a
 * failure without its time and reason. Returns TRUE when it simulated. */
#define FUZZ_SIM_BUDGET_MS 500
gboolean bg_fuzz_sim (const guint8 *data,
                      gsize         size);

G_END_DECLS
