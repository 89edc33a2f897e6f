/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-cli.c — running bgmod-cli from the CLI test programs (see the
 * header). */
#include "config.h"

#include <sys/wait.h>

#include "bg-test-cli.h"

void
bg_cli_run_clear (BgCliRun *run)
{
  g_free (run->out);
  g_free (run->err);
}

gboolean
bg_test_run_cli (BgCliRun          *run,
                 const char *const *args,
                 const char *const *env)
{
  return bg_test_run_cli_full (run, args, env, NULL, NULL, TRUE);
}

gboolean
bg_test_run_cli_full (BgCliRun            *run,
                      const char *const   *args,
                      const char *const   *env,
                      GSpawnChildSetupFunc child_setup,
                      gpointer             data,
                      gboolean             capture_stdout)
{
  const char *cli = g_getenv ("BGMOD_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;
  g_autofree char *supp = NULL, *lsan = NULL;

  if (cli == NULL)
    {
      g_test_skip ("BGMOD_CLI is not set; run through meson test");
      run->status = -2;
      run->out = g_strdup ("");
      run->err = g_strdup ("");
      return FALSE;
    }
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  /* Under ASan, --plot lays out text: fontconfig's process-lifetime caches
   * are not reported as leaks (tests/lsan.supp names only fontconfig). */
  supp = g_test_build_filename (G_TEST_DIST, "lsan.supp", NULL);
  lsan = g_strdup_printf ("suppressions=%s:print_suppressions=0", supp);
  envp = g_environ_setenv (envp, "LSAN_OPTIONS", lsan, FALSE);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, child_setup, data,
                capture_stdout ? &run->out : NULL, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  if (!capture_stdout)
    run->out = g_strdup ("");
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return TRUE;
}

void
bg_test_run_cli_va (BgCliRun   *run,
                    const char *language,
                    const char *command,
                    va_list     args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *const env[] = { "LANGUAGE", language, NULL };
  const char *arg;

  if (command != NULL)
    g_ptr_array_add (argv, (gpointer) command);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  g_ptr_array_add (argv, NULL);
  g_assert_true (bg_test_run_cli (run, (const char *const *) argv->pdata,
                                  language != NULL ? env : NULL));
  g_assert_cmpint (run->status, >=, 0);   /* exited, not killed by a signal */
}
