/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-commands.c — the window's commands a lesson uses.
 *
 * Owns: tests of commands in a real window under Xvfb: a model built from
 * scratch runs to a plot, keyboard bond mode knows a refused target before
 * Enter, the canvas's context menu and its commands, the legend of red and
 * amber, Export Diagram against `bgmod-cli render`, the last folder a
 * chooser remembers, and the Preferences window the open window follows.
 * Must not: depend on timing beyond iterating the main loop until idle or
 * a chooser's folder loading; leave a setting changed for the next test.
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "bg-plot-pane.h"
#include "bg-preferences-window.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

/* A model built from scratch (no saved variables) runs to a plot of its
 * elements' usual variables, not to an empty plot; the run does not mark
 * the file modified. */
static void
test_scratch_model_plots (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgModel *model = bg_test_ui_window_model (window);
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  const char *refs[][2] = { { "U", "J" }, { "J", "R1" }, { "J", "C1" } };
  g_auto(GStrv) before = NULL;
  g_auto(GStrv) after = NULL;
  guint64 view_revision;

  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, NULL));
  g_assert_nonnull (bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, "J", 100, 0, NULL));
  g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1", 100, -100, NULL));
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 200, 0, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (refs); i++)
    g_assert_nonnull (bg_model_connect (model, refs[i][0], refs[i][1], NULL, NULL));
  bg_test_ui_pump ();
  before = bg_plot_pane_dup_vars (pane);
  g_assert_cmpuint (g_strv_length (before), ==, 0);
  view_revision = bg_model_get_view_revision (model);

  bg_test_ui_run_to_end (window);
  after = bg_plot_pane_dup_vars (pane);
  g_assert_true (g_strv_contains ((const char *const *) after, "C1.e"));
  g_assert_cmpuint (bg_model_get_view_revision (model), ==, view_revision);

  bg_test_ui_destroy_window (window);
}

/* In keyboard bond mode, a target the model would refuse (a one-port that
 * already has its bond) is known as refused while it is aimed at, before
 * Enter; an acceptable one is not. */
static void
test_refused_target (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgModel *model = bg_test_ui_window_model (window);
  BgCanvas *canvas = bg_window_get_canvas (window);
  const char *r2[] = { "R2", NULL };
  g_autoptr(GError) expected = NULL;
  gboolean seen_refused = FALSE, seen_accepted = FALSE;

  g_assert_nonnull (bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J", 100, 0, NULL));
  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 200, 0, NULL));
  g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R2", 100, 100, NULL));
  g_assert_nonnull (bg_model_connect (model, "J", "C1", NULL, NULL));
  g_assert_false (bg_model_can_connect (model, "R2", "C1", &expected));
  bg_test_ui_pump ();

  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  bg_canvas_select_ids (canvas, r2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.bond-start", NULL));
  for (guint i = 0; i < 3; i++)
    {
      g_auto(GStrv) selected = bg_canvas_dup_selected_ids (canvas);
      g_autofree char *refusal = bg_canvas_dup_bond_refusal (canvas);

      g_assert_cmpuint (g_strv_length (selected), ==, 1);
      if (g_str_equal (selected[0], "C1"))
        {
          g_assert_cmpstr (refusal, ==, expected->message);
          seen_refused = TRUE;
        }
      else if (g_str_equal (selected[0], "J"))
        {
          g_assert_null (refusal);
          seen_accepted = TRUE;
        }
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.select-next", NULL));
      bg_test_ui_pump ();
    }
  g_assert_true (seen_refused && seen_accepted);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.bond-cancel", NULL));
  bg_test_ui_pump ();
  /* no bond is drawn any more: nothing to refuse */
  g_assert_null (bg_canvas_dup_bond_refusal (canvas));

  bg_test_ui_destroy_window (window);
}

static gboolean
menu_has_action (GMenuModel *menu,
                 const char *name)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_str_equal (action, name))
        return TRUE;
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) child = g_menu_link_iter_get_value (links);

          if (menu_has_action (child, name))
            return TRUE;
        }
    }
  return FALSE;
}

/* The secondary-button click gesture of the canvas. */
static GtkGesture *
canvas_secondary_click (BgCanvas *canvas)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        return GTK_GESTURE (c);
    }
  return NULL;
}

/* Right-click on an element: it is selected and the context menu offers
 * the commands; each one works from there. */
static void
test_context_menu (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  const char *names[] = { "canvas.rename", "canvas.delete", "canvas.reverse-arrow",
                          "canvas.flip-junction-sign", "canvas.plot-main",
                          "canvas.select-connected", "canvas.show-bond-ids" };
  const char *none[] = { NULL };
  BgElement *r1 = bg_model_find_element (model, "R1");
  GtkGesture *click = canvas_secondary_click (canvas);
  GtkWidget *popover;
  GMenuModel *menu = NULL;
  g_auto(GStrv) selected = NULL;
  g_auto(GStrv) vars = NULL;
  double x, y;

  g_assert_nonnull (click);
  bg_plot_pane_set_vars (pane, none);
  bg_canvas_model_to_view (canvas, r1->x, r1->y, &x, &y);
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  bg_test_ui_pump ();
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpuint (g_strv_length (selected), ==, 1);
  g_assert_cmpstr (selected[0], ==, "R1");
  popover = bg_canvas_get_context_menu (canvas);
  g_assert_true (GTK_IS_POPOVER_MENU (popover));
  g_assert_true (gtk_widget_get_visible (popover));
  menu = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_true (menu_has_action (menu, names[i]));
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* Plot Main Variable: R1's flow joins the plot */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.plot-main", NULL));
  bg_test_ui_pump ();
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_true (g_strv_contains ((const char *const *) vars, "R1.f"));

  /* Select Connected: the whole circuit, elements and bonds */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.select-connected", NULL));
  g_clear_pointer (&selected, g_strfreev);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpuint (g_strv_length (selected), ==,
                    bg_model_get_elements (model)->len + bg_model_get_bonds (model)->len);

  /* Show Bond Names: a toggle on the canvas and in the window */
  g_assert_false (bg_canvas_get_show_bond_ids (canvas));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.show-bond-ids", NULL));
  g_assert_true (bg_canvas_get_show_bond_ids (canvas));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-bond-names", NULL));
  g_assert_false (bg_canvas_get_show_bond_ids (canvas));

  /* Shift+F10 opens it from the keyboard */
  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.context-menu", NULL));
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_get_visible (bg_canvas_get_context_menu (canvas)));
  gtk_popover_popdown (GTK_POPOVER (bg_canvas_get_context_menu (canvas)));

  bg_test_ui_destroy_window (window);
}

/* The legend says what red and amber mean when the drawing uses them. */
static void
test_legend (void)
{
  struct { const char *example; const char *line; } cases[] = {
    { "conflict-two-capacitors.bgmod", "Red: causal conflict (hover for why)" },
    { "hydraulic-bench.bgmod", "Amber: algebraic group" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BgWindow *window = bg_test_ui_open_example (app, cases[i].example, 1280, 800);
      g_auto(GStrv) legend = bg_canvas_dup_legend (bg_window_get_canvas (window));

      g_assert_nonnull (legend);
      g_assert_true (g_strv_contains ((const char *const *) legend, cases[i].line));
      bg_test_ui_destroy_window (window);
    }
  {
    BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);

    g_assert_null (bg_canvas_dup_legend (bg_window_get_canvas (window)));
    bg_test_ui_destroy_window (window);
  }
}

/* Export Diagram writes what `bgmod-cli render` writes for the same model
 * (the same renderer), PNG and SVG; a name it cannot write says so. */
static void
test_export_diagram (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  g_autofree char *dir = g_dir_make_tmp ("bgmod-export-XXXXXX", NULL);
  g_autofree char *mine = g_build_filename (dir, "window.png", NULL);
  g_autofree char *cli = g_build_filename (dir, "cli.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "window.svg", NULL);
  g_autofree char *bad = g_build_filename (dir, "window.jpg", NULL);
  g_autofree char *model = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                             "rc-circuit.bgmod", NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  gsize na = 0, nb = 0, nc = 0;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { g_getenv ("BGMOD_CLI"), "render", model, "--output", cli, NULL };
  int status = -1;

  g_assert_true (bg_window_export_diagram (window, mine, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, 0, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (mine, &a, &na, NULL));
  g_assert_true (g_file_get_contents (cli, &b, &nb, NULL));
  g_assert_cmpuint (na, >, 1000);
  g_assert_cmpmem (a, na, b, nb);

  g_assert_true (bg_window_export_diagram (window, svg, &error));
  g_assert_true (g_file_get_contents (svg, &c, &nc, NULL));
  g_assert_nonnull (strstr (c, "<svg"));

  g_assert_false (bg_window_export_diagram (window, bad, &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));

  g_unlink (mine);
  g_unlink (cli);
  g_unlink (svg);
  g_rmdir (dir);
  bg_test_ui_destroy_window (window);
}

/* A chooser accepted in a folder makes the next one open there. */
static void
test_last_folder (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autofree char *dir = g_dir_make_tmp ("bgmod-last-folder-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) current = NULL;
  GtkFileChooserNative *native;

  if (bg_application_get_settings (app) == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      bg_test_ui_destroy_window (window);
      return;
    }
  native = bg_window_new_model_chooser (GTK_WINDOW (window), "Save", GTK_FILE_CHOOSER_ACTION_SAVE,
                                        "_Save");
  g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), "model.bgmod");
  bg_test_ui_pump ();
  {
    g_autoptr(GFile) chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

    g_assert_nonnull (chosen);
    g_assert_true (g_file_equal (chosen, file));
  }
  g_signal_emit_by_name (native, "response", GTK_RESPONSE_ACCEPT);
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
  {
    g_autofree char *uri = g_settings_get_string (bg_application_get_settings (app), "last-folder");
    g_autofree char *want = g_file_get_uri (folder);

    g_assert_cmpstr (uri, ==, want);
  }

  native = bg_window_new_model_chooser (GTK_WINDOW (window), "Open", GTK_FILE_CHOOSER_ACTION_OPEN,
                                        "_Open");
  /* the dialog loads the folder asynchronously */
  for (guint i = 0; i < 50 && current == NULL; i++)
    {
      bg_test_ui_wait_ms (100);
      current = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (native));
    }
  g_assert_nonnull (current);
  g_assert_true (g_file_equal (current, folder));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);

  g_rmdir (dir);
  bg_test_ui_destroy_window (window);
}

static BgPreferencesWindow *
find_preferences (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (BG_IS_PREFERENCES_WINDOW (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return BG_PREFERENCES_WINDOW (w);
    }
  return NULL;
}

/* The Preferences window's controls change the settings and the open
 * window follows them at once. */
static void
test_preferences (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  GSettings *settings = bg_application_get_settings (app);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgPreferencesWindow *prefs;
  gboolean show = TRUE, snap = TRUE;
  double spacing = 0;
  gboolean presentation = FALSE;

  if (settings == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      bg_test_ui_destroy_window (window);
      return;
    }
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  bg_test_ui_pump ();
  prefs = find_preferences ();
  g_assert_nonnull (prefs);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bg_preferences_window_get_control (prefs, "grid-size")), 40);
  gtk_switch_set_active (GTK_SWITCH (bg_preferences_window_get_control (prefs, "show-grid")), FALSE);
  gtk_switch_set_active (GTK_SWITCH (bg_preferences_window_get_control (prefs, "snap-to-grid")), FALSE);
  bg_test_ui_pump ();
  g_assert_cmpfloat (g_settings_get_double (settings, "grid-size"), ==, 40);
  g_assert_false (g_settings_get_boolean (settings, "show-grid"));
  bg_canvas_get_grid (canvas, &show, &snap, &spacing);
  g_assert_false (show);
  g_assert_false (snap);
  g_assert_cmpfloat (spacing, ==, 40);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bg_preferences_window_get_control (prefs, "presentation-scale")), 1.5);
  bg_test_ui_pump ();
  g_object_get (window, "presentation-mode", &presentation, NULL);
  g_assert_true (presentation);
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (canvas), ==, 1.5);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bg_preferences_window_get_control (prefs, "presentation-scale")), 1.0);
  bg_test_ui_pump ();
  g_object_get (window, "presentation-mode", &presentation, NULL);
  g_assert_false (presentation);

  gtk_switch_set_active (GTK_SWITCH (bg_preferences_window_get_control (prefs, "live-plot")), FALSE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (bg_preferences_window_get_control (prefs, "autosave-interval")), 120);
  bg_test_ui_pump ();
  g_assert_false (g_settings_get_boolean (settings, "live-plot"));
  g_assert_cmpuint (g_settings_get_uint (settings, "autosave-interval"), ==, 120);

  /* back to the defaults for the other tests */
  g_settings_reset (settings, "grid-size");
  g_settings_reset (settings, "show-grid");
  g_settings_reset (settings, "snap-to-grid");
  g_settings_reset (settings, "live-plot");
  g_settings_reset (settings, "autosave-interval");
  g_settings_reset (settings, "presentation-scale");
  gtk_window_destroy (GTK_WINDOW (prefs));
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      /* the build tree's compiled schema, in the memory backend */
      g_autofree char *schemas = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-window-commands-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/projector/refused-target", test_refused_target);
  g_test_add_func ("/ui/projector/context-menu", test_context_menu);
  g_test_add_func ("/ui/projector/legend", test_legend);
  g_test_add_func ("/ui/projector/export-diagram", test_export_diagram);
  g_test_add_func ("/ui/projector/last-folder", test_last_folder);
  g_test_add_func ("/ui/projector/preferences", test_preferences);
  g_test_add_func ("/ui/projector/scratch-model-plots", test_scratch_model_plots);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
