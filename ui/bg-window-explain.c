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
 * With components: the steps are those of the document's flat graph, seen
 * from the level shown (bg_causality_trace_project: a step inside an
 * instance lights the instance's box); a step forward into an instance
 * first shows it on the box at the level above, and the next press opens
 * the instance on the same step; a step back comes out the same way, and
 * a step elsewhere goes up to the level it shares with this one.
 * Must not: draw (the canvas does),
 * or keep a trace of an older revision of the model.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-window-private.h"
#include "bg-causality-trace.h"
#include "bg-definition.h"
#include "bg-model-flatten.h"

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

/* Levels ----------------------------------------------------------------------- */

/* "T2." is within "" and "T2." itself, not "T1." or "T2.S1.". */
static gboolean
within (const char *outer,
        const char *inner)
{
  return g_str_has_prefix (inner, outer);
}

static char *
step_level (BgWindow *self,
            guint     step)
{
  if (self->explain_flat == NULL || step >= bg_causality_trace_get_n_steps (self->explain_flat))
    return g_strdup ("");
  return bg_causality_trace_dup_step_level (self->explain_flat, step);
}

/* The longest run of whole "ID." parts a and b start with. */
static char *
common_level (const char *a,
              const char *b)
{
  gsize common = 0;

  for (gsize i = 0; a[i] != '\0' && a[i] == b[i]; i++)
    if (a[i] == '.')
      common = i + 1;
  return g_strndup (a, common);
}

/* The level right below `from` on the way to `to` (from is within to). */
static char *
level_below (const char *from,
             const char *to)
{
  const char *rest = to + strlen (from);
  const char *dot = strchr (rest, '.');

  return g_strndup (to, dot != NULL ? (gsize) (dot + 1 - to) : strlen (to));
}

/* The level above a prefix ("T2.S1." → "T2.", "T2." → ""). */
static char *
level_above (const char *prefix)
{
  gsize len = strlen (prefix);

  while (len > 0 && prefix[len - 1] == '.')
    len--;
  while (len > 0 && prefix[len - 1] != '.')
    len--;
  return g_strndup (prefix, len);
}

void
_bg_window_explain_level_changed (BgWindow *self)
{
  BgModel *model;
  g_autoptr(BgCausalityTrace) seen = NULL;

  if (!self->explaining || self->explain_flat == NULL)
    return;
  model = _bg_window_levels_get_model (self);
  seen = bg_causality_trace_project (self->explain_flat, model,
                                     _bg_window_levels_get_prefix (self), self->explain_map);
  /* a selection would be drawn in the blue of the step's highlight */
  bg_canvas_select_ids (self->canvas, (const char *const[]) { NULL });
  bg_explain_bar_replace_trace (self->explain_bar, seen);
  _bg_window_explain_actions_update (self);
}

/* The instance the step shown lies in, below the level shown: the status
 * line says the next step forward opens it. */
static void
say_where (BgWindow *self)
{
  const char *shown = _bg_window_levels_get_prefix (self);
  g_autofree char *home = step_level (self, bg_explain_bar_get_step (self->explain_bar));
  g_autofree char *below = NULL;
  g_autofree char *id = NULL;
  g_autofree char *text = NULL;
  BgElement *el;
  const BgDefinition *def;

  if (!within (shown, home) || g_str_equal (shown, home))
    {
      /* the note of an earlier step no longer holds */
      if (self->explain_noted)
        _bg_window_show_message (self, "");
      self->explain_noted = FALSE;
      return;
    }
  below = level_below (shown, home);
  id = g_strndup (below + strlen (shown), strlen (below) - strlen (shown) - 1);
  el = bg_model_find_element (_bg_window_levels_get_model (self), id);
  def = el != NULL ? bg_definition_of_spec (el->spec) : NULL;
  if (def == NULL)
    return;
  /* TRANSLATORS: %s is an instance's name, the second its component's */
  text = g_strdup_printf (_("This step is inside %s (%s): the next step forward opens it"),
                          id, def->name);
  _bg_window_show_message (self, text);
  self->explain_noted = TRUE;
}

/* Shows step `step` at the level `prefix`. */
static void
show_step_at (BgWindow   *self,
              guint       step,
              const char *prefix)
{
  _bg_window_levels_show_path (self, prefix);
  bg_explain_bar_set_step (self->explain_bar, step);
  _bg_window_explain_actions_update (self);
  say_where (self);
}

static void
explain_next (BgWindow *self)
{
  guint n = bg_explain_bar_get_n_steps (self->explain_bar);
  guint k = bg_explain_bar_get_step (self->explain_bar);
  const char *shown = _bg_window_levels_get_prefix (self);
  g_autofree char *home = step_level (self, k);
  g_autofree char *next_home = NULL;
  g_autofree char *shared = NULL;

  if (within (shown, home) && !g_str_equal (shown, home))
    {
      /* into the instance the step lies in, on the same step */
      g_autofree char *below = level_below (shown, home);

      show_step_at (self, k, below);
      return;
    }
  if (k + 1 >= n)
    return;
  next_home = step_level (self, k + 1);
  shared = common_level (shown, next_home);
  show_step_at (self, k + 1, shared);
}

static void
explain_previous (BgWindow *self)
{
  guint k = bg_explain_bar_get_step (self->explain_bar);
  g_autofree char *shown = g_strdup (_bg_window_levels_get_prefix (self));
  g_autofree char *home = step_level (self, k);
  g_autofree char *before = k > 0 ? step_level (self, k - 1) : g_strdup ("");
  g_autofree char *entry = common_level (before, home);

  /* back out of the instance the step led into, on the same step */
  if ((within (entry, shown) && within (shown, home) && !g_str_equal (shown, entry)) ||
      (k == 0 && shown[0] != '\0'))
    {
      g_autofree char *above = level_above (shown);

      show_step_at (self, k, above);
      return;
    }
  if (k == 0)
    return;
  show_step_at (self, k - 1, before);
}

/* The mode ------------------------------------------------------------------------ */

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
  g_clear_pointer (&self->explain_flat, bg_causality_trace_unref);
  g_clear_pointer (&self->explain_map, bg_flat_map_free);
  if (explaining)
    {
      BgModel *model = bg_document_get_model (self->document);
      g_autoptr(BgCausalityTrace) trace = NULL;
      g_autoptr(BgCausality) causality = NULL;
      g_autoptr(BgModel) flat = NULL;

      /* exercise mode hides the strokes this mode shows: one at a time */
      if (bg_canvas_get_exercise_mode (self->canvas))
        _bg_window_exercise_set_mode (self, FALSE);
      /* the steps are those of the flat graph, drawn on the level shown
       * (a model that does not flatten: its own, at its top) */
      flat = bg_model_flatten (model, &self->explain_map, NULL);
      if (flat == NULL)
        {
          _bg_window_levels_leave_all (self);
          flat = g_object_ref (model);
        }
      causality = bg_causality_analyze_traced (flat, &trace);
      self->explain_flat = bg_causality_trace_ref (trace);
      if (_bg_window_levels_get_depth (self) > 0 || self->explain_map != NULL)
        {
          g_autoptr(BgCausalityTrace) seen = NULL;

          seen = bg_causality_trace_project (trace, _bg_window_levels_get_model (self),
                                             _bg_window_levels_get_prefix (self),
                                             self->explain_map);
          g_clear_pointer (&trace, bg_causality_trace_unref);
          trace = g_steal_pointer (&seen);
        }

      self->explain_model = g_object_ref (model);
      g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                               G_CONNECT_SWAPPED);
      /* the sentences name bonds ("bond b8 carries…"): show their names;
       * a selection would be drawn in the blue of the step's highlight */
      self->explain_saved_bond_names = bg_canvas_get_show_bond_ids (self->canvas);
      bg_canvas_set_show_bond_ids (self->canvas, TRUE);
      bg_canvas_select_ids (self->canvas, (const char *const[]) { NULL });
      bg_explain_bar_set_trace (self->explain_bar, trace);
      say_where (self);
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

/* A step forward is left: a later step, or the instance the step shown
 * lies in to open. */
static gboolean
can_step_forward (BgWindow *self)
{
  guint n = bg_explain_bar_get_n_steps (self->explain_bar);
  guint step = bg_explain_bar_get_step (self->explain_bar);
  const char *shown = self->levels != NULL ? _bg_window_levels_get_prefix (self) : "";
  g_autofree char *home = step_level (self, step);

  if (!self->explaining || n == 0)
    return FALSE;
  return step + 1 < n || (within (shown, home) && !g_str_equal (shown, home));
}

void
_bg_window_explain_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = bg_explain_bar_get_n_steps (self->explain_bar);
  guint step = bg_explain_bar_get_step (self->explain_bar);
  gboolean on = self->explaining && n > 0;
  BgModel *model = self->document != NULL ? bg_document_get_model (self->document) : NULL;
  const char *shown = self->levels != NULL ? _bg_window_levels_get_prefix (self) : "";
  g_autofree char *last = step_level (self, n > 0 ? n - 1 : 0);
  gboolean next = can_step_forward (self);

  gtk_widget_action_set_enabled (widget, "win.explain-causality",
                                 self->explaining ||
                                 (model != NULL && bg_model_get_elements (model)->len > 0));
  gtk_widget_action_set_enabled (widget, "win.explain-leave", self->explaining);
  gtk_widget_action_set_enabled (widget, "win.explain-first", on && (step > 0 || shown[0] != '\0'));
  gtk_widget_action_set_enabled (widget, "win.explain-previous", on && (step > 0 || shown[0] != '\0'));
  gtk_widget_action_set_enabled (widget, "win.explain-next", next);
  gtk_widget_action_set_enabled (widget, "win.explain-last",
                                 on && (step + 1 < n || !g_str_equal (shown, last)));
  gtk_widget_action_set_enabled (widget, "win.explain-play", on && n > 1);
  /* playing ends where there is no step forward left */
  if (!next && bg_explain_bar_get_playing (self->explain_bar))
    bg_explain_bar_set_playing (self->explain_bar, FALSE);
}

static void
explain_step_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgExplainBar *bar = self->explain_bar;

  if (g_str_equal (action_name, "win.explain-next"))
    explain_next (self);
  else if (g_str_equal (action_name, "win.explain-previous"))
    explain_previous (self);
  else if (g_str_equal (action_name, "win.explain-first"))
    show_step_at (self, 0, "");
  else if (g_str_equal (action_name, "win.explain-last"))
    {
      guint n = bg_explain_bar_get_n_steps (bar);
      g_autofree char *last = step_level (self, n > 0 ? n - 1 : 0);

      show_step_at (self, n > 0 ? n - 1 : 0, last);
    }
  else if (g_str_equal (action_name, "win.explain-leave"))
    _bg_window_set_explain_mode (self, FALSE);
  else if (g_str_equal (action_name, "win.explain-play"))
    {
      /* from the end, playing starts again at the first step, at the top */
      if (!bg_explain_bar_get_playing (bar) && !can_step_forward (self))
        show_step_at (self, 0, "");
      bg_explain_bar_set_playing (bar, !bg_explain_bar_get_playing (bar));
    }
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
  g_clear_pointer (&self->explain_flat, bg_causality_trace_unref);
  g_clear_pointer (&self->explain_map, bg_flat_map_free);
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
