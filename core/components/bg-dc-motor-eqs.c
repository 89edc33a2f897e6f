/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-dc-motor-eqs.c — equations of DCMotor.
 *
 * Owns: E → 1ₑ {R_a, L_a} → GY: k → 1ₘ {J, b} → W with both ports
 * receiving effort (v_E and τ_W): states λ = L_a i and L = J ω,
 *   dλ/dt = v_E - R_a i - k ω,   dL/dt = k i - b ω - τ_W,
 *   f_local,E = i,   f_local,W = -ω,
 * and the outputs i, w, tau, emf, P_elec, P_mech, lambda, L.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_motor (BgEmit *em, const BgEmitElement *el)
{
  double ra = _bg_emit_number (el, "R_a"), la = _bg_emit_number (el, "L_a");
  double k = _bg_emit_number (el, "k"), J = _bg_emit_number (el, "J");
  double b = _bg_emit_number (el, "b");
  double i0 = _bg_emit_number (el, "i0"), w0 = _bg_emit_number (el, "w0");
  double i_scale = _bg_emit_flow_scale (em, BG_DOMAIN_ELECTRICAL);
  double w_scale = _bg_emit_flow_scale (em, BG_DOMAIN_ROTATIONAL);
  const BgPortRef *pe, *pw;
  guint lambda, mom, dlambda, dmom, i, w, tau, emf, p_elec, p_mech;

  if (el->n_ports != 2 || !el->ports[0].bonded || !el->ports[1].bonded)
    {
      _bg_emit_fail (em, _("%s needs ports E and W"), el->id);
      return;
    }
  pe = &el->ports[0];
  pw = &el->ports[1];
  if (!pe->effort_in || !pw->effort_in)
    {
      _bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }

  lambda = _bg_emit_state (em, el, "lambda", la * i0, MAX (fabs (la * i0), la * i_scale),
                           &dlambda);
  mom = _bg_emit_state (em, el, "L", J * w0, MAX (fabs (J * w0), J * w_scale), &dmom);
  i = _bg_emit_new_reg (em, i_scale);
  w = _bg_emit_new_reg (em, w_scale);
  _bg_emit_copy (em, i, lambda, 1.0 / la);
  _bg_emit_copy (em, w, mom, 1.0 / J);
  _bg_emit_copy (em, pe->f, i, pe->s);
  _bg_emit_copy (em, pw->f, w, -pw->s);
  {
    guint regs[3] = { pe->e, i, w };
    double coefs[3] = { 1.0, -ra, -k };
    _bg_emit_lin (em, dlambda, 0, 3, regs, coefs);
  }
  {
    guint regs[3] = { i, w, pw->e };
    double coefs[3] = { k, -b, -1.0 };
    _bg_emit_lin (em, dmom, 0, 3, regs, coefs);
  }

  tau = _bg_emit_new_reg (em, 1.0);
  emf = _bg_emit_new_reg (em, 1.0);
  p_elec = _bg_emit_new_reg (em, 1.0);
  p_mech = _bg_emit_new_reg (em, 1.0);
  _bg_emit_copy (em, tau, i, k);
  _bg_emit_copy (em, emf, w, k);
  _bg_emit_mul (em, p_elec, pe->e, i, 1.0);
  _bg_emit_mul (em, p_mech, pw->e, w, 1.0);
  _bg_emit_output (em, el, "i", i, 1.0);
  _bg_emit_output (em, el, "w", w, 1.0);
  _bg_emit_output (em, el, "tau", tau, 1.0);
  _bg_emit_output (em, el, "emf", emf, 1.0);
  _bg_emit_output (em, el, "P_elec", p_elec, 1.0);
  _bg_emit_output (em, el, "P_mech", p_mech, 1.0);
  _bg_emit_output (em, el, "lambda", lambda, 1.0);
  _bg_emit_output (em, el, "L", mom, 1.0);
  /* The electrical power v_E i enters; R_a i² + b ω² become heat; the
   * armature and rotor store λ²/2L_a + L²/2J; the rest leaves at W. */
  _bg_emit_energy_power (em, el, BG_ENERGY_TRANSDUCER, p_elec, BG_EMIT_NO_REG, 1.0);
  _bg_emit_energy_power (em, el, BG_ENERGY_DISSIPATOR, i, i, ra);
  _bg_emit_energy_power (em, el, BG_ENERGY_DISSIPATOR, w, w, b);
  _bg_emit_energy_stored (em, el, lambda, lambda, 0.5 / la);
  _bg_emit_energy_stored (em, el, mom, mom, 0.5 / J);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, dlambda, i, 1.0);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, dmom, w, 1.0);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* DC motor: i = λ/L_a, ω = L/J; local_E = i, local_W = -ω;
 * dλ/dt = v_E - R_a i - k ω, dL/dt = k i - b ω - τ_W. */
static void
form_dc_motor (const BgEqElement *el)
{
  BgExpr *i, *w;

  if (!el->ports[0].effort_in || !el->ports[1].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  i = _bg_eq_mul (_bg_eq_state (el, "lambda"), _bg_eq_inverse_param (el, "L_a", "L_a"));
  w = _bg_eq_mul (_bg_eq_state (el, "L"), _bg_eq_inverse_param (el, "J", "J"));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (i));
  _bg_eq_set_local_flow (el, 1, _bg_eq_scale (bg_expr_ref (w), -1));
  _bg_eq_set_derivative (el, "lambda",
                         _bg_eq_add (_bg_eq_add (_bg_eq_effort (el, 0),
                                   _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "R_a", "R_a"), bg_expr_ref (i)), -1)),
                              _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (w)), -1)));
  _bg_eq_set_derivative (el, "L",
                         _bg_eq_add (_bg_eq_add (_bg_eq_mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (i)),
                                   _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "b", "b"), bg_expr_ref (w)), -1)),
                              _bg_eq_scale (_bg_eq_effort (el, 1), -1)));
  _bg_eq_set_output (el, "tau", _bg_eq_mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (i)));
  _bg_eq_set_output (el, "emf", _bg_eq_mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (w)));
  _bg_eq_set_output (el, "P_elec", _bg_eq_mul (_bg_eq_effort (el, 0), bg_expr_ref (i)));
  _bg_eq_set_output (el, "P_mech", _bg_eq_mul (_bg_eq_effort (el, 1), bg_expr_ref (w)));
  _bg_eq_set_output (el, "i", i);
  _bg_eq_set_output (el, "w", w);
}

/* The kind ----------------------------------------------------------------- */

static void
carry_motor (BgScaleHints *h, const BgEmitElement *el)
{
  _bg_scale_carry_gyrator (h, el, _bg_emit_number (el, "k"));
}

static const char *const motor_equations[] = {
  "L_a · di/dt = v_E − R_a · i − k · ω",
  "J · dω/dt = k · i − b · ω − τ_W",
  "f_local,E = i,  f_local,W = −ω", NULL };
static const char *const motor_states[] = { "lambda", "L", NULL };
/* the rotor's momentum is a p in the equations, as every momentum */
static const char *const motor_state_symbols[] = { NULL, "p", NULL };
static const char *const motor_derivative_advice[BG_N_DOMAINS] = {
  [BG_DOMAIN_ELECTRICAL] = N_("The motor's armature inductance already sets its current: add the inductance to the motor's L_a, or put a capacitance or resistance between them."),
  [BG_DOMAIN_ROTATIONAL] = N_("The motor's rotor inertia already sets the shaft speed: add the load's inertia to the motor's J, or put a shaft compliance (C) between them."),
};

const BgComponentKind _bg_kind_dc_motor = {
  .type = "DCMotor", .id_prefix = "MOT",
  .noun = N_("DC motor"), .named = N_("DC motor %s"),
  .state_rule = BG_STATES_WHEN_ALL_IN, .states = motor_states, .state_symbols = motor_state_symbols,
  .derivative_advice = motor_derivative_advice,
  .emit = emit_motor, .form = form_dc_motor,
  .carry_pass = 2, .carry_scales = carry_motor,
  .equations = motor_equations,
  .initial_state = N_("i0 and w0 are the armature current and the shaft speed at t = 0; the states are λ = L_a · i and L = J · ω."),
  .causality = N_("Like an inertia at both ports: E and W receive effort (the armature inductance and the rotor inertia integrate)."),
};
