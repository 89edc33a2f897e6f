/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-power.c — the canvas's power-flow view and its time cursor.
 *
 * Owns: the run result the canvas reads (bg_canvas_set_result, with the
 * prefix of the level shown), the instant it shows ("time"), the
 * power-flow mode ("power-flow") and its playback ("playing", at
 * "play-speed" simulated seconds per second, driven by the frame clock),
 * the numbers of one frame handed to the graph renderer (bg-graph-power.h),
 * and the actions canvas.power-play, canvas.power-step(i),
 * canvas.power-start and canvas.power-end with their keys (Space, comma
 * and period, Home and End). The legend is bg-canvas-power-legend.c's, the
 * read-outs bg-canvas-readout.c's. Must not: run or derive anything beyond
 * what bg-power-flow.h derives, edit the model, or draw the graph itself.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"
#include "bg-graph-power.h"
#include "bg-power-flow.h"
#include "bg-result-at.h"
#include "bg-widget-util-private.h"

/* How fast the chevrons move along the bands while playing, model units
 * per second. */
#define DASH_SPEED 28.0
/* A run plays in about this many seconds at the default speed. */
#define DEFAULT_PLAY_SECONDS 10.0

struct _BgCanvasPower
{
  BgResult     *result;
  BgPlan       *plan;       /* the result's, or NULL */
  char         *prefix;
  /* the names of bonds through a component's ports (bg-power-flow.h) */
  BgPowerFlowAliasFunc alias;
  gpointer      alias_data;
  GDestroyNotify alias_destroy;
  BgPowerFlow  *flow;       /* for the model and result as they are now */
  double        time;       /* NAN: none chosen */
  gboolean      mode;
  gboolean      playing;
  double        speed;      /* 0: the default for the run */
  guint         tick;
  gint64        last_frame_us;
  double        phase;
  /* one frame's numbers */
  GArray       *bonds;      /* BgPowerBondValues */
  GArray       *elements;   /* BgPowerElementValues */
  GArray       *bond_power; /* double */
  GArray       *fill;       /* double */
  GArray       *loss;       /* double */
  BgGraphPower  graph;
};

enum
{
  POWER_PROP_TIME,
  POWER_PROP_POWER_FLOW,
  POWER_PROP_PLAYING,
  POWER_PROP_PLAY_SPEED,
  N_POWER_PROPS
};

static GParamSpec *power_properties[N_POWER_PROPS];
static guint power_first_prop;

static void
notify (BgCanvas *self,
        guint     prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), power_properties[prop]);
}

/* The flow ----------------------------------------------------------------------- */

BgPowerFlow *
_bg_canvas_power_flow (BgCanvas *self)
{
  BgCanvasPower *p = self->power;

  if (p->result == NULL || self->model == NULL)
    return NULL;
  if (p->flow != NULL && !bg_power_flow_matches (p->flow, self->model, p->result))
    g_clear_pointer (&p->flow, bg_power_flow_free);
  if (p->flow == NULL)
    p->flow = bg_power_flow_new_with_aliases (p->result, p->plan, self->model, p->prefix,
                                              p->alias, p->alias_data);
  return p->flow;
}

BgResult *
_bg_canvas_power_result (BgCanvas    *self,
                         const char **prefix)
{
  if (prefix != NULL)
    *prefix = self->power->prefix != NULL ? self->power->prefix : "";
  return self->power->result;
}

gboolean
_bg_canvas_power_shown (BgCanvas *self)
{
  return self->power->mode && self->power->result != NULL && self->model != NULL &&
         !_bg_canvas_explaining (self) && !bg_canvas_get_exercise_mode (self);
}

static void
update_actions (BgCanvas *self)
{
  gboolean on = _bg_canvas_power_shown (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.power-play", on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.power-step", on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.power-start", on);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.power-end", on);
}

/* The instant a read-out uses: the one chosen, else the end of the run;
 * FALSE without a result. */
gboolean
_bg_canvas_power_time (BgCanvas *self,
                       double   *t)
{
  double t0, t1;

  if (self->power->result == NULL ||
      !bg_result_get_time_range (self->power->result, &t0, &t1))
    return FALSE;
  *t = isnan (self->power->time) ? t1 : CLAMP (self->power->time, t0, t1);
  return TRUE;
}

/* One frame ------------------------------------------------------------------------ */

static void
fill_frame (BgCanvas    *self,
            BgPowerFlow *flow,
            double       t)
{
  BgCanvasPower *p = self->power;
  guint nb = bg_power_flow_get_n_bonds (flow), ne = bg_power_flow_get_n_elements (flow);

  g_array_set_size (p->bonds, nb);
  g_array_set_size (p->elements, ne);
  g_array_set_size (p->bond_power, nb);
  g_array_set_size (p->fill, ne);
  g_array_set_size (p->loss, ne);
  bg_power_flow_bonds_at (flow, t, (BgPowerBondValues *) p->bonds->data);
  bg_power_flow_elements_at (flow, t, (BgPowerElementValues *) p->elements->data);
  for (guint i = 0; i < nb; i++)
    g_array_index (p->bond_power, double, i) = g_array_index (p->bonds, BgPowerBondValues, i).p;
  for (guint i = 0; i < ne; i++)
    {
      const BgPowerElementValues *v = &g_array_index (p->elements, BgPowerElementValues, i);

      g_array_index (p->fill, double, i) = v->fill;
      g_array_index (p->loss, double, i) = v->loss;
    }
  p->graph = (BgGraphPower) {
    .bond_power = (const double *) p->bond_power->data,
    .n_bonds = nb,
    .element_fill = (const double *) p->fill->data,
    .element_loss = (const double *) p->loss->data,
    .n_elements = ne,
    .peak = bg_power_flow_get_peak_power (flow),
    .phase = p->phase,
  };
}

const BgGraphPower *
_bg_canvas_power_prepare (BgCanvas *self)
{
  BgPowerFlow *flow;
  double t;

  if (!_bg_canvas_power_shown (self) || !_bg_canvas_power_time (self, &t))
    return NULL;
  flow = _bg_canvas_power_flow (self);
  if (flow == NULL)
    return NULL;
  fill_frame (self, flow, t);
  return &self->power->graph;
}

/* Playback ------------------------------------------------------------------------- */

double
bg_canvas_get_default_play_speed (BgCanvas *self)
{
  double t0, t1, raw, decade, mantissa;

  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);

  if (self->power->result == NULL ||
      !bg_result_get_time_range (self->power->result, &t0, &t1) || !(t1 > t0))
    return 1.0;
  /* the run in about ten seconds, rounded to 1, 2 or 5 of a decade */
  raw = (t1 - t0) / DEFAULT_PLAY_SECONDS;
  decade = pow (10, floor (log10 (raw)));
  mantissa = raw / decade;
  return decade * (mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : mantissa < 7.5 ? 5 : 10);
}

static double
play_speed (BgCanvas *self)
{
  return self->power->speed > 0 ? self->power->speed : bg_canvas_get_default_play_speed (self);
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  BgCanvas *self = BG_CANVAS (widget);
  BgCanvasPower *p = self->power;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double dt, t, t0, t1;

  if (!p->playing || !_bg_canvas_power_shown (self) ||
      !bg_result_get_time_range (p->result, &t0, &t1))
    {
      p->tick = 0;
      bg_canvas_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  dt = p->last_frame_us > 0 ? (now - p->last_frame_us) / 1e6 : 0;
  p->last_frame_us = now;
  /* a stall (a busy machine, a suspended window) is not played through */
  dt = MIN (dt, 0.25);
  p->phase += dt * DASH_SPEED;
  _bg_canvas_power_time (self, &t);
  t += dt * play_speed (self);
  if (t >= t1)
    {
      bg_canvas_set_time (self, t1);
      p->tick = 0;
      bg_canvas_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  bg_canvas_set_time (self, t);
  return G_SOURCE_CONTINUE;
}

void
bg_canvas_set_playing (BgCanvas *self,
                       gboolean  playing)
{
  BgCanvasPower *p;
  double t, t0, t1;

  g_return_if_fail (BG_IS_CANVAS (self));

  p = self->power;
  playing = playing && _bg_canvas_power_shown (self);
  if (playing == p->playing)
    return;
  p->playing = playing;
  if (playing)
    {
      /* from the start again when at the end */
      if (_bg_canvas_power_time (self, &t) &&
          bg_result_get_time_range (p->result, &t0, &t1) && t >= t1)
        bg_canvas_set_time (self, t0);
      p->last_frame_us = 0;
      if (p->tick == 0)
        p->tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
    }
  else if (p->tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), p->tick);
      p->tick = 0;
    }
  notify (self, POWER_PROP_PLAYING);
}

gboolean
bg_canvas_get_playing (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->power->playing;
}

void
bg_canvas_set_play_speed (BgCanvas *self,
                          double    speed)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  speed = isfinite (speed) && speed > 0 ? speed : 0;
  if (speed == self->power->speed)
    return;
  self->power->speed = speed;
  notify (self, POWER_PROP_PLAY_SPEED);
}

double
bg_canvas_get_play_speed (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);
  return play_speed (self);
}

/* The result and the instant --------------------------------------------------------- */

void
bg_canvas_set_result (BgCanvas   *self,
                      BgResult   *result,
                      BgPlan     *plan,
                      const char *prefix)
{
  BgCanvasPower *p;

  g_return_if_fail (BG_IS_CANVAS (self));

  p = self->power;
  if (result == NULL)
    plan = NULL;
  if (result == p->result && plan == p->plan &&
      g_strcmp0 (prefix != NULL ? prefix : "", p->prefix) == 0)
    return;
  g_clear_pointer (&p->flow, bg_power_flow_free);
  if (result != NULL)
    bg_result_ref (result);
  g_clear_pointer (&p->result, bg_result_unref);
  p->result = result;
  if (plan != NULL)
    bg_plan_ref (plan);
  g_clear_pointer (&p->plan, bg_plan_unref);
  p->plan = plan;
  g_free (p->prefix);
  p->prefix = g_strdup (prefix != NULL ? prefix : "");
  if (result == NULL)
    bg_canvas_set_playing (self, FALSE);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_set_bond_alias (BgCanvas             *self,
                          BgPowerFlowAliasFunc  alias,
                          gpointer              data,
                          GDestroyNotify        destroy)
{
  BgCanvasPower *p;

  g_return_if_fail (BG_IS_CANVAS (self));

  p = self->power;
  if (p->alias_destroy != NULL)
    p->alias_destroy (p->alias_data);
  p->alias = alias;
  p->alias_data = data;
  p->alias_destroy = destroy;
  g_clear_pointer (&p->flow, bg_power_flow_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgResult *
bg_canvas_get_result (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  return self->power->result;
}

gboolean
bg_canvas_get_time_range (BgCanvas *self,
                          double   *t_start,
                          double   *t_end)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->power->result != NULL &&
         bg_result_get_time_range (self->power->result, t_start, t_end);
}

void
bg_canvas_set_time (BgCanvas *self,
                    double    t)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (t == self->power->time || (isnan (t) && isnan (self->power->time)))
    return;
  self->power->time = t;
  if (_bg_canvas_power_shown (self))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  notify (self, POWER_PROP_TIME);
}

double
bg_canvas_get_time (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NAN);
  return self->power->time;
}

void
bg_canvas_set_power_flow (BgCanvas *self,
                          gboolean  on)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  on = !!on;
  if (on == self->power->mode)
    return;
  self->power->mode = on;
  if (!on)
    bg_canvas_set_playing (self, FALSE);
  update_actions (self);
  /* the legend's band changes: the graph above it */
  gtk_widget_queue_draw (GTK_WIDGET (self));
  notify (self, POWER_PROP_POWER_FLOW);
}

gboolean
bg_canvas_get_power_flow (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->power->mode;
}

/* Actions ------------------------------------------------------------------------------ */

static void
action_play (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);

  bg_canvas_set_playing (self, !self->power->playing);
}

/* One row of the run back or forward (rows are the run's output steps). */
static void
action_step (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  BgResultInstant at;
  int steps = g_variant_get_int32 (param);
  double t;
  gint64 row;

  if (!_bg_canvas_power_time (self, &t) || !bg_result_locate (self->power->result, t, &at))
    return;
  bg_canvas_set_playing (self, FALSE);
  /* between two rows, back goes to the earlier one */
  row = (gint64) at.row + (steps > 0 || at.frac == 0 ? steps : steps + 1);
  row = CLAMP (row, 0, (gint64) at.n_rows - 1);
  bg_canvas_set_time (self, bg_result_get_value (self->power->result, 0, (gsize) row));
}

static void
action_bound (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  double t0, t1;

  if (!bg_canvas_get_time_range (self, &t0, &t1))
    return;
  bg_canvas_set_playing (self, FALSE);
  bg_canvas_set_time (self, g_str_equal (name, "canvas.power-start") ? t0 : t1);
}

/* Properties --------------------------------------------------------------------------- */

guint
_bg_canvas_power_class_init (GObjectClass *object_class,
                             guint         first_prop_id)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (object_class);

  power_first_prop = first_prop_id;
  /* the instant read-outs and the power-flow view show, s; NaN (where it
   * starts): none chosen */
  power_properties[POWER_PROP_TIME] =
    g_param_spec_double ("time", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                         _BG_PARAM_READWRITE);
  power_properties[POWER_PROP_POWER_FLOW] =
    g_param_spec_boolean ("power-flow", NULL, NULL, FALSE,
                          _BG_PARAM_READWRITE);
  power_properties[POWER_PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                          _BG_PARAM_READWRITE);
  /* simulated seconds per second of playback; 0: the run in about 10 s */
  power_properties[POWER_PROP_PLAY_SPEED] =
    g_param_spec_double ("play-speed", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         _BG_PARAM_READWRITE);
  for (guint i = 0; i < N_POWER_PROPS; i++)
    g_object_class_install_property (object_class, first_prop_id + i, power_properties[i]);

  gtk_widget_class_install_action (widget_class, "canvas.power-play", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "canvas.power-step", "i", action_step);
  gtk_widget_class_install_action (widget_class, "canvas.power-start", NULL, action_bound);
  gtk_widget_class_install_action (widget_class, "canvas.power-end", NULL, action_bound);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "canvas.power-play", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "canvas.power-step",
                                       "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "canvas.power-step",
                                       "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "canvas.power-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "canvas.power-end", NULL);
  return first_prop_id + N_POWER_PROPS;
}

gboolean
_bg_canvas_power_get_property (BgCanvas *self,
                               guint     prop_id,
                               GValue   *value)
{
  if (prop_id < power_first_prop || prop_id >= power_first_prop + N_POWER_PROPS)
    return FALSE;
  switch (prop_id - power_first_prop)
    {
    case POWER_PROP_TIME:
      g_value_set_double (value, self->power->time);
      break;
    case POWER_PROP_POWER_FLOW:
      g_value_set_boolean (value, self->power->mode);
      break;
    case POWER_PROP_PLAYING:
      g_value_set_boolean (value, self->power->playing);
      break;
    case POWER_PROP_PLAY_SPEED:
      g_value_set_double (value, self->power->speed);
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

gboolean
_bg_canvas_power_set_property (BgCanvas     *self,
                               guint         prop_id,
                               const GValue *value)
{
  if (prop_id < power_first_prop || prop_id >= power_first_prop + N_POWER_PROPS)
    return FALSE;
  switch (prop_id - power_first_prop)
    {
    case POWER_PROP_TIME:
      bg_canvas_set_time (self, g_value_get_double (value));
      break;
    case POWER_PROP_POWER_FLOW:
      bg_canvas_set_power_flow (self, g_value_get_boolean (value));
      break;
    case POWER_PROP_PLAYING:
      bg_canvas_set_playing (self, g_value_get_boolean (value));
      break;
    case POWER_PROP_PLAY_SPEED:
      bg_canvas_set_play_speed (self, g_value_get_double (value));
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

/* Set-up ---------------------------------------------------------------------------------- */

void
_bg_canvas_power_init (BgCanvas *self)
{
  BgCanvasPower *p = g_new0 (BgCanvasPower, 1);

  p->time = NAN;
  p->prefix = g_strdup ("");
  p->bonds = g_array_new (FALSE, TRUE, sizeof (BgPowerBondValues));
  p->elements = g_array_new (FALSE, TRUE, sizeof (BgPowerElementValues));
  p->bond_power = g_array_new (FALSE, TRUE, sizeof (double));
  p->fill = g_array_new (FALSE, TRUE, sizeof (double));
  p->loss = g_array_new (FALSE, TRUE, sizeof (double));
  self->power = p;
  update_actions (self);
}

void
_bg_canvas_power_dispose (BgCanvas *self)
{
  BgCanvasPower *p = self->power;

  if (p->tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), p->tick);
  p->tick = 0;
  p->playing = FALSE;
  g_clear_pointer (&p->flow, bg_power_flow_free);
  g_clear_pointer (&p->result, bg_result_unref);
  g_clear_pointer (&p->plan, bg_plan_unref);
  if (p->alias_destroy != NULL)
    p->alias_destroy (p->alias_data);
  p->alias = NULL;
  p->alias_data = NULL;
  p->alias_destroy = NULL;
}

void
_bg_canvas_power_finalize (BgCanvas *self)
{
  BgCanvasPower *p = self->power;

  g_free (p->prefix);
  g_array_unref (p->bonds);
  g_array_unref (p->elements);
  g_array_unref (p->bond_power);
  g_array_unref (p->fill);
  g_array_unref (p->loss);
  g_free (p);
  self->power = NULL;
}

/* Modes that hide the power flow (explaining, exercise) come and go. */
void
_bg_canvas_power_update_actions (BgCanvas *self)
{
  update_actions (self);
  if (!_bg_canvas_power_shown (self))
    bg_canvas_set_playing (self, FALSE);
}
