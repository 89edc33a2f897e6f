/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-power-flow.c — the power-flow view's numbers from a run's result.
 *
 * Owns: the column indices of each bond and element of the model shown,
 * their derivation (bg_result_derive, once), the peaks over the run and the
 * values at an instant (bg-power-flow.h). Must not: draw, simulate, or
 * keep pointers into the model.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-power-flow.h"
#include "bg-result-at.h"

typedef struct
{
  int e, f, p;          /* columns, -1: none */
} BondVars;

typedef struct
{
  BgPowerRole role;
  int         energy;   /* storage: EL.E */
  int         e, f;     /* dissipator: EL.e · EL.f */
  double      peak_energy;
} ElementVars;

struct _BgPowerFlow
{
  BgResult    *result;
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

static void
find_columns (BgPowerFlow *self,
              BgModel     *model,
              const char  *prefix,
              GArray      *vars)
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
      b->e = lookup (self->result, name, base, "e", vars);
      b->f = lookup (self->result, name, base, "f", vars);
      b->p = lookup (self->result, name, base, "P", vars);
    }
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *element = g_ptr_array_index (elements, i);
      ElementVars *v = &self->elements[i];
      gsize base;

      g_string_printf (name, "%s%s.", prefix, element->id);
      base = name->len;
      v->role = role_of (element);
      v->energy = v->e = v->f = -1;
      v->peak_energy = NAN;
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

static void
find_peaks (BgPowerFlow *self)
{
  gsize n = self->n_rows;

  self->peak_power = 0;
  for (guint i = 0; i < self->n_bonds; i++)
    self->peak_power = MAX (self->peak_power, column_peak (self->result, self->bonds[i].p, n));
  for (guint i = 0; i < self->n_elements; i++)
    {
      ElementVars *v = &self->elements[i];

      if (v->role == BG_POWER_ROLE_STORAGE)
        v->peak_energy = column_peak (self->result, v->energy, n);
      else if (v->role == BG_POWER_ROLE_DISSIPATOR && v->e >= 0 && v->f >= 0)
        {
          gsize filled = MIN (n, MIN (bg_result_get_n_filled (self->result, (guint) v->e),
                                      bg_result_get_n_filled (self->result, (guint) v->f)));

          for (gsize r = 0; r < filled; r++)
            {
              double p = bg_result_get_value (self->result, (guint) v->e, r) *
                         bg_result_get_value (self->result, (guint) v->f, r);

              if (isfinite (p))
                self->peak_power = MAX (self->peak_power, fabs (p));
            }
        }
    }
}

BgPowerFlow *
bg_power_flow_new (BgResult   *result,
                   BgModel    *model,
                   const char *prefix)
{
  BgPowerFlow *self;
  g_autoptr(GArray) vars = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (result != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_new0 (BgPowerFlow, 1);
  self->result = bg_result_ref (result);
  self->model = model;
  self->revision = bg_model_get_revision (model);
  self->n_bonds = bg_model_get_bonds (model)->len;
  self->n_elements = bg_model_get_elements (model)->len;
  self->bonds = g_new0 (BondVars, MAX (self->n_bonds, 1));
  self->elements = g_new0 (ElementVars, MAX (self->n_elements, 1));
  find_columns (self, model, prefix != NULL ? prefix : "", vars);
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

void
bg_power_flow_free (BgPowerFlow *self)
{
  if (self == NULL)
    return;
  bg_result_unref (self->result);
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
      values[i].f = value (self, b->f, &at);
      values[i].p = value (self, b->p, &at);
    }
}

void
bg_power_flow_elements_at (BgPowerFlow          *self,
                           double                t,
                           BgPowerElementValues *values)
{
  BgResultInstant at;

  g_return_if_fail (self != NULL);
  g_return_if_fail (values != NULL || self->n_elements == 0);

  bg_result_locate (self->result, t, &at);
  at.n_rows = MIN (at.n_rows, self->n_rows);
  for (guint i = 0; i < self->n_elements; i++)
    {
      const ElementVars *v = &self->elements[i];
      BgPowerElementValues *out = &values[i];

      out->energy = out->fill = out->loss = NAN;
      if (v->role == BG_POWER_ROLE_STORAGE)
        {
          out->energy = value (self, v->energy, &at);
          out->fill = v->peak_energy > 0 ? CLAMP (out->energy / v->peak_energy, 0, 1)
                      : isnan (out->energy) ? NAN : 0;
        }
      else if (v->role == BG_POWER_ROLE_DISSIPATOR)
        {
          double e = value (self, v->e, &at), f = value (self, v->f, &at);

          /* linear between rows in e and f, as the plot draws them */
          out->loss = e * f;
        }
    }
}
