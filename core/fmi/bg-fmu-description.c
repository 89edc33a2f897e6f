/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-description.c — modelDescription.xml (bg-fmu-description.h).
 *
 * Owns: the XML text of both FMI versions. FMI 3.0: <Float64> variables,
 * "time" as the independent variable, ModelStructure by value reference,
 * event indicators as variables. FMI 2.0: <ScalarVariable><Real/>, the
 * derivative attribute and ModelStructure by 1-based index, the number of
 * event indicators on the root. Parameters are tunable with exact starts,
 * states and the other unknowns are calculated (a state's initial value
 * is its element's parameter). Must not: decide which variables exist
 * (bg-fmu-vars.c does).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bg-fmu-description.h"
#include "bg-fmu-units.h"
#include "bg-json.h"

const char *const bg_fmu_log_categories[] = {
  "logEvents", "Time events, end stops and parameter changes",
  "logStatusWarning", "Warnings",
  "logStatusError", "Errors: refused calls, solver failures",
  NULL,
};

/* The shortest decimal that reads back as the same double (as in the
 * .bgmod files). */
static void
append_number (GString *out, double v)
{
  bg_json_append_number (out, v);
}

static void
append_attr (GString *out, const char *name, const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);

  g_string_append_printf (out, " %s=\"%s\"", name, escaped);
}

static void
append_attr_number (GString *out, const char *name, double value)
{
  g_string_append_printf (out, " %s=\"", name);
  append_number (out, value);
  g_string_append_c (out, '"');
}

static void
append_units (GString *out, const BgFmuVars *vars)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean any = FALSE;

  for (guint i = 0; i < bg_fmu_vars_get_n (vars); i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (vars, i);
      int e[BG_FMU_N_BASE];

      if (*v->unit == '\0' || !g_hash_table_add (seen, v->unit))
        continue;
      if (!any)
        g_string_append (out, "  <UnitDefinitions>\n");
      any = TRUE;
      g_string_append (out, "    <Unit");
      append_attr (out, "name", v->unit);
      if (bg_fmu_unit_parse (v->unit, e))
        {
          g_string_append (out, ">\n      <BaseUnit");
          for (guint k = 0; k < BG_FMU_N_BASE; k++)
            if (e[k] != 0)
              g_string_append_printf (out, " %s=\"%d\"", bg_fmu_base_names[k], e[k]);
          g_string_append (out, "/>\n    </Unit>\n");
        }
      else
        g_string_append (out, "/>\n");
    }
  if (any)
    g_string_append (out, "  </UnitDefinitions>\n");
}

static void
append_log_categories (GString *out)
{
  g_string_append (out, "  <LogCategories>\n");
  for (guint i = 0; bg_fmu_log_categories[i] != NULL; i += 2)
    {
      g_string_append (out, "    <Category");
      append_attr (out, "name", bg_fmu_log_categories[i]);
      append_attr (out, "description", bg_fmu_log_categories[i + 1]);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </LogCategories>\n");
}

static void
append_experiment (GString *out, const BgFmuDescriptionInfo *info)
{
  g_string_append (out, "  <DefaultExperiment startTime=\"0\"");
  append_attr_number (out, "stopTime", info->t_end);
  append_attr_number (out, "tolerance", info->rtol);
  append_attr_number (out, "stepSize", info->output_step);
  g_string_append (out, "/>\n");
}

static const char *
causality_of (const BgFmuVar *v)
{
  switch (v->kind)
    {
    case BG_FMU_VAR_TIME:
      return "independent";
    case BG_FMU_VAR_PARAMETER:
      return "parameter";
    case BG_FMU_VAR_INPUT:
      return "input";
    case BG_FMU_VAR_OUTPUT:
      return "output";
    case BG_FMU_VAR_STATE:
      return v->output ? "output" : "local";
    case BG_FMU_VAR_DERIVATIVE:
    case BG_FMU_VAR_INDICATOR:
    default:
      return "local";
    }
}

static gboolean
is_output (const BgFmuVar *v)
{
  return v->kind == BG_FMU_VAR_OUTPUT || (v->kind == BG_FMU_VAR_STATE && v->output);
}

/* The attributes both versions share, up to initial. */
static void
append_common (GString *out, const BgFmuVar *v)
{
  append_attr (out, "name", v->name);
  g_string_append_printf (out, " valueReference=\"%u\"", v->vr);
  if (*v->description != '\0')
    append_attr (out, "description", v->description);
  append_attr (out, "causality", causality_of (v));
  append_attr (out, "variability", v->kind == BG_FMU_VAR_PARAMETER ? "tunable" : "continuous");
  if (v->kind == BG_FMU_VAR_PARAMETER)
    append_attr (out, "initial", "exact");
  else if (v->kind != BG_FMU_VAR_TIME && v->kind != BG_FMU_VAR_INPUT)
    append_attr (out, "initial", "calculated");
}

static gboolean
has_start (const BgFmuVar *v)
{
  return v->kind == BG_FMU_VAR_PARAMETER || v->kind == BG_FMU_VAR_INPUT;
}

static void
append_variables_3 (GString *out, const BgFmuVars *vars)
{
  g_string_append (out, "  <ModelVariables>\n");
  for (guint i = 0; i < bg_fmu_vars_get_n (vars); i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (vars, i);

      g_string_append (out, "    <Float64");
      append_common (out, v);
      if (*v->unit != '\0')
        append_attr (out, "unit", v->unit);
      if (has_start (v))
        append_attr_number (out, "start", v->start);
      if (v->kind == BG_FMU_VAR_DERIVATIVE)
        g_string_append_printf (out, " derivative=\"%u\"", bg_fmu_vars_state_vr (vars, v->index));
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </ModelVariables>\n");
}

static void
append_structure_3 (GString *out, const BgFmuVars *vars)
{
  guint n = bg_fmu_vars_get_n (vars);

  g_string_append (out, "  <ModelStructure>\n");
  for (guint i = 0; i < n; i++)
    if (is_output (bg_fmu_vars_get (vars, i)))
      g_string_append_printf (out, "    <Output valueReference=\"%u\"/>\n", i);
  for (guint s = 0; s < bg_fmu_vars_get_n_states (vars); s++)
    g_string_append_printf (out, "    <ContinuousStateDerivative valueReference=\"%u\"/>\n",
                            bg_fmu_vars_derivative_vr (vars, s));
  for (guint i = 0; i < n; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (vars, i);
      if (is_output (v) || v->kind == BG_FMU_VAR_STATE || v->kind == BG_FMU_VAR_DERIVATIVE)
        g_string_append_printf (out, "    <InitialUnknown valueReference=\"%u\"/>\n", i);
    }
  for (guint i = 0; i < n; i++)
    if (bg_fmu_vars_get (vars, i)->kind == BG_FMU_VAR_INDICATOR)
      g_string_append_printf (out, "    <EventIndicator valueReference=\"%u\"/>\n", i);
  g_string_append (out, "  </ModelStructure>\n");
}

/* FMI 2.0 numbers the ScalarVariables from 1 in document order; event
 * indicators are no variables there. */
static void
append_variables_2 (GString *out, const BgFmuVars *vars, guint *index_of)
{
  guint index = 0;

  g_string_append (out, "  <ModelVariables>\n");
  for (guint i = 0; i < bg_fmu_vars_get_n (vars); i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (vars, i);

      index_of[i] = 0;
      if (v->kind == BG_FMU_VAR_INDICATOR)
        continue;
      index_of[i] = ++index;
      g_string_append_printf (out, "    <!-- index %u -->\n    <ScalarVariable", index);
      append_common (out, v);
      g_string_append (out, ">\n      <Real");
      if (*v->unit != '\0')
        append_attr (out, "unit", v->unit);
      if (has_start (v))
        append_attr_number (out, "start", v->start);
      if (v->kind == BG_FMU_VAR_DERIVATIVE)
        g_string_append_printf (out, " derivative=\"%u\"",
                                index_of[bg_fmu_vars_state_vr (vars, v->index)]);
      g_string_append (out, "/>\n    </ScalarVariable>\n");
    }
  g_string_append (out, "  </ModelVariables>\n");
}

static void
append_structure_2 (GString *out, const BgFmuVars *vars, const guint *index_of)
{
  guint n = bg_fmu_vars_get_n (vars);
  gboolean any = FALSE;

  g_string_append (out, "  <ModelStructure>\n");
  for (guint i = 0; i < n; i++)
    if (is_output (bg_fmu_vars_get (vars, i)))
      {
        if (!any)
          g_string_append (out, "    <Outputs>\n");
        any = TRUE;
        g_string_append_printf (out, "      <Unknown index=\"%u\"/>\n", index_of[i]);
      }
  if (any)
    g_string_append (out, "    </Outputs>\n");
  if (bg_fmu_vars_get_n_states (vars) > 0)
    {
      g_string_append (out, "    <Derivatives>\n");
      for (guint s = 0; s < bg_fmu_vars_get_n_states (vars); s++)
        g_string_append_printf (out, "      <Unknown index=\"%u\"/>\n",
                                index_of[bg_fmu_vars_derivative_vr (vars, s)]);
      g_string_append (out, "    </Derivatives>\n");
    }
  any = FALSE;
  for (guint i = 0; i < n; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (vars, i);
      if (!(is_output (v) || v->kind == BG_FMU_VAR_STATE || v->kind == BG_FMU_VAR_DERIVATIVE))
        continue;
      if (!any)
        g_string_append (out, "    <InitialUnknowns>\n");
      any = TRUE;
      g_string_append_printf (out, "      <Unknown index=\"%u\"/>\n", index_of[i]);
    }
  if (any)
    g_string_append (out, "    </InitialUnknowns>\n");
  g_string_append (out, "  </ModelStructure>\n");
}

char *
bg_fmu_description_write (const BgFmuVars            *vars,
                          const BgFmuDescriptionInfo *info)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  gboolean v3 = info->fmi_version == 3;

  g_string_append (out, "<fmiModelDescription");
  append_attr (out, "fmiVersion", v3 ? "3.0" : "2.0");
  append_attr (out, "modelName", info->model_name);
  if (info->description != NULL && *info->description != '\0')
    append_attr (out, "description", info->description);
  append_attr (out, v3 ? "instantiationToken" : "guid", info->token);
  append_attr (out, "generationTool", "BGMod " BGMOD_VERSION);
  append_attr (out, "variableNamingConvention", "structured");
  if (!v3)
    g_string_append_printf (out, " numberOfEventIndicators=\"%u\"",
                            bg_fmu_vars_get_n_indicators (vars));
  g_string_append (out, ">\n");

  g_string_append (out, "  <ModelExchange");
  append_attr (out, "modelIdentifier", info->model_identifier);
  append_attr (out, "needsExecutionTool", "false");
  append_attr (out, "canBeInstantiatedOnlyOncePerProcess", "false");
  if (v3)
    append_attr (out, "canGetAndSetFMUState", "false");
  else
    {
      append_attr (out, "canNotUseMemoryManagementFunctions", "true");
      append_attr (out, "canGetAndSetFMUstate", "false");
    }
  g_string_append (out, "/>\n");
  g_string_append (out, "  <CoSimulation");
  append_attr (out, "modelIdentifier", info->model_identifier);
  append_attr (out, "needsExecutionTool", "false");
  append_attr (out, "canBeInstantiatedOnlyOncePerProcess", "false");
  append_attr (out, "canHandleVariableCommunicationStepSize", "true");
  if (v3)
    {
      append_attr (out, "canGetAndSetFMUState", "false");
      append_attr (out, "mightReturnEarlyFromDoStep", "true");
      append_attr (out, "hasEventMode", "false");
    }
  else
    {
      append_attr (out, "canNotUseMemoryManagementFunctions", "true");
      append_attr (out, "canGetAndSetFMUstate", "false");
    }
  g_string_append (out, "/>\n");

  append_units (out, vars);
  append_log_categories (out);
  append_experiment (out, info);
  if (v3)
    {
      append_variables_3 (out, vars);
      append_structure_3 (out, vars);
    }
  else
    {
      g_autofree guint *index_of = g_new0 (guint, MAX (bg_fmu_vars_get_n (vars), 1));
      append_variables_2 (out, vars, index_of);
      append_structure_2 (out, vars, index_of);
    }
  g_string_append (out, "</fmiModelDescription>\n");
  return g_string_free (out, FALSE);
}
