/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-var-list.c — variable names, units and descriptions, compactly.
 *
 * Owns: the string pool (names and the distinct texts), the texts (unit and
 * description pairs, one entry per distinct pair), each variable's name and
 * text, the descriptions built on demand (under a lock) and the index by
 * name. Must not: change after bg_var_list_seal, except for the cache of
 * built descriptions.
 */
#include "config.h"

#include <string.h>

#include "bg-name-index.h"
#include "bg-ref-count-private.h"
#include "bg-var-list.h"

#define POOL_BLOCK (64 * 1024)
#define TEXT_CACHE 64   /* a power of two */

typedef struct
{
  const char *unit;         /* in the pool */
  const char *description;  /* in the pool */
  gboolean    names_id;     /* holds BG_VAR_LIST_ID */
} Text;

struct _BgVarList
{
  gatomicrefcount ref_count;
  GStringChunk   *pool;
  GPtrArray      *names;      /* char *, into pool */
  GArray         *text_of;    /* guint32 per variable, into texts */
  GArray         *texts;      /* Text */
  GHashTable     *text_index; /* "unit\x1edescription" -> index + 1, until sealed */
  guint32         recent[TEXT_CACHE]; /* index + 1 of a text, by its strings' addresses */
  BgNameIndex    *index;      /* once sealed */

  GMutex          lock;       /* guards described */
  GHashTable     *described;  /* variable -> built description */
};

BgVarList *
bg_var_list_new (guint reserve)
{
  BgVarList *self = g_new0 (BgVarList, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->pool = g_string_chunk_new (POOL_BLOCK);
  self->names = g_ptr_array_sized_new (reserve);
  self->text_of = g_array_sized_new (FALSE, FALSE, sizeof (guint32), reserve);
  self->texts = g_array_new (FALSE, FALSE, sizeof (Text));
  self->text_index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_mutex_init (&self->lock);
  return self;
}

static void
var_list_free (BgVarList *self)
{
  g_clear_pointer (&self->index, bg_name_index_unref);
  g_clear_pointer (&self->text_index, g_hash_table_unref);
  g_clear_pointer (&self->described, g_hash_table_unref);
  g_ptr_array_unref (self->names);
  g_array_unref (self->text_of);
  g_array_unref (self->texts);
  g_string_chunk_free (self->pool);
  g_mutex_clear (&self->lock);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgVarList, bg_var_list, var_list_free)

/* The text of a unit and description: callers pass the same few strings
 * over and over (a spec's static texts), so a small cache by address comes
 * first; a hit is confirmed by content, so a freed and reused address is
 * harmless. */
static guint32
intern_text (BgVarList  *self,
             const char *unit,
             const char *description)
{
  guint slot = (guint) (((guintptr) unit >> 3) * 31 + ((guintptr) description >> 3)) & (TEXT_CACHE - 1);
  g_autofree char *key = NULL;
  gpointer found;
  Text text;

  if (self->recent[slot] != 0)
    {
      const Text *t = &g_array_index (self->texts, Text, self->recent[slot] - 1);
      if (strcmp (t->unit, unit) == 0 && strcmp (t->description, description) == 0)
        return self->recent[slot] - 1;
    }
  key = g_strconcat (unit, "\x1e", description, NULL);
  found = g_hash_table_lookup (self->text_index, key);
  if (found == NULL)
    {
      text.unit = g_string_chunk_insert_const (self->pool, unit);
      text.description = g_string_chunk_insert_const (self->pool, description);
      text.names_id = strstr (description, BG_VAR_LIST_ID) != NULL;
      g_array_append_val (self->texts, text);
      found = GUINT_TO_POINTER (self->texts->len);
      g_hash_table_insert (self->text_index, g_steal_pointer (&key), found);
    }
  self->recent[slot] = GPOINTER_TO_UINT (found);
  return GPOINTER_TO_UINT (found) - 1;
}

guint
bg_var_list_add (BgVarList  *self,
                 const char *name,
                 const char *unit,
                 const char *description)
{
  guint32 text;

  g_return_val_if_fail (self != NULL && name != NULL, 0);
  g_return_val_if_fail (self->index == NULL, 0);

  text = intern_text (self, unit != NULL ? unit : "", description != NULL ? description : "");
  g_ptr_array_add (self->names, g_string_chunk_insert (self->pool, name));
  g_array_append_val (self->text_of, text);
  return self->names->len - 1;
}

void
bg_var_list_seal (BgVarList *self)
{
  g_return_if_fail (self != NULL);
  if (self->index != NULL)
    return;
  g_clear_pointer (&self->text_index, g_hash_table_unref);
  /* The index borrows the pointer array: it never grows again. */
  self->index = bg_name_index_new ((const char *const *) self->names->pdata, self->names->len);
}

guint
bg_var_list_get_n (const BgVarList *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->names->len;
}

const char *
bg_var_list_get_name (const BgVarList *self,
                      guint            var)
{
  g_return_val_if_fail (self != NULL && var < bg_var_list_get_n (self), NULL);
  return g_ptr_array_index (self->names, var);
}

static const Text *
text_of (const BgVarList *self,
         guint            var)
{
  return &g_array_index (self->texts, Text, g_array_index (self->text_of, guint32, var));
}

const char *
bg_var_list_get_unit (const BgVarList *self,
                      guint            var)
{
  g_return_val_if_fail (self != NULL && var < bg_var_list_get_n (self), NULL);
  return text_of (self, var)->unit;
}

const char *
bg_var_list_get_description (BgVarList *self,
                             guint      var)
{
  const Text *text;
  const char *name, *dot, *mark;
  char *built;

  g_return_val_if_fail (self != NULL && var < bg_var_list_get_n (self), NULL);

  text = text_of (self, var);
  if (!text->names_id)
    return text->description;

  g_mutex_lock (&self->lock);
  if (self->described == NULL)
    self->described = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  built = g_hash_table_lookup (self->described, GUINT_TO_POINTER (var));
  if (built == NULL)
    {
      name = g_ptr_array_index (self->names, var);
      dot = strchr (name, '.');
      mark = strstr (text->description, BG_VAR_LIST_ID);
      built = g_strdup_printf ("%.*s%.*s%s",
                               (int) (mark - text->description), text->description,
                               (int) (dot != NULL ? dot - name : (gssize) strlen (name)), name,
                               mark + strlen (BG_VAR_LIST_ID));
      g_hash_table_insert (self->described, GUINT_TO_POINTER (var), built);
    }
  g_mutex_unlock (&self->lock);
  return built;
}

int
bg_var_list_lookup (const BgVarList *self,
                    const char      *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  g_return_val_if_fail (self->index != NULL, -1);
  return bg_name_index_lookup (self->index, name);
}
