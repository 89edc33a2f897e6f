/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-component-library.c — tests for the user's component library
 * (core/bg-component-library.c, core/bg-file-component.c) and the
 * components BGMod installs.
 *
 * Owns: listing folders (order, hiding, files that do not load), reading
 * a component file (ports, parameters, nested definitions), writing one
 * back byte for byte, embedding into a model as one undoable step (reused
 * when identical, refused on a name clash with nothing changed), the
 * undoable insertion of a definition itself, refusals with their
 * messages, and each installed component and the example built from
 * them analysing and simulating to the numbers their physics gives. Must
 * not: touch GTK (the palette and inspector are test-component-library-ui's).
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "bg-component-library.h"
#include "bg-definition.h"
#include "bg-file.h"
#include "bg-test-model.h"
#include "bg-test-sim.h"

/* Helpers ------------------------------------------------------------------ */

static char *
installed_folder (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "components", NULL);
}

static char *
example_path (const char *base)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", base, NULL);
}

static char *
installed_path (const char *name)
{
  g_autofree char *folder = installed_folder ();
  g_autofree char *base = g_strconcat (name, ".bgmod", NULL);

  return g_build_filename (folder, base, NULL);
}

static void
write_file (const char *folder,
            const char *base,
            const char *text)
{
  g_autofree char *path = g_build_filename (folder, base, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static BgComponentEntry *
load_entry (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  BgComponentEntry *entry = bg_component_entry_new_for_file (file, &error);

  g_assert_no_error (error);
  g_assert_nonnull (entry);
  return entry;
}

static BgComponentEntry *
load_installed (const char *name)
{
  g_autofree char *path = installed_path (name);

  return load_entry (path);
}

/* A tank with an outlet, as FORMAT's example has it. */
static const char tank_text[] =
  "{\n"
  "  \"format\": \"bgmod\",\n"
  "  \"version\": 1,\n"
  "  \"name\": \"Tank with outlet\",\n"
  "  \"parameters\": [\"C.value\"],\n"
  "  \"elements\": [\n"
  "    {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},\n"
  "    {\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 0},\n"
  "    {\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 100, \"params\": {\"value\": 1e-8, \"initial\": 0}},\n"
  "    {\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 0, \"params\": {\"value\": 1e9}}\n"
  "  ],\n"
  "  \"bonds\": [\n"
  "    {\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"},\n"
  "    {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"},\n"
  "    {\"id\": \"b3\", \"from\": \"J\", \"to\": \"R\"}\n"
  "  ]\n"
  "}\n";

/* Two of those in a row: a component with a component of its own. */
static const char two_tanks_text[] =
  "{\n"
  "  \"format\": \"bgmod\",\n"
  "  \"version\": 1,\n"
  "  \"name\": \"Two tanks\",\n"
  "  \"description\": \"Two line sections, the second twice as long.\",\n"
  "  \"parameters\": [\"S2.R.value\"],\n"
  "  \"components\": {\n"
  "    \"Section\": {\n"
  "      \"label\": \"Line section\",\n"
  "      \"elements\": [\n"
  "        {\"id\": \"A\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},\n"
  "        {\"id\": \"J\", \"type\": \"1\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 0},\n"
  "        {\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"x\": 100, \"y\": 100, \"params\": {\"value\": 1e8}},\n"
  "        {\"id\": \"B\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 200, \"y\": 0}\n"
  "      ],\n"
  "      \"bonds\": [\n"
  "        {\"id\": \"b1\", \"from\": \"A\", \"to\": \"J\"},\n"
  "        {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R\"},\n"
  "        {\"id\": \"b3\", \"from\": \"J\", \"to\": \"B\"}\n"
  "      ]\n"
  "    }\n"
  "  },\n"
  "  \"elements\": [\n"
  "    {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 0},\n"
  "    {\"id\": \"S1\", \"type\": \"Section\", \"x\": 100, \"y\": 0},\n"
  "    {\"id\": \"S2\", \"type\": \"Section\", \"x\": 200, \"y\": 0, \"params\": {\"R.value\": 2e8}},\n"
  "    {\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 300, \"y\": 0}\n"
  "  ],\n"
  "  \"bonds\": [\n"
  "    {\"id\": \"b1\", \"from\": \"IN\", \"to\": \"S1.A\"},\n"
  "    {\"id\": \"b2\", \"from\": \"S1.B\", \"to\": \"S2.A\"},\n"
  "    {\"id\": \"b3\", \"from\": \"S2.B\", \"to\": \"OUT\"}\n"
  "  ]\n"
  "}\n";

/* Listing ------------------------------------------------------------------ */

static void
test_list (void)
{
  g_autofree char *root = g_dir_make_tmp ("bgmod-library-XXXXXX", NULL);
  g_autofree char *user = g_build_filename (root, "user", NULL);
  g_autofree char *shared = g_build_filename (root, "shared", NULL);
  g_autofree char *missing = g_build_filename (root, "missing", NULL);
  const char *folders[] = { user, missing, shared, NULL };
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *rc = example_path ("rc-circuit.bgmod");
  g_autofree char *rc_text = NULL;
  BgComponentEntry *tank;

  g_assert_true (g_file_get_contents (rc, &rc_text, NULL, NULL));
  write_file (user, "Tank.bgmod", tank_text);
  write_file (user, "notes.txt", "not a component");
  write_file (user, "Circuit.bgmod", rc_text);
  write_file (user, "my pipe.bgmod", tank_text);
  /* the user's Tank hides the shared one */
  write_file (shared, "Tank.bgmod", two_tanks_text);
  write_file (shared, "Pipes.bgmod", two_tanks_text);

  entries = bg_component_library_list (folders, problems);
  g_assert_cmpuint (entries->len, ==, 2);
  g_assert_cmpstr (bg_component_entry_get_name (entries->pdata[0]), ==, "Pipes");
  tank = entries->pdata[1];
  g_assert_cmpstr (bg_component_entry_get_name (tank), ==, "Tank");
  g_assert_cmpstr (bg_component_entry_get_label (tank), ==, "Tank with outlet");
  g_assert_null (bg_component_entry_get_description (tank));
  g_assert_cmpuint (bg_component_entry_get_domains (tank), ==, 1u << BG_DOMAIN_HYDRAULIC);
  g_assert_true (g_str_has_prefix (g_file_peek_path (bg_component_entry_get_file (tank)), user));
  g_assert_cmpstr (bg_component_entry_get_description (entries->pdata[0]), ==,
                   "Two line sections, the second twice as long.");

  /* one message per file that does not load, naming it, in a fixed order */
  g_assert_cmpuint (problems->len, ==, 2);
  g_assert_nonnull (strstr (problems->pdata[0], "Circuit.bgmod: elements: no Port element: "
                                                "this is a model, not a component"));
  g_assert_nonnull (strstr (problems->pdata[1], "my pipe.bgmod: \"my pipe\" is not a valid component name"));

  remove_tree (root);
}

static void
test_folders (void)
{
  g_auto(GStrv) folders = bg_component_library_dup_folders ("/opt/bgmod/share/bgmod");
  g_autofree char *user = bg_component_library_dup_user_folder ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "bgmod", "components", NULL);

  g_assert_cmpstr (user, ==, expected);
  g_assert_cmpuint (g_strv_length (folders), ==, 2);
  g_assert_cmpstr (folders[0], ==, expected);
  g_assert_cmpstr (folders[1], ==, "/opt/bgmod/share/bgmod/components");
}

/* Reading ------------------------------------------------------------------ */

static void
test_load (void)
{
  g_autoptr(BgComponentEntry) line = load_installed ("HydraulicLine");
  const BgDefinition *def = bg_component_entry_get_definition (line);
  const BgComponentSpec *spec = def->spec;

  g_assert_cmpstr (bg_component_entry_get_name (line), ==, "HydraulicLine");
  g_assert_cmpstr (def->name, ==, "HydraulicLine");
  g_assert_cmpstr (bg_component_entry_get_label (line), ==, "Hydraulic line");
  g_assert_cmpuint (spec->n_ports, ==, 2);
  g_assert_cmpstr (spec->ports[0].name, ==, "IN");
  g_assert_cmpstr (spec->ports[1].name, ==, "OUT");
  g_assert_cmpint (spec->ports[0].domain, ==, BG_DOMAIN_HYDRAULIC);
  g_assert_cmpstrv (def->parameters, ((const char *[]) { "I.value", "R.value", NULL }));
  g_assert_nonnull (bg_component_spec_find_param (spec, "I.initial", NULL));
  g_assert_cmpfloat (bg_component_spec_find_param (spec, "R.value", NULL)->default_number, ==, 3.3e8);
}

static void
test_load_nested (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_component_from_data (two_tanks_text, -1, "Pipes", &error);
  GPtrArray *defs;
  const BgDefinition *pipes;

  g_assert_no_error (error);
  defs = bg_model_get_definitions (model);
  g_assert_cmpuint (defs->len, ==, 2);
  g_assert_cmpstr (((BgDefinition *) defs->pdata[0])->name, ==, "Section");
  pipes = defs->pdata[1];
  g_assert_cmpstr (pipes->name, ==, "Pipes");
  g_assert_cmpuint (pipes->depth, ==, 2);
  g_assert_nonnull (bg_component_spec_find_param (pipes->spec, "S1.R.value", NULL));
  g_assert_cmpfloat (bg_component_spec_find_param (pipes->spec, "S2.R.value", NULL)->default_number,
                     ==, 2e8);
}

static void
assert_refused (const char *text,
                const char *name,
                const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_component_from_data (text, -1, name, &error);

  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("bgmod-library-XXXXXX", NULL);
  g_autofree char *rc = g_build_filename (root, "Circuit.bgmod", NULL);
  g_autofree char *rc_source = example_path ("rc-circuit.bgmod");
  g_autofree char *rc_text = NULL;
  g_autoptr(GFile) rc_file = g_file_new_for_path (rc);
  g_autoptr(GFile) spaced = g_file_new_for_path ("/tmp/my pipe.bgmod");
  g_autoptr(GFile) typed = g_file_new_for_path ("/tmp/R.bgmod");
  g_autoptr(GFile) text = g_file_new_for_path ("/tmp/Tank.json");
  g_autoptr(BgComponentEntry) entry = NULL;
  g_autofree char *expected = NULL;

  /* an ordinary model is not a component */
  g_assert_true (g_file_get_contents (rc_source, &rc_text, NULL, NULL));
  write_file (root, "Circuit.bgmod", rc_text);
  entry = bg_component_entry_new_for_file (rc_file, &error);
  g_assert_null (entry);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  expected = g_strdup_printf ("%s: elements: no Port element: this is a model, not a component "
                              "(a component file's Port elements are its ports)", rc);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  /* names a file cannot give */
  g_assert_null (bg_component_library_name_for_file (spaced, &error));
  g_assert_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME);
  g_assert_cmpstr (error->message, ==, "\"my pipe\" is not a valid component name "
                                       "(use letters, digits and _, not starting with a digit)");
  g_clear_error (&error);
  g_assert_null (bg_component_library_name_for_file (typed, &error));
  g_assert_cmpstr (error->message, ==, "\"R\" is a library type; give the component another name");
  g_clear_error (&error);
  g_assert_null (bg_component_library_name_for_file (text, &error));
  g_assert_cmpstr (error->message, ==, "A component file's name ends in .bgmod");
  g_clear_error (&error);

  /* what is wrong inside names its place, from the file's top level */
  assert_refused ("{\"format\": \"bgmod\", \"version\": 1, \"parameters\": [\"X.value\"], \"elements\": ["
                  "{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"},"
                  "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"electrical\"}],"
                  "\"bonds\": [{\"id\": \"b1\", \"from\": \"P\", \"to\": \"R\"}]}",
                  "Load",
                  "parameters[0]: no parameter \"X.value\" inside (write ELEMENT.PARAM, e.g. \"C.value\")");
  assert_refused ("{\"format\": \"bgmod\", \"version\": 1, \"elements\": ["
                  "{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"},"
                  "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"electrical\", \"parms\": {}}]}",
                  "Load", "elements[1].parms: unknown key (element R)");
  assert_refused ("{\"format\": \"bgmod\", \"version\": 1, \"elements\": []}", "Load",
                  "elements: no Port element: this is a model, not a component "
                  "(a component file's Port elements are its ports)");
  assert_refused ("{\"format\": \"bgmod\", \"version\": 1, \"elements\": ["
                  "{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"electrical\"}]}", "TF",
                  "\"TF\" is a library type; give the component another name");
  /* the file's own components cannot take its name */
  assert_refused (two_tanks_text, "Section", "components: “Section” is already a component type");
  remove_tree (root);
}

/* Writing ------------------------------------------------------------------ */

static void
assert_round_trip (const char *path,
                   const char *name)
{
  g_autofree char *contents = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = NULL;
  gsize length, written_length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  model = bg_file_load_component_from_data (contents, length, name, &error);
  g_assert_no_error (error);
  written = bg_file_component_to_data (bg_model_find_definition (model, name), &written_length);
  g_assert_cmpstr (written, ==, contents);
  g_assert_cmpuint (written_length, ==, length);
}

static void
test_round_trip (void)
{
  static const char *const installed[] = { "HydraulicLine", "DCDrive", "QuarterCar" };
  g_autofree char *root = g_dir_make_tmp ("bgmod-library-XXXXXX", NULL);
  g_autofree char *pipes = g_build_filename (root, "Pipes.bgmod", NULL);
  g_autofree char *tank = g_build_filename (root, "Tank.bgmod", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (installed); i++)
    {
      g_autofree char *path = installed_path (installed[i]);

      assert_round_trip (path, installed[i]);
    }
  write_file (root, "Pipes.bgmod", two_tanks_text);
  assert_round_trip (pipes, "Pipes");
  write_file (root, "Tank.bgmod", tank_text);
  assert_round_trip (tank, "Tank");
  remove_tree (root);
}

/* A definition saved from a model is a library file that reads back as it
 * was; the name is the file's. */
static void
test_save (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("suspension-rig.bgmod");
  const BgDefinition *def = bg_model_find_definition (model, "QuarterCar");
  g_autofree char *root = g_dir_make_tmp ("bgmod-library-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (root, "bgmod", "components", NULL);
  g_autofree char *path = g_build_filename (folder, "Corner.bgmod", NULL);
  g_autofree char *installed = installed_path ("QuarterCar");
  g_autofree char *saved = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) bad = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BgComponentEntry) entry = NULL;
  g_autoptr(BgModel) pipes = NULL;
  const char *folders[] = { folder, NULL };
  g_autoptr(GPtrArray) listed = NULL;

  g_assert_nonnull (def);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (bg_component_library_save (def, file, &error));
  g_assert_no_error (error);
  /* the example's copy is the installed file, byte for byte */
  g_assert_true (g_file_get_contents (path, &saved, NULL, NULL));
  g_assert_true (g_file_get_contents (installed, &expected, NULL, NULL));
  g_assert_cmpstr (saved, ==, expected);

  listed = bg_component_library_list (folders, NULL);
  g_assert_cmpuint (listed->len, ==, 1);
  entry = g_object_ref (listed->pdata[0]);
  g_assert_cmpstr (bg_component_entry_get_name (entry), ==, "Corner");
  g_assert_cmpstr (bg_component_entry_get_definition (entry)->name, ==, "Corner");
  g_assert_cmpuint (bg_component_entry_get_domains (entry), ==, 1u << BG_DOMAIN_TRANSLATIONAL);

  /* a name a component cannot have, or one it uses inside, is refused and
   * nothing is written */
  bad = g_file_new_for_path ("/nonexistent/0pipe.bgmod");
  g_assert_false (bg_component_library_save (def, bad, &error));
  g_assert_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME);
  g_clear_error (&error);
  g_clear_object (&bad);
  pipes = bg_file_load_component_from_data (two_tanks_text, -1, "Pipes", &error);
  g_assert_no_error (error);
  {
    g_autofree char *section = g_build_filename (folder, "Section.bgmod", NULL);

    bad = g_file_new_for_path (section);
    g_assert_false (bg_component_library_save (bg_model_find_definition (pipes, "Pipes"), bad, &error));
    g_assert_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME);
    g_assert_cmpstr (error->message, ==,
                     "“Section” is a component that Pipes uses inside; save it under another name");
    g_assert_false (g_file_test (section, G_FILE_TEST_EXISTS));
  }
  remove_tree (root);
}

/* Embedding ---------------------------------------------------------------- */

static void
test_embed (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) source = bg_file_load_component_from_data (two_tanks_text, -1, "Pipes", &error);
  g_autoptr(BgModel) model = bg_model_new ();
  const BgDefinition *def;
  g_autofree char *before = NULL;
  g_autofree char *saved = NULL;
  g_autoptr(BgModel) reloaded = NULL;
  BgTestCounts counts;
  BgElement *element;

  g_assert_no_error (error);
  bg_test_watch_model (model, &counts);
  def = bg_component_library_embed (model, bg_model_find_definition (source, "Pipes"), &error);
  g_assert_no_error (error);
  g_assert_nonnull (def);
  g_assert_true (def != bg_model_find_definition (source, "Pipes"));
  g_assert_cmpstr (def->name, ==, "Pipes");
  /* the definition it uses first, then itself: one step */
  g_assert_cmpuint (bg_model_get_definitions (model)->len, ==, 2);
  g_assert_cmpstr (((BgDefinition *) bg_model_get_definitions (model)->pdata[0])->name, ==, "Section");
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Add component Pipes");

  /* embedding it again changes nothing */
  g_assert_true (bg_component_library_embed (model, bg_model_find_definition (source, "Pipes"),
                                             &error) == def);
  g_assert_cmpuint (counts.changed, ==, 1);

  element = bg_model_add_element (model, "Pipes", BG_DOMAIN_NONE, NULL, 10, 20, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (element->id, ==, "Pipes1");
  g_assert_true (element->spec == def->spec);

  /* undo: the instance, then the definitions, go */
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  g_assert_cmpuint (bg_model_get_definitions (model)->len, ==, 0);
  g_assert_null (bg_model_find_definition (model, "Section"));
  g_assert_false (bg_model_has_components (model));
  g_assert_true (bg_model_redo (model));
  g_assert_true (bg_model_redo (model));
  g_assert_cmpuint (bg_model_get_definitions (model)->len, ==, 2);
  def = bg_model_find_definition (model, "Pipes");
  g_assert_true (bg_model_find_element (model, "Pipes1")->spec == def->spec);

  /* saved and read back as any model with components */
  saved = bg_file_to_data (model, NULL);
  reloaded = bg_file_load_from_data (saved, -1, &error);
  g_assert_no_error (error);
  before = bg_file_to_data (reloaded, NULL);
  g_assert_cmpstr (before, ==, saved);

  /* undone and then replaced by another edit: the definitions the redo
   * steps held are freed with them */
  g_assert_true (bg_model_undo (model));
  g_assert_true (bg_model_undo (model));
  bg_test_add_element (model, "R", BG_DOMAIN_HYDRAULIC, "R1");
  g_assert_false (bg_model_can_redo (model));
}

static void
test_embed_clash (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) source = bg_file_load_component_from_data (two_tanks_text, -1, "Pipes", &error);
  g_autoptr(BgModel) other = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint64 revision;

  g_assert_no_error (error);
  /* a model whose own "Section" is another component */
  model = bg_file_load_from_data (
    "{\"format\": \"bgmod\", \"version\": 1, \"components\": {"
    "\"Section\": {\"elements\": [{\"id\": \"A\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\"}],"
    "\"bonds\": [{\"id\": \"b1\", \"from\": \"A\", \"to\": \"C\"}]}},"
    "\"elements\": []}", -1, &error);
  g_assert_no_error (error);
  before = bg_file_to_data (model, NULL);
  revision = bg_model_get_revision (model);

  g_assert_null (bg_component_library_embed (model, bg_model_find_definition (source, "Pipes"), &error));
  g_assert_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH);
  g_assert_cmpstr (error->message, ==,
                   "The model already has a different component named “Section”, "
                   "which Pipes uses inside; one model cannot hold both");
  g_clear_error (&error);
  /* its own definition is already there */
  g_assert_true (bg_component_library_embed (model, bg_model_find_definition (model, "Section"), &error)
                 == bg_model_find_definition (model, "Section"));
  g_assert_no_error (error);

  /* the component itself: the message says how to have both */
  other = bg_file_load_component_from_data (tank_text, -1, "Section", &error);
  g_assert_no_error (error);
  g_assert_null (bg_component_library_embed (model, bg_model_find_definition (other, "Section"), &error));
  g_assert_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH);
  g_assert_cmpstr (error->message, ==,
                   "The model already has a different component named “Section”; "
                   "to use both, rename the library's file Section.bgmod");

  /* nothing was added */
  after = bg_file_to_data (model, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_false (bg_model_can_undo (model));
}

/* The model's own undoable insertion, without the library. */
static void
test_insert_definition (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) source = bg_file_load_component_from_data (tank_text, -1, "Tank", &error);
  g_autoptr(BgModel) model = bg_model_new ();
  BgDefinition *copy;

  g_assert_no_error (error);
  copy = bg_file_copy_definition (bg_model_find_definition (source, "Tank"), model, &error);
  g_assert_no_error (error);
  g_assert_true (bg_model_insert_definition (model, copy, &error));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Add component Tank");
  g_assert_true (bg_model_find_definition (model, "Tank") == copy);

  /* a second one of that name is refused (and freed) */
  copy = bg_file_copy_definition (bg_model_find_definition (source, "Tank"), model, &error);
  g_assert_false (bg_model_insert_definition (model, copy, &error));
  bg_test_assert_model_error (error, BG_MODEL_ERROR_BAD_ID, "The model already has a component “Tank”");
  g_assert_cmpuint (bg_model_get_definitions (model)->len, ==, 1);

  g_assert_true (bg_model_undo (model));
  g_assert_null (bg_model_find_definition (model, "Tank"));
  g_assert_true (bg_model_redo (model));
  g_assert_nonnull (bg_model_find_definition (model, "Tank"));
  g_assert_true (bg_model_undo (model));
  /* the model goes with the undone definition on its redo stack */
}

/* The installed components -------------------------------------------------- */

/* A model around one installed component: elements and bonds as
 * bg_test_build_model takes them, with the component embedded first. */
static BgModel *
model_with (const char        *name,
            const char        *instance,
            const char *const *elements,
            const char *const *bonds)
{
  g_autoptr(BgComponentEntry) entry = load_installed (name);
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_test_build_model (elements, (const char *const[]) { NULL });

  g_assert_nonnull (bg_component_library_embed (model, bg_component_entry_get_definition (entry),
                                                &error));
  g_assert_no_error (error);
  g_assert_nonnull (bg_model_add_element (model, name, BG_DOMAIN_NONE, instance, 0, 0, &error));
  g_assert_no_error (error);
  for (guint i = 0; bonds[i] != NULL; i++)
    {
      g_auto(GStrv) ends = g_strsplit (bonds[i], " ", 2);

      g_assert_nonnull (bg_model_connect (model, ends[0], ends[1], NULL, &error));
      g_assert_no_error (error);
    }
  return model;
}

typedef struct
{
  double final;
  double rate;
} FirstOrder;

static double
first_order (double   t,
             gpointer data)
{
  const FirstOrder *f = data;

  return f->final * (1 - exp (-f->rate * t));
}

/* A 1 MPa step across the line: the flow rises to Δp/R with the time
 * constant I/R of its oil column. */
static void
test_hydraulic_line (void)
{
  g_autoptr(BgModel) model =
    model_with ("HydraulicLine", "LINE",
                (const char *const[]) { "Se hydraulic P value=1e6", "Se hydraulic T value=0", NULL },
                (const char *const[]) { "P LINE.IN", "LINE.OUT T", NULL });
  FirstOrder f = { 1e6 / 3.3e8, 3.3e8 / 2.2e7 };
  BgTestSim sim;

  bg_test_set_sim (model, 0.5, 0.001);
  bg_test_simulate (model, &sim);
  g_assert_cmpfloat (bg_test_max_error (&sim, "LINE.I.f", first_order, &f), <, 1e-5 * f.final);
  bg_test_sim_clear (&sim);
}

/* 12 V on the drive, a viscous load b_L on its shaft: in steady state
 * V = (R_a (b_m + n² b_L) / k + k) ω_m, and the shaft turns at n ω_m. */
static void
test_dc_drive (void)
{
  g_autoptr(BgModel) model =
    model_with ("DCDrive", "DRIVE",
                (const char *const[]) { "Se electrical U value=12", "R rotational LOAD value=0.01", NULL },
                (const char *const[]) { "U DRIVE.V", "DRIVE.SHAFT LOAD", NULL });
  double b = 1e-5 + 0.2 * 0.2 * 0.01;
  double w_motor = 12 / (1 * b / 0.05 + 0.05);
  BgTestSim sim;
  gsize last;

  bg_test_set_sim (model, 1, 0.001);
  bg_test_simulate (model, &sim);
  last = bg_test_n_rows (&sim) - 1;
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "LOAD.f", last), 0.2 * w_motor, 1e-6 * w_motor);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "DRIVE.J_r.f", last), w_motor, 1e-6 * w_motor);
  bg_test_sim_clear (&sim);
}

/* The example: both corners lifted 5 cm by the rig; each suspension
 * compresses by a few centimetres, rings at its body's frequency
 * (about 1 Hz) and settles back to its length; the heavier front
 * compresses further. */
static void
test_suspension_rig (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("suspension-rig.bgmod");
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  double peak_front = 0, peak_rear = 0, tail = 0;
  BgTestSim sim;

  g_assert_true (bg_causality_is_ok (causality));
  g_assert_cmpuint (bg_causality_get_warnings (causality)->len, ==, 0);
  bg_test_simulate (model, &sim);
  for (gsize row = 0; row < bg_test_n_rows (&sim); row++)
    {
      double t = bg_test_value (&sim, "t", row);

      peak_front = MAX (peak_front, bg_test_value (&sim, "FRONT.K_spring.q", row));
      peak_rear = MAX (peak_rear, bg_test_value (&sim, "REAR.K_spring.q", row));
      if (t > 2.5)
        tail = MAX (tail, fabs (bg_test_value (&sim, "FRONT.K_spring.q", row)));
    }
  g_assert_cmpfloat (peak_front, >, 0.01);
  g_assert_cmpfloat (peak_front, <, 0.05);
  g_assert_cmpfloat (peak_rear, >, 0.01);
  g_assert_cmpfloat (peak_front, >, peak_rear * 0.9);
  g_assert_cmpfloat (tail, <, 0.15 * peak_front);
  bg_test_sim_clear (&sim);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/component-library/folders", test_folders);
  g_test_add_func ("/core/component-library/list", test_list);
  g_test_add_func ("/core/component-library/load", test_load);
  g_test_add_func ("/core/component-library/load-nested", test_load_nested);
  g_test_add_func ("/core/component-library/refused", test_refused);
  g_test_add_func ("/core/component-library/round-trip", test_round_trip);
  g_test_add_func ("/core/component-library/save", test_save);
  g_test_add_func ("/core/component-library/embed", test_embed);
  g_test_add_func ("/core/component-library/embed-clash", test_embed_clash);
  g_test_add_func ("/core/component-library/insert-definition", test_insert_definition);
  g_test_add_func ("/core/component-library/hydraulic-line", test_hydraulic_line);
  g_test_add_func ("/core/component-library/dc-drive", test_dc_drive);
  g_test_add_func ("/core/component-library/suspension-rig", test_suspension_rig);
  return g_test_run ();
}
