/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-history.c — the runs a window keeps for comparison
 * (bg-run-history.h).
 *
 * Owns: the list of generations (newest first) and its GListModel
 * interface, their numbers, and the keeping rule (trim). Must not: run,
 * cancel or look into a run beyond its result's size.
 */
#include "config.h"

#include "bg-run-history.h"
#include "bg-simulator.h"

struct _BgRunHistory
{
  GObject    parent_instance;

  GPtrArray *items;       /* BgRunGeneration*, newest first */
  guint      next_number;
  guint      keep;
  guint64    max_bytes;
};

enum { PROP_0, PROP_KEEP, PROP_MAX_BYTES, N_PROPS };
enum { SIGNAL_GENERATION_CHANGED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void bg_run_history_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BgRunHistory, bg_run_history, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      bg_run_history_list_model_init))

/* GListModel --------------------------------------------------------------------- */

static GType
list_get_item_type (GListModel *list)
{
  return BG_TYPE_RUN_GENERATION;
}

static guint
list_get_n_items (GListModel *list)
{
  return BG_RUN_HISTORY (list)->items->len;
}

static gpointer
list_get_item (GListModel *list,
               guint       position)
{
  BgRunHistory *self = BG_RUN_HISTORY (list);

  if (position >= self->items->len)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
bg_run_history_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = list_get_item_type;
  iface->get_n_items = list_get_n_items;
  iface->get_item = list_get_item;
}

/* Keeping ------------------------------------------------------------------------ */

static void generation_notify_cb (BgRunHistory    *self,
                                  GParamSpec      *pspec,
                                  BgRunGeneration *generation);

static void
remove_at (BgRunHistory *self,
           guint         position)
{
  BgRunGeneration *generation = g_ptr_array_index (self->items, position);

  g_signal_handlers_disconnect_by_data (generation, self);
  g_ptr_array_remove_index (self->items, position);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
}

guint64
bg_run_history_get_bytes (BgRunHistory *self)
{
  guint64 bytes = 0;

  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), 0);

  for (guint i = 0; i < self->items->len; i++)
    bytes += bg_run_generation_get_bytes (g_ptr_array_index (self->items, i));
  return bytes;
}

/* The oldest earlier generation (not the newest) that is pinned or not,
 * as asked; -1 when none. */
static int
oldest_earlier (BgRunHistory *self,
                gboolean      pinned)
{
  for (guint i = self->items->len; i-- > 1;)
    if (bg_run_generation_get_pinned (g_ptr_array_index (self->items, i)) == pinned)
      return (int) i;
  return -1;
}

static void
trim (BgRunHistory *self)
{
  guint unpinned = 0;
  int position;

  /* the count: unpinned earlier ones beyond keep, oldest last in the list */
  for (guint i = 1; i < self->items->len;)
    {
      if (bg_run_generation_get_pinned (g_ptr_array_index (self->items, i)))
        {
          i++;
          continue;
        }
      if (++unpinned > self->keep)
        {
          remove_at (self, i);
          continue;
        }
      i++;
    }

  /* the memory: oldest unpinned first, then oldest pinned */
  while (self->items->len > 1 && bg_run_history_get_bytes (self) > self->max_bytes)
    {
      position = oldest_earlier (self, FALSE);
      if (position < 0)
        position = oldest_earlier (self, TRUE);
      if (position < 0)
        break;
      remove_at (self, (guint) position);
    }
}

static void
generation_notify_cb (BgRunHistory    *self,
                      GParamSpec      *pspec,
                      BgRunGeneration *generation)
{
  g_object_ref (generation);
  g_signal_emit (self, signals[SIGNAL_GENERATION_CHANGED], 0, generation);
  /* an unpinned one counts against keep again */
  if (g_str_equal (pspec->name, "pinned") && !bg_run_generation_get_pinned (generation))
    trim (self);
  g_object_unref (generation);
}

BgRunGeneration *
bg_run_history_add (BgRunHistory    *self,
                    BgSimulationRun *run,
                    BgRunParams     *params)
{
  BgRunGeneration *generation;

  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), NULL);
  g_return_val_if_fail (BG_IS_SIMULATION_RUN (run), NULL);
  g_return_val_if_fail (params != NULL, NULL);

  generation = bg_run_generation_new (run, params, self->next_number++);
  g_ptr_array_insert (self->items, 0, generation);
  g_signal_connect_object (generation, "notify::pinned", G_CALLBACK (generation_notify_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (generation, "notify::hidden", G_CALLBACK (generation_notify_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (generation, "notify::name", G_CALLBACK (generation_notify_cb),
                           self, G_CONNECT_SWAPPED);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, 1);
  trim (self);
  return generation;
}

void
bg_run_history_remove (BgRunHistory    *self,
                       BgRunGeneration *generation)
{
  guint position;

  g_return_if_fail (BG_IS_RUN_HISTORY (self));
  g_return_if_fail (BG_IS_RUN_GENERATION (generation));

  if (g_ptr_array_find (self->items, generation, &position))
    remove_at (self, position);
}

void
bg_run_history_clear (BgRunHistory *self)
{
  guint n;

  g_return_if_fail (BG_IS_RUN_HISTORY (self));

  n = self->items->len;
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->items, i), self);
  g_ptr_array_set_size (self->items, 0);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n, 0);
}

guint
bg_run_history_get_n (BgRunHistory *self)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), 0);

  return self->items->len;
}

BgRunGeneration *
bg_run_history_get (BgRunHistory *self,
                    guint         index)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), NULL);

  return index < self->items->len ? g_ptr_array_index (self->items, index) : NULL;
}

BgRunGeneration *
bg_run_history_get_newest (BgRunHistory *self)
{
  return bg_run_history_get (self, 0);
}

BgRunGeneration *
bg_run_history_find_run (BgRunHistory    *self,
                         BgSimulationRun *run)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), NULL);

  for (guint i = 0; run != NULL && i < self->items->len; i++)
    if (bg_run_generation_get_run (g_ptr_array_index (self->items, i)) == run)
      return g_ptr_array_index (self->items, i);
  return NULL;
}

BgRunGeneration *
bg_run_history_find_number (BgRunHistory *self,
                            guint         number)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), NULL);

  for (guint i = 0; i < self->items->len; i++)
    if (bg_run_generation_get_number (g_ptr_array_index (self->items, i)) == number)
      return g_ptr_array_index (self->items, i);
  return NULL;
}

guint
bg_run_history_get_keep (BgRunHistory *self)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), 0);

  return self->keep;
}

void
bg_run_history_set_keep (BgRunHistory *self,
                         guint         keep)
{
  g_return_if_fail (BG_IS_RUN_HISTORY (self));

  keep = MIN (keep, BG_RUN_HISTORY_MAX_KEEP);
  if (self->keep == keep)
    return;
  self->keep = keep;
  trim (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEEP]);
}

guint64
bg_run_history_get_max_bytes (BgRunHistory *self)
{
  g_return_val_if_fail (BG_IS_RUN_HISTORY (self), 0);

  return self->max_bytes;
}

void
bg_run_history_set_max_bytes (BgRunHistory *self,
                              guint64       max_bytes)
{
  g_return_if_fail (BG_IS_RUN_HISTORY (self));

  if (self->max_bytes == max_bytes)
    return;
  self->max_bytes = max_bytes;
  trim (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAX_BYTES]);
}

/* GObject ------------------------------------------------------------------------ */

BgRunHistory *
bg_run_history_new (void)
{
  return g_object_new (BG_TYPE_RUN_HISTORY, NULL);
}

static void
bg_run_history_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BgRunHistory *self = BG_RUN_HISTORY (object);

  switch (prop_id)
    {
    case PROP_KEEP:
      g_value_set_uint (value, self->keep);
      break;
    case PROP_MAX_BYTES:
      g_value_set_uint64 (value, self->max_bytes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_run_history_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BgRunHistory *self = BG_RUN_HISTORY (object);

  switch (prop_id)
    {
    case PROP_KEEP:
      bg_run_history_set_keep (self, g_value_get_uint (value));
      break;
    case PROP_MAX_BYTES:
      bg_run_history_set_max_bytes (self, g_value_get_uint64 (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_run_history_dispose (GObject *object)
{
  BgRunHistory *self = BG_RUN_HISTORY (object);

  if (self->items != NULL)
    for (guint i = 0; i < self->items->len; i++)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (self->items, i), self);
  g_clear_pointer (&self->items, g_ptr_array_unref);

  G_OBJECT_CLASS (bg_run_history_parent_class)->dispose (object);
}

static void
bg_run_history_class_init (BgRunHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bg_run_history_dispose;
  object_class->get_property = bg_run_history_get_property;
  object_class->set_property = bg_run_history_set_property;

  properties[PROP_KEEP] =
    g_param_spec_uint ("keep", NULL, NULL, 0, BG_RUN_HISTORY_MAX_KEEP,
                       BG_RUN_HISTORY_DEFAULT_KEEP,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAX_BYTES] =
    g_param_spec_uint64 ("max-bytes", NULL, NULL, 0, G_MAXUINT64,
                         BG_SIMULATOR_DEFAULT_MAX_MEMORY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_GENERATION_CHANGED] =
    g_signal_new ("generation-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, BG_TYPE_RUN_GENERATION);
}

static void
bg_run_history_init (BgRunHistory *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->next_number = 1;
  self->keep = BG_RUN_HISTORY_DEFAULT_KEEP;
  self->max_bytes = BG_SIMULATOR_DEFAULT_MAX_MEMORY;
}
