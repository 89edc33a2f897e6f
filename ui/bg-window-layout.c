/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-layout.c — what the window's middle shows, and where the
 * divider between the canvas and the plot slot goes.
 *
 * Owns: the layout (the "layout" property and win.layout: "diagram" the
 * canvas alone, "both" the canvas over the plot slot, "plot" the slot
 * alone; Alt+1, Alt+2, Alt+3 and the header bar's menu), kept in the
 * window-layout setting for the next window; which of the canvas and the
 * slot are shown for it and for Explain Causality (the graph alone while it
 * lasts); the slot coming back for a run or the equations; and the
 * divider's place until the user moves it: before a run the slot keeps
 * its header and hint and the canvas the rest, after a run the canvas keeps
 * 55 % of the height or leaves the plot its readable height, in
 * presentation mode never less than 62 % of the window (the plot scrolls
 * in what is left), and the Analysis and Energy pages get the height they
 * ask for.
 * A press on the divider hands it to the user for the document. The bars
 * over the canvas's top (the Explain Causality banner, the remedies) are
 * placed there and their height given to the canvas as its top inset, so
 * they never move the graph.
 * Must not: draw, run or plot, or change the palette and inspector.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-window-private.h"

/* The canvas's share of the paned after a run, as before this file. */
#define CANVAS_SHARE 0.55
/* In presentation mode after a run: the canvas's least share of the
 * window, so the graph stays readable from the back of the room (60 % of
 * the screen the window covers, its frame included). */
#define PRESENTATION_CANVAS_SHARE 0.62
/* The Analysis page never takes the canvas below this many pixels. */
#define ANALYSIS_CANVAS_MIN 200

static const char *const layout_names[] = { "diagram", "both", "plot" };

const char *
_bg_window_layout_get (BgWindow *self)
{
  return layout_names[self->layout];
}

/* Canvas and slot as the layout and Explain Causality want them. */
void
_bg_window_layout_apply (BgWindow *self)
{
  GtkWidget *slot = gtk_paned_get_end_child (self->plot_paned);
  GtkWidget *diagram = gtk_paned_get_start_child (self->plot_paned);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  gboolean canvas_shown = self->layout != BG_WINDOW_LAYOUT_PLOT || self->explaining;
  gboolean slot_shown = self->layout != BG_WINDOW_LAYOUT_DIAGRAM && !self->explaining;

  if (slot == NULL)
    return;
  /* the keyboard leaves what is hidden for what stays */
  if (!slot_shown && focus != NULL && gtk_widget_is_ancestor (focus, slot))
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  gtk_widget_set_visible (diagram, canvas_shown);
  gtk_widget_set_visible (slot, slot_shown);
  if (!canvas_shown && focus != NULL &&
      (focus == GTK_WIDGET (self->canvas) || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->canvas))))
    gtk_widget_child_focus (slot, GTK_DIR_TAB_FORWARD);
  _bg_window_layout_place_soon (self);
}

void
_bg_window_layout_set (BgWindow   *self,
                       const char *name)
{
  GSettings *settings = _bg_window_get_settings (self);
  guint layout = BG_WINDOW_LAYOUT_BOTH;

  for (guint i = 0; i < G_N_ELEMENTS (layout_names); i++)
    if (g_strcmp0 (name, layout_names[i]) == 0)
      layout = i;
  if (layout == self->layout)
    return;
  self->layout = layout;
  _bg_window_layout_apply (self);
  if (self->layout_button != NULL)
    {
      static const char *const icons[] = {
        "bg-layout-diagram-symbolic", "bg-layout-both-symbolic", "bg-layout-plot-symbolic",
      };

      gtk_menu_button_set_icon_name (self->layout_button, icons[layout]);
    }
  if (settings != NULL)
    g_settings_set_string (settings, "window-layout", layout_names[layout]);
  g_object_notify (G_OBJECT (self), "layout");
}

/* A run or the equations are to be seen: the diagram alone makes room. */
void
_bg_window_layout_show_slot (BgWindow *self)
{
  if (self->layout == BG_WINDOW_LAYOUT_DIAGRAM)
    _bg_window_layout_set (self, "both");
}

/* Exercise mode is on the canvas: the plot-only layout makes room. */
void
_bg_window_layout_show_canvas (BgWindow *self)
{
  if (self->layout == BG_WINDOW_LAYOUT_PLOT)
    _bg_window_layout_set (self, "both");
}

/* The bars over the canvas ---------------------------------------------- */

/* The bars over the canvas's top, one below the other in the order they
 * were added, each as tall as it asks for the canvas's width; the height
 * of those shown is the canvas's top inset, so the graph stays below
 * them. */
static int
bars_layout (BgWindow  *self,
             GtkWidget *bar,
             int       *bar_y,
             int       *bar_h)
{
  GtkWidget *overlay = GTK_WIDGET (self->canvas_overlay);
  GtkWidget *main_child = gtk_overlay_get_child (self->canvas_overlay);
  int width = gtk_widget_get_width (overlay);
  int y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int height = 0;

      if (child == main_child || !gtk_widget_get_visible (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
      if (child == bar)
        {
          *bar_y = y;
          *bar_h = height;
        }
      y += height;
    }
  return y;
}

static gboolean
bars_position_cb (GtkOverlay    *overlay,
                  GtkWidget     *widget,
                  GdkRectangle  *allocation,
                  BgWindow      *self)
{
  int y = 0, height = 0, inset;

  inset = bars_layout (self, widget, &y, &height);
  *allocation = (GdkRectangle) { 0, y, gtk_widget_get_width (GTK_WIDGET (overlay)), height };
  bg_canvas_set_top_inset (self->canvas, inset);
  if (self->bars_reveal != NULL)
    {
      g_auto(GStrv) ids = g_steal_pointer (&self->bars_reveal);

      bg_canvas_reveal_ids (self->canvas, (const char *const *) ids);
    }
  return TRUE;
}

void
_bg_window_layout_bars_update (BgWindow *self)
{
  int y = 0, height = 0;

  /* none shown: nothing is positioned, so the inset is set here */
  if (bars_layout (self, NULL, &y, &height) == 0)
    bg_canvas_set_top_inset (self->canvas, 0);
  gtk_widget_queue_allocate (GTK_WIDGET (self->canvas_overlay));
}

void
_bg_window_layout_add_bar (BgWindow  *self,
                           GtkWidget *bar)
{
  gtk_widget_set_valign (bar, GTK_ALIGN_START);
  gtk_overlay_add_overlay (self->canvas_overlay, bar);
}

void
_bg_window_layout_reveal_below_bars (BgWindow          *self,
                                     const char *const *ids)
{
  g_strfreev (self->bars_reveal);
  self->bars_reveal = g_strdupv ((char **) ids);
  gtk_widget_queue_allocate (GTK_WIDGET (self->canvas_overlay));
}

/* The divider ------------------------------------------------------------ */

static int
handle_height (BgWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->plot_paned));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (child != gtk_paned_get_start_child (self->plot_paned) &&
        child != gtk_paned_get_end_child (self->plot_paned))
      return gtk_widget_get_height (child);
  return 0;
}

/* The plot slot's switcher row (the pages' own heights come on top). */
static int
switcher_height (BgWindow *self,
                 int       width)
{
  GtkWidget *box = gtk_paned_get_end_child (self->plot_paned);
  GtkWidget *switcher = box != NULL ? gtk_widget_get_first_child (box) : NULL;
  int height = 0;

  if (switcher != NULL && switcher != GTK_WIDGET (self->plot_stack))
    gtk_widget_measure (switcher, GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  return height;
}

/* The canvas's height (the paned's position) the rules above give. */
static int
automatic_position (BgWindow *self,
                    int       paned_height,
                    int       max_position)
{
  const char *page = gtk_stack_get_visible_child_name (self->plot_stack);
  int width = gtk_widget_get_width (GTK_WIDGET (self->plot_paned));
  int below = paned_height - handle_height (self) - switcher_height (self, width);
  int position;

  if (g_strcmp0 (page, "analysis") == 0 || g_strcmp0 (page, "energy") == 0)
    {
      GtkWidget *pane = g_str_equal (page, "analysis") ? GTK_WIDGET (self->analysis_pane)
                                                       : GTK_WIDGET (self->energy_pane);
      int natural = 0;

      /* the page whole, unscrolled, if the canvas keeps a useful height */
      gtk_widget_measure (pane, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
      return MAX (MIN (ANALYSIS_CANVAS_MIN, max_position), below - natural);
    }
  if (g_strcmp0 (page, "time") == 0 && !bg_plot_pane_has_plot (self->plot_pane))
    /* nothing plotted yet: the slot keeps only its header and hint */
    return below - bg_plot_pane_get_readable_height (self->plot_pane, width);

  position = (int) (paned_height * CANVAS_SHARE);
  if (g_strcmp0 (page, "time") == 0)
    position = MIN (position, below - bg_plot_pane_get_readable_height (self->plot_pane, width));
  if (self->presentation_mode)
    position = MAX (position, (int) ceil (PRESENTATION_CANVAS_SHARE *
                                          gtk_widget_get_height (GTK_WIDGET (self))));
  return position;
}

static void
place_divider (BgWindow *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->plot_paned));
  int min = 0, max = 0;

  if (self->divider_user || self->explaining || self->layout != BG_WINDOW_LAYOUT_BOTH ||
      height <= 0)
    return;
  g_object_get (self->plot_paned, "min-position", &min, "max-position", &max, NULL);
  if (max <= 0)
    return;
  gtk_paned_set_position (self->plot_paned,
                          CLAMP (automatic_position (self, height, max), min, max));
}

static gboolean
place_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  BgWindow *self = BG_WINDOW (widget);

  self->place_tick = 0;
  place_divider (self);
  return G_SOURCE_REMOVE;
}

/* On the next frame, once sizes and styles have settled. */
void
_bg_window_layout_place_soon (BgWindow *self)
{
  if (self->place_tick == 0)
    self->place_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), place_tick_cb, NULL, NULL);
}

/* A new document: the divider is the window's again. */
void
_bg_window_layout_reset_divider (BgWindow *self)
{
  self->divider_user = FALSE;
  _bg_window_layout_place_soon (self);
}

/* A press on the divider (before the paned's own gesture takes it): the
 * user places it from now on. */
static gboolean
press_cb (GtkEventControllerLegacy *controller,
          GdkEvent                 *event,
          BgWindow                 *self)
{
  GtkNative *native = GTK_NATIVE (self);
  double x = 0, y = 0, sx = 0, sy = 0;
  GtkWidget *picked;

  if (gdk_event_get_event_type (event) != GDK_BUTTON_PRESS || self->divider_user)
    return GDK_EVENT_PROPAGATE;
  gdk_event_get_position (event, &x, &y);
  gtk_native_get_surface_transform (native, &sx, &sy);
  picked = gtk_widget_pick (GTK_WIDGET (self), x - sx, y - sy, GTK_PICK_DEFAULT);
  if (picked != NULL && gtk_widget_get_parent (picked) == GTK_WIDGET (self->plot_paned) &&
      picked != gtk_paned_get_start_child (self->plot_paned) &&
      picked != gtk_paned_get_end_child (self->plot_paned))
    self->divider_user = TRUE;
  return GDK_EVENT_PROPAGATE;
}

static void
place_soon_cb (BgWindow *self)
{
  _bg_window_layout_place_soon (self);
}

/* Another page: its height at once, so it is never laid out in the room
 * the last page left (the equations' wrapped rows in the hint's slot). */
static void
page_changed_cb (BgWindow *self)
{
  place_divider (self);
  _bg_window_layout_place_soon (self);
}

/* The paned's height changed. The first time it is known the divider is
 * placed at once: a paned without a position lays its children out by
 * their natural sizes for a frame. */
static void
paned_notify_max_position_cb (BgWindow *self)
{
  gboolean position_set = FALSE;

  g_object_get (self->plot_paned, "position-set", &position_set, NULL);
  if (!position_set)
    place_divider (self);
  _bg_window_layout_place_soon (self);
}

void
_bg_window_layout_init (BgWindow *self)
{
  GtkEventController *legacy = gtk_event_controller_legacy_new ();

  self->layout = BG_WINDOW_LAYOUT_BOTH;
  g_signal_connect_object (self->canvas_overlay, "get-child-position",
                           G_CALLBACK (bars_position_cb), self, 0);
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (press_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), legacy);

  /* the paned's height, the page, the run, presentation mode */
  g_signal_connect_object (self->plot_paned, "notify::max-position",
                           G_CALLBACK (paned_notify_max_position_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_stack, "notify::visible-child",
                           G_CALLBACK (page_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "run-finished",
                           G_CALLBACK (place_soon_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "notify::running",
                           G_CALLBACK (place_soon_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_pane, "notify::presentation",
                           G_CALLBACK (place_soon_cb), self, G_CONNECT_SWAPPED);
  /* the Analysis page grows with a Bode plot or a sweep, the Energy page
   * with a run: its height again */
  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *pane = i == 0 ? GTK_WIDGET (self->analysis_pane) : GTK_WIDGET (self->energy_pane);
      GtkWidget *scroller = gtk_widget_get_ancestor (pane, GTK_TYPE_SCROLLED_WINDOW);

      if (scroller != NULL)
        g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller)),
                                 "notify::upper", G_CALLBACK (place_soon_cb), self,
                                 G_CONNECT_SWAPPED);
    }
}

void
_bg_window_layout_dispose (BgWindow *self)
{
  g_clear_pointer (&self->bars_reveal, g_strfreev);
  if (self->place_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->place_tick);
      self->place_tick = 0;
    }
}
