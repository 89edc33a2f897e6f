/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector.c — the inspector's fields driven in a real window.
 *
 * Owns: tests of BgInspector inside BgWindow under Xvfb with a private
 * session bus (see tests/meson.build): refused input and its message,
 * numbers and quantities with SI prefixes and units (English and Russian),
 * a waveform's fields, a pump's table with its rows and pasted CSV, the
 * simulation settings, undo while a field has focus, and the focus a
 * double-click leaves on the canvas.
 * Must not: depend on timing beyond iterating the main loop until idle, or
 * test the window's other parts (tests/test-window.c).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-test-ui.h"
#include "bg-unit-entry.h"

static BgApplication *app;

static void
test_inspector_refuses (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *r_id = NULL;
  guint64 revision;
  GtkWidget *entry;

  r_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R")->id);
  entry = bg_inspector_get_field (inspector, "value");
  g_assert_true (GTK_IS_ENTRY (entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "100");
  g_assert_null (bg_inspector_get_field_error (inspector, "value"));

  revision = bg_model_get_revision (model);
  gtk_editable_set_text (GTK_EDITABLE (entry), "-5");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  /* in the user's words: the field's name and unit, not "R1.value" */
  g_assert_cmpstr (bg_inspector_get_field_error (inspector, "value"), ==,
                   "Resistance must be greater than 0 Ω.");
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 100);
  g_assert_true (gtk_widget_has_css_class (entry, "error"));

  /* not a number at all */
  gtk_editable_set_text (GTK_EDITABLE (entry), "12 ohm");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  g_assert_cmpstr (bg_inspector_get_field_error (inspector, "value"), ==,
                   "Enter a number, such as 0.001, 0,001 or 1e-3, with an SI prefix if you like (10k, 2 m).");
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);

  /* a decimal comma is accepted, as one undoable step */
  gtk_editable_set_text (GTK_EDITABLE (entry), "0,5");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  g_assert_null (bg_inspector_get_field_error (inspector, "value"));
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 0.5);
  g_assert_false (gtk_widget_has_css_class (entry, "error"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 100);
  entry = bg_inspector_get_field (inspector, "value");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "100");

  bg_test_ui_destroy_window (window);
}

static void
test_inspector_waveform (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *id = NULL;
  GtkWidget *waveform, *time;
  guint index;

  id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "Se")->id);
  waveform = bg_inspector_get_field (inspector, "waveform");
  time = bg_inspector_get_field (inspector, "time");
  g_assert_true (GTK_IS_DROP_DOWN (waveform));
  g_assert_nonnull (time);
  /* "time" and "after" only for a step */
  g_assert_false (gtk_widget_is_visible (time));

  g_assert_nonnull (bg_component_spec_find_param (bg_model_find_element (model, id)->spec,
                                                  "waveform", &index));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (waveform), 1);
  bg_test_ui_pump ();
  g_assert_cmpstr (bg_model_find_element (model, id)->params[index].choice, ==, "step");
  g_assert_true (gtk_widget_is_visible (bg_inspector_get_field (inspector, "time")));

  bg_test_ui_destroy_window (window);
}

static GtkWidget *
table_cell (GtkWidget *rows_box,
            guint      row,
            guint      column)
{
  GtkWidget *line = gtk_widget_get_first_child (rows_box);
  GtkWidget *cell;

  for (guint r = 0; r < row; r++)
    line = gtk_widget_get_next_sibling (line);
  cell = gtk_widget_get_first_child (line);
  for (guint c = 0; c < column; c++)
    cell = gtk_widget_get_next_sibling (cell);

  return cell;
}

static guint
table_rows (const BgElement *element,
            guint            index)
{
  return element->params[index].table->len / 2;
}

static double
table_value (const BgElement *element,
             guint            index,
             guint            row,
             guint            column)
{
  return g_array_index (element->params[index].table, double, 2 * row + column);
}

static void
test_inspector_pump_table (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *id = NULL;
  const BgParamSpec *pspec;
  BgElement *element;
  GtkWidget *rows, *add;
  guint64 revision;
  guint index = 0;

  id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_HYDRAULIC, "PumpCurve")->id);
  element = bg_model_find_element (model, id);
  pspec = NULL;
  for (guint i = 0; i < element->spec->n_params; i++)
    if (element->spec->params[i].kind == BG_PARAM_TABLE)
      pspec = &element->spec->params[i], index = i;
  g_assert_nonnull (pspec);
  g_assert_cmpuint (table_rows (element, index), ==, 3);

  rows = bg_inspector_get_field (inspector, pspec->name);
  g_assert_nonnull (rows);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (table_cell (rows, 1, 0))), ==, "1.5e7");

  /* Δp must increase: the whole table is refused, the model kept */
  revision = bg_model_get_revision (model);
  gtk_editable_set_text (GTK_EDITABLE (table_cell (rows, 1, 0)), "0");
  bg_test_ui_press_enter (table_cell (rows, 1, 0));
  bg_test_ui_pump ();
  g_assert_nonnull (bg_inspector_get_field_error (inspector, pspec->name));
  g_assert_nonnull (strstr (bg_inspector_get_field_error (inspector, pspec->name),
                            "row 2: pressure rise Δp must be strictly increasing"));
  g_assert_cmpuint (bg_model_get_revision (model), ==, revision);
  element = bg_model_find_element (model, id);
  g_assert_cmpfloat (table_value (element, index, 1, 0), ==, 1.5e7);

  /* a cell that is not a number */
  gtk_editable_set_text (GTK_EDITABLE (table_cell (rows, 1, 0)), "lots");
  bg_test_ui_press_enter (table_cell (rows, 1, 0));
  g_assert_cmpstr (bg_inspector_get_field_error (inspector, pspec->name), ==,
                   "Row 2: enter two numbers, such as 1.5e7 and 0.0001.");

  /* a good value, with a decimal comma, is one undoable step */
  gtk_editable_set_text (GTK_EDITABLE (table_cell (rows, 1, 0)), "1,2e7");
  bg_test_ui_press_enter (table_cell (rows, 1, 0));
  bg_test_ui_pump ();
  g_assert_null (bg_inspector_get_field_error (inspector, pspec->name));
  element = bg_model_find_element (model, id);
  g_assert_cmpfloat (table_value (element, index, 1, 0), ==, 1.2e7);
  g_assert_cmpuint (bg_model_get_revision (model), >, revision);

  /* add a row and fill it */
  add = gtk_widget_get_first_child (gtk_widget_get_next_sibling (rows));
  g_assert_true (GTK_IS_BUTTON (add));
  g_signal_emit_by_name (add, "clicked");
  gtk_editable_set_text (GTK_EDITABLE (table_cell (rows, 3, 0)), "2.5e7");
  gtk_editable_set_text (GTK_EDITABLE (table_cell (rows, 3, 1)), "0");
  bg_test_ui_press_enter (table_cell (rows, 3, 1));
  bg_test_ui_pump ();
  element = bg_model_find_element (model, id);
  g_assert_cmpuint (table_rows (element, index), ==, 4);
  g_assert_cmpfloat (table_value (element, index, 3, 0), ==, 2.5e7);

  /* remove the first row */
  g_signal_emit_by_name (table_cell (rows, 0, 2), "clicked");
  bg_test_ui_pump ();
  element = bg_model_find_element (model, id);
  g_assert_cmpuint (table_rows (element, index), ==, 3);
  g_assert_cmpfloat (table_value (element, index, 0, 0), ==, 1.2e7);

  /* "Paste CSV": spreadsheet text (a header, semicolons, decimal commas)
   * from the clipboard replaces the rows in one step */
  {
    GtkWidget *paste = gtk_widget_get_next_sibling (add);
    GdkClipboard *clipboard = gtk_widget_get_clipboard (paste);

    g_assert_true (GTK_IS_BUTTON (paste));
    gdk_clipboard_set_text (clipboard, "dp;Q\n0;1,5e-4\n1e7;1e-4\n2e7;0\n");
    g_signal_emit_by_name (paste, "clicked");
    for (guint i = 0; i < 50 && table_rows (bg_model_find_element (model, id), index) != 3; i++)
      bg_test_ui_wait_ms (20);
    bg_test_ui_wait_ms (100);
    element = bg_model_find_element (model, id);
    g_assert_cmpfloat (table_value (element, index, 0, 1), ==, 1.5e-4);
    g_assert_cmpfloat (table_value (element, index, 1, 0), ==, 1e7);
    g_assert_null (bg_inspector_get_field_error (inspector, pspec->name));
    /* bad text: the line is named, the table stays */
    bg_inspector_paste_table_text (inspector, pspec->name, "0,1\n2,x\n");
    g_assert_cmpstr (bg_inspector_get_field_error (inspector, pspec->name), ==,
                     "Paste: line 2: expected two numbers, such as “0.5, 10”");
    g_assert_cmpfloat (table_value (bg_model_find_element (model, id), index, 1, 0), ==, 1e7);
  }

  bg_test_ui_destroy_window (window);
}

static void
test_inspector_settings (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  GtkWidget *t_end, *step;

  /* nothing selected: the simulation settings */
  t_end = bg_inspector_get_field (inspector, "t_end");
  step = bg_inspector_get_field (inspector, "output_step");
  g_assert_nonnull (t_end);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (t_end)), ==, "1");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (step)), ==, "");

  gtk_editable_set_text (GTK_EDITABLE (t_end), "2.5");
  bg_test_ui_press_enter (t_end);
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 2.5);

  gtk_editable_set_text (GTK_EDITABLE (t_end), "0");
  bg_test_ui_press_enter (t_end);
  bg_test_ui_pump ();
  g_assert_nonnull (bg_inspector_get_field_error (inspector, "t_end"));
  g_assert_nonnull (strstr (bg_inspector_get_field_error (inspector, "t_end"), "must be > 0"));
  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 2.5);

  bg_test_ui_destroy_window (window);
}

/* Quantities with the field's unit: prefixes, the unit alone, and a
 * metre that is not a milli. */
static void
test_parse_quantity (void)
{
  struct { const char *text; const char *unit; gboolean ok; double value; } cases[] = {
    { "2 mF", "F", TRUE, 2e-3 },
    { "2mF", "F", TRUE, 2e-3 },
    { "10k", "Ω", TRUE, 1e4 },
    { "10 kΩ", "Ω", TRUE, 1e4 },
    { "47 Ω", "Ω", TRUE, 47 },
    { "1.5 µ", "H", TRUE, 1.5e-6 },
    { "1.5 uH", "H", TRUE, 1.5e-6 },
    { "5 m", "m", TRUE, 5 },
    { "5 mm", "m", TRUE, 5e-3 },
    { "2 MPa", "Pa", TRUE, 2e6 },
    { "12 ohm", "Ω", FALSE, 0 },
    { "2 mF", "H", FALSE, 0 },
    { "2 F F", "F", FALSE, 0 },
    /* Russian symbols (GOST 8.417), as a Russian class types them */
    { "2,5 мкФ", "F", TRUE, 2.5e-6 },
    { "2,5 мФ", "F", TRUE, 2.5e-3 },
    { "2,5 м", "m", TRUE, 2.5 },
    { "2,5 мм", "m", TRUE, 2.5e-3 },
    { "3 кОм", "Ω", TRUE, 3e3 },
    { "3 Ом", "Ω", TRUE, 3 },
    { "10к", "Ω", TRUE, 1e4 },
    { "1,5 МПа", "Pa", TRUE, 1.5e6 },
    { "40 Гц", "Hz", TRUE, 40 },
    { "0,2 кг·м²", "kg·m²", TRUE, 0.2 },
    { "5 мГн", "H", TRUE, 5e-3 },
    { "2 мкФ", "H", FALSE, 0 },
    { "3 кОм", "F", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = -1;

      g_test_message ("%s [%s]", cases[i].text, cases[i].unit);
      g_assert_cmpint (bg_unit_parse (cases[i].text, cases[i].unit, &v), ==, cases[i].ok);
      if (cases[i].ok)
        g_assert_cmpfloat_with_epsilon (v, cases[i].value, fabs (cases[i].value) * 1e-12);
    }
}

/* Typing "2 mF" into a capacitor's field stores 0.002; the focused field
 * had its whole text selected, so typing replaces it. */
static void
test_inspector_units (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *c_id = NULL;
  GtkWidget *entry;
  int start = -1, end = -1;

  c_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "C")->id);
  entry = bg_inspector_get_field (inspector, "value");
  gtk_widget_grab_focus (entry);
  bg_test_ui_pump ();
  g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
  g_assert_cmpint (start, ==, 0);
  g_assert_cmpint (end, ==, g_utf8_strlen (gtk_editable_get_text (GTK_EDITABLE (entry)), -1));

  /* a key press over the selection replaces it, as GtkText does */
  gtk_editable_delete_selection (GTK_EDITABLE (entry));
  {
    int pos = 0;
    gtk_editable_insert_text (GTK_EDITABLE (entry), "2 mF", -1, &pos);
  }
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "2 mF");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  g_assert_null (bg_inspector_get_field_error (inspector, "value"));
  g_assert_cmpfloat_with_epsilon (bg_model_find_element (model, c_id)->params[0].number,
                                  2e-3, 1e-15);

  gtk_editable_set_text (GTK_EDITABLE (entry), "0 F");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  g_assert_cmpstr (bg_inspector_get_field_error (inspector, "value"), ==,
                   "Capacitance must be greater than 0 F.");

  bg_test_ui_destroy_window (window);
}

/* Ctrl+Z while a field has focus: the field shows the model's value again,
 * and leaving it does not apply the undone text (redo stays possible). */
static void
test_inspector_undo_focused (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *r_id = NULL;
  GtkWidget *entry;

  r_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R")->id);
  entry = bg_inspector_get_field (inspector, "value");
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "9");
  bg_test_ui_press_enter (entry);
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 9);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry) ||
                 gtk_root_get_focus (GTK_ROOT (window)) == entry);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 100);
  g_assert_true (bg_inspector_get_field (inspector, "value") == entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "100");

  /* Tab away: nothing is re-applied, redo is still there */
  gtk_widget_grab_focus (GTK_WIDGET (bg_window_get_canvas (window)));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 100);
  g_assert_true (bg_model_can_redo (model));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, r_id)->params[0].number, ==, 9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "9");

  bg_test_ui_destroy_window (window);
}

/* A double-click on an element leaves the focus on the canvas: Delete then
 * deletes the element, not the text of an inspector field. */
static void
test_double_click_keeps_focus (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *r_id = NULL;
  GtkWidget *focus;

  r_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R")->id);
  g_signal_emit_by_name (canvas, "element-activated", r_id);
  bg_test_ui_pump ();
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == GTK_WIDGET (canvas));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bg_inspector_get_field (bg_window_get_inspector (window),
                                                                                 "value"))), ==, "100");
  g_assert_true (gtk_widget_activate_action (focus, "canvas.delete", NULL));
  bg_test_ui_pump ();
  g_assert_null (bg_model_find_element (model, r_id));

  bg_test_ui_destroy_window (window);
}

static void
test_parse_number (void)
{
  struct { const char *text; gboolean ok; double value; } cases[] = {
    { "0.001", TRUE, 0.001 },
    { "0,001", TRUE, 0.001 },
    { "1e-3", TRUE, 1e-3 },
    { " 1E3 ", TRUE, 1000 },
    { "\xe2\x88\x92" "2", TRUE, -2 },
    { "1e-12", TRUE, 1e-12 },
    { "", FALSE, 0 },
    { "abc", FALSE, 0 },
    { "1.5 V", FALSE, 0 },
    { "10k", TRUE, 1e4 },
    { "2 m", TRUE, 2e-3 },
    { "1,5 µ", TRUE, 1.5e-6 },
    { "3n", TRUE, 3e-9 },
    { "4 M", TRUE, 4e6 },
    { "0x10", FALSE, 0 },
    { "2 mm", FALSE, 0 },
    { "inf", FALSE, 0 },
    { "nan", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double v = -1;

      g_assert_cmpint (bg_inspector_parse_number (cases[i].text, &v), ==, cases[i].ok);
      if (cases[i].ok)
        g_assert_cmpfloat (v, ==, cases[i].value);
    }

  {
    double values[] = { 100, 0.001, 1e-12, 1.5e7, 0.1 + 0.2, -3, 1e-5, 0 };
    const char *texts[] = { "100", "0.001", "1e-12", "1.5e7", "0.30000000000000004", "-3", "1e-5", "0" };

    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      {
        g_autofree char *text = bg_inspector_format_number (values[i]);
        g_assert_cmpstr (text, ==, texts[i]);
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  char *home;
  int status;

  /* no accessibility bus and no portals in the test session */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-inspector-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/inspector/parse-number", test_parse_number);
  g_test_add_func ("/ui/window/inspector-refuses", test_inspector_refuses);
  g_test_add_func ("/ui/window/inspector-units", test_inspector_units);
  g_test_add_func ("/ui/window/inspector-undo-focused", test_inspector_undo_focused);
  g_test_add_func ("/ui/window/parse-quantity", test_parse_quantity);
  g_test_add_func ("/ui/window/double-click-keeps-focus", test_double_click_keeps_focus);
  g_test_add_func ("/ui/window/inspector-waveform", test_inspector_waveform);
  g_test_add_func ("/ui/window/inspector-settings", test_inspector_settings);
  g_test_add_func ("/ui/window/inspector-pump-table", test_inspector_pump_table);

  status = g_test_run ();

  bg_test_ui_shutdown (app, home);

  return status;
}
