/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-domain.h — the four physical domains and their effort/flow variables.
 *
 * Owns: domain ids as written in .bgmod files, display names, units of
 * effort, flow and the stored states. Must not: know about components.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  BG_DOMAIN_NONE = 0,
  BG_DOMAIN_ELECTRICAL,
  BG_DOMAIN_HYDRAULIC,
  BG_DOMAIN_TRANSLATIONAL,
  BG_DOMAIN_ROTATIONAL,
  BG_N_DOMAINS
} BgDomain;

#define BG_DOMAIN_FIRST BG_DOMAIN_ELECTRICAL

/* "electrical", "hydraulic", "translational", "rotational"; NULL for NONE. */
const char *bg_domain_to_id           (BgDomain    domain);
/* Returns BG_DOMAIN_NONE for an unknown id. */
BgDomain    bg_domain_from_id         (const char *id);
/* Translated palette name: "Electrical", "Hydraulics", ... */
const char *bg_domain_display_name    (BgDomain    domain);
/* Untranslated symbol and SI unit: ("v", "V"), ("P", "Pa"), ("F", "N"), ("τ", "N·m").
 * A pressure is P: p is a momentum (core/bg-equations-names-private.h). */
const char *bg_domain_effort_symbol   (BgDomain    domain);
const char *bg_domain_effort_unit     (BgDomain    domain);
const char *bg_domain_flow_symbol     (BgDomain    domain);
const char *bg_domain_flow_unit       (BgDomain    domain);
/* Translated quantity names: "voltage", "current", "pressure", ... */
const char *bg_domain_effort_name     (BgDomain    domain);
const char *bg_domain_flow_name       (BgDomain    domain);
/* The domain's effort or flow name, or the generic "effort" / "flow" for
 * BG_DOMAIN_NONE (elements that span domains). */
const char *bg_domain_quantity_name   (BgDomain    domain,
                                       gboolean    effort);
/* Units of the C state (q, V, x, θ) and of the I state (λ, Γ, p, L). */
const char *bg_domain_displacement_unit (BgDomain  domain);
const char *bg_domain_momentum_unit   (BgDomain    domain);
/* Untranslated symbols of the C state (q, V, x, θ) and the I state (λ, Γ, p, L). */
const char *bg_domain_displacement_symbol (BgDomain domain);
const char *bg_domain_momentum_symbol (BgDomain    domain);
/* Port name of a one-port primitive: "E", "H", "M", "W". */
const char *bg_domain_one_port_name   (BgDomain    domain);

G_END_DECLS
