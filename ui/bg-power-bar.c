/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-power-bar.c — the power-flow view's time cursor and playback.
 *
 * Owns: the bar's widgets and keeping them and the canvas's "time",
 * "playing" and "play-speed" in step both ways (bg-power-bar.h). Must not:
 * read the result or draw the graph.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-power-bar.h"
#include "bg-si-format.h"

#define N_SPEEDS 7

struct _BgPowerBar
{
  GtkWidget    parent_instance;

  BgCanvas    *canvas;      /* weak: the window owns both */
  GtkWidget   *box;
  GtkWidget   *play;
  GtkWidget   *slider;
  GtkWidget   *time_label;
  GtkWidget   *speed;
  GtkWidget   *note;
  GtkStringList *speed_labels;
  double       speeds[N_SPEEDS];
  double       speeds_for;  /* the default speed the list was made around */
  gboolean     syncing;
  gboolean     stale;
};

G_DEFINE_FINAL_TYPE (BgPowerBar, bg_power_bar, GTK_TYPE_WIDGET)

/* 1, 2, 5 of each decade: the next one up or down. */
static double
step_125 (double v,
          int    direction)
{
  double decade = pow (10, floor (log10 (v) + 1e-9));
  double m = round (v / decade);

  if (direction > 0)
    return m < 2 ? 2 * decade : m < 5 ? 5 * decade : 10 * decade;
  return m > 5 ? 5 * decade : m > 2 ? 2 * decade : m > 1 ? decade : decade / 2;
}

static void
fill_speeds (BgPowerBar *self)
{
  double base = bg_canvas_get_default_play_speed (self->canvas);
  double v = base;

  if (base == self->speeds_for)
    return;
  self->speeds_for = base;
  for (int k = 0; k < N_SPEEDS / 2; k++)
    v = step_125 (v, -1);
  gtk_string_list_splice (self->speed_labels, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->speed_labels)), NULL);
  for (int i = 0; i < N_SPEEDS; i++)
    {
      g_autofree char *value = bg_si_format (v, "s");
      /* TRANSLATORS: how fast the power flow plays: simulated time per
       * second of playing ("500 ms/s"), kept short */
      g_autofree char *label = g_strdup_printf (_("%s/s"), value);

      self->speeds[i] = v;
      gtk_string_list_append (self->speed_labels, label);
      v = step_125 (v, 1);
    }
}

static void
update_time_label (BgPowerBar *self)
{
  double t0, t1, t = bg_canvas_get_time (self->canvas);
  g_autofree char *now = NULL;
  g_autofree char *end = NULL;
  g_autofree char *text = NULL;

  if (!bg_canvas_get_time_range (self->canvas, &t0, &t1))
    {
      gtk_label_set_label (GTK_LABEL (self->time_label), "");
      return;
    }
  now = bg_si_format (isnan (t) ? t0 : t, "s");
  end = bg_si_format (t1, "s");
  /* TRANSLATORS: the instant the power flow shows, and the run's end */
  text = g_strdup_printf (_("t = %s of %s"), now, end);
  gtk_label_set_label (GTK_LABEL (self->time_label), text);
}

static void
update_play (BgPowerBar *self)
{
  gboolean playing = bg_canvas_get_playing (self->canvas);

  gtk_button_set_icon_name (GTK_BUTTON (self->play),
                            playing ? "media-playback-pause-symbolic"
                                    : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (self->play, playing ? _("Pause (Space)") : _("Play (Space)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  playing ? _("Pause") : _("Play"), -1);
}

static void
update_note (BgPowerBar *self)
{
  gboolean have = bg_canvas_get_result (self->canvas) != NULL;

  gtk_label_set_label (GTK_LABEL (self->note),
                       !have ? _("Run the simulation (F5) to see where the power goes")
                       : self->stale ? _("The model changed since this run (F5 runs again)")
                       : "");
  gtk_widget_set_visible (self->note, !have || self->stale);
}

void
bg_power_bar_sync (BgPowerBar *self)
{
  GtkAdjustment *adj;
  double t0 = 0, t1 = 1, t;
  gboolean have;

  g_return_if_fail (BG_IS_POWER_BAR (self));

  have = bg_canvas_get_time_range (self->canvas, &t0, &t1) && t1 > t0;
  self->syncing = TRUE;
  adj = gtk_range_get_adjustment (GTK_RANGE (self->slider));
  t = bg_canvas_get_time (self->canvas);
  if (!have)
    t0 = 0, t1 = 1;
  gtk_adjustment_configure (adj, isnan (t) || !have ? t0 : CLAMP (t, t0, t1), t0, t1,
                            (t1 - t0) / 200, (t1 - t0) / 10, 0);
  gtk_widget_set_sensitive (self->slider, have);
  gtk_widget_set_sensitive (self->play, have);
  gtk_widget_set_sensitive (self->speed, have);
  if (have)
    {
      double speed = bg_canvas_get_play_speed (self->canvas);
      guint best = 0;

      fill_speeds (self);
      for (guint i = 1; i < N_SPEEDS; i++)
        if (fabs (log (self->speeds[i] / speed)) < fabs (log (self->speeds[best] / speed)))
          best = i;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->speed), best);
    }
  self->syncing = FALSE;
  update_time_label (self);
  update_play (self);
  update_note (self);
}

void
bg_power_bar_set_stale (BgPowerBar *self,
                        gboolean    stale)
{
  g_return_if_fail (BG_IS_POWER_BAR (self));
  self->stale = stale;
  update_note (self);
}

/* Both ways ------------------------------------------------------------------------ */

static void
slider_value_changed_cb (BgPowerBar *self,
                         GtkRange   *range)
{
  if (self->syncing)
    return;
  bg_canvas_set_time (self->canvas, gtk_range_get_value (range));
}

static void
canvas_time_cb (BgPowerBar *self)
{
  double t = bg_canvas_get_time (self->canvas);

  if (!isnan (t))
    {
      self->syncing = TRUE;
      gtk_range_set_value (GTK_RANGE (self->slider), t);
      self->syncing = FALSE;
    }
  update_time_label (self);
}

static void
speed_selected_cb (BgPowerBar *self)
{
  guint i = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->speed));

  if (self->syncing || i >= N_SPEEDS)
    return;
  bg_canvas_set_play_speed (self->canvas, self->speeds[i]);
}

static void
play_clicked_cb (BgPowerBar *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->canvas), "canvas.power-play", NULL);
}

/* GObject ---------------------------------------------------------------------------- */

static void
bg_power_bar_dispose (GObject *object)
{
  BgPowerBar *self = BG_POWER_BAR (object);

  if (self->canvas != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->canvas, self);
      g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
      self->canvas = NULL;
    }
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (bg_power_bar_parent_class)->dispose (object);
}

static void
bg_power_bar_class_init (BgPowerBarClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bg_power_bar_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "bgpowerbar");
}

static void
bg_power_bar_init (BgPowerBar *self)
{
  GtkWidget *close;

  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "power-bar");

  self->play = gtk_button_new_from_icon_name ("media-playback-start-symbolic");
  gtk_box_append (GTK_BOX (self->box), self->play);

  self->slider = gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, NULL);
  gtk_scale_set_draw_value (GTK_SCALE (self->slider), FALSE);
  gtk_widget_set_hexpand (self->slider, TRUE);
  /* room to aim at an instant, also at 1024 px in presentation mode */
  gtk_widget_set_size_request (self->slider, 160, -1);
  gtk_widget_set_tooltip_text (self->slider,
                               _("The instant the diagram shows; the time plot's cursor follows it"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->slider), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Time"), -1);
  gtk_box_append (GTK_BOX (self->box), self->slider);

  self->time_label = gtk_label_new (NULL);
  gtk_label_set_width_chars (GTK_LABEL (self->time_label), 13);
  gtk_label_set_xalign (GTK_LABEL (self->time_label), 0);
  gtk_widget_add_css_class (self->time_label, "numeric");
  gtk_box_append (GTK_BOX (self->box), self->time_label);

  self->note = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->note), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (self->note, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->note);

  self->speed_labels = gtk_string_list_new (NULL);
  self->speed = gtk_drop_down_new (G_LIST_MODEL (self->speed_labels), NULL);
  gtk_widget_set_tooltip_text (self->speed, _("How fast it plays: simulated time per second"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->speed), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Speed"), -1);
  gtk_box_append (GTK_BOX (self->box), self->speed);

  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (close), "win.power-flow");
  gtk_widget_set_tooltip_text (close, _("Leave the power-flow view (Ctrl+Shift+F)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (close), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Leave the power-flow view"), -1);
  gtk_widget_add_css_class (close, "flat");
  gtk_box_append (GTK_BOX (self->box), close);
}

GtkWidget *
bg_power_bar_new (BgCanvas *canvas)
{
  BgPowerBar *self;

  g_return_val_if_fail (BG_IS_CANVAS (canvas), NULL);

  self = g_object_new (BG_TYPE_POWER_BAR, NULL);
  self->canvas = canvas;
  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &self->canvas);
  g_signal_connect_object (self->slider, "value-changed", G_CALLBACK (slider_value_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->speed, "notify::selected", G_CALLBACK (speed_selected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->play, "clicked", G_CALLBACK (play_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_swapped (canvas, "notify::time", G_CALLBACK (canvas_time_cb), self);
  g_signal_connect_swapped (canvas, "notify::playing", G_CALLBACK (update_play), self);
  bg_power_bar_sync (self);
  return GTK_WIDGET (self);
}

GtkRange *
bg_power_bar_get_slider (BgPowerBar *self)
{
  g_return_val_if_fail (BG_IS_POWER_BAR (self), NULL);
  return GTK_RANGE (self->slider);
}

GtkWidget *
bg_power_bar_get_play_button (BgPowerBar *self)
{
  g_return_val_if_fail (BG_IS_POWER_BAR (self), NULL);
  return self->play;
}

GtkDropDown *
bg_power_bar_get_speed (BgPowerBar *self)
{
  g_return_val_if_fail (BG_IS_POWER_BAR (self), NULL);
  return GTK_DROP_DOWN (self->speed);
}

const char *
bg_power_bar_get_time_text (BgPowerBar *self)
{
  g_return_val_if_fail (BG_IS_POWER_BAR (self), NULL);
  return gtk_label_get_label (GTK_LABEL (self->time_label));
}
