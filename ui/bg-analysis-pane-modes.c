/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis-pane-modes.c — the analysis pane's eigenvalue page.
 *
 * Owns: the "Poles" page for teaching: the eigenvalues of the document's
 * model linearized at t = 0 (the numbers `bgmod-cli linearize` prints), as
 * a table (real and imaginary part, natural frequency in Hz and rad/s,
 * damping ratio, time constant) beside the pole map (ui/render/
 * bg-pole-map.h) drawn in the theme's colours; the pole under the pointer
 * highlighted on the map and in the table with its values in the status
 * line; recomputing after each edit while the page is shown (once when it
 * is shown again otherwise); the map's PNG and SVG export.
 * Must not: edit the model, or compute on the main thread more than one
 * linearization per edit (dense models up to 2 000 states).
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-analysis-pane-private.h"
#include "bg-linearize.h"
#include "bg-mode-text.h"
#include "bg-modes.h"
#include "bg-theme.h"
#include "bg-units.h"

#define EXPORT_WIDTH 1000
#define EXPORT_HEIGHT 800
/* The natural heights the Poles page asks for: the table up to about a
 * dozen rows, the s-plane as tall as a readable Bode sub-plot. */
#define MODES_TABLE_MAX_HEIGHT 320
#define MODES_MAP_HEIGHT 240
/* Rows of the table: the slowest modes first; a larger model's others are
 * on the map. */
#define MAX_ROWS 200
#define N_COLUMNS 7
#define HEADER_ROWS 2   /* the titles, their units */

/* The map, in the theme's colours and the widget's font. */
static void
modes_draw_cb (GtkDrawingArea *area,
               cairo_t        *cr,
               int             width,
               int             height,
               gpointer        data)
{
  BgAnalysisPane *self = data;
  GdkRGBA fg, bg;
  PangoContext *context = gtk_widget_get_pango_context (GTK_WIDGET (area));

  bg_theme_get_fg (GTK_WIDGET (area), &fg);
  if (!bg_theme_get_view_bg (GTK_WIDGET (area), &bg))
    bg = (GdkRGBA) { 1, 1, 1, 1 };
  bg_pole_map_set_colors (self->pole_map, &(BgPlotColor) { fg.red, fg.green, fg.blue, 1.0 },
                          &(BgPlotColor) { bg.red, bg.green, bg.blue, 1.0 });
  bg_pole_map_set_font (self->pole_map, pango_context_get_font_description (context));
  bg_pole_map_render (self->pole_map, cr, width, height);
}

/* The table ---------------------------------------------------------------- */

static GtkWidget *
cell (const char *text,
      gboolean    header)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, header ? "heading" : "numeric");
  gtk_widget_add_css_class (label, "modes-cell");
  return label;
}

static void
clear_table (BgAnalysisPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->modes_grid))) != NULL)
    gtk_grid_remove (self->modes_grid, child);
}

static void
fill_table (BgAnalysisPane *self)
{
  /* the symbols of the columns (real and imaginary part, natural frequency
   * twice, damping ratio, time constant), and their units below them */
  const char *titles[N_COLUMNS] = { "#", "Re λ", "Im λ", "f", "ω", "ζ", "τ" };
  /* the units under them, in the user's symbols (core/bg-units.c) */
  static const char *const si_units[N_COLUMNS] = { "", "1/s", "rad/s", "Hz", "rad/s", "", "s" };
  g_autofree char *units[N_COLUMNS] = { NULL };
  guint n = bg_pole_map_get_n_poles (self->pole_map);
  double max = bg_pole_map_get_max_magnitude (self->pole_map);

  for (guint c = 0; c < N_COLUMNS; c++)
    units[c] = bg_units_localize (si_units[c]);
  clear_table (self);
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkWidget *unit = cell (units[c], FALSE);

      gtk_widget_add_css_class (unit, "dim-label");
      gtk_grid_attach (self->modes_grid, cell (titles[c], TRUE), c, 0, 1, 1);
      gtk_grid_attach (self->modes_grid, unit, c, 1, 1, 1);
    }
  for (guint i = 0; i < n && i < MAX_ROWS; i++)
    {
      BgModeText text;
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      const char *values[N_COLUMNS];

      bg_mode_text_init (&text, bg_pole_map_get_mode (self->pole_map, i), max);
      values[0] = number;
      values[1] = text.re;
      values[2] = text.im;
      values[3] = text.hz;
      values[4] = text.rad_s;
      values[5] = text.damping;
      values[6] = text.tau;
      for (guint c = 0; c < N_COLUMNS; c++)
        {
          GtkWidget *label = cell (values[c], FALSE);

          if (c == 0)
            gtk_widget_add_css_class (label, "dim-label");
          if (bg_mode_is_unstable (bg_pole_map_get_mode (self->pole_map, i), max))
            gtk_widget_add_css_class (label, "modes-unstable");
          gtk_grid_attach (self->modes_grid, label, c, i + HEADER_ROWS, 1, 1);
        }
      bg_mode_text_clear (&text);
    }
}

/* The row of pole @index marked as the map's highlight (-1: none). */
static void
mark_row (BgAnalysisPane *self,
          int             index)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    for (guint r = 0; r < MIN (bg_pole_map_get_n_poles (self->pole_map), MAX_ROWS); r++)
      {
        GtkWidget *label = gtk_grid_get_child_at (self->modes_grid, c, r + HEADER_ROWS);

        if (label == NULL)
          continue;
        if ((int) r == index)
          gtk_widget_add_css_class (label, "modes-highlight");
        else
          gtk_widget_remove_css_class (label, "modes-highlight");
      }
}

/* Computing ------------------------------------------------------------------ */

static void place_divider (BgAnalysisPane *self);

static void
default_status (BgAnalysisPane          *self,
                const BgLinearization   *lin)
{
  guint n = bg_pole_map_get_n_poles (self->pole_map);
  g_autofree char *text = NULL;

  if (n == 0)
    text = g_strdup (_("The model has no states: no eigenvalues"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%u eigenvalue of A at t = 0 (%s) · point at a pole to read it",
                                         "%u eigenvalues of A at t = 0 (%s) · point at a pole to read it",
                                         n),
                            n, bg_linearization_is_exact (lin)
                               ? _("exact: the model is linear")
                               : _("central differences: the model is nonlinear"));
  g_free (self->modes_summary);
  self->modes_summary = g_strdup (text);
  gtk_label_set_label (self->modes_status, text);
}

static void
compute_modes (BgAnalysisPane *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (GArray) modes = NULL;
  const char *outputs[2] = { NULL, NULL };

  self->modes_stale = FALSE;
  plan = _bg_analysis_pane_compile (self, &error);
  if (plan != NULL && bg_plan_get_n_vars (plan) > 1)
    outputs[0] = bg_plan_get_var_name (plan, 1);
  if (plan != NULL)
    lin = bg_linearize (plan, NULL, 0, outputs[0] != NULL ? outputs : NULL, &error);
  if (lin != NULL)
    modes = bg_modes_compute (lin, &error);
  bg_pole_map_set_modes (self->pole_map, modes);
  fill_table (self);
  place_divider (self);
  if (modes == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("No eigenvalues: %s"), error->message);

      g_free (self->modes_summary);
      self->modes_summary = g_strdup (text);
      gtk_label_set_label (self->modes_status, text);
    }
  else
    default_status (self, lin);
  gtk_widget_queue_draw (self->modes_area);
  _bg_analysis_pane_actions_update (self);
}

static gboolean
modes_shown (BgAnalysisPane *self)
{
  return gtk_widget_get_mapped (GTK_WIDGET (self))
         && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "modes") == 0;
}

static gboolean
modes_idle_cb (gpointer data)
{
  BgAnalysisPane *self = data;

  self->modes_idle = 0;
  if (modes_shown (self))
    compute_modes (self);
  return G_SOURCE_REMOVE;
}

void
_bg_analysis_pane_modes_changed (BgAnalysisPane *self)
{
  self->modes_stale = TRUE;
  /* one computation per burst of edits (a drag moves an element many
   * times), after the document has analysed the last one */
  if (modes_shown (self) && self->modes_idle == 0)
    self->modes_idle = g_idle_add (modes_idle_cb, self);
}

void
_bg_analysis_pane_modes_shown (BgAnalysisPane *self)
{
  if (modes_shown (self) && self->modes_stale)
    compute_modes (self);
}

void
_bg_analysis_pane_modes_update_now (BgAnalysisPane *self)
{
  g_clear_handle_id (&self->modes_idle, g_source_remove);
  compute_modes (self);
}

/* The pointer ---------------------------------------------------------------- */

static void
highlight (BgAnalysisPane *self,
           int             index)
{
  if (index == bg_pole_map_get_highlight (self->pole_map))
    return;
  bg_pole_map_set_highlight (self->pole_map, index);
  mark_row (self, index);
  if (index >= 0)
    {
      g_autofree char *text = bg_mode_dup_readout (bg_pole_map_get_mode (self->pole_map, index),
                                                   bg_pole_map_get_max_magnitude (self->pole_map));
      g_autofree char *line = g_strdup_printf ("%u: %s", index + 1, text);

      gtk_label_set_label (self->modes_status, line);
    }
  else if (self->modes_summary != NULL)
    gtk_label_set_label (self->modes_status, self->modes_summary);
  gtk_widget_queue_draw (self->modes_area);
}

static void
modes_motion_cb (GtkEventControllerMotion *motion,
                 double                    x,
                 double                    y,
                 BgAnalysisPane           *self)
{
  highlight (self, bg_pole_map_pick (self->pole_map, x, y));
}

static void
modes_leave_cb (GtkEventControllerMotion *motion,
                BgAnalysisPane           *self)
{
  highlight (self, -1);
}

/* Export ---------------------------------------------------------------------- */

gboolean
_bg_analysis_pane_modes_export (BgAnalysisPane *self,
                                const char     *path,
                                GError        **error)
{
  int shown = bg_pole_map_get_highlight (self->pole_map);
  gboolean ok;

  /* an export is on white, as the plots', without the pointer's ring */
  bg_pole_map_set_colors (self->pole_map, &(BgPlotColor) { 0, 0, 0, 1 },
                          &(BgPlotColor) { 1, 1, 1, 1 });
  bg_pole_map_set_font (self->pole_map, NULL);
  bg_pole_map_set_highlight (self->pole_map, -1);
  if (g_str_has_suffix (path, ".svg"))
    ok = bg_pole_map_write_svg (self->pole_map, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
  else if (g_str_has_suffix (path, ".pdf"))
    ok = bg_pole_map_write_pdf (self->pole_map, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
  else
    ok = bg_pole_map_write_png (self->pole_map, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
  bg_pole_map_set_highlight (self->pole_map, shown);
  gtk_widget_queue_draw (self->modes_area);
  return ok;
}

/* The page -------------------------------------------------------------------- */

/* The table as wide as its numbers, the map the rest (at least its minimum
 * width); again when the table is refilled, unless the divider was moved
 * by hand. */
static void
place_divider (BgAnalysisPane *self)
{
  int max = 0, natural = 0, position;

  g_object_get (self->modes_paned, "max-position", &max, NULL);
  /* G_MAXINT until the paned has its width */
  if (max <= 0 || max == G_MAXINT || (self->modes_divider >= 0
                   && gtk_paned_get_position (self->modes_paned) != self->modes_divider))
    return;
  gtk_widget_measure (GTK_WIDGET (self->modes_grid), GTK_ORIENTATION_HORIZONTAL, -1,
                      NULL, &natural, NULL, NULL);
  /* room for a vertical scrollbar */
  position = MIN (natural + 16, max);
  self->modes_divider = position;
  gtk_paned_set_position (self->modes_paned, position);
}

static void
paned_max_position_cb (GtkPaned       *paned,
                       GParamSpec     *pspec,
                       BgAnalysisPane *self)
{
  place_divider (self);
}

GtkWidget *
_bg_analysis_pane_build_modes_page (BgAnalysisPane *self)
{
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->modes_paned = GTK_PANED (paned);
  self->modes_divider = -1;
  self->pole_map = bg_pole_map_new ();
  self->modes_stale = TRUE;

  self->modes_grid = GTK_GRID (gtk_grid_new ());
  /* the cells' padding spaces them, so a marked row is one band */
  gtk_grid_set_column_spacing (self->modes_grid, 0);
  gtk_grid_set_row_spacing (self->modes_grid, 0);
  gtk_widget_set_margin_end (GTK_WIDGET (self->modes_grid), 8);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->modes_grid),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Eigenvalues"), -1);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  /* the page asks for the table's rows (a dozen at most), so the window
   * gives the Poles page room for them and a readable s-plane instead of a
   * band 25 px high with the last pole scrolled away */
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), MODES_TABLE_MAX_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->modes_grid));
  gtk_paned_set_start_child (GTK_PANED (paned), scroller);
  gtk_paned_set_resize_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), TRUE);
  g_signal_connect (paned, "notify::max-position", G_CALLBACK (paned_max_position_cb), self);

  self->modes_area = _bg_analysis_pane_plot_area (self, modes_draw_cb);
  gtk_widget_set_size_request (self->modes_area, 200, 120);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->modes_area), MODES_MAP_HEIGHT);
  g_signal_connect (motion, "motion", G_CALLBACK (modes_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (modes_leave_cb), self);
  gtk_widget_add_controller (self->modes_area, motion);
  gtk_paned_set_end_child (GTK_PANED (paned), self->modes_area);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (page), paned);

  self->modes_status =
    _bg_analysis_pane_add_status (page,
                                  _("Eigenvalues of the model linearized at t = 0, with their frequencies and damping"));
  fill_table (self);
  return page;
}

void
_bg_analysis_pane_modes_finalize (BgAnalysisPane *self)
{
  g_clear_handle_id (&self->modes_idle, g_source_remove);
  g_clear_pointer (&self->pole_map, bg_pole_map_free);
  g_clear_pointer (&self->modes_summary, g_free);
}
