/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-level-private.h — one level of a model with components, as the
 * results of its flat graph are seen from it.
 *
 * Owns: the index of a level (the model shown, its path prefix "" or
 * "T2.", the flat map): which flat bond each of its bonds is, and which
 * way it runs; the level id a flat element path stands for ("T2.C" at ""
 * is the instance "T2", at "T2." the element "C"). Must not: hold a
 * reference to the model or the map beyond the index's life, or analyse.
 * Included by: core/bg-causality-project.c, core/bg-causality-trace-project.c,
 * core/bg-causality-check.c.
 */
#pragma once

#include "bg-model.h"
#include "bg-model-flatten.h"

G_BEGIN_DECLS

typedef struct
{
  const char *prefix;
  gsize       prefix_len;
  GPtrArray  *bonds;         /* the level's BgBond*, borrowed */
  char      **flat_ids;      /* per level bond: the flat bond it is */
  gboolean   *same;          /* per level bond: runs as the flat bond */
  GHashTable *bond_of_flat;  /* flat bond id → level bond index + 1 */
} BgLevelIndex;

void      _bg_level_index_init    (BgLevelIndex *index,
                                   BgModel      *model,
                                   const char   *prefix,
                                   BgFlatMap    *map);
void      _bg_level_index_clear   (BgLevelIndex *index);
/* The level id a flat element path stands for, newly allocated; NULL
 * outside the level. */
char     *_bg_level_element       (const BgLevelIndex *index,
                                   const char         *path);
/* The level bond a flat bond is (G_MAXUINT if none). */
guint     _bg_level_bond          (const BgLevelIndex *index,
                                   const char         *flat_id);
/* Elements and bonds of flat ids brought to the level (NULL-terminated,
 * newly allocated): a bond inside an instance names the instance among
 * the elements; what lies outside the level is left out. */
void      _bg_level_project_ids   (const BgLevelIndex *index,
                                   const char *const  *elements,
                                   const char *const  *bonds,
                                   GStrv              *out_elements,
                                   GStrv              *out_bonds);

static inline BgStroke
_bg_level_turn (BgStroke stroke,
                gboolean same)
{
  if (same || stroke == BG_STROKE_NONE)
    return stroke;
  return stroke == BG_STROKE_AT_TO ? BG_STROKE_AT_FROM : BG_STROKE_AT_TO;
}

G_END_DECLS
