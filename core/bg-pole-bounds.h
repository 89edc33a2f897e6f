/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-bounds.h — the default Bode range of a linearization: from its
 * eigenvalues for a small A, from bounds on their magnitudes for a large
 * one.
 *
 * Owns: the rule for the default range (docs/command-line.md, bode): up to
 * BG_POLE_BOUNDS_EXACT_MAX_STATES states the decades around the slowest
 * and fastest non-zero eigenvalue (bg-modes.c); above, the same decades
 * around a lower bound of the slowest and an upper bound of the fastest,
 * read off the Hessenberg form the response needs anyway (BgBodeForm) in
 * O(n²): 1 × 1 and 2 × 2 diagonal blocks exactly, larger blocks by norms
 * (max |λ| ≤ ‖H‖) and by an estimate of ‖H⁻¹‖ from one LU (LAPACK
 * dgecon's method: min |λ| ≥ 1/‖H⁻¹‖), zero eigenvalues split off by
 * QR steps with shift 0; and the time it takes. Must not: touch a model
 * or GTK.
 */
#pragma once

#include <glib.h>
#include "bg-bode.h"
#include "bg-linearize.h"

G_BEGIN_DECLS

#define BG_POLE_BOUNDS_ERROR (bg_pole_bounds_error_quark ())
GQuark bg_pole_bounds_error_quark (void);

typedef enum
{
  BG_POLE_BOUNDS_ERROR_NOT_FINITE = 1,   /* A has an infinite or NaN entry */
} BgPoleBoundsError;

/* Up to this many states the default range comes from the eigenvalues
 * (at most about 0.7 s of LAPACK on the reference machine). */
#define BG_POLE_BOUNDS_EXACT_MAX_STATES 500

/* h: n × n row-major upper Hessenberg (entries below the subdiagonal are
 * not read). In rad/s: *largest ≥ max |λ|; *smallest ≤ the smallest |λ|
 * that is not zero in the sense of bg-modes.h (below 1e-9 · *largest or
 * 1e-12), and 0 when every eigenvalue is zero. The second holds as far as
 * the estimate of ‖H⁻¹‖ does: it is never above the norm, often equal,
 * and rarely below it by a factor over 3 (Higham), which would put
 * *smallest that much high. Both are exact for an h that is block upper
 * triangular with blocks of 1 or 2 (triangular, block diagonal). */
gboolean bg_pole_bounds_of_hessenberg (const double *h,
                                       guint         n,
                                       double       *smallest,
                                       double       *largest,
                                       GError      **error);

/* Whether the default range of lin comes from its eigenvalues. */
gboolean bg_pole_bounds_is_exact (const BgLinearization *lin);

/* The default Bode range in Hz, before any clamping to the command's
 * limits: from the eigenvalues of lin when bg_pole_bounds_is_exact (form
 * may be NULL then), else from bg_pole_bounds_of_hessenberg on form's H;
 * either way bg_modes_bode_range_of's decades. */
gboolean bg_pole_bounds_bode_range (const BgLinearization *lin,
                                    const BgBodeForm      *form,
                                    double                *f_from,
                                    double                *f_to,
                                    GError               **error);

/* Seconds bg_pole_bounds_bode_range takes beyond the form (measured on
 * the reference machine, tests/bench/bench-bode.c). */
double   bg_pole_bounds_estimate_seconds (const BgLinearization *lin);

G_END_DECLS
