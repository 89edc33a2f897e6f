/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-levels.c — the window inside its model's components: opening
 * an instance on the canvas, coming back, and Make Component… / Explode.
 *
 * Owns: the levels shown, from the model down to the component open now
 * (each an instance of the level above, with the definition it shows as
 * an editable copy of its body and the view of the level above to come
 * back to); the breadcrumb bar above the canvas; the analysis seen from
 * the level shown (the flat graph of the document analysed and seen from
 * the instance's path, bg_causality_project), so the strokes inside are
 * those of that instance; every edit of the copy given to the document as
 * one undoable step that changes the definition and so every instance
 * (bg_model_replace_definition), and each copy brought up to date when
 * the document changes under it (undo, redo), or the levels that no
 * longer exist left. The actions win.open-component, win.leave-component
 * (Escape, Backspace on the canvas), win.go-to-level(u) (the breadcrumbs),
 * win.make-component (Ctrl+G, asks the name) and win.explode-component;
 * a conflict inside an instance chosen from the status line, or from the
 * badge on the instance's box (bg-canvas-badges.c), opens the instances
 * down to it. The strokes a student placed on an instance
 * (exercise mode) shown on its copy, and those placed there kept in the
 * document by path, that instance's alone. Must not: change the model
 * except through bg_model_* edits, or draw.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-window-private.h"
#include "bg-breadcrumb-bar.h"
#include "bg-component-name-dialog.h"
#include "bg-definition.h"
#include "bg-model-components.h"
#include "bg-model-flatten.h"

typedef struct
{
  char              *instance;        /* its id at the level above */
  char              *prefix;          /* its path and a dot: "T2.", "T2.S1." */
  char              *definition;      /* the definition's name */
  BgModel           *body;            /* the copy shown and edited */
  BgModel           *synced;          /* the definition's body it copies */
  BgCanvasViewState  view_above;      /* the level above as it was left */
  GStrv              selection_above;
  gulong             changed_id;      /* body's "changed" */
} Level;

struct _BgWindowLevels
{
  BgWindow    *window;     /* not a reference: it owns this */
  BgModel     *document;   /* the document's model, watched */
  GPtrArray   *levels;     /* Level*, outermost first */
  gboolean     syncing;    /* copies being brought up to date: not edits */
  Level       *committing; /* its edit is being given to the document */
  guint64      synced_revision; /* the document's when the copies were last checked */
  BgCausality *causality;  /* the analysis seen from the level shown */
  BgModel     *causality_level; /* the copy it is of (not a reference) */
  guint64      causality_document, causality_body; /* the revisions it is of */
  BgBreadcrumbBar *bar;
  GtkWidget   *bar_separator;
  char        *entered;    /* opened by an activation an edit request follows */
  guint        entered_idle; /* forgets it once the activation is over */
};

static void
level_free (Level *level)
{
  g_clear_signal_handler (&level->changed_id, level->body);
  g_free (level->instance);
  g_free (level->prefix);
  g_free (level->definition);
  g_clear_object (&level->body);
  g_clear_object (&level->synced);
  g_strfreev (level->selection_above);
  g_free (level);
}

static Level *
current (BgWindowLevels *levels)
{
  return levels->levels->len > 0
         ? g_ptr_array_index (levels->levels, levels->levels->len - 1) : NULL;
}

BgModel *
_bg_window_levels_get_model (BgWindow *self)
{
  Level *level = self->levels != NULL ? current (self->levels) : NULL;

  if (level != NULL)
    return level->body;
  return self->document != NULL ? bg_document_get_model (self->document) : NULL;
}

const char *
_bg_window_levels_get_prefix (BgWindow *self)
{
  Level *level = self->levels != NULL ? current (self->levels) : NULL;

  return level != NULL ? level->prefix : "";
}

guint
_bg_window_levels_get_depth (BgWindow *self)
{
  return self->levels != NULL ? self->levels->levels->len : 0;
}

/* The analysis seen from the level shown ------------------------------------ */

BgCausality *
_bg_window_levels_get_causality (BgWindow *self)
{
  BgWindowLevels *levels = self->levels;
  Level *level = levels != NULL ? current (levels) : NULL;
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) analysis = NULL;
  BgModel *document;

  if (self->document == NULL)
    return NULL;
  if (level == NULL)
    return bg_document_get_causality (self->document);
  document = bg_document_get_model (self->document);
  /* the copies catch up once the document's change reaches them */
  if (levels->synced_revision != bg_model_get_revision (document))
    return NULL;
  if (levels->causality != NULL && levels->causality_level == level->body
      && levels->causality_document == bg_model_get_revision (document)
      && levels->causality_body == bg_model_get_revision (level->body))
    return levels->causality;

  g_clear_pointer (&levels->causality, bg_causality_unref);
  flat = bg_model_flatten (document, &map, NULL);
  if (flat == NULL)
    return bg_document_get_causality (self->document);
  analysis = bg_causality_analyze (flat);
  levels->causality = bg_causality_project (analysis, level->body, level->prefix, map);
  levels->causality_level = level->body;
  levels->causality_document = bg_model_get_revision (document);
  levels->causality_body = bg_model_get_revision (level->body);
  return levels->causality;
}

/* The bar ---------------------------------------------------------------------- */

static void
update_bar (BgWindow *self)
{
  BgWindowLevels *levels = self->levels;
  Level *level = current (levels);
  g_autoptr(GStrvBuilder) path = NULL;
  g_auto(GStrv) texts = NULL;
  g_autofree char *note = NULL;
  g_autofree char *title = NULL;
  BgModel *document;
  const char *name;
  guint64 n;

  gtk_widget_set_visible (GTK_WIDGET (levels->bar), level != NULL);
  gtk_widget_set_visible (levels->bar_separator, level != NULL);
  if (level == NULL)
    return;
  document = bg_document_get_model (self->document);
  name = bg_model_get_name (document);
  title = name != NULL && name[0] != '\0' ? g_strdup (name) : bg_document_dup_title (self->document);
  path = g_strv_builder_new ();
  g_strv_builder_add (path, title);
  for (guint i = 0; i < levels->levels->len; i++)
    {
      Level *l = g_ptr_array_index (levels->levels, i);
      g_autofree char *crumb = g_strdup_printf (C_("breadcrumb", "%s (%s)"), l->instance,
                                                l->definition);

      g_strv_builder_add (path, crumb);
    }
  texts = g_strv_builder_end (path);
  n = bg_model_count_instances (document, level->definition);
  if (n <= 1)
    note = g_strdup_printf (_("%s has no other instance"), level->definition);
  else
    note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "An edit changes all %lu instance of %s",
                                         "An edit changes all %lu instances of %s",
                                         (gulong) n),
                            (gulong) n, level->definition);
  bg_breadcrumb_bar_set_path (levels->bar, (const char *const *) texts, note);
}

/* The student's strokes ------------------------------------------------------- */

/* Gives each bond of the copy strokes[i] (by bond index), as one
 * unrecorded step: showing strokes is not an edit of the copy. */
static void
set_copy_strokes (Level          *level,
                  const BgStroke *strokes)
{
  GPtrArray *bonds = bg_model_get_bonds (level->body);
  gboolean began = FALSE;

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);

      if (bond->exercise == strokes[i])
        continue;
      if (!began)
        bg_model_begin_unrecorded (level->body);
      began = TRUE;
      bg_model_set_exercise_stroke (level->body, bond->id, strokes[i], NULL);
    }
  if (began)
    bg_model_end_group (level->body);
}

/* The copy shows the strokes a student placed on this instance (the flat
 * graph's, by path), not the definition's. */
static void
mirror_strokes (BgWindow *self,
                Level    *level)
{
  BgModel *flat = bg_document_get_flat_model (self->document);
  BgFlatMap *map = bg_document_get_flat_map (self->document);
  GPtrArray *bonds = bg_model_get_bonds (level->body);
  g_autofree BgStroke *strokes = NULL;

  if (flat == NULL || map == NULL)
    return;
  strokes = g_new (BgStroke, bonds->len);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      g_autofree char *path = g_strconcat (level->prefix, bond->id, NULL);
      gboolean same = TRUE;
      BgBond *flat_bond = bg_model_find_bond (flat, bg_flat_map_bond (map, path, &same));
      BgStroke s = flat_bond != NULL ? flat_bond->exercise : BG_STROKE_NONE;

      if (!same && s != BG_STROKE_NONE)
        s = s == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
      strokes[i] = s;
    }
  set_copy_strokes (level, strokes);
}

/* Before the copy becomes the definition: its bonds' strokes are the
 * definition's again (those shown were this instance's). */
static void
unmirror_strokes (Level *level)
{
  GPtrArray *bonds = bg_model_get_bonds (level->body);
  g_autofree BgStroke *strokes = g_new (BgStroke, bonds->len);

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *own = bg_model_find_bond (level->synced,
                                        ((BgBond *) g_ptr_array_index (bonds, i))->id);

      strokes[i] = own != NULL ? own->exercise : BG_STROKE_NONE;
    }
  set_copy_strokes (level, strokes);
}

gboolean
_bg_window_levels_place_stroke (BgWindow   *self,
                                const char *bond_id,
                                BgStroke    stroke)
{
  Level *level = current (self->levels);
  BgFlatMap *map = bg_document_get_flat_map (self->document);
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  gboolean same = TRUE;
  const char *flat_id;

  if (level == NULL || map == NULL)
    return FALSE;
  path = g_strconcat (level->prefix, bond_id, NULL);
  flat_id = bg_flat_map_bond (map, path, &same);
  if (!same && stroke != BG_STROKE_NONE)
    stroke = stroke == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
  /* by the flat bond's name: the model's own bond ("b1", through a port)
   * or this instance's ("T2.b4") */
  {
    g_autofree char *id = g_strdup (flat_id);

    if (!bg_model_set_exercise_stroke (bg_document_get_model (self->document), id, stroke,
                                       &error))
      _bg_window_show_message (self, error->message);
  }
  return TRUE;
}

/* Showing a level -------------------------------------------------------------- */

/* The canvas, the inspector and the bar on the level shown now. */
static void
show_level (BgWindow *self)
{
  BgModel *model = _bg_window_levels_get_model (self);

  bg_canvas_set_model (self->canvas, model);
  bg_inspector_set_model (self->inspector, model);
  bg_inspector_set_selection (self->inspector, NULL);
  update_bar (self);
  _bg_window_update_status (self);
  _bg_window_explain_level_changed (self);
}

static void body_changed_cb (BgWindowLevels *levels,
                             BgModel        *body);

/* A copy shows the document's name and settings (the inspector shows
 * them with nothing selected); not an edit of the copy. */
static void
mirror_document (BgModel *body,
                 BgModel *document)
{
  if (g_strcmp0 (bg_model_get_name (body), bg_model_get_name (document)) == 0
      && memcmp (bg_model_get_simulation (body), bg_model_get_simulation (document),
                 sizeof (BgSimSettings)) == 0)
    return;
  bg_model_begin_unrecorded (body);
  bg_model_set_name (body, bg_model_get_name (document), NULL);
  bg_model_set_simulation (body, bg_model_get_simulation (document), NULL);
  bg_model_end_group (body);
}

gboolean
_bg_window_levels_open (BgWindow   *self,
                        const char *instance_id)
{
  BgWindowLevels *levels = self->levels;
  BgModel *model = _bg_window_levels_get_model (self);
  BgElement *element = model != NULL ? bg_model_find_element (model, instance_id) : NULL;
  const BgDefinition *def = element != NULL ? bg_definition_of_spec (element->spec) : NULL;
  Level *level;

  if (def == NULL)
    return FALSE;

  level = g_new0 (Level, 1);
  level->instance = g_strdup (instance_id);
  level->prefix = g_strconcat (_bg_window_levels_get_prefix (self), instance_id, ".", NULL);
  level->definition = g_strdup (def->name);
  level->body = bg_model_dup_body (def->body);
  level->synced = g_object_ref (def->body);
  mirror_document (level->body, bg_document_get_model (self->document));
  bg_canvas_get_view_state (self->canvas, &level->view_above);
  level->selection_above = bg_canvas_dup_selected_ids (self->canvas);
  mirror_strokes (self, level);
  level->changed_id = g_signal_connect_swapped (level->body, "changed",
                                                G_CALLBACK (body_changed_cb), levels);
  g_ptr_array_add (levels->levels, level);
  levels->synced_revision = bg_model_get_revision (bg_document_get_model (self->document));
  g_clear_pointer (&levels->causality, bg_causality_unref);

  show_level (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  return TRUE;
}

/* Back to the level at depth (0: the model), with its view as it was. */
static void
leave_to (BgWindow *self,
          guint     depth)
{
  BgWindowLevels *levels = self->levels;
  Level *first;
  BgCanvasViewState view;
  g_auto(GStrv) selection = NULL;

  if (depth >= levels->levels->len)
    return;
  first = g_ptr_array_index (levels->levels, depth);
  view = first->view_above;
  selection = g_steal_pointer (&first->selection_above);
  g_ptr_array_set_size (levels->levels, depth);
  g_clear_pointer (&levels->causality, bg_causality_unref);

  show_level (self);
  bg_canvas_set_view_state (self->canvas, &view);
  bg_canvas_select_ids (self->canvas, (const char *const *) selection);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
_bg_window_levels_leave_all (BgWindow *self)
{
  if (self->levels != NULL)
    leave_to (self, 0);
}

static guint
path_depth (const char *prefix)
{
  guint n = 0;

  for (const char *p = prefix; *p != '\0'; p++)
    n += *p == '.';
  return n;
}

gboolean
_bg_window_levels_show_path (BgWindow   *self,
                             const char *prefix)
{
  const char *now = _bg_window_levels_get_prefix (self);
  gsize common = 0;
  const char *rest;

  /* the longest run of whole "ID." parts both start with */
  for (gsize i = 0; now[i] != '\0' && now[i] == prefix[i]; i++)
    if (now[i] == '.')
      common = i + 1;
  if (strlen (now) > common)
    {
      g_autofree char *shared = g_strndup (prefix, common);

      leave_to (self, path_depth (shared));
    }
  rest = prefix + strlen (_bg_window_levels_get_prefix (self));
  while (*rest != '\0')
    {
      const char *dot = strchr (rest, '.');
      g_autofree char *id = g_strndup (rest, dot != NULL ? (gsize) (dot - rest) : strlen (rest));

      if (!_bg_window_levels_open (self, id))
        return FALSE;
      rest = dot != NULL ? dot + 1 : rest + strlen (rest);
    }
  return TRUE;
}

gboolean
_bg_window_levels_take_edit_request (BgWindow   *self,
                                     const char *element_id)
{
  BgWindowLevels *levels = self->levels;
  gboolean taken = levels->entered != NULL && g_strcmp0 (levels->entered, element_id) == 0;

  g_clear_pointer (&levels->entered, g_free);
  return taken;
}

static gboolean
forget_entered_cb (gpointer data)
{
  BgWindowLevels *levels = data;

  levels->entered_idle = 0;
  g_clear_pointer (&levels->entered, g_free);
  return G_SOURCE_REMOVE;
}

/* The element activated: an instance opens (Enter also asks the inspector
 * for a field right after, in the same key press: that request is for
 * the level left). */
gboolean
_bg_window_levels_activate (BgWindow   *self,
                            const char *element_id)
{
  BgWindowLevels *levels = self->levels;

  if (!_bg_window_levels_open (self, element_id))
    return FALSE;
  g_free (levels->entered);
  levels->entered = g_strdup (element_id);
  if (levels->entered_idle == 0)
    levels->entered_idle = g_idle_add (forget_entered_cb, levels);
  return TRUE;
}

/* Following the document ------------------------------------------------------- */

/* Each copy made equal to its definition when the document changed under
 * it; levels whose instance is gone are left. */
static void
resync (BgWindow *self)
{
  BgWindowLevels *levels = self->levels;
  BgModel *document = bg_document_get_model (self->document);
  BgModel *above = document;

  levels->synced_revision = bg_model_get_revision (document);
  for (guint i = 0; i < levels->levels->len; i++)
    {
      Level *level = g_ptr_array_index (levels->levels, i);
      BgElement *element = bg_model_find_element (above, level->instance);
      const BgDefinition *def = element != NULL ? bg_definition_of_spec (element->spec) : NULL;

      if (def == NULL || g_strcmp0 (def->name, level->definition) != 0)
        {
          leave_to (self, i);
          return;
        }
      levels->syncing = TRUE;
      if (def->body != level->synced && level != levels->committing)
        {
          bg_model_assign_graph (level->body, def->body);
          g_set_object (&level->synced, def->body);
        }
      mirror_document (level->body, document);
      mirror_strokes (self, level);
      levels->syncing = FALSE;
      above = level->body;
    }
}

static void
document_changed_cb (BgWindow *self,
                     BgModel  *document)
{
  if (self->levels->levels->len == 0)
    return;
  resync (self);
  update_bar (self);
  _bg_window_update_status (self);
}

/* An edit of the copy shown: the definition takes it, as one step of the
 * document; refused, the copy goes back. */
static void
body_changed_cb (BgWindowLevels *levels,
                 BgModel        *body)
{
  BgWindow *self = levels->window;
  BgModel *document = bg_document_get_model (self->document);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  Level *level = NULL;
  gboolean ok;

  if (levels->syncing)
    return;
  for (guint i = 0; i < levels->levels->len; i++)
    if (((Level *) g_ptr_array_index (levels->levels, i))->body == body)
      level = g_ptr_array_index (levels->levels, i);
  if (level == NULL)
    return;

  /* the name and settings shown are the document's: edited, they go there */
  if (g_strcmp0 (bg_model_get_name (body), bg_model_get_name (document)) != 0)
    {
      g_autofree char *name = g_strdup (bg_model_get_name (body));

      ok = bg_model_set_name (document, name, &error);
    }
  else if (memcmp (bg_model_get_simulation (body), bg_model_get_simulation (document),
                   sizeof (BgSimSettings)) != 0)
    {
      BgSimSettings settings = *bg_model_get_simulation (body);

      ok = bg_model_set_simulation (document, &settings, &error);
    }
  else
    {
      label = g_strdup (bg_model_get_undo_label (body));
      levels->syncing = TRUE;
      unmirror_strokes (level);
      levels->syncing = FALSE;
      levels->committing = level;
      ok = bg_model_replace_definition (document, level->definition, body, label, &error);
      levels->committing = NULL;
    }
  levels->syncing = TRUE;
  if (ok)
    {
      g_set_object (&level->synced, bg_model_find_definition (document, level->definition)->body);
      mirror_document (body, document);
    }
  else
    {
      g_autofree char *message = g_strdup_printf (_("Not changed: %s"), error->message);

      bg_model_assign_graph (body, level->synced);
      mirror_document (body, document);
      _bg_window_show_message (self, message);
    }
  mirror_strokes (self, level);
  levels->syncing = FALSE;
  bg_model_clear_history (body);
  levels->synced_revision = bg_model_get_revision (document);
  update_bar (self);
  _bg_window_update_status (self);
}

void
_bg_window_levels_set_document (BgWindow   *self,
                                BgDocument *document)
{
  BgWindowLevels *levels = self->levels;
  BgModel *model = document != NULL ? bg_document_get_model (document) : NULL;

  g_ptr_array_set_size (levels->levels, 0);
  g_clear_pointer (&levels->causality, bg_causality_unref);
  if (levels->document != NULL)
    g_signal_handlers_disconnect_by_func (levels->document, document_changed_cb, self);
  g_set_object (&levels->document, model);
  if (levels->document != NULL)
    g_signal_connect_object (levels->document, "changed", G_CALLBACK (document_changed_cb),
                             self, G_CONNECT_SWAPPED);
  update_bar (self);
}

/* The culprits of the first conflict -------------------------------------------- */

/* The instance (of the level shown) the conflict's first element lies
 * inside — the one it is about: "T2.S1.C" at "" → "T2" — or NULL. */
static char *
instance_of_culprit (BgModel            *level_model,
                     const char         *prefix,
                     const BgDiagnostic *error)
{
  const char *culprit = error->elements[0] != NULL ? error->elements[0] : error->bonds[0];
  gsize len = strlen (prefix);
  const char *rest, *dot;
  g_autofree char *head = NULL;
  BgElement *el;

  if (culprit == NULL || strncmp (culprit, prefix, len) != 0)
    return NULL;
  rest = culprit + len;
  dot = strchr (rest, '.');
  if (dot == NULL)
    return NULL;
  head = g_strndup (rest, (gsize) (dot - rest));
  el = bg_model_find_element (level_model, head);
  if (el == NULL || bg_definition_of_spec (el->spec) == NULL)
    return NULL;
  return g_steal_pointer (&head);
}

/* Opens the instances down to the element conflict `index` of the flat
 * analysis is about (it lies inside the level shown) and selects its
 * elements and bonds there. */
static void
select_culprits_of (BgWindow           *self,
                    const BgDiagnostic *error,
                    guint               index)
{
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) ids = NULL;
  BgCausality *shown;
  const GPtrArray *shown_errors;
  const BgDiagnostic *seen;

  for (;;)
    {
      g_autofree char *inside = instance_of_culprit (_bg_window_levels_get_model (self),
                                                     _bg_window_levels_get_prefix (self),
                                                     error);

      if (inside == NULL || !_bg_window_levels_open (self, inside))
        break;
    }
  shown = _bg_window_levels_get_causality (self);
  shown_errors = shown != NULL ? bg_causality_get_errors (shown) : NULL;
  if (shown_errors == NULL || shown_errors->len <= index)
    return;
  /* the same conflict, its ids seen from here */
  seen = g_ptr_array_index ((GPtrArray *) shown_errors, index);
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) seen->elements);
  g_strv_builder_addv (builder, (const char **) seen->bonds);
  ids = g_strv_builder_end (builder);
  bg_canvas_select_ids (self->canvas, (const char *const *) ids);
  bg_canvas_reveal_ids (self->canvas, (const char *const *) ids);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static const GPtrArray *
flat_errors (BgWindow *self)
{
  BgCausality *flat = bg_document_get_flat_causality (self->document);

  return flat != NULL ? bg_causality_get_errors (flat) : NULL;
}

void
_bg_window_levels_select_culprits (BgWindow *self)
{
  const GPtrArray *errors = flat_errors (self);

  if (errors == NULL || errors->len == 0)
    return;
  select_culprits_of (self, g_ptr_array_index ((GPtrArray *) errors, 0), 0);
}

gboolean
_bg_window_levels_open_conflict (BgWindow   *self,
                                 const char *instance_id)
{
  const GPtrArray *errors = flat_errors (self);
  g_autofree char *inside = g_strconcat (_bg_window_levels_get_prefix (self), instance_id, ".",
                                         NULL);

  /* the first conflict whose element (or bond) lies inside the instance */
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index ((GPtrArray *) errors, i);
      const char *culprit = d->elements[0] != NULL ? d->elements[0] : d->bonds[0];

      if (culprit != NULL && g_str_has_prefix (culprit, inside))
        {
          select_culprits_of (self, d, i);
          return TRUE;
        }
    }
  return _bg_window_levels_open (self, instance_id);
}

/* Actions ---------------------------------------------------------------------- */

/* The one selected element when it is an instance, else NULL. */
static BgElement *
selected_instance (BgWindow *self)
{
  BgModel *model = _bg_window_levels_get_model (self);
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (self->canvas);
  BgElement *element = NULL;

  for (guint i = 0; model != NULL && ids[i] != NULL; i++)
    {
      BgElement *el = bg_model_find_element (model, ids[i]);

      if (el == NULL)
        continue;
      if (element != NULL)
        return NULL;
      element = el;
    }
  return element != NULL && bg_definition_of_spec (element->spec) != NULL ? element : NULL;
}

static guint
n_selected_elements (BgWindow *self)
{
  BgModel *model = _bg_window_levels_get_model (self);
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (self->canvas);
  guint n = 0;

  for (guint i = 0; model != NULL && ids[i] != NULL; i++)
    n += bg_model_find_element (model, ids[i]) != NULL;
  return n;
}

static gboolean
editing_allowed (BgWindow *self)
{
  return self->document != NULL && !self->explaining && !_bg_window_exercise_get_mode (self);
}

void
_bg_window_levels_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean inside = _bg_window_levels_get_depth (self) > 0;
  gboolean instance = self->document != NULL && selected_instance (self) != NULL;

  /* opening one is no edit: Explain Causality and exercise mode go inside too */
  gtk_widget_action_set_enabled (widget, "win.open-component", instance);
  gtk_widget_action_set_enabled (widget, "win.explode-component",
                                 instance && editing_allowed (self));
  gtk_widget_action_set_enabled (widget, "win.make-component",
                                 editing_allowed (self) && n_selected_elements (self) > 0);
  gtk_widget_action_set_enabled (widget, "win.leave-component", inside);
  gtk_widget_action_set_enabled (widget, "win.go-to-level", inside);
}

static void
open_component_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgElement *element = selected_instance (self);

  if (element != NULL)
    {
      g_autofree char *id = g_strdup (element->id);

      _bg_window_levels_open (self, id);
    }
}

static void
leave_component_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  guint depth = _bg_window_levels_get_depth (self);

  if (depth > 0)
    leave_to (self, depth - 1);
}

static void
go_to_level_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  leave_to (BG_WINDOW (widget), g_variant_get_uint32 (parameter));
}

static void
name_chosen_cb (BgWindow              *self,
                const char            *name,
                BgComponentNameDialog *dialog)
{
  BgModel *model = _bg_window_levels_get_model (self);
  BgModel *document = bg_document_get_model (self->document);
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (self->canvas);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = g_strdup_printf (_("Make Component %s"), name);
  g_autofree char *made = NULL;
  BgElement *instance;

  /* inside a component: the new definition and the edited body, one step */
  if (model != document)
    bg_model_begin_group (document, label);
  instance = bg_model_make_component (model, (const char *const *) ids, name, &error);
  if (instance != NULL)
    made = g_strdup (instance->id);
  if (model != document)
    bg_model_end_group (document);
  if (made == NULL)
    {
      _bg_window_show_message (self, error->message);
      return;
    }
  {
    const char *select[] = { made, NULL };

    bg_canvas_select_ids (self->canvas, select);
  }
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
make_component_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgComponentNameDialog *dialog;
  guint n = n_selected_elements (self);

  if (n == 0)
    return;
  dialog = bg_component_name_dialog_new (GTK_WINDOW (self), _bg_window_levels_get_model (self), n);
  g_signal_connect_object (dialog, "name-chosen", G_CALLBACK (name_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
explode_component_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgModel *model = _bg_window_levels_get_model (self);
  BgElement *element = selected_instance (self);
  g_autoptr(GHashTable) before = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GStrvBuilder) added = NULL;
  g_auto(GStrv) ids = NULL;
  g_autofree char *id = NULL;
  GPtrArray *elements;

  if (element == NULL)
    return;
  id = g_strdup (element->id);
  before = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (before, g_strdup (((BgElement *) elements->pdata[i])->id));
  if (!bg_model_explode_instance (model, id, &error))
    {
      _bg_window_show_message (self, error->message);
      return;
    }
  /* the model shown may be a new copy's content now: look again */
  model = _bg_window_levels_get_model (self);
  elements = bg_model_get_elements (model);
  added = g_strv_builder_new ();
  for (guint i = 0; i < elements->len; i++)
    {
      const char *el = ((BgElement *) elements->pdata[i])->id;

      if (!g_hash_table_contains (before, el))
        g_strv_builder_add (added, el);
    }
  ids = g_strv_builder_end (added);
  bg_canvas_select_ids (self->canvas, (const char *const *) ids);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

void
_bg_window_levels_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-component", NULL,
                                   open_component_action);
  gtk_widget_class_install_action (widget_class, "win.leave-component", NULL,
                                   leave_component_action);
  gtk_widget_class_install_action (widget_class, "win.go-to-level", "u",
                                   go_to_level_action);
  gtk_widget_class_install_action (widget_class, "win.make-component", NULL,
                                   make_component_action);
  gtk_widget_class_install_action (widget_class, "win.explode-component", NULL,
                                   explode_component_action);
}

/* Life ---------------------------------------------------------------------------- */

static void
canvas_open_conflict_cb (BgWindow   *self,
                         const char *instance_id,
                         BgCanvas   *canvas)
{
  _bg_window_levels_open_conflict (self, instance_id);
}

void
_bg_window_levels_init (BgWindow *self)
{
  BgWindowLevels *levels = g_new0 (BgWindowLevels, 1);
  GtkEventController *keys;
  GtkShortcutTrigger *trigger;

  levels->window = self;
  levels->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) level_free);
  self->levels = levels;

  /* above the explain bar and the canvas */
  levels->bar = BG_BREADCRUMB_BAR (bg_breadcrumb_bar_new ());
  levels->bar_separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_visible (GTK_WIDGET (levels->bar), FALSE);
  gtk_widget_set_visible (levels->bar_separator, FALSE);
  gtk_box_prepend (GTK_BOX (self->canvas_box), levels->bar_separator);
  gtk_box_prepend (GTK_BOX (self->canvas_box), GTK_WIDGET (levels->bar));

  /* after the canvas's own keys: Escape with nothing to abandon or
   * deselect, Backspace with nothing to delete, go up a level */
  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_static_name (keys, "bg-leave-component");
  trigger = gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                         gtk_keyval_trigger_new (GDK_KEY_BackSpace, 0));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (trigger,
                                                          gtk_named_action_new ("win.leave-component")));
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), keys);
  g_signal_connect_object (self->canvas, "open-conflict", G_CALLBACK (canvas_open_conflict_cb),
                           self, G_CONNECT_SWAPPED);
}

void
_bg_window_levels_dispose (BgWindow *self)
{
  BgWindowLevels *levels = self->levels;

  if (levels == NULL)
    return;
  g_clear_handle_id (&levels->entered_idle, g_source_remove);
  if (levels->document != NULL)
    g_signal_handlers_disconnect_by_func (levels->document, document_changed_cb, self);
  g_clear_object (&levels->document);
  g_ptr_array_set_size (levels->levels, 0);
  g_clear_pointer (&levels->causality, bg_causality_unref);
}

void
_bg_window_levels_finalize (BgWindow *self)
{
  BgWindowLevels *levels = self->levels;

  if (levels == NULL)
    return;
  g_ptr_array_unref (levels->levels);
  g_free (levels->entered);
  g_free (levels);
  self->levels = NULL;
}
