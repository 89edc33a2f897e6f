/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library.c — the Elements library: domains, the registry, palettes,
 * parameter values and checks, and Russian through gettext.
 *
 * Owns: tests of bg-domain, bg-library, bg-param and bg-i18n: what every
 * spec has in common and must keep consistent, the palettes, checking,
 * copying and comparing parameter values, lookups from many threads, and
 * the translated names and messages. Must not: test the model, analysis or
 * simulation; each component's own spec is test-library-components.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-domain.h"
#include "bg-i18n.h"
#include "bg-library.h"

static const char *const primitive_types[] = { "0", "1", "R", "C", "I", "Se", "Sf", "TF", "GY" };
static const char *const advanced_types[] = {
  "CylinderDA", "MechanicalLoad", "PumpCurve", "GasAccumulator", "DCMotor",
};

/* Domains ---------------------------------------------------------------- */

static void
test_domains (void)
{
  static const struct
  {
    BgDomain domain;
    const char *id, *name, *e_sym, *e_unit, *f_sym, *f_unit, *q_unit, *p_unit, *port;
  } expected[] = {
    { BG_DOMAIN_ELECTRICAL, "electrical", "Electrical", "v", "V", "i", "A", "C", "Wb", "E" },
    /* pressure is P: p is a momentum in every equation set */
    { BG_DOMAIN_HYDRAULIC, "hydraulic", "Hydraulics", "P", "Pa", "Q", "m³/s", "m³", "Pa·s", "H" },
    { BG_DOMAIN_TRANSLATIONAL, "translational", "Translational mechanics", "F", "N", "v", "m/s",
      "m", "kg·m/s", "M" },
    { BG_DOMAIN_ROTATIONAL, "rotational", "Rotational", "τ", "N·m", "ω", "rad/s", "rad",
      "N·m·s", "W" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      BgDomain d = expected[i].domain;

      g_assert_cmpstr (bg_domain_to_id (d), ==, expected[i].id);
      g_assert_cmpint (bg_domain_from_id (expected[i].id), ==, d);
      g_assert_cmpstr (bg_domain_display_name (d), ==, expected[i].name);
      g_assert_cmpstr (bg_domain_effort_symbol (d), ==, expected[i].e_sym);
      g_assert_cmpstr (bg_domain_effort_unit (d), ==, expected[i].e_unit);
      g_assert_cmpstr (bg_domain_flow_symbol (d), ==, expected[i].f_sym);
      g_assert_cmpstr (bg_domain_flow_unit (d), ==, expected[i].f_unit);
      g_assert_cmpstr (bg_domain_displacement_unit (d), ==, expected[i].q_unit);
      g_assert_cmpstr (bg_domain_momentum_unit (d), ==, expected[i].p_unit);
      g_assert_cmpstr (bg_domain_one_port_name (d), ==, expected[i].port);
      g_assert_nonnull (bg_domain_effort_name (d));
      g_assert_nonnull (bg_domain_flow_name (d));
    }
  g_assert_cmpstr (bg_domain_effort_name (BG_DOMAIN_HYDRAULIC), ==, "pressure");
  g_assert_cmpstr (bg_domain_flow_name (BG_DOMAIN_ELECTRICAL), ==, "current");

  g_assert_cmpint (bg_domain_from_id ("thermal"), ==, BG_DOMAIN_NONE);
  g_assert_cmpint (bg_domain_from_id ("Electrical"), ==, BG_DOMAIN_NONE);
  g_assert_cmpint (bg_domain_from_id (""), ==, BG_DOMAIN_NONE);
  g_assert_cmpint (bg_domain_from_id (NULL), ==, BG_DOMAIN_NONE);
  g_assert_null (bg_domain_to_id (BG_DOMAIN_NONE));
  g_assert_null (bg_domain_display_name (BG_DOMAIN_NONE));
  g_assert_null (bg_domain_effort_unit (BG_N_DOMAINS));
}

/* Registry --------------------------------------------------------------- */

static void
test_registry (void)
{
  const BgComponentSpec *const *all;
  guint n = 0;

  all = bg_library_get_all (&n);
  g_assert_nonnull (all);
  /* ... and the component Port in each domain, in no palette. */
  g_assert_cmpuint (n, ==, 4 * G_N_ELEMENTS (primitive_types) + G_N_ELEMENTS (advanced_types) + 4);
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      const BgComponentSpec *port = bg_library_lookup ("Port", d);

      g_assert_nonnull (port);
      g_assert_cmpint (port->domain, ==, d);
      g_assert_cmpuint (port->palette_domains, ==, 0);
      g_assert_cmpuint (port->n_ports, ==, 1);
    }

  /* Every primitive once per domain, advanced once; lookup finds each. */
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    for (guint t = 0; t < G_N_ELEMENTS (primitive_types); t++)
      {
        const BgComponentSpec *spec = bg_library_lookup (primitive_types[t], d);

        g_assert_nonnull (spec);
        g_assert_cmpstr (spec->type, ==, primitive_types[t]);
        g_assert_cmpint (spec->domain, ==, d);
        g_assert_cmpint (spec->section, ==, BG_SECTION_PRIMITIVES);
        g_assert_cmpuint (spec->palette_domains, ==, 1u << d);
        g_assert_true (bg_library_is_type (primitive_types[t]));
        g_assert_false (bg_library_type_is_advanced (primitive_types[t]));
        g_assert_null (bg_library_lookup (primitive_types[t], BG_DOMAIN_NONE));
      }
  for (guint t = 0; t < G_N_ELEMENTS (advanced_types); t++)
    {
      const BgComponentSpec *spec = bg_library_lookup (advanced_types[t], BG_DOMAIN_NONE);

      g_assert_nonnull (spec);
      g_assert_cmpstr (spec->type, ==, advanced_types[t]);
      g_assert_cmpint (spec->domain, ==, BG_DOMAIN_NONE);
      g_assert_cmpint (spec->section, ==, BG_SECTION_ADVANCED);
      g_assert_true (bg_library_type_is_advanced (advanced_types[t]));
      /* The domain is ignored for advanced components. */
      g_assert_true (bg_library_lookup (advanced_types[t], BG_DOMAIN_ELECTRICAL) == spec);
    }

  /* Each spec appears once in the list, and is what lookup returns. */
  for (guint i = 0; i < n; i++)
    {
      g_assert_true (bg_library_lookup (all[i]->type, all[i]->domain) == all[i]);
      for (guint j = i + 1; j < n; j++)
        g_assert_true (all[i] != all[j]);
    }

  g_assert_null (bg_library_lookup ("Memristor", BG_DOMAIN_ELECTRICAL));
  g_assert_null (bg_library_lookup ("r", BG_DOMAIN_ELECTRICAL));
  g_assert_null (bg_library_lookup ("", BG_DOMAIN_ELECTRICAL));
  g_assert_false (bg_library_is_type ("Memristor"));
  g_assert_false (bg_library_is_type (NULL));
  g_assert_false (bg_library_type_is_advanced ("Motor"));
}

/* Every spec is self-consistent: parameter defaults pass their own checks,
 * plot variables name declared variables, descriptions are present. */
static void
test_specs_consistent (void)
{
  const BgComponentSpec *const *all;
  guint n;

  all = bg_library_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      const BgComponentSpec *spec = all[i];
      g_autofree BgParamValue *values = g_new0 (BgParamValue, MAX (spec->n_params, 1));
      g_auto (GStrv) plot = NULL;

      g_test_message ("%s %s", spec->type, bg_domain_to_id (spec->domain));
      g_assert_nonnull (spec->symbol);
      g_assert_nonnull (spec->name);
      g_assert_nonnull (spec->name_ru);
      g_assert_nonnull (spec->description);
      g_assert_true (g_utf8_validate (spec->name_ru, -1, NULL));
      g_assert_nonnull (spec->kind);
      g_assert_cmpstr (bg_component_spec_display_name (spec), ==, spec->name);
      g_assert_true ((spec->n_ports == 0) == spec->variable_ports);

      for (guint p = 0; p < spec->n_ports; p++)
        {
          guint index = 99;

          g_assert_true (bg_component_spec_find_port (spec, spec->ports[p].name, &index)
                         == &spec->ports[p]);
          g_assert_cmpuint (index, ==, p);
          g_assert_nonnull (spec->ports[p].description);
          if (spec->domain != BG_DOMAIN_NONE)
            g_assert_cmpint (spec->ports[p].domain, ==, spec->domain);
          else
            g_assert_true ((spec->palette_domains & (1u << spec->ports[p].domain)) != 0);
        }
      g_assert_null (bg_component_spec_find_port (spec, "X", NULL));

      for (guint p = 0; p < spec->n_params; p++)
        {
          const BgParamSpec *pspec = &spec->params[p];
          GError *error = NULL;
          guint index = 99;

          g_assert_true (bg_component_spec_find_param (spec, pspec->name, &index) == pspec);
          g_assert_cmpuint (index, ==, p);
          g_assert_nonnull (pspec->label);
          g_assert_nonnull (pspec->unit);
          bg_param_value_init_default (&values[p], pspec);
          g_assert_true (bg_param_value_check (&values[p], pspec, &error));
          g_assert_no_error (error);
          if (pspec->visible_if != NULL)
            g_assert_true (g_str_has_prefix (pspec->visible_if, "waveform="));
        }
      g_assert_null (bg_component_spec_find_param (spec, "nope", NULL));
      if (spec->validate != NULL)
        {
          GError *error = NULL;

          g_assert_true (spec->validate (spec, values, &error));
          g_assert_no_error (error);
        }
      for (guint p = 0; p < spec->n_params; p++)
        bg_param_value_clear (&values[p]);

      g_assert_nonnull (spec->plot_vars);
      plot = g_strsplit (spec->plot_vars, ",", -1);
      for (guint k = 0; plot[k] != NULL && plot[k][0] != '\0'; k++)
        {
          gboolean found = FALSE;

          for (guint v = 0; v < spec->n_vars; v++)
            found |= strcmp (spec->vars[v].suffix, plot[k]) == 0;
          g_assert_true (found);
        }
      for (guint v = 0; v < spec->n_vars; v++)
        {
          g_assert_nonnull (spec->vars[v].unit);
          g_assert_nonnull (spec->vars[v].description);
        }
    }
}

/* Palettes ----------------------------------------------------------------- */

static char *
palette_types (BgDomain  domain,
               BgSection section)
{
  g_autofree const BgComponentSpec **list = bg_library_list_palette (domain, section);
  GString *s = g_string_new (NULL);

  for (guint i = 0; list[i] != NULL; i++)
    {
      if (section == BG_SECTION_PRIMITIVES)
        g_assert_cmpint (list[i]->domain, ==, domain);
      g_string_append_printf (s, "%s%s", i > 0 ? " " : "", list[i]->type);
    }
  return g_string_free (s, FALSE);
}

static void
test_palettes (void)
{
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      g_autofree char *primitives = palette_types (d, BG_SECTION_PRIMITIVES);

      g_assert_cmpstr (primitives, ==, "0 1 R C I Se Sf TF GY");
    }
  {
    g_autofree char *hydraulic = palette_types (BG_DOMAIN_HYDRAULIC, BG_SECTION_ADVANCED);
    g_autofree char *translational = palette_types (BG_DOMAIN_TRANSLATIONAL, BG_SECTION_ADVANCED);
    g_autofree char *electrical = palette_types (BG_DOMAIN_ELECTRICAL, BG_SECTION_ADVANCED);
    g_autofree char *rotational = palette_types (BG_DOMAIN_ROTATIONAL, BG_SECTION_ADVANCED);
    g_autofree char *none = palette_types (BG_DOMAIN_NONE, BG_SECTION_ADVANCED);

    g_assert_cmpstr (hydraulic, ==, "CylinderDA PumpCurve GasAccumulator");
    g_assert_cmpstr (translational, ==, "CylinderDA MechanicalLoad");
    g_assert_cmpstr (electrical, ==, "DCMotor");
    g_assert_cmpstr (rotational, ==, "DCMotor");
    g_assert_cmpstr (none, ==, "");
  }
}

/* Parameter values ----------------------------------------------------------- */

static void
assert_check_fails (const BgParamValue *value,
                    const BgParamSpec  *spec,
                    const char         *message)
{
  GError *error = NULL;

  g_assert_false (bg_param_value_check (value, spec, &error));
  g_assert_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==, message);
  g_error_free (error);
}

static void
assert_number_check (const BgParamSpec *spec,
                     double             x,
                     const char        *message)
{
  BgParamValue value = { .kind = BG_PARAM_NUMBER, .number = x };

  if (message == NULL)
    {
      GError *error = NULL;

      g_assert_true (bg_param_value_check (&value, spec, &error));
      g_assert_no_error (error);
    }
  else
    assert_check_fails (&value, spec, message);
}

static void
test_param_check (void)
{
  const BgComponentSpec *r = bg_library_lookup ("R", BG_DOMAIN_ELECTRICAL);
  const BgComponentSpec *c = bg_library_lookup ("C", BG_DOMAIN_ELECTRICAL);
  const BgComponentSpec *se = bg_library_lookup ("Se", BG_DOMAIN_ELECTRICAL);
  const BgComponentSpec *load = bg_library_lookup ("MechanicalLoad", BG_DOMAIN_NONE);
  const BgComponentSpec *acc = bg_library_lookup ("GasAccumulator", BG_DOMAIN_NONE);
  const BgComponentSpec *pump = bg_library_lookup ("PumpCurve", BG_DOMAIN_NONE);
  const BgParamSpec *waveform = bg_component_spec_find_param (se, "waveform", NULL);
  const BgParamSpec *n = bg_component_spec_find_param (acc, "n", NULL);
  BgParamValue value = { 0 };

  /* positive */
  assert_number_check (&r->params[0], 1e-30, NULL);
  assert_number_check (&r->params[0], 0, "must be > 0");
  assert_number_check (&r->params[0], -5, "must be > 0");
  assert_number_check (&r->params[0], INFINITY, "must be finite");
  assert_number_check (&r->params[0], NAN, "must be finite");
  /* any sign, finite */
  assert_number_check (&c->params[1], -3, NULL);
  assert_number_check (&c->params[1], -INFINITY, "must be finite");
  /* nonnegative */
  assert_number_check (bg_component_spec_find_param (se, "time", NULL), 0, NULL);
  assert_number_check (bg_component_spec_find_param (se, "time", NULL), -0.1, "must be ≥ 0");
  assert_number_check (bg_component_spec_find_param (load, "damping", NULL), 0, NULL);
  assert_number_check (bg_component_spec_find_param (load, "damping", NULL), -1, "must be ≥ 0");
  /* range */
  assert_number_check (n, 1, NULL);
  assert_number_check (n, 2, NULL);
  assert_number_check (n, 0.99, "must be between 1 and 2");
  assert_number_check (n, 2.01, "must be between 1 and 2");

  /* choice */
  value.kind = BG_PARAM_CHOICE;
  value.choice = g_strdup ("step");
  g_assert_true (bg_param_value_check (&value, waveform, NULL));
  g_free (value.choice);
  value.choice = g_strdup ("square");
  assert_check_fails (&value, waveform, "must be one of constant, step, ramp, sine, pulse, table");
  g_clear_pointer (&value.choice, g_free);
  assert_check_fails (&value, waveform, "must be one of constant, step, ramp, sine, pulse, table");

  /* wrong kinds */
  value.kind = BG_PARAM_NUMBER;
  value.number = 1;
  assert_check_fails (&value, waveform, "must be one of constant, step, ramp, sine, pulse, table");
  assert_check_fails (&value, &pump->params[0], "must be a table of rows of two numbers");
  value.kind = BG_PARAM_CHOICE;
  assert_check_fails (&value, &r->params[0], "must be a number");
}

static void
test_param_value (void)
{
  const BgComponentSpec *se = bg_library_lookup ("Se", BG_DOMAIN_HYDRAULIC);
  const BgComponentSpec *pump = bg_library_lookup ("PumpCurve", BG_DOMAIN_NONE);
  BgParamValue a, b, t1, t2;

  bg_param_value_init_default (&a, &se->params[1]);
  g_assert_cmpint (a.kind, ==, BG_PARAM_NUMBER);
  g_assert_cmpfloat (a.number, ==, 1e6);
  bg_param_value_copy (&b, &a);
  g_assert_true (bg_param_value_equal (&a, &b));
  b.number = 2e6;
  g_assert_false (bg_param_value_equal (&a, &b));
  bg_param_value_clear (&a);
  bg_param_value_clear (&b);

  bg_param_value_init_default (&a, &se->params[0]);
  g_assert_cmpint (a.kind, ==, BG_PARAM_CHOICE);
  g_assert_cmpstr (a.choice, ==, "constant");
  bg_param_value_copy (&b, &a);
  g_assert_true (a.choice != b.choice);
  g_assert_true (bg_param_value_equal (&a, &b));
  g_free (b.choice);
  b.choice = g_strdup ("step");
  g_assert_false (bg_param_value_equal (&a, &b));

  /* different kinds never compare equal */
  bg_param_value_init_default (&t1, &pump->params[0]);
  g_assert_false (bg_param_value_equal (&a, &t1));
  bg_param_value_clear (&a);
  bg_param_value_clear (&b);
  g_assert_null (a.choice);

  bg_param_value_copy (&t2, &t1);
  g_assert_true (t1.table != t2.table);
  g_assert_true (bg_param_value_equal (&t1, &t2));
  g_array_index (t2.table, double, 5) = 1e-6;
  g_assert_false (bg_param_value_equal (&t1, &t2));
  g_array_set_size (t2.table, 4);
  g_assert_false (bg_param_value_equal (&t1, &t2));
  bg_param_value_clear (&t1);
  bg_param_value_clear (&t2);
  g_assert_null (t1.table);
  bg_param_value_clear (&t1);  /* clearing twice is harmless */
}

/* The registry is plain data: readable from many threads at once. */
static gpointer
lookup_thread (gpointer data)
{
  guint found = 0;

  for (guint round = 0; round < 2000; round++)
    for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
      for (guint t = 0; t < G_N_ELEMENTS (primitive_types); t++)
        found += bg_library_lookup (primitive_types[t], d) != NULL;
  return GUINT_TO_POINTER (found);
}

static void
test_threads (void)
{
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("lookup", lookup_thread, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_assert_cmpuint (GPOINTER_TO_UINT (g_thread_join (threads[i])), ==,
                      2000 * 4 * G_N_ELEMENTS (primitive_types));
}

/* Russian through gettext ------------------------------------------------------ */

static void
test_i18n_russian_subprocess (void)
{
  const BgComponentSpec *r = bg_library_lookup ("R", BG_DOMAIN_ELECTRICAL);
  const BgComponentSpec *cyl = bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE);
  BgParamValue value = { .kind = BG_PARAM_NUMBER, .number = -1 };
  GError *error = NULL;

  g_setenv ("LANGUAGE", "ru", TRUE);
  bg_i18n_init ();
  g_assert_cmpstr (bg_domain_display_name (BG_DOMAIN_ELECTRICAL), ==, "Электрика");
  g_assert_cmpstr (bg_domain_display_name (BG_DOMAIN_HYDRAULIC), ==, "Гидравлика");
  g_assert_cmpstr (bg_component_spec_display_name (r), ==, "Резистор");
  g_assert_cmpstr (bg_component_spec_display_name (cyl), ==, "Двухсторонний цилиндр");
  g_assert_false (bg_param_value_check (&value, &r->params[0], &error));
  g_assert_cmpstr (error->message, ==, "должно быть > 0");
  g_error_free (error);
}

static void
test_i18n_russian (void)
{
  g_autofree char *mo = g_build_filename (g_getenv ("BGMOD_LOCALEDIR") != NULL
                                          ? g_getenv ("BGMOD_LOCALEDIR") : LOCALEDIR,
                                          "ru", "LC_MESSAGES", GETTEXT_PACKAGE ".mo",
                                          NULL);

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the Russian catalogue is not built");
      return;
    }
  /* A fresh process: gettext caches its decisions. The test environment
   * has LC_ALL=C.UTF-8; the C locale case is covered by the next test. */
  g_test_trap_subprocess ("/core/i18n/russian/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

static void
test_i18n_plain_c (void)
{
  g_autofree char *mo = g_build_filename (g_getenv ("BGMOD_LOCALEDIR") != NULL
                                          ? g_getenv ("BGMOD_LOCALEDIR") : LOCALEDIR,
                                          "ru", "LC_MESSAGES", GETTEXT_PACKAGE ".mo",
                                          NULL);
  g_autofree char *saved = g_strdup (g_getenv ("LC_ALL"));

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the Russian catalogue is not built");
      return;
    }
  /* With LC_ALL=C gettext would ignore LANGUAGE; bg_i18n_init must switch
   * to C.UTF-8 so LANGUAGE=ru still works. */
  g_setenv ("LC_ALL", "C", TRUE);
  g_test_trap_subprocess ("/core/i18n/russian/subprocess", 0, G_TEST_SUBPROCESS_DEFAULT);
  if (saved != NULL)
    g_setenv ("LC_ALL", saved, TRUE);
  else
    g_unsetenv ("LC_ALL");
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/library/domains", test_domains);
  g_test_add_func ("/core/library/registry", test_registry);
  g_test_add_func ("/core/library/specs-consistent", test_specs_consistent);
  g_test_add_func ("/core/library/palettes", test_palettes);
  g_test_add_func ("/core/library/param-check", test_param_check);
  g_test_add_func ("/core/library/param-value", test_param_value);
  g_test_add_func ("/core/library/threads", test_threads);
  g_test_add_func ("/core/i18n/russian", test_i18n_russian);
  g_test_add_func ("/core/i18n/russian/subprocess", test_i18n_russian_subprocess);
  g_test_add_func ("/core/i18n/plain-c", test_i18n_plain_c);

  return g_test_run ();
}
