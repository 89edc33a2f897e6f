/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-menu.c — the canvas's context menu, its extra commands, the
 * bond-name option and the colour legend.
 *
 * Owns: the right-click (and Shift+F10) popover with Rename,
 * Delete, Reverse Arrow, Flip Junction Sign, the window's Open Component,
 * Make Component… and Explode Component (each shown while it applies),
 * Plot Main Variable, the Plot submenu (bg-canvas-plot.c fills it), Select
 * Connected and Show Bond Names; the actions canvas.context-menu,
 * canvas.plot-main, canvas.select-connected and the "show-bond-ids"
 * property; and the small legend that says what red (conflict) and
 * amber (algebraic group) mean whenever the drawing shows them, in a band
 * along the canvas's bottom edge that the graph is not drawn under (the
 * power-flow view's legend in its place while that is shown,
 * bg-canvas-power-legend.c). Must not: edit the model (every edit is an existing canvas action),
 * or draw the graph.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"

/* Commands ------------------------------------------------------------------- */

/* What a double-click does: the element's main variables join the plot. */
static void
action_plot_main (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  BgElement *element = _bg_canvas_single_element (self);

  if (element == NULL)
    {
      _bg_canvas_say (self, _("Select one element to plot its main variable"), FALSE);
      return;
    }
  _bg_canvas_emit_activated (self, element->id);
}

/* Everything joined to the selection through bonds: the connected part of
 * the graph, elements and bonds. */
static void
action_select_connected (GtkWidget  *widget,
                         const char *name,
                         GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GPtrArray) todo = NULL;
  g_autoptr(GPtrArray) elements = NULL;
  g_autoptr(GPtrArray) bonds = NULL;
  GPtrArray *all_bonds;
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_auto(GStrv) result = NULL;

  if (self->model == NULL)
    return;
  seen = g_hash_table_new (NULL, NULL);
  todo = g_ptr_array_new ();
  elements = _bg_canvas_selected_of_kind (self, TRUE);
  bonds = _bg_canvas_selected_of_kind (self, FALSE);
  for (guint i = 0; i < elements->len; i++)
    g_ptr_array_add (todo, bg_model_find_element (self->model, g_ptr_array_index (elements, i)));
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = bg_model_find_bond (self->model, g_ptr_array_index (bonds, i));

      if (bond != NULL)
        {
          g_ptr_array_add (todo, bond->from);
          g_ptr_array_add (todo, bond->to);
        }
    }

  all_bonds = bg_model_get_bonds (self->model);
  while (todo->len > 0)
    {
      BgElement *e = g_ptr_array_steal_index_fast (todo, todo->len - 1);

      if (e == NULL || g_hash_table_contains (seen, e))
        continue;
      g_hash_table_add (seen, e);
      g_strv_builder_add (ids, e->id);
      for (guint i = 0; i < all_bonds->len; i++)
        {
          BgBond *bond = g_ptr_array_index (all_bonds, i);

          if (bond->from == e)
            g_ptr_array_add (todo, bond->to);
          else if (bond->to == e)
            g_ptr_array_add (todo, bond->from);
          else
            continue;
          if (!g_hash_table_contains (seen, bond))
            {
              g_hash_table_add (seen, bond);
              g_strv_builder_add (ids, bond->id);
            }
        }
    }
  result = g_strv_builder_end (ids);
  if (result[0] == NULL)
    {
      _bg_canvas_say (self, _("Select an element or a bond first"), FALSE);
      return;
    }
  bg_canvas_select_ids (self, (const char *const *) result);
}

/* The popover ------------------------------------------------------------------ */

/* An item shown only while its action is enabled. */
static void
append_when_enabled (GMenu      *menu,
                     const char *label,
                     const char *action)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, action);

  g_menu_item_set_attribute (item, "hidden-when", "s", "action-disabled");
  g_menu_append_item (menu, item);
}

static GMenuModel *
context_menu_model (BgCanvas *self)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  g_autoptr(GMenu) bonds = g_menu_new ();
  g_autoptr(GMenu) components = g_menu_new ();
  g_autoptr(GMenu) view = g_menu_new ();

  g_menu_append (edit, _("_Rename"), "canvas.rename");
  g_menu_append (edit, _("_Delete"), "canvas.delete");
  g_menu_append (bonds, _("Reverse _Arrow"), "canvas.reverse-arrow");
  g_menu_append (bonds, _("_Flip Junction Sign"), "canvas.flip-junction-sign");
  g_menu_append (view, _("_Plot Main Variable"), "canvas.plot-main");
  /* the Plot submenu of what the menu acts on (bg-canvas-plot.c) */
  _bg_canvas_plot_append_submenu (self, view);
  g_menu_append (view, _("Select _Connected"), "canvas.select-connected");
  g_menu_append (view, _("Show _Bond Names"), "canvas.show-bond-ids");
  /* the window's: it knows the levels of components (bg-window-levels.c) */
  append_when_enabled (components, _("_Open Component"), "win.open-component");
  append_when_enabled (components, _("Make _Component…"), "win.make-component");
  append_when_enabled (components, _("E_xplode Component"), "win.explode-component");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (bonds));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (components));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (view));
  return G_MENU_MODEL (menu);
}

static void
bg_canvas_popup_menu_at (BgCanvas *self,
                         double    x,
                         double    y)
{
  g_autoptr(GMenuModel) model = NULL;

  if (self->context_menu == NULL)
    {
      self->context_menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
    }
  /* made again each time: the Plot submenu is of what it acts on */
  model = context_menu_model (self);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu),
                               &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  _bg_canvas_update_actions (self);
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
  /* the tooltip shown under the pointer would cover the menu: asked
   * again, it hides (_bg_canvas_query_tooltip) */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

gboolean
bg_canvas_context_menu_shown (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  return self->context_menu != NULL && gtk_widget_get_visible (self->context_menu);
}

/* A right-click acts on what is under the pointer: it becomes the
 * selection unless it is already part of it. */
static void
secondary_pressed_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      BgCanvas        *self)
{
  Hit hit = _bg_canvas_hit_test (self, x, y);
  const char *id = hit.element != NULL ? hit.element->id
                   : hit.bond != NULL ? hit.bond->id : NULL;

  if (self->model == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (id != NULL && !g_hash_table_contains (self->selected, id))
    {
      _bg_canvas_select_only (self, id);
      _bg_canvas_selection_changed (self);
    }
  bg_canvas_popup_menu_at (self, x, y);
}

/* Shift+F10: the menu at the middle of the selection (or of the
 * view when nothing is selected). */
static void
action_context_menu (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  g_autoptr(GPtrArray) ids = _bg_canvas_selected_of_kind (self, TRUE);
  double x = gtk_widget_get_width (widget) / 2.0;
  double y = gtk_widget_get_height (widget) / 2.0;

  if (self->model == NULL)
    return;
  if (ids->len > 0)
    {
      BgElement *e = bg_model_find_element (self->model, g_ptr_array_index (ids, 0));

      if (e != NULL)
        bg_canvas_model_to_view (self, e->x, e->y, &x, &y);
    }
  bg_canvas_popup_menu_at (self, x, y);
}

gboolean
bg_canvas_get_show_bond_ids (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);

  return self->show_bond_ids;
}

void
bg_canvas_set_show_bond_ids (BgCanvas *self,
                             gboolean  show)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  show = !!show;
  if (show == self->show_bond_ids)
    return;
  self->show_bond_ids = show;
  g_object_notify (G_OBJECT (self), "show-bond-ids");  /* explicit: real changes only */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkWidget *
bg_canvas_get_context_menu (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->context_menu;
}

/* The legend --------------------------------------------------------------------- */

/* The lines of the legend the canvas shows now: one per colour the drawing
 * uses with a meaning (a conflict, an algebraic group), or NULL. */
GStrv
bg_canvas_dup_legend (BgCanvas *self)
{
  BgCausality *causality;
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  gboolean conflict = FALSE;
  GPtrArray *elements;
  g_auto(GStrv) result = NULL;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  if (_bg_canvas_power_shown (self))
    return _bg_canvas_power_dup_legend (self);
  causality = _bg_canvas_current_causality (self);
  if (self->model == NULL || causality == NULL)
    return NULL;
  elements = bg_model_get_elements (self->model);
  for (guint i = 0; !conflict && i < elements->len; i++)
    conflict = bg_causality_element_has_error (causality,
                                               ((BgElement *) g_ptr_array_index (elements, i))->id);
  if (conflict)
    g_strv_builder_add (lines, _("Red: causal conflict (hover for why)"));
  if (bg_causality_get_algebraic_groups (causality)->len > 0)
    g_strv_builder_add (lines, _("Amber: algebraic group"));
  result = g_strv_builder_end (lines);
  return result[0] != NULL ? g_steal_pointer (&result) : NULL;
}

#define LEGEND_PAD    6.0
#define LEGEND_SWATCH 10.0

/* The legend's entries laid out (at most two), each wrapped to the
 * canvas's width (a long Russian entry was cut at the edge), their sizes
 * and the tallest; FALSE when there is no legend. */
static gboolean
legend_layouts (BgCanvas    *self,
                PangoLayout *layouts[2],
                int          widths[2],
                int          heights[2],
                guint       *n,
                double      *line_h)
{
  g_auto(GStrv) lines = NULL;
  double room = gtk_widget_get_width (GTK_WIDGET (self)) - LEGEND_SWATCH - 3 * LEGEND_PAD;

  *n = 0;
  *line_h = 0;
  if (self->model == NULL || _bg_canvas_explaining (self))
    return FALSE;
  lines = bg_canvas_dup_legend (self);
  if (lines == NULL)
    return FALSE;
  *n = MIN (g_strv_length (lines), 2);
  for (guint i = 0; i < *n; i++)
    {
      layouts[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), lines[i]);
      if (room > LEGEND_SWATCH)
        {
          pango_layout_set_width (layouts[i], (int) (room * PANGO_SCALE));
          pango_layout_set_wrap (layouts[i], PANGO_WRAP_WORD_CHAR);
        }
      pango_layout_get_pixel_size (layouts[i], &widths[i], &heights[i]);
      *line_h = MAX (*line_h, heights[i]);
    }
  return TRUE;
}

/* The width one entry takes: swatch, gap, text, gap. */
static double
entry_width (int text_width)
{
  return LEGEND_SWATCH + LEGEND_PAD + text_width + 3 * LEGEND_PAD;
}

/* The entries side by side when the canvas is wide enough, else one under
 * the other; returns the band's height. */
static double
legend_band (BgCanvas *self,
             int       widths[2],
             int       heights[2],
             guint     n,
             double    line_h,
             gboolean *stacked)
{
  double total = LEGEND_PAD, stack = 0;

  for (guint i = 0; i < n; i++)
    {
      total += entry_width (widths[i]);
      stack += heights[i];
    }
  *stacked = total > gtk_widget_get_width (GTK_WIDGET (self));
  return (*stacked ? stack : line_h) + 2 * LEGEND_PAD;
}

double
_bg_canvas_legend_height (BgCanvas *self)
{
  PangoLayout *layouts[2] = { NULL, NULL };
  int widths[2] = { 0, 0 }, heights[2] = { 0, 0 };
  double line_h, band;
  gboolean stacked;
  guint n;

  if (_bg_canvas_power_shown (self))
    return _bg_canvas_power_legend_height (self);
  if (!legend_layouts (self, layouts, widths, heights, &n, &line_h))
    return 0;
  for (guint i = 0; i < n; i++)
    g_object_unref (layouts[i]);
  band = legend_band (self, widths, heights, n, line_h, &stacked);
  return band;
}

gboolean
bg_canvas_get_legend_area (BgCanvas        *self,
                           graphene_rect_t *area)
{
  double band;

  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  band = _bg_canvas_legend_height (self);
  if (band <= 0)
    return FALSE;
  graphene_rect_init (area, 0, gtk_widget_get_height (GTK_WIDGET (self)) - band,
                      gtk_widget_get_width (GTK_WIDGET (self)), band);
  return TRUE;
}

/* A band along the bottom edge, which the graph is not drawn under: a
 * swatch of each colour (a crossed one for conflicts, so the colour is not
 * the only sign) and its meaning. Returns the band's height (0: none). */
double
_bg_canvas_draw_legend (BgCanvas *self,
                        cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  BgCausality *causality = _bg_canvas_current_causality (self);
  PangoLayout *layouts[2] = { NULL, NULL };
  int widths[2] = { 0, 0 }, heights[2] = { 0, 0 };
  double pad = LEGEND_PAD, swatch = LEGEND_SWATCH, x, y, line_h, band, row_y;
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  gboolean has_conflict, stacked;
  guint n;

  if (_bg_canvas_power_shown (self))
    return _bg_canvas_power_draw_legend (self, cr);
  if (!legend_layouts (self, layouts, widths, heights, &n, &line_h))
    return 0;
  has_conflict = n == 2 || bg_causality_get_algebraic_groups (causality)->len == 0;
  band = legend_band (self, widths, heights, n, line_h, &stacked);
  y = gtk_widget_get_height (GTK_WIDGET (self)) - band;

  cairo_save (cr);
  cairo_rectangle (cr, 0, y, width, band);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
  cairo_fill (cr);
  cairo_move_to (cr, 0, y + 0.5);
  cairo_line_to (cr, width, y + 0.5);
  cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue, 0.15);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  x = pad;
  row_y = y + pad;
  for (guint i = 0; i < n; i++)
    {
      gboolean red = has_conflict && i == 0;
      const BgGraphColor *c = red ? &style->error : &style->group;
      /* the swatch beside the entry's first line */
      double first_line = (double) heights[i] / MAX (1, pango_layout_get_line_count (layouts[i]));
      double sx = x, sy = row_y + (first_line - swatch) / 2;

      cairo_rectangle (cr, sx, sy, swatch, swatch);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, red ? 1.0 : 0.6);
      cairo_fill (cr);
      if (red)
        {
          cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
          cairo_set_line_width (cr, 1.5);
          cairo_move_to (cr, sx + 2, sy + 2);
          cairo_line_to (cr, sx + swatch - 2, sy + swatch - 2);
          cairo_move_to (cr, sx + 2, sy + swatch - 2);
          cairo_line_to (cr, sx + swatch - 2, sy + 2);
          cairo_stroke (cr);
        }
      cairo_move_to (cr, sx + swatch + pad, row_y);
      cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue, 1);
      pango_cairo_show_layout (cr, layouts[i]);
      g_object_unref (layouts[i]);
      if (!stacked)
        x += entry_width (widths[i]);
      else
        row_y += heights[i];
    }
  cairo_restore (cr);
  return band;
}

/* Set-up --------------------------------------------------------------------------- */

void
_bg_canvas_menu_init (BgCanvas *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

void
_bg_canvas_menu_dispose (BgCanvas *self)
{
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
}

void
_bg_canvas_menu_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "canvas.context-menu", NULL,
                                   action_context_menu);
  gtk_widget_class_install_action (widget_class, "canvas.plot-main", NULL,
                                   action_plot_main);
  gtk_widget_class_install_action (widget_class, "canvas.select-connected", NULL,
                                   action_select_connected);
  gtk_widget_class_install_property_action (widget_class, "canvas.show-bond-ids",
                                            "show-bond-ids");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK,
                                       "canvas.context-menu", NULL);
}
