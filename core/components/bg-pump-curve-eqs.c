/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pump-curve-eqs.c — equations of PumpCurve.
 *
 * Owns: Δp = p_P - p_T, Q = table(Δp) (linear between rows, flat outside),
 * f_local,P = -Q, f_local,T = +Q. Both ports always receive pressure. A loop
 * through the network back to Δp without storage becomes an algebraic group
 * the compiler solves with a safeguarded Newton method.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_pump (BgEmit *em, const BgEmitElement *el)
{
  const BgParamValue *table = _bg_emit_param (el, "table");
  const BgPortRef *pt, *pp;
  guint dp, q, power;

  if (el->n_ports != 2 || table == NULL || table->table == NULL || table->table->len < 4)
    {
      _bg_emit_fail (em, _("%s needs ports T and P and a table of at least two rows"), el->id);
      return;
    }
  pt = &el->ports[0];
  pp = &el->ports[1];
  if (!pt->effort_in || !pp->effort_in)
    {
      _bg_emit_fail (em, _("%s must receive the pressure at both ports"), el->id);
      return;
    }
  dp = _bg_emit_new_reg (em, _bg_emit_effort_scale (em, BG_DOMAIN_HYDRAULIC));
  q = _bg_emit_new_reg (em, _bg_emit_flow_scale (em, BG_DOMAIN_HYDRAULIC));
  {
    guint regs[2] = { pp->e, pt->e };
    double coefs[2] = { 1.0, -1.0 };
    _bg_emit_lin (em, dp, 0, 2, regs, coefs);
  }
  _bg_emit_table (em, q, dp, (const double *) table->table->data, table->table->len / 2, 1.0);
  _bg_emit_copy (em, pp->f, q, -pp->s);
  _bg_emit_copy (em, pt->f, q, pt->s);

  power = _bg_emit_new_reg (em, 1.0);
  _bg_emit_mul (em, power, dp, q, 1.0);
  _bg_emit_output (em, el, "Q", q, 1.0);
  _bg_emit_output (em, el, "dp", dp, 1.0);
  _bg_emit_output (em, el, "P_hyd", power, 1.0);
  /* Δp Q enters the network: the pump is a source. */
  _bg_emit_energy_power (em, el, BG_ENERGY_SOURCE, power, BG_EMIT_NO_REG, 1.0);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* Q = Q_PUMP(p_P - p_T); local_P = -Q, local_T = Q. */
static void
form_pump_curve (const BgEqElement *el)
{
  BgExpr *dp = _bg_eq_add (_bg_eq_effort (el, 1), _bg_eq_scale (_bg_eq_effort (el, 0), -1));
  BgExpr *q = _bg_eq_function (el, "Q", bg_expr_ref (dp),
                               _("Pump flow Q(Δp) from its table: linear between rows, flat outside"),
                               "m³/s");

  _bg_eq_set_local_flow (el, 1, _bg_eq_scale (bg_expr_ref (q), -1));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (q));
  _bg_eq_set_output (el, "P_hyd", _bg_eq_mul (bg_expr_ref (dp), bg_expr_ref (q)));
  _bg_eq_set_output (el, "Q", q);
  _bg_eq_set_output (el, "dp", dp);
}

/* The kind ----------------------------------------------------------------- */

static void
scales_pump (BgScaleHints *h, const BgEmitElement *el)
{
  const BgParamValue *t = _bg_emit_param (el, "table");
  BgDomain d = el->element->spec->ports[0].domain;

  for (guint k = 0; t != NULL && t->table != NULL && k + 1 < t->table->len; k += 2)
    {
      _bg_scale_bump (&h->e[d], g_array_index (t->table, double, k));
      _bg_scale_bump (&h->f[d], g_array_index (t->table, double, k + 1));
    }
}

static const char *const pump_equations[] = {
  "Δp = P_P − P_T", "Q = table(Δp)", "f_local,P = −Q,  f_local,T = Q", NULL };

const BgComponentKind _bg_kind_pump_curve = {
  .type = "PumpCurve", .id_prefix = "PUMP",
  .noun = N_("pump"), .named = N_("pump %s"),
  .feedthrough = TRUE,
  .conflict_advice = N_("A pump receives both pressures and supplies flow; it cannot be turned into a pressure source."),
  .emit = emit_pump, .form = form_pump_curve, .estimate_scales = scales_pump,
  .equations = pump_equations,
  .causality = N_("Fixed: it receives the pressures at T and P and gives the flow; it is never turned into a pressure source. Its flow feeding back into those pressures without a storage between is an algebraic group."),
};
