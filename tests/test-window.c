/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c — the editor window driven through its real widgets.
 *
 * Owns: tests of BgWindow, BgPalette, BgInspector and BgDocument together,
 * under Xvfb with a private session bus (see tests/meson.build): palette
 * activation inserts on the canvas, bonds get the analyzer's stroke,
 * undo/redo through the window actions, the status line on a conflict, save
 * and reopen, a bad file, closing unsaved work. The inspector's fields are
 * tests/test-inspector.c's.
 * Must not: depend on timing beyond iterating the main loop until idle.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "bg-file.h"
#include "bg-test-ui.h"

static BgApplication *app;

static gboolean action_enabled (BgWindow   *window,
                                const char *action_name);

static GtkWidget *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_MESSAGE_DIALOG (w) &&
          gtk_window_get_transient_for (w) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_WIDGET (w);
    }

  return NULL;
}

static char *
dialog_dup_property (GtkWidget  *dialog,
                     const char *name)
{
  char *value = NULL;

  g_object_get (dialog, name, &value, NULL);
  return value;
}

/* Tests ------------------------------------------------------------------- */

static void
test_palette_inserts (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgElement *element;
  g_auto(GStrv) selected = NULL;

  element = bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R");
  g_assert_cmpstr (element->spec->type, ==, "R");
  g_assert_cmpint (element->spec->domain, ==, BG_DOMAIN_ELECTRICAL);
  g_assert_cmpfloat (element->params[0].number, ==, 100);

  /* the new element is selected, and the inspector shows it */
  selected = bg_canvas_dup_selected_ids (bg_window_get_canvas (window));
  g_assert_cmpuint (g_strv_length (selected), ==, 1);
  g_assert_cmpstr (selected[0], ==, element->id);
  g_assert_nonnull (bg_inspector_get_field (bg_window_get_inspector (window), "value"));

  /* an advanced component of the hydraulic palette */
  element = bg_test_ui_activate_palette_item (window, BG_DOMAIN_HYDRAULIC, "CylinderDA");
  g_assert_cmpstr (element->spec->type, ==, "CylinderDA");

  g_assert_true (bg_document_get_modified (bg_window_get_document (window)));
  bg_test_ui_destroy_window (window);
}

static GtkWidget *
find_search_entry (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_SEARCH_ENTRY (child))
        return child;
      /* a drop-down keeps its own search entry in its popover */
      if (!GTK_IS_DROP_DOWN (child) &&
          (found = find_search_entry (child)) != NULL)
        return found;
    }

  return NULL;
}

static void
test_palette_sections (void)
{
  BgPalette *palette = BG_PALETTE (g_object_ref_sink (bg_palette_new ()));

  bg_palette_set_domain (palette, BG_DOMAIN_ELECTRICAL);
  g_assert_nonnull (bg_palette_get_item (palette, "Se"));
  g_assert_null (bg_palette_get_item (palette, "CylinderDA"));

  bg_palette_set_domain (palette, BG_DOMAIN_HYDRAULIC);
  g_assert_nonnull (bg_palette_get_item (palette, "CylinderDA"));
  g_assert_nonnull (bg_palette_get_item (palette, "PumpCurve"));
  g_assert_nonnull (bg_palette_get_item (palette, "GasAccumulator"));
  g_assert_null (bg_palette_get_item (palette, "MechanicalLoad"));

  /* the search hides what does not match, by name or by type */
  {
    GtkWidget *search = find_search_entry (GTK_WIDGET (palette));

    gtk_editable_set_text (GTK_EDITABLE (search), "capac");
    g_signal_emit_by_name (search, "search-changed");
    g_assert_true (gtk_widget_get_visible (bg_palette_get_item (palette, "C")));
    g_assert_false (gtk_widget_get_visible (bg_palette_get_item (palette, "R")));
    g_assert_false (gtk_widget_get_visible (bg_palette_get_item (palette, "CylinderDA")));
    gtk_editable_set_text (GTK_EDITABLE (search), "cylinderda");
    g_signal_emit_by_name (search, "search-changed");
    g_assert_true (gtk_widget_get_visible (bg_palette_get_item (palette, "CylinderDA")));
    g_assert_false (gtk_widget_get_visible (bg_palette_get_item (palette, "C")));
    gtk_editable_set_text (GTK_EDITABLE (search), "");
    g_signal_emit_by_name (search, "search-changed");
    g_assert_true (gtk_widget_get_visible (bg_palette_get_item (palette, "R")));
  }

  bg_palette_set_domain (palette, BG_DOMAIN_TRANSLATIONAL);
  g_assert_nonnull (bg_palette_get_item (palette, "MechanicalLoad"));
  g_assert_nonnull (bg_palette_get_item (palette, "CylinderDA"));

  {
    g_autofree char *drag = NULL;
    const BgComponentSpec *r = bg_library_lookup ("R", BG_DOMAIN_TRANSLATIONAL);
    const BgComponentSpec *cyl = bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE);

    drag = bg_palette_dup_drag_string (r, BG_DOMAIN_TRANSLATIONAL);
    g_assert_cmpstr (drag, ==, "bgmod-component:R:translational");
    g_free (drag);
    drag = bg_palette_dup_drag_string (cyl, BG_DOMAIN_HYDRAULIC);
    g_assert_cmpstr (drag, ==, "bgmod-component:CylinderDA:hydraulic");
  }

  g_object_unref (palette);
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }

  return NULL;
}

/* A palette row offers the component as a string; the canvas's drop
 * target takes it and inserts at the drop point. */
static void
test_palette_drag (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgPalette *palette = bg_window_get_palette (window);
  BgCanvas *canvas = bg_window_get_canvas (window);
  GtkEventController *source, *target;
  g_autoptr(GdkContentProvider) content = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  g_autoptr(GError) error = NULL;
  GPtrArray *elements = bg_model_get_elements (bg_test_ui_window_model (window));
  gboolean accepted = FALSE;
  BgElement *element;
  double vx, vy;

  bg_palette_set_domain (palette, BG_DOMAIN_ROTATIONAL);
  source = find_controller (bg_palette_get_item (palette, "I"), GTK_TYPE_DRAG_SOURCE);
  g_assert_nonnull (source);
  g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
  g_assert_nonnull (content);

  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (g_value_get_string (&value), ==, "bgmod-component:I:rotational");

  target = find_controller (GTK_WIDGET (canvas), GTK_TYPE_DROP_TARGET);
  g_assert_nonnull (target);
  g_signal_emit_by_name (target, "drop", &value, 120.0, 80.0, &accepted);
  bg_test_ui_pump ();
  g_assert_true (accepted);
  g_assert_cmpuint (elements->len, ==, 1);
  element = g_ptr_array_index (elements, 0);
  g_assert_cmpstr (element->spec->type, ==, "I");
  g_assert_cmpint (element->spec->domain, ==, BG_DOMAIN_ROTATIONAL);

  /* near the drop point (the canvas snaps to its grid) */
  bg_canvas_model_to_view (canvas, element->x, element->y, &vx, &vy);
  g_assert_cmpfloat (fabs (vx - 120.0), <, 40.0);
  g_assert_cmpfloat (fabs (vy - 80.0), <, 40.0);

  bg_test_ui_destroy_window (window);
}

/* A file dropped on an empty window opens in it. */
static void
test_drop_file (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autofree char *dir = bg_window_dup_examples_dir ();
  g_autofree char *path = g_build_filename (dir, "gear-pair.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GFile *files[] = { file };
  GdkFileList *list = gdk_file_list_new_from_array (files, 1);
  g_auto(GValue) value = G_VALUE_INIT;
  GtkEventController *target = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean accepted = FALSE;

  for (guint i = 0; target == NULL && i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (c) &&
          gtk_drop_target_get_gtypes (GTK_DROP_TARGET (c), NULL)[0] == GDK_TYPE_FILE_LIST)
        target = c;
    }
  g_assert_nonnull (target);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  bg_test_ui_pump ();

  g_assert_true (accepted);
  g_assert_nonnull (bg_document_get_file (bg_window_get_document (window)));
  g_assert_true (g_file_equal (bg_document_get_file (bg_window_get_document (window)), file));

  bg_test_ui_destroy_window (window);
}

static void
test_connect_stroke (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgCanvas *canvas = bg_window_get_canvas (window);
  g_autofree char *se_id = NULL;
  g_autofree char *r_id = NULL;
  g_autoptr(GError) error = NULL;
  BgCausality *causality;
  BgBond *bond;

  se_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "Se")->id);
  r_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R")->id);

  g_assert_true (bg_canvas_connect (canvas, se_id, r_id, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();

  g_assert_cmpuint (bg_model_get_bonds (bg_test_ui_window_model (window))->len, ==, 1);
  bond = g_ptr_array_index (bg_model_get_bonds (bg_test_ui_window_model (window)), 0);

  /* a source supplies effort: the stroke is at the resistor's end */
  causality = bg_document_get_causality (bg_window_get_document (window));
  g_assert_true (bg_causality_is_ok (causality));
  g_assert_cmpint (bg_causality_lookup_stroke (causality, bond->id), ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, bond->id), ==, BG_STROKE_AT_TO);
  g_assert_cmpuint (bg_causality_get_revision (causality), ==,
                    bg_model_get_revision (bg_test_ui_window_model (window)));

  /* the status line shows the analysis summary */
  {
    g_autofree char *summary = bg_causality_dup_summary (causality);
    g_assert_cmpstr (bg_window_get_status_text (window), ==, summary);
  }

  /* a refused connection gives the model's reason */
  g_assert_false (bg_canvas_connect (canvas, se_id, r_id, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, se_id));
  g_assert_nonnull (strstr (error->message, "already bonded"));

  bg_test_ui_destroy_window (window);
}

static void
test_undo_redo (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *c_id = NULL;
  g_autofree char *j_id = NULL;

  g_assert_false (bg_model_can_undo (model));
  c_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "C")->id);
  j_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "0")->id);
  g_assert_true (bg_canvas_connect (bg_window_get_canvas (window), j_id, c_id, NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 0);
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 1);
  g_assert_nonnull (bg_model_find_element (model, c_id));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 2);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);
  g_assert_false (bg_model_can_redo (model));

  /* the document's analysis follows undo and redo */
  g_assert_cmpuint (bg_causality_get_revision (bg_document_get_causality (bg_window_get_document (window))),
                    ==, bg_model_get_revision (model));

  bg_test_ui_destroy_window (window);
}

static void
test_conflict_status (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  BgCausality *causality;
  const BgDiagnostic *first;
  g_auto(GStrv) selected = NULL;

  path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples",
                           "conflict-two-capacitors.bgmod", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (bg_window_open_file (window, file) == window);
  bg_test_ui_pump ();

  causality = bg_document_get_causality (bg_window_get_document (window));
  g_assert_false (bg_causality_is_ok (causality));
  first = g_ptr_array_index ((GPtrArray *) bg_causality_get_errors (causality), 0);
  g_assert_cmpstr (bg_window_get_status_text (window), ==, first->message);

  /* clicking the status line selects the culprits */
  g_assert_true (action_enabled (window, "win.select-culprits"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.select-culprits", NULL));
  bg_test_ui_pump ();
  selected = bg_canvas_dup_selected_ids (bg_window_get_canvas (window));
  g_assert_cmpuint (g_strv_length (selected), ==,
                    g_strv_length (first->elements) + g_strv_length (first->bonds));
  for (guint i = 0; first->elements[i] != NULL; i++)
    g_assert_true (g_strv_contains ((const char *const *) selected, first->elements[i]));

  /* the file opened into the empty window, unmodified */
  g_assert_false (bg_document_get_modified (bg_window_get_document (window)));
  bg_test_ui_destroy_window (window);
}

static void
test_open_example (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autofree char *dir = bg_window_dup_examples_dir ();
  g_autofree char *rc = g_build_filename (dir, "rc-circuit.bgmod", NULL);
  g_autofree char *rlc = g_build_filename (dir, "rlc-circuit.bgmod", NULL);
  guint n_windows = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  BgDocument *document;
  g_autofree char *title = NULL;
  GList *windows;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", rc));
  bg_test_ui_pump ();

  /* an untitled copy in this (empty) window: saving asks where */
  document = bg_window_get_document (window);
  g_assert_null (bg_document_get_file (document));
  g_assert_false (bg_document_get_modified (document));
  g_assert_cmpuint (bg_model_get_elements (bg_document_get_model (document))->len, >, 0);
  title = bg_document_dup_title (document);
  g_assert_cmpstr (title, ==, bg_model_get_name (bg_document_get_model (document)));
  g_assert_false (bg_document_is_pristine (document));
  g_assert_true (action_enabled (window, "win.save"));

  /* the next one goes to a new window */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s", rlc));
  bg_test_ui_pump ();
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, n_windows + 1);
  g_assert_true (bg_window_get_document (window) == document);

  windows = g_list_copy (windows);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free (windows);
  bg_test_ui_pump ();
}

static void
test_save_reopen (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgDocument) reopened = NULL;
  g_autofree char *saved_text = NULL;
  g_autofree char *reopened_text = NULL;
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgDocument *document = bg_window_get_document (window);
  g_autofree char *se_id = NULL;
  g_autofree char *r_id = NULL;
  g_autofree char *title = NULL;

  se_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_TRANSLATIONAL, "Se")->id);
  r_id = g_strdup (bg_test_ui_activate_palette_item (window, BG_DOMAIN_TRANSLATIONAL, "R")->id);
  g_assert_true (bg_canvas_connect (bg_window_get_canvas (window), se_id, r_id, NULL));
  g_assert_true (bg_model_set_param_number (bg_test_ui_window_model (window), r_id, "value",
                                            2.5, NULL));
  g_assert_true (bg_document_get_modified (document));

  g_assert_true (bg_window_save_to_file (window, file, &error));
  g_assert_no_error (error);
  g_assert_false (bg_document_get_modified (document));
  g_assert_true (g_file_equal (bg_document_get_file (document), file));
  title = bg_document_dup_title (document);
  g_assert_cmpstr (title, ==, "saved.bgmod");
  bg_test_ui_pump ();
  g_assert_false (action_enabled (window, "win.save"));

  reopened = bg_document_new_for_file (file, &error);
  g_assert_no_error (error);
  saved_text = bg_file_to_data (bg_test_ui_window_model (window), NULL);
  reopened_text = bg_file_to_data (bg_document_get_model (reopened), NULL);
  g_assert_cmpstr (saved_text, ==, reopened_text);
  g_assert_false (bg_document_get_modified (reopened));

  /* opening the same file again shows the window that has it */
  g_assert_true (bg_window_open_file (window, file) == window);

  /* an edit after saving makes it modified again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (bg_document_get_modified (document));

  bg_test_ui_destroy_window (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_bad_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) expected = NULL;
  g_autofree char *secondary = NULL;
  g_autofree char *primary = NULL;
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgDocument *document = bg_window_get_document (window);
  guint64 revision;
  GtkWidget *dialog;

  g_assert_true (g_file_set_contents (path, "{ \"format\": \"bgmod\", \"version\": 1, ", -1, NULL));
  g_assert_null (bg_file_load (file, &expected));
  g_assert_nonnull (expected);

  bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "C");
  revision = bg_model_get_revision (bg_test_ui_window_model (window));

  g_assert_null (bg_window_open_file (window, file));
  bg_test_ui_pump ();

  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  primary = dialog_dup_property (dialog, "text");
  secondary = dialog_dup_property (dialog, "secondary-text");
  g_assert_cmpstr (primary, ==, "Could not open the model");
  g_assert_cmpstr (secondary, ==, expected->message);
  g_assert_nonnull (strstr (secondary, "bad.bgmod"));

  /* the open document is left alone */
  g_assert_true (bg_window_get_document (window) == document);
  g_assert_cmpuint (bg_model_get_revision (bg_test_ui_window_model (window)), ==, revision);
  g_assert_cmpuint (bg_model_get_elements (bg_test_ui_window_model (window))->len, ==, 1);
  g_assert_null (bg_document_get_file (document));

  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CLOSE);
  bg_test_ui_pump ();
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));

  bg_test_ui_destroy_window (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
window_destroyed_cb (GtkWidget *widget,
                     gboolean  *destroyed)
{
  *destroyed = TRUE;
}

static void
test_close_confirm (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  gboolean destroyed = FALSE;
  g_autofree char *primary = NULL;
  GtkWidget *dialog;

  g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed_cb), &destroyed);
  bg_test_ui_activate_palette_item (window, BG_DOMAIN_ROTATIONAL, "I");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  primary = dialog_dup_property (dialog, "text");
  g_assert_cmpstr (primary, ==, "Save changes to “Untitled model” before closing?");

  /* Cancel keeps the window and its work */
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
  bg_test_ui_pump ();
  g_assert_false (destroyed);
  g_assert_null (find_message_dialog (GTK_WINDOW (window)));

  /* Discard closes it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_REJECT);
  bg_test_ui_pump ();
  g_assert_true (destroyed);
}

/* The sensitivity of an action, as a button bound to it shows it. */
static gboolean
action_enabled (BgWindow   *window,
                const char *action_name)
{
  GtkWidget *button = bg_test_ui_find_actionable (GTK_WIDGET (window), action_name);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static void
test_actions_sensitivity (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);

  g_assert_false (action_enabled (window, "win.undo"));
  g_assert_false (action_enabled (window, "win.redo"));
  g_assert_false (action_enabled (window, "win.save"));
  g_assert_false (action_enabled (window, "win.select-culprits"));

  bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "C");
  g_assert_true (action_enabled (window, "win.undo"));
  g_assert_false (action_enabled (window, "win.redo"));
  g_assert_true (action_enabled (window, "win.save"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_false (action_enabled (window, "win.undo"));
  g_assert_true (action_enabled (window, "win.redo"));

  bg_test_ui_destroy_window (window);
}

/* Save in the close dialog writes the file and then closes. */
static void
test_close_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "closing.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(BgModel) reread = NULL;
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  gboolean destroyed = FALSE;
  GtkWidget *dialog;

  g_signal_connect (window, "destroy", G_CALLBACK (window_destroyed_cb), &destroyed);
  bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "R");
  g_assert_true (bg_window_save_to_file (window, file, NULL));
  bg_test_ui_activate_palette_item (window, BG_DOMAIN_ELECTRICAL, "C");
  g_assert_true (bg_document_get_modified (bg_window_get_document (window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  bg_test_ui_pump ();
  dialog = find_message_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  bg_test_ui_pump ();
  g_assert_true (destroyed);

  /* the file has both elements */
  reread = bg_file_load (file, NULL);
  g_assert_nonnull (reread);
  g_assert_cmpuint (bg_model_get_elements (reread)->len, ==, 2);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* C1's centre in the window's coordinates. */
static graphene_point_t
element_in_window (BgWindow   *window,
                   const char *id)
{
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgElement *e = bg_model_find_element (bg_test_ui_window_model (window), id);
  graphene_point_t p, at;
  double vx = 0, vy = 0;

  g_assert_nonnull (e);
  bg_canvas_model_to_view (canvas, e->x, e->y, &vx, &vy);
  p = GRAPHENE_POINT_INIT (vx, vy);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas), GTK_WIDGET (window), &p, &at));
  return at;
}

/* A bar appearing above the canvas (here the exercise bar; while drawing,
 * the conflict remedies) moves the canvas's top edge down, not the graph:
 * what was under the pointer stays there. */
static void
test_bar_keeps_graph (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  graphene_point_t before, after, top = GRAPHENE_POINT_INIT (0, 0), top_before, top_after;

  /* the user's view, not a fitted one (which refits to a new size) */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  bg_test_ui_pump ();
  before = element_in_window (window, "C1");
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas), GTK_WIDGET (window), &top, &top_before));
  g_object_set (window, "exercise-mode", TRUE, NULL);
  bg_test_ui_wait_ms (100);
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas), GTK_WIDGET (window), &top, &top_after));
  after = element_in_window (window, "C1");
  g_test_message ("canvas top %.0f → %.0f; C1 at (%.0f, %.0f) → (%.0f, %.0f)", top_before.y,
                  top_after.y, before.x, before.y, after.x, after.y);
  g_assert_cmpfloat (top_after.y, >, top_before.y + 10);
  g_assert_cmpfloat (fabs (after.x - before.x), <, 1);
  g_assert_cmpfloat (fabs (after.y - before.y), <, 1);
  g_object_set (window, "exercise-mode", FALSE, NULL);
  bg_test_ui_destroy_window (window);
}

/* When the conflict's bar appears above a graph that keeps its place, the
 * elements the status line names are panned into view if the bar's rows
 * hid them. */
static void
test_bar_reveals_conflict (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgElement *c2 = bg_model_find_element (model, "C2");
  double vx = 0, vy = 0, anchor;
  GtkWidget *remedy = bg_test_ui_find_actionable (GTK_WIDGET (window), "win.apply-remedy");

  /* remedy 1 clears the conflict (and its bar) */
  g_assert_nonnull (remedy);
  g_signal_emit_by_name (remedy, "clicked");
  bg_test_ui_wait_ms (200);
  g_assert_true (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));

  /* the user's view with C2 right at the canvas's top edge: zooming by 2
   * about an anchor below it puts C2 at y = 4 */
  bg_canvas_model_to_view (canvas, c2->x, c2->y, &vx, &vy);
  anchor = 2 * vy - 4;
  bg_canvas_zoom_at (canvas, 2.0, vx, anchor);
  bg_test_ui_pump ();
  bg_canvas_model_to_view (canvas, c2->x, c2->y, &vx, &vy);
  g_assert_cmpfloat (fabs (vy - 4), <, 1);

  /* undo: the conflict and its bar come back above the canvas */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_wait_ms (300);
  g_assert_false (g_str_has_prefix (bg_window_get_status_text (window), "Causality OK"));
  for (guint i = 0; i < 3; i++)
    {
      const char *id = (const char *[]) { "C1", "C2", "J_C" }[i];
      BgElement *e = bg_model_find_element (model, id);

      bg_canvas_model_to_view (canvas, e->x, e->y, &vx, &vy);
      g_test_message ("%s at (%.0f, %.0f) in the %d×%d canvas", id, vx, vy,
                      gtk_widget_get_width (GTK_WIDGET (canvas)),
                      gtk_widget_get_height (GTK_WIDGET (canvas)));
      g_assert_cmpfloat (vy, >, 0);
      g_assert_cmpfloat (vy, <, gtk_widget_get_height (GTK_WIDGET (canvas)));
      g_assert_cmpfloat (vx, >, 0);
      g_assert_cmpfloat (vx, <, gtk_widget_get_width (GTK_WIDGET (canvas)));
    }
  bg_test_ui_destroy_window (window);
}

static void
test_view_actions (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgCanvas *canvas = bg_window_get_canvas (window);
  double zoom = bg_canvas_get_zoom (canvas);

  /* the window's zoom actions drive the canvas */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-in", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_canvas_get_zoom (canvas), >, zoom);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-reset", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_canvas_get_zoom (canvas), ==, 1.0);

  /* presentation mode thickens the canvas, and back */
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (canvas), ==, 1.0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation-mode", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (canvas), ==, 1.75);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.presentation-mode", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_canvas_get_presentation_scale (canvas), ==, 1.0);

  bg_test_ui_destroy_window (window);
}

/* Files given on the command line: one window per document. */
static void
test_app_open (void)
{
  g_autofree char *dir = bg_window_dup_examples_dir ();
  g_autofree char *rc = g_build_filename (dir, "rc-circuit.bgmod", NULL);
  g_autofree char *lever = g_build_filename (dir, "lever.bgmod", NULL);
  GFile *files[2];
  GList *windows;
  guint n_before = g_list_length (gtk_application_get_windows (GTK_APPLICATION (app)));
  gboolean seen[2] = { FALSE, FALSE };

  files[0] = g_file_new_for_path (rc);
  files[1] = g_file_new_for_path (lever);
  g_application_open (G_APPLICATION (app), files, 2, "");
  bg_test_ui_pump ();

  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, n_before + 2);
  for (GList *l = windows; l != NULL; l = l->next)
    {
      GFile *file = bg_document_get_file (bg_window_get_document (l->data));

      for (guint i = 0; i < 2; i++)
        if (file != NULL && g_file_equal (file, files[i]))
          seen[i] = TRUE;
    }
  g_assert_true (seen[0] && seen[1]);

  /* opening one again presents its window instead of a copy */
  g_application_open (G_APPLICATION (app), files, 1, "");
  bg_test_ui_pump ();
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), <=, n_before + 3);
  {
    guint showing_rc = 0;

    for (GList *l = windows; l != NULL; l = l->next)
      {
        GFile *file = bg_document_get_file (bg_window_get_document (l->data));

        showing_rc += file != NULL && g_file_equal (file, files[0]);
      }
    g_assert_cmpuint (showing_rc, ==, 1);
  }

  windows = g_list_copy (windows);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_destroy (l->data);
  g_list_free (windows);
  bg_test_ui_pump ();
  g_object_unref (files[0]);
  g_object_unref (files[1]);
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
  home = bg_test_ui_make_home ("bgmod-test-window-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/palette/sections", test_palette_sections);
  g_test_add_func ("/ui/window/palette-inserts", test_palette_inserts);
  g_test_add_func ("/ui/window/palette-drag", test_palette_drag);
  g_test_add_func ("/ui/window/drop-file", test_drop_file);
  g_test_add_func ("/ui/window/connect-stroke", test_connect_stroke);
  g_test_add_func ("/ui/window/undo-redo", test_undo_redo);
  g_test_add_func ("/ui/window/actions-sensitivity", test_actions_sensitivity);
  g_test_add_func ("/ui/window/conflict-status", test_conflict_status);
  g_test_add_func ("/ui/window/open-example", test_open_example);
  g_test_add_func ("/ui/window/save-reopen", test_save_reopen);
  g_test_add_func ("/ui/window/bad-file", test_bad_file);
  g_test_add_func ("/ui/window/close-confirm", test_close_confirm);
  g_test_add_func ("/ui/window/close-save", test_close_save);
  g_test_add_func ("/ui/window/view-actions", test_view_actions);
  g_test_add_func ("/ui/window/bar-keeps-graph", test_bar_keeps_graph);
  g_test_add_func ("/ui/window/bar-reveals-conflict", test_bar_reveals_conflict);
  g_test_add_func ("/ui/application/open-files", test_app_open);

  status = g_test_run ();

  bg_test_ui_shutdown (app, home);

  return status;
}
