/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-one-port-eqs.c — equations of R, C, I, Se and Sf in causal form.
 *
 * Owns: with local flow f_local = s·f at the single port:
 *   R:  stroke at R: s f = e / R;  else e = R s f.     P_loss = R f_local² ≥ 0
 *   C:  e = q / C, dq/dt = s f (integral causality only), E = q²/(2C)
 *   I:  s f = p / I, dp/dt = e (integral causality only), E = p²/(2I)
 *   Se: e = u(t);  Sf: s f = -u(t)
 * and the outputs EL.e, EL.f (local flow), EL.q / EL.p, EL.E; the energy
 * accounts: R dissipates e f_local, C and I store E, a source supplies
 * -e f_local.
 * Must not: hold state or know about other components.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_r (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double r = _bg_emit_number (el, "value");

  if (p->effort_in)
    _bg_emit_copy (em, p->f, p->e, p->s / r);
  else
    _bg_emit_copy (em, p->e, p->f, r * p->s);
  _bg_emit_energy_power (em, el, BG_ENERGY_DISSIPATOR, p->e, p->f, p->s);
}

static void
emit_c (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double c = _bg_emit_number (el, "value");
  double q0 = _bg_emit_number (el, "initial");
  double scale = MAX (fabs (q0), c * _bg_emit_effort_scale (em, p->domain));
  guint deriv, q;

  if (p->effort_in)
    {
      _bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  q = _bg_emit_state (em, el, "q", q0, scale, &deriv);
  _bg_emit_copy (em, p->e, q, 1.0 / c);
  _bg_emit_copy (em, deriv, p->f, p->s);
  _bg_emit_output (em, el, "q", q, 1.0);
  {
    guint energy = _bg_emit_new_reg (em, 1.0);
    _bg_emit_sqr (em, energy, q, 0.5 / c);
    _bg_emit_output (em, el, "E", energy, 1.0);
  }
  _bg_emit_energy_stored (em, el, q, q, 0.5 / c);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, p->e, p->f, p->s);
}

static void
emit_i (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  double inertance = _bg_emit_number (el, "value");
  double p0 = _bg_emit_number (el, "initial");
  double scale = MAX (fabs (p0), inertance * _bg_emit_flow_scale (em, p->domain));
  guint deriv, mom, energy;

  if (!p->effort_in)
    {
      _bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  mom = _bg_emit_state (em, el, "p", p0, scale, &deriv);
  _bg_emit_copy (em, p->f, mom, p->s / inertance);
  _bg_emit_copy (em, deriv, p->e, 1.0);
  _bg_emit_output (em, el, "p", mom, 1.0);
  energy = _bg_emit_new_reg (em, 1.0);
  _bg_emit_sqr (em, energy, mom, 0.5 / inertance);
  _bg_emit_output (em, el, "E", energy, 1.0);
  _bg_emit_energy_stored (em, el, mom, mom, 0.5 / inertance);
  _bg_emit_energy_power (em, el, BG_ENERGY_STORAGE, p->e, p->f, p->s);
}

static void
emit_source (BgEmit *em, const BgEmitElement *el, const BgPortRef *p, gboolean effort)
{
  BgWave wave;

  _bg_emit_get_wave (el, "value", &wave);
  if (effort)
    {
      if (p->effort_in)
        _bg_emit_fail (em, _("Effort source %s cannot receive effort"), el->id);
      else
        _bg_emit_wave (em, p->e, &wave, 1.0);
    }
  else
    {
      if (!p->effort_in)
        _bg_emit_fail (em, _("Flow source %s cannot supply effort"), el->id);
      else
        _bg_emit_wave (em, p->f, &wave, -p->s);
    }
  /* It supplies what enters the network: -e · f_local. */
  _bg_emit_energy_power (em, el, BG_ENERGY_SOURCE, p->e, p->f, -p->s);
}

static void
emit_se (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  emit_source (em, el, p, TRUE);
}

static void
emit_sf (BgEmit *em, const BgEmitElement *el, const BgPortRef *p)
{
  emit_source (em, el, p, FALSE);
}

typedef void (*OnePortEmit) (BgEmit *em, const BgEmitElement *el, const BgPortRef *p);

/* The single bonded port and its outputs, then the kind's own equations. */
static void
emit_one_port (BgEmit *em, const BgEmitElement *el, OnePortEmit own)
{
  const BgPortRef *p = &el->ports[0];

  if (el->n_ports != 1 || !p->bonded)
    {
      _bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  /* Outputs in docs/file-format.md order: EL.e, EL.f, then the state and energy. */
  _bg_emit_output (em, el, "e", p->e, 1.0);
  _bg_emit_output (em, el, "f", p->f, p->s);
  own (em, el, p);
}

#define ONE_PORT_EMIT(NAME)                                   \
  static void                                                 \
  emit_##NAME##_element (BgEmit *em, const BgEmitElement *el) \
  {                                                           \
    emit_one_port (em, el, emit_##NAME);                      \
  }
ONE_PORT_EMIT (r)
ONE_PORT_EMIT (c)
ONE_PORT_EMIT (i)
ONE_PORT_EMIT (se)
ONE_PORT_EMIT (sf)

/* Symbolic form (the equations view), term by term as above ------------- */

static void
form_r (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    _bg_eq_set_local_flow (el, 0, _bg_eq_mul (_bg_eq_effort (el, 0), _bg_eq_inverse_param (el, "value", NULL)));
  else
    _bg_eq_set_effort (el, 0, _bg_eq_mul (_bg_eq_param (el, "value", NULL), _bg_eq_local_flow (el, 0)));
}

static void
form_c (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  _bg_eq_set_effort (el, 0, _bg_eq_mul (_bg_eq_state (el, "q"), _bg_eq_inverse_param (el, "value", NULL)));
  _bg_eq_set_derivative (el, "q", _bg_eq_local_flow (el, 0));
}

static void
form_i (const BgEqElement *el)
{
  if (!el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  _bg_eq_set_local_flow (el, 0, _bg_eq_mul (_bg_eq_state (el, "p"), _bg_eq_inverse_param (el, "value", NULL)));
  _bg_eq_set_derivative (el, "p", _bg_eq_effort (el, 0));
}

static void
form_se (const BgEqElement *el)
{
  _bg_eq_set_effort (el, 0, _bg_eq_input (el, "value"));
}

/* Positive u is flow out of the source. */
static void
form_sf (const BgEqElement *el)
{
  _bg_eq_set_local_flow (el, 0, _bg_eq_scale (_bg_eq_input (el, "value"), -1));
}

/* Scale hints ------------------------------------------------------------- */

static void
scales_r (BgScaleHints *h, const BgEmitElement *el)
{
  _bg_scale_bump (&h->r_max[el->element->spec->domain], _bg_emit_number (el, "value"));
}

/* A store's initial state over its value scales its effort (C) or flow (I). */
static void
bump_stored (double *bins, const BgEmitElement *el)
{
  _bg_scale_bump (&bins[el->element->spec->domain],
                  _bg_emit_number (el, "initial") / _bg_emit_number (el, "value"));
}

/* A source's waveform scales the effort (Se) or flow (Sf) it sets. */
static void
bump_source (double *bins, BgScaleHints *h, const BgEmitElement *el)
{
  _bg_scale_bump (&bins[el->element->spec->domain],
                  _bg_scale_wave_magnitude (el, "value", h->t_end));
}

static void
scales_c (BgScaleHints *h, const BgEmitElement *el)
{
  bump_stored (h->e, el);
}

static void
scales_i (BgScaleHints *h, const BgEmitElement *el)
{
  bump_stored (h->f, el);
}

static void
scales_se (BgScaleHints *h, const BgEmitElement *el)
{
  bump_source (h->e, h, el);
}

static void
scales_sf (BgScaleHints *h, const BgEmitElement *el)
{
  bump_source (h->f, h, el);
}

/* The kinds ---------------------------------------------------------------- */

static const char *const r_equations[] = {
  "{e} = R · {f}_local", "P_loss = R · {f}_local²", NULL };
static const char *const c_equations[] = {
  "d{q}/dt = {f}_local", "{e} = {q} / C", "E = {q}² / (2C)", NULL };
static const char *const i_equations[] = {
  "d{p}/dt = {e}", "{f}_local = {p} / I", "E = {p}² / (2I)", NULL };
static const char *const se_equations[] = { "{e} = u(t)", NULL };
static const char *const sf_equations[] = { "{f}_local = −u(t)", NULL };
static const char *const c_states[] = { "q", NULL };
static const char *const i_states[] = { "p", NULL };

const BgComponentKind _bg_kind_r = {
  .type = "R", .id_prefix = "R",
  .noun = N_("resistance"), .named = N_("R %s"),
  .emit = emit_r_element, .form = form_r, .estimate_scales = scales_r,
  .equations = r_equations,
  .causality = N_("Either way: it gives effort from flow, or flow from effort, as the network needs; where nothing forces it, the orientation that lets the propagation continue."),
};

const BgComponentKind _bg_kind_c = {
  .type = "C", .id_prefix = "C",
  .noun = N_("capacitance"), .named = N_("C %s"),
  .state_rule = BG_STATES_WHEN_INTEGRAL, .states = c_states, .energy_state = "q",
  .emit = emit_c_element, .form = form_c, .estimate_scales = scales_c,
  .equations = c_equations,
  .initial_state = N_("“initial” is the stored state {q}₀ at t = 0, not the effort: {q}₀ = C · {e}₀."),
  .causality = N_("Integral causality: it integrates flow and gives effort, so the stroke is away from it. Derivative causality is an error."),
};

const BgComponentKind _bg_kind_i = {
  .type = "I", .id_prefix = "I",
  .noun = N_("inertance"), .named = N_("I %s"),
  .state_rule = BG_STATES_WHEN_INTEGRAL, .states = i_states, .energy_state = "p",
  .merges_on_common_flow = TRUE,
  .emit = emit_i_element, .form = form_i, .estimate_scales = scales_i,
  .equations = i_equations,
  .initial_state = N_("“initial” is the stored state {p}₀ at t = 0, not the flow: {p}₀ = I · {f}₀."),
  .causality = N_("Integral causality: it integrates effort and gives flow, so the stroke is at it. Derivative causality is an error."),
};

const BgComponentKind _bg_kind_se = {
  .type = "Se", .id_prefix = "Se",
  .noun = N_("effort source"), .named = N_("Se %s"),
  .emit = emit_se_element, .form = form_se, .estimate_scales = scales_se,
  .equations = se_equations,
  .causality = N_("Fixed: it gives effort, so the stroke is away from it."),
};

const BgComponentKind _bg_kind_sf = {
  .type = "Sf", .id_prefix = "Sf",
  .noun = N_("flow source"), .named = N_("Sf %s"),
  .emit = emit_sf_element, .form = form_sf, .estimate_scales = scales_sf,
  .equations = sf_equations,
  .causality = N_("Fixed: it gives flow, so the stroke is at it. A positive u is flow out of the source."),
};
