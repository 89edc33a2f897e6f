/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-grid.c — the canvas's grid.
 *
 * Owns: whether the grid is drawn, whether moves and inserts snap to it,
 * and its spacing (the GSettings keys show-grid, snap-to-grid, grid-size,
 * applied by the window); drawing its dots; the snap step the controllers
 * and actions use (half the spacing, so elements sit on and between the
 * drawn dots).
 * Must not: read GSettings itself or move elements.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"

void
bg_canvas_set_grid (BgCanvas *self,
                    gboolean  show,
                    gboolean  snap,
                    double    spacing)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  self->grid_hidden = !show;
  self->snap_off = !snap;
  self->grid_spacing = CLAMP (spacing, 5.0, 200.0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_get_grid (BgCanvas *self,
                    gboolean *show,
                    gboolean *snap,
                    double   *spacing)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (show != NULL)
    *show = !self->grid_hidden;
  if (snap != NULL)
    *snap = !self->snap_off;
  if (spacing != NULL)
    *spacing = bg_canvas_grid_spacing (self);
}

/* The distance between drawn grid dots, in model units. */
double
bg_canvas_grid_spacing (BgCanvas *self)
{
  return self->grid_spacing > 0 ? self->grid_spacing : 2 * BG_GEOMETRY_GRID;
}

/* The step moves and inserts snap to (0: no snapping); arrow keys move by
 * it even without snapping (half the spacing then too). */
double
bg_canvas_snap_step (BgCanvas *self)
{
  return self->snap_off ? 0 : bg_canvas_grid_spacing (self) / 2;
}

double
bg_canvas_nudge_step (BgCanvas *self)
{
  return bg_canvas_grid_spacing (self) / 2;
}

/* Drawing ---------------------------------------------------------------- */

void
bg_canvas_draw_grid (BgCanvas *self,
                     cairo_t  *cr,
                     int       width,
                     int       height)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  double spacing = bg_canvas_grid_spacing (self);
  double x0, y0, x1, y1, r;

  if (self->grid_hidden)
    return;

  while (spacing * self->zoom < 16)
    spacing *= 2;
  r = MAX (0.6, MIN (1.2, self->zoom * 0.8));

  bg_canvas_view_to_model (self, 0, 0, &x0, &y0);
  bg_canvas_view_to_model (self, width, height, &x1, &y1);
  x0 = floor (x0 / spacing) * spacing;
  y0 = floor (y0 / spacing) * spacing;

  for (double y = y0; y <= y1; y += spacing)
    for (double x = x0; x <= x1; x += spacing)
      {
        double vx, vy;

        bg_canvas_model_to_view (self, x, y, &vx, &vy);
        cairo_rectangle (cr, round (vx) - r / 2, round (vy) - r / 2, r, r);
      }
  cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue,
                         0.18);
  cairo_fill (cr);
}
