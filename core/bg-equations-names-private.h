/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-names-private.h — how the symbols of the state equations
 * are named and written.
 *
 * Owns: the convention that gives every symbol of one equation set one
 * meaning (docs/command-line.md, equations): p a momentum (the I states,
 * also a rotor's angular momentum), q a displacement, e and f a bond's
 * effort and flow, u an input, P a pressure (a symbol whose head is p and
 * whose unit is Pa is written P), power 𝒫 (the bond and output variables
 * keep their file names, b1.P); and the LaTeX and Pango markup of a head
 * with its subscript. Must not: know equations or expressions.
 * Included by: core/bg-equations*.c.
 */
#pragma once

#include <glib.h>
#include "bg-library.h"

G_BEGIN_DECLS

/* "R_line" → ("R", "line"); "L1" → ("L", "1"); "K" → ("K", NULL). */
void  _bg_eq_names_split  (const char  *name,
                           char       **head,
                           char       **tail);
/* The head written as the convention says for a symbol of @unit: "P" for
 * a "p" in Pa, else @head itself. Static or @head. */
const char *_bg_eq_names_head (const char *head,
                               const char *unit);
/* @head (after _bg_eq_names_head) with the subscript @sub (NULL for
 * none) in LaTeX and Pango markup: "q_{\mathrm{C1}}", "q<sub>C1</sub>";
 * "lambda", "tau", "omega" and τ ω as Greek letters. */
void  _bg_eq_names_render (const char  *head,
                           const char  *sub,
                           char       **latex,
                           char       **markup);
/* The plain symbol of state @suffix of element @id of @spec: "q_C1",
 * "p_LOAD", and "p_MOT" for a DC motor's rotor momentum (variable MOT.L). */
char *_bg_eq_names_state  (const BgComponentSpec *spec,
                           const char            *suffix,
                           const char            *id);

G_END_DECLS
