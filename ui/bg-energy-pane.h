/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-pane.h — the window's Energy page: where the energy of the last
 * run went.
 *
 * Owns: a plot of the run's energy ledger (core/bg-energy.h) drawn by the
 * plot renderer: the energy each storage holds as a stacked area, the
 * supplied, dissipated and stored totals over time, and the residual in a
 * sub-plot of its own; a line with the totals at the end; a read-out at the
 * pointer (or the arrow keys on the focused plot); PNG, SVG and CSV export
 * (the CSV as `bgmod-cli energy --csv` writes it). Must not: run or compile
 * anything, or touch a model.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-energy.h"
#include "bg-plot-renderer.h"
#include "bg-simulation-run.h"

G_BEGIN_DECLS

#define BG_TYPE_ENERGY_PANE (bg_energy_pane_get_type ())
G_DECLARE_FINAL_TYPE (BgEnergyPane, bg_energy_pane, BG, ENERGY_PANE, GtkBox)

GtkWidget      *bg_energy_pane_new          (void);

/* The run to show (NULL: none). A run still going is shown when it ends
 * ("finished"); one without an energy ledger shows why. */
void            bg_energy_pane_set_run      (BgEnergyPane *self,
                                             BgSimulationRun *run);
/* The ledger shown, or NULL. */
BgEnergy       *bg_energy_pane_get_energy   (BgEnergyPane *self);
BgPlotRenderer *bg_energy_pane_get_renderer (BgEnergyPane *self);
/* The line of totals: "Supplied 99.3 mJ, dissipated …". */
const char     *bg_energy_pane_get_summary  (BgEnergyPane *self);
/* The read-out at time t ("t = 1 s", then "NAME = value" per trace,
 * newline-separated), as the pointer or the arrow keys show it. */
char           *bg_energy_pane_dup_readout  (BgEnergyPane *self,
                                             double        t);

/* Writes the plot (PNG or SVG, width × height, on white, as the other
 * plots' exports) or the ledger (CSV) by the name's suffix. */
gboolean        bg_energy_pane_export       (BgEnergyPane *self,
                                             const char   *path,
                                             GError      **error);

G_END_DECLS
