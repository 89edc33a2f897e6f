/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-components-private.h — the spec tables each component file exports.
 *
 * Owns: the names by which bg-library.c reaches the static, read-only
 * component specs, and the parameter tables several components share (the
 * source waveform). Must not: be included outside core/, declare per-document
 * state, or grow behaviour beyond spec data and parameter validation.
 *
 * Per-domain arrays are indexed by BgDomain (index 0, BG_DOMAIN_NONE, is an
 * unused all-zero entry), so _bg_one_port_r_specs[BG_DOMAIN_HYDRAULIC] is the
 * hydraulic R.
 * Included by: core/, tests/.
 */
#pragma once

#include "bg-library.h"
#include "bg-waveform.h"
#include "bg-component-kind-private.h"

G_BEGIN_DECLS

/* The kinds, one object each (each in its bg-*-eqs.c). */
extern const BgComponentKind _bg_kind_junction_0;
extern const BgComponentKind _bg_kind_junction_1;
extern const BgComponentKind _bg_kind_r;
extern const BgComponentKind _bg_kind_c;
extern const BgComponentKind _bg_kind_i;
extern const BgComponentKind _bg_kind_se;
extern const BgComponentKind _bg_kind_sf;
extern const BgComponentKind _bg_kind_tf;
extern const BgComponentKind _bg_kind_gy;
extern const BgComponentKind _bg_kind_cylinder;
extern const BgComponentKind _bg_kind_mechanical_load;
extern const BgComponentKind _bg_kind_pump_curve;
extern const BgComponentKind _bg_kind_gas_accumulator;
extern const BgComponentKind _bg_kind_dc_motor;
extern const BgComponentKind _bg_kind_port;

/* Specs, by the file that holds them */

/* Junctions (bg-junction.c) */
extern const BgComponentSpec _bg_junction_0_specs[BG_N_DOMAINS];
extern const BgComponentSpec _bg_junction_1_specs[BG_N_DOMAINS];

/* One-port primitives (bg-one-port.c) */
extern const BgComponentSpec _bg_one_port_r_specs[BG_N_DOMAINS];
extern const BgComponentSpec _bg_one_port_c_specs[BG_N_DOMAINS];
extern const BgComponentSpec _bg_one_port_i_specs[BG_N_DOMAINS];
extern const BgComponentSpec _bg_one_port_se_specs[BG_N_DOMAINS];
extern const BgComponentSpec _bg_one_port_sf_specs[BG_N_DOMAINS];

/* Transformer (bg-transformer.c) */
extern const BgComponentSpec _bg_transformer_specs[BG_N_DOMAINS];

/* Gyrator (bg-gyrator.c), indexed [domain of P][domain of S] */
extern const BgComponentSpec _bg_gyrator_specs[BG_N_DOMAINS][BG_N_DOMAINS];

/* Component ports (bg-port.c), inside definitions only */
extern const BgComponentSpec _bg_port_specs[BG_N_DOMAINS];

/* Advanced components, one spec each, domain BG_DOMAIN_NONE */
extern const BgComponentSpec _bg_cylinder_spec;          /* bg-cylinder.c */
extern const BgComponentSpec _bg_mechanical_load_spec;   /* bg-mechanical-load.c */
extern const BgComponentSpec _bg_pump_curve_spec;        /* bg-pump-curve.c */
extern const BgComponentSpec _bg_gas_accumulator_spec;   /* bg-gas-accumulator.c */
extern const BgComponentSpec _bg_dc_motor_spec;          /* bg-dc-motor.c */

/* The parameters of a waveform after its base level (docs/components.md
 * "Waveforms"), shared by Se, Sf and MechanicalLoad. `after` and `time`
 * are the handbook's step and always saved; the others are saved only while
 * in use or changed. UNIT is the unit of u. */
extern const double _bg_wave_default_points[4];

#define BG_WAVE_PARAMS(UNIT)                                                  \
  { .name = "after", .kind = BG_PARAM_NUMBER,                                 \
    .label = N_("Level after the step, or pulse level"), .unit = UNIT,        \
    .limit = BG_LIMIT_ANY, .default_number = 0,                               \
    .visible_if = "waveform=step|pulse" },                                    \
  { .name = "time", .kind = BG_PARAM_NUMBER,                                  \
    .label = N_("Step time, or start time"), .unit = "s",                     \
    .limit = BG_LIMIT_NONNEGATIVE, .default_number = 0.5,                     \
    .visible_if = "waveform=step|ramp|pulse" },                               \
  { .name = "slope", .kind = BG_PARAM_NUMBER, .label = N_("Slope"),           \
    .unit = UNIT "/s", .limit = BG_LIMIT_ANY, .default_number = 1,            \
    .visible_if = "waveform=ramp", .saved_when_used = TRUE },                 \
  { .name = "until", .kind = BG_PARAM_NUMBER,                                 \
    .label = N_("End of the ramp (0: none)"), .unit = "s",                    \
    .limit = BG_LIMIT_NONNEGATIVE, .default_number = 0,                       \
    .visible_if = "waveform=ramp", .saved_when_used = TRUE },                 \
  { .name = "amplitude", .kind = BG_PARAM_NUMBER, .label = N_("Amplitude"),   \
    .unit = UNIT, .limit = BG_LIMIT_ANY, .default_number = 1,                 \
    .visible_if = "waveform=sine", .saved_when_used = TRUE },                 \
  { .name = "frequency", .kind = BG_PARAM_NUMBER, .label = N_("Frequency"),   \
    .unit = "Hz", .limit = BG_LIMIT_POSITIVE, .default_number = 1,            \
    .visible_if = "waveform=sine", .saved_when_used = TRUE },                 \
  { .name = "phase", .kind = BG_PARAM_NUMBER, .label = N_("Phase"),           \
    .unit = "rad", .limit = BG_LIMIT_ANY, .default_number = 0,                \
    .visible_if = "waveform=sine", .saved_when_used = TRUE },                 \
  { .name = "width", .kind = BG_PARAM_NUMBER, .label = N_("Pulse width"),     \
    .unit = "s", .limit = BG_LIMIT_POSITIVE, .default_number = 0.5,           \
    .visible_if = "waveform=pulse", .saved_when_used = TRUE },                \
  { .name = "period", .kind = BG_PARAM_NUMBER, .label = N_("Period"),         \
    .unit = "s", .limit = BG_LIMIT_POSITIVE, .default_number = 1,             \
    .visible_if = "waveform=pulse", .saved_when_used = TRUE },                \
  { .name = "points", .kind = BG_PARAM_TABLE,                                 \
    .label = N_("Table of (t, u)"), .unit = "s, " UNIT,                       \
    .limit = BG_LIMIT_ANY, .default_table = _bg_wave_default_points,           \
    .default_table_rows = 2, .column_labels = { N_("t, s"), "u" },            \
    .visible_if = "waveform=table",                                           \
    .saved_when_used = TRUE }

#define BG_WAVE_N_PARAMS 10

/* Bit of a palette in BgComponentSpec.palette_domains. */
#define BG_PALETTE_BIT(domain) (1u << (domain))

/* A spec's ports, parameters and output variables: a static array and its
 * length, so that the two cannot disagree. */
#define BG_SPEC_PORTS(array)  .ports = (array), .n_ports = G_N_ELEMENTS (array)
#define BG_SPEC_PARAMS(array) .params = (array), .n_params = G_N_ELEMENTS (array)
#define BG_SPEC_VARS(array)   .vars = (array), .n_vars = G_N_ELEMENTS (array)

/* The fields every primitive of one domain fills alike (junctions, one-ports,
 * TF): its symbol is its type, it sits in the Primitives section of its
 * domain's palette. */
#define BG_PRIMITIVE_SPEC(TYPE, KIND, DOMAIN, RULE, NAME, NAME_RU, DESCRIPTION) \
  .type = TYPE,                                                                 \
  .kind = KIND,                                                                 \
  .domain = DOMAIN,                                                             \
  .section = BG_SECTION_PRIMITIVES,                                             \
  .palette_domains = BG_PALETTE_BIT (DOMAIN),                                   \
  .symbol = TYPE,                                                               \
  .name = NAME,                                                                 \
  .name_ru = NAME_RU,                                                           \
  .description = DESCRIPTION,                                                   \
  .causal_rule = RULE

G_END_DECLS
