/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-simulate.c — the compiler and simulator against closed forms.
 *
 * Owns: numerical tests of whole models (built with the bg_model_* API)
 * run through analysis, compilation and CVODE, each compared with its
 * closed-form solution at a stated tolerance: first and second order
 * circuits and mechanisms, transformers, the cylinder's end stop and the
 * event row, the pump and the accumulator, a large algebraic loop, a long
 * lightly damped oscillation. Must not: depend on GTK or on timing; sign
 * conventions and energy are test-simulate-energy.c's, how a run is set up
 * and carried out is test-simulate-runs.c's.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-model.h"
#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-simulator.h"
#include "bg-test-sim.h"

/* RC charging ----------------------------------------------------------- */

static double
rc_closed (double t, gpointer data)
{
  return 10.0 * (1.0 - exp (-t / 1.0));
}

static void
test_rc_charging (void)
{
  g_autoptr (BgModel) model = bg_test_build_rc ();
  BgTestSim sim;

  bg_test_set_sim (model, 5.0, 0.01);
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FINISHED);
  g_assert_cmpuint (bg_test_n_rows (&sim), ==, 501);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "t", 500), 5.0, 1e-12);
  /* v_C = E (1 - e^{-t/RC}), RC = 1 s: within 1e-4 V (1e-5 of E). */
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.e", rc_closed, NULL), <, 1e-4);
  /* The current into C equals the current through R. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "C1.f", 100), 0.01 * exp (-1.0), 1e-7);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "R1.f", 100), 0.01 * exp (-1.0), 1e-7);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 1.0, 0.001);
  bg_test_simulate (model, &sim);
  /* i(t) within 1e-5 A of the 1 A initial current. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "L1.f", rl_closed, NULL), <, 1e-5);
  g_assert_cmpfloat (bg_test_max_error (&sim, "R1.f", rl_closed, NULL), <, 1e-5);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "L1.p", 0), 0.1, 1e-15);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 12.0, 0.01);
  bg_test_simulate (model, &sim);
  /* v_C within 1e-5 V of the closed form; the overshoot is e^{-πζ/√(1-ζ²)} = 16.3 %. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.e", second_order_closed, &so), <, 1e-5);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "U.e", 49), 0.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "U.e", 50), 1.0, 1e-15);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 5.0, 0.01);
  bg_test_simulate (model, &sim);
  /* Within 1e-4 V of 10 V. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.e", first_order_closed, &fo), <, 1e-4);
  g_assert_cmpfloat (bg_test_max_error (&sim, "R1.e", first_order_closed, &fo), <, 1e-4);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 20.0, 0.01);
  bg_test_simulate (model, &sim);
  /* Spring extension within 1e-5 m of 0.5 m. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "K1.q", second_order_closed, &so), <, 1e-5);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 8 * m / b, m / b / 100);
  bg_test_simulate (model, &sim);
  /* Flows within 1e-5 of their final values; efforts exact. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "M1.f", first_order_closed, &out), <, 1e-5 * out.final);
  g_assert_cmpfloat (bg_test_max_error (&sim, "b2.f", first_order_closed, &out), <, 1e-5 * out.final);
  g_assert_cmpfloat (bg_test_max_error (&sim, "b1.f", first_order_closed, &in), <, 1e-5 * out.final);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "b2.e", 10), effort / n, 1e-12 * effort);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "M1.e", 10), effort / n - bg_test_value (&sim, "B1.e", 10),
                                  1e-12 * effort);
  /* Power in at P equals power out at S (ideal transformer). */
  for (gsize r = 0; r < bg_test_n_rows (&sim); r += 37)
    g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "b1.P", r), bg_test_value (&sim, "b2.P", r),
                                    1e-12 * effort * out.final + 1e-15);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 5e-3, 1e-5);
  bg_test_simulate (model, &sim);
  /* Default tolerances: pressure within 10 Pa of 1 MPa, volume within 1e-11 m³. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.e", first_order_closed, &p), <, 10.0);
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.q", first_order_closed, &v), <, 1e-11);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

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
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  g_assert_cmpstr (sim.report.element_id, ==, "CYL");
  /* The event time within 1e-6 s; the last row is at the event. */
  g_assert_cmpfloat_with_epsilon (sim.report.t, t_stop, 1e-6);
  last = bg_test_n_rows (&sim) - 1;
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "t", last), sim.report.t, 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "CYL.x", last), 0.3, 1e-7);
  g_assert_true (g_str_has_prefix (sim.report.message, "CYL reached its end stop x = L at t = "));
  /* Position within 1e-6 m, velocity within 1e-6 of v∞ = 2.45 m/s. */
  g_assert_cmpfloat (bg_test_max_error (&sim, "CYL.x", cylinder_x, &c), <, 1e-6);
  g_assert_cmpfloat (bg_test_max_error (&sim, "CYL.v", cylinder_v, &c), <, 1e-6 * c.v_inf);
  g_assert_cmpfloat (bg_test_max_error (&sim, "LOAD.v", cylinder_v, &c), <, 1e-6 * c.v_inf);
  /* F_hyd and the chamber flows follow the areas. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "CYL.F_hyd", 5), force, 1e-9 * force);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "CYL.Q_A", 5), aa * bg_test_value (&sim, "CYL.v", 5), 1e-15);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "CYL.Q_B", 5), -ab * bg_test_value (&sim, "CYL.v", 5), 1e-15);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 10.0, 0.01);
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  t_stop = sim.report.t;
  bg_test_sim_clear (&sim);

  h = (t_stop - 1e-13) / 70;
  bg_test_set_sim (model, 10.0, h);
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  /* The crossing does not depend on the output grid. */
  g_assert_cmpfloat (sim.report.t, ==, t_stop);
  rows = bg_test_n_rows (&sim);
  g_assert_cmpuint (rows, ==, 71);
  g_assert_cmpfloat (bg_test_value (&sim, "t", rows - 1), ==, t_stop);
  for (gsize r = 1; r < rows; r++)
    g_assert_cmpfloat (bg_test_value (&sim, "t", r) - bg_test_value (&sim, "t", r - 1), >, 0.5 * h);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

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
  bg_test_simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpuint (bg_plan_get_n_algebraic_groups (sim.plan), ==, 1);
  /* Torn to one unknown: the rest of the loop follows from it. */
  g_assert_cmpuint (bg_plan_get_algebraic_group_size (sim.plan, 0), ==, 1);
  g_assert_cmpuint (bg_test_n_rows (&sim), ==, 11);
  /* Flow within 1e-9 relative, pressure rise = R Q. */
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "PUMP.Q", 10), q, 1e-9 * q);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "PUMP.dp", 10), r * q, 1e-9 * r * q);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "R1.f", 10), q, 1e-9 * q);
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "PUMP.P_hyd", 10), r * q * q, 1e-8 * r * q * q);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 20.0, 0.01);
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_EVENT);
  g_assert_cmpstr (sim.report.element_id, ==, "ACC");
  /* Full at t = 0.99 V0 / Q = 9.9 s, within 1e-6 s. */
  g_assert_cmpfloat_with_epsilon (sim.report.t, 0.99 * 1e-3 / 1e-4, 1e-6);
  last = bg_test_n_rows (&sim) - 1;
  g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "t", last), sim.report.t, 1e-15);
  /* p from the gas law within 1e-6 relative at every row (up to 2.5 GPa). */
  for (gsize r = 0; r <= last; r++)
    {
      double t = bg_test_value (&sim, "t", r);
      g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "ACC.p", r), accumulator_p (t, &f),
                                      1e-6 * accumulator_p (t, &f));
      g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "ACC.V_gas", r), 1e-3 - bg_test_value (&sim, "ACC.V_f", r),
                                      1e-18);
    }
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 3.0, 0);
  bg_test_simulate (model, &sim);
  rows = bg_test_n_rows (&sim);
  g_assert_cmpuint (rows, ==, 1001);
  h = bg_plan_get_output_step (sim.plan);
  for (int i = 0; i < 16; i++)
    m[i] *= h;
  expm4 (m, e);

  exact = g_new (double, 4 * rows);
  for (gsize r = 0; r < rows; r++)
    {
      double nx[3];

      g_assert_cmpfloat_with_epsilon (bg_test_value (&sim, "t", r), r * h, 1e-12);
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
        worst[v] = MAX (worst[v], fabs (bg_test_value (&sim, names[v], r) - exact[4 * r + v]));
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
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

  bg_test_set_sim (model, 1.0, 0.001);
  bg_test_simulate (model, &sim);
  g_assert_cmpint (sim.status, ==, BG_SIM_STATUS_FINISHED);
  /* Through the kink at 15 MPa and towards the cut-off: within 1e-5 of
   * 20 MPa (the largest error, ~140 Pa, is just after the kink, which BDF
   * steps over at rtol 1e-6; it shrinks with rtol). */
  g_assert_cmpfloat (bg_test_max_error (&sim, "C1.e", pump_charge_closed, NULL), <, 200.0);
  g_assert_cmpfloat (bg_test_value (&sim, "PUMP.Q", bg_test_n_rows (&sim) - 1), <, 1e-10);
  bg_test_sim_clear (&sim);
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
  BgTestSim sim;

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
  bg_test_simulate (model, &sim);
  g_assert_cmpuint (bg_plan_get_n_states (sim.plan), ==, 0);
  g_assert_cmpuint (bg_plan_get_n_algebraic_groups (sim.plan), >=, 1);
  g_test_message ("ladder: %u groups, first torn to %u unknowns",
                  bg_plan_get_n_algebraic_groups (sim.plan),
                  bg_plan_get_algebraic_group_size (sim.plan, 0));
  /* Source current U / Z within 1e-9 relative. */
  g_assert_cmpfloat_with_epsilon (-bg_test_value (&sim, "U.f", 1), u / z, 1e-9 * u / z);
  /* Power: the source delivers what the resistors dissipate. */
  {
    double dissipated = 0;
    for (guint i = 0; i < n; i++)
      {
        g_autofree char *se = g_strdup_printf ("RS%u.e", i), *sf = g_strdup_printf ("RS%u.f", i);
        g_autofree char *pe = g_strdup_printf ("RP%u.e", i), *pf = g_strdup_printf ("RP%u.f", i);
        dissipated += bg_test_value (&sim, se, 1) * bg_test_value (&sim, sf, 1) + bg_test_value (&sim, pe, 1) * bg_test_value (&sim, pf, 1);
      }
    g_assert_cmpfloat_with_epsilon (dissipated, u * u / z, 1e-9 * u * u / z);
  }
  bg_test_sim_clear (&sim);
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
  g_test_add_func ("/core/simulate/long-oscillation", test_long_oscillation);
  return g_test_run ();
}
