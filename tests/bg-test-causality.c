/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-causality.c — see bg-test-causality.h. */
#include "config.h"

#include <string.h>

#include "bg-test-causality.h"
#include "bg-test-sim.h"

gboolean
bg_test_stroke_at (BgModel           *model,
                   const BgCausality *c,
                   const char        *bond_id,
                   const char        *element_id)
{
  BgBond *bond = bg_model_find_bond (model, bond_id);
  BgStroke stroke;

  g_assert_nonnull (bond);
  stroke = bg_causality_lookup_stroke (c, bond_id);
  g_assert_cmpint (stroke, !=, BG_STROKE_NONE);
  if (strcmp (bond->to->id, element_id) == 0)
    return stroke == BG_STROKE_AT_TO;
  g_assert_cmpstr (bond->from->id, ==, element_id);
  return stroke == BG_STROKE_AT_FROM;
}

static char *
join_ptr_array (const GPtrArray *array)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < array->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (const char *) g_ptr_array_index (array, i));
  return g_strdup (s->str);
}

static char *
join_strv (char **strv)
{
  return g_strjoinv (" ", strv);
}

void
bg_test_assert_states (const BgCausality *c,
                       const char        *expected)
{
  g_autofree char *states = join_ptr_array (bg_causality_get_states (c));

  g_assert_cmpstr (states, ==, expected);
}

const BgDiagnostic *
bg_test_get_error (const BgCausality *c,
                   guint              i)
{
  const GPtrArray *errors = bg_causality_get_errors (c);

  g_assert_cmpuint (errors->len, >, i);
  return g_ptr_array_index (errors, i);
}

void
bg_test_assert_diagnostic (const BgDiagnostic *d,
                           const char         *code,
                           const char         *message,
                           const char         *elements,
                           const char         *bonds)
{
  g_autofree char *els = join_strv (d->elements);
  g_autofree char *bs = join_strv (d->bonds);

  g_assert_cmpstr (d->code, ==, code);
  g_assert_cmpstr (d->message, ==, message);
  if (elements != NULL)
    g_assert_cmpstr (els, ==, elements);
  if (bonds != NULL)
    g_assert_cmpstr (bs, ==, bonds);
}

void
bg_test_assert_group (const BgCausality *c,
                      guint              i,
                      const char        *elements,
                      const char        *bonds)
{
  const GPtrArray *groups = bg_causality_get_algebraic_groups (c);
  const BgAlgebraicGroup *g;
  g_autofree char *els = NULL;
  g_autofree char *bs = NULL;

  g_assert_cmpuint (groups->len, >, i);
  g = g_ptr_array_index (groups, i);
  els = join_strv (g->elements);
  bs = join_strv (g->bonds);
  g_assert_cmpstr (els, ==, elements);
  g_assert_cmpstr (bs, ==, bonds);
}

void
bg_test_assert_table_holds (BgModel           *model,
                            const BgCausality *c)
{
  GPtrArray *elements = bg_model_get_elements (model);

  g_assert_true (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 0);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      GPtrArray *bonds = bg_model_get_element_bonds (model, el);
      guint n_at = 0, n = 0;

      for (guint k = 0; k < bonds->len; k++)
        {
          BgBond *bond = g_ptr_array_index (bonds, k);

          if (bond == NULL)
            continue;
          n++;
          n_at += bg_test_stroke_at (model, c, bond->id, el->id);
        }

      switch (bg_test_kind (el->spec))
        {
        case BG_TEST_KIND_JUNCTION_0:   /* exactly one stroke at 0 */
          g_assert_cmpuint (n_at, ==, 1);
          break;
        case BG_TEST_KIND_JUNCTION_1:   /* exactly one bond without a stroke at 1 */
          g_assert_cmpuint (n - n_at, ==, 1);
          break;
        case BG_TEST_KIND_SE:           /* away from Se */
        case BG_TEST_KIND_C:            /* away from the storage */
        case BG_TEST_KIND_GAS_ACCUMULATOR:
          g_assert_cmpuint (n_at, ==, 0);
          break;
        case BG_TEST_KIND_SF:           /* at Sf */
        case BG_TEST_KIND_I:            /* at the inertia/load */
        case BG_TEST_KIND_MECHANICAL_LOAD:
          g_assert_cmpuint (n_at, ==, 1);
          break;
        case BG_TEST_KIND_TF:           /* one port in, the other out */
          g_assert_cmpuint (n_at, ==, 1);
          break;
        case BG_TEST_KIND_CYLINDER_DA:  /* exactly one of A, B, M supplies effort */
          g_assert_cmpuint (n - n_at, ==, 1);
          break;
        case BG_TEST_KIND_PUMP_CURVE:   /* T in and P in */
          g_assert_cmpuint (n_at, ==, n);
          break;
        case BG_TEST_KIND_R:
        default:
          break;
        }
    }
}

BgCausality *
bg_test_analyze_ok (BgModel *model)
{
  BgCausality *c = bg_causality_analyze (model);

  bg_test_assert_table_holds (model, c);
  return c;
}
