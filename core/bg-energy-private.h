/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-private.h — the energy accounts inside a plan, and what the
 * simulator calls to fill a ledger.
 *
 * Owns: BgPlanEnergy, the accounts the compiler collected from the kinds'
 * _bg_emit_energy_*() calls (bg-compiler-private.h): per account its
 * element and role, and terms value = c · r[reg] (W for a power, J for the
 * energy a storage holds). The registers are defined by output-only
 * operations that only a run asking for energy evaluates. And the run's
 * side: the quadrature right-hand side (the power of every account that is
 * integrated: all but the storages) and the ledger rows.
 * Must not: be included outside core/.
 * Included by: core/bg-energy*.c, core/bg-compiler*.c,
 * core/bg-compiler-passes-private.h, core/bg-plan.c, core/bg-simulator.c.
 */
#pragma once

#include "bg-energy.h"
#include "bg-plan-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint    account;
  guint32  reg;
  double   c;
  gboolean stored;   /* J held by a storage; FALSE: W */
} BgEnergyTerm;

typedef struct _BgPlanEnergy
{
  guint          n_accounts;
  char         **element;    /* n_accounts + NULL */
  BgEnergyRole  *role;
  guint          n_terms;
  BgEnergyTerm  *terms;
} BgPlanEnergy;

void     _bg_plan_energy_free      (BgPlanEnergy *energy);

struct _BgEnergy
{
  gatomicrefcount     ref_count;
  BgPlan             *plan;
  const BgPlanEnergy *pe;        /* the plan's */
  char              **names;     /* column names, n_accounts + NULL */
  guint               n_quad;
  guint              *quad_of;   /* account -> its quadrature, G_MAXUINT for a storage */
  double             *e0;        /* the energy each storage held at the first row */
  char               *failure;   /* why the ledger stopped before the run's end, or NULL */
  BgResult           *ledger;
  /* bg_energy_eval_state(): made at its first call */
  BgPlanWork         *work;
  BgOp               *eval_ops;
  guint               n_eval_ops;
  double             *y;
};

/* power[a] and stored[a] (either may be NULL) from registers regs. */
void     _bg_energy_sum_terms      (const BgPlanEnergy *pe,
                                    const double       *regs,
                                    double             *power,
                                    double             *stored);

/* The run's side (bg-energy-run.c). One per run: its own work, so that the
 * solver's and the output rows' algebraic guesses stay as they were. */
typedef struct _BgEnergyRun BgEnergyRun;

BgEnergyRun *_bg_energy_run_new      (BgEnergy     *energy);
void         _bg_energy_run_free     (BgEnergyRun  *run);
/* How many quadratures the run integrates (accounts other than storages). */
guint        _bg_energy_run_n_quad   (BgEnergyRun  *run);
/* Their derivatives at (t, y): qdot[n_quad]; t_wave as the right-hand side
 * has it. FALSE when an algebraic group failed. */
gboolean     _bg_energy_run_power    (BgEnergyRun  *run,
                                      double        t,
                                      double        t_wave,
                                      const double *y,
                                      double       *qdot);
/* A typical size of the quadratures' derivatives at (t, y) (the largest
 * |qdot|), for their absolute tolerances. */
double       _bg_energy_run_power_scale (BgEnergyRun *run,
                                      double        t,
                                      const double *y);
/* Appends the ledger row at t from the state y and the quadratures q
 * (n_quad cumulative energies). When an algebraic group fails or a value
 * of the row is not finite, the ledger stops before that row, with the
 * reason in its failure (bg_energy_get_failure); later calls do nothing. */
void         _bg_energy_run_append   (BgEnergyRun  *run,
                                      double        t,
                                      const double *y,
                                      const double *q);

G_END_DECLS
