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
#include "bg-components-private.h"

static void
emit_acc (BgEmit *em, const BgEmitElement *el)
{
  double v0 = _bg_emit_number (el, "V0"), p0 = _bg_emit_number (el, "p0");
  double n = _bg_emit_number (el, "n"), vf0 = _bg_emit_number (el, "initial");
  const BgPortRef *ph = &el->ports[0];
  guint vf, deriv, v_gas;

  if (el->n_ports != 1 || !ph->bonded)
    {
      _bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  if (ph->effort_in)
    {
      _bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  vf = _bg_emit_state (em, el, "V_f", vf0, MAX (fabs (vf0), v0), &deriv);
  _bg_emit_copy (em, deriv, ph->f, ph->s);
  _bg_emit_gas (em, ph->e, vf, p0, v0, n);
  _bg_emit_event (em, el, BG_EVENT_ACCUMULATOR_FULL, vf, 0.99 * v0, +1);

  v_gas = _bg_emit_new_reg (em, v0);
  {
    double coef = -1.0;
    _bg_emit_lin (em, v_gas, v0, 1, &vf, &coef);
  }
  _bg_emit_output (em, el, "p", ph->e, 1.0);
  _bg_emit_output (em, el, "V_f", vf, 1.0);
  _bg_emit_output (em, el, "V_gas", v_gas, 1.0);
  _bg_emit_energy_gas (em, el, vf, p0, v0, n);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, ph->e, ph->f, ph->s);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* P = P_ACC(V_f) = p0 (V0/(V0 − V_f))^n; dV_f/dt = local flow. */
static void
form_gas_accumulator (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  /* a pressure: P_ACC, not the p of a momentum */
  _bg_eq_set_effort (el, 0, _bg_eq_function (el, "P", _bg_eq_state (el, "V_f"),
                                             _("Gas pressure p0·(V0/(V0 − V_f))ⁿ (below precharge its tangent at V_f = 0)"),
                                             "Pa"));
  _bg_eq_set_derivative (el, "V_f", _bg_eq_local_flow (el, 0));
  {
    /* Registers the precharge, volume and exponent as symbols. */
    g_autoptr(BgExpr) p0 = _bg_eq_param (el, "p0", "p0");
    g_autoptr(BgExpr) v0 = _bg_eq_param (el, "V0", "V0");
    g_autoptr(BgExpr) n = _bg_eq_param (el, "n", "n");

    _bg_eq_set_output (el, "p", _bg_eq_effort (el, 0));
    _bg_eq_set_output (el, "V_gas", _bg_eq_add (bg_expr_ref (v0), _bg_eq_scale (_bg_eq_state (el, "V_f"), -1)));
  }
}

/* The kind ----------------------------------------------------------------- */

static void
scales_acc (BgScaleHints *h, const BgEmitElement *el)
{
  _bg_scale_bump (&h->e[el->element->spec->ports[0].domain], _bg_emit_number (el, "p0"));
}

static const char *const acc_equations[] = {
  "dV_f/dt = f_local",
  "P = p0 · (V0 / (V0 − V_f))ⁿ  for V_f ≥ 0",
  "P = p0 · (1 + n · V_f / V0)  for V_f < 0", NULL };
static const char *const acc_states[] = { "V_f", NULL };

const BgComponentKind _bg_kind_gas_accumulator = {
  .type = "GasAccumulator", .id_prefix = "ACC",
  .noun = N_("accumulator"), .named = N_("accumulator %s"),
  .state_rule = BG_STATES_WHEN_INTEGRAL, .states = acc_states,
  .emit = emit_acc, .form = form_gas_accumulator, .estimate_scales = scales_acc,
  .equations = acc_equations,
  .initial_state = N_("“initial” is the stored fluid volume V_f at t = 0 (0: at the precharge pressure); V_f reaching 0.99 · V0 ends the run."),
  .causality = N_("Integral causality like a capacitance: it gives the pressure, so the stroke is away from it. Two pressure-setting storages on one 0-junction conflict."),
};
