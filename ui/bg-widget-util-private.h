/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-widget-util-private.h — what the widgets' classes have in common.
 *
 * Owns: installing a widget class's actions and key bindings from static
 * tables (as g_action_map_add_action_entries does for a GActionMap), the
 * flags every property of ours is made with (explicit notify, static
 * strings), and unparenting the children a widget parented itself.
 * Must not: keep state or know any particular widget.
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

/* For a dispose: unparents every child of widget (those it parented with
 * gtk_widget_set_parent). */
void _bg_widget_unparent_children     (GtkWidget            *widget);

G_END_DECLS
