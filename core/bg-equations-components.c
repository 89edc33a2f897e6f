/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-components.c — the symbolic form of each component kind.
 *
 * Owns: one function per component family stating its equations in causal
 * form with named parameters, mirroring core/components/bg-*-eqs.c term by
 * term (the tests check the two agree numerically on every example), and the
 * table from component kind to form. A new component kind adds its form
 * here. Must not: hold state, or define anything the numeric form does not.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-equations-private.h"

/* Owning helpers: each takes its expression arguments. */
static BgExpr *
add (BgExpr *a,
     BgExpr *b)
{
  BgExpr *r = bg_expr_add (a, b);

  bg_expr_unref (a);
  bg_expr_unref (b);
  return r;
}

static BgExpr *
mul (BgExpr *a,
     BgExpr *b)
{
  BgExpr *r = bg_expr_mul (a, b);

  bg_expr_unref (a);
  bg_expr_unref (b);
  return r;
}

static BgExpr *
scale (BgExpr *a,
       double  c)
{
  BgExpr *r = bg_expr_scale (a, c);

  bg_expr_unref (a);
  return r;
}

/* 1 / (parameter symbol) */
static BgExpr *
inverse_param (const BgEqElement *el,
               const char        *param,
               const char        *symbol)
{
  g_autoptr(BgExpr) p = _bg_eq_param (el, param, symbol);
  g_autofree char *name = symbol == NULL ? g_strdup (el->element->id)
                                         : g_strdup_printf ("%s.%s", el->element->id, symbol);

  return bg_expr_symbol_pow (name, -1);
}

static int
unique_port (const BgEqElement *el,
             gboolean           effort_in)
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

/* 0: every port's effort is the one received; the received port's local
 * flow balances the others. 1: every bond carries the flow of the one port
 * that supplies effort; that port's effort balances the others
 * (Σ dir_i e_i = 0 with dir_i = s_i). */
static void
form_junction (const BgEqElement *el)
{
  gboolean zero = el->element->spec->kind == BG_KIND_JUNCTION_0;
  int k = unique_port (el, zero);
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
          sum = add (sum, scale (_bg_eq_local_flow (el, i), -1));
        }
      else
        {
          /* f_i = f_k, i.e. local_i = s_i s_k local_k */
          _bg_eq_set_local_flow (el, i, scale (_bg_eq_local_flow (el, k),
                                               el->ports[i].s * el->ports[k].s));
          sum = add (sum, scale (_bg_eq_effort (el, i), -el->ports[k].s * el->ports[i].s));
        }
    }
  if (zero)
    _bg_eq_set_local_flow (el, k, sum);
  else
    _bg_eq_set_effort (el, k, sum);
}

static void
form_r (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    _bg_eq_set_local_flow (el, 0, mul (_bg_eq_effort (el, 0), inverse_param (el, "value", NULL)));
  else
    _bg_eq_set_effort (el, 0, mul (_bg_eq_param (el, "value", NULL), _bg_eq_local_flow (el, 0)));
}

static void
form_c (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  _bg_eq_set_effort (el, 0, mul (_bg_eq_state (el, "q"), inverse_param (el, "value", NULL)));
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
  _bg_eq_set_local_flow (el, 0, mul (_bg_eq_state (el, "p"), inverse_param (el, "value", NULL)));
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
  _bg_eq_set_local_flow (el, 0, scale (_bg_eq_input (el, "value"), -1));
}

/* e_P = n e_S, local_S = -n local_P, solved for the port receiving effort. */
static void
form_tf (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_set_effort (el, 1, mul (_bg_eq_effort (el, 0), inverse_param (el, "n", "n")));
      _bg_eq_set_local_flow (el, 0, scale (mul (_bg_eq_local_flow (el, 1),
                                                inverse_param (el, "n", "n")), -1));
    }
  else
    {
      _bg_eq_set_effort (el, 0, mul (_bg_eq_param (el, "n", "n"), _bg_eq_effort (el, 1)));
      _bg_eq_set_local_flow (el, 1, scale (mul (_bg_eq_param (el, "n", "n"),
                                                _bg_eq_local_flow (el, 0)), -1));
    }
}

/* Q_A = A_A v, Q_B = -A_B v, local_M = -v, F_hyd = A_A p_A - A_B p_B = e_M. */
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
      v = scale (_bg_eq_local_flow (el, 2), -1);
      _bg_eq_set_effort (el, 2, add (mul (AA (), _bg_eq_effort (el, 0)),
                                     scale (mul (AB (), _bg_eq_effort (el, 1)), -1)));
    }
  else if (!a_in && b_in && m_in)
    {
      g_autoptr(BgExpr) sym = AA ();
      g_autofree char *name = g_strdup_printf ("%s.A_A", e->id);

      v = mul (_bg_eq_local_flow (el, 0), bg_expr_symbol_pow (name, -1));
      _bg_eq_set_effort (el, 0, mul (add (_bg_eq_effort (el, 2), mul (AB (), _bg_eq_effort (el, 1))),
                                     bg_expr_symbol_pow (name, -1)));
    }
  else if (!b_in && a_in && m_in)
    {
      g_autoptr(BgExpr) sym = AB ();
      g_autofree char *name = g_strdup_printf ("%s.A_B", e->id);

      v = scale (mul (_bg_eq_local_flow (el, 1), bg_expr_symbol_pow (name, -1)), -1);
      _bg_eq_set_effort (el, 1, mul (add (mul (AA (), _bg_eq_effort (el, 0)),
                                          scale (_bg_eq_effort (el, 2), -1)),
                                     bg_expr_symbol_pow (name, -1)));
    }
  else
    {
      _bg_eq_fail (el, _("A cylinder needs exactly one of A, B, M to supply effort."));
      return;
    }

  if (a_in)
    _bg_eq_set_local_flow (el, 0, mul (AA (), bg_expr_ref (v)));
  if (b_in)
    _bg_eq_set_local_flow (el, 1, scale (mul (AB (), bg_expr_ref (v)), -1));
  if (m_in)
    _bg_eq_set_local_flow (el, 2, scale (bg_expr_ref (v), -1));
  _bg_eq_set_derivative (el, "x", bg_expr_ref (v));
  _bg_eq_set_output (el, "v", bg_expr_ref (v));
  _bg_eq_set_output (el, "F_hyd", _bg_eq_effort (el, 2));
  _bg_eq_set_output (el, "Q_A", mul (AA (), bg_expr_ref (v)));
  _bg_eq_set_output (el, "Q_B", scale (mul (AB (), bg_expr_ref (v)), -1));
  _bg_eq_set_output (el, "P_mech", mul (_bg_eq_effort (el, 2), bg_expr_ref (v)));
  bg_expr_unref (v);
#undef AA
#undef AB
}

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
  v = mul (_bg_eq_state (el, "p"), inverse_param (el, "mass", "m"));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (v));
  _bg_eq_set_derivative (el, "p", add (add (_bg_eq_effort (el, 0),
                                            scale (mul (_bg_eq_param (el, "damping", "b"),
                                                        bg_expr_ref (v)), -1)),
                                       scale (_bg_eq_input (el, "load"), -1)));
  _bg_eq_set_derivative (el, "s", bg_expr_ref (v));
  _bg_eq_set_output (el, "v", v);
  _bg_eq_set_output (el, "F", _bg_eq_effort (el, 0));
}

/* Q = Q_PUMP(p_P - p_T); local_P = -Q, local_T = Q. */
static void
form_pump_curve (const BgEqElement *el)
{
  BgExpr *dp = add (_bg_eq_effort (el, 1), scale (_bg_eq_effort (el, 0), -1));
  BgExpr *q = _bg_eq_function (el, "Q", bg_expr_ref (dp),
                               _("Pump flow Q(Δp) from its table: linear between rows, flat outside"),
                               "m³/s");

  _bg_eq_set_local_flow (el, 1, scale (bg_expr_ref (q), -1));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (q));
  _bg_eq_set_output (el, "P_hyd", mul (bg_expr_ref (dp), bg_expr_ref (q)));
  _bg_eq_set_output (el, "Q", q);
  _bg_eq_set_output (el, "dp", dp);
}

/* p = p_ACC(V_f) = p0 (V0/(V0 − V_f))^n; dV_f/dt = local flow. */
static void
form_gas_accumulator (const BgEqElement *el)
{
  if (el->ports[0].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  _bg_eq_set_effort (el, 0, _bg_eq_function (el, "p", _bg_eq_state (el, "V_f"),
                                             _("Gas pressure p0·(V0/(V0 − V_f))ⁿ (below precharge its tangent at V_f = 0)"),
                                             "Pa"));
  _bg_eq_set_derivative (el, "V_f", _bg_eq_local_flow (el, 0));
  {
    /* Registers the precharge, volume and exponent as symbols. */
    g_autoptr(BgExpr) p0 = _bg_eq_param (el, "p0", "p0");
    g_autoptr(BgExpr) v0 = _bg_eq_param (el, "V0", "V0");
    g_autoptr(BgExpr) n = _bg_eq_param (el, "n", "n");

    _bg_eq_set_output (el, "p", _bg_eq_effort (el, 0));
    _bg_eq_set_output (el, "V_gas", add (bg_expr_ref (v0), scale (_bg_eq_state (el, "V_f"), -1)));
  }
}

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
      _bg_eq_set_local_flow (el, 1, scale (mul (_bg_eq_effort (el, 0), inverse_param (el, "r", "r")), -1));
      _bg_eq_set_local_flow (el, 0, mul (_bg_eq_effort (el, 1), inverse_param (el, "r", "r")));
    }
  else
    {
      _bg_eq_set_effort (el, 0, scale (mul (_bg_eq_param (el, "r", "r"), _bg_eq_local_flow (el, 1)), -1));
      _bg_eq_set_effort (el, 1, mul (_bg_eq_param (el, "r", "r"), _bg_eq_local_flow (el, 0)));
    }
  _bg_eq_set_output (el, "eP", _bg_eq_effort (el, 0));
  _bg_eq_set_output (el, "eS", _bg_eq_effort (el, 1));
  _bg_eq_set_output (el, "fP", _bg_eq_local_flow (el, 0));
  _bg_eq_set_output (el, "fS", _bg_eq_local_flow (el, 1));
}

/* DC motor: i = λ/L_a, ω = L/J; local_E = i, local_W = -ω;
 * dλ/dt = v_E - R_a i - k ω, dL/dt = k i - b ω - τ_W. */
static void
form_dc_motor (const BgEqElement *el)
{
  BgExpr *i, *w;

  if (!el->ports[0].effort_in || !el->ports[1].effort_in)
    {
      _bg_eq_fail (el, _("A storage would need derivative causality."));
      return;
    }
  i = mul (_bg_eq_state (el, "lambda"), inverse_param (el, "L_a", "L_a"));
  w = mul (_bg_eq_state (el, "L"), inverse_param (el, "J", "J"));
  _bg_eq_set_local_flow (el, 0, bg_expr_ref (i));
  _bg_eq_set_local_flow (el, 1, scale (bg_expr_ref (w), -1));
  _bg_eq_set_derivative (el, "lambda",
                         add (add (_bg_eq_effort (el, 0),
                                   scale (mul (_bg_eq_param (el, "R_a", "R_a"), bg_expr_ref (i)), -1)),
                              scale (mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (w)), -1)));
  _bg_eq_set_derivative (el, "L",
                         add (add (mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (i)),
                                   scale (mul (_bg_eq_param (el, "b", "b"), bg_expr_ref (w)), -1)),
                              scale (_bg_eq_effort (el, 1), -1)));
  _bg_eq_set_output (el, "tau", mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (i)));
  _bg_eq_set_output (el, "emf", mul (_bg_eq_param (el, "k", "k"), bg_expr_ref (w)));
  _bg_eq_set_output (el, "P_elec", mul (_bg_eq_effort (el, 0), bg_expr_ref (i)));
  _bg_eq_set_output (el, "P_mech", mul (_bg_eq_effort (el, 1), bg_expr_ref (w)));
  _bg_eq_set_output (el, "i", i);
  _bg_eq_set_output (el, "w", w);
}

BgEqForm
_bg_equations_form_for_kind (BgKind kind)
{
  static const BgEqForm forms[BG_N_KINDS] = {
    [BG_KIND_JUNCTION_0] = form_junction,
    [BG_KIND_JUNCTION_1] = form_junction,
    [BG_KIND_R] = form_r,
    [BG_KIND_C] = form_c,
    [BG_KIND_I] = form_i,
    [BG_KIND_SE] = form_se,
    [BG_KIND_SF] = form_sf,
    [BG_KIND_TF] = form_tf,
    [BG_KIND_CYLINDER_DA] = form_cylinder,
    [BG_KIND_MECHANICAL_LOAD] = form_mechanical_load,
    [BG_KIND_PUMP_CURVE] = form_pump_curve,
    [BG_KIND_GAS_ACCUMULATOR] = form_gas_accumulator,
    [BG_KIND_GY] = form_gy,
    [BG_KIND_DC_MOTOR] = form_dc_motor,
  };

  if ((guint) kind >= BG_N_KINDS)
    return NULL;
  return forms[kind];
}
