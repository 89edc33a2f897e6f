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

/* Model building --------------------------------------------------------- */

/* elements: "TYPE DOMAIN ID [name=value ...]" (DOMAIN "-" for advanced ones;
 * a value that is not a number sets a choice, e.g. waveform=step);
 * bonds: "ID FROM TO [reversed]". */
static BgModel *
build_model (const char *const *elements, const char *const *bonds)
{
  BgModel *model = bg_model_new ();
  GError *error = NULL;

  for (guint i = 0; elements[i] != NULL; i++)
    {
      g_auto (GStrv) w = g_strsplit (elements[i], " ", -1);
      BgDomain domain = g_str_equal (w[1], "-") ? BG_DOMAIN_NONE : bg_domain_from_id (w[1]);

      g_assert_nonnull (bg_model_add_element (model, w[0], domain, w[2], 100.0 * i, 0, &error));
      g_assert_no_error (error);
      for (guint k = 3; w[k] != NULL; k++)
        {
          g_auto (GStrv) kv = g_strsplit (w[k], "=", 2);
          char *end = NULL;
          double number = g_ascii_strtod (kv[1], &end);

          if (end != NULL && *end == '\0')
            bg_model_set_param_number (model, w[2], kv[0], number, &error);
          else
            {
              BgParamValue value = { 0 };
              value.kind = BG_PARAM_CHOICE;
              value.choice = g_strdup (kv[1]);
              bg_model_set_param (model, w[2], kv[0], &value, &error);
              bg_param_value_clear (&value);
            }
          g_assert_no_error (error);
        }
    }
  for (guint i = 0; bonds != NULL && bonds[i] != NULL; i++)
    {
      g_auto (GStrv) w = g_strsplit (bonds[i], " ", -1);

      g_assert_nonnull (bg_model_connect (model, w[1], w[2], w[0], &error));
      g_assert_no_error (error);
      if (w[3] != NULL && g_str_equal (w[3], "reversed"))
        {
          bg_model_reverse_arrow (model, w[0], &error);
          g_assert_no_error (error);
        }
    }
  return model;
}

static void
set_sim (BgModel *model, double t_end, double step)
{
  BgSimSettings s;
  GError *error = NULL;

  bg_sim_settings_init_default (&s);
  s.t_end = t_end;
  s.output_step = step;
  g_assert_true (bg_model_set_simulation (model, &s, &error));
  g_assert_no_error (error);
}

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
  g_autoptr (BgModel) model = build_model (rc_elements, rc_bonds);
  Sim sim;

  set_sim (model, 5.0, 0.01);
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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/simulate/rc-charging", test_rc_charging);
  return g_test_run ();
}
