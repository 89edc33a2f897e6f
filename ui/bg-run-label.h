/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-label.h — what the window says about a kept run.
 *
 * Owns: a kept run's title ("Run 3", or the name the user gave it), its
 * parameters written for people ("B = 2 N·s/m": an element's main value
 * by the element's name, any other parameter as "F.after", settings by
 * their file name, numbers with SI prefixes in the user's unit symbols,
 * as the plot's read-out writes them), and what differs between two runs.
 * Must not: decide which runs are shown or kept, or draw.
 */
#pragma once

#include <glib.h>
#include "bg-run-generation.h"

G_BEGIN_DECLS

/* "Run 3", or its name. Free with g_free(). */
char *bg_run_label_dup_title      (BgRunGeneration  *generation);
/* "Run 3" for number 3. Free with g_free(). */
char *bg_run_label_dup_number_title (guint           number);
/* "B = 2 N·s/m". Free with g_free(). */
char *bg_run_label_dup_param      (const BgRunParam *param);
/* The parameters of params that differ from reference's, at most
 * max_shown of them, comma-separated ("B = 2 N·s/m, K = 20 mm/N", a
 * trailing "…" for more); NULL when none differs. Free with g_free(). */
char *bg_run_label_dup_difference (BgRunParams      *params,
                                   BgRunParams      *reference,
                                   guint             max_shown);
/* The legend text of an earlier run against the run in colour: its
 * difference, after its name if it has one ("softer: B = 1 N·s/m"); the
 * title when nothing differs. Free with g_free(). */
char *bg_run_label_dup_legend     (BgRunGeneration  *generation,
                                   BgRunParams      *reference);

G_END_DECLS
