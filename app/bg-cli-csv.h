/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-csv.h — the CSV files bgmod-cli writes (simulate, its sweeps and
 * bode; docs/command-line.md).
 *
 * Owns: one way to write a CSV file or standard output: cells separated by
 * commas, numbers as "%.12g" with a dot whatever the locale, rows ended by
 * "\n", through a 1 MiB buffer, and the error when a write fails. Must not:
 * be used outside app/, or know what the columns mean (the commands choose
 * them).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgCliCsv BgCliCsv;

/* Opens PATH for writing ("-": standard output). NULL with a G_FILE_ERROR
 * "cannot write PATH: reason" when it cannot be created. */
BgCliCsv *bg_cli_csv_open    (const char *path,
                              GError    **error);
/* The next cell of the current row: text as it is, a number, or nothing. */
void      bg_cli_csv_text    (BgCliCsv   *csv,
                              const char *text);
void      bg_cli_csv_number  (BgCliCsv   *csv,
                              double      value);
void      bg_cli_csv_empty   (BgCliCsv   *csv);
void      bg_cli_csv_end_row (BgCliCsv   *csv);
/* Writes what is buffered, closes the file (standard output stays open)
 * and frees csv. FALSE with a G_FILE_ERROR "cannot write PATH: reason"
 * when any write failed. */
gboolean  bg_cli_csv_close   (BgCliCsv   *csv,
                              GError    **error);

G_END_DECLS
