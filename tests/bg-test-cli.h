/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-cli.h — running bgmod-cli from the CLI test programs.
 *
 * Owns: spawning the bgmod-cli that meson names in BGMOD_CLI with a clean
 * locale and capturing its exit code, standard output and standard error.
 * Must not: interpret what the command printed (each test checks that).
 */
#pragma once

#include <stdarg.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int   status;  /* exit code, or -1 when killed by a signal */
  char *out;
  char *err;
} BgCliRun;

void     bg_cli_run_clear (BgCliRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BgCliRun, bg_cli_run_clear)

/* Runs bgmod-cli with the arguments (NULL-terminated) under LC_ALL=C.UTF-8
 * and no LANGUAGE, with tests/lsan.supp's suppressions for a sanitizer
 * build; env is a NULL-terminated list of NAME, VALUE pairs set on top. Returns FALSE, with the test marked skipped, when there is no
 * bgmod-cli to run (BGMOD_CLI unset): the caller then returns. */
gboolean bg_test_run_cli  (BgCliRun          *run,
                           const char *const *args,
                           const char *const *env);
/* The same with child_setup run in the child before exec (after GLib has
 * set up its pipes: it may replace a standard descriptor or set a limit);
 * capture_stdout FALSE leaves run->out empty and standard output to what
 * child_setup makes of it. */
gboolean bg_test_run_cli_full (BgCliRun          *run,
                               const char *const *args,
                               const char *const *env,
                               GSpawnChildSetupFunc child_setup,
                               gpointer           data,
                               gboolean           capture_stdout);
/* The same with the arguments as a NULL-terminated va_list, after command
 * when it is not NULL, and LANGUAGE=language when that is not NULL.
 * Asserts that BGMOD_CLI is set and that the command exited normally. */
void     bg_test_run_cli_va (BgCliRun    *run,
                             const char  *language,
                             const char  *command,
                             va_list      args);

G_END_DECLS
