/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-example-names.h — the installed examples' names, translated.
 * See bg-example-names.c. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

const char *bg_example_name_translate (const char *name);
gboolean    bg_example_name_is_known  (const char *name);

G_END_DECLS
