/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-whatif.c — compiling a copy of a model with one number changed, off
 * the main thread (bg-whatif.h).
 *
 * Owns: the source's file text, loading a copy from it per value, setting
 * the number, flattening, analysing and compiling the copy, and the GTask
 * that does it in a thread. Must not: share a model between threads (each
 * call loads its own copy) or run the plan.
 */
#include "config.h"

#include "bg-whatif.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-model-flatten.h"

G_DEFINE_QUARK (bg-whatif-error-quark, bg_whatif_error)

struct _BgWhatIfSource
{
  gatomicrefcount ref_count;
  char           *data;
  gsize           length;
};

BgWhatIfSource *
bg_whatif_source_new (BgModel *model)
{
  BgWhatIfSource *self;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_new0 (BgWhatIfSource, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->data = bg_file_to_data (model, &self->length);
  return self;
}

BgWhatIfSource *
bg_whatif_source_ref (BgWhatIfSource *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
bg_whatif_source_unref (BgWhatIfSource *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->data);
  g_free (self);
}

BgPlan *
bg_whatif_compile (BgWhatIfSource  *source,
                   const char      *element,
                   const char      *param,
                   double           value,
                   GCancellable    *cancellable,
                   BgRunParams    **params,
                   GError         **error)
{
  g_autoptr(BgModel) copy = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(GError) local_error = NULL;
  BgPlan *plan;

  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (element != NULL && param != NULL, NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  copy = bg_file_load_from_data (source->data, (gssize) source->length, &local_error);
  if (copy == NULL)
    {
      g_set_error_literal (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_MODEL, local_error->message);
      return NULL;
    }
  if (!bg_model_set_param_number (copy, element, param, value, &local_error))
    {
      /* the message names the place ("B.value: must be > 0") */
      g_set_error_literal (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_PARAM, local_error->message);
      return NULL;
    }
  flat = bg_model_flatten (copy, NULL, &local_error);
  if (flat == NULL)
    {
      g_set_error_literal (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_MODEL, local_error->message);
      return NULL;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  causality = bg_causality_analyze (flat);
  plan = bg_compiler_compile (flat, causality, NULL, &local_error);
  if (plan == NULL)
    {
      g_set_error_literal (error, BG_WHATIF_ERROR, BG_WHATIF_ERROR_MODEL, local_error->message);
      return NULL;
    }
  if (params != NULL)
    *params = bg_run_params_new_from_model (flat);
  return plan;
}

/* Async ------------------------------------------------------------------------- */

typedef struct
{
  BgWhatIfSource *source;
  char           *element;
  char           *param;
  double          value;
  BgRunParams    *params;  /* out */
} CompileData;

static void
compile_data_free (gpointer data)
{
  CompileData *d = data;

  bg_whatif_source_unref (d->source);
  g_free (d->element);
  g_free (d->param);
  g_clear_pointer (&d->params, bg_run_params_unref);
  g_free (d);
}

static void
compile_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  CompileData *d = task_data;
  GError *error = NULL;
  BgPlan *plan = bg_whatif_compile (d->source, d->element, d->param, d->value,
                                    cancellable, &d->params, &error);

  if (plan == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, plan, (GDestroyNotify) bg_plan_unref);
}

void
bg_whatif_compile_async (BgWhatIfSource      *source,
                         const char          *element,
                         const char          *param,
                         double               value,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  CompileData *d;

  g_return_if_fail (source != NULL);
  g_return_if_fail (element != NULL && param != NULL);

  d = g_new0 (CompileData, 1);
  d->source = bg_whatif_source_ref (source);
  d->element = g_strdup (element);
  d->param = g_strdup (param);
  d->value = value;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bg_whatif_compile_async);
  g_task_set_task_data (task, d, compile_data_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, compile_thread);
}

BgPlan *
bg_whatif_compile_finish (GAsyncResult  *result,
                          BgRunParams  **params,
                          GError       **error)
{
  GTask *task;
  BgPlan *plan;

  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bg_whatif_compile_async, NULL);

  task = G_TASK (result);
  plan = g_task_propagate_pointer (task, error);
  if (plan != NULL && params != NULL)
    {
      CompileData *d = g_task_get_task_data (task);

      *params = g_steal_pointer (&d->params);
    }
  return plan;
}
