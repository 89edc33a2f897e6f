/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-canvas-readout.c — a bond's or an element's values at the canvas's
 * instant.
 *
 * Owns: the read-out the tooltip shows over a bond or an element while a
 * run's result is there (bg_canvas_dup_values_text): the instant, then each
 * variable with its value, unit and meaning — for a bond e, f and P and
 * which way the power goes; for an element its own variables, the energy
 * it stores and the power it dissipates (bg-power-flow.h) — and the same
 * values as numbers
 * (bg_canvas_get_value_at). Values come from the stored result, linearly
 * between rows (bg-result-at.h); columns the run did not record are
 * derived, never run again. Must not: decide what is under the pointer, or
 * change anything but the result's derived columns.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-canvas-private.h"
#include "bg-power-flow.h"
#include "bg-result-at.h"
#include "bg-si-format.h"

/* The column of prefix + name in the result, derived up to its rows; -1
 * when the result has none. */
static int
column (BgResult   *result,
        const char *prefix,
        const char *name)
{
  g_autofree char *full = g_strconcat (prefix, name, NULL);
  int var = bg_result_lookup (result, full);
  guint v;

  if (var <= 0)
    return -1;
  v = (guint) var;
  if (!bg_result_is_stored (result, v))
    bg_result_derive (result, &v, 1, NULL);
  return var;
}

/* The value of prefix + name at the canvas's instant and its column. */
static gboolean
value_at (BgCanvas   *self,
          const char *name,
          double     *value,
          int        *var_out)
{
  const char *prefix;
  BgResult *result = _bg_canvas_power_result (self, &prefix);
  BgResultInstant at;
  double t;
  int var;

  if (result == NULL || !_bg_canvas_power_time (self, &t))
    return FALSE;
  var = column (result, prefix, name);
  if (var < 0 || !bg_result_locate (result, t, &at))
    return FALSE;
  *value = bg_result_value_at (result, (guint) var, &at);
  if (var_out != NULL)
    *var_out = var;
  return !isnan (*value);
}

gboolean
bg_canvas_get_value_at (BgCanvas   *self,
                        const char *name,
                        double     *value)
{
  g_return_val_if_fail (BG_IS_CANVAS (self), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);

  return value_at (self, name, value, NULL);
}

/* "name = value unit (meaning)" as a line. */
static void
append_line (GString    *text,
             const char *name,
             double      value,
             const char *unit,
             const char *meaning)
{
  g_autofree char *formatted = bg_si_format (value, unit);

  g_string_append_printf (text, "\n%s = %s", name, formatted);
  if (meaning != NULL && *meaning != '\0')
    g_string_append_printf (text, " (%s)", meaning);
}

/* "name = value unit (meaning)" as a line; FALSE when the result lacks it. */
static gboolean
append_value (BgCanvas   *self,
              GString    *text,
              const char *id,
              const char *suffix,
              const char *meaning,
              double     *out)
{
  BgResult *result = _bg_canvas_power_result (self, NULL);
  g_autofree char *name = g_strconcat (id, ".", suffix, NULL);
  double value;
  int var;

  if (!value_at (self, name, &value, &var))
    return FALSE;
  append_line (text, suffix, value, bg_result_get_var_unit (result, (guint) var), meaning);
  if (out != NULL)
    *out = value;
  return TRUE;
}

static char *
instant_text (BgCanvas *self)
{
  g_autofree char *t_text = NULL;
  double t;

  _bg_canvas_power_time (self, &t);
  t_text = bg_si_format (t, "s");
  /* TRANSLATORS: the instant the values under the pointer are read at */
  return g_strdup_printf (_("at t = %s"), t_text);
}

static BgDomain
bond_domain (const BgBond *bond)
{
  if (bond->from_port >= 0 && (guint) bond->from_port < bond->from->spec->n_ports)
    return bond->from->spec->ports[bond->from_port].domain;
  return bond->from->spec->domain;
}

/* A bond's values at the instant from the power flow: also a bond
 * through a component's port, read as the bond it became. */
static gboolean
bond_values (BgCanvas          *self,
             const BgBond      *bond,
             BgPowerBondValues *out)
{
  BgPowerFlow *flow = _bg_canvas_power_flow (self);
  GPtrArray *bonds = bg_model_get_bonds (self->model);
  g_autofree BgPowerBondValues *all = NULL;
  guint index;
  double t;

  if (flow == NULL || !_bg_canvas_power_time (self, &t) ||
      !g_ptr_array_find (bonds, bond, &index) || index >= bg_power_flow_get_n_bonds (flow))
    return FALSE;
  all = g_new (BgPowerBondValues, bg_power_flow_get_n_bonds (flow));
  bg_power_flow_bonds_at (flow, t, all);
  *out = all[index];
  return !isnan (out->p) || !isnan (out->e);
}

static char *
bond_text (BgCanvas     *self,
           const BgBond *bond)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *instant = instant_text (self);
  BgDomain domain = bond_domain (bond);
  const BgElement *tail = bond->arrow == BG_ARROW_FORWARD ? bond->from : bond->to;
  const BgElement *tip = bond->arrow == BG_ARROW_FORWARD ? bond->to : bond->from;
  BgPowerBondValues v;

  if (!bond_values (self, bond, &v))
    return NULL;
  /* TRANSLATORS: a bond's id and the instant ("at t = 0.5 s") */
  g_string_printf (text, _("Bond %s, %s"), bond->id, instant);
  if (!isnan (v.e))
    append_line (text, "e", v.e, bg_domain_effort_unit (domain),
                 bg_domain_quantity_name (domain, TRUE));
  if (!isnan (v.f))
    append_line (text, "f", v.f, bg_domain_flow_unit (domain),
                 bg_domain_quantity_name (domain, FALSE));
  if (!isnan (v.p))
    {
      append_line (text, "P", v.p, "W", NULL);
      if (v.p > 0)
        /* TRANSLATORS: where a bond's power goes: from one element to the other */
        g_string_append_printf (text, _(", from %s to %s (along the half-arrow)"),
                                tail->id, tip->id);
      else if (v.p < 0)
        g_string_append_printf (text, _(", from %s to %s (against the half-arrow)"),
                                tip->id, tail->id);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The power flow's values of an element at the instant; FALSE without. */
static gboolean
flow_values (BgCanvas             *self,
             const BgElement      *element,
             BgPowerElementValues *out)
{
  BgPowerFlow *flow = _bg_canvas_power_flow (self);
  GPtrArray *elements = bg_model_get_elements (self->model);
  g_autofree BgPowerElementValues *all = NULL;
  guint index;
  double t;

  if (flow == NULL || !_bg_canvas_power_time (self, &t) ||
      !g_ptr_array_find (elements, element, &index) ||
      index >= bg_power_flow_get_n_elements (flow))
    return FALSE;
  all = g_new (BgPowerElementValues, bg_power_flow_get_n_elements (flow));
  bg_power_flow_elements_at (flow, t, all);
  *out = all[index];
  return TRUE;
}

static char *
element_text (BgCanvas        *self,
              const BgElement *element)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *instant = instant_text (self);
  gboolean any = FALSE, has_energy = FALSE;
  BgPowerElementValues flow;

  /* TRANSLATORS: an element's id, its kind ("Capacitor") and the instant */
  g_string_printf (text, C_("read-out heading", "%s — %s, %s"), element->id,
                   bg_component_spec_display_name (element->spec), instant);
  for (guint k = 0; k < element->spec->n_vars; k++)
    {
      const BgVarSpec *var = &element->spec->vars[k];
      double value;

      if (append_value (self, text, element->id, var->suffix, _(var->description), &value))
        {
          any = TRUE;
          has_energy |= g_str_equal (var->suffix, "E");
        }
    }
  /* what the power flow knows of it: the energy it stores (when it has no
   * variable for it) and the power it dissipates */
  if (flow_values (self, element, &flow))
    {
      if (!has_energy && !isnan (flow.energy))
        {
          g_autofree char *stored = bg_si_format (flow.energy, "J");

          /* TRANSLATORS: the energy an element holds at the instant */
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("Stores %s"), stored);
          any = TRUE;
        }
      if (!isnan (flow.loss))
        {
          g_autofree char *loss = bg_si_format (flow.loss, "W");

          /* TRANSLATORS: the power an element turns into heat */
          g_string_append_c (text, '\n');
          g_string_append_printf (text, _("Dissipates %s"), loss);
          any = TRUE;
        }
    }
  return any ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

char *
bg_canvas_dup_values_text (BgCanvas   *self,
                           const char *id)
{
  BgElement *element;
  BgBond *bond;

  g_return_val_if_fail (BG_IS_CANVAS (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  if (self->model == NULL || _bg_canvas_power_result (self, NULL) == NULL)
    return NULL;
  if ((bond = bg_model_find_bond (self->model, id)) != NULL)
    return bond_text (self, bond);
  if ((element = bg_model_find_element (self->model, id)) != NULL)
    return element_text (self, element);
  return NULL;
}
