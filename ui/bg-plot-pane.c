/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane.c — the window's bottom pane: runs and their plots.
 *
 * Owns: the pane header and its status line, the plot view (in a scroller:
 * a pane shorter than the view's readable height scrolls it, so the
 * divider above can leave the canvas its room) and the variable picker, the chosen variables (in the model's view JSON), the
 * document it follows, the presentation toggle and the GObject. The run
 * (starting, stopping, its progress) is in bg-plot-pane-run.c, the exports
 * and their file chooser in bg-plot-pane-export.c, the kept runs in
 * bg-plot-pane-runs.c, the what-if runs in bg-plot-pane-whatif.c.
 * Must not: edit the model other than its view JSON, draw the graph, or
 * reach into the window (it reports through "run-finished" and "running").
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-plot-defaults.h"
#include "bg-plot-pane-private.h"
#include "bg-widget-util-private.h"

enum { PROP_0, PROP_RUNNING, PROP_PRESENTATION, N_PROPS };
enum { SIGNAL_RUN_FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgPlotPane, bg_plot_pane, GTK_TYPE_WIDGET)

void
_bg_plot_pane_notify_running (BgPlotPane *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
_bg_plot_pane_emit_run_finished (BgPlotPane *self)
{
  g_signal_emit (self, signals[SIGNAL_RUN_FINISHED], 0);
}

static BgModel *
bg_plot_pane_model (BgPlotPane *self)
{
  return self->document != NULL ? bg_document_get_model (self->document) : NULL;
}

/* Header ------------------------------------------------------------------------ */

void
_bg_plot_pane_set_status (BgPlotPane *self,
                          const char *text)
{
  g_free (self->status_text);
  self->status_text = g_strdup (text != NULL ? text : "");
  gtk_label_set_label (self->status_label, self->status_text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), self->status_text);
}

void
_bg_plot_pane_actions_update (BgPlotPane *self)
{
  gboolean has_run = self->run != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.reset-view", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-png", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-svg", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-pdf", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "plot.export-csv", has_run);
}

/* Variables ------------------------------------------------------------------ */

void
_bg_plot_pane_show_vars (BgPlotPane        *self,
                         const char *const *names)
{
  bg_variable_picker_set_selected (self->picker, names);
  bg_plot_view_set_vars (self->view, names);
}

void
bg_plot_pane_set_vars (BgPlotPane        *self,
                       const char *const *names)
{
  g_return_if_fail (BG_IS_PLOT_PANE (self));

  _bg_plot_pane_show_vars (self, names);
  if (bg_plot_pane_model (self) != NULL)
    bg_variable_picker_save (bg_plot_pane_model (self), names);
}

GStrv
bg_plot_pane_dup_vars (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return bg_variable_picker_dup_selected (self->picker);
}

void
bg_plot_pane_add_element_vars (BgPlotPane *self,
                               const char *element_id)
{
  g_auto(GStrv) current = NULL;
  g_auto(GStrv) added = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (element_id != NULL);

  if (bg_plot_pane_model (self) == NULL)
    return;
  current = bg_plot_pane_dup_vars (self);
  added = bg_variable_picker_dup_element_vars (bg_plot_pane_model (self), element_id);
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) current);
  for (guint i = 0; added[i] != NULL; i++)
    if (!g_strv_contains ((const char *const *) current, added[i]))
      g_strv_builder_add (builder, added[i]);
  names = g_strv_builder_end (builder);
  bg_plot_pane_set_vars (self, (const char *const *) names);
}

void
bg_plot_pane_add_var (BgPlotPane *self,
                      const char *name)
{
  g_auto(GStrv) current = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) names = NULL;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (name != NULL);

  current = bg_plot_pane_dup_vars (self);
  if (g_strv_contains ((const char *const *) current, name))
    return;
  builder = g_strv_builder_new ();
  g_strv_builder_addv (builder, (const char **) current);
  g_strv_builder_add (builder, name);
  names = g_strv_builder_end (builder);
  bg_plot_pane_set_vars (self, (const char *const *) names);
}

static void
picker_selection_changed_cb (BgPlotPane       *self,
                             BgVariablePicker *picker)
{
  g_auto(GStrv) names = bg_variable_picker_dup_selected (picker);

  bg_plot_view_set_vars (self->view, (const char *const *) names);
  if (bg_plot_pane_model (self) != NULL)
    bg_variable_picker_save (bg_plot_pane_model (self), (const char *const *) names);
}

/* Document ------------------------------------------------------------------------ */

static void
model_changed_cb (BgPlotPane *self,
                  BgModel    *model)
{
  if (self->run != NULL)
    bg_simulation_run_set_stale (self->run, TRUE);
}

void
bg_plot_pane_set_document (BgPlotPane *self,
                           BgDocument *document)
{
  g_auto(GStrv) names = NULL;
  BgModel *model;

  g_return_if_fail (BG_IS_PLOT_PANE (self));
  g_return_if_fail (document == NULL || BG_IS_DOCUMENT (document));

  if (document == self->document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
  bg_plot_pane_whatif_end (self, FALSE);
  _bg_plot_pane_runs_forget (self);
  _bg_plot_pane_drop_run (self);
  g_set_object (&self->document, document);
  _bg_plot_pane_set_status (self, "");
  _bg_plot_pane_update_progress (self);
  _bg_plot_pane_update_stale (self);
  _bg_plot_pane_actions_update (self);

  model = bg_plot_pane_model (self);
  bg_variable_picker_set_model (self->picker, model);
  if (model == NULL)
    return;
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);

  names = bg_plot_defaults_dup_shown (model);
  _bg_plot_pane_show_vars (self, (const char *const *) names);
}

/* Actions ------------------------------------------------------------------------ */

static void
reset_view_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  bg_plot_view_reset_view (BG_PLOT_PANE (widget)->view);
}

/* Presentation ------------------------------------------------------------------- */

static void
bg_plot_pane_set_presentation (BgPlotPane *self,
                               gboolean    presentation)
{
  presentation = !!presentation;
  if (self->presentation == presentation)
    return;
  self->presentation = presentation;
  bg_plot_view_set_presentation (self->view, presentation);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION]);
}

/* Widgets ------------------------------------------------------------------------ */

static GtkWidget *
icon_button (const char *icon,
             const char *action,
             const char *tooltip,
             gboolean    toggle)
{
  GtkWidget *button = toggle ? gtk_toggle_button_new () : gtk_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
bg_plot_pane_build_header (BgPlotPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *popover, *export_button, *progress_box;
  g_autoptr(GMenu) menu = g_menu_new ();

  gtk_widget_add_css_class (box, "plot-pane-header");
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);

  progress_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  gtk_widget_set_valign (progress_box, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (progress_box, 96, -1);
  self->progress_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->progress_label, 0);
  /* "Not run yet (F5 runs)" wraps rather than widening the pane past a
   * 1024-pixel screen in Russian presentation mode */
  gtk_label_set_wrap (self->progress_label, TRUE);
  gtk_label_set_wrap_mode (self->progress_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (self->progress_label, 2);
  gtk_label_set_ellipsize (self->progress_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->progress_label, 10);
  gtk_label_set_max_width_chars (self->progress_label, 28);
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "numeric");
  {
    /* the what-if spinner over the time's right end: drawn only while it
     * spins, it takes no width of the header */
    GtkWidget *line = gtk_overlay_new ();

    gtk_overlay_set_child (GTK_OVERLAY (line), GTK_WIDGET (self->progress_label));
    gtk_widget_set_halign (GTK_WIDGET (self->spinner), GTK_ALIGN_END);
    gtk_widget_set_valign (GTK_WIDGET (self->spinner), GTK_ALIGN_CENTER);
    gtk_overlay_add_overlay (GTK_OVERLAY (line), GTK_WIDGET (self->spinner));
    gtk_box_append (GTK_BOX (progress_box), line);
  }
  self->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (GTK_BOX (progress_box), GTK_WIDGET (self->progress));
  gtk_box_append (GTK_BOX (box), progress_box);

  self->status_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->status_label, PANGO_ELLIPSIZE_END);
  /* One line: the header stays one row high on a projector; the tooltip
   * and the window's status line say the whole message. */
  gtk_label_set_width_chars (self->status_label, 4);
  gtk_label_set_xalign (self->status_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->status_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "plot-status");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));

  self->stale_label = GTK_LABEL (gtk_label_new (_("stale: model changed since this run")));
  gtk_widget_add_css_class (GTK_WIDGET (self->stale_label), "stale-tag");
  /* a narrow window shortens the tag; its tooltip says it all */
  gtk_label_set_ellipsize (self->stale_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (self->stale_label, 6);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stale_label),
                               _("The model was edited after this run started; run again (F5) to update the plot."));
  gtk_widget_set_visible (GTK_WIDGET (self->stale_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stale_label));

  gtk_box_append (GTK_BOX (box),
                  icon_button ("display-projector-symbolic", "plot.presentation",
                               _("Large Text and Lines for a Projector"), TRUE));
  gtk_box_append (GTK_BOX (box),
                  icon_button ("zoom-fit-best-symbolic", "plot.reset-view",
                               _("Show the Whole Run (double-click the plot)"), FALSE));

  self->picker = BG_VARIABLE_PICKER (bg_variable_picker_new ());
  g_signal_connect_object (self->picker, "selection-changed",
                           G_CALLBACK (picker_selection_changed_cb), self, G_CONNECT_SWAPPED);
  popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (popover), GTK_WIDGET (self->picker));
  self->vars_button = GTK_MENU_BUTTON (gtk_menu_button_new ());
  gtk_menu_button_set_label (self->vars_button, _("_Variables"));
  gtk_menu_button_set_use_underline (self->vars_button, TRUE);
  gtk_menu_button_set_popover (self->vars_button, popover);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->vars_button),
                               _("Choose the Plotted Variables (double-click an element to add its own)"));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->vars_button));
  gtk_box_append (GTK_BOX (box), _bg_plot_pane_runs_button_new (self));

  g_menu_append (menu, _("Export _PNG…"), "plot.export-png");
  g_menu_append (menu, _("Export _SVG…"), "plot.export-svg");
  g_menu_append (menu, _("Export P_DF (for printing)…"), "plot.export-pdf");
  g_menu_append (menu, _("Export _CSV (visible time range)…"), "plot.export-csv");
  export_button = gtk_menu_button_new ();
  /* an icon: the pane's header must fit beside both sidebars at 1024 px */
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (export_button), "document-send-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export_button), G_MENU_MODEL (menu));
  gtk_widget_set_tooltip_text (export_button, _("Export the Plot"));
  gtk_box_append (GTK_BOX (box), export_button);

  return box;
}

BgPlotView *
bg_plot_pane_get_view (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->view;
}

gboolean
bg_plot_pane_has_plot (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), FALSE);

  return bg_plot_renderer_get_n_traces (bg_plot_view_get_renderer (self->view)) > 0;
}

int
bg_plot_pane_get_readable_height (BgPlotPane *self,
                                  int         width)
{
  int header = 0, view = 0;

  g_return_val_if_fail (BG_IS_PLOT_PANE (self), 0);

  gtk_widget_measure (self->header, GTK_ORIENTATION_VERTICAL, width, &header, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (self->view), GTK_ORIENTATION_VERTICAL, width, &view, NULL,
                      NULL, NULL);
  /* the separator under the header */
  return header + 1 + view;
}

BgVariablePicker *
bg_plot_pane_get_picker (BgPlotPane *self)
{
  g_return_val_if_fail (BG_IS_PLOT_PANE (self), NULL);

  return self->picker;
}

GtkWidget *
bg_plot_pane_new (void)
{
  return g_object_new (BG_TYPE_PLOT_PANE, NULL);
}

/* GObject ------------------------------------------------------------------------ */

static void
bg_plot_pane_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, bg_plot_pane_is_running (self));
      break;
    case PROP_PRESENTATION:
      g_value_set_boolean (value, self->presentation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_plot_pane_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  switch (prop_id)
    {
    case PROP_PRESENTATION:
      bg_plot_pane_set_presentation (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_plot_pane_dispose (GObject *object)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
  _bg_plot_pane_whatif_dispose (self);
  if (self->run != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->run, self);
      bg_simulation_run_stop (self->run);
      g_clear_object (&self->run);
    }
  _bg_plot_pane_runs_dispose (self);
  g_clear_object (&self->document);
  _bg_widget_unparent_children (GTK_WIDGET (self));

  G_OBJECT_CLASS (bg_plot_pane_parent_class)->dispose (object);
}

static void
bg_plot_pane_finalize (GObject *object)
{
  BgPlotPane *self = BG_PLOT_PANE (object);

  g_free (self->status_text);

  G_OBJECT_CLASS (bg_plot_pane_parent_class)->finalize (object);
}

static void
bg_plot_pane_class_init (BgPlotPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_plot_pane_dispose;
  object_class->finalize = bg_plot_pane_finalize;
  object_class->get_property = bg_plot_pane_get_property;
  object_class->set_property = bg_plot_pane_set_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, _BG_PARAM_READABLE);
  properties[PROP_PRESENTATION] =
    g_param_spec_boolean ("presentation", NULL, NULL, FALSE, _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_RUN_FINISHED] =
    g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  _bg_plot_pane_whatif_class_init (object_class);
  _bg_plot_pane_runs_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "plot.reset-view", NULL, reset_view_action);
  _bg_plot_pane_export_class_init (widget_class);
  gtk_widget_class_install_property_action (widget_class, "plot.presentation", "presentation");

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgplotpane");
}

static void
bg_plot_pane_init (BgPlotPane *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->status_text = g_strdup ("");
  _bg_plot_pane_whatif_init (self);
  _bg_plot_pane_runs_init (self);
  self->header = bg_plot_pane_build_header (self);
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
  gtk_widget_set_parent (gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), GTK_WIDGET (self));
  self->view = BG_PLOT_VIEW (bg_plot_view_new ());
  /* The view never gets less than its readable height (every sub-plot
   * with its title and three ticks): in a shorter pane it scrolls, with a
   * scrollbar that stays in sight (the wheel zooms the plot). */
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (self->scroller), FALSE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->view));
  /* the view takes the viewport's height, or its minimum when taller */
  gtk_scrollable_set_vscroll_policy (GTK_SCROLLABLE (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller))),
                                     GTK_SCROLL_MINIMUM);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  _bg_plot_pane_update_progress (self);
  _bg_plot_pane_actions_update (self);
}
