/* bg-canvas.c — the bond-graph editing canvas.
 *
 * Owns: the view transform (one matrix: view = model × zoom + offset), the
 * selection (ids), the interactions (each its own controller), the actions
 * and their sensitivity (canvas_update_actions), hit-testing
 * (canvas_hit_test, the only place that decides what is under the pointer)
 * and the snapshot, which draws the model through the graph renderer every
 * frame. Must not: edit the model other than through bg_model_* edit calls,
 * compute causality, or hold element pointers across edits.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas.h"
#include "bg-file.h"
#include "bg-graph-renderer.h"

#define ZOOM_MIN        0.1
#define ZOOM_MAX        8.0
#define ZOOM_STEP       1.25
#define FIT_MARGIN      32.0
#define HANDLE_RADIUS   5.5    /* view px */
#define HANDLE_HIT      10.0   /* view px */
#define HANDLE_OFFSET   14.0   /* view px outside the label */
#define PORT_HIT        9.0    /* view px around a port anchor */
#define BOND_HIT        5.0    /* view px either side of a bond */
#define PASTE_OFFSET    20.0   /* model units */
#define BUBBLE_SECONDS  4

G_DEFINE_QUARK (bg-canvas-error-quark, bg_canvas_error)

typedef enum
{
  HIT_NONE,
  HIT_ELEMENT,   /* the label: move */
  HIT_HANDLE,    /* the connection dot of a one-port or junction */
  HIT_PORT,      /* a named port of a multiport */
  HIT_BOND,
} HitKind;

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
};

G_DEFINE_FINAL_TYPE (BgCanvas, bg_canvas, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_SELECTION_CHANGED,
  SIGNAL_ELEMENT_ACTIVATED,
  SIGNAL_STATUS_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum
{
  PROP_0,
  PROP_MODEL,
  PROP_ZOOM,
  PROP_PRESENTATION_SCALE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void canvas_update_actions (BgCanvas *self);

/* View transform --------------------------------------------------------- */

void
bg_canvas_model_to_view (BgCanvas *self,
                         double    mx,
                         double    my,
                         double   *vx,
                         double   *vy)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (vx != NULL)
    *vx = mx * self->zoom + self->offset_x;
  if (vy != NULL)
    *vy = my * self->zoom + self->offset_y;
}

void
bg_canvas_view_to_model (BgCanvas *self,
                         double    vx,
                         double    vy,
                         double   *mx,
                         double   *my)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (mx != NULL)
    *mx = (vx - self->offset_x) / self->zoom;
  if (my != NULL)
    *my = (vy - self->offset_y) / self->zoom;
}

static void
canvas_fill_view (BgCanvas    *self,
                  BgGraphView *view)
{
  bg_graph_view_init (view);
  view->zoom = self->zoom;
  view->offset_x = self->offset_x;
  view->offset_y = self->offset_y;
  view->presentation_scale = self->presentation_scale;
  view->selected = self->selected;
  if (self->drag == DRAG_MOVE)
    {
      view->moving = self->moving;
      view->move_dx = self->move_dx;
      view->move_dy = self->move_dy;
    }
}

static void
canvas_set_zoom_internal (BgCanvas *self,
                          double    zoom,
                          double    anchor_x,
                          double    anchor_y)
{
  double mx, my;

  zoom = CLAMP (zoom, ZOOM_MIN, ZOOM_MAX);
  if (zoom == self->zoom)
    return;

  /* Keep the model point under the anchor where it is. */
  bg_canvas_view_to_model (self, anchor_x, anchor_y, &mx, &my);
  self->zoom = zoom;
  self->offset_x = anchor_x - mx * zoom;
  self->offset_y = anchor_y - my * zoom;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_zoom_at (BgCanvas *self,
                   double    factor,
                   double    view_x,
                   double    view_y)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (factor > 0);

  if (isnan (view_x) || isnan (view_y))
    {
      view_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      view_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  canvas_set_zoom_internal (self, self->zoom * factor, view_x, view_y);
}

double
bg_canvas_get_zoom (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);

  return self->zoom;
}

void
bg_canvas_zoom_to_fit (BgCanvas *self)
{
  BgGraphView view;
  int w, h;

  g_return_if_fail (BG_IS_CANVAS (self));

  w = gtk_widget_get_width (GTK_WIDGET (self));
  h = gtk_widget_get_height (GTK_WIDGET (self));
  if (self->model == NULL)
    return;
  if (w <= 0 || h <= 0)
    {
      self->fit_pending = TRUE;
      return;
    }
  self->fit_pending = FALSE;

  canvas_fill_view (self, &view);
  if (!bg_graph_renderer_fit (self->renderer, self->model, w, h,
                              FIT_MARGIN, 2.0, &view))
    return;
  view.zoom = CLAMP (view.zoom, ZOOM_MIN, ZOOM_MAX);
  self->zoom = view.zoom;
  self->offset_x = view.offset_x;
  self->offset_y = view.offset_y;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
bg_canvas_set_presentation_scale (BgCanvas *self,
                                  double    scale)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  scale = CLAMP (scale, 0.5, 3.0);
  if (scale == self->presentation_scale)
    return;
  self->presentation_scale = scale;
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[PROP_PRESENTATION_SCALE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

double
bg_canvas_get_presentation_scale (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), 1.0);

  return self->presentation_scale;
}

/* Hit-testing: the one place that decides what is under a point ---------- */

/* Element shapes are derived geometry: cached per model revision and
 * presentation scale, so a pointer motion over thousands of elements costs
 * no text measuring. */
static void
canvas_ensure_shapes (BgCanvas *self)
{
  GPtrArray *elements;
  guint64 revision = bg_model_get_revision (self->model);

  if (self->shapes_valid && self->shapes_revision == revision &&
      self->shapes_scale == self->presentation_scale)
    return;

  elements = bg_model_get_elements (self->model);
  g_array_set_size (self->shapes, elements->len);
  g_hash_table_remove_all (self->shape_index);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);

      bg_graph_renderer_element_shape (self->renderer, e,
                                       self->presentation_scale, 0, 0,
                                       &g_array_index (self->shapes,
                                                       BgElementShape, i));
      g_hash_table_insert (self->shape_index, e, GUINT_TO_POINTER (i + 1));
    }
  self->shapes_revision = revision;
  self->shapes_scale = self->presentation_scale;
  self->shapes_valid = TRUE;
}

static void
canvas_element_shape (BgCanvas        *self,
                      BgElement       *element,
                      BgElementShape  *shape)
{
  guint index;

  canvas_ensure_shapes (self);
  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->shape_index, element));
  g_assert (index > 0);
  *shape = g_array_index (self->shapes, BgElementShape, index - 1);
}

static gboolean
element_has_named_ports (const BgElement *element)
{
  return !element->spec->variable_ports && element->spec->n_ports >= 2;
}

/* The connection dot of a one-port or junction, in model units. */
static BgPoint
handle_position (BgCanvas             *self,
                 const BgElementShape *shape)
{
  BgPoint p;

  /* A fixed distance on screen, so it stays easy to grab at any zoom. */
  p.x = shape->box.x + shape->box.width + HANDLE_OFFSET / self->zoom;
  p.y = shape->centre.y;
  return p;
}

static Hit
canvas_hit_test (BgCanvas *self,
                 double    vx,
                 double    vy)
{
  Hit hit = { HIT_NONE, NULL, NULL, -1 };
  GPtrArray *elements, *bonds;
  double mx, my;
  double best = G_MAXDOUBLE;

  if (self->model == NULL)
    return hit;

  bg_canvas_view_to_model (self, vx, vy, &mx, &my);
  elements = bg_model_get_elements (self->model);

  /* The hovered element's handle and ports first: they sit on its edge. */
  if (self->hover_id != NULL)
    {
      BgElement *e = bg_model_find_element (self->model, self->hover_id);

      if (e != NULL)
        {
          BgElementShape shape;

          canvas_element_shape (self, e, &shape);
          if (!element_has_named_ports (e))
            {
              BgPoint h = handle_position (self, &shape);

              if (hypot (h.x - mx, h.y - my) * self->zoom <= HANDLE_HIT)
                {
                  hit.kind = HIT_HANDLE;
                  hit.element = e;
                  return hit;
                }
            }
        }
    }

  /* Topmost element first (drawn last). */
  for (guint i = elements->len; i > 0; i--)
    {
      BgElement *e = g_ptr_array_index (elements, i - 1);
      BgElementShape shape;
      BgRect box;
      int port;

      canvas_element_shape (self, e, &shape);
      port = bg_geometry_nearest_port (&shape, mx, my);
      if (port >= 0 &&
          hypot (shape.ports[port].x - mx, shape.ports[port].y - my) *
          self->zoom <= PORT_HIT)
        {
          hit.kind = HIT_PORT;
          hit.element = e;
          hit.port = port;
          return hit;
        }

      box = shape.box;
      box.x -= 2;
      box.y -= 2;
      box.width += 4;
      box.height += 4;
      if (bg_geometry_rect_contains (&box, mx, my))
        {
          hit.kind = HIT_ELEMENT;
          hit.element = e;
          return hit;
        }
    }

  bonds = bg_model_get_bonds (self->model);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      BgElementShape sa, sb;
      BgPoint from, to, p = { mx, my };
      BgRect span = { 0, 0, 0, 0 };
      double d, slack = BOND_HIT / self->zoom + BG_GEOMETRY_BOND_GAP * self->presentation_scale;

      /* Cheap reject: the bond lies within its two elements' boxes' span. */
      canvas_element_shape (self, b->from, &sa);
      canvas_element_shape (self, b->to, &sb);
      bg_geometry_rect_union (&span, &sa.box);
      bg_geometry_rect_union (&span, &sb.box);
      if (mx < span.x - slack || mx > span.x + span.width + slack ||
          my < span.y - slack || my > span.y + span.height + slack)
        continue;
      bg_geometry_bond_ends (&sa, b->from_port, &sb, b->to_port,
                             BG_GEOMETRY_BOND_GAP * self->presentation_scale,
                             &from, &to);
      d = bg_geometry_distance_to_segment (p, from, to) * self->zoom;
      if (d <= BOND_HIT && d < best)
        {
          best = d;
          hit.kind = HIT_BOND;
          hit.bond = b;
        }
    }
  return hit;
}

char *
bg_canvas_dup_id_at (BgCanvas *self,
                     double    view_x,
                     double    view_y)
{
  Hit hit;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  hit = canvas_hit_test (self, view_x, view_y);
  if (hit.element != NULL)
    return g_strdup (hit.element->id);
  if (hit.bond != NULL)
    return g_strdup (hit.bond->id);
  return NULL;
}

/* Selection -------------------------------------------------------------- */

static void
canvas_selection_changed (BgCanvas *self)
{
  canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

static gboolean
canvas_id_exists (BgCanvas   *self,
                  const char *id)
{
  return self->model != NULL &&
         (bg_model_find_element (self->model, id) != NULL ||
          bg_model_find_bond (self->model, id) != NULL);
}

static gboolean
canvas_select_only (BgCanvas   *self,
                    const char *id)
{
  if (id != NULL && g_hash_table_size (self->selected) == 1 &&
      g_hash_table_contains (self->selected, id))
    return FALSE;
  if (id == NULL && g_hash_table_size (self->selected) == 0)
    return FALSE;

  g_hash_table_remove_all (self->selected);
  if (id != NULL)
    g_hash_table_add (self->selected, g_strdup (id));
  return TRUE;
}

static void
canvas_toggle (BgCanvas   *self,
               const char *id)
{
  if (!g_hash_table_remove (self->selected, id))
    g_hash_table_add (self->selected, g_strdup (id));
}

GStrv
bg_canvas_dup_selected_ids (BgCanvas *self)
{
  GStrvBuilder *builder;
  GPtrArray *elements, *bonds;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  builder = g_strv_builder_new ();
  /* In document order, elements before bonds: stable for callers. */
  if (self->model != NULL)
    {
      elements = bg_model_get_elements (self->model);
      bonds = bg_model_get_bonds (self->model);
      for (guint i = 0; i < elements->len; i++)
        {
          BgElement *e = g_ptr_array_index (elements, i);

          if (g_hash_table_contains (self->selected, e->id))
            g_strv_builder_add (builder, e->id);
        }
      for (guint i = 0; i < bonds->len; i++)
        {
          BgBond *b = g_ptr_array_index (bonds, i);

          if (g_hash_table_contains (self->selected, b->id))
            g_strv_builder_add (builder, b->id);
        }
    }
  {
    GStrv result = g_strv_builder_end (builder);
    g_strv_builder_unref (builder);
    return result;
  }
}

void
bg_canvas_select_ids (BgCanvas          *self,
                      const char *const *ids)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  g_hash_table_remove_all (self->selected);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    if (canvas_id_exists (self, ids[i]))
      g_hash_table_add (self->selected, g_strdup (ids[i]));
  canvas_selection_changed (self);
}

/* Collects the selected element (or bond) ids in document order. */
static GPtrArray *
canvas_selected_of_kind (BgCanvas *self,
                         gboolean  elements_wanted)
{
  GPtrArray *ids = g_ptr_array_new ();
  GPtrArray *items;

  if (self->model == NULL)
    return ids;

  items = elements_wanted ? bg_model_get_elements (self->model)
                          : bg_model_get_bonds (self->model);
  for (guint i = 0; i < items->len; i++)
    {
      const char *id = elements_wanted
                       ? ((BgElement *) g_ptr_array_index (items, i))->id
                       : ((BgBond *) g_ptr_array_index (items, i))->id;

      if (g_hash_table_contains (self->selected, id))
        g_ptr_array_add (ids, (gpointer) id);
    }
  return ids;
}

static void
canvas_prune_selection (BgCanvas *self)
{
  GHashTableIter iter;
  gpointer key;
  gboolean changed = FALSE;

  g_hash_table_iter_init (&iter, self->selected);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!canvas_id_exists (self, key))
      {
        g_hash_table_iter_remove (&iter);
        changed = TRUE;
      }
  if (changed)
    g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
}

/* Model and causality ---------------------------------------------------- */

static void
model_changed_cb (BgCanvas *self,
                  BgModel  *model)
{
  canvas_prune_selection (self);
  if (self->hover_id != NULL && !canvas_id_exists (self, self->hover_id))
    g_clear_pointer (&self->hover_id, g_free);
  canvas_update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
canvas_cancel_drag (BgCanvas *self)
{
  self->drag = DRAG_NONE;
  g_hash_table_remove_all (self->moving);
  self->move_dx = self->move_dy = 0;
  g_clear_pointer (&self->grab_id, g_free);
  g_clear_pointer (&self->bond_from, g_free);
}

void
bg_canvas_set_model (BgCanvas *self,
                     BgModel  *model)
{
  g_return_if_fail (BG_IS_CANVAS (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  canvas_cancel_drag (self);
  g_clear_pointer (&self->hover_id, g_free);
  g_clear_pointer (&self->causality, bg_causality_unref);
  g_set_object (&self->model, model);
  self->shapes_valid = FALSE;
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                             self, G_CONNECT_SWAPPED);

  g_hash_table_remove_all (self->selected);
  bg_canvas_zoom_to_fit (self);
  canvas_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
  g_signal_emit (self, signals[SIGNAL_SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgModel *
bg_canvas_get_model (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->model;
}

void
bg_canvas_set_causality (BgCanvas    *self,
                         BgCausality *causality)
{
  g_return_if_fail (BG_IS_CANVAS (self));

  if (self->causality == causality)
    return;
  if (causality != NULL)
    bg_causality_ref (causality);
  g_clear_pointer (&self->causality, bg_causality_unref);
  self->causality = causality;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

BgCausality *
bg_canvas_get_causality (BgCanvas *self)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  return self->causality;
}

/* The analysis the canvas draws: only one made from the current revision. */
static BgCausality *
canvas_current_causality (BgCanvas *self)
{
  if (self->causality == NULL || self->model == NULL)
    return NULL;
  if (bg_causality_get_revision (self->causality) !=
      bg_model_get_revision (self->model))
    return NULL;
  return self->causality;
}

BgStroke
bg_canvas_get_bond_stroke (BgCanvas   *self,
                           const char *bond_id)
{
  BgCausality *causality;

  g_return_val_if_fail (BG_IS_CANVAS (self), BG_STROKE_NONE);
  g_return_val_if_fail (bond_id != NULL, BG_STROKE_NONE);

  causality = canvas_current_causality (self);
  if (causality == NULL)
    return BG_STROKE_NONE;
  return bg_causality_lookup_stroke (causality, bond_id);
}

/* Status bubble ---------------------------------------------------------- */

static gboolean
bubble_timeout_cb (gpointer data)
{
  BgCanvas *self = data;

  self->bubble_timeout = 0;
  g_clear_pointer (&self->bubble_text, g_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
canvas_say (BgCanvas   *self,
            const char *text,
            gboolean    at_pointer)
{
  g_signal_emit (self, signals[SIGNAL_STATUS_MESSAGE], 0, text);
  if (!at_pointer)
    return;

  g_free (self->bubble_text);
  self->bubble_text = g_strdup (text);
  self->bubble_x = self->cur_x;
  self->bubble_y = self->cur_y;
  g_clear_handle_id (&self->bubble_timeout, g_source_remove);
  self->bubble_timeout = g_timeout_add_seconds (BUBBLE_SECONDS,
                                                bubble_timeout_cb, self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Editing ---------------------------------------------------------------- */

static gboolean
canvas_require_model (BgCanvas  *self,
                      GError   **error)
{
  if (self->model != NULL)
    return TRUE;
  g_set_error_literal (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_NO_MODEL,
                       _("There is no document to edit"));
  return FALSE;
}

BgElement *
bg_canvas_insert_component (BgCanvas              *self,
                            const BgComponentSpec *spec,
                            double                 view_x,
                            double                 view_y,
                            GError               **error)
{
  BgElement *element;
  double mx, my;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!canvas_require_model (self, error))
    return NULL;

  if (isnan (view_x) || isnan (view_y))
    {
      view_x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      view_y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  bg_canvas_view_to_model (self, view_x, view_y, &mx, &my);
  mx = bg_geometry_snap (mx, BG_GEOMETRY_GRID);
  my = bg_geometry_snap (my, BG_GEOMETRY_GRID);

  element = bg_model_add_element (self->model, spec->type, spec->domain,
                                  NULL, mx, my, error);
  if (element == NULL)
    return NULL;

  canvas_select_only (self, element->id);
  canvas_selection_changed (self);
  return element;
}

/* Where a multiport given without a port should connect: a free port of the
 * other end's domain, nearest the other end. */
typedef struct
{
  BgElement *element;
  int        port;      /* -1: none given */
} Ref;

static gboolean
parse_ref (BgCanvas   *self,
           const char *text,
           Ref        *ref)
{
  const char *dot = strchr (text, '.');
  g_autofree char *id = dot ? g_strndup (text, dot - text) : g_strdup (text);
  guint index;

  ref->element = bg_model_find_element (self->model, id);
  ref->port = -1;
  if (ref->element == NULL)
    return FALSE;
  if (dot != NULL &&
      bg_component_spec_find_port (ref->element->spec, dot + 1, &index))
    ref->port = (int) index;
  return TRUE;
}

static BgDomain
ref_domain (const Ref *ref)
{
  const BgComponentSpec *spec = ref->element->spec;

  if (ref->port >= 0)
    return spec->ports[ref->port].domain;
  if (element_has_named_ports (ref->element))
    return BG_DOMAIN_NONE;
  return spec->domain;
}

static BgPoint
ref_point (BgCanvas  *self,
           const Ref *ref)
{
  BgElementShape shape;

  canvas_element_shape (self, ref->element, &shape);
  if (ref->port >= 0 && (guint) ref->port < shape.n_ports)
    return shape.ports[ref->port];
  return shape.centre;
}

static int
choose_port (BgCanvas  *self,
             BgElement *e,
             BgDomain   want,
             BgPoint    toward)
{
  GPtrArray *bonded = bg_model_get_element_bonds (self->model, e);
  BgElementShape shape;
  int best = -1;
  double best_score = G_MAXDOUBLE;

  canvas_element_shape (self, e, &shape);
  for (guint i = 0; i < e->spec->n_ports && i < shape.n_ports; i++)
    {
      gboolean free_port = bonded == NULL || i >= bonded->len ||
                           g_ptr_array_index (bonded, i) == NULL;
      gboolean domain_ok = want == BG_DOMAIN_NONE ||
                           e->spec->ports[i].domain == want;
      double score = hypot (shape.ports[i].x - toward.x,
                            shape.ports[i].y - toward.y);

      /* Matching and free first, then matching, then anything. */
      if (!domain_ok)
        score += 1e9;
      if (!free_port)
        score += 1e6;
      if (score < best_score)
        {
          best_score = score;
          best = (int) i;
        }
    }
  return best;
}

static char *
resolve_ref (BgCanvas   *self,
             const char *text,
             const Ref  *ref,
             const Ref  *other)
{
  int port;

  if (ref->element == NULL || ref->port >= 0 ||
      !element_has_named_ports (ref->element))
    return g_strdup (text);

  port = choose_port (self, ref->element, ref_domain (other),
                      ref_point (self, other));
  if (port < 0)
    return g_strdup (text);
  return g_strdup_printf ("%s.%s", ref->element->id,
                          ref->element->spec->ports[port].name);
}

static gboolean
canvas_connect_internal (BgCanvas    *self,
                         const char  *from_ref,
                         const char  *to_ref,
                         gboolean     at_pointer,
                         GError     **error)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autoptr(GError) local_error = NULL;
  BgBond *bond;
  Ref a, b;

  if (!canvas_require_model (self, error))
    return FALSE;

  if (parse_ref (self, from_ref, &a) && parse_ref (self, to_ref, &b))
    {
      from = resolve_ref (self, from_ref, &a, &b);
      to = resolve_ref (self, to_ref, &b, &a);
    }
  else
    {
      from = g_strdup (from_ref);
      to = g_strdup (to_ref);
    }

  bond = bg_model_connect (self->model, from, to, NULL, &local_error);
  if (bond == NULL)
    {
      canvas_say (self, local_error->message, at_pointer);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  canvas_select_only (self, bond->id);
  canvas_selection_changed (self);
  return TRUE;
}

gboolean
bg_canvas_connect (BgCanvas    *self,
                   const char  *from_ref,
                   const char  *to_ref,
                   GError     **error)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (from_ref != NULL, FALSE);
  g_return_val_if_fail (to_ref != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return canvas_connect_internal (self, from_ref, to_ref, FALSE, error);
}

/* Owned, NULL-terminated copies of ids (the model may free the originals). */
static GStrv
ids_to_strv (GPtrArray *ids)
{
  GStrv v = g_new0 (char *, ids->len + 1);

  for (guint i = 0; i < ids->len; i++)
    v[i] = g_strdup (g_ptr_array_index (ids, i));
  return v;
}

static void
canvas_delete_selection (BgCanvas *self)
{
  g_autoptr(GPtrArray) elements = canvas_selected_of_kind (self, TRUE);
  g_autoptr(GPtrArray) bonds = canvas_selected_of_kind (self, FALSE);
  g_autoptr(GPtrArray) loose = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) element_ids = NULL;
  g_auto(GStrv) bond_ids = NULL;
  gboolean ok = TRUE;

  if (self->model == NULL || (elements->len == 0 && bonds->len == 0))
    return;

  /* Bonds attached to a deleted element go with it. */
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = bg_model_find_bond (self->model,
                                      g_ptr_array_index (bonds, i));

      if (!g_hash_table_contains (self->selected, b->from->id) &&
          !g_hash_table_contains (self->selected, b->to->id))
        g_ptr_array_add (loose, b->id);
    }
  element_ids = ids_to_strv (elements);
  bond_ids = ids_to_strv (loose);

  bg_model_begin_group (self->model, _("Delete"));
  if (loose->len > 0)
    ok = bg_model_remove_bonds (self->model, (const char *const *) bond_ids,
                                loose->len, &error);
  if (ok && elements->len > 0)
    ok = bg_model_remove_elements (self->model,
                                   (const char *const *) element_ids,
                                   elements->len, &error);
  bg_model_end_group (self->model);
  if (!ok)
    canvas_say (self, error->message, FALSE);
}

/* Clipboard: a .bgmod fragment with the selected elements and the bonds
 * between them ------------------------------------------------------------ */

static char *
end_ref (BgModel  *model,
         BgBond   *bond,
         gboolean  at_to,
         const char *id)
{
  BgElement *e = at_to ? bond->to : bond->from;
  g_autofree char *port = NULL;

  if (e->spec->variable_ports || e->spec->n_ports < 2)
    return g_strdup (id);
  port = bg_model_dup_port_name (model, bond, at_to);
  return g_strdup_printf ("%s.%s", id, port);
}

static gboolean
copy_element (BgModel          *dest,
              const BgElement  *e,
              const char       *id,
              double            dx,
              double            dy,
              const char      **new_id,
              GError          **error)
{
  BgElement *copy;

  copy = bg_model_add_element (dest, e->spec->type, e->spec->domain, id,
                               e->x + dx, e->y + dy, error);
  if (copy == NULL)
    return FALSE;
  *new_id = copy->id;

  for (guint i = 0; i < e->spec->n_params; i++)
    if (!bg_model_set_param (dest, copy->id, e->spec->params[i].name,
                             &e->params[i], error))
      return FALSE;
  if (e->label != NULL && !bg_model_set_label (dest, copy->id, e->label, error))
    return FALSE;
  if (e->rotation != 0 &&
      !bg_model_set_rotation (dest, copy->id, e->rotation, error))
    return FALSE;
  return TRUE;
}

/* Copies elements (and the bonds among them) of src into dest. keep_ids: the
 * same ids (for the clipboard), else fresh ones; new ids go to new_ids. */
static gboolean
copy_subgraph (BgModel     *src,
               GHashTable  *element_ids,
               BgModel     *dest,
               gboolean     keep_ids,
               double       dx,
               double       dy,
               GPtrArray   *new_ids,
               GError     **error)
{
  g_autoptr(GHashTable) map = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                     NULL, g_free);
  GPtrArray *elements = bg_model_get_elements (src);
  GPtrArray *bonds = bg_model_get_bonds (src);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      const char *new_id = NULL;

      if (element_ids != NULL && !g_hash_table_contains (element_ids, e->id))
        continue;
      if (!copy_element (dest, e, keep_ids ? e->id : NULL, dx, dy,
                         &new_id, error))
        return FALSE;
      g_hash_table_insert (map, e->id, g_strdup (new_id));
      if (new_ids != NULL)
        g_ptr_array_add (new_ids, g_strdup (new_id));
    }

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      const char *from_id = g_hash_table_lookup (map, b->from->id);
      const char *to_id = g_hash_table_lookup (map, b->to->id);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;
      BgBond *copy;

      if (from_id == NULL || to_id == NULL)
        continue;
      from = end_ref (src, b, FALSE, from_id);
      to = end_ref (src, b, TRUE, to_id);
      copy = bg_model_connect (dest, from, to, keep_ids ? b->id : NULL, error);
      if (copy == NULL)
        return FALSE;
      if (b->arrow == BG_ARROW_REVERSED &&
          !bg_model_reverse_arrow (dest, copy->id, error))
        return FALSE;
      if (new_ids != NULL)
        g_ptr_array_add (new_ids, g_strdup (copy->id));
    }
  return TRUE;
}

char *
bg_canvas_dup_selection_text (BgCanvas *self)
{
  g_autoptr(BgModel) fragment = NULL;
  g_autoptr(GHashTable) ids = NULL;
  g_autoptr(GPtrArray) elements = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  if (self->model == NULL)
    return NULL;
  elements = canvas_selected_of_kind (self, TRUE);
  if (elements->len == 0)
    return NULL;

  ids = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (ids, g_ptr_array_index (elements, i));

  fragment = bg_model_new ();
  if (!copy_subgraph (self->model, ids, fragment, TRUE, 0, 0, NULL, &error))
    {
      g_warning ("Cannot copy the selection: %s", error->message);
      return NULL;
    }
  return bg_file_to_data (fragment, NULL);
}

gboolean
bg_canvas_paste_text (BgCanvas    *self,
                      const char  *text,
                      GError     **error)
{
  g_autoptr(BgModel) fragment = NULL;
  g_autoptr(GPtrArray) new_ids = NULL;
  g_autoptr(GError) local_error = NULL;
  guint64 revision;
  gboolean ok;

  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!canvas_require_model (self, error))
    return FALSE;

  fragment = bg_file_load_from_data (text, -1, &local_error);
  if (fragment == NULL)
    {
      g_set_error (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_BAD_CLIPBOARD,
                   _("The clipboard does not hold bond-graph elements: %s"),
                   local_error->message);
      return FALSE;
    }

  new_ids = g_ptr_array_new_with_free_func (g_free);
  revision = bg_model_get_revision (self->model);
  bg_model_begin_group (self->model, _("Paste"));
  ok = copy_subgraph (fragment, NULL, self->model, FALSE,
                      PASTE_OFFSET, PASTE_OFFSET, new_ids, &local_error);
  bg_model_end_group (self->model);

  if (!ok)
    {
      /* Never leave half a paste behind. */
      if (bg_model_get_revision (self->model) != revision)
        bg_model_undo (self->model);
      g_set_error (error, BG_CANVAS_ERROR, BG_CANVAS_ERROR_BAD_CLIPBOARD,
                   _("Cannot paste: %s"), local_error->message);
      return FALSE;
    }

  g_ptr_array_add (new_ids, NULL);
  bg_canvas_select_ids (self, (const char *const *) new_ids->pdata);
  return TRUE;
}

static void
paste_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(BgCanvas) self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result,
                                         &error);
  if (text == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        canvas_say (self, _("The clipboard holds no text to paste"), FALSE);
      return;
    }
  if (!bg_canvas_paste_text (self, text, &error))
    canvas_say (self, error->message, FALSE);
}

/* Per-selection edits, each one undoable step ----------------------------- */

typedef gboolean (*BondEdit) (BgModel *, const char *, GError **);

static void
canvas_edit_selected_bonds (BgCanvas   *self,
                            const char *label,
                            BondEdit    edit)
{
  g_autoptr(GPtrArray) bonds = canvas_selected_of_kind (self, FALSE);
  g_auto(GStrv) ids = NULL;
  g_autoptr(GError) error = NULL;

  if (bonds->len == 0)
    return;
  ids = ids_to_strv (bonds);
  bg_model_begin_group (self->model, label);
  for (guint i = 0; ids[i] != NULL && error == NULL; i++)
    edit (self->model, ids[i], &error);
  bg_model_end_group (self->model);
  if (error != NULL)
    canvas_say (self, error->message, FALSE);
}

static void
canvas_rotate_selection (BgCanvas *self)
{
  g_autoptr(GPtrArray) elements = canvas_selected_of_kind (self, TRUE);
  g_auto(GStrv) ids = NULL;
  g_autoptr(GError) error = NULL;

  if (elements->len == 0)
    return;
  ids = ids_to_strv (elements);
  bg_model_begin_group (self->model, _("Rotate"));
  for (guint i = 0; ids[i] != NULL && error == NULL; i++)
    {
      BgElement *e = bg_model_find_element (self->model, ids[i]);

      bg_model_set_rotation (self->model, ids[i], (e->rotation + 90) % 360,
                             &error);
    }
  bg_model_end_group (self->model);
  if (error != NULL)
    canvas_say (self, error->message, FALSE);
}

/* Actions ---------------------------------------------------------------- */

static void
canvas_update_actions (BgCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  g_autoptr(GPtrArray) elements = canvas_selected_of_kind (self, TRUE);
  g_autoptr(GPtrArray) bonds = canvas_selected_of_kind (self, FALSE);
  gboolean has_model = self->model != NULL;
  gboolean any = elements->len + bonds->len > 0;
  gboolean non_empty = has_model &&
                       bg_model_get_elements (self->model)->len > 0;

  gtk_widget_action_set_enabled (widget, "canvas.delete", any);
  gtk_widget_action_set_enabled (widget, "canvas.cut", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.copy", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.paste", has_model);
  gtk_widget_action_set_enabled (widget, "canvas.select-all", non_empty);
  gtk_widget_action_set_enabled (widget, "canvas.reverse-arrow", bonds->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.flip-junction-sign",
                                 bonds->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.rotate", elements->len > 0);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-in",
                                 has_model && self->zoom < ZOOM_MAX);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-out",
                                 has_model && self->zoom > ZOOM_MIN);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-reset", has_model);
  gtk_widget_action_set_enabled (widget, "canvas.zoom-fit", non_empty);
}

static void
action_delete (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  canvas_delete_selection (BG_CANVAS (widget));
}

static void
action_select_all (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);
  GPtrArray *elements, *bonds;

  if (self->model == NULL)
    return;
  elements = bg_model_get_elements (self->model);
  bonds = bg_model_get_bonds (self->model);
  g_hash_table_remove_all (self->selected);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (self->selected,
                      g_strdup (((BgElement *) g_ptr_array_index (elements, i))->id));
  for (guint i = 0; i < bonds->len; i++)
    g_hash_table_add (self->selected,
                      g_strdup (((BgBond *) g_ptr_array_index (bonds, i))->id));
  canvas_selection_changed (self);
}

static void
action_copy (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  g_autofree char *text = bg_canvas_dup_selection_text (BG_CANVAS (widget));

  if (text != NULL)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
action_cut (GtkWidget  *widget,
            const char *name,
            GVariant   *param)
{
  action_copy (widget, name, param);
  canvas_delete_selection (BG_CANVAS (widget));
}

static void
action_paste (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL,
                                 paste_read_cb, g_object_ref (widget));
}

static void
action_zoom (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (g_str_equal (name, "canvas.zoom-in"))
    bg_canvas_zoom_at (self, ZOOM_STEP, NAN, NAN);
  else if (g_str_equal (name, "canvas.zoom-out"))
    bg_canvas_zoom_at (self, 1.0 / ZOOM_STEP, NAN, NAN);
  else if (g_str_equal (name, "canvas.zoom-reset"))
    bg_canvas_zoom_at (self, 1.0 / self->zoom, NAN, NAN);
  else
    bg_canvas_zoom_to_fit (self);
  canvas_update_actions (self);
}

static void
action_reverse_arrow (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  canvas_edit_selected_bonds (BG_CANVAS (widget), _("Reverse arrow"),
                              bg_model_reverse_arrow);
}

static void
action_flip_junction_sign (GtkWidget  *widget,
                           const char *name,
                           GVariant   *param)
{
  canvas_edit_selected_bonds (BG_CANVAS (widget), _("Flip junction sign"),
                              bg_model_flip_bond_direction);
}

static void
action_rotate (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  canvas_rotate_selection (BG_CANVAS (widget));
}

/* Tooltips --------------------------------------------------------------- */

static const char *
diagnostic_for (BgCausality *causality,
                const char  *id,
                gboolean     is_element)
{
  const GPtrArray *errors = bg_causality_get_errors (causality);

  for (guint i = 0; i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);
      GStrv ids = is_element ? d->elements : d->bonds;

      if (ids != NULL && g_strv_contains ((const char *const *) ids, id))
        return d->message;
    }
  return NULL;
}

char *
bg_canvas_dup_tooltip_at (BgCanvas *self,
                          double    view_x,
                          double    view_y)
{
  BgCausality *causality;
  Hit hit;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);

  hit = canvas_hit_test (self, view_x, view_y);
  causality = canvas_current_causality (self);

  switch (hit.kind)
    {
    case HIT_HANDLE:
      return g_strdup (_("Drag to another element to draw a bond"));

    case HIT_PORT:
      {
        const BgPortSpec *port = &hit.element->spec->ports[hit.port];

        return g_strdup_printf (_("Port %s (%s): drag to another element to draw a bond"),
                                port->name, _(port->description));
      }

    case HIT_ELEMENT:
      {
        const char *message = causality != NULL
          ? diagnostic_for (causality, hit.element->id, TRUE) : NULL;
        /* Junctions are drawn as a bare digit: name them here. */
        g_autofree char *label = hit.element->spec->variable_ports
          ? g_strdup_printf ("%s : %s", hit.element->spec->symbol, hit.element->id)
          : bg_graph_renderer_dup_label (hit.element);

        if (message != NULL)
          return g_strdup (message);
        if (causality != NULL &&
            bg_causality_element_in_group (causality, hit.element->id))
          return g_strdup_printf (_("%s is in an algebraic loop; it is solved together with the rest of the loop"),
                                  hit.element->id);
        return g_strdup_printf (_("%s — %s\nDrag to move; drag the dot on its right, or Shift+drag, to draw a bond"),
                                label,
                                bg_component_spec_display_name (hit.element->spec));
      }

    case HIT_BOND:
      {
        const char *message = causality != NULL
          ? diagnostic_for (causality, hit.bond->id, FALSE) : NULL;

        if (message != NULL)
          return g_strdup (message);
        if (causality != NULL &&
            bg_causality_bond_in_group (causality, hit.bond->id))
          return g_strdup_printf (_("Bond %s is in an algebraic loop"),
                                  hit.bond->id);
        return g_strdup_printf (_("Bond %s: %s → %s"), hit.bond->id,
                                hit.bond->from->id, hit.bond->to->id);
      }

    case HIT_NONE:
    default:
      return NULL;
    }
}

static gboolean
bg_canvas_query_tooltip (GtkWidget  *widget,
                         int         x,
                         int         y,
                         gboolean    keyboard_mode,
                         GtkTooltip *tooltip)
{
  g_autofree char *text = NULL;

  if (keyboard_mode)
    return FALSE;
  text = bg_canvas_dup_tooltip_at (BG_CANVAS (widget), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Controllers: one per interaction ---------------------------------------- */

static GdkModifierType
controller_state (GtkEventController *controller)
{
  return gtk_event_controller_get_current_event_state (controller);
}

static gboolean
past_threshold (double dx,
                double dy)
{
  return hypot (dx, dy) >= 4.0;
}

/* Click: select, Shift+click toggle, double-click activates. */
static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  BgCanvas        *self)
{
  gboolean shift = (controller_state (GTK_EVENT_CONTROLLER (gesture)) &
                    GDK_SHIFT_MASK) != 0;
  const char *id = NULL;
  Hit hit;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cur_x = x;
  self->cur_y = y;
  hit = canvas_hit_test (self, x, y);

  if (n_press == 2 && hit.element != NULL && hit.kind == HIT_ELEMENT)
    {
      g_autofree char *element_id = g_strdup (hit.element->id);

      g_signal_emit (self, signals[SIGNAL_ELEMENT_ACTIVATED], 0, element_id);
      return;
    }

  if (hit.kind == HIT_HANDLE || hit.kind == HIT_PORT)
    return;
  if (hit.element != NULL)
    id = hit.element->id;
  else if (hit.bond != NULL)
    id = hit.bond->id;

  /* Shift+click toggles on release: a Shift+drag draws a bond instead. */
  if (shift)
    return;
  else if (id == NULL || !g_hash_table_contains (self->selected, id))
    {
      if (!canvas_select_only (self, id))
        return;
    }
  else
    return;
  canvas_selection_changed (self);
}

/* A click (no drag) on one of several selected items selects only it. */
static void
click_released_cb (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   BgCanvas        *self)
{
  gboolean shift = (controller_state (GTK_EVENT_CONTROLLER (gesture)) &
                    GDK_SHIFT_MASK) != 0;
  Hit hit;

  if (n_press != 1 || self->drag != DRAG_NONE)
    return;
  hit = canvas_hit_test (self, x, y);
  if (shift)
    {
      if (hit.kind == HIT_ELEMENT || hit.kind == HIT_BOND)
        {
          canvas_toggle (self, hit.element != NULL ? hit.element->id
                                                   : hit.bond->id);
          canvas_selection_changed (self);
        }
      return;
    }
  if (hit.kind == HIT_ELEMENT && canvas_select_only (self, hit.element->id))
    canvas_selection_changed (self);
  else if (hit.kind == HIT_BOND && canvas_select_only (self, hit.bond->id))
    canvas_selection_changed (self);
}

/* Move: drag on a label; snaps the grabbed element to the grid; one
 * undoable step at the end, a live preview during the drag. */
static void
move_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BgCanvas       *self)
{
  gboolean shift = (controller_state (GTK_EVENT_CONTROLLER (gesture)) &
                    GDK_SHIFT_MASK) != 0;
  Hit hit = canvas_hit_test (self, x, y);
  g_autoptr(GPtrArray) elements = NULL;

  if (hit.kind != HIT_ELEMENT || shift || self->drag != DRAG_NONE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (!g_hash_table_contains (self->selected, hit.element->id))
    {
      canvas_select_only (self, hit.element->id);
      canvas_selection_changed (self);
    }

  g_free (self->grab_id);
  self->grab_id = g_strdup (hit.element->id);
  self->start_x = x;
  self->start_y = y;
  g_hash_table_remove_all (self->moving);
  elements = canvas_selected_of_kind (self, TRUE);
  for (guint i = 0; i < elements->len; i++)
    g_hash_table_add (self->moving, g_strdup (g_ptr_array_index (elements, i)));
}

static void
move_update_cb (GtkGestureDrag *gesture,
                double          ox,
                double          oy,
                BgCanvas       *self)
{
  BgElement *grabbed;

  if (self->grab_id == NULL)
    return;
  if (self->drag != DRAG_MOVE)
    {
      if (!past_threshold (ox, oy))
        return;
      self->drag = DRAG_MOVE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }

  grabbed = bg_model_find_element (self->model, self->grab_id);
  if (grabbed == NULL)
    return;
  self->move_dx = bg_geometry_snap (grabbed->x + ox / self->zoom,
                                    BG_GEOMETRY_GRID) - grabbed->x;
  self->move_dy = bg_geometry_snap (grabbed->y + oy / self->zoom,
                                    BG_GEOMETRY_GRID) - grabbed->y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
move_end_cb (GtkGestureDrag *gesture,
             double          ox,
             double          oy,
             BgCanvas       *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char **ids = NULL;
  double dx = self->move_dx, dy = self->move_dy;
  guint n = 0;

  if (self->drag != DRAG_MOVE)
    {
      g_clear_pointer (&self->grab_id, g_free);
      return;
    }

  ids = (char **) g_hash_table_get_keys_as_array (self->moving, &n);
  if ((dx != 0 || dy != 0) && n > 0 &&
      !bg_model_move_elements (self->model, (const char *const *) ids, n,
                               dx, dy, &error))
    canvas_say (self, error->message, TRUE);
  canvas_cancel_drag (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Bond: drag from the connection dot, a named port, or Shift+drag from an
 * element; release on another element. */
static void
bond_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BgCanvas       *self)
{
  gboolean shift = (controller_state (GTK_EVENT_CONTROLLER (gesture)) &
                    GDK_SHIFT_MASK) != 0;
  Hit hit = canvas_hit_test (self, x, y);

  if (self->drag != DRAG_NONE ||
      !(hit.kind == HIT_HANDLE || hit.kind == HIT_PORT ||
        (hit.kind == HIT_ELEMENT && shift)))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  g_free (self->bond_from);
  if (hit.kind == HIT_PORT)
    self->bond_from = g_strdup_printf ("%s.%s", hit.element->id,
                                       hit.element->spec->ports[hit.port].name);
  else
    self->bond_from = g_strdup (hit.element->id);
  self->start_x = x;
  self->start_y = y;
}

static void
bond_update_cb (GtkGestureDrag *gesture,
                double          ox,
                double          oy,
                BgCanvas       *self)
{
  if (self->bond_from == NULL)
    return;
  if (self->drag != DRAG_BOND)
    {
      if (!past_threshold (ox, oy))
        return;
      self->drag = DRAG_BOND;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  self->cur_x = self->start_x + ox;
  self->cur_y = self->start_y + oy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The element (and port, for a multiport) a bond dragged to (x, y) ends on. */
static char *
canvas_target_ref (BgCanvas   *self,
                   const char *from_ref,
                   double      x,
                   double      y)
{
  Hit hit = canvas_hit_test (self, x, y);
  Ref from;
  BgPoint p;
  int port;

  if (hit.element == NULL)
    return NULL;
  if (hit.kind == HIT_PORT)
    return g_strdup_printf ("%s.%s", hit.element->id,
                            hit.element->spec->ports[hit.port].name);
  if (!element_has_named_ports (hit.element) ||
      !parse_ref (self, from_ref, &from))
    return g_strdup (hit.element->id);

  /* Multiport: the port nearest the release point (of a fitting domain). */
  bg_canvas_view_to_model (self, x, y, &p.x, &p.y);
  port = choose_port (self, hit.element, ref_domain (&from), p);
  if (port < 0)
    return g_strdup (hit.element->id);
  return g_strdup_printf ("%s.%s", hit.element->id,
                          hit.element->spec->ports[port].name);
}

static void
bond_end_cb (GtkGestureDrag *gesture,
             double          ox,
             double          oy,
             BgCanvas       *self)
{
  g_autofree char *to = NULL;
  g_autofree char *from = NULL;

  if (self->drag != DRAG_BOND || self->bond_from == NULL)
    {
      canvas_cancel_drag (self);
      return;
    }

  from = g_strdup (self->bond_from);
  self->cur_x = self->start_x + ox;
  self->cur_y = self->start_y + oy;
  canvas_cancel_drag (self);
  to = canvas_target_ref (self, from, self->cur_x, self->cur_y);
  if (to == NULL)
    canvas_say (self, _("Release the bond on another element to connect it"),
                FALSE);
  else
    canvas_connect_internal (self, from, to, TRUE, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Rubber band: drag on empty space; Shift adds to the selection. */
static void
rubber_begin_cb (GtkGestureDrag *gesture,
                 double          x,
                 double          y,
                 BgCanvas       *self)
{
  Hit hit = canvas_hit_test (self, x, y);

  if (self->drag != DRAG_NONE || hit.element != NULL || self->model == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->start_x = self->cur_x = x;
  self->start_y = self->cur_y = y;
}

static void
rubber_update_cb (GtkGestureDrag *gesture,
                  double          ox,
                  double          oy,
                  BgCanvas       *self)
{
  if (self->drag != DRAG_RUBBER)
    {
      if (!past_threshold (ox, oy))
        return;
      self->drag = DRAG_RUBBER;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  self->cur_x = self->start_x + ox;
  self->cur_y = self->start_y + oy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
rubber_end_cb (GtkGestureDrag *gesture,
               double          ox,
               double          oy,
               BgCanvas       *self)
{
  gboolean shift = (controller_state (GTK_EVENT_CONTROLLER (gesture)) &
                    GDK_SHIFT_MASK) != 0;
  GPtrArray *elements, *bonds;
  g_autoptr(GHashTable) inside = NULL;
  double x1, y1, x2, y2;
  BgRect band;

  if (self->drag != DRAG_RUBBER)
    return;
  self->drag = DRAG_NONE;

  bg_canvas_view_to_model (self, self->start_x, self->start_y, &x1, &y1);
  bg_canvas_view_to_model (self, self->start_x + ox, self->start_y + oy,
                           &x2, &y2);
  band = bg_geometry_rect_from_points (x1, y1, x2, y2);

  if (!shift)
    g_hash_table_remove_all (self->selected);
  inside = g_hash_table_new (g_str_hash, g_str_equal);
  elements = bg_model_get_elements (self->model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *e = g_ptr_array_index (elements, i);
      BgElementShape shape;

      canvas_element_shape (self, e, &shape);
      if (bg_geometry_rects_intersect (&shape.box, &band))
        {
          g_hash_table_add (inside, e->id);
          g_hash_table_add (self->selected, g_strdup (e->id));
        }
    }
  bonds = bg_model_get_bonds (self->model);
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);

      if (g_hash_table_contains (inside, b->from->id) &&
          g_hash_table_contains (inside, b->to->id))
        g_hash_table_add (self->selected, g_strdup (b->id));
    }
  canvas_selection_changed (self);
}

/* Pan: middle-button drag. */
static void
pan_begin_cb (GtkGestureDrag *gesture,
              double          x,
              double          y,
              BgCanvas       *self)
{
  self->pan_x = self->offset_x;
  self->pan_y = self->offset_y;
  self->drag = DRAG_PAN;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
pan_update_cb (GtkGestureDrag *gesture,
               double          ox,
               double          oy,
               BgCanvas       *self)
{
  self->offset_x = self->pan_x + ox;
  self->offset_y = self->pan_y + oy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_end_cb (GtkGestureDrag *gesture,
            double          ox,
            double          oy,
            BgCanvas       *self)
{
  self->drag = DRAG_NONE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

/* Hover: shows the connection dot and sets the cursor. */
static void
canvas_set_hover (BgCanvas   *self,
                  const char *id)
{
  if (g_strcmp0 (id, self->hover_id) == 0)
    return;
  g_free (self->hover_id);
  self->hover_id = g_strdup (id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           BgCanvas                 *self)
{
  Hit hit;
  const char *cursor = NULL;

  self->pointer_x = x;
  self->pointer_y = y;
  if (self->drag != DRAG_NONE)
    return;

  hit = canvas_hit_test (self, x, y);
  switch (hit.kind)
    {
    case HIT_HANDLE:
    case HIT_PORT:
      cursor = "crosshair";
      break;
    case HIT_ELEMENT:
      cursor = "move";
      break;
    case HIT_BOND:
      cursor = "pointer";
      break;
    case HIT_NONE:
    default:
      break;
    }
  canvas_set_hover (self, hit.element != NULL ? hit.element->id : NULL);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), cursor);
}

static void
leave_cb (GtkEventControllerMotion *controller,
          BgCanvas                 *self)
{
  if (self->drag == DRAG_NONE)
    canvas_set_hover (self, NULL);
}

/* Wheel: pan; Shift+wheel sideways; Ctrl+wheel zooms around the pointer. */
static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           BgCanvas                 *self)
{
  GdkModifierType state = controller_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) ==
                    GDK_SCROLL_UNIT_SURFACE;
  double step = smooth ? 1.0 : 40.0;

  if (state & GDK_CONTROL_MASK)
    {
      double factor = smooth ? pow (1.005, -dy) : pow (1.15, -dy);

      canvas_set_zoom_internal (self, self->zoom * factor,
                                self->pointer_x, self->pointer_y);
      canvas_update_actions (self);
      return TRUE;
    }
  if ((state & GDK_SHIFT_MASK) && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  self->offset_x -= dx * step;
  self->offset_y -= dy * step;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* Pinch. */
static void
zoom_begin_cb (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               BgCanvas         *self)
{
  self->zoom_start = self->zoom;
}

static void
zoom_scale_changed_cb (GtkGestureZoom *gesture,
                       double          scale,
                       BgCanvas       *self)
{
  double cx, cy;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    {
      cx = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      cy = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  canvas_set_zoom_internal (self, self->zoom_start * scale, cx, cy);
}

/* Drop from the palette: "bgmod-component:<type>:<domain-id>". */
static const BgComponentSpec *
spec_from_drop_string (const char *text)
{
  g_auto(GStrv) parts = NULL;

  if (text == NULL || !g_str_has_prefix (text, BG_CANVAS_COMPONENT_PREFIX))
    return NULL;
  parts = g_strsplit (text + strlen (BG_CANVAS_COMPONENT_PREFIX), ":", 2);
  if (parts[0] == NULL)
    return NULL;
  return bg_library_lookup (parts[0], parts[1] != NULL
                                      ? bg_domain_from_id (parts[1])
                                      : BG_DOMAIN_NONE);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         BgCanvas      *self)
{
  const BgComponentSpec *spec;
  g_autoptr(GError) error = NULL;

  if (!G_VALUE_HOLDS_STRING (value))
    return FALSE;
  spec = spec_from_drop_string (g_value_get_string (value));
  if (spec == NULL)
    return FALSE;
  if (bg_canvas_insert_component (self, spec, x, y, &error) == NULL)
    {
      canvas_say (self, error->message, FALSE);
      return FALSE;
    }
  return TRUE;
}

/* Snapshot --------------------------------------------------------------- */

static BgGraphColor
color_from_rgba (const GdkRGBA *c)
{
  BgGraphColor g = { c->red, c->green, c->blue, c->alpha };
  return g;
}

/* Colours from the theme: fg from the widget's style, accent and view
 * background from the theme's named colours when it has them. */
static void
canvas_update_style (BgCanvas *self)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  BgGraphStyle style;
  GdkRGBA fg, color;
  gboolean dark;

  gtk_style_context_get_color (context, &fg);
  dark = 0.299 * fg.red + 0.587 * fg.green + 0.114 * fg.blue > 0.5;
  if (dark)
    bg_graph_style_init_dark (&style);
  else
    bg_graph_style_init_light (&style);

  style.fg = color_from_rgba (&fg);
  style.fg.alpha = 1.0;
  if (gtk_style_context_lookup_color (context, "view_bg_color", &color) ||
      gtk_style_context_lookup_color (context, "theme_base_color", &color))
    style.bg = color_from_rgba (&color);
  if (gtk_style_context_lookup_color (context, "accent_color", &color) ||
      gtk_style_context_lookup_color (context, "theme_selected_bg_color", &color))
    style.selection = color_from_rgba (&color);
  G_GNUC_END_IGNORE_DEPRECATIONS

  bg_graph_renderer_set_style (self->renderer, &style);
  self->style_valid = TRUE;
}

static void
draw_grid (BgCanvas *self,
           cairo_t  *cr,
           int       width,
           int       height)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  double spacing = BG_GEOMETRY_GRID * 2;
  double x0, y0, x1, y1, r;

  while (spacing * self->zoom < 16)
    spacing *= 2;
  r = MAX (0.6, MIN (1.2, self->zoom * 0.8));

  bg_canvas_view_to_model (self, 0, 0, &x0, &y0);
  bg_canvas_view_to_model (self, width, height, &x1, &y1);
  x0 = floor (x0 / spacing) * spacing;
  y0 = floor (y0 / spacing) * spacing;

  for (double y = y0; y <= y1; y += spacing)
    for (double x = x0; x <= x1; x += spacing)
      {
        double vx, vy;

        bg_canvas_model_to_view (self, x, y, &vx, &vy);
        cairo_rectangle (cr, round (vx) - r / 2, round (vy) - r / 2, r, r);
      }
  cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue,
                         0.18);
  cairo_fill (cr);
}

static void
draw_handles (BgCanvas *self,
              cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  BgElement *e;
  BgElementShape shape;

  if (self->hover_id == NULL || self->model == NULL ||
      (self->drag != DRAG_NONE && self->drag != DRAG_BOND))
    return;
  e = bg_model_find_element (self->model, self->hover_id);
  if (e == NULL)
    return;

  canvas_element_shape (self, e, &shape);
  if (element_has_named_ports (e))
    {
      for (guint i = 0; i < shape.n_ports; i++)
        {
          double vx, vy;

          bg_canvas_model_to_view (self, shape.ports[i].x, shape.ports[i].y,
                                   &vx, &vy);
          cairo_arc (cr, vx, vy, HANDLE_RADIUS, 0, 2 * G_PI);
          cairo_close_path (cr);
        }
    }
  else
    {
      BgPoint h = handle_position (self, &shape);
      double vx, vy, ex, ey;

      /* A stub from the label to the dot: "pull a bond from here". */
      bg_canvas_model_to_view (self, h.x, h.y, &vx, &vy);
      bg_canvas_model_to_view (self, shape.box.x + shape.box.width, h.y,
                               &ex, &ey);
      cairo_move_to (cr, ex + 1, ey);
      cairo_line_to (cr, vx - HANDLE_RADIUS, vy);
      cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                             style->selection.blue, 0.7);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_arc (cr, vx, vy, HANDLE_RADIUS, 0, 2 * G_PI);
    }
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
}

static void
draw_bond_preview (BgCanvas *self,
                   cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  double dash[] = { 5, 4 };
  Hit hit = canvas_hit_test (self, self->cur_x, self->cur_y);
  Ref from;
  BgPoint start;
  double vx, vy;

  if (!parse_ref (self, self->bond_from, &from))
    return;
  start = ref_point (self, &from);
  bg_canvas_model_to_view (self, start.x, start.y, &vx, &vy);

  /* The element the bond would end on. */
  if (hit.element != NULL && hit.element != from.element)
    {
      BgElementShape shape;
      double x1, y1, x2, y2;

      canvas_element_shape (self, hit.element, &shape);
      bg_canvas_model_to_view (self, shape.box.x, shape.box.y, &x1, &y1);
      bg_canvas_model_to_view (self, shape.box.x + shape.box.width,
                               shape.box.y + shape.box.height, &x2, &y2);
      cairo_rectangle (cr, x1 - 4, y1 - 4, x2 - x1 + 8, y2 - y1 + 8);
      cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                             style->selection.blue, 0.9);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }

  cairo_move_to (cr, vx, vy);
  cairo_line_to (cr, self->cur_x, self->cur_y);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
draw_rubber_band (BgCanvas *self,
                  cairo_t  *cr)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  BgRect r = bg_geometry_rect_from_points (self->start_x, self->start_y,
                                           self->cur_x, self->cur_y);

  cairo_rectangle (cr, floor (r.x) + 0.5, floor (r.y) + 0.5,
                   round (r.width), round (r.height));
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->selection.red, style->selection.green,
                         style->selection.blue, 0.8);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
}

static void
draw_bubble (BgCanvas *self,
             cairo_t  *cr,
             int       width)
{
  const BgGraphStyle *style = bg_graph_renderer_get_style (self->renderer);
  PangoLayout *layout;
  int tw, th;
  double x, y, pad = 6;

  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self),
                                           self->bubble_text);
  pango_layout_set_width (layout, 360 * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &tw, &th);

  x = CLAMP (self->bubble_x + 12, 4, MAX (4, width - tw - 2 * pad - 4));
  y = MAX (4, self->bubble_y - th - 2 * pad - 8);
  cairo_rectangle (cr, x, y, tw + 2 * pad, th + 2 * pad);
  cairo_set_source_rgba (cr, style->bg.red, style->bg.green, style->bg.blue,
                         0.96);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, style->error.red, style->error.green,
                         style->error.blue, 1);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_move_to (cr, x + pad, y + pad);
  cairo_set_source_rgba (cr, style->fg.red, style->fg.green, style->fg.blue, 1);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
bg_canvas_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  BgCanvas *self = BG_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const BgGraphStyle *style;
  GdkRGBA bg;
  BgGraphView view;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  if (!self->style_valid)
    canvas_update_style (self);
  style = bg_graph_renderer_get_style (self->renderer);

  bg = (GdkRGBA) { style->bg.red, style->bg.green, style->bg.blue, 1.0 };
  gtk_snapshot_append_color (snapshot, &bg,
                             &GRAPHENE_RECT_INIT (0, 0, width, height));

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_grid (self, cr, width, height);
  if (self->model != NULL)
    {
      canvas_fill_view (self, &view);
      bg_graph_renderer_draw (self->renderer, cr, self->model,
                              canvas_current_causality (self), &view);
      draw_handles (self, cr);
      if (self->drag == DRAG_BOND && self->bond_from != NULL)
        draw_bond_preview (self, cr);
      if (self->drag == DRAG_RUBBER)
        draw_rubber_band (self, cr);
    }
  if (self->bubble_text != NULL)
    draw_bubble (self, cr, width);
  cairo_destroy (cr);
}

static void
bg_canvas_css_changed (GtkWidget         *widget,
                       GtkCssStyleChange *change)
{
  BgCanvas *self = BG_CANVAS (widget);

  GTK_WIDGET_CLASS (bg_canvas_parent_class)->css_changed (widget, change);
  self->style_valid = FALSE;
  gtk_widget_queue_draw (widget);
}

static void
bg_canvas_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 420;
}

static void
bg_canvas_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (self->fit_pending)
    bg_canvas_zoom_to_fit (self);
}

/* GObject ---------------------------------------------------------------- */

static void
bg_canvas_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  BgCanvas *self = BG_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_PRESENTATION_SCALE:
      g_value_set_double (value, self->presentation_scale);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_canvas_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  BgCanvas *self = BG_CANVAS (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      bg_canvas_set_model (self, g_value_get_object (value));
      break;
    case PROP_PRESENTATION_SCALE:
      bg_canvas_set_presentation_scale (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_canvas_dispose (GObject *object)
{
  BgCanvas *self = BG_CANVAS (object);

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->causality, bg_causality_unref);
  g_clear_handle_id (&self->bubble_timeout, g_source_remove);

  G_OBJECT_CLASS (bg_canvas_parent_class)->dispose (object);
}

static void
bg_canvas_finalize (GObject *object)
{
  BgCanvas *self = BG_CANVAS (object);

  bg_graph_renderer_free (self->renderer);
  g_hash_table_unref (self->selected);
  g_hash_table_unref (self->moving);
  g_array_unref (self->shapes);
  g_hash_table_unref (self->shape_index);
  g_free (self->grab_id);
  g_free (self->bond_from);
  g_free (self->hover_id);
  g_free (self->bubble_text);

  G_OBJECT_CLASS (bg_canvas_parent_class)->finalize (object);
}

/* Escape: abandon the drag in progress (nothing is edited), or clear the
 * selection. */
static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   data)
{
  BgCanvas *self = BG_CANVAS (widget);

  if (self->drag != DRAG_NONE || self->grab_id != NULL || self->bond_from != NULL)
    {
      canvas_cancel_drag (self);
      for (guint i = 0; i < G_N_ELEMENTS (self->drags); i++)
        gtk_event_controller_reset (GTK_EVENT_CONTROLLER (self->drags[i]));
      canvas_cancel_drag (self);
      gtk_widget_set_cursor (widget, NULL);
      gtk_widget_queue_draw (widget);
      return TRUE;
    }
  if (canvas_select_only (self, NULL))
    canvas_selection_changed (self);
  return TRUE;
}

static void
add_binding (GtkWidgetClass  *widget_class,
             guint            keyval,
             GdkModifierType  mods,
             const char      *action)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, mods, action, NULL);
}

static void
bg_canvas_class_init (BgCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = bg_canvas_get_property;
  object_class->set_property = bg_canvas_set_property;
  object_class->dispose = bg_canvas_dispose;
  object_class->finalize = bg_canvas_finalize;

  widget_class->snapshot = bg_canvas_snapshot;
  widget_class->measure = bg_canvas_measure;
  widget_class->size_allocate = bg_canvas_size_allocate;
  widget_class->css_changed = bg_canvas_css_changed;
  widget_class->query_tooltip = bg_canvas_query_tooltip;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, BG_TYPE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, ZOOM_MIN, ZOOM_MAX, 1.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  properties[PROP_PRESENTATION_SCALE] =
    g_param_spec_double ("presentation-scale", NULL, NULL, 0.5, 3.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_ELEMENT_ACTIVATED] =
    g_signal_new ("element-activated", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);
  signals[SIGNAL_STATUS_MESSAGE] =
    g_signal_new ("status-message", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "canvas.delete", NULL,
                                   action_delete);
  gtk_widget_class_install_action (widget_class, "canvas.select-all", NULL,
                                   action_select_all);
  gtk_widget_class_install_action (widget_class, "canvas.copy", NULL,
                                   action_copy);
  gtk_widget_class_install_action (widget_class, "canvas.cut", NULL,
                                   action_cut);
  gtk_widget_class_install_action (widget_class, "canvas.paste", NULL,
                                   action_paste);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-in", NULL,
                                   action_zoom);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-out", NULL,
                                   action_zoom);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-reset", NULL,
                                   action_zoom);
  gtk_widget_class_install_action (widget_class, "canvas.zoom-fit", NULL,
                                   action_zoom);
  gtk_widget_class_install_action (widget_class, "canvas.reverse-arrow", NULL,
                                   action_reverse_arrow);
  gtk_widget_class_install_action (widget_class, "canvas.flip-junction-sign",
                                   NULL, action_flip_junction_sign);
  gtk_widget_class_install_action (widget_class, "canvas.rotate", NULL,
                                   action_rotate);

  add_binding (widget_class, GDK_KEY_Delete, 0, "canvas.delete");
  add_binding (widget_class, GDK_KEY_KP_Delete, 0, "canvas.delete");
  add_binding (widget_class, GDK_KEY_BackSpace, 0, "canvas.delete");
  add_binding (widget_class, GDK_KEY_a, GDK_CONTROL_MASK, "canvas.select-all");
  add_binding (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "canvas.copy");
  add_binding (widget_class, GDK_KEY_x, GDK_CONTROL_MASK, "canvas.cut");
  add_binding (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "canvas.paste");
  add_binding (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "canvas.zoom-in");
  add_binding (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "canvas.zoom-in");
  add_binding (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "canvas.zoom-in");
  add_binding (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "canvas.zoom-out");
  add_binding (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK,
               "canvas.zoom-out");
  add_binding (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "canvas.zoom-reset");
  add_binding (widget_class, GDK_KEY_1, GDK_CONTROL_MASK, "canvas.zoom-fit");
  add_binding (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "canvas.rotate");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "bgcanvas");
  gtk_widget_class_set_accessible_role (widget_class,
                                        GTK_ACCESSIBLE_ROLE_IMG);
}

static GtkGesture *
add_drag (BgCanvas *self,
          guint     button,
          GCallback begin,
          GCallback update,
          GCallback end)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), button);
  g_signal_connect (drag, "drag-begin", begin, self);
  g_signal_connect (drag, "drag-update", update, self);
  g_signal_connect (drag, "drag-end", end, self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  return drag;
}

static void
bg_canvas_init (BgCanvas *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *click, *zoom;
  GtkEventController *motion, *scroll;
  GtkDropTarget *drop;

  self->renderer = bg_graph_renderer_new ();
  self->selected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->moving = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->shapes = g_array_new (FALSE, FALSE, sizeof (BgElementShape));
  self->shape_index = g_hash_table_new (NULL, NULL);
  self->zoom = 1.0;
  self->presentation_scale = 1.0;
  self->offset_x = 40;
  self->offset_y = 40;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  g_signal_connect (click, "released", G_CALLBACK (click_released_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));

  self->drags[0] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (move_begin_cb),
                             G_CALLBACK (move_update_cb), G_CALLBACK (move_end_cb));
  self->drags[1] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (bond_begin_cb),
                             G_CALLBACK (bond_update_cb), G_CALLBACK (bond_end_cb));
  self->drags[2] = add_drag (self, GDK_BUTTON_PRIMARY, G_CALLBACK (rubber_begin_cb),
                             G_CALLBACK (rubber_update_cb), G_CALLBACK (rubber_end_cb));
  self->drags[3] = add_drag (self, GDK_BUTTON_MIDDLE, G_CALLBACK (pan_begin_cb),
                             G_CALLBACK (pan_update_cb), G_CALLBACK (pan_end_cb));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (widget, motion);

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (widget, scroll);

  zoom = gtk_gesture_zoom_new ();
  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin_cb), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed_cb),
                    self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (zoom));

  drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drop));

  canvas_update_actions (self);
}

GtkWidget *
bg_canvas_new (void)
{
  return g_object_new (BG_TYPE_CANVAS, NULL);
}
