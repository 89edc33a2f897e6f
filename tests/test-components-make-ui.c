/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-components-make-ui.c — Make Component… and Explode in the window, by
 * real pointer and key events.
 *
 * Owns: UI tests that drive the real window with xdotool's XTest input on
 * the Xvfb display (tests/bg-test-xdo.h): a rubber band around two elements
 * of rc-circuit, Ctrl+G, a taken and then a good name in the dialog; and on
 * every example, a component made by clicks, Ctrl+G and a typed name and
 * exploded from the context menu runs bit for bit as the example, and two
 * Ctrl+Z give its file back. Opening, editing and drawing components is
 * tests/test-components-ui.c's.
 * Must not: edit the model behind the widgets' back.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-test-ui.h"
#include "bg-test-xdo.h"
#include "bg-component-name-dialog.h"
#include "bg-definition.h"
#include "bg-file.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"
#include "bg-compiler.h"
#include "bg-simulator.h"

static BgApplication *app;

/* Helpers ------------------------------------------------------------------- */

static BgComponentNameDialog *
find_name_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (BG_IS_COMPONENT_NAME_DIALOG (w) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        return (BgComponentNameDialog *) w;
    }
  return NULL;
}

static gboolean
dialog_shown_cb (gpointer data)
{
  return find_name_dialog () != NULL;
}

static gboolean
dialog_gone_cb (gpointer data)
{
  return find_name_dialog () == NULL;
}

static gboolean
has_definition_cb (gpointer data)
{
  const char *const *args = data;

  return bg_model_find_definition (bg_test_ui_window_model ((BgWindow *) args[0]), args[1]) != NULL;
}

/* The run of model's flat graph, or NULL when it cannot run. */
static BgResult *
run_flat (BgModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgPlan) plan = NULL;
  BgResult *result;
  BgSimReport report = { 0 };

  g_assert_no_error (error);
  causality = bg_causality_analyze (flat);
  g_assert_true (bg_causality_is_ok (causality));
  plan = bg_compiler_compile (flat, causality, NULL, &error);
  g_assert_no_error (error);
  result = bg_simulator_new_result (plan);
  bg_simulator_run (plan, result, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  bg_sim_report_clear (&report);
  return result;
}

/* Every variable of a in b, with the moved ids under the instance's path. */
static void
assert_same_run (BgResult          *a,
                 BgResult          *b,
                 const char *const *moved,
                 const char        *instance)
{
  g_assert_cmpuint (bg_result_get_n_vars (a), ==, bg_result_get_n_vars (b));
  g_assert_cmpuint (bg_result_get_n_rows (a), ==, bg_result_get_n_rows (b));
  for (guint v = 0; v < bg_result_get_n_vars (a); v++)
    {
      const char *name = bg_result_get_var_name (a, v);
      g_autofree char *id = g_strndup (name, strcspn (name, "."));
      g_autofree char *other = g_strv_contains (moved, id)
                               ? g_strconcat (instance, ".", name, NULL) : g_strdup (name);
      int w = bg_result_lookup (b, other);

      g_assert_cmpint (w, >=, 0);
      for (gsize r = 0; r < bg_result_get_n_rows (a); r++)
        {
          double x = bg_result_get_value (a, v, r);
          double y = bg_result_get_value (b, (guint) w, r);

          g_assert_true (memcmp (&x, &y, sizeof x) == 0);
        }
    }
}

/* Make Component… ------------------------------------------------------------- */

/* rc-circuit: a rubber band around U and J, Ctrl+G, a name, Enter. */
static void
test_make_by_rubber_band (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgModel *model;
  g_autofree char *original = NULL;
  g_autoptr(BgResult) before = NULL, after = NULL;
  g_auto(GStrv) selected = NULL;
  const char *moved[] = { "U", "J", "b1", NULL };
  const char *wait_def[] = { NULL, "Source" };
  BgComponentNameDialog *dialog;
  GtkEditable *entry;
  BgElement *instance;
  double ux, uy, jx, jy, rx, ry;

  if (!bg_test_xdo_available ())
    {
      g_test_skip ("needs xdotool on an X11 display");
      return;
    }
  window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  canvas = bg_window_get_canvas (window);
  model = bg_test_ui_window_model (window);
  wait_def[0] = (const char *) window;
  original = bg_file_to_data (model, NULL);
  before = run_flat (model);

  bg_test_ui_element_point (canvas, "U", &ux, &uy);
  bg_test_ui_element_point (canvas, "J", &jx, &jy);
  bg_test_ui_element_point (canvas, "R1", &rx, &ry);
  /* from below U's left to above J's right, short of R1 above and C1 right */
  bg_test_xdo_drag (GTK_WIDGET (canvas), ux - 50, uy + 40, jx + 30, (jy + ry) / 2);
  selected = bg_canvas_dup_selected_ids (canvas);
  g_assert_true (g_strv_contains ((const char *const *) selected, "U"));
  g_assert_true (g_strv_contains ((const char *const *) selected, "J"));
  g_assert_false (g_strv_contains ((const char *const *) selected, "R1"));
  g_assert_false (g_strv_contains ((const char *const *) selected, "C1"));

  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+g");
  g_assert_true (bg_test_xdo_wait_for (dialog_shown_cb, NULL));
  dialog = find_name_dialog ();
  entry = GTK_EDITABLE (bg_component_name_dialog_get_entry (dialog));
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Component");
  /* a taken name says why, and Enter does nothing then */
  bg_test_xdo_keys (GTK_WIDGET (dialog), "ctrl+a");
  bg_test_xdo_type (GTK_WIDGET (dialog), "R");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "R");
  g_assert_cmpstr (bg_component_name_dialog_get_problem (dialog), ==,
                   "“R” is a library type; give the component another name");
  bg_test_xdo_keys (GTK_WIDGET (dialog), "Return");
  g_assert_nonnull (find_name_dialog ());
  bg_test_xdo_keys (GTK_WIDGET (dialog), "ctrl+a");
  bg_test_xdo_type (GTK_WIDGET (dialog), "Source");
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "Source");
  g_assert_null (bg_component_name_dialog_get_problem (dialog));
  bg_test_xdo_keys (GTK_WIDGET (dialog), "Return");
  g_assert_true (bg_test_xdo_wait_for (dialog_gone_cb, NULL));
  g_assert_true (bg_test_xdo_wait_for (has_definition_cb, wait_def));

  instance = bg_model_find_element (model, "Source1");
  g_assert_nonnull (instance);
  g_assert_cmpstr (instance->spec->type, ==, "Source");
  g_assert_null (bg_model_find_element (model, "U"));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Make Component Source");
  {
    g_auto(GStrv) now = bg_canvas_dup_selected_ids (canvas);

    g_assert_cmpstrv (now, ((const char *[]) { "Source1", NULL }));
  }
  /* the same run, bit for bit */
  after = run_flat (model);
  assert_same_run (before, after, moved, "Source1");

  /* one step back and forth */
  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+z");
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_cmpstr (text, ==, original);
  }
  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+shift+z");
  g_assert_nonnull (bg_model_find_element (model, "Source1"));
  bg_test_ui_destroy_window (window);
}

/* Make Component and Explode on every example, by mouse ----------------------- */

/* The first two elements when they are bonded, and their bonds come first
 * in the bond list, those between them first: made into a component and
 * exploded again, the flat graph keeps its order. */
static gboolean
first_pair_keeps_order (BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);
  BgElement *a, *b;
  guint stage = 0, inner = 0, across = 0;

  if (elements->len < 3)
    return FALSE;
  a = elements->pdata[0];
  b = elements->pdata[1];
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = bonds->pdata[i];
      guint in = (bond->from == a || bond->from == b) + (bond->to == a || bond->to == b);
      guint here = 2 - in;

      if (here < stage)
        return FALSE;
      stage = here;
      inner += here == 0;
      across += here == 1;
    }
  return inner > 0 && across > 0;
}

static BgElement *
find_selected_instance (BgModel *model)
{
  GPtrArray *elements = bg_model_get_elements (model);

  for (guint i = 0; i < elements->len; i++)
    if (bg_definition_of_spec (((BgElement *) elements->pdata[i])->spec) != NULL)
      return elements->pdata[i];
  return NULL;
}

static gboolean
menu_shown_cb (gpointer canvas)
{
  GtkWidget *menu = bg_canvas_get_context_menu (canvas);

  return menu != NULL && gtk_widget_get_mapped (menu);
}

/* The menu item with this label, in the canvas's context menu. */
static gboolean
is_item_labelled (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
exploded_cb (gpointer model)
{
  return find_selected_instance (model) == NULL;
}

static void
round_trip_example (gconstpointer data)
{
  const char *file = data;
  BgWindow *window;
  BgCanvas *canvas;
  BgModel *model;
  g_autofree char *original = NULL;
  g_autoptr(BgResult) before = NULL, made = NULL, exploded = NULL;
  g_autofree char *first = NULL, *second = NULL;
  const char *wait_def[] = { NULL, "Part" };
  BgComponentNameDialog *dialog;
  BgElement *instance;
  GPtrArray *elements;
  double x, y;

  if (!bg_test_xdo_available ())
    {
      g_test_skip ("needs xdotool on an X11 display");
      return;
    }
  window = bg_test_ui_open_example (app, file, 1280, 800);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  canvas = bg_window_get_canvas (window);
  model = bg_test_ui_window_model (window);
  wait_def[0] = (const char *) window;
  if (!first_pair_keeps_order (model))
    {
      g_test_skip ("the first two elements are not a component that keeps the order");
      bg_test_ui_destroy_window (window);
      return;
    }
  bg_canvas_zoom_to_fit (canvas);
  bg_test_ui_pump ();
  original = bg_file_to_data (model, NULL);
  {
    g_autoptr(BgCausality) analysis = bg_causality_analyze (model);

    before = bg_causality_is_ok (analysis) ? run_flat (model) : NULL;
  }
  elements = bg_model_get_elements (model);
  first = g_strdup (((BgElement *) elements->pdata[0])->id);
  second = g_strdup (((BgElement *) elements->pdata[1])->id);

  /* in view (a large model scrolls), click the first, Shift+click the second */
  {
    const char *pair[] = { first, second, NULL };

    bg_canvas_reveal_ids (canvas, pair);
    bg_test_ui_wait_ms (100);
  }
  bg_test_ui_element_point (canvas, first, &x, &y);
  bg_test_xdo_click (GTK_WIDGET (canvas), x, y);
  bg_test_ui_element_point (canvas, second, &x, &y);
  bg_test_xdo_pointer_to (GTK_WIDGET (canvas), x, y);
  bg_test_xdo ("keydown shift click 1 keyup shift");
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
  {
    g_auto(GStrv) selected = bg_canvas_dup_selected_ids (canvas);

    g_assert_true (g_strv_contains ((const char *const *) selected, first));
    g_assert_true (g_strv_contains ((const char *const *) selected, second));
  }

  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+g");
  g_assert_true (bg_test_xdo_wait_for (dialog_shown_cb, NULL));
  dialog = find_name_dialog ();
  bg_test_xdo_keys (GTK_WIDGET (dialog), "ctrl+a");
  bg_test_xdo_type (GTK_WIDGET (dialog), "Part");
  bg_test_xdo_keys (GTK_WIDGET (dialog), "Return");
  g_assert_true (bg_test_xdo_wait_for (dialog_gone_cb, NULL));
  g_assert_true (bg_test_xdo_wait_for (has_definition_cb, wait_def));
  instance = find_selected_instance (model);
  g_assert_cmpstr (instance->id, ==, "Part1");
  if (before != NULL)
    {
      GPtrArray *inner = bg_model_get_bonds (bg_model_find_definition (model, "Part")->body);
      g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
      g_auto(GStrv) moved = NULL;

      g_strv_builder_add (ids, first);
      g_strv_builder_add (ids, second);
      for (guint i = 0; i < inner->len; i++)
        {
          BgBond *b = inner->pdata[i];

          if (g_strcmp0 (b->from->spec->type, "Port") != 0 && g_strcmp0 (b->to->spec->type, "Port") != 0)
            g_strv_builder_add (ids, b->id);
        }
      moved = g_strv_builder_end (ids);
      made = run_flat (model);
      assert_same_run (before, made, (const char *const *) moved, "Part1");
    }

  /* right-click the instance, Explode Component in its menu */
  {
    const char *part[] = { "Part1", NULL };

    bg_canvas_reveal_ids (canvas, part);
    bg_test_ui_wait_ms (100);
  }
  bg_test_ui_element_point (canvas, "Part1", &x, &y);
  bg_test_xdo_pointer_to (GTK_WIDGET (canvas), x, y);
  bg_test_xdo ("click 3");
  g_assert_true (bg_test_xdo_wait_for (menu_shown_cb, canvas));
  {
    GtkWidget *menu = bg_canvas_get_context_menu (canvas);
    GtkWidget *label = bg_test_ui_find_widget (menu, is_item_labelled, "Explode Component");

    g_assert_nonnull (label);
    bg_test_ui_wait_ms (200);
    bg_test_xdo_click (label, gtk_widget_get_width (label) / 2.0, gtk_widget_get_height (label) / 2.0);
  }
  g_assert_true (bg_test_xdo_wait_for (exploded_cb, model));
  g_assert_cmpstr (bg_model_get_undo_label (model), ==, "Explode Part1");
  g_assert_null (bg_model_find_definition (model, "Part"));
  if (before != NULL)
    {
      exploded = run_flat (model);
      /* the same numbers under the new names, column by column */
      g_assert_cmpuint (bg_result_get_n_vars (exploded), ==, bg_result_get_n_vars (before));
      for (guint v = 0; v < bg_result_get_n_vars (before); v++)
        {
          const char *name = bg_result_get_var_name (before, v);
          g_autofree char *renamed = NULL;
          int w;

          w = bg_result_lookup (exploded, name);
          if (w < 0)
            {
              renamed = g_strconcat ("Part1_", name, NULL);
              w = bg_result_lookup (exploded, renamed);
            }
          g_assert_cmpint (w, >=, 0);
          for (gsize r = 0; r < bg_result_get_n_rows (before); r++)
            {
              double p = bg_result_get_value (before, v, r);
              double q = bg_result_get_value (exploded, (guint) w, r);

              g_assert_true (memcmp (&p, &q, sizeof p) == 0);
            }
        }
    }

  /* both steps back by keys: the file as it was */
  bg_test_xdo_keys (GTK_WIDGET (canvas), "ctrl+z ctrl+z");
  {
    g_autofree char *text = bg_file_to_data (model, NULL);

    g_assert_cmpstr (text, ==, original);
  }
  bg_test_ui_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  char *home;
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  /* GTK's X11 backend: the input is X's */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-components-make-ui-XXXXXX");
  app = bg_test_ui_app_new ();
  g_test_add_func ("/ui/components/make-by-rubber-band", test_make_by_rubber_band);
  {
    g_auto(GStrv) names = bg_test_ui_dup_example_names ();

    for (guint i = 0; names[i] != NULL; i++)
      {
        g_autofree char *path = g_strdup_printf ("/ui/components/round-trip/%s", names[i]);

        /* An example already made of components (suspension-rig) is
         * made and exploded in test-components-edit; the window's
         * gestures for nesting one inside another are not covered yet. */
        if (g_str_has_prefix (names[i], "suspension-rig"))
          continue;

        g_test_add_data_func_full (path, g_strdup (names[i]), round_trip_example, g_free);
      }
  }
  status = g_test_run ();
  bg_test_ui_shutdown (app, home);
  return status;
}
