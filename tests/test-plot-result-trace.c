/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-result-trace.c — a plot trace read in place from a BgResult.
 *
 * Owns: tests that a result trace (bg_plot_renderer_add_result_trace), whose
 * samples lie in the result's chunks, draws exactly what a trace of the
 * same samples in one contiguous array draws: the same pixels (dense and
 * sparse drawing, a gap and repeated times across chunk boundaries, a
 * zoomed window starting inside one chunk and ending in another, the
 * cursor), the same values at a time, and the same after the result grew.
 * Renders to image surfaces only; must not need GTK or a display.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>

#include "bg-plot-renderer.h"
#include "bg-result.h"

/* Well past several chunks (they grow from 32 rows to BG_RESULT_CHUNK_ROWS):
 * rows 0..31, 32..95, …, 2016..4063, 4064..8159, 8160..12255, … */
#define N_ROWS 12000
#define N_GROWN 5000
#define DT 1.0e-3

typedef struct
{
  double   *t;
  double   *a;   /* stored, with a NaN gap and a spike across chunk edges */
  double   *b;   /* stored, smooth */
  BgResult *result;
} Data;

static double
time_of (guint row)
{
  /* Two rows at one time (as at an event) on the edge of a chunk. */
  return (row <= 2016 ? row : row - 1) * DT;
}

static void
data_init (Data *d)
{
  static const char *const names[] = { "t", "R.e", "C.e" };
  static const char *const units[] = { "s", "V", "V" };

  d->t = g_new (double, N_ROWS);
  d->a = g_new (double, N_ROWS);
  d->b = g_new (double, N_ROWS);
  d->result = bg_result_new (3, names, units, NULL);
  for (guint r = 0; r < N_ROWS; r++)
    {
      d->t[r] = time_of (r);
      d->a[r] = sin (40.0 * d->t[r]) + 0.1 * sin (900.0 * d->t[r]);
      d->b[r] = 0.5 * cos (3.0 * d->t[r]);
      if (r >= 4060 && r < 4070)
        d->a[r] = NAN;          /* a gap across the edge at 4064 */
      if (r == 8160)
        d->a[r] = 4.0;          /* a spike on the first row of a chunk */
      if (r == 992)
        d->b[r] = INFINITY;
    }
}

/* Appends rows [from, to) to the result. */
static void
data_fill (Data *d, guint from, guint to)
{
  for (guint r = from; r < to; r++)
    {
      double row[3] = { d->t[r], d->a[r], d->b[r] };
      bg_result_append_row (d->result, row);
    }
}

static void
data_clear (Data *d)
{
  g_free (d->t);
  g_free (d->a);
  g_free (d->b);
  bg_result_unref (d->result);
}

static cairo_surface_t *
render (BgPlotRenderer *plot, int width, int height)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (s);

  bg_plot_renderer_render (plot, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* Renders both plots and checks every pixel is the same. */
static void
assert_same_pixels (BgPlotRenderer *flat, BgPlotRenderer *chunked, int width, int height)
{
  cairo_surface_t *a = render (flat, width, height);
  cairo_surface_t *b = render (chunked, width, height);
  int stride = cairo_image_surface_get_stride (a);
  const unsigned char *pa = cairo_image_surface_get_data (a);
  const unsigned char *pb = cairo_image_surface_get_data (b);
  guint differing = 0;

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  for (int y = 0; y < height; y++)
    if (memcmp (pa + (gsize) y * stride, pb + (gsize) y * stride, (gsize) width * 4) != 0)
      differing++;
  g_assert_cmpuint (differing, ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

/* A trace across many chunks draws pixel for pixel what the same samples
 * in one array draw, in every view. */
static void
test_same_pixels (void)
{
  g_autoptr (BgPlotRenderer) flat = bg_plot_renderer_new ();
  g_autoptr (BgPlotRenderer) chunked = bg_plot_renderer_new ();
  double windows[][2] = {
    { 2.00, 2.03 },   /* sparse, around repeated times at a chunk edge */
    { 3.9, 4.2 },     /* a gap across a chunk edge */
    { 8.0, 8.4 },     /* a spike at a chunk's first row */
    { 0.0, 12.0 },    /* past the last sample */
    { 0.990, 0.994 }, /* between two samples, one of them Inf */
  };
  Data d;

  data_init (&d);
  data_fill (&d, 0, N_ROWS);

  bg_plot_renderer_add_trace (flat, "R.e", "V", d.t, d.a, N_ROWS);
  bg_plot_renderer_add_trace (flat, "C.e", "V", d.t, d.b, N_ROWS);
  g_assert_cmpuint (bg_plot_renderer_add_result_trace (chunked, NULL, NULL, d.result, 1), ==, 0);
  g_assert_cmpuint (bg_plot_renderer_add_result_trace (chunked, NULL, NULL, d.result, 2), ==, 1);
  g_assert_cmpuint (bg_plot_renderer_get_n_subplots (chunked), ==, 1);

  /* Auto-fit: dense (many rows per pixel column) and sparse (wide). */
  assert_same_pixels (flat, chunked, 600, 400);
  assert_same_pixels (flat, chunked, 4000, 300);

  for (guint i = 0; i < G_N_ELEMENTS (windows); i++)
    {
      bg_plot_renderer_set_time_range (flat, windows[i][0], windows[i][1]);
      bg_plot_renderer_set_time_range (chunked, windows[i][0], windows[i][1]);
      bg_plot_renderer_set_cursor (flat, (windows[i][0] + windows[i][1]) / 2);
      bg_plot_renderer_set_cursor (chunked, (windows[i][0] + windows[i][1]) / 2);
      assert_same_pixels (flat, chunked, 800, 500);
    }

  data_clear (&d);
}

/* The cursor read-out finds the same samples, on chunk edges too. */
static void
test_same_values (void)
{
  g_autoptr (BgPlotRenderer) flat = bg_plot_renderer_new ();
  g_autoptr (BgPlotRenderer) chunked = bg_plot_renderer_new ();
  double times[] = { 0.0, 0.0315, 0.032, 2.015, 2.0155, 4.063, 4.0635, 8.1585,
                     8.159, time_of (N_ROWS - 1), time_of (N_ROWS - 1) + DT, -1.0 };
  Data d;

  data_init (&d);
  data_fill (&d, 0, N_ROWS);
  bg_plot_renderer_add_trace (flat, "R.e", "V", d.t, d.a, N_ROWS);
  bg_plot_renderer_add_trace (flat, "C.e", "V", d.t, d.b, N_ROWS);
  bg_plot_renderer_add_result_trace (chunked, NULL, NULL, d.result, 1);
  bg_plot_renderer_add_result_trace (chunked, NULL, NULL, d.result, 2);

  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      double va[2], vb[2];

      g_assert_cmpuint (bg_plot_renderer_values_at (flat, times[i], va, 2), ==, 2);
      g_assert_cmpuint (bg_plot_renderer_values_at (chunked, times[i], vb, 2), ==, 2);
      for (guint k = 0; k < 2; k++)
        if (isnan (va[k]))
          g_assert_true (isnan (vb[k]));
        else
          g_assert_cmpfloat (va[k], ==, vb[k]);
    }
  data_clear (&d);
}

/* A result that grows while it is shown (a run appending rows): the trace
 * draws the rows it is told, then the new ones. */
static void
test_growth (void)
{
  g_autoptr (BgPlotRenderer) flat = bg_plot_renderer_new ();
  g_autoptr (BgPlotRenderer) chunked = bg_plot_renderer_new ();
  Data d;

  data_init (&d);
  data_fill (&d, 0, 100);
  bg_plot_renderer_add_trace (flat, "R.e", "V", d.t, d.a, 100);
  bg_plot_renderer_add_result_trace (chunked, NULL, NULL, d.result, 1);
  assert_same_pixels (flat, chunked, 600, 400);

  /* Rows arrive; the renderer is told only part of them at first. */
  data_fill (&d, 100, N_GROWN);
  bg_plot_renderer_set_trace_data (flat, 0, d.t, d.a, 3000);
  bg_plot_renderer_set_trace_rows (chunked, 0, 3000);
  assert_same_pixels (flat, chunked, 600, 400);

  /* More than the result holds: what it holds. */
  bg_plot_renderer_set_trace_data (flat, 0, d.t, d.a, N_GROWN);
  bg_plot_renderer_set_trace_rows (chunked, 0, N_ROWS);
  assert_same_pixels (flat, chunked, 600, 400);

  data_fill (&d, N_GROWN, N_ROWS);
  bg_plot_renderer_set_trace_data (flat, 0, d.t, d.a, N_ROWS);
  bg_plot_renderer_set_trace_rows (chunked, 0, N_ROWS);
  assert_same_pixels (flat, chunked, 600, 400);

  /* Fewer rows again (a view told to show less). */
  bg_plot_renderer_set_trace_data (flat, 0, d.t, d.a, 50);
  bg_plot_renderer_set_trace_rows (chunked, 0, 50);
  assert_same_pixels (flat, chunked, 600, 400);
  data_clear (&d);
}

/* A column that is not stored holds only the rows derived so far: the
 * trace draws those; the renderer keeps the result alive. */
static void
test_derived_column (void)
{
  static const char *const names[] = { "t", "x", "v" };
  static const gboolean stored[] = { TRUE, TRUE, FALSE };
  g_autoptr (BgPlotRenderer) flat = bg_plot_renderer_new ();
  g_autoptr (BgPlotRenderer) chunked = bg_plot_renderer_new ();
  BgResult *result = bg_result_new_partial (3, names, NULL, NULL, stored);
  double t[300], x[300], v[300];

  for (guint r = 0; r < 300; r++)
    {
      double row[2];

      t[r] = r * 0.01;
      x[r] = sin (t[r]);
      v[r] = cos (t[r]);
      row[0] = t[r];
      row[1] = x[r];
      bg_result_append_row (result, row);
    }
  bg_result_append_derived (result, 2, v, 200);

  bg_plot_renderer_add_trace (flat, "v", "", t, v, 200);
  bg_plot_renderer_add_result_trace (chunked, NULL, NULL, result, 2);
  bg_result_unref (result);
  bg_plot_renderer_set_time_range (flat, 0.0, 3.0);
  bg_plot_renderer_set_time_range (chunked, 0.0, 3.0);
  assert_same_pixels (flat, chunked, 600, 400);

  /* Derived further: shown once the renderer is told. */
  bg_result_append_derived (result, 2, v + 200, 100);
  bg_plot_renderer_set_trace_data (flat, 0, t, v, 300);
  bg_plot_renderer_set_trace_rows (chunked, 0, 300);
  assert_same_pixels (flat, chunked, 600, 400);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/plot/result-trace/same-pixels", test_same_pixels);
  g_test_add_func ("/ui/plot/result-trace/same-values", test_same_values);
  g_test_add_func ("/ui/plot/result-trace/growth", test_growth);
  g_test_add_func ("/ui/plot/result-trace/derived-column", test_derived_column);
  return g_test_run ();
}
