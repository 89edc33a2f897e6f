/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-simulation-run.c — one simulation of a compiled plan in a worker thread.
 *
 * In the layout: core/ (GIO only, no GTK): the run stage of model →
 * analysis → plan → run → result, used by the window and by bgmod-cli
 * simulate alike.
 *
 * Owns: the GTask that runs bg_simulator_run() in a thread, the progress
 * slot the worker writes behind a mutex and the single merged idle callback
 * that carries it to the main thread, and the report copied back at the
 * end. Must not: touch a model, a causality or any widget; let the worker
 * read anything but its task data (plan, result, cancellable) and the
 * progress slot.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-simulation-run.h"

struct _BgSimulationRun
{
  GObject       parent_instance;

  BgPlan       *plan;
  BgResult     *result;
  BgEnergy     *energy;          /* NULL: no ledger */
  GCancellable *cancellable;
  GMainContext *context;       /* where "progress" and "finished" go */

  /* written by the worker, read by the idle callback */
  GMutex        lock;
  double        pending_t;
  gboolean      idle_pending;

  /* main thread only */
  double        shown_t;
  gint64        started_us;
  gint64        ended_us;
  gboolean      started;
  gboolean      running;
  gboolean      stale;
  BgSimReport   report;
  gboolean      have_report;
  GError       *error;
};

/* What the worker owns for the length of the run. */
typedef struct
{
  BgSimulationRun *self;      /* only for the progress slot */
  BgPlan          *plan;
  BgResult        *result;
  BgEnergy        *energy;
  BgSimReport      report;
  BgSimStatus      status;
  GError          *error;
} Worker;

enum { PROP_0, PROP_STALE, PROP_RUNNING, N_PROPS };
enum { SIGNAL_PROGRESS, SIGNAL_FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgSimulationRun, bg_simulation_run, G_TYPE_OBJECT)

static void
worker_free (Worker *w)
{
  bg_plan_unref (w->plan);
  bg_result_unref (w->result);
  g_clear_pointer (&w->energy, bg_energy_unref);
  bg_sim_report_clear (&w->report);
  g_clear_error (&w->error);
  g_free (w);
}

/* Progress: main thread side ------------------------------------------------ */

static gboolean
progress_idle_cb (gpointer data)
{
  BgSimulationRun *self = data;
  double t;

  g_mutex_lock (&self->lock);
  t = self->pending_t;
  self->idle_pending = FALSE;
  g_mutex_unlock (&self->lock);

  if (self->running && t > self->shown_t)
    {
      self->shown_t = t;
      g_signal_emit (self, signals[SIGNAL_PROGRESS], 0);
    }

  return G_SOURCE_REMOVE;
}

/* Progress: worker side. At most one idle is pending at any time. */
static void
worker_progress_cb (double   t,
                    double   t_end,
                    gpointer user_data)
{
  BgSimulationRun *self = ((Worker *) user_data)->self;
  gboolean schedule;

  g_mutex_lock (&self->lock);
  self->pending_t = t;
  schedule = !self->idle_pending;
  self->idle_pending = TRUE;
  g_mutex_unlock (&self->lock);

  if (schedule)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT_IDLE);
      g_source_set_callback (source, progress_idle_cb, g_object_ref (self),
                             g_object_unref);
      g_source_set_static_name (source, "[bgmod] simulation progress");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

static void
worker_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Worker *w = task_data;

  w->status = bg_simulator_run_with_energy (w->plan, w->result, w->energy, cancellable,
                                            worker_progress_cb, w, &w->report, &w->error);
  g_task_return_boolean (task, TRUE);
}

static void
worker_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      user_data)
{
  BgSimulationRun *self = BG_SIMULATION_RUN (source);
  Worker *w = g_task_get_task_data (G_TASK (res));

  self->running = FALSE;
  self->ended_us = g_get_monotonic_time ();
  self->report = w->report;
  memset (&w->report, 0, sizeof w->report);
  self->have_report = TRUE;
  self->error = g_steal_pointer (&w->error);
  if (self->report.status != BG_SIM_STATUS_CANCELLED || self->report.t > self->shown_t)
    self->shown_t = self->report.t;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

/* Public ----------------------------------------------------------------------- */

BgSimulationRun *
bg_simulation_run_new (BgPlan *plan)
{
  BgSimulationRun *self;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (BG_TYPE_SIMULATION_RUN, NULL);
  self->plan = bg_plan_ref (plan);
  self->result = bg_simulator_new_result (plan);

  return self;
}

BgSimulationRun *
bg_simulation_run_new_with_result (BgPlan *plan, BgResult *result)
{
  BgSimulationRun *self;

  g_return_val_if_fail (plan != NULL && result != NULL, NULL);

  self = g_object_new (BG_TYPE_SIMULATION_RUN, NULL);
  self->plan = bg_plan_ref (plan);
  self->result = bg_result_ref (result);

  return self;
}

BgSimulationRun *
bg_simulation_run_new_recording (BgPlan *plan, const guint *vars, guint n_vars)
{
  BgSimulationRun *self;

  g_return_val_if_fail (plan != NULL, NULL);

  self = g_object_new (BG_TYPE_SIMULATION_RUN, NULL);
  self->plan = bg_plan_ref (plan);
  self->result = bg_simulator_new_result_for (plan, vars, n_vars, TRUE);

  return self;
}

BgEnergy *
bg_simulation_run_enable_energy (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);
  g_return_val_if_fail (!self->started, NULL);

  if (self->energy == NULL)
    self->energy = bg_energy_new (self->plan);
  return self->energy;
}

BgEnergy *
bg_simulation_run_get_energy (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);
  return self->energy;
}

void
bg_simulation_run_start (BgSimulationRun *self)
{
  g_autoptr(GTask) task = NULL;
  Worker *w;

  g_return_if_fail (BG_IS_SIMULATION_RUN (self));
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->running = TRUE;
  self->started_us = g_get_monotonic_time ();
  self->context = g_main_context_ref_thread_default ();

  w = g_new0 (Worker, 1);
  w->self = self;
  w->plan = bg_plan_ref (self->plan);
  w->result = bg_result_ref (self->result);
  w->energy = self->energy != NULL ? bg_energy_ref (self->energy) : NULL;

  task = g_task_new (self, self->cancellable, worker_done_cb, NULL);
  g_task_set_source_tag (task, bg_simulation_run_start);
  g_task_set_name (task, "[bgmod] simulation");
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, w, (GDestroyNotify) worker_free);
  g_task_run_in_thread (task, worker_thread);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
bg_simulation_run_wait (BgSimulationRun *self)
{
  g_return_if_fail (BG_IS_SIMULATION_RUN (self));
  g_return_if_fail (self->started);

  while (self->running)
    g_main_context_iteration (self->context, TRUE);
}

void
bg_simulation_run_stop (BgSimulationRun *self)
{
  g_return_if_fail (BG_IS_SIMULATION_RUN (self));

  g_cancellable_cancel (self->cancellable);
}

gboolean
bg_simulation_run_is_running (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), FALSE);

  return self->running;
}

BgPlan *
bg_simulation_run_get_plan (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);

  return self->plan;
}

BgResult *
bg_simulation_run_get_result (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);

  return self->result;
}

double
bg_simulation_run_get_time (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), 0);

  return self->shown_t;
}

double
bg_simulation_run_get_fraction (BgSimulationRun *self)
{
  double t_end;

  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), 0);

  t_end = bg_plan_get_t_end (self->plan);
  if (!(t_end > 0))
    return 0;
  return CLAMP (self->shown_t / t_end, 0.0, 1.0);
}

double
bg_simulation_run_get_elapsed (BgSimulationRun *self)
{
  gint64 end;

  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), 0);

  if (!self->started)
    return 0;
  end = self->running ? g_get_monotonic_time () : self->ended_us;
  return (end - self->started_us) / (double) G_USEC_PER_SEC;
}

const BgSimReport *
bg_simulation_run_get_report (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);

  return self->have_report ? &self->report : NULL;
}

const GError *
bg_simulation_run_get_error (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), NULL);

  return self->error;
}

gboolean
bg_simulation_run_get_stale (BgSimulationRun *self)
{
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (self), FALSE);

  return self->stale;
}

void
bg_simulation_run_set_stale (BgSimulationRun *self,
                             gboolean         stale)
{
  g_return_if_fail (BG_IS_SIMULATION_RUN (self));

  stale = !!stale;
  if (self->stale == stale)
    return;
  self->stale = stale;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STALE]);
}

/* GObject ---------------------------------------------------------------------- */

static void
bg_simulation_run_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  BgSimulationRun *self = BG_SIMULATION_RUN (object);

  switch (prop_id)
    {
    case PROP_STALE:
      g_value_set_boolean (value, self->stale);
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_simulation_run_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  BgSimulationRun *self = BG_SIMULATION_RUN (object);

  switch (prop_id)
    {
    case PROP_STALE:
      bg_simulation_run_set_stale (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_simulation_run_finalize (GObject *object)
{
  BgSimulationRun *self = BG_SIMULATION_RUN (object);

  /* the task holds a reference while the worker runs */
  g_assert (!self->running);

  g_clear_pointer (&self->plan, bg_plan_unref);
  g_clear_pointer (&self->result, bg_result_unref);
  g_clear_pointer (&self->energy, bg_energy_unref);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  bg_sim_report_clear (&self->report);
  g_clear_error (&self->error);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (bg_simulation_run_parent_class)->finalize (object);
}

static void
bg_simulation_run_class_init (BgSimulationRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bg_simulation_run_finalize;
  object_class->get_property = bg_simulation_run_get_property;
  object_class->set_property = bg_simulation_run_set_property;

  properties[PROP_STALE] =
    g_param_spec_boolean ("stale", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bg_simulation_run_init (BgSimulationRun *self)
{
  g_mutex_init (&self->lock);
  self->cancellable = g_cancellable_new ();
}
