/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-scales.c — the typical effort and flow of each domain.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: estimating, from the model's sources, storages, resistors, loads,
 * pump tables and cylinder areas, the effort and flow scale of each domain
 * (the rule is in bg-compiler.h); the compiler gives every register its
 * scale from them, and the states' absolute tolerances follow.
 * Must not: emit operations; modify the model.
 */
#include "config.h"

#include <math.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

static void
bump (double *slot,
      double  value)
{
  if (isfinite (value))
    *slot = MAX (*slot, fabs (value));
}

static double
wave_magnitude (const BgEmitElement *el,
                const char          *value_name,
                double               em_t_end)
{
  BgWave w;

  bg_emit_get_wave (el, value_name, &w);
  return bg_wave_magnitude (&w, em_t_end);
}

/* Typical effort and flow of each domain (see bg-compiler.h). */
void
_bg_compiler_estimate_scales (BgEmit    *em,
                              GPtrArray *elements)
{
  static const double fallback_e[BG_N_DOMAINS] = { 1, 10, 1e6, 1, 1 };
  static const double fallback_f[BG_N_DOMAINS] = { 1, 0.01, 1e-4, 0.1, 1 };
  double              r_max[BG_N_DOMAINS] = { 0 };
  double             *e = em->e_scale, *f = em->f_scale;

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement    el = { element, element->id, NULL, 0 };
      BgDomain         d = element->spec->domain;

      switch (element->spec->kind)
        {
        case BG_KIND_SE:
          bump (&e[d], wave_magnitude (&el, "value", em->t_end));
          break;
        case BG_KIND_SF:
          bump (&f[d], wave_magnitude (&el, "value", em->t_end));
          break;
        case BG_KIND_R:
          bump (&r_max[d], bg_emit_number (&el, "value"));
          break;
        case BG_KIND_C:
          bump (&e[d], bg_emit_number (&el, "initial") / bg_emit_number (&el, "value"));
          break;
        case BG_KIND_I:
          bump (&f[d], bg_emit_number (&el, "initial") / bg_emit_number (&el, "value"));
          break;
        case BG_KIND_MECHANICAL_LOAD:
          bump (&e[BG_DOMAIN_TRANSLATIONAL], wave_magnitude (&el, "load", em->t_end));
          bump (&f[BG_DOMAIN_TRANSLATIONAL],
                bg_emit_number (&el, "initial") / bg_emit_number (&el, "mass"));
          break;
        case BG_KIND_GAS_ACCUMULATOR:
          bump (&e[BG_DOMAIN_HYDRAULIC], bg_emit_number (&el, "p0"));
          break;
        case BG_KIND_PUMP_CURVE:
          {
            const BgParamValue *t = bg_emit_param (&el, "table");
            for (guint k = 0; t != NULL && t->table != NULL && k + 1 < t->table->len; k += 2)
              {
                bump (&e[BG_DOMAIN_HYDRAULIC], g_array_index (t->table, double, k));
                bump (&f[BG_DOMAIN_HYDRAULIC], g_array_index (t->table, double, k + 1));
              }
          }
          break;
        default:
          break;
        }
    }

  /* Carry scales through cylinders (F = A p, v = Q / A). */
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement    el = { element, element->id, NULL, 0 };
      double           D, area;

      if (element->spec->kind != BG_KIND_CYLINDER_DA)
        continue;
      D = bg_emit_number (&el, "D");
      area = G_PI * D * D / 4;
      bump (&e[BG_DOMAIN_TRANSLATIONAL], area * e[BG_DOMAIN_HYDRAULIC]);
      bump (&f[BG_DOMAIN_TRANSLATIONAL], f[BG_DOMAIN_HYDRAULIC] / area);
      bump (&e[BG_DOMAIN_HYDRAULIC], e[BG_DOMAIN_TRANSLATIONAL] / area);
      bump (&f[BG_DOMAIN_HYDRAULIC], f[BG_DOMAIN_TRANSLATIONAL] * area);
    }

  /* Carry scales through gyrators and motors (e_S = r f_P, f_S = e_P / r). */
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement    el = { element, element->id, NULL, 0 };
      BgDomain         p, s;
      double           r;

      if (element->spec->kind == BG_KIND_GY)
        r = bg_emit_number (&el, "r");
      else if (element->spec->kind == BG_KIND_DC_MOTOR)
        r = bg_emit_number (&el, "k");
      else
        continue;
      p = element->spec->ports[0].domain;
      s = element->spec->ports[1].domain;
      bump (&e[s], r * f[p]);
      bump (&f[s], e[p] / r);
      bump (&e[p], r * f[s]);
      bump (&f[p], e[s] / r);
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
