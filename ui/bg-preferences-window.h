/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-preferences-window.h — the Preferences window. See the .c file; it
 * knows only the GSettings it is given (each window binds its widgets to
 * the keys it uses). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BG_TYPE_PREFERENCES_WINDOW (bg_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (BgPreferencesWindow, bg_preferences_window, BG, PREFERENCES_WINDOW, GtkWindow)

GtkWidget *bg_preferences_window_new        (GtkWindow *parent,
                                             GSettings *settings);
/* The control for a settings key ("grid-size", "live-plot", ...), or NULL. */
GtkWidget *bg_preferences_window_get_control (BgPreferencesWindow *self,
                                              const char          *key);

G_END_DECLS
