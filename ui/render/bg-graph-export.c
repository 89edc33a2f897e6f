/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-export.c — a whole bond graph to a PNG, SVG or PDF file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: bg_graph_renderer_export (the picture `bgmod-cli render` and
 * Export Diagram… write): its size, margin and light style, through the
 * renderer's public drawing calls and bg-export.h's one way to a file.
 * Must not: draw anything the canvas would not.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-graph-renderer.h"
#include "bg-export.h"

G_DEFINE_QUARK (bg-graph-renderer-error-quark, bg_graph_renderer_error)

typedef struct
{
  BgGraphRenderer *renderer;
  BgModel         *model;
  BgCausality     *causality;
  BgGraphView     *view;
} Picture;

static void
draw_picture_cb (cairo_t *cr,
                 gpointer data)
{
  Picture *picture = data;

  bg_graph_renderer_draw (picture->renderer, cr, picture->model,
                          picture->causality, picture->view);
}

gboolean
bg_graph_renderer_export (BgModel     *model,
                          BgCausality *causality,
                          const char  *path,
                          double       presentation_scale,
                          GError     **error)
{
  g_autofree char *reason = NULL;
  BgGraphRenderer *renderer;
  BgGraphView view;
  BgRect bounds;
  Picture picture;
  BgExportFormat format;
  gboolean png, ok;
  double margin = 24, zoom, width, height;

  g_return_val_if_fail (model != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!bg_export_format_for_path (path, TRUE, &format))
    {
      g_set_error (error, BG_GRAPH_RENDERER_ERROR,
                   BG_GRAPH_RENDERER_ERROR_FORMAT,
                   _("%s: unknown image format; use a name ending in .png, .svg or .pdf"),
                   path);
      return FALSE;
    }
  png = format == BG_EXPORT_PNG;

  renderer = bg_graph_renderer_new ();
  bg_graph_view_init (&view);
  view.presentation_scale = presentation_scale > 0 ? presentation_scale : 1.0;
  view.draw_background = TRUE;
  if (!bg_graph_renderer_get_bounds (renderer, model, view.presentation_scale,
                                     &bounds))
    bounds = (BgRect) { 0, 0, 100, 60 };

  /* PNG at twice the model size for crisp text; SVG and PDF at model size
   * (a model unit is a point). */
  zoom = png ? 2.0 : 1.0;
  margin *= view.presentation_scale;
  width = ceil ((bounds.width + 2 * margin) * zoom);
  height = ceil ((bounds.height + 2 * margin) * zoom);
  view.zoom = zoom;
  view.offset_x = (margin - bounds.x) * zoom;
  view.offset_y = (margin - bounds.y) * zoom;

  /* The one export path of every picture (bg-export.c). */
  picture = (Picture) { renderer, model, causality, &view };
  ok = bg_export_write (path, format, width, height, 1.0, draw_picture_cb, &picture, &reason);
  if (!ok)
    g_set_error (error, BG_GRAPH_RENDERER_ERROR,
                 BG_GRAPH_RENDERER_ERROR_WRITE,
                 _("%s: cannot write the image: %s"), path, reason);
  bg_graph_renderer_free (renderer);
  return ok;
}
