/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-pole-map.c — the s-plane with the eigenvalues marked, in Cairo.
 *
 * Owns: the window of the plane, its layout, drawing, hit-testing and
 * export (bg-pole-map.h). Must not: compute eigenvalues, depend on GTK, or
 * write files other than as the plots do (bg_plot_write_picture, through
 * bg-export.c).
 */
#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <glib/gi18n-lib.h>

#include "bg-export.h"
#include "bg-mode-text.h"
#include "bg-plot-ctx-private.h"
#include "bg-pole-map.h"
#include "bg-si-format.h"
#include "bg-units.h"

/* Okabe–Ito: blue for stable poles, vermilion for unstable ones, and a
 * lighter blue on a dark background. */
static const BgPlotColor stable_light = { 0.0, 0.447, 0.698, 1.0 };
static const BgPlotColor stable_dark = { 0.337, 0.706, 0.914, 1.0 };
static const BgPlotColor unstable_color = { 0.835, 0.369, 0.0, 1.0 };
/* its text on a light background: darker, for 4.5:1 on white */
static const BgPlotColor unstable_text = { 0.66, 0.27, 0.0, 1.0 };

struct _BgPoleMap
{
  GArray               *modes;          /* BgMode */
  double                max_magnitude;
  BgPlotColor           fg, bg;
  PangoFontDescription *font;
  double                font_scale, line_scale;
  int                   highlight;

  /* the last rendering */
  gboolean              have_layout;
  double                area_x, area_y, area_w, area_h;
  double                re0, re1, im0, im1;
  double                cross;          /* half the size of a cross, px */
};

BgPoleMap *
bg_pole_map_new (void)
{
  BgPoleMap *self = g_new0 (BgPoleMap, 1);

  self->modes = g_array_new (FALSE, FALSE, sizeof (BgMode));
  self->fg = (BgPlotColor) { 0, 0, 0, 1 };
  self->bg = (BgPlotColor) { 1, 1, 1, 1 };
  self->font = pango_font_description_from_string ("Sans 9");
  self->font_scale = self->line_scale = 1.0;
  self->highlight = -1;
  return self;
}

void
bg_pole_map_free (BgPoleMap *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->modes);
  pango_font_description_free (self->font);
  g_free (self);
}

void
bg_pole_map_set_modes (BgPoleMap *self,
                       GArray    *modes)
{
  g_return_if_fail (self != NULL);

  g_array_set_size (self->modes, 0);
  if (modes != NULL && modes->len > 0)
    g_array_append_vals (self->modes, modes->data, modes->len);
  self->max_magnitude = bg_modes_max_magnitude (self->modes);
  self->highlight = -1;
  self->have_layout = FALSE;
}

guint
bg_pole_map_get_n_poles (BgPoleMap *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->modes->len;
}

const BgMode *
bg_pole_map_get_mode (BgPoleMap *self,
                      guint      index)
{
  g_return_val_if_fail (self != NULL && index < self->modes->len, NULL);
  return &g_array_index (self->modes, BgMode, index);
}

double
bg_pole_map_get_max_magnitude (BgPoleMap *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->max_magnitude;
}

void
bg_pole_map_set_colors (BgPoleMap         *self,
                        const BgPlotColor *foreground,
                        const BgPlotColor *background)
{
  g_return_if_fail (self != NULL);

  if (foreground != NULL)
    self->fg = *foreground;
  if (background != NULL)
    self->bg = *background;
}

void
bg_pole_map_set_font (BgPoleMap                  *self,
                      const PangoFontDescription *font)
{
  g_return_if_fail (self != NULL);

  pango_font_description_free (self->font);
  self->font = font != NULL ? pango_font_description_copy (font)
                            : pango_font_description_from_string ("Sans 9");
}

void
bg_pole_map_set_scale (BgPoleMap *self,
                       double     font_scale,
                       double     line_scale)
{
  g_return_if_fail (self != NULL);

  self->font_scale = font_scale > 0 && isfinite (font_scale) ? font_scale : 1.0;
  self->line_scale = line_scale > 0 && isfinite (line_scale) ? line_scale : 1.0;
}

void
bg_pole_map_set_highlight (BgPoleMap *self,
                           int        index)
{
  g_return_if_fail (self != NULL);
  self->highlight = index >= 0 && (guint) index < self->modes->len ? index : -1;
}

int
bg_pole_map_get_highlight (BgPoleMap *self)
{
  g_return_val_if_fail (self != NULL, -1);
  return self->highlight;
}

/* The plane --------------------------------------------------------------- */

/* The pole's place: a zero eigenvalue sits on the origin. */
static void
pole_point (BgPoleMap    *self,
            const BgMode *mode,
            double       *re,
            double       *im)
{
  gboolean zero = bg_mode_is_zero (mode, self->max_magnitude);

  *re = zero ? 0 : mode->re;
  *im = zero ? 0 : mode->im;
}

/* Every pole, the origin, and a strip of the right half-plane wide enough
 * to see it shaded. */
static void
plane_window (BgPoleMap *self)
{
  double lo = 0, hi = 0, top = 0, span;

  for (guint i = 0; i < self->modes->len; i++)
    {
      double re, im;

      pole_point (self, &g_array_index (self->modes, BgMode, i), &re, &im);
      if (!isfinite (re) || !isfinite (im))
        continue;
      lo = MIN (lo, re);
      hi = MAX (hi, re);
      top = MAX (top, fabs (im));
    }
  span = hi - lo;
  if (span <= 0)
    span = top > 0 ? top : 1.0;
  self->re0 = lo - 0.12 * span;
  self->re1 = MAX (hi + 0.12 * span, 0.18 * span);
  if (top <= 0)
    top = 0.4 * (self->re1 - self->re0);
  self->im0 = -1.18 * top;
  self->im1 = 1.18 * top;
}

double
bg_pole_map_re_to_x (BgPoleMap *self,
                     double     re)
{
  g_return_val_if_fail (self != NULL, NAN);
  if (!self->have_layout)
    return NAN;
  return self->area_x + (re - self->re0) / (self->re1 - self->re0) * self->area_w;
}

double
bg_pole_map_im_to_y (BgPoleMap *self,
                     double     im)
{
  g_return_val_if_fail (self != NULL, NAN);
  if (!self->have_layout)
    return NAN;
  return self->area_y + (self->im1 - im) / (self->im1 - self->im0) * self->area_h;
}

/* Text ---------------------------------------------------------------------- */

/* @text with its top left at (x, y). */
static void
show_text (Ctx        *c,
           const char *text,
           double      x,
           double      y)
{
  pango_layout_set_text (c->layout, text, -1);
  cairo_move_to (c->cr, x, y);
  pango_cairo_show_layout (c->cr, c->layout);
}

/* Layout -------------------------------------------------------------------- */

static void
ticks_for (double   lo,
           double   hi,
           double   pixels,
           double   per_tick,
           BgTicks *ticks)
{
  guint max = (guint) MAX (2.0, floor (pixels / per_tick));

  if (!bg_si_nice_ticks (lo, hi, max, ticks))
    ticks->count = 0;
}

static char *
tick_label (double value)
{
  return bg_si_format (value, "");
}

static double
widest_tick (Ctx           *c,
             const BgTicks *ticks)
{
  double widest = 0;

  for (guint i = 0; i < ticks->count; i++)
    {
      g_autofree char *s = tick_label (bg_si_tick_value (ticks, i));
      double w;

      _bg_plot_renderer_text_size (c, s, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

static void
layout (BgPoleMap *self,
        Ctx       *c,
        double     width,
        double     height,
        BgTicks   *re_ticks,
        BgTicks   *im_ticks)
{
  double left, bottom;

  plane_window (self);
  /* the value labels' width depends on the ticks, which depend on the
   * height only */
  bottom = c->pad + 2 * c->line_h + 0.7 * c->line_h;
  /* a line above the frame names the shaded half-plane */
  self->area_y = c->pad + 1.3 * c->line_h;
  self->area_h = MAX (1.0, height - self->area_y - bottom);
  ticks_for (self->im0, self->im1, self->area_h, 2.0 * c->line_h, im_ticks);
  left = c->pad + c->line_h + 0.5 * c->line_h + widest_tick (c, im_ticks) + 0.4 * c->line_h;
  self->area_x = left;
  self->area_w = MAX (1.0, width - left - c->pad);
  ticks_for (self->re0, self->re1, self->area_w, 5.0 * c->line_h, re_ticks);
  self->cross = 0.45 * c->line_h;
  self->have_layout = TRUE;
}

/* Drawing ------------------------------------------------------------------- */

static gboolean
dark_background (BgPoleMap *self)
{
  return 0.2126 * self->bg.red + 0.7152 * self->bg.green + 0.0722 * self->bg.blue < 0.5;
}

static void
draw_plane (BgPoleMap     *self,
            Ctx           *c,
            const BgTicks *re_ticks,
            const BgTicks *im_ticks)
{
  cairo_t *cr = c->cr;
  double x0 = bg_pole_map_re_to_x (self, 0), y0 = bg_pole_map_im_to_y (self, 0);
  double right = self->area_x + self->area_w, bottom = self->area_y + self->area_h;
  const char *unstable = _("Unstable: Re λ > 0");
  double w = 0, h = 0;

  /* the unstable half-plane */
  cairo_rectangle (cr, x0, self->area_y, right - x0, self->area_h);
  _bg_plot_renderer_set_source (cr, &unstable_color, dark_background (self) ? 0.22 : 0.13);
  cairo_fill (cr);

  /* grid */
  cairo_set_line_width (cr, c->lw);
  _bg_plot_renderer_set_source (cr, &self->fg, 0.10);
  for (guint i = 0; i < re_ticks->count; i++)
    {
      double x = round (bg_pole_map_re_to_x (self, bg_si_tick_value (re_ticks, i))) + 0.5;

      cairo_move_to (cr, x, self->area_y);
      cairo_line_to (cr, x, bottom);
    }
  for (guint i = 0; i < im_ticks->count; i++)
    {
      double y = round (bg_pole_map_im_to_y (self, bg_si_tick_value (im_ticks, i))) + 0.5;

      cairo_move_to (cr, self->area_x, y);
      cairo_line_to (cr, right, y);
    }
  cairo_stroke (cr);

  /* the axes through the origin, and the frame */
  _bg_plot_renderer_set_source (cr, &self->fg, 0.55);
  cairo_set_line_width (cr, 1.2 * c->lw);
  cairo_move_to (cr, round (x0) + 0.5, self->area_y);
  cairo_line_to (cr, round (x0) + 0.5, bottom);
  cairo_move_to (cr, self->area_x, round (y0) + 0.5);
  cairo_line_to (cr, right, round (y0) + 0.5);
  cairo_stroke (cr);
  _bg_plot_renderer_set_source (cr, &self->fg, 0.35);
  cairo_set_line_width (cr, c->lw);
  cairo_rectangle (cr, self->area_x + 0.5, self->area_y + 0.5, self->area_w - 1, self->area_h - 1);
  cairo_stroke (cr);

  /* the half-plane's name above the frame: from the imaginary axis on,
   * or ending at the frame's right end when it would overrun it */
  _bg_plot_renderer_text_size (c, unstable, &w, &h);
  if (w > self->area_w)
    {
      /* a narrow map: the word alone */
      unstable = _("Unstable");
      _bg_plot_renderer_text_size (c, unstable, &w, &h);
    }
  _bg_plot_renderer_set_source (cr, &unstable_text, 1.0);
  if (dark_background (self))
    _bg_plot_renderer_set_source (cr, &self->fg, 0.9);
  show_text (c, unstable, MAX (self->area_x, MIN (x0, right - w)),
             self->area_y - h - 0.15 * c->line_h);
}

static void
draw_ticks (BgPoleMap     *self,
            Ctx           *c,
            const BgTicks *re_ticks,
            const BgTicks *im_ticks,
            double         height)
{
  double bottom = self->area_y + self->area_h;
  g_autofree char *per_second = bg_units_localize ("1/s");
  g_autofree char *rad_s = bg_units_localize ("rad/s");
  g_autofree char *re_title = g_strdup_printf ("Re λ [%s]", per_second);
  g_autofree char *im_title = g_strdup_printf ("Im λ [%s]", rad_s);
  double w, h;

  _bg_plot_renderer_set_source (c->cr, &self->fg, 0.85);
  for (guint i = 0; i < re_ticks->count; i++)
    {
      g_autofree char *s = tick_label (bg_si_tick_value (re_ticks, i));
      double x = bg_pole_map_re_to_x (self, bg_si_tick_value (re_ticks, i));

      _bg_plot_renderer_text_size (c, s, &w, NULL);
      x = CLAMP (x - w / 2, 0, self->area_x + self->area_w - w);
      show_text (c, s, x, bottom + 0.25 * c->line_h);
    }
  for (guint i = 0; i < im_ticks->count; i++)
    {
      g_autofree char *s = tick_label (bg_si_tick_value (im_ticks, i));
      double y = bg_pole_map_im_to_y (self, bg_si_tick_value (im_ticks, i));

      _bg_plot_renderer_text_size (c, s, &w, &h);
      show_text (c, s, self->area_x - 0.4 * c->line_h - w, y - h / 2);
    }

  _bg_plot_renderer_set_source (c->cr, &self->fg, 1.0);
  _bg_plot_renderer_text_size (c, re_title, &w, &h);
  show_text (c, re_title, self->area_x + (self->area_w - w) / 2,
             MIN (height - h - 0.2 * c->line_h, bottom + 1.35 * c->line_h));
  _bg_plot_renderer_text_size (c, im_title, &w, &h);
  cairo_save (c->cr);
  cairo_translate (c->cr, c->pad * 0.5, self->area_y + (self->area_h + w) / 2);
  cairo_rotate (c->cr, -G_PI / 2);
  show_text (c, im_title, 0, 0);
  cairo_restore (c->cr);
}

static void
draw_cross (cairo_t *cr,
            double   x,
            double   y,
            double   r)
{
  cairo_move_to (cr, x - r, y - r);
  cairo_line_to (cr, x + r, y + r);
  cairo_move_to (cr, x - r, y + r);
  cairo_line_to (cr, x + r, y - r);
  cairo_stroke (cr);
}

/* The highlighted pole: a ring, and its frequency and damping in a box
 * that stays inside the plot area. */
static void
draw_highlight (BgPoleMap *self,
                Ctx       *c,
                guint      index)
{
  const BgMode *mode = &g_array_index (self->modes, BgMode, index);
  BgModeText text;
  g_autofree char *label = NULL;
  double x, y, w, h, bx, by;

  bg_pole_map_get_pole_position (self, index, &x, &y);
  _bg_plot_renderer_set_source (c->cr, &self->fg, 1.0);
  cairo_set_line_width (c->cr, 1.5 * c->lw);
  cairo_new_sub_path (c->cr);
  cairo_arc (c->cr, x, y, 1.9 * self->cross, 0, 2 * G_PI);
  cairo_stroke (c->cr);

  bg_mode_text_init (&text, mode, self->max_magnitude);
  {
    /* beside a highlighted pole: natural frequency and damping ratio */
    g_autofree char *hz = bg_units_localize ("Hz");

    label = g_strdup_printf ("f = %s %s, ζ = %s", text.hz, hz, text.damping);
  }
  bg_mode_text_clear (&text);
  _bg_plot_renderer_text_size (c, label, &w, &h);
  bx = x + 2.4 * self->cross;
  by = y - h - 1.2 * self->cross;
  if (bx + w + 0.4 * c->line_h > self->area_x + self->area_w)
    bx = x - 2.4 * self->cross - w;
  bx = CLAMP (bx, self->area_x + 0.2 * c->line_h,
              MAX (self->area_x + 0.2 * c->line_h, self->area_x + self->area_w - w - 0.2 * c->line_h));
  if (by < self->area_y + 0.2 * c->line_h)
    by = y + 1.2 * self->cross;
  _bg_plot_renderer_set_source (c->cr, &self->bg, 0.9);
  cairo_rectangle (c->cr, bx - 0.2 * c->line_h, by, w + 0.4 * c->line_h, h);
  cairo_fill (c->cr);
  _bg_plot_renderer_set_source (c->cr, &self->fg, 1.0);
  show_text (c, label, bx, by);
}

static void
draw_poles (BgPoleMap *self,
            Ctx       *c)
{
  const BgPlotColor *stable = dark_background (self) ? &stable_dark : &stable_light;

  cairo_save (c->cr);
  cairo_rectangle (c->cr, self->area_x, self->area_y, self->area_w, self->area_h);
  cairo_clip (c->cr);
  cairo_set_line_cap (c->cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (c->cr, 2.2 * c->lw);
  for (guint i = 0; i < self->modes->len; i++)
    {
      const BgMode *mode = &g_array_index (self->modes, BgMode, i);
      double x, y;

      if (!bg_pole_map_get_pole_position (self, i, &x, &y))
        continue;
      _bg_plot_renderer_set_source (c->cr, bg_mode_is_unstable (mode, self->max_magnitude)
                                           ? &unstable_color : stable, 1.0);
      draw_cross (c->cr, x, y, self->cross);
    }
  if (self->highlight >= 0)
    draw_highlight (self, c, (guint) self->highlight);
  cairo_restore (c->cr);
}

void
bg_pole_map_render (BgPoleMap *self,
                    cairo_t   *cr,
                    double     width,
                    double     height)
{
  BgTicks re_ticks, im_ticks;
  Ctx c;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  if (!(width > 0) || !(height > 0))
    return;
  cairo_save (cr);
  _bg_plot_ctx_init (&c, cr, self->font, self->font_scale, self->line_scale);
  _bg_plot_renderer_set_source (cr, &self->bg, 1.0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  layout (self, &c, width, height, &re_ticks, &im_ticks);
  draw_plane (self, &c, &re_ticks, &im_ticks);
  draw_ticks (self, &c, &re_ticks, &im_ticks, height);
  if (self->modes->len == 0)
    {
      const char *none = _("No eigenvalues: the model has no states");
      double w, h;

      _bg_plot_renderer_text_size (&c, none, &w, &h);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.7);
      show_text (&c, none, self->area_x + (self->area_w - w) / 2,
                 self->area_y + (self->area_h - h) / 2 - c.line_h);
    }
  draw_poles (self, &c);
  g_object_unref (c.layout);
  cairo_restore (cr);
}

/* Hit-testing ---------------------------------------------------------------- */

gboolean
bg_pole_map_get_pole_position (BgPoleMap *self,
                               guint      index,
                               double    *x,
                               double    *y)
{
  double re, im;

  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->have_layout || index >= self->modes->len)
    return FALSE;
  pole_point (self, &g_array_index (self->modes, BgMode, index), &re, &im);
  if (!isfinite (re) || !isfinite (im))
    return FALSE;
  if (x != NULL)
    *x = bg_pole_map_re_to_x (self, re);
  if (y != NULL)
    *y = bg_pole_map_im_to_y (self, im);
  return TRUE;
}

gboolean
bg_pole_map_get_plot_area (BgPoleMap *self,
                           double    *x,
                           double    *y,
                           double    *width,
                           double    *height)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (!self->have_layout)
    return FALSE;
  if (x != NULL)
    *x = self->area_x;
  if (y != NULL)
    *y = self->area_y;
  if (width != NULL)
    *width = self->area_w;
  if (height != NULL)
    *height = self->area_h;
  return TRUE;
}

int
bg_pole_map_pick (BgPoleMap *self,
                  double     x,
                  double     y)
{
  double best = G_MAXDOUBLE;
  int found = -1;

  g_return_val_if_fail (self != NULL, -1);

  if (!self->have_layout)
    return -1;
  for (guint i = 0; i < self->modes->len; i++)
    {
      double px, py, d;

      if (!bg_pole_map_get_pole_position (self, i, &px, &py))
        continue;
      d = hypot (x - px, y - py);
      if (d <= 2.2 * self->cross + 3 && d < best)
        {
          best = d;
          found = (int) i;
        }
    }
  return found;
}

/* Export ---------------------------------------------------------------------- */

static void
render_cb (gpointer  self,
           cairo_t  *cr,
           double    width,
           double    height)
{
  bg_pole_map_render (self, cr, width, height);
}

gboolean
bg_pole_map_write_png (BgPoleMap   *self,
                       const char  *path,
                       int          width,
                       int          height,
                       double       scale,
                       GError     **error)
{
  return bg_plot_write_picture (self, render_cb, path, BG_EXPORT_PNG, width, height, scale,
                                error);
}

gboolean
bg_pole_map_write_svg (BgPoleMap   *self,
                       const char  *path,
                       int          width,
                       int          height,
                       double       scale,
                       GError     **error)
{
  return bg_plot_write_picture (self, render_cb, path, BG_EXPORT_SVG_PX, width, height, scale,
                                error);
}

gboolean
bg_pole_map_write_pdf (BgPoleMap   *self,
                       const char  *path,
                       int          width,
                       int          height,
                       double       scale,
                       GError     **error)
{
  return bg_plot_write_picture (self, render_cb, path, BG_EXPORT_PDF_PX, width, height, scale,
                                error);
}
