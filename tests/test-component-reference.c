/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-component-reference.c — Help ▸ Component Reference in the window.
 *
 * Owns: tests of BgComponentReference and win.component-reference in the
 * real application under Xvfb: the action opens one reference per main
 * window at the component its target names; every component kind in
 * each of its domains shows its page with every equation line and
 * parameter of the core's reference (bg-component-doc.h); the search
 * filters the list; the inspector's "?" opens the selected element's
 * page; the headings and title are Russian in Russian; the window fits
 * 1024×768, in presentation mode too. With BGMOD_TEST_SCREENSHOT_DIR set,
 * pictures of the reference (nothing is asserted about the pixels).
 * Must not: depend on timing beyond iterating the main loop until idle or
 * the search entry's delay.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include "bg-component-doc.h"
#include "bg-component-reference.h"
#include "bg-test-ui.h"

static BgApplication *app;

/* The component kinds of the library (test-component-kinds.c lists them). */
#define N_KINDS 15  /* the 14 kinds and the component Port */

static BgComponentReference *
find_reference (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  BgComponentReference *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (BG_IS_COMPONENT_REFERENCE (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        {
          g_assert_null (found);
          found = BG_COMPONENT_REFERENCE (w);
        }
    }
  return found;
}

static guint
count_references (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      n += BG_IS_COMPONENT_REFERENCE (w);
    }
  return n;
}

/* win.component-reference(target) on WINDOW; the reference it shows. */
static BgComponentReference *
open_reference (BgWindow   *window,
                const char *target)
{
  BgComponentReference *reference;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.component-reference",
                                             "s", target));
  bg_test_ui_pump ();
  reference = find_reference ();
  g_assert_nonnull (reference);
  return reference;
}

static GtkWidget *
page_of (BgComponentReference *reference)
{
  return bg_test_ui_find_widget (GTK_WIDGET (reference), bg_test_ui_has_css_class, "reference-page");
}

static GtkListBox *
list_of (BgComponentReference *reference)
{
  GtkWidget *list = bg_test_ui_find_widget (GTK_WIDGET (reference), bg_test_ui_has_css_class,
                                            "reference-list");

  g_assert_true (GTK_IS_LIST_BOX (list));
  return GTK_LIST_BOX (list);
}

static char *
dup_title (const BgComponentSpec *spec)
{
  return g_strdup_printf ("%s — %s", spec->type, bg_component_spec_display_name (spec));
}

static char *
dup_target (const BgComponentSpec *spec)
{
  if (spec->section == BG_SECTION_ADVANCED)
    return g_strdup (spec->type);
  return g_strdup_printf ("%s:%s", spec->type, bg_domain_to_id (spec->domain));
}

static void
assert_page_label (GtkWidget  *page,
                   const char *text)
{
  if (bg_test_ui_find_widget (page, bg_test_ui_has_label_text, text) == NULL)
    g_error ("the page has no label \"%s\"", text);
}

static void
assert_shows (BgComponentReference  *reference,
              const BgComponentSpec *spec)
{
  g_autofree char *title = dup_title (spec);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (list_of (reference));

  g_assert_true (bg_component_reference_get_spec (reference) == spec);
  assert_page_label (page_of (reference), title);
  g_assert_nonnull (row);
  g_assert_true (g_object_get_data (G_OBJECT (row), "bg-reference-spec") == spec);
}

/* Opening ---------------------------------------------------------------------- */

static void
test_open_at_target (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgWindow *other;
  BgComponentReference *reference;
  guint n_before = count_references ();

  g_assert_null (find_reference ());
  reference = open_reference (window, "C:electrical");
  assert_shows (reference, bg_library_lookup ("C", BG_DOMAIN_ELECTRICAL));
  assert_page_label (page_of (reference), "C — Capacitor");

  /* the same window again, at another page */
  g_assert_true (open_reference (window, "CylinderDA") == reference);
  assert_shows (reference, bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE));
  g_assert_true (open_reference (window, "R:hydraulic") == reference);
  assert_shows (reference, bg_library_lookup ("R", BG_DOMAIN_HYDRAULIC));
  /* a primitive without a domain: the first domain's; an advanced
   * component with one: the component */
  g_assert_true (open_reference (window, "TF") == reference);
  assert_shows (reference, bg_library_lookup ("TF", BG_DOMAIN_ELECTRICAL));
  g_assert_true (open_reference (window, "PumpCurve:hydraulic") == reference);
  assert_shows (reference, bg_library_lookup ("PumpCurve", BG_DOMAIN_NONE));
  /* "" is the first page; an unknown target leaves the page */
  g_assert_true (open_reference (window, "") == reference);
  assert_shows (reference, bg_library_get_all (NULL)[0]);
  g_assert_true (open_reference (window, "I:rotational") == reference);
  g_assert_true (open_reference (window, "Nothing") == reference);
  g_assert_true (open_reference (window, "C:nowhere") == reference);
  assert_shows (reference, bg_library_lookup ("I", BG_DOMAIN_ROTATIONAL));
  g_assert_cmpuint (count_references (), ==, n_before + 1);
  g_assert_null (bg_component_reference_find ("Nothing"));
  g_assert_null (bg_component_reference_find ("C:nowhere"));

  /* F1 and the main menu's item: "" */
  {
    g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                 "win.component-reference('')");

    g_assert_nonnull (keys[0]);
    g_assert_cmpstr (keys[0], ==, "F1");
  }

  /* another main window has its own */
  other = bg_test_ui_new_window (app, NULL);
  gtk_widget_set_visible (GTK_WIDGET (reference), FALSE);
  g_assert_true (open_reference (other, "Se:translational") != reference);
  g_assert_cmpuint (count_references (), ==, n_before + 2);

  /* and each goes with its main window */
  bg_test_ui_destroy_window (other);
  g_assert_cmpuint (count_references (), ==, n_before + 1);
  bg_test_ui_destroy_window (window);
  g_assert_cmpuint (count_references (), ==, n_before);
}

/* Every page --------------------------------------------------------------------- */

static void
assert_page_complete (BgComponentReference  *reference,
                      const BgComponentSpec *spec)
{
  GtkWidget *page = page_of (reference);
  g_auto(GStrv) lines = bg_component_doc_dup_equations (spec);
  g_autofree char *causality = bg_component_doc_dup_causality (spec);
  g_autofree char *initial = bg_component_doc_dup_initial_state (spec);

  assert_shows (reference, spec);
  assert_page_label (page, g_dgettext (GETTEXT_PACKAGE, spec->description));
  g_assert_cmpuint (g_strv_length (lines), >, 0);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *markup = bg_component_doc_equation_markup (lines[i]);
      GtkWidget *label = bg_test_ui_find_widget (page, bg_test_ui_has_label_text, markup);

      if (label == NULL)
        g_error ("%s (%s): no equation \"%s\"", spec->type, bg_domain_to_id (spec->domain), lines[i]);
      /* drawn as the equations page draws its equations */
      g_assert_true (gtk_widget_has_css_class (label, "equation"));
      g_assert_true (gtk_label_get_use_markup (GTK_LABEL (label)));
    }
  for (guint i = 0; i < spec->n_params; i++)
    {
      g_autofree char *limit = bg_component_doc_dup_limit (&spec->params[i]);

      assert_page_label (page, spec->params[i].name);
      assert_page_label (page, limit);
    }
  for (guint i = 0; i < spec->n_ports; i++)
    assert_page_label (page, spec->ports[i].name);
  for (guint i = 0; i < spec->n_vars; i++)
    {
      g_autofree char *var = g_strconcat ("EL.", spec->vars[i].suffix, NULL);

      assert_page_label (page, var);
    }
  assert_page_label (page, causality);
  if (initial != NULL)
    assert_page_label (page, initial);
}

static void
test_every_page (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  g_autoptr(GHashTable) kinds = g_hash_table_new (g_str_hash, g_str_equal);
  BgComponentReference *reference = NULL;
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);
  GtkListBox *list;
  guint n_rows = 0;

  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *target = dup_target (all[i]);

      reference = open_reference (window, target);
      assert_page_complete (reference, all[i]);
      g_hash_table_add (kinds, (gpointer) all[i]->type);
    }
  g_assert_cmpuint (g_hash_table_size (kinds), ==, N_KINDS);

  /* every spec once in the list; a click on a row shows its page */
  list = list_of (reference);
  while (gtk_list_box_get_row_at_index (list, n_rows) != NULL)
    n_rows++;
  g_assert_cmpuint (n_rows, ==, n_specs);
  {
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, 3);

    gtk_list_box_select_row (list, row);
    bg_test_ui_pump ();
    assert_page_complete (reference, g_object_get_data (G_OBJECT (row), "bg-reference-spec"));
  }
  /* the list's groups: each domain, then the advanced components */
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (list), bg_test_ui_has_label_text, "Electrical"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (list), bg_test_ui_has_label_text,
                                            "Advanced components"));
  bg_test_ui_destroy_window (window);
}

/* Search ------------------------------------------------------------------------- */

static guint
count_shown (GtkListBox *list,
             gboolean    (*check) (const BgComponentSpec *spec))
{
  guint n = 0;
  GtkListBoxRow *row;

  for (int i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL; i++)
    if (gtk_widget_get_child_visible (GTK_WIDGET (row)))
      {
        if (check != NULL)
          g_assert_true (check (g_object_get_data (G_OBJECT (row), "bg-reference-spec")));
        n++;
      }
  return n;
}

static gboolean
is_capacitor (const BgComponentSpec *spec)
{
  return g_str_equal (spec->type, "C");
}

static gboolean
is_cylinder (const BgComponentSpec *spec)
{
  return g_str_equal (spec->type, "CylinderDA");
}

static void
search (GtkWidget  *entry,
        const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  /* the entry's search-changed comes after its delay */
  bg_test_ui_wait_ms (400);
  bg_test_ui_pump ();
}

static void
test_search (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgComponentReference *reference = open_reference (window, "R:electrical");
  GtkWidget *entry = GTK_WIDGET (bg_test_ui_find_typed (GTK_WIDGET (reference), GTK_TYPE_SEARCH_ENTRY));
  GtkListBox *list = list_of (reference);
  guint n_specs;

  bg_library_get_all (&n_specs);
  g_assert_cmpuint (count_shown (list, NULL), ==, n_specs);

  /* by noun: the four capacitances, the first of them shown */
  search (entry, "capacitance");
  g_assert_cmpuint (count_shown (list, is_capacitor), ==, 4);
  g_assert_true (is_capacitor (bg_component_reference_get_spec (reference)));
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (list), bg_test_ui_has_label_text,
                                         "Advanced components"));
  /* by type, in any case */
  search (entry, "cylinderda");
  g_assert_cmpuint (count_shown (list, is_cylinder), ==, 1);
  assert_shows (reference, bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE));
  /* by name */
  search (entry, "  Double-acting ");
  g_assert_cmpuint (count_shown (list, is_cylinder), ==, 1);
  /* nothing: the list says so, the page stays */
  search (entry, "no such thing");
  g_assert_cmpuint (count_shown (list, NULL), ==, 0);
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (list), bg_test_ui_has_label_text,
                                            "No components match the search"));
  assert_shows (reference, bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE));

  /* opening at a component the search hides clears the search */
  search (entry, "capacitance");
  open_reference (window, "GY:rotational");
  bg_test_ui_wait_ms (400);
  bg_test_ui_pump ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  g_assert_cmpuint (count_shown (list, NULL), ==, n_specs);
  assert_shows (reference, bg_library_lookup ("GY", BG_DOMAIN_ROTATIONAL));

  bg_test_ui_destroy_window (window);
}

/* The inspector's "?" ------------------------------------------------------------- */

static gboolean
is_help_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "?") == 0;
}

static void
click_help_for (BgWindow              *window,
                const char            *id,
                const BgComponentSpec *expected)
{
  const char *ids[] = { id, NULL };
  GtkWidget *button;
  const char *tooltip;

  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
  button = bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_inspector (window)), is_help_button, NULL);
  g_assert_nonnull (button);
  tooltip = gtk_widget_get_tooltip_text (button);
  g_assert_cmpstr (tooltip, ==, "Component reference for this element");
  g_signal_emit_by_name (button, "clicked");
  bg_test_ui_pump ();
  g_assert_nonnull (find_reference ());
  assert_shows (find_reference (), expected);
}

static void
test_inspector_button (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1280, 800);
  const char *none[] = { NULL };

  click_help_for (window, "CYL", bg_library_lookup ("CylinderDA", BG_DOMAIN_NONE));
  click_help_for (window, "C_A", bg_library_lookup ("C", BG_DOMAIN_HYDRAULIC));
  click_help_for (window, "LOAD", bg_library_lookup ("MechanicalLoad", BG_DOMAIN_NONE));
  /* the simulation settings have none */
  bg_canvas_select_ids (bg_window_get_canvas (window), none);
  bg_test_ui_pump ();
  g_assert_null (bg_test_ui_find_widget (GTK_WIDGET (bg_window_get_inspector (window)),
                                         is_help_button, NULL));
  bg_test_ui_destroy_window (window);

  window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  click_help_for (window, "C1", bg_library_lookup ("C", BG_DOMAIN_ELECTRICAL));
  click_help_for (window, "R1", bg_library_lookup ("R", BG_DOMAIN_ELECTRICAL));
  bg_test_ui_destroy_window (window);
}

/* Size --------------------------------------------------------------------------- */

/* Natural and minimum size on every page, within a 1024×768 screen. */
static void
assert_fits (BgComponentReference *reference)
{
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);
  int widest = 0, tallest = 0;
  const char *widest_type = "";

  /* styles (presentation mode's larger text) apply on the next frames */
  bg_test_ui_wait_ms (200);
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *target = dup_target (all[i]);
      int min_width = 0, nat_width = 0, min_height = 0, nat_height = 0;
      int page_width = 0, list_width = 0;

      g_assert_true (bg_component_reference_show (reference, target));
      gtk_widget_measure (GTK_WIDGET (reference), GTK_ORIENTATION_HORIZONTAL, -1,
                          &min_width, &nat_width, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (reference), GTK_ORIENTATION_VERTICAL, nat_width,
                          &min_height, &nat_height, NULL, NULL);
      g_assert_cmpint (min_width, <=, nat_width);
      g_assert_cmpint (min_height, <=, 768);
      /* the scrolled page does not pass its natural width on: the page's
       * own beside the list (its minimum, or the 240 px it opens with;
       * names wrap) fits too */
      gtk_widget_measure (page_of (reference), GTK_ORIENTATION_HORIZONTAL, -1,
                          NULL, &page_width, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (list_of (reference)), GTK_ORIENTATION_HORIZONTAL, -1,
                          &list_width, NULL, NULL, NULL);
      nat_width = MAX (nat_width, page_width + MAX (list_width, 240) + 16);
      if (nat_width > widest)
        {
          widest = nat_width;
          widest_type = all[i]->type;
        }
      tallest = MAX (tallest, nat_height);
    }
  g_test_message ("natural size at most %d×%d (widest: %s)", widest, tallest, widest_type);
  g_assert_cmpint (widest, <=, 1024);
  g_assert_cmpint (tallest, <=, 768);
  {
    int width = 0, height = 0;

    gtk_window_get_default_size (GTK_WINDOW (reference), &width, &height);
    g_assert_cmpint (width, <=, 1024);
    g_assert_cmpint (height, <=, 768);
  }
}

static void
test_fits_1024 (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgComponentReference *reference = open_reference (window, "");

  assert_fits (reference);
  /* presentation mode's larger text follows the main window */
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (reference), "presentation"));
  assert_fits (reference);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  bg_test_ui_pump ();
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (reference), "presentation"));
  bg_test_ui_destroy_window (window);
}

/* Pictures ------------------------------------------------------------------------ */

/* The reference at TARGET over the bench at 1024×768, then in
 * presentation mode (NAME-presentation), then the bench with its
 * cylinder selected (NAME-inspector: the "?" in the inspector). */
static void
screenshot (const char *target,
            const char *name)
{
  BgWindow *window;
  BgComponentReference *reference;
  g_autofree char *presentation = g_strconcat (name, "-presentation", NULL);
  g_autofree char *inspector = g_strconcat (name, "-inspector", NULL);
  const char *ids[] = { "CYL", NULL };

  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    return;
  window = bg_test_ui_open_example (app, "hydraulic-bench.bgmod", 1024, 768);
  reference = open_reference (window, target);
  bg_test_ui_disable_tooltips (GTK_WIDGET (reference));
  bg_test_ui_maybe_screenshot (name);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_pump ();
  bg_test_ui_maybe_screenshot (presentation);
  g_object_set (window, "presentation-mode", FALSE, NULL);
  gtk_widget_set_visible (GTK_WIDGET (reference), FALSE);
  bg_canvas_select_ids (bg_window_get_canvas (window), ids);
  bg_test_ui_pump ();
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_maybe_screenshot (inspector);
  bg_test_ui_destroy_window (window);
}

static void
test_screenshot_english (void)
{
  if (g_getenv ("BGMOD_TEST_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("BGMOD_TEST_SCREENSHOT_DIR is not set");
      return;
    }
  screenshot ("CylinderDA", "reference-CylinderDA-en");
}

/* Russian -------------------------------------------------------------------------- */

/* last: gettext caches translations, so the language is not switched back */
static void
test_russian (void)
{
  BgWindow *window;
  BgComponentReference *reference;
  const BgComponentSpec *c = bg_library_lookup ("C", BG_DOMAIN_ELECTRICAL);
  g_autofree char *title = NULL;
  GtkWidget *page;
  static const char *const headings[] = {
    "Порты", "Уравнения", "Параметры", "Начальное состояние", "Причинность", "Выходы",
  };

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  window = bg_test_ui_new_window (app, NULL);
  reference = open_reference (window, "C:electrical");
  page = page_of (reference);

  title = g_strdup_printf ("C — %s", c->name_ru);
  assert_page_label (page, title);
  for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
    assert_page_label (page, headings[i]);
  g_assert_null (bg_test_ui_find_widget (page, bg_test_ui_has_label_text, "Equations"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (reference)), ==, "Справочник компонентов");
  g_assert_cmpstr (bg_domain_display_name (BG_DOMAIN_ELECTRICAL), !=, "Electrical");
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (list_of (reference)), bg_test_ui_has_label_text,
                                            bg_domain_display_name (BG_DOMAIN_ELECTRICAL)));
  assert_page_complete (reference, c);
  assert_fits (reference);
  g_object_set (window, "presentation-mode", TRUE, NULL);
  bg_test_ui_pump ();
  assert_fits (reference);
  bg_test_ui_destroy_window (window);

  screenshot ("C:electrical", "reference-C-electrical-ru");
}

int
main (int   argc,
      char *argv[])
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-component-reference-XXXXXX");
  app = bg_test_ui_app_new ();
  bg_autosave_set_interval (bg_application_get_autosave (app), 0);

  g_test_add_func ("/ui/component-reference/open-at-target", test_open_at_target);
  g_test_add_func ("/ui/component-reference/every-page", test_every_page);
  g_test_add_func ("/ui/component-reference/search", test_search);
  g_test_add_func ("/ui/component-reference/inspector-button", test_inspector_button);
  g_test_add_func ("/ui/component-reference/fits-1024", test_fits_1024);
  g_test_add_func ("/ui/component-reference/screenshot-english", test_screenshot_english);
  g_test_add_func ("/ui/component-reference/russian", test_russian);

  status = g_test_run ();

  bg_test_ui_shutdown (app, home);

  return status;
}
