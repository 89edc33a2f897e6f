/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-power-flow-values.c — the numbers the power-flow view draws.
 *
 * Owns: tests of bg-result-at.h (where an instant falls among a result's
 * rows, the linear value there, the edges) and of bg-power-flow.h on the
 * RC charging circuit against its closed form (U = 10 V, R = 1 kΩ,
 * C = 1 mF, τ = 1 s: the source supplies U²/R·e^(−t), the resistor
 * dissipates U²/R·e^(−2t), the capacitor holds ½CU²(1 − e^(−t))²), the
 * 1-junction's balance of its bonds' powers, the peaks, the values
 * between rows, the same values with and without the plan's energy
 * accounts, the roles of every component kind on the hydraulic bench and
 * the DC motor, and the bonds inside a component seen from its level.
 * Must not: draw or need a display.
 */
#include "config.h"

#include <math.h>

#include "bg-definition.h"
#include "bg-power-flow.h"
#include "bg-result-at.h"
#include "bg-test-sim.h"

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BgTestSim, bg_test_sim_clear)

#define U   10.0
#define R   1000.0
#define CAP 1e-3

/* The solver's tolerance (rtol 1e-6 by default) on values of order one,
 * relative to each quantity's peak. */
#define SOLVER_TOL 2e-5

static void
assert_close (double      value,
              double      expected,
              double      scale,
              double      tol,
              const char *what)
{
  if (!(fabs (value - expected) <= tol * scale))
    g_error ("%s: %.12g, expected %.12g (±%g)", what, value, expected, tol * scale);
}

/* A result's instants ------------------------------------------------------------- */

static void
test_locate (void)
{
  const char *names[] = { "t", "x" };
  g_autoptr(BgResult) result = bg_result_new (2, names, NULL, NULL);
  const double rows[][2] = { { 0, 10 }, { 1, 20 }, { 2, 0 }, { 4, 8 } };
  BgResultInstant at;
  double t0, t1;

  g_assert_false (bg_result_locate (result, 1, &at));
  g_assert_false (bg_result_get_time_range (result, &t0, &t1));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    bg_result_append_row (result, rows[i]);
  g_assert_true (bg_result_get_time_range (result, &t0, &t1));
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (t1, ==, 4);

  g_assert_true (bg_result_locate (result, 1.5, &at));
  g_assert_cmpuint (at.row, ==, 1);
  g_assert_cmpfloat (at.frac, ==, 0.5);
  g_assert_cmpfloat (bg_result_value_at (result, 1, &at), ==, 10);
  /* on a row: that row */
  bg_result_locate (result, 2, &at);
  g_assert_cmpuint (at.row, ==, 2);
  g_assert_cmpfloat (at.frac, ==, 0);
  g_assert_cmpfloat (bg_result_value_at (result, 1, &at), ==, 0);
  bg_result_locate (result, 3, &at);
  g_assert_cmpfloat (bg_result_value_at (result, 1, &at), ==, 4);
  /* before the first row and after the last: the ends */
  bg_result_locate (result, -1, &at);
  g_assert_cmpfloat (bg_result_value_at (result, 1, &at), ==, 10);
  bg_result_locate (result, 9, &at);
  g_assert_cmpuint (at.row, ==, 3);
  g_assert_cmpfloat (bg_result_value_at (result, 1, &at), ==, 8);
  bg_result_locate (result, NAN, &at);
  g_assert_cmpuint (at.row, ==, 0);
  /* a column that is not there */
  g_assert_true (isnan (bg_result_value_at (result, 7, &at)));
}

/* The RC circuit ------------------------------------------------------------------- */

static BgModel *
rc_model (void)
{
  BgModel *model = bg_test_build_rc ();

  bg_test_set_sim (model, 3.0, 0.01);
  return model;
}

static int
element_index (BgModel    *model,
               const char *id)
{
  GPtrArray *elements = bg_model_get_elements (model);

  for (guint i = 0; i < elements->len; i++)
    if (g_str_equal (((BgElement *) g_ptr_array_index (elements, i))->id, id))
      return (int) i;
  g_error ("no element %s", id);
}

static int
bond_index (BgModel    *model,
            const char *id)
{
  GPtrArray *bonds = bg_model_get_bonds (model);

  for (guint i = 0; i < bonds->len; i++)
    if (g_str_equal (((BgBond *) g_ptr_array_index (bonds, i))->id, id))
      return (int) i;
  g_error ("no bond %s", id);
}

/* At t = 1 s (a row): the bonds' powers, the capacitor's energy and the
 * resistor's loss against the closed form; the junction balances. */
static void
check_rc_at_row (BgPowerFlow *flow,
                 BgModel     *model)
{
  const double t = 1.0, e = exp (-t), p0 = U * U / R;
  BgPowerBondValues bonds[3];
  BgPowerElementValues elements[4];
  const BgPowerBondValues *b1, *b2, *b3;
  const BgPowerElementValues *c1, *r1;

  g_assert_cmpuint (bg_power_flow_get_n_bonds (flow), ==, 3);
  g_assert_cmpuint (bg_power_flow_get_n_elements (flow), ==, 4);
  bg_power_flow_bonds_at (flow, t, bonds);
  bg_power_flow_elements_at (flow, t, elements);
  b1 = &bonds[bond_index (model, "b1")];
  b2 = &bonds[bond_index (model, "b2")];
  b3 = &bonds[bond_index (model, "b3")];
  c1 = &elements[element_index (model, "C1")];
  r1 = &elements[element_index (model, "R1")];

  /* b1 U→J carries what the source supplies, b2 J→R1 the heat, b3 J→C1
   * what the capacitor takes, each along its half-arrow */
  assert_close (b1->p, p0 * e, p0, SOLVER_TOL, "b1.P");
  assert_close (b2->p, p0 * e * e, p0, SOLVER_TOL, "b2.P");
  assert_close (b3->p, p0 * (1 - e) * e, p0, SOLVER_TOL, "b3.P");
  assert_close (b1->e * b1->f, b1->p, p0, 1e-12, "b1 e·f");
  /* the 1-junction neither stores nor dissipates */
  assert_close (b1->p, b2->p + b3->p, p0, 1e-12, "the junction's balance");

  assert_close (c1->energy, 0.5 * CAP * U * U * (1 - e) * (1 - e), 0.5 * CAP * U * U,
                SOLVER_TOL, "C1's energy");
  assert_close (r1->loss, p0 * e * e, p0, SOLVER_TOL, "R1's loss");
  assert_close (r1->loss, b2->p, p0, 1e-12, "R1's loss is b2's power");
  g_assert_true (isnan (r1->energy));
  g_assert_true (isnan (c1->loss));
  /* charging: the peak is at the end, t = 3 s */
  assert_close (bg_power_flow_get_peak_energy (flow, element_index (model, "C1")),
                0.5 * CAP * U * U * pow (1 - exp (-3.0), 2), 0.5 * CAP * U * U, SOLVER_TOL,
                "C1's peak");
  assert_close (c1->fill, c1->energy / bg_power_flow_get_peak_energy (flow, element_index (model, "C1")),
                1, 1e-12, "C1's fill");
  /* the largest power of the run: the source's and the resistor's at 0 */
  assert_close (bg_power_flow_get_peak_power (flow), p0, p0, SOLVER_TOL, "the peak power");
  g_assert_cmpint (bg_power_flow_get_role (flow, element_index (model, "U")), ==,
                   BG_POWER_ROLE_SOURCE);
  g_assert_cmpint (bg_power_flow_get_role (flow, element_index (model, "R1")), ==,
                   BG_POWER_ROLE_DISSIPATOR);
  g_assert_cmpint (bg_power_flow_get_role (flow, element_index (model, "C1")), ==,
                   BG_POWER_ROLE_STORAGE);
  g_assert_cmpint (bg_power_flow_get_role (flow, element_index (model, "J")), ==,
                   BG_POWER_ROLE_NONE);
}

/* Between two rows: exactly halfway between their values. */
static void
check_rc_between_rows (BgPowerFlow *flow,
                       BgModel     *model)
{
  BgPowerBondValues a[3], b[3], mid[3];
  BgPowerElementValues ea[4], eb[4], emid[4];
  int c1 = element_index (model, "C1"), r1 = element_index (model, "R1");

  bg_power_flow_bonds_at (flow, 1.00, a);
  bg_power_flow_bonds_at (flow, 1.01, b);
  bg_power_flow_bonds_at (flow, 1.005, mid);
  bg_power_flow_elements_at (flow, 1.00, ea);
  bg_power_flow_elements_at (flow, 1.01, eb);
  bg_power_flow_elements_at (flow, 1.005, emid);
  for (guint i = 0; i < 3; i++)
    {
      assert_close (mid[i].p, (a[i].p + b[i].p) / 2, 1, 1e-12, "P between rows");
      assert_close (mid[i].e, (a[i].e + b[i].e) / 2, 10, 1e-12, "e between rows");
    }
  assert_close (emid[c1].energy, (ea[c1].energy + eb[c1].energy) / 2, 1, 1e-12,
                "energy between rows");
  assert_close (emid[r1].loss, (ea[r1].loss + eb[r1].loss) / 2, 1, 1e-12, "loss between rows");
}

static void
test_rc_accounts (void)
{
  g_autoptr(BgModel) model = rc_model ();
  g_auto(BgTestSim) sim = { 0 };
  BgPowerFlow *flow;
  double t0, t1;

  bg_test_simulate_energy (model, &sim);
  g_assert_true (bg_plan_has_energy (sim.plan));
  flow = bg_power_flow_new (sim.result, sim.plan, model, NULL);
  g_assert_true (bg_power_flow_has_accounts (flow));
  g_assert_true (bg_power_flow_matches (flow, model, sim.result));
  bg_power_flow_get_time_range (flow, &t0, &t1);
  g_assert_cmpfloat (t0, ==, 0);
  g_assert_cmpfloat (fabs (t1 - 3.0), <, 1e-12);
  assert_close (bg_power_flow_get_row_step (flow), 0.01, 0.01, 1e-9, "the row step");
  check_rc_at_row (flow, model);
  check_rc_between_rows (flow, model);
  g_assert_true (bg_power_flow_has_role (flow, BG_POWER_ROLE_STORAGE));
  g_assert_true (bg_power_flow_has_role (flow, BG_POWER_ROLE_DISSIPATOR));
  bg_power_flow_free (flow);
}

/* Without the accounts (a plan without energy): the columns give the same
 * numbers for C, I and R. */
static void
test_rc_columns (void)
{
  g_autoptr(BgModel) model = rc_model ();
  g_auto(BgTestSim) sim = { 0 }, with = { 0 };
  BgPowerFlow *flow, *accounts;
  BgPowerElementValues a[4], b[4];

  bg_test_simulate (model, &sim);
  g_assert_false (bg_plan_has_energy (sim.plan));
  flow = bg_power_flow_new (sim.result, sim.plan, model, NULL);
  g_assert_false (bg_power_flow_has_accounts (flow));
  check_rc_at_row (flow, model);
  check_rc_between_rows (flow, model);

  bg_test_simulate_energy (model, &with);
  accounts = bg_power_flow_new (with.result, with.plan, model, NULL);
  for (double t = 0; t <= 3.0; t += 0.37)
    {
      bg_power_flow_elements_at (flow, t, a);
      bg_power_flow_elements_at (accounts, t, b);
      for (guint i = 0; i < 4; i++)
        {
          g_assert_cmpint (isnan (a[i].energy), ==, isnan (b[i].energy));
          g_assert_cmpint (isnan (a[i].loss), ==, isnan (b[i].loss));
          if (!isnan (a[i].energy))
            assert_close (a[i].energy, b[i].energy, 0.05, 1e-12, "the same energy");
          if (!isnan (a[i].loss))
            assert_close (a[i].loss, b[i].loss, 0.1, 1e-12, "the same loss");
        }
    }
  /* an edit: the flow is not the model's any more */
  {
    GError *error = NULL;

    const char *ids[] = { "C1" };

    g_assert_true (bg_model_move_elements (model, ids, 1, 5, 5, &error));
    g_assert_no_error (error);
    g_assert_false (bg_power_flow_matches (flow, model, sim.result));
  }
  bg_power_flow_free (accounts);
  bg_power_flow_free (flow);
}

/* Every kind ------------------------------------------------------------------------- */

static BgPowerRole
role_of (BgPowerFlow *flow,
         BgModel     *model,
         const char  *id)
{
  return bg_power_flow_get_role (flow, element_index (model, id));
}

/* The accounts every kind declares: the accumulator and the load store,
 * the cylinder passes power on, the motor stores (and dissipates), the
 * tank is a source; and each storage's energy at the end is what it holds. */
static void
test_kinds (void)
{
  const char *examples[] = { "hydraulic-bench.bgmod", "dc-motor-gear-load.bgmod" };

  for (guint k = 0; k < G_N_ELEMENTS (examples); k++)
    {
      g_autoptr(BgModel) model = bg_test_load_example (examples[k]);
      g_auto(BgTestSim) sim = { 0 };
      BgPowerFlow *flow;
      g_autofree BgPowerElementValues *values = NULL;
      g_autofree BgPowerBondValues *bonds = NULL;
      GPtrArray *elements = bg_model_get_elements (model);
      double t0, t1;

      bg_test_simulate_energy (model, &sim);
      flow = bg_power_flow_new (sim.result, sim.plan, model, NULL);
      bg_power_flow_get_time_range (flow, &t0, &t1);
      values = g_new (BgPowerElementValues, elements->len);
      bonds = g_new (BgPowerBondValues, bg_model_get_bonds (model)->len);
      bg_power_flow_elements_at (flow, (t0 + t1) / 2, values);
      bg_power_flow_bonds_at (flow, (t0 + t1) / 2, bonds);
      for (guint i = 0; i < elements->len; i++)
        {
          BgElement *e = g_ptr_array_index (elements, i);
          BgPowerRole role = bg_power_flow_get_role (flow, i);

          g_test_message ("%s %s: role %d, energy %g (fill %g), loss %g", examples[k], e->id,
                          role, values[i].energy, values[i].fill, values[i].loss);
          if (role == BG_POWER_ROLE_STORAGE)
            {
              g_assert_true (isfinite (values[i].energy));
              g_assert_cmpfloat (values[i].fill, >=, 0);
              g_assert_cmpfloat (values[i].fill, <=, 1);
            }
          if (!isnan (values[i].loss))
            g_assert_cmpfloat (values[i].loss, >=, -1e-9 * bg_power_flow_get_peak_power (flow));
        }
      for (guint i = 0; i < bg_model_get_bonds (model)->len; i++)
        g_assert_true (isfinite (bonds[i].p));
      if (k == 0)
        {
          g_assert_cmpint (role_of (flow, model, "ACC"), ==, BG_POWER_ROLE_STORAGE);
          g_assert_cmpint (role_of (flow, model, "LOAD"), ==, BG_POWER_ROLE_STORAGE);
          g_assert_cmpint (role_of (flow, model, "CYL"), ==, BG_POWER_ROLE_NONE);
          g_assert_cmpint (role_of (flow, model, "R_line"), ==, BG_POWER_ROLE_DISSIPATOR);
        }
      else
        g_assert_cmpint (role_of (flow, model, "MOT"), ==, BG_POWER_ROLE_STORAGE);
      bg_power_flow_free (flow);
    }
}

/* Power into a junction along each bond's half-arrow: + when the arrow
 * points into it. */
static double
junction_balance (BgModel                 *level,
                  const BgElement         *junction,
                  const BgPowerBondValues *values,
                  double                  *scale)
{
  GPtrArray *bonds = bg_model_get_bonds (level);
  double sum = 0;

  *scale = 0;
  for (guint i = 0; i < bonds->len; i++)
    {
      const BgBond *bond = g_ptr_array_index (bonds, i);
      gboolean into;

      if (bond->from != junction && bond->to != junction)
        continue;
      into = (bond->to == junction) == (bond->arrow == BG_ARROW_FORWARD);
      sum += into ? values[i].p : -values[i].p;
      *scale = MAX (*scale, fabs (values[i].p));
    }
  return sum;
}

/* Inside a component: the level's bonds by their path, those through its
 * ports as the flat bonds they became (with their half-arrows' sign), so
 * every junction inside balances. */
static void
test_level (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("suspension-rig.bgmod");
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_auto(BgTestSim) sim = { 0 };
  BgElement *front = bg_model_find_element (model, "FRONT");
  const BgDefinition *def;
  BgPowerFlow *plain, *flow;
  BgPowerFlowPorts ports;
  g_autofree BgPowerBondValues *bonds = NULL;
  g_autofree BgPowerBondValues *unaliased = NULL;
  GPtrArray *inner, *elements;
  GError *error = NULL;
  guint through_ports = 0, junctions = 0;

  g_assert_nonnull (front);
  def = bg_definition_of_spec (front->spec);
  g_assert_nonnull (def);
  bg_test_simulate_energy (model, &sim);
  flat = bg_model_flatten (model, &map, &error);
  g_assert_no_error (error);
  ports = (BgPowerFlowPorts) { def->body, "FRONT.", flat, map };
  plain = bg_power_flow_new (sim.result, sim.plan, def->body, "FRONT.");
  flow = bg_power_flow_new_with_aliases (sim.result, sim.plan, def->body, "FRONT.",
                                         bg_power_flow_alias_through_ports, &ports);
  inner = bg_model_get_bonds (def->body);
  bonds = g_new (BgPowerBondValues, inner->len);
  unaliased = g_new (BgPowerBondValues, inner->len);
  for (double t = 0.05; t < 1.0; t += 0.2)
    {
      bg_power_flow_bonds_at (flow, t, bonds);
      bg_power_flow_bonds_at (plain, t, unaliased);
      through_ports = 0;
      for (guint i = 0; i < inner->len; i++)
        {
          g_autofree char *name = g_strconcat ("FRONT.", ((BgBond *) g_ptr_array_index (inner, i))->id,
                                               ".P", NULL);

          g_assert_true (isfinite (bonds[i].p));
          g_assert_true (isfinite (bonds[i].e * bonds[i].f));
          assert_close (bonds[i].e * bonds[i].f, bonds[i].p, MAX (1, fabs (bonds[i].p)), 1e-9,
                        "e·f along the half-arrow");
          if (bg_result_lookup (sim.result, name) < 0)
            {
              /* without the aliases a bond through a port shows nothing */
              g_assert_true (isnan (unaliased[i].p));
              through_ports++;
            }
          else
            g_assert_cmpfloat (unaliased[i].p, ==, bonds[i].p);
        }
      /* every junction inside passes its power on */
      elements = bg_model_get_elements (def->body);
      junctions = 0;
      for (guint k = 0; k < elements->len; k++)
        {
          const BgElement *e = g_ptr_array_index (elements, k);
          double scale = 0, balance;

          if (!e->spec->variable_ports)
            continue;
          junctions++;
          balance = junction_balance (def->body, e, bonds, &scale);
          /* to 1e-9 of its largest bond, or of the run's largest power
           * while it barely moves */
          assert_close (balance, 0,
                        MAX (scale, 1e-6 * bg_power_flow_get_peak_power (flow)),
                        1e-9, "a junction's balance inside FRONT");
        }
    }
  g_test_message ("FRONT: %u bonds, %u through its ports, %u junctions", inner->len,
                  through_ports, junctions);
  g_assert_cmpuint (through_ports, >, 0);
  g_assert_cmpuint (junctions, >, 0);
  g_assert_true (bg_power_flow_has_role (flow, BG_POWER_ROLE_STORAGE));
  bg_power_flow_free (flow);
  bg_power_flow_free (plain);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/power-flow/locate", test_locate);
  g_test_add_func ("/power-flow/rc-accounts", test_rc_accounts);
  g_test_add_func ("/power-flow/rc-columns", test_rc_columns);
  g_test_add_func ("/power-flow/kinds", test_kinds);
  g_test_add_func ("/power-flow/level", test_level);
  return g_test_run ();
}
