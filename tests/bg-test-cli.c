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
  const char *cli = g_getenv ("BGMOD_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

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

  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  for (guint i = 0; env != NULL && env[i] != NULL; i += 2)
    envp = g_environ_setenv (envp, env[i], env[i + 1], TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  run->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
  return TRUE;
}
