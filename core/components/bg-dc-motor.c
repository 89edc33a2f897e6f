/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-dc-motor.c — DCMotor, a permanent-magnet DC motor (docs/components.md
 * "Extensions").
 *
 * Owns: its spec: ports E (armature, electrical) and W (shaft, rotational),
 * both receiving effort like an I; parameters R_a, L_a, k, J, b, i0, w0;
 * outputs i, w, tau, emf, P_elec, P_mech, lambda, L; listed in the
 * Electrical and Rotational palettes' Advanced sections. Must not: hold
 * per-document state or know about the model, the analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

static const BgPortSpec motor_ports[] = {
  { "E", BG_DOMAIN_ELECTRICAL, BG_PORT_ROLE_EFFORT_IN, N_("armature") },
  { "W", BG_DOMAIN_ROTATIONAL, BG_PORT_ROLE_EFFORT_IN, N_("shaft") },
};

static const BgParamSpec motor_params[] = {
  { .name = "R_a", .kind = BG_PARAM_NUMBER, .label = N_("Armature resistance"),
    .unit = "Ω", .limit = BG_LIMIT_POSITIVE, .default_number = 1 },
  { .name = "L_a", .kind = BG_PARAM_NUMBER, .label = N_("Armature inductance"),
    .unit = "H", .limit = BG_LIMIT_POSITIVE, .default_number = 0.01 },
  { .name = "k", .kind = BG_PARAM_NUMBER, .label = N_("Motor constant k"),
    .unit = "N·m/A", .limit = BG_LIMIT_POSITIVE, .default_number = 0.05 },
  { .name = "J", .kind = BG_PARAM_NUMBER, .label = N_("Rotor inertia"),
    .unit = "kg·m²", .limit = BG_LIMIT_POSITIVE, .default_number = 1e-4 },
  { .name = "b", .kind = BG_PARAM_NUMBER, .label = N_("Rotor friction coefficient"),
    .unit = "N·m·s/rad", .limit = BG_LIMIT_NONNEGATIVE, .default_number = 1e-5 },
  { .name = "i0", .kind = BG_PARAM_NUMBER, .label = N_("Initial current"),
    .unit = "A", .limit = BG_LIMIT_ANY, .default_number = 0 },
  { .name = "w0", .kind = BG_PARAM_NUMBER, .label = N_("Initial angular velocity"),
    .unit = "rad/s", .limit = BG_LIMIT_ANY, .default_number = 0 },
};

static const BgVarSpec motor_vars[] = {
  { "i", "A", N_("Armature current") },
  { "w", "rad/s", N_("Angular velocity") },
  { "tau", "N·m", N_("Electromagnetic torque k·i") },
  { "emf", "V", N_("Back EMF k·ω") },
  { "P_elec", "W", N_("Electrical power in") },
  { "P_mech", "W", N_("Mechanical power out at the shaft") },
  { "lambda", "Wb", N_("Armature flux linkage") },
  { "L", "N·m·s", N_("Rotor angular momentum") },
};

const BgComponentSpec _bg_dc_motor_spec = {
  .type = "DCMotor",
  .kind = &_bg_kind_dc_motor,
  .drawing = BG_DRAWING_BOX,
  .domain = BG_DOMAIN_NONE,
  .section = BG_SECTION_ADVANCED,
  .palette_domains = BG_PALETTE_BIT (BG_DOMAIN_ELECTRICAL)
                     | BG_PALETTE_BIT (BG_DOMAIN_ROTATIONAL),
  .symbol = "MOT",
  .name = N_("DC motor"),
  .name_ru = "Двигатель постоянного тока",
  .description = N_("Permanent-magnet DC motor: armature R_a and L_a, motor "
                    "constant k, rotor inertia J and friction b."),
  .causal_rule = BG_CAUSAL_FIXED,
  BG_SPEC_PORTS (motor_ports),
  BG_SPEC_PARAMS (motor_params),
  BG_SPEC_VARS (motor_vars),
  .plot_vars = "w,i",
};
