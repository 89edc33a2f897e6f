/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pump-curve.c — PumpCurve, a pump defined by a table of flow against
 * pressure rise.
 *
 * Owns: its spec (ports T and P, hydraulic, both receiving pressure; the
 * table; outputs Q, dp, P_hyd) and the table check: at least two rows, Δp
 * strictly increasing, Q non-increasing and ≥ 0. Must not: hold per-document
 * state or know about the model, the analyzer or GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

static const BgPortSpec pump_ports[] = {
  { "T", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN, N_("inlet from the tank") },
  { "P", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN, N_("outlet") },
};

/* Rows [Δp, Q]: full flow at zero rise, cut-off at 20 MPa. */
static const double pump_default_table[] = {
  0.0, 1.0e-4,
  1.5e7, 0.9e-4,
  2.0e7, 0.0,
};

static const BgParamSpec pump_params[] = {
  { .name = "table", .kind = BG_PARAM_TABLE,
    .label = N_("Flow against pressure rise (Δp, Q)"),
    .unit = "Pa, m³/s", .limit = BG_LIMIT_ANY,
    .default_table = pump_default_table,
    .default_table_rows = G_N_ELEMENTS (pump_default_table) / 2,
    .column_labels = { N_("Δp, Pa"), N_("Q, m³/s") } },
};

static const BgVarSpec pump_vars[] = {
  { "Q", "m³/s", N_("Delivered flow") },
  { "dp", "Pa", N_("Pressure rise") },
  { "P_hyd", "W", N_("Hydraulic power") },
};

static gboolean
pump_validate (const BgComponentSpec *spec,
               const BgParamValue    *values,
               GError               **error)
{
  const GArray *table = values[0].table;
  guint n_rows = table != NULL ? table->len / 2 : 0;

  if (n_rows < 2)
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("the pump table needs at least 2 rows [Δp, Q]"));
      return FALSE;
    }
  for (guint i = 0; i < n_rows; i++)
    {
      double dp = g_array_index (table, double, 2 * i);
      double q = g_array_index (table, double, 2 * i + 1);

      if (q < 0)
        {
          g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                       _("row %u: flow Q = %g must be ≥ 0"), i + 1, q);
          return FALSE;
        }
      if (i == 0)
        continue;
      if (!(dp > g_array_index (table, double, 2 * i - 2)))
        {
          g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                       _("row %u: pressure rise Δp must be strictly increasing"), i + 1);
          return FALSE;
        }
      if (q > g_array_index (table, double, 2 * i - 1))
        {
          g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                       _("row %u: flow Q must not increase with pressure rise"), i + 1);
          return FALSE;
        }
    }
  return TRUE;
}

const BgComponentSpec _bg_pump_curve_spec = {
  .type = "PumpCurve",
  .kind = &_bg_kind_pump_curve,
  .drawing = BG_DRAWING_BOX,
  .domain = BG_DOMAIN_NONE,
  .section = BG_SECTION_ADVANCED,
  .palette_domains = BG_PALETTE_BIT (BG_DOMAIN_HYDRAULIC),
  .symbol = "PUMP",
  .name = N_("Pump curve"),
  .name_ru = "Насос (табличная характеристика)",
  .description = N_("Pump whose delivered flow follows a table of flow against pressure rise."),
  .causal_rule = BG_CAUSAL_FIXED,
  BG_SPEC_PORTS (pump_ports),
  BG_SPEC_PARAMS (pump_params),
  BG_SPEC_VARS (pump_vars),
  .plot_vars = "Q",
  .validate = pump_validate,
};
