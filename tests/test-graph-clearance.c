/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-graph-clearance.c — labels and bonds kept apart at every presentation
 * scale.
 *
 * Owns: the check, on every example and at each scale the Preferences
 * offer, that the graph as drawn keeps its labels readable: every bond ends
 * outside the labels at both its ends with a visible length (room for its
 * half-arrow), no bond crosses the text of any label, and no two labels
 * overlap. The geometry is the renderer's own (the shapes and bond ends
 * that are drawn and hit-tested); the checks here are brute force and
 * independent of how the renderer keeps them true. Must not: need a
 * display or look at pixels.
 */
#include "config.h"

#include <math.h>

#include "bg-file.h"
#include "bg-graph-geometry.h"
#include "bg-graph-renderer.h"
#include "bg-test-sim.h"

/* The Preferences window's presentation scales (step 0.25 up to 2). */
static const double scales[] = { 1.0, 1.25, 1.5, 1.75, 2.0 };

/* Whether the segment a–b passes through the inside of rect (touching its
 * boundary is not crossing). Liang–Barsky clipping against the open rect. */
static gboolean
segment_crosses_rect (BgPoint       a,
                      BgPoint       b,
                      const BgRect *rect)
{
  const double eps = 1e-6;
  double x0 = rect->x + eps, y0 = rect->y + eps;
  double x1 = rect->x + rect->width - eps, y1 = rect->y + rect->height - eps;
  double dx = b.x - a.x, dy = b.y - a.y;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { a.x - x0, x1 - a.x, a.y - y0, y1 - a.y };
  double t0 = 0, t1 = 1;

  if (x1 <= x0 || y1 <= y0)
    return FALSE;
  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      {
        double r = q[i] / p[i];

        if (p[i] < 0)
          t0 = MAX (t0, r);
        else
          t1 = MIN (t1, r);
      }
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

static gboolean
rects_overlap (const BgRect *a,
               const BgRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Counts (and reports) what makes the graph unreadable at this scale. */
static guint
count_collisions (const char *name,
                  BgModel    *model,
                  double      scale)
{
  BgGraphRenderer *renderer = bg_graph_renderer_new ();
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);
  g_autofree BgElementShape *shapes = g_new0 (BgElementShape, elements->len);
  double label_scale = bg_graph_renderer_label_scale (renderer, model, scale);
  /* the half-arrow grows with the labels */
  double min_length = BG_GEOMETRY_MIN_BOND_BARBS * BG_GEOMETRY_BARB_LENGTH * label_scale;
  BgGraphView view;
  guint n = 0;

  bg_graph_view_init (&view);
  view.presentation_scale = scale;
  view.label_scale = label_scale;
  g_assert_cmpfloat (label_scale, >=, 1.0);
  g_assert_cmpfloat (label_scale, <=, scale);

  for (guint i = 0; i < elements->len; i++)
    bg_graph_renderer_element_shape (renderer, g_ptr_array_index (elements, i), label_scale,
                                     0, 0, &shapes[i]);

  for (guint i = 0; i < elements->len; i++)
    for (guint j = i + 1; j < elements->len; j++)
      if (rects_overlap (&shapes[i].box, &shapes[j].box))
        {
          const BgElement *a = g_ptr_array_index (elements, i);
          const BgElement *b = g_ptr_array_index (elements, j);

          g_test_message ("%s at %.2f: labels %s and %s overlap", name, scale, a->id, b->id);
          n++;
        }

  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);
      BgPoint from, to;
      double length;

      if (!bg_graph_renderer_bond_ends (renderer, bond, &view, &from, &to))
        {
          g_test_message ("%s at %.2f: %s has no room between its labels", name, scale, bond->id);
          n++;
        }
      length = hypot (to.x - from.x, to.y - from.y);
      if (length < min_length)
        {
          g_test_message ("%s at %.2f: %s is %.1f long, less than %.1f", name, scale,
                          bond->id, length, min_length);
          n++;
        }
      for (guint j = 0; j < elements->len; j++)
        if (segment_crosses_rect (from, to, &shapes[j].text))
          {
            const BgElement *e = g_ptr_array_index (elements, j);

            g_test_message ("%s at %.2f: %s crosses the label of %s", name, scale,
                            bond->id, e->id);
            n++;
          }
    }
  bg_graph_renderer_free (renderer);
  return n;
}

/* The case: the bench's b1 was drawn through "TANK" at 1.75 and 2. */
static void
test_bench (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");

  g_assert_cmpuint (count_collisions ("hydraulic-bench", model, 1.75), ==, 0);
  g_assert_cmpuint (count_collisions ("hydraulic-bench", model, 2.0), ==, 0);
}

static void
test_every_example (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir = g_build_filename (datadir, "examples", NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n_examples = 0, n = 0;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autoptr(BgModel) model = NULL;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      model = bg_test_load_example (name);
      for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
        n += count_collisions (name, model, scales[i]);
      n_examples++;
    }
  g_assert_cmpuint (n_examples, >=, 10);
  g_assert_cmpuint (n, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/graph-clearance/bench", test_bench);
  g_test_add_func ("/ui/graph-clearance/every-example", test_every_example);

  return g_test_run ();
}
