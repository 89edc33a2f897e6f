/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-power-legend.c — the power-flow view's legend.
 *
 * Owns: the band along the canvas's bottom edge that says what the
 * power-flow view draws, in place of the conflict legend while the view is
 * shown: the log scale of the bands' widths, drawn as wide as the
 * graph draws them at this zoom and presentation scale: one band widening
 * from the scale's floor to its top, labelled with both powers; the two
 * directions' colours; the storages' tanks and the
 * resistances' heat when the model has them. Entries flow left to right
 * and wrap to the canvas's width; their layouts are kept until what they
 * say or the font changes. Must not: draw the graph, or read the
 * result other than through the power flow.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-graph-power.h"
#include "bg-power-flow.h"
#include "bg-si-format.h"

#define PAD         6.0
#define SWATCH_W    26.0
#define MAX_ENTRIES 12

typedef enum
{
  ENTRY_TEXT,      /* a note */
  ENTRY_SCALE,     /* a band widening from the scale's floor to its top */
  ENTRY_ALONG,
  ENTRY_AGAINST,
  ENTRY_TANK,
  ENTRY_HEAT,
} EntryKind;

typedef struct
{
  EntryKind    kind;
  double       power;
  PangoLayout *layout;
  int          width, height;
} Entry;

/* The entries laid out, kept while what they say and the font stay (the
 * legend is drawn every frame of playing). */
typedef struct
{
  Entry    entries[MAX_ENTRIES];
  guint    n;
  double   top;
  gboolean storage, dissipator;
  guint    serial;    /* the widget's Pango context's */
} Legend;

#define LEGEND_KEY "bg-canvas-power-legend"

static void
legend_free (gpointer data)
{
  Legend *legend = data;

  for (guint i = 0; i < legend->n; i++)
    g_object_unref (legend->entries[i].layout);
  g_free (legend);
}

static void
add (BgCanvas  *self,
     Entry     *entries,
     guint     *n,
     EntryKind  kind,
     double     power,
     const char *text)
{
  Entry *e;

  if (*n >= MAX_ENTRIES)
    return;
  e = &entries[(*n)++];
  e->kind = kind;
  e->power = power;
  e->layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  pango_layout_get_pixel_size (e->layout, &e->width, &e->height);
}

/* What the legend says for this flow. */
static guint
make_entries (BgCanvas    *self,
              double       top,
              gboolean     storage,
              gboolean     dissipator,
              Entry       *entries)
{
  guint n = 0;

  if (!(top > 0))
    {
      add (self, entries, &n, ENTRY_TEXT, 0, _("No power flows in this run"));
      return n;
    }
  {
    g_autofree char *floor_text = bg_si_format (top / pow (10, BG_GRAPH_POWER_DECADES), "W");
    g_autofree char *top_text = bg_si_format (top, "W");
    /* TRANSLATORS: the legend of the bonds' widths: the power at the
     * thinnest band and at the widest ("|P|: 1 mW … 10 W, log scale") */
    g_autofree char *text = g_strdup_printf (_("|P|: %s … %s, log scale"), floor_text, top_text);

    add (self, entries, &n, ENTRY_SCALE, top, text);
  }
  add (self, entries, &n, ENTRY_ALONG, 0, _("along the half-arrow"));
  add (self, entries, &n, ENTRY_AGAINST, 0, _("against it"));
  if (storage)
    add (self, entries, &n, ENTRY_TANK, 0, _("stored energy, of its peak"));
  if (dissipator)
    add (self, entries, &n, ENTRY_HEAT, 0, _("dissipated power"));
  return n;
}

/* The legend of the flow shown, made again only when it would say
 * something else or the font changed; NULL when not shown. */
static Legend *
current_legend (BgCanvas *self)
{
  BgPowerFlow *flow;
  Legend *legend = g_object_get_data (G_OBJECT (self), LEGEND_KEY);
  double top;
  gboolean storage, dissipator;
  guint serial = pango_context_get_serial (gtk_widget_get_pango_context (GTK_WIDGET (self)));

  if (!_bg_canvas_power_shown (self) || (flow = _bg_canvas_power_flow (self)) == NULL)
    return NULL;
  top = bg_graph_power_scale_top (bg_power_flow_get_peak_power (flow));
  storage = bg_power_flow_has_role (flow, BG_POWER_ROLE_STORAGE);
  dissipator = bg_power_flow_has_role (flow, BG_POWER_ROLE_DISSIPATOR);
  if (legend != NULL && legend->top == top && legend->storage == storage &&
      legend->dissipator == dissipator && legend->serial == serial)
    return legend;
  legend = g_new0 (Legend, 1);
  legend->top = top;
  legend->storage = storage;
  legend->dissipator = dissipator;
  legend->serial = serial;
  legend->n = make_entries (self, top, storage, dissipator, legend->entries);
  g_object_set_data_full (G_OBJECT (self), LEGEND_KEY, legend, legend_free);
  return legend;
}

static double
swatch_width (const Entry *e)
{
  return e->kind == ENTRY_TEXT ? 0 : e->kind == ENTRY_SCALE ? 2 * SWATCH_W : SWATCH_W;
}

static double
entry_width (const Entry *e)
{
  return (e->kind == ENTRY_TEXT ? 0 : swatch_width (e) + PAD) + e->width + 2 * PAD;
}

/* The swatch of an entry in a box at (x, y), w × h. */
static void
draw_swatch (BgCanvas    *self,
             cairo_t     *cr,
             const Entry *e,
             double       x,
             double       y,
             double       h)
{
  const BgGraphStyle *st = bg_graph_renderer_get_style (self->renderer);
  const BgGraphColor *c = e->kind == ENTRY_AGAINST ? &st->power_against
                        : e->kind == ENTRY_TANK ? &st->power_store
                        : e->kind == ENTRY_HEAT ? &st->power_heat : &st->power_along;
  double mid = y + h / 2, w;

  switch (e->kind)
    {
    case ENTRY_SCALE:
      {
        /* as wide at each end as the graph draws the floor and the top */
        double scale = self->presentation_scale * self->zoom;
        double w0 = MIN (MAX (BG_GRAPH_POWER_MIN_WIDTH * scale, 1), h);
        double w1 = MIN (MAX (BG_GRAPH_POWER_MAX_WIDTH * scale, 2), h);
        double len = 2 * SWATCH_W;

        cairo_move_to (cr, x, mid - w0 / 2);
        cairo_line_to (cr, x + len, mid - w1 / 2);
        cairo_line_to (cr, x + len, mid + w1 / 2);
        cairo_line_to (cr, x, mid + w0 / 2);
        cairo_close_path (cr);
        cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.35);
        cairo_fill (cr);
        cairo_set_source_rgba (cr, st->fg.red, st->fg.green, st->fg.blue, 1);
        cairo_set_line_width (cr, 1.2 * self->presentation_scale);
        cairo_move_to (cr, x, mid);
        cairo_line_to (cr, x + len, mid);
        cairo_stroke (cr);
      }
      break;
    case ENTRY_ALONG:
    case ENTRY_AGAINST:
      w = MIN (BG_GRAPH_POWER_MAX_WIDTH * 0.6 * self->presentation_scale * self->zoom, h);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.35);
      cairo_set_line_width (cr, MAX (w, 1));
      cairo_move_to (cr, x, mid);
      cairo_line_to (cr, x + SWATCH_W, mid);
      cairo_stroke (cr);
      /* the chevron the bands carry, pointing where the power goes */
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 1);
      cairo_move_to (cr, x + SWATCH_W / 2 + 6, mid);
      cairo_line_to (cr, x + SWATCH_W / 2 - 3, mid - 6);
      cairo_line_to (cr, x + SWATCH_W / 2, mid);
      cairo_line_to (cr, x + SWATCH_W / 2 - 3, mid + 6);
      cairo_close_path (cr);
      cairo_fill (cr);
      cairo_set_source_rgba (cr, st->fg.red, st->fg.green, st->fg.blue, 1);
      cairo_set_line_width (cr, 1.2 * self->presentation_scale);
      cairo_move_to (cr, x, mid);
      cairo_line_to (cr, x + SWATCH_W, mid);
      cairo_stroke (cr);
      break;
    case ENTRY_TANK:
      cairo_rectangle (cr, x + 4, y + h * 0.45, SWATCH_W - 8, h * 0.5);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.45);
      cairo_fill (cr);
      cairo_rectangle (cr, x + 4.5, y + 0.5, SWATCH_W - 9, h - 1);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.9);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      break;
    case ENTRY_HEAT:
      cairo_rectangle (cr, x + 4, y + 1, SWATCH_W - 8, h - 2);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 0.4);
      cairo_fill (cr);
      break;
    case ENTRY_TEXT:
    default:
      break;
    }
}

/* Lays the entries out in rows (and draws them when cr is given); the
 * band's height. */
static double
legend (BgCanvas *self,
        cairo_t  *cr)
{
  const BgGraphStyle *st = bg_graph_renderer_get_style (self->renderer);
  Legend *legend = current_legend (self);
  Entry *entries;
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double line_h = 0, rows = 1, x = PAD, band, y0;
  guint n;

  if (legend == NULL)
    return 0;
  entries = legend->entries;
  n = legend->n;
  for (guint i = 0; i < n; i++)
    line_h = MAX (line_h, entries[i].height);
  line_h = MAX (line_h, BG_GRAPH_POWER_MAX_WIDTH * self->presentation_scale * MIN (self->zoom, 1.0));
  for (guint i = 0; i < n; i++)
    {
      if (x + entry_width (&entries[i]) > width && x > PAD)
        {
          rows++;
          x = PAD;
        }
      x += entry_width (&entries[i]);
    }
  band = rows * (line_h + PAD) + PAD;
  if (cr != NULL)
    {
      y0 = gtk_widget_get_height (GTK_WIDGET (self)) - band;
      cairo_save (cr);
      cairo_rectangle (cr, 0, y0, width, band);
      cairo_set_source_rgba (cr, st->bg.red, st->bg.green, st->bg.blue, 1);
      cairo_fill (cr);
      cairo_move_to (cr, 0, y0 + 0.5);
      cairo_line_to (cr, width, y0 + 0.5);
      cairo_set_source_rgba (cr, st->fg.red, st->fg.green, st->fg.blue, 0.15);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      x = PAD;
      y0 += PAD;
      for (guint i = 0; i < n; i++)
        {
          Entry *e = &entries[i];
          double tx = x;

          if (x + entry_width (e) > width && x > PAD)
            {
              x = tx = PAD;
              y0 += line_h + PAD;
            }
          if (e->kind != ENTRY_TEXT)
            {
              draw_swatch (self, cr, e, x, y0, line_h);
              tx += swatch_width (e) + PAD;
            }
          cairo_move_to (cr, tx, y0 + (line_h - e->height) / 2);
          cairo_set_source_rgba (cr, st->fg.red, st->fg.green, st->fg.blue,
                                 e->kind == ENTRY_TEXT ? 0.75 : 1);
          pango_cairo_show_layout (cr, e->layout);
          x += entry_width (e);
        }
      cairo_restore (cr);
    }
  return band;
}

double
_bg_canvas_power_legend_height (BgCanvas *self)
{
  return legend (self, NULL);
}

double
_bg_canvas_power_draw_legend (BgCanvas *self,
                              cairo_t  *cr)
{
  return legend (self, cr);
}

GStrv
_bg_canvas_power_dup_legend (BgCanvas *self)
{
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  Legend *legend = current_legend (self);

  if (legend == NULL)
    return NULL;
  for (guint i = 0; i < legend->n; i++)
    g_strv_builder_add (lines, pango_layout_get_text (legend->entries[i].layout));
  return g_strv_builder_end (lines);
}
