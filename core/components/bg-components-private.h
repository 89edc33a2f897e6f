/* bg-components-private.h — the spec tables each component file exports.
 *
 * Owns: the names by which bg-library.c reaches the static, read-only
 * component specs, and the parameter tables several components share (the
 * source waveform). Must not: be included outside core/, declare per-document
 * state, or grow behaviour beyond spec data and parameter validation.
 *
 * Per-domain arrays are indexed by BgDomain (index 0, BG_DOMAIN_NONE, is an
 * unused all-zero entry), so bg_one_port_r_specs[BG_DOMAIN_HYDRAULIC] is the
 * hydraulic R.
 */
#pragma once

#include "bg-library.h"

G_BEGIN_DECLS

/* Junctions (bg-junction.c) */
extern const BgComponentSpec bg_junction_0_specs[BG_N_DOMAINS];
extern const BgComponentSpec bg_junction_1_specs[BG_N_DOMAINS];

/* One-port primitives (bg-one-port.c) */
extern const BgComponentSpec bg_one_port_r_specs[BG_N_DOMAINS];
extern const BgComponentSpec bg_one_port_c_specs[BG_N_DOMAINS];
extern const BgComponentSpec bg_one_port_i_specs[BG_N_DOMAINS];
extern const BgComponentSpec bg_one_port_se_specs[BG_N_DOMAINS];
extern const BgComponentSpec bg_one_port_sf_specs[BG_N_DOMAINS];

/* Transformer (bg-transformer.c) */
extern const BgComponentSpec bg_transformer_specs[BG_N_DOMAINS];

/* Advanced components, one spec each, domain BG_DOMAIN_NONE */
extern const BgComponentSpec bg_cylinder_spec;          /* bg-cylinder.c */
extern const BgComponentSpec bg_mechanical_load_spec;   /* bg-mechanical-load.c */
extern const BgComponentSpec bg_pump_curve_spec;        /* bg-pump-curve.c */
extern const BgComponentSpec bg_gas_accumulator_spec;   /* bg-gas-accumulator.c */

/* The words of a source waveform parameter: "constant", "step", NULL. */
extern const char *const bg_waveform_choices[];

/* Bit of a palette in BgComponentSpec.palette_domains. */
#define BG_PALETTE_BIT(domain) (1u << (domain))

G_END_DECLS
