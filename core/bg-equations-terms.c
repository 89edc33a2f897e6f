/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-terms.c — the small expression helpers the kinds' symbolic
 * forms are written with.
 *
 * Owns: owning arithmetic on BgExpr (each helper takes its arguments), the
 * reciprocal of a parameter symbol and the single port with a causal role.
 * Each kind's form lives with its numeric equations in
 * core/components/bg-*-eqs.c. Must not: know any component kind.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-equations-private.h"

/* r, after dropping the arguments it was made from. */
static BgExpr *
taking (BgExpr *r,
        BgExpr *a,
        BgExpr *b)
{
  bg_expr_unref (a);
  if (b != NULL)
    bg_expr_unref (b);
  return r;
}

BgExpr *
_bg_eq_add (BgExpr *a,
            BgExpr *b)
{
  return taking (bg_expr_add (a, b), a, b);
}

BgExpr *
_bg_eq_mul (BgExpr *a,
            BgExpr *b)
{
  return taking (bg_expr_mul (a, b), a, b);
}

BgExpr *
_bg_eq_scale (BgExpr *a,
              double  c)
{
  return taking (bg_expr_scale (a, c), a, NULL);
}
/* 1 / (parameter symbol) */
BgExpr *
_bg_eq_inverse_param (const BgEqElement *el,
                      const char        *param,
                      const char        *symbol)
{
  g_autoptr(BgExpr) p = _bg_eq_param (el, param, symbol);
  g_autofree char *name = symbol == NULL ? g_strdup (el->element->id)
                                         : g_strdup_printf ("%s.%s", el->element->id, symbol);

  return bg_expr_symbol_pow (name, -1);
}
int
_bg_eq_unique_port (const BgEqElement *el,
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
