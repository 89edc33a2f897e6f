/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-causality.h — checking a causal analysis in tests.
 *
 * Owns: where a bond's causal stroke is, the list of states, an error's
 * code, message and ids, an algebraic group's elements and bonds, and that
 * every row of the handbook's causality table holds on a conflict-free
 * result. Must not: build models (bg-test-sim.h does) or hide a failure
 * (every mismatch aborts the test).
 */
#pragma once

#include <glib.h>
#include "bg-causality.h"
#include "bg-model.h"

G_BEGIN_DECLS

/* TRUE if the causal stroke of the bond is at the element's end; aborts
 * if the bond is missing, has no stroke or does not touch the element. */
gboolean            bg_test_stroke_at          (BgModel           *model,
                                                const BgCausality *c,
                                                const char        *bond_id,
                                                const char        *element_id);
/* The states, space-separated, are expected. */
void                bg_test_assert_states      (const BgCausality *c,
                                                const char        *expected);
/* The i-th error, which must exist. */
const BgDiagnostic *bg_test_get_error          (const BgCausality *c,
                                                guint              i);
/* elements and bonds are space-separated ids, or NULL not to check. */
void                bg_test_assert_diagnostic  (const BgDiagnostic *d,
                                                const char         *code,
                                                const char         *message,
                                                const char         *elements,
                                                const char         *bonds);
void                bg_test_assert_group       (const BgCausality *c,
                                                guint              i,
                                                const char        *elements,
                                                const char        *bonds);
/* Every row of the handbook's table holds on a conflict-free result. */
void                bg_test_assert_table_holds (BgModel           *model,
                                                const BgCausality *c);
/* bg_causality_analyze, with the table checked. */
BgCausality        *bg_test_analyze_ok         (BgModel           *model);

G_END_DECLS
