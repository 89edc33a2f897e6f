/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-one-port-eqs.c — equations of R, C, I, Se and Sf in causal form.
 *
 * Owns: with local flow f_local = s·f at the single port:
 *   R:  stroke at R: s f = e / R;  else e = R s f.     P_loss = R f_local² ≥ 0
 *   C:  e = q / C, dq/dt = s f (integral causality only), E = q²/(2C)
 *   I:  s f = p / I, dp/dt = e (integral causality only), E = p²/(2I)
 *   Se: e = u(t);  Sf: s f = -u(t)
 * and the outputs EL.e, EL.f (local flow), EL.q / EL.p, EL.E.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

static void
emit_r (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double r = bg_emit_number (el, "value");

  if (p->effort_in)
    bg_emit_copy (em, p->f, p->e, p->s / r);
  else
    bg_emit_copy (em, p->e, p->f, r * p->s);
}

static void
emit_c (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double c = bg_emit_number (el, "value");
  double q0 = bg_emit_number (el, "initial");
  double scale = MAX (fabs (q0), c * bg_emit_effort_scale (em, p->domain));
  guint deriv, q;

  if (p->effort_in)
    {
      bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  q = bg_emit_state (em, el, "q", q0, scale, &deriv);
  bg_emit_copy (em, p->e, q, 1.0 / c);
  bg_emit_copy (em, deriv, p->f, p->s);
  bg_emit_output (em, el, "q", q, 1.0);
  {
    guint energy = bg_emit_new_reg (em, 1.0);
    bg_emit_sqr (em, energy, q, 0.5 / c);
    bg_emit_output (em, el, "E", energy, 1.0);
  }
}

static void
emit_i (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double inertance = bg_emit_number (el, "value");
  double p0 = bg_emit_number (el, "initial");
  double scale = MAX (fabs (p0), inertance * bg_emit_flow_scale (em, p->domain));
  guint deriv, mom, energy;

  if (!p->effort_in)
    {
      bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  mom = bg_emit_state (em, el, "p", p0, scale, &deriv);
  bg_emit_copy (em, p->f, mom, p->s / inertance);
  bg_emit_copy (em, deriv, p->e, 1.0);
  bg_emit_output (em, el, "p", mom, 1.0);
  energy = bg_emit_new_reg (em, 1.0);
  bg_emit_sqr (em, energy, mom, 0.5 / inertance);
  bg_emit_output (em, el, "E", energy, 1.0);
}

static void
emit_source (BgEmit *em, const BgEmitElement *el, const BgPortRef *p, gboolean effort)
{
  BgWave wave;

  bg_emit_get_wave (el, "value", &wave);
  if (effort)
    {
      if (p->effort_in)
        bg_emit_fail (em, _("Effort source %s cannot receive effort"), el->id);
      else
        bg_emit_wave (em, p->e, &wave, 1.0);
    }
  else
    {
      if (!p->effort_in)
        bg_emit_fail (em, _("Flow source %s cannot supply effort"), el->id);
      else
        bg_emit_wave (em, p->f, &wave, -p->s);
    }
}

void
bg_one_port_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  const BgPortRef *p = &el->ports[0];

  if (el->n_ports != 1 || !p->bonded)
    {
      bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  /* Outputs in docs/file-format.md order: EL.e, EL.f, then the state and energy. */
  bg_emit_output (em, el, "e", p->e, 1.0);
  bg_emit_output (em, el, "f", p->f, p->s);
  switch (el->element->spec->kind)
    {
    case BG_KIND_R:
      emit_r (em, el, p);
      break;
    case BG_KIND_C:
      emit_c (em, el, p);
      break;
    case BG_KIND_I:
      emit_i (em, el, p);
      break;
    case BG_KIND_SE:
      emit_source (em, el, p, TRUE);
      break;
    case BG_KIND_SF:
      emit_source (em, el, p, FALSE);
      break;
    default:
      g_assert_not_reached ();
    }
}
