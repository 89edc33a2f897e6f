/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis-pane.c — Bode plot, parameter sweep and eigenvalue pages.
 *
 * Owns: the widget (pages, menu, actions and their sensitivity), the
 * source and variable lists, the Bode computation (compile, linearize at
 * t = 0, range from the eigenvalues, LAPACK per frequency; synchronous,
 * dense models up to 2 000 states), drawing with the theme's colours, the
 * cursor read-out, the exports, and the control helpers the sweep page
 * (bg-analysis-pane-sweep.c) shares. Must not: edit the model.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-analysis-pane-private.h"
#include "bg-bode.h"
#include "bg-bode-plot.h"
#include "bg-compiler.h"
#include "bg-linearize.h"
#include "bg-modes.h"
#include "bg-plot-area.h"
#include "bg-plot-defaults.h"
#include "bg-si-format.h"
#include "bg-sweep.h"
#include "bg-theme.h"

#define EXPORT_WIDTH 1200
#define EXPORT_HEIGHT 800

G_DEFINE_FINAL_TYPE (BgAnalysisPane, bg_analysis_pane, GTK_TYPE_BOX)

/* Lists ---------------------------------------------------------------------- */

static void
string_list_set (GtkStringList *list, GPtrArray *items)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  g_ptr_array_add (items, NULL);
  gtk_string_list_splice (list, 0, n, (const char *const *) items->pdata);
  g_ptr_array_remove_index (items, items->len - 1);
}

const char *
_bg_analysis_pane_drop_selected (GtkDropDown *drop)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (drop);
  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

static gboolean
drop_select (GtkDropDown *drop, GtkStringList *list, const char *name)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (list));

  for (guint i = 0; i < n && name != NULL; i++)
    if (g_str_equal (gtk_string_list_get_string (list, i), name))
      {
        gtk_drop_down_set_selected (drop, i);
        return TRUE;
      }
  return FALSE;
}

BgPlan *
_bg_analysis_pane_compile (BgAnalysisPane *self, GError **error)
{
  BgModel *model;

  if (self->document == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No model"));
      return NULL;
    }
  model = bg_document_get_flat_model (self->document);
  return bg_compiler_compile (model, bg_document_get_flat_causality (self->document), NULL, error);
}

/* What the Bode output and the swept variable start from: the first
 * variable the time plot shows (saved with the file, else the usual
 * ones), never a source's own effort, which no parameter changes. */
static char *
default_variable (BgAnalysisPane *self)
{
  BgModel *model = bg_document_get_model (self->document);
  g_auto(GStrv) shown = bg_plot_defaults_dup_shown (model);
  g_auto(GStrv) usual = NULL;

  if (shown[0] != NULL)
    return g_strdup (shown[0]);
  usual = bg_plot_defaults_dup (model);
  return usual != NULL && usual[0] != NULL ? g_strdup (usual[0]) : NULL;
}

/* Sources and variables of the current model, keeping the choices. */
static void
refresh_lists (BgAnalysisPane *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgPlan) plan = _bg_analysis_pane_compile (self, &error);
  g_autoptr (GPtrArray) ins = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) outs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *in = g_strdup (_bg_analysis_pane_drop_selected (self->input_drop));
  g_autofree char *out = g_strdup (_bg_analysis_pane_drop_selected (self->output_drop));
  g_autofree char *var = g_strdup (_bg_analysis_pane_drop_selected (self->var_drop));

  if (plan != NULL)
    {
      const char *first[] = { NULL, NULL };
      g_autoptr (BgLinearization) lin = NULL;

      for (guint v = 1; v < bg_plan_get_n_vars (plan); v++)
        g_ptr_array_add (outs, g_strdup (bg_plan_get_var_name (plan, v)));
      first[0] = outs->len > 0 ? g_ptr_array_index (outs, 0) : NULL;
      if (first[0] != NULL)
        lin = bg_linearize (plan, NULL, 0, first, NULL);
      for (guint k = 0; lin != NULL && k < bg_linearization_get_n_inputs (lin); k++)
        g_ptr_array_add (ins, g_strdup (bg_linearization_get_input_name (lin, k)));
    }
  string_list_set (self->inputs, ins);
  string_list_set (self->outputs, outs);
  drop_select (self->input_drop, self->inputs, in);
  if (self->document != NULL && plan != NULL)
    {
      g_autofree char *usual = default_variable (self);

      if (!drop_select (self->output_drop, self->outputs, out) && usual != NULL)
        drop_select (self->output_drop, self->outputs, usual);
      if (!drop_select (self->var_drop, self->outputs, var) && usual != NULL)
        drop_select (self->var_drop, self->outputs, usual);
    }
  _bg_analysis_pane_actions_update (self);
}

/* Numeric parameters of the selected element, offered by their labels
 * ("Resistance", not "value"); the choice is kept by name. */
static void
refresh_params (BgAnalysisPane *self)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *chosen = g_strdup (_bg_analysis_pane_selected_param (self));
  BgElement *el = NULL;
  g_autofree char *label = NULL;

  if (self->document != NULL && self->element_id != NULL)
    el = bg_model_find_element (bg_document_get_model (self->document), self->element_id);
  for (guint i = 0; el != NULL && i < el->spec->n_params; i++)
    if (el->spec->params[i].kind == BG_PARAM_NUMBER)
      {
        g_ptr_array_add (names, g_strdup (el->spec->params[i].name));
        g_ptr_array_add (labels, g_strdup (g_dgettext (GETTEXT_PACKAGE, el->spec->params[i].label)));
      }
  g_ptr_array_add (names, NULL);
  g_strfreev (self->param_names);
  self->param_names = (GStrv) g_ptr_array_steal (names, NULL);
  string_list_set (self->params, labels);
  for (guint i = 0; chosen != NULL && self->param_names[i] != NULL; i++)
    if (g_str_equal (self->param_names[i], chosen))
      gtk_drop_down_set_selected (self->param_drop, i);
  /* its flow box child, else an empty cell keeps its spacing */
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->element_label)), el == NULL);
  gtk_label_set_label (self->element_label, _("Select an element to sweep one of its parameters"));
  /* TRANSLATORS: the label of the list of an element's parameters, %s is
   * the element's id ("R1 parameter") */
  label = el != NULL ? g_strdup_printf (_("%s _parameter"), el->id) : g_strdup (_("_Parameter"));
  gtk_label_set_text_with_mnemonic (self->param_label, label);
  _bg_analysis_pane_actions_update (self);
}

const char *
_bg_analysis_pane_selected_param (BgAnalysisPane *self)
{
  guint i = gtk_drop_down_get_selected (self->param_drop);

  if (self->param_names == NULL || i == GTK_INVALID_LIST_POSITION
      || i >= g_strv_length (self->param_names))
    return NULL;
  return self->param_names[i];
}

static void
causality_changed_cb (BgAnalysisPane *self, GParamSpec *pspec, BgDocument *document)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    refresh_lists (self);
  refresh_params (self);
  _bg_analysis_pane_modes_changed (self);
}

static void
map_cb (BgAnalysisPane *self)
{
  refresh_lists (self);
  _bg_analysis_pane_modes_shown (self);
}

/* Drawing --------------------------------------------------------------------- */

void
_bg_analysis_pane_draw_renderer (GtkWidget *area, cairo_t *cr, int width, int height, BgPlotRenderer *renderer)
{
  GdkRGBA fg, bg;
  BgPlotColor pfg, pbg;

  bg_theme_get_fg (area, &fg);
  if (!bg_theme_get_view_bg (area, &bg))
    bg = (GdkRGBA) { 1, 1, 1, 1 };
  pfg = (BgPlotColor) { fg.red, fg.green, fg.blue, 1.0 };
  pbg = (BgPlotColor) { bg.red, bg.green, bg.blue, 1.0 };
  bg_plot_renderer_set_colors (renderer, &pfg, &pbg);
  cairo_set_source_rgb (cr, bg.red, bg.green, bg.blue);
  cairo_paint (cr);
  bg_plot_renderer_render (renderer, cr, width, height);
}

char *
bg_analysis_pane_dup_bode_readout (BgAnalysisPane *self, double log_f)
{
  BgPlotRenderer *renderer = bg_bode_plot_get_renderer (self->bode_plot);
  double values[2] = { NAN, NAN };
  g_autofree char *f = NULL;

  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  if (bg_plot_renderer_get_n_traces (renderer) < 2 || !isfinite (log_f))
    return g_strdup ("");
  bg_plot_renderer_values_at (renderer, log_f, values, 2);
  f = bg_si_format (pow (10, log_f), "Hz");
  return g_strdup_printf (_("f = %s · |G| = %.2f dB · φ = %.1f°"), f, values[0], values[1]);
}

static void
bode_motion_cb (GtkEventControllerMotion *motion, double x, double y, BgAnalysisPane *self)
{
  BgPlotRenderer *renderer = bg_bode_plot_get_renderer (self->bode_plot);
  double lf;
  g_autofree char *text = NULL;

  if (bg_plot_renderer_get_n_traces (renderer) == 0)
    return;
  lf = bg_plot_renderer_x_to_time (renderer, x);
  bg_plot_renderer_set_cursor (renderer, lf);
  text = bg_analysis_pane_dup_bode_readout (self, lf);
  if (*text != '\0')
    gtk_label_set_label (self->bode_status, text);
  gtk_widget_queue_draw (self->bode_area);
}

static void
bode_leave_cb (GtkEventControllerMotion *motion, BgAnalysisPane *self)
{
  bg_plot_renderer_set_cursor (bg_bode_plot_get_renderer (self->bode_plot), NAN);
  gtk_widget_queue_draw (self->bode_area);
}

/* Bode ---------------------------------------------------------------------------- */

static gboolean
compute_bode (BgAnalysisPane *self, GError **error)
{
  const char *in = _bg_analysis_pane_drop_selected (self->input_drop), *out = _bg_analysis_pane_drop_selected (self->output_drop);
  const char *outputs[2] = { out, NULL };
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (GArray) modes = NULL;
  g_autoptr (BgBode) bode = NULL;
  double from, to;
  int input;

  if (in == NULL || out == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Choose a source and a variable"));
      return FALSE;
    }
  plan = _bg_analysis_pane_compile (self, error);
  if (plan == NULL)
    return FALSE;
  lin = bg_linearize (plan, NULL, 0, outputs, error);
  if (lin == NULL || (modes = bg_modes_compute (lin, error)) == NULL)
    return FALSE;
  input = bg_linearization_lookup_input (lin, in);
  if (input < 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a source of this model"), in);
      return FALSE;
    }
  bg_modes_bode_range (modes, &from, &to);
  bode = bg_bode_compute (lin, (guint) input, 0, from, to, BG_BODE_DEFAULT_POINTS, error);
  if (bode == NULL)
    return FALSE;
  bg_bode_plot_set_response (self->bode_plot, bode);
  return TRUE;
}

static void
bode_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (widget);
  g_autoptr (GError) error = NULL;

  if (!compute_bode (self, &error))
    {
      bg_bode_plot_set_response (self->bode_plot, NULL);
      gtk_label_set_label (self->bode_status, error->message);
    }
  else
    gtk_label_set_label (self->bode_status, _("Move the pointer over the plot to read values"));
  gtk_widget_queue_draw (self->bode_area);
  _bg_analysis_pane_actions_update (self);
}

/* Export ----------------------------------------------------------------------- */

static BgPlotRenderer *
shown_renderer (BgAnalysisPane *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "sweep") == 0)
    return self->sweep_renderer;
  return bg_bode_plot_get_renderer (self->bode_plot);
}

gboolean
bg_analysis_pane_export (BgAnalysisPane *self, const char *path, GError **error)
{
  BgPlotRenderer *renderer;

  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), FALSE);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "modes") == 0)
    return _bg_analysis_pane_modes_export (self, path, error);
  renderer = shown_renderer (self);
  /* An export is on white, as the CLI's. */
  bg_plot_renderer_set_colors (renderer, &(BgPlotColor) { 0, 0, 0, 1 }, &(BgPlotColor) { 1, 1, 1, 1 });
  bg_plot_renderer_set_cursor (renderer, NAN);
  if (g_str_has_suffix (path, ".svg"))
    return bg_plot_renderer_write_svg (renderer, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
  if (g_str_has_suffix (path, ".pdf"))
    return bg_plot_renderer_write_pdf (renderer, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
  return bg_plot_renderer_write_png (renderer, path, EXPORT_WIDTH, EXPORT_HEIGHT, 1.0, error);
}

static void
export_response_cb (GtkNativeDialog *native, int response, BgAnalysisPane *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr (GError) error = NULL;
      const char *page = gtk_stack_get_visible_child_name (self->stack);
      GtkLabel *status = g_strcmp0 (page, "sweep") == 0 ? self->sweep_status
                         : g_strcmp0 (page, "modes") == 0 ? self->modes_status
                         : self->bode_status;

      if (path != NULL && !bg_analysis_pane_export (self, path, &error))
        gtk_label_set_label (status, error->message);
      else if (path != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("Exported %s"), path);
          gtk_label_set_label (status, text);
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  g_object_unref (native);
  g_object_unref (self);
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (widget);
  const char *suffix = strrchr (action_name, '-') + 1;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *pattern = g_strdup_printf ("*.%s", suffix);
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  g_autofree char *name = g_strdup_printf ("%s.%s",
                                           g_strcmp0 (page, "sweep") == 0 ? "sweep"
                                           : g_strcmp0 (page, "modes") == 0 ? "poles" : "bode",
                                           suffix);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Export Plot"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, g_str_equal (suffix, "png") ? _("PNG images")
                                    : g_str_equal (suffix, "pdf") ? _("PDF documents")
                                    : _("SVG drawings"));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect (native, "response", G_CALLBACK (export_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Actions ----------------------------------------------------------------------- */

void
_bg_analysis_pane_actions_update (BgAnalysisPane *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean running = self->job != NULL;
  gboolean can_run = self->document != NULL
                     && bg_causality_is_ok (bg_document_get_causality (self->document));
  gboolean bode_shown = bg_plot_renderer_get_n_traces (bg_bode_plot_get_renderer (self->bode_plot)) > 0;
  gboolean sweep_shown = bg_plot_renderer_get_n_traces (self->sweep_renderer) > 0;
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean on_sweep = g_strcmp0 (page, "sweep") == 0;
  gboolean on_modes = g_strcmp0 (page, "modes") == 0;

  gtk_widget_action_set_enabled (widget, "analysis.bode",
                                 can_run && g_list_model_get_n_items (G_LIST_MODEL (self->inputs)) > 0);
  gtk_widget_action_set_enabled (widget, "analysis.sweep",
                                 can_run && !running && self->element_id != NULL
                                 && g_list_model_get_n_items (G_LIST_MODEL (self->params)) > 0);
  gtk_widget_action_set_enabled (widget, "analysis.cancel", running);
  gboolean exportable = on_modes ? self->pole_map != NULL && !self->modes_stale
                        : on_sweep ? sweep_shown : bode_shown;

  gtk_widget_action_set_enabled (widget, "analysis.export-png", exportable);
  gtk_widget_action_set_enabled (widget, "analysis.export-svg", exportable);
  gtk_widget_action_set_enabled (widget, "analysis.export-pdf", exportable);
}

static void
page_changed_cb (BgAnalysisPane *self)
{
  _bg_analysis_pane_modes_shown (self);
  _bg_analysis_pane_actions_update (self);
}

/* Widgets ----------------------------------------------------------------------- */

/* Controls wrap onto more lines in a narrow window (1024 px and less). */
GtkWidget *
_bg_analysis_pane_controls_row (void)
{
  GtkWidget *flow = gtk_flow_box_new ();

  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), FALSE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 6);
  return flow;
}

void
_bg_analysis_pane_row_add (GtkWidget *row, GtkWidget *child)
{
  gtk_flow_box_append (GTK_FLOW_BOX (row), child);
}

GtkWidget *
_bg_analysis_pane_labelled (GtkWidget *row, const char *text, GtkWidget *child)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), child);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), child);
  _bg_analysis_pane_row_add (row, box);
  return child;
}

GtkWidget *
_bg_analysis_pane_action_button (const char *label, const char *action)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  return button;
}

GtkWidget *
_bg_analysis_pane_plot_area (BgAnalysisPane *self, GtkDrawingAreaDrawFunc func)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_widget_set_hexpand (area, TRUE);
  gtk_widget_set_vexpand (area, TRUE);
  gtk_widget_set_size_request (area, 200, 120);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), func, self, NULL);
  return area;
}

GtkLabel *
_bg_analysis_pane_add_status (GtkWidget  *page,
                              const char *text)
{
  GtkLabel *label = GTK_LABEL (_bg_analysis_pane_status_label ());

  gtk_label_set_label (label, text);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (label));
  return label;
}

GtkWidget *
_bg_analysis_pane_status_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static GtkWidget *
build_bode_page (BgAnalysisPane *self)
{
  GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *row = _bg_analysis_pane_controls_row ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->inputs = gtk_string_list_new (NULL);
  self->outputs = gtk_string_list_new (NULL);
  self->input_drop = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->inputs)), NULL));
  self->output_drop = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (self->outputs)), NULL));
  gtk_drop_down_set_enable_search (self->output_drop, TRUE);
  _bg_analysis_pane_labelled (row, _("_Input"), GTK_WIDGET (self->input_drop));
  _bg_analysis_pane_labelled (row, _("_Output"), GTK_WIDGET (self->output_drop));
  _bg_analysis_pane_row_add (row, _bg_analysis_pane_action_button (_("_Compute Bode Plot"), "analysis.bode"));
  gtk_box_append (GTK_BOX (page), row);

  self->bode_plot = bg_bode_plot_new ();
  /* as tall as the plot needs to be read, larger in presentation mode */
  self->bode_area = bg_plot_area_new (bg_bode_plot_get_renderer (self->bode_plot));
  g_signal_connect (motion, "motion", G_CALLBACK (bode_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (bode_leave_cb), self);
  gtk_widget_add_controller (self->bode_area, motion);
  gtk_box_append (GTK_BOX (page), self->bode_area);
  self->bode_status =
    _bg_analysis_pane_add_status (page,
                                  _("Magnitude and phase from a source to a variable, linearized at t = 0"));
  return page;
}

static GMenuModel *
build_menu (void)
{
  GMenu *menu = g_menu_new ();

  g_menu_append (menu, _("Compute _Bode Plot"), "analysis.bode");
  g_menu_append (menu, _("_Run Parameter Sweep"), "analysis.sweep");
  g_menu_append (menu, _("_Stop Sweep"), "analysis.cancel");
  g_menu_append (menu, _("Export as _PNG…"), "analysis.export-png");
  g_menu_append (menu, _("Export as _SVG…"), "analysis.export-svg");
  g_menu_append (menu, _("Export as P_DF (for printing)…"), "analysis.export-pdf");
  return G_MENU_MODEL (menu);
}

static void
bg_analysis_pane_init (BgAnalysisPane *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *switcher = gtk_stack_switcher_new ();
  GtkWidget *menu_button = gtk_menu_button_new ();
  g_autoptr (GMenuModel) menu = build_menu ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 4);
  gtk_widget_set_margin_start (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self), 4);

  self->stack = GTK_STACK (gtk_stack_new ());
  /* each page asks for its own height: the window gives the page shown
   * what it needs, so the Bode plot is not sized by the sweep's controls,
   * nor the eigenvalue page by either */
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  gtk_stack_add_titled (self->stack, build_bode_page (self), "bode", _("Frequency Response"));
  gtk_stack_add_titled (self->stack, _bg_analysis_pane_build_sweep_page (self), "sweep",
                        _("Parameter Sweep"));
  gtk_stack_add_titled (self->stack, _bg_analysis_pane_build_modes_page (self), "modes",
                        _("Poles"));
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);
  gtk_widget_set_halign (switcher, GTK_ALIGN_START);
  /* three pages' names (long in Russian, large in presentation mode) must
   * not make the pane wider than a narrow plot slot: they scroll instead */
  {
    GtkWidget *scroller = gtk_scrolled_window_new ();

    gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC,
                                    GTK_POLICY_NEVER);
    gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
    gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), switcher);
    gtk_widget_set_hexpand (scroller, TRUE);
    gtk_box_append (GTK_BOX (header), scroller);
  }
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), menu);
  gtk_widget_set_tooltip_text (menu_button, _("Analysis Menu"));
  gtk_box_append (GTK_BOX (header), menu_button);
  gtk_box_append (GTK_BOX (self), header);
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->stack));

  g_signal_connect_swapped (self->stack, "notify::visible-child", G_CALLBACK (page_changed_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
  refresh_params (self);
  _bg_analysis_pane_actions_update (self);
}

static void
bg_analysis_pane_dispose (GObject *object)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (object);

  if (self->sweep_cancellable != NULL)
    g_cancellable_cancel (self->sweep_cancellable);
  g_clear_handle_id (&self->modes_idle, g_source_remove);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (bg_analysis_pane_parent_class)->dispose (object);
}

static void
bg_analysis_pane_finalize (GObject *object)
{
  BgAnalysisPane *self = BG_ANALYSIS_PANE (object);

  g_clear_pointer (&self->bode_plot, bg_bode_plot_free);
  _bg_analysis_pane_modes_finalize (self);
  g_clear_object (&self->sweep_renderer);
  g_clear_object (&self->inputs);
  g_clear_object (&self->outputs);
  g_clear_object (&self->params);
  g_strfreev (self->param_names);
  g_free (self->element_id);
  g_free (self->sweep_var);
  G_OBJECT_CLASS (bg_analysis_pane_parent_class)->finalize (object);
}

static void
bg_analysis_pane_class_init (BgAnalysisPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_analysis_pane_dispose;
  object_class->finalize = bg_analysis_pane_finalize;
  gtk_widget_class_install_action (widget_class, "analysis.bode", NULL, bode_action);
  gtk_widget_class_install_action (widget_class, "analysis.sweep", NULL,
                                   _bg_analysis_pane_sweep_action);
  gtk_widget_class_install_action (widget_class, "analysis.cancel", NULL,
                                   _bg_analysis_pane_cancel_action);
  gtk_widget_class_install_action (widget_class, "analysis.export-png", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "analysis.export-svg", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "analysis.export-pdf", NULL, export_action);
}

/* Public ------------------------------------------------------------------------ */

GtkWidget *
bg_analysis_pane_new (void)
{
  return g_object_new (BG_TYPE_ANALYSIS_PANE, NULL);
}

void
bg_analysis_pane_set_document (BgAnalysisPane *self, BgDocument *document)
{
  g_return_if_fail (BG_IS_ANALYSIS_PANE (self));

  if (self->document == document)
    return;
  if (self->sweep_cancellable != NULL)
    g_cancellable_cancel (self->sweep_cancellable);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  g_clear_pointer (&self->element_id, g_free);
  bg_bode_plot_set_response (self->bode_plot, NULL);
  if (document != NULL)
    g_signal_connect_object (document, "notify::causality", G_CALLBACK (causality_changed_cb),
                             self, G_CONNECT_SWAPPED);
  refresh_lists (self);
  refresh_params (self);
  _bg_analysis_pane_modes_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_analysis_pane_set_selection (BgAnalysisPane *self, const char *const *ids)
{
  g_return_if_fail (BG_IS_ANALYSIS_PANE (self));

  g_free (self->element_id);
  self->element_id = g_strdup (ids != NULL ? ids[0] : NULL);
  refresh_params (self);
}

gboolean
bg_analysis_pane_select_bode (BgAnalysisPane *self, const char *input, const char *output)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), FALSE);
  refresh_lists (self);
  return drop_select (self->input_drop, self->inputs, input)
         && drop_select (self->output_drop, self->outputs, output);
}

gboolean
bg_analysis_pane_select_sweep (BgAnalysisPane *self, const char *param, const char *values,
                               const char *var)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), FALSE);
  refresh_lists (self);
  gtk_drop_down_set_selected (self->mode_drop, 0);
  gtk_editable_set_text (GTK_EDITABLE (self->values_entry), values);
  for (guint i = 0; self->param_names != NULL && self->param_names[i] != NULL; i++)
    if (g_strcmp0 (self->param_names[i], param) == 0)
      {
        gtk_drop_down_set_selected (self->param_drop, i);
        return drop_select (self->var_drop, self->outputs, var);
      }
  return FALSE;
}

void
bg_analysis_pane_show_page (BgAnalysisPane *self, const char *page)
{
  g_return_if_fail (BG_IS_ANALYSIS_PANE (self));
  gtk_stack_set_visible_child_name (self->stack, page);
}

BgPlotRenderer *
bg_analysis_pane_get_bode_renderer (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  return bg_bode_plot_get_renderer (self->bode_plot);
}

BgPlotRenderer *
bg_analysis_pane_get_sweep_renderer (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  return self->sweep_renderer;
}

gboolean
bg_analysis_pane_is_sweeping (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), FALSE);
  return self->job != NULL;
}

const char *
bg_analysis_pane_get_bode_output (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  return _bg_analysis_pane_drop_selected (self->output_drop);
}

const char *
bg_analysis_pane_get_sweep_variable (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  return _bg_analysis_pane_drop_selected (self->var_drop);
}

const char *
bg_analysis_pane_get_status (BgAnalysisPane *self)
{
  const char *page;

  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  page = gtk_stack_get_visible_child_name (self->stack);
  if (g_strcmp0 (page, "sweep") == 0)
    return gtk_label_get_label (self->sweep_status);
  if (g_strcmp0 (page, "modes") == 0)
    return gtk_label_get_label (self->modes_status);
  return gtk_label_get_label (self->bode_status);
}

BgPoleMap *
bg_analysis_pane_get_pole_map (BgAnalysisPane *self)
{
  g_return_val_if_fail (BG_IS_ANALYSIS_PANE (self), NULL);
  return self->pole_map;
}
