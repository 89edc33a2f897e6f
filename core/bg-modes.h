/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-modes.h — the eigenvalues of a linearization and what they mean.
 *
 * Owns: the eigenvalues λ of A (LAPACK dgeev), each with its natural
 * frequency f = |λ|/2π and damping ratio ζ = −Re λ/|λ| (a real pole has
 * ζ = 1 when stable, −1 when unstable); an eigenvalue with |λ| ≤ 1e-9 ·
 * max|λ| or |λ| < 1e-12 is exactly 0, with f = 0 and ζ undefined (NaN:
 * rounding would make it stable or unstable at random); sorted by
 * increasing |λ|, then by imaginary part; and the frequency range a Bode
 * plot of them should show. Must not: touch a model or GTK; models above
 * BG_LINEARIZE_MAX_STATES never reach it (bg_linearize refuses them).
 */
#pragma once

#include <glib.h>
#include "bg-linearize.h"

G_BEGIN_DECLS

#define BG_MODES_ERROR (bg_modes_error_quark ())
GQuark bg_modes_error_quark (void);

typedef enum
{
  BG_MODES_ERROR_LAPACK = 1,   /* the QR iteration did not converge */
} BgModesError;

/* Below these an eigenvalue is zero (docs/command-line.md, linearize). */
#define BG_MODES_ZERO_RELATIVE 1e-9
#define BG_MODES_ZERO_ABSOLUTE 1e-12

typedef struct
{
  double re, im;
  double frequency_hz;
  double damping;      /* NaN for a zero eigenvalue */
} BgMode;

/* A new array of bg_linearization_get_n_states() modes (possibly empty). */
GArray  *bg_modes_compute     (const BgLinearization *lin,
                               GError               **error);

/* Seconds bg_modes_compute takes, from LAPACK's measured speed on the
 * reference machine (O(n³); less when A is already upper Hessenberg). */
double   bg_modes_estimate_seconds (const BgLinearization *lin);

/* A Bode range around the modes: from a decade below the slowest non-zero
 * natural frequency to a decade above the fastest, on whole decades;
 * 0.01–100 Hz when every eigenvalue is zero. */
void     bg_modes_bode_range  (GArray                *modes,
                               double                *f_from,
                               double                *f_to);
/* The same padding around the slowest and fastest non-zero natural
 * frequencies lo_hz ≤ hi_hz (0.01–100 Hz when either is 0). */
void     bg_modes_bode_range_of (double               lo_hz,
                                 double               hi_hz,
                                 double              *f_from,
                                 double              *f_to);

G_END_DECLS
