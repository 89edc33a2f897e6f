/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-csv.c — the CSV files bgmod-cli writes (docs/command-line.md).
 *
 * Owns: the cells and rows, their buffer, handing full buffers to the
 * output, and writing "%.12g" from a number's digits (several times faster
 * than printf, which a sweep of a million cells spent most of its time in;
 * printf itself decides whatever the digits cannot: see bg-cli-csv.h). Must not: choose columns, format anything but
 * a cell, open files itself (bg-cli-output.c does) or print messages.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-cli-csv.h"
#include "bg-cli-output.h"

#define CSV_BUFFER_BYTES (1 << 20)
/* Room for one cell: a number and a comma. */
#define CELL_MAX (BG_CLI_CSV_NUMBER_MAX + 1)

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

/* "%.12g" of a (> 0, normal, not huge) from its 12 significant digits and
 * its decimal exponent; 0 when the digits cannot be told for sure (the
 * value lies within 1e-4 of a rounding tie), and printf must decide. */
#define TEN_MIN (-330)
#define TEN_MAX 330

/* 10^k for TEN_MIN ≤ k ≤ TEN_MAX, computed once (powl is slow). */
static const long double *
powers_of_ten (void)
{
  static long double tens[TEN_MAX - TEN_MIN + 1];
  static gsize ready = 0;

  if (g_once_init_enter (&ready))
    {
      for (int k = TEN_MIN; k <= TEN_MAX; k++)
        tens[k - TEN_MIN] = powl (10.0L, k);
      g_once_init_leave (&ready, 1);
    }
  return tens;
}

static int
format_fast (char *out, double a)
{
  const long double *tens = powers_of_ten () - TEN_MIN;
  char digits[13];
  long double scaled, frac;
  guint64 n;
  int e = (int) floor (log10 (a)), len = 0, last;

  for (int attempt = 0; attempt < 2; attempt++)
    {
      int k = 11 - e;

      if (k < TEN_MIN || k > TEN_MAX)
        return 0;
      scaled = a * tens[k];
      if (scaled < 1e11L)
        e--;
      else if (scaled >= 1e12L)
        e++;
      else
        break;
    }
  if (scaled < 1e11L || scaled >= 1e12L)
    return 0;
  n = (guint64) scaled;
  frac = scaled - (long double) n;
  if (fabsl (frac - 0.5L) < 1e-4L)
    return 0;
  if (frac > 0.5L)
    n++;
  if (n == G_GUINT64_CONSTANT (1000000000000))
    {
      n = G_GUINT64_CONSTANT (100000000000);
      e++;
    }
  for (int i = 11; i >= 0; i--, n /= 10)
    digits[i] = (char) ('0' + n % 10);
  for (last = 11; last > 0 && digits[last] == '0'; last--)
    ;
  if (e < -4 || e >= 12)
    {
      out[len++] = digits[0];
      if (last > 0)
        {
          out[len++] = '.';
          memcpy (out + len, digits + 1, last);
          len += last;
        }
      int x = ABS (e);

      out[len++] = 'e';
      out[len++] = e < 0 ? '-' : '+';
      if (x >= 100)
        out[len++] = (char) ('0' + x / 100);
      out[len++] = (char) ('0' + x / 10 % 10);
      out[len++] = (char) ('0' + x % 10);
    }
  else if (e >= 0)
    {
      memcpy (out + len, digits, e + 1);
      len += e + 1;
      if (last > e)
        {
          out[len++] = '.';
          memcpy (out + len, digits + e + 1, last - e);
          len += last - e;
        }
    }
  else
    {
      out[len++] = '0';
      out[len++] = '.';
      for (int i = -1; i > e; i--)
        out[len++] = '0';
      memcpy (out + len, digits, last + 1);
      len += last + 1;
    }
  out[len] = '\0';
  return len;
}

int
bg_cli_csv_format_number (char   out[BG_CLI_CSV_NUMBER_MAX],
                          double value)
{
  double a = fabs (value);
  int n = 0;

  if (value == 0)
    {
      /* The commonest cell of all. */
      n = signbit (value) ? 2 : 1;
      memcpy (out, signbit (value) ? "-0" : "0", n + 1);
      return n;
    }
  /* printf's own text for what the fast path does not cover: subnormal
   * and huge numbers, infinities, NaN, near ties. */
  if (a >= 1e-300 && a <= 1e300)
    {
      if (value < 0)
        out[0] = '-';
      n = format_fast (out + (value < 0), a);
      if (n > 0)
        return n + (value < 0);
    }
  n = snprintf (out, BG_CLI_CSV_NUMBER_MAX, "%.12g", value);
  return CLAMP (n, 0, BG_CLI_CSV_NUMBER_MAX - 1);
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
    n = bg_cli_csv_format_number (p, value);
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
