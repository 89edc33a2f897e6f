/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-var-list.c — variable names, units and descriptions of plans and
 * results, and the index that finds them by name.
 *
 * Owns: tests of BgNameIndex (every name found at its index, absent names
 * not, a name given twice finds its last index) and BgVarList (texts kept
 * once, descriptions naming their bond or element built on demand and
 * kept, the same from several threads), and of the plan's list for a
 * compiled model (bond and element descriptions as a user reads them).
 * Must not: depend on GTK.
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "bg-name-index.h"
#include "bg-var-list.h"
#include "bg-test-sim.h"

static void
test_name_index (void)
{
  const guint n = 100000;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (BgNameIndex) index = NULL;
  const char *twice[] = { "a", "b", "a", "c" };
  g_autoptr (BgNameIndex) small = bg_name_index_new (twice, G_N_ELEMENTS (twice));
  g_autoptr (BgNameIndex) empty = bg_name_index_new (NULL, 0);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (names, g_strdup_printf ("K%u.q", i));
  index = bg_name_index_new ((const char *const *) names->pdata, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (bg_name_index_lookup (index, g_ptr_array_index (names, i)), ==, (int) i);
  g_assert_cmpint (bg_name_index_lookup (index, "K100000.q"), ==, -1);
  g_assert_cmpint (bg_name_index_lookup (index, "K1.p"), ==, -1);
  g_assert_cmpint (bg_name_index_lookup (index, ""), ==, -1);

  g_assert_cmpint (bg_name_index_lookup (small, "a"), ==, 2);
  g_assert_cmpint (bg_name_index_lookup (small, "b"), ==, 1);
  g_assert_cmpint (bg_name_index_lookup (small, "c"), ==, 3);
  g_assert_cmpint (bg_name_index_lookup (empty, "a"), ==, -1);
}

static void
test_var_list (void)
{
  g_autoptr (BgVarList) vars = bg_var_list_new (0);
  char unit[] = "V", same_unit[] = "V";
  const char *d;

  g_assert_cmpuint (bg_var_list_add (vars, "t", "s", "time"), ==, 0);
  g_assert_cmpuint (bg_var_list_add (vars, "C1.e", unit, "Voltage"), ==, 1);
  /* The same texts from another address, then changed there. */
  g_assert_cmpuint (bg_var_list_add (vars, "C2.e", same_unit, "Voltage"), ==, 2);
  unit[0] = 'A';
  g_assert_cmpuint (bg_var_list_add (vars, "C2.f", unit, "Current"), ==, 3);
  g_assert_cmpuint (bg_var_list_add (vars, "b7.P", "W",
                                     "power of bond " BG_VAR_LIST_ID ", in the half-arrow direction"), ==, 4);
  g_assert_cmpuint (bg_var_list_add (vars, "x", NULL, NULL), ==, 5);
  g_assert_cmpuint (bg_var_list_add (vars, "J1.e", "V", BG_VAR_LIST_ID " effort"), ==, 6);
  bg_var_list_seal (vars);

  g_assert_cmpuint (bg_var_list_get_n (vars), ==, 7);
  g_assert_cmpstr (bg_var_list_get_name (vars, 2), ==, "C2.e");
  g_assert_cmpstr (bg_var_list_get_unit (vars, 1), ==, "V");
  g_assert_cmpstr (bg_var_list_get_unit (vars, 3), ==, "A");
  /* One copy of a text. */
  g_assert_true (bg_var_list_get_unit (vars, 1) == bg_var_list_get_unit (vars, 2));
  g_assert_true (bg_var_list_get_description (vars, 1) == bg_var_list_get_description (vars, 2));
  g_assert_cmpstr (bg_var_list_get_unit (vars, 5), ==, "");
  g_assert_cmpstr (bg_var_list_get_description (vars, 5), ==, "");

  d = bg_var_list_get_description (vars, 4);
  g_assert_cmpstr (d, ==, "power of bond b7, in the half-arrow direction");
  g_assert_true (bg_var_list_get_description (vars, 4) == d);   /* built once */
  g_assert_cmpstr (bg_var_list_get_description (vars, 6), ==, "J1 effort");

  for (guint v = 0; v < bg_var_list_get_n (vars); v++)
    g_assert_cmpint (bg_var_list_lookup (vars, bg_var_list_get_name (vars, v)), ==, (int) v);
  g_assert_cmpint (bg_var_list_lookup (vars, "C3.e"), ==, -1);
}

static gpointer
describe_all (gpointer data)
{
  BgVarList *vars = data;
  GPtrArray *seen = g_ptr_array_new ();

  for (guint v = 0; v < bg_var_list_get_n (vars); v++)
    g_ptr_array_add (seen, (gpointer) bg_var_list_get_description (vars, v));
  return seen;
}

/* Several threads asking for the descriptions at once get the same ones. */
static void
test_var_list_threads (void)
{
  g_autoptr (BgVarList) vars = bg_var_list_new (100);
  GThread *threads[4];
  GPtrArray *seen[4];

  for (guint i = 0; i < 2000; i++)
    {
      g_autofree char *name = g_strdup_printf ("b%u.e", i);
      bg_var_list_add (vars, name, "V", "voltage of bond " BG_VAR_LIST_ID);
    }
  bg_var_list_seal (vars);
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    threads[k] = g_thread_new ("describe", describe_all, vars);
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    seen[k] = g_thread_join (threads[k]);
  for (guint v = 0; v < 2000; v++)
    {
      g_autofree char *want = g_strdup_printf ("voltage of bond b%u", v);
      g_assert_cmpstr (g_ptr_array_index (seen[0], v), ==, want);
      for (guint k = 1; k < G_N_ELEMENTS (threads); k++)
        g_assert_true (g_ptr_array_index (seen[k], v) == g_ptr_array_index (seen[0], v));
    }
  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    g_ptr_array_unref (seen[k]);
}

/* A compiled plan's variables read as before: bonds' efforts, flows and
 * powers name their bond; element variables carry their spec's text; and a
 * result of the plan has the same list. */
static void
test_plan_descriptions (void)
{
  static const char *const elements[] = {
    "Se electrical U value=10",
    "1 electrical J",
    "R electrical R1 value=1000",
    "C electrical C1 value=0.001",
    NULL
  };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (GError) error = NULL;
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, &error);
  g_autoptr (BgResult) result = NULL;
  int v;

  g_assert_no_error (error);
  g_assert_cmpstr (bg_plan_get_var_name (plan, 0), ==, "t");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, 0), ==, "s");
  g_assert_cmpstr (bg_plan_get_var_description (plan, 0), ==, "time");

  v = bg_plan_lookup_var (plan, "b1.e");
  g_assert_cmpint (v, >, 0);
  g_assert_cmpstr (bg_plan_get_var_unit (plan, v), ==, "V");
  g_assert_cmpstr (bg_plan_get_var_description (plan, v), ==, "voltage of bond b1");
  v = bg_plan_lookup_var (plan, "b3.f");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, v), ==, "A");
  g_assert_cmpstr (bg_plan_get_var_description (plan, v), ==,
                   "current of bond b3, in the half-arrow direction");
  v = bg_plan_lookup_var (plan, "b2.P");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, v), ==, "W");
  g_assert_cmpstr (bg_plan_get_var_description (plan, v), ==,
                   "power of bond b2, in the half-arrow direction");
  v = bg_plan_lookup_var (plan, "C1.q");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, v), ==, "C");
  g_assert_cmpstr (bg_plan_get_var_description (plan, v), !=, "");
  g_assert_null (strstr (bg_plan_get_var_description (plan, v), BG_VAR_LIST_ID));

  for (guint i = 0; i < bg_plan_get_n_vars (plan); i++)
    g_assert_cmpint (bg_plan_lookup_var (plan, bg_plan_get_var_name (plan, i)), ==, (int) i);

  result = bg_simulator_new_result (plan);
  for (guint i = 0; i < bg_plan_get_n_vars (plan); i++)
    {
      g_assert_true (bg_result_get_var_name (result, i) == bg_plan_get_var_name (plan, i));
      g_assert_cmpstr (bg_result_get_var_description (result, i), ==,
                       bg_plan_get_var_description (plan, i));
    }
  g_assert_cmpint (bg_result_lookup (result, "b2.P"), ==, bg_plan_lookup_var (plan, "b2.P"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/var-list/name-index", test_name_index);
  g_test_add_func ("/core/var-list/texts", test_var_list);
  g_test_add_func ("/core/var-list/threads", test_var_list_threads);
  g_test_add_func ("/core/var-list/plan", test_plan_descriptions);
  return g_test_run ();
}
