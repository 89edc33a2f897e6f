/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-tolerance.h — the solver's relative tolerance for long oscillatory
 * runs (see bg-tolerance.c for the rule and how it was measured).
 *
 * Owns: nothing; one function the compiler calls on a finished plan. Must
 * not: be included outside core/.
 */
#pragma once

#include "bg-plan-private.h"

G_BEGIN_DECLS

/* Estimates the plan's dominant oscillation and tightens plan->rtol (and
 * the per-state atol when scale_atol) for oscillations that last many
 * cycles; records the estimate in the plan. */
void bg_tolerance_apply (BgPlan  *plan,
                         gboolean scale_atol);

G_END_DECLS
