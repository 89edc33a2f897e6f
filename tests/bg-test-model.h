/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-model.h — editing a BgModel in tests and watching what it says.
 *
 * Owns: adding and connecting that must succeed, a complete text picture
 * of a document for before/after comparisons, checking a BG_MODEL_ERROR's
 * code and message, and counting "changed" and notify:: emissions. Must
 * not: load files, analyse or simulate, or hide a failure (every refusal
 * where success was expected aborts the test).
 */
#pragma once

#include <glib-object.h>
#include "bg-model.h"

G_BEGIN_DECLS

/* bg_model_add_element at (0, 0) and bg_model_connect with a generated
 * id, which must succeed. */
BgElement *bg_test_add_element (BgModel    *model,
                                const char *type,
                                BgDomain    domain,
                                const char *id);
BgBond    *bg_test_connect     (BgModel    *model,
                                const char *from,
                                const char *to);

/* Name, settings, every element with its fields and parameters, and every
 * bond with its ports and arrow, one line each. */
char      *bg_test_model_snapshot (BgModel *model);

void       bg_test_assert_model_error (GError     *error,
                                       int         code,
                                       const char *message);

/* Counts of "changed" and of notify::name, ::can-undo and ::can-redo. */
typedef struct
{
  guint changed;
  guint name;
  guint can_undo;
  guint can_redo;
} BgTestCounts;

/* Zeroes *counts and counts the model's emissions into it from now on;
 * counts must outlive the model's signals. */
void       bg_test_watch_model (BgModel      *model,
                                BgTestCounts *counts);

G_END_DECLS
