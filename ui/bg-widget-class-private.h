/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-widget-class-private.h — a widget class's actions and keys from tables.
 *
 * Owns: installing a widget class's actions and key bindings from static
 * tables (as g_action_map_add_action_entries does for a GActionMap), and the
 * flags our properties are made with (STYLE.md: explicit notify, static
 * strings). Must not: keep state or know any particular widget.
 * Included by: ui/.
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Read-write and read-only properties that notify only on a real change. */
#define _BG_PARAM_READWRITE \
  (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)
#define _BG_PARAM_READABLE \
  (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

/* One action of a widget class. */
typedef struct
{
  const char                  *name;            /* "canvas.delete" */
  const char                  *parameter_type;  /* GVariant type, or NULL */
  GtkWidgetActionActivateFunc  activate;
} BgWidgetAction;

/* One key that runs a parameterless action. */
typedef struct
{
  guint            keyval;
  GdkModifierType  mods;
  const char      *action;
} BgWidgetKey;

void _bg_widget_class_install_actions (GtkWidgetClass       *widget_class,
                                       const BgWidgetAction *actions,
                                       gsize                 n_actions);
void _bg_widget_class_add_key         (GtkWidgetClass       *widget_class,
                                       guint                 keyval,
                                       GdkModifierType       mods,
                                       const char           *action);
void _bg_widget_class_add_keys        (GtkWidgetClass       *widget_class,
                                       const BgWidgetKey    *keys,
                                       gsize                 n_keys);

G_END_DECLS
