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
#include "bg-components-private.h"

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
  _bg_emit_lin (em, efforts ? pk->e : pk->f, 0, n, regs, coefs);
}

static void
emit_junction (BgEmit *em, const BgEmitElement *el)
{
  gboolean zero = el->element->spec->kind->junction == BG_JUNCTION_COMMON_EFFORT;
  int k;

  if (el->n_ports < 2)
    {
      _bg_emit_fail (em, _("Junction %s needs at least two bonds"), el->id);
      return;
    }

  /* 0: the one port receiving effort; 1: the one port supplying it. */
  k = find_unique_port (el, zero);
  if (k < 0)
    {
      _bg_emit_fail (em, _("Junction %s has no consistent causality"), el->id);
      return;
    }

  for (guint i = 0; i < el->n_ports; i++)
    if (i != (guint) k)
      {
        if (zero)
          _bg_emit_copy (em, el->ports[i].e, el->ports[k].e, 1.0);
        else
          _bg_emit_copy (em, el->ports[i].f, el->ports[k].f, 1.0);
      }
  emit_sum (em, el, (guint) k, !zero);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* 0: every port's effort is the one received; the received port's local
 * flow balances the others. 1: every bond carries the flow of the one port
 * that supplies effort; that port's effort balances the others
 * (Σ dir_i e_i = 0 with dir_i = s_i). */
static void
form_junction (const BgEqElement *el)
{
  gboolean zero = el->element->spec->kind->junction == BG_JUNCTION_COMMON_EFFORT;
  int k = _bg_eq_unique_port (el, zero);
  BgExpr *sum = bg_expr_number (0);

  if (k < 0)
    {
      bg_expr_unref (sum);
      _bg_eq_fail (el, _("A junction has no consistent causality."));
      return;
    }
  for (guint i = 0; i < el->n_ports; i++)
    {
      if (i == (guint) k)
        continue;
      if (zero)
        {
          _bg_eq_set_effort (el, i, _bg_eq_effort (el, k));
          sum = _bg_eq_add (sum, _bg_eq_scale (_bg_eq_local_flow (el, i), -1));
        }
      else
        {
          /* f_i = f_k, i.e. local_i = s_i s_k local_k */
          _bg_eq_set_local_flow (el, i, _bg_eq_scale (_bg_eq_local_flow (el, k),
                                               el->ports[i].s * el->ports[k].s));
          sum = _bg_eq_add (sum, _bg_eq_scale (_bg_eq_effort (el, i), -el->ports[k].s * el->ports[i].s));
        }
    }
  if (zero)
    _bg_eq_set_local_flow (el, k, sum);
  else
    _bg_eq_set_effort (el, k, sum);
}

/* Sentences ------------------------------------------------------------------ */

static char *
sentence_0 (const char *what, const char *bonds, guint n, gboolean too_many)
{
  if (too_many && n == 2)
    return g_strdup_printf (_("%s has two bonds that give it effort: %s — a 0-junction takes its effort from exactly one."),
                            what, bonds);
  if (too_many)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has %u bond that gives it effort: %s — a 0-junction takes its effort from exactly one.",
                                         "%s has %u bonds that give it effort: %s — a 0-junction takes its effort from exactly one.",
                                         n),
                            what, n, bonds);
  return g_strdup_printf (_("%s has no bond that gives it effort — a 0-junction takes its effort from exactly one."),
                          what);
}

static char *
sentence_1 (const char *what, const char *bonds, guint n, gboolean too_many)
{
  if (too_many && n == 2)
    return g_strdup_printf (_("%s has two bonds that give it flow: %s — a 1-junction takes its flow from exactly one."),
                            what, bonds);
  if (too_many)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has %u bond that gives it flow: %s — a 1-junction takes its flow from exactly one.",
                                         "%s has %u bonds that give it flow: %s — a 1-junction takes its flow from exactly one.",
                                         n),
                            what, n, bonds);
  return g_strdup_printf (_("%s has no bond that gives it flow — a 1-junction takes its flow from exactly one."),
                          what);
}

/* The kinds ---------------------------------------------------------------- */

static const char *const equations_0[] = {
  "{e}_1 = {e}_2 = … = {e}_n", "Σ {f}_local,i = 0", NULL };
static const char *const equations_1[] = {
  "dir_i · {f}_local,i = {f}_ref", "Σ dir_i · {e}_i = 0", NULL };

const BgComponentKind _bg_kind_junction_0 = {
  .type = "0", .id_prefix = "J0_",
  .noun = N_("0-junction"), .named = N_("0-junction %s"),
  .junction = BG_JUNCTION_COMMON_EFFORT,
  .pattern_sentence = sentence_0,
  .emit = emit_junction, .form = form_junction,
  .equations = equations_0,
  .causality = N_("Exactly one bond gives the junction its effort: exactly one stroke at the 0-junction. It needs at least two bonds; a bond drawn into it has dir = +1, out of it −1."),
};

const BgComponentKind _bg_kind_junction_1 = {
  .type = "1", .id_prefix = "J1_",
  .noun = N_("1-junction"), .named = N_("1-junction %s"),
  .junction = BG_JUNCTION_COMMON_FLOW,
  .pattern_sentence = sentence_1,
  .emit = emit_junction, .form = form_junction,
  .equations = equations_1,
  .causality = N_("Exactly one bond gives the junction its flow: exactly one bond without a stroke at the 1-junction. It needs at least two bonds; a bond drawn into it has dir = +1, out of it −1."),
};
