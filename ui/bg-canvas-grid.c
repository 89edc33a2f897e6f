/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-grid.c — the canvas's grid.
 *
 * Owns: whether the grid is drawn, whether moves and inserts snap to it,
 * and its spacing, as the properties "show-grid", "snap-to-grid" and
 * "grid-size" (the window binds the GSettings keys of the same names to
 * them); drawing its dots; the snap step the controllers and actions use
 * (half the spacing, so elements sit on and between the drawn dots).
 * Must not: read GSettings itself or move elements.
 */
#include "config.h"

#include <math.h>

#include "bg-canvas-private.h"
#include "bg-widget-util-private.h"

#define GRID_MIN 5.0
#define GRID_MAX 200.0

enum
{
  GRID_PROP_SHOW,
  GRID_PROP_SNAP,
  GRID_PROP_SIZE,
  N_GRID_PROPS
};

static GParamSpec *grid_properties[N_GRID_PROPS];
/* The canvas's id of the first grid property (they follow its own). */
static guint grid_first_prop;

void
bg_canvas_set_grid (BgCanvas *self,
                    gboolean  show,
                    gboolean  snap,
                    double    spacing)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  spacing = CLAMP (spacing, GRID_MIN, GRID_MAX);
  g_object_freeze_notify (G_OBJECT (self));
  if (self->grid_hidden != !show)
    {
      self->grid_hidden = !show;
      g_object_notify_by_pspec (G_OBJECT (self), grid_properties[GRID_PROP_SHOW]);
    }
  if (self->snap_off != !snap)
    {
      self->snap_off = !snap;
      g_object_notify_by_pspec (G_OBJECT (self), grid_properties[GRID_PROP_SNAP]);
    }
  if (_bg_canvas_grid_spacing (self) != spacing)
    g_object_notify_by_pspec (G_OBJECT (self), grid_properties[GRID_PROP_SIZE]);
  self->grid_spacing = spacing;
  g_object_thaw_notify (G_OBJECT (self));
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
    *spacing = _bg_canvas_grid_spacing (self);
}

/* The distance between drawn grid dots, in model units. */
double
_bg_canvas_grid_spacing (BgCanvas *self)
{
  return self->grid_spacing > 0 ? self->grid_spacing : 2 * BG_GEOMETRY_GRID;
}

/* The step moves and inserts snap to (0: no snapping); arrow keys move by
 * it even without snapping (half the spacing then too). */
double
_bg_canvas_snap_step (BgCanvas *self)
{
  return self->snap_off ? 0 : _bg_canvas_grid_spacing (self) / 2;
}

double
_bg_canvas_nudge_step (BgCanvas *self)
{
  return _bg_canvas_grid_spacing (self) / 2;
}

/* Properties ------------------------------------------------------------- */

guint
_bg_canvas_grid_class_init (GObjectClass *object_class,
                            guint         first_prop_id)
{
  grid_first_prop = first_prop_id;
  grid_properties[GRID_PROP_SHOW] =
    g_param_spec_boolean ("show-grid", NULL, NULL, TRUE, _BG_PARAM_READWRITE);
  grid_properties[GRID_PROP_SNAP] =
    g_param_spec_boolean ("snap-to-grid", NULL, NULL, TRUE, _BG_PARAM_READWRITE);
  /* model units between the drawn dots */
  grid_properties[GRID_PROP_SIZE] =
    g_param_spec_double ("grid-size", NULL, NULL, GRID_MIN, GRID_MAX,
                         2 * BG_GEOMETRY_GRID, _BG_PARAM_READWRITE);
  for (guint i = 0; i < N_GRID_PROPS; i++)
    g_object_class_install_property (object_class, first_prop_id + i,
                                     grid_properties[i]);
  return first_prop_id + N_GRID_PROPS;
}

/* Which grid property prop_id is (GRID_PROP_*), or -1: not one of them. */
static int
grid_prop (guint prop_id)
{
  if (prop_id < grid_first_prop || prop_id >= grid_first_prop + N_GRID_PROPS)
    return -1;
  return (int) (prop_id - grid_first_prop);
}

gboolean
_bg_canvas_grid_get_property (BgCanvas *self,
                              guint     prop_id,
                              GValue   *value)
{
  switch (grid_prop (prop_id))
    {
    case GRID_PROP_SHOW:
      g_value_set_boolean (value, !self->grid_hidden);
      return TRUE;
    case GRID_PROP_SNAP:
      g_value_set_boolean (value, !self->snap_off);
      return TRUE;
    case GRID_PROP_SIZE:
      g_value_set_double (value, _bg_canvas_grid_spacing (self));
      return TRUE;
    default:
      return FALSE;
    }
}

/* One grid property set, the other two kept (bg_canvas_set_grid notifies). */
gboolean
_bg_canvas_grid_set_property (BgCanvas     *self,
                              guint         prop_id,
                              const GValue *value)
{
  int which = grid_prop (prop_id);
  gboolean show, snap;
  double spacing;

  if (which < 0)
    return FALSE;
  bg_canvas_get_grid (self, &show, &snap, &spacing);
  if (which == GRID_PROP_SHOW)
    show = g_value_get_boolean (value);
  else if (which == GRID_PROP_SNAP)
    snap = g_value_get_boolean (value);
  else
    spacing = g_value_get_double (value);
  bg_canvas_set_grid (self, show, snap, spacing);
  return TRUE;
}

/* Drawing ---------------------------------------------------------------- */

void
_bg_canvas_draw_grid (BgCanvas *self,
                      cairo_t  *cr,
                      int       width,
                      int       height)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  double spacing = _bg_canvas_grid_spacing (self);
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
