/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cvode-setup-private.h — one CVODE set up for a compiled plan, as both
 * `simulate` and an FMU's Co-Simulation integrate it.
 *
 * Owns: the solver's objects and its set-up (BDF, Newton, the plan's dense,
 * band or KLU linear solver with its coloured finite-difference Jacobian,
 * the plan's rtol and per-state atol, the end stops as roots in their
 * direction), the callbacks CVODE calls, and where it restarts (the
 * switching times merged where it cannot resolve them). Must not: step
 * the solver, restart it, or report to a user (the callers do, each its
 * own way).
 * Included by: core/bg-cvode-setup.c, core/bg-simulator.c,
 * core/fmi/bg-fmu-cs.c, core/fmi/bg-fmu-instance.c.
 */
#pragma once

#include <glib.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include "bg-plan-private.h"

G_BEGIN_DECLS

typedef struct
{
  const BgPlan    *plan;
  BgPlanWork      *work;         /* evaluates the right-hand side; not owned */
  gboolean         debug_log;    /* CVODE's errors also go to the debug log */
  gpointer         owner;        /* the caller's, for its own callbacks
                                  * (the simulator's energy quadratures) */
  gboolean         placeholder;  /* the plan has no states: one constant
                                  * state stands in, so that quadratures
                                  * can still be integrated */

  SUNContext       ctx;
  void            *cvode;
  N_Vector         y;            /* the solver's states */
  SUNMatrix        A;
  SUNLinearSolver  ls;
  guint           *color_cols;   /* columns grouped by colour (KLU) */
  guint           *color_first;  /* n_colors + 1 */

  guint            bad_state;    /* the first non-finite derivative of the last
                                  * right-hand side, or G_MAXUINT */
  char            *message;      /* SUNDIALS' English text of its last error */
} BgCvode;

/* Sets up cv (zero-filled) to integrate plan from t0 and the states y0,
 * evaluating with work; CVODE's user data is cv. A plan without states
 * gets the placeholder state (y0 is not read then). FALSE when the solver
 * could not be set up: cv->message set when it rejected a setting, NULL
 * when memory ran out. Either way _bg_cvode_clear frees what was made. */
gboolean _bg_cvode_setup (BgCvode      *cv,
                          const BgPlan *plan,
                          BgPlanWork   *work,
                          double        t0,
                          const double *y0,
                          gboolean      debug_log);
void     _bg_cvode_clear (BgCvode      *cv);

/* Switch times closer than this fraction of the horizon (t_end) to 0, to
 * each other or to the horizon are merged: CVODE cannot start an interval
 * much shorter than a few ulps of the current time, and no output could
 * show the difference. */
#define BG_SWITCH_RESOLUTION 1e-12

/* Where the solver restarts, from n_times sorted switching times: one near
 * 0 applies from the start (*wave_t0, the input time of the first
 * segment), one near the horizon is left to the end (which evaluates the
 * inputs there), and a cluster restarts once at its first time
 * (restart_t) with the inputs after its last (restart_wave). Both arrays
 * have room for n_times; returns the number of restarts. */
guint    _bg_cvode_merge_switch_times (const double *times,
                                       guint         n_times,
                                       double        horizon,
                                       double       *restart_t,
                                       double       *restart_wave,
                                       double       *wave_t0);

G_END_DECLS
