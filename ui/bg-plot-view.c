/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view.c — the plot pane's drawing widget.
 *
 * Owns: the renderer (whose traces read the run's result in place), the
 * row count handed to it, the theme colours, one controller per interaction (zoom box, pan, wheel zoom,
 * double-click reset, cursor motion), the read-out box and the exports.
 * Must not: run or compile anything, touch a model, or draw anything the
 * exports would not.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-plot-view.h"
#include "bg-si-format.h"
#include "bg-theme.h"

#define REDRAW_INTERVAL_MS 33      /* ~30 frames a second while rows arrive */
#define MIN_BOX_PIXELS 5.0
#define WHEEL_FACTOR 1.2
/* Plot text and lines in presentation mode, against the desktop's font
 * (the window's own text grows 1.25× already, style.css, so the plot adds
 * only the rest). */
#define PRESENTATION_SCALE 1.5
#define MIN_NATURAL_HEIGHT 340
#define EMPTY_PLOT_MIN_HEIGHT 44 /* the "run to see plots" hint, at scale 1 */

typedef struct
{
  char   *name;
  guint   var;    /* column in the result */
} Trace;

typedef enum
{
  DRAG_NONE,
  DRAG_BOX,
  DRAG_PAN,
} DragMode;

struct _BgPlotView
{
  GtkWidget        parent_instance;

  BgPlotRenderer  *renderer;
  BgSimulationRun *run;
  GStrv            names;

  gsize            n_rows;       /* rows handed to the renderer */
  GPtrArray       *traces;       /* Trace */

  guint            redraw_source;
  gboolean         presentation;
  gboolean         live;
  double           cursor_t;
  double           pointer_x, pointer_y;  /* last motion, for wheel zoom */

  /* the drag in progress */
  DragMode         drag_mode;
  double           drag_x, drag_y, drag_dx, drag_dy;
  guint            drag_subplot;
  gboolean         drag_has_subplot;
  double           drag_t0, drag_t1, drag_y0, drag_y1;
};

G_DEFINE_FINAL_TYPE (BgPlotView, bg_plot_view, GTK_TYPE_WIDGET)

static void
trace_free (gpointer data)
{
  Trace *trace = data;

  g_free (trace->name);
  g_free (trace);
}

/* Columns ------------------------------------------------------------------- */

static BgResult *
bg_plot_view_result (BgPlotView *self)
{
  return self->run != NULL ? bg_simulation_run_get_result (self->run) : NULL;
}

/* A column the run did not record is derived from the recorded states up
 * to the rows the result holds (rows that cannot be, an algebraic loop
 * without a solution, are left out: the trace ends there). Derived columns
 * are appended on this thread only, while the run's worker appends rows. */
static void
bg_plot_view_derive (BgResult *result,
                     guint     var)
{
  bg_result_derive (result, &var, 1, NULL);
}

/* Hands the renderer the rows that arrived since the last pull: one
 * snapshot of the row count, so every trace ends at the same row and only
 * published rows are read. The renderer's traces read the result's chunks
 * in place; nothing is copied. */
gboolean
bg_plot_view_pull (BgPlotView *self)
{
  BgResult *result;
  gsize n;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);

  result = bg_plot_view_result (self);
  if (result == NULL)
    return FALSE;
  n = bg_result_get_n_rows (result);
  if (n <= self->n_rows)
    return FALSE;

  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);

      bg_plot_view_derive (result, trace->var);
      bg_plot_renderer_set_trace_rows (self->renderer, i, n);
    }
  self->n_rows = n;

  return TRUE;
}

static void
bg_plot_view_rebuild_traces (BgPlotView *self)
{
  BgResult *result = bg_plot_view_result (self);

  bg_plot_renderer_clear_traces (self->renderer);
  g_ptr_array_set_size (self->traces, 0);
  /* the minimum height counts the sub-plots */
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (result == NULL || self->names == NULL)
    return;

  for (guint i = 0; self->names[i] != NULL; i++)
    {
      int var = bg_result_lookup (result, self->names[i]);
      Trace *trace;
      guint index;

      if (var <= 0)
        continue;
      trace = g_new0 (Trace, 1);
      trace->name = g_strdup (self->names[i]);
      trace->var = (guint) var;
      bg_plot_view_derive (result, trace->var);
      g_ptr_array_add (self->traces, trace);
      index = bg_plot_renderer_add_result_trace (self->renderer, trace->name,
                                                 bg_result_get_var_unit (result, trace->var),
                                                 result, trace->var);
      bg_plot_renderer_set_trace_rows (self->renderer, index, self->n_rows);
    }
}

static void
bg_plot_view_update_markers (BgPlotView *self)
{
  const BgSimReport *report;
  BgPlan *plan;

  bg_plot_renderer_clear_markers (self->renderer);
  /* a labelled marker adds a strip to the minimum height */
  gtk_widget_queue_resize (GTK_WIDGET (self));
  if (self->run == NULL)
    return;

  plan = bg_simulation_run_get_plan (self->run);
  for (guint i = 0; i < bg_plan_get_n_switch_times (plan); i++)
    bg_plot_renderer_add_marker (self->renderer, bg_plan_get_switch_time (plan, i),
                                 NULL, BG_PLOT_MARKER_STEP);

  report = bg_simulation_run_get_report (self->run);
  if (report == NULL)
    return;
  if (report->status == BG_SIM_STATUS_EVENT)
    bg_plot_renderer_add_marker (self->renderer, report->t, report->element_id,
                                 BG_PLOT_MARKER_EVENT);
  else if (report->status == BG_SIM_STATUS_FAILED)
    bg_plot_renderer_add_marker (self->renderer, report->t, _("solver failed"),
                                 BG_PLOT_MARKER_EVENT);
}

/* Live updates ---------------------------------------------------------------- */

static gboolean
redraw_timeout_cb (gpointer data)
{
  BgPlotView *self = data;

  self->redraw_source = 0;
  if (bg_plot_view_pull (self))
    gtk_widget_queue_draw (GTK_WIDGET (self));

  return G_SOURCE_REMOVE;
}

static void
run_progress_cb (BgPlotView      *self,
                 BgSimulationRun *run)
{
  if (self->live && self->redraw_source == 0)
    self->redraw_source = g_timeout_add (REDRAW_INTERVAL_MS, redraw_timeout_cb, self);
}

static void
run_finished_cb (BgPlotView      *self,
                 BgSimulationRun *run)
{
  g_clear_handle_id (&self->redraw_source, g_source_remove);
  bg_plot_view_pull (self);
  bg_plot_view_update_markers (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_plot_view_set_run (BgPlotView      *self,
                      BgSimulationRun *run)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));
  g_return_if_fail (run == NULL || BG_IS_SIMULATION_RUN (run));

  if (run == self->run)
    return;

  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_handle_id (&self->redraw_source, g_source_remove);
  g_set_object (&self->run, run);

  bg_plot_renderer_clear_traces (self->renderer);
  g_ptr_array_set_size (self->traces, 0);
  self->n_rows = 0;

  if (run != NULL)
    {
      g_signal_connect_object (run, "progress", G_CALLBACK (run_progress_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (run, "finished", G_CALLBACK (run_finished_cb), self,
                               G_CONNECT_SWAPPED);
    }

  bg_plot_view_rebuild_traces (self);
  bg_plot_view_pull (self);
  bg_plot_view_update_markers (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgSimulationRun *
bg_plot_view_get_run (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  return self->run;
}

void
bg_plot_view_set_vars (BgPlotView        *self,
                       const char *const *names)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  g_strfreev (self->names);
  self->names = g_strdupv ((char **) names);
  bg_plot_view_rebuild_traces (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bg_plot_view_get_n_traces (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return self->traces->len;
}

gsize
bg_plot_view_get_n_rows (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return self->n_rows;
}

void
bg_plot_view_reset_view (BgPlotView *self)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  bg_plot_renderer_reset_view (self->renderer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_plot_view_set_live (BgPlotView *self,
                       gboolean    live)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  self->live = !!live;
}

void
bg_plot_view_set_presentation (BgPlotView *self,
                               gboolean    presentation)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  /* the scale is applied with the font, when measuring and drawing */
  self->presentation = !!presentation;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgPlotRenderer *
bg_plot_view_get_renderer (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  return self->renderer;
}

/* Read-out ------------------------------------------------------------------ */

char *
bg_plot_view_dup_readout (BgPlotView *self,
                          double      t)
{
  BgResult *result = bg_plot_view_result (self);
  g_autofree double *values = NULL;
  g_autofree char *time = NULL;
  GString *text;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), NULL);

  time = bg_si_format (t, "s");
  text = g_string_new (NULL);
  g_string_append_printf (text, "t = %s", time);
  values = g_new (double, MAX (self->traces->len, 1));
  bg_plot_renderer_values_at (self->renderer, t, values, self->traces->len);
  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);
      g_autofree char *value = bg_si_format (values[i],
                                             bg_result_get_var_unit (result, trace->var));

      g_string_append_printf (text, "\n%s = %s", trace->name, value);
    }

  return g_string_free (text, FALSE);
}

void
bg_plot_view_set_cursor (BgPlotView *self,
                         double      t)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));

  if (self->cursor_t == t || (isnan (t) && isnan (self->cursor_t)))
    return;
  self->cursor_t = t;
  bg_plot_renderer_set_cursor (self->renderer, t);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing -------------------------------------------------------------------- */

static void
bg_plot_view_theme_colors (BgPlotView  *self,
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

/* A font's size in pixels (GTK's styles give absolute sizes, settings
 * give points). */
static double
font_pixels (const PangoFontDescription *font,
             double                      dpi)
{
  double size = pango_font_description_get_size (font) / (double) PANGO_SCALE;

  return pango_font_description_get_size_is_absolute (font) ? size : size * dpi / 72.0;
}

/* The factor the plot's text grows by in presentation mode, on top of the
 * widget's font: PRESENTATION_SCALE of the desktop's font in all, however
 * much of it the window's style already gives. */
static double
presentation_text_factor (BgPlotView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  const PangoFontDescription *font = pango_context_get_font_description (context);
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (self));
  g_autofree char *desktop_name = NULL;
  PangoFontDescription *desktop;
  double widget_px, desktop_px, dpi;
  int xft_dpi = 0;

  if (!self->presentation)
    return 1.0;
  g_object_get (settings, "gtk-font-name", &desktop_name, "gtk-xft-dpi", &xft_dpi, NULL);
  dpi = xft_dpi > 0 ? xft_dpi / 1024.0 : 96.0;
  desktop = pango_font_description_from_string (desktop_name != NULL ? desktop_name : "");
  desktop_px = font_pixels (desktop, dpi);
  pango_font_description_free (desktop);
  widget_px = font != NULL ? font_pixels (font, dpi) : 0;
  if (desktop_px <= 0 || widget_px <= 0)
    return PRESENTATION_SCALE;
  return MAX (1.0, PRESENTATION_SCALE * desktop_px / widget_px);
}

/* The widget's font and the presentation scale, as drawing and measuring
 * use them. */
static void
bg_plot_view_apply_font (BgPlotView *self)
{
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (self));

  bg_plot_renderer_set_font (self->renderer, pango_context_get_font_description (context));
  bg_plot_renderer_set_scale (self->renderer, presentation_text_factor (self),
                              self->presentation ? PRESENTATION_SCALE : 1.0);
}

static void
bg_plot_view_apply_style (BgPlotView *self,
                          gboolean    opaque)
{
  BgPlotColor fg, bg;

  bg_plot_view_theme_colors (self, &fg, &bg);
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

  bg_plot_view_theme_colors (self, &fg, &bg);
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
  bg_plot_view_theme_colors (self, &fg, &bg);
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
  bg_plot_view_theme_colors (self, &fg, &bg);
  cairo_rectangle (cr, self->drag_x + MIN (self->drag_dx, 0), self->drag_y + MIN (self->drag_dy, 0),
                   fabs (self->drag_dx), fabs (self->drag_dy));
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
bg_plot_view_snapshot (GtkWidget   *widget,
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
      bg_plot_view_apply_style (self, FALSE);
      bg_plot_renderer_render (self->renderer, cr, width, height);
      draw_readout (self, cr, width, height);
      draw_drag_box (self, cr);
    }
  cairo_destroy (cr);
}

/* The legends wrap with the width: the height depends on it. */
static GtkSizeRequestMode
bg_plot_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* Tall enough that every sub-plot shows its axis title and three ticks in
 * the font it is drawn with (the renderer measures it); room for three or
 * four such sub-plots when the pane has it. */
static void
bg_plot_view_measure (GtkWidget      *widget,
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

/* Interactions -------------------------------------------------------------------- */

/* Value at widget y in subplot (the axes are linear). */
static gboolean
y_to_value (BgPlotView *self,
            guint       subplot,
            double      y,
            double     *value)
{
  double ax, ay, aw, ah, t0, t1, y0, y1;

  if (!bg_plot_renderer_get_plot_area (self->renderer, subplot, &ax, &ay, &aw, &ah) ||
      !bg_plot_renderer_get_view (self->renderer, subplot, &t0, &t1, &y0, &y1) || ah <= 0)
    return FALSE;
  *value = y0 + (ay + ah - y) / ah * (y1 - y0);
  return TRUE;
}

/* The sub-plot whose rows contain y (also left of the plot areas). */
static gboolean
subplot_at (BgPlotView *self,
            double      y,
            guint      *subplot)
{
  guint n = bg_plot_renderer_get_n_subplots (self->renderer);

  for (guint i = 0; i < n; i++)
    {
      double ax, ay, aw, ah;

      if (bg_plot_renderer_get_plot_area (self->renderer, i, &ax, &ay, &aw, &ah) &&
          y >= ay && y <= ay + ah)
        {
          *subplot = i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
drag_begin (BgPlotView *self,
            double      x,
            double      y,
            DragMode    mode)
{
  double y0 = 0, y1 = 0;

  self->drag_mode = mode;
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = self->drag_dy = 0;
  self->drag_has_subplot = subplot_at (self, y, &self->drag_subplot);
  if (!bg_plot_renderer_get_view (self->renderer, self->drag_has_subplot ? self->drag_subplot : 0,
                                  &self->drag_t0, &self->drag_t1, &y0, &y1))
    self->drag_mode = DRAG_NONE;
  self->drag_y0 = y0;
  self->drag_y1 = y1;
}

static void
pan_to (BgPlotView *self,
        double      dx,
        double      dy)
{
  double ax, ay, aw, ah;

  if (!bg_plot_renderer_get_plot_area (self->renderer, self->drag_has_subplot ? self->drag_subplot : 0,
                                       &ax, &ay, &aw, &ah) || aw <= 0 || ah <= 0)
    return;

  {
    double shift_t = -dx / aw * (self->drag_t1 - self->drag_t0);

    bg_plot_renderer_set_time_range (self->renderer, self->drag_t0 + shift_t,
                                     self->drag_t1 + shift_t);
  }
  if (self->drag_has_subplot && fabs (dy) > 0)
    {
      double shift_y = dy / ah * (self->drag_y1 - self->drag_y0);

      bg_plot_renderer_set_value_range (self->renderer, self->drag_subplot,
                                        self->drag_y0 + shift_y, self->drag_y1 + shift_y);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_to_box (BgPlotView *self)
{
  double xa = self->drag_x, xb = self->drag_x + self->drag_dx;
  double ya = self->drag_y, yb = self->drag_y + self->drag_dy;

  if (fabs (self->drag_dx) >= MIN_BOX_PIXELS)
    {
      double ta = bg_plot_renderer_x_to_time (self->renderer, MIN (xa, xb));
      double tb = bg_plot_renderer_x_to_time (self->renderer, MAX (xa, xb));

      if (tb > ta)
        bg_plot_renderer_set_time_range (self->renderer, ta, tb);
    }
  if (self->drag_has_subplot && fabs (self->drag_dy) >= MIN_BOX_PIXELS)
    {
      double va, vb;

      if (y_to_value (self, self->drag_subplot, MAX (ya, yb), &va) &&
          y_to_value (self, self->drag_subplot, MIN (ya, yb), &vb) && vb > va)
        bg_plot_renderer_set_value_range (self->renderer, self->drag_subplot, va, vb);
    }
}

static void
primary_drag_begin_cb (BgPlotView     *self,
                       double          x,
                       double          y,
                       GtkGestureDrag *gesture)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  drag_begin (self, x, y, (state & GDK_SHIFT_MASK) ? DRAG_PAN : DRAG_BOX);
}

static void
pan_drag_begin_cb (BgPlotView     *self,
                   double          x,
                   double          y,
                   GtkGestureDrag *gesture)
{
  drag_begin (self, x, y, DRAG_PAN);
}

static void
drag_update_cb (BgPlotView     *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (self->drag_mode == DRAG_PAN)
    pan_to (self, dx, dy);
  else if (self->drag_mode == DRAG_BOX)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end_cb (BgPlotView     *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  self->drag_dx = dx;
  self->drag_dy = dy;
  if (self->drag_mode == DRAG_BOX)
    zoom_to_box (self);
  self->drag_mode = DRAG_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
click_pressed_cb (BgPlotView      *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  if (n_press == 2)
    bg_plot_view_reset_view (self);
}

static gboolean
scroll_cb (BgPlotView               *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double factor = pow (WHEEL_FACTOR, dy);
  double x, y, t0, t1, y0, y1;
  guint subplot = 0;

  if (self->run == NULL || dy == 0)
    return FALSE;
  x = self->pointer_x;
  y = self->pointer_y;

  if (!subplot_at (self, y, &subplot) ||
      !bg_plot_renderer_get_view (self->renderer, subplot, &t0, &t1, &y0, &y1))
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double v;

      if (!y_to_value (self, subplot, y, &v))
        return FALSE;
      bg_plot_renderer_set_value_range (self->renderer, subplot,
                                        v - (v - y0) * factor, v + (y1 - v) * factor);
    }
  else
    {
      double t = bg_plot_renderer_x_to_time (self->renderer, x);

      if (!isfinite (t))
        return FALSE;
      bg_plot_renderer_set_time_range (self->renderer, t - (t - t0) * factor,
                                       t + (t1 - t) * factor);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static void
motion_cb (BgPlotView               *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  double t;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->run == NULL || self->traces->len == 0 ||
      !bg_plot_renderer_pick (self->renderer, x, y, NULL, &t, NULL))
    {
      bg_plot_view_set_cursor (self, NAN);
      return;
    }
  bg_plot_view_set_cursor (self, t);
}

static void
leave_cb (BgPlotView               *self,
          GtkEventControllerMotion *controller)
{
  bg_plot_view_set_cursor (self, NAN);
}

/* Export ------------------------------------------------------------------------ */

typedef gboolean (*WriteFunc) (BgPlotRenderer *, const char *, int, int, double, GError **);

static gboolean
bg_plot_view_export (BgPlotView *self,
                     WriteFunc   write,
                     const char *path,
                     int         width,
                     int         height,
                     double      scale,
                     GError    **error)
{
  double cursor = self->cursor_t;
  gboolean ok;

  bg_plot_renderer_set_cursor (self->renderer, NAN);
  bg_plot_view_apply_style (self, TRUE);
  ok = write (self->renderer, path, width, height, scale, error);
  bg_plot_view_apply_style (self, FALSE);
  bg_plot_renderer_set_cursor (self->renderer, cursor);
  /* the export laid the plot out at its own size: draw ours again */
  gtk_widget_queue_draw (GTK_WIDGET (self));

  return ok;
}

gboolean
bg_plot_view_write_png (BgPlotView *self,
                        const char *path,
                        int         width,
                        int         height,
                        double      scale,
                        GError    **error)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_plot_view_export (self, bg_plot_renderer_write_png, path, width, height,
                              scale, error);
}

gboolean
bg_plot_view_write_svg (BgPlotView *self,
                        const char *path,
                        int         width,
                        int         height,
                        double      scale,
                        GError    **error)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return bg_plot_view_export (self, bg_plot_renderer_write_svg, path, width, height,
                              scale, error);
}

gboolean
bg_plot_view_write_csv (BgPlotView *self,
                        const char *path,
                        GError    **error)
{
  g_autoptr(GString) text = g_string_new ("t");
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  BgResult *result;
  double t0 = -INFINITY, t1 = INFINITY, y0, y1;

  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  /* the visible time window, when the plot has been drawn */
  if (!bg_plot_renderer_get_view (self->renderer, 0, &t0, &t1, &y0, &y1))
    {
      t0 = -INFINITY;
      t1 = INFINITY;
    }

  for (guint i = 0; i < self->traces->len; i++)
    {
      Trace *trace = g_ptr_array_index (self->traces, i);

      g_string_append_c (text, ',');
      g_string_append (text, trace->name);
    }
  g_string_append_c (text, '\n');

  result = bg_plot_view_result (self);
  for (gsize r = 0; result != NULL && r < self->n_rows; r++)
    {
      double t = bg_result_get_value (result, 0, r);

      if (t < t0 || t > t1)
        continue;
      g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g", t));
      for (guint i = 0; i < self->traces->len; i++)
        {
          Trace *trace = g_ptr_array_index (self->traces, i);
          double y = r < bg_result_get_n_filled (result, trace->var)
                       ? bg_result_get_value (result, trace->var, r) : NAN;

          g_string_append_c (text, ',');
          g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g", y));
        }
      g_string_append_c (text, '\n');
    }

  return g_file_set_contents (path, text->str, text->len, error);
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_plot_view_dispose (GObject *object)
{
  BgPlotView *self = BG_PLOT_VIEW (object);

  g_clear_handle_id (&self->redraw_source, g_source_remove);
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
  if (self->renderer != NULL)
    bg_plot_renderer_clear_traces (self->renderer);
  g_clear_pointer (&self->traces, g_ptr_array_unref);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (bg_plot_view_parent_class)->dispose (object);
}

static void
bg_plot_view_finalize (GObject *object)
{
  BgPlotView *self = BG_PLOT_VIEW (object);

  g_strfreev (self->names);

  G_OBJECT_CLASS (bg_plot_view_parent_class)->finalize (object);
}

static void
bg_plot_view_class_init (BgPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_plot_view_dispose;
  object_class->finalize = bg_plot_view_finalize;
  widget_class->snapshot = bg_plot_view_snapshot;
  widget_class->measure = bg_plot_view_measure;
  widget_class->get_request_mode = bg_plot_view_get_request_mode;

  gtk_widget_class_set_css_name (widget_class, "bgplotview");
}

static void
bg_plot_view_init (BgPlotView *self)
{
  GtkGesture *gesture;
  GtkEventController *controller;

  self->renderer = bg_plot_renderer_new ();
  self->traces = g_ptr_array_new_with_free_func (trace_free);
  self->cursor_t = NAN;
  self->live = TRUE;

  gtk_widget_add_css_class (GTK_WIDGET (self), "view");
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (primary_drag_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (drag_update_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (drag_end_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_MIDDLE);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (pan_drag_begin_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (drag_update_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (drag_end_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (click_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (scroll_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "motion", G_CALLBACK (motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

GtkWidget *
bg_plot_view_new (void)
{
  return g_object_new (BG_TYPE_PLOT_VIEW, NULL);
}
