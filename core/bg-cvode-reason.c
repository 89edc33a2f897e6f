/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cvode-reason.c — CVODE return codes as translated sentences (see
 * bg-cvode-reason-private.h). Must not: include SUNDIALS' own English text.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <cvodes/cvodes.h>

#include "bg-cvode-reason-private.h"

const char *
_bg_cvode_reason (int flag)
{
  switch (flag)
    {
    case CV_TOO_MUCH_WORK:
      return _("the solver needed more than 100 000 steps between two output times; the model may be very stiff or t_end very long");
    case CV_TOO_MUCH_ACC:
      return _("the solver cannot reach the requested accuracy; loosen rtol or atol");
    case CV_ERR_FAILURE:
      return _("the error test failed repeatedly: a variable changes too fast to follow (a singularity or a discontinuity?)");
    case CV_CONV_FAILURE:
    case CV_NLS_FAIL:
      return _("the equations could not be solved for the next step (the Newton iteration did not converge)");
    case CV_LINIT_FAIL:
    case CV_LSETUP_FAIL:
    case CV_LSOLVE_FAIL:
    case CV_NLS_INIT_FAIL:
    case CV_NLS_SETUP_FAIL:
      return _("the linear system of a step could not be solved (a singular Jacobian?)");
    case CV_RHSFUNC_FAIL:
    case CV_FIRST_RHSFUNC_ERR:
    case CV_REPTD_RHSFUNC_ERR:
    case CV_UNREC_RHSFUNC_ERR:
      return _("the model's equations gave no finite value here");
    case CV_RTFUNC_FAIL:
      return _("an end stop or limit could not be evaluated");
    case CV_MEM_FAIL:
      return _("out of memory");
    case CV_TOO_CLOSE:
    case CV_BAD_T:
      return _("two time points are too close together for the solver");
    case CV_ILL_INPUT:
      return _("the solver rejected a time or tolerance it was given");
    default:
      return _("the solver stopped with an internal error");
    }
}
