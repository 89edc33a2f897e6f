/* SPDX-License-Identifier: GPL-3.0-or-later */
/* unlisted.c — marks a string but is missing from POTFILES.in. */
#include <glib/gi18n-lib.h>

static const char *label = N_("Not listed");
