/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-gyrator.c — the ideal gyrator GY, within one domain or joining two.
 *
 * Owns: the GY specs, one per pair (domain of P, domain of S): ports P and
 * S, the modulus r > 0 in effort-of-P per flow-of-S (e_P = -r f_S,local,
 * e_S = r f_P,local), names and output variables. Only the same-domain GYs
 * are in the palettes; the others are reached by bg_library_lookup_gyrator()
 * when a GY's S side is set to another domain (`domain_s` in the file).
 * Must not: hold per-document state or know about the model or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

#define GY_PORTS(P, S)                                             \
  {                                                                \
    { "P", P, BG_PORT_ROLE_ANY, N_("primary side") },              \
    { "S", S, BG_PORT_ROLE_ANY, N_("secondary side") },            \
  }

#define GY_PORT_ROW(P)                                             \
  [P] = {                                                          \
    [BG_DOMAIN_ELECTRICAL] = GY_PORTS (P, BG_DOMAIN_ELECTRICAL),   \
    [BG_DOMAIN_HYDRAULIC] = GY_PORTS (P, BG_DOMAIN_HYDRAULIC),     \
    [BG_DOMAIN_TRANSLATIONAL] = GY_PORTS (P, BG_DOMAIN_TRANSLATIONAL), \
    [BG_DOMAIN_ROTATIONAL] = GY_PORTS (P, BG_DOMAIN_ROTATIONAL),   \
  }

static const BgPortSpec gy_ports[BG_N_DOMAINS][BG_N_DOMAINS][2] = {
  GY_PORT_ROW (BG_DOMAIN_ELECTRICAL),
  GY_PORT_ROW (BG_DOMAIN_HYDRAULIC),
  GY_PORT_ROW (BG_DOMAIN_TRANSLATIONAL),
  GY_PORT_ROW (BG_DOMAIN_ROTATIONAL),
};

/* Effort and flow units by domain, for r's unit and the variables. */
#define E_EL "V"
#define E_HY "Pa"
#define E_TR "N"
#define E_RO "N·m"
#define F_EL "A"
#define F_HY "(m³/s)"
#define F_TR "(m/s)"
#define F_RO "(rad/s)"

#define GY_PARAM(UNIT)                                                     \
  { { .name = "r", .kind = BG_PARAM_NUMBER, .label = N_("Gyrator modulus r"), \
      .unit = UNIT, .limit = BG_LIMIT_POSITIVE, .default_number = 1 } }

#define GY_PARAM_ROW(P, E)                                                 \
  [P] = {                                                                  \
    [BG_DOMAIN_ELECTRICAL] = GY_PARAM (E "/" F_EL),                        \
    [BG_DOMAIN_HYDRAULIC] = GY_PARAM (E "/" F_HY),                         \
    [BG_DOMAIN_TRANSLATIONAL] = GY_PARAM (E "/" F_TR),                     \
    [BG_DOMAIN_ROTATIONAL] = GY_PARAM (E "/" F_RO),                        \
  }

static const BgParamSpec gy_params[BG_N_DOMAINS][BG_N_DOMAINS][1] = {
  GY_PARAM_ROW (BG_DOMAIN_ELECTRICAL, E_EL),
  GY_PARAM_ROW (BG_DOMAIN_HYDRAULIC, E_HY),
  GY_PARAM_ROW (BG_DOMAIN_TRANSLATIONAL, E_TR),
  GY_PARAM_ROW (BG_DOMAIN_ROTATIONAL, E_RO),
};

#define GY_VARS(EP, FP, ES, FS)                                             \
  {                                                                         \
    { "eP", EP, N_("Effort at P") }, { "eS", ES, N_("Effort at S") },       \
    { "fP", FP, N_("Flow into P") }, { "fS", FS, N_("Flow into S") },       \
  }

#define GY_VAR_ROW(P, EP, FP)                                               \
  [P] = {                                                                   \
    [BG_DOMAIN_ELECTRICAL] = GY_VARS (EP, FP, "V", "A"),                    \
    [BG_DOMAIN_HYDRAULIC] = GY_VARS (EP, FP, "Pa", "m³/s"),                 \
    [BG_DOMAIN_TRANSLATIONAL] = GY_VARS (EP, FP, "N", "m/s"),               \
    [BG_DOMAIN_ROTATIONAL] = GY_VARS (EP, FP, "N·m", "rad/s"),              \
  }

static const BgVarSpec gy_vars[BG_N_DOMAINS][BG_N_DOMAINS][4] = {
  GY_VAR_ROW (BG_DOMAIN_ELECTRICAL, "V", "A"),
  GY_VAR_ROW (BG_DOMAIN_HYDRAULIC, "Pa", "m³/s"),
  GY_VAR_ROW (BG_DOMAIN_TRANSLATIONAL, "N", "m/s"),
  GY_VAR_ROW (BG_DOMAIN_ROTATIONAL, "N·m", "rad/s"),
};

#define GY_SPEC(P, S)                                                       \
  [S] = {                                                                   \
    .type = "GY",                                                           \
    .kind = &_bg_kind_gy,                                                   \
    .domain = P,                                                            \
    .section = BG_SECTION_PRIMITIVES,                                       \
    .palette_domains = (P) == (S) ? BG_PALETTE_BIT (P) : 0,                 \
    .symbol = "GY",                                                         \
    .name = N_("Gyrator"),                                                  \
    .name_ru = "Гиратор",                                                   \
    .description = N_("Ideal gyrator: e_P = r · f_S and e_S = r · f_P, lossless; " \
                      "its S side may be in another domain."),              \
    .causal_rule = BG_CAUSAL_SAME_ROLE,                                     \
    BG_SPEC_PORTS (gy_ports[P][S]),                                         \
    BG_SPEC_PARAMS (gy_params[P][S]),                                       \
    BG_SPEC_VARS (gy_vars[P][S]),                                           \
    .plot_vars = "fS",                                                      \
    .drawing = BG_DRAWING_TWO_PORT,                                         \
    .has_domain_s = TRUE,                                                   \
  }

#define GY_ROW(P)                                                           \
  [P] = {                                                                   \
    GY_SPEC (P, BG_DOMAIN_ELECTRICAL), GY_SPEC (P, BG_DOMAIN_HYDRAULIC),    \
    GY_SPEC (P, BG_DOMAIN_TRANSLATIONAL), GY_SPEC (P, BG_DOMAIN_ROTATIONAL), \
  }

const BgComponentSpec _bg_gyrator_specs[BG_N_DOMAINS][BG_N_DOMAINS] = {
  GY_ROW (BG_DOMAIN_ELECTRICAL),
  GY_ROW (BG_DOMAIN_HYDRAULIC),
  GY_ROW (BG_DOMAIN_TRANSLATIONAL),
  GY_ROW (BG_DOMAIN_ROTATIONAL),
};
