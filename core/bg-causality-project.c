/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-project.c — the analysis of a flat graph, seen from one
 * level of the model it was flattened from.
 *
 * Owns: bg_causality_project(): the strokes of a level's bonds (through
 * the flat map, turned round where the flat bond runs the other way), and
 * its diagnostics and algebraic groups with their ids brought to the
 * level: an element inside an instance is named by that instance, a bond
 * inside it too; what lies outside the level is left out of the ids (the
 * message keeps its full paths); and the level's index the other
 * projections share (bg-level-private.h). Must not: analyse again.
 */
#include "config.h"

#include <string.h>

#include "bg-causality-private.h"
#include "bg-model-flatten.h"
#include "bg-level-private.h"

/* The level's index ------------------------------------------------------- */

void
_bg_level_index_init (BgLevelIndex *index,
                      BgModel      *model,
                      const char   *prefix,
                      BgFlatMap    *map)
{
  index->prefix = prefix != NULL ? prefix : "";
  index->prefix_len = strlen (index->prefix);
  index->bonds = bg_model_get_bonds (model);
  index->flat_ids = g_new0 (char *, index->bonds->len + 1);
  index->same = g_new0 (gboolean, MAX (index->bonds->len, 1));
  index->bond_of_flat = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint b = 0; b < index->bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (index->bonds, b);
      g_autofree char *path = g_strconcat (index->prefix, bond->id, NULL);

      index->same[b] = TRUE;
      index->flat_ids[b] = g_strdup (bg_flat_map_bond (map, path, &index->same[b]));
      g_hash_table_insert (index->bond_of_flat, index->flat_ids[b], GUINT_TO_POINTER (b + 1));
    }
}

void
_bg_level_index_clear (BgLevelIndex *index)
{
  g_clear_pointer (&index->bond_of_flat, g_hash_table_unref);
  g_clear_pointer (&index->flat_ids, g_strfreev);
  g_clear_pointer (&index->same, g_free);
}

char *
_bg_level_element (const BgLevelIndex *index,
                   const char         *path)
{
  const char *rest, *dot;

  if (strncmp (path, index->prefix, index->prefix_len) != 0)
    return NULL;
  rest = path + index->prefix_len;
  dot = strchr (rest, '.');
  return dot != NULL ? g_strndup (rest, (gsize) (dot - rest)) : g_strdup (rest);
}

guint
_bg_level_bond (const BgLevelIndex *index,
                const char         *flat_id)
{
  guint b = GPOINTER_TO_UINT (g_hash_table_lookup (index->bond_of_flat, flat_id));

  return b > 0 ? b - 1 : G_MAXUINT;
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

void
_bg_level_project_ids (const BgLevelIndex *index,
                       const char *const  *elements,
                       const char *const  *bonds,
                       GStrv              *out_elements,
                       GStrv              *out_bonds)
{
  GPtrArray *els = g_ptr_array_new ();
  GPtrArray *bds = g_ptr_array_new ();

  for (guint i = 0; elements != NULL && elements[i] != NULL; i++)
    add_unique (els, _bg_level_element (index, elements[i]));
  for (guint i = 0; bonds != NULL && bonds[i] != NULL; i++)
    {
      guint own = _bg_level_bond (index, bonds[i]);

      if (own != G_MAXUINT)
        add_unique (bds, g_strdup (((BgBond *) g_ptr_array_index (index->bonds, own))->id));
      else
        {
          /* A bond inside an instance: name the instance. */
          g_autofree char *el = _bg_level_element (index, bonds[i]);

          if (el != NULL && strchr (bonds[i] + index->prefix_len, '.') != NULL)
            add_unique (els, g_steal_pointer (&el));
        }
    }
  g_ptr_array_add (els, NULL);
  g_ptr_array_add (bds, NULL);
  *out_elements = (GStrv) g_ptr_array_free (els, FALSE);
  *out_bonds = (GStrv) g_ptr_array_free (bds, FALSE);
}

/* The analysis at the level ----------------------------------------------- */

static void
copy_diagnostics (const BgLevelIndex *level,
                  const GPtrArray *from,
                  GPtrArray       *to)
{
  for (guint i = 0; i < from->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (from, i);
      BgDiagnostic *copy = g_new0 (BgDiagnostic, 1);

      copy->code = g_strdup (d->code);
      copy->message = g_strdup (d->message);
      _bg_level_project_ids (level, (const char *const *) d->elements,
                             (const char *const *) d->bonds, &copy->elements, &copy->bonds);
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
  BgLevelIndex level;
  gsize block_size = 0;
  char *p;

  g_return_val_if_fail (flat != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  _bg_level_index_init (&level, model, prefix, map);
  bonds = bg_model_get_bonds (model);
  self = _bg_causality_new ();
  self->revision = bg_model_get_revision (model);
  self->n_bonds = bonds->len;
  self->strokes = g_new0 (BgStroke, MAX (bonds->len, 1));
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);

      self->strokes[b] = _bg_level_turn (bg_causality_lookup_stroke (flat, level.flat_ids[b]),
                                         level.same[b]);
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

      _bg_level_project_ids (&level, (const char *const *) g->elements,
                             (const char *const *) g->bonds, &copy->elements, &copy->bonds);
      g_ptr_array_add (self->groups, copy);
    }
  _bg_causality_index_diagnostics (self);
  _bg_level_index_clear (&level);
  return self;
}
