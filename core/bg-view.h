/* bg-view.h — reading the editor's "view" section of a model.
 * See bg-view.c. */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

GStrv bg_view_dup_plot_vars (BgModel *model);

G_END_DECLS
