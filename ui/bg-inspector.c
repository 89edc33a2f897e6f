/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector.c — the property editor (right sidebar): its pages.
 *
 * Owns: one form at a time, made from the selection and the model: element
 * (id, label, parameters), bond (ends, causal stroke and arrow commands),
 * several items, or the simulation settings; a new page for a new
 * selection, and after model changes the fields refreshed in place where
 * the page still fits (never torn down from inside one of its own
 * handlers); the GObject and the public calls. A field's widgets, parsing,
 * refusal and applying are in bg-inspector-fields.c, the table fields in
 * bg-inspector-table.c, an instance's parameters in
 * bg-inspector-instance.c. Must not: keep element pointers across edits, edit
 * the model other than through bg_model_* calls, or know about the canvas.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-definition.h"
#include "bg-inspector-private.h"
#include "bg-widget-util-private.h"

G_DEFINE_FINAL_TYPE (BgInspector, bg_inspector, GTK_TYPE_WIDGET)

enum {
  ELEMENT_RENAMED,
  WHAT_IF_PREVIEW,
  WHAT_IF_END,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void bg_inspector_rebuild (BgInspector *self);

void
_bg_inspector_emit_renamed (BgInspector *self,
                            const char  *new_id)
{
  g_signal_emit (self, signals[ELEMENT_RENAMED], 0, new_id);
}

void
_bg_inspector_emit_what_if_preview (BgInspector *self,
                                    const char  *element,
                                    const char  *param,
                                    double       value)
{
  g_signal_emit (self, signals[WHAT_IF_PREVIEW], 0, element, param, value);
}

void
_bg_inspector_emit_what_if_end (BgInspector *self,
                                gboolean     committed)
{
  g_signal_emit (self, signals[WHAT_IF_END], 0, committed);
}

/* Pages ------------------------------------------------------------------ */

static void
bg_inspector_clear (BgInspector *self)
{
  GtkWidget *child;

  _bg_inspector_whatif_flush (self);
  self->clearing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != NULL)
    gtk_box_remove (self->content, child);
  self->clearing = FALSE;

  g_ptr_array_set_size (self->fields, 0);
  self->wave_preview = NULL;
  g_clear_pointer (&self->element_id, g_free);
  g_clear_pointer (&self->bond_id, g_free);
  self->spec = NULL;
  self->page = PAGE_NONE;
}

static GtkBox *
bg_inspector_add_header (BgInspector *self,
                         const char  *title,
                         const char  *subtitle,
                         const char  *description)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_box_append (GTK_BOX (box), label);

  if (subtitle != NULL)
    {
      label = gtk_label_new (subtitle);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* "R · Поступательная механика" in presentation mode is wider than
       * the sidebar: it wraps rather than widening the window */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }

  if (description != NULL)
    {
      label = _bg_inspector_make_dim_text (description);
      gtk_widget_set_margin_top (label, 4);
      gtk_box_append (GTK_BOX (box), label);
    }

  gtk_box_append (self->content, box);
  return GTK_BOX (box);
}

GtkBox *
_bg_inspector_add_group (BgInspector *self,
                         const char  *heading)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);

  if (heading != NULL)
    {
      GtkWidget *label = gtk_label_new (heading);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (group), label);
    }

  gtk_box_append (self->content, group);
  return GTK_BOX (group);
}

Field *
_bg_inspector_add_param_field (BgInspector       *self,
                               GtkBox            *group,
                               const BgParamSpec *pspec,
                               guint              index,
                               const char        *caption)
{
  Field *field;

  if (caption == NULL)
    caption = g_dgettext (GETTEXT_PACKAGE, pspec->label);

  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      field = _bg_inspector_add_field (self, group, FIELD_NUMBER, pspec->name,
                                       caption, _bg_inspector_make_entry (NULL), pspec->unit);
      break;

    case BG_PARAM_CHOICE:
      {
        g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
        GtkWidget *dropdown;

        for (guint i = 0; pspec->choices[i] != NULL; i++)
          gtk_string_list_append (names, _bg_inspector_choice_display_name (pspec->choices[i]));
        dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
        field = _bg_inspector_add_field (self, group, FIELD_CHOICE, pspec->name,
                                         caption, dropdown, NULL);
        g_signal_connect (dropdown, "notify::selected",
                          G_CALLBACK (_bg_inspector_choice_selected_cb), field);
      }
      break;

    case BG_PARAM_TABLE:
      {
        GtkWidget *headers = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Row"));
        const char *titles[2] = {
          pspec->column_labels[0] != NULL ? _(pspec->column_labels[0]) : "x",
          pspec->column_labels[1] != NULL ? _(pspec->column_labels[1]) : "y",
        };

        field = _bg_inspector_add_field (self, group, FIELD_TABLE, pspec->name,
                                         caption, NULL, NULL);
        for (guint c = 0; c < 2; c++)
          {
            GtkWidget *title = gtk_label_new (titles[c]);

            gtk_label_set_xalign (GTK_LABEL (title), 0);
            gtk_widget_set_hexpand (title, TRUE);
            gtk_widget_add_css_class (title, "dim-label");
            gtk_widget_add_css_class (title, "caption");
            gtk_box_append (GTK_BOX (headers), title);
          }
        /* keep the titles over the entries, not over the remove buttons */
        gtk_widget_set_margin_end (headers, 38);
        field->rows_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
        g_signal_connect (add, "clicked",
                          G_CALLBACK (_bg_inspector_table_add_clicked_cb), field);
        {
          GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          GtkWidget *paste = gtk_button_new_with_mnemonic (_("_Paste CSV"));

          gtk_widget_set_tooltip_text (paste, _("Replace the rows with two columns "
                                                "copied from a spreadsheet or a CSV file"));
          g_signal_connect (paste, "clicked",
                            G_CALLBACK (_bg_inspector_table_paste_clicked_cb), field);
          gtk_box_append (GTK_BOX (buttons), add);
          gtk_box_append (GTK_BOX (buttons), paste);
          add = buttons;
        }
        gtk_widget_set_halign (add, GTK_ALIGN_START);

        gtk_widget_insert_before (headers, field->box,
                                  GTK_WIDGET (field->error_label));
        gtk_widget_insert_before (field->rows_box, field->box,
                                  GTK_WIDGET (field->error_label));
        gtk_widget_insert_before (add, field->box,
                                  GTK_WIDGET (field->error_label));
      }
      break;

    default:
      g_assert_not_reached ();
    }

  field->pspec = pspec;
  field->index = index;
  if (pspec->kind == BG_PARAM_NUMBER)
    _bg_inspector_whatif_add (field);
  return field;
}

/* A gyrator's S side may be in another domain (docs/file-format.md `domain_s`). */
static void
bg_inspector_add_domain_s_field (BgInspector *self,
                                 GtkBox      *group)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;
  Field *field;

  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    gtk_string_list_append (names, bg_domain_display_name (d));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  field = _bg_inspector_add_field (self, group, FIELD_DOMAIN_S, "domain_s",
                                   _("Domain of port S"), dropdown, NULL);
  g_signal_connect (dropdown, "notify::selected",
                    G_CALLBACK (_bg_inspector_choice_selected_cb), field);
}

/* The header's "?": the component reference at this element's page. */
static void
reference_clicked_cb (GtkButton *button,
                      gpointer   user_data)
{
  gtk_widget_activate_action_variant (GTK_WIDGET (button), "win.component-reference",
                                      g_variant_new_string (g_object_get_data (G_OBJECT (button),
                                                                               "bg-target")));
}

static void
bg_inspector_build_element (BgInspector *self,
                            BgElement   *element)
{
  const BgComponentSpec *spec = element->spec;
  const BgDefinition *def = bg_definition_of_spec (spec);
  g_autofree char *subtitle = NULL;
  BgDomain domain = spec->domain;
  GtkBox *group;
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title;

  self->page = PAGE_ELEMENT;
  self->element_id = g_strdup (element->id);
  self->spec = spec;

  if (domain == BG_DOMAIN_NONE && spec->n_ports > 0)
    domain = spec->ports[0].domain;
  subtitle = g_strdup_printf ("%s · %s", spec->type, bg_domain_display_name (domain));
  group = bg_inspector_add_header (self, bg_component_spec_display_name (spec), subtitle,
                                   spec->description != NULL && spec->description[0] != '\0'
                                   ? g_dgettext (GETTEXT_PACKAGE, spec->description) : NULL);
  title = g_object_ref (gtk_widget_get_first_child (GTK_WIDGET (group)));
  gtk_box_remove (group, title);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (header), title);
  g_object_unref (title);
  /* the "?" beside the title; a component of the model's own has no page
   * in the reference */
  if (def == NULL)
    {
      GtkWidget *help = gtk_button_new_with_label ("?");

      gtk_widget_set_tooltip_text (help, _("Component reference for this element"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (help), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Component reference for this element"), -1);
      gtk_widget_add_css_class (help, "circular");
      gtk_widget_set_valign (help, GTK_ALIGN_START);
      g_object_set_data_full (G_OBJECT (help), "bg-target",
                              g_strdup_printf ("%s:%s", spec->type, bg_domain_to_id (domain)),
                              g_free);
      g_signal_connect (help, "clicked", G_CALLBACK (reference_clicked_cb), NULL);
      gtk_box_append (GTK_BOX (header), help);
    }
  gtk_box_prepend (group, header);

  group = _bg_inspector_add_group (self, NULL);
  _bg_inspector_add_field (self, group, FIELD_ID, "id", _("Name"),
                           _bg_inspector_make_entry (NULL), NULL);
  _bg_inspector_add_field (self, group, FIELD_LABEL, "label", _("Label"),
                           _bg_inspector_make_entry (_("Optional text shown on the canvas")), NULL);

  if (def != NULL)
    {
      _bg_inspector_build_instance_params (self, def);
      _bg_inspector_update_fields (self);
      return;
    }

  group = _bg_inspector_add_group (self, _("Parameters"));
  if (spec->n_params == 0)
    gtk_box_append (group, _bg_inspector_make_dim_text (_("This component has no parameters.")));
  for (guint i = 0; i < spec->n_params; i++)
    _bg_inspector_add_param_field (self, group, &spec->params[i], i, NULL);
  if (bg_component_spec_find_param (spec, "waveform", NULL) != NULL)
    {
      GtkWidget *preview = bg_wave_preview_new (self->model, element->id,
                                                spec->waveform_param != NULL
                                                ? spec->waveform_param : "value");

      gtk_box_append (group, _bg_inspector_make_caption (_("Input u(t) over the run")));
      gtk_box_append (group, preview);
      self->wave_preview = BG_WAVE_PREVIEW (preview);
    }
  if (spec->has_domain_s)
    bg_inspector_add_domain_s_field (self, group);

  _bg_inspector_update_fields (self);
}

static void
bond_reverse_clicked_cb (GtkButton   *button,
                         BgInspector *self)
{
  g_autoptr(GError) error = NULL;

  if (self->bond_id != NULL &&
      !bg_model_reverse_arrow (self->model, self->bond_id, &error))
    g_warning ("%s", error->message);
}

static void
bond_flip_clicked_cb (GtkButton   *button,
                      BgInspector *self)
{
  g_autoptr(GError) error = NULL;

  if (self->bond_id != NULL &&
      !bg_model_flip_bond_direction (self->model, self->bond_id, &error))
    g_warning ("%s", error->message);
}

static void
add_command (BgInspector *self,
             GtkBox      *group,
             const char  *label,
             const char  *explanation,
             GCallback    callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_halign (button, GTK_ALIGN_START);
  g_signal_connect_object (button, "clicked", callback, self, 0);
  gtk_box_append (group, button);
  gtk_box_append (group, _bg_inspector_make_dim_text (explanation));
}

static void
bg_inspector_build_bond (BgInspector *self,
                         BgBond      *bond)
{
  g_autofree char *title = g_strdup_printf (_("Bond %s"), bond->id);
  g_autofree char *from_port = bg_model_dup_port_name (self->model, bond, FALSE);
  g_autofree char *to_port = bg_model_dup_port_name (self->model, bond, TRUE);
  g_autofree char *ends = NULL;
  GtkBox *group;

  self->page = PAGE_BOND;
  self->bond_id = g_strdup (bond->id);

  ends = g_strdup_printf ("%s.%s → %s.%s", bond->from->id, from_port,
                          bond->to->id, to_port);
  bg_inspector_add_header (self, title, ends,
                           bond->arrow == BG_ARROW_FORWARD
                           ? _("The half-arrow points in the direction of connection.")
                           : _("The half-arrow points against the direction of connection."));

  /* the analyzer's causal stroke, in words */
  if (self->causality != NULL &&
      bg_causality_get_revision (self->causality) == bg_model_get_revision (self->model))
    {
      BgStroke stroke = bg_causality_lookup_stroke (self->causality, bond->id);
      g_autofree char *text = NULL;
      GtkBox *causal = _bg_inspector_add_group (self, _("Causality"));

      if (stroke == BG_STROKE_AT_TO || stroke == BG_STROKE_AT_FROM)
        {
          const char *receiver = stroke == BG_STROKE_AT_TO ? bond->to->id : bond->from->id;
          const char *supplier = stroke == BG_STROKE_AT_TO ? bond->from->id : bond->to->id;

          /* Translators: the causal stroke of a bond; %s are element ids */
          text = g_strdup_printf (_("The stroke is at %s: %s receives the effort from %s and returns the flow."),
                                  receiver, receiver, supplier);
        }
      else
        text = g_strdup (_("No stroke: the analysis could not assign this bond (see the status line)."));

      gtk_box_append (causal, _bg_inspector_make_dim_text (text));
    }

  group = _bg_inspector_add_group (self, _("Commands"));
  add_command (self, group, _("_Reverse Arrow"),
               _("Changes the sign of the reported flow and power only; the physics stays the same."),
               G_CALLBACK (bond_reverse_clicked_cb));
  add_command (self, group, _("_Flip Junction Sign"),
               _("Swaps the bond's ends, which changes the sign it takes in the junction equations."),
               G_CALLBACK (bond_flip_clicked_cb));
}

static void
bg_inspector_build_settings (BgInspector *self)
{
  GtkBox *group;

  self->page = PAGE_SETTINGS;

  bg_inspector_add_header (self, _("Simulation"), NULL,
                           _("Nothing is selected. Select an element on the canvas to edit its parameters."));

  group = _bg_inspector_add_group (self, NULL);
  _bg_inspector_add_field (self, group, FIELD_MODEL_NAME, "name", _("Model name"),
                           _bg_inspector_make_entry (_("Untitled model")), NULL);

  group = _bg_inspector_add_group (self, _("Settings"));
  _bg_inspector_add_field (self, group, FIELD_T_END, "t_end", _("End time"),
                           _bg_inspector_make_entry (NULL), "s");
  _bg_inspector_add_field (self, group, FIELD_OUTPUT_STEP, "output_step",
                           _("Output step"),
                           _bg_inspector_make_entry (_("Automatic: end time / 1000")), "s");
  _bg_inspector_add_field (self, group, FIELD_RTOL, "rtol",
                           _("Relative tolerance"), _bg_inspector_make_entry (NULL), NULL);
  _bg_inspector_add_field (self, group, FIELD_ATOL, "atol",
                           _("Absolute tolerance"),
                           _bg_inspector_make_entry (_("Automatic, scaled per state")), NULL);

  _bg_inspector_update_fields (self);
}

static void
bg_inspector_build_many (BgInspector *self,
                         guint        n)
{
  g_autofree char *title = NULL;

  self->page = PAGE_MANY;
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u item selected",
                                        "%u items selected", n), n);
  bg_inspector_add_header (self, title, NULL,
                           _("Select a single element to edit its parameters."));
}

static void
bg_inspector_rebuild (BgInspector *self)
{
  guint n = self->selection != NULL ? g_strv_length (self->selection) : 0;
  BgElement *element = NULL;
  BgBond *bond = NULL;

  bg_inspector_clear (self);

  if (self->model == NULL)
    return;

  if (n == 1)
    {
      element = bg_model_find_element (self->model, self->selection[0]);
      if (element == NULL)
        bond = bg_model_find_bond (self->model, self->selection[0]);
    }

  if (element != NULL)
    bg_inspector_build_element (self, element);
  else if (bond != NULL)
    bg_inspector_build_bond (self, bond);
  else if (n > 1)
    bg_inspector_build_many (self, n);
  else
    bg_inspector_build_settings (self);
}

/* Keeps the form and, where the same page still fits, the widgets (and the
 * focus and the text being typed) of the current page. */
static void
bg_inspector_refresh (BgInspector *self)
{
  BgElement *element;

  switch (self->page)
    {
    case PAGE_ELEMENT:
      element = _bg_inspector_get_element (self);
      if (element != NULL && element->spec == self->spec &&
          self->selection != NULL && g_strv_length (self->selection) == 1)
        {
          _bg_inspector_update_fields (self);
          return;
        }
      break;

    case PAGE_SETTINGS:
      if (self->selection == NULL || self->selection[0] == NULL)
        {
          _bg_inspector_update_fields (self);
          return;
        }
      break;

    case PAGE_NONE:
    case PAGE_BOND:
    case PAGE_MANY:
    default:
      break;
    }

  bg_inspector_rebuild (self);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  BgInspector *self = data;

  self->refresh_idle = 0;
  bg_inspector_refresh (self);

  return G_SOURCE_REMOVE;
}

/* Never tear down the form from inside one of its own handlers. */
static void
bg_inspector_queue_refresh (BgInspector *self)
{
  if (!self->applying && !self->clearing)
    {
      g_clear_handle_id (&self->refresh_idle, g_source_remove);
      bg_inspector_refresh (self);
    }
  else if (self->refresh_idle == 0)
    self->refresh_idle = g_idle_add (refresh_idle_cb, self);
}

static void
model_changed_cb (BgInspector *self,
                  BgModel     *model)
{
  bg_inspector_queue_refresh (self);
}

/* GObject ---------------------------------------------------------------- */

static void
bg_inspector_dispose (GObject *object)
{
  BgInspector *self = BG_INSPECTOR (object);

  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  if (self->content != NULL)
    bg_inspector_clear (self);
  g_clear_object (&self->model);
  g_clear_object (&self->what_if_model);
  g_clear_pointer (&self->causality, bg_causality_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), BG_TYPE_INSPECTOR);
  _bg_widget_unparent_children (GTK_WIDGET (self));

  G_OBJECT_CLASS (bg_inspector_parent_class)->dispose (object);
}

static void
bg_inspector_finalize (GObject *object)
{
  BgInspector *self = BG_INSPECTOR (object);

  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->selection, g_strfreev);
  g_clear_pointer (&self->what_if_ranges, g_hash_table_unref);
  g_free (self->element_id);
  g_free (self->bond_id);

  G_OBJECT_CLASS (bg_inspector_parent_class)->finalize (object);
}

static void
bg_inspector_class_init (BgInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_inspector_dispose;
  object_class->finalize = bg_inspector_finalize;

  signals[ELEMENT_RENAMED] =
    g_signal_new ("element-renamed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[WHAT_IF_PREVIEW] =
    g_signal_new ("what-if-preview", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_DOUBLE);
  signals[WHAT_IF_END] =
    g_signal_new ("what-if-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/bgmod/BGMod/ui/bg-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, BgInspector, content);
  gtk_widget_class_set_css_name (widget_class, "bginspector");
}

static void
bg_inspector_init (BgInspector *self)
{
  self->fields = g_ptr_array_new_with_free_func (_bg_inspector_field_free);
  self->what_if_ranges = _bg_inspector_whatif_ranges_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bg_inspector_new (void)
{
  return g_object_new (BG_TYPE_INSPECTOR, NULL);
}

void
bg_inspector_set_model (BgInspector *self,
                        BgModel     *model)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                             self, G_CONNECT_SWAPPED);

  g_clear_pointer (&self->selection, g_strfreev);
  bg_inspector_queue_refresh (self);
}

void
bg_inspector_set_causality (BgInspector *self,
                            BgCausality *causality)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (causality == self->causality)
    return;

  g_clear_pointer (&self->causality, bg_causality_unref);
  if (causality != NULL)
    self->causality = bg_causality_ref (causality);

  if (self->page == PAGE_BOND)
    bg_inspector_queue_refresh (self);
}

void
bg_inspector_set_selection (BgInspector       *self,
                            const char *const *ids)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (self->selection != NULL && ids != NULL &&
      g_strv_equal ((const char *const *) self->selection, ids))
    return;
  if (self->selection == NULL && (ids == NULL || ids[0] == NULL) &&
      self->page != PAGE_NONE)
    return;

  g_clear_pointer (&self->selection, g_strfreev);
  if (ids != NULL && ids[0] != NULL)
    self->selection = g_strdupv ((char **) ids);

  /* a different selection always gets a fresh page */
  self->page = PAGE_NONE;
  bg_inspector_queue_refresh (self);
}

GtkWidget *
bg_inspector_get_field (BgInspector *self,
                        const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  field = _bg_inspector_find_field (self, name);
  if (field == NULL)
    return NULL;

  return field->input != NULL ? field->input : field->rows_box;
}

gboolean
bg_inspector_focus_field (BgInspector *self,
                          const char  *name)
{
  GtkWidget *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  field = bg_inspector_get_field (self, name);
  if (field == NULL)
    field = bg_inspector_get_field (self, "id");
  if (field == NULL || !gtk_widget_grab_focus (field))
    return FALSE;
  if (GTK_IS_EDITABLE (field))
    gtk_editable_select_region (GTK_EDITABLE (field), 0, -1);
  return TRUE;
}

void
bg_inspector_show_model_values (BgInspector *self)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));

  /* the page first, for the model as it is now */
  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  bg_inspector_refresh (self);
  self->updating = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    _bg_inspector_field_update (g_ptr_array_index (self->fields, i), TRUE);
  self->updating = FALSE;
}

const char *
bg_inspector_get_field_error (BgInspector *self,
                              const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  field = _bg_inspector_find_field (self, name);
  if (field == NULL || !gtk_widget_get_visible (GTK_WIDGET (field->error_label)))
    return NULL;

  return gtk_label_get_text (field->error_label);
}
