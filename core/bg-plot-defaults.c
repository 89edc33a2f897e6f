/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-defaults.c — the variables a plot shows before anyone chooses
 * (see bg-plot-defaults.h for the rule). */
#include "config.h"

#include "bg-plot-defaults.h"
#include "bg-view.h"
#include "bg-model-flatten.h"

static gboolean
shows_by_default (const BgComponentSpec *spec)
{
  return bg_component_spec_is_storage (spec) || spec->section == BG_SECTION_ADVANCED;
}

/* The element's plot variables ("x", "v"), or NULL. */
static GStrv
element_suffixes (const BgElement *el)
{
  if (!shows_by_default (el->spec) || el->spec->plot_vars == NULL || *el->spec->plot_vars == '\0')
    return NULL;
  return g_strsplit (el->spec->plot_vars, ",", -1);
}

GStrv
bg_plot_defaults_dup (BgModel *model)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GPtrArray *elements;
  guint total = 0, taken = 0;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  /* Components: the usual variables of what is inside them, by path. */
  if (bg_model_has_components (model) && !bg_model_is_body (model))
    {
      g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, NULL);

      return flat != NULL && flat != model ? bg_plot_defaults_dup (flat) : g_new0 (char *, 1);
    }
  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    {
      g_auto(GStrv) suffixes = element_suffixes (g_ptr_array_index (elements, i));
      total += suffixes != NULL ? g_strv_length (suffixes) : 0;
    }
  for (guint i = 0; i < elements->len && taken < BG_PLOT_DEFAULTS_MAX; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      g_auto(GStrv) suffixes = element_suffixes (el);

      for (guint k = 0; suffixes != NULL && suffixes[k] != NULL; k++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", el->id, g_strstrip (suffixes[k]));

          g_strv_builder_add (builder, name);
          taken++;
          /* Too many for all: one per element. */
          if (total > BG_PLOT_DEFAULTS_MAX || taken >= BG_PLOT_DEFAULTS_MAX)
            break;
        }
    }
  return g_strv_builder_end (builder);
}

GStrv
bg_plot_defaults_dup_main (BgModel *model)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GPtrArray *elements;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      g_auto(GStrv) suffixes = element_suffixes (el);

      for (guint k = 0; suffixes != NULL && suffixes[k] != NULL; k++)
        {
          g_autofree char *name = g_strdup_printf ("%s.%s", el->id, g_strstrip (suffixes[k]));

          g_strv_builder_add (builder, name);
        }
    }
  return g_strv_builder_end (builder);
}

GStrv
bg_plot_defaults_dup_shown (BgModel *model)
{
  GStrv saved;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  saved = bg_view_dup_plot_vars (model);
  return saved != NULL ? saved : bg_plot_defaults_dup (model);
}
