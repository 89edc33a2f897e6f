/* bg-compiler.c — model + causal analysis → BgPlan.
 *
 * Owns: the emitter the per-component equation files write into, the
 * effort/flow scales of each domain, ordering the emitted assignments
 * (Tarjan's strongly connected components: every cycle is an algebraic
 * group, torn greedily and solved jointly by Newton on its tear unknowns),
 * splitting them into right-hand-side work and output-only work, folding
 * scaled copies into their readers, the Jacobian pattern and the linear
 * solver choice (rule in bg-compiler.h). Must not: modify the model or the
 * analysis, keep anything between calls, or leave a pointer into either in
 * the plan.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-tolerance.h"

G_DEFINE_QUARK (bg-compiler-error-quark, bg_compiler_error)

#define PATTERN_CAP 256
#define NO_DEF G_MAXUINT

typedef struct
{
  char  *name;
  guint  reg, deriv;
  double y0, scale;
} StateInfo;

typedef struct
{
  char  *name, *unit, *description;
  guint  reg;
  double scale;
} OutputInfo;

struct _BgEmit
{
  BgModel *model;
  GArray  *ops;          /* BgOp, one per defined register */
  GArray  *term_reg;     /* guint32 */
  GArray  *term_coef;    /* double */
  GArray  *reg_scale;    /* double per register */
  GArray  *states;       /* StateInfo */
  GArray  *outputs;      /* OutputInfo */
  GArray  *events;       /* BgEvent (state = register until renumbered) */
  GArray  *waves;        /* BgWave */
  GArray  *tables;       /* BgTable */
  GArray  *gases;        /* BgGas */
  double   e_scale[BG_N_DOMAINS], f_scale[BG_N_DOMAINS];
  double   t_end;
  GError  *error;
  GHashTable *translations;   /* untranslated text -> gettext result (one lookup each) */
};

/* gettext once per distinct text: a model may have 1e5 outputs. */
static const char *translate (BgEmit *em, const char *text) G_GNUC_FORMAT (2);

static const char *
translate (BgEmit *em, const char *text)
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
bg_emit_param (const BgEmitElement *el, const char *name)
{
  guint index;

  if (bg_component_spec_find_param (el->element->spec, name, &index) == NULL)
    return NULL;
  return &el->element->params[index];
}

double
bg_emit_number (const BgEmitElement *el, const char *name)
{
  const BgParamValue *value = bg_emit_param (el, name);
  return value != NULL && value->kind == BG_PARAM_NUMBER ? value->number : NAN;
}

void
bg_emit_get_wave (const BgEmitElement *el, const char *value_name, BgWave *wave)
{
  bg_wave_from_params (wave, el->element->spec, el->element->params, value_name);
  wave->owner = el->id;
}

double
bg_emit_effort_scale (BgEmit *em, BgDomain domain)
{
  return em->e_scale[domain];
}

double
bg_emit_flow_scale (BgEmit *em, BgDomain domain)
{
  return em->f_scale[domain];
}

double
bg_emit_t_end (BgEmit *em)
{
  return em->t_end;
}

/* Emitting ---------------------------------------------------------------- */

guint
bg_emit_new_reg (BgEmit *em, double scale)
{
  if (!(scale > 0) || !isfinite (scale))
    scale = 1.0;
  g_array_append_val (em->reg_scale, scale);
  return em->reg_scale->len - 1;
}

static BgOp *
add_op (BgEmit *em, BgOpKind kind, guint out)
{
  BgOp op = { 0 };

  op.kind = kind;
  op.dst = out;
  op.c = 1.0;
  g_array_append_val (em->ops, op);
  return &g_array_index (em->ops, BgOp, em->ops->len - 1);
}

void
bg_emit_lin (BgEmit *em, guint out, double k, guint n, const guint *regs, const double *coefs)
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
bg_emit_copy (BgEmit *em, guint out, guint in, double c)
{
  BgOp *op = add_op (em, BG_OP_COPY, out);
  op->a = in;
  op->c = c;
}

void
bg_emit_const (BgEmit *em, guint out, double k)
{
  bg_emit_lin (em, out, k, 0, NULL, NULL);
}

void
bg_emit_wave (BgEmit *em, guint out, const BgWave *wave, double c)
{
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) local_error = NULL;
  BgWave stored = *wave;
  BgOp *op;

  /* Refuse a waveform with too many switching times before anything runs. */
  if (!bg_wave_switch_times (wave, em->t_end, times, &local_error))
    {
      bg_emit_fail (em, "%s", local_error->message);
      return;
    }
  op = add_op (em, BG_OP_WAVE, out);
  op->aux = em->waves->len;
  op->c = c;
  stored.owner = NULL;
  if (stored.n_points > 0)
    stored.points = g_memdup2 (wave->points, 2 * wave->n_points * sizeof (double));
  g_array_append_val (em->waves, stored);
}

void
bg_emit_mul (BgEmit *em, guint out, guint a, guint b, double c)
{
  BgOp *op = add_op (em, BG_OP_MUL, out);
  op->a = a;
  op->b = b;
  op->c = c;
}

void
bg_emit_sqr (BgEmit *em, guint out, guint a, double c)
{
  BgOp *op = add_op (em, BG_OP_SQR, out);
  op->a = a;
  op->c = c;
}

void
bg_emit_table (BgEmit *em, guint out, guint in, const double *xy, guint n_rows, double c)
{
  BgOp *op = add_op (em, BG_OP_TABLE, out);
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
bg_emit_gas (BgEmit *em, guint out, guint in, double p0, double V0, double n)
{
  BgOp *op = add_op (em, BG_OP_GAS, out);
  BgGas gas = { p0, V0, n };

  op->a = in;
  op->aux = em->gases->len;
  g_array_append_val (em->gases, gas);
}

guint
bg_emit_state (BgEmit *em, const BgEmitElement *el, const char *suffix,
               double y0, double scale, guint *deriv)
{
  StateInfo info;

  if (!(scale > 0) || !isfinite (scale))
    scale = MAX (fabs (y0), 1.0);
  info.name = g_strdup_printf ("%s.%s", el->id, suffix);
  info.reg = bg_emit_new_reg (em, scale);
  info.deriv = bg_emit_new_reg (em, 1.0);
  info.y0 = y0;
  info.scale = scale;
  g_array_append_val (em->states, info);
  *deriv = info.deriv;
  return info.reg;
}

void
bg_emit_output (BgEmit *em, const BgEmitElement *el, const char *suffix, guint reg, double scale)
{
  const BgComponentSpec *spec = el->element->spec;
  OutputInfo info = { 0 };

  info.name = g_strdup_printf ("%s.%s", el->id, suffix);
  for (guint i = 0; i < spec->n_vars; i++)
    if (g_str_equal (spec->vars[i].suffix, suffix))
      {
        info.unit = g_strdup (spec->vars[i].unit);
        info.description = g_strdup (spec->vars[i].description != NULL
                                     ? translate (em, spec->vars[i].description) : "");
      }
  if (info.unit == NULL)
    info.unit = g_strdup ("");
  if (info.description == NULL)
    info.description = g_strdup ("");
  info.reg = reg;
  info.scale = scale;
  g_array_append_val (em->outputs, info);
}

void
bg_emit_event (BgEmit *em, const BgEmitElement *el, BgEventKind kind,
               guint state_reg, double threshold, int direction)
{
  BgEvent event;

  event.kind = kind;
  event.state = state_reg;
  event.threshold = threshold;
  event.direction = direction;
  event.element_id = g_strdup (el->id);
  g_array_append_val (em->events, event);
}

void
bg_emit_fail (BgEmit *em, const char *format, ...)
{
  va_list args;
  char *message;

  if (em->error != NULL)
    return;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  em->error = g_error_new_literal (BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID, message);
  g_free (message);
}

static void
bg_emit_free (BgEmit *em)
{
  for (guint i = 0; i < em->states->len; i++)
    g_free (g_array_index (em->states, StateInfo, i).name);
  for (guint i = 0; i < em->outputs->len; i++)
    {
      OutputInfo *o = &g_array_index (em->outputs, OutputInfo, i);
      g_free (o->name);
      g_free (o->unit);
      g_free (o->description);
    }
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
  g_array_unref (em->outputs);
  g_array_unref (em->events);
  for (guint i = 0; i < em->waves->len; i++)
    g_free ((gpointer) g_array_index (em->waves, BgWave, i).points);
  g_array_unref (em->waves);
  g_array_unref (em->tables);
  g_array_unref (em->gases);
  g_clear_error (&em->error);
  g_hash_table_unref (em->translations);
  g_free (em);
}

static BgEmit *
bg_emit_new (BgModel *model, double t_end)
{
  BgEmit *em = g_new0 (BgEmit, 1);

  em->model = model;
  em->t_end = t_end;
  em->ops = g_array_new (FALSE, FALSE, sizeof (BgOp));
  em->term_reg = g_array_new (FALSE, FALSE, sizeof (guint32));
  em->term_coef = g_array_new (FALSE, FALSE, sizeof (double));
  em->reg_scale = g_array_new (FALSE, FALSE, sizeof (double));
  em->states = g_array_new (FALSE, FALSE, sizeof (StateInfo));
  em->outputs = g_array_new (FALSE, FALSE, sizeof (OutputInfo));
  em->events = g_array_new (FALSE, FALSE, sizeof (BgEvent));
  em->waves = g_array_new (FALSE, FALSE, sizeof (BgWave));
  em->tables = g_array_new (FALSE, FALSE, sizeof (BgTable));
  em->gases = g_array_new (FALSE, FALSE, sizeof (BgGas));
  em->translations = g_hash_table_new (NULL, NULL);
  return em;
}

/* Scales ---------------------------------------------------------------- */

static void
bump (double *slot, double value)
{
  if (isfinite (value))
    *slot = MAX (*slot, fabs (value));
}

static double
wave_magnitude (const BgEmitElement *el, const char *value_name, double em_t_end)
{
  BgWave w;

  bg_emit_get_wave (el, value_name, &w);
  return bg_wave_magnitude (&w, em_t_end);
}

/* Typical effort and flow of each domain (see bg-compiler.h). */
static void
estimate_scales (BgEmit *em, GPtrArray *elements)
{
  static const double fallback_e[BG_N_DOMAINS] = { 1, 10, 1e6, 1, 1 };
  static const double fallback_f[BG_N_DOMAINS] = { 1, 0.01, 1e-4, 0.1, 1 };
  double r_max[BG_N_DOMAINS] = { 0 };
  double *e = em->e_scale, *f = em->f_scale;

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement el = { element, element->id, NULL, 0 };
      BgDomain d = element->spec->domain;

      switch (element->spec->kind)
        {
        case BG_KIND_SE:
          bump (&e[d], wave_magnitude (&el, "value", em->t_end));
          break;
        case BG_KIND_SF:
          bump (&f[d], wave_magnitude (&el, "value", em->t_end));
          break;
        case BG_KIND_R:
          bump (&r_max[d], bg_emit_number (&el, "value"));
          break;
        case BG_KIND_C:
          bump (&e[d], bg_emit_number (&el, "initial") / bg_emit_number (&el, "value"));
          break;
        case BG_KIND_I:
          bump (&f[d], bg_emit_number (&el, "initial") / bg_emit_number (&el, "value"));
          break;
        case BG_KIND_MECHANICAL_LOAD:
          bump (&e[BG_DOMAIN_TRANSLATIONAL], wave_magnitude (&el, "load", em->t_end));
          bump (&f[BG_DOMAIN_TRANSLATIONAL],
                bg_emit_number (&el, "initial") / bg_emit_number (&el, "mass"));
          break;
        case BG_KIND_GAS_ACCUMULATOR:
          bump (&e[BG_DOMAIN_HYDRAULIC], bg_emit_number (&el, "p0"));
          break;
        case BG_KIND_PUMP_CURVE:
          {
            const BgParamValue *t = bg_emit_param (&el, "table");
            for (guint k = 0; t != NULL && t->table != NULL && k + 1 < t->table->len; k += 2)
              {
                bump (&e[BG_DOMAIN_HYDRAULIC], g_array_index (t->table, double, k));
                bump (&f[BG_DOMAIN_HYDRAULIC], g_array_index (t->table, double, k + 1));
              }
          }
          break;
        default:
          break;
        }
    }

  /* Carry scales through cylinders (F = A p, v = Q / A). */
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement el = { element, element->id, NULL, 0 };
      double D, area;

      if (element->spec->kind != BG_KIND_CYLINDER_DA)
        continue;
      D = bg_emit_number (&el, "D");
      area = G_PI * D * D / 4;
      bump (&e[BG_DOMAIN_TRANSLATIONAL], area * e[BG_DOMAIN_HYDRAULIC]);
      bump (&f[BG_DOMAIN_TRANSLATIONAL], f[BG_DOMAIN_HYDRAULIC] / area);
      bump (&e[BG_DOMAIN_HYDRAULIC], e[BG_DOMAIN_TRANSLATIONAL] / area);
      bump (&f[BG_DOMAIN_HYDRAULIC], f[BG_DOMAIN_TRANSLATIONAL] * area);
    }

  /* Carry scales through gyrators and motors (e_S = r f_P, f_S = e_P / r). */
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *element = g_ptr_array_index (elements, i);
      BgEmitElement el = { element, element->id, NULL, 0 };
      BgDomain p, s;
      double r;

      if (element->spec->kind == BG_KIND_GY)
        r = bg_emit_number (&el, "r");
      else if (element->spec->kind == BG_KIND_DC_MOTOR)
        r = bg_emit_number (&el, "k");
      else
        continue;
      p = element->spec->ports[0].domain;
      s = element->spec->ports[1].domain;
      bump (&e[s], r * f[p]);
      bump (&f[s], e[p] / r);
      bump (&e[p], r * f[s]);
      bump (&f[p], e[s] / r);
    }

  /* Through resistors: a flow of e / R_max, an effort of f · R_max (the
   * smaller estimate: a tighter tolerance costs steps, a looser one accuracy). */
  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      if (f[d] == 0 && e[d] > 0 && r_max[d] > 0)
        f[d] = e[d] / r_max[d];
      if (e[d] == 0 && f[d] > 0 && r_max[d] > 0)
        e[d] = f[d] * r_max[d];
      if (!(e[d] > 0))
        e[d] = fallback_e[d];
      if (!(f[d] > 0))
        f[d] = fallback_f[d];
    }
}

/* Elements ---------------------------------------------------------------- */

typedef void (*EmitFunc) (BgEmit *em, const BgEmitElement *el);

static EmitFunc
emit_func_for_kind (BgKind kind)
{
  switch (kind)
    {
    case BG_KIND_JUNCTION_0:
    case BG_KIND_JUNCTION_1:
      return bg_junction_eqs_emit;
    case BG_KIND_R:
    case BG_KIND_C:
    case BG_KIND_I:
    case BG_KIND_SE:
    case BG_KIND_SF:
      return bg_one_port_eqs_emit;
    case BG_KIND_TF:
      return bg_transformer_eqs_emit;
    case BG_KIND_CYLINDER_DA:
      return bg_cylinder_eqs_emit;
    case BG_KIND_MECHANICAL_LOAD:
      return bg_mechanical_load_eqs_emit;
    case BG_KIND_PUMP_CURVE:
      return bg_pump_curve_eqs_emit;
    case BG_KIND_GAS_ACCUMULATOR:
      return bg_gas_accumulator_eqs_emit;
    case BG_KIND_GY:
      return bg_gyrator_eqs_emit;
    case BG_KIND_DC_MOTOR:
      return bg_dc_motor_eqs_emit;
    case BG_N_KINDS:
    default:
      return NULL;
    }
}

static void
emit_bond_outputs (BgEmit *em, GPtrArray *bonds)
{
  const char *effort_names[BG_N_DOMAINS] = { NULL }, *flow_names[BG_N_DOMAINS] = { NULL };

  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      effort_names[d] = bg_domain_effort_name (d);
      flow_names[d] = bg_domain_flow_name (d);
    }
  for (guint b = 0; b < bonds->len; b++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, b);
      BgDomain d = bond->from_port >= 0
                   ? bond->from->spec->ports[bond->from_port].domain
                   : bond->from->spec->domain;
      double sign = bond->arrow == BG_ARROW_FORWARD ? 1.0 : -1.0;
      guint e = 2 * b, f = 2 * b + 1, power = bg_emit_new_reg (em, 1.0);
      OutputInfo info[3];

      bg_emit_mul (em, power, e, f, sign);
      info[0].name = g_strdup_printf ("%s.e", bond->id);
      info[0].unit = g_strdup (bg_domain_effort_unit (d));
      info[0].description = g_strdup_printf (translate (em, N_("%s of bond %s")),
                                             effort_names[d], bond->id);
      info[0].reg = e;
      info[0].scale = 1.0;
      info[1].name = g_strdup_printf ("%s.f", bond->id);
      info[1].unit = g_strdup (bg_domain_flow_unit (d));
      info[1].description = g_strdup_printf (translate (em, N_("%s of bond %s, in the half-arrow direction")),
                                             flow_names[d], bond->id);
      info[1].reg = f;
      info[1].scale = sign;
      info[2].name = g_strdup_printf ("%s.P", bond->id);
      info[2].unit = g_strdup ("W");
      info[2].description = g_strdup_printf (translate (em, N_("power of bond %s, in the half-arrow direction")),
                                             bond->id);
      info[2].reg = power;
      info[2].scale = 1.0;
      g_array_append_vals (em->outputs, info, 3);
    }
}

static gboolean
emit_elements (BgEmit            *em,
               BgModel           *model,
               const BgCausality *causality,
               GHashTable        *bond_index)
{
  GPtrArray *elements = bg_model_get_elements (model);

  for (guint i = 0; i < elements->len && em->error == NULL; i++)
    {
      BgElement *element = g_ptr_array_index (elements, i);
      GPtrArray *ebonds = bg_model_get_element_bonds (model, element);
      const BgComponentSpec *spec = element->spec;
      EmitFunc func = emit_func_for_kind (spec->kind);
      g_autofree BgPortRef *ports = g_new0 (BgPortRef, MAX (ebonds->len, 1));
      BgEmitElement el = { element, element->id, ports, ebonds->len };

      for (guint p = 0; p < ebonds->len; p++)
        {
          BgBond *bond = g_ptr_array_index (ebonds, p);

          if (bond == NULL)
            {
              const BgPortSpec *ps = p < spec->n_ports ? &spec->ports[p] : NULL;
              ports[p].bonded = FALSE;
              ports[p].e = bg_emit_new_reg (em, 1.0);
              ports[p].f = bg_emit_new_reg (em, 1.0);
              ports[p].s = 1.0;
              ports[p].effort_in = ps == NULL || ps->role != BG_PORT_ROLE_EFFORT_OUT;
              ports[p].domain = ps != NULL ? ps->domain : spec->domain;
            }
          else
            {
              guint b = GPOINTER_TO_UINT (g_hash_table_lookup (bond_index, bond)) - 1;
              gboolean at_to = bond->to == element;

              ports[p].bonded = TRUE;
              ports[p].e = 2 * b;
              ports[p].f = 2 * b + 1;
              ports[p].s = at_to ? 1.0 : -1.0;
              ports[p].effort_in = bg_causality_end_receives_effort (causality, b, at_to);
              if (spec->variable_ports)
                ports[p].domain = spec->domain;
              else
                ports[p].domain = spec->ports[p].domain;
            }
        }

      if (func == NULL)
        {
          bg_emit_fail (em, _("%s cannot be simulated"), element->id);
          break;
        }
      func (em, &el);

      /* A free port of a multiport: hold its input at zero. */
      for (guint p = 0; p < ebonds->len; p++)
        if (!ports[p].bonded)
          bg_emit_const (em, ports[p].effort_in ? ports[p].e : ports[p].f, 0.0);
    }
  return em->error == NULL;
}

/* Register renumbering: states first ------------------------------------- */

static inline void
op_foreach_input (const BgOp *op, const guint32 *term_reg, guint32 *inputs, guint *n_inputs, guint cap)
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

static void
renumber_registers (BgEmit *em)
{
  guint n_regs = em->reg_scale->len, n_states = em->states->len, next = n_states;
  g_autofree guint *map = g_new (guint, n_regs);
  g_autofree double *scales = g_new (double, n_regs);

  for (guint r = 0; r < n_regs; r++)
    map[r] = NO_DEF;
  for (guint s = 0; s < n_states; s++)
    map[g_array_index (em->states, StateInfo, s).reg] = s;
  for (guint r = 0; r < n_regs; r++)
    if (map[r] == NO_DEF)
      map[r] = next++;

  for (guint i = 0; i < em->ops->len; i++)
    {
      BgOp *op = &g_array_index (em->ops, BgOp, i);
      op->dst = map[op->dst];
      if (op->kind == BG_OP_COPY || op->kind == BG_OP_MUL || op->kind == BG_OP_SQR
          || op->kind == BG_OP_TABLE || op->kind == BG_OP_GAS)
        op->a = map[op->a];
      if (op->kind == BG_OP_MUL)
        op->b = map[op->b];
    }
  for (guint i = 0; i < em->term_reg->len; i++)
    g_array_index (em->term_reg, guint32, i) = map[g_array_index (em->term_reg, guint32, i)];
  for (guint s = 0; s < n_states; s++)
    {
      StateInfo *info = &g_array_index (em->states, StateInfo, s);
      info->reg = map[info->reg];
      info->deriv = map[info->deriv];
    }
  for (guint i = 0; i < em->outputs->len; i++)
    {
      OutputInfo *o = &g_array_index (em->outputs, OutputInfo, i);
      o->reg = map[o->reg];
    }
  for (guint i = 0; i < em->events->len; i++)
    {
      BgEvent *ev = &g_array_index (em->events, BgEvent, i);
      ev->state = map[ev->state];   /* == the state index */
    }
  for (guint r = 0; r < n_regs; r++)
    scales[map[r]] = g_array_index (em->reg_scale, double, r);
  memcpy (em->reg_scale->data, scales, n_regs * sizeof (double));
}

/* Ordering --------------------------------------------------------------- */

typedef struct
{
  guint  n_items;
  guint *item_first;  /* into order[], n_items + 1 entries */
  guint *order;       /* op indices, grouped by strongly connected component */
  gboolean *cyclic;   /* per item: an algebraic group */
} Schedule;

static void
schedule_free (Schedule *s)
{
  g_free (s->item_first);
  g_free (s->order);
  g_free (s->cyclic);
}

/* def[r]: the op defining register r, NO_DEF for states. Fails on a register
 * defined twice or read but never defined. */
static gboolean
build_definitions (BgEmit *em, guint n_regs, guint **def_out, GError **error)
{
  g_autofree guint *def = g_new (guint, n_regs);
  guint n_states = em->states->len;

  for (guint r = 0; r < n_regs; r++)
    def[r] = NO_DEF;
  for (guint i = 0; i < em->ops->len; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      if (op->dst < n_states || def[op->dst] != NO_DEF)
        {
          g_set_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
                       _("The causal assignment defines a quantity twice; analyse the model again"));
          return FALSE;
        }
      def[op->dst] = i;
    }
  for (guint i = 0; i < em->ops->len; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      guint32 in[4];
      guint n_in;

      if (op->kind == BG_OP_LIN)
        {
          for (guint t = 0; t < op->n; t++)
            {
              guint32 r = g_array_index (em->term_reg, guint32, op->first + t);
              if (r >= n_states && def[r] == NO_DEF)
                goto undefined;
            }
          continue;
        }
      op_foreach_input (op, NULL, in, &n_in, 4);
      for (guint k = 0; k < n_in; k++)
        if (in[k] >= n_states && def[in[k]] == NO_DEF)
          goto undefined;
    }
  *def_out = g_steal_pointer (&def);
  return TRUE;

undefined:
  g_set_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
               _("The causal assignment leaves a quantity undefined; analyse the model again"));
  return FALSE;
}

/* Dependencies op -> ops in CSR form. */
static void
build_dependencies (BgEmit *em, const guint *def, guint **first_out, guint **deps_out)
{
  guint n_ops = em->ops->len;
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;
  guint *first = g_new0 (guint, n_ops + 1);
  GArray *deps = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < n_ops; i++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, i);
      first[i] = deps->len;
      if (op->kind == BG_OP_LIN)
        {
          for (guint t = 0; t < op->n; t++)
            {
              guint d = def[term_reg[op->first + t]];
              if (d != NO_DEF)
                g_array_append_val (deps, d);
            }
        }
      else
        {
          guint32 in[4];
          guint n_in;
          op_foreach_input (op, term_reg, in, &n_in, 4);
          for (guint k = 0; k < n_in; k++)
            if (def[in[k]] != NO_DEF)
              g_array_append_val (deps, def[in[k]]);
        }
    }
  first[n_ops] = deps->len;
  *first_out = first;
  *deps_out = (guint *) g_array_free (deps, FALSE);
}

/* Tarjan's algorithm without recursion (models may have 1e5 ops). An SCC is
 * complete only after everything it depends on, so the emission order is an
 * evaluation order. */
static void
schedule_ops (guint n_ops, const guint *first, const guint *deps, Schedule *s)
{
  g_autofree guint *index = g_new (guint, n_ops);
  g_autofree guint *low = g_new (guint, n_ops);
  g_autofree gboolean *on_stack = g_new0 (gboolean, n_ops);
  g_autofree guint *stack = g_new (guint, n_ops);
  g_autofree guint *call_node = g_new (guint, n_ops);
  g_autofree guint *call_edge = g_new (guint, n_ops);
  guint next_index = 0, sp = 0, n_order = 0;
  GArray *items = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *cyclic = g_array_new (FALSE, FALSE, sizeof (gboolean));

  s->order = g_new (guint, MAX (n_ops, 1));
  for (guint i = 0; i < n_ops; i++)
    index[i] = NO_DEF;

  for (guint root = 0; root < n_ops; root++)
    {
      guint depth = 0;

      if (index[root] != NO_DEF)
        continue;
      call_node[0] = root;
      call_edge[0] = first[root];
      index[root] = low[root] = next_index++;
      stack[sp++] = root;
      on_stack[root] = TRUE;

      while (depth != NO_DEF)
        {
          guint v = call_node[depth];

          if (call_edge[depth] < first[v + 1])
            {
              guint w = deps[call_edge[depth]++];
              if (index[w] == NO_DEF)
                {
                  depth++;
                  call_node[depth] = w;
                  call_edge[depth] = first[w];
                  index[w] = low[w] = next_index++;
                  stack[sp++] = w;
                  on_stack[w] = TRUE;
                }
              else if (on_stack[w])
                low[v] = MIN (low[v], index[w]);
              continue;
            }

          if (low[v] == index[v])
            {
              guint start = n_order, w;
              gboolean loop = FALSE;

              g_array_append_val (items, start);
              do
                {
                  w = stack[--sp];
                  on_stack[w] = FALSE;
                  s->order[n_order++] = w;
                }
              while (w != v);
              if (n_order - start > 1)
                loop = TRUE;
              else
                for (guint e = first[v]; e < first[v + 1]; e++)
                  if (deps[e] == v)
                    loop = TRUE;
              g_array_append_val (cyclic, loop);
            }
          if (depth == 0)
            depth = NO_DEF;
          else
            {
              guint parent = call_node[--depth];
              low[parent] = MIN (low[parent], low[v]);
            }
        }
    }

  s->n_items = items->len;
  g_array_append_val (items, n_order);
  s->item_first = (guint *) g_array_free (items, FALSE);
  s->cyclic = (gboolean *) g_array_free (cyclic, FALSE);
}

/* Plan assembly ------------------------------------------------------------ */

static void
item_inputs_mark (BgEmit *em, const Schedule *s, guint item, gboolean *needed)
{
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;

  for (guint k = s->item_first[item]; k < s->item_first[item + 1]; k++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, s->order[k]);
      if (op->kind == BG_OP_LIN)
        for (guint t = 0; t < op->n; t++)
          needed[term_reg[op->first + t]] = TRUE;
      else
        {
          guint32 in[4];
          guint n_in;
          op_foreach_input (op, term_reg, in, &n_in, 4);
          for (guint i = 0; i < n_in; i++)
            needed[in[i]] = TRUE;
        }
    }
}

/* Calls func (member, reader) for every group-internal input of member
 * reader (member_of[r] is the member index, -1 outside the group). */
static void
foreach_group_input (BgEmit *em, const BgOp *op, const gint *member_of, guint reader,
                     void (*func) (guint member, guint reader, gpointer data), gpointer data)
{
  const guint32 *term_reg = (const guint32 *) em->term_reg->data;
  guint32 in[4];
  guint n_in;

  if (op->kind == BG_OP_LIN)
    {
      for (guint t = 0; t < op->n; t++)
        if (member_of[term_reg[op->first + t]] >= 0)
          func ((guint) member_of[term_reg[op->first + t]], reader, data);
      return;
    }
  op_foreach_input (op, term_reg, in, &n_in, 4);
  for (guint k = 0; k < n_in; k++)
    if (member_of[in[k]] >= 0)
      func ((guint) member_of[in[k]], reader, data);
}

typedef struct
{
  guint  *unknown;       /* per member: inputs not yet known */
  GArray *edges;         /* (member read, reader) pairs, then sorted by member */
} TearGraph;

static void
add_edge_cb (guint member, guint reader, gpointer data)
{
  TearGraph *tg = data;
  guint pair[2] = { member, reader };

  tg->unknown[reader]++;
  g_array_append_vals (tg->edges, pair, 2);
}

/* Greedy tearing of one algebraic group (its m ops, indices into em->ops):
 * every op whose group inputs are all known becomes a sequential
 * assignment (Kahn's algorithm); when none is ready, the unresolved
 * register read by most unresolved ops becomes a tear unknown. Newton then
 * works on the tear unknowns only (one for a pump feeding a line). Linear
 * in the group's size per tear. */
static void
tear_group (BgEmit *em, const guint *members, guint m, gint *member_of,
            GArray *group_ops, GArray *groups, BgPlan *plan)
{
  g_autofree gboolean *placed = g_new0 (gboolean, m);
  g_autofree guint *first = g_new0 (guint, m + 1);
  g_autofree guint *readers = NULL;
  g_autofree guint *queue = g_new (guint, m);
  GArray *tears = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *seq = g_array_new (FALSE, FALSE, sizeof (guint));
  TearGraph tg;
  BgGroup group = { 0 };
  guint n_placed = 0, head = 0, tail = 0, n_edges;

  for (guint i = 0; i < m; i++)
    member_of[g_array_index (em->ops, BgOp, members[i]).dst] = (gint) i;
  tg.unknown = g_new0 (guint, m);
  tg.edges = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < m; i++)
    foreach_group_input (em, &g_array_index (em->ops, BgOp, members[i]), member_of, i,
                         add_edge_cb, &tg);
  /* readers of member j: readers[first[j] .. first[j + 1]) */
  n_edges = tg.edges->len / 2;
  readers = g_new (guint, MAX (n_edges, 1));
  for (guint e = 0; e < n_edges; e++)
    first[g_array_index (tg.edges, guint, 2 * e) + 1]++;
  for (guint j = 0; j < m; j++)
    first[j + 1] += first[j];
  {
    g_autofree guint *fill = g_new0 (guint, m);
    for (guint e = 0; e < n_edges; e++)
      {
        guint j = g_array_index (tg.edges, guint, 2 * e);
        readers[first[j] + fill[j]++] = g_array_index (tg.edges, guint, 2 * e + 1);
      }
  }

  for (guint i = 0; i < m; i++)
    if (tg.unknown[i] == 0)
      queue[tail++] = i;

  while (n_placed < m)
    {
      guint best = G_MAXUINT, best_readers = 0;

      while (head < tail)
        {
          guint i = queue[head++];
          if (placed[i])
            continue;
          placed[i] = TRUE;
          n_placed++;
          g_array_append_val (seq, i);
          for (guint q = first[i]; q < first[i + 1]; q++)
            if (--tg.unknown[readers[q]] == 0 && !placed[readers[q]])
              queue[tail++] = readers[q];
        }
      if (n_placed == m)
        break;

      /* Prefer the register whose guess completes the most ops (readers
       * waiting for it alone), then the one read by the most ops. */
      for (guint i = 0; i < m; i++)
        {
          guint count = 0;
          if (placed[i])
            continue;
          for (guint q = first[i]; q < first[i + 1]; q++)
            if (!placed[readers[q]])
              count += tg.unknown[readers[q]] == 1 ? m + 1 : 1;
          if (best == G_MAXUINT || count > best_readers)
            {
              best = i;
              best_readers = count;
            }
        }
      /* A tear unknown is known from the start; its op runs last, as the residual. */
      placed[best] = TRUE;
      n_placed++;
      g_array_append_val (tears, best);
      for (guint q = first[best]; q < first[best + 1]; q++)
        if (--tg.unknown[readers[q]] == 0 && !placed[readers[q]])
          queue[tail++] = readers[q];
      head = MIN (head, tail);
    }

  group.n = tears->len;
  group.n_seq = seq->len;
  group.first_op = group_ops->len;
  group.regs = g_new (guint, MAX (group.n, 1));
  group.scales = g_new (double, MAX (group.n, 1));
  for (guint t = 0; t < tears->len; t++)
    {
      const BgOp *op = &g_array_index (em->ops, BgOp, members[g_array_index (tears, guint, t)]);
      group.regs[t] = op->dst;
      group.scales[t] = g_array_index (em->reg_scale, double, op->dst);
      g_array_append_val (group_ops, *op);
    }
  for (guint k = 0; k < seq->len; k++)
    g_array_append_val (group_ops, g_array_index (em->ops, BgOp, members[g_array_index (seq, guint, k)]));
  plan->max_group = MAX (plan->max_group, group.n);
  g_array_append_val (groups, group);

  for (guint i = 0; i < m; i++)
    member_of[g_array_index (em->ops, BgOp, members[i]).dst] = -1;
  g_free (tg.unknown);
  g_array_unref (tg.edges);
  g_array_unref (tears);
  g_array_unref (seq);
}

/* Splits the schedule into right-hand-side items (needed by a derivative)
 * and output-only items, builds the groups, and copies ops into the plan. */
static void
assemble_ops (BgEmit *em, const Schedule *s, BgPlan *plan)
{
  guint n_regs = plan->n_regs;
  g_autofree gboolean *needed = g_new0 (gboolean, n_regs);
  g_autofree gboolean *live = g_new0 (gboolean, MAX (s->n_items, 1));
  GArray *rhs = g_array_new (FALSE, FALSE, sizeof (BgOp));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (BgOp));
  GArray *group_ops = g_array_new (FALSE, FALSE, sizeof (BgOp));
  GArray *groups = g_array_new (FALSE, FALSE, sizeof (BgGroup));
  g_autofree gint *member_of = g_new (gint, n_regs);

  for (guint r = 0; r < n_regs; r++)
    member_of[r] = -1;
  for (guint i = 0; i < plan->n_states; i++)
    needed[plan->deriv_reg[i]] = TRUE;
  for (guint item = s->n_items; item-- > 0;)
    {
      for (guint k = s->item_first[item]; k < s->item_first[item + 1]; k++)
        if (needed[g_array_index (em->ops, BgOp, s->order[k]).dst])
          live[item] = TRUE;
      if (live[item])
        item_inputs_mark (em, s, item, needed);
    }

  for (guint item = 0; item < s->n_items; item++)
    {
      GArray *target = live[item] ? rhs : out;
      guint k0 = s->item_first[item], k1 = s->item_first[item + 1];

      if (!s->cyclic[item])
        {
          g_array_append_val (target, g_array_index (em->ops, BgOp, s->order[k0]));
          continue;
        }
      else
        {
          BgOp op = { 0 };

          tear_group (em, s->order + k0, k1 - k0, member_of, group_ops, groups, plan);
          op.kind = BG_OP_GROUP;
          op.aux = groups->len - 1;
          g_array_append_val (target, op);
        }
    }

  plan->n_rhs_ops = rhs->len;
  plan->rhs_ops = (BgOp *) g_array_free (rhs, FALSE);
  plan->n_out_ops = out->len;
  plan->out_ops = (BgOp *) g_array_free (out, FALSE);
  plan->n_group_ops = group_ops->len;
  plan->group_ops = (BgOp *) g_array_free (group_ops, FALSE);
  plan->n_groups = groups->len;
  plan->groups = (BgGroup *) g_array_free (groups, FALSE);
}

/* Copy propagation ---------------------------------------------------------- */

/* Most assignments are scaled copies (junction flows, TF, R, C, I). Each
 * copy r = c·a (no offset, outside an algebraic group) is replaced by the
 * alias (a, c) in the operations that read r, in the outputs and in the
 * derivatives, and then dropped unless something cannot fold a scale (a
 * table or gas-law input, a scaled derivative). */
typedef struct
{
  guint32 *src;
  double  *scale;
  gboolean *keep;   /* the register itself is read unscaled */
} Aliases;

static void
alias_input (Aliases *al, guint32 *reg, double *coef, gboolean can_scale)
{
  guint32 r = *reg;

  if (al->src[r] == r)
    return;
  if (can_scale)
    {
      *coef *= al->scale[r];
      *reg = al->src[r];
    }
  else if (al->scale[r] == 1.0)
    *reg = al->src[r];
  else
    al->keep[r] = TRUE;
}

static void
alias_op_inputs (BgPlan *plan, Aliases *al, BgOp *op)
{
  switch ((BgOpKind) op->kind)
    {
    case BG_OP_COPY:
      alias_input (al, &op->a, &op->c, TRUE);
      break;
    case BG_OP_LIN:
      for (guint t = 0; t < op->n; t++)
        alias_input (al, &plan->term_reg[op->first + t], &plan->term_coef[op->first + t], TRUE);
      break;
    case BG_OP_MUL:
      alias_input (al, &op->a, &op->c, TRUE);
      alias_input (al, &op->b, &op->c, TRUE);
      break;
    case BG_OP_SQR:
      {
        double c = 1.0;
        alias_input (al, &op->a, &c, TRUE);
        op->c *= c * c;
      }
      break;
    case BG_OP_TABLE:
    case BG_OP_GAS:
      {
        double c = 1.0;
        alias_input (al, &op->a, &c, FALSE);
      }
      break;
    case BG_OP_GROUP:
      {
        const BgGroup *g = &plan->groups[op->aux];
        for (guint m = 0; m < g->n + g->n_seq; m++)
          alias_op_inputs (plan, al, &plan->group_ops[g->first_op + m]);
      }
      break;
    case BG_OP_WAVE:
    default:
      break;
    }
}

/* Rewrites one op list; copies become aliases (marked in dropped[]). */
static void
alias_list (BgPlan *plan, Aliases *al, BgOp *ops, guint n_ops, gboolean *dropped)
{
  for (guint i = 0; i < n_ops; i++)
    {
      BgOp *op = &ops[i];

      /* A one-term sum without offset is a copy. */
      if (op->kind == BG_OP_LIN && op->n == 1 && op->k == 0)
        {
          op->kind = BG_OP_COPY;
          op->a = plan->term_reg[op->first];
          op->c = plan->term_coef[op->first];
        }
      alias_op_inputs (plan, al, op);
      if (op->kind == BG_OP_COPY && op->k == 0)
        {
          al->src[op->dst] = op->a;
          al->scale[op->dst] = op->c;
          dropped[i] = TRUE;
        }
    }
}

static BgOp *
compact_ops (const BgOp *ops, guint *n_ops, const gboolean *dropped, const gboolean *keep)
{
  BgOp *out = g_new (BgOp, MAX (*n_ops, 1));
  guint n = 0;

  for (guint i = 0; i < *n_ops; i++)
    if (!dropped[i] || keep[ops[i].dst])
      out[n++] = ops[i];
  *n_ops = n;
  return out;
}

static void
propagate_copies (BgPlan *plan)
{
  Aliases al;
  g_autofree gboolean *drop_rhs = g_new0 (gboolean, MAX (plan->n_rhs_ops, 1));
  g_autofree gboolean *drop_out = g_new0 (gboolean, MAX (plan->n_out_ops, 1));
  BgOp *ops;

  al.src = g_new (guint32, plan->n_regs);
  al.scale = g_new (double, plan->n_regs);
  al.keep = g_new0 (gboolean, plan->n_regs);
  for (guint r = 0; r < plan->n_regs; r++)
    {
      al.src[r] = r;
      al.scale[r] = 1.0;
    }

  alias_list (plan, &al, plan->rhs_ops, plan->n_rhs_ops, drop_rhs);
  /* Derivatives read their register unscaled. */
  for (guint i = 0; i < plan->n_states; i++)
    {
      guint32 d = plan->deriv_reg[i];
      double c = 1.0;
      alias_input (&al, &d, &c, FALSE);
      plan->deriv_reg[i] = d;
    }
  alias_list (plan, &al, plan->out_ops, plan->n_out_ops, drop_out);
  for (guint v = 1; v < plan->n_vars; v++)
    {
      guint32 r = (guint32) plan->var_reg[v];
      alias_input (&al, &r, &plan->var_scale[v], TRUE);
      plan->var_reg[v] = (gint32) r;
    }

  ops = compact_ops (plan->rhs_ops, &plan->n_rhs_ops, drop_rhs, al.keep);
  g_free (plan->rhs_ops);
  plan->rhs_ops = ops;
  ops = compact_ops (plan->out_ops, &plan->n_out_ops, drop_out, al.keep);
  g_free (plan->out_ops);
  plan->out_ops = ops;

  g_free (al.src);
  g_free (al.scale);
  g_free (al.keep);
}

/* Dependency sets ---------------------------------------------------------- */

typedef struct
{
  guint *items;
  guint  n;
} Set;

/* dst = a ∪ b (sorted); FALSE past the cap. */
static gboolean
set_union_into (Set *dst, const Set *add)
{
  guint *merged, i = 0, j = 0, n = 0;

  if (add->n == 0)
    return TRUE;
  merged = g_new (guint, dst->n + add->n);
  while (i < dst->n || j < add->n)
    {
      guint v;
      if (j >= add->n || (i < dst->n && dst->items[i] < add->items[j]))
        v = dst->items[i++];
      else if (i >= dst->n || add->items[j] < dst->items[i])
        v = add->items[j++];
      else
        {
          v = dst->items[i++];
          j++;
        }
      merged[n++] = v;
    }
  g_free (dst->items);
  dst->items = merged;
  dst->n = n;
  return n <= PATTERN_CAP;
}

static gboolean
op_deps (const BgPlan *plan, const BgOp *op, Set *sets, Set *acc)
{
  guint32 in[4];
  guint n_in;

  if (op->kind == BG_OP_LIN)
    {
      for (guint t = 0; t < op->n; t++)
        if (!set_union_into (acc, &sets[plan->term_reg[op->first + t]]))
          return FALSE;
      return TRUE;
    }
  op_foreach_input (op, plan->term_reg, in, &n_in, 4);
  for (guint k = 0; k < n_in; k++)
    if (!set_union_into (acc, &sets[in[k]]))
      return FALSE;
  return TRUE;
}

/* Which states each derivative reads, as a CSC pattern (with the diagonal),
 * and the half-bandwidths. FALSE if some derivative reads too many states
 * to be worth tracking. */
static gboolean
jacobian_pattern (BgPlan *plan)
{
  guint n = plan->n_states;
  Set *sets = g_new0 (Set, plan->n_regs);
  gboolean ok = TRUE;
  g_autofree guint *col_count = NULL;

  for (guint i = 0; i < n; i++)
    {
      sets[i].items = g_new (guint, 1);
      sets[i].items[0] = i;
      sets[i].n = 1;
    }
  for (guint k = 0; k < plan->n_rhs_ops && ok; k++)
    {
      const BgOp *op = &plan->rhs_ops[k];
      if (op->kind == BG_OP_GROUP)
        {
          const BgGroup *g = &plan->groups[op->aux];
          Set acc = { NULL, 0 };
          for (guint m = 0; m < g->n + g->n_seq && ok; m++)
            ok = op_deps (plan, &plan->group_ops[g->first_op + m], sets, &acc);
          for (guint m = 0; m < g->n + g->n_seq; m++)
            {
              guint dst = plan->group_ops[g->first_op + m].dst;
              g_free (sets[dst].items);
              sets[dst].items = g_memdup2 (acc.items, acc.n * sizeof (guint));
              sets[dst].n = acc.n;
            }
          g_free (acc.items);
        }
      else
        {
          Set acc = { NULL, 0 };
          ok = op_deps (plan, op, sets, &acc);
          g_free (sets[op->dst].items);
          sets[op->dst] = acc;
        }
    }

  if (ok)
    {
      Set *rows = g_new0 (Set, n);
      guint nnz = 0, pos;

      col_count = g_new0 (guint, n);
      plan->mu = plan->ml = 0;
      for (guint i = 0; i < n; i++)
        {
          Set diag = { &i, 1 };
          set_union_into (&rows[i], &sets[plan->deriv_reg[i]]);
          set_union_into (&rows[i], &diag);
          for (guint k = 0; k < rows[i].n; k++)
            {
              guint j = rows[i].items[k];
              col_count[j]++;
              if (j > i)
                plan->mu = MAX (plan->mu, j - i);
              else
                plan->ml = MAX (plan->ml, i - j);
            }
          nnz += rows[i].n;
        }
      plan->nnz = nnz;
      plan->col_ptr = g_new (gint64, n + 1);
      plan->row_ind = g_new (gint64, MAX (nnz, 1));
      plan->col_ptr[0] = 0;
      for (guint j = 0; j < n; j++)
        plan->col_ptr[j + 1] = plan->col_ptr[j] + col_count[j];
      memset (col_count, 0, n * sizeof (guint));
      for (guint i = 0; i < n; i++)
        for (guint k = 0; k < rows[i].n; k++)
          {
            guint j = rows[i].items[k];
            pos = (guint) plan->col_ptr[j] + col_count[j]++;
            plan->row_ind[pos] = i;
          }
      for (guint i = 0; i < n; i++)
        g_free (rows[i].items);
      g_free (rows);
    }

  for (guint r = 0; r < plan->n_regs; r++)
    g_free (sets[r].items);
  g_free (sets);
  return ok;
}

/* Greedy colouring of the columns: two columns sharing a row differ. */
static void
color_columns (BgPlan *plan)
{
  guint n = plan->n_states;
  g_autofree gint64 *row_ptr = g_new0 (gint64, n + 1);
  g_autofree guint *row_cols = g_new (guint, MAX (plan->nnz, 1));
  g_autofree guint *fill = g_new0 (guint, n);
  g_autofree guint *mark = g_new (guint, n + 1);

  for (guint k = 0; k < plan->nnz; k++)
    row_ptr[plan->row_ind[k] + 1]++;
  for (guint i = 0; i < n; i++)
    row_ptr[i + 1] += row_ptr[i];
  for (guint j = 0; j < n; j++)
    for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
      {
        guint i = (guint) plan->row_ind[k];
        row_cols[row_ptr[i] + fill[i]++] = j;
      }

  plan->color = g_new (guint, n);
  plan->n_colors = 0;
  for (guint c = 0; c <= n; c++)
    mark[c] = NO_DEF;
  for (guint j = 0; j < n; j++)
    {
      guint c = 0;
      for (gint64 k = plan->col_ptr[j]; k < plan->col_ptr[j + 1]; k++)
        {
          guint i = (guint) plan->row_ind[k];
          for (gint64 q = row_ptr[i]; q < row_ptr[i + 1]; q++)
            if (row_cols[q] < j)
              mark[plan->color[row_cols[q]]] = j;
        }
      while (mark[c] == j)
        c++;
      plan->color[j] = c;
      plan->n_colors = MAX (plan->n_colors, c + 1);
    }
}

static void
choose_solver (BgPlan *plan)
{
  guint n = plan->n_states;
  gboolean have_pattern;

  if (n == 0)
    {
      plan->solver = BG_PLAN_SOLVER_NONE;
      return;
    }
  have_pattern = jacobian_pattern (plan);
  if (n <= 16 || !have_pattern)
    plan->solver = BG_PLAN_SOLVER_DENSE;
  else if (plan->mu + plan->ml + 1 <= MAX (16.0, 2 * sqrt ((double) n)))
    plan->solver = BG_PLAN_SOLVER_BAND;
  else if (n <= 100)
    plan->solver = BG_PLAN_SOLVER_DENSE;
  else
    {
      plan->solver = BG_PLAN_SOLVER_SPARSE;
      color_columns (plan);
    }
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y ? 1 : 0;
}

static void
collect_switch_times (BgPlan *plan)
{
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));

  /* Counts were checked when the waves were emitted. */
  for (guint i = 0; i < plan->n_waves; i++)
    bg_wave_switch_times (&plan->waves[i], plan->t_end, times, NULL);
  g_array_sort (times, compare_doubles);
  for (guint i = 1; i < times->len;)
    if (g_array_index (times, double, i) == g_array_index (times, double, i - 1))
      g_array_remove_index (times, i);
    else
      i++;
  plan->n_switch_times = times->len;
  plan->switch_times = (double *) g_array_free (times, FALSE);
}

static gboolean
plan_is_finite (const BgPlan *plan)
{
  const BgOp *lists[3] = { plan->rhs_ops, plan->out_ops, plan->group_ops };
  guint counts[3] = { plan->n_rhs_ops, plan->n_out_ops, plan->n_group_ops };

  for (guint l = 0; l < 3; l++)
    for (guint i = 0; i < counts[l]; i++)
      if (!isfinite (lists[l][i].c) || !isfinite (lists[l][i].k))
        return FALSE;
  for (guint i = 0; i < plan->n_terms; i++)
    if (!isfinite (plan->term_coef[i]))
      return FALSE;
  for (guint i = 0; i < plan->n_states; i++)
    if (!isfinite (plan->y0[i]))
      return FALSE;
  for (guint i = 0; i < plan->n_waves; i++)
    if (!isfinite (plan->waves[i].value) || !isfinite (plan->waves[i].after)
        || !isfinite (plan->waves[i].time) || !isfinite (plan->waves[i].slope)
        || !isfinite (plan->waves[i].amplitude))
      return FALSE;
  return TRUE;
}

static void
fill_plan_tables (BgEmit *em, BgPlan *plan, const BgSimSettings *settings)
{
  guint n = em->states->len;

  plan->n_regs = em->reg_scale->len;
  plan->n_states = n;
  plan->state_names = g_new0 (char *, n + 1);
  plan->y0 = g_new (double, MAX (n, 1));
  plan->state_scale = g_new (double, MAX (n, 1));
  plan->atol = g_new (double, MAX (n, 1));
  plan->state_reg = g_new (guint, MAX (n, 1));
  plan->deriv_reg = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      StateInfo *info = &g_array_index (em->states, StateInfo, i);
      plan->state_names[i] = g_steal_pointer (&info->name);
      plan->y0[i] = info->y0;
      plan->state_scale[i] = info->scale;
      plan->atol[i] = settings->atol > 0 ? settings->atol * info->scale
                                         : 1e-2 * settings->rtol * info->scale;
      plan->state_reg[i] = info->reg;
      plan->deriv_reg[i] = info->deriv;
    }
  plan->reg_scale = g_memdup2 (em->reg_scale->data, plan->n_regs * sizeof (double));

  plan->n_terms = em->term_reg->len;
  plan->term_reg = g_memdup2 (em->term_reg->data, MAX (plan->n_terms, 1) * sizeof (guint32));
  plan->term_coef = g_memdup2 (em->term_coef->data, MAX (plan->n_terms, 1) * sizeof (double));
  plan->n_waves = em->waves->len;
  plan->waves = g_memdup2 (em->waves->data, MAX (plan->n_waves, 1) * sizeof (BgWave));
  for (guint i = 0; i < plan->n_waves; i++)
    g_array_index (em->waves, BgWave, i).points = NULL;   /* moved */
  plan->n_gases = em->gases->len;
  plan->gases = g_memdup2 (em->gases->data, MAX (plan->n_gases, 1) * sizeof (BgGas));
  plan->n_tables = em->tables->len;
  plan->tables = g_new0 (BgTable, MAX (plan->n_tables, 1));
  for (guint i = 0; i < plan->n_tables; i++)
    {
      BgTable *src = &g_array_index (em->tables, BgTable, i);
      plan->tables[i] = *src;
      src->x = src->y = NULL;   /* moved */
    }
  plan->n_events = em->events->len;
  plan->events = g_new0 (BgEvent, MAX (plan->n_events, 1));
  for (guint i = 0; i < plan->n_events; i++)
    {
      BgEvent *src = &g_array_index (em->events, BgEvent, i);
      plan->events[i] = *src;
      src->element_id = NULL;   /* moved */
    }

  plan->n_vars = em->outputs->len + 1;
  plan->var_names = g_new0 (char *, plan->n_vars + 1);
  plan->var_units = g_new0 (char *, plan->n_vars + 1);
  plan->var_descriptions = g_new0 (char *, plan->n_vars + 1);
  plan->var_reg = g_new (gint32, plan->n_vars);
  plan->var_scale = g_new (double, plan->n_vars);
  plan->var_names[0] = g_strdup ("t");
  plan->var_units[0] = g_strdup ("s");
  plan->var_descriptions[0] = g_strdup (_("time"));
  plan->var_reg[0] = -1;
  plan->var_scale[0] = 1.0;
  for (guint v = 1; v < plan->n_vars; v++)
    {
      OutputInfo *o = &g_array_index (em->outputs, OutputInfo, v - 1);
      plan->var_names[v] = g_steal_pointer (&o->name);
      plan->var_units[v] = g_steal_pointer (&o->unit);
      plan->var_descriptions[v] = g_steal_pointer (&o->description);
      plan->var_reg[v] = (gint32) o->reg;
      plan->var_scale[v] = o->scale;
    }
  for (guint v = 0; v < plan->n_vars; v++)
    g_hash_table_insert (plan->var_index, plan->var_names[v], GUINT_TO_POINTER (v + 1));
}

static gboolean
check_settings (const BgSimSettings *s, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (bg_sim_settings_check (s, &local_error))
    return TRUE;
  g_set_error_literal (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_SETTINGS,
                       local_error->message);
  return FALSE;
}

BgPlan *
bg_compiler_compile (BgModel             *model,
                     const BgCausality   *causality,
                     const BgSimSettings *settings,
                     GError             **error)
{
  BgSimSettings s;
  GPtrArray *bonds;
  g_autoptr (GHashTable) bond_index = NULL;
  g_autofree guint *def = NULL, *dep_first = NULL, *deps = NULL;
  Schedule schedule = { 0 };
  BgEmit *em;
  BgPlan *plan;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (causality != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  s = settings != NULL ? *settings : *bg_model_get_simulation (model);
  if (!check_settings (&s, error))
    return NULL;
  if (s.output_step == 0)
    s.output_step = s.t_end / 1000;

  if (!bg_causality_is_ok (causality))
    {
      const GPtrArray *errors = bg_causality_get_errors (causality);
      const BgDiagnostic *first = errors->len > 0 ? g_ptr_array_index (errors, 0) : NULL;
      g_set_error_literal (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_CAUSALITY,
                           first != NULL ? first->message : _("The causal analysis failed"));
      return NULL;
    }
  bonds = bg_model_get_bonds (model);
  if (bg_causality_get_revision (causality) != bg_model_get_revision (model)
      || bg_causality_get_n_bonds (causality) != bonds->len)
    {
      g_set_error_literal (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_STALE,
                           _("The causal analysis is out of date; analyse the model again"));
      return NULL;
    }

  em = bg_emit_new (model, s.t_end);
  estimate_scales (em, bg_model_get_elements (model));

  bond_index = g_hash_table_new (NULL, NULL);
  for (guint b = 0; b < bonds->len; b++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, b);
      BgDomain d = bond->from_port >= 0
                   ? bond->from->spec->ports[bond->from_port].domain
                   : bond->from->spec->domain;
      g_hash_table_insert (bond_index, (gpointer) bond, GUINT_TO_POINTER (b + 1));
      bg_emit_new_reg (em, em->e_scale[d]);   /* 2b: effort */
      bg_emit_new_reg (em, em->f_scale[d]);   /* 2b + 1: flow at `to` */
    }
  emit_bond_outputs (em, bonds);

  if (!emit_elements (em, model, causality, bond_index))
    {
      g_propagate_error (error, g_steal_pointer (&em->error));
      bg_emit_free (em);
      return NULL;
    }

  renumber_registers (em);
  if (!build_definitions (em, em->reg_scale->len, &def, error))
    {
      bg_emit_free (em);
      return NULL;
    }
  build_dependencies (em, def, &dep_first, &deps);
  schedule_ops (em->ops->len, dep_first, deps, &schedule);

  plan = bg_plan_new_empty ();
  plan->t_end = s.t_end;
  plan->output_step = s.output_step;
  plan->rtol = plan->rtol_setting = s.rtol;
  fill_plan_tables (em, plan, &s);
  assemble_ops (em, &schedule, plan);
  schedule_free (&schedule);
  bg_emit_free (em);

  collect_switch_times (plan);
  propagate_copies (plan);
  choose_solver (plan);

  if (!plan_is_finite (plan))
    {
      g_set_error_literal (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
                           _("A parameter is missing or not a finite number"));
      bg_plan_unref (plan);
      return NULL;
    }
  bg_tolerance_apply (plan, !(s.atol > 0));
  return plan;
}
