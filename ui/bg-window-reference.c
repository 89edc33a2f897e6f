/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-reference.c — Help ▸ Component Reference in the window.
 *
 * Owns: win.component-reference(s) (F1; the inspector's "?" with the
 * selected element's "TYPE:DOMAIN"): one reference window per main window,
 * made on first use and raised after, opened at the component the target
 * names ("" the first page), with the main window's presentation mode.
 * Must not: build the pages (bg-component-reference.c), or outlive the
 * main window.
 */
#include "config.h"

#include "bg-component-reference.h"
#include "bg-window-private.h"

static void
component_reference_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  const char *target = g_variant_get_string (parameter, NULL);

  if (self->reference == NULL)
    {
      self->reference = bg_component_reference_new ();
      gtk_window_set_application (GTK_WINDOW (self->reference),
                                  gtk_window_get_application (GTK_WINDOW (self)));
      g_object_add_weak_pointer (G_OBJECT (self->reference), (gpointer *) &self->reference);
      g_object_bind_property (self, "presentation-mode", self->reference, "presentation-mode",
                              G_BINDING_SYNC_CREATE);
    }
  /* an unknown target still opens the reference, at the page it had */
  if (!bg_component_reference_show (BG_COMPONENT_REFERENCE (self->reference), target))
    g_debug ("component reference: no component \"%s\"", target);
  gtk_window_present (GTK_WINDOW (self->reference));
}

void
_bg_window_reference_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.component-reference", "s",
                                   component_reference_action);
}

void
_bg_window_reference_dispose (BgWindow *self)
{
  GtkWidget *reference = self->reference;

  if (reference == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (reference), (gpointer *) &self->reference);
  self->reference = NULL;
  gtk_window_destroy (GTK_WINDOW (reference));
}
