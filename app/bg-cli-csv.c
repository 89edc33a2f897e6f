/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-csv.c — the CSV files bgmod-cli writes (docs/command-line.md).
 *
 * Owns: opening the file or standard output with one large stdio buffer,
 * the cells and rows, and the "cannot write" error of a failed open or
 * write (see bg-cli-csv.h). Must not: choose columns or format anything
 * but a cell, or print messages.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-cli-csv.h"

#define CSV_BUFFER_BYTES (1 << 20)

struct _BgCliCsv
{
  FILE     *out;
  gboolean  to_stdout;
  char     *path;
  char     *buffer;
  gboolean  in_row;    /* a cell of the current row is written */
};

static void
set_write_error (GError    **error,
                 const char *path,
                 int         saved_errno)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("cannot write %s: %s"), path, g_strerror (saved_errno));
}

BgCliCsv *
bg_cli_csv_open (const char *path,
                 GError    **error)
{
  gboolean to_stdout = g_str_equal (path, "-");
  FILE *out = to_stdout ? stdout : g_fopen (path, "w");
  BgCliCsv *csv;

  if (out == NULL)
    {
      set_write_error (error, path, errno);
      return NULL;
    }
  csv = g_new0 (BgCliCsv, 1);
  csv->out = out;
  csv->to_stdout = to_stdout;
  csv->path = g_strdup (path);
  csv->buffer = g_malloc (CSV_BUFFER_BYTES);
  setvbuf (out, csv->buffer, _IOFBF, CSV_BUFFER_BYTES);
  return csv;
}

static inline void
next_cell (BgCliCsv *csv)
{
  if (csv->in_row)
    putc (',', csv->out);
  csv->in_row = TRUE;
}

void
bg_cli_csv_text (BgCliCsv   *csv,
                 const char *text)
{
  next_cell (csv);
  fputs (text, csv->out);
}

void
bg_cli_csv_number (BgCliCsv *csv,
                   double    value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  next_cell (csv);
  fputs (g_ascii_formatd (buf, sizeof buf, "%.12g", value), csv->out);
}

void
bg_cli_csv_empty (BgCliCsv *csv)
{
  next_cell (csv);
}

void
bg_cli_csv_end_row (BgCliCsv *csv)
{
  putc ('\n', csv->out);
  csv->in_row = FALSE;
}

gboolean
bg_cli_csv_close (BgCliCsv *csv,
                  GError  **error)
{
  gboolean ok;
  int saved_errno;

  ok = fflush (csv->out) == 0 && !ferror (csv->out);
  saved_errno = errno;
  if (!csv->to_stdout && fclose (csv->out) != 0 && ok)
    {
      ok = FALSE;
      saved_errno = errno;
    }
  else if (csv->to_stdout)
    setvbuf (stdout, NULL, _IOLBF, 0);   /* the buffer goes */
  if (!ok)
    set_write_error (error, csv->path, saved_errno);
  g_free (csv->buffer);
  g_free (csv->path);
  g_free (csv);
  return ok;
}
