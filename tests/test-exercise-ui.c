/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-exercise-ui.c — exercise mode and conflict remedies in the real window.
 *
 * Owns: a student's session on rc-circuit.bgmod driven through the window's
 * actions and the canvas's own click gesture (strokes placed and removed by
 * clicks near bond ends, with S on a selected bond), Check's marks and
 * sentences, Reveal (the answer's strokes in the accent colour, the
 * student's that differ dashed in red), and the remedy bar fixing both
 * conflict examples with one click each (undo restores the saved bytes);
 * neither the remedy bar nor Check's verdict moving the graph. With
 * BGMOD_TEST_SCREENSHOTS=DIR it also writes PNGs of the window there.
 * Must not: reach into private state of the canvas or the window.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-application.h"
#include "bg-autosave.h"
#include "bg-canvas.h"
#include "bg-causality-check.h"
#include "bg-document.h"
#include "bg-file.h"
#include "bg-graph-renderer.h"
#include "bg-test-ui.h"

static BgApplication *app;

static BgWindow *
open_example (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgDocument) document = bg_document_new_for_file (file, &error);
  BgWindow *window;

  g_assert_no_error (error);
  window = bg_test_ui_new_window (app, document);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  bg_test_ui_wait_ms (300);
  return window;
}

static void
save_png (BgWindow   *window,
          const char *name)
{
  const char *dir = g_getenv ("BGMOD_TEST_SCREENSHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  int w = gtk_widget_get_width (GTK_WIDGET (window));
  int h = gtk_widget_get_height (GTK_WIDGET (window));

  if (dir == NULL)
    return;
  bg_test_ui_wait_ms (200);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  path = g_build_filename (dir, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  gsk_render_node_unref (node);
}

/* The canvas's click gesture that runs before the others (exercise mode). */
static GtkGesture *
capture_click (BgCanvas *canvas)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      /* (the conflict badges' click is another one) */
      if (GTK_IS_GESTURE_CLICK (c) &&
          gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE &&
          g_strcmp0 (gtk_event_controller_get_name (c), "bg-conflict-badge") != 0)
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

/* Where the bond's end at the element is drawn, in canvas coordinates,
 * moved a few pixels into the bond. */
static void
end_point (BgCanvas   *canvas,
           const char *bond_id,
           gboolean    at_to,
           double     *x,
           double     *y)
{
  BgModel *model = bg_canvas_get_model (canvas);
  BgBond *bond = bg_model_find_bond (model, bond_id);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  BgGraphView view;
  BgPoint from, to, end, other;
  double len;

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
click_end (BgCanvas   *canvas,
           const char *bond_id,
           gboolean    at_to)
{
  double x, y;

  end_point (canvas, bond_id, at_to, &x, &y);
  g_signal_emit_by_name (capture_click (canvas), "pressed", 1, x, y);
  bg_test_ui_pump ();
}

static BgStroke
stroke_of (BgCanvas   *canvas,
           const char *bond_id)
{
  return bg_model_find_bond (bg_canvas_get_model (canvas), bond_id)->exercise;
}

static gboolean
is_label_with (GtkWidget     *widget,
               gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

/* An action's sensitivity, as the bar's button bound to it shows it. */
static gboolean
action_enabled (BgWindow   *window,
                const char *name)
{
  g_autofree char *action = g_strconcat ("win.", name, NULL);
  GtkWidget *button = bg_test_ui_find_actionable (GTK_WIDGET (window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* The state of a stateful window action: its property. */
static gboolean
action_state (BgWindow   *window,
              const char *name)
{
  gboolean state;

  g_object_get (window, name, &state, NULL);
  return state;
}

static void
test_student_session (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod");
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_canvas_get_model (canvas);
  const BgGrade *grade;
  g_autofree char *tooltip = NULL;
  double x, y, x2, y2;

  /* Outside exercise mode a click near a bond end places nothing. */
  g_assert_false (bg_canvas_place_stroke_at (canvas, 0, 0));
  /* Check and Reveal are enabled only in exercise mode. */
  g_assert_false (action_enabled (window, "exercise-check"));
  g_assert_false (action_enabled (window, "exercise-reveal"));
  g_assert_true (action_enabled (window, "exercise-mode"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  g_assert_true (bg_canvas_get_exercise_mode (canvas));
  g_assert_true (action_state (window, "exercise-mode"));
  g_assert_true (action_enabled (window, "exercise-check"));
  g_assert_true (action_enabled (window, "exercise-reveal"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with,
                                            "Exercise: click near an end"));

  /* b1 U→J: stroke at J; a second click there removes it. */
  click_end (canvas, "b1", TRUE);
  g_assert_cmpint (stroke_of (canvas, "b1"), ==, BG_STROKE_AT_TO);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Place a stroke on b1 at J");
  click_end (canvas, "b1", TRUE);
  g_assert_cmpint (stroke_of (canvas, "b1"), ==, BG_STROKE_NONE);
  click_end (canvas, "b1", TRUE);
  /* b3 J→C1 at J (correct); b2 J→R1 at J: wrong, J gets no flow. */
  click_end (canvas, "b3", FALSE);
  click_end (canvas, "b2", FALSE);
  g_assert_cmpint (stroke_of (canvas, "b3"), ==, BG_STROKE_AT_FROM);
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_AT_FROM);
  save_png (window, "exercise-placed.png");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  bg_test_ui_pump ();
  grade = bg_canvas_get_exercise_grade (canvas);
  g_assert_nonnull (grade);
  g_assert_cmpint (bg_grade_lookup (grade, "b1")->verdict, ==, BG_VERDICT_OK);
  g_assert_cmpint (bg_grade_lookup (grade, "b2")->verdict, ==, BG_VERDICT_WRONG);
  g_assert_cmpint (bg_grade_lookup (grade, "b3")->verdict, ==, BG_VERDICT_OK);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with,
                                            "✗ b2: 1-junction J has no bond that gives it flow"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with,
                                            "2 of 3 strokes correct · 1 wrong · 0 missing"));
  /* The mark on b2 explains itself. */
  end_point (canvas, "b2", FALSE, &x, &y);
  end_point (canvas, "b2", TRUE, &x2, &y2);
  tooltip = bg_canvas_dup_tooltip_at (canvas, (x + x2) / 2, (y + y2) / 2);
  g_assert_cmpstr (tooltip, ==, "b2: 1-junction J has no bond that gives it flow — a 1-junction takes its flow from exactly one.");
  save_png (window, "exercise-checked.png");

  /* Fix it: the stroke goes to R1's end; the old marks are gone. */
  click_end (canvas, "b2", TRUE);
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_AT_TO);
  g_assert_null (bg_canvas_get_exercise_grade (canvas));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  bg_test_ui_pump ();
  g_assert_true (bg_grade_is_ok (bg_canvas_get_exercise_grade (canvas)));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with,
                                            "✓ All 3 strokes are correct."));
  save_png (window, "exercise-correct.png");

  /* Reveal, and leave: the analyzer's strokes again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-reveal", NULL);
  g_assert_true (bg_canvas_get_exercise_reveal (canvas));
  g_assert_true (action_state (window, "exercise-reveal"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  g_assert_false (bg_canvas_get_exercise_mode (canvas));
  g_assert_false (bg_canvas_get_exercise_reveal (canvas));
  g_assert_false (action_state (window, "exercise-mode"));
  g_assert_false (action_state (window, "exercise-reveal"));
  g_assert_false (action_enabled (window, "exercise-check"));
  /* The strokes stay in the document (saved in its exercise section). */
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_nonnull (strstr (text, "\"exercise\": {\"strokes\": {\"b1\": \"to\", \"b2\": \"to\", \"b3\": \"from\"}}"));
  }
  bg_test_ui_destroy_window (window);
}

/* The canvas as drawn, in pixels (ARGB32, premultiplied, stride w·4). */
static guchar *
canvas_pixels (BgCanvas *canvas,
               int      *width,
               int      *height)
{
  GtkWidget *widget = GTK_WIDGET (canvas);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  guchar *data;

  bg_test_ui_wait_ms (100);
  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, *width, *height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  gsk_render_node_unref (node);
  data = g_malloc ((gsize) *width * *height * 4);
  gdk_texture_download (texture, data, (gsize) *width * 4);
  return data;
}

/* Pixels within @r of (x, y) that are clearly blue (the accent) or red
 * (the error colour): saturated, not the bonds' black or the grid. */
static guint
count_hue (const guchar *data,
           int           width,
           int           height,
           double        x,
           double        y,
           int           r,
           gboolean      red)
{
  guint n = 0;

  for (int py = (int) y - r; py <= (int) y + r; py++)
    for (int px = (int) x - r; px <= (int) x + r; px++)
      {
        const guchar *p = data + ((gsize) py * width + px) * 4;
        int b = p[0], g = p[1], rr = p[2];

        if (px < 0 || py < 0 || px >= width || py >= height)
          continue;
        if (red ? rr > g + 80 && rr > b + 80 : b > rr + 70 && b > 120)
          n++;
      }
  return n;
}

/* Reveal makes the difference plain: the answer's stroke on b2 at R1 in
 * the accent colour, the student's wrong one at J in red (dashed), where
 * before Reveal there was nothing at R1's end. */
static void
test_reveal_shows_difference (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod");
  BgCanvas *canvas = bg_window_get_canvas (window);
  g_autofree guchar *before = NULL, *after = NULL;
  double r1_x, r1_y, j_x, j_y;
  int w, h;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  click_end (canvas, "b1", TRUE);
  click_end (canvas, "b3", FALSE);
  click_end (canvas, "b2", FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  bg_test_ui_pump ();
  /* the ends where the canvas draws them now (the bar's result lines
   * above it refit the graph) */
  before = canvas_pixels (canvas, &w, &h);
  end_point (canvas, "b2", TRUE, &r1_x, &r1_y);
  end_point (canvas, "b2", FALSE, &j_x, &j_y);
  g_assert_cmpuint (count_hue (before, w, h, r1_x, r1_y, 10, FALSE), ==, 0);
  g_assert_cmpuint (count_hue (before, w, h, j_x, j_y, 10, TRUE), >, 5);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-reveal", NULL);
  bg_test_ui_pump ();
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with, "Answer shown:"));
  after = canvas_pixels (canvas, &w, &h);
  g_assert_cmpuint (count_hue (after, w, h, r1_x, r1_y, 10, FALSE), >, 10);
  g_assert_cmpuint (count_hue (after, w, h, j_x, j_y, 10, TRUE), >, 3);
  /* a correct stroke is the answer's: b1 at J in the accent colour too */
  {
    double x, y;

    end_point (canvas, "b1", TRUE, &x, &y);
    g_assert_cmpuint (count_hue (after, w, h, x, y, 10, FALSE), >, 10);
  }
  save_png (window, "exercise-revealed.png");
  bg_test_ui_destroy_window (window);
}

/* S on a selected bond cycles its stroke: at `to`, at `from`, none. */
static void
test_keyboard_stroke (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod");
  BgCanvas *canvas = bg_window_get_canvas (window);
  const char *ids[] = { "b2", NULL };

  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_canvas_select_ids (canvas, ids);
  bg_test_ui_pump ();
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.exercise-stroke", NULL);
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_AT_TO);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.exercise-stroke", NULL);
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_AT_FROM);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.exercise-stroke", NULL);
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_NONE);
  /* Undo brings the strokes back, one step each. */
  g_assert_true (bg_model_undo (bg_canvas_get_model (canvas)));
  g_assert_cmpint (stroke_of (canvas, "b2"), ==, BG_STROKE_AT_FROM);
  bg_test_ui_destroy_window (window);
}

static gboolean
is_remedy_button (GtkWidget     *widget,
                  gconstpointer  index)
{
  GVariant *target;

  if (!GTK_IS_BUTTON (widget) || !gtk_widget_get_mapped (widget) ||
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.apply-remedy") != 0)
    return FALSE;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  return target != NULL && g_variant_get_uint32 (target) == GPOINTER_TO_UINT (index);
}

/* Each conflict example: the bar asks whether the remedy is the intended
 * physics (handbook: never add a resistance only to silence the
 * diagnostic); one click on its first remedy button resolves the
 * conflict; undo restores the model's saved bytes. */
static void
test_remedy_buttons (void)
{
  const char *names[] = { "conflict-two-capacitors.bgmod", "conflict-accumulator-on-chamber.bgmod" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      BgWindow *window = open_example (names[i]);
      BgModel *model = bg_test_ui_window_model (window);
      g_autofree char *before = bg_file_to_data (model, NULL);
      g_autofree char *undone = NULL;
      GtkWidget *button, *prompt;
      g_autofree char *png = g_strdup_printf ("remedy-%u.png", i);

      bg_test_ui_pump ();
      g_assert_false (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));
      button = bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0));
      g_assert_nonnull (button);
      g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (1)));
      prompt = bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_label_text,
                                       "If this is the intended physics:");
      g_assert_nonnull (prompt);
      g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (prompt), "only when it represents the intended physics"));
      save_png (window, png);
      g_signal_emit_by_name (button, "clicked");
      bg_test_ui_wait_ms (200);
      g_assert_true (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));
      g_assert_true (g_str_has_prefix (bg_model_get_undo_label (model), "Add a resistance"));
      /* The bar goes with the conflict. */
      g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
      g_assert_true (gtk_widget_is_sensitive (bg_test_ui_find_actionable (GTK_WIDGET (window), "win.run")));

      gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
      bg_test_ui_wait_ms (200);
      undone = bg_file_to_data (model, NULL);
      g_assert_cmpstr (undone, ==, before);
      g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
      bg_test_ui_destroy_window (window);
    }
}

/* In exercise mode the remedies (and conflict tooltips) would give the
 * answer away: the bar hides. */
static void
test_remedies_hidden_in_exercise (void)
{
  BgWindow *window = open_example ("conflict-two-capacitors.bgmod");

  bg_test_ui_pump ();
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
  bg_test_ui_destroy_window (window);
}

/* Where the canvas's top is in the window and how tall it is, and where
 * element ID is drawn in the window. */
typedef struct
{
  double canvas_y;
  int    canvas_h;
  double x, y;
} Place;

static Place
place_of (BgWindow   *window,
          const char *id)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgElement *element = bg_model_find_element (bg_canvas_get_model (canvas), id);
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), at;
  Place place;

  g_assert_nonnull (element);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas), GTK_WIDGET (window), &origin, &at));
  place.canvas_y = at.y;
  place.canvas_h = gtk_widget_get_height (GTK_WIDGET (canvas));
  bg_canvas_model_to_view (canvas, element->x, element->y, &place.x, &place.y);
  place.x += at.x;
  place.y += at.y;
  return place;
}

static void
assert_same_place (Place       a,
                   Place       b,
                   const char *what)
{
  g_test_message ("%s: canvas at y %.0f, %d px; element at (%.0f, %.0f) → "
                  "canvas at y %.0f, %d px; element at (%.0f, %.0f)", what,
                  a.canvas_y, a.canvas_h, a.x, a.y, b.canvas_y, b.canvas_h, b.x, b.y);
  /* the top stays (the status line below may take a line less) */
  g_assert_cmpfloat (a.canvas_y, ==, b.canvas_y);
  g_assert_cmpfloat (fabs (a.x - b.x), <, 0.5);
  g_assert_cmpfloat (fabs (a.y - b.y), <, 0.5);
}

/* While a student builds, a conflict comes and goes: the remedy bar lies
 * over the canvas's top and the graph stays where it is (it jumped about
 * 50 px and R1 went out of view); the elements the conflict names stay in
 * view below the bar. */
static void
test_remedy_bar_keeps_graph (void)
{
  BgWindow *window = open_example ("conflict-two-capacitors.bgmod");
  BgCanvas *canvas = bg_window_get_canvas (window);
  GtkWidget *button;
  Place with_bar, without_bar, again;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  bg_test_ui_wait_ms (300);
  /* the student has moved the view: no fitting from here on */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-out", NULL));
  bg_test_ui_wait_ms (200);
  with_bar = place_of (window, "C1");
  button = bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0));
  g_assert_nonnull (button);
  g_test_message ("bar over the canvas's top %.0f px", bg_canvas_get_top_inset (canvas));
  g_assert_cmpfloat (bg_canvas_get_top_inset (canvas), >, 0);

  g_signal_emit_by_name (button, "clicked");
  bg_test_ui_wait_ms (200);
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
  g_assert_cmpfloat (bg_canvas_get_top_inset (canvas), ==, 0);
  without_bar = place_of (window, "C1");
  assert_same_place (with_bar, without_bar, "remedy applied");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  bg_test_ui_wait_ms (200);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_remedy_button, GUINT_TO_POINTER (0)));
  again = place_of (window, "C1");
  assert_same_place (without_bar, again, "conflict again");
  /* the conflict's capacitors are in view, not under the bar */
  for (guint i = 0; i < 2; i++)
    {
      Place p = place_of (window, i == 0 ? "C1" : "C2");

      g_assert_cmpfloat (p.y - p.canvas_y, >, bg_canvas_get_top_inset (canvas));
    }
  bg_test_ui_destroy_window (window);
}

/* Check in exercise mode writes its verdict in room the bar kept from the
 * start: the canvas keeps its size and the graph its place (the verdict
 * lines used to push the canvas down over R1 and the ✗ on its bond). */
static void
test_verdict_keeps_graph (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod");
  BgCanvas *canvas = bg_window_get_canvas (window);
  Place before, after;

  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 768);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_wait_ms (300);
  click_end (canvas, "b1", FALSE);
  click_end (canvas, "b2", FALSE);
  click_end (canvas, "b3", TRUE);
  bg_test_ui_wait_ms (200);
  before = place_of (window, "R1");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  bg_test_ui_wait_ms (300);
  g_assert_nonnull (bg_canvas_get_exercise_grade (canvas));
  g_assert_false (bg_grade_is_ok (bg_canvas_get_exercise_grade (canvas)));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_label_with, "✗ b"));
  after = place_of (window, "R1");
  assert_same_place (before, after, "checked");
  bg_test_ui_destroy_window (window);
}

/* Only with BGMOD_TEST_SCREENSHOTS: the pictures for a look in any
 * language (no checks of text), e.g. with LANGUAGE=ru. */
static void
test_screenshots (void)
{
  BgWindow *window;
  BgCanvas *canvas;

  if (g_getenv ("BGMOD_TEST_SCREENSHOTS") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOTS is not set");
      return;
    }
  window = open_example ("rc-circuit.bgmod");
  canvas = bg_window_get_canvas (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  click_end (canvas, "b1", TRUE);
  click_end (canvas, "b2", FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom-fit", NULL);
  save_png (window, "shot-exercise.png");
  bg_test_ui_destroy_window (window);
  window = open_example ("conflict-two-capacitors.bgmod");
  save_png (window, "shot-remedies.png");
  bg_test_ui_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "test", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-exercise-ui-XXXXXX");
  app = bg_test_ui_app_new ();
  bg_autosave_set_interval (bg_application_get_autosave (app), 0);

  g_test_add_func ("/ui/exercise/student-session", test_student_session);
  g_test_add_func ("/ui/exercise/reveal-shows-difference", test_reveal_shows_difference);
  g_test_add_func ("/ui/exercise/keyboard-stroke", test_keyboard_stroke);
  g_test_add_func ("/ui/exercise/remedy-buttons", test_remedy_buttons);
  g_test_add_func ("/ui/exercise/remedies-hidden-in-exercise", test_remedies_hidden_in_exercise);
  g_test_add_func ("/ui/exercise/remedy-bar-keeps-graph", test_remedy_bar_keeps_graph);
  g_test_add_func ("/ui/exercise/verdict-keeps-graph", test_verdict_keeps_graph);
  g_test_add_func ("/ui/exercise/screenshots", test_screenshots);

  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
