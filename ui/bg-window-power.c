/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-power.c — BgWindow's side of the power-flow view and of
 * plotting from the diagram.
 *
 * Owns: win.power-flow (the canvas's "power-flow" property as a window
 * action, View ▸ Power Flow, Ctrl+Shift+F), the time bar under the canvas
 * (bg-power-bar.c) and when it shows, handing the canvas each finished
 * run's result with the prefix of the level shown, keeping the canvas's
 * instant and the time plot's cursor together both ways (the plot's
 * cursor rests at the instant while the view is on), the stale note, and
 * turning the canvas's "plot-requested" into a trace of the time plot
 * (named from the document's top: the level's prefix first, a bond
 * through a component's port as the bond it became), shown at once. Must not: simulate, derive values (the canvas and the plot read
 * the stored result), or keep state outside BgWindow's struct.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-window-private.h"
#include "bg-power-bar.h"

static BgResult *
finished_result (BgWindow *self)
{
  BgSimulationRun *run = bg_plot_pane_get_run (self->plot_pane);

  if (run == NULL || bg_plot_pane_is_running (self->plot_pane) ||
      bg_simulation_run_get_report (run) == NULL)
    return NULL;
  return bg_simulation_run_get_result (run);
}

static void
pin_plot_cursor (BgWindow *self)
{
  BgPlotView *view = bg_plot_pane_get_view (self->plot_pane);

  bg_plot_view_set_time_cursor (view, bg_canvas_get_power_flow (self->canvas)
                                      ? bg_canvas_get_time (self->canvas) : NAN);
}

/* The result (or none) on the canvas, seen from the level shown; an
 * instant inside the run when the view shows. */
static void
update_result (BgWindow *self)
{
  BgSimulationRun *run = bg_plot_pane_get_run (self->plot_pane);
  BgResult *result = finished_result (self);
  double t0, t1, t;

  bg_canvas_set_result (self->canvas, result,
                        result != NULL ? bg_simulation_run_get_plan (run) : NULL,
                        _bg_window_levels_get_prefix (self));
  t = bg_canvas_get_time (self->canvas);
  if (bg_canvas_get_time_range (self->canvas, &t0, &t1) && (isnan (t) || t < t0 || t > t1))
    bg_canvas_set_time (self->canvas, t0);
  bg_power_bar_sync (BG_POWER_BAR (self->power_bar));
  bg_power_bar_set_stale (BG_POWER_BAR (self->power_bar),
                          result != NULL && bg_simulation_run_get_stale (run));
  pin_plot_cursor (self);
}

void
_bg_window_power_update (BgWindow *self)
{
  update_result (self);
}

static void
run_notify_stale_cb (BgWindow        *self,
                     GParamSpec      *pspec,
                     BgSimulationRun *run)
{
  if (run == bg_plot_pane_get_run (self->plot_pane))
    bg_power_bar_set_stale (BG_POWER_BAR (self->power_bar), bg_simulation_run_get_stale (run));
}

static void
run_finished_cb (BgWindow   *self,
                 BgPlotPane *pane)
{
  BgSimulationRun *run = bg_plot_pane_get_run (pane);

  if (run != NULL)
    g_signal_connect_object (run, "notify::stale", G_CALLBACK (run_notify_stale_cb), self,
                             G_CONNECT_SWAPPED);
  update_result (self);
}

static void
notify_running_cb (BgWindow *self)
{
  /* a new run replaces the last one's result as it starts */
  if (bg_plot_pane_is_running (self->plot_pane))
    update_result (self);
}

static void
power_flow_changed_cb (BgWindow *self)
{
  gboolean on = bg_canvas_get_power_flow (self->canvas);

  gtk_widget_set_visible (self->power_bar, on);
  if (on)
    update_result (self);
  pin_plot_cursor (self);
  if (on && bg_canvas_get_result (self->canvas) == NULL)
    _bg_window_show_message (self, _("Run the simulation (F5) to see where the power goes"));
}

static void
canvas_time_cb (BgWindow *self)
{
  if (bg_canvas_get_power_flow (self->canvas))
    pin_plot_cursor (self);
}

/* The pointer on the plot moves the instant (and the slider with it). */
static void
plot_cursor_moved_cb (BgWindow   *self,
                      double      t,
                      BgPlotView *view)
{
  if (bg_canvas_get_result (self->canvas) != NULL)
    bg_canvas_set_time (self->canvas, t);
}

/* Another level shown: the same result, named from there. */
static void
canvas_model_cb (BgWindow *self)
{
  BgResult *result = finished_result (self);

  bg_canvas_set_result (self->canvas, result,
                        result != NULL ? bg_simulation_run_get_plan (bg_plot_pane_get_run (self->plot_pane))
                                       : NULL,
                        _bg_window_levels_get_prefix (self));
}

/* Inside a component, a bond through one of its ports is the outer bond
 * in the run: its name there (bg-power-flow.h). */
static char *
bond_alias (const char *path,
            double     *sign,
            gpointer    data)
{
  BgWindow *self = data;
  BgPowerFlowPorts ports;

  if (self->document == NULL || bg_canvas_get_model (self->canvas) == NULL)
    return NULL;
  ports = (BgPowerFlowPorts) {
    bg_canvas_get_model (self->canvas), _bg_window_levels_get_prefix (self),
    bg_document_get_flat_model (self->document), bg_document_get_flat_map (self->document),
  };
  return bg_power_flow_alias_through_ports (path, sign, &ports);
}

/* A variable of the level shown by its name in the run: the level's
 * prefix first, a bond through a port as the bond it became. */
static char *
run_name (BgWindow   *self,
          const char *name)
{
  const char *prefix = _bg_window_levels_get_prefix (self);
  const char *dot = strchr (name, '.');
  g_autofree char *id = dot != NULL ? g_strndup (name, dot - name) : NULL;
  g_autofree char *path = NULL;
  g_autofree char *flat = NULL;
  double sign = 1;

  if (id != NULL && bg_model_find_bond (bg_canvas_get_model (self->canvas), id) != NULL)
    {
      path = g_strconcat (prefix, id, NULL);
      flat = bond_alias (path, &sign, self);
      if (flat != NULL)
        return g_strconcat (flat, dot, NULL);
    }
  return g_strconcat (prefix, name, NULL);
}

static void
plot_requested_cb (BgWindow   *self,
                   const char *name,
                   BgCanvas   *canvas)
{
  g_autofree char *full = run_name (self, name);

  _bg_window_set_explain_mode (self, FALSE);
  _bg_window_layout_show_slot (self);
  gtk_stack_set_visible_child_name (self->plot_stack, "time");
  bg_plot_pane_add_var (self->plot_pane, full);
  if (bg_plot_pane_get_run (self->plot_pane) == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("%s will be plotted after the next run (F5)"),
                                               full);

      _bg_window_show_message (self, text);
    }
}

/* The bar under the canvas, inside the paned's top: the canvas and its
 * overlay bars above it. */
static void
place_bar (BgWindow *self)
{
  GtkWidget *overlay = GTK_WIDGET (self->canvas_overlay);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  g_object_ref (overlay);
  gtk_paned_set_start_child (self->plot_paned, NULL);
  gtk_box_append (GTK_BOX (box), overlay);
  g_object_unref (overlay);
  self->power_bar = bg_power_bar_new (self->canvas);
  gtk_widget_set_visible (self->power_bar, FALSE);
  gtk_box_append (GTK_BOX (box), self->power_bar);
  gtk_paned_set_start_child (self->plot_paned, box);
}

void
_bg_window_power_init (BgWindow *self)
{
  g_autoptr(GPropertyAction) action = g_property_action_new ("power-flow", self->canvas,
                                                              "power-flow");

  place_bar (self);
  bg_canvas_set_bond_alias (self->canvas, bond_alias, self, NULL);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  g_signal_connect_object (self->canvas, "notify::power-flow",
                           G_CALLBACK (power_flow_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::time", G_CALLBACK (canvas_time_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::model", G_CALLBACK (canvas_model_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "plot-requested", G_CALLBACK (plot_requested_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "run-finished", G_CALLBACK (run_finished_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "notify::running", G_CALLBACK (notify_running_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bg_plot_pane_get_view (self->plot_pane), "cursor-moved",
                           G_CALLBACK (plot_cursor_moved_cb), self, G_CONNECT_SWAPPED);
}
