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

static BgGraphColor
rgb (guint32 hex)
{
  BgGraphColor c = {
    ((hex >> 16) & 0xff) / 255.0,
    ((hex >> 8) & 0xff) / 255.0,
    (hex & 0xff) / 255.0,
    1.0
  };
  return c;
}

void
bg_graph_style_init_light (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  style->fg = rgb (0x1e1e1e);
  style->bg = rgb (0xffffff);
  style->selection = rgb (0x3584e4);
  style->error = rgb (0xc01c28);
  style->group = rgb (0xe5a50a);
  style->domain[BG_DOMAIN_NONE] = rgb (0x613583);
  style->domain[BG_DOMAIN_ELECTRICAL] = rgb (0x1a5fb4);
  style->domain[BG_DOMAIN_HYDRAULIC] = rgb (0x1f7a6b);
  style->domain[BG_DOMAIN_TRANSLATIONAL] = rgb (0x9c5a12);
  style->domain[BG_DOMAIN_ROTATIONAL] = rgb (0x813d9c);
  /* power flow: green along the half-arrow, purple against it (the two
   * tell apart in the common colour blindnesses; the chevrons, which move
   * while playing, say the direction without colour) */
  style->power_along = rgb (0x26a269);
  style->power_against = rgb (0x9141ac);
  style->power_store = rgb (0x1c71d8);
  style->power_heat = rgb (0xc64600);
}

void
bg_graph_style_init_dark (BgGraphStyle *style)
{
  g_return_if_fail (style != NULL);

  style->fg = rgb (0xeeeeee);
  style->bg = rgb (0x242424);
  style->selection = rgb (0x78aeed);
  style->error = rgb (0xff7b63);
  style->group = rgb (0xf8e45c);
  style->domain[BG_DOMAIN_NONE] = rgb (0xdc8add);
  style->domain[BG_DOMAIN_ELECTRICAL] = rgb (0x99c1f1);
  style->domain[BG_DOMAIN_HYDRAULIC] = rgb (0x8ff0a4);
  style->domain[BG_DOMAIN_TRANSLATIONAL] = rgb (0xffbe6f);
  style->domain[BG_DOMAIN_ROTATIONAL] = rgb (0xdc8add);
  style->power_along = rgb (0x57e389);
  style->power_against = rgb (0xdc8add);
  style->power_store = rgb (0x62a0ea);
  style->power_heat = rgb (0xffa348);
}

