/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy-run.c — what a run evaluates for its energy ledger.
 *
 * Owns: BgEnergyRun (bg-energy-private.h): the right-hand side of the
 * run's quadratures (the power of every account but the storages, from the
 * operations those powers need, in a work of its own) and the ledger rows
 * (each storage's energy from the state, minus its first value; the
 * quadratures as the solver integrated them; the totals), and where the
 * ledger stops when a row cannot be computed. Must not: call
 * the solver (bg-simulator.c does) or change the plan.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-energy-private.h"

struct _BgEnergyRun
{
  BgEnergy   *energy;
  BgPlanWork *power_work, *row_work;
  BgOp       *power_ops, *stored_ops;
  guint       n_power_ops, n_stored_ops;
  double     *power, *stored;   /* n_accounts */
  double     *row;              /* one ledger row */
  gboolean    started;
  gboolean    stopped;          /* the ledger has stopped (energy->failure) */
};

static BgOp *
select_terms (const BgPlan *plan, gboolean stored, guint *n_ops)
{
  const BgPlanEnergy *pe = plan->energy;
  g_autofree gboolean *needed = g_new0 (gboolean, MAX (plan->n_regs, 1));

  for (guint i = 0; i < pe->n_terms; i++)
    {
      const BgEnergyTerm *term = &pe->terms[i];
      /* Only the storages' energies (rows) or the integrated powers. */
      if (stored ? term->stored
                 : !term->stored && pe->role[term->account] != BG_ENERGY_STORAGE)
        needed[term->reg] = TRUE;
    }
  return _bg_plan_select_ops (plan, needed, n_ops);
}

BgEnergyRun *
_bg_energy_run_new (BgEnergy *energy)
{
  BgEnergyRun *run = g_new0 (BgEnergyRun, 1);
  const BgPlan *plan = energy->plan;
  guint n = MAX (energy->pe->n_accounts, 1);

  run->energy = bg_energy_ref (energy);
  run->power_work = _bg_plan_work_new (plan);
  run->row_work = _bg_plan_work_new (plan);
  run->power_ops = select_terms (plan, FALSE, &run->n_power_ops);
  run->stored_ops = select_terms (plan, TRUE, &run->n_stored_ops);
  run->power = g_new (double, n);
  run->stored = g_new (double, n);
  run->row = g_new (double, 1 + energy->pe->n_accounts + BG_ENERGY_N_TOTALS);
  return run;
}

void
_bg_energy_run_free (BgEnergyRun *run)
{
  if (run == NULL)
    return;
  _bg_plan_work_free (run->power_work);
  _bg_plan_work_free (run->row_work);
  g_free (run->power_ops);
  g_free (run->stored_ops);
  g_free (run->power);
  g_free (run->stored);
  g_free (run->row);
  bg_energy_unref (run->energy);
  g_free (run);
}

guint
_bg_energy_run_n_quad (BgEnergyRun *run)
{
  return run->energy->n_quad;
}


static gboolean
eval_ops (BgPlanWork *work, const BgOp *ops, guint n_ops, double t, double t_wave,
          const double *y)
{
  const BgPlan *plan = work->plan;

  work->t = t;
  work->t_wave = t_wave;
  if (plan->n_states > 0 && y != NULL)
    memcpy (work->regs, y, plan->n_states * sizeof (double));
  return _bg_plan_run_ops (work, ops, n_ops);
}

gboolean
_bg_energy_run_power (BgEnergyRun  *run,
                      double        t,
                      double        t_wave,
                      const double *y,
                      double       *qdot)
{
  const BgEnergy *energy = run->energy;

  if (!eval_ops (run->power_work, run->power_ops, run->n_power_ops, t, t_wave, y))
    return FALSE;
  _bg_energy_sum_terms (energy->pe, run->power_work->regs, run->power, NULL);
  for (guint a = 0; a < energy->pe->n_accounts; a++)
    if (energy->quad_of[a] != G_MAXUINT)
      qdot[energy->quad_of[a]] = run->power[a];
  return TRUE;
}

double
_bg_energy_run_power_scale (BgEnergyRun  *run,
                            double        t,
                            const double *y)
{
  const BgEnergy *energy = run->energy;
  double scale = 0;

  if (!eval_ops (run->power_work, run->power_ops, run->n_power_ops, t, t, y))
    return 0;
  _bg_energy_sum_terms (energy->pe, run->power_work->regs, run->power, NULL);
  for (guint a = 0; a < energy->pe->n_accounts; a++)
    if (energy->quad_of[a] != G_MAXUINT && isfinite (run->power[a]))
      scale = MAX (scale, fabs (run->power[a]));
  return scale;
}

/* The ledger ends here, for this reason. */
static void
stop (BgEnergyRun *run, char *reason)
{
  run->stopped = TRUE;
  run->energy->failure = reason;
}

void
_bg_energy_run_append (BgEnergyRun  *run,
                       double        t,
                       const double *y,
                       const double *q)
{
  BgEnergy *energy = run->energy;
  const BgPlanEnergy *pe = energy->pe;
  double totals[BG_ENERGY_N_TOTALS] = { 0 };
  double *row = run->row;

  if (run->stopped)
    return;
  if (!eval_ops (run->row_work, run->stored_ops, run->n_stored_ops, t, t, y))
    {
      stop (run, g_strdup_printf (_("At t = %g s an algebraic loop has no solution"), t));
      return;
    }
  _bg_energy_sum_terms (pe, run->row_work->regs, NULL, run->stored);
  /* The first row fixes each storage's starting energy (written before
   * the row is published: readers see it with the row). */
  if (!run->started)
    {
      for (guint a = 0; a < pe->n_accounts; a++)
        energy->e0[a] = pe->role[a] == BG_ENERGY_STORAGE ? run->stored[a] : 0;
      run->started = TRUE;
    }
  row[0] = t;
  for (guint a = 0; a < pe->n_accounts; a++)
    {
      double value = pe->role[a] == BG_ENERGY_STORAGE ? run->stored[a] - energy->e0[a]
                                                      : q[energy->quad_of[a]];
      row[1 + a] = value + 0.0;
      switch (pe->role[a])
        {
        case BG_ENERGY_SOURCE:
          totals[BG_ENERGY_SUPPLIED] += value;
          break;
        case BG_ENERGY_DISSIPATOR:
          totals[BG_ENERGY_DISSIPATED] += value;
          break;
        case BG_ENERGY_STORAGE:
          totals[BG_ENERGY_STORED] += value;
          break;
        case BG_ENERGY_TRANSDUCER:
        default:
          break;
        }
    }
  totals[BG_ENERGY_RESIDUAL] = totals[BG_ENERGY_SUPPLIED] - totals[BG_ENERGY_DISSIPATED]
                               - totals[BG_ENERGY_STORED];
  for (guint k = 0; k < BG_ENERGY_N_TOTALS; k++)
    row[1 + pe->n_accounts + k] = totals[k] + 0.0;
  for (guint c = 1; c < 1 + pe->n_accounts + BG_ENERGY_N_TOTALS; c++)
    if (!isfinite (row[c]))
      {
        /* Translators: the time, a ledger column ("U.W", "supplied"), then what it is ("energy supplied by U") */
        stop (run, g_strdup_printf (_("At t = %g s the energy %s (%s) is not a finite number"), t,
                                    bg_result_get_var_name (energy->ledger, c),
                                    bg_result_get_var_description (energy->ledger, c)));
        return;
      }
  bg_result_append_row (energy->ledger, row);
}
