/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-param.c — parameter values: defaults, copies, comparison and checks.
 *
 * Owns: the life cycle of a BgParamValue (number, choice word or table) and
 * the check of one value against its BgParamSpec limit and against the
 * magnitudes every parameter must keep (BG_PARAM_MIN/MAX_MAGNITUDE), with a
 * message that names the limit ("must be > 0") so callers can prefix the
 * place. Must not:
 * check constraints between parameters (spec->validate does) or know about
 * elements and models.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-library.h"

void
bg_param_value_init_default (BgParamValue      *value,
                             const BgParamSpec *spec)
{
  g_return_if_fail (value != NULL);
  g_return_if_fail (spec != NULL);

  memset (value, 0, sizeof *value);
  value->kind = spec->kind;
  switch (spec->kind)
    {
    case BG_PARAM_NUMBER:
      value->number = spec->default_number;
      break;
    case BG_PARAM_CHOICE:
      value->choice = g_strdup (spec->default_choice);
      break;
    case BG_PARAM_TABLE:
      value->table = g_array_sized_new (FALSE, FALSE, sizeof (double),
                                        2 * spec->default_table_rows);
      if (spec->default_table_rows > 0)
        g_array_append_vals (value->table, spec->default_table,
                             2 * spec->default_table_rows);
      break;
    default:
      g_assert_not_reached ();
    }
}

void
bg_param_value_copy (BgParamValue       *dest,
                     const BgParamValue *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  memset (dest, 0, sizeof *dest);
  dest->kind = src->kind;
  dest->number = src->number;
  dest->choice = g_strdup (src->choice);
  if (src->table != NULL)
    {
      dest->table = g_array_sized_new (FALSE, FALSE, sizeof (double),
                                       src->table->len);
      g_array_append_vals (dest->table, src->table->data, src->table->len);
    }
}

void
bg_param_value_clear (BgParamValue *value)
{
  g_return_if_fail (value != NULL);

  g_clear_pointer (&value->choice, g_free);
  g_clear_pointer (&value->table, g_array_unref);
  value->number = 0;
}

static gboolean
tables_equal (const GArray *a,
              const GArray *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, double, i) != g_array_index (b, double, i))
      return FALSE;
  return TRUE;
}

gboolean
bg_param_value_equal (const BgParamValue *a,
                      const BgParamValue *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case BG_PARAM_NUMBER:
      return a->number == b->number;
    case BG_PARAM_CHOICE:
      return g_strcmp0 (a->choice, b->choice) == 0;
    case BG_PARAM_TABLE:
      return tables_equal (a->table, b->table);
    default:
      return FALSE;
    }
}

/* 0, or a magnitude the simulator can multiply safely (bg-library.h). */
static gboolean
check_magnitude (double   x,
                 GError **error)
{
  if (!isfinite (x))
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be finite"));
      return FALSE;
    }
  if (x != 0 && (fabs (x) < BG_PARAM_MIN_MAGNITUDE || fabs (x) > BG_PARAM_MAX_MAGNITUDE))
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be 0 or of a magnitude between %g and %g"),
                   BG_PARAM_MIN_MAGNITUDE, BG_PARAM_MAX_MAGNITUDE);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_number (double             x,
              const BgParamSpec *spec,
              GError           **error)
{
  if (!check_magnitude (x, error))
    return FALSE;
  switch (spec->limit)
    {
    case BG_LIMIT_ANY:
      return TRUE;
    case BG_LIMIT_POSITIVE:
      if (x > 0)
        return TRUE;
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be > 0"));
      return FALSE;
    case BG_LIMIT_NONNEGATIVE:
      if (x >= 0)
        return TRUE;
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be ≥ 0"));
      return FALSE;
    case BG_LIMIT_RANGE:
      if (x >= spec->min && x <= spec->max)
        return TRUE;
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be between %g and %g"), spec->min, spec->max);
      return FALSE;
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static gboolean
check_choice (const char         *word,
              const BgParamSpec *spec,
              GError           **error)
{
  g_autofree char *list = NULL;

  if (word != NULL && spec->choices != NULL
      && g_strv_contains ((const char *const *) spec->choices, word))
    return TRUE;

  list = spec->choices != NULL
         ? g_strjoinv (", ", (char **) spec->choices) : g_strdup ("");
  g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
               _("must be one of %s"), list);
  return FALSE;
}

static gboolean
check_table (const GArray *table,
             GError      **error)
{
  if (table == NULL || table->len % 2 != 0)
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("must be a table of rows of two numbers"));
      return FALSE;
    }
  for (guint i = 0; i < table->len; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (!check_magnitude (g_array_index (table, double, i), &local_error))
        {
          g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                       _("row %u: %s"), i / 2 + 1, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
bg_param_value_check (const BgParamValue *value,
                      const BgParamSpec  *spec,
                      GError            **error)
{
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (value->kind != spec->kind)
    {
      if (spec->kind == BG_PARAM_CHOICE)
        return check_choice (NULL, spec, error);
      g_set_error_literal (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                           spec->kind == BG_PARAM_NUMBER
                           ? _("must be a number")
                           : _("must be a table of rows of two numbers"));
      return FALSE;
    }

  switch (spec->kind)
    {
    case BG_PARAM_NUMBER:
      return check_number (value->number, spec, error);
    case BG_PARAM_CHOICE:
      return check_choice (value->choice, spec, error);
    case BG_PARAM_TABLE:
      return check_table (value->table, error);
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

/* One cell: a number with '.' or, in ';'- or tab-separated text, ',' as
 * the decimal mark. */
static gboolean
parse_cell (const char *cell,
            gboolean    comma_decimal,
            double     *value)
{
  g_autofree char *text = g_strstrip (g_strdup (cell));
  char *end = NULL;

  if (comma_decimal)
    g_strdelimit (text, ",", '.');
  if (text[0] == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != NULL && *end == '\0' && isfinite (*value);
}

GArray *
bg_param_table_from_text (const char *text,
                          GError    **error)
{
  g_auto(GStrv) lines = NULL;
  g_autoptr(GArray) table = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean first = TRUE;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit_set (text, "\r\n", -1);
  for (guint n = 0; lines[n] != NULL; n++)
    {
      const char *line = lines[n];
      gboolean comma_decimal = strchr (line, ';') != NULL || strchr (line, '\t') != NULL;
      g_auto(GStrv) cells = NULL;
      double xy[2];
      guint n_cells;

      while (g_ascii_isspace (*line))
        line++;
      if (*line == '\0' || *line == '#')
        continue;
      cells = comma_decimal ? g_strsplit_set (line, ";\t", -1) : g_strsplit (line, ",", -1);
      n_cells = g_strv_length (cells);
      if (n_cells < 2 || !parse_cell (cells[0], comma_decimal, &xy[0])
          || !parse_cell (cells[1], comma_decimal, &xy[1]))
        {
          if (first)   /* a header line */
            {
              first = FALSE;
              continue;
            }
          g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                       _("line %u: expected two numbers, such as “0.5, 10”"), n + 1);
          return NULL;
        }
      first = FALSE;
      g_array_append_vals (table, xy, 2);
    }
  if (table->len == 0)
    {
      g_set_error (error, BG_LIBRARY_ERROR, BG_LIBRARY_ERROR_BAD_VALUE,
                   _("no rows of two numbers found"));
      return NULL;
    }
  return g_steal_pointer (&table);
}
