/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-vars.c — the variables of an exported FMU (bg-fmu-vars.h).
 *
 * Owns: the choice and order of the variables, their names, units and
 * descriptions (the plan's variable list, as `bgmod-cli simulate` names
 * them), the checks of the chosen inputs and outputs. Must not: write XML,
 * run anything or change the model.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-fmu-vars.h"
#include "bg-plan-private.h"
#include "bg-plot-defaults.h"
#include "bg-waveform.h"

G_DEFINE_QUARK (bg-fmu-error-quark, bg_fmu_error)

struct _BgFmuVars
{
  GArray     *vars;        /* BgFmuVar */
  GArray     *params;      /* BgFmuParam */
  guint       n_states;
  guint32    *state_vr, *deriv_vr;
  GPtrArray  *inputs;      /* source ids, NULL-terminated */
  GPtrArray  *outputs;     /* output names, NULL-terminated */
  guint       n_indicators;
};

static void
var_clear (gpointer data)
{
  BgFmuVar *v = data;

  g_free (v->name);
  g_free (v->unit);
  g_free (v->description);
}

static void
param_clear (gpointer data)
{
  g_free (((BgFmuParam *) data)->element_id);
}

void
bg_fmu_vars_free (BgFmuVars *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->vars);
  g_array_unref (self->params);
  g_free (self->state_vr);
  g_free (self->deriv_vr);
  g_ptr_array_unref (self->inputs);
  g_ptr_array_unref (self->outputs);
  g_free (self);
}

static BgFmuVar *
add_var (BgFmuVars *self, BgFmuVarKind kind, const char *name, const char *unit,
         const char *description, double start, guint index)
{
  BgFmuVar v = { 0 };

  v.kind = kind;
  v.vr = self->vars->len;
  v.name = g_strdup (name);
  v.unit = g_strdup (unit != NULL ? unit : "");
  v.description = g_strdup (description != NULL ? description : "");
  v.start = start;
  v.index = index;
  g_array_append_val (self->vars, v);
  return &g_array_index (self->vars, BgFmuVar, self->vars->len - 1);
}

/* A waveform parameter of a source: its level (spec->waveform_param) or a
 * parameter shown only for some waveforms. */
static gboolean
is_waveform_param (const BgComponentSpec *spec, const BgParamSpec *p)
{
  return (spec->waveform_param != NULL && g_str_equal (p->name, spec->waveform_param))
         || (p->visible_if != NULL && g_str_has_prefix (p->visible_if, "waveform="));
}

static gboolean
is_input (const BgFmuVars *self, const char *id)
{
  for (guint i = 0; i + 1 < self->inputs->len; i++)
    if (g_str_equal (g_ptr_array_index (self->inputs, i), id))
      return TRUE;
  return FALSE;
}

static void
add_params (BgFmuVars *self, BgModel *flat)
{
  GPtrArray *elements = bg_model_get_elements (flat);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      const BgComponentSpec *spec = el->spec;
      gboolean input = is_input (self, el->id);

      for (guint k = 0; k < spec->n_params; k++)
        {
          const BgParamSpec *p = &spec->params[k];
          g_autofree char *name = NULL;
          BgFmuParam param;

          if (p->kind != BG_PARAM_NUMBER || !bg_param_is_visible (spec, p, el->params))
            continue;
          if (input && is_waveform_param (spec, p))
            continue;
          name = g_strdup_printf ("%s.%s", el->id, p->name);
          /* Translators: the description of a parameter in an FMU: "Resistance of R1" */
          g_autofree char *description = g_strdup_printf (_("%s of %s"), _(p->label), el->id);
          add_var (self, BG_FMU_VAR_PARAMETER, name, p->unit, description,
                   el->params[k].number, self->params->len);
          param.element_id = g_strdup (el->id);
          param.param = k;
          g_array_append_val (self->params, param);
        }
    }
}

/* "C/s" for "C", "m/s²" for "m/s", "N·m" for "N·m·s". */
static char *
derivative_unit (const char *unit)
{
  if (unit == NULL || *unit == '\0')
    return g_strdup ("1/s");
  if (g_str_has_suffix (unit, "·s"))
    return g_strndup (unit, strlen (unit) - strlen ("·s"));
  if (g_str_has_suffix (unit, "/s"))
    return g_strconcat (unit, "²", NULL);
  return g_strconcat (unit, "/s", NULL);
}

static const char *
indicator_suffix (BgEventKind kind)
{
  switch (kind)
    {
    case BG_EVENT_CYLINDER_LOW:
      return "stop_x_0";
    case BG_EVENT_CYLINDER_HIGH:
      return "stop_x_L";
    case BG_EVENT_ACCUMULATOR_FULL:
    default:
      return "full";
    }
}

GStrv
bg_fmu_dup_input_candidates (BgPlan *plan)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint w = 0; w < plan->n_waves; w++)
    if (g_hash_table_add (seen, plan->wave_element[w]))
      g_strv_builder_add (builder, plan->wave_element[w]);
  return g_strv_builder_end (builder);
}

static gboolean
check_inputs (BgFmuVars *self, BgPlan *plan, const char *const *inputs, GError **error)
{
  g_auto (GStrv) candidates = bg_fmu_dup_input_candidates (plan);

  for (guint i = 0; inputs != NULL && inputs[i] != NULL; i++)
    {
      if (!g_strv_contains ((const char *const *) candidates, inputs[i]))
        {
          g_autofree char *list = g_strjoinv (", ", candidates);
          if (candidates[0] == NULL)
            g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_UNKNOWN_INPUT,
                         _("unknown input “%s”: the model has no source with a waveform"),
                         inputs[i]);
          else
            g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_UNKNOWN_INPUT,
                         _("unknown input “%s” (the sources are: %s)"), inputs[i], list);
          return FALSE;
        }
      if (!is_input (self, inputs[i]))
        g_ptr_array_insert (self->inputs, self->inputs->len - 1, g_strdup (inputs[i]));
    }
  return TRUE;
}

static gboolean
check_outputs (BgFmuVars *self, BgModel *flat, BgPlan *plan, const char *const *outputs,
               GError **error)
{
  g_auto (GStrv) defaults = NULL;

  if (outputs == NULL)
    {
      defaults = bg_plot_defaults_dup_main (flat);
      outputs = (const char *const *) defaults;
    }
  for (guint i = 0; outputs[i] != NULL; i++)
    {
      int v = bg_plan_lookup_var (plan, outputs[i]);

      if (v <= 0)
        {
          g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_UNKNOWN_OUTPUT,
                       _("unknown output “%s” (names are like b1.e, C1.q, CYL.x)"),
                       outputs[i]);
          return FALSE;
        }
      if (!g_strv_contains ((const char *const *) self->outputs->pdata, outputs[i]))
        g_ptr_array_insert (self->outputs, self->outputs->len - 1, g_strdup (outputs[i]));
    }
  return TRUE;
}

static gboolean
is_output (const BgFmuVars *self, const char *name)
{
  return g_strv_contains ((const char *const *) self->outputs->pdata, name);
}

BgFmuVars *
bg_fmu_vars_new (BgModel           *flat,
                 BgPlan            *plan,
                 const char *const *inputs,
                 const char *const *outputs,
                 GError           **error)
{
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  BgFmuVars *self = g_new0 (BgFmuVars, 1);
  guint n = plan->n_states;

  self->vars = g_array_new (FALSE, FALSE, sizeof (BgFmuVar));
  g_array_set_clear_func (self->vars, var_clear);
  self->params = g_array_new (FALSE, FALSE, sizeof (BgFmuParam));
  g_array_set_clear_func (self->params, param_clear);
  self->inputs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->inputs, NULL);
  self->outputs = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->outputs, NULL);
  self->n_states = n;
  self->state_vr = g_new0 (guint32, MAX (n, 1));
  self->deriv_vr = g_new0 (guint32, MAX (n, 1));

  if (!check_inputs (self, plan, inputs, error)
      || !check_outputs (self, flat, plan, outputs, error))
    {
      bg_fmu_vars_free (self);
      return NULL;
    }
  if (n == 0 && self->outputs->len == 1)
    {
      g_set_error_literal (error, BG_FMU_ERROR, BG_FMU_ERROR_EMPTY,
                           _("the model has nothing to export: no state and no output"));
      bg_fmu_vars_free (self);
      return NULL;
    }

  add_var (self, BG_FMU_VAR_TIME, "time", "s", _("Simulation time"), 0, 0);
  add_params (self, flat);

  for (guint i = 0; i < n; i++)
    {
      int pv = _bg_plan_state_var (plan, i);
      const char *name = plan->state_names[i];
      const char *unit = pv > 0 ? bg_plan_get_var_unit (plan, pv) : "";
      const char *description = pv > 0 ? bg_plan_get_var_description (plan, pv) : "";
      BgFmuVar *v = add_var (self, BG_FMU_VAR_STATE, name, unit, description, plan->y0[i], i);

      v->output = is_output (self, name);
      self->state_vr[i] = v->vr;
    }
  for (guint i = 0; i < n; i++)
    {
      const BgFmuVar *state = &g_array_index (self->vars, BgFmuVar, self->state_vr[i]);
      g_autofree char *name = g_strdup_printf ("der(%s)", state->name);
      g_autofree char *unit = derivative_unit (state->unit);
      /* Translators: the description of a state's derivative in an FMU */
      g_autofree char *description = g_strdup_printf (_("rate of change of %s"), state->name);

      self->deriv_vr[i] = add_var (self, BG_FMU_VAR_DERIVATIVE, name, unit, description, 0, i)->vr;
    }
  for (guint k = 0; k + 1 < self->inputs->len; k++)
    {
      const char *id = g_ptr_array_index (self->inputs, k);
      const BgElement *el = bg_model_find_element (flat, id);
      const BgParamSpec *p = el != NULL && el->spec->waveform_param != NULL
                             ? bg_component_spec_find_param (el->spec, el->spec->waveform_param, NULL)
                             : NULL;
      double start = 0;

      for (guint w = 0; w < plan->n_waves; w++)
        if (g_str_equal (plan->wave_element[w], id))
          {
            start = bg_wave_eval (&plan->waves[w], 0, 0);
            break;
          }
      /* Translators: the description of an FMU's input: "Effort (replaces the waveform of U)" */
      g_autofree char *description = g_strdup_printf (_("%s (replaces the waveform of %s)"),
                                                      p != NULL ? _(p->label) : id, id);
      add_var (self, BG_FMU_VAR_INPUT, id, p != NULL ? p->unit : "", description, start, k);
    }
  for (guint k = 0; k + 1 < self->outputs->len; k++)
    {
      const char *name = g_ptr_array_index (self->outputs, k);
      int v = bg_plan_lookup_var (plan, name);
      gboolean state = FALSE;

      for (guint i = 0; i < n && !state; i++)
        state = g_str_equal (plan->state_names[i], name);
      if (!state)
        add_var (self, BG_FMU_VAR_OUTPUT, name, bg_plan_get_var_unit (plan, v),
                 bg_plan_get_var_description (plan, v), 0, v);
    }
  for (guint e = 0; e < plan->n_events; e++)
    {
      const BgEvent *ev = &plan->events[e];
      g_autofree char *name = g_strdup_printf ("%s.%s", ev->element_id, indicator_suffix (ev->kind));
      /* Translators: the description of an FMU's event indicator */
      g_autofree char *description = g_strdup_printf (_("zero where %s ends the run"), ev->element_id);
      const char *unit = "";
      int pv = _bg_plan_state_var (plan, ev->state);

      if (pv > 0)
        unit = bg_plan_get_var_unit (plan, pv);
      add_var (self, BG_FMU_VAR_INDICATOR, name, unit, description, 0, e);
      self->n_indicators++;
    }

  /* Names are unique (an input named like a variable would not be). */
  for (guint i = 0; i < self->vars->len; i++)
    {
      const BgFmuVar *v = &g_array_index (self->vars, BgFmuVar, i);
      if (!g_hash_table_add (names, v->name))
        {
          g_set_error (error, BG_FMU_ERROR, BG_FMU_ERROR_MODEL,
                       _("two variables of the FMU would be named “%s”"), v->name);
          bg_fmu_vars_free (self);
          return NULL;
        }
    }
  return self;
}

guint
bg_fmu_vars_get_n (const BgFmuVars *self)
{
  return self->vars->len;
}

const BgFmuVar *
bg_fmu_vars_get (const BgFmuVars *self, guint vr)
{
  return vr < self->vars->len ? &g_array_index (self->vars, BgFmuVar, vr) : NULL;
}

guint
bg_fmu_vars_get_n_params (const BgFmuVars *self)
{
  return self->params->len;
}

const BgFmuParam *
bg_fmu_vars_get_param (const BgFmuVars *self, guint index)
{
  return &g_array_index (self->params, BgFmuParam, index);
}

guint
bg_fmu_vars_get_n_states (const BgFmuVars *self)
{
  return self->n_states;
}

guint32
bg_fmu_vars_state_vr (const BgFmuVars *self, guint state)
{
  return self->state_vr[state];
}

guint32
bg_fmu_vars_derivative_vr (const BgFmuVars *self, guint state)
{
  return self->deriv_vr[state];
}

guint
bg_fmu_vars_get_n_inputs (const BgFmuVars *self)
{
  return self->inputs->len - 1;
}

const char *
bg_fmu_vars_get_input (const BgFmuVars *self, guint input)
{
  return g_ptr_array_index (self->inputs, input);
}

guint
bg_fmu_vars_get_n_indicators (const BgFmuVars *self)
{
  return self->n_indicators;
}

const char *const *
bg_fmu_vars_get_output_names (const BgFmuVars *self)
{
  return (const char *const *) self->outputs->pdata;
}
