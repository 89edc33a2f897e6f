/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-exercise.c — the canvas in exercise mode.
 *
 * Owns: exercise mode on the canvas: the analyzer's strokes (and its
 * conflict colours, which would give the answer away) are hidden and the
 * student's own strokes (BgBond.exercise) are drawn instead; a click near
 * either end of a bond puts the stroke there, a click on a stroke removes
 * it; the "canvas.exercise-stroke" action (key S) cycles the selected bond's
 * stroke; Check grades the strokes (bg-causality-check.h) and marks each
 * bond with a badge that carries its verdict in shape and text as well as
 * colour (✓ correct, ✗ wrong, ? missing), its sentence in the tooltip;
 * Reveal draws the answer's strokes (the nearest valid assignment after a
 * Check, else the analyzer's) in the accent colour, thicker, and the
 * student's strokes that differ from it dashed in the error colour, and
 * says so in the status line. Marks belong to the revision they were made
 * for and vanish at the next edit.
 *
 * A stroke placed goes to the "place-stroke" signal first (inside a
 * component the window keeps it in the document, for that instance
 * alone), and marks may come from a grade made elsewhere
 * (bg_canvas_show_exercise_grade).
 *
 * Must not: edit the model except through bg_model_set_exercise_stroke(),
 * or decide what is correct (the grader does).
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-causality-check.h"
#include "bg-definition.h"
#include "bg-exercise-marks.h"

/* View px from a bond end within which a click places the stroke there. */
#define END_HIT 22.0

static guint place_stroke_signal;

struct _BgCanvasExercise
{
  gboolean  on;
  gboolean  reveal;
  BgGrade  *grade;
  BgModel  *grade_model;     /* compared only, never dereferenced */
  guint64   grade_revision;
};

void
_bg_canvas_exercise_init (BgCanvas *self)
{
  self->exercise = g_new0 (BgCanvasExercise, 1);
}

void
_bg_canvas_exercise_finalize (BgCanvas *self)
{
  g_clear_pointer (&self->exercise->grade, bg_grade_free);
  g_clear_pointer (&self->exercise, g_free);
}

/* Mode ---------------------------------------------------------------------- */

void
bg_canvas_set_exercise_mode (BgCanvas *self,
                             gboolean  on)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  on = !!on;
  if (self->exercise->on == on)
    return;
  self->exercise->on = on;
  self->exercise->reveal = FALSE;
  g_clear_pointer (&self->exercise->grade, bg_grade_free);
  _bg_canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
bg_canvas_get_exercise_mode (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->exercise->on;
}

void
bg_canvas_set_exercise_reveal (BgCanvas *self,
                               gboolean  reveal)
{
  gboolean was;

  g_return_if_fail (BG_IS_CANVAS (self));

  was = self->exercise->reveal;
  self->exercise->reveal = self->exercise->on && reveal;
  if (self->exercise->reveal && !was)
    _bg_canvas_say (self, _("Answer shown: its strokes are thick in the accent colour; "
                           "yours that differ from it are dashed in red."), FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
bg_canvas_get_exercise_reveal (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->exercise->reveal;
}

const BgGrade *
bg_canvas_get_exercise_grade (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  if (self->exercise->grade == NULL || self->model == NULL ||
      self->exercise->grade_model != self->model ||
      self->exercise->grade_revision != bg_model_get_revision (self->model))
    return NULL;
  return self->exercise->grade;
}

void
bg_canvas_show_exercise_grade (BgCanvas *self,
                               BgGrade  *grade)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  g_clear_pointer (&self->exercise->grade, bg_grade_free);
  if (self->model == NULL || !self->exercise->on)
    {
      g_clear_pointer (&grade, bg_grade_free);
      return;
    }
  self->exercise->grade = grade;
  self->exercise->grade_model = self->model;
  self->exercise->grade_revision = bg_model_get_revision (self->model);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const BgGrade *
bg_canvas_check_exercise (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  if (self->model == NULL || !self->exercise->on)
    return NULL;
  g_clear_pointer (&self->exercise->grade, bg_grade_free);
  self->exercise->grade = bg_grade_exercise (self->model);
  self->exercise->grade_model = self->model;
  self->exercise->grade_revision = bg_model_get_revision (self->model);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return self->exercise->grade;
}

/* The analysis the renderer gets: none in exercise mode (the answer's
 * strokes are drawn here in their own style), but a conflict's colours
 * once revealed. */
BgCausality *
_bg_canvas_exercise_filter (BgCanvas    *self,
                            BgCausality *causality)
{
  if (!self->exercise->on)
    return causality;
  if (self->exercise->reveal && causality != NULL && !bg_causality_is_ok (causality))
    return causality;
  return NULL;
}

/* Placing strokes ----------------------------------------------------------- */

/* The bond's drawn ends in view coordinates. */
static gboolean
bond_view_ends (BgCanvas  *self,
                BgBond    *bond,
                BgPoint   *from,
                BgPoint   *to)
{
  BgGraphView view;

  _bg_canvas_fill_view (self, &view);
  if (!bg_graph_renderer_bond_ends (self->renderer, bond, &view, from, to))
    return FALSE;
  bg_canvas_model_to_view (self, from->x, from->y, &from->x, &from->y);
  bg_canvas_model_to_view (self, to->x, to->y, &to->x, &to->y);
  return TRUE;
}

static void
announce (BgCanvas *self,
          BgBond   *bond)
{
  g_autofree char *text = NULL;

  if (bond->exercise == BG_STROKE_NONE)
    text = g_strdup_printf (_("No stroke on %s"), bond->id);
  else
    text = g_strdup_printf (_("Stroke on %s at %s"), bond->id,
                            bond->exercise == BG_STROKE_AT_TO ? bond->to->id
                                                              : bond->from->id);
  _bg_canvas_say (self, text, FALSE);
}

static void
set_stroke (BgCanvas   *self,
            const char *bond_id,
            BgStroke    stroke)
{
  g_autoptr(GError) error = NULL;
  gboolean handled = FALSE;
  BgBond *bond;

  g_signal_emit (self, place_stroke_signal, 0, bond_id, (int) stroke, &handled);
  if (handled)
    {
      bond = bg_model_find_bond (self->model, bond_id);
      if (bond != NULL)
        announce (self, bond);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }
  if (!bg_model_set_exercise_stroke (self->model, bond_id, stroke, &error))
    {
      _bg_canvas_say (self, error->message, TRUE);
      return;
    }
  bond = bg_model_find_bond (self->model, bond_id);
  if (bond != NULL)
    announce (self, bond);
}

gboolean
bg_canvas_place_stroke_at (BgCanvas *self,
                           double    view_x,
                           double    view_y)
{
  GPtrArray *bonds;
  BgBond *best = NULL;
  gboolean best_at_to = FALSE;
  double best_d = END_HIT * MAX (1.0, self->presentation_scale);
  BgStroke wanted;

  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);

  if (self->model == NULL || !self->exercise->on)
    return FALSE;
  /* a click on a component instance's box is for the instance (a
   * double-click opens it), not for the bond ends at its border */
  {
    Hit hit = _bg_canvas_hit_test (self, view_x, view_y);

    if (hit.kind == HIT_ELEMENT && bg_definition_of_spec (hit.element->spec) != NULL)
      return FALSE;
  }
  bonds = bg_model_get_bonds (self->model);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      BgPoint from, to;
      double df, dt, len;

      if (!bond_view_ends (self, bond, &from, &to))
        continue;
      len = hypot (to.x - from.x, to.y - from.y);
      df = hypot (view_x - from.x, view_y - from.y);
      dt = hypot (view_x - to.x, view_y - to.y);
      /* Only the end half of the bond that is nearer counts. */
      if (df < best_d && df <= len / 2)
        {
          best = bond;
          best_d = df;
          best_at_to = FALSE;
        }
      if (dt < best_d && dt <= len / 2)
        {
          best = bond;
          best_d = dt;
          best_at_to = TRUE;
        }
    }
  if (best == NULL)
    return FALSE;

  wanted = best_at_to ? BG_STROKE_AT_TO : BG_STROKE_AT_FROM;
  set_stroke (self, best->id, best->exercise == wanted ? BG_STROKE_NONE : wanted);
  return TRUE;
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BgCanvas        *self)
{
  if (!self->exercise->on)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (bg_canvas_place_stroke_at (self, x, y))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* canvas.exercise-stroke: none → at the `to` end → at the `from` end → none,
 * for each selected bond. */
static void
action_exercise_stroke (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  BgCanvas *self = BG_CANVAS (widget);
  g_autoptr(GPtrArray) bonds = NULL;

  if (self->model == NULL || !self->exercise->on)
    return;
  bonds = _bg_canvas_selected_of_kind (self, FALSE);
  if (bonds->len == 0)
    {
      _bg_canvas_say (self, _("Select a bond first (Page Down), then press S to place its stroke"), FALSE);
      return;
    }
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = bg_model_find_bond (self->model, g_ptr_array_index (bonds, i));
      BgStroke next;

      if (bond == NULL)
        continue;
      next = bond->exercise == BG_STROKE_NONE ? BG_STROKE_AT_TO
           : bond->exercise == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM
           : BG_STROKE_NONE;
      set_stroke (self, bond->id, next);
    }
}

void
_bg_canvas_exercise_controllers_init (BgCanvas *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  /* Before the move and bond gestures see the press. */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click),
                                              GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
_bg_canvas_exercise_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "canvas.exercise-stroke", NULL,
                                   action_exercise_stroke);
  place_stroke_signal =
    g_signal_new ("place-stroke", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0,
                  g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 2,
                  G_TYPE_STRING, G_TYPE_INT);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0,
                                       "canvas.exercise-stroke", NULL);
}

void
_bg_canvas_exercise_update_actions (BgCanvas *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "canvas.exercise-stroke",
                                 self->model != NULL && self->exercise->on);
}

/* Drawing ------------------------------------------------------------------- */

static void
set_rgba (cairo_t            *cr,
          const BgGraphColor *c,
          double              alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* The revealed answer on @bond: the nearest valid assignment of the
 * last Check (it keeps the student's correct choices where there are
 * several), else the analyzer's stroke. */
static BgStroke
answer_stroke (BgCanvas      *self,
               const BgGrade *grade,
               BgBond        *bond)
{
  BgCausality *causality = _bg_canvas_current_causality (self);

  if (grade != NULL && bg_grade_has_solution (grade))
    {
      const BgBondGrade *g = bg_grade_lookup (grade, bond->id);

      if (g != NULL)
        return g->expected;
    }
  if (causality == NULL)
    return BG_STROKE_NONE;
  return bg_causality_lookup_stroke (causality, bond->id);
}

/* ✓ on the theme's accent, ✗ on the error colour, ? on the group colour
 * (ui/render/bg-exercise-marks.c: the look of the feedback sheets too). */
static void
draw_badge (BgCanvas           *self,
            cairo_t            *cr,
            BgPoint             at,
            BgVerdict           verdict,
            const BgGraphStyle *style,
            double              scale)
{
  bg_exercise_marks_badge (cr, gtk_widget_get_pango_context (GTK_WIDGET (self)), at, verdict,
                           style, scale);
}

void
_bg_canvas_exercise_draw (BgCanvas *self,
                          cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  const BgGrade *grade = bg_canvas_get_exercise_grade (self);
  GPtrArray *bonds;
  double scale = MAX (0.6, MIN (2.5, self->zoom)) * self->presentation_scale;
  double length = BG_GEOMETRY_BARB_LENGTH * 1.3 * scale;

  if (self->model == NULL || !self->exercise->on)
    return;
  bonds = bg_model_get_bonds (self->model);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      const BgBondGrade *g = grade != NULL ? bg_grade_lookup (grade, bond->id) : NULL;
      BgStroke answer = self->exercise->reveal ? answer_stroke (self, grade, bond) : BG_STROKE_NONE;
      BgPoint from, to;

      if (!bond_view_ends (self, bond, &from, &to))
        continue;
      if (answer != BG_STROKE_NONE)
        {
          /* the answer: thick, in the accent colour, on a knock-out */
          set_rgba (cr, &style->bg, 1.0);
          cairo_set_line_width (cr, 3.2 * 1.8 * scale);
          bg_exercise_marks_stroke (cr, from, to, answer, length * 1.15);
          set_rgba (cr, &style->selection, 1.0);
          cairo_set_line_width (cr, 2.0 * 1.8 * scale);
          bg_exercise_marks_stroke (cr, from, to, answer, length * 1.15);
        }
      if (bond->exercise == BG_STROKE_NONE || bond->exercise == answer)
        continue;
      /* A wrong stroke in the error colour (its badge says so in text);
       * against a revealed answer, also dashed: "yours, not the answer". */
      set_rgba (cr, (g != NULL && g->verdict == BG_VERDICT_WRONG) || answer != BG_STROKE_NONE
                    ? &style->error : &style->fg, 1.0);
      cairo_set_line_width (cr, 1.2 * 1.8 * scale);
      if (answer != BG_STROKE_NONE)
        {
          double dash[] = { 4.0 * scale, 2.5 * scale };

          cairo_set_line_width (cr, 1.6 * 1.8 * scale);
          cairo_set_dash (cr, dash, 2, 0);
        }
      bg_exercise_marks_stroke (cr, from, to, bond->exercise, length);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  for (guint i = 0; grade != NULL && i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      const BgBondGrade *g = bg_grade_lookup (grade, bond->id);
      BgPoint from, to;

      if (g != NULL && bond_view_ends (self, bond, &from, &to))
        draw_badge (self, cr, bg_exercise_marks_badge_point (from, to), g->verdict, style, scale);
    }
  cairo_restore (cr);
}

/* Tooltips ------------------------------------------------------------------- */

char *
_bg_canvas_exercise_tooltip (BgCanvas *self,
                             double    view_x,
                             double    view_y)
{
  const BgGrade *grade = bg_canvas_get_exercise_grade (self);
  GPtrArray *bonds;
  double scale = MAX (0.6, MIN (2.5, self->zoom)) * self->presentation_scale;

  if (self->model == NULL)
    return NULL;
  bonds = bg_model_get_bonds (self->model);
  for (guint i = 0; grade != NULL && i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      const BgBondGrade *g = bg_grade_lookup (grade, bond->id);
      BgPoint from, to, at;

      if (g == NULL || !bond_view_ends (self, bond, &from, &to))
        continue;
      at = bg_exercise_marks_badge_point (from, to);
      if (hypot (view_x - at.x, view_y - at.y) <= BG_EXERCISE_BADGE_RADIUS * scale + 4)
        return g_strdup_printf ("%s: %s", bond->id, g->message);
    }
  return g_strdup (_("Exercise mode: click near an end of a bond to put its causal stroke there; click it again to remove it."));
}
