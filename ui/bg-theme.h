/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-theme.h — the theme's colours, as the widgets that draw with Cairo
 * read them.
 *
 * Owns: the one place that knows how GTK 4.8 gives a widget's text colour
 * (GtkStyleContext, deprecated from GTK 4.10 on) and which named colours
 * stand for the view background and the accent, under libadwaita's names
 * and, failing those, GTK's own Adwaita's.
 * Must not: decide what a widget draws with the colours (dark or light
 * palettes stay with each widget), cache anything, or be called off the
 * main thread.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The text colour CSS gives @widget. */
void     bg_theme_get_fg      (GtkWidget *widget,
                               GdkRGBA   *color);

/* The view background ("view_bg_color", else "theme_base_color"); FALSE,
 * with @color untouched, when the theme names neither. */
gboolean bg_theme_get_view_bg (GtkWidget *widget,
                               GdkRGBA   *color);

/* The accent ("accent_color", else "theme_selected_bg_color"); FALSE, with
 * @color untouched, when the theme names neither. */
gboolean bg_theme_get_accent  (GtkWidget *widget,
                               GdkRGBA   *color);

G_END_DECLS
