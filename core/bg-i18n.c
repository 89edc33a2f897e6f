/* bg-i18n.c — gettext set-up shared by bgmod, bgmod-cli and the tests.
 *
 * Owns: the process locale and the binding of the text domain, to the build
 * tree's po/ when BGMOD_LOCALEDIR is set, else to the installed LOCALEDIR.
 * Must not: keep any state beyond what the C library and gettext keep.
 *
 * GNU gettext ignores LANGUAGE when the message locale is exactly "C" (or
 * "POSIX"), which is what setlocale gives on a machine without generated
 * locales. There we switch to the built-in "C.UTF-8", where LANGUAGE=ru
 * works. LC_NUMERIC stays "C" so numbers in files and CSV always use a dot.
 * The text domain itself is left to the programs (textdomain()): the core
 * translates with dgettext through <glib/gi18n-lib.h>.
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-i18n.h"

static gboolean
locale_is_plain_c (const char *locale)
{
  return locale == NULL
         || strcmp (locale, "C") == 0
         || strcmp (locale, "POSIX") == 0;
}

void
bg_i18n_init (void)
{
  const char *localedir = g_getenv ("BGMOD_LOCALEDIR");

  if (localedir == NULL || *localedir == '\0')
    localedir = LOCALEDIR;

  if (locale_is_plain_c (setlocale (LC_ALL, "")))
    setlocale (LC_ALL, "C.UTF-8");
  if (locale_is_plain_c (setlocale (LC_MESSAGES, NULL)))
    setlocale (LC_MESSAGES, "C.UTF-8");
  setlocale (LC_NUMERIC, "C");

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
