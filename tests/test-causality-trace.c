/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-causality-trace.c — the SCAP trace against the analysis it explains.
 *
 * Owns: tests that the trace of every example and of small hand-made models
 * keeps its promises (phases in SCAP order, `after` naming only earlier
 * steps, every stroked bond stroked in exactly one step with the analysis's
 * stroke, one conflict step per conflict carrying its message and chain),
 * the exact sentences of a few steps, and the JSON form of `analyze --steps
 * --json`. Must not: depend on the order of other tests.
 */
#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "bg-causality-trace.h"
#include "bg-file.h"
#include "bg-model-flatten.h"
#include "bg-i18n.h"
#include "bg-model.h"
#include "bg-test-sim.h"

static gboolean
is_conflict_code (const char *code)
{
  return strcmp (code, "causal-conflict") == 0 ||
         strcmp (code, "derivative-causality") == 0;
}

/* Every promise of bg-causality-trace.h, checked on one model. */
static void
check_trace (BgModel                *model,
             const BgCausality      *c,
             const BgCausalityTrace *trace)
{
  guint n = bg_causality_trace_get_n_steps (trace);
  guint n_bonds = bg_causality_get_n_bonds (c);
  g_autofree guint *stroked = g_new0 (guint, MAX (n_bonds, 1));
  const GPtrArray *errors = bg_causality_get_errors (c);
  GPtrArray *bonds = bg_model_get_bonds (model);
  BgTracePhase last_choice = BG_TRACE_PHASE_FIXED;
  guint n_conflicts = 0, conflict_errors = 0;

  g_assert_cmpuint (bg_causality_trace_get_n_bonds (trace), ==, n_bonds);
  for (guint i = 0; i < n; i++)
    {
      const BgTraceStep *step = bg_causality_trace_get_step (trace, i);

      g_assert_cmpuint (step->index, ==, i);
      g_assert_nonnull (step->sentence);
      g_assert_cmpuint (strlen (step->sentence), >, 10);
      g_assert_nonnull (step->element);
      g_assert_nonnull (step->elements);
      g_assert_nonnull (step->bonds);
      /* `after` names only earlier steps, ascending, each once. */
      for (guint k = 0; k < step->n_after; k++)
        {
          g_assert_cmpuint (step->after[k], <, i);
          if (k > 0)
            g_assert_cmpuint (step->after[k - 1], <, step->after[k]);
        }
      /* The choosing phases come in SCAP order; propagation follows them. */
      if (step->phase != BG_TRACE_PHASE_PROPAGATION)
        {
          g_assert_cmpint (step->phase, >=, last_choice);
          last_choice = step->phase;
        }

      if (step->conflict)
        {
          const BgDiagnostic *d;

          n_conflicts++;
          g_assert_cmpint (step->stroke, ==, BG_STROKE_NONE);
          /* Conflict steps come in the order the errors were reported. */
          while (conflict_errors < errors->len &&
                 !is_conflict_code (((BgDiagnostic *) g_ptr_array_index (errors, conflict_errors))->code))
            conflict_errors++;
          g_assert_cmpuint (conflict_errors, <, errors->len);
          d = g_ptr_array_index (errors, conflict_errors++);
          g_assert_cmpstr (step->sentence, ==, d->message);
          g_assert_cmpstr (step->element, ==, d->elements[0]);
          g_assert_cmpuint (g_strv_length ((char **) step->elements), ==, g_strv_length (d->elements));
          /* The chain that led there: its strokes are earlier steps. */
          if (d->bonds[0] != NULL)
            g_assert_cmpuint (step->n_after, >, 0);
          continue;
        }

      g_assert_nonnull (step->bond);
      g_assert_cmpuint (step->bond_index, <, n_bonds);
      g_assert_cmpstr (step->bond, ==, ((BgBond *) g_ptr_array_index (bonds, step->bond_index))->id);
      g_assert_cmpint (step->stroke, !=, BG_STROKE_NONE);
      g_assert_cmpint (step->stroke, ==, bg_causality_get_stroke (c, step->bond_index));
      g_assert_cmpuint (bg_causality_trace_get_step_of_bond (trace, step->bond_index), ==, i);
      stroked[step->bond_index]++;
      /* A choice follows from nothing; a propagation from earlier strokes. */
      if (step->phase == BG_TRACE_PHASE_PROPAGATION)
        g_assert_cmpuint (step->n_after, >, 0);
      else
        g_assert_cmpuint (step->n_after, ==, 0);
      g_assert_cmpstr (step->bonds[0], ==, step->bond);
      g_assert_cmpstr (step->elements[0], ==, step->element);
      /* Stepping: not shown before its step, shown from it on. */
      if (i > 0)
        g_assert_cmpint (bg_causality_trace_get_stroke_at (trace, step->bond_index, i - 1), ==, BG_STROKE_NONE);
      g_assert_cmpint (bg_causality_trace_get_stroke_at (trace, step->bond_index, i), ==, step->stroke);
    }

  /* Every stroked bond in exactly one step; no step for a bond left open. */
  for (guint b = 0; b < n_bonds; b++)
    {
      BgStroke final = bg_causality_get_stroke (c, b);

      g_assert_cmpuint (stroked[b], ==, final != BG_STROKE_NONE ? 1 : 0);
      g_assert_cmpint (bg_causality_trace_get_stroke_at (trace, b, G_MAXUINT), ==, final);
    }
  /* One conflict step per conflict error, and no other. */
  for (guint i = conflict_errors; i < errors->len; i++)
    g_assert_false (is_conflict_code (((BgDiagnostic *) g_ptr_array_index (errors, i))->code));
  g_assert_true (bg_causality_trace_has_conflict (trace) == (n_conflicts > 0));
}

/* Traced and plain analyses agree, and the trace keeps its promises. */
static BgCausalityTrace *
analyze_checked (BgModel      *model,
                 BgCausality **out)
{
  g_autoptr(BgCausality) plain = bg_causality_analyze (model);
  g_autofree char *plain_json = bg_causality_to_json (plain);
  g_autofree char *traced_json = NULL;
  BgCausalityTrace *trace = NULL;
  BgCausality *c = bg_causality_analyze_traced (model, &trace);

  g_assert_nonnull (trace);
  traced_json = bg_causality_to_json (c);
  g_assert_cmpstr (traced_json, ==, plain_json);
  check_trace (model, c, trace);
  *out = c;
  return trace;
}

static const BgTraceStep *
step_at (const BgCausalityTrace *trace,
         guint                   n)  /* 1-based, as printed */
{
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <=, bg_causality_trace_get_n_steps (trace));
  return bg_causality_trace_get_step (trace, n - 1);
}

/* "fixed:U:b1:to" per step, for comparing a whole trace at a glance;
 * conflicts read "conflict:J_C" and after-lists follow as "<2,3". */
static char *
trace_outline (const BgCausalityTrace *trace)
{
  g_autoptr(GString) s = g_string_new (NULL);

  for (guint i = 0; i < bg_causality_trace_get_n_steps (trace); i++)
    {
      const BgTraceStep *step = bg_causality_trace_get_step (trace, i);

      if (i > 0)
        g_string_append_c (s, ' ');
      if (step->conflict)
        g_string_append_printf (s, "conflict:%s", step->element);
      else
        g_string_append_printf (s, "%s:%s:%s:%s", bg_trace_phase_to_string (step->phase),
                                step->element, step->bond,
                                step->stroke == BG_STROKE_AT_TO ? "to" : "from");
      for (guint k = 0; k < step->n_after; k++)
        g_string_append_printf (s, "%c%u", k == 0 ? '<' : ',', step->after[k] + 1);
    }
  return g_strdup (s->str);
}

/* Hand-made cases ------------------------------------------------------- */

static void
test_rc (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J R:R1 C:C1", "U>J J>R1 J>C1");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "fixed:U:b1:to storage:C1:b3:from propagation:J:b2:to<1,2");
  g_assert_cmpstr (step_at (trace, 1)->sentence, ==,
                   "Voltage source U sets the voltage, so bond b1 gets its stroke away from U, at J.");
  g_assert_cmpstr (step_at (trace, 2)->sentence, ==,
                   "Capacitor C1 integrates the current it receives and sets the voltage from its state (integral causality), so bond b3 gets its stroke away from C1, at J.");
  g_assert_cmpstr (step_at (trace, 3)->sentence, ==,
                   "No other bond on 1-junction J sets its current, so the last one, bond b2, must: its stroke goes away from J, at R1, and J takes its current from R1.");
  g_assert_false (bg_causality_trace_has_conflict (trace));

  /* A boxed type: copying takes a reference. */
  {
    BgCausalityTrace *copy = g_boxed_copy (BG_TYPE_CAUSALITY_TRACE, trace);

    g_assert_true (copy == trace);
    g_boxed_free (BG_TYPE_CAUSALITY_TRACE, copy);
  }
}

static void
test_rl_sf (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Sf:S 0:J R:R1 I:L1", "S>J J>R1 J>L1");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "fixed:S:b1:from storage:L1:b3:to propagation:J:b2:from<1,2");
  g_assert_cmpstr (step_at (trace, 1)->sentence, ==,
                   "Current source S sets the current, so bond b1 gets its stroke at S: S receives the voltage from J.");
  g_assert_cmpstr (step_at (trace, 2)->sentence, ==,
                   "Inductor L1 integrates the voltage it receives and sets the current from its state (integral causality), so bond b3 gets its stroke at L1.");
  g_assert_cmpstr (step_at (trace, 3)->sentence, ==,
                   "No other bond on 0-junction J sets its voltage, so the last one, bond b2, must: its stroke goes at J, and J takes its voltage from R1.");
}

/* One storage's stroke fans out through a junction: one step per bond, each
 * after the storage's step; a storage reached that way is told so. */
static void
test_fan_out (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("translational", "Se:F 1:J R:B I:M C:K",
                                                       "F>J J>B J>M J>K");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "fixed:F:b1:to storage:M:b3:to propagation:J:b2:from<2 propagation:J:b4:from<2");
  g_assert_cmpstr (step_at (trace, 3)->sentence, ==,
                   "1-junction J takes its velocity from M, so every other bond on J gets its stroke at J: bond b2 carries the velocity to B.");
  g_assert_cmpstr (step_at (trace, 4)->sentence, ==,
                   "1-junction J takes its velocity from M, so every other bond on J gets its stroke at J: bond b4 carries the velocity to K. That is the integral causality K needs.");
}

/* An R in the phase of its own: it takes the stroke its neighbour needs.
 * Here R2 and R3 in series on K, driven by J's voltage, make an algebraic
 * loop, and the choice's sentence says so. */
static void
test_resistor_phase (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "C:C1 0:J R:R1 1:K R:R2 R:R3",
                                                       "J>C1 J>R1 J>K K>R2 K>R3");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "storage:C1:b1:from propagation:J:b2:to<1 propagation:J:b3:to<1 "
                   "resistor:R2:b4:to propagation:K:b5:from<4");
  g_assert_cmpstr (step_at (trace, 4)->sentence, ==,
                   "Resistor R2 accepts either stroke and takes the one K needs: bond b4 gets its stroke at R2, and R2 computes the current from the voltage it receives. "
                   "With this choice a causal path closes a loop with no storage element in it: an algebraic group, whose equations are solved together (amber in the editor).");
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 1);
  g_assert_cmpstr (step_at (trace, 5)->sentence, ==,
                   "1-junction K takes its current from R2, so every other bond on K gets its stroke at K: bond b5 carries the current to R3.");
}

/* A loop of junctions that nothing forces: a chosen stroke, then
 * propagation. */
static void
test_arbitrary_phase (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("hydraulic", "0:A 1:B", "A>B B>A");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  const BgTraceStep *first = step_at (trace, 1);

  g_assert_cmpint (first->phase, ==, BG_TRACE_PHASE_ARBITRARY);
  g_assert_cmpuint (first->n_after, ==, 0);
  g_assert_nonnull (strstr (first->sentence, "Nothing has forced bond b1 yet"));
  /* the loop has no storage: the choice's sentence names the group */
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, >, 0);
  g_assert_nonnull (strstr (first->sentence, "an algebraic group, whose equations are solved together"));
  g_assert_null (strstr (step_at (trace, 2)->sentence, "algebraic group"));
  g_assert_cmpint (step_at (trace, 2)->phase, ==, BG_TRACE_PHASE_PROPAGATION);
  g_assert_cmpuint (bg_causality_trace_get_n_steps (trace), ==, 2);
}

static void
test_transformer (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("translational", "Se:F 1:J_in TF:T1 1:J_out I:M R:B",
                                                       "F>J_in J_in>T1.P T1.S>J_out J_out>M J_out>B");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "fixed:F:b1:to propagation:J_in:b2:to<1 propagation:T1:b3:to<2 "
                   "storage:M:b4:to propagation:J_out:b5:from<4");
  g_assert_cmpstr (step_at (trace, 3)->sentence, ==,
                   "Ideal translational transformer T1 receives the force at port P from J_in, so it sets the force at port S: bond b3 gets its stroke away from T1, at J_out.");
}

/* The conflict is the step where no pattern is left, after its chain. */
static void
test_two_capacitors_conflict (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J_R R:R1 0:J_C C:C1 C:C2",
                                                       "U>J_R J_R>R1 J_R>J_C J_C>C1 J_C>C2");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  guint n = bg_causality_trace_get_n_steps (trace);
  const BgTraceStep *last = step_at (trace, n);
  const BgTraceStep *forced;

  g_assert_false (bg_causality_is_ok (c));
  g_assert_true (bg_causality_trace_has_conflict (trace));
  g_assert_true (last->conflict);
  g_assert_cmpstr (last->element, ==, "J_C");
  g_assert_cmpstr (last->bond, ==, "b5");
  g_assert_nonnull (strstr (last->sentence, "C1 and C2 both set its voltage"));
  /* after: C1's integral stroke and the propagation that reached C2 */
  g_assert_cmpuint (last->n_after, ==, 2);
  g_assert_cmpstr (bg_causality_trace_get_step (trace, last->after[0])->element, ==, "C1");
  forced = bg_causality_trace_get_step (trace, last->after[1]);
  g_assert_cmpstr (forced->bond, ==, "b5");
  g_assert_cmpstr (forced->sentence, ==,
                   "0-junction J_C takes its voltage from C1, so every other bond on J_C gets its stroke away from J_C: bond b5 carries the voltage to C2. That forces C2 into derivative causality.");
  g_assert_cmpstr (last->elements[0], ==, "J_C");
}

/* Two sources on one bond: the conflict comes in the fixed phase. */
static void
test_two_sources_conflict (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U1 Se:U2", "U1>U2");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  const BgTraceStep *conflict = step_at (trace, 2);

  g_assert_cmpuint (bg_causality_trace_get_n_steps (trace), ==, 2);
  g_assert_true (conflict->conflict);
  g_assert_cmpint (conflict->phase, ==, BG_TRACE_PHASE_FIXED);
  g_assert_cmpuint (conflict->n_after, ==, 1);
  g_assert_cmpuint (conflict->after[0], ==, 0);
}

/* A capacitor across an effort source: forced into derivative causality,
 * reported in the storage phase after the chain from the source. */
static void
test_derivative_conflict (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 0:J C:C1 R:R1", "U>J J>C1 J>R1");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);
  const BgTraceStep *conflict = step_at (trace, 4);

  g_assert_cmpstr (outline, ==,
                   "fixed:U:b1:to propagation:J:b2:to<1 propagation:J:b3:to<1 conflict:C1<1,2");
  g_assert_cmpint (conflict->phase, ==, BG_TRACE_PHASE_STORAGE);
  g_assert_cmpstr (conflict->bond, ==, "b2");
  g_assert_cmpstr (conflict->sentence, ==,
                   "C1 is forced into derivative causality by U (U → b1 → J → b2); storages must integrate.");
  g_assert_cmpstr (step_at (trace, 2)->sentence, ==,
                   "0-junction J takes its voltage from U, so every other bond on J gets its stroke away from J: bond b2 carries the voltage to C1. That forces C1 into derivative causality.");
}

static void
test_empty_model (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);

  g_assert_cmpuint (bg_causality_trace_get_n_steps (trace), ==, 0);
  g_assert_false (bg_causality_trace_has_conflict (trace));
}

/* Examples --------------------------------------------------------------- */

static void
test_every_example (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(BgModel) document = NULL;
      g_autoptr(BgModel) model = NULL;
      g_autoptr(BgCausality) c = NULL;
      g_autoptr(BgCausalityTrace) trace = NULL;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      g_test_message ("%s", name);
      document = bg_test_load_example (name);
      /* the trace follows the flat graph a model with components stands for */
      model = bg_model_flatten (document, NULL, NULL);
      g_assert_nonnull (model);
      trace = analyze_checked (model, &c);
      g_assert_true (bg_causality_trace_has_conflict (trace) == !bg_causality_is_ok (c));
      g_assert_true (g_str_has_prefix (name, "conflict") == !bg_causality_is_ok (c));
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}

/* The bench, step by step as a teacher reads it. */
static void
test_bench (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *outline = trace_outline (trace);

  g_assert_cmpstr (outline, ==,
                   "fixed:TANK:b1:to fixed:PUMP:b2:from fixed:TANK_B:b16:from "
                   "storage:ACC:b5:from storage:C_A:b9:from "
                   "propagation:J_A:b8:from<5 propagation:J_A:b10:to<5 "
                   "storage:LOAD:b11:to propagation:CYL:b12:from<8 "
                   "storage:C_B:b13:from propagation:J_B:b14:to<10 "
                   "propagation:J_ret:b15:to<3,11 resistor:R_acc:b4:to "
                   "propagation:J_acc:b3:to<13 propagation:J_P:b6:from<2,14 "
                   "propagation:J_line:b7:from<15");
  g_assert_cmpstr (step_at (trace, 6)->sentence, ==,
                   "0-junction J_A takes its pressure from C_A, so every other bond on J_A gets its stroke away from J_A: bond b8 carries the pressure to J_line.");
  g_assert_cmpstr (step_at (trace, 9)->sentence, ==,
                   "Double-acting cylinder CYL receives the velocity at port M from LOAD, so it sets the volume flow at port B: bond b12 gets its stroke at CYL.");
}

/* JSON -------------------------------------------------------------------- */

static void
test_json (void)
{
  g_autoptr(BgModel) model = bg_test_build_from_words ("electrical", "Se:U 1:J_R R:R1 0:J_C C:C1 C:C2",
                                                       "U>J_R J_R>R1 J_R>J_C J_C>C1 J_C>C2");
  g_autoptr(BgCausality) c = NULL;
  g_autoptr(BgCausalityTrace) trace = analyze_checked (model, &c);
  g_autofree char *text = bg_causality_trace_to_json (trace, c);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GList) members = NULL;
  JsonObject *root, *step;
  JsonArray *steps, *after;
  guint n;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  members = json_object_get_members (root);
  g_assert_cmpstr (members->data, ==, "ok");
  g_assert_cmpstr (members->next->data, ==, "steps");
  g_assert_false (json_object_get_boolean_member (root, "ok"));
  for (const char *const *key = (const char *const[]) { "states", "bonds", "algebraic_groups",
                                                        "errors", "warnings", NULL };
       *key != NULL; key++)
    g_assert_true (json_object_has_member (root, *key));

  steps = json_object_get_array_member (root, "steps");
  n = json_array_get_length (steps);
  g_assert_cmpuint (n, ==, bg_causality_trace_get_n_steps (trace));

  step = json_array_get_object_element (steps, 0);
  g_assert_cmpint (json_object_get_int_member (step, "n"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (step, "phase"), ==, "fixed");
  g_assert_cmpstr (json_object_get_string_member (step, "element"), ==, "U");
  g_assert_cmpstr (json_object_get_string_member (step, "bond"), ==, "b1");
  g_assert_cmpstr (json_object_get_string_member (step, "stroke"), ==, "to");
  g_assert_cmpstr (json_object_get_string_member (step, "because"), ==,
                   step_at (trace, 1)->sentence);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (step, "after")), ==, 0);
  g_assert_false (json_object_has_member (step, "conflict"));

  step = json_array_get_object_element (steps, n - 1);
  g_assert_cmpint (json_object_get_int_member (step, "n"), ==, n);
  g_assert_true (json_object_get_boolean_member (step, "conflict"));
  g_assert_true (json_object_get_null_member (step, "stroke"));
  after = json_object_get_array_member (step, "after");
  g_assert_cmpuint (json_array_get_length (after), ==, 2);
  for (guint k = 0; k < json_array_get_length (after); k++)
    g_assert_cmpint (json_array_get_int_element (after, k), <, n);
}

int
main (int    argc,
      char **argv)
{
  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/causality-trace/rc", test_rc);
  g_test_add_func ("/core/causality-trace/rl-current-source", test_rl_sf);
  g_test_add_func ("/core/causality-trace/fan-out", test_fan_out);
  g_test_add_func ("/core/causality-trace/resistor-phase", test_resistor_phase);
  g_test_add_func ("/core/causality-trace/arbitrary-phase", test_arbitrary_phase);
  g_test_add_func ("/core/causality-trace/transformer", test_transformer);
  g_test_add_func ("/core/causality-trace/two-capacitors-conflict", test_two_capacitors_conflict);
  g_test_add_func ("/core/causality-trace/two-sources-conflict", test_two_sources_conflict);
  g_test_add_func ("/core/causality-trace/derivative-conflict", test_derivative_conflict);
  g_test_add_func ("/core/causality-trace/empty-model", test_empty_model);
  g_test_add_func ("/core/causality-trace/every-example", test_every_example);
  g_test_add_func ("/core/causality-trace/bench", test_bench);
  g_test_add_func ("/core/causality-trace/json", test_json);
  return g_test_run ();
}
