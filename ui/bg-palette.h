/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-palette.h — the component palette (left sidebar).
 *
 * Owns: the domain selector, the search field, the Primitives and Advanced
 * sections of the chosen domain (bg_library_list_palette) with each
 * component's classic drawing and translated name, and "My components":
 * the component library's files (core/bg-component-library.h) with a port
 * in the chosen domain. Items are drag sources
 * ("bgmod-component:<type>:<domain-id>"; a library component as its
 * BgComponentEntry); a click or Enter emits "component-activated", or
 * "library-component-activated" for a library component. Must not: edit
 * a model or know about the canvas.
 *
 * Signals:
 *   "component-activated" (const BgComponentSpec *spec)
 *   "library-component-activated" (BgComponentEntry *entry)
 * Properties: "domain" (BgDomain as int, BG_DOMAIN_FIRST .. BG_N_DOMAINS - 1).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-library.h"

G_BEGIN_DECLS

#define BG_TYPE_PALETTE (bg_palette_get_type ())
G_DECLARE_FINAL_TYPE (BgPalette, bg_palette, BG, PALETTE, GtkWidget)

GtkWidget *bg_palette_new         (void);
BgDomain   bg_palette_get_domain  (BgPalette  *self);
void       bg_palette_set_domain  (BgPalette  *self,
                                   BgDomain    domain);
/* Reads the component library's folders again (after saving into one). */
void       bg_palette_reload_library (BgPalette *self);
/* The list row of a component type in the shown domain (a library
 * component by its name), or NULL. */
GtkWidget *bg_palette_get_item    (BgPalette  *self,
                                   const char *type);
/* The drag string of a palette item: "bgmod-component:R:electrical". */
char      *bg_palette_dup_drag_string (const BgComponentSpec *spec,
                                       BgDomain               domain);

/* Draws a component's classic drawing (a junction with three bonds, a
 * one-port with its bond, a box with port stubs) into width × height. */
void       bg_palette_draw_symbol (cairo_t               *cr,
                                   const BgComponentSpec *spec,
                                   int                    width,
                                   int                    height,
                                   const GdkRGBA         *foreground,
                                   const GdkRGBA         *accent);
G_END_DECLS
