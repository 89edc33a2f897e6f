/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-mode-text.h — an eigenvalue of a linearization in words and numbers,
 * as the Analysis page's table and pole map show it.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; what the window and
 * the pictures say about the modes core/bg-modes.h computes (the numbers
 * are those `bgmod-cli linearize` prints, at four significant digits).
 *
 * Owns: when an eigenvalue counts as zero (|λ| ≤ 10⁻⁹ · max |λ|, or a
 * damping ratio the core left undefined: it then has no damping and no
 * time constant, shown "—"), its time constant τ = 1/|Re λ|, and the text
 * of each column (real and imaginary part in 1/s, natural frequency in Hz
 * and rad/s, damping ratio, τ in s) and of the one-line read-out. Numbers
 * have four significant digits, a '.' and the true minus sign.
 * Must not: compute eigenvalues, depend on Cairo, Pango or GTK, or keep
 * state.
 */
#pragma once

#include <glib.h>
#include "bg-modes.h"

G_BEGIN_DECLS

/* Relative size below which an eigenvalue is zero (the core's own cut). */
#define BG_MODE_ZERO_RELATIVE 1e-9

typedef struct
{
  char *re;       /* "−1.791" */
  char *im;       /* "227.4", "0" */
  char *hz;       /* "36.19" */
  char *rad_s;    /* "227.4" */
  char *damping;  /* "0.007876", "—" for a zero eigenvalue */
  char *tau;      /* "0.5584", "—" where Re λ = 0 */
} BgModeText;

/* The largest |λ| of @modes (0 for none). */
double    bg_modes_max_magnitude (GArray        *modes);
/* Whether @mode is zero among modes whose largest |λ| is @max_magnitude. */
gboolean  bg_mode_is_zero        (const BgMode  *mode,
                                  double         max_magnitude);
/* 1/|Re λ| in s; NaN when Re λ is 0 (or the mode is zero). */
double    bg_mode_time_constant  (const BgMode  *mode,
                                  double         max_magnitude);
/* Whether the mode grows (Re λ > 0, and not zero). */
gboolean  bg_mode_is_unstable    (const BgMode  *mode,
                                  double         max_magnitude);

void      bg_mode_text_init      (BgModeText    *text,
                                  const BgMode  *mode,
                                  double         max_magnitude);
void      bg_mode_text_clear     (BgModeText    *text);

/* "λ = −1.791 + 227.4j 1/s · f = 36.19 Hz (227.4 rad/s) · ζ = 0.007876 ·
 * τ = 0.5584 s", translated. Free with g_free(). */
char     *bg_mode_dup_readout    (const BgMode  *mode,
                                  double         max_magnitude);

/* @value with four significant digits, or all of its whole part ("227.4",
 * "0.007876", "−6.161", "12346", "1.5×10⁻⁷" outside 10⁻⁴ … 10⁷), "0" for
 * 0, "—" for NaN, "∞" for infinity. Free with g_free(). */
char     *bg_mode_format_number  (double         value);

G_END_DECLS
