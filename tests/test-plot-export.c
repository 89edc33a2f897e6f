/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-plot-export.c — the plot pane's exports and its saved choice of
 * variables, in a real window.
 *
 * Owns: tests of PNG export at a chosen size and scale (through
 * bg_plot_pane_export_png and through the export dialog's choices), of the
 * export matching the plot on screen, and of a change of the plotted
 * variables marking the document modified until it is saved. Runs under
 * Xvfb with a private session bus (see tests/meson.build). Must not: depend
 * on a file chooser portal (GTK_USE_PORTAL=0 gives GTK's own dialog).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "bg-file.h"
#include "bg-plot-pane.h"
#include "bg-test-ui.h"

#define RUN_TIMEOUT_S 60

static BgApplication *app;
static char *tmp_dir;

/* A copy of an example in the test's directory, so saving is harmless. */
static GFile *
copy_example (const char *name)
{
  g_autofree char *source = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                              name, NULL);
  g_autofree char *target = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *text = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (source, &text, &length, &error));
  g_assert_true (g_file_set_contents (target, text, length, &error));
  g_assert_no_error (error);
  return g_file_new_for_path (target);
}

static BgWindow *
open_window (const char *example)
{
  g_autoptr(GFile) file = copy_example (example);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgDocument) document = bg_document_new_for_file (file, &error);
  BgWindow *window;

  g_assert_no_error (error);
  window = bg_window_new (GTK_APPLICATION (app), document);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 860);
  return bg_test_ui_present (window);
}

static gboolean
is_plot_pane (GtkWidget     *widget,
              gconstpointer  data)
{
  return BG_IS_PLOT_PANE (widget);
}

static BgPlotPane *
window_pane (BgWindow *window)
{
  GtkWidget *pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_plot_pane, NULL);

  g_assert_nonnull (pane);
  return BG_PLOT_PANE (pane);
}

/* The picker's check box whose label starts with the variable's name. */
static gboolean
is_check_for (GtkWidget     *widget,
              gconstpointer  name)
{
  GtkWidget *label;
  g_autofree char *prefix = NULL;

  if (!GTK_IS_CHECK_BUTTON (widget))
    return FALSE;
  label = gtk_check_button_get_child (GTK_CHECK_BUTTON (widget));
  prefix = g_strconcat (name, " ", NULL);
  return GTK_IS_LABEL (label) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (label)), prefix);
}

/* The shown toplevel of TYPE whose transient parent is PARENT, or NULL. */
static GtkWindow *
find_transient (GtkWindow *parent,
                GType      type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) &&
        gtk_window_get_transient_for (l->data) == parent &&
        gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* Runs the window's simulation to its end with the given variables. */
static void
run_with (BgWindow          *window,
          const char *const *names)
{
  BgPlotPane *pane = window_pane (window);
  gboolean timed_out = FALSE;
  guint timeout;

  bg_plot_pane_set_vars (pane, names);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  timeout = g_timeout_add_seconds (RUN_TIMEOUT_S, bg_test_ui_flag_cb, &timed_out);
  while (bg_plot_pane_is_running (pane) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  g_assert_cmpint (bg_simulation_run_get_report (bg_plot_pane_get_run (pane))->status, ==,
                   BG_SIM_STATUS_FINISHED);
  /* let the frame clock lay out and draw the plot */
  bg_test_ui_wait_ms (150);
}

/* Whether a pixel is within a small distance of the colour. */
static gboolean
pixel_near (const guint8      *data,
            int                stride,
            int                x,
            int                y,
            const BgPlotColor *color)
{
  guint32 p = *(const guint32 *) (data + y * stride + 4 * x);

  return abs ((int) ((p >> 16) & 0xff) - (int) round (color->red * 255)) < 12 &&
         abs ((int) ((p >> 8) & 0xff) - (int) round (color->green * 255)) < 12 &&
         abs ((int) (p & 0xff) - (int) round (color->blue * 255)) < 12;
}

static guint
count_pixels (cairo_surface_t   *surface,
              const BgPlotColor *color)
{
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      n += pixel_near (data, stride, x, y, color);
  return n;
}

/* Decodes PATH and checks its pixel size and the trace's colour in it. */
static void
assert_png (const char        *path,
            int                width,
            int                height,
            const BgPlotColor *trace)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  guint n;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  /* a 2-px line across most of the width, at least */
  n = count_pixels (surface, trace);
  g_test_message ("%s: %d × %d, %u trace pixels", path, width, height, n);
  g_assert_cmpuint (n, >, (guint) width / 2);
  cairo_surface_destroy (surface);
}

/* Tests ------------------------------------------------------------------- */

/* Every size and scale the dialog offers gives an image of size × scale
 * pixels with the trace in it. */
static void
test_png_sizes (void)
{
  static const struct { int width, height; } sizes[] = {
    { 0, 0 }, { 1280, 720 }, { 1920, 1080 }, { 800, 600 },
  };
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgPlotView *view = bg_plot_pane_get_view (pane);
  const char *names[] = { "C1.e", NULL };
  BgPlotColor trace;
  int screen_w, screen_h;

  run_with (window, names);
  bg_plot_renderer_get_trace_color (bg_plot_view_get_renderer (view), 0, &trace);
  screen_w = gtk_widget_get_width (GTK_WIDGET (view));
  screen_h = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_cmpint (screen_w, >=, 320);
  g_assert_cmpint (screen_h, >=, 200);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int scale = 1; scale <= 3; scale++)
      {
        g_autofree char *file = g_strdup_printf ("rc-%dx%d@%d.png", sizes[i].width,
                                                 sizes[i].height, scale);
        g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
        g_autoptr(GError) error = NULL;
        int w = sizes[i].width > 0 ? sizes[i].width : screen_w;
        int h = sizes[i].height > 0 ? sizes[i].height : screen_h;

        g_assert_true (bg_plot_pane_export_png (pane, path, sizes[i].width, sizes[i].height,
                                                scale, &error));
        g_assert_no_error (error);
        assert_png (path, w * scale, h * scale, &trace);
        g_assert_cmpint (g_remove (path), ==, 0);
      }

  /* the one-call export keeps its on-screen size at scale 2 */
  {
    g_autofree char *path = g_build_filename (tmp_dir, "rc-default.png", NULL);

    g_assert_true (bg_plot_pane_export (pane, path, NULL));
    assert_png (path, 2 * screen_w, 2 * screen_h, &trace);
    g_assert_cmpint (g_remove (path), ==, 0);
  }

  /* a bad scale is refused with the renderer's reason, and nothing written */
  {
    g_autofree char *path = g_build_filename (tmp_dir, "rc-bad.png", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (bg_plot_pane_export_png (pane, path, 800, 600, 0, &error));
    g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_INVALID_SIZE);
    g_test_message ("refused: %s", error->message);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }

  bg_test_ui_destroy_window (window);
}

/* The view as the screen shows it, drawn by the window's own renderer. */
static cairo_surface_t *
render_on_screen (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  cairo_surface_t *surface;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_surface_flush (surface);
  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* The export at the on-screen size and scale 1 is the plot on screen: with
 * a zoomed time window, the trace covers the same pixels. */
static void
test_png_matches_screen (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  BgPlotView *view = bg_plot_pane_get_view (pane);
  BgPlotRenderer *renderer = bg_plot_view_get_renderer (view);
  g_autofree char *path = g_build_filename (tmp_dir, "rc-screen.png", NULL);
  const char *names[] = { "C1.e", "b2.f", NULL };
  cairo_surface_t *screen, *exported;
  double t0, t1, y0, y1;
  guint both = 0, either = 0;
  BgPlotColor trace;

  run_with (window, names);
  bg_plot_renderer_set_time_range (renderer, 1.0, 2.0);
  gtk_widget_queue_draw (GTK_WIDGET (view));
  bg_test_ui_wait_ms (150);
  bg_plot_renderer_get_trace_color (renderer, 0, &trace);

  screen = render_on_screen (GTK_WIDGET (view));
  g_assert_true (bg_plot_pane_export_png (pane, path, 0, 0, 1, NULL));
  exported = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (exported), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (exported), ==,
                   cairo_image_surface_get_width (screen));
  g_assert_cmpint (cairo_image_surface_get_height (exported), ==,
                   cairo_image_surface_get_height (screen));

  cairo_surface_flush (exported);
  for (int y = 0; y < cairo_image_surface_get_height (screen); y++)
    for (int x = 0; x < cairo_image_surface_get_width (screen); x++)
      {
        gboolean a = pixel_near (cairo_image_surface_get_data (screen),
                                 cairo_image_surface_get_stride (screen), x, y, &trace);
        gboolean b = pixel_near (cairo_image_surface_get_data (exported),
                                 cairo_image_surface_get_stride (exported), x, y, &trace);

        both += a && b;
        either += a || b;
      }
  g_test_message ("trace pixels: %u on both, %u on either", both, either);
  g_assert_cmpuint (either, >, 200);
  /* anti-aliasing may differ at a few edge pixels, nothing more */
  g_assert_cmpfloat ((double) both / either, >, 0.95);

  /* exporting left the screen's time window alone */
  g_assert_true (bg_plot_renderer_get_view (renderer, 0, &t0, &t1, &y0, &y1));
  g_assert_cmpfloat (t0, ==, 1.0);
  g_assert_cmpfloat (t1, ==, 2.0);

  cairo_surface_destroy (screen);
  cairo_surface_destroy (exported);
  g_assert_cmpint (g_remove (path), ==, 0);
  bg_test_ui_destroy_window (window);
}


/* Opens the export dialog of ACTION and returns it once shown. */
static GtkFileChooser *
open_export_dialog (BgWindow   *window,
                    const char *action)
{
  GtkWindow *dialog = NULL;
  gboolean timed_out = FALSE;
  guint timeout;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window_pane (window)), action, NULL));
  timeout = g_timeout_add_seconds (10, bg_test_ui_flag_cb, &timed_out);
  while (!timed_out &&
         ((dialog = find_transient (GTK_WINDOW (window), GTK_TYPE_FILE_CHOOSER_DIALOG)) == NULL ||
          !gtk_widget_get_mapped (GTK_WIDGET (dialog))))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
  return GTK_FILE_CHOOSER (dialog);
}

/* The position of the item labelled LABEL in a drop-down, or -1. */
static int
drop_down_position (GtkWidget  *widget,
                    const char *label)
{
  GListModel *items = GTK_IS_DROP_DOWN (widget)
                      ? gtk_drop_down_get_model (GTK_DROP_DOWN (widget)) : NULL;

  for (guint i = 0; items != NULL && i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (items, i);

      if (GTK_IS_STRING_OBJECT (item) &&
          g_str_equal (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), label))
        return (int) i;
    }
  return -1;
}

static gboolean
is_drop_down_with (GtkWidget     *widget,
                   gconstpointer  label)
{
  return drop_down_position (widget, label) >= 0;
}

/* Picks the item labelled LABEL in whichever drop-down of the dialog lists
 * it, as a click would (gtk_file_chooser_set_choice does nothing in GTK
 * 4.8's dialog). */
static gboolean
pick_choice (GtkWidget  *root,
             const char *label)
{
  GtkWidget *drop_down = bg_test_ui_find_widget (root, is_drop_down_with, label);

  if (drop_down == NULL)
    return FALSE;
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down),
                              (guint) drop_down_position (drop_down, label));
  return TRUE;
}

/* Answers DIALOG with Export for NAME in the test's directory and waits
 * until the dialog has gone (the chooser checks the name asynchronously). */
static void
accept_export_dialog (GtkFileChooser *dialog,
                      const char     *name)
{
  g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);
  g_autoptr(GError) error = NULL;
  gboolean timed_out = FALSE;
  guint timeout;

  g_assert_true (gtk_file_chooser_set_current_folder (dialog, folder, &error));
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (dialog, name);
  bg_test_ui_pump ();
  /* the pane destroys the chooser with its dialog once it has answered */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  timeout = g_timeout_add_seconds (10, bg_test_ui_flag_cb, &timed_out);
  while (!timed_out && dialog != NULL && gtk_widget_get_visible (GTK_WIDGET (dialog)))
    g_main_context_iteration (NULL, TRUE);
  if (dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
}

/* Whether @needle is in the @length bytes of @data (NULs and all). */
static gboolean
has_bytes (const char *data,
           gsize       length,
           const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

/* Export PNG… offers the size (as on screen by default) and the scale (2×
 * by default); the chosen ones make the image. SVG and PDF have no such
 * choices and write their format whatever the name. */
static void
test_export_dialog (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgPlotPane *pane = window_pane (window);
  g_autofree char *png = g_build_filename (tmp_dir, "dialog.png", NULL);
  g_autofree char *svg = g_build_filename (tmp_dir, "drawing", NULL);
  g_autofree char *svg_text = NULL;
  g_autofree char *current_name = NULL;
  const char *names[] = { "C1.e", NULL };
  GtkFileChooser *dialog;
  BgPlotColor trace;

  run_with (window, names);
  bg_plot_renderer_get_trace_color (bg_plot_view_get_renderer (bg_plot_pane_get_view (pane)),
                                    0, &trace);

  dialog = open_export_dialog (window, "plot.export-png");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Plot");
  current_name = gtk_file_chooser_get_current_name (dialog);
  g_assert_cmpstr (current_name, ==, "rc-circuit.png");
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "size"), ==, "screen");
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "scale"), ==, "2");
  bg_test_ui_maybe_screenshot ("export-png-dialog");

  {
    g_autofree char *screen = g_strdup_printf ("As on screen (%d × %d)",
      gtk_widget_get_width (GTK_WIDGET (bg_plot_pane_get_view (pane))),
      gtk_widget_get_height (GTK_WIDGET (bg_plot_pane_get_view (pane))));

    /* what the drop-downs offer */
    g_assert_true (pick_choice (GTK_WIDGET (dialog), screen));
    g_assert_true (pick_choice (GTK_WIDGET (dialog), "1920 × 1080"));
    g_assert_true (pick_choice (GTK_WIDGET (dialog), "800 × 600"));
    g_assert_true (pick_choice (GTK_WIDGET (dialog), "1×"));
  }
  g_assert_true (pick_choice (GTK_WIDGET (dialog), "1280 × 720"));
  g_assert_true (pick_choice (GTK_WIDGET (dialog), "3×"));
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "size"), ==, "1280x720");
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "scale"), ==, "3");
  accept_export_dialog (dialog, "dialog.png");
  assert_png (png, 3 * 1280, 3 * 720, &trace);
  g_assert_cmpstr (bg_plot_pane_get_status_text (pane), ==,
                   "Exported dialog.png (3840 × 2160 pixels)");

  /* the defaults: the on-screen size at 2× */
  dialog = open_export_dialog (window, "plot.export-png");
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "size"), ==, "screen");
  g_assert_cmpstr (gtk_file_chooser_get_choice (dialog, "scale"), ==, "2");
  accept_export_dialog (dialog, "dialog-default.png");
  {
    g_autofree char *path = g_build_filename (tmp_dir, "dialog-default.png", NULL);
    GtkWidget *view = GTK_WIDGET (bg_plot_pane_get_view (pane));

    assert_png (path, 2 * gtk_widget_get_width (view), 2 * gtk_widget_get_height (view),
                &trace);
    g_assert_cmpint (g_remove (path), ==, 0);
  }

  dialog = open_export_dialog (window, "plot.export-svg");
  g_clear_pointer (&current_name, g_free);
  current_name = gtk_file_chooser_get_current_name (dialog);
  g_assert_cmpstr (current_name, ==, "rc-circuit.svg");
  accept_export_dialog (dialog, "drawing");
  g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  g_assert_cmpstr (bg_plot_pane_get_status_text (pane), ==, "Exported drawing");

  /* PDF for printing: a page as large as the plot on screen (96 px an inch) */
  dialog = open_export_dialog (window, "plot.export-pdf");
  g_clear_pointer (&current_name, g_free);
  current_name = gtk_file_chooser_get_current_name (dialog);
  g_assert_cmpstr (current_name, ==, "rc-circuit.pdf");
  accept_export_dialog (dialog, "printed");
  {
    g_autofree char *path = g_build_filename (tmp_dir, "printed", NULL);
    g_autofree char *pdf_text = NULL;
    gsize length = 0;
    GtkWidget *view = GTK_WIDGET (bg_plot_pane_get_view (pane));
    g_autofree char *media = g_strdup_printf ("/MediaBox [ 0 0 %g %g ]",
                                              0.75 * gtk_widget_get_width (view),
                                              0.75 * gtk_widget_get_height (view));

    g_assert_true (g_file_get_contents (path, &pdf_text, &length, NULL));
    g_assert_true (g_str_has_prefix (pdf_text, "%PDF-"));
    g_assert_true (has_bytes (pdf_text, length, "%%EOF"));
    g_test_message ("%s", media);
    g_assert_true (has_bytes (pdf_text, length, media));
    g_assert_cmpstr (bg_plot_pane_get_status_text (pane), ==, "Exported printed");
    g_assert_cmpint (g_remove (path), ==, 0);
  }

  g_assert_cmpint (g_remove (png), ==, 0);
  g_assert_cmpint (g_remove (svg), ==, 0);
  bg_test_ui_destroy_window (window);
}

/* Choosing a variable is an unsaved change: the document is modified (and
 * closing asks), the analysis is not redone, and saving clears it. */
static void
test_vars_modify_document (void)
{
  BgWindow *window = open_window ("rc-circuit.bgmod");
  BgDocument *document = bg_window_get_document (window);
  BgModel *model = bg_document_get_model (document);
  BgPlotPane *pane = window_pane (window);
  BgVariablePicker *picker = bg_plot_pane_get_picker (pane);
  BgCausality *causality = bg_document_get_causality (document);
  guint64 revision = bg_model_get_revision (model);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) vars = NULL;
  g_autoptr(BgModel) reread = NULL;
  g_auto(GStrv) saved = NULL;
  GtkWidget *check, *message;

  /* opening shows the default choice without changing anything */
  g_assert_false (bg_document_get_modified (document));
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_true (g_strv_contains ((const char *const *) vars, "C1.e"));
  g_assert_false (g_strv_contains ((const char *const *) vars, "b3.e"));

  /* the user ticks b3.e */
  bg_variable_picker_count_visible (picker);  /* builds the list */
  check = bg_test_ui_find_widget (GTK_WIDGET (picker), is_check_for, "b3.e");
  g_assert_nonnull (check);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  bg_test_ui_pump ();
  g_assert_true (bg_document_get_modified (document));
  g_assert_nonnull (strstr (bg_model_get_view_json (model), "\"b3.e\""));
  /* no edit: no new analysis, the one there is still current, no undo step */
  g_assert_true (bg_document_get_causality (document) == causality);
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_cmpuint (bg_causality_get_revision (causality), ==, bg_model_get_revision (model));
  g_assert_false (bg_model_can_undo (model));
  g_assert_true (bg_plot_pane_can_run (pane));

  /* closing asks to save; Save writes the choice and closes */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  bg_test_ui_pump ();
  message = GTK_WIDGET (find_transient (GTK_WINDOW (window), GTK_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (message);
  gtk_dialog_response (GTK_DIALOG (message), GTK_RESPONSE_CANCEL);
  bg_test_ui_pump ();
  g_assert_true (bg_document_get_modified (document));

  g_assert_true (bg_window_save_to_file (window, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (bg_document_get_modified (document));
  reread = bg_file_load (bg_document_get_file (document), &error);
  g_assert_no_error (error);
  saved = bg_variable_picker_load_saved (reread);
  g_assert_nonnull (saved);
  g_assert_true (g_strv_contains ((const char *const *) saved, "b3.e"));

  /* setting the same choice again is no change */
  bg_plot_pane_set_vars (pane, (const char *const *) saved);
  g_assert_false (bg_document_get_modified (document));
  /* unticking is one again */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), FALSE);
  g_assert_true (bg_document_get_modified (document));
  g_assert_true (bg_window_save_to_file (window, NULL, &error));
  g_assert_false (bg_document_get_modified (document));

  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-plot-export-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/plot-export/png-sizes", test_png_sizes);
  g_test_add_func ("/ui/plot-export/png-matches-screen", test_png_matches_screen);
  g_test_add_func ("/ui/plot-export/dialog", test_export_dialog);
  g_test_add_func ("/ui/plot-export/vars-modify-document", test_vars_modify_document);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
