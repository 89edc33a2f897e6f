/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-projector-layout.c — room for the diagram on a classroom screen.
 *
 * Owns: tests, in the real window at 1024×768, of the layout switch
 * (Diagram only, Diagram + plot, Plot only: Alt+1/2/3 pressed as keys and
 * the header bar's menu clicked, kept per window and for the next window
 * in the settings; a run or the equations bring the plot back), of the
 * divider after a run in presentation mode (the canvas keeps 60 % of the
 * window, the plot scrolls instead of shrinking below readable, a real
 * drag moves the divider down and the window leaves it there), of the
 * bench before a run with both sidebars folded (whole in view, Ctrl+1 at a
 * readable zoom), of presentation scale 2 enlarging the whole window, and
 * that the window's least size fits the screen in every layout; a
 * screenshot series with BGMOD_SHOT and BGMOD_TEST_SCREENSHOT_DIR set.
 * Must not: assert on pixels or a theme's exact metrics; the sizes asserted
 * are shares of the window and the plot's own line height.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-graph-renderer.h"
#include "bg-plot-pane.h"
#include "bg-plot-view.h"
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

static GtkPaned *
window_paned (BgWindow *window)
{
  return GTK_PANED (gtk_widget_get_ancestor (GTK_WIDGET (bg_window_get_canvas (window)),
                                            GTK_TYPE_PANED));
}

/* The plot slot below the divider: the page switcher and the pages. */
static GtkWidget *
window_slot (BgWindow *window)
{
  return gtk_paned_get_end_child (window_paned (window));
}

static GtkWidget *
paned_handle (GtkPaned *paned)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (paned)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != gtk_paned_get_start_child (paned) && child != gtk_paned_get_end_child (paned))
      return child;
  g_assert_not_reached ();
}

static char *
window_layout (BgWindow *window)
{
  char *layout = NULL;

  g_object_get (window, "layout", &layout, NULL);
  return layout;
}

/* The window's least size fits the screen it was opened for. */
static void
assert_fits (BgWindow *window,
             int       width,
             int       height)
{
  int min_width = 0, min_height = 0;

  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL, width,
                      &min_height, NULL, NULL, NULL);
  g_test_message ("least size %d×%d, window %d×%d", min_width, min_height,
                  gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (min_width, <=, width);
  g_assert_cmpint (min_height, <=, height);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
}

/* The canvas's share of the window's height. */
static double
canvas_share (BgWindow *window)
{
  double share = gtk_widget_get_height (GTK_WIDGET (bg_window_get_canvas (window))) /
                 (double) gtk_widget_get_height (GTK_WIDGET (window));

  g_test_message ("canvas %d px of a %d px window: %.0f %%",
                  gtk_widget_get_height (GTK_WIDGET (bg_window_get_canvas (window))),
                  gtk_widget_get_height (GTK_WIDGET (window)), 100 * share);
  return share;
}

/* Every sub-plot keeps three value ticks a line of text apart: the plot
 * is never squeezed, whatever the pane's height. */
static void
assert_plot_readable (BgWindow *window)
{
  BgPlotView *view = bg_plot_pane_get_view (bg_test_ui_plot_pane (window));
  BgPlotRenderer *renderer = bg_plot_view_get_renderer (view);
  double line = bg_plot_renderer_get_line_height (renderer);
  guint n = bg_plot_renderer_get_n_subplots (renderer);

  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      double h = 0;
      guint ticks = bg_plot_renderer_get_n_value_ticks (renderer, i);

      g_assert_true (bg_plot_renderer_get_plot_area (renderer, i, NULL, NULL, NULL, &h));
      g_assert_cmpuint (ticks, >=, 3);
      g_assert_cmpfloat (h / (ticks - 1), >=, line);
    }
}

/* After a run in presentation mode at 1024×768 the canvas keeps 60 % of
 * the window (it had 41 %, labels 8 px); the plot keeps its readable
 * height and scrolls in what is left. */
static void
test_canvas_share_after_run (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  GtkWidget *view;
  GtkWidget *scroller;
  GtkAdjustment *adjustment;

  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_run_to_end (window);
  settle ();
  g_assert_cmpfloat (canvas_share (window), >=, 0.60);
  assert_plot_readable (window);
  view = GTK_WIDGET (bg_plot_pane_get_view (bg_test_ui_plot_pane (window)));
  scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_test_message ("plot %d px in a %.0f px view", gtk_widget_get_height (view),
                  gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), >=,
                     gtk_adjustment_get_page_size (adjustment));
  assert_fits (window, 1024, 768);

  /* normal mode: the plot's readable height, as before */
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();
  assert_plot_readable (window);
  assert_fits (window, 1024, 768);
  bg_test_ui_destroy_window (window);
}

/* The divider moves down under a real drag (it would not: the plot's
 * minimum held it), and stays where the user left it when the mode and the
 * page change. */
static void
test_divider_moves_down (void)
{
  const char *why = NULL;
  BgWindow *window;
  GtkPaned *paned;
  GtkWidget *handle;
  int before, after;

  if (!bg_test_pointer_available (&why))
    {
      g_test_skip (why);
      return;
    }
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  paned = window_paned (window);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_run_to_end (window);
  settle ();
  before = gtk_paned_get_position (paned);
  handle = paned_handle (paned);
  bg_test_pointer_drag (handle, gtk_widget_get_width (handle) / 2.0,
                        gtk_widget_get_height (handle) / 2.0,
                        gtk_widget_get_width (handle) / 2.0,
                        gtk_widget_get_height (handle) / 2.0 + 80);
  settle ();
  after = gtk_paned_get_position (paned);
  g_test_message ("divider %d → %d", before, after);
  g_assert_cmpint (after, >=, before + 60);
  assert_plot_readable (window);

  /* the window leaves it there */
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  g_assert_cmpint (gtk_paned_get_position (paned), ==, after);
  assert_fits (window, 1024, 768);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* A layout key as the user presses it, with the focus on the canvas. */
static void
press_layout_key (BgWindow *window,
                  guint     key)
{
  bg_test_pointer_key_with (GDK_KEY_Alt_L, key);
  settle ();
}

/* Alt+1, Alt+2, Alt+3: the diagram alone, both, the plot alone. */
static void
test_layout_keys (void)
{
  const char *why = NULL;
  BgWindow *window;
  GtkWidget *canvas, *slot;
  g_autofree char *layout = NULL;

  if (!bg_test_pointer_available (&why))
    {
      g_test_skip (why);
      return;
    }
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  canvas = GTK_WIDGET (bg_window_get_canvas (window));
  slot = window_slot (window);
  bg_test_ui_run_to_end (window);
  gtk_widget_grab_focus (canvas);
  settle ();
  g_assert_true (gtk_widget_get_mapped (canvas) && gtk_widget_get_mapped (slot));

  press_layout_key (window, GDK_KEY_1);
  layout = window_layout (window);
  g_assert_cmpstr (layout, ==, "diagram");
  g_assert_true (gtk_widget_get_mapped (canvas));
  g_assert_false (gtk_widget_get_mapped (slot));
  /* the canvas has the whole middle */
  g_assert_cmpint (gtk_widget_get_height (canvas), ==,
                   gtk_widget_get_height (GTK_WIDGET (window_paned (window))));
  assert_fits (window, 1024, 768);

  press_layout_key (window, GDK_KEY_3);
  g_clear_pointer (&layout, g_free);
  layout = window_layout (window);
  g_assert_cmpstr (layout, ==, "plot");
  g_assert_false (gtk_widget_get_mapped (canvas));
  g_assert_true (gtk_widget_get_mapped (slot));
  g_assert_cmpint (gtk_widget_get_height (slot), ==,
                   gtk_widget_get_height (GTK_WIDGET (window_paned (window))));
  /* the whole plot, unscrolled, in presentation mode too */
  g_object_set (window, "presentation-mode", TRUE, NULL);
  settle ();
  {
    GtkWidget *view = GTK_WIDGET (bg_plot_pane_get_view (bg_test_ui_plot_pane (window)));
    GtkWidget *scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);

    g_assert_cmpint (gtk_widget_get_height (view), <=, gtk_widget_get_height (scroller));
  }
  assert_plot_readable (window);
  assert_fits (window, 1024, 768);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  settle ();

  press_layout_key (window, GDK_KEY_2);
  g_clear_pointer (&layout, g_free);
  layout = window_layout (window);
  g_assert_cmpstr (layout, ==, "both");
  g_assert_true (gtk_widget_get_mapped (canvas) && gtk_widget_get_mapped (slot));
  bg_test_ui_destroy_window (window);

  /* and the Keyboard Shortcuts window lists the three keys */
  {
    g_autoptr(GtkBuilder) builder =
      gtk_builder_new_from_resource ("/org/bgmod/BGMod/ui/bg-shortcuts-window.ui");
    GSList *objects = gtk_builder_get_objects (builder);
    guint found = 0;

    for (GSList *l = objects; l != NULL; l = l->next)
      if (GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        {
          g_autofree char *accel = NULL;

          g_object_get (l->data, "accelerator", &accel, NULL);
          if (g_strcmp0 (accel, "<Alt>1") == 0 || g_strcmp0 (accel, "<Alt>2") == 0 ||
              g_strcmp0 (accel, "<Alt>3") == 0)
            found++;
        }
    g_slist_free (objects);
    g_assert_cmpuint (found, ==, 3);
  }
}

static gboolean
is_label_text (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
is_bound_to (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) &&
         g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), data) == 0;
}

/* The header bar's layout menu, clicked; the choice is the window's own
 * and the next window's, and a run or the equations bring the plot back. */
static void
test_layout_menu (void)
{
  const char *why = NULL;
  GSettings *settings = bg_application_get_settings (app);
  BgWindow *window, *other, *next;
  GtkWidget *button, *item;
  g_autofree char *layout = NULL;
  g_autofree char *saved = NULL;

  if (!bg_test_pointer_available (&why))
    {
      g_test_skip (why);
      return;
    }
  window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1024, 768);
  other = bg_test_ui_open_example (app, "rlc-circuit.bgmod", 1024, 768);
  button = bg_test_ui_find_widget (GTK_WIDGET (window), is_bound_to, "bg-layout-both-symbolic");
  g_assert_nonnull (button);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  bg_test_pointer_click (button, gtk_widget_get_width (button) / 2.0,
                         gtk_widget_get_height (button) / 2.0);
  settle ();
  item = bg_test_ui_find_widget (button, is_label_text, "Diagram Only");
  g_assert_nonnull (item);
  bg_test_pointer_click (item, gtk_widget_get_width (item) / 2.0,
                         gtk_widget_get_height (item) / 2.0);
  settle ();
  layout = window_layout (window);
  g_assert_cmpstr (layout, ==, "diagram");
  g_assert_cmpstr (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (button)), ==,
                   "bg-layout-diagram-symbolic");
  g_assert_false (gtk_widget_get_mapped (window_slot (window)));
  /* the other window keeps its own */
  g_clear_pointer (&layout, g_free);
  layout = window_layout (other);
  g_assert_cmpstr (layout, ==, "both");
  g_assert_true (gtk_widget_get_mapped (window_slot (other)));

  /* the next window starts with the last choice */
  if (settings != NULL)
    {
      saved = g_settings_get_string (settings, "window-layout");
      g_assert_cmpstr (saved, ==, "diagram");
      next = bg_test_ui_new_window (app, NULL);
      g_clear_pointer (&layout, g_free);
      layout = window_layout (next);
      g_assert_cmpstr (layout, ==, "diagram");
      bg_test_ui_destroy_window (next);
    }

  /* F5: the run is to be seen */
  bg_test_ui_run_to_end (window);
  settle ();
  g_clear_pointer (&layout, g_free);
  layout = window_layout (window);
  g_assert_cmpstr (layout, ==, "both");
  g_assert_true (gtk_widget_get_mapped (window_slot (window)));

  /* and the equations (F8) */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.layout", "s", "diagram"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-equations", NULL));
  settle ();
  g_assert_true (gtk_widget_get_mapped (window_slot (window)));

  if (settings != NULL)
    g_settings_reset (settings, "window-layout");
  bg_test_ui_destroy_window (other);
  bg_test_ui_destroy_window (window);
}

/* Every element's box within the canvas above its legend band. */
static void
assert_whole_graph (BgWindow *window)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  int w = gtk_widget_get_width (GTK_WIDGET (canvas));
  double h = gtk_widget_get_height (GTK_WIDGET (canvas));
  graphene_rect_t legend;
  double x0, y0, x1, y1;
  BgRect b;

  if (bg_canvas_get_legend_area (canvas, &legend))
    h -= legend.size.height;
  g_assert_true (bg_graph_renderer_get_bounds (renderer, bg_test_ui_window_model (window),
                                               bg_canvas_get_presentation_scale (canvas), &b));
  bg_graph_renderer_free (renderer);
  bg_canvas_model_to_view (canvas, b.x, b.y, &x0, &y0);
  bg_canvas_model_to_view (canvas, b.x + b.width, b.y + b.height, &x1, &y1);
  g_test_message ("graph at %.0f %%: (%.0f, %.0f)–(%.0f, %.0f) in %d×%.0f",
                  100 * bg_canvas_get_zoom (canvas), x0, y0, x1, y1, w, h);
  g_assert_cmpfloat (x0, >=, 0);
  g_assert_cmpfloat (y0, >=, 0);
  g_assert_cmpfloat (x1, <=, w);
  g_assert_cmpfloat (y1, <=, h);
}

/* The size of the canvas's label text in view px. */
static double
label_px (BgWindow *window)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  double scale = bg_graph_renderer_label_scale (renderer, bg_test_ui_window_model (window),
                                                bg_canvas_get_presentation_scale (canvas));

  bg_graph_renderer_free (renderer);
  return BG_GRAPH_LABEL_SIZE * scale * bg_canvas_get_zoom (canvas);
}

/* Before a run, with both sidebars folded in presentation mode, the bench
 * was cut off top and bottom (the empty plot slot took half the height)
 * and Ctrl+1 fitted it at 52 %: the slot now keeps only its hint, the
 * bench is whole as it opens and Ctrl+1 keeps a readable zoom. */
static void
test_before_run_fits (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  BgCanvas *canvas = bg_window_get_canvas (window);

  g_object_set (window, "presentation-mode", TRUE, "show-palette", FALSE,
                "show-inspector", FALSE, NULL);
  settle ();
  g_assert_cmpfloat (canvas_share (window), >=, 0.68);
  assert_whole_graph (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  settle ();
  assert_whole_graph (window);
  g_test_message ("Ctrl+1: %.0f %%, labels %.1f px", 100 * bg_canvas_get_zoom (canvas),
                  label_px (window));
  /* the whole width is the limit now, not the height an empty plot took */
  g_assert_cmpfloat (bg_canvas_get_zoom (canvas), >=, 0.65);
  assert_fits (window, 1024, 768);
  g_object_set (window, "presentation-mode", FALSE, "show-palette", TRUE,
                "show-inspector", TRUE, NULL);
  bg_test_ui_destroy_window (window);
}

/* The font size of every mapped label below @root, by label; with
 * @header_too FALSE, not the header bar's own (its menus are counted). */
static void
collect_label_sizes (GtkWidget  *root,
                     GHashTable *sizes,
                     gboolean    header_too)
{
  if (!gtk_widget_get_mapped (root))
    return;
  if (!header_too && GTK_IS_HEADER_BAR (root))
    return;
  if (GTK_IS_LABEL (root))
    {
      const PangoFontDescription *font =
        pango_context_get_font_description (gtk_widget_get_pango_context (root));

      g_hash_table_insert (sizes, root, GINT_TO_POINTER (pango_font_description_get_size (font)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_label_sizes (child, sizes, header_too);
}

/* How much the smallest-growing label of @before grew in @after. */
static double
least_growth (GHashTable *before,
              GHashTable *after,
              guint      *n)
{
  GHashTableIter iter;
  gpointer label, size;
  double least = G_MAXDOUBLE;

  *n = 0;
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &label, &size))
    {
      gpointer grown;

      if (!g_hash_table_lookup_extended (after, label, NULL, &grown))
        continue;
      if (GPOINTER_TO_INT (grown) / (double) GPOINTER_TO_INT (size) < least)
        g_test_message ("least so far: \"%s\" %.1f → %.1f pt", gtk_label_get_text (label),
                        GPOINTER_TO_INT (size) / (double) PANGO_SCALE,
                        GPOINTER_TO_INT (grown) / (double) PANGO_SCALE);
      least = MIN (least, GPOINTER_TO_INT (grown) / (double) GPOINTER_TO_INT (size));
      (*n)++;
    }
  return least;
}

static GtkWidget *
primary_menu_button (BgWindow *window)
{
  return bg_test_ui_find_widget (GTK_WIDGET (window), is_bound_to, "open-menu-symbolic");
}

/* The labels of the open main menu. */
static void
collect_menu_sizes (BgWindow   *window,
                    GHashTable *sizes)
{
  GtkWidget *button = primary_menu_button (window);
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  settle ();
  collect_label_sizes (GTK_WIDGET (popover), sizes, TRUE);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  settle ();
}

/* Presentation scale 2 (Preferences ▸ Projector) enlarges the whole
 * window as its hint says: palette, inspector, status line, plot pane and
 * menus by 1.43 (they stayed at 1.25 while the canvas doubled); the header
 * bar's buttons keep 1.25, and the window still fits 1024×768. */
static void
test_scale_two (void)
{
  GSettings *settings = bg_application_get_settings (app);
  BgWindow *window;
  g_autoptr(GHashTable) normal = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) large = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) menu_normal = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) menu_large = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) all_normal = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) all_large = g_hash_table_new (NULL, NULL);
  guint n = 0;

  if (settings == NULL)
    {
      g_test_skip ("the settings schema is not installed");
      return;
    }
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  bg_canvas_select_ids (bg_window_get_canvas (window), (const char *const[]) { "CYL", NULL });
  bg_test_ui_run_to_end (window);
  settle ();
  collect_label_sizes (GTK_WIDGET (window), normal, FALSE);
  collect_label_sizes (GTK_WIDGET (window), all_normal, TRUE);
  collect_menu_sizes (window, menu_normal);

  g_settings_set_double (settings, "presentation-scale", 2.0);
  settle ();
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (bg_window_get_canvas (window)), ==, 2.0);
  collect_label_sizes (GTK_WIDGET (window), large, FALSE);
  collect_label_sizes (GTK_WIDGET (window), all_large, TRUE);
  collect_menu_sizes (window, menu_large);

  g_assert_cmpfloat (least_growth (normal, large, &n), >=, 1.4);
  g_test_message ("%u labels of the window grow by 1.4 or more", n);
  g_assert_cmpuint (n, >=, 30);
  g_assert_cmpfloat (least_growth (menu_normal, menu_large, &n), >=, 1.4);
  g_test_message ("%u labels of the main menu grow by 1.4 or more", n);
  g_assert_cmpuint (n, >=, 10);
  /* the header bar's own still by a fifth */
  g_assert_cmpfloat (least_growth (all_normal, all_large, &n), >=, 1.2);
  assert_fits (window, 1024, 768);

  g_settings_reset (settings, "presentation-scale");
  settle ();
  bg_test_ui_destroy_window (window);
}

/* BGMOD_SHOT="WxH" (BGMOD_SHOT_PRESENTATION=1 for presentation mode, and
 * the caller's LANGUAGE) with BGMOD_TEST_SCREENSHOT_DIR: the bench after a
 * run in each layout, an Explain Causality step, the remedy bar and an
 * exercise's verdict, to look at (nothing is asserted on the pixels). */
static void
test_screenshots (void)
{
  const char *shot = g_getenv ("BGMOD_SHOT");
  const char *lang = g_getenv ("LANGUAGE");
  gboolean presentation = g_getenv ("BGMOD_SHOT_PRESENTATION") != NULL;
  int width = 1280, height = 800;
  g_autofree char *stem = NULL;
  BgWindow *window;
  static const char *const layouts[] = { "both", "diagram", "plot" };

  if (shot == NULL || g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_SHOT and BGMOD_TEST_SCREENSHOT_DIR are not set");
      return;
    }
  g_assert_cmpint (sscanf (shot, "%dx%d", &width, &height), ==, 2);
  stem = g_strdup_printf ("%dx%d-%s%s", width, height, lang != NULL && *lang != '\0' ? lang : "en",
                          presentation ? "-presentation" : "");

  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", width, height);
  g_object_set (window, "presentation-mode", presentation, NULL);
  bg_test_ui_run_to_end (window);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
    {
      g_autofree char *name = g_strdup_printf ("bench-after-run-%s-%s", layouts[i], stem);

      g_object_set (window, "layout", layouts[i], NULL);
      settle ();
      bg_test_ui_maybe_screenshot (name);
    }
  g_object_set (window, "layout", "both", NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.explain-causality", NULL));
  settle ();
  {
    GtkWidget *bar = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_css_class,
                                             "explain-bar");
    g_autofree char *name = g_strdup_printf ("explain-step13-%s", stem);

    g_assert_nonnull (bar);
    g_object_set (bar, "step", 12, NULL);
    settle ();
    bg_test_ui_maybe_screenshot (name);
  }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);

  window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", width, height);
  g_object_set (window, "presentation-mode", presentation, NULL);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  settle ();
  {
    g_autofree char *name = g_strdup_printf ("remedy-bar-%s", stem);

    bg_test_ui_maybe_screenshot (name);
  }
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
  tmp_dir = bg_test_ui_make_home ("bgmod-test-projector-layout-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/projector-layout/canvas-share-after-run", test_canvas_share_after_run);
  g_test_add_func ("/ui/projector-layout/divider-moves-down", test_divider_moves_down);
  g_test_add_func ("/ui/projector-layout/layout-keys", test_layout_keys);
  g_test_add_func ("/ui/projector-layout/layout-menu", test_layout_menu);
  g_test_add_func ("/ui/projector-layout/before-run-fits", test_before_run_fits);
  g_test_add_func ("/ui/projector-layout/scale-two", test_scale_two);
  g_test_add_func ("/ui/projector-layout/screenshots", test_screenshots);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
