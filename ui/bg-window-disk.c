/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-disk.c — the window's answer to another program changing its
 * file.
 *
 * Owns: the info bar "changed on disk" with win.reload-from-disk and
 * win.keep-mine, and the question before saving over a file that changed
 * since it was loaded or saved here (Overwrite / Save As… / Cancel). Must
 * not: detect changes itself (BgDocument and BgDiskWatch do) or save
 * without asking when the file changed.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-window-private.h"

enum { RESPONSE_SAVE_AS = 1 };

static void
hide_bar (BgWindow *self)
{
  gtk_info_bar_set_revealed (self->disk_bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->disk_bar), FALSE);
}

static void
document_changed_on_disk_cb (BgWindow   *self,
                             BgDocument *document)
{
  g_autofree char *title = bg_document_dup_title (document);
  g_autofree char *text =
    g_strdup_printf (_("“%s” was changed on disk by another program."), title);

  gtk_label_set_text (self->disk_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->disk_bar), TRUE);
  gtk_info_bar_set_revealed (self->disk_bar, TRUE);
}

void
_bg_window_disk_set_document (BgWindow   *self,
                              BgDocument *document)
{
  hide_bar (self);
  g_signal_connect_object (document, "changed-on-disk",
                           G_CALLBACK (document_changed_on_disk_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
reload_from_disk_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  GFile *file = bg_document_get_file (self->document);
  g_autoptr(BgDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  if (file == NULL)
    return;
  document = bg_document_new_for_file (file, &error);
  if (document == NULL)
    {
      bg_window_show_error (self, _("Could not reload the model"), error->message);
      return;
    }
  bg_window_set_document (self, document);
}

static void
keep_mine_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  hide_bar (BG_WINDOW (widget));
}

/* Saves to the document's own file; closes the window after when asked. */
static void
save_now (BgWindow *self,
          gboolean  close_after)
{
  g_autoptr(GError) error = NULL;

  if (!bg_window_save_to_file (self, NULL, &error))
    {
      bg_window_show_error (self, _("Could not save the model"), error->message);
      return;
    }
  hide_bar (self);
  if (close_after)
    {
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
    }
}

static void
overwrite_response_cb (GtkDialog *dialog,
                       int        response,
                       BgWindow  *self)
{
  gboolean close_after = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "close-after"));

  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT)
    save_now (self, close_after);
  else if (response == RESPONSE_SAVE_AS)
    _bg_window_save_as (self, close_after);
}

void
_bg_window_save_checked (BgWindow *self,
                         gboolean  close_after)
{
  GtkWidget *dialog;
  g_autofree char *title = NULL;

  if (!bg_document_changed_on_disk (self->document))
    {
      save_now (self, close_after);
      return;
    }
  title = bg_document_dup_title (self->document);
  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                   _("“%s” changed on disk. Overwrite it?"), title);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Another program changed the file after you "
                                              "opened it. Overwriting loses its changes."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("Save _As…"), RESPONSE_SAVE_AS,
                          _("_Overwrite"), GTK_RESPONSE_ACCEPT,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  g_object_set_data (G_OBJECT (dialog), "close-after", GINT_TO_POINTER (close_after));
  g_signal_connect_object (dialog, "response", G_CALLBACK (overwrite_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bg_window_class_disk_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.reload-from-disk", NULL,
                                   reload_from_disk_action);
  gtk_widget_class_install_action (widget_class, "win.keep-mine", NULL, keep_mine_action);
}
