/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-disk-watch.c — file change detection for an open document (see
 * bg-disk-watch.h). Must not: read the file's contents.
 */
#include "config.h"

#include "bg-disk-watch.h"

#define STAMP_ATTRIBUTES G_FILE_ATTRIBUTE_TIME_MODIFIED "," \
                         G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC "," \
                         G_FILE_ATTRIBUTE_STANDARD_SIZE "," \
                         G_FILE_ATTRIBUTE_UNIX_INODE

typedef struct
{
  gboolean exists;
  guint64  mtime_us;
  goffset  size;
  guint64  inode;
} Stamp;

struct _BgDiskWatch
{
  GObject       parent_instance;

  GFile        *file;
  GFileMonitor *monitor;
  Stamp         recorded;
  gboolean      reported;   /* "changed" emitted for this recorded stamp */
};

G_DEFINE_FINAL_TYPE (BgDiskWatch, bg_disk_watch, G_TYPE_OBJECT)

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

static Stamp
read_stamp (GFile *file)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, STAMP_ATTRIBUTES,
                                                 G_FILE_QUERY_INFO_NONE, NULL, NULL);
  Stamp stamp = { 0 };

  if (info == NULL)
    return stamp;
  stamp.exists = TRUE;
  stamp.mtime_us = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED)
                   * G_USEC_PER_SEC
                   + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
  stamp.size = g_file_info_get_size (info);
  stamp.inode = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_UNIX_INODE);
  return stamp;
}

static gboolean
stamps_equal (const Stamp *a, const Stamp *b)
{
  return a->exists == b->exists && a->mtime_us == b->mtime_us
         && a->size == b->size && a->inode == b->inode;
}

static void
monitor_changed_cb (GFileMonitor      *monitor,
                    GFile             *file,
                    GFile             *other,
                    GFileMonitorEvent  event,
                    BgDiskWatch       *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED
      || event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT
      || event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    return;
  if (self->reported || !bg_disk_watch_has_changed (self))
    return;
  self->reported = TRUE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
bg_disk_watch_dispose (GObject *object)
{
  BgDiskWatch *self = BG_DISK_WATCH (object);

  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
    }
  g_clear_object (&self->monitor);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (bg_disk_watch_parent_class)->dispose (object);
}

static void
bg_disk_watch_class_init (BgDiskWatchClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = bg_disk_watch_dispose;
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bg_disk_watch_init (BgDiskWatch *self)
{
}

BgDiskWatch *
bg_disk_watch_new (GFile *file)
{
  BgDiskWatch *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (BG_TYPE_DISK_WATCH, NULL);
  self->file = g_object_ref (file);
  self->recorded = read_stamp (file);
  /* Without a monitor (some remote file systems) the check at save
   * still works. */
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self);
  return self;
}

void
bg_disk_watch_record (BgDiskWatch *self)
{
  g_return_if_fail (BG_IS_DISK_WATCH (self));

  self->recorded = read_stamp (self->file);
  self->reported = FALSE;
}

gboolean
bg_disk_watch_has_changed (BgDiskWatch *self)
{
  Stamp now;

  g_return_val_if_fail (BG_IS_DISK_WATCH (self), FALSE);

  now = read_stamp (self->file);
  return !stamps_equal (&now, &self->recorded);
}
