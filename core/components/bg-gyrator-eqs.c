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
#include "bg-components-private.h"

static void
emit_gy (BgEmit *em, const BgEmitElement *el)
{
  double r = _bg_emit_number (el, "r");
  const BgPortRef *pp, *ps;

  if (el->n_ports != 2 || !el->ports[0].bonded || !el->ports[1].bonded)
    {
      _bg_emit_fail (em, _("%s needs ports P and S"), el->id);
      return;
    }
  pp = &el->ports[0];
  ps = &el->ports[1];
  if (pp->effort_in != ps->effort_in)
    {
      _bg_emit_fail (em, _("%s has no consistent causality"), el->id);
      return;
    }
  if (pp->effort_in)
    {
      _bg_emit_copy (em, ps->f, pp->e, -ps->s / r);
      _bg_emit_copy (em, pp->f, ps->e, pp->s / r);
    }
  else
    {
      _bg_emit_copy (em, pp->e, ps->f, -r * ps->s);
      _bg_emit_copy (em, ps->e, pp->f, r * pp->s);
    }
  _bg_emit_output (em, el, "eP", pp->e, 1.0);
  _bg_emit_output (em, el, "eS", ps->e, 1.0);
  _bg_emit_output (em, el, "fP", pp->f, pp->s);
  _bg_emit_output (em, el, "fS", ps->f, ps->s);
  /* What enters at P leaves at S. */
  _bg_emit_energy_power (em, el, BG_ENERGY_TRANSDUCER, pp->e, pp->f, pp->s);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* GY: e_P = -r local_S, e_S = r local_P, solved for both ports receiving
 * effort or both supplying it. */
static void
form_gy (const BgEqElement *el)
{
  if (el->ports[0].effort_in != el->ports[1].effort_in)
    {
      _bg_eq_fail (el, _("A gyrator has no consistent causality."));
      return;
    }
  if (el->ports[0].effort_in)
    {
      _bg_eq_set_local_flow (el, 1, _bg_eq_scale (_bg_eq_mul (_bg_eq_effort (el, 0), _bg_eq_inverse_param (el, "r", "r")), -1));
      _bg_eq_set_local_flow (el, 0, _bg_eq_mul (_bg_eq_effort (el, 1), _bg_eq_inverse_param (el, "r", "r")));
    }
  else
    {
      _bg_eq_set_effort (el, 0, _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "r", "r"), _bg_eq_local_flow (el, 1)), -1));
      _bg_eq_set_effort (el, 1, _bg_eq_mul (_bg_eq_param (el, "r", "r"), _bg_eq_local_flow (el, 0)));
    }
  _bg_eq_set_output (el, "eP", _bg_eq_effort (el, 0));
  _bg_eq_set_output (el, "eS", _bg_eq_effort (el, 1));
  _bg_eq_set_output (el, "fP", _bg_eq_local_flow (el, 0));
  _bg_eq_set_output (el, "fS", _bg_eq_local_flow (el, 1));
}

/* The kind ----------------------------------------------------------------- */

static void
carry_gy (BgScaleHints *h, const BgEmitElement *el)
{
  _bg_scale_carry_gyrator (h, el, _bg_emit_number (el, "r"));
}

static const char *const gy_equations[] = {
  "e_P = −r · f_S,local", "e_S = r · f_P,local",
  "e_P · f_P,local + e_S · f_S,local = 0", NULL };

const BgComponentKind _bg_kind_gy = {
  .type = "GY", .id_prefix = "GY",
  .noun = N_("gyrator"), .named = N_("gyrator %s"),
  .emit = emit_gy, .form = form_gy,
  .carry_pass = 2, .carry_scales = carry_gy,
  .equations = gy_equations,
  .causality = N_("Both ports receive effort, or both give it. It neither stores nor dissipates energy; port S may be in another domain."),
};
