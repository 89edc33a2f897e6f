/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-read.c — bounded reads of model files (see bg-file-read-private.h).
 *
 * Owns: the file-kind check and the read loop that stops at limit + 1
 * bytes. stat() reports a size of 0 for devices, FIFOs and many /proc
 * files, so the bound is enforced on the bytes actually read, never on the
 * reported size alone. Must not: parse, or allocate more than limit + 1
 * bytes plus one read chunk.
 */
#include "config.h"

#include <sys/stat.h>
#include <glib/gi18n-lib.h>

#include "bg-file.h"
#include "bg-file-read-private.h"

#define READ_CHUNK (64 * 1024)

const char *
_bg_file_describe_io_error (const GError *cause)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return _("no such file");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return _("permission denied");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
    return _("is a directory, not a file");
  return cause->message;
}

static void
set_io_error (GError **error, GError *cause)
{
  g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_IO,
                       _bg_file_describe_io_error (cause));
}

static void
set_too_large (GError **error, gsize limit)
{
  g_set_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE,
               _("the file is larger than %d MiB"), (int) (limit / (1024 * 1024)));
}

/* Regular files, FIFOs and pipes (including /dev/stdin on a pipe) may be
 * read; everything else is refused before it is opened. */
static gboolean
check_kind (GFileInfo *info, gsize limit, GError **error)
{
  GFileType type = g_file_info_get_file_type (info);
  guint32 mode;

  if (type == G_FILE_TYPE_REGULAR)
    {
      if (g_file_info_get_size (info) > (goffset) limit)
        {
          set_too_large (error, limit);
          return FALSE;
        }
      return TRUE;
    }
  if (type == G_FILE_TYPE_DIRECTORY)
    {
      g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_IO,
                           _("is a directory, not a file"));
      return FALSE;
    }
  mode = g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_UNIX_MODE)
         ? g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_MODE) : 0;
  if (S_ISFIFO (mode))
    return TRUE;
  if (S_ISCHR (mode) || S_ISBLK (mode))
    g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_IO,
                         _("is a device, not a model file"));
  else
    g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_IO,
                         _("is not a regular file or a pipe"));
  return FALSE;
}

/* Reads until end of file or until limit + 1 bytes are in. */
static gboolean
read_stream (GInputStream *in, gsize limit, GByteArray *buf, GError **error)
{
  for (;;)
    {
      gsize want = MIN ((gsize) READ_CHUNK, limit + 1 - buf->len);
      gsize got = 0;
      guint old = buf->len;
      g_autoptr(GError) local_error = NULL;

      g_byte_array_set_size (buf, old + want);
      if (!g_input_stream_read_all (in, buf->data + old, want, &got, NULL, &local_error))
        {
          set_io_error (error, local_error);
          return FALSE;
        }
      g_byte_array_set_size (buf, old + got);
      if (buf->len > limit)
        {
          set_too_large (error, limit);
          return FALSE;
        }
      if (got < want)
        return TRUE;
    }
}

gboolean
_bg_file_read_bounded (GFile   *file,
                       gsize    limit,
                       char   **contents,
                       gsize   *length,
                       GError **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GError) local_error = NULL;
  GByteArray *buf;
  guint8 nul = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (limit < G_MAXUINT - READ_CHUNK, FALSE);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE ","
                            G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                            G_FILE_ATTRIBUTE_UNIX_MODE,
                            G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (info == NULL)
    {
      set_io_error (error, local_error);
      return FALSE;
    }
  if (!check_kind (info, limit, error))
    return FALSE;
  in = g_file_read (file, NULL, &local_error);
  if (in == NULL)
    {
      set_io_error (error, local_error);
      return FALSE;
    }
  buf = g_byte_array_sized_new (MIN ((gsize) g_file_info_get_size (info), limit) + 1);
  if (!read_stream (G_INPUT_STREAM (in), limit, buf, error))
    {
      g_byte_array_unref (buf);
      return FALSE;
    }
  *length = buf->len;
  g_byte_array_append (buf, &nul, 1);
  *contents = (char *) g_byte_array_free (buf, FALSE);
  return TRUE;
}
