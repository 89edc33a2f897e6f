/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pole-map.c — the eigenvalues' text and the pole map, no display.
 *
 * Owns: tests of bg-mode-text (four significant digits, the true minus,
 * zero eigenvalues with no damping and no time constant, the read-out,
 * the DC-motor example's ζ = 0.0079 at 36 Hz as `bgmod-cli linearize`
 * prints it) and of bg-pole-map (poles inside the plot area where their
 * real and imaginary parts put them, the right half-plane shaded and the
 * left one not, stable and unstable crosses in their colours, picking the
 * pole under a point, the highlight, an empty map, PNG and SVG export and
 * its size errors). Renders to image surfaces only (and, with
 * BGMOD_TEST_SCREENSHOT_DIR set, the DC motor's map there); must not need
 * GTK or a display.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-linearize.h"
#include "bg-mode-text.h"
#include "bg-pole-map.h"
#include "bg-test-plot.h"

#define MINUS "\xe2\x88\x92"
#define DASH "\xe2\x80\x94"

static GArray *
example_modes (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_path (path, &error);
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgPlan) plan = NULL;
  g_autoptr(BgLinearization) lin = NULL;
  GArray *modes;

  g_assert_no_error (error);
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  lin = bg_linearize (plan, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  modes = bg_modes_compute (lin, &error);
  g_assert_no_error (error);
  return modes;
}

static GArray *
modes_of (const double *re_im,
          guint         n)
{
  GArray *modes = g_array_new (FALSE, FALSE, sizeof (BgMode));

  for (guint i = 0; i < n; i++)
    {
      double re = re_im[2 * i], im = re_im[2 * i + 1], mag = hypot (re, im);
      BgMode mode = { re, im, mag / (2 * G_PI), mag > 0 ? -re / mag : 1.0 };

      g_array_append_val (modes, mode);
    }
  return modes;
}

static void
assert_number (double value, const char *want)
{
  g_autofree char *got = bg_mode_format_number (value);
  g_assert_cmpstr (got, ==, want);
}

static void
test_numbers (void)
{
  assert_number (227.365, "227.4");
  assert_number (-1.79086, MINUS "1.791");
  assert_number (0.0078764, "0.007876");
  assert_number (36.1873, "36.19");
  assert_number (-1, MINUS "1");
  assert_number (0, "0");
  assert_number (12345.6, "12346");
  assert_number (1.5e-7, "1.5\xc3\x97" "10\xe2\x81\xbb\xe2\x81\xb7");
  assert_number (2.5e9, "2.5\xc3\x97" "10\xe2\x81\xb9");
  assert_number (NAN, DASH);
  assert_number (INFINITY, "\xe2\x88\x9e");
}

/* The DC motor's lightly damped pair: the numbers the CLI prints. */
static void
test_dc_motor_text (void)
{
  g_autoptr(GArray) modes = example_modes ("dc-motor-gear-load.bgmod");
  double max = bg_modes_max_magnitude (modes);
  gboolean found = FALSE;

  g_assert_cmpuint (modes->len, ==, 4);
  for (guint i = 0; i < modes->len; i++)
    {
      const BgMode *mode = &g_array_index (modes, BgMode, i);
      BgModeText text;

      bg_mode_text_init (&text, mode, max);
      if (mode->im > 0)
        {
          g_autofree char *readout = bg_mode_dup_readout (mode, max);

          g_assert_cmpstr (text.re, ==, MINUS "1.791");
          g_assert_cmpstr (text.im, ==, "227.4");
          g_assert_cmpstr (text.hz, ==, "36.19");
          g_assert_cmpstr (text.rad_s, ==, "227.4");
          g_assert_cmpstr (text.damping, ==, "0.007876");
          g_assert_cmpstr (text.tau, ==, "0.5584");
          g_assert_cmpstr (readout, ==, "λ = " MINUS "1.791 + 227.4j 1/s · f = 36.19 Hz "
                                        "(227.4 rad/s) · ζ = 0.007876 · τ = 0.5584 s");
          found = TRUE;
        }
      else if (mode->im == 0)
        {
          g_assert_cmpstr (text.im, ==, "0");
          g_assert_cmpstr (text.damping, ==, "1");
        }
      bg_mode_text_clear (&text);
    }
  g_assert_true (found);
}

/* A free mass: a zero eigenvalue has no damping and no time constant,
 * whether the core gives it as exactly 0, as rounding noise, or with its
 * damping left undefined. */
static void
test_zero_eigenvalue (void)
{
  const double re_im[] = { 0, 0, 1e-13, 0, -1000, 0 };
  g_autoptr(GArray) modes = modes_of (re_im, 3);
  double max = bg_modes_max_magnitude (modes);
  BgMode undefined = { 0, 0, 0, NAN };
  BgModeText text;
  g_autofree char *readout = NULL;

  g_assert_cmpfloat (max, ==, 1000);
  for (guint i = 0; i < 2; i++)
    {
      const BgMode *mode = &g_array_index (modes, BgMode, i);

      g_assert_true (bg_mode_is_zero (mode, max));
      g_assert_false (bg_mode_is_unstable (mode, max));
      g_assert_true (isnan (bg_mode_time_constant (mode, max)));
      bg_mode_text_init (&text, mode, max);
      g_assert_cmpstr (text.re, ==, "0");
      g_assert_cmpstr (text.hz, ==, "0");
      g_assert_cmpstr (text.damping, ==, DASH);
      g_assert_cmpstr (text.tau, ==, DASH);
      bg_mode_text_clear (&text);
    }
  g_assert_true (bg_mode_is_zero (&undefined, max));
  readout = bg_mode_dup_readout (&undefined, max);
  g_assert_cmpstr (readout, ==, "λ = 0 1/s · f = 0 Hz (0 rad/s) · ζ = " DASH " · τ = " DASH);

  bg_mode_text_init (&text, &g_array_index (modes, BgMode, 2), max);
  g_assert_cmpstr (text.damping, ==, "1");
  g_assert_cmpstr (text.tau, ==, "0.001");
  bg_mode_text_clear (&text);
}

static cairo_surface_t *
render (BgPoleMap *map,
        int        width,
        int        height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  bg_pole_map_render (map, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static const BgPlotColor stable_blue = { 0.0, 0.447, 0.698, 1.0 };
static const BgPlotColor vermilion = { 0.835, 0.369, 0.0, 1.0 };

/* Poles where the plane puts them, in the plot area; the unstable
 * half-plane shaded; crosses in their colours. */
static void
test_render_poles (void)
{
  const double re_im[] = { -40, 0, -10, -60, -10, 60, 15, 0 };
  g_autoptr(GArray) modes = modes_of (re_im, 4);
  g_autoptr(BgPoleMap) map = bg_pole_map_new ();
  cairo_surface_t *surface;
  double ax, ay, aw, ah, x0, y0;
  BgTestRgb left, right;

  bg_pole_map_set_modes (map, modes);
  g_assert_cmpuint (bg_pole_map_get_n_poles (map), ==, 4);
  g_assert_false (bg_pole_map_get_plot_area (map, NULL, NULL, NULL, NULL));
  surface = render (map, 640, 420);
  g_assert_true (bg_pole_map_get_plot_area (map, &ax, &ay, &aw, &ah));
  for (guint i = 0; i < 4; i++)
    {
      double x, y;

      g_assert_true (bg_pole_map_get_pole_position (map, i, &x, &y));
      g_assert_cmpfloat (x, >, ax);
      g_assert_cmpfloat (x, <, ax + aw);
      g_assert_cmpfloat (y, >, ay);
      g_assert_cmpfloat (y, <, ay + ah);
      g_assert_true (bg_test_box_has_color (surface, x - 4, y - 4, x + 4, y + 4,
                                            re_im[2 * i] > 0 ? &vermilion : &stable_blue));
    }
  /* up is +j, right is +Re */
  x0 = bg_pole_map_re_to_x (map, 0);
  y0 = bg_pole_map_im_to_y (map, 0);
  g_assert_cmpfloat (bg_pole_map_im_to_y (map, 60), <, y0);
  g_assert_cmpfloat (bg_pole_map_re_to_x (map, -40), <, x0);
  /* the right half-plane shaded, the left not: a pixel on either side,
   * clear of grid lines, text and poles */
  right = bg_test_pixel_at (surface, (int) (x0 + 0.5 * (ax + aw - x0)), (int) (y0 + 0.62 * (ay + ah - y0)));
  left = bg_test_pixel_at (surface, (int) (ax + 0.52 * (x0 - ax)), (int) (y0 + 0.62 * (ay + ah - y0)));
  g_assert_cmpfloat (left.r, >, 0.97);
  g_assert_cmpfloat (left.g, >, 0.97);
  g_assert_cmpfloat (right.r - right.b, >, 0.08);
  cairo_surface_destroy (surface);
}

static void
test_pick_and_highlight (void)
{
  g_autoptr(GArray) modes = example_modes ("dc-motor-gear-load.bgmod");
  g_autoptr(BgPoleMap) map = bg_pole_map_new ();
  cairo_surface_t *plain, *lit;
  double x, y;
  int pair = -1;

  bg_pole_map_set_modes (map, modes);
  g_assert_cmpint (bg_pole_map_pick (map, 10, 10), ==, -1);
  plain = render (map, 600, 400);
  for (guint i = 0; i < modes->len; i++)
    if (g_array_index (modes, BgMode, i).im > 0)
      pair = (int) i;
  g_assert_cmpint (pair, >=, 0);
  g_assert_true (bg_pole_map_get_pole_position (map, pair, &x, &y));
  g_assert_cmpint (bg_pole_map_pick (map, x + 2, y - 1), ==, pair);
  g_assert_cmpint (bg_pole_map_pick (map, x, y + 60), ==, -1);

  bg_pole_map_set_highlight (map, pair);
  g_assert_cmpint (bg_pole_map_get_highlight (map), ==, pair);
  lit = render (map, 600, 400);
  /* the ring and the label darken pixels the plain map left light */
  {
    guint differ = 0;

    for (int py = (int) y - 30; py <= (int) y + 30; py++)
      for (int px = (int) x - 120; px <= (int) x + 120; px++)
        if (px >= 0 && px < 600 && py >= 0 && py < 400
            && fabs (bg_test_luminance (bg_test_pixel_at (plain, px, py))
                     - bg_test_luminance (bg_test_pixel_at (lit, px, py))) > 0.3)
          differ++;
    g_assert_cmpuint (differ, >, 50);
  }
  /* a picture to look at, with BGMOD_TEST_SCREENSHOT_DIR set */
  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR"),
                                                "pole-map-dc-motor.png", NULL);

      g_assert_true (bg_pole_map_write_png (map, path, 600, 400, 1.0, NULL));
    }
  bg_pole_map_set_highlight (map, 99);
  g_assert_cmpint (bg_pole_map_get_highlight (map), ==, -1);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (lit);
}

static void
test_empty_and_export (void)
{
  g_autoptr(BgPoleMap) map = bg_pole_map_new ();
  g_autoptr(GArray) modes = example_modes ("rlc-circuit.bgmod");
  g_autofree char *dir = g_dir_make_tmp ("bgmod-pole-map-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "poles.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "poles.svg", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *image;

  cairo_surface_destroy (render (map, 300, 200));
  g_assert_cmpuint (bg_pole_map_get_n_poles (map), ==, 0);

  bg_pole_map_set_modes (map, modes);
  g_assert_true (bg_pole_map_write_png (map, png, 800, 500, 1.0, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 500);
  cairo_surface_destroy (image);
  g_assert_true (bg_pole_map_write_svg (map, svg, 800, 500, 1.0, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));

  g_assert_false (bg_pole_map_write_png (map, png, 0, 500, 1.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE);
  g_clear_error (&error);
  g_assert_false (bg_pole_map_write_png (map, dir, 100, 100, 1.0, &error));
  g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE);

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/pole-map/numbers", test_numbers);
  g_test_add_func ("/ui/pole-map/dc-motor-text", test_dc_motor_text);
  g_test_add_func ("/ui/pole-map/zero-eigenvalue", test_zero_eigenvalue);
  g_test_add_func ("/ui/pole-map/render-poles", test_render_poles);
  g_test_add_func ("/ui/pole-map/pick-and-highlight", test_pick_and_highlight);
  g_test_add_func ("/ui/pole-map/empty-and-export", test_empty_and_export);
  return g_test_run ();
}
