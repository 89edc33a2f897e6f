/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library.c — the Elements library: domains, every component spec,
 * palettes, parameter values and checks, and Russian through gettext.
 *
 * Owns: tests of bg-domain, bg-library, bg-param, bg-i18n and the component
 * spec tables against docs/components.md and the handbook pages. Must not: test the
 * model, analysis or simulation.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-domain.h"
#include "bg-i18n.h"
#include "bg-library.h"
#include "bg-components-private.h"
#include "bg-waveform.h"

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
    { BG_DOMAIN_HYDRAULIC, "hydraulic", "Hydraulics", "p", "Pa", "Q", "m³/s", "m³", "Pa·s", "H" },
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
  g_assert_cmpuint (n, ==, 4 * G_N_ELEMENTS (primitive_types) + G_N_ELEMENTS (advanced_types));

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

/* One-port primitives ----------------------------------------------------- */

typedef struct
{
  const char *type;
  BgDomain domain;
  const char *name, *name_ru;
  double value;
  const char *unit;
} OnePortCase;

static const OnePortCase one_port_cases[] = {
  /* electrical: handbook page 004 */
  { "R", BG_DOMAIN_ELECTRICAL, "Resistor", "Резистор", 100, "Ω" },
  { "C", BG_DOMAIN_ELECTRICAL, "Capacitor", "Конденсатор", 0.001, "F" },
  { "I", BG_DOMAIN_ELECTRICAL, "Inductor", "Катушка индуктивности", 0.1, "H" },
  { "Se", BG_DOMAIN_ELECTRICAL, "Voltage source", "Источник напряжения", 10, "V" },
  { "Sf", BG_DOMAIN_ELECTRICAL, "Current source", "Источник тока", 0.01, "A" },
  /* translational: handbook pages 000/001 */
  { "R", BG_DOMAIN_TRANSLATIONAL, "Damper", "Демпфер", 1, "N·s/m" },
  { "C", BG_DOMAIN_TRANSLATIONAL, "Spring compliance", "Податливость пружины", 0.01, "m/N" },
  { "I", BG_DOMAIN_TRANSLATIONAL, "Mass", "Масса", 1, "kg" },
  { "Se", BG_DOMAIN_TRANSLATIONAL, "Force source", "Источник силы", 1, "N" },
  { "Sf", BG_DOMAIN_TRANSLATIONAL, "Velocity source", "Источник скорости", 0.1, "m/s" },
  /* hydraulic and rotational: docs/components.md */
  { "R", BG_DOMAIN_HYDRAULIC, "Line resistance", "Гидравлическое сопротивление", 1e9, "Pa·s/m³" },
  { "C", BG_DOMAIN_HYDRAULIC, "Hydraulic capacitance", "Гидравлическая ёмкость", 1e-12, "m³/Pa" },
  { "I", BG_DOMAIN_HYDRAULIC, "Fluid inertance", "Гидравлическая инерционность", 1e6, "Pa·s²/m³" },
  { "Se", BG_DOMAIN_HYDRAULIC, "Pressure source", "Источник давления", 1e6, "Pa" },
  { "Sf", BG_DOMAIN_HYDRAULIC, "Flow source", "Источник расхода", 1e-4, "m³/s" },
  { "R", BG_DOMAIN_ROTATIONAL, "Rotary damper", "Вращательный демпфер", 0.1, "N·m·s/rad" },
  { "C", BG_DOMAIN_ROTATIONAL, "Torsional compliance", "Крутильная податливость", 0.01, "rad/(N·m)" },
  { "I", BG_DOMAIN_ROTATIONAL, "Inertia", "Момент инерции", 0.01, "kg·m²" },
  { "Se", BG_DOMAIN_ROTATIONAL, "Torque source", "Источник момента", 1, "N·m" },
  { "Sf", BG_DOMAIN_ROTATIONAL, "Angular velocity source", "Источник угловой скорости", 1, "rad/s" },
};

static void
assert_number_param (const BgComponentSpec *spec,
                     const char            *name,
                     double                 default_number,
                     const char            *unit,
                     BgLimit                limit)
{
  const BgParamSpec *pspec = bg_component_spec_find_param (spec, name, NULL);

  g_test_message ("%s.%s", spec->type, name);
  g_assert_nonnull (pspec);
  g_assert_cmpint (pspec->kind, ==, BG_PARAM_NUMBER);
  g_assert_cmpfloat (pspec->default_number, ==, default_number);
  g_assert_cmpstr (pspec->unit, ==, unit);
  g_assert_cmpint (pspec->limit, ==, limit);
}

static void
assert_waveform_params (const BgComponentSpec *spec,
                        const char            *value_name,
                        const char            *unit)
{
  const BgParamSpec *waveform = bg_component_spec_find_param (spec, "waveform", NULL);
  const BgParamSpec *after = bg_component_spec_find_param (spec, "after", NULL);
  const BgParamSpec *time = bg_component_spec_find_param (spec, "time", NULL);
  const BgParamSpec *value = bg_component_spec_find_param (spec, value_name, NULL);

  g_assert_nonnull (waveform);
  g_assert_cmpint (waveform->kind, ==, BG_PARAM_CHOICE);
  g_assert_cmpstr (waveform->default_choice, ==, "constant");
  g_assert_cmpstr (waveform->choices[0], ==, "constant");
  g_assert_cmpstr (waveform->choices[1], ==, "step");
  g_assert_cmpstr (waveform->choices[2], ==, "ramp");
  g_assert_cmpstr (waveform->choices[3], ==, "sine");
  g_assert_cmpstr (waveform->choices[4], ==, "pulse");
  g_assert_cmpstr (waveform->choices[5], ==, "table");
  g_assert_null (waveform->choices[6]);
  g_assert_null (waveform->visible_if);
  g_assert_nonnull (value);
  g_assert_cmpint (value->limit, ==, BG_LIMIT_ANY);
  g_assert_cmpstr (value->unit, ==, unit);
  /* The base level of every waveform but the table's (docs/components.md). */
  g_assert_cmpstr (value->visible_if, ==, "waveform=constant|step|ramp|sine|pulse");
  g_assert_nonnull (after);
  g_assert_cmpstr (after->unit, ==, unit);
  g_assert_cmpint (after->limit, ==, BG_LIMIT_ANY);
  g_assert_cmpstr (after->visible_if, ==, "waveform=step|pulse");
  g_assert_nonnull (time);
  g_assert_cmpstr (time->unit, ==, "s");
  g_assert_cmpint (time->limit, ==, BG_LIMIT_NONNEGATIVE);
  g_assert_cmpstr (time->visible_if, ==, "waveform=step|ramp|pulse");
  /* docs/components.md: the new parameters and their defaults. */
  {
    g_autofree char *slope_unit = g_strconcat (unit, "/s", NULL);

    assert_number_param (spec, "slope", 1, slope_unit, BG_LIMIT_ANY);
  }
  assert_number_param (spec, "until", 0, "s", BG_LIMIT_NONNEGATIVE);
  assert_number_param (spec, "amplitude", 1, unit, BG_LIMIT_ANY);
  assert_number_param (spec, "frequency", 1, "Hz", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "phase", 0, "rad", BG_LIMIT_ANY);
  assert_number_param (spec, "width", 0.5, "s", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "period", 1, "s", BG_LIMIT_POSITIVE);
  g_assert_cmpint (bg_component_spec_find_param (spec, "points", NULL)->kind, ==,
                   BG_PARAM_TABLE);
  g_assert_true (spec->validate == bg_wave_validate);
}

static gboolean
has_var (const BgComponentSpec *spec,
         const char            *suffix,
         const char            *unit)
{
  for (guint v = 0; v < spec->n_vars; v++)
    if (strcmp (spec->vars[v].suffix, suffix) == 0)
      return g_strcmp0 (spec->vars[v].unit, unit) == 0;
  return FALSE;
}

static void
test_one_ports (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (one_port_cases); i++)
    {
      const OnePortCase *c = &one_port_cases[i];
      const BgComponentSpec *spec = bg_library_lookup (c->type, c->domain);
      BgDomain d = c->domain;

      g_test_message ("%s %s", c->type, bg_domain_to_id (d));
      g_assert_nonnull (spec);
      g_assert_cmpstr (spec->name, ==, c->name);
      g_assert_cmpstr (spec->name_ru, ==, c->name_ru);
      g_assert_cmpstr (spec->symbol, ==, c->type);
      g_assert_false (spec->variable_ports);
      g_assert_cmpuint (spec->n_ports, ==, 1);
      g_assert_cmpstr (spec->ports[0].name, ==, bg_domain_one_port_name (d));
      g_assert_cmpint (spec->ports[0].domain, ==, d);

      g_assert_true (has_var (spec, "e", bg_domain_effort_unit (d)));
      g_assert_true (has_var (spec, "f", bg_domain_flow_unit (d)));

      if (strcmp (c->type, "R") == 0)
        {
          g_assert_true (spec->kind == &_bg_kind_r);
          g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_FREE);
          g_assert_cmpint (spec->ports[0].role, ==, BG_PORT_ROLE_ANY);
          g_assert_cmpuint (spec->n_params, ==, 1);
          assert_number_param (spec, "value", c->value, c->unit, BG_LIMIT_POSITIVE);
          g_assert_cmpuint (spec->n_vars, ==, 2);
          g_assert_cmpstr (spec->plot_vars, ==, "f");
          g_assert_false (bg_component_spec_is_storage (spec));
        }
      else if (strcmp (c->type, "C") == 0 || strcmp (c->type, "I") == 0)
        {
          gboolean is_c = c->type[0] == 'C';

          g_assert_true (spec->kind == (is_c ? &_bg_kind_c : &_bg_kind_i));
          g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_STORAGE);
          g_assert_true (bg_component_spec_is_storage (spec));
          g_assert_cmpint (spec->ports[0].role, ==,
                           is_c ? BG_PORT_ROLE_EFFORT_OUT : BG_PORT_ROLE_EFFORT_IN);
          g_assert_cmpuint (spec->n_params, ==, 2);
          g_assert_cmpstr (spec->params[0].name, ==, "value");
          g_assert_cmpstr (spec->params[1].name, ==, "initial");
          assert_number_param (spec, "value", c->value, c->unit, BG_LIMIT_POSITIVE);
          assert_number_param (spec, "initial", 0,
                               is_c ? bg_domain_displacement_unit (d)
                                    : bg_domain_momentum_unit (d),
                               BG_LIMIT_ANY);
          g_assert_cmpuint (spec->n_vars, ==, 4);
          g_assert_true (has_var (spec, is_c ? "q" : "p",
                                  is_c ? bg_domain_displacement_unit (d)
                                       : bg_domain_momentum_unit (d)));
          g_assert_true (has_var (spec, "E", "J"));
          g_assert_cmpstr (spec->plot_vars, ==, is_c ? "e" : "f");
        }
      else
        {
          gboolean is_se = strcmp (c->type, "Se") == 0;

          g_assert_true (spec->kind == (is_se ? &_bg_kind_se : &_bg_kind_sf));
          g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_FIXED);
          g_assert_cmpint (spec->ports[0].role, ==,
                           is_se ? BG_PORT_ROLE_EFFORT_OUT : BG_PORT_ROLE_EFFORT_IN);
          g_assert_cmpuint (spec->n_params, ==, 12);
          g_assert_cmpstr (spec->params[0].name, ==, "waveform");
          g_assert_cmpstr (spec->params[1].name, ==, "value");
          g_assert_cmpstr (spec->params[2].name, ==, "after");
          g_assert_cmpstr (spec->params[3].name, ==, "time");
          assert_waveform_params (spec, "value", c->unit);
          assert_number_param (spec, "value", c->value, c->unit, BG_LIMIT_ANY);
          g_assert_cmpuint (spec->n_vars, ==, 2);
          g_assert_false (bg_component_spec_is_storage (spec));
        }
    }
}

static void
test_junctions (void)
{
  static const struct
  {
    const char *type;
    BgDomain domain;
    const char *name, *name_ru;
  } cases[] = {
    { "0", BG_DOMAIN_TRANSLATIONAL, "Common force", "Общая сила" },
    { "1", BG_DOMAIN_TRANSLATIONAL, "Common velocity", "Общая скорость" },
    { "0", BG_DOMAIN_ELECTRICAL, "Common voltage", "Общее напряжение" },
    { "1", BG_DOMAIN_ELECTRICAL, "Common current", "Общий ток" },
    { "0", BG_DOMAIN_HYDRAULIC, "Common pressure", "Общее давление" },
    { "1", BG_DOMAIN_HYDRAULIC, "Common flow", "Общий расход" },
    { "0", BG_DOMAIN_ROTATIONAL, "Common torque", "Общий момент" },
    { "1", BG_DOMAIN_ROTATIONAL, "Common angular velocity", "Общая угловая скорость" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const BgComponentSpec *spec = bg_library_lookup (cases[i].type, cases[i].domain);
      gboolean zero = cases[i].type[0] == '0';

      g_assert_nonnull (spec);
      g_assert_cmpstr (spec->name, ==, cases[i].name);
      g_assert_cmpstr (spec->name_ru, ==, cases[i].name_ru);
      g_assert_cmpstr (spec->symbol, ==, cases[i].type);
      g_assert_true (spec->kind == (zero ? &_bg_kind_junction_0 : &_bg_kind_junction_1));
      g_assert_cmpint (spec->causal_rule, ==, zero ? BG_CAUSAL_ONE_IN : BG_CAUSAL_ONE_OUT);
      g_assert_true (spec->variable_ports);
      g_assert_cmpuint (spec->n_ports, ==, 0);
      g_assert_cmpuint (spec->n_params, ==, 0);
      g_assert_cmpuint (spec->n_vars, ==, 0);
      g_assert_null (spec->validate);
    }
}

static void
test_transformer (void)
{
  static const struct
  {
    BgDomain domain;
    const char *name, *name_ru;
  } cases[] = {
    { BG_DOMAIN_ELECTRICAL, "Ideal transformer", "Идеальный трансформатор" },
    { BG_DOMAIN_TRANSLATIONAL, "Ideal translational transformer",
      "Идеальный поступательный трансформатор" },
    { BG_DOMAIN_HYDRAULIC, "Hydraulic transformer", "Гидравлический трансформатор" },
    { BG_DOMAIN_ROTATIONAL, "Gear pair", "Зубчатая передача" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const BgComponentSpec *spec = bg_library_lookup ("TF", cases[i].domain);

      g_assert_nonnull (spec);
      g_assert_true (spec->kind == &_bg_kind_tf);
      g_assert_cmpstr (spec->name, ==, cases[i].name);
      g_assert_cmpstr (spec->name_ru, ==, cases[i].name_ru);
      g_assert_cmpstr (spec->symbol, ==, "TF");
      g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_ONE_IN);
      g_assert_cmpuint (spec->n_ports, ==, 2);
      g_assert_cmpstr (spec->ports[0].name, ==, "P");
      g_assert_cmpstr (spec->ports[1].name, ==, "S");
      g_assert_cmpuint (spec->n_params, ==, 1);
      assert_number_param (spec, "n", 1, "", BG_LIMIT_POSITIVE);
      g_assert_cmpuint (spec->n_vars, ==, 0);
    }
  g_assert_cmpstr (bg_library_lookup ("TF", BG_DOMAIN_ELECTRICAL)->ports[0].description,
                   ==, "primary winding");
}

/* Advanced components ------------------------------------------------------ */

static void
assert_port (const BgComponentSpec *spec,
             guint                  index,
             const char            *name,
             BgDomain               domain,
             BgPortRole             role)
{
  g_assert_cmpuint (index, <, spec->n_ports);
  g_assert_cmpstr (spec->ports[index].name, ==, name);
  g_assert_cmpint (spec->ports[index].domain, ==, domain);
  g_assert_cmpint (spec->ports[index].role, ==, role);
}

/* Runs spec->validate on the defaults with one number replaced. */
static gboolean
validate_with (const BgComponentSpec *spec,
               const char            *name,
               double                 number,
               GError               **error)
{
  g_autofree BgParamValue *values = g_new0 (BgParamValue, spec->n_params);
  guint index = 0;
  gboolean ok;

  for (guint p = 0; p < spec->n_params; p++)
    bg_param_value_init_default (&values[p], &spec->params[p]);
  g_assert_nonnull (bg_component_spec_find_param (spec, name, &index));
  values[index].number = number;
  ok = spec->validate (spec, values, error);
  for (guint p = 0; p < spec->n_params; p++)
    bg_param_value_clear (&values[p]);
  return ok;
}

static void
test_cylinder (void)
{
  const BgComponentSpec *spec = bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE);
  static const char *const vars[] = { "x", "v", "F_hyd", "Q_A", "Q_B", "P_mech" };
  GError *error = NULL;

  g_assert_nonnull (spec);
  g_assert_true (spec->kind == &_bg_kind_cylinder);
  g_assert_cmpstr (spec->name, ==, "Double-acting cylinder");
  g_assert_cmpstr (spec->name_ru, ==, "Двухсторонний цилиндр");
  g_assert_cmpstr (spec->symbol, ==, "CYL");
  g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_ONE_OUT);
  g_assert_cmpuint (spec->palette_domains, ==,
                    (1u << BG_DOMAIN_HYDRAULIC) | (1u << BG_DOMAIN_TRANSLATIONAL));
  g_assert_cmpuint (spec->n_ports, ==, 3);
  assert_port (spec, 0, "A", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN);
  assert_port (spec, 1, "B", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN);
  assert_port (spec, 2, "M", BG_DOMAIN_TRANSLATIONAL, BG_PORT_ROLE_EFFORT_OUT);
  g_assert_cmpstr (spec->ports[0].description, ==, "cap end");
  g_assert_cmpstr (spec->ports[1].description, ==, "rod end");

  g_assert_cmpuint (spec->n_params, ==, 4);
  assert_number_param (spec, "D", 0.05, "m", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "d", 0.025, "m", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "L", 0.3, "m", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "x0", 0.15, "m", BG_LIMIT_POSITIVE);

  g_assert_cmpuint (spec->n_vars, ==, G_N_ELEMENTS (vars));
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    g_assert_cmpstr (spec->vars[i].suffix, ==, vars[i]);
  g_assert_true (has_var (spec, "P_mech", "W"));
  g_assert_cmpstr (spec->plot_vars, ==, "x,v");

  /* D > d */
  g_assert_false (validate_with (spec, "d", 0.05, &error));
  g_assert_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "rod diameter d = 0.05 m must be smaller than piston diameter D = 0.05 m");
  g_clear_error (&error);
  g_assert_false (validate_with (spec, "D", 0.02, &error));
  g_assert_nonnull (strstr (error->message, "must be smaller than piston diameter D = 0.02 m"));
  g_clear_error (&error);
  g_assert_true (validate_with (spec, "d", 0.049, &error));
  g_assert_no_error (error);

  /* 0 < x0 < L */
  g_assert_false (validate_with (spec, "x0", 0.3, &error));
  g_assert_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "initial position x0 = 0.3 m must lie strictly between 0 and the stroke L = 0.3 m");
  g_clear_error (&error);
  g_assert_false (validate_with (spec, "L", 0.1, &error));
  g_assert_nonnull (strstr (error->message, "x0 = 0.15 m"));
  g_clear_error (&error);
  g_assert_false (validate_with (spec, "x0", 0, &error));
  g_clear_error (&error);
  g_assert_true (validate_with (spec, "x0", 0.299, &error));
  g_assert_no_error (error);
}

static void
test_mechanical_load (void)
{
  const BgComponentSpec *spec = bg_library_lookup ("MechanicalLoad", BG_DOMAIN_NONE);
  static const char *const params[] = {
    "mass", "damping", "waveform", "load", "after", "time", "slope", "until",
    "amplitude", "frequency", "phase", "width", "period", "points", "initial",
  };
  static const char *const vars[] = { "v", "s", "F", "p" };

  g_assert_nonnull (spec);
  g_assert_true (spec->kind == &_bg_kind_mechanical_load);
  g_assert_cmpstr (spec->name, ==, "Mass and load");
  g_assert_cmpstr (spec->name_ru, ==, "Масса и нагрузка");
  g_assert_cmpstr (spec->symbol, ==, "LOAD");
  g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_STORAGE);
  g_assert_true (bg_component_spec_is_storage (spec));
  g_assert_cmpuint (spec->palette_domains, ==, 1u << BG_DOMAIN_TRANSLATIONAL);
  g_assert_cmpuint (spec->n_ports, ==, 1);
  assert_port (spec, 0, "M", BG_DOMAIN_TRANSLATIONAL, BG_PORT_ROLE_EFFORT_IN);

  g_assert_cmpuint (spec->n_params, ==, G_N_ELEMENTS (params));
  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    g_assert_cmpstr (spec->params[i].name, ==, params[i]);
  assert_number_param (spec, "mass", 10, "kg", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "damping", 100, "N·s/m", BG_LIMIT_NONNEGATIVE);
  assert_number_param (spec, "load", 0, "N", BG_LIMIT_ANY);
  assert_number_param (spec, "initial", 0, "kg·m/s", BG_LIMIT_ANY);
  assert_waveform_params (spec, "load", "N");

  g_assert_cmpuint (spec->n_vars, ==, G_N_ELEMENTS (vars));
  for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
    g_assert_cmpstr (spec->vars[i].suffix, ==, vars[i]);
  g_assert_cmpstr (spec->plot_vars, ==, "v");
}

static gboolean
validate_table (const double *rows,
                guint         n_numbers,
                GError      **error)
{
  const BgComponentSpec *spec = bg_library_lookup ("PumpCurve", BG_DOMAIN_NONE);
  BgParamValue value = { .kind = BG_PARAM_TABLE };
  gboolean ok;

  value.table = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (value.table, rows, n_numbers);
  ok = bg_param_value_check (&value, &spec->params[0], error)
       && spec->validate (spec, &value, error);
  bg_param_value_clear (&value);
  return ok;
}

static void
test_pump_curve (void)
{
  const BgComponentSpec *spec = bg_library_lookup ("PumpCurve", BG_DOMAIN_NONE);
  const BgParamSpec *table;
  BgParamValue value;
  GError *error = NULL;

  g_assert_nonnull (spec);
  g_assert_true (spec->kind == &_bg_kind_pump_curve);
  g_assert_cmpstr (spec->name, ==, "Pump curve");
  g_assert_cmpstr (spec->name_ru, ==, "Насос (табличная характеристика)");
  g_assert_cmpstr (spec->symbol, ==, "PUMP");
  g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_FIXED);
  g_assert_cmpuint (spec->palette_domains, ==, 1u << BG_DOMAIN_HYDRAULIC);
  g_assert_cmpuint (spec->n_ports, ==, 2);
  assert_port (spec, 0, "T", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN);
  assert_port (spec, 1, "P", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_IN);
  g_assert_true (has_var (spec, "Q", "m³/s"));
  g_assert_true (has_var (spec, "dp", "Pa"));
  g_assert_true (has_var (spec, "P_hyd", "W"));
  g_assert_cmpuint (spec->n_vars, ==, 3);
  g_assert_cmpstr (spec->plot_vars, ==, "Q");

  table = bg_component_spec_find_param (spec, "table", NULL);
  g_assert_nonnull (table);
  g_assert_cmpint (table->kind, ==, BG_PARAM_TABLE);
  g_assert_cmpuint (table->default_table_rows, ==, 3);
  bg_param_value_init_default (&value, table);
  g_assert_cmpuint (value.table->len, ==, 6);
  g_assert_cmpfloat (g_array_index (value.table, double, 0), ==, 0);
  g_assert_cmpfloat (g_array_index (value.table, double, 1), ==, 1.0e-4);
  g_assert_cmpfloat (g_array_index (value.table, double, 2), ==, 1.5e7);
  g_assert_cmpfloat (g_array_index (value.table, double, 3), ==, 0.9e-4);
  g_assert_cmpfloat (g_array_index (value.table, double, 4), ==, 2.0e7);
  g_assert_cmpfloat (g_array_index (value.table, double, 5), ==, 0);
  bg_param_value_clear (&value);

  {
    static const double good[] = { 0, 2e-4, 1e7, 2e-4, 2e7, 0 };
    static const double one_row[] = { 0, 1e-4 };
    static const double dp_equal[] = { 0, 1e-4, 0, 0.5e-4 };
    static const double dp_down[] = { 0, 1e-4, 1e7, 0.5e-4, 5e6, 0 };
    static const double q_up[] = { 0, 1e-4, 1e7, 2e-4 };
    static const double q_negative[] = { 0, 1e-4, 1e7, -1e-5 };
    static const double odd[] = { 0, 1e-4, 1e7 };
    double not_finite[] = { 0, 1e-4, INFINITY, 0 };

    g_assert_true (validate_table (good, G_N_ELEMENTS (good), &error));
    g_assert_no_error (error);

    g_assert_false (validate_table (one_row, G_N_ELEMENTS (one_row), &error));
    g_assert_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE);
    g_assert_cmpstr (error->message, ==, "the pump table needs at least 2 rows [Δp, Q]");
    g_clear_error (&error);

    g_assert_false (validate_table (dp_equal, G_N_ELEMENTS (dp_equal), &error));
    g_assert_cmpstr (error->message, ==, "row 2: pressure rise Δp must be strictly increasing");
    g_clear_error (&error);

    g_assert_false (validate_table (dp_down, G_N_ELEMENTS (dp_down), &error));
    g_assert_cmpstr (error->message, ==, "row 3: pressure rise Δp must be strictly increasing");
    g_clear_error (&error);

    g_assert_false (validate_table (q_up, G_N_ELEMENTS (q_up), &error));
    g_assert_cmpstr (error->message, ==, "row 2: flow Q must not increase with pressure rise");
    g_clear_error (&error);

    g_assert_false (validate_table (q_negative, G_N_ELEMENTS (q_negative), &error));
    g_assert_cmpstr (error->message, ==, "row 2: flow Q = -1e-05 must be ≥ 0");
    g_clear_error (&error);

    g_assert_false (validate_table (odd, G_N_ELEMENTS (odd), &error));
    g_assert_cmpstr (error->message, ==, "must be a table of rows of two numbers");
    g_clear_error (&error);

    g_assert_false (validate_table (not_finite, G_N_ELEMENTS (not_finite), &error));
    g_assert_cmpstr (error->message, ==, "row 2: must be finite");
    g_clear_error (&error);

    g_assert_false (validate_table (NULL, 0, &error));
    g_assert_cmpstr (error->message, ==, "the pump table needs at least 2 rows [Δp, Q]");
    g_clear_error (&error);
  }
}

static void
test_gas_accumulator (void)
{
  const BgComponentSpec *spec = bg_library_lookup ("GasAccumulator", BG_DOMAIN_NONE);
  const BgParamSpec *n;
  GError *error = NULL;

  g_assert_nonnull (spec);
  g_assert_true (spec->kind == &_bg_kind_gas_accumulator);
  g_assert_cmpstr (spec->name, ==, "Gas accumulator");
  g_assert_cmpstr (spec->name_ru, ==, "Газовый аккумулятор");
  g_assert_cmpstr (spec->symbol, ==, "ACC");
  g_assert_cmpint (spec->causal_rule, ==, BG_CAUSAL_STORAGE);
  g_assert_cmpuint (spec->palette_domains, ==, 1u << BG_DOMAIN_HYDRAULIC);
  g_assert_cmpuint (spec->n_ports, ==, 1);
  assert_port (spec, 0, "H", BG_DOMAIN_HYDRAULIC, BG_PORT_ROLE_EFFORT_OUT);

  g_assert_cmpuint (spec->n_params, ==, 4);
  assert_number_param (spec, "V0", 1e-3, "m³", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "p0", 5e6, "Pa", BG_LIMIT_POSITIVE);
  assert_number_param (spec, "n", 1.4, "", BG_LIMIT_RANGE);
  assert_number_param (spec, "initial", 0, "m³", BG_LIMIT_ANY);
  n = bg_component_spec_find_param (spec, "n", NULL);
  g_assert_cmpfloat (n->min, ==, 1);
  g_assert_cmpfloat (n->max, ==, 2);

  g_assert_true (has_var (spec, "p", "Pa"));
  g_assert_true (has_var (spec, "V_f", "m³"));
  g_assert_true (has_var (spec, "V_gas", "m³"));
  g_assert_cmpstr (spec->plot_vars, ==, "p");

  g_assert_false (validate_with (spec, "initial", 0.99e-3, &error));
  g_assert_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "must be below 0.99 · V0"));
  g_clear_error (&error);
  g_assert_true (validate_with (spec, "initial", -1e-4, &error));
  g_assert_no_error (error);
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
  g_test_add_func ("/core/library/one-ports", test_one_ports);
  g_test_add_func ("/core/library/junctions", test_junctions);
  g_test_add_func ("/core/library/transformer", test_transformer);
  g_test_add_func ("/core/library/cylinder", test_cylinder);
  g_test_add_func ("/core/library/mechanical-load", test_mechanical_load);
  g_test_add_func ("/core/library/pump-curve", test_pump_curve);
  g_test_add_func ("/core/library/gas-accumulator", test_gas_accumulator);
  g_test_add_func ("/core/library/palettes", test_palettes);
  g_test_add_func ("/core/library/param-check", test_param_check);
  g_test_add_func ("/core/library/param-value", test_param_value);
  g_test_add_func ("/core/library/threads", test_threads);
  g_test_add_func ("/core/i18n/russian", test_i18n_russian);
  g_test_add_func ("/core/i18n/russian/subprocess", test_i18n_russian_subprocess);
  g_test_add_func ("/core/i18n/plain-c", test_i18n_plain_c);

  return g_test_run ();
}
