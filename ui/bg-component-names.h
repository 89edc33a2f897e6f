/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-names.h — the installed components' labels and
 * descriptions, translated. See bg-component-names.c. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean bg_component_name_is_known (const char *text);

G_END_DECLS
