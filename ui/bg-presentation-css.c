/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-presentation-css.c — the text size of presentation mode.
 *
 * Owns: one style provider per display whose rules give every window with
 * the "presentation" class its text size for the presentation scale: the
 * window's text, the theme's type classes (sized in points, which do not
 * follow the window's font size) and icons grow by 1.25 up to a scale of
 * 1.75 and with the scale above it (1.43 at 2), so the palette, inspector,
 * status line, plot pane and menus grow as the canvas does; the header
 * bar's own buttons and title stay at 1.25, so the window still fits a
 * 1024-pixel screen (its menus grow with the rest).
 * Must not: hold colours or spacing (style.css does), or know the windows.
 */
#include "config.h"

#include <math.h>

#include "bg-presentation-css.h"

#define PROVIDER_KEY "bg-presentation-css"

/* The text factor at the default scale, and the scale it belongs to. */
#define BASE_FACTOR 1.25
#define BASE_SCALE 1.75

double
bg_presentation_css_text_factor (double scale)
{
  return MAX (BASE_FACTOR, BASE_FACTOR * scale / BASE_SCALE);
}

static char *
css_for (double f)
{
  g_autoptr(GString) css = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

#define NUM(buf, value) g_ascii_formatd (buf, sizeof buf, "%.4g", (value))
  g_string_append_printf (css, "window.presentation { font-size: %sem; }\n", NUM (a, f));
  g_string_append_printf (css, "window.presentation .caption, window.presentation .caption-heading"
                               " { font-size: %spt; }\n", NUM (a, 9 * f));
  g_string_append_printf (css, "window.presentation .heading, window.presentation .body"
                               " { font-size: %spt; }\n", NUM (a, 11 * f));
  g_string_append_printf (css, "window.presentation .title-4 { font-size: %spt; }\n",
                          NUM (a, 13 * f));
  g_string_append_printf (css, "window.presentation .title-3, window.presentation .title-2"
                               " { font-size: %spt; }\n", NUM (a, 15 * f));
  g_string_append_printf (css, "window.presentation image { -gtk-icon-size: %dpx; }\n",
                          (int) round (16 * f));
  /* the header bar at the base factor, its popovers back at the window's */
  g_string_append_printf (css, "window.presentation headerbar { font-size: %sem; }\n",
                          NUM (a, BASE_FACTOR / f));
  g_string_append_printf (css, "window.presentation headerbar image { -gtk-icon-size: %dpx; }\n",
                          (int) round (16 * BASE_FACTOR));
  g_string_append_printf (css, "window.presentation headerbar popover { font-size: %sem; }\n"
                               "window.presentation headerbar popover image"
                               " { -gtk-icon-size: %dpx; }\n",
                          NUM (b, f / BASE_FACTOR), (int) round (16 * f));
#undef NUM
  return g_string_free (g_steal_pointer (&css), FALSE);
}

void
bg_presentation_css_set_scale (GdkDisplay *display,
                               double      scale)
{
  GtkCssProvider *provider;
  g_autofree char *css = NULL;

  g_return_if_fail (GDK_IS_DISPLAY (display));

  provider = g_object_get_data (G_OBJECT (display), PROVIDER_KEY);
  if (provider == NULL)
    {
      provider = gtk_css_provider_new ();
      /* above style.css, which the application adds at its priority */
      gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
      g_object_set_data_full (G_OBJECT (display), PROVIDER_KEY, provider, g_object_unref);
    }
  css = css_for (bg_presentation_css_text_factor (scale));
  gtk_css_provider_load_from_data (provider, css, -1);
}
