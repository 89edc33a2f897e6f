/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-modes.h — the eigenvalues of a linearization and what they mean.
 *
 * Owns: the eigenvalues λ of A (LAPACK dgeev), each with its natural
 * frequency f = |λ|/2π and damping ratio ζ = −Re λ/|λ| (a real pole has
 * ζ = 1 when stable, −1 when unstable; λ = 0 has f = 0 and ζ = 1), sorted by
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

typedef struct
{
  double re, im;
  double frequency_hz;
  double damping;
} BgMode;

/* A new array of bg_linearization_get_n_states() modes (possibly empty). */
GArray  *bg_modes_compute     (const BgLinearization *lin,
                               GError               **error);

/* A Bode range around the modes: from a decade below the slowest non-zero
 * natural frequency to a decade above the fastest, on whole decades;
 * 0.01–100 Hz when every eigenvalue is zero. */
void     bg_modes_bode_range  (GArray                *modes,
                               double                *f_from,
                               double                *f_to);

G_END_DECLS
