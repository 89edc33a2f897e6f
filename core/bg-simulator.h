/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulator.h — runs a BgPlan with CVODE and fills a BgResult.
 *
 * Owns: one synchronous run: BDF with Newton iterations and the plan's
 * linear solver (dense, band or KLU), integration exactly up to each step
 * of a waveform and a restart there, terminating events by root finding
 * (cylinder end stops, accumulator full) ending at the exact crossing time,
 * output rows at every output step plus one at the event (an event within
 * 1e-9 output steps of an output time takes its place: t strictly
 * increases), cancellation
 * between internal steps, solver failures reported with time and reason
 * (a non-finite value in a row is one: the run stops before that row).
 * Must not: keep global state (runs are re-entrant: one plan per run, any
 * thread), touch a model or GTK.
 *
 * Threads: bg_simulator_run() is meant for a worker thread (GTask). It only
 * reads the plan, appends to the result (readers on other threads see a
 * consistent row count, see bg-result.h) and calls the progress callback
 * from the calling thread (at most every 50 ms, and once at the end);
 * marshal to the main context yourself. Cancelling the GCancellable stops
 * the run within one internal solver step (well under 100 ms for models
 * of thousands of states); the rows computed so far stay in the result.
 */
#pragma once

#include <gio/gio.h>
#include "bg-energy.h"
#include "bg-plan.h"
#include "bg-result.h"

G_BEGIN_DECLS

#define BG_SIMULATOR_ERROR (bg_simulator_error_quark ())
GQuark bg_simulator_error_quark (void);

typedef enum
{
  BG_SIMULATOR_ERROR_SETUP = 1,    /* CVODE could not be set up */
  BG_SIMULATOR_ERROR_SOLVER,       /* the integration failed (time and reason in the message) */
  BG_SIMULATOR_ERROR_ALGEBRAIC,    /* an algebraic group has no solution */
  BG_SIMULATOR_ERROR_RESULT,       /* the result's variables do not match the plan */
  BG_SIMULATOR_ERROR_MEMORY,       /* the run would need more memory than allowed */
  BG_SIMULATOR_ERROR_NOT_RECORDED, /* a variable cannot be derived: the states were not stored */
} BgSimulatorError;

typedef enum
{
  BG_SIM_STATUS_FINISHED,   /* reached t_end */
  BG_SIM_STATUS_EVENT,      /* a terminating event ended the run (a normal end) */
  BG_SIM_STATUS_CANCELLED,  /* the GCancellable was cancelled; error is G_IO_ERROR_CANCELLED */
  BG_SIM_STATUS_FAILED,     /* error is set; the rows so far are kept */
} BgSimStatus;

typedef struct
{
  BgSimStatus status;
  double      t;            /* the time reached (event time, failure time, t_end) */
  char       *element_id;   /* the element of the event, or NULL */
  char       *message;      /* translated event message, e.g.
                               "CYL reached its end stop x = L at t = 0.7342 s",
                               or the failure message; NULL when finished */
  guint64     n_steps;      /* internal solver steps */
  guint64     n_rhs_evals;  /* right-hand side evaluations, Jacobian ones included */
  guint64     n_jac_evals;
  gsize       n_rows;       /* rows appended by this run */
} BgSimReport;

typedef void (*BgSimProgressFunc) (double   t,
                                   double   t_end,
                                   gpointer user_data);

/* Recording (bg-simulator-record.c) ---------------------------------------
 *
 * A run computes and stores only its result's stored variables. A result
 * of bg_simulator_new_result_for() that stores the states can give any other
 * variable afterwards (bg_result_derive()): the plan's output operations
 * for that variable recompute it from the stored states and times, the same
 * doubles a run storing it would have produced (see bg-plan-outputs.c). */

#define BG_SIMULATOR_DEFAULT_MAX_MEMORY ((guint64) 2 << 30)   /* 2 GiB */

/* A new, empty result that stores every variable of the plan. */
BgResult   *bg_simulator_new_result (BgPlan            *plan);
/* A new, empty result with all of the plan's variables that stores t, vars
 * and, with with_states, every state (then the others can be derived). */
BgResult   *bg_simulator_new_result_for (BgPlan        *plan,
                                     const guint       *vars,
                                     guint              n_vars,
                                     gboolean           with_states);
/* Rows a run to t_end produces (an event may end it sooner). */
guint64     bg_simulator_count_rows (BgPlan            *plan);
/* Bytes a run to t_end needs: rows × stored columns × 8 plus the solver's
 * own (vectors, Jacobian, linear solver, registers). */
guint64     bg_simulator_estimate_memory (BgPlan       *plan,
                                     BgResult          *result);
/* FALSE with BG_SIMULATOR_ERROR_MEMORY and a message that gives the
 * estimate, the limit and what to change when the estimate exceeds limit. */
gboolean    bg_simulator_check_memory (BgPlan          *plan,
                                     BgResult          *result,
                                     guint64            limit,
                                     GError           **error);

/* Runs the plan into result (which must have the plan's variables; rows are
 * appended). report may be NULL; clear it with bg_sim_report_clear(). */
BgSimStatus bg_simulator_run        (BgPlan            *plan,
                                     BgResult          *result,
                                     GCancellable      *cancellable,
                                     BgSimProgressFunc  progress,
                                     gpointer           user_data,
                                     BgSimReport       *report,
                                     GError           **error);

/* The same, and fills energy's ledger (bg-energy.h; empty, made for this
 * plan, which was compiled with energy): one row per output row. The
 * result's rows are the same doubles as bg_simulator_run() gives. */
BgSimStatus bg_simulator_run_with_energy (BgPlan       *plan,
                                     BgResult          *result,
                                     BgEnergy          *energy,
                                     GCancellable      *cancellable,
                                     BgSimProgressFunc  progress,
                                     gpointer           user_data,
                                     BgSimReport       *report,
                                     GError           **error);

void        bg_sim_report_clear     (BgSimReport       *report);

G_END_DECLS
