/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-sim.c — see bg-test-sim.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-file.h"
#include "bg-model-flatten.h"
#include "bg-test-sim.h"

BgModel *
bg_test_load_example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *path = g_build_filename (datadir != NULL ? datadir : BGMOD_SOURCE_DATADIR,
                                            "examples", name, NULL);
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_path (path, &error);

  g_assert_no_error (error);
  return model;
}

BgModel *
bg_test_build_model (const char *const *elements, const char *const *bonds)
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

BgModel *
bg_test_build_from_words (const char *domain,
                          const char *elements,
                          const char *bonds)
{
  BgModel *model = bg_model_new ();
  g_auto(GStrv) els = g_strsplit (elements, " ", -1);
  g_auto(GStrv) bs = g_strsplit (bonds, " ", -1);
  guint n_bonds = 0;

  for (guint i = 0; els[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      g_auto(GStrv) id_domain = NULL;
      g_autoptr(GError) error = NULL;
      BgElement *el;

      if (*els[i] == '\0')
        continue;
      parts = g_strsplit (els[i], ":", 2);
      g_assert_nonnull (parts[1]);
      id_domain = g_strsplit (parts[1], "@", 2);
      el = bg_model_add_element (model, parts[0],
                                 bg_domain_from_id (id_domain[1] != NULL ? id_domain[1] : domain),
                                 id_domain[0], 10.0 * i, 0, &error);
      g_assert_no_error (error);
      g_assert_nonnull (el);
    }
  for (guint i = 0; bs[i] != NULL; i++)
    {
      g_auto(GStrv) ends = NULL;
      g_autofree char *id = NULL;
      g_autoptr(GError) error = NULL;

      if (*bs[i] == '\0')
        continue;
      ends = g_strsplit (bs[i], ">", 2);
      g_assert_nonnull (ends[1]);
      id = g_strdup_printf ("b%u", ++n_bonds);
      g_assert_nonnull (bg_model_connect (model, ends[0], ends[1], id, &error));
      g_assert_no_error (error);
    }
  return model;
}

void
bg_test_set_sim (BgModel *model, double t_end, double step)
{
  BgSimSettings s;
  GError *error = NULL;

  bg_sim_settings_init_default (&s);
  s.t_end = t_end;
  s.output_step = step;
  g_assert_true (bg_model_set_simulation (model, &s, &error));
  g_assert_no_error (error);
}

void
bg_test_set_table (BgModel *model, const char *id, const char *name,
                   const double *xy, guint n_rows)
{
  BgParamValue value = { BG_PARAM_TABLE, 0, NULL, NULL };
  GError *error = NULL;

  value.table = g_array_new (FALSE, FALSE, sizeof (double));
  g_array_append_vals (value.table, xy, 2 * n_rows);
  g_assert_true (bg_model_set_param (model, id, name, &value, &error));
  g_assert_no_error (error);
  bg_param_value_clear (&value);
}

static void
simulate (BgModel *model, BgTestSim *sim, gboolean with_energy)
{
  g_autoptr (BgCausality) causality = NULL;
  GError *error = NULL;

  memset (sim, 0, sizeof *sim);
  /* A model with components runs as the graph it stands for, as
   * bgmod-cli runs it. */
  sim->flat = bg_model_flatten (model, NULL, &error);
  g_assert_no_error (error);
  model = sim->flat;
  causality = bg_causality_analyze (model);
  if (!bg_causality_is_ok (causality))
    {
      const BgDiagnostic *d = g_ptr_array_index (bg_causality_get_errors (causality), 0);
      g_error ("analysis failed: %s", d->message);
    }
  sim->plan = with_energy ? bg_compiler_compile_with_energy (model, causality, NULL, &error)
                          : bg_compiler_compile (model, causality, NULL, &error);
  g_assert_no_error (error);
  sim->result = bg_simulator_new_result (sim->plan);
  if (with_energy)
    {
      sim->energy = bg_energy_new (sim->plan);
      g_assert_nonnull (sim->energy);
    }
  sim->status = bg_simulator_run_with_energy (sim->plan, sim->result, sim->energy, NULL, NULL,
                                              NULL, &sim->report, &error);
  if (sim->status == BG_SIM_STATUS_FAILED)
    g_error ("simulation failed: %s", error->message);
  g_assert_no_error (error);
}

void
bg_test_simulate (BgModel *model, BgTestSim *sim)
{
  simulate (model, sim, FALSE);
}

void
bg_test_simulate_energy (BgModel *model, BgTestSim *sim)
{
  simulate (model, sim, TRUE);
}

void
bg_test_sim_clear (BgTestSim *sim)
{
  g_clear_pointer (&sim->plan, bg_plan_unref);
  g_clear_pointer (&sim->result, bg_result_unref);
  g_clear_pointer (&sim->energy, bg_energy_unref);
  g_clear_object (&sim->flat);
  bg_sim_report_clear (&sim->report);
}

double
bg_test_value (BgTestSim *sim, const char *name, gsize row)
{
  int v = bg_result_lookup (sim->result, name);

  if (v < 0)
    g_error ("no variable %s", name);
  return bg_result_get_value (sim->result, (guint) v, row);
}

gsize
bg_test_n_rows (BgTestSim *sim)
{
  return bg_result_get_n_rows (sim->result);
}

gsize
bg_test_row_at (BgTestSim *sim, double t)
{
  for (gsize r = 0; r < bg_test_n_rows (sim); r++)
    if (fabs (bg_result_get_value (sim->result, 0, r) - t) < 1e-9)
      return r;
  g_error ("no row at t = %g", t);
  return 0;
}

double
bg_test_max_error (BgTestSim *sim, const char *name, BgTestClosedForm f, gpointer data)
{
  double worst = 0;

  for (gsize r = 0; r < bg_test_n_rows (sim); r++)
    {
      double t = bg_result_get_value (sim->result, 0, r);
      worst = MAX (worst, fabs (bg_test_value (sim, name, r) - f (t, data)));
    }
  return worst;
}

BgModel *
bg_test_build_rc (void)
{
  static const char *const elements[] = {
    "Se electrical U value=10",
    "1 electrical J",
    "R electrical R1 value=1000",
    "C electrical C1 value=0.001",
    NULL
  };
  static const char *const bonds[] = { "b1 U J", "b2 J R1", "b3 J C1", NULL };

  return bg_test_build_model (elements, bonds);
}

BgTestKind
bg_test_kind (const BgComponentSpec *spec)
{
  static const char *const types[] = {
    "0",
    "1",
    "R",
    "C",
    "I",
    "Se",
    "Sf",
    "TF",
    "CylinderDA",
    "MechanicalLoad",
    "PumpCurve",
    "GasAccumulator",
    "GY",
    "DCMotor",
  };

  for (guint k = 0; k < G_N_ELEMENTS (types); k++)
    if (g_str_equal (spec->type, types[k]))
      return (BgTestKind) k;
  return BG_TEST_KIND_OTHER;
}
