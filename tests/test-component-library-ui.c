/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-component-library-ui.c — the component library in the window.
 *
 * Owns: tests of the palette's "My components" (under each domain of a
 * component's ports, found by the search, listing the user's folder and
 * the installed one), inserting from it by a click and by a drop on the
 * canvas (the definition embedded once, one undo step, a name clash
 * refused with the model untouched), Save Component to Library… through
 * its file chooser, and the inspector of an instance (the definition's
 * parameters first, the inner ones grouped, "default" or Reset, edits and
 * resets undone), the example built from components running in the
 * window, in the real application under Xvfb; English and
 * Russian. With BGMOD_TEST_SCREENSHOT_DIR set, pictures of the palette's
 * "My components" (an installed component and one of the user's) at the
 * screen's size (nothing is asserted about the pixels). Must not: depend on timing beyond iterating the main loop.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>
#include <glib/gstdio.h>

#include "bg-component-library.h"
#include "bg-component-names.h"
#include "bg-definition.h"
#include "bg-file.h"
#include "bg-test-ui.h"

static BgApplication *app;

/* A user's own component: a tank with an outlet. */
static const char tank_text[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Tank with outlet\","
  " \"parameters\": [\"C.value\"], \"elements\": ["
  "{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
  "{\"id\": \"J\", \"type\": \"0\", \"domain\": \"hydraulic\"},"
  "{\"id\": \"C\", \"type\": \"C\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e-8}},"
  "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\", \"params\": {\"value\": 1e9}}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"J\"},"
  "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"C\"}, {\"id\": \"b3\", \"from\": \"J\", \"to\": \"R\"}]}";

/* Another of the user's: a one-port bumper, spring and damper in parallel. */
static const char bumper_text[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Rubber bumper\","
  " \"parameters\": [\"K.value\", \"B.value\"], \"elements\": ["
  "{\"id\": \"P\", \"type\": \"Port\", \"domain\": \"translational\"},"
  "{\"id\": \"J\", \"type\": \"1\", \"domain\": \"translational\"},"
  "{\"id\": \"K\", \"type\": \"C\", \"domain\": \"translational\", \"params\": {\"value\": 1e-4}},"
  "{\"id\": \"B\", \"type\": \"R\", \"domain\": \"translational\", \"params\": {\"value\": 200}}],"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"P\", \"to\": \"J\"},"
  "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"K\"}, {\"id\": \"b3\", \"from\": \"J\", \"to\": \"B\"}]}";

/* Helpers ------------------------------------------------------------------ */

static void
write_user_component (const char *base,
                      const char *text)
{
  g_autofree char *folder = bg_component_library_dup_user_folder ();
  g_autofree char *path = g_build_filename (folder, base, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static void
remove_user_component (const char *base)
{
  g_autofree char *folder = bg_component_library_dup_user_folder ();
  g_autofree char *path = g_build_filename (folder, base, NULL);

  g_remove (path);
}

static GtkWidget *
palette_row (BgWindow   *window,
             BgDomain    domain,
             const char *name)
{
  BgPalette *palette = bg_window_get_palette (window);

  bg_palette_set_domain (palette, domain);
  bg_test_ui_pump ();
  return bg_palette_get_item (palette, name);
}

static gboolean
is_heading_text (GtkWidget     *widget,
                 gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  return bg_test_ui_find_widget (root, is_heading_text, text);
}

/* The row's section heading: the label before its list. */
static const char *
section_of (GtkWidget *row)
{
  GtkWidget *list = gtk_widget_get_parent (row);
  GtkWidget *heading = gtk_widget_get_prev_sibling (list);

  g_assert_true (GTK_IS_LABEL (heading));
  return gtk_label_get_label (GTK_LABEL (heading));
}

static void
activate_row (GtkWidget *row)
{
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_activate (row));
  bg_test_ui_pump ();
}

static gboolean
is_palette_search (GtkWidget     *widget,
                   gconstpointer  data)
{
  /* not the one a drop-down keeps in its popover */
  return GTK_IS_SEARCH_ENTRY (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN) == NULL;
}

static GtkWidget *
palette_search (BgWindow *window)
{
  GtkWidget *search = bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_palette (window)),
                                              is_palette_search, NULL);

  g_assert_nonnull (search);
  return search;
}

static void
set_search (BgWindow   *window,
            const char *text)
{
  GtkWidget *search = palette_search (window);

  gtk_editable_set_text (GTK_EDITABLE (search), text);
  g_signal_emit_by_name (search, "search-changed");
  bg_test_ui_pump ();
}

static GtkEventController *
find_controller (GtkWidget *widget,
                 GType      type,
                 GType      content)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        continue;
      if (content == G_TYPE_INVALID
          || gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (GTK_DROP_TARGET (controller)),
                                                content))
        return controller;
    }
  return NULL;
}

static void
press_enter (GtkWidget *entry)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (entry));

  g_assert_true (GTK_IS_TEXT (text));
  g_signal_emit_by_name (text, "activate");
  bg_test_ui_pump ();
}

static void
select_ids (BgWindow   *window,
            const char *id)
{
  const char *ids[] = { id, NULL };

  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
}

/* The palette ---------------------------------------------------------------- */

/* Each installed component under every domain of its ports, in "My
 * components", and nowhere else; a user's own file too. */
static void
test_palette_domains (void)
{
  BgWindow *window;
  GtkWidget *row;

  write_user_component ("Tank.bgmod", tank_text);
  window = bg_test_ui_new_window (app, NULL);

  row = palette_row (window, BG_DOMAIN_HYDRAULIC, "HydraulicLine");
  g_assert_nonnull (row);
  g_assert_cmpstr (section_of (row), ==, "My components");
  g_assert_nonnull (bg_palette_get_item (bg_window_get_palette (window), "Tank"));
  g_assert_null (bg_palette_get_item (bg_window_get_palette (window), "QuarterCar"));
  g_assert_null (bg_palette_get_item (bg_window_get_palette (window), "DCDrive"));
  /* the label is the name shown, the description in the tooltip */
  g_assert_nonnull (find_label (row, "Hydraulic line"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (row), "laminar resistance"));

  g_assert_nonnull (palette_row (window, BG_DOMAIN_ELECTRICAL, "DCDrive"));
  g_assert_nonnull (palette_row (window, BG_DOMAIN_ROTATIONAL, "DCDrive"));
  g_assert_null (palette_row (window, BG_DOMAIN_ROTATIONAL, "HydraulicLine"));
  row = palette_row (window, BG_DOMAIN_TRANSLATIONAL, "QuarterCar");
  g_assert_nonnull (row);
  g_assert_cmpstr (section_of (row), ==, "My components");
  g_assert_null (bg_palette_get_item (bg_window_get_palette (window), "Tank"));
  /* an empty section says how to fill it */
  g_assert_null (find_label (GTK_WIDGET (bg_window_get_palette (window)),
                             "None in this domain yet. Select a component's instance and choose "
                             "Save Component to Library… to add it here."));

  bg_test_ui_destroy_window (window);
  remove_user_component ("Tank.bgmod");
}

/* The search finds library components by label and by name, in the
 * domain shown. */
static void
test_palette_search (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgPalette *palette = bg_window_get_palette (window);
  GtkWidget *quarter, *mass, *no_match;

  quarter = palette_row (window, BG_DOMAIN_TRANSLATIONAL, "QuarterCar");
  mass = bg_palette_get_item (palette, "I");
  set_search (window, "quarter-car");
  g_assert_true (gtk_widget_get_visible (quarter));
  g_assert_false (gtk_widget_get_visible (mass));
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (quarter)));
  set_search (window, "quartercar");
  g_assert_true (gtk_widget_get_visible (quarter));
  set_search (window, "mass");
  g_assert_false (gtk_widget_get_visible (quarter));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (quarter)));
  g_assert_true (gtk_widget_get_visible (mass));

  /* Enter in the search inserts the first match, a library one too */
  set_search (window, "suspension");
  g_signal_emit_by_name (palette_search (window), "activate");
  bg_test_ui_pump ();
  g_assert_nonnull (bg_model_find_element (bg_test_ui_window_model (window), "QuarterCar1"));

  set_search (window, "no such thing");
  no_match = find_label (GTK_WIDGET (palette), "No components match the search");
  g_assert_nonnull (no_match);
  set_search (window, "");
  g_assert_true (gtk_widget_get_visible (quarter));

  bg_test_ui_destroy_window (window);
}

/* Inserting ------------------------------------------------------------------ */

/* A click embeds the definition and adds an instance, as one step; a
 * second click adds only the instance. */
static void
test_click_insert (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgModel *model = bg_test_ui_window_model (window);
  GPtrArray *defs = bg_model_get_definitions (model);
  BgElement *element;

  activate_row (palette_row (window, BG_DOMAIN_HYDRAULIC, "HydraulicLine"));
  g_assert_cmpuint (defs->len, ==, 1);
  element = bg_model_find_element (model, "HydraulicLine1");
  g_assert_nonnull (element);
  g_assert_true (element->spec == bg_model_find_definition (model, "HydraulicLine")->spec);
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Add HydraulicLine1");
  /* selected, so the inspector shows it */
  {
    g_auto(GStrv) ids = bg_canvas_dup_selected_ids (bg_window_get_canvas (window));

    g_assert_cmpstrv (ids, ((const char *[]) { "HydraulicLine1", NULL }));
  }

  activate_row (bg_palette_get_item (bg_window_get_palette (window), "HydraulicLine"));
  g_assert_cmpuint (defs->len, ==, 1);
  g_assert_nonnull (bg_model_find_element (model, "HydraulicLine2"));

  /* one undo each: the second instance, then the first with the definition */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 0);
  g_assert_cmpuint (defs->len, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpuint (defs->len, ==, 1);
  g_assert_nonnull (bg_model_find_element (model, "HydraulicLine1"));

  /* saved and opened again, it is the same model */
  {
    g_autofree char *text = bg_file_to_data (model, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(BgModel) again = bg_file_load_from_data (text, -1, &error);

    g_assert_no_error (error);
    g_assert_nonnull (bg_model_find_definition (again, "HydraulicLine"));
  }
  bg_test_ui_destroy_window (window);
}

/* A row dragged from "My components" carries its entry; the canvas takes
 * it at the drop point. */
static void
test_drop_insert (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  GtkWidget *row = palette_row (window, BG_DOMAIN_ELECTRICAL, "DCDrive");
  GtkEventController *source = find_controller (row, GTK_TYPE_DRAG_SOURCE, G_TYPE_INVALID);
  GtkEventController *target = NULL;
  graphene_point_t at;
  g_autoptr(GdkContentProvider) content = NULL;
  g_auto(GValue) value = G_VALUE_INIT;
  g_autoptr(GError) error = NULL;
  gboolean accepted = FALSE;
  BgElement *element;
  double vx, vy;

  g_assert_nonnull (source);
  g_signal_emit_by_name (source, "prepare", 10.0, 10.0, &content);
  g_assert_nonnull (content);
  /* not a string: the canvas's own target would not know it */
  g_value_init (&value, G_TYPE_STRING);
  g_assert_false (gdk_content_provider_get_value (content, &value, NULL));
  g_value_unset (&value);
  g_value_init (&value, BG_TYPE_COMPONENT_ENTRY);
  g_assert_true (gdk_content_provider_get_value (content, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bg_component_entry_get_name (g_value_get_object (&value)), ==, "DCDrive");

  /* the canvas's own target takes text only; one around it takes this */
  g_assert_null (find_controller (GTK_WIDGET (canvas), GTK_TYPE_DROP_TARGET, BG_TYPE_COMPONENT_ENTRY));
  for (GtkWidget *w = gtk_widget_get_parent (GTK_WIDGET (canvas)); w != NULL && target == NULL;
       w = gtk_widget_get_parent (w))
    target = find_controller (w, GTK_TYPE_DROP_TARGET, BG_TYPE_COMPONENT_ENTRY);
  g_assert_nonnull (target);
  /* a point of the canvas, in the target's widget */
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (canvas),
                                           gtk_event_controller_get_widget (target),
                                           &GRAPHENE_POINT_INIT (200, 120), &at));
  g_signal_emit_by_name (target, "drop", &value, (double) at.x, (double) at.y, &accepted);
  bg_test_ui_pump ();
  g_assert_true (accepted);
  element = bg_model_find_element (model, "DCDrive1");
  g_assert_nonnull (element);
  g_assert_nonnull (bg_model_find_definition (model, "DCDrive"));
  bg_canvas_model_to_view (canvas, element->x, element->y, &vx, &vy);
  g_assert_cmpfloat (fabs (vx - 200.0), <, 40.0);
  g_assert_cmpfloat (fabs (vy - 120.0), <, 40.0);

  bg_test_ui_destroy_window (window);
}

/* A model with another "HydraulicLine" of its own: the click is refused
 * with the reason on the status line, and the model stays as it was. */
static void
test_insert_clash (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_file_load_from_data (
    "{\"format\": \"bgmod\", \"version\": 1, \"components\": {\"HydraulicLine\": {"
    "\"elements\": [{\"id\": \"A\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\"}],"
    "\"bonds\": [{\"id\": \"b1\", \"from\": \"A\", \"to\": \"R\"}]}},"
    "\"elements\": [{\"id\": \"L\", \"type\": \"HydraulicLine\"}]}", -1, &error);
  g_autoptr(BgDocument) document = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  BgWindow *window;

  g_assert_no_error (error);
  document = bg_document_new_for_model (model, NULL);
  window = bg_test_ui_new_window (app, document);
  before = bg_file_to_data (model, NULL);

  activate_row (palette_row (window, BG_DOMAIN_HYDRAULIC, "HydraulicLine"));
  after = bg_file_to_data (model, NULL);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (bg_model_can_undo (model));
  g_assert_nonnull (find_label (GTK_WIDGET (window),
                                "The model already has a different component named “HydraulicLine”; "
                                "to use both, rename the library's file HydraulicLine.bgmod"));
  bg_test_ui_destroy_window (window);
}

/* Saving --------------------------------------------------------------------- */

static GtkFileChooser *
find_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return GTK_FILE_CHOOSER (w);
    }
  return NULL;
}

/* Save Component to Library… is there while an instance is selected; its
 * chooser starts in the user's folder with the component's name, and what
 * it saves is in the palette at once. */
static void
test_save_component (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800);
  g_autofree char *folder = bg_component_library_dup_user_folder ();
  g_autofree char *path = g_build_filename (folder, "Corner.bgmod", NULL);
  g_autoptr(GFile) current = NULL;
  GtkFileChooser *chooser;
  GtkWidget *row, *probe;

  /* a button on the action shows whether it is enabled, as the menu item does */
  probe = gtk_button_new_with_label ("probe");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), "win.save-component");
  gtk_header_bar_pack_end (GTK_HEADER_BAR (gtk_window_get_titlebar (GTK_WINDOW (window))), probe);
  bg_test_ui_pump ();
  g_assert_false (gtk_widget_get_sensitive (probe));
  select_ids (window, "J_rig");
  g_assert_false (gtk_widget_get_sensitive (probe));
  select_ids (window, "FRONT");
  g_assert_true (gtk_widget_get_sensitive (probe));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-component", NULL));
  bg_test_ui_pump ();
  chooser = find_chooser ();
  g_assert_nonnull (chooser);
  current = gtk_file_chooser_get_current_folder (chooser);
  g_assert_cmpstr (g_file_peek_path (current), ==, folder);
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (chooser);

    g_assert_cmpstr (name, ==, "QuarterCar.bgmod");
  }
  /* saved under a name of the user's, without the extension */
  gtk_file_chooser_set_current_name (chooser, "Corner");
  bg_test_ui_pump ();
  g_object_add_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  while (chooser != NULL && gtk_widget_get_visible (GTK_WIDGET (chooser)))
    g_main_context_iteration (NULL, TRUE);
  if (chooser != NULL)
    g_object_remove_weak_pointer (G_OBJECT (chooser), (gpointer *) &chooser);
  bg_test_ui_pump ();

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  row = palette_row (window, BG_DOMAIN_TRANSLATIONAL, "Corner");
  g_assert_nonnull (row);
  g_assert_cmpstr (section_of (row), ==, "My components");
  g_assert_nonnull (find_label (GTK_WIDGET (window),
                                "Saved Corner: the palette lists it under My components"));
  bg_test_ui_destroy_window (window);
  g_remove (path);
}

/* The inspector -------------------------------------------------------------- */

static GtkWidget *
field_box (GtkWidget *entry)
{
  GtkWidget *line = gtk_widget_get_parent (entry);

  return gtk_widget_get_parent (line);
}

/* "default" or Reset at the end of a field's caption line (whichever is
 * shown). */
static GtkWidget *
field_status (GtkWidget *entry)
{
  GtkWidget *head = gtk_widget_get_first_child (field_box (entry));

  g_assert_true (GTK_IS_BOX (head));
  return gtk_widget_get_last_child (head);
}

static gboolean
shows_default (GtkWidget *entry)
{
  GtkWidget *status = field_status (entry);
  GtkWidget *label = gtk_widget_get_first_child (status);
  GtkWidget *reset = gtk_widget_get_last_child (status);

  g_assert_true (GTK_IS_LABEL (label));
  g_assert_true (GTK_IS_BUTTON (reset));
  g_assert_true (gtk_widget_get_visible (label) != gtk_widget_get_visible (reset));
  return gtk_widget_get_visible (label);
}

static GtkWidget *
reset_button (GtkWidget *entry)
{
  return gtk_widget_get_last_child (field_status (entry));
}

static gboolean
is_heading (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading");
}

static gboolean
is_heading_named (GtkWidget     *widget,
                  gconstpointer  text)
{
  return is_heading (widget, NULL) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0;
}

/* The group headings of the inspector, in order, joined by "|". */
static char *
dup_headings (BgInspector *inspector)
{
  GString *out = g_string_new (NULL);
  GtkWidget *content = bg_test_ui_find_typed (GTK_WIDGET (inspector), GTK_TYPE_BOX);

  for (GtkWidget *group = gtk_widget_get_first_child (content); group != NULL;
       group = gtk_widget_get_next_sibling (group))
    {
      GtkWidget *first = gtk_widget_get_first_child (group);

      if (first != NULL && is_heading (first, NULL))
        g_string_append_printf (out, "%s%s", out->len > 0 ? "|" : "",
                                gtk_label_get_label (GTK_LABEL (first)));
    }
  return g_string_free (out, FALSE);
}

static void
test_inspector (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800);
  BgInspector *inspector = bg_window_get_inspector (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *headings = NULL;
  GtkWidget *body, *wheel, *wheel_grouped;
  guint index;
  const BgParamSpec *pspec;

  select_ids (window, "FRONT");
  headings = dup_headings (inspector);
  g_assert_cmpstr (headings, ==,
                   "Parameters|K_tyre · Spring compliance|M_wheel · Mass|K_spring · Spring compliance|"
                   "B_damper · Damper|M_body · Mass");
  /* the definition's own first: the first field of that name, captioned
   * with its element */
  body = bg_inspector_get_field (inspector, "M_body.value");
  g_assert_nonnull (body);
  g_assert_nonnull (find_label (field_box (body), "M_body · Mass"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (body)), ==, "320");
  g_assert_false (shows_default (body));
  wheel = bg_inspector_get_field (inspector, "M_wheel.value");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (wheel)), ==, "40");
  g_assert_true (shows_default (wheel));
  /* and again under its element, captioned with the parameter alone */
  {
    GtkWidget *heading = bg_test_ui_find_widget (GTK_WIDGET (inspector), is_heading_named,
                                                 "M_wheel · Mass");
    GtkWidget *group = gtk_widget_get_parent (heading);

    wheel_grouped = bg_test_ui_find_typed (group, GTK_TYPE_ENTRY);
    g_assert_true (wheel_grouped != wheel);
    g_assert_nonnull (find_label (group, "Mass"));
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (wheel_grouped)), ==, "40");
  }

  /* an edit is the instance's own value */
  gtk_editable_set_text (GTK_EDITABLE (wheel), "45");
  press_enter (wheel);
  pspec = bg_component_spec_find_param (bg_model_find_element (model, "FRONT")->spec,
                                        "M_wheel.value", &index);
  g_assert_nonnull (pspec);
  g_assert_cmpfloat (bg_model_find_element (model, "FRONT")->params[index].number, ==, 45);
  g_assert_false (shows_default (wheel));
  g_assert_false (shows_default (wheel_grouped));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (wheel_grouped)), ==, "45");
  /* the other instance keeps the component's value */
  g_assert_cmpfloat (bg_model_find_element (model, "REAR")->params[index].number, ==, 40);

  /* Reset: the component's value, one step */
  g_signal_emit_by_name (reset_button (wheel_grouped), "clicked");
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, "FRONT")->params[index].number, ==, 40);
  g_assert_true (shows_default (wheel));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (wheel)), ==, "40");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, "FRONT")->params[index].number, ==, 45);
  g_assert_false (shows_default (wheel));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, "FRONT")->params[index].number, ==, 40);
  g_assert_true (shows_default (wheel));

  /* the body mass the example sets: reset to the component's 290 */
  g_signal_emit_by_name (reset_button (body), "clicked");
  bg_test_ui_pump ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (body)), ==, "290");
  g_assert_true (shows_default (body));
  bg_test_ui_destroy_window (window);
}

/* A component with a component inside: its parameters group under the
 * nested paths ("S2.R"). */
static void
test_inspector_nested (void)
{
  static const char pipes[] =
    "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"Two sections\","
    " \"components\": {\"Section\": {\"elements\": ["
    "{\"id\": \"A\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"J\", \"type\": \"1\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"R\", \"type\": \"R\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"B\", \"type\": \"Port\", \"domain\": \"hydraulic\"}],"
    " \"bonds\": [{\"id\": \"b1\", \"from\": \"A\", \"to\": \"J\"}, {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R\"},"
    " {\"id\": \"b3\", \"from\": \"J\", \"to\": \"B\"}]}},"
    " \"elements\": [{\"id\": \"IN\", \"type\": \"Port\", \"domain\": \"hydraulic\"},"
    "{\"id\": \"S1\", \"type\": \"Section\"}, {\"id\": \"S2\", \"type\": \"Section\"},"
    "{\"id\": \"OUT\", \"type\": \"Port\", \"domain\": \"hydraulic\"}],"
    " \"bonds\": [{\"id\": \"b1\", \"from\": \"IN\", \"to\": \"S1.A\"}, {\"id\": \"b2\", \"from\": \"S1.B\", \"to\": \"S2.A\"},"
    " {\"id\": \"b3\", \"from\": \"S2.B\", \"to\": \"OUT\"}]}";
  BgWindow *window;
  g_autofree char *headings = NULL;

  write_user_component ("Pipes.bgmod", pipes);
  window = bg_test_ui_new_window (app, NULL);
  activate_row (palette_row (window, BG_DOMAIN_HYDRAULIC, "Pipes"));
  g_assert_cmpuint (bg_model_get_definitions (bg_test_ui_window_model (window))->len, ==, 2);
  headings = dup_headings (bg_window_get_inspector (window));
  g_assert_cmpstr (headings, ==, "Parameters|S1.R · Line resistance|S2.R · Line resistance");
  g_assert_nonnull (bg_inspector_get_field (bg_window_get_inspector (window), "S2.R.value"));
  bg_test_ui_destroy_window (window);
  remove_user_component ("Pipes.bgmod");
}

/* The example built from components runs in the window, with its plot's
 * variables under their paths. */
static void
test_example_runs (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800);
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  BgSimulationRun *run;
  BgResult *result;
  g_auto(GStrv) vars = NULL;

  bg_test_ui_run_to_end (window);
  run = bg_plot_pane_get_run (pane);
  g_assert_nonnull (run);
  g_assert_null (bg_simulation_run_get_error (run));
  result = bg_simulation_run_get_result (run);
  g_assert_cmpuint (bg_result_get_n_rows (result), ==, 3001);
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_cmpstrv (vars, ((const char *[]) { "FRONT.K_spring.q", "REAR.K_spring.q", NULL }));
  bg_test_ui_destroy_window (window);
}

/* Installed texts ------------------------------------------------------------ */

static void
test_installed_texts (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *folder = g_build_filename (datadir, "components", NULL);
  const char *folders[] = { folder, NULL };
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = bg_component_library_list (folders, problems);

  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (entries->len, >=, 3);
  for (guint i = 0; i < entries->len; i++)
    {
      BgComponentEntry *entry = entries->pdata[i];

      g_test_message ("%s", bg_component_entry_get_name (entry));
      g_assert_true (bg_component_name_is_known (bg_component_entry_get_label (entry)));
      g_assert_true (bg_component_name_is_known (bg_component_entry_get_description (entry)));
      g_assert_nonnull (bg_component_entry_get_definition (entry)->parameters[0]);
    }
}

/* Pictures ------------------------------------------------------------------- */

/* The palette scrolled to "My components", an instance in the inspector,
 * at the screen's size: NAME-WIDTHxHEIGHT. */
static void
screenshot (const char *name)
{
  GdkDisplay *display = gdk_display_get_default ();
  GdkMonitor *monitor = g_list_model_get_item (gdk_display_get_monitors (display), 0);
  GdkRectangle area;
  g_autofree char *file = NULL;
  BgWindow *window;
  GtkWidget *heading;
  GtkScrolledWindow *scrolled;
  GtkAdjustment *adjustment;
  graphene_point_t at;

  gdk_monitor_get_geometry (monitor, &area);
  g_object_unref (monitor);
  write_user_component ("Bumper.bgmod", bumper_text);
  window = bg_test_ui_open_example (app, "suspension-rig.bgmod", area.width, area.height);
  gtk_window_maximize (GTK_WINDOW (window));
  bg_test_ui_pump ();
  palette_row (window, BG_DOMAIN_TRANSLATIONAL, "QuarterCar");
  select_ids (window, "FRONT");
  bg_test_ui_wait_ms (200);
  /* the instance's page fits the screen: the window is no wider */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, area.width);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));

  /* the section's heading at the top of the palette's list */
  heading = find_label (GTK_WIDGET (bg_window_get_palette (window)),
                        g_dgettext (GETTEXT_PACKAGE, "My components"));
  g_assert_nonnull (heading);
  scrolled = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (heading, GTK_TYPE_SCROLLED_WINDOW));
  adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  g_assert_true (gtk_widget_compute_point (heading, gtk_scrolled_window_get_child (scrolled),
                                           &GRAPHENE_POINT_INIT (0, 0), &at));
  gtk_adjustment_set_value (adjustment, MAX (0, at.y - 8));
  bg_test_ui_wait_ms (200);
  file = g_strdup_printf ("%s-%dx%d", name, area.width, area.height);
  bg_test_ui_maybe_screenshot (file);
  bg_test_ui_destroy_window (window);
  remove_user_component ("Bumper.bgmod");
}

static void
test_screenshot_english (void)
{
  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  screenshot ("library-palette-en");
}

/* Russian -------------------------------------------------------------------- */

/* last: gettext caches translations, so the language is not switched back */
static void
test_russian (void)
{
  BgWindow *window;
  GtkWidget *row, *body;

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1024, 768);
  row = palette_row (window, BG_DOMAIN_TRANSLATIONAL, "QuarterCar");
  g_assert_cmpstr (section_of (row), ==, "Мои компоненты");
  g_assert_nonnull (find_label (row, "Подвеска четверти автомобиля"));
  select_ids (window, "FRONT");
  g_assert_nonnull (find_label (GTK_WIDGET (bg_window_get_inspector (window)), "Параметры"));
  body = bg_inspector_get_field (bg_window_get_inspector (window), "M_wheel.value");
  g_assert_nonnull (find_label (field_box (body), "по умолчанию"));
  /* the longer words keep the window within 1024 pixels */
  bg_test_ui_wait_ms (100);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 1024);
  bg_test_ui_destroy_window (window);

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") != NULL)
    screenshot ("library-palette-ru");
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
  home = bg_test_ui_make_home ("bgmod-test-library-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/component-library/palette-domains", test_palette_domains);
  g_test_add_func ("/ui/component-library/palette-search", test_palette_search);
  g_test_add_func ("/ui/component-library/click-insert", test_click_insert);
  g_test_add_func ("/ui/component-library/drop-insert", test_drop_insert);
  g_test_add_func ("/ui/component-library/insert-clash", test_insert_clash);
  g_test_add_func ("/ui/component-library/save-component", test_save_component);
  g_test_add_func ("/ui/component-library/inspector", test_inspector);
  g_test_add_func ("/ui/component-library/inspector-nested", test_inspector_nested);
  g_test_add_func ("/ui/component-library/example-runs", test_example_runs);
  g_test_add_func ("/ui/component-library/installed-texts", test_installed_texts);
  g_test_add_func ("/ui/component-library/screenshot-english", test_screenshot_english);
  g_test_add_func ("/ui/component-library/russian", test_russian);

  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
