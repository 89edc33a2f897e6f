/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window.c — the main window: layout, document and status line.
 *
 * Owns: connecting the document to the canvas, palette and inspector
 * (the level of components shown is bg-window-levels.c's),
 * the title, the status line (analysis summary and transient canvas
 * messages), opening files into this or a new window (also when dropped
 * on it), saving, and the
 * confirmation before closing unsaved work. The actions and their dialogs
 * live in bg-window-actions.c. Must not: draw the graph, analyse, simulate,
 * or edit the model except through bg_model_* calls made by the widgets.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-presentation-css.h"
#include "bg-paths.h"
#include "bg-window-private.h"
#include "bg-widget-util-private.h"

G_DEFINE_FINAL_TYPE (BgWindow, bg_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_PRESENTATION_MODE,
  PROP_SHOW_PALETTE,
  PROP_SHOW_INSPECTOR,
  PROP_SHOW_BOND_NAMES,
  PROP_EXPLAIN_CAUSALITY,
  PROP_EXERCISE_MODE,
  PROP_EXERCISE_REVEAL,
  PROP_LAYOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The window's boolean properties, all read-write. */
static const struct
{
  guint       id;
  const char *name;
  gboolean    default_value;
} boolean_properties[] = {
  /* Presentation mode: lines and text on the canvas 1.75× thicker for a
   * projector (win.presentation-mode). */
  { PROP_PRESENTATION_MODE, "presentation-mode", FALSE },
  { PROP_SHOW_PALETTE, "show-palette", TRUE },
  { PROP_SHOW_INSPECTOR, "show-inspector", TRUE },
  /* the canvas's "show-bond-ids", for the main menu (win.show-bond-names) */
  { PROP_SHOW_BOND_NAMES, "show-bond-names", FALSE },
  /* The causality shown step by step above the canvas
   * (win.explain-causality, bg-window-explain.c). */
  { PROP_EXPLAIN_CAUSALITY, "explain-causality", FALSE },
  /* exercise mode and showing the analyzer's strokes in it
   * (bg-window-exercise.c; win.exercise-mode, win.exercise-reveal) */
  { PROP_EXERCISE_MODE, "exercise-mode", FALSE },
  { PROP_EXERCISE_REVEAL, "exercise-reveal", FALSE },
};

#define MESSAGE_SECONDS 6

/* Title and status line ---------------------------------------------------- */

static void
bg_window_update_title (BgWindow *self)
{
  g_autofree char *title = bg_document_dup_title (self->document);
  g_autofree char *shown = NULL;
  g_autofree char *window_title = NULL;
  GFile *file = bg_document_get_file (self->document);
  gboolean modified = bg_document_get_modified (self->document);

  shown = modified ? g_strdup_printf ("• %s", title) : g_strdup (title);
  gtk_label_set_label (self->title_label, shown);

  if (file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *path = parent != NULL ? g_file_get_path (parent) : NULL;
      const char *home = g_get_home_dir ();

      if (path != NULL && home != NULL && g_str_has_prefix (path, home) &&
          (path[strlen (home)] == '/' || path[strlen (home)] == '\0'))
        {
          char *tilde = g_strconcat ("~", path + strlen (home), NULL);

          g_free (path);
          path = tilde;
        }
      gtk_label_set_label (self->subtitle_label,
                           path != NULL ? path : g_file_peek_path (file));
    }
  else
    gtk_label_set_label (self->subtitle_label, _("Not saved"));

  window_title = g_strdup_printf ("%s — %s", shown, _("BGMod"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

/* The status line: the analysis summary, an icon that says what kind it is,
 * the error style when the first error names culprits to select. */
void
_bg_window_update_status (BgWindow *self)
{
  /* inside a component: the analysis seen from it */
  BgCausality *shown = _bg_window_levels_get_causality (self);
  BgCausality *causality = shown != NULL ? shown : bg_document_get_causality (self->document);
  const GPtrArray *errors = bg_causality_get_errors (causality);
  const GPtrArray *warnings = bg_causality_get_warnings (causality);
  const BgDiagnostic *first_error = errors->len > 0 ? g_ptr_array_index ((GPtrArray *) errors, 0) : NULL;
  g_autofree char *summary = bg_causality_dup_summary (causality);
  g_autofree char *tooltip = NULL;
  const char *icon;
  gboolean fault = FALSE;

  bg_canvas_set_causality (self->canvas, shown);
  bg_inspector_set_causality (self->inspector, shown);

  if (first_error != NULL && g_strcmp0 (first_error->code, "empty-model") == 0)
    /* an empty model is a hint, not a fault */
    icon = "dialog-information-symbolic";
  else if (first_error != NULL)
    {
      icon = "dialog-error-symbolic";
      fault = TRUE;
      tooltip = g_strdup_printf ("%s\n\n%s", summary,
                                 _("Click to select the elements and bonds involved."));
    }
  else if (warnings->len > 0)
    {
      const BgDiagnostic *first_warning = g_ptr_array_index ((GPtrArray *) warnings, 0);

      icon = "dialog-warning-symbolic";
      tooltip = g_strdup (first_warning->message);
    }
  else
    icon = "emblem-ok-symbolic";

  gtk_label_set_label (self->status_label, summary);
  gtk_image_set_from_icon_name (self->status_icon, icon);
  if (fault)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_button), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_button), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_button), tooltip);

  _bg_window_exercise_update (self);
  _bg_window_actions_update (self);
}

static gboolean
message_timeout_cb (gpointer data)
{
  BgWindow *self = data;

  self->message_timeout = 0;
  gtk_label_set_label (self->message_label, "");

  return G_SOURCE_REMOVE;
}

void
_bg_window_show_message (BgWindow   *self,
                         const char *text)
{
  gtk_label_set_label (self->message_label, text);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  self->message_timeout = g_timeout_add_seconds (MESSAGE_SECONDS,
                                                 message_timeout_cb, self);
}

/* Document ---------------------------------------------------------------- */

static void
document_notify_causality_cb (BgWindow   *self,
                              GParamSpec *pspec,
                              BgDocument *document)
{
  _bg_window_update_status (self);
}

static void
document_notify_title_cb (BgWindow   *self,
                          GParamSpec *pspec,
                          BgDocument *document)
{
  bg_window_update_title (self);
  _bg_window_actions_update (self);
}

static void
model_notify_history_cb (BgWindow   *self,
                         GParamSpec *pspec,
                         BgModel    *model)
{
  _bg_window_actions_update (self);
}

void
bg_window_set_document (BgWindow   *self,
                        BgDocument *document)
{
  g_autoptr(BgDocument) fresh = NULL;
  BgModel *model;

  g_return_if_fail (BG_IS_WINDOW (self));
  g_return_if_fail (document == NULL || BG_IS_DOCUMENT (document));

  if (document == NULL)
    document = fresh = bg_document_new ();

  if (document == self->document)
    return;

  _bg_window_set_explain_mode (self, FALSE);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
      g_signal_handlers_disconnect_by_data (self->document, self);
    }
  g_set_object (&self->document, document);
  self->close_confirmed = FALSE;
  _bg_window_levels_set_document (self, document);

  model = bg_document_get_model (document);
  g_signal_connect_object (document, "notify::causality",
                           G_CALLBACK (document_notify_causality_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified",
                           G_CALLBACK (document_notify_title_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::title",
                           G_CALLBACK (document_notify_title_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "notify::can-undo",
                           G_CALLBACK (model_notify_history_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (model, "notify::can-redo",
                           G_CALLBACK (model_notify_history_cb), self,
                           G_CONNECT_SWAPPED);

  _bg_window_disk_set_document (self, document);
  bg_canvas_set_model (self->canvas, model);
  bg_inspector_set_model (self->inspector, model);
  bg_inspector_set_what_if_model (self->inspector, model);
  bg_plot_pane_set_document (self->plot_pane, document);
  _bg_window_power_update (self);
  bg_analysis_pane_set_document (self->analysis_pane, document);
  bg_equations_pane_set_document (self->equations_pane, document);
  bg_energy_pane_set_run (self->energy_pane, NULL);
  bg_inspector_set_selection (self->inspector, NULL);
  _bg_window_layout_reset_divider (self);
  bg_window_update_title (self);
  _bg_window_update_status (self);
  if (bg_model_get_elements (model)->len > 0)
    {
      const BgElement *first = g_ptr_array_index (bg_model_get_elements (model), 0);
      BgDomain domain = first->spec->domain;

      /* show the palette of the domain the model starts in */
      if (domain == BG_DOMAIN_NONE && first->spec->n_ports > 0)
        domain = first->spec->ports[0].domain;
      if (domain != BG_DOMAIN_NONE)
        bg_palette_set_domain (self->palette, domain);
      bg_canvas_zoom_to_fit (self->canvas);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

BgDocument *
bg_window_get_document (BgWindow *self)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);

  return self->document;
}

/* Template callbacks ------------------------------------------------------ */

static void
palette_component_activated_cb (BgWindow              *self,
                                const BgComponentSpec *spec,
                                BgPalette             *palette)
{
  g_autoptr(GError) error = NULL;

  if (bg_canvas_insert_component (self->canvas, spec, NAN, NAN, &error) == NULL)
    _bg_window_show_message (self, error->message);
}

static void
canvas_selection_changed_cb (BgWindow *self,
                             BgCanvas *canvas)
{
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (canvas);
  const char *prefix = _bg_window_levels_get_prefix (self);
  g_auto(GStrv) paths = g_new0 (char *, g_strv_length (ids) + 1);

  /* the panes name what is inside a component by its path */
  for (guint i = 0; ids[i] != NULL; i++)
    paths[i] = g_strconcat (prefix, ids[i], NULL);
  bg_inspector_set_selection (self->inspector, (const char *const *) ids);
  if (self->analysis_pane != NULL)
    bg_analysis_pane_set_selection (self->analysis_pane, (const char *const *) paths);
  if (self->equations_pane != NULL)
    bg_equations_pane_set_selection (self->equations_pane, (const char *const *) paths);
  _bg_window_levels_actions_update (self);
}

static void
canvas_status_message_cb (BgWindow   *self,
                          const char *text,
                          BgCanvas   *canvas)
{
  _bg_window_show_message (self, text);
}

/* A double-click on an element selects it and plots its main variables;
 * on an instance of a component it opens it (bg-window-levels.c).
 * The focus stays on the canvas, so Delete still deletes the element
 * (Enter moves into the inspector). */
static void
canvas_element_activated_cb (BgWindow   *self,
                             const char *id,
                             BgCanvas   *canvas)
{
  BgElement *element = bg_model_find_element (_bg_window_levels_get_model (self), id);
  const char *ids[] = { id, NULL };
  g_autofree char *path = NULL;

  if (element == NULL || _bg_window_levels_activate (self, id))
    return;

  bg_canvas_select_ids (self->canvas, ids);
  bg_inspector_set_selection (self->inspector, ids);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  path = g_strconcat (_bg_window_levels_get_prefix (self), id, NULL);
  bg_plot_pane_add_element_vars (self->plot_pane, path);
}

/* Enter and F2 on the canvas, after the activation above selected the
 * element: the keyboard goes into its field in the inspector (not when
 * the activation opened the component). */
static void
canvas_edit_requested_cb (BgWindow   *self,
                          const char *element_id,
                          const char *field,
                          BgCanvas   *canvas)
{
  if (_bg_window_levels_take_edit_request (self, element_id))
    return;
  bg_inspector_focus_field (self->inspector, field);
}

static void
inspector_element_renamed_cb (BgWindow    *self,
                              const char  *new_id,
                              BgInspector *inspector)
{
  const char *ids[] = { new_id, NULL };

  bg_canvas_select_ids (self->canvas, ids);
}

static void
canvas_notify_zoom_cb (BgWindow   *self,
                       GParamSpec *pspec,
                       BgCanvas   *canvas)
{
  g_autofree char *text = g_strdup_printf ("%.0f %%", 100 * bg_canvas_get_zoom (canvas));

  gtk_button_set_label (self->zoom_button, text);
}

/* Presentation mode ------------------------------------------------------- */

void
_bg_window_set_presentation_mode (BgWindow *self,
                                  gboolean  presentation_mode)
{
  GSettings *settings = _bg_window_get_settings (self);
  double saved = settings != NULL ? g_settings_get_double (settings, "presentation-scale") : 1.0;
  /* the scale the Preferences chose, else the default */
  double scale = !presentation_mode ? 1.0 : saved > 1.0 ? saved : BG_WINDOW_PRESENTATION_SCALE;

  presentation_mode = !!presentation_mode;
  if (presentation_mode == self->presentation_mode)
    return;

  self->presentation_mode = presentation_mode;
  bg_canvas_set_presentation_scale (self->canvas, scale);
  /* the text of every pane with this class grows with the scale */
  if (presentation_mode)
    bg_presentation_css_set_scale (gtk_widget_get_display (GTK_WIDGET (self)), scale);
  if (presentation_mode)
    gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "presentation");
  if (settings != NULL)
    g_settings_set_double (settings, "presentation-scale", scale);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PRESENTATION_MODE]);
}

/* Closing ----------------------------------------------------------------- */

static void
confirm_close_response_cb (GtkDialog *dialog,
                           int        response,
                           BgWindow  *self)
{
  /* the window may go before the dialog's last reference does */
  gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));

  switch (response)
    {
    case GTK_RESPONSE_ACCEPT:
      if (bg_document_get_file (self->document) != NULL)
        _bg_window_save_checked (self, TRUE);
      else
        _bg_window_save_as (self, TRUE);
      break;

    case GTK_RESPONSE_REJECT:
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;

    default:
      break;
    }
}

static gboolean
bg_window_close_request (GtkWindow *window)
{
  BgWindow *self = BG_WINDOW (window);
  g_autofree char *title = NULL;
  GtkWidget *dialog;

  if (self->close_confirmed || self->document == NULL ||
      !bg_document_get_modified (self->document))
    {
      _bg_window_save_geometry (self);
      return GTK_WINDOW_CLASS (bg_window_parent_class)->close_request (window);
    }

  title = bg_document_dup_title (self->document);
  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"),
                                   title);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("If you don’t save, your changes will be lost."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), GTK_RESPONSE_REJECT);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Save"), GTK_RESPONSE_ACCEPT);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_ACCEPT);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_REJECT),
                            "destructive-action");
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_ACCEPT),
                            "suggested-action");
  g_signal_connect_object (dialog, "response",
                           G_CALLBACK (confirm_close_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* GObject ------------------------------------------------------------------ */

static void
bg_window_dispose (GObject *object)
{
  BgWindow *self = BG_WINDOW (object);

  g_clear_handle_id (&self->message_timeout, g_source_remove);
  _bg_window_levels_dispose (self);
  _bg_window_layout_dispose (self);
  _bg_window_reference_dispose (self);
  _bg_window_explain_dispose (self);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (bg_document_get_model (self->document), self);
      g_signal_handlers_disconnect_by_data (self->document, self);
    }
  g_clear_object (&self->document);
  _bg_window_exercise_finalize (self);
  _bg_window_levels_finalize (self);

  G_OBJECT_CLASS (bg_window_parent_class)->dispose (object);
}

static void
bg_window_constructed (GObject *object)
{
  BgWindow *self = BG_WINDOW (object);

  G_OBJECT_CLASS (bg_window_parent_class)->constructed (object);

  g_signal_connect (self, "notify::application",
                    G_CALLBACK (_bg_window_apply_settings), NULL);
  _bg_window_apply_settings (self);
}

/* The sidebars fold away for a narrow screen (win.show-palette,
 * win.show-inspector); focus inside a hidden one goes to the canvas. */
static void
bg_window_set_pane_visible (BgWindow   *self,
                            GtkWidget  *pane,
                            gboolean    visible,
                            GParamSpec *pspec)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (gtk_widget_get_visible (pane) == visible)
    return;
  if (!visible && focus != NULL && gtk_widget_is_ancestor (focus, pane))
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  gtk_widget_set_visible (pane, visible);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
bg_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  BgWindow *self = BG_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_PRESENTATION_MODE:
      g_value_set_boolean (value, self->presentation_mode);
      break;
    case PROP_SHOW_PALETTE:
      g_value_set_boolean (value, self->palette == NULL ||
                                  gtk_widget_get_visible (GTK_WIDGET (self->palette)));
      break;
    case PROP_SHOW_BOND_NAMES:
      g_value_set_boolean (value, self->canvas != NULL &&
                                  bg_canvas_get_show_bond_ids (self->canvas));
      break;
    case PROP_SHOW_INSPECTOR:
      g_value_set_boolean (value, self->inspector == NULL ||
                                  gtk_widget_get_visible (GTK_WIDGET (self->inspector)));
      break;
    case PROP_EXPLAIN_CAUSALITY:
      g_value_set_boolean (value, self->explaining);
      break;
    case PROP_EXERCISE_MODE:
      g_value_set_boolean (value, _bg_window_exercise_get_mode (self));
      break;
    case PROP_EXERCISE_REVEAL:
      g_value_set_boolean (value, _bg_window_exercise_get_reveal (self));
      break;
    case PROP_LAYOUT:
      g_value_set_string (value, _bg_window_layout_get (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  BgWindow *self = BG_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PRESENTATION_MODE:
      _bg_window_set_presentation_mode (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_PALETTE:
      bg_window_set_pane_visible (self, GTK_WIDGET (self->palette),
                                  g_value_get_boolean (value), pspec);
      break;
    case PROP_SHOW_INSPECTOR:
      bg_window_set_pane_visible (self, GTK_WIDGET (self->inspector),
                                  g_value_get_boolean (value), pspec);
      break;
    case PROP_SHOW_BOND_NAMES:
      bg_canvas_set_show_bond_ids (self->canvas, g_value_get_boolean (value));
      break;
    case PROP_EXPLAIN_CAUSALITY:
      _bg_window_set_explain_mode (self, g_value_get_boolean (value));
      break;
    case PROP_EXERCISE_MODE:
      _bg_window_exercise_set_mode (self, g_value_get_boolean (value));
      break;
    case PROP_EXERCISE_REVEAL:
      _bg_window_exercise_set_reveal (self, g_value_get_boolean (value));
      break;
    case PROP_LAYOUT:
      _bg_window_layout_set (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_window_class_init (BgWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = bg_window_constructed;
  object_class->dispose = bg_window_dispose;
  object_class->get_property = bg_window_get_property;
  object_class->set_property = bg_window_set_property;
  window_class->close_request = bg_window_close_request;

  /* the document shown (bg_window_set_document changes it) */
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, BG_TYPE_DOCUMENT, _BG_PARAM_READABLE);
  for (guint i = 0; i < G_N_ELEMENTS (boolean_properties); i++)
    properties[boolean_properties[i].id] =
      g_param_spec_boolean (boolean_properties[i].name, NULL, NULL,
                            boolean_properties[i].default_value, _BG_PARAM_READWRITE);
  /* "diagram", "both" or "plot": the canvas, both, or the plot slot
   * (win.layout; bg-window-layout.c) */
  properties[PROP_LAYOUT] =
    g_param_spec_string ("layout", NULL, NULL, "both", _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (BG_TYPE_CANVAS);
  g_type_ensure (BG_TYPE_EXPLAIN_BAR);
  g_type_ensure (BG_TYPE_PALETTE);
  g_type_ensure (BG_TYPE_INSPECTOR);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/bgmod/BGMod/ui/bg-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BgWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, examples_menu);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, plot_paned);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, canvas_box);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, canvas_overlay);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, explain_bar);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, plot_placeholder);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, status_button);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, status_icon);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, zoom_button);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, run_icon);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, run_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, disk_bar);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, disk_label);
  gtk_widget_class_bind_template_child (widget_class, BgWindow, layout_button);

  gtk_widget_class_bind_template_callback (widget_class, palette_component_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_status_message_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_element_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, canvas_edit_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, inspector_element_renamed_cb);

  _bg_window_class_actions_init (widget_class);
  _bg_window_explain_class_init (widget_class);
  _bg_window_class_disk_init (widget_class);
  _bg_window_library_class_init (widget_class);
  _bg_window_levels_class_init (widget_class);
}

/* Model files dropped on the window open like File ▸ Open. */
static gboolean
files_dropped_cb (BgWindow      *self,
                  const GValue  *value,
                  double         x,
                  double         y,
                  GtkDropTarget *target)
{
  GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));
  gboolean any = files != NULL;

  for (GSList *l = files; l != NULL; l = l->next)
    bg_window_open_file (self, l->data);
  g_slist_free (files);

  return any;
}

static void
canvas_notify_show_bond_ids_cb (BgWindow   *self,
                                GParamSpec *pspec,
                                BgCanvas   *canvas)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_BOND_NAMES]);
}

static void
recent_changed_cb (BgWindow         *self,
                   GtkRecentManager *manager)
{
  _bg_window_update_recent (self);
}

static void
bg_window_init (BgWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _bg_window_levels_init (self);
  _bg_window_plot_init (self);
  _bg_window_power_init (self);
  _bg_window_layout_init (self);
  _bg_window_explain_init (self);
  _bg_window_exercise_init (self);
  _bg_window_library_init (self);
  _bg_window_focus_init (self);

  {
    g_autoptr(GtkBuilder) builder =
      gtk_builder_new_from_resource ("/org/bgmod/BGMod/ui/bg-shortcuts-window.ui");

    gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                             GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder,
                                                                                           "shortcuts_window")));
  }

  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

    g_signal_connect_object (drop, "drop", G_CALLBACK (files_dropped_cb), self,
                             G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }

  g_signal_connect_object (self->canvas, "notify::zoom",
                           G_CALLBACK (canvas_notify_zoom_cb), self,
                           G_CONNECT_SWAPPED);
  canvas_notify_zoom_cb (self, NULL, self->canvas);
  g_signal_connect_object (self->canvas, "notify::show-bond-ids",
                           G_CALLBACK (canvas_notify_show_bond_ids_cb), self,
                           G_CONNECT_SWAPPED);

  self->recent_manager = gtk_recent_manager_get_default ();
  g_signal_connect_object (self->recent_manager, "changed",
                           G_CALLBACK (recent_changed_cb), self,
                           G_CONNECT_SWAPPED);
  _bg_window_update_recent (self);
  _bg_window_update_examples (self);

  bg_window_set_document (self, NULL);
}

BgWindow *
bg_window_new (GtkApplication *application,
               BgDocument     *document)
{
  BgWindow *self;

  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (document == NULL || BG_IS_DOCUMENT (document), NULL);

  self = g_object_new (BG_TYPE_WINDOW, "application", application, NULL);
  if (document != NULL)
    bg_window_set_document (self, document);

  return self;
}

/* Files -------------------------------------------------------------------- */

static BgWindow *
bg_window_find_window_for_file (BgWindow *self,
                                GFile    *file)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  GList *windows = app != NULL ? gtk_application_get_windows (app) : NULL;

  for (GList *l = windows; l != NULL; l = l->next)
    {
      GFile *shown;

      if (!BG_IS_WINDOW (l->data))
        continue;
      shown = bg_document_get_file (BG_WINDOW (l->data)->document);
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }

  return NULL;
}

static void
bg_window_note_recent (BgWindow *self,
                       GFile    *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (self->recent_manager, uri);
}

BgWindow *
bg_window_open_file (BgWindow *self,
                     GFile    *file)
{
  g_autoptr(BgDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  BgWindow *target;

  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  target = bg_window_find_window_for_file (self, file);
  if (target != NULL)
    {
      gtk_window_present (GTK_WINDOW (target));
      return target;
    }

  document = bg_document_new_for_file (file, &error);
  if (document == NULL)
    {
      bg_window_show_error (self, _("Could not open the model"), error->message);
      return NULL;
    }

  bg_window_note_recent (self, file);

  if (bg_document_is_pristine (self->document))
    {
      bg_window_set_document (self, document);
      target = self;
    }
  else
    target = bg_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                            document);

  gtk_window_present (GTK_WINDOW (target));
  return target;
}

gboolean
bg_window_save_to_file (BgWindow  *self,
                        GFile     *file,
                        GError   **error)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (!bg_document_save (self->document, file, error))
    return FALSE;

  bg_window_note_recent (self, bg_document_get_file (self->document));
  _bg_window_actions_update (self);

  return TRUE;
}

static void
error_response_cb (GtkDialog *dialog,
                   int        response,
                   gpointer   user_data)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
}

void
bg_window_show_error (BgWindow   *self,
                      const char *primary,
                      const char *secondary)
{
  GtkWidget *dialog;

  g_return_if_fail (BG_IS_WINDOW (self));
  g_return_if_fail (primary != NULL);

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                   "%s", primary);
  if (secondary != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                              "%s", secondary);
  g_signal_connect (dialog, "response", G_CALLBACK (error_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Accessors ---------------------------------------------------------------- */

BgCanvas *
bg_window_get_canvas (BgWindow *self)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);

  return self->canvas;
}

BgPalette *
bg_window_get_palette (BgWindow *self)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);

  return self->palette;
}

BgInspector *
bg_window_get_inspector (BgWindow *self)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);

  return self->inspector;
}

const char *
bg_window_get_status_text (BgWindow *self)
{
  g_return_val_if_fail (BG_IS_WINDOW (self), NULL);

  return gtk_label_get_label (self->status_label);
}

char *
bg_window_dup_examples_dir (void)
{
  g_autofree char *datadir = bg_paths_dup_datadir ();

  return g_build_filename (datadir, "examples", NULL);
}

void
bg_window_set_plot_pane (BgWindow  *self,
                         GtkWidget *plot_pane)
{
  g_return_if_fail (BG_IS_WINDOW (self));
  g_return_if_fail (GTK_IS_WIDGET (plot_pane));

  gtk_paned_set_end_child (self->plot_paned, plot_pane);
  self->plot_placeholder = NULL;
}
