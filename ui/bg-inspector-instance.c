/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector-instance.c — the parameters of a component's instance in
 * the property editor.
 *
 * Owns: an instance's parameter page: the definition's own "parameters"
 * first, then every inner parameter grouped under its inner element
 * ("K_spring", or "SUB.R" through a nested instance) in the definition's
 * order; beside each value "default" while the instance has the
 * component's value, else a Reset button that sets the component's value
 * back as one undoable edit. Must not: edit the model other than through
 * bg_model_set_param, build the rest of the page (bg-inspector.c), or
 * parse and apply what is typed (bg-inspector-fields.c).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-definition.h"
#include "bg-inspector-private.h"

/* The element an inner path ("K_spring", "SUB.R") names inside def, or
 * NULL. */
static BgElement *
inner_element (const BgDefinition *def,
               const char         *path)
{
  g_auto(GStrv) parts = g_strsplit (path, ".", -1);
  BgElement *element = NULL;

  for (guint i = 0; parts[i] != NULL && def != NULL; i++)
    {
      element = bg_model_find_element (def->body, parts[i]);
      if (element == NULL)
        return NULL;
      def = parts[i + 1] != NULL ? bg_definition_of_spec (element->spec) : NULL;
    }
  return element;
}

static void
reset_clicked_cb (GtkButton *button,
                  Field     *field)
{
  BgInspector *self = field->self;
  BgElement *element = _bg_inspector_get_element (self);
  BgParamValue value;
  g_autoptr(GError) error = NULL;

  if (element == NULL || self->applying)
    return;
  bg_param_value_init_default (&value, field->pspec);
  self->applying = TRUE;
  if (!bg_model_set_param (self->model, element->id, field->pspec->name, &value, &error))
    _bg_inspector_field_show_error (field, error->message);
  self->applying = FALSE;
  bg_param_value_clear (&value);
}

/* The field of one parameter, with "default" and Reset after its value. */
static void
add_instance_field (BgInspector       *self,
                    GtkBox            *group,
                    const BgParamSpec *pspec,
                    guint              index,
                    const char        *caption)
{
  Field *field = _bg_inspector_add_param_field (self, group, pspec, index, caption);
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *status = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *caption_label = g_object_ref (gtk_widget_get_first_child (field->box));

  field->default_label = gtk_label_new (_("default"));
  gtk_widget_add_css_class (field->default_label, "dim-label");
  gtk_widget_add_css_class (field->default_label, "caption");
  gtk_widget_set_tooltip_text (field->default_label,
                               _("The component's value: this instance does not change it"));
  field->reset_button = gtk_button_new_with_label (_("Reset"));
  gtk_widget_add_css_class (field->reset_button, "flat");
  gtk_widget_add_css_class (field->reset_button, "inspector-reset");
  gtk_widget_set_tooltip_text (field->reset_button,
                               _("Set the component's value back for this instance"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (field->reset_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Reset to the component's value"),
                                  -1);
  g_signal_connect (field->reset_button, "clicked", G_CALLBACK (reset_clicked_cb), field);
  gtk_box_append (GTK_BOX (status), field->default_label);
  gtk_box_append (GTK_BOX (status), field->reset_button);
  gtk_widget_set_valign (status, GTK_ALIGN_END);

  /* on the caption's line, at its end: the caption wraps, so the field
   * is no wider than before */
  gtk_box_remove (GTK_BOX (field->box), caption_label);
  gtk_widget_set_hexpand (caption_label, TRUE);
  gtk_box_append (GTK_BOX (head), caption_label);
  gtk_box_append (GTK_BOX (head), status);
  gtk_box_prepend (GTK_BOX (field->box), head);
  g_object_unref (caption_label);
}

void
_bg_inspector_instance_field_update (Field     *field,
                                     BgElement *element)
{
  BgParamValue value;
  gboolean same;

  bg_param_value_init_default (&value, field->pspec);
  same = bg_param_value_equal (&value, &element->params[field->index]);
  bg_param_value_clear (&value);
  gtk_widget_set_visible (field->default_label, same);
  gtk_widget_set_visible (field->reset_button, !same);
}

/* "K_spring · Spring compliance" */
static char *
group_heading (const BgDefinition *def,
               const char         *inner)
{
  BgElement *element = inner_element (def, inner);

  if (element == NULL)
    return g_strdup (inner);
  return g_strdup_printf ("%s · %s", inner, bg_component_spec_display_name (element->spec));
}

void
_bg_inspector_build_instance_params (BgInspector        *self,
                                     const BgDefinition *def)
{
  const BgComponentSpec *spec = def->spec;
  g_autofree char *current = NULL;
  GtkBox *group = NULL;

  group = _bg_inspector_add_group (self, _("Parameters"));
  gtk_box_append (group, _bg_inspector_make_dim_text (
                    _("An instance starts from its component's values; a value of its own "
                      "changes this instance only.")));
  if (spec->n_params == 0)
    gtk_box_append (group, _bg_inspector_make_dim_text (_("This component has no parameters.")));

  /* the definition's chosen parameters, each named with its element */
  for (guint k = 0; def->parameters[k] != NULL; k++)
    {
      guint index;
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, def->parameters[k], &index);
      g_autofree char *inner = NULL;
      g_autofree char *caption = NULL;

      if (pspec == NULL || !bg_definition_split_param (pspec->name, &inner, NULL))
        continue;
      caption = g_strdup_printf ("%s · %s", inner, g_dgettext (GETTEXT_PACKAGE, pspec->label));
      add_instance_field (self, group, pspec, index, caption);
    }

  /* then every inner parameter, under its element */
  for (guint i = 0; i < spec->n_params; i++)
    {
      const BgParamSpec *pspec = &spec->params[i];
      g_autofree char *inner = NULL;

      if (!bg_definition_split_param (pspec->name, &inner, NULL))
        continue;
      if (g_strcmp0 (inner, current) != 0)
        {
          g_autofree char *heading = group_heading (def, inner);

          group = _bg_inspector_add_group (self, heading);
          gtk_widget_add_css_class (GTK_WIDGET (group), "inspector-inner-group");
          /* a long path or type name wraps rather than widen the sidebar */
          gtk_label_set_wrap (GTK_LABEL (gtk_widget_get_first_child (GTK_WIDGET (group))), TRUE);
          g_free (current);
          current = g_steal_pointer (&inner);
        }
      add_instance_field (self, group, pspec, i, NULL);
    }
}
