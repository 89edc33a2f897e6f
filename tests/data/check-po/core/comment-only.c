/* SPDX-License-Identifier: GPL-3.0-or-later */
/* comment-only.c — mentions _("x") and N_() only in comments: not a
 * translatable source, so it need not be listed. */
static const char *text = "and _(\"this\") is inside a string";
