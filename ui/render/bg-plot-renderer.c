/* bg-plot-renderer.c — time plots drawn with Cairo and Pango, no GTK.
 *
 * Owns: the trace/marker/view state of one plot, its layout (margins,
 * stacked sub-plots, ticks, legend), min/max decimation per pixel column, and
 * PNG/SVG export. Keeps the geometry of the last drawing for hit-testing.
 * Must not: copy, free or modify trace samples; include GTK; keep pixels.
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-si-format.h"

#include <errno.h>
#include <math.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>

#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#define DEFAULT_FONT "Sans 9"
#define MAX_COORD 1.0e5     /* keep far-off points inside Cairo's fixed range */

G_DEFINE_QUARK (bg-plot-error-quark, bg_plot_error)

typedef struct
{
  char         *name;
  char         *unit;
  const double *t;
  const double *y;
  size_t        n;
  guint         subplot;
  guint         color_index;   /* position among its sub-plot's traces */
  gboolean      drawn_dense;   /* last drawn as filled columns (no dashes) */
  /* Finite min/max of samples [range_i0, range_i1), kept across drawings:
   * a growing column only scans its new samples. */
  gboolean      range_valid;
  size_t        range_i0, range_i1;
  double        range_lo, range_hi;
} Trace;

typedef struct
{
  double           t;
  char            *label;
  BgPlotMarkerKind kind;
} Marker;

typedef struct
{
  char    *unit;
  guint    n_traces;
  /* Resolved by the last layout. */
  double   x, y, w, h;          /* plot area */
  double   legend_y;            /* top of the legend rows */
  guint    legend_rows;
  double   y0, y1;              /* value window */
  BgTicks  ticks;
  int      exponent;
  guint    decimals;
} Subplot;

struct _BgPlotRenderer
{
  GObject parent_instance;

  GPtrArray  *traces;          /* Trace* */
  GArray     *markers;         /* Marker */
  GPtrArray  *subplots;        /* Subplot*, one per distinct unit */
  GHashTable *value_ranges;    /* unit → double[2] fixed by the user */

  gboolean    time_fixed;
  double      t0, t1;
  char       *log_x_title;     /* non-NULL: a decade axis (traces hold log10 x) */
  char       *log_x_unit;
  double      cursor_t;

  BgPlotColor fg, bg;
  double      font_scale;
  double      line_scale;
  PangoFontDescription *font;

  /* Geometry of the last rendering. */
  gboolean    have_layout;
  double      view_t0, view_t1;
  double      area_x, area_w;
  double      strip_y;         /* marker labels' row above the first plot */
  gboolean    has_strip;
  BgTicks     time_ticks;
  int         time_exponent;
  guint       time_decimals;
};

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

static void
trace_free (gpointer data)
{
  Trace *tr = data;

  g_free (tr->name);
  g_free (tr->unit);
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
  g_free (sp);
}

static void
bg_plot_renderer_finalize (GObject *object)
{
  BgPlotRenderer *self = BG_PLOT_RENDERER (object);

  g_free (self->log_x_title);
  g_free (self->log_x_unit);
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
  self->traces = g_ptr_array_new_with_free_func (trace_free);
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
          if (g_strcmp0 (cand->unit, tr->unit) == 0)
            {
              sp = cand;
              break;
            }
        }
      if (sp == NULL)
        {
          sp = g_new0 (Subplot, 1);
          sp->unit = g_strdup (tr->unit);
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
      g_ptr_array_add (self->subplots, sp);
    }
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

  tr = g_new0 (Trace, 1);
  tr->name = g_strdup (name);
  tr->unit = g_strdup (unit != NULL ? unit : "");
  tr->t = t;
  tr->y = y;
  tr->n = n;
  g_ptr_array_add (self->traces, tr);
  rebuild_subplots (self);
  return self->traces->len - 1;
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
  if (t != tr->t || y != tr->y || n < tr->n)
    tr->range_valid = FALSE;
  tr->t = t;
  tr->y = y;
  tr->n = n;
}

void
bg_plot_renderer_clear_traces (BgPlotRenderer *self)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  g_ptr_array_set_size (self->traces, 0);
  rebuild_subplots (self);
}

guint
bg_plot_renderer_get_n_traces (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  return self->traces->len;
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
      g_hash_table_replace (self->value_ranges, g_strdup (sp->unit), range);
    }
  else
    g_hash_table_remove (self->value_ranges, sp->unit);
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

/* ---- sample search ------------------------------------------------------ */

/* First index whose time is >= @t (or > @t when @strict); @n when none. */
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
      size_t j;
      double v = NAN;

      if (tr->n > 0 && isfinite (t))
        {
          j = search_time (tr->t, tr->n, t, TRUE);
          if (j == tr->n)
            {
              if (t == tr->t[tr->n - 1])
                v = tr->y[tr->n - 1];
            }
          else if (j > 0)
            {
              double ta = tr->t[j - 1], tb = tr->t[j];
              double f = (t - ta) / (tb - ta);
              v = tr->y[j - 1] + f * (tr->y[j] - tr->y[j - 1]);
            }
        }
      values[i] = v;
    }
  return self->traces->len;
}

/* ---- view resolution ---------------------------------------------------- */

static void
resolve_time_window (BgPlotRenderer *self,
                     double         *t0,
                     double         *t1)
{
  double lo = INFINITY, hi = -INFINITY;
  guint i;

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
      while (a < b && !isfinite (tr->t[a]))
        a++;
      while (b > a && !isfinite (tr->t[b - 1]))
        b--;
      if (a < b)
        {
          lo = MIN (lo, tr->t[a]);
          hi = MAX (hi, tr->t[b - 1]);
        }
    }

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
  double z = 0.0;          /* v − v is 0 for finite v, NaN otherwise */
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

/* Min and max of the finite values of @tr with time in [t0, t1]. The
 * result is remembered: drawing again, or after samples were appended to
 * the same columns, scans nothing or only the new samples. */
static gboolean
trace_value_range (Trace  *tr,
                   double  t0,
                   double  t1,
                   double *lo,
                   double *hi)
{
  size_t i0 = search_time (tr->t, tr->n, t0, FALSE);
  size_t i1 = search_time (tr->t, tr->n, t1, TRUE);
  double a = INFINITY, b = -INFINITY;

  if (tr->range_valid && tr->range_i0 == i0 && tr->range_i1 <= i1)
    {
      a = tr->range_lo;
      b = tr->range_hi;
      scan_values (tr->y, tr->range_i1, i1, &a, &b);
    }
  else
    scan_values (tr->y, i0, i1, &a, &b);

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
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  const double *fixed = g_hash_table_lookup (self->value_ranges, sp->unit);
  double lo = INFINITY, hi = -INFINITY;
  guint i;

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

      if (tr->subplot == index && trace_value_range (tr, t0, t1, &a, &b))
        {
          lo = MIN (lo, a);
          hi = MAX (hi, b);
        }
    }
  if (!isfinite (lo))
    {
      lo = 0.0;
      hi = 1.0;
    }
  fit_value_window (lo, hi, max_intervals, &sp->y0, &sp->y1);
}

/* ---- text --------------------------------------------------------------- */

typedef struct
{
  cairo_t     *cr;
  PangoLayout *layout;
  double       line_h;     /* height of one line of text */
  double       pad;        /* outer margin */
  double       gap;        /* between a label and what it labels */
  double       tick_len;
  double       lw;         /* base line width */
} Ctx;

static void
text_size (Ctx        *c,
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
static void
draw_text (Ctx        *c,
           const char *text,
           double      x,
           double      y,
           double      ax,
           double      ay)
{
  double w, h;

  text_size (c, text, &w, &h);
  cairo_move_to (c->cr, round (x - ax * w), round (y - ay * h));
  pango_cairo_show_layout (c->cr, c->layout);
}

static void
set_source (cairo_t           *cr,
            const BgPlotColor *color,
            double             alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue,
                         color->alpha * alpha);
}

/* Snaps a coordinate to the middle of a device pixel, for crisp 1-px rules. */
static double
snap (cairo_t  *cr,
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

static const char *
quantity_for_unit (const char *unit)
{
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
  guint i;

  for (i = 0; i < G_N_ELEMENTS (table); i++)
    if (g_strcmp0 (unit, table[i].unit) == 0)
      return _(table[i].name);
  return NULL;
}

/* "Pressure [MPa]"; the trace's name when the unit names no quantity and the
 * sub-plot has one trace; "Value [unit]" otherwise. */
static char *
value_axis_title (BgPlotRenderer *self,
                  guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  g_autofree char *unit = bg_si_axis_unit (sp->exponent, sp->unit);
  const char *what = quantity_for_unit (sp->unit);
  guint i;

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

/* Rows the legend of @index needs within @width. */
static guint
legend_rows (BgPlotRenderer *self,
             Ctx            *c,
             guint           index,
             double          width)
{
  double x = 0.0, sample_w = 1.6 * c->line_h, sep = 1.2 * c->line_h;
  guint rows = 0, i;

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      double w, entry;

      if (tr->subplot != index)
        continue;
      text_size (c, tr->name, &w, NULL);
      entry = sample_w + 0.4 * c->line_h + w;
      if (rows == 0 || (x > 0.0 && x + entry > width))
        {
          rows++;
          x = 0.0;
        }
      x += entry + sep;
    }
  return rows;
}

static void
compute_value_ticks (BgPlotRenderer *self,
                     Ctx            *c,
                     guint           index,
                     double          t0,
                     double          t1)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  /* Tick labels two lines apart, or one and a quarter in a short stacked
   * sub-plot so that it still shows a few values. */
  double spacing = (sp->h < 8.0 * c->line_h ? 1.25 : 2.0) * c->line_h;
  guint max_iv = (guint) MAX (2.0, floor (sp->h / spacing));

  resolve_value_window (self, index, t0, t1, max_iv);
  if (!bg_si_nice_ticks (sp->y0, sp->y1, MAX (2, max_iv), &sp->ticks))
    sp->ticks.count = 0;
  sp->exponent = bg_si_exponent_for (MAX (fabs (sp->y0), fabs (sp->y1)));
  if (sp->ticks.count > 1)
    {
      double last = bg_si_tick_value (&sp->ticks, sp->ticks.count - 1);
      double first = bg_si_tick_value (&sp->ticks, 0);
      sp->exponent = bg_si_exponent_for (MAX (fabs (first), fabs (last)));
    }
  sp->decimals = bg_si_decimals_for_step (sp->ticks.step, sp->exponent);
}

static double
widest_value_label (Ctx     *c,
                    Subplot *sp)
{
  double widest = 0.0;
  guint i;

  for (i = 0; i < sp->ticks.count; i++)
    {
      g_autofree char *s = bg_si_format_tick (bg_si_tick_value (&sp->ticks, i),
                                              sp->exponent, sp->decimals,
                                              sp->unit);
      double w;
      text_size (c, s, &w, NULL);
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
  guint n = self->subplots->len, i;
  double right = 2.0 * c->line_h;
  double plot_w;
  double bottom = c->tick_len + c->gap + c->line_h + c->gap + c->line_h + c->pad;
  double between = c->line_h;
  double legend_total = 0.0, avail, y, need = 0.0;
  double strip = self->has_strip ? c->line_h + c->gap : 0.0;

  /* Plot areas on whole units: pixel columns and crisp frames. */
  left = round (left);
  plot_w = MAX (1.0, floor (width - left - right));

  for (i = 0; i < n; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);
      sp->legend_rows = legend_rows (self, c, i, plot_w);
      legend_total += sp->legend_rows * c->line_h +
                      (sp->legend_rows > 0 ? c->gap : 0.0);
    }

  avail = height - c->pad - bottom - legend_total - strip - (n - 1) * between;
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
      sp->h = MAX (1.0, floor (avail / n));
      y += sp->h + between;

      compute_value_ticks (self, c, i, t0, t1);
      need = MAX (need, widest_value_label (c, sp));
    }

  /* Never let labels squeeze the plot below three fifths of the width. */
  need = MIN (need, 0.4 * width);
  return c->pad + c->line_h + c->gap + need + c->gap + c->tick_len;
}

/* A decade axis: whole decades when the window spans more than one and a
 * half, else 1-2-5 steps of the logarithm (labels show the quantity). */
static void
compute_log_ticks (BgPlotRenderer *self,
                   Ctx            *c)
{
  double span = self->view_t1 - self->view_t0;
  guint max = (guint) MAX (1.0, floor (self->area_w / (4.0 * c->line_h)));
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
  guint guard;

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
      double widest = 0.0;
      int e;
      guint dec, i;

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
          double w;
          text_size (c, s, &w, NULL);
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

static void
layout (BgPlotRenderer *self,
        Ctx            *c,
        double          width,
        double          height)
{
  double left, need;
  Subplot *first;
  guint i;

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
  self->area_x = first->x;
  self->area_w = first->w;
  compute_time_ticks (self, c);
  self->have_layout = TRUE;
}

/* ---- coordinate maps ---------------------------------------------------- */

static double
t_to_x (BgPlotRenderer *self,
        double          t)
{
  return self->area_x +
         (t - self->view_t0) / (self->view_t1 - self->view_t0) * self->area_w;
}

static double
v_to_y (const Subplot *sp,
        double         v)
{
  double y = sp->y + sp->h - (v - sp->y0) / (sp->y1 - sp->y0) * sp->h;
  return CLAMP (y, -MAX_COORD, MAX_COORD);
}

/* ---- drawing: frames, grid, ticks --------------------------------------- */

static void
draw_grid (BgPlotRenderer *self,
           Ctx            *c,
           Subplot        *sp)
{
  cairo_t *cr = c->cr;
  guint i;

  cairo_set_line_width (cr, c->lw);
  set_source (cr, &self->fg, 0.10);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double y = snap (cr, v_to_y (sp, bg_si_tick_value (&sp->ticks, i)), FALSE);
      cairo_move_to (cr, sp->x, y);
      cairo_line_to (cr, sp->x + sp->w, y);
    }
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double x = snap (cr, t_to_x (self, bg_si_tick_value (&self->time_ticks, i)),
                       TRUE);
      cairo_move_to (cr, x, sp->y);
      cairo_line_to (cr, x, sp->y + sp->h);
    }
  cairo_stroke (cr);

  /* A decade axis: fainter lines at 2 … 9 of each decade. */
  if (self->log_x_title != NULL && self->time_ticks.count > 0 && self->time_ticks.step >= 1.0)
    {
      set_source (cr, &self->fg, 0.05);
      for (double k = floor (self->view_t0); k < self->view_t1; k += 1.0)
        for (int m = 2; m <= 9; m++)
          {
            double t = k + log10 ((double) m), x;
            if (t <= self->view_t0 || t >= self->view_t1)
              continue;
            x = snap (cr, t_to_x (self, t), TRUE);
            cairo_move_to (cr, x, sp->y);
            cairo_line_to (cr, x, sp->y + sp->h);
          }
      cairo_stroke (cr);
    }
}

static void
draw_frame (BgPlotRenderer *self,
            Ctx            *c,
            Subplot        *sp,
            gboolean        with_time_labels)
{
  cairo_t *cr = c->cr;
  double x0 = snap (cr, sp->x, TRUE), x1 = snap (cr, sp->x + sp->w, TRUE);
  double y0 = snap (cr, sp->y, FALSE), y1 = snap (cr, sp->y + sp->h, FALSE);
  guint i;

  cairo_set_line_width (cr, c->lw);
  set_source (cr, &self->fg, 0.45);
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double y = snap (cr, v_to_y (sp, bg_si_tick_value (&sp->ticks, i)), FALSE);
      cairo_move_to (cr, x0 - c->tick_len, y);
      cairo_line_to (cr, x0, y);
    }
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double x = snap (cr, t_to_x (self, bg_si_tick_value (&self->time_ticks, i)),
                       TRUE);
      cairo_move_to (cr, x, y1);
      cairo_line_to (cr, x, y1 + (with_time_labels ? c->tick_len : 0.0));
    }
  cairo_stroke (cr);

  set_source (cr, &self->fg, 0.85);
  for (i = 0; i < sp->ticks.count; i++)
    {
      double v = bg_si_tick_value (&sp->ticks, i);
      g_autofree char *s = bg_si_format_tick (v, sp->exponent, sp->decimals,
                                              sp->unit);
      draw_text (c, s, x0 - c->tick_len - c->gap, v_to_y (sp, v), 1.0, 0.5);
    }
  if (!with_time_labels)
    return;
  for (i = 0; i < self->time_ticks.count; i++)
    {
      double t = bg_si_tick_value (&self->time_ticks, i);
      g_autofree char *s = format_x_tick (self, t);
      draw_text (c, s, t_to_x (self, t), y1 + c->tick_len + c->gap, 0.5, 0.0);
    }
}

static void
draw_titles (BgPlotRenderer *self,
             Ctx            *c)
{
  cairo_t *cr = c->cr;
  Subplot *last = g_ptr_array_index (self->subplots, self->subplots->len - 1);
  g_autofree char *tunit = bg_si_axis_unit (self->time_exponent, "s");
  g_autofree char *ttitle = self->log_x_title != NULL
                            ? g_strdup_printf ("%s [%s]", self->log_x_title, self->log_x_unit)
                            : g_strdup_printf ("%s [%s]", _("Time"), tunit);
  double ty = last->y + last->h + c->tick_len + c->gap + c->line_h + c->gap;
  guint i;

  set_source (cr, &self->fg, 0.85);
  draw_text (c, ttitle, self->area_x + self->area_w / 2.0, ty, 0.5, 0.0);

  /* Value titles run upwards along the left edge, centred on their plot,
   * shortened with an ellipsis when the plot is too low for them. */
  for (i = 0; i < self->subplots->len; i++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, i);
      g_autofree char *title = value_axis_title (self, i);
      double w, h;

      /* Too long for the plot's height: the unit matters most. */
      text_size (c, title, &w, &h);
      if (w > sp->h && strchr (title, '[') != NULL)
        {
          char *shorter = g_strdup (strchr (title, '['));
          g_free (title);
          title = shorter;
        }
      pango_layout_set_width (c->layout, (int) (sp->h * PANGO_SCALE));
      pango_layout_set_ellipsize (c->layout, PANGO_ELLIPSIZE_END);
      text_size (c, title, &w, &h);
      cairo_save (cr);
      cairo_translate (cr, c->pad, round (sp->y + sp->h / 2.0 + w / 2.0));
      cairo_rotate (cr, -G_PI / 2.0);
      cairo_move_to (cr, 0.0, 0.0);
      pango_cairo_update_layout (cr, c->layout);
      pango_cairo_show_layout (cr, c->layout);
      cairo_restore (cr);
      pango_cairo_update_layout (cr, c->layout);
      pango_layout_set_width (c->layout, -1);
      pango_layout_set_ellipsize (c->layout, PANGO_ELLIPSIZE_NONE);
    }
}

/* Line style by position in the sub-plot: solid, dashed, dotted,
 * dash-dotted, so traces differ by shape as well as colour and a trace
 * lying exactly on another still shows through its gaps. */
static void
set_trace_dash (cairo_t *cr,
                guint    color_index,
                double   lw)
{
  double dash[4];
  int n = 0;

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

static void
draw_legend (BgPlotRenderer *self,
             Ctx            *c,
             guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  cairo_t *cr = c->cr;
  double sample_w = 1.6 * c->line_h, sep = 1.2 * c->line_h;
  double x = 0.0, y = sp->legend_y;
  gboolean first = TRUE;
  guint i;

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      BgPlotColor color;
      double w, entry;

      if (tr->subplot != index)
        continue;
      text_size (c, tr->name, &w, NULL);
      entry = sample_w + 0.4 * c->line_h + w;
      if (!first && x > 0.0 && x + entry > sp->w)
        {
          x = 0.0;
          y += c->line_h;
        }
      first = FALSE;

      bg_plot_renderer_get_trace_color (self, i, &color);
      set_source (cr, &color, 1.0);
      cairo_save (cr);
      cairo_set_line_width (cr, 2.0 * c->lw);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      set_trace_dash (cr, tr->drawn_dense ? 0 : tr->color_index, 2.0 * c->lw);
      cairo_move_to (cr, sp->x + x + c->lw, y + c->line_h / 2.0);
      cairo_line_to (cr, sp->x + x + sample_w - c->lw, y + c->line_h / 2.0);
      cairo_stroke (cr);
      cairo_restore (cr);

      set_source (cr, &self->fg, 0.9);
      draw_text (c, tr->name, sp->x + x + sample_w + 0.4 * c->line_h, y, 0.0, 0.0);
      x += entry + sep;
    }
}

/* ---- drawing: traces ---------------------------------------------------- */

/* What one pixel column holds of a trace (values in data space). */
typedef struct
{
  size_t count;              /* finite samples in the column */
  gboolean gap_before;       /* a NaN/Inf separates it from the previous one */
  double x_first;            /* exact x of the first sample (for count 1) */
  double first, vmin, vmax, last;
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

/* Fills @col from samples [a, b) that contain a non-finite value. */
static void
scan_column_slow (const double *y,
                  size_t        a,
                  size_t        b,
                  Column       *col,
                  gboolean     *pending_gap)
{
  size_t j;

  col->count = 0;
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
        col->gap_before = TRUE;   /* a gap inside: break before the column */
      *pending_gap = FALSE;
      col->vmin = MIN (col->vmin, v);
      col->vmax = MAX (col->vmax, v);
      col->last = v;
      col->count++;
    }
}

/* Min/max decimation: one Column per device-pixel column of the window
 * [t0, t1], from the samples [i0, i1) that lie in it. The column of each
 * sample is found by binary search on the column boundaries, so the inner
 * loop is a plain min/max over a contiguous run. */
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
  size_t a = i0;
  int c;

  for (c = 0; c < ncols; c++)
    {
      Column *col = &cols[c];
      size_t b;
      double mn, mx;
      gboolean bad = FALSE;

      b = c == ncols - 1 ? i1
                         : search_time_from (tr->t, a, i1,
                                             t0 + (t1 - t0) * (c + 1) / ncols);
      col->count = 0;
      col->gap_before = FALSE;
      if (b == a)
        continue;

      bad = !minmax (tr->y, a, b, &mn, &mx);

      col->x_first = x0 + (tr->t[a] - t0) * x_per_t;
      if (G_UNLIKELY (bad))
        scan_column_slow (tr->y, a, b, col, &pending_gap);
      else
        {
          col->count = b - a;
          col->gap_before = pending_gap;
          pending_gap = FALSE;
          col->first = tr->y[a];
          col->last = tr->y[b - 1];
          col->vmin = mn;
          col->vmax = mx;
        }
      a = b;
    }
}

static double
lerp_at (const Trace *tr,
         size_t       j,
         double       t)
{
  double ta = tr->t[j - 1], tb = tr->t[j];
  double f = tb > ta ? (t - ta) / (tb - ta) : 1.0;

  return tr->y[j - 1] + f * (tr->y[j] - tr->y[j - 1]);
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
  int c;

  if (isfinite (entry))
    {
      cairo_move_to (cr, sp->x, v_to_y (sp, entry));
      pen = TRUE;
    }
  for (c = 0; c < ncols; c++)
    {
      const Column *col = &cols[c];
      double xc = sp->x + (c + 0.5) * col_w;

      if (col->count == 0)
        continue;
      if (col->gap_before)
        pen = FALSE;
      if (col->count == 1)
        {
          double y = v_to_y (sp, col->first);
          if (pen)
            cairo_line_to (cr, col->x_first, y);
          else
            cairo_move_to (cr, col->x_first, y);
        }
      else
        {
          double y = v_to_y (sp, col->first);
          if (pen)
            cairo_line_to (cr, xc, y);
          else
            cairo_move_to (cr, xc, y);
          cairo_line_to (cr, xc, v_to_y (sp, col->vmin));
          cairo_line_to (cr, xc, v_to_y (sp, col->vmax));
          cairo_line_to (cr, xc, v_to_y (sp, col->last));
        }
      pen = TRUE;
    }
  if (pen && isfinite (exit_v))
    cairo_line_to (cr, sp->x + sp->w, v_to_y (sp, exit_v));
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
  int c;

  for (c = 0; c < ncols; c++)
    {
      const Column *col = &cols[c];
      double lo = col->vmin, hi = col->vmax, top, bot;

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
      top = v_to_y (sp, hi) - hw;
      bot = v_to_y (sp, lo) + hw;
      cairo_rectangle (cr, sp->x + (c + 0.5) * col_w - hx, top, 2.0 * hx, bot - top);
      prev = col->last;
    }
  cairo_fill (cr);
}

static void
draw_trace (BgPlotRenderer *self,
            Ctx            *c,
            Trace          *tr,
            const Subplot  *sp)
{
  cairo_t *cr = c->cr;
  double t0 = self->view_t0, t1 = self->view_t1;
  double dev_w = sp->w, dev_h = 0.0, col_w, entry = NAN, exit_v = NAN;
  g_autofree Column *cols = NULL;
  size_t i0, i1;
  int ncols;

  tr->drawn_dense = FALSE;
  if (tr->n == 0)
    return;

  i0 = search_time (tr->t, tr->n, t0, FALSE);
  i1 = search_time (tr->t, tr->n, t1, TRUE);

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
          set_trace_dash (cr, tr->color_index, cairo_get_line_width (cr));
          cairo_move_to (cr, sp->x, v_to_y (sp, entry));
          cairo_line_to (cr, sp->x + sp->w, v_to_y (sp, exit_v));
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

  tr->drawn_dense = i1 - i0 >= 2 * (size_t) ncols;
  if (tr->drawn_dense)
    fill_columns (cr, sp, cols, ncols, col_w, cairo_get_line_width (cr),
                  entry, exit_v);
  else
    {
      set_trace_dash (cr, tr->color_index, cairo_get_line_width (cr));
      stroke_columns (cr, sp, cols, ncols, col_w, entry, exit_v);
      cairo_set_dash (cr, NULL, 0, 0.0);
    }
}

static void
draw_traces (BgPlotRenderer *self,
             Ctx            *c,
             guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  cairo_t *cr = c->cr;
  double lw = 1.5 * c->lw;
  guint i;

  cairo_save (cr);
  /* A line on the frame stays whole: clip half a line width outside. */
  cairo_rectangle (cr, sp->x, sp->y - lw, sp->w, sp->h + 2.0 * lw);
  cairo_clip (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  for (i = 0; i < self->traces->len; i++)
    {
      Trace *tr = g_ptr_array_index (self->traces, i);
      BgPlotColor color;

      if (tr->subplot != index)
        continue;
      bg_plot_renderer_get_trace_color (self, i, &color);
      set_source (cr, &color, 1.0);
      draw_trace (self, c, tr, sp);
    }
  cairo_restore (cr);
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
      set_source (cr, &self->fg, 0.55);
    }
  else
    {
      cairo_set_line_width (cr, 2.0 * c->lw);
      set_source (cr, &self->fg, 0.8);
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
      x = snap (cr, t_to_x (self, m->t), TRUE);

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
 * their line (left of it near the right edge); a label that would overlap
 * the previous one is left out rather than drawn over it. */
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
      x = snap (cr, t_to_x (self, m->t), TRUE);
      text_size (c, m->label, &w, NULL);
      tx = x + 0.3 * c->line_h;
      if (tx + w > width - c->pad)
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

      set_source (cr, &self->fg, m->kind == BG_PLOT_MARKER_EVENT ? 0.95 : 0.75);
      draw_text (c, m->label, tx, self->strip_y, 0.0, 0.0);
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

  x = snap (cr, t_to_x (self, self->cursor_t), TRUE);
  cairo_set_line_width (cr, c->lw);
  set_source (cr, &self->fg, 0.7);
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
      y = v_to_y (sp, values[i]);
      if (y < sp->y || y > sp->y + sp->h)
        continue;
      bg_plot_renderer_get_trace_color (self, i, &color);
      cairo_arc (cr, x, y, 3.5 * c->lw, 0.0, 2.0 * G_PI);
      set_source (cr, &self->bg, 1.0);
      cairo_fill_preserve (cr);
      set_source (cr, &color, 1.0);
      cairo_stroke (cr);
    }
}

/* ---- render ------------------------------------------------------------- */

void
bg_plot_renderer_render (BgPlotRenderer *self,
                         cairo_t        *cr,
                         double          width,
                         double          height)
{
  PangoFontDescription *font;
  Ctx c;
  int ph;
  guint i;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (cr != NULL);

  if (!(width > 0.0) || !(height > 0.0))
    return;

  cairo_save (cr);

  font = pango_font_description_copy (self->font);
  if (pango_font_description_get_size (font) <= 0)
    pango_font_description_set_size (font, 9 * PANGO_SCALE);
  if (pango_font_description_get_size_is_absolute (font))
    pango_font_description_set_absolute_size (font,
        pango_font_description_get_size (font) * self->font_scale);
  else
    pango_font_description_set_size (font,
        (int) (pango_font_description_get_size (font) * self->font_scale));

  c.cr = cr;
  c.layout = pango_cairo_create_layout (cr);
  pango_layout_set_font_description (c.layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (c.layout, "0123456789", -1);
  pango_layout_get_pixel_size (c.layout, NULL, &ph);
  c.line_h = ph;
  c.pad = round (0.75 * c.line_h);
  c.gap = round (0.35 * c.line_h);
  c.tick_len = round (0.35 * c.line_h);
  c.lw = self->line_scale;

  set_source (cr, &self->bg, 1.0);
  cairo_rectangle (cr, 0.0, 0.0, width, height);
  cairo_fill (cr);

  layout (self, &c, width, height);

  for (i = 0; i < self->subplots->len; i++)
    draw_grid (self, &c, g_ptr_array_index (self->subplots, i));
  draw_marker_lines (self, &c);
  for (i = 0; i < self->subplots->len; i++)
    draw_traces (self, &c, i);
  for (i = 0; i < self->subplots->len; i++)
    {
      draw_frame (self, &c, g_ptr_array_index (self->subplots, i),
                  i + 1 == self->subplots->len);
      draw_legend (self, &c, i);
    }
  draw_titles (self, &c);
  draw_marker_labels (self, &c, width);
  draw_cursor (self, &c);

  if (self->traces->len == 0)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, 0);
      set_source (cr, &self->fg, 0.55);
      draw_text (&c, _("No variables to plot"), sp->x + sp->w / 2.0,
                 sp->y + sp->h / 2.0, 0.5, 0.5);
    }

  g_object_unref (c.layout);
  cairo_restore (cr);
}

/* ---- export ------------------------------------------------------------- */

typedef struct
{
  FILE *file;
  int   saved_errno;
} Sink;

static cairo_status_t
sink_write_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Sink *sink = closure;

  if (fwrite (data, 1, length, sink->file) != length)
    {
      sink->saved_errno = errno;
      return CAIRO_STATUS_WRITE_ERROR;
    }
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_size (int      width,
            int      height,
            double   scale,
            GError **error)
{
  if (width > 0 && height > 0 && scale > 0.0 && isfinite (scale) &&
      width * scale <= 32767.0 && height * scale <= 32767.0)
    return TRUE;

  g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE,
               _("Plot size %d × %d at scale %g is not usable: width and "
                 "height must be positive and at most 32767 pixels"),
               width, height, scale);
  return FALSE;
}

static gboolean
open_sink (Sink        *sink,
           const char  *path,
           GError     **error)
{
  sink->saved_errno = 0;
  sink->file = g_fopen (path, "wb");
  if (sink->file != NULL)
    return TRUE;

  {
    int saved = errno;
    g_autofree char *display = g_filename_display_name (path);
    g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE,
                 _("Could not write the plot to “%s”: %s"),
                 display, g_strerror (saved));
  }
  return FALSE;
}

static gboolean
close_sink (Sink            *sink,
            const char      *path,
            cairo_status_t   status,
            GError         **error)
{
  g_autofree char *display = g_filename_display_name (path);

  if (fclose (sink->file) != 0 && sink->saved_errno == 0)
    sink->saved_errno = errno;

  if (status == CAIRO_STATUS_SUCCESS && sink->saved_errno == 0)
    return TRUE;

  g_set_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE,
               _("Could not write the plot to “%s”: %s"), display,
               sink->saved_errno != 0 ? g_strerror (sink->saved_errno)
                                      : cairo_status_to_string (status));

  /* No half-written image left behind (but never remove a device). */
  {
    GStatBuf st;
    if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
      g_unlink (path);
  }
  return FALSE;
}

gboolean
bg_plot_renderer_write_png (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  Sink sink;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_size (width, height, scale, error))
    return FALSE;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (int) ceil (width * scale),
                                        (int) ceil (height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  bg_plot_renderer_render (self, cr, width, height);
  cairo_destroy (cr);

  if (!open_sink (&sink, path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  status = cairo_surface_write_to_png_stream (surface, sink_write_cb, &sink);
  cairo_surface_destroy (surface);
  return close_sink (&sink, path, status, error);
}

gboolean
bg_plot_renderer_write_svg (BgPlotRenderer *self,
                            const char     *path,
                            int             width,
                            int             height,
                            double          scale,
                            GError        **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  Sink sink;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_size (width, height, scale, error))
    return FALSE;
  if (!open_sink (&sink, path, error))
    return FALSE;

  surface = cairo_svg_surface_create_for_stream (sink_write_cb, &sink,
                                                 width * scale, height * scale);
  cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  bg_plot_renderer_render (self, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return close_sink (&sink, path, status, error);
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
  return t_to_x (self, t);
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
  return sp != NULL ? v_to_y (sp, value) : NAN;
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
