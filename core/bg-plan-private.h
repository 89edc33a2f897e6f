/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plan-private.h — the inside of a BgPlan, shared by the compiler that
 * builds it and the simulator that runs it.
 *
 * Owns: the compiled form (a flat list of operations over a register array
 * of doubles) and its interpreter. Must not: be included outside core/.
 *
 * Registers hold every quantity of one evaluation: states (copied in from
 * the solver's vector), bond efforts and flows, auxiliary values and state
 * derivatives. The right-hand side runs rhs_ops in order; outputs run
 * rhs_ops then out_ops (values only needed for reporting: powers, energies).
 * An op either computes one register from earlier ones or solves one
 * algebraic group (Newton on the group's unknowns, dense LU, damped steps).
 * Included by: core/, tests/.
 */
#pragma once

#include "bg-plan.h"
#include "bg-var-list.h"
#include "bg-waveform.h"

G_BEGIN_DECLS

typedef enum
{
  BG_OP_LIN,    /* r[dst] = k + Σ c_i r[a_i]           (terms first .. first+n) */
  BG_OP_COPY,   /* r[dst] = k + c r[a] */
  BG_OP_WAVE,   /* r[dst] = c u_aux(t) */
  BG_OP_MUL,    /* r[dst] = c r[a] r[b] */
  BG_OP_SQR,    /* r[dst] = c r[a]² */
  BG_OP_TABLE,  /* r[dst] = c table_aux(r[a])          (pump curve: Q of Δp) */
  BG_OP_GAS,    /* r[dst] = gas_aux(r[a])              (accumulator: p of V_f, or its energy) */
  BG_OP_GROUP,  /* solve algebraic group aux (dst unused) */
} BgOpKind;

/* 40 bytes (a large model has hundreds of thousands). */
typedef struct
{
  guint32 kind : 8;   /* BgOpKind */
  guint32 aux : 24;   /* wave, table, gas or group index */
  guint32 dst;
  guint32 a, b;
  guint32 first, n;   /* LIN terms */
  double  c, k;
} BgOp;

G_STATIC_ASSERT (sizeof (BgOp) == 40);


typedef struct
{
  guint   n_rows;
  double *x, *y;       /* increasing x; flat outside */
} BgTable;

/* The gas law of an accumulator: its pressure p(V_f), or with `energy` the
 * energy its gas holds, ∫₀^V_f p dV (the same law, integrated). */
typedef struct
{
  double   p0, V0, n;
  gboolean energy;
} BgGas;

/* An algebraic group after tearing: Newton iterates on the n tear
 * registers only. Given their values, the n_seq sequential ops (stored after
 * the tear ops) compute the rest of the group in order, then tear op i
 * recomputes regs[i]; the residual is its value minus the guess. */
typedef struct
{
  guint   n;           /* tear unknowns */
  guint  *regs;        /* the tear registers */
  guint   first_op;    /* into group_ops: n tear ops (op i defines regs[i]), then n_seq ops */
  guint   n_seq;
  double *scales;      /* typical magnitude per tear unknown */
} BgGroup;

typedef enum
{
  BG_EVENT_CYLINDER_LOW,    /* x reached 0 */
  BG_EVENT_CYLINDER_HIGH,   /* x reached L */
  BG_EVENT_ACCUMULATOR_FULL,/* V_f reached 0.99 V0 */
} BgEventKind;

typedef struct
{
  BgEventKind kind;
  guint       state;       /* state index */
  double      threshold;   /* root of y[state] - threshold */
  int         direction;   /* +1 rising, -1 falling */
  char       *element_id;
} BgEvent;

struct _BgPlan
{
  gatomicrefcount ref_count;

  guint    n_regs;
  guint    n_states;
  char   **state_names;   /* n_states + NULL */
  double  *y0;
  double  *state_scale;
  double  *atol;
  guint   *state_reg;     /* register the state is loaded into (== state index) */
  guint   *deriv_reg;     /* register holding its derivative */
  double  *reg_scale;     /* typical magnitude of each register (Newton tolerances) */

  BgOp    *rhs_ops;   guint n_rhs_ops;
  BgOp    *out_ops;   guint n_out_ops;
  BgOp    *group_ops; guint n_group_ops;
  guint32 *term_reg;  double *term_coef; guint n_terms;

  BgWave  *waves;     guint n_waves;     /* table points owned by the plan */
  char   **wave_element;  /* n_waves + NULL: the id of the source each wave drives */
  BgTable *tables;    guint n_tables;
  BgGas   *gases;     guint n_gases;
  BgGroup *groups;    guint n_groups;
  guint    max_group;

  BgEvent *events;    guint n_events;
  double  *switch_times; guint n_switch_times;   /* sorted, in (0, t_end) */

  guint      n_vars;
  BgVarList *vars;      /* names, units, descriptions (sealed), shared with results */
  gint32    *var_reg;   /* -1 for "t" */
  double    *var_scale;

  BgPlanSolver solver;
  guint    mu, ml;
  /* Sparse Jacobian pattern (CSC) and column colouring, SPARSE only. */
  guint    nnz;
  gint64  *col_ptr;     /* n_states + 1 */
  gint64  *row_ind;     /* nnz */
  guint    n_colors;
  guint   *color;       /* per column */

  double   t_end, output_step;
  double   rtol_setting;   /* the settings' rtol */
  double   rtol;           /* the solver's: rtol_setting, tightened by bg-tolerance.c */
  double   osc_omega, osc_sigma, osc_cycles;   /* dominant oscillation, 0 if none */

  /* Energy accounts (bg-energy-private.h), NULL unless compiled with them. */
  struct _BgPlanEnergy *energy;
};

/* The ops of a list recoded for speed (bg-plan-program.c). */
typedef struct _BgPlanProgram BgPlanProgram;

/* Per-run scratch space; one per thread. */
typedef struct
{
  const BgPlan *plan;
  BgPlanProgram *rhs;     /* the plan's rhs_ops as a program, once needed */
  const BgWave *waves;    /* the plan's waves, or inputs held fixed (linearization) */
  double       *regs;
  double       *g_x, *g_r, *g_v, *g_jac, *g_dx, *g_trial;  /* group Newton */
  int          *g_piv;
  double        t;        /* the time continuous waveforms are evaluated at */
  double        t_wave;   /* the time jumps take their level at (inside the segment) */
  guint64       n_rhs;    /* right-hand side evaluations */
  guint64       n_group_failures;
} BgPlanWork;

BgPlan     *_bg_plan_new_empty    (void);
BgPlanWork *_bg_plan_work_new     (const BgPlan *plan);
void        _bg_plan_work_free    (BgPlanWork   *work);

double      _bg_table_eval        (const BgTable *table,
                                   double         x);
double      _bg_gas_eval          (const BgGas  *gas,
                                   double        v_f);
double      _bg_gas_pressure      (const BgGas  *gas,
                                   double        v_f);
double      _bg_gas_energy        (const BgGas  *gas,
                                   double        v_f);

/* Loads y into the state registers and runs the right-hand side ops;
 * if ydot is not NULL, copies the derivatives there. FALSE when an
 * algebraic group did not converge (a recoverable failure for CVODE). */
gboolean    _bg_plan_eval_rhs     (BgPlanWork   *work,
                                   const double *y,
                                   double       *ydot);
/* Runs ops in order over the work's registers (groups included). */
gboolean    _bg_plan_run_ops      (BgPlanWork   *work,
                                   const BgOp   *ops,
                                   guint         n_ops);
/* Runs everything (rhs then output ops) and fills values[n_vars]
 * (values[0] = t). */
gboolean    _bg_plan_eval_outputs (BgPlanWork   *work,
                                   double        t,
                                   const double *y,
                                   double       *values);

/* bg-plan-program.c: ops (which must outlive it) recoded so that
 * _bg_plan_program_run computes the same doubles as _bg_plan_run_ops on
 * them, faster. */
BgPlanProgram *_bg_plan_program_new  (const BgPlan        *plan,
                                      const BgOp          *ops,
                                      guint                n_ops);
void           _bg_plan_program_free (BgPlanProgram       *program);
gboolean       _bg_plan_program_run  (BgPlanWork          *work,
                                      const BgPlanProgram *program);

/* The operations a chosen set of variables needs (bg-plan-outputs.c). */
typedef struct
{
  guint   n_vars;
  guint  *vars;        /* plan variable indices */
  BgOp   *ops;         /* the needed rhs and output ops, in plan order */
  guint   n_ops;
  guint  *states;      /* the states they read or report, increasing */
  guint   n_states;
} BgPlanOutputs;

/* The rhs and output ops, in plan order, that compute the registers marked
 * in needed[n_regs] (which gains the registers they read); *n_ops of them. */
BgOp          *_bg_plan_select_ops   (const BgPlan        *plan,
                                      gboolean            *needed,
                                      guint               *n_ops);
BgPlanOutputs *_bg_plan_outputs_new  (const BgPlan        *plan,
                                      const guint         *vars,
                                      guint                n_vars);
void           _bg_plan_outputs_free (BgPlanOutputs       *outputs);
/* Loads t and the needed states of y, runs the needed ops and fills
 * values[outputs->n_vars] (the other registers of work are left as they
 * were). FALSE when an algebraic group did not converge. */
gboolean       _bg_plan_outputs_eval (BgPlanWork          *work,
                                      const BgPlanOutputs *outputs,
                                      double               t,
                                      const double        *y,
                                      double              *values);
/* The variable that reports a state (its register, scale 1), or -1. */
int            _bg_plan_state_var    (const BgPlan        *plan,
                                      guint                state);

G_END_DECLS
