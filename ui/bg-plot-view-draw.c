/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-draw.c — how the plot widget draws and measures itself.
 *
 * Owns: the snapshot (the renderer's picture in the theme's colours and
 * font, the "run to see plots" hint, the cursor read-out box with each
 * trace's line in its colour, the zoom box being dragged), the minimum and
 * natural sizes (every sub-plot readable), and the presentation text
 * factor (bg-plot-text.c). Must not: change the view or the
 * traces, or draw anything the exports would not besides the read-out and
 * the drag box.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-plot-text.h"
#include "bg-plot-view-private.h"
#include "bg-theme.h"

#define MIN_NATURAL_HEIGHT 340
#define EMPTY_PLOT_MIN_HEIGHT 44 /* the "run to see plots" hint, at scale 1 */

/* Drawing -------------------------------------------------------------------- */

void
_bg_plot_view_theme_colors (BgPlotView  *self,
                            BgPlotColor *fg,
                            BgPlotColor *bg)
{
  GdkRGBA rgba;
  double lightness;

  bg_theme_get_fg (GTK_WIDGET (self), &rgba);
  *fg = (BgPlotColor) { rgba.red, rgba.green, rgba.blue, 1.0 };
  /* the widget's own (view) background shows through; its lightness is the
   * opposite of the text's and picks the palette order */
  lightness = 0.2126 * rgba.red + 0.7152 * rgba.green + 0.0722 * rgba.blue;
  if (lightness > 0.5)
    *bg = (BgPlotColor) { 0.118, 0.118, 0.118, 1.0 };
  else
    *bg = (BgPlotColor) { 1.0, 1.0, 1.0, 1.0 };
}

/* The widget's font and the presentation scale, as drawing and measuring
 * use them. */
static void
bg_plot_view_apply_font (BgPlotView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));

  bg_plot_renderer_set_font (self->renderer, pango_context_get_font_description (context));
  /* presentation mode: PRESENTATION_SCALE of the desktop's font in all */
  bg_plot_renderer_set_scale (self->renderer,
                              bg_plot_text_factor (GTK_WIDGET (self),
                                                   self->presentation ? PRESENTATION_SCALE : 1.0),
                              self->presentation ? PRESENTATION_SCALE : 1.0);
}

void
_bg_plot_view_apply_style (BgPlotView *self,
                           gboolean    opaque)
{
  BgPlotColor fg, bg;

  _bg_plot_view_theme_colors (self, &fg, &bg);
  if (!opaque)
    bg.alpha = 0;
  bg_plot_renderer_set_colors (self->renderer, &fg, &bg);
  bg_plot_view_apply_font (self);
}

static void
draw_placeholder (BgPlotView *self,
                  cairo_t    *cr,
                  double      width,
                  double      height)
{
  PangoLayout *layout;
  BgPlotColor fg, bg;
  int w, h;

  _bg_plot_view_theme_colors (self, &fg, &bg);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self),
                                           _("Run the simulation (F5) to see plots"));
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.55);
  cairo_move_to (cr, (width - w) / 2, (height - h) / 2);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The read-out's text laid out in its font, and its box: right of the
 * cursor, else left of it, never over the value axis (a box cut at the
 * pane's edge in presentation mode). NULL when there is no read-out. */
static PangoLayout *
readout_layout (BgPlotView      *self,
                double           width,
                graphene_rect_t *box,
                double          *text_y)
{
  g_autofree char *text = NULL;
  PangoLayout *layout;
  PangoFontDescription *font;
  double x, area_x, area_y, area_w, area_h;
  int w, h;

  if (isnan (self->cursor_t) || self->traces->len == 0 ||
      !bg_plot_renderer_get_plot_area (self->renderer, 0, &area_x, &area_y, &area_w, &area_h))
    return NULL;

  text = bg_plot_view_dup_readout (self, self->cursor_t);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  font = pango_font_description_copy (pango_context_get_font_description (gtk_widget_get_pango_context (GTK_WIDGET (self))));
  /* a hover read-out grows less than the plot, or it hides the curves */
  if (self->presentation)
    pango_font_description_set_size (font, pango_font_description_get_size (font) *
                                           (1 + (PRESENTATION_SCALE - 1) / 2));
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &w, &h);

  x = bg_plot_renderer_time_to_x (self->renderer, self->cursor_t) + 12;
  if (x + w + 12 > width)
    x -= w + 24 + 12;
  x = MAX (x, area_x + 8);
  graphene_rect_init (box, x - 6, area_y + 4, w + 12, h + 8);
  *text_y = area_y + 8;
  return layout;
}

gboolean
bg_plot_view_get_readout_box (BgPlotView      *self,
                              graphene_rect_t *box)
{
  PangoLayout *layout;
  double text_y;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);

  layout = readout_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), box, &text_y);
  if (layout == NULL)
    return FALSE;
  g_object_unref (layout);
  return TRUE;
}

static void
draw_readout (BgPlotView *self,
              cairo_t    *cr,
              double      width,
              double      height)
{
  PangoLayout *layout;
  BgPlotColor fg, bg, color;
  graphene_rect_t box;
  double x, text_y;
  PangoLayoutIter *iter;
  guint line = 0;

  layout = readout_layout (self, width, &box, &text_y);
  if (layout == NULL)
    return;
  _bg_plot_view_theme_colors (self, &fg, &bg);
  x = box.origin.x + 6;

  cairo_save (cr);
  cairo_rectangle (cr, box.origin.x, box.origin.y, box.size.width, box.size.height);
  cairo_set_source_rgba (cr, bg.red, bg.green, bg.blue, 0.88);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  /* each trace's line in its own colour, the time in the text colour */
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutLine *layout_line = pango_layout_iter_get_line_readonly (iter);
      int baseline = pango_layout_iter_get_baseline (iter) / PANGO_SCALE;

      if (line == 0)
        color = fg;
      else
        bg_plot_renderer_get_trace_color (self->renderer, line - 1, &color);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, 1.0);
      cairo_move_to (cr, x, text_y + baseline);
      pango_cairo_show_layout_line (cr, layout_line);
      line++;
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  cairo_restore (cr);
  g_object_unref (layout);
}

static void
draw_drag_box (BgPlotView *self,
               cairo_t    *cr)
{
  BgPlotColor fg, bg;

  if (self->drag_mode != DRAG_BOX)
    return;
  _bg_plot_view_theme_colors (self, &fg, &bg);
  cairo_rectangle (cr, self->drag_x + MIN (self->drag_dx, 0), self->drag_y + MIN (self->drag_dy, 0),
                   fabs (self->drag_dx), fabs (self->drag_dy));
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

void
_bg_plot_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  BgPlotView *self = BG_PLOT_VIEW (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->run == NULL)
    draw_placeholder (self, cr, width, height);
  else
    {
      _bg_plot_view_apply_style (self, FALSE);
      bg_plot_renderer_render (self->renderer, cr, width, height);
      draw_readout (self, cr, width, height);
      draw_drag_box (self, cr);
    }
  cairo_destroy (cr);
}

/* The legends wrap with the width: the height depends on it. */
GtkSizeRequestMode
_bg_plot_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Tall enough that every sub-plot shows its axis title and three ticks in
 * the font it is drawn with (the renderer measures it); room for three or
 * four such sub-plots when the pane has it. */
void
_bg_plot_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  BgPlotView *self = BG_PLOT_VIEW (widget);
  double scale = self->presentation ? PRESENTATION_SCALE : 1.0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 600;
    }
  else
    {
      double width = for_size > 0 ? for_size : MAX (gtk_widget_get_width (widget), 600);

      bg_plot_view_apply_font (self);
      *minimum = bg_plot_renderer_get_min_height (self->renderer, width);
      /* with nothing plotted yet only the hint is shown: no axes to keep
       * readable, so a short window keeps its room for the canvas */
      if (bg_plot_renderer_get_n_traces (self->renderer) == 0)
        *minimum = MIN (*minimum, (int) (EMPTY_PLOT_MIN_HEIGHT * scale));
      *natural = MAX (*minimum, (int) (MIN_NATURAL_HEIGHT * scale));
    }
}
