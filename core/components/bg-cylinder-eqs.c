/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cylinder-eqs.c — equations of CylinderDA (handbook page 003).
 *
 * Owns: A_A = πD²/4, A_B = π(D² - d²)/4; local flows Q_A = A_A v,
 * Q_B = -A_B v, f_local,M = -v; F_hyd = A_A p_A - A_B p_B = e_M; dx/dt = v;
 * the end-stop events x = 0 and x = L. Exactly one of A, B, M supplies
 * effort: M (preferred: v from M's flow, F_hyd to M), A (v from Q_A,
 * p_A = (e_M + A_B p_B)/A_A) or B (v from Q_B, p_B = (A_A p_A - e_M)/A_B).
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

void
bg_cylinder_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double D = bg_emit_number (el, "D"), d = bg_emit_number (el, "d");
  double L = bg_emit_number (el, "L"), x0 = bg_emit_number (el, "x0");
  double aa = G_PI * D * D / 4, ab = G_PI * (D * D - d * d) / 4;
  const BgPortRef *pa, *pb, *pm;
  double v_scale;
  guint v, x, deriv, f_hyd, q_a, q_b, p_mech;

  if (el->n_ports != 3)
    {
      bg_emit_fail (em, _("%s needs ports A, B and M"), el->id);
      return;
    }
  pa = &el->ports[0];
  pb = &el->ports[1];
  pm = &el->ports[2];
  v_scale = bg_emit_flow_scale (em, BG_DOMAIN_TRANSLATIONAL);
  v = bg_emit_new_reg (em, v_scale);
  f_hyd = bg_emit_new_reg (em, bg_emit_effort_scale (em, BG_DOMAIN_TRANSLATIONAL));

  if (!pm->effort_in && pa->effort_in && pb->effort_in)
    {
      guint regs[2] = { pa->e, pb->e };
      double coefs[2] = { aa, -ab };

      bg_emit_copy (em, v, pm->f, -pm->s);
      bg_emit_copy (em, pa->f, v, pa->s * aa);
      bg_emit_copy (em, pb->f, v, -pb->s * ab);
      bg_emit_lin (em, f_hyd, 0, 2, regs, coefs);
      bg_emit_copy (em, pm->e, f_hyd, 1.0);
    }
  else if (!pa->effort_in && pb->effort_in && pm->effort_in)
    {
      guint regs[2] = { pm->e, pb->e };
      double coefs[2] = { 1.0 / aa, ab / aa };

      bg_emit_copy (em, v, pa->f, pa->s / aa);
      bg_emit_copy (em, pb->f, v, -pb->s * ab);
      bg_emit_copy (em, pm->f, v, -pm->s);
      bg_emit_lin (em, pa->e, 0, 2, regs, coefs);
      bg_emit_copy (em, f_hyd, pm->e, 1.0);
    }
  else if (!pb->effort_in && pa->effort_in && pm->effort_in)
    {
      guint regs[2] = { pa->e, pm->e };
      double coefs[2] = { aa / ab, -1.0 / ab };

      bg_emit_copy (em, v, pb->f, -pb->s / ab);
      bg_emit_copy (em, pa->f, v, pa->s * aa);
      bg_emit_copy (em, pm->f, v, -pm->s);
      bg_emit_lin (em, pb->e, 0, 2, regs, coefs);
      bg_emit_copy (em, f_hyd, pm->e, 1.0);
    }
  else
    {
      bg_emit_fail (em, _("%s needs exactly one of A, B, M to supply effort"), el->id);
      return;
    }

  x = bg_emit_state (em, el, "x", x0, L, &deriv);
  bg_emit_copy (em, deriv, v, 1.0);
  bg_emit_event (em, el, BG_EVENT_CYLINDER_LOW, x, 0.0, -1);
  bg_emit_event (em, el, BG_EVENT_CYLINDER_HIGH, x, L, +1);

  q_a = bg_emit_new_reg (em, 1.0);
  q_b = bg_emit_new_reg (em, 1.0);
  p_mech = bg_emit_new_reg (em, 1.0);
  bg_emit_copy (em, q_a, v, aa);
  bg_emit_copy (em, q_b, v, -ab);
  bg_emit_mul (em, p_mech, f_hyd, v, 1.0);
  bg_emit_output (em, el, "x", x, 1.0);
  bg_emit_output (em, el, "v", v, 1.0);
  bg_emit_output (em, el, "F_hyd", f_hyd, 1.0);
  bg_emit_output (em, el, "Q_A", q_a, 1.0);
  bg_emit_output (em, el, "Q_B", q_b, 1.0);
  bg_emit_output (em, el, "P_mech", p_mech, 1.0);
}
