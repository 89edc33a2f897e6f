/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plan.h — a compiled, immutable simulation plan.
 *
 * Owns: nothing but its own copy of everything a run needs (state layout,
 * the ordered operations that compute every bond's effort and flow from the
 * states and time, algebraic groups, events, step times, output variables,
 * tolerances, linear solver choice). A plan holds no pointer into a model or
 * an analysis, never changes after bg_compiler_compile() returns, and may be
 * handed to a worker thread (the reference count is atomic). Must not: know
 * about models, GTK or CVODE.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgPlan BgPlan;

/* How the simulator solves the Newton systems of CVODE (chosen by the
 * compiler from the states' dependency structure, see bg-compiler.h). */
typedef enum
{
  BG_PLAN_SOLVER_NONE,   /* no states: the outputs are evaluated at each output time */
  BG_PLAN_SOLVER_DENSE,
  BG_PLAN_SOLVER_BAND,
  BG_PLAN_SOLVER_SPARSE, /* KLU with a coloured finite-difference Jacobian */
} BgPlanSolver;

BgPlan       *bg_plan_ref                (BgPlan *self);
void          bg_plan_unref              (BgPlan *self);

guint         bg_plan_get_n_states       (const BgPlan *self);
/* "C1.q", "L1.p", "CYL.x", ... in state-vector order. */
const char   *bg_plan_get_state_name     (const BgPlan *self,
                                          guint         state);
double        bg_plan_get_state_initial  (const BgPlan *self,
                                          guint         state);
/* The physical scale the absolute tolerance is derived from. */
double        bg_plan_get_state_scale    (const BgPlan *self,
                                          guint         state);
/* The absolute tolerance the run will use for this state. */
double        bg_plan_get_state_atol     (const BgPlan *self,
                                          guint         state);

/* Output variables: 0 is "t", then bonds (BOND.e, BOND.f, BOND.P) in model
 * order, then element variables in model order (docs/file-format.md). */
guint         bg_plan_get_n_vars         (const BgPlan *self);
const char   *bg_plan_get_var_name       (const BgPlan *self,
                                          guint         var);
const char   *bg_plan_get_var_unit       (const BgPlan *self,
                                          guint         var);
const char   *bg_plan_get_var_description (const BgPlan *self,
                                          guint         var);
int           bg_plan_lookup_var         (const BgPlan *self,
                                          const char   *name);

guint         bg_plan_get_n_algebraic_groups (const BgPlan *self);
/* Number of unknowns Newton iterates on in a group (its tear variables;
 * the rest of the group follows from them in order). */
guint         bg_plan_get_algebraic_group_size (const BgPlan *self,
                                          guint         group);

BgPlanSolver  bg_plan_get_solver         (const BgPlan *self);
/* Band solver: upper and lower half-bandwidths; sparse: non-zeros. */
void          bg_plan_get_band_widths    (const BgPlan *self,
                                          guint        *upper,
                                          guint        *lower);
guint         bg_plan_get_jacobian_nnz   (const BgPlan *self);
/* Number of operations evaluated per right-hand side call. */
guint         bg_plan_get_n_rhs_ops      (const BgPlan *self);

/* Times in (0, t_end) where a step waveform switches (the solver restarts
 * there; plots may mark them), increasing. */
guint         bg_plan_get_n_switch_times (const BgPlan *self);
double        bg_plan_get_switch_time    (const BgPlan *self,
                                          guint         index);

/* Settings the plan was compiled with (from the model, possibly overridden). */
double        bg_plan_get_t_end          (const BgPlan *self);
double        bg_plan_get_output_step    (const BgPlan *self);
/* The relative tolerance the solver uses: the setting, tightened for
 * oscillations that last many cycles (see bg-compiler.h, Tolerances). */
double        bg_plan_get_rtol           (const BgPlan *self);
double        bg_plan_get_rtol_setting   (const BgPlan *self);
/* The dominant oscillation found at t = 0 (eigenvalues −σ ± iω of the
 * right-hand side's Jacobian) and the cycles it lasts within t_end before it
 * decays by e; all 0 when none was found. */
void          bg_plan_get_oscillation    (const BgPlan *self,
                                          double       *omega,
                                          double       *sigma,
                                          double       *cycles);

/* A short untranslated description for logs and benchmarks:
 * "3 states, dense, 14 ops, 0 algebraic groups". */
char         *bg_plan_dup_summary        (const BgPlan *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgPlan, bg_plan_unref)

G_END_DECLS
