/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-badges.c — the conflict badge on a component instance's box.
 *
 * Owns: a round "!" badge in the error colour at the top right corner of
 * every instance of a component the analysis shown names in a conflict
 * (a conflict inside it, seen from the level above: bg_causality_project
 * names the instance), drawn over the graph; a primary click on it emits
 * "open-conflict" (the instance's id), which the window answers by opening
 * the instance down to its conflict; its tooltip; and where it is drawn
 * (bg_canvas_get_conflict_badge, for tests and the keyboard).
 * Not in exercise mode (the colours would give the answer away) or while
 * explaining (the steps are shown instead). Must not: analyse, or open an
 * instance itself.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-definition.h"

/* Radius of the badge, view px at presentation scale 1. */
#define BADGE_RADIUS 10.0

static guint open_conflict_signal;

static gboolean
badges_shown (BgCanvas *self)
{
  return self->model != NULL && !bg_canvas_get_exercise_mode (self) &&
         !_bg_canvas_explaining (self) && _bg_canvas_current_causality (self) != NULL;
}

static gboolean
badge_of (BgCanvas  *self,
          BgElement *el,
          double    *x,
          double    *y)
{
  BgCausality *causality = _bg_canvas_current_causality (self);
  BgElementShape shape;

  if (bg_definition_of_spec (el->spec) == NULL ||
      !bg_causality_element_has_error (causality, el->id))
    return FALSE;
  _bg_canvas_element_shape (self, el, &shape);
  bg_canvas_model_to_view (self, shape.box.x + shape.box.width, shape.box.y, x, y);
  return TRUE;
}

static double
badge_radius (BgCanvas *self)
{
  return BADGE_RADIUS * self->presentation_scale;
}

gboolean
bg_canvas_get_conflict_badge (BgCanvas   *self,
                              const char *instance_id,
                              double     *view_x,
                              double     *view_y)
{
  BgElement *el;

  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (instance_id != NULL, FALSE);

  if (!badges_shown (self) || (el = bg_model_find_element (self->model, instance_id)) == NULL)
    return FALSE;
  return badge_of (self, el, view_x, view_y);
}

/* The instance whose badge is under the point, or NULL. */
static BgElement *
badge_at (BgCanvas *self,
          double    view_x,
          double    view_y)
{
  GPtrArray *elements;
  double r = badge_radius (self) + 2;

  if (!badges_shown (self))
    return NULL;
  elements = bg_model_get_elements (self->model);
  for (guint i = elements->len; i-- > 0;)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      double x, y;

      if (badge_of (self, el, &x, &y) && hypot (view_x - x, view_y - y) <= r)
        return el;
    }
  return NULL;
}

char *
_bg_canvas_badge_tooltip (BgCanvas *self,
                          double    view_x,
                          double    view_y)
{
  BgElement *el = badge_at (self, view_x, view_y);

  if (el == NULL)
    return NULL;
  /* TRANSLATORS: %s is a component instance's id */
  return g_strdup_printf (_("A causal conflict inside %s: click to open it there"), el->id);
}

void
_bg_canvas_draw_badges (BgCanvas *self,
                        cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  GPtrArray *elements;
  double r = badge_radius (self);

  if (!badges_shown (self))
    return;
  elements = bg_model_get_elements (self->model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      PangoLayout *layout;
      PangoFontDescription *font;
      double x, y;
      int w, h;

      if (!badge_of (self, el, &x, &y))
        continue;
      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, style->error.red, style->error.green, style->error.blue, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1.0);
      cairo_set_line_width (cr, 1.5 * self->presentation_scale);
      cairo_stroke (cr);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), "!");
      font = pango_font_description_from_string ("Sans Bold");
      pango_font_description_set_absolute_size (font, 14 * self->presentation_scale * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_font_description_free (font);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BgCanvas        *self)
{
  BgElement *el = badge_at (self, x, y);
  g_autofree char *id = NULL;

  if (el == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  id = g_strdup (el->id);
  g_signal_emit (self, open_conflict_signal, 0, id);
}

void
_bg_canvas_badges_controllers_init (BgCanvas *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_event_controller_set_static_name (GTK_EVENT_CONTROLLER (click), "bg-conflict-badge");
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  /* before the selection and move gestures see the press */
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
_bg_canvas_badges_class_init (GtkWidgetClass *widget_class)
{
  open_conflict_signal =
    g_signal_new ("open-conflict", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}
