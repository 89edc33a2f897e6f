/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-hit.c — questions about the last drawing of a plot.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the values of every trace at a time (the cursor read-out), and the
 * geometry of the last render for hit-testing: plot areas, which sub-plot a
 * point falls in, and the maps between time/value and x/y.
 * Must not: draw, or answer from a layout other than the last render's.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"

#include <math.h>

guint
bg_plot_renderer_values_at (BgPlotRenderer *self,
                            double          t,
                            double         *values,
                            guint           n_values)
{
  guint i;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);
  g_return_val_if_fail (n_values == 0 || values != NULL, 0);

  for (i = 0; i < self->traces->len && i < n_values; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      double v = _bg_plot_renderer_trace_value_at (tr, t);

      /* A band of a stacked area: its own height. */
      if (tr->fill_base >= 0)
        v -= _bg_plot_renderer_trace_value_at (g_ptr_array_index (self->traces, tr->fill_base), t);
      values[i] = v;
    }
  return self->traces->len;
}

/* ---- hit-testing -------------------------------------------------------- */

/* Subplot @subplot as the last render laid it out; NULL before the first
 * render or past the last subplot. */
static const Subplot *
laid_out_subplot (BgPlotRenderer *self,
                  guint           subplot)
{
  if (!self->have_layout || subplot >= self->subplots->len)
    return NULL;
  return g_ptr_array_index (self->subplots, subplot);
}

/* The value tick marks of @subplot as last laid out (0 before rendering). */
guint
bg_plot_renderer_get_n_value_ticks (BgPlotRenderer *self,
                                    guint           subplot)
{
  const Subplot *sp;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  sp = laid_out_subplot (self, subplot);
  return sp != NULL ? sp->ticks.count : 0;
}

gboolean
bg_plot_renderer_get_legend_beside (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);

  return self->have_layout && self->legend_beside;
}

double
bg_plot_renderer_get_line_height (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0.0);

  return self->have_layout ? self->line_h : 0.0;
}

/* The value axis title of @subplot as last drawn, or NULL before rendering;
 * *shortened says it was cut to the unit alone to fit. */
char *
bg_plot_renderer_dup_value_title (BgPlotRenderer *self,
                                  guint           subplot,
                                  gboolean       *shortened)
{
  const Subplot *sp;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NULL);

  sp = laid_out_subplot (self, subplot);
  if (shortened != NULL)
    *shortened = sp != NULL && sp->title_shortened;
  return sp != NULL ? g_strdup (sp->drawn_title) : NULL;
}

char *
bg_plot_renderer_dup_time_title (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NULL);

  return g_strdup (self->drawn_time_title);
}

gboolean
bg_plot_renderer_get_plot_area (BgPlotRenderer *self,
                                guint           subplot,
                                double         *x,
                                double         *y,
                                double         *width,
                                double         *height)
{
  const Subplot *sp;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);

  sp = laid_out_subplot (self, subplot);
  if (sp == NULL)
    return FALSE;
  if (x)
    *x = sp->x;
  if (y)
    *y = sp->y;
  if (width)
    *width = sp->w;
  if (height)
    *height = sp->h;
  return TRUE;
}

gboolean
bg_plot_renderer_pick (BgPlotRenderer *self,
                       double          x,
                       double          y,
                       guint          *subplot,
                       double         *t,
                       double         *value)
{
  guint i;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);

  if (!self->have_layout)
    return FALSE;

  for (i = 0; i < self->subplots->len; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);

      if (x < sp->x || x > sp->x + sp->w || y < sp->y || y > sp->y + sp->h)
        continue;
      if (subplot)
        *subplot = i;
      if (t)
        *t = bg_plot_renderer_x_to_time (self, x);
      if (value)
        *value = sp->y0 + (sp->y + sp->h - y) / sp->h * (sp->y1 - sp->y0);
      return TRUE;
    }
  return FALSE;
}

double
bg_plot_renderer_time_to_x (BgPlotRenderer *self,
                            double          t)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NAN);

  if (!self->have_layout)
    return NAN;
  return _bg_plot_renderer_t_to_x (self, t);
}

double
bg_plot_renderer_x_to_time (BgPlotRenderer *self,
                            double          x)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NAN);

  if (!self->have_layout)
    return NAN;
  return self->view_t0 +
         (x - self->area_x) / self->area_w * (self->view_t1 - self->view_t0);
}

double
bg_plot_renderer_value_to_y (BgPlotRenderer *self,
                             guint           subplot,
                             double          value)
{
  const Subplot *sp;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NAN);

  sp = laid_out_subplot (self, subplot);
  return sp != NULL ? _bg_plot_renderer_v_to_y (sp, value) : NAN;
}

gboolean
bg_plot_renderer_get_view (BgPlotRenderer *self,
                           guint           subplot,
                           double         *t0,
                           double         *t1,
                           double         *y0,
                           double         *y1)
{
  const Subplot *sp;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);

  sp = laid_out_subplot (self, subplot);
  if (sp == NULL)
    return FALSE;
  if (t0)
    *t0 = self->view_t0;
  if (t1)
    *t1 = self->view_t1;
  if (y0)
    *y0 = sp->y0;
  if (y1)
    *y1 = sp->y1;
  return TRUE;
}
