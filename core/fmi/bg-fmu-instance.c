/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-instance.c — an FMU instance's life (bg-fmu-instance-private.h).
 *
 * Owns: loading the model and the export's choices from the FMU's
 * resources (model.bgmod, bgmod-fmu.ini), checking the instantiation
 * token, the messages to the importer, the modes and their order,
 * compiling the plan again after a parameter change (the parameters of one
 * element are applied together, so that D > d holds only once both are
 * set), the time events (the waveforms' switching times, merged as
 * bg-simulator.c merges them) and reset. Must not: print, exit, abort on
 * bad calls or keep anything outside the instance.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-cvode-setup-private.h"
#include "bg-fmu-instance-private.h"
#include "bg-model-flatten.h"

/* Messages ------------------------------------------------------------------ */

BgFmuStatus
_bg_fmu_log (BgFmuInstance *self, BgFmuStatus status, const char *category,
             const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (self == NULL || self->log == NULL)
    return status;
  if (status == BG_FMU_OK)
    {
      if (!self->logging_on)
        return status;
      if (self->categories != NULL
          && !g_strv_contains ((const char *const *) self->categories, category))
        return status;
    }
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  self->log (self->log_data, self->name, status, category, message);
  return status;
}

static BgFmuStatus
fail (BgFmuInstance *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static BgFmuStatus
fail (BgFmuInstance *self, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "%s", message);
}

BgFmuStatus
_bg_fmu_set_debug_logging (BgFmuInstance *self, gboolean on, gsize n,
                           const char *const *categories)
{
  g_clear_pointer (&self->categories, g_strfreev);
  self->logging_on = on;
  if (n > 0 && categories != NULL)
    {
      g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
      for (gsize i = 0; i < n; i++)
        if (categories[i] != NULL)
          g_strv_builder_add (builder, categories[i]);
      self->categories = g_strv_builder_end (builder);
    }
  return BG_FMU_OK;
}

static const char *
mode_name (BgFmuMode mode)
{
  switch (mode)
    {
    case BG_FMU_MODE_INSTANTIATED:
      return "Instantiated";
    case BG_FMU_MODE_INITIALIZATION:
      return "Initialization Mode";
    case BG_FMU_MODE_EVENT:
      return "Event Mode";
    case BG_FMU_MODE_CONTINUOUS:
      return "Continuous-Time Mode";
    case BG_FMU_MODE_STEP:
      return "Step Mode";
    case BG_FMU_MODE_TERMINATED:
      return "Terminated";
    case BG_FMU_MODE_FAILED:
    default:
      return "an error state (only reset or free it)";
    }
}

gboolean
_bg_fmu_check_mode (BgFmuInstance *self, const char *call, guint modes)
{
  if (self == NULL)
    return FALSE;
  if ((modes & (1u << self->mode)) != 0)
    return TRUE;
  fail (self, "%s is not allowed in %s", call, mode_name (self->mode));
  return FALSE;
}

/* Loading --------------------------------------------------------------------- */

static void
unload (BgFmuInstance *self)
{
  g_clear_object (&self->model);
  g_clear_pointer (&self->vars, bg_fmu_vars_free);
  g_clear_pointer (&self->params, g_free);
  g_clear_pointer (&self->work, _bg_plan_work_free);
  g_clear_pointer (&self->plan, bg_plan_unref);
  g_clear_pointer (&self->waves, g_free);
  g_clear_pointer (&self->wave_input, g_free);
  g_clear_pointer (&self->u, g_free);
  g_clear_pointer (&self->x, g_free);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->dx, g_free);
  g_clear_pointer (&self->z_prev, g_free);
  g_clear_pointer (&self->restart_t, g_free);
  g_clear_pointer (&self->restart_wave, g_free);
  g_clear_pointer (&self->cs_state, _bg_fmu_cs_free);
  self->n_restarts = 0;
}

double
_bg_fmu_horizon (BgFmuInstance *self)
{
  if (self->stop_defined && self->stop_time > self->start_time)
    return self->stop_time;
  return bg_model_get_simulation (self->model)->t_end;
}

static double
clamp_tolerance (double tol)
{
  return CLAMP (tol, 1e-14, 0.5);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Merges the switching times of the waves that are not inputs. */
static gboolean
make_restarts (BgFmuInstance *self, GError **error)
{
  const BgPlan *plan = self->plan;
  double horizon = _bg_fmu_horizon (self);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint w = 0; w < plan->n_waves; w++)
    if (self->wave_input[w] < 0 && !bg_wave_switch_times (&plan->waves[w], horizon, times, error))
      return FALSE;
  g_array_sort (times, compare_doubles);
  g_free (self->restart_t);
  g_free (self->restart_wave);
  self->restart_t = g_new (double, MAX (times->len, 1));
  self->restart_wave = g_new (double, MAX (times->len, 1));
  self->n_restarts = _bg_cvode_merge_switch_times ((const double *) times->data, times->len,
                                                   horizon, self->restart_t,
                                                   self->restart_wave, &self->wave_t0);
  return TRUE;
}

/* Applies the parameters to the model, element by element. */
static gboolean
apply_params (BgFmuInstance *self, GError **error)
{
  guint n = bg_fmu_vars_get_n_params (self->vars);
  gboolean ok = TRUE;

  bg_model_begin_unrecorded (self->model);
  for (guint i = 0; i < n && ok;)
    {
      const BgFmuParam *first = bg_fmu_vars_get_param (self->vars, i);
      BgElement *el = bg_model_find_element (self->model, first->element_id);
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autoptr (GArray) values = g_array_new (FALSE, TRUE, sizeof (BgParamValue));
      gboolean changed = FALSE;
      guint j = i;

      for (; j < n && g_str_equal (bg_fmu_vars_get_param (self->vars, j)->element_id,
                                   first->element_id); j++)
        {
          const BgFmuParam *p = bg_fmu_vars_get_param (self->vars, j);
          BgParamValue v = { .kind = BG_PARAM_NUMBER, .number = self->params[j] };

          g_ptr_array_add (names, (gpointer) el->spec->params[p->param].name);
          g_array_append_val (values, v);
          changed |= el->params[p->param].number != self->params[j];
        }
      if (changed)
        ok = bg_model_set_params (self->model, first->element_id,
                                  (const char *const *) names->pdata,
                                  (const BgParamValue *) values->data, names->len, error);
      i = j;
    }
  bg_model_end_group (self->model);
  return ok;
}

static gboolean
same_structure (BgFmuInstance *self, BgPlan *plan)
{
  if (bg_plan_get_n_states (plan) != bg_fmu_vars_get_n_states (self->vars)
      || plan->n_events != bg_fmu_vars_get_n_indicators (self->vars)
      || plan->n_waves != (self->plan != NULL ? self->plan->n_waves : plan->n_waves))
    return FALSE;
  for (guint i = 0; i < plan->n_states; i++)
    if (!g_str_equal (plan->state_names[i],
                      bg_fmu_vars_get (self->vars, bg_fmu_vars_state_vr (self->vars, i))->name))
      return FALSE;
  return TRUE;
}

static BgPlan *
compile (BgFmuInstance *self, GError **error)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (self->model);
  BgSimSettings settings = *bg_model_get_simulation (self->model);
  double horizon = _bg_fmu_horizon (self);

  if (!bg_causality_is_ok (causality))
    {
      const GPtrArray *errors = bg_causality_get_errors (causality);
      const BgDiagnostic *d = errors->len > 0 ? g_ptr_array_index (errors, 0) : NULL;
      g_set_error_literal (error, BG_FMU_ERROR, BG_FMU_ERROR_CAUSALITY,
                           d != NULL ? d->message : _("the causality has an error"));
      return NULL;
    }
  if (horizon != settings.t_end)
    {
      settings.t_end = horizon;
      settings.output_step = horizon / 1000;
    }
  if (self->tolerance_defined)
    settings.rtol = clamp_tolerance (self->tolerance);
  return bg_compiler_compile (self->model, causality, &settings, error);
}

gboolean
_bg_fmu_ensure_plan (BgFmuInstance *self)
{
  g_autoptr (GError) error = NULL;
  BgPlan *plan;
  gboolean before_run = self->mode == BG_FMU_MODE_INSTANTIATED
                        || self->mode == BG_FMU_MODE_INITIALIZATION;

  if (!self->dirty && self->plan != NULL)
    return TRUE;
  if (!apply_params (self, &error) || (plan = compile (self, &error)) == NULL)
    {
      fail (self, "%s", error->message);
      return FALSE;
    }
  if (!same_structure (self, plan))
    {
      fail (self, "the new parameter values change the model's states; the FMU cannot follow");
      bg_plan_unref (plan);
      return FALSE;
    }
  g_clear_pointer (&self->work, _bg_plan_work_free);
  g_clear_pointer (&self->plan, bg_plan_unref);
  self->plan = plan;
  self->work = _bg_plan_work_new (plan);
  g_free (self->waves);
  self->waves = g_memdup2 (plan->waves, MAX (plan->n_waves, 1) * sizeof (BgWave));
  g_free (self->wave_input);
  self->wave_input = g_new (int, MAX (plan->n_waves, 1));
  for (guint w = 0; w < plan->n_waves; w++)
    {
      self->wave_input[w] = -1;
      for (guint k = 0; k < bg_fmu_vars_get_n_inputs (self->vars); k++)
        if (g_str_equal (plan->wave_element[w], bg_fmu_vars_get_input (self->vars, k)))
          self->wave_input[w] = (int) k;
    }
  if (!make_restarts (self, &error))
    {
      fail (self, "%s", error->message);
      return FALSE;
    }
  g_free (self->values);
  self->values = g_new0 (double, plan->n_vars);
  g_free (self->dx);
  self->dx = g_new0 (double, MAX (plan->n_states, 1));
  self->values_ok = FALSE;
  if (before_run && plan->n_states > 0)
    memcpy (self->x, plan->y0, plan->n_states * sizeof (double));
  _bg_fmu_apply_inputs (self);
  g_clear_pointer (&self->cs_state, _bg_fmu_cs_free);
  self->dirty = FALSE;
  return TRUE;
}

static char *
read_resource (const char *dir, const char *name, gsize *length, GError **error)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, length, error))
    return NULL;
  return text;
}

/* Loads the model, the choices and the first plan; FALSE after a message. */
static gboolean
load (BgFmuInstance *self, const char *token)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GKeyFile) ini = g_key_file_new ();
  g_autofree char *ini_text = NULL, *saved_token = NULL;
  g_autoptr (BgModel) document = NULL;
  gsize ini_length = 0;
  guint n_vars;

  if (self->model_text == NULL)
    {
      ini_text = read_resource (self->resource_dir, "bgmod-fmu.ini", &ini_length, &error);
      if (ini_text == NULL || !g_key_file_load_from_data (ini, ini_text, ini_length, 0, &error))
        {
          fail (self, "cannot read the FMU's resources: %s", error->message);
          return FALSE;
        }
      saved_token = g_key_file_get_string (ini, "fmu", "token", NULL);
      if (token != NULL && (saved_token == NULL || !g_str_equal (saved_token, token)))
        {
          fail (self, "the instantiation token “%s” is not this FMU's (%s)", token,
                saved_token != NULL ? saved_token : "none");
          return FALSE;
        }
      self->inputs = g_key_file_get_string_list (ini, "fmu", "inputs", NULL, NULL);
      self->outputs = g_key_file_get_string_list (ini, "fmu", "outputs", NULL, NULL);
      if (self->inputs == NULL)
        self->inputs = g_new0 (char *, 1);
      if (self->outputs == NULL)
        self->outputs = g_new0 (char *, 1);
      self->model_text = read_resource (self->resource_dir, "model.bgmod", &self->model_length,
                                        &error);
      if (self->model_text == NULL)
        {
          fail (self, "cannot read the FMU's model: %s", error->message);
          return FALSE;
        }
    }

  document = bg_file_load_from_data (self->model_text, self->model_length, &error);
  if (document != NULL)
    self->model = bg_model_flatten (document, NULL, &error);
  if (self->model == NULL)
    {
      fail (self, "the FMU's model does not load: %s", error->message);
      return FALSE;
    }
  self->dirty = TRUE;
  {
    g_autoptr (BgPlan) plan = compile (self, &error);
    if (plan == NULL)
      {
        fail (self, "%s", error->message);
        return FALSE;
      }
    self->vars = bg_fmu_vars_new (self->model, plan, (const char *const *) self->inputs,
                                  (const char *const *) self->outputs, &error);
    if (self->vars == NULL)
      {
        fail (self, "%s", error->message);
        return FALSE;
      }
  }
  n_vars = bg_fmu_vars_get_n (self->vars);
  if (ini_text != NULL && g_key_file_has_key (ini, "fmu", "variables", NULL)
      && (guint) g_key_file_get_integer (ini, "fmu", "variables", NULL) != n_vars)
    {
      fail (self, "the FMU's model gives %u variables, not the %d of its description", n_vars,
            g_key_file_get_integer (ini, "fmu", "variables", NULL));
      return FALSE;
    }
  self->params = g_new0 (double, MAX (bg_fmu_vars_get_n_params (self->vars), 1));
  for (guint i = 0; i < n_vars; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (self->vars, i);
      if (v->kind == BG_FMU_VAR_PARAMETER)
        self->params[v->index] = v->start;
    }
  self->u = g_new0 (double, MAX (bg_fmu_vars_get_n_inputs (self->vars), 1));
  for (guint i = 0; i < n_vars; i++)
    {
      const BgFmuVar *v = bg_fmu_vars_get (self->vars, i);
      if (v->kind == BG_FMU_VAR_INPUT)
        self->u[v->index] = v->start;
    }
  self->x = g_new0 (double, MAX (bg_fmu_vars_get_n_states (self->vars), 1));
  self->z_prev = g_new0 (double, MAX (bg_fmu_vars_get_n_indicators (self->vars), 1));
  self->mode = BG_FMU_MODE_INSTANTIATED;
  return _bg_fmu_ensure_plan (self);
}

BgFmuInstance *
_bg_fmu_instance_new (const char   *name,
                      const char   *resource_dir,
                      const char   *token,
                      gboolean      cs,
                      BgFmuLogFunc  log,
                      gpointer      log_data,
                      gboolean      logging_on)
{
  BgFmuInstance *self = g_new0 (BgFmuInstance, 1);

  self->name = g_strdup (name != NULL ? name : "");
  self->cs = cs;
  self->log = log;
  self->log_data = log_data;
  self->logging_on = logging_on;
  self->resource_dir = g_strdup (resource_dir);
  if (resource_dir == NULL)
    {
      fail (self, "no resource location was given: the FMU's model is in its resources");
      _bg_fmu_instance_free (self);
      return NULL;
    }
  if (!load (self, token))
    {
      _bg_fmu_instance_free (self);
      return NULL;
    }
  return self;
}

void
_bg_fmu_instance_free (BgFmuInstance *self)
{
  if (self == NULL)
    return;
  unload (self);
  g_free (self->name);
  g_strfreev (self->categories);
  g_free (self->resource_dir);
  g_free (self->model_text);
  g_strfreev (self->inputs);
  g_strfreev (self->outputs);
  g_free (self);
}

BgFmuStatus
_bg_fmu_instance_reset (BgFmuInstance *self)
{
  unload (self);
  self->t = self->start_time = 0;
  self->seg = 0;
  self->tolerance_defined = self->stop_defined = FALSE;
  self->terminated = FALSE;
  self->last_successful_time = 0;
  if (!load (self, NULL))
    {
      self->mode = BG_FMU_MODE_FAILED;
      return BG_FMU_ERROR_STATUS;
    }
  return BG_FMU_OK;
}

/* Modes ------------------------------------------------------------------------ */

#define MODE(m) (1u << BG_FMU_MODE_##m)

BgFmuStatus
_bg_fmu_setup (BgFmuInstance *self, gboolean tolerance_defined, double tolerance,
               double start_time, gboolean stop_defined, double stop_time)
{
  if (!_bg_fmu_check_mode (self, "setting up the experiment", MODE (INSTANTIATED)))
    return BG_FMU_ERROR_STATUS;
  if (!isfinite (start_time) || (stop_defined && !(isfinite (stop_time) && stop_time > start_time))
      || (tolerance_defined && !(isfinite (tolerance) && tolerance > 0)))
    return fail (self, "the experiment is not valid: start %g, stop %g, tolerance %g",
                 start_time, stop_time, tolerance);
  self->tolerance_defined = tolerance_defined;
  self->tolerance = tolerance;
  self->start_time = start_time;
  self->t = start_time;
  self->stop_defined = stop_defined;
  self->stop_time = stop_time;
  self->dirty = TRUE;
  return BG_FMU_OK;
}

static void
remember_indicators (BgFmuInstance *self)
{
  for (guint e = 0; e < self->plan->n_events; e++)
    self->z_prev[e] = self->x[self->plan->events[e].state] - self->plan->events[e].threshold;
}

BgFmuStatus
_bg_fmu_enter_init (BgFmuInstance *self)
{
  if (!_bg_fmu_check_mode (self, "entering Initialization Mode", MODE (INSTANTIATED)))
    return BG_FMU_ERROR_STATUS;
  if (!_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  self->mode = BG_FMU_MODE_INITIALIZATION;
  self->seg = _bg_fmu_segment_at (self, self->t);
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_exit_init (BgFmuInstance *self)
{
  if (!_bg_fmu_check_mode (self, "leaving Initialization Mode", MODE (INITIALIZATION)))
    return BG_FMU_ERROR_STATUS;
  if (!_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  remember_indicators (self);
  self->mode = self->cs ? BG_FMU_MODE_STEP : BG_FMU_MODE_EVENT;
  self->last_successful_time = self->t;
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_enter_event_mode (BgFmuInstance *self)
{
  if (!_bg_fmu_check_mode (self, "entering Event Mode", MODE (CONTINUOUS) | MODE (EVENT)))
    return BG_FMU_ERROR_STATUS;
  self->mode = BG_FMU_MODE_EVENT;
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_enter_continuous (BgFmuInstance *self)
{
  if (!_bg_fmu_check_mode (self, "entering Continuous-Time Mode", MODE (EVENT)))
    return BG_FMU_ERROR_STATUS;
  self->mode = BG_FMU_MODE_CONTINUOUS;
  return BG_FMU_OK;
}

BgFmuStatus
_bg_fmu_terminate (BgFmuInstance *self)
{
  if (!_bg_fmu_check_mode (self, "terminating",
                           MODE (EVENT) | MODE (CONTINUOUS) | MODE (STEP) | MODE (INITIALIZATION)))
    return BG_FMU_ERROR_STATUS;
  self->mode = BG_FMU_MODE_TERMINATED;
  return BG_FMU_OK;
}

/* Time events ---------------------------------------------------------------- */

guint
_bg_fmu_segment_at (BgFmuInstance *self, double t)
{
  guint k = MIN (self->seg, self->n_restarts);

  while (k < self->n_restarts && self->restart_t[k] < t)
    k++;
  while (k > 0 && t < self->restart_t[k - 1])
    k--;
  return k;
}

double
_bg_fmu_level_time (BgFmuInstance *self, guint seg)
{
  double start = seg > 0 ? self->restart_t[seg - 1] : 0;
  double last = seg > 0 ? self->restart_wave[seg - 1] : self->wave_t0;
  double end = seg < self->n_restarts ? self->restart_t[seg] : _bg_fmu_horizon (self);

  if (self->t > end)
    return self->t;
  return MAX (0.5 * (start + end), last);
}

void
_bg_fmu_apply_inputs (BgFmuInstance *self)
{
  const BgPlan *plan = self->plan;

  for (guint w = 0; w < plan->n_waves; w++)
    if (self->wave_input[w] >= 0)
      {
        BgWave *wave = &self->waves[w];
        double u = self->u[self->wave_input[w]];

        memset (wave, 0, sizeof *wave);
        wave->kind = BG_WAVE_CONSTANT;
        wave->value = wave->after = u;
        wave->owner = plan->waves[w].owner;
      }
  self->work->waves = self->waves;
}

gboolean
_bg_fmu_event_fired (BgFmuInstance *self, guint e, double z)
{
  const BgEvent *ev = &self->plan->events[e];

  return ev->direction > 0 ? (self->z_prev[e] < 0 && z >= 0) : (self->z_prev[e] > 0 && z <= 0);
}

void
_bg_fmu_end_at_event (BgFmuInstance *self, guint e)
{
  const BgEvent *ev = &self->plan->events[e];

  self->terminated = TRUE;
  switch (ev->kind)
    {
    case BG_EVENT_CYLINDER_LOW:
      _bg_fmu_log (self, BG_FMU_OK, "logEvents", "%s reached its end stop x = 0 at t = %.6g s",
                   ev->element_id, self->t);
      break;
    case BG_EVENT_CYLINDER_HIGH:
      _bg_fmu_log (self, BG_FMU_OK, "logEvents", "%s reached its end stop x = L at t = %.6g s",
                   ev->element_id, self->t);
      break;
    case BG_EVENT_ACCUMULATOR_FULL:
    default:
      _bg_fmu_log (self, BG_FMU_OK, "logEvents", "%s is full (V_f = 0.99·V0) at t = %.6g s",
                   ev->element_id, self->t);
      break;
    }
}

BgFmuStatus
_bg_fmu_update_discrete (BgFmuInstance *self, gboolean *switched, gboolean *terminate,
                         gboolean *next_defined, double *next_time)
{
  double eps;

  *switched = FALSE;
  *terminate = FALSE;
  *next_defined = FALSE;
  *next_time = 0;
  if (!_bg_fmu_check_mode (self, "updating the discrete states", MODE (EVENT)))
    return BG_FMU_ERROR_STATUS;
  if (!_bg_fmu_ensure_plan (self))
    return BG_FMU_ERROR_STATUS;
  eps = BG_SWITCH_RESOLUTION * _bg_fmu_horizon (self);
  while (self->seg < self->n_restarts && self->restart_t[self->seg] <= self->t + eps)
    {
      _bg_fmu_log (self, BG_FMU_OK, "logEvents", "time event at t = %.9g s", self->t);
      self->seg++;
      *switched = TRUE;
    }
  for (guint e = 0; e < self->plan->n_events && !self->terminated; e++)
    {
      double z = self->x[self->plan->events[e].state] - self->plan->events[e].threshold;
      if (_bg_fmu_event_fired (self, e, z))
        _bg_fmu_end_at_event (self, e);
    }
  remember_indicators (self);
  self->values_ok = FALSE;
  *terminate = self->terminated;
  if (self->seg < self->n_restarts)
    {
      *next_defined = TRUE;
      *next_time = self->restart_t[self->seg];
    }
  return BG_FMU_OK;
}
