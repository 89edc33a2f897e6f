/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bgmod.c — the entry point of the BGMod editor.
 *
 * Owns: process set-up (translations) and running BgApplication. Must not:
 * do anything the application or its windows should do.
 */
#include "config.h"

#include <locale.h>
#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>

#include "bg-application.h"
#include "bg-i18n.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BgApplication) app = NULL;

  /* bg_i18n_init sets the locale (C.UTF-8 where only C exists, so that
   * LANGUAGE works); GTK must not set it again. */
  gtk_disable_setlocale ();
  bg_i18n_init ();
  textdomain (GETTEXT_PACKAGE);
  g_set_application_name (_("BGMod"));

  app = bg_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
