/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-text.c — how large a plot's text is drawn in a widget.
 *
 * Owns: comparing the widget's font with the desktop's (GtkSettings'
 * gtk-font-name at its DPI) for the factor a plot's text is scaled by.
 * Must not: touch renderers, or keep state.
 */
#include "config.h"

#include "bg-plot-text.h"

/* A font's size in pixels (GTK's styles give absolute sizes, settings
 * give points). */
static double
font_pixels (const PangoFontDescription *font,
             double                      dpi)
{
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * dpi / 72.0;
}

double
bg_plot_text_factor (GtkWidget *widget,
                     double     scale)
{
  PangoContext *context;
  const PangoFontDescription *font;
  GtkSettings *settings;
  g_autofree char *desktop_name = NULL;
  PangoFontDescription *desktop;
  double widget_px, desktop_px, dpi;
  int xft_dpi = 0;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), 1.0);

  if (scale <= 1.0)
    return 1.0;
  context = gtk_widget_get_pango_context (widget);
  font = pango_context_get_font_description (context);
  settings = gtk_widget_get_settings (widget);
  g_object_get (settings, "gtk-font-name", &desktop_name, "gtk-xft-dpi", &xft_dpi, NULL);
  dpi = xft_dpi > 0 ? xft_dpi / 1024.0 : 96.0;
  desktop = pango_font_description_from_string (desktop_name != NULL ? desktop_name : "");
  desktop_px = font_pixels (desktop, dpi);
  pango_font_description_free (desktop);
  widget_px = font != NULL ? font_pixels (font, dpi) : 0;
  if (desktop_px <= 0 || widget_px <= 0)
    return scale;
  return MAX (1.0, scale * desktop_px / widget_px);
}
