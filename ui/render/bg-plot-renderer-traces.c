/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-traces.c — the traces of a BgPlotRenderer.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: reading a trace's samples through its spans (one for borrowed
 * arrays, one per chunk of a BgResult), finding samples by time, the finite
 * value range of a trace in a time window (remembered, so a growing column
 * scans only its new samples),
 * min/max decimation to one column per device pixel, and drawing a trace as
 * a polyline (sparse data, dashed by its place in the sub-plot) or as filled
 * column bars (dense data).
 * Must not: copy, free or modify samples; lay out or draw axes.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"

#include <math.h>

/* ---- samples ------------------------------------------------------------ */

const Span *
_bg_plot_renderer_trace_span (const Trace *tr,
                              size_t       i)
{
  const Span *spans = (const Span *) (gpointer) tr->spans->data;
  guint       lo = 0, hi = tr->spans->len;

  /* The last span starting at or before i. */
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;
      if (spans[mid].start <= i)
        lo = mid;
      else
        hi = mid;
    }
  return &spans[lo];
}

void
_bg_plot_renderer_trace_set_spans (Trace        *tr,
                                   const double *t,
                                   const double *y,
                                   size_t        n)
{
  size_t row = 0;

  if (tr->result == NULL)
    {
      Span s = { 0, n, t, y };

      g_array_set_size (tr->spans, 0);
      if (n > 0)
        g_array_append_val (tr->spans, s);
      tr->n = n;
      return;
    }

  /* The chunks already seen stay where they are; the last one may have
   * filled further, so it is taken again. */
  if (n < tr->n)
    g_array_set_size (tr->spans, 0);
  else if (tr->spans->len > 0)
    {
      row = g_array_index (tr->spans, Span, tr->spans->len - 1).start;
      g_array_set_size (tr->spans, tr->spans->len - 1);
    }
  while (row < n)
    {
      Span  s = { row, 0, NULL, NULL };
      gsize len_t, len_y;

      if (!bg_result_get_span (tr->result, 0, row, &s.t, &len_t) ||
          !bg_result_get_span (tr->result, tr->var, row, &s.y, &len_y))
        break;
      s.len = MIN (MIN (len_t, len_y), n - row);
      g_array_append_val (tr->spans, s);
      row += s.len;
    }
  tr->n = row;
}

/* First index of t[0 .. n) whose time is >= @value (or > @value when
 * @strict); @n when none. */
static size_t
search_time (const double *t,
             size_t        n,
             double        value,
             gboolean      strict)
{
  size_t lo = 0, hi = n;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (strict ? t[mid] <= value : t[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

size_t
_bg_plot_renderer_trace_search (const Trace *tr,
                                double       value,
                                gboolean     strict)
{
  const Span *spans = (const Span *) (gpointer) tr->spans->data;
  guint       lo = 0, hi = tr->spans->len;

  /* The first span whose last time is >= @value (> when strict): every
   * sample before it is below. */
  while (lo < hi)
    {
      guint  mid = lo + (hi - lo) / 2;
      double last = spans[mid].t[spans[mid].len - 1];

      if (strict ? last <= value : last < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == tr->spans->len)
    return tr->n;
  return spans[lo].start + search_time (spans[lo].t, spans[lo].len, value, strict);
}

/* ---- value ranges ------------------------------------------------------- */

/* Min and max of y[a, b) (b > a); FALSE when a NaN or ±Inf is among them
 * (then the results are not to be used). Four independent lanes keep the
 * loop from waiting on one comparison chain. */
static gboolean
minmax (const double *y,
        size_t        a,
        size_t        b,
        double       *lo,
        double       *hi)
{
  double mn0 = y[a], mn1 = y[a], mn2 = y[a], mn3 = y[a];
  double mx0 = y[a], mx1 = y[a], mx2 = y[a], mx3 = y[a];
  double z = 0.0; /* v − v is 0 for finite v, NaN otherwise */
  size_t j = a;

  for (; j + 4 <= b; j += 4)
    {
      double v0 = y[j], v1 = y[j + 1], v2 = y[j + 2], v3 = y[j + 3];
      mn0 = v0 < mn0 ? v0 : mn0;
      mn1 = v1 < mn1 ? v1 : mn1;
      mn2 = v2 < mn2 ? v2 : mn2;
      mn3 = v3 < mn3 ? v3 : mn3;
      mx0 = v0 > mx0 ? v0 : mx0;
      mx1 = v1 > mx1 ? v1 : mx1;
      mx2 = v2 > mx2 ? v2 : mx2;
      mx3 = v3 > mx3 ? v3 : mx3;
      z += ((v0 - v0) + (v1 - v1)) + ((v2 - v2) + (v3 - v3));
    }
  for (; j < b; j++)
    {
      double v = y[j];
      mn0 = v < mn0 ? v : mn0;
      mx0 = v > mx0 ? v : mx0;
      z += v - v;
    }
  *lo = MIN (MIN (mn0, mn1), MIN (mn2, mn3));
  *hi = MAX (MAX (mx0, mx1), MAX (mx2, mx3));
  return z == 0.0;
}

/* Widens [*lo, *hi] by the finite values among y[a, b). */
static void
scan_values (const double *y,
             size_t        a,
             size_t        b,
             double       *lo,
             double       *hi)
{
  double mn = *lo, mx = *hi, a_lo, a_hi;
  size_t i;

  if (a >= b)
    return;
  if (G_LIKELY (minmax (y, a, b, &a_lo, &a_hi)))
    {
      mn = MIN (mn, a_lo);
      mx = MAX (mx, a_hi);
    }
  else
    {
      mn = *lo;
      mx = *hi;
      for (i = a; i < b; i++)
        if (isfinite (y[i]))
          {
            mn = MIN (mn, y[i]);
            mx = MAX (mx, y[i]);
          }
    }
  *lo = mn;
  *hi = mx;
}

/* Widens [*lo, *hi] by the finite values among samples [a, b) of @tr. */
static void
scan_trace (const Trace *tr,
            size_t       a,
            size_t       b,
            double      *lo,
            double      *hi)
{
  while (a < b)
    {
      const Span *s = _bg_plot_renderer_trace_span (tr, a);
      size_t      end = MIN (b, s->start + s->len);

      scan_values (s->y, a - s->start, end - s->start, lo, hi);
      a = end;
    }
}

/* Min and max of the finite values of @tr with time in [t0, t1]. The
 * result is remembered: drawing again, or after samples were appended to
 * the same columns, scans nothing or only the new samples. */
gboolean
_bg_plot_renderer_trace_value_range (Trace  *tr,
                                     double  t0,
                                     double  t1,
                                     double *lo,
                                     double *hi)
{
  size_t i0 = _bg_plot_renderer_trace_search (tr, t0, FALSE);
  size_t i1 = _bg_plot_renderer_trace_search (tr, t1, TRUE);
  double a = INFINITY, b = -INFINITY;

  if (tr->range_valid && tr->range_i0 == i0 && tr->range_i1 <= i1)
    {
      a = tr->range_lo;
      b = tr->range_hi;
      scan_trace (tr, tr->range_i1, i1, &a, &b);
    }
  else
    scan_trace (tr, i0, i1, &a, &b);

  tr->range_valid = TRUE;
  tr->range_i0 = i0;
  tr->range_i1 = i1;
  tr->range_lo = a;
  tr->range_hi = b;

  if (!(a <= b))
    return FALSE;
  *lo = a;
  *hi = b;
  return TRUE;
}

/* ---- drawing: traces ---------------------------------------------------- */

/* Line style by position in the sub-plot: solid, dashed, dotted,
 * dash-dotted, so traces differ by shape as well as colour and a trace
 * lying exactly on another still shows through its gaps. */
void
_bg_plot_renderer_set_trace_dash (cairo_t *cr,
                                  guint    color_index,
                                  double   lw)
{
  double dash[4];
  int    n = 0;

  switch (color_index % 4)
    {
    case 1:
      dash[0] = 5.0 * lw;
      dash[1] = 2.5 * lw;
      n = 2;
      break;
    case 2:
      dash[0] = 0.01;
      dash[1] = 2.0 * lw;
      n = 2;
      break;
    case 3:
      dash[0] = 5.0 * lw;
      dash[1] = 2.0 * lw;
      dash[2] = 0.01;
      dash[3] = 2.0 * lw;
      n = 4;
      break;
    default:
      break;
    }
  cairo_set_dash (cr, dash, n, 0.0);
}

/* What one pixel column holds of a trace (values in data space). */
typedef struct
{
  size_t   count;      /* finite samples in the column */
  gboolean gap_before; /* a NaN/Inf separates it from the previous one */
  double   x_first;    /* exact x of the first sample (for count 1) */
  double   first, vmin, vmax, last;
} Column;

/* First index in [lo, hi) whose time is >= @value; @hi when none. Gallops
 * from @lo first: the answer is usually close, and the probes stay in
 * cache, where a plain bisection of a million samples would miss. */
static size_t
search_time_from (const double *t,
                  size_t        lo,
                  size_t        hi,
                  double        value)
{
  size_t step = 1;

  while (lo + step < hi && t[lo + step] < value)
    {
      lo += step;
      step *= 2;
    }
  if (lo + step < hi)
    hi = lo + step + 1;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (t[mid] < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* Adds samples [a, b) of y, which contain a non-finite value, to @col. */
static void
scan_column_slow (const double *y,
                  size_t        a,
                  size_t        b,
                  Column       *col,
                  gboolean     *pending_gap)
{
  size_t j;

  for (j = a; j < b; j++)
    {
      double v = y[j];

      if (!isfinite (v))
        {
          *pending_gap = TRUE;
          continue;
        }
      if (col->count == 0)
        {
          col->gap_before = *pending_gap;
          col->first = col->vmin = col->vmax = v;
        }
      else if (*pending_gap)
        col->gap_before = TRUE; /* a gap inside: break before the column */
      *pending_gap = FALSE;
      col->vmin = MIN (col->vmin, v);
      col->vmax = MAX (col->vmax, v);
      col->last = v;
      col->count++;
    }
}

/* Adds samples [a, b) of span @s, all in one pixel column, to @col (a
 * column may take samples from two spans). */
static void
column_add (Column     *col,
            const Span *s,
            size_t      a,
            size_t      b,
            double      t0,
            double      x0,
            double      x_per_t,
            gboolean   *pending_gap)
{
  double mn, mx;

  if (isnan (col->x_first))
    col->x_first = x0 + (s->t[a] - t0) * x_per_t;
  if (G_UNLIKELY (!minmax (s->y, a, b, &mn, &mx)))
    {
      scan_column_slow (s->y, a, b, col, pending_gap);
      return;
    }
  if (col->count == 0)
    {
      col->gap_before = *pending_gap;
      col->first = s->y[a];
      col->vmin = mn;
      col->vmax = mx;
    }
  else
    {
      if (*pending_gap)
        col->gap_before = TRUE;
      col->vmin = MIN (col->vmin, mn);
      col->vmax = MAX (col->vmax, mx);
    }
  col->last = s->y[b - 1];
  col->count += b - a;
  *pending_gap = FALSE;
}

/* Min/max decimation: one Column per device-pixel column of the window
 * [t0, t1], from the samples [i0, i1) that lie in it, span by span. The
 * column of each sample is found by searching the span for the column
 * boundaries, so the inner loop is a plain min/max over a contiguous run. */
static void
decimate (const Trace *tr,
          size_t       i0,
          size_t       i1,
          double       t0,
          double       t1,
          double       x0,
          double       x_per_t,
          Column      *cols,
          int          ncols)
{
  gboolean pending_gap = FALSE;
  size_t   a = i0;
  int      c;

  for (c = 0; c < ncols; c++)
    {
      cols[c].count = 0;
      cols[c].gap_before = FALSE;
      cols[c].x_first = NAN;
    }

  c = 0;
  while (a < i1)
    {
      const Span *s = _bg_plot_renderer_trace_span (tr, a);
      size_t      la = a - s->start;
      size_t      lb = MIN (i1, s->start + s->len) - s->start;

      while (la < lb)
        {
          size_t b = c == ncols - 1
                       ? lb
                       : search_time_from (s->t, la, lb,
                                           t0 + (t1 - t0) * (c + 1) / ncols);

          if (b > la)
            column_add (&cols[c], s, la, b, t0, x0, x_per_t, &pending_gap);
          if (b == lb)
            break; /* column c may go on in the next span */
          c++;
          la = b;
        }
      a = s->start + lb;
    }
}

double
_bg_plot_renderer_trace_value_at (const Trace *tr,
                                  double       t)
{
  size_t j;

  if (tr->n == 0 || !isfinite (t))
    return NAN;
  j = _bg_plot_renderer_trace_search (tr, t, TRUE);
  if (j == tr->n)
    return t == _bg_plot_renderer_trace_t (tr, tr->n - 1) ? _bg_plot_renderer_trace_y (tr, tr->n - 1)
                                                          : NAN;
  if (j == 0)
    return NAN;
  {
    double ta = _bg_plot_renderer_trace_t (tr, j - 1), tb = _bg_plot_renderer_trace_t (tr, j);
    double ya = _bg_plot_renderer_trace_y (tr, j - 1), yb = _bg_plot_renderer_trace_y (tr, j);
    return ya + (t - ta) / (tb - ta) * (yb - ya);
  }
}

static double
lerp_at (const Trace *tr,
         size_t       j,
         double       t)
{
  double ta = _bg_plot_renderer_trace_t (tr, j - 1);
  double tb = _bg_plot_renderer_trace_t (tr, j);
  double ya = _bg_plot_renderer_trace_y (tr, j - 1);
  double yb = _bg_plot_renderer_trace_y (tr, j);
  double f = tb > ta ? (t - ta) / (tb - ta) : 1.0;

  return ya + f * (yb - ya);
}

/* Sparse data (fewer samples than pixels, or about as many): a polyline
 * through each column's first, extremes and last sample. */
static void
stroke_columns (cairo_t       *cr,
                const Subplot *sp,
                const Column  *cols,
                int            ncols,
                double         col_w,
                double         entry,
                double         exit_v)
{
  gboolean pen = FALSE;
  int      c;

  if (isfinite (entry))
    {
      cairo_move_to (cr, sp->x, _bg_plot_renderer_v_to_y (sp, entry));
      pen = TRUE;
    }
  for (c = 0; c < ncols; c++)
    {
      const Column *col = &cols[c];
      double        xc = sp->x + (c + 0.5) * col_w;

      if (col->count == 0)
        continue;
      if (col->gap_before)
        pen = FALSE;
      if (col->count == 1)
        {
          double y = _bg_plot_renderer_v_to_y (sp, col->first);
          if (pen)
            cairo_line_to (cr, col->x_first, y);
          else
            cairo_move_to (cr, col->x_first, y);
        }
      else
        {
          double y = _bg_plot_renderer_v_to_y (sp, col->first);
          if (pen)
            cairo_line_to (cr, xc, y);
          else
            cairo_move_to (cr, xc, y);
          cairo_line_to (cr, xc, _bg_plot_renderer_v_to_y (sp, col->vmin));
          cairo_line_to (cr, xc, _bg_plot_renderer_v_to_y (sp, col->vmax));
          cairo_line_to (cr, xc, _bg_plot_renderer_v_to_y (sp, col->last));
        }
      pen = TRUE;
    }
  if (pen && isfinite (exit_v))
    cairo_line_to (cr, sp->x + sp->w, _bg_plot_renderer_v_to_y (sp, exit_v));
  cairo_stroke (cr);
}

/* Dense data (many samples per pixel): each column becomes a bar from its
 * minimum to its maximum, stretched to meet the previous column's last
 * value, one line width wide and half a line width longer at both ends.
 * The bars overlap their neighbours and are filled together as one path
 * (non-zero rule: their union), which draws what stroking the whole
 * polyline would, without the stroker's cost for millions of points. */
static void
fill_columns (cairo_t       *cr,
              const Subplot *sp,
              const Column  *cols,
              int            ncols,
              double         col_w,
              double         lw,
              double         entry,
              double         exit_v)
{
  double hw = lw / 2.0, hx = MAX (hw, col_w / 2.0), prev = entry;
  int    c;

  for (c = 0; c < ncols; c++)
    {
      const Column *col = &cols[c];
      double        lo = col->vmin, hi = col->vmax, top, bot;

      if (col->count == 0)
        continue;
      if (col->gap_before)
        prev = NAN;
      if (isfinite (prev))
        {
          lo = MIN (lo, prev);
          hi = MAX (hi, prev);
        }
      if (c == ncols - 1 && isfinite (exit_v))
        {
          lo = MIN (lo, exit_v);
          hi = MAX (hi, exit_v);
        }
      top = _bg_plot_renderer_v_to_y (sp, hi) - hw;
      bot = _bg_plot_renderer_v_to_y (sp, lo) + hw;
      cairo_rectangle (cr, sp->x + (c + 0.5) * col_w - hx, top, 2.0 * hx, bot - top);
      prev = col->last;
    }
  cairo_fill (cr);
}

void
_bg_plot_renderer_draw_trace (BgPlotRenderer *self,
                              Ctx            *c,
                              Trace          *tr,
                              const Subplot  *sp)
{
  cairo_t           *cr = c->cr;
  double             t0 = self->view_t0, t1 = self->view_t1;
  double             dev_w = sp->w, dev_h = 0.0, col_w, entry = NAN, exit_v = NAN;
  g_autofree Column *cols = NULL;
  size_t             i0, i1;
  int                ncols;

  tr->drawn_dense = FALSE;
  if (tr->n == 0)
    return;

  i0 = _bg_plot_renderer_trace_search (tr, t0, FALSE);
  i1 = _bg_plot_renderer_trace_search (tr, t1, TRUE);

  /* Enter and leave at the window's edges on the segments crossing them. */
  if (i0 > 0 && i0 < tr->n)
    entry = lerp_at (tr, i0, t0);
  if (i1 > 0 && i1 < tr->n)
    exit_v = lerp_at (tr, i1, t1);

  if (i0 == i1)
    {
      /* No sample inside: at most the one segment across the window. */
      if (isfinite (entry) && isfinite (exit_v))
        {
          _bg_plot_renderer_set_trace_dash (cr, tr->color_index,
                                            cairo_get_line_width (cr));
          cairo_move_to (cr, sp->x, _bg_plot_renderer_v_to_y (sp, entry));
          cairo_line_to (cr, sp->x + sp->w,
                         _bg_plot_renderer_v_to_y (sp, exit_v));
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0.0);
        }
      return;
    }

  /* One column per device pixel, so HiDPI output keeps its detail. */
  cairo_user_to_device_distance (cr, &dev_w, &dev_h);
  ncols = (int) CLAMP (ceil (fabs (dev_w)), 1.0, 32768.0);
  col_w = sp->w / ncols;
  cols = g_new (Column, ncols);
  decimate (tr, i0, i1, t0, t1, sp->x, sp->w / (t1 - t0), cols, ncols);

  /* A filled trace's edge is solid, as its legend swatch. */
  tr->drawn_dense = i1 - i0 >= 2 * (size_t) ncols || tr->fill_base != FILL_NONE;
  if (i1 - i0 >= 2 * (size_t) ncols)
    fill_columns (cr, sp, cols, ncols, col_w, cairo_get_line_width (cr),
                  entry, exit_v);
  else
    {
      _bg_plot_renderer_set_trace_dash (cr, tr->fill_base != FILL_NONE ? 0 : tr->color_index,
                                        cairo_get_line_width (cr));
      stroke_columns (cr, sp, cols, ncols, col_w, entry, exit_v);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }
}

/* The area between @tr and @base (NULL: the zero line), sampled at each
 * device pixel column of the window where @tr has samples, filled in the
 * current source. */
static void
fill_trace (BgPlotRenderer *self,
            cairo_t        *cr,
            const Trace    *tr,
            const Trace    *base,
            const Subplot  *sp)
{
  double dev_w = sp->w, dev_h = 0.0, t0, t1;
  int    ncols, k;
  gboolean open = FALSE;

  if (tr->n < 2)
    return;
  t0 = MAX (self->view_t0, _bg_plot_renderer_trace_t (tr, 0));
  t1 = MIN (self->view_t1, _bg_plot_renderer_trace_t (tr, tr->n - 1));
  if (!(t1 > t0))
    return;
  cairo_user_to_device_distance (cr, &dev_w, &dev_h);
  ncols = (int) CLAMP (ceil (fabs (dev_w) * (t1 - t0) / (self->view_t1 - self->view_t0)), 1.0, 32768.0);

  /* Top edge left to right, then the base right to left. */
  for (k = 0; k <= ncols; k++)
    {
      double t = t0 + (t1 - t0) * k / ncols;
      double v = _bg_plot_renderer_trace_value_at (tr, t);
      double x = _bg_plot_renderer_t_to_x (self, t);

      if (!isfinite (v))
        v = 0.0;
      if (!open)
        cairo_move_to (cr, x, _bg_plot_renderer_v_to_y (sp, v));
      else
        cairo_line_to (cr, x, _bg_plot_renderer_v_to_y (sp, v));
      open = TRUE;
    }
  for (k = ncols; k >= 0; k--)
    {
      double t = t0 + (t1 - t0) * k / ncols;
      double v = base != NULL ? _bg_plot_renderer_trace_value_at (base, t) : 0.0;

      if (!isfinite (v))
        v = 0.0;
      cairo_line_to (cr, _bg_plot_renderer_t_to_x (self, t), _bg_plot_renderer_v_to_y (sp, v));
    }
  cairo_close_path (cr);
  cairo_fill (cr);
}

void
_bg_plot_renderer_draw_traces (BgPlotRenderer *self,
                               Ctx            *c,
                               guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  cairo_t *cr = c->cr;
  double   lw = 1.5 * c->lw;
  guint    i;

  cairo_save (cr);
  /* A line on the frame stays whole: clip half a line width outside. */
  cairo_rectangle (cr, sp->x, sp->y - lw, sp->w, sp->h + 2.0 * lw);
  cairo_clip (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  /* The filled areas first, under every line. */
  for (i = 0; i < self->traces->len; i++)
    {
      Trace      *tr = g_ptr_array_index (self->traces, i);
      BgPlotColor color;

      if (tr->subplot != index || tr->fill_base == FILL_NONE)
        continue;
      bg_plot_renderer_get_trace_color (self, i, &color);
      _bg_plot_renderer_set_source (cr, &color, FILL_ALPHA);
      fill_trace (self, cr, tr,
                  tr->fill_base >= 0 ? g_ptr_array_index (self->traces, tr->fill_base) : NULL, sp);
    }

  for (i = 0; i < self->traces->len; i++)
    {
      Trace      *tr = g_ptr_array_index (self->traces, i);
      BgPlotColor color;

      if (tr->subplot != index)
        continue;
      bg_plot_renderer_get_trace_color (self, i, &color);
      _bg_plot_renderer_set_source (cr, &color, 1.0);
      _bg_plot_renderer_draw_trace (self, c, tr, sp);
    }
  cairo_restore (cr);
}
