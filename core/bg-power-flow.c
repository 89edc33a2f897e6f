/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-power-flow.c — the power-flow view's numbers from a run's result.
 *
 * Owns: the column indices of each bond and element of the model shown,
 * their derivation (bg_result_derive, once), each element's energy
 * accounts (bg-energy.h) when the plan has them, the peaks over the run
 * and the values at an instant (bg-power-flow.h). Must not: draw,
 * simulate, or keep pointers into the model.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-energy.h"
#include "bg-power-flow.h"
#include "bg-result-at.h"

/* The peaks of stored energy and dissipated power are read at no more
 * rows than this, evenly spread (a long run is not evaluated row by row). */
#define PEAK_ROWS 2000

typedef struct
{
  int    e, f, p;       /* columns, -1: none */
  double sign;          /* of f and P: -1 when the columns are of a bond
                         * whose half-arrow points the other way */
} BondVars;

typedef struct
{
  BgPowerRole role;
  gboolean    stores, dissipates;
  /* with energy accounts: the element's, else its columns */
  guint       first_account, n_accounts;
  int         energy;   /* C, I: EL.E */
  int         e, f;     /* R: EL.e · EL.f */
  double      peak_energy;
} ElementVars;

struct _BgPowerFlow
{
  BgResult    *result;
  BgEnergy    *energy;    /* the plan's accounts, or NULL */
  double      *power[2];  /* per account, at two rows */
  double      *stored[2];
  BgModel     *model;     /* weak: compared, never read through */
  guint64      revision;
  gsize        n_rows;
  guint        n_bonds;
  guint        n_elements;
  BondVars    *bonds;
  ElementVars *elements;
  double       peak_power;
  double       t_start, t_end, row_step;
};

static BgPowerRole
role_of (const BgElement *element)
{
  const char *type = element->spec->type;

  if (g_str_equal (type, "R"))
    return BG_POWER_ROLE_DISSIPATOR;
  if (g_str_equal (type, "C") || g_str_equal (type, "I"))
    return BG_POWER_ROLE_STORAGE;
  if (g_str_equal (type, "Se") || g_str_equal (type, "Sf") ||
      g_str_equal (type, "PumpCurve") || g_str_equal (type, "DCMotor"))
    return BG_POWER_ROLE_SOURCE;
  return BG_POWER_ROLE_NONE;
}

/* The column prefix + id + "." + suffix, or -1; remembered in vars. */
static int
lookup (BgResult   *result,
        GString    *name,
        gsize       base,
        const char *suffix,
        GArray     *vars)
{
  int var;

  g_string_truncate (name, base);
  g_string_append (name, suffix);
  var = bg_result_lookup (result, name->str);
  if (var > 0)
    {
      guint v = (guint) var;

      g_array_append_val (vars, v);
    }
  return var > 0 ? var : -1;
}

/* An element's accounts: it stores when one of them is a storage, and
 * dissipates when one is a dissipator (a motor does both). */
static void
accounts_of (BgPowerFlow     *self,
             const BgElement *element,
             const char      *prefix,
             ElementVars     *v)
{
  g_autofree char *path = g_strconcat (prefix, element->id, NULL);
  gboolean source = FALSE;

  v->role = BG_POWER_ROLE_NONE;
  if (!bg_energy_find_element (self->energy, path, &v->first_account, &v->n_accounts))
    {
      v->n_accounts = 0;
      return;
    }
  for (guint a = v->first_account; a < v->first_account + v->n_accounts; a++)
    switch (bg_energy_get_account_role (self->energy, a))
      {
      case BG_ENERGY_STORAGE:
        v->stores = TRUE;
        break;
      case BG_ENERGY_DISSIPATOR:
        v->dissipates = TRUE;
        break;
      case BG_ENERGY_SOURCE:
        source = TRUE;
        break;
      case BG_ENERGY_TRANSDUCER:
      default:
        break;
      }
  v->role = v->stores ? BG_POWER_ROLE_STORAGE : v->dissipates ? BG_POWER_ROLE_DISSIPATOR
            : source ? BG_POWER_ROLE_SOURCE : BG_POWER_ROLE_NONE;
  if (v->stores)
    v->peak_energy = 0;
}

static void
find_columns (BgPowerFlow          *self,
              BgModel              *model,
              const char           *prefix,
              BgPowerFlowAliasFunc  alias,
              gpointer              alias_data,
              GArray               *vars)
{
  GPtrArray *bonds = bg_model_get_bonds (model);
  GPtrArray *elements = bg_model_get_elements (model);
  g_autoptr(GString) name = g_string_new (NULL);

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);
      BondVars *b = &self->bonds[i];
      gsize base;

      g_string_printf (name, "%s%s.", prefix, bond->id);
      base = name->len;
      b->sign = 1;
      b->p = lookup (self->result, name, base, "P", vars);
      if (b->p < 0 && alias != NULL)
        {
          /* a bond through a component's port: the flat bond it became */
          g_autofree char *path = g_strconcat (prefix, bond->id, NULL);
          g_autofree char *flat = alias (path, &b->sign, alias_data);

          if (flat != NULL)
            {
              g_string_printf (name, "%s.", flat);
              base = name->len;
              b->p = lookup (self->result, name, base, "P", vars);
            }
        }
      b->e = lookup (self->result, name, base, "e", vars);
      b->f = lookup (self->result, name, base, "f", vars);
    }
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *element = g_ptr_array_index (elements, i);
      ElementVars *v = &self->elements[i];
      gsize base;

      g_string_printf (name, "%s%s.", prefix, element->id);
      base = name->len;
      v->energy = v->e = v->f = -1;
      v->peak_energy = NAN;
      if (self->energy != NULL)
        {
          accounts_of (self, element, prefix, v);
          continue;
        }
      v->role = role_of (element);
      v->stores = v->role == BG_POWER_ROLE_STORAGE;
      v->dissipates = v->role == BG_POWER_ROLE_DISSIPATOR;
      if (v->role == BG_POWER_ROLE_STORAGE)
        {
          v->energy = lookup (self->result, name, base, "E", vars);
          v->peak_energy = 0;
        }
      else if (v->role == BG_POWER_ROLE_DISSIPATOR)
        {
          v->e = lookup (self->result, name, base, "e", vars);
          v->f = lookup (self->result, name, base, "f", vars);
        }
    }
}

/* The largest |value| of a column over its first n rows. */
static double
column_peak (BgResult *result,
             int       var,
             gsize     n)
{
  const double *values;
  gsize first = 0, count;
  double peak = 0;

  if (var < 0)
    return 0;
  while (first < n && bg_result_get_span (result, (guint) var, first, &values, &count))
    {
      count = MIN (count, n - first);
      for (gsize k = 0; k < count; k++)
        if (isfinite (values[k]))
          peak = MAX (peak, fabs (values[k]));
      first += count;
    }
  return peak;
}

/* An element's stored energy and dissipated power at a row: from its
 * accounts (evaluated at that row into slot), else from its columns. */
static void
element_at_row (BgPowerFlow       *self,
                const ElementVars *v,
                guint              slot,
                gsize              row,
                double            *energy,
                double            *loss)
{
  *energy = *loss = NAN;
  if (self->energy != NULL)
    {
      if (v->stores)
        *energy = 0;
      if (v->dissipates)
        *loss = 0;
      for (guint a = v->first_account; a < v->first_account + v->n_accounts; a++)
        switch (bg_energy_get_account_role (self->energy, a))
          {
          case BG_ENERGY_STORAGE:
            *energy += self->stored[slot][a];
            break;
          case BG_ENERGY_DISSIPATOR:
            *loss += self->power[slot][a];
            break;
          default:
            break;
          }
      return;
    }
  if (v->stores && v->energy >= 0 && row < bg_result_get_n_filled (self->result, (guint) v->energy))
    *energy = bg_result_get_value (self->result, (guint) v->energy, row);
  if (v->dissipates && v->e >= 0 && v->f >= 0 &&
      row < bg_result_get_n_filled (self->result, (guint) v->e) &&
      row < bg_result_get_n_filled (self->result, (guint) v->f))
    *loss = bg_result_get_value (self->result, (guint) v->e, row) *
            bg_result_get_value (self->result, (guint) v->f, row);
}

/* The accounts' power and stored energy at a row, into slot; FALSE (the
 * slot NAN) where they cannot be had. */
static gboolean
eval_row (BgPowerFlow *self,
          guint        slot,
          gsize        row)
{
  guint n;

  if (self->energy == NULL)
    return TRUE;
  if (bg_energy_eval_row (self->energy, self->result, row, self->power[slot],
                          self->stored[slot], NULL))
    return TRUE;
  n = bg_energy_get_n_accounts (self->energy);
  for (guint a = 0; a < n; a++)
    self->power[slot][a] = self->stored[slot][a] = NAN;
  return FALSE;
}

static void
peaks_at_row (BgPowerFlow *self,
              gsize        row)
{
  eval_row (self, 0, row);
  for (guint i = 0; i < self->n_elements; i++)
    {
      ElementVars *v = &self->elements[i];
      double energy, loss;

      if (!v->stores && !v->dissipates)
        continue;
      element_at_row (self, v, 0, row, &energy, &loss);
      if (v->stores && isfinite (energy))
        v->peak_energy = MAX (v->peak_energy, fabs (energy));
      if (v->dissipates && isfinite (loss))
        self->peak_power = MAX (self->peak_power, fabs (loss));
    }
}

static void
find_peaks (BgPowerFlow *self)
{
  gsize n = self->n_rows, stride = MAX (1, (n + PEAK_ROWS - 1) / PEAK_ROWS);

  self->peak_power = 0;
  for (guint i = 0; i < self->n_bonds; i++)
    self->peak_power = MAX (self->peak_power, column_peak (self->result, self->bonds[i].p, n));
  for (gsize r = 0; r < n; r += stride)
    peaks_at_row (self, r);
  if (n > 0 && (n - 1) % stride != 0)
    peaks_at_row (self, n - 1);
}

BgPowerFlow *
bg_power_flow_new (BgResult   *result,
                   BgPlan     *plan,
                   BgModel    *model,
                   const char *prefix)
{
  return bg_power_flow_new_with_aliases (result, plan, model, prefix, NULL, NULL);
}

BgPowerFlow *
bg_power_flow_new_with_aliases (BgResult             *result,
                                BgPlan               *plan,
                                BgModel              *model,
                                const char           *prefix,
                                BgPowerFlowAliasFunc  alias,
                                gpointer              alias_data)
{
  BgPowerFlow *self;
  g_autoptr(GArray) vars = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_new0 (BgPowerFlow, 1);
  self->result = bg_result_ref (result);
  if (plan != NULL && bg_plan_has_energy (plan))
    {
      guint n;

      self->energy = bg_energy_new (plan);
      n = MAX (bg_energy_get_n_accounts (self->energy), 1);
      for (int k = 0; k < 2; k++)
        {
          self->power[k] = g_new0 (double, n);
          self->stored[k] = g_new0 (double, n);
        }
    }
  self->model = model;
  self->revision = bg_model_get_revision (model);
  self->n_bonds = bg_model_get_bonds (model)->len;
  self->n_elements = bg_model_get_elements (model)->len;
  self->bonds = g_new0 (BondVars, MAX (self->n_bonds, 1));
  self->elements = g_new0 (ElementVars, MAX (self->n_elements, 1));
  find_columns (self, model, prefix != NULL ? prefix : "", alias, alias_data, vars);
  /* the columns the run did not record, from its states: no rerun (a
   * derivation that fails part-way leaves those rows NAN) */
  self->n_rows = bg_result_get_n_rows (result);
  if (vars->len > 0)
    bg_result_derive (result, (const guint *) vars->data, vars->len, NULL);
  self->t_start = self->t_end = 0;
  bg_result_get_time_range (result, &self->t_start, &self->t_end);
  self->row_step = self->n_rows > 1
                   ? bg_result_get_value (result, 0, 1) - bg_result_get_value (result, 0, 0)
                   : 0;
  find_peaks (self);
  return self;
}

/* The flat bond a bond through a port became, and the sign between their
 * half-arrows: both measured along the flat bond's from → to, the level's
 * bond's half-arrow points with it when it is drawn the same way and
 * forward (or the other way and reversed). */
char *
bg_power_flow_alias_through_ports (const char *path,
                                   double     *sign,
                                   gpointer    data)
{
  const BgPowerFlowPorts *ports = data;
  gsize len = strlen (ports->prefix);
  const char *flat_id;
  const BgBond *inner, *flat;
  gboolean same = TRUE;
  double inner_dir, flat_dir;

  if (ports->map == NULL || ports->flat == NULL || strncmp (path, ports->prefix, len) != 0)
    return NULL;
  flat_id = bg_flat_map_bond (ports->map, path, &same);
  inner = bg_model_find_bond (ports->level, path + len);
  flat = flat_id != NULL ? bg_model_find_bond (ports->flat, flat_id) : NULL;
  if (inner == NULL || flat == NULL)
    return NULL;
  inner_dir = (inner->arrow == BG_ARROW_FORWARD ? 1.0 : -1.0) * (same ? 1.0 : -1.0);
  flat_dir = flat->arrow == BG_ARROW_FORWARD ? 1.0 : -1.0;
  *sign = inner_dir * flat_dir;
  return g_strdup (flat_id);
}

void
bg_power_flow_free (BgPowerFlow *self)
{
  if (self == NULL)
    return;
  bg_result_unref (self->result);
  g_clear_pointer (&self->energy, bg_energy_unref);
  for (int k = 0; k < 2; k++)
    {
      g_free (self->power[k]);
      g_free (self->stored[k]);
    }
  g_free (self->bonds);
  g_free (self->elements);
  g_free (self);
}

gboolean
bg_power_flow_matches (BgPowerFlow *self,
                       BgModel     *model,
                       BgResult    *result)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return model == self->model && result == self->result &&
         bg_model_get_revision (model) == self->revision &&
         bg_result_get_n_rows (result) == self->n_rows;
}

BgResult *
bg_power_flow_get_result (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->result;
}

guint
bg_power_flow_get_n_bonds (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_bonds;
}

guint
bg_power_flow_get_n_elements (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_elements;
}

BgPowerRole
bg_power_flow_get_role (BgPowerFlow *self,
                        guint        element)
{
  g_return_val_if_fail (self != NULL && element < self->n_elements, BG_POWER_ROLE_NONE);
  return self->elements[element].role;
}

void
bg_power_flow_get_time_range (BgPowerFlow *self,
                              double      *t_start,
                              double      *t_end)
{
  g_return_if_fail (self != NULL);
  if (t_start != NULL)
    *t_start = self->t_start;
  if (t_end != NULL)
    *t_end = self->t_end;
}

double
bg_power_flow_get_row_step (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->row_step;
}

double
bg_power_flow_get_peak_power (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->peak_power;
}

double
bg_power_flow_get_peak_energy (BgPowerFlow *self,
                               guint        element)
{
  g_return_val_if_fail (self != NULL && element < self->n_elements, NAN);
  return self->elements[element].peak_energy;
}

static double
value (BgPowerFlow           *self,
       int                    var,
       const BgResultInstant *at)
{
  return var < 0 ? NAN : bg_result_value_at (self->result, (guint) var, at);
}

void
bg_power_flow_bonds_at (BgPowerFlow       *self,
                        double             t,
                        BgPowerBondValues *values)
{
  BgResultInstant at;

  g_return_if_fail (self != NULL);
  g_return_if_fail (values != NULL || self->n_bonds == 0);

  bg_result_locate (self->result, t, &at);
  at.n_rows = MIN (at.n_rows, self->n_rows);
  for (guint i = 0; i < self->n_bonds; i++)
    {
      const BondVars *b = &self->bonds[i];

      values[i].e = value (self, b->e, &at);
      values[i].f = b->sign * value (self, b->f, &at);
      values[i].p = b->sign * value (self, b->p, &at);
    }
}

void
bg_power_flow_elements_at (BgPowerFlow          *self,
                           double                t,
                           BgPowerElementValues *values)
{
  BgResultInstant at;
  gboolean between;

  g_return_if_fail (self != NULL);
  g_return_if_fail (values != NULL || self->n_elements == 0);

  bg_result_locate (self->result, t, &at);
  at.n_rows = MIN (at.n_rows, self->n_rows);
  between = at.frac > 0 && at.row + 1 < at.n_rows;
  if (at.n_rows > 0)
    {
      eval_row (self, 0, at.row);
      if (between)
        eval_row (self, 1, at.row + 1);
    }
  for (guint i = 0; i < self->n_elements; i++)
    {
      const ElementVars *v = &self->elements[i];
      BgPowerElementValues *out = &values[i];
      double e0 = NAN, l0 = NAN, e1 = NAN, l1 = NAN;

      out->energy = out->fill = out->loss = NAN;
      if ((!v->stores && !v->dissipates) || at.n_rows == 0)
        continue;
      /* linear between rows, as the plot draws them */
      element_at_row (self, v, 0, at.row, &e0, &l0);
      if (between)
        {
          element_at_row (self, v, 1, at.row + 1, &e1, &l1);
          e0 += (e1 - e0) * at.frac;
          l0 += (l1 - l0) * at.frac;
        }
      if (v->stores)
        {
          out->energy = e0;
          out->fill = isnan (e0) ? NAN
                      : v->peak_energy > 0 ? CLAMP (e0 / v->peak_energy, 0, 1) : 0;
        }
      if (v->dissipates)
        out->loss = l0;
    }
}

gboolean
bg_power_flow_has_role (BgPowerFlow *self,
                        BgPowerRole  role)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint i = 0; i < self->n_elements; i++)
    {
      const ElementVars *v = &self->elements[i];

      if (role == BG_POWER_ROLE_STORAGE ? v->stores
          : role == BG_POWER_ROLE_DISSIPATOR ? v->dissipates : v->role == role)
        return TRUE;
    }
  return FALSE;
}

gboolean
bg_power_flow_has_accounts (BgPowerFlow *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->energy != NULL;
}
