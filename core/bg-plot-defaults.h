/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-defaults.h — the variables a plot shows before anyone chooses.
 *
 * Owns: the rule, shared by the window and `bgmod-cli simulate --plot`: the
 * main variables of the storages and advanced elements (C: e, I: f,
 * cylinder: x and v, load: v, accumulator: p, pump: Q), in model order; when
 * they are more than BG_PLOT_DEFAULTS_MAX, the first main variable of each
 * such element until there are BG_PLOT_DEFAULTS_MAX, so a large model never
 * opens with a legend over the plot; and all of those main variables for a
 * sweep's CSV. Must not: know about plots or widgets.
 */
#pragma once

#include "bg-model.h"

G_BEGIN_DECLS

#define BG_PLOT_DEFAULTS_MAX 8

/* Variable names, NULL-terminated (empty for a model without storages). */
GStrv bg_plot_defaults_dup (BgModel *model);
/* Every main variable of the storages and advanced elements, in model
 * order, however many: the columns of a sweep without --vars. */
GStrv bg_plot_defaults_dup_main (BgModel *model);
/* What a plot first shows: the choice saved with the file (its view
 * section, possibly empty), else the defaults above. */
GStrv bg_plot_defaults_dup_shown (BgModel *model);

G_END_DECLS
