/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-classroom.c — the small things a lesson trips over, in the real
 * window.
 *
 * Owns: checks, through the window's own widgets and gestures, that a
 * source switched to Step steps up and its levels say which is before and
 * which after the step; that fields show the model's value again after
 * undo and redo (also over a refused "-1"); that the inspector's error
 * text keeps 4.5:1 contrast in the light and the dark theme; the keyboard
 * (a second palette insert beside the first, Shift+arrow keeping the
 * element in view, the canvas's focus ring, Down and Enter from the
 * palette search, the window's shortcuts whatever has the focus); and the
 * small ones (the diagram's export name, Copy LaTeX's confirmation, the
 * sweep's parameter names, tooltips under context menus).
 * Must not: reach into private state of the window or its widgets.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-canvas.h"
#include "bg-causality.h"
#include "bg-inspector.h"
#include "bg-palette.h"
#include "bg-test-ui.h"

static BgApplication *app;

static gboolean
is_mapped_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}

static double
param (BgWindow *window, const char *element, const char *name)
{
  BgElement *el = bg_model_find_element (bg_test_ui_window_model (window), element);
  guint index;

  g_assert_nonnull (el);
  g_assert_nonnull (bg_component_spec_find_param (el->spec, name, &index));
  return el->params[index].number;
}

static void
select_ids (BgWindow *window, const char *id)
{
  const char *ids[] = { id, NULL };

  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
}

/* 9. Choosing Step in the waveform list steps up from rest (10 V: 0 → 10 V,
 * it was 10 → 0), and the captions say which level is which. */
static void
test_step_up (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgInspector *inspector = bg_window_get_inspector (window);
  GtkWidget *waveform;

  select_ids (window, "U");
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label, "Voltage"));
  waveform = bg_inspector_get_field (inspector, "waveform");
  g_assert_true (GTK_IS_DROP_DOWN (waveform));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (waveform), 1);   /* Step */
  bg_test_ui_pump ();
  g_assert_cmpfloat (param (window, "U", "value"), ==, 0);
  g_assert_cmpfloat (param (window, "U", "after"), ==, 10);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label,
                                            "Voltage before the step"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label,
                                            "Voltage after the step"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label, "Step time"));
  /* one step: undo gives the constant 10 V back, and its caption */
  g_assert_cmpstr (bg_model_get_undo_label (bg_test_ui_window_model (window)), !=, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  bg_test_ui_pump ();
  g_assert_cmpfloat (param (window, "U", "value"), ==, 10);
  g_assert_cmpfloat (param (window, "U", "after"), ==, 0);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_mapped_label, "Voltage"));
  bg_test_ui_destroy_window (window);
}

static void
type_into (GtkWidget *entry, const char *text)
{
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  g_signal_emit_by_name (entry, "activate");
  bg_test_ui_pump ();
}

/* 11. Ctrl+Z while a field shows a refused "-1": the model goes back a
 * step, and the field shows the model's value, without the message;
 * Ctrl+Shift+Z likewise. */
static void
test_undo_over_refused (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgInspector *inspector = bg_window_get_inspector (window);
  GtkWidget *entry;

  select_ids (window, "R1");
  entry = bg_inspector_get_field (inspector, "value");
  type_into (entry, "2000");
  g_assert_cmpfloat (param (window, "R1", "value"), ==, 2000);
  type_into (entry, "-1");
  g_assert_nonnull (bg_inspector_get_field_error (inspector, "value"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "-1");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  bg_test_ui_pump ();
  g_assert_cmpfloat (param (window, "R1", "value"), ==, 1000);
  entry = bg_inspector_get_field (inspector, "value");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "1000");
  g_assert_null (bg_inspector_get_field_error (inspector, "value"));

  /* typed but not applied, then redo: the model's 2000 again */
  gtk_editable_set_text (GTK_EDITABLE (entry), "5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  bg_test_ui_pump ();
  g_assert_cmpfloat (param (window, "R1", "value"), ==, 2000);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bg_inspector_get_field (inspector, "value"))),
                   ==, "2000");
  /* leaving the field applies nothing: the 5 is gone */
  gtk_widget_grab_focus (GTK_WIDGET (bg_window_get_canvas (window)));
  bg_test_ui_pump ();
  g_assert_cmpfloat (param (window, "R1", "value"), ==, 2000);
  bg_test_ui_destroy_window (window);
}

/* WCAG's relative luminance and contrast ratio. */
static double
luminance (const GdkRGBA *c)
{
  double v[3] = { c->red, c->green, c->blue };

  for (guint i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static double
contrast (const GdkRGBA *fg, const GdkRGBA *bg)
{
  double a = luminance (fg) + 0.05, b = luminance (bg) + 0.05;

  return a > b ? a / b : b / a;
}

static gboolean
is_error_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && gtk_widget_has_css_class (widget, "error");
}

/* 12. The inspector's refusal, light and dark: 4.5:1 against the window
 * background (dark red on dark grey was about 2:1). */
static void
check_error_contrast (gboolean dark)
{
  BgWindow *window;
  GtkWidget *label;
  GdkRGBA fg, bg;
  double ratio;

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
  window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  select_ids (window, "R1");
  type_into (bg_inspector_get_field (bg_window_get_inspector (window), "value"), "-1");
  label = bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_inspector (window)), is_error_label, NULL);
  g_assert_nonnull (label);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (label), &fg);
  g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (label),
                                                 "theme_bg_color", &bg));
  G_GNUC_END_IGNORE_DEPRECATIONS
  ratio = contrast (&fg, &bg);
  g_test_message ("%s: error text #%02x%02x%02x on #%02x%02x%02x, contrast %.2f:1",
                  dark ? "dark" : "light",
                  (int) (fg.red * 255), (int) (fg.green * 255), (int) (fg.blue * 255),
                  (int) (bg.red * 255), (int) (bg.green * 255), (int) (bg.blue * 255), ratio);
  g_assert_cmpfloat (ratio, >=, 4.5);
  bg_test_ui_destroy_window (window);
  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", FALSE, NULL);
}

static void
test_error_contrast (void)
{
  check_error_contrast (FALSE);
  check_error_contrast (TRUE);
}

/* An untitled window of a classroom's size. */
static BgWindow *
new_window (void)
{
  BgWindow *window = bg_window_new (GTK_APPLICATION (app), NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  return bg_test_ui_present (window);
}

static gboolean
is_mapped_search_entry (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_SEARCH_ENTRY (widget) && gtk_widget_get_mapped (widget);
}

/* The palette's search field (not the domain list's, in its popover). */
static GtkWidget *
search_entry (BgWindow *window)
{
  GtkWidget *entry = bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_palette (window)),
                                             is_mapped_search_entry, NULL);

  g_assert_nonnull (entry);
  return entry;
}

/* The controller that sees the search entry's keys before its text. */
static GtkEventController *
capture_keys (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c)
          && gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE)
        return c;
    }
  g_assert_not_reached ();
}

static gboolean
in_view (BgCanvas *canvas, const BgElement *element)
{
  double x, y;

  bg_canvas_model_to_view (canvas, element->x, element->y, &x, &y);
  return x > 0 && y > 0 && x < gtk_widget_get_width (GTK_WIDGET (canvas))
         && y < gtk_widget_get_height (GTK_WIDGET (canvas));
}

/* 10. Enter in the palette search inserts the match of what was typed
 * (before the search's delay has filtered the list), and a second insert
 * lands beside the first, in view. */
static void
test_palette_inserts (void)
{
  BgWindow *window = new_window ();
  BgModel *model = bg_test_ui_window_model (window);
  GtkWidget *entry = search_entry (window);
  GPtrArray *elements = bg_model_get_elements (model);
  const BgElement *first, *second;

  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "capac");
  g_signal_emit_by_name (entry, "activate");
  g_signal_emit_by_name (entry, "activate");
  bg_test_ui_pump ();
  g_assert_cmpuint (elements->len, ==, 2);
  first = g_ptr_array_index (elements, 0);
  second = g_ptr_array_index (elements, 1);
  g_assert_cmpstr (first->spec->type, ==, "C");
  g_assert_cmpstr (second->spec->type, ==, "C");
  g_assert_true (fabs (first->x - second->x) >= 10 || fabs (first->y - second->y) >= 10);
  g_assert_true (in_view (bg_window_get_canvas (window), first));
  g_assert_true (in_view (bg_window_get_canvas (window), second));
  bg_test_ui_destroy_window (window);
}

/* 10. Down in the palette search moves to the first match. */
static void
test_search_down (void)
{
  BgWindow *window = new_window ();
  GtkWidget *entry = search_entry (window);
  GtkWidget *focus;
  gboolean handled = FALSE;

  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "resist");
  g_signal_emit_by_name (capture_keys (entry), "key-pressed", GDK_KEY_Down, 0, 0, &handled);
  bg_test_ui_pump ();
  g_assert_true (handled);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_nonnull (bg_test_ui_find_widget (focus, is_mapped_label, "Resistor"));
  /* Enter there inserts it */
  g_signal_emit_by_name (gtk_widget_get_parent (focus), "row-activated", focus);
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_elements (bg_test_ui_window_model (window))->len, ==, 1);
  bg_test_ui_destroy_window (window);
}

/* 10. Shift+arrow moves an element five grid steps; the view follows so
 * that it never leaves it. */
static void
test_nudge_keeps_in_view (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgElement *c1 = bg_model_find_element (bg_test_ui_window_model (window), "C1");

  select_ids (window, "C1");
  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  for (guint i = 0; i < 30; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 5.0, 0.0));
      bg_test_ui_pump ();
      c1 = bg_model_find_element (bg_test_ui_window_model (window), "C1");
      g_assert_true (in_view (canvas, c1));
    }
  for (guint i = 0; i < 30; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge", "(dd)", 0.0, 5.0));
  bg_test_ui_pump ();
  g_assert_true (in_view (canvas, bg_model_find_element (bg_test_ui_window_model (window), "C1")));
  bg_test_ui_destroy_window (window);
}

/* The canvas as drawn (its CSS outline included), ARGB32 premultiplied. */
static guchar *
widget_pixels (GtkWidget *widget, int *width, int *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  guchar *data;

  bg_test_ui_wait_ms (100);
  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, *width, *height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  gsk_render_node_unref (node);
  data = g_malloc ((gsize) *width * *height * 4);
  gdk_texture_download (texture, data, (gsize) *width * 4);
  return data;
}

/* Clearly blue pixels (the selection colour) in a column near the left
 * edge, over the middle third of the height. */
static guint
blue_at_left_edge (const guchar *data, int width, int height)
{
  guint n = 0;

  for (int y = height / 3; y < 2 * height / 3; y++)
    for (int x = 0; x < 8; x++)
      {
        const guchar *p = data + ((gsize) y * width + x) * 4;

        if (p[0] > p[2] + 70 && p[0] > 120)
          n++;
      }
  return n;
}

/* 10. With the keyboard on it the canvas shows a focus ring; without,
 * none. */
static void
test_canvas_focus_ring (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  GtkWidget *canvas = GTK_WIDGET (bg_window_get_canvas (window));
  g_autofree guchar *on = NULL, *off = NULL;
  int w, h;

  gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
  gtk_widget_grab_focus (canvas);
  bg_test_ui_pump ();
  on = widget_pixels (canvas, &w, &h);
  g_assert_cmpuint (blue_at_left_edge (on, w, h), >, 100);
  gtk_widget_grab_focus (search_entry (window));
  bg_test_ui_pump ();
  off = widget_pixels (canvas, &w, &h);
  g_assert_cmpuint (blue_at_left_edge (off, w, h), ==, 0);
  bg_test_ui_destroy_window (window);
}

static gboolean
is_main_menu_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0;
}

/* A menu item (a GtkModelButton) whose text reads @data, shown. */
static gboolean
is_menu_item (GtkWidget *widget, gconstpointer data)
{
  g_autofree char *text = NULL;

  if (!gtk_widget_get_mapped (widget) || g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0;
}

static void
click_menu_item (GtkWidget *popover, const char *text)
{
  GtkWidget *item = bg_test_ui_find_widget (popover, is_menu_item, text);

  if (item == NULL)
    g_error ("no menu item “%s”", text);
  /* the keyboard on it, as when moving through the menu, then a click */
  gtk_widget_grab_focus (item);
  g_signal_emit_by_name (item, "clicked");
  bg_test_ui_wait_ms (100);
}

/* 10. Choosing an example from the main menu leaves the keyboard where
 * the window's shortcuts reach it (the canvas), not on the closed menu's
 * unmapped list. */
static void
test_focus_after_menu (void)
{
  BgWindow *window = new_window ();
  GtkWidget *button = bg_test_ui_find_widget (GTK_WIDGET (window), is_main_menu_button, NULL);
  GtkPopover *popover;
  GtkWidget *focus;

  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  bg_test_ui_pump ();
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  click_menu_item (GTK_WIDGET (popover), "Examples");
  click_menu_item (GTK_WIDGET (popover), "RC circuit: charging a capacitor");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (popover)));
  g_assert_cmpuint (bg_model_get_elements (bg_test_ui_window_model (window))->len, ==, 4);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_true (focus == GTK_WIDGET (bg_window_get_canvas (window)));
  bg_test_ui_destroy_window (window);
}

static gboolean
is_equations_pane (GtkWidget *widget, gconstpointer data)
{
  return g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "BgEquationsPane") == 0;
}

/* 13. Copy as LaTeX says so where it is seen. */
static void
test_copy_latex_confirmed (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1024, 768);
  GtkWidget *pane, *note;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-equations", NULL));
  bg_test_ui_pump ();
  pane = bg_test_ui_find_widget (GTK_WIDGET (window), is_equations_pane, NULL);
  g_assert_nonnull (pane);
  g_assert_true (gtk_widget_activate_action (pane, "equations.copy-latex", NULL));
  bg_test_ui_pump ();
  bg_test_ui_maybe_screenshot ("copy-latex");
  note = bg_test_ui_find_widget (pane, is_mapped_label, "✓ Copied as LaTeX: paste it into your document");
  g_assert_nonnull (note);
  g_assert_false (gtk_widget_has_css_class (note, "dim-label"));
  g_assert_true (gtk_widget_has_css_class (note, "copied-note"));
  bg_test_ui_destroy_window (window);
}

/* 13. Export Diagram proposes the document's name without .bgmod. */
static void
test_export_name (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  g_autofree char *png = bg_window_dup_export_name (window, ".png");
  g_autofree char *svg = bg_window_dup_export_name (window, ".svg");

  g_assert_cmpstr (png, ==, "hydraulic-bench.png");
  g_assert_cmpstr (svg, ==, "hydraulic-bench.svg");
  bg_test_ui_destroy_window (window);
  /* an untitled model: its name */
  window = new_window ();
  g_assert_true (bg_model_set_name (bg_test_ui_window_model (window), "Pump and/or valve", NULL));
  g_free (png);
  png = bg_window_dup_export_name (window, ".png");
  g_assert_cmpstr (png, ==, "Pump and-or valve.png");
  bg_test_ui_destroy_window (window);
}

static gboolean
is_drop_down_offering (GtkWidget *widget, gconstpointer data)
{
  GListModel *model;

  if (!GTK_IS_DROP_DOWN (widget) || (model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) == NULL
      || !GTK_IS_STRING_LIST (model))
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), data) == 0)
      return TRUE;
  return FALSE;
}

/* 13. The sweep offers a parameter by its label ("Resistance"), not by
 * the file's name ("value"). */
static void
test_sweep_labels (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);

  select_ids (window, "R1");
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_drop_down_offering, "Resistance"));
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (window), is_drop_down_offering, "value"));
  select_ids (window, "C1");
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), is_drop_down_offering, "Initial charge"));
  bg_test_ui_destroy_window (window);
}

static gboolean
query_tooltip (GtkWidget *widget, double x, double y)
{
  g_autoptr(GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;

  g_signal_emit_by_name (widget, "query-tooltip", (int) x, (int) y, FALSE, tooltip, &shown);
  return shown;
}

/* The canvas's right-click gesture. */
static GtkGesture *
secondary_click (BgCanvas *canvas)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

/* 13. A right-click's menu is not covered by the tooltip of what is under
 * the pointer: none is shown while the menu is open. */
static void
test_tooltip_not_over_menu (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgElement *c1 = bg_model_find_element (bg_test_ui_window_model (window), "C1");
  double x, y;

  bg_canvas_model_to_view (canvas, c1->x, c1->y, &x, &y);
  g_assert_true (query_tooltip (GTK_WIDGET (canvas), x, y));
  g_signal_emit_by_name (secondary_click (canvas), "pressed", 1, x, y);
  bg_test_ui_pump ();
  g_assert_true (bg_canvas_context_menu_shown (canvas));
  g_assert_false (query_tooltip (GTK_WIDGET (canvas), x, y));
  bg_test_ui_destroy_window (window);
}

/* 13. The canvas's colour legend wraps rather than runs off a narrow
 * canvas: in Russian, presentation mode, 1024 × 768, "Красный: причинный
 * конфликт (наведите, чтобы узнать причину)" takes two lines. */
static void
test_legend_wraps (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  graphene_rect_t area;
  PangoLayout *line;
  int one_line = 0;

  g_setenv ("LANGUAGE", "ru", TRUE);
  window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", 1024, 768);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_wait_ms (200);
  canvas = bg_window_get_canvas (window);
  line = gtk_widget_create_pango_layout (GTK_WIDGET (canvas), "Красный");
  pango_layout_get_pixel_size (line, NULL, &one_line);
  g_object_unref (line);
  line = gtk_widget_create_pango_layout (GTK_WIDGET (canvas),
                                         g_dgettext (GETTEXT_PACKAGE, "Red: causal conflict (hover for why)"));
  g_assert_true (g_str_has_prefix (pango_layout_get_text (line), "Красный"));
  g_assert_true (bg_canvas_get_legend_area (canvas, &area));
  {
    int w = 0;

    pango_layout_get_pixel_size (line, &w, NULL);
    g_test_message ("legend text %d px on a %d px canvas, band %.0f px, a line %d px",
                    w, gtk_widget_get_width (GTK_WIDGET (canvas)), area.size.height, one_line);
    /* the case in question: the sentence is wider than the canvas */
    g_assert_cmpint (w, >, gtk_widget_get_width (GTK_WIDGET (canvas)) - 40);
  }
  g_object_unref (line);
  g_assert_cmpfloat (area.size.height, >=, 2 * one_line);
  bg_test_ui_destroy_window (window);
  g_setenv ("LANGUAGE", "", TRUE);
}

/* Only with BGMOD_TEST_SCREENSHOT_DIR: the bench after a run with bond
 * names shown, a conflict with its legend, and a source switched to Step
 * (BGMOD_TEST_PRESENTATION=1: in presentation mode at 1024 × 768, else
 * 1280 × 800). */
static void
test_screenshots (void)
{
  gboolean presentation = g_strcmp0 (g_getenv ("BGMOD_TEST_PRESENTATION"), "1") == 0;
  BgWindow *window;

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod",
                                    presentation ? 1024 : 1280, presentation ? 768 : 800);
  if (presentation)
    g_object_set (window, "presentation-mode", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-bond-names", NULL);
  bg_test_ui_run_to_end (window);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot (presentation ? "bench-presentation" : "bench-window");
  bg_test_ui_destroy_window (window);
  window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod",
                                    presentation ? 1024 : 1280, presentation ? 768 : 800);
  if (presentation)
    g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot (presentation ? "conflict-presentation" : "conflict-window");
  bg_test_ui_destroy_window (window);
  /* a source switched to Step, its fields */
  window = bg_test_ui_open_example (app, "rc-circuit.bgmod",
                                    presentation ? 1024 : 1280, presentation ? 768 : 800);
  if (presentation)
    g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  select_ids (window, "U");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (bg_inspector_get_field (bg_window_get_inspector (window),
                                                                     "waveform")), 1);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot (presentation ? "step-source-presentation" : "step-source-window");
  bg_test_ui_destroy_window (window);
}

/* Only with BGMOD_TEST_SCREENSHOT_DIR, on a 1600 × 1000 screen: the
 * README's picture (data/screenshots/bgmod-window.png), the bench opened
 * from Examples as a new user would (an untitled copy: no folder of this
 * machine in the title), CYL selected, after a run. */
static void
test_readme_screenshot (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                                            "hydraulic-bench.bgmod", NULL);
  BgWindow *window;

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  window = bg_window_new (GTK_APPLICATION (app), NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
  bg_test_ui_present (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", path);
  bg_test_ui_pump ();
  select_ids (window, "CYL");
  bg_test_ui_run_to_end (window);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot ("bgmod-window");
  bg_test_ui_destroy_window (window);
}

/* Only with BGMOD_TEST_SCREENSHOT_DIR: exercise mode on the RLC circuit
 * after Check and after Reveal, the analyzer's strokes placed but for
 * the inductor's, flipped, and one left out (BGMOD_TEST_PRESENTATION=1:
 * presentation mode at 1024 × 768, else 1280 × 800). */
static void
test_exercise_screenshots (void)
{
  gboolean presentation = g_strcmp0 (g_getenv ("BGMOD_TEST_PRESENTATION"), "1") == 0;
  BgWindow *window;
  BgModel *model;
  GPtrArray *bonds;
  g_autoptr(BgCausality) causality = NULL;

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  window = bg_test_ui_open_example (app, "rlc-circuit.bgmod",
                                    presentation ? 1024 : 1280, presentation ? 768 : 800);
  if (presentation)
    g_object_set (window, "presentation-mode", TRUE, NULL);
  model = bg_test_ui_window_model (window);
  causality = bg_causality_analyze (model);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-mode", NULL);
  bg_test_ui_pump ();
  bonds = bg_model_get_bonds (model);
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);
      BgStroke stroke = bg_causality_get_stroke (causality, b);

      if (b == bonds->len - 1)
        continue;                             /* one left for later */
      if (g_strcmp0 (bond->to->spec->type, "I") == 0)
        stroke = stroke == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
      g_assert_true (bg_model_set_exercise_stroke (model, bond->id, stroke, NULL));
    }
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  if (presentation)
    {
      /* a projector's room: the sidebars folded (F9, Ctrl+F9) */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-palette", NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.show-inspector", NULL);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-check", NULL);
  bg_test_ui_wait_ms (300);
  /* the whole graph under the bar's result lines (Ctrl+1) */
  gtk_widget_activate_action (GTK_WIDGET (bg_window_get_canvas (window)), "canvas.zoom-fit", NULL);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot (presentation ? "exercise-check-presentation" : "exercise-check-window");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exercise-reveal", NULL);
  bg_test_ui_wait_ms (300);
  bg_test_ui_maybe_screenshot (presentation ? "exercise-reveal-presentation" : "exercise-reveal-window");
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
  home = bg_test_ui_make_home ("bgmod-test-classroom-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/classroom/step-up", test_step_up);
  g_test_add_func ("/ui/classroom/undo-over-refused", test_undo_over_refused);
  g_test_add_func ("/ui/classroom/error-contrast", test_error_contrast);
  g_test_add_func ("/ui/classroom/palette-inserts", test_palette_inserts);
  g_test_add_func ("/ui/classroom/search-down", test_search_down);
  g_test_add_func ("/ui/classroom/nudge-keeps-in-view", test_nudge_keeps_in_view);
  g_test_add_func ("/ui/classroom/canvas-focus-ring", test_canvas_focus_ring);
  g_test_add_func ("/ui/classroom/focus-after-menu", test_focus_after_menu);
  g_test_add_func ("/ui/classroom/copy-latex-confirmed", test_copy_latex_confirmed);
  g_test_add_func ("/ui/classroom/export-name", test_export_name);
  g_test_add_func ("/ui/classroom/sweep-labels", test_sweep_labels);
  g_test_add_func ("/ui/classroom/legend-wraps", test_legend_wraps);
  g_test_add_func ("/ui/classroom/tooltip-not-over-menu", test_tooltip_not_over_menu);
  g_test_add_func ("/ui/classroom/screenshots", test_screenshots);
  g_test_add_func ("/ui/classroom/readme-screenshot", test_readme_screenshot);
  g_test_add_func ("/ui/classroom/exercise-screenshots", test_exercise_screenshots);
  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
