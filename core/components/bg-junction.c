/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-junction.c — the 0- and 1-junctions in every domain.
 *
 * Owns: the junction specs (names per domain, causal rules, no parameters,
 * ports p1, p2, ... made by bonds). Must not: hold per-document state; the
 * port numbering lives in the model (bond order), the equations in the
 * simulator's compiler.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

#define JUNCTION(TYPE, KIND, RULE, DOMAIN, NAME, NAME_RU, DESCRIPTION)          \
  [DOMAIN] = {                                                                 \
    BG_PRIMITIVE_SPEC (TYPE, KIND, DOMAIN, RULE, NAME, NAME_RU, DESCRIPTION),  \
    .variable_ports = TRUE,                                                    \
    .plot_vars = "",                                                           \
    .drawing = BG_DRAWING_JUNCTION,                                            \
  }

const BgComponentSpec _bg_junction_0_specs[BG_N_DOMAINS] = {
  JUNCTION ("0", &_bg_kind_junction_0, BG_CAUSAL_ONE_IN, BG_DOMAIN_ELECTRICAL,
            N_("Common voltage"), "Общее напряжение",
            N_("Node of common voltage; the currents balance (Kirchhoff's current law).")),
  JUNCTION ("0", &_bg_kind_junction_0, BG_CAUSAL_ONE_IN, BG_DOMAIN_HYDRAULIC,
            N_("Common pressure"), "Общее давление",
            N_("Node of common pressure; the volume flows balance.")),
  JUNCTION ("0", &_bg_kind_junction_0, BG_CAUSAL_ONE_IN, BG_DOMAIN_TRANSLATIONAL,
            N_("Common force"), "Общая сила",
            N_("Equal force; signed velocities balance.")),
  JUNCTION ("0", &_bg_kind_junction_0, BG_CAUSAL_ONE_IN, BG_DOMAIN_ROTATIONAL,
            N_("Common torque"), "Общий момент",
            N_("Equal torque; signed angular velocities balance.")),
};

const BgComponentSpec _bg_junction_1_specs[BG_N_DOMAINS] = {
  JUNCTION ("1", &_bg_kind_junction_1, BG_CAUSAL_ONE_OUT, BG_DOMAIN_ELECTRICAL,
            N_("Common current"), "Общий ток",
            N_("Common current of a series branch; the voltages balance "
               "(Kirchhoff's voltage law).")),
  JUNCTION ("1", &_bg_kind_junction_1, BG_CAUSAL_ONE_OUT, BG_DOMAIN_HYDRAULIC,
            N_("Common flow"), "Общий расход",
            N_("Common volume flow; signed pressures balance.")),
  JUNCTION ("1", &_bg_kind_junction_1, BG_CAUSAL_ONE_OUT, BG_DOMAIN_TRANSLATIONAL,
            N_("Common velocity"), "Общая скорость",
            N_("Common reference velocity; signed forces balance.")),
  JUNCTION ("1", &_bg_kind_junction_1, BG_CAUSAL_ONE_OUT, BG_DOMAIN_ROTATIONAL,
            N_("Common angular velocity"), "Общая угловая скорость",
            N_("Common angular velocity; signed torques balance.")),
};
