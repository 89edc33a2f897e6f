/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-bounds.h — the default Bode range of a linearization, and for a
 * large A an estimate of its extreme pole magnitudes without the
 * eigenvalues.
 *
 * Owns: the rule for the default range (docs/command-line.md, bode): up to
 * BG_POLE_BOUNDS_EXACT_MAX_STATES states from all the eigenvalues
 * (bg-modes.c), above from two estimates on A balanced (LAPACK dgebal):
 * the largest |λ| bounded by the smaller of the ∞- and 1-norms, the
 * smallest non-zero |λ| by inverse iteration on one LU of A (O(n²) a step
 * when A is upper Hessenberg, as a chain of storages in model order is;
 * one dense LU otherwise), zero eigenvalues deflated; then the same
 * decade padding; and the time it takes. Must not: touch a model or GTK.
 */
#pragma once

#include <glib.h>
#include "bg-linearize.h"

G_BEGIN_DECLS

#define BG_POLE_BOUNDS_ERROR (bg_pole_bounds_error_quark ())
GQuark bg_pole_bounds_error_quark (void);

typedef enum
{
  BG_POLE_BOUNDS_ERROR_LAPACK = 1,   /* the balancing or the LU failed */
} BgPoleBoundsError;

/* Up to this many states the default range comes from the eigenvalues. */
#define BG_POLE_BOUNDS_EXACT_MAX_STATES 400

/* a: n × n row-major. *largest ≥ max |λ| (a bound); *smallest ≈ the
 * smallest |λ| that is not zero in the sense of bg-modes.h (from below:
 * the largest growth seen in the last steps), 0 when every eigenvalue is
 * zero. Both in rad/s. */
gboolean bg_pole_bounds_estimate (const double *a,
                                  guint         n,
                                  double       *smallest,
                                  double       *largest,
                                  GError      **error);

/* The default Bode range in Hz, before any clamping to the command's
 * limits: exact (bg_modes_bode_range) up to BG_POLE_BOUNDS_EXACT_MAX_STATES
 * states, from bg_pole_bounds_estimate above. */
gboolean bg_pole_bounds_bode_range (const BgLinearization *lin,
                                    double                *f_from,
                                    double                *f_to,
                                    GError               **error);

/* Seconds bg_pole_bounds_bode_range takes (tests/bench/bench-bode.c). */
double   bg_pole_bounds_estimate_seconds (const BgLinearization *lin);

/* Whether bg_pole_bounds_bode_range uses the eigenvalues. */
gboolean bg_pole_bounds_is_exact (const BgLinearization *lin);

G_END_DECLS
