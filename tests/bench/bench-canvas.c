/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-canvas.c — how long one canvas frame takes for large bond graphs.
 *
 * Owns: timing the graph renderer on a 1600 × 1000 image surface (whole
 * graph fitted, and at 100 % where most of it is off screen), the canvas
 * widget's snapshot (to a render node, and to pixels through GSK) when a
 * display is available, and a hit-test as on a pointer motion, for 1 000 and
 * 5 000 elements; prints the median thread CPU time of several runs (the
 * GSK figure also includes GPU or llvmpipe work only where it runs on this
 * thread). The same with the power-flow view on, after a run of the
 * ladder (1 000 rows, the states stored and the rest derived, as the
 * window runs): the view's one-off set-up (deriving every bond's columns,
 * the peaks), one frame's numbers (every bond's e, f, P and every
 * element's energy and loss at an instant between rows) and the frame as
 * above, the instant moving as Play moves it. The frame budget is
 * 16 ms at 1 000 elements. Must not: assert on timings.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include <gtk/gtk.h>

#include "bg-canvas.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-graph-power.h"
#include "bg-graph-renderer.h"
#include "bg-power-flow.h"
#include "bg-simulator.h"

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
time_renderer (BgGraphRenderer    *renderer,
               BgModel            *model,
               BgCausality        *causality,
               gboolean            fit,
               const BgGraphPower *power)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         WIDTH, HEIGHT);
  double times[RUNS];
  BgGraphView view;

  bg_graph_view_init (&view);
  view.draw_background = TRUE;
  view.power = power;
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

/* One frame of the canvas: its snapshot, then to pixels through GSK. */
static void
time_frame (GtkWidget *canvas,
            double    *node_ms,
            double    *pixel_ms)
{
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (canvas));
  int w = gtk_widget_get_width (canvas), h = gtk_widget_get_height (canvas);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  GdkTexture *texture;
  double t0, t1, t2;

  t0 = now_ms ();
  GTK_WIDGET_GET_CLASS (canvas)->snapshot (canvas, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  t1 = now_ms ();
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  t2 = now_ms ();
  *node_ms = t1 - t0;
  *pixel_ms = t2 - t0;
  g_object_unref (texture);
  gsk_render_node_unref (node);
}

/* The canvas's frames, plain and (with a result) with the power-flow view
 * on, one of each in turn so that a busy machine slows both alike. */
static void
time_widget (BgModel     *model,
             BgCausality *causality,
             BgResult    *result,
             BgPlan      *plan,
             WidgetTimes *plain,
             WidgetTimes *power)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *canvas = bg_canvas_new ();
  double node_times[RUNS], pixel_times[RUNS], hit_times[RUNS];
  double pnode_times[RUNS], ppixel_times[RUNS];
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
  if (result != NULL)
    bg_canvas_set_result (BG_CANVAS (canvas), result, plan, "");

  for (guint r = 0; r < RUNS; r++)
    {
      char *id;
      double t0;

      bg_canvas_set_power_flow (BG_CANVAS (canvas), FALSE);
      time_frame (canvas, &node_times[r], &pixel_times[r]);
      t0 = now_ms ();
      id = bg_canvas_dup_id_at (BG_CANVAS (canvas), gtk_widget_get_width (canvas) * 0.37,
                                gtk_widget_get_height (canvas) * 0.61);
      hit_times[r] = now_ms () - t0;
      g_free (id);
      if (result == NULL)
        continue;
      /* a new instant each frame, between rows, as playing gives */
      bg_canvas_set_power_flow (BG_CANVAS (canvas), TRUE);
      bg_canvas_set_time (BG_CANVAS (canvas), 0.3 + 0.0137 * r);
      time_frame (canvas, &pnode_times[r], &ppixel_times[r]);
    }
  plain->node = median (node_times, RUNS);
  plain->pixels = median (pixel_times, RUNS);
  plain->hit = median (hit_times, RUNS);
  if (result != NULL)
    {
      power->node = median (pnode_times, RUNS);
      power->pixels = median (ppixel_times, RUNS);
      power->hit = plain->hit;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A run of the ladder as the window makes one: with energy accounts,
 * 1 000 rows, t and the states stored. */
static BgResult *
run_ladder (BgModel     *model,
            BgCausality *causality,
            BgPlan     **plan_out,
            double      *run_ms)
{
  BgSimSettings settings = { .t_end = 1.0, .output_step = 0.001, .rtol = 1e-6, .atol = 0 };
  GError *error = NULL;
  BgPlan *plan = bg_compiler_compile_with_energy (model, causality, &settings, &error);
  BgResult *result;
  gint64 start;

  g_assert_no_error (error);
  result = bg_simulator_new_result_for (plan, NULL, 0, TRUE);
  start = g_get_monotonic_time ();
  bg_simulator_run (plan, result, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  *run_ms = (g_get_monotonic_time () - start) / 1e3;
  *plan_out = plan;
  return result;
}

typedef struct
{
  double       setup;   /* the flow: columns derived, peaks */
  double       sample;  /* one frame's numbers */
  double      *bond_power, *fill, *loss;
  BgGraphPower graph;
} PowerTimes;

static BgPowerFlow *
time_power (BgModel    *model,
            BgResult   *result,
            BgPlan     *plan,
            PowerTimes *out)
{
  double t0 = now_ms (), times[RUNS];
  BgPowerFlow *flow = bg_power_flow_new (result, plan, model, NULL);
  guint nb = bg_power_flow_get_n_bonds (flow), ne = bg_power_flow_get_n_elements (flow);
  g_autofree BgPowerBondValues *bonds = g_new (BgPowerBondValues, nb);
  g_autofree BgPowerElementValues *elements = g_new (BgPowerElementValues, ne);

  out->setup = now_ms () - t0;
  out->bond_power = g_new (double, nb);
  out->fill = g_new (double, ne);
  out->loss = g_new (double, ne);
  for (guint r = 0; r < RUNS; r++)
    {
      t0 = now_ms ();
      bg_power_flow_bonds_at (flow, 0.3 + 0.0137 * r, bonds);
      bg_power_flow_elements_at (flow, 0.3 + 0.0137 * r, elements);
      for (guint i = 0; i < nb; i++)
        out->bond_power[i] = bonds[i].p;
      for (guint i = 0; i < ne; i++)
        {
          out->fill[i] = elements[i].fill;
          out->loss[i] = elements[i].loss;
        }
      times[r] = now_ms () - t0;
    }
  out->sample = median (times, RUNS);
  out->graph = (BgGraphPower) { out->bond_power, nb, out->fill, out->loss, ne,
                                bg_power_flow_get_peak_power (flow), 3.0 };
  return flow;
}

static void
power_times_clear (PowerTimes *p)
{
  g_free (p->bond_power);
  g_free (p->fill);
  g_free (p->loss);
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

      BgPlan *plan = NULL;
      BgResult *result;
      BgPowerFlow *flow;
      PowerTimes power;
      double run_ms;

      WidgetTimes plain = { 0, 0, 0 }, on = { 0, 0, 0 };

      g_print ("%5u elements, %5u bonds: renderer, all in view %7.2f ms; at 100 %% %7.2f ms\n",
               n, nb, time_renderer (renderer, model, causality, TRUE, NULL),
               time_renderer (renderer, model, causality, FALSE, NULL));
      result = run_ladder (model, causality, &plan, &run_ms);
      if (display)
        {
          time_widget (model, causality, result, plan, &plain, &on);
          g_print ("%5u elements: widget snapshot %7.2f ms; to pixels (GSK) %7.2f ms; "
                   "hit-test %6.3f ms\n", n, plain.node, plain.pixels, plain.hit);
        }
      else
        g_print ("(no display: widget snapshot not measured; run under xvfb-run)\n");

      /* the power-flow view */
      flow = time_power (model, result, plan, &power);
      g_print ("%5u elements, power flow (run of %zu rows in %.0f ms): set-up %7.2f ms once; "
               "one frame's numbers %6.3f ms\n", n, (size_t) bg_result_get_n_rows (result),
               run_ms, power.setup, power.sample);
      g_print ("%5u elements, power flow: renderer, all in view %7.2f ms; at 100 %% %7.2f ms\n",
               n, time_renderer (renderer, model, causality, TRUE, &power.graph),
               time_renderer (renderer, model, causality, FALSE, &power.graph));
      if (display)
        g_print ("%5u elements, power flow: widget snapshot %7.2f ms; to pixels (GSK) %7.2f ms "
                 "(frames taken in turn with the plain ones above)\n", n, on.node, on.pixels);
      bg_power_flow_free (flow);
      power_times_clear (&power);
      bg_result_unref (result);
      bg_plan_unref (plan);

      bg_graph_renderer_free (renderer);
      bg_causality_unref (causality);
      g_object_unref (model);
    }
  return 0;
}
