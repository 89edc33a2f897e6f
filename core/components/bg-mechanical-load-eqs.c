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
#include "bg-compiler-private.h"

void
bg_mechanical_load_eqs_emit (BgEmit *em, const BgEmitElement *el)
{
  double m = bg_emit_number (el, "mass"), b = bg_emit_number (el, "damping");
  double p0 = bg_emit_number (el, "initial");
  double v_scale = bg_emit_flow_scale (em, BG_DOMAIN_TRANSLATIONAL);
  const BgPortRef *pm = &el->ports[0];
  BgWave wave;
  guint mom, pos, dp, ds, v, load;

  if (el->n_ports != 1 || !pm->bonded)
    {
      bg_emit_fail (em, _("%s is not connected"), el->id);
      return;
    }
  if (!pm->effort_in)
    {
      bg_emit_fail (em, _("%s would need derivative causality"), el->id);
      return;
    }
  bg_emit_get_wave (el, "load", &wave);

  mom = bg_emit_state (em, el, "p", p0, MAX (fabs (p0), m * v_scale), &dp);
  pos = bg_emit_state (em, el, "s", 0.0, v_scale * bg_emit_t_end (em), &ds);
  v = bg_emit_new_reg (em, v_scale);
  load = bg_emit_new_reg (em, bg_emit_effort_scale (em, BG_DOMAIN_TRANSLATIONAL));

  bg_emit_copy (em, v, mom, 1.0 / m);
  bg_emit_copy (em, pm->f, v, pm->s);
  bg_emit_wave (em, load, &wave, 1.0);
  {
    guint regs[3] = { pm->e, v, load };
    double coefs[3] = { 1.0, -b, -1.0 };
    bg_emit_lin (em, dp, 0, 3, regs, coefs);
  }
  bg_emit_copy (em, ds, v, 1.0);

  bg_emit_output (em, el, "v", v, 1.0);
  bg_emit_output (em, el, "s", pos, 1.0);
  bg_emit_output (em, el, "F", pm->e, 1.0);
  bg_emit_output (em, el, "p", mom, 1.0);
}
