/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard.c — the editor without a mouse.
 *
 * Owns: tests of the canvas's keyboard actions and key bindings
 * (bg-canvas-keyboard.c), the focus chain palette → canvas → inspector, the
 * accessible role and description of the canvas, and the shortcuts window
 * listing every accelerator, in the real application under Xvfb. GTK 4.8
 * has no public way to synthesise key events, so each key is checked twice:
 * bound (found among the canvas's shortcuts, or the application's accels)
 * and working (its action activated, or its shortcut's action run).
 * Must not: depend on timing beyond iterating the main loop until idle.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-canvas.h"
#include "bg-test-ui.h"

static BgApplication *app;

/* C1 at the origin, R1 to its right, I1 below it (further than R1). */
static BgWindow *
make_rci_window (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgModel *model = bg_test_ui_window_model (window);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bg_model_add_element (model, "C", BG_DOMAIN_ELECTRICAL, "C1", 0, 0, &error));
  g_assert_nonnull (bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, "R1", 100, 0, &error));
  g_assert_nonnull (bg_model_add_element (model, "I", BG_DOMAIN_ELECTRICAL, "I1", 0, 150, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();

  return window;
}

static void
assert_selected (BgCanvas   *canvas,
                 const char *id)
{
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (canvas);

  if (id == NULL)
    {
      g_assert_cmpuint (g_strv_length (ids), ==, 0);
      return;
    }
  g_assert_cmpuint (g_strv_length (ids), ==, 1);
  g_assert_cmpstr (ids[0], ==, id);
}

static void
select_one (BgCanvas   *canvas,
            const char *id)
{
  const char *ids[] = { id, NULL };

  bg_canvas_select_ids (canvas, ids);
}

static void
activate (BgCanvas   *canvas,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), action, NULL));
  bg_test_ui_pump ();
}

static void
activate_direction (BgCanvas   *canvas,
                    const char *direction)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas),
                                             "canvas.select-direction", "s", direction));
  bg_test_ui_pump ();
}

static void
focus_canvas (BgWindow *window)
{
  GtkWidget *canvas = GTK_WIDGET (bg_window_get_canvas (window));

  g_assert_true (gtk_widget_grab_focus (canvas));
  bg_test_ui_pump ();
  g_assert_true (gtk_widget_has_focus (canvas));
}

/* Key bindings --------------------------------------------------------------- */

typedef gboolean (*ShortcutFunc) (GtkShortcut *shortcut,
                                  gpointer     user_data);

/* Calls func on every shortcut of every shortcut controller of widget (its
 * class bindings included) until it returns TRUE. */
static gboolean
foreach_shortcut (GtkWidget    *widget,
                  ShortcutFunc  func,
                  gpointer      user_data)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (func (shortcut, user_data))
            return TRUE;
        }
    }

  return FALSE;
}

static gboolean
trigger_has_key (GtkShortcutTrigger *trigger,
                 guint               keyval,
                 GdkModifierType     mods)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    return trigger_has_key (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)),
                            keyval, mods) ||
           trigger_has_key (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)),
                            keyval, mods);
  return GTK_IS_KEYVAL_TRIGGER (trigger) &&
         gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
         gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods;
}

typedef struct
{
  guint            keyval;
  GdkModifierType  mods;
  const char      *action;     /* a named action, or NULL: any action */
  GtkShortcut     *found;
} KeyQuery;

static gboolean
match_key_cb (GtkShortcut *shortcut,
              gpointer     user_data)
{
  KeyQuery *query = user_data;
  GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

  if (!trigger_has_key (gtk_shortcut_get_trigger (shortcut), query->keyval, query->mods))
    return FALSE;
  if (query->action != NULL &&
      (!GTK_IS_NAMED_ACTION (action) ||
       g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                  query->action) != 0))
    return FALSE;

  query->found = shortcut;
  return TRUE;
}

/* The shortcut of the canvas that binds accel (to action, when given). */
static GtkShortcut *
canvas_key (BgCanvas   *canvas,
            const char *accel,
            const char *action)
{
  KeyQuery query = { 0, 0, action, NULL };

  g_assert_true (gtk_accelerator_parse (accel, &query.keyval, &query.mods));
  foreach_shortcut (GTK_WIDGET (canvas), match_key_cb, &query);
  return query.found;
}

/* Runs a shortcut's action as a key press would. */
static gboolean
press (BgCanvas   *canvas,
       const char *accel)
{
  GtkShortcut *shortcut = NULL;
  KeyQuery query = { 0, 0, NULL, NULL };
  gboolean handled;

  g_assert_true (gtk_accelerator_parse (accel, &query.keyval, &query.mods));
  /* the capture-phase (bond mode) keys come first, as for a real event */
  {
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));

    for (guint i = 0; shortcut == NULL && i < g_list_model_get_n_items (controllers); i++)
      {
        g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

        if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
            gtk_event_controller_get_propagation_phase (controller) != GTK_PHASE_CAPTURE)
          continue;
        for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
          {
            g_autoptr(GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (controller), j);

            if (match_key_cb (s, &query))
              {
                shortcut = s;
                break;
              }
          }
      }
  }
  g_assert_nonnull (shortcut);
  handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                          GTK_WIDGET (canvas),
                                          gtk_shortcut_get_arguments (shortcut));
  bg_test_ui_pump ();
  return handled;
}

/* Tests ------------------------------------------------------------------- */

static void
test_select_cycle (void)
{
  BgWindow *window = make_rci_window ();
  BgCanvas *canvas = bg_window_get_canvas (window);

  focus_canvas (window);
  g_assert_nonnull (canvas_key (canvas, "Page_Down", "canvas.select-next"));
  g_assert_nonnull (canvas_key (canvas, "Page_Up", "canvas.select-previous"));
  g_assert_nonnull (canvas_key (canvas, "<Alt>Right", "canvas.select-direction"));
  g_assert_nonnull (canvas_key (canvas, "<Alt>Up", "canvas.select-direction"));

  /* document order, wrapping around */
  assert_selected (canvas, NULL);
  activate (canvas, "canvas.select-next");
  assert_selected (canvas, "C1");
  activate (canvas, "canvas.select-next");
  assert_selected (canvas, "R1");
  activate (canvas, "canvas.select-next");
  assert_selected (canvas, "I1");
  activate (canvas, "canvas.select-next");
  assert_selected (canvas, "C1");
  activate (canvas, "canvas.select-previous");
  assert_selected (canvas, "I1");

  /* nearest in the arrow's direction; nothing there keeps the selection */
  select_one (canvas, "C1");
  activate_direction (canvas, "right");
  assert_selected (canvas, "R1");
  activate_direction (canvas, "right");
  assert_selected (canvas, "R1");
  activate_direction (canvas, "left");
  assert_selected (canvas, "C1");
  activate_direction (canvas, "down");
  assert_selected (canvas, "I1");
  activate_direction (canvas, "up");
  assert_selected (canvas, "C1");

  /* an element chosen from the keyboard is brought into view */
  {
    g_autoptr(GError) error = NULL;
    BgElement *far;
    double vx, vy;

    far = bg_model_add_element (bg_test_ui_window_model (window), "R", BG_DOMAIN_ELECTRICAL, "R9",
                                5000, 4000, &error);
    g_assert_no_error (error);
    bg_canvas_model_to_view (canvas, far->x, far->y, &vx, &vy);
    g_assert_true (vx > gtk_widget_get_width (GTK_WIDGET (canvas)));
    select_one (canvas, "I1");
    activate (canvas, "canvas.select-next");
    assert_selected (canvas, "R9");
    far = bg_model_find_element (bg_test_ui_window_model (window), "R9");
    bg_canvas_model_to_view (canvas, far->x, far->y, &vx, &vy);
    g_assert_cmpfloat (vx, >=, 0);
    g_assert_cmpfloat (vx, <=, gtk_widget_get_width (GTK_WIDGET (canvas)));
    g_assert_cmpfloat (vy, >=, 0);
    g_assert_cmpfloat (vy, <=, gtk_widget_get_height (GTK_WIDGET (canvas)));
  }

  bg_test_ui_destroy_window (window);
}

static void
test_move_one_undo (void)
{
  BgWindow *window = make_rci_window ();
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  BgElement *c1 = bg_model_find_element (model, "C1");
  BgElement *r1 = bg_model_find_element (model, "R1");
  const char *both[] = { "C1", "R1", NULL };
  double grid;

  focus_canvas (window);
  g_assert_nonnull (canvas_key (canvas, "Right", "canvas.nudge"));
  g_assert_nonnull (canvas_key (canvas, "<Shift>Down", "canvas.nudge"));

  bg_canvas_select_ids (canvas, both);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.nudge",
                                             "(dd)", 1.0, 0.0));
  bg_test_ui_pump ();
  grid = c1->x;
  g_assert_cmpfloat (grid, >, 0);
  g_assert_cmpfloat (r1->x, ==, 100 + grid);
  g_assert_cmpfloat (c1->y, ==, 0);

  /* one key press, one undo step for the whole selection */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  bg_test_ui_pump ();
  c1 = bg_model_find_element (model, "C1");
  r1 = bg_model_find_element (model, "R1");
  g_assert_cmpfloat (c1->x, ==, 0);
  g_assert_cmpfloat (r1->x, ==, 100);
  /* and one redo puts both back */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  bg_test_ui_pump ();
  g_assert_cmpfloat (bg_model_find_element (model, "C1")->x, ==, grid);
  g_assert_cmpfloat (bg_model_find_element (model, "R1")->x, ==, 100 + grid);

  bg_test_ui_destroy_window (window);
}

static void
status_message_cb (BgCanvas   *canvas,
                   const char *text,
                   char      **last)
{
  g_free (*last);
  *last = g_strdup (text);
}

static void
test_bond_mode (void)
{
  BgWindow *window = make_rci_window ();
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autofree char *last = NULL;
  g_autoptr(GError) refusal = NULL;
  BgBond *bond;

  g_signal_connect (canvas, "status-message", G_CALLBACK (status_message_cb), &last);
  focus_canvas (window);
  g_assert_nonnull (canvas_key (canvas, "b", "canvas.bond-start"));

  /* nothing selected: said why */
  activate (canvas, "canvas.bond-start");
  g_assert_cmpstr (last, ==, "Select one element to start a bond from it");

  /* from C1, the nearest element is proposed */
  select_one (canvas, "C1");
  activate (canvas, "canvas.bond-start");
  g_assert_cmpstr (last, ==, "Bond from C : C1: choose the other end with Tab or the "
                             "arrow keys, Enter connects, Escape cancels");
  assert_selected (canvas, "R1");

  /* in bond mode the arrow keys and Tab choose the other end (they do not
   * move anything) */
  g_assert_true (press (canvas, "Down"));
  assert_selected (canvas, "I1");
  g_assert_true (press (canvas, "Up"));
  assert_selected (canvas, "R1");
  /* the bond's own start is never proposed */
  g_assert_true (press (canvas, "Left"));
  assert_selected (canvas, "R1");
  g_assert_true (press (canvas, "Tab"));
  assert_selected (canvas, "I1");
  g_assert_cmpfloat (bg_model_find_element (model, "R1")->x, ==, 100);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 0);

  /* Enter connects, and the analyzer's stroke is drawn */
  g_assert_true (press (canvas, "Return"));
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);
  bond = g_ptr_array_index (bg_model_get_bonds (model), 0);
  g_assert_cmpstr (bond->from->id, ==, "C1");
  g_assert_cmpstr (bond->to->id, ==, "I1");
  g_assert_cmpint (bg_canvas_get_bond_stroke (canvas, bond->id), !=, BG_STROKE_NONE);
  g_assert_cmpstr (last, ==, "Connected C : C1 to I : I1");
  assert_selected (canvas, bond->id);

  /* out of bond mode the keys are the canvas's own again */
  g_assert_false (press (canvas, "Tab"));

  /* a refused bond says why and stays in bond mode */
  g_assert_false (bg_model_can_connect (model, "C1", "R1", &refusal));
  select_one (canvas, "C1");
  activate (canvas, "canvas.bond-start");
  assert_selected (canvas, "R1");
  activate (canvas, "canvas.bond-finish");
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 1);
  g_assert_cmpstr (last, ==, refusal->message);
  g_assert_true (press (canvas, "Escape"));
  g_assert_cmpstr (last, ==, "Bond cancelled");
  assert_selected (canvas, "C1");
  g_assert_false (press (canvas, "Escape"));

  g_signal_handlers_disconnect_by_func (canvas, status_message_cb, &last);
  bg_test_ui_destroy_window (window);
}

static gboolean
focus_is_in (GtkWidget *window,
             GtkWidget *area)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == area || gtk_widget_is_ancestor (focus, area));
}

static void
test_edit_rename (void)
{
  BgWindow *window = make_rci_window ();
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgInspector *inspector = bg_window_get_inspector (window);
  GtkWidget *field;

  focus_canvas (window);
  g_assert_nonnull (canvas_key (canvas, "Return", "canvas.edit"));
  g_assert_nonnull (canvas_key (canvas, "F2", "canvas.rename"));

  /* Enter: the first parameter */
  select_one (canvas, "R1");
  activate (canvas, "canvas.edit");
  field = bg_inspector_get_field (inspector, "value");
  g_assert_nonnull (field);
  g_assert_true (focus_is_in (GTK_WIDGET (window), field));

  /* F2: the id */
  focus_canvas (window);
  activate (canvas, "canvas.rename");
  field = bg_inspector_get_field (inspector, "id");
  g_assert_nonnull (field);
  g_assert_true (focus_is_in (GTK_WIDGET (window), field));

  bg_test_ui_destroy_window (window);
}

/* Enter on an element without parameters (a junction) puts the keyboard
 * on its name, all of it selected, as F2 does for any element. */
static void
test_edit_without_parameters (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgInspector *inspector = bg_window_get_inspector (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *actions[] = { "canvas.edit", "canvas.rename" };
  BgElement *junction;

  junction = bg_model_add_element (bg_test_ui_window_model (window), "1",
                                   BG_DOMAIN_ELECTRICAL, NULL, 0, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (junction->spec->n_params, ==, 0);
  id = g_strdup (junction->id);
  bg_test_ui_pump ();

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *field;
      int start = -1, end = -1;

      focus_canvas (window);
      select_one (canvas, id);
      activate (canvas, actions[i]);
      field = bg_inspector_get_field (inspector, "id");
      g_assert_nonnull (field);
      g_assert_true (focus_is_in (GTK_WIDGET (window), field));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field)), ==, id);
      g_assert_true (gtk_editable_get_selection_bounds (GTK_EDITABLE (field), &start, &end));
      g_assert_cmpint (start, ==, 0);
      g_assert_cmpint (end, ==, (int) strlen (id));
    }

  bg_test_ui_destroy_window (window);
}

static void
test_focus_chain (void)
{
  BgWindow *window = make_rci_window ();
  GtkWidget *canvas = GTK_WIDGET (bg_window_get_canvas (window));
  GtkWidget *palette = GTK_WIDGET (bg_window_get_palette (window));
  GtkWidget *inspector = GTK_WIDGET (bg_window_get_inspector (window));
  gboolean in_palette = FALSE, in_inspector = FALSE, back = FALSE;

  select_one (BG_CANVAS (canvas), "R1");
  bg_test_ui_pump ();

  /* Tab leaves the canvas (never a trap), visits the inspector and the
   * palette and comes back */
  focus_canvas (window);
  for (guint i = 0; i < 400 && !back; i++)
    {
      g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_FORWARD);
      in_palette |= focus_is_in (GTK_WIDGET (window), palette);
      in_inspector |= focus_is_in (GTK_WIDGET (window), inspector);
      back = gtk_widget_has_focus (canvas);
      if (i == 0)
        g_assert_false (back);
    }
  g_assert_true (in_palette);
  g_assert_true (in_inspector);
  g_assert_true (back);

  /* and Shift+Tab leaves it too */
  g_signal_emit_by_name (window, "move-focus", GTK_DIR_TAB_BACKWARD);
  g_assert_false (gtk_widget_has_focus (canvas));

  bg_test_ui_destroy_window (window);
}

static void
test_accessible (void)
{
  BgWindow *window = make_rci_window ();
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgPalette *palette = bg_window_get_palette (window);
  g_autofree char *summary = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *failure = NULL;
  GtkWidget *row;

  gtk_test_accessible_assert_role (canvas, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_test_accessible_assert_property (canvas, GTK_ACCESSIBLE_PROPERTY_LABEL, "Bond graph");

  select_one (canvas, "R1");
  bg_test_ui_pump ();
  summary = bg_causality_dup_summary (bg_canvas_get_causality (canvas));
  expected = g_strdup_printf ("Elements: 3, bonds: 0. %s. Selected: R : R1.", summary);
  failure = gtk_test_accessible_check_property (GTK_ACCESSIBLE (canvas), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                expected);
  g_assert_null (failure);

  /* palette items are named for assistive technologies */
  bg_palette_set_domain (palette, BG_DOMAIN_ELECTRICAL);
  row = bg_palette_get_item (palette, "R");
  g_assert_nonnull (row);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL));

  bg_test_ui_destroy_window (window);
}

static void
test_palette_keys (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  BgPalette *palette = bg_window_get_palette (window);
  BgCanvas *canvas = bg_window_get_canvas (window);
  GPtrArray *elements = bg_model_get_elements (bg_test_ui_window_model (window));
  GtkWidget *row, *list, *focus;
  BgElement *element;
  double cx, cy;

  /* Down at the end of Primitives runs on into Advanced */
  bg_palette_set_domain (palette, BG_DOMAIN_HYDRAULIC);
  bg_test_ui_pump ();
  row = bg_palette_get_item (palette, "TF");
  g_assert_nonnull (row);
  list = gtk_widget_get_parent (row);
  g_assert_true (GTK_IS_LIST_BOX (list));
  g_assert_true (gtk_widget_grab_focus (row));
  for (guint i = 0; i < 20 && focus_is_in (GTK_WIDGET (window), list); i++)
    {
      g_signal_emit_by_name (list, "move-cursor", GTK_MOVEMENT_DISPLAY_LINES, 1, FALSE, FALSE);
      bg_test_ui_pump ();
    }
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
  g_assert_true (gtk_widget_get_parent (focus) != list);
  g_assert_true (focus_is_in (GTK_WIDGET (window), GTK_WIDGET (palette)));

  /* and Up comes back */
  g_signal_emit_by_name (gtk_widget_get_parent (focus), "move-cursor",
                         GTK_MOVEMENT_DISPLAY_LINES, -1, FALSE, FALSE);
  bg_test_ui_pump ();
  g_assert_true (focus_is_in (GTK_WIDGET (window), list));

  /* Enter on a row (its activation) inserts at the canvas's centre */
  bg_palette_set_domain (palette, BG_DOMAIN_ELECTRICAL);
  bg_test_ui_pump ();
  row = bg_palette_get_item (palette, "C");
  g_assert_true (gtk_widget_grab_focus (row));
  g_assert_true (gtk_widget_activate (row));
  bg_test_ui_pump ();
  g_assert_cmpuint (elements->len, ==, 1);
  element = g_ptr_array_index (elements, 0);
  bg_canvas_view_to_model (canvas, gtk_widget_get_width (GTK_WIDGET (canvas)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (canvas)) / 2.0, &cx, &cy);
  /* snapped to the grid */
  g_assert_cmpfloat (fabs (element->x - cx), <=, 10);
  g_assert_cmpfloat (fabs (element->y - cy), <=, 10);

  bg_test_ui_destroy_window (window);
}

/* The shortcuts window ------------------------------------------------------- */

static void
collect_listed (GtkWidget *widget,
                GPtrArray *accels,
                GPtrArray *actions)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      g_autofree char *accel = NULL;
      g_autofree char *action = NULL;

      g_object_get (widget, "accelerator", &accel, "action-name", &action, NULL);
      if (accel != NULL)
        {
          g_auto(GStrv) parts = g_strsplit (accel, " ", -1);

          for (guint i = 0; parts[i] != NULL; i++)
            if (parts[i][0] != '\0')
              g_ptr_array_add (accels, g_strdup (parts[i]));
        }
      if (action != NULL)
        g_ptr_array_add (actions, g_steal_pointer (&action));
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_listed (child, accels, actions);
}

static gboolean
listed_accel (GPtrArray       *accels,
              guint            keyval,
              GdkModifierType  mods)
{
  for (guint i = 0; i < accels->len; i++)
    {
      guint k;
      GdkModifierType m;

      if (gtk_accelerator_parse (g_ptr_array_index (accels, i), &k, &m) &&
          gdk_keyval_to_lower (k) == gdk_keyval_to_lower (keyval) && m == mods)
        return TRUE;
    }

  return FALSE;
}

typedef struct
{
  GPtrArray *accels;
  GString   *missing;
} Listed;

static void
check_trigger (GtkShortcutTrigger *trigger,
               Listed             *listed)
{
  guint keyval;
  GdkModifierType mods;
  const char *name;

  if (GTK_IS_ALTERNATIVE_TRIGGER (trigger))
    {
      check_trigger (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (trigger)), listed);
      check_trigger (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (trigger)), listed);
      return;
    }
  if (!GTK_IS_KEYVAL_TRIGGER (trigger))
    return;

  keyval = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger));
  mods = gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger));
  name = gdk_keyval_name (keyval);
  /* keypad twins and Shift+Tab's other name are the same key to the user */
  if (g_str_has_prefix (name, "KP_") || keyval == GDK_KEY_ISO_Left_Tab)
    return;
  if (!listed_accel (listed->accels, keyval, mods))
    {
      g_autofree char *accel = gtk_accelerator_name (keyval, mods);

      g_string_append_printf (listed->missing, " %s", accel);
    }
}

static gboolean
check_shortcut_cb (GtkShortcut *shortcut,
                   gpointer     user_data)
{
  check_trigger (gtk_shortcut_get_trigger (shortcut), user_data);
  return FALSE;
}

static GtkWindow *
find_shortcuts_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }

  return NULL;
}

static void
test_shortcuts_window (void)
{
  BgWindow *window = make_rci_window ();
  g_auto(GStrv) app_actions = NULL;
  g_autoptr(GPtrArray) accels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) missing = g_string_new (NULL);
  Listed listed = { accels, missing };
  GtkWindow *shortcuts;

  /* Ctrl+? opens it */
  {
    g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                 "app.shortcuts");

    g_assert_nonnull (keys[0]);
    g_assert_cmpstr (keys[0], ==, "<Control>question");
  }
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  bg_test_ui_pump ();
  shortcuts = find_shortcuts_window ();
  g_assert_nonnull (shortcuts);
  collect_listed (GTK_WIDGET (shortcuts), accels, actions);

  /* every application accelerator, by its action or its keys */
  app_actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  for (guint i = 0; app_actions[i] != NULL; i++)
    {
      g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                   app_actions[i]);
      gboolean by_action = FALSE;

      for (guint j = 0; j < actions->len; j++)
        by_action |= g_str_equal (g_ptr_array_index (actions, j), app_actions[i]);
      for (guint j = 0; !by_action && keys[j] != NULL; j++)
        {
          guint keyval;
          GdkModifierType mods;

          g_assert_true (gtk_accelerator_parse (keys[j], &keyval, &mods));
          if (!listed_accel (accels, keyval, mods))
            g_string_append_printf (missing, " %s (%s)", keys[j], app_actions[i]);
        }
    }

  /* every key the canvas binds, bond mode included */
  foreach_shortcut (GTK_WIDGET (bg_window_get_canvas (window)), check_shortcut_cb, &listed);
  if (missing->len > 0)
    g_test_message ("not in the shortcuts window:%s", missing->str);
  g_assert_cmpstr (missing->str, ==, "");

  /* it fits a 1024×768 projector: one group a section, so no page puts
   * two wide columns side by side (it was 1530 px wide, 1809 in Russian) */
  {
    int width = 0, height = 0;

    gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
    gtk_widget_measure (GTK_WIDGET (shortcuts), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
    g_test_message ("shortcuts window %d×%d", width, height);
    g_assert_cmpint (width, <=, 1024);
    g_assert_cmpint (height, <=, 768);
  }

  gtk_window_destroy (shortcuts);
  bg_test_ui_pump ();
  bg_test_ui_destroy_window (window);
}

/* No two actions share an accelerator: the second would never fire. */
static void
test_unique_accels (void)
{
  g_auto(GStrv) descriptions =
    gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  g_autoptr(GHashTable) owners = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                        g_free, g_free);
  g_autoptr(GString) clashes = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; descriptions[i] != NULL; i++)
    {
      g_auto(GStrv) keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                   descriptions[i]);

      for (guint j = 0; keys[j] != NULL; j++)
        {
          guint keyval;
          GdkModifierType mods;
          char *name;
          const char *owner;

          g_assert_true (gtk_accelerator_parse (keys[j], &keyval, &mods));
          name = gtk_accelerator_name (gdk_keyval_to_lower (keyval), mods);
          owner = g_hash_table_lookup (owners, name);
          if (owner != NULL)
            g_string_append_printf (clashes, " %s (%s and %s)", name, owner, descriptions[i]);
          g_hash_table_replace (owners, name, g_strdup (descriptions[i]));
          n++;
        }
    }
  g_assert_cmpstr (clashes->str, ==, "");
  /* the table is the application's, exercise and export included */
  g_assert_cmpuint (n, >, 20);
  g_assert_cmpstr (g_hash_table_lookup (owners, "<Control>e"), ==, "win.export-diagram");
  g_assert_cmpstr (g_hash_table_lookup (owners, "<Shift><Control>x"), ==, "win.exercise-mode");
  g_assert_cmpstr (g_hash_table_lookup (owners, "F7"), ==, "win.exercise-check");
}

static void
test_about_version (void)
{
  BgWindow *window = bg_test_ui_new_window (app, NULL);
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkAboutDialog *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  bg_test_ui_pump ();
  for (guint i = 0; about == NULL && i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (GTK_IS_ABOUT_DIALOG (w))
        about = GTK_ABOUT_DIALOG (w);
    }
  g_assert_nonnull (about);
  g_assert_cmpstr (gtk_about_dialog_get_version (about), ==, BGMOD_VERSION);
  g_assert_cmpstr (gtk_about_dialog_get_program_name (about), ==, "BGMod");

  gtk_window_destroy (GTK_WINDOW (about));
  bg_test_ui_pump ();
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  char *home;
  int status;

  /* GTK's test accessibility backend: properties can be checked, and no
   * registry daemon writes to our stdout */
  g_setenv ("GTK_A11Y", "test", TRUE);
  bg_test_ui_init (&argc, &argv);
  home = bg_test_ui_make_home ("bgmod-test-keyboard-XXXXXX");
  app = bg_test_ui_app_new ();
  bg_autosave_set_interval (bg_application_get_autosave (app), 0);

  g_test_add_func ("/ui/keyboard/select-cycle", test_select_cycle);
  g_test_add_func ("/ui/keyboard/move-one-undo", test_move_one_undo);
  g_test_add_func ("/ui/keyboard/bond-mode", test_bond_mode);
  g_test_add_func ("/ui/keyboard/edit-rename", test_edit_rename);
  g_test_add_func ("/ui/keyboard/edit-without-parameters", test_edit_without_parameters);
  g_test_add_func ("/ui/keyboard/focus-chain", test_focus_chain);
  g_test_add_func ("/ui/keyboard/accessible", test_accessible);
  g_test_add_func ("/ui/keyboard/palette-keys", test_palette_keys);
  g_test_add_func ("/ui/keyboard/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/ui/keyboard/unique-accels", test_unique_accels);
  g_test_add_func ("/ui/keyboard/about-version", test_about_version);

  status = g_test_run ();

  bg_test_ui_shutdown (app, home);

  return status;
}
