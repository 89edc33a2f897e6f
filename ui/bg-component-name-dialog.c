/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-name-dialog.c — asking the name of a new component (see
 * bg-component-name-dialog.h).
 *
 * Owns: the dialog's widgets, the suggestion ("Component", else
 * "Component2", ...), the check as the name is typed and the
 * "name-chosen" signal. Must not: keep the model past its own life (it
 * holds a reference only while open) or edit it.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-component-name-dialog.h"

struct _BgComponentNameDialog
{
  GtkWindow  parent_instance;

  BgModel   *model;
  GtkWidget *entry;
  GtkWidget *problem_label;
  GtkWidget *make_button;
  char      *problem;
};

G_DEFINE_FINAL_TYPE (BgComponentNameDialog, bg_component_name_dialog, GTK_TYPE_WINDOW)

enum
{
  SIGNAL_NAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The first of Component, Component2, ... the model does not have. */
static char *
suggest_name (BgModel *model)
{
  for (guint n = 1;; n++)
    {
      char *name = n == 1 ? g_strdup ("Component") : g_strdup_printf ("Component%u", n);

      if (bg_model_check_component_name (model, name, NULL))
        return name;
      g_free (name);
      if (n > 10000)
        return g_strdup ("");
    }
}

static void
check_name (BgComponentNameDialog *self)
{
  g_autoptr(GError) error = NULL;
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  gboolean ok;

  g_clear_pointer (&self->problem, g_free);
  ok = bg_model_check_component_name (self->model, name, &error);
  if (!ok)
    self->problem = g_strdup (name[0] == '\0' ? _("Give the component a name") : error->message);
  gtk_label_set_label (GTK_LABEL (self->problem_label), self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (self->problem_label, self->problem != NULL);
  gtk_widget_set_sensitive (self->make_button, ok);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_STATE_INVALID,
                               ok ? GTK_ACCESSIBLE_INVALID_FALSE : GTK_ACCESSIBLE_INVALID_TRUE,
                               -1);
}

static void
entry_changed_cb (BgComponentNameDialog *self)
{
  check_name (self);
}

static void
make (BgComponentNameDialog *self)
{
  g_autofree char *name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));

  check_name (self);
  if (self->problem != NULL)
    return;
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_NAME_CHOSEN], 0, name);
  gtk_window_destroy (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
make_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  make (BG_COMPONENT_NAME_DIALOG (widget));
}

BgComponentNameDialog *
bg_component_name_dialog_new (GtkWindow *parent,
                              BgModel   *model,
                              guint      n_elements)
{
  BgComponentNameDialog *self;
  g_autofree char *name = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_object_new (BG_TYPE_COMPONENT_NAME_DIALOG, "transient-for", parent, NULL);
  self->model = g_object_ref (model);
  name = suggest_name (model);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), name);
  gtk_editable_select_region (GTK_EDITABLE (self->entry), 0, -1);
  what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "The selected element becomes a component, and one instance of it takes its place.",
                                       "The %u selected elements become a component, and one instance of it takes their place.",
                                       n_elements), n_elements);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, what, -1);
  gtk_widget_set_tooltip_text (self->entry, what);
  check_name (self);
  return self;
}

GtkEntry *
bg_component_name_dialog_get_entry (BgComponentNameDialog *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_NAME_DIALOG (self), NULL);

  return GTK_ENTRY (self->entry);
}

const char *
bg_component_name_dialog_get_problem (BgComponentNameDialog *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_NAME_DIALOG (self), NULL);

  return self->problem;
}

static void
bg_component_name_dialog_dispose (GObject *object)
{
  BgComponentNameDialog *self = BG_COMPONENT_NAME_DIALOG (object);

  g_clear_object (&self->model);

  G_OBJECT_CLASS (bg_component_name_dialog_parent_class)->dispose (object);
}

static void
bg_component_name_dialog_finalize (GObject *object)
{
  BgComponentNameDialog *self = BG_COMPONENT_NAME_DIALOG (object);

  g_free (self->problem);

  G_OBJECT_CLASS (bg_component_name_dialog_parent_class)->finalize (object);
}

static void
bg_component_name_dialog_class_init (BgComponentNameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_component_name_dialog_dispose;
  object_class->finalize = bg_component_name_dialog_finalize;

  signals[SIGNAL_NAME_CHOSEN] =
    g_signal_new ("name-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "dialog.make", NULL, make_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bg_component_name_dialog_init (BgComponentNameDialog *self)
{
  GtkWidget *content, *label, *actions, *cancel;

  gtk_window_set_title (GTK_WINDOW (self), _("Make Component"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);

  content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (content, 18);
  gtk_widget_set_margin_end (content, 18);
  gtk_widget_set_margin_top (content, 18);
  gtk_widget_set_margin_bottom (content, 18);

  label = gtk_label_new_with_mnemonic (_("_Name of the new component"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  self->entry = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (self->entry), TRUE);
  gtk_entry_set_max_length (GTK_ENTRY (self->entry), 64);
  gtk_editable_set_width_chars (GTK_EDITABLE (self->entry), 28);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), self->entry);
  g_signal_connect_object (self->entry, "changed", G_CALLBACK (entry_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->problem_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->problem_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->problem_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->problem_label), 40);
  gtk_widget_add_css_class (self->problem_label, "error");
  gtk_widget_set_visible (self->problem_label, FALSE);

  actions = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (actions, GTK_ALIGN_END);
  gtk_widget_set_margin_top (actions, 12);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  self->make_button = gtk_button_new_with_mnemonic (_("_Make Component"));
  gtk_widget_add_css_class (self->make_button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->make_button), "dialog.make");
  gtk_box_append (GTK_BOX (actions), cancel);
  gtk_box_append (GTK_BOX (actions), self->make_button);

  gtk_box_append (GTK_BOX (content), label);
  gtk_box_append (GTK_BOX (content), self->entry);
  gtk_box_append (GTK_BOX (content), self->problem_label);
  gtk_box_append (GTK_BOX (content), actions);
  gtk_window_set_child (GTK_WINDOW (self), content);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->make_button);
}
