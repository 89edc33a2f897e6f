/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-params.c — the parameters a run was made with, and how two runs
 * differ (bg-run-params.h).
 *
 * Owns: copying the shown parameters and the simulation settings out of a
 * model, looking them up by element and name, and the difference of two
 * copies. Must not: touch the model after the copy, or format values.
 */
#include "config.h"

#include <string.h>

#include "bg-run-params.h"
#include "bg-waveform.h"

struct _BgRunParams
{
  gatomicrefcount  ref_count;
  GArray          *params;  /* BgRunParam */
  GHashTable      *index;   /* "element\x1fparam" → position + 1 */
};

static void
run_param_clear (gpointer data)
{
  BgRunParam *p = data;

  g_free (p->element);
  g_free (p->param);
  g_free (p->unit);
  g_free (p->choice);
  g_clear_pointer (&p->table, g_array_unref);
}

static char *
make_key (const char *element,
          const char *param)
{
  return g_strconcat (element, "\x1f", param, NULL);
}

static void
add_param (BgRunParams        *self,
           const char         *element,
           const char         *param,
           const char         *unit,
           const BgParamValue *value)
{
  BgRunParam p = { 0 };

  p.element = g_strdup (element);
  p.param = g_strdup (param);
  p.unit = g_strdup (unit != NULL ? unit : "");
  p.kind = value->kind;
  p.number = value->number;
  p.choice = g_strdup (value->choice);
  if (value->table != NULL)
    p.table = g_array_copy (value->table);
  g_array_append_val (self->params, p);
  g_hash_table_insert (self->index, make_key (element, param),
                       GUINT_TO_POINTER (self->params->len));
}

static void
add_setting (BgRunParams *self,
             const char  *name,
             const char  *unit,
             double       number)
{
  BgParamValue value = { BG_PARAM_NUMBER, number, NULL, NULL };

  add_param (self, "", name, unit, &value);
}

BgRunParams *
bg_run_params_new_from_model (BgModel *model)
{
  BgRunParams *self;
  GPtrArray *elements;
  const BgSimSettings *settings;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_new0 (BgRunParams, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->params = g_array_new (FALSE, TRUE, sizeof (BgRunParam));
  g_array_set_clear_func (self->params, run_param_clear);
  self->index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  elements = bg_model_get_elements (model);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *element = g_ptr_array_index (elements, i);
      const BgComponentSpec *spec = element->spec;

      for (guint k = 0; k < spec->n_params; k++)
        {
          const BgParamSpec *pspec = &spec->params[k];

          if (!bg_param_is_visible (spec, pspec, element->params))
            continue;
          add_param (self, element->id, pspec->name, pspec->unit, &element->params[k]);
        }
    }

  settings = bg_model_get_simulation (model);
  add_setting (self, "t_end", "s", settings->t_end);
  add_setting (self, "output_step", "s", settings->output_step);
  add_setting (self, "rtol", "", settings->rtol);

  return self;
}

BgRunParams *
bg_run_params_ref (BgRunParams *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
bg_run_params_unref (BgRunParams *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_array_unref (self->params);
  g_hash_table_unref (self->index);
  g_free (self);
}

guint
bg_run_params_get_n (const BgRunParams *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->params->len;
}

const BgRunParam *
bg_run_params_get (const BgRunParams *self,
                   guint              index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->params->len, NULL);

  return &g_array_index (self->params, BgRunParam, index);
}

const BgRunParam *
bg_run_params_find (const BgRunParams *self,
                    const char        *element,
                    const char        *param)
{
  g_autofree char *key = NULL;
  guint position;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (element != NULL && param != NULL, NULL);

  key = make_key (element, param);
  position = GPOINTER_TO_UINT (g_hash_table_lookup (self->index, key));
  return position > 0 ? &g_array_index (self->params, BgRunParam, position - 1) : NULL;
}

gboolean
bg_run_param_equal (const BgRunParam *a,
                    const BgRunParam *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case BG_PARAM_NUMBER:
      return a->number == b->number;
    case BG_PARAM_CHOICE:
      return g_strcmp0 (a->choice, b->choice) == 0;
    case BG_PARAM_TABLE:
    default:
      if (a->table == NULL || b->table == NULL)
        return a->table == b->table;
      return a->table->len == b->table->len &&
             memcmp (a->table->data, b->table->data, a->table->len * sizeof (double)) == 0;
    }
}

GPtrArray *
bg_run_params_diff (const BgRunParams *self,
                    const BgRunParams *other)
{
  GPtrArray *diff;

  g_return_val_if_fail (self != NULL && other != NULL, NULL);

  diff = g_ptr_array_new ();
  for (guint i = 0; i < self->params->len; i++)
    {
      const BgRunParam *p = &g_array_index (self->params, BgRunParam, i);
      const BgRunParam *q = bg_run_params_find (other, p->element, p->param);

      if (q == NULL || !bg_run_param_equal (p, q))
        g_ptr_array_add (diff, (gpointer) p);
    }
  return diff;
}
