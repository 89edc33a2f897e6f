/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-theme.c — the theme's colours, as the widgets that draw with Cairo
 * read them.
 *
 * Owns: the GtkStyleContext calls (GTK 4.8 has no gtk_widget_get_color;
 * 4.10 deprecates the context, hence the ignored deprecations) and the
 * named colours for the view background and the accent.
 * Must not: pick palettes, cache colours, or run off the main thread.
 */
#include "config.h"

#include "bg-theme.h"

void
bg_theme_get_fg (GtkWidget *widget,
                 GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* The colour the theme defines as @name, else as @fallback. */
static gboolean
lookup_named (GtkWidget  *widget,
              const char *name,
              const char *fallback,
              GdkRGBA    *color)
{
  gboolean found;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *context = gtk_widget_get_style_context (widget);

  found = gtk_style_context_lookup_color (context, name, color) ||
          gtk_style_context_lookup_color (context, fallback, color);
  G_GNUC_END_IGNORE_DEPRECATIONS

  return found;
}

gboolean
bg_theme_get_view_bg (GtkWidget *widget,
                      GdkRGBA   *color)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (color != NULL, FALSE);

  return lookup_named (widget, "view_bg_color", "theme_base_color", color);
}

gboolean
bg_theme_get_accent (GtkWidget *widget,
                     GdkRGBA   *color)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (color != NULL, FALSE);

  return lookup_named (widget, "accent_color", "theme_selected_bg_color", color);
}
