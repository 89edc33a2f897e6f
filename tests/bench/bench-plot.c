/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-plot.c — how long the plot renderer takes for a million samples.
 *
 * Owns: timing bg_plot_renderer_render on a 1200 × 800 image surface for
 * 1e6 samples in one trace and in each of four traces, printing the median
 * of several runs. Must not: assert on timings (figures are for people).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cairo.h>
#include <glib.h>

#include "bg-plot-renderer.h"

#define N_SAMPLES 1000000
#define WIDTH 1200
#define HEIGHT 800

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct
{
  double wall;    /* median wall time, ms */
  double cpu;     /* median CPU time of this thread, ms: steadier on a busy machine */
} Timing;

/* Medians over @runs renderings (after one untimed warm-up). */
static Timing
time_render (BgPlotRenderer *plot,
             guint           runs)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         WIDTH, HEIGHT);
  g_autofree double *wall = g_new (double, runs);
  g_autofree double *cpu = g_new (double, runs);
  Timing timing;
  guint i;

  for (i = 0; i <= runs; i++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 start = g_get_monotonic_time ();
      double cpu_start = thread_cpu_ms ();

      bg_plot_renderer_render (plot, cr, WIDTH, HEIGHT);
      cairo_surface_flush (surface);
      if (i > 0)
        {
          wall[i - 1] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i - 1] = thread_cpu_ms () - cpu_start;
        }
      cairo_destroy (cr);
    }
  qsort (wall, runs, sizeof (double), compare_doubles);
  qsort (cpu, runs, sizeof (double), compare_doubles);
  timing.wall = wall[runs / 2];
  timing.cpu = cpu[runs / 2];
  cairo_surface_destroy (surface);
  return timing;
}

/* The first drawing of new columns scans them all for auto-fit; measured on
 * a fresh renderer once the process is warm (fonts, glyph caches). */
static Timing
time_first_render (BgPlotRenderer *plot)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  gint64 start = g_get_monotonic_time ();
  double cpu_start = thread_cpu_ms ();
  Timing timing;

  bg_plot_renderer_render (plot, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  timing.wall = (g_get_monotonic_time () - start) / 1000.0;
  timing.cpu = thread_cpu_ms () - cpu_start;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return timing;
}

static void
print_timing (const char *what,
              Timing      timing)
{
  printf ("  %-36s %8.2f ms wall  %8.2f ms cpu\n", what, timing.wall, timing.cpu);
}

/* A damped oscillation with a little deterministic noise, so every pixel
 * column holds many distinct values. */
static void
fill (double *t,
      double *y,
      guint   k)
{
  guint32 state = 12345u + k;
  size_t i;

  for (i = 0; i < N_SAMPLES; i++)
    {
      double tt = i * (1.0 / N_SAMPLES);
      state = state * 1664525u + 1013904223u;
      t[i] = tt;
      y[i] = (k + 1) * exp (-2.0 * tt) * sin (40.0 * tt + k) +
             0.02 * ((state >> 8) / 16777216.0 - 0.5);
    }
}

int
main (int   argc,
      char *argv[])
{
  const guint runs = 21;
  g_autoptr(BgPlotRenderer) plot = bg_plot_renderer_new ();
  double *t[4], *y[4];
  Timing empty, first, one, four_same, four_units;
  guint k;

  for (k = 0; k < 4; k++)
    {
      t[k] = g_new (double, N_SAMPLES);
      y[k] = g_new (double, N_SAMPLES);
      fill (t[k], y[k], k);
    }

  empty = time_render (plot, runs);

  bg_plot_renderer_add_trace (plot, "R.e", "V", t[0], y[0], N_SAMPLES);
  one = time_render (plot, runs);
  {
    g_autoptr(BgPlotRenderer) fresh = bg_plot_renderer_new ();
    bg_plot_renderer_add_trace (fresh, "R.e", "V", t[0], y[0], N_SAMPLES);
    first = time_first_render (fresh);
  }

  for (k = 1; k < 4; k++)
    bg_plot_renderer_add_trace (plot, k == 1 ? "C.e" : k == 2 ? "L.e" : "S.e",
                                "V", t[k], y[k], N_SAMPLES);
  four_same = time_render (plot, runs);

  bg_plot_renderer_clear_traces (plot);
  bg_plot_renderer_add_trace (plot, "CYL.p_A", "Pa", t[0], y[0], N_SAMPLES);
  bg_plot_renderer_add_trace (plot, "CYL.v", "m/s", t[1], y[1], N_SAMPLES);
  bg_plot_renderer_add_trace (plot, "CYL.x", "m", t[2], y[2], N_SAMPLES);
  bg_plot_renderer_add_trace (plot, "PUMP.Q", "m\xc2\xb3/s", t[3], y[3], N_SAMPLES);
  four_units = time_render (plot, runs);

  printf ("bench-plot: %u x %u image surface, median of %u runs "
          "(target < 16 ms for 1e6 samples)\n", WIDTH, HEIGHT, runs);
  print_timing ("no traces (axes, text)", empty);
  print_timing ("1 trace x 1e6", one);
  print_timing ("1 trace x 1e6, new columns", first);
  print_timing ("4 traces x 1e6, one unit", four_same);
  print_timing ("4 traces x 1e6, four units", four_units);

  for (k = 0; k < 4; k++)
    {
      g_free (t[k]);
      g_free (y[k]);
    }
  return 0;
}
