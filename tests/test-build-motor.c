/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-build-motor.c — the DC-motor example built by mouse in the window.
 *
 * Owns: one UI test that starts from an empty document and, through the
 * real widgets, clicks palette rows, drags each element to its place and
 * draws every bond by dragging from a connection dot or port to the other
 * element (the canvas's own gesture controllers, fed the positions a
 * pointer would have), then checks the model, the strokes and the status
 * line against data/examples/dc-motor-gear-load.bgmod. Must not: edit the
 * model directly.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-test-ui.h"
#include "bg-canvas.h"
#include "bg-canvas-private.h"
#include "bg-palette.h"
#include "bg-file.h"

static BgApplication *app;

static void
drag (GtkGesture *gesture, double x0, double y0, double x1, double y1)
{
  g_signal_emit_by_name (gesture, "drag-begin", x0, y0);
  g_signal_emit_by_name (gesture, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
  g_signal_emit_by_name (gesture, "drag-update", x1 - x0, y1 - y0);
  g_signal_emit_by_name (gesture, "drag-end", x1 - x0, y1 - y0);
  bg_test_ui_pump ();
}

static void
hover (BgCanvas *canvas, double x, double y)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (c))
        g_signal_emit_by_name (c, "motion", x, y);
    }
  g_object_unref (controllers);
}

static void
element_view_point (BgCanvas *canvas, const char *id, int port, double *x, double *y)
{
  BgElement *e = bg_model_find_element (canvas->model, id);
  BgElementShape shape;

  g_assert_nonnull (e);
  _bg_canvas_element_shape (canvas, e, &shape);
  if (port >= 0)
    bg_canvas_model_to_view (canvas, shape.ports[port].x, shape.ports[port].y, x, y);
  else
    bg_canvas_model_to_view (canvas, e->x, e->y, x, y);
}

/* A click on the palette row inserts at the canvas centre; a drag of the
 * new element (on top of any other there) puts it at (mx, my). */
static char *
place (BgWindow *window, BgDomain domain, const char *type, double mx, double my)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgPalette *palette = bg_window_get_palette (window);
  GPtrArray *elements = bg_model_get_elements (bg_test_ui_window_model (window));
  guint before = elements->len;
  BgElement *e;
  double x0, y0, x1, y1;

  bg_palette_set_domain (palette, domain);
  g_assert_true (gtk_widget_activate (bg_palette_get_item (palette, type)));
  bg_test_ui_pump ();
  g_assert_cmpuint (elements->len, ==, before + 1);
  e = g_ptr_array_index (elements, before);
  bg_canvas_model_to_view (canvas, e->x, e->y, &x0, &y0);
  bg_canvas_model_to_view (canvas, mx, my, &x1, &y1);
  drag (canvas->drags[0], x0, y0, x1, y1);
  g_assert_cmpfloat (fabs (e->x - mx), <, 12);
  g_assert_cmpfloat (fabs (e->y - my), <, 12);
  return g_strdup (e->id);
}

/* A bond by mouse: from the hovered element's dot (or a port) to the
 * other element's label (or port). */
static void
bond (BgCanvas *canvas, const char *from, int from_port, const char *to, int to_port)
{
  GPtrArray *bonds = bg_model_get_bonds (canvas->model);
  guint before = bonds->len;
  double x0, y0, x1, y1;

  element_view_point (canvas, from, from_port, &x0, &y0);
  if (from_port < 0)
    {
      BgElementShape shape;
      BgPoint h;

      hover (canvas, x0, y0);
      _bg_canvas_element_shape (canvas, bg_model_find_element (canvas->model, from), &shape);
      h = _bg_canvas_handle_position (canvas, &shape);
      bg_canvas_model_to_view (canvas, h.x, h.y, &x0, &y0);
    }
  element_view_point (canvas, to, to_port, &x1, &y1);
  drag (canvas->drags[1], x0, y0, x1, y1);
  g_assert_cmpuint (bonds->len, ==, before + 1);
}

static void
test_build_dc_motor (void)
{
  BgWindow *window = bg_test_ui_present (bg_test_ui_new_window (app, NULL));
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                            "dc-motor-gear-load.bgmod", NULL);
  g_autoptr(BgModel) example = bg_file_load_path (path, NULL);
  g_autoptr(BgCausality) built = NULL, wanted = NULL;
  char *u, *mot, *gear, *j0, *k, *j1, *b, *load;
  GPtrArray *bonds;

  g_assert_nonnull (example);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 0);
  _bg_canvas_set_zoom_internal (canvas, 0.8, 0, 0);
  bg_test_ui_pump ();

  u = place (window, BG_DOMAIN_ELECTRICAL, "Se", 80, 200);
  mot = place (window, BG_DOMAIN_ELECTRICAL, "DCMotor", 260, 200);
  gear = place (window, BG_DOMAIN_ROTATIONAL, "TF", 440, 200);
  j0 = place (window, BG_DOMAIN_ROTATIONAL, "0", 580, 200);
  k = place (window, BG_DOMAIN_ROTATIONAL, "C", 580, 320);
  j1 = place (window, BG_DOMAIN_ROTATIONAL, "1", 720, 200);
  b = place (window, BG_DOMAIN_ROTATIONAL, "R", 720, 80);
  load = place (window, BG_DOMAIN_ROTATIONAL, "I", 860, 200);

  bond (canvas, u, -1, mot, 0);          /* Se → MOT.E */
  bond (canvas, mot, 1, gear, 0);        /* MOT.W → GEAR.P */
  bond (canvas, gear, 1, j0, -1);        /* GEAR.S → 0 */
  bond (canvas, j0, -1, k, -1);
  bond (canvas, j0, -1, j1, -1);
  bond (canvas, j1, -1, b, -1);
  bond (canvas, j1, -1, load, -1);

  /* The same graph as the example: ports, strokes, states. */
  bonds = bg_model_get_bonds (model);
  g_assert_cmpuint (bonds->len, ==, 7);
  g_assert_cmpstr (((BgBond *) g_ptr_array_index (bonds, 0))->to->spec->type, ==, "DCMotor");
  g_assert_cmpint (((BgBond *) g_ptr_array_index (bonds, 0))->to_port, ==, 0);
  g_assert_cmpint (((BgBond *) g_ptr_array_index (bonds, 1))->from_port, ==, 1);
  g_assert_cmpint (((BgBond *) g_ptr_array_index (bonds, 1))->to_port, ==, 0);
  built = bg_causality_analyze (model);
  wanted = bg_causality_analyze (example);
  g_assert_true (bg_causality_is_ok (built));
  g_assert_cmpuint (bg_causality_get_states (built)->len, ==, 4);
  for (guint i = 0; i < 7; i++)
    {
      g_autofree char *id = g_strdup_printf ("b%u", i + 1);

      g_assert_cmpint (bg_causality_lookup_stroke (built, id), ==,
                       bg_causality_lookup_stroke (wanted, id));
    }
  g_assert_true (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));
  g_assert_nonnull (strstr (bg_window_get_status_text (window), "4 states"));

  g_free (u); g_free (mot); g_free (gear); g_free (j0);
  g_free (k); g_free (j1); g_free (b); g_free (load);
  bg_test_ui_destroy_window (window);
}

/* Copy and paste keep a gyrator's S domain and a pulse whose width only
 * fits its own period (parameters are checked together). */
static void
test_copy_paste_new_entries (void)
{
  BgWindow *window = bg_test_ui_present (bg_test_ui_new_window (app, NULL));
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autoptr(GError) error = NULL;
  const char *names[] = { "waveform", "width", "period" };
  BgParamValue values[3] = {
    { BG_PARAM_CHOICE, 0, (char *) "pulse", NULL },
    { BG_PARAM_NUMBER, 2, NULL, NULL },
    { BG_PARAM_NUMBER, 3, NULL, NULL },
  };
  const char *ids[] = { "G", "U", NULL };
  g_autofree char *text = NULL;
  GPtrArray *elements = bg_model_get_elements (model);

  g_assert_nonnull (bg_model_add_element (model, "GY", BG_DOMAIN_ELECTRICAL, "G", 0, 0, &error));
  g_assert_true (bg_model_set_domain_s (model, "G", BG_DOMAIN_ROTATIONAL, &error));
  g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 100, 0, &error));
  g_assert_true (bg_model_set_params (model, "U", names, values, 3, &error));
  bg_test_ui_pump ();
  bg_canvas_select_ids (canvas, ids);
  text = bg_canvas_dup_selection_text (canvas);
  g_assert_nonnull (text);
  g_assert_true (bg_canvas_paste_text (canvas, text, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (elements->len, ==, 4);
  for (guint i = 2; i < 4; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);

      if (e->spec->has_domain_s)
        g_assert_cmpint (e->spec->ports[1].domain, ==, BG_DOMAIN_ROTATIONAL);
      else
        {
          guint period;

          g_assert_nonnull (bg_component_spec_find_param (e->spec, "period", &period));
          g_assert_cmpfloat (e->params[period].number, ==, 3);
        }
    }
  bg_test_ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-build-motor-XXXXXX");
  app = bg_test_ui_app_new ();
  g_test_add_func ("/ui/build/dc-motor-by-mouse", test_build_dc_motor);
  g_test_add_func ("/ui/build/copy-paste-new-entries", test_copy_paste_new_entries);
  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
