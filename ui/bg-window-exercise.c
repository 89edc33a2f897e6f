/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-exercise.c — exercise mode and conflict remedies in the window.
 *
 * Owns: the window's exercise actions — win.exercise-mode (the
 * "exercise-mode" property, in the main menu), win.exercise-check,
 * win.exercise-reveal (the "exercise-reveal" property) and
 * win.apply-remedy(u), their sensitivity in _actions_update (accelerators
 * are in bg-application.c's table) — and two bars above the
 * canvas: the exercise bar (what to do, Check, Reveal, Leave, and after a
 * check the count and one line per wrong or missing stroke with its
 * sentence, in room kept from the start of the mode, so a Check does not
 * move the graph), and the remedy bar over the canvas's top shown while the analysis has a conflict
 * (outside exercise mode): one button per verified remedy of the first
 * conflict, each applied as one undoable step.
 *
 * In a model with components the strokes are placed on the level shown
 * (inside an instance, kept in the document by path: bg-window-levels.c)
 * and Check grades the flat graph by path, marked on the level shown.
 *
 * Must not: decide correctness or remedies (bg-causality-check.c and
 * bg-remedy.c do) or edit the model other than by bg_remedy_apply().
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-causality-check.h"
#include "bg-document.h"
#include "bg-remedy.h"
#include "bg-window-private.h"

#define REMEDY_PROMPT N_("If this is the intended physics:")

/* Remedies are looked for only in models up to this size: each is checked
 * on a copy of the model, and teaching models are small. */
#define REMEDY_MAX_ELEMENTS 2000

typedef struct _BgWindowExercise BgWindowExercise;

struct _BgWindowExercise
{
  GtkWidget          *exercise_bar;
  GtkWidget          *result_label;
  GtkWidget          *result_scroller; /* the results' room, the same before and after Check */
  GtkWidget          *remedy_bar;
  GtkWidget          *remedy_label;
  GtkWidget          *remedy_buttons;
  GPtrArray          *remedies;       /* BgRemedy*, for remedies_revision */
  guint64             remedies_revision;
  BgModel            *remedies_model; /* not a reference: compared only */
};

static BgModel *
window_model (BgWindow *self)
{
  return self->document != NULL ? bg_document_get_model (self->document) : NULL;
}

/* Check results -------------------------------------------------------------- */

static void
show_grade (BgWindow      *self,
            const BgGrade *grade)
{
  GString *text;
  guint n;

  if (grade == NULL)
    {
      gtk_label_set_label (GTK_LABEL (self->exercise->result_label),
                           _("Check (F7) marks every stroke here."));
      gtk_widget_add_css_class (self->exercise->result_label, "dim-label");
      return;
    }
  gtk_widget_remove_css_class (self->exercise->result_label, "dim-label");
  n = bg_grade_get_n_bonds (grade);
  text = g_string_new (NULL);
  if (bg_grade_is_ok (grade))
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "✓ All %u stroke is correct.",
                                            "✓ All %u strokes are correct.", n), n);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u of %u stroke correct · %u wrong · %u missing",
                                            "%u of %u strokes correct · %u wrong · %u missing", n),
                            bg_grade_count (grade, BG_VERDICT_OK), n,
                            bg_grade_count (grade, BG_VERDICT_WRONG),
                            bg_grade_count (grade, BG_VERDICT_MISSING));
  for (guint b = 0; b < n; b++)
    {
      const BgBondGrade *g = bg_grade_get_bond (grade, b);

      if (g->verdict == BG_VERDICT_WRONG)
        g_string_append_printf (text, "\n✗ %s: %s", g->bond_id, g->message);
    }
  if (bg_grade_count (grade, BG_VERDICT_MISSING) > 0)
    {
      g_autoptr(GPtrArray) ids = g_ptr_array_new ();
      g_autofree char *list = NULL;

      for (guint b = 0; b < n; b++)
        if (bg_grade_get_bond (grade, b)->verdict == BG_VERDICT_MISSING)
          g_ptr_array_add (ids, bg_grade_get_bond (grade, b)->bond_id);
      g_ptr_array_add (ids, NULL);
      list = g_strjoinv (", ", (char **) ids->pdata);
      g_string_append_c (text, '\n');
      g_string_append_printf (text, _("? No stroke yet on %s"), list);
    }
  gtk_label_set_label (GTK_LABEL (self->exercise->result_label), text->str);
  g_string_free (text, TRUE);
}

/* Lines of results the exercise bar keeps room for; more scroll. */
#define RESULT_LINES 4

/* The results' room, in the label's font: RESULT_LINES lines from the
 * start of the mode, so a Check never makes the bar taller and the graph
 * below never moves or hides under it. */
static void
reserve_result_room (BgWindow *self)
{
  GtkWidget *label = self->exercise->result_label;
  g_autoptr(GString) lines = g_string_new ("Ag");
  PangoLayout *layout;
  int height = 0;

  for (guint i = 1; i < RESULT_LINES; i++)
    g_string_append (lines, "\nAg");
  layout = gtk_widget_create_pango_layout (label, lines->str);
  pango_layout_get_pixel_size (layout, NULL, &height);
  g_object_unref (layout);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (self->exercise->result_scroller),
                                              height);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->exercise->result_scroller),
                                              height);
}

/* Remedies ------------------------------------------------------------------- */

static void
clear_remedy_buttons (BgWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->exercise->remedy_buttons)) != NULL)
    gtk_box_remove (GTK_BOX (self->exercise->remedy_buttons), child);
}

static GtkWidget *
remedy_button (const char *text,
               guint       index)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  /* a line or two, whatever the canvas's width */
  gtk_label_set_width_chars (GTK_LABEL (label), 10);
  gtk_button_set_child (GTK_BUTTON (button), label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.apply-remedy");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "u", index);
  gtk_widget_set_tooltip_text (button, _("Apply this edit (one step; Ctrl+Z undoes it)"));
  return button;
}

/* The remedies of the first conflict, for the model's current revision. */
static void
update_remedies (BgWindow *self)
{
  BgWindowExercise *ex = self->exercise;
  BgModel *model = window_model (self);
  BgCausality *causality = self->document != NULL
                           ? bg_document_get_causality (self->document) : NULL;
  int conflict;

  if (model == NULL || causality == NULL ||
      bg_causality_get_revision (causality) != bg_model_get_revision (model))
    return;
  if (ex->remedies != NULL && ex->remedies_model == model &&
      ex->remedies_revision == bg_model_get_revision (model))
    return;

  g_clear_pointer (&ex->remedies, g_ptr_array_unref);
  clear_remedy_buttons (self);
  /* a new conflict: the prompt again, not the last refusal */
  gtk_label_set_label (GTK_LABEL (ex->remedy_label), _(REMEDY_PROMPT));
  ex->remedies_model = model;
  ex->remedies_revision = bg_model_get_revision (model);
  conflict = bg_remedy_first_conflict (causality);
  if (conflict >= 0 && bg_model_get_elements (model)->len <= REMEDY_MAX_ELEMENTS)
    ex->remedies = bg_remedy_list (model, causality, (guint) conflict);
  else
    ex->remedies = g_ptr_array_new ();

  for (guint k = 0; k < ex->remedies->len; k++)
    gtk_box_append (GTK_BOX (ex->remedy_buttons),
                    remedy_button (bg_remedy_get_text (g_ptr_array_index (ex->remedies, k)), k));
}

/* The bar covers the canvas's top rows while the graph keeps its place on
 * the screen: the elements the status line names are panned into view
 * below it once it has its height, when they are not in view. */
static void
reveal_first_error (BgWindow *self)
{
  BgCausality *causality = self->document != NULL
                           ? bg_document_get_causality (self->document) : NULL;
  const GPtrArray *errors = causality != NULL ? bg_causality_get_errors (causality) : NULL;

  if (errors != NULL && errors->len > 0)
    {
      const BgDiagnostic *first = g_ptr_array_index (errors, 0);

      _bg_window_layout_reveal_below_bars (self, (const char *const *) first->elements);
    }
}

void
_bg_window_exercise_update (BgWindow *self)
{
  BgWindowExercise *ex = self->exercise;
  gboolean on = bg_canvas_get_exercise_mode (self->canvas);

  if (ex == NULL)
    return;
  gboolean remedies_shown;

  update_remedies (self);
  if (on)
    reserve_result_room (self);
  gtk_widget_set_visible (ex->exercise_bar, on);
  /* Explain Causality shows the conflict step by step; its remedies come
   * back when the mode ends (an edit would end it anyway), which also keeps
   * a 768-pixel window whole with the banner, the bar and the status. */
  remedies_shown = !on && !self->explaining && ex->remedies != NULL && ex->remedies->len > 0;
  if (remedies_shown && !gtk_widget_get_visible (ex->remedy_bar))
    reveal_first_error (self);
  gtk_widget_set_visible (ex->remedy_bar, remedies_shown);
  _bg_window_layout_bars_update (self);
  /* Marks and results hold until the next edit. */
  if (on && bg_canvas_get_exercise_grade (self->canvas) == NULL)
    show_grade (self, NULL);
}

/* Actions -------------------------------------------------------------------- */

gboolean
_bg_window_exercise_get_mode (BgWindow *self)
{
  return self->canvas != NULL && bg_canvas_get_exercise_mode (self->canvas);
}

gboolean
_bg_window_exercise_get_reveal (BgWindow *self)
{
  return self->canvas != NULL && bg_canvas_get_exercise_reveal (self->canvas);
}

/* Behind the "exercise-mode" property (win.exercise-mode). */
void
_bg_window_exercise_set_mode (BgWindow *self,
                              gboolean  on)
{
  gboolean revealed = _bg_window_exercise_get_reveal (self);

  on = !!on;
  if (on == _bg_window_exercise_get_mode (self))
    return;
  /* the two modes draw the strokes differently: one at a time; the
   * strokes are placed on the canvas, which the plot-only layout hides */
  if (on)
    {
      _bg_window_set_explain_mode (self, FALSE);
      /* strokes are placed on the level shown, inside a component too */
      _bg_window_layout_show_canvas (self);
    }
  bg_canvas_set_exercise_reveal (self->canvas, FALSE);
  bg_canvas_set_exercise_mode (self->canvas, on);
  show_grade (self, NULL);
  _bg_window_exercise_update (self);
  _bg_window_actions_update (self);
  g_object_notify (G_OBJECT (self), "exercise-mode");
  if (revealed)
    g_object_notify (G_OBJECT (self), "exercise-reveal");
  if (on)
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

/* Behind the "exercise-reveal" property (win.exercise-reveal). */
void
_bg_window_exercise_set_reveal (BgWindow *self,
                                gboolean  reveal)
{
  reveal = !!reveal && _bg_window_exercise_get_mode (self);
  if (reveal == _bg_window_exercise_get_reveal (self))
    return;
  bg_canvas_set_exercise_reveal (self->canvas, reveal);
  g_object_notify (G_OBJECT (self), "exercise-reveal");
}

static gboolean
has_remedies (BgWindow *self)
{
  BgWindowExercise *ex = self->exercise;

  return ex != NULL && ex->remedies != NULL && ex->remedies->len > 0;
}

void
_bg_window_exercise_actions_update (BgWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean on = _bg_window_exercise_get_mode (self);

  gtk_widget_action_set_enabled (widget, "win.exercise-check", on);
  gtk_widget_action_set_enabled (widget, "win.exercise-reveal", on);
  gtk_widget_action_set_enabled (widget, "win.apply-remedy", !on && has_remedies (self));
}

static void
check_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgModel *model = window_model (self);
  BgFlatMap *map = self->document != NULL ? bg_document_get_flat_map (self->document) : NULL;
  g_autoptr(BgGrade) grade = NULL;

  if (model == NULL || map == NULL || !_bg_window_exercise_get_mode (self))
    {
      show_grade (self, bg_canvas_check_exercise (self->canvas));
      return;
    }
  /* with components: the flat graph graded, every bond by its path
   * ("T2.b4"), and marked on the bonds of the level shown */
  grade = bg_grade_exercise (model);
  show_grade (self, grade);
  bg_canvas_show_exercise_grade (self->canvas,
                                 bg_grade_project (grade, _bg_window_levels_get_model (self),
                                                   _bg_window_levels_get_prefix (self), map));
}

/* A stroke placed inside a component is the document's, by path. */
static gboolean
canvas_place_stroke_cb (BgWindow   *self,
                        const char *bond_id,
                        int         stroke,
                        BgCanvas   *canvas)
{
  return _bg_window_levels_place_stroke (self, bond_id, (BgStroke) stroke);
}

static void
apply_remedy_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  BgWindow *self = BG_WINDOW (widget);
  BgWindowExercise *ex = self->exercise;
  BgModel *model = window_model (self);
  guint index = g_variant_get_uint32 (parameter);
  g_autoptr(GError) error = NULL;

  update_remedies (self);
  if (model == NULL || ex->remedies == NULL || index >= ex->remedies->len)
    return;
  if (!bg_remedy_apply (g_ptr_array_index (ex->remedies, index), model, &error))
    gtk_label_set_label (GTK_LABEL (ex->remedy_label), error->message);
}

void
_bg_window_exercise_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "win.exercise-mode",
                                            "exercise-mode");
  gtk_widget_class_install_property_action (widget_class, "win.exercise-reveal",
                                            "exercise-reveal");
  gtk_widget_class_install_action (widget_class, "win.exercise-check", NULL, check_action);
  gtk_widget_class_install_action (widget_class, "win.apply-remedy", "u",
                                   apply_remedy_action);
}

/* Layout --------------------------------------------------------------------- */

static GtkWidget *
bar_new (void)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  gtk_widget_set_visible (bar, FALSE);
  return bar;
}

static GtkWidget *
build_exercise_bar (BgWindow *self)
{
  GtkWidget *bar = bar_new ();
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title = gtk_label_new (_("Exercise: click near an end of each bond to put its causal stroke there (again to remove it; or select a bond and press S). Then Check."));
  GtkWidget *check = gtk_button_new_with_mnemonic (_("_Check"));
  GtkWidget *reveal = gtk_toggle_button_new_with_mnemonic (_("_Reveal"));
  GtkWidget *leave = gtk_button_new_with_mnemonic (_("_Leave Exercise"));

  gtk_widget_add_css_class (bar, "exercise-bar");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  self->exercise->result_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->exercise->result_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->exercise->result_label), 0);
  gtk_label_set_selectable (GTK_LABEL (self->exercise->result_label), TRUE);
  gtk_widget_set_valign (self->exercise->result_label, GTK_ALIGN_START);
  self->exercise->result_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->exercise->result_scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->exercise->result_scroller),
                                 self->exercise->result_label);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), title);
  gtk_box_append (GTK_BOX (text), self->exercise->result_scroller);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "win.exercise-check");
  gtk_widget_add_css_class (check, "suggested-action");
  gtk_widget_set_tooltip_text (check, _("Mark every stroke correct, wrong or missing (F7)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (reveal), "win.exercise-reveal");
  gtk_widget_set_tooltip_text (reveal, _("Also show the analyzer's strokes (Ctrl+Shift+R)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (leave), "win.exercise-mode");
  gtk_widget_set_tooltip_text (leave, _("Back to editing with the analyzer's strokes (Ctrl+Shift+X)"));
  gtk_widget_set_valign (check, GTK_ALIGN_START);
  gtk_widget_set_valign (reveal, GTK_ALIGN_START);
  gtk_widget_set_valign (leave, GTK_ALIGN_START);

  gtk_box_append (GTK_BOX (bar), text);
  gtk_box_append (GTK_BOX (bar), check);
  gtk_box_append (GTK_BOX (bar), reveal);
  gtk_box_append (GTK_BOX (bar), leave);
  return bar;
}

static GtkWidget *
build_remedy_bar (BgWindow *self)
{
  GtkWidget *bar = bar_new ();

  /* over the canvas: padding (style.css), not margins the grid shows through */
  gtk_widget_set_margin_start (bar, 0);
  gtk_widget_set_margin_end (bar, 0);
  gtk_widget_set_margin_top (bar, 0);
  gtk_widget_set_margin_bottom (bar, 0);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");

  gtk_widget_add_css_class (bar, "remedy-bar");
  /* the handbook: an element added to a model must be one the physics
   * has, never a hidden leak that silences the diagnostic */
  self->exercise->remedy_label = gtk_label_new (_(REMEDY_PROMPT));
  gtk_widget_set_tooltip_text (self->exercise->remedy_label,
                               _("Each button adds a real element to the model. Add one only "
                                 "when it represents the intended physics, not to silence "
                                 "the conflict."));
  self->exercise->remedy_buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_hexpand (self->exercise->remedy_buttons, TRUE);
  /* the canvas's width only: the prompt on a line of its own, the
   * remedies side by side below it, their sentences wrapped */
  gtk_box_set_homogeneous (GTK_BOX (self->exercise->remedy_buttons), TRUE);
  gtk_label_set_wrap (GTK_LABEL (self->exercise->remedy_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->exercise->remedy_label), 0);
  gtk_widget_set_hexpand (self->exercise->remedy_label, TRUE);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (bar), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (bar), 6);
  {
    GtkWidget *prompt = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

    gtk_box_append (GTK_BOX (prompt), icon);
    gtk_box_append (GTK_BOX (prompt), self->exercise->remedy_label);
    gtk_box_append (GTK_BOX (bar), prompt);
  }
  gtk_box_append (GTK_BOX (bar), self->exercise->remedy_buttons);
  return bar;
}

void
_bg_window_exercise_init (BgWindow *self)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (self->palette));
  GtkWidget *column = gtk_widget_get_parent (row);
  BgWindowExercise *ex = g_new0 (BgWindowExercise, 1);

  self->exercise = ex;
  /* The exercise bar sits above the palette, canvas and inspector, for the
   * whole mode; the remedy bar over the canvas's top (the canvas keeps the
   * graph below it), where a conflict comes and goes while a student
   * builds without the graph moving. */
  ex->exercise_bar = build_exercise_bar (self);
  g_signal_connect_object (self->canvas, "place-stroke", G_CALLBACK (canvas_place_stroke_cb),
                           self, G_CONNECT_SWAPPED);
  ex->remedy_bar = build_remedy_bar (self);
  _bg_window_layout_add_bar (self, ex->remedy_bar);
  gtk_box_insert_child_after (GTK_BOX (column), ex->exercise_bar, NULL);
}

void
_bg_window_exercise_finalize (BgWindow *self)
{
  if (self->exercise == NULL)
    return;
  g_clear_pointer (&self->exercise->remedies, g_ptr_array_unref);
  g_clear_pointer (&self->exercise, g_free);
}
