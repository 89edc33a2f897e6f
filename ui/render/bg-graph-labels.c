/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-labels.c — the labels of a drawn bond graph.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK.
 *
 * Owns: label text ("C : C1", junction digits), their Pango layouts and the
 * cache of them (one scale at a time), their sizes at scale 1, and the
 * label scale of the last model asked about (bg_graph_renderer_label_scale,
 * through bg-label-fit.h). Must not: draw, or keep anything but caches.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-graph-renderer-private.h"
#include "bg-label-fit.h"

void
_bg_graph_label_layout_free (gpointer data)
{
  LabelLayout *l = data;

  g_clear_object (&l->symbol);
  g_clear_object (&l->rest);
  g_free (l);
}

gboolean
_bg_graph_is_junction (const BgComponentSpec *spec)
{
  return spec->drawing == BG_DRAWING_JUNCTION;
}

static const char *
element_name (const BgElement *element)
{
  return element->label != NULL && element->label[0] != '\0'
         ? element->label : element->id;
}

char *
bg_graph_renderer_dup_label (const BgElement *element)
{
  g_return_val_if_fail (element != NULL, NULL);

  if (_bg_graph_is_junction (element->spec))
    return g_strdup (element->spec->symbol);
  return g_strdup_printf ("%s : %s", element->spec->symbol,
                          element_name (element));
}

PangoLayout *
_bg_graph_make_layout (BgGraphRenderer *self,
             const char      *text,
             double           size,
             PangoWeight      weight)
{
  PangoLayout *layout = pango_layout_new (self->pango);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_weight (font, weight);
  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

double
_bg_graph_layout_width (PangoLayout *layout,
              double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (height != NULL)
    *height = (double) logical.height / PANGO_SCALE;
  return (double) logical.width / PANGO_SCALE;
}

static char *
label_key (const BgElement *element)
{
  if (_bg_graph_is_junction (element->spec))
    return g_strconcat ("j|", element->spec->symbol, NULL);
  return g_strconcat ("e|", element->spec->symbol, "|", element_name (element), NULL);
}

static LabelLayout *
label_layout_new (BgGraphRenderer *self,
                  const BgElement *element,
                  double           scale)
{
  const BgComponentSpec *spec = element->spec;
  LabelLayout *l = g_new0 (LabelLayout, 1);

  if (_bg_graph_is_junction (spec))
    {
      l->symbol = _bg_graph_make_layout (self, spec->symbol, JUNCTION_FONT_SIZE * scale,
                               PANGO_WEIGHT_BOLD);
      l->symbol_w = _bg_graph_layout_width (l->symbol, &l->height);
      l->width = l->symbol_w;
    }
  else
    {
      char *rest = g_strdup_printf (" : %s", element_name (element));
      double h1, h2;

      l->symbol = _bg_graph_make_layout (self, spec->symbol, FONT_SIZE * scale,
                               PANGO_WEIGHT_SEMIBOLD);
      l->rest = _bg_graph_make_layout (self, rest, FONT_SIZE * scale,
                             PANGO_WEIGHT_NORMAL);
      l->symbol_w = _bg_graph_layout_width (l->symbol, &h1);
      l->width = l->symbol_w + _bg_graph_layout_width (l->rest, &h2);
      l->height = MAX (h1, h2);
      g_free (rest);
    }
  return l;
}

const LabelLayout *
_bg_graph_lookup_label (BgGraphRenderer *self,
              const BgElement *element,
              double           scale)
{
  char *key;
  LabelLayout *l;

  /* Layouts are made for one presentation scale at a time. */
  if (scale != self->labels_scale ||
      g_hash_table_size (self->labels) > MAX_CACHED_LABELS)
    {
      g_hash_table_remove_all (self->labels);
      g_hash_table_remove_all (self->inks);
      self->labels_scale = scale;
    }

  key = label_key (element);
  l = g_hash_table_lookup (self->labels, key);
  if (l != NULL)
    {
      g_free (key);
      return l;
    }
  l = label_layout_new (self, element, scale);
  g_hash_table_insert (self->labels, key, l);
  return l;
}

/* The text size of a label at scale 1 (unhinted text grows in proportion),
 * kept apart from the layouts so that asking does not evict them. */
static const double *
unit_size (BgGraphRenderer *self,
           const BgElement *element)
{
  char *key = label_key (element);
  double *size = g_hash_table_lookup (self->unit_sizes, key);
  LabelLayout *l;

  if (size != NULL)
    {
      g_free (key);
      return size;
    }
  if (g_hash_table_size (self->unit_sizes) > MAX_CACHED_LABELS)
    g_hash_table_remove_all (self->unit_sizes);
  l = label_layout_new (self, element, 1.0);
  size = g_new (double, 2);
  size[0] = l->width;
  size[1] = l->height;
  _bg_graph_label_layout_free (l);
  g_hash_table_insert (self->unit_sizes, key, size);
  return size;
}

double
bg_graph_renderer_label_scale (BgGraphRenderer *self,
                               BgModel         *model,
                               double           presentation_scale)
{
  GPtrArray *elements, *bonds;
  g_autofree BgLabelFitElement *fe = NULL;
  g_autofree BgLabelFitBond *fb = NULL;
  g_autoptr(GHashTable) index = NULL;

  g_return_val_if_fail (self != NULL, 1.0);
  g_return_val_if_fail (model != NULL, 1.0);

  if (presentation_scale <= 1.0)
    return presentation_scale > 0 ? presentation_scale : 1.0;
  if (self->fit_model == model && self->fit_revision == bg_model_get_revision (model) &&
      self->fit_scale == presentation_scale)
    return self->fit_label_scale;

  elements = bg_model_get_elements (model);
  bonds = bg_model_get_bonds (model);
  fe = g_new (BgLabelFitElement, MAX (1, elements->len));
  fb = g_new (BgLabelFitBond, MAX (1, bonds->len));
  index = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *e = g_ptr_array_index (elements, i);
      const double *size = unit_size (self, e);

      fe[i] = (BgLabelFitElement) { e->spec, e->rotation, e->x, e->y, size[0], size[1] };
      g_hash_table_insert (index, (gpointer) e, GUINT_TO_POINTER (i));
    }
  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *b = g_ptr_array_index (bonds, i);

      fb[i] = (BgLabelFitBond) {
        GPOINTER_TO_UINT (g_hash_table_lookup (index, b->from)),
        GPOINTER_TO_UINT (g_hash_table_lookup (index, b->to)),
        b->from_port, b->to_port
      };
    }

  g_set_weak_pointer (&self->fit_model, model);
  self->fit_revision = bg_model_get_revision (model);
  self->fit_scale = presentation_scale;
  self->fit_label_scale =
    bg_label_fit_scale (fe, elements->len, fb, bonds->len, presentation_scale,
                        BG_GEOMETRY_MIN_BOND_BARBS * BG_GEOMETRY_BARB_LENGTH);
  return self->fit_label_scale;
}
