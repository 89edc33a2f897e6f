/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-private.h — BgPlotPane's instance struct, shared by
 * bg-plot-pane.c (header, variables, document, the GObject),
 * bg-plot-pane-run.c (the run and its progress) and bg-plot-pane-export.c
 * (the exports and their dialog).
 * Must not: be included outside those files.
 * Included by: ui/bg-plot-pane*.c.
 */
#pragma once

#include "bg-plot-pane.h"

G_BEGIN_DECLS

struct _BgPlotPane
{
  GtkWidget         parent_instance;

  BgDocument       *document;
  BgSimulationRun  *run;
  gboolean          presentation;
  char             *status_text;

  GtkWidget        *header;
  GtkProgressBar   *progress;
  GtkLabel         *progress_label;
  GtkLabel         *status_label;
  GtkLabel         *stale_label;
  GtkMenuButton    *vars_button;
  BgVariablePicker *picker;
  GtkWidget        *scroller;  /* the view, scrolled when the pane is short */
  BgPlotView       *view;
};

/* bg-plot-pane.c */
void        _bg_plot_pane_set_status         (BgPlotPane        *self,
                                              const char        *text);
void        _bg_plot_pane_actions_update     (BgPlotPane        *self);
/* The names in the picker and the view, not saved. */
void        _bg_plot_pane_show_vars          (BgPlotPane        *self,
                                              const char *const *names);
void        _bg_plot_pane_notify_running     (BgPlotPane        *self);
void        _bg_plot_pane_emit_run_finished  (BgPlotPane        *self);

/* bg-plot-pane-run.c */
void        _bg_plot_pane_update_progress    (BgPlotPane        *self);
void        _bg_plot_pane_update_stale       (BgPlotPane        *self);
/* Forgets the current run, cancelling it if it still runs. */
void        _bg_plot_pane_drop_run           (BgPlotPane        *self);

/* bg-plot-pane-export.c: plot.export-png, -svg, -csv */
void        _bg_plot_pane_export_class_init  (GtkWidgetClass    *widget_class);

G_END_DECLS
