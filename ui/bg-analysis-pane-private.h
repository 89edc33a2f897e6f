/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-analysis-pane-private.h — BgAnalysisPane's instance struct and the
 * functions its files share (bg-analysis-pane.c: the widget and the Bode
 * page; bg-analysis-pane-sweep.c: the parameter sweep page;
 * bg-analysis-pane-modes.c: the eigenvalue table and pole map).
 * Must not: be included outside those files.
 * Included by: ui/bg-analysis-pane*.c.
 */
#pragma once

#include "bg-analysis-pane.h"
#include "bg-bode-plot.h"
#include "bg-pole-map.h"
#include "bg-sweep.h"

G_BEGIN_DECLS

#define SWEEP_DEFAULT_RUNS 5

typedef struct
{
  BgAnalysisPane *pane;     /* a reference */
  BgSweep        *sweep;
  GMutex          lock;
  GArray         *ended;    /* guint run indices not yet drawn */
  GArray         *shown;    /* guint run indices drawn, ascending (main thread) */
  guint           idle_id;
} SweepJob;

struct _BgAnalysisPane
{
  GtkBox          parent_instance;

  BgDocument     *document;
  char           *element_id;
  GtkStack       *stack;

  GtkStringList  *inputs, *outputs, *params;
  GtkDropDown    *input_drop, *output_drop;
  GtkWidget      *bode_area;
  GtkLabel       *bode_status;
  BgBodePlot     *bode_plot;

  GtkLabel       *element_label;
  GtkLabel       *param_label;
  GtkDropDown    *param_drop, *mode_drop, *var_drop;
  GStrv           param_names;     /* the file's names of self->params' labels */
  GtkEntry       *values_entry;
  GtkSpinButton  *count_spin;
  GtkWidget      *sweep_area;
  GtkLabel       *sweep_status;
  BgPlotRenderer *sweep_renderer;
  char           *sweep_var;
  guint           sweep_total, sweep_done;
  GCancellable   *sweep_cancellable;
  SweepJob       *job;             /* while a sweep runs */

  BgPoleMap      *pole_map;
  GtkWidget      *modes_area;
  GtkGrid        *modes_grid;
  GtkLabel       *modes_status;
  char           *modes_summary;   /* the status line without a pole pointed at */
  gboolean        modes_stale;     /* the model changed since the last computation */
  GtkPaned       *modes_paned;
  int             modes_divider;   /* where it was put, -1 before; moved by hand when it differs */
  guint           modes_idle;
};

GtkWidget  *_bg_analysis_pane_controls_row   (void);
void        _bg_analysis_pane_row_add        (GtkWidget         *row,
                                              GtkWidget         *child);
GtkWidget  *_bg_analysis_pane_labelled       (GtkWidget         *row,
                                              const char        *text,
                                              GtkWidget         *child);
GtkWidget  *_bg_analysis_pane_action_button  (const char        *label,
                                              const char        *action);
GtkWidget  *_bg_analysis_pane_plot_area      (BgAnalysisPane    *self,
                                              GtkDrawingAreaDrawFunc func);
GtkWidget  *_bg_analysis_pane_status_label   (void);
/* A status label saying text, appended to page. */
GtkLabel   *_bg_analysis_pane_add_status     (GtkWidget         *page,
                                              const char        *text);
void        _bg_analysis_pane_draw_renderer  (GtkWidget         *area,
                                              cairo_t           *cr,
                                              int                width,
                                              int                height,
                                              BgPlotRenderer    *renderer);
const char *_bg_analysis_pane_drop_selected  (GtkDropDown       *drop);
/* The name ("value") of the parameter chosen for a sweep, or NULL. */
const char *_bg_analysis_pane_selected_param (BgAnalysisPane    *self);
/* The document's plan, or NULL with the reason. */
BgPlan     *_bg_analysis_pane_compile        (BgAnalysisPane    *self,
                                              GError           **error);
void        _bg_analysis_pane_actions_update (BgAnalysisPane    *self);

/* bg-analysis-pane-sweep.c */
GtkWidget  *_bg_analysis_pane_build_sweep_page (BgAnalysisPane  *self);
void        _bg_analysis_pane_sweep_action   (GtkWidget         *widget,
                                              const char        *action_name,
                                              GVariant          *parameter);
void        _bg_analysis_pane_cancel_action  (GtkWidget         *widget,
                                              const char        *action_name,
                                              GVariant          *parameter);

/* bg-analysis-pane-modes.c */
GtkWidget  *_bg_analysis_pane_build_modes_page (BgAnalysisPane  *self);
/* The model was edited: recompute while the page is shown, else later. */
void        _bg_analysis_pane_modes_changed  (BgAnalysisPane    *self);
/* The page (or the pane) became visible: recompute if the model changed. */
void        _bg_analysis_pane_modes_shown    (BgAnalysisPane    *self);
void        _bg_analysis_pane_modes_update_now (BgAnalysisPane  *self);
gboolean    _bg_analysis_pane_modes_export   (BgAnalysisPane    *self,
                                              const char        *path,
                                              GError           **error);
void        _bg_analysis_pane_modes_finalize (BgAnalysisPane    *self);

G_END_DECLS
