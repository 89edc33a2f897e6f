/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bgmod.c — the entry point of the BGMod editor.
 *
 * Owns: process set-up (translations; accessibility left off where there
 * is no session bus for it) and running BgApplication. Must not: do
 * anything the application or its windows should do.
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "bg-application.h"
#include "bg-i18n.h"

/* Whether GTK's accessibility can reach AT-SPI: a session bus named in
 * the environment, the user's bus socket, or a dbus-launch to start one
 * for the display. */
static gboolean
session_bus_reachable (void)
{
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  const char *runtime = g_getenv ("XDG_RUNTIME_DIR");
  g_autofree char *socket = NULL;
  g_autofree char *launcher = NULL;

  if (address != NULL && *address != '\0')
    return TRUE;
  if (runtime != NULL && *runtime != '\0')
    {
      socket = g_build_filename (runtime, "bus", NULL);
      if (g_file_test (socket, G_FILE_TEST_EXISTS))
        return TRUE;
    }
  launcher = g_find_program_in_path ("dbus-launch");
  return launcher != NULL && g_getenv ("DISPLAY") != NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BgApplication) app = NULL;

  /* bg_i18n_init sets the locale (C.UTF-8 where only C exists, so that
   * LANGUAGE works); GTK must not set it again. */
  /* without a bus GTK warns "Unable to acquire session bus" at every
   * start, and no screen reader could be reached anyway */
  if (g_getenv ("GTK_A11Y") == NULL && !session_bus_reachable ())
    g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_disable_setlocale ();
  bg_i18n_init ();
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("BGMod"));

  app = bg_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
