/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-name-index.c — an index of names by open addressing.
 *
 * Owns: the slot table (index + 1 per slot, 0 for empty; linear probing
 * from the name's g_str_hash). Must not: own or copy the names it points
 * into, or change after bg_name_index_new returns.
 */
#include "config.h"

#include <string.h>

#include "bg-name-index.h"
#include "bg-ref-count-private.h"

struct _BgNameIndex
{
  gatomicrefcount     ref_count;
  const char *const  *names;
  guint32            *slots;
  guint32             mask;   /* slots - 1; a power of two at least twice the names */
};

BgNameIndex *
bg_name_index_new (const char *const *names,
                   guint              n_names)
{
  BgNameIndex *self;
  gsize        size = 4;

  g_return_val_if_fail (names != NULL || n_names == 0, NULL);
  g_return_val_if_fail (n_names < G_MAXUINT32 / 2, NULL);

  while (size < 2 * (gsize) n_names)
    size *= 2;
  self = g_new0 (BgNameIndex, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->names = names;
  self->slots = g_new0 (guint32, size);
  self->mask = (guint32) (size - 1);
  for (guint i = 0; i < n_names; i++)
    {
      guint32 h = g_str_hash (names[i]) & self->mask;

      while (self->slots[h] != 0 && strcmp (names[self->slots[h] - 1], names[i]) != 0)
        h = (h + 1) & self->mask;
      self->slots[h] = i + 1;
    }
  return self;
}

static void
name_index_free (BgNameIndex *self)
{
  g_free (self->slots);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgNameIndex, bg_name_index, name_index_free)

int
bg_name_index_lookup (const BgNameIndex *self,
                      const char        *name)
{
  guint32 h;

  g_return_val_if_fail (self != NULL && name != NULL, -1);

  for (h = g_str_hash (name) & self->mask; self->slots[h] != 0; h = (h + 1) & self->mask)
    if (strcmp (self->names[self->slots[h] - 1], name) == 0)
      return (int) self->slots[h] - 1;
  return -1;
}
