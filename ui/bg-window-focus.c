/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-focus.c — the keyboard focus never left in a closed popover.
 *
 * Owns: watching the window's focus widget; when it moves into a popover
 * (the main menu, a drop-down's list), and the popover closes with the
 * focus still inside it (choosing an example from the menu replaces the
 * document, and GTK 4.8 leaves the focus on the menu's unmapped list),
 * the canvas takes it, so the window's shortcuts (Ctrl+Shift+X, F5, …) go
 * on working without a click first.
 * Must not: move the focus while it is on a widget that is shown, or keep
 * references to the popovers it watches.
 */
#include "config.h"

#include "bg-window-private.h"

#define WATCHED_KEY "bg-window-focus-watched"

/* The focus is where a key press reaches the window's shortcuts. */
static gboolean
focus_lost (BgWindow *self)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  return focus == NULL || !gtk_widget_get_mapped (focus);
}

static gboolean
restore_idle_cb (gpointer data)
{
  BgWindow *self = data;

  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && focus_lost (self)
      && gtk_widget_get_mapped (GTK_WIDGET (self->canvas)))
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  return G_SOURCE_REMOVE;
}

/* After the popover's own focus handling, once the loop is idle. */
static void
popover_closed_cb (GtkPopover *popover,
                   BgWindow   *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, restore_idle_cb, g_object_ref (self),
                   g_object_unref);
}

static void
focus_changed_cb (BgWindow   *self,
                  GParamSpec *pspec,
                  gpointer    data)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));
  GtkWidget *popover = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) : NULL;

  if (popover == NULL || g_object_get_data (G_OBJECT (popover), WATCHED_KEY) != NULL)
    return;
  g_object_set_data (G_OBJECT (popover), WATCHED_KEY, GINT_TO_POINTER (TRUE));
  g_signal_connect_object (popover, "closed", G_CALLBACK (popover_closed_cb), self, 0);
}

void
_bg_window_focus_init (BgWindow *self)
{
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (focus_changed_cb), NULL);
}
