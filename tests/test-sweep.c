/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sweep.c — parameter sweeps: specs, ranges, runs equal to single
 * runs, cancellation, refusals with their messages.
 *
 * Owns: the core sweep on the RLC example and small models. Must not:
 * depend on GTK or on timing (cancellation is checked by outcome).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-file.h"
#include "bg-simulator.h"
#include "bg-sweep.h"
#include "bg-test-sim.h"

static void
test_parse (void)
{
  g_autofree char *element = NULL, *param = NULL;
  g_autoptr (GArray) values = NULL, range = NULL;
  GError *error = NULL;

  g_assert_true (bg_sweep_parse_spec ("R1.value=100, 1e3,10000", &element, &param, &values, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (element, ==, "R1");
  g_assert_cmpstr (param, ==, "value");
  g_assert_cmpuint (values->len, ==, 3);
  g_assert_cmpfloat (g_array_index (values, double, 1), ==, 1000);

  g_assert_false (bg_sweep_parse_spec ("R1=1", &element, &param, &values, &error));
  g_assert_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_SPEC);
  g_assert_cmpstr (error->message, ==, "“R1=1” is not a sweep: write ELEMENT.PARAM=V1,V2,… (e.g. R1.value=100,1000)");
  g_clear_error (&error);
  g_assert_false (bg_sweep_parse_spec ("R1.value=1,x", &element, &param, &values, &error));
  g_assert_cmpstr (error->message, ==, "“x” in the sweep is not a number");
  g_clear_error (&error);

  /* 1, 10, 100 on a log range; 0, 0.5, 1 on a linear one (exact ends). */
  range = bg_sweep_range (1, 100, 3, TRUE, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (g_array_index (range, double, 0), ==, 1);
  g_assert_cmpfloat_with_epsilon (g_array_index (range, double, 1), 10, 1e-12);
  g_assert_cmpfloat (g_array_index (range, double, 2), ==, 100);
  g_clear_pointer (&range, g_array_unref);
  range = bg_sweep_range (0, 1, 3, FALSE, &error);
  g_assert_cmpfloat (g_array_index (range, double, 1), ==, 0.5);
  g_assert_null (bg_sweep_range (0, 1, 3, TRUE, &error));
  g_assert_cmpstr (error->message, ==, "A logarithmic range needs positive ends and 1 to 10000 values");
  g_clear_error (&error);
}

/* Each sweep run equals the single run of a model with that value,
 * row by row and bit for bit (same plan, same solver, own thread). */
static void
test_runs_equal_single_runs (void)
{
  g_autoptr (BgModel) model = bg_test_load_example ("rlc-circuit.bgmod");
  static const double values[] = { 1, 10, 100, 5, 20 };
  g_autoptr (BgSweep) sweep = NULL;
  g_autofree char *saved = NULL, *after = NULL;
  GError *error = NULL;
  guint n = G_N_ELEMENTS (values);

  saved = bg_file_to_data (model, NULL);
  sweep = bg_sweep_new (model, "R1", "value", values, n, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bg_sweep_get_unit (sweep), ==, "Ω");
  g_assert_true (bg_sweep_run (sweep, 2, NULL, NULL, NULL));
  /* The model itself is untouched. */
  after = bg_file_to_data (model, NULL);
  g_assert_cmpstr (saved, ==, after);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (BgModel) single = bg_test_load_example ("rlc-circuit.bgmod");
      g_autoptr (BgCausality) causality = NULL;
      g_autoptr (BgPlan) plan = NULL;
      g_autoptr (BgResult) result = NULL;
      BgResult *swept = bg_sweep_get_result (sweep, i);
      int v;

      g_assert_true (bg_model_set_param_number (single, "R1", "value", values[i], &error));
      causality = bg_causality_analyze (single);
      plan = bg_compiler_compile (single, causality, NULL, &error);
      g_assert_no_error (error);
      result = bg_simulator_new_result (plan);
      g_assert_cmpint (bg_simulator_run (plan, result, NULL, NULL, NULL, NULL, &error), ==,
                       BG_SIM_STATUS_FINISHED);
      g_assert_cmpint (bg_sweep_get_status (sweep, i), ==, BG_SIM_STATUS_FINISHED);
      g_assert_cmpuint (bg_result_get_n_rows (swept), ==, bg_result_get_n_rows (result));
      v = bg_result_lookup (result, "C1.e");
      for (gsize r = 0; r < bg_result_get_n_rows (result); r++)
        g_assert_cmpfloat (bg_result_get_value (swept, (guint) v, r), ==,
                           bg_result_get_value (result, (guint) v, r));
    }
  /* Different R, different response: the runs are not one run copied. */
  {
    BgResult *r0 = bg_sweep_get_result (sweep, 0), *r2 = bg_sweep_get_result (sweep, 2);
    guint v = (guint) bg_result_lookup (r0, "C1.e");
    g_assert_cmpfloat (bg_result_get_value (r0, v, 500), !=, bg_result_get_value (r2, v, 500));
  }
}

typedef struct
{
  GCancellable *cancellable;
  guint         done;
} CancelData;

static void
cancel_after_first_cb (BgSweep *sweep, guint index, gpointer user_data)
{
  CancelData *data = user_data;

  if (g_atomic_int_add (&data->done, 1) == 0)
    g_cancellable_cancel (data->cancellable);
}

/* Cancelling after the first run ends: every run reports an end (done is
 * called for each), the sweep is not a success, the later ones are
 * cancelled. One thread makes the order certain. */
static void
test_cancel (void)
{
  g_autoptr (BgModel) model = bg_test_load_example ("rlc-circuit.bgmod");
  g_autoptr (GArray) values = bg_sweep_range (1, 100, 8, TRUE, NULL);
  g_autoptr (BgSweep) sweep = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  CancelData data = { cancellable, 0 };
  GError *error = NULL;

  sweep = bg_sweep_new (model, "R1", "value", (const double *) values->data, values->len,
                        NULL, &error);
  g_assert_no_error (error);
  g_assert_false (bg_sweep_run (sweep, 1, cancellable, cancel_after_first_cb, &data));
  g_assert_cmpuint (data.done, ==, 8);
  g_assert_cmpint (bg_sweep_get_status (sweep, 0), ==, BG_SIM_STATUS_FINISHED);
  for (guint i = 1; i < 8; i++)
    g_assert_cmpint (bg_sweep_get_status (sweep, i), ==, BG_SIM_STATUS_CANCELLED);
}

static void
test_refusals (void)
{
  g_autoptr (BgModel) model = bg_test_load_example ("rlc-circuit.bgmod");
  static const double bad[] = { 10, -1 };
  GError *error = NULL;

  g_assert_null (bg_sweep_new (model, "R9", "value", bad, 1, NULL, &error));
  g_assert_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_PARAM);
  g_assert_cmpstr (error->message, ==, "The model has no element “R9”");
  g_clear_error (&error);
  g_assert_null (bg_sweep_new (model, "U", "waveform", bad, 1, NULL, &error));
  g_assert_cmpstr (error->message, ==, "U has no numeric parameter “waveform”");
  g_clear_error (&error);
  g_assert_null (bg_sweep_new (model, "R1", "value", bad, 2, NULL, &error));
  g_assert_error (error, BG_SWEEP_ERROR, BG_SWEEP_ERROR_PARAM);
  g_assert_true (g_str_has_prefix (error->message, "R1.value: "));
  g_clear_error (&error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/sweep/parse", test_parse);
  g_test_add_func ("/core/sweep/runs-equal-single-runs", test_runs_equal_single_runs);
  g_test_add_func ("/core/sweep/cancel", test_cancel);
  g_test_add_func ("/core/sweep/refusals", test_refusals);
  return g_test_run ();
}
