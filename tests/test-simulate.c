/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-simulate.c — the compiler and simulator against closed forms.
 *
 * Owns: numerical tests of whole models (built with the bg_model_* API or
 * loaded from data/examples) run through analysis, compilation and CVODE,
 * each compared with its closed-form solution at a stated tolerance; sign
 * conventions (arrow reversal, drawing direction); energy balance. Must not:
 * depend on GTK or on timing.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"
#include "bg-file.h"
#include "bg-waveform.h"
#include "bg-simulation-run.h"
#include "bg-test-sim.h"

/* Model building --------------------------------------------------------- */

typedef struct
{
  BgPlan     *plan;
  BgResult   *result;
  BgSimReport report;
  BgSimStatus status;
} Sim;

static void
sim_clear (Sim *sim)
{
  g_clear_pointer (&sim->plan, bg_plan_unref);
  g_clear_pointer (&sim->result, bg_result_unref);
  bg_sim_report_clear (&sim->report);
}

/* Analyses, compiles and runs; expects success unless the caller checks. */
static void
simulate (BgModel *model, Sim *sim)
{
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  GError *error = NULL;

  memset (sim, 0, sizeof *sim);
  if (!bg_causality_is_ok (causality))
    {
      const BgDiagnostic *d = g_ptr_array_index (bg_causality_get_errors (causality), 0);
      g_error ("analysis failed: %s", d->message);
    }
  sim->plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  sim->result = bg_simulator_new_result (sim->plan);
  sim->status = bg_simulator_run (sim->plan, sim->result, NULL, NULL, NULL, &sim->report, &error);
  if (sim->status == BG_SIM_STATUS_FAILED)
    g_error ("simulation failed: %s", error->message);
  g_assert_no_error (error);
}

static int
var (Sim *sim, const char *name)
{
  int v = bg_result_lookup (sim->result, name);
  if (v < 0)
    g_error ("no variable %s", name);
  return v;
}

static double
value (Sim *sim, const char *name, gsize row)
{
  return bg_result_get_value (sim->result, (guint) var (sim, name), row);
}

static gsize
n_rows (Sim *sim)
{
  return bg_result_get_n_rows (sim->result);
}

/* Max over rows of |name(t) - f(t)|. */
typedef double (*ClosedForm) (double t, gpointer data);

static double
max_error (Sim *sim, const char *name, ClosedForm f, gpointer data)
{
  double worst = 0;

  for (gsize r = 0; r < n_rows (sim); r++)
    {
      double t = bg_result_get_value (sim->result, 0, r);
      worst = MAX (worst, fabs (value (sim, name, r) - f (t, data)));
    }
  return worst;
}

/* RC charging ----------------------------------------------------------- */

static const char *const rc_elements[] = {
  "Se electrical U value=10",
  "1 electrical J",
  "R electrical R1 value=1000",
  "C electrical C1 value=0.001",
  NULL
};
static const char *const rc_bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };

static double
rc_closed (double t, gpointer data)
{
  return 10.0 * (1.0 - exp (-t / 1.0));
}

static void
test_rc_charging (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (rc_elements, rc_bonds);
  Sim sim;

  bg_test_set_sim (model, 5.0, 0.01);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_cmpuint (n_rows (&sim), ==, 501);
  g_assert_cmpfloat_with_epsilon (value (&sim, "t", 500), 5.0, 1e-12);
  /* v_C = E (1 - e^{-t/RC}), RC = 1 s: within 1e-4 V (1e-5 of E). */
  g_assert_cmpfloat (max_error (&sim, "C1.e", rc_closed, NULL), <, 1e-4);
  /* The current into C equals the current through R. */
  g_assert_cmpfloat_with_epsilon (value (&sim, "C1.f", 100), 0.01 * exp (-1.0), 1e-7);
  g_assert_cmpfloat_with_epsilon (value (&sim, "R1.f", 100), 0.01 * exp (-1.0), 1e-7);
  sim_clear (&sim);
}


/* Second-order step response: x(τ) = K [1 - e^{-ζω τ}(cos ω_d τ + ζ/√(1-ζ²) sin ω_d τ)]. */
typedef struct
{
  double gain, omega, zeta, t_step;
} SecondOrder;

static double
second_order_closed (double t, gpointer data)
{
  const SecondOrder *so = data;
  double tau = t - so->t_step, wd, k;

  if (tau < 0)
    return 0;
  wd = so->omega * sqrt (1 - so->zeta * so->zeta);
  k = so->zeta / sqrt (1 - so->zeta * so->zeta);
  return so->gain * (1 - exp (-so->zeta * so->omega * tau) * (cos (wd * tau) + k * sin (wd * tau)));
}

/* RL decay from an initial flux linkage: i = λ0/L e^{-R t / L}. */
static double
rl_closed (double t, gpointer data)
{
  return (0.1 / 0.1) * exp (-1.0 * t / 0.1);
}

static void
test_rl_initial_flux (void)
{
  static const char *const elements[] = {
    "1 electrical J",
    "I electrical L1 value=0.1 initial=0.1",
    "R electrical R1 value=1",
    NULL
  };
  static const char *const bonds[] = { "b1 J L1", "b2 J R1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  Sim sim;

  bg_test_set_sim (model, 1.0, 0.001);
  simulate (model, &sim);
  /* i(t) within 1e-5 A of the 1 A initial current. */
  g_assert_cmpfloat (max_error (&sim, "L1.f", rl_closed, NULL), <, 1e-5);
  g_assert_cmpfloat (max_error (&sim, "R1.f", rl_closed, NULL), <, 1e-5);
  g_assert_cmpfloat_with_epsilon (value (&sim, "L1.p", 0), 0.1, 1e-15);
  sim_clear (&sim);
}

static void
test_rlc_series_step (void)
{
  /* R = 1 Ω, L = 1 H, C = 1 F: ω0 = 1 rad/s, ζ = R/2·√(C/L) = 0.5; 1 V step at 0.5 s. */
  static const char *const elements[] = {
    "Se electrical U value=0 waveform=step after=1 time=0.5",
    "1 electrical J",
    "R electrical R1 value=1",
    "I electrical L1 value=1",
    "C electrical C1 value=1",
    NULL
  };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J L1", "b4 J C1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  SecondOrder so = { 1.0, 1.0, 0.5, 0.5 };
  Sim sim;

  bg_test_set_sim (model, 12.0, 0.01);
  simulate (model, &sim);
  /* v_C within 1e-5 V of the closed form; the overshoot is e^{-πζ/√(1-ζ²)} = 16.3 %. */
  g_assert_cmpfloat (max_error (&sim, "C1.e", second_order_closed, &so), <, 1e-5);
  g_assert_cmpfloat_with_epsilon (value (&sim, "U.e", 49), 0.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (value (&sim, "U.e", 50), 1.0, 1e-15);
  sim_clear (&sim);
}

typedef struct
{
  double final, tau, t_step;
} FirstOrder;

static double
first_order_closed (double t, gpointer data)
{
  const FirstOrder *fo = data;
  return t < fo->t_step ? 0 : fo->final * (1 - exp (-(t - fo->t_step) / fo->tau));
}

static void
test_parallel_rc_current_step (void)
{
  /* 10 mA step at 0.2 s into R = 1 kΩ ‖ C = 1 mF: v = I R (1 - e^{-(t-0.2)/RC}). */
  static const char *const elements[] = {
    "Sf electrical I0 value=0 waveform=step after=0.01 time=0.2",
    "0 electrical N",
    "R electrical R1 value=1000",
    "C electrical C1 value=0.001",
    NULL
  };
  static const char *const bonds[] = { "b1 I0 N", "b2 N R1", "b3 N C1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  FirstOrder fo = { 10.0, 1.0, 0.2 };
  Sim sim;

  bg_test_set_sim (model, 5.0, 0.01);
  simulate (model, &sim);
  /* Within 1e-4 V of 10 V. */
  g_assert_cmpfloat (max_error (&sim, "C1.e", first_order_closed, &fo), <, 1e-4);
  g_assert_cmpfloat (max_error (&sim, "R1.e", first_order_closed, &fo), <, 1e-4);
  sim_clear (&sim);
}

static void
test_mass_spring_damper (void)
{
  /* m = 1 kg, k = 4 N/m (C = 0.25 m/N), b = 0.4 N·s/m: ω0 = 2, ζ = 0.1;
   * 2 N force step at 0.5 s: static extension F/k = 0.5 m. */
  static const char *const elements[] = {
    "Se translational F value=0 waveform=step after=2 time=0.5",
    "1 translational J",
    "I translational M1 value=1",
    "C translational K1 value=0.25",
    "R translational B1 value=0.4",
    NULL
  };
  static const char *const bonds[] = { "b1 F J", "b2 J M1", "b3 J K1", "b4 J B1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  SecondOrder so = { 0.5, 2.0, 0.1, 0.5 };
  Sim sim;

  bg_test_set_sim (model, 20.0, 0.01);
  simulate (model, &sim);
  /* Spring extension within 1e-5 m of 0.5 m. */
  g_assert_cmpfloat (max_error (&sim, "K1.q", second_order_closed, &so), <, 1e-5);
  sim_clear (&sim);
}

/* A transformer driving an inertia with a damper: output effort = input / n,
 * so the output flow is v_S = F/(n b)(1 - e^{-b t / m}), input flow v_S / n. */
static void
check_transformer_drive (const char *domain, double effort, double n, double m, double b)
{
  g_autofree char *se = g_strdup_printf ("Se %s U value=%g", domain, effort);
  g_autofree char *tf = g_strdup_printf ("TF %s T1 n=%g", domain, n);
  g_autofree char *j = g_strdup_printf ("1 %s J", domain);
  g_autofree char *mass = g_strdup_printf ("I %s M1 value=%g", domain, m);
  g_autofree char *damper = g_strdup_printf ("R %s B1 value=%g", domain, b);
  const char *const elements[] = { se, tf, j, mass, damper, NULL };
  static const char *const bonds[] = { "b1 U T1.P", "b2 T1.S J", "b3 J M1", "b4 J B1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  FirstOrder out = { effort / (n * b), m / b, 0 };
  FirstOrder in = { effort / (n * n * b), m / b, 0 };
  Sim sim;

  bg_test_set_sim (model, 8 * m / b, m / b / 100);
  simulate (model, &sim);
  /* Flows within 1e-5 of their final values; efforts exact. */
  g_assert_cmpfloat (max_error (&sim, "M1.f", first_order_closed, &out), <, 1e-5 * out.final);
  g_assert_cmpfloat (max_error (&sim, "b2.f", first_order_closed, &out), <, 1e-5 * out.final);
  g_assert_cmpfloat (max_error (&sim, "b1.f", first_order_closed, &in), <, 1e-5 * out.final);
  g_assert_cmpfloat_with_epsilon (value (&sim, "b2.e", 10), effort / n, 1e-12 * effort);
  g_assert_cmpfloat_with_epsilon (value (&sim, "M1.e", 10), effort / n - value (&sim, "B1.e", 10),
                                  1e-12 * effort);
  /* Power in at P equals power out at S (ideal transformer). */
  for (gsize r = 0; r < n_rows (&sim); r += 37)
    g_assert_cmpfloat_with_epsilon (value (&sim, "b1.P", r), value (&sim, "b2.P", r),
                                    1e-12 * effort * out.final + 1e-15);
  sim_clear (&sim);
}

static void
test_lever (void)
{
  /* 10 N on a 2:1 lever driving 1 kg with 2 N·s/m: v∞ = 2.5 m/s, τ = 0.5 s. */
  check_transformer_drive ("translational", 10.0, 2.0, 1.0, 2.0);
}

static void
test_gear_pair (void)
{
  /* 1 N·m through a 4:1 gear pair into 0.01 kg·m² with 0.1 N·m·s/rad:
   * ω∞ = 2.5 rad/s, τ = 0.1 s. */
  check_transformer_drive ("rotational", 1.0, 4.0, 0.01, 0.1);
}

static void
test_hydraulic_rc (void)
{
  /* 1 MPa through 1e9 Pa·s/m³ into 1e-12 m³/Pa: τ = 1 ms, V∞ = 1e-6 m³. */
  static const char *const elements[] = {
    "Se hydraulic P value=1e6",
    "1 hydraulic J",
    "R hydraulic R1 value=1e9",
    "C hydraulic C1 value=1e-12",
    NULL
  };
  static const char *const bonds[] = { "b1 P J", "b2 J R1", "b3 J C1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  FirstOrder p = { 1e6, 1e-3, 0 };
  FirstOrder v = { 1e-6, 1e-3, 0 };
  Sim sim;

  bg_test_set_sim (model, 5e-3, 1e-5);
  simulate (model, &sim);
  /* Default tolerances: pressure within 10 Pa of 1 MPa, volume within 1e-11 m³. */
  g_assert_cmpfloat (max_error (&sim, "C1.e", first_order_closed, &p), <, 10.0);
  g_assert_cmpfloat (max_error (&sim, "C1.q", first_order_closed, &v), <, 1e-11);
  sim_clear (&sim);
}

/* Cylinder at constant pressures into a mass and damper. */
typedef struct
{
  double v_inf, tau, x0;
} CylinderMotion;

static double
cylinder_x (double t, gpointer data)
{
  const CylinderMotion *c = data;
  return c->x0 + c->v_inf * (t - c->tau * (1 - exp (-t / c->tau)));
}

static double
cylinder_v (double t, gpointer data)
{
  const CylinderMotion *c = data;
  return c->v_inf * (1 - exp (-t / c->tau));
}

static void
test_cylinder_end_stop (void)
{
  static const char *const elements[] = {
    "Se hydraulic PA value=2e5",
    "Se hydraulic PB value=1e5",
    "CylinderDA - CYL",
    "MechanicalLoad - LOAD mass=10 damping=100",
    NULL
  };
  static const char *const bonds[] = { "b1 PA CYL.A", "b2 PB CYL.B", "b3 CYL.M LOAD", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  double aa = G_PI * 0.05 * 0.05 / 4, ab = G_PI * (0.05 * 0.05 - 0.025 * 0.025) / 4;
  double force = aa * 2e5 - ab * 1e5;
  CylinderMotion c = { force / 100, 10.0 / 100, 0.15 };
  double lo = 0, hi = 10, t_stop;
  gsize last;
  Sim sim;

  /* t_stop: x(t) = L = 0.3 m, by bisection on the closed form. */
  for (int i = 0; i < 200; i++)
    {
      double mid = (lo + hi) / 2;
      if (cylinder_x (mid, &c) < 0.3)
        lo = mid;
      else
        hi = mid;
    }
  t_stop = (lo + hi) / 2;

  bg_test_set_sim (model, 10.0, 0.01);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  g_assert_cmpstr (sim.report.element_id, ==, "CYL");
  /* The event time within 1e-6 s; the last row is at the event. */
  g_assert_cmpfloat_with_epsilon (sim.report.t, t_stop, 1e-6);
  last = n_rows (&sim) - 1;
  g_assert_cmpfloat_with_epsilon (value (&sim, "t", last), sim.report.t, 1e-15);
  g_assert_cmpfloat_with_epsilon (value (&sim, "CYL.x", last), 0.3, 1e-7);
  g_assert_true (g_str_has_prefix (sim.report.message, "CYL reached its end stop x = L at t = "));
  /* Position within 1e-6 m, velocity within 1e-6 of v∞ = 2.45 m/s. */
  g_assert_cmpfloat (max_error (&sim, "CYL.x", cylinder_x, &c), <, 1e-6);
  g_assert_cmpfloat (max_error (&sim, "CYL.v", cylinder_v, &c), <, 1e-6 * c.v_inf);
  g_assert_cmpfloat (max_error (&sim, "LOAD.v", cylinder_v, &c), <, 1e-6 * c.v_inf);
  /* F_hyd and the chamber flows follow the areas. */
  g_assert_cmpfloat_with_epsilon (value (&sim, "CYL.F_hyd", 5), force, 1e-9 * force);
  g_assert_cmpfloat_with_epsilon (value (&sim, "CYL.Q_A", 5), aa * value (&sim, "CYL.v", 5), 1e-15);
  g_assert_cmpfloat_with_epsilon (value (&sim, "CYL.Q_B", 5), -ab * value (&sim, "CYL.v", 5), 1e-15);
  sim_clear (&sim);
}

/* A terminating event that falls on an output time gives one row: the same
 * end stop as above, with the output step chosen so that output time 70
 * lies 1e-13 s before the crossing (closer than any printed digit). */
static void
test_event_on_output_time (void)
{
  static const char *const elements[] = {
    "Se hydraulic PA value=2e5",
    "Se hydraulic PB value=1e5",
    "CylinderDA - CYL",
    "MechanicalLoad - LOAD mass=10 damping=100",
    NULL
  };
  static const char *const bonds[] = { "b1 PA CYL.A", "b2 PB CYL.B", "b3 CYL.M LOAD", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  double t_stop, h;
  gsize rows;
  Sim sim;

  bg_test_set_sim (model, 10.0, 0.01);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  t_stop = sim.report.t;
  sim_clear (&sim);

  h = (t_stop - 1e-13) / 70;
  bg_test_set_sim (model, 10.0, h);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  /* The crossing does not depend on the output grid. */
  g_assert_cmpfloat (sim.report.t, ==, t_stop);
  rows = n_rows (&sim);
  g_assert_cmpuint (rows, ==, 71);
  g_assert_cmpfloat (value (&sim, "t", rows - 1), ==, t_stop);
  for (gsize r = 1; r < rows; r++)
    g_assert_cmpfloat (value (&sim, "t", r) - value (&sim, "t", r - 1), >, 0.5 * h);
  sim_clear (&sim);
}

/* The default pump table, interpolated as docs/components.md says. */
static double
pump_table_q (double dp)
{
  static const double x[] = { 0, 1.5e7, 2.0e7 }, y[] = { 1.0e-4, 0.9e-4, 0 };

  if (dp <= x[0])
    return y[0];
  for (int i = 1; i < 3; i++)
    if (dp <= x[i])
      return y[i - 1] + (y[i] - y[i - 1]) * (dp - x[i - 1]) / (x[i] - x[i - 1]);
  return y[2];
}

static void
check_pump_line (double r)
{
  static const char *const bonds[] = { "b1 TANK PUMP.T", "b2 PUMP.P R1", NULL };
  g_autofree char *line = g_strdup_printf ("R hydraulic R1 value=%g", r);
  const char *const elements[] = {
    "Se hydraulic TANK value=0",
    "PumpCurve - PUMP",
    line,
    NULL
  };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  double lo = 0, hi = 1e-4, q;
  Sim sim;

  /* The operating point: table(R Q) = Q, by bisection. */
  for (int i = 0; i < 200; i++)
    {
      double mid = (lo + hi) / 2;
      if (pump_table_q (r * mid) > mid)
        lo = mid;
      else
        hi = mid;
    }
  q = (lo + hi) / 2;

  bg_test_set_sim (model, 1.0, 0.1);
  simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpuint (bg_plan_get_n_algebraic_groups (sim.plan), ==, 1);
  /* Torn to one unknown: the rest of the loop follows from it. */
  g_assert_cmpuint (bg_plan_get_algebraic_group_size (sim.plan, 0), ==, 1);
  g_assert_cmpuint (n_rows (&sim), ==, 11);
  /* Flow within 1e-9 relative, pressure rise = R Q. */
  g_assert_cmpfloat_with_epsilon (value (&sim, "PUMP.Q", 10), q, 1e-9 * q);
  g_assert_cmpfloat_with_epsilon (value (&sim, "PUMP.dp", 10), r * q, 1e-9 * r * q);
  g_assert_cmpfloat_with_epsilon (value (&sim, "R1.f", 10), q, 1e-9 * q);
  g_assert_cmpfloat_with_epsilon (value (&sim, "PUMP.P_hyd", 10), r * q * q, 1e-8 * r * q * q);
  sim_clear (&sim);
}

static void
test_pump_line_tank (void)
{
  check_pump_line (1e11);   /* first table segment: Q = 9.375e-5 m³/s */
  check_pump_line (2.5e11); /* steep second segment */
  check_pump_line (1e13);   /* near cut-off */
}

typedef struct
{
  double q, p0, v0, n;
} Filling;

static double
accumulator_p (double t, gpointer data)
{
  const Filling *f = data;
  return f->p0 * pow (f->v0 / (f->v0 - f->q * t), f->n);
}

static void
test_accumulator_full (void)
{
  static const char *const elements[] = {
    "Sf hydraulic Q value=1e-4",
    "GasAccumulator - ACC",
    NULL
  };
  static const char *const bonds[] = { "b1 Q ACC", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  Filling f = { 1e-4, 5e6, 1e-3, 1.4 };
  gsize last;
  Sim sim;

  bg_test_set_sim (model, 20.0, 0.01);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  g_assert_cmpstr (sim.report.element_id, ==, "ACC");
  /* Full at t = 0.99 V0 / Q = 9.9 s, within 1e-6 s. */
  g_assert_cmpfloat_with_epsilon (sim.report.t, 0.99 * 1e-3 / 1e-4, 1e-6);
  last = n_rows (&sim) - 1;
  g_assert_cmpfloat_with_epsilon (value (&sim, "t", last), sim.report.t, 1e-15);
  /* p from the gas law within 1e-6 relative at every row (up to 2.5 GPa). */
  for (gsize r = 0; r <= last; r++)
    {
      double t = value (&sim, "t", r);
      g_assert_cmpfloat_with_epsilon (value (&sim, "ACC.p", r), accumulator_p (t, &f),
                                      1e-6 * accumulator_p (t, &f));
      g_assert_cmpfloat_with_epsilon (value (&sim, "ACC.V_gas", r), 1e-3 - value (&sim, "ACC.V_f", r),
                                      1e-18);
    }
  sim_clear (&sim);
}


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
  Sim forward, reversed;
  guint n_vars;

  bg_test_set_sim (model, 3.0, 0.01);
  simulate (model, &forward);
  g_assert_true (bg_model_reverse_arrow (model, "b6", &error));
  g_assert_no_error (error);
  simulate (model, &reversed);

  n_vars = bg_result_get_n_vars (forward.result);
  g_assert_cmpuint (n_vars, ==, bg_result_get_n_vars (reversed.result));
  g_assert_cmpuint (n_rows (&forward), ==, n_rows (&reversed));
  for (guint v = 0; v < n_vars; v++)
    {
      const char *name = bg_result_get_var_name (forward.result, v);
      double sign = g_str_equal (name, "b6.f") || g_str_equal (name, "b6.P") ? -1.0 : 1.0;
      double worst = 0, size = 0;

      g_assert_cmpstr (name, ==, bg_result_get_var_name (reversed.result, v));
      for (gsize r = 0; r < n_rows (&forward); r++)
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
  sim_clear (&forward);
  sim_clear (&reversed);
}

static void
test_drawing_direction (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (chain_elements, chain_bonds);
  GPtrArray *bonds = bg_model_get_bonds (model);
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  Sim drawn, flipped;
  guint n_compared = 0;

  bg_test_set_sim (model, 3.0, 0.01);
  simulate (model, &drawn);
  for (guint b = 0; b < bonds->len; b++)
    g_ptr_array_add (ids, g_strdup (((BgBond *) g_ptr_array_index (bonds, b))->id));
  for (guint b = 0; b < ids->len; b++)
    {
      g_assert_true (bg_model_flip_bond_direction (model, g_ptr_array_index (ids, b), &error));
      g_assert_no_error (error);
    }
  simulate (model, &flipped);

  /* Every element variable is the same whichever way the bonds were drawn. */
  for (guint v = 1; v < bg_result_get_n_vars (drawn.result); v++)
    {
      const char *name = bg_result_get_var_name (drawn.result, v);
      int w = bg_result_lookup (flipped.result, name);
      double worst = 0, size = 0;

      if (g_str_has_prefix (name, "b"))
        continue;
      g_assert_cmpint (w, >=, 0);
      for (gsize r = 0; r < n_rows (&drawn); r++)
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
  for (gsize r = 0; r < n_rows (&drawn); r++)
    for (guint k = 1; k <= 3; k++)
      {
        g_autofree char *e = g_strdup_printf ("B%u.e", k);
        g_autofree char *f = g_strdup_printf ("B%u.f", k);
        g_assert_cmpfloat (value (&drawn, e, r) * value (&drawn, f, r), >=, 0);
        g_assert_cmpfloat (value (&flipped, e, r) * value (&flipped, f, r), >=, 0);
      }
  sim_clear (&drawn);
  sim_clear (&flipped);
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
energy_terms (BgModel *model, Sim *sim, gsize r, double *stored, double *power, double *magnitude)
{
  GPtrArray *elements = bg_model_get_elements (model);
  double t = value (sim, "t", r);

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
          term = -value (sim, e, r) * value (sim, f, r);
          break;
        case BG_TEST_KIND_R:
          term = -value (sim, e, r) * value (sim, f, r);
          break;
        case BG_TEST_KIND_C:
        case BG_TEST_KIND_I:
          {
            g_autofree char *energy = g_strdup_printf ("%s.E", el->id);
            *stored += value (sim, energy, r);
          }
          break;
        case BG_TEST_KIND_PUMP_CURVE:
          {
            g_autofree char *p = g_strdup_printf ("%s.P_hyd", el->id);
            term = value (sim, p, r);
          }
          break;
        case BG_TEST_KIND_MECHANICAL_LOAD:
          {
            g_autofree char *vn = g_strdup_printf ("%s.v", el->id);
            g_autofree char *pn = g_strdup_printf ("%s.p", el->id);
            double v = value (sim, vn, r), p = value (sim, pn, r), m = param_number (el, "mass");
            term = -param_number (el, "damping") * v * v - load_force (el, t) * v;
            *stored += p * p / (2 * m);
          }
          break;
        case BG_TEST_KIND_GAS_ACCUMULATOR:
          {
            g_autofree char *vn = g_strdup_printf ("%s.V_f", el->id);
            *stored += accumulator_energy (el, value (sim, vn, r));
          }
          break;
        case BG_TEST_KIND_DC_MOTOR:
          {
            /* Armature and rotor energy; R_a i² and b ω² dissipated. */
            g_autofree char *in = g_strdup_printf ("%s.i", el->id);
            g_autofree char *wn = g_strdup_printf ("%s.w", el->id);
            double cur = value (sim, in, r), w = value (sim, wn, r);
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
energy_imbalance (BgModel *model, Sim *sim)
{
  double e0, p_prev, m_prev, e_last = 0, integral = 0, moved = 0, peak = 0;

  energy_terms (model, sim, 0, &e0, &p_prev, &m_prev);
  for (gsize r = 1; r < n_rows (sim); r++)
    {
      double dt = value (sim, "t", r) - value (sim, "t", r - 1), p, m;

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
check_power_continuity (BgModel *model, Sim *sim)
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
      for (gsize r = 0; r < n_rows (sim); r++)
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
              p = value (sim, pn, r);
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
  Sim sim;

  bg_test_set_sim (model, 5.0, 0.001);
  simulate (model, &sim);
  check_power_continuity (model, &sim);
  /* Within 1e-4 of the energy moved (trapezoid error at h = 1 ms). */
  g_assert_cmpfloat (energy_imbalance (model, &sim), <, 1e-4);
  sim_clear (&sim);
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
      Sim sim;
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
      simulate (model, &sim);
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
      g_assert_cmpuint (n_rows (&sim), >, 1);
      check_power_continuity (model, &sim);
      sim_clear (&sim);

      /* Energy balance on a fine output grid (the trapezoid rule needs it). */
      settings = bg_model_get_simulation (model);
      fine = *settings;
      fine.output_step = settings->t_end / 20000;
      g_assert_true (bg_model_set_simulation (model, &fine, &error));
      g_assert_no_error (error);
      simulate (model, &sim);
      imbalance = energy_imbalance (model, &sim);
      g_test_message ("%s: energy imbalance %.3g", name, imbalance);
      /* Within 1e-3 of the energy moved. */
      g_assert_cmpfloat (imbalance, <, 1e-3);
      sim_clear (&sim);
      n_simulated++;
    }
  g_assert_cmpuint (n_simulated, >=, 5);
}


/* Long oscillatory run at the default settings --------------------------- */

/* A motor inertia driving a load through a lightly damped torsional shaft
 * (41 Hz, ζ ≈ 0.002) and a 2:1 gear pair, 3 s ≈ 120 cycles. States
 * x = (p_m, q, p_L): ω1 = p_m/J_m, ω_L = p_L/J_L, shaft twist rate
 * ω_tw = ω1 − ω_L/n, shaft torque τ = q/C + c ω_tw;
 * p_m' = T − τ, q' = ω_tw, p_L' = τ/n − b_L ω_L. */
#define SHAFT_T 1.0
#define SHAFT_JM 0.01
#define SHAFT_JL 0.05
#define SHAFT_N 0.5
#define SHAFT_C 0.0027122     /* 1/k: ω² = k (1/J_m + n²/J_L) = (2π · 41 Hz)² */
#define SHAFT_B 0.005725      /* ζ = 0.002 */
#define SHAFT_BL 0.02

/* exp(M) of a 4×4 matrix by scaling and squaring of its Taylor series. */
static void
expm4 (const double m_in[16], double out[16])
{
  double m[16], term[16], tmp[16], norm = 0;
  int squarings = 0;

  for (int i = 0; i < 16; i++)
    norm = MAX (norm, fabs (m_in[i]));
  while (norm * 4 > 0.5)
    {
      norm /= 2;
      squarings++;
    }
  for (int i = 0; i < 16; i++)
    {
      m[i] = m_in[i] / (double) (1 << squarings);
      out[i] = term[i] = (i % 5 == 0) ? 1.0 : 0.0;
    }
  for (int k = 1; k <= 24; k++)
    {
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
          {
            double acc = 0;
            for (int q = 0; q < 4; q++)
              acc += term[r * 4 + q] * m[q * 4 + c];
            tmp[r * 4 + c] = acc / k;
          }
      memcpy (term, tmp, sizeof term);
      for (int i = 0; i < 16; i++)
        out[i] += term[i];
    }
  for (int s = 0; s < squarings; s++)
    {
      for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
          {
            double acc = 0;
            for (int q = 0; q < 4; q++)
              acc += out[r * 4 + q] * out[q * 4 + c];
            tmp[r * 4 + c] = acc;
          }
      memcpy (out, tmp, sizeof tmp);
    }
}

static void
test_long_oscillation (void)
{
  static const char *const elements[] = {
    "Se rotational T value=1",
    "1 rotational J_motor",
    "I rotational I_motor value=0.01",
    "0 rotational Z_shaft",
    "1 rotational J_twist",
    "C rotational K_shaft value=0.0027122",
    "R rotational B_shaft value=0.005725",
    "TF rotational GEAR n=0.5",
    "1 rotational J_load",
    "R rotational B_load value=0.02",
    "I rotational I_load value=0.05",
    NULL
  };
  static const char *const bonds[] = {
    "b1 T J_motor", "b2 J_motor I_motor", "b3 J_motor Z_shaft", "b4 Z_shaft J_twist",
    "b5 J_twist K_shaft", "b6 J_twist B_shaft", "b7 Z_shaft GEAR.P", "b8 GEAR.S J_load",
    "b9 J_load B_load", "b10 J_load I_load", NULL
  };
  static const char *const names[] = { "I_motor.p", "K_shaft.q", "I_load.p", "b5.f" };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  double a = 1 / SHAFT_JM, d = 1 / (SHAFT_N * SHAFT_JL), k = 1 / SHAFT_C;
  /* Augmented [[A h, b h], [0, 0]]: its exponential steps x by h exactly. */
  double m[16] = {
    -SHAFT_B * a, -k, SHAFT_B * d, SHAFT_T,
    a, 0, -d, 0,
    SHAFT_B * a / SHAFT_N, k / SHAFT_N, -SHAFT_B * d / SHAFT_N - SHAFT_BL / SHAFT_JL, 0,
    0, 0, 0, 0,
  };
  double e[16], x[3] = { 0, 0, 0 }, peak[4] = { 0 }, worst[4] = { 0 }, h;
  double omega, sigma, cycles;
  g_autofree double *exact = NULL;
  gsize rows;
  Sim sim;

  bg_test_set_sim (model, 3.0, 0);
  simulate (model, &sim);
  rows = n_rows (&sim);
  g_assert_cmpuint (rows, ==, 1001);
  h = bg_plan_get_output_step (sim.plan);
  for (int i = 0; i < 16; i++)
    m[i] *= h;
  expm4 (m, e);

  exact = g_new (double, 4 * rows);
  for (gsize r = 0; r < rows; r++)
    {
      double nx[3];

      g_assert_cmpfloat_with_epsilon (value (&sim, "t", r), r * h, 1e-12);
      exact[4 * r + 0] = x[0];
      exact[4 * r + 1] = x[1];
      exact[4 * r + 2] = x[2];
      exact[4 * r + 3] = x[0] / SHAFT_JM - x[2] / (SHAFT_N * SHAFT_JL);
      for (int i = 0; i < 3; i++)
        nx[i] = e[i * 4 + 0] * x[0] + e[i * 4 + 1] * x[1] + e[i * 4 + 2] * x[2] + e[i * 4 + 3];
      memcpy (x, nx, sizeof x);
    }
  for (gsize r = 0; r < rows; r++)
    for (int v = 0; v < 4; v++)
      {
        peak[v] = MAX (peak[v], fabs (exact[4 * r + v]));
        worst[v] = MAX (worst[v], fabs (value (&sim, names[v], r) - exact[4 * r + v]));
      }

  bg_plan_get_oscillation (sim.plan, &omega, &sigma, &cycles);
  g_test_message ("ω %.4g rad/s (41 Hz = 257.6), σ %.3g 1/s, %.3g cycles; rtol %.3g (setting %.3g)",
                  omega, sigma, cycles, bg_plan_get_rtol (sim.plan),
                  bg_plan_get_rtol_setting (sim.plan));
  /* The estimate finds the shaft's mode within 1 %. */
  g_assert_cmpfloat (fabs (omega - 2 * G_PI * 41) / (2 * G_PI * 41), <, 1e-2);
  for (int v = 0; v < 4; v++)
    {
      g_test_message ("%s: largest error %.3g of its peak %.4g", names[v], worst[v] / peak[v], peak[v]);
      /* Default settings hold every variable within 1e-3 of its peak. */
      g_assert_cmpfloat (worst[v], <, 1e-3 * peak[v]);
    }
  sim_clear (&sim);
}

/* The pump charging a capacitance through both table segments up to the
 * cut-off: segment 1 (Q = a - b p) until p = 15 MPa at t1 = (C/b) ln(a/(a - b·15 MPa)),
 * then Q = c (20 MPa - p): p = 20 MPa - 5 MPa e^{-c (t - t1)/C}. */
static double
pump_charge_closed (double t, gpointer data)
{
  double C = 1e-12, a = 1e-4, b = 0.1e-4 / 1.5e7, c = 0.9e-4 / 5e6;
  double t1 = (C / b) * log (a / (a - b * 1.5e7));

  if (t <= t1)
    return (a / b) * (1 - exp (-b * t / C));
  return 2e7 - 5e6 * exp (-c * (t - t1) / C);
}

static void
test_pump_to_cut_off (void)
{
  static const char *const elements[] = {
    "Se hydraulic TANK value=0",
    "PumpCurve - PUMP",
    "C hydraulic C1 value=1e-12",
    NULL
  };
  static const char *const bonds[] = { "b1 TANK PUMP.T", "b2 PUMP.P C1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  Sim sim;

  bg_test_set_sim (model, 1.0, 0.001);
  simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FINISHED);
  /* Through the kink at 15 MPa and towards the cut-off: within 1e-5 of
   * 20 MPa (the largest error, ~140 Pa, is just after the kink, which BDF
   * steps over at rtol 1e-6; it shrinks with rtol). */
  g_assert_cmpfloat (max_error (&sim, "C1.e", pump_charge_closed, NULL), <, 200.0);
  g_assert_cmpfloat (value (&sim, "PUMP.Q", n_rows (&sim) - 1), <, 1e-10);
  sim_clear (&sim);
}

/* A resistive ladder of n sections (series R_s on 1-junctions, shunt R_p on
 * 0-junctions) has no storage: one large algebraic loop. The source
 * current is U / Z with Z from the far end: Z_n = R_p, Z = R_s + R_p ‖ Z_next. */
static void
test_resistive_ladder (void)
{
  const guint n = 300;
  const double u = 12.0, rs = 2.0, rp = 50.0;
  g_autoptr (BgModel) model = bg_model_new ();
  GError *error = NULL;
  double z = rp;
  Sim sim;

  bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, "U", 0, 0, &error);
  bg_model_set_param_number (model, "U", "value", u, &error);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *j = g_strdup_printf ("J%u", i);
      g_autofree char *node = g_strdup_printf ("N%u", i);
      g_autofree char *s_id = g_strdup_printf ("RS%u", i);
      g_autofree char *p_id = g_strdup_printf ("RP%u", i);
      g_autofree char *prev = g_strdup_printf ("N%u", i - 1);

      bg_model_add_element (model, "1", BG_DOMAIN_ELECTRICAL, j, i, 0, &error);
      bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, s_id, i, 1, &error);
      bg_model_set_param_number (model, s_id, "value", rs, &error);
      bg_model_add_element (model, "0", BG_DOMAIN_ELECTRICAL, node, i, 2, &error);
      bg_model_add_element (model, "R", BG_DOMAIN_ELECTRICAL, p_id, i, 3, &error);
      bg_model_set_param_number (model, p_id, "value", rp, &error);
      bg_model_connect (model, i == 0 ? "U" : prev, j, NULL, &error);
      bg_model_connect (model, j, s_id, NULL, &error);
      bg_model_connect (model, j, node, NULL, &error);
      bg_model_connect (model, node, p_id, NULL, &error);
    }
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    z = rs + (i == 0 ? rp : rp * z / (rp + z));

  bg_test_set_sim (model, 1.0, 0.5);
  simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpuint (bg_plan_get_n_algebraic_groups (sim.plan), >=, 1);
  g_test_message ("ladder: %u groups, first torn to %u unknowns",
                  bg_plan_get_n_algebraic_groups (sim.plan),
                  bg_plan_get_algebraic_group_size (sim.plan, 0));
  /* Source current U / Z within 1e-9 relative. */
  g_assert_cmpfloat_with_epsilon (-value (&sim, "U.f", 1), u / z, 1e-9 * u / z);
  /* Power: the source delivers what the resistors dissipate. */
  {
    double dissipated = 0;
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *se = g_strdup_printf ("RS%u.e", i), *sf = g_strdup_printf ("RS%u.f", i);
        g_autofree char *pe = g_strdup_printf ("RP%u.e", i), *pf = g_strdup_printf ("RP%u.f", i);
        dissipated += value (&sim, se, 1) * value (&sim, sf, 1) + value (&sim, pe, 1) * value (&sim, pf, 1);
      }
    g_assert_cmpfloat_with_epsilon (dissipated, u * u / z, 1e-9 * u * u / z);
  }
  sim_clear (&sim);
}

/* Linear solvers ------------------------------------------------------------ */

/* A chain of n masses with dampers and springs, force 1 N on the first.
 * grouped = TRUE adds all masses first and all springs after them, so the
 * states are far apart in the state vector (wide band). */
static BgModel *
build_chain (guint n, gboolean grouped)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;

  bg_model_add_element (model, "Se", BG_DOMAIN_TRANSLATIONAL, "F", 0, 0, &error);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *j = g_strdup_printf ("J%u", i);
        g_autofree char *m = g_strdup_printf ("M%u", i);
        g_autofree char *b = g_strdup_printf ("B%u", i);
        g_autofree char *node = g_strdup_printf ("N%u", i);
        g_autofree char *k = g_strdup_printf ("K%u", i);

        if (pass == 0 || !grouped)
          {
            if (pass == 1)
              continue;
            bg_model_add_element (model, "1", BG_DOMAIN_TRANSLATIONAL, j, i, 0, &error);
            bg_model_add_element (model, "I", BG_DOMAIN_TRANSLATIONAL, m, i, 1, &error);
            bg_model_set_param_number (model, m, "value", 1.0 + 0.01 * i, &error);
            bg_model_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, b, i, 2, &error);
            bg_model_set_param_number (model, b, "value", 0.5, &error);
            bg_model_connect (model, j, m, NULL, &error);
            bg_model_connect (model, j, b, NULL, &error);
          }
        if ((pass == 1 || !grouped) && i + 1 < n)
          {
            bg_model_add_element (model, "0", BG_DOMAIN_TRANSLATIONAL, node, i, 3, &error);
            bg_model_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, k, i, 4, &error);
            bg_model_set_param_number (model, k, "value", 0.01, &error);
            bg_model_connect (model, node, k, NULL, &error);
          }
      }
  /* Bonds between the junctions, in chain order. */
  bg_model_connect (model, "F", "J0", NULL, &error);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autofree char *j = g_strdup_printf ("J%u", i);
      g_autofree char *next = g_strdup_printf ("J%u", i + 1);
      g_autofree char *node = g_strdup_printf ("N%u", i);
      bg_model_connect (model, j, node, NULL, &error);
      bg_model_connect (model, node, next, NULL, &error);
    }
  g_assert_no_error (error);
  bg_test_set_sim (model, 5.0, 0.05);
  return model;
}

static void
check_chains_agree (guint n, BgPlanSolver banded, BgPlanSolver wide)
{
  g_autoptr (BgModel) a = build_chain (n, FALSE);
  g_autoptr (BgModel) b = build_chain (n, TRUE);
  Sim sa, sb;
  guint compared = 0;

  simulate (a, &sa);
  simulate (b, &sb);
  g_assert_cmpint (bg_plan_get_solver (sa.plan), ==, banded);
  g_assert_cmpint (bg_plan_get_solver (sb.plan), ==, wide);
  g_assert_cmpuint (bg_plan_get_n_states (sa.plan), ==, 2 * n - 1);
  for (guint i = 0; i < n; i += 7)
    {
      g_autofree char *name = g_strdup_printf ("M%u.f", i);
      double worst = 0;
      for (gsize r = 0; r < n_rows (&sa); r++)
        worst = MAX (worst, fabs (value (&sa, name, r) - value (&sb, name, r)));
      /* Velocities of the order of 1 m/s agree within 1e-5 m/s. */
      g_assert_cmpfloat (worst, <, 1e-5);
      compared++;
    }
  g_assert_cmpuint (compared, >, 2);
  /* The first mass really moves. */
  g_assert_cmpfloat (fabs (value (&sa, "M0.f", n_rows (&sa) - 1)), >, 0.01);
  sim_clear (&sa);
  sim_clear (&sb);
}

static void
test_solvers_agree (void)
{
  /* 39 states: band in chain order, dense when the springs come last. */
  check_chains_agree (20, BG_PLAN_SOLVER_BAND, BG_PLAN_SOLVER_DENSE);
  /* 159 states: band in chain order, KLU when the springs come last. */
  check_chains_agree (80, BG_PLAN_SOLVER_BAND, BG_PLAN_SOLVER_SPARSE);
}

static void
test_small_is_dense (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (rc_elements, rc_bonds);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_autofree char *summary = NULL;

  g_assert_nonnull (plan);
  g_assert_cmpint (bg_plan_get_solver (plan), ==, BG_PLAN_SOLVER_DENSE);
  g_assert_cmpuint (bg_plan_get_n_states (plan), ==, 1);
  g_assert_cmpstr (bg_plan_get_state_name (plan, 0), ==, "C1.q");
  /* q scale = C · e_scale = 1e-3 F · 10 V; atol = 1e-2 · rtol · scale. */
  g_assert_cmpfloat_with_epsilon (bg_plan_get_state_scale (plan, 0), 1e-2, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_plan_get_state_atol (plan, 0), 1e-10, 1e-20);
  g_assert_cmpstr (bg_plan_get_var_name (plan, 0), ==, "t");
  g_assert_cmpstr (bg_plan_get_var_name (plan, 1), ==, "b1.e");
  g_assert_cmpstr (bg_plan_get_var_unit (plan, 1), ==, "V");
  g_assert_cmpint (bg_plan_lookup_var (plan, "C1.E"), >, 0);
  g_assert_cmpint (bg_plan_lookup_var (plan, "C1.x"), ==, -1);
  summary = bg_plan_dup_summary (plan);
  g_assert_true (g_str_has_prefix (summary, "1 states, dense, "));
}

/* Compiler errors ---------------------------------------------------------- */

static void
test_compile_errors (void)
{
  static const char *const elements[] = {
    "Se electrical U value=1",
    "0 electrical N",
    "C electrical C1",
    "C electrical C2",
    NULL
  };
  static const char *const bonds[] = { "b1 U N", "b2 N C1", "b3 N C2", NULL };
  g_autoptr (BgModel) conflict = bg_test_build_model (elements, bonds);
  g_autoptr (BgModel) rc = bg_test_build_model (rc_elements, rc_bonds);
  g_autoptr (BgCausality) bad = bg_causality_analyze (conflict);
  g_autoptr (BgCausality) good = bg_causality_analyze (rc);
  const BgDiagnostic *first;
  BgSimSettings settings;
  GError *error = NULL;

  /* A conflict: the analyzer's first message. */
  g_assert_false (bg_causality_is_ok (bad));
  first = g_ptr_array_index (bg_causality_get_errors (bad), 0);
  g_assert_null (bg_compiler_compile (conflict, bad, NULL, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_CAUSALITY);
  g_assert_cmpstr (error->message, ==, first->message);
  g_clear_error (&error);

  /* Settings out of range. */
  bg_sim_settings_init_default (&settings);
  settings.t_end = 0;
  g_assert_null (bg_compiler_compile (rc, good, &settings, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_SETTINGS);
  g_assert_cmpstr (error->message, ==, "simulation.t_end: must be > 0");
  g_clear_error (&error);
  bg_sim_settings_init_default (&settings);
  settings.rtol = 2;
  g_assert_null (bg_compiler_compile (rc, good, &settings, &error));
  g_assert_cmpstr (error->message, ==, "simulation.rtol: must be > 0 and < 1");
  g_clear_error (&error);

  /* An analysis of an older revision. */
  g_assert_true (bg_model_set_param_number (rc, "R1", "value", 50, &error));
  g_assert_null (bg_compiler_compile (rc, good, NULL, &error));
  g_assert_error (error, BG_COMPILER_ERROR, BG_COMPILER_ERROR_STALE);
  g_assert_cmpstr (error->message, ==, "The causal analysis is out of date; analyse the model again");
  g_clear_error (&error);
}

/* Runs: cancellation, worker threads, zero-state steps ---------------------- */

static void
cancel_on_progress (double t, double t_end, gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
test_cancel (void)
{
  g_autoptr (BgModel) model = build_chain (30, FALSE);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  g_autoptr (BgPlan) plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_autoptr (BgResult) result = bg_simulator_new_result (plan);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  BgSimReport report = { 0 };
  GError *error = NULL;
  BgSimStatus status;

  status = bg_simulator_run (plan, result, cancellable, cancel_on_progress, cancellable,
                             &report, &error);
  g_assert_cmpint (status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpstr (error->message, ==, "The simulation was stopped");
  /* Stopped after the first step: the initial row is kept, the run is not done. */
  g_assert_cmpuint (bg_result_get_n_rows (result), >=, 1);
  g_assert_cmpuint (bg_result_get_n_rows (result), <, 101);
  g_assert_cmpfloat (report.t, <, 5.0);
  g_clear_error (&error);
  bg_sim_report_clear (&report);
}

typedef struct
{
  BgPlan      *plan;
  BgResult    *result;
  BgSimStatus  status;
  guint        n_progress;
  double       last_t;
} Worker;

static void
count_progress (double t, double t_end, gpointer user_data)
{
  Worker *w = user_data;
  g_assert_cmpfloat (t, <=, t_end);
  w->n_progress++;
  w->last_t = t;
}

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;
  w->status = bg_simulator_run (w->plan, w->result, NULL, count_progress, w, NULL, NULL);
  return NULL;
}

static void
test_worker_thread (void)
{
  g_autoptr (BgModel) model = build_chain (200, FALSE);
  g_autoptr (BgCausality) causality = bg_causality_analyze (model);
  Worker w = { 0 };
  GThread *thread;
  guint t_var, m_var;
  gsize seen = 0, total;

  bg_test_set_sim (model, 5.0, 0.0005);
  g_clear_pointer (&causality, bg_causality_unref);
  causality = bg_causality_analyze (model);
  w.plan = bg_compiler_compile (model, causality, NULL, NULL);
  w.result = bg_simulator_new_result (w.plan);
  t_var = 0;
  m_var = (guint) bg_result_lookup (w.result, "M0.p");
  /* The plan no longer needs the model. */
  g_clear_object (&model);

  thread = g_thread_new ("simulate", worker_run, &w);
  /* Read while the worker appends: every published row is complete. */
  for (;;)
    {
      gsize n = bg_result_get_n_rows (w.result);
      const double *span;
      gsize len;

      for (gsize r = seen; r < n; r += len)
        {
          g_assert_true (bg_result_get_span (w.result, t_var, r, &span, &len));
          g_assert_cmpuint (len, >, 0);
          for (gsize k = 0; k < len && r + k < n; k++)
            g_assert_cmpfloat_with_epsilon (span[k], MIN ((r + k) * 0.0005, 5.0), 1e-12);
          g_assert_true (isfinite (bg_result_get_value (w.result, m_var, r)));
        }
      seen = n;
      if (n == 10001)
        break;
      g_usleep (1000);
    }
  g_thread_join (thread);
  total = bg_result_get_n_rows (w.result);
  g_assert_cmpint (w.status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_cmpuint (total, ==, 10001);
  g_assert_cmpuint (w.n_progress, >=, 1);
  g_assert_cmpfloat (w.last_t, ==, 5.0);
  bg_result_unref (w.result);
  bg_plan_unref (w.plan);
}

/* BgSimulationRun without a main loop of the caller's own, as bgmod-cli
 * runs it: start, wait; the same rows as the simulator called directly,
 * progress on the way, "finished" once; and a stop from a progress
 * handler ends the run cancelled with the rows so far. */
typedef struct
{
  guint  n_progress;
  guint  n_finished;
  double last_t;
  gboolean stop_at_first;
} RunSeen;

static void
run_progress_cb (BgSimulationRun *run,
                 gpointer         data)
{
  RunSeen *seen = data;

  g_assert_cmpfloat (bg_simulation_run_get_time (run), >, seen->last_t);
  seen->last_t = bg_simulation_run_get_time (run);
  seen->n_progress++;
  if (seen->stop_at_first)
    bg_simulation_run_stop (run);
}

static void
run_finished_cb (BgSimulationRun *run,
                 gpointer         data)
{
  RunSeen *seen = data;

  g_assert_false (bg_simulation_run_is_running (run));
  seen->n_finished++;
}

static void
test_run_wait (void)
{
  g_autoptr (BgModel) model = build_chain (20, FALSE);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) direct = NULL;
  g_autoptr (BgSimulationRun) run = NULL;
  g_autoptr (BgSimulationRun) stopped = NULL;
  RunSeen seen = { 0 }, seen_stop = { 0 };
  BgResult *result;
  guint m_var;

  bg_test_set_sim (model, 5.0, 0.0005);
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, NULL);
  g_assert_nonnull (plan);
  direct = bg_simulator_new_result (plan);
  g_assert_cmpint (bg_simulator_run (plan, direct, NULL, NULL, NULL, NULL, NULL), ==,
                   BG_SIM_STATUS_FINISHED);

  run = bg_simulation_run_new (plan);
  g_signal_connect (run, "progress", G_CALLBACK (run_progress_cb), &seen);
  g_signal_connect (run, "finished", G_CALLBACK (run_finished_cb), &seen);
  bg_simulation_run_start (run);
  bg_simulation_run_wait (run);
  g_assert_cmpuint (seen.n_finished, ==, 1);
  g_assert_cmpuint (seen.n_progress, >=, 1);
  g_assert_nonnull (bg_simulation_run_get_report (run));
  g_assert_cmpint (bg_simulation_run_get_report (run)->status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_null (bg_simulation_run_get_error (run));
  g_assert_cmpfloat (bg_simulation_run_get_time (run), ==, 5.0);
  result = bg_simulation_run_get_result (run);
  m_var = (guint) bg_result_lookup (result, "M0.p");
  g_assert_cmpuint (bg_result_get_n_rows (result), ==, bg_result_get_n_rows (direct));
  for (gsize r = 0; r < bg_result_get_n_rows (result); r++)
    {
      g_assert_cmpfloat (bg_result_get_value (result, 0, r), ==, bg_result_get_value (direct, 0, r));
      g_assert_cmpfloat (bg_result_get_value (result, m_var, r), ==,
                         bg_result_get_value (direct, m_var, r));
    }

  seen_stop.stop_at_first = TRUE;
  stopped = bg_simulation_run_new (plan);
  g_signal_connect (stopped, "progress", G_CALLBACK (run_progress_cb), &seen_stop);
  g_signal_connect (stopped, "finished", G_CALLBACK (run_finished_cb), &seen_stop);
  bg_simulation_run_start (stopped);
  bg_simulation_run_wait (stopped);
  g_assert_cmpuint (seen_stop.n_finished, ==, 1);
  g_assert_cmpint (bg_simulation_run_get_report (stopped)->status, ==, BG_SIM_STATUS_CANCELLED);
  g_assert_nonnull (bg_simulation_run_get_error (stopped));
  g_assert_cmpuint (bg_result_get_n_rows (bg_simulation_run_get_result (stopped)), <,
                    bg_result_get_n_rows (direct));
}

static void
test_zero_states_step (void)
{
  /* No storage: a source stepping 2 V → 5 V at 0.25 s across a resistor. */
  static const char *const elements[] = {
    "Se electrical U value=2 waveform=step after=5 time=0.25",
    "R electrical R1 value=10",
    NULL
  };
  static const char *const bonds[] = { "b1 U R1", NULL };
  g_autoptr (BgModel) model = bg_test_build_model (elements, bonds);
  Sim sim;

  bg_test_set_sim (model, 1.0, 0.05);
  simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpint (bg_plan_get_solver (sim.plan), ==, BG_PLAN_SOLVER_NONE);
  g_assert_cmpuint (n_rows (&sim), ==, 21);
  g_assert_cmpfloat (value (&sim, "R1.f", 4), ==, 0.2);   /* t = 0.2 */
  g_assert_cmpfloat (value (&sim, "R1.f", 5), ==, 0.5);   /* t = 0.25: after the step */
  g_assert_cmpfloat (value (&sim, "b1.P", 20), ==, 2.5);
  g_assert_cmpuint (bg_plan_get_n_switch_times (sim.plan), ==, 1);
  g_assert_cmpfloat (bg_plan_get_switch_time (sim.plan, 0), ==, 0.25);
  sim_clear (&sim);
}

/* Result store --------------------------------------------------------------- */

static void
test_result_store (void)
{
  const char *names[] = { "t", "a", "b" };
  const char *units[] = { "s", "V", NULL };
  g_autoptr (BgResult) result = bg_result_new (3, names, units, NULL);
  const double *span;
  gsize len, total = 0;
  double out[3];

  g_assert_cmpint (bg_result_lookup (result, "b"), ==, 2);
  g_assert_cmpint (bg_result_lookup (result, "c"), ==, -1);
  g_assert_cmpstr (bg_result_get_var_unit (result, 1), ==, "V");
  g_assert_cmpstr (bg_result_get_var_unit (result, 2), ==, "");
  g_assert_cmpstr (bg_result_get_var_description (result, 0), ==, "");
  g_assert_false (bg_result_get_span (result, 0, 0, &span, &len));
  for (guint r = 0; r < 3 * BG_RESULT_CHUNK_ROWS + 5; r++)
    {
      double row[3] = { r, 2.0 * r, -1.0 * r };
      bg_result_append_row (result, row);
    }
  g_assert_cmpuint (bg_result_get_n_rows (result), ==, 3 * BG_RESULT_CHUNK_ROWS + 5);
  /* Spans end at chunk boundaries (chunks grow from 32 rows) and at the
   * last row; every value is where it belongs. */
  g_assert_true (bg_result_get_span (result, 1, 10, &span, &len));
  g_assert_cmpuint (len, ==, 32 - 10);
  g_assert_cmpfloat (span[0], ==, 20.0);
  g_assert_true (bg_result_get_span (result, 1, 32, &span, &len));
  g_assert_cmpuint (len, ==, 64);
  for (gsize r = 0; bg_result_get_span (result, 2, r, &span, &len); r += len)
    {
      g_assert_cmpuint (len, >, 0);
      g_assert_cmpuint (len, <=, BG_RESULT_CHUNK_ROWS);
      for (gsize k = 0; k < len; k++)
        g_assert_cmpfloat (span[k], ==, -1.0 * (r + k));
      total += len;
    }
  g_assert_cmpuint (total, ==, 3 * BG_RESULT_CHUNK_ROWS + 5);
  g_assert_true (bg_result_get_span (result, 0, total - 1, &span, &len));
  g_assert_cmpuint (len, ==, 1);
  g_assert_false (bg_result_get_span (result, 0, total, &span, &len));
  g_assert_cmpfloat (bg_result_get_value (result, 1, 3 * BG_RESULT_CHUNK_ROWS + 4), ==,
                     2.0 * (3 * BG_RESULT_CHUNK_ROWS + 4));
  bg_result_copy_column (result, 0, BG_RESULT_CHUNK_ROWS - 1, 3, out);
  g_assert_cmpfloat (out[0], ==, BG_RESULT_CHUNK_ROWS - 1);
  g_assert_cmpfloat (out[2], ==, BG_RESULT_CHUNK_ROWS + 1);
}

/* Recording and deriving ------------------------------------------------ */

/* Every example, run once storing every variable and once storing only t
 * and the states: each other variable derived afterwards is the same double
 * in every row. */
static void
test_derive_exact (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                                "examples", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_models = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr (BgModel) model = NULL;
      g_autoptr (BgCausality) causality = NULL;
      g_autoptr (BgResult) partial = NULL;
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));
      GError *error = NULL;
      gsize rows;
      Sim sim;

      if (!g_str_has_suffix (name, ".bgmod"))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      causality = bg_causality_analyze (model);
      if (!bg_causality_is_ok (causality))
        continue;

      simulate (model, &sim);
      partial = bg_simulator_new_result_for (sim.plan, NULL, 0, TRUE);
      g_assert_cmpuint (bg_result_get_n_stored (partial), ==, 1 + bg_plan_get_n_states (sim.plan));
      g_assert_cmpint (bg_simulator_run (sim.plan, partial, NULL, NULL, NULL, NULL, &error), ==,
                       sim.status);
      g_assert_no_error (error);
      rows = bg_result_get_n_rows (partial);
      g_assert_cmpuint (rows, ==, n_rows (&sim));

      for (guint v = 0; v < bg_plan_get_n_vars (sim.plan); v++)
        if (!bg_result_is_stored (partial, v))
          {
            g_assert_cmpuint (bg_result_get_n_filled (partial, v), ==, 0);
            g_array_append_val (all, v);
          }
      g_assert_true (bg_result_derive (partial, (const guint *) all->data, all->len, &error));
      g_assert_no_error (error);
      for (guint v = 0; v < bg_plan_get_n_vars (sim.plan); v++)
        {
          g_assert_cmpuint (bg_result_get_n_filled (partial, v), ==, rows);
          for (gsize r = 0; r < rows; r++)
            if (bg_result_get_value (partial, v, r) != bg_result_get_value (sim.result, v, r))
              g_error ("%s: %s row %" G_GSIZE_FORMAT ": derived %.17g, stored %.17g", name,
                       bg_plan_get_var_name (sim.plan, v), r,
                       bg_result_get_value (partial, v, r), bg_result_get_value (sim.result, v, r));
        }
      g_test_message ("%s: %u variables derived exactly over %" G_GSIZE_FORMAT " rows",
                      name, all->len, rows);
      sim_clear (&sim);
      n_models++;
    }
  g_assert_cmpuint (n_models, >=, 5);
}

/* A result without the states cannot derive: a clear message. */
static void
test_derive_not_recorded (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (rc_elements, rc_bonds);
  g_autoptr (BgResult) result = NULL;
  GError *error = NULL;
  guint v_c;
  Sim sim;

  bg_test_set_sim (model, 1.0, 0.1);
  simulate (model, &sim);
  v_c = (guint) bg_plan_lookup_var (sim.plan, "C1.e");
  result = bg_simulator_new_result_for (sim.plan, &v_c, 1, FALSE);
  g_assert_cmpuint (bg_result_get_n_stored (result), ==, 2);
  g_assert_cmpint (bg_simulator_run (sim.plan, result, NULL, NULL, NULL, NULL, &error), ==,
                   BG_SIM_STATUS_FINISHED);
  g_assert_cmpfloat (bg_result_get_value (result, v_c, 10), ==,
                     bg_result_get_value (sim.result, v_c, 10));
  v_c = (guint) bg_plan_lookup_var (sim.plan, "R1.f");
  g_assert_false (bg_result_derive (result, &v_c, 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpstr (error->message, ==, "R1.f was not recorded in this run");
  g_clear_error (&error);
  sim_clear (&sim);
}

/* The memory estimate and the refusal message. */
static void
test_memory_limit (void)
{
  g_autoptr (BgModel) model = bg_test_build_model (rc_elements, rc_bonds);
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autoptr (BgResult) result = NULL;
  GError *error = NULL;
  guint64 need;

  bg_test_set_sim (model, 1000.0, 0.001);   /* 10⁶ rows */
  causality = bg_causality_analyze (model);
  plan = bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_simulator_count_rows (plan), ==, 1000001);
  result = bg_simulator_new_result_for (plan, NULL, 0, TRUE);
  need = bg_simulator_estimate_memory (plan, result);
  /* t and one state: 16 bytes a row, plus a chunk, plus the solver */
  g_assert_cmpuint (need, >=, 1000001 * 16);
  g_assert_cmpuint (need, <, 1000001 * 16 + (1 << 20));
  g_assert_true (bg_simulator_check_memory (plan, result, need, &error));
  g_assert_no_error (error);
  g_assert_false (bg_simulator_check_memory (plan, result, 10 << 20, &error));
  g_assert_error (error, BG_SIMULATOR_ERROR, BG_SIMULATOR_ERROR_MEMORY);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "This run would need about 15.3" "\xc2\xa0" "MiB (1000001 rows × 2 recorded variables, plus "));
  g_assert_nonnull (strstr (error->message, "more than the limit of 10.0" "\xc2\xa0" "MiB. Record fewer variables, use a longer output step or a shorter end time."));
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/simulate/rc-charging", test_rc_charging);
  g_test_add_func ("/core/simulate/rl-initial-flux", test_rl_initial_flux);
  g_test_add_func ("/core/simulate/rlc-series-step", test_rlc_series_step);
  g_test_add_func ("/core/simulate/parallel-rc-current-step", test_parallel_rc_current_step);
  g_test_add_func ("/core/simulate/mass-spring-damper", test_mass_spring_damper);
  g_test_add_func ("/core/simulate/lever", test_lever);
  g_test_add_func ("/core/simulate/gear-pair", test_gear_pair);
  g_test_add_func ("/core/simulate/hydraulic-rc", test_hydraulic_rc);
  g_test_add_func ("/core/simulate/cylinder-end-stop", test_cylinder_end_stop);
  g_test_add_func ("/core/simulate/event-on-output-time", test_event_on_output_time);
  g_test_add_func ("/core/simulate/pump-line-tank", test_pump_line_tank);
  g_test_add_func ("/core/simulate/accumulator-full", test_accumulator_full);
  g_test_add_func ("/core/simulate/pump-to-cut-off", test_pump_to_cut_off);
  g_test_add_func ("/core/simulate/resistive-ladder", test_resistive_ladder);
  g_test_add_func ("/core/simulate/arrow-reversal", test_arrow_reversal);
  g_test_add_func ("/core/simulate/drawing-direction", test_drawing_direction);
  g_test_add_func ("/core/simulate/energy-balance", test_energy_balance_chain);
  g_test_add_func ("/core/simulate/examples", test_examples);
  g_test_add_func ("/core/simulate/long-oscillation", test_long_oscillation);
  g_test_add_func ("/core/simulate/solvers-agree", test_solvers_agree);
  g_test_add_func ("/core/simulate/small-is-dense", test_small_is_dense);
  g_test_add_func ("/core/simulate/compile-errors", test_compile_errors);
  g_test_add_func ("/core/simulate/cancel", test_cancel);
  g_test_add_func ("/core/simulate/worker-thread", test_worker_thread);
  g_test_add_func ("/core/simulate/run-wait", test_run_wait);
  g_test_add_func ("/core/simulate/zero-states-step", test_zero_states_step);
  g_test_add_func ("/core/result/store", test_result_store);
  g_test_add_func ("/core/result/derive-exact", test_derive_exact);
  g_test_add_func ("/core/result/derive-not-recorded", test_derive_not_recorded);
  g_test_add_func ("/core/result/memory-limit", test_memory_limit);
  return g_test_run ();
}
