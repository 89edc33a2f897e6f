/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-passes-private.h — what the compiler's files share.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: the emitter's state (BgEmit) and the schedule of operations, and the
 * `_bg_compiler_` functions of the passes bg_compiler_compile() runs:
 *   bg-compiler.c           the driver: checks, element emission, plan tables
 *   bg-compiler-emit.c      the emitter the equation files write into
 *   bg-compiler-scales.c    effort and flow scales of each domain
 *   bg-compiler-schedule.c  renumbering, dependencies, Tarjan order, assembly
 *   bg-compiler-tearing.c   tearing of one algebraic group
 *   bg-compiler-copies.c    copy propagation
 *   bg-compiler-compact.c   the registers renumbered, the right-hand side's together
 *   bg-compiler-jacobian.c  Jacobian pattern, colouring, solver choice
 * Must not: be included outside core/bg-compiler*.c (the equation files use
 * bg-compiler-private.h only).
 * Included by: core/bg-compiler*.c.
 */
#pragma once

#include "bg-compiler-private.h"
#include "bg-energy-private.h"

G_BEGIN_DECLS

#define NO_DEF G_MAXUINT

typedef struct
{
  char  *name;
  guint  reg, deriv;
  double y0, scale;
} StateInfo;

typedef struct
{
  const char  *element;   /* the model's id (the model outlives the emitter) */
  BgEnergyRole role;
} EnergyAccountInfo;

struct _BgEmit
{
  BgModel    *model;
  GArray     *ops;       /* BgOp, one per defined register */
  GArray     *term_reg;  /* guint32 */
  GArray     *term_coef; /* double */
  GArray     *reg_scale; /* double per register */
  GArray     *states;    /* StateInfo */
  /* The plan's variables: "t" (register -1), then one per output; the
   * plan takes these arrays over. */
  BgVarList  *vars;
  GArray     *var_reg;   /* gint32 */
  GArray     *var_scale; /* double */
  GArray     *events;    /* BgEvent (state = register until renumbered) */
  GArray     *waves;     /* BgWave */
  GPtrArray  *wave_element; /* char *, the source element of each wave */
  const char *current_id;   /* the element whose equations are being emitted */
  GArray     *tables;    /* BgTable */
  GArray     *gases;     /* BgGas */
  /* Energy accounts (bg-energy-private.h), kept only when asked for. */
  gboolean    with_energy;
  GArray     *energy_accounts; /* EnergyAccountInfo */
  GArray     *energy_terms;    /* BgEnergyTerm (registers until renumbered) */
  guint       energy_first;    /* the current element's first account */
  double      e_scale[BG_N_DOMAINS], f_scale[BG_N_DOMAINS];
  double      t_end;
  GError     *error;
  GHashTable *translations; /* untranslated text -> gettext result (one lookup each) */
};

typedef struct
{
  guint     n_items;
  guint    *item_first; /* into order[], n_items + 1 entries */
  guint    *order;      /* op indices, grouped by strongly connected component */
  guint8   *cyclic;     /* per item: an algebraic group */
} Schedule;

/* The registers an operation reads (other than a sum's terms when term_reg
 * is NULL); at most cap. */
static inline void
_bg_compiler_op_inputs (const BgOp    *op,
                        const guint32 *term_reg,
                        guint32       *inputs,
                        guint         *n_inputs,
                        guint          cap)
{
  guint n = 0;

  switch ((BgOpKind) op->kind)
    {
    case BG_OP_LIN:
      for (guint i = 0; i < op->n && n < cap; i++)
        inputs[n++] = term_reg[op->first + i];
      break;
    case BG_OP_MUL:
      inputs[n++] = op->a;
      inputs[n++] = op->b;
      break;
    case BG_OP_COPY:
    case BG_OP_SQR:
    case BG_OP_TABLE:
    case BG_OP_GAS:
      inputs[n++] = op->a;
      break;
    case BG_OP_WAVE:
    case BG_OP_GROUP:
    default:
      break;
    }
  *n_inputs = n;
}

/* bg-compiler-emit.c */
const char *_bg_compiler_translate (BgEmit     *em,
                                    const char *text) G_GNUC_FORMAT (2);
BgEmit     *_bg_compiler_emit_new (BgModel *model,
                                   double   t_end);
void        _bg_compiler_emit_free (BgEmit *em);

/* bg-compiler-scales.c */
void _bg_compiler_estimate_scales (BgEmit    *em,
                                   GPtrArray *elements);

/* bg-compiler-schedule.c */
void     _bg_compiler_renumber_registers (BgEmit *em);
gboolean _bg_compiler_build_definitions (BgEmit  *em,
                                         guint    n_regs,
                                         guint  **def_out,
                                         GError **error);
void     _bg_compiler_build_dependencies (BgEmit      *em,
                                          const guint *def,
                                          guint      **first_out,
                                          guint      **deps_out);
void     _bg_compiler_schedule_ops (guint        n_ops,
                                    const guint *first,
                                    const guint *deps,
                                    Schedule    *s);
void     _bg_compiler_schedule_free (Schedule *s);
void     _bg_compiler_assemble_ops (BgEmit         *em,
                                    const Schedule *s,
                                    BgPlan         *plan);

/* bg-compiler-tearing.c */
void _bg_compiler_tear_group (BgEmit      *em,
                              const guint *members,
                              guint        m,
                              gint        *member_of,
                              GArray      *group_ops,
                              GArray      *groups,
                              BgPlan      *plan);

/* bg-compiler-copies.c */
void _bg_compiler_propagate_copies (BgPlan *plan);

/* bg-compiler-compact.c: the states, then the right-hand side's registers
 * in the order it uses them, then the others. */
void _bg_compiler_compact_registers (BgPlan *plan);

/* bg-compiler-jacobian.c */
void _bg_compiler_choose_solver (BgPlan *plan);

G_END_DECLS
