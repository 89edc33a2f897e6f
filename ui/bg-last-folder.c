/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-last-folder.c — file choosers that open where the last one closed.
 *
 * Owns: the "last-folder" setting: a chooser starts in that folder (when
 * it still exists and the chooser was not given a file), and an accepted
 * choice stores the chosen file's folder. Used by every chooser: open,
 * save as, export diagram, plot export. Must not: keep state of its own;
 * without the installed schema it does nothing.
 */
#include "config.h"

#include "bg-last-folder.h"

static GSettings *
last_folder_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "org.bgmod.BGMod", TRUE);
  if (schema == NULL || !g_settings_schema_has_key (schema, "last-folder"))
    return NULL;
  return g_settings_new_full (schema, NULL, NULL);
}

static void
response_cb (GtkNativeDialog *native,
             int              response,
             gpointer         data)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *uri = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  if (file == NULL)
    return;
  parent = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (native)) ==
           GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER ? g_object_ref (file) : g_file_get_parent (file);
  settings = last_folder_settings ();
  if (parent == NULL || settings == NULL)
    return;
  uri = g_file_get_uri (parent);
  g_settings_set_string (settings, "last-folder", uri);
}

/* Starts NATIVE in the last folder and remembers the folder it accepts.
 * Call it before connecting the caller's own "response" handler. */
void
bg_last_folder_track (GtkFileChooserNative *native)
{
  g_autoptr(GSettings) settings = last_folder_settings ();
  g_autofree char *uri = NULL;

  g_return_if_fail (GTK_IS_FILE_CHOOSER_NATIVE (native));

  if (settings != NULL)
    uri = g_settings_get_string (settings, "last-folder");
  if (uri != NULL && *uri != '\0')
    {
      g_autoptr(GFile) folder = g_file_new_for_uri (uri);

      if (g_file_query_file_type (folder, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  g_signal_connect (native, "response", G_CALLBACK (response_cb), NULL);
}
