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
#include "bg-compiler-private.h"

void
bg_dc_motor_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double ra = bg_emit_number (el, "R_a"), la = bg_emit_number (el, "L_a");
  double k = bg_emit_number (el, "k"), J = bg_emit_number (el, "J");
  double b = bg_emit_number (el, "b");
  double i0 = bg_emit_number (el, "i0"), w0 = bg_emit_number (el, "w0");
  double i_scale = bg_emit_flow_scale (em, BG_DOMAIN_ELECTRICAL);
  double w_scale = bg_emit_flow_scale (em, BG_DOMAIN_ROTATIONAL);
  const BgPortRef *pe, *pw;
  guint lambda, mom, dlambda, dmom, i, w, tau, emf, p_elec, p_mech;

  if (el->n_ports != 2 || !el->ports[0].bonded || !el->ports[1].bonded)
    {
      bg_emit_fail (em, _("%s needs ports E and W"), el->id);
      return;
    }
  pe = &el->ports[0];
  pw = &el->ports[1];
  if (!pe->effort_in || !pw->effort_in)
    {
      bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }

  lambda = bg_emit_state (em, el, "lambda", la * i0, MAX (fabs (la * i0), la * i_scale),
                          &dlambda);
  mom = bg_emit_state (em, el, "L", J * w0, MAX (fabs (J * w0), J * w_scale), &dmom);
  i = bg_emit_new_reg (em, i_scale);
  w = bg_emit_new_reg (em, w_scale);
  bg_emit_copy (em, i, lambda, 1.0 / la);
  bg_emit_copy (em, w, mom, 1.0 / J);
  bg_emit_copy (em, pe->f, i, pe->s);
  bg_emit_copy (em, pw->f, w, -pw->s);
  {
    guint regs[3] = { pe->e, i, w };
    double coefs[3] = { 1.0, -ra, -k };
    bg_emit_lin (em, dlambda, 0, 3, regs, coefs);
  }
  {
    guint regs[3] = { i, w, pw->e };
    double coefs[3] = { k, -b, -1.0 };
    bg_emit_lin (em, dmom, 0, 3, regs, coefs);
  }

  tau = bg_emit_new_reg (em, 1.0);
  emf = bg_emit_new_reg (em, 1.0);
  p_elec = bg_emit_new_reg (em, 1.0);
  p_mech = bg_emit_new_reg (em, 1.0);
  bg_emit_copy (em, tau, i, k);
  bg_emit_copy (em, emf, w, k);
  bg_emit_mul (em, p_elec, pe->e, i, 1.0);
  bg_emit_mul (em, p_mech, pw->e, w, 1.0);
  bg_emit_output (em, el, "i", i, 1.0);
  bg_emit_output (em, el, "w", w, 1.0);
  bg_emit_output (em, el, "tau", tau, 1.0);
  bg_emit_output (em, el, "emf", emf, 1.0);
  bg_emit_output (em, el, "P_elec", p_elec, 1.0);
  bg_emit_output (em, el, "P_mech", p_mech, 1.0);
  bg_emit_output (em, el, "lambda", lambda, 1.0);
  bg_emit_output (em, el, "L", mom, 1.0);
}
