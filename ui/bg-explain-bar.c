/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-explain-bar.c — the "Explain Causality" banner above the canvas.
 *
 * Owns: the trace and step shown, the heading and the wrapping sentence, the
 * step buttons, the play timer (see bg-explain-bar.h), and the banner's one
 * height for all the steps of the trace at its width (the tallest heading,
 * sentence and conflict line), so the canvas below keeps its place from
 * step to step. Must not:
 * analyse causality, edit the model, or end the mode itself: the close
 * button and the keys are the window's actions.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-explain-bar.h"
#include "bg-widget-util-private.h"

#define DEFAULT_PLAY_INTERVAL_MS 2000

struct _BgExplainBar
{
  GtkWidget         parent_instance;

  BgCanvas         *canvas;      /* not owned */
  BgCausalityTrace *trace;
  guint             step;
  gboolean          playing;
  guint             play_interval;
  guint             play_timeout;
  char             *heading;

  GtkWidget        *heading_label;
  GtkWidget        *sentence_label;
  GtkWidget        *conflict_label;  /* a conflict found at an earlier step */
  GtkWidget        *play_button;
};

enum
{
  PROP_0,
  PROP_STEP,
  PROP_PLAYING,
  PROP_PLAY_INTERVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (BgExplainBar, bg_explain_bar, GTK_TYPE_WIDGET)

GtkWidget *
bg_explain_bar_new (void)
{
  return g_object_new (BG_TYPE_EXPLAIN_BAR, NULL);
}

static const BgTraceStep *
bar_current_step (BgExplainBar *self)
{
  if (self->trace == NULL || bg_causality_trace_get_n_steps (self->trace) == 0)
    return NULL;
  return bg_causality_trace_get_step (self->trace, self->step);
}

/* "Step 3 of 14 · storage" for step K of N. */
static char *
heading_for (const BgTraceStep *step,
             guint              k,
             guint              n)
{
  /* TRANSLATORS: the heading of the causality explanation, e.g.
   * "Step 3 of 14 · storage" */
  return g_strdup_printf (_("Step %u of %u · %s"), k + 1, n,
                          step->conflict ? _("conflict")
                                         : bg_trace_phase_display_name (step->phase));
}

/* "Conflict found at step 4: …" for the conflict step FOUND. */
static char *
conflict_text_for (const BgTraceStep *found)
{
  /* TRANSLATORS: %u is the step's number, %s the conflict's sentence */
  return g_strdup_printf (_("Conflict found at step %u: %s"), found->index + 1, found->sentence);
}

/* A conflict found before the current step stays in view below its
 * sentence: the last step of a conflicting model shows it. */
static void
update_conflict (BgExplainBar *self)
{
  const BgTraceStep *found = NULL;

  for (guint k = 0; self->trace != NULL && k < self->step; k++)
    {
      const BgTraceStep *s = bg_causality_trace_get_step (self->trace, k);

      if (s->conflict)
        found = s;
    }
  if (found != NULL)
    {
      g_autofree char *text = conflict_text_for (found);

      gtk_label_set_label (GTK_LABEL (self->conflict_label), text);
    }
  else
    gtk_label_set_label (GTK_LABEL (self->conflict_label), "");
  gtk_widget_set_visible (self->conflict_label, found != NULL);
}

/* The labels, the conflict style and the canvas follow the step. */
static void
bar_update (BgExplainBar *self)
{
  const BgTraceStep *step = bar_current_step (self);
  guint n = self->trace != NULL ? bg_causality_trace_get_n_steps (self->trace) : 0;

  g_clear_pointer (&self->heading, g_free);
  if (step == NULL)
    {
      self->heading = g_strdup (_("Explain Causality"));
      gtk_label_set_label (GTK_LABEL (self->sentence_label),
                           self->trace != NULL ? _("The model has no bonds to give strokes to.")
                                               : "");
    }
  else
    {
      self->heading = heading_for (step, self->step, n);
      gtk_label_set_label (GTK_LABEL (self->sentence_label), step->sentence);
    }
  gtk_label_set_label (GTK_LABEL (self->heading_label), self->heading);
  update_conflict (self);
  if (step != NULL && (step->conflict || gtk_widget_get_visible (self->conflict_label)))
    gtk_widget_add_css_class (GTK_WIDGET (self), "conflict");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "conflict");
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            self->playing ? "media-playback-pause-symbolic"
                                          : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (self->play_button,
                               self->playing ? _("Pause") : _("Play"));
  if (self->canvas != NULL)
    bg_canvas_set_explain_step (self->canvas, self->trace, self->step);
}

static gboolean
play_timeout_cb (gpointer data)
{
  BgExplainBar *self = data;
  guint n = bg_explain_bar_get_n_steps (self);

  /* in a window, a step forward is the window's (it may first open the
   * component the next step lies in); it stops playing at the end */
  if (gtk_widget_activate_action (GTK_WIDGET (self), "win.explain-next", NULL))
    return self->playing ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
  if (n == 0 || self->step + 1 >= n)
    {
      self->play_timeout = 0;
      bg_explain_bar_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  bg_explain_bar_set_step (self, self->step + 1);
  if (self->step + 1 >= n)
    {
      /* the last step stays on screen; playing ends there */
      self->play_timeout = 0;
      bg_explain_bar_set_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
bg_explain_bar_set_canvas (BgExplainBar *self,
                           BgCanvas     *canvas)
{
  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));
  g_return_if_fail (canvas == NULL || BG_IS_CANVAS (canvas));

  self->canvas = canvas;
}

void
bg_explain_bar_set_trace (BgExplainBar     *self,
                          BgCausalityTrace *trace)
{
  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));

  bg_explain_bar_set_playing (self, FALSE);
  if (trace != NULL)
    bg_causality_trace_ref (trace);
  g_clear_pointer (&self->trace, bg_causality_trace_unref);
  self->trace = trace;
  self->step = 0;
  bar_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

void
bg_explain_bar_replace_trace (BgExplainBar     *self,
                              BgCausalityTrace *trace)
{
  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));
  g_return_if_fail (trace != NULL);

  if (self->trace == NULL ||
      bg_causality_trace_get_n_steps (trace) != bg_causality_trace_get_n_steps (self->trace))
    {
      bg_explain_bar_set_trace (self, trace);
      return;
    }
  bg_causality_trace_ref (trace);
  g_clear_pointer (&self->trace, bg_causality_trace_unref);
  self->trace = trace;
  bar_update (self);
}

BgCausalityTrace *
bg_explain_bar_get_trace (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), NULL);

  return self->trace;
}

guint
bg_explain_bar_get_n_steps (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), 0);

  return self->trace != NULL ? bg_causality_trace_get_n_steps (self->trace) : 0;
}

guint
bg_explain_bar_get_step (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), 0);

  return self->step;
}

void
bg_explain_bar_set_step (BgExplainBar *self,
                         guint         step)
{
  guint n;

  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));

  n = bg_explain_bar_get_n_steps (self);
  step = n == 0 ? 0 : MIN (step, n - 1);
  if (step == self->step)
    return;
  self->step = step;
  bar_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

void
bg_explain_bar_move (BgExplainBar *self,
                     int           delta)
{
  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));

  if (delta < 0 && self->step < (guint) -delta)
    bg_explain_bar_set_step (self, 0);
  else
    bg_explain_bar_set_step (self, self->step + delta);
}

gboolean
bg_explain_bar_get_playing (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), FALSE);

  return self->playing;
}

void
bg_explain_bar_set_playing (BgExplainBar *self,
                            gboolean      playing)
{
  guint n;

  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));

  n = bg_explain_bar_get_n_steps (self);
  playing = !!playing && n > 1;
  if (playing == self->playing)
    return;
  self->playing = playing;
  g_clear_handle_id (&self->play_timeout, g_source_remove);
  if (playing)
    {
      if (self->step + 1 >= n)
        bg_explain_bar_set_step (self, 0);
      self->play_timeout = g_timeout_add (self->play_interval, play_timeout_cb, self);
    }
  bar_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

guint
bg_explain_bar_get_play_interval (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), 0);

  return self->play_interval;
}

void
bg_explain_bar_set_play_interval (BgExplainBar *self,
                                  guint         ms)
{
  g_return_if_fail (BG_IS_EXPLAIN_BAR (self));

  ms = MAX (ms, 1);
  if (ms == self->play_interval)
    return;
  self->play_interval = ms;
  if (self->playing)
    {
      g_clear_handle_id (&self->play_timeout, g_source_remove);
      self->play_timeout = g_timeout_add (self->play_interval, play_timeout_cb, self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAY_INTERVAL]);
}

const char *
bg_explain_bar_get_heading (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), NULL);

  return self->heading;
}

const char *
bg_explain_bar_get_sentence (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->sentence_label));
}

const char *
bg_explain_bar_get_conflict (BgExplainBar *self)
{
  g_return_val_if_fail (BG_IS_EXPLAIN_BAR (self), NULL);

  if (!gtk_widget_get_visible (self->conflict_label))
    return NULL;
  return gtk_label_get_label (GTK_LABEL (self->conflict_label));
}

/* Layout: one height for every step ---------------------------------------- */

#define SPACING 4
#define ROW_SPACING 12

/* The height LABEL's text TEXT takes wrapped at WIDTH (unwrapped when
 * WIDTH < 0), in the label's font. */
static int
text_height (GtkWidget  *label,
             const char *text,
             int         width)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (label, text);
  int height = 0;

  if (width > 0)
    {
      pango_layout_set_width (layout, width * PANGO_SCALE);
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_get_pixel_size (layout, NULL, &height);
  g_object_unref (layout);
  return height;
}

static int
measured_height (GtkWidget *child,
                 int        width)
{
  int min = 0;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, NULL, NULL, NULL);
  return min;
}

/* The tallest each of the heading row, the sentence and the conflict line
 * gets over all steps at WIDTH: the banner keeps that height whatever the
 * step, so the graph below does not move between steps. */
static void
reserved_heights (BgExplainBar *self,
                  int           width,
                  int          *row_h,
                  int          *sentence_h,
                  int          *conflict_h)
{
  GtkWidget *holder = gtk_widget_get_parent (self->heading_label);
  GtkWidget *row = gtk_widget_get_parent (holder);
  guint n = bg_explain_bar_get_n_steps (self);
  int heading_w = -1, buttons = 0;

  *row_h = measured_height (row, width);
  *sentence_h = measured_height (self->sentence_label, width);
  *conflict_h = gtk_widget_get_visible (self->conflict_label)
                ? measured_height (self->conflict_label, width) : 0;
  if (n == 0)
    return;
  /* the heading wraps in what the buttons leave of the row */
  for (GtkWidget *child = gtk_widget_get_next_sibling (holder); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int w = 0;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &w, NULL, NULL, NULL);
      buttons += w + ROW_SPACING;
    }
  if (width > 0)
    heading_w = MAX (1, width - buttons);
  for (guint k = 0; k < n; k++)
    {
      const BgTraceStep *step = bg_causality_trace_get_step (self->trace, k);
      g_autofree char *heading = heading_for (step, k, n);

      *row_h = MAX (*row_h, text_height (self->heading_label, heading, heading_w));
      *sentence_h = MAX (*sentence_h, text_height (self->sentence_label, step->sentence, width));
      /* a conflict stays in view below the steps after it */
      if (step->conflict && k + 1 < n)
        {
          g_autofree char *text = conflict_text_for (step);

          *conflict_h = MAX (*conflict_h, text_height (self->conflict_label, text, width));
        }
    }
}

static GtkSizeRequestMode
bar_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
bar_measure (GtkWidget      *widget,
             GtkOrientation  orientation,
             int             for_size,
             int            *minimum,
             int            *natural,
             int            *minimum_baseline,
             int            *natural_baseline)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        {
          int min = 0, nat = 0;

          if (!gtk_widget_should_layout (child))
            continue;
          gtk_widget_measure (child, orientation, -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
    }
  else
    {
      int row_h, sentence_h, conflict_h;

      reserved_heights (self, for_size, &row_h, &sentence_h, &conflict_h);
      *minimum = row_h + SPACING + sentence_h + (conflict_h > 0 ? SPACING + conflict_h : 0);
      *natural = *minimum;
    }
}

static void
bar_allocate (GtkWidget *widget,
              int        width,
              int        height,
              int        baseline)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (widget);
  GtkWidget *row = gtk_widget_get_parent (gtk_widget_get_parent (self->heading_label));
  int row_h, sentence_h, conflict_h, y = 0;

  reserved_heights (self, width, &row_h, &sentence_h, &conflict_h);
  gtk_widget_size_allocate (row, &(GtkAllocation) { 0, y, width, row_h }, -1);
  y += row_h + SPACING;
  gtk_widget_size_allocate (self->sentence_label,
                            &(GtkAllocation) { 0, y, width, sentence_h }, -1);
  y += sentence_h + SPACING;
  if (gtk_widget_get_visible (self->conflict_label))
    gtk_widget_size_allocate (self->conflict_label,
                              &(GtkAllocation) { 0, y, width,
                                                 MAX (conflict_h, measured_height (self->conflict_label, width)) },
                              -1);
}

/* GObject ------------------------------------------------------------------ */

static GtkWidget *
step_button (const char *icon,
             const char *action,
             const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static GtkWidget *
wrapping_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  /* Wraps at any width, never ellipsized: the whole sentence is the lesson. */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_width_chars (GTK_LABEL (label), 10);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 400);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, css_class);
  return label;
}

/* The heading and the buttons on one row, the sentence (and a conflict
 * found earlier) below them across the whole width. */
static void
bg_explain_bar_init (BgExplainBar *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, ROW_SPACING);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  self->play_interval = DEFAULT_PLAY_INTERVAL_MS;
  gtk_widget_add_css_class (widget, "explain-bar");
  gtk_widget_set_layout_manager (widget, gtk_custom_layout_new (bar_request_mode, bar_measure,
                                                                bar_allocate));

  self->heading_label = wrapping_label ("explain-heading");
  gtk_widget_set_valign (self->heading_label, GTK_ALIGN_CENTER);
  /* in a box of its own, which has no baseline: the row is as tall as the
   * taller of the heading and the buttons, never more (the height the
   * steps' headings are measured for) */
  {
    GtkWidget *holder = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

    gtk_widget_set_hexpand (holder, TRUE);
    gtk_box_append (GTK_BOX (holder), self->heading_label);
    gtk_box_append (GTK_BOX (row), holder);
  }

  gtk_widget_add_css_class (buttons, "linked");
  gtk_box_append (GTK_BOX (buttons), step_button ("go-first-symbolic", "win.explain-first",
                                                  _("First Step")));
  gtk_box_append (GTK_BOX (buttons), step_button ("go-previous-symbolic", "win.explain-previous",
                                                  _("Previous Step")));
  self->play_button = step_button ("media-playback-start-symbolic", "win.explain-play",
                                   _("Play"));
  gtk_box_append (GTK_BOX (buttons), self->play_button);
  gtk_box_append (GTK_BOX (buttons), step_button ("go-next-symbolic", "win.explain-next",
                                                  _("Next Step")));
  gtk_box_append (GTK_BOX (buttons), step_button ("go-last-symbolic", "win.explain-last",
                                                  _("Last Step")));
  gtk_box_append (GTK_BOX (row), buttons);
  gtk_box_append (GTK_BOX (row), step_button ("window-close-symbolic", "win.explain-leave",
                                              _("Leave Explain Causality")));
  gtk_widget_set_parent (row, widget);

  self->sentence_label = wrapping_label ("explain-sentence");
  gtk_widget_set_parent (self->sentence_label, widget);

  self->conflict_label = wrapping_label ("explain-conflict");
  gtk_widget_set_visible (self->conflict_label, FALSE);
  gtk_widget_set_parent (self->conflict_label, widget);

  bar_update (self);
}

static void
bg_explain_bar_dispose (GObject *object)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (object);

  g_clear_handle_id (&self->play_timeout, g_source_remove);
  g_clear_pointer (&self->trace, bg_causality_trace_unref);
  self->canvas = NULL;
  _bg_widget_unparent_children (GTK_WIDGET (self));

  G_OBJECT_CLASS (bg_explain_bar_parent_class)->dispose (object);
}

static void
bg_explain_bar_finalize (GObject *object)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (object);

  g_free (self->heading);

  G_OBJECT_CLASS (bg_explain_bar_parent_class)->finalize (object);
}

static void
bg_explain_bar_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_PLAY_INTERVAL:
      g_value_set_uint (value, self->play_interval);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_explain_bar_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BgExplainBar *self = BG_EXPLAIN_BAR (object);

  switch (prop_id)
    {
    case PROP_STEP:
      bg_explain_bar_set_step (self, g_value_get_uint (value));
      break;
    case PROP_PLAYING:
      bg_explain_bar_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_PLAY_INTERVAL:
      bg_explain_bar_set_play_interval (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_explain_bar_class_init (BgExplainBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_explain_bar_dispose;
  object_class->finalize = bg_explain_bar_finalize;
  object_class->get_property = bg_explain_bar_get_property;
  object_class->set_property = bg_explain_bar_set_property;

  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0, _BG_PARAM_READWRITE);
  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE, _BG_PARAM_READWRITE);
  properties[PROP_PLAY_INTERVAL] =
    g_param_spec_uint ("play-interval", NULL, NULL, 1, 60000, DEFAULT_PLAY_INTERVAL_MS,
                       _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "bgexplainbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}
