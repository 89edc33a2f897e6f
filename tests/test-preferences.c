/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-preferences.c — the Preferences window and the windows that follow
 * the settings it changes.
 *
 * Owns: tests, in the real application under Xvfb with the build tree's
 * compiled schema in the memory backend, that the Preferences window works
 * from a GSettings alone (no editor window) and that every editor window's
 * canvas follows the grid keys through its properties: at once, one
 * notification a change, also in a window opened afterwards.
 * Must not: leave a setting changed for the next test.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "bg-preferences-window.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

static const char *const grid_keys[] = { "show-grid", "snap-to-grid", "grid-size" };

static void
reset_grid_keys (GSettings *settings)
{
  for (guint i = 0; i < G_N_ELEMENTS (grid_keys); i++)
    g_settings_reset (settings, grid_keys[i]);
}

static GtkWidget *
control (GtkWidget  *prefs,
         const char *key)
{
  GtkWidget *widget = bg_preferences_window_get_control (BG_PREFERENCES_WINDOW (prefs), key);

  g_assert_nonnull (widget);
  return widget;
}

/* Made from the settings alone, the window's controls write their keys. */
static void
test_settings_only (void)
{
  GSettings *settings = bg_application_get_settings (app);
  GtkWidget *prefs;

  if (settings == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      return;
    }
  prefs = bg_preferences_window_new (NULL, settings);
  gtk_window_present (GTK_WINDOW (prefs));
  bg_test_ui_pump ();

  gtk_switch_set_active (GTK_SWITCH (control (prefs, "show-grid")), FALSE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (control (prefs, "grid-size")), 35);
  g_assert_false (g_settings_get_boolean (settings, "show-grid"));
  g_assert_cmpfloat (g_settings_get_double (settings, "grid-size"), ==, 35);
  /* and show what the settings say */
  g_settings_set_boolean (settings, "snap-to-grid", FALSE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (control (prefs, "snap-to-grid"))));

  gtk_window_destroy (GTK_WINDOW (prefs));
  bg_test_ui_pump ();
  reset_grid_keys (settings);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

static void
assert_grid (BgWindow *window,
             gboolean  show,
             gboolean  snap,
             double    size)
{
  gboolean canvas_show, canvas_snap;
  double canvas_size;

  g_object_get (bg_window_get_canvas (window), "show-grid", &canvas_show,
                "snap-to-grid", &canvas_snap, "grid-size", &canvas_size, NULL);
  g_assert_cmpint (canvas_show, ==, show);
  g_assert_cmpint (canvas_snap, ==, snap);
  g_assert_cmpfloat (canvas_size, ==, size);
}

/* Every editor window's canvas takes the grid keys as they change. */
static void
test_canvas_follows_keys (void)
{
  GSettings *settings = bg_application_get_settings (app);
  BgWindow *first, *second, *later;
  guint n_size = 0, n_show = 0;

  if (settings == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      return;
    }
  first = bg_test_ui_new_window (app, NULL);
  second = bg_test_ui_new_window (app, NULL);
  assert_grid (first, TRUE, TRUE, 20);
  g_signal_connect (bg_window_get_canvas (first), "notify::grid-size",
                    G_CALLBACK (count_cb), &n_size);
  g_signal_connect (bg_window_get_canvas (first), "notify::show-grid",
                    G_CALLBACK (count_cb), &n_show);

  g_settings_set_double (settings, "grid-size", 50);
  g_assert_cmpuint (n_size, ==, 1);
  g_assert_cmpuint (n_show, ==, 0);
  g_settings_set_boolean (settings, "show-grid", FALSE);
  g_settings_set_boolean (settings, "snap-to-grid", FALSE);
  g_assert_cmpuint (n_size, ==, 1);
  g_assert_cmpuint (n_show, ==, 1);
  assert_grid (first, FALSE, FALSE, 50);
  assert_grid (second, FALSE, FALSE, 50);

  /* a window opened now starts from the settings */
  later = bg_test_ui_new_window (app, NULL);
  assert_grid (later, FALSE, FALSE, 50);

  /* closing one leaves the others following */
  g_signal_handlers_disconnect_by_func (bg_window_get_canvas (first), count_cb, &n_size);
  g_signal_handlers_disconnect_by_func (bg_window_get_canvas (first), count_cb, &n_show);
  bg_test_ui_destroy_window (first);
  reset_grid_keys (settings);
  assert_grid (second, TRUE, TRUE, 20);
  assert_grid (later, TRUE, TRUE, 20);

  bg_test_ui_destroy_window (second);
  bg_test_ui_destroy_window (later);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      /* the build tree's compiled schema, in the memory backend */
      g_autofree char *schemas = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-preferences-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/preferences/settings-only", test_settings_only);
  g_test_add_func ("/ui/preferences/canvas-follows-keys", test_canvas_follows_keys);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
