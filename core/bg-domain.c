/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-domain.c — the four physical domains and their effort/flow variables.
 *
 * Owns: one static table of domain ids, display names, symbols and units
 * (docs/components.md). Must not: know about components.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-domain.h"

typedef struct
{
  const char *id;
  const char *display_name;   /* N_() */
  const char *effort_symbol;
  const char *effort_unit;
  const char *flow_symbol;
  const char *flow_unit;
  const char *effort_name;    /* N_() */
  const char *flow_name;      /* N_() */
  const char *displacement_unit;
  const char *momentum_unit;
  const char *one_port_name;
  const char *displacement_symbol;  /* the C state: q, V, x, θ */
  const char *momentum_symbol;      /* the I state: λ, Γ, p, L */
} DomainInfo;

static const DomainInfo domains[BG_N_DOMAINS] = {
  [BG_DOMAIN_ELECTRICAL] = {
    "electrical", N_("Electrical"), "v", "V", "i", "A",
    N_("voltage"), N_("current"), "C", "Wb", "E", "q", "λ",
  },
  [BG_DOMAIN_HYDRAULIC] = {
    "hydraulic", N_("Hydraulics"), "P", "Pa", "Q", "m³/s",
    N_("pressure"), N_("volume flow"), "m³", "Pa·s", "H", "V", "Γ",
  },
  [BG_DOMAIN_TRANSLATIONAL] = {
    "translational", N_("Translational mechanics"), "F", "N", "v", "m/s",
    N_("force"), N_("velocity"), "m", "kg·m/s", "M", "x", "p",
  },
  [BG_DOMAIN_ROTATIONAL] = {
    "rotational", N_("Rotational"), "τ", "N·m", "ω", "rad/s",
    N_("torque"), N_("angular velocity"), "rad", "N·m·s", "W", "θ", "L",
  },
};

static const DomainInfo *
domain_info (BgDomain domain)
{
  if (domain < BG_DOMAIN_FIRST || domain >= BG_N_DOMAINS)
    return NULL;
  return &domains[domain];
}

#define FIELD(domain, field) \
  (domain_info (domain) != NULL ? domain_info (domain)->field : NULL)

const char *
bg_domain_to_id (BgDomain domain)
{
  return FIELD (domain, id);
}

BgDomain
bg_domain_from_id (const char *id)
{
  if (id == NULL)
    return BG_DOMAIN_NONE;
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    if (strcmp (domains[d].id, id) == 0)
      return d;
  return BG_DOMAIN_NONE;
}

const char *
bg_domain_display_name (BgDomain domain)
{
  const char *name = FIELD (domain, display_name);

  return name != NULL ? _(name) : NULL;
}

const char *
bg_domain_effort_symbol (BgDomain domain)
{
  return FIELD (domain, effort_symbol);
}

const char *
bg_domain_effort_unit (BgDomain domain)
{
  return FIELD (domain, effort_unit);
}

const char *
bg_domain_flow_symbol (BgDomain domain)
{
  return FIELD (domain, flow_symbol);
}

const char *
bg_domain_flow_unit (BgDomain domain)
{
  return FIELD (domain, flow_unit);
}

const char *
bg_domain_effort_name (BgDomain domain)
{
  const char *name = FIELD (domain, effort_name);

  return name != NULL ? _(name) : NULL;
}

const char *
bg_domain_flow_name (BgDomain domain)
{
  const char *name = FIELD (domain, flow_name);

  return name != NULL ? _(name) : NULL;
}

const char *
bg_domain_quantity_name (BgDomain domain,
                         gboolean effort)
{
  const char *name = NULL;

  if (domain != BG_DOMAIN_NONE)
    name = effort ? bg_domain_effort_name (domain) : bg_domain_flow_name (domain);
  if (name == NULL)
    name = effort ? _("effort") : _("flow");
  return name;
}

const char *
bg_domain_displacement_unit (BgDomain domain)
{
  return FIELD (domain, displacement_unit);
}

const char *
bg_domain_momentum_unit (BgDomain domain)
{
  return FIELD (domain, momentum_unit);
}

const char *
bg_domain_one_port_name (BgDomain domain)
{
  return FIELD (domain, one_port_name);
}

const char *
bg_domain_displacement_symbol (BgDomain domain)
{
  return FIELD (domain, displacement_symbol);
}

const char *
bg_domain_momentum_symbol (BgDomain domain)
{
  return FIELD (domain, momentum_symbol);
}
