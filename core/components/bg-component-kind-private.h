/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-kind-private.h — what one component kind does, in one place.
 *
 * Owns: BgComponentKind, the behaviour every spec of a kind shares (a kind
 * is "C"; its specs are the electrical, hydraulic, translational and
 * rotational capacitors): the id prefix, the nouns the sentences use, the
 * states and when they exist, the causal details the analyzer's generic
 * rules leave open, the numeric equations (emit), the symbolic form for the
 * equations view, the scale hints for tolerances, and the textbook
 * equations and sentences of the component reference (docs/components.md).
 * The analyzer, compiler, equations and reference read a kind only through
 * these fields; adding a kind is its file(s) in core/components/, a line in
 * the registry (bg-components-private.h, bg-library.c) and the build.
 * Must not: be included outside core/ (the UI reads the public
 * BgComponentSpec and bg-component-doc.h), or hold per-document state.
 *
 * Required fields: type, id_prefix, noun, named, emit, form, equations,
 * causality. The others are NULL / 0 where the kind has nothing to say
 * (tests/test-library.c checks both).
 * Included by: core/, tests/.
 */
#pragma once

#include "bg-library.h"
#include "bg-compiler-private.h"
#include "bg-equations-private.h"

G_BEGIN_DECLS

typedef enum
{
  BG_JUNCTION_NONE,
  BG_JUNCTION_COMMON_EFFORT,  /* the 0-junction */
  BG_JUNCTION_COMMON_FLOW,    /* the 1-junction */
} BgJunctionKind;

/* When a kind's `states` exist in an analysed model. */
typedef enum
{
  BG_STATES_NONE,
  BG_STATES_WHEN_INTEGRAL,  /* one-port storage whose port has its integral role */
  BG_STATES_ALWAYS,         /* kinematic states (the cylinder's x) */
  BG_STATES_WHEN_ALL_IN,    /* every port receives effort (the motor's two inertias) */
} BgStateRule;

/* Typical effort and flow of each domain, collected over a model before it
 * is compiled (bg-compiler-scales.c). Arrays are indexed by BgDomain. */
typedef struct
{
  double *e;
  double *f;
  double *r_max;
  double  t_end;
} BgScaleHints;

/* The sentence for a junction-like pattern that does not hold: `what` is
 * the element named ("0-junction J1"), `bonds` the offending bonds
 * ("b2 and b4"), n_bonds how many; too_many is FALSE when no port could
 * take the single role. NULL from the function: the generic sentence. */
typedef char *(*BgPatternSentenceFunc) (const char *what,
                                        const char *bonds,
                                        guint       n_bonds,
                                        gboolean    too_many);

typedef void (*BgEmitFunc)  (BgEmit              *em,
                             const BgEmitElement *el);
typedef void (*BgScaleFunc) (BgScaleHints        *hints,
                             const BgEmitElement *el);

struct _BgComponentKind
{
  const char *type;       /* the file's type word: "C", "CylinderDA" */
  const char *id_prefix;  /* new elements' ids: "C" → C1, C2; "J0_" → J0_1 */
  const char *noun;       /* N_(): "capacitor", "0-junction": the reference's words */
  const char *named;      /* N_(), one %s for the id: "0-junction %s", "C %s" */

  BgJunctionKind     junction;
  gboolean           boundary;     /* a component Port: flattening removes it */
  gboolean           instance;     /* an instance of a user component (bg-definition.c) */
  BgStateRule        state_rule;
  const char *const *states;       /* NULL-terminated suffixes: {"q"}, {"p", "s"} */
  /* The heads of their symbols in the equations where they differ from
   * the suffixes (one per state, NULL: the suffix): a motor's rotor
   * momentum L is p_MOT, as every momentum (core/bg-equations-names.c). */
  const char *const *state_symbols;
  const char        *energy_state; /* E = state²/(2·value) in the equations view: "q", "p" */

  /* Causal details beyond BgCausalRule. */
  gboolean     merges_on_common_flow; /* two on one 1-junction merge, values added (I) */
  gboolean     feedthrough;           /* fixed pattern whose flows follow the efforts it receives (pump) */
  const char  *conflict_advice;       /* N_(): said when it is among the elements of a conflict */
  const char *const *derivative_advice; /* N_() by BgDomain of the forced port: when it forces a storage */
  BgPatternSentenceFunc pattern_sentence;

  /* Numbers and symbols. */
  BgEmitFunc  emit;            /* numeric equations into a plan (bg-compiler-private.h) */
  BgEqForm    form;            /* the same equations as symbols (bg-equations-private.h) */
  BgScaleFunc estimate_scales; /* what its parameters say of effort and flow sizes */
  guint       carry_pass;      /* 1, 2: carries scales between its ports' domains, in that pass */
  BgScaleFunc carry_scales;

  /* The component reference. Equations are textbook lines in plain Unicode
   * with `_` before a subscript word and {e} {f} {q} {p} for the domain's
   * effort, flow, C state and I state symbols ("{e} = R·{f}_local"). */
  const char *const *equations;
  const char        *initial_state; /* N_(): what "initial" means, or NULL */
  const char        *causality;     /* N_(): its causal pattern in one sentence */
};

/* "0-junction J1": the kind's translated `named` form with the id
 * (bg-component-kind.c). */
char  *_bg_component_kind_describe (const BgComponentKind *kind,
                                    const char            *id);

/* Scale helpers the kinds share (bg-compiler-scales.c). */
void   _bg_scale_bump          (double              *slot,
                                double               value);
double _bg_scale_wave_magnitude (const BgEmitElement *el,
                                 const char          *value_name,
                                 double               t_end);
/* e_S = r f_P and f_S = e_P / r, both ways, between ports 0 and 1. */
void   _bg_scale_carry_gyrator (BgScaleHints        *hints,
                                const BgEmitElement *el,
                                double               r);

G_END_DECLS
