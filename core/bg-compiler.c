/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-compiler.c — model + causal analysis → BgPlan.
 *
 * Owns: bg_compiler_compile(), which checks the settings and that the
 * analysis is current and conflict-free, emits every bond's outputs and
 * every element's equations (through its kind's emit function) into a
 * BgEmit, and runs the passes in order: scales (bg-compiler-scales.c),
 * register renumbering, dependencies, Tarjan order and assembly with
 * tearing of algebraic groups (bg-compiler-schedule.c,
 * bg-compiler-tearing.c), the plan's tables, step switch times, copy
 * propagation (bg-compiler-copies.c) and the Jacobian pattern and linear
 * solver choice (bg-compiler-jacobian.c; rule in bg-compiler.h). Must not:
 * modify the model or the analysis, keep anything between calls, or leave a
 * pointer into either in the plan.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-compiler.h"
#include "bg-compiler-private.h"
#include "bg-compiler-passes-private.h"
#include "bg-component-kind-private.h"
#include "bg-tolerance.h"

G_DEFINE_QUARK (bg-compiler-error-quark, bg_compiler_error)

/* Bonds by address ----------------------------------------------------------- */

/* Each bond's place in the model's list, found by its address: an open
 * table of them (one block, no entry allocated). */
typedef struct
{
  const BgBond **keys;   /* mask + 1 slots, NULL when free */
  guint         *index;
  guint          mask;
} BondIndex;

static guint
bond_slot (const BondIndex *bi,
           const BgBond    *bond)
{
  guint64 x = (guint64) (guintptr) bond;
  guint slot;

  x ^= x >> 29;
  x *= G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  slot = (guint) (x >> 32) & bi->mask;
  while (bi->keys[slot] != NULL && bi->keys[slot] != bond)
    slot = (slot + 1) & bi->mask;
  return slot;
}

static void
bond_index_init (BondIndex *bi,
                 GPtrArray *bonds)
{
  guint size = 16;

  while (size < 2 * bonds->len)
    size *= 2;
  bi->mask = size - 1;
  bi->keys = g_new0 (const BgBond *, size);
  bi->index = g_new (guint, size);
  for (guint b = 0; b < bonds->len; b++)
    {
      guint slot = bond_slot (bi, g_ptr_array_index (bonds, b));

      bi->keys[slot] = g_ptr_array_index (bonds, b);
      bi->index[slot] = b;
    }
}

static void
bond_index_clear (BondIndex *bi)
{
  g_clear_pointer (&bi->keys, g_free);
  g_clear_pointer (&bi->index, g_free);
}

/* Elements ---------------------------------------------------------------- */

/* Each bond's effort, flow and power. Their descriptions name the bond:
 * one text per domain, with BG_VAR_LIST_ID where the bond's id goes (the
 * variable list puts it in when a description is asked for). */
static void
emit_bond_outputs (BgEmit *em, GPtrArray *bonds)
{
  char *effort_texts[BG_N_DOMAINS] = { NULL }, *flow_texts[BG_N_DOMAINS] = { NULL };
  g_autofree char *power_text = g_strdup_printf (_bg_compiler_translate (em, N_("power of bond %s, in the half-arrow direction")),
                                                 BG_VAR_LIST_ID);
  char stack_name[BG_ID_MAX_LENGTH + 3];

  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      effort_texts[d] = g_strdup_printf (_bg_compiler_translate (em, N_("%s of bond %s")),
                                         bg_domain_effort_name (d), BG_VAR_LIST_ID);
      flow_texts[d] = g_strdup_printf (_bg_compiler_translate (em, N_("%s of bond %s, in the half-arrow direction")),
                                       bg_domain_flow_name (d), BG_VAR_LIST_ID);
    }
  for (guint b = 0; b < bonds->len; b++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, b);
      BgDomain d = bond->from_port >= 0
                   ? bond->from->spec->ports[bond->from_port].domain
                   : bond->from->spec->domain;
      double sign = bond->arrow == BG_ARROW_FORWARD ? 1.0 : -1.0;
      guint e = 2 * b, f = 2 * b + 1, power = _bg_emit_new_reg (em, 1.0);
      gint32 regs[3] = { (gint32) e, (gint32) f, (gint32) power };
      double scales[3] = { 1.0, sign, 1.0 };
      gsize len = strlen (bond->id);
      g_autofree char *heap_name = len > BG_ID_MAX_LENGTH ? g_malloc (len + 3) : NULL;
      char *name = heap_name != NULL ? heap_name : stack_name;

      _bg_emit_mul (em, power, e, f, sign);
      memcpy (name, bond->id, len);
      name[len] = '.';
      name[len + 2] = '\0';
      name[len + 1] = 'e';
      bg_var_list_add (em->vars, name, bg_domain_effort_unit (d), effort_texts[d]);
      name[len + 1] = 'f';
      bg_var_list_add (em->vars, name, bg_domain_flow_unit (d), flow_texts[d]);
      name[len + 1] = 'P';
      bg_var_list_add (em->vars, name, "W", power_text);
      g_array_append_vals (em->var_reg, regs, 3);
      g_array_append_vals (em->var_scale, scales, 3);
    }
  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      g_free (effort_texts[d]);
      g_free (flow_texts[d]);
    }
}

static gboolean
emit_elements (BgEmit            *em,
               BgModel           *model,
               const BgCausality *causality,
               const BondIndex   *bond_index)
{
  GPtrArray *elements = bg_model_get_elements (model);

  for (guint i = 0; i < elements->len && em->error == NULL; i++)
    {
      BgElement *element = g_ptr_array_index (elements, i);
      GPtrArray *ebonds = bg_model_get_element_bonds (model, element);
      const BgComponentSpec *spec = element->spec;
      BgEmitFunc func = spec->kind->emit;
      /* (Most elements have a few ports: on the stack.) */
      BgPortRef stack_ports[8];
      g_autofree BgPortRef *heap_ports = ebonds->len > G_N_ELEMENTS (stack_ports)
                                         ? g_new0 (BgPortRef, ebonds->len) : NULL;
      BgPortRef *ports = heap_ports != NULL ? heap_ports : stack_ports;
      BgEmitElement el = { element, element->id, ports, ebonds->len };

      if (heap_ports == NULL)
        memset (stack_ports, 0, sizeof stack_ports);

      for (guint p = 0; p < ebonds->len; p++)
        {
          BgBond *bond = g_ptr_array_index (ebonds, p);

          if (bond == NULL)
            {
              const BgPortSpec *ps = p < spec->n_ports ? &spec->ports[p] : NULL;
              ports[p].bonded = FALSE;
              ports[p].e = _bg_emit_new_reg (em, 1.0);
              ports[p].f = _bg_emit_new_reg (em, 1.0);
              ports[p].s = 1.0;
              ports[p].effort_in = ps == NULL || ps->role != BG_PORT_ROLE_EFFORT_OUT;
              ports[p].domain = ps != NULL ? ps->domain : spec->domain;
            }
          else
            {
              guint b = bond_index->index[bond_slot (bond_index, bond)];
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
          _bg_emit_fail (em, _("%s cannot be simulated"), element->id);
          break;
        }
      em->current_id = element->id;
      func (em, &el);
      em->current_id = NULL;

      /* A free port of a multiport: hold its input at zero. */
      for (guint p = 0; p < ebonds->len; p++)
        if (!ports[p].bonded)
          _bg_emit_const (em, ports[p].effort_in ? ports[p].e : ports[p].f, 0.0);
    }
  return em->error == NULL;
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

/* Smallest absolute tolerance and state scale: far below any physical
 * quantity, far above the subnormals where CVODE's error weights 1/atol
 * overflow. */
#define MIN_STATE_SCALE 1e-280
/* Below this fraction of the scale the squared error weights of CVODE's
 * norms overflow; double precision resolves no finer anyway. */
#define MIN_ATOL_FRACTION 1e-15

/* A state's absolute tolerance: atol (a fraction of the scale) or 1 % of
 * rtol times the scale, never 0 and never above the scale itself. */
static double
state_atol (const BgSimSettings *settings, double scale)
{
  double atol = settings->atol > 0 ? settings->atol * scale : 1e-2 * settings->rtol * scale;

  return CLAMP (atol, MIN_ATOL_FRACTION * scale, scale);
}

/* After any tightening for long oscillations: rtol no finer than double
 * precision resolves, each atol within [MIN_ATOL_FRACTION, 1] of its scale. */
static void
clamp_tolerances (BgPlan *plan)
{
  plan->rtol = MAX (plan->rtol, BG_SIM_MIN_RTOL);
  for (guint i = 0; i < plan->n_states; i++)
    plan->atol[i] = CLAMP (plan->atol[i], MIN_ATOL_FRACTION * plan->state_scale[i],
                           plan->state_scale[i]);
}

/* The data of an emitter's array, which is left empty (MAX (len, 1)
 * elements are allocated). */
static gpointer
take_array (GArray *array)
{
  if (array->len == 0)
    g_array_set_size (array, 1);
  return g_array_steal (array, NULL);
}

/* The register scales and the sums' terms, once the assembly (which reads
 * them in the emitter) is done: taken over, not copied. */
static void
take_registers_and_terms (BgEmit *em, BgPlan *plan)
{
  plan->reg_scale = take_array (em->reg_scale);
  plan->term_reg = take_array (em->term_reg);
  plan->term_coef = take_array (em->term_coef);
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
      plan->state_scale[i] = MAX (info->scale, MIN_STATE_SCALE);
      plan->atol[i] = state_atol (settings, plan->state_scale[i]);
      plan->state_reg[i] = info->reg;
      plan->deriv_reg[i] = info->deriv;
    }
  plan->n_terms = em->term_reg->len;
  plan->n_waves = em->waves->len;
  plan->waves = g_memdup2 (em->waves->data, MAX (plan->n_waves, 1) * sizeof (BgWave));
  for (guint i = 0; i < plan->n_waves; i++)
    g_array_index (em->waves, BgWave, i).points = NULL;   /* moved */
  plan->wave_element = g_new0 (char *, plan->n_waves + 1);
  for (guint i = 0; i < plan->n_waves; i++)
    plan->wave_element[i] = g_strdup (g_ptr_array_index (em->wave_element, i));
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

  plan->n_vars = em->var_reg->len;
  g_assert (bg_var_list_get_n (em->vars) == plan->n_vars);
  plan->vars = g_steal_pointer (&em->vars);   /* sealed once the emitter is gone */
  plan->var_reg = g_array_steal (em->var_reg, NULL);
  plan->var_scale = g_array_steal (em->var_scale, NULL);
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

/* The emitter's energy accounts, moved into the plan. */
static void
take_energy (BgEmit *em, BgPlan *plan)
{
  BgPlanEnergy *energy;
  guint n = em->energy_accounts->len;

  if (!em->with_energy)
    return;
  energy = g_new0 (BgPlanEnergy, 1);
  energy->n_accounts = n;
  energy->element = g_new0 (char *, n + 1);
  energy->role = g_new (BgEnergyRole, MAX (n, 1));
  for (guint a = 0; a < n; a++)
    {
      const EnergyAccountInfo *info = &g_array_index (em->energy_accounts, EnergyAccountInfo, a);
      energy->element[a] = g_strdup (info->element);
      energy->role[a] = info->role;
    }
  energy->n_terms = em->energy_terms->len;
  energy->terms = take_array (em->energy_terms);
  plan->energy = energy;
}

static BgPlan *
compile (BgModel             *model,
         const BgCausality   *causality,
         const BgSimSettings *settings,
         gboolean             with_energy,
         GError             **error)
{
  BgSimSettings s;
  GPtrArray *bonds;
  BondIndex bond_index = { NULL, NULL, 0 };
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

  em = _bg_compiler_emit_new (model, s.t_end);
  em->with_energy = with_energy;
  _bg_compiler_estimate_scales (em, bg_model_get_elements (model));

  bond_index_init (&bond_index, bonds);
  for (guint b = 0; b < bonds->len; b++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, b);
      BgDomain d = bond->from_port >= 0
                   ? bond->from->spec->ports[bond->from_port].domain
                   : bond->from->spec->domain;
      _bg_emit_new_reg (em, em->e_scale[d]);   /* 2b: effort */
      _bg_emit_new_reg (em, em->f_scale[d]);   /* 2b + 1: flow at `to` */
    }
  emit_bond_outputs (em, bonds);

  if (!emit_elements (em, model, causality, &bond_index))
    {
      bond_index_clear (&bond_index);
      g_propagate_error (error, g_steal_pointer (&em->error));
      _bg_compiler_emit_free (em);
      return NULL;
    }
  bond_index_clear (&bond_index);

  _bg_compiler_renumber_registers (em);
  if (!_bg_compiler_build_definitions (em, em->reg_scale->len, &def, error))
    {
      _bg_compiler_emit_free (em);
      return NULL;
    }
  _bg_compiler_build_dependencies (em, def, &dep_first, &deps);
  _bg_compiler_schedule_ops (em->ops->len, dep_first, deps, &schedule);
  /* Not needed past the ordering: freed before the plan is assembled. */
  g_clear_pointer (&def, g_free);
  g_clear_pointer (&dep_first, g_free);
  g_clear_pointer (&deps, g_free);

  plan = _bg_plan_new_empty ();
  plan->t_end = s.t_end;
  plan->output_step = s.output_step;
  plan->rtol = plan->rtol_setting = s.rtol;
  fill_plan_tables (em, plan, &s);
  take_energy (em, plan);
  _bg_compiler_assemble_ops (em, &schedule, plan);
  take_registers_and_terms (em, plan);
  _bg_compiler_schedule_free (&schedule);
  _bg_compiler_emit_free (em);
  /* Its index by name is made now, past the compiler's largest moment. */
  bg_var_list_seal (plan->vars);

  collect_switch_times (plan);
  _bg_compiler_propagate_copies (plan);
  _bg_compiler_compact_registers (plan);
  _bg_compiler_choose_solver (plan);

  if (!plan_is_finite (plan))
    {
      g_set_error_literal (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_INVALID,
                           _("The model's coefficients overflow: products of extreme "
                             "parameters (a chain of transformer ratios?) exceed 1e308"));
      bg_plan_unref (plan);
      return NULL;
    }
  bg_tolerance_apply (plan, !(s.atol > 0));
  clamp_tolerances (plan);
  return plan;
}

BgPlan *
bg_compiler_compile (BgModel             *model,
                     const BgCausality   *causality,
                     const BgSimSettings *settings,
                     GError             **error)
{
  return compile (model, causality, settings, FALSE, error);
}

BgPlan *
bg_compiler_compile_with_energy (BgModel             *model,
                                 const BgCausality   *causality,
                                 const BgSimSettings *settings,
                                 GError             **error)
{
  return compile (model, causality, settings, TRUE, error);
}
