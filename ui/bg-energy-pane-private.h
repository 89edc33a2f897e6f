/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-pane-private.h — what the files of BgEnergyPane share.
 *
 * Owns: the pane's instance struct and the `_bg_energy_pane_` functions
 * one file of the class defines for the other:
 *   bg-energy-pane.c         the page, the run it follows, the traces,
 *                            the totals and the read-out
 *   bg-energy-pane-export.c  energy.export-png, -svg and -csv, their
 *                            dialog and the files
 * Must not: be included outside ui/bg-energy-pane*.c.
 * Included by: ui/bg-energy-pane*.c.
 */
#pragma once

#include "bg-energy-pane.h"

G_BEGIN_DECLS

struct _BgEnergyPane
{
  GtkBox           parent_instance;

  BgSimulationRun *run;        /* followed until it ends, then shown */
  BgEnergy        *energy;     /* the ledger shown, or NULL */
  BgPlotRenderer  *renderer;
  GtkWidget       *area;       /* BgPlotArea */
  GtkStack        *stack;      /* "empty" or "plot" */
  GtkLabel        *empty_label;
  GtkLabel        *summary;
  GtkLabel        *status;
  char            *summary_text;
  /* The traces' columns, owned here: t, then per trace its values. */
  double          *t;
  GPtrArray       *columns;    /* double * */
  gsize            n_rows;
  double           cursor_t;
};

/* Shows text in the line under the plot (export results, the read-out). */
void _bg_energy_pane_set_status        (BgEnergyPane   *self,
                                        const char     *text);
void _bg_energy_pane_actions_update    (BgEnergyPane   *self);
void _bg_energy_pane_export_class_init (GtkWidgetClass *widget_class);
/* The ledger as `bgmod-cli energy --csv` writes it. */
gboolean _bg_energy_pane_write_csv     (BgEnergyPane   *self,
                                        const char     *path,
                                        GError        **error);

G_END_DECLS
