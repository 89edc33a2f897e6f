/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-projector.c — the window at projector sizes and in presentation mode.
 *
 * Owns: tests that the main window fits 1024×768 in English and Russian,
 * that presentation mode scales the whole window (sidebars, status line,
 * plot) and keeps the plot pane tall enough for its axes, and the
 * screenshot series of the bench after a run (only with
 * BGMOD_TEST_SCREENSHOT_DIR set; nothing is asserted about the pixels).
 * The window's commands a lesson uses are tests/test-window-commands.c's.
 * Must not: assert on pixels or on a theme's exact metrics beyond the
 * sizes a projector gives.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include <glib/gi18n-lib.h>

#include "bg-example-names.h"
#include "bg-file.h"
#include "bg-plot-pane.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;


/* Prints the descendants of WIDGET whose minimum width exceeds LIMIT, so a
 * failure says which part holds the window wide. */
static void
report_wide (GtkWidget *widget,
             int        limit,
             int        depth)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int min = 0;

      if (!gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      if (min > limit)
        {
          g_test_message ("%*s%s %s: %d px", depth * 2, "", G_OBJECT_TYPE_NAME (child),
                          gtk_widget_get_name (child), min);
          report_wide (child, limit, depth + 1);
        }
    }
}

/* The window's minimum size, in the current language and mode. */
static void
assert_fits (BgWindow *window,
             int       width,
             int       height)
{
  int min_width = 0, min_height = 0;

  /* styles (presentation mode's larger text) apply on the next frames */
  bg_test_ui_wait_ms (300);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, width,
                      &min_height, NULL, NULL, NULL);
  g_test_message ("minimum size %d×%d", min_width, min_height);
  if (min_width > width)
    report_wide (GTK_WIDGET (window), 200, 0);
  g_assert_cmpint (min_width, <=, width);
  g_assert_cmpint (min_height, <=, height);
}

static void
check_fits_1024 (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);

  bg_test_ui_run_to_end (window);
  assert_fits (window, 1024, 768);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  assert_fits (window, 1024, 768);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* WCAG's relative luminance and contrast ratio. */
static double
luminance (const GdkRGBA *c)
{
  double v[3] = { c->red, c->green, c->blue };

  for (guint i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static double
contrast (const GdkRGBA *fg,
          const GdkRGBA *bg)
{
  double a = luminance (fg) + 0.05, b = luminance (bg) + 0.05;

  return a > b ? a / b : b / a;
}

/* The status line's conflict text against the window background, and its
 * whole sentence shown (wrapped, never cut with an ellipsis). */
static void
check_conflict_status (gboolean dark)
{
  BgWindow *window;
  GtkWidget *label, *button;
  GdkRGBA fg, bg;
  double ratio;

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
  window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", 1024, 768);
  bg_test_ui_wait_ms (200);
  label = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_label_text,
                                  bg_window_get_status_text (window));
  g_assert_nonnull (label);
  button = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);
  g_assert_true (gtk_widget_has_css_class (button, "error"));

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (label), &fg);
  g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (label),
                                                 "theme_bg_color", &bg));
  G_GNUC_END_IGNORE_DEPRECATIONS
  ratio = contrast (&fg, &bg);
  g_test_message ("%s: status text #%02x%02x%02x on #%02x%02x%02x, contrast %.2f:1",
                  dark ? "dark" : "light",
                  (int) (fg.red * 255), (int) (fg.green * 255), (int) (fg.blue * 255),
                  (int) (bg.red * 255), (int) (bg.green * 255), (int) (bg.blue * 255), ratio);
  g_assert_cmpfloat (ratio, >=, 4.5);

  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));

  /* the selection and explain highlight stand out from the canvas: 3:1,
   * as marks that are not text should (the dark theme's selection blue
   * gave about 2:1) */
  ratio = bg_canvas_get_highlight_contrast (bg_window_get_canvas (window));
  g_test_message ("%s: highlight contrast %.2f:1", dark ? "dark" : "light", ratio);
  g_assert_cmpfloat (ratio, >=, 3.0);

  bg_test_ui_destroy_window (window);
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL &&
         g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)),
                    "open-menu-symbolic") == 0;
}

/* The label of the main menu's Examples item that opens PATH, or NULL. */
static char *
find_example_label (GMenuModel *menu,
                    const char *path)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *action = NULL;
      g_autoptr(GVariant) target = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action) &&
          g_str_equal (action, "win.open-example"))
        {
          target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                          G_VARIANT_TYPE_STRING);
          if (target != NULL && g_str_equal (g_variant_get_string (target, NULL), path))
            {
              char *label = NULL;

              g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label);
              return label;
            }
        }
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) child = g_menu_link_iter_get_value (links);
          char *label = find_example_label (child, path);

          if (label != NULL)
            return label;
        }
    }
  return NULL;
}

/* The Examples menu shows each file's own name (translated when the UI's
 * language has it), not one made from the file name. */
static void
check_examples_menu (BgWindow *window,
                     gboolean  russian)
{
  GtkWidget *button = bg_test_ui_find_widget (GTK_WIDGET (window), is_menu_button, NULL);
  GMenuModel *menu;
  g_autofree char *dir = bg_window_dup_examples_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(BgModel) model = NULL;
      g_autofree char *label = NULL;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      model = bg_file_load_path (path, NULL);
      g_assert_nonnull (model);
      /* every example's name is in the catalogue's list */
      g_assert_true (bg_example_name_is_known (bg_model_get_name (model)));
      label = find_example_label (menu, path);
      g_test_message ("%s: %s", name, label);
      g_assert_nonnull (label);
      if (russian)
        g_assert_cmpstr (label, ==, g_dgettext (GETTEXT_PACKAGE, bg_model_get_name (model)));
      else
        g_assert_cmpstr (label, ==, bg_model_get_name (model));
      n++;
    }
  g_assert_cmpuint (n, >=, 10);
}

/* Tests ------------------------------------------------------------------- */

static void
test_examples_menu (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);

  check_examples_menu (window, FALSE);
  bg_test_ui_destroy_window (window);
}

static void
test_status_contrast (void)
{
  check_conflict_status (FALSE);
  check_conflict_status (TRUE);
}

/* F9 and Ctrl+F9 fold the sidebars away; the window can then shrink more. */
static void
test_sidebars (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  GtkWidget *palette = GTK_WIDGET (bg_window_get_palette (window));
  GtkWidget *inspector = GTK_WIDGET (bg_window_get_inspector (window));
  GtkWidget *toggle = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.show-palette");
  int before = 0, after = 0;

  g_assert_true (GTK_IS_TOGGLE_BUTTON (toggle));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle)));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &before, NULL, NULL, NULL);

  gtk_widget_grab_focus (inspector);
  gtk_widget_child_focus (inspector, GTK_DIR_TAB_FORWARD);
  g_signal_emit_by_name (toggle, "clicked");
  bg_test_ui_pump ();
  g_assert_false (gtk_widget_get_visible (palette));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  bg_test_ui_pump ();
  g_assert_false (gtk_widget_get_visible (inspector));
  /* focus left the hidden inspector for the canvas */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (bg_window_get_canvas (window))));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &after, NULL, NULL, NULL);
  g_assert_cmpint (after, <, before - 200);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-palette", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL));
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_get_visible (palette));
  g_assert_true (gtk_widget_get_visible (inspector));
  bg_test_ui_destroy_window (window);
}

/* The font size of every mapped label below @root, by label. */
static void
collect_label_sizes (GtkWidget  *root,
                     GHashTable *sizes)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (GTK_IS_LABEL (root))
    {
      const PangoFontDescription *font =
        pango_context_get_font_description (gtk_widget_get_pango_context (root));

      g_hash_table_insert (sizes, root, GINT_TO_POINTER (pango_font_description_get_size (font)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_sizes (child, sizes);
}

/* Presentation mode scales the text of the whole window, not only the
 * canvas and plot: every label shown, the theme's captions and headings
 * (sized in points) too. */
static void
test_presentation_scales_window (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1280, 800);
  GtkWidget *status = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_label_text,
                                              bg_window_get_status_text (window));
  g_autoptr(GHashTable) before = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) after = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer label, size;
  int normal = 0, large = 0;
  guint checked = 0;

  /* a selected element: the inspector shows its title, headings and hints */
  bg_canvas_select_ids (bg_window_get_canvas (window), (const char *const[]) { "CYL", NULL });
  bg_test_ui_wait_ms (100);
  collect_label_sizes (GTK_WIDGET (window), before);

  g_assert_nonnull (status);
  gtk_widget_measure (status, GTK_ORIENTATION_VERTICAL, -1, &normal, NULL, NULL, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation-mode", NULL));
  bg_test_ui_wait_ms (300);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  gtk_widget_measure (status, GTK_ORIENTATION_VERTICAL, -1, &large, NULL, NULL, NULL);
  g_test_message ("status line text height %d → %d px", normal, large);
  g_assert_cmpint (large, >=, normal * 1.2);
  collect_label_sizes (GTK_WIDGET (window), after);
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &label, &size))
    {
      gpointer grown;

      if (!g_hash_table_lookup_extended (after, label, NULL, &grown))
        continue;
      if (GPOINTER_TO_INT (grown) < 1.2 * GPOINTER_TO_INT (size))
        g_error ("label \"%s\" (%s) keeps %.1f pt in presentation mode (%.1f pt)",
                 gtk_label_get_text (label),
                 gtk_widget_get_css_classes (label)[0] != NULL
                 ? gtk_widget_get_css_classes (label)[0] : "no class",
                 GPOINTER_TO_INT (size) / (double) PANGO_SCALE,
                 GPOINTER_TO_INT (grown) / (double) PANGO_SCALE);
      checked++;
    }
  g_test_message ("%u labels grow by at least a fifth", checked);
  g_assert_cmpuint (checked, >=, 30);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation-mode", NULL));
  bg_test_ui_wait_ms (300);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  bg_test_ui_destroy_window (window);
}

/* A new window takes its size, palette domain and presentation mode from
 * the last session's settings (the application is set after the window's
 * construction, so this checks that the restore still runs). */
static void
test_restore_state (void)
{
  GSettings *settings = bg_application_get_settings (app);
  BgWindow *window;
  gboolean presentation = FALSE;
  int width = 0, height = 0;

  if (settings == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      return;
    }
  g_settings_set_int (settings, "window-width", 1111);
  g_settings_set_int (settings, "window-height", 707);
  g_settings_set_double (settings, "presentation-scale", 1.5);
  window = bg_window_new (GTK_APPLICATION (app), NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_object_get (window, "presentation-mode", &presentation, NULL);
  g_assert_cmpint (width, ==, 1111);
  g_assert_cmpint (height, ==, 707);
  g_assert_true (presentation);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window), "presentation"));
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (bg_window_get_canvas (window)), ==, 1.5);

  /* and it follows the settings afterwards */
  g_settings_set_double (settings, "presentation-scale", 1.0);
  g_object_get (window, "presentation-mode", &presentation, NULL);
  g_assert_false (presentation);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "presentation-scale");
  gtk_window_destroy (GTK_WINDOW (window));
  bg_test_ui_pump ();
}

static void
test_fits_1024 (void)
{
  check_fits_1024 ();
}

/* A click anywhere on a page tab of the plot slot reaches the tab. The
 * divider above the tabs grabs presses in its own area, and a thin divider
 * also some pixels around it (the top half of each tab, measured with a
 * real pointer under Xvfb): the divider is a wide one, which grabs only
 * what it covers, and the tabs start below it. What the pointer picks at
 * the top, middle and bottom of each tab is the tab. */
static void
check_page_tabs_clickable (BgWindow *window)
{
  GtkWidget *switcher = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_css_class,
                                                "plot-page-switcher");
  GtkPaned *paned = GTK_PANED (gtk_widget_get_ancestor (switcher, GTK_TYPE_PANED));
  GtkWidget *divider = NULL;
  graphene_rect_t divider_box, switcher_box;
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (paned)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_css_name (child), "separator") == 0)
      divider = child;
  g_assert_nonnull (divider);
  g_assert_true (gtk_paned_get_wide_handle (paned));
  g_assert_true (gtk_widget_compute_bounds (divider, GTK_WIDGET (window), &divider_box));
  g_assert_true (gtk_widget_compute_bounds (switcher, GTK_WIDGET (window), &switcher_box));
  g_assert_cmpfloat (switcher_box.origin.y, >=, divider_box.origin.y + divider_box.size.height);

  for (GtkWidget *tab = gtk_widget_get_first_child (switcher); tab != NULL;
       tab = gtk_widget_get_next_sibling (tab))
    {
      float height = gtk_widget_get_height (tab);

      for (int k = 0; k < 3; k++)
        {
          graphene_point_t p = GRAPHENE_POINT_INIT (gtk_widget_get_width (tab) / 2.0f,
                                                    k == 0 ? 1.0f : k == 1 ? height / 2.0f
                                                    : height - 1.0f);
          graphene_point_t at;
          GtkWidget *picked;

          g_assert_true (gtk_widget_compute_point (tab, GTK_WIDGET (window), &p, &at));
          picked = gtk_widget_pick (GTK_WIDGET (window), at.x, at.y, GTK_PICK_DEFAULT);
          g_assert_nonnull (picked);
          if (picked != tab && !gtk_widget_is_ancestor (picked, tab))
            g_error ("a click %.0f px into tab %u lands on a %s", p.y, n,
                     G_OBJECT_TYPE_NAME (picked));
        }
      n++;
    }
  /* Time Plot, Energy, Analysis, Equations */
  g_assert_cmpuint (n, ==, 4);
}

static void
test_page_tabs_clickable (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);

  check_page_tabs_clickable (window);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_pump ();
  check_page_tabs_clickable (window);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* The Russian UI: the palette's headings and search placeholder (from the
 * .ui template) and the status line's plural counts (from the core) are
 * translated, without the process's default text domain being set. */
static gboolean
is_search_entry (GtkWidget     *widget,
                 gconstpointer  data)
{
  /* not the one inside the domain drop-down's popover */
  return GTK_IS_SEARCH_ENTRY (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN) == NULL;
}

static void
check_russian_labels (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1280, 800);
  GtkWidget *palette = GTK_WIDGET (bg_window_get_palette (window));
  GtkWidget *search = bg_test_ui_find_widget (palette, is_search_entry, NULL);
  g_autofree char *placeholder = NULL;
  const char *status;

  g_assert_nonnull (bg_test_ui_find_widget (palette, bg_test_ui_has_label_text, "Примитивы"));
  g_assert_nonnull (bg_test_ui_find_widget (palette, bg_test_ui_has_label_text, "Сложные компоненты"));
  g_assert_null (bg_test_ui_find_widget (palette, bg_test_ui_has_label_text, "Primitives"));
  g_assert_nonnull (search);
  g_object_get (search, "placeholder-text", &placeholder, NULL);
  g_assert_cmpstr (placeholder, ==, "Поиск");
  status = bg_window_get_status_text (window);
  g_test_message ("status: %s", status);
  g_assert_null (strstr (status, "state"));
  g_assert_nonnull (strstr (status, "состояни"));
  bg_test_ui_destroy_window (window);
}

/* last: gettext caches translations, so the language is not switched back */
static void
test_fits_1024_russian (void)
{
  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  check_russian_labels ();
  check_fits_1024 ();
  {
    BgWindow *window = bg_test_ui_new_window (app, NULL);
    g_autofree char *rc = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                            "rc-circuit.bgmod", NULL);
    g_autofree char *label = NULL;

    check_examples_menu (window, TRUE);
    label = find_example_label (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (bg_test_ui_find_widget (GTK_WIDGET (window), is_menu_button, NULL))),
                                rc);
    g_assert_cmpstr (label, ==, "RC-цепь: заряд конденсатора");
    bg_test_ui_destroy_window (window);
  }
}

/* BGMOD_SHOT="WxH" (and the caller's LANGUAGE and GTK_THEME) gives the
 * series of the bench after a run, normal and in presentation mode. */
static void
test_screenshots (void)
{
  const char *shot = g_getenv ("BGMOD_SHOT");
  const char *lang = g_getenv ("LANGUAGE");
  const char *theme = g_getenv ("GTK_THEME");
  int width = 1280, height = 800;
  BgWindow *window;
  g_autofree char *stem = NULL;
  g_autofree char *pres = NULL;

  if (shot == NULL || g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_SHOT and BGMOD_TEST_SCREENSHOT_DIR are not set");
      return;
    }
  g_assert_cmpint (sscanf (shot, "%dx%d", &width, &height), ==, 2);
  stem = g_strdup_printf ("bench-%dx%d-%s-%s", width, height,
                          lang != NULL && *lang != '\0' ? lang : "en",
                          theme != NULL && strstr (theme, "dark") != NULL ? "dark" : "light");
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", width, height);
  bg_test_ui_run_to_end (window);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_maybe_screenshot (stem);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_pump ();
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  pres = g_strconcat (stem, "-presentation", NULL);
  bg_test_ui_maybe_screenshot (pres);
  g_object_set (window, "presentation-mode", FALSE, NULL);
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
  tmp_dir = bg_test_ui_make_home ("bgmod-test-projector-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/projector/restore-state", test_restore_state);
  g_test_add_func ("/ui/projector/fits-1024", test_fits_1024);
  g_test_add_func ("/ui/projector/sidebars", test_sidebars);
  g_test_add_func ("/ui/projector/examples-menu", test_examples_menu);
  g_test_add_func ("/ui/projector/presentation-scales-window", test_presentation_scales_window);
  g_test_add_func ("/ui/projector/status-contrast", test_status_contrast);
  g_test_add_func ("/ui/projector/page-tabs-clickable", test_page_tabs_clickable);
  g_test_add_func ("/ui/projector/screenshots", test_screenshots);
  g_test_add_func ("/ui/projector/fits-1024-russian", test_fits_1024_russian);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
