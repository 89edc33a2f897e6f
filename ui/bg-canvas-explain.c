/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-explain.c — the canvas's explain mode: the causal strokes of a
 * SCAP trace drawn up to one step.
 *
 * Owns: which trace and step the canvas shows, the ids that step highlights
 * (the current element and bond strongly, the elements and bonds of the
 * steps it follows from softly, every conflict found so far and its chain in
 * red), and
 * drawing them around the pure-Cairo renderer, which draws the graph
 * without the analysis's strokes meanwhile. Must not: analyse causality,
 * choose the step (the explain bar does), or edit the model. A trace made
 * from another revision of the model draws nothing here: the canvas then
 * shows the analysis as usual.
 */
#include "config.h"

#include "bg-canvas-private.h"

/* The bond underlay widths (model units at presentation scale 1). */
#define CURRENT_BOND_WIDTH  10.0
#define CONTEXT_BOND_WIDTH   8.0

gboolean
_bg_canvas_explaining (BgCanvas *self)
{
  return self->explain_trace != NULL && self->model != NULL &&
         self->explain_revision == bg_model_get_revision (self->model);
}

void
bg_canvas_set_explain_step (BgCanvas         *self,
                            BgCausalityTrace *trace,
                            guint             step)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (trace != NULL)
    {
      guint n = bg_causality_trace_get_n_steps (trace);

      bg_causality_trace_ref (trace);
      step = n == 0 ? 0 : MIN (step, n - 1);
    }
  else
    step = 0;
  g_clear_pointer (&self->explain_trace, bg_causality_trace_unref);
  self->explain_trace = trace;
  self->explain_step = step;
  self->explain_revision = self->model != NULL ? bg_model_get_revision (self->model) : 0;
  _bg_canvas_reveal_explain_step (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgCausalityTrace *
bg_canvas_get_explain_trace (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->explain_trace;
}

guint
bg_canvas_get_explain_step (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 0);

  return self->explain_step;
}

static const BgTraceStep *
current_step (BgCanvas *self)
{
  if (!_bg_canvas_explaining (self) ||
      bg_causality_trace_get_n_steps (self->explain_trace) == 0)
    return NULL;
  return bg_causality_trace_get_step (self->explain_trace, self->explain_step);
}

/* Pans the current step's elements and bonds into view (the fitted view
 * of a large graph shows only its middle). */
void
_bg_canvas_reveal_explain_step (BgCanvas *self)
{
  const BgTraceStep *step = current_step (self);
  g_autoptr(GPtrArray) ids = NULL;

  if (step == NULL)
    return;
  ids = g_ptr_array_new ();
  for (guint i = 0; step->elements != NULL && step->elements[i] != NULL; i++)
    g_ptr_array_add (ids, (gpointer) step->elements[i]);
  for (guint i = 0; step->bonds != NULL && step->bonds[i] != NULL; i++)
    g_ptr_array_add (ids, (gpointer) step->bonds[i]);
  g_ptr_array_add (ids, NULL);
  bg_canvas_reveal_ids (self, (const char *const *) ids->pdata);
}

static void
add_ids (GHashTable        *set,
         const char *const *ids)
{
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    g_hash_table_add (set, (gpointer) ids[i]);
}

static void
add_step_ids (GHashTable        *set,
              const BgTraceStep *step)
{
  add_ids (set, step->elements);
  add_ids (set, step->bonds);
}

/* The ids of one highlight at the current step; a set of borrowed strings.
 * Soft ones leave out the current step's own; every conflict found so far
 * stays red, with the steps of its chain. */
static GHashTable *
highlight_set (BgCanvas                 *self,
               BgCanvasExplainHighlight  which)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);
  const BgTraceStep *step = current_step (self);

  if (step == NULL)
    return set;
  switch (which)
    {
    case BG_CANVAS_EXPLAIN_CURRENT:
      add_step_ids (set, step);
      break;
    case BG_CANVAS_EXPLAIN_CONTEXT:
      for (guint i = 0; i < step->n_after; i++)
        add_step_ids (set, bg_causality_trace_get_step (self->explain_trace, step->after[i]));
      for (guint i = 0; step->elements[i] != NULL; i++)
        g_hash_table_remove (set, step->elements[i]);
      for (guint i = 0; step->bonds[i] != NULL; i++)
        g_hash_table_remove (set, step->bonds[i]);
      break;
    case BG_CANVAS_EXPLAIN_CONFLICT:
      for (guint k = 0; k <= self->explain_step; k++)
        {
          const BgTraceStep *s = bg_causality_trace_get_step (self->explain_trace, k);

          if (!s->conflict)
            continue;
          add_step_ids (set, s);
          for (guint i = 0; i < s->n_after; i++)
            add_step_ids (set, bg_causality_trace_get_step (self->explain_trace, s->after[i]));
        }
      break;
    default:
      g_assert_not_reached ();
    }
  return set;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

GStrv
bg_canvas_dup_explain_ids (BgCanvas                 *self,
                           BgCanvasExplainHighlight  which)
{
  g_autoptr(GHashTable) set = NULL;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  set = highlight_set (self, which);
  g_hash_table_iter_init (&iter, set);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, g_strdup (key));
  g_ptr_array_sort (ids, compare_strings);
  g_ptr_array_add (ids, NULL);
  return (GStrv) g_ptr_array_steal (ids, NULL);
}

BgStroke
_bg_canvas_explain_stroke (BgCanvas *self,
                           guint     bond_index)
{
  if (bond_index >= bg_causality_trace_get_n_bonds (self->explain_trace))
    return BG_STROKE_NONE;
  return bg_causality_trace_get_stroke_at (self->explain_trace, bond_index,
                                           self->explain_step);
}

static void
set_color (cairo_t            *cr,
           const BgGraphColor *c,
           double              alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* Element boxes and bond underlays of one set, in model units. */
static void
draw_set (BgCanvas           *self,
          cairo_t            *cr,
          GHashTable         *set,
          const BgGraphColor *color,
          double              fill_alpha,
          double              bond_width)
{
  GPtrArray *elements = bg_model_get_elements (self->model);
  GPtrArray *bonds = bg_model_get_bonds (self->model);
  double scale = self->presentation_scale;
  BgGraphView view;

  _bg_canvas_fill_view (self, &view);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, bond_width * scale);
  set_color (cr, color, fill_alpha * 1.4);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      BgPoint from, to;

      if (!g_hash_table_contains (set, bond->id) ||
          !bg_graph_renderer_bond_ends (self->renderer, bond, &view, &from, &to))
        continue;
      cairo_move_to (cr, from.x, from.y);
      cairo_line_to (cr, to.x, to.y);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      BgElementShape shape;
      double pad = 5 * _bg_canvas_label_scale (self);

      if (!g_hash_table_contains (set, e->id))
        continue;
      _bg_canvas_element_shape (self, e, &shape);
      cairo_rectangle (cr, shape.box.x - pad, shape.box.y - pad,
                       shape.box.width + 2 * pad, shape.box.height + 2 * pad);
      set_color (cr, color, fill_alpha);
      cairo_fill_preserve (cr);
      set_color (cr, color, 0.9);
      cairo_set_line_width (cr, 2 * scale);
      cairo_stroke (cr);
    }
}

/* Under the graph: the conflicts found so far and their chains in the
 * error colour, the steps the current one follows from softly, then the
 * current step's element and bond. */
void
_bg_canvas_draw_explain_under (BgCanvas *self,
                               cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  const BgTraceStep *step = current_step (self);
  g_autoptr(GHashTable) conflict = NULL;
  g_autoptr(GHashTable) context = NULL;
  g_autoptr(GHashTable) current = NULL;

  if (step == NULL)
    return;
  conflict = highlight_set (self, BG_CANVAS_EXPLAIN_CONFLICT);
  context = highlight_set (self, BG_CANVAS_EXPLAIN_CONTEXT);
  current = highlight_set (self, BG_CANVAS_EXPLAIN_CURRENT);
  cairo_save (cr);
  cairo_translate (cr, self->offset_x, self->offset_y);
  cairo_scale (cr, self->zoom, self->zoom);
  draw_set (self, cr, conflict, &style->error, 0.16, CONTEXT_BOND_WIDTH);
  draw_set (self, cr, context, step->conflict ? &style->error : &style->selection,
            0.10, CONTEXT_BOND_WIDTH);
  draw_set (self, cr, current, step->conflict ? &style->error : &style->selection,
            0.28, CURRENT_BOND_WIDTH);
  cairo_restore (cr);
}

/* Over the graph: the strokes placed so far; the current step's stroke in
 * the accent colour and thicker; the bonds of the conflicts found so far
 * dashed in red. */
void
_bg_canvas_draw_explain_over (BgCanvas *self,
                              cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  const BgTraceStep *step = current_step (self);
  GPtrArray *bonds = bg_model_get_bonds (self->model);
  double scale = self->presentation_scale;
  /* the renderer's half-arrow grows with the labels */
  double barb = BG_GEOMETRY_BARB_LENGTH * _bg_canvas_label_scale (self);
  g_autoptr(GHashTable) conflict_steps = g_hash_table_new (g_str_hash, g_str_equal);
  BgGraphView view;

  if (step == NULL)
    return;
  for (guint k = 0; k <= self->explain_step; k++)
    {
      const BgTraceStep *s = bg_causality_trace_get_step (self->explain_trace, k);

      if (s->conflict)
        add_ids (conflict_steps, s->bonds);
    }
  _bg_canvas_fill_view (self, &view);
  cairo_save (cr);
  cairo_translate (cr, self->offset_x, self->offset_y);
  cairo_scale (cr, self->zoom, self->zoom);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      BgStroke stroke = _bg_canvas_explain_stroke (self, i);
      gboolean now = !step->conflict && step->bond_index == i;
      BgPoint from, to, s1, s2;

      if (!bg_graph_renderer_bond_ends (self->renderer, bond, &view, &from, &to))
        continue;
      if (g_hash_table_contains (conflict_steps, bond->id))
        {
          double dash[] = { 6 * scale, 3 * scale };

          set_color (cr, &style->error, 1.0);
          cairo_set_line_width (cr, 2.4 * scale);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_move_to (cr, from.x, from.y);
          cairo_line_to (cr, to.x, to.y);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
      if (stroke == BG_STROKE_NONE)
        continue;
      if (stroke == BG_STROKE_AT_TO)
        bg_geometry_causal_stroke (from, to, barb * (now ? 1.6 : 1.3), &s1, &s2);
      else
        bg_geometry_causal_stroke (to, from, barb * (now ? 1.6 : 1.3), &s1, &s2);
      set_color (cr, now ? &style->selection : &style->fg, 1.0);
      cairo_set_line_width (cr, (now ? 3.6 : 1.8) * scale);
      cairo_move_to (cr, s1.x, s1.y);
      cairo_line_to (cr, s2.x, s2.y);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
