/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-preferences-window.c — the Preferences window (plain GTK 4.8).
 *
 * Owns: one window with the settings a user changes by hand — the grid
 * (shown, snapping, spacing), the autosave interval, the presentation
 * scale, whether plots update while simulating and how many earlier runs
 * the plot keeps — each control bound to
 * its GSettings key, so a change applies at once and lasts (the windows
 * follow the keys themselves). Must not: keep copies of the settings, know
 * the widgets that follow them, or touch documents.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-preferences-window.h"

struct _BgPreferencesWindow
{
  GtkWindow   parent_instance;

  GSettings  *settings;
  GHashTable *controls;   /* key -> GtkWidget (borrowed) */
  GtkGrid    *grid;
  int         row;
};

G_DEFINE_FINAL_TYPE (BgPreferencesWindow, bg_preferences_window, GTK_TYPE_WINDOW)

static void
add_heading (BgPreferencesWindow *self,
             const char          *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  if (self->row > 0)
    gtk_widget_set_margin_top (label, 12);
  gtk_grid_attach (self->grid, label, 0, self->row++, 2, 1);
}

/* A row: the caption (its mnemonic activates CONTROL), the control, and a
 * dim explanation under them when given. */
static void
add_row (BgPreferencesWindow *self,
         const char          *key,
         const char          *caption,
         const char          *explanation,
         GtkWidget           *control)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (caption);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), control);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_halign (control, GTK_ALIGN_END);
  gtk_widget_set_valign (control, GTK_ALIGN_CENTER);
  gtk_grid_attach (self->grid, label, 0, self->row, 1, 1);
  gtk_grid_attach (self->grid, control, 1, self->row++, 1, 1);
  if (explanation != NULL)
    {
      GtkWidget *dim = gtk_label_new (explanation);

      gtk_label_set_xalign (GTK_LABEL (dim), 0);
      gtk_label_set_wrap (GTK_LABEL (dim), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (dim), 48);
      gtk_widget_add_css_class (dim, "dim-label");
      gtk_widget_add_css_class (dim, "caption");
      gtk_grid_attach (self->grid, dim, 0, self->row++, 2, 1);
    }
  g_hash_table_insert (self->controls, (gpointer) key, control);
}

static GtkWidget *
bound_switch (BgPreferencesWindow *self,
              const char          *key)
{
  GtkWidget *sw = gtk_switch_new ();

  g_settings_bind (self->settings, key, sw, "active", G_SETTINGS_BIND_DEFAULT);
  return sw;
}

static GtkWidget *
bound_spin (BgPreferencesWindow *self,
            const char          *key,
            double               min,
            double               max,
            double               step,
            guint                digits)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, step);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
  g_settings_bind (self->settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  return spin;
}

static void
bg_preferences_window_build (BgPreferencesWindow *self)
{
  add_heading (self, _("Canvas"));
  add_row (self, "show-grid", _("Show _grid"), NULL, bound_switch (self, "show-grid"));
  add_row (self, "snap-to-grid", _("_Snap to grid"),
           _("Moved and inserted elements land on the grid."),
           bound_switch (self, "snap-to-grid"));
  add_row (self, "grid-size", _("Grid _spacing"), NULL,
           bound_spin (self, "grid-size", 5, 200, 5, 0));

  add_heading (self, _("Projector"));
  add_row (self, "presentation-scale", _("_Presentation scale"),
           _("Lines and text of the whole window, 1.5 to 2 for the back of a classroom; 1 turns presentation mode off."),
           bound_spin (self, "presentation-scale", 1.0, 2.0, 0.25, 2));

  add_heading (self, _("Simulation"));
  add_row (self, "live-plot", _("_Update plots while simulating"), NULL,
           bound_switch (self, "live-plot"));
  add_row (self, "kept-runs", _("_Earlier runs kept in the plot"),
           _("Drawn faintly under the newest run, with what differs in the legend; pinned runs are kept besides these."),
           bound_spin (self, "kept-runs", 0, 20, 1, 0));
  add_row (self, "autosave-interval", _("_Autosave every (seconds)"),
           _("Unsaved models are copied for recovery after a crash; 0 turns this off."),
           bound_spin (self, "autosave-interval", 0, 3600, 10, 0));
}

static void
bg_preferences_window_dispose (GObject *object)
{
  BgPreferencesWindow *self = BG_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->controls, g_hash_table_unref);

  G_OBJECT_CLASS (bg_preferences_window_parent_class)->dispose (object);
}

static void
bg_preferences_window_class_init (BgPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bg_preferences_window_dispose;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
bg_preferences_window_init (BgPreferencesWindow *self)
{
  self->controls = g_hash_table_new (g_str_hash, g_str_equal);
  self->grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_row_spacing (self->grid, 8);
  gtk_grid_set_column_spacing (self->grid, 24);
  gtk_widget_set_margin_start (GTK_WIDGET (self->grid), 24);
  gtk_widget_set_margin_end (GTK_WIDGET (self->grid), 24);
  gtk_widget_set_margin_top (GTK_WIDGET (self->grid), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->grid), 24);
  gtk_window_set_child (GTK_WINDOW (self), GTK_WIDGET (self->grid));
  gtk_window_set_title (GTK_WINDOW (self), _("Preferences"));
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
}

GtkWidget *
bg_preferences_window_new (GtkWindow *parent,
                           GSettings *settings)
{
  BgPreferencesWindow *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BG_TYPE_PREFERENCES_WINDOW, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  self->settings = g_object_ref (settings);
  bg_preferences_window_build (self);
  return GTK_WIDGET (self);
}

GtkWidget *
bg_preferences_window_get_control (BgPreferencesWindow *self,
                                   const char          *key)
{
  g_return_val_if_fail (BG_IS_PREFERENCES_WINDOW (self), NULL);

  return g_hash_table_lookup (self->controls, key);
}
