/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components-edit.c — making, exploding and editing components as
 * undoable model edits.
 *
 * Owns: tests of bg-model-components.c and of the definition edits in
 * bg-model-definitions.c: Make Component and Explode on every example
 * keep the run bit for bit and the strokes, and undo/redo give back the
 * files byte for byte; the refusals with their messages; an edited body
 * reaching every instance (defaults follow, what an instance set stays,
 * bonds to a removed port go), through nested definitions too; a
 * component made inside a definition's body. Must not: test loading and
 * flattening themselves (test-file.c, test-causality.c).
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "bg-file.h"
#include "bg-definition.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"
#include "bg-test-sim.h"

/* Helpers ------------------------------------------------------------------ */

static char *
text_of (BgModel *model)
{
  return bg_file_to_data (model, NULL);
}

static BgModel *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_from_data (text, -1, &error);

  g_assert_no_error (error);
  return model;
}

static const char two_tanks[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Two tanks\","
  " \"components\": {\"Tank\": {\"label\": \"Tank with outlet\","
  "  \"elements\": ["
  "   {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},"
  "   {\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 300, \"y\": 0},"
  "   {\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 0},"
  "   {\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 100, \"params\": {\"value\": 1e-8}},"
  "   {\"id\": \"J2\", \"type\": \"1\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 0},"
  "   {\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 100, \"params\": {\"value\": 1e9}}],"
  "  \"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"},"
  "   {\"id\": \"b3\", \"from\": \"J\", \"to\": \"J2\"}, {\"id\": \"b4\", \"from\": \"J2\", \"to\": \"R\"},"
  "   {\"id\": \"b5\", \"from\": \"J2\", \"to\": \"OUT\"}],"
  "  \"parameters\": [\"C.value\", \"R.value\"]}},"
  " \"elements\": ["
  "  {\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 100, \"params\": {\"value\": 1e-4}},"
  "  {\"id\": \"T1\", \"type\": \"Tank\", \"x\": 200, \"y\": 100},"
  "  {\"id\": \"T2\", \"type\": \"Tank\", \"x\": 500, \"y\": 100, \"params\": {\"C.value\": 2e-8}},"
  "  {\"id\": \"E\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"x\": 700, \"y\": 100, \"params\": {\"value\": 0}}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"T1.IN\"}, {\"id\": \"b2\", \"from\": \"T1.OUT\", \"to\": \"T2.IN\"},"
  "  {\"id\": \"b3\", \"from\": \"T2.OUT\", \"to\": \"E\"}],"
  " \"simulation\": {\"t_end\": 20, \"output_step\": 0.1}}";

/* The flat graph of model analysed; NULL strokes are a test failure. */
static BgCausality *
flat_analysis (BgModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);

  g_assert_no_error (error);
  return bg_causality_analyze (flat);
}

/* Runs the flat graph of model, or FALSE when its analysis has errors. */
static gboolean
run_flat (BgModel   *model,
          BgTestSim *sim)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);
  g_autoptr(BgCausality) causality = NULL;

  g_assert_no_error (error);
  causality = bg_causality_analyze (flat);
  if (!bg_causality_is_ok (causality))
    return FALSE;
  bg_test_simulate (flat, sim);
  return TRUE;
}

/* A variable or bond of the original under its new name: "C1.q" →
 * "Sub1.C1.q" when C1 went into the component ("Sub1_C1.q" exploded);
 * the first part of a path names what moved ("T1.b2.e"). */
static char *
renamed (GHashTable *moved,
         const char *sep,
         const char *name)
{
  const char *dot = strchr (name, '.');
  g_autofree char *id = dot != NULL ? g_strndup (name, (gsize) (dot - name)) : g_strdup (name);
  const char *instance = g_hash_table_lookup (moved, id);

  if (instance == NULL)
    return g_strdup (name);
  return g_strconcat (instance, sep, name, NULL);
}

/* Every variable of a, under its new name in b, bit for bit. */
static void
assert_same_run (BgTestSim  *a,
                 BgTestSim  *b,
                 GHashTable *moved,
                 const char *sep)
{
  guint n_vars = bg_result_get_n_vars (a->result);
  gsize n_rows = bg_result_get_n_rows (a->result);

  g_assert_cmpuint (bg_result_get_n_vars (b->result), ==, n_vars);
  g_assert_cmpuint (bg_result_get_n_rows (b->result), ==, n_rows);
  for (guint v = 0; v < n_vars; v++)
    {
      const char *name = bg_result_get_var_name (a->result, v);
      g_autofree char *other = renamed (moved, sep, name);
      int w = bg_result_lookup (b->result, other);

      if (w < 0)
        g_error ("%s (was %s) is not in the second run", other, name);
      for (gsize r = 0; r < n_rows; r++)
        {
          double x = bg_result_get_value (a->result, v, r);
          double y = bg_result_get_value (b->result, (guint) w, r);

          if (memcmp (&x, &y, sizeof x) != 0)
            g_error ("%s row %" G_GSIZE_FORMAT ": %.17g, then %s: %.17g", name, r, x, other, y);
        }
    }
}

/* The largest (or smallest) window of the first elements (at least two,
 * not all of them) that is
 * connected and bonded to the rest, whose bonds come first in the bond
 * list, those inside before those across: made into a component and
 * exploded again, the flat graph keeps its order (bg-model-flatten.h). */
static GStrv
choose_window (BgModel *model,
               gboolean largest)
{
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);

  for (guint step = 0; step + 2 < elements->len; step++)
    {
      guint j = largest ? elements->len - 1 - step : 2 + step;
      g_autoptr(GHashTable) set = g_hash_table_new (NULL, NULL);
      g_autoptr(GHashTable) reached = g_hash_table_new (NULL, NULL);
      gboolean ordered = TRUE, grew = TRUE;
      guint crossing = 0, stage = 0; /* 0 inside, 1 across, 2 the rest */

      for (guint i = 0; i < j; i++)
        g_hash_table_add (set, elements->pdata[i]);
      for (guint i = 0; i < bonds->len; i++)
        {
          BgBond *b = bonds->pdata[i];
          guint here = g_hash_table_contains (set, b->from) + g_hash_table_contains (set, b->to);

          here = 2 - here; /* 0 inside, 1 across, 2 outside */
          ordered = ordered && here >= stage;
          stage = MAX (stage, here);
          crossing += here == 1;
        }
      /* connected through the bonds inside */
      g_hash_table_add (reached, elements->pdata[0]);
      while (grew)
        {
          grew = FALSE;
          for (guint i = 0; i < bonds->len; i++)
            {
              BgBond *b = bonds->pdata[i];

              if (!g_hash_table_contains (set, b->from) || !g_hash_table_contains (set, b->to))
                continue;
              if (g_hash_table_contains (reached, b->from) != g_hash_table_contains (reached, b->to))
                {
                  g_hash_table_add (reached, b->from);
                  g_hash_table_add (reached, b->to);
                  grew = TRUE;
                }
            }
        }
      if (ordered && crossing > 0 && g_hash_table_size (reached) == j)
        {
          GStrv ids = g_new0 (char *, j + 1);

          for (guint i = 0; i < j; i++)
            ids[i] = g_strdup (((BgElement *) elements->pdata[i])->id);
          return ids;
        }
    }
  return NULL;
}

/* Make Component and Explode on every example -------------------------- */

static void
assert_strokes_renamed (BgCausality *before,
                        BgModel     *original,
                        BgCausality *after,
                        GHashTable  *moved,
                        const char  *sep)
{
  GPtrArray *bonds = bg_model_get_bonds (original);

  g_assert_cmpuint (bg_causality_get_errors (before)->len, ==,
                    bg_causality_get_errors (after)->len);
  g_assert_cmpuint (bg_causality_get_states (before)->len, ==,
                    bg_causality_get_states (after)->len);
  for (guint i = 0; i < bonds->len; i++)
    {
      const char *id = ((BgBond *) bonds->pdata[i])->id;
      g_autofree char *other = renamed (moved, sep, id);

      g_assert_cmpint (bg_causality_lookup_stroke (before, id), ==,
                       bg_causality_lookup_stroke (after, other));
    }
  for (guint i = 0; i < bg_causality_get_states (before)->len; i++)
    {
      g_autofree char *other = renamed (moved, sep,
                                        g_ptr_array_index (bg_causality_get_states (before), i));

      g_assert_cmpstr (other, ==, g_ptr_array_index (bg_causality_get_states (after), i));
    }
}

static void
round_trip (const char *name,
            gboolean    largest)
{
  g_autoptr(BgModel) model = bg_test_load_example (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) moved = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(BgCausality) a0 = NULL, a1 = NULL, a2 = NULL;
  g_autofree char *original = text_of (model);
  g_autofree char *made_text = NULL, *exploded_text = NULL;
  g_autofree char *instance = NULL;
  g_auto(GStrv) ids = choose_window (model, largest);
  BgTestSim s0 = { 0 }, s1 = { 0 }, s2 = { 0 };
  gboolean runs;
  BgElement *el;

  g_assert_nonnull (ids);
  g_test_message ("%s: a component of %u of %u elements", name, g_strv_length (ids),
                  bg_model_get_elements (model)->len);
  for (guint i = 0; ids[i] != NULL; i++)
    g_hash_table_insert (moved, g_strdup (ids[i]), NULL);
  a0 = flat_analysis (model);
  runs = run_flat (model, &s0);

  el = bg_model_make_component (model, (const char *const *) ids, "Part", &error);
  g_assert_no_error (error);
  g_assert_nonnull (el);
  instance = g_strdup (el->id);
  g_assert_cmpstr (instance, ==, "Part1");
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Make Component Part");
  /* the bonds inside moved with their elements */
  {
    const BgDefinition *def = bg_model_find_definition (model, "Part");
    GPtrArray *inner = bg_model_get_bonds (def->body);
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, moved);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_hash_table_iter_replace (&iter, g_strdup (instance));
    for (guint i = 0; i < inner->len; i++)
      {
        BgBond *b = inner->pdata[i];

        if (g_strcmp0 (b->from->spec->type, "Port") != 0 && g_strcmp0 (b->to->spec->type, "Port") != 0)
          g_hash_table_insert (moved, g_strdup (b->id), g_strdup (instance));
      }
  }
  made_text = text_of (model);
  a1 = flat_analysis (model);
  assert_strokes_renamed (a0, model, a1, moved, ".");
  g_assert_cmpint (runs, ==, run_flat (model, &s1));
  if (runs)
    assert_same_run (&s0, &s1, moved, ".");

  g_assert_true (bg_model_explode_instance (model, instance, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Explode Part1");
  /* nothing uses the definition now: it went too */
  g_assert_null (bg_model_find_definition (model, "Part"));
  exploded_text = text_of (model);
  a2 = flat_analysis (model);
  /* With no components left the model is its own flat graph. */
  if (!bg_model_has_components (model))
    {
      g_autoptr(BgCausality) again = bg_causality_analyze (model);

      g_assert_cmpuint (bg_causality_get_n_bonds (again), ==, bg_causality_get_n_bonds (a2));
    }
  if (runs)
    {
      g_assert_true (run_flat (model, &s2));
      assert_same_run (&s0, &s2, moved, "_");
    }
  {
    /* exploded ids are "Part1_C1" */
    GHashTableIter iter;
    gpointer key, value;
    g_autoptr(BgModel) again = NULL;
    g_autoptr(GHashTable) exploded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

    g_hash_table_iter_init (&iter, moved);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_hash_table_insert (exploded, g_strdup (key), g_strdup (value));
    again = bg_test_load_example (name);
    assert_strokes_renamed (a0, again, a2, exploded, "_");
  }

  /* undo and redo, each the same file */
  g_assert_true (bg_model_undo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, made_text);
  }
  g_assert_true (bg_model_undo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
  g_assert_true (bg_model_redo (model));
  g_assert_true (bg_model_redo (model));
  {
    g_autofree char *text = text_of (model);
    g_autoptr(BgModel) loaded = load_text (made_text);
    g_autofree char *reloaded = text_of (loaded);

    g_assert_cmpstr (text, ==, exploded_text);
    /* the made file loads and saves as it was written */
    g_assert_cmpstr (reloaded, ==, made_text);
  }
  bg_test_sim_clear (&s0);
  bg_test_sim_clear (&s1);
  bg_test_sim_clear (&s2);
}

static void
round_trip_large (gconstpointer data)
{
  round_trip (data, TRUE);
}

static void
round_trip_small (gconstpointer data)
{
  round_trip (data, FALSE);
}

/* Refusals --------------------------------------------------------------- */

static void
assert_refused (BgModel           *model,
                const char *const *ids,
                const char        *name,
                const char        *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = text_of (model);
  g_autofree char *after = NULL;

  g_assert_null (bg_model_make_component (model, ids, name, &error));
  g_assert_error (error, BG_MODEL_ERROR, error->code);
  g_assert_cmpstr (error->message, ==, message);
  after = text_of (model);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (bg_model_can_undo (model));
}

static void
test_refusals (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgModel) tanks = load_text (two_tanks);
  g_autoptr(BgModel) body = NULL;
  g_autoptr(GError) error = NULL;
  const char *some[] = { "J", "R1", NULL };
  const char *all[] = { "U", "J", "R1", "C1", NULL };
  const char *bonds_only[] = { "b1", NULL };
  const char *ghost[] = { "R9", NULL };
  const char *with_port[] = { "IN", "J", NULL };

  assert_refused (model, some, "2pipe",
                  "“2pipe” is not a valid component name: use letters, digits and _, "
                  "not starting with a digit, at most 64 characters");
  assert_refused (model, some, "a.b",
                  "“a.b” is not a valid component name: use letters, digits and _, "
                  "not starting with a digit, at most 64 characters");
  assert_refused (model, some, "GY", "“GY” is a library type; give the component another name");
  assert_refused (model, bonds_only, "Pipe", "Select the elements the component is made of");
  assert_refused (model, NULL, "Pipe", "Select the elements the component is made of");
  assert_refused (model, ghost, "Pipe", "no element “R9”");
  assert_refused (model, all, "Pipe",
                  "The selection has no bond to the rest of the model: a component "
                  "needs at least one port");
  assert_refused (tanks, some, "Tank", "The model already has a component “Tank”");
  g_clear_object (&tanks);
  tanks = load_text (two_tanks);
  body = bg_model_dup_body (bg_model_find_definition (tanks, "Tank")->body);
  assert_refused (body, with_port, "Inlet",
                  "IN is a port of the component shown: leave it out of the new one");

  g_assert_false (bg_model_explode_instance (model, "R1", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_UNKNOWN_TYPE);
  g_assert_cmpstr (error->message, ==, "R1 is not an instance of a component");
  g_clear_error (&error);
  g_assert_false (bg_model_explode_instance (model, "X", &error));
  g_assert_cmpstr (error->message, ==, "no element “X”");
}

/* Editing a definition ---------------------------------------------------- */

static double
flat_number (BgModel    *model,
             const char *element,
             const char *param)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);
  BgElement *el;
  guint index;

  g_assert_no_error (error);
  el = bg_model_find_element (flat, element);
  g_assert_nonnull (el);
  g_assert_nonnull (bg_component_spec_find_param (el->spec, param, &index));
  return el->params[index].number;
}

static void
test_replace_follows (void)
{
  g_autoptr(BgModel) model = load_text (two_tanks);
  g_autoptr(BgModel) body = bg_model_dup_body (bg_model_find_definition (model, "Tank")->body);
  g_autoptr(GError) error = NULL;
  g_autofree char *original = text_of (model);
  g_autofree char *edited = NULL;
  const BgDefinition *def;

  g_assert_true (bg_model_is_body (body));
  g_assert_cmpuint (bg_model_count_instances (model, "Tank"), ==, 2);
  g_assert_true (bg_model_set_param_number (body, "C", "value", 3e-8, &error));
  g_assert_true (bg_model_set_param_number (body, "R", "value", 2e9, &error));
  g_assert_no_error (error);
  /* the definition itself never changes with the copy */
  g_assert_cmpfloat (flat_number (model, "T1.C", "value"), ==, 1e-8);

  g_assert_true (bg_model_replace_definition (model, "Tank", body, "Change C.value", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change C.value");
  def = bg_model_find_definition (model, "Tank");
  g_assert_cmpstr (def->label, ==, "Tank with outlet");
  g_assert_cmpstr (def->parameters[0], ==, "C.value");
  g_assert_cmpstr (def->parameters[1], ==, "R.value");
  /* T1 takes the new defaults; T2 keeps the C it set */
  g_assert_cmpfloat (flat_number (model, "T1.C", "value"), ==, 3e-8);
  g_assert_cmpfloat (flat_number (model, "T1.R", "value"), ==, 2e9);
  g_assert_cmpfloat (flat_number (model, "T2.C", "value"), ==, 2e-8);
  g_assert_cmpfloat (flat_number (model, "T2.R", "value"), ==, 2e9);
  /* the bonds to the instances are there, to the same ports */
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 3);
  {
    g_autoptr(BgCausality) causality = bg_causality_analyze (model);

    g_assert_true (bg_causality_is_ok (causality));
  }
  edited = text_of (model);
  {
    g_autoptr(BgModel) loaded = load_text (edited);
    g_autofree char *again = text_of (loaded);

    g_assert_cmpstr (again, ==, edited);
  }

  g_assert_true (bg_model_undo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
  g_assert_cmpfloat (flat_number (model, "T1.C", "value"), ==, 1e-8);
  g_assert_true (bg_model_redo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, edited);
  }
  /* a fresh id of the component's prefix after its definition changed */
  g_assert_nonnull (bg_model_add_element (model, "Tank", BG_DOMAIN_NONE, NULL, 0, 300, &error));
  g_assert_no_error (error);
  g_assert_nonnull (bg_model_find_element (model, "Tank1"));
  g_assert_cmpuint (bg_model_count_instances (model, "Tank"), ==, 3);
}

static void
test_replace_drops_port (void)
{
  g_autoptr(BgModel) model = load_text (two_tanks);
  g_autoptr(BgModel) body = bg_model_dup_body (bg_model_find_definition (model, "Tank")->body);
  g_autoptr(BgModel) empty = bg_model_new_body (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *original = text_of (model);
  const char *out[] = { "OUT", NULL };
  const char *in[] = { "IN", NULL };

  g_assert_true (bg_model_remove_elements (body, out, 1, &error));
  g_assert_true (bg_model_replace_definition (model, "Tank", body, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Edit a component");
  /* T1.OUT → T2.IN and T2.OUT → E went with the port */
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);
  g_assert_nonnull (bg_model_find_bond (model, "b1"));
  g_assert_cmpuint (bg_model_find_element (model, "T2")->spec->n_ports, ==, 1);
  g_assert_true (bg_model_undo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
  g_assert_cmpuint (bg_model_find_element (model, "T2")->spec->n_ports, ==, 2);

  /* a body without ports cannot be a component: nothing changes */
  g_assert_true (bg_model_remove_elements (body, in, 1, &error));
  g_assert_false (bg_model_replace_definition (model, "Tank", body, NULL, &error));
  g_assert_cmpstr (error->message, ==, "a component needs at least one Port element");
  g_clear_error (&error);
  g_assert_false (bg_model_replace_definition (model, "Pipe", empty, NULL, &error));
  g_assert_cmpstr (error->message, ==, "no component “Pipe”");
  g_clear_error (&error);
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
}

static void
test_nested (void)
{
  g_autoptr(BgModel) model = load_text (two_tanks);
  g_autoptr(BgModel) body = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *original = text_of (model);
  g_autofree char *nested_text = NULL;
  const char *pair[] = { "T1", "T2", NULL };
  BgTestSim s0 = { 0 }, s1 = { 0 }, s2 = { 0 };
  g_autoptr(GHashTable) moved = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  BgElement *el;

  g_assert_true (run_flat (model, &s0));
  el = bg_model_make_component (model, pair, "Pair", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (el->id, ==, "Pair1");
  g_assert_cmpuint (bg_definition_of_spec (el->spec)->depth, ==, 2);
  /* T2's own C.value reaches the instance of the new component */
  g_assert_cmpfloat (flat_number (model, "Pair1.T2.C", "value"), ==, 2e-8);
  g_hash_table_insert (moved, g_strdup ("T1"), g_strdup ("Pair1"));
  g_hash_table_insert (moved, g_strdup ("T2"), g_strdup ("Pair1"));
  g_hash_table_insert (moved, g_strdup ("b2"), g_strdup ("Pair1"));
  g_assert_true (run_flat (model, &s1));
  assert_same_run (&s0, &s1, moved, ".");
  nested_text = text_of (model);
  {
    g_autoptr(BgModel) loaded = load_text (nested_text);
    g_autofree char *again = text_of (loaded);

    g_assert_cmpstr (again, ==, nested_text);
  }

  /* an edit of Tank reaches Pair's instances through Pair */
  g_assert_cmpuint (bg_model_count_instances (model, "Tank"), ==, 2);
  body = bg_model_dup_body (bg_model_find_definition (model, "Tank")->body);
  g_assert_true (bg_model_set_param_number (body, "R", "value", 5e8, &error));
  g_assert_true (bg_model_replace_definition (model, "Tank", body, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (flat_number (model, "Pair1.T1.R", "value"), ==, 5e8);
  g_assert_cmpfloat (flat_number (model, "Pair1.T2.R", "value"), ==, 5e8);
  g_assert_cmpfloat (flat_number (model, "Pair1.T2.C", "value"), ==, 2e-8);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpfloat (flat_number (model, "Pair1.T1.R", "value"), ==, 1e9);
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, nested_text);
  }

  /* explode: the tanks come back as instances of Tank */
  g_assert_true (bg_model_explode_instance (model, "Pair1", &error));
  g_assert_no_error (error);
  el = bg_model_find_element (model, "Pair1_T2");
  g_assert_nonnull (el);
  g_assert_cmpstr (el->spec->type, ==, "Tank");
  g_assert_null (bg_model_find_definition (model, "Pair"));
  g_assert_cmpfloat (flat_number (model, "Pair1_T2.C", "value"), ==, 2e-8);
  g_hash_table_insert (moved, g_strdup ("T1"), g_strdup ("Pair1_T1"));
  g_hash_table_insert (moved, g_strdup ("T2"), g_strdup ("Pair1_T2"));
  g_assert_true (run_flat (model, &s2));
  {
    /* "T1.C.q" → "Pair1_T1.C.q": the instance's name changed, not its path */
    guint n_vars = bg_result_get_n_vars (s0.result);

    for (guint v = 0; v < n_vars; v++)
      {
        const char *name = bg_result_get_var_name (s0.result, v);
        g_autofree char *other = (g_str_has_prefix (name, "T") && name[2] == '.')
                                 || g_str_has_prefix (name, "b2.")
                                 ? g_strconcat ("Pair1_", name, NULL) : g_strdup (name);
        int w = bg_result_lookup (s2.result, other);

        g_assert_cmpint (w, >=, 0);
        for (gsize r = 0; r < bg_result_get_n_rows (s0.result); r++)
          {
            double x = bg_result_get_value (s0.result, v, r);
            double y = bg_result_get_value (s2.result, (guint) w, r);

            g_assert_true (memcmp (&x, &y, sizeof x) == 0);
          }
      }
  }
  /* explode, then make (the edit of Tank was undone before) */
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  g_assert_false (bg_model_can_undo (model));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
  bg_test_sim_clear (&s0);
  bg_test_sim_clear (&s1);
  bg_test_sim_clear (&s2);
}

/* Inside a definition's body: the new component joins the model's, the
 * body goes back as the definition's, one step for the user. */
static void
test_make_inside_body (void)
{
  g_autoptr(BgModel) model = load_text (two_tanks);
  g_autoptr(BgModel) body = bg_model_dup_body (bg_model_find_definition (model, "Tank")->body);
  g_autoptr(GError) error = NULL;
  g_autofree char *original = text_of (model);
  const char *outlet[] = { "J2", "R", NULL };
  BgTestSim s0 = { 0 }, s1 = { 0 };
  g_autoptr(GHashTable) moved = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  BgElement *el;

  g_assert_true (run_flat (model, &s0));
  bg_model_begin_group (model, "Make Component Outlet");
  el = bg_model_make_component (body, outlet, "Outlet", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (el->id, ==, "Outlet1");
  g_assert_true (bg_model_replace_definition (model, "Tank", body, NULL, &error));
  g_assert_no_error (error);
  bg_model_end_group (model);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Make Component Outlet");
  g_assert_nonnull (bg_model_find_definition (model, "Outlet"));
  g_assert_cmpuint (bg_model_count_instances (model, "Outlet"), ==, 2);
  g_assert_cmpfloat (flat_number (model, "T2.C", "value"), ==, 2e-8);
  g_assert_true (run_flat (model, &s1));
  /* inside a tank: "T1.R" is now "T1.Outlet1.R" */
  g_assert_cmpint (bg_result_lookup (s1.result, "T1.Outlet1.R.f"), >=, 0);
  {
    guint n_vars = bg_result_get_n_vars (s0.result);

    for (guint v = 0; v < n_vars; v++)
      {
        const char *name = bg_result_get_var_name (s0.result, v);
        g_autofree char *other = NULL;
        int w;

        if (g_str_has_prefix (name, "T1.R.") || g_str_has_prefix (name, "T2.R."))
          other = g_strdup_printf ("%.3sOutlet1.%s", name, name + 3);
        else if (g_str_has_prefix (name, "T1.b4.") || g_str_has_prefix (name, "T2.b4."))
          other = g_strdup_printf ("%.3sOutlet1.%s", name, name + 3);
        else
          other = g_strdup (name);
        w = bg_result_lookup (s1.result, other);
        if (w < 0)
          g_error ("%s is missing", other);
        for (gsize r = 0; r < bg_result_get_n_rows (s0.result); r++)
          {
            double x = bg_result_get_value (s0.result, v, r);
            double y = bg_result_get_value (s1.result, (guint) w, r);

            g_assert_true (memcmp (&x, &y, sizeof x) == 0);
          }
      }
  }
  g_assert_true (bg_model_undo (model));
  g_assert_null (bg_model_find_definition (model, "Outlet"));
  {
    g_autofree char *text = text_of (model);

    g_assert_cmpstr (text, ==, original);
  }
  (void) moved;
  bg_test_sim_clear (&s0);
  bg_test_sim_clear (&s1);
}

/* What the history holds outlives what the model let go. */
static void
test_history_lifetime (void)
{
  g_autoptr(BgModel) model = load_text (two_tanks);
  g_autoptr(GError) error = NULL;
  const char *t1[] = { "T1", NULL };

  for (guint round = 0; round < 3; round++)
    {
      g_autoptr(BgModel) body = bg_model_dup_body (bg_model_find_definition (model, "Tank")->body);

      g_assert_true (bg_model_set_param_number (body, "C", "value", 1e-8 * (round + 2), &error));
      g_assert_true (bg_model_replace_definition (model, "Tank", body, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  /* a new edit drops the redo steps and the definitions they held */
  g_assert_true (bg_model_remove_elements (model, t1, 1, &error));
  g_assert_no_error (error);
  g_assert_false (bg_model_can_redo (model));
  g_assert_cmpfloat (flat_number (model, "T2.C", "value"), ==, 2e-8);
  g_assert_true (bg_model_undo (model));
  g_assert_cmpfloat (flat_number (model, "T1.C", "value"), ==, 2e-8);
  bg_model_clear_history (model);
  g_assert_true (bg_model_explode_instance (model, "T1", &error));
  g_assert_no_error (error);
  g_assert_nonnull (bg_model_find_definition (model, "Tank")); /* T2 uses it */
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  const char *name;

  g_test_init (&argc, &argv, NULL);

  dir = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", NULL);
  listing = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".bgmod"))
      g_ptr_array_add (found, g_strdup (name));
  g_ptr_array_sort (found, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (found->len, >=, 10);
  for (guint i = 0; i < found->len; i++)
    {
      const char *file = g_ptr_array_index (found, i);
      g_autofree char *large = g_strdup_printf ("/core/components-edit/round-trip/large/%s", file);
      g_autofree char *small = g_strdup_printf ("/core/components-edit/round-trip/small/%s", file);

      g_test_add_data_func_full (large, g_strdup (file), round_trip_large, g_free);
      g_test_add_data_func_full (small, g_strdup (file), round_trip_small, g_free);
    }
  g_test_add_func ("/core/components-edit/refusals", test_refusals);
  g_test_add_func ("/core/components-edit/replace-follows", test_replace_follows);
  g_test_add_func ("/core/components-edit/replace-drops-port", test_replace_drops_port);
  g_test_add_func ("/core/components-edit/nested", test_nested);
  g_test_add_func ("/core/components-edit/make-inside-body", test_make_inside_body);
  g_test_add_func ("/core/components-edit/history-lifetime", test_history_lifetime);
  return g_test_run ();
}
