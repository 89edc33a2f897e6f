/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations.h — the state equations a causal bond graph gives, in
 * textbook form.
 *
 * Owns: deriving, from a model and its conflict-free analysis, the equation
 * dx/dt = f(x, u) of every state, the joint equations of each algebraic
 * group (z = g(z, x, u), z the group's torn unknowns), and chosen output
 * variables as functions of the states and inputs; each in plain infix text
 * a program can evaluate (docs/command-line.md `<expr>`), Pango markup and LaTeX, with
 * the symbols it uses (meaning, value, unit, element) for hovering and
 * selection. Also the three forms of `bgmod-cli equations`.
 *
 * Symbols: states <suffix>_<ID> (q_C1, p_L1, x_CYL, V_f_ACC); inputs u_<ID>
 * (sources, the load force), functions of time; parameters by element: the
 * id for the coefficient of R, C and I (R1, C1, L1), <ID>.<name> otherwise
 * (TF1.n, CYL.A_A, LOAD.m); nonlinear parts as named functions (Q_PUMP(Δp),
 * P_ACC(V_f)); torn unknowns e_<BOND> / f_<BOND>. One meaning per symbol
 * in a set: p momentum, P pressure (core/bg-equations-names-private.h).
 *
 * A BgEquations is immutable and self-contained. Must not: modify the
 * model, simulate, or know about GTK. The per-component forms live in
 * the kind files core/components/bg-*-eqs.c (BgComponentKind.form).
 */
#pragma once

#include <glib-object.h>
#include "bg-causality.h"
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_EQUATIONS_ERROR (bg_equations_error_quark ())
GQuark bg_equations_error_quark (void);

typedef enum
{
  BG_EQUATIONS_ERROR_CAUSALITY = 1,  /* the analysis has errors (message: the first) */
  BG_EQUATIONS_ERROR_UNKNOWN_OUTPUT, /* an output variable the model does not have */
  BG_EQUATIONS_ERROR_UNSUPPORTED,    /* a component without a symbolic form */
} BgEquationsError;

typedef struct _BgEquations BgEquations;

/* A boxed type (ref/unref), so equations can be a property or a GValue. */
#define BG_TYPE_EQUATIONS (bg_equations_get_type ())
GType             bg_equations_get_type        (void) G_GNUC_CONST;

typedef enum
{
  BG_EQ_SYMBOL_STATE,
  BG_EQ_SYMBOL_INPUT,      /* u_U: a function of time */
  BG_EQ_SYMBOL_PARAMETER,  /* R1, TF1.n, CYL.A_A */
  BG_EQ_SYMBOL_FUNCTION,   /* Q_PUMP, P_ACC */
  BG_EQ_SYMBOL_ALGEBRAIC,  /* a torn unknown of an algebraic group */
} BgEqSymbolKind;

typedef struct
{
  const char     *symbol;   /* as in the plain text */
  BgEqSymbolKind  kind;
  const char     *element;  /* the element it belongs to (a bond id for torn unknowns) */
  const char     *meaning;  /* translated: "Resistance of R1" */
  double          value;    /* parameters; inputs: u(0); states: initial; else NAN */
  const char     *unit;     /* SI, untranslated, "" if none */
  const char     *markup;   /* Pango: "q<sub>C1</sub>" */
  const char     *latex;    /* "q_{\mathrm{C1}}" */
} BgEqSymbol;

typedef enum
{
  BG_EQ_STATE,      /* d(symbol)/dt = rhs */
  BG_EQ_ALGEBRAIC,  /* symbol = rhs, solved jointly with its group */
  BG_EQ_OUTPUT,     /* symbol = rhs */
} BgEqKind;

typedef struct
{
  BgEqKind           kind;
  const char        *name;      /* "C1.q", "b2.f", or the torn unknown */
  const char        *symbol;    /* "q_C1"; outputs: the variable name */
  const char        *rhs;       /* docs/command-line.md <expr> */
  const char        *text;      /* "d(q_C1)/dt = u_U/R1 - q_C1/(R1*C1)" */
  const char        *markup;    /* the whole equation, Pango markup */
  const char        *latex;     /* the whole equation, LaTeX (no delimiters) */
  const char        *rhs_latex; /* the right-hand side alone, LaTeX */
  const char *const *symbols;   /* symbols referenced by rhs, NULL-terminated */
  const char *const *elements;  /* their elements' ids, each once, NULL-terminated */
} BgEquation;

/* outputs: variable names of docs/command-line.md ("C1.e", "b2.f", "CYL.v"), or NULL
 * for none. Returns NULL with an error when the analysis has errors, an
 * output is unknown, or a component has no symbolic form. */
BgEquations      *bg_equations_derive          (BgModel           *model,
                                                const BgCausality *causality,
                                                const char *const *outputs,
                                                GError           **error);
/* The variables chosen in the model's view ("plots"."vars"), without "t";
 * NULL if none. */
GStrv             bg_equations_dup_view_outputs (BgModel          *model);

BgEquations      *bg_equations_ref             (BgEquations       *self);
void              bg_equations_unref           (BgEquations       *self);

/* States first (in the analysis's order), then algebraic, then outputs. */
guint             bg_equations_get_n_equations (const BgEquations *self);
const BgEquation *bg_equations_get_equation    (const BgEquations *self,
                                                guint              index);
guint             bg_equations_get_n_symbols   (const BgEquations *self);
const BgEqSymbol *bg_equations_get_symbol      (const BgEquations *self,
                                                guint              index);
const BgEqSymbol *bg_equations_lookup_symbol   (const BgEquations *self,
                                                const char        *symbol);
/* The markup to show for one symbol, newly allocated, or NULL to keep its
 * own (symbol->markup). */
typedef char *(*BgEqSymbolDecorator) (const BgEqSymbol *symbol,
                                      gpointer          user_data);
/* The equation's markup with every symbol, the left-hand side's included,
 * passed through `decorate`: the equations pane makes each a link with its
 * explanation, and marks the selected elements' terms. */
char             *bg_equations_dup_markup_decorated (const BgEquations   *self,
                                                     guint                index,
                                                     BgEqSymbolDecorator  decorate,
                                                     gpointer             user_data);
/* The equation's markup with every symbol that belongs to `element` (an
 * element id; or a symbol, which then alone is marked) wrapped in
 * open_tag … close_tag, e.g. "<span background=\"#fce94f\">", "</span>":
 * selecting an element highlights its terms. */
char             *bg_equations_dup_markup_highlight (const BgEquations *self,
                                                     guint              index,
                                                     const char        *element,
                                                     const char        *open_tag,
                                                     const char        *close_tag);
/* Linear in the states and inputs (no named function, no product of two). */
gboolean          bg_equations_is_linear       (const BgEquations *self);

/* `equations --json` (docs/command-line.md), pretty-printed; an "algebraic" key like
 * "states" is added when the model has algebraic groups. */
char             *bg_equations_to_json         (const BgEquations *self);
/* `equations`: the equations one a line, then the symbols. Translated. */
char             *bg_equations_to_text         (const BgEquations *self);
/* `equations --latex`: one align* block. */
char             *bg_equations_to_latex        (const BgEquations *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgEquations, bg_equations_unref)

G_END_DECLS
