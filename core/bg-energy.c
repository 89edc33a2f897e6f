/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-energy.c — the energy ledger of a run and its accounts.
 *
 * Owns: BgEnergy (bg-energy.h): the accounts of a plan compiled with
 * energy (their elements, roles and column names), the ledger result the
 * run fills (bg-energy-run.c), its totals and relative residual, and the
 * instantaneous power and stored energy of every account at any state.
 * Must not: integrate anything (the run's solver does), know about files,
 * or switch on component kinds (the kinds declare their accounts).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-energy-private.h"
#include "bg-ref-count-private.h"

G_DEFINE_QUARK (bg-energy-error-quark, bg_energy_error)

static const char *const role_names[BG_ENERGY_N_ROLES] = {
  "source", "dissipator", "storage", "transducer",
};
static const char *const role_labels[BG_ENERGY_N_ROLES] = {
  N_("source"), N_("dissipator"), N_("storage"), N_("transducer"),
};
static const char *const total_names[BG_ENERGY_N_TOTALS] = {
  "supplied", "dissipated", "stored", "residual",
};
static const char *const total_labels[BG_ENERGY_N_TOTALS] = {
  N_("supplied"), N_("dissipated"), N_("stored"), N_("residual"),
};

const char *
bg_energy_role_name (BgEnergyRole role)
{
  g_return_val_if_fail (role < BG_ENERGY_N_ROLES, "");
  return role_names[role];
}

const char *
bg_energy_role_label (BgEnergyRole role)
{
  g_return_val_if_fail (role < BG_ENERGY_N_ROLES, "");
  return _(role_labels[role]);
}

const char *
bg_energy_total_name (BgEnergyTotal total)
{
  g_return_val_if_fail (total < BG_ENERGY_N_TOTALS, "");
  return total_names[total];
}

const char *
bg_energy_total_label (BgEnergyTotal total)
{
  g_return_val_if_fail (total < BG_ENERGY_N_TOTALS, "");
  return _(total_labels[total]);
}

gboolean
bg_plan_has_energy (const BgPlan *plan)
{
  g_return_val_if_fail (plan != NULL, FALSE);
  return plan->energy != NULL;
}

void
_bg_plan_energy_free (BgPlanEnergy *energy)
{
  if (energy == NULL)
    return;
  g_strfreev (energy->element);
  g_free (energy->role);
  g_free (energy->terms);
  g_free (energy);
}

/* Accounts and ledger --------------------------------------------------- */

/* "R1.W"; an element's second account and on: "MOT.W_dissipator". */
static char **
column_names (const BgPlanEnergy *pe)
{
  char **names = g_new0 (char *, pe->n_accounts + 1);

  for (guint a = 0; a < pe->n_accounts; a++)
    {
      gboolean first = a == 0 || g_strcmp0 (pe->element[a - 1], pe->element[a]) != 0;

      names[a] = first ? g_strdup_printf ("%s.W", pe->element[a])
                       : g_strdup_printf ("%s.W_%s", pe->element[a], role_names[pe->role[a]]);
    }
  return names;
}

static char *
account_description (BgEnergyRole role, const char *id)
{
  switch (role)
    {
    case BG_ENERGY_SOURCE:
      return g_strdup_printf (_("energy supplied by %s"), id);
    case BG_ENERGY_DISSIPATOR:
      return g_strdup_printf (_("energy dissipated in %s"), id);
    case BG_ENERGY_STORAGE:
      return g_strdup_printf (_("change of the energy stored in %s"), id);
    case BG_ENERGY_TRANSDUCER:
    default:
      return g_strdup_printf (_("energy passed through %s"), id);
    }
}

static const char *
total_description (BgEnergyTotal total)
{
  switch (total)
    {
    case BG_ENERGY_SUPPLIED:
      return _("energy supplied by all sources");
    case BG_ENERGY_DISSIPATED:
      return _("energy dissipated in all resistances and losses");
    case BG_ENERGY_STORED:
      return _("change of the energy stored in all storages");
    case BG_ENERGY_RESIDUAL:
    default:
      return _("supplied − dissipated − stored: zero up to the solver's error");
    }
}

static BgResult *
new_ledger (BgEnergy *self)
{
  const BgPlanEnergy *pe = self->pe;
  guint n = 1 + pe->n_accounts + BG_ENERGY_N_TOTALS;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) units = g_ptr_array_new ();
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (names, (gpointer) "t");
  g_ptr_array_add (units, (gpointer) "s");
  g_ptr_array_add (texts, g_strdup (_("time")));
  for (guint a = 0; a < pe->n_accounts; a++)
    {
      g_ptr_array_add (names, self->names[a]);
      g_ptr_array_add (units, (gpointer) "J");
      g_ptr_array_add (texts, account_description (pe->role[a], pe->element[a]));
    }
  for (guint k = 0; k < BG_ENERGY_N_TOTALS; k++)
    {
      g_ptr_array_add (names, (gpointer) total_names[k]);
      g_ptr_array_add (units, (gpointer) "J");
      g_ptr_array_add (texts, g_strdup (total_description (k)));
    }
  return bg_result_new (n, (const char *const *) names->pdata, (const char *const *) units->pdata,
                        (const char *const *) texts->pdata);
}

/* The ops that compute every term's register. */
static void
select_eval_ops (BgEnergy *self)
{
  const BgPlan *plan = self->plan;
  g_autofree gboolean *needed = g_new0 (gboolean, MAX (plan->n_regs, 1));

  for (guint i = 0; i < self->pe->n_terms; i++)
    needed[self->pe->terms[i].reg] = TRUE;
  self->eval_ops = _bg_plan_select_ops (plan, needed, &self->n_eval_ops);
}

BgEnergy *
bg_energy_new (BgPlan *plan)
{
  BgEnergy *self;
  const BgPlanEnergy *pe;

  g_return_val_if_fail (plan != NULL, NULL);
  if (plan->energy == NULL)
    return NULL;
  pe = plan->energy;
  self = g_new0 (BgEnergy, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->plan = bg_plan_ref (plan);
  self->pe = pe;
  self->names = column_names (pe);
  self->quad_of = g_new (guint, MAX (pe->n_accounts, 1));
  for (guint a = 0; a < pe->n_accounts; a++)
    self->quad_of[a] = pe->role[a] == BG_ENERGY_STORAGE ? G_MAXUINT : self->n_quad++;
  self->e0 = g_new0 (double, MAX (pe->n_accounts, 1));
  self->ledger = new_ledger (self);
  return self;
}

static void
energy_free (BgEnergy *self)
{
  bg_result_unref (self->ledger);
  g_strfreev (self->names);
  g_free (self->quad_of);
  g_free (self->e0);
  g_free (self->failure);
  g_free (self->eval_ops);
  g_free (self->y);
  _bg_plan_work_free (self->work);
  bg_plan_unref (self->plan);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgEnergy, bg_energy, energy_free)

BgPlan *
bg_energy_get_plan (BgEnergy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->plan;
}

guint
bg_energy_get_n_accounts (BgEnergy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pe->n_accounts;
}

const char *
bg_energy_get_account_element (BgEnergy *self,
                               guint     account)
{
  g_return_val_if_fail (self != NULL && account < self->pe->n_accounts, NULL);
  return self->pe->element[account];
}

BgEnergyRole
bg_energy_get_account_role (BgEnergy *self,
                            guint     account)
{
  g_return_val_if_fail (self != NULL && account < self->pe->n_accounts, BG_ENERGY_SOURCE);
  return self->pe->role[account];
}

const char *
bg_energy_get_account_name (BgEnergy *self,
                            guint     account)
{
  g_return_val_if_fail (self != NULL && account < self->pe->n_accounts, NULL);
  return self->names[account];
}

gboolean
bg_energy_find_element (BgEnergy   *self,
                        const char *element_id,
                        guint      *first,
                        guint      *n_accounts)
{
  const BgPlanEnergy *pe;
  guint a = 0, n = 0;

  g_return_val_if_fail (self != NULL && element_id != NULL, FALSE);
  pe = self->pe;
  while (a < pe->n_accounts && !g_str_equal (pe->element[a], element_id))
    a++;
  while (a + n < pe->n_accounts && g_str_equal (pe->element[a + n], element_id))
    n++;
  if (first != NULL)
    *first = n > 0 ? a : 0;
  if (n_accounts != NULL)
    *n_accounts = n;
  return n > 0;
}

const char *
bg_energy_get_failure (BgEnergy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->failure;
}

BgResult *
bg_energy_get_ledger (BgEnergy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->ledger;
}

guint
bg_energy_get_total_column (BgEnergy     *self,
                            BgEnergyTotal total)
{
  g_return_val_if_fail (self != NULL && total < BG_ENERGY_N_TOTALS, 0);
  return 1 + self->pe->n_accounts + total;
}

gsize
bg_energy_get_n_rows (BgEnergy *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return bg_result_get_n_rows (self->ledger);
}

double
bg_energy_get_value (BgEnergy *self,
                     guint     account,
                     gsize     row)
{
  g_return_val_if_fail (self != NULL && account < self->pe->n_accounts, NAN);
  return bg_result_get_value (self->ledger, 1 + account, row);
}

double
bg_energy_get_total (BgEnergy     *self,
                     BgEnergyTotal total,
                     gsize         row)
{
  g_return_val_if_fail (self != NULL && total < BG_ENERGY_N_TOTALS, NAN);
  return bg_result_get_value (self->ledger, bg_energy_get_total_column (self, total), row);
}

double
bg_energy_get_initial (BgEnergy *self,
                       guint     account)
{
  g_return_val_if_fail (self != NULL && account < self->pe->n_accounts, NAN);
  return self->e0[account];
}

double
bg_energy_get_stored_sum (BgEnergy *self,
                          gsize     row)
{
  double sum;

  g_return_val_if_fail (self != NULL, NAN);
  sum = bg_energy_get_total (self, BG_ENERGY_STORED, row);
  for (guint a = 0; a < self->pe->n_accounts; a++)
    sum += self->e0[a];
  return sum;
}

double
bg_energy_get_relative_residual (BgEnergy *self,
                                 gsize     row)
{
  double scale, e_start = 0;

  g_return_val_if_fail (self != NULL, NAN);
  for (guint a = 0; a < self->pe->n_accounts; a++)
    e_start += self->e0[a];
  scale = MAX (fabs (bg_energy_get_total (self, BG_ENERGY_SUPPLIED, row)),
               fabs (bg_energy_get_total (self, BG_ENERGY_DISSIPATED, row)));
  scale = MAX (scale, fabs (bg_energy_get_total (self, BG_ENERGY_STORED, row)));
  scale = MAX (scale, fabs (e_start));
  scale = MAX (scale, fabs (bg_energy_get_stored_sum (self, row)));
  if (!(scale > 0))
    return 0;
  return fabs (bg_energy_get_total (self, BG_ENERGY_RESIDUAL, row)) / scale;
}

/* Instantaneous values -------------------------------------------------- */

void
_bg_energy_sum_terms (const BgPlanEnergy *pe,
                      const double       *regs,
                      double             *power,
                      double             *stored)
{
  if (power != NULL)
    memset (power, 0, pe->n_accounts * sizeof (double));
  if (stored != NULL)
    memset (stored, 0, pe->n_accounts * sizeof (double));
  for (guint i = 0; i < pe->n_terms; i++)
    {
      const BgEnergyTerm *term = &pe->terms[i];
      double *to = term->stored ? stored : power;

      if (to != NULL)
        to[term->account] += term->c * regs[term->reg];
    }
}

gboolean
bg_energy_eval_state (BgEnergy     *self,
                      double        t,
                      const double *y,
                      double       *power,
                      double       *stored,
                      GError      **error)
{
  const BgPlan *plan;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (y != NULL || self->plan->n_states == 0, FALSE);
  plan = self->plan;
  if (self->work == NULL)
    {
      self->work = _bg_plan_work_new (plan);
      select_eval_ops (self);
    }
  self->work->t = t;
  self->work->t_wave = t;
  if (plan->n_states > 0)
    memcpy (self->work->regs, y, plan->n_states * sizeof (double));
  if (!_bg_plan_run_ops (self->work, self->eval_ops, self->n_eval_ops))
    {
      g_set_error (error, BG_ENERGY_ERROR, BG_ENERGY_ERROR_ALGEBRAIC,
                   _("At t = %g s an algebraic loop has no solution"), t);
      return FALSE;
    }
  _bg_energy_sum_terms (self->pe, self->work->regs, power, stored);
  return TRUE;
}

gboolean
bg_energy_eval_row (BgEnergy  *self,
                    BgResult  *result,
                    gsize      row,
                    double    *power,
                    double    *stored,
                    GError   **error)
{
  const BgPlan *plan;

  g_return_val_if_fail (self != NULL && result != NULL, FALSE);
  g_return_val_if_fail (row < bg_result_get_n_rows (result), FALSE);
  plan = self->plan;
  if (self->y == NULL)
    self->y = g_new (double, MAX (plan->n_states, 1));
  for (guint i = 0; i < plan->n_states; i++)
    {
      int v = _bg_plan_state_var (plan, i);

      if (v < 0 || (guint) v >= bg_result_get_n_vars (result)
          || bg_result_get_n_filled (result, (guint) v) <= row)
        {
          g_set_error (error, BG_ENERGY_ERROR, BG_ENERGY_ERROR_NOT_RECORDED,
                       _("The result does not hold the state %s"), plan->state_names[i]);
          return FALSE;
        }
      self->y[i] = bg_result_get_value (result, (guint) v, row);
    }
  return bg_energy_eval_state (self, bg_result_get_value (result, 0, row), self->y,
                               power, stored, error);
}
