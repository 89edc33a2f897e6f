/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-last-folder.h — file choosers that open where the last one closed.
 * See bg-last-folder.c. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void bg_last_folder_track (GtkFileChooserNative *native);

G_END_DECLS
