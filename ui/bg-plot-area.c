/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-area.c — a widget that shows a BgPlotRenderer readably.
 *
 * Owns: the snapshot (background, the renderer's picture), the renderer's
 * colours, font and presentation scale as drawing and measuring use them,
 * the least and natural heights, and asking for a new size when the
 * renderer's sub-plots changed since it was last measured (traces come and
 * go without the widget being told). Must not: change traces or views.
 */
#include "config.h"

#include "bg-plot-area.h"
#include "bg-plot-text.h"
#include "bg-theme.h"

/* The time plot's presentation scale (bg-plot-view-private.h). */
#define PRESENTATION_SCALE 1.5
/* Before anything is plotted: the room the page had for its plot. */
#define EMPTY_HEIGHT 120
/* Room beyond the least height when the page has it, at scale 1. */
#define NATURAL_EXTRA 60

struct _BgPlotArea
{
  GtkWidget       parent_instance;

  BgPlotRenderer *renderer;
  guint           measured_subplots;  /* as last measured: a change resizes */
  PangoFontDescription *font;         /* the font last measured with */
  gboolean        presentation;       /* and presentation mode then */
  guint           resize_tick;
};

G_DEFINE_FINAL_TYPE (BgPlotArea, bg_plot_area, GTK_TYPE_WIDGET)

static gboolean
presentation (BgPlotArea *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL && gtk_widget_has_css_class (GTK_WIDGET (root), "presentation");
}

/* The widget's font and presentation mode's scale on the renderer. */
static void
apply_style (BgPlotArea *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  double scale = presentation (self) ? PRESENTATION_SCALE : 1.0;

  bg_plot_renderer_set_font (self->renderer, pango_context_get_font_description (context));
  bg_plot_renderer_set_scale (self->renderer, bg_plot_text_factor (GTK_WIDGET (self), scale),
                              scale);
}

static guint
n_subplots (BgPlotArea *self)
{
  return bg_plot_renderer_get_n_traces (self->renderer) > 0
         ? bg_plot_renderer_get_n_subplots (self->renderer) : 0;
}

static gboolean
resize_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  BG_PLOT_AREA (widget)->resize_tick = 0;
  gtk_widget_queue_resize (widget);
  return G_SOURCE_REMOVE;
}

static void
bg_plot_area_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  BgPlotArea *self = BG_PLOT_AREA (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GdkRGBA fg, bg;
  BgPlotColor pfg, pbg;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  /* traces came or went since the last measure: ask again, next frame */
  if (n_subplots (self) != self->measured_subplots && self->resize_tick == 0)
    self->resize_tick = gtk_widget_add_tick_callback (widget, resize_tick_cb, NULL, NULL);
  bg_theme_get_fg (widget, &fg);
  if (!bg_theme_get_view_bg (widget, &bg))
    bg = (GdkRGBA) { 1, 1, 1, 1 };
  pfg = (BgPlotColor) { fg.red, fg.green, fg.blue, 1.0 };
  pbg = (BgPlotColor) { bg.red, bg.green, bg.blue, 1.0 };
  bg_plot_renderer_set_colors (self->renderer, &pfg, &pbg);
  apply_style (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_source_rgb (cr, bg.red, bg.green, bg.blue);
  cairo_paint (cr);
  bg_plot_renderer_render (self->renderer, cr, width, height);
  cairo_destroy (cr);
}

static GtkSizeRequestMode
bg_plot_area_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
bg_plot_area_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  BgPlotArea *self = BG_PLOT_AREA (widget);
  double scale = presentation (self) ? PRESENTATION_SCALE : 1.0;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 200;
      *natural = 600;
      return;
    }
  self->measured_subplots = n_subplots (self);
  if (self->measured_subplots == 0)
    {
      *minimum = *natural = EMPTY_HEIGHT;
      return;
    }
  apply_style (self);
  *minimum = bg_plot_renderer_get_min_height (self->renderer,
                                              for_size > 0 ? for_size
                                              : MAX (gtk_widget_get_width (widget), 600));
  *natural = *minimum + (int) (NATURAL_EXTRA * scale);
}

/* Presentation mode (the window's class) and font changes come as style
 * changes: the least height follows the text. */
static void
bg_plot_area_css_changed (GtkWidget         *widget,
                          GtkCssStyleChange *change)
{
  BgPlotArea *self = BG_PLOT_AREA (widget);
  const PangoFontDescription *font;

  GTK_WIDGET_CLASS (bg_plot_area_parent_class)->css_changed (widget, change);
  font = pango_context_get_font_description (gtk_widget_get_pango_context (widget));
  if (self->font != NULL && pango_font_description_equal (self->font, font) &&
      self->presentation == presentation (self))
    return;
  g_clear_pointer (&self->font, pango_font_description_free);
  self->font = pango_font_description_copy (font);
  self->presentation = presentation (self);
  gtk_widget_queue_resize (widget);
}

static void
bg_plot_area_dispose (GObject *object)
{
  BgPlotArea *self = BG_PLOT_AREA (object);

  if (self->resize_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->resize_tick);
      self->resize_tick = 0;
    }
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->font, pango_font_description_free);
  G_OBJECT_CLASS (bg_plot_area_parent_class)->dispose (object);
}

static void
bg_plot_area_class_init (BgPlotAreaClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_plot_area_dispose;
  widget_class->snapshot = bg_plot_area_snapshot;
  widget_class->get_request_mode = bg_plot_area_get_request_mode;
  widget_class->measure = bg_plot_area_measure;
  widget_class->css_changed = bg_plot_area_css_changed;
  gtk_widget_class_set_css_name (widget_class, "bgplotarea");
}

static void
bg_plot_area_init (BgPlotArea *self)
{
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
}

GtkWidget *
bg_plot_area_new (BgPlotRenderer *renderer)
{
  BgPlotArea *self;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (renderer), NULL);

  self = g_object_new (BG_TYPE_PLOT_AREA, NULL);
  self->renderer = g_object_ref (renderer);
  return GTK_WIDGET (self);
}

BgPlotRenderer *
bg_plot_area_get_renderer (BgPlotArea *self)
{
  g_return_val_if_fail (BG_IS_PLOT_AREA (self), NULL);

  return self->renderer;
}
