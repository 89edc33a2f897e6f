/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-library.c — the registry of component specs.
 *
 * Owns: the palette-ordered list of every spec the component files export,
 * lookup by (type, domain), palette listings and spec queries. Everything is
 * static const data, so it is safe from any thread without initialisation.
 * Must not: hold per-document state, define specs itself (they live in
 * components/), or know about GTK.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-library.h"
#include "bg-components-private.h"

G_DEFINE_QUARK (bg-library-error-quark, bg_library_error)

#define PRIMITIVES(D)                                                 \
  &_bg_junction_0_specs[D], &_bg_junction_1_specs[D],                   \
  &_bg_one_port_r_specs[D], &_bg_one_port_c_specs[D],                   \
  &_bg_one_port_i_specs[D], &_bg_one_port_se_specs[D],                  \
  &_bg_one_port_sf_specs[D], &_bg_transformer_specs[D],                 \
  &_bg_gyrator_specs[D][D]

/* Palette order: each domain's primitives, then the advanced components. */
static const BgComponentSpec *const all_specs[] = {
  PRIMITIVES (BG_DOMAIN_ELECTRICAL),
  PRIMITIVES (BG_DOMAIN_HYDRAULIC),
  PRIMITIVES (BG_DOMAIN_TRANSLATIONAL),
  PRIMITIVES (BG_DOMAIN_ROTATIONAL),
  &_bg_cylinder_spec,
  &_bg_mechanical_load_spec,
  &_bg_pump_curve_spec,
  &_bg_gas_accumulator_spec,
  &_bg_dc_motor_spec,
  &_bg_port_specs[BG_DOMAIN_ELECTRICAL],
  &_bg_port_specs[BG_DOMAIN_HYDRAULIC],
  &_bg_port_specs[BG_DOMAIN_TRANSLATIONAL],
  &_bg_port_specs[BG_DOMAIN_ROTATIONAL],
};

const BgComponentSpec *const *
bg_library_get_all (guint *n_specs)
{
  if (n_specs != NULL)
    *n_specs = G_N_ELEMENTS (all_specs);
  return all_specs;
}

const BgComponentSpec *
bg_library_lookup (const char *type,
                   BgDomain    domain)
{
  g_return_val_if_fail (type != NULL, NULL);

  /* 45 entries: a scan beats any index for this size (the first letters
   * are compared before the rest). */
  for (guint i = 0; i < G_N_ELEMENTS (all_specs); i++)
    {
      const BgComponentSpec *spec = all_specs[i];

      if (spec->type[0] != type[0] || strcmp (spec->type, type) != 0)
        continue;
      if (spec->section == BG_SECTION_ADVANCED || spec->domain == domain)
        return spec;
    }
  return NULL;
}

const BgComponentSpec *
bg_library_lookup_gyrator (BgDomain domain,
                           BgDomain domain_s)
{
  if (domain <= BG_DOMAIN_NONE || domain >= BG_N_DOMAINS
      || domain_s <= BG_DOMAIN_NONE || domain_s >= BG_N_DOMAINS)
    return NULL;
  return &_bg_gyrator_specs[domain][domain_s];
}

const BgComponentSpec **
bg_library_list_palette (BgDomain  domain,
                         BgSection section)
{
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (all_specs); i++)
    {
      const BgComponentSpec *spec = all_specs[i];

      if (spec->section == section
          && (spec->palette_domains & BG_PALETTE_BIT (domain)) != 0)
        g_ptr_array_add (list, (gpointer) spec);
    }
  g_ptr_array_add (list, NULL);
  return (const BgComponentSpec **) g_ptr_array_free (list, FALSE);
}

gboolean
bg_library_is_type (const char *type)
{
  if (type == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (all_specs); i++)
    if (all_specs[i]->type[0] == type[0] && strcmp (all_specs[i]->type, type) == 0)
      return TRUE;
  return FALSE;
}

gboolean
bg_library_type_is_advanced (const char *type)
{
  const BgComponentSpec *spec;

  if (type == NULL)
    return FALSE;
  spec = bg_library_lookup (type, BG_DOMAIN_NONE);
  return spec != NULL && spec->section == BG_SECTION_ADVANCED;
}

const BgParamSpec *
bg_component_spec_find_param (const BgComponentSpec *spec,
                              const char            *name,
                              guint                 *index)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < spec->n_params; i++)
    if (strcmp (spec->params[i].name, name) == 0)
      {
        if (index != NULL)
          *index = i;
        return &spec->params[i];
      }
  return NULL;
}

const BgPortSpec *
bg_component_spec_find_port (const BgComponentSpec *spec,
                             const char            *name,
                             guint                 *index)
{
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < spec->n_ports; i++)
    if (strcmp (spec->ports[i].name, name) == 0)
      {
        if (index != NULL)
          *index = i;
        return &spec->ports[i];
      }
  return NULL;
}

const char *
bg_component_spec_display_name (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return _(spec->name);
}

gboolean
bg_component_spec_is_storage (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return spec->causal_rule == BG_CAUSAL_STORAGE;
}

/* A one-port whose fixed or storage role gives the effort (effort TRUE) or
 * the flow at its port. */
static gboolean
one_port_gives (const BgComponentSpec *spec,
                gboolean               effort)
{
  return spec->n_ports == 1 && !spec->variable_ports &&
         spec->ports[0].role == (effort ? BG_PORT_ROLE_EFFORT_OUT : BG_PORT_ROLE_EFFORT_IN);
}

gboolean
bg_component_spec_is_source (const BgComponentSpec *spec,
                             gboolean               effort)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return spec->causal_rule == BG_CAUSAL_FIXED && one_port_gives (spec, effort);
}

gboolean
bg_component_spec_sets (const BgComponentSpec *spec,
                        gboolean               effort)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  return (spec->causal_rule == BG_CAUSAL_FIXED || spec->causal_rule == BG_CAUSAL_STORAGE) &&
         one_port_gives (spec, effort);
}
