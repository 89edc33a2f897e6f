/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-autosave.c — copies of unsaved documents in the user cache.
 *
 * Owns: the documents it has written a copy of (BgDocument -> Tracked), the
 * timer, the sidecar format and the scan of the folder. The documents to
 * copy are the items of the list it is given (the application's open
 * documents); one that leaves the list loses its copy. Every copy is
 * replaced atomically (bg_file_save_path, g_file_set_contents write a
 * temporary file and rename it), so a crash leaves the previous copy or the
 * new one, never half of one. Must not: show dialogs, write anywhere but the
 * autosave folder, or remove a copy whose document is still unsaved in a
 * window.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "bg-application.h"
#include "bg-autosave.h"
#include "bg-file.h"

#define SIDECAR_VERSION 1

G_DEFINE_QUARK (bg-autosave-error-quark, bg_autosave_error)

typedef struct
{
  char    *uuid;
  guint64  revision;       /* the model revision of the last copy */
  guint64  view_revision;  /* and its view revision (chosen plot variables) */
  gboolean written;
} Tracked;

struct _BgAutosave
{
  GObject         parent_instance;

  GListModel     *documents;     /* BgDocument, the ones to copy */
  GSettings      *settings;
  guint           interval;
  guint           timeout_id;
  GHashTable     *tracked;       /* BgDocument* (ref) -> Tracked* */
};

G_DEFINE_FINAL_TYPE (BgAutosave, bg_autosave, G_TYPE_OBJECT)

static void
tracked_free (gpointer data)
{
  Tracked *tracked = data;

  g_free (tracked->uuid);
  g_free (tracked);
}

void
bg_autosave_entry_free (BgAutosaveEntry *entry)
{
  if (entry == NULL)
    return;

  g_free (entry->uuid);
  g_free (entry->model_path);
  g_free (entry->sidecar_path);
  g_free (entry->original_path);
  g_free (entry->title);
  g_clear_pointer (&entry->time, g_date_time_unref);
  g_clear_error (&entry->error);
  g_free (entry);
}

char *
bg_autosave_dup_dir (void)
{
  return g_build_filename (g_get_user_cache_dir (), "bgmod", "autosave", NULL);
}

static char *
autosave_path (const char *uuid,
               const char *suffix)
{
  g_autofree char *dir = bg_autosave_dup_dir ();
  g_autofree char *name = g_strconcat (uuid, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

/* Removes a copy and its sidecar; a file already gone is no error. */
static gboolean
remove_copy (const char  *uuid,
             GError     **error)
{
  const char *suffixes[] = { ".bgmod", ".json" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *path = autosave_path (uuid, suffixes[i]);

      if (g_unlink (path) != 0 && errno != ENOENT)
        {
          int saved_errno = errno;

          g_set_error (error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_IO,
                       /* Translators: a file path and the system's reason */
                       _("%s: cannot remove the autosaved copy: %s"),
                       path, g_strerror (saved_errno));
          return FALSE;
        }
    }

  return TRUE;
}

/* Documents ------------------------------------------------------------------ */

/* The open documents now (borrowed: the list holds them). */
static GPtrArray *
autosave_list_documents (BgAutosave *self)
{
  GPtrArray *documents = g_ptr_array_new ();
  guint n = g_list_model_get_n_items (self->documents);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(BgDocument) document = g_list_model_get_item (self->documents, i);

      if (!g_ptr_array_find (documents, document, NULL))
        g_ptr_array_add (documents, document);
    }

  return documents;
}

static void
autosave_untrack (BgAutosave *self,
                  BgDocument *document)
{
  Tracked *tracked = g_hash_table_lookup (self->tracked, document);
  g_autoptr(GError) error = NULL;

  if (tracked == NULL)
    return;

  if (tracked->written && !remove_copy (tracked->uuid, &error))
    g_message ("%s", error->message);
  g_signal_handlers_disconnect_by_data (document, self);
  g_hash_table_remove (self->tracked, document);
}

static void
document_notify_modified_cb (BgAutosave *self,
                             GParamSpec *pspec,
                             BgDocument *document)
{
  /* saved: the copy has done its job */
  if (!bg_document_get_modified (document))
    autosave_untrack (self, document);
}

static Tracked *
autosave_track (BgAutosave *self,
                BgDocument *document,
                const char *uuid)
{
  Tracked *tracked = g_hash_table_lookup (self->tracked, document);

  if (tracked != NULL)
    return tracked;

  tracked = g_new0 (Tracked, 1);
  tracked->uuid = uuid != NULL ? g_strdup (uuid) : g_uuid_string_random ();
  tracked->revision = G_MAXUINT64;
  tracked->view_revision = G_MAXUINT64;
  g_hash_table_insert (self->tracked, g_object_ref (document), tracked);
  g_signal_connect_object (document, "notify::modified",
                           G_CALLBACK (document_notify_modified_cb), self,
                           G_CONNECT_SWAPPED);
  return tracked;
}

/* Removes the copies of documents no longer open (or saved since). */
static void
autosave_sweep (BgAutosave *self)
{
  g_autoptr(GPtrArray) documents = autosave_list_documents (self);
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->tracked);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_ptr_array_find (documents, key, NULL) ||
        !bg_document_get_modified (key))
      g_ptr_array_add (gone, key);

  for (guint i = 0; i < gone->len; i++)
    autosave_untrack (self, g_ptr_array_index (gone, i));
}

/* Writing ------------------------------------------------------------------- */

static char *
sidecar_to_data (BgDocument *document,
                 const char *uuid)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format_iso8601 (now);
  g_autofree char *title = bg_document_dup_title (document);
  GFile *file = bg_document_get_file (document);
  g_autofree char *original = file != NULL ? g_file_get_path (file) : NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_int_value (builder, SIDECAR_VERSION);
  json_builder_set_member_name (builder, "uuid");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "original");
  if (original != NULL)
    json_builder_add_string_value (builder, original);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, title);
  json_builder_set_member_name (builder, "time");
  json_builder_add_string_value (builder, time);
  json_builder_set_member_name (builder, "pid");
  json_builder_add_int_value (builder, getpid ());
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  return json_generator_to_data (generator, NULL);
}

static gboolean
autosave_write (BgAutosave *self,
                BgDocument *document,
                Tracked    *tracked,
                GError    **error)
{
  g_autofree char *dir = bg_autosave_dup_dir ();
  g_autofree char *model_path = autosave_path (tracked->uuid, ".bgmod");
  g_autofree char *sidecar_path = autosave_path (tracked->uuid, ".json");
  g_autofree char *sidecar = NULL;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_IO,
                   _("%s: cannot create the autosave folder: %s"),
                   dir, g_strerror (saved_errno));
      return FALSE;
    }

  /* the model first: a sidecar never points at a missing copy for long,
   * and the scan lists a copy without its sidecar as untitled */
  if (!bg_file_save_path (bg_document_get_model (document), model_path, error))
    return FALSE;

  sidecar = sidecar_to_data (document, tracked->uuid);
  if (!g_file_set_contents_full (sidecar_path, sidecar, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
    return FALSE;

  tracked->written = TRUE;
  tracked->revision = bg_model_get_revision (bg_document_get_model (document));
  tracked->view_revision = bg_model_get_view_revision (bg_document_get_model (document));
  return TRUE;
}

/* The last copy holds this document's model and its view (the plotted
 * variables), which change independently. */
static gboolean
autosave_copy_is_current (const Tracked *tracked,
                          BgDocument    *document)
{
  BgModel *model = bg_document_get_model (document);

  return tracked->revision == bg_model_get_revision (model) &&
         tracked->view_revision == bg_model_get_view_revision (model);
}

guint
bg_autosave_save_now (BgAutosave  *self,
                      GError     **error)
{
  g_autoptr(GPtrArray) documents = NULL;
  guint n_written = 0;

  g_return_val_if_fail (BG_IS_AUTOSAVE (self), 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  autosave_sweep (self);

  documents = autosave_list_documents (self);
  for (guint i = 0; i < documents->len; i++)
    {
      BgDocument *document = g_ptr_array_index (documents, i);
      Tracked *tracked;

      if (!bg_document_get_modified (document))
        continue;

      tracked = autosave_track (self, document, NULL);
      if (tracked->written && autosave_copy_is_current (tracked, document))
        continue;

      if (!autosave_write (self, document, tracked, error))
        return n_written;
      n_written++;
    }

  return n_written;
}

static gboolean
autosave_timeout_cb (gpointer user_data)
{
  BgAutosave *self = user_data;
  g_autoptr(GError) error = NULL;

  bg_autosave_save_now (self, &error);
  if (error != NULL)
    g_message ("%s", error->message);

  return G_SOURCE_CONTINUE;
}

void
bg_autosave_set_interval (BgAutosave *self,
                          guint       seconds)
{
  g_return_if_fail (BG_IS_AUTOSAVE (self));

  self->interval = seconds;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (seconds > 0)
    {
      self->timeout_id = g_timeout_add_seconds (seconds, autosave_timeout_cb, self);
      g_source_set_name_by_id (self->timeout_id, "[bgmod] autosave");
    }
}

guint
bg_autosave_get_interval (BgAutosave *self)
{
  g_return_val_if_fail (BG_IS_AUTOSAVE (self), 0);

  return self->interval;
}

char *
bg_autosave_dup_path (BgAutosave *self,
                      BgDocument *document)
{
  Tracked *tracked;

  g_return_val_if_fail (BG_IS_AUTOSAVE (self), NULL);
  g_return_val_if_fail (BG_IS_DOCUMENT (document), NULL);

  tracked = g_hash_table_lookup (self->tracked, document);
  if (tracked == NULL || !tracked->written)
    return NULL;

  return autosave_path (tracked->uuid, ".bgmod");
}

/* Scanning and recovery ----------------------------------------------------- */

static gboolean
autosave_owns (BgAutosave *self,
               const char *uuid)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->tracked);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_str_equal (((Tracked *) value)->uuid, uuid))
      return TRUE;

  return FALSE;
}

/* Reads what the sidecar says; a missing or unreadable sidecar leaves the
 * fields unset (the copy is still worth recovering). */
static void
entry_read_sidecar (BgAutosaveEntry *entry)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object;
  JsonNode *root;

  if (!json_parser_load_from_file (parser, entry->sidecar_path, NULL))
    return;

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return;

  object = json_node_get_object (root);
  if (json_object_has_member (object, "original") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "original")))
    entry->original_path = g_strdup (json_object_get_string_member (object, "original"));
  if (json_object_has_member (object, "title") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "title")))
    entry->title = g_strdup (json_object_get_string_member (object, "title"));
  if (json_object_has_member (object, "time") &&
      JSON_NODE_HOLDS_VALUE (json_object_get_member (object, "time")))
    {
      const char *time = json_object_get_string_member (object, "time");

      if (time != NULL)
        entry->time = g_date_time_new_from_iso8601 (time, NULL);
    }
}

/* The process that wrote a copy, from its sidecar; 0 when not known. */
static gint64
sidecar_pid (const char *uuid)
{
  g_autofree char *path = autosave_path (uuid, ".json");
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  JsonNode *pid;

  if (!json_parser_load_from_file (parser, path, NULL))
    return 0;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return 0;
  pid = json_object_get_member (json_node_get_object (root), "pid");
  if (pid == NULL || json_node_get_value_type (pid) != G_TYPE_INT64)
    return 0;
  return json_node_get_int (pid);
}

/* TRUE when another running BGMod wrote the copy: it is that process's
 * work in progress, not a crash's leftover. In doubt (no /proc), a live
 * process counts as BGMod: the copy stays on disk and is offered later. */
static gboolean
copy_is_live (const char *uuid)
{
  gint64 pid = sidecar_pid (uuid);
  g_autofree char *link = NULL;
  g_autofree char *self_exe = NULL;
  g_autofree char *exe = NULL;

  if (pid <= 0 || pid > G_MAXINT || pid == getpid ())
    return FALSE;
  if (kill ((pid_t) pid, 0) != 0 && errno == ESRCH)
    return FALSE;

  link = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/exe", pid);
  exe = g_file_read_link (link, NULL);
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  if (exe == NULL || self_exe == NULL)
    return TRUE;

  return g_str_equal (exe, self_exe);
}

static BgAutosaveEntry *
entry_new (const char *uuid)
{
  BgAutosaveEntry *entry = g_new0 (BgAutosaveEntry, 1);
  g_autoptr(BgModel) model = NULL;
  g_autoptr(GError) error = NULL;

  entry->uuid = g_strdup (uuid);
  entry->model_path = autosave_path (uuid, ".bgmod");
  entry->sidecar_path = autosave_path (uuid, ".json");
  entry_read_sidecar (entry);

  if (!g_file_test (entry->model_path, G_FILE_TEST_EXISTS))
    g_set_error (&entry->error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_CORRUPT,
                 _("%s: the autosaved copy is missing"), entry->model_path);
  else if ((model = bg_file_load_path (entry->model_path, &error)) == NULL)
    g_set_error (&entry->error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_CORRUPT,
                 _("The autosaved copy cannot be read: %s"), error->message);

  if (entry->title == NULL && model != NULL &&
      bg_model_get_name (model) != NULL && bg_model_get_name (model)[0] != '\0')
    entry->title = g_strdup (bg_model_get_name (model));
  if (entry->title == NULL)
    entry->title = g_strdup (_("Untitled model"));

  if (entry->time == NULL)
    {
      GStatBuf st;

      if (g_stat (entry->model_path, &st) == 0)
        {
          g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc (st.st_mtime);

          entry->time = g_date_time_to_local (utc);
        }
      else
        entry->time = g_date_time_new_now_local ();
    }

  return entry;
}

static int
entry_compare_newest_first (gconstpointer a,
                            gconstpointer b)
{
  const BgAutosaveEntry *ea = *(BgAutosaveEntry **) a;
  const BgAutosaveEntry *eb = *(BgAutosaveEntry **) b;

  return g_date_time_compare (eb->time, ea->time);
}

GPtrArray *
bg_autosave_scan (BgAutosave *self)
{
  GPtrArray *entries;
  g_autoptr(GHashTable) seen = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (BG_IS_AUTOSAVE (self), NULL);

  entries = g_ptr_array_new_with_free_func ((GDestroyNotify) bg_autosave_entry_free);
  path = bg_autosave_dup_dir ();
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return entries;

  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *uuid = NULL;

      if (g_str_has_suffix (name, ".bgmod"))
        uuid = g_strndup (name, strlen (name) - strlen (".bgmod"));
      else if (g_str_has_suffix (name, ".json"))
        uuid = g_strndup (name, strlen (name) - strlen (".json"));

      /* only our own names: a uuid, nothing else (temporary files differ) */
      if (uuid == NULL || !g_uuid_string_is_valid (uuid) ||
          g_hash_table_contains (seen, uuid) || autosave_owns (self, uuid) ||
          copy_is_live (uuid))
        continue;

      g_ptr_array_add (entries, entry_new (uuid));
      g_hash_table_add (seen, g_steal_pointer (&uuid));
    }

  g_ptr_array_sort (entries, entry_compare_newest_first);
  return entries;
}

BgDocument *
bg_autosave_recover (BgAutosave       *self,
                     BgAutosaveEntry  *entry,
                     GError          **error)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(GFile) original = NULL;
  g_autoptr(GError) local_error = NULL;
  BgDocument *document;

  g_return_val_if_fail (BG_IS_AUTOSAVE (self), NULL);
  g_return_val_if_fail (entry != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  model = bg_file_load_path (entry->model_path, &local_error);
  if (model == NULL)
    {
      g_set_error (error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_CORRUPT,
                   _("The autosaved copy cannot be read: %s"),
                   local_error->message);
      return NULL;
    }

  if (entry->original_path != NULL &&
      g_file_test (entry->original_path, G_FILE_TEST_IS_REGULAR))
    original = g_file_new_for_path (entry->original_path);

  document = bg_document_new_for_model (model, original);
  bg_document_mark_unsaved (document);

  /* the copy stays until the recovered document is saved or closed */
  autosave_track (self, document, entry->uuid)->written = TRUE;

  return document;
}

gboolean
bg_autosave_discard (BgAutosave       *self,
                     BgAutosaveEntry  *entry,
                     GError          **error)
{
  g_return_val_if_fail (BG_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (entry != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return remove_copy (entry->uuid, error);
}

/* GObject --------------------------------------------------------------------- */

static void
documents_changed_cb (BgAutosave *self,
                      guint       position,
                      guint       removed,
                      guint       added,
                      GListModel *documents)
{
  /* a window closed cleanly or shows another document: the copy of the
   * one that left goes with it */
  if (removed > 0)
    autosave_sweep (self);
}

static void
settings_changed_cb (BgAutosave *self,
                     const char *key,
                     GSettings  *settings)
{
  bg_autosave_set_interval (self, g_settings_get_uint (settings, "autosave-interval"));
}

static gboolean
settings_have_interval (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  return schema != NULL && g_settings_schema_has_key (schema, "autosave-interval");
}

static void
bg_autosave_dispose (GObject *object)
{
  BgAutosave *self = BG_AUTOSAVE (object);
  GHashTableIter iter;
  gpointer key;

  /* leaves the copies: an application that goes away with unsaved windows
   * has not closed them cleanly */
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->tracked != NULL)
    {
      g_hash_table_iter_init (&iter, self->tracked);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        g_signal_handlers_disconnect_by_data (key, self);
      g_clear_pointer (&self->tracked, g_hash_table_unref);
    }
  g_clear_object (&self->settings);
  if (self->documents != NULL)
    g_signal_handlers_disconnect_by_data (self->documents, self);
  g_clear_object (&self->documents);

  G_OBJECT_CLASS (bg_autosave_parent_class)->dispose (object);
}

static void
bg_autosave_class_init (BgAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bg_autosave_dispose;
}

static void
bg_autosave_init (BgAutosave *self)
{
  self->tracked = g_hash_table_new_full (NULL, NULL, g_object_unref, tracked_free);
}

BgAutosave *
bg_autosave_new_for_documents (GListModel *documents,
                               GSettings  *settings)
{
  BgAutosave *self;

  g_return_val_if_fail (G_IS_LIST_MODEL (documents), NULL);
  g_return_val_if_fail (g_type_is_a (g_list_model_get_item_type (documents),
                                     BG_TYPE_DOCUMENT), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BG_TYPE_AUTOSAVE, NULL);
  self->documents = g_object_ref (documents);
  g_signal_connect_object (documents, "items-changed",
                           G_CALLBACK (documents_changed_cb), self,
                           G_CONNECT_SWAPPED);

  if (settings != NULL && settings_have_interval (settings))
    {
      self->settings = g_object_ref (settings);
      g_signal_connect_object (settings, "changed::autosave-interval",
                               G_CALLBACK (settings_changed_cb), self,
                               G_CONNECT_SWAPPED);
      bg_autosave_set_interval (self, g_settings_get_uint (settings, "autosave-interval"));
    }
  else
    bg_autosave_set_interval (self, BG_AUTOSAVE_DEFAULT_INTERVAL);

  return self;
}

BgAutosave *
bg_autosave_new (GtkApplication *application,
                 GSettings      *settings)
{
  g_return_val_if_fail (BG_IS_APPLICATION (application), NULL);

  return bg_autosave_new_for_documents (bg_application_get_documents (BG_APPLICATION (application)),
                                        settings);
}
