/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-document.c — one open bond-graph document.
 *
 * In the layout: core/ (GIO only, no GTK): what the window holds open; the
 * model it owns is the first stage of model → analysis → plan → run →
 * result.
 *
 * Owns: the model, its file, the saved revisions (the model's and its
 * view's) and the current analysis. The analysis is linear in the model and
 * runs synchronously after every "changed"; a "view-changed" (the plotted
 * variables) only marks the document modified. Must not: touch widgets,
 * show dialogs or edit the model.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-disk-watch.h"
#include "bg-document.h"
#include "bg-model-flatten.h"
#include "bg-file.h"

struct _BgDocument
{
  GObject      parent_instance;

  BgModel     *model;
  GFile       *file;
  BgCausality *causality;
  BgModel     *flat;             /* the graph runs take: the model itself without components */
  BgCausality *flat_causality;   /* its analysis (the causality itself without components) */
  BgFlatMap   *flat_map;
  guint64      saved_revision;
  guint64      saved_view_revision;
  gboolean     modified;
  BgDiskWatch *watch;          /* the file on disk, when there is a file */
};

G_DEFINE_FINAL_TYPE (BgDocument, bg_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_TITLE,
  PROP_CAUSALITY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { SIGNAL_CHANGED_ON_DISK, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
watch_changed_cb (BgDocument  *self,
                  BgDiskWatch *watch)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED_ON_DISK], 0);
}

/* Watches the given file from now on (NULL: none). */
static void
set_watch (BgDocument  *self,
           BgDiskWatch *watch)
{
  if (self->watch != NULL)
    g_signal_handlers_disconnect_by_data (self->watch, self);
  g_set_object (&self->watch, watch);
  if (watch != NULL)
    g_signal_connect_object (watch, "changed", G_CALLBACK (watch_changed_cb),
                             self, G_CONNECT_SWAPPED);
}

static void
bg_document_update_modified (BgDocument *self)
{
  gboolean modified = bg_model_get_revision (self->model) != self->saved_revision ||
                      bg_model_get_view_revision (self->model) != self->saved_view_revision;

  if (modified == self->modified)
    return;

  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

/* Analyses the model; one with components as its flat graph, seen from
 * its top level (the flat graph and its analysis kept for runs). */
static void
analyze_now (BgDocument *self)
{
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->causality, bg_causality_unref);
  g_clear_pointer (&self->flat_causality, bg_causality_unref);
  g_clear_pointer (&self->flat_map, bg_flat_map_free);
  g_clear_object (&self->flat);
  if (bg_model_has_components (self->model))
    self->flat = bg_model_flatten (self->model, &self->flat_map, &error);
  if (self->flat == NULL || self->flat == self->model)
    {
      self->causality = bg_causality_analyze (self->model);
      if (self->flat == NULL)
        self->flat = g_object_ref (self->model);
      self->flat_causality = bg_causality_ref (self->causality);
      return;
    }
  self->flat_causality = bg_causality_analyze (self->flat);
  self->causality = bg_causality_project (self->flat_causality, self->model, "", self->flat_map);
}

static void
bg_document_analyze (BgDocument *self)
{
  analyze_now (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAUSALITY]);
}

static void
bg_document_model_changed_cb (BgDocument *self,
                              BgModel    *model)
{
  bg_document_analyze (self);
  bg_document_update_modified (self);
}

static void
bg_document_model_view_changed_cb (BgDocument *self,
                                   BgModel    *model)
{
  bg_document_update_modified (self);
}

static void
bg_document_model_notify_name_cb (BgDocument *self,
                                  GParamSpec *pspec,
                                  BgModel    *model)
{
  if (self->file == NULL)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

static void
bg_document_constructed (GObject *object)
{
  BgDocument *self = BG_DOCUMENT (object);

  G_OBJECT_CLASS (bg_document_parent_class)->constructed (object);

  if (self->model == NULL)
    self->model = bg_model_new ();

  self->saved_revision = bg_model_get_revision (self->model);
  self->saved_view_revision = bg_model_get_view_revision (self->model);
  g_signal_connect_object (self->model, "changed",
                           G_CALLBACK (bg_document_model_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "view-changed",
                           G_CALLBACK (bg_document_model_view_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->model, "notify::name",
                           G_CALLBACK (bg_document_model_notify_name_cb),
                           self, G_CONNECT_SWAPPED);
  analyze_now (self);
  if (self->file != NULL)
    {
      g_autoptr(BgDiskWatch) watch = bg_disk_watch_new (self->file);
      set_watch (self, watch);
    }
}

static void
bg_document_dispose (GObject *object)
{
  BgDocument *self = BG_DOCUMENT (object);

  set_watch (self, NULL);
  g_clear_object (&self->model);
  g_clear_object (&self->file);
  g_clear_pointer (&self->causality, bg_causality_unref);
  g_clear_pointer (&self->flat_causality, bg_causality_unref);
  g_clear_pointer (&self->flat_map, bg_flat_map_free);
  g_clear_object (&self->flat);

  G_OBJECT_CLASS (bg_document_parent_class)->dispose (object);
}

static void
bg_document_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  BgDocument *self = BG_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_TITLE:
      g_value_take_string (value, bg_document_dup_title (self));
      break;
    case PROP_CAUSALITY:
      g_value_set_boxed (value, self->causality);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_document_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  BgDocument *self = BG_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      self->model = g_value_dup_object (value);
      break;
    case PROP_FILE:
      self->file = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_document_class_init (BgDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = bg_document_constructed;
  object_class->dispose = bg_document_dispose;
  object_class->get_property = bg_document_get_property;
  object_class->set_property = bg_document_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, BG_TYPE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_CAUSALITY] =
    g_param_spec_boxed ("causality", NULL, NULL, BG_TYPE_CAUSALITY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_CHANGED_ON_DISK] =
    g_signal_new ("changed-on-disk", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bg_document_init (BgDocument *self)
{
}

BgDocument *
bg_document_new (void)
{
  return g_object_new (BG_TYPE_DOCUMENT, NULL);
}

BgDocument *
bg_document_new_for_model (BgModel *model,
                           GFile   *file)
{
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  return g_object_new (BG_TYPE_DOCUMENT,
                       "model", model,
                       "file", file,
                       NULL);
}

BgDocument *
bg_document_new_for_file (GFile   *file,
                          GError **error)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgDiskWatch) watch = NULL;
  BgDocument *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The stamp is taken before reading: a change made while we read
   * counts as a change. */
  watch = bg_disk_watch_new (file);
  model = bg_file_load (file, error);
  if (model == NULL)
    return NULL;

  self = bg_document_new_for_model (model, file);
  set_watch (self, watch);
  return self;
}

BgModel *
bg_document_get_model (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->model;
}

GFile *
bg_document_get_file (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->file;
}

gboolean
bg_document_get_modified (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), FALSE);

  return self->modified;
}

gboolean
bg_document_is_pristine (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), FALSE);

  return self->file == NULL &&
         !self->modified &&
         !bg_model_can_undo (self->model) &&
         bg_model_get_elements (self->model)->len == 0;
}

BgCausality *
bg_document_get_causality (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->causality;
}

BgModel *
bg_document_get_flat_model (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->flat;
}

BgCausality *
bg_document_get_flat_causality (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->flat_causality;
}

BgFlatMap *
bg_document_get_flat_map (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  return self->flat_map;
}

char *
bg_document_dup_title (BgDocument *self)
{
  const char *name;

  g_return_val_if_fail (BG_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    {
      g_autoptr(GFileInfo) info = NULL;

      info = g_file_query_info (self->file,
                                G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                                G_FILE_QUERY_INFO_NONE, NULL, NULL);
      if (info != NULL)
        return g_strdup (g_file_info_get_display_name (info));

      return g_file_get_basename (self->file);
    }

  name = bg_model_get_name (self->model);
  if (name != NULL && name[0] != '\0')
    return g_strdup (name);

  return g_strdup (_("Untitled model"));
}

void
bg_document_mark_unsaved (BgDocument *self)
{
  g_return_if_fail (BG_IS_DOCUMENT (self));

  /* revisions only grow from the model's current one: never equal */
  self->saved_revision = G_MAXUINT64;
  bg_document_update_modified (self);
}

gboolean
bg_document_save (BgDocument  *self,
                  GFile       *file,
                  GError     **error)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);
  g_return_val_if_fail (file != NULL || self->file != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (file == NULL)
    file = self->file;

  if (!bg_file_save (self->model, file, error))
    return FALSE;

  self->saved_revision = bg_model_get_revision (self->model);
  self->saved_view_revision = bg_model_get_view_revision (self->model);

  if (self->file == NULL || !g_file_equal (self->file, file))
    {
      g_autoptr(BgDiskWatch) watch = bg_disk_watch_new (file);

      g_set_object (&self->file, file);
      set_watch (self, watch);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  else
    bg_disk_watch_record (self->watch);

  bg_document_update_modified (self);

  return TRUE;
}

gboolean
bg_document_changed_on_disk (BgDocument *self)
{
  g_return_val_if_fail (BG_IS_DOCUMENT (self), FALSE);

  return self->watch != NULL && bg_disk_watch_has_changed (self->watch);
}
