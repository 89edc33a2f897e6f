/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-waveform.c — u(t) of sources and load forces, their switching times.
 *
 * Owns: see bg-waveform.h. Every jump or kink is a switching time, so
 * between two of them u(t) is smooth and the solver integrates it exactly
 * by restarting there. Must not: know about the model, plans or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-waveform.h"

const char *const bg_wave_choices[] = {
  "constant", "step", "ramp", "sine", "pulse", "table", NULL
};

BgWaveKind
bg_wave_kind_from_name (const char *name)
{
  for (guint i = 0; name != NULL && bg_wave_choices[i] != NULL; i++)
    if (strcmp (name, bg_wave_choices[i]) == 0)
      return (BgWaveKind) i;
  return BG_WAVE_CONSTANT;
}

static const BgParamValue *
find_value (const BgComponentSpec *spec,
            const BgParamValue    *values,
            const char            *name)
{
  guint index;

  if (bg_component_spec_find_param (spec, name, &index) == NULL)
    return NULL;
  return &values[index];
}

static double
number_of (const BgComponentSpec *spec,
           const BgParamValue    *values,
           const char            *name,
           double                 fallback)
{
  const BgParamValue *v = find_value (spec, values, name);

  return v != NULL && v->kind == BG_PARAM_NUMBER ? v->number : fallback;
}

void
bg_wave_from_params (BgWave                *wave,
                     const BgComponentSpec *spec,
                     const BgParamValue    *values,
                     const char            *value_name)
{
  const BgParamValue *form = find_value (spec, values, "waveform");
  const BgParamValue *points = find_value (spec, values, "points");

  g_return_if_fail (wave != NULL && spec != NULL && values != NULL);

  memset (wave, 0, sizeof *wave);
  wave->kind = form != NULL ? bg_wave_kind_from_name (form->choice) : BG_WAVE_CONSTANT;
  wave->value = number_of (spec, values, value_name, NAN);
  wave->after = number_of (spec, values, "after", wave->value);
  wave->time = number_of (spec, values, "time", 0);
  wave->slope = number_of (spec, values, "slope", 0);
  wave->until = number_of (spec, values, "until", 0);
  wave->amplitude = number_of (spec, values, "amplitude", 0);
  wave->frequency = number_of (spec, values, "frequency", 1);
  wave->phase = number_of (spec, values, "phase", 0);
  wave->width = number_of (spec, values, "width", 0.5);
  wave->period = number_of (spec, values, "period", 1);
  if (points != NULL && points->table != NULL)
    {
      wave->points = (const double *) (gpointer) points->table->data;
      wave->n_points = points->table->len / 2;
    }
  if (wave->kind == BG_WAVE_TABLE && wave->n_points < 2)
    wave->kind = BG_WAVE_CONSTANT;
}

static double
table_eval (const BgWave *wave,
            double        t)
{
  const double *p = wave->points;
  guint lo = 0, hi = wave->n_points - 1;

  if (t <= p[0])
    return p[1];
  if (t >= p[2 * hi])
    return p[2 * hi + 1];
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;

      if (p[2 * mid] <= t)
        lo = mid;
      else
        hi = mid;
    }
  return p[2 * lo + 1] + (p[2 * hi + 1] - p[2 * lo + 1])
         * (t - p[2 * lo]) / (p[2 * hi] - p[2 * lo]);
}

static gboolean
pulse_is_high (const BgWave *wave,
               double        t)
{
  double since;

  if (t < wave->time)
    return FALSE;
  since = fmod (t - wave->time, wave->period);
  return since < wave->width;
}

double
bg_wave_eval (const BgWave *wave,
              double        t,
              double        t_level)
{
  switch (wave->kind)
    {
    case BG_WAVE_STEP:
      return t_level >= wave->time ? wave->after : wave->value;
    case BG_WAVE_RAMP:
      if (t < wave->time)
        return wave->value;
      if (wave->until > wave->time)
        t = MIN (t, wave->until);
      return wave->value + wave->slope * (t - wave->time);
    case BG_WAVE_SINE:
      return wave->value
             + wave->amplitude * sin (2 * G_PI * wave->frequency * t + wave->phase);
    case BG_WAVE_PULSE:
      return pulse_is_high (wave, t_level) ? wave->after : wave->value;
    case BG_WAVE_TABLE:
      return table_eval (wave, t);
    case BG_WAVE_CONSTANT:
    default:
      return wave->value;
    }
}

static void
add_time (GArray *times,
          double  t,
          double  t_end)
{
  if (t > 0 && t < t_end)
    g_array_append_val (times, t);
}

static gboolean
too_many (const BgWave *wave,
          guint64       count,
          GError      **error)
{
  g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, count);

  g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
               _("%s: its %s waveform has %s switching times "
                 "before the end of the run, more than %d; use a longer period, "
                 "fewer points or a shorter run"),
               wave->owner != NULL ? wave->owner : "?",
               bg_wave_choices[wave->kind], number, BG_WAVE_MAX_SWITCHES);
  return FALSE;
}

gboolean
bg_wave_switch_times (const BgWave *wave,
                      double        t_end,
                      GArray       *times,
                      GError      **error)
{
  g_return_val_if_fail (wave != NULL && times != NULL, FALSE);

  switch (wave->kind)
    {
    case BG_WAVE_STEP:
      if (wave->value != wave->after)
        add_time (times, wave->time, t_end);
      break;
    case BG_WAVE_RAMP:
      if (wave->slope != 0)
        {
          add_time (times, wave->time, t_end);
          if (wave->until > wave->time)
            add_time (times, wave->until, t_end);
        }
      break;
    case BG_WAVE_PULSE:
      if (wave->value != wave->after && wave->time < t_end)
        {
          /* Edges t0 + k·period and t0 + k·period + width. */
          double cycles = ceil ((t_end - wave->time) / wave->period);
          guint64 count = cycles > 0 ? (guint64) (2 * cycles) : 0;
          guint first = times->len;

          if (!(cycles <= BG_WAVE_MAX_SWITCHES))
            return too_many (wave, count, error);
          for (guint64 k = 0; k < (guint64) cycles; k++)
            {
              double start = wave->time + (double) k * wave->period;

              add_time (times, start, t_end);
              add_time (times, start + wave->width, t_end);
            }
          if (times->len - first > BG_WAVE_MAX_SWITCHES)
            {
              count = times->len - first;
              g_array_set_size (times, first);
              return too_many (wave, count, error);
            }
        }
      break;
    case BG_WAVE_TABLE:
      {
        guint count = 0;

        for (guint i = 0; i < wave->n_points; i++)
          count += wave->points[2 * i] > 0 && wave->points[2 * i] < t_end;
        if (count > BG_WAVE_MAX_SWITCHES)
          return too_many (wave, count, error);
        for (guint i = 0; i < wave->n_points; i++)
          add_time (times, wave->points[2 * i], t_end);
      }
      break;
    case BG_WAVE_CONSTANT:
    case BG_WAVE_SINE:
    default:
      break;
    }
  return TRUE;
}

double
bg_wave_magnitude (const BgWave *wave,
                   double        t_end)
{
  double m = fabs (wave->value);

  switch (wave->kind)
    {
    case BG_WAVE_STEP:
    case BG_WAVE_PULSE:
      return MAX (m, fabs (wave->after));
    case BG_WAVE_RAMP:
      return MAX (m, fabs (bg_wave_eval (wave, t_end, t_end)));
    case BG_WAVE_SINE:
      return m + fabs (wave->amplitude);
    case BG_WAVE_TABLE:
      m = 0;
      for (guint i = 0; i < wave->n_points; i++)
        m = MAX (m, fabs (wave->points[2 * i + 1]));
      return m;
    case BG_WAVE_CONSTANT:
    default:
      return m;
    }
}

static gboolean
check_table (const GArray *table,
             GError      **error)
{
  guint n = table != NULL ? table->len / 2 : 0;

  if (n < 2)
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("points: needs at least 2 rows [t, u]"));
      return FALSE;
    }
  for (guint i = 1; i < n; i++)
    if (!(g_array_index (table, double, 2 * i) > g_array_index (table, double, 2 * i - 2)))
      {
        g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                     _("points: row %u: t must be greater than in the row before"),
                     i + 1);
        return FALSE;
      }
  return TRUE;
}

gboolean
bg_wave_validate (const BgComponentSpec *spec,
                  const BgParamValue    *values,
                  GError               **error)
{
  const BgParamValue *form = find_value (spec, values, "waveform");
  BgWaveKind kind = form != NULL ? bg_wave_kind_from_name (form->choice) : BG_WAVE_CONSTANT;
  double time = number_of (spec, values, "time", 0);

  switch (kind)
    {
    case BG_WAVE_RAMP:
      {
        double until = number_of (spec, values, "until", 0);

        if (until != 0 && !(until > time))
          {
            g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                         _("until: must be greater than the start time (%g s), "
                           "or 0 for a ramp without end"), time);
            return FALSE;
          }
      }
      break;
    case BG_WAVE_PULSE:
      {
        double width = number_of (spec, values, "width", 0.5);
        double period = number_of (spec, values, "period", 1);

        if (!(period > width))
          {
            g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                         _("period: must be greater than the pulse width (%g s)"),
                         width);
            return FALSE;
          }
      }
      break;
    case BG_WAVE_TABLE:
      {
        const BgParamValue *points = find_value (spec, values, "points");

        return check_table (points != NULL ? points->table : NULL, error);
      }
    case BG_WAVE_CONSTANT:
    case BG_WAVE_STEP:
    case BG_WAVE_SINE:
    default:
      break;
    }
  return TRUE;
}

gboolean
bg_wave_default_for (const char *waveform,
                     const char *param,
                     double     *number)
{
  if (g_strcmp0 (waveform, "pulse") == 0 && g_strcmp0 (param, "after") == 0)
    {
      *number = 1;
      return TRUE;
    }
  if (g_strcmp0 (waveform, "step") != 0 && g_strcmp0 (param, "time") == 0)
    {
      *number = 0;
      return TRUE;
    }
  return FALSE;
}

/* Sets @name to @number in the list, replacing an earlier entry. */
static guint
switch_set (const char **names,
            double      *numbers,
            guint        n,
            guint        max,
            const char  *name,
            double       number)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (names[i], name) == 0)
      {
        numbers[i] = number;
        return n;
      }
  if (n == max)
    return n;
  names[n] = name;
  numbers[n] = number;
  return n + 1;
}

static const char *
value_name_of (const BgComponentSpec *spec)
{
  return spec->waveform_param != NULL ? spec->waveform_param : "value";
}

guint
bg_wave_switch_numbers (const BgComponentSpec *spec,
                        const BgParamValue    *values,
                        const char            *waveform,
                        const char           **names,
                        double                *numbers,
                        guint                  max)
{
  const BgParamValue *form;
  const BgParamSpec *after_spec;
  const char *old;
  guint n = 0, after;
  double old_after_default;

  g_return_val_if_fail (spec != NULL && values != NULL && waveform != NULL, 0);
  g_return_val_if_fail (names != NULL && numbers != NULL, 0);

  form = find_value (spec, values, "waveform");
  if (form == NULL || form->kind != BG_PARAM_CHOICE)
    return 0;
  old = form->choice;
  for (guint i = 0; i < spec->n_params; i++)
    {
      const char *name = spec->params[i].name;
      double old_default = spec->params[i].default_number;
      double new_default = old_default;

      if (spec->params[i].kind != BG_PARAM_NUMBER)
        continue;
      bg_wave_default_for (old, name, &old_default);
      bg_wave_default_for (waveform, name, &new_default);
      if (old_default != new_default && values[i].number == old_default)
        n = switch_set (names, numbers, n, max, name, new_default);
    }

  after_spec = bg_component_spec_find_param (spec, "after", &after);
  if (g_strcmp0 (waveform, "step") != 0 || g_strcmp0 (old, "step") == 0 || after_spec == NULL)
    return n;
  old_after_default = after_spec->default_number;
  bg_wave_default_for (old, "after", &old_after_default);
  if (values[after].number == old_after_default)
    {
      double base = number_of (spec, values, value_name_of (spec), 0);

      if (base != 0)
        {
          n = switch_set (names, numbers, n, max, value_name_of (spec), 0);
          n = switch_set (names, numbers, n, max, "after", base);
        }
      else
        n = switch_set (names, numbers, n, max, "after", 1);
    }
  return n;
}

char *
bg_wave_param_label (const BgComponentSpec *spec,
                     const BgParamSpec     *pspec,
                     const BgParamValue    *values)
{
  const BgParamValue *form;
  const BgParamSpec *level;
  BgWaveKind kind;
  const char *level_label;

  g_return_val_if_fail (spec != NULL && pspec != NULL, NULL);

  form = values != NULL ? find_value (spec, values, "waveform") : NULL;
  level = bg_component_spec_find_param (spec, value_name_of (spec), NULL);
  if (form == NULL || form->kind != BG_PARAM_CHOICE || level == NULL)
    return g_strdup (g_dgettext (GETTEXT_PACKAGE, pspec->label));
  kind = bg_wave_kind_from_name (form->choice);
  level_label = g_dgettext (GETTEXT_PACKAGE, level->label);

  if (kind == BG_WAVE_STEP && pspec == level)
    /* Translators: %s is a source's level, "Force", "Voltage" */
    return g_strdup_printf (_("%s before the step"), level_label);
  if (kind == BG_WAVE_STEP && strcmp (pspec->name, "after") == 0)
    /* Translators: %s is a source's level, "Force", "Voltage" */
    return g_strdup_printf (_("%s after the step"), level_label);
  if (kind == BG_WAVE_PULSE && pspec == level)
    /* Translators: %s is a source's level, "Force", "Voltage" */
    return g_strdup_printf (_("%s between pulses"), level_label);
  if (kind == BG_WAVE_PULSE && strcmp (pspec->name, "after") == 0)
    /* Translators: %s is a source's level, "Force", "Voltage" */
    return g_strdup_printf (_("%s during a pulse"), level_label);
  if (strcmp (pspec->name, "time") == 0 && kind == BG_WAVE_STEP)
    return g_strdup (_("Step time"));
  if (strcmp (pspec->name, "time") == 0 && kind == BG_WAVE_RAMP)
    return g_strdup (_("Start of the ramp"));
  if (strcmp (pspec->name, "time") == 0 && kind == BG_WAVE_PULSE)
    return g_strdup (_("Start of the first pulse"));
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, pspec->label));
}

gboolean
bg_param_is_visible (const BgComponentSpec *spec,
                     const BgParamSpec     *pspec,
                     const BgParamValue    *values)
{
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) words = NULL;
  const BgParamValue *other;

  g_return_val_if_fail (spec != NULL && pspec != NULL, TRUE);

  if (pspec->visible_if == NULL || values == NULL)
    return TRUE;
  parts = g_strsplit (pspec->visible_if, "=", 2);
  if (parts[0] == NULL || parts[1] == NULL)
    return TRUE;
  other = find_value (spec, values, parts[0]);
  if (other == NULL || other->kind != BG_PARAM_CHOICE)
    return TRUE;
  words = g_strsplit (parts[1], "|", -1);
  return other->choice != NULL && g_strv_contains ((const char *const *) words, other->choice);
}

char *
bg_wave_describe (const BgWave *wave)
{
  g_return_val_if_fail (wave != NULL, NULL);

  switch (wave->kind)
    {
    case BG_WAVE_STEP:
      return g_strdup_printf (_("u = %g for t < %g s, then %g"),
                              wave->value, wave->time, wave->after);
    case BG_WAVE_RAMP:
      if (wave->until > wave->time)
        return g_strdup_printf (_("u = %g + %g·(min(t, %g s) − %g s) for t ≥ %g s, else %g"),
                                wave->value, wave->slope, wave->until, wave->time,
                                wave->time, wave->value);
      return g_strdup_printf (_("u = %g + %g·(t − %g s) for t ≥ %g s, else %g"),
                              wave->value, wave->slope, wave->time, wave->time, wave->value);
    case BG_WAVE_SINE:
      return g_strdup_printf (_("u = %g + %g·sin(2π·%g Hz·t + %g)"),
                              wave->value, wave->amplitude, wave->frequency, wave->phase);
    case BG_WAVE_PULSE:
      return g_strdup_printf (_("u = %g for the first %g s of every %g s from t = %g s, else %g"),
                              wave->after, wave->width, wave->period, wave->time, wave->value);
    case BG_WAVE_TABLE:
      return g_strdup_printf (_("u(t) linear between %u table points, flat outside"),
                              wave->n_points);
    case BG_WAVE_CONSTANT:
    default:
      return g_strdup_printf (_("u = %g"), wave->value);
    }
}
