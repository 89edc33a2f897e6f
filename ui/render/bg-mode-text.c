/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-mode-text.c — an eigenvalue's columns and read-out.
 *
 * Owns: the zero test, the time constant and the text of a mode's numbers
 * (bg-mode-text.h). Must not: compute eigenvalues or depend on Cairo,
 * Pango or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-mode-text.h"
#include "bg-units.h"

#define MINUS_SIGN "\xe2\x88\x92"     /* U+2212 */
#define EM_DASH "\xe2\x80\x94"        /* U+2014 */
#define SIGNIFICANT 4

double
bg_modes_max_magnitude (GArray *modes)
{
  double max = 0;

  for (guint i = 0; modes != NULL && i < modes->len; i++)
    {
      const BgMode *mode = &g_array_index (modes, BgMode, i);
      double mag = hypot (mode->re, mode->im);

      if (isfinite (mag))
        max = MAX (max, mag);
    }
  return max;
}

gboolean
bg_mode_is_zero (const BgMode *mode,
                 double        max_magnitude)
{
  g_return_val_if_fail (mode != NULL, FALSE);

  return !isfinite (mode->damping)
         || hypot (mode->re, mode->im) <= BG_MODE_ZERO_RELATIVE * max_magnitude;
}

double
bg_mode_time_constant (const BgMode *mode,
                       double        max_magnitude)
{
  g_return_val_if_fail (mode != NULL, NAN);

  if (bg_mode_is_zero (mode, max_magnitude) || mode->re == 0)
    return NAN;
  return 1.0 / fabs (mode->re);
}

gboolean
bg_mode_is_unstable (const BgMode *mode,
                     double        max_magnitude)
{
  g_return_val_if_fail (mode != NULL, FALSE);

  return mode->re > 0 && !bg_mode_is_zero (mode, max_magnitude);
}

/* Removes trailing zeros after a decimal point, and the point itself. */
static void
strip_zeros (GString *s)
{
  if (strchr (s->str, '.') == NULL)
    return;
  while (s->len > 0 && s->str[s->len - 1] == '0')
    g_string_truncate (s, s->len - 1);
  if (s->len > 0 && s->str[s->len - 1] == '.')
    g_string_truncate (s, s->len - 1);
}

static void
append_superscript (GString *s,
                    int      exponent)
{
  static const char *const digits[] = {
    "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
    "\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9",
  };
  char text[16];

  if (exponent < 0)
    g_string_append (s, "\xe2\x81\xbb");   /* superscript minus */
  g_snprintf (text, sizeof text, "%d", ABS (exponent));
  for (const char *p = text; *p != '\0'; p++)
    g_string_append (s, digits[*p - '0']);
}

char *
bg_mode_format_number (double value)
{
  GString *s;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double mag = fabs (value);
  int exponent;

  if (isnan (value))
    return g_strdup (EM_DASH);
  if (isinf (value))
    return g_strdup (value < 0 ? MINUS_SIGN "\xe2\x88\x9e" : "\xe2\x88\x9e");
  if (value == 0)
    return g_strdup ("0");

  s = g_string_new (value < 0 ? MINUS_SIGN : "");
  exponent = (int) floor (log10 (mag));
  if (mag >= 1e-4 && mag < 1e7)
    {
      int decimals = MAX (0, SIGNIFICANT - 1 - exponent);
      char format[8];

      g_snprintf (format, sizeof format, "%%.%df", decimals);
      g_ascii_formatd (buf, sizeof buf, format, mag);
      g_string_append (s, buf);
      strip_zeros (s);
      return g_string_free (s, FALSE);
    }
  {
    double mantissa = mag / pow (10, exponent);

    /* 9.9996e-5 rounds to 10.00: carry into the exponent */
    if (round (mantissa * 1000) >= 10000)
      {
        exponent++;
        mantissa /= 10;
      }
    g_ascii_formatd (buf, sizeof buf, "%.3f", mantissa);
    g_string_append (s, buf);
    strip_zeros (s);
    g_string_append (s, "\xc3\x97" "10");  /* ×10 */
    append_superscript (s, exponent);
  }
  return g_string_free (s, FALSE);
}

void
bg_mode_text_init (BgModeText   *text,
                   const BgMode *mode,
                   double        max_magnitude)
{
  gboolean zero;

  g_return_if_fail (text != NULL && mode != NULL);

  zero = bg_mode_is_zero (mode, max_magnitude);
  text->re = bg_mode_format_number (zero ? 0 : mode->re);
  text->im = bg_mode_format_number (zero ? 0 : mode->im);
  text->hz = bg_mode_format_number (zero ? 0 : mode->frequency_hz);
  text->rad_s = bg_mode_format_number (zero ? 0 : 2 * G_PI * mode->frequency_hz);
  text->damping = zero ? g_strdup (EM_DASH) : bg_mode_format_number (mode->damping);
  text->tau = bg_mode_format_number (bg_mode_time_constant (mode, max_magnitude));
}

void
bg_mode_text_clear (BgModeText *text)
{
  g_return_if_fail (text != NULL);

  g_clear_pointer (&text->re, g_free);
  g_clear_pointer (&text->im, g_free);
  g_clear_pointer (&text->hz, g_free);
  g_clear_pointer (&text->rad_s, g_free);
  g_clear_pointer (&text->damping, g_free);
  g_clear_pointer (&text->tau, g_free);
}

char *
bg_mode_dup_readout (const BgMode *mode,
                     double        max_magnitude)
{
  BgModeText text;
  g_autofree char *lambda = NULL;
  g_autofree char *tau = NULL;
  g_autofree char *s = NULL, *per_second = NULL, *hz = NULL, *rad_s = NULL;
  char *readout;

  g_return_val_if_fail (mode != NULL, NULL);

  s = bg_units_localize ("s");
  per_second = bg_units_localize ("1/s");
  hz = bg_units_localize ("Hz");
  rad_s = bg_units_localize ("rad/s");

  bg_mode_text_init (&text, mode, max_magnitude);
  if (bg_mode_is_zero (mode, max_magnitude))
    lambda = g_strdup ("0");
  else if (mode->im == 0)
    lambda = g_strdup (text.re);
  else
    {
      g_autofree char *im = bg_mode_format_number (fabs (mode->im));

      lambda = g_strdup_printf ("%s %s %sj", text.re, mode->im < 0 ? MINUS_SIGN : "+", im);
    }
  if (isnan (bg_mode_time_constant (mode, max_magnitude)))
    tau = g_strdup (text.tau);
  else
    tau = g_strdup_printf ("%s %s", text.tau, s);
  /* the read-out of one eigenvalue on the pole map: λ, natural frequency in
   * Hz and rad/s, damping ratio, time constant ("0.5584 s"), the units in
   * the user's symbols */
  readout = g_strdup_printf ("λ = %s %s · f = %s %s (%s %s) · ζ = %s · τ = %s",
                             lambda, per_second, text.hz, hz, text.rad_s, rad_s, text.damping, tau);
  bg_mode_text_clear (&text);
  return readout;
}
