/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fixture.c — strings for the check-po.py fixture; never compiled. */
#include <glib/gi18n-lib.h>

static const char *names[] = { N_("Translated"), N_("Fuzzy here") };

static void
show (int n)
{
  g_print ("%s\n", _("Untranslated here"));
  g_print (ngettext ("%d bond", "%d bonds", n), n);
  g_print (_("Count: %d"), n);
  g_print ("%s", _("_Open"));
  /* _("A marker in a comment is not a string") */
}
