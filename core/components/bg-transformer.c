/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-transformer.c — the ideal transformer TF in every domain.
 *
 * Owns: the TF specs: ports P and S of the element's domain, the ratio n > 0
 * (e_P = n · e_S), names per domain. Must not: hold per-document state; its
 * bond variables are the bonds', so it declares no output variables.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

#define TF_PORTS(DOMAIN, P_DESC, S_DESC)               \
  [DOMAIN] = {                                         \
    { "P", DOMAIN, BG_PORT_ROLE_ANY, P_DESC },         \
    { "S", DOMAIN, BG_PORT_ROLE_ANY, S_DESC },         \
  }

static const BgPortSpec tf_ports[BG_N_DOMAINS][2] = {
  TF_PORTS (BG_DOMAIN_ELECTRICAL, N_("primary winding"), N_("secondary winding")),
  TF_PORTS (BG_DOMAIN_HYDRAULIC, N_("primary side"), N_("secondary side")),
  TF_PORTS (BG_DOMAIN_TRANSLATIONAL, N_("primary side"), N_("secondary side")),
  TF_PORTS (BG_DOMAIN_ROTATIONAL, N_("primary side"), N_("secondary side")),
};

static const BgParamSpec tf_params[] = {
  { .name = "n", .kind = BG_PARAM_NUMBER, .label = N_("Ratio n"),
    .unit = "", .limit = BG_LIMIT_POSITIVE, .default_number = 1 },
};

#define TF_SPEC(DOMAIN, NAME, NAME_RU, DESCRIPTION)                  \
  [DOMAIN] = {                                                       \
    BG_PRIMITIVE_SPEC ("TF", &_bg_kind_tf, DOMAIN, BG_CAUSAL_ONE_IN, \
                       NAME, NAME_RU, DESCRIPTION),                  \
    BG_SPEC_PORTS (tf_ports[DOMAIN]),                                \
    BG_SPEC_PARAMS (tf_params),                                      \
    .plot_vars = "",                                                 \
    .drawing = BG_DRAWING_TWO_PORT,                                  \
  }

const BgComponentSpec _bg_transformer_specs[BG_N_DOMAINS] = {
  TF_SPEC (BG_DOMAIN_ELECTRICAL, N_("Ideal transformer"), "Идеальный трансформатор",
           N_("Ideal transformer, n = N₁/N₂: the secondary voltage is 1/n of the primary.")),
  TF_SPEC (BG_DOMAIN_HYDRAULIC, N_("Hydraulic transformer"), "Гидравлический трансформатор",
           N_("Ideal hydraulic transformer: p_P = n · p_S, lossless.")),
  TF_SPEC (BG_DOMAIN_TRANSLATIONAL, N_("Ideal translational transformer"),
           "Идеальный поступательный трансформатор",
           N_("Ideal lever or polyspast with a constant motion ratio: F_P = n · F_S.")),
  TF_SPEC (BG_DOMAIN_ROTATIONAL, N_("Gear pair"), "Зубчатая передача",
           N_("Ideal gear pair: τ_P = n · τ_S, lossless.")),
};
