/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cvode-reason-private.h — CVODE return codes as sentences a user can read.
 *
 * Owns: the translated reason for each CVODE failure code (SUNDIALS' own
 * messages are English and speak of its internals). Must not: run or
 * inspect a solver.
 * Included by: core/bg-cvode-reason.c, core/bg-simulator.c,
 * core/fmi/bg-fmu-cs.c.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A translated sentence fragment for a negative CVODE return code, e.g.
 * "the solver could not keep the error within the tolerances". Never NULL. */
const char *_bg_cvode_reason (int flag);

G_END_DECLS
