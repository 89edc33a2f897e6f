/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-renderer.c — the bond-graph geometry, the Cairo renderer and
 * `bgmod-cli render`.
 *
 * Owns: checks that bonds end at element boundaries, that the causal stroke
 * is perpendicular at the right end and the half-arrow's barb is on the left
 * of the direction of travel, that every example renders to a non-empty PNG
 * and SVG with conflicts in red, and the render command's exit codes and
 * messages. Must not: need a display.
 */
#include "config.h"

#include <math.h>
#include <glib/gstdio.h>

#include "bg-causality.h"
#include "bg-file.h"
#include "bg-graph-geometry.h"
#include "bg-graph-renderer.h"
#include "bg-library.h"
#include "bg-test-sim.h"

#define TOL 1e-9

static const BgComponentSpec *
spec (const char *type,
      BgDomain    domain)
{
  const BgComponentSpec *s = bg_library_lookup (type, domain);

  g_assert_nonnull (s);
  return s;
}

static double
cross (BgPoint d,
       BgPoint v)
{
  return d.x * v.y - d.y * v.x;
}

/* Geometry --------------------------------------------------------------- */

static void
test_bond_clipped_horizontal (void)
{
  BgElementShape a, b;
  BgPoint start, end;
  gboolean ok;

  bg_geometry_element_shape (spec ("R", BG_DOMAIN_ELECTRICAL), 0,
                             100, 50, 40, 14, 1.0, &a);
  bg_geometry_element_shape (spec ("C", BG_DOMAIN_ELECTRICAL), 0,
                             300, 50, 60, 14, 1.0, &b);
  /* Label box: text plus the pads. */
  g_assert_cmpfloat_with_epsilon (a.box.width, 40 + 2 * BG_GEOMETRY_LABEL_PAD_X, TOL);
  g_assert_cmpfloat_with_epsilon (a.box.x, 100 - a.box.width / 2, TOL);

  ok = bg_geometry_bond_ends (&a, -1, &b, -1, 3.0, &start, &end);
  g_assert_true (ok);
  /* From the right edge of a (plus the gap) to the left edge of b. */
  g_assert_cmpfloat_with_epsilon (start.x, a.box.x + a.box.width + 3.0, TOL);
  g_assert_cmpfloat_with_epsilon (start.y, 50, TOL);
  g_assert_cmpfloat_with_epsilon (end.x, b.box.x - 3.0, TOL);
  g_assert_cmpfloat_with_epsilon (end.y, 50, TOL);
}

static void
test_bond_clipped_diagonal (void)
{
  BgElementShape a, b;
  BgPoint start, end;
  double gap = 2.0;
  BgRect ga;

  bg_geometry_element_shape (spec ("1", BG_DOMAIN_ELECTRICAL), 0,
                             0, 0, 10, 16, 1.0, &a);
  bg_geometry_element_shape (spec ("C", BG_DOMAIN_ELECTRICAL), 0,
                             200, 100, 50, 14, 1.0, &b);
  g_assert_true (bg_geometry_bond_ends (&a, -1, &b, -1, gap, &start, &end));

  /* The start lies on the grown box of a, on the line between the centres. */
  ga = a.box;
  ga.x -= gap; ga.y -= gap; ga.width += 2 * gap; ga.height += 2 * gap;
  g_assert_true (fabs (start.x - (ga.x + ga.width)) < TOL ||
                 fabs (start.y - (ga.y + ga.height)) < TOL);
  g_assert_true (bg_geometry_rect_contains (&ga, start.x, start.y));
  g_assert_cmpfloat_with_epsilon (start.y / start.x, 100.0 / 200.0, 1e-9);
  /* The end is outside b's label, on the same line. */
  g_assert_false (bg_geometry_rect_contains (&b.box, end.x, end.y));
  g_assert_cmpfloat_with_epsilon ((end.y - 0) / (end.x - 0), 0.5, 1e-9);
  g_assert_cmpfloat (end.x, <, 200);
}

static void
test_bond_overlapping (void)
{
  BgElementShape a, b;
  BgPoint start, end;

  bg_geometry_element_shape (spec ("R", BG_DOMAIN_ELECTRICAL), 0,
                             0, 0, 40, 14, 1.0, &a);
  bg_geometry_element_shape (spec ("C", BG_DOMAIN_ELECTRICAL), 0,
                             10, 0, 40, 14, 1.0, &b);
  g_assert_false (bg_geometry_bond_ends (&a, -1, &b, -1, 3.0, &start, &end));
  g_assert_cmpfloat_with_epsilon (start.x, 0, TOL);
  g_assert_cmpfloat_with_epsilon (end.x, 10, TOL);
}

static void
test_stroke_perpendicular (void)
{
  const BgPoint ends[][2] = {
    { { 0, 0 }, { 100, 0 } },
    { { 0, 0 }, { 0, 80 } },
    { { 10, 20 }, { -40, 90 } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ends); i++)
    {
      BgPoint other = ends[i][0], at = ends[i][1], p1, p2;
      double dx = at.x - other.x, dy = at.y - other.y;
      double sx, sy;

      bg_geometry_causal_stroke (other, at, 12.0, &p1, &p2);
      sx = p2.x - p1.x;
      sy = p2.y - p1.y;
      /* Perpendicular, 12 long, centred on the receiving end. */
      g_assert_cmpfloat_with_epsilon (sx * dx + sy * dy, 0, 1e-9);
      g_assert_cmpfloat_with_epsilon (hypot (sx, sy), 12.0, 1e-9);
      g_assert_cmpfloat_with_epsilon ((p1.x + p2.x) / 2, at.x, 1e-9);
      g_assert_cmpfloat_with_epsilon ((p1.y + p2.y) / 2, at.y, 1e-9);
    }
}

static void
test_barb_on_left (void)
{
  /* With y down, travelling right the left side is up (negative y). */
  BgPoint tail = { 0, 0 }, tip = { 100, 0 }, barb;

  bg_geometry_half_arrow (tail, tip, 10, &barb);
  g_assert_cmpfloat (barb.y, <, -1);
  g_assert_cmpfloat (barb.x, <, tip.x);
  g_assert_cmpfloat_with_epsilon (hypot (barb.x - tip.x, barb.y - tip.y),
                                  10 * hypot (0.82, 0.57), 1e-9);

  /* Travelling down the screen, left is towards +x. */
  tip = (BgPoint) { 0, 100 };
  bg_geometry_half_arrow (tail, tip, 10, &barb);
  g_assert_cmpfloat (barb.x, >, 1);
  g_assert_cmpfloat (barb.y, <, tip.y);

  /* Any direction: the barb points back along the bond, on the left. */
  for (int k = 0; k < 16; k++)
    {
      double a = k * G_PI / 8;
      BgPoint d = { cos (a), sin (a) }, v;

      tip = (BgPoint) { 50 + 80 * d.x, 50 + 80 * d.y };
      tail = (BgPoint) { 50, 50 };
      bg_geometry_half_arrow (tail, tip, 10, &barb);
      v = (BgPoint) { barb.x - tip.x, barb.y - tip.y };
      g_assert_cmpfloat (cross (d, v), <, -1);
      g_assert_cmpfloat (d.x * v.x + d.y * v.y, <, 0);
    }
}

static void
test_ports_cylinder (void)
{
  const BgComponentSpec *cyl = spec ("CylinderDA", BG_DOMAIN_NONE);
  BgElementShape s;
  guint a, b, m;

  g_assert_true (bg_component_spec_find_port (cyl, "A", &a));
  g_assert_true (bg_component_spec_find_port (cyl, "B", &b));
  g_assert_true (bg_component_spec_find_port (cyl, "M", &m));

  bg_geometry_element_shape (cyl, 0, 0, 0, 60, 14, 1.0, &s);
  g_assert_true (s.outlined);
  g_assert_cmpuint (s.n_ports, ==, 3);
  /* Chambers on the left edge, A above B; the rod on the right edge. */
  g_assert_cmpfloat_with_epsilon (s.ports[a].x, s.box.x, TOL);
  g_assert_cmpfloat_with_epsilon (s.ports[b].x, s.box.x, TOL);
  g_assert_cmpfloat (s.ports[a].y, <, s.ports[b].y);
  g_assert_cmpfloat_with_epsilon (s.ports[m].x, s.box.x + s.box.width, TOL);
  g_assert_cmpint (bg_geometry_nearest_port (&s, s.box.x - 5, s.ports[b].y + 1), ==, (int) b);

  /* Turned by 90 degrees: chambers on top, rod at the bottom. */
  bg_geometry_element_shape (cyl, 90, 0, 0, 60, 14, 1.0, &s);
  g_assert_cmpint (s.port_sides[a], ==, BG_SIDE_TOP);
  g_assert_cmpfloat_with_epsilon (s.ports[a].y, s.box.y, TOL);
  g_assert_cmpint (s.port_sides[m], ==, BG_SIDE_BOTTOM);
  g_assert_cmpfloat_with_epsilon (s.ports[m].y, s.box.y + s.box.height, TOL);
}

static void
test_bond_to_port (void)
{
  const BgComponentSpec *tf = spec ("TF", BG_DOMAIN_TRANSLATIONAL);
  BgElementShape j, t;
  BgPoint start, end;
  guint p;

  g_assert_true (bg_component_spec_find_port (tf, "P", &p));
  bg_geometry_element_shape (spec ("1", BG_DOMAIN_TRANSLATIONAL), 0,
                             0, 0, 10, 16, 1.0, &j);
  bg_geometry_element_shape (tf, 0, 200, 40, 50, 14, 1.0, &t);
  g_assert_false (t.outlined);
  g_assert_true (bg_geometry_bond_ends (&j, -1, &t, (int) p, 3, &start, &end));
  /* Ends at port P's anchor (left edge of the label), out by the gap. */
  g_assert_cmpfloat_with_epsilon (end.x, t.box.x - 3, TOL);
  g_assert_cmpfloat_with_epsilon (end.y, 40, TOL);
}

static void
test_clip_inside (void)
{
  BgRect r = { 0, 0, 10, 10 };
  BgPoint in = { 5, 5 }, also_in = { 6, 7 }, out = { 25, 5 }, p;

  p = bg_geometry_clip_to_rect (&r, in, also_in);
  g_assert_cmpfloat_with_epsilon (p.x, 6, TOL);
  g_assert_cmpfloat_with_epsilon (p.y, 7, TOL);
  p = bg_geometry_clip_to_rect (&r, in, out);
  g_assert_cmpfloat_with_epsilon (p.x, 10, TOL);
  g_assert_cmpfloat_with_epsilon (p.y, 5, TOL);
  g_assert_cmpfloat_with_epsilon (bg_geometry_snap (14.9, 10), 10, TOL);
  g_assert_cmpfloat_with_epsilon (bg_geometry_snap (-15.1, 10), -20, TOL);
}

/* Renderer --------------------------------------------------------------- */

static void
test_labels (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  BgElement *c, *j;
  g_autofree char *c_text = NULL;
  g_autofree char *j_text = NULL;
  g_autofree char *labelled = NULL;

  c = bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, &error);
  g_assert_no_error (error);
  j = bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, "J", 50, 0, &error);
  g_assert_no_error (error);
  c_text = bg_graph_renderer_dup_label (c);
  j_text = bg_graph_renderer_dup_label (j);
  g_assert_cmpstr (c_text, ==, "C : C1");
  g_assert_cmpstr (j_text, ==, "0");
  bg_model_set_label (model, "C1", "Cbus", &error);
  g_assert_no_error (error);
  labelled = bg_graph_renderer_dup_label (bg_model_find_element (model, "C1"));
  g_assert_cmpstr (labelled, ==, "C : Cbus");
}

typedef struct
{
  guint dark;   /* near-black pixels */
  guint red;    /* conflict red */
  guint other;  /* any non-white pixel */
} PixelCount;

static PixelCount
count_pixels (cairo_surface_t *surface)
{
  PixelCount n = { 0, 0, 0 };
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);
        guint r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        if (r < 250 || g < 250 || b < 250)
          n.other++;
        if (r < 80 && g < 80 && b < 80)
          n.dark++;
        if (r > 150 && g < 90 && b < 90)
          n.red++;
      }
  return n;
}

static PixelCount
export_and_count (const char *example,
                  double      scale,
                  int        *width)
{
  g_autoptr(BgModel) model = bg_test_load_example (example);
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-render-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  cairo_surface_t *surface;
  PixelCount n;

  g_assert_no_error (error);
  g_assert_true (bg_graph_renderer_export (model, causality, png, scale, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  if (width != NULL)
    *width = cairo_image_surface_get_width (surface);
  n = count_pixels (surface);
  cairo_surface_destroy (surface);
  g_unlink (png);
  g_rmdir (dir);
  return n;
}

static void
test_examples_png (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir = g_build_filename (datadir, "examples", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_examples = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      PixelCount n;
      int width;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      n = export_and_count (name, 1.0, &width);
      g_test_message ("%s: %d px wide, %u dark, %u red", name, width, n.dark, n.red);
      g_assert_cmpint (width, >, 100);
      g_assert_cmpuint (n.dark, >, 500);
      /* Conflicts, and only conflicts, are drawn in red. */
      if (g_str_has_prefix (name, "conflict-"))
        g_assert_cmpuint (n.red, >, 50);
      else
        g_assert_cmpuint (n.red, ==, 0);
      n_examples++;
    }
  g_assert_cmpuint (n_examples, >=, 3);
}

static void
test_presentation_scale (void)
{
  PixelCount n1 = export_and_count ("rc-circuit.bgmod", 1.0, NULL);
  PixelCount n2 = export_and_count ("rc-circuit.bgmod", 2.0, NULL);

  /* Twice the line width and text size: at least twice the ink. */
  g_assert_cmpuint (n2.dark, >, 2 * n1.dark);
}

/* The model drawn by the renderer into a new width × height image. */
static cairo_surface_t *
draw_surface (BgGraphRenderer   *renderer,
              BgModel           *model,
              BgCausality       *causality,
              const BgGraphView *view,
              int                width,
              int                height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);

  bg_graph_renderer_draw (renderer, cr, model, causality, view);
  cairo_destroy (cr);
  return surface;
}

static void
test_strokes_drawn (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  BgGraphView view;
  cairo_surface_t *s1, *s2;
  PixelCount without, with;

  bg_graph_view_init (&view);
  view.draw_background = TRUE;
  g_assert_true (bg_graph_renderer_fit (renderer, model, 600, 400, 20, 2, &view));

  s1 = draw_surface (renderer, model, NULL, &view, 600, 400);
  s2 = draw_surface (renderer, model, causality, &view, 600, 400);

  without = count_pixels (s1);
  with = count_pixels (s2);
  /* One stroke per bond adds ink; a stale analysis draws none. */
  g_assert_cmpuint (with.dark, >, without.dark + 10 * bg_model_get_bonds (model)->len);

  cairo_surface_destroy (s1);
  cairo_surface_destroy (s2);
  bg_graph_renderer_free (renderer);
}

/* Non-white pixels of @surface in the pixel box [x0, x1] × [y0, y1]. */
static guint
ink_in_box (cairo_surface_t *surface,
            double x0, double y0, double x1, double y1)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data;
  guint n = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = MAX (0, (int) y0); y < MIN (h, (int) y1); y++)
    for (int x = MAX (0, (int) x0); x < MIN (w, (int) x1); x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);

        if (((p >> 16) & 0xff) < 250 || ((p >> 8) & 0xff) < 250 || (p & 0xff) < 250)
          n++;
      }
  return n;
}

/* Show bond names (and Explain Causality) draws the bonds' ids and, at a
 * corner of its digit, each junction's id: ink appears around the
 * junction that was not there without the names. */
static void
test_names_drawn (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  GPtrArray *elements = bg_model_get_elements (model);
  BgGraphView view;
  cairo_surface_t *plain, *named;
  guint junctions = 0;

  bg_graph_view_init (&view);
  view.draw_background = TRUE;
  g_assert_true (bg_graph_renderer_fit (renderer, model, 1200, 800, 20, 2, &view));
  plain = draw_surface (renderer, model, NULL, &view, 1200, 800);
  view.show_bond_ids = TRUE;
  named = draw_surface (renderer, model, NULL, &view, 1200, 800);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      BgElementShape shape;
      double margin = 40, x0, y0, x1, y1;
      guint before, after;

      if (e->spec->drawing != BG_DRAWING_JUNCTION)
        continue;
      bg_graph_renderer_element_shape (renderer, e, 1.0, 0, 0, &shape);
      x0 = (shape.box.x - margin) * view.zoom + view.offset_x;
      y0 = (shape.box.y - margin / 2) * view.zoom + view.offset_y;
      x1 = (shape.box.x + shape.box.width + margin) * view.zoom + view.offset_x;
      y1 = (shape.box.y + shape.box.height + margin / 2) * view.zoom + view.offset_y;
      before = ink_in_box (plain, x0, y0, x1, y1);
      after = ink_in_box (named, x0, y0, x1, y1);
      g_test_message ("%s: %u → %u pixels of ink around it", e->id, before, after);
      g_assert_cmpuint (after, >, before + 20);
      junctions++;
    }
  g_assert_cmpuint (junctions, >=, 6);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (named);
  bg_graph_renderer_free (renderer);
}

/* The bond names are read from a room's back: nearly as dark as the
 * labels (not a light grey) and of the labels' size (not four fifths). */
static void
test_names_readable (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  BgBond *bond = bg_model_find_bond (model, "b3");   /* J → C1, left to right */
  BgGraphView view;
  cairo_surface_t *plain, *named;
  BgPoint from, to;
  int top = G_MAXINT, bottom = -1, stride;
  double darkest = 1.0, mx, my;
  const guchar *a, *b;

  bg_graph_view_init (&view);
  view.draw_background = TRUE;
  plain = draw_surface (renderer, model, NULL, &view, 800, 400);
  view.show_bond_ids = TRUE;
  named = draw_surface (renderer, model, NULL, &view, 800, 400);
  g_assert_true (bg_graph_renderer_bond_ends (renderer, bond, &view, &from, &to));
  g_assert_cmpfloat (fabs (from.y - to.y), <, 1e-6);
  mx = (from.x + to.x) / 2 * view.zoom + view.offset_x;
  my = (from.y + to.y) / 2 * view.zoom + view.offset_y;
  cairo_surface_flush (plain);
  cairo_surface_flush (named);
  a = cairo_image_surface_get_data (plain);
  b = cairo_image_surface_get_data (named);
  stride = cairo_image_surface_get_stride (named);
  /* the id below the bond (the right-hand side of its travel) */
  for (int y = (int) my + 2; y < (int) my + 40; y++)
    for (int x = (int) mx - 25; x < (int) mx + 25; x++)
      {
        guint32 p = *(const guint32 *) (a + y * stride + 4 * x);
        guint32 q = *(const guint32 *) (b + y * stride + 4 * x);
        double lum = (0.2126 * ((q >> 16) & 0xff) + 0.7152 * ((q >> 8) & 0xff)
                      + 0.0722 * (q & 0xff)) / 255.0;

        if (p == q)
          continue;
        top = MIN (top, y);
        bottom = MAX (bottom, y);
        darkest = MIN (darkest, lum);
      }
  g_test_message ("b3's id: %d px of ink high, darkest %.2f", bottom - top + 1, darkest);
  g_assert_cmpint (bottom, >=, top);
  /* "b3" inks 11 px at the labels' 12 units (9 px at four fifths); its
   * darkest pixels 0.24 (0.51 in the old light grey) */
  g_assert_cmpint (bottom - top + 1, >=, (int) floor (0.85 * BG_GRAPH_LABEL_SIZE * view.zoom));
  g_assert_cmpfloat (darkest, <, 0.35);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (named);
  bg_graph_renderer_free (renderer);
}

static void
test_fit (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  BgGraphView view;
  BgRect b;

  bg_graph_view_init (&view);
  g_assert_true (bg_graph_renderer_fit (renderer, model, 800, 500, 10, 0, &view));
  g_assert_true (bg_graph_renderer_get_bounds (renderer, model, 1.0, &b));
  /* Inside the area with its margin, and touching it on one axis. */
  g_assert_cmpfloat (b.x * view.zoom + view.offset_x, >=, 10 - 1e-6);
  g_assert_cmpfloat ((b.x + b.width) * view.zoom + view.offset_x, <=, 790 + 1e-6);
  g_assert_cmpfloat (b.y * view.zoom + view.offset_y, >=, 10 - 1e-6);
  g_assert_cmpfloat ((b.y + b.height) * view.zoom + view.offset_y, <=, 490 + 1e-6);
  g_assert_true (fabs (b.width * view.zoom - 780) < 1e-6 ||
                 fabs (b.height * view.zoom - 480) < 1e-6);
  bg_graph_renderer_free (renderer);
}

static void
test_svg (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  g_autoptr(BgCausality) causality = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-render-XXXXXX", &error);
  g_autofree char *svg = g_build_filename (dir, "out.svg", NULL);
  g_autofree char *text = NULL;

  g_assert_true (bg_graph_renderer_export (model, causality, svg, 1.0, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &text, NULL, &error));
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  g_assert_nonnull (strstr (text, "<svg"));
  g_assert_nonnull (strstr (text, "<path"));
  g_assert_cmpuint (strlen (text), >, 2000);
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_bad_format (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(GError) error = NULL;

  g_assert_false (bg_graph_renderer_export (model, NULL, "graph.jpg", 1.0, &error));
  g_assert_error (error, BG_GRAPH_RENDERER_ERROR, BG_GRAPH_RENDERER_ERROR_FORMAT);
  g_assert_cmpstr (error->message, ==,
                   "graph.jpg: unknown image format; use a name ending in .png, .svg or .pdf");
  g_clear_error (&error);

  g_assert_false (bg_graph_renderer_export (model, NULL,
                                            "/nonexistent-dir/graph.png", 1.0, &error));
  g_assert_error (error, BG_GRAPH_RENDERER_ERROR, BG_GRAPH_RENDERER_ERROR_WRITE);
  g_assert_true (g_str_has_prefix (error->message,
                                   "/nonexistent-dir/graph.png: cannot write the image"));
}

/* bgmod-cli render --------------------------------------------------------- */

static int
run_cli (const char *const *args,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BGMOD_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                               G_SPAWN_DEFAULT, NULL, NULL, NULL, err,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static void
test_cli_render (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-render-XXXXXX", &error);
  g_autofree char *ok_model = g_build_filename (datadir, "examples", "rc-circuit.bgmod", NULL);
  g_autofree char *bad_model = g_build_filename (datadir, "examples", "conflict-two-capacitors.bgmod", NULL);
  g_autofree char *png = g_build_filename (dir, "rc.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "conflict.svg", NULL);
  char *err = NULL;

  if (g_getenv ("BGMOD_CLI") == NULL)
    {
      g_test_skip ("BGMOD_CLI is not set");
      return;
    }

  /* Success: exit 0 and a PNG. */
  g_assert_cmpint (run_cli ((const char *[]) { "render", ok_model, "--output", png, NULL }, &err), ==, 0);
  /* Nothing from bgmod-cli on stderr (a sanitizer may add its own report). */
  g_assert_null (strstr (err, "bgmod-cli"));
  g_assert_null (strstr (err, "error"));
  g_clear_pointer (&err, g_free);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));

  /* A conflict: the drawing (which shows it) is written, the error is
   * reported, exit 0 (docs/command-line.md, render). */
  g_assert_cmpint (run_cli ((const char *[]) { "render", bad_model, "--output", svg, NULL }, &err), ==, 0);
  g_assert_nonnull (strstr (err, "error: "));
  g_assert_nonnull (strstr (err, "C2"));
  g_clear_pointer (&err, g_free);
  g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));

  /* Usage errors: exit 2 with the reason. */
  g_assert_cmpint (run_cli ((const char *[]) { "render", ok_model, NULL }, &err), ==, 2);
  g_assert_nonnull (strstr (err, "missing --output OUT.png|OUT.svg"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { "render", ok_model, "--output", "x.jpg", NULL }, &err), ==, 2);
  g_assert_nonnull (strstr (err, "the output name must end in .png, .svg or .pdf"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ((const char *[]) { "render", "/nonexistent.bgmod", "--output", png, NULL }, &err), ==, 2);
  g_assert_nonnull (strstr (err, "/nonexistent.bgmod"));
  g_clear_pointer (&err, g_free);

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/geometry/bond-clipped-horizontal", test_bond_clipped_horizontal);
  g_test_add_func ("/ui/geometry/bond-clipped-diagonal", test_bond_clipped_diagonal);
  g_test_add_func ("/ui/geometry/bond-overlapping", test_bond_overlapping);
  g_test_add_func ("/ui/geometry/stroke-perpendicular", test_stroke_perpendicular);
  g_test_add_func ("/ui/geometry/barb-on-left", test_barb_on_left);
  g_test_add_func ("/ui/geometry/ports-cylinder", test_ports_cylinder);
  g_test_add_func ("/ui/geometry/bond-to-port", test_bond_to_port);
  g_test_add_func ("/ui/geometry/clip-and-snap", test_clip_inside);
  g_test_add_func ("/ui/graph-renderer/labels", test_labels);
  g_test_add_func ("/ui/graph-renderer/examples-png", test_examples_png);
  g_test_add_func ("/ui/graph-renderer/presentation-scale", test_presentation_scale);
  g_test_add_func ("/ui/graph-renderer/strokes-drawn", test_strokes_drawn);
  g_test_add_func ("/ui/graph-renderer/fit", test_fit);
  g_test_add_func ("/ui/graph-renderer/names-drawn", test_names_drawn);
  g_test_add_func ("/ui/graph-renderer/names-readable", test_names_readable);
  g_test_add_func ("/ui/graph-renderer/svg", test_svg);
  g_test_add_func ("/ui/graph-renderer/bad-format", test_bad_format);
  g_test_add_func ("/ui/graph-renderer/cli-render", test_cli_render);

  return g_test_run ();
}
