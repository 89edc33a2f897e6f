/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-csv.h — the CSV files bgmod-cli writes (simulate, its sweeps and
 * bode; docs/command-line.md).
 *
 * Owns: one way to write a CSV file or standard output: cells separated by
 * commas, numbers as "%.12g" with a dot whatever the locale, rows ended by
 * "\n", through a 1 MiB buffer into the output bg-cli-output.h opens (a
 * regular file replaced only when the whole CSV is written, a FIFO, a pipe
 * or standard output written as the rows come), and the error when a write
 * fails. Must not: be used outside app/, or know what the columns mean
 * (the commands choose them).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgCliCsv BgCliCsv;

/* Opens PATH for writing ("-": standard output). NULL with "cannot write
 * PATH: reason" when it is refused (a device, a socket) or cannot be
 * created. */
BgCliCsv *bg_cli_csv_open    (const char *path,
                              GError    **error);
/* The next cell of the current row: text as it is, a number, or nothing. */
void      bg_cli_csv_text    (BgCliCsv   *csv,
                              const char *text);
void      bg_cli_csv_number  (BgCliCsv   *csv,
                              double      value);
void      bg_cli_csv_empty   (BgCliCsv   *csv);
void      bg_cli_csv_end_row (BgCliCsv   *csv);
/* "%.12g" of value in the C locale, exactly as printf writes it, into out;
 * returns its length. */
#define BG_CLI_CSV_NUMBER_MAX 32
int       bg_cli_csv_format_number (char   out[BG_CLI_CSV_NUMBER_MAX],
                                    double value);
/* Hands what is buffered to a FIFO, a pipe or standard output now, so that
 * a reader follows a long run (a regular file is written at the end
 * anyway). FALSE once a write has failed. */
gboolean  bg_cli_csv_flush   (BgCliCsv   *csv);
/* Writes what is buffered, finishes the file (a regular file replaces the
 * old one only now) and frees csv. FALSE with "cannot write PATH: reason"
 * when any write failed; the old file is then whole. */
gboolean  bg_cli_csv_close   (BgCliCsv   *csv,
                              GError    **error);
/* Frees csv without finishing it: a regular file stays as it was. */
void      bg_cli_csv_abort   (BgCliCsv   *csv);

G_END_DECLS
