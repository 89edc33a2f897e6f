/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-view.h — the editor's "view" section of a model.
 * See bg-view.c. */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

GStrv bg_view_dup_plot_vars (BgModel           *model);
void  bg_view_set_plot_vars (BgModel           *model,
                             const char *const *names);

G_END_DECLS
