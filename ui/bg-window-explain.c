/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-explain.c — the window's "Explain Causality" mode.
 *
 * Owns: entering and leaving the mode (win.explain-causality, the
 * "explain-causality" property): the traced analysis of the model as it is
 * now, given to the explain bar above the canvas; the step actions
 * (win.explain-next, -previous, -first, -last, -play, -leave) and their keys, which
 * act while the focus is on the canvas or the bar over it; leaving the mode on any
 * edit of the model or another document; it and exercise mode exclude each
 * other; the graph's room while it lasts (the plot slot set aside and
 * given back its height after, the graph fitted again when a step's
 * sentence changes the canvas height); bond names shown and the selection
 * cleared for the mode; leaving the mode to run or to show the equations.
 * Must not: draw (the canvas does),
 * or keep a trace of an older revision of the model.
 */
#include "config.h"

#include "bg-window-private.h"
#include "bg-causality-trace.h"

static void
model_changed_cb (BgWindow *self,
                  BgModel  *model)
{
  /* the strokes of the trace belong to the model before the edit */
  _bg_window_set_explain_mode (self, FALSE);
}

#define FITTED_HEIGHT_KEY "bg-explain-fitted-height"

/* Once the banner has taken its height, the whole graph fits again. */
static gboolean
fit_after_layout_cb (GtkWidget     *canvas,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  bg_canvas_zoom_to_fit (BG_CANVAS (canvas));
  g_object_set_data (G_OBJECT (canvas), FITTED_HEIGHT_KEY,
                     GINT_TO_POINTER (gtk_widget_get_height (canvas)));
  return G_SOURCE_REMOVE;
}

/* A step whose sentence takes more (or fewer) lines changes the canvas's
 * height: fit again then, so the conflict's elements stay in view on a
 * short projector screen; a step that keeps the height keeps the user's
 * zoom. */
static gboolean
refit_if_resized_cb (GtkWidget     *canvas,
                     GdkFrameClock *clock,
                     gpointer       data)
{
  int fitted = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (canvas), FITTED_HEIGHT_KEY));

  /* tick callbacks run before the frame's layout: look one frame later */
  if (data == NULL)
    {
      gtk_widget_add_tick_callback (canvas, refit_if_resized_cb, GINT_TO_POINTER (1), NULL);
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_height (canvas) != fitted)
    fit_after_layout_cb (canvas, clock, data);
  return G_SOURCE_REMOVE;
}

/* Once the paned has its height back (the explain bar gone: the height
 * changes a frame or two after the mode ends), the plot slot gets the
 * height it had before the mode. */
#define RESTORE_MAX_FRAMES 10

static gboolean
restore_plot_height_cb (GtkWidget     *paned,
                        GdkFrameClock *clock,
                        gpointer       data)
{
  BgWindow *self = BG_WINDOW (gtk_widget_get_root (paned));
  int height = gtk_widget_get_height (paned);

  if (self->explaining)
    return G_SOURCE_REMOVE;
  if (height == self->explain_exit_paned_height &&
      ++self->explain_restore_frames < RESTORE_MAX_FRAMES)
    return G_SOURCE_CONTINUE;
  if (self->explain_saved_plot_height > 0)
    gtk_paned_set_position (GTK_PANED (paned), MAX (0, height - self->explain_saved_plot_height));
  self->explain_saved_plot_height = -1;
  return G_SOURCE_REMOVE;
}

/* The steps are about the graph: the plot slot steps aside for the mode
 * (its minimum height, with a run's axes in presentation mode, and the
 * banner's lines would together make the window taller than a projector's
 * screen) and comes back with its height when the mode ends. */
static void
give_canvas_the_height (BgWindow *self,
                        gboolean  explaining)
{
  GtkWidget *slot = gtk_paned_get_end_child (self->plot_paned);

  if (slot == NULL)
    return;
  /* (self->explaining is set already: the layout hides the slot for it) */
  if (explaining)
    {
      /* the slot and the divider: what lies below the position, when the
       * user placed it (else the layout places it again after) */
      self->explain_saved_plot_height = self->divider_user && gtk_widget_get_height (slot) > 0
                                        ? gtk_widget_get_height (GTK_WIDGET (self->plot_paned)) -
                                          gtk_paned_get_position (self->plot_paned)
                                        : -1;
      _bg_window_layout_apply (self);
    }
  else
    {
      _bg_window_layout_apply (self);
      self->explain_exit_paned_height = gtk_widget_get_height (GTK_WIDGET (self->plot_paned));
      self->explain_restore_frames = 0;
      if (self->explain_saved_plot_height > 0)
        gtk_widget_add_tick_callback (GTK_WIDGET (self->plot_paned), restore_plot_height_cb,
                                      NULL, NULL);
    }
}

void
_bg_window_set_explain_mode (BgWindow *self,
                             gboolean  explaining)
{
  explaining = !!explaining && self->document != NULL;
  if (explaining == self->explaining)
    return;

  self->explaining = explaining;
  if (self->explain_model != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->explain_model, model_changed_cb, self);
      g_clear_object (&self->explain_model);
    }
  if (explaining)
    {
      BgModel *model = bg_document_get_model (self->document);
      g_autoptr(BgCausalityTrace) trace = NULL;
      g_autoptr(BgCausality) causality = NULL;

      /* exercise mode hides the strokes this mode shows: one at a time */
      if (bg_canvas_get_exercise_mode (self->canvas))
        _bg_window_exercise_set_mode (self, FALSE);
      /* the steps are the model's, drawn on the model */
      _bg_window_levels_leave_all (self);
      causality = bg_causality_analyze_traced (model, &trace);

      self->explain_model = g_object_ref (model);
      g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                               G_CONNECT_SWAPPED);
      /* the sentences name bonds ("bond b8 carries…"): show their names;
       * a selection would be drawn in the blue of the step's highlight */
      self->explain_saved_bond_names = bg_canvas_get_show_bond_ids (self->canvas);
      bg_canvas_set_show_bond_ids (self->canvas, TRUE);
      bg_canvas_select_ids (self->canvas, (const char *const[]) { NULL });
      bg_explain_bar_set_trace (self->explain_bar, trace);
      gtk_widget_set_visible (GTK_WIDGET (self->explain_bar), TRUE);
      _bg_window_layout_bars_update (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
      give_canvas_the_height (self, TRUE);
      gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), fit_after_layout_cb, NULL, NULL);
    }
  else
    {
      give_canvas_the_height (self, FALSE);
      bg_canvas_set_show_bond_ids (self->canvas, self->explain_saved_bond_names);
      bg_explain_bar_set_trace (self->explain_bar, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->explain_bar), FALSE);
      _bg_window_layout_bars_update (self);
    }
  _bg_window_explain_actions_update (self);
  _bg_window_exercise_update (self);
  g_object_notify (G_OBJECT (self), "explain-causality");
}

gboolean
_bg_window_get_explain_mode (BgWindow *self)
{
  return self->explaining;
}

void
_bg_window_explain_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = bg_explain_bar_get_n_steps (self->explain_bar);
  guint step = bg_explain_bar_get_step (self->explain_bar);
  gboolean on = self->explaining && n > 0;
  BgModel *model = self->document != NULL ? bg_document_get_model (self->document) : NULL;

  gtk_widget_action_set_enabled (widget, "win.explain-causality",
                                 self->explaining ||
                                 (model != NULL && bg_model_get_elements (model)->len > 0));
  gtk_widget_action_set_enabled (widget, "win.explain-leave", self->explaining);
  gtk_widget_action_set_enabled (widget, "win.explain-first", on && step > 0);
  gtk_widget_action_set_enabled (widget, "win.explain-previous", on && step > 0);
  gtk_widget_action_set_enabled (widget, "win.explain-next", on && step + 1 < n);
  gtk_widget_action_set_enabled (widget, "win.explain-last", on && step + 1 < n);
  gtk_widget_action_set_enabled (widget, "win.explain-play", on && n > 1);
}

static void
explain_step_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgExplainBar *bar = self->explain_bar;

  if (g_str_equal (action_name, "win.explain-next"))
    bg_explain_bar_move (bar, 1);
  else if (g_str_equal (action_name, "win.explain-previous"))
    bg_explain_bar_move (bar, -1);
  else if (g_str_equal (action_name, "win.explain-first"))
    bg_explain_bar_set_step (bar, 0);
  else if (g_str_equal (action_name, "win.explain-last"))
    bg_explain_bar_set_step (bar, G_MAXUINT);
  else if (g_str_equal (action_name, "win.explain-leave"))
    _bg_window_set_explain_mode (self, FALSE);
  else if (g_str_equal (action_name, "win.explain-play"))
    bg_explain_bar_set_playing (bar, !bg_explain_bar_get_playing (bar));
}

static void
bar_notify_step_cb (BgWindow     *self,
                    GParamSpec   *pspec,
                    BgExplainBar *bar)
{
  _bg_window_explain_actions_update (self);
  if (self->explaining)
    gtk_widget_add_tick_callback (GTK_WIDGET (self->canvas), refit_if_resized_cb, NULL, NULL);
}

/* The step keys, as a presenter's remote sends them, act in the canvas and
 * the bar before the canvas's own keys (arrows nudge the selection there);
 * disabled outside the mode, they leave the keys to the canvas. */
static const struct
{
  const char *accel;
  const char *action;
} step_keys[] = {
  { "Right", "win.explain-next" },
  { "space", "win.explain-next" },
  { "Page_Down", "win.explain-next" },
  { "Left", "win.explain-previous" },
  { "BackSpace", "win.explain-previous" },
  { "Page_Up", "win.explain-previous" },
  { "Home", "win.explain-first" },
  { "End", "win.explain-last" },
  { "p", "win.explain-play" },
  { "Escape", "win.explain-leave" },
};

void
_bg_window_explain_init (BgWindow *self)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();

  self->explain_saved_plot_height = -1;
  bg_explain_bar_set_canvas (self->explain_bar, self->canvas);
  gtk_widget_set_visible (GTK_WIDGET (self->explain_bar), FALSE);
  g_signal_connect_object (self->explain_bar, "notify::step",
                           G_CALLBACK (bar_notify_step_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->explain_bar, "notify::playing",
                           G_CALLBACK (bar_notify_step_cb), self, G_CONNECT_SWAPPED);

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (keys, "explain-keys");
  for (guint i = 0; i < G_N_ELEMENTS (step_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (step_keys[i].accel),
                                                            gtk_named_action_new (step_keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->canvas_overlay), keys);
  _bg_window_explain_actions_update (self);
}

void
_bg_window_explain_dispose (BgWindow *self)
{
  if (self->explain_model != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->explain_model, model_changed_cb, self);
      g_clear_object (&self->explain_model);
    }
}

void
_bg_window_explain_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "win.explain-causality",
                                            "explain-causality");
  gtk_widget_class_install_action (widget_class, "win.explain-next", NULL, explain_step_action);
  gtk_widget_class_install_action (widget_class, "win.explain-previous", NULL, explain_step_action);
  gtk_widget_class_install_action (widget_class, "win.explain-first", NULL, explain_step_action);
  gtk_widget_class_install_action (widget_class, "win.explain-last", NULL, explain_step_action);
  gtk_widget_class_install_action (widget_class, "win.explain-play", NULL, explain_step_action);
  gtk_widget_class_install_action (widget_class, "win.explain-leave", NULL, explain_step_action);
}
