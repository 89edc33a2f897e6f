/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-model.c — see bg-test-model.h. */
#include "config.h"

#include <string.h>

#include "bg-test-model.h"

BgElement *
bg_test_add_element (BgModel    *model,
                     const char *type,
                     BgDomain    domain,
                     const char *id)
{
  GError *error = NULL;
  BgElement *el = bg_model_add_element (model, type, domain, id, 0, 0, &error);

  g_assert_no_error (error);
  g_assert_nonnull (el);
  return el;
}

BgBond *
bg_test_connect (BgModel    *model,
                 const char *from,
                 const char *to)
{
  GError *error = NULL;
  BgBond *bond = bg_model_connect (model, from, to, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (bond);
  return bond;
}

char *
bg_test_model_snapshot (BgModel *model)
{
  GString *s = g_string_new (NULL);
  GPtrArray *elements = bg_model_get_elements (model);
  GPtrArray *bonds = bg_model_get_bonds (model);
  const BgSimSettings *sim = bg_model_get_simulation (model);

  g_string_append_printf (s, "name=%s sim=%g,%g,%g,%g\n", bg_model_get_name (model),
                          sim->t_end, sim->output_step, sim->rtol, sim->atol);
  for (guint i = 0; i < elements->len; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);

      g_assert_true (bg_model_find_element (model, el->id) == el);
      g_string_append_printf (s, "%s %s/%s (%g,%g) r%d [%s]", el->id, el->spec->type,
                              bg_domain_to_id (el->spec->domain), el->x, el->y,
                              el->rotation, el->label != NULL ? el->label : "-");
      for (guint p = 0; p < el->spec->n_params; p++)
        {
          const BgParamValue *v = &el->params[p];

          if (v->kind == BG_PARAM_NUMBER)
            g_string_append_printf (s, " %s=%g", el->spec->params[p].name, v->number);
          else if (v->kind == BG_PARAM_CHOICE)
            g_string_append_printf (s, " %s=%s", el->spec->params[p].name, v->choice);
          else
            g_string_append_printf (s, " %s=<%u>", el->spec->params[p].name, v->table->len);
        }
      g_string_append_c (s, '\n');
    }
  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *b = g_ptr_array_index (bonds, i);
      g_autofree char *from_port = bg_model_dup_port_name (model, b, FALSE);
      g_autofree char *to_port = bg_model_dup_port_name (model, b, TRUE);

      g_assert_true (bg_model_find_bond (model, b->id) == b);
      g_string_append_printf (s, "%s: %s.%s -> %s.%s %s\n", b->id, b->from->id, from_port,
                              b->to->id, to_port,
                              b->arrow == BG_ARROW_FORWARD ? "forward" : "reversed");
    }
  return g_string_free (s, FALSE);
}

void
bg_test_assert_model_error (GError     *error,
                            int         code,
                            const char *message)
{
  g_assert_error (error, BG_MODEL_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
changed_cb (BgModel      *model,
            BgTestCounts *counts)
{
  counts->changed++;
}

static void
notify_cb (BgModel      *model,
           GParamSpec   *pspec,
           BgTestCounts *counts)
{
  if (strcmp (pspec->name, "name") == 0)
    counts->name++;
  else if (strcmp (pspec->name, "can-undo") == 0)
    counts->can_undo++;
  else if (strcmp (pspec->name, "can-redo") == 0)
    counts->can_redo++;
}

void
bg_test_watch_model (BgModel      *model,
                     BgTestCounts *counts)
{
  memset (counts, 0, sizeof *counts);
  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), counts);
  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), counts);
}
