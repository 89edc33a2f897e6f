/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-progress.h — the progress line of a long bgmod-cli command
 * (docs/command-line.md, Standard output and standard error).
 *
 * Owns: one line on standard error, "bgmod-cli COMMAND: what… 42 %" (or
 * the seconds so far when the share done is not known), rewritten in place
 * a few times a second by a thread of its own (so that it moves during a
 * single long LAPACK call), shown only when standard error is a terminal
 * and only once the command has run for more than two seconds, and erased
 * when the command is done. Must not: write anything when standard error
 * is not a terminal (scripts and logs never see it), or be used outside
 * app/.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgCliProgress BgCliProgress;

/* Starts timing the command; the line appears after two seconds. */
BgCliProgress *bg_cli_progress_new    (const char    *command);
/* What is being done now (translated, e.g. "simulating"); resets the
 * share done to unknown. Any thread. NULL progress is allowed. */
void           bg_cli_progress_set_phase (BgCliProgress *progress,
                                          const char    *phase);
/* The share of the current phase done, 0 … 1. Any thread. */
void           bg_cli_progress_set_fraction (BgCliProgress *progress,
                                             double         fraction);
/* Erases the line (if it was shown) and frees progress. */
void           bg_cli_progress_free   (BgCliProgress *progress);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgCliProgress, bg_cli_progress_free)

G_END_DECLS
