/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-i18n.c — gettext set-up shared by bgmod, bgmod-cli and the tests.
 *
 * Owns: the process locale and the binding of the text domain to the
 * folder bg-paths.h chooses (BGMOD_LOCALEDIR, the build tree's po/ when
 * run from it, else the installed LOCALEDIR).
 * Must not: keep any state beyond what the C library and gettext keep.
 *
 * GNU gettext ignores LANGUAGE when the message locale is exactly "C" (or
 * "POSIX"), which is what setlocale gives on a machine without generated
 * locales. There we switch to the built-in "C.UTF-8", where LANGUAGE=ru
 * works. When the user's locale (say LANG=ru_RU.UTF-8) is not installed,
 * setlocale fails and gettext would fall back to English: there the
 * language part of that locale becomes LANGUAGE, unless LANGUAGE is set,
 * so the programs still follow the system language. LC_NUMERIC stays "C"
 * so numbers in files and CSV always use a dot.
 * The text domain itself is left to the programs (textdomain()): the core
 * translates with dgettext through <glib/gi18n-lib.h>.
 */
#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-i18n.h"
#include "bg-paths.h"

static gboolean
locale_is_plain_c (const char *locale)
{
  return locale == NULL
         || strcmp (locale, "C") == 0
         || strcmp (locale, "POSIX") == 0;
}

/* The locale the environment asks for messages: LC_ALL, LC_MESSAGES, LANG. */
static const char *
requested_messages_locale (void)
{
  const char *names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *value = g_getenv (names[i]);

      if (value != NULL && *value != '\0')
        return value;
    }
  return NULL;
}

/* "ru_RU.UTF-8@variant" → "ru_RU@variant" as LANGUAGE, when LANGUAGE is
 * unset and the locale is not installed (setlocale refused it). */
static void
language_from_missing_locale (void)
{
  const char *language = g_getenv ("LANGUAGE");
  const char *locale = requested_messages_locale ();
  g_autofree char *name = NULL;
  const char *dot, *at;

  if ((language != NULL && *language != '\0') || locale_is_plain_c (locale)
      || strncmp (locale, "C.", 2) == 0 || strchr (locale, '/') != NULL)
    return;
  dot = strchr (locale, '.');
  at = strchr (locale, '@');
  if (dot != NULL)
    name = g_strdup_printf ("%.*s%s", (int) (dot - locale), locale,
                            at != NULL && at > dot ? at : "");
  else
    name = g_strdup (locale);
  g_setenv ("LANGUAGE", name, TRUE);
}

void
bg_i18n_init (void)
{
  g_autofree char *localedir = bg_paths_dup_localedir ();

  if (setlocale (LC_ALL, "") == NULL)
    language_from_missing_locale ();
  if (locale_is_plain_c (setlocale (LC_ALL, NULL)))
    setlocale (LC_ALL, "C.UTF-8");
  if (locale_is_plain_c (setlocale (LC_MESSAGES, NULL)))
    setlocale (LC_MESSAGES, "C.UTF-8");
  setlocale (LC_NUMERIC, "C");

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}
