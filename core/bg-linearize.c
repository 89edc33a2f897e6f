/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-linearize.c — A, B, C, D of a plan around an operating point.
 *
 * Owns: the operating point (state, inputs frozen at their values at t0),
 * exact propagation of perturbations through a linear plan's operations
 * (algebraic groups by the implicit function: one small LAPACK solve per
 * group and perturbation), central differences for nonlinear plans, and the
 * run to an operating time. Must not: change the plan, touch a model or GTK.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <lapacke.h>

#include "bg-linearize.h"
#include "bg-plan-private.h"
#include "bg-simulator.h"

G_DEFINE_QUARK (bg-linearize-error-quark, bg_linearize_error)

struct _BgLinearization
{
  BgPlan  *plan;
  double   t0;
  gboolean exact;
  guint    n, m, p;
  double  *x0;
  char   **inputs;    /* m + NULL */
  guint   *outputs;   /* plan variable per output */
  double  *a, *b, *c, *d;
};

/* Everything one evaluation needs: a work area whose waves are the inputs
 * held at u (one wave per source waveform). */
typedef struct
{
  const BgPlan *plan;
  BgPlanWork   *work;
  BgWave       *waves;     /* frozen inputs */
  double       *u0;        /* per wave: its value at t0 */
  guint        *wave_input;/* per wave: input index */
  double       *values;    /* n_vars */
} Point;

static void
point_clear (Point *pt)
{
  _bg_plan_work_free (pt->work);
  g_free (pt->waves);
  g_free (pt->u0);
  g_free (pt->wave_input);
  g_free (pt->values);
}

static void
point_init (Point *pt, const BgPlan *plan, double t0, GPtrArray *inputs)
{
  pt->plan = plan;
  pt->work = _bg_plan_work_new (plan);
  pt->waves = g_new0 (BgWave, MAX (plan->n_waves, 1));
  pt->u0 = g_new0 (double, MAX (plan->n_waves, 1));
  pt->wave_input = g_new0 (guint, MAX (plan->n_waves, 1));
  pt->values = g_new0 (double, plan->n_vars);
  for (guint w = 0; w < plan->n_waves; w++)
    {
      guint k;

      pt->u0[w] = bg_wave_eval (&plan->waves[w], t0, t0);
      pt->waves[w].kind = BG_WAVE_CONSTANT;
      pt->waves[w].value = pt->waves[w].after = pt->u0[w];
      for (k = 0; k < inputs->len; k++)
        if (g_str_equal (g_ptr_array_index (inputs, k), plan->wave_element[w]))
          break;
      if (k == inputs->len)
        g_ptr_array_add (inputs, g_strdup (plan->wave_element[w]));
      pt->wave_input[w] = k;
    }
  pt->work->waves = pt->waves;
  pt->work->t = t0;
  pt->work->t_wave = t0;
}

/* Sets input k to u0 + du (every wave of that source). */
static void
point_set_input (Point *pt, guint k, double du)
{
  for (guint w = 0; w < pt->plan->n_waves; w++)
    if (pt->wave_input[w] == k)
      pt->waves[w].value = pt->waves[w].after = pt->u0[w] + du;
}

/* Derivatives into f (n), outputs into y (p). */
static gboolean
point_eval (Point *pt, const BgLinearization *lin, const double *x, double *f, double *y)
{
  const BgPlan *plan = pt->plan;

  if (!_bg_plan_eval_outputs (pt->work, lin->t0, x, pt->values))
    return FALSE;
  for (guint i = 0; i < lin->n; i++)
    f[i] = pt->work->regs[plan->deriv_reg[i]];
  for (guint o = 0; o < lin->p; o++)
    y[o] = pt->values[lin->outputs[o]];
  return TRUE;
}

/* Exact propagation ---------------------------------------------------- */

static gboolean
op_is_linear (const BgOp *op)
{
  return op->kind == BG_OP_LIN || op->kind == BG_OP_COPY || op->kind == BG_OP_WAVE;
}

static gboolean
group_is_linear (const BgPlan *plan, const BgGroup *g)
{
  for (guint k = 0; k < g->n + g->n_seq; k++)
    if (!op_is_linear (&plan->group_ops[g->first_op + k]))
      return FALSE;
  return TRUE;
}

/* The dynamics are linear and the outputs polynomial (products of two
 * registers at most), so perturbations propagate exactly. */
static gboolean
plan_is_linear (const BgPlan *plan)
{
  for (guint i = 0; i < plan->n_rhs_ops; i++)
    {
      const BgOp *op = &plan->rhs_ops[i];
      if (op->kind == BG_OP_GROUP ? !group_is_linear (plan, &plan->groups[op->aux])
                                  : !op_is_linear (op))
        return FALSE;
    }
  for (guint i = 0; i < plan->n_out_ops; i++)
    {
      const BgOp *op = &plan->out_ops[i];
      if (op->kind == BG_OP_GROUP)
        {
          if (!group_is_linear (plan, &plan->groups[op->aux]))
            return FALSE;
        }
      else if (op->kind == BG_OP_TABLE || op->kind == BG_OP_GAS)
        return FALSE;
    }
  return TRUE;
}

typedef struct
{
  const BgPlan *plan;
  const double *val;    /* register values at the operating point */
  double       *dt;     /* register perturbations */
  const double *du;     /* per wave: the input perturbation */
} Tangent;

static double
op_tangent (const Tangent *tg, const BgOp *op)
{
  const BgPlan *plan = tg->plan;
  const double *dt = tg->dt, *val = tg->val;

  switch ((BgOpKind) op->kind)
    {
    case BG_OP_LIN:
      {
        double acc = 0;
        for (guint i = 0; i < op->n; i++)
          acc += plan->term_coef[op->first + i] * dt[plan->term_reg[op->first + i]];
        return acc;
      }
    case BG_OP_COPY:
      return op->c * dt[op->a];
    case BG_OP_WAVE:
      return op->c * tg->du[op->aux];
    case BG_OP_MUL:
      return op->c * (val[op->a] * dt[op->b] + dt[op->a] * val[op->b]);
    case BG_OP_SQR:
      return 2.0 * op->c * val[op->a] * dt[op->a];
    case BG_OP_TABLE:
    case BG_OP_GAS:
    case BG_OP_GROUP:
    default:
      g_assert_not_reached ();
    }
  return 0;
}

/* One pass through a group with the tear perturbations dx; res_i = the
 * perturbation tear op i computes minus dx_i. */
static void
group_pass (Tangent *tg, const BgGroup *g, const double *dx, double *res)
{
  const BgPlan *plan = tg->plan;

  for (guint i = 0; i < g->n; i++)
    tg->dt[g->regs[i]] = dx[i];
  for (guint k = 0; k < g->n_seq; k++)
    {
      const BgOp *op = &plan->group_ops[g->first_op + g->n + k];
      tg->dt[op->dst] = op_tangent (tg, op);
    }
  for (guint i = 0; i < g->n; i++)
    res[i] = op_tangent (tg, &plan->group_ops[g->first_op + i]) - dx[i];
}

/* The group's equations are linear in its tear perturbations dx:
 * res(dx) = r0 + J dx. Columns of J from unit passes, then J dx = -r0. */
static gboolean
group_tangent (Tangent *tg, const BgGroup *g)
{
  guint m = g->n;
  g_autofree double *dx = g_new0 (double, m);
  g_autofree double *r0 = g_new (double, m);
  g_autofree double *res = g_new (double, m);
  g_autofree double *jac = g_new (double, (gsize) m * m);
  g_autofree lapack_int *piv = g_new (lapack_int, m);

  group_pass (tg, g, dx, r0);
  for (guint k = 0; k < m; k++)
    {
      dx[k] = 1.0;
      group_pass (tg, g, dx, res);
      dx[k] = 0.0;
      for (guint i = 0; i < m; i++)
        jac[i * m + k] = res[i] - r0[i];   /* row-major */
    }
  for (guint i = 0; i < m; i++)
    dx[i] = -r0[i];
  if (LAPACKE_dgesv (LAPACK_ROW_MAJOR, (lapack_int) m, 1, jac, (lapack_int) m, piv,
                     dx, 1) != 0)
    return FALSE;
  group_pass (tg, g, dx, res);
  return TRUE;
}

static gboolean
run_tangent (Tangent *tg, const BgOp *ops, guint n_ops)
{
  for (guint i = 0; i < n_ops; i++)
    {
      const BgOp *op = &ops[i];
      if (op->kind == BG_OP_GROUP)
        {
          if (!group_tangent (tg, &tg->plan->groups[op->aux]))
            return FALSE;
        }
      else
        tg->dt[op->dst] = op_tangent (tg, op);
    }
  return TRUE;
}

/* Column of [A; C] (seed a state) or [B; D] (seed an input) into col_f (n)
 * and col_y (p). */
static gboolean
tangent_column (Tangent *tg, const BgLinearization *lin, int state, double *col_f, double *col_y)
{
  const BgPlan *plan = tg->plan;

  memset (tg->dt, 0, plan->n_regs * sizeof (double));
  if (state >= 0)
    tg->dt[state] = 1.0;
  if (!run_tangent (tg, plan->rhs_ops, plan->n_rhs_ops)
      || !run_tangent (tg, plan->out_ops, plan->n_out_ops))
    return FALSE;
  for (guint i = 0; i < lin->n; i++)
    col_f[i] = tg->dt[plan->deriv_reg[i]];
  for (guint o = 0; o < lin->p; o++)
    {
      gint32 reg = plan->var_reg[lin->outputs[o]];
      col_y[o] = plan->var_scale[lin->outputs[o]] * tg->dt[reg] + 0.0;
    }
  return TRUE;
}

static gboolean
linearize_exact (BgLinearization *lin, Point *pt)
{
  const BgPlan *plan = lin->plan;
  g_autofree double *dt = g_new0 (double, MAX (plan->n_regs, 1));
  g_autofree double *du = g_new0 (double, MAX (plan->n_waves, 1));
  g_autofree double *col_f = g_new (double, MAX (lin->n, 1));
  g_autofree double *col_y = g_new (double, MAX (lin->p, 1));
  Tangent tg = { plan, pt->work->regs, dt, du };

  for (guint j = 0; j < lin->n; j++)
    {
      if (!tangent_column (&tg, lin, (int) j, col_f, col_y))
        return FALSE;
      for (guint i = 0; i < lin->n; i++)
        lin->a[i * lin->n + j] = col_f[i];
      for (guint o = 0; o < lin->p; o++)
        lin->c[o * lin->n + j] = col_y[o];
    }
  for (guint k = 0; k < lin->m; k++)
    {
      for (guint w = 0; w < plan->n_waves; w++)
        du[w] = pt->wave_input[w] == k ? 1.0 : 0.0;
      if (!tangent_column (&tg, lin, -1, col_f, col_y))
        return FALSE;
      for (guint i = 0; i < lin->n; i++)
        lin->b[i * lin->m + k] = col_f[i];
      for (guint o = 0; o < lin->p; o++)
        lin->d[o * lin->m + k] = col_y[o];
    }
  return TRUE;
}

/* Central differences -------------------------------------------------- */

#define CBRT_EPS 6.0554544523933395e-06   /* ∛DBL_EPSILON */

static gboolean
difference_column (Point *pt, const BgLinearization *lin, double *x, int state, int input,
                   double h, double *col_f, double *col_y)
{
  guint n = lin->n, p = lin->p;
  g_autofree double *fp = g_new (double, MAX (n, 1));
  g_autofree double *fm = g_new (double, MAX (n, 1));
  g_autofree double *yp = g_new (double, MAX (p, 1));
  g_autofree double *ym = g_new (double, MAX (p, 1));
  gboolean ok;

  /* Start each evaluation's algebraic groups from the operating point. */
  if (state >= 0)
    x[state] = lin->x0[state] + h;
  else
    point_set_input (pt, (guint) input, h);
  ok = point_eval (pt, lin, x, fp, yp);
  if (state >= 0)
    x[state] = lin->x0[state] - h;
  else
    point_set_input (pt, (guint) input, -h);
  ok = ok && point_eval (pt, lin, x, fm, ym);
  if (state >= 0)
    x[state] = lin->x0[state];
  else
    point_set_input (pt, (guint) input, 0.0);
  if (!ok)
    return FALSE;
  for (guint i = 0; i < n; i++)
    col_f[i] = (fp[i] - fm[i]) / (2 * h);
  for (guint o = 0; o < p; o++)
    col_y[o] = (yp[o] - ym[o]) / (2 * h);
  return TRUE;
}

/* The typical magnitude of wave w: the scale of the register it drives. */
static double
wave_scale (const BgPlan *plan, guint w)
{
  const BgOp *lists[3] = { plan->rhs_ops, plan->out_ops, plan->group_ops };
  guint counts[3] = { plan->n_rhs_ops, plan->n_out_ops, plan->n_group_ops };

  for (guint l = 0; l < 3; l++)
    for (guint i = 0; i < counts[l]; i++)
      if (lists[l][i].kind == BG_OP_WAVE && lists[l][i].aux == w && lists[l][i].c != 0)
        return plan->reg_scale[lists[l][i].dst] / fabs (lists[l][i].c);
  return 0;
}

static gboolean
linearize_differences (BgLinearization *lin, Point *pt)
{
  const BgPlan *plan = lin->plan;
  g_autofree double *x = g_memdup2 (lin->x0, MAX (lin->n, 1) * sizeof (double));
  g_autofree double *col_f = g_new (double, MAX (lin->n, 1));
  g_autofree double *col_y = g_new (double, MAX (lin->p, 1));

  for (guint j = 0; j < lin->n; j++)
    {
      double h = CBRT_EPS * MAX (fabs (lin->x0[j]), plan->state_scale[j]);

      if (!difference_column (pt, lin, x, (int) j, -1, h, col_f, col_y))
        return FALSE;
      for (guint i = 0; i < lin->n; i++)
        lin->a[i * lin->n + j] = col_f[i];
      for (guint o = 0; o < lin->p; o++)
        lin->c[o * lin->n + j] = col_y[o];
    }
  for (guint k = 0; k < lin->m; k++)
    {
      double mag = 0;

      for (guint w = 0; w < plan->n_waves; w++)
        if (pt->wave_input[w] == k)
          mag = MAX (mag, MAX (MAX (fabs (pt->u0[w]), wave_scale (plan, w)),
                               bg_wave_magnitude (&plan->waves[w], plan->t_end)));
      if (!difference_column (pt, lin, x, -1, (int) k, CBRT_EPS * (mag > 0 ? mag : 1.0),
                              col_f, col_y))
        return FALSE;
      for (guint i = 0; i < lin->n; i++)
        lin->b[i * lin->m + k] = col_f[i];
      for (guint o = 0; o < lin->p; o++)
        lin->d[o * lin->m + k] = col_y[o];
    }
  return TRUE;
}

/* Public ----------------------------------------------------------------- */

static gboolean
choose_outputs (BgLinearization *lin, const char *const *outputs, GError **error)
{
  const BgPlan *plan = lin->plan;

  if (outputs == NULL)
    {
      lin->p = plan->n_vars - 1;
      lin->outputs = g_new (guint, MAX (lin->p, 1));
      for (guint o = 0; o < lin->p; o++)
        lin->outputs[o] = o + 1;
      return TRUE;
    }
  lin->p = g_strv_length ((char **) outputs);
  lin->outputs = g_new (guint, MAX (lin->p, 1));
  for (guint o = 0; o < lin->p; o++)
    {
      int v = bg_plan_lookup_var (plan, outputs[o]);
      if (v <= 0)
        {
          g_set_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_UNKNOWN_VAR,
                       _("“%s” is not a variable of this model"), outputs[o]);
          return FALSE;
        }
      lin->outputs[o] = (guint) v;
    }
  return TRUE;
}

BgLinearization *
bg_linearize (BgPlan             *plan,
              const double       *x0,
              double              t0,
              const char *const  *outputs,
              GError            **error)
{
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (GPtrArray) inputs = NULL;
  g_autofree double *f = NULL, *y = NULL;
  Point pt = { 0 };
  gboolean ok;

  g_return_val_if_fail (plan != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (plan->n_states > BG_LINEARIZE_MAX_STATES)
    {
      g_set_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_TOO_LARGE,
                   _("The model has %u states; linearization, eigenvalues and frequency "
                     "responses are computed with dense matrices for at most %u states"),
                   plan->n_states, (guint) BG_LINEARIZE_MAX_STATES);
      return NULL;
    }

  lin = g_new0 (BgLinearization, 1);
  lin->plan = bg_plan_ref (plan);
  lin->t0 = t0;
  lin->n = plan->n_states;
  lin->x0 = g_new0 (double, MAX (lin->n, 1));
  if (lin->n > 0)
    memcpy (lin->x0, x0 != NULL ? x0 : plan->y0, lin->n * sizeof (double));
  if (!choose_outputs (lin, outputs, error))
    return NULL;

  inputs = g_ptr_array_new ();
  point_init (&pt, plan, t0, inputs);
  lin->m = inputs->len;
  g_ptr_array_add (inputs, NULL);
  lin->inputs = (char **) g_ptr_array_free (g_steal_pointer (&inputs), FALSE);

  lin->a = g_new0 (double, MAX ((gsize) lin->n * lin->n, 1));
  lin->b = g_new0 (double, MAX ((gsize) lin->n * lin->m, 1));
  lin->c = g_new0 (double, MAX ((gsize) lin->p * lin->n, 1));
  lin->d = g_new0 (double, MAX ((gsize) lin->p * lin->m, 1));

  /* The operating point itself: solves the algebraic groups there. */
  f = g_new (double, MAX (lin->n, 1));
  y = g_new (double, MAX (lin->p, 1));
  ok = point_eval (&pt, lin, lin->x0, f, y);
  if (ok)
    {
      lin->exact = plan_is_linear (plan);
      ok = lin->exact ? linearize_exact (lin, &pt) : linearize_differences (lin, &pt);
    }
  point_clear (&pt);
  if (!ok)
    {
      g_set_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_EVAL,
                   _("An algebraic loop has no solution at the operating point (t = %g s)"), t0);
      return NULL;
    }
  return g_steal_pointer (&lin);
}

/* Seconds per column and operation on the reference machine (2 cores;
 * tests/bench/bench-bode.c: 0.2 s for the 1 999 states of the 1 000-mass
 * chain). */
#define SECONDS_PER_COLUMN_OP 1e-8

double
bg_linearize_estimate_seconds (BgPlan *plan, guint n_outputs)
{
  double columns, work;

  g_return_val_if_fail (plan != NULL, 0);

  columns = (double) plan->n_states + plan->n_waves;
  work = (double) plan->n_rhs_ops + plan->n_out_ops + plan->n_group_ops + plan->n_states + n_outputs;
  return SECONDS_PER_COLUMN_OP * columns * work * (plan_is_linear (plan) ? 1 : 2);
}

double *
bg_linearize_run_to_end (BgPlan *plan, GCancellable *cancellable, GError **error)
{
  g_autoptr (BgResult) result = NULL;
  BgSimReport report = { 0 };
  BgSimStatus status;
  double *x;
  gsize last;

  g_return_val_if_fail (plan != NULL, NULL);

  result = bg_simulator_new_result (plan);
  status = bg_simulator_run (plan, result, cancellable, NULL, NULL, &report, error);
  if (status == BG_SIM_STATUS_EVENT)
    {
      g_set_error (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_RUN,
                   _("The run ended before the operating time: %s"), report.message);
      bg_sim_report_clear (&report);
      return NULL;
    }
  bg_sim_report_clear (&report);
  if (status != BG_SIM_STATUS_FINISHED)
    return NULL;

  last = bg_result_get_n_rows (result) - 1;
  x = g_new0 (double, MAX (plan->n_states, 1));
  for (guint i = 0; i < plan->n_states; i++)
    {
      int v = bg_result_lookup (result, plan->state_names[i]);
      x[i] = v >= 0 ? bg_result_get_value (result, (guint) v, last) : plan->y0[i];
    }
  return x;
}

void
bg_linearization_free (BgLinearization *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->plan, bg_plan_unref);
  g_free (self->x0);
  g_strfreev (self->inputs);
  g_free (self->outputs);
  g_free (self->a);
  g_free (self->b);
  g_free (self->c);
  g_free (self->d);
  g_free (self);
}

BgPlan *
bg_linearization_get_plan (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->plan;
}

double
bg_linearization_get_time (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NAN);
  return self->t0;
}

gboolean
bg_linearization_is_exact (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->exact;
}

guint
bg_linearization_get_n_states (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n;
}

guint
bg_linearization_get_n_inputs (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->m;
}

guint
bg_linearization_get_n_outputs (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->p;
}

const char *
bg_linearization_get_state_name (const BgLinearization *self, guint i)
{
  g_return_val_if_fail (self != NULL && i < self->n, NULL);
  return self->plan->state_names[i];
}

const char *
bg_linearization_get_input_name (const BgLinearization *self, guint i)
{
  g_return_val_if_fail (self != NULL && i < self->m, NULL);
  return self->inputs[i];
}

const char *
bg_linearization_get_output_name (const BgLinearization *self, guint i)
{
  g_return_val_if_fail (self != NULL && i < self->p, NULL);
  return bg_plan_get_var_name (self->plan, self->outputs[i]);
}

const char *
bg_linearization_get_output_unit (const BgLinearization *self, guint i)
{
  g_return_val_if_fail (self != NULL && i < self->p, NULL);
  return bg_plan_get_var_unit (self->plan, self->outputs[i]);
}

int
bg_linearization_lookup_input (const BgLinearization *self, const char *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  for (guint k = 0; k < self->m; k++)
    if (g_str_equal (self->inputs[k], name))
      return (int) k;
  return -1;
}

int
bg_linearization_lookup_output (const BgLinearization *self, const char *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  for (guint o = 0; o < self->p; o++)
    if (g_str_equal (bg_plan_get_var_name (self->plan, self->outputs[o]), name))
      return (int) o;
  return -1;
}

const double *
bg_linearization_get_state_point (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->x0;
}

const double *
bg_linearization_get_a (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->a;
}

const double *
bg_linearization_get_b (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->b;
}

const double *
bg_linearization_get_c (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->c;
}

const double *
bg_linearization_get_d (const BgLinearization *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->d;
}
