/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-port.c — Port, the boundary of a user component, in every domain.
 *
 * Owns: the Port specs: one bond inside a component definition, the
 * domain's one port, no parameters, no outputs. Its id is the name of the
 * instance's port. Not in any palette by itself: the editor offers it
 * while a definition is open (docs/file-format.md, Components).
 * Must not: hold per-document state.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

#define PORT_PORT(NAME, DOMAIN) \
  [DOMAIN] = { { NAME, DOMAIN, BG_PORT_ROLE_ANY, N_("the bond inside the component") } }

static const BgPortSpec port_ports[BG_N_DOMAINS][1] = {
  PORT_PORT ("E", BG_DOMAIN_ELECTRICAL),
  PORT_PORT ("H", BG_DOMAIN_HYDRAULIC),
  PORT_PORT ("M", BG_DOMAIN_TRANSLATIONAL),
  PORT_PORT ("W", BG_DOMAIN_ROTATIONAL),
};

#define PORT_SPEC(DOMAIN)                                                   \
  [DOMAIN] = {                                                              \
    .type = "Port",                                                         \
    .kind = &_bg_kind_port,                                                 \
    .domain = DOMAIN,                                                       \
    .section = BG_SECTION_PRIMITIVES,                                       \
    .palette_domains = 0,                                                   \
    .symbol = "Port",                                                       \
    .name = N_("Component port"),                                           \
    .name_ru = "Порт компонента",                                           \
    .description = N_("The boundary of a component: its id is the name of the instance's port, and the bond inside continues the bond outside."), \
    .causal_rule = BG_CAUSAL_FREE,                                          \
    BG_SPEC_PORTS (port_ports[DOMAIN]),                                     \
    .plot_vars = "",                                                        \
    .drawing = BG_DRAWING_ONE_PORT,                                         \
  }

const BgComponentSpec _bg_port_specs[BG_N_DOMAINS] = {
  PORT_SPEC (BG_DOMAIN_ELECTRICAL),
  PORT_SPEC (BG_DOMAIN_HYDRAULIC),
  PORT_SPEC (BG_DOMAIN_TRANSLATIONAL),
  PORT_SPEC (BG_DOMAIN_ROTATIONAL),
};
