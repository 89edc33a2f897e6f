/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer-ghosts.c — the faint traces of earlier runs.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the ghosts (traces of an earlier run's result, each under one of
 * the renderer's traces) and their groups (one per earlier run: legend
 * label, strength, emphasis), their share of auto-fit, drawing them under
 * the traces, and the legend entries of their groups. Must not: copy,
 * free or modify samples; lay out the legend (bg-plot-renderer-layout.c
 * places the entries this file names).
 */
#include "config.h"

#include "bg-plot-renderer.h"
#include "bg-plot-renderer-private.h"

#include <math.h>

#define DEFAULT_STRENGTH 0.35

static void
ghost_free (gpointer data)
{
  Ghost *ghost = data;

  _bg_plot_renderer_trace_free (ghost->trace);
  g_free (ghost);
}

static void
ghost_group_clear (gpointer data)
{
  GhostGroup *group = data;

  g_clear_pointer (&group->label, g_free);
}

void
_bg_plot_renderer_ghosts_init (BgPlotRenderer *self)
{
  self->ghosts = g_ptr_array_new_with_free_func (ghost_free);
  self->ghost_groups = g_array_new (FALSE, TRUE, sizeof (GhostGroup));
  g_array_set_clear_func (self->ghost_groups, ghost_group_clear);
}

void
_bg_plot_renderer_ghosts_finalize (BgPlotRenderer *self)
{
  g_clear_pointer (&self->ghosts, g_ptr_array_unref);
  g_clear_pointer (&self->ghost_groups, g_array_unref);
}

static GhostGroup *
get_group (BgPlotRenderer *self,
           guint           group)
{
  while (self->ghost_groups->len <= group)
    {
      GhostGroup g = { NULL, DEFAULT_STRENGTH, FALSE };

      g_array_append_val (self->ghost_groups, g);
    }
  return &g_array_index (self->ghost_groups, GhostGroup, group);
}

/* Whether group @group has a ghost in sub-plot @index. */
static gboolean
group_in_subplot (BgPlotRenderer *self,
                  guint           group,
                  guint           index)
{
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      Ghost *ghost = g_ptr_array_index (self->ghosts, i);

      if (ghost->group == group && ghost->trace->subplot == index)
        return TRUE;
    }
  return FALSE;
}

void
_bg_plot_renderer_ghosts_resolve (BgPlotRenderer *self)
{
  if (self->ghosts == NULL)
    return;
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      Ghost *ghost = g_ptr_array_index (self->ghosts, i);
      Trace *of = g_ptr_array_index (self->traces, ghost->of);

      ghost->trace->subplot = of->subplot;
      ghost->trace->color_index = of->color_index;
    }
  for (guint k = 0; k < self->subplots->len; k++)
    {
      Subplot *sp = g_ptr_array_index (self->subplots, k);

      sp->n_ghost_entries = 0;
      for (guint g = 0; g < self->ghost_groups->len; g++)
        {
          const GhostGroup *group = &g_array_index (self->ghost_groups, GhostGroup, g);

          if (group->label != NULL && group_in_subplot (self, g, k))
            sp->n_ghost_entries++;
        }
    }
  self->have_layout = FALSE;
}

/* ---- the public calls --------------------------------------------------- */

guint
bg_plot_renderer_add_ghost (BgPlotRenderer *self,
                            guint           of,
                            guint           group,
                            BgResult       *result,
                            guint           var)
{
  Ghost *ghost;

  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);
  g_return_val_if_fail (of < self->traces->len, 0);
  g_return_val_if_fail (result != NULL, 0);
  g_return_val_if_fail (var < bg_result_get_n_vars (result), 0);

  ghost = g_new0 (Ghost, 1);
  ghost->of = of;
  ghost->group = group;
  ghost->trace = _bg_plot_renderer_trace_new ();
  ghost->trace->result = bg_result_ref (result);
  ghost->trace->var = var;
  ghost->trace->name = g_strdup (bg_result_get_var_name (result, var));
  ghost->trace->unit = g_strdup (bg_result_get_var_unit (result, var));
  _bg_plot_renderer_trace_set_spans (ghost->trace, NULL, NULL, G_MAXSIZE);
  get_group (self, group);
  g_ptr_array_add (self->ghosts, ghost);
  _bg_plot_renderer_ghosts_resolve (self);
  return self->ghosts->len - 1;
}

void
bg_plot_renderer_set_ghost_rows (BgPlotRenderer *self,
                                 guint           index,
                                 gsize           n_rows)
{
  Ghost *ghost;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));
  g_return_if_fail (index < self->ghosts->len);

  ghost = g_ptr_array_index (self->ghosts, index);
  if (n_rows < ghost->trace->n)
    ghost->trace->range_valid = FALSE;
  _bg_plot_renderer_trace_set_spans (ghost->trace, NULL, NULL, n_rows);
}

void
bg_plot_renderer_set_ghost_group (BgPlotRenderer *self,
                                  guint           group,
                                  const char     *label,
                                  double          strength,
                                  gboolean        emphasized)
{
  GhostGroup *g;

  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  g = get_group (self, group);
  g_free (g->label);
  g->label = label != NULL && *label != '\0' ? g_strdup (label) : NULL;
  g->strength = isfinite (strength) ? CLAMP (strength, 0.0, 1.0) : DEFAULT_STRENGTH;
  g->emphasized = !!emphasized;
  _bg_plot_renderer_ghosts_resolve (self);
}

void
bg_plot_renderer_clear_ghosts (BgPlotRenderer *self)
{
  g_return_if_fail (BG_IS_PLOT_RENDERER (self));

  g_ptr_array_set_size (self->ghosts, 0);
  g_array_set_size (self->ghost_groups, 0);
  _bg_plot_renderer_ghosts_resolve (self);
}

guint
bg_plot_renderer_get_n_ghosts (BgPlotRenderer *self)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), 0);

  return self->ghosts->len;
}

const char *
bg_plot_renderer_get_ghost_label (BgPlotRenderer *self,
                                  guint           group)
{
  g_return_val_if_fail (BG_IS_PLOT_RENDERER (self), NULL);

  if (group >= self->ghost_groups->len)
    return NULL;
  return g_array_index (self->ghost_groups, GhostGroup, group).label;
}

/* ---- auto-fit ----------------------------------------------------------- */

void
_bg_plot_renderer_ghosts_time_span (BgPlotRenderer *self,
                                    double         *lo,
                                    double         *hi)
{
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      Trace *tr = ((Ghost *) g_ptr_array_index (self->ghosts, i))->trace;
      size_t a = 0, b = tr->n;

      while (a < b && !isfinite (_bg_plot_renderer_trace_t (tr, a)))
        a++;
      while (b > a && !isfinite (_bg_plot_renderer_trace_t (tr, b - 1)))
        b--;
      if (a < b)
        {
          *lo = MIN (*lo, _bg_plot_renderer_trace_t (tr, a));
          *hi = MAX (*hi, _bg_plot_renderer_trace_t (tr, b - 1));
        }
    }
}

void
_bg_plot_renderer_ghosts_value_range (BgPlotRenderer *self,
                                      guint           index,
                                      double          t0,
                                      double          t1,
                                      double         *lo,
                                      double         *hi)
{
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      Trace *tr = ((Ghost *) g_ptr_array_index (self->ghosts, i))->trace;
      double a, b;

      if (tr->subplot == index && tr->n > 0 &&
          _bg_plot_renderer_trace_value_range (tr, t0, t1, &a, &b))
        {
          *lo = MIN (*lo, a);
          *hi = MAX (*hi, b);
        }
    }
}

/* ---- drawing ------------------------------------------------------------ */

void
_bg_plot_renderer_draw_ghosts (BgPlotRenderer *self,
                               Ctx            *c,
                               guint           index)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  cairo_t *cr = c->cr;
  double   lw = 1.5 * c->lw;

  if (self->ghosts->len == 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, sp->x, sp->y - lw, sp->w, sp->h + 2.0 * lw);
  cairo_clip (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < self->ghosts->len; i++)
    {
      Ghost *ghost = g_ptr_array_index (self->ghosts, i);
      const GhostGroup *group = &g_array_index (self->ghost_groups, GhostGroup, ghost->group);
      BgPlotColor color;

      if (ghost->trace->subplot != index || ghost->trace->n == 0)
        continue;
      bg_plot_renderer_get_trace_color (self, ghost->of, &color);
      /* thinner than the traces, in their colour at the group's strength */
      cairo_set_line_width (cr, group->emphasized ? lw : c->lw);
      _bg_plot_renderer_set_source (cr, &color, group->emphasized ? 0.9 : group->strength);
      _bg_plot_renderer_draw_trace (self, c, ghost->trace, sp);
    }
  cairo_restore (cr);
}

const char *
_bg_plot_renderer_ghost_entry (BgPlotRenderer *self,
                               guint           index,
                               guint           k,
                               BgPlotColor    *color,
                               double         *strength)
{
  Subplot *sp = g_ptr_array_index (self->subplots, index);
  guint seen = 0;

  for (guint g = 0; g < self->ghost_groups->len; g++)
    {
      const GhostGroup *group = &g_array_index (self->ghost_groups, GhostGroup, g);

      if (group->label == NULL || !group_in_subplot (self, g, index))
        continue;
      if (seen++ != k)
        continue;
      if (color != NULL)
        {
          /* the colour of the sub-plot's one trace, else the text's */
          if (sp->n_traces == 1)
            for (guint i = 0; i < self->traces->len; i++)
              {
                Trace *tr = g_ptr_array_index (self->traces, i);

                if (tr->subplot == index)
                  bg_plot_renderer_get_trace_color (self, i, color);
              }
          else
            *color = self->fg;
        }
      if (strength != NULL)
        *strength = group->emphasized ? 0.9 : group->strength;
      return group->label;
    }
  g_return_val_if_reached ("");
}
