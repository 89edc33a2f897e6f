/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-grid.c — the canvas's grid preferences.
 *
 * Owns: whether the grid is drawn, whether moves and inserts snap to it,
 * and its spacing (the GSettings keys show-grid, snap-to-grid, grid-size,
 * applied by the window); the snap step the controllers and actions use
 * (half the spacing, so elements sit on and between the drawn dots).
 * Must not: read GSettings itself or move elements.
 */
#include "config.h"

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
