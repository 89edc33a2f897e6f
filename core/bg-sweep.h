/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-sweep.h — a parameter sweep: one simulation per value of one
 * parameter, the runs in parallel on a thread pool.
 *
 * Owns: the spec "EL.PARAM=V1,V2,..." and ranges (linear or log), one
 * plan per value (each compiled from its own copy of the model with the
 * parameter set, so the model and its undo history stay untouched and every
 * run owns its data), running them on a pool of threads (default one per
 * core) with one shared GCancellable, and each run's result, status and
 * message. Must not: touch GTK; touch the model after bg_sweep_new (the
 * copies are made there, on the model's thread).
 *
 * Threads: bg_sweep_run() blocks until every run has ended; done_func is
 * called from the pool's threads as each run ends (marshal to a main
 * context yourself). Results may be read while runs append to them (see
 * bg-result.h).
 */
#pragma once

#include <gio/gio.h>
#include "bg-model.h"
#include "bg-plan.h"
#include "bg-result.h"
#include "bg-simulator.h"

G_BEGIN_DECLS

#define BG_SWEEP_ERROR (bg_sweep_error_quark ())
GQuark bg_sweep_error_quark (void);

typedef enum
{
  BG_SWEEP_ERROR_SPEC = 1,    /* the spec or range cannot be read */
  BG_SWEEP_ERROR_PARAM,       /* no such element or numeric parameter, or a value it refuses */
  BG_SWEEP_ERROR_MODEL,       /* a copy cannot be analysed or compiled */
} BgSweepError;

#define BG_SWEEP_MAX_VALUES 10000

typedef struct _BgSweep BgSweep;

typedef void (*BgSweepDoneFunc) (BgSweep  *sweep,
                                 guint     index,
                                 gpointer  user_data);

/* "R1.value=100,1e3,2.2k" → element "R1", param "value", values: numbers
 * as the command line reads them (bg-units.h: C notation and a Latin SI
 * prefix; no hexadecimal, no "inf"), each value once. */
gboolean     bg_sweep_parse_spec   (const char  *spec,
                                    char       **element,
                                    char       **param,
                                    GArray     **values,
                                    GError     **error);
/* n values from v0 to v1, evenly spaced or (log) evenly spaced in log10
 * (then 0 < v0, v1). */
GArray      *bg_sweep_range        (double       v0,
                                    double       v1,
                                    guint        n,
                                    gboolean     log,
                                    GError     **error);

/* settings: NULL uses the model's. */
BgSweep     *bg_sweep_new          (BgModel             *model,
                                    const char          *element,
                                    const char          *param,
                                    const double        *values,
                                    guint                n_values,
                                    const BgSimSettings *settings,
                                    GError             **error);
void         bg_sweep_free         (BgSweep             *self);

/* Before bg_sweep_run: each run stores t and only these variables (plan
 * indices, the same in every run's plan) instead of every variable. */
void         bg_sweep_set_recorded (BgSweep             *self,
                                    const guint         *vars,
                                    guint                n_vars);
/* Bytes the runs need, stored together: every run's rows × recorded
 * columns × 8, plus the solvers of n_threads runs at a time (0: one per
 * core). */
guint64      bg_sweep_estimate_memory (BgSweep          *self,
                                       guint             n_threads);
/* FALSE with BG_SIMULATOR_ERROR_MEMORY and a message that gives the
 * estimate, the limit and what to change when the estimate exceeds limit. */
gboolean     bg_sweep_check_memory (BgSweep             *self,
                                    guint                n_threads,
                                    guint64              limit,
                                    GError             **error);

guint        bg_sweep_get_n_runs   (BgSweep             *self);
double       bg_sweep_get_value    (BgSweep             *self,
                                    guint                index);
const char  *bg_sweep_get_element  (BgSweep             *self);
const char  *bg_sweep_get_param    (BgSweep             *self);
/* The parameter's unit ("Ω"), "" for none. */
const char  *bg_sweep_get_unit     (BgSweep             *self);
BgPlan      *bg_sweep_get_plan     (BgSweep             *self,
                                    guint                index);
BgResult    *bg_sweep_get_result   (BgSweep             *self,
                                    guint                index);
/* After the run ended: its status and message (event, failure), or NULL. */
BgSimStatus  bg_sweep_get_status   (BgSweep             *self,
                                    guint                index);
const char  *bg_sweep_get_message  (BgSweep             *self,
                                    guint                index);

/* Runs every plan on n_threads threads (0: one per core) and returns when
 * all have ended. TRUE when none failed or was cancelled. */
gboolean     bg_sweep_run          (BgSweep             *self,
                                    guint                n_threads,
                                    GCancellable        *cancellable,
                                    BgSweepDoneFunc      done_func,
                                    gpointer             user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgSweep, bg_sweep_free)

G_END_DECLS
