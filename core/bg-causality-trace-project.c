/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-trace-project.c — the SCAP trace of a flat graph, seen
 * from one level of the model with components it was flattened from.
 *
 * Owns: bg_causality_trace_project() (the same steps on the level's
 * bonds, their strokes turned round where a level bond runs against its
 * flat bond, their ids brought to the level, so the canvas draws a step
 * inside an instance on the instance's box above it and on the inner
 * bond inside it) and bg_causality_trace_dup_step_level() (the level a
 * step belongs to, which Explain Causality steps into). Must not: analyse
 * again, or change a sentence (they name full paths, "T2.C").
 */
#include "config.h"

#include <string.h>

#include "bg-causality-trace-private.h"
#include "bg-level-private.h"

BgCausalityTrace *
bg_causality_trace_project (const BgCausalityTrace *flat,
                            BgModel                *model,
                            const char             *prefix,
                            BgFlatMap              *map)
{
  GPtrArray *bonds;
  BgTraceRecorder *rec;
  BgLevelIndex level;
  guint n;

  g_return_val_if_fail (flat != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  _bg_level_index_init (&level, model, prefix, map);
  bonds = bg_model_get_bonds (model);
  rec = _bg_trace_recorder_new ((BgBond **) bonds->pdata, bonds->len);
  n = bg_causality_trace_get_n_steps (flat);
  for (guint k = 0; k < n; k++)
    {
      const BgTraceStep *step = bg_causality_trace_get_step (flat, k);
      guint bond = step->bond != NULL ? _bg_level_bond (&level, step->bond) : G_MAXUINT;
      g_auto(GStrv) elements = NULL;
      g_auto(GStrv) ids = NULL;
      g_autofree char *element = _bg_level_element (&level, step->element);
      BgStroke stroke = step->stroke;

      if (bond != G_MAXUINT)
        stroke = _bg_level_turn (stroke, level.same[bond]);
      _bg_level_project_ids (&level, step->elements, step->bonds, &elements, &ids);
      _bg_trace_recorder_copy_step (rec, step, bond != G_MAXUINT ? (int) bond : -1, stroke,
                                    element != NULL ? element : "",
                                    (const char *const *) elements, (const char *const *) ids);
    }
  _bg_level_index_clear (&level);
  return _bg_trace_recorder_finish (rec);
}

char *
bg_causality_trace_dup_step_level (const BgCausalityTrace *flat,
                                   guint                   step)
{
  const BgTraceStep *s;
  const char *path, *dot;

  g_return_val_if_fail (flat != NULL, NULL);
  g_return_val_if_fail (step < bg_causality_trace_get_n_steps (flat), NULL);

  s = bg_causality_trace_get_step (flat, step);
  path = !s->conflict && s->bond != NULL ? s->bond
       : s->elements[0] != NULL ? s->elements[0] : s->element;
  dot = strrchr (path, '.');
  return dot != NULL ? g_strndup (path, (gsize) (dot - path + 1)) : g_strdup ("");
}
