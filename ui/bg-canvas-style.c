/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-style.c — the canvas's colours.
 *
 * Owns: the renderer's style read from the theme (text colour, view
 * background, accent; the dark or light palette by the text colour), the
 * selection and highlight colour kept at 3:1 against the canvas, and that
 * contrast for tests. Must not: draw, or read the theme anywhere but
 * through bg-theme.c.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"
#include "bg-theme.h"

static BgGraphColor
color_from_rgba (const GdkRGBA *c)
{
  BgGraphColor g = { c->red, c->green, c->blue, c->alpha };
  return g;
}

static double
relative_luminance (const BgGraphColor *c)
{
  double rgb[3] = { c->red, c->green, c->blue };

  for (int i = 0; i < 3; i++)
    rgb[i] = rgb[i] <= 0.03928 ? rgb[i] / 12.92 : pow ((rgb[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

/* WCAG contrast ratio of two colours. */
static double
contrast_ratio (const BgGraphColor *a,
                const BgGraphColor *b)
{
  double la = relative_luminance (a), lb = relative_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

static void
lighten_to_contrast (BgGraphColor       *color,
                     const BgGraphColor *background,
                     double              ratio)
{
  for (int step = 0; step < 20 && contrast_ratio (color, background) < ratio; step++)
    {
      color->red += (1.0 - color->red) * 0.1;
      color->green += (1.0 - color->green) * 0.1;
      color->blue += (1.0 - color->blue) * 0.1;
    }
}

/* Colours from the theme: fg from the widget's style, accent and view
 * background from the theme's named colours when it has them. */
void
_bg_canvas_update_style (BgCanvas *self)
{
  BgGraphStyle style;
  GdkRGBA fg, color;
  gboolean dark;

  bg_theme_get_fg (GTK_WIDGET (self), &fg);
  dark = 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5;
  if (dark)
    bg_graph_style_init_dark (&style);
  else
    bg_graph_style_init_light (&style);

  style.fg = color_from_rgba (&fg);
  style.fg.alpha = 1.0;
  if (bg_theme_get_view_bg (GTK_WIDGET (self), &color))
    style.bg = color_from_rgba (&color);
  if (bg_theme_get_accent (GTK_WIDGET (self), &color))
    style.selection = color_from_rgba (&color);
  /* The dark theme's selection blue (#15539e) is made for white text on
   * it, not for lines and tints on a dark canvas (about 2:1): lightened
   * towards white until it reaches 3:1, as non-text marks should. */
  if (dark)
    lighten_to_contrast (&style.selection, &style.bg, 3.0);

  bg_graph_renderer_set_style (self->renderer, &style);
  self->style_valid = TRUE;
}

double
bg_canvas_get_highlight_contrast (BgCanvas *self)
{
  const BgGraphStyle *style;

  g_return_val_if_fail (BG_IS_CANVAS (self), 0.0);

  if (!self->style_valid)
    _bg_canvas_update_style (self);
  style = bg_graph_renderer_get_style (self->renderer);
  return contrast_ratio (&style->selection, &style->bg);
}
