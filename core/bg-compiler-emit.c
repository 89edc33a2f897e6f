/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler-emit.c — the emitter the equation files write into.
 *
 * In the layout: core/: the plan stage of model → analysis → plan → run →
 * result, one pass of bg_compiler_compile() per file.
 *
 * Owns: BgEmit (bg-compiler-passes-private.h), which collects what the
 * per-component equation files (core/components/bg-*-eqs.c) emit through
 * the interface of bg-compiler-private.h: registers with their scales, one
 * defining operation per register, states, output variables, events,
 * waveforms, tables and gas laws, and the first failure. Reads element
 * parameters (or the spec defaults) for them.
 * Must not: order, tear or fold operations (the other compiler passes do);
 * modify the model.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"

const char *
_bg_compiler_translate (BgEmit     *em,
                        const char *text)
{
  const char *done = g_hash_table_lookup (em->translations, text);

  if (done == NULL)
    {
      done = _(text);
      g_hash_table_insert (em->translations, (gpointer) text, (gpointer) done);
    }
  return done;
}

/* Parameters ------------------------------------------------------------ */

const BgParamValue *
_bg_emit_param (const BgEmitElement *el,
                const char          *name)
{
  guint index;

  if (bg_component_spec_find_param (el->element->spec, name, &index) == NULL)
    return NULL;
  return &el->element->params[index];
}

double
_bg_emit_number (const BgEmitElement *el,
                 const char          *name)
{
  const BgParamValue *value = _bg_emit_param (el, name);
  return value != NULL && value->kind == BG_PARAM_NUMBER ? value->number : NAN;
}

void
_bg_emit_get_wave (const BgEmitElement *el,
                   const char          *value_name,
                   BgWave              *wave)
{
  bg_wave_from_params (wave, el->element->spec, el->element->params, value_name);
  wave->owner = el->id;
}

double
_bg_emit_effort_scale (BgEmit  *em,
                       BgDomain domain)
{
  return em->e_scale[domain];
}

double
_bg_emit_flow_scale (BgEmit  *em,
                     BgDomain domain)
{
  return em->f_scale[domain];
}

double
_bg_emit_t_end (BgEmit *em)
{
  return em->t_end;
}

/* Emitting ---------------------------------------------------------------- */

guint
_bg_emit_new_reg (BgEmit *em,
                  double  scale)
{
  if (!(scale > 0) || !isfinite (scale))
    scale = 1.0;
  g_array_append_val (em->reg_scale, scale);
  return em->reg_scale->len - 1;
}

static BgOp *
add_op (BgEmit  *em,
        BgOpKind kind,
        guint    out)
{
  BgOp op = { 0 };

  op.kind = kind;
  op.dst = out;
  op.c = 1.0;
  g_array_append_val (em->ops, op);
  return &g_array_index (em->ops, BgOp, em->ops->len - 1);
}

void
_bg_emit_lin (BgEmit       *em,
              guint         out,
              double        k,
              guint         n,
              const guint  *regs,
              const double *coefs)
{
  BgOp *op = add_op (em, BG_OP_LIN, out);

  op->k = k;
  op->first = em->term_reg->len;
  op->n = n;
  for (guint i = 0; i < n; i++)
    {
      guint32 r = regs[i];
      g_array_append_val (em->term_reg, r);
      g_array_append_val (em->term_coef, coefs[i]);
    }
}

void
_bg_emit_copy (BgEmit *em,
               guint   out,
               guint   in,
               double  c)
{
  BgOp *op = add_op (em, BG_OP_COPY, out);
  op->a = in;
  op->c = c;
}

void
_bg_emit_const (BgEmit *em,
                guint   out,
                double  k)
{
  _bg_emit_lin (em, out, k, 0, NULL, NULL);
}

void
_bg_emit_wave (BgEmit       *em,
               guint         out,
               const BgWave *wave,
               double        c)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) local_error = NULL;
  BgWave stored = *wave;
  BgOp *op;

  /* Refuse a waveform with too many switching times before anything runs. */
  if (!bg_wave_switch_times (wave, em->t_end, times, &local_error))
    {
      _bg_emit_fail (em, "%s", local_error->message);
      return;
    }
  op = add_op (em, BG_OP_WAVE, out);
  op->aux = em->waves->len;
  op->c = c;
  stored.owner = NULL;
  if (stored.n_points > 0)
    stored.points = g_memdup2 (wave->points, 2 * wave->n_points * sizeof (double));
  g_array_append_val (em->waves, stored);
  g_ptr_array_add (em->wave_element, g_strdup (em->current_id != NULL ? em->current_id : ""));
}

void
_bg_emit_mul (BgEmit *em,
              guint   out,
              guint   a,
              guint   b,
              double  c)
{
  BgOp *op = add_op (em, BG_OP_MUL, out);
  op->a = a;
  op->b = b;
  op->c = c;
}

void
_bg_emit_sqr (BgEmit *em,
              guint   out,
              guint   a,
              double  c)
{
  BgOp *op = add_op (em, BG_OP_SQR, out);
  op->a = a;
  op->c = c;
}

void
_bg_emit_table (BgEmit       *em,
                guint         out,
                guint         in,
                const double *xy,
                guint         n_rows,
                double        c)
{
  BgOp   *op = add_op (em, BG_OP_TABLE, out);
  BgTable table;

  op->a = in;
  op->c = c;
  op->aux = em->tables->len;
  table.n_rows = n_rows;
  table.x = g_new (double, n_rows);
  table.y = g_new (double, n_rows);
  for (guint i = 0; i < n_rows; i++)
    {
      table.x[i] = xy[2 * i];
      table.y[i] = xy[2 * i + 1];
    }
  g_array_append_val (em->tables, table);
}

void
_bg_emit_gas (BgEmit *em,
              guint   out,
              guint   in,
              double  p0,
              double  V0,
              double  n)
{
  BgOp *op = add_op (em, BG_OP_GAS, out);
  BgGas gas = { p0, V0, n, FALSE };

  op->a = in;
  op->aux = em->gases->len;
  g_array_append_val (em->gases, gas);
}

/* "<id>.<suffix>" into buf (room for an id and a suffix), or into a new
 * string when they do not fit; returns the name. */
static const char *
join_name (char        *buf,
           gsize        size,
           char       **heap,
           const char  *id,
           const char  *suffix)
{
  gsize id_len = strlen (id), suffix_len = strlen (suffix);
  char *name = buf;

  *heap = NULL;
  if (id_len + suffix_len + 2 > size)
    name = *heap = g_malloc (id_len + suffix_len + 2);
  memcpy (name, id, id_len);
  name[id_len] = '.';
  memcpy (name + id_len + 1, suffix, suffix_len + 1);
  return name;
}

guint
_bg_emit_state (BgEmit              *em,
                const BgEmitElement *el,
                const char          *suffix,
                double               y0,
                double               scale,
                guint               *deriv)
{
  StateInfo info;

  if (!(scale > 0) || !isfinite (scale))
    scale = MAX (fabs (y0), 1.0);
  info.name = g_strconcat (el->id, ".", suffix, NULL);
  info.reg = _bg_emit_new_reg (em, scale);
  info.deriv = _bg_emit_new_reg (em, 1.0);
  info.y0 = y0;
  info.scale = scale;
  g_array_append_val (em->states, info);
  *deriv = info.deriv;
  return info.reg;
}

void
_bg_emit_output (BgEmit              *em,
                 const BgEmitElement *el,
                 const char          *suffix,
                 guint                reg,
                 double               scale)
{
  const BgComponentSpec *spec = el->element->spec;
  gint32                 r = (gint32) reg;
  const char            *unit = "", *description = "";
  char                   buf[BG_ID_MAX_LENGTH + 64];
  g_autofree char       *heap = NULL;

  /* (The last one of that suffix, as always; first letters first.) */
  for (guint i = 0; i < spec->n_vars; i++)
    if (spec->vars[i].suffix[0] == suffix[0] && g_str_equal (spec->vars[i].suffix, suffix))
      {
        unit = spec->vars[i].unit;
        if (spec->vars[i].description != NULL)
          description = _bg_compiler_translate (em, spec->vars[i].description);
      }
  bg_var_list_add (em->vars, join_name (buf, sizeof buf, &heap, el->id, suffix), unit, description);
  g_array_append_val (em->var_reg, r);
  g_array_append_val (em->var_scale, scale);
}

void
_bg_emit_event (BgEmit              *em,
                const BgEmitElement *el,
                BgEventKind          kind,
                guint                state_reg,
                double               threshold,
                int                  direction)
{
  BgEvent event;

  event.kind = kind;
  event.state = state_reg;
  event.threshold = threshold;
  event.direction = direction;
  event.element_id = g_strdup (el->id);
  g_array_append_val (em->events, event);
}

/* Energy accounts --------------------------------------------------------- */

/* el's account of that role, made when it has none. */
static guint
energy_account (BgEmit *em, const BgEmitElement *el, BgEnergyRole role)
{
  EnergyAccountInfo info = { el->id, role };
  guint n = em->energy_accounts->len;

  if (em->energy_first < n
      && g_array_index (em->energy_accounts, EnergyAccountInfo, em->energy_first).element == el->id)
    {
      for (guint a = em->energy_first; a < n; a++)
        if (g_array_index (em->energy_accounts, EnergyAccountInfo, a).role == role)
          return a;
    }
  else
    em->energy_first = n;
  g_array_append_val (em->energy_accounts, info);
  return n;
}

/* A register holding c · r[a] · r[b] (or the term c · r[a] itself). */
static void
energy_term (BgEmit *em, guint account, guint a, guint b, double c, gboolean stored)
{
  BgEnergyTerm term = { account, a, c, stored };

  if (b != BG_EMIT_NO_REG)
    {
      term.reg = _bg_emit_new_reg (em, 1.0);
      term.c = 1.0;
      if (a == b)
        _bg_emit_sqr (em, term.reg, a, c);
      else
        _bg_emit_mul (em, term.reg, a, b, c);
    }
  g_array_append_val (em->energy_terms, term);
}

void
_bg_emit_energy_power (BgEmit              *em,
                       const BgEmitElement *el,
                       BgEnergyRole         role,
                       guint                a,
                       guint                b,
                       double               c)
{
  if (em->with_energy)
    energy_term (em, energy_account (em, el, role), a, b, c, FALSE);
}

void
_bg_emit_energy_stored (BgEmit              *em,
                        const BgEmitElement *el,
                        guint                a,
                        guint                b,
                        double               c)
{
  if (em->with_energy)
    energy_term (em, energy_account (em, el, BG_ENERGY_STORAGE), a, b, c, TRUE);
}

void
_bg_emit_energy_gas (BgEmit              *em,
                     const BgEmitElement *el,
                     guint                v_f,
                     double               p0,
                     double               V0,
                     double               n)
{
  guint reg;
  BgOp *op;
  BgGas gas = { p0, V0, n, TRUE };

  if (!em->with_energy)
    return;
  reg = _bg_emit_new_reg (em, 1.0);
  op = add_op (em, BG_OP_GAS, reg);
  op->a = v_f;
  op->aux = em->gases->len;
  g_array_append_val (em->gases, gas);
  energy_term (em, energy_account (em, el, BG_ENERGY_STORAGE), reg, BG_EMIT_NO_REG, 1.0, TRUE);
}

void
_bg_emit_fail (BgEmit     *em,
               const char *format,
               ...)
{
  va_list args;
  char   *message;

  if (em->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  em->error = g_error_new_literal (BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID, message);
  g_free (message);
}

void
_bg_compiler_emit_free (BgEmit *em)
{
  for (guint i = 0; i < em->states->len; i++)
    g_free (g_array_index (em->states, StateInfo, i).name);
  for (guint i = 0; i < em->events->len; i++)
    g_free (g_array_index (em->events, BgEvent, i).element_id);
  for (guint i = 0; i < em->tables->len; i++)
    {
      g_free (g_array_index (em->tables, BgTable, i).x);
      g_free (g_array_index (em->tables, BgTable, i).y);
    }
  g_array_unref (em->ops);
  g_array_unref (em->term_reg);
  g_array_unref (em->term_coef);
  g_array_unref (em->reg_scale);
  g_array_unref (em->states);
  g_array_unref (em->var_reg);
  g_array_unref (em->var_scale);
  g_clear_pointer (&em->vars, bg_var_list_unref);
  g_array_unref (em->events);
  for (guint i = 0; i < em->waves->len; i++)
    g_free ((gpointer) g_array_index (em->waves, BgWave, i).points);
  g_array_unref (em->waves);
  g_ptr_array_unref (em->wave_element);
  g_array_unref (em->tables);
  g_array_unref (em->gases);
  g_array_unref (em->energy_accounts);
  g_array_unref (em->energy_terms);
  g_clear_error (&em->error);
  g_hash_table_unref (em->translations);
  g_free (em);
}

BgEmit *
_bg_compiler_emit_new (BgModel *model,
                       double   t_end)
{
  BgEmit *em = g_new0 (BgEmit, 1);
  /* Room for what a typical element or bond emits (two or three registers
   * and ops, three variables, one term), so that the arrays of a large
   * model do not move, copying themselves, while they fill; room that is
   * never written costs no memory. More simply grows the arrays. */
  guint items = bg_model_get_elements (model)->len + bg_model_get_bonds (model)->len;
  guint room = MIN (items, 1u << 22) * 5 / 2 + 16;

  em->model = model;
  em->t_end = t_end;
  em->ops = g_array_sized_new (FALSE, FALSE, sizeof (BgOp), room);
  em->term_reg = g_array_sized_new (FALSE, FALSE, sizeof (guint32), room / 2);
  em->term_coef = g_array_sized_new (FALSE, FALSE, sizeof (double), room / 2);
  em->reg_scale = g_array_sized_new (FALSE, FALSE, sizeof (double), room);
  em->states = g_array_new (FALSE, FALSE, sizeof (StateInfo));
  em->vars = bg_var_list_new (room + room / 4);
  em->var_reg = g_array_sized_new (FALSE, FALSE, sizeof (gint32), room + room / 4);
  em->var_scale = g_array_sized_new (FALSE, FALSE, sizeof (double), room + room / 4);
  bg_var_list_add (em->vars, "t", "s", _("time"));
  g_array_append_val (em->var_reg, (gint32) { -1 });
  g_array_append_val (em->var_scale, (double) { 1.0 });
  em->events = g_array_new (FALSE, FALSE, sizeof (BgEvent));
  em->waves = g_array_new (FALSE, FALSE, sizeof (BgWave));
  em->wave_element = g_ptr_array_new_with_free_func (g_free);
  em->tables = g_array_new (FALSE, FALSE, sizeof (BgTable));
  em->gases = g_array_new (FALSE, FALSE, sizeof (BgGas));
  em->energy_accounts = g_array_new (FALSE, FALSE, sizeof (EnergyAccountInfo));
  em->energy_terms = g_array_new (FALSE, FALSE, sizeof (BgEnergyTerm));
  em->energy_first = G_MAXUINT;
  em->translations = g_hash_table_new (NULL, NULL);
  return em;
}
