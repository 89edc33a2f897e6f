/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-private.h — BgWindow's instance struct, shared by bg-window.c
 * (layout, document, status line), bg-window-actions.c (actions, dialogs),
 * bg-window-plot.c, bg-window-disk.c (the file changed on disk) and
 * bg-window-settings.c (what it restores from and keeps in the settings),
 * bg-window-reference.c (the component reference), bg-window-library.c
 * (the component library), bg-window-levels.c (inside components),
 * bg-window-layout.c (the layout and the divider), bg-window-power.c (the
 * power-flow view and plotting from the diagram), bg-window-whatif.c (the
 * what-if slider).
 * Must not: be included outside those files.
 * Included by: ui/bg-window*.c.
 */
#pragma once

#include "bg-window.h"
#include "bg-plot-pane.h"
#include "bg-explain-bar.h"
#include "bg-analysis-pane.h"
#include "bg-equations-pane.h"
#include "bg-energy-pane.h"
#include "bg-component-library.h"

G_BEGIN_DECLS

/* What the middle of the window shows (bg-window-layout.c). */
typedef enum
{
  BG_WINDOW_LAYOUT_DIAGRAM,
  BG_WINDOW_LAYOUT_BOTH,
  BG_WINDOW_LAYOUT_PLOT,
} BgWindowLayout;

struct _BgWindow
{
  GtkApplicationWindow  parent_instance;

  BgDocument           *document;
  GtkRecentManager     *recent_manager;
  guint                 message_timeout;
  /* TRUE once the user chose to discard or has saved: close without asking */
  gboolean              close_confirmed;
  gboolean              presentation_mode;

  /* template children */
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkMenuButton        *menu_button;
  GMenu                *examples_menu;
  GMenu                *recent_menu;
  BgPalette            *palette;
  GtkPaned             *plot_paned;
  GtkWidget            *canvas_box;     /* the canvas and the plot slot */
  GtkOverlay           *canvas_overlay; /* the canvas and the bars over it */
  BgExplainBar         *explain_bar;
  BgCanvas             *canvas;
  GtkWidget            *plot_placeholder;
  BgInspector          *inspector;
  GtkButton            *status_button;
  GtkImage             *status_icon;
  GtkLabel             *status_label;
  GtkLabel             *message_label;
  GtkButton            *zoom_button;
  GtkButton            *run_button;
  GtkImage             *run_icon;
  GtkLabel             *run_label;
  GtkInfoBar           *disk_bar;
  GtkLabel             *disk_label;
  GtkMenuButton        *layout_button;

  /* the layout and the divider (bg-window-layout.c) */
  BgWindowLayout        layout;
  gboolean              divider_user;   /* the user placed it: left alone */
  GStrv                 bars_reveal;    /* ids to pan below the bars once placed */
  guint                 place_tick;

  /* the bottom pane: runs and plots (bg-plot-pane.c) */
  BgPlotPane           *plot_pane;

  /* Explain Causality (bg-window-explain.c) */
  gboolean              explaining;
  BgModel              *explain_model;  /* whose edits end the mode */
  int                   explain_saved_plot_height; /* the plot slot's before explaining, or -1 */
  int                   explain_exit_paned_height; /* the paned's as the mode ended */
  guint                 explain_restore_frames;
  gboolean              explain_saved_bond_names; /* show-bond-ids before explaining */
  BgCausalityTrace     *explain_flat;   /* the steps of the document's flat graph */
  BgFlatMap            *explain_map;    /* its flat map (NULL without components) */
  gboolean              explain_noted;  /* the status line says a step lies inside */
  /* beside it: Bode plot and parameter sweep (bg-analysis-pane.c) */
  BgAnalysisPane       *analysis_pane;
  /* and the state equations (bg-equations-pane.c) */
  BgEquationsPane      *equations_pane;
  /* and the energy balance of the last run (bg-energy-pane.c) */
  BgEnergyPane         *energy_pane;
  GtkStack             *plot_stack;

  /* exercise mode and conflict remedies (bg-window-exercise.c) */
  struct _BgWindowExercise *exercise;
  gboolean              settings_applied;

  /* Help ▸ Component Reference, while open (bg-window-reference.c) */
  GtkWidget            *reference;

  /* the components opened on the canvas (bg-window-levels.c) */
  struct _BgWindowLevels *levels;

  /* the power-flow view's time bar under the canvas (bg-window-power.c) */
  GtkWidget            *power_bar;
};

/* The status line's passing message (bg-window.c). */
void _bg_window_show_message          (BgWindow       *self,
                                       const char     *text);
/* win.save-component and inserting library components (bg-window-library.c) */
void _bg_window_library_class_init   (GtkWidgetClass *widget_class);
void _bg_window_library_init         (BgWindow       *self);
/* An instance of entry's component at the canvas point (NAN: the
 * centre), its definition embedded first when the model lacks it; one
 * undo step. */
gboolean _bg_window_library_insert   (BgWindow         *self,
                                      BgComponentEntry *entry,
                                      double            view_x,
                                      double            view_y,
                                      GError          **error);
typedef struct _BgWindowLevels BgWindowLevels;

/* The canvas scale of presentation mode when the settings do not give one. */
#define BG_WINDOW_PRESENTATION_SCALE 1.75

void _bg_window_class_actions_init (GtkWidgetClass *widget_class);
/* win.component-reference(s) and its window (bg-window-reference.c) */
void _bg_window_reference_class_init (GtkWidgetClass *widget_class);
void _bg_window_reference_dispose    (BgWindow       *self);
/* win.export-diagram and win.export-fmu (bg-window-export.c) */
void _bg_window_export_class_init  (GtkWidgetClass *widget_class);
void _bg_window_actions_update     (BgWindow       *self);
void _bg_window_update_examples    (BgWindow       *self);
void _bg_window_update_recent      (BgWindow       *self);
/* Asks for a file and saves; then closes the window when close_after. */
void _bg_window_save_as            (BgWindow       *self,
                                    gboolean        close_after);
void _bg_window_select_culprits    (BgWindow       *self);
void _bg_window_set_presentation_mode (BgWindow     *self,
                                       gboolean      presentation_mode);
/* The focus out of a closed popover, back on the canvas (bg-window-focus.c). */
void _bg_window_focus_init         (BgWindow       *self);
/* Puts the plot pane in its slot and connects it (bg-window-plot.c). */
void _bg_window_plot_init          (BgWindow       *self);
void _bg_window_plot_actions_update (BgWindow      *self);
/* win.show-energy: the Energy page of the plot slot */
void _bg_window_show_energy_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter);
/* The inspector's what-if slider to the plot pane (bg-window-whatif.c). */
void _bg_window_whatif_init        (BgWindow       *self);
/* win.show-equations: the Equations page of the plot slot */
void _bg_window_show_equations_action (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *parameter);
/* bg-window-exercise.c: the exercise and remedy bars and their actions;
 * _update follows the analysis (called with the status line). */
void _bg_window_exercise_init      (BgWindow       *self);
void _bg_window_exercise_finalize  (BgWindow       *self);
void _bg_window_exercise_update    (BgWindow       *self);
/* win.exercise-mode, -check, -reveal and win.apply-remedy(u) */
void _bg_window_exercise_class_init (GtkWidgetClass *widget_class);
void _bg_window_exercise_actions_update (BgWindow   *self);
gboolean _bg_window_exercise_get_mode   (BgWindow   *self);
void     _bg_window_exercise_set_mode   (BgWindow   *self,
                                         gboolean    on);
gboolean _bg_window_exercise_get_reveal (BgWindow   *self);
void     _bg_window_exercise_set_reveal (BgWindow   *self,
                                         gboolean    reveal);
void _bg_window_run_action         (GtkWidget      *widget,
                                    const char     *action_name,
                                    GVariant       *parameter);
void _bg_window_stop_action        (GtkWidget      *widget,
                                    const char     *action_name,
                                    GVariant       *parameter);

/* bg-window.c: the status line (and what the canvas and inspector draw
 * from the analysis) again; a message in it for a few seconds. */
void _bg_window_update_status      (BgWindow       *self);
void _bg_window_show_message       (BgWindow       *self,
                                    const char     *text);

/* bg-window-levels.c: inside components. The model shown (the document's
 * or the copy of the open component's body), its path prefix ("" or
 * "T2."), how deep it is, the analysis seen from it (NULL for a moment
 * while the copies catch up with the document). */
void         _bg_window_levels_init         (BgWindow       *self);
void         _bg_window_levels_dispose      (BgWindow       *self);
void         _bg_window_levels_finalize     (BgWindow       *self);
void         _bg_window_levels_class_init   (GtkWidgetClass *widget_class);
void         _bg_window_levels_set_document (BgWindow       *self,
                                             BgDocument     *document);
void         _bg_window_levels_actions_update (BgWindow     *self);
BgModel     *_bg_window_levels_get_model    (BgWindow       *self);
const char  *_bg_window_levels_get_prefix   (BgWindow       *self);
guint        _bg_window_levels_get_depth    (BgWindow       *self);
BgCausality *_bg_window_levels_get_causality (BgWindow      *self);
/* Opens the instance (an element of the model shown); FALSE if it is not
 * one. _activate: the same for a double-click or Enter, whose edit
 * request that follows _take_edit_request then swallows. */
gboolean     _bg_window_levels_open         (BgWindow       *self,
                                             const char     *instance_id);
gboolean     _bg_window_levels_activate     (BgWindow       *self,
                                             const char     *element_id);
gboolean     _bg_window_levels_take_edit_request (BgWindow  *self,
                                                  const char *element_id);
void         _bg_window_levels_leave_all    (BgWindow       *self);
/* Shows the level a path prefix names ("" the model, "T2.", "T2.S1."):
 * up to the level both share, then into the instances down to it; FALSE
 * (at the deepest level reached) when one of them is not there. */
gboolean     _bg_window_levels_show_path    (BgWindow       *self,
                                             const char     *prefix);
/* Exercise mode inside an instance: the stroke on a bond of the level
 * shown placed in the document by the flat bond's path (its own bond
 * through a port, or "T2.b4"); FALSE at the top level. */
gboolean     _bg_window_levels_place_stroke (BgWindow       *self,
                                             const char     *bond_id,
                                             BgStroke        stroke);
/* win.select-culprits: into the instances down to the first conflict. */
void         _bg_window_levels_select_culprits (BgWindow    *self);
/* A click on an instance's conflict badge: into it, down to the first
 * conflict inside it, its culprits selected there. */
gboolean     _bg_window_levels_open_conflict (BgWindow      *self,
                                              const char    *instance_id);
/* bg-window-layout.c: the "layout" property behind win.layout, what it
 * shows (with Explain Causality), and the divider's automatic place. */
void        _bg_window_layout_init         (BgWindow       *self);
void        _bg_window_layout_dispose      (BgWindow       *self);
const char *_bg_window_layout_get          (BgWindow       *self);
void        _bg_window_layout_set          (BgWindow       *self,
                                            const char     *name);
void        _bg_window_layout_apply        (BgWindow       *self);
void        _bg_window_layout_show_slot    (BgWindow       *self);
void        _bg_window_layout_show_canvas  (BgWindow       *self);
void        _bg_window_layout_place_soon   (BgWindow       *self);
void        _bg_window_layout_reset_divider (BgWindow      *self);
/* The bars over the canvas's top (canvas_overlay's overlays) changed:
 * the canvas is told the height they cover. */
void        _bg_window_layout_bars_update  (BgWindow       *self);
/* Adds @bar over the canvas's top, below those there. */
void        _bg_window_layout_add_bar      (BgWindow       *self,
                                            GtkWidget      *bar);
/* Pans @ids into view below the bars, once they have their height. */
void        _bg_window_layout_reveal_below_bars (BgWindow          *self,
                                                 const char *const *ids);

/* bg-window-power.c: win.power-flow, its time bar, the run's result on the
 * canvas and the canvas's Plot menu into the time plot; _update after the
 * document or its run changed. */
void     _bg_window_power_init             (BgWindow       *self);
void     _bg_window_power_update           (BgWindow       *self);

/* bg-window-explain.c */
void     _bg_window_explain_init           (BgWindow       *self);
void     _bg_window_explain_dispose        (BgWindow       *self);
void     _bg_window_explain_class_init     (GtkWidgetClass *widget_class);
void     _bg_window_explain_actions_update (BgWindow       *self);
void     _bg_window_set_explain_mode       (BgWindow       *self,
                                            gboolean        explaining);
/* The level shown changed (bg-window-levels.c): the steps seen from it. */
void     _bg_window_explain_level_changed  (BgWindow       *self);
gboolean _bg_window_get_explain_mode       (BgWindow       *self);
/* bg-window-settings.c: the application's settings (NULL without the
 * schema or a BgApplication), restored once the window has one, and the
 * size saved as it closes. */
GSettings *_bg_window_get_settings   (BgWindow       *self);
void _bg_window_apply_settings     (BgWindow       *self);
void _bg_window_save_geometry      (BgWindow       *self);
/* The file changed on disk (bg-window-disk.c). */
void _bg_window_class_disk_init    (GtkWidgetClass *widget_class);
void _bg_window_disk_set_document  (BgWindow       *self,
                                    BgDocument     *document);
/* Saves to the document's file, asking first (Overwrite / Save As /
 * Cancel) when another program changed it; closes after when asked. */
void _bg_window_save_checked       (BgWindow       *self,
                                    gboolean        close_after);

G_END_DECLS
