/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-palette-library.c — the palette's "My components" section.
 *
 * Owns: reading the component library's folders (the user's, then the
 * installed one: BGMOD_DATADIR or the installed data), the rows of the
 * components with a port in the shown domain (each keeps its entry, so
 * its drawing's spec lives as long as the row), the note of an empty
 * section and the line that says how many files could not be read (their
 * messages in its tooltip). Must not: edit a model, write files, or know
 * about the canvas; searching, drawing and the signals are bg-palette.c's.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-definition.h"
#include "bg-palette-private.h"

#define ENTRY_KEY "bg-palette-entry"

static char *
dup_datadir (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  return g_strdup (datadir != NULL && *datadir != '\0' ? datadir : PKGDATADIR);
}

void
_bg_palette_library_load (BgPalette *self)
{
  g_autofree char *datadir = dup_datadir ();
  g_auto(GStrv) folders = bg_component_library_dup_folders (datadir);

  g_clear_pointer (&self->library_problems, g_ptr_array_unref);
  self->library_problems = g_ptr_array_new_with_free_func (g_free);
  g_clear_pointer (&self->library_all, g_ptr_array_unref);
  self->library_all = bg_component_library_list ((const char *const *) folders,
                                                 self->library_problems);
  for (guint i = 0; i < self->library_problems->len; i++)
    g_debug ("component library: %s", (const char *) self->library_problems->pdata[i]);
}

void
_bg_palette_library_fill (BgPalette *self)
{
  GtkWidget *child;
  g_autoptr(GString) problems = g_string_new (NULL);
  guint n_problems = self->library_problems != NULL ? self->library_problems->len : 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->library_list))) != NULL)
    gtk_list_box_remove (self->library_list, child);
  g_ptr_array_set_size (self->library_specs, 0);
  g_clear_pointer (&self->library_entries, g_ptr_array_unref);
  self->library_entries = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; self->library_all != NULL && i < self->library_all->len; i++)
    {
      BgComponentEntry *entry = g_ptr_array_index (self->library_all, i);
      const BgComponentSpec *spec = bg_component_entry_get_definition (entry)->spec;
      GtkWidget *row;

      if ((bg_component_entry_get_domains (entry) & (1u << self->domain)) == 0)
        continue;
      row = _bg_palette_make_row (self, spec);
      g_object_set_data_full (G_OBJECT (row), ENTRY_KEY, g_object_ref (entry), g_object_unref);
      g_ptr_array_add (self->library_specs, (gpointer) spec);
      g_ptr_array_add (self->library_entries, g_object_ref (entry));
      gtk_list_box_append (self->library_list, row);
    }

  gtk_label_set_label (self->library_note,
                       _("None in this domain yet. Select a component's instance and choose "
                         "Save Component to Library… to add it here."));
  for (guint i = 0; i < n_problems; i++)
    {
      if (i > 0)
        g_string_append_c (problems, '\n');
      g_string_append (problems, self->library_problems->pdata[i]);
    }
  if (n_problems > 0)
    {
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%u file in the component folders could not be read",
                                      "%u files in the component folders could not be read",
                                      n_problems), n_problems);

      gtk_label_set_label (self->library_problems_label, text);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->library_problems_label),
                               n_problems > 0 ? problems->str : NULL);
}

void
_bg_palette_library_refilter (BgPalette *self,
                              gboolean   searching,
                              guint      n_shown)
{
  gboolean empty = self->library_specs->len == 0;

  gtk_widget_set_visible (self->library_heading, n_shown > 0 || !searching);
  gtk_widget_set_visible (GTK_WIDGET (self->library_list), n_shown > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->library_note), empty && !searching);
  gtk_widget_set_visible (GTK_WIDGET (self->library_problems_label),
                          !searching && self->library_problems != NULL &&
                          self->library_problems->len > 0);
}

BgComponentEntry *
_bg_palette_library_entry_for_row (BgPalette     *self,
                                   GtkListBoxRow *row)
{
  if (gtk_widget_get_parent (GTK_WIDGET (row)) != GTK_WIDGET (self->library_list))
    return NULL;
  return g_object_get_data (G_OBJECT (row), ENTRY_KEY);
}

void
_bg_palette_library_dispose (BgPalette *self)
{
  g_clear_pointer (&self->library_entries, g_ptr_array_unref);
  g_clear_pointer (&self->library_all, g_ptr_array_unref);
  g_clear_pointer (&self->library_problems, g_ptr_array_unref);
}
