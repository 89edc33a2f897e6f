/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-graph-power.h — the power-flow layer of a drawn bond graph.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK: the canvas's
 * power-flow mode hands the graph renderer these numbers through
 * BgGraphView.power, and draws its legend with the same widths.
 *
 * Owns: what the layer shows of one instant and how: each bond over a
 * band whose width grows with log |P| across BG_GRAPH_POWER_DECADES
 * decades below the scale's top, green along the half-arrow and purple
 * against it, with chevrons along it that point in the power's direction
 * and move that way as the phase grows (while playing); each storage's
 * label box filled from the bottom as far as its stored energy is of its
 * peak, a tank; each resistance's box tinted by the power it dissipates,
 * its value written beside it (while no more than 60 are in view). Must not: read results (the caller brings
 * the numbers), use GTK, or keep anything between frames.
 */
#pragma once

#include "bg-graph-renderer.h"

G_BEGIN_DECLS

/* The decades of |P| the band widths span. */
#define BG_GRAPH_POWER_DECADES 4

struct _BgGraphPower
{
  /* per bond, in model order: W in the half-arrow's direction, NAN unknown */
  const double *bond_power;
  guint         n_bonds;
  /* per element: a storage's energy as a fraction of its peak (0…1), a
   * dissipator's power (W, ≥ 0); NAN for the others */
  const double *element_fill;
  const double *element_loss;
  guint         n_elements;
  /* the run's largest |P|: the scale's top is the decade at or above it */
  double        peak;
  /* how far the chevrons have moved along the bands, model units */
  double        phase;
};

/* The scale's top: the power of ten at or above peak (1 W for 0.3 W),
 * 0 when peak is not positive. */
double bg_graph_power_scale_top   (double peak);
/* The band's width for a power at presentation scale 1, model units: from
 * BG_GRAPH_POWER_MIN_WIDTH at the scale's floor (top / 10^DECADES) to
 * BG_GRAPH_POWER_MAX_WIDTH at its top; 0 below the floor (no band). */
double bg_graph_power_band_width  (double power,
                                   double peak);

#define BG_GRAPH_POWER_MIN_WIDTH 2.5
#define BG_GRAPH_POWER_MAX_WIDTH 14.0

G_END_DECLS
