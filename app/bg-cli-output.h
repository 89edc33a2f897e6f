/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-output.h — where bgmod-cli's data goes: the files its options
 * name and standard output (docs/command-line.md, Files and Standard
 * output).
 *
 * Owns: opening an output the user named ("-": standard output) through
 * core/bg-output-file.h, bgmod-cli's policy for it (regular files
 * atomically, FIFOs and pipes directly, devices and sockets refused), the
 * message "cannot write PATH: reason", removing a temporary file when the
 * process is interrupted (SIGINT, SIGTERM, SIGHUP, SIGPIPE), and the check
 * that everything printed on standard output reached it (exit 2
 * otherwise). Must not: format data (bg-cli-csv.c and the commands do), or
 * be used outside app/.
 */
#pragma once

#include <glib.h>
#include "bg-output-file.h"

G_BEGIN_DECLS

/* Whether path can be written, before any work is done: FALSE with
 * "cannot write PATH: is a device, …" for a device, a socket or a folder
 * ("-" and new files pass). */
gboolean      bg_cli_output_check  (const char   *path,
                                    GError      **error);
/* Opens path ("-": standard output, whatever it is). NULL with "cannot
 * write PATH: reason". */
BgOutputFile *bg_cli_output_open   (const char   *path,
                                    GError      **error);
/* Finishes the output opened for path (bg_output_file_commit); FALSE with
 * "cannot write PATH: reason", the old file then whole. */
gboolean      bg_cli_output_commit (BgOutputFile *out,
                                    const char   *path,
                                    GError      **error);
/* Gives up on it (a temporary file is removed). */
void          bg_cli_output_abort  (BgOutputFile *out);
/* Writes data to the output at path in one go: bg_cli_output_open,
 * write, commit. */
gboolean      bg_cli_output_write_all (const char *path,
                                       const char *data,
                                       gsize       length,
                                       GError    **error);

/* Routes g_print through a handler that remembers the first failed write,
 * and checks standard output when the process exits, also on GOption's
 * exit after --help. */
void          bg_cli_stdout_init   (void);
/* Flushes standard output: when anything written to it since
 * bg_cli_stdout_init was lost, prints "bgmod-cli COMMAND: cannot write
 * standard output: reason" and returns BG_CLI_EXIT_USAGE; otherwise
 * exit_code. */
int           bg_cli_stdout_finish (int           exit_code);

G_END_DECLS
