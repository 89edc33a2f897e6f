/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-i18n.h — gettext set-up shared by bgmod, bgmod-cli and the tests.
 *
 * Owns: binding the text domain (installed, or the build tree's po/ when
 * run from it or BGMOD_LOCALEDIR is set: bg-paths.h) and making LANGUAGE
 * work even where the only
 * locale is C.UTF-8. Must not: keep any state beyond what gettext keeps.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Call once at the start of main(), before any translated string. */
void bg_i18n_init (void);

G_END_DECLS
