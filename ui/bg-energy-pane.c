/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-pane.c — the Energy page: the last run's energy ledger.
 *
 * Owns: following the run it is given to its end, copying its ledger
 * (core/bg-energy.h) into the columns of three groups of traces on one
 * plot renderer — the energy each storage holds, stacked (each trace the
 * running sum, filled down to the one below, so the top is the total
 * stored); the supplied, dissipated and stored totals from t = 0; the
 * residual in a sub-plot of its own — the step and event markers of the
 * time plot, the line of totals, and the read-out at the pointer or, on the
 * focused plot, at a cursor the arrow keys move. Must not: run or compile
 * anything, touch a model, or draw with anything but the plot renderer.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-energy-pane-private.h"
#include "bg-plot-area.h"
#include "bg-si-format.h"

G_DEFINE_FINAL_TYPE (BgEnergyPane, bg_energy_pane, GTK_TYPE_BOX)

/* Arrow keys move the cursor by this fraction of the time shown
 * (Shift: ten times as far). */
#define KEY_STEP 0.01

/* Traces ----------------------------------------------------------------- */

static void
clear_traces (BgEnergyPane *self)
{
  bg_plot_renderer_clear_traces (self->renderer);
  bg_plot_renderer_clear_markers (self->renderer);
  bg_plot_renderer_set_cursor (self->renderer, NAN);
  bg_plot_renderer_reset_view (self->renderer);
  g_ptr_array_set_size (self->columns, 0);
  g_clear_pointer (&self->t, g_free);
  g_clear_pointer (&self->energy, bg_energy_unref);
  self->n_rows = 0;
  self->cursor_t = NAN;
}

/* A column of the ledger (values[r] = f(r)) owned by the pane. */
static double *
new_column (BgEnergyPane *self)
{
  double *column = g_new (double, MAX (self->n_rows, 1));

  g_ptr_array_add (self->columns, column);
  return column;
}

static guint
add_trace (BgEnergyPane *self, const char *name, const double *column, const char *group)
{
  guint index = bg_plot_renderer_add_trace (self->renderer, name, "J", self->t, column, self->n_rows);

  bg_plot_renderer_set_trace_group (self->renderer, index, group);
  return index;
}

/* Each storage's energy (its account's change plus what it held at the
 * start), stacked in model order. */
static void
add_stored_traces (BgEnergyPane *self)
{
  BgEnergy *energy = self->energy;
  const double *below = NULL;
  int base = -1;

  for (guint a = 0; a < bg_energy_get_n_accounts (energy); a++)
    {
      double *column, e0;
      guint index;

      if (bg_energy_get_account_role (energy, a) != BG_ENERGY_STORAGE)
        continue;
      column = new_column (self);
      e0 = bg_energy_get_initial (energy, a);
      for (gsize r = 0; r < self->n_rows; r++)
        column[r] = (below != NULL ? below[r] : 0.0) + bg_energy_get_value (energy, a, r) + e0;
      /* Translators: the title of the Energy page's first sub-plot: the energy each storage holds, stacked */
      index = add_trace (self, bg_energy_get_account_element (energy, a), column, _("Stored energy"));
      bg_plot_renderer_set_trace_fill (self->renderer, index, base);
      base = (int) index;
      below = column;
    }
}

static void
add_total_trace (BgEnergyPane *self, BgEnergyTotal total, const char *group)
{
  double *column = new_column (self);

  for (gsize r = 0; r < self->n_rows; r++)
    column[r] = bg_energy_get_total (self->energy, total, r);
  add_trace (self, bg_energy_total_label (total), column, group);
}

static void
add_markers (BgEnergyPane *self)
{
  BgPlan *plan = bg_simulation_run_get_plan (self->run);
  const BgSimReport *report = bg_simulation_run_get_report (self->run);

  for (guint i = 0; i < bg_plan_get_n_switch_times (plan); i++)
    bg_plot_renderer_add_marker (self->renderer, bg_plan_get_switch_time (plan, i), NULL,
                                 BG_PLOT_MARKER_STEP);
  if (report != NULL && report->status == BG_SIM_STATUS_EVENT)
    bg_plot_renderer_add_marker (self->renderer, report->t, report->element_id, BG_PLOT_MARKER_EVENT);
}

/* "Supplied 99.3 mJ, dissipated 50 mJ, stored 49.3 mJ; residual −491 nJ
 * (4.9 × 10⁻⁶ of it)". */
static char *
format_summary (BgEnergy *energy)
{
  gsize last = bg_energy_get_n_rows (energy) - 1;
  g_autofree char *supplied = bg_si_format (bg_energy_get_total (energy, BG_ENERGY_SUPPLIED, last), "J");
  g_autofree char *dissipated = bg_si_format (bg_energy_get_total (energy, BG_ENERGY_DISSIPATED, last), "J");
  g_autofree char *stored = bg_si_format (bg_energy_get_total (energy, BG_ENERGY_STORED, last), "J");
  g_autofree char *residual = bg_si_format (bg_energy_get_total (energy, BG_ENERGY_RESIDUAL, last), "J");
  g_autofree char *t_end = bg_si_format (bg_result_get_value (bg_energy_get_ledger (energy), 0, last), "s");

  /* Translators: the Energy page's totals at the end of the run: time, then supplied, dissipated, stored, residual with their units, then |residual| over the energy moved */
  return g_strdup_printf (_("At t = %s: supplied %s, dissipated %s, stored %s; residual %s (relative %.2g)"),
                          t_end, supplied, dissipated, stored, residual,
                          bg_energy_get_relative_residual (energy, last));
}

static void
update_summary (BgEnergyPane *self)
{
  g_free (self->summary_text);
  self->summary_text = self->energy != NULL ? format_summary (self->energy) : g_strdup ("");
  /* a ledger that stopped early says where and why */
  if (self->energy != NULL && bg_energy_get_failure (self->energy) != NULL)
    {
      char *text = g_strdup_printf ("%s. %s", self->summary_text, bg_energy_get_failure (self->energy));
      g_free (self->summary_text);
      self->summary_text = text;
    }
  if (self->energy != NULL && self->run != NULL && bg_simulation_run_get_stale (self->run))
    {
      char *text = g_strdup_printf ("%s %s", self->summary_text,
                                    _("(the model was edited after this run; run again to update)"));
      g_free (self->summary_text);
      self->summary_text = text;
    }
  gtk_label_set_label (self->summary, self->summary_text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary), self->summary_text);
}

static void
show_empty (BgEnergyPane *self, const char *text)
{
  clear_traces (self);
  gtk_label_set_label (self->empty_label, text);
  gtk_stack_set_visible_child_name (self->stack, "empty");
  update_summary (self);
  _bg_energy_pane_set_status (self, "");
  _bg_energy_pane_actions_update (self);
}

/* The run has ended: its ledger onto the plot. */
static void
show_run (BgEnergyPane *self)
{
  BgEnergy *energy = bg_simulation_run_get_energy (self->run);

  if (energy == NULL || bg_energy_get_n_rows (energy) < 2)
    {
      show_empty (self, energy == NULL ? _("This run has no energy balance.")
                                       : _("The run ended before its energy could be shown."));
      return;
    }
  clear_traces (self);
  self->energy = bg_energy_ref (energy);
  self->n_rows = bg_energy_get_n_rows (energy);
  self->t = g_new (double, self->n_rows);
  bg_result_copy_column (bg_energy_get_ledger (energy), 0, 0, self->n_rows, self->t);

  add_stored_traces (self);
  /* Translators: the title of the Energy page's second sub-plot: supplied, dissipated and stored from t = 0 */
  add_total_trace (self, BG_ENERGY_SUPPLIED, _("Energy balance"));
  add_total_trace (self, BG_ENERGY_DISSIPATED, _("Energy balance"));
  add_total_trace (self, BG_ENERGY_STORED, _("Energy balance"));
  /* Translators: the title of the Energy page's third sub-plot */
  add_total_trace (self, BG_ENERGY_RESIDUAL, _("Residual"));
  add_markers (self);

  gtk_stack_set_visible_child_name (self->stack, "plot");
  update_summary (self);
  _bg_energy_pane_set_status (self, _("Point at the plot, or focus it and press ← →, to read the energies at a time"));
  _bg_energy_pane_actions_update (self);
  gtk_widget_queue_resize (self->area);
}

static void
run_finished_cb (BgEnergyPane *self, BgSimulationRun *run)
{
  show_run (self);
}

static void
run_notify_stale_cb (BgEnergyPane *self, GParamSpec *pspec, BgSimulationRun *run)
{
  update_summary (self);
}

void
bg_energy_pane_set_run (BgEnergyPane    *self,
                        BgSimulationRun *run)
{
  g_return_if_fail (BG_IS_ENERGY_PANE (self));
  g_return_if_fail (run == NULL || BG_IS_SIMULATION_RUN (run));

  if (run == self->run)
    return;
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_set_object (&self->run, run);
  if (run == NULL)
    {
      show_empty (self, _("Run the simulation (F5) to see where the energy goes."));
      return;
    }
  g_signal_connect_object (run, "finished", G_CALLBACK (run_finished_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (run, "notify::stale", G_CALLBACK (run_notify_stale_cb), self,
                           G_CONNECT_SWAPPED);
  if (bg_simulation_run_get_report (run) != NULL)
    show_run (self);
  else
    show_empty (self, _("Running…"));
}

BgEnergy *
bg_energy_pane_get_energy (BgEnergyPane *self)
{
  g_return_val_if_fail (BG_IS_ENERGY_PANE (self), NULL);
  return self->energy;
}

BgPlotRenderer *
bg_energy_pane_get_renderer (BgEnergyPane *self)
{
  g_return_val_if_fail (BG_IS_ENERGY_PANE (self), NULL);
  return self->renderer;
}

const char *
bg_energy_pane_get_summary (BgEnergyPane *self)
{
  g_return_val_if_fail (BG_IS_ENERGY_PANE (self), NULL);
  return self->summary_text;
}

void
_bg_energy_pane_set_status (BgEnergyPane *self,
                            const char   *text)
{
  gtk_label_set_label (self->status, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status), *text != '\0' ? text : NULL);
}

/* Read-out ---------------------------------------------------------------- */

char *
bg_energy_pane_dup_readout (BgEnergyPane *self,
                            double        t)
{
  guint n = bg_plot_renderer_get_n_traces (self->renderer);
  g_autofree double *values = g_new (double, MAX (n, 1));
  g_autofree char *time = bg_si_format (t, "s");
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (BG_IS_ENERGY_PANE (self), NULL);
  g_string_append_printf (text, "t = %s", time);
  bg_plot_renderer_values_at (self->renderer, t, values, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *value = bg_si_format (values[i], "J");
      g_string_append_printf (text, "\n%s = %s", bg_plot_renderer_get_trace_name (self->renderer, i), value);
    }
  return g_string_free (text, FALSE);
}

/* The cursor at t (NaN: none) and its read-out in the status line. */
static void
set_cursor (BgEnergyPane *self, double t)
{
  self->cursor_t = t;
  bg_plot_renderer_set_cursor (self->renderer, t);
  if (isfinite (t))
    {
      g_autofree char *readout = bg_energy_pane_dup_readout (self, t);
      g_auto (GStrv) lines = g_strsplit (readout, "\n", -1);
      g_autofree char *line = g_strjoinv ("   ", lines);

      _bg_energy_pane_set_status (self, line);
    }
  gtk_widget_queue_draw (self->area);
}

static void
motion_cb (GtkEventControllerMotion *motion, double x, double y, BgEnergyPane *self)
{
  double t;

  if (self->energy == NULL)
    return;
  t = bg_plot_renderer_x_to_time (self->renderer, x);
  if (isfinite (t) && t >= self->t[0] && t <= self->t[self->n_rows - 1])
    set_cursor (self, t);
}

static void
leave_cb (GtkEventControllerMotion *motion, BgEnergyPane *self)
{
  if (!gtk_widget_has_focus (self->area))
    {
      bg_plot_renderer_set_cursor (self->renderer, NAN);
      gtk_widget_queue_draw (self->area);
    }
}

/* ← → move the cursor through the run (Shift: ten steps), Home and End
 * to its ends, Escape hides it. */
static gboolean
key_pressed_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                BgEnergyPane *self)
{
  double t0, t1, y0, y1, step, t = self->cursor_t;

  if (self->energy == NULL)
    return FALSE;
  if (!bg_plot_renderer_get_view (self->renderer, 0, &t0, &t1, &y0, &y1))
    {
      t0 = self->t[0];
      t1 = self->t[self->n_rows - 1];
    }
  step = KEY_STEP * (t1 - t0) * ((state & GDK_SHIFT_MASK) ? 10.0 : 1.0);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      t = isfinite (t) ? t - step : t1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      t = isfinite (t) ? t + step : t0;
      break;
    case GDK_KEY_Home:
      t = self->t[0];
      break;
    case GDK_KEY_End:
      t = self->t[self->n_rows - 1];
      break;
    case GDK_KEY_Escape:
      if (!isfinite (t))
        return FALSE;
      set_cursor (self, NAN);
      return TRUE;
    default:
      return FALSE;
    }
  set_cursor (self, CLAMP (t, self->t[0], self->t[self->n_rows - 1]));
  return TRUE;
}

/* The page ---------------------------------------------------------------- */

static GMenuModel *
build_menu (void)
{
  GMenu *menu = g_menu_new ();

  g_menu_append (menu, _("Export _PNG…"), "energy.export-png");
  g_menu_append (menu, _("Export _SVG…"), "energy.export-svg");
  g_menu_append (menu, _("Export _CSV…"), "energy.export-csv");
  return G_MENU_MODEL (menu);
}

static GtkWidget *
build_header (BgEnergyPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *export_button = gtk_menu_button_new ();
  g_autoptr (GMenuModel) menu = build_menu ();

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_label_set_wrap_mode (self->summary, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (self->summary, 10);
  gtk_label_set_selectable (self->summary, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "energy-summary");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary));

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (export_button), "document-send-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export_button), menu);
  gtk_widget_set_tooltip_text (export_button, _("Export the Energy Plot or Its Table"));
  gtk_widget_set_valign (export_button, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), export_button);
  return box;
}

static GtkWidget *
build_plot (BgEnergyPane *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  self->area = bg_plot_area_new (self->renderer);
  gtk_widget_set_vexpand (self->area, TRUE);
  gtk_widget_set_focusable (self->area, TRUE);
  gtk_widget_set_focus_on_click (self->area, TRUE);
  gtk_widget_add_css_class (self->area, "energy-plot");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Energy plot: ← → move the read-out cursor"), -1);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (self->area, motion);
  gtk_widget_add_controller (self->area, key);
  return self->area;
}

static void
bg_energy_pane_init (BgEnergyPane *self)
{
  self->renderer = bg_plot_renderer_new ();
  self->columns = g_ptr_array_new_with_free_func (g_free);
  self->cursor_t = NAN;
  self->summary_text = g_strdup ("");

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 4);
  gtk_box_append (GTK_BOX (self), build_header (self));

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  self->empty_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->empty_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "dim-label");
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->empty_label), "empty");
  gtk_stack_add_named (self->stack, build_plot (self), "plot");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->stack));

  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_ellipsize (self->status, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->status, 4);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "plot-status");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->status));

  show_empty (self, _("Run the simulation (F5) to see where the energy goes."));
}

static void
bg_energy_pane_dispose (GObject *object)
{
  BgEnergyPane *self = BG_ENERGY_PANE (object);

  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  G_OBJECT_CLASS (bg_energy_pane_parent_class)->dispose (object);
}

static void
bg_energy_pane_finalize (GObject *object)
{
  BgEnergyPane *self = BG_ENERGY_PANE (object);

  g_clear_pointer (&self->energy, bg_energy_unref);
  g_clear_object (&self->renderer);
  g_ptr_array_unref (self->columns);
  g_free (self->t);
  g_free (self->summary_text);
  G_OBJECT_CLASS (bg_energy_pane_parent_class)->finalize (object);
}

static void
bg_energy_pane_class_init (BgEnergyPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bg_energy_pane_dispose;
  object_class->finalize = bg_energy_pane_finalize;
  _bg_energy_pane_export_class_init (GTK_WIDGET_CLASS (klass));
}

GtkWidget *
bg_energy_pane_new (void)
{
  return g_object_new (BG_TYPE_ENERGY_PANE, NULL);
}
