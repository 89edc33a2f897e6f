/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-junction-eqs.c — equations of the 0- and 1-junctions in causal form.
 *
 * Owns: the assignments a junction contributes. With dir_i = s_i (+1 when
 * the junction is the bond's `to` end) and local flow s_i·f_i:
 *   0: e_i = e_k for the one port k that receives effort;
 *      s_k f_k = -Σ_{i≠k} s_i f_i  (Σ f_local = 0).
 *   1: dir_i f_local_i = f_i = f_ref for all i, so every other bond copies the
 *      flow of the one port k that supplies effort; e_k = -s_k Σ_{i≠k} s_i e_i
 *      (Σ dir_i e_i = 0).
 * Both conserve power: Σ e_i s_i f_i = 0 for any drawing direction.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "bg-compiler-private.h"

static int
find_unique_port (const BgEmitElement *el, gboolean effort_in)
{
  int k = -1;

  for (guint i = 0; i < el->n_ports; i++)
    if (el->ports[i].effort_in == effort_in)
      {
        if (k >= 0)
          return -1;
        k = (int) i;
      }
  return k;
}

static void
emit_sum (BgEmit *em, const BgEmitElement *el, guint k, gboolean efforts)
{
  g_autofree guint *regs = g_new (guint, el->n_ports);
  g_autofree double *coefs = g_new (double, el->n_ports);
  const BgPortRef *pk = &el->ports[k];
  guint n = 0;

  for (guint i = 0; i < el->n_ports; i++)
    if (i != k)
      {
        regs[n] = efforts ? el->ports[i].e : el->ports[i].f;
        coefs[n] = -pk->s * el->ports[i].s;
        n++;
      }
  bg_emit_lin (em, efforts ? pk->e : pk->f, 0, n, regs, coefs);
}

void
bg_junction_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  gboolean zero = el->element->spec->kind == BG_KIND_JUNCTION_0;
  int k;

  if (el->n_ports < 2)
    {
      bg_emit_fail (em, _("Junction %s needs at least two bonds"), el->id);
      return;
    }

  /* 0: the one port receiving effort; 1: the one port supplying it. */
  k = find_unique_port (el, zero);
  if (k < 0)
    {
      bg_emit_fail (em, _("Junction %s has no consistent causality"), el->id);
      return;
    }

  for (guint i = 0; i < el->n_ports; i++)
    if (i != (guint) k)
      {
        if (zero)
          bg_emit_copy (em, el->ports[i].e, el->ports[k].e, 1.0);
        else
          bg_emit_copy (em, el->ports[i].f, el->ports[k].f, 1.0);
      }
  emit_sum (em, el, (guint) k, !zero);
}
