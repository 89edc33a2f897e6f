/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-model-edit-document.c — undoable edits of a BgModel as a whole.
 *
 * In the layout: core/: the model stage of model → analysis → plan → run →
 * result; BgModel is split by concern into bg-model*.c.
 *
 * Owns: checking simulation settings (bg_sim_settings_check, also used by
 * the compiler and the loader) and the undoable edits of the settings and
 * of the model's name.
 * Must not: change the model except through recorded operations.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-model.h"
#include "bg-model-private.h"

/* Edits: document -------------------------------------------------------- */

static gboolean
refuse_setting (GError    **error,
                const char *name,
                const char *rule)
{
  g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_SETTINGS,
               "simulation.%s: %s", name, rule);
  return FALSE;
}

static gboolean
refuse_range (GError     **error,
              const char  *name,
              double       min,
              double       max)
{
  g_autofree char *rule = g_strdup_printf (_("must be between %g and %g"), min, max);

  return refuse_setting (error, name, rule);
}

gboolean
bg_sim_settings_check (const BgSimSettings *s,
                       GError             **error)
{
  g_return_val_if_fail (s != NULL, FALSE);

  if (!isfinite (s->t_end))
    return refuse_setting (error, "t_end", _("must be finite"));
  if (s->t_end <= 0)
    return refuse_setting (error, "t_end", _("must be > 0"));
  if (s->t_end < BG_SIM_MIN_T_END || s->t_end > BG_SIM_MAX_T_END)
    return refuse_range (error, "t_end", BG_SIM_MIN_T_END, BG_SIM_MAX_T_END);
  if (!isfinite (s->output_step))
    return refuse_setting (error, "output_step", _("must be finite"));
  if (s->output_step < 0)
    return refuse_setting (error, "output_step", _("must be > 0, or 0 for t_end / 1000"));
  if (s->output_step > 0 && s->t_end / s->output_step > BG_SIM_MAX_OUTPUT_ROWS)
    {
      g_autofree char *rule =
        g_strdup_printf (_("too small: more than %.0f output rows up to t_end"),
                         BG_SIM_MAX_OUTPUT_ROWS);
      return refuse_setting (error, "output_step", rule);
    }
  if (!isfinite (s->rtol))
    return refuse_setting (error, "rtol", _("must be finite"));
  if (!(s->rtol > 0 && s->rtol < 1))
    return refuse_setting (error, "rtol", _("must be > 0 and < 1"));
  if (s->rtol < BG_SIM_MIN_RTOL)
    return refuse_range (error, "rtol", BG_SIM_MIN_RTOL, 1);
  if (!isfinite (s->atol))
    return refuse_setting (error, "atol", _("must be finite"));
  if (s->atol < 0)
    return refuse_setting (error, "atol", _("must be ≥ 0 (0 scales it per state)"));
  if (s->atol > BG_SIM_MAX_ATOL)
    {
      g_autofree char *rule =
        g_strdup_printf (_("must be ≤ %g: it is a fraction of each state's scale"),
                         BG_SIM_MAX_ATOL);
      return refuse_setting (error, "atol", rule);
    }
  return TRUE;
}

gboolean
bg_model_set_simulation (BgModel             *self,
                         const BgSimSettings *settings,
                         GError             **error)
{
  Op op = { .kind = OP_SIMULATION };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (settings != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!bg_sim_settings_check (settings, error))
    return FALSE;
  if (memcmp (settings, &self->simulation, sizeof *settings) == 0)
    return TRUE;

  op.u.sim.old_s = self->simulation;
  op.u.sim.new_s = *settings;
  _bg_model_edit_begin (self, _("Change the simulation settings"));
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}

gboolean
bg_model_set_name (BgModel    *self,
                   const char *name,
                   GError    **error)
{
  Op op = { .kind = OP_NAME };

  g_return_val_if_fail (BG_IS_MODEL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (name == NULL)
    name = "";
  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_SETTINGS,
                   _("The model name is not valid UTF-8"));
      return FALSE;
    }
  if (strcmp (name, self->name) == 0)
    return TRUE;

  op.u.name.old_s = g_strdup (self->name);
  op.u.name.new_s = g_strdup (name);
  _bg_model_edit_begin (self, _("Rename the model"));
  _bg_model_record (self, &op);
  _bg_model_edit_end (self);
  return TRUE;
}
