/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components-views.c — the teaching and engineering views across the
 * levels of a model with components, in the real window.
 *
 * Owns: UI tests that drive the window with real pointer and key input
 * (XTEST on the Xvfb display, bg-test-pointer.h): Explain Causality
 * stepping into an instance and out of it again (a step inside is first
 * lit on the instance's box, the next step forward opens it), by the
 * keys, the bar's button, Play and a double-click; exercise mode inside an
 * instance (strokes placed there are that instance's, in the document by
 * path, undone by Ctrl+Z, graded by path and marked on the level shown);
 * the variable picker's groups by instance and the plot taking an inner
 * element's variables; the equations' per-instance symbols selecting at
 * the level shown; the conflict badge on an instance's box opening it at
 * its conflict. With BGMOD_TEST_SCREENSHOT_DIR set, pictures at the
 * screen's size (run it at 1024×768 and 1280×800, with LANGUAGE=ru too):
 * inside an instance with its breadcrumb, the palette's "My components",
 * Explain Causality stepping inside an instance. Must not: edit the model
 * behind the widgets' back, or assert a translated text (the tests read
 * the same in Russian).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-test-ui.h"
#include "bg-test-pointer.h"
#include "bg-breadcrumb-bar.h"
#include "bg-causality-check.h"
#include "bg-causality-trace.h"
#include "bg-definition.h"
#include "bg-equations-pane.h"
#include "bg-explain-bar.h"
#include "bg-file.h"
#include "bg-graph-renderer.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"
#include "bg-variable-picker.h"

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

/* Two capacitors on one 0-junction inside P1: a conflict inside. */
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

static gboolean
can_drive (void)
{
  const char *why = NULL;

  if (bg_test_pointer_available (&why))
    return TRUE;
  g_test_skip (why);
  return FALSE;
}

static BgWindow *
show (BgWindow *window,
      int       width,
      int       height)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  bg_test_ui_present (window);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_wait_ms (300);
  bg_canvas_zoom_to_fit (bg_window_get_canvas (window));
  bg_test_ui_wait_ms (100);
  return window;
}

static BgWindow *
window_for_text (const char *text,
                 int         width,
                 int         height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (text, -1, &error);
  g_autoptr(BgDocument) document = NULL;

  g_assert_no_error (error);
  document = bg_document_new_for_model (model, NULL);
  return show (bg_window_new (GTK_APPLICATION (app), document), width, height);
}

static BgCanvas *
canvas_of (BgWindow *window)
{
  return bg_window_get_canvas (window);
}

/* The model the canvas shows is an instance's body (not the document). */
static gboolean
inside (BgWindow *window)
{
  return bg_model_is_body (bg_canvas_get_model (canvas_of (window)));
}

static void
element_point (BgCanvas   *canvas,
               const char *id,
               double     *x,
               double     *y)
{
  BgElement *el = bg_model_find_element (bg_canvas_get_model (canvas), id);

  g_assert_nonnull (el);
  bg_canvas_model_to_view (canvas, el->x, el->y, x, y);
}

static void
double_click_element (BgWindow   *window,
                      const char *id)
{
  double x, y;

  element_point (canvas_of (window), id, &x, &y);
  bg_test_pointer_double_click (GTK_WIDGET (canvas_of (window)), x, y);
  /* the bar takes its height and the body is fitted below it */
  bg_test_ui_wait_ms (300);
}

/* Where the bond's end at the element is drawn, a few pixels into it. */
static void
end_point (BgCanvas   *canvas,
           const char *bond_id,
           gboolean    at_to,
           double     *x,
           double     *y)
{
  BgBond *bond = bg_model_find_bond (bg_canvas_get_model (canvas), bond_id);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  BgGraphView view;
  BgPoint from, to, end, other;
  double len;

  g_assert_nonnull (bond);
  bg_graph_view_init (&view);
  view.presentation_scale = bg_canvas_get_presentation_scale (canvas);
  g_assert_true (bg_graph_renderer_bond_ends (renderer, bond, &view, &from, &to));
  bg_graph_renderer_free (renderer);
  bg_canvas_model_to_view (canvas, from.x, from.y, &from.x, &from.y);
  bg_canvas_model_to_view (canvas, to.x, to.y, &to.x, &to.y);
  end = at_to ? to : from;
  other = at_to ? from : to;
  len = hypot (other.x - end.x, other.y - end.y);
  *x = end.x + 6 * (other.x - end.x) / len;
  *y = end.y + 6 * (other.y - end.y) / len;
}

static void
click_widget (GtkWidget *widget)
{
  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_mapped (widget));
  bg_test_pointer_click (widget, gtk_widget_get_width (widget) / 2.0,
                         gtk_widget_get_height (widget) / 2.0);
}

static BgBreadcrumbBar *
bar_of (BgWindow *window)
{
  return bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_BREADCRUMB_BAR);
}

static BgExplainBar *
explain_bar_of (BgWindow *window)
{
  return bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_EXPLAIN_BAR);
}

static gboolean
explaining (BgWindow *window)
{
  gboolean on = FALSE;

  g_object_get (window, "explain-causality", &on, NULL);
  return on;
}

static gboolean
ids_contain (BgCanvas                 *canvas,
             BgCanvasExplainHighlight  which,
             const char               *id)
{
  g_auto(GStrv) ids = bg_canvas_dup_explain_ids (canvas, which);

  return g_strv_contains ((const char *const *) ids, id);
}

static gboolean
label_contains (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

/* "-ru" for pictures taken with LANGUAGE=ru. */
static const char *
picture_suffix (void)
{
  const char *language = g_getenv ("LANGUAGE");

  return language != NULL && g_str_has_prefix (language, "ru") ? "-ru" : "-en";
}

static void
screen_size (int *width,
             int *height)
{
  GdkDisplay *display = gdk_display_get_default ();
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle area;

  gdk_monitor_get_geometry (monitor, &area);
  g_object_unref (monitor);
  *width = area.width;
  *height = area.height;
}

static void
picture (const char *what)
{
  g_autofree char *name = NULL;
  int width, height;

  screen_size (&width, &height);
  name = g_strdup_printf ("%s-%dx%d%s", what, width, height, picture_suffix ());
  bg_test_ui_wait_ms (400);
  bg_test_ui_maybe_screenshot (name);
}

/* The levels of the steps of a model's flat graph ("" or "FRONT."). */
static GStrv
step_levels (BgModel *model)
{
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);
  g_autoptr(BgCausalityTrace) trace = NULL;
  g_autoptr(BgCausality) analysis = bg_causality_analyze_traced (flat, &trace);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint k = 0; k < bg_causality_trace_get_n_steps (trace); k++)
    {
      g_autofree char *level = bg_causality_trace_dup_step_level (trace, k);

      g_strv_builder_add (builder, level);
    }
  return g_strv_builder_end (builder);
}

static guint
first_step_at (GStrv       levels,
               const char *level)
{
  for (guint k = 0; levels[k] != NULL; k++)
    if (g_str_equal (levels[k], level))
      return k;
  g_assert_not_reached ();
}

/* Explain Causality --------------------------------------------------------------- */

/* Right until the bar shows step k (at most `presses`). */
static void
press_right_to (BgWindow *window,
                guint     k,
                guint     presses)
{
  for (guint i = 0; i < presses && bg_explain_bar_get_step (explain_bar_of (window)) < k; i++)
    bg_test_pointer_key (GDK_KEY_Right);
  g_assert_cmpuint (bg_explain_bar_get_step (explain_bar_of (window)), ==, k);
}

static void
test_explain_steps_inside (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgExplainBar *bar;
  BgModel *document;
  g_auto(GStrv) levels = NULL;
  g_autofree char *crumbs = NULL;
  guint front, rear, n;
  gint64 end;

  if (!can_drive ())
    return;
  window = show (bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800), 1280, 800);
  canvas = canvas_of (window);
  bar = explain_bar_of (window);
  document = bg_test_ui_window_model (window);
  levels = step_levels (document);
  n = g_strv_length (levels);
  front = first_step_at (levels, "FRONT.");
  rear = first_step_at (levels, "REAR.");
  g_assert_cmpuint (front, >, 0);
  g_assert_cmpuint (rear, >, front);

  bg_test_pointer_click (GTK_WIDGET (canvas), 5, 5);
  bg_test_pointer_key_with2 (GDK_KEY_Control_L, GDK_KEY_Shift_L, GDK_KEY_e);
  g_assert_true (explaining (window));
  g_assert_cmpuint (bg_explain_bar_get_n_steps (bar), ==, n);
  g_assert_false (inside (window));

  /* the steps before FRONT's at the top; FRONT's first lit on its box */
  press_right_to (window, front, front);
  g_assert_false (inside (window));
  g_assert_true (ids_contain (canvas, BG_CANVAS_EXPLAIN_CURRENT, "FRONT"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), label_contains, "FRONT (QuarterCar)"));
  /* the next step forward opens FRONT on the same step */
  bg_test_pointer_key (GDK_KEY_Right);
  bg_test_ui_wait_ms (200);
  g_assert_true (inside (window));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, front);
  crumbs = bg_breadcrumb_bar_dup_text (bar_of (window));
  g_assert_nonnull (strstr (crumbs, "FRONT (QuarterCar)"));
  g_assert_true (ids_contain (canvas, BG_CANVAS_EXPLAIN_CURRENT, "K_tyre"));
  g_assert_false (ids_contain (canvas, BG_CANVAS_EXPLAIN_CURRENT, "FRONT"));
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), !=, BG_STROKE_NONE);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b4"), ==, BG_STROKE_NONE);
  picture ("explain-inside-FRONT");

  /* the bar's own button: the next step, still inside */
  click_widget (bg_test_ui_find_actionable (GTK_WIDGET (bar), "win.explain-next"));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, front + 1);
  g_assert_true (inside (window));

  /* on to REAR's first step: up to the top, REAR lit, then into REAR */
  press_right_to (window, rear, rear - front + 2);
  g_assert_false (inside (window));
  g_assert_true (ids_contain (canvas, BG_CANVAS_EXPLAIN_CURRENT, "REAR"));
  bg_test_pointer_key (GDK_KEY_Right);
  g_assert_true (inside (window));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, rear);
  g_free (crumbs);
  crumbs = bg_breadcrumb_bar_dup_text (bar_of (window));
  g_assert_nonnull (strstr (crumbs, "REAR (QuarterCar)"));

  /* back the same way: out of REAR on its step, then FRONT's last step */
  bg_test_pointer_key (GDK_KEY_Left);
  g_assert_false (inside (window));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, rear);
  bg_test_pointer_key (GDK_KEY_Left);
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, rear - 1);
  g_free (crumbs);
  crumbs = bg_breadcrumb_bar_dup_text (bar_of (window));
  g_assert_nonnull (strstr (crumbs, "FRONT (QuarterCar)"));

  /* Home: the first step at the top */
  bg_test_pointer_key (GDK_KEY_Home);
  g_assert_false (inside (window));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, 0);

  /* the user opens REAR by hand: the step stays, seen from inside */
  bg_test_pointer_key (GDK_KEY_Right);
  double_click_element (window, "REAR");
  g_assert_true (explaining (window));
  g_assert_true (inside (window));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, 1);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), ==, BG_STROKE_NONE);

  /* Play from the start: every step, into each instance, to the last
   * one, inside REAR */
  bg_test_pointer_key (GDK_KEY_Home);
  bg_explain_bar_set_play_interval (bar, 40);
  bg_test_pointer_key (GDK_KEY_p);
  end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (bg_explain_bar_get_playing (bar) && g_get_monotonic_time () < end)
    bg_test_ui_wait_ms (20);
  g_assert_false (bg_explain_bar_get_playing (bar));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, n - 1);
  g_assert_true (inside (window));
  g_free (crumbs);
  crumbs = bg_breadcrumb_bar_dup_text (bar_of (window));
  g_assert_nonnull (strstr (crumbs, "REAR (QuarterCar)"));
  /* the last step shows REAR's strokes as the analysis seen from it */
  {
    BgModel *body = bg_canvas_get_model (canvas);
    GPtrArray *bonds = bg_model_get_bonds (body);
    BgCausality *seen = bg_canvas_get_causality (canvas);

    for (guint i = 0; i < bonds->len; i++)
      g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, ((BgBond *) g_ptr_array_index (bonds, i))->id),
                       ==, bg_causality_get_stroke (seen, i));
  }

  /* Escape leaves the mode, and the level stays */
  bg_test_pointer_key (GDK_KEY_Escape);
  g_assert_false (explaining (window));
  g_assert_true (inside (window));
  bg_test_ui_destroy_window (window);
}

/* Exercise mode inside an instance ---------------------------------------------------- */

static void
open_in_exercise (BgWindow   *window,
                  const char *id)
{
  double x, y;

  /* on the instance's box, whatever bond ends lie near its centre */
  element_point (canvas_of (window), id, &x, &y);
  bg_test_pointer_double_click (GTK_WIDGET (canvas_of (window)), x, y);
  bg_test_ui_wait_ms (300);
}

static void
click_end (BgWindow   *window,
           const char *bond_id,
           gboolean    at_to)
{
  double x, y;

  end_point (canvas_of (window), bond_id, at_to, &x, &y);
  bg_test_pointer_click (GTK_WIDGET (canvas_of (window)), x, y);
}

static void
test_exercise_inside (void)
{
  BgWindow *window;
  BgModel *document;
  BgModel *tank;
  BgCanvas *canvas;
  const BgGrade *marks;
  g_autoptr(BgGrade) expected = NULL;
  g_autofree char *text = NULL;

  if (!can_drive ())
    return;
  window = window_for_text (two_tanks, 1280, 800);
  canvas = canvas_of (window);
  document = bg_test_ui_window_model (window);
  tank = bg_model_find_definition (document, "Tank")->body;

  bg_test_pointer_click (GTK_WIDGET (canvas), 5, 5);
  bg_test_pointer_key_with2 (GDK_KEY_Control_L, GDK_KEY_Shift_L, GDK_KEY_x);
  g_assert_true (bg_canvas_get_exercise_mode (canvas));
  /* the exercise bar takes its height above the canvas */
  bg_test_ui_wait_ms (400);
  /* into T2, still in exercise mode */
  open_in_exercise (window, "T2");
  g_assert_true (inside (window));
  g_assert_true (bg_canvas_get_exercise_mode (canvas));

  /* b4 J2 → R: the stroke at R, on T2's b4 alone */
  click_end (window, "b4", TRUE);
  g_assert_cmpint (bg_model_get_exercise_stroke (document, "T2.b4"), ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_model_get_exercise_stroke (document, "T1.b4"), ==, BG_STROKE_NONE);
  g_assert_cmpint (bg_model_find_bond (tank, "b4")->exercise, ==, BG_STROKE_NONE);
  g_assert_cmpint (bg_model_find_bond (bg_canvas_get_model (canvas), "b4")->exercise, ==,
                   BG_STROKE_AT_TO);
  g_assert_cmpstr (bg_model_get_undo_label (document), ==, "Place a stroke on T2.b4 at T2.R");
  /* b1 IN → J is the outer b2 through the port: the stroke at J is b2's */
  click_end (window, "b1", TRUE);
  g_assert_cmpint (bg_model_get_exercise_stroke (document, "b2"), ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_model_find_bond (bg_canvas_get_model (canvas), "b1")->exercise, ==,
                   BG_STROKE_AT_TO);
  /* S on a selected bond cycles its stroke there too: b2 J → C */
  {
    const char *ids[] = { "b2", NULL };

    bg_canvas_select_ids (canvas, ids);
    bg_test_pointer_key (GDK_KEY_s);
    g_assert_cmpint (bg_model_get_exercise_stroke (document, "T2.b2"), ==, BG_STROKE_AT_TO);
  }

  /* F7: the flat graph graded by path, marked on T2's bonds */
  bg_test_pointer_key (GDK_KEY_F7);
  expected = bg_grade_exercise (document);
  marks = bg_canvas_get_exercise_grade (canvas);
  g_assert_nonnull (marks);
  g_assert_cmpuint (bg_grade_get_n_bonds (marks), ==, bg_model_get_bonds (tank)->len);
  g_assert_cmpint (bg_grade_lookup (marks, "b4")->verdict, ==,
                   bg_grade_lookup (expected, "T2.b4")->verdict);
  g_assert_cmpint (bg_grade_lookup (marks, "b1")->verdict, ==,
                   bg_grade_lookup (expected, "b2")->verdict);
  g_assert_cmpint (bg_grade_lookup (marks, "b3")->verdict, ==, BG_VERDICT_MISSING);
  /* the bar lists what is missing by path */
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), label_contains, "T2.b3"));

  /* saved by path */
  text = bg_file_to_data (document, NULL);
  g_assert_nonnull (strstr (text, "\"exercise\": {\"strokes\": {\"b2\": \"to\", \"T2.b2\": \"to\", "
                                  "\"T2.b4\": \"to\"}}"));

  /* up: the top level shows b2's stroke; T1 shows none of T2's */
  bg_test_pointer_key (GDK_KEY_Escape);
  g_assert_false (inside (window));
  g_assert_cmpint (bg_model_find_bond (document, "b2")->exercise, ==, BG_STROKE_AT_TO);
  open_in_exercise (window, "T1");
  g_assert_true (inside (window));
  g_assert_cmpint (bg_model_find_bond (bg_canvas_get_model (canvas), "b4")->exercise, ==,
                   BG_STROKE_NONE);
  bg_test_pointer_key (GDK_KEY_Escape);

  /* Ctrl+Z three times: the strokes go, the copies follow */
  open_in_exercise (window, "T2");
  g_assert_true (inside (window));
  for (guint i = 0; i < 3; i++)
    bg_test_pointer_key_with (GDK_KEY_Control_L, GDK_KEY_z);
  g_assert_false (bg_model_has_exercise (document));
  g_assert_cmpint (bg_model_find_bond (bg_canvas_get_model (canvas), "b4")->exercise, ==,
                   BG_STROKE_NONE);
  g_assert_cmpint (bg_model_find_bond (bg_canvas_get_model (canvas), "b1")->exercise, ==,
                   BG_STROKE_NONE);
  bg_test_ui_destroy_window (window);
}

/* Variables by instance ------------------------------------------------------------- */

static gboolean
is_heading_row (GtkWidget     *widget,
                gconstpointer  title)
{
  GtkWidget *box, *label;

  if (!GTK_IS_LIST_BOX_ROW (widget) || !gtk_widget_has_css_class (widget, "instance-heading"))
    return FALSE;
  box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget));
  label = gtk_widget_get_first_child (box);
  return g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), title) == 0;
}

static gboolean
is_var_check (GtkWidget     *widget,
              gconstpointer  name)
{
  GtkWidget *label;
  g_autofree char *start = NULL;

  if (!GTK_IS_CHECK_BUTTON (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  label = gtk_check_button_get_child (GTK_CHECK_BUTTON (widget));
  start = g_strconcat (name, "  ", NULL);
  return GTK_IS_LABEL (label) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), start);
}

static void
test_variables_by_instance (void)
{
  BgWindow *window;
  BgPlotPane *pane;
  BgVariablePicker *picker;
  GtkWidget *heading, *check, *menu_button;
  g_auto(GStrv) vars = NULL;

  if (!can_drive ())
    return;
  window = window_for_text (two_tanks, 1280, 800);
  pane = bg_test_ui_plot_pane (window);
  picker = bg_plot_pane_get_picker (pane);
  /* the plot slot shows the time plot (Alt+2: diagram and plot); its
   * Variables button opens the list */
  bg_test_pointer_click (GTK_WIDGET (canvas_of (window)), 5, 5);
  bg_test_pointer_key_with (GDK_KEY_Alt_L, GDK_KEY_2);
  bg_test_ui_wait_ms (300);
  menu_button = gtk_widget_get_ancestor (GTK_WIDGET (picker), GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu_button);
  click_widget (menu_button);
  bg_test_ui_wait_ms (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (picker)));
  picture ("variables-by-instance");

  /* each instance a heading of its own, its variables by path below it */
  heading = bg_test_ui_find_widget (GTK_WIDGET (picker), is_heading_row, "T2");
  g_assert_nonnull (heading);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (picker), is_heading_row, "T1"));
  check = bg_test_ui_find_widget (GTK_WIDGET (picker), is_var_check, "T2.C.q");
  g_assert_nonnull (check);
  /* below T2's heading, above the next heading of an instance */
  {
    GtkWidget *row = gtk_widget_get_ancestor (check, GTK_TYPE_LIST_BOX_ROW);
    int at = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
    int head = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (heading));

    g_assert_cmpint (at, >, head);
    for (int i = head + 1; i < at; i++)
      g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (gtk_list_box_get_row_at_index (
                        GTK_LIST_BOX (gtk_widget_get_parent (row)), i)), "instance-heading"));
  }
  /* the search finds a path: only T2's C is left */
  bg_test_pointer_type ("t2.c.");
  bg_test_ui_wait_ms (300);
  g_assert_cmpuint (bg_variable_picker_count_visible (picker), >, 0);
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (picker), is_var_check, "T1.C.q"));
  check = bg_test_ui_find_widget (GTK_WIDGET (picker), is_var_check, "T2.C.q");
  g_assert_nonnull (check);
  /* a real click ticks it: the plot takes T2.C.q */
  click_widget (check);
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_true (g_strv_contains ((const char *const *) vars, "T2.C.q"));
  bg_test_pointer_key (GDK_KEY_Escape);
  bg_test_pointer_key (GDK_KEY_Escape);
  bg_test_ui_wait_ms (200);

  /* a double-click on an element inside T1 plots its variables by path */
  double_click_element (window, "T1");
  g_assert_true (inside (window));
  double_click_element (window, "C");
  g_clear_pointer (&vars, g_strfreev);
  vars = bg_plot_pane_dup_vars (pane);
  {
    g_auto(GStrv) own = bg_variable_picker_dup_element_vars (bg_test_ui_window_model (window), "T1.C");

    g_assert_nonnull (own[0]);
    for (guint i = 0; own[i] != NULL; i++)
      {
        g_assert_true (g_str_has_prefix (own[i], "T1.C."));
        g_assert_true (g_strv_contains ((const char *const *) vars, own[i]));
      }
  }
  bg_test_ui_destroy_window (window);
}

/* The equations' symbols at the level shown ------------------------------------------ */

/* The row of the equation whose markup starts with `text` (d<a href="q_T2.C"…). */
static GtkWidget *
equation_row (BgEquationsPane *pane,
              const char      *text)
{
  for (guint i = 0; i < bg_equations_pane_get_n_rows (pane); i++)
    {
      GtkLabel *label = bg_equations_pane_get_row_label (pane, i);

      if (g_str_has_prefix (gtk_label_get_label (label), text))
        return GTK_WIDGET (bg_equations_pane_get_row (pane, i));
    }
  return NULL;
}

/* A click on the row itself, right of its text (a symbol there is a link
 * that selects its element alone). */
static void
click_row (GtkWidget *row)
{
  g_assert_true (gtk_widget_get_mapped (row));
  bg_test_pointer_click (row, gtk_widget_get_width (row) - 8, gtk_widget_get_height (row) / 2.0);
}

static GtkLabel *
equation_label (BgEquationsPane *pane,
                const char      *text)
{
  for (guint i = 0; i < bg_equations_pane_get_n_rows (pane); i++)
    {
      GtkLabel *label = bg_equations_pane_get_row_label (pane, i);

      if (g_str_has_prefix (gtk_label_get_label (label), text))
        return label;
    }
  g_assert_not_reached ();
}

static void
test_equations_per_instance (void)
{
  BgWindow *window;
  BgEquationsPane *pane;
  BgCanvas *canvas;
  GtkWidget *row;
  g_auto(GStrv) selected = NULL;

  if (!can_drive ())
    return;
  window = window_for_text (two_tanks, 1280, 800);
  canvas = canvas_of (window);
  pane = bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_EQUATIONS_PANE);
  bg_test_pointer_click (GTK_WIDGET (canvas), 5, 5);
  bg_test_pointer_key (GDK_KEY_F8);
  bg_test_ui_wait_ms (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  /* a state per tank, named by its path */
  g_assert_nonnull (equation_row (pane, "d<a href=\"q_T1.C\""));
  row = equation_row (pane, "d<a href=\"q_T2.C\"");
  g_assert_nonnull (row);

  /* a click on T2's row at the top selects the instances it involves */
  click_row (row);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_true (g_strv_contains ((const char *const *) selected, "T2"));
  for (guint i = 0; selected[i] != NULL; i++)
    {
      g_assert_null (strchr (selected[i], '.'));
      g_assert_nonnull (bg_model_find_element (bg_canvas_get_model (canvas), selected[i]));
    }
  /* T2 selected marks its symbols on the page (their marker colour) */
  g_assert_nonnull (strstr (gtk_label_get_label (equation_label (pane, "d<a href=\"q_T2.C\"")),
                            "background="));

  /* inside T2, the same row selects T2's own C and R (T1's are not here) */
  double_click_element (window, "T2");
  g_assert_true (inside (window));
  row = equation_row (pane, "d<a href=\"q_T2.C\"");
  click_row (row);
  g_clear_pointer (&selected, g_strfreev);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_true (g_strv_contains ((const char *const *) selected, "C"));
  g_assert_true (g_strv_contains ((const char *const *) selected, "R"));
  g_assert_true (inside (window));
  /* the link of u_E in T2's row selects E alone: from inside T2, up to
   * the top level, where E is */
  {
    GtkLabel *label = equation_label (pane, "d<a href=\"q_T2.C\"");
    const char *text = gtk_label_get_text (label);
    const char *at = g_strrstr (text, "uE");
    PangoRectangle pos;
    int ox, oy;

    g_assert_nonnull (at);
    pango_layout_index_to_pos (gtk_label_get_layout (label), (int) (at - text), &pos);
    gtk_label_get_layout_offsets (label, &ox, &oy);
    bg_test_pointer_click (GTK_WIDGET (label), ox + (pos.x + pos.width / 2.0) / PANGO_SCALE,
                           oy + (pos.y + pos.height / 2.0) / PANGO_SCALE);
  }
  g_assert_false (inside (window));
  g_clear_pointer (&selected, g_strfreev);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpstrv (selected, ((const char *[]) { "E", NULL }));
  bg_test_ui_destroy_window (window);
}

/* The conflict badge on an instance's box ----------------------------------------------- */

static void
test_conflict_badge (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  g_autofree char *tip = NULL;
  g_auto(GStrv) selected = NULL;
  double x, y, bx, by;

  int width, height;

  if (!can_drive ())
    return;
  screen_size (&width, &height);
  window = window_for_text (cap_pair, MIN (width, 1280), MIN (height, 800));
  canvas = canvas_of (window);
  g_assert_true (bg_canvas_get_conflict_badge (canvas, "P1", &bx, &by));
  /* a plain element in the conflict has none: it is red itself */
  g_assert_false (bg_canvas_get_conflict_badge (canvas, "U", &x, &y));
  tip = bg_canvas_dup_tooltip_at (canvas, bx, by);
  g_assert_nonnull (strstr (tip, "P1"));

  /* a click on the box selects it, as on any element */
  element_point (canvas, "P1", &x, &y);
  bg_test_pointer_click (GTK_WIDGET (canvas), x, y);
  g_assert_false (inside (window));
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpstrv (selected, ((const char *[]) { "P1", NULL }));

  /* a click on its badge opens it at the conflict, culprits selected */
  bg_test_pointer_click (GTK_WIDGET (canvas), bx, by);
  bg_test_ui_wait_ms (200);
  g_assert_true (inside (window));
  g_clear_pointer (&selected, g_strfreev);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpstrv (selected, ((const char *[]) { "J", "C1", "b1", "b2", NULL }));
  /* inside, no badge: the conflict is drawn on the elements themselves */
  g_assert_false (bg_canvas_get_conflict_badge (canvas, "C1", &x, &y));
  picture ("conflict-badge-opened");
  bg_test_pointer_key (GDK_KEY_Escape);
  bg_test_pointer_key (GDK_KEY_Escape);
  g_assert_false (inside (window));
  picture ("conflict-badge");
  bg_test_ui_destroy_window (window);
}

/* Pictures ------------------------------------------------------------------------------ */

static void
test_pictures (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  GtkWidget *heading;
  GtkScrolledWindow *scrolled;
  graphene_point_t at;
  g_auto(GStrv) levels = NULL;
  int width, height;

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  if (!can_drive ())
    return;
  screen_size (&width, &height);
  window = bg_test_ui_open_example (app, "suspension-rig.bgmod", width, height);
  gtk_window_maximize (GTK_WINDOW (window));
  show (window, width, height);
  canvas = canvas_of (window);

  /* inside FRONT, its breadcrumb above */
  double_click_element (window, "FRONT");
  g_assert_true (inside (window));
  bg_canvas_zoom_to_fit (canvas);
  picture ("instance-breadcrumb-FRONT");
  bg_test_pointer_key (GDK_KEY_Escape);
  g_assert_false (inside (window));

  /* the palette's "My components" (the QuarterCar of this example's domain) */
  bg_palette_set_domain (bg_window_get_palette (window), BG_DOMAIN_TRANSLATIONAL);
  bg_test_ui_pump ();
  heading = bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_palette (window)), label_contains,
                                    g_dgettext (GETTEXT_PACKAGE, "My components"));
  g_assert_nonnull (heading);
  scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (heading, GTK_TYPE_SCROLLED_WINDOW));
  g_assert_true (gtk_widget_compute_point (heading, gtk_scrolled_window_get_child (scrolled),
                                           &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scrolled), MAX (0, at.y - 8));
  picture ("palette-my-components");

  /* Explain Causality: a step of FRONT lit on its box, then inside it */
  levels = step_levels (bg_test_ui_window_model (window));
  bg_test_pointer_click (GTK_WIDGET (canvas), 5, 5);
  bg_test_pointer_key_with2 (GDK_KEY_Control_L, GDK_KEY_Shift_L, GDK_KEY_e);
  g_assert_true (explaining (window));
  press_right_to (window, first_step_at (levels, "FRONT."), 20);
  picture ("explain-step-on-instance-box");
  bg_test_pointer_key (GDK_KEY_Right);
  bg_test_pointer_key (GDK_KEY_Right);
  g_assert_true (inside (window));
  picture ("explain-stepping-inside-FRONT");
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
  home = bg_test_ui_make_home ("bgmod-test-views-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/components/views/explain-steps-inside", test_explain_steps_inside);
  g_test_add_func ("/ui/components/views/exercise-inside", test_exercise_inside);
  g_test_add_func ("/ui/components/views/variables-by-instance", test_variables_by_instance);
  g_test_add_func ("/ui/components/views/equations-per-instance", test_equations_per_instance);
  g_test_add_func ("/ui/components/views/conflict-badge", test_conflict_badge);
  g_test_add_func ("/ui/components/views/pictures", test_pictures);

  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
