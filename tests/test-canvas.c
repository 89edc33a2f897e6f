/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-canvas.c — the canvas widget, driven in a real window under Xvfb.
 *
 * Owns: checks of the canvas's public behaviour as the window and the user
 * see it: insert and selection, connecting (strokes from the analyzer,
 * refusals with the model's reason, multiport port choice), delete and undo,
 * copy and paste (also through the real clipboard), zoom, hit-testing,
 * conflict tooltips, action sensitivity, the drawn snapshot in the light
 * and dark styles, Enter and F2 asking for a field to edit without any
 * editor window, and the grid's properties. Must not: reach into the
 * canvas's private state.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "bg-canvas.h"
#include "bg-causality.h"
#include "bg-file.h"
#include "bg-graph-renderer.h"

typedef struct
{
  GtkWidget *window;
  BgCanvas  *canvas;
  BgModel   *model;
  guint      selection_changes;
  char      *status;
  char      *activated;
} Fixture;

static void
spin_until (gboolean (*done) (gpointer),
            gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (done (data));
}

static gboolean
has_size (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_mapped (data);
}

static void
selection_changed_cb (BgCanvas *canvas,
                      Fixture  *f)
{
  f->selection_changes++;
}

static void
status_cb (BgCanvas   *canvas,
           const char *text,
           Fixture    *f)
{
  g_free (f->status);
  f->status = g_strdup (text);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const char *example = data;

  if (example != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"),
                                                "examples", example, NULL);
      g_autoptr(GError) error = NULL;

      f->model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
    }
  else
    f->model = bg_model_new ();

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 800, 600);
  f->canvas = BG_CANVAS (bg_canvas_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->canvas));
  g_signal_connect (f->canvas, "selection-changed",
                    G_CALLBACK (selection_changed_cb), f);
  g_signal_connect (f->canvas, "status-message", G_CALLBACK (status_cb), f);
  bg_canvas_set_model (f->canvas, f->model);
  gtk_window_present (GTK_WINDOW (f->window));
  spin_until (has_size, f->canvas);
  f->selection_changes = 0;
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (f->model);
  g_free (f->status);
  g_free (f->activated);
}

static void
analyze (Fixture *f)
{
  g_autoptr(BgCausality) causality = bg_causality_analyze (f->model);

  bg_canvas_set_causality (f->canvas, causality);
}

static char *
joined_selection (Fixture *f)
{
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (f->canvas);

  return g_strjoinv (",", ids);
}

static BgElement *
insert_at (Fixture    *f,
           const char *type,
           BgDomain    domain,
           double      mx,
           double      my)
{
  const BgComponentSpec *spec = bg_library_lookup (type, domain);
  g_autoptr(GError) error = NULL;
  double vx, vy;
  BgElement *e;

  g_assert_nonnull (spec);
  bg_canvas_model_to_view (f->canvas, mx, my, &vx, &vy);
  e = bg_canvas_insert_component (f->canvas, spec, vx, vy, &error);
  g_assert_no_error (error);
  g_assert_nonnull (e);
  return e;
}

/* Tests ------------------------------------------------------------------- */

static void
test_insert_selects (Fixture       *f,
                     gconstpointer  data)
{
  const BgComponentSpec *spec = bg_library_lookup ("R", BG_DOMAIN_ELECTRICAL);
  g_autoptr(GError) error = NULL;
  g_autofree char *sel = NULL;
  BgElement *e;
  double cx, cy;

  e = bg_canvas_insert_component (f->canvas, spec, NAN, NAN, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (e->id, ==, "R1");
  /* At the visible centre, snapped to the 10-unit grid. */
  bg_canvas_view_to_model (f->canvas,
                           gtk_widget_get_width (GTK_WIDGET (f->canvas)) / 2.0,
                           gtk_widget_get_height (GTK_WIDGET (f->canvas)) / 2.0,
                           &cx, &cy);
  g_assert_cmpfloat (fabs (e->x - cx), <=, 5.0 + 1e-9);
  g_assert_cmpfloat (fabs (e->y - cy), <=, 5.0 + 1e-9);
  g_assert_cmpfloat (fmod (fabs (e->x), 10.0), ==, 0.0);
  g_assert_cmpfloat (fmod (fabs (e->y), 10.0), ==, 0.0);

  sel = joined_selection (f);
  g_assert_cmpstr (sel, ==, "R1");
  g_assert_cmpuint (f->selection_changes, ==, 1);

  /* Unknown ids are ignored when selecting. */
  bg_canvas_select_ids (f->canvas, (const char *[]) { "nope", "R1", NULL });
  g_clear_pointer (&sel, g_free);
  sel = joined_selection (f);
  g_assert_cmpstr (sel, ==, "R1");
  bg_canvas_select_ids (f->canvas, NULL);
  g_clear_pointer (&sel, g_free);
  sel = joined_selection (f);
  g_assert_cmpstr (sel, ==, "");
}

static void
build_rc (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  insert_at (f, "Se", BG_DOMAIN_ELECTRICAL, 0, 100);
  insert_at (f, "1", BG_DOMAIN_ELECTRICAL, 150, 100);
  insert_at (f, "R", BG_DOMAIN_ELECTRICAL, 150, 0);
  insert_at (f, "C", BG_DOMAIN_ELECTRICAL, 300, 100);
  g_assert_true (bg_canvas_connect (f->canvas, "Se1", "J1_1", &error));
  g_assert_no_error (error);
  g_assert_true (bg_canvas_connect (f->canvas, "J1_1", "R1", &error));
  g_assert_no_error (error);
  g_assert_true (bg_canvas_connect (f->canvas, "J1_1", "C1", &error));
  g_assert_no_error (error);
}

static const char *
bond_between (Fixture    *f,
              const char *from,
              const char *to)
{
  GPtrArray *bonds = bg_model_get_bonds (f->model);

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);

      if (g_str_equal (b->from->id, from) && g_str_equal (b->to->id, to))
        return b->id;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_connect_strokes (Fixture       *f,
                      gconstpointer  data)
{
  const char *b_source, *b_r, *b_c;
  g_autofree char *sel = NULL;

  /* The ids the model makes: checked, since the rest relies on them. */
  insert_at (f, "Se", BG_DOMAIN_ELECTRICAL, 0, 100);
  g_assert_nonnull (bg_model_find_element (f->model, "Se1"));
  bg_model_undo (f->model);
  build_rc (f);

  b_source = bond_between (f, "Se1", "J1_1");
  b_r = bond_between (f, "J1_1", "R1");
  b_c = bond_between (f, "J1_1", "C1");
  /* A new bond is selected, as after a drag. */
  sel = joined_selection (f);
  g_assert_cmpstr (sel, ==, b_c);

  /* No analysis yet: no strokes. */
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_source), ==, BG_STROKE_NONE);

  analyze (f);
  /* Se: stroke away from the source; C integral: stroke at the junction;
   * the 1-junction's one effort-out bond leaves the stroke at R. */
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_source), ==, BG_STROKE_AT_TO);
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_c), ==, BG_STROKE_AT_FROM);
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_r), ==, BG_STROKE_AT_TO);

  /* An edit makes the analysis stale: its strokes are no longer drawn. */
  insert_at (f, "R", BG_DOMAIN_ELECTRICAL, 300, 0);
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_source), ==, BG_STROKE_NONE);
  analyze (f);
  g_assert_cmpint (bg_canvas_get_bond_stroke (f->canvas, b_source), ==, BG_STROKE_AT_TO);
}

static void
test_connect_refused (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint n_bonds;

  build_rc (f);
  insert_at (f, "R", BG_DOMAIN_HYDRAULIC, 300, 0);
  n_bonds = bg_model_get_bonds (f->model)->len;

  /* A one-port that is already bonded. */
  g_assert_false (bg_canvas_connect (f->canvas, "R1", "C1", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE);
  g_assert_cmpstr (error->message, ==, "R1 has only one port and it is already bonded");
  g_assert_cmpstr (f->status, ==, error->message);
  g_clear_error (&error);

  /* Across domains. */
  g_assert_false (bg_canvas_connect (f->canvas, "J1_1", "R2", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_DOMAIN_MISMATCH);
  g_assert_nonnull (strstr (error->message, "a bond joins ports of one domain"));
  g_assert_cmpstr (f->status, ==, error->message);
  g_clear_error (&error);

  /* To itself. */
  g_assert_false (bg_canvas_connect (f->canvas, "J1_1", "J1_1", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_SELF_BOND);
  g_assert_cmpstr (f->status, ==, error->message);
  g_clear_error (&error);

  g_assert_cmpuint (bg_model_get_bonds (f->model)->len, ==, n_bonds);
}

static void
test_multiport_ports (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *bonds;
  g_autofree char *p1 = NULL, *p2 = NULL, *p3 = NULL;

  insert_at (f, "CylinderDA", BG_DOMAIN_NONE, 200, 100);
  insert_at (f, "0", BG_DOMAIN_HYDRAULIC, 0, 60);
  insert_at (f, "0", BG_DOMAIN_HYDRAULIC, 0, 160);
  insert_at (f, "1", BG_DOMAIN_TRANSLATIONAL, 400, 100);

  /* Given as "CYL": the free port of the other end's domain nearest it. */
  g_assert_true (bg_canvas_connect (f->canvas, "J0_1", "CYL1", &error));
  g_assert_no_error (error);
  g_assert_true (bg_canvas_connect (f->canvas, "CYL1", "J0_2", &error));
  g_assert_no_error (error);
  g_assert_true (bg_canvas_connect (f->canvas, "CYL1", "J1_1", &error));
  g_assert_no_error (error);

  bonds = bg_model_get_bonds (f->model);
  g_assert_cmpuint (bonds->len, ==, 3);
  p1 = bg_model_dup_port_name (f->model, g_ptr_array_index (bonds, 0), TRUE);
  p2 = bg_model_dup_port_name (f->model, g_ptr_array_index (bonds, 1), FALSE);
  p3 = bg_model_dup_port_name (f->model, g_ptr_array_index (bonds, 2), FALSE);
  g_assert_cmpstr (p1, ==, "A");   /* upper chamber port, nearest the upper junction */
  g_assert_cmpstr (p2, ==, "B");
  g_assert_cmpstr (p3, ==, "M");

  /* An explicit port that is taken is refused with the model's reason. */
  insert_at (f, "0", BG_DOMAIN_HYDRAULIC, 0, 260);
  g_assert_false (bg_canvas_connect (f->canvas, "J0_3", "CYL1.A", &error));
  g_assert_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_PORT_IN_USE);
  g_assert_cmpstr (error->message, ==, "CYL1.A is already bonded");
}

static void
test_delete_undo (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *sel = NULL;
  const char *b_r;
  g_autofree char *b_r_id = NULL;

  build_rc (f);
  b_r = bond_between (f, "J1_1", "R1");
  b_r_id = g_strdup (b_r);

  /* Nothing selected: delete does nothing. */
  bg_canvas_select_ids (f->canvas, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.delete", NULL);
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, 4);

  /* Deleting the junction takes its three bonds along, in one step. */
  bg_canvas_select_ids (f->canvas, (const char *[]) { "J1_1", b_r_id, NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.delete", NULL));
  g_assert_null (bg_model_find_element (f->model, "J1_1"));
  g_assert_cmpuint (bg_model_get_bonds (f->model)->len, ==, 0);
  sel = joined_selection (f);
  g_assert_cmpstr (sel, ==, "");

  g_assert_true (bg_model_undo (f->model));
  g_assert_nonnull (bg_model_find_element (f->model, "J1_1"));
  g_assert_cmpuint (bg_model_get_bonds (f->model)->len, ==, 3);
  g_assert_nonnull (bg_model_find_bond (f->model, b_r_id));

  /* A bond alone. */
  bg_canvas_select_ids (f->canvas, (const char *[]) { b_r_id, NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.delete", NULL));
  g_assert_null (bg_model_find_bond (f->model, b_r_id));
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, 4);
}

static void
test_edit_actions (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *bond_id = NULL;
  BgBond *b;

  build_rc (f);
  bond_id = g_strdup (bond_between (f, "J1_1", "C1"));
  bg_canvas_select_ids (f->canvas, (const char *[]) { bond_id, NULL });

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.reverse-arrow", NULL));
  b = bg_model_find_bond (f->model, bond_id);
  g_assert_cmpint (b->arrow, ==, BG_ARROW_REVERSED);
  g_assert_cmpstr (b->from->id, ==, "J1_1");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.flip-junction-sign", NULL));
  b = bg_model_find_bond (f->model, bond_id);
  g_assert_cmpstr (b->from->id, ==, "C1");
  g_assert_cmpstr (b->to->id, ==, "J1_1");

  /* Rotate needs an element; with only a bond selected nothing turns. */
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.rotate", NULL);
  g_assert_cmpint (bg_model_find_element (f->model, "R1")->rotation, ==, 0);
  bg_canvas_select_ids (f->canvas, (const char *[]) { "R1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.rotate", NULL));
  g_assert_cmpint (bg_model_find_element (f->model, "R1")->rotation, ==, 90);
  g_assert_cmpstr (bg_model_get_undo_label (f->model), ==, "Rotate");
}

static void
test_copy_paste_text (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) pasted = NULL;
  BgElement *c1, *copy;
  guint n_elements;

  build_rc (f);
  g_assert_true (bg_model_set_param_number (f->model, "C1", "value", 0.005, &error));
  bg_canvas_select_ids (f->canvas, (const char *[]) { "J1_1", "C1", NULL });
  text = bg_canvas_dup_selection_text (f->canvas);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "\"format\""));
  /* Only the bond between the two selected elements goes along. */
  g_assert_null (strstr (text, "\"Se1\""));

  n_elements = bg_model_get_elements (f->model)->len;
  g_assert_true (bg_canvas_paste_text (f->canvas, text, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, n_elements + 2);
  g_assert_cmpuint (bg_model_get_bonds (f->model)->len, ==, 4);

  /* The new items are selected, with fresh ids, offset, same parameters. */
  pasted = bg_canvas_dup_selected_ids (f->canvas);
  g_assert_cmpuint (g_strv_length (pasted), ==, 3);
  c1 = bg_model_find_element (f->model, "C1");
  copy = bg_model_find_element (f->model, pasted[1]);
  g_assert_nonnull (copy);
  g_assert_cmpstr (copy->id, ==, "C2");
  g_assert_cmpfloat (copy->x, ==, c1->x + 20);
  g_assert_cmpfloat (copy->y, ==, c1->y + 20);
  g_assert_cmpfloat (copy->params[0].number, ==, c1->params[0].number);

  /* One undo removes the whole paste. */
  g_assert_true (bg_model_undo (f->model));
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, n_elements);
  g_assert_cmpuint (bg_model_get_bonds (f->model)->len, ==, 3);

  /* Nothing selected: nothing to copy. */
  bg_canvas_select_ids (f->canvas, NULL);
  g_assert_null (bg_canvas_dup_selection_text (f->canvas));
}

static void
test_paste_bad (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (bg_canvas_paste_text (f->canvas, "hello", &error));
  g_assert_error (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_BAD_CLIPBOARD);
  g_assert_true (g_str_has_prefix (error->message,
                                   "The clipboard does not hold bond-graph elements: "));
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, 0);
  g_assert_false (bg_model_can_undo (f->model));
}

static gboolean
model_has_six (gpointer data)
{
  return bg_model_get_elements (data)->len == 6;
}

static void
test_clipboard_actions (Fixture       *f,
                        gconstpointer  data)
{
  build_rc (f);
  bg_canvas_select_ids (f->canvas, (const char *[]) { "R1", "C1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.copy", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.paste", NULL));
  spin_until (model_has_six, f->model);
  g_assert_nonnull (bg_model_find_element (f->model, "R2"));
  g_assert_nonnull (bg_model_find_element (f->model, "C2"));

  /* Cut removes the selection (the pasted copies) after copying it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.cut", NULL));
  g_assert_null (bg_model_find_element (f->model, "R2"));
  g_assert_cmpuint (bg_model_get_elements (f->model)->len, ==, 4);
}

static void
test_zoom (Fixture       *f,
           gconstpointer  data)
{
  double z0, mx, my, mx2, my2;
  GPtrArray *elements;
  int w, h;

  g_assert_cmpfloat (bg_canvas_get_zoom (f->canvas), >, 0);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-reset", NULL);
  g_assert_cmpfloat_with_epsilon (bg_canvas_get_zoom (f->canvas), 1.0, 1e-12);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-in", NULL);
  g_assert_cmpfloat_with_epsilon (bg_canvas_get_zoom (f->canvas), 1.25, 1e-12);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-out", NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-out", NULL);
  g_assert_cmpfloat_with_epsilon (bg_canvas_get_zoom (f->canvas), 0.8, 1e-12);

  /* Around a point: the model point under it stays put. */
  z0 = bg_canvas_get_zoom (f->canvas);
  bg_canvas_view_to_model (f->canvas, 100, 50, &mx, &my);
  bg_canvas_zoom_at (f->canvas, 2.0, 100, 50);
  g_assert_cmpfloat_with_epsilon (bg_canvas_get_zoom (f->canvas), 2 * z0, 1e-12);
  bg_canvas_view_to_model (f->canvas, 100, 50, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx, mx2, 1e-9);
  g_assert_cmpfloat_with_epsilon (my, my2, 1e-9);

  /* Limits. */
  bg_canvas_zoom_at (f->canvas, 1000, NAN, NAN);
  g_assert_cmpfloat (bg_canvas_get_zoom (f->canvas), ==, 8.0);

  /* Fit (Ctrl+1): every element centre is visible, whatever the zoom. */
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom-fit", NULL);
  w = gtk_widget_get_width (GTK_WIDGET (f->canvas));
  h = gtk_widget_get_height (GTK_WIDGET (f->canvas));
  elements = bg_model_get_elements (f->model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      double vx, vy;

      bg_canvas_model_to_view (f->canvas, e->x, e->y, &vx, &vy);
      g_assert_cmpfloat (vx, >, 0);
      g_assert_cmpfloat (vy, >, 0);
      g_assert_cmpfloat (vx, <, w);
      g_assert_cmpfloat (vy, <, h);
    }
}

static void
test_hit_and_tooltip (Fixture       *f,
                      gconstpointer  data)
{
  BgElement *c2 = bg_model_find_element (f->model, "C2");
  BgBond *b1 = bg_model_find_bond (f->model, "b1");
  BgCausality *causality;
  const BgDiagnostic *d;
  g_autofree char *id = NULL;
  g_autofree char *bond_id = NULL;
  g_autofree char *none = NULL;
  g_autofree char *tip = NULL;
  g_autofree char *plain = NULL;
  double vx, vy, ax, ay, bx, by;

  analyze (f);
  causality = bg_canvas_get_causality (f->canvas);
  g_assert_false (bg_causality_is_ok (causality));
  d = g_ptr_array_index (bg_causality_get_errors (causality), 0);

  bg_canvas_model_to_view (f->canvas, c2->x, c2->y, &vx, &vy);
  id = bg_canvas_dup_id_at (f->canvas, vx, vy);
  g_assert_cmpstr (id, ==, "C2");

  /* The midpoint of b1 (U → J_R) is on the bond. */
  bg_canvas_model_to_view (f->canvas, b1->from->x, b1->from->y, &ax, &ay);
  bg_canvas_model_to_view (f->canvas, b1->to->x, b1->to->y, &bx, &by);
  bond_id = bg_canvas_dup_id_at (f->canvas, (ax + bx) / 2, (ay + by) / 2);
  g_assert_cmpstr (bond_id, ==, "b1");

  none = bg_canvas_dup_id_at (f->canvas, 2, 2);
  g_assert_null (none);

  /* A conflicting element explains the conflict in its tooltip. */
  g_assert_true (g_strv_contains ((const char *const *) d->elements, "C2") ||
                 g_strv_contains ((const char *const *) d->elements, "C1"));
  {
    const char *culprit = g_strv_contains ((const char *const *) d->elements, "C2")
                          ? "C2" : "C1";
    BgElement *e = bg_model_find_element (f->model, culprit);

    bg_canvas_model_to_view (f->canvas, e->x, e->y, &vx, &vy);
    tip = bg_canvas_dup_tooltip_at (f->canvas, vx, vy);
    g_assert_cmpstr (tip, ==, d->message);
  }

  /* An element without errors tells what it is and how to use it. */
  bg_canvas_model_to_view (f->canvas, b1->from->x, b1->from->y, &vx, &vy);
  plain = bg_canvas_dup_tooltip_at (f->canvas, vx, vy);
  {
    g_autofree char *label = bg_graph_renderer_dup_label (b1->from);
    g_autofree char *prefix = g_strdup_printf ("%s — Voltage source\n", label);

    g_assert_true (g_str_has_prefix (label, "Se : "));
    g_assert_true (g_str_has_prefix (plain, prefix));
  }
  g_assert_nonnull (strstr (plain, "Shift+drag"));
}

typedef struct
{
  guint  dark;
  guint  light;
  guint  total;
} Pixels;

static Pixels
snapshot_pixels (Fixture *f)
{
  GtkWidget *widget = GTK_WIDGET (f->canvas);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  /* A fresh Cairo renderer each time: the window's GL renderer caches the
   * texture of a Cairo node by its address, so a new node that happens to
   * reuse a freed one's memory would be shown with the old pixels. */
  g_autoptr (GskRenderer) renderer = gsk_cairo_renderer_new ();
  GdkSurface *surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  g_autoptr (GError) error = NULL;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  GskRenderNode *node;
  GdkTexture *texture;
  guchar *data;
  Pixels p = { 0, 0, 0 };

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  g_assert_true (gsk_renderer_realize (renderer, surface, &error));
  g_assert_no_error (error);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, w, h));
  data = g_malloc (4 * w * h);
  gdk_texture_download (texture, data, 4 * w);
  for (int i = 0; i < w * h; i++)
    {
      guint lum = (data[4 * i] + data[4 * i + 1] + data[4 * i + 2]) / 3;

      if (lum < 90)
        p.dark++;
      else if (lum > 200)
        p.light++;
      p.total++;
    }
  g_free (data);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  gsk_renderer_unrealize (renderer);
  return p;
}

static void
test_snapshot_styles (Fixture       *f,
                      gconstpointer  data)
{
  GtkSettings *settings = gtk_settings_get_default ();
  Pixels light, dark, thick;

  analyze (f);
  light = snapshot_pixels (f);
  /* Light style: a light page with dark ink. */
  g_assert_cmpuint (light.light, >, light.total / 2);
  g_assert_cmpuint (light.dark, >, 500);

  /* The presentation scale thickens lines and text. */
  bg_canvas_set_presentation_scale (f->canvas, 2.0);
  thick = snapshot_pixels (f);
  g_assert_cmpuint (thick.dark, >, light.dark * 3 / 2);
  bg_canvas_set_presentation_scale (f->canvas, 1.0);

  /* Dark style: the colours follow the theme. */
  g_object_set (settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  dark = snapshot_pixels (f);
  g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
  g_assert_cmpuint (dark.dark, >, dark.total / 2);
  g_assert_cmpuint (dark.light, >, 500);
}

static void
test_select_all (Fixture       *f,
                 gconstpointer  data)
{
  g_auto(GStrv) ids = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.select-all", NULL));
  ids = bg_canvas_dup_selected_ids (f->canvas);
  g_assert_cmpuint (g_strv_length (ids),
                    ==, bg_model_get_elements (f->model)->len + bg_model_get_bonds (f->model)->len);
  g_assert_cmpuint (f->selection_changes, ==, 1);

  /* Removing a selected element through the model prunes the selection. */
  g_assert_true (bg_model_remove_elements (f->model, (const char *[]) { "R1" }, 1, NULL));
  g_clear_pointer (&ids, g_strfreev);
  ids = bg_canvas_dup_selected_ids (f->canvas);
  g_assert_false (g_strv_contains ((const char *const *) ids, "R1"));
  g_assert_false (g_strv_contains ((const char *const *) ids, "b2"));
}

static void
test_drop_string (Fixture       *f,
                  gconstpointer  data)
{
  const BgComponentSpec *spec;

  spec = bg_canvas_lookup_drop_string ("bgmod-component:R:hydraulic");
  g_assert_nonnull (spec);
  g_assert_cmpstr (spec->type, ==, "R");
  g_assert_cmpint (spec->domain, ==, BG_DOMAIN_HYDRAULIC);
  spec = bg_canvas_lookup_drop_string ("bgmod-component:CylinderDA:");
  g_assert_nonnull (spec);
  g_assert_cmpstr (spec->type, ==, "CylinderDA");

  g_assert_null (bg_canvas_lookup_drop_string (NULL));
  g_assert_null (bg_canvas_lookup_drop_string ("R:electrical"));
  g_assert_null (bg_canvas_lookup_drop_string ("bgmod-component:"));
  g_assert_null (bg_canvas_lookup_drop_string ("bgmod-component:Nope:electrical"));
  g_assert_null (bg_canvas_lookup_drop_string ("bgmod-component:R:"));
}

static void
test_nudge (Fixture       *f,
            gconstpointer  data)
{
  BgElement *r;
  double x, y;

  build_rc (f);
  r = bg_model_find_element (f->model, "R1");
  x = r->x;
  y = r->y;

  /* Nothing selected: nothing moves. */
  bg_canvas_select_ids (f->canvas, NULL);
  gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.nudge", "(dd)", 1.0, 0.0);
  g_assert_cmpfloat (bg_model_find_element (f->model, "R1")->x, ==, x);

  bg_canvas_select_ids (f->canvas, (const char *[]) { "R1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.nudge",
                                             "(dd)", 1.0, -5.0));
  r = bg_model_find_element (f->model, "R1");
  g_assert_cmpfloat (r->x, ==, x + 10);
  g_assert_cmpfloat (r->y, ==, y - 50);
  g_assert_true (bg_model_undo (f->model));
  r = bg_model_find_element (f->model, "R1");
  g_assert_cmpfloat (r->x, ==, x);
  g_assert_cmpfloat (r->y, ==, y);
}

static void
log_activated_cb (BgCanvas   *canvas,
                  const char *id,
                  GString    *log)
{
  g_string_append_printf (log, "activated %s;", id);
}

static void
log_edit_cb (BgCanvas   *canvas,
             const char *id,
             const char *field,
             GString    *log)
{
  g_string_append_printf (log, "edit %s.%s;", id, field);
}

/* Enter and F2 on a canvas in a plain window: the canvas activates the
 * element and asks for the field to be edited, whoever listens. */
static void
test_edit_requested (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GString) log = g_string_new (NULL);

  build_rc (f);
  g_signal_connect (f->canvas, "element-activated", G_CALLBACK (log_activated_cb), log);
  g_signal_connect (f->canvas, "edit-requested", G_CALLBACK (log_edit_cb), log);

  /* nothing selected: a hint, no request */
  bg_canvas_select_ids (f->canvas, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.edit", NULL));
  g_assert_cmpstr (log->str, ==, "");
  g_assert_cmpstr (f->status, ==, "Select one element to edit it");

  /* Enter: the first parameter, or the id of a junction (none) */
  bg_canvas_select_ids (f->canvas, (const char *[]) { "R1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.edit", NULL));
  g_assert_cmpstr (log->str, ==, "activated R1;edit R1.value;");
  g_string_truncate (log, 0);
  g_assert_cmpuint (bg_model_find_element (f->model, "J1_1")->spec->n_params, ==, 0);
  bg_canvas_select_ids (f->canvas, (const char *[]) { "J1_1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.edit", NULL));
  g_assert_cmpstr (log->str, ==, "activated J1_1;edit J1_1.id;");
  g_string_truncate (log, 0);

  /* F2: the id */
  bg_canvas_select_ids (f->canvas, (const char *[]) { "C1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.rename", NULL));
  g_assert_cmpstr (log->str, ==, "activated C1;edit C1.id;");
  g_string_truncate (log, 0);

  /* two elements: neither is edited */
  bg_canvas_select_ids (f->canvas, (const char *[]) { "C1", "R1", NULL });
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.rename", NULL));
  g_assert_cmpstr (log->str, ==, "");
  g_assert_cmpstr (f->status, ==, "Select one element to rename it");

  g_signal_handlers_disconnect_by_data (f->canvas, log);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* The grid's properties (what the window binds the settings to): their
 * defaults, notified once per real change, the spacing kept in range. */
static void
test_grid_properties (Fixture       *f,
                      gconstpointer  data)
{
  guint n_show = 0, n_snap = 0, n_size = 0;
  gboolean show = FALSE, snap = FALSE;
  double size = 0;

  g_object_get (f->canvas, "show-grid", &show, "snap-to-grid", &snap, "grid-size", &size, NULL);
  g_assert_true (show);
  g_assert_true (snap);
  g_assert_cmpfloat (size, ==, 20);
  g_signal_connect (f->canvas, "notify::show-grid", G_CALLBACK (count_cb), &n_show);
  g_signal_connect (f->canvas, "notify::snap-to-grid", G_CALLBACK (count_cb), &n_snap);
  g_signal_connect (f->canvas, "notify::grid-size", G_CALLBACK (count_cb), &n_size);

  g_object_set (f->canvas, "grid-size", 40.0, NULL);
  g_object_set (f->canvas, "grid-size", 40.0, NULL);
  g_assert_cmpuint (n_size, ==, 1);
  g_assert_cmpuint (n_show + n_snap, ==, 0);
  bg_canvas_get_grid (f->canvas, &show, &snap, &size);
  g_assert_true (show);
  g_assert_true (snap);
  g_assert_cmpfloat (size, ==, 40);

  g_object_set (f->canvas, "show-grid", FALSE, "snap-to-grid", FALSE, NULL);
  g_assert_cmpuint (n_show, ==, 1);
  g_assert_cmpuint (n_snap, ==, 1);
  bg_canvas_get_grid (f->canvas, &show, &snap, NULL);
  g_assert_false (show);
  g_assert_false (snap);

  /* the setter of all three: clamped, each notified when it changed */
  bg_canvas_set_grid (f->canvas, TRUE, FALSE, 500);
  g_assert_cmpuint (n_show, ==, 2);
  g_assert_cmpuint (n_snap, ==, 1);
  g_assert_cmpuint (n_size, ==, 2);
  g_object_get (f->canvas, "grid-size", &size, NULL);
  g_assert_cmpfloat (size, ==, 200);
  bg_canvas_set_grid (f->canvas, TRUE, FALSE, 200);
  g_assert_cmpuint (n_show + n_snap + n_size, ==, 5);

  g_signal_handlers_disconnect_by_func (f->canvas, count_cb, &n_show);
  g_signal_handlers_disconnect_by_func (f->canvas, count_cb, &n_snap);
  g_signal_handlers_disconnect_by_func (f->canvas, count_cb, &n_size);
}

int
main (int    argc,
      char **argv)
{
  /* No accessibility bus: its registry daemon writes to our stdout. */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }

#define ADD(path, data, func) \
  g_test_add ("/ui/canvas/" path, Fixture, data, fixture_setup, func, fixture_teardown)

  ADD ("insert-selects", NULL, test_insert_selects);
  ADD ("connect-strokes", NULL, test_connect_strokes);
  ADD ("connect-refused", NULL, test_connect_refused);
  ADD ("multiport-ports", NULL, test_multiport_ports);
  ADD ("delete-undo", NULL, test_delete_undo);
  ADD ("edit-actions", NULL, test_edit_actions);
  ADD ("copy-paste-text", NULL, test_copy_paste_text);
  ADD ("paste-bad", NULL, test_paste_bad);
  ADD ("clipboard-actions", NULL, test_clipboard_actions);
  ADD ("zoom", "hydraulic-bench.bgmod", test_zoom);
  ADD ("hit-and-tooltip", "conflict-two-capacitors.bgmod", test_hit_and_tooltip);
  ADD ("snapshot-styles", "rc-circuit.bgmod", test_snapshot_styles);
  ADD ("select-all", "rc-circuit.bgmod", test_select_all);
  ADD ("drop-string", NULL, test_drop_string);
  ADD ("nudge", NULL, test_nudge);
  ADD ("edit-requested", NULL, test_edit_requested);
  ADD ("grid-properties", NULL, test_grid_properties);

  return g_test_run ();
}
