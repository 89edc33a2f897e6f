/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-plot.c — BgWindow's side of the plot pane.
 *
 * Owns: placing the pane in the window's slot (a "Time Plot" page beside
 * the "Analysis" page of bg-analysis-pane.c), win.run and win.stop (their
 * handlers and sensitivity, called from the window's one actions update),
 * the "Equations" page (bg-equations-pane.c) and win.show-equations, its
 * symbols and rows selecting on the canvas, the "Energy" page
 * (bg-energy-pane.c), which shows each run the plot pane starts, and
 * win.show-energy,
 * the header bar's Run/Stop button look, and what the end of a run shows
 * in the window: its message in the status line and the element of an
 * event selected on the canvas. Must not: simulate, plot, or keep state
 * outside BgWindow's struct.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-window-private.h"

static void
plot_pane_notify_running_cb (BgWindow   *self,
                             GParamSpec *pspec,
                             BgPlotPane *pane)
{
  /* a new run: the Energy page follows it to its end */
  if (bg_plot_pane_is_running (pane))
    bg_energy_pane_set_run (self->energy_pane, bg_plot_pane_get_run (pane));
  _bg_window_actions_update (self);
}

/* The run's message stays in the status line until something else is said. */
static void
plot_pane_run_finished_cb (BgWindow   *self,
                           BgPlotPane *pane)
{
  BgSimulationRun *run = bg_plot_pane_get_run (pane);
  const BgSimReport *report = bg_simulation_run_get_report (run);

  g_clear_handle_id (&self->message_timeout, g_source_remove);
  gtk_label_set_label (self->message_label, bg_plot_pane_get_status_text (pane));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label),
                               bg_plot_pane_get_status_text (pane));

  if (report->element_id != NULL &&
      bg_model_find_element (bg_document_get_model (self->document), report->element_id) != NULL)
    {
      const char *ids[] = { report->element_id, NULL };

      bg_canvas_select_ids (self->canvas, ids);
    }
}

/* Clicking an equation or a symbol selects on the canvas; the canvas's
 * selection-changed then marks the terms and fills the inspector. */
static void
equations_pane_select_elements_cb (BgWindow        *self,
                                   const char     **ids,
                                   BgEquationsPane *pane)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *level = g_strdup (_bg_window_levels_get_prefix (self));
  gboolean any_here = FALSE;
  gsize len;

  /* The equations name what is inside a component by its path ("T2.C"):
   * those at the level shown are selected there (one inside an instance
   * of it: that instance); when none is, up to the level that holds them
   * all. */
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    any_here |= g_str_has_prefix (ids[i], level);
  for (guint i = 0; !any_here && ids != NULL && ids[i] != NULL; i++)
    while (!g_str_has_prefix (ids[i], level))
      {
        gsize n = strlen (level);

        while (n > 0 && level[n - 1] == '.')
          n--;
        while (n > 0 && level[n - 1] != '.')
          n--;
        level[n] = '\0';
      }
  if (!g_str_equal (level, _bg_window_levels_get_prefix (self)))
    _bg_window_levels_show_path (self, level);
  len = strlen (level);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      const char *rest = ids[i] + len;
      char *id;

      if (!g_str_has_prefix (ids[i], level))
        continue;
      id = g_strndup (rest, strcspn (rest, "."));
      if (g_ptr_array_find_with_equal_func (shown, id, g_str_equal, NULL))
        g_free (id);
      else
        g_ptr_array_add (shown, id);
    }
  g_ptr_array_add (shown, NULL);
  bg_canvas_select_ids (self->canvas, (const char *const *) shown->pdata);
  bg_canvas_reveal_ids (self->canvas, (const char *const *) shown->pdata);
}

void
_bg_window_show_equations_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);

  _bg_window_set_explain_mode (self, FALSE);
  _bg_window_layout_show_slot (self);
  gtk_stack_set_visible_child_name (self->plot_stack, "equations");
  bg_equations_pane_refresh (self->equations_pane);
}

void
_bg_window_show_energy_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);

  _bg_window_set_explain_mode (self, FALSE);
  _bg_window_layout_show_slot (self);
  gtk_stack_set_visible_child_name (self->plot_stack, "energy");
}

/* The time plot, the energy balance, the analysis view and the equations
 * share the slot, one page each. */
static GtkWidget *
plot_pages_new (BgWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *energy_scroller;

  /* Each page asks only its own size (the time plot's minimum stays what
   * a 1024×768 screen allows); the analysis page scrolls when too small. */
  self->plot_stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->plot_stack, FALSE);
  gtk_stack_set_hhomogeneous (self->plot_stack, FALSE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->analysis_pane));
  /* the page is as wide as the slot (its rows wrap, its labels ellipsize),
   * never its natural width with a status line cut off at the right */
  gtk_scrollable_set_hscroll_policy (GTK_SCROLLABLE (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller))),
                                     GTK_SCROLL_MINIMUM);
  gtk_stack_add_titled (self->plot_stack, GTK_WIDGET (self->plot_pane), "time", _("Time Plot"));
  /* the energy page's three sub-plots scroll, as the analysis page, when
   * the slot is lower than they need to be read */
  energy_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (energy_scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (energy_scroller), GTK_WIDGET (self->energy_pane));
  gtk_stack_add_titled (self->plot_stack, energy_scroller, "energy", _("Energy"));
  gtk_stack_add_titled (self->plot_stack, scroller, "analysis", _("Analysis"));
  gtk_stack_add_titled (self->plot_stack, GTK_WIDGET (self->equations_pane), "equations",
                        _("Equations"));
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->plot_stack);
  gtk_widget_set_halign (switcher, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (switcher, "plot-page-switcher");
  /* each tab as wide as its title: four of the widest ("График по
   * времени") would not fit beside both sidebars at 1024 px */
  if (GTK_IS_BOX_LAYOUT (gtk_widget_get_layout_manager (switcher)))
    gtk_box_layout_set_homogeneous (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (switcher)), FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->plot_stack), TRUE);
  gtk_box_append (GTK_BOX (box), switcher);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->plot_stack));
  return box;
}

void
_bg_window_plot_init (BgWindow *self)
{
  self->plot_pane = BG_PLOT_PANE (bg_plot_pane_new ());
  self->analysis_pane = BG_ANALYSIS_PANE (bg_analysis_pane_new ());
  self->equations_pane = BG_EQUATIONS_PANE (bg_equations_pane_new ());
  self->energy_pane = BG_ENERGY_PANE (bg_energy_pane_new ());
  g_signal_connect_object (self->equations_pane, "select-elements",
                           G_CALLBACK (equations_pane_select_elements_cb), self,
                           G_CONNECT_SWAPPED);
  bg_window_set_plot_pane (self, plot_pages_new (self));

  g_signal_connect_object (self->plot_pane, "notify::running",
                           G_CALLBACK (plot_pane_notify_running_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "run-finished",
                           G_CALLBACK (plot_pane_run_finished_cb), self,
                           G_CONNECT_SWAPPED);
  /* presentation mode enlarges the plot as it does the canvas */
  g_object_bind_property (self, "presentation-mode", self->plot_pane, "presentation",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  _bg_window_whatif_init (self);
}

void
_bg_window_run_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  /* the run is to be seen: the plot slot steps aside while explaining,
   * and comes back from the diagram-only layout */
  _bg_window_set_explain_mode (self, FALSE);
  _bg_window_layout_show_slot (self);
  if (!bg_plot_pane_run (self->plot_pane, &error))
    {
      g_clear_handle_id (&self->message_timeout, g_source_remove);
      gtk_label_set_label (self->message_label, error->message);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), error->message);
      return;
    }
  gtk_label_set_label (self->message_label, "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->message_label), NULL);
  gtk_stack_set_visible_child_name (self->plot_stack, "time");
  _bg_window_actions_update (self);
}

void
_bg_window_stop_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  bg_plot_pane_stop (BG_WINDOW (widget)->plot_pane);
}

void
_bg_window_plot_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running;

  if (self->plot_pane == NULL)
    return;
  running = bg_plot_pane_is_running (self->plot_pane);
  gtk_widget_action_set_enabled (widget, "win.run", bg_plot_pane_can_run (self->plot_pane));
  gtk_widget_action_set_enabled (widget, "win.stop", running);

  /* one header bar button: Run, or Stop while a run goes on */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->run_button),
                                  running ? "win.stop" : "win.run");
  gtk_image_set_from_icon_name (self->run_icon, running ? "media-playback-stop-symbolic"
                                                        : "media-playback-start-symbolic");
  gtk_label_set_label (self->run_label, running ? _("Stop") : _("Run"));
  if (running)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_button),
                                 _("Stop the Simulation (Esc or Shift+F5)"));
  else if (bg_plot_pane_can_run (self->plot_pane))
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_button), _("Run the Simulation (F5)"));
  else
    {
      /* say why Run is greyed out: the analyzer's first error */
      const GPtrArray *errors = bg_causality_get_errors (bg_document_get_causality (self->document));
      const BgDiagnostic *first = errors->len > 0 ? g_ptr_array_index ((GPtrArray *) errors, 0)
                                                  : NULL;
      g_autofree char *tooltip = g_strdup_printf (_("Cannot run: %s"),
                                                  first != NULL ? first->message : "");

      gtk_widget_set_tooltip_text (GTK_WIDGET (self->run_button), tooltip);
    }
  if (running)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "suggested-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->run_button), "destructive-action");
      gtk_widget_add_css_class (GTK_WIDGET (self->run_button), "suggested-action");
    }
}
