/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-bode.c — what `bgmod-cli bode` and `linearize` cost at the state
 * limit. Prints figures, asserts nothing.
 *
 * Owns: (1) in the core, on the mass chain (bench-chain.h) of N masses
 * (2N − 1 states, A tridiagonal) and on a star of as many capacitors (A
 * dense): linearizing it, the Hessenberg form (BgBodeForm), the bounds on
 * the poles read off it (bg-pole-bounds.c, the default range above
 * BG_POLE_BOUNDS_EXACT_MAX_STATES states), the response at 200
 * frequencies, and the eigenvalues with the range they give, each against
 * the estimate bgmod-cli refuses by; (2) the speed of the dense reduction
 * to Hessenberg form (LAPACK dgebal + dgehrd + dormhr on a dense random
 * matrix of the same size) and of one frequency's solve, the constants of
 * core/bg-bode.c; (3) the whole process: `bgmod-cli bode CHAIN.bgmod
 * --input F --output M<N-1>.f` with the default range and with
 * --from/--to. Must not: assert anything.
 *
 * Usage: bench-bode [N [CHAIN.bgmod]]   (default 1000 masses: 1 999
 * states; with a path the chain is also kept there, for timing the command
 * by hand: /usr/bin/time -v bgmod-cli bode CHAIN.bgmod --input F --output
 * M<N-1>.f)
 */
#include "config.h"

#include <lapacke.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>

#include "bg-bode.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-linearize.h"
#include "bg-modes.h"
#include "bg-pole-bounds.h"
#include "bench-chain.h"

#define POINTS 200

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* n capacitors, each through its resistor to one node with a resistor to
 * ground: every charge sees every other through the node, A is dense. */
static BgModel *
star_new (guint n)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;

  bg_model_begin_group (model, "star");
  bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "N", 0, 0, &error);
  bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "G", 0, 1, &error);
  bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "RG", 0, 2, &error);
  bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 3, &error);
  bg_model_connect (model, "U", "G", NULL, &error);
  bg_model_connect (model, "G", "RG", NULL, &error);
  bg_model_connect (model, "G", "N", NULL, &error);
  for (guint i = 0; i < n && error == NULL; i++)
    {
      g_autofree char *s = g_strdup_printf ("S%u", i), *r = g_strdup_printf ("R%u", i);
      g_autofree char *k = g_strdup_printf ("K%u", i), *c = g_strdup_printf ("C%u", i);

      bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, s, i, 4, &error);
      bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, i, 5, &error);
      bg_model_set_param_number (model, r, "value", 100 + i, &error);
      bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, c, i, 6, &error);
      bg_model_connect (model, "N", s, NULL, &error);
      bg_model_connect (model, s, r, NULL, &error);
      bg_model_connect (model, s, c, NULL, &error);
      (void) k;
    }
  bg_model_end_group (model);
  g_assert_no_error (error);
  return model;
}

/* The core's parts on a model: linearize, the form, the bounds, 200
 * frequencies, the eigenvalues, each against its estimate. */
static void
time_core (const char *what, BgModel *model, const char *output)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
  const char *outputs[] = { output, NULL };
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (BgBodeForm) form = NULL;
  g_autoptr (GArray) modes = NULL;
  g_autoptr (BgBode) bode = NULL;
  double t0, t_form, t, from = 0, to = 0;
  guint n;

  t0 = now ();
  lin = bg_linearize (plan, NULL, 0, outputs, NULL);
  t = now () - t0;
  n = bg_linearization_get_n_states (lin);
  printf ("%s: %u states, lower bandwidth of A %u\n", what, n,
          bg_bode_lower_bandwidth (bg_linearization_get_a (lin), n));
  printf ("  core: linearize %.3f s (estimate %.3f s)\n", t,
          bg_linearize_estimate_seconds (plan, 1));
  t0 = now ();
  form = bg_bode_form_new (lin, 0, 0, NULL);
  t_form = now () - t0;
  t0 = now ();
  bg_pole_bounds_bode_range (lin, form, &from, &to, NULL);
  t = now () - t0;
  printf ("  core: default range %g … %g Hz %.3f s (estimate %.3f s)%s\n", from, to, t,
          bg_pole_bounds_estimate_seconds (lin),
          bg_pole_bounds_is_exact (lin) ? ", from the eigenvalues" : ", from the bounds");
  t0 = now ();
  bode = bg_bode_form_compute (form, 1e-3, 10, POINTS, NULL, NULL, NULL);
  t = t_form + now () - t0;
  printf ("  core: bode, %d points %.2f s, of which the form %.2f s (estimate %.2f s)\n", POINTS,
          t, t_form, bg_bode_estimate_seconds (lin, POINTS));
  t0 = now ();
  modes = bg_modes_compute (lin, NULL);
  t = now () - t0;
  bg_modes_bode_range (modes, &from, &to);
  printf ("  core: eigenvalues %.2f s (estimate %.2f s), their range %g … %g Hz\n", t,
          bg_modes_estimate_seconds (lin), from, to);
}

/* The reduction bg-bode.c does on a dense matrix, timed. */
static double
dense_reduction (guint n)
{
  g_autofree double *a = g_new (double, (gsize) n * n);
  g_autofree double *scale = g_new (double, n), *tau = g_new (double, n), *b = g_new (double, n);
  g_autofree double *c = g_new (double, n);
  lapack_int ilo, ihi;
  double t0;

  srand (1);
  for (gsize i = 0; i < (gsize) n * n; i++)
    a[i] = (double) rand () / RAND_MAX - 0.5;
  for (guint i = 0; i < n; i++)
    b[i] = c[i] = 1;
  t0 = now ();
  LAPACKE_dgebal (LAPACK_ROW_MAJOR, 'S', n, a, n, &ilo, &ihi, scale);
  LAPACKE_dgehrd (LAPACK_ROW_MAJOR, n, 1, n, a, n, tau);
  LAPACKE_dormhr (LAPACK_ROW_MAJOR, 'L', 'T', n, 1, 1, n, a, n, tau, b, 1);
  LAPACKE_dormhr (LAPACK_ROW_MAJOR, 'R', 'N', 1, n, 1, n, a, n, tau, c, n);
  return now () - t0;
}

static double
run_cli (const char *cli, const char *model, const char *output, gboolean range)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  int status = 0;
  double t0;

  g_ptr_array_add (argv, (char *) cli);
  g_ptr_array_add (argv, "bode");
  g_ptr_array_add (argv, (char *) model);
  g_ptr_array_add (argv, "--input");
  g_ptr_array_add (argv, "F");
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, (char *) output);
  g_ptr_array_add (argv, "--max-time");
  g_ptr_array_add (argv, "1000");
  if (range)
    {
      g_ptr_array_add (argv, "--from");
      g_ptr_array_add (argv, "1e-3");
      g_ptr_array_add (argv, "--to");
      g_ptr_array_add (argv, "10");
    }
  g_ptr_array_add (argv, NULL);
  t0 = now ();
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                &status, NULL);
  t0 = now () - t0;
  if (status != 0)
    printf ("  (exit status %d: %s)\n", status, err);
  return t0;
}

int
main (int argc, char **argv)
{
  guint masses = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  g_autofree char *dir = g_dir_make_tmp ("bench-bode-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "chain.bgmod", NULL);
  g_autofree char *self_dir = g_path_get_dirname (argv[0]);
  g_autofree char *cli = g_build_filename (self_dir, "..", "..", "app", "bgmod-cli", NULL);
  g_autofree char *output = g_strdup_printf ("M%u.f", masses - 1);
  g_autoptr (BgModel) model = bench_chain_new (masses, 10, 0.01);
  g_autoptr (BgModel) star = star_new (2 * masses - 1);
  g_autofree char *data = NULL;
  double t_dense;
  guint n = 2 * masses - 1;

  data = bg_file_to_data (model, NULL);
  g_file_set_contents (path, data, -1, NULL);

  printf ("load average: %s", "");
  {
    g_autofree char *load = NULL;
    if (g_file_get_contents ("/proc/loadavg", &load, NULL, NULL))
      printf ("%s", load);
  }
  time_core ("mass chain", model, output);
  time_core ("star of capacitors (dense A)", star, "C0.e");

  t_dense = dense_reduction (n);
  printf ("LAPACK's dense reduction to Hessenberg form, n = %u: %.2f s; seconds / n³: %.3g\n", n,
          t_dense, t_dense / ((double) n * n * n));

  printf ("bgmod-cli bode, %d points, --from 1e-3 --to 10: %.2f s\n", POINTS,
          run_cli (cli, path, output, TRUE));
  printf ("bgmod-cli bode, %d points, default range: %.2f s\n", POINTS,
          run_cli (cli, path, output, FALSE));

  if (argc > 2)
    g_file_set_contents (argv[2], data, -1, NULL);
  g_unlink (path);
  g_rmdir (dir);
  return 0;
}
