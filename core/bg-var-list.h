/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-var-list.h — the variables of a plan and of its results: names,
 * units and descriptions, found by name.
 *
 * In the layout: core/: built by the compiler (one variable per output it
 * emits), kept by the plan and shared, by reference, with every result of
 * the plan (bg-result.c); results made from plain arrays build their own.
 *
 * Owns: the names (their characters in one pool, not one allocation
 * each), the distinct unit and description texts (a model of 10 000 masses
 * has 250 000 variables but a few hundred texts), the descriptions that
 * name their element or bond (built when asked for, then kept), and the
 * index by name (bg-name-index.h). Must not: change once sealed (then it may
 * be read from any number of threads; the descriptions built on demand are
 * made under a lock; the reference count is atomic).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* In a description: stands for the id the variable's name starts with (the
 * part before its first '.'), e.g. "power of bond \x1f" for "b3.P". */
#define BG_VAR_LIST_ID "\x1f"

typedef struct _BgVarList BgVarList;

/* reserve: the variables expected (0 if unknown); more may be added. */
BgVarList  *bg_var_list_new             (guint       reserve);
BgVarList  *bg_var_list_ref             (BgVarList  *self);
void        bg_var_list_unref           (BgVarList  *self);

/* Adds a variable and returns its index (0, 1, …). The name is copied; the
 * unit and description (NULL: "") are kept once per distinct text. */
guint       bg_var_list_add             (BgVarList  *self,
                                         const char *name,
                                         const char *unit,
                                         const char *description);
/* Builds the index by name; nothing can be added afterwards. */
void        bg_var_list_seal            (BgVarList  *self);

guint       bg_var_list_get_n           (const BgVarList *self);
const char *bg_var_list_get_name        (const BgVarList *self,
                                         guint            var);
const char *bg_var_list_get_unit        (const BgVarList *self,
                                         guint            var);
/* Valid as long as the list. */
const char *bg_var_list_get_description (BgVarList  *self,
                                         guint       var);
/* The index of a variable, or -1 (the list must be sealed). */
int         bg_var_list_lookup          (const BgVarList *self,
                                         const char      *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgVarList, bg_var_list_unref)

G_END_DECLS
