/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-linearize.h — the linear model ẋ = A x + B u, y = C x + D u of a plan
 * around an operating point (docs/architecture.md, Data flow).
 *
 * Owns: the matrices A, B, C, D (row-major doubles) about a state x0 and the
 * inputs held at their values at a time t0, with algebraic groups solved
 * (the matrices are in the states only). The states are the plan's states;
 * the inputs are the ids of the elements that drive a waveform (Se, Sf,
 * MechanicalLoad's load force), in model order; the outputs are any of the
 * plan's variables (all but "t" by default).
 *
 * Method: when the right-hand side of the plan is linear (sums and scaled
 * copies only, linear algebraic groups included) the matrices are read off
 * the plan's operations exactly, by propagating unit perturbations through
 * them (products in the outputs, such as powers and energies, by the product
 * rule at x0). Otherwise (pump table, gas law, products in the dynamics) they
 * are central differences of the plan's evaluation, each state perturbed by
 * ∛ε times its physical scale (or |x0| when larger), each input by ∛ε times
 * its magnitude (its values and the scale of the quantity it drives).
 *
 * Must not: change the plan, touch a model or GTK, or keep global state.
 */
#pragma once

#include <gio/gio.h>
#include "bg-plan.h"

G_BEGIN_DECLS

#define BG_LINEARIZE_ERROR (bg_linearize_error_quark ())
GQuark bg_linearize_error_quark (void);

typedef enum
{
  BG_LINEARIZE_ERROR_TOO_LARGE = 1,  /* more than BG_LINEARIZE_MAX_STATES states */
  BG_LINEARIZE_ERROR_UNKNOWN_VAR,    /* an output that is not one of the plan's variables */
  BG_LINEARIZE_ERROR_EVAL,           /* an algebraic loop has no solution at the point */
  BG_LINEARIZE_ERROR_RUN,            /* the run to the operating time did not get there */
} BgLinearizeError;

/* Dense matrices and the O(n³) eigenvalue and frequency-response solvers are
 * meant for models up to this many states (2 000 states: 32 MB per matrix,
 * seconds of LAPACK); larger models are refused with a message. */
#define BG_LINEARIZE_MAX_STATES 2000

typedef struct _BgLinearization BgLinearization;

/* x0: the state (NULL: the plan's initial state); t0: the time at which the
 * inputs are taken; outputs: NULL-terminated variable names, or NULL for
 * every variable but "t". */
BgLinearization *bg_linearize             (BgPlan             *plan,
                                           const double       *x0,
                                           double              t0,
                                           const char *const  *outputs,
                                           GError            **error);

/* Seconds bg_linearize takes for the plan and that many outputs (every
 * column is one pass through the plan's operations), measured on the
 * reference machine; known before any matrix is allocated. */
double           bg_linearize_estimate_seconds (BgPlan       *plan,
                                                guint         n_outputs);

/* The state the plan reaches at its t_end (the plan's own run, synchronous;
 * for `--at T` compile with t_end = T). Returns a new array of
 * bg_plan_get_n_states() doubles, or NULL when the run failed, was cancelled
 * or ended early at an event (the message names the time). */
double          *bg_linearize_run_to_end  (BgPlan             *plan,
                                           GCancellable       *cancellable,
                                           GError            **error);

void             bg_linearization_free    (BgLinearization    *self);

BgPlan          *bg_linearization_get_plan     (const BgLinearization *self);
double           bg_linearization_get_time     (const BgLinearization *self);
/* TRUE when the matrices were read off a linear plan exactly. */
gboolean         bg_linearization_is_exact     (const BgLinearization *self);
guint            bg_linearization_get_n_states (const BgLinearization *self);
guint            bg_linearization_get_n_inputs (const BgLinearization *self);
guint            bg_linearization_get_n_outputs (const BgLinearization *self);
const char      *bg_linearization_get_state_name  (const BgLinearization *self,
                                                   guint                  i);
const char      *bg_linearization_get_input_name  (const BgLinearization *self,
                                                   guint                  i);
const char      *bg_linearization_get_output_name (const BgLinearization *self,
                                                   guint                  i);
/* Unit of an output (the plan's variable unit). */
const char      *bg_linearization_get_output_unit (const BgLinearization *self,
                                                   guint                  i);
int              bg_linearization_lookup_input    (const BgLinearization *self,
                                                   const char            *name);
int              bg_linearization_lookup_output   (const BgLinearization *self,
                                                   const char            *name);
const double    *bg_linearization_get_state_point (const BgLinearization *self);

/* Row-major: A n×n, B n×m, C p×n, D p×m (n states, m inputs, p outputs). */
const double    *bg_linearization_get_a (const BgLinearization *self);
const double    *bg_linearization_get_b (const BgLinearization *self);
const double    *bg_linearization_get_c (const BgLinearization *self);
const double    *bg_linearization_get_d (const BgLinearization *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgLinearization, bg_linearization_free)

G_END_DECLS
