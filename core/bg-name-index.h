/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-name-index.h — finding a variable by its name among many.
 *
 * In the layout: core/: shared by the plan (bg-plan.c) and the results that
 * borrow its names (bg-result.c).
 *
 * Owns: an open-addressing table of indices (four bytes a slot, at most
 * half full) over a caller's array of names, which it borrows: the names
 * must outlive the index and not change. A model of 10 000 masses has
 * 250 000 variables; a GHashTable of them took about 10 MB, this takes 2.
 * Must not: copy or own the names; be changed after it is built (it may be
 * read from any number of threads; the reference count is atomic).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgNameIndex BgNameIndex;

/* Indexes names[0 .. n_names); a name given twice finds its last index. */
BgNameIndex *bg_name_index_new    (const char *const *names,
                                   guint              n_names);
BgNameIndex *bg_name_index_ref    (BgNameIndex       *self);
void         bg_name_index_unref  (BgNameIndex       *self);
/* The index of name, or -1. */
int          bg_name_index_lookup (const BgNameIndex *self,
                                   const char        *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgNameIndex, bg_name_index_unref)

G_END_DECLS
