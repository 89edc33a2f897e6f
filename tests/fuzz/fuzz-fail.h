/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-fail.h — how a fuzz target reports a broken invariant.
 *
 * Shared by the fuzz targets (fuzz-load.c, fuzz-edit.c) so they stop the
 * same way. Must not: return, or raise anything libFuzzer does not catch.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Logs the message and aborts, so libFuzzer keeps the input (g_error raises
 * SIGTRAP, which libFuzzer does not catch). */
void fuzz_fail (const char *format,
                ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;

G_END_DECLS
