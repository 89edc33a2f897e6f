/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-preferences-window.h — the Preferences window. See the .c file. */
#pragma once

#include <gtk/gtk.h>

#include "bg-canvas.h"

G_BEGIN_DECLS

#define BG_TYPE_PREFERENCES_WINDOW (bg_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (BgPreferencesWindow, bg_preferences_window, BG, PREFERENCES_WINDOW, GtkWindow)

GtkWidget *bg_preferences_window_new        (GtkWindow *parent,
                                             GSettings *settings);
/* The control for a settings key ("grid-size", "live-plot", ...), or NULL. */
GtkWidget *bg_preferences_window_get_control (BgPreferencesWindow *self,
                                              const char          *key);
/* Keeps CANVAS's grid in step with the show-grid, snap-to-grid and
 * grid-size keys of SETTINGS. */
void       bg_preferences_follow_grid       (GSettings *settings,
                                             BgCanvas  *canvas);

G_END_DECLS
