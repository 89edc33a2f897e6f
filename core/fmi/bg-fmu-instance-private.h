/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-instance-private.h — one instance of an exported FMU inside an
 * importer: the model, its plan, time, states, inputs and parameters, the
 * time events and end stops, Co-Simulation stepping.
 *
 * Included by: core/fmi/bg-fmu-instance.c, core/fmi/bg-fmu-values.c,
 * core/fmi/bg-fmu-cs.c, core/fmi/bg-fmu-handle-private.h.
 *
 * Owns: everything of one instance (no globals: any number of instances
 * live in one process, on any threads, one thread per instance at a time),
 * the order of the calls the standard allows (a call out of order is
 * refused with an error status and a message, never a crash), and the
 * messages through the importer's logger. Must not: know which FMI version
 * called (the fmi2/fmi3 files translate), print anything or exit.
 */
#pragma once

#include <glib.h>
#include "bg-fmu-vars.h"
#include "bg-model.h"
#include "bg-plan-private.h"

G_BEGIN_DECLS

typedef enum
{
  BG_FMU_OK,
  BG_FMU_WARNING,
  BG_FMU_DISCARD,
  BG_FMU_ERROR_STATUS,
  BG_FMU_FATAL,
} BgFmuStatus;

typedef enum
{
  BG_FMU_MODE_INSTANTIATED,
  BG_FMU_MODE_INITIALIZATION,
  BG_FMU_MODE_EVENT,
  BG_FMU_MODE_CONTINUOUS,
  BG_FMU_MODE_STEP,
  BG_FMU_MODE_TERMINATED,
  BG_FMU_MODE_FAILED,
} BgFmuMode;

typedef void (*BgFmuLogFunc) (gpointer     data,
                              const char  *instance_name,
                              BgFmuStatus  status,
                              const char  *category,
                              const char  *message);

typedef struct _BgFmuCs BgFmuCs;

typedef struct
{
  char         *name;
  gboolean      cs;
  BgFmuLogFunc  log;
  gpointer      log_data;
  gboolean      logging_on;
  GStrv         categories;     /* enabled categories; NULL: all */

  char         *resource_dir;
  char         *model_text;
  gsize         model_length;
  GStrv         inputs, outputs;

  BgModel      *model;          /* the flat model the parameters are set on */
  BgFmuVars    *vars;
  double       *params;         /* current parameter values */
  gboolean      dirty;          /* params or settings changed since the plan */
  BgPlan       *plan;
  BgPlanWork   *work;
  BgWave       *waves;          /* the plan's, inputs replaced by constants */
  int          *wave_input;     /* per wave: input index or -1 */
  double       *u;              /* inputs */
  double       *x;              /* states */
  double       *values;         /* every plan variable, when values_ok */
  double       *dx;             /* the derivatives, when values_ok */
  gboolean      values_ok;
  double       *z_prev;         /* event indicators after the last event */

  double       *restart_t, *restart_wave;
  guint         n_restarts;
  double        wave_t0;
  guint         seg;            /* time events handled */

  BgFmuMode     mode;
  double        t;
  double        start_time;
  gboolean      tolerance_defined, stop_defined;
  double        tolerance, stop_time;
  gboolean      terminated;     /* an end stop was reached */
  double        last_successful_time;

  BgFmuCs      *cs_state;
} BgFmuInstance;

BgFmuInstance *_bg_fmu_instance_new      (const char    *name,
                                          const char    *resource_dir,
                                          const char    *token,
                                          gboolean       cs,
                                          BgFmuLogFunc   log,
                                          gpointer       log_data,
                                          gboolean       logging_on);
void           _bg_fmu_instance_free     (BgFmuInstance *self);
BgFmuStatus    _bg_fmu_instance_reset    (BgFmuInstance *self);

/* Messages: errors and warnings always reach the logger, other categories
 * only with logging on and the category enabled. Returns status. */
BgFmuStatus    _bg_fmu_log               (BgFmuInstance *self,
                                          BgFmuStatus    status,
                                          const char    *category,
                                          const char    *format,
                                          ...) G_GNUC_PRINTF (4, 5);
BgFmuStatus    _bg_fmu_set_debug_logging (BgFmuInstance     *self,
                                          gboolean           on,
                                          gsize              n,
                                          const char *const *categories);
/* Refuses (error status, message naming the call) unless self is in one of
 * the modes (a bit mask of 1 << BgFmuMode). */
gboolean       _bg_fmu_check_mode        (BgFmuInstance *self,
                                          const char    *call,
                                          guint          modes);

BgFmuStatus    _bg_fmu_setup             (BgFmuInstance *self,
                                          gboolean       tolerance_defined,
                                          double         tolerance,
                                          double         start_time,
                                          gboolean       stop_defined,
                                          double         stop_time);
BgFmuStatus    _bg_fmu_enter_init        (BgFmuInstance *self);
BgFmuStatus    _bg_fmu_exit_init         (BgFmuInstance *self);
BgFmuStatus    _bg_fmu_enter_event_mode  (BgFmuInstance *self);
BgFmuStatus    _bg_fmu_enter_continuous  (BgFmuInstance *self);
BgFmuStatus    _bg_fmu_terminate         (BgFmuInstance *self);

BgFmuStatus    _bg_fmu_get_real          (BgFmuInstance *self,
                                          const guint32 *vr,
                                          gsize          n,
                                          double        *values);
BgFmuStatus    _bg_fmu_set_real          (BgFmuInstance *self,
                                          const guint32 *vr,
                                          gsize          n,
                                          const double  *values);

BgFmuStatus    _bg_fmu_set_time          (BgFmuInstance *self,
                                          double         t);
BgFmuStatus    _bg_fmu_set_states        (BgFmuInstance *self,
                                          const double  *x,
                                          gsize          n);
BgFmuStatus    _bg_fmu_get_states        (BgFmuInstance *self,
                                          double        *x,
                                          gsize          n);
BgFmuStatus    _bg_fmu_get_derivatives   (BgFmuInstance *self,
                                          double        *dx,
                                          gsize          n);
BgFmuStatus    _bg_fmu_get_nominals      (BgFmuInstance *self,
                                          double        *nominals,
                                          gsize          n);
BgFmuStatus    _bg_fmu_get_indicators    (BgFmuInstance *self,
                                          double        *z,
                                          gsize          n);
/* Event Mode: takes the time events due at the current time, ends the run
 * at an end stop, and gives the next time event. *switched is TRUE when a
 * time event was taken: a waveform jumped, so the right-hand side is
 * discontinuous there and the importer's integrator must start afresh. */
BgFmuStatus    _bg_fmu_update_discrete   (BgFmuInstance *self,
                                          gboolean      *switched,
                                          gboolean      *terminate,
                                          gboolean      *next_defined,
                                          double        *next_time);

/* Co-Simulation (bg-fmu-cs.c): integrates from t to t + h with CVODE and
 * the plan's settings; an end stop ends the step early. */
BgFmuStatus    _bg_fmu_do_step           (BgFmuInstance *self,
                                          double         t,
                                          double         h,
                                          gboolean      *terminate,
                                          gboolean      *early_return,
                                          double        *last_time);
void           _bg_fmu_cs_free           (BgFmuCs       *cs);

/* Shared by the instance and the stepper ------------------------------------ */

/* Compiles the plan again if a parameter or the settings changed. */
gboolean       _bg_fmu_ensure_plan       (BgFmuInstance *self);
/* The segment between time events that time t is in, and the time a jump
 * takes its level at there (bg-simulator.c's rule). */
guint          _bg_fmu_segment_at        (BgFmuInstance *self,
                                          double         t);
double         _bg_fmu_level_time        (BgFmuInstance *self,
                                          guint          seg);
/* The horizon the plan was compiled for (the stop time, or the model's
 * t_end). */
double         _bg_fmu_horizon           (BgFmuInstance *self);
/* Applies the inputs to the waves and points the work at them. */
void           _bg_fmu_apply_inputs      (BgFmuInstance *self);
/* The end stop event e fired between z_prev and z. */
gboolean       _bg_fmu_event_fired       (BgFmuInstance *self,
                                          guint          e,
                                          double         z);
/* Logs the end of the run at event e and sets terminated. */
void           _bg_fmu_end_at_event      (BgFmuInstance *self,
                                          guint          e);

G_END_DECLS
