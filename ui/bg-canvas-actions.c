/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-actions.c — what the canvas changes in its model.
 *
 * Owns: inserting, connecting (with the port choice for multiports),
 * deleting, rotating, reversing arrows and flipping junction signs, the
 * clipboard (.bgmod fragments), and the canvas.* actions with their key
 * bindings and their sensitivity, set in one place
 * (_bg_canvas_update_actions). Every change is one undoable step of the model.
 * Must not: draw, hit-test or keep element pointers across edits.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-file.h"
#include "bg-widget-util-private.h"

/* Editing ---------------------------------------------------------------- */

gboolean
_bg_canvas_require_model (BgCanvas  *self,
                      GError   **error)
{
  if (self->model != NULL)
    return TRUE;
  g_set_error_literal (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_NO_MODEL,
                       _("There is no document to edit"));
  return FALSE;
}

/* Inserts from the palette try this many places beside the centre. */
#define MAX_INSERT_OFFSETS 50

/* Whether an element stands within half a grid step of (mx, my). */
static gboolean
place_taken (BgCanvas *self,
             double    mx,
             double    my)
{
  GPtrArray *elements = bg_model_get_elements (self->model);
  double near = _bg_canvas_grid_spacing (self) / 2;

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);

      if (fabs (el->x - mx) < near && fabs (el->y - my) < near)
        return TRUE;
    }
  return FALSE;
}

BgElement *
bg_canvas_insert_component (BgCanvas              *self,
                            const BgComponentSpec *spec,
                            double                 view_x,
                            double                 view_y,
                            GError               **error)
{
  BgElement *element;
  gboolean centred;
  double mx, my;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!_bg_canvas_require_model (self, error))
    return NULL;

  centred = isnan (view_x) || isnan (view_y);
  if (centred)
    {
      view_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      view_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  bg_canvas_view_to_model (self, view_x, view_y, &mx, &my);
  mx = bg_geometry_snap (mx, _bg_canvas_snap_step (self));
  my = bg_geometry_snap (my, _bg_canvas_snap_step (self));
  /* From the palette (the centre of the view): a place no element takes
   * yet, a grid step down and right each time, so that a second insert is
   * not hidden under the first. */
  for (guint tries = 0; centred && tries < MAX_INSERT_OFFSETS && place_taken (self, mx, my); tries++)
    {
      mx += _bg_canvas_grid_spacing (self);
      my += _bg_canvas_grid_spacing (self);
    }

  element = bg_model_add_element (self->model, spec->type, spec->domain,
                                  NULL, mx, my, error);
  if (element == NULL)
    return NULL;

  _bg_canvas_select_only (self, element->id);
  _bg_canvas_selection_changed (self);
  if (centred)
    {
      const char *ids[] = { element->id, NULL };
      double x = self->offset_x, y = self->offset_y;

      bg_canvas_reveal_ids (self, ids);
      if (x != self->offset_x || y != self->offset_y)
        self->fitted = FALSE;
    }
  return element;
}

gboolean
_bg_canvas_parse_ref (BgCanvas   *self,
           const char *text,
           Ref        *ref)
{
  const char *dot = strchr (text, '.');
  g_autofree char *id = dot ? g_strndup (text, dot - text) : g_strdup (text);
  guint index;

  ref->element = bg_model_find_element (self->model, id);
  ref->port = -1;
  if (ref->element == NULL)
    return FALSE;
  if (dot != NULL &&
      bg_component_spec_find_port (ref->element->spec, dot + 1, &index))
    ref->port = (int) index;
  return TRUE;
}

BgDomain
_bg_canvas_ref_domain (const Ref *ref)
{
  const BgComponentSpec *spec = ref->element->spec;

  if (ref->port >= 0)
    return spec->ports[ref->port].domain;
  if (_bg_canvas_element_has_named_ports (ref->element))
    return BG_DOMAIN_NONE;
  return spec->domain;
}

BgPoint
_bg_canvas_ref_point (BgCanvas  *self,
           const Ref *ref)
{
  BgElementShape shape;

  _bg_canvas_element_shape (self, ref->element, &shape);
  if (ref->port >= 0 && (guint) ref->port < shape.n_ports)
    return shape.ports[ref->port];
  return shape.centre;
}

int
_bg_canvas_choose_port (BgCanvas  *self,
             BgElement *e,
             BgDomain   want,
             BgPoint    toward)
{
  GPtrArray *bonded = bg_model_get_element_bonds (self->model, e);
  BgElementShape shape;
  int best = -1;
  double best_score = G_MAXDOUBLE;

  _bg_canvas_element_shape (self, e, &shape);
  for (guint i = 0; i < e->spec->n_ports && i < shape.n_ports; i++)
    {
      gboolean free_port = bonded == NULL || i >= bonded->len ||
                           g_ptr_array_index (bonded, i) == NULL;
      gboolean domain_ok = want == BG_DOMAIN_NONE ||
                           e->spec->ports[i].domain == want;
      double score = hypot (shape.ports[i].x - toward.x,
                            shape.ports[i].y - toward.y);

      /* Matching and free first, then matching, then anything. */
      if (!domain_ok)
        score += 1e9;
      if (!free_port)
        score += 1e6;
      if (score < best_score)
        {
          best_score = score;
          best = (int) i;
        }
    }
  return best;
}

static char *
resolve_ref (BgCanvas   *self,
             const char *text,
             const Ref  *ref,
             const Ref  *other)
{
  int port;

  if (ref->element == NULL || ref->port >= 0 ||
      !_bg_canvas_element_has_named_ports (ref->element))
    return g_strdup (text);

  port = _bg_canvas_choose_port (self, ref->element, _bg_canvas_ref_domain (other),
                      _bg_canvas_ref_point (self, other));
  if (port < 0)
    return g_strdup (text);
  return g_strdup_printf ("%s.%s", ref->element->id,
                          ref->element->spec->ports[port].name);
}

/* The two ends of a bond from_ref → to_ref as the model is to take them:
 * an element with named ports, named alone, gets the port that suits the
 * other end. */
static void
resolve_ends (BgCanvas   *self,
              const char *from_ref,
              const char *to_ref,
              char      **from,
              char      **to)
{
  Ref a, b;

  if (_bg_canvas_parse_ref (self, from_ref, &a) && _bg_canvas_parse_ref (self, to_ref, &b))
    {
      *from = resolve_ref (self, from_ref, &a, &b);
      *to = resolve_ref (self, to_ref, &b, &a);
    }
  else
    {
      *from = g_strdup (from_ref);
      *to = g_strdup (to_ref);
    }
}

gboolean
_bg_canvas_connect_internal (BgCanvas    *self,
                         const char  *from_ref,
                         const char  *to_ref,
                         gboolean     at_pointer,
                         GError     **error)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autoptr(GError) local_error = NULL;
  BgBond *bond;

  if (!_bg_canvas_require_model (self, error))
    return FALSE;

  resolve_ends (self, from_ref, to_ref, &from, &to);

  bond = bg_model_connect (self->model, from, to, NULL, &local_error);
  if (bond == NULL)
    {
      _bg_canvas_say (self, local_error->message, at_pointer);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  _bg_canvas_select_only (self, bond->id);
  _bg_canvas_selection_changed (self);
  return TRUE;
}

/* Whether the model would take the bond connect_internal would add (the
 * same port choice), changing nothing. */
gboolean
_bg_canvas_can_connect_internal (BgCanvas    *self,
                                 const char  *from_ref,
                                 const char  *to_ref,
                                 GError     **error)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;

  if (!_bg_canvas_require_model (self, error))
    return FALSE;
  resolve_ends (self, from_ref, to_ref, &from, &to);
  return bg_model_can_connect (self->model, from, to, error);
}

gboolean
bg_canvas_connect (BgCanvas    *self,
                   const char  *from_ref,
                   const char  *to_ref,
                   GError     **error)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (from_ref != NULL, FALSE);
  g_return_val_if_fail (to_ref != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return _bg_canvas_connect_internal (self, from_ref, to_ref, FALSE, error);
}

/* Owned, NULL-terminated copies of ids (the model may free the originals). */
static GStrv
bg_canvas_ids_to_strv (GPtrArray *ids)
{
  GStrv v = g_new0 (char *, ids->len + 1);

  for (guint i = 0; i < ids->len; i++)
    v[i] = g_strdup (g_ptr_array_index (ids, i));
  return v;
}

static void
bg_canvas_delete_selection (BgCanvas *self)
{
  g_autoptr(GPtrArray) elements = _bg_canvas_selected_of_kind (self, TRUE);
  g_autoptr(GPtrArray) bonds = _bg_canvas_selected_of_kind (self, FALSE);
  g_autoptr(GPtrArray) loose = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) element_ids = NULL;
  g_auto(GStrv) bond_ids = NULL;
  gboolean ok = TRUE;

  if (self->model == NULL || (elements->len == 0 && bonds->len == 0))
    return;

  /* Bonds attached to a deleted element go with it. */
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = bg_model_find_bond (self->model,
                                      g_ptr_array_index (bonds, i));

      if (!g_hash_table_contains (self->selected, b->from->id) &&
          !g_hash_table_contains (self->selected, b->to->id))
        g_ptr_array_add (loose, b->id);
    }
  element_ids = bg_canvas_ids_to_strv (elements);
  bond_ids = bg_canvas_ids_to_strv (loose);

  bg_model_begin_group (self->model, _("Delete"));
  if (loose->len > 0)
    ok = bg_model_remove_bonds (self->model, (const char *const *) bond_ids,
                                loose->len, &error);
  if (ok && elements->len > 0)
    ok = bg_model_remove_elements (self->model,
                                   (const char *const *) element_ids,
                                   elements->len, &error);
  bg_model_end_group (self->model);
  if (!ok)
    _bg_canvas_say (self, error->message, FALSE);
}

/* Clipboard: a .bgmod fragment with the selected elements and the bonds
 * between them ------------------------------------------------------------ */

static char *
end_ref (BgModel  *model,
         BgBond   *bond,
         gboolean  at_to,
         const char *id)
{
  BgElement *e = at_to ? bond->to : bond->from;
  g_autofree char *port = NULL;

  if (e->spec->variable_ports || e->spec->n_ports < 2)
    return g_strdup (id);
  port = bg_model_dup_port_name (model, bond, at_to);
  return g_strdup_printf ("%s.%s", id, port);
}

static gboolean
copy_element (BgModel          *dest,
              const BgElement  *e,
              const char       *id,
              double            dx,
              double            dy,
              const char      **new_id,
              GError          **error)
{
  BgElement *copy;

  copy = bg_model_add_element (dest, e->spec->type, e->spec->domain, id,
                               e->x + dx, e->y + dy, error);
  if (copy == NULL)
    return FALSE;
  *new_id = copy->id;

  /* A gyrator's S domain; then all parameters together, since some are
   * checked against each other (a pulse's width and period). */
  if (e->spec->has_domain_s
      && !bg_model_set_domain_s (dest, copy->id, e->spec->ports[1].domain, error))
    return FALSE;
  if (e->spec->n_params > 0)
    {
      g_autofree const char **names = g_new (const char *, e->spec->n_params);

      for (guint i = 0; i < e->spec->n_params; i++)
        names[i] = e->spec->params[i].name;
      if (!bg_model_set_params (dest, copy->id, names, e->params, e->spec->n_params, error))
        return FALSE;
    }
  if (e->label != NULL && !bg_model_set_label (dest, copy->id, e->label, error))
    return FALSE;
  if (e->rotation != 0 &&
      !bg_model_set_rotation (dest, copy->id, e->rotation, error))
    return FALSE;
  return TRUE;
}

/* Copies elements (and the bonds among them) of src into dest. keep_ids: the
 * same ids (for the clipboard), else fresh ones; new ids go to new_ids. */
static gboolean
copy_subgraph (BgModel     *src,
               GHashTable  *element_ids,
               BgModel     *dest,
               gboolean     keep_ids,
               double       dx,
               double       dy,
               GPtrArray   *new_ids,
               GError     **error)
{
  g_autoptr(GHashTable) map = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                     NULL, g_free);
  GPtrArray *elements = bg_model_get_elements (src);
  GPtrArray *bonds = bg_model_get_bonds (src);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      const char *new_id = NULL;

      if (element_ids != NULL && !g_hash_table_contains (element_ids, e->id))
        continue;
      if (!copy_element (dest, e, keep_ids ? e->id : NULL, dx, dy,
                         &new_id, error))
        return FALSE;
      g_hash_table_insert (map, e->id, g_strdup (new_id));
      if (new_ids != NULL)
        g_ptr_array_add (new_ids, g_strdup (new_id));
    }

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      const char *from_id = g_hash_table_lookup (map, b->from->id);
      const char *to_id = g_hash_table_lookup (map, b->to->id);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;
      BgBond *copy;

      if (from_id == NULL || to_id == NULL)
        continue;
      from = end_ref (src, b, FALSE, from_id);
      to = end_ref (src, b, TRUE, to_id);
      copy = bg_model_connect (dest, from, to, keep_ids ? b->id : NULL, error);
      if (copy == NULL)
        return FALSE;
      if (b->arrow == BG_ARROW_REVERSED &&
          !bg_model_reverse_arrow (dest, copy->id, error))
        return FALSE;
      if (new_ids != NULL)
        g_ptr_array_add (new_ids, g_strdup (copy->id));
    }
  return TRUE;
}

char *
bg_canvas_dup_selection_text (BgCanvas *self)
{
  g_autoptr(BgModel) fragment = NULL;
  g_autoptr(GHashTable) ids = NULL;
  g_autoptr(GPtrArray) elements = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  if (self->model == NULL)
    return NULL;
  elements = _bg_canvas_selected_of_kind (self, TRUE);
  if (elements->len == 0)
    return NULL;

  ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (ids, g_ptr_array_index (elements, i));

  fragment = bg_model_new ();
  if (!copy_subgraph (self->model, ids, fragment, TRUE, 0, 0, NULL, &error))
    {
      g_warning ("Cannot copy the selection: %s", error->message);
      return NULL;
    }
  return bg_file_to_data (fragment, NULL);
}

gboolean
bg_canvas_paste_text (BgCanvas    *self,
                      const char  *text,
                      GError     **error)
{
  g_autoptr(BgModel) fragment = NULL;
  g_autoptr(GPtrArray) new_ids = NULL;
  g_autoptr(GError) local_error = NULL;
  guint64 revision;
  gboolean ok;

  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!_bg_canvas_require_model (self, error))
    return FALSE;

  fragment = bg_file_load_from_data (text, -1, &local_error);
  if (fragment == NULL)
    {
      g_set_error (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_BAD_CLIPBOARD,
                   _("The clipboard does not hold bond-graph elements: %s"),
                   local_error->message);
      return FALSE;
    }

  new_ids = g_ptr_array_new_with_free_func (g_free);
  revision = bg_model_get_revision (self->model);
  bg_model_begin_group (self->model, _("Paste"));
  ok = copy_subgraph (fragment, NULL, self->model, FALSE,
                      PASTE_OFFSET, PASTE_OFFSET, new_ids, &local_error);
  bg_model_end_group (self->model);

  if (!ok)
    {
      /* Never leave half a paste behind. */
      if (bg_model_get_revision (self->model) != revision)
        bg_model_undo (self->model);
      g_set_error (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_BAD_CLIPBOARD,
                   _("Cannot paste: %s"), local_error->message);
      return FALSE;
    }

  g_ptr_array_add (new_ids, NULL);
  bg_canvas_select_ids (self, (const char *const *) new_ids->pdata);
  return TRUE;
}

static void
paste_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(BgCanvas) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result,
                                         &error);
  if (text == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        _bg_canvas_say (self, _("The clipboard holds no text to paste"), FALSE);
      return;
    }
  if (!bg_canvas_paste_text (self, text, &error))
    _bg_canvas_say (self, error->message, FALSE);
}

/* Per-selection edits, each one undoable step ----------------------------- */

typedef gboolean (*SelectionEdit) (BgModel *, const char *, GError **);

static gboolean
rotate_quarter_turn (BgModel    *model,
                     const char *id,
                     GError    **error)
{
  BgElement *e = bg_model_find_element (model, id);

  return bg_model_set_rotation (model, id, (e->rotation + 90) % 360, error);
}

/* The edits of canvas.reverse-arrow, canvas.flip-junction-sign and
 * canvas.rotate: each applies to the selected bonds or elements. */
static const struct
{
  const char    *action;
  gboolean       elements;
  const char    *label;    /* the undo step's name */
  SelectionEdit  edit;
} selection_edits[] = {
  { "canvas.reverse-arrow", FALSE, N_("Reverse arrow"), bg_model_reverse_arrow },
  { "canvas.flip-junction-sign", FALSE, N_("Flip junction sign"), bg_model_flip_bond_direction },
  { "canvas.rotate", TRUE, N_("Rotate"), rotate_quarter_turn },
};

static void
canvas_edit_selection (BgCanvas      *self,
                       gboolean       elements_wanted,
                       const char    *label,
                       SelectionEdit  edit)
{
  g_autoptr(GPtrArray) items = _bg_canvas_selected_of_kind (self, elements_wanted);
  g_auto(GStrv) ids = NULL;
  g_autoptr(GError) error = NULL;

  if (items->len == 0)
    return;
  ids = bg_canvas_ids_to_strv (items);
  bg_model_begin_group (self->model, label);
  for (guint i = 0; ids[i] != NULL && error == NULL; i++)
    edit (self->model, ids[i], &error);
  bg_model_end_group (self->model);
  if (error != NULL)
    _bg_canvas_say (self, error->message, FALSE);
}

/* Actions ---------------------------------------------------------------- */

void
_bg_canvas_update_actions (BgCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  g_autoptr(GPtrArray) elements = _bg_canvas_selected_of_kind (self, TRUE);
  g_autoptr(GPtrArray) bonds = _bg_canvas_selected_of_kind (self, FALSE);
  gboolean has_model = self->model != NULL;
  gboolean any = elements->len + bonds->len > 0;
  gboolean non_empty = has_model &&
                       bg_model_get_elements (self->model)->len > 0;

  gtk_widget_action_set_enabled (widget, "canvas.delete", any);
  gtk_widget_action_set_enabled (widget, "canvas.cut", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.copy", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.paste", has_model);
  gtk_widget_action_set_enabled (widget, "canvas.select-all", non_empty);
  gtk_widget_action_set_enabled (widget, "canvas.reverse-arrow", bonds->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.flip-junction-sign",
                                 bonds->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.rotate", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.plot-menu", has_model);
  gtk_widget_action_set_enabled (widget, "canvas.plot-var", has_model);
  _bg_canvas_power_update_actions (self);
  gtk_widget_action_set_enabled (widget, "canvas.nudge", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-in",
                                 has_model && self->zoom < ZOOM_MAX);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-out",
                                 has_model && self->zoom > ZOOM_MIN);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-reset", has_model);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-fit", non_empty);
  _bg_canvas_exercise_update_actions (self);
}

static void
action_delete (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  bg_canvas_delete_selection (BG_CANVAS (widget));
}

static void
action_select_all (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  GPtrArray *elements, *bonds;

  if (self->model == NULL)
    return;
  elements = bg_model_get_elements (self->model);
  bonds = bg_model_get_bonds (self->model);
  g_hash_table_remove_all (self->selected);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (self->selected,
                      g_strdup (((BgElement *) g_ptr_array_index (elements, i))->id));
  for (guint i = 0; i < bonds->len; i++)
    g_hash_table_add (self->selected,
                      g_strdup (((BgBond *) g_ptr_array_index (bonds, i))->id));
  _bg_canvas_selection_changed (self);
}

static void
action_copy (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  g_autofree char *text = bg_canvas_dup_selection_text (BG_CANVAS (widget));

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
action_cut (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  action_copy (widget, name, param);
  bg_canvas_delete_selection (BG_CANVAS (widget));
}

static void
action_paste (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 paste_read_cb, g_object_ref (widget));
}

static void
action_zoom (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (g_str_equal (name, "canvas.zoom-in"))
    bg_canvas_zoom_at (self, ZOOM_STEP, NAN, NAN);
  else if (g_str_equal (name, "canvas.zoom-out"))
    bg_canvas_zoom_at (self, 1.0 / ZOOM_STEP, NAN, NAN);
  else if (g_str_equal (name, "canvas.zoom-reset"))
    bg_canvas_zoom_at (self, 1.0 / self->zoom, NAN, NAN);
  else
    bg_canvas_zoom_to_fit_whole (self);
  _bg_canvas_update_actions (self);
}

static void
action_edit_selection (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  for (guint i = 0; i < G_N_ELEMENTS (selection_edits); i++)
    if (g_str_equal (name, selection_edits[i].action))
      canvas_edit_selection (BG_CANVAS (widget), selection_edits[i].elements,
                             _(selection_edits[i].label), selection_edits[i].edit);
}

/* Arrow keys: move the selected elements by one grid step (Shift: five),
 * one undoable step per key press, the view panned to keep them in it. */
static void
action_nudge (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  g_autoptr(GPtrArray) elements = _bg_canvas_selected_of_kind (self, TRUE);
  g_auto(GStrv) ids = NULL;
  g_autoptr(GError) error = NULL;
  double dx, dy;

  if (elements->len == 0)
    return;
  g_variant_get (param, "(dd)", &dx, &dy);
  ids = bg_canvas_ids_to_strv (elements);
  if (!bg_model_move_elements (self->model, (const char *const *) ids,
                               elements->len, dx * _bg_canvas_nudge_step (self),
                               dy * _bg_canvas_nudge_step (self), &error))
    {
      _bg_canvas_say (self, error->message, FALSE);
      return;
    }
  /* what the keys move stays in view: the view follows the least */
  {
    double x = self->offset_x, y = self->offset_y;

    bg_canvas_reveal_ids (self, (const char *const *) ids);
    if (x != self->offset_x || y != self->offset_y)
      self->fitted = FALSE;
  }
}

static const BgWidgetAction canvas_actions[] = {
  { "canvas.delete", NULL, action_delete },
  { "canvas.select-all", NULL, action_select_all },
  { "canvas.copy", NULL, action_copy },
  { "canvas.cut", NULL, action_cut },
  { "canvas.paste", NULL, action_paste },
  { "canvas.zoom-in", NULL, action_zoom },
  { "canvas.zoom-out", NULL, action_zoom },
  { "canvas.zoom-reset", NULL, action_zoom },
  { "canvas.zoom-fit", NULL, action_zoom },
  { "canvas.reverse-arrow", NULL, action_edit_selection },
  { "canvas.flip-junction-sign", NULL, action_edit_selection },
  { "canvas.rotate", NULL, action_edit_selection },
  { "canvas.nudge", "(dd)", action_nudge },
};

static const BgWidgetKey canvas_keys[] = {
  { GDK_KEY_Delete, 0, "canvas.delete" },
  { GDK_KEY_KP_Delete, 0, "canvas.delete" },
  { GDK_KEY_BackSpace, 0, "canvas.delete" },
  { GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all" },
  { GDK_KEY_c, GDK_CONTROL_MASK, "canvas.copy" },
  { GDK_KEY_x, GDK_CONTROL_MASK, "canvas.cut" },
  { GDK_KEY_v, GDK_CONTROL_MASK, "canvas.paste" },
  { GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in" },
  { GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in" },
  { GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in" },
  { GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out" },
  { GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "canvas.zoom-out" },
  { GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-reset" },
  { GDK_KEY_1, GDK_CONTROL_MASK, "canvas.zoom-fit" },
  { GDK_KEY_r, GDK_CONTROL_MASK, "canvas.rotate" },
};

void
_bg_canvas_actions_class_init (GtkWidgetClass *widget_class)
{
  _bg_widget_class_install_actions (widget_class, canvas_actions,
                                    G_N_ELEMENTS (canvas_actions));
  _bg_widget_class_add_keys (widget_class, canvas_keys, G_N_ELEMENTS (canvas_keys));

  for (guint big = 0; big < 2; big++)
    {
      GdkModifierType mods = big ? GDK_SHIFT_MASK : 0;
      double step = big ? 5 : 1;

      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, mods,
                                           "canvas.nudge", "(dd)", -step, 0.0);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, mods,
                                           "canvas.nudge", "(dd)", step, 0.0);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, mods,
                                           "canvas.nudge", "(dd)", 0.0, -step);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, mods,
                                           "canvas.nudge", "(dd)", 0.0, step);
    }
}
