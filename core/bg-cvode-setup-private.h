/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cvode-setup-private.h — one CVODE set up for a compiled plan, as both
 * `simulate` and an FMU's Co-Simulation integrate it.
 *
 * Owns: the solver's objects and its set-up (BDF, Newton, the plan's dense,
 * band or KLU linear solver with its coloured finite-difference Jacobian,
 * the plan's rtol and per-state atol, the end stops as roots in their
 * direction) and the callbacks CVODE calls. Must not: step the solver,
 * restart it, or report to a user (the callers do, each its own way).
 * Included by: core/bg-cvode-setup.c, core/bg-simulator.c,
 * core/fmi/bg-fmu-cs.c.
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
 * evaluating with work; CVODE's user data is cv. FALSE when the solver
 * could not be set up: cv->message set when it rejected a setting, NULL
 * when memory ran out. Either way _bg_cvode_clear frees what was made. */
gboolean _bg_cvode_setup (BgCvode      *cv,
                          const BgPlan *plan,
                          BgPlanWork   *work,
                          double        t0,
                          const double *y0,
                          gboolean      debug_log);
void     _bg_cvode_clear (BgCvode      *cv);

G_END_DECLS
