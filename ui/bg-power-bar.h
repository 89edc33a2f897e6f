/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-power-bar.h — the time cursor under the canvas in the power-flow view.
 *
 * Owns: the bar shown below the canvas while its power-flow view is on:
 * Play/Pause (canvas.power-play), the time slider over the run (its value
 * is the canvas's "time"; arrow keys move it 1/200 of the run, Page Up/Down a tenth
 * of the run), the instant as text, the speed of playing (simulated time
 * per second, 1, 2 and 5 of each decade around the canvas's default) and a
 * button that leaves the view (win.power-flow). Without a result it says
 * how to get one; after an edit, that the run is older than the model.
 * Must not: read the result (the canvas does), or run anything.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-canvas.h"

G_BEGIN_DECLS

#define BG_TYPE_POWER_BAR (bg_power_bar_get_type ())
G_DECLARE_FINAL_TYPE (BgPowerBar, bg_power_bar, BG, POWER_BAR, GtkWidget)

GtkWidget *bg_power_bar_new        (BgCanvas   *canvas);
/* The canvas's result (and its time range) changed: the slider follows. */
void       bg_power_bar_sync       (BgPowerBar *self);
/* Whether the result is older than the model (a note says so). */
void       bg_power_bar_set_stale  (BgPowerBar *self,
                                    gboolean    stale);
GtkRange  *bg_power_bar_get_slider (BgPowerBar *self);
GtkWidget *bg_power_bar_get_play_button (BgPowerBar *self);
GtkDropDown *bg_power_bar_get_speed (BgPowerBar *self);
/* The instant's text ("t = 1.25 s of 5 s"). */
const char *bg_power_bar_get_time_text (BgPowerBar *self);

G_END_DECLS
