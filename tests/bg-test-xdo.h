/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-xdo.h — real input through xdotool for the component UI tests.
 *
 * Owns: moving the pointer, clicking, dragging and typing on the Xvfb
 * display with xdotool (XTEST, as a hand does it: every event goes through
 * the window's gestures and controllers), turning the loop until a
 * condition holds and the screen has settled, and a window's screenshot.
 * Must not: assert anything about the application; a test without xdotool
 * or not on X11 asks bg_test_xdo_available () and skips.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether xdotool is on PATH and the display is X11. */
gboolean bg_test_xdo_available    (void);
/* Runs "xdotool " + the formatted arguments (asserted to succeed). */
void     bg_test_xdo              (const char *format,
                                   ...) G_GNUC_PRINTF (1, 2);
/* Moves the pointer to (@x, @y) in @widget's coordinates. */
void     bg_test_xdo_pointer_to   (GtkWidget  *widget,
                                   double      x,
                                   double      y);
void     bg_test_xdo_click        (GtkWidget  *widget,
                                   double      x,
                                   double      y);
void     bg_test_xdo_double_click (GtkWidget  *widget,
                                   double      x,
                                   double      y);
/* Press, move in steps, release: a drag as a hand makes it. */
void     bg_test_xdo_drag         (GtkWidget  *widget,
                                   double      x0,
                                   double      y0,
                                   double      x1,
                                   double      y1);
/* Keys (xdotool's names: "ctrl+g Return") to @widget's window, as typed
 * (the X focus goes there). */
void     bg_test_xdo_keys         (GtkWidget  *widget,
                                   const char *names);
/* @text typed into @widget's window. */
void     bg_test_xdo_type         (GtkWidget  *widget,
                                   const char *text);

typedef gboolean (*BgTestXdoCondition) (gpointer data);

/* Turns the loop until @condition holds (FALSE after 5 s), then a little
 * longer for the layout and the screen to follow. */
gboolean bg_test_xdo_wait_for     (BgTestXdoCondition condition,
                                   gpointer           data);
/* With BGMOD_TEST_SCREENSHOT_DIR set, @window as NAME.png there. */
void     bg_test_xdo_screenshot   (GtkWidget  *window,
                                   const char *name);

G_END_DECLS
