/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-cli-hand.c — the mass chain of bench-cli written by hand against
 * CVODE, printing the same CSV as `bgmod-cli simulate --vars K1.q`.
 *
 * Owns: the reference program bench-cli times against bgmod-cli: N masses
 * (each on a 1-junction with a damper to ground), springs between
 * neighbours, a force on the first; BDF, Newton, the band linear solver,
 * the tolerances given on the command line (bench-cli passes the plan's
 * rtol and per-state atol), output every H seconds to T_END interpolated by
 * CVODE (CV_NORMAL), the CSV `t,K1.q` through stdio with %.12g like
 * bgmod-cli. Must not: link anything of BGMod (it stands for what a user
 * would write by hand).
 *
 * Usage: bench-cli-hand N T_END H RTOL ATOL_P ATOL_X MU ML OUT.csv
 * (the parameters are the chain's: m = 1, b = 0.5, C = 0.01, F = 1).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <cvodes/cvodes.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunmatrix/sunmatrix_band.h>

#define MASS 1.0
#define DAMPING 0.5
#define COMPLIANCE 0.01
#define FORCE 1.0

/* States p_i at 2i, spring extensions x_i at 2i + 1 (the compiler's order). */
static int
rhs (realtype t, N_Vector y, N_Vector ydot, void *data)
{
  long n = *(long *) data;
  const double *yd = N_VGetArrayPointer (y);
  double *dd = N_VGetArrayPointer (ydot);

  (void) t;
  for (long i = 0; i < n; i++)
    {
      double v = yd[2 * i] / MASS;
      double dp = -DAMPING * v;

      if (i == 0)
        dp += FORCE;
      if (i + 1 < n)
        {
          dp -= yd[2 * i + 1] / COMPLIANCE;
          dd[2 * i + 1] = v - yd[2 * i + 2] / MASS;
        }
      if (i > 0)
        dp += yd[2 * i - 1] / COMPLIANCE;
      dd[2 * i] = dp;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  long n_masses;
  sunindextype n;
  double t_end, h, rtol, atol_p, atol_x, t = 0;
  long mu, ml, k_end;
  SUNContext ctx;
  N_Vector y, abstol;
  SUNMatrix A;
  SUNLinearSolver ls;
  void *cvode;
  FILE *out;

  if (argc != 10)
    {
      fprintf (stderr, "usage: bench-cli-hand N T_END H RTOL ATOL_P ATOL_X MU ML OUT.csv\n");
      return 2;
    }
  n_masses = atol (argv[1]);
  t_end = atof (argv[2]);
  h = atof (argv[3]);
  rtol = atof (argv[4]);
  atol_p = atof (argv[5]);
  atol_x = atof (argv[6]);
  mu = atol (argv[7]);
  ml = atol (argv[8]);
  n = 2 * n_masses - 1;
  out = fopen (argv[9], "w");
  if (out == NULL || n_masses < 2)
    return 1;

  SUNContext_Create (NULL, &ctx);
  y = N_VNew_Serial (n, ctx);
  abstol = N_VNew_Serial (n, ctx);
  N_VConst (0.0, y);
  for (sunindextype i = 0; i < n; i++)
    N_VGetArrayPointer (abstol)[i] = i % 2 == 0 ? atol_p : atol_x;
  cvode = CVodeCreate (CV_BDF, ctx);
  CVodeInit (cvode, rhs, 0.0, y);
  CVodeSVtolerances (cvode, rtol, abstol);
  CVodeSetUserData (cvode, &n_masses);
  CVodeSetMaxNumSteps (cvode, 100000);
  A = SUNBandMatrix (n, mu, ml, ctx);
  ls = SUNLinSol_Band (y, A, ctx);
  CVodeSetLinearSolver (cvode, ls, A);

  fprintf (out, "t,K1.q\n");
  fprintf (out, "%.12g,%.12g\n", 0.0, N_VGetArrayPointer (y)[3]);
  k_end = lround (t_end / h);
  for (long k = 1; k <= k_end; k++)
    {
      double tout = k == k_end ? t_end : k * h;
      if (CVode (cvode, tout, y, &t, CV_NORMAL) < 0)
        return 1;
      fprintf (out, "%.12g,%.12g\n", tout, N_VGetArrayPointer (y)[3]);
    }
  if (fclose (out) != 0)
    return 1;

  CVodeFree (&cvode);
  SUNLinSolFree (ls);
  SUNMatDestroy (A);
  N_VDestroy (y);
  N_VDestroy (abstol);
  SUNContext_Free (&ctx);
  return 0;
}
