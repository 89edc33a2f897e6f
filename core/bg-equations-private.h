/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-private.h — what the per-component symbolic forms use.
 *
 * Owns: the interface between the derivation (bg-equations.c) and the
 * component forms (BgComponentKind.form, in core/components/bg-*-eqs.c). A form states its element's
 * equations in the causal form the analysis chose, exactly as its numeric
 * counterpart in core/components/bg-*-eqs.c does: each call defines one bond
 * variable (effort, or the local flow into a port) or one state derivative
 * from expressions of other bond variables, states, inputs and parameters.
 * Must not: be included outside core/.
 * Included by: core/bg-equations*.c, core/components/.
 */
#pragma once

#include "bg-equations.h"
#include "bg-expr.h"
#include "bg-library.h"

G_BEGIN_DECLS

typedef struct _BgEqBuilder BgEqBuilder;

typedef struct
{
  int      bond;        /* bond index, -1 for an unbonded port (e = f = 0) */
  double   s;           /* +1: the element is the bond's `to` end; -1: `from` */
  gboolean effort_in;   /* the port receives effort */
} BgEqPort;

typedef struct
{
  BgEqBuilder     *builder;
  const BgElement *element;
  BgEqPort        *ports;    /* fixed ports in spec order; junctions p1, p2, ... */
  guint            n_ports;
} BgEqElement;

/* The port's effort, and its local flow (positive into the port). */
BgExpr *_bg_eq_effort       (const BgEqElement *el, guint port);
BgExpr *_bg_eq_local_flow   (const BgEqElement *el, guint port);
/* Define them (the expression is taken). */
void    _bg_eq_set_effort     (const BgEqElement *el, guint port, BgExpr *expr);
void    _bg_eq_set_local_flow (const BgEqElement *el, guint port, BgExpr *expr);

/* A parameter of the element as a symbol: `symbol` NULL means the element's
 * id (the one coefficient of R, C, I); else "<ID>.<symbol>". The value is
 * the element's parameter `param`. */
BgExpr *_bg_eq_param        (const BgEqElement *el, const char *param, const char *symbol);
/* A parameter derived from others: "<ID>.<symbol>" with its value, meaning
 * (translated) and unit. */
BgExpr *_bg_eq_derived      (const BgEqElement *el, const char *symbol, double value,
                             const char *meaning, const char *unit);
/* The input u_<ID>(t) from the waveform whose value parameter is `param`. */
BgExpr *_bg_eq_input        (const BgEqElement *el, const char *param);
/* The state <suffix>_<ID> ("q" → q_C1) and its derivative (taken). */
BgExpr *_bg_eq_state        (const BgEqElement *el, const char *suffix);
void    _bg_eq_set_derivative (const BgEqElement *el, const char *suffix, BgExpr *expr);
/* A named function of the element, <name>_<ID>(arg) (arg taken). */
BgExpr *_bg_eq_function     (const BgEqElement *el, const char *name, BgExpr *arg,
                             const char *meaning, const char *unit);
/* An auxiliary output value of the element ("v", "F_hyd", "Q"), for output
 * variables "<ID>.<suffix>" (taken). */
void    _bg_eq_set_output   (const BgEqElement *el, const char *suffix, BgExpr *expr);
/* The first failure wins; the derivation fails with it. */
void    _bg_eq_fail         (const BgEqElement *el, const char *message);

/* The symbolic form of a component kind, or NULL if it has none. */
/* A kind's symbolic form (BgComponentKind.form). */
typedef void (*BgEqForm) (const BgEqElement *el);

/* Owning helpers for the forms (bg-equations-terms.c): each takes its
 * expression arguments. */
BgExpr *_bg_eq_add           (BgExpr *a, BgExpr *b);
BgExpr *_bg_eq_mul           (BgExpr *a, BgExpr *b);
BgExpr *_bg_eq_scale         (BgExpr *a, double c);
/* 1 / (the parameter's symbol) */
BgExpr *_bg_eq_inverse_param (const BgEqElement *el, const char *param, const char *symbol);
/* The one port with this role, or -1 if none or several. */
int     _bg_eq_unique_port   (const BgEqElement *el, gboolean effort_in);

G_END_DECLS
