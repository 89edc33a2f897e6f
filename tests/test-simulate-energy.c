/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-simulate-energy.c — sign conventions and energy in simulated models.
 *
 * Owns: that reversing an arrow flips only that bond's flow and power,
 * that the direction a bond was drawn in changes no element variable, that
 * power is continuous at every junction, transformer, gyrator and cylinder,
 * and that stored energy balances supplied and dissipated energy, on a
 * mechanical chain and on every example in data/examples. Must not: depend
 * on GTK or on timing, or compare with closed forms (test-simulate.c does).
 */
#include "config.h"

#include <math.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"
#include "bg-file.h"
#include "bg-waveform.h"
#include "bg-test-sim.h"

/* Signs ---------------------------------------------------------------- */

static const char *const chain_elements[] = {
  "Se translational F value=0 waveform=step after=3 time=0.1",
  "1 translational J1",
  "I translational M1 value=1",
  "R translational B1 value=0.5",
  "0 translational N",
  "C translational K1 value=0.1",
  "1 translational J2",
  "I translational M2 value=2 initial=0.4",
  "R translational B2 value=0.3",
  "TF translational T1 n=3",
  "0 translational N2",
  "C translational K2 value=0.2 initial=0.05",
  "1 translational J3",
  "I translational M3 value=0.5",
  "R translational B3 value=2",
  NULL
};
static const char *const chain_bonds[] = {
  "b1 F J1", "b2 J1 M1", "b3 J1 B1", "b4 J1 N", "b5 N K1", "b6 N J2",
  "b7 J2 M2", "b8 J2 B2", "b9 J2 T1.P", "b10 T1.S N2", "b11 N2 K2", "b12 N2 J3",
  "b13 J3 M3", "b14 J3 B3", NULL
};

static void
test_arrow_reversal (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (chain_elements, chain_bonds);
  GError *error = NULL;
  BgTestSim forward, reversed;
  guint n_vars;

  bg_test_set_sim (model, 3.0, 0.01);
  bg_test_simulate (model, &forward);
  g_assert_true (bg_model_reverse_arrow (model, "b6", &error));
  g_assert_no_error (error);
  bg_test_simulate (model, &reversed);

  n_vars = bg_result_get_n_vars (forward.result);
  g_assert_cmpuint (n_vars, ==, bg_result_get_n_vars (reversed.result));
  g_assert_cmpuint (bg_test_n_rows (&forward), ==, bg_test_n_rows (&reversed));
  for (guint v = 0; v < n_vars; v++)
    {
      const char *name = bg_result_get_var_name (forward.result, v);
      double sign = g_str_equal (name, "b6.f") || g_str_equal (name, "b6.P") ? -1.0 : 1.0;
      double worst = 0, size = 0;

      g_assert_cmpstr (name, ==, bg_result_get_var_name (reversed.result, v));
      for (gsize r = 0; r < bg_test_n_rows (&forward); r++)
        {
          double a = bg_result_get_value (forward.result, v, r);
          double b = bg_result_get_value (reversed.result, v, r);
          worst = MAX (worst, fabs (sign * a - b));
          size = MAX (size, fabs (a));
        }
      /* Only b6.f and b6.P change sign; everything else is identical. */
      g_assert_cmpfloat (worst, <=, 1e-12 * size);
      if (sign < 0)
        g_assert_cmpfloat (size, >, 0.01);
    }
  bg_test_sim_clear (&forward);
  bg_test_sim_clear (&reversed);
}

static void
test_drawing_direction (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (chain_elements, chain_bonds);
  GPtrArray *bonds = bg_model_get_bonds (model);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  BgTestSim drawn, flipped;
  guint n_compared = 0;

  bg_test_set_sim (model, 3.0, 0.01);
  bg_test_simulate (model, &drawn);
  for (guint b = 0; b < bonds->len; b++)
    g_ptr_array_add (ids, g_strdup (((BgBond *) g_ptr_array_index (bonds, b))->id));
  for (guint b = 0; b < ids->len; b++)
    {
      g_assert_true (bg_model_flip_bond_direction (model, g_ptr_array_index (ids, b), &error));
      g_assert_no_error (error);
    }
  bg_test_simulate (model, &flipped);

  /* Every element variable is the same whichever way the bonds were drawn. */
  for (guint v = 1; v < bg_result_get_n_vars (drawn.result); v++)
    {
      const char *name = bg_result_get_var_name (drawn.result, v);
      int w = bg_result_lookup (flipped.result, name);
      double worst = 0, size = 0;

      if (g_str_has_prefix (name, "b"))
        continue;
      g_assert_cmpint (w, >=, 0);
      for (gsize r = 0; r < bg_test_n_rows (&drawn); r++)
        {
          double a = bg_result_get_value (drawn.result, v, r);
          worst = MAX (worst, fabs (a - bg_result_get_value (flipped.result, (guint) w, r)));
          size = MAX (size, fabs (a));
        }
      g_assert_cmpfloat (worst, <=, 1e-9 * size + 1e-15);
      n_compared++;
    }
  g_assert_cmpuint (n_compared, >=, 20);

  /* Dampers only ever absorb power, in both drawings. */
  for (gsize r = 0; r < bg_test_n_rows (&drawn); r++)
    for (guint k = 1; k <= 3; k++)
      {
        g_autofree char *e = g_strdup_printf ("B%u.e", k);
        g_autofree char *f = g_strdup_printf ("B%u.f", k);
        g_assert_cmpfloat (bg_test_value (&drawn, e, r) * bg_test_value (&drawn, f, r), >=, 0);
        g_assert_cmpfloat (bg_test_value (&flipped, e, r) * bg_test_value (&flipped, f, r), >=, 0);
      }
  bg_test_sim_clear (&drawn);
  bg_test_sim_clear (&flipped);
}

/* Energy --------------------------------------------------------------- */

static double
param_number (BgElement *el, const char *name)
{
  guint index;

  g_assert_nonnull (bg_component_spec_find_param (el->spec, name, &index));
  return el->params[index].number;
}

static double
load_force (BgElement *el, double t)
{
  BgWave wave;

  bg_wave_from_params (&wave, el->spec, el->params, "load");
  return bg_wave_eval (&wave, t, t);
}

static double
accumulator_energy (BgElement *el, double v_f)
{
  double p0 = param_number (el, "p0"), v0 = param_number (el, "V0"), n = param_number (el, "n");

  if (v_f < 0)
    return p0 * (v_f + n * v_f * v_f / (2 * v0));
  return p0 * pow (v0, n) / (n - 1) * (pow (v0 - v_f, 1 - n) - pow (v0, 1 - n));
}

/* Stored energy and net power into the stores at one row; *magnitude gets
 * the sum of the absolute values of the power terms. */
static void
energy_terms (BgModel *model, BgTestSim *sim, gsize r, double *stored, double *power, double *magnitude)
{
  GPtrArray *elements = bg_model_get_elements (model);
  double t = bg_test_value (sim, "t", r);

  *stored = *power = *magnitude = 0;
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      g_autofree char *e = g_strdup_printf ("%s.e", el->id);
      g_autofree char *f = g_strdup_printf ("%s.f", el->id);
      double term = 0;

      switch (bg_test_kind (el->spec))
        {
        case BG_TEST_KIND_SE:
        case BG_TEST_KIND_SF:
          term = -bg_test_value (sim, e, r) * bg_test_value (sim, f, r);
          break;
        case BG_TEST_KIND_R:
          term = -bg_test_value (sim, e, r) * bg_test_value (sim, f, r);
          break;
        case BG_TEST_KIND_C:
        case BG_TEST_KIND_I:
          {
            g_autofree char *energy = g_strdup_printf ("%s.E", el->id);
            *stored += bg_test_value (sim, energy, r);
          }
          break;
        case BG_TEST_KIND_PUMP_CURVE:
          {
            g_autofree char *p = g_strdup_printf ("%s.P_hyd", el->id);
            term = bg_test_value (sim, p, r);
          }
          break;
        case BG_TEST_KIND_MECHANICAL_LOAD:
          {
            g_autofree char *vn = g_strdup_printf ("%s.v", el->id);
            g_autofree char *pn = g_strdup_printf ("%s.p", el->id);
            double v = bg_test_value (sim, vn, r), p = bg_test_value (sim, pn, r), m = param_number (el, "mass");
            term = -param_number (el, "damping") * v * v - load_force (el, t) * v;
            *stored += p * p / (2 * m);
          }
          break;
        case BG_TEST_KIND_GAS_ACCUMULATOR:
          {
            g_autofree char *vn = g_strdup_printf ("%s.V_f", el->id);
            *stored += accumulator_energy (el, bg_test_value (sim, vn, r));
          }
          break;
        case BG_TEST_KIND_DC_MOTOR:
          {
            /* Armature and rotor energy; R_a i² and b ω² dissipated. */
            g_autofree char *in = g_strdup_printf ("%s.i", el->id);
            g_autofree char *wn = g_strdup_printf ("%s.w", el->id);
            double cur = bg_test_value (sim, in, r), w = bg_test_value (sim, wn, r);
            term = -param_number (el, "R_a") * cur * cur - param_number (el, "b") * w * w;
            *stored += 0.5 * param_number (el, "L_a") * cur * cur
                       + 0.5 * param_number (el, "J") * w * w;
          }
          break;
        default:
          break;
        }
      *power += term;
      *magnitude += fabs (term);
    }
}

/* ∫ (supplied - dissipated) dt - ΔE ≈ 0 with the trapezoidal rule over the
 * output rows. Returns the imbalance relative to the energy moved. */
static double
energy_imbalance (BgModel *model, BgTestSim *sim)
{
  double e0, p_prev, m_prev, e_last = 0, integral = 0, moved = 0, peak = 0;

  energy_terms (model, sim, 0, &e0, &p_prev, &m_prev);
  for (gsize r = 1; r < bg_test_n_rows (sim); r++)
    {
      double dt = bg_test_value (sim, "t", r) - bg_test_value (sim, "t", r - 1), p, m;

      energy_terms (model, sim, r, &e_last, &p, &m);
      integral += 0.5 * dt * (p + p_prev);
      moved += 0.5 * dt * (m + m_prev);
      peak = MAX (peak, fabs (e_last));
      p_prev = p;
      m_prev = m;
    }
  return fabs (e_last - e0 - integral) / MAX (moved + peak, 1e-300);
}

/* Power continuity at every junction, transformer and cylinder: the bond
 * powers into it sum to zero at every row. */
static void
check_power_continuity (BgModel *model, BgTestSim *sim)
{
  GPtrArray *elements = bg_model_get_elements (model);

  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);
      GPtrArray *ebonds;
      BgTestKind kind = bg_test_kind (el->spec);

      if (kind != BG_TEST_KIND_JUNCTION_0 && kind != BG_TEST_KIND_JUNCTION_1 && kind != BG_TEST_KIND_TF
          && kind != BG_TEST_KIND_CYLINDER_DA && kind != BG_TEST_KIND_GY)
        continue;
      ebonds = bg_model_get_element_bonds (model, el);
      for (gsize r = 0; r < bg_test_n_rows (sim); r++)
        {
          double sum = 0, size = 0;
          for (guint b = 0; b < ebonds->len; b++)
            {
              BgBond *bond = g_ptr_array_index (ebonds, b);
              g_autofree char *pn = NULL;
              gboolean arrow_here;
              double p;

              if (bond == NULL)
                continue;
              pn = g_strdup_printf ("%s.P", bond->id);
              arrow_here = (bond->arrow == BG_ARROW_FORWARD) == (bond->to == el);
              p = bg_test_value (sim, pn, r);
              sum += arrow_here ? p : -p;
              size += fabs (p);
            }
          g_assert_cmpfloat (fabs (sum), <=, 1e-9 * size + 1e-300);
        }
    }
}

static void
test_energy_balance_chain (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (chain_elements, chain_bonds);
  BgTestSim sim;

  bg_test_set_sim (model, 5.0, 0.001);
  bg_test_simulate (model, &sim);
  check_power_continuity (model, &sim);
  /* Within 1e-4 of the energy moved (trapezoid error at h = 1 ms). */
  g_assert_cmpfloat (energy_imbalance (model, &sim), <, 1e-4);
  bg_test_sim_clear (&sim);
}

/* Examples --------------------------------------------------------------- */

static void
test_examples (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                                "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_simulated = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr (BgModel) model = NULL;
      g_autoptr (BgCausality) causality = NULL;
      const BgSimSettings *settings;
      BgSimSettings fine;
      GError *error = NULL;
      BgTestSim sim;
      double imbalance;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      causality = bg_causality_analyze (model);
      if (!bg_causality_is_ok (causality))
        continue;

      /* Default settings: the run must finish or end at an event. */
      bg_test_simulate (model, &sim);
      /* The plan integrates exactly the analyzer's states. */
      {
        const GPtrArray *states = bg_causality_get_states (causality);
        g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, states->len);
        for (guint i = 0; i < states->len; i++)
          {
            gboolean found = FALSE;
            for (guint k = 0; k < states->len; k++)
              if (g_str_equal (bg_plan_get_state_name (sim.plan, k), g_ptr_array_index (states, i)))
                found = TRUE;
            g_assert_true (found);
          }
      }
      g_test_message ("%s: %s, %" G_GSIZE_FORMAT " rows, %" G_GUINT64_FORMAT " steps",
                      name, sim.report.message != NULL ? sim.report.message : "finished",
                      sim.report.n_rows, sim.report.n_steps);
      g_assert_true (sim.status == BG_SIM_STATUS_FINISHED || sim.status == BG_SIM_STATUS_EVENT);
      g_assert_cmpuint (bg_test_n_rows (&sim), >, 1);
      /* over the graph that ran: a model with components, drawn flat */
      check_power_continuity (sim.flat, &sim);
      bg_test_sim_clear (&sim);

      /* Energy balance on a fine output grid (the trapezoid rule needs it). */
      settings = bg_model_get_simulation (model);
      fine = *settings;
      fine.output_step = settings->t_end / 20000;
      g_assert_true (bg_model_set_simulation (model, &fine, &error));
      g_assert_no_error (error);
      bg_test_simulate (model, &sim);
      imbalance = energy_imbalance (sim.flat, &sim);
      g_test_message ("%s: energy imbalance %.3g", name, imbalance);
      /* Within 1e-3 of the energy moved. */
      g_assert_cmpfloat (imbalance, <, 1e-3);
      bg_test_sim_clear (&sim);
      n_simulated++;
    }
  g_assert_cmpuint (n_simulated, >=, 5);
}
int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/simulate/arrow-reversal", test_arrow_reversal);
  g_test_add_func ("/core/simulate/drawing-direction", test_drawing_direction);
  g_test_add_func ("/core/simulate/energy-balance", test_energy_balance_chain);
  g_test_add_func ("/core/simulate/examples", test_examples);
  return g_test_run ();
}
