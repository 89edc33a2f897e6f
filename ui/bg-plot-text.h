/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-text.h — how large a plot's text is drawn in a widget.
 *
 * Owns: the factor on top of a widget's font that gives a plot drawn in
 * it text @scale times the desktop's font (presentation mode: 1.5), however
 * much of that the window's style already gives the widget.
 * Must not: set fonts or scales on a renderer (the widgets drawing plots
 * do), or cache anything.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

double bg_plot_text_factor (GtkWidget *widget,
                            double     scale);

G_END_DECLS
