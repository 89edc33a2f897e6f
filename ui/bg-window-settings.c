/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-settings.c — what a window takes from the settings and keeps
 * in them.
 *
 * Owns: the size, maximized state, palette domain, layout and presentation
 * mode a new window restores from the last session, saving the size and the
 * palette domain again, the canvas's grid bound to the show-grid,
 * snap-to-grid and grid-size keys (g_settings_bind on the canvas's
 * properties), and following the Preferences window's presentation scale.
 * Must not: open the Preferences window or keep a copy of a setting.
 */
#include "config.h"

#include "bg-application.h"
#include "bg-presentation-css.h"
#include "bg-window-private.h"

GSettings *
_bg_window_get_settings (BgWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return BG_IS_APPLICATION (app) ? bg_application_get_settings (BG_APPLICATION (app)) : NULL;
}

static void
palette_notify_domain_cb (BgWindow   *self,
                          GParamSpec *pspec,
                          BgPalette  *palette)
{
  GSettings *settings = _bg_window_get_settings (self);

  if (settings != NULL)
    g_settings_set_enum (settings, "palette-domain", bg_palette_get_domain (palette));
}

/* The Preferences window's scale: above 1 it is presentation mode at that
 * scale; 1 turns it off. */
static void
settings_presentation_scale_cb (BgWindow   *self,
                                const char *key,
                                GSettings  *settings)
{
  double scale = g_settings_get_double (settings, key);

  _bg_window_set_presentation_mode (self, scale > 1.0);
  if (scale > 1.0)
    {
      bg_canvas_set_presentation_scale (self->canvas, scale);
      bg_presentation_css_set_scale (gtk_widget_get_display (GTK_WIDGET (self)), scale);
    }
}

void
_bg_window_save_geometry (BgWindow *self)
{
  GSettings *settings = _bg_window_get_settings (self);
  int width, height;

  if (settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_boolean (settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && width > 0 && height > 0)
    {
      g_settings_set_int (settings, "window-width", width);
      g_settings_set_int (settings, "window-height", height);
    }
}

/* Size, maximized state, palette domain and presentation mode from the
 * last session, then the grid and presentation scale follow the settings
 * (the Preferences window changes them). GtkWindow:application is not a
 * construct property, so this runs once, when the window first gets a
 * BgApplication. */
void
_bg_window_apply_settings (BgWindow *self)
{
  static const char *const grid_keys[] = { "show-grid", "snap-to-grid", "grid-size" };
  GSettings *settings = _bg_window_get_settings (self);
  int domain;

  if (settings == NULL || self->settings_applied)
    return;
  self->settings_applied = TRUE;

  domain = g_settings_get_enum (settings, "palette-domain");
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  if (domain >= BG_DOMAIN_FIRST && domain < BG_N_DOMAINS)
    bg_palette_set_domain (self->palette, domain);
  if (g_settings_get_double (settings, "presentation-scale") > 1.0)
    _bg_window_set_presentation_mode (self, TRUE);
  {
    g_autofree char *layout = g_settings_get_string (settings, "window-layout");

    _bg_window_layout_set (self, layout);
  }

  /* the canvas's grid properties have the keys' names */
  for (guint i = 0; i < G_N_ELEMENTS (grid_keys); i++)
    g_settings_bind (settings, grid_keys[i], self->canvas, grid_keys[i],
                     G_SETTINGS_BIND_GET);
  g_signal_connect_object (settings, "changed::presentation-scale",
                           G_CALLBACK (settings_presentation_scale_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->palette, "notify::domain",
                           G_CALLBACK (palette_notify_domain_cb), self,
                           G_CONNECT_SWAPPED);
}
