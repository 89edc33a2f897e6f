/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cylinder-eqs.c — equations of CylinderDA (docs/components.md, CylinderDA).
 *
 * Owns: A_A = πD²/4, A_B = π(D² - d²)/4; local flows Q_A = A_A v,
 * Q_B = -A_B v, f_local,M = -v; F_hyd = A_A P_A - A_B P_B = e_M; dx/dt = v;
 * the end-stop events x = 0 and x = L. Exactly one of A, B, M supplies
 * effort: M (preferred: v from M's flow, F_hyd to M), A (v from Q_A,
 * P_A = (e_M + A_B P_B)/A_A) or B (v from Q_B, P_B = (A_A P_A - e_M)/A_B).
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_cylinder (BgEmit *em, const BgEmitElement *el)
{
  double D = _bg_emit_number (el, "D"), d = _bg_emit_number (el, "d");
  double L = _bg_emit_number (el, "L"), x0 = _bg_emit_number (el, "x0");
  double aa = G_PI * D * D / 4, ab = G_PI * (D * D - d * d) / 4;
  const BgPortRef *pa, *pb, *pm;
  double v_scale;
  guint v, x, deriv, f_hyd, q_a, q_b, p_mech;

  if (el->n_ports != 3)
    {
      _bg_emit_fail (em, _("%s needs ports A, B and M"), el->id);
      return;
    }
  pa = &el->ports[0];
  pb = &el->ports[1];
  pm = &el->ports[2];
  v_scale = _bg_emit_flow_scale (em, BG_DOMAIN_TRANSLATIONAL);
  v = _bg_emit_new_reg (em, v_scale);
  f_hyd = _bg_emit_new_reg (em, _bg_emit_effort_scale (em, BG_DOMAIN_TRANSLATIONAL));

  if (!pm->effort_in && pa->effort_in && pb->effort_in)
    {
      guint regs[2] = { pa->e, pb->e };
      double coefs[2] = { aa, -ab };

      _bg_emit_copy (em, v, pm->f, -pm->s);
      _bg_emit_copy (em, pa->f, v, pa->s * aa);
      _bg_emit_copy (em, pb->f, v, -pb->s * ab);
      _bg_emit_lin (em, f_hyd, 0, 2, regs, coefs);
      _bg_emit_copy (em, pm->e, f_hyd, 1.0);
    }
  else if (!pa->effort_in && pb->effort_in && pm->effort_in)
    {
      guint regs[2] = { pm->e, pb->e };
      double coefs[2] = { 1.0 / aa, ab / aa };

      _bg_emit_copy (em, v, pa->f, pa->s / aa);
      _bg_emit_copy (em, pb->f, v, -pb->s * ab);
      _bg_emit_copy (em, pm->f, v, -pm->s);
      _bg_emit_lin (em, pa->e, 0, 2, regs, coefs);
      _bg_emit_copy (em, f_hyd, pm->e, 1.0);
    }
  else if (!pb->effort_in && pa->effort_in && pm->effort_in)
    {
      guint regs[2] = { pa->e, pm->e };
      double coefs[2] = { aa / ab, -1.0 / ab };

      _bg_emit_copy (em, v, pb->f, -pb->s / ab);
      _bg_emit_copy (em, pa->f, v, pa->s * aa);
      _bg_emit_copy (em, pm->f, v, -pm->s);
      _bg_emit_lin (em, pb->e, 0, 2, regs, coefs);
      _bg_emit_copy (em, f_hyd, pm->e, 1.0);
    }
  else
    {
      _bg_emit_fail (em, _("%s needs exactly one of A, B, M to supply effort"), el->id);
      return;
    }

  x = _bg_emit_state (em, el, "x", x0, L, &deriv);
  _bg_emit_copy (em, deriv, v, 1.0);
  _bg_emit_event (em, el, BG_EVENT_CYLINDER_LOW, x, 0.0, -1);
  _bg_emit_event (em, el, BG_EVENT_CYLINDER_HIGH, x, L, +1);

  q_a = _bg_emit_new_reg (em, 1.0);
  q_b = _bg_emit_new_reg (em, 1.0);
  p_mech = _bg_emit_new_reg (em, 1.0);
  _bg_emit_copy (em, q_a, v, aa);
  _bg_emit_copy (em, q_b, v, -ab);
  _bg_emit_mul (em, p_mech, f_hyd, v, 1.0);
  _bg_emit_output (em, el, "x", x, 1.0);
  _bg_emit_output (em, el, "v", v, 1.0);
  _bg_emit_output (em, el, "F_hyd", f_hyd, 1.0);
  _bg_emit_output (em, el, "Q_A", q_a, 1.0);
  _bg_emit_output (em, el, "Q_B", q_b, 1.0);
  _bg_emit_output (em, el, "P_mech", p_mech, 1.0);
  /* The hydraulic power in, A_A P_A v − A_B P_B v = F_hyd v, leaves at M. */
  _bg_emit_energy_power (em, el, BG_ENERGY_TRANSDUCER, p_mech, BG_EMIT_NO_REG, 1.0);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* Q_A = A_A v, Q_B = -A_B v, local_M = -v, F_hyd = A_A P_A - A_B P_B = e_M. */
static void
form_cylinder (const BgEqElement *el)
{
  const BgElement *e = el->element;
  guint iD, id;
  double D, d, aa, ab;
  BgExpr *v;
  gboolean a_in = el->ports[0].effort_in, b_in = el->ports[1].effort_in;
  gboolean m_in = el->ports[2].effort_in;

  bg_component_spec_find_param (e->spec, "D", &iD);
  bg_component_spec_find_param (e->spec, "d", &id);
  D = e->params[iD].number;
  d = e->params[id].number;
  aa = G_PI * D * D / 4;
  ab = G_PI * (D * D - d * d) / 4;
#define AA() _bg_eq_derived (el, "A_A", aa, _("Cap-end piston area π·D²/4"), "m²")
#define AB() _bg_eq_derived (el, "A_B", ab, _("Rod-end annulus area π·(D² − d²)/4"), "m²")

  if (a_in && b_in && !m_in)
    {
      v = _bg_eq_scale (_bg_eq_local_flow (el, 2), -1);
      _bg_eq_set_effort (el, 2, _bg_eq_add (_bg_eq_mul (AA (), _bg_eq_effort (el, 0)),
                                     _bg_eq_scale (_bg_eq_mul (AB (), _bg_eq_effort (el, 1)), -1)));
    }
  else if (!a_in && b_in && m_in)
    {
      g_autoptr(BgExpr) sym = AA ();
      g_autofree char *name = g_strdup_printf ("%s.A_A", e->id);

      v = _bg_eq_mul (_bg_eq_local_flow (el, 0), bg_expr_symbol_pow (name, -1));
      _bg_eq_set_effort (el, 0, _bg_eq_mul (_bg_eq_add (_bg_eq_effort (el, 2), _bg_eq_mul (AB (), _bg_eq_effort (el, 1))),
                                     bg_expr_symbol_pow (name, -1)));
    }
  else if (!b_in && a_in && m_in)
    {
      g_autoptr(BgExpr) sym = AB ();
      g_autofree char *name = g_strdup_printf ("%s.A_B", e->id);

      v = _bg_eq_scale (_bg_eq_mul (_bg_eq_local_flow (el, 1), bg_expr_symbol_pow (name, -1)), -1);
      _bg_eq_set_effort (el, 1, _bg_eq_mul (_bg_eq_add (_bg_eq_mul (AA (), _bg_eq_effort (el, 0)),
                                          _bg_eq_scale (_bg_eq_effort (el, 2), -1)),
                                     bg_expr_symbol_pow (name, -1)));
    }
  else
    {
      _bg_eq_fail (el, _("A cylinder needs exactly one of A, B, M to supply effort."));
      return;
    }

  if (a_in)
    _bg_eq_set_local_flow (el, 0, _bg_eq_mul (AA (), bg_expr_ref (v)));
  if (b_in)
    _bg_eq_set_local_flow (el, 1, _bg_eq_scale (_bg_eq_mul (AB (), bg_expr_ref (v)), -1));
  if (m_in)
    _bg_eq_set_local_flow (el, 2, _bg_eq_scale (bg_expr_ref (v), -1));
  _bg_eq_set_derivative (el, "x", bg_expr_ref (v));
  _bg_eq_set_output (el, "v", bg_expr_ref (v));
  _bg_eq_set_output (el, "F_hyd", _bg_eq_effort (el, 2));
  _bg_eq_set_output (el, "Q_A", _bg_eq_mul (AA (), bg_expr_ref (v)));
  _bg_eq_set_output (el, "Q_B", _bg_eq_scale (_bg_eq_mul (AB (), bg_expr_ref (v)), -1));
  _bg_eq_set_output (el, "P_mech", _bg_eq_mul (_bg_eq_effort (el, 2), bg_expr_ref (v)));
  bg_expr_unref (v);
#undef AA
#undef AB
}

/* The kind ----------------------------------------------------------------- */

/* F = A p and v = Q / A through the cap-end area, both ways. */
static void
carry_cylinder (BgScaleHints *h, const BgEmitElement *el)
{
  BgDomain hyd = el->element->spec->ports[0].domain;
  BgDomain mech = el->element->spec->ports[2].domain;
  double D = _bg_emit_number (el, "D");
  double area = G_PI * D * D / 4;

  _bg_scale_bump (&h->e[mech], area * h->e[hyd]);
  _bg_scale_bump (&h->f[mech], h->f[hyd] / area);
  _bg_scale_bump (&h->e[hyd], h->e[mech] / area);
  _bg_scale_bump (&h->f[hyd], h->f[mech] * area);
}

static const char *const cylinder_equations[] = {
  "A_A = π·D² / 4,  A_B = π·(D² − d²) / 4",
  "Q_A = A_A · v,  Q_B = −A_B · v",
  "F_hyd = A_A · P_A − A_B · P_B",
  "dx/dt = v,  f_local,M = −v",
  "P_A · Q_A + P_B · Q_B − F_hyd · v = 0", NULL };
static const char *const cylinder_states[] = { "x", NULL };

const BgComponentKind _bg_kind_cylinder = {
  .type = "CylinderDA", .id_prefix = "CYL",
  .noun = N_("cylinder"), .named = N_("cylinder %s"),
  .state_rule = BG_STATES_ALWAYS, .states = cylinder_states,
  .emit = emit_cylinder, .form = form_cylinder,
  .carry_pass = 1, .carry_scales = carry_cylinder,
  .equations = cylinder_equations,
  .initial_state = N_("x0 is the piston position at t = 0 (0 < x0 < L); reaching x = 0 or x = L ends the run at that instant."),
  .causality = N_("Exactly one of A, B and M gives effort; where nothing forces it, M gives it and A and B receive it. Its x is a kinematic state, not stored energy."),
};
