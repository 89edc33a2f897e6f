/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-widget-util.c — what the widgets' classes have in common.
 *
 * Owns: the loops behind bg-widget-util-private.h, so that each widget
 * lists its actions and keys as data, and unparenting a widget's children.
 * Must not: keep state or know any particular widget.
 */
#include "config.h"

#include "bg-widget-util-private.h"

void
_bg_widget_class_install_actions (GtkWidgetClass       *widget_class,
                                  const BgWidgetAction *actions,
                                  gsize                 n_actions)
{
  for (gsize i = 0; i < n_actions; i++)
    gtk_widget_class_install_action (widget_class, actions[i].name,
                                     actions[i].parameter_type, actions[i].activate);
}

void
_bg_widget_class_add_key (GtkWidgetClass  *widget_class,
                          guint            keyval,
                          GdkModifierType  mods,
                          const char      *action)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, mods, action, NULL);
}

void
_bg_widget_class_add_keys (GtkWidgetClass    *widget_class,
                           const BgWidgetKey *keys,
                           gsize              n_keys)
{
  for (gsize i = 0; i < n_keys; i++)
    _bg_widget_class_add_key (widget_class, keys[i].keyval, keys[i].mods, keys[i].action);
}

void
_bg_widget_unparent_children (GtkWidget *widget)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (widget)) != NULL)
    gtk_widget_unparent (child);
}
