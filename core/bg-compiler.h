/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler.h — turns a model and its conflict-free causal analysis into
 * an immutable BgPlan (docs/architecture.md, Data flow).
 *
 * Owns: the translation of every element's equations, in the causal form the
 * analysis chose, into one ordered list of assignments; the detection and
 * grouping of algebraic loops; the state layout and tolerance scales; output
 * variables; events and step times; the linear solver choice. Must not:
 * modify the model, run the solver, or keep anything between calls.
 *
 * Linear solver rule (bg_plan_get_solver): no states → none; n ≤ 16 states
 * → dense; otherwise the Jacobian pattern is derived from the plan (which
 * states each derivative reads) and, with half-bandwidths mu, ml in the state
 * order, band when mu + ml + 1 ≤ max (16, 2√n); else dense up to 100 states;
 * else sparse (KLU) with a coloured finite-difference Jacobian.
 *
 * Tolerances: every state has a physical scale (C: C·e_scale, I: I·f_scale,
 * accumulator: V0, cylinder: L, load momentum: m·v_scale, load position:
 * v_scale·t_end, never below |initial|), where the effort and flow scales of
 * each domain come from the sources, pump table, accumulator precharge and
 * initial states, carried across cylinders and resistors. The absolute
 * tolerance of a state is 1e-2·rtol·scale, or atol·scale when the settings
 * give an atol (atol is then relative to each state's scale). An
 * oscillation that lasts many cycles makes the solver's rtol (and the atol
 * derived from it) tighter than the setting: rtol · min (1, 5 / cycles),
 * see bg-tolerance.c for the rule and its measurement.
 */
#pragma once

#include <glib.h>
#include "bg-model.h"
#include "bg-causality.h"
#include "bg-plan.h"

G_BEGIN_DECLS

#define BG_COMPILER_ERROR (bg_compiler_error_quark ())
GQuark bg_compiler_error_quark (void);

typedef enum
{
  BG_COMPILER_ERROR_CAUSALITY = 1,  /* the analysis has errors (message: the first one) */
  BG_COMPILER_ERROR_STALE,          /* the analysis is of another model revision */
  BG_COMPILER_ERROR_INVALID,        /* the model cannot be simulated as it stands */
  BG_COMPILER_ERROR_SETTINGS,       /* t_end, output_step, rtol or atol out of range */
} BgCompilerError;

/* settings: NULL uses the model's simulation settings. Returns a new plan or
 * NULL with an error. Call on the thread that owns the model. */
BgPlan *bg_compiler_compile (BgModel             *model,
                             const BgCausality   *causality,
                             const BgSimSettings *settings,
                             GError             **error);
/* The same plan with energy accounts (bg-energy.h): the same right-hand
 * side and variables, so a run of it gives the same numbers, plus the
 * output-only operations that compute each element's power and stored
 * energy, which only a run asking for energy evaluates. */
BgPlan *bg_compiler_compile_with_energy (BgModel             *model,
                                         const BgCausality   *causality,
                                         const BgSimSettings *settings,
                                         GError             **error);

G_END_DECLS
