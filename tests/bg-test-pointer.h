/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-pointer.h — real pointer clicks and key presses for UI tests.
 *
 * Owns: sending input through the X server (the XTEST extension of Xvfb),
 * so a test's click and typing reach the window the way a user's do: the
 * press, the release and each key arrive as separate events and go through
 * every gesture and controller on the way.
 * Must not: assert anything about the application; a test without XTEST
 * (not on X11, or libXtst missing) asks bg_test_pointer_available () and
 * skips.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Whether the display is X11 and XTEST can be used; with @why for a skip. */
gboolean bg_test_pointer_available (const char **why);
/* A primary-button click at (@x, @y) in @widget's coordinates; returns
 * once the release is handled. */
void     bg_test_pointer_click     (GtkWidget  *widget,
                                    double      x,
                                    double      y);
/* A secondary-button (right) click there: a context menu. */
void     bg_test_pointer_secondary_click (GtkWidget *widget,
                                          double     x,
                                          double     y);
/* Two primary-button clicks there, as quickly as a hand double-clicks. */
void     bg_test_pointer_double_click (GtkWidget *widget,
                                       double     x,
                                       double     y);
/* Moves the pointer there (a hover: tooltips, highlights). */
void     bg_test_pointer_move      (GtkWidget  *widget,
                                    double      x,
                                    double      y);
/* @keyval pressed while the two modifiers are held (Ctrl+Shift+E). */
void     bg_test_pointer_key_with2 (guint       modifier1,
                                    guint       modifier2,
                                    guint       keyval);
/* A press and release of the key for @keyval (GDK_KEY_0, GDK_KEY_Return…). */
void     bg_test_pointer_key       (guint       keyval);
/* @keyval pressed while @modifier (GDK_KEY_Alt_L, GDK_KEY_Control_L…) is
 * held. */
void     bg_test_pointer_key_with  (guint       modifier,
                                    guint       keyval);
/* Types @text, one key per character (ASCII digits, letters, '.', ' '). */
void     bg_test_pointer_type      (const char *text);
/* The primary button pressed at (@x, @y) in @widget's coordinates, and
 * let go wherever the pointer is; between them bg_test_pointer_move drags
 * (@wait_ms after each move, 0 for none: as fast as a hand can). */
void     bg_test_pointer_press     (GtkWidget  *widget,
                                    double      x,
                                    double      y);
void     bg_test_pointer_release   (void);
void     bg_test_pointer_move_wait (GtkWidget  *widget,
                                    double      x,
                                    double      y,
                                    guint       wait_ms);
/* Drags with the primary button from (@x0, @y0) to (@x1, @y1) in
 * @widget's coordinates, in a few steps. */
void     bg_test_pointer_drag      (GtkWidget  *widget,
                                    double      x0,
                                    double      y0,
                                    double      x1,
                                    double      y1);

G_END_DECLS
