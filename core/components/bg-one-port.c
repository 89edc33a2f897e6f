/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-one-port.c — the one-port primitives R, C, I, Se and Sf in every domain.
 *
 * Owns: their specs: port (E, H, M or W by domain) with its causal role,
 * parameters with units, defaults and limits (docs/components.md), the
 * handbook's English and Russian names, and output variables. Also the source
 * waveform choices shared with other sources. Must not: hold per-document
 * state or know about the model, the analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

const double _bg_wave_default_points[4] = { 0, 0, 1, 1 };

/* Ports ---------------------------------------------------------------- */

#define ONE_PORT(NAME, DOMAIN, ROLE) \
  { { NAME, DOMAIN, ROLE, N_("Connection to the network") } }

#define PORTS_FOR(ROLE)                                           \
  {                                                               \
    [BG_DOMAIN_ELECTRICAL]    = ONE_PORT ("E", BG_DOMAIN_ELECTRICAL, ROLE),    \
    [BG_DOMAIN_HYDRAULIC]     = ONE_PORT ("H", BG_DOMAIN_HYDRAULIC, ROLE),     \
    [BG_DOMAIN_TRANSLATIONAL] = ONE_PORT ("M", BG_DOMAIN_TRANSLATIONAL, ROLE), \
    [BG_DOMAIN_ROTATIONAL]    = ONE_PORT ("W", BG_DOMAIN_ROTATIONAL, ROLE),    \
  }

static const BgPortSpec free_ports[BG_N_DOMAINS][1] = PORTS_FOR (BG_PORT_ROLE_ANY);
static const BgPortSpec effort_out_ports[BG_N_DOMAINS][1] = PORTS_FOR (BG_PORT_ROLE_EFFORT_OUT);
static const BgPortSpec effort_in_ports[BG_N_DOMAINS][1] = PORTS_FOR (BG_PORT_ROLE_EFFORT_IN);

/* Parameters ----------------------------------------------------------- */

#define COEFFICIENT(LABEL, UNIT, DEFAULT)                      \
  { .name = "value", .kind = BG_PARAM_NUMBER, .label = LABEL,  \
    .unit = UNIT, .limit = BG_LIMIT_POSITIVE,                  \
    .default_number = DEFAULT }

#define INITIAL(LABEL, UNIT)                                   \
  { .name = "initial", .kind = BG_PARAM_NUMBER, .label = LABEL, \
    .unit = UNIT, .limit = BG_LIMIT_ANY, .default_number = 0 }

/* Sources: u(t) by the waveform (bg-waveform.h); `value` is the base level.
 * The step defaults (after = 0 at time = 0.5 s, half the default run) are
 * ours. */
#define SOURCE(LABEL, UNIT, DEFAULT)                                        \
  {                                                                         \
    { .name = "waveform", .kind = BG_PARAM_CHOICE, .label = N_("Waveform"), \
      .unit = "", .limit = BG_LIMIT_ANY, .default_choice = "constant",      \
      .choices = bg_wave_choices },                                         \
    { .name = "value", .kind = BG_PARAM_NUMBER, .label = LABEL,             \
      .unit = UNIT, .limit = BG_LIMIT_ANY, .default_number = DEFAULT,       \
      .visible_if = "waveform=constant|step|ramp|sine|pulse" },             \
    BG_WAVE_PARAMS (UNIT),                                                  \
  }

static const BgParamSpec r_params[BG_N_DOMAINS][1] = {
  [BG_DOMAIN_ELECTRICAL]    = { COEFFICIENT (N_("Resistance"), "Ω", 100) },
  [BG_DOMAIN_HYDRAULIC]     = { COEFFICIENT (N_("Line resistance"), "Pa·s/m³", 1e9) },
  [BG_DOMAIN_TRANSLATIONAL] = { COEFFICIENT (N_("Damping coefficient"), "N·s/m", 1) },
  [BG_DOMAIN_ROTATIONAL]    = {
    COEFFICIENT (N_("Rotary damping coefficient"), "N·m·s/rad", 0.1),
  },
};

static const BgParamSpec c_params[BG_N_DOMAINS][2] = {
  [BG_DOMAIN_ELECTRICAL] = {
    COEFFICIENT (N_("Capacitance"), "F", 0.001),
    INITIAL (N_("Initial charge"), "C"),
  },
  [BG_DOMAIN_HYDRAULIC] = {
    COEFFICIENT (N_("Hydraulic capacitance"), "m³/Pa", 1e-12),
    INITIAL (N_("Initial volume"), "m³"),
  },
  [BG_DOMAIN_TRANSLATIONAL] = {
    COEFFICIENT (N_("Compliance (1/k)"), "m/N", 0.01),
    INITIAL (N_("Initial extension"), "m"),
  },
  [BG_DOMAIN_ROTATIONAL] = {
    COEFFICIENT (N_("Torsional compliance"), "rad/(N·m)", 0.01),
    INITIAL (N_("Initial angle"), "rad"),
  },
};

static const BgParamSpec i_params[BG_N_DOMAINS][2] = {
  [BG_DOMAIN_ELECTRICAL] = {
    COEFFICIENT (N_("Inductance"), "H", 0.1),
    INITIAL (N_("Initial flux linkage"), "Wb"),
  },
  [BG_DOMAIN_HYDRAULIC] = {
    COEFFICIENT (N_("Fluid inertance"), "Pa·s²/m³", 1e6),
    INITIAL (N_("Initial pressure momentum"), "Pa·s"),
  },
  [BG_DOMAIN_TRANSLATIONAL] = {
    COEFFICIENT (N_("Mass"), "kg", 1),
    INITIAL (N_("Initial momentum"), "kg·m/s"),
  },
  [BG_DOMAIN_ROTATIONAL] = {
    COEFFICIENT (N_("Moment of inertia"), "kg·m²", 0.01),
    INITIAL (N_("Initial angular momentum"), "N·m·s"),
  },
};

static const BgParamSpec se_params[BG_N_DOMAINS][2 + BG_WAVE_N_PARAMS] = {
  [BG_DOMAIN_ELECTRICAL]    = SOURCE (N_("Voltage"), "V", 10),
  [BG_DOMAIN_HYDRAULIC]     = SOURCE (N_("Pressure"), "Pa", 1e6),
  [BG_DOMAIN_TRANSLATIONAL] = SOURCE (N_("Force"), "N", 1),
  [BG_DOMAIN_ROTATIONAL]    = SOURCE (N_("Torque"), "N·m", 1),
};

static const BgParamSpec sf_params[BG_N_DOMAINS][2 + BG_WAVE_N_PARAMS] = {
  [BG_DOMAIN_ELECTRICAL]    = SOURCE (N_("Current"), "A", 0.01),
  [BG_DOMAIN_HYDRAULIC]     = SOURCE (N_("Volume flow"), "m³/s", 1e-4),
  [BG_DOMAIN_TRANSLATIONAL] = SOURCE (N_("Velocity"), "m/s", 0.1),
  [BG_DOMAIN_ROTATIONAL]    = SOURCE (N_("Angular velocity"), "rad/s", 1),
};

/* Output variables (docs/file-format.md ------------------------- */

#define VAR_E_F(E_UNIT, E_DESC, F_UNIT, F_DESC) \
  { "e", E_UNIT, E_DESC }, { "f", F_UNIT, F_DESC }

#define VARS_E_F_ELECTRICAL \
  VAR_E_F ("V", N_("Voltage"), "A", N_("Current into the port"))
#define VARS_E_F_HYDRAULIC \
  VAR_E_F ("Pa", N_("Pressure"), "m³/s", N_("Volume flow into the port"))
#define VARS_E_F_TRANSLATIONAL \
  VAR_E_F ("N", N_("Force"), "m/s", N_("Velocity into the port"))
#define VARS_E_F_ROTATIONAL \
  VAR_E_F ("N·m", N_("Torque"), "rad/s", N_("Angular velocity into the port"))

#define ENERGY { "E", "J", N_("Stored energy") }

static const BgVarSpec e_f_vars[BG_N_DOMAINS][2] = {
  [BG_DOMAIN_ELECTRICAL]    = { VARS_E_F_ELECTRICAL },
  [BG_DOMAIN_HYDRAULIC]     = { VARS_E_F_HYDRAULIC },
  [BG_DOMAIN_TRANSLATIONAL] = { VARS_E_F_TRANSLATIONAL },
  [BG_DOMAIN_ROTATIONAL]    = { VARS_E_F_ROTATIONAL },
};

/* C: e, f, q (the stored displacement), E; I: e, f, p (the momentum), E. */
#define STORE_VARS(E_F, SUFFIX, UNIT, DESC) { E_F, { SUFFIX, UNIT, DESC }, ENERGY }

static const BgVarSpec c_vars[BG_N_DOMAINS][4] = {
  [BG_DOMAIN_ELECTRICAL]    = STORE_VARS (VARS_E_F_ELECTRICAL, "q", "C", N_("Charge")),
  [BG_DOMAIN_HYDRAULIC]     = STORE_VARS (VARS_E_F_HYDRAULIC, "q", "m³", N_("Stored volume")),
  [BG_DOMAIN_TRANSLATIONAL] = STORE_VARS (VARS_E_F_TRANSLATIONAL, "q", "m", N_("Extension")),
  [BG_DOMAIN_ROTATIONAL]    = STORE_VARS (VARS_E_F_ROTATIONAL, "q", "rad", N_("Angle")),
};

static const BgVarSpec i_vars[BG_N_DOMAINS][4] = {
  [BG_DOMAIN_ELECTRICAL]    = STORE_VARS (VARS_E_F_ELECTRICAL, "p", "Wb", N_("Flux linkage")),
  [BG_DOMAIN_HYDRAULIC]     = STORE_VARS (VARS_E_F_HYDRAULIC, "p", "Pa·s",
                                          N_("Pressure momentum")),
  [BG_DOMAIN_TRANSLATIONAL] = STORE_VARS (VARS_E_F_TRANSLATIONAL, "p", "kg·m/s", N_("Momentum")),
  [BG_DOMAIN_ROTATIONAL]    = STORE_VARS (VARS_E_F_ROTATIONAL, "p", "N·m·s",
                                          N_("Angular momentum")),
};

/* Specs ---------------------------------------------------------------- */

#define ONE_PORT_SPEC(TYPE, KIND, DOMAIN, RULE, PORTS, PARAMS, VARS, PLOT,    \
                      NAME, NAME_RU, DESCRIPTION, ...)                        \
  [DOMAIN] = {                                                                \
    BG_PRIMITIVE_SPEC (TYPE, KIND, DOMAIN, RULE, NAME, NAME_RU, DESCRIPTION), \
    BG_SPEC_PORTS (PORTS[DOMAIN]),                                            \
    BG_SPEC_PARAMS (PARAMS[DOMAIN]),                                          \
    BG_SPEC_VARS (VARS[DOMAIN]),                                              \
    .plot_vars = PLOT,                                                        \
    __VA_ARGS__                                                               \
  }

#define R_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                            \
  ONE_PORT_SPEC ("R", &_bg_kind_r, DOMAIN, BG_CAUSAL_FREE, free_ports,          \
                 r_params, e_f_vars, "f", NAME, NAME_RU, DESCRIPTION, .validate = NULL)
#define C_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                            \
  ONE_PORT_SPEC ("C", &_bg_kind_c, DOMAIN, BG_CAUSAL_STORAGE, effort_out_ports, \
                 c_params, c_vars, "e", NAME, NAME_RU, DESCRIPTION, .validate = NULL)
#define I_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                            \
  ONE_PORT_SPEC ("I", &_bg_kind_i, DOMAIN, BG_CAUSAL_STORAGE, effort_in_ports,  \
                 i_params, i_vars, "f", NAME, NAME_RU, DESCRIPTION, .validate = NULL)
#define SE_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                           \
  ONE_PORT_SPEC ("Se", &_bg_kind_se, DOMAIN, BG_CAUSAL_FIXED, effort_out_ports, \
                 se_params, e_f_vars, "f", NAME, NAME_RU, DESCRIPTION,        \
                 .validate = bg_wave_validate, .drawing = BG_DRAWING_SOURCE, \
                 .waveform_param = "value")
#define SF_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                           \
  ONE_PORT_SPEC ("Sf", &_bg_kind_sf, DOMAIN, BG_CAUSAL_FIXED, effort_in_ports,  \
                 sf_params, e_f_vars, "e", NAME, NAME_RU, DESCRIPTION,        \
                 .validate = bg_wave_validate, .drawing = BG_DRAWING_SOURCE, \
                 .waveform_param = "value")

const BgComponentSpec _bg_one_port_r_specs[BG_N_DOMAINS] = {
  R_SPEC (BG_DOMAIN_ELECTRICAL, N_("Resistor"), "Резистор",
          N_("Resistor with constant resistance (Ohm's law).")),
  R_SPEC (BG_DOMAIN_HYDRAULIC, N_("Line resistance"), "Гидравлическое сопротивление",
          N_("Linear hydraulic resistance: pressure drop proportional to flow.")),
  R_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Damper"), "Демпфер",
          N_("Viscous damper with constant damping coefficient b.")),
  R_SPEC (BG_DOMAIN_ROTATIONAL, N_("Rotary damper"), "Вращательный демпфер",
          N_("Rotary viscous damper with constant coefficient.")),
};

const BgComponentSpec _bg_one_port_c_specs[BG_N_DOMAINS] = {
  C_SPEC (BG_DOMAIN_ELECTRICAL, N_("Capacitor"), "Конденсатор",
          N_("Ideal capacitor; stores electric charge.")),
  C_SPEC (BG_DOMAIN_HYDRAULIC, N_("Hydraulic capacitance"), "Гидравлическая ёмкость",
          N_("Linear hydraulic capacitance; stores fluid volume.")),
  C_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Spring compliance"), "Податливость пружины",
          N_("Linear spring expressed as compliance C = 1/k.")),
  C_SPEC (BG_DOMAIN_ROTATIONAL, N_("Torsional compliance"), "Крутильная податливость",
          N_("Linear torsion spring expressed as compliance 1/k.")),
};

const BgComponentSpec _bg_one_port_i_specs[BG_N_DOMAINS] = {
  I_SPEC (BG_DOMAIN_ELECTRICAL, N_("Inductor"), "Катушка индуктивности",
          N_("Ideal inductor; stores flux linkage.")),
  I_SPEC (BG_DOMAIN_HYDRAULIC, N_("Fluid inertance"), "Гидравлическая инерционность",
          N_("Inertance of a fluid column; stores pressure momentum.")),
  I_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Mass"), "Масса",
          N_("Translational mass m; stores mechanical momentum.")),
  I_SPEC (BG_DOMAIN_ROTATIONAL, N_("Inertia"), "Момент инерции",
          N_("Rotational inertia; stores angular momentum.")),
};

const BgComponentSpec _bg_one_port_se_specs[BG_N_DOMAINS] = {
  SE_SPEC (BG_DOMAIN_ELECTRICAL, N_("Voltage source"), "Источник напряжения",
           N_("Ideal voltage source; the circuit determines the current.")),
  SE_SPEC (BG_DOMAIN_HYDRAULIC, N_("Pressure source"), "Источник давления",
           N_("Prescribed pressure; the network determines the flow.")),
  SE_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Force source"), "Источник силы",
           N_("Prescribed force; motion is determined by the network.")),
  SE_SPEC (BG_DOMAIN_ROTATIONAL, N_("Torque source"), "Источник момента",
           N_("Prescribed torque; rotation is determined by the network.")),
};

const BgComponentSpec _bg_one_port_sf_specs[BG_N_DOMAINS] = {
  SF_SPEC (BG_DOMAIN_ELECTRICAL, N_("Current source"), "Источник тока",
           N_("Ideal current source; the circuit determines the voltage.")),
  SF_SPEC (BG_DOMAIN_HYDRAULIC, N_("Flow source"), "Источник расхода",
           N_("Prescribed volume flow; the network determines the pressure.")),
  SF_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Velocity source"), "Источник скорости",
           N_("Prescribed velocity; reaction force comes from the network.")),
  SF_SPEC (BG_DOMAIN_ROTATIONAL, N_("Angular velocity source"), "Источник угловой скорости",
           N_("Prescribed angular velocity; the torque comes from the network.")),
};
