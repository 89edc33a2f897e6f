/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-ref-count-private.h — the ref and unref functions of core's
 * reference-counted structs, written once.
 *
 * Owns: BG_DEFINE_REF_COUNTED, which defines TYPE_ref and TYPE_unref for a
 * struct with a gatomicrefcount ref_count member: ref counts up, the last
 * unref calls the type's own free function. Must not: allocate, or know
 * any member but ref_count; a type with a plain int count (BgElement,
 * BgBond, BgDefinition, not shared between threads) keeps its own.
 * Included by: core/.
 */
#pragma once

#include <glib.h>

/* Defines `TypeName *type_name_ref (TypeName *self)` and
 * `void type_name_unref (TypeName *self)` (declared in the type's public
 * header); free_func (TypeName *) frees the members and the struct. */
#define BG_DEFINE_REF_COUNTED(TypeName, type_name, free_func) \
  TypeName *                                                  \
  type_name##_ref (TypeName *self)                            \
  {                                                           \
    g_return_val_if_fail (self != NULL, NULL);                \
    g_atomic_ref_count_inc (&self->ref_count);                \
    return self;                                              \
  }                                                           \
                                                              \
  void                                                        \
  type_name##_unref (TypeName *self)                          \
  {                                                           \
    g_return_if_fail (self != NULL);                          \
    if (g_atomic_ref_count_dec (&self->ref_count))            \
      free_func (self);                                       \
  }
