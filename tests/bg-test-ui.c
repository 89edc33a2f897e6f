/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-ui.c — the harness the UI tests share.
 *
 * Owns: the process set-up every UI test repeats (GSK renderer, gettext,
 * g_test_init, private XDG dirs, the registered application), showing a
 * window and waiting until it is mapped, iterating the main loop until
 * idle, the user gestures several tests share (Enter in a field, a click
 * on a palette row), and removing the temporary tree at the end.
 * Must not: depend on timing beyond iterating the main loop until idle or
 * a timer the caller asked for; hold state between calls.
 */
#include "config.h"

#include <glib/gstdio.h>

#include "bg-i18n.h"
#include "bg-test-ui.h"

/* What every UI test does before its first GTK call: Cairo rendering
 * (software GL under Xvfb costs seconds per window and draws the same),
 * the translations from BGMOD_LOCALEDIR, then g_test_init. Variables that
 * differ between tests (GTK_A11Y, GTK_USE_PORTAL, GSETTINGS_SCHEMA_DIR) are
 * set by the caller before this. */
void
bg_test_ui_init (int    *argc,
                 char ***argv)
{
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  gtk_disable_setlocale ();
  bg_i18n_init ();

  g_test_init (argc, argv, NULL);
}

/* One private set of user dirs for the whole run, made from TMPL (as for
 * g_dir_make_tmp): the recent-files list is a process-wide singleton bound
 * to its first path. Not the cache: a fresh one makes fontconfig rescan
 * every font. Returns the new directory, removed by bg_test_ui_shutdown. */
char *
bg_test_ui_make_home (const char *tmpl)
{
  static const char *const xdg_vars[][2] = {
    { "XDG_DATA_HOME", "data" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_STATE_HOME", "state" },
  };
  g_autoptr(GError) error = NULL;
  char *home = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (xdg_vars); i++)
    {
      g_autofree char *dir = g_build_filename (home, xdg_vars[i][1], NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_setenv (xdg_vars[i][0], dir, TRUE);
    }

  return home;
}

/* Initialises GTK and registers a non-unique BgApplication, so the test
 * never hands its work to a running BGMod. */
BgApplication *
bg_test_ui_app_new (void)
{
  g_autoptr(GError) error = NULL;
  BgApplication *app;

  gtk_init ();

  app = bg_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) |
                           G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  return app;
}

/* Releases APP, lets its windows go, and removes HOME (freed here). */
void
bg_test_ui_shutdown (BgApplication *app,
                     char          *home)
{
  g_object_unref (app);
  bg_test_ui_pump ();
  bg_test_ui_remove_tree (home);
  g_free (home);
}

/* Runs what is pending, a few rounds over, without blocking. */
void
bg_test_ui_pump (void)
{
  for (guint i = 0; i < 5; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* A GSourceFunc that sets the gboolean FLAG points at: for deadlines. */
gboolean
bg_test_ui_flag_cb (gpointer flag)
{
  *(gboolean *) flag = TRUE;
  return G_SOURCE_REMOVE;
}

/* Turns the main loop for MS milliseconds (lets the frame clock draw). */
void
bg_test_ui_wait_ms (guint ms)
{
  gboolean waited = FALSE;

  g_timeout_add (ms, bg_test_ui_flag_cb, &waited);
  while (!waited)
    g_main_context_iteration (NULL, TRUE);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The examples' file names (*.bgmod in BGMOD_DATADIR/examples), sorted;
 * asserts there are at least ten. */
GStrv
bg_test_ui_dup_example_names (void)
{
  g_autofree char *dir_path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod"))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, >=, 10);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_steal (names, NULL);
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

/* The first widget of TYPE below ROOT; asserts there is one. */
gpointer
bg_test_ui_find_typed (GtkWidget *root,
                       GType      type)
{
  GtkWidget *widget = bg_test_ui_find_widget (root, is_of_type, GSIZE_TO_POINTER (type));

  g_assert_nonnull (widget);
  return widget;
}

/* With BGMOD_TEST_SCREENSHOT_DIR set, saves the X screen as NAME.png there
 * with ImageMagick's import (to look at; nothing is asserted). */
void
bg_test_ui_maybe_screenshot (const char *name)
{
  const char *dir = g_getenv ("BGMOD_TEST_SCREENSHOT_DIR");
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "import", "-window", "root", NULL, NULL };
  int status = 0;

  if (dir == NULL || *dir == '\0')
    return;
  bg_test_ui_wait_ms (300);
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  argv[3] = path;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_test_message ("screenshot %s", path);
}

/* Presents WINDOW and returns once it is mapped and the loop is idle. */
BgWindow *
bg_test_ui_present (BgWindow *window)
{
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  bg_test_ui_pump ();

  return window;
}

/* A new window of APP on DOCUMENT (NULL: an untitled one), shown. */
BgWindow *
bg_test_ui_new_window (BgApplication *app,
                       BgDocument    *document)
{
  return bg_test_ui_present (bg_window_new (GTK_APPLICATION (app), document));
}

void
bg_test_ui_destroy_window (BgWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  bg_test_ui_pump ();
}

BgModel *
bg_test_ui_window_model (BgWindow *window)
{
  return bg_document_get_model (bg_window_get_document (window));
}

/* Where element @id stands on @canvas, in the canvas's coordinates. */
void
bg_test_ui_element_point (BgCanvas   *canvas,
                          const char *id,
                          double     *x,
                          double     *y)
{
  BgElement *el = bg_model_find_element (bg_canvas_get_model (canvas), id);

  g_assert_nonnull (el);
  bg_canvas_model_to_view (canvas, el->x, el->y, x, y);
}

/* What Enter does in an entry: its text widget's key binding emits
 * "activate", which the entry passes on. */
void
bg_test_ui_press_enter (GtkWidget *entry)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (entry));

  g_assert_true (GTK_IS_TEXT (text));
  g_signal_emit_by_name (text, "activate");
}

/* Inserts a component the way a user does: a click on its palette row. */
BgElement *
bg_test_ui_activate_palette_item (BgWindow   *window,
                                  BgDomain    domain,
                                  const char *type)
{
  BgPalette *palette = bg_window_get_palette (window);
  GPtrArray *elements = bg_model_get_elements (bg_test_ui_window_model (window));
  guint before = elements->len;
  GtkWidget *row;

  bg_palette_set_domain (palette, domain);
  row = bg_palette_get_item (palette, type);
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  bg_test_ui_pump ();

  g_assert_cmpuint (elements->len, ==, before + 1);
  return g_ptr_array_index (elements, before);
}

BgWindow *
bg_test_ui_open_example (BgApplication *app,
                         const char    *name,
                         int            width,
                         int            height)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgDocument) document = bg_document_new_for_file (file, &error);
  BgWindow *window;

  g_assert_no_error (error);
  window = bg_window_new (GTK_APPLICATION (app), document);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  return bg_test_ui_present (window);
}

static gboolean
is_plot_pane (GtkWidget     *widget,
              gconstpointer  data)
{
  return BG_IS_PLOT_PANE (widget);
}

BgPlotPane *
bg_test_ui_plot_pane (BgWindow *window)
{
  GtkWidget *pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_plot_pane, NULL);

  g_assert_nonnull (pane);
  return BG_PLOT_PANE (pane);
}

/* A run of the examples ends in seconds; a minute is a hang. */
#define RUN_TIMEOUT_S 60

void
bg_test_ui_run_to_end (BgWindow *window)
{
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  gboolean timed_out = FALSE;
  guint timeout;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  timeout = g_timeout_add_seconds (RUN_TIMEOUT_S, bg_test_ui_flag_cb, &timed_out);
  while (bg_plot_pane_is_running (pane) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
}

/* The first widget under ROOT, depth first, that MATCH accepts, or NULL. */
GtkWidget *
bg_test_ui_find_widget (GtkWidget     *root,
                        BgTestUiMatch  match,
                        gconstpointer  data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (match (child, data))
        return child;
      if ((found = bg_test_ui_find_widget (child, match, data)) != NULL)
        return found;
    }

  return NULL;
}

static gboolean
is_bound_to (GtkWidget     *widget,
             gconstpointer  action_name)
{
  return GTK_IS_ACTIONABLE (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                    action_name) == 0;
}

/* The first widget under ROOT bound to ACTION_NAME (a button shows the
 * action's sensitivity), or NULL. */
GtkWidget *
bg_test_ui_find_actionable (GtkWidget  *root,
                            const char *action_name)
{
  return bg_test_ui_find_widget (root, is_bound_to, action_name);
}

/* Removes PATH and everything under it, without following symlinks. */
void
bg_test_ui_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) &&
          !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        bg_test_ui_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

void
bg_test_ui_disable_tooltips (GtkWidget *widget)
{
  gtk_widget_set_has_tooltip (widget, FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    bg_test_ui_disable_tooltips (child);
}

gboolean
bg_test_ui_has_css_class (GtkWidget     *widget,
                          gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, data);
}

gboolean
bg_test_ui_has_label_text (GtkWidget     *widget,
                           gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}
