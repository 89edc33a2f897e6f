/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy.h — the energy balance of a run: who supplies, dissipates,
 * stores and passes on energy, and how much (docs/command-line.md, energy).
 *
 * Owns: BgEnergy, made for one plan compiled with energy accounts
 * (bg_compiler_compile_with_energy). Its accounts come from the component
 * kinds (core/components/): each element has one account per role it
 * plays, in the order its kind declares them — a resistance one
 * (dissipator), a DC motor three (transducer: the electrical energy it takes
 * in; dissipator: R_a i² + b ω²; storage: ½ L_a i² + ½ J ω²). Junctions have
 * none. The simulator fills its ledger while it runs
 * (bg_simulator_run_with_energy): one row per output row of the run, each
 * account's cumulative energy integrated by the solver itself (quadratures
 * of the run, not a rule over the rows), a storage's as E(state) − E(0).
 * Must not: run a simulation, know about files, GTK or the command line.
 *
 * Signs: a source's energy is what it supplied to the network (a load that
 * takes energy from it supplies a negative amount), a dissipator's what it
 * turned into heat (≥ 0), a storage's the change of what it stores, a
 * transducer's what entered it at its first port (it gives the same on:
 * TF, GY and CylinderDA neither store nor dissipate). The balance:
 * residual = supplied − dissipated − stored, where supplied, dissipated and
 * stored sum the sources', dissipators' and storages' accounts; its
 * relative size is |residual| / max(|supplied|, dissipated, |stored|,
 * E(0), E(end)), E the total stored energy (a free oscillator moves none).
 *
 * Threads: the ledger is a BgResult (bg-result.h): one writer (the run),
 * any number of readers. bg_energy_eval_state() and bg_energy_eval_row()
 * use scratch space of the BgEnergy: call them from one thread at a time.
 */
#pragma once

#include <glib.h>
#include "bg-plan.h"
#include "bg-result.h"

G_BEGIN_DECLS

#define BG_ENERGY_ERROR (bg_energy_error_quark ())
GQuark bg_energy_error_quark (void);

typedef enum
{
  BG_ENERGY_ERROR_NOT_RECORDED = 1, /* the result does not store the states */
  BG_ENERGY_ERROR_ALGEBRAIC,        /* an algebraic group has no solution there */
} BgEnergyError;

typedef enum
{
  BG_ENERGY_SOURCE,
  BG_ENERGY_DISSIPATOR,
  BG_ENERGY_STORAGE,
  BG_ENERGY_TRANSDUCER,
} BgEnergyRole;

#define BG_ENERGY_N_ROLES 4

/* The totals of a ledger row, in the order of its last columns. */
typedef enum
{
  BG_ENERGY_SUPPLIED,
  BG_ENERGY_DISSIPATED,
  BG_ENERGY_STORED,
  BG_ENERGY_RESIDUAL,
} BgEnergyTotal;

#define BG_ENERGY_N_TOTALS 4

/* "source", "dissipator", "storage", "transducer": the JSON words. */
const char   *bg_energy_role_name        (BgEnergyRole  role);
/* The same, translated. */
const char   *bg_energy_role_label       (BgEnergyRole  role);
/* "supplied", "dissipated", "stored", "residual": the CSV's column names. */
const char   *bg_energy_total_name       (BgEnergyTotal total);
const char   *bg_energy_total_label      (BgEnergyTotal total);

typedef struct _BgEnergy BgEnergy;

/* Whether plan was compiled with energy accounts. */
gboolean      bg_plan_has_energy         (const BgPlan *plan);

/* An empty ledger for plan (a reference is taken), or NULL when the plan
 * has no energy accounts. */
BgEnergy     *bg_energy_new              (BgPlan       *plan);
BgEnergy     *bg_energy_ref              (BgEnergy     *self);
void          bg_energy_unref            (BgEnergy     *self);
BgPlan       *bg_energy_get_plan         (BgEnergy     *self);

/* Accounts, in model order (elements), then each kind's order. */
guint         bg_energy_get_n_accounts   (BgEnergy     *self);
const char   *bg_energy_get_account_element (BgEnergy  *self,
                                          guint         account);
BgEnergyRole  bg_energy_get_account_role (BgEnergy     *self,
                                          guint         account);
/* Its ledger column: "R1.W"; a second account of one element adds its
 * role: "MOT.W_dissipator", "MOT.W_storage". */
const char   *bg_energy_get_account_name (BgEnergy     *self,
                                          guint         account);
/* The first account of element_id and how many it has (0 and FALSE when
 * it has none: a junction). */
gboolean      bg_energy_find_element     (BgEnergy     *self,
                                          const char   *element_id,
                                          guint        *first,
                                          guint        *n_accounts);

/* The ledger: column 0 is "t", column 1 + a account a's cumulative energy
 * in J, then the totals (bg_energy_get_total_column). One row per output
 * row of the run, at the same times. */
BgResult     *bg_energy_get_ledger       (BgEnergy     *self);
/* Why the ledger stopped before the run's end (translated: "At t = 0.501 s
 * the energy U.W (energy supplied by U) is not a finite number"), or NULL.
 * A ledger that cannot go on never stops the run itself: the run ends as
 * it would without energy. Read it once the run has ended. */
const char   *bg_energy_get_failure      (BgEnergy     *self);
guint         bg_energy_get_total_column (BgEnergy     *self,
                                          BgEnergyTotal total);
gsize         bg_energy_get_n_rows       (BgEnergy     *self);
double        bg_energy_get_value        (BgEnergy     *self,
                                          guint         account,
                                          gsize         row);
double        bg_energy_get_total        (BgEnergy     *self,
                                          BgEnergyTotal total,
                                          gsize         row);
/* The energy storage account held at the ledger's first row, J (0 for
 * the other roles, and before the first row). Its value at a row plus this
 * is what it holds then. */
double        bg_energy_get_initial      (BgEnergy     *self,
                                          guint         account);
/* The total energy stored at that row (not its change), J. */
double        bg_energy_get_stored_sum   (BgEnergy     *self,
                                          gsize         row);
/* |residual| over the scale of the balance at that row (see the top); 0
 * when nothing moved and nothing is stored. */
double        bg_energy_get_relative_residual (BgEnergy *self,
                                          gsize         row);

/* Instantaneous values, for any state: power[a] (W, the account's sense:
 * supplied, dissipated, into the storage, passed on) and stored[a] (J, the
 * energy a storage holds; 0 for the other roles); either may be NULL. */
gboolean      bg_energy_eval_state       (BgEnergy     *self,
                                          double        t,
                                          const double *y,
                                          double       *power,
                                          double       *stored,
                                          GError      **error);
/* The same at a row of a result of the same plan that stores the states
 * (the window's and bg_simulator_new_result() results do). */
gboolean      bg_energy_eval_row         (BgEnergy     *self,
                                          BgResult     *result,
                                          gsize         row,
                                          double       *power,
                                          double       *stored,
                                          GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgEnergy, bg_energy_unref)

G_END_DECLS
