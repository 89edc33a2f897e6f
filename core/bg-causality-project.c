/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-project.c — the analysis of a flat graph, seen from one
 * level of the model it was flattened from.
 *
 * Owns: bg_causality_project(): the strokes of a level's bonds (through
 * the flat map, turned round where the flat bond runs the other way), and
 * its diagnostics and algebraic groups with their ids brought to the
 * level: an element inside an instance is named by that instance, a bond
 * inside it too; what lies outside the level is left out of the ids (the
 * message keeps its full paths). Must not: analyse again.
 */
#include "config.h"

#include <string.h>

#include "bg-causality-private.h"
#include "bg-model-flatten.h"

typedef struct
{
  const char *prefix;
  gsize       prefix_len;
  GHashTable *bond_of_flat; /* flat bond id → level bond id */
} Level;

/* The level id a flat element path stands for: "T2.C" at "" → "T2";
 * "T2.C" at "T2." → "C"; NULL outside the level. */
static char *
level_element (const Level *level,
               const char  *path)
{
  const char *rest, *dot;

  if (strncmp (path, level->prefix, level->prefix_len) != 0)
    return NULL;
  rest = path + level->prefix_len;
  dot = strchr (rest, '.');
  return dot != NULL ? g_strndup (rest, (gsize) (dot - rest)) : g_strdup (rest);
}

static void
add_unique (GPtrArray  *ids,
            char       *id)
{
  if (id == NULL)
    return;
  for (guint i = 0; i < ids->len; i++)
    if (strcmp (g_ptr_array_index (ids, i), id) == 0)
      {
        g_free (id);
        return;
      }
  g_ptr_array_add (ids, id);
}

/* Elements and bonds of one diagnostic or group, at the level. */
static void
project_ids (const Level *level,
             GStrv        elements,
             GStrv        bonds,
             GStrv       *out_elements,
             GStrv       *out_bonds)
{
  GPtrArray *els = g_ptr_array_new ();
  GPtrArray *bds = g_ptr_array_new ();

  for (guint i = 0; elements[i] != NULL; i++)
    add_unique (els, level_element (level, elements[i]));
  for (guint i = 0; bonds[i] != NULL; i++)
    {
      const char *own = g_hash_table_lookup (level->bond_of_flat, bonds[i]);

      if (own != NULL)
        add_unique (bds, g_strdup (own));
      else
        {
          /* A bond inside an instance: name the instance. */
          g_autofree char *el = level_element (level, bonds[i]);

          if (el != NULL && strchr (bonds[i] + level->prefix_len, '.') != NULL)
            add_unique (els, g_steal_pointer (&el));
        }
    }
  g_ptr_array_add (els, NULL);
  g_ptr_array_add (bds, NULL);
  *out_elements = (GStrv) g_ptr_array_free (els, FALSE);
  *out_bonds = (GStrv) g_ptr_array_free (bds, FALSE);
}

static void
copy_diagnostics (const Level     *level,
                  const GPtrArray *from,
                  GPtrArray       *to)
{
  for (guint i = 0; i < from->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (from, i);
      BgDiagnostic *copy = g_new0 (BgDiagnostic, 1);

      copy->code = g_strdup (d->code);
      copy->message = g_strdup (d->message);
      project_ids (level, d->elements, d->bonds, &copy->elements, &copy->bonds);
      g_ptr_array_add (to, copy);
    }
}

BgCausality *
bg_causality_project (const BgCausality *flat,
                      BgModel           *model,
                      const char        *prefix,
                      BgFlatMap         *map)
{
  GPtrArray *bonds;
  BgCausality *self;
  Level level;
  gsize block_size = 0;
  char *p;

  g_return_val_if_fail (flat != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  level.prefix = prefix != NULL ? prefix : "";
  level.prefix_len = strlen (level.prefix);
  level.bond_of_flat = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  bonds = bg_model_get_bonds (model);
  self = _bg_causality_new ();
  self->revision = bg_model_get_revision (model);
  self->n_bonds = bonds->len;
  self->strokes = g_new0 (BgStroke, MAX (bonds->len, 1));
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);
      g_autofree char *path = g_strconcat (level.prefix, bond->id, NULL);
      gboolean same = TRUE;
      const char *flat_id = bg_flat_map_bond (map, path, &same);
      BgStroke s = bg_causality_lookup_stroke (flat, flat_id);

      if (!same && s != BG_STROKE_NONE)
        s = s == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
      self->strokes[b] = s;
      g_hash_table_insert (level.bond_of_flat, g_strdup (flat_id), bond->id);
      block_size += strlen (bond->id) + 1;
    }
  self->bond_ids = g_new (char *, bonds->len + 1);
  self->bond_id_block = p = g_malloc (MAX (block_size, 1));
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);

      self->bond_ids[b] = p;
      p = g_stpcpy (p, bond->id) + 1;
    }
  self->bond_ids[bonds->len] = NULL;

  for (guint i = 0; i < flat->states->len; i++)
    g_ptr_array_add (self->states, g_strdup (g_ptr_array_index (flat->states, i)));
  copy_diagnostics (&level, flat->errors, self->errors);
  copy_diagnostics (&level, flat->warnings, self->warnings);
  for (guint i = 0; i < flat->groups->len; i++)
    {
      const BgAlgebraicGroup *g = g_ptr_array_index (flat->groups, i);
      BgAlgebraicGroup *copy = g_new0 (BgAlgebraicGroup, 1);

      project_ids (&level, g->elements, g->bonds, &copy->elements, &copy->bonds);
      g_ptr_array_add (self->groups, copy);
    }
  _bg_causality_index_diagnostics (self);
  g_hash_table_unref (level.bond_of_flat);
  return self;
}
