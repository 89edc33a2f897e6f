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
#include "bg-components-private.h"

static void
emit_tf (BgEmit *em, const BgEmitElement *el)
{
  double n = _bg_emit_number (el, "n");
  const BgPortRef *pp, *ps;

  if (el->n_ports != 2)
    {
      _bg_emit_fail (em, _("%s needs ports P and S"), el->id);
      return;
    }
  pp = &el->ports[0];
  ps = &el->ports[1];
  if (pp->effort_in == ps->effort_in)
    {
      _bg_emit_fail (em, _("%s has no consistent causality"), el->id);
      return;
    }
  if (pp->effort_in)
    {
      _bg_emit_copy (em, ps->e, pp->e, 1.0 / n);
      _bg_emit_copy (em, pp->f, ps->f, -pp->s * ps->s / n);
    }
  else
    {
      _bg_emit_copy (em, pp->e, ps->e, n);
      _bg_emit_copy (em, ps->f, pp->f, -n * ps->s * pp->s);
    }
  /* What enters at P leaves at S. */
  _bg_emit_energy_power (em, el, BG_ENERGY_TRANSDUCER, pp->e, pp->f, pp->s);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* e_P = n e_S, local_S = -n local_P, solved for the port receiving effort. */
static void
form_tf (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_set_effort (el, 1, _bg_eq_mul (_bg_eq_effort (el, 0), _bg_eq_inverse_param (el, "n", "n")));
      _bg_eq_set_local_flow (el, 0, _bg_eq_scale (_bg_eq_mul (_bg_eq_local_flow (el, 1),
                                                _bg_eq_inverse_param (el, "n", "n")), -1));
    }
  else
    {
      _bg_eq_set_effort (el, 0, _bg_eq_mul (_bg_eq_param (el, "n", "n"), _bg_eq_effort (el, 1)));
      _bg_eq_set_local_flow (el, 1, _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "n", "n"),
                                                _bg_eq_local_flow (el, 0)), -1));
    }
}

/* Sentences ------------------------------------------------------------------ */

static char *
sentence_tf (const char *what, const char *bonds, guint n, gboolean too_many)
{
  if (too_many)
    return g_strdup_printf (_("%s receives effort at both ports (%s) — a transformer receives effort at one port and gives it at the other."),
                            what, bonds);
  return g_strdup_printf (_("%s gives effort at both ports (%s) — a transformer receives effort at one port and gives it at the other."),
                          what, bonds);
}

/* The kind ----------------------------------------------------------------- */

static const char *const tf_equations[] = {
  "{e}_P = n · {e}_S", "{f}_S,local = −n · {f}_P,local",
  "{e}_P · {f}_P,local + {e}_S · {f}_S,local = 0", NULL };

const BgComponentKind _bg_kind_tf = {
  .type = "TF", .id_prefix = "TF",
  .noun = N_("transformer"), .named = N_("transformer %s"),
  .pattern_sentence = sentence_tf,
  .emit = emit_tf, .form = form_tf,
  .equations = tf_equations,
  .causality = N_("One port receives effort and the other gives it. It neither stores nor dissipates energy."),
};
