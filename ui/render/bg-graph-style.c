/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-style.c — the bond graph's colours, light and dark.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: the light (print) and dark palettes of BgGraphStyle, the power-flow
 * view's colours among them. Must not: read a theme (the canvas does,
 * bg-canvas-style.c) or draw.
 */
#include "config.h"

#include "bg-graph-renderer-private.h"

/* An opaque colour from 0xRRGGBB. */
#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, \
                   ((hex) & 0xff) / 255.0, 1.0 }

/* The domains' colours are indexed by BgDomain: none (advanced boxes),
 * electrical, hydraulic, translational, rotational. Power flow: green
 * along the half-arrow, purple against it (the two tell apart in the
 * common colour blindnesses; the chevrons, which move while playing, say
 * the direction without colour). */
static const BgGraphStyle light_style = {
  .fg = RGB (0x1e1e1e), .bg = RGB (0xffffff), .selection = RGB (0x3584e4),
  .error = RGB (0xc01c28), .group = RGB (0xe5a50a),
  .domain = { RGB (0x613583), RGB (0x1a5fb4), RGB (0x1f7a6b), RGB (0x9c5a12), RGB (0x813d9c) },
  .power_along = RGB (0x26a269), .power_against = RGB (0x9141ac),
  .power_store = RGB (0x1c71d8), .power_heat = RGB (0xc64600),
};

static const BgGraphStyle dark_style = {
  .fg = RGB (0xeeeeee), .bg = RGB (0x242424), .selection = RGB (0x78aeed),
  .error = RGB (0xff7b63), .group = RGB (0xf8e45c),
  .domain = { RGB (0xdc8add), RGB (0x99c1f1), RGB (0x8ff0a4), RGB (0xffbe6f), RGB (0xdc8add) },
  .power_along = RGB (0x57e389), .power_against = RGB (0xdc8add),
  .power_store = RGB (0x62a0ea), .power_heat = RGB (0xffa348),
};

void
bg_graph_style_init_light (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  *style = light_style;
}

void
bg_graph_style_init_dark (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  *style = dark_style;
}
