/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-plot.c — see bg-test-plot.h. */
#include "config.h"

#include <math.h>

#include "bg-test-plot.h"

BgTestRgb
bg_test_pixel_at (cairo_surface_t *surface,
                  int              x,
                  int              y)
{
  const unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 px;
  double a;
  BgTestRgb c;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));

  px = *(const guint32 *) (data + y * stride + x * 4);
  a = ((px >> 24) & 0xff) / 255.0;
  c.r = ((px >> 16) & 0xff) / 255.0;
  c.g = ((px >> 8) & 0xff) / 255.0;
  c.b = (px & 0xff) / 255.0;
  if (a > 0.0)
    {
      c.r /= a;
      c.g /= a;
      c.b /= a;
    }
  return c;
}

gboolean
bg_test_near_color (BgTestRgb          c,
                    const BgPlotColor *want,
                    double             tol)
{
  return fabs (c.r - want->red) < tol && fabs (c.g - want->green) < tol &&
         fabs (c.b - want->blue) < tol;
}

double
bg_test_luminance (BgTestRgb c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

gboolean
bg_test_box_has_color (cairo_surface_t   *surface,
                       int                x0,
                       int                y0,
                       int                x1,
                       int                y1,
                       const BgPlotColor *want)
{
  int x, y;

  for (y = MAX (0, y0); y <= y1 && y < cairo_image_surface_get_height (surface); y++)
    for (x = MAX (0, x0); x <= x1 && x < cairo_image_surface_get_width (surface); x++)
      if (bg_test_near_color (bg_test_pixel_at (surface, x, y), want, 0.12))
        return TRUE;
  return FALSE;
}

cairo_surface_t *
bg_test_render_image (BgPlotRenderer *plot,
                      int             width,
                      int             height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                         width, height);
  cairo_t *cr = cairo_create (surface);

  bg_plot_renderer_render (plot, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}
