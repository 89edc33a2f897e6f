/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-pane.h — the state equations of the document's model, a page
 * beside the time plot.
 *
 * Owns: deriving the equations (bg-equations.h) from the document's latest
 * conflict-free analysis — again after every edit, while the page is shown;
 * their rows in textbook form (sections: state equations, algebraic groups
 * solved jointly, outputs), every symbol a link whose tooltip says what it
 * is (element, parameter, value, unit), and below them the symbol table
 * with the convention its letters follow (bg-equations-symbols.h); the
 * terms of the selected elements
 * marked; the message shown instead when the analysis has a conflict; and
 * copying them as LaTeX or as text.
 *
 * Clicking an equation, or a symbol in it, emits "select-elements" with the
 * ids to select on the canvas (the window does the selecting; the canvas
 * selection comes back through bg_equations_pane_set_selection).
 *
 * Actions ("equations." prefix): copy-latex, copy-text.
 *
 * Must not: edit the model, or derive while hidden (a hidden page only
 * notes that its equations are out of date).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-document.h"

G_BEGIN_DECLS

#define BG_TYPE_EQUATIONS_PANE (bg_equations_pane_get_type ())
G_DECLARE_FINAL_TYPE (BgEquationsPane, bg_equations_pane, BG, EQUATIONS_PANE, GtkWidget)

GtkWidget   *bg_equations_pane_new            (void);
void         bg_equations_pane_set_document   (BgEquationsPane   *self,
                                               BgDocument        *document);
/* The canvas selection: the terms of these elements (and bonds) are marked. */
void         bg_equations_pane_set_selection  (BgEquationsPane   *self,
                                               const char *const *ids);
/* Derives now if the equations are out of date (the page does this itself
 * when shown and after edits; tests call it to avoid waiting). */
void         bg_equations_pane_refresh        (BgEquationsPane   *self);

/* What is shown, for tests: the rows' equations (NULL past the end), the
 * explanation in place of equations ("" when there are equations). */
guint        bg_equations_pane_get_n_rows     (BgEquationsPane   *self);
GtkListBoxRow *bg_equations_pane_get_row      (BgEquationsPane   *self,
                                               guint              index);
GtkLabel    *bg_equations_pane_get_row_label  (BgEquationsPane   *self,
                                               guint              index);
const char  *bg_equations_pane_get_message    (BgEquationsPane   *self);
/* The symbol table under the equations (three columns: symbol, meaning,
 * value), or NULL when there are no equations. */
GtkGrid     *bg_equations_pane_get_symbol_table (BgEquationsPane *self);

G_END_DECLS
