/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-student-input.c — a student's real clicks and keys in the window.
 *
 * Owns: tests, with pointer clicks and key presses sent through the X
 * server (bg-test-pointer.h), at 1024×768, that a click into a number
 * field followed by typing replaces its value (the click that gives it the
 * focus, the first one after Enter on the canvas put the keyboard there,
 * and one with a slight drag), that a later click places the cursor and a
 * value typed on after the old one says so under the field, and that
 * selecting an element and pressing Enter on an example leaves the file
 * unmodified (closing it asks nothing).
 * Must not: emit GTK signals in place of the clicks and keys it tests, or
 * assert on pixels.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "bg-test-pointer.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

/* Lets a new page of the inspector or a selection settle. */
static void
settle (void)
{
  bg_test_ui_wait_ms (200);
  bg_test_ui_pump ();
}

static gboolean
skip_without_pointer (void)
{
  const char *why = NULL;

  if (bg_test_pointer_available (&why))
    return FALSE;
  g_test_skip (why);
  return TRUE;
}

/* The msd example at a classroom size, element ID selected by a click on
 * it. Returns the window. */
static BgWindow *
open_and_click (const char *id)
{
  BgWindow *window = bg_test_ui_open_example (app, "mass-spring-damper.bgmod", 1024, 768);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgElement *element = bg_model_find_element (bg_test_ui_window_model (window), id);
  double x = 0, y = 0;

  settle ();
  g_assert_nonnull (element);
  bg_canvas_model_to_view (canvas, element->x, element->y, &x, &y);
  bg_test_pointer_click (GTK_WIDGET (canvas), x, y);
  settle ();
  return window;
}

static double
param (BgWindow   *window,
       const char *id)
{
  return bg_model_find_element (bg_test_ui_window_model (window), id)->params[0].number;
}

static const char *
text_of (GtkWidget *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

static void
click_middle (GtkWidget *widget)
{
  bg_test_pointer_click (widget, gtk_widget_get_width (widget) / 2.0,
                         gtk_widget_get_height (widget) / 2.0);
}

/* The hint under the field NAME, or NULL when none is shown. */
static const char *
hint_of (BgWindow   *window,
         const char *name)
{
  GtkWidget *entry = bg_inspector_get_field (bg_window_get_inspector (window), name);
  GtkWidget *box = gtk_widget_get_parent (gtk_widget_get_parent (entry));
  GtkWidget *hint = bg_test_ui_find_widget (box, bg_test_ui_has_css_class, "inspector-hint");

  return hint != NULL && gtk_widget_get_visible (hint) ? gtk_label_get_text (GTK_LABEL (hint))
                                                        : NULL;
}

/* A click into a field without the focus, then typing: the value is
 * replaced. */
static void
test_click_replaces (void)
{
  BgWindow *window;
  GtkWidget *entry;

  if (skip_without_pointer ())
    return;
  window = open_and_click ("B");
  entry = bg_inspector_get_field (bg_window_get_inspector (window), "value");
  g_assert_cmpstr (text_of (entry), ==, "2");
  click_middle (entry);
  bg_test_pointer_type ("5");
  g_assert_cmpstr (text_of (entry), ==, "5");
  bg_test_pointer_key (GDK_KEY_Return);
  g_assert_cmpfloat (param (window, "B"), ==, 5);
  g_assert_null (hint_of (window, "value"));
  bg_test_ui_destroy_window (window);
}

/* Enter on the canvas puts the keyboard in the field with its text
 * selected; the click a student then makes into the field keeps it
 * selected (it used to put the cursor after "1", and "2" made 12). */
static void
test_click_after_enter_replaces (void)
{
  BgWindow *window;
  GtkWidget *entry;
  int start = -1, end = -1;

  if (skip_without_pointer ())
    return;
  window = open_and_click ("M");
  bg_test_pointer_key (GDK_KEY_Return);
  entry = bg_inspector_get_field (bg_window_get_inspector (window), "value");
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), entry));
  g_assert_cmpstr (text_of (entry), ==, "1");

  click_middle (entry);
  g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (entry), &start, &end));
  g_assert_cmpint (start, ==, 0);
  g_assert_cmpint (end, ==, 1);
  bg_test_pointer_type ("2");
  g_assert_cmpstr (text_of (entry), ==, "2");
  bg_test_pointer_key (GDK_KEY_Return);
  g_assert_cmpfloat (param (window, "M"), ==, 2);
  bg_test_ui_destroy_window (window);
}

/* A hand moves a little while it clicks: the first click still selects
 * the whole text ("0.01" with a drag over "0." used to keep "01"). */
static void
test_click_with_drag_replaces (void)
{
  BgWindow *window;
  GtkWidget *entry;
  double y;

  if (skip_without_pointer ())
    return;
  window = open_and_click ("K");
  entry = bg_inspector_get_field (bg_window_get_inspector (window), "value");
  g_assert_cmpstr (text_of (entry), ==, "0.01");
  y = gtk_widget_get_height (entry) / 2.0;
  bg_test_pointer_drag (entry, 10, y, 22, y);
  bg_test_pointer_type ("0.02");
  g_assert_cmpstr (text_of (entry), ==, "0.02");
  bg_test_pointer_key (GDK_KEY_Return);
  g_assert_cmpfloat (param (window, "K"), ==, 0.02);
  bg_test_ui_destroy_window (window);
}

/* Once the field is the student's, a click places the cursor as usual;
 * a value typed on after the old one is said under the field, and
 * Ctrl+Z takes it and the hint back. */
static void
test_append_says_so (void)
{
  BgWindow *window;
  GtkWidget *entry;
  const char *hint;

  if (skip_without_pointer ())
    return;
  window = open_and_click ("M");
  entry = bg_inspector_get_field (bg_window_get_inspector (window), "value");
  click_middle (entry);
  bg_test_pointer_type ("3");
  bg_test_pointer_key (GDK_KEY_Return);
  g_assert_cmpfloat (param (window, "M"), ==, 3);
  g_assert_null (hint_of (window, "value"));

  /* the second click, right of the text, puts the cursor at its end */
  bg_test_pointer_click (entry, gtk_widget_get_width (entry) - 8,
                         gtk_widget_get_height (entry) / 2.0);
  bg_test_pointer_type ("0");
  g_assert_cmpstr (text_of (entry), ==, "30");
  bg_test_pointer_key (GDK_KEY_Return);
  settle ();
  g_assert_cmpfloat (param (window, "M"), ==, 30);
  hint = hint_of (window, "value");
  g_test_message ("hint: %s", hint);
  g_assert_nonnull (hint);
  g_assert_nonnull (strstr (hint, "3 kg"));
  g_assert_nonnull (strstr (hint, "30 kg"));
  g_assert_nonnull (strstr (hint, "Ctrl+Z"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  settle ();
  g_assert_cmpfloat (param (window, "M"), ==, 3);
  g_assert_null (hint_of (window, "value"));
  bg_test_ui_destroy_window (window);
}

/* Selecting M on the example and pressing Enter plots M's variables,
 * which the example plots already: the file stays unmodified (it used to
 * gain view.plots, with nothing to undo) and closing asks nothing. */
static void
test_enter_keeps_example_unmodified (void)
{
  BgWindow *window;
  BgDocument *document;
  BgModel *model;
  g_autofree char *view = NULL;

  if (skip_without_pointer ())
    return;
  window = open_and_click ("M");
  document = bg_window_get_document (window);
  model = bg_document_get_model (document);
  view = g_strdup (bg_model_get_view_json (model));
  g_assert_false (bg_document_get_modified (document));

  bg_test_pointer_key (GDK_KEY_Return);
  settle ();
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                         GTK_WIDGET (bg_window_get_inspector (window))));
  g_assert_cmpstr (bg_model_get_view_json (model), ==, view);
  g_assert_false (bg_document_get_modified (document));
  g_assert_false (bg_model_can_undo (model));

  /* no "Save changes?" dialog holds the window open */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  bg_test_ui_pump ();
  g_assert_null (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-student-input-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/student-input/click-replaces", test_click_replaces);
  g_test_add_func ("/ui/student-input/click-after-enter-replaces", test_click_after_enter_replaces);
  g_test_add_func ("/ui/student-input/click-with-drag-replaces", test_click_with_drag_replaces);
  g_test_add_func ("/ui/student-input/append-says-so", test_append_says_so);
  g_test_add_func ("/ui/student-input/enter-keeps-example-unmodified",
                   test_enter_keeps_example_unmodified);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
