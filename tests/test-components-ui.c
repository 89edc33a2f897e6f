/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components-ui.c — components in the window: opening an instance and
 * coming back, editing inside, Explode, a conflict inside.
 *
 * Owns: UI tests that drive the real window with real pointer and key
 * events (xdotool's XTest input on the Xvfb display, tests/bg-test-xdo.h:
 * the mouse moves, presses and drags over the canvas, keys go to the
 * focused window), and check the model, the canvas's level and view, the
 * breadcrumb bar and the strokes inside; with BGMOD_TEST_SCREENSHOT_DIR set,
 * the window inside a component at 1024×768 and 1280×800. Making
 * components by mouse, on every example, is
 * tests/test-components-make-ui.c's. Must not: edit the model behind the
 * widgets' back, except where a test says it stands for the inspector.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "bg-test-ui.h"
#include "bg-test-xdo.h"
#include "bg-breadcrumb-bar.h"
#include "bg-definition.h"
#include "bg-file.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"

static BgApplication *app;

static const char two_tanks[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Two tanks\","
  " \"components\": {\"Tank\": {\"label\": \"Tank with outlet\","
  "  \"elements\": ["
  "   {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 0, \"y\": 100},"
  "   {\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\", \"x\": 360, \"y\": 100},"
  "   {\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\", \"x\": 120, \"y\": 100},"
  "   {\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"x\": 120, \"y\": 220, \"params\": {\"value\": 1e-8}},"
  "   {\"id\": \"J2\", \"type\": \"1\", \"domain\": \"hydraulic\", \"x\": 240, \"y\": 100},"
  "   {\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"x\": 240, \"y\": 220, \"params\": {\"value\": 1e9}}],"
  "  \"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"},"
  "   {\"id\": \"b3\", \"from\": \"J\", \"to\": \"J2\"}, {\"id\": \"b4\", \"from\": \"J2\", \"to\": \"R\"},"
  "   {\"id\": \"b5\", \"from\": \"J2\", \"to\": \"OUT\"}],"
  "  \"parameters\": [\"C.value\", \"R.value\"]}},"
  " \"elements\": ["
  "  {\"id\": \"Q\", \"type\": \"Sf\", \"domain\": \"hydraulic\", \"x\": 60, \"y\": 160, \"params\": {\"value\": 1e-4}},"
  "  {\"id\": \"T1\", \"type\": \"Tank\", \"x\": 260, \"y\": 160},"
  "  {\"id\": \"T2\", \"type\": \"Tank\", \"x\": 500, \"y\": 160, \"params\": {\"C.value\": 2e-8}},"
  "  {\"id\": \"E\", \"type\": \"Se\", \"domain\": \"hydraulic\", \"x\": 740, \"y\": 160, \"params\": {\"value\": 0}}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"Q\", \"to\": \"T1.IN\"}, {\"id\": \"b2\", \"from\": \"T1.OUT\", \"to\": \"T2.IN\"},"
  "  {\"id\": \"b3\", \"from\": \"T2.OUT\", \"to\": \"E\"}],"
  " \"simulation\": {\"t_end\": 20, \"output_step\": 0.1}}";

/* A pair of capacitors on one 0-junction: one of them is in derivative
 * causality, in every instance. */
static const char cap_pair[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Capacitor pairs\","
  " \"components\": {\"Pair\": {"
  "  \"elements\": ["
  "   {\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0},"
  "   {\"id\": \"J\", \"type\": \"0\", \"domain\": \"electrical\", \"x\": 100, \"y\": 0},"
  "   {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", \"x\": 200, \"y\": -60},"
  "   {\"id\": \"C2\", \"type\": \"C\", \"domain\": \"electrical\", \"x\": 200, \"y\": 60}],"
  "  \"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"C1\"},"
  "   {\"id\": \"b3\", \"from\": \"J\", \"to\": \"C2\"}]}},"
  " \"elements\": ["
  "  {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0},"
  "  {\"id\": \"P1\", \"type\": \"Pair\", \"x\": 200, \"y\": 0}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"P1.IN\"}]}";
/* Helpers ------------------------------------------------------------------- */

static BgWindow *
window_for_text (const char *text,
                 int         width,
                 int         height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (text, -1, &error);
  g_autoptr(BgDocument) document = NULL;
  BgWindow *window;

  g_assert_no_error (error);
  document = bg_document_new_for_model (model, NULL);
  window = bg_window_new (GTK_APPLICATION (app), document);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  bg_test_ui_present (window);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_wait_ms (200);
  bg_canvas_zoom_to_fit (bg_window_get_canvas (window));
  bg_test_ui_pump ();
  return window;
}

static BgBreadcrumbBar *
bar_of (BgWindow *window)
{
  return bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_BREADCRUMB_BAR);
}

static gboolean
inside_cb (gpointer window)
{
  return bg_model_is_body (bg_canvas_get_model (bg_window_get_canvas (window)));
}

static gboolean
at_top_cb (gpointer window)
{
  return !inside_cb (window);
}

/* Into an instance and back ------------------------------------------------- */

static void
test_open_and_back (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgModel *model;
  BgBreadcrumbBar *bar;
  BgCanvasViewState view, back;
  g_autofree char *text = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) analysis = NULL;
  const char *chosen[] = { "Q", NULL };
  double x, y;

  if (!bg_test_xdo_available ())
    {
      g_test_skip ("needs xdotool on an X11 display");
      return;
    }
  window = window_for_text (two_tanks, 1280, 800);
  canvas = bg_window_get_canvas (window);
  model = bg_test_ui_window_model (window);
  bar = bar_of (window);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  /* the instance boxes at the top level, and a view of the user's own */
  bg_canvas_zoom_at (canvas, 0.8, 100, 100);
  bg_canvas_select_ids (canvas, chosen);
  bg_test_ui_pump ();
  bg_canvas_get_view_state (canvas, &view);

  bg_test_ui_element_point (canvas, "T2", &x, &y);
  bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
  g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  text = bg_breadcrumb_bar_dup_text (bar);
  g_assert_cmpstr (text, ==, "Two tanks › T2 (Tank)");
  g_assert_cmpstr (bg_breadcrumb_bar_get_note (bar), ==,
                   "An edit changes all 2 instances of Tank");
  g_assert_nonnull (bg_model_find_element (bg_canvas_get_model (canvas), "C"));
  /* the strokes are those of T2 in the flat graph */
  flat = bg_model_flatten (model, NULL, NULL);
  analysis = bg_causality_analyze (flat);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), ==,
                   bg_causality_lookup_stroke (analysis, "T2.b2"));
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b4"), ==,
                   bg_causality_lookup_stroke (analysis, "T2.b4"));
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), !=, BG_STROKE_NONE);
  g_assert_true (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));

  /* Escape goes back, to the view and selection left */
  bg_test_xdo_keys (GTK_WIDGET (canvas), "Escape");
  g_assert_true (bg_test_xdo_wait_for (at_top_cb, window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  bg_canvas_get_view_state (canvas, &back);
  g_assert_cmpfloat (back.zoom, ==, view.zoom);
  g_assert_cmpfloat (back.offset_x, ==, view.offset_x);
  g_assert_cmpfloat (back.offset_y, ==, view.offset_y);
  {
    /* the first click of the double-click chose T2 */
    g_auto(GStrv) now = bg_canvas_dup_selected_ids (canvas);

    g_assert_cmpstrv (now, ((const char *[]) { "T2", NULL }));
  }

  /* Enter on the selected T1 opens it; Backspace comes back */
  {
    const char *t1[] = { "T1", NULL };

    bg_canvas_select_ids (canvas, t1);
  }
  bg_test_xdo_keys (GTK_WIDGET (canvas), "Return");
  g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
  g_clear_pointer (&text, g_free);
  text = bg_breadcrumb_bar_dup_text (bar);
  g_assert_cmpstr (text, ==, "Two tanks › T1 (Tank)");
  /* the focus stayed on the canvas: the inspector did not take Enter */
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (canvas)));
  bg_test_xdo_keys (GTK_WIDGET (canvas), "BackSpace");
  g_assert_true (bg_test_xdo_wait_for (at_top_cb, window));

  /* and a click on the breadcrumb */
  bg_test_ui_element_point (canvas, "T1", &x, &y);
  bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
  g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
  {
    GtkWidget *top = bg_breadcrumb_bar_get_button (bar, 0);
    int w = gtk_widget_get_width (top), h = gtk_widget_get_height (top);

    g_assert_nonnull (top);
    bg_test_xdo_click (top, w / 2.0, h / 2.0);
  }
  g_assert_true (bg_test_xdo_wait_for (at_top_cb, window));
  bg_test_ui_destroy_window (window);
}

/* An edit inside changes every instance, as one step ------------------------- */

static double
flat_number (BgModel    *model,
             const char *element)
{
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);
  BgElement *el = bg_model_find_element (flat, element);

  g_assert_nonnull (el);
  return el->params[0].number;
}

static void
test_edit_inside (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgModel *model, *body;
  g_autofree char *original = NULL;
  g_autoptr(GError) error = NULL;
  double x, y, rx, ry;

  if (!bg_test_xdo_available ())
    {
      g_test_skip ("needs xdotool on an X11 display");
      return;
    }
  window = window_for_text (two_tanks, 1280, 800);
  canvas = bg_window_get_canvas (window);
  model = bg_test_ui_window_model (window);
  original = bg_file_to_data (model, NULL);
  bg_test_ui_element_point (canvas, "T1", &x, &y);
  bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
  g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
  body = bg_canvas_get_model (canvas);

  /* what the inspector does with a new capacitance */
  g_assert_true (bg_model_set_param_number (body, "C", "value", 5e-8, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Change C.value");
  g_assert_cmpfloat (flat_number (model, "T1.C"), ==, 5e-8);
  g_assert_cmpfloat (flat_number (model, "T2.C"), ==, 2e-8); /* its own value stays */
  g_assert_false (bg_model_can_undo (body));

  /* a drag of R inside, by mouse: one more step of the document */
  bg_test_ui_element_point (canvas, "R", &rx, &ry);
  bg_test_xdo_drag (GTK_WIDGET (canvas), rx, ry, rx + 60, ry + 40);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Move R");
  g_assert_cmpfloat (bg_model_find_element (bg_model_find_definition (model, "Tank")->body,
                                            "R")->x, >, 250);

  /* undo inside: the view follows the definition */
  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+z");
  g_assert_cmpfloat (bg_model_find_element (bg_canvas_get_model (canvas), "R")->x, ==, 240);
  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+z");
  g_assert_cmpfloat (flat_number (model, "T1.C"), ==, 1e-8);
  g_assert_cmpfloat (bg_model_find_element (bg_canvas_get_model (canvas), "C")->params[0].number,
                     ==, 1e-8);
  g_assert_true (inside_cb (window));
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_cmpstr (text, ==, original);
  }

  /* the settings shown inside are the document's */
  {
    BgSimSettings settings = *bg_model_get_simulation (body);

    g_assert_cmpfloat (settings.t_end, ==, 20);
    settings.t_end = 30;
    g_assert_true (bg_model_set_simulation (body, &settings, &error));
    bg_test_ui_pump ();
    g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 30);
    g_assert_true (bg_model_undo (model));
    bg_test_ui_pump ();
    g_assert_cmpfloat (bg_model_get_simulation (body)->t_end, ==, 20);
    g_assert_cmpstr (bg_model_get_name (body), ==, "Two tanks");
  }

  /* a body that cannot be a component is refused, the copy goes back */
  {
    const char *ports[] = { "IN", "OUT", NULL };

    g_assert_true (bg_model_remove_elements (body, ports, 2, &error));
    bg_test_ui_pump ();
    g_assert_nonnull (bg_model_find_element (bg_canvas_get_model (canvas), "IN"));
    g_assert_false (bg_model_can_undo (model));
  }
  bg_test_ui_destroy_window (window);
}

/* Explode -------------------------------------------------------------------- */

static void
test_explode (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgModel *model;
  g_autofree char *original = NULL;
  const char *t2[] = { "T2", NULL };
  g_auto(GStrv) selected = NULL;

  window = window_for_text (two_tanks, 1280, 800);
  canvas = bg_window_get_canvas (window);
  model = bg_test_ui_window_model (window);
  original = bg_file_to_data (model, NULL);
  bg_canvas_select_ids (canvas, t2);
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "win.explode-component", NULL));
  bg_test_ui_pump ();
  g_assert_null (bg_model_find_element (model, "T2"));
  g_assert_nonnull (bg_model_find_element (model, "T2_C"));
  g_assert_cmpfloat (bg_model_find_element (model, "T2_C")->params[0].number, ==, 2e-8);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Explode T2");
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_true (g_strv_contains ((const char *const *) selected, "T2_C"));
  g_assert_true (g_strv_contains ((const char *const *) selected, "T2_R"));
  /* T1 still uses Tank */
  g_assert_nonnull (bg_model_find_definition (model, "Tank"));
  g_assert_true (bg_model_undo (model));
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_cmpstr (text, ==, original);
  }
  bg_test_ui_destroy_window (window);
}

/* A conflict inside --------------------------------------------------------- */

static void
test_conflict_inside (void)
{
  BgWindow *window = window_for_text (cap_pair, 1024, 768);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgCausality *causality = bg_canvas_get_causality (canvas);
  g_auto(GStrv) selected = NULL;

  /* the instance box is red at the top level */
  g_assert_nonnull (causality);
  g_assert_true (bg_causality_element_has_error (causality, "P1"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-culprits", NULL));
  bg_test_ui_pump ();
  g_assert_true (inside_cb (window));
  /* "P1.C1 is forced into derivative causality by U (U → b1 → P1.J → P1.b2)":
   * inside P1, its C1, J and bonds b1 (through the port) and b2 */
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpstrv (selected, ((const char *[]) { "J", "C1", "b1", "b2", NULL }));
  g_assert_true (bg_causality_element_has_error (bg_canvas_get_causality (canvas), "C1"));
  g_assert_true (bg_causality_element_has_error (bg_canvas_get_causality (canvas), "C2"));
  bg_test_xdo_screenshot (GTK_WIDGET (window), "conflict-inside-1024x768");
  bg_test_ui_destroy_window (window);
}

/* Nested levels and the screenshots ------------------------------------------- */

/* "-ru" for pictures taken with LANGUAGE=ru (the test reads the same). */
static const char *
picture_suffix (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && g_str_has_prefix (language, "ru") ? "-ru" : "";
}

static void
test_nested_and_pictures (void)
{
  static const int sizes[][2] = { { 1024, 768 }, { 1280, 800 } };

  if (!bg_test_xdo_available ())
    {
      g_test_skip ("needs xdotool on an X11 display");
      return;
    }
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      BgWindow *window = window_for_text (two_tanks, sizes[s][0], sizes[s][1]);
      BgCanvas *canvas = bg_window_get_canvas (window);
      BgModel *model = bg_test_ui_window_model (window);
      BgBreadcrumbBar *bar = bar_of (window);
      g_autoptr(GError) error = NULL;
      g_autofree char *name = NULL;
      g_autofree char *text = NULL;
      const char *pair[] = { "T1", "T2", NULL };
      double x, y;

      /* one level down: the tank T2 */
      bg_test_ui_element_point (canvas, "T2", &x, &y);
      bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
      g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
      name = g_strdup_printf ("instance-%dx%d%s", sizes[s][0], sizes[s][1], picture_suffix ());
      bg_test_xdo_screenshot (GTK_WIDGET (window), name);
      bg_test_xdo_keys (GTK_WIDGET (canvas), "Escape");
      g_assert_true (bg_test_xdo_wait_for (at_top_cb, window));

      /* a component of the two tanks, then into it and into its T2 */
      g_assert_nonnull (bg_model_make_component (model, pair, "Line", &error));
      g_assert_no_error (error);
      bg_test_ui_pump ();
      bg_canvas_zoom_to_fit (canvas);
      bg_test_ui_wait_ms (250);
      g_free (name);
      name = g_strdup_printf ("top-%dx%d%s", sizes[s][0], sizes[s][1], picture_suffix ());
      bg_test_xdo_screenshot (GTK_WIDGET (window), name);
      bg_test_ui_element_point (canvas, "Line1", &x, &y);
      bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
      g_assert_true (bg_test_xdo_wait_for (inside_cb, window));
      /* the bar takes its height and the body is fitted below it */
      bg_test_ui_wait_ms (400);
      bg_test_ui_element_point (canvas, "T2", &x, &y);
      bg_test_xdo_double_click (GTK_WIDGET (canvas), x, y);
      bg_test_ui_wait_ms (200);
      text = bg_breadcrumb_bar_dup_text (bar);
      g_assert_cmpstr (text, ==, "Two tanks › Line1 (Line) › T2 (Tank)");
      /* the strokes of this T2, the one inside Line1 */
      {
        g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);
        g_autoptr(BgCausality) analysis = bg_causality_analyze (flat);
        const char *inner[] = { "b2", "b3", "b4", NULL };

        for (guint i = 0; inner[i] != NULL; i++)
          {
            g_autofree char *path = g_strconcat ("Line1.T2.", inner[i], NULL);

            g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, inner[i]), ==,
                             bg_causality_lookup_stroke (analysis, path));
          }
        /* b5 goes out through OUT and Line1's B3 port: the bond b3 */
        g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b5"), ==,
                         bg_causality_lookup_stroke (analysis, "b3"));
      }
      {
        /* in the language the pictures are taken in */
        g_autofree char *note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "An edit changes all %lu instance of %s",
                                                              "An edit changes all %lu instances of %s",
                                                              2), 2ul, "Tank");

        g_assert_cmpstr (bg_breadcrumb_bar_get_note (bar), ==, note);
      }
      g_free (name);
      name = g_strdup_printf ("breadcrumb-%dx%d%s", sizes[s][0], sizes[s][1], picture_suffix ());
      bg_test_xdo_screenshot (GTK_WIDGET (window), name);
      /* the first crumb goes all the way up */
      {
        GtkWidget *top = bg_breadcrumb_bar_get_button (bar, 0);

        bg_test_xdo_click (top, gtk_widget_get_width (top) / 2.0, gtk_widget_get_height (top) / 2.0);
      }
      g_assert_true (bg_test_xdo_wait_for (at_top_cb, window));
      g_assert_nonnull (bg_model_find_element (bg_canvas_get_model (canvas), "Line1"));
      bg_test_ui_destroy_window (window);
    }
}

int
main (int    argc,
      char **argv)
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  /* GTK's X11 backend: the input is X's */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-components-ui-XXXXXX");
  app = bg_test_ui_app_new ();
  g_test_add_func ("/ui/components/open-and-back", test_open_and_back);
  g_test_add_func ("/ui/components/edit-inside", test_edit_inside);
  g_test_add_func ("/ui/components/explode", test_explode);
  g_test_add_func ("/ui/components/conflict-inside", test_conflict_inside);
  g_test_add_func ("/ui/components/nested-and-pictures", test_nested_and_pictures);
  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
