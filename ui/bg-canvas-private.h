/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-private.h — the canvas's state, shared by its files.
 *
 * Owns: the BgCanvas instance struct and the calls between bg-canvas.c (view
 * transform, hit-testing, selection, tooltips, snapshot), bg-canvas-actions.c
 * (edits through the model, clipboard, actions and their sensitivity) and
 * bg-canvas-controllers.c (one controller per interaction). Must not: be
 * included outside ui/bg-canvas*.c.
 * Included by: ui/bg-canvas*.c, tests/.
 */
#pragma once

#include "bg-canvas.h"
#include "bg-graph-renderer.h"
#include "bg-causality-trace.h"
#include "bg-result.h"

G_BEGIN_DECLS

#define ZOOM_MIN        0.1
#define ZOOM_MAX        8.0
#define ZOOM_STEP       1.25
#define FIT_MARGIN      32.0
#define REVEAL_MARGIN   48.0   /* view px kept around what is revealed */
/* Fitting never shrinks labels below this many view px per unit of label
 * scale (9 px normally, more in presentation mode as the labels grow): a
 * graph too large for that is shown around its middle, and scrolls. */
#define FIT_MIN_LABEL_PX 9.0
#define HANDLE_RADIUS   5.5    /* view px */
#define HANDLE_HIT      10.0   /* view px */
#define HANDLE_OFFSET   14.0   /* view px outside the label */
#define PORT_HIT        9.0    /* view px around a port anchor */
#define BOND_HIT        5.0    /* view px either side of a bond */
#define PASTE_OFFSET    20.0   /* model units */
#define BUBBLE_SECONDS  4

typedef enum
{
  HIT_NONE,
  HIT_ELEMENT,   /* the label: move */
  HIT_HANDLE,    /* the connection dot of a one-port or junction */
  HIT_PORT,      /* a named port of a multiport */
  HIT_BOND,
} HitKind;

typedef struct _BgCanvasExercise BgCanvasExercise;
typedef struct _BgCanvasPower BgCanvasPower;

typedef struct
{
  HitKind     kind;
  BgElement  *element;   /* valid until the next edit */
  BgBond     *bond;
  int         port;      /* HIT_PORT: index into the element's ports */
} Hit;

typedef enum
{
  DRAG_NONE,
  DRAG_MOVE,
  DRAG_RUBBER,
  DRAG_BOND,
  DRAG_PAN,
} DragMode;

struct _BgCanvas
{
  GtkWidget        parent_instance;

  BgModel         *model;
  BgCausality     *causality;
  BgGraphRenderer *renderer;
  gboolean         style_valid;

  /* The one matrix between model and view coordinates. */
  double           zoom;
  double           offset_x, offset_y;
  double           presentation_scale;
  gboolean         fit_pending;   /* fit once the widget has a size */
  /* The view is the last fit's, unmoved: a new size or presentation
   * scale fits again. */
  gboolean         fitted;
  gboolean         fit_whole;  /* the user asked for the whole graph (Ctrl+1) */
  gboolean         have_origin; /* origin_x/y: the canvas's top left in its window */
  GStrv            reveal_after_layout; /* ids bg_canvas_reveal_ids_soon() keeps */
  double           origin_x, origin_y;
  int              fitted_width, fitted_height;
  double           legend_band;   /* as last drawn: the graph is not under it */
  double           top_inset;     /* bars over the canvas's top: nor under them */

  GHashTable      *selected;      /* ids (owned) -> NULL */

  /* Derived geometry for hit-testing (canvas_ensure_shapes). */
  GArray          *shapes;        /* BgElementShape, in element order */
  GHashTable      *shape_index;   /* BgElement* -> index + 1 */
  guint64          shapes_revision;
  double           shapes_scale;
  gboolean         shapes_valid;

  /* The interaction in progress. */
  DragMode         drag;
  double           start_x, start_y;   /* view */
  double           cur_x, cur_y;       /* view */
  GHashTable      *moving;             /* element ids moved by the drag */
  double           move_dx, move_dy;   /* model units, snapped */
  char            *grab_id;            /* element under the move press */
  char            *bond_from;          /* "EL" or "EL.PORT" */
  double           pan_x, pan_y;       /* offset at the start of a pan */
  double           zoom_start;         /* pinch */

  GtkGesture      *drags[4];      /* move, bond, rubber band, pan */

  char            *hover_id;      /* element under the pointer (handle shown) */
  double           pointer_x, pointer_y;

  /* A refusal shown next to the pointer for a few seconds. */
  char            *bubble_text;
  double           bubble_x, bubble_y;
  guint            bubble_timeout;

  /* bg-canvas-grid.c: zero-initialised means the defaults */
  gboolean         grid_hidden;
  gboolean         snap_off;
  double           grid_spacing;

  /* bg-canvas-menu.c */
  GtkWidget       *context_menu;  /* GtkPopoverMenu, made on first use */
  gboolean         show_bond_ids;

  /* bg-canvas-explain.c: the trace shown step by step, or NULL */
  BgCausalityTrace *explain_trace;
  guint            explain_step;
  guint64          explain_revision;  /* the model's when the trace was set */
  /* Exercise mode (bg-canvas-exercise.c). */
  BgCanvasExercise *exercise;
  /* The run's result, the instant and the power-flow view
   * (bg-canvas-power.c). */
  BgCanvasPower   *power;
  /* bg-canvas-plot.c: the P key's popover */
  GtkWidget       *plot_popover;
};

/* A bond end as "EL" or "EL.PORT", resolved. */
typedef struct
{
  BgElement *element;
  int        port;      /* -1: none given */
} Ref;

/* bg-canvas.c */
/* bg-canvas-style.c: the renderer's style from the theme (style_valid). */
void        _bg_canvas_update_style            (BgCanvas       *self);
void        _bg_canvas_fill_view               (BgCanvas       *self,
                                                BgGraphView    *view);
void        _bg_canvas_set_zoom_internal       (BgCanvas       *self,
                                                double          zoom,
                                                double          anchor_x,
                                                double          anchor_y);
double      _bg_canvas_label_scale             (BgCanvas       *self);
void        _bg_canvas_element_shape           (BgCanvas       *self,
                                                BgElement      *element,
                                                BgElementShape *shape);
gboolean    _bg_canvas_element_has_named_ports (const BgElement *element);
BgPoint     _bg_canvas_handle_position         (BgCanvas       *self,
                                                const BgElementShape *shape);
Hit         _bg_canvas_hit_test                (BgCanvas       *self,
                                                double          vx,
                                                double          vy);
void        _bg_canvas_selection_changed       (BgCanvas       *self);
gboolean    _bg_canvas_select_only             (BgCanvas       *self,
                                                const char     *id);
void        _bg_canvas_toggle                  (BgCanvas       *self,
                                                const char     *id);
GPtrArray  *_bg_canvas_selected_of_kind        (BgCanvas       *self,
                                                gboolean        elements_wanted);
BgElement  *_bg_canvas_single_element          (BgCanvas       *self);
void        _bg_canvas_cancel_drag             (BgCanvas       *self);
BgCausality *_bg_canvas_current_causality      (BgCanvas       *self);
void        _bg_canvas_say                     (BgCanvas       *self,
                                                const char     *text,
                                                gboolean        at_pointer);
void        _bg_canvas_emit_activated          (BgCanvas       *self,
                                                const char     *id);

/* bg-canvas-actions.c */
void        _bg_canvas_actions_class_init      (GtkWidgetClass *widget_class);
void        _bg_canvas_update_actions          (BgCanvas       *self);
gboolean    _bg_canvas_require_model           (BgCanvas       *self,
                                                GError        **error);
gboolean    _bg_canvas_parse_ref               (BgCanvas       *self,
                                                const char     *text,
                                                Ref            *ref);
BgDomain    _bg_canvas_ref_domain              (const Ref      *ref);
BgPoint     _bg_canvas_ref_point               (BgCanvas       *self,
                                                const Ref      *ref);
int         _bg_canvas_choose_port             (BgCanvas       *self,
                                                BgElement      *e,
                                                BgDomain        want,
                                                BgPoint         toward);
gboolean    _bg_canvas_connect_internal        (BgCanvas       *self,
                                                const char     *from_ref,
                                                const char     *to_ref,
                                                gboolean        at_pointer,
                                                GError        **error);

/* bg-canvas-actions.c: the model's answer for a bond, without adding it */
gboolean    _bg_canvas_can_connect_internal    (BgCanvas       *self,
                                                const char     *from_ref,
                                                const char     *to_ref,
                                                GError        **error);

/* bg-canvas-bond-target.c */
char       *_bg_canvas_bond_target_ref         (BgCanvas       *self,
                                                const char     *from_ref,
                                                double          x,
                                                double          y);
void        _bg_canvas_draw_bond_target        (BgCanvas       *self,
                                                cairo_t        *cr);

/* bg-canvas-grid.c */
double      _bg_canvas_grid_spacing            (BgCanvas       *self);
double      _bg_canvas_snap_step               (BgCanvas       *self);
double      _bg_canvas_nudge_step              (BgCanvas       *self);
void        _bg_canvas_draw_grid               (BgCanvas       *self,
                                                cairo_t        *cr,
                                                int             width,
                                                int             height);
/* Installs the grid's properties from first_prop_id on and returns the
 * next free id; the canvas's get/set_property hand them over (FALSE: not
 * a grid property). */
guint       _bg_canvas_grid_class_init         (GObjectClass   *object_class,
                                                guint           first_prop_id);
gboolean    _bg_canvas_grid_get_property       (BgCanvas       *self,
                                                guint           prop_id,
                                                GValue         *value);
gboolean    _bg_canvas_grid_set_property       (BgCanvas       *self,
                                                guint           prop_id,
                                                const GValue   *value);

/* bg-canvas-tooltip.c */
gboolean    _bg_canvas_query_tooltip           (GtkWidget      *widget,
                                                int             x,
                                                int             y,
                                                gboolean        keyboard_mode,
                                                GtkTooltip     *tooltip);

/* bg-canvas-menu.c */
void        _bg_canvas_menu_init               (BgCanvas       *self);
void        _bg_canvas_menu_dispose            (BgCanvas       *self);
void        _bg_canvas_menu_class_init         (GtkWidgetClass *widget_class);
/* The legend's band: its height now (0 without a legend), and drawing it
 * (returns the height drawn). */
double      _bg_canvas_legend_height           (BgCanvas       *self);
void        _bg_canvas_reveal_explain_step     (BgCanvas       *self);
double      _bg_canvas_draw_legend             (BgCanvas       *self,
                                                cairo_t        *cr);

/* bg-canvas-explain.c */
gboolean    _bg_canvas_explaining              (BgCanvas       *self);
BgStroke    _bg_canvas_explain_stroke          (BgCanvas       *self,
                                                guint           bond_index);
void        _bg_canvas_draw_explain_under      (BgCanvas       *self,
                                                cairo_t        *cr);
void        _bg_canvas_draw_explain_over       (BgCanvas       *self,
                                                cairo_t        *cr);

/* bg-canvas-controllers.c */
void        _bg_canvas_controllers_init        (BgCanvas       *self);
void        _bg_canvas_controllers_class_init  (GtkWidgetClass *widget_class);

/* bg-canvas-exercise.c */
void        _bg_canvas_exercise_init          (BgCanvas       *self);
void        _bg_canvas_exercise_finalize      (BgCanvas       *self);
void        _bg_canvas_exercise_controllers_init (BgCanvas    *self);
void        _bg_canvas_exercise_class_init    (GtkWidgetClass *widget_class);
void        _bg_canvas_exercise_update_actions (BgCanvas      *self);
BgCausality *_bg_canvas_exercise_filter       (BgCanvas       *self,
                                               BgCausality    *causality);
void        _bg_canvas_exercise_draw          (BgCanvas       *self,
                                               cairo_t        *cr);
char       *_bg_canvas_exercise_tooltip       (BgCanvas       *self,
                                               double          view_x,
                                               double          view_y);

/* bg-canvas-badges.c */
void        _bg_canvas_badges_controllers_init (BgCanvas      *self);
void        _bg_canvas_badges_class_init      (GtkWidgetClass *widget_class);
void        _bg_canvas_draw_badges            (BgCanvas       *self,
                                               cairo_t        *cr);
char       *_bg_canvas_badge_tooltip          (BgCanvas       *self,
                                               double          view_x,
                                               double          view_y);

/* bg-canvas-power.c */
void        _bg_canvas_power_init              (BgCanvas       *self);
void        _bg_canvas_power_dispose           (BgCanvas       *self);
void        _bg_canvas_power_finalize          (BgCanvas       *self);
/* Installs the properties from first_prop_id on (and the actions);
 * returns the next free id. */
guint       _bg_canvas_power_class_init        (GObjectClass   *object_class,
                                                guint           first_prop_id);
gboolean    _bg_canvas_power_get_property      (BgCanvas       *self,
                                                guint           prop_id,
                                                GValue         *value);
gboolean    _bg_canvas_power_set_property      (BgCanvas       *self,
                                                guint           prop_id,
                                                const GValue   *value);
void        _bg_canvas_power_update_actions    (BgCanvas       *self);
/* Whether the power flow is drawn now (the mode, a result, no explaining
 * or exercise). */
gboolean    _bg_canvas_power_shown             (BgCanvas       *self);
/* The numbers of this frame for the renderer, or NULL when not shown. */
const BgGraphPower *_bg_canvas_power_prepare   (BgCanvas       *self);
/* The flow for the model shown and the result (made when needed), or NULL. */
struct _BgPowerFlow *_bg_canvas_power_flow     (BgCanvas       *self);
/* The result and the prefix of the level's names, or NULL. */
BgResult   *_bg_canvas_power_result            (BgCanvas       *self,
                                                const char    **prefix);
/* The instant read-outs use (the one chosen, else the run's end). */
gboolean    _bg_canvas_power_time              (BgCanvas       *self,
                                                double         *t);
/* bg-canvas-power-legend.c: in place of the conflict legend while shown */
double      _bg_canvas_power_legend_height     (BgCanvas       *self);
double      _bg_canvas_power_draw_legend       (BgCanvas       *self,
                                                cairo_t        *cr);
GStrv       _bg_canvas_power_dup_legend        (BgCanvas       *self);

/* bg-canvas-plot.c */
void        _bg_canvas_plot_dispose            (BgCanvas       *self);
void        _bg_canvas_plot_class_init         (GtkWidgetClass *widget_class);
/* Appends the Plot submenu of what the context menu acts on to menu. */
void        _bg_canvas_plot_append_submenu     (BgCanvas       *self,
                                                GMenu          *menu);

/* bg-canvas-keyboard.c */
void        _bg_canvas_keyboard_init           (BgCanvas       *self);
void        _bg_canvas_keyboard_class_init     (GtkWidgetClass *widget_class);

G_END_DECLS
