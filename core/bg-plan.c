/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plan.c — the compiled plan: accessors and the register-machine
 * interpreter that evaluates it.
 *
 * Owns: freeing a plan, running its op lists over a per-run register array,
 * and the joint Newton solve of algebraic groups. Must not: change a plan
 * after it is built, keep global state (several runs may share one plan from
 * different threads, each with its own BgPlanWork), or know about CVODE.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include "bg-plan-private.h"
#include "bg-energy-private.h"
#include "bg-ref-count-private.h"

#define GROUP_MAX_ITERATIONS 40
#define GROUP_REL_TOL 1e-11

BgPlan *
_bg_plan_new_empty (void)
{
  BgPlan *self = g_new0 (BgPlan, 1);
  g_atomic_ref_count_init (&self->ref_count);
  return self;
}

static void
plan_free (BgPlan *self)
{
  g_strfreev (self->state_names);
  g_free (self->y0);
  g_free (self->state_scale);
  g_free (self->atol);
  g_free (self->state_reg);
  g_free (self->deriv_reg);
  g_free (self->reg_scale);
  g_free (self->rhs_ops);
  g_free (self->out_ops);
  g_free (self->group_ops);
  g_free (self->term_reg);
  g_free (self->term_coef);
  for (guint i = 0; i < self->n_waves; i++)
    g_free ((gpointer) self->waves[i].points);
  g_free (self->waves);
  g_strfreev (self->wave_element);
  for (guint i = 0; i < self->n_tables; i++)
    {
      g_free (self->tables[i].x);
      g_free (self->tables[i].y);
    }
  g_free (self->tables);
  g_free (self->gases);
  for (guint i = 0; i < self->n_groups; i++)
    {
      g_free (self->groups[i].regs);
      g_free (self->groups[i].scales);
    }
  g_free (self->groups);
  for (guint i = 0; i < self->n_events; i++)
    g_free (self->events[i].element_id);
  g_free (self->events);
  g_free (self->switch_times);
  g_clear_pointer (&self->vars, bg_var_list_unref);
  g_free (self->var_reg);
  g_free (self->var_scale);
  g_free (self->col_ptr);
  g_free (self->row_ind);
  g_free (self->color);
  _bg_plan_energy_free (self->energy);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgPlan, bg_plan, plan_free)

guint
bg_plan_get_n_states (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_states;
}

const char *
bg_plan_get_state_name (const BgPlan *self, guint state)
{
  g_return_val_if_fail (self != NULL && state < self->n_states, NULL);
  return self->state_names[state];
}

double
bg_plan_get_state_initial (const BgPlan *self, guint state)
{
  g_return_val_if_fail (self != NULL && state < self->n_states, NAN);
  return self->y0[state];
}

double
bg_plan_get_state_scale (const BgPlan *self, guint state)
{
  g_return_val_if_fail (self != NULL && state < self->n_states, NAN);
  return self->state_scale[state];
}

double
bg_plan_get_state_atol (const BgPlan *self, guint state)
{
  g_return_val_if_fail (self != NULL && state < self->n_states, NAN);
  return self->atol[state];
}

guint
bg_plan_get_n_vars (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_vars;
}

const char *
bg_plan_get_var_name (const BgPlan *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return bg_var_list_get_name (self->vars, var);
}

const char *
bg_plan_get_var_unit (const BgPlan *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return bg_var_list_get_unit (self->vars, var);
}

const char *
bg_plan_get_var_description (const BgPlan *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return bg_var_list_get_description (self->vars, var);
}

int
bg_plan_lookup_var (const BgPlan *self, const char *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  return bg_var_list_lookup (self->vars, name);
}

guint
bg_plan_get_n_algebraic_groups (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_groups;
}

guint
bg_plan_get_algebraic_group_size (const BgPlan *self, guint group)
{
  g_return_val_if_fail (self != NULL && group < self->n_groups, 0);
  return self->groups[group].n;
}

BgPlanSolver
bg_plan_get_solver (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, BG_PLAN_SOLVER_NONE);
  return self->solver;
}

void
bg_plan_get_band_widths (const BgPlan *self, guint *upper, guint *lower)
{
  g_return_if_fail (self != NULL);
  if (upper != NULL)
    *upper = self->mu;
  if (lower != NULL)
    *lower = self->ml;
}

guint
bg_plan_get_jacobian_nnz (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->nnz;
}

guint
bg_plan_get_n_rhs_ops (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_rhs_ops;
}

guint
bg_plan_get_n_switch_times (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_switch_times;
}

double
bg_plan_get_switch_time (const BgPlan *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_switch_times, NAN);
  return self->switch_times[index];
}

double
bg_plan_get_t_end (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, NAN);
  return self->t_end;
}

double
bg_plan_get_output_step (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, NAN);
  return self->output_step;
}

double
bg_plan_get_rtol (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, NAN);
  return self->rtol;
}

double
bg_plan_get_rtol_setting (const BgPlan *self)
{
  g_return_val_if_fail (self != NULL, NAN);
  return self->rtol_setting;
}

void
bg_plan_get_oscillation (const BgPlan *self, double *omega, double *sigma, double *cycles)
{
  g_return_if_fail (self != NULL);
  if (omega != NULL)
    *omega = self->osc_omega;
  if (sigma != NULL)
    *sigma = self->osc_sigma;
  if (cycles != NULL)
    *cycles = self->osc_cycles;
}

char *
bg_plan_dup_summary (const BgPlan *self)
{
  static const char *const solver_names[] = { "no solver", "dense", "band", "sparse KLU" };

  g_return_val_if_fail (self != NULL, NULL);
  return g_strdup_printf ("%u states, %s, %u ops, %u algebraic groups",
                          self->n_states, solver_names[self->solver],
                          self->n_rhs_ops, self->n_groups);
}

/* Waveforms, tables, gas law ------------------------------------------ */

double
_bg_table_eval (const BgTable *table, double x)
{
  guint lo = 0, hi = table->n_rows - 1;

  if (x <= table->x[0])
    return table->y[0];
  if (x >= table->x[hi])
    return table->y[hi];
  while (hi - lo > 1)
    {
      guint mid = (lo + hi) / 2;
      if (table->x[mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
  return table->y[lo] + (table->y[hi] - table->y[lo])
         * (x - table->x[lo]) / (table->x[hi] - table->x[lo]);
}

/* p = p0 (V0 / (V0 - V_f))^n for 0 <= V_f; the tangent at V_f = 0 below
 * precharge; beyond 99.9 % of V0 (past the "full" event, reached only by
 * trial steps) the tangent there, so the solver never sees a pole. */
double
_bg_gas_pressure (const BgGas *gas, double v_f)
{
  double v_cap = 0.999 * gas->V0;

  if (v_f < 0)
    return gas->p0 * (1.0 + gas->n * v_f / gas->V0);
  if (v_f > v_cap)
    {
      double p_cap = gas->p0 * pow (gas->V0 / (gas->V0 - v_cap), gas->n);
      double slope = gas->n * p_cap / (gas->V0 - v_cap);
      return p_cap + slope * (v_f - v_cap);
    }
  return gas->p0 * pow (gas->V0 / (gas->V0 - v_f), gas->n);
}

/* ∫₀^v p dV of the polytropic part, 0 ≤ v ≤ cap: with L = ln(V0/(V0 − v)),
 * p0 V0 (e^((n−1)L) − 1)/(n − 1), which is p0 V0 L at n = 1. */
static double
gas_polytropic_energy (const BgGas *gas, double v)
{
  double l = -log1p (-v / gas->V0), a = (gas->n - 1.0) * l;

  return gas->p0 * gas->V0 * l * (a != 0 ? expm1 (a) / a : 1.0);
}

/* The integral of _bg_gas_pressure from 0 to v_f, piece by piece. */
double
_bg_gas_energy (const BgGas *gas, double v_f)
{
  double v_cap = 0.999 * gas->V0;

  if (v_f < 0)
    return gas->p0 * v_f * (1.0 + 0.5 * gas->n * v_f / gas->V0);
  if (v_f > v_cap)
    {
      double p_cap = _bg_gas_pressure (gas, v_cap), slope = gas->n * p_cap / (gas->V0 - v_cap);
      double dv = v_f - v_cap;
      return gas_polytropic_energy (gas, v_cap) + p_cap * dv + 0.5 * slope * dv * dv;
    }
  return gas_polytropic_energy (gas, v_f);
}

double
_bg_gas_eval (const BgGas *gas, double v_f)
{
  return gas->energy ? _bg_gas_energy (gas, v_f) : _bg_gas_pressure (gas, v_f);
}

/* Interpreter ---------------------------------------------------------- */

BgPlanWork *
_bg_plan_work_new (const BgPlan *plan)
{
  BgPlanWork *work = g_new0 (BgPlanWork, 1);
  guint m = MAX (plan->max_group, 1);

  work->plan = plan;
  work->waves = plan->waves;
  work->regs = g_new0 (double, MAX (plan->n_regs, 1));
  work->g_x = g_new0 (double, m);
  work->g_r = g_new0 (double, m);
  work->g_v = g_new0 (double, m);
  work->g_dx = g_new0 (double, m);
  work->g_trial = g_new0 (double, m);
  work->g_jac = g_new0 (double, (gsize) m * m);
  work->g_piv = g_new0 (int, m);
  return work;
}

void
_bg_plan_work_free (BgPlanWork *work)
{
  if (work == NULL)
    return;
  _bg_plan_program_free (work->rhs);
  g_free (work->regs);
  g_free (work->g_x);
  g_free (work->g_r);
  g_free (work->g_v);
  g_free (work->g_dx);
  g_free (work->g_trial);
  g_free (work->g_jac);
  g_free (work->g_piv);
  g_free (work);
}

static inline double
op_value (const BgPlanWork *work, const BgOp *op, const double *r)
{
  const BgPlan *plan = work->plan;

  switch ((BgOpKind) op->kind)
    {
    case BG_OP_COPY:
      return op->k + op->c * r[op->a];
    case BG_OP_LIN:
      {
        double acc = op->k;
        const guint32 *reg = plan->term_reg + op->first;
        const double *coef = plan->term_coef + op->first;
        for (guint i = 0; i < op->n; i++)
          acc += coef[i] * r[reg[i]];
        return acc;
      }
    case BG_OP_WAVE:
      return op->c * bg_wave_eval (&work->waves[op->aux], work->t, work->t_wave);
    case BG_OP_MUL:
      return op->c * r[op->a] * r[op->b];
    case BG_OP_SQR:
      return op->c * r[op->a] * r[op->a];
    case BG_OP_TABLE:
      return op->c * _bg_table_eval (&plan->tables[op->aux], r[op->a]);
    case BG_OP_GAS:
      return _bg_gas_eval (&plan->gases[op->aux], r[op->a]);
    case BG_OP_GROUP:
    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* Residuals of a group at x: v_i = op_i(x), r_i = v_i - x_i, scaled. */
static double
group_residual (BgPlanWork *work, const BgGroup *g, const double *x, double *v, double *res)
{
  const BgPlan *plan = work->plan;
  double norm = 0;

  for (guint i = 0; i < g->n; i++)
    work->regs[g->regs[i]] = x[i];
  for (guint k = 0; k < g->n_seq; k++)
    {
      const BgOp *op = &plan->group_ops[g->first_op + g->n + k];
      work->regs[op->dst] = op_value (work, op, work->regs);
    }
  for (guint i = 0; i < g->n; i++)
    {
      v[i] = op_value (work, &plan->group_ops[g->first_op + i], work->regs);
      res[i] = v[i] - x[i];
      norm = MAX (norm, fabs (res[i]) / (fabs (x[i]) + g->scales[i]));
    }
  return isfinite (norm) ? norm : G_MAXDOUBLE;
}

/* LU with partial pivoting of the m x m row-major matrix a, in place. */
static gboolean
lu_factor (double *a, int *piv, guint m)
{
  for (guint k = 0; k < m; k++)
    {
      guint p = k;
      for (guint i = k + 1; i < m; i++)
        if (fabs (a[i * m + k]) > fabs (a[p * m + k]))
          p = i;
      piv[k] = (int) p;
      if (a[p * m + k] == 0.0 || !isfinite (a[p * m + k]))
        return FALSE;
      if (p != k)
        for (guint j = 0; j < m; j++)
          {
            double tmp = a[k * m + j];
            a[k * m + j] = a[p * m + j];
            a[p * m + j] = tmp;
          }
      for (guint i = k + 1; i < m; i++)
        {
          double l = a[i * m + k] /= a[k * m + k];
          for (guint j = k + 1; j < m; j++)
            a[i * m + j] -= l * a[k * m + j];
        }
    }
  return TRUE;
}

static void
lu_solve (const double *a, const int *piv, guint m, double *b)
{
  /* The factorization swapped whole rows (multipliers included), so apply
   * every interchange first, then substitute with the final L. */
  for (guint k = 0; k < m; k++)
    {
      guint p = (guint) piv[k];
      if (p != k)
        {
          double tmp = b[k];
          b[k] = b[p];
          b[p] = tmp;
        }
    }
  for (guint k = 0; k < m; k++)
    for (guint i = k + 1; i < m; i++)
      b[i] -= a[i * m + k] * b[k];
  for (guint k = m; k-- > 0;)
    {
      for (guint j = k + 1; j < m; j++)
        b[k] -= a[k * m + j] * b[j];
      b[k] /= a[k * m + k];
    }
}

/* Damped Newton on the group's unknowns, starting from the registers'
 * previous values (a warm start across evaluations). Linear groups converge
 * in one step; piecewise-linear tables are handled by halving the step until
 * the scaled residual decreases. */
static gboolean
solve_group (BgPlanWork *work, const BgGroup *g)
{
  guint m = g->n;
  double *x = work->g_x, *r = work->g_r, *v = work->g_v;
  double *jac = work->g_jac, *dx = work->g_dx, *trial = work->g_trial;
  double norm;

  for (guint i = 0; i < m; i++)
    {
      x[i] = work->regs[g->regs[i]];
      if (!isfinite (x[i]))
        x[i] = 0;
    }
  norm = group_residual (work, g, x, v, r);

  for (guint iter = 0; iter < GROUP_MAX_ITERATIONS; iter++)
    {
      double lambda = 1.0, new_norm = G_MAXDOUBLE;

      if (norm <= GROUP_REL_TOL)
        {
          /* The registers hold the sequential values for x; keep x for the
           * tear registers so the group is consistent as stored. */
          group_residual (work, g, x, v, r);
          return TRUE;
        }

      /* Jacobian of r by forward differences (exact for linear groups up to
       * rounding). */
      for (guint j = 0; j < m; j++)
        {
          double xj = x[j];
          double h = 1e-7 * (fabs (xj) + g->scales[j]);
          x[j] = xj + h;
          group_residual (work, g, x, v, trial);
          x[j] = xj;
          for (guint i = 0; i < m; i++)
            jac[i * m + j] = (trial[i] - r[i]) / h;
        }
      if (!lu_factor (jac, work->g_piv, m))
        return FALSE;
      for (guint i = 0; i < m; i++)
        dx[i] = -r[i];
      lu_solve (jac, work->g_piv, m, dx);

      for (guint halving = 0; halving < 30; halving++)
        {
          for (guint i = 0; i < m; i++)
            trial[i] = x[i] + lambda * dx[i];
          new_norm = group_residual (work, g, trial, v, r);
          if (new_norm < norm || new_norm <= GROUP_REL_TOL)
            break;
          lambda *= 0.5;
        }
      if (!(new_norm < norm) && new_norm > GROUP_REL_TOL)
        return FALSE;
      memcpy (x, trial, m * sizeof (double));
      norm = new_norm;
    }
  return FALSE;
}

gboolean
_bg_plan_run_ops (BgPlanWork *work, const BgOp *ops, guint n_ops)
{
  const BgPlan *plan = work->plan;
  double *r = work->regs;

  for (guint i = 0; i < n_ops; i++)
    {
      const BgOp *op = &ops[i];
      switch ((BgOpKind) op->kind)
        {
        case BG_OP_COPY:
          r[op->dst] = op->k + op->c * r[op->a];
          break;
        case BG_OP_GROUP:
          if (!solve_group (work, &plan->groups[op->aux]))
            {
              work->n_group_failures++;
              return FALSE;
            }
          break;
        default:
          r[op->dst] = op_value (work, op, r);
          break;
        }
    }
  return TRUE;
}

/* The right-hand side as a program, made the first time a work needs it
 * (one that only evaluates output rows never does). */
static const BgPlanProgram *
rhs_program (BgPlanWork *work)
{
  if (work->rhs == NULL)
    work->rhs = _bg_plan_program_new (work->plan, work->plan->rhs_ops, work->plan->n_rhs_ops);
  return work->rhs;
}

gboolean
_bg_plan_eval_rhs (BgPlanWork *work, const double *y, double *ydot)
{
  const BgPlan *plan = work->plan;
  gboolean ok;

  work->n_rhs++;
  if (plan->n_states > 0)
    memcpy (work->regs, y, plan->n_states * sizeof (double));
  ok = _bg_plan_program_run (work, rhs_program (work));
  if (ydot != NULL)
    for (guint i = 0; i < plan->n_states; i++)
      ydot[i] = work->regs[plan->deriv_reg[i]];
  return ok;
}

gboolean
_bg_plan_eval_outputs (BgPlanWork *work, double t, const double *y, double *values)
{
  const BgPlan *plan = work->plan;
  gboolean ok;

  if (plan->n_states > 0)
    memcpy (work->regs, y, plan->n_states * sizeof (double));
  work->t = t;
  ok = _bg_plan_program_run (work, rhs_program (work))
       && _bg_plan_run_ops (work, plan->out_ops, plan->n_out_ops);
  values[0] = t;
  for (guint v = 1; v < plan->n_vars; v++)
    /* + 0.0 turns a negated zero into 0 (no "-0" in a CSV). */
    values[v] = plan->var_reg[v] < 0 ? t : plan->var_scale[v] * work->regs[plan->var_reg[v]] + 0.0;
  return ok;
}
