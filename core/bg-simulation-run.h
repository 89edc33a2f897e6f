/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulation-run.h — one simulation of a compiled plan in a worker thread.
 *
 * In the layout: core/ (GIO only, no GTK): the run stage of model →
 * analysis → plan → run → result, used by the window and by bgmod-cli
 * simulate alike.
 *
 * Owns: the run's own plan reference, its BgResult (the worker appends; the
 * main thread reads), the GCancellable that stops it, the latest progress
 * the worker published (behind a mutex, delivered by at most one pending
 * idle callback on the main context it was started from), the elapsed time,
 * the final report, and whether the model changed since the plan was
 * compiled ("stale"). Must not: touch a model, a causality or any widget;
 * hand the worker anything it could share with the main thread other than
 * the immutable plan, the thread-safe result and the progress slot.
 *
 * The window starts a run and follows its signals from its main loop;
 * bgmod-cli starts one and waits for it (bg_simulation_run_wait): one code
 * path for every run.
 *
 * Signals (main thread only):
 *   "progress" (void): simulated time advanced (merged: one per idle)
 *   "finished" (void): the worker returned; the report and error are set
 * Properties: "stale" (boolean), "running" (boolean, read-only).
 */
#pragma once

#include <gio/gio.h>
#include "bg-plan.h"
#include "bg-result.h"
#include "bg-simulator.h"

G_BEGIN_DECLS

#define BG_TYPE_SIMULATION_RUN (bg_simulation_run_get_type ())
G_DECLARE_FINAL_TYPE (BgSimulationRun, bg_simulation_run, BG, SIMULATION_RUN, GObject)

/* A run of plan (a new reference is taken) into a new, empty result. */
BgSimulationRun   *bg_simulation_run_new          (BgPlan          *plan);

/* A run into result (empty, made for plan: bg_simulator_new_result_for);
 * a reference is taken. */
BgSimulationRun   *bg_simulation_run_new_with_result (BgPlan        *plan,
                                                     BgResult      *result);
/* A run whose result records t, the states and vars (plan variable
 * indices); any other variable is derived from the states when asked for
 * (bg_result_derive). */
BgSimulationRun   *bg_simulation_run_new_recording (BgPlan        *plan,
                                                   const guint   *vars,
                                                   guint          n_vars);

/* Before the start: has the run fill an energy ledger (bg-energy.h) as it
 * goes, and returns it (the run's; NULL when the plan was not compiled with
 * energy, bg_compiler_compile_with_energy). The result's values are the
 * same with or without. */
BgEnergy          *bg_simulation_run_enable_energy (BgSimulationRun *self);
/* The ledger, or NULL when none was asked for. */
BgEnergy          *bg_simulation_run_get_energy   (BgSimulationRun *self);

/* Starts the worker; call once. Progress and "finished" are delivered on the
 * thread-default main context of the caller. */
void               bg_simulation_run_start        (BgSimulationRun *self);
/* For a caller without a main loop of its own: iterates the main context
 * the run was started from until "finished" has been emitted. */
void               bg_simulation_run_wait         (BgSimulationRun *self);
/* Cancels the worker; "finished" follows with BG_SIM_STATUS_CANCELLED
 * (unless it had already ended). */
void               bg_simulation_run_stop         (BgSimulationRun *self);

gboolean           bg_simulation_run_is_running   (BgSimulationRun *self);
BgPlan            *bg_simulation_run_get_plan     (BgSimulationRun *self);
BgResult          *bg_simulation_run_get_result   (BgSimulationRun *self);
/* Simulated time last delivered to the main thread, and its fraction of
 * t_end (0..1). */
double             bg_simulation_run_get_time     (BgSimulationRun *self);
double             bg_simulation_run_get_fraction (BgSimulationRun *self);
/* Wall-clock seconds since start (frozen at the end). */
double             bg_simulation_run_get_elapsed  (BgSimulationRun *self);

/* After "finished": the report (status, time, element, message, counts) and
 * the error of a failed or cancelled run (NULL otherwise). Before: NULL. */
const BgSimReport *bg_simulation_run_get_report   (BgSimulationRun *self);
const GError      *bg_simulation_run_get_error    (BgSimulationRun *self);

gboolean           bg_simulation_run_get_stale    (BgSimulationRun *self);
void               bg_simulation_run_set_stale    (BgSimulationRun *self,
                                                   gboolean         stale);

G_END_DECLS
