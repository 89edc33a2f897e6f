/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-exercise-marks.c — how a student's causal stroke and a verdict badge
 * look (see bg-exercise-marks.h).
 *
 * Owns: drawing one stroke and one badge. Must not: keep state, or know
 * which bonds are marked.
 */
#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "bg-exercise-marks.h"

const char *
bg_exercise_marks_glyph (BgVerdict verdict)
{
  switch (verdict)
    {
    case BG_VERDICT_OK:
      return "✓";
    case BG_VERDICT_WRONG:
      return "✗";
    case BG_VERDICT_MISSING:
    default:
      return "?";
    }
}

const BgGraphColor *
bg_exercise_marks_color (const BgGraphStyle *style,
                         BgVerdict           verdict)
{
  return verdict == BG_VERDICT_OK ? &style->selection
       : verdict == BG_VERDICT_WRONG ? &style->error
       : &style->group;
}

static void
set_rgba (cairo_t            *cr,
          const BgGraphColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

void
bg_exercise_marks_stroke (cairo_t *cr,
                          BgPoint  from,
                          BgPoint  to,
                          BgStroke stroke,
                          double   length)
{
  BgPoint s1, s2;

  if (stroke != BG_STROKE_AT_TO && stroke != BG_STROKE_AT_FROM)
    return;
  if (stroke == BG_STROKE_AT_TO)
    bg_geometry_causal_stroke (from, to, length, &s1, &s2);
  else
    bg_geometry_causal_stroke (to, from, length, &s1, &s2);
  cairo_move_to (cr, s1.x, s1.y);
  cairo_line_to (cr, s2.x, s2.y);
  cairo_stroke (cr);
}

void
bg_exercise_marks_badge (cairo_t            *cr,
                         PangoContext       *context,
                         BgPoint             at,
                         BgVerdict           verdict,
                         const BgGraphStyle *style,
                         double              scale)
{
  PangoLayout *layout = context != NULL ? pango_layout_new (context)
                                        : pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  double r = BG_EXERCISE_BADGE_RADIUS * scale;
  int w, h;

  pango_layout_set_text (layout, bg_exercise_marks_glyph (verdict), -1);
  pango_font_description_set_absolute_size (font, 13 * scale * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, at.x, at.y, r, 0, 2 * G_PI);
  set_rgba (cr, bg_exercise_marks_color (style, verdict));
  cairo_fill_preserve (cr);
  set_rgba (cr, &style->bg);
  cairo_set_line_width (cr, 1.5 * scale);
  cairo_stroke (cr);

  pango_layout_get_pixel_size (layout, &w, &h);
  set_rgba (cr, &style->bg);
  cairo_move_to (cr, at.x - w / 2.0, at.y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  g_object_unref (layout);
}

BgPoint
bg_exercise_marks_badge_point (BgPoint from,
                               BgPoint to)
{
  return (BgPoint) { from.x + 0.5 * (to.x - from.x), from.y + 0.5 * (to.y - from.y) };
}

BgPoint
bg_exercise_marks_badge_beside (BgPoint from,
                                BgPoint to,
                                double  scale,
                                double  gap)
{
  BgPoint middle = bg_exercise_marks_badge_point (from, to);
  double dx = to.x - from.x, dy = to.y - from.y, len = hypot (dx, dy);
  double d = BG_EXERCISE_BADGE_RADIUS * scale + gap;

  if (len < 1e-9)
    return middle;
  /* the left-hand normal of travel; the ids take the right-hand one */
  return (BgPoint) { middle.x + d * dy / len, middle.y - d * dx / len };
}
