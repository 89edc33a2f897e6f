/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis-modes.c — the Analysis page's eigenvalues for teaching,
 * driven through the real window.
 *
 * Owns: checks that the "Poles" page, reached by its switcher buttons,
 * shows the DC-motor example's eigenvalues as `bgmod-cli linearize` gives
 * them (ζ = 0.007876 at 36.19 Hz) in a table and on the pole map, that the
 * pointer over a pole reads it out and marks its row, that an edit in the
 * inspector and its undo recompute the table, that a free mass's zero
 * eigenvalue has no damping ("—"), and that the map exports as PNG and
 * SVG; screenshots with BGMOD_TEST_SCREENSHOT_DIR set (in any language,
 * e.g. LANGUAGE=ru, and BGMOD_TEST_PRESENTATION=1 for presentation mode
 * at 1024 × 768). Must not: reach into the pane's private state.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "bg-analysis-pane.h"
#include "bg-canvas.h"
#include "bg-file.h"
#include "bg-inspector.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

static gboolean
is_analysis_pane (GtkWidget *widget, gconstpointer data)
{
  return BG_IS_ANALYSIS_PANE (widget);
}

/* A toggle button (a stack switcher's) whose label reads @data. */
static gboolean
is_switcher_button (GtkWidget *widget, gconstpointer data)
{
  GtkWidget *child;

  if (!GTK_IS_TOGGLE_BUTTON (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  child = gtk_button_get_child (GTK_BUTTON (widget));
  return GTK_IS_LABEL (child) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)), data) == 0;
}

static void
click_switcher (BgWindow *window, const char *label)
{
  GtkWidget *button = bg_test_ui_find_widget (GTK_WIDGET (window), is_switcher_button, label);

  if (button == NULL)
    g_error ("no switcher button “%s”", label);
  g_signal_emit_by_name (button, "clicked");
  bg_test_ui_pump ();
}

/* The Analysis page of the plot slot, then its Poles page, as a user
 * clicks them. */
static BgAnalysisPane *
show_poles (BgWindow *window)
{
  BgAnalysisPane *pane = BG_ANALYSIS_PANE (bg_test_ui_find_widget (GTK_WIDGET (window),
                                                                   is_analysis_pane, NULL));

  g_assert_nonnull (pane);
  click_switcher (window, g_dgettext (GETTEXT_PACKAGE, "Analysis"));
  click_switcher (window, g_dgettext (GETTEXT_PACKAGE, "Poles"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  bg_test_ui_wait_ms (100);
  return pane;
}

static gboolean
is_mapped_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}

static GtkWidget *
find_cell (BgWindow *window, const char *text)
{
  return bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label, text);
}

static gboolean
is_drawing_area (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_DRAWING_AREA (widget) && gtk_widget_get_mapped (widget);
}

/* The motion controller of the pole map's drawing area. */
static GtkEventController *
map_motion (BgAnalysisPane *pane)
{
  GtkWidget *area;
  g_autoptr(GListModel) controllers = NULL;

  area = bg_test_ui_find_widget (GTK_WIDGET (pane), is_drawing_area, NULL);
  g_assert_nonnull (area);
  controllers = gtk_widget_observe_controllers (area);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        return c;
    }
  g_assert_not_reached ();
}

static int
upper_pair (BgPoleMap *map)
{
  for (guint i = 0; i < bg_pole_map_get_n_poles (map); i++)
    if (bg_pole_map_get_mode (map, i)->im > 1)
      return (int) i;
  return -1;
}

static void
set_field (BgWindow *window, const char *element, const char *field, const char *text)
{
  const char *ids[] = { element, NULL };
  GtkWidget *entry;

  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
  entry = bg_inspector_get_field (bg_window_get_inspector (window), field);
  g_assert_nonnull (entry);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  bg_test_ui_pump ();
}

static void
test_dc_motor (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "dc-motor-gear-load.bgmod", 1280, 860);
  BgAnalysisPane *pane = show_poles (window);
  BgPoleMap *map = bg_analysis_pane_get_pole_map (pane);
  GtkEventController *motion;
  GtkWidget *row_cell;
  int pair;
  double x, y;

  /* the CLI's numbers, in the table */
  g_assert_cmpuint (bg_pole_map_get_n_poles (map), ==, 4);
  g_assert_nonnull (find_cell (window, "0.007876"));
  g_assert_nonnull (find_cell (window, "36.19"));
  g_assert_nonnull (find_cell (window, "227.4"));
  g_assert_nonnull (find_cell (window, "\xe2\x88\x92" "91.36"));
  g_assert_true (g_str_has_prefix (bg_analysis_pane_get_status (pane),
                                   "4 eigenvalues of A at t = 0 (exact: the model is linear)"));

  /* the pointer over the lightly damped pole */
  pair = upper_pair (map);
  g_assert_cmpint (pair, >=, 0);
  g_assert_true (bg_pole_map_get_pole_position (map, pair, &x, &y));
  motion = map_motion (pane);
  g_signal_emit_by_name (motion, "motion", x + 1, y + 1);
  bg_test_ui_pump ();
  g_assert_cmpint (bg_pole_map_get_highlight (map), ==, pair);
  g_assert_nonnull (strstr (bg_analysis_pane_get_status (pane), "f = 36.19 Hz (227.4 rad/s) · ζ = 0.007876"));
  row_cell = find_cell (window, "0.007876");
  /* both poles of the pair have that ζ; the one pointed at is marked */
  {
    GtkWidget *grid = gtk_widget_get_parent (row_cell);
    /* two header rows: the titles and their units */
    GtkWidget *marked = gtk_grid_get_child_at (GTK_GRID (grid), 5, pair + 2);

    g_assert_true (gtk_widget_has_css_class (marked, "modes-highlight"));
    g_assert_false (gtk_widget_has_css_class (gtk_grid_get_child_at (GTK_GRID (grid), 5, 2),
                                              "modes-highlight"));
  }
  bg_test_ui_maybe_screenshot ("poles-dc-motor");
  g_signal_emit_by_name (motion, "leave");
  bg_test_ui_pump ();
  g_assert_cmpint (bg_pole_map_get_highlight (map), ==, -1);
  g_assert_true (g_str_has_prefix (bg_analysis_pane_get_status (pane), "4 eigenvalues"));

  /* an edit recomputes the table: ten times the load's friction damps the
   * shaft's oscillation more; undo brings the old numbers back */
  set_field (window, "B_load", "value", "0.1");
  g_assert_null (find_cell (window, "0.007876"));
  g_assert_cmpfloat (bg_pole_map_get_mode (map, upper_pair (map))->damping, >, 0.01);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  bg_test_ui_pump ();
  bg_test_ui_wait_ms (50);
  g_assert_nonnull (find_cell (window, "0.007876"));

  /* the map exports like the other plots */
  {
    g_autofree char *png = g_build_filename (tmp_dir, "poles.png", NULL);
    g_autofree char *svg = g_build_filename (tmp_dir, "poles.svg", NULL);
    g_autofree char *text = NULL;
    g_autoptr(GError) error = NULL;
    cairo_surface_t *image;

    g_assert_true (bg_analysis_pane_export (pane, png, &error));
    g_assert_no_error (error);
    image = cairo_image_surface_create_from_png (png);
    g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1000);
    cairo_surface_destroy (image);
    g_assert_true (bg_analysis_pane_export (pane, svg, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "<svg"));
  }
  bg_test_ui_destroy_window (window);
}

/* A force on a free mass: its momentum's eigenvalue is zero, which has no
 * damping ratio and no time constant. */
static void
test_free_mass (void)
{
  static const char data[] =
    "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"free mass\", \"elements\": ["
    "{\"id\": \"F\", \"type\": \"Se\", \"domain\": \"translational\", \"x\": 0, \"y\": 0},"
    "{\"id\": \"M\", \"type\": \"I\", \"domain\": \"translational\", \"x\": 150, \"y\": 0}],"
    "\"bonds\": [{\"id\": \"b1\", \"from\": \"F\", \"to\": \"M\"}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (data, -1, &error);
  g_autoptr(BgDocument) document = NULL;
  BgWindow *window;
  BgAnalysisPane *pane;
  GtkWidget *zero, *grid;

  g_assert_no_error (error);
  document = bg_document_new_for_model (model, NULL);
  window = bg_test_ui_new_window (app, document);
  pane = show_poles (window);
  g_assert_cmpuint (bg_pole_map_get_n_poles (bg_analysis_pane_get_pole_map (pane)), ==, 1);
  /* below the titles and units, the row: #, Re, Im, f, ω, ζ, τ */
  zero = find_cell (window, "1");
  g_assert_nonnull (zero);
  grid = gtk_widget_get_parent (zero);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 1, 2))), ==, "0");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 5, 2))), ==, "\xe2\x80\x94");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (gtk_grid_get_child_at (GTK_GRID (grid), 6, 2))), ==, "\xe2\x80\x94");
  bg_test_ui_destroy_window (window);
}

/* Only with BGMOD_TEST_SCREENSHOT_DIR: the page at a projector's size. */
static void
test_screenshots (void)
{
  gboolean presentation = g_strcmp0 (g_getenv ("BGMOD_TEST_PRESENTATION"), "1") == 0;
  BgWindow *window;
  BgAnalysisPane *pane;
  BgPoleMap *map;
  double x, y;

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  window = bg_test_ui_open_example (app, "dc-motor-gear-load.bgmod",
                                    presentation ? 1024 : 1280, presentation ? 768 : 800);
  if (presentation)
    {
      /* a projector's window: presentation mode, both sidebars folded (F9,
       * Ctrl+F9) for the diagram and the page */
      g_object_set (window, "presentation-mode", TRUE, NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-palette", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL);
    }
  bg_test_ui_pump ();
  pane = show_poles (window);
  map = bg_analysis_pane_get_pole_map (pane);
  bg_test_ui_wait_ms (300);
  g_assert_true (bg_pole_map_get_pole_position (map, upper_pair (map), &x, &y));
  g_signal_emit_by_name (map_motion (pane), "motion", x, y);
  bg_test_ui_pump ();
  bg_test_ui_maybe_screenshot (presentation ? "poles-presentation" : "poles-window");
  bg_test_ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-analysis-modes-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/analysis-modes/dc-motor", test_dc_motor);
  g_test_add_func ("/ui/analysis-modes/free-mass", test_free_mass);
  g_test_add_func ("/ui/analysis-modes/screenshots", test_screenshots);
  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
