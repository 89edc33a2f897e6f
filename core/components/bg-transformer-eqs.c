/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-transformer-eqs.c — equations of the ideal transformer TF in causal form.
 *
 * Owns: e_P = n e_S and f_S,local = -n f_P,local (local flows s·f), solved
 * for whichever port receives effort:
 *   P receives effort: e_S = e_P / n,  s_P f_P = -(s_S f_S) / n
 *   S receives effort: e_P = n e_S,    s_S f_S = -n (s_P f_P)
 * Power e_P f_P,local + e_S f_S,local = 0 either way.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

void
bg_transformer_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double n = bg_emit_number (el, "n");
  const BgPortRef *pp, *ps;

  if (el->n_ports != 2)
    {
      bg_emit_fail (em, _("%s needs ports P and S"), el->id);
      return;
    }
  pp = &el->ports[0];
  ps = &el->ports[1];
  if (pp->effort_in == ps->effort_in)
    {
      bg_emit_fail (em, _("%s has no consistent causality"), el->id);
      return;
    }
  if (pp->effort_in)
    {
      bg_emit_copy (em, ps->e, pp->e, 1.0 / n);
      bg_emit_copy (em, pp->f, ps->f, -pp->s * ps->s / n);
    }
  else
    {
      bg_emit_copy (em, pp->e, ps->e, n);
      bg_emit_copy (em, ps->f, pp->f, -n * ps->s * pp->s);
    }
}
