/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-scales.c — the typical effort and flow of each domain.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: estimating the effort and flow scale of each domain (the rule is in
 * bg-compiler.h) from what each kind says of its parameters
 * (BgComponentKind.estimate_scales: sources, storages, resistors, loads,
 * pump tables) and carries between domains (cylinder areas, gyrator and
 * motor constants); the compiler gives every register its scale from them,
 * and the states' absolute tolerances follow.
 * Must not: emit operations; modify the model.
 */
#include "config.h"

#include <math.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"
#include "bg-component-kind-private.h"

void
_bg_scale_bump (double *slot,
                double  value)
{
  if (isfinite (value))
    *slot = MAX (*slot, fabs (value));
}

double
_bg_scale_wave_magnitude (const BgEmitElement *el,
                          const char          *value_name,
                          double               t_end)
{
  BgWave w;

  _bg_emit_get_wave (el, value_name, &w);
  return bg_wave_magnitude (&w, t_end);
}

void
_bg_scale_carry_gyrator (BgScaleHints        *hints,
                         const BgEmitElement *el,
                         double               r)
{
  BgDomain p = el->element->spec->ports[0].domain;
  BgDomain s = el->element->spec->ports[1].domain;
  double *e = hints->e, *f = hints->f;

  _bg_scale_bump (&e[s], r * f[p]);
  _bg_scale_bump (&f[s], e[p] / r);
  _bg_scale_bump (&e[p], r * f[s]);
  _bg_scale_bump (&f[p], e[s] / r);
}

/* The last pass in which some kind carries scales between domains. */
#define LAST_CARRY_PASS 2

/* Typical effort and flow of each domain (see bg-compiler.h). */
void
_bg_compiler_estimate_scales (BgEmit    *em,
                              GPtrArray *elements)
{
  static const double fallback_e[BG_N_DOMAINS] = { 1, 10, 1e6, 1, 1 };
  static const double fallback_f[BG_N_DOMAINS] = { 1, 0.01, 1e-4, 0.1, 1 };
  double              r_max[BG_N_DOMAINS] = { 0 };
  double             *e = em->e_scale, *f = em->f_scale;
  BgScaleHints        hints = { e, f, r_max, em->t_end };

  /* What each element's own parameters say. */
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement    el = { element, element->id, NULL, 0 };

      if (element->spec->kind->estimate_scales != NULL)
        element->spec->kind->estimate_scales (&hints, &el);
    }

  /* Carried between domains (cylinder areas first, then gyrators and
   * motors), each pass over the whole model. */
  for (guint pass = 1; pass <= LAST_CARRY_PASS; pass++)
    for (guint i = 0; i < elements->len; i++)
      {
        const BgElement *element = g_ptr_array_index (elements, i);
        BgEmitElement    el = { element, element->id, NULL, 0 };

        if (element->spec->kind->carry_pass == pass)
          element->spec->kind->carry_scales (&hints, &el);
      }

  /* Through resistors: a flow of e / R_max, an effort of f · R_max (the
   * smaller estimate: a tighter tolerance costs steps, a looser one accuracy). */
  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      if (f[d] == 0 && e[d] > 0 && r_max[d] > 0)
        f[d] = e[d] / r_max[d];
      if (e[d] == 0 && f[d] > 0 && r_max[d] > 0)
        e[d] = f[d] * r_max[d];
      if (!(e[d] > 0))
        e[d] = fallback_e[d];
      if (!(f[d] > 0))
        f[d] = fallback_f[d];
    }
}
