/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-canvas.c — how long one canvas frame takes for large bond graphs.
 *
 * Owns: timing the graph renderer on a 1600 × 1000 image surface (whole
 * graph fitted, and at 100 % where most of it is off screen), the canvas
 * widget's snapshot (to a render node, and to pixels through GSK) when a
 * display is available, and a hit-test as on a pointer motion, for 1 000 and
 * 5 000 elements; prints the median thread CPU time of several runs (the
 * GSK figure also includes GPU or llvmpipe work only where it runs on this
 * thread). The frame budget is
 * 16 ms at 1 000 elements. Must not: assert on timings.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <gtk/gtk.h>

#include "bg-canvas.h"
#include "bg-causality.h"
#include "bg-graph-renderer.h"

#define WIDTH  1600
#define HEIGHT 1000
#define RUNS   15

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (double *v,
        guint   n)
{
  qsort (v, n, sizeof *v, compare_doubles);
  return v[n / 2];
}

/* Thread CPU time: the figures stay meaningful on a busy machine. */
static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A chain of alternating 1- and 0-junctions, each with an R, C or I, fed by
 * one source: n_elements elements in rows of 20 junctions. */
static BgModel *
make_ladder (guint n_elements)
{
  BgModel *model = bg_model_new ();
  const char *storages[] = { "R", "C", "I" };
  g_autofree char *prev = NULL;
  guint n_units = (n_elements - 1) / 2;
  GError *error = NULL;
  BgElement *e;

  e = bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", -120, 0, &error);
  g_assert_no_error (error);
  prev = g_strdup (e->id);
  for (guint k = 0; k < n_units; k++)
    {
      double x = (k % 20) * 120.0, y = (k / 20) * 140.0;
      char jid[32], eid[32];

      g_snprintf (jid, sizeof jid, "J%u", k);
      g_snprintf (eid, sizeof eid, "E%u", k);
      bg_model_add_element (model, k % 2 ? "0" : "1", BG_DOMAIN_ELECTRICAL,
                            jid, x, y, &error);
      g_assert_no_error (error);
      bg_model_add_element (model, storages[k % 3], BG_DOMAIN_ELECTRICAL,
                            eid, x + 40, y + 60, &error);
      g_assert_no_error (error);
      bg_model_connect (model, prev, jid, NULL, &error);
      g_assert_no_error (error);
      bg_model_connect (model, jid, eid, NULL, &error);
      g_assert_no_error (error);
      g_free (prev);
      prev = g_strdup (jid);
    }
  bg_model_clear_history (model);
  return model;
}

static double
time_renderer (BgGraphRenderer *renderer,
               BgModel         *model,
               BgCausality     *causality,
               gboolean         fit)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         WIDTH, HEIGHT);
  double times[RUNS];
  BgGraphView view;

  bg_graph_view_init (&view);
  view.draw_background = TRUE;
  if (fit)
    bg_graph_renderer_fit (renderer, model, WIDTH, HEIGHT, 20, 0, &view);
  else
    view.offset_x = view.offset_y = 150;

  for (guint r = 0; r < RUNS; r++)
    {
      cairo_t *cr = cairo_create (surface);
      double t0 = now_ms ();

      bg_graph_renderer_draw (renderer, cr, model, causality, &view);
      cairo_surface_flush (surface);
      times[r] = now_ms () - t0;
      cairo_destroy (cr);
    }
  cairo_surface_destroy (surface);
  return median (times, RUNS);
}

typedef struct
{
  double node;
  double pixels;
  double hit;
} WidgetTimes;

static gboolean
widget_ready (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static WidgetTimes
time_widget (BgModel     *model,
             BgCausality *causality)
{
  WidgetTimes t = { 0, 0, 0 };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *canvas = bg_canvas_new ();
  double node_times[RUNS], pixel_times[RUNS], hit_times[RUNS];
  gint64 deadline;

  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), canvas);
  bg_canvas_set_model (BG_CANVAS (canvas), model);
  bg_canvas_set_causality (BG_CANVAS (canvas), causality);
  gtk_window_present (GTK_WINDOW (window));
  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!widget_ready (canvas) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  bg_canvas_zoom_to_fit (BG_CANVAS (canvas));

  for (guint r = 0; r < RUNS; r++)
    {
      GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (canvas));
      int w = gtk_widget_get_width (canvas), h = gtk_widget_get_height (canvas);
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      char *id;
      double t0 = now_ms (), t1, t2;

      GTK_WIDGET_GET_CLASS (canvas)->snapshot (canvas, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      t1 = now_ms ();
      texture = gsk_renderer_render_texture (renderer, node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      t2 = now_ms ();
      node_times[r] = t1 - t0;
      pixel_times[r] = t2 - t0;
      g_object_unref (texture);
      gsk_render_node_unref (node);

      t0 = now_ms ();
      id = bg_canvas_dup_id_at (BG_CANVAS (canvas), w * 0.37, h * 0.61);
      hit_times[r] = now_ms () - t0;
      g_free (id);
    }
  t.node = median (node_times, RUNS);
  t.pixels = median (pixel_times, RUNS);
  t.hit = median (hit_times, RUNS);
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return t;
}

int
main (int    argc,
      char **argv)
{
  const guint sizes[] = { 1000, 5000 };
  gboolean display;

  g_setenv ("GTK_A11Y", "none", TRUE);
  display = gtk_init_check ();

  g_print ("Canvas frame, %d × %d, thread CPU time, median of %d runs "
           "(budget 16 ms at 1 000 elements)\n",
           WIDTH, HEIGHT, RUNS);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      BgModel *model = make_ladder (sizes[i]);
      BgCausality *causality = bg_causality_analyze (model);
      BgGraphRenderer *renderer = bg_graph_renderer_new ();
      guint n = bg_model_get_elements (model)->len;
      guint nb = bg_model_get_bonds (model)->len;

      g_print ("%5u elements, %5u bonds: renderer, all in view %7.2f ms; at 100 %% %7.2f ms\n",
               n, nb, time_renderer (renderer, model, causality, TRUE),
               time_renderer (renderer, model, causality, FALSE));
      if (display)
        {
          WidgetTimes t = time_widget (model, causality);

          g_print ("%5u elements: widget snapshot %7.2f ms; to pixels (GSK) %7.2f ms; "
                   "hit-test %6.3f ms\n", n, t.node, t.pixels, t.hit);
        }
      else
        g_print ("(no display: widget snapshot not measured; run under xvfb-run)\n");

      bg_graph_renderer_free (renderer);
      bg_causality_unref (causality);
      g_object_unref (model);
    }
  return 0;
}
