/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-output.c — the files bgmod-cli writes and its standard output
 * (docs/command-line.md, Files; see bg-cli-output.h).
 *
 * Owns: the "-" convention, the "cannot write PATH: reason" wording, the
 * temporary files to remove on an interrupting signal, the print handler
 * that remembers a failed write to standard output and the check at exit.
 * Must not: decide how a kind of file is written (core/bg-output-file.c
 * does), or format data.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-output.h"

/* A command writes at most a CSV and a picture at once. */
#define MAX_TEMP_FILES 4

/* Process-wide by nature: a signal handler and the standard output. */
static char *volatile temp_files[MAX_TEMP_FILES];
static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
static gboolean handlers_installed;
static int stdout_errno;        /* the first failed write to standard output */
static gboolean stdout_checked;

static const char *
display_name (const char *path)
{
  return g_str_equal (path, "-") ? _("standard output") : path;
}

static void
set_error (GError    **error,
           const char *path,
           const char *reason)
{
  g_set_error (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_IO,
               _("cannot write %s: %s"), display_name (path), reason);
}

/* Async-signal-safe: unlink, then die of the signal as if not caught. */
static void
cleanup_signal_cb (int sig)
{
  for (guint i = 0; i < MAX_TEMP_FILES; i++)
    if (temp_files[i] != NULL)
      unlink (temp_files[i]);
  signal (sig, SIG_DFL);
  raise (sig);
}

static void
register_temp (BgOutputFile *out)
{
  const char *temp = bg_output_file_get_temp_path (out);

  if (temp == NULL)
    return;
  if (!handlers_installed)
    {
      struct sigaction action = { 0 };

      action.sa_handler = cleanup_signal_cb;
      sigemptyset (&action.sa_mask);
      for (guint i = 0; i < G_N_ELEMENTS (cleanup_signals); i++)
        {
          struct sigaction old;

          /* A signal the caller ignores (nohup) stays ignored. */
          if (sigaction (cleanup_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction (cleanup_signals[i], &action, NULL);
        }
      handlers_installed = TRUE;
    }
  for (guint i = 0; i < MAX_TEMP_FILES; i++)
    if (temp_files[i] == NULL)
      {
        temp_files[i] = g_strdup (temp);
        return;
      }
}

static void
unregister_temp (BgOutputFile *out)
{
  const char *temp = bg_output_file_get_temp_path (out);

  for (guint i = 0; temp != NULL && i < MAX_TEMP_FILES; i++)
    if (temp_files[i] != NULL && g_str_equal (temp_files[i], temp))
      {
        char *name = temp_files[i];

        temp_files[i] = NULL;
        g_free (name);
      }
}

gboolean
bg_cli_output_check (const char *path,
                     GError    **error)
{
  g_autoptr(GError) local_error = NULL;

  if (g_str_equal (path, "-")
      || bg_output_file_check (path, BG_OUTPUT_FILE_DEFAULT, &local_error))
    return TRUE;
  set_error (error, path, local_error->message);
  return FALSE;
}

BgOutputFile *
bg_cli_output_open (const char *path,
                    GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  BgOutputFile *out;

  if (g_str_equal (path, "-"))
    {
      /* What g_print buffered goes first. */
      if (fflush (stdout) != 0 && stdout_errno == 0)
        stdout_errno = errno;
      return bg_output_file_new_for_fd (STDOUT_FILENO);
    }
  out = bg_output_file_open (path, BG_OUTPUT_FILE_DEFAULT, &local_error);
  if (out == NULL)
    {
      set_error (error, path, local_error->message);
      return NULL;
    }
  register_temp (out);
  return out;
}

gboolean
bg_cli_output_commit (BgOutputFile *out,
                      const char   *path,
                      GError      **error)
{
  g_autoptr(GError) local_error = NULL;

  unregister_temp (out);
  if (bg_output_file_commit (out, &local_error))
    return TRUE;
  set_error (error, path, local_error->message);
  return FALSE;
}

void
bg_cli_output_abort (BgOutputFile *out)
{
  if (out == NULL)
    return;
  unregister_temp (out);
  bg_output_file_abort (out);
}

gboolean
bg_cli_output_write_all (const char *path,
                         const char *data,
                         gsize       length,
                         GError    **error)
{
  BgOutputFile *out = bg_cli_output_open (path, error);

  if (out == NULL)
    return FALSE;
  bg_output_file_write (out, data, length);
  return bg_cli_output_commit (out, path, error);
}

/* Standard output -------------------------------------------------------- */

/* Buffered (a terminal sees each line, stdio line-buffers it there): a
 * report of a million numbers is not a million writes. Flushed when the
 * command ends and before anything writes to the descriptor itself. */
static void
print_cb (const char *text)
{
  if (fputs (text, stdout) == EOF && stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
}

/* GOption prints --help and calls exit (0): standard output is checked
 * here then. */
static void
check_at_exit_cb (void)
{
  if (!stdout_checked && bg_cli_stdout_finish (BG_CLI_EXIT_OK) != BG_CLI_EXIT_OK)
    _exit (BG_CLI_EXIT_USAGE);
}

void
bg_cli_stdout_init (void)
{
  g_set_print_handler (print_cb);
  atexit (check_at_exit_cb);
}

int
bg_cli_stdout_finish (int exit_code)
{
  stdout_checked = TRUE;
  errno = 0;
  if (fflush (stdout) != 0 && stdout_errno == 0)
    stdout_errno = errno != 0 ? errno : EIO;
  if (stdout_errno == 0 && ferror (stdout))
    stdout_errno = EIO;
  if (stdout_errno == 0)
    return exit_code;
  g_printerr ("%s: ", g_get_prgname ());
  g_printerr (_("cannot write %s: %s"), _("standard output"), g_strerror (stdout_errno));
  g_printerr ("\n");
  return BG_CLI_EXIT_USAGE;
}
