/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-runs.c — the plot pane's kept runs.
 *
 * Owns: the pane's BgRunHistory (a finished run of the document kept with
 * the parameters it was compiled with; forgotten with the document), its
 * limits from the settings ("kept-runs", "max-memory"), which kept runs
 * the view draws faintly and what their legend says (what each had that
 * the run in colour has not), their strength by age, comparing two kept
 * runs, the run list's emphasis, and the header's Runs button with the
 * list in its popover, and plot.show-runs (Ctrl+K) opening it. Must not: run anything, or edit the model.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-plot-pane-private.h"
#include "bg-run-label.h"

/* Faint traces: the newest earlier run at GHOST_STRENGTH, each older one
 * GHOST_FADE of the one before, never below GHOST_MIN_STRENGTH. */
#define GHOST_STRENGTH 0.5
#define GHOST_FADE 0.72
#define GHOST_MIN_STRENGTH 0.16
#define COMPARE_STRENGTH 0.6

/* Settings ---------------------------------------------------------------------- */

static void
settings_changed_cb (BgPlotPane *self,
                     const char *key,
                     GSettings  *settings)
{
  GSettingsSchema *schema = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  if (g_settings_schema_has_key (schema, "kept-runs"))
    bg_run_history_set_keep (self->history, g_settings_get_uint (settings, "kept-runs"));
  bg_run_history_set_max_bytes (self->history, _bg_plot_pane_max_memory (self));
  g_settings_schema_unref (schema);
}

static void
bg_plot_pane_runs_settings (BgPlotPane *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "org.bgmod.BGMod", TRUE);
  if (schema == NULL)
    return;
  self->settings = g_settings_new_full (schema, NULL, NULL);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self,
                           G_CONNECT_SWAPPED);
  settings_changed_cb (self, NULL, self->settings);
}

/* Keeping ----------------------------------------------------------------------- */

void
_bg_plot_pane_keep_run (BgPlotPane      *self,
                        BgSimulationRun *run)
{
  const BgSimReport *report = bg_simulation_run_get_report (run);

  if (report == NULL || self->run_params == NULL ||
      (report->status != BG_SIM_STATUS_FINISHED && report->status != BG_SIM_STATUS_EVENT))
    return;
  bg_run_history_add (self->history, run, self->run_params);
  _bg_plot_pane_update_ghosts (self);
}

void
_bg_plot_pane_runs_forget (BgPlotPane *self)
{
  bg_plot_pane_compare (self, NULL, NULL);
  g_clear_object (&self->emphasized);
  bg_run_history_clear (self->history);
  g_clear_pointer (&self->run_params, bg_run_params_unref);
  bg_plot_view_set_ghosts (self->view, NULL, 0);
}

/* What the view draws ----------------------------------------------------------- */

BgRunParams *
_bg_plot_pane_shown_params (BgPlotPane *self)
{
  BgSimulationRun *shown = bg_plot_view_get_run (self->view);
  BgRunGeneration *generation;

  if (shown == NULL)
    return NULL;
  if (shown == self->run)
    return self->run_params;
  generation = bg_run_history_find_run (self->history, shown);
  if (generation != NULL)
    return bg_run_generation_get_params (generation);
  return _bg_plot_pane_whatif_shown_params (self);
}

static void
ghost_clear (BgPlotViewGhost *ghost)
{
  g_free ((char *) ghost->label);
  g_free ((char *) ghost->csv_suffix);
}

static BgPlotViewGhost
ghost_of (BgPlotPane      *self,
          BgRunGeneration *generation,
          BgRunParams     *reference,
          double           strength)
{
  BgPlotViewGhost ghost = { 0 };

  ghost.result = bg_run_generation_get_result (generation);
  ghost.label = bg_run_label_dup_legend (generation, reference);
  ghost.csv_suffix = g_strdup_printf ("run%u", bg_run_generation_get_number (generation));
  ghost.strength = strength;
  ghost.emphasized = generation == self->emphasized;
  return ghost;
}

void
_bg_plot_pane_update_ghosts (BgPlotPane *self)
{
  g_autoptr(GArray) ghosts = g_array_new (FALSE, TRUE, sizeof (BgPlotViewGhost));
  BgSimulationRun *shown = bg_plot_view_get_run (self->view);
  BgRunParams *reference = _bg_plot_pane_shown_params (self);
  guint unpinned = 0, keep = bg_run_history_get_keep (self->history);
  double strength = GHOST_STRENGTH;

  g_array_set_clear_func (ghosts, (GDestroyNotify) ghost_clear);
  if (self->compare[0] != NULL)
    {
      BgPlotViewGhost ghost = ghost_of (self, self->compare[0], reference, COMPARE_STRENGTH);

      g_array_append_val (ghosts, ghost);
    }
  else
    for (guint i = 0; shown != NULL && i < bg_run_history_get_n (self->history); i++)
      {
        BgRunGeneration *generation = bg_run_history_get (self->history, i);
        BgPlotViewGhost ghost;

        if (bg_run_generation_get_run (generation) == shown ||
            bg_run_generation_get_hidden (generation))
          continue;
        /* the kept-runs setting counts the earlier ones: during a new run
         * the newest kept one is earlier too */
        if (!bg_run_generation_get_pinned (generation) && unpinned++ >= keep)
          continue;
        ghost = ghost_of (self, generation, reference, strength);
        g_array_append_val (ghosts, ghost);
        strength = MAX (GHOST_MIN_STRENGTH, strength * GHOST_FADE);
      }
  bg_plot_view_set_ghosts (self->view, (const BgPlotViewGhost *) (gpointer) ghosts->data,
                           ghosts->len);
}

static void
history_changed_cb (BgPlotPane *self)
{
  /* a compared run deleted ends the comparison */
  if (self->compare[0] != NULL &&
      (bg_run_history_find_number (self->history, bg_run_generation_get_number (self->compare[0])) == NULL ||
       bg_run_history_find_number (self->history, bg_run_generation_get_number (self->compare[1])) == NULL))
    bg_plot_pane_compare (self, NULL, NULL);
  _bg_plot_pane_update_ghosts (self);
}

/* Comparing and emphasis ---------------------------------------------------------- */

void
bg_plot_pane_compare (BgPlotPane      *self,
                      BgRunGeneration *older,
                      BgRunGeneration *newer)
{
  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail ((older == NULL) == (newer == NULL));

  if (older == NULL && self->compare[0] == NULL)
    return;
  g_set_object (&self->compare[0], older);
  g_set_object (&self->compare[1], newer);
  bg_run_list_set_comparing (self->run_list, older != NULL);
  bg_plot_view_set_run (self->view, newer != NULL ? bg_run_generation_get_run (newer) : self->run);
  _bg_plot_pane_update_ghosts (self);
}

gboolean
bg_plot_pane_is_comparing (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);

  return self->compare[0] != NULL;
}

void
bg_plot_pane_set_emphasized (BgPlotPane      *self,
                             BgRunGeneration *generation)
{
  g_return_if_fail (BG_IS_PLOT_PANE (self));

  if (self->emphasized == generation)
    return;
  g_set_object (&self->emphasized, generation);
  _bg_plot_pane_update_ghosts (self);
}

static void
list_compare_cb (BgPlotPane      *self,
                 BgRunGeneration *older,
                 BgRunGeneration *newer,
                 BgRunList       *list)
{
  bg_plot_pane_compare (self, older, newer);
}

static void
list_compare_end_cb (BgPlotPane *self,
                     BgRunList  *list)
{
  bg_plot_pane_compare (self, NULL, NULL);
}

static void
list_emphasize_cb (BgPlotPane      *self,
                   BgRunGeneration *generation,
                   BgRunList       *list)
{
  bg_plot_pane_set_emphasized (self, generation);
}

/* The button and the list -------------------------------------------------------- */

GtkWidget *
_bg_plot_pane_runs_button_new (BgPlotPane *self)
{
  GtkWidget *popover = gtk_popover_new ();

  self->run_list = BG_RUN_LIST (bg_run_list_new ());
  bg_run_list_set_history (self->run_list, self->history);
  g_signal_connect_object (self->run_list, "compare", G_CALLBACK (list_compare_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run_list, "compare-end", G_CALLBACK (list_compare_end_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run_list, "emphasize", G_CALLBACK (list_emphasize_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->run_list));

  self->runs_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  /* an icon, as the export menu's: the header fits beside both sidebars
   * at 1024 px in presentation mode */
  gtk_menu_button_set_icon_name (self->runs_button, "document-open-recent-symbolic");
  gtk_menu_button_set_popover (self->runs_button, popover);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->runs_button),
                               _("Kept Runs: pin, hide, rename, delete or compare the earlier runs drawn faintly"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->runs_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Kept Runs"), -1);
  return GTK_WIDGET (self->runs_button);
}

/* plot.show-runs (Ctrl+K anywhere in the window): the list opens with the
 * keyboard in it. */
static void
show_runs_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  BgPlotPane *self = BG_PLOT_PANE (widget);

  if (!gtk_widget_get_mapped (GTK_WIDGET (self->runs_button)))
    return;
  gtk_menu_button_popup (self->runs_button);
  gtk_widget_child_focus (GTK_WIDGET (self->run_list), GTK_DIR_TAB_FORWARD);
}

void
_bg_plot_pane_runs_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "plot.show-runs", NULL, show_runs_action);
}

/* Ctrl+K reaches the pane from anywhere in its window. */
static void
bg_plot_pane_runs_shortcut (BgPlotPane *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_k, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("plot.show-runs")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

BgRunHistory *
bg_plot_pane_get_history (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->history;
}

GtkWidget *
bg_plot_pane_get_run_list (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return GTK_WIDGET (self->run_list);
}

void
_bg_plot_pane_runs_init (BgPlotPane *self)
{
  self->history = bg_run_history_new ();
  g_signal_connect_object (self->history, "items-changed", G_CALLBACK (history_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->history, "generation-changed", G_CALLBACK (history_changed_cb),
                           self, G_CONNECT_SWAPPED);
  bg_plot_pane_runs_settings (self);
  bg_plot_pane_runs_shortcut (self);
}

void
_bg_plot_pane_runs_dispose (BgPlotPane *self)
{
  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_clear_object (&self->compare[0]);
  g_clear_object (&self->compare[1]);
  g_clear_object (&self->emphasized);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->run_params, bg_run_params_unref);
  g_clear_object (&self->history);
}
