/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-list.c — the plot pane's list of kept runs (bg-run-list.h).
 *
 * Owns: the list box bound to the history, each row's controls and what
 * they change on their generation (name, pinned, hidden) or the history
 * (delete), the runs chosen for comparing, and the Compare button. Must
 * not: draw the plot or keep generations alive beyond their rows.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-run-label.h"
#include "bg-run-list.h"

struct _BgRunList
{
  GtkWidget     parent_instance;

  BgRunHistory *history;
  GtkListBox   *list;
  GtkButton    *compare_button;
  GtkLabel     *empty_label;
  gboolean      comparing;
};

enum { SIGNAL_COMPARE, SIGNAL_COMPARE_END, SIGNAL_EMPHASIZE, N_SIGNALS };

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgRunList, bg_run_list, GTK_TYPE_WIDGET)

#define ROW_GENERATION "bg-run-list-generation"

static BgRunGeneration *
row_generation (GtkWidget *row)
{
  return g_object_get_data (G_OBJECT (row), ROW_GENERATION);
}

static GtkWidget *
row_control (GtkWidget  *row,
             const char *name)
{
  return g_object_get_data (G_OBJECT (row), name);
}

/* The chosen generations, newest first (at most two are counted). */
static guint
chosen (BgRunList        *self,
        BgRunGeneration **first,
        BgRunGeneration **second)
{
  guint n = 0;

  *first = *second = NULL;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *check = row_control (row, "compare");

      if (check == NULL || !gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
        continue;
      if (n == 0)
        *first = row_generation (row);
      else if (n == 1)
        *second = row_generation (row);
      n++;
    }
  return n;
}

static void
update_compare_button (BgRunList *self)
{
  BgRunGeneration *a, *b;
  guint n = chosen (self, &a, &b);

  if (self->comparing)
    {
      gtk_button_set_label (self->compare_button, _("_Stop Comparing"));
      gtk_widget_set_sensitive (GTK_WIDGET (self->compare_button), TRUE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->compare_button),
                                   _("Show the newest run and the earlier ones again"));
      return;
    }
  gtk_button_set_label (self->compare_button, _("_Compare Two"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_button), n == 2);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->compare_button),
                               n == 2 ? _("Show only the two runs chosen")
                               : _("Tick two runs to compare them alone"));
}

/* Row subtitles: what each earlier run had that the newest has not. */
static void
update_subtitles (BgRunList *self)
{
  BgRunGeneration *newest = self->history != NULL ? bg_run_history_get_newest (self->history) : NULL;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      BgRunGeneration *generation = row_generation (row);
      GtkLabel *subtitle = GTK_LABEL (row_control (row, "subtitle"));
      g_autofree char *text = NULL;

      if (generation == NULL || subtitle == NULL)
        continue;
      /* the newest is the one in colour: always drawn */
      gtk_widget_set_sensitive (row_control (row, "shown"), generation != newest);
      if (generation == newest)
        text = g_strdup (_("newest, in colour"));
      else
        text = bg_run_label_dup_difference (bg_run_generation_get_params (generation),
                                            bg_run_generation_get_params (newest), 3);
      if (text == NULL)
        text = g_strdup (_("same parameters as the newest"));
      gtk_label_set_text (subtitle, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (subtitle), text);
    }
}

/* Row controls -------------------------------------------------------------- */

static void
title_changed_cb (GtkEditable *editable,
                  GParamSpec  *pspec,
                  GtkWidget   *row)
{
  BgRunGeneration *generation = row_generation (row);
  g_autofree char *text = NULL;
  g_autofree char *number_title = NULL;
  g_autofree char *title = NULL;

  if (gtk_editable_label_get_editing (GTK_EDITABLE_LABEL (editable)))
    return;
  text = g_strstrip (g_strdup (gtk_editable_get_text (editable)));
  number_title = bg_run_label_dup_number_title (bg_run_generation_get_number (generation));
  /* the default title back (or nothing) is no name */
  bg_run_generation_set_name (generation, g_str_equal (text, number_title) ? NULL : text);
  title = bg_run_label_dup_title (generation);
  if (g_strcmp0 (gtk_editable_get_text (editable), title) != 0)
    gtk_editable_set_text (editable, title);
}

static void
pin_toggled_cb (GtkToggleButton *button,
                GtkWidget       *row)
{
  bg_run_generation_set_pinned (row_generation (row), gtk_toggle_button_get_active (button));
}

static void
shown_toggled_cb (GtkToggleButton *button,
                  GtkWidget       *row)
{
  gboolean shown = gtk_toggle_button_get_active (button);

  gtk_button_set_icon_name (GTK_BUTTON (button),
                            shown ? "view-reveal-symbolic" : "view-conceal-symbolic");
  bg_run_generation_set_hidden (row_generation (row), !shown);
}

static void
delete_clicked_cb (GtkButton *button,
                   GtkWidget *row)
{
  BgRunList *self = BG_RUN_LIST (gtk_widget_get_ancestor (row, BG_TYPE_RUN_LIST));

  if (self != NULL && self->history != NULL)
    bg_run_history_remove (self->history, row_generation (row));
}

static void
check_toggled_cb (GtkCheckButton *check,
                  GtkWidget      *row)
{
  BgRunList *self = BG_RUN_LIST (gtk_widget_get_ancestor (row, BG_TYPE_RUN_LIST));

  if (self != NULL)
    update_compare_button (self);
}

static GtkWidget *
icon_toggle (const char *icon,
             const char *tooltip,
             gboolean    active)
{
  GtkWidget *button = gtk_toggle_button_new ();

  gtk_button_set_icon_name (GTK_BUTTON (button), icon);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), active);
  return button;
}

static GtkWidget *
create_row (gpointer item,
            gpointer data)
{
  BgRunGeneration *generation = item;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *check = gtk_check_button_new ();
  g_autofree char *title = bg_run_label_dup_title (generation);
  GtkWidget *name = gtk_editable_label_new (title);
  GtkWidget *subtitle = gtk_label_new (NULL);
  GtkWidget *pin, *shown, *delete;

  g_object_set_data_full (G_OBJECT (row), ROW_GENERATION, g_object_ref (generation),
                          g_object_unref);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "run-row");

  gtk_widget_set_tooltip_text (check, _("Choose for comparing"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Choose for comparing"), -1);
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  g_signal_connect (check, "toggled", G_CALLBACK (check_toggled_cb), row);
  gtk_box_append (GTK_BOX (box), check);

  gtk_widget_set_tooltip_text (name, _("Click or press Enter to rename"));
  gtk_widget_add_css_class (name, "run-title");
  g_signal_connect (name, "notify::editing", G_CALLBACK (title_changed_cb), row);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (subtitle), 24);
  gtk_label_set_max_width_chars (GTK_LABEL (subtitle), 40);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (texts), name);
  gtk_box_append (GTK_BOX (texts), subtitle);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_box_append (GTK_BOX (box), texts);

  pin = icon_toggle ("view-pin-symbolic", _("Keep this run beyond the count"),
                     bg_run_generation_get_pinned (generation));
  g_signal_connect (pin, "toggled", G_CALLBACK (pin_toggled_cb), row);
  gtk_box_append (GTK_BOX (box), pin);
  shown = icon_toggle (bg_run_generation_get_hidden (generation) ? "view-conceal-symbolic"
                       : "view-reveal-symbolic",
                       _("Show this run in the plot"), !bg_run_generation_get_hidden (generation));
  g_signal_connect (shown, "toggled", G_CALLBACK (shown_toggled_cb), row);
  gtk_box_append (GTK_BOX (box), shown);
  delete = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (delete, _("Delete this run"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (delete), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Delete this run"), -1);
  gtk_widget_add_css_class (delete, "flat");
  gtk_widget_set_valign (delete, GTK_ALIGN_CENTER);
  g_signal_connect (delete, "clicked", G_CALLBACK (delete_clicked_cb), row);
  gtk_box_append (GTK_BOX (box), delete);

  g_object_set_data (G_OBJECT (row), "compare", check);
  g_object_set_data (G_OBJECT (row), "title", name);
  g_object_set_data (G_OBJECT (row), "subtitle", subtitle);
  g_object_set_data (G_OBJECT (row), "pin", pin);
  g_object_set_data (G_OBJECT (row), "shown", shown);
  g_object_set_data (G_OBJECT (row), "delete", delete);

  gtk_widget_set_margin_top (box, 2);
  gtk_widget_set_margin_bottom (box, 2);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

/* The history --------------------------------------------------------------- */

static void
history_items_changed_cb (BgRunList  *self,
                          guint       position,
                          guint       removed,
                          guint       added,
                          GListModel *model)
{
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), g_list_model_get_n_items (model) == 0);
  update_subtitles (self);
  update_compare_button (self);
}

static void
generation_changed_cb (BgRunList       *self,
                       BgRunGeneration *generation,
                       BgRunHistory    *history)
{
  update_subtitles (self);
}

void
bg_run_list_set_history (BgRunList    *self,
                         BgRunHistory *history)
{
  g_return_if_fail (BG_IS_RUN_LIST (self));
  g_return_if_fail (history == NULL || BG_IS_RUN_HISTORY (history));

  if (self->history != NULL)
    g_signal_handlers_disconnect_by_data (self->history, self);
  g_set_object (&self->history, history);
  gtk_list_box_bind_model (self->list, G_LIST_MODEL (history), history != NULL ? create_row : NULL,
                           NULL, NULL);
  if (history == NULL)
    return;
  /* after the list box's own handler: the rows exist */
  g_signal_connect_object (history, "items-changed", G_CALLBACK (history_items_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (history, "generation-changed", G_CALLBACK (generation_changed_cb),
                           self, G_CONNECT_SWAPPED);
  history_items_changed_cb (self, 0, 0, 0, G_LIST_MODEL (history));
}

void
bg_run_list_set_comparing (BgRunList *self,
                           gboolean   comparing)
{
  g_return_if_fail (BG_IS_RUN_LIST (self));

  self->comparing = !!comparing;
  update_compare_button (self);
}

GtkWidget *
bg_run_list_get_control (BgRunList       *self,
                         BgRunGeneration *generation,
                         const char      *name)
{
  g_return_val_if_fail (BG_IS_RUN_LIST (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (row_generation (row) == generation)
      return row_control (row, name);
  return NULL;
}

GtkWidget *
bg_run_list_get_compare_button (BgRunList *self)
{
  g_return_val_if_fail (BG_IS_RUN_LIST (self), NULL);

  return GTK_WIDGET (self->compare_button);
}

/* Compare and emphasis --------------------------------------------------------- */

static void
compare_clicked_cb (BgRunList *self,
                    GtkButton *button)
{
  BgRunGeneration *newer, *older;

  if (self->comparing)
    {
      g_signal_emit (self, signals[SIGNAL_COMPARE_END], 0);
      return;
    }
  if (chosen (self, &newer, &older) == 2)
    g_signal_emit (self, signals[SIGNAL_COMPARE], 0, older, newer);
}

/* The row holding widget, or NULL. */
static GtkWidget *
row_of (BgRunList *self,
        GtkWidget *widget)
{
  GtkWidget *row = widget != NULL ? gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW) : NULL;

  return row != NULL && gtk_widget_get_parent (row) == GTK_WIDGET (self->list) ? row : NULL;
}

static void
emphasize (BgRunList *self,
           GtkWidget *row)
{
  g_signal_emit (self, signals[SIGNAL_EMPHASIZE], 0, row != NULL ? row_generation (row) : NULL);
}

static void
focus_changed_cb (BgRunList  *self,
                  GParamSpec *pspec,
                  GtkRoot    *root)
{
  emphasize (self, row_of (self, gtk_root_get_focus (root)));
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           BgRunList                *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list), x, y, GTK_PICK_DEFAULT);

  emphasize (self, row_of (self, picked));
}

static void
leave_cb (GtkEventControllerMotion *motion,
          BgRunList                *self)
{
  emphasize (self, NULL);
}

static void
bg_run_list_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (bg_run_list_parent_class)->root (widget);
  g_signal_connect_object (gtk_widget_get_root (widget), "notify::focus-widget",
                           G_CALLBACK (focus_changed_cb), widget, G_CONNECT_SWAPPED);
}

static void
bg_run_list_unroot (GtkWidget *widget)
{
  g_signal_handlers_disconnect_by_data (gtk_widget_get_root (widget), widget);
  emphasize (BG_RUN_LIST (widget), NULL);
  GTK_WIDGET_CLASS (bg_run_list_parent_class)->unroot (widget);
}

/* GObject ------------------------------------------------------------------------ */

GtkWidget *
bg_run_list_new (void)
{
  return g_object_new (BG_TYPE_RUN_LIST, NULL);
}

static void
bg_run_list_dispose (GObject *object)
{
  BgRunList *self = BG_RUN_LIST (object);
  GtkWidget *child;

  if (self->history != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->history, self);
      gtk_list_box_bind_model (self->list, NULL, NULL, NULL, NULL);
    }
  g_clear_object (&self->history);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bg_run_list_parent_class)->dispose (object);
}

static void
bg_run_list_class_init (BgRunListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_run_list_dispose;
  widget_class->root = bg_run_list_root;
  widget_class->unroot = bg_run_list_unroot;

  signals[SIGNAL_COMPARE] =
    g_signal_new ("compare", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, BG_TYPE_RUN_GENERATION, BG_TYPE_RUN_GENERATION);
  signals[SIGNAL_COMPARE_END] =
    g_signal_new ("compare-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_EMPHASIZE] =
    g_signal_new ("emphasize", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, BG_TYPE_RUN_GENERATION);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgrunlist");
}

static void
bg_run_list_init (BgRunList *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  GtkWidget *heading = gtk_label_new (_("Kept Runs"));
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *note;
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 6);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_widget_set_parent (heading, GTK_WIDGET (self));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "run-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Kept Runs"), -1);
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), motion);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_widget_set_parent (scroller, GTK_WIDGET (self));

  self->empty_label = GTK_LABEL (gtk_label_new (_("No runs yet: each finished run is kept here.")));
  gtk_label_set_wrap (self->empty_label, TRUE);
  gtk_label_set_max_width_chars (self->empty_label, 36);
  gtk_widget_add_css_class (GTK_WIDGET (self->empty_label), "dim-label");
  gtk_widget_set_parent (GTK_WIDGET (self->empty_label), GTK_WIDGET (self));

  self->compare_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Compare Two")));
  g_signal_connect_swapped (self->compare_button, "clicked", G_CALLBACK (compare_clicked_cb), self);
  gtk_widget_set_parent (GTK_WIDGET (self->compare_button), GTK_WIDGET (self));

  note = gtk_label_new (_("Kept runs belong to this window; the file does not save them."));
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 36);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_widget_set_parent (note, GTK_WIDGET (self));

  update_compare_button (self);
}
