/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-layout.c — where a BgPlotRenderer puts things.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: resolving the view (the time window and each sub-plot's value
 * window, fitted to nice ticks unless the user fixed it), the tick marks of
 * both axes with labels that fit, the vertical layout of the stacked
 * sub-plots, legends and the marker strip, and drawing what the layout
 * places: grid, frames with tick labels, axis titles and legends.
 * Must not: draw traces, markers or the cursor; read samples except through
 * the trace helpers of -traces.c (_bg_plot_renderer_trace_t,
 * _bg_plot_renderer_trace_value_range); keep anything but the layout's
 * results in the renderer.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"
#include "bg-si-format.h"
#include "bg-units.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

/* ---- view resolution ---------------------------------------------------- */

static void
resolve_time_window (BgPlotRenderer *self,
                     double         *t0,
                     double         *t1)
{
  double lo = INFINITY, hi = -INFINITY;
  guint  i;

  if (self->time_fixed)
    {
      *t0 = self->t0;
      *t1 = self->t1;
      return;
    }

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      size_t a = 0, b = tr->n;

      /* Skip non-finite times at either end. */
      while (a < b && !isfinite (_bg_plot_renderer_trace_t (tr, a)))
        a++;
      while (b > a && !isfinite (_bg_plot_renderer_trace_t (tr, b - 1)))
        b--;
      if (a < b)
        {
          lo = MIN (lo, _bg_plot_renderer_trace_t (tr, a));
          hi = MAX (hi, _bg_plot_renderer_trace_t (tr, b - 1));
        }
    }

  _bg_plot_renderer_ghosts_time_span (self, &lo, &hi);
  if (!(lo < hi))
    {
      if (isfinite (lo))
        {
          /* One instant: show a small window around it. */
          double pad = lo == 0.0 ? 1.0 : fabs (lo) * 0.1;
          hi = lo + pad;
          lo = lo - pad;
        }
      else
        {
          lo = 0.0;
          hi = 1.0;
        }
    }
  *t0 = lo;
  *t1 = hi;
}

/* Auto-fit: the data widened to the nearest ticks, unless that leaves more
 * than a fifth of the plot empty; then the data plus a 4 % margin (none
 * beyond a zero end, so curves that start at 0 sit on the frame). */
static void
fit_value_window (double  lo,
                  double  hi,
                  guint   max_intervals,
                  double *y0,
                  double *y1)
{
  double a = lo, b = hi, pad;

  bg_si_nice_range (&a, &b, max_intervals);
  if (!(hi > lo) || (b - a) <= 1.25 * (hi - lo))
    {
      *y0 = a;
      *y1 = b;
      return;
    }
  pad = 0.04 * (hi - lo);
  *y0 = lo == 0.0 ? 0.0 : lo - pad;
  *y1 = hi == 0.0 ? 0.0 : hi + pad;
}

static void
resolve_value_window (BgPlotRenderer *self,
                      guint           index,
                      double          t0,
                      double          t1,
                      guint           max_intervals)
{
  Subplot      *sp = g_ptr_array_index (self->subplots, index);
  const double *fixed = g_hash_table_lookup (self->value_ranges, sp->key);
  double        lo = INFINITY, hi = -INFINITY;
  guint         i;

  if (fixed != NULL)
    {
      sp->y0 = fixed[0];
      sp->y1 = fixed[1];
      return;
    }

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      double a, b;

      if (tr->subplot == index &&
          _bg_plot_renderer_trace_value_range (tr, t0, t1, &a, &b))
        {
          lo = MIN (lo, a);
          hi = MAX (hi, b);
        }
    }
  _bg_plot_renderer_ghosts_value_range (self, index, t0, t1, &lo, &hi);
  if (!isfinite (lo))
    {
      lo = 0.0;
      hi = 1.0;
    }
  fit_value_window (lo, hi, max_intervals, &sp->y0, &sp->y1);
}

static const char *
quantity_for_unit (const char *unit)
{
  /* clang-format off */
  static const struct { const char *unit; const char *name; } table[] = {
    { "Pa", N_("Pressure") },
    { "m", N_("Displacement") },
    { "m/s", N_("Velocity") },
    { "N", N_("Force") },
    { "m\xc2\xb3/s", N_("Volume flow") },
    { "m\xc2\xb3", N_("Volume") },
    { "W", N_("Power") },
    { "J", N_("Energy") },
    { "V", N_("Voltage") },
    { "A", N_("Current") },
    { "C", N_("Charge") },
    { "Wb", N_("Flux linkage") },
    { "rad", N_("Angle") },
    { "rad/s", N_("Angular velocity") },
    { "N\xc2\xb7m", N_("Torque") },
    { "N\xc2\xb7m\xc2\xb7s", N_("Angular momentum") },
    { "kg\xc2\xb7m/s", N_("Momentum") },
    { "N\xc2\xb7s", N_("Momentum") },
    { "Pa\xc2\xb7s", N_("Pressure momentum") },
    { "s", N_("Time") },
    { "dB", N_("Magnitude") },
    { "\xc2\xb0", N_("Phase") },
  };
  /* clang-format on */
  guint i;

  for (i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (unit, table[i].unit) == 0)
      return _(table[i].name);
  return NULL;
}

/* "Pressure [MPa]"; a group's own name ("Stored energy [mJ]"); the
 * trace's name when the unit names no quantity and the sub-plot has one
 * trace; "Value [unit]" otherwise. */
static char *
value_axis_title (BgPlotRenderer *self,
                  guint           index)
{
  Subplot         *sp = g_ptr_array_index (self->subplots, index);
  g_autofree char *unit = bg_si_axis_unit (sp->exponent, sp->unit);
  const char      *group = strchr (sp->key, '\x1f');
  const char      *what = group != NULL ? group + 1 : quantity_for_unit (sp->unit);
  guint            i;

  if (what == NULL && sp->n_traces == 1)
    for (i = 0; i < self->traces->len; i++)
      {
        Trace *tr = g_ptr_array_index (self->traces, i);
        if (tr->subplot == index)
          what = tr->name;
      }
  if (what == NULL)
    what = _("Value");

  if (*unit == '\0')
    return g_strdup (what);
  return g_strdup_printf ("%s [%s]", what, unit);
}

/* ---- layout ------------------------------------------------------------- */

/* A legend entry: sample line, gap, name (in lines of text). */
#define LEGEND_SAMPLE_LINES 1.6
#define LEGEND_GAP_LINES    0.4

static double
legend_entry_width (Ctx         *c,
                    const char  *name)
{
  double w;

  _bg_plot_renderer_text_size (c, name, &w, NULL);
  return (LEGEND_SAMPLE_LINES + LEGEND_GAP_LINES) * c->line_h + w;
}

/* Rows the legend of @index needs within @width. */
static guint
legend_rows (BgPlotRenderer *self,
             Ctx            *c,
             guint           index,
             double          width)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  double x = 0.0, sep = 1.2 * c->line_h;
  guint  rows = 0, i;

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      double entry;

      if (tr->subplot != index)
        continue;
      entry = legend_entry_width (c, tr->name);
      if (rows == 0 || (x > 0.0 && x + entry > width))
        {
          rows++;
          x = 0.0;
        }
      x += entry + sep;
    }
  for (i = 0; i < sp->n_ghost_entries; i++)
    {
      double entry = legend_entry_width (c, _bg_plot_renderer_ghost_entry (self, index, i,
                                                                          NULL, NULL));

      if (rows == 0 || (x > 0.0 && x + entry > width))
        {
          rows++;
          x = 0.0;
        }
      x += entry + sep;
    }
  return rows;
}

/* The column the legends take beside the plots, or 0 when they go above
 * each sub-plot instead: beside when a sub-plot holds at most
 * LEGEND_BESIDE_ENTRIES traces and the plots keep at least
 * LEGEND_BESIDE_SHARE of the width. A wide, short pane (a projector's
 * plot pane under a canvas) then spends no height on legend rows. */
#define LEGEND_BESIDE_ENTRIES 4
#define LEGEND_BESIDE_SHARE 0.5

static double
legend_column (BgPlotRenderer *self,
               Ctx            *c,
               double          width,
               double          left)
{
  double widest = 0.0, column;
  guint  i;

  for (i = 0; i < self->subplots->len; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);

      if (sp->n_traces + sp->n_ghost_entries > LEGEND_BESIDE_ENTRIES)
        return 0.0;
      for (guint k = 0; k < sp->n_ghost_entries; k++)
        widest = MAX (widest, legend_entry_width (c, _bg_plot_renderer_ghost_entry (self, i, k,
                                                                                   NULL, NULL)));
    }
  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);

      widest = MAX (widest, legend_entry_width (c, tr->name));
    }
  if (widest <= 0.0)
    return 0.0;
  column = widest + 1.5 * c->line_h;
  if (width - left - column < LEGEND_BESIDE_SHARE * width)
    return 0.0;
  return column;
}

static void
compute_value_ticks (BgPlotRenderer *self,
                     Ctx            *c,
                     guint           index,
                     double          t0,
                     double          t1)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  /* Tick density from the height in lines of text: labels two lines apart
   * in a tall plot; a short one packs them down to one and a fifth lines
   * apart so that it still shows at least three values. */
  double   spacing = (sp->h < 8.0 * c->line_h ? 1.2 : 2.0) * c->line_h;
  guint    max_iv = (guint) MAX (2.0, floor (sp->h / spacing));
  guint    most = (guint) MAX (2.0, floor (sp->h / (1.2 * c->line_h)));

  for (;;)
    {
      resolve_value_window (self, index, t0, t1, max_iv);
      if (!bg_si_nice_ticks (sp->y0, sp->y1, MAX (2, max_iv), &sp->ticks))
        sp->ticks.count = 0;
      if (sp->ticks.count >= 3 || max_iv >= most)
        break;
      max_iv++;
    }
  /* Still fewer than three in a fitted window: widen it to two nice
   * intervals, so its ends and middle carry values. */
  if (sp->ticks.count < 3 && g_hash_table_lookup (self->value_ranges, sp->key) == NULL &&
      sp->h >= 2.0 * c->line_h)
    {
      double a = sp->y0, b = sp->y1;

      bg_si_nice_range (&a, &b, 2);
      if (bg_si_nice_ticks (a, b, 2, &sp->ticks) && sp->ticks.count >= 3)
        {
          sp->y0 = a;
          sp->y1 = b;
        }
      else if (!bg_si_nice_ticks (sp->y0, sp->y1, MAX (2, max_iv), &sp->ticks))
        sp->ticks.count = 0;
    }
  sp->exponent = bg_si_exponent_for_unit (MAX (fabs (sp->y0), fabs (sp->y1)), sp->unit);
  if (sp->ticks.count > 1)
    {
      double last = bg_si_tick_value (&sp->ticks, sp->ticks.count - 1);
      double first = bg_si_tick_value (&sp->ticks, 0);
      sp->exponent = bg_si_exponent_for_unit (MAX (fabs (first), fabs (last)), sp->unit);
    }
  sp->decimals = bg_si_decimals_for_step (sp->ticks.step, sp->exponent);
}

static double
widest_value_label (Ctx     *c,
                    Subplot *sp)
{
  double widest = 0.0;
  guint  i;

  for (i = 0; i < sp->ticks.count; i++)
    {
      g_autofree char *s = bg_si_format_tick (bg_si_tick_value (&sp->ticks, i),
                                              sp->exponent, sp->decimals,
                                              sp->unit);
      double           w;
      _bg_plot_renderer_text_size (c, s, &w, NULL);
      widest = MAX (widest, w);
    }
  return widest;
}

/* Places the sub-plots and legends for a given left margin; returns the
 * left margin the value tick labels ask for. */
static double
layout_vertical (BgPlotRenderer *self,
                 Ctx            *c,
                 double          width,
                 double          height,
                 double          left,
                 double          t0,
                 double          t1)
{
  guint  n = self->subplots->len, i;
  double right = 2.0 * c->line_h;
  double plot_w;
  double bottom = c->tick_len + c->gap + c->line_h + c->gap + c->line_h + c->pad;
  double between = c->line_h;
  double legend_total = 0.0, avail, y, need = 0.0;
  double strip = self->has_strip ? c->line_h + c->gap : 0.0;
  double column;

  /* Plot areas on whole units: pixel columns and crisp frames. */
  left = round (left);
  column = legend_column (self, c, width, left);
  avail = height - c->pad - bottom - strip - (n - 1) * between;
  /* beside only while every sub-plot is tall enough for its entries */
  for (i = 0; i < n && column > 0.0; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);

      if ((sp->n_traces + sp->n_ghost_entries) * c->line_h > floor (avail / n))
        column = 0.0;
    }
  self->legend_beside = column > 0.0;
  if (self->legend_beside)
    right = MAX (right, column);
  plot_w = MAX (1.0, floor (width - left - right));

  for (i = 0; i < n; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);
      sp->legend_rows = self->legend_beside ? 0 : legend_rows (self, c, i, plot_w);
      legend_total += sp->legend_rows * c->line_h +
                      (sp->legend_rows > 0 ? c->gap : 0.0);
    }

  avail -= legend_total;
  y = c->pad;
  for (i = 0; i < n; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);

      sp->legend_y = y;
      y += sp->legend_rows * c->line_h + (sp->legend_rows > 0 ? c->gap : 0.0);
      if (i == 0)
        {
          self->strip_y = y;
          y += strip;
        }
      sp->x = left;
      sp->w = plot_w;
      sp->y = round (y);
      if (self->legend_beside)
        sp->legend_y = sp->y;
      sp->h = MAX (1.0, floor (avail / n));
      y += sp->h + between;

      compute_value_ticks (self, c, i, t0, t1);
      need = MAX (need, widest_value_label (c, sp));
    }

  /* Never let labels squeeze the plot below three fifths of the width. */
  need = MIN (need, 0.4 * width);
  return c->pad + c->line_h + c->gap + need + c->gap + c->tick_len;
}

/* Lines of text a sub-plot's area needs for three value ticks: labels a
 * line and a quarter apart (compute_value_ticks packs them down to 1.2). */
#define MIN_AREA_LINES 2.5

int
bg_plot_renderer_get_min_height (BgPlotRenderer *self,
                                 double          width)
{
  cairo_surface_t *surface;
  cairo_t         *cr;
  Ctx              c;
  guint            n, i;
  double           left, plot_w, strip = 0.0, fixed, area = 0.0, column;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  _bg_plot_renderer_ctx_init (self, cr, &c);

  n = self->subplots->len;
  for (i = 0; i < self->markers->len; i++)
    {
      const Marker *m = &g_array_index (self->markers, Marker, i);

      if (m->label != NULL && *m->label != '\0')
        strip = c.line_h + c.gap;
    }
  /* the first layout pass's left margin; the legends wrap within the rest */
  left = c.pad + c.line_h + c.gap + 3.0 * c.line_h + c.gap + c.tick_len;
  /* beside only if it still is with tick labels two lines wider than
   * assumed: the layout, which measures them, must not find rows needed */
  column = legend_column (self, &c, width, left + 2.0 * c.line_h);
  plot_w = MAX (1.0, floor (width - left - MAX (2.0 * c.line_h, column)));
  fixed = c.pad + strip + (n - 1) * c.line_h +
          c.tick_len + c.gap + c.line_h + c.gap + c.line_h + c.pad;
  for (i = 0; i < n; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);
      guint    rows = column > 0.0 ? 0 : legend_rows (self, &c, i, plot_w);
      double   legend = rows * c.line_h + (rows > 0 ? c.gap : 0.0);
      double   around, need = MIN_AREA_LINES * c.line_h;

      /* beside the plot, the entries stand one a line */
      if (column > 0.0)
        need = MAX (need, (sp->n_traces + sp->n_ghost_entries) * c.line_h);

      fixed += legend;
      if (sp->unit != NULL && *sp->unit != '\0')
        {
          /* the title's shortest form, with the widest prefix */
          g_autofree char *latin = g_strdup_printf ("[M%s]", sp->unit);
          g_autofree char *unit = bg_units_localize (latin);
          double           w;

          _bg_plot_renderer_text_size (&c, unit, &w, NULL);
          /* the title may use the slot around the plot (draw_titles) */
          around = legend + (i == 0 ? strip : 0.0) + (i + 1 < n ? c.line_h : 0.0);
          need = MAX (need, w - around);
        }
      area = MAX (area, need);
    }

  g_object_unref (c.layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  /* each sub-plot gets a whole share (floor) of what is left */
  return (int) ceil (fixed + n * (area + 1.0));
}

/* A decade axis: whole decades when the window spans more than one and a
 * half, else 1-2-5 steps of the logarithm (labels show the quantity). */
static void
compute_log_ticks (BgPlotRenderer *self,
                   Ctx            *c)
{
  double span = self->view_t1 - self->view_t0;
  guint  max = (guint) MAX (1.0, floor (self->area_w / (4.0 * c->line_h)));
  double step = bg_si_nice_step (span, max);

  self->time_ticks.count = 0;
  self->time_exponent = 0;
  self->time_decimals = 0;
  if (span >= 1.5 && step < 1.0)
    step = 1.0;
  if (step > 0.0)
    bg_si_nice_ticks (self->view_t0, self->view_t1,
                      (guint) MAX (1.0, ceil (span / step - 1e-6)), &self->time_ticks);
}

static char *
format_x_tick (BgPlotRenderer *self,
               double          t)
{
  if (self->log_x_title != NULL)
    return bg_si_format (pow (10.0, t), "");
  return bg_si_format_tick (t, self->time_exponent, self->time_decimals, "s");
}

static void
compute_time_ticks (BgPlotRenderer *self,
                    Ctx            *c)
{
  double span = self->view_t1 - self->view_t0;
  double step = bg_si_nice_step (span, (guint) MAX (1.0, floor (self->area_w /
                                                                (3.0 * c->line_h))));
  guint  guard;

  if (self->log_x_title != NULL)
    {
      compute_log_ticks (self, c);
      return;
    }
  self->time_ticks.count = 0;

  /* Coarser steps (1, 2, 5, 10, …) until the widest label fits between
   * two ticks; the coarsest tried stays if none fits. */
  for (guard = 0; guard < 32 && step > 0.0; guard++)
    {
      BgTicks ticks;
      double  widest = 0.0;
      int     e;
      guint   dec, i;

      if (!bg_si_nice_ticks (self->view_t0, self->view_t1,
                             (guint) MAX (1.0, ceil (span / step - 1e-6)), &ticks))
        return;
      e = bg_si_exponent_for (MAX (fabs (bg_si_tick_value (&ticks, 0)),
                                   fabs (bg_si_tick_value (&ticks, ticks.count - 1))));
      dec = bg_si_decimals_for_step (ticks.step, e);
      for (i = 0; i < ticks.count; i++)
        {
          g_autofree char *s = bg_si_format_tick (bg_si_tick_value (&ticks, i),
                                                  e, dec, "s");
          double           w;
          _bg_plot_renderer_text_size (c, s, &w, NULL);
          widest = MAX (widest, w);
        }
      self->time_ticks = ticks;
      self->time_exponent = e;
      self->time_decimals = dec;
      if (widest + 1.5 * c->line_h <= ticks.step / span * self->area_w ||
          ticks.count <= 2)
        return;
      step = bg_si_nice_step (ticks.step * 1.01, 1);
    }
}

void
_bg_plot_renderer_layout (BgPlotRenderer *self,
                          Ctx            *c,
                          double          width,
                          double          height)
{
  double   left, need;
  Subplot *first;
  guint    i;

  resolve_time_window (self, &self->view_t0, &self->view_t1);
  self->has_strip = FALSE;
  for (i = 0; i < self->markers->len; i++)
    {
      const Marker *m = &g_array_index (self->markers, Marker, i);
      if (m->label != NULL && *m->label != '\0' &&
          m->t >= self->view_t0 && m->t <= self->view_t1)
        self->has_strip = TRUE;
    }

  /* The left margin depends on the value labels, which depend on the plot
   * heights, which depend on how the legends wrap, which depends on the
   * left margin: two passes settle it. */
  left = c->pad + c->line_h + c->gap + 3.0 * c->line_h + c->gap + c->tick_len;
  need = layout_vertical (self, c, width, height, left,
                          self->view_t0, self->view_t1);
  if (fabs (need - left) > 0.5)
    {
      left = need;
      need = layout_vertical (self, c, width, height, left,
                              self->view_t0, self->view_t1);
      if (need > left)
        layout_vertical (self, c, width, height, need,
                         self->view_t0, self->view_t1);
    }

  first = g_ptr_array_index (self->subplots, 0);
  self->line_h = c->line_h;
  self->area_x = first->x;
  self->area_w = first->w;
  compute_time_ticks (self, c);
  self->have_layout = TRUE;
}

/* ---- drawing: frames, grid, ticks --------------------------------------- */

void
_bg_plot_renderer_draw_grid (BgPlotRenderer *self,
                             Ctx            *c,
                             Subplot        *sp)
{
  cairo_t *cr = c->cr;
  guint    i;

  cairo_set_line_width (cr, c->lw);
  _bg_plot_renderer_set_source (cr, &self->fg, 0.10);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double v = bg_si_tick_value (&sp->ticks, i);
      double y = _bg_plot_renderer_snap (cr, _bg_plot_renderer_v_to_y (sp, v),
                                         FALSE);
      cairo_move_to (cr, sp->x, y);
      cairo_line_to (cr, sp->x + sp->w, y);
    }
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double t = bg_si_tick_value (&self->time_ticks, i);
      double x = _bg_plot_renderer_snap (cr, _bg_plot_renderer_t_to_x (self, t),
                                         TRUE);
      cairo_move_to (cr, x, sp->y);
      cairo_line_to (cr, x, sp->y + sp->h);
    }
  cairo_stroke (cr);

  /* A decade axis: fainter lines at 2 … 9 of each decade. */
  if (self->log_x_title != NULL && self->time_ticks.count > 0 && self->time_ticks.step >= 1.0)
    {
      _bg_plot_renderer_set_source (cr, &self->fg, 0.05);
      for (double k = floor (self->view_t0); k < self->view_t1; k += 1.0)
        for (int m = 2; m <= 9; m++)
          {
            double t = k + log10 ((double) m), x;
            if (t <= self->view_t0 || t >= self->view_t1)
              continue;
            x = _bg_plot_renderer_snap (cr, _bg_plot_renderer_t_to_x (self, t), TRUE);
            cairo_move_to (cr, x, sp->y);
            cairo_line_to (cr, x, sp->y + sp->h);
          }
      cairo_stroke (cr);
    }
}

void
_bg_plot_renderer_draw_frame (BgPlotRenderer *self,
                              Ctx            *c,
                              Subplot        *sp,
                              gboolean        with_time_labels)
{
  cairo_t *cr = c->cr;
  double   x0 = _bg_plot_renderer_snap (cr, sp->x, TRUE);
  double   x1 = _bg_plot_renderer_snap (cr, sp->x + sp->w, TRUE);
  double   y0 = _bg_plot_renderer_snap (cr, sp->y, FALSE);
  double   y1 = _bg_plot_renderer_snap (cr, sp->y + sp->h, FALSE);
  guint    i;

  cairo_set_line_width (cr, c->lw);
  _bg_plot_renderer_set_source (cr, &self->fg, 0.45);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double v = bg_si_tick_value (&sp->ticks, i);
      double y = _bg_plot_renderer_snap (cr, _bg_plot_renderer_v_to_y (sp, v),
                                         FALSE);
      cairo_move_to (cr, x0 - c->tick_len, y);
      cairo_line_to (cr, x0, y);
    }
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double t = bg_si_tick_value (&self->time_ticks, i);
      double x = _bg_plot_renderer_snap (cr, _bg_plot_renderer_t_to_x (self, t),
                                         TRUE);
      cairo_move_to (cr, x, y1);
      cairo_line_to (cr, x, y1 + (with_time_labels ? c->tick_len : 0.0));
    }
  cairo_stroke (cr);

  _bg_plot_renderer_set_source (cr, &self->fg, 0.85);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double           v = bg_si_tick_value (&sp->ticks, i);
      g_autofree char *s = bg_si_format_tick (v, sp->exponent, sp->decimals,
                                              sp->unit);
      _bg_plot_renderer_draw_text (c, s, x0 - c->tick_len - c->gap,
                                   _bg_plot_renderer_v_to_y (sp, v), 1.0, 0.5);
    }
  if (!with_time_labels)
    return;
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double           t = bg_si_tick_value (&self->time_ticks, i);
      g_autofree char *s = format_x_tick (self, t);
      _bg_plot_renderer_draw_text (c, s, _bg_plot_renderer_t_to_x (self, t),
                                   y1 + c->tick_len + c->gap, 0.5, 0.0);
    }
}

void
_bg_plot_renderer_draw_titles (BgPlotRenderer *self,
                               Ctx            *c)
{
  cairo_t         *cr = c->cr;
  Subplot         *last = g_ptr_array_index (self->subplots, self->subplots->len - 1);
  g_autofree char *tunit = bg_si_axis_unit (self->time_exponent, "s");
  g_autofree char *log_unit = bg_units_localize (self->log_x_unit);
  g_autofree char *ttitle = self->log_x_title != NULL
                            ? g_strdup_printf ("%s [%s]", self->log_x_title, log_unit)
                            : g_strdup_printf ("%s [%s]", _("Time"), tunit);
  double           ty = last->y + last->h + c->tick_len + c->gap + c->line_h + c->gap;
  guint            i;

  _bg_plot_renderer_set_source (cr, &self->fg, 0.85);
  _bg_plot_renderer_draw_text (c, ttitle, self->area_x + self->area_w / 2.0,
                               ty, 0.5, 0.0);
  g_free (self->drawn_time_title);
  self->drawn_time_title = g_strdup (ttitle);

  /* Value titles run upwards along the left edge, centred on their plot.
   * A title longer than the plot may use the sub-plot's whole slot (its
   * legend rows and the gap below); still too long, it becomes the unit
   * alone ("[mm]"), which is never cut. */
  for (i = 0; i < self->subplots->len; i++)
    {
      Subplot         *sp = g_ptr_array_index (self->subplots, i);
      g_autofree char *title = value_axis_title (self, i);
      double           top = MIN (sp->legend_y, sp->y);
      double           bottom = i + 1 < self->subplots->len
                                ? sp->y + sp->h + c->line_h : sp->y + sp->h;
      double           room = bottom - top, centre, w, h;

      sp->title_shortened = FALSE;
      _bg_plot_renderer_text_size (c, title, &w, &h);
      if (w > room && strchr (title, '[') != NULL)
        {
          char *shorter = g_strdup (strchr (title, '['));
          g_free (title);
          title = shorter;
          sp->title_shortened = TRUE;
          _bg_plot_renderer_text_size (c, title, &w, &h);
        }
      /* centred on the plot when it fits there, else on the slot */
      centre = w <= sp->h ? sp->y + sp->h / 2.0 : top + room / 2.0;
      g_free (sp->drawn_title);
      sp->drawn_title = g_strdup (title);
      cairo_save (cr);
      cairo_translate (cr, c->pad, round (centre + w / 2.0));
      cairo_rotate (cr, -G_PI / 2.0);
      cairo_move_to (cr, 0.0, 0.0);
      pango_cairo_update_layout (cr, c->layout);
      pango_cairo_show_layout (cr, c->layout);
      cairo_restore (cr);
      pango_cairo_update_layout (cr, c->layout);
    }
}

/* Where the next legend entry, @entry wide, goes: a column right of the
 * plot from its top, one a line; else rows above it, wrapped. */
static void
legend_place (BgPlotRenderer *self,
              Ctx            *c,
              const Subplot  *sp,
              double          entry,
              gboolean       *first,
              double         *x,
              double         *y)
{
  if (self->legend_beside)
    {
      *x = sp->w + 0.75 * c->line_h;
      if (!*first)
        *y += c->line_h;
    }
  else if (!*first && *x > 0.0 && *x + entry > sp->w)
    {
      *x = 0.0;
      *y += c->line_h;
    }
  *first = FALSE;
}

/* A legend entry's sample line, in @color at @alpha, @dash_index's dash. */
static void
legend_sample (Ctx               *c,
               const Subplot     *sp,
               const BgPlotColor *color,
               double             alpha,
               guint              dash_index,
               double             width,
               double             x,
               double             y)
{
  cairo_t *cr = c->cr;
  double   sample_w = LEGEND_SAMPLE_LINES * c->line_h;

  cairo_save (cr);
  _bg_plot_renderer_set_source (cr, color, alpha);
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  _bg_plot_renderer_set_trace_dash (cr, dash_index, width);
  cairo_move_to (cr, sp->x + x + c->lw, y + c->line_h / 2.0);
  cairo_line_to (cr, sp->x + x + sample_w - c->lw, y + c->line_h / 2.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
_bg_plot_renderer_draw_legend (BgPlotRenderer *self,
                               Ctx            *c,
                               guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  cairo_t *cr = c->cr;
  double   sample_w = LEGEND_SAMPLE_LINES * c->line_h, sep = 1.2 * c->line_h;
  double   text_dx = sample_w + LEGEND_GAP_LINES * c->line_h;
  double   x = 0.0, y = sp->legend_y;
  gboolean first = TRUE;
  guint    i;

  for (i = 0; i < self->traces->len; i++)
    {
      Trace      *tr = g_ptr_array_index (self->traces, i);
      BgPlotColor color;
      double      entry;

      if (tr->subplot != index)
        continue;
      entry = legend_entry_width (c, tr->name);
      legend_place (self, c, sp, entry, &first, &x, &y);
      bg_plot_renderer_get_trace_color (self, i, &color);
      if (tr->fill_base != FILL_NONE)
        {
          /* a filled area's swatch: a patch of its fill */
          _bg_plot_renderer_set_source (cr, &color, FILL_ALPHA);
          cairo_rectangle (cr, sp->x + x + c->lw, y + 0.2 * c->line_h, sample_w - 2.0 * c->lw,
                           0.6 * c->line_h);
          cairo_fill (cr);
        }
      legend_sample (c, sp, &color, 1.0, tr->drawn_dense ? 0 : tr->color_index,
                     2.0 * c->lw, x, y);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.9);
      _bg_plot_renderer_draw_text (c, tr->name, sp->x + x + text_dx, y, 0.0, 0.0);
      x += entry + sep;
    }

  /* the earlier runs drawn faintly here: a faint sample and what differs */
  for (i = 0; i < sp->n_ghost_entries; i++)
    {
      BgPlotColor color;
      double      strength, entry;
      const char *label = _bg_plot_renderer_ghost_entry (self, index, i, &color, &strength);

      entry = legend_entry_width (c, label);
      legend_place (self, c, sp, entry, &first, &x, &y);
      legend_sample (c, sp, &color, strength, 0, 1.5 * c->lw, x, y);
      _bg_plot_renderer_set_source (cr, &self->fg, 0.75);
      _bg_plot_renderer_draw_text (c, label, sp->x + x + text_dx, y, 0.0, 0.0);
      x += entry + sep;
    }
}
