/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-chain.h — the mass chain the simulation benchmarks share.
 *
 * Owns: building a chain of N masses (each mass I on a 1-junction with a
 * damper R to ground; springs C on 0-junctions between neighbouring
 * 1-junctions; a force Se on the first), named F, J<i>, M<i>, B<i>, N<i>,
 * K<i>, with the given end time and output step. Must not: run or time
 * anything.
 */
#pragma once

#include "bg-model.h"

#define BENCH_CHAIN_MASS 1.0
#define BENCH_CHAIN_DAMPING 0.5
#define BENCH_CHAIN_COMPLIANCE 0.01
#define BENCH_CHAIN_FORCE 1.0

BgModel *bench_chain_new (guint  n,
                          double t_end,
                          double output_step);
