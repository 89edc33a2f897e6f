/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-palette.c — the component palette (left sidebar).
 *
 * Owns: the palette rows of the shown domain, their classic drawings, search
 * Owns: the palette rows of the shown domain, their classic drawings, search
 * filtering over all sections (Down moves to the first match, Enter inserts
 * it), drag sources, the keys between sections and the signals. The specs
 * are the library's static structs; the rows are rebuilt when the domain
 * changes. The "My components" section is bg-palette-library.c's. Must
 * not: edit a model, know about the canvas, or keep anything but the
 * domain, the component library's entries and the rows' specs.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-graph-renderer.h"
#include "bg-palette-private.h"
#include "bg-theme.h"
#include "bg-widget-util-private.h"

G_DEFINE_FINAL_TYPE (BgPalette, bg_palette, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOMAIN,
  N_PROPS
};

enum {
  COMPONENT_ACTIVATED,
  LIBRARY_COMPONENT_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Drawing -------------------------------------------------------------- */

/* A bond from (x0, y0) to (x1, y1) with its half-arrow at the (x1, y1) end:
 * one barb on the left of the direction of travel. */
static void
draw_bond (cairo_t *cr,
           double   x0,
           double   y0,
           double   x1,
           double   y1)
{
  double len = hypot (x1 - x0, y1 - y0);
  double dx, dy;

  if (len < 1)
    return;

  dx = (x1 - x0) / len;
  dy = (y1 - y0) / len;

  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_line_to (cr, x1 - 6 * dx + 4.5 * dy, y1 - 6 * dy - 4.5 * dx);
  cairo_stroke (cr);
}

static void
show_text_centred (cairo_t    *cr,
                   const char *text,
                   double      cx,
                   double      cy,
                   double      size,
                   double     *half_width,
                   double     *half_height)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  PangoRectangle ink, logical;

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);

  cairo_move_to (cr,
                 cx - logical.width / 2.0,
                 cy - logical.height / 2.0);
  pango_cairo_show_layout (cr, layout);

  *half_width = logical.width / 2.0;
  *half_height = ink.height / 2.0;

  pango_font_description_free (font);
  g_object_unref (layout);
}

/* "QuarterCar" → "QC", "DCDrive" → "DCD": the capitals and digits, or
 * the first four characters when there are fewer than two. */
static char *
abbreviate (const char *name)
{
  GString *out = g_string_new (NULL);

  for (const char *p = name; *p != '\0'; p++)
    if (g_ascii_isupper (*p) || g_ascii_isdigit (*p))
      g_string_append_c (out, *p);
  if (out->len < 2)
    {
      g_string_truncate (out, 0);
      g_string_append_len (out, name, MIN (strlen (name), 4));
    }
  return g_string_free (out, FALSE);
}

/* Ports of the first port's domain on the left, the others on the right;
 * with a single domain, the first half on the left. */
static gboolean
port_on_left (const BgComponentSpec *spec,
              guint                  i)
{
  gboolean left = spec->ports[i].domain == spec->ports[0].domain;

  if (spec->n_ports > 1 && left &&
      spec->ports[spec->n_ports - 1].domain == spec->ports[0].domain)
    left = i < (spec->n_ports + 1) / 2;
  return left;
}

static void
draw_advanced (cairo_t               *cr,
               const BgComponentSpec *spec,
               double                 width,
               double                 height,
               const GdkRGBA         *foreground,
               const GdkRGBA         *accent)
{
  double bw = width - 26, bh = height - 8;
  double bx = (width - bw) / 2, by = (height - bh) / 2;
  guint n_left = 0, n_right = 0, il = 0, ir = 0;
  double hw, hh;

  for (guint i = 0; i < spec->n_ports; i++)
    if (port_on_left (spec, i))
      n_left++;
    else
      n_right++;

  gdk_cairo_set_source_rgba (cr, foreground);
  cairo_set_line_width (cr, 1.3);
  for (guint i = 0; i < spec->n_ports; i++)
    {
      double y;

      if (port_on_left (spec, i))
        {
          y = by + bh * (il + 1) / (n_left + 1.0);
          il++;
          draw_bond (cr, 1, y, bx, y);
        }
      else
        {
          y = by + bh * (ir + 1) / (n_right + 1.0);
          ir++;
          draw_bond (cr, bx + bw, y, width - 1, y);
        }
    }

  cairo_rectangle (cr, bx + 0.5, by + 0.5, bw - 1, bh - 1);
  cairo_stroke (cr);

  /* long symbols (PUMP, LOAD) shrink to fit the box; a name too long to
   * read that small ("QuarterCar") is drawn by its capitals ("QC") */
  {
    PangoLayout *layout = pango_cairo_create_layout (cr);
    PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
    g_autofree char *symbol = g_strdup (spec->symbol);
    double size = 9.5;
    int text_width;

    pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
    pango_layout_set_font_description (layout, font);
    pango_layout_set_text (layout, symbol, -1);
    pango_layout_get_pixel_size (layout, &text_width, NULL);
    if (text_width > 0 && size * (bw - 6) / text_width < 7)
      {
        g_autofree char *short_symbol = abbreviate (symbol);

        g_free (symbol);
        symbol = g_steal_pointer (&short_symbol);
        pango_layout_set_text (layout, symbol, -1);
        pango_layout_get_pixel_size (layout, &text_width, NULL);
      }
    if (text_width > bw - 6)
      size *= (bw - 6) / text_width;
    pango_font_description_free (font);
    g_object_unref (layout);

    gdk_cairo_set_source_rgba (cr, accent);
    show_text_centred (cr, symbol, width / 2, height / 2, size, &hw, &hh);
  }
}

void
bg_palette_draw_symbol (cairo_t               *cr,
                        const BgComponentSpec *spec,
                        int                    width,
                        int                    height,
                        const GdkRGBA         *foreground,
                        const GdkRGBA         *accent)
{
  double cx = width / 2.0, cy = height / 2.0;
  double hw, hh, gap = 3;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (spec != NULL);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (spec->section == BG_SECTION_ADVANCED)
    {
      draw_advanced (cr, spec, width, height, foreground, accent);
      cairo_restore (cr);
      return;
    }

  switch (spec->drawing)
    {
    case BG_DRAWING_JUNCTION:
      gdk_cairo_set_source_rgba (cr, accent);
      show_text_centred (cr, spec->symbol, cx, cy + 4, 14, &hw, &hh);
      gdk_cairo_set_source_rgba (cr, foreground);
      cairo_set_line_width (cr, 1.3);
      /* The classic junction: one bond in, two out. */
      draw_bond (cr, 2, cy + 4, cx - hw - gap, cy + 4);
      draw_bond (cr, cx + hw + gap, cy + 4, width - 2, cy + 4);
      draw_bond (cr, cx, cy + 4 - hh - gap, cx, 1);
      break;

    case BG_DRAWING_SOURCE:
      /* A source: the letters, then its bond with the arrow pointing away. */
      gdk_cairo_set_source_rgba (cr, accent);
      show_text_centred (cr, spec->symbol, 16, cy, 13, &hw, &hh);
      gdk_cairo_set_source_rgba (cr, foreground);
      cairo_set_line_width (cr, 1.3);
      draw_bond (cr, 16 + hw + gap, cy, width - 2, cy);
      break;

    case BG_DRAWING_TWO_PORT:
      gdk_cairo_set_source_rgba (cr, accent);
      show_text_centred (cr, spec->symbol, cx, cy, 13, &hw, &hh);
      gdk_cairo_set_source_rgba (cr, foreground);
      cairo_set_line_width (cr, 1.3);
      draw_bond (cr, 2, cy, cx - hw - gap, cy);
      draw_bond (cr, cx + hw + gap, cy, width - 2, cy);
      break;

    case BG_DRAWING_ONE_PORT:
    case BG_DRAWING_BOX:
    default:
      /* A one-port: its single bond arriving from the left. */
      gdk_cairo_set_source_rgba (cr, accent);
      show_text_centred (cr, spec->symbol, width - 14, cy, 13, &hw, &hh);
      gdk_cairo_set_source_rgba (cr, foreground);
      cairo_set_line_width (cr, 1.3);
      draw_bond (cr, 2, cy, width - 14 - hw - gap, cy);
      break;
    }

  cairo_restore (cr);
}

static void
symbol_draw_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        user_data)
{
  const BgComponentSpec *spec = user_data;
  GdkRGBA foreground, accent;
  BgGraphStyle graph_style;
  const BgGraphColor *c;

  bg_theme_get_fg (GTK_WIDGET (area), &foreground);

  /* the canvas's label colours, so an item looks like what it inserts */
  if ((foreground.red + foreground.green + foreground.blue) / 3 > 0.5)
    bg_graph_style_init_dark (&graph_style);
  else
    bg_graph_style_init_light (&graph_style);
  c = &graph_style.domain[spec->domain < BG_N_DOMAINS ? spec->domain : BG_DOMAIN_NONE];
  accent = (GdkRGBA) { c->red, c->green, c->blue, c->alpha };

  bg_palette_draw_symbol (cr, spec, width, height, &foreground, &accent);
}

/* Rows ----------------------------------------------------------------- */

char *
bg_palette_dup_drag_string (const BgComponentSpec *spec,
                            BgDomain               domain)
{
  BgDomain d;

  g_return_val_if_fail (spec != NULL, NULL);

  d = spec->domain != BG_DOMAIN_NONE ? spec->domain : domain;
  return g_strdup_printf ("bgmod-component:%s:%s",
                          spec->type,
                          d != BG_DOMAIN_NONE ? bg_domain_to_id (d) : "");
}

static const BgComponentSpec *
bg_palette_spec_for_row (BgPalette     *self,
                         GtkListBoxRow *row)
{
  GtkWidget *list = gtk_widget_get_parent (GTK_WIDGET (row));
  GPtrArray *specs;
  int index = gtk_list_box_row_get_index (row);

  if (list == GTK_WIDGET (self->primitives_list))
    specs = self->primitive_specs;
  else if (list == GTK_WIDGET (self->advanced_list))
    specs = self->advanced_specs;
  else
    specs = self->library_specs;
  if (index < 0 || (guint) index >= specs->len)
    return NULL;

  return g_ptr_array_index (specs, index);
}

static GdkContentProvider *
drag_prepare_cb (BgPalette     *self,
                 double         x,
                 double         y,
                 GtkDragSource *source)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  const BgComponentSpec *spec = bg_palette_spec_for_row (self, GTK_LIST_BOX_ROW (row));
  BgComponentEntry *entry = _bg_palette_library_entry_for_row (self, GTK_LIST_BOX_ROW (row));
  g_autofree char *text = NULL;

  /* a component of the library travels as its entry: only a drop target
   * that embeds its definition takes it */
  if (entry != NULL)
    return gdk_content_provider_new_typed (BG_TYPE_COMPONENT_ENTRY, entry);
  if (spec == NULL)
    return NULL;

  text = bg_palette_dup_drag_string (spec, self->domain);
  return gdk_content_provider_new_typed (G_TYPE_STRING, text);
}

static void
drag_begin_cb (BgPalette     *self,
               GdkDrag       *drag,
               GtkDragSource *source)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
  GtkWidget *symbol = gtk_widget_get_first_child (box);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (symbol);

  gtk_drag_source_set_icon (source, paintable, SYMBOL_WIDTH / 2, SYMBOL_HEIGHT / 2);
}

GtkWidget *
_bg_palette_make_row (BgPalette             *self,
                      const BgComponentSpec *spec)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *symbol = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (bg_component_spec_display_name (spec));
  GtkDragSource *source = gtk_drag_source_new ();
  g_autofree char *tooltip = NULL;

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (symbol), SYMBOL_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (symbol), SYMBOL_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (symbol), symbol_draw_cb,
                                  (gpointer) spec, NULL);
  gtk_widget_add_css_class (symbol, "palette-symbol");
  /* its own height beside a name of three lines */
  gtk_widget_set_valign (symbol, GTK_ALIGN_CENTER);

  /* wrapped, never cut: a long name ("Насос (табличная характеристика)"
   * in presentation mode) takes a third line; the list scrolls */
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);

  gtk_box_append (GTK_BOX (box), symbol);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  if (spec->description != NULL && spec->description[0] != '\0')
    tooltip = g_strdup_printf ("%s (%s)\n%s",
                               bg_component_spec_display_name (spec),
                               spec->type,
                               g_dgettext (GETTEXT_PACKAGE, spec->description));
  else
    tooltip = g_strdup_printf ("%s (%s)",
                               bg_component_spec_display_name (spec), spec->type);
  gtk_widget_set_tooltip_text (row, tooltip);
  /* a screen reader names the row like the label; Enter inserts it */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  bg_component_spec_display_name (spec),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip,
                                  -1);

  gtk_drag_source_set_actions (source, GDK_ACTION_COPY);
  g_signal_connect_object (source, "prepare", G_CALLBACK (drag_prepare_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (source, "drag-begin", G_CALLBACK (drag_begin_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (source));

  return row;
}

static void
bg_palette_fill_list (BgPalette  *self,
                      GtkListBox *list,
                      GPtrArray  *specs,
                      BgSection   section)
{
  g_autofree const BgComponentSpec **listed = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  g_ptr_array_set_size (specs, 0);

  listed = bg_library_list_palette (self->domain, section);
  for (guint i = 0; listed != NULL && listed[i] != NULL; i++)
    {
      g_ptr_array_add (specs, (gpointer) listed[i]);
      gtk_list_box_append (list, _bg_palette_make_row (self, listed[i]));
    }
}

static gboolean
spec_matches (const BgComponentSpec *spec,
              const char            *needle)
{
  g_autofree char *name = NULL;
  g_autofree char *type = NULL;

  if (needle == NULL || needle[0] == '\0')
    return TRUE;

  name = g_utf8_casefold (bg_component_spec_display_name (spec), -1);
  type = g_utf8_casefold (spec->type, -1);

  return strstr (name, needle) != NULL || strstr (type, needle) != NULL;
}

static guint
bg_palette_filter_list (GtkListBox *list,
                        GPtrArray  *specs,
                        const char *needle)
{
  guint shown = 0;
  guint i = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list));
       row != NULL && i < specs->len;
       row = gtk_widget_get_next_sibling (row), i++)
    {
      gboolean match = spec_matches (g_ptr_array_index (specs, i), needle);

      gtk_widget_set_visible (row, match);
      shown += match;
    }

  return shown;
}

static void
bg_palette_refilter (BgPalette *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  g_autofree char *needle = g_utf8_casefold (trimmed, -1);
  gboolean searching = needle[0] != '\0';
  guint n_primitives, n_advanced, n_library;

  n_primitives = bg_palette_filter_list (self->primitives_list,
                                         self->primitive_specs, needle);
  n_advanced = bg_palette_filter_list (self->advanced_list,
                                       self->advanced_specs, needle);
  n_library = bg_palette_filter_list (self->library_list,
                                      self->library_specs, needle);

  gtk_widget_set_visible (self->primitives_heading, n_primitives > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->primitives_list), n_primitives > 0);
  gtk_widget_set_visible (self->advanced_heading, n_advanced > 0 || !searching);
  gtk_widget_set_visible (GTK_WIDGET (self->advanced_list), n_advanced > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->advanced_note),
                          self->advanced_specs->len == 0 && !searching);
  _bg_palette_library_refilter (self, searching, n_library);
  gtk_widget_set_visible (self->no_match_label,
                          searching && n_primitives + n_advanced + n_library == 0);
}

static const char *
advanced_note_for (BgDomain domain)
{
  switch (domain)
    {
    case BG_DOMAIN_ELECTRICAL:
      return _("No electrical advanced components yet; use the primitives.");
    case BG_DOMAIN_ROTATIONAL:
      return _("No rotational advanced components yet; use the primitives.");
    case BG_DOMAIN_HYDRAULIC:
    case BG_DOMAIN_TRANSLATIONAL:
    case BG_DOMAIN_NONE:
    case BG_N_DOMAINS:
    default:
      return _("No advanced components in this domain yet; use the primitives.");
    }
}

static void
bg_palette_rebuild (BgPalette *self)
{
  bg_palette_fill_list (self, self->primitives_list, self->primitive_specs,
                        BG_SECTION_PRIMITIVES);
  bg_palette_fill_list (self, self->advanced_list, self->advanced_specs,
                        BG_SECTION_ADVANCED);
  _bg_palette_library_fill (self);
  gtk_label_set_label (self->advanced_note, advanced_note_for (self->domain));
  bg_palette_refilter (self);
}

/* Callbacks ------------------------------------------------------------ */

static void
row_activated_cb (BgPalette     *self,
                  GtkListBoxRow *row,
                  GtkListBox    *list)
{
  const BgComponentSpec *spec = bg_palette_spec_for_row (self, row);
  BgComponentEntry *entry = _bg_palette_library_entry_for_row (self, row);

  if (entry != NULL)
    g_signal_emit (self, signals[LIBRARY_COMPONENT_ACTIVATED], 0, entry);
  else if (spec != NULL)
    g_signal_emit (self, signals[COMPONENT_ACTIVATED], 0, spec);
}

static void
search_changed_cb (BgPalette      *self,
                   GtkSearchEntry *entry)
{
  bg_palette_refilter (self);
}

/* The first row the search shows, and its list; NULL when none. */
static GtkWidget *
first_match (BgPalette   *self,
             GtkListBox **list)
{
  GtkListBox *lists[] = { self->primitives_list, self->advanced_list, self->library_list };

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (lists[l]));
         row != NULL;
         row = gtk_widget_get_next_sibling (row))
      if (gtk_widget_get_visible (row))
        {
          *list = lists[l];
          return row;
        }
  return NULL;
}

/* Enter in the search field inserts the first match of what is typed now,
 * even before the search's delay has filtered the list. */
static void
search_activate_cb (BgPalette      *self,
                    GtkSearchEntry *entry)
{
  GtkListBox *list = NULL;
  GtkWidget *row;

  bg_palette_refilter (self);
  row = first_match (self, &list);
  if (row != NULL)
    row_activated_cb (self, GTK_LIST_BOX_ROW (row), list);
}

/* Down in the search field moves to the first match (Enter or Space there
 * inserts it, the arrows go on through the list). */
static gboolean
search_key_pressed_cb (GtkEventControllerKey *controller,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       BgPalette             *self)
{
  GtkListBox *list = NULL;
  GtkWidget *row;

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
      || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0)
    return FALSE;
  bg_palette_refilter (self);
  row = first_match (self, &list);
  if (row == NULL)
    return FALSE;
  gtk_widget_grab_focus (row);
  return TRUE;
}

static void
domain_selected_cb (BgPalette   *self,
                    GParamSpec  *pspec,
                    GtkDropDown *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected != GTK_INVALID_LIST_POSITION)
    bg_palette_set_domain (self, BG_DOMAIN_FIRST + selected);
}

/* GObject -------------------------------------------------------------- */

static void
bg_palette_dispose (GObject *object)
{
  BgPalette *self = BG_PALETTE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), BG_TYPE_PALETTE);
  _bg_palette_library_dispose (self);
  _bg_widget_unparent_children (GTK_WIDGET (self));

  G_OBJECT_CLASS (bg_palette_parent_class)->dispose (object);
}

static void
bg_palette_finalize (GObject *object)
{
  BgPalette *self = BG_PALETTE (object);

  g_clear_pointer (&self->primitive_specs, g_ptr_array_unref);
  g_clear_pointer (&self->advanced_specs, g_ptr_array_unref);
  g_clear_pointer (&self->library_specs, g_ptr_array_unref);

  G_OBJECT_CLASS (bg_palette_parent_class)->finalize (object);
}

static void
bg_palette_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  BgPalette *self = BG_PALETTE (object);

  switch (prop_id)
    {
    case PROP_DOMAIN:
      g_value_set_int (value, self->domain);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_palette_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  BgPalette *self = BG_PALETTE (object);

  switch (prop_id)
    {
    case PROP_DOMAIN:
      bg_palette_set_domain (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_palette_class_init (BgPaletteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_palette_dispose;
  object_class->finalize = bg_palette_finalize;
  object_class->get_property = bg_palette_get_property;
  object_class->set_property = bg_palette_set_property;

  properties[PROP_DOMAIN] =
    g_param_spec_int ("domain", NULL, NULL, BG_DOMAIN_FIRST, BG_N_DOMAINS - 1, BG_DOMAIN_FIRST,
                      _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[COMPONENT_ACTIVATED] =
    g_signal_new ("component-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[LIBRARY_COMPONENT_ACTIVATED] =
    g_signal_new ("library-component-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, BG_TYPE_COMPONENT_ENTRY);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/bgmod/BGMod/ui/bg-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, BgPalette, domain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, search_entry);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, primitives_heading);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, primitives_list);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, advanced_heading);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, advanced_list);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, advanced_note);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, library_heading);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, library_list);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, library_note);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, library_problems_label);
  gtk_widget_class_bind_template_child (widget_class, BgPalette, no_match_label);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);

  gtk_widget_class_set_css_name (widget_class, "bgpalette");
}

/* The arrow keys run on from one section's list into the next. */
static gboolean
list_keynav_failed_cb (BgPalette        *self,
                       GtkDirectionType  direction,
                       GtkListBox       *list)
{
  GtkListBox *lists[] = { self->primitives_list, self->advanced_list, self->library_list };
  int at = -1, step;

  for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
    if (lists[l] == list)
      at = (int) l;
  if (at < 0 || (direction != GTK_DIR_DOWN && direction != GTK_DIR_UP))
    return FALSE;
  step = direction == GTK_DIR_DOWN ? 1 : -1;

  /* the next list with a shown row, skipping empty sections */
  for (int l = at + step; l >= 0 && l < (int) G_N_ELEMENTS (lists); l += step)
    {
      GtkListBox *other = lists[l];
      int n = 0;

      if (!gtk_widget_get_visible (GTK_WIDGET (other)))
        continue;
      while (gtk_list_box_get_row_at_index (other, n) != NULL)
        n++;
      for (int i = 0; i < n; i++)
        {
          GtkListBoxRow *candidate =
            gtk_list_box_get_row_at_index (other, direction == GTK_DIR_DOWN ? i : n - 1 - i);

          if (gtk_widget_get_visible (GTK_WIDGET (candidate)) &&
              gtk_widget_get_child_visible (GTK_WIDGET (candidate)))
            return gtk_widget_grab_focus (GTK_WIDGET (candidate));
        }
    }
  return FALSE;
}

static void
bg_palette_init (BgPalette *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  self->domain = BG_DOMAIN_FIRST;
  self->primitive_specs = g_ptr_array_new ();
  self->advanced_specs = g_ptr_array_new ();
  self->library_specs = g_ptr_array_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    gtk_string_list_append (names, bg_domain_display_name (d));
  gtk_drop_down_set_model (self->domain_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->domain_dropdown, 0);
  g_signal_connect_object (self->domain_dropdown, "notify::selected",
                           G_CALLBACK (domain_selected_cb), self,
                           G_CONNECT_SWAPPED);

  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    /* before the entry's text moves its cursor */
    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (search_key_pressed_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (self->search_entry), keys);
  }
  g_signal_connect_object (self->primitives_list, "keynav-failed",
                           G_CALLBACK (list_keynav_failed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->advanced_list, "keynav-failed",
                           G_CALLBACK (list_keynav_failed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->library_list, "keynav-failed",
                           G_CALLBACK (list_keynav_failed_cb), self,
                           G_CONNECT_SWAPPED);

  _bg_palette_library_load (self);
  bg_palette_rebuild (self);
}

GtkWidget *
bg_palette_new (void)
{
  return g_object_new (BG_TYPE_PALETTE, NULL);
}

BgDomain
bg_palette_get_domain (BgPalette *self)
{
  g_return_val_if_fail (BG_IS_PALETTE (self), BG_DOMAIN_NONE);

  return self->domain;
}

void
bg_palette_set_domain (BgPalette *self,
                       BgDomain   domain)
{
  g_return_if_fail (BG_IS_PALETTE (self));
  g_return_if_fail (domain >= BG_DOMAIN_FIRST && domain < BG_N_DOMAINS);

  if (domain == self->domain)
    return;

  self->domain = domain;
  gtk_drop_down_set_selected (self->domain_dropdown, domain - BG_DOMAIN_FIRST);
  bg_palette_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOMAIN]);
}

GtkWidget *
bg_palette_get_item (BgPalette  *self,
                     const char *type)
{
  struct { GtkListBox *list; GPtrArray *specs; } sections[] = {
    { self->primitives_list, self->primitive_specs },
    { self->advanced_list, self->advanced_specs },
    { self->library_list, self->library_specs },
  };

  g_return_val_if_fail (BG_IS_PALETTE (self), NULL);
  g_return_val_if_fail (type != NULL, NULL);

  for (guint s = 0; s < G_N_ELEMENTS (sections); s++)
    for (guint i = 0; i < sections[s].specs->len; i++)
      {
        const BgComponentSpec *spec = g_ptr_array_index (sections[s].specs, i);

        if (g_str_equal (spec->type, type))
          return GTK_WIDGET (gtk_list_box_get_row_at_index (sections[s].list, i));
      }

  return NULL;
}

void
bg_palette_reload_library (BgPalette *self)
{
  g_return_if_fail (BG_IS_PALETTE (self));

  _bg_palette_library_load (self);
  _bg_palette_library_fill (self);
  bg_palette_refilter (self);
}
