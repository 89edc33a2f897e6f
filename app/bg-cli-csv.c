/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-csv.c — the CSV files bgmod-cli writes (docs/command-line.md).
 *
 * Owns: the cells and rows, their buffer, and handing full buffers to the
 * output (see bg-cli-csv.h). Must not: choose columns, format anything but
 * a cell, open files itself (bg-cli-output.c does) or print messages.
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-cli-csv.h"
#include "bg-cli-output.h"

#define CSV_BUFFER_BYTES (1 << 20)
/* Room for one cell: "%.12g" needs at most 19 bytes, a comma one more. */
#define CELL_MAX 32

struct _BgCliCsv
{
  BgOutputFile *out;
  char         *path;
  char         *buffer;
  gsize         len;
  gboolean      in_row;     /* a cell of the current row is written */
  gboolean      c_numeric;  /* the locale writes numbers with a dot */
};

BgCliCsv *
bg_cli_csv_open (const char *path,
                 GError    **error)
{
  BgOutputFile *out = bg_cli_output_open (path, error);
  BgCliCsv *csv;

  if (out == NULL)
    return NULL;
  csv = g_new0 (BgCliCsv, 1);
  csv->out = out;
  csv->path = g_strdup (path);
  csv->buffer = g_malloc (CSV_BUFFER_BYTES);
  csv->c_numeric = strcmp (localeconv ()->decimal_point, ".") == 0;
  return csv;
}

static void
write_buffer (BgCliCsv *csv)
{
  bg_output_file_write (csv->out, csv->buffer, csv->len);
  csv->len = 0;
}

/* Makes room for n more bytes. */
static inline char *
reserve (BgCliCsv *csv,
         gsize     n)
{
  if (csv->len + n > CSV_BUFFER_BYTES)
    write_buffer (csv);
  return csv->buffer + csv->len;
}

static inline void
next_cell (BgCliCsv *csv)
{
  if (csv->in_row)
    csv->buffer[csv->len++] = ',';
  csv->in_row = TRUE;
}

void
bg_cli_csv_text (BgCliCsv   *csv,
                 const char *text)
{
  gsize n = strlen (text);

  reserve (csv, CELL_MAX);
  next_cell (csv);
  if (n > CSV_BUFFER_BYTES - csv->len)
    {
      write_buffer (csv);
      bg_output_file_write (csv->out, text, n);
      return;
    }
  memcpy (reserve (csv, n), text, n);
  csv->len += n;
}

void
bg_cli_csv_number (BgCliCsv *csv,
                   double    value)
{
  char *p = reserve (csv, CELL_MAX);
  int n;

  next_cell (csv);
  p = csv->buffer + csv->len;
  if (csv->c_numeric)
    n = snprintf (p, CELL_MAX - 1, "%.12g", value);
  else
    n = (int) strlen (g_ascii_formatd (p, CELL_MAX - 1, "%.12g", value));
  csv->len += (gsize) CLAMP (n, 0, CELL_MAX - 2);
}

void
bg_cli_csv_empty (BgCliCsv *csv)
{
  reserve (csv, CELL_MAX);
  next_cell (csv);
}

void
bg_cli_csv_end_row (BgCliCsv *csv)
{
  reserve (csv, 1);
  csv->buffer[csv->len++] = '\n';
  csv->in_row = FALSE;
}

gboolean
bg_cli_csv_flush (BgCliCsv *csv)
{
  if (bg_output_file_is_direct (csv->out) && csv->len > 0)
    write_buffer (csv);
  return bg_output_file_is_ok (csv->out);
}

static void
free_csv (BgCliCsv *csv)
{
  g_free (csv->buffer);
  g_free (csv->path);
  g_free (csv);
}

gboolean
bg_cli_csv_close (BgCliCsv *csv,
                  GError  **error)
{
  gboolean ok;

  write_buffer (csv);
  ok = bg_cli_output_commit (csv->out, csv->path, error);
  free_csv (csv);
  return ok;
}

void
bg_cli_csv_abort (BgCliCsv *csv)
{
  if (csv == NULL)
    return;
  bg_cli_output_abort (csv->out);
  free_csv (csv);
}
