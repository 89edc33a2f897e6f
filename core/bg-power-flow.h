/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-power-flow.h — what the power-flow view shows, read from a run.
 *
 * In the layout: core/; the canvas's power-flow mode (ui/bg-canvas-power.c)
 * draws it, tests check it against `bgmod-cli simulate`.
 *
 * Owns: for the bonds and elements of the model shown (one level of a
 * document: its result names start with a prefix, "" or "T2."), the
 * columns of a run's BgResult that give each bond's effort, flow and power
 * (derived once when the run did not record them: no rerun), each
 * storage's stored energy and each dissipator's power — from the energy
 * accounts of the plan (bg-energy.h) when it was compiled with them,
 * which every component kind declares, else for C, I and R from their
 * columns (EL.E, EL.e · EL.f) — their
 * peaks over the run (the scales the drawing uses) and their values at any
 * instant, linearly interpolated between rows as the time plot draws them.
 * Must not: draw, simulate, keep pointers into the model (it copies what it
 * needs; bg_power_flow_matches() says whether a model is still the one it
 * was made for), or write to the result other than deriving its columns.
 */
#pragma once

#include "bg-model.h"
#include "bg-model-flatten.h"
#include "bg-plan.h"
#include "bg-result.h"

G_BEGIN_DECLS

typedef struct _BgPowerFlow BgPowerFlow;

/* What an element is in the drawing: the first that applies of storage
 * (it stores energy: C, I, the accumulator, the load, the motor),
 * dissipator (R, the pump's and cylinder's losses), source; none for
 * junctions, TF, GY and instances, which pass power on. */
typedef enum
{
  BG_POWER_ROLE_NONE,
  BG_POWER_ROLE_SOURCE,
  BG_POWER_ROLE_STORAGE,
  BG_POWER_ROLE_DISSIPATOR,
} BgPowerRole;

/* The values of one bond at an instant: power in the direction of its
 * half-arrow (`BOND.P`); NAN where the result does not give them. */
typedef struct
{
  double e;
  double f;
  double p;
} BgPowerBondValues;

/* The values of one element at an instant: stored energy (J) and the
 * fraction it is of the element's peak over the run (0…1) for one that
 * stores, dissipated power (W, ≥ 0) for one that dissipates; NAN
 * otherwise. */
typedef struct
{
  double energy;
  double fill;
  double loss;
} BgPowerElementValues;

/* The bonds and elements of model (in model order), their names in result
 * prefixed with prefix (NULL: ""). plan: the one the result is of (NULL,
 * or without energy accounts: only C, I and R show energy and losses).
 * Derives the columns it needs. */
BgPowerFlow *bg_power_flow_new             (BgResult     *result,
                                            BgPlan       *plan,
                                            BgModel      *model,
                                            const char   *prefix);
/* The same, with the name of the result's bond that a bond of the level
 * stands for when its own path is not one of the result's (a bond through
 * a component's port became the outer bond, bg-model-flatten.h): alias
 * returns it (newly allocated, NULL: none) and the sign that turns that
 * bond's flow and power into this one's, along this one's half-arrow. */
typedef char *(*BgPowerFlowAliasFunc) (const char *path,
                                       double     *sign,
                                       gpointer    data);
BgPowerFlow *bg_power_flow_new_with_aliases (BgResult             *result,
                                             BgPlan               *plan,
                                             BgModel              *model,
                                             const char           *prefix,
                                             BgPowerFlowAliasFunc  alias,
                                             gpointer              alias_data);
/* An alias func for a level of a document with components: the level's
 * model and prefix, the document's flat graph and its map back
 * (bg_model_flatten), none of them kept past the call that makes the
 * flow. */
typedef struct
{
  BgModel    *level;
  const char *prefix;
  BgModel    *flat;
  BgFlatMap  *map;
} BgPowerFlowPorts;

char        *bg_power_flow_alias_through_ports (const char *path,
                                                double     *sign,
                                                gpointer    ports);
void         bg_power_flow_free            (BgPowerFlow  *self);

/* Whether model is the one (at the revision) the flow was made for, and
 * the result has no more rows than it had then. */
gboolean     bg_power_flow_matches         (BgPowerFlow  *self,
                                            BgModel      *model,
                                            BgResult     *result);
BgResult    *bg_power_flow_get_result      (BgPowerFlow  *self);
guint        bg_power_flow_get_n_bonds     (BgPowerFlow  *self);
guint        bg_power_flow_get_n_elements  (BgPowerFlow  *self);
BgPowerRole  bg_power_flow_get_role        (BgPowerFlow  *self,
                                            guint         element);
/* Whether any element stores (BG_POWER_ROLE_STORAGE), dissipates
 * (_DISSIPATOR) or has that role. */
gboolean     bg_power_flow_has_role        (BgPowerFlow  *self,
                                            BgPowerRole   role);
/* Whether the values come from the plan's energy accounts. */
gboolean     bg_power_flow_has_accounts    (BgPowerFlow  *self);
/* The run's first and last time. */
void         bg_power_flow_get_time_range  (BgPowerFlow  *self,
                                            double       *t_start,
                                            double       *t_end);
/* The time between rows (the run's output step, from its first rows). */
double       bg_power_flow_get_row_step    (BgPowerFlow  *self);
/* The largest |P| of any bond (and dissipated power of any element) over
 * the run, 0 when power never flows. */
double       bg_power_flow_get_peak_power  (BgPowerFlow  *self);
/* A storage's largest stored energy over the run (0 if it never holds
 * any, NAN for other elements; a run of more than 2 000 rows is read at
 * 2 000 of them, evenly spread). */
double       bg_power_flow_get_peak_energy (BgPowerFlow  *self,
                                            guint         element);

/* Every bond's values at t (n_bonds entries). */
void         bg_power_flow_bonds_at        (BgPowerFlow          *self,
                                            double                t,
                                            BgPowerBondValues    *values);
/* Every element's values at t (n_elements entries). */
void         bg_power_flow_elements_at     (BgPowerFlow          *self,
                                            double                t,
                                            BgPowerElementValues *values);

G_END_DECLS
