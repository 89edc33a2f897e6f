/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-output-file.c — one output file, written so that it never lies (see
 * bg-output-file.h).
 *
 * Owns: the target's kind (stat before anything is opened), the temporary
 * file beside a regular target, the checked write loop, fsync, close and
 * rename, and removing the temporary file on every failure. Must not:
 * buffer, word messages for the user, or touch anything but the target and
 * its temporary file.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-output-file.h"

G_DEFINE_QUARK (bg-output-file-error-quark, bg_output_file_error)

/* A temporary name stays within NAME_MAX (255 bytes) for any target. */
#define TEMP_BASE_MAX 200

typedef enum
{
  KIND_ATOMIC,   /* a regular file or a new one: temporary file and rename */
  KIND_DIRECT,   /* a FIFO or an allowed device: opened and written in place */
} Kind;

struct _BgOutputFile
{
  int       fd;
  gboolean  own_fd;       /* closed by commit and abort */
  char     *temp_path;    /* KIND_ATOMIC: the file being written */
  char     *target;       /* KIND_ATOMIC: what it is renamed over */
  int       saved_errno;  /* the first failure, or 0 */
};

static void
set_errno_error (GError **error,
                 int      saved_errno)
{
  g_set_error_literal (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_IO,
                       g_strerror (saved_errno));
}

/* The file a chain of symbolic links ends at (it may not exist yet: a
 * dangling link's file is created), else path itself. */
static char *
resolve_target (const char *path)
{
  char *current = g_strdup (path);

  for (guint depth = 0; depth < 40; depth++)
    {
      struct stat lst;
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (lstat (current, &lst) != 0 || !S_ISLNK (lst.st_mode))
        break;
      link = g_file_read_link (current, NULL);
      if (link == NULL)
        break;
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_path_is_absolute (link) ? g_steal_pointer (&link)
                                          : g_build_filename (dir, link, NULL);
    }
  return current;
}

/* Decides how path is written; FALSE for a refused target. *mode is the
 * existing regular file's permission bits (0 for a new file). */
static gboolean
classify (const char        *path,
          BgOutputFileFlags  flags,
          Kind              *kind,
          mode_t            *mode,
          GError           **error)
{
  struct stat st;
  const char *reason;

  *mode = 0;
  *kind = KIND_ATOMIC;
  if (stat (path, &st) != 0)
    return TRUE;   /* a new file, or the open says why not */
  if (S_ISREG (st.st_mode))
    {
      *mode = st.st_mode & 07777;
      return TRUE;
    }
  if (S_ISFIFO (st.st_mode)
      || ((S_ISCHR (st.st_mode) || S_ISBLK (st.st_mode))
          && (flags & BG_OUTPUT_FILE_ALLOW_DEVICES) != 0))
    {
      *kind = KIND_DIRECT;
      return TRUE;
    }
  if (S_ISDIR (st.st_mode))
    reason = g_strerror (EISDIR);
  else if (S_ISCHR (st.st_mode) || S_ISBLK (st.st_mode))
    reason = _("is a device, not a file (write to a file, a FIFO or standard output)");
  else if (S_ISSOCK (st.st_mode))
    reason = _("is a socket, not a file (write to a file, a FIFO or standard output)");
  else
    reason = _("is neither a regular file nor a FIFO");
  g_set_error_literal (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_REFUSED, reason);
  return FALSE;
}

gboolean
bg_output_file_check (const char        *path,
                      BgOutputFileFlags  flags,
                      GError           **error)
{
  Kind kind;
  mode_t mode;

  g_return_val_if_fail (path != NULL, FALSE);
  return classify (path, flags, &kind, &mode, error);
}

/* ".NAME.XXXXXX" beside the target. */
static char *
temp_template (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *name = NULL;

  if (strlen (base) > TEMP_BASE_MAX)
    {
      const char *cut = g_utf8_find_prev_char (base, base + TEMP_BASE_MAX);

      base[cut != NULL ? cut - base : TEMP_BASE_MAX] = '\0';
    }
  name = g_strdup_printf (".%s.XXXXXX", base);
  return g_build_filename (dir, name, NULL);
}

BgOutputFile *
bg_output_file_open (const char        *path,
                     BgOutputFileFlags  flags,
                     GError           **error)
{
  BgOutputFile *self;
  Kind kind;
  mode_t mode;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!classify (path, flags, &kind, &mode, error))
    return NULL;

  self = g_new0 (BgOutputFile, 1);
  self->own_fd = TRUE;
  if (kind == KIND_DIRECT)
    self->fd = g_open (path, O_WRONLY | O_CLOEXEC | O_NOCTTY, 0);
  else
    {
      self->target = resolve_target (path);
      self->temp_path = temp_template (self->target);
      self->fd = g_mkstemp_full (self->temp_path, O_WRONLY | O_CLOEXEC, 0666);
    }
  if (self->fd < 0)
    {
      set_errno_error (error, errno);
      g_clear_pointer (&self->temp_path, g_free);   /* nothing was created */
      bg_output_file_abort (self);
      return NULL;
    }
  /* The replacement keeps the old file's permissions (best effort: a
   * set-id bit may not be ours to set). */
  if (mode != 0 && fchmod (self->fd, mode) != 0)
    (void) fchmod (self->fd, mode & 0777);
  return self;
}

BgOutputFile *
bg_output_file_new_for_fd (int fd)
{
  BgOutputFile *self;

  g_return_val_if_fail (fd >= 0, NULL);

  self = g_new0 (BgOutputFile, 1);
  self->fd = fd;
  self->own_fd = FALSE;
  return self;
}

gboolean
bg_output_file_is_direct (const BgOutputFile *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->temp_path == NULL;
}

gboolean
bg_output_file_write (BgOutputFile *self,
                      const void   *data,
                      gsize         length)
{
  const char *p = data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  while (self->saved_errno == 0 && length > 0)
    {
      ssize_t n = write (self->fd, p, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        {
          /* A non-blocking standard output: wait until it takes more. */
          struct pollfd pfd = { self->fd, POLLOUT, 0 };

          if (poll (&pfd, 1, -1) >= 0 || errno == EINTR)
            continue;
        }
      if (n <= 0)
        {
          self->saved_errno = n < 0 ? errno : EIO;
          break;
        }
      p += n;
      length -= (gsize) n;
    }
  return self->saved_errno == 0;
}

gboolean
bg_output_file_is_ok (const BgOutputFile *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->saved_errno == 0;
}

/* Makes the rename itself durable; a folder that cannot be synced (some
 * file systems refuse) does not make the write fail. */
static void
sync_folder (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  int fd = g_open (dir, O_RDONLY | O_CLOEXEC | O_DIRECTORY, 0);

  if (fd >= 0)
    {
      (void) fsync (fd);
      close (fd);
    }
}

static void
free_self (BgOutputFile *self)
{
  g_free (self->temp_path);
  g_free (self->target);
  g_free (self);
}

gboolean
bg_output_file_commit (BgOutputFile *self,
                       GError      **error)
{
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->temp_path != NULL && self->saved_errno == 0 && fsync (self->fd) != 0)
    self->saved_errno = errno;
  if (self->own_fd)
    {
      if (close (self->fd) != 0 && self->saved_errno == 0 && errno != EINTR)
        self->saved_errno = errno;
      self->fd = -1;
      self->own_fd = FALSE;
    }
  if (self->temp_path != NULL && self->saved_errno == 0)
    {
      if (g_rename (self->temp_path, self->target) != 0)
        self->saved_errno = errno;
      else
        {
          sync_folder (self->target);
          g_clear_pointer (&self->temp_path, g_free);
        }
    }
  ok = self->saved_errno == 0;
  if (!ok)
    {
      set_errno_error (error, self->saved_errno);
      if (self->temp_path != NULL)
        g_unlink (self->temp_path);
    }
  free_self (self);
  return ok;
}

void
bg_output_file_abort (BgOutputFile *self)
{
  if (self == NULL)
    return;
  if (self->own_fd && self->fd >= 0)
    close (self->fd);
  if (self->temp_path != NULL)
    g_unlink (self->temp_path);
  free_self (self);
}

const char *
bg_output_file_get_temp_path (const BgOutputFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->temp_path;
}
