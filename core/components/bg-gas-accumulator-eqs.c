/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-gas-accumulator-eqs.c — equations of GasAccumulator.
 *
 * Owns: dV_f/dt = f_local, p = p0 (V0/(V0 - V_f))^n (tangent below
 * precharge), supplied as effort (integral causality like C); the "full"
 * event at V_f = 0.99 V0; outputs p, V_f, V_gas = V0 - V_f.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

void
bg_gas_accumulator_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double v0 = bg_emit_number (el, "V0"), p0 = bg_emit_number (el, "p0");
  double n = bg_emit_number (el, "n"), vf0 = bg_emit_number (el, "initial");
  const BgPortRef *ph = &el->ports[0];
  guint vf, deriv, v_gas;

  if (el->n_ports != 1 || !ph->bonded)
    {
      bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  if (ph->effort_in)
    {
      bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  vf = bg_emit_state (em, el, "V_f", vf0, MAX (fabs (vf0), v0), &deriv);
  bg_emit_copy (em, deriv, ph->f, ph->s);
  bg_emit_gas (em, ph->e, vf, p0, v0, n);
  bg_emit_event (em, el, BG_EVENT_ACCUMULATOR_FULL, vf, 0.99 * v0, +1);

  v_gas = bg_emit_new_reg (em, v0);
  {
    double coef = -1.0;
    bg_emit_lin (em, v_gas, v0, 1, &vf, &coef);
  }
  bg_emit_output (em, el, "p", ph->e, 1.0);
  bg_emit_output (em, el, "V_f", vf, 1.0);
  bg_emit_output (em, el, "V_gas", v_gas, 1.0);
}
