/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-library.c — the user's component library (see
 * bg-component-library.h).
 *
 * Owns: the folders, the entries (one component file each, read by
 * bg-file-component.c into a model of the entry's own), listing, embedding
 * a definition into a document and saving one as a file. Must not: parse
 * or lay out JSON itself (bg-file*.c do), touch GTK, or edit a model other
 * than through bg_model_insert_definition.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-component-library.h"
#include "bg-definition.h"
#include "bg-file.h"

#define COMPONENT_SUFFIX ".bgmod"

G_DEFINE_QUARK (bg-component-library-error-quark, bg_component_library_error)

/* Folders and names -------------------------------------------------------- */

char *
bg_component_library_dup_user_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "bgmod", "components", NULL);
}

GStrv
bg_component_library_dup_folders (const char *datadir)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  g_autofree char *user = bg_component_library_dup_user_folder ();
  GStrv folders;

  g_strv_builder_add (builder, user);
  if (datadir != NULL)
    {
      g_autofree char *installed = g_build_filename (datadir, "components", NULL);

      g_strv_builder_add (builder, installed);
    }
  folders = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return folders;
}

char *
bg_component_library_name_for_file (GFile   *file,
                                    GError **error)
{
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  base = g_file_get_basename (file);
  if (base == NULL || !g_str_has_suffix (base, COMPONENT_SUFFIX))
    {
      g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,
                   _("A component file's name ends in .bgmod"));
      return NULL;
    }
  name = g_strndup (base, strlen (base) - strlen (COMPONENT_SUFFIX));
  if (!bg_id_is_valid (name))
    {
      g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,
                   _("\"%s\" is not a valid component name (use letters, digits and _, "
                     "not starting with a digit)"), name);
      return NULL;
    }
  if (bg_library_is_type (name))
    {
      g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,
                   _("\"%s\" is a library type; give the component another name"), name);
      return NULL;
    }
  return g_steal_pointer (&name);
}

/* Entries ------------------------------------------------------------------ */

struct _BgComponentEntry
{
  GObject             parent_instance;

  char               *name;
  GFile              *file;
  BgModel            *model; /* the file's definitions, the component last */
  const BgDefinition *def;
};

G_DEFINE_FINAL_TYPE (BgComponentEntry, bg_component_entry, G_TYPE_OBJECT)

static void
bg_component_entry_finalize (GObject *object)
{
  BgComponentEntry *self = BG_COMPONENT_ENTRY (object);

  g_free (self->name);
  g_clear_object (&self->file);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (bg_component_entry_parent_class)->finalize (object);
}

static void
bg_component_entry_class_init (BgComponentEntryClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = bg_component_entry_finalize;
}

static void
bg_component_entry_init (BgComponentEntry *self)
{
}

BgComponentEntry *
bg_component_entry_new_for_file (GFile   *file,
                                 GError **error)
{
  g_autofree char *name = NULL;
  BgComponentEntry *self;
  BgModel *model;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Whether the name can name a component the reader says, after
   * whether the file is one. */
  name = g_file_get_basename (file);
  if (name == NULL || !g_str_has_suffix (name, COMPONENT_SUFFIX))
    {
      g_autofree char *shown = g_file_get_parse_name (file);

      g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,
                   "%s: %s", shown, _("A component file's name ends in .bgmod"));
      return NULL;
    }
  name[strlen (name) - strlen (COMPONENT_SUFFIX)] = '\0';
  model = bg_file_load_component (file, name, error);
  if (model == NULL)
    return NULL;

  self = g_object_new (BG_TYPE_COMPONENT_ENTRY, NULL);
  self->name = g_steal_pointer (&name);
  self->file = g_object_ref (file);
  self->model = model;
  self->def = bg_model_find_definition (model, self->name);
  g_assert (self->def != NULL);
  return self;
}

const char *
bg_component_entry_get_name (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), NULL);

  return self->name;
}

const char *
bg_component_entry_get_label (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), NULL);

  return self->def->label != NULL && *self->def->label != '\0' ? self->def->label : self->name;
}

const char *
bg_component_entry_get_description (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), NULL);

  return self->def->description;
}

GFile *
bg_component_entry_get_file (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), NULL);

  return self->file;
}

guint
bg_component_entry_get_domains (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), 0);

  return self->def->spec->palette_domains;
}

const BgDefinition *
bg_component_entry_get_definition (BgComponentEntry *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_ENTRY (self), NULL);

  return self->def;
}

/* Listing ------------------------------------------------------------------ */

static gint
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  BgComponentEntry *x = *(BgComponentEntry *const *) a;
  BgComponentEntry *y = *(BgComponentEntry *const *) b;

  return strcmp (x->name, y->name);
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The *.bgmod files of folder, sorted, so problems come in a fixed order. */
static GPtrArray *
list_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && g_str_has_suffix (name, COMPONENT_SUFFIX))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  return names;
}

GPtrArray *
bg_component_library_list (const char *const *folders,
                           GPtrArray         *problems)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint f = 0; folders != NULL && folders[f] != NULL; f++)
    {
      g_autoptr(GPtrArray) names = list_folder (folders[f]);

      for (guint i = 0; i < names->len; i++)
        {
          const char *base = g_ptr_array_index (names, i);
          g_autofree char *name = g_strndup (base, strlen (base) - strlen (COMPONENT_SUFFIX));
          g_autofree char *path = NULL;
          g_autoptr(GFile) file = NULL;
          g_autoptr(GError) error = NULL;
          BgComponentEntry *entry;

          if (g_hash_table_contains (seen, name))
            continue;
          path = g_build_filename (folders[f], base, NULL);
          file = g_file_new_for_path (path);
          entry = bg_component_entry_new_for_file (file, &error);
          if (entry == NULL)
            {
              if (problems != NULL)
                g_ptr_array_add (problems, g_strdup (error->message));
              continue;
            }
          g_hash_table_add (seen, g_steal_pointer (&name));
          g_ptr_array_add (entries, entry);
        }
    }
  g_ptr_array_sort (entries, compare_entries);
  return entries;
}

/* Embedding ---------------------------------------------------------------- */

static gboolean
same_definition (const BgDefinition *a,
                 const BgDefinition *b)
{
  g_autofree char *text_a = bg_file_definition_to_data (a);
  g_autofree char *text_b = bg_file_definition_to_data (b);

  return strcmp (text_a, text_b) == 0;
}

const BgDefinition *
bg_component_library_embed (BgModel            *model,
                            const BgDefinition *def,
                            GError            **error)
{
  g_autoptr(GPtrArray) wanted = NULL;
  g_autoptr(GPtrArray) missing = g_ptr_array_new ();
  g_autofree char *label = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (!bg_model_is_body (model), NULL);
  g_return_val_if_fail (def != NULL, NULL);

  if (bg_model_find_definition (model, def->name) == def)
    return def;

  /* Check everything first: nothing is added unless all of it can be. */
  wanted = bg_file_dup_used_definitions (def);
  g_ptr_array_add (wanted, (gpointer) def);
  for (guint i = 0; i < wanted->len; i++)
    {
      const BgDefinition *d = g_ptr_array_index (wanted, i);
      const BgDefinition *there = bg_model_find_definition (model, d->name);

      if (there == NULL)
        g_ptr_array_add (missing, (gpointer) d);
      else if (!same_definition (there, d))
        {
          if (d == def)
            g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH,
                         _("The model already has a different component named “%s”; "
                           "to use both, rename the library's file %s.bgmod"),
                         d->name, d->name);
          else
            g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_NAME_CLASH,
                         _("The model already has a different component named “%s”, "
                           "which %s uses inside; one model cannot hold both"),
                         d->name, def->name);
          return NULL;
        }
    }
  if (bg_model_get_definitions (model)->len + missing->len > BG_DEFINITION_MAX_COUNT)
    {
      g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_LIMIT,
                   _("A model holds at most %u component definitions"),
                   (guint) BG_DEFINITION_MAX_COUNT);
      return NULL;
    }

  if (missing->len == 0)
    return bg_model_find_definition (model, def->name);

  label = g_strdup_printf (_("Add component %s"), def->name);
  bg_model_begin_group (model, label);
  for (guint i = 0; i < missing->len; i++)
    {
      const BgDefinition *d = g_ptr_array_index (missing, i);
      BgDefinition *copy = bg_file_copy_definition (d, model, error);

      /* A definition that loaded once loads again, with the ones it uses
       * already added: nothing to refuse here. */
      if (copy == NULL || !bg_model_insert_definition (model, copy, error))
        {
          g_critical ("copying component %s: %s", d->name,
                      error != NULL && *error != NULL ? (*error)->message : "");
          bg_model_end_group (model);
          return NULL;
        }
    }
  bg_model_end_group (model);
  return bg_model_find_definition (model, def->name);
}

/* Saving ------------------------------------------------------------------- */

gboolean
bg_component_library_save (const BgDefinition *def,
                           GFile              *file,
                           GError            **error)
{
  g_autofree char *name = NULL;
  g_autoptr(GPtrArray) used = NULL;

  g_return_val_if_fail (def != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  name = bg_component_library_name_for_file (file, error);
  if (name == NULL)
    return FALSE;
  used = bg_file_dup_used_definitions (def);
  for (guint i = 0; i < used->len; i++)
    if (strcmp (((const BgDefinition *) used->pdata[i])->name, name) == 0)
      {
        g_set_error (error, BG_COMPONENT_LIBRARY_ERROR, BG_COMPONENT_LIBRARY_ERROR_BAD_NAME,
                     _("“%s” is a component that %s uses inside; save it under another name"),
                     name, def->name);
        return FALSE;
      }
  return bg_file_save_component (def, file, error);
}
