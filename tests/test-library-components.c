/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-library-components.c — each component's spec, one by one.
 *
 * Owns: the spec tables of the one-port primitives, junctions and
 * transformer, and of the cylinder, mechanical load, pump curve and gas
 * accumulator, against docs/components.md and the handbook pages: ports,
 * parameters with their defaults, units and checks, variables, kinds, and
 * the cross-parameter and table validation. Must not: test the model,
 * analysis or simulation; what all specs share is test-library.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-domain.h"
#include "bg-library.h"
#include "bg-components-private.h"
#include "bg-waveform.h"

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/library/one-ports", test_one_ports);
  g_test_add_func ("/core/library/junctions", test_junctions);
  g_test_add_func ("/core/library/transformer", test_transformer);
  g_test_add_func ("/core/library/cylinder", test_cylinder);
  g_test_add_func ("/core/library/mechanical-load", test_mechanical_load);
  g_test_add_func ("/core/library/pump-curve", test_pump_curve);
  g_test_add_func ("/core/library/gas-accumulator", test_gas_accumulator);

  return g_test_run ();
}
