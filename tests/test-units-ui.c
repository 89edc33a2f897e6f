/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-units-ui.c — the window in Russian writes units with the Russian
 * symbols of GOST 8.417.
 *
 * Owns: /ui/units/plot (the time plot's axis titles as drawn, and the
 * read-out: "Время [с]", "Давление [МПа]", "t = 1 с"), /ui/units/inspector
 * (every unit label of the inspector's fields, for an element and for the
 * run's settings, and a limit's sentence), and /ui/units/equations (the
 * equations page's symbol table); with BGMOD_TEST_SCREENSHOT_DIR set, the
 * pictures of those at 1024 × 768 (a classroom projector). The whole program runs under
 * LANGUAGE=ru.
 * Must not: check the English symbols (the other UI tests see them) or
 * assert anything about pixels.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include <glib/gi18n-lib.h>

#include "bg-canvas.h"
#include "bg-equations-pane.h"
#include "bg-inspector.h"
#include "bg-plot-renderer.h"
#include "bg-plot-view.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

/* The international symbols a Russian window must not show after a number
 * or inside brackets ("[s]", "0.5 MPa", "kg·m/s"). */
static const char *
find_latin_unit (const char *text)
{
  static GRegex *regex;
  static char found[64];
  g_autoptr(GMatchInfo) match = NULL;

  if (regex == NULL)
    regex = g_regex_new ("(?:\\d |\\[|^)(?:[pnµmkMG]?(?:s|m|g|N|Pa|V|A|Ω|F|H|Wb|C|W|J|Hz)"
                         "|kg|rad|dB)(?:[·/²³)\\]\\s]|$)",
                         G_REGEX_MULTILINE, 0, NULL);
  if (!g_regex_match (regex, text, 0, &match))
    return NULL;
  {
    g_autofree char *word = g_match_info_fetch (match, 0);

    g_strlcpy (found, word, sizeof found);
  }
  return found;
}

static void
assert_russian_units (const char *what,
                      const char *text)
{
  const char *latin = find_latin_unit (text);

  g_test_message ("%s: %s", what, text);
  if (latin != NULL)
    g_error ("%s shows an international unit symbol “%s”: %s", what, latin, text);
}

/* Every visible widget under @root with the CSS class @css, in order. */
static void
collect_by_class (GtkWidget  *root,
                  const char *css,
                  GPtrArray  *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (gtk_widget_has_css_class (child, css) && gtk_widget_is_visible (child))
        g_ptr_array_add (found, child);
      collect_by_class (child, css, found);
    }
}

static void
select_element (BgWindow   *window,
                const char *id)
{
  const char *ids[] = { id, NULL };

  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
}

/* The inspector's unit labels; they must be Russian, and @expected among
 * them (NULL-terminated). */
static void
check_inspector_units (BgWindow          *window,
                       const char        *what,
                       const char *const *expected)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GString) all = g_string_new (NULL);

  collect_by_class (GTK_WIDGET (bg_window_get_inspector (window)), "inspector-unit", labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_text (g_ptr_array_index (labels, i));

      g_string_append_printf (all, "%s[%s]", i > 0 ? " " : "", text);
    }
  g_test_message ("%s: %u unit labels %s", what, labels->len, all->str);
  g_assert_cmpuint (labels->len, >=, 2);
  assert_russian_units (what, all->str);
  for (guint e = 0; expected[e] != NULL; e++)
    {
      g_autofree char *bracketed = g_strdup_printf ("[%s]", expected[e]);

      if (strstr (all->str, bracketed) == NULL)
        g_error ("%s: no unit label %s among %s", what, bracketed, all->str);
    }
}

static void
test_plot (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  BgPlotView *view = bg_plot_pane_get_view (bg_test_ui_plot_pane (window));
  BgPlotRenderer *renderer;
  g_autofree char *time_title = NULL;
  g_autofree char *readout = NULL;
  guint n;
  gboolean pressure = FALSE;

  bg_test_ui_run_to_end (window);
  bg_test_ui_wait_ms (200);
  renderer = bg_plot_view_get_renderer (view);
  time_title = bg_plot_renderer_dup_time_title (renderer);
  g_assert_nonnull (time_title);
  assert_russian_units ("time axis", time_title);
  /* "Время [с]", or with a prefix "Время [мс]" */
  g_assert_true (g_str_has_prefix (time_title, "Время ["));
  g_assert_true (g_str_has_suffix (time_title, "с]"));
  n = bg_plot_renderer_get_n_subplots (renderer);
  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *title = bg_plot_renderer_dup_value_title (renderer, i, NULL);

      g_assert_nonnull (title);
      assert_russian_units ("value axis", title);
      pressure = pressure || strstr (title, "Па]") != NULL;
    }
  g_assert_true (pressure);   /* the bench plots a pressure: "Давление [МПа]" */
  readout = bg_plot_view_dup_readout (view, 0.5);
  g_assert_nonnull (readout);
  assert_russian_units ("read-out", readout);
  g_assert_true (g_str_has_prefix (readout, "t = 500 мс\n"));
  bg_test_ui_maybe_screenshot ("units-plot-1024x768-ru");
  bg_test_ui_destroy_window (window);
}

static void
test_inspector (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  BgInspector *inspector = bg_window_get_inspector (window);
  const char *const accumulator[] = { "Па", "м³", NULL };
  const char *const load[] = { "кг", "Н·с/м", NULL };
  const char *const settings[] = { "с", NULL };
  GtkWidget *entry;

  select_element (window, "ACC");
  check_inspector_units (window, "accumulator", accumulator);
  bg_test_ui_maybe_screenshot ("units-inspector-1024x768-ru");
  select_element (window, "LOAD");
  check_inspector_units (window, "load", load);
  /* a limit's sentence names the unit in Russian too */
  entry = bg_inspector_get_field (inspector, "mass");
  g_assert_nonnull (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "0 кг");
  g_signal_emit_by_name (gtk_editable_get_delegate (GTK_EDITABLE (entry)), "activate");
  bg_test_ui_pump ();
  g_assert_cmpstr (bg_inspector_get_field_error (inspector, "mass"), ==,
                   "Масса: значение должно быть больше 0 кг.");
  select_element (window, NULL);
  check_inspector_units (window, "settings", settings);
  bg_test_ui_destroy_window (window);
}

/* The equations page: its symbol table writes the values' units in
 * Russian, states the convention (P a pressure, p a momentum) and keeps
 * to it. */
static void
test_equations (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  BgEquationsPane *pane = bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_EQUATIONS_PANE);
  GtkGrid *table;
  g_autoptr(GString) values = g_string_new (NULL);
  g_autoptr(GString) symbols = g_string_new (NULL);
  GtkWidget *convention;
  guint rows = 0;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-equations", NULL));
  bg_test_ui_pump ();
  bg_equations_pane_refresh (pane);
  bg_test_ui_wait_ms (100);
  table = bg_equations_pane_get_symbol_table (pane);
  g_assert_nonnull (table);
  for (int r = 0; gtk_grid_get_child_at (table, 0, r) != NULL; r++, rows++)
    {
      GtkLabel *symbol = GTK_LABEL (gtk_grid_get_child_at (table, 0, r));
      GtkLabel *value = GTK_LABEL (gtk_grid_get_child_at (table, 2, r));

      g_string_append_printf (symbols, "%s ", gtk_label_get_label (symbol));
      g_string_append_printf (values, "%s\n", gtk_label_get_text (value));
    }
  g_test_message ("%u symbols: %s", rows, symbols->str);
  g_assert_cmpuint (rows, ==, 24);
  assert_russian_units ("symbol table", values->str);
  g_assert_nonnull (strstr (values->str, "начальное значение 0 кг·м/с\n"));
  g_assert_nonnull (strstr (values->str, "1.5 МПа\n"));   /* ACC.p0 */
  g_assert_nonnull (strstr (values->str, "[м³/с]\n"));
  /* the convention's letters: P a pressure, p a momentum, e a bond's effort */
  g_assert_nonnull (strstr (symbols->str, "P<sub>ACC</sub> "));
  g_assert_nonnull (strstr (symbols->str, "P<sub>0,ACC</sub> "));
  g_assert_nonnull (strstr (symbols->str, "p<sub>LOAD</sub> "));
  g_assert_nonnull (strstr (symbols->str, "e<sub>b6</sub> "));
  g_assert_null (strstr (symbols->str, "p<sub>ACC</sub>"));
  g_assert_null (strstr (symbols->str, "p<sub>b6</sub>"));
  convention = bg_test_ui_find_widget (GTK_WIDGET (pane), bg_test_ui_has_css_class,
                                       "equations-convention");
  g_assert_nonnull (convention);
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (convention)),
                                   "У каждого обозначения одно значение: p — импульс"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (convention)), "P — давление"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (convention)), "𝒫 — мощность"));
  /* the picture shows the symbol table: scrolled to its convention */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (convention, GTK_TYPE_SCROLLED_WINDOW);
    double x = 0, y = 0;

    if (scrolled != NULL
        && gtk_widget_translate_coordinates (convention,
                                             gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                             0, 0, &x, &y))
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                                y - 8);
    bg_test_ui_pump ();
  }
  bg_test_ui_maybe_screenshot ("units-equations-1024x768-ru");
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  g_setenv ("LANGUAGE", "ru", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-units-ui-XXXXXX");
  app = bg_test_ui_app_new ();

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_printerr ("BGMOD_LOCALEDIR (the built catalogues) is not set\n");
      return 77;
    }
  g_test_add_func ("/ui/units/plot", test_plot);
  g_test_add_func ("/ui/units/inspector", test_inspector);
  g_test_add_func ("/ui/units/equations", test_equations);

  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
