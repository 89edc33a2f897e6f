/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-exercise.c — exercise strokes, their grading, and conflict remedies.
 *
 * Owns: tests of the file's "exercise" section (load, refusal with the JSON
 * path, byte-identical round trip), student strokes as undoable edits, the
 * grader (correct, wrong, missing and alternative valid sets; the sentence
 * for each wrong stroke) and the remedies of every conflict case (each
 * resolves its conflict on re-analysis, and undo restores the saved bytes).
 * Must not: depend on the order of tests; the examples are read from
 * BGMOD_DATADIR (set by meson).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-causality.h"
#include "bg-causality-check.h"
#include "bg-file.h"
#include "bg-i18n.h"
#include "bg-model.h"
#include "bg-remedy.h"
#include "bg-test-sim.h"

/* Helpers ------------------------------------------------------------------ */

/* Builds a model from "TYPE:ID" words and "FROM>TO" bond words; bonds are
 * named b1, b2, ...; elements sit 120 units apart on a row. */
static BgModel *
build (const char *domain,
       const char *elements,
       const char *bonds)
{
  BgModel *model = bg_model_new ();
  g_auto(GStrv) els = g_strsplit (elements, " ", -1);
  g_auto(GStrv) bs = g_strsplit (bonds, " ", -1);
  guint n_bonds = 0;

  for (guint i = 0; els[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (els[i], ":", 2);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (parts[1]);
      g_assert_nonnull (bg_model_add_element (model, parts[0], bg_domain_from_id (domain),
                                              parts[1], 120.0 * i, 40.0 * (i % 2), &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; bs[i] != NULL; i++)
    {
      g_auto(GStrv) ends = g_strsplit (bs[i], ">", 2);
      g_autofree char *id = g_strdup_printf ("b%u", ++n_bonds);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (bg_model_connect (model, ends[0], ends[1], id, &error));
      g_assert_no_error (error);
    }
  bg_model_clear_history (model);
  return model;
}

/* Places "b1=to b2=from ..." as the model's exercise strokes. */
static void
place (BgModel    *model,
       const char *strokes)
{
  g_auto(GStrv) words = g_strsplit (strokes, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (words[i], "=", 2);
      g_autoptr(GError) error = NULL;
      BgStroke s = strcmp (kv[1], "to") == 0 ? BG_STROKE_AT_TO
                   : strcmp (kv[1], "from") == 0 ? BG_STROKE_AT_FROM : BG_STROKE_NONE;

      g_assert_true (bg_model_set_exercise_stroke (model, kv[0], s, &error));
      g_assert_no_error (error);
    }
}

/* The analyzer's strokes as the student's. */
static void
place_analyzer_strokes (BgModel *model)
{
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  GPtrArray *bonds = bg_model_get_bonds (model);

  for (guint b = 0; b < bonds->len; b++)
    g_assert_true (bg_model_set_exercise_stroke (model, ((BgBond *) bonds->pdata[b])->id,
                                                 bg_causality_get_stroke (c, b), NULL));
}

static void
assert_verdict (const BgGrade *grade,
                const char    *bond_id,
                BgVerdict      verdict)
{
  const BgBondGrade *g = bg_grade_lookup (grade, bond_id);

  g_assert_nonnull (g);
  if (g->verdict != verdict)
    g_error ("%s: %s (%s), expected %s", bond_id, bg_verdict_to_string (g->verdict),
             g->message, bg_verdict_to_string (verdict));
}

static char *
save_bytes (BgModel *model)
{
  return bg_file_to_data (model, NULL);
}

/* The file section ------------------------------------------------------------ */

static const char rc_text[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"rc\", \"elements\": ["
  "{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\"},"
  "{\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\"},"
  "{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"},"
  "{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\"}],"
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"},"
  "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"},"
  "{\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\"}]%s}";

static BgModel *
load_rc_with (const char *exercise,
              GError    **error)
{
  g_autofree char *text = g_strdup_printf (rc_text, exercise);

  return bg_file_load_from_data (text, -1, error);
}

static void
test_file_load_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model =
    load_rc_with (", \"exercise\": {\"strokes\": {\"b3\": \"from\", \"b1\": \"to\"}}", &error);
  g_autoptr(BgModel) again = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (bg_model_find_bond (model, "b1")->exercise, ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_model_find_bond (model, "b2")->exercise, ==, BG_STROKE_NONE);
  g_assert_cmpint (bg_model_find_bond (model, "b3")->exercise, ==, BG_STROKE_AT_FROM);
  g_assert_false (bg_model_can_undo (model));

  first = save_bytes (model);
  g_assert_nonnull (strstr (first, "  \"exercise\": {\"strokes\": {\"b1\": \"to\", \"b3\": \"from\"}}"));
  again = bg_file_load_from_data (first, -1, &error);
  g_assert_no_error (error);
  second = save_bytes (again);
  g_assert_cmpstr (first, ==, second);
}

static void
test_file_no_section (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = load_rc_with ("", &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  g_assert_false (bg_model_has_exercise (model));
  text = save_bytes (model);
  g_assert_null (strstr (text, "exercise"));
  /* An empty section loads and is not written back. */
  g_clear_object (&model);
  model = load_rc_with (", \"exercise\": {\"strokes\": {}}", &error);
  g_assert_no_error (error);
  g_free (text);
  text = save_bytes (model);
  g_assert_null (strstr (text, "exercise"));
}

static void
test_file_refusals (void)
{
  const struct { const char *section; const char *message; } cases[] = {
    { ", \"exercise\": {\"strokes\": {\"b9\": \"to\"}}",
      "exercise.strokes.b9: no bond \"b9\"" },
    { ", \"exercise\": {\"strokes\": {\"U\": \"to\"}}",
      "exercise.strokes.U: no bond \"U\"" },
    { ", \"exercise\": {\"strokes\": {\"b2\": \"up\"}}",
      "exercise.strokes.b2: must be \"to\" or \"from\"" },
    { ", \"exercise\": {\"strokes\": {\"b2\": 1}}",
      "exercise.strokes.b2: must be \"to\" or \"from\"" },
    { ", \"exercise\": {\"strokes\": [\"b2\"]}",
      "exercise.strokes: must be an object" },
    { ", \"exercise\": true",
      "exercise: must be an object" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) model = load_rc_with (cases[i].section, &error);

      g_assert_null (model);
      g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_stroke_undo (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autofree char *before = save_bytes (model);
  g_autofree char *placed = NULL;
  g_autofree char *undone = NULL;
  g_autoptr(GError) error = NULL;
  guint64 revision = bg_model_get_revision (model);

  place (model, "b1=to");
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision + 1);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Place a stroke on b1 at J");
  /* Placing the same stroke again is no step. */
  place (model, "b1=to");
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision + 1);
  placed = save_bytes (model);
  g_assert_cmpstr (placed, !=, before);
  g_assert_true (bg_model_undo (model));
  undone = save_bytes (model);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (bg_model_redo (model));
  g_assert_cmpint (bg_model_find_bond (model, "b1")->exercise, ==, BG_STROKE_AT_TO);

  place (model, "b1=none");
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Remove the stroke from b1");
  g_assert_cmpint (bg_model_find_bond (model, "b1")->exercise, ==, BG_STROKE_NONE);

  g_assert_false (bg_model_set_exercise_stroke (model, "b7", BG_STROKE_AT_TO, &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "no bond “b7”");
}

/* Flipping a bond's direction keeps the student's stroke at its element. */
static void
test_stroke_follows_flip (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");

  place (model, "b3=from");
  g_assert_true (bg_model_flip_bond_direction (model, "b3", NULL));
  g_assert_cmpstr (bg_model_find_bond (model, "b3")->to->id, ==, "J");
  g_assert_cmpint (bg_model_find_bond (model, "b3")->exercise, ==, BG_STROKE_AT_TO);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpint (bg_model_find_bond (model, "b3")->exercise, ==, BG_STROKE_AT_FROM);
}

/* Grading ---------------------------------------------------------------------- */

static void
test_grade_correct (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgGrade) grade = NULL;

  place (model, "b1=to b2=to b3=from");
  grade = bg_grade_exercise (model);
  g_assert_true (bg_grade_is_ok (grade));
  g_assert_true (bg_grade_has_solution (grade));
  g_assert_cmpuint (bg_grade_count (grade, BG_VERDICT_OK), ==, 3);
  g_assert_cmpstr (bg_grade_lookup (grade, "b2")->message, ==,
                   "Correct: the stroke on b2 fits the rules of J and R1.");
}

/* Every example: the analyzer's own strokes are graded correct. */
static void
test_grade_examples (void)
{
  const char *names[] = {
    "rc-circuit.bgmod", "rlc-circuit.bgmod", "parallel-rc-current-step.bgmod",
    "mass-spring-damper.bgmod", "lever.bgmod", "gear-pair.bgmod",
    "hydraulic-rc.bgmod", "hydraulic-bench.bgmod",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(BgModel) model = bg_test_load_example (names[i]);
      g_autoptr(BgGrade) grade = NULL;

      place_analyzer_strokes (model);
      grade = bg_grade_exercise (model);
      if (!bg_grade_is_ok (grade))
        g_error ("%s: the analyzer's strokes are not graded correct", names[i]);
    }
}

static void
test_grade_missing (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgGrade) grade = NULL;
  g_autoptr(BgGrade) none = NULL;

  none = bg_grade_exercise (model);
  g_assert_false (bg_grade_is_ok (none));
  g_assert_cmpuint (bg_grade_count (none, BG_VERDICT_MISSING), ==, 3);

  place (model, "b1=to b3=from");
  grade = bg_grade_exercise (model);
  g_assert_false (bg_grade_is_ok (grade));
  assert_verdict (grade, "b1", BG_VERDICT_OK);
  assert_verdict (grade, "b2", BG_VERDICT_MISSING);
  assert_verdict (grade, "b3", BG_VERDICT_OK);
  g_assert_cmpstr (bg_grade_lookup (grade, "b2")->message, ==, "No stroke placed on b2 yet.");
  g_assert_cmpint (bg_grade_lookup (grade, "b2")->expected, ==, BG_STROKE_AT_TO);
}

static void
test_grade_wrong (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgGrade) grade = NULL;
  g_autoptr(BgGrade) derivative = NULL;
  g_autoptr(BgGrade) source = NULL;

  /* All three strokes at J: the 1-junction gets no flow. */
  place (model, "b1=to b2=from b3=from");
  grade = bg_grade_exercise (model);
  g_assert_false (bg_grade_is_ok (grade));
  assert_verdict (grade, "b1", BG_VERDICT_OK);
  assert_verdict (grade, "b2", BG_VERDICT_WRONG);
  assert_verdict (grade, "b3", BG_VERDICT_OK);
  g_assert_cmpstr (bg_grade_lookup (grade, "b2")->message, ==,
                   "1-junction J has no bond that gives it flow — a 1-junction takes its flow from exactly one.");

  /* C1 in derivative causality, where an all-integral assignment exists. */
  place (model, "b2=from b3=to");
  derivative = bg_grade_exercise (model);
  assert_verdict (derivative, "b3", BG_VERDICT_WRONG);
  assert_verdict (derivative, "b2", BG_VERDICT_OK);
  g_assert_cmpstr (bg_grade_lookup (derivative, "b3")->message, ==,
                   "C C1 is now in derivative causality: it integrates flow and gives effort, so the stroke on b3 belongs at J, away from it.");

  /* The source's stroke at the source. */
  place (model, "b1=from b2=to b3=from");
  source = bg_grade_exercise (model);
  assert_verdict (source, "b1", BG_VERDICT_WRONG);
  assert_verdict (source, "b2", BG_VERDICT_OK);
  g_assert_cmpstr (bg_grade_lookup (source, "b1")->message, ==,
                   "Se U sets the effort: the stroke on b1 belongs at J, away from the source.");
}

/* Two bonds give a 0-junction effort: only the one that differs from the
 * nearest valid assignment is blamed, with the rule and both bonds named. */
static void
test_grade_blames_nearest (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 0:J1 R:R1 R:R2",
                                    "U>J1 J1>R1 J1>R2");
  g_autoptr(BgGrade) grade = NULL;

  place (model, "b1=to b2=from b3=to");
  grade = bg_grade_exercise (model);
  assert_verdict (grade, "b1", BG_VERDICT_OK);
  assert_verdict (grade, "b2", BG_VERDICT_WRONG);
  assert_verdict (grade, "b3", BG_VERDICT_OK);
  g_assert_cmpstr (bg_grade_lookup (grade, "b2")->message, ==,
                   "0-junction J1 has two bonds that give it effort: b1 and b2 — a 0-junction takes its effort from exactly one.");
  g_assert_cmpint (bg_grade_lookup (grade, "b2")->expected, ==, BG_STROKE_AT_TO);
}

/* A correct set with the capacitor's stroke flipped: the capacitor's own
 * rule is the sentence ("now in derivative causality"), not the
 * 1-junction's count that the same stroke also breaks. */
static void
test_grade_flipped_storage (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgGrade) right = NULL;
  g_autoptr(BgGrade) flipped = NULL;

  /* U>J b1, J>R1 b2, J>C1 b3 */
  place (model, "b1=to b2=to b3=from");
  right = bg_grade_exercise (model);
  g_assert_true (bg_grade_is_ok (right));

  place (model, "b3=to");
  flipped = bg_grade_exercise (model);
  assert_verdict (flipped, "b1", BG_VERDICT_OK);
  assert_verdict (flipped, "b2", BG_VERDICT_OK);
  assert_verdict (flipped, "b3", BG_VERDICT_WRONG);
  g_assert_cmpstr (bg_grade_lookup (flipped, "b3")->message, ==,
                   "C C1 is now in derivative causality: it integrates flow and gives effort, so the stroke on b3 belongs at J, away from it.");
}

/* A junction's count names only the strokes placed: a bond without one
 * gives the junction nothing yet. */
static void
test_grade_counts_placed_strokes (void)
{
  g_autoptr(BgModel) model = build ("translational", "Se:F 1:J I:M R:D1 R:D2",
                                    "F>J J>M J>D1 J>D2");
  g_autoptr(BgGrade) grade = NULL;

  /* M and D1 both give J its flow; b4 (D2) has no stroke */
  place (model, "b1=to b2=to b3=to");
  grade = bg_grade_exercise (model);
  assert_verdict (grade, "b3", BG_VERDICT_WRONG);
  assert_verdict (grade, "b4", BG_VERDICT_MISSING);
  g_assert_cmpstr (bg_grade_lookup (grade, "b3")->message, ==,
                   "1-junction J has two bonds that give it flow: b2 and b3 — a 1-junction takes its flow from exactly one.");
}

/* A free R choice: both valid assignments are correct, whichever the
 * analyzer picks. */
static void
test_grade_alternative (void)
{
  g_autoptr(BgModel) sf = build ("electrical", "Sf:I0 0:J R:R1 R:R2", "I0>J J>R1 J>R2");
  g_autoptr(BgModel) se = build ("translational", "Se:F 1:J R:D1 R:D2", "F>J J>D1 J>D2");
  /* Sf gives the 0-junction flow; exactly one R gives it effort. */
  const char *sf_sets[] = { "b1=from b2=from b3=to", "b1=from b2=to b3=from" };
  /* Se gives the 1-junction effort; exactly one R gives it flow. */
  const char *se_sets[] = { "b1=to b2=to b3=from", "b1=to b2=from b3=to" };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(BgGrade) a = NULL;
      g_autoptr(BgGrade) b = NULL;

      place (sf, sf_sets[i]);
      a = bg_grade_exercise (sf);
      g_assert_true (bg_grade_is_ok (a));
      place (se, se_sets[i]);
      b = bg_grade_exercise (se);
      g_assert_true (bg_grade_is_ok (b));
    }

  /* Both Rs giving flow to the 1-junction: one of them is wrong. */
  {
    g_autoptr(BgGrade) g = NULL;

    place (se, "b1=to b2=from b3=from");
    g = bg_grade_exercise (se);
    g_assert_false (bg_grade_is_ok (g));
    g_assert_cmpuint (bg_grade_count (g, BG_VERDICT_WRONG), ==, 1);
    g_assert_cmpuint (bg_grade_count (g, BG_VERDICT_OK), ==, 2);
  }
}

/* Strokes that break no rule yet but leave no valid way to go on. */
static void
test_grade_dead_end (void)
{
  /* Se → 1 → 0 ← C: C sets the 0's effort, so the bond between the
   * junctions must give the 0 none. */
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J1 R:R1 0:J0 C:C1 R:R2",
                                    "U>J1 J1>R1 J1>J0 J0>C1 J0>R2");
  g_autoptr(BgGrade) grade = NULL;

  place (model, "b3=to");
  grade = bg_grade_exercise (model);
  assert_verdict (grade, "b3", BG_VERDICT_WRONG);
  g_assert_cmpstr (bg_grade_lookup (grade, "b3")->message, ==,
                   "With the strokes placed so far, the stroke on b3 leaves no valid way to place the others: it belongs at J1.");
  assert_verdict (grade, "b1", BG_VERDICT_MISSING);
}

/* Two capacitors on one 0-junction: no all-integral assignment exists, so
 * one capacitor in derivative causality is accepted; the other patterns
 * still hold. */
static void
test_grade_conflict_model (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autoptr(BgGrade) grade = NULL;
  g_autoptr(BgGrade) bad = NULL;

  /* U>J_R, J_R>R1, J_R>J_C, J_C>C1, J_C>C2 */
  place (model, "b1=to b2=to b3=from b4=from b5=to");
  grade = bg_grade_exercise (model);
  g_assert_true (bg_grade_has_solution (grade));
  g_assert_true (bg_grade_is_ok (grade));

  place (model, "b5=from");
  bad = bg_grade_exercise (model);
  assert_verdict (bad, "b5", BG_VERDICT_WRONG);
  g_assert_nonnull (strstr (bg_grade_lookup (bad, "b5")->message, "0-junction J_C has"));
}

/* A real conflict (two sources on one 0-junction) has no correct answer. */
static void
test_grade_no_solution (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U1 0:J Se:U2 R:R1", "U1>J U2>J J>R1");
  g_autoptr(BgGrade) grade = NULL;

  place (model, "b1=to b2=to b3=to");
  grade = bg_grade_exercise (model);
  g_assert_false (bg_grade_has_solution (grade));
  g_assert_false (bg_grade_is_ok (grade));
  assert_verdict (grade, "b1", BG_VERDICT_WRONG);
  assert_verdict (grade, "b2", BG_VERDICT_WRONG);
  assert_verdict (grade, "b3", BG_VERDICT_OK);
}

static void
test_grade_json (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgGrade) grade = NULL;
  g_autofree char *json = NULL;

  place (model, "b1=to b2=from");
  grade = bg_grade_exercise (model);
  json = bg_grade_to_json (grade, "class/anna.bgmod");
  g_assert_null (strchr (json, '\n'));
  g_assert_true (g_str_has_prefix (json, "{\"file\":\"class/anna.bgmod\",\"ok\":false,\"bonds\":[{\"id\":\"b1\",\"verdict\":\"ok\""));
  g_assert_nonnull (strstr (json, "{\"id\":\"b3\",\"verdict\":\"missing\",\"message\":\"No stroke placed on b3 yet.\"}"));
}

/* Remedies ------------------------------------------------------------------- */

/* Every remedy of the model's first conflict resolves it (re-analysis ok,
 * the model simulates' precondition), is one undo step, and undo restores
 * the saved bytes exactly. Returns the texts, joined by "\n". */
static char *
check_remedies (BgModel *model,
                guint    expected)
{
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GPtrArray) remedies = NULL;
  g_autofree char *before = save_bytes (model);
  GString *texts = g_string_new (NULL);
  int conflict = bg_remedy_first_conflict (c);

  g_assert_cmpint (conflict, >=, 0);
  remedies = bg_remedy_list (model, c, (guint) conflict);
  g_assert_cmpuint (remedies->len, ==, expected);
  for (guint k = 0; k < remedies->len; k++)
    {
      const BgRemedy *r = g_ptr_array_index (remedies, k);
      g_autoptr(GError) error = NULL;
      g_autoptr(BgCausality) after = NULL;
      g_autofree char *undone = NULL;
      guint64 revision = bg_model_get_revision (model);

      g_string_append_printf (texts, "%s%s", k > 0 ? "\n" : "", bg_remedy_get_text (r));
      g_assert_true (bg_remedy_apply (r, model, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bg_model_get_revision (model), ==, revision + 1);
      g_assert_cmpstr (bg_model_get_undo_label (model), ==, bg_remedy_get_text (r));
      after = bg_causality_analyze (model);
      if (!bg_causality_is_ok (after))
        g_error ("remedy “%s” leaves: %s", bg_remedy_get_text (r),
                 ((BgDiagnostic *) bg_causality_get_errors (after)->pdata[0])->message);
      g_assert_true (bg_model_undo (model));
      undone = save_bytes (model);
      g_assert_cmpstr (undone, ==, before);
      g_assert_false (bg_model_can_undo (model));
    }
  return g_string_free (texts, FALSE);
}

static void
test_remedy_two_capacitors (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autofree char *texts = check_remedies (model, 2);

  g_assert_cmpstr (texts, ==,
                   "Add a resistance R2 = 100 Ω in series with C2, between it and J_C (on a new 1-junction)\n"
                   "Add a resistance R2 = 100 Ω in series with C1, between it and J_C (on a new 1-junction)");
}

static void
test_remedy_accumulator (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-accumulator-on-chamber.bgmod");
  g_autofree char *texts = check_remedies (model, 2);

  g_assert_true (g_str_has_prefix (texts, "Add a resistance R1 = 1e9 Pa·s/m³ in series with ACC, between it and J_A"));
}

/* The inserted elements are visible, with library defaults, and the model
 * simulates afterwards (its plan compiles). */
static void
test_remedy_layout (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GPtrArray) remedies = bg_remedy_list (model, c, 0);
  BgElement *r2, *j, *c2;
  double c2_x = bg_model_find_element (model, "C2")->x;

  g_assert_true (bg_remedy_apply (remedies->pdata[0], model, NULL));
  r2 = bg_model_find_element (model, "R2");
  c2 = bg_model_find_element (model, "C2");
  g_assert_nonnull (r2);
  g_assert_cmpfloat (r2->params[0].number, ==, 100);
  g_assert_cmpfloat (c2->x, >, c2_x);
  j = bg_model_find_element (model, "J1_1");
  if (j == NULL)
    {
      GPtrArray *els = bg_model_get_elements (model);

      j = els->pdata[els->len - 1];
    }
  g_assert_cmpint (bg_test_kind (j->spec), ==, BG_TEST_KIND_JUNCTION_1);
  /* The junction sits between J_C and C2, the R off the bond's line. */
  g_assert_cmpfloat (j->x, >, bg_model_find_element (model, "J_C")->x);
  g_assert_cmpfloat (j->x, <, c2->x);
  g_assert_cmpfloat (fabs (r2->y - j->y) + fabs (r2->x - j->x), >, 40);
}

static void
test_remedy_two_inertias (void)
{
  g_autoptr(BgModel) model = build ("translational", "Se:F 1:J I:M1 I:M2",
                                    "F>J J>M1 J>M2");
  g_autofree char *texts = NULL;

  g_assert_true (bg_model_set_param_number (model, "M1", "value", 2, NULL));
  g_assert_true (bg_model_set_param_number (model, "M2", "value", 3, NULL));
  bg_model_clear_history (model);
  texts = check_remedies (model, 4);
  g_assert_nonnull (strstr (texts, "Merge M2 into M1: one inertia M1 = 5 kg, with the summed momentum"));
  g_assert_nonnull (strstr (texts, "Add a compliance C1 = 0.01 m/N between M2 and J (on a new 0-junction)"));

  /* The merged inertia carries both masses. */
  {
    g_autoptr(BgCausality) c = bg_causality_analyze (model);
    g_autoptr(GPtrArray) remedies = bg_remedy_list (model, c, 0);

    for (guint k = 0; k < remedies->len; k++)
      if (g_str_has_prefix (bg_remedy_get_text (remedies->pdata[k]), "Merge"))
        {
          g_assert_true (bg_remedy_apply (remedies->pdata[k], model, NULL));
          g_assert_null (bg_model_find_element (model, "M2"));
          g_assert_cmpfloat (bg_model_find_element (model, "M1")->params[0].number, ==, 5);
          break;
        }
  }
}

static void
test_remedy_se_on_c (void)
{
  g_autoptr(BgModel) direct = build ("electrical", "Se:U C:C1", "U>C1");
  g_autoptr(BgModel) junction = build ("electrical", "Se:U 0:J C:C1 R:R1", "U>J J>C1 J>R1");
  g_autofree char *t1 = check_remedies (direct, 1);
  g_autofree char *t2 = check_remedies (junction, 2);

  g_assert_cmpstr (t1, ==, "Add a resistance R1 = 100 Ω in series with C1, between it and U (on a new 1-junction)");
  g_assert_nonnull (strstr (t2, "in series with C1"));
}

static void
test_remedy_two_se (void)
{
  g_autoptr(BgModel) model = build ("hydraulic", "Se:P1 0:J Se:P2 R:R1", "P1>J P2>J J>R1");
  g_autofree char *texts = check_remedies (model, 2);

  g_assert_nonnull (strstr (texts, "in series with P2"));
  g_assert_nonnull (strstr (texts, "in series with P1"));
}

static void
test_remedy_sf_on_i (void)
{
  g_autoptr(BgModel) direct = build ("electrical", "Sf:I0 I:L1", "I0>L1");
  g_autoptr(BgModel) junction = build ("rotational", "Sf:W 1:J I:J1 R:B1", "W>J J>J1 J>B1");
  g_autofree char *t1 = check_remedies (direct, 1);
  g_autofree char *t2 = check_remedies (junction, 2);

  g_assert_nonnull (strstr (t1, "Add a resistance R1 = 100 Ω in parallel with L1, between it and I0 (on a new 0-junction)"));
  g_assert_true (g_str_has_prefix (t2, "Add a resistance R1 = 0.1 N·m·s/rad in parallel with J1, between it and J"));
  g_assert_nonnull (strstr (t2, "in parallel with W"));
}

/* No remedies for a model without a conflict, or for structure errors. */
static void
test_remedy_none (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgModel) open_port = build ("electrical", "Se:U 1:J R:R1", "U>J");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(BgCausality) c2 = bg_causality_analyze (open_port);
  g_autoptr(GPtrArray) none = bg_remedy_list (model, c, 0);
  g_autoptr(GPtrArray) structural = bg_remedy_list (open_port, c2, 0);

  g_assert_cmpint (bg_remedy_first_conflict (c), ==, -1);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_cmpuint (structural->len, ==, 0);
}

/* A remedy made for an older model refuses with a reason and changes nothing. */
static void
test_remedy_stale (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GPtrArray) remedies = bg_remedy_list (model, c, 0);
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "C2" };
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_assert_true (bg_model_remove_elements (model, ids, 1, NULL));
  before = save_bytes (model);
  g_assert_false (bg_remedy_apply (remedies->pdata[0], model, &error));
  g_assert_error (error, BG_REMEDY_ERROR, BG_REMEDY_ERROR_STALE);
  g_assert_cmpstr (error->message, ==, "The model has changed: C2 is no longer bonded by b5");
  after = save_bytes (model);
  g_assert_cmpstr (after, ==, before);
}

static void
test_remedy_json (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *json = bg_remedy_analysis_to_json (model, c);

  g_assert_nonnull (strstr (json, "\"remedies\" : [\n"));
  g_assert_nonnull (strstr (json, "\"text\" : \"Add a resistance R2 = 100 Ω in series with C2"));
}

int
main (int    argc,
      char **argv)
{
  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/exercise/file-load-save", test_file_load_save);
  g_test_add_func ("/core/exercise/file-no-section", test_file_no_section);
  g_test_add_func ("/core/exercise/file-refusals", test_file_refusals);
  g_test_add_func ("/core/exercise/stroke-undo", test_stroke_undo);
  g_test_add_func ("/core/exercise/stroke-follows-flip", test_stroke_follows_flip);
  g_test_add_func ("/core/exercise/grade-correct", test_grade_correct);
  g_test_add_func ("/core/exercise/grade-examples", test_grade_examples);
  g_test_add_func ("/core/exercise/grade-missing", test_grade_missing);
  g_test_add_func ("/core/exercise/grade-wrong", test_grade_wrong);
  g_test_add_func ("/core/exercise/grade-blames-nearest", test_grade_blames_nearest);
  g_test_add_func ("/core/exercise/grade-flipped-storage", test_grade_flipped_storage);
  g_test_add_func ("/core/exercise/grade-counts-placed-strokes", test_grade_counts_placed_strokes);
  g_test_add_func ("/core/exercise/grade-alternative", test_grade_alternative);
  g_test_add_func ("/core/exercise/grade-dead-end", test_grade_dead_end);
  g_test_add_func ("/core/exercise/grade-conflict-model", test_grade_conflict_model);
  g_test_add_func ("/core/exercise/grade-no-solution", test_grade_no_solution);
  g_test_add_func ("/core/exercise/grade-json", test_grade_json);
  g_test_add_func ("/core/remedy/two-capacitors", test_remedy_two_capacitors);
  g_test_add_func ("/core/remedy/accumulator", test_remedy_accumulator);
  g_test_add_func ("/core/remedy/layout", test_remedy_layout);
  g_test_add_func ("/core/remedy/two-inertias", test_remedy_two_inertias);
  g_test_add_func ("/core/remedy/se-on-c", test_remedy_se_on_c);
  g_test_add_func ("/core/remedy/two-se", test_remedy_two_se);
  g_test_add_func ("/core/remedy/sf-on-i", test_remedy_sf_on_i);
  g_test_add_func ("/core/remedy/none", test_remedy_none);
  g_test_add_func ("/core/remedy/stale", test_remedy_stale);
  g_test_add_func ("/core/remedy/json", test_remedy_json);

  return g_test_run ();
}
