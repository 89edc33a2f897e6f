/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fmu-description.c — an exported FMU's modelDescription.xml, read
 * with libxml2, against the rules of the FMI 3.0 and 2.0 standards.
 *
 * Owns: for every example (and one with inputs and chosen outputs), both
 * versions: the required attributes of the root, of ModelExchange and
 * CoSimulation and of every variable; the allowed causality, variability
 * and initial combinations and their start values; unique names and value
 * references; every unit declared in UnitDefinitions before it is used;
 * the binary where the modelIdentifier says; ModelStructure: valid
 * references (3.0) or 1-based indices (2.0), every output listed once in
 * order, one derivative per state pointing at a state, the initial
 * unknowns the standard requires, the element order. Must not: run the
 * FMU (test-fmu does).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bg-fmu-zip.h"

static char *tmpdir;

typedef struct
{
  char *name, *causality, *variability, *initial, *unit, *start, *derivative, *vr;
  guint index;   /* 1-based document order */
} Var;

static char *
prop (xmlNode *n, const char *name)
{
  xmlChar *v = xmlGetProp (n, (const xmlChar *) name);
  char *s = v != NULL ? g_strdup ((const char *) v) : NULL;

  xmlFree (v);
  return s;
}

static gboolean
is (xmlNode *n, const char *name)
{
  return n->type == XML_ELEMENT_NODE && xmlStrEqual (n->name, (const xmlChar *) name);
}

static void
var_free (gpointer data)
{
  Var *v = data;

  g_free (v->name);
  g_free (v->causality);
  g_free (v->variability);
  g_free (v->initial);
  g_free (v->unit);
  g_free (v->start);
  g_free (v->derivative);
  g_free (v->vr);
  g_free (v);
}

static GBytes *
export (const char *model, int version, const char *const *extra)
{
  g_autofree char *base = g_path_get_basename (model);
  g_autofree char *fmu = g_strdup_printf ("%s/%s-%d.fmu", tmpdir, base, version);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *err = NULL, *contents = NULL;
  gsize length;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BGMOD_CLI"));
  g_ptr_array_add (argv, "export-fmu");
  g_ptr_array_add (argv, (gpointer) model);
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, fmu);
  g_ptr_array_add (argv, version == 3 ? "--fmi=3" : "--fmi=2");
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, &err, &status, NULL));
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("export-fmu %s: %s", model, err);
  g_assert_true (g_file_get_contents (fmu, &contents, &length, NULL));
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

static void
check_causality (int version, const Var *v)
{
  const char *c = v->causality != NULL ? v->causality : "local";
  const char *var = v->variability != NULL ? v->variability : "continuous";

  g_assert_nonnull (v->name);
  if (g_str_equal (c, "parameter"))
    {
      g_assert_true (g_str_equal (var, "fixed") || g_str_equal (var, "tunable"));
      g_assert_cmpstr (v->initial, ==, "exact");
      g_assert_nonnull (v->start);
    }
  else if (g_str_equal (c, "input"))
    {
      g_assert_nonnull (v->start);   /* an input needs a start value */
      g_assert_null (v->initial);
    }
  else if (g_str_equal (c, "independent"))
    {
      g_assert_cmpstr (var, ==, "continuous");
      g_assert_null (v->start);
      g_assert_null (v->initial);
    }
  else
    {
      g_assert_true (g_str_equal (c, "output") || g_str_equal (c, "local"));
      /* calculated: no start; exact/approx: a start. */
      if (v->initial == NULL || g_str_equal (v->initial, "calculated"))
        g_assert_null (v->start);
      else
        g_assert_nonnull (v->start);
    }
  if (v->start != NULL)
    {
      char *end;
      g_ascii_strtod (v->start, &end);
      g_assert_cmpint (*end, ==, '\0');
    }
}

static void
check_description (GBytes *archive, int version)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) xml = bg_fmu_zip_read_entry (archive, "modelDescription.xml", &error);
  g_autoptr (GHashTable) units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) by_vr = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) vars = g_ptr_array_new_with_free_func (var_free);
  g_autofree char *id = NULL;
  gboolean seen_variables = FALSE;
  xmlDoc *doc;
  xmlNode *root;
  gsize size;
  const char *data;
  guint n_states = 0, n_derivatives = 0, n_outputs = 0, n_independent = 0;

  g_assert_no_error (error);
  data = g_bytes_get_data (xml, &size);
  doc = xmlReadMemory (data, (int) size, "modelDescription.xml", "UTF-8", XML_PARSE_NONET);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_true (is (root, "fmiModelDescription"));
  {
    g_autofree char *fv = prop (root, "fmiVersion"), *mn = prop (root, "modelName");
    g_autofree char *tok = prop (root, version == 3 ? "instantiationToken" : "guid");
    g_assert_cmpstr (fv, ==, version == 3 ? "3.0" : "2.0");
    g_assert_nonnull (mn);
    g_assert_nonnull (tok);
  }

  for (xmlNode *n = root->children; n != NULL; n = n->next)
    {
      if (is (n, "ModelExchange") || is (n, "CoSimulation"))
        {
          g_autofree char *mid = prop (n, "modelIdentifier");
          g_assert_nonnull (mid);
          if (id == NULL)
            id = g_strdup (mid);
          g_assert_cmpstr (mid, ==, id);
        }
      else if (is (n, "UnitDefinitions"))
        {
          g_assert_false (seen_variables);   /* declared before use */
          for (xmlNode *u = n->children; u != NULL; u = u->next)
            if (is (u, "Unit"))
              {
                char *name = prop (u, "name");
                g_assert_nonnull (name);
                g_assert_true (g_hash_table_add (units, name));
              }
        }
      else if (is (n, "ModelVariables"))
        {
          guint index = 0;

          seen_variables = TRUE;
          for (xmlNode *x = n->children; x != NULL; x = x->next)
            {
              Var *v;
              xmlNode *typed = x;

              if (x->type != XML_ELEMENT_NODE)
                continue;
              v = g_new0 (Var, 1);
              v->index = ++index;
              if (version == 2)
                {
                  g_assert_true (is (x, "ScalarVariable"));
                  for (typed = x->children; typed != NULL && typed->type != XML_ELEMENT_NODE;
                       typed = typed->next)
                    ;
                  g_assert_nonnull (typed);
                  g_assert_true (is (typed, "Real"));
                }
              else
                g_assert_true (is (x, "Float64"));
              v->name = prop (x, "name");
              v->vr = prop (x, "valueReference");
              v->causality = prop (x, "causality");
              v->variability = prop (x, "variability");
              v->initial = prop (x, "initial");
              v->unit = prop (typed, "unit");
              v->start = prop (typed, "start");
              v->derivative = prop (typed, "derivative");
              g_assert_nonnull (v->vr);
              check_causality (version, v);
              g_assert_true (g_hash_table_add (names, v->name));
              g_assert_true (g_hash_table_insert (by_vr, v->vr, v));
              if (v->unit != NULL)
                g_assert_true (g_hash_table_contains (units, v->unit));
              if (v->causality != NULL && g_str_equal (v->causality, "output"))
                n_outputs++;
              if (v->causality != NULL && g_str_equal (v->causality, "independent"))
                n_independent++;
              if (v->derivative != NULL)
                n_derivatives++;
              g_ptr_array_add (vars, v);
            }
        }
    }
  if (version == 3)
    g_assert_cmpuint (n_independent, ==, 1);

  /* The derivative attribute points at a state (a vr in 3.0, an index in 2.0). */
  for (guint i = 0; i < vars->len; i++)
    {
      Var *v = g_ptr_array_index (vars, i);
      Var *state = NULL;

      if (v->derivative == NULL)
        continue;
      if (version == 3)
        state = g_hash_table_lookup (by_vr, v->derivative);
      else
        {
          guint64 k = g_ascii_strtoull (v->derivative, NULL, 10);
          g_assert_cmpuint (k, >=, 1);
          g_assert_cmpuint (k, <=, vars->len);
          state = g_ptr_array_index (vars, k - 1);
        }
      g_assert_nonnull (state);
      g_assert_null (state->derivative);
      g_assert_cmpstr (state->variability, ==, "continuous");
      n_states++;
    }

  /* ModelStructure. */
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    {
      guint outputs = 0, derivatives = 0, stage = 0;

      if (!is (n, "ModelStructure"))
        continue;
      if (version == 3)
        {
          static const char *const order[] = { "Output", "ContinuousStateDerivative",
                                               "ClockedState", "InitialUnknown",
                                               "EventIndicator", NULL };
          for (xmlNode *u = n->children; u != NULL; u = u->next)
            {
              g_autofree char *vr = NULL;
              Var *v;
              guint k;

              if (u->type != XML_ELEMENT_NODE)
                continue;
              for (k = 0; order[k] != NULL && !is (u, order[k]); k++)
                ;
              g_assert_nonnull (order[k]);
              g_assert_cmpuint (k, >=, stage);   /* the schema's order */
              stage = k;
              vr = prop (u, "valueReference");
              v = vr != NULL ? g_hash_table_lookup (by_vr, vr) : NULL;
              g_assert_nonnull (v);
              if (k == 0)
                {
                  g_assert_cmpstr (v->causality, ==, "output");
                  outputs++;
                }
              if (k == 1)
                {
                  g_assert_nonnull (v->derivative);
                  derivatives++;
                }
              if (k == 3)
                g_assert_true (v->initial == NULL || !g_str_equal (v->initial, "exact"));
            }
        }
      else
        {
          for (xmlNode *s = n->children; s != NULL; s = s->next)
            {
              guint last = 0;

              if (s->type != XML_ELEMENT_NODE)
                continue;
              g_assert_true (is (s, "Outputs") || is (s, "Derivatives")
                             || is (s, "InitialUnknowns"));
              for (xmlNode *u = s->children; u != NULL; u = u->next)
                {
                  g_autofree char *idx = NULL;
                  guint64 k;
                  Var *v;

                  if (u->type != XML_ELEMENT_NODE)
                    continue;
                  g_assert_true (is (u, "Unknown"));
                  idx = prop (u, "index");
                  g_assert_nonnull (idx);
                  k = g_ascii_strtoull (idx, NULL, 10);
                  g_assert_cmpuint (k, >=, 1);
                  g_assert_cmpuint (k, <=, vars->len);
                  v = g_ptr_array_index (vars, k - 1);
                  if (is (s, "Outputs"))
                    {
                      g_assert_cmpstr (v->causality, ==, "output");
                      g_assert_cmpuint (k, >, last);
                      outputs++;
                    }
                  else if (is (s, "Derivatives"))
                    {
                      g_assert_nonnull (v->derivative);
                      derivatives++;
                    }
                  else
                    g_assert_cmpuint (k, >, last);   /* InitialUnknowns ascending */
                  last = k;
                }
            }
        }
      g_assert_cmpuint (outputs, ==, n_outputs);
      g_assert_cmpuint (derivatives, ==, n_derivatives);
    }
  g_assert_cmpuint (n_states, ==, n_derivatives);
  xmlFreeDoc (doc);

  /* The binary is where the modelIdentifier says. */
  {
    g_autofree char *so = g_strdup_printf ("binaries/%s/%s.so",
                                           version == 3 ? "x86_64-linux" : "linux64", id);
    g_autoptr (GBytes) bin = bg_fmu_zip_read_entry (archive, so, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_bytes_get_size (bin), >, 0);
    g_assert_cmpmem (g_bytes_get_data (bin, NULL), 4, "\177ELF", 4);
  }
}

static void
check_example (gconstpointer data)
{
  g_autofree char *model = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                             (const char *) data, NULL);

  for (int version = 3; version >= 2; version--)
    {
      g_autoptr (GBytes) archive = export (model, version, NULL);
      check_description (archive, version);
    }
}

static void
test_inputs_outputs (void)
{
  g_autofree char *model = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                             "hydraulic-bench.bgmod", NULL);
  const char *const extra[] = { "--inputs", "LOAD,TANK", "--outputs", "CYL.x,CYL.v,PUMP.Q,C_B.q", NULL };

  for (int version = 3; version >= 2; version--)
    {
      g_autoptr (GBytes) archive = export (model, version, extra);
      check_description (archive, version);
    }
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *examples = NULL, *cmd = NULL;
  const char *name;
  GDir *dir;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("test-fmu-description-XXXXXX", &error);
  g_assert_no_error (error);
  examples = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  dir = g_dir_open (examples, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod") && !g_str_has_prefix (name, "conflict-"))
      g_ptr_array_add (names, g_strdup (name));
  g_dir_close (dir);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/fmu-description/%s",
                                               (char *) g_ptr_array_index (names, i));
      g_test_add_data_func (path, g_ptr_array_index (names, i), check_example);
    }
  g_test_add_func ("/fmu-description/inputs-outputs", test_inputs_outputs);
  status = g_test_run ();
  cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", tmpdir);
  return status;
}
