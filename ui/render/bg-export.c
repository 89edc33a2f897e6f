/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-export.c — the one way a picture (plot or diagram) reaches a file.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: the temporary file beside the target, the Cairo stream that writes
 * into it (keeping the first errno), flushing, renaming, and removing the
 * temporary file on every failure. Must not: leave a partial or temporary
 * file behind, rename anything over a device, or draw.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cairo-svg.h>
#include <glib/gstdio.h>

#include "bg-export.h"

typedef struct
{
  int fd;
  int saved_errno; /* the first write error, or 0 */
} Sink;

static cairo_status_t
sink_write_cb (void                *closure,
               const unsigned char *data,
               unsigned int         length)
{
  Sink *sink = closure;

  while (length > 0)
    {
      ssize_t n = write (sink->fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          sink->saved_errno = n < 0 ? errno : EIO;
          return CAIRO_STATUS_WRITE_ERROR;
        }
      data += n;
      length -= (unsigned int) n;
    }
  return CAIRO_STATUS_SUCCESS;
}

/* Renders into the sink; Cairo's status of the whole write. */
static cairo_status_t
render (Sink            *sink,
        BgExportFormat   format,
        double           width,
        double           height,
        double           scale,
        BgExportDrawFunc draw,
        gpointer         data)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (format == BG_EXPORT_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                          (int) ceil (width * scale),
                                          (int) ceil (height * scale));
  else
    {
      surface = cairo_svg_surface_create_for_stream (sink_write_cb, sink,
                                                     width * scale, height * scale);
      cairo_svg_surface_set_document_unit (surface, format == BG_EXPORT_SVG_PX
                                                    ? CAIRO_SVG_UNIT_PX
                                                    : CAIRO_SVG_UNIT_PT);
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  draw (cr, data);
  cairo_destroy (cr);

  if (format == BG_EXPORT_PNG)
    status = cairo_surface_write_to_png_stream (surface, sink_write_cb, sink);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  return status;
}

static gboolean
fail (char       **reason,
      int          saved_errno,
      const char  *tmp_path)
{
  if (tmp_path != NULL)
    g_unlink (tmp_path);
  *reason = g_strdup (g_strerror (saved_errno));
  return FALSE;
}

gboolean
bg_export_write (const char      *path,
                 BgExportFormat   format,
                 double           width,
                 double           height,
                 double           scale,
                 BgExportDrawFunc draw,
                 gpointer         data,
                 char           **reason)
{
  g_autofree char *dir = NULL;
  g_autofree char *tmp_path = NULL;
  cairo_status_t status;
  struct stat st;
  gboolean direct = FALSE;
  Sink sink = { -1, 0 };

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (reason != NULL && *reason == NULL, FALSE);

  if (stat (path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        return fail (reason, EISDIR, NULL);
      direct = !S_ISREG (st.st_mode);
    }

  if (direct)
    sink.fd = g_open (path, O_WRONLY | O_CLOEXEC, 0);
  else
    {
      dir = g_path_get_dirname (path);
      tmp_path = g_build_filename (dir, ".bgmod-export-XXXXXX", NULL);
      sink.fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0666);
    }
  if (sink.fd < 0)
    {
      int saved_errno = errno;

      g_clear_pointer (&tmp_path, g_free);
      return fail (reason, saved_errno, NULL);
    }

  status = render (&sink, format, width, height, scale, draw, data);
  if (sink.saved_errno == 0 && status == CAIRO_STATUS_SUCCESS && !direct &&
      fsync (sink.fd) != 0)
    sink.saved_errno = errno;
  if (close (sink.fd) != 0 && sink.saved_errno == 0)
    sink.saved_errno = errno;

  if (sink.saved_errno != 0)
    return fail (reason, sink.saved_errno, tmp_path);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      if (tmp_path != NULL)
        g_unlink (tmp_path);
      *reason = g_strdup (cairo_status_to_string (status));
      return FALSE;
    }
  if (!direct && g_rename (tmp_path, path) != 0)
    return fail (reason, errno, tmp_path);
  return TRUE;
}
