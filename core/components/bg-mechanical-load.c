/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-mechanical-load.c — MechanicalLoad, a mass with damping and a load force.
 *
 * Owns: its spec (port M, translational, integral causality like I; mass,
 * damping, load waveform, initial momentum; outputs v, s, F, p). Must not:
 * hold per-document state or know about the model, the analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

static const BgPortSpec load_ports[] = {
  { "M", BG_DOMAIN_TRANSLATIONAL, BG_PORT_ROLE_EFFORT_IN, N_("mechanical input") },
};

/* Positive load opposes positive velocity; it is a waveform like a source's. */
static const BgParamSpec load_params[] = {
  { .name = "mass", .kind = BG_PARAM_NUMBER, .label = N_("Mass"),
    .unit = "kg", .limit = BG_LIMIT_POSITIVE, .default_number = 10 },
  { .name = "damping", .kind = BG_PARAM_NUMBER, .label = N_("Damping coefficient"),
    .unit = "N·s/m", .limit = BG_LIMIT_NONNEGATIVE, .default_number = 100 },
  { .name = "waveform", .kind = BG_PARAM_CHOICE, .label = N_("Waveform"),
    .unit = "", .limit = BG_LIMIT_ANY, .default_choice = "constant",
    .choices = bg_wave_choices },
  { .name = "load", .kind = BG_PARAM_NUMBER, .label = N_("Load force"),
    .unit = "N", .limit = BG_LIMIT_ANY, .default_number = 0,
    .visible_if = "waveform=constant|step|ramp|sine|pulse" },
  BG_WAVE_PARAMS ("N"),
  { .name = "initial", .kind = BG_PARAM_NUMBER, .label = N_("Initial momentum"),
    .unit = "kg·m/s", .limit = BG_LIMIT_ANY, .default_number = 0 },
};

static const BgVarSpec load_vars[] = {
  { "v", "m/s", N_("Velocity") },
  { "s", "m", N_("Position") },
  { "F", "N", N_("Force at the port") },
  { "p", "kg·m/s", N_("Momentum") },
};

const BgComponentSpec _bg_mechanical_load_spec = {
  .type = "MechanicalLoad",
  .kind = &_bg_kind_mechanical_load,
  .drawing = BG_DRAWING_BOX,
  .waveform_param = "load",
  .domain = BG_DOMAIN_NONE,
  .section = BG_SECTION_ADVANCED,
  .palette_domains = BG_PALETTE_BIT (BG_DOMAIN_TRANSLATIONAL),
  .symbol = "LOAD",
  .name = N_("Mass and load"),
  .name_ru = "Масса и нагрузка",
  .description = N_("A mass with viscous damping and an applied load force that "
                    "opposes positive velocity."),
  .causal_rule = BG_CAUSAL_STORAGE,
  BG_SPEC_PORTS (load_ports),
  BG_SPEC_PARAMS (load_params),
  BG_SPEC_VARS (load_vars),
  .plot_vars = "v",
  .validate = bg_wave_validate,
};
