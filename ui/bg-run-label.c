/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-label.c — what the window says about a kept run (bg-run-label.h).
 *
 * Owns: the titles, parameter texts and differences of kept runs. Must
 * not: keep state, or write what a program reads (CSV columns keep the
 * file's names, bg-plot-view-ghosts.c).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-run-label.h"
#include "bg-si-format.h"

char *
bg_run_label_dup_number_title (guint number)
{
  /* TRANSLATORS: a kept run in the plot pane's run list and legend */
  return g_strdup_printf (_("Run %u"), number);
}

char *
bg_run_label_dup_title (BgRunGeneration *generation)
{
  g_return_val_if_fail (BG_IS_RUN_GENERATION (generation), NULL);

  if (bg_run_generation_get_name (generation) != NULL)
    return g_strdup (bg_run_generation_get_name (generation));
  return bg_run_label_dup_number_title (bg_run_generation_get_number (generation));
}

char *
bg_run_label_dup_param (const BgRunParam *param)
{
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;

  g_return_val_if_fail (param != NULL, NULL);

  if (*param->element == '\0')
    name = g_strdup (param->param);
  else if (g_str_equal (param->param, "value"))
    name = g_strdup (param->element);
  else
    name = g_strdup_printf ("%s.%s", param->element, param->param);

  switch (param->kind)
    {
    case BG_PARAM_NUMBER:
      value = bg_si_format (param->number, param->unit);
      break;
    case BG_PARAM_CHOICE:
      value = g_strdup (param->choice != NULL ? param->choice : "");
      break;
    case BG_PARAM_TABLE:
    default:
      /* TRANSLATORS: a table parameter (a pump curve) that differs
       * between two kept runs: "PUMP.table: another table" */
      return g_strdup_printf (_("%s: another table"), name);
    }
  return g_strdup_printf ("%s = %s", name, value);
}

char *
bg_run_label_dup_difference (BgRunParams *params,
                             BgRunParams *reference,
                             guint        max_shown)
{
  g_autoptr(GPtrArray) diff = NULL;
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (params != NULL && reference != NULL, NULL);

  diff = bg_run_params_diff (params, reference);
  if (diff->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint i = 0; i < diff->len && i < MAX (max_shown, 1); i++)
    {
      g_autofree char *one = bg_run_label_dup_param (g_ptr_array_index (diff, i));

      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, one);
    }
  if (diff->len > MAX (max_shown, 1))
    g_string_append (text, ", …");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

char *
bg_run_label_dup_legend (BgRunGeneration *generation,
                         BgRunParams     *reference)
{
  g_autofree char *difference = NULL;
  const char *name;

  g_return_val_if_fail (BG_IS_RUN_GENERATION (generation), NULL);

  if (reference != NULL)
    difference = bg_run_label_dup_difference (bg_run_generation_get_params (generation),
                                              reference, 2);
  name = bg_run_generation_get_name (generation);
  if (difference == NULL)
    return bg_run_label_dup_title (generation);
  if (name != NULL)
    return g_strdup_printf ("%s: %s", name, difference);
  return g_steal_pointer (&difference);
}
