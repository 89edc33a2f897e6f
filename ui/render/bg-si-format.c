/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-si-format.c — SI-prefix number formatting and "nice" axis ticks.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: 1-2-5 tick steps, the choice of one SI prefix per axis or value, and
 * the text of numbers written with it. Pure functions, no state.
 * The symbols are written in the user's language (core/bg-units.c: the
 * one table of prefixes and units).
 * Must not: depend on Cairo/Pango, on the process locale, or on globals.
 */
#include "config.h"

#include "bg-si-format.h"
#include "bg-units.h"

#include <math.h>
#include <string.h>

#define MINUS_SIGN "\xe2\x88\x92"     /* U+2212 */
#define MICRO_SIGN "\xc2\xb5"         /* U+00B5 */
#define MAX_DECIMALS 15

static const char *const superscript_digits[] = {
  "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
  "\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9",
};
#define SUPERSCRIPT_MINUS "\xe2\x81\xbb"  /* U+207B */

double
bg_si_nice_step (double span,
                 guint  max_intervals)
{
  double raw, mag, norm;

  g_return_val_if_fail (max_intervals > 0, 0.0);

  if (!isfinite (span) || span <= 0.0)
    return 0.0;

  raw = span / max_intervals;
  mag = pow (10.0, floor (log10 (raw)));
  norm = raw / mag;

  /* Relative slack: a span that lost digits to rounding (1 + 1e-9 − 1) must
   * not jump to the next step. */
  if (norm <= 1.0 + 1e-6)
    return mag;
  if (norm <= 2.0 + 1e-6)
    return 2.0 * mag;
  if (norm <= 5.0 + 1e-6)
    return 5.0 * mag;
  return 10.0 * mag;
}

gboolean
bg_si_nice_ticks (double   lo,
                  double   hi,
                  guint    max_intervals,
                  BgTicks *ticks)
{
  double step, k0, k1, slack;

  g_return_val_if_fail (ticks != NULL, FALSE);
  g_return_val_if_fail (max_intervals > 0, FALSE);

  ticks->first = 0.0;
  ticks->step = 0.0;
  ticks->count = 0;

  if (!isfinite (lo) || !isfinite (hi) || !(hi > lo))
    return FALSE;

  step = bg_si_nice_step (hi - lo, max_intervals);
  if (!(step > 0.0))
    return FALSE;

  /* Ticks that sit on the ends within rounding noise count as inside. */
  slack = 1e-9;
  k0 = ceil (lo / step - slack);
  k1 = floor (hi / step + slack);
  if (k1 < k0)
    return FALSE;

  ticks->first = k0 * step;
  ticks->step = step;
  ticks->count = (guint) (k1 - k0) + 1;
  return TRUE;
}

double
bg_si_tick_value (const BgTicks *ticks,
                  guint          i)
{
  double k, v;

  g_return_val_if_fail (ticks != NULL, 0.0);

  /* (k0 + i) * step rather than a running sum: no accumulated error. */
  k = round (ticks->first / ticks->step) + i;
  v = k * ticks->step;
  if (fabs (v) < ticks->step * 1e-9)
    v = 0.0;
  return v;
}

void
bg_si_nice_range (double *lo,
                  double *hi,
                  guint   max_intervals)
{
  double a, b, step, mag;
  guint guard;

  g_return_if_fail (lo != NULL && hi != NULL);
  g_return_if_fail (max_intervals > 0);

  a = *lo;
  b = *hi;
  if (!isfinite (a) && !isfinite (b))
    {
      a = 0.0;
      b = 1.0;
    }
  else if (!isfinite (a))
    a = b;
  else if (!isfinite (b))
    b = a;
  if (a > b)
    {
      double tmp = a;
      a = b;
      b = tmp;
    }

  /* Constant data (or a span lost in rounding): centre it in a small band. */
  mag = MAX (fabs (a), fabs (b));
  if (b - a <= mag * 1e-12)
    {
      double mid = 0.5 * (a + b);
      double pad = mid == 0.0 ? 1.0 : fabs (mid) * 0.1;
      a = mid - pad;
      b = mid + pad;
    }

  step = bg_si_nice_step (b - a, max_intervals);
  for (guard = 0; guard < 8 && step > 0.0; guard++)
    {
      double na = floor (a / step + 1e-9) * step;
      double nb = ceil (b / step - 1e-9) * step;
      if ((nb - na) / step <= max_intervals + 1e-9)
        {
          a = na;
          b = nb;
          break;
        }
      step = bg_si_nice_step (step * 1.5, 1);
    }

  *lo = a;
  *hi = b;
}

int
bg_si_exponent_for (double magnitude)
{
  int e;

  magnitude = fabs (magnitude);
  if (!isfinite (magnitude) || magnitude == 0.0)
    return 0;

  e = (int) floor (floor (log10 (magnitude) + 1e-9) / 3.0) * 3;
  return CLAMP (e, -12, 9);
}

int
bg_si_exponent_for_unit (double      magnitude,
                         const char *unit)
{
  int e = bg_si_exponent_for (magnitude);

  if (e == -3 && (unit == NULL || *unit == '\0'))
    return 0;
  return e;
}

/* The international symbol, which the unit's text is built with before it
 * is written in the user's symbols (bg_units_localize). */
static const char *
latin_prefix (int exponent)
{
  switch (exponent)
    {
    case -12: return "p";
    case -9:  return "n";
    case -6:  return MICRO_SIGN;
    case -3:  return "m";
    case 0:   return "";
    case 3:   return "k";
    case 6:   return "M";
    case 9:   return "G";
    default:  return NULL;
    }
}

const char *
bg_si_prefix (int exponent)
{
  if (latin_prefix (exponent) == NULL)
    return NULL;
  return bg_units_prefix (exponent);
}

gboolean
bg_si_unit_takes_prefix (const char *unit)
{
  const char *p;

  if (unit == NULL || *unit == '\0')
    return TRUE;

  /* Already prefixed base unit, or not a unit symbol a prefix can stick to. */
  if (g_str_has_prefix (unit, "kg") || g_str_has_prefix (unit, "%") ||
      g_str_has_prefix (unit, "\xc2\xb0"))
    return FALSE;

  /* A prefix binds to the first symbol with its power: µm³ is (µm)³, so
   * "m³" or "m^2" must not take one. */
  for (p = unit; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '/' || c == ' ' || c == '*' || c == 0x00B7 || c == 0x22C5)
        break;
      if (c == '^' || c == 0x00B2 || c == 0x00B3 || g_unichar_isdigit (c))
        return FALSE;
    }
  return TRUE;
}

const char *
bg_si_powered_prefix (int         exponent,
                      const char *unit)
{
  static const struct { int e; const char *p; } prefixes[] = {
    { -6, MICRO_SIGN }, { -3, "m" }, { -2, "c" }, { -1, "d" }, { 3, "k" },
  };
  int power;
  guint i;

  /* Only metres with a power: m², m³, m³/s, … */
  if (unit == NULL || unit[0] != 'm')
    return NULL;
  if (g_str_has_prefix (unit + 1, "\xc2\xb2"))
    power = 2;
  else if (g_str_has_prefix (unit + 1, "\xc2\xb3"))
    power = 3;
  else
    return NULL;

  if (exponent == 0)
    return "";
  for (i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (prefixes[i].e * power == exponent)
      return prefixes[i].p;
  return NULL;
}

guint
bg_si_decimals_for_step (double step,
                         int    exponent)
{
  double scaled, d;

  if (!isfinite (step) || step <= 0.0)
    return 0;

  scaled = step / pow (10.0, exponent);
  d = ceil (-log10 (scaled) - 1e-9);
  if (d <= 0.0)
    return 0;
  return (guint) MIN (d, MAX_DECIMALS);
}

/* Writes |x| with @decimals digits after '.', then the true minus sign in
 * front when the written number is not zero. */
static void
append_number (GString *s,
               double   x,
               guint    decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[16];
  gboolean negative = x < 0.0;
  const char *p;
  gboolean all_zero = TRUE;

  g_snprintf (fmt, sizeof fmt, "%%.%uf", MIN (decimals, MAX_DECIMALS));
  g_ascii_formatd (buf, sizeof buf, fmt, fabs (x));

  for (p = buf; *p != '\0'; p++)
    if (*p >= '1' && *p <= '9')
      all_zero = FALSE;

  if (negative && !all_zero)
    g_string_append (s, MINUS_SIGN);
  g_string_append (s, all_zero ? "0" : buf);
}

static void
append_power_of_ten (GString *s,
                     int      exponent)
{
  char digits[16];
  const char *p;

  g_string_append (s, "10");
  if (exponent < 0)
    g_string_append (s, SUPERSCRIPT_MINUS);
  g_snprintf (digits, sizeof digits, "%d", ABS (exponent));
  for (p = digits; *p != '\0'; p++)
    g_string_append (s, superscript_digits[*p - '0']);
}

/* Removes trailing zeros after a decimal point, and the point itself. */
static void
strip_trailing_zeros (GString *s,
                      gsize    start)
{
  const char *dot = strchr (s->str + start, '.');

  if (dot == NULL)
    return;
  while (s->len > start && s->str[s->len - 1] == '0')
    g_string_truncate (s, s->len - 1);
  if (s->len > start && s->str[s->len - 1] == '.')
    g_string_truncate (s, s->len - 1);
}

char *
bg_si_format (double      value,
              const char *unit)
{
  GString *s = g_string_new (NULL);
  g_autoptr(GString) suffix = g_string_new (NULL);  /* after the number, international */
  gboolean has_unit = unit != NULL && *unit != '\0';
  int e = 0;
  double m;
  int int_digits;
  guint decimals;

  if (isnan (value))
    {
      g_string_append (s, "\xe2\x80\x94");   /* em dash: no value */
      goto unit;
    }
  if (isinf (value))
    {
      g_string_append (s, value < 0 ? MINUS_SIGN "\xe2\x88\x9e" : "\xe2\x88\x9e");
      goto unit;
    }

  /* Three significant digits; rounding may carry into the next prefix
   * (999.96 → "1 k"), so round first and re-choose. */
  if (value != 0.0)
    {
      double r;

      e = bg_si_exponent_for_unit (value, unit);
      m = value / pow (10.0, e);
      int_digits = (int) floor (log10 (fabs (m)) + 1e-9) + 1;
      decimals = (guint) MAX (0, 3 - int_digits);
      r = round (m * pow (10.0, decimals)) / pow (10.0, decimals);
      if (fabs (r) >= 1000.0 && e < 9)
        {
          e += 3;
          m = value / pow (10.0, e);
          int_digits = (int) floor (log10 (fabs (m)) + 1e-9) + 1;
          decimals = (guint) MAX (0, 3 - int_digits);
        }
    }
  else
    {
      m = 0.0;
      decimals = 0;
    }

  {
    gsize start = s->len;
    append_number (s, m, decimals);
    strip_trailing_zeros (s, start);
  }

  if (e != 0 && !bg_si_unit_takes_prefix (unit))
    {
      const char *powered = bg_si_powered_prefix (e, unit);

      if (powered != NULL)
        {
          g_string_append_c (suffix, ' ');
          g_string_append (suffix, powered);
        }
      else
        {
          g_string_append (suffix, "\xc3\x97");   /* × */
          append_power_of_ten (suffix, e);
          g_string_append_c (suffix, ' ');
        }
    }
  else if (e != 0 && !has_unit)
    {
      /* a bare prefix: "1.5 k", in the user's symbols */
      g_string_append_c (s, ' ');
      g_string_append (s, bg_si_prefix (e));
    }
  else if (e != 0 || has_unit)
    {
      g_string_append_c (suffix, ' ');
      g_string_append (suffix, latin_prefix (e));
    }

unit:
  if (has_unit)
    {
      g_autofree char *shown = NULL;

      if (isnan (value) || isinf (value))
        g_string_append_c (suffix, ' ');
      g_string_append (suffix, unit);
      /* the prefix and the unit in the user's symbols: "250 мПа" */
      shown = bg_units_localize (suffix->str);
      g_string_append (s, shown);
    }
  return g_string_free (s, FALSE);
}

char *
bg_si_format_fixed (double value,
                    int    exponent,
                    guint  decimals)
{
  GString *s = g_string_new (NULL);

  append_number (s, value / pow (10.0, exponent), decimals);
  return g_string_free (s, FALSE);
}

char *
bg_si_format_tick (double      value,
                   int         exponent,
                   guint       decimals,
                   const char *unit)
{
  GString *s = g_string_new (NULL);
  const char *prefix = bg_si_prefix (exponent);
  double scaled = value / pow (10.0, exponent);

  /* Beyond the prefixes (|x| ≥ 10¹⁵ even with G): a short float, not 25
   * digits. */
  if (fabs (scaled) >= 1e6)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_ascii_formatd (buf, sizeof buf, "%.4g", fabs (scaled));
      if (scaled < 0.0)
        g_string_append (s, MINUS_SIGN);
      g_string_append (s, buf);
    }
  else
    append_number (s, scaled, decimals);

  /* A unitless axis has no label to carry the prefix: the ticks carry it. */
  if ((unit == NULL || *unit == '\0') && exponent != 0 && prefix != NULL &&
      strcmp (s->str, "0") != 0)
    {
      g_string_append_c (s, ' ');
      g_string_append (s, prefix);
    }
  return g_string_free (s, FALSE);
}

char *
bg_si_axis_unit (int         exponent,
                 const char *unit)
{
  GString *s;

  if (unit == NULL || *unit == '\0')
    return g_strdup ("");

  s = g_string_new (NULL);
  if (exponent == 0)
    g_string_append (s, unit);
  else if (bg_si_unit_takes_prefix (unit) && latin_prefix (exponent) != NULL)
    {
      g_string_append (s, latin_prefix (exponent));
      g_string_append (s, unit);
    }
  else if (bg_si_powered_prefix (exponent, unit) != NULL)
    {
      g_string_append (s, bg_si_powered_prefix (exponent, unit));
      g_string_append (s, unit);
    }
  else
    {
      append_power_of_ten (s, exponent);
      g_string_append_c (s, ' ');
      g_string_append (s, unit);
    }
  /* "MPa" → "МПа" in Russian */
  {
    g_autofree char *shown = bg_units_localize (s->str);

    g_string_free (s, TRUE);
    return g_steal_pointer (&shown);
  }
}
