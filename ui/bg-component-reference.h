/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-reference.h — the component reference window (Help ▸
 * Component Reference, F1, the inspector's "?").
 *
 * Owns: a window with every component of the library on the left (each
 * domain's primitives, then the advanced components, as docs/components.md
 * orders them; a search field filters by name, type and noun) and the
 * chosen component's page on the right, written from its spec by
 * bg-component-doc.h: title, description, ports, equations, parameters,
 * initial state, causality and outputs. Must not: know about documents,
 * models or the main window (win.component-reference opens it, see
 * bg-window-reference.c), or say anything the core's reference does not.
 *
 * Properties: "presentation-mode" (gboolean): the larger text of the main
 * window's presentation mode (the "presentation" style class).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-library.h"

G_BEGIN_DECLS

#define BG_TYPE_COMPONENT_REFERENCE (bg_component_reference_get_type ())
G_DECLARE_FINAL_TYPE (BgComponentReference, bg_component_reference, BG, COMPONENT_REFERENCE, GtkWindow)

GtkWidget             *bg_component_reference_new      (void);

/* The spec a target names: "" the first page, "TYPE" (a primitive in the
 * first domain that has it), "TYPE:DOMAIN" ("C:electrical"; the domain is
 * ignored for advanced components). NULL when it names none. */
const BgComponentSpec *bg_component_reference_find     (const char           *target);

/* Shows the page of the component TARGET names (bg_component_reference_find)
 * and selects it in the list, clearing a search that hides it. Returns FALSE
 * and leaves the page alone when TARGET names none. */
gboolean               bg_component_reference_show     (BgComponentReference *self,
                                                        const char           *target);
/* The component whose page is shown. */
const BgComponentSpec *bg_component_reference_get_spec (BgComponentReference *self);

G_END_DECLS
