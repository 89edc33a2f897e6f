/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-mechanical-load-eqs.c — equations of MechanicalLoad.
 *
 * Owns: integral causality at port M (it receives the force F_M):
 * v = p/m, f_local,M = v, dp/dt = F_M - b v - F_load(t), ds/dt = v.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_load (BgEmit *em, const BgEmitElement *el)
{
  double m = _bg_emit_number (el, "mass"), b = _bg_emit_number (el, "damping");
  double p0 = _bg_emit_number (el, "initial");
  double v_scale = _bg_emit_flow_scale (em, BG_DOMAIN_TRANSLATIONAL);
  const BgPortRef *pm = &el->ports[0];
  BgWave wave;
  guint mom, pos, dp, ds, v, load;

  if (el->n_ports != 1 || !pm->bonded)
    {
      _bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  if (!pm->effort_in)
    {
      _bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  _bg_emit_get_wave (el, "load", &wave);

  mom = _bg_emit_state (em, el, "p", p0, MAX (fabs (p0), m * v_scale), &dp);
  pos = _bg_emit_state (em, el, "s", 0.0, v_scale * _bg_emit_t_end (em), &ds);
  v = _bg_emit_new_reg (em, v_scale);
  load = _bg_emit_new_reg (em, _bg_emit_effort_scale (em, BG_DOMAIN_TRANSLATIONAL));

  _bg_emit_copy (em, v, mom, 1.0 / m);
  _bg_emit_copy (em, pm->f, v, pm->s);
  _bg_emit_wave (em, load, &wave, 1.0);
  {
    guint regs[3] = { pm->e, v, load };
    double coefs[3] = { 1.0, -b, -1.0 };
    _bg_emit_lin (em, dp, 0, 3, regs, coefs);
  }
  _bg_emit_copy (em, ds, v, 1.0);

  _bg_emit_output (em, el, "v", v, 1.0);
  _bg_emit_output (em, el, "s", pos, 1.0);
  _bg_emit_output (em, el, "F", pm->e, 1.0);
  _bg_emit_output (em, el, "p", mom, 1.0);
  /* The mass stores p²/2m, the damper dissipates b v², and the load force
   * takes F_load v out: a source of −F_load v. */
  _bg_emit_energy_stored (em, el, mom, mom, 0.5 / m);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, v, dp, 1.0);
  _bg_emit_energy_power (em, el, BG_ENERGY_DISSIPATOR, v, v, b);
  _bg_emit_energy_power (em, el, BG_ENERGY_SOURCE, v, load, -1.0);
}

/* Symbolic form (the equations view), term by term as above ------------- */

/* v = p/m, local_M = v, dp/dt = F_M - b v - F_load(t), ds/dt = v. */
static void
form_mechanical_load (const BgEqElement *el)
{
  BgExpr *v;

  if (!el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  v = _bg_eq_mul (_bg_eq_state (el, "p"), _bg_eq_inverse_param (el, "mass", "m"));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (v));
  _bg_eq_set_derivative (el, "p", _bg_eq_add (_bg_eq_add (_bg_eq_effort (el, 0),
                                            _bg_eq_scale (_bg_eq_mul (_bg_eq_param (el, "damping", "b"),
                                                        bg_expr_ref (v)), -1)),
                                       _bg_eq_scale (_bg_eq_input (el, "load"), -1)));
  _bg_eq_set_derivative (el, "s", bg_expr_ref (v));
  _bg_eq_set_output (el, "v", v);
  _bg_eq_set_output (el, "F", _bg_eq_effort (el, 0));
}

/* The kind ----------------------------------------------------------------- */

static void
scales_load (BgScaleHints *h, const BgEmitElement *el)
{
  BgDomain d = el->element->spec->ports[0].domain;

  _bg_scale_bump (&h->e[d], _bg_scale_wave_magnitude (el, "load", h->t_end));
  _bg_scale_bump (&h->f[d], _bg_emit_number (el, "initial") / _bg_emit_number (el, "mass"));
}

static const char *const load_equations[] = {
  "dp/dt = F_M − b · v − F_load", "v = p / m,  f_local,M = v", "ds/dt = v", NULL };
static const char *const load_states[] = { "p", "s", NULL };

const BgComponentKind _bg_kind_mechanical_load = {
  .type = "MechanicalLoad", .id_prefix = "LOAD",
  .noun = N_("load"), .named = N_("load %s"),
  .state_rule = BG_STATES_WHEN_INTEGRAL, .states = load_states,
  .emit = emit_load, .form = form_mechanical_load, .estimate_scales = scales_load,
  .equations = load_equations,
  .initial_state = N_("“initial” is the momentum p₀ = m · v(0), not the velocity; the position s starts at 0."),
  .causality = N_("Integral causality like a mass: it receives the force at M and gives its velocity, so the stroke is at the load."),
};
