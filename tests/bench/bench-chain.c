/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-chain.c — the mass chain the simulation benchmarks share (see
 * bench-chain.h). */
#include "config.h"

#include "bench-chain.h"

BgModel *
bench_chain_new (guint n, double t_end, double output_step)
{
  BgModel *model = bg_model_new ();
  BgSimSettings settings;
  GError *error = NULL;

  bg_model_begin_group (model, "chain");
  bg_model_add_element (model, "Se", BG_DOMAIN_TRANSLATIONAL, "F", 0, 0, &error);
  bg_model_set_param_number (model, "F", "value", BENCH_CHAIN_FORCE, &error);
  for (guint i = 0; i < n && error == NULL; i++)
    {
      g_autofree char *j = g_strdup_printf ("J%u", i);
      g_autofree char *m = g_strdup_printf ("M%u", i);
      g_autofree char *b = g_strdup_printf ("B%u", i);

      bg_model_add_element (model, "1", BG_DOMAIN_TRANSLATIONAL, j, i, 0, &error);
      bg_model_add_element (model, "I", BG_DOMAIN_TRANSLATIONAL, m, i, 1, &error);
      bg_model_set_param_number (model, m, "value", BENCH_CHAIN_MASS, &error);
      bg_model_add_element (model, "R", BG_DOMAIN_TRANSLATIONAL, b, i, 2, &error);
      bg_model_set_param_number (model, b, "value", BENCH_CHAIN_DAMPING, &error);
      bg_model_connect (model, j, m, NULL, &error);
      bg_model_connect (model, j, b, NULL, &error);
      if (i == 0)
        bg_model_connect (model, "F", j, NULL, &error);
      else
        {
          g_autofree char *prev = g_strdup_printf ("N%u", i - 1);
          bg_model_connect (model, prev, j, NULL, &error);
        }
      if (i + 1 < n)
        {
          g_autofree char *node = g_strdup_printf ("N%u", i);
          g_autofree char *k = g_strdup_printf ("K%u", i);

          bg_model_add_element (model, "0", BG_DOMAIN_TRANSLATIONAL, node, i, 3, &error);
          bg_model_add_element (model, "C", BG_DOMAIN_TRANSLATIONAL, k, i, 4, &error);
          bg_model_set_param_number (model, k, "value", BENCH_CHAIN_COMPLIANCE, &error);
          bg_model_connect (model, j, node, NULL, &error);
          bg_model_connect (model, node, k, NULL, &error);
        }
    }
  bg_model_end_group (model);
  g_assert_no_error (error);

  bg_sim_settings_init_default (&settings);
  settings.t_end = t_end;
  settings.output_step = output_step;
  bg_model_set_simulation (model, &settings, &error);
  g_assert_no_error (error);
  return model;
}
