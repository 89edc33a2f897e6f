/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cylinder.c — CylinderDA, the double-acting hydraulic cylinder.
 *
 * Owns: its spec (ports A and B hydraulic, M translational; D, d, L, x0;
 * outputs x, v, F_hyd, Q_A, Q_B, P_mech) and the check that links its
 * parameters: D > d > 0 and 0 < x0 < L (docs/components.md, CylinderDA). Must not: hold
 * per-document state or know about the model, the analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

enum { PARAM_D, PARAM_ROD_D, PARAM_L, PARAM_X0, N_PARAMS };

static const BgPortSpec cylinder_ports[] = {
  { "A", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN, N_("cap end") },
  { "B", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN, N_("rod end") },
  { "M", BG_DOMAIN_TRANSLATIONAL, BG_PORT_ROLE_EFFORT_OUT, N_("mechanical output") },
};

static const BgParamSpec cylinder_params[N_PARAMS] = {
  [PARAM_D] = { .name = "D", .kind = BG_PARAM_NUMBER, .label = N_("Piston diameter"),
                .unit = "m", .limit = BG_LIMIT_POSITIVE, .default_number = 0.05 },
  [PARAM_ROD_D] = { .name = "d", .kind = BG_PARAM_NUMBER, .label = N_("Rod diameter"),
                    .unit = "m", .limit = BG_LIMIT_POSITIVE, .default_number = 0.025 },
  [PARAM_L] = { .name = "L", .kind = BG_PARAM_NUMBER, .label = N_("Stroke"),
                .unit = "m", .limit = BG_LIMIT_POSITIVE, .default_number = 0.3 },
  [PARAM_X0] = { .name = "x0", .kind = BG_PARAM_NUMBER, .label = N_("Initial position"),
                 .unit = "m", .limit = BG_LIMIT_POSITIVE, .default_number = 0.15 },
};

static const BgVarSpec cylinder_vars[] = {
  { "x", "m", N_("Piston position") },
  { "v", "m/s", N_("Piston velocity") },
  { "F_hyd", "N", N_("Hydraulic force") },
  { "Q_A", "m³/s", N_("Flow into the cap end") },
  { "Q_B", "m³/s", N_("Flow into the rod end") },
  { "P_mech", "W", N_("Mechanical output power") },
};

static gboolean
cylinder_validate (const BgComponentSpec *spec,
                   const BgParamValue    *values,
                   GError               **error)
{
  double D = values[PARAM_D].number;
  double d = values[PARAM_ROD_D].number;
  double L = values[PARAM_L].number;
  double x0 = values[PARAM_X0].number;

  if (!(d < D))
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("rod diameter d = %g m must be smaller than piston diameter D = %g m"),
                   d, D);
      return FALSE;
    }
  if (!(x0 > 0 && x0 < L))
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("initial position x0 = %g m must lie strictly between 0 and "
                     "the stroke L = %g m"),
                   x0, L);
      return FALSE;
    }
  return TRUE;
}

const BgComponentSpec _bg_cylinder_spec = {
  .type = "CylinderDA",
  .kind = &_bg_kind_cylinder,
  .drawing = BG_DRAWING_BOX,
  .n_left_ports = 2,
  .domain = BG_DOMAIN_NONE,
  .section = BG_SECTION_ADVANCED,
  .palette_domains = BG_PALETTE_BIT (BG_DOMAIN_HYDRAULIC)
                   | BG_PALETTE_BIT (BG_DOMAIN_TRANSLATIONAL),
  .symbol = "CYL",
  .name = N_("Double-acting cylinder"),
  .name_ru = "Двухсторонний цилиндр",
  .description = N_("Converts hydraulic power at A and B into translational power at M."),
  .causal_rule = BG_CAUSAL_ONE_OUT,
  BG_SPEC_PORTS (cylinder_ports),
  BG_SPEC_PARAMS (cylinder_params),
  BG_SPEC_VARS (cylinder_vars),
  .plot_vars = "x,v",
  .validate = cylinder_validate,
};
