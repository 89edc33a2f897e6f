/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector-table.c — the two-column table fields of the property editor
 * (a pump curve's points, a waveform's table of points).
 *
 * Owns: a table's rows of entries (filled from the model, added, removed),
 * reading them back as numbers (blank rows skipped, a bad row named), and
 * Paste CSV, whose clipboard text replaces the table in one undoable edit.
 * Must not: keep a field across the clipboard's reply (it finds the field
 * again by name), or edit the model other than through bg_model_* calls.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-inspector-private.h"

/* Tables --------------------------------------------------------------- */

static void table_remove_row_cb (GtkButton *button, Field *field);

static void
table_add_row (Field  *field,
               double *values)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  for (guint c = 0; c < 2; c++)
    {
      GtkWidget *entry = gtk_entry_new ();

      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
      gtk_widget_set_hexpand (entry, TRUE);
      if (values != NULL)
        {
          g_autofree char *text = bg_inspector_format_number (values[c]);
          gtk_editable_set_text (GTK_EDITABLE (entry), text);
        }
      _bg_inspector_connect_apply (entry, field);
      gtk_box_append (GTK_BOX (row), entry);
    }

  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove this row"));
  g_signal_connect (remove, "clicked", G_CALLBACK (table_remove_row_cb), field);
  gtk_box_append (GTK_BOX (row), remove);

  gtk_box_append (GTK_BOX (field->rows_box), row);
}

void
_bg_inspector_table_fill (Field              *field,
            const BgParamValue *value)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (field->rows_box)) != NULL)
    gtk_box_remove (GTK_BOX (field->rows_box), child);

  for (guint r = 0; value->table != NULL && 2 * r + 1 < value->table->len; r++)
    table_add_row (field, &g_array_index (value->table, double, 2 * r));
}

static void
table_remove_row_cb (GtkButton *button,
                     Field     *field)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (button));

  field->self->clearing = TRUE;
  gtk_box_remove (GTK_BOX (field->rows_box), row);
  field->self->clearing = FALSE;
  _bg_inspector_field_apply (field);
}

void
_bg_inspector_table_add_clicked_cb (GtkButton *button,
                      Field     *field)
{
  GtkWidget *last;

  table_add_row (field, NULL);
  last = gtk_widget_get_last_child (field->rows_box);
  gtk_widget_grab_focus (gtk_widget_get_first_child (last));
}

/* Paste from CSV: the clipboard text replaces the table in one step. The
 * field may be gone when the text arrives, so the reply finds it by name. */
typedef struct
{
  BgInspector *self;
  char        *name;
} PasteRequest;

void
bg_inspector_paste_table_text (BgInspector *self,
                               const char  *name,
                               const char  *text)
{
  Field *field = _bg_inspector_find_field (self, name);
  BgElement *element = _bg_inspector_get_element (self);
  g_autoptr(GError) error = NULL;
  BgParamValue value = { BG_PARAM_TABLE, 0, NULL, NULL };

  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (field == NULL || element == NULL || field->kind != FIELD_TABLE)
    return;
  value.table = text != NULL ? bg_param_table_from_text (text, &error) : NULL;
  if (value.table == NULL && error == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("The clipboard holds no text"));
  self->applying = TRUE;
  if (value.table != NULL)
    bg_model_set_param (self->model, element->id, name, &value, &error);
  self->applying = FALSE;
  bg_param_value_clear (&value);
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Paste: %s"), error->message);

      _bg_inspector_field_show_error (field, message);
      return;
    }
  _bg_inspector_field_update (field, TRUE);
}

static void
table_paste_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  PasteRequest *request = data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);

  bg_inspector_paste_table_text (request->self, request->name, text);
  g_object_unref (request->self);
  g_free (request->name);
  g_free (request);
}

void
_bg_inspector_table_paste_clicked_cb (GtkButton *button,
                        Field     *field)
{
  PasteRequest *request = g_new0 (PasteRequest, 1);

  request->self = g_object_ref (field->self);
  request->name = g_strdup (field->name);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (button)), NULL,
                                 table_paste_done_cb, request);
}

/* Reads the table rows; blank rows are skipped. */
GArray *
_bg_inspector_table_collect (Field   *field,
               GError **error)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  guint r = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (field->rows_box);
       row != NULL;
       row = gtk_widget_get_next_sibling (row), r++)
    {
      GtkWidget *e0 = gtk_widget_get_first_child (row);
      GtkWidget *e1 = gtk_widget_get_next_sibling (e0);
      const char *t0 = gtk_editable_get_text (GTK_EDITABLE (e0));
      const char *t1 = gtk_editable_get_text (GTK_EDITABLE (e1));
      double v[2];

      if (t0[0] == '\0' && t1[0] == '\0')
        continue;

      if (!bg_inspector_parse_number (t0, &v[0]) ||
          !bg_inspector_parse_number (t1, &v[1]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Row %u: enter two numbers, such as 1.5e7 and 0.0001."),
                       r + 1);
          return NULL;
        }
      g_array_append_vals (numbers, v, 2);
    }

  return g_steal_pointer (&numbers);
}
