/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-breadcrumb-bar.c — where the canvas is inside the model's components
 * (see bg-breadcrumb-bar.h).
 *
 * Owns: the bar's children, rebuilt for each path: a Back button, a flat
 * button per level above (actionable: win.go-to-level(depth)), "›"
 * between levels, the level shown in bold, and the note, dimmed, after
 * them. Must not: hold models or navigate by itself.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-breadcrumb-bar.h"
#include "bg-widget-util-private.h"

struct _BgBreadcrumbBar
{
  GtkWidget  parent_instance;

  GtkWidget *crumbs;  /* a box of buttons and labels */
  GtkWidget *note;
  GPtrArray *buttons; /* GtkButton*, one per level above, by depth */
  GStrv      levels;
};

G_DEFINE_FINAL_TYPE (BgBreadcrumbBar, bg_breadcrumb_bar, GTK_TYPE_WIDGET)

static void
clear_crumbs (BgBreadcrumbBar *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->crumbs)) != NULL)
    gtk_box_remove (GTK_BOX (self->crumbs), child);
  g_ptr_array_set_size (self->buttons, 0);
}

void
bg_breadcrumb_bar_set_path (BgBreadcrumbBar   *self,
                            const char *const *levels,
                            const char        *note)
{
  guint n;

  g_return_if_fail (BG_IS_BREADCRUMB_BAR (self));
  g_return_if_fail (levels != NULL && levels[0] != NULL);

  clear_crumbs (self);
  g_strfreev (self->levels);
  self->levels = g_strdupv ((char **) levels);
  n = g_strv_length (self->levels);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        {
          GtkWidget *sep = gtk_label_new ("›");

          gtk_widget_add_css_class (sep, "dim-label");
          gtk_accessible_update_state (GTK_ACCESSIBLE (sep), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
          gtk_box_append (GTK_BOX (self->crumbs), sep);
        }
      if (i + 1 < n)
        {
          GtkWidget *button = gtk_button_new_with_label (levels[i]);
          g_autofree char *tip = g_strdup_printf (_("Back to %s"), levels[i]);

          GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));

          /* a model's long name gives way: the bar never widens the window */
          if (GTK_IS_LABEL (label))
            {
              gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
              gtk_label_set_max_width_chars (GTK_LABEL (label), 18);
              gtk_label_set_width_chars (GTK_LABEL (label), MIN (8, (int) g_utf8_strlen (levels[i], -1)));
            }
          gtk_widget_add_css_class (button, "flat");
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.go-to-level");
          gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button),
                                                  g_variant_new_uint32 (i));
          gtk_widget_set_tooltip_text (button, tip);
          gtk_box_append (GTK_BOX (self->crumbs), button);
          g_ptr_array_add (self->buttons, button);
        }
      else
        {
          GtkWidget *here = gtk_label_new (NULL);
          g_autofree char *markup = g_markup_printf_escaped ("<b>%s</b>", levels[i]);

          gtk_label_set_markup (GTK_LABEL (here), markup);
          gtk_label_set_ellipsize (GTK_LABEL (here), PANGO_ELLIPSIZE_MIDDLE);
          gtk_label_set_max_width_chars (GTK_LABEL (here), 40);
          gtk_label_set_width_chars (GTK_LABEL (here), MIN (12, (int) g_utf8_strlen (levels[i], -1)));
          gtk_widget_set_tooltip_text (here, levels[i]);
          gtk_widget_set_margin_start (here, 6);
          gtk_widget_set_margin_end (here, 6);
          gtk_box_append (GTK_BOX (self->crumbs), here);
        }
    }
  gtk_label_set_label (GTK_LABEL (self->note), note != NULL ? note : "");
  /* the whole note when it does not fit */
  gtk_widget_set_tooltip_text (self->note, note);
}

char *
bg_breadcrumb_bar_dup_text (BgBreadcrumbBar *self)
{
  g_return_val_if_fail (BG_IS_BREADCRUMB_BAR (self), NULL);

  return self->levels != NULL ? g_strjoinv (" › ", self->levels) : g_strdup ("");
}

const char *
bg_breadcrumb_bar_get_note (BgBreadcrumbBar *self)
{
  g_return_val_if_fail (BG_IS_BREADCRUMB_BAR (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->note));
}

GtkWidget *
bg_breadcrumb_bar_get_button (BgBreadcrumbBar *self,
                              guint            depth)
{
  g_return_val_if_fail (BG_IS_BREADCRUMB_BAR (self), NULL);

  return depth < self->buttons->len ? g_ptr_array_index (self->buttons, depth) : NULL;
}

GtkWidget *
bg_breadcrumb_bar_new (void)
{
  return g_object_new (BG_TYPE_BREADCRUMB_BAR, NULL);
}

static void
bg_breadcrumb_bar_dispose (GObject *object)
{
  BgBreadcrumbBar *self = BG_BREADCRUMB_BAR (object);

  _bg_widget_unparent_children (GTK_WIDGET (self));
  self->crumbs = NULL;
  self->note = NULL;

  G_OBJECT_CLASS (bg_breadcrumb_bar_parent_class)->dispose (object);
}

static void
bg_breadcrumb_bar_finalize (GObject *object)
{
  BgBreadcrumbBar *self = BG_BREADCRUMB_BAR (object);

  g_ptr_array_unref (self->buttons);
  g_strfreev (self->levels);

  G_OBJECT_CLASS (bg_breadcrumb_bar_parent_class)->finalize (object);
}

static void
bg_breadcrumb_bar_class_init (BgBreadcrumbBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_breadcrumb_bar_dispose;
  object_class->finalize = bg_breadcrumb_bar_finalize;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgbreadcrumbbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_NAVIGATION);
}

static void
bg_breadcrumb_bar_init (BgBreadcrumbBar *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkWidget *back;

  self->buttons = g_ptr_array_new ();
  gtk_widget_add_css_class (widget, "toolbar");
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (widget)), 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Component levels"), -1);

  back = gtk_button_new_from_icon_name ("go-up-symbolic");
  gtk_widget_add_css_class (back, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "win.leave-component");
  gtk_widget_set_tooltip_text (back, _("Back to the Level Above (Escape)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (back), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Back to the level above"), -1);
  gtk_widget_set_parent (back, widget);

  self->crumbs = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_widget_set_parent (self->crumbs, widget);

  self->note = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->note, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (self->note), PANGO_ELLIPSIZE_END);
  /* the crumbs take what they need first; the note the room left */
  gtk_label_set_max_width_chars (GTK_LABEL (self->note), 1);
  gtk_label_set_xalign (GTK_LABEL (self->note), 1.0);
  gtk_widget_set_hexpand (self->note, TRUE);
  gtk_widget_set_margin_end (self->note, 6);
  gtk_widget_set_parent (self->note, widget);
}
