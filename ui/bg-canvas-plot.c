/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-plot.c — plotting from the diagram.
 *
 * Owns: the Plot choices of a bond or an element (its effort, flow, power,
 * state, energy and other outputs, each named with its meaning and unit),
 * the "Plot" submenu they fill in the right-click menu, the popover the P
 * key opens with them at the selection (canvas.plot-menu), and the action
 * canvas.plot-var(s) whose "plot-requested" signal (const char *name, the
 * variable as the level shown names it: "C1.E", "b3.P") the window turns
 * into a trace. Must not: touch the plot or the run (the window adds the
 * trace), or edit the model.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-units.h"

static guint plot_requested_signal;

/* The choices ------------------------------------------------------------------ */

static BgDomain
bond_domain (const BgBond *bond)
{
  if (bond->from_port >= 0 && (guint) bond->from_port < bond->from->spec->n_ports)
    return bond->from->spec->ports[bond->from_port].domain;
  return bond->from->spec->domain;
}

static void
add_choice (GMenu      *menu,
            const char *owner,
            const char *suffix,
            const char *meaning,
            const char *unit)
{
  g_autofree char *name = g_strconcat (owner, ".", suffix, NULL);
  g_autofree char *shown_unit = bg_units_localize (unit);
  g_autofree char *label = NULL;
  g_autoptr(GMenuItem) item = NULL;

  /* TRANSLATORS: a Plot menu item: the quantity, the variable's name and
   * its unit ("Voltage — b3.e, V"); the name alone without a unit */
  label = *shown_unit != '\0'
          ? g_strdup_printf (C_("plot menu item", "%s — %s, %s"), meaning, name, shown_unit)
          : g_strdup_printf (C_("plot menu item", "%s — %s"), meaning, name);
  item = g_menu_item_new (label, NULL);
  g_menu_item_set_action_and_target (item, "canvas.plot-var", "s", name);
  g_menu_append_item (menu, item);
}

static char *
capitalized (const char *text)
{
  g_autofree char *first = g_utf8_strup (text, g_utf8_next_char (text) - text);

  return g_strconcat (first, g_utf8_next_char (text), NULL);
}

static void
bond_choices (const BgBond *bond,
              GMenu        *menu)
{
  BgDomain domain = bond_domain (bond);
  g_autofree char *effort = capitalized (bg_domain_quantity_name (domain, TRUE));
  g_autofree char *flow = capitalized (bg_domain_quantity_name (domain, FALSE));

  add_choice (menu, bond->id, "e", effort, bg_domain_effort_unit (domain));
  add_choice (menu, bond->id, "f", flow, bg_domain_flow_unit (domain));
  add_choice (menu, bond->id, "P", _("Power, along the half-arrow"), "W");
}

/* An element's own outputs, then the power through each of its bonds,
 * said as into or out of the element by its half-arrow. */
static void
element_choices (BgCanvas        *self,
                 const BgElement *element,
                 GMenu           *menu)
{
  GPtrArray *bonds = bg_model_get_bonds (self->model);

  for (guint k = 0; k < element->spec->n_vars; k++)
    {
      g_autofree char *meaning = capitalized (_(element->spec->vars[k].description));

      add_choice (menu, element->id, element->spec->vars[k].suffix, meaning,
                  element->spec->vars[k].unit);
    }
  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);
      const BgElement *tip = bond->arrow == BG_ARROW_FORWARD ? bond->to : bond->from;
      g_autofree char *meaning = NULL;

      if (bond->from != element && bond->to != element)
        continue;
      meaning = tip == element
                /* TRANSLATORS: the power a bond carries into (out of) an element */
                ? g_strdup_printf (_("Power into %s"), element->id)
                : g_strdup_printf (_("Power out of %s"), element->id);
      add_choice (menu, bond->id, "P", meaning, "W");
    }
}

/* The Plot choices of the bond or element id (none for an unknown id). */
static void
fill_choices (BgCanvas   *self,
              const char *id,
              GMenu      *menu)
{
  BgElement *element;
  BgBond *bond;

  g_menu_remove_all (menu);
  if (self->model == NULL || id == NULL)
    return;
  if ((bond = bg_model_find_bond (self->model, id)) != NULL)
    bond_choices (bond, menu);
  else if ((element = bg_model_find_element (self->model, id)) != NULL)
    element_choices (self, element, menu);
}

GStrv
bg_canvas_dup_plot_choices (BgCanvas   *self,
                            const char *id)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GStrvBuilder) names = g_strv_builder_new ();

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  fill_choices (self, id, menu);
  for (int i = 0; i < g_menu_model_get_n_items (G_MENU_MODEL (menu)); i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (G_MENU_MODEL (menu), i,
                                                                          G_MENU_ATTRIBUTE_TARGET,
                                                                          G_VARIANT_TYPE_STRING);

      if (target != NULL)
        g_strv_builder_add (names, g_variant_get_string (target, NULL));
    }
  return g_strv_builder_end (names);
}

/* What the menus act on: the one item selected, else the first element
 * selected, else the first bond; NULL for none. */
static const char *
plot_target (BgCanvas *self)
{
  g_autoptr(GPtrArray) elements = _bg_canvas_selected_of_kind (self, TRUE);
  g_autoptr(GPtrArray) bonds = _bg_canvas_selected_of_kind (self, FALSE);
  const char *id = elements->len > 0 ? g_ptr_array_index (elements, 0)
                   : bonds->len > 0 ? g_ptr_array_index (bonds, 0) : NULL;

  /* the ids belong to the selection set, which outlives this call */
  return id;
}

/* The right-click menu's "Plot" submenu, for what it acts on (none when
 * that has no variables). */
void
_bg_canvas_plot_append_submenu (BgCanvas *self,
                                GMenu    *menu)
{
  g_autoptr(GMenu) items = g_menu_new ();

  fill_choices (self, plot_target (self), items);
  if (g_menu_model_get_n_items (G_MENU_MODEL (items)) > 0)
    g_menu_append_submenu (menu, _("P_lot"), G_MENU_MODEL (items));
}

/* Actions ------------------------------------------------------------------------ */

static void
action_plot_var (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  g_signal_emit (widget, plot_requested_signal, 0, g_variant_get_string (param, NULL));
}

static void
plot_popover_closed_cb (BgCanvas *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

/* P: the Plot choices of the selection, at it. */
static void
action_plot_menu (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  const char *id = plot_target (self);
  g_autoptr(GMenu) items = g_menu_new ();
  double x = gtk_widget_get_width (widget) / 2.0, y = gtk_widget_get_height (widget) / 2.0;
  BgElement *element;
  BgBond *bond;

  fill_choices (self, id, items);
  if (g_menu_model_get_n_items (G_MENU_MODEL (items)) == 0)
    {
      _bg_canvas_say (self, _("Select an element or a bond to plot its variables"), FALSE);
      return;
    }
  if ((element = bg_model_find_element (self->model, id)) != NULL)
    bg_canvas_model_to_view (self, element->x, element->y, &x, &y);
  else if ((bond = bg_model_find_bond (self->model, id)) != NULL)
    bg_canvas_model_to_view (self, (bond->from->x + bond->to->x) / 2,
                             (bond->from->y + bond->to->y) / 2, &x, &y);
  if (self->plot_popover == NULL)
    {
      self->plot_popover = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->plot_popover, widget);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->plot_popover), FALSE);
      gtk_widget_set_halign (self->plot_popover, GTK_ALIGN_START);
      gtk_widget_add_css_class (self->plot_popover, "plot-choices");
      g_signal_connect_object (self->plot_popover, "closed",
                               G_CALLBACK (plot_popover_closed_cb), self, G_CONNECT_SWAPPED);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->plot_popover), G_MENU_MODEL (items));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->plot_popover),
                               &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->plot_popover));
}

GtkWidget *
bg_canvas_get_plot_popover (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  return self->plot_popover;
}

/* Set-up --------------------------------------------------------------------------- */

void
_bg_canvas_plot_dispose (BgCanvas *self)
{
  g_clear_pointer (&self->plot_popover, gtk_widget_unparent);
}

void
_bg_canvas_plot_class_init (GtkWidgetClass *widget_class)
{
  /* a variable of the level shown to plot, named as there ("C1.E") */
  plot_requested_signal =
    g_signal_new ("plot-requested", G_TYPE_FROM_CLASS (widget_class),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
  gtk_widget_class_install_action (widget_class, "canvas.plot-var", "s", action_plot_var);
  gtk_widget_class_install_action (widget_class, "canvas.plot-menu", NULL, action_plot_menu);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "canvas.plot-menu", NULL);
}
