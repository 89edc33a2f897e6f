/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-recovery-dialog.c — the offer to recover models a crash left unsaved.
 *
 * Owns: the rows (one per autosaved copy), their buttons, and handing each
 * recovered document on through "recovered". Must not: touch the autosave
 * folder other than through bg_autosave_recover / bg_autosave_discard, or
 * know the windows that show what it recovers.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-recovery-dialog.h"

typedef struct
{
  BgAutosaveEntry *entry;     /* owned by the dialog's array */
  GtkWidget       *row;
  GtkWidget       *title_label;
  GtkWidget       *detail_label;
  GtkWidget       *error_label;
  GtkWidget       *recover_button;
  GtkWidget       *discard_button;
} Row;

struct _BgRecoveryDialog
{
  GtkWindow       parent_instance;

  BgAutosave     *autosave;
  GPtrArray      *entries;
  GPtrArray      *rows;          /* Row*, in display order */
  GtkListBox     *list;
  GtkWidget      *scrolled;
  GtkWidget      *later_button;
  GtkWidget      *recover_all_button;
};

G_DEFINE_FINAL_TYPE (BgRecoveryDialog, bg_recovery_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_RECOVERED, N_SIGNALS };
static guint signals[N_SIGNALS];

static Row *
dialog_find_row (BgRecoveryDialog *self,
                 GtkWidget        *button)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = g_ptr_array_index (self->rows, i);

      if (row->recover_button == button || row->discard_button == button)
        return row;
    }

  return NULL;
}

static void
dialog_show_row_error (Row        *row,
                       const char *message)
{
  gtk_label_set_text (GTK_LABEL (row->error_label), message);
  gtk_widget_set_visible (row->error_label, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                  -1);
}

static void
dialog_remove_row (BgRecoveryDialog *self,
                   Row              *row)
{
  gtk_list_box_remove (self->list, row->row);
  g_ptr_array_remove (self->rows, row);

  gtk_widget_set_sensitive (self->recover_all_button, FALSE);
  for (guint i = 0; i < self->rows->len; i++)
    if (((Row *) g_ptr_array_index (self->rows, i))->entry->error == NULL)
      gtk_widget_set_sensitive (self->recover_all_button, TRUE);

  if (self->rows->len == 0)
    gtk_window_close (GTK_WINDOW (self));
}

/* Hands the copy on as a document; FALSE leaves the row with the reason. */
static gboolean
dialog_recover_row (BgRecoveryDialog *self,
                    Row              *row)
{
  g_autoptr(BgDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  document = bg_autosave_recover (self->autosave, row->entry, &error);
  if (document == NULL)
    {
      dialog_show_row_error (row, error->message);
      gtk_widget_set_sensitive (row->recover_button, FALSE);
      return FALSE;
    }

  g_signal_emit (self, signals[SIGNAL_RECOVERED], 0, document);
  dialog_remove_row (self, row);
  return TRUE;
}

static void
recover_clicked_cb (BgRecoveryDialog *self,
                    GtkButton        *button)
{
  Row *row = dialog_find_row (self, GTK_WIDGET (button));

  if (row != NULL)
    dialog_recover_row (self, row);
}

static void
discard_clicked_cb (BgRecoveryDialog *self,
                    GtkButton        *button)
{
  Row *row = dialog_find_row (self, GTK_WIDGET (button));
  g_autoptr(GError) error = NULL;

  if (row == NULL)
    return;

  if (!bg_autosave_discard (self->autosave, row->entry, &error))
    dialog_show_row_error (row, error->message);
  else
    dialog_remove_row (self, row);
}

static void
recover_all_clicked_cb (BgRecoveryDialog *self,
                        GtkButton        *button)
{
  /* not g_ptr_array_copy: it would take the rows' free function along */
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  for (guint i = 0; i < self->rows->len; i++)
    g_ptr_array_add (rows, g_ptr_array_index (self->rows, i));

  g_object_ref (self);
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = g_ptr_array_index (rows, i);

      if (row->entry->error == NULL)
        dialog_recover_row (self, row);
    }
  g_object_unref (self);
}

/* Rows -------------------------------------------------------------------------- */

static char *
entry_dup_detail (const BgAutosaveEntry *entry)
{
  g_autofree char *time = g_date_time_format (entry->time, "%Y-%m-%d %H:%M:%S");

  if (entry->original_path != NULL &&
      !g_file_test (entry->original_path, G_FILE_TEST_IS_REGULAR))
    /* Translators: the model's file, which no longer exists (the copy is
     * recovered as an untitled model), then when the copy was autosaved */
    return g_strdup_printf (_("%s (no longer there) · autosaved %s"),
                            entry->original_path, time);
  if (entry->original_path != NULL)
    /* Translators: the model's file, then when its copy was autosaved */
    return g_strdup_printf (_("%s · autosaved %s"), entry->original_path, time);

  /* Translators: %s is when the copy was autosaved */
  return g_strdup_printf (_("Never saved · autosaved %s"), time);
}

static Row *
dialog_make_row (BgRecoveryDialog *self,
                 BgAutosaveEntry  *entry)
{
  Row *row = g_new0 (Row, 1);
  g_autofree char *detail = entry_dup_detail (entry);
  GtkWidget *box, *texts, *buttons;

  row->entry = entry;
  row->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row->row), FALSE);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);

  texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (texts, TRUE);
  row->title_label = gtk_label_new (entry->title);
  gtk_widget_add_css_class (row->title_label, "heading");
  row->detail_label = gtk_label_new (detail);
  gtk_widget_add_css_class (row->detail_label, "dim-label");
  row->error_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (row->error_label, "error");
  gtk_widget_set_visible (row->error_label, FALSE);
  for (guint i = 0; i < 3; i++)
    {
      GtkWidget *label = (GtkWidget *[]) { row->title_label, row->detail_label,
                                           row->error_label }[i];

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (texts), label);
    }

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_valign (buttons, GTK_ALIGN_CENTER);
  row->discard_button = gtk_button_new_with_mnemonic (_("_Discard"));
  gtk_widget_add_css_class (row->discard_button, "destructive-action");
  row->recover_button = gtk_button_new_with_mnemonic (_("_Recover"));
  /* a screen reader hears which model each button acts on */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->discard_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, entry->title,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->recover_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, entry->title,
                                  -1);
  g_signal_connect_object (row->discard_button, "clicked",
                           G_CALLBACK (discard_clicked_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row->recover_button, "clicked",
                           G_CALLBACK (recover_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (buttons), row->discard_button);
  gtk_box_append (GTK_BOX (buttons), row->recover_button);

  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row->row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, entry->title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, detail,
                                  -1);

  if (entry->error != NULL)
    {
      dialog_show_row_error (row, entry->error->message);
      gtk_widget_set_sensitive (row->recover_button, FALSE);
    }

  return row;
}

/* GObject ---------------------------------------------------------------------- */

static void
bg_recovery_dialog_dispose (GObject *object)
{
  BgRecoveryDialog *self = BG_RECOVERY_DIALOG (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_object (&self->autosave);

  G_OBJECT_CLASS (bg_recovery_dialog_parent_class)->dispose (object);
}

static void
bg_recovery_dialog_class_init (BgRecoveryDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_recovery_dialog_dispose;

  signals[SIGNAL_RECOVERED] =
    g_signal_new ("recovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, BG_TYPE_DOCUMENT);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0,
                                       "window.close", NULL);
}

static void
bg_recovery_dialog_init (BgRecoveryDialog *self)
{
  GtkWidget *content, *heading, *body, *scrolled, *actions, *later;

  self->rows = g_ptr_array_new_with_free_func (g_free);

  gtk_window_set_title (GTK_WINDOW (self), _("Recover Unsaved Models"));
  gtk_window_set_default_size (GTK_WINDOW (self), 560, -1);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);

  heading = gtk_label_new (_("Unsaved Changes Were Kept"));
  gtk_widget_add_css_class (heading, "title-3");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  body = gtk_label_new (_("BGMod did not close properly last time. These models "
                          "had changes that were not saved; recover them to "
                          "continue where you left off."));
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_xalign (GTK_LABEL (body), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (body), 60);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Autosaved models"), -1);
  scrolled = self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_vexpand (scrolled, TRUE);

  actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (actions, GTK_ALIGN_END);
  later = self->later_button = gtk_button_new_with_mnemonic (_("Decide _Later"));
  gtk_widget_set_tooltip_text (later, _("Keep the copies and ask again at the next start"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (later), "window.close");
  self->recover_all_button = gtk_button_new_with_mnemonic (_("Recover _All"));
  gtk_widget_add_css_class (self->recover_all_button, "suggested-action");
  g_signal_connect_object (self->recover_all_button, "clicked",
                           G_CALLBACK (recover_all_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (actions), later);
  gtk_box_append (GTK_BOX (actions), self->recover_all_button);

  gtk_box_append (GTK_BOX (content), heading);
  gtk_box_append (GTK_BOX (content), body);
  gtk_box_append (GTK_BOX (content), scrolled);
  gtk_box_append (GTK_BOX (content), actions);
  gtk_window_set_child (GTK_WINDOW (self), content);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->recover_all_button);
}

GtkWidget *
bg_recovery_dialog_new (BgAutosave *autosave,
                        GPtrArray  *entries)
{
  BgRecoveryDialog *self;
  gboolean any_recoverable = FALSE;

  g_return_val_if_fail (BG_IS_AUTOSAVE (autosave), NULL);
  g_return_val_if_fail (entries != NULL, NULL);

  self = g_object_new (BG_TYPE_RECOVERY_DIALOG, NULL);
  self->autosave = g_object_ref (autosave);
  self->entries = g_ptr_array_ref (entries);

  for (guint i = 0; i < entries->len; i++)
    {
      BgAutosaveEntry *entry = g_ptr_array_index (entries, i);
      Row *row = dialog_make_row (self, entry);

      g_ptr_array_add (self->rows, row);
      gtk_list_box_append (self->list, row->row);
      any_recoverable |= entry->error == NULL;
    }
  gtk_widget_set_sensitive (self->recover_all_button, any_recoverable);
  /* wrapped rows under-report their height in a scrolled window: show up
   * to three rows whole */
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->scrolled),
                                              90 * MIN (entries->len, 3));
  /* the keyboard starts on the safe choice, never on a Discard button */
  gtk_window_set_focus (GTK_WINDOW (self), any_recoverable ? self->recover_all_button
                                                           : self->later_button);

  return GTK_WIDGET (self);
}

static Row *
dialog_get_row (BgRecoveryDialog *self,
                guint             index)
{
  g_return_val_if_fail (BG_IS_RECOVERY_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->rows->len, NULL);

  return g_ptr_array_index (self->rows, index);
}

guint
bg_recovery_dialog_get_n_rows (BgRecoveryDialog *self)
{
  g_return_val_if_fail (BG_IS_RECOVERY_DIALOG (self), 0);

  return self->rows->len;
}

const BgAutosaveEntry *
bg_recovery_dialog_get_entry (BgRecoveryDialog *self,
                              guint             index)
{
  Row *row = dialog_get_row (self, index);

  return row != NULL ? row->entry : NULL;
}

char *
bg_recovery_dialog_dup_row_text (BgRecoveryDialog *self,
                                 guint             index)
{
  Row *row = dialog_get_row (self, index);
  GString *text;

  if (row == NULL)
    return NULL;

  text = g_string_new (gtk_label_get_text (GTK_LABEL (row->title_label)));
  g_string_append_c (text, '\n');
  g_string_append (text, gtk_label_get_text (GTK_LABEL (row->detail_label)));
  if (gtk_widget_get_visible (row->error_label))
    {
      g_string_append_c (text, '\n');
      g_string_append (text, gtk_label_get_text (GTK_LABEL (row->error_label)));
    }

  return g_string_free (text, FALSE);
}

GtkWidget *
bg_recovery_dialog_get_recover_button (BgRecoveryDialog *self,
                                       guint             index)
{
  Row *row = dialog_get_row (self, index);

  return row != NULL ? row->recover_button : NULL;
}

GtkWidget *
bg_recovery_dialog_get_discard_button (BgRecoveryDialog *self,
                                       guint             index)
{
  Row *row = dialog_get_row (self, index);

  return row != NULL ? row->discard_button : NULL;
}

GtkWidget *
bg_recovery_dialog_get_recover_all_button (BgRecoveryDialog *self)
{
  g_return_val_if_fail (BG_IS_RECOVERY_DIALOG (self), NULL);

  return self->recover_all_button;
}
