/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explain.c — "Explain Causality" in the real window.
 *
 * Owns: tests that step through the hydraulic bench's SCAP trace with the
 * window's actions and check the banner's texts and the canvas's
 * highlighted ids and strokes at several steps; playing; the step keys'
 * wiring; leaving the mode on an edit and on exercise mode; the last step of the conflict
 * examples; every example's last step; the banner wrapped and whole at
 * projector sizes in presentation mode, in English and Russian; and the
 * screenshot series (only with BGMOD_TEST_SCREENSHOT_DIR set; nothing is
 * asserted about the pixels).
 * Must not: assert on pixels or on the exact wording of core sentences
 * (the core's trace tests own them): the banner must show the trace's own.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include <glib/gi18n-lib.h>

#include "bg-canvas.h"
#include "bg-causality-trace.h"
#include "bg-explain-bar.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

static BgWindow *
open_example (const char *example,
              int         width,
              int         height)
{
  return bg_test_ui_open_example (app, example, width, height);
}

static gboolean
is_type (GtkWidget     *widget,
         gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

static BgExplainBar *
window_bar (BgWindow *window)
{
  GtkWidget *bar = bg_test_ui_find_widget (GTK_WIDGET (window), is_type,
                                           GSIZE_TO_POINTER (BG_TYPE_EXPLAIN_BAR));

  g_assert_nonnull (bar);
  return BG_EXPLAIN_BAR (bar);
}

static BgCanvas *
window_canvas (BgWindow *window)
{
  GtkWidget *canvas = bg_test_ui_find_widget (GTK_WIDGET (window), is_type,
                                              GSIZE_TO_POINTER (BG_TYPE_CANVAS));

  g_assert_nonnull (canvas);
  return BG_CANVAS (canvas);
}

static gboolean
explaining (BgWindow *window)
{
  gboolean on = FALSE;

  g_object_get (window, "explain-causality", &on, NULL);
  return on;
}

static void
activate (BgWindow   *window,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  bg_test_ui_pump ();
}

static void
enter (BgWindow *window)
{
  activate (window, "win.explain-causality");
  g_assert_true (explaining (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window_bar (window))));
}

/* The canvas's highlighted ids at the step, as one comma-separated line. */
static char *
dup_ids (BgCanvas                 *canvas,
         BgCanvasExplainHighlight  which)
{
  g_auto(GStrv) ids = bg_canvas_dup_explain_ids (canvas, which);

  return g_strjoinv (",", ids);
}

/* The banner shows the step's heading and the trace's own sentence. */
static const BgTraceStep *
check_banner (BgWindow *window,
              guint     step)
{
  BgExplainBar *bar = window_bar (window);
  BgCausalityTrace *trace = bg_explain_bar_get_trace (bar);
  const BgTraceStep *s;
  g_autofree char *heading = NULL;

  g_assert_nonnull (trace);
  g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, step);
  g_assert_cmpuint (bg_canvas_get_explain_step (window_canvas (window)), ==, step);
  s = bg_causality_trace_get_step (trace, step);
  heading = g_strdup_printf (_("Step %u of %u · %s"), step + 1,
                             bg_causality_trace_get_n_steps (trace),
                             s->conflict ? _("conflict") : bg_trace_phase_display_name (s->phase));
  g_assert_cmpstr (bg_explain_bar_get_heading (bar), ==, heading);
  g_assert_cmpstr (bg_explain_bar_get_sentence (bar), ==, s->sentence);
  g_test_message ("%s: %s", heading, s->sentence);
  return s;
}

/* Whether the bar's button of an action can be pressed (its action is
 * enabled). */
static gboolean
button_enabled (BgWindow   *window,
                const char *action)
{
  GtkWidget *button = bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* Tests ------------------------------------------------------------------- */

/* Step through the bench: the banner and the highlighted ids at the first
 * steps, a propagation step (with the step it follows from shown softly),
 * a step after two others, and the last; the strokes drawn grow step by
 * step and end as the analysis's. */
static void
test_bench_steps (void)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  BgCanvas *canvas = window_canvas (window);
  BgCausality *causality = bg_window_get_document (window) != NULL
    ? bg_document_get_causality (bg_window_get_document (window)) : NULL;
  GPtrArray *bonds = bg_model_get_bonds (bg_test_ui_window_model (window));
  const BgTraceStep *s;
  char *ids;

  g_assert_false (explaining (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_bar (window))));
  /* outside the mode the step keys are free for the canvas */
  g_assert_false (button_enabled (window, "win.explain-next"));
  enter (window);
  g_assert_cmpuint (bg_explain_bar_get_n_steps (window_bar (window)), ==, 16);

  /* step 1: the tank's fixed stroke on b1, nothing else yet */
  s = check_banner (window, 0);
  g_assert_cmpint (s->phase, ==, BG_TRACE_PHASE_FIXED);
  g_assert_nonnull (strstr (s->sentence, "TANK"));
  ids = dup_ids (canvas, BG_CANVAS_EXPLAIN_CURRENT);
  g_assert_cmpstr (ids, ==, "PUMP,TANK,b1");
  g_free (ids);
  ids = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONTEXT);
  g_assert_cmpstr (ids, ==, "");
  g_free (ids);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b1"), !=, BG_STROKE_NONE);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), ==, BG_STROKE_NONE);
  g_assert_false (button_enabled (window, "win.explain-previous"));
  g_assert_false (button_enabled (window, "win.explain-first"));

  activate (window, "win.explain-next");
  s = check_banner (window, 1);
  g_assert_cmpstr (s->bond, ==, "b2");
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b2"), !=, BG_STROKE_NONE);

  /* step 6: J_A takes its pressure from C_A (step 5, shown softly) */
  for (guint i = 0; i < 4; i++)
    activate (window, "win.explain-next");
  s = check_banner (window, 5);
  g_assert_cmpint (s->phase, ==, BG_TRACE_PHASE_PROPAGATION);
  g_assert_cmpstr (s->element, ==, "J_A");
  g_assert_nonnull (strstr (s->sentence, "J_A"));
  g_assert_nonnull (strstr (s->sentence, "C_A"));
  ids = dup_ids (canvas, BG_CANVAS_EXPLAIN_CURRENT);
  g_assert_cmpstr (ids, ==, "J_A,J_line,b8");
  g_free (ids);
  ids = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONTEXT);
  g_assert_cmpstr (ids, ==, "C_A,b9");
  g_free (ids);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b8"), !=, BG_STROKE_NONE);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b10"), ==, BG_STROKE_NONE);

  /* back one step: b8 loses its stroke again */
  activate (window, "win.explain-previous");
  check_banner (window, 4);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b8"), ==, BG_STROKE_NONE);

  /* step 12: J_ret after steps 3 and 11 */
  bg_explain_bar_set_step (window_bar (window), 11);
  bg_test_ui_pump ();
  s = check_banner (window, 11);
  g_assert_cmpstr (s->element, ==, "J_ret");
  ids = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONTEXT);
  g_assert_cmpstr (ids, ==, "J_B,TANK_B,b14,b16");
  g_free (ids);

  /* the last step: every stroke is the analysis's */
  activate (window, "win.explain-last");
  check_banner (window, 15);
  g_assert_false (button_enabled (window, "win.explain-next"));
  g_assert_false (button_enabled (window, "win.explain-last"));
  g_assert_nonnull (causality);
  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);

      g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, bond->id), ==,
                       bg_causality_get_stroke (causality, i));
    }

  activate (window, "win.explain-first");
  check_banner (window, 0);

  /* leaving by the action (the close button's) draws the analysis again */
  activate (window, "win.explain-leave");
  g_assert_false (explaining (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_bar (window))));
  g_assert_null (bg_canvas_get_explain_trace (canvas));
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, "b10"), !=, BG_STROKE_NONE);
  bg_test_ui_destroy_window (window);
}

/* The step keys act on the canvas and the bar (as a capture-phase shortcut
 * controller on the box that holds both), with the actions the buttons
 * use. */
static void
test_keys_and_buttons (void)
{
  static const char *const expected[][2] = {
    { "Right", "win.explain-next" },
    { "Page_Down", "win.explain-next" },
    { "Left", "win.explain-previous" },
    { "Home", "win.explain-first" },
    { "End", "win.explain-last" },
    { "Escape", "win.explain-leave" },
  };
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  GtkWidget *canvas = GTK_WIDGET (window_canvas (window));
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (window_bar (window)));
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (box);
  GtkShortcutController *keys = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (c), "explain-keys") == 0)
        keys = GTK_SHORTCUT_CONTROLLER (c);
    }
  g_assert_nonnull (keys);
  g_assert_true (gtk_widget_is_ancestor (canvas, box));
  g_assert_cmpint (gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (keys)),
                   ==, GTK_PHASE_CAPTURE);
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      g_autoptr(GtkShortcutTrigger) want = gtk_shortcut_trigger_parse_string (expected[k][0]);
      gboolean found = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (keys)); i++)
        {
          g_autoptr(GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (keys), i);
          GtkShortcutAction *action = gtk_shortcut_get_action (sc);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (sc), want) &&
              GTK_IS_NAMED_ACTION (action) &&
              g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                           expected[k][1]))
            found = TRUE;
        }
      g_assert_true (found);
    }

  /* the bar's buttons are the window's step actions */
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-next"));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-previous"));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-play"));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-first"));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-last"));
  g_assert_nonnull (bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)), "win.explain-leave"));
  enter (window);
  {
    GtkWidget *next = bg_test_ui_find_actionable (GTK_WIDGET (window_bar (window)),
                                                  "win.explain-next");

    g_signal_emit_by_name (next, "clicked");
    bg_test_ui_pump ();
    check_banner (window, 1);
  }
  bg_test_ui_destroy_window (window);
}

/* Play steps on its own and stops at the last step; Play again starts from
 * the first. */
static void
test_play (void)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  BgExplainBar *bar = window_bar (window);
  gboolean timed_out = FALSE;
  guint timeout;

  enter (window);
  bg_explain_bar_set_play_interval (bar, 60000);
  activate (window, "win.explain-play");
  g_assert_true (bg_explain_bar_get_playing (bar));
  /* then fast, to the end */
  bg_explain_bar_set_play_interval (bar, 20);
  timeout = g_timeout_add_seconds (20, bg_test_ui_flag_cb, &timed_out);
  while (bg_explain_bar_get_playing (bar) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  check_banner (window, 15);

  bg_explain_bar_set_play_interval (bar, 60000);
  activate (window, "win.explain-play");
  g_assert_true (bg_explain_bar_get_playing (bar));
  g_assert_cmpuint (bg_explain_bar_get_step (bar), <, 15);
  /* pause */
  activate (window, "win.explain-play");
  g_assert_false (bg_explain_bar_get_playing (bar));
  bg_test_ui_destroy_window (window);
}

/* Any edit of the model ends the mode: the trace's strokes belong to the
 * model before it. */
static void
test_edit_leaves (void)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  BgModel *model = bg_test_ui_window_model (window);
  BgCanvas *canvas = window_canvas (window);
  const char *ids[] = { "C_A" };
  g_autoptr(GError) error = NULL;

  enter (window);
  activate (window, "win.explain-next");
  g_assert_true (bg_model_move_elements (model, ids, 1, 10, 0, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  g_assert_false (explaining (window));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window_bar (window))));
  g_assert_null (bg_canvas_get_explain_trace (canvas));
  g_assert_false (button_enabled (window, "win.explain-next"));

  /* a parameter edit too, and the mode can be entered again afterwards */
  enter (window);
  g_assert_true (bg_model_set_param_number (model, "R_line", "value", 2e9, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  g_assert_false (explaining (window));

  enter (window);
  check_banner (window, 0);
  bg_test_ui_destroy_window (window);
}

/* The plot slot steps aside for the mode, so the graph gets its height,
 * and comes back with the height it had when the mode ends. */
static void
test_canvas_height (void)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  BgCanvas *canvas = window_canvas (window);
  GtkPaned *paned = GTK_PANED (gtk_widget_get_ancestor (GTK_WIDGET (canvas), GTK_TYPE_PANED));
  GtkWidget *slot = gtk_paned_get_end_child (paned);
  int before, canvas_before, canvas_during;
  g_auto(GStrv) selected = NULL;

  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_wait_ms (100);
  before = gtk_paned_get_position (paned);
  canvas_before = gtk_widget_get_height (GTK_WIDGET (canvas));
  bg_canvas_select_ids (canvas, (const char *const[]) { "CYL", NULL });
  enter (window);
  bg_test_ui_wait_ms (100);
  canvas_during = gtk_widget_get_height (GTK_WIDGET (canvas));
  g_test_message ("canvas %d px, explaining %d px", canvas_before, canvas_during);
  g_assert_false (gtk_widget_get_visible (slot));
  /* bond names shown for the sentences that name bonds, no selection */
  g_assert_true (bg_canvas_get_show_bond_ids (canvas));
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_cmpuint (g_strv_length (selected), ==, 0);
  g_assert_cmpint (canvas_during, ==, gtk_widget_get_height (GTK_WIDGET (paned)));
  g_assert_cmpint (canvas_during, >, canvas_before);
  activate (window, "win.explain-causality");
  g_assert_true (gtk_widget_get_visible (slot));
  g_assert_false (bg_canvas_get_show_bond_ids (canvas));
  g_assert_false (explaining (window));
  bg_test_ui_wait_ms (100); /* the explain bar's height returns to the paned */
  g_assert_cmpint (gtk_paned_get_position (paned), ==, before);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* The index of the trace's conflict step. */
static guint
conflict_step (BgCausalityTrace *trace)
{
  for (guint k = 0; k < bg_causality_trace_get_n_steps (trace); k++)
    if (bg_causality_trace_get_step (trace, k)->conflict)
      return k;
  g_assert_not_reached ();
}

/* Explain mode and exercise mode exclude each other: entering one leaves
 * the other. */
static void
test_exercise_excludes (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod", 1280, 800);
  BgCanvas *canvas = window_canvas (window);

  enter (window);
  activate (window, "win.exercise-mode");
  g_assert_true (bg_canvas_get_exercise_mode (canvas));
  g_assert_false (explaining (window));
  g_assert_null (bg_canvas_get_explain_trace (canvas));

  enter (window);
  g_assert_false (bg_canvas_get_exercise_mode (canvas));
  g_assert_nonnull (bg_canvas_get_explain_trace (canvas));
  bg_test_ui_destroy_window (window);
}

/* The conflict examples: the conflict's step names it in red with its
 * chain; from there to the last step the conflict stays red on the canvas
 * and in the banner. */
static void
test_conflicts (void)
{
  const char *examples[] = { "conflict-two-capacitors.bgmod",
                             "conflict-accumulator-on-chamber.bgmod" };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      BgWindow *window = open_example (examples[e], 1280, 800);
      BgExplainBar *bar = window_bar (window);
      BgCanvas *canvas = window_canvas (window);
      BgCausalityTrace *trace;
      const BgTraceStep *s;
      g_autofree char *strong = NULL;
      g_autofree char *red = NULL;
      guint n, k;

      enter (window);
      trace = bg_explain_bar_get_trace (bar);
      n = bg_explain_bar_get_n_steps (bar);
      k = conflict_step (trace);
      g_test_message ("%s: conflict at step %u of %u", examples[e], k + 1, n);

      /* before it: no red */
      bg_explain_bar_set_step (bar, k - 1);
      bg_test_ui_pump ();
      g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (bar), "conflict"));
      red = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONFLICT);
      g_assert_cmpstr (red, ==, "");
      g_clear_pointer (&red, g_free);

      /* the conflict's own step */
      bg_explain_bar_set_step (bar, k);
      bg_test_ui_pump ();
      s = check_banner (window, k);
      g_assert_true (s->conflict);
      g_assert_cmpuint (s->n_after, >, 0);
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (bar), "conflict"));
      strong = dup_ids (canvas, BG_CANVAS_EXPLAIN_CURRENT);
      red = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONFLICT);
      g_test_message ("%s: conflict ids %s, red %s", examples[e], strong, red);
      for (guint i = 0; s->elements[i] != NULL; i++)
        g_assert_nonnull (strstr (strong, s->elements[i]));
      /* the chain (the steps that led there) is red too */
      for (guint a = 0; a < s->n_after; a++)
        {
          const BgTraceStep *earlier = bg_causality_trace_get_step (trace, s->after[a]);

          for (guint i = 0; earlier->bonds[i] != NULL; i++)
            g_assert_nonnull (strstr (red, earlier->bonds[i]));
        }
      g_clear_pointer (&red, g_free);

      /* the last step still shows it */
      activate (window, "win.explain-last");
      check_banner (window, n - 1);
      g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (bar), "conflict"));
      red = dup_ids (canvas, BG_CANVAS_EXPLAIN_CONFLICT);
      for (guint i = 0; s->elements[i] != NULL; i++)
        g_assert_nonnull (strstr (red, s->elements[i]));
      if (k < n - 1)
        {
          g_assert_nonnull (bg_explain_bar_get_conflict (bar));
          g_assert_nonnull (strstr (bg_explain_bar_get_conflict (bar), s->sentence));
        }
      bg_test_ui_destroy_window (window);
    }
}

/* Every example steps to its last step; a conflict-free one ends with the
 * analysis's strokes. */
static void
test_every_example (void)
{
  g_auto(GStrv) names = bg_test_ui_dup_example_names ();

  for (guint e = 0; names[e] != NULL; e++)
    {
      const char *name = names[e];
      BgWindow *window = open_example (name, 1280, 800);
      BgExplainBar *bar;
      BgCausality *causality;
      GPtrArray *bonds;
      guint n;

      bar = window_bar (window);
      enter (window);
      n = bg_explain_bar_get_n_steps (bar);
      g_assert_cmpuint (n, >, 0);
      for (guint i = 1; i < n; i++)
        {
          /* a step inside a component is shown on its box first, and the
           * next press opens it (at most once per level) */
          for (guint press = 0; press < 8 && bg_explain_bar_get_step (bar) < i; press++)
            activate (window, "win.explain-next");
          g_assert_cmpuint (bg_explain_bar_get_step (bar), ==, i);
        }
      check_banner (window, n - 1);
      /* the strokes of the level shown: the analysis seen from it */
      causality = bg_canvas_get_causality (window_canvas (window));
      bonds = bg_model_get_bonds (bg_canvas_get_model (window_canvas (window)));
      if (bg_causality_is_ok (bg_document_get_causality (bg_window_get_document (window))))
        for (guint i = 0; i < bonds->len; i++)
          g_assert_cmpint (bg_canvas_get_bond_stroke (window_canvas (window),
                                                      ((BgBond *) g_ptr_array_index (bonds, i))->id),
                           ==, bg_causality_get_stroke (causality, i));
      g_test_message ("%s: %u steps", name, n);
      bg_test_ui_destroy_window (window);
    }
}

/* The sentence is wrapped, never ellipsized, and given the height its
 * lines need at the width it has. */
static void
assert_banner_whole (BgWindow *window)
{
  BgExplainBar *bar = window_bar (window);
  GtkWidget *label = NULL;
  int width, height, min_height = 0;

  for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (bar)); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "explain-sentence"))
      label = w;
  g_assert_nonnull (label);
  g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
  width = gtk_widget_get_width (label);
  height = gtk_widget_get_height (label);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, &min_height, NULL, NULL, NULL);
  g_test_message ("banner sentence %d×%d px (needs %d px height)", width, height, min_height);
  /* across the canvas's whole width, not beside the buttons */
  g_assert_cmpint (width, >=, gtk_widget_get_width (GTK_WIDGET (window_canvas (window))) - 40);
  g_assert_cmpint (height, >=, min_height);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  /* the canvas keeps room below the banner (which lies over its top) */
  g_assert_cmpfloat (gtk_widget_get_height (GTK_WIDGET (window_canvas (window))) -
                     bg_canvas_get_top_inset (window_canvas (window)), >=, 200);
}

/* The step's elements, and both ends of its bonds, lie in the part of the
 * canvas between the banner over its top and its legend band: a graph fitted around its middle is panned
 * to the step being explained. */
static void
assert_step_in_view (BgWindow *window,
                     guint     step)
{
  BgCanvas *canvas = window_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  const BgTraceStep *s = bg_causality_trace_get_step (bg_explain_bar_get_trace (window_bar (window)), step);
  double width = gtk_widget_get_width (GTK_WIDGET (canvas));
  double height = gtk_widget_get_height (GTK_WIDGET (canvas));
  /* the banner lies over the canvas's top */
  double top = bg_canvas_get_top_inset (canvas);
  g_autoptr(GPtrArray) elements = g_ptr_array_new ();
  graphene_rect_t legend;

  if (bg_canvas_get_legend_area (canvas, &legend))
    height = legend.origin.y;
  for (guint i = 0; s->elements[i] != NULL; i++)
    g_ptr_array_add (elements, bg_model_find_element (model, s->elements[i]));
  for (guint i = 0; s->bonds[i] != NULL; i++)
    {
      BgBond *bond = bg_model_find_bond (model, s->bonds[i]);

      g_ptr_array_add (elements, bond->from);
      g_ptr_array_add (elements, bond->to);
    }
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      double vx = 0, vy = 0;

      g_assert_nonnull (e);
      bg_canvas_model_to_view (canvas, e->x, e->y, &vx, &vy);
      if (vx < 0 || vx > width || vy < top || vy > height)
        g_error ("step %u: %s at (%.0f, %.0f) is outside the canvas's %.0f×%.0f px below %.0f",
                 step + 1, e->id, vx, vy, width, height, top);
    }
}

/* The bench stepped through in presentation mode at projector sizes: the
 * banner whole and the step in view at every step shown; screenshots with
 * the directory set. */
static void
check_projector (int         width,
                 int         height,
                 const char *lang)
{
  static const guint steps[] = { 0, 5, 8, 11, 12, 14, 15 };
  BgWindow *window = open_example ("hydraulic-bench.bgmod", width, height);

  /* after a run, as in class: the plot pane then asks for its axes */
  bg_test_ui_run_to_end (window);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  enter (window);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      g_autofree char *name = g_strdup_printf ("explain-bench-%dx%d-%s-step%02u",
                                               width, height, lang, steps[i] + 1);

      bg_explain_bar_set_step (window_bar (window), steps[i]);
      bg_test_ui_wait_ms (250);
      assert_banner_whole (window);
      assert_step_in_view (window, steps[i]);
      bg_test_ui_maybe_screenshot (name);
      g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
      g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
    }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
  {
    g_autofree char *name = g_strdup_printf ("explain-conflict-%dx%d-%s", width, height, lang);

    window = open_example ("conflict-two-capacitors.bgmod", width, height);
    g_object_set (window, "presentation-mode", TRUE, NULL);
    enter (window);
    activate (window, "win.explain-last");
    bg_test_ui_wait_ms (250);
    assert_banner_whole (window);
    /* banner, conflict status and panes fit the screen: the remedy bar
     * waits for the end of the mode, the plot pane's "not run yet" wraps */
    g_test_message ("conflict window %dx%d", gtk_widget_get_width (GTK_WIDGET (window)),
                    gtk_widget_get_height (GTK_WIDGET (window)));
    bg_test_ui_maybe_screenshot (name);
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, height);
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, width);
    g_object_set (window, "presentation-mode", FALSE, NULL);
    bg_test_ui_destroy_window (window);
  }
}

/* The banner keeps one height through every step at a window size (its
 * sentence took 2 to 5 lines, and the graph below jumped from step to
 * step): the canvas's top and height stay put while stepping. */
static void
check_banner_steady (int width,
                     int height)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", width, height);
  BgExplainBar *bar = window_bar (window);
  GtkWidget *canvas = GTK_WIDGET (window_canvas (window));
  int bar_h = -1, canvas_h = -1;
  double canvas_y = -1;

  bg_test_ui_run_to_end (window);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  enter (window);
  for (guint step = 0; step < bg_explain_bar_get_n_steps (bar); step++)
    {
      graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), at;

      bg_explain_bar_set_step (bar, step);
      bg_test_ui_wait_ms (100);
      g_assert_true (gtk_widget_compute_point (canvas, GTK_WIDGET (window), &origin, &at));
      if (step == 0)
        {
          bar_h = gtk_widget_get_height (GTK_WIDGET (bar));
          canvas_h = gtk_widget_get_height (canvas);
          canvas_y = at.y;
          g_test_message ("%d×%d: banner %d px, canvas %d px from y = %.0f", width, height,
                          bar_h, canvas_h, canvas_y);
        }
      if (gtk_widget_get_height (GTK_WIDGET (bar)) != bar_h)
        g_error ("step %u: the banner is %d px, step 1's %d px", step + 1,
                 gtk_widget_get_height (GTK_WIDGET (bar)), bar_h);
      g_assert_cmpint (gtk_widget_get_height (canvas), ==, canvas_h);
      g_assert_cmpfloat (at.y, ==, canvas_y);
      assert_banner_whole (window);
    }
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

static void
test_banner_steady (void)
{
  check_banner_steady (1024, 768);
  check_banner_steady (1280, 800);
}

static void
test_projector (void)
{
  check_projector (1280, 800, "en");
  check_projector (1024, 768, "en");
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
  check_projector (1280, 800, "ru");
  check_projector (1024, 768, "ru");
  {
    BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);

    enter (window);
    /* the heading and the sentence are in the UI's language */
    g_assert_true (g_str_has_prefix (bg_explain_bar_get_heading (window_bar (window)), "Шаг 1 из 16"));
    g_assert_null (strstr (bg_explain_bar_get_sentence (window_bar (window)), "sets the"));
    bg_test_ui_destroy_window (window);
  }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-explain-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/explain/bench-steps", test_bench_steps);
  g_test_add_func ("/ui/explain/keys-and-buttons", test_keys_and_buttons);
  g_test_add_func ("/ui/explain/play", test_play);
  g_test_add_func ("/ui/explain/edit-leaves", test_edit_leaves);
  g_test_add_func ("/ui/explain/canvas-height", test_canvas_height);
  g_test_add_func ("/ui/explain/exercise-excludes", test_exercise_excludes);
  g_test_add_func ("/ui/explain/conflicts", test_conflicts);
  g_test_add_func ("/ui/explain/every-example", test_every_example);
  g_test_add_func ("/ui/explain/banner-steady", test_banner_steady);
  g_test_add_func ("/ui/explain/projector", test_projector);
  g_test_add_func ("/ui/explain/projector-russian", test_projector_russian);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
