/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-draw.c — the drawings of bgmod-cli-draw: the plots of simulate,
 * of a sweep and of bode (the render command is bg-cli-render.c).
 *
 * In the layout: app/, linked into bgmod-cli-draw only (with the Cairo
 * renderers of ui/render/); bgmod-cli links bg-cli-draw-elsewhere.c
 * instead and hands a command that draws over to this program.
 *
 * Owns: the plot files (1000 × 700, PNG, SVG or PDF by the name's suffix),
 * the feedback sheets of `render --exercise` and `grade --render`, and the
 * answer that this program draws itself. Must not: compute anything (the
 * callers pass plans, results, responses and grades), or print.
 */
#include "config.h"

#include "bg-bode-plot.h"
#include "bg-cli.h"
#include "bg-export.h"
#include "bg-feedback-sheet.h"
#include "bg-plot-renderer.h"

#define PLOT_WIDTH 1000
#define PLOT_HEIGHT 700

void
bg_cli_set_command_line (char **argv)
{
}

gboolean
bg_cli_draw_elsewhere (const char *command,
                       int        *exit_code)
{
  return FALSE;
}

static gboolean
write_file (BgPlotRenderer *renderer,
            const char     *path,
            GError        **error)
{
  BgExportFormat format = BG_EXPORT_PNG;

  bg_export_format_for_path (path, FALSE, &format);
  if (format == BG_EXPORT_SVG_PX)
    return bg_plot_renderer_write_svg (renderer, path, PLOT_WIDTH, PLOT_HEIGHT, 1.0, error);
  if (format == BG_EXPORT_PDF_PX)
    return bg_plot_renderer_write_pdf (renderer, path, PLOT_WIDTH, PLOT_HEIGHT, 1.0, error);
  return bg_plot_renderer_write_png (renderer, path, PLOT_WIDTH, PLOT_HEIGHT, 1.0, error);
}

gboolean
bg_cli_write_simulation_plot (BgPlan            *plan,
                              BgResult          *result,
                              GArray            *vars,
                              const BgSimReport *report,
                              const char        *path,
                              GError           **error)
{
  g_autoptr (BgPlotRenderer) renderer = bg_plot_renderer_new ();

  /* The traces read the result's columns where the run stored them. */
  for (guint i = 0; i < vars->len; i++)
    {
      guint v = g_array_index (vars, guint, i);

      if (v != 0)
        bg_plot_renderer_add_result_trace (renderer, NULL, NULL, result, v);
    }
  for (guint i = 0; i < bg_plan_get_n_switch_times (plan); i++)
    bg_plot_renderer_add_marker (renderer, bg_plan_get_switch_time (plan, i), NULL,
                                 BG_PLOT_MARKER_STEP);
  if (report->status == BG_SIM_STATUS_EVENT)
    bg_plot_renderer_add_marker (renderer, report->t, report->element_id, BG_PLOT_MARKER_EVENT);
  return write_file (renderer, path, error);
}

gboolean
bg_cli_write_sweep_plot (BgSweep    *sweep,
                         GArray     *vars,
                         GArray     *runs,
                         const char *path,
                         GError    **error)
{
  g_autoptr (BgPlotRenderer) renderer = bg_plot_renderer_new ();

  /* Each run's traces read its own result's columns in place. */
  for (guint i = 0; i < vars->len; i++)
    {
      guint v = g_array_index (vars, guint, i);
      if (v == 0)
        continue;
      for (guint k = 0; k < runs->len; k++)
        {
          guint r = g_array_index (runs, guint, k);
          BgResult *res = bg_sweep_get_result (sweep, r);
          g_autofree char *label = bg_cli_sweep_run_label (sweep, r);
          g_autofree char *name = g_strdup_printf ("%s [%s]", bg_result_get_var_name (res, v), label);

          bg_plot_renderer_add_result_trace (renderer, name, NULL, res, v);
        }
    }
  return write_file (renderer, path, error);
}

gboolean
bg_cli_write_compare_plot (BgResult   *const  results[2],
                           GArray     *const  columns[2],
                           const char *const  labels[2],
                           const char        *path,
                           GError           **error)
{
  g_autoptr (BgPlotRenderer) renderer = bg_plot_renderer_new ();

  /* A variable's two traces side by side, each read from its own run. */
  for (guint i = 0; i < columns[0]->len; i++)
    for (guint s = 0; s < 2; s++)
      {
        guint v = g_array_index (columns[s], guint, i);
        g_autofree char *name = NULL;

        if (v == 0)
          continue;
        name = g_strdup_printf ("%s [%s]", bg_result_get_var_name (results[s], v), labels[s]);
        bg_plot_renderer_add_result_trace (renderer, name, NULL, results[s], v);
      }
  return write_file (renderer, path, error);
}

gboolean
bg_cli_write_bode_plot (const BgBode *bode,
                        const char   *path,
                        GError      **error)
{
  g_autoptr (BgBodePlot) plot = bg_bode_plot_new ();

  bg_bode_plot_set_response (plot, bode);
  return write_file (bg_bode_plot_get_renderer (plot), path, error);
}

gboolean
bg_cli_write_feedback_sheet (const char    *file,
                             BgModel       *document,
                             BgFlatMap     *map,
                             const BgGrade *grade,
                             double         presentation_scale,
                             const char    *path,
                             GError       **error)
{
  /* the badges on the bonds drawn: the top level's, by their own ids */
  g_autoptr (BgGrade) marks = map != NULL ? bg_grade_project (grade, document, "", map) : NULL;
  BgFeedbackSheet sheet = {
    .file = file,
    .model = document,
    .grade = grade,
    .marks = marks != NULL ? marks : grade,
    .presentation_scale = presentation_scale,
  };

  return bg_feedback_sheet_write (&sheet, path, error);
}
