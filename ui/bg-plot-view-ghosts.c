/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-view-ghosts.c — the earlier runs the plot widget shows faintly.
 *
 * Owns: the earlier runs set on the view (result, legend label, CSV
 * suffix, strength, emphasis), their faint traces in the renderer (one
 * under each trace of the run whose name the earlier result has, the
 * column derived first when that run did not record it), and their CSV
 * columns at the run's times. Must not: choose which runs are shown or
 * what their labels say (the plot pane does), run anything, or touch a
 * model.
 */
#include "config.h"

#include <math.h>

#include "bg-plot-view-private.h"

static void
ghost_run_clear (gpointer data)
{
  GhostRun *run = data;

  g_clear_pointer (&run->result, bg_result_unref);
  g_clear_pointer (&run->label, g_free);
  g_clear_pointer (&run->csv_suffix, g_free);
}

void
_bg_plot_view_ghosts_init (BgPlotView *self)
{
  self->ghost_runs = g_array_new (FALSE, TRUE, sizeof (GhostRun));
  g_array_set_clear_func (self->ghost_runs, ghost_run_clear);
}

void
_bg_plot_view_rebuild_ghosts (BgPlotView *self)
{
  bg_plot_renderer_clear_ghosts (self->renderer);
  for (guint g = 0; g < self->ghost_runs->len; g++)
    {
      GhostRun *run = &g_array_index (self->ghost_runs, GhostRun, g);

      bg_plot_renderer_set_ghost_group (self->renderer, g, run->label, run->strength,
                                        run->emphasized);
      for (guint i = 0; i < self->traces->len; i++)
        {
          Trace *trace = g_ptr_array_index (self->traces, i);
          int var = bg_result_lookup (run->result, trace->name);
          guint v;

          if (var <= 0)
            continue;
          v = (guint) var;
          /* a finished result: derived once, here */
          bg_result_derive (run->result, &v, 1, NULL);
          bg_plot_renderer_add_ghost (self->renderer, i, g, run->result, v);
        }
    }
  /* legend entries change the minimum height */
  _bg_plot_view_queue_resize (self);
}

void
bg_plot_view_set_ghosts (BgPlotView            *self,
                         const BgPlotViewGhost *ghosts,
                         guint                  n_ghosts)
{
  g_return_if_fail (BG_IS_PLOT_VIEW (self));
  g_return_if_fail (n_ghosts == 0 || ghosts != NULL);

  g_array_set_size (self->ghost_runs, 0);
  for (guint i = 0; i < n_ghosts; i++)
    {
      GhostRun run = { 0 };

      g_return_if_fail (ghosts[i].result != NULL);
      run.result = bg_result_ref (ghosts[i].result);
      run.label = g_strdup (ghosts[i].label);
      run.csv_suffix = g_strdup (ghosts[i].csv_suffix != NULL ? ghosts[i].csv_suffix : "");
      run.strength = ghosts[i].strength;
      run.emphasized = ghosts[i].emphasized;
      g_array_append_val (self->ghost_runs, run);
    }
  _bg_plot_view_rebuild_ghosts (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
bg_plot_view_get_n_ghost_runs (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return self->ghost_runs->len;
}

guint
bg_plot_view_get_n_ghost_traces (BgPlotView *self)
{
  g_return_val_if_fail (BG_IS_PLOT_VIEW (self), 0);

  return bg_plot_renderer_get_n_ghosts (self->renderer);
}

/* CSV ------------------------------------------------------------------------ */

/* The column of trace in run, or -1. */
static int
ghost_var (GhostRun *run,
           Trace    *trace)
{
  int var = bg_result_lookup (run->result, trace->name);

  if (var <= 0 || bg_result_get_n_filled (run->result, (guint) var) == 0)
    return -1;
  return var;
}

guint
_bg_plot_view_ghosts_n_columns (BgPlotView *self)
{
  return self->ghost_runs->len * self->traces->len;
}

void
_bg_plot_view_ghosts_csv_header (BgPlotView *self,
                                 GString    *text)
{
  for (guint g = 0; g < self->ghost_runs->len; g++)
    {
      GhostRun *run = &g_array_index (self->ghost_runs, GhostRun, g);

      for (guint i = 0; i < self->traces->len; i++)
        {
          Trace *trace = g_ptr_array_index (self->traces, i);

          if (ghost_var (run, trace) < 0)
            continue;
          g_string_append_printf (text, ",%s@%s", trace->name, run->csv_suffix);
        }
    }
}

/* run's value of var at time t: its own at a row of that time, else
 * linear between the rows around it; NaN outside. *cursor: the first row
 * at or after the last t asked (times rise). */
static double
value_at (GhostRun *run,
          guint     var,
          double    t,
          gsize    *cursor)
{
  gsize n = MIN (bg_result_get_n_filled (run->result, 0), bg_result_get_n_filled (run->result, var));
  gsize r = *cursor;
  double ta, tb;

  while (r < n && bg_result_get_value (run->result, 0, r) < t)
    r++;
  *cursor = r;
  if (r == n)
    return NAN;
  tb = bg_result_get_value (run->result, 0, r);
  if (tb == t)
    return bg_result_get_value (run->result, var, r);
  if (r == 0)
    return NAN;
  ta = bg_result_get_value (run->result, 0, r - 1);
  return bg_result_get_value (run->result, var, r - 1) +
         (t - ta) / (tb - ta) *
         (bg_result_get_value (run->result, var, r) - bg_result_get_value (run->result, var, r - 1));
}

void
_bg_plot_view_ghosts_csv_row (BgPlotView *self,
                              double      t,
                              gsize      *cursors,
                              GString    *text)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint column = 0;

  for (guint g = 0; g < self->ghost_runs->len; g++)
    {
      GhostRun *run = &g_array_index (self->ghost_runs, GhostRun, g);

      for (guint i = 0; i < self->traces->len; i++, column++)
        {
          int var = ghost_var (run, g_ptr_array_index (self->traces, i));

          if (var < 0)
            continue;
          g_string_append_c (text, ',');
          g_string_append (text, g_ascii_formatd (buf, sizeof buf, "%.12g",
                                                  value_at (run, (guint) var, t, &cursors[column])));
        }
    }
}
