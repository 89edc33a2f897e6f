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
#include "bg-compiler-private.h"

void
bg_pump_curve_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  const BgParamValue *table = bg_emit_param (el, "table");
  const BgPortRef *pt, *pp;
  guint dp, q, power;

  if (el->n_ports != 2 || table == NULL || table->table == NULL || table->table->len < 4)
    {
      bg_emit_fail (em, _("%s needs ports T and P and a table of at least two rows"), el->id);
      return;
    }
  pt = &el->ports[0];
  pp = &el->ports[1];
  if (!pt->effort_in || !pp->effort_in)
    {
      bg_emit_fail (em, _("%s must receive the pressure at both ports"), el->id);
      return;
    }
  dp = bg_emit_new_reg (em, bg_emit_effort_scale (em, BG_DOMAIN_HYDRAULIC));
  q = bg_emit_new_reg (em, bg_emit_flow_scale (em, BG_DOMAIN_HYDRAULIC));
  {
    guint regs[2] = { pp->e, pt->e };
    double coefs[2] = { 1.0, -1.0 };
    bg_emit_lin (em, dp, 0, 2, regs, coefs);
  }
  bg_emit_table (em, q, dp, (const double *) table->table->data, table->table->len / 2, 1.0);
  bg_emit_copy (em, pp->f, q, -pp->s);
  bg_emit_copy (em, pt->f, q, pt->s);

  power = bg_emit_new_reg (em, 1.0);
  bg_emit_mul (em, power, dp, q, 1.0);
  bg_emit_output (em, el, "Q", q, 1.0);
  bg_emit_output (em, el, "dp", dp, 1.0);
  bg_emit_output (em, el, "P_hyd", power, 1.0);
}
