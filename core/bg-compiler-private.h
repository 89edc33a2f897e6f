/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-private.h — what the per-component equation files
 * (core/components/bg-*-eqs.c) use to emit their equations into a plan.
 *
 * Owns: the emitter interface. An element's equations are written in the
 * causal form the analysis chose: each call defines exactly one register
 * from others (the compiler orders them and finds algebraic loops). Every
 * bond has two registers: its effort e and its flow f at the bond's `to` end,
 * so an element's local flow at a port is s·f with s = +1 when the element is
 * the bond's `to` end and -1 when it is the `from` end (docs/components.md signs).
 * Must not: be included outside core/.
 * Included by: core/bg-compiler*.c, core/bg-compiler-passes-private.h, core/components/.
 */
#pragma once

#include "bg-model.h"
#include "bg-plan-private.h"
#include "bg-energy.h"

G_BEGIN_DECLS

typedef struct _BgEmit BgEmit;

typedef struct
{
  guint    e, f;        /* registers: effort, flow at the bond's `to` end */
  double   s;           /* +1: the element is the `to` end; -1: `from` */
  gboolean effort_in;   /* the port receives effort (the stroke is here) */
  gboolean bonded;      /* FALSE: a free multiport port, e or f held at 0 */
  BgDomain domain;
} BgPortRef;

typedef struct
{
  const BgElement *element;
  const char      *id;
  BgPortRef       *ports;   /* fixed ports in spec order; junctions p1, p2, ... */
  guint            n_ports;
} BgEmitElement;

/* Parameters (the element's value, or the spec default). */
double   _bg_emit_number       (const BgEmitElement *el,
                                const char          *name);
/* A source-like waveform from "waveform", value_name, "after", "time". */
void     _bg_emit_get_wave     (const BgEmitElement *el,
                                const char          *value_name,
                                BgWave              *wave);
const BgParamValue *_bg_emit_param (const BgEmitElement *el,
                                    const char          *name);

double   _bg_emit_effort_scale (BgEmit *em, BgDomain domain);
double   _bg_emit_flow_scale   (BgEmit *em, BgDomain domain);
double   _bg_emit_t_end        (BgEmit *em);

guint    _bg_emit_new_reg      (BgEmit *em, double scale);
/* r[out] = k + Σ coefs[i] r[regs[i]] */
void     _bg_emit_lin          (BgEmit *em, guint out, double k, guint n,
                                const guint *regs, const double *coefs);
void     _bg_emit_copy         (BgEmit *em, guint out, guint in, double c);
void     _bg_emit_const        (BgEmit *em, guint out, double k);
void     _bg_emit_wave         (BgEmit *em, guint out, const BgWave *wave, double c);
void     _bg_emit_mul          (BgEmit *em, guint out, guint a, guint b, double c);
void     _bg_emit_sqr          (BgEmit *em, guint out, guint a, double c);
/* r[out] = c · table(r[in]); xy has 2·n_rows numbers (x increasing). */
void     _bg_emit_table        (BgEmit *em, guint out, guint in,
                                const double *xy, guint n_rows, double c);
void     _bg_emit_gas          (BgEmit *em, guint out, guint in,
                                double p0, double V0, double n);
/* A state "<id>.<suffix>"; returns its register; *deriv is a fresh register
 * the caller must define (the time derivative). */
guint    _bg_emit_state        (BgEmit *em, const BgEmitElement *el,
                                const char *suffix, double y0, double scale,
                                guint *deriv);
/* Output variable "<id>.<suffix>" = scale · r[reg]; unit and description
 * come from the spec's variable of that suffix. */
void     _bg_emit_output       (BgEmit *em, const BgEmitElement *el,
                                const char *suffix, guint reg, double scale);
void     _bg_emit_event        (BgEmit *em, const BgEmitElement *el,
                                BgEventKind kind, guint state_reg,
                                double threshold, int direction);
/* Energy accounts (bg-energy.h). Each call adds a term to el's account of
 * that role, made at its first term: an element's accounts are in the
 * order of these calls. A plan compiled without energy keeps none of it
 * (the calls emit nothing then).
 * A power in the account's sense (supplied, dissipated, into the storage,
 * passed on), W: c · r[a] · r[b], or c · r[a] with b = BG_EMIT_NO_REG. */
#define BG_EMIT_NO_REG G_MAXUINT
void     _bg_emit_energy_power  (BgEmit *em, const BgEmitElement *el,
                                 BgEnergyRole role, guint a, guint b, double c);
/* The energy a storage holds, J, as a function of its state: c · r[a] · r[b]
 * (b = BG_EMIT_NO_REG: c · r[a]). */
void     _bg_emit_energy_stored (BgEmit *em, const BgEmitElement *el,
                                 guint a, guint b, double c);
/* The energy the gas of an accumulator holds at stored volume r[v_f] (the
 * integral of the gas law _bg_emit_gas uses). */
void     _bg_emit_energy_gas    (BgEmit *em, const BgEmitElement *el, guint v_f,
                                 double p0, double V0, double n);

/* Records the first failure; the compile fails with it. */
void     _bg_emit_fail         (BgEmit *em, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Each kind's equations are its BgComponentKind.emit, in
 * core/components/bg-*-eqs.c. */

G_END_DECLS
