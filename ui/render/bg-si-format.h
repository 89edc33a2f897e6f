/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-si-format.h — SI-prefix number formatting and "nice" axis ticks.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: choosing 1-2-5 tick steps for an axis range, choosing one SI prefix
 * (p n µ m, none, k M G) for an axis or a single value, and writing numbers
 * with that prefix ("1.5 k", "250 mPa", "0", "−3 µ"; a number without a
 * unit under 1 as a plain decimal, "0.25"). Pure functions, no
 * state, safe from any thread.
 * Prefixes and units come out in the user's symbols (core/bg-units.h:
 * "250 мПа", "1,5 к" is never written: numbers keep the point).
 * Must not: know about Cairo, Pango or plots; use the C locale's printf for
 * labels (numbers are written with '.' and the true minus sign U+2212);
 * be used for what a program reads (CSV, JSON keep the SI symbols).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* BgTicks: ticks at first, first + step, …, first + (count - 1) * step.
 * Read them with bg_si_tick_value(), which avoids summing rounding errors. */
typedef struct
{
  double first;
  double step;
  guint  count;
} BgTicks;

/* The smallest step of the form {1, 2, 5} × 10^k that cuts @span into at most
 * @max_intervals intervals; 0 when @span is not a finite positive number. */
double    bg_si_nice_step     (double        span,
                               guint         max_intervals);

/* Fills @ticks with the multiples of bg_si_nice_step (hi - lo, max_intervals)
 * that lie in [lo, hi] (ends included within rounding). FALSE, and count 0,
 * when lo/hi are not finite or hi <= lo. */
gboolean  bg_si_nice_ticks    (double        lo,
                               double        hi,
                               guint         max_intervals,
                               BgTicks      *ticks);
double    bg_si_tick_value    (const BgTicks *ticks,
                               guint         i);

/* Widens a data range [*lo, *hi] outwards to tick boundaries, for auto-fit.
 * Copes with swapped ends, non-finite ends (0..1 when both are), and constant
 * data (v ± 10 %, or −1..1 for 0). */
void      bg_si_nice_range    (double       *lo,
                               double       *hi,
                               guint         max_intervals);

/* The multiple of 3 in [−12, 9] such that |magnitude| / 10^e is in [1, 1000);
 * 0 for 0 and non-finite input. */
int         bg_si_exponent_for     (double      magnitude);

/* The exponent a number of @unit is written with: bg_si_exponent_for, but
 * a number without a unit (NULL or "") between 0.001 and 1 is a plain
 * decimal (0.01, 0.1, 0.9: exponent 0, not "10 m"); prefixes stay for the
 * larger exponents (1.5 k, 250 µ). */
int         bg_si_exponent_for_unit (double      magnitude,
                                     const char *unit);

/* "p" "n" "µ" "m" "" "k" "M" "G" for −12 … 9 in steps of 3 (in Russian
 * "п" "н" "мк" "м" "" "к" "М" "Г"), else NULL. Static strings. */
const char *bg_si_prefix           (int         exponent);

/* FALSE when a prefix cannot be glued to @unit: its first symbol carries a
 * power ("m³/s": µm³ would mean (µm)³) or is already prefixed ("kg"). Such
 * units take bg_si_powered_prefix() or a power of ten ("10⁻⁶ kg·m/s"). */
gboolean    bg_si_unit_takes_prefix (const char *unit);

/* For metres with a power ("m²", "m³", "m³/s"): the prefix whose power
 * gives 10^@exponent (−6 with m³ → "c": 1 cm³ = 10⁻⁶ m³; −3 with m³ → "d";
 * −6 with m² → "m"), "" for 0, NULL when none does (then write 10ⁿ). Only
 * µ m c d k are used. Static strings. */
const char *bg_si_powered_prefix    (int         exponent,
                                     const char *unit);

/* Digits after the point needed to tell ticks @step apart once divided by
 * 10^@exponent (0.2 → 1, 100e-6 with exponent −6 → 0). */
guint       bg_si_decimals_for_step (double     step,
                                     int        exponent);

/* A single value with three significant digits and its own prefix, for
 * read-outs: "1.5 k", "250 mPa", "0", "−3 µ", "12.3 cm³/s",
 * "5×10⁻³ kg·m/s", "— Pa" for NaN; without a unit, 0.001 … 1 as plain
 * decimals ("0.25", "0.01"; bg_si_exponent_for_unit).
 * Free with g_free(). */
char     *bg_si_format        (double        value,
                               const char   *unit);

/* The number value / 10^exponent with @decimals digits, nothing else
 * ("−0.5"); "0" rather than "−0". Free with g_free(). */
char     *bg_si_format_fixed  (double        value,
                               int           exponent,
                               guint         decimals);

/* A tick label for an axis whose title carries bg_si_axis_unit (exponent,
 * unit): the bare number, or for a unitless axis (empty @unit) the number
 * and the prefix ("1.5 k"; "0" stays bare). Free with g_free(). */
char     *bg_si_format_tick   (double        value,
                               int           exponent,
                               guint         decimals,
                               const char   *unit);

/* The unit with the prefix applied, for an axis title: "MPa", "ms",
 * "cm³/s", "10⁻³ m²"; "" for a unitless axis. Free with g_free(). */
char     *bg_si_axis_unit     (int           exponent,
                               const char   *unit);

G_END_DECLS
