/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-generation.c — one finished run kept for comparison
 * (bg-run-generation.h).
 *
 * Owns: the references to the run and its parameters, the number, name,
 * pinned and hidden flags and their notifications, and the memory count
 * of its result. Must not: decide what is kept (bg-run-history.c does).
 */
#include "config.h"

#include "bg-run-generation.h"

struct _BgRunGeneration
{
  GObject          parent_instance;

  BgSimulationRun *run;
  BgRunParams     *params;
  guint            number;
  char            *name;
  gboolean         pinned;
  gboolean         hidden;
};

enum { PROP_0, PROP_NUMBER, PROP_NAME, PROP_PINNED, PROP_HIDDEN, N_PROPS };

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BgRunGeneration, bg_run_generation, G_TYPE_OBJECT)

BgRunGeneration *
bg_run_generation_new (BgSimulationRun *run,
                       BgRunParams     *params,
                       guint            number)
{
  BgRunGeneration *self;

  g_return_val_if_fail (BG_IS_SIMULATION_RUN (run), NULL);
  g_return_val_if_fail (params != NULL, NULL);

  self = g_object_new (BG_TYPE_RUN_GENERATION, NULL);
  self->run = g_object_ref (run);
  self->params = bg_run_params_ref (params);
  self->number = number;
  return self;
}

guint
bg_run_generation_get_number (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), 0);

  return self->number;
}

BgSimulationRun *
bg_run_generation_get_run (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), NULL);

  return self->run;
}

BgResult *
bg_run_generation_get_result (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), NULL);

  return bg_simulation_run_get_result (self->run);
}

BgRunParams *
bg_run_generation_get_params (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), NULL);

  return self->params;
}

const char *
bg_run_generation_get_name (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), NULL);

  return self->name;
}

void
bg_run_generation_set_name (BgRunGeneration *self,
                            const char      *name)
{
  g_autofree char *stripped = NULL;

  g_return_if_fail (BG_IS_RUN_GENERATION (self));

  if (name != NULL)
    stripped = g_strstrip (g_strdup (name));
  if (stripped != NULL && *stripped == '\0')
    g_clear_pointer (&stripped, g_free);
  if (g_strcmp0 (stripped, self->name) == 0)
    return;
  g_free (self->name);
  self->name = g_steal_pointer (&stripped);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

gboolean
bg_run_generation_get_pinned (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), FALSE);

  return self->pinned;
}

void
bg_run_generation_set_pinned (BgRunGeneration *self,
                              gboolean         pinned)
{
  g_return_if_fail (BG_IS_RUN_GENERATION (self));

  pinned = !!pinned;
  if (self->pinned == pinned)
    return;
  self->pinned = pinned;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PINNED]);
}

gboolean
bg_run_generation_get_hidden (BgRunGeneration *self)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), FALSE);

  return self->hidden;
}

void
bg_run_generation_set_hidden (BgRunGeneration *self,
                              gboolean         hidden)
{
  g_return_if_fail (BG_IS_RUN_GENERATION (self));

  hidden = !!hidden;
  if (self->hidden == hidden)
    return;
  self->hidden = hidden;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIDDEN]);
}

guint64
bg_run_generation_get_bytes (BgRunGeneration *self)
{
  BgResult *result;
  guint64 bytes;

  g_return_val_if_fail (BG_IS_RUN_GENERATION (self), 0);

  result = bg_simulation_run_get_result (self->run);
  bytes = (guint64) bg_result_get_n_rows (result) * bg_result_get_bytes_per_row (result);
  for (guint var = 0; var < bg_result_get_n_vars (result); var++)
    if (!bg_result_is_stored (result, var))
      bytes += (guint64) bg_result_get_n_filled (result, var) * sizeof (double);
  return bytes;
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_run_generation_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BgRunGeneration *self = BG_RUN_GENERATION (object);

  switch (prop_id)
    {
    case PROP_NUMBER:
      g_value_set_uint (value, self->number);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PINNED:
      g_value_set_boolean (value, self->pinned);
      break;
    case PROP_HIDDEN:
      g_value_set_boolean (value, self->hidden);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_run_generation_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BgRunGeneration *self = BG_RUN_GENERATION (object);

  switch (prop_id)
    {
    case PROP_NAME:
      bg_run_generation_set_name (self, g_value_get_string (value));
      break;
    case PROP_PINNED:
      bg_run_generation_set_pinned (self, g_value_get_boolean (value));
      break;
    case PROP_HIDDEN:
      bg_run_generation_set_hidden (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_run_generation_finalize (GObject *object)
{
  BgRunGeneration *self = BG_RUN_GENERATION (object);

  g_clear_object (&self->run);
  g_clear_pointer (&self->params, bg_run_params_unref);
  g_free (self->name);

  G_OBJECT_CLASS (bg_run_generation_parent_class)->finalize (object);
}

static void
bg_run_generation_class_init (BgRunGenerationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bg_run_generation_finalize;
  object_class->get_property = bg_run_generation_get_property;
  object_class->set_property = bg_run_generation_set_property;

  properties[PROP_NUMBER] =
    g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PINNED] =
    g_param_spec_boolean ("pinned", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HIDDEN] =
    g_param_spec_boolean ("hidden", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
bg_run_generation_init (BgRunGeneration *self)
{
}
