/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-energy-pane.c — the Energy page in the real window.
 *
 * Owns: tests that a run of the RC example in the window fills the Energy
 * page (opened by a click on its tab, and by Shift+F8) with the numbers
 * `bgmod-cli energy --json` gives for the same file: the ledger's totals,
 * the line of totals as shown, the stacked stored energy and the totals at
 * the end as the plot's read-out gives them; that its CSV export is the
 * command's `--csv` byte for byte (and reads back with python3's csv), its
 * SVG reads back with python3's XML parser and its PNG is an image; that the
 * arrow keys move the read-out on the focused plot; that the page is whole
 * and readable at 1024×768 in presentation mode, in English and Russian,
 * and follows the dark theme; screenshots with BGMOD_TEST_SCREENSHOT_DIR
 * (and at any size with BGMOD_SHOT). Must not: check the ledger's physics
 * (test-energy.c does).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>
#include <json-glib/json-glib.h>

#include "bg-energy-pane.h"
#include "bg-si-format.h"
#include "bg-test-pointer.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

static void
settle (void)
{
  bg_test_ui_wait_ms (300);
  bg_test_ui_pump ();
}

static gboolean
is_energy_pane (GtkWidget *widget, gconstpointer data)
{
  return BG_IS_ENERGY_PANE (widget);
}

static BgEnergyPane *
window_energy (BgWindow *window)
{
  GtkWidget *pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_energy_pane, NULL);

  g_assert_nonnull (pane);
  return BG_ENERGY_PANE (pane);
}

/* The page's tab clicked as a user does (else activated). */
static void
open_page (BgWindow *window, const char *label)
{
  GtkWidget *switcher = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_css_class,
                                                "plot-page-switcher");
  GtkWidget *text, *tab;

  settle ();
  text = bg_test_ui_find_widget (switcher, bg_test_ui_has_label_text, label);
  g_assert_nonnull (text);
  tab = gtk_widget_get_ancestor (text, GTK_TYPE_TOGGLE_BUTTON);
  g_assert_nonnull (tab);
  if (bg_test_pointer_available (NULL))
    bg_test_pointer_click (tab, gtk_widget_get_width (tab) / 2.0, gtk_widget_get_height (tab) / 2.0);
  else
    gtk_widget_activate (tab);
  settle ();
}

static char *
example_path (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  return g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR, "examples", name, NULL);
}

/* Standard output of `bgmod-cli energy PATH OPTION`, which must exit 0. */
static char *
cli_energy (const char *path, const char *option, const char *value)
{
  const char *cli = g_getenv ("BGMOD_CLI");
  const char *argv[] = { cli, "energy", path, option, value, NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* python3 reads the file back with a strict parser of its kind. */
static void
python_reads (const char *script, const char *path)
{
  const char *argv[] = { "python3", "-c", script, path, NULL };
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("python3 could not read %s: %s", path, err);
}

static double
member (JsonObject *object, const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_double_member (object, name);
}

/* The trace named name, or aborts. */
static guint
trace_named (BgPlotRenderer *renderer, const char *name)
{
  for (guint i = 0; i < bg_plot_renderer_get_n_traces (renderer); i++)
    if (g_str_equal (bg_plot_renderer_get_trace_name (renderer, i), name))
      return i;
  g_error ("no trace %s", name);
  return 0;
}

static void
check_against_cli (BgEnergyPane *pane, const char *path)
{
  g_autofree char *json = cli_energy (path, "--json", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  BgEnergy *energy = bg_energy_pane_get_energy (pane);
  BgPlotRenderer *renderer = bg_energy_pane_get_renderer (pane);
  JsonObject *root;
  JsonArray *elements;
  gsize last;
  double t_end;
  guint n = bg_plot_renderer_get_n_traces (renderer);
  g_autofree double *values = g_new (double, n);
  const char *totals[] = { "supplied", "dissipated", "stored", "residual" };

  g_assert_true (json_parser_load_from_data (parser, json, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  elements = json_object_get_array_member (root, "elements");
  g_assert_nonnull (energy);
  last = bg_energy_get_n_rows (energy) - 1;
  t_end = member (root, "t_end");
  g_assert_cmpfloat (bg_result_get_value (bg_energy_get_ledger (energy), 0, last), ==, t_end);

  /* The window's run is the command's: the same doubles. */
  g_assert_cmpuint (json_array_get_length (elements), ==, bg_energy_get_n_accounts (energy));
  for (guint a = 0; a < json_array_get_length (elements); a++)
    {
      JsonObject *e = json_array_get_object_element (elements, a);
      g_assert_cmpstr (json_object_get_string_member (e, "id"), ==, bg_energy_get_account_element (energy, a));
      g_assert_cmpstr (json_object_get_string_member (e, "role"), ==,
                       bg_energy_role_name (bg_energy_get_account_role (energy, a)));
      g_assert_cmpfloat (member (e, "energy"), ==, bg_energy_get_value (energy, a, last));
    }
  for (guint k = 0; k < G_N_ELEMENTS (totals); k++)
    g_assert_cmpfloat (member (root, totals[k]), ==, bg_energy_get_total (energy, k, last));

  /* What the page shows: the line of totals, as formatted for people. */
  for (guint k = 0; k < 3; k++)
    {
      g_autofree char *text = bg_si_format (member (root, totals[k]), "J");
      g_test_message ("summary: %s; looking for %s", bg_energy_pane_get_summary (pane), text);
      g_assert_nonnull (strstr (bg_energy_pane_get_summary (pane), text));
    }
  /* And the plot at t_end: the capacitor's band holds what C1 stored (it
   * starts empty), the totals' traces the totals. */
  g_assert_cmpuint (bg_plot_renderer_values_at (renderer, t_end, values, n), ==, n);
  g_assert_cmpfloat (fabs (values[trace_named (renderer, "C1")] - member (root, "stored")), <=,
                     1e-12 * member (root, "stored"));
  g_assert_cmpfloat (values[trace_named (renderer, "supplied")], ==, member (root, "supplied"));
  g_assert_cmpfloat (values[trace_named (renderer, "dissipated")], ==, member (root, "dissipated"));
  g_assert_cmpfloat (values[trace_named (renderer, "residual")], ==, member (root, "residual"));
  /* three sub-plots: stored, balance, residual */
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (renderer), ==, 3);
}

static void
check_exports (BgEnergyPane *pane, const char *path)
{
  g_autofree char *csv = g_build_filename (tmp_dir, "energy.csv", NULL);
  g_autofree char *svg = g_build_filename (tmp_dir, "energy.svg", NULL);
  g_autofree char *png = g_build_filename (tmp_dir, "energy.png", NULL);
  g_autofree char *cli_csv = cli_energy (path, "--csv", "-");
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  g_assert_true (bg_energy_pane_export (pane, csv, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, cli_csv);
  python_reads ("import csv,sys\n"
                "rows=list(csv.reader(open(sys.argv[1],newline=''),strict=True))\n"
                "assert rows[0]==['t','U.W','R1.W','C1.W','supplied','dissipated','stored','residual'],rows[0]\n"
                "assert all(len(r)==8 for r in rows) and len(rows)>100\n"
                "[float(x) for r in rows[1:] for x in r]\n", csv);

  g_assert_true (bg_energy_pane_export (pane, svg, &error));
  g_assert_no_error (error);
  python_reads ("import sys,xml.etree.ElementTree as E\n"
                "r=E.parse(sys.argv[1]).getroot()\n"
                "assert r.tag.endswith('svg'),r.tag\n", svg);

  g_assert_true (bg_energy_pane_export (pane, png, &error));
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 2 * 640);
}

/* ← → on the focused plot move the read-out cursor. */
static void
check_keys (BgEnergyPane *pane)
{
  GtkWidget *area = bg_test_ui_find_widget (GTK_WIDGET (pane), bg_test_ui_has_css_class, "energy-plot");
  g_autofree char *before = NULL;

  g_assert_nonnull (area);
  if (!bg_test_pointer_available (NULL))
    return;
  /* the pointer off the plot: its motion would place the cursor */
  bg_test_pointer_move (GTK_WIDGET (pane), 2, 2);
  g_assert_true (gtk_widget_grab_focus (area));
  settle ();
  bg_test_pointer_key (GDK_KEY_End);
  settle ();
  before = bg_energy_pane_dup_readout (pane, 5.0);
  {
    /* the status line reads out at the end of the run */
    GtkWidget *status = bg_test_ui_find_widget (GTK_WIDGET (pane), bg_test_ui_has_css_class, "plot-status");
    const char *shown = gtk_label_get_label (GTK_LABEL (status));
    g_test_message ("after End: %s", shown);
    g_assert_true (g_str_has_prefix (shown, "t = 5 s"));
    bg_test_pointer_key (GDK_KEY_Left);
    settle ();
    shown = gtk_label_get_label (GTK_LABEL (status));
    g_test_message ("after Left: %s", shown);
    g_assert_true (g_str_has_prefix (shown, "t = 4.95 s"));
  }
  g_assert_true (g_str_has_prefix (before, "t = 5 s\nC1 = "));
}

static void
test_rc (void)
{
  g_autofree char *path = example_path ("rc-circuit.bgmod");
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgEnergyPane *pane;

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  pane = window_energy (window);
  /* before any run: nothing shown, nothing to export */
  g_assert_null (bg_energy_pane_get_energy (pane));
  {
    g_autofree char *csv = g_build_filename (tmp_dir, "none.csv", NULL);
    g_autoptr (GError) error = NULL;
    g_assert_false (bg_energy_pane_export (pane, csv, &error));
    g_assert_nonnull (error);
  }
  bg_test_ui_run_to_end (window);
  open_page (window, "Energy");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  check_against_cli (pane, path);
  check_exports (pane, path);
  check_keys (pane);
  settle ();
  bg_test_ui_maybe_screenshot ("energy-rc-1280x800-en");

  /* Shift+F8 comes back to it from another page. */
  open_page (window, "Time Plot");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  if (bg_test_pointer_available (NULL))
    {
      bg_test_pointer_key_with (GDK_KEY_Shift_L, GDK_KEY_F8);
      settle ();
    }
  else
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-energy", NULL));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));

  /* the dark theme: the plot follows it (its palette is ordered for a
   * dark background) */
  {
    BgPlotRenderer *renderer = bg_energy_pane_get_renderer (pane);
    BgPlotColor light, dark;

    bg_plot_renderer_get_trace_color (renderer, 0, &light);
    g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", TRUE, NULL);
    settle ();
    bg_test_ui_maybe_screenshot ("energy-rc-1280x800-en-dark");
    bg_plot_renderer_get_trace_color (renderer, 0, &dark);
    g_assert_true (light.red != dark.red || light.green != dark.green || light.blue != dark.blue);
    g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
    settle ();
  }
  bg_test_ui_destroy_window (window);
}

/* Each sub-plot keeps three value ticks a line apart. */
static void
assert_readable (BgPlotRenderer *renderer, const char *what)
{
  double line = bg_plot_renderer_get_line_height (renderer);

  for (guint i = 0; i < bg_plot_renderer_get_n_subplots (renderer); i++)
    {
      double h = 0;
      guint ticks = bg_plot_renderer_get_n_value_ticks (renderer, i);

      g_assert_true (bg_plot_renderer_get_plot_area (renderer, i, NULL, NULL, NULL, &h));
      g_test_message ("%s: sub-plot %u %.0f px, %u ticks, line %.0f px", what, i, h, ticks, line);
      g_assert_cmpuint (ticks, >=, 3);
      g_assert_cmpfloat (h / (ticks - 1), >=, line);
    }
}

static void
assert_fits (BgWindow *window)
{
  int min_width = 0, min_height = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, 1024, &min_height, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <=, 1024);
  g_assert_cmpint (min_height, <=, 768);
}

/* The bench on a projector: 1024×768, presentation mode. */
static void
check_projector (const char *lang, const char *label)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  BgEnergyPane *pane = window_energy (window);
  BgPlotRenderer *renderer = bg_energy_pane_get_renderer (pane);
  double normal_line, large_line;
  g_autofree char *name = g_strdup_printf ("energy-bench-1024x768-%s-presentation", lang);

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_run_to_end (window);
  open_page (window, label);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  g_assert_nonnull (bg_energy_pane_get_energy (pane));
  assert_readable (renderer, lang);
  normal_line = bg_plot_renderer_get_line_height (renderer);
  assert_fits (window);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  assert_readable (renderer, "presentation");
  large_line = bg_plot_renderer_get_line_height (renderer);
  g_assert_cmpfloat (large_line, >=, 1.3 * normal_line);
  assert_fits (window);
  bg_test_ui_maybe_screenshot (name);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

static void
test_projector (void)
{
  check_projector ("en", "Energy");
}

/* BGMOD_SHOT="WxH" (BGMOD_SHOT_PRESENTATION=1, BGMOD_SHOT_EXAMPLE=NAME,
 * BGMOD_SHOT_NO_SIDEBARS=1, the caller's LANGUAGE) with
 * BGMOD_TEST_SCREENSHOT_DIR: the page to look at. */
static void
test_screenshots (void)
{
  const char *shot = g_getenv ("BGMOD_SHOT");
  const char *lang = g_getenv ("LANGUAGE");
  const char *example = g_getenv ("BGMOD_SHOT_EXAMPLE");
  gboolean presentation = g_getenv ("BGMOD_SHOT_PRESENTATION") != NULL;
  int width = 1280, height = 800;
  g_autofree char *name = NULL;
  g_autofree char *file = NULL;
  BgWindow *window;

  if (shot == NULL || g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_SHOT and BGMOD_TEST_SCREENSHOT_DIR are not set");
      return;
    }
  g_assert_cmpint (sscanf (shot, "%dx%d", &width, &height), ==, 2);
  lang = lang != NULL && *lang != '\0' ? lang : "en";
  example = example != NULL ? example : "hydraulic-bench";
  file = g_strdup_printf ("%s.bgmod", example);
  name = g_strdup_printf ("energy-%s-%dx%d-%s%s%s", example, width, height, lang,
                          presentation ? "-presentation" : "",
                          g_getenv ("BGMOD_SHOT_NO_SIDEBARS") != NULL ? "-wide" : "");
  window = bg_test_ui_open_example (app, file, width, height);
  g_object_set (window, "presentation-mode", presentation, NULL);
  /* BGMOD_SHOT_NO_SIDEBARS: F9 and Ctrl+F9, as a teacher folds them away */
  if (g_getenv ("BGMOD_SHOT_NO_SIDEBARS") != NULL)
    g_object_set (window, "show-palette", FALSE, "show-inspector", FALSE, NULL);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_run_to_end (window);
  open_page (window, g_str_equal (lang, "ru") ? "Энергия" : "Energy");
  settle ();
  bg_test_ui_maybe_screenshot (name);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* last: gettext caches translations, so the language is not switched back */
static void
test_projector_russian (void)
{
  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  check_projector ("ru", "Энергия");
}

int
main (int argc, char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-energy-pane-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/energy-pane/rc", test_rc);
  g_test_add_func ("/ui/energy-pane/projector", test_projector);
  g_test_add_func ("/ui/energy-pane/screenshots", test_screenshots);
  g_test_add_func ("/ui/energy-pane/projector-russian", test_projector_russian);

  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
