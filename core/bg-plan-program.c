/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plan-program.c — an op list recoded for the interpreter's inner loop.
 *
 * Owns: BgPlanProgram (bg-plan-private.h): the same operations as a BgOp
 * list, in the same order, as two sequential streams: one of 32-bit words
 * (a code, the destination and the source registers) and one of doubles
 * (the constant and the coefficients). Sums of up to three terms, copies,
 * products and squares are written out in full; anything else (waveforms,
 * tables, gas laws, algebraic groups, longer sums) is run through
 * _bg_plan_run_ops on its BgOp. Each value is computed with the very
 * operations, in the very order, of the BgOp interpreter (k first, then the
 * terms from left to right), so the doubles are the same bit for bit.
 *
 * Must not: change, or outlive, the op list it was made from; keep state
 * beyond the program (a run builds its own, in its BgPlanWork).
 */
#include "config.h"

#include "bg-plan-private.h"

typedef enum
{
  CODE_END,
  CODE_SET,    /* dst; k */
  CODE_LIN1,   /* dst a; k c0 (a copy too: k + c r[a]) */
  CODE_LIN2,   /* dst a b; k c0 c1 */
  CODE_LIN3,   /* dst a b c; k c0 c1 c2 */
  CODE_MUL,    /* dst a b; c */
  CODE_SQR,    /* dst a; c */
  CODE_OP,     /* index of the BgOp */
} Code;

struct _BgPlanProgram
{
  const BgOp *ops;
  guint32    *code;
  double     *konst;
};

static void
put_code (GArray *code, guint32 word)
{
  g_array_append_val (code, word);
}

static void
put_konst (GArray *konst, double value)
{
  g_array_append_val (konst, value);
}

/* Appends op (number index of ops) to the streams. */
static void
encode (const BgPlan *plan, const BgOp *op, guint index, GArray *code, GArray *konst)
{
  switch ((BgOpKind) op->kind)
    {
    case BG_OP_LIN:
      if (op->n <= 3)
        {
          static const Code codes[] = { CODE_SET, CODE_LIN1, CODE_LIN2, CODE_LIN3 };

          put_code (code, codes[op->n]);
          put_code (code, op->dst);
          put_konst (konst, op->k);
          for (guint i = 0; i < op->n; i++)
            {
              put_code (code, plan->term_reg[op->first + i]);
              put_konst (konst, plan->term_coef[op->first + i]);
            }
          return;
        }
      break;
    case BG_OP_COPY:
      put_code (code, CODE_LIN1);
      put_code (code, op->dst);
      put_code (code, op->a);
      put_konst (konst, op->k);
      put_konst (konst, op->c);
      return;
    case BG_OP_MUL:
      put_code (code, CODE_MUL);
      put_code (code, op->dst);
      put_code (code, op->a);
      put_code (code, op->b);
      put_konst (konst, op->c);
      return;
    case BG_OP_SQR:
      put_code (code, CODE_SQR);
      put_code (code, op->dst);
      put_code (code, op->a);
      put_konst (konst, op->c);
      return;
    case BG_OP_WAVE:
    case BG_OP_TABLE:
    case BG_OP_GAS:
    case BG_OP_GROUP:
    default:
      break;
    }
  put_code (code, CODE_OP);
  put_code (code, index);
}

BgPlanProgram *
_bg_plan_program_new (const BgPlan *plan,
                      const BgOp   *ops,
                      guint         n_ops)
{
  BgPlanProgram *self = g_new0 (BgPlanProgram, 1);
  /* Most ops take a code, a destination, two or three sources and as many
   * doubles plus one. */
  GArray *code = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 5 * (gsize) n_ops + 1);
  GArray *konst = g_array_sized_new (FALSE, FALSE, sizeof (double), 4 * (gsize) n_ops + 1);

  self->ops = ops;
  for (guint i = 0; i < n_ops; i++)
    encode (plan, &ops[i], i, code, konst);
  put_code (code, CODE_END);
  put_konst (konst, 0.0);
  self->code = (guint32 *) g_array_free (code, FALSE);
  self->konst = (double *) g_array_free (konst, FALSE);
  return self;
}

void
_bg_plan_program_free (BgPlanProgram *self)
{
  if (self == NULL)
    return;
  g_free (self->code);
  g_free (self->konst);
  g_free (self);
}

gboolean
_bg_plan_program_run (BgPlanWork          *work,
                      const BgPlanProgram *self)
{
  const guint32 *c = self->code;
  const double *k = self->konst;
  double *r = work->regs;

  for (;;)
    {
      double acc;

      switch ((Code) c[0])
        {
        case CODE_END:
          return TRUE;
        case CODE_SET:
          r[c[1]] = k[0];
          c += 2;
          k += 1;
          break;
        case CODE_LIN1:
          acc = k[0];
          acc += k[1] * r[c[2]];
          r[c[1]] = acc;
          c += 3;
          k += 2;
          break;
        case CODE_LIN2:
          acc = k[0];
          acc += k[1] * r[c[2]];
          acc += k[2] * r[c[3]];
          r[c[1]] = acc;
          c += 4;
          k += 3;
          break;
        case CODE_LIN3:
          acc = k[0];
          acc += k[1] * r[c[2]];
          acc += k[2] * r[c[3]];
          acc += k[3] * r[c[4]];
          r[c[1]] = acc;
          c += 5;
          k += 4;
          break;
        case CODE_MUL:
          r[c[1]] = k[0] * r[c[2]] * r[c[3]];
          c += 4;
          k += 1;
          break;
        case CODE_SQR:
          r[c[1]] = k[0] * r[c[2]] * r[c[2]];
          c += 3;
          k += 1;
          break;
        case CODE_OP:
        default:
          if (!_bg_plan_run_ops (work, &self->ops[c[1]], 1))
            return FALSE;
          c += 2;
          break;
        }
    }
}
