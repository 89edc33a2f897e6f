/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-disk-change.c — the window when another program changes its file.
 *
 * Owns: under Xvfb, with a second process writing the open file: the info
 * bar (Reload / Keep Mine), the question before saving over the changed
 * file (Overwrite / Save As… / Cancel), no question after our own saves,
 * and the open dialog's error for a device (/dev/zero is refused before a
 * byte is read). Must not: depend on the order of tests.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "bg-test-ui.h"
#include "bg-document.h"
#include "bg-file.h"

static BgApplication *app;

static const char one_resistor[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"mine\", \"elements\": [\n"
  "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0}]}\n";
static const char two_resistors[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"theirs\", \"elements\": [\n"
  "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0},\n"
  "  {\"id\": \"R2\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 100, \"y\": 0}]}\n";

static GtkWidget *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == parent
          && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }
  return NULL;
}

static char *
dialog_text (GtkWidget *dialog, const char *property)
{
  char *value = NULL;

  g_object_get (dialog, property, &value, NULL);
  return value;
}

static GtkInfoBar *
find_disk_bar (BgWindow *window)
{
  GtkWidget *button = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.reload-from-disk");

  g_assert_nonnull (button);
  return GTK_INFO_BAR (gtk_widget_get_ancestor (button, GTK_TYPE_INFO_BAR));
}

static gboolean
is_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget);
}

static gboolean
bar_shown (BgWindow *window)
{
  GtkInfoBar *bar = find_disk_bar (window);

  return gtk_widget_get_visible (GTK_WIDGET (bar)) && gtk_info_bar_get_revealed (bar);
}

/* Another process replaces the contents in place, as an editor or a
 * script would (sh -c 'cat > FILE'). */
static void
write_from_other_process (const char *path, const char *text)
{
  g_autofree char *quoted = g_shell_quote (path);
  g_autofree char *script = g_strdup_printf ("cat > %s", quoted);
  const char *argv[] = { "sh", "-c", script, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) proc = NULL;

  proc = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, text, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (proc));
}

/* Pumps the loop until the bar shows and its buttons are on screen (the
 * monitor reports within about a second), at most 10 s. */
static void
wait_for_bar (BgWindow *window)
{
  GtkWidget *reload = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.reload-from-disk");

  for (guint i = 0; i < 100 && !(bar_shown (window) && gtk_widget_get_mapped (reload)); i++)
    bg_test_ui_wait_ms (100);
  g_assert_true (bar_shown (window));
  g_assert_true (gtk_widget_get_mapped (reload));
}

/* A click on a button in the bar (gtk_widget_activate would click only
 * after the press animation's timeout). */
static void
click (GtkWidget *button)
{
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_true (gtk_widget_is_sensitive (button) && gtk_widget_get_mapped (button));
  g_signal_emit_by_name (button, "clicked");
  bg_test_ui_pump ();
}

static BgWindow *
open_in_window (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgDocument) document = bg_document_new_for_file (file, &error);

  g_assert_no_error (error);
  return bg_test_ui_new_window (app, document);
}

static guint
n_elements (BgWindow *window)
{
  return bg_model_get_elements (bg_test_ui_window_model (window))->len;
}

static guint
n_elements_on_disk (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_path (path, &error);

  g_assert_no_error (error);
  return bg_model_get_elements (model)->len;
}

static void
add_element (BgWindow *window, const char *id)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bg_model_add_element (bg_test_ui_window_model (window), "C",
                                          BG_DOMAIN_ELECTRICAL, id, 50, 50, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
}

/* The bar appears after another program's write; Reload loads its version. */
static void
test_reload (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-disk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autofree char *label = NULL;
  BgWindow *window;
  GtkWidget *reload;

  g_assert_true (g_file_set_contents (path, one_resistor, -1, NULL));
  window = open_in_window (path);
  g_assert_cmpuint (n_elements (window), ==, 1);
  g_assert_false (bar_shown (window));

  write_from_other_process (path, two_resistors);
  g_assert_cmpuint (n_elements_on_disk (path), ==, 2);
  wait_for_bar (window);
  g_object_get (bg_test_ui_find_widget (GTK_WIDGET (find_disk_bar (window)),
                                       is_label, NULL),
                "label", &label, NULL);
  g_assert_cmpstr (label, ==, "“model.bgmod” was changed on disk by another program.");

  reload = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.reload-from-disk");
  click (reload);
  g_assert_cmpuint (n_elements (window), ==, 2);
  g_assert_false (bar_shown (window));
  g_assert_false (bg_document_get_modified (bg_window_get_document (window)));

  bg_test_ui_destroy_window (window);
  bg_test_ui_remove_tree (dir);
}

/* Keep Mine hides the bar; saving still asks. Cancel keeps their file,
 * Overwrite writes ours. */
static void
test_keep_mine_then_save_asks (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-disk-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autofree char *primary = NULL;
  BgWindow *window;
  GtkWidget *dialog;

  g_assert_true (g_file_set_contents (path, one_resistor, -1, NULL));
  window = open_in_window (path);
  add_element (window, "C1");
  add_element (window, "C2");
  g_assert_cmpuint (n_elements (window), ==, 3);

  write_from_other_process (path, two_resistors);
  wait_for_bar (window);
  click (bg_test_ui_find_actionable (GTK_WIDGET (window), "win.keep-mine"));
  g_assert_false (bar_shown (window));
  g_assert_cmpuint (n_elements (window), ==, 3);

  /* Save asks; Cancel leaves the other program's file alone. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  primary = dialog_text (dialog, "text");
  g_assert_cmpstr (primary, ==, "“model.bgmod” changed on disk. Overwrite it?");
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  bg_test_ui_pump ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
  g_assert_cmpuint (n_elements_on_disk (path), ==, 2);
  g_assert_true (bg_document_get_modified (bg_window_get_document (window)));

  /* Save asks again; Overwrite writes ours. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  bg_test_ui_pump ();
  g_assert_cmpuint (n_elements_on_disk (path), ==, 3);
  g_assert_false (bg_document_get_modified (bg_window_get_document (window)));

  /* Our own save is not a change on disk: no bar, no question. */
  add_element (window, "C3");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  bg_test_ui_wait_ms (1500);
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));
  g_assert_false (bar_shown (window));
  g_assert_cmpuint (n_elements_on_disk (path), ==, 4);

  bg_test_ui_destroy_window (window);
  bg_test_ui_remove_tree (dir);
}

/* Opening /dev/zero shows the loader's error at once and changes nothing
 * (it used to read until memory ran out). */
static void
test_open_device (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/zero");
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgDocument *document = bg_window_get_document (window);
  g_autofree char *primary = NULL;
  g_autofree char *secondary = NULL;
  GtkWidget *dialog;

  g_assert_null (bg_window_open_file (window, file));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  primary = dialog_text (dialog, "text");
  secondary = dialog_text (dialog, "secondary-text");
  g_assert_cmpstr (primary, ==, "Could not open the model");
  g_assert_cmpstr (secondary, ==, "/dev/zero: is a device, not a model file");
  g_assert_true (bg_window_get_document (window) == document);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  bg_test_ui_pump ();

  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-disk-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/disk/reload", test_reload);
  g_test_add_func ("/ui/disk/keep-mine-then-save-asks", test_keep_mine_then_save_asks);
  g_test_add_func ("/ui/disk/open-device", test_open_device);

  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
