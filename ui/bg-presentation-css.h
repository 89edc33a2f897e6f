/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-presentation-css.h — the text size of presentation mode.
 *
 * Owns: the style rules that size the text of windows with the
 * "presentation" class for the presentation scale (bg-presentation-css.c).
 * Must not: decide when a window is in presentation mode.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How much larger than normal the window's text is at @scale: 1.25 up to
 * the default scale 1.75, then growing with it (1.43 at 2). */
double bg_presentation_css_text_factor (double      scale);
/* Gives the windows on @display with the "presentation" class the text
 * size of @scale. */
void   bg_presentation_css_set_scale   (GdkDisplay *display,
                                        double      scale);

G_END_DECLS
