/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-waveform.h — time functions u(t) of sources and load forces.
 *
 * Owns: the waveform words of docs/components.md ("constant", "step", "ramp",
 * "sine", "pulse", "table"), reading one from an element's parameters,
 * u(t), its switching times (every kink and jump), the defaults that
 * depend on the waveform (a pulse's `after` and `time`) and what switching
 * to one sets (a step up from rest), the cross-parameter check of a
 * waveform, the visibility rule of its parameters and their captions in
 * the waveform's words ("Force before the step"). Must not:
 * know about the model, the analyzer, plans or GTK; keep state.
 */
#pragma once

#include <glib.h>
#include "bg-library.h"

G_BEGIN_DECLS

/* At most this many switching times in (0, t_end) per waveform. */
#define BG_WAVE_MAX_SWITCHES 100000

typedef enum
{
  BG_WAVE_CONSTANT,
  BG_WAVE_STEP,
  BG_WAVE_RAMP,
  BG_WAVE_SINE,
  BG_WAVE_PULSE,
  BG_WAVE_TABLE,
} BgWaveKind;

typedef struct
{
  BgWaveKind    kind;
  double        value;                      /* base level */
  double        after, time;                /* step: level after, time; pulse: high level, start */
  double        slope, until;               /* ramp: from `time`; until 0 = no end */
  double        amplitude, frequency, phase;/* sine */
  double        width, period;              /* pulse */
  const double *points;                     /* table: t, u pairs (borrowed) */
  guint         n_points;
  const char   *owner;                      /* element id for messages (borrowed) or NULL */
} BgWave;

/* The words, NULL-terminated, in the order the inspector offers them. */
extern const char *const bg_wave_choices[];

BgWaveKind bg_wave_kind_from_name   (const char *name);
/* Fills wave from a spec's "waveform", value_name ("value" or "load"),
 * "after", "time", ... parameters (values in spec order). */
void       bg_wave_from_params      (BgWave                *wave,
                                     const BgComponentSpec *spec,
                                     const BgParamValue    *values,
                                     const char            *value_name);
/* u(t). Jumps (step, pulse) take their level at t_level, which the solver
 * keeps inside the current segment between switching times; continuous
 * waveforms use t. Pass t_level = t outside a solver. */
double     bg_wave_eval             (const BgWave *wave,
                                     double        t,
                                     double        t_level);
/* Switching times in (0, t_end), sorted, appended to times (doubles).
 * FALSE (times untouched) with a message naming wave->owner when there
 * are more than BG_WAVE_MAX_SWITCHES. */
gboolean   bg_wave_switch_times     (const BgWave *wave,
                                     double        t_end,
                                     GArray       *times,
                                     GError      **error);
/* The largest |u| over [0, t_end]: a typical magnitude for scaling. */
double     bg_wave_magnitude        (const BgWave *wave,
                                     double        t_end);
/* Cross-parameter check of a waveform (spec->validate of sources and the
 * load). Messages start with the parameter's name: "until: must be > ...". */
gboolean   bg_wave_validate         (const BgComponentSpec *spec,
                                     const BgParamValue    *values,
                                     GError               **error);
/* The default of a waveform parameter that depends on the waveform (a
 * pulse's `after` = 1 and `time` = 0); FALSE if it has none beyond the spec's. */
gboolean   bg_wave_default_for      (const char *waveform,
                                     const char *param,
                                     double     *number);
/* What choosing @waveform for an element whose parameters are @values
 * changes besides the waveform word, as numbers to set together with it:
 * the defaults that depend on the waveform (bg_wave_default_for) where the
 * old waveform's still stand, and for a step whose `after` level is still
 * at its default, a step up from rest: the base level becomes 0 and
 * `after` the old base level (a constant 1 N gives 0 → 1 N; 1 → 0 was a
 * step down), or 1 from a base level of 0. Fills @names (static strings)
 * and @numbers, at most @max of each, and returns how many. */
guint      bg_wave_switch_numbers   (const BgComponentSpec *spec,
                                     const BgParamValue    *values,
                                     const char            *waveform,
                                     const char           **names,
                                     double                *numbers,
                                     guint                  max);
/* The caption of waveform parameter @pspec as @values' waveform uses it,
 * translated, from the spec's labels: with a step the base level reads
 * "Force before the step" and `after` "Force after the step", with a pulse
 * train "Force between pulses" and "Force during a pulse", and `time` is
 * the step's time or the start of the ramp or of the pulses; any other
 * parameter or waveform keeps the spec's label. Free with g_free(). */
char      *bg_wave_param_label      (const BgComponentSpec *spec,
                                     const BgParamSpec     *pspec,
                                     const BgParamValue    *values);
/* u(t) in one line of plain text: "u = 0 for t < 0.05 s, then 12". */
char      *bg_wave_describe         (const BgWave *wave);
/* visible_if of pspec ("waveform=step|pulse") against the element's values. */
gboolean   bg_param_is_visible      (const BgComponentSpec *spec,
                                     const BgParamSpec     *pspec,
                                     const BgParamValue    *values);

G_END_DECLS
