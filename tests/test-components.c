/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components.c — components in the model file: loading, saving,
 * refusals, and what flattening makes of them.
 *
 * Owns: the round trip of every model in tests/data/components (byte
 * stable), each refusal of docs/file-format.md's Components section with
 * its message (the JSON path or the cycle named, nothing half-loaded),
 * the analysis errors for half-connected ports, the flat graph's ids and
 * parameter values, and the map back through ports. Must not: compare
 * runs with flat files (tests/check-components.py does).
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "bg-file.h"
#include "bg-causality.h"
#include "bg-definition.h"
#include "bg-model-flatten.h"

#define HEAD "{\"format\": \"bgmod\", \"version\": 1, "

/* A hydraulic tank with ports IN and OUT, as a "components" member. */
#define TANK \
  "\"Tank\": {\"elements\": [" \
  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"}," \
  "{\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\"}," \
  "{\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\"}," \
  "{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e-8}}," \
  "{\"id\": \"J2\", \"type\": \"1\", \"domain\": \"hydraulic\"}," \
  "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e9}}]," \
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"}," \
  "{\"id\": \"b3\", \"from\": \"J\", \"to\": \"J2\"}, {\"id\": \"b4\", \"from\": \"J2\", \"to\": \"R\"}," \
  "{\"id\": \"b5\", \"from\": \"J2\", \"to\": \"OUT\"}]}"

static BgModel *
load (const char *text,
      GError    **error)
{
  return bg_file_load_from_data (text, -1, error);
}

static void
assert_refused (const char *text,
                const char *message_part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = load (text, &error);

  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  if (strstr (error->message, message_part) == NULL)
    g_error ("expected “%s” in “%s”", message_part, error->message);
}

static void
test_round_trip (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "components", NULL);
  g_autoptr(GDir) d = NULL;
  const char *name;
  guint n = 0;

  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) first = NULL;
      g_autoptr(BgModel) second = NULL;
      g_autofree char *once = NULL;
      g_autofree char *twice = NULL;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      first = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      g_assert_true (bg_model_has_components (first));
      once = bg_file_to_data (first, NULL);
      second = load (once, &error);
      g_assert_no_error (error);
      twice = bg_file_to_data (second, NULL);
      g_assert_cmpstr (once, ==, twice);
      n++;
    }
  g_assert_cmpuint (n, >=, 6);
}

static void
test_refusals (void)
{
  /* unknown definition */
  assert_refused (HEAD "\"components\": {" TANK "}, \"elements\": [{\"id\": \"T\", \"type\": \"Tnak\"}]}",
                  "elements[0].type: unknown type \"Tnak\"");
  /* a definition that uses itself, through another */
  assert_refused (HEAD "\"components\": {"
                  "\"A\": {\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}, {\"id\": \"X\", \"type\": \"B\"}]},"
                  "\"B\": {\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}, {\"id\": \"Y\", \"type\": \"A\"}]}},"
                  "\"elements\": [{\"id\": \"U\", \"type\": \"A\"}]}",
                  "components.A → components.B → components.A: a component cannot contain itself");
  /* directly */
  assert_refused (HEAD "\"components\": {"
                  "\"A\": {\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}, {\"id\": \"X\", \"type\": \"A\"}]}},"
                  "\"elements\": []}",
                  "components.A → components.A");
  /* an unknown INNER.PARAM */
  assert_refused (HEAD "\"components\": {" TANK "}, \"elements\": [{\"id\": \"T\", \"type\": \"Tank\", \"params\": {\"K.value\": 1}}]}",
                  "elements[0].params");
  /* a parameter the definition shows first that is not inside */
  assert_refused (HEAD "\"components\": {\"Tank\": {\"parameters\": [\"C.size\"], \"elements\": ["
                  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
                  "{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\"}],"
                  "\"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"C\"}]}}, \"elements\": []}",
                  "components.Tank.parameters[0]: no parameter \"C.size\" inside");
  /* duplicate port names */
  assert_refused (HEAD "\"components\": {\"Two\": {\"elements\": ["
                  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
                  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"}]}}, \"elements\": []}",
                  "components.Two.elements[1].id: duplicate id \"IN\"");
  /* a Port outside a definition */
  assert_refused (HEAD "\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"hydraulic\"}]}",
                  "elements[0].type: a Port belongs inside a component definition");
  /* domains that differ across a port */
  assert_refused (HEAD "\"components\": {" TANK "}, \"elements\": ["
                  "{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\"}, {\"id\": \"T\", \"type\": \"Tank\"}],"
                  "\"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"T.IN\"}]}",
                  "bonds[0]");
  /* a component name that is a library type, or not an id */
  assert_refused (HEAD "\"components\": {\"R\": {\"elements\": []}}, \"elements\": []}",
                  "components.R: \"R\" is a library type");
  assert_refused (HEAD "\"components\": {\"9lives\": {\"elements\": []}}, \"elements\": []}",
                  "is not a valid component name");
  /* a definition without ports */
  assert_refused (HEAD "\"components\": {\"Lone\": {\"elements\": [{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\"}]}},"
                  "\"elements\": []}",
                  "components.Lone: a component needs at least one Port element");
  /* an instance names no domain */
  assert_refused (HEAD "\"components\": {" TANK "}, \"elements\": [{\"id\": \"T\", \"type\": \"Tank\", \"domain\": \"hydraulic\"}]}",
                  "elements[0].domain: an instance of Tank takes its domains");
}

/* 17 levels: D0 inside D1 inside ... D16. */
static void
test_depth_limit (void)
{
  g_autoptr(GString) text = g_string_new (HEAD "\"components\": {");
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;

  for (int i = 0; i <= 16; i++)
    {
      g_string_append_printf (text, "%s\"D%d\": {\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}",
                              i > 0 ? "," : "", i);
      if (i > 0)
        g_string_append_printf (text, ", {\"id\": \"X\", \"type\": \"D%d\"}], \"bonds\": [{\"id\": \"b\", \"from\": \"P\", \"to\": \"X.P\"}]}", i - 1);
      else
        g_string_append (text, ", {\"id\": \"R\", \"type\": \"R\", \"domain\": \"electrical\"}], \"bonds\": [{\"id\": \"b\", \"from\": \"P\", \"to\": \"R\"}]}");
    }
  g_string_append (text, "}, \"elements\": [{\"id\": \"TOP\", \"type\": \"D16\"}]}");
  model = load (text->str, &error);
  g_assert_null (model);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "16"));
  g_assert_nonnull (strstr (error->message, "components.D"));
}

static void
test_count_limits (void)
{
  g_autoptr(GString) text = g_string_new (HEAD "\"components\": {");
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;

  for (int i = 0; i < 1001; i++)
    g_string_append_printf (text, "%s\"K%d\": {\"elements\": [{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}]}",
                            i > 0 ? "," : "", i);
  g_string_append (text, "}, \"elements\": []}");
  model = load (text->str, &error);
  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "components: more than 1000 definitions"));
}

/* 101 instances of 1 000 elements are past the 100 000-element limit. */
static void
test_flat_size_limit (void)
{
  g_autoptr(GString) text = g_string_new (HEAD "\"components\": {\"Big\": {\"elements\": ["
                                          "{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}");
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;

  for (int i = 0; i < 1000; i++)
    g_string_append_printf (text, ", {\"id\": \"R%d\", \"type\": \"R\", \"domain\": \"electrical\"}", i);
  g_string_append (text, "]}}, \"elements\": [");
  for (int i = 0; i < 101; i++)
    g_string_append_printf (text, "%s{\"id\": \"B%d\", \"type\": \"Big\"}", i > 0 ? "," : "", i);
  g_string_append (text, "]}");
  model = load (text->str, &error);
  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "101000 elements; at most 100000"));
}

static const char two_tanks[] =
  HEAD "\"components\": {" TANK "}, \"elements\": ["
  "{\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e-4}},"
  "{\"id\": \"T1\", \"type\": \"Tank\"}, {\"id\": \"T2\", \"type\": \"Tank\", \"params\": {\"C.value\": 2e-8}},"
  "{\"id\": \"E\", \"type\": \"Se\", \"domain\": \"hydraulic\"}],"
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"T1.IN\"}, {\"id\": \"b2\", \"from\": \"T1.OUT\", \"to\": \"T2.IN\"},"
  "{\"id\": \"b3\", \"from\": \"T2.OUT\", \"to\": \"E\"}],"
  "\"exercise\": {\"strokes\": {\"T2.b2\": \"from\", \"b1\": \"from\"}}}";

static void
test_flatten (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = load (two_tanks, &error);
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  BgElement *c1, *c2;
  BgBond *b1, *b2;
  gboolean same;

  g_assert_no_error (error);
  flat = bg_model_flatten (model, &map, &error);
  g_assert_no_error (error);
  g_assert_false (bg_model_has_components (flat));
  /* Instances in place, inner ids under their path. */
  g_assert_cmpuint (bg_model_get_elements (flat)->len, ==, 2 + 2 * 4);
  g_assert_cmpstr (((BgElement *) g_ptr_array_index (bg_model_get_elements (flat), 1))->id, ==, "T1.J");
  c1 = bg_model_find_element (flat, "T1.C");
  c2 = bg_model_find_element (flat, "T2.C");
  g_assert_cmpfloat (c1->params[0].number, ==, 1e-8);
  g_assert_cmpfloat (c2->params[0].number, ==, 2e-8);
  /* A bond through a port keeps the outer id and runs the outer way. */
  g_assert_null (bg_model_find_bond (flat, "T1.b1"));
  b1 = bg_model_find_bond (flat, "b1");
  g_assert_cmpstr (b1->from->id, ==, "Q");
  g_assert_cmpstr (b1->to->id, ==, "T1.J");
  b2 = bg_model_find_bond (flat, "b2");
  g_assert_cmpstr (b2->from->id, ==, "T1.J2");
  g_assert_cmpstr (b2->to->id, ==, "T2.J");
  /* ... and takes the place of its part inside: the first of T1's bonds. */
  g_assert_true (g_ptr_array_index (bg_model_get_bonds (flat), 0) == b1);
  g_assert_cmpstr (bg_flat_map_bond (map, "T1.b1", &same), ==, "b1");
  g_assert_true (same);
  g_assert_cmpstr (bg_flat_map_bond (map, "T1.b5", &same), ==, "b2");
  g_assert_true (same);
  g_assert_cmpstr (bg_flat_map_bond (map, "T2.b1", NULL), ==, "b2");
  g_assert_cmpstr (bg_flat_map_bond (map, "T2.b3", NULL), ==, "T2.b3");
  /* Exercise strokes by path. */
  g_assert_cmpint (bg_model_find_bond (flat, "T2.b2")->exercise, ==, BG_STROKE_AT_FROM);
  g_assert_cmpint (b1->exercise, ==, BG_STROKE_AT_FROM);
}

/* Ports connected on one side only are analysis errors naming the path;
 * the top level's projection names the instance. */
static void
test_half_connected_ports (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = load (HEAD "\"components\": {" TANK "}, \"elements\": ["
                                   "{\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\"},"
                                   "{\"id\": \"T1\", \"type\": \"Tank\"}],"
                                   "\"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"T1.IN\"}]}", &error);
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) flat_c = NULL;
  g_autoptr(BgCausality) top = NULL;
  const GPtrArray *errors;
  gboolean named = FALSE;

  g_assert_no_error (error);
  flat = bg_model_flatten (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bg_model_find_element (flat, "T1.OUT"));
  flat_c = bg_causality_analyze (flat);
  errors = bg_causality_get_errors (flat_c);
  for (guint i = 0; i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);

      if (g_str_equal (d->code, "unconnected-port") && g_str_has_prefix (d->message, "T1.OUT: "))
        named = TRUE;
    }
  g_assert_true (named);
  top = bg_causality_analyze (model);
  g_assert_false (bg_causality_is_ok (top));
  g_assert_true (bg_causality_element_has_error (top, "T1"));
  g_assert_cmpuint (bg_causality_get_n_bonds (top), ==, 1);
}

/* The top level's strokes are the flat graph's for the same bonds. */
static void
test_projection (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = load (two_tanks, &error);
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);
  g_autoptr(BgCausality) flat_c = bg_causality_analyze (flat);
  g_autoptr(BgCausality) top = bg_causality_analyze (model);

  g_assert_true (bg_causality_is_ok (top));
  for (const char *const *id = (const char *const[]) { "b1", "b2", "b3", NULL }; *id != NULL; id++)
    g_assert_cmpint (bg_causality_lookup_stroke (top, *id), ==, bg_causality_lookup_stroke (flat_c, *id));
  g_assert_cmpuint (bg_causality_get_states (top)->len, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/components/round-trip", test_round_trip);
  g_test_add_func ("/core/components/refusals", test_refusals);
  g_test_add_func ("/core/components/depth-limit", test_depth_limit);
  g_test_add_func ("/core/components/count-limits", test_count_limits);
  g_test_add_func ("/core/components/flat-size-limit", test_flat_size_limit);
  g_test_add_func ("/core/components/flatten", test_flatten);
  g_test_add_func ("/core/components/half-connected-ports", test_half_connected_ports);
  g_test_add_func ("/core/components/projection", test_projection);
  return g_test_run ();
}
