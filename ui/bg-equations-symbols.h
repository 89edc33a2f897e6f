/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-symbols.h — the symbol table under the equations page.
 *
 * Owns: the table of every symbol of a set of equations (its letter with
 * subscripts, its meaning, its value or unit in the user's unit symbols)
 * and the sentence that states the convention the letters follow: p a
 * momentum, q a displacement, P a pressure, 𝒫 a power, e and f a bond's
 * effort and flow, u an input (docs/command-line.md, Symbols).
 * Must not: derive equations or select anything (the page does).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-equations.h"

G_BEGIN_DECLS

/* The convention's sentence, translated. Static. */
const char *bg_equations_symbols_convention (void);
/* Empties @grid and fills it with one row per symbol of @equations (at
 * most @max_rows; NULL @equations leaves it empty): symbol, meaning, value.
 * Returns the number of symbols left out. */
guint       bg_equations_symbols_fill       (GtkGrid           *grid,
                                             const BgEquations *equations,
                                             guint              max_rows);

G_END_DECLS
