/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-gyrator-eqs.c — equations of the ideal gyrator GY in causal form.
 *
 * Owns: e_P = -r f_S,local and e_S = r f_P,local (local flows s·f), solved
 * for the two causal patterns a gyrator allows:
 *   both ports receive effort: s_S f_S = -e_P / r,  s_P f_P = e_S / r
 *   both ports supply effort:  e_P = -r s_S f_S,    e_S = r s_P f_P
 * Power e_P f_P,local + e_S f_S,local = 0 either way; outputs GY.eP, eS,
 * fP, fS. Must not: hold state or know about other components.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

void
bg_gyrator_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double r = bg_emit_number (el, "r");
  const BgPortRef *pp, *ps;

  if (el->n_ports != 2 || !el->ports[0].bonded || !el->ports[1].bonded)
    {
      bg_emit_fail (em, _("%s needs ports P and S"), el->id);
      return;
    }
  pp = &el->ports[0];
  ps = &el->ports[1];
  if (pp->effort_in != ps->effort_in)
    {
      bg_emit_fail (em, _("%s has no consistent causality"), el->id);
      return;
    }
  if (pp->effort_in)
    {
      bg_emit_copy (em, ps->f, pp->e, -ps->s / r);
      bg_emit_copy (em, pp->f, ps->e, pp->s / r);
    }
  else
    {
      bg_emit_copy (em, pp->e, ps->f, -r * ps->s);
      bg_emit_copy (em, ps->e, pp->f, r * pp->s);
    }
  bg_emit_output (em, el, "eP", pp->e, 1.0);
  bg_emit_output (em, el, "eS", ps->e, 1.0);
  bg_emit_output (em, el, "fP", pp->f, pp->s);
  bg_emit_output (em, el, "fS", ps->f, ps->s);
}
