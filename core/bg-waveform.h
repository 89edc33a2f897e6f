/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-waveform.h — time functions u(t) of sources and load forces.
 *
 * Owns: the waveform words of docs/components.md ("constant", "step", "ramp",
 * "sine", "pulse", "table"), reading one from an element's parameters,
 * u(t), its switching times (every kink and jump), the defaults that
 * depend on the waveform (a pulse's `after` and `time`), the cross-parameter
 * check of a waveform and the visibility rule of its parameters. Must not:
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
/* u(t) in one line of plain text: "u = 0 for t < 0.05 s, then 12". */
char      *bg_wave_describe         (const BgWave *wave);
/* visible_if of pspec ("waveform=step|pulse") against the element's values. */
gboolean   bg_param_is_visible      (const BgComponentSpec *spec,
                                     const BgParamSpec     *pspec,
                                     const BgParamValue    *values);

G_END_DECLS
