/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-label-fit.h — how far a graph's labels may grow before they collide.
 *
 * In the layout: ui/render/ (libbgmod-render), the pure-Cairo library the
 * widgets draw with and bgmod-cli links; no GTK.
 *
 * Owns: the rule that keeps labels and bonds apart when presentation mode
 * enlarges the labels of a graph laid out at scale 1: the labels grow up to
 * the presentation scale, but only as far as every bond keeps a visible
 * length outside the labels at its ends, no bond crosses another label's
 * text and no two labels overlap. Half-arrows and causal strokes grow with
 * the labels; only line widths take the full presentation scale. Works on plain numbers (element centres and text
 * sizes measured at scale 1) through bg-graph-geometry's shapes, so what it
 * checks is what is drawn. Must not: measure text, draw, or know about the
 * model's objects or GTK.
 */
#pragma once

#include <glib.h>
#include "bg-graph-geometry.h"

G_BEGIN_DECLS

typedef struct
{
  const BgComponentSpec *spec;
  int                    rotation;
  double                 x, y;            /* centre, model units */
  double                 text_w, text_h;  /* the label's text at scale 1 */
} BgLabelFitElement;

typedef struct
{
  guint from, to;            /* indices into the elements */
  int   from_port, to_port;  /* named port index, or -1 */
} BgLabelFitBond;

/* The label scale to draw with at presentation scale `scale`: `scale`
 * itself when the graph stays readable at it, else the largest scale
 * (down to 1, in steps of BG_LABEL_FIT_STEP) at which it is; 1 when even
 * scale 1 is crowded (the layout's own doing, nothing to give back); and
 * `scale` unchanged when it is 1 or less. min_bond_length is the shortest
 * visible bond at label scale 1, in model units; it grows with the labels
 * (the half-arrow does). */
double bg_label_fit_scale (const BgLabelFitElement *elements,
                           guint                    n_elements,
                           const BgLabelFitBond    *bonds,
                           guint                    n_bonds,
                           double                   scale,
                           double                   min_bond_length);

#define BG_LABEL_FIT_STEP 0.05

G_END_DECLS
