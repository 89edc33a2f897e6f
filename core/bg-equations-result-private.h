/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-result-private.h — building the BgEquations result.
 *
 * Owns: the calls by which the derivation (bg-equations.c) fills a result
 * (bg-equations-result.c). Must not: be included outside core/.
 * Included by: core/bg-equations*.c.
 */
#pragma once

#include "bg-equations.h"
#include "bg-expr.h"

G_BEGIN_DECLS

BgEquations      *_bg_equations_result_new        (void);
void              _bg_equations_result_free       (BgEquations    *self);
/* Copies every string. */
BgEqSymbol       *_bg_equations_result_add_symbol (BgEquations    *self,
                                                   const char     *symbol,
                                                   BgEqSymbolKind  kind,
                                                   const char     *element,
                                                   const char     *meaning,
                                                   double          value,
                                                   const char     *unit,
                                                   const char     *markup,
                                                   const char     *latex);
void              _bg_equations_result_add        (BgEquations    *self,
                                                   BgEqKind        kind,
                                                   const char     *name,
                                                   const char     *symbol,
                                                   const BgExpr   *rhs);
/* Orders the equations (states, algebraic, outputs) and fixes the public
 * pointers; returns self. */
BgEquations      *_bg_equations_result_finish     (BgEquations    *self);

G_END_DECLS
