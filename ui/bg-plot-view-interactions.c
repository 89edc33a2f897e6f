/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-interactions.c — zoom, pan and the cursor on the plot.
 *
 * Owns: one controller per interaction (primary drag: zoom box; Shift+drag
 * or middle drag: pan; wheel: zoom time around the pointer; Ctrl+wheel:
 * zoom the values of the sub-plot under the pointer; double-click: reset),
 * the drag in progress, and the cursor read-out at the pointer's time
 * (resting, when the pointer is elsewhere, at the time cursor the window
 * pins there: the power-flow view's instant).
 * Must not: draw (it queues a redraw) or touch the run.
 */
#include "config.h"

#include <math.h>

#include "bg-plot-view-private.h"
#include "bg-si-format.h"

#define MIN_BOX_PIXELS 5.0
#define WHEEL_FACTOR 1.2

/* Read-out ------------------------------------------------------------------ */

char *
bg_plot_view_dup_readout (BgPlotView *self,
                          double      t)
{
  BgResult *result = _bg_plot_view_result (self);
  g_autofree double *values = NULL;
  g_autofree char *time = NULL;
  GString *text;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  time = bg_si_format (t, "s");
  text = g_string_new (NULL);
  g_string_append_printf (text, "t = %s", time);
  values = g_new (double, MAX (self->traces->len, 1));
  bg_plot_renderer_values_at (self->renderer, t, values, self->traces->len);
  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);
      g_autofree char *value = bg_si_format (values[i],
                                             bg_result_get_var_unit (result, trace->var));

      g_string_append_printf (text, "\n%s = %s", trace->name, value);
    }

  return g_string_free (text, FALSE);
}

void
bg_plot_view_set_cursor (BgPlotView *self,
                         double      t)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  if (self->cursor_t == t || (isnan (t) && isnan (self->cursor_t)))
    return;
  self->cursor_t = t;
  bg_plot_renderer_set_cursor (self->renderer, t);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Interactions -------------------------------------------------------------------- */

/* Value at widget y in subplot (the axes are linear). */
static gboolean
y_to_value (BgPlotView *self,
            guint       subplot,
            double      y,
            double     *value)
{
  double ax, ay, aw, ah, t0, t1, y0, y1;

  if (!bg_plot_renderer_get_plot_area (self->renderer, subplot, &ax, &ay, &aw, &ah) ||
      !bg_plot_renderer_get_view (self->renderer, subplot, &t0, &t1, &y0, &y1) || ah <= 0)
    return FALSE;
  *value = y0 + (ay + ah - y) / ah * (y1 - y0);
  return TRUE;
}

/* The sub-plot whose rows contain y (also left of the plot areas). */
static gboolean
subplot_at (BgPlotView *self,
            double      y,
            guint      *subplot)
{
  guint n = bg_plot_renderer_get_n_subplots (self->renderer);

  for (guint i = 0; i < n; i++)
    {
      double ax, ay, aw, ah;

      if (bg_plot_renderer_get_plot_area (self->renderer, i, &ax, &ay, &aw, &ah) &&
          y >= ay && y <= ay + ah)
        {
          *subplot = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
drag_begin (BgPlotView *self,
            double      x,
            double      y,
            DragMode    mode)
{
  double y0 = 0, y1 = 0;

  self->drag_mode = mode;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = self->drag_dy = 0;
  self->drag_has_subplot = subplot_at (self, y, &self->drag_subplot);
  if (!bg_plot_renderer_get_view (self->renderer, self->drag_has_subplot ? self->drag_subplot : 0,
                                  &self->drag_t0, &self->drag_t1, &y0, &y1))
    self->drag_mode = DRAG_NONE;
  self->drag_y0 = y0;
  self->drag_y1 = y1;
}

static void
pan_to (BgPlotView *self,
        double      dx,
        double      dy)
{
  double ax, ay, aw, ah;

  if (!bg_plot_renderer_get_plot_area (self->renderer, self->drag_has_subplot ? self->drag_subplot : 0,
                                       &ax, &ay, &aw, &ah) || aw <= 0 || ah <= 0)
    return;

  {
    double shift_t = -dx / aw * (self->drag_t1 - self->drag_t0);

    bg_plot_renderer_set_time_range (self->renderer, self->drag_t0 + shift_t,
                                     self->drag_t1 + shift_t);
  }
  if (self->drag_has_subplot && fabs (dy) > 0)
    {
      double shift_y = dy / ah * (self->drag_y1 - self->drag_y0);

      bg_plot_renderer_set_value_range (self->renderer, self->drag_subplot,
                                        self->drag_y0 + shift_y, self->drag_y1 + shift_y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_to_box (BgPlotView *self)
{
  double xa = self->drag_x, xb = self->drag_x + self->drag_dx;
  double ya = self->drag_y, yb = self->drag_y + self->drag_dy;

  if (fabs (self->drag_dx) >= MIN_BOX_PIXELS)
    {
      double ta = bg_plot_renderer_x_to_time (self->renderer, MIN (xa, xb));
      double tb = bg_plot_renderer_x_to_time (self->renderer, MAX (xa, xb));

      if (tb > ta)
        bg_plot_renderer_set_time_range (self->renderer, ta, tb);
    }
  if (self->drag_has_subplot && fabs (self->drag_dy) >= MIN_BOX_PIXELS)
    {
      double va, vb;

      if (y_to_value (self, self->drag_subplot, MAX (ya, yb), &va) &&
          y_to_value (self, self->drag_subplot, MIN (ya, yb), &vb) && vb > va)
        bg_plot_renderer_set_value_range (self->renderer, self->drag_subplot, va, vb);
    }
}

static void
primary_drag_begin_cb (BgPlotView     *self,
                       double          x,
                       double          y,
                       GtkGestureDrag *gesture)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  drag_begin (self, x, y, (state & GDK_SHIFT_MASK) ? DRAG_PAN : DRAG_BOX);
}

static void
pan_drag_begin_cb (BgPlotView     *self,
                   double          x,
                   double          y,
                   GtkGestureDrag *gesture)
{
  drag_begin (self, x, y, DRAG_PAN);
}

static void
drag_update_cb (BgPlotView     *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (self->drag_mode == DRAG_PAN)
    pan_to (self, dx, dy);
  else if (self->drag_mode == DRAG_BOX)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (BgPlotView     *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (self->drag_mode == DRAG_BOX)
    zoom_to_box (self);
  self->drag_mode = DRAG_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
click_pressed_cb (BgPlotView      *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  if (n_press == 2)
    bg_plot_view_reset_view (self);
}

static gboolean
scroll_cb (BgPlotView               *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double factor = pow (WHEEL_FACTOR, dy);
  double x, y, t0, t1, y0, y1;
  guint subplot = 0;

  if (self->run == NULL || dy == 0)
    return FALSE;
  x = self->pointer_x;
  y = self->pointer_y;

  if (!subplot_at (self, y, &subplot) ||
      !bg_plot_renderer_get_view (self->renderer, subplot, &t0, &t1, &y0, &y1))
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double v;

      if (!y_to_value (self, subplot, y, &v))
        return FALSE;
      bg_plot_renderer_set_value_range (self->renderer, subplot,
                                        v - (v - y0) * factor, v + (y1 - v) * factor);
    }
  else
    {
      double t = bg_plot_renderer_x_to_time (self->renderer, x);

      if (!isfinite (t))
        return FALSE;
      bg_plot_renderer_set_time_range (self->renderer, t - (t - t0) * factor,
                                       t + (t1 - t) * factor);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
motion_cb (BgPlotView               *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  double t;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->run == NULL || self->traces->len == 0 ||
      !bg_plot_renderer_pick (self->renderer, x, y, NULL, &t, NULL))
    {
      bg_plot_view_set_cursor (self, self->pinned_t);
      return;
    }
  if (t == self->cursor_t)
    return;
  bg_plot_view_set_cursor (self, t);
  _bg_plot_view_emit_cursor_moved (self, t);
}

static void
leave_cb (BgPlotView               *self,
          GtkEventControllerMotion *controller)
{
  bg_plot_view_set_cursor (self, self->pinned_t);
}

void
bg_plot_view_set_time_cursor (BgPlotView *self,
                              double      t)
{
  GtkEventController *motion;

  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  self->pinned_t = t;
  /* under the pointer the cursor is the pointer's */
  motion = g_object_get_data (G_OBJECT (self), "bg-plot-view-motion");
  if (motion == NULL ||
      !gtk_event_controller_motion_contains_pointer (GTK_EVENT_CONTROLLER_MOTION (motion)))
    bg_plot_view_set_cursor (self, t);
}

double
bg_plot_view_get_cursor (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NAN);
  return self->cursor_t;
}

/* A drag with `button` that `begin` starts as a zoom box or a pan. */
static void
add_drag (BgPlotView *self,
          guint       button,
          GCallback   begin)
{
  GtkGesture *gesture = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), button);
  g_signal_connect_object (gesture, "drag-begin", begin, self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (drag_update_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (drag_end_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));
}

/* One controller per interaction: primary drag (zoom box, or pan with
 * Shift), middle drag (pan), double-click (reset), wheel, pointer motion. */
void
_bg_plot_view_interactions_init (BgPlotView *self)
{
  GtkGesture *gesture;
  GtkEventController *controller;

  add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (primary_drag_begin_cb));
  add_drag (self, GDK_BUTTON_MIDDLE, G_CALLBACK (pan_drag_begin_cb));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (click_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (scroll_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_object_set_data (G_OBJECT (self), "bg-plot-view-motion", controller);
  g_signal_connect_object (controller, "motion", G_CALLBACK (motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}
