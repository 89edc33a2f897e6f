/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-gas-accumulator.c — GasAccumulator, a polytropic gas-charged accumulator.
 *
 * Owns: its spec (port H, hydraulic, integral causality like C; V0, p0, n,
 * initial fluid volume; outputs p, V_f, V_gas) and the check that links its
 * parameters. Must not: hold per-document state or know about the model, the
 * analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

enum { PARAM_V0, PARAM_P0, PARAM_N, PARAM_INITIAL, N_PARAMS };

/* The simulation ends as "accumulator full" at this fraction of V0. */
#define FULL_FRACTION 0.99

static const BgPortSpec accumulator_ports[] = {
  { "H", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_OUT, N_("fluid port") },
};

static const BgParamSpec accumulator_params[N_PARAMS] = {
  [PARAM_V0] = { .name = "V0", .kind = BG_PARAM_NUMBER, .label = N_("Gas volume at precharge"),
                 .unit = "m³", .limit = BG_LIMIT_POSITIVE, .default_number = 1e-3 },
  [PARAM_P0] = { .name = "p0", .kind = BG_PARAM_NUMBER, .label = N_("Precharge pressure"),
                 .unit = "Pa", .limit = BG_LIMIT_POSITIVE, .default_number = 5e6 },
  [PARAM_N] = { .name = "n", .kind = BG_PARAM_NUMBER, .label = N_("Polytropic exponent"),
                .unit = "", .limit = BG_LIMIT_RANGE, .min = 1, .max = 2,
                .default_number = 1.4 },
  [PARAM_INITIAL] = { .name = "initial", .kind = BG_PARAM_NUMBER,
                      .label = N_("Initial stored fluid volume"),
                      .unit = "m³", .limit = BG_LIMIT_ANY, .default_number = 0 },
};

static const BgVarSpec accumulator_vars[] = {
  { "p", "Pa", N_("Pressure") },
  { "V_f", "m³", N_("Stored fluid volume") },
  { "V_gas", "m³", N_("Gas volume") },
};

static gboolean
accumulator_validate (const BgComponentSpec *spec,
                      const BgParamValue    *values,
                      GError               **error)
{
  double V0 = values[PARAM_V0].number;
  double initial = values[PARAM_INITIAL].number;

  if (!(initial < FULL_FRACTION * V0))
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("initial fluid volume %g m³ must be below 0.99 · V0 = %g m³ "
                     "(the accumulator would start full)"),
                   initial, FULL_FRACTION * V0);
      return FALSE;
    }
  return TRUE;
}

const BgComponentSpec _bg_gas_accumulator_spec = {
  .type = "GasAccumulator",
  .kind = &_bg_kind_gas_accumulator,
  .drawing = BG_DRAWING_BOX,
  .domain = BG_DOMAIN_NONE,
  .section = BG_SECTION_ADVANCED,
  .palette_domains = BG_PALETTE_BIT (BG_DOMAIN_HYDRAULIC),
  .symbol = "ACC",
  .name = N_("Gas accumulator"),
  .name_ru = "Газовый аккумулятор",
  .description = N_("Gas-charged accumulator: pressure rises polytropically as fluid fills it."),
  .causal_rule = BG_CAUSAL_STORAGE,
  BG_SPEC_PORTS (accumulator_ports),
  BG_SPEC_PARAMS (accumulator_params),
  BG_SPEC_VARS (accumulator_vars),
  .plot_vars = "p",
  .validate = accumulator_validate,
};
