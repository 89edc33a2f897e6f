/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-pane-private.h — BgPlotPane's instance struct, shared by
 * bg-plot-pane.c (header, variables, document, the GObject),
 * bg-plot-pane-run.c (the run and its progress), bg-plot-pane-export.c
 * (the exports and their dialog), bg-plot-pane-runs.c (the kept runs and
 * their list) and bg-plot-pane-whatif.c (the what-if slider's runs).
 * Must not: be included outside those files.
 * Included by: ui/bg-plot-pane*.c.
 */
#pragma once

#include "bg-plot-pane.h"
#include "bg-run-list.h"

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

  /* the kept runs (bg-plot-pane-runs.c) */
  BgRunHistory     *history;
  BgRunParams      *run_params;   /* of run, taken when it was compiled */
  BgRunGeneration  *compare[2];   /* older, newer while comparing; else NULL */
  BgRunGeneration  *emphasized;   /* the run list's row in focus, or NULL */
  GSettings        *settings;     /* NULL without the schema */
  GtkMenuButton    *runs_button;
  BgRunList        *run_list;

  /* the what-if slider's runs (bg-plot-pane-whatif.c) */
  struct _BgPlotPaneWhatIf *whatif;
  GtkSpinner       *spinner;
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

/* bg-plot-pane-runs.c */
void        _bg_plot_pane_runs_init          (BgPlotPane        *self);
/* plot.show-runs */
void        _bg_plot_pane_runs_class_init    (GtkWidgetClass    *widget_class);
void        _bg_plot_pane_runs_dispose       (BgPlotPane        *self);
/* The header's Runs button and its popover with the list. */
GtkWidget  *_bg_plot_pane_runs_button_new    (BgPlotPane        *self);
/* A run of the current document ended: kept when it finished. */
void        _bg_plot_pane_keep_run           (BgPlotPane        *self,
                                              BgSimulationRun   *run);
/* The earlier runs the view draws faintly, against the run it shows in
 * colour whose parameters are params (NULL: self->run's). */
void        _bg_plot_pane_update_ghosts      (BgPlotPane        *self);
/* The parameters of the run the view shows in colour, or NULL. */
BgRunParams *_bg_plot_pane_shown_params      (BgPlotPane        *self);
/* Another document: the kept runs and the comparison go. */
void        _bg_plot_pane_runs_forget        (BgPlotPane        *self);

/* bg-plot-pane-whatif.c */
void        _bg_plot_pane_whatif_init        (BgPlotPane        *self);
void        _bg_plot_pane_whatif_dispose     (BgPlotPane        *self);
void        _bg_plot_pane_whatif_class_init  (GObjectClass      *object_class);
/* The parameters of the what-if run shown, or NULL when none is. */
BgRunParams *_bg_plot_pane_whatif_shown_params (BgPlotPane      *self);
/* A run of plan recording the plotted variables besides the states
 * (bg-plot-pane-run.c). */
BgSimulationRun *_bg_plot_pane_new_run       (BgPlotPane        *self,
                                              BgPlan            *plan);
guint64     _bg_plot_pane_max_memory         (BgPlotPane        *self);

/* bg-plot-pane-export.c: plot.export-png, -svg, -csv */
void        _bg_plot_pane_export_class_init  (GtkWidgetClass    *widget_class);

G_END_DECLS
