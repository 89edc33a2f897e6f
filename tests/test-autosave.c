/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-autosave.c — autosave of unsaved models and recovery after a crash.
 *
 * Owns: tests of BgAutosave and BgRecoveryDialog with the real application
 * and windows, under Xvfb with a private session bus (tests/meson.build),
 * the settings from the build tree's compiled schema in the memory backend
 * and the cache in a temporary XDG_CACHE_HOME: a modified document is copied
 * after the interval and the copy loads as the same model; saving or closing
 * removes it; copies a crash left are offered, recovered as modified or
 * discarded; a corrupt copy is listed with its reason and skipped; the
 * documents copied are the application's list of open ones, and the
 * recovery dialog hands what it recovers to the application by a signal.
 * Must not: depend on timing beyond waiting, with a deadline, for a 1 s timer.
 */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "bg-autosave.h"
#include "bg-file.h"
#include "bg-recovery-dialog.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_root;

static void
add_element (BgWindow   *window,
             const char *type,
             double      x)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bg_model_add_element (bg_test_ui_window_model (window), type,
                                          BG_DOMAIN_ELECTRICAL, NULL, x, 40,
                                          &error));
  g_assert_no_error (error);
}

static char *
model_text (BgModel *model)
{
  return bg_file_to_data (model, NULL);
}

static char *
tmp_path (const char *name)
{
  return g_build_filename (tmp_root, "models", name, NULL);
}

static char *
autosave_file (const char *uuid,
               const char *suffix)
{
  g_autofree char *dir = bg_autosave_dup_dir ();
  g_autofree char *name = g_strconcat (uuid, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

static JsonObject *
load_sidecar (const char *model_path,
              JsonParser *parser)
{
  g_autofree char *stem = g_strndup (model_path, strlen (model_path) - strlen (".bgmod"));
  g_autofree char *path = g_strconcat (stem, ".json", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* What a click on a button does (gtk_widget_activate waits for its
 * press animation before "clicked"). */
static void
click (GtkWidget *button)
{
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

/* Tests ------------------------------------------------------------------- */

static void
test_interval_from_settings (void)
{
  GSettings *settings = bg_application_get_settings (app);
  BgAutosave *autosave = bg_application_get_autosave (app);

  g_assert_nonnull (settings);
  g_assert_nonnull (autosave);
  g_assert_cmpuint (bg_autosave_get_interval (autosave), ==, 60);

  g_settings_set_uint (settings, "autosave-interval", 5);
  g_assert_cmpuint (bg_autosave_get_interval (autosave), ==, 5);
  g_settings_set_uint (settings, "autosave-interval", 0);
  g_assert_cmpuint (bg_autosave_get_interval (autosave), ==, 0);
}

static void
test_writes_after_interval (void)
{
  BgAutosave *autosave = bg_application_get_autosave (app);
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgDocument *document = bg_window_get_document (window);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(BgModel) copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *saved_path = tmp_path ("rc.bgmod");
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *actual = NULL;
  gboolean expired = FALSE;
  guint deadline;
  JsonObject *sidecar;

  /* nothing to keep while the document is unmodified */
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 0);
  g_assert_no_error (error);
  g_assert_null (bg_autosave_dup_path (autosave, document));

  add_element (window, "C", 40);
  add_element (window, "R", 120);
  g_assert_true (bg_document_get_modified (document));

  /* the timer alone writes the copy */
  g_settings_set_uint (bg_application_get_settings (app), "autosave-interval", 1);
  deadline = g_timeout_add_seconds (10, bg_test_ui_flag_cb, &expired);
  while (!expired && (path = bg_autosave_dup_path (autosave, document)) == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (deadline);
  g_settings_set_uint (bg_application_get_settings (app), "autosave-interval", 0);
  g_assert_nonnull (path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* the copy is the model */
  copy = bg_file_load_path (path, &error);
  g_assert_no_error (error);
  expected = model_text (bg_test_ui_window_model (window));
  actual = model_text (copy);
  g_assert_cmpstr (actual, ==, expected);

  sidecar = load_sidecar (path, parser);
  g_assert_cmpint (json_object_get_int_member (sidecar, "version"), ==, 1);
  g_assert_true (json_object_get_null_member (sidecar, "original"));
  g_assert_cmpstr (json_object_get_string_member (sidecar, "title"), ==, "Untitled model");
  g_assert_nonnull (json_object_get_string_member (sidecar, "time"));
  g_assert_cmpint (json_object_get_int_member (sidecar, "pid"), ==, getpid ());

  /* an unchanged document is not written again */
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 0);

  /* a new choice of plotted variables alone is written */
  bg_model_set_view_json (bg_test_ui_window_model (window),
                          "{\"plots\": {\"vars\": [\"C1.e\"]}}");
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 1);
  g_assert_no_error (error);
  {
    g_autoptr(BgModel) view_copy = bg_file_load_path (path, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (bg_model_get_view_json (view_copy), ==,
                     bg_model_get_view_json (bg_test_ui_window_model (window)));
  }
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 0);

  /* saving removes the copy at once */
  file = g_file_new_for_path (saved_path);
  g_assert_true (bg_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (bg_document_get_modified (document));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (bg_autosave_dup_path (autosave, document));

  /* a saved document's next copy names its file */
  add_element (window, "I", 200);
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 1);
  g_assert_no_error (error);
  g_clear_pointer (&path, g_free);
  path = bg_autosave_dup_path (autosave, document);
  g_assert_nonnull (path);
  g_clear_object (&parser);
  parser = json_parser_new ();
  sidecar = load_sidecar (path, parser);
  g_assert_cmpstr (json_object_get_string_member (sidecar, "original"), ==, saved_path);
  g_assert_cmpstr (json_object_get_string_member (sidecar, "title"), ==, "rc.bgmod");

  /* closing the window cleanly removes it too */
  bg_test_ui_destroy_window (window);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_remove (saved_path);
}

/* Writes a copy with a second BgAutosave and drops it without closing the
 * window: what a crash leaves behind. Returns the copy's uuid. */
static char *
crash_with (BgWindow *window)
{
  BgAutosave *crashed = bg_autosave_new (GTK_APPLICATION (app), NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *base = NULL;

  bg_autosave_set_interval (crashed, 0);
  g_assert_cmpuint (bg_autosave_save_now (crashed, &error), >=, 1);
  g_assert_no_error (error);
  path = bg_autosave_dup_path (crashed, bg_window_get_document (window));
  g_assert_nonnull (path);
  g_object_unref (crashed);

  base = g_path_get_basename (path);
  return g_strndup (base, strlen (base) - strlen (".bgmod"));
}

static BgWindow *
find_window_for (BgRecoveryDialog *dialog,
                 GList            *before)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (BG_IS_WINDOW (l->data) && g_list_find (before, l->data) == NULL)
      return l->data;

  return NULL;
}

static int
find_row (BgRecoveryDialog *dialog,
          const char       *uuid)
{
  for (guint i = 0; i < bg_recovery_dialog_get_n_rows (dialog); i++)
    if (g_str_equal (bg_recovery_dialog_get_entry (dialog, i)->uuid, uuid))
      return i;

  return -1;
}

static void
test_recover_after_crash (void)
{
  BgWindow *saved_window = bg_test_ui_new_window (app, NULL);
  BgWindow *untitled_window = bg_test_ui_new_window (app, NULL);
  g_autofree char *saved_path = tmp_path ("saved.bgmod");
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved_uuid = NULL;
  g_autofree char *untitled_uuid = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *row_text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *copy_path = NULL;
  g_autoptr(GtkWidget) dialog_ref = NULL;
  BgRecoveryDialog *dialog;
  BgWindow *recovered;
  GList *before;
  int row;

  /* one model with a file and unsaved changes, one never saved */
  add_element (saved_window, "C", 40);
  g_assert_true (bg_window_save_to_file (saved_window, saved_file, &error));
  g_assert_no_error (error);
  add_element (saved_window, "R", 140);
  add_element (untitled_window, "I", 40);
  g_assert_true (bg_model_set_name (bg_test_ui_window_model (untitled_window), "Tank level",
                                    &error));
  g_assert_no_error (error);

  saved_uuid = crash_with (saved_window);
  saved_text = model_text (bg_test_ui_window_model (saved_window));
  {
    /* the crashed instance wrote both: find the other copy's uuid */
    BgAutosave *probe = bg_autosave_new (GTK_APPLICATION (app), NULL);
    g_autoptr(GPtrArray) entries = bg_autosave_scan (probe);

    g_assert_cmpuint (entries->len, ==, 2);
    for (guint i = 0; i < entries->len; i++)
      {
        BgAutosaveEntry *entry = g_ptr_array_index (entries, i);

        g_assert_no_error (entry->error);
        if (!g_str_equal (entry->uuid, saved_uuid))
          untitled_uuid = g_strdup (entry->uuid);
      }
    g_object_unref (probe);
  }
  g_assert_nonnull (untitled_uuid);

  /* the windows vanish with the process: their copies stay */
  bg_test_ui_destroy_window (saved_window);
  bg_test_ui_destroy_window (untitled_window);
  copy_path = autosave_file (saved_uuid, ".bgmod");
  g_assert_true (g_file_test (copy_path, G_FILE_TEST_IS_REGULAR));

  /* the next start offers both */
  dialog = BG_RECOVERY_DIALOG (bg_application_offer_recovery (app));
  g_assert_nonnull (dialog);
  dialog_ref = g_object_ref (GTK_WIDGET (dialog));
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpuint (bg_recovery_dialog_get_n_rows (dialog), ==, 2);
  /* Enter or Space right away recovers; nothing is discarded by reflex */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) ==
                 bg_recovery_dialog_get_recover_all_button (dialog));

  row = find_row (dialog, saved_uuid);
  g_assert_cmpint (row, >=, 0);
  row_text = bg_recovery_dialog_dup_row_text (dialog, row);
  expected = g_strdup_printf ("saved.bgmod\n%s · autosaved ", saved_path);
  g_assert_true (g_str_has_prefix (row_text, expected));
  g_clear_pointer (&row_text, g_free);
  row_text = bg_recovery_dialog_dup_row_text (dialog, find_row (dialog, untitled_uuid));
  g_assert_true (g_str_has_prefix (row_text, "Tank level\nNever saved · autosaved "));

  /* Recover opens a window with the same model, modified, on its file */
  before = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  click (bg_recovery_dialog_get_recover_button (dialog, row));
  bg_test_ui_pump ();
  recovered = find_window_for (dialog, before);
  g_list_free (before);
  g_assert_nonnull (recovered);
  {
    BgDocument *document = bg_window_get_document (recovered);
    g_autofree char *text = model_text (bg_document_get_model (document));

    g_assert_cmpstr (text, ==, saved_text);
    g_assert_true (bg_document_get_modified (document));
    g_assert_nonnull (bg_document_get_file (document));
    g_assert_true (g_file_equal (bg_document_get_file (document), saved_file));
    /* the copy stays until the recovered document is saved or closed */
    g_assert_true (g_file_test (copy_path, G_FILE_TEST_IS_REGULAR));
    g_assert_cmpuint (bg_recovery_dialog_get_n_rows (dialog), ==, 1);

    g_assert_true (bg_window_save_to_file (recovered, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (g_file_test (copy_path, G_FILE_TEST_EXISTS));
  }
  bg_test_ui_destroy_window (recovered);

  /* Discard deletes the other copy, and the empty dialog closes */
  g_clear_pointer (&copy_path, g_free);
  copy_path = autosave_file (untitled_uuid, ".bgmod");
  g_assert_true (g_file_test (copy_path, G_FILE_TEST_IS_REGULAR));
  click (bg_recovery_dialog_get_discard_button (dialog, 0));
  bg_test_ui_pump ();
  g_assert_false (g_file_test (copy_path, G_FILE_TEST_EXISTS));
  g_clear_pointer (&copy_path, g_free);
  copy_path = autosave_file (untitled_uuid, ".json");
  g_assert_false (g_file_test (copy_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (bg_recovery_dialog_get_n_rows (dialog), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));

  /* nothing is left to offer */
  g_assert_null (bg_application_offer_recovery (app));
  g_remove (saved_path);
}

static void
test_recover_original_gone (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autofree char *saved_path = tmp_path ("gone.bgmod");
  g_autoptr(GFile) saved_file = g_file_new_for_path (saved_path);
  BgAutosave *autosave = bg_application_get_autosave (app);
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(BgDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uuid = NULL;
  g_autofree char *text = NULL;
  g_autofree char *recovered_text = NULL;
  g_autofree char *copy_path = NULL;

  add_element (window, "C", 40);
  g_assert_true (bg_window_save_to_file (window, saved_file, &error));
  g_assert_no_error (error);
  add_element (window, "R", 140);
  uuid = crash_with (window);
  text = model_text (bg_test_ui_window_model (window));
  bg_test_ui_destroy_window (window);
  g_assert_cmpint (g_remove (saved_path), ==, 0);

  /* the offer says the file is gone */
  {
    GtkWidget *dialog = bg_application_offer_recovery (app);
    g_autofree char *row_text = NULL;
    g_autofree char *expected = NULL;

    g_assert_nonnull (dialog);
    row_text = bg_recovery_dialog_dup_row_text (BG_RECOVERY_DIALOG (dialog), 0);
    expected = g_strdup_printf ("gone.bgmod\n%s (no longer there) · autosaved ", saved_path);
    g_assert_true (g_str_has_prefix (row_text, expected));
    gtk_window_destroy (GTK_WINDOW (dialog));
    bg_test_ui_pump ();
  }

  entries = bg_autosave_scan (autosave);
  g_assert_cmpuint (entries->len, ==, 1);
  g_assert_cmpstr (((BgAutosaveEntry *) entries->pdata[0])->original_path, ==, saved_path);

  /* the original is gone: an untitled, modified document */
  document = bg_autosave_recover (autosave, entries->pdata[0], &error);
  g_assert_no_error (error);
  g_assert_nonnull (document);
  g_assert_null (bg_document_get_file (document));
  g_assert_true (bg_document_get_modified (document));
  recovered_text = model_text (bg_document_get_model (document));
  g_assert_cmpstr (recovered_text, ==, text);

  /* shown and closed cleanly: the copy goes */
  window = bg_test_ui_new_window (app, document);
  copy_path = autosave_file (uuid, ".bgmod");
  g_assert_true (g_file_test (copy_path, G_FILE_TEST_IS_REGULAR));
  bg_test_ui_destroy_window (window);
  g_assert_false (g_file_test (copy_path, G_FILE_TEST_EXISTS));
}

static void
write_file (const char *path,
            const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, contents, -1, &error));
  g_assert_no_error (error);
}

static void
test_corrupt_copy (void)
{
  BgAutosave *autosave = bg_application_get_autosave (app);
  g_autofree char *dir = bg_autosave_dup_dir ();
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *model_path = autosave_file (uuid, ".bgmod");
  g_autofree char *sidecar_path = autosave_file (uuid, ".json");
  g_autofree char *good_uuid = g_uuid_string_random ();
  g_autofree char *good_path = autosave_file (good_uuid, ".bgmod");
  g_autofree char *good_sidecar = autosave_file (good_uuid, ".json");
  g_autofree char *stray = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *row_text = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GtkWidget) dialog_ref = NULL;
  BgRecoveryDialog *dialog;
  BgAutosaveEntry *bad = NULL, *good = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  /* a truncated copy with a sound sidecar */
  write_file (model_path, "{ \"format\": \"bgmod\", \"version\": 1, \"elements\": [");
  write_file (sidecar_path, "{ \"version\": 1, \"original\": null, \"title\": \"Pump rig\", "
                            "\"time\": \"2026-12-01T09:30:00+00\" }");
  /* a sound copy whose sidecar is garbage: still recoverable */
  {
    g_autoptr(BgModel) model = bg_model_new ();

    g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL,
                                            NULL, 0, 0, &error));
    g_assert_true (bg_file_save_path (model, good_path, &error));
    g_assert_no_error (error);
  }
  write_file (good_sidecar, "\x01 not json");
  /* not ours: ignored */
  write_file (stray, "hello");

  entries = bg_autosave_scan (autosave);
  g_assert_cmpuint (entries->len, ==, 2);
  for (guint i = 0; i < entries->len; i++)
    {
      BgAutosaveEntry *entry = g_ptr_array_index (entries, i);

      if (g_str_equal (entry->uuid, uuid))
        bad = entry;
      else if (g_str_equal (entry->uuid, good_uuid))
        good = entry;
    }
  g_assert_nonnull (bad);
  g_assert_nonnull (good);

  g_assert_error (bad->error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_CORRUPT);
  expected = g_strdup_printf ("The autosaved copy cannot be read: %s: ", model_path);
  g_assert_true (g_str_has_prefix (bad->error->message, expected));
  g_assert_cmpstr (bad->title, ==, "Pump rig");
  g_assert_no_error (good->error);
  g_assert_cmpstr (good->title, ==, "Untitled model");
  g_assert_null (good->original_path);

  /* recovering the corrupt one fails with the reason, nothing crashes */
  g_assert_null (bg_autosave_recover (autosave, bad, &error));
  g_assert_error (error, BG_AUTOSAVE_ERROR, BG_AUTOSAVE_ERROR_CORRUPT);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_clear_error (&error);

  /* the dialog lists it with the reason; only Discard works on it */
  dialog = BG_RECOVERY_DIALOG (bg_application_offer_recovery (app));
  g_assert_nonnull (dialog);
  dialog_ref = g_object_ref (GTK_WIDGET (dialog));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_recovery_dialog_get_n_rows (dialog), ==, 2);
  {
    int row = find_row (dialog, uuid);

    g_assert_cmpint (row, >=, 0);
    row_text = bg_recovery_dialog_dup_row_text (dialog, row);
    g_assert_nonnull (strstr (row_text, expected));
    g_assert_false (gtk_widget_get_sensitive (bg_recovery_dialog_get_recover_button (dialog, row)));
    g_assert_true (gtk_widget_get_sensitive (bg_recovery_dialog_get_recover_all_button (dialog)));

    click (bg_recovery_dialog_get_discard_button (dialog, row));
    bg_test_ui_pump ();
    g_assert_false (g_file_test (model_path, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (sidecar_path, G_FILE_TEST_EXISTS));
  }

  /* Recover All opens the sound one */
  {
    GList *before = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
    BgWindow *recovered;

    g_assert_cmpuint (bg_recovery_dialog_get_n_rows (dialog), ==, 1);
    click (bg_recovery_dialog_get_recover_all_button (dialog));
    bg_test_ui_pump ();
    recovered = find_window_for (dialog, before);
    g_list_free (before);
    g_assert_nonnull (recovered);
    g_assert_cmpuint (bg_model_get_elements (bg_test_ui_window_model (recovered))->len, ==, 1);
    g_assert_true (bg_document_get_modified (bg_window_get_document (recovered)));
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
    bg_test_ui_destroy_window (recovered);
    g_assert_false (g_file_test (good_path, G_FILE_TEST_EXISTS));
  }

  g_remove (stray);
}

/* A copy with a sidecar naming a writer process. */
static char *
write_copy_of (gint64 pid)
{
  g_autofree char *uuid = g_uuid_string_random ();
  g_autofree char *model_path = autosave_file (uuid, ".bgmod");
  g_autofree char *sidecar_path = autosave_file (uuid, ".json");
  g_autofree char *dir = bg_autosave_dup_dir ();
  g_autofree char *sidecar = NULL;
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, NULL, 0, 0, &error));
  g_assert_true (bg_file_save_path (model, model_path, &error));
  g_assert_no_error (error);
  sidecar = g_strdup_printf ("{ \"version\": 1, \"uuid\": \"%s\", \"original\": null, "
                             "\"title\": \"Live\", \"time\": \"2026-12-02T10:00:00+00\", "
                             "\"pid\": %" G_GINT64_FORMAT " }", uuid, pid);
  write_file (sidecar_path, sidecar);

  return g_steal_pointer (&uuid);
}

static gboolean
scan_lists (const char *uuid)
{
  g_autoptr(GPtrArray) entries = bg_autosave_scan (bg_application_get_autosave (app));

  for (guint i = 0; i < entries->len; i++)
    if (g_str_equal (((BgAutosaveEntry *) entries->pdata[i])->uuid, uuid))
      return TRUE;

  return FALSE;
}

static void
discard_uuid (const char *uuid)
{
  g_autofree char *model_path = autosave_file (uuid, ".bgmod");
  g_autofree char *sidecar_path = autosave_file (uuid, ".json");

  g_assert_cmpint (g_remove (model_path), ==, 0);
  g_assert_cmpint (g_remove (sidecar_path), ==, 0);
}

static void
test_live_copies_not_offered (void)
{
  g_autofree char *self_exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *live = NULL;
  g_autofree char *other = NULL;
  g_autofree char *mine = NULL;

  if (self_exe == NULL)
    {
      g_test_skip ("no /proc/self/exe");
      return;
    }

  /* another BGMod (this program, running) wrote it: its work in progress */
  child = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, self_exe, "--hold", NULL);
  g_assert_no_error (error);
  live = write_copy_of (g_ascii_strtoll (g_subprocess_get_identifier (child), NULL, 10));
  g_assert_false (scan_lists (live));
  g_assert_null (bg_application_offer_recovery (app));

  /* a process of another program, or this one, does not protect a copy */
  other = write_copy_of (getppid ());
  mine = write_copy_of (getpid ());
  g_assert_true (scan_lists (other));
  g_assert_true (scan_lists (mine));
  discard_uuid (other);
  discard_uuid (mine);

  /* once the writer is gone, the copy is a crash's leftover */
  g_subprocess_force_exit (child);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (scan_lists (live));
  discard_uuid (live);
}

static gboolean
documents_have (BgDocument *document)
{
  GListModel *documents = bg_application_get_documents (app);

  for (guint i = 0; i < g_list_model_get_n_items (documents); i++)
    {
      g_autoptr(BgDocument) item = g_list_model_get_item (documents, i);

      if (item == document)
        return TRUE;
    }
  return FALSE;
}

/* The application lists the documents its windows show, and autosave
 * copies those: a document that leaves its window loses its copy. */
static void
test_documents_follow_windows (void)
{
  GListModel *documents = bg_application_get_documents (app);
  BgAutosave *autosave = bg_application_get_autosave (app);
  guint before = g_list_model_get_n_items (documents);
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autoptr(BgDocument) first = g_object_ref (bg_window_get_document (window));
  g_autoptr(BgDocument) second = bg_document_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  g_assert_true (g_list_model_get_item_type (documents) == BG_TYPE_DOCUMENT);
  g_assert_cmpuint (g_list_model_get_n_items (documents), ==, before + 1);
  g_assert_true (documents_have (first));

  /* a modified document in the list is copied */
  add_element (window, "C", 40);
  g_assert_cmpuint (bg_autosave_save_now (autosave, &error), ==, 1);
  g_assert_no_error (error);
  path = bg_autosave_dup_path (autosave, first);
  g_assert_nonnull (path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  /* the window shows another document: the list follows, the copy goes */
  bg_window_set_document (window, second);
  g_assert_cmpuint (g_list_model_get_n_items (documents), ==, before + 1);
  g_assert_true (documents_have (second));
  g_assert_false (documents_have (first));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_null (bg_autosave_dup_path (autosave, first));

  /* closing the window takes its document off the list */
  bg_test_ui_destroy_window (window);
  g_assert_cmpuint (g_list_model_get_n_items (documents), ==, before);
  g_assert_false (documents_have (second));
}

static void
recovered_cb (BgRecoveryDialog *dialog,
              BgDocument       *document,
              GPtrArray        *seen)
{
  g_ptr_array_add (seen, g_object_ref (document));
}

/* A window with one unsaved element, crashed: returns the copy's uuid and
 * the model's text. */
static char *
crashed_window (const char  *type,
                char       **text)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  char *uuid;

  add_element (window, type, 40);
  uuid = crash_with (window);
  *text = model_text (bg_test_ui_window_model (window));
  bg_test_ui_destroy_window (window);
  return uuid;
}

static GPtrArray *
scan_only (const char *uuid)
{
  GPtrArray *entries = bg_autosave_scan (bg_application_get_autosave (app));

  for (guint i = entries->len; i-- > 0;)
    if (!g_str_equal (((BgAutosaveEntry *) entries->pdata[i])->uuid, uuid))
      g_ptr_array_remove_index (entries, i);
  g_assert_cmpuint (entries->len, ==, 1);
  return entries;
}

/* The recovery dialog hands each recovered document on ("recovered") and
 * opens no window itself; the application opens one for it. */
static void
test_recovered_signal (void)
{
  BgAutosave *autosave = bg_application_get_autosave (app);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;
  g_autofree char *first_uuid = crashed_window ("R", &first_text);
  g_autofree char *second_uuid = crashed_window ("I", &second_text);
  g_autofree char *second_copy = autosave_file (second_uuid, ".bgmod");
  GList *before = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_autofree char *text = NULL;
  BgRecoveryDialog *dialog;
  BgWindow *window;

  /* a dialog of its own: the document arrives through the signal alone */
  {
    g_autoptr(GPtrArray) entries = scan_only (first_uuid);
    g_autoptr(GtkWidget) own = g_object_ref_sink (bg_recovery_dialog_new (autosave, entries));

    g_signal_connect (own, "recovered", G_CALLBACK (recovered_cb), seen);
    gtk_window_present (GTK_WINDOW (own));
    bg_test_ui_pump ();
    click (bg_recovery_dialog_get_recover_button (BG_RECOVERY_DIALOG (own), 0));
    bg_test_ui_pump ();
    g_assert_cmpuint (seen->len, ==, 1);
    g_assert_null (find_window_for (NULL, before));
    text = model_text (bg_document_get_model (seen->pdata[0]));
    g_assert_cmpstr (text, ==, first_text);
    g_assert_true (bg_document_get_modified (seen->pdata[0]));
    g_assert_false (gtk_widget_get_visible (own));
  }

  /* shown and closed cleanly, its copy goes */
  window = bg_test_ui_new_window (app, seen->pdata[0]);
  bg_test_ui_destroy_window (window);
  g_ptr_array_set_size (seen, 0);
  g_assert_false (scan_lists (first_uuid));

  /* the application's dialog: a window for exactly the recovered document */
  dialog = BG_RECOVERY_DIALOG (bg_application_offer_recovery (app));
  g_assert_nonnull (dialog);
  g_signal_connect (dialog, "recovered", G_CALLBACK (recovered_cb), seen);
  g_assert_cmpint (find_row (dialog, second_uuid), >=, 0);
  click (bg_recovery_dialog_get_recover_button (dialog, find_row (dialog, second_uuid)));
  bg_test_ui_pump ();
  g_assert_cmpuint (seen->len, ==, 1);
  window = find_window_for (dialog, before);
  g_assert_nonnull (window);
  g_assert_true (bg_window_get_document (window) == seen->pdata[0]);
  g_assert_true (documents_have (seen->pdata[0]));
  g_clear_pointer (&text, g_free);
  text = model_text (bg_test_ui_window_model (window));
  g_assert_cmpstr (text, ==, second_text);
  /* kept while the window shows it unsaved */
  g_assert_true (g_file_test (second_copy, G_FILE_TEST_IS_REGULAR));
  bg_test_ui_destroy_window (window);
  g_assert_false (g_file_test (second_copy, G_FILE_TEST_EXISTS));

  g_list_free (before);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *fontconfig_cache = NULL;
  g_autofree char *cache = NULL;
  g_autofree char *models = NULL;
  const char *builddir = g_getenv ("G_TEST_BUILDDIR");
  int status;

  /* the stand-in for another running BGMod (test_live_copies_not_offered) */
  if (argc > 1 && g_str_equal (argv[1], "--hold"))
    {
      g_usleep (60 * G_USEC_PER_SEC);
      return 0;
    }

  if (builddir != NULL)
    {
      /* the build tree's compiled schema, in the memory backend */
      g_autofree char *schemas = g_build_filename (builddir, "..", "data", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  /* no accessibility bus: its registry writes to standard output, which
   * is the test's TAP stream */
  g_setenv ("GTK_A11Y", "none", TRUE);
  bg_test_ui_init (&argc, &argv);

  /* keep fontconfig's cache: a fresh one rescans every font */
  /* from the environment: g_get_user_cache_dir () keeps its first answer */
  if (g_getenv ("XDG_CACHE_HOME") != NULL)
    fontconfig_cache = g_build_filename (g_getenv ("XDG_CACHE_HOME"), "fontconfig", NULL);
  else
    fontconfig_cache = g_build_filename (g_get_home_dir (), ".cache", "fontconfig", NULL);
  tmp_root = bg_test_ui_make_home ("bgmod-test-autosave-XXXXXX");
  /* and a private cache: the autosave copies live there */
  cache = g_build_filename (tmp_root, "cache", NULL);
  g_assert_cmpint (g_mkdir_with_parents (cache, 0700), ==, 0);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  if (g_file_test (fontconfig_cache, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *link = g_build_filename (cache, "fontconfig", NULL);

      if (symlink (fontconfig_cache, link) != 0)
        g_test_message ("fontconfig cache not linked");
    }
  models = g_build_filename (tmp_root, "models", NULL);
  g_assert_cmpint (g_mkdir_with_parents (models, 0700), ==, 0);

  app = bg_test_ui_app_new ();

  /* the cache follows XDG_CACHE_HOME */
  {
    g_autofree char *dir = bg_autosave_dup_dir ();
    g_autofree char *expected = g_build_filename (tmp_root, "cache", "bgmod", "autosave", NULL);

    g_assert_cmpstr (dir, ==, expected);
  }

  g_test_add_func ("/ui/autosave/interval-from-settings", test_interval_from_settings);
  g_test_add_func ("/ui/autosave/writes-after-interval", test_writes_after_interval);
  g_test_add_func ("/ui/autosave/recover-after-crash", test_recover_after_crash);
  g_test_add_func ("/ui/autosave/recover-original-gone", test_recover_original_gone);
  g_test_add_func ("/ui/autosave/corrupt-copy", test_corrupt_copy);
  g_test_add_func ("/ui/autosave/live-copies-not-offered", test_live_copies_not_offered);
  g_test_add_func ("/ui/autosave/documents-follow-windows", test_documents_follow_windows);
  g_test_add_func ("/ui/autosave/recovered-signal", test_recovered_signal);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_root);

  return status;
}
