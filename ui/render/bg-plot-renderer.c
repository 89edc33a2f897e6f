/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer.c — time plots drawn with Cairo and Pango, no GTK.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the state of one plot (traces and the sub-plot of each unit,
 * markers, cursor, fixed view windows, colours, font and scales), the
 * drawing context of one render and the order in which a render draws its
 * layers (background, grid, marker lines, traces, frames and legends,
 * titles, marker labels, cursor), and the marker and cursor layers
 * themselves. The other concerns of the class live beside it and share
 * bg-plot-renderer-private.h: layout and ticks (-layout.c), traces and
 * decimation (-traces.c), hit-testing (-hit.c), export (-export.c).
 * Must not: copy, free or modify trace samples (a result trace holds a
 * reference to its BgResult, no more); include GTK; keep pixels.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#define DEFAULT_FONT "Sans 9"

G_DEFINE_QUARK (bg-plot-error-quark, bg_plot_error)


G_DEFINE_FINAL_TYPE (BgPlotRenderer, bg_plot_renderer, G_TYPE_OBJECT)

/* Okabe & Ito (2008), "Color Universal Design": distinguishable with the
 * common colour-vision deficiencies. Yellow is last on light backgrounds,
 * blue last on dark ones, where they have the least contrast. */
static const guint32 palette_light[] = {
  0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9, 0xF0E442,
};
static const guint32 palette_dark[] = {
  0x56B4E9, 0xE69F00, 0x009E73, 0xCC79A7, 0xF0E442, 0xD55E00, 0x0072B2,
};

/* ---- lifetime ----------------------------------------------------------- */

void
_bg_plot_renderer_trace_free (gpointer data)
{
  Trace *tr = data;

  g_free (tr->name);
  g_free (tr->unit);
  g_free (tr->group);
  g_array_unref (tr->spans);
  g_clear_pointer (&tr->result, bg_result_unref);
  g_free (tr);
}

static void
marker_clear (gpointer data)
{
  Marker *m = data;

  g_clear_pointer (&m->label, g_free);
}

static void
subplot_free (gpointer data)
{
  Subplot *sp = data;

  g_free (sp->unit);
  g_free (sp->key);
  g_free (sp->drawn_title);
  g_free (sp);
}

static void
bg_plot_renderer_finalize (GObject *object)
{
  BgPlotRenderer *self = BG_PLOT_RENDERER (object);

  g_free (self->log_x_title);
  g_free (self->log_x_unit);
  g_free (self->drawn_time_title);
  _bg_plot_renderer_ghosts_finalize (self);
  g_ptr_array_unref (self->traces);
  g_array_unref (self->markers);
  g_ptr_array_unref (self->subplots);
  g_hash_table_unref (self->value_ranges);
  pango_font_description_free (self->font);

  G_OBJECT_CLASS (bg_plot_renderer_parent_class)->finalize (object);
}

static void
bg_plot_renderer_class_init (BgPlotRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bg_plot_renderer_finalize;
}

static void rebuild_subplots (BgPlotRenderer *self);

static void
bg_plot_renderer_init (BgPlotRenderer *self)
{
  self->traces = g_ptr_array_new_with_free_func (_bg_plot_renderer_trace_free);
  _bg_plot_renderer_ghosts_init (self);
  self->markers = g_array_new (FALSE, TRUE, sizeof (Marker));
  g_array_set_clear_func (self->markers, marker_clear);
  self->subplots = g_ptr_array_new_with_free_func (subplot_free);
  self->value_ranges = g_hash_table_new_full (g_str_hash, g_str_equal,
                                              g_free, g_free);
  self->cursor_t = NAN;
  self->fg = (BgPlotColor) { 0.0, 0.0, 0.0, 1.0 };
  self->bg = (BgPlotColor) { 1.0, 1.0, 1.0, 1.0 };
  self->font_scale = 1.0;
  self->line_scale = 1.0;
  self->font = pango_font_description_from_string (DEFAULT_FONT);
  rebuild_subplots (self);
}

BgPlotRenderer *
bg_plot_renderer_new (void)
{
  return g_object_new (BG_TYPE_PLOT_RENDERER, NULL);
}

/* ---- traces and sub-plots ----------------------------------------------- */

/* Whether @sp is the sub-plot of @group (NULL: the unit's own). */
static gboolean
subplot_has_group (const Subplot *sp,
                   const char    *group)
{
  const char *rest = sp->key + strlen (sp->unit);

  if (group == NULL)
    return *rest == '\0';
  return rest[0] == '\x1f' && g_str_equal (rest + 1, group);
}

static void
rebuild_subplots (BgPlotRenderer *self)
{
  guint i, j;

  g_ptr_array_set_size (self->subplots, 0);
  self->have_layout = FALSE;

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      Subplot *sp = NULL;

      for (j = 0; j < self->subplots->len; j++)
        {
          Subplot *cand = g_ptr_array_index (self->subplots, j);
          if (g_strcmp0 (cand->unit, tr->unit) == 0 && subplot_has_group (cand, tr->group))
            {
              sp = cand;
              break;
            }
        }
      if (sp == NULL)
        {
          sp = g_new0 (Subplot, 1);
          sp->unit = g_strdup (tr->unit);
          sp->key = tr->group != NULL ? g_strconcat (tr->unit, "\x1f", tr->group, NULL)
                                      : g_strdup (tr->unit);
          j = self->subplots->len;
          g_ptr_array_add (self->subplots, sp);
        }
      tr->color_index = sp->n_traces++;
      tr->subplot = j;
    }

  /* An empty plot still shows one frame. */
  if (self->subplots->len == 0)
    {
      Subplot *sp = g_new0 (Subplot, 1);
      sp->unit = g_strdup ("");
      sp->key = g_strdup ("");
      g_ptr_array_add (self->subplots, sp);
    }
  _bg_plot_renderer_ghosts_resolve (self);
}

static guint
add_trace (BgPlotRenderer *self,
           Trace          *tr,
           const char     *name,
           const char     *unit)
{
  tr->name = g_strdup (name);
  tr->unit = g_strdup (unit != NULL ? unit : "");
  g_ptr_array_add (self->traces, tr);
  rebuild_subplots (self);
  return self->traces->len - 1;
}

Trace *
_bg_plot_renderer_trace_new (void)
{
  Trace *tr = g_new0 (Trace, 1);

  tr->fill_base = FILL_NONE;
  tr->spans = g_array_new (FALSE, FALSE, sizeof (Span));
  return tr;
}

guint
bg_plot_renderer_add_trace (BgPlotRenderer *self,
                            const char     *name,
                            const char     *unit,
                            const double   *t,
                            const double   *y,
                            size_t          n)
{
  Trace *tr;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (n == 0 || (t != NULL && y != NULL), 0);

  tr = _bg_plot_renderer_trace_new ();
  _bg_plot_renderer_trace_set_spans (tr, t, y, n);
  return add_trace (self, tr, name, unit);
}

guint
bg_plot_renderer_add_result_trace (BgPlotRenderer *self,
                                   const char     *name,
                                   const char     *unit,
                                   BgResult       *result,
                                   guint           var)
{
  Trace *tr;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);
  g_return_val_if_fail (result != NULL, 0);
  g_return_val_if_fail (var < bg_result_get_n_vars (result), 0);

  tr = _bg_plot_renderer_trace_new ();
  tr->result = bg_result_ref (result);
  tr->var = var;
  _bg_plot_renderer_trace_set_spans (tr, NULL, NULL, G_MAXSIZE);
  return add_trace (self, tr,
                    name != NULL ? name : bg_result_get_var_name (result, var),
                    unit != NULL ? unit : bg_result_get_var_unit (result, var));
}

void
bg_plot_renderer_set_trace_group (BgPlotRenderer *self,
                                  guint           index,
                                  const char     *group)
{
  Trace *tr;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (index < self->traces->len);

  tr = g_ptr_array_index (self->traces, index);
  g_free (tr->group);
  tr->group = g_strdup (group);
  rebuild_subplots (self);
}

void
bg_plot_renderer_set_trace_fill (BgPlotRenderer *self,
                                 guint           index,
                                 int             base)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (index < self->traces->len);
  g_return_if_fail (base >= -1 && base < (int) index);

  ((Trace *) g_ptr_array_index (self->traces, index))->fill_base = base;
  self->have_layout = FALSE;
}

void
bg_plot_renderer_set_trace_data (BgPlotRenderer *self,
                                 guint           index,
                                 const double   *t,
                                 const double   *y,
                                 size_t          n)
{
  Trace *tr;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (index < self->traces->len);
  g_return_if_fail (n == 0 || (t != NULL && y != NULL));

  tr = g_ptr_array_index (self->traces, index);
  g_return_if_fail (tr->result == NULL);
  if (tr->n == 0 || n < tr->n ||
      t != g_array_index (tr->spans, Span, 0).t ||
      y != g_array_index (tr->spans, Span, 0).y)
    tr->range_valid = FALSE;
  _bg_plot_renderer_trace_set_spans (tr, t, y, n);
}

void
bg_plot_renderer_set_trace_rows (BgPlotRenderer *self,
                                 guint           index,
                                 gsize           n_rows)
{
  Trace *tr;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (index < self->traces->len);

  tr = g_ptr_array_index (self->traces, index);
  g_return_if_fail (tr->result != NULL);
  /* Published rows never change: only fewer rows invalidate the range. */
  if (n_rows < tr->n)
    tr->range_valid = FALSE;
  _bg_plot_renderer_trace_set_spans (tr, NULL, NULL, n_rows);
}

void
bg_plot_renderer_clear_traces (BgPlotRenderer *self)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  /* the ghosts hang on the traces */
  bg_plot_renderer_clear_ghosts (self);
  g_ptr_array_set_size (self->traces, 0);
  rebuild_subplots (self);
}

guint
bg_plot_renderer_get_n_traces (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  return self->traces->len;
}

const char *
bg_plot_renderer_get_trace_name (BgPlotRenderer *self,
                                 guint           index)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NULL);
  g_return_val_if_fail (index < self->traces->len, NULL);

  return ((Trace *) g_ptr_array_index (self->traces, index))->name;
}

static gboolean
background_is_dark (BgPlotRenderer *self)
{
  double l = 0.2126 * self->bg.red + 0.7152 * self->bg.green +
             0.0722 * self->bg.blue;
  return l < 0.5;
}

void
bg_plot_renderer_get_trace_color (BgPlotRenderer *self,
                                  guint           index,
                                  BgPlotColor    *color)
{
  const guint32 *pal;
  guint32 rgb;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (color != NULL);

  /* Each sub-plot starts the palette afresh: its legend tells its traces
   * apart, and the weakest colours are reached only by crowded plots. */
  if (index < self->traces->len)
    index = ((Trace *) g_ptr_array_index (self->traces, index))->color_index;
  pal = background_is_dark (self) ? palette_dark : palette_light;
  rgb = pal[index % G_N_ELEMENTS (palette_light)];
  color->red = ((rgb >> 16) & 0xff) / 255.0;
  color->green = ((rgb >> 8) & 0xff) / 255.0;
  color->blue = (rgb & 0xff) / 255.0;
  color->alpha = 1.0;
}

guint
bg_plot_renderer_get_n_subplots (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  return self->subplots->len;
}

guint
bg_plot_renderer_get_trace_subplot (BgPlotRenderer *self,
                                    guint           index)
{
  Trace *tr;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);
  g_return_val_if_fail (index < self->traces->len, 0);

  tr = g_ptr_array_index (self->traces, index);
  return tr->subplot;
}

/* ---- markers, cursor, view, style --------------------------------------- */

void
bg_plot_renderer_add_marker (BgPlotRenderer  *self,
                             double           t,
                             const char      *label,
                             BgPlotMarkerKind kind)
{
  Marker m;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (isfinite (t));
  g_return_if_fail (kind == BG_PLOT_MARKER_STEP || kind == BG_PLOT_MARKER_EVENT);

  m.t = t;
  m.label = g_strdup (label);
  m.kind = kind;
  g_array_append_val (self->markers, m);
}

void
bg_plot_renderer_clear_markers (BgPlotRenderer *self)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  g_array_set_size (self->markers, 0);
}

void
bg_plot_renderer_set_cursor (BgPlotRenderer *self,
                             double          t)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  self->cursor_t = t;
}

void
bg_plot_renderer_set_time_range (BgPlotRenderer *self,
                                 double          t0,
                                 double          t1)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  self->time_fixed = isfinite (t0) && isfinite (t1) && t0 < t1;
  self->t0 = t0;
  self->t1 = t1;
}

void
bg_plot_renderer_set_log_x_axis (BgPlotRenderer *self,
                                 const char     *title,
                                 const char     *unit)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  g_clear_pointer (&self->log_x_title, g_free);
  g_clear_pointer (&self->log_x_unit, g_free);
  if (title != NULL)
    {
      self->log_x_title = g_strdup (title);
      self->log_x_unit = g_strdup (unit != NULL ? unit : "");
    }
  self->have_layout = FALSE;
}

void
bg_plot_renderer_set_value_range (BgPlotRenderer *self,
                                  guint           subplot,
                                  double          y0,
                                  double          y1)
{
  Subplot *sp;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (subplot < self->subplots->len);

  sp = g_ptr_array_index (self->subplots, subplot);
  if (isfinite (y0) && isfinite (y1) && y0 < y1)
    {
      double *range = g_new (double, 2);
      range[0] = y0;
      range[1] = y1;
      g_hash_table_replace (self->value_ranges, g_strdup (sp->key), range);
    }
  else
    g_hash_table_remove (self->value_ranges, sp->key);
}

void
bg_plot_renderer_reset_view (BgPlotRenderer *self)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  self->time_fixed = FALSE;
  g_hash_table_remove_all (self->value_ranges);
}

void
bg_plot_renderer_set_colors (BgPlotRenderer    *self,
                             const BgPlotColor *foreground,
                             const BgPlotColor *background)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (foreground != NULL && background != NULL);

  self->fg = *foreground;
  self->bg = *background;
}

void
bg_plot_renderer_set_scale (BgPlotRenderer *self,
                            double          font_scale,
                            double          line_scale)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (font_scale > 0.0 && line_scale > 0.0);

  self->font_scale = font_scale;
  self->line_scale = line_scale;
}

void
bg_plot_renderer_set_font (BgPlotRenderer             *self,
                           const PangoFontDescription *font)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  pango_font_description_free (self->font);
  self->font = font != NULL ? pango_font_description_copy (font)
                            : pango_font_description_from_string (DEFAULT_FONT);
}

/* ---- text --------------------------------------------------------------- */

void
_bg_plot_renderer_text_size (Ctx        *c,
                             const char *text,
                             double     *w,
                             double     *h)
{
  int pw, ph;

  pango_layout_set_text (c->layout, text, -1);
  pango_layout_get_pixel_size (c->layout, &pw, &ph);
  if (w)
    *w = pw;
  if (h)
    *h = ph;
}

/* Draws @text with its box's point (ax, ay) (fractions of its width and
 * height) at (x, y). */
void
_bg_plot_renderer_draw_text (Ctx        *c,
                             const char *text,
                             double      x,
                             double      y,
                             double      ax,
                             double      ay)
{
  double w, h;

  _bg_plot_renderer_text_size (c, text, &w, &h);
  cairo_move_to (c->cr, round (x - ax * w), round (y - ay * h));
  pango_cairo_show_layout (c->cr, c->layout);
}

void
_bg_plot_renderer_set_source (cairo_t           *cr,
                              const BgPlotColor *color,
                              double             alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue,
                         color->alpha * alpha);
}

/* Snaps a coordinate to the middle of a device pixel, for crisp 1-px rules. */
double
_bg_plot_renderer_snap (cairo_t  *cr,
                        double    v,
                        gboolean  horizontal)
{
  double x = horizontal ? v : 0.0, y = horizontal ? 0.0 : v;

  cairo_user_to_device (cr, &x, &y);
  if (horizontal)
    x = floor (x) + 0.5;
  else
    y = floor (y) + 0.5;
  cairo_device_to_user (cr, &x, &y);
  return horizontal ? x : y;
}

/* ---- drawing: markers and cursor ---------------------------------------- */

/* Step switches dashed and thin, terminating events solid and heavier:
 * told apart by shape, not by colour. */
static void
set_marker_style (BgPlotRenderer  *self,
                  Ctx             *c,
                  BgPlotMarkerKind kind)
{
  cairo_t *cr = c->cr;

  if (kind == BG_PLOT_MARKER_STEP)
    {
      double dash[] = { 4.0 * c->lw, 3.0 * c->lw };
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0.0);
      cairo_set_line_width (cr, c->lw);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.55);
    }
  else
    {
      cairo_set_line_width (cr, 2.0 * c->lw);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.8);
    }
}

static void
draw_marker_lines (BgPlotRenderer *self,
                   Ctx            *c)
{
  cairo_t *cr = c->cr;
  guint i, k;

  for (i = 0; i < self->markers->len; i++)
    {
      const Marker *m = &g_array_index (self->markers, Marker, i);
      double x;

      if (m->t < self->view_t0 || m->t > self->view_t1)
        continue;
      x = _bg_plot_renderer_snap (cr, _bg_plot_renderer_t_to_x (self, m->t),
                                  TRUE);

      cairo_save (cr);
      set_marker_style (self, c, m->kind);
      for (k = 0; k < self->subplots->len; k++)
        {
          Subplot *sp = g_ptr_array_index (self->subplots, k);
          cairo_move_to (cr, x, sp->y);
          cairo_line_to (cr, x, sp->y + sp->h);
        }
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* Marker labels sit in a row of their own above the first plot, right of
 * their line (left of it near the plots' right edge: never over a legend
 * column beside the plots, where "CYL" read as the legend's header); a
 * label that would overlap the previous one is left out rather than drawn
 * over it. */
static void
draw_marker_labels (BgPlotRenderer *self,
                    Ctx            *c,
                    double          width)
{
  cairo_t *cr = c->cr;
  Subplot *sp = g_ptr_array_index (self->subplots, 0);
  double row_end = -G_MAXDOUBLE;
  guint i;

  if (!self->has_strip)
    return;

  for (i = 0; i < self->markers->len; i++)
    {
      const Marker *m = &g_array_index (self->markers, Marker, i);
      double x, w, tx;

      if (m->label == NULL || *m->label == '\0' ||
          m->t < self->view_t0 || m->t > self->view_t1)
        continue;
      x = _bg_plot_renderer_snap (cr, _bg_plot_renderer_t_to_x (self, m->t),
                                  TRUE);
      _bg_plot_renderer_text_size (c, m->label, &w, NULL);
      tx = x + 0.3 * c->line_h;
      if (tx + w > MIN (width - c->pad, self->area_x + self->area_w))
        tx = x - 0.3 * c->line_h - w;
      if (tx <= row_end || tx < 0.0)
        continue;
      row_end = tx + w + 0.5 * c->line_h;

      cairo_save (cr);
      set_marker_style (self, c, m->kind);
      cairo_move_to (cr, x, self->strip_y);
      cairo_line_to (cr, x, sp->y);
      cairo_stroke (cr);
      cairo_restore (cr);

      _bg_plot_renderer_set_source (cr, &self->fg,
                                    m->kind == BG_PLOT_MARKER_EVENT ? 0.95 : 0.75);
      _bg_plot_renderer_draw_text (c, m->label, tx, self->strip_y, 0.0, 0.0);
    }
}

static void
draw_cursor (BgPlotRenderer *self,
             Ctx            *c)
{
  cairo_t *cr = c->cr;
  g_autofree double *values = NULL;
  double x;
  guint i, k;

  if (!isfinite (self->cursor_t) || self->cursor_t < self->view_t0 ||
      self->cursor_t > self->view_t1)
    return;

  x = _bg_plot_renderer_snap (cr,
                              _bg_plot_renderer_t_to_x (self, self->cursor_t),
                              TRUE);
  cairo_set_line_width (cr, c->lw);
  _bg_plot_renderer_set_source (cr, &self->fg, 0.7);
  for (k = 0; k < self->subplots->len; k++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, k);
      cairo_move_to (cr, x, sp->y);
      cairo_line_to (cr, x, sp->y + sp->h);
    }
  cairo_stroke (cr);

  values = g_new (double, MAX (1, self->traces->len));
  bg_plot_renderer_values_at (self, self->cursor_t, values, self->traces->len);
  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      Subplot *sp = g_ptr_array_index (self->subplots, tr->subplot);
      BgPlotColor color;
      double y;

      if (!isfinite (values[i]))
        continue;
      y = _bg_plot_renderer_v_to_y (sp, values[i]);
      if (y < sp->y || y > sp->y + sp->h)
        continue;
      bg_plot_renderer_get_trace_color (self, i, &color);
      cairo_arc (cr, x, y, 3.5 * c->lw, 0.0, 2.0 * G_PI);
      _bg_plot_renderer_set_source (cr, &self->bg, 1.0);
      cairo_fill_preserve (cr);
      _bg_plot_renderer_set_source (cr, &color, 1.0);
      cairo_stroke (cr);
    }
}

/* ---- render ------------------------------------------------------------- */

void
_bg_plot_ctx_init (Ctx                        *c,
                   cairo_t                    *cr,
                   const PangoFontDescription *font,
                   double                      font_scale,
                   double                      line_scale)
{
  PangoFontDescription *scaled;
  int ph;

  scaled = pango_font_description_copy (font);
  if (pango_font_description_get_size (scaled) <= 0)
    pango_font_description_set_size (scaled, 9 * PANGO_SCALE);
  if (pango_font_description_get_size_is_absolute (scaled))
    pango_font_description_set_absolute_size (scaled,
        pango_font_description_get_size (scaled) * font_scale);
  else
    pango_font_description_set_size (scaled,
        (int) (pango_font_description_get_size (scaled) * font_scale));

  c->cr = cr;
  c->layout = pango_cairo_create_layout (cr);
  pango_layout_set_font_description (c->layout, scaled);
  pango_font_description_free (scaled);
  pango_layout_set_text (c->layout, "0123456789", -1);
  pango_layout_get_pixel_size (c->layout, NULL, &ph);
  c->line_h = ph;
  c->pad = round (0.75 * c->line_h);
  c->gap = round (0.35 * c->line_h);
  c->tick_len = round (0.35 * c->line_h);
  c->lw = line_scale;
}

/* The text metrics of a render (or of a measure) on cr: the font at its
 * scale, one line's height and the spacings that follow from it. */
void
_bg_plot_renderer_ctx_init (BgPlotRenderer *self,
                            cairo_t        *cr,
                            Ctx            *c)
{
  _bg_plot_ctx_init (c, cr, self->font, self->font_scale, self->line_scale);
}

void
bg_plot_renderer_render (BgPlotRenderer *self,
                         cairo_t        *cr,
                         double          width,
                         double          height)
{
  Ctx c;
  guint i;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (cr != NULL);

  if (!(width > 0.0) || !(height > 0.0))
    return;

  cairo_save (cr);
  _bg_plot_renderer_ctx_init (self, cr, &c);

  _bg_plot_renderer_set_source (cr, &self->bg, 1.0);
  cairo_rectangle (cr, 0.0, 0.0, width, height);
  cairo_fill (cr);

  _bg_plot_renderer_layout (self, &c, width, height);

  for (i = 0; i < self->subplots->len; i++)
    _bg_plot_renderer_draw_grid (self, &c,
                                 g_ptr_array_index (self->subplots, i));
  draw_marker_lines (self, &c);
  for (i = 0; i < self->subplots->len; i++)
    {
      _bg_plot_renderer_draw_ghosts (self, &c, i);
      _bg_plot_renderer_draw_traces (self, &c, i);
    }
  for (i = 0; i < self->subplots->len; i++)
    {
      _bg_plot_renderer_draw_frame (self, &c,
                                    g_ptr_array_index (self->subplots, i),
                                    i + 1 == self->subplots->len);
      _bg_plot_renderer_draw_legend (self, &c, i);
    }
  _bg_plot_renderer_draw_titles (self, &c);
  draw_marker_labels (self, &c, width);
  draw_cursor (self, &c);

  if (self->traces->len == 0)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, 0);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.55);
      _bg_plot_renderer_draw_text (&c, _("No variables to plot"),
                                   sp->x + sp->w / 2.0, sp->y + sp->h / 2.0,
                                   0.5, 0.5);
    }

  g_object_unref (c.layout);
  cairo_restore (cr);
}
