/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-expr.h — symbolic expressions for the state equations.
 *
 * Owns: an expression in one canonical form — a sum of terms, each a number
 * times a product of factors, a factor being a symbol or a one-argument
 * named function, raised to an integer power — with the algebra the state
 * equations need (sum, scaling, product with distribution, substitution of
 * symbols), equal terms collected and zero terms dropped, and its three
 * printed forms: plain infix text that a program can evaluate (docs/command-line.md's
 * `<expr>`), LaTeX and Pango markup. Must not: know about models, bond
 * graphs or GTK.
 *
 * Terms and factors keep the order in which they first appeared, so a
 * junction's sum prints in the order of its bonds.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgExpr BgExpr;

/* How a symbol is written in LaTeX and in Pango markup ("q<sub>C1</sub>");
 * returns a new string, or NULL for the plain name. */
typedef char *(*BgExprRenderFunc) (const char *symbol,
                                   gboolean    latex,
                                   gpointer    user_data);
/* Replacement for a symbol, or NULL to keep it (transfer full). */
typedef BgExpr *(*BgExprSubstFunc) (const char *symbol,
                                    gpointer    user_data);

BgExpr   *bg_expr_number        (double        value);
BgExpr   *bg_expr_symbol        (const char   *name);
/* name^power, e.g. 1/R1 = bg_expr_symbol_pow ("R1", -1). */
BgExpr   *bg_expr_symbol_pow    (const char   *name,
                                 int           power);
/* name(arg); takes arg. */
BgExpr   *bg_expr_function      (const char   *name,
                                 BgExpr       *arg);

BgExpr   *bg_expr_ref           (BgExpr       *self);
void      bg_expr_unref         (BgExpr       *self);

/* New expressions; the arguments are not taken. */
BgExpr   *bg_expr_add           (const BgExpr *a,
                                 const BgExpr *b);
BgExpr   *bg_expr_scale         (const BgExpr *a,
                                 double        c);
BgExpr   *bg_expr_mul           (const BgExpr *a,
                                 const BgExpr *b);
BgExpr   *bg_expr_substitute    (const BgExpr   *a,
                                 BgExprSubstFunc func,
                                 gpointer        user_data);

gboolean  bg_expr_is_zero       (const BgExpr *self);
/* TRUE if every term has at most one factor for which is_variable() says
 * TRUE, with power 1, and no function factors. */
gboolean  bg_expr_is_linear_in  (const BgExpr *self,
                                 gboolean    (*is_variable) (const char *symbol,
                                                             gpointer    user_data),
                                 gpointer      user_data);
/* Calls func for every symbol and function name (functions' arguments
 * included), each once, in order of appearance. */
void      bg_expr_foreach_symbol (const BgExpr *self,
                                  void        (*func) (const char *name,
                                                       gboolean    is_function,
                                                       gpointer    user_data),
                                  gpointer      user_data);

/* Plain text: "u_U/R1 - q_C1/(R1*C1)". */
char     *bg_expr_to_string     (const BgExpr *self);
char     *bg_expr_to_latex      (const BgExpr    *self,
                                 BgExprRenderFunc render,
                                 gpointer         user_data);
char     *bg_expr_to_markup     (const BgExpr    *self,
                                 BgExprRenderFunc render,
                                 gpointer         user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgExpr, bg_expr_unref)

G_END_DECLS
