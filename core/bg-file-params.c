/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-params.c — reading an element's "params" object.
 *
 * Owns: the values of numbers, choices and tables, unknown parameter names,
 * the defaults a waveform gives, the component's cross-parameter validation
 * (its message mapped back onto the parameter's JSON path) and applying the
 * set to the model in an order its constraints accept. Must not: know
 * anything of an element beyond its spec, or bypass the model's edit API.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-file-private.h"
#include "bg-waveform.h"

static char *
join_choices (const char *const *choices)
{
  return g_strjoinv (", ", (char **) choices);
}

/* "elements[3].params", or with key "elements[3].params.value": the place
 * a message names, made only when there is one to give. */
static char *
params_where (const char *path,
              const char *key)
{
  g_autofree char *params_path = g_strconcat (path, ".params", NULL);

  return key != NULL ? _bg_file_member_path (params_path, key) : g_steal_pointer (&params_path);
}

static gboolean
read_table (const JDoc   *doc,
            guint32       node,
            const char   *path,
            const char   *key,
            BgParamValue *value,
            GError      **error)
{
  g_autofree char *where = NULL;
  guint r = 0;

  if (jv (doc, node)->type != JV_ARRAY)
    {
      where = params_where (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("must be an array of pairs of numbers"));
      return FALSE;
    }
  value->table = g_array_sized_new (FALSE, FALSE, sizeof (double),
                                    2 * jv (doc, node)->u.count);
  for (guint32 row = jv_first (doc, node); row != 0; row = jv_next (doc, row), r++)
    {
      guint k = 0;

      if (jv (doc, row)->type != JV_ARRAY || jv (doc, row)->u.count != 2)
        {
          g_autofree char *row_where = NULL;

          where = params_where (path, key);
          row_where = g_strdup_printf ("%s[%u]", where, r);

          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, row_where,
                              _("must be a pair of numbers"));
          return FALSE;
        }
      for (guint32 cell = jv_first (doc, row); cell != 0; cell = jv_next (doc, cell), k++)
        {
          if (jv (doc, cell)->type != JV_NUMBER)
            {
              g_autofree char *cell_where = NULL;

              where = params_where (path, key);
              cell_where = g_strdup_printf ("%s[%u][%u]", where, r, k);

              _bg_file_set_error (error, BG_FILE_ERROR_INVALID, cell_where, _("must be a number"));
              return FALSE;
            }
          g_array_append_val (value->table, jv (doc, cell)->u.number);
        }
    }
  return TRUE;
}

/* Reads one parameter value from node (the member key of the element at
 * path's "params") into value (initialised here). */
static gboolean
read_param_value (const JDoc        *doc,
                  const BgParamSpec *pspec,
                  guint32            node,
                  const char        *path,
                  const char        *key,
                  BgParamValue      *value,
                  GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *where = NULL;

  memset (value, 0, sizeof *value);
  value->kind = pspec->kind;

  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      if (jv (doc, node)->type != JV_NUMBER)
        {
          where = params_where (path, key);
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
          return FALSE;
        }
      value->number = jv (doc, node)->u.number;
      break;

    case BG_PARAM_CHOICE:
      if (jv (doc, node)->type != JV_STRING
          || !g_strv_contains (pspec->choices, jv_string (doc, node)))
        {
          g_autofree char *list = join_choices (pspec->choices);

          where = params_where (path, key);
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                              _("must be one of: %s"), list);
          return FALSE;
        }
      value->choice = g_strdup (jv_string (doc, node));
      break;

    case BG_PARAM_TABLE:
      if (!read_table (doc, node, path, key, value, error))
        {
          bg_param_value_clear (value);
          return FALSE;
        }
      break;

    default:
      g_assert_not_reached ();
    }

  if (!bg_param_value_check (value, pspec, &local_error))
    {
      where = params_where (path, key);
      _bg_file_set_error_from (error, where, local_error);
      bg_param_value_clear (value);
      return FALSE;
    }
  return TRUE;
}

static void
clear_values (BgParamValue *values,
              guint         n)
{
  for (guint i = 0; i < n; i++)
    bg_param_value_clear (&values[i]);
}

/* Applies the given parameters. A cross-parameter constraint (D > d) may
 * refuse a value whose partner still has its old value, so refused ones are
 * retried until a pass makes no progress; the full set was validated. */
static gboolean
apply_params (BgFileLoader       *loader,
              BgElement          *element,
              const BgParamValue *values,
              gboolean           *given,
              const char         *path,
              GError            **error)
{
  const BgComponentSpec *spec = element->spec;
  g_autoptr(GError) first_error = NULL;
  guint first_index = 0;
  gboolean progress = TRUE;
  g_autofree char *where = NULL;

  while (progress)
    {
      progress = FALSE;
      g_clear_error (&first_error);
      for (guint i = 0; i < spec->n_params; i++)
        {
          g_autoptr(GError) local_error = NULL;

          if (!given[i])
            continue;
          if (bg_model_set_param (loader->model, element->id, spec->params[i].name,
                                  &values[i], &local_error))
            {
              given[i] = FALSE;
              progress = TRUE;
            }
          else if (first_error == NULL)
            {
              first_error = g_steal_pointer (&local_error);
              first_index = i;
            }
        }
    }
  if (first_error == NULL)
    return TRUE;

  where = g_strdup_printf ("%s.params.%s", path, spec->params[first_index].name);
  _bg_file_set_error_from (error, where, first_error);
  return FALSE;
}

static void
set_unknown_param_error (const BgComponentSpec *spec,
                         const char            *where,
                         GError               **error)
{
  GString *names;

  if (spec->n_params == 0)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("unknown parameter (%s has no parameters)"), spec->type);
      return;
    }
  names = g_string_new (NULL);
  for (guint i = 0; i < spec->n_params; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", spec->params[i].name);
  _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                      _("unknown parameter (%s has: %s)"), spec->type, names->str);
  g_string_free (names, TRUE);
}

/* Parameters whose default depends on the waveform (a pulse starts at 0 s
 * and goes up to 1) take it when the file leaves them out. */
static void
apply_wave_defaults (const BgComponentSpec *spec,
                     BgParamValue          *values,
                     gboolean              *given)
{
  guint form;
  double number;

  if (bg_component_spec_find_param (spec, "waveform", &form) == NULL)
    return;
  for (guint i = 0; i < spec->n_params; i++)
    if (!given[i] && spec->params[i].kind == BG_PARAM_NUMBER
        && bg_wave_default_for (values[form].choice, spec->params[i].name, &number)
        && number != values[i].number)
      {
        values[i].number = number;
        given[i] = TRUE;
      }
}

/* A cross-parameter message that starts with a parameter's name
 * ("until: must be ...") names that parameter's JSON path; the name is
 * then dropped from the message. */
static char *
validate_path (const BgComponentSpec *spec,
               const char            *params_path,
               GError                *cause)
{
  const char *colon = strstr (cause->message, ": ");

  if (colon != NULL)
    {
      g_autofree char *name = g_strndup (cause->message, colon - cause->message);

      if (bg_component_spec_find_param (spec, name, NULL) != NULL)
        {
          char *rest = g_strdup (colon + 2);

          g_free (cause->message);
          cause->message = rest;
          return _bg_file_member_path (params_path, name);
        }
    }
  return g_strdup (params_path);
}

gboolean
_bg_file_load_params (BgFileLoader *loader,
                      BgElement    *element,
                      guint32       params,
                      const char   *path,
                      GError      **error)
{
  const JDoc *doc = loader->doc;
  const BgComponentSpec *spec = element->spec;
  /* Room for a spec's parameters without the heap, for most specs. */
  BgParamValue stack_values[16];
  gboolean stack_given[G_N_ELEMENTS (stack_values)];
  g_autofree BgParamValue *heap_values = NULL;
  g_autofree gboolean *heap_given = NULL;
  BgParamValue *values = stack_values;
  gboolean *given = stack_given;
  g_autoptr(GError) local_error = NULL;
  gboolean ok = FALSE;

  if (jv (doc, params)->type != JV_OBJECT)
    {
      g_autofree char *params_path = params_where (path, NULL);

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, params_path, _("must be an object"));
      return FALSE;
    }

  if (spec->n_params > G_N_ELEMENTS (stack_values))
    {
      values = heap_values = g_new0 (BgParamValue, spec->n_params);
      given = heap_given = g_new0 (gboolean, spec->n_params);
    }
  memset (given, 0, spec->n_params * sizeof *given);
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&values[i], &spec->params[i]);

  for (guint32 c = jv_first (doc, params); c != 0; c = jv_next (doc, c))
    {
      guint index;
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, jv_key (doc, c), &index);
      BgParamValue value;

      if (pspec == NULL)
        {
          g_autofree char *where = params_where (path, jv_key (doc, c));

          set_unknown_param_error (spec, where, error);
          goto out;
        }
      if (!read_param_value (doc, pspec, c, path, jv_key (doc, c), &value, error))
        goto out;
      bg_param_value_clear (&values[index]);
      values[index] = value;
      given[index] = TRUE;
    }

  apply_wave_defaults (spec, values, given);
  if (spec->validate != NULL && !spec->validate (spec, values, &local_error))
    {
      g_autofree char *params_path = params_where (path, NULL);
      g_autofree char *where = validate_path (spec, params_path, local_error);

      _bg_file_set_error_from (error, where, local_error);
      goto out;
    }

  ok = apply_params (loader, element, values, given, path, error);

out:
  clear_values (values, spec->n_params);
  return ok;
}

