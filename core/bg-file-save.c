/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-save.c — atomic saves of .bgmod files.
 *
 * Owns: bg_file_save, bg_file_save_path and bg_file_save_component:
 * writing a temporary file beside the target (through symlinks, keeping
 * the target's mode), flushing it and renaming it over, with messages
 * that start with the file's name. Must
 * not: serialise anything itself (bg-file-write.c does), or leave a
 * temporary file behind on failure.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-file-private.h"
#include "bg-file-read-private.h"

/* ------------------------------------------------------------------------
 * Atomic save
 * ------------------------------------------------------------------------ */

static gboolean
save_errno (GError    **error,
            const char *display_name,
            int         saved_errno)
{
  _bg_file_set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
                      g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* Writes a temporary file beside path, flushes it to disk and renames it
 * over path, so that path holds either the old or the new contents. */
static gboolean
save_local (const char *path,
            const char *display_name,
            const char *data,
            gsize       length,
            GError    **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp_path = NULL;
  struct stat st;
  gboolean exists;
  int fd, dir_fd, saved_errno;

  /* Save through symlinks to the file they name, keeping the links. */
  target = g_strdup (path);
  for (int hops = 0; lstat (target, &st) == 0 && S_ISLNK (st.st_mode); hops++)
    {
      g_autofree char *link = NULL;
      g_autoptr(GError) local_error = NULL;

      if (hops >= 40)
        return save_errno (error, display_name, ELOOP);
      link = g_file_read_link (target, &local_error);
      if (link == NULL)
        return save_errno (error, display_name, EINVAL);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *base = g_path_get_dirname (target);

          g_free (target);
          target = g_build_filename (base, link, NULL);
        }
      else
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
    }

  exists = stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return save_errno (error, display_name, EISDIR);

  dir = g_path_get_dirname (target);
  tmp_path = g_build_filename (dir, ".bgmod-save-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_errno (error, display_name, errno);

  if (exists)
    (void) fchmod (fd, st.st_mode & 07777);

  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved_errno = errno;
      close (fd);
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }
  if (close (fd) != 0 || g_rename (tmp_path, target) != 0)
    {
      saved_errno = errno;
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }

  /* Make the rename itself durable; failure here loses nothing. */
  dir_fd = open (dir, O_RDONLY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      (void) fsync (dir_fd);
      close (dir_fd);
    }
  return TRUE;
}

static gboolean
save_data (const char *data,
           gsize       length,
           GFile      *file,
           const char *display_name,
           GError    **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;

  if (path != NULL)
    return save_local (path, display_name, data, length, error);

  /* Not a local file: GIO's replace also writes beside and renames. */
  if (!g_file_replace_contents (file, data, length, NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, &local_error))
    {
      _bg_file_set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
                          _bg_file_describe_io_error (local_error));
      return FALSE;
    }
  return TRUE;
}

static gboolean
save_file (BgModel    *model,
           GFile      *file,
           const char *display_name,
           GError    **error)
{
  gsize length;
  g_autofree char *data = bg_file_to_data (model, &length);

  return save_data (data, length, file, display_name, error);
}

gboolean
bg_file_save (BgModel *model,
              GFile   *file,
              GError **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display_name = g_file_get_parse_name (file);
  return save_file (model, file, display_name, error);
}

gboolean
bg_file_save_path (BgModel    *model,
                   const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = g_file_new_for_path (path);
  return save_file (model, file, path, error);
}

gboolean
bg_file_save_component (const BgDefinition *def,
                        GFile              *file,
                        GError            **error)
{
  g_autofree char *display_name = NULL;
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (def != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display_name = g_file_get_parse_name (file);
  data = bg_file_component_to_data (def, &length);
  return save_data (data, length, file, display_name, error);
}
