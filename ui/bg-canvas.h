/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas.h — the bond-graph editing canvas widget.
 *
 * Owns: the view of one BgModel (zoom, pan, selection held as ids, the
 * presentation scale) and the interactions on it, each its own controller:
 * click and Shift+click select, rubber band, move with grid snap, drawing a
 * bond, zoom, pan, drop from the palette, double-click. Draws with the
 * pure-Cairo graph renderer (bg-graph-renderer.h) from the model on every
 * snapshot. Must not: edit the model except through its bg_model_* edit calls,
 * analyse causality itself (it draws the BgCausality it is given), keep
 * element pointers across edits, or do file I/O.
 *
 * Gestures: drag on an element's label moves the selection (one undoable step
 * at release); drag from the small round connection handle that appears on
 * hover (or Shift+drag from an element) draws a bond, released on the target
 * element (multiports: on the nearest port); drag on empty space draws a
 * rubber band; middle drag or the scroll wheel pans (Shift+wheel sideways);
 * Ctrl+wheel and pinch zoom around the pointer.
 *
 * Actions (installed on the class, "canvas." prefix): delete, select-all,
 * copy, cut, paste, zoom-in, zoom-out, zoom-reset, zoom-fit, reverse-arrow,
 * flip-junction-sign, rotate, nudge "(dd)" (grid steps; the arrow keys, with
 * Shift five steps). Escape abandons a drag or clears the selection, and
 * with neither to do goes on to the canvas's other key handlers (the
 * window's: back out of a component). Their sensitivity is kept in one
 * place.
 *
 * Keyboard actions (bg-canvas-keyboard.c, which documents the keys):
 * select-next, select-previous (Page Down/Up), select-direction "s" (Alt+
 * arrows), edit (Enter), rename (F2), bond-start (B), bond-finish,
 * bond-cancel. The canvas is an accessible group whose description gives
 * the counts, the analysis summary and the selection.
 *
 * Drop target: G_TYPE_STRING "bgmod-component:<type>:<domain-id>" inserts at
 * the drop point.
 *
 * Signals:
 *   "selection-changed" (void)
 *   "element-activated" (const char *id): double-click on an element
 *   "status-message"    (const char *text): refused connections and hints
 *   "plot-requested"    (const char *name): a variable chosen from the
 *                       Plot menu (bg-canvas-plot.c)
 *   "edit-requested"    (const char *element_id, const char *field): Enter
 *                       or F2 (canvas.edit, canvas.rename) after
 *                       "element-activated": put the keyboard on this
 *                       field of the element, a parameter name or "id"
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-model.h"
#include "bg-causality.h"
#include "bg-causality-trace.h"
#include "bg-library.h"
#include "bg-causality-check.h"
#include "bg-plan.h"
#include "bg-power-flow.h"
#include "bg-result.h"

G_BEGIN_DECLS

#define BG_CANVAS_ERROR (bg_canvas_error_quark ())
GQuark bg_canvas_error_quark (void);

typedef enum
{
  BG_CANVAS_ERROR_NO_MODEL = 1,  /* the canvas has no model */
  BG_CANVAS_ERROR_BAD_CLIPBOARD, /* pasted text is not a .bgmod fragment */
} BgCanvasError;

/* The drop/drag string prefix of a palette item. */
#define BG_CANVAS_COMPONENT_PREFIX "bgmod-component:"

#define BG_TYPE_CANVAS (bg_canvas_get_type ())
G_DECLARE_FINAL_TYPE (BgCanvas, bg_canvas, BG, CANVAS, GtkWidget)

GtkWidget  *bg_canvas_new                    (void);

/* Listens to "changed" and redraws; drops the selection of vanished ids. */
void        bg_canvas_set_model              (BgCanvas              *self,
                                              BgModel               *model);
BgModel    *bg_canvas_get_model              (BgCanvas              *self);

/* Strokes, red conflicts (explained in the tooltip), amber algebraic groups.
 * NULL clears. The canvas keeps a reference. */
void        bg_canvas_set_causality          (BgCanvas              *self,
                                              BgCausality           *causality);
BgCausality *bg_canvas_get_causality         (BgCanvas              *self);

/* Explain mode (bg-canvas-explain.c): draws the strokes of the trace's
 * steps up to `step` (clamped to the last) instead of the analysis's, the
 * step's element and bond highlighted, the elements and bonds of the steps
 * it follows from softly, and every conflict found up to the step (with its
 * chain) in red. The trace must
 * come from the model as it is now; after an edit the canvas draws the
 * analysis again. NULL leaves the mode. The canvas keeps a reference. */
void        bg_canvas_set_explain_step       (BgCanvas              *self,
                                              BgCausalityTrace      *trace,
                                              guint                  step);
BgCausalityTrace *bg_canvas_get_explain_trace (BgCanvas             *self);
guint       bg_canvas_get_explain_step       (BgCanvas              *self);
typedef enum
{
  BG_CANVAS_EXPLAIN_CURRENT,   /* the step's own element and bond (strong) */
  BG_CANVAS_EXPLAIN_CONTEXT,   /* those of the steps it follows from (soft) */
  BG_CANVAS_EXPLAIN_CONFLICT,  /* every conflict found so far (red) */
} BgCanvasExplainHighlight;

/* The ids highlighted now in one way, sorted; empty outside the mode. */
GStrv       bg_canvas_dup_explain_ids        (BgCanvas              *self,
                                              BgCanvasExplainHighlight which);

/* Inserts an element of this spec at a point in widget coordinates (NAN, NAN:
 * the visible centre), snapped to the grid, as one undoable step, and selects
 * it. Returns the model's element (valid until the next edit). */
BgElement  *bg_canvas_insert_component       (BgCanvas              *self,
                                              const BgComponentSpec *spec,
                                              double                 view_x,
                                              double                 view_y,
                                              GError               **error);

/* Selection, as element and bond ids (NULL-terminated, free with g_strfreev). */
GStrv       bg_canvas_dup_selected_ids       (BgCanvas              *self);
/* Replaces the selection; unknown ids are ignored. NULL clears. */
void        bg_canvas_select_ids             (BgCanvas              *self,
                                              const char *const     *ids);

/* The height at the canvas's top that bars drawn over it cover (the
 * remedies, the Explain Causality banner): fitting and panning into view
 * keep the graph below it, as above the legend band. A new inset refits a
 * fitted view and otherwise leaves the graph where it is on the screen. */
void        bg_canvas_set_top_inset          (BgCanvas              *self,
                                              double                 inset);
double      bg_canvas_get_top_inset          (BgCanvas              *self);

/* 1.0 normal; 1.5–2 makes lines and text thicker for a projector. */
void        bg_canvas_set_presentation_scale (BgCanvas              *self,
                                              double                 scale);
double      bg_canvas_get_presentation_scale (BgCanvas              *self);

/* Shows the whole graph, as large as fits up to 200 %, but never with its
 * labels below a readable size (FIT_MIN_LABEL_PX): a larger graph is
 * shown around its middle and scrolls. The view stays fitted through new
 * sizes and presentation scales until the user zooms, pans or edits;
 * after that a bar appearing above the canvas leaves the graph where it
 * is on the screen. */
void        bg_canvas_zoom_to_fit            (BgCanvas              *self);
/* What "Fit the Model in the View" (Ctrl+1) does: the whole graph in
 * view whatever its labels' size; the fits that follow (new sizes,
 * presentation mode, explaining) keep to that until another model is
 * shown. */
void        bg_canvas_zoom_to_fit_whole      (BgCanvas              *self);
/* Pans, at the same zoom, the least distance that brings the elements and
 * bonds named in @ids (NULL-terminated; unknown ids are skipped) into view
 * with a margin; centres them when they do not fit. */
void        bg_canvas_reveal_ids             (BgCanvas              *self,
                                              const char *const     *ids);
/* The same once the canvas has its next size and place: for a bar that
 * is about to appear above it. */
void        bg_canvas_reveal_ids_soon        (BgCanvas              *self,
                                              const char *const     *ids);
double      bg_canvas_get_zoom               (BgCanvas              *self);

/* Where the view is (zoom and pan, and whether it is a fit that follows
 * new sizes), to come back to it: a component's contents are shown on
 * the same canvas and leaving them brings back the view of the level
 * above. Setting one keeps it through the next size allocation. */
typedef struct
{
  double   zoom;
  double   offset_x, offset_y;
  gboolean fitted;
  gboolean fit_whole;
} BgCanvasViewState;

void        bg_canvas_get_view_state         (BgCanvas              *self,
                                              BgCanvasViewState     *state);
void        bg_canvas_set_view_state         (BgCanvas              *self,
                                              const BgCanvasViewState *state);
/* Zooms by factor around a widget point (NAN, NAN: the centre). */
void        bg_canvas_zoom_at                (BgCanvas              *self,
                                              double                 factor,
                                              double                 view_x,
                                              double                 view_y);

/* Connects like a mouse drag from one element to another: refs are "EL" or
 * "EL.PORT"; for a multiport given as "EL" the free port of the matching
 * domain nearest the other element is used. A refusal gives the model's
 * reason and also emits "status-message". */
gboolean    bg_canvas_connect                (BgCanvas              *self,
                                              const char            *from_ref,
                                              const char            *to_ref,
                                              GError               **error);

/* Model coordinates <-> widget coordinates (one matrix). */
void        bg_canvas_model_to_view          (BgCanvas              *self,
                                              double                 mx,
                                              double                 my,
                                              double                *vx,
                                              double                *vy);
void        bg_canvas_view_to_model          (BgCanvas              *self,
                                              double                 vx,
                                              double                 vy,
                                              double                *mx,
                                              double                *my);

/* What is under a widget point: the id of an element or bond, or NULL
 * (free with g_free). */
char       *bg_canvas_dup_id_at              (BgCanvas              *self,
                                              double                 view_x,
                                              double                 view_y);

/* Whether the right-click menu is open (no tooltip is shown over it). */
gboolean    bg_canvas_context_menu_shown     (BgCanvas              *self);
/* The explanation shown in the tooltip at a widget point, or NULL. */
char       *bg_canvas_dup_tooltip_at         (BgCanvas              *self,
                                              double                 view_x,
                                              double                 view_y);

/* The grid: the properties "show-grid", "snap-to-grid" (booleans, TRUE)
 * and "grid-size" (model units between dots, 5 to 200, default 20), which
 * the window binds to the settings keys of the same names. */
void        bg_canvas_set_grid               (BgCanvas              *self,
                                              gboolean               show,
                                              gboolean               snap,
                                              double                 spacing);
void        bg_canvas_get_grid               (BgCanvas              *self,
                                              gboolean              *show,
                                              gboolean              *snap,
                                              double                *spacing);
/* Bond ids written beside the bonds ("show-bond-ids", canvas.show-bond-ids). */
gboolean    bg_canvas_get_show_bond_ids      (BgCanvas              *self);
void        bg_canvas_set_show_bond_ids      (BgCanvas              *self,
                                              gboolean               show);
/* The lines of the colour legend shown now (conflict, algebraic group), or
 * NULL when the drawing uses neither colour. */
GStrv       bg_canvas_dup_legend             (BgCanvas              *self);
/* Where the legend is drawn, in view px: a band along the bottom edge,
 * which the graph is not drawn under (a fitted graph lies above it). FALSE
 * when there is no legend. */
gboolean    bg_canvas_get_legend_area        (BgCanvas              *self,
                                              graphene_rect_t       *area);
/* The contrast (WCAG ratio) of the selection and explain highlight colour
 * against the canvas background, in the current theme. */
double      bg_canvas_get_highlight_contrast (BgCanvas              *self);
/* The context menu's popover once it was opened, else NULL. */
GtkWidget  *bg_canvas_get_context_menu       (BgCanvas              *self);
/* While a bond is being drawn: why the model would refuse it at the
 * element it points at (drawn crossed out), or NULL. */
char       *bg_canvas_dup_bond_refusal       (BgCanvas              *self);
/* The stroke the canvas draws for a bond (from the causality it was given,
 * or in explain mode the trace's at the step shown). */
BgStroke    bg_canvas_get_bond_stroke        (BgCanvas              *self,
                                              const char            *bond_id);

/* Exercise mode (bg-canvas-exercise.c): the analyzer's strokes are hidden,
 * the student's own strokes (BgBond.exercise) are drawn and placed by a
 * click near a bond end (again: removed) or with S on a selected bond
 * ("canvas.exercise-stroke"). Turning it on or off drops the marks. */
void        bg_canvas_set_exercise_mode      (BgCanvas              *self,
                                              gboolean               on);
gboolean    bg_canvas_get_exercise_mode      (BgCanvas              *self);
/* Also draws the analyzer's strokes (exercise mode only). */
void        bg_canvas_set_exercise_reveal    (BgCanvas              *self,
                                              gboolean               reveal);
gboolean    bg_canvas_get_exercise_reveal    (BgCanvas              *self);
/* Grades the student's strokes and marks every bond ✓ ✗ ? until the next
 * edit; the grade is the canvas's (NULL outside exercise mode). */
const BgGrade *bg_canvas_check_exercise      (BgCanvas              *self);
/* The marks' grade while it is current, or NULL. */
const BgGrade *bg_canvas_get_exercise_grade  (BgCanvas              *self);
/* Marks grade (transfer full; NULL clears) on the model shown as it is
 * now, until its next edit: a grade made elsewhere, e.g. of a model with
 * components seen from the level shown (bg_grade_project). */
void        bg_canvas_show_exercise_grade    (BgCanvas              *self,
                                              BgGrade               *grade);
/* The conflict badge of an instance (bg-canvas-badges.c): where it is
 * drawn in view coordinates, FALSE when the instance has none. A click on
 * one emits "open-conflict" (const char *instance_id). */
gboolean    bg_canvas_get_conflict_badge     (BgCanvas              *self,
                                              const char            *instance_id,
                                              double                *view_x,
                                              double                *view_y);
/* A stroke a click or S places (or removes) on a bond of the model shown
 * goes first to the "place-stroke" signal (const char *bond_id, BgStroke
 * as int; TRUE: handled, e.g. placed in the document by path for a level
 * inside a component), else onto the bond itself. */
/* What a click at this widget point does in exercise mode: places (or
 * removes) the stroke at the nearest bond end; FALSE when none is near. */
gboolean    bg_canvas_place_stroke_at        (BgCanvas              *self,
                                              double                 view_x,
                                              double                 view_y);

/* A run and the instant (bg-canvas-power.c) ---------------------------------
 *
 * The result of the last run of the document and the plan it is of (its
 * energy accounts give every element's stored energy and losses; NULL:
 * those of C, I and R only), its names seen from the level shown with
 * prefix ("" or "T2."); NULL clears. The canvas keeps references, reads
 * the result (deriving columns the run did not record, never running
 * again) for the tooltips and the power-flow view. */
void        bg_canvas_set_result             (BgCanvas              *self,
                                              BgResult              *result,
                                              BgPlan                *plan,
                                              const char            *prefix);
BgResult   *bg_canvas_get_result             (BgCanvas              *self);
/* Inside a component: the result's bond that a bond through one of its
 * ports stands for (bg_power_flow_alias_through_ports), so that the view
 * and the read-outs show it too. NULL: none; destroy frees data. */
void        bg_canvas_set_bond_alias         (BgCanvas              *self,
                                              BgPowerFlowAliasFunc   alias,
                                              gpointer               data,
                                              GDestroyNotify         destroy);
/* The run's first and last time; FALSE without a result. */
gboolean    bg_canvas_get_time_range         (BgCanvas              *self,
                                              double                *t_start,
                                              double                *t_end);
/* The instant the read-outs and the power-flow view show ("time", s; NaN:
 * none chosen, the read-outs then use the run's end). */
void        bg_canvas_set_time               (BgCanvas              *self,
                                              double                 t);
double      bg_canvas_get_time               (BgCanvas              *self);
/* The values a tooltip shows over a bond or element (its id) at the
 * instant, newline-separated: the instant, then "e = 3.93 V (voltage)"
 * and so on; NULL without a result or values. */
char       *bg_canvas_dup_values_text        (BgCanvas              *self,
                                              const char            *id);
/* One variable of the level shown ("b3.P", "C1.E") at the instant. */
gboolean    bg_canvas_get_value_at           (BgCanvas              *self,
                                              const char            *name,
                                              double                *value);
/* The power-flow view ("power-flow"): after a run, each bond over a band
 * as wide as log |P| at the instant, green along its half-arrow, purple
 * against it, with chevrons (moving along it while playing) in the power's
 * direction; storages' label boxes filled as tanks by their stored energy
 * (of its peak); resistances tinted and labelled by the power they
 * dissipate; a legend in the bottom band. Play ("playing") moves the
 * instant through the run at "play-speed" simulated seconds per second
 * (0: the default, the run in about ten seconds) on the frame clock.
 * Keys while it shows: Space (canvas.power-play), comma and period (one
 * row back or on: canvas.power-step), Home and End. */
void        bg_canvas_set_power_flow         (BgCanvas              *self,
                                              gboolean               on);
gboolean    bg_canvas_get_power_flow         (BgCanvas              *self);
void        bg_canvas_set_playing            (BgCanvas              *self,
                                              gboolean               playing);
gboolean    bg_canvas_get_playing            (BgCanvas              *self);
void        bg_canvas_set_play_speed         (BgCanvas              *self,
                                              double                 speed);
/* The speed in use (the default when none was set). */
double      bg_canvas_get_play_speed         (BgCanvas              *self);
/* The run in about ten seconds, 1, 2 or 5 of a decade per second. */
double      bg_canvas_get_default_play_speed (BgCanvas              *self);

/* Plotting from the diagram (bg-canvas-plot.c): the variables the Plot
 * submenu of the right-click menu and the P key's popover (canvas.plot-menu)
 * offer for a bond or element, as the level shown names them; choosing
 * one (canvas.plot-var) emits "plot-requested" (const char *name). */
GStrv       bg_canvas_dup_plot_choices       (BgCanvas              *self,
                                              const char            *id);
/* The P key's popover once it was opened, else NULL. */
GtkWidget  *bg_canvas_get_plot_popover       (BgCanvas              *self);

/* Pastes a .bgmod JSON fragment as the clipboard would (for tests and the
 * window): new ids, offset, selected, one undoable step. */
gboolean    bg_canvas_paste_text             (BgCanvas              *self,
                                              const char            *text,
                                              GError               **error);
/* The .bgmod JSON fragment of the selection (what canvas.copy puts on the
 * clipboard), or NULL when nothing is selected. */
char       *bg_canvas_dup_selection_text     (BgCanvas              *self);

/* The component a palette drag string names ("bgmod-component:R:electrical",
 * "bgmod-component:CylinderDA:"), or NULL for anything else. */
const BgComponentSpec *bg_canvas_lookup_drop_string (const char *text);

G_END_DECLS
