/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components-levels.c — the teaching views of a model with
 * components, seen from each of its levels.
 *
 * Owns: tests of bg_causality_trace_project() and
 * bg_causality_trace_dup_step_level() (the SCAP steps of the flat graph
 * on the bonds of the top level, of an instance and of a nested one: the
 * same steps, each stroke as the projected analysis has it at the end, a
 * step inside an instance on that instance's box above it), of the
 * student's strokes inside instances (one instance's alone, undoable,
 * saved by path and read back byte for byte, graded by path) and of
 * bg_grade_project(). Must not: test flattening itself (test-components.c)
 * or the window (test-components-views.c).
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "bg-file.h"
#include "bg-causality.h"
#include "bg-causality-check.h"
#include "bg-causality-trace.h"
#include "bg-definition.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"

/* A Pair of Tanks inside the model; each Tank's b1 is drawn from its
 * junction into its port IN, against the bond outside, so the flat bond
 * runs the other way from the inner one. */
static const char nested[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Nested tanks\","
  " \"components\": {"
  "  \"Tank\": {\"elements\": ["
  "   {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},"
  "   {\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 300, \"y\": 0},"
  "   {\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 0},"
  "   {\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 100, \"params\": {\"value\": 1e-8}},"
  "   {\"id\": \"J2\", \"type\": \"1\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 0},"
  "   {\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 100, \"params\": {\"value\": 1e9}}],"
  "   \"bonds\": [{\"id\": \"b1\", \"from\": \"J\", \"to\": \"IN\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"},"
  "    {\"id\": \"b3\", \"from\": \"J\", \"to\": \"J2\"}, {\"id\": \"b4\", \"from\": \"J2\", \"to\": \"R\"},"
  "    {\"id\": \"b5\", \"from\": \"J2\", \"to\": \"OUT\"}]},"
  "  \"Pair\": {\"elements\": ["
  "   {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},"
  "   {\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 600, \"y\": 0},"
  "   {\"id\": \"T1\", \"type\": \"Tank\", \"x\": 150, \"y\": 0},"
  "   {\"id\": \"T2\", \"type\": \"Tank\", \"x\": 400, \"y\": 0, \"params\": {\"C.value\": 2e-8}}],"
  "   \"bonds\": [{\"id\": \"p1\", \"from\": \"IN\", \"to\": \"T1.IN\"},"
  "    {\"id\": \"p2\", \"from\": \"T1.OUT\", \"to\": \"T2.IN\"},"
  "    {\"id\": \"p3\", \"from\": \"T2.OUT\", \"to\": \"OUT\"}]}},"
  " \"elements\": ["
  "  {\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0, \"params\": {\"value\": 1e-4}},"
  "  {\"id\": \"P\", \"type\": \"Pair\", \"x\": 300, \"y\": 0},"
  "  {\"id\": \"E\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"x\": 600, \"y\": 0, \"params\": {\"value\": 0}}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"P.IN\"}, {\"id\": \"b2\", \"from\": \"P.OUT\", \"to\": \"E\"}]}";

static BgModel *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_from_data (text, -1, &error);

  g_assert_no_error (error);
  return model;
}

/* The body of the instance a path names ("P." → P's, "P.T2." → T2's). */
static BgModel *
level_of (BgModel    *model,
          const char *prefix)
{
  g_auto(GStrv) parts = g_strsplit (prefix, ".", -1);
  BgModel *level = model;

  for (guint i = 0; parts[i] != NULL && parts[i][0] != '\0'; i++)
    {
      BgElement *el = bg_model_find_element (level, parts[i]);

      g_assert_nonnull (el);
      level = bg_definition_of_spec (el->spec)->body;
    }
  return level;
}

static BgStroke
turned (BgStroke s)
{
  return s == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : s == BG_STROKE_AT_FROM ? BG_STROKE_AT_TO : s;
}

static const char *const levels[] = { "", "P.", "P.T1.", "P.T2.", NULL };

/* The SCAP steps seen from each level ------------------------------------- */

static void
test_trace_levels (void)
{
  g_autoptr(BgModel) model = load_text (nested);
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, &map, NULL);
  g_autoptr(BgCausalityTrace) trace = NULL;
  g_autoptr(BgCausality) analysis = bg_causality_analyze_traced (flat, &trace);
  guint n = bg_causality_trace_get_n_steps (trace);
  gboolean saw_turned = FALSE;

  g_assert_true (bg_causality_is_ok (analysis));
  g_assert_cmpuint (n, ==, bg_model_get_bonds (flat)->len);
  for (guint l = 0; levels[l] != NULL; l++)
    {
      BgModel *level = level_of (model, levels[l]);
      GPtrArray *bonds = bg_model_get_bonds (level);
      g_autoptr(BgCausalityTrace) seen = bg_causality_trace_project (trace, level, levels[l], map);
      g_autoptr(BgCausality) projected = bg_causality_project (analysis, level, levels[l], map);
      gsize len = strlen (levels[l]);

      g_assert_cmpuint (bg_causality_trace_get_n_steps (seen), ==, n);
      g_assert_cmpuint (bg_causality_trace_get_n_bonds (seen), ==, bonds->len);
      /* after the last step, every bond of the level has the stroke the
       * analysis seen from the level gives it */
      for (guint b = 0; b < bonds->len; b++)
        {
          BgBond *bond = g_ptr_array_index (bonds, b);

          g_assert_cmpint (bg_causality_trace_get_stroke_at (seen, b, G_MAXUINT), ==,
                           bg_causality_lookup_stroke (projected, bond->id));
          g_assert_cmpint (bg_causality_trace_get_stroke_at (seen, b, G_MAXUINT), !=,
                           BG_STROKE_NONE);
        }
      for (guint k = 0; k < n; k++)
        {
          const BgTraceStep *fs = bg_causality_trace_get_step (trace, k);
          const BgTraceStep *s = bg_causality_trace_get_step (seen, k);
          g_autofree char *home = bg_causality_trace_dup_step_level (trace, k);

          g_assert_cmpstr (s->sentence, ==, fs->sentence);
          g_assert_cmpint (s->phase, ==, fs->phase);
          g_assert_cmpuint (s->n_after, ==, fs->n_after);
          /* the step's home is where its flat bond is named */
          g_assert_true (g_str_has_prefix (fs->bond, home));
          g_assert_null (strchr (fs->bond + strlen (home), '.'));
          if (s->bond_index != G_MAXUINT)
            {
              BgBond *bond = g_ptr_array_index (bonds, s->bond_index);
              gboolean same = TRUE;
              g_autofree char *path = g_strconcat (levels[l], bond->id, NULL);

              g_assert_cmpstr (bg_flat_map_bond (map, path, &same), ==, fs->bond);
              g_assert_cmpint (s->stroke, ==, same ? fs->stroke : turned (fs->stroke));
              g_assert_true (g_strv_contains (s->bonds, bond->id));
              saw_turned |= !same;
            }
          else if (g_str_has_prefix (fs->bond, levels[l]))
            {
              /* inside an instance of this level: that instance is lit */
              const char *rest = fs->bond + len;
              g_autofree char *instance = g_strndup (rest, strcspn (rest, "."));

              g_assert_nonnull (strchr (rest, '.'));
              g_assert_true (g_strv_contains (s->elements, instance));
              g_assert_null (s->bond);
            }
          else
            {
              /* outside the level: nothing of it to light but what is
               * inside (the level's own elements the step names) */
              g_assert_null (s->bond);
              for (guint i = 0; s->elements[i] != NULL; i++)
                g_assert_nonnull (bg_model_find_element (level, s->elements[i]));
            }
        }
    }
  /* the Tanks' b1 run against the flat bond: their strokes were turned */
  g_assert_true (saw_turned);
}

/* Step levels: the top's own bonds, then the tanks inside P. */
static void
test_step_levels (void)
{
  g_autoptr(BgModel) model = load_text (nested);
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);
  g_autoptr(BgCausalityTrace) trace = NULL;
  g_autoptr(BgCausality) analysis = bg_causality_analyze_traced (flat, &trace);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint k = 0; k < bg_causality_trace_get_n_steps (trace); k++)
    g_hash_table_add (seen, bg_causality_trace_dup_step_level (trace, k));
  /* b1 and b2 outside, P's p2 (T1.OUT → T2.IN) at P, the rest in the tanks */
  g_assert_cmpuint (g_hash_table_size (seen), ==, 4);
  for (guint l = 0; levels[l] != NULL; l++)
    g_assert_true (g_hash_table_contains (seen, levels[l]));
}

/* A student's strokes inside instances ------------------------------------ */

static void
test_inner_strokes (void)
{
  g_autoptr(BgModel) model = load_text (nested);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = bg_file_to_data (model, NULL);
  g_autofree char *after = NULL;
  g_autofree char *again = NULL;
  g_autoptr(BgModel) loaded = NULL;
  BgModel *tank = level_of (model, "P.T2.");

  g_assert_false (bg_model_has_exercise (model));
  g_assert_nonnull (bg_model_find_inner_bond (model, "P.T2.b4"));
  g_assert_null (bg_model_find_inner_bond (model, "P.T3.b4"));
  g_assert_null (bg_model_find_inner_bond (model, "b1"));

  g_assert_true (bg_model_set_exercise_stroke (model, "P.T2.b4", BG_STROKE_AT_TO, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Place a stroke on P.T2.b4 at P.T2.R");
  g_assert_true (bg_model_set_exercise_stroke (model, "P.p2", BG_STROKE_AT_FROM, &error));
  g_assert_true (bg_model_set_exercise_stroke (model, "b1", BG_STROKE_AT_TO, &error));
  g_assert_true (bg_model_has_exercise (model));
  g_assert_cmpint (bg_model_get_exercise_stroke (model, "P.T2.b4"), ==, BG_STROKE_AT_TO);
  /* that instance's alone: neither the definition nor the other tank */
  g_assert_cmpint (bg_model_find_bond (tank, "b4")->exercise, ==, BG_STROKE_NONE);
  g_assert_cmpint (bg_model_get_exercise_stroke (model, "P.T1.b4"), ==, BG_STROKE_NONE);

  /* unknown paths are refused by name */
  g_assert_false (bg_model_set_exercise_stroke (model, "P.T9.b4", BG_STROKE_AT_TO, &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "P.T9.b4"));
  g_clear_error (&error);

  /* saved by path, read back byte for byte */
  after = bg_file_to_data (model, NULL);
  g_assert_nonnull (strstr (after, "\"exercise\": {\"strokes\": {\"b1\": \"to\", "
                                   "\"P.T2.b4\": \"to\", \"P.p2\": \"from\"}}"));
  loaded = bg_file_load_from_data (after, -1, &error);
  g_assert_no_error (error);
  again = bg_file_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, after);
  g_assert_cmpint (bg_model_get_exercise_stroke (loaded, "P.T2.b4"), ==, BG_STROKE_AT_TO);

  /* undone one by one, the file is as before */
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  g_assert_cmpint (bg_model_get_exercise_stroke (model, "P.p2"), ==, BG_STROKE_NONE);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpint (bg_model_get_exercise_stroke (model, "P.T2.b4"), ==, BG_STROKE_NONE);
  g_assert_false (bg_model_has_exercise (model));
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_cmpstr (text, ==, before);
  }
  g_assert_true (bg_model_redo (model));
  g_assert_cmpint (bg_model_get_exercise_stroke (model, "P.T2.b4"), ==, BG_STROKE_AT_TO);
}

/* Grading by path, and the grade seen from a level ------------------------- */

static void
test_grade_levels (void)
{
  g_autoptr(BgModel) model = load_text (nested);
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) analysis = NULL;
  g_autoptr(BgGrade) grade = NULL;
  GPtrArray *flat_bonds;

  /* every stroke placed as the analyzer has it, each by its own path;
   * one of T2's wrong */
  flat = bg_model_flatten (model, &map, NULL);
  analysis = bg_causality_analyze (flat);
  flat_bonds = bg_model_get_bonds (flat);
  for (guint b = 0; b < flat_bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (flat_bonds, b);
      BgStroke s = bg_causality_lookup_stroke (analysis, bond->id);

      if (g_str_equal (bond->id, "P.T2.b4"))
        s = turned (s);
      g_assert_true (bg_model_set_exercise_stroke (model, bond->id, s, NULL));
    }
  grade = bg_grade_exercise (model);
  g_assert_cmpuint (bg_grade_get_n_bonds (grade), ==, flat_bonds->len);
  g_assert_false (bg_grade_is_ok (grade));
  g_assert_cmpint (bg_grade_lookup (grade, "P.T2.b4")->verdict, ==, BG_VERDICT_WRONG);
  g_assert_cmpint (bg_grade_lookup (grade, "P.T1.b4")->verdict, ==, BG_VERDICT_OK);
  g_assert_cmpuint (bg_grade_count (grade, BG_VERDICT_WRONG), ==, 1);

  for (guint l = 0; levels[l] != NULL; l++)
    {
      BgModel *level = level_of (model, levels[l]);
      GPtrArray *bonds = bg_model_get_bonds (level);
      g_autoptr(BgGrade) seen = bg_grade_project (grade, level, levels[l], map);

      g_assert_cmpuint (bg_grade_get_n_bonds (seen), ==, bonds->len);
      g_assert_false (bg_grade_is_ok (seen));
      for (guint b = 0; b < bonds->len; b++)
        {
          BgBond *bond = g_ptr_array_index (bonds, b);
          g_autofree char *path = g_strconcat (levels[l], bond->id, NULL);
          gboolean same = TRUE;
          const char *flat_id = bg_flat_map_bond (map, path, &same);
          const BgBondGrade *g = bg_grade_lookup (seen, bond->id);
          const BgBondGrade *fg = bg_grade_lookup (grade, flat_id);

          g_assert_nonnull (g);
          g_assert_cmpint (g->verdict, ==, fg->verdict);
          g_assert_cmpstr (g->message, ==, fg->message);
          g_assert_cmpint (g->placed, ==, same ? fg->placed : turned (fg->placed));
          g_assert_cmpint (g->expected, ==, same ? fg->expected : turned (fg->expected));
          /* the student's stroke seen from here is the analyzer's seen
           * from here, but for T2's b4 */
          if (g_str_equal (path, "P.T2.b4"))
            g_assert_cmpint (g->verdict, ==, BG_VERDICT_WRONG);
          else
            {
              g_autoptr(BgCausality) projected = bg_causality_project (analysis, level,
                                                                       levels[l], map);

              g_assert_cmpint (g->placed, ==, bg_causality_lookup_stroke (projected, bond->id));
            }
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/components/levels/trace", test_trace_levels);
  g_test_add_func ("/components/levels/step-levels", test_step_levels);
  g_test_add_func ("/components/levels/inner-strokes", test_inner_strokes);
  g_test_add_func ("/components/levels/grade", test_grade_levels);
  return g_test_run ();
}
