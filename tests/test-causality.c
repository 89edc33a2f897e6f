/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-causality.c — the causality analyzer against the causality rules of docs/architecture.md.
 *
 * Owns: tests of every component's causal patterns, the SCAP order, the
 * diagnostics (their codes, messages and ids), states, algebraic groups and
 * the JSON/summary forms. Models are built through the bg_model_* API.
 * Must not: depend on files in data/ or on the order of other tests.
 */
#include "config.h"

#include <string.h>
#include <json-glib/json-glib.h>

#include "bg-causality.h"
#include "bg-test-sim.h"
#include "bg-i18n.h"
#include "bg-model.h"

/* Helpers --------------------------------------------------------------- */

/* Builds a model from "TYPE:ID" words (ID may end in "@domain" to override
 * the default domain) and "FROM>TO" bond words; bonds are named b1, b2, ... */
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
      g_auto(GStrv) parts = NULL;
      g_auto(GStrv) id_domain = NULL;
      g_autoptr(GError) error = NULL;
      BgElement *el;

      if (*els[i] == '\0')
        continue;
      parts = g_strsplit (els[i], ":", 2);
      g_assert_nonnull (parts[1]);
      id_domain = g_strsplit (parts[1], "@", 2);
      el = bg_model_add_element (model, parts[0],
                                 bg_domain_from_id (id_domain[1] != NULL ? id_domain[1] : domain),
                                 id_domain[0], 10.0 * i, 0, &error);
      g_assert_no_error (error);
      g_assert_nonnull (el);
    }
  for (guint i = 0; bs[i] != NULL; i++)
    {
      g_auto(GStrv) ends = NULL;
      g_autofree char *id = NULL;
      g_autoptr(GError) error = NULL;

      if (*bs[i] == '\0')
        continue;
      ends = g_strsplit (bs[i], ">", 2);
      g_assert_nonnull (ends[1]);
      id = g_strdup_printf ("b%u", ++n_bonds);
      g_assert_nonnull (bg_model_connect (model, ends[0], ends[1], id, &error));
      g_assert_no_error (error);
    }
  return model;
}

/* TRUE if the causal stroke of the bond is at the element's end. */
static gboolean
stroke_at (BgModel           *model,
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

static void
assert_states (const BgCausality *c,
               const char        *expected)
{
  g_autofree char *states = join_ptr_array (bg_causality_get_states (c));

  g_assert_cmpstr (states, ==, expected);
}

static const BgDiagnostic *
get_error (const BgCausality *c,
           guint              i)
{
  const GPtrArray *errors = bg_causality_get_errors (c);

  g_assert_cmpuint (errors->len, >, i);
  return g_ptr_array_index (errors, i);
}

static void
assert_diagnostic (const BgDiagnostic *d,
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

static void
assert_group (const BgCausality *c,
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

/* Every row of the handbook's table holds on a conflict-free result. */
static void
assert_table_holds (BgModel           *model,
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
          n_at += stroke_at (model, c, bond->id, el->id);
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

static BgCausality *
analyze_ok (BgModel *model)
{
  BgCausality *c = bg_causality_analyze (model);

  assert_table_holds (model, c);
  return c;
}

/* Empty and malformed models -------------------------------------------- */

static void
test_empty_model (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "empty-model",
                     "The model is empty; add elements from the palette.", "", "");
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  g_assert_cmpstr (summary, ==, "The model is empty; add elements from the palette.");
  g_assert_cmpuint (bg_causality_get_n_bonds (c), ==, 0);
}

static void
test_unconnected_ports (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U 1:J R:R1 C:C1 R:R3", "U>J J>R1 J>C1");
  g_autoptr(BgModel) cyl =
    build ("hydraulic", "Se:P CylinderDA:CYL MechanicalLoad:LOAD", "P>CYL.A CYL.M>LOAD");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(BgCausality) c2 = bg_causality_analyze (cyl);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  assert_diagnostic (get_error (c, 0), "unconnected-port",
                     "R3 has no bond on its port.", "R3", "");
  g_assert_true (bg_causality_element_has_error (c, "R3"));
  g_assert_false (bg_causality_element_has_error (c, "R1"));
  /* The rest of the model is still analysed. */
  g_assert_true (stroke_at (model, c, "b3", "J"));
  assert_states (c, "C1.q");

  g_assert_false (bg_causality_is_ok (c2));
  g_assert_cmpuint (bg_causality_get_errors (c2)->len, ==, 1);
  assert_diagnostic (get_error (c2, 0), "unconnected-port",
                     "CYL has no bond on port B.", "CYL", "");
}

static void
test_junction_degree (void)
{
  g_autoptr(BgModel) one = build ("electrical", "Se:U 0:J", "U>J");
  g_autoptr(BgModel) none = build ("hydraulic", "Se:U 1:K R:R1 1:J", "U>K K>R1");
  g_autoptr(BgCausality) c1 = bg_causality_analyze (one);
  g_autoptr(BgCausality) c2 = bg_causality_analyze (none);

  g_assert_false (bg_causality_is_ok (c1));
  g_assert_cmpuint (bg_causality_get_errors (c1)->len, ==, 1);
  assert_diagnostic (get_error (c1, 0), "junction-degree",
                     "0-junction J has only one bond; a junction needs at least two.",
                     "J", "");

  g_assert_false (bg_causality_is_ok (c2));
  g_assert_cmpuint (bg_causality_get_errors (c2)->len, ==, 1);
  assert_diagnostic (get_error (c2, 0), "junction-degree",
                     "1-junction J has no bonds; a junction needs at least two.",
                     "J", "");
}

static void
test_disconnected (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U1 1:J1 R:R1 C:C1 Se:U2 1:J2 R:R2 I:L2 R:R9 0:J9 R:R8",
           "U1>J1 J1>R1 J1>C1 U2>J2 J2>R2 J2>L2 J9>R9 J9>R8");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  const GPtrArray *warnings = bg_causality_get_warnings (c);

  /* Each part is analysed: RC, RL, and an R-only pair that needs a choice. */
  assert_table_holds (model, c);
  assert_states (c, "C1.q L2.p");
  g_assert_cmpuint (warnings->len, ==, 1);
  assert_diagnostic (g_ptr_array_index (warnings, 0), "disconnected",
                     "The model has 3 separate parts (U1, J1, R1, C1; U2, J2, R2, L2; R9, J9, R8); "
                     "each part is analysed on its own.",
                     "U2 J2 R2 L2 R9 J9 R8", "");
}

/* Sources and storages -------------------------------------------------- */

static void
test_se_stroke_away (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U R:R1", "U>R1");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_true (stroke_at (model, c, "b1", "R1"));
  g_assert_cmpint (bg_causality_get_stroke (c, 0), ==, BG_STROKE_AT_TO);
  g_assert_true (bg_causality_end_receives_effort (c, 0, TRUE));
  g_assert_false (bg_causality_end_receives_effort (c, 0, FALSE));
  assert_states (c, "");
}

static void
test_sf_stroke_at (void)
{
  g_autoptr(BgModel) model = build ("translational", "Sf:V R:D1", "V>D1");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_true (stroke_at (model, c, "b1", "V"));
  g_assert_cmpint (bg_causality_lookup_stroke (c, "b1"), ==, BG_STROKE_AT_FROM);
  g_assert_cmpint (bg_causality_lookup_stroke (c, "nope"), ==, BG_STROKE_NONE);
}

static void
test_rc_integral (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J R:R1 C:C1", "U>J J>R1 J>C1");
  g_autoptr(BgCausality) c = analyze_ok (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_true (stroke_at (model, c, "b1", "J"));
  g_assert_true (stroke_at (model, c, "b2", "R1"));
  g_assert_true (stroke_at (model, c, "b3", "J"));   /* away from C */
  assert_states (c, "C1.q");
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
  g_assert_cmpstr (summary, ==, "Causality OK · 1 state");
}

static void
test_rl_integral (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J R:R1 I:L1", "U>J J>R1 L1>J");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_true (stroke_at (model, c, "b3", "L1"));   /* at I */
  g_assert_true (stroke_at (model, c, "b2", "J"));    /* R gets the flow */
  assert_states (c, "L1.p");
}

/* 0: exactly one stroke at 0; 1: exactly one bond without a stroke at 1. */
static void
test_junction_rows (void)
{
  g_autoptr(BgModel) zero = build ("electrical", "Se:U 0:J R:R1 R:R2", "U>J J>R1 R2>J");
  g_autoptr(BgModel) one = build ("electrical", "Sf:S 1:J R:R1 R:R2", "S>J J>R1 R2>J");
  g_autoptr(BgCausality) c0 = analyze_ok (zero);
  g_autoptr(BgCausality) c1 = analyze_ok (one);

  g_assert_true (stroke_at (zero, c0, "b1", "J"));
  g_assert_true (stroke_at (zero, c0, "b2", "R1"));
  g_assert_true (stroke_at (zero, c0, "b3", "R2"));

  g_assert_true (stroke_at (one, c1, "b1", "S"));
  g_assert_true (stroke_at (one, c1, "b2", "J"));
  g_assert_true (stroke_at (one, c1, "b3", "J"));
}

/* C, I, accumulator and load all take their integral form when free. */
static void
test_integral_preference (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U 1:J R:R1 I:L1 0:K C:C1 R:R2", "U>J J>R1 J>L1 J>K K>C1 K>R2");
  g_autoptr(BgModel) hyd =
    build ("hydraulic", "Sf:Q 0:J GasAccumulator:ACC R:R1", "Q>J J>ACC J>R1");
  g_autoptr(BgModel) mech =
    build ("translational", "Se:F 1:J MechanicalLoad:LOAD R:D1", "F>J J>LOAD J>D1");
  g_autoptr(BgCausality) c = analyze_ok (model);
  g_autoptr(BgCausality) ch = analyze_ok (hyd);
  g_autoptr(BgCausality) cm = analyze_ok (mech);
  g_autofree char *summary = bg_causality_dup_summary (c);

  assert_states (c, "L1.p C1.q");
  g_assert_cmpstr (summary, ==, "Causality OK · 2 states");
  g_assert_true (stroke_at (hyd, ch, "b2", "J"));
  assert_states (ch, "ACC.V_f");
  g_assert_true (stroke_at (mech, cm, "b2", "LOAD"));
  assert_states (cm, "LOAD.p LOAD.s");
}

static void
test_derivative_c (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 0:J C:C1 R:R1", "U>J J>C1 J>R1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  assert_diagnostic (get_error (c, 0), "derivative-causality",
                     "C1 is forced into derivative causality by U (U → b1 → J → b2); "
                     "storages must integrate.",
                     "C1 U J", "b1 b2");
  g_assert_cmpstr (summary, ==, get_error (c, 0)->message);
  g_assert_true (bg_causality_element_has_error (c, "C1"));
  g_assert_true (bg_causality_bond_has_error (c, "b2"));
  g_assert_false (bg_causality_bond_has_error (c, "b3"));
  assert_states (c, "");
}

static void
test_derivative_i (void)
{
  g_autoptr(BgModel) model = build ("translational", "Sf:V I:M1", "V>M1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "derivative-causality",
                     "M1 is forced into derivative causality by V (V → b1); storages must integrate.",
                     "M1 V", "b1");
}

/* A long chain is shortened in the message but listed in full. */
static void
test_derivative_long_chain (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = NULL;
  const BgDiagnostic *d;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, NULL));
  for (guint i = 1; i <= 10; i++)
    {
      g_autofree char *id = g_strdup_printf ("J%u", i);
      g_autofree char *prev = i == 1 ? g_strdup ("U") : g_strdup_printf ("J%u", i - 1);
      g_autofree char *r = g_strdup_printf ("R%u", i);

      g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
      g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, r, 0, 0, NULL));
      g_assert_nonnull (bg_model_connect (model, prev, id, NULL, NULL));
      g_assert_nonnull (bg_model_connect (model, id, r, NULL, NULL));
    }
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, NULL));
  g_assert_nonnull (bg_model_connect (model, "J10", "C1", "bc", NULL));

  c = bg_causality_analyze (model);
  d = get_error (c, 0);
  g_assert_cmpstr (d->code, ==, "derivative-causality");
  g_assert_true (g_str_has_prefix (d->message, "C1 is forced into derivative causality by U (U → "));
  g_assert_nonnull (strstr (d->message, " → … → "));
  g_assert_true (g_str_has_suffix (d->message, " → J10 → bc); storages must integrate."));
  /* 11 chain bonds and 12 elements (U, J1..J10, C1) are all listed. */
  g_assert_cmpuint (g_strv_length (d->bonds), ==, 11);
  g_assert_cmpuint (g_strv_length (d->elements), ==, 12);
}

/* Beyond CHAIN_MAX_HOPS the list keeps the origin and the last hops. */
static void
test_derivative_very_long_chain (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(BgCausality) c = NULL;
  const BgDiagnostic *d;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, NULL));
  for (guint i = 1; i <= 100; i++)
    {
      g_autofree char *id = g_strdup_printf ("J%u", i);
      g_autofree char *prev = i == 1 ? g_strdup ("U") : g_strdup_printf ("J%u", i - 1);
      g_autofree char *bond = g_strdup_printf ("b%u", i);

      g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
      g_assert_nonnull (bg_model_connect (model, prev, id, bond, NULL));
    }
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, NULL));
  g_assert_nonnull (bg_model_connect (model, "J100", "C1", "bc", NULL));

  c = bg_causality_analyze (model);
  d = get_error (c, 0);
  g_assert_cmpstr (d->code, ==, "derivative-causality");
  g_assert_cmpstr (d->message, ==,
                   "C1 is forced into derivative causality by U (U → … → J98 → b99 → J99 → b100 "
                   "→ J100 → bc); storages must integrate.");
  /* C1, the origin U, and the last 64 hops: 64 bonds, their 64 forcing junctions. */
  g_assert_cmpuint (g_strv_length (d->bonds), ==, 64);
  g_assert_cmpuint (g_strv_length (d->elements), ==, 66);
  g_assert_cmpstr (d->elements[0], ==, "C1");
  g_assert_cmpstr (d->elements[1], ==, "U");
  g_assert_cmpstr (d->bonds[63], ==, "bc");
}

/* Conflicts ----------------------------------------------------------------- */

/* Handbook page 002: two ideal pressure-defining storages on one 0-junction. */
static void
test_two_storages_one_node (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J GasAccumulator:ACC C:C1",
           "TANK>PUMP.T PUMP.P>J J>ACC J>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  const BgDiagnostic *d;

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  d = get_error (c, 0);
  assert_diagnostic (d, "causal-conflict",
                     "Causal conflict at 0-junction J: ACC and C1 both set its pressure "
                     "(ACC → b3, C1 → b4). Two storages that set the same pressure are "
                     "over-constrained — connect one through an explicit line resistance "
                     "if that is the intended physics.",
                     "J ACC C1", "b3 b4");
  g_assert_null (strstr (d->message, "leak"));
  /* The storage that came first keeps its integral form. */
  assert_states (c, "ACC.V_f");
}

/* The handbook's fix: the accumulator behind an explicit line resistance. */
static void
test_two_storages_with_line_resistance (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J C:C1 1:K R:RL GasAccumulator:ACC",
           "TANK>PUMP.T PUMP.P>J J>C1 J>K K>RL K>ACC");
  g_autoptr(BgCausality) c = analyze_ok (model);

  assert_states (c, "C1.q ACC.V_f");
  g_assert_true (stroke_at (model, c, "b5", "RL"));
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
}

static void
test_two_inertias_one_node (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J I:L1 I:L2", "U>J J>L1 J>L2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 1-junction J: L1 and L2 both set its current "
                     "(L1 → b2, L2 → b3). Two storages that set the same flow are "
                     "over-constrained — combine them into one, or connect one through an "
                     "explicit compliance or resistance if that is the intended physics.",
                     "J L1 L2", "b2 b3");
}

static void
test_two_se_one_zero (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U1 Se:U2 0:J R:R1", "U1>J U2>J J>R1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 0-junction J: U1 and U2 both set its voltage "
                     "(U1 → b1, U2 → b2). Two effort sources cannot set one effort — remove "
                     "one, or connect it through an explicit resistance if that is the "
                     "intended physics.",
                     "J U1 U2", "b1 b2");
  g_assert_true (bg_causality_element_has_error (c, "J"));
  g_assert_false (bg_causality_element_has_error (c, "R1"));
}

static void
test_two_sf_one_one (void)
{
  g_autoptr(BgModel) model = build ("translational", "R:D1 1:J Sf:V1 Sf:V2", "J>D1 V1>J V2>J");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  g_assert_cmpuint (bg_causality_get_errors (c)->len, ==, 1);
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 1-junction J: V1 and V2 both set its velocity "
                     "(V1 → b2, V2 → b3). Two flow sources cannot set one flow — remove "
                     "one, or connect it through an explicit compliance if that is the "
                     "intended physics.",
                     "J V1 V2", "b2 b3");
}

/* A 0-junction fed only by flow sources: nothing sets its effort. */
static void
test_zero_without_effort (void)
{
  g_autoptr(BgModel) model = build ("hydraulic", "Sf:Q1 Sf:Q2 0:J", "Q1>J Q2>J");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 0-junction J: no bond sets its pressure (Q1 → b1, Q2 → b2).",
                     "J Q1 Q2", "b1 b2");
}

static void
test_two_sources_one_bond (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U1 Se:U2", "U1>U2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict on bond b1: U1 and U2 both set its voltage. Two effort "
                     "sources cannot set one effort — remove one, or connect it through an "
                     "explicit resistance if that is the intended physics.",
                     "U1 U2", "b1");
}

/* Transformers -------------------------------------------------------------- */

static void
test_tf_chain (void)
{
  g_autoptr(BgModel) model =
    build ("translational", "Se:F TF:T1 TF:T2 1:J I:M1 R:D1",
           "F>T1.P T1.S>T2.P T2.S>J J>M1 J>D1");
  g_autoptr(BgCausality) c = analyze_ok (model);

  /* The force passes P → S through both levers. */
  g_assert_true (stroke_at (model, c, "b1", "T1"));
  g_assert_true (stroke_at (model, c, "b2", "T2"));
  g_assert_true (stroke_at (model, c, "b3", "J"));
  g_assert_true (stroke_at (model, c, "b4", "M1"));
  assert_states (c, "M1.p");
}

static void
test_tf_reverse (void)
{
  /* The mass at the primary side sets the flow, so effort goes S → P. */
  g_autoptr(BgModel) model =
    build ("rotational", "I:J1 TF:G 0:N R:B1 Se:T", "J1>G.P G.S>N N>B1 T>N");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_true (stroke_at (model, c, "b1", "J1"));
  g_assert_true (stroke_at (model, c, "b2", "G"));
  assert_states (c, "J1.p");
}

static void
test_tf_two_storages (void)
{
  g_autoptr(BgModel) model = build ("electrical", "I:L1 TF:T I:L2", "L1>T.P T.S>L2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at transformer T: L1 and L2 both set its current "
                     "(L1 → b1, L2 → b2). Two storages that set the same flow are "
                     "over-constrained — combine them into one, or connect one through an "
                     "explicit compliance or resistance if that is the intended physics.",
                     "T L1 L2", "b1 b2");
}

static void
test_tf_derivative_through (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U TF:T C:C1", "U>T.P T.S>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  assert_diagnostic (get_error (c, 0), "derivative-causality",
                     "C1 is forced into derivative causality by U (U → b1 → T → b2); "
                     "storages must integrate.",
                     "C1 U T", "b1 b2");
}

/* Cylinder ---------------------------------------------------------------------- */

static void
test_cylinder_preferred (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:PS Se:TANK CylinderDA:CYL MechanicalLoad:LOAD",
           "PS>CYL.A CYL.B>TANK CYL.M>LOAD");
  g_autoptr(BgModel) free_model =
    build ("hydraulic", "R:RA R:RB CylinderDA:CYL R:RM@translational",
           "RA>CYL.A CYL.B>RB CYL.M>RM");
  g_autoptr(BgCausality) c = analyze_ok (model);
  g_autoptr(BgCausality) cf = analyze_ok (free_model);

  g_assert_true (stroke_at (model, c, "b1", "CYL"));
  g_assert_true (stroke_at (model, c, "b2", "CYL"));
  g_assert_true (stroke_at (model, c, "b3", "LOAD"));
  assert_states (c, "CYL.x LOAD.p LOAD.s");

  /* Nothing forces it: M out, A and B in. */
  g_assert_true (stroke_at (free_model, cf, "b1", "CYL"));
  g_assert_true (stroke_at (free_model, cf, "b2", "CYL"));
  g_assert_true (stroke_at (free_model, cf, "b3", "RM"));
  assert_states (cf, "CYL.x");
  /* The pressures from RA/RB make the force that RM turns into a velocity,
   * which sets the flows RA/RB turn into pressures: one algebraic group. */
  assert_group (cf, 0, "RA RB CYL RM", "b1 b2 b3");
}

static void
test_cylinder_forced_alternative (void)
{
  /* A force source at M and a flow source at A: A supplies pressure. */
  g_autoptr(BgModel) model =
    build ("hydraulic", "Sf:QA Se:TANK CylinderDA:CYL Se:F@translational",
           "QA>CYL.A CYL.B>TANK F>CYL.M");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_true (stroke_at (model, c, "b1", "QA"));
  g_assert_true (stroke_at (model, c, "b2", "CYL"));
  g_assert_true (stroke_at (model, c, "b3", "CYL"));
}

static void
test_cylinder_conflict (void)
{
  /* Velocity imposed at M and a flow imposed at A. */
  g_autoptr(BgModel) model =
    build ("hydraulic", "Sf:QA Se:TANK CylinderDA:CYL Sf:V@translational",
           "QA>CYL.A CYL.B>TANK V>CYL.M");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at cylinder CYL: QA and V both set its flow "
                     "(QA → b1, V → b3). Two flow sources cannot set one flow — remove one, "
                     "or connect it through an explicit compliance if that is the intended "
                     "physics.",
                     "CYL QA V", "b1 b3");
}

/* Pump ------------------------------------------------------------------------------ */

static void
test_pump_fixed_and_group (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP 1:K R:RL Se:TANK2",
           "TANK>PUMP.T PUMP.P>K K>RL K>TANK2");
  g_autoptr(BgCausality) c = analyze_ok (model);
  g_autofree char *summary = bg_causality_dup_summary (c);

  g_assert_true (stroke_at (model, c, "b1", "PUMP"));
  g_assert_true (stroke_at (model, c, "b2", "PUMP"));
  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 1);
  assert_group (c, 0, "PUMP K RL", "b2 b3");
  g_assert_true (bg_causality_element_in_group (c, "PUMP"));
  g_assert_true (bg_causality_bond_in_group (c, "b3"));
  g_assert_false (bg_causality_element_in_group (c, "TANK"));
  g_assert_false (bg_causality_bond_in_group (c, "b4"));
  g_assert_cmpstr (summary, ==, "Causality OK · 0 states · 1 algebraic group");
}

static void
test_pump_never_inverted (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP 1:K Sf:Q R:R1",
           "TANK>PUMP.T PUMP.P>K Q>K K>R1");
  g_autoptr(BgModel) direct =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP Sf:Q", "TANK>PUMP.T PUMP.P>Q");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(BgCausality) cd = bg_causality_analyze (direct);

  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 1-junction K: PUMP and Q both set its volume flow "
                     "(PUMP → b2, Q → b3). A pump receives both pressures and supplies flow; "
                     "it cannot be turned into a pressure source.",
                     "K PUMP Q", "b2 b3");
  assert_diagnostic (get_error (cd, 0), "causal-conflict",
                     "Causal conflict on bond b2: PUMP and Q both set its volume flow. A pump "
                     "receives both pressures and supplies flow; it cannot be turned into a "
                     "pressure source.",
                     "PUMP Q", "b2");
}

/* Algebraic groups ---------------------------------------------------------------- */

/* Se → 1 → R0, and R1 ∥ R2 through a 0-junction, no storage. */
static void
test_r_only_loop (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U 1:J R:R0 0:N R:R1 R:R2", "U>J J>R0 J>N N>R1 N>R2");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 1);
  assert_group (c, 0, "J R0 N R1 R2", "b2 b3 b4 b5");
  assert_states (c, "");
}

/* A storage breaks the loop: no group. */
static void
test_storage_breaks_loop (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U 1:J R:R0 0:N R:R1 C:C1", "U>J J>R0 J>N N>R1 N>C1");
  g_autoptr(BgCausality) c = analyze_ok (model);

  g_assert_cmpuint (bg_causality_get_algebraic_groups (c)->len, ==, 0);
  g_assert_true (stroke_at (model, c, "b2", "R0"));
  assert_states (c, "C1.q");
}

/* A loop of junctions with resistors in two branches: valid. */
static void
test_junction_ring (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "Se:U 0:A 1:B 0:C 1:D R:RB R:RD",
           "U>A A>B B>C C>D D>A B>RB D>RD");
  g_autoptr(BgCausality) c = analyze_ok (model);

  for (guint b = 0; b < bg_causality_get_n_bonds (c); b++)
    g_assert_cmpint (bg_causality_get_stroke (c, b), !=, BG_STROKE_NONE);
  assert_group (c, 0, "B C D RB RD", "b3 b4 b6 b7");
}

/* A loop closed by junctions alone sets one effort twice. */
static void
test_zero_resistance_loop (void)
{
  g_autoptr(BgModel) model =
    build ("electrical", "0:A 1:B 0:C R:R1 R:R2", "A>B B>C C>A A>R1 C>R2");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);

  g_assert_false (bg_causality_is_ok (c));
  assert_diagnostic (get_error (c, 0), "causal-conflict",
                     "Causal conflict at 0-junction C: its voltage is set twice around a loop "
                     "with no resistance or storage in it (R1 → b4 → A → b1 → B → b2, "
                     "R1 → b4 → A → b3).",
                     "C R1 A B", "b4 b1 b2 b3");
}

/* Random electrical graphs: whatever the topology, every bond gets a
 * stroke, a result without errors obeys every row of the table, errors
 * have a known code and ids, and the analysis is deterministic. */
static void
test_random_models (void)
{
  static const char *const types[] = { "0", "1", "R", "C", "I", "Se", "Sf", "TF" };
  static const char *const codes[] = {
    "causal-conflict", "derivative-causality", "unconnected-port", "junction-degree", NULL
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261202);
  guint n_ok = 0, n_errors = 0;

  for (guint m = 0; m < 300; m++)
    {
      g_autoptr(BgModel) model = bg_model_new ();
      g_autoptr(BgCausality) c = NULL;
      g_autoptr(BgCausality) again = NULL;
      g_autofree char *json = NULL;
      g_autofree char *json_again = NULL;
      guint n_el = g_rand_int_range (rand, 2, 14);
      const GPtrArray *errors;

      for (guint i = 0; i < n_el; i++)
        {
          g_autofree char *id = g_strdup_printf ("E%u", i);
          const char *type = types[g_rand_int_range (rand, 0, G_N_ELEMENTS (types))];

          g_assert_nonnull (bg_model_add_element (model, type, BG_DOMAIN_ELECTRICAL, id, 0, 0, NULL));
        }
      for (guint k = 0; k < 2 * n_el; k++)
        {
          guint i = g_rand_int_range (rand, 0, n_el), j = g_rand_int_range (rand, 0, n_el);
          BgElement *ei, *ej;
          g_autofree char *from = NULL;
          g_autofree char *to = NULL;

          if (i == j)
            continue;
          ei = g_ptr_array_index (bg_model_get_elements (model), i);
          ej = g_ptr_array_index (bg_model_get_elements (model), j);
          from = bg_test_kind (ei->spec) == BG_TEST_KIND_TF
                 ? g_strdup_printf ("%s.%s", ei->id, g_rand_boolean (rand) ? "P" : "S")
                 : g_strdup (ei->id);
          to = bg_test_kind (ej->spec) == BG_TEST_KIND_TF
               ? g_strdup_printf ("%s.%s", ej->id, g_rand_boolean (rand) ? "P" : "S")
               : g_strdup (ej->id);
          bg_model_connect (model, from, to, NULL, NULL);  /* refusals are fine */
        }

      c = bg_causality_analyze (model);
      for (guint b = 0; b < bg_causality_get_n_bonds (c); b++)
        g_assert_cmpint (bg_causality_get_stroke (c, b), !=, BG_STROKE_NONE);
      errors = bg_causality_get_errors (c);
      if (bg_causality_is_ok (c))
        {
          assert_table_holds (model, c);
          n_ok++;
        }
      else
        n_errors++;
      for (guint e = 0; e < errors->len; e++)
        {
          const BgDiagnostic *d = g_ptr_array_index (errors, e);

          g_assert_true (g_strv_contains (codes, d->code));
          g_assert_cmpuint (strlen (d->message), >, 10);
          g_assert_cmpuint (g_strv_length (d->elements), >, 0);
          for (guint k = 0; d->elements[k] != NULL; k++)
            g_assert_nonnull (bg_model_find_element (model, d->elements[k]));
          for (guint k = 0; d->bonds[k] != NULL; k++)
            g_assert_nonnull (bg_model_find_bond (model, d->bonds[k]));
        }

      again = bg_causality_analyze (model);
      json = bg_causality_to_json (c);
      json_again = bg_causality_to_json (again);
      g_assert_cmpstr (json, ==, json_again);
    }
  /* Both outcomes occur, so both branches above were exercised. */
  g_assert_cmpuint (n_ok, >, 10);
  g_assert_cmpuint (n_errors, >, 10);
}

/* Forms ----------------------------------------------------------------------------- */

static void
test_json (void)
{
  g_autoptr(BgModel) model =
    build ("hydraulic", "Se:TANK PumpCurve:PUMP 0:J GasAccumulator:ACC C:C1 R:R9",
           "TANK>PUMP.T PUMP.P>J J>ACC J>C1");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autofree char *text = bg_causality_to_json (c);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *bond, *err;
  JsonArray *bonds, *errors;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_false (json_object_get_boolean_member (root, "ok"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "states")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "states"), 0),
                   ==, "ACC.V_f");
  bonds = json_object_get_array_member (root, "bonds");
  g_assert_cmpuint (json_array_get_length (bonds), ==, 4);
  bond = json_array_get_object_element (bonds, 0);
  g_assert_cmpstr (json_object_get_string_member (bond, "id"), ==, "b1");
  g_assert_cmpstr (json_object_get_string_member (bond, "stroke"), ==, "to");
  bond = json_array_get_object_element (bonds, 1);
  g_assert_cmpstr (json_object_get_string_member (bond, "stroke"), ==, "from");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "algebraic_groups")), ==, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "warnings")), ==, 0);
  errors = json_object_get_array_member (root, "errors");
  g_assert_cmpuint (json_array_get_length (errors), ==, 2);
  err = json_array_get_object_element (errors, 0);
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "unconnected-port");
  g_assert_cmpstr (json_object_get_string_member (err, "message"), ==, "R9 has no bond on its port.");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (err, "elements"), 0),
                   ==, "R9");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (err, "bonds")), ==, 0);
  err = json_array_get_object_element (errors, 1);
  g_assert_cmpstr (json_object_get_string_member (err, "code"), ==, "causal-conflict");
}

/* The analysis is a snapshot: it keeps its ids after the model changes. */
static void
test_snapshot (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J R:R1 C:C1", "U>J J>R1 J>C1");
  BgCausality *c = bg_causality_analyze (model);
  BgCausality *ref;
  guint64 revision = bg_model_get_revision (model);
  const char *ids[] = { "C1" };

  g_assert_cmpuint (bg_causality_get_revision (c), ==, revision);
  g_assert_true (bg_model_remove_elements (model, ids, 1, NULL));
  g_clear_object (&model);
  ref = bg_causality_ref (c);
  bg_causality_unref (c);
  g_assert_cmpint (bg_causality_lookup_stroke (ref, "b3"), ==, BG_STROKE_AT_FROM);
  assert_states (ref, "C1.q");
  bg_causality_unref (ref);
}

int
main (int    argc,
      char **argv)
{
  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/causality/empty-model", test_empty_model);
  g_test_add_func ("/core/causality/unconnected-ports", test_unconnected_ports);
  g_test_add_func ("/core/causality/junction-degree", test_junction_degree);
  g_test_add_func ("/core/causality/disconnected", test_disconnected);
  g_test_add_func ("/core/causality/se-stroke-away", test_se_stroke_away);
  g_test_add_func ("/core/causality/sf-stroke-at", test_sf_stroke_at);
  g_test_add_func ("/core/causality/rc-integral", test_rc_integral);
  g_test_add_func ("/core/causality/rl-integral", test_rl_integral);
  g_test_add_func ("/core/causality/junction-rows", test_junction_rows);
  g_test_add_func ("/core/causality/integral-preference", test_integral_preference);
  g_test_add_func ("/core/causality/derivative-c", test_derivative_c);
  g_test_add_func ("/core/causality/derivative-i", test_derivative_i);
  g_test_add_func ("/core/causality/derivative-long-chain", test_derivative_long_chain);
  g_test_add_func ("/core/causality/derivative-very-long-chain", test_derivative_very_long_chain);
  g_test_add_func ("/core/causality/two-storages-one-node", test_two_storages_one_node);
  g_test_add_func ("/core/causality/two-storages-line-resistance", test_two_storages_with_line_resistance);
  g_test_add_func ("/core/causality/two-inertias-one-node", test_two_inertias_one_node);
  g_test_add_func ("/core/causality/two-se-one-zero", test_two_se_one_zero);
  g_test_add_func ("/core/causality/two-sf-one-one", test_two_sf_one_one);
  g_test_add_func ("/core/causality/zero-without-effort", test_zero_without_effort);
  g_test_add_func ("/core/causality/two-sources-one-bond", test_two_sources_one_bond);
  g_test_add_func ("/core/causality/tf-chain", test_tf_chain);
  g_test_add_func ("/core/causality/tf-reverse", test_tf_reverse);
  g_test_add_func ("/core/causality/tf-two-storages", test_tf_two_storages);
  g_test_add_func ("/core/causality/tf-derivative-through", test_tf_derivative_through);
  g_test_add_func ("/core/causality/cylinder-preferred", test_cylinder_preferred);
  g_test_add_func ("/core/causality/cylinder-forced-alternative", test_cylinder_forced_alternative);
  g_test_add_func ("/core/causality/cylinder-conflict", test_cylinder_conflict);
  g_test_add_func ("/core/causality/pump-fixed-and-group", test_pump_fixed_and_group);
  g_test_add_func ("/core/causality/pump-never-inverted", test_pump_never_inverted);
  g_test_add_func ("/core/causality/r-only-loop", test_r_only_loop);
  g_test_add_func ("/core/causality/storage-breaks-loop", test_storage_breaks_loop);
  g_test_add_func ("/core/causality/junction-ring", test_junction_ring);
  g_test_add_func ("/core/causality/zero-resistance-loop", test_zero_resistance_loop);
  g_test_add_func ("/core/causality/random-models", test_random_models);
  g_test_add_func ("/core/causality/json", test_json);
  g_test_add_func ("/core/causality/snapshot", test_snapshot);

  return g_test_run ();
}
