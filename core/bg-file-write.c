/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-write.c — the canonical layout of a saved model (docs/file-format.md).
 *
 * Owns: bg_file_to_data: the order and form of every member a model is
 * written with, parameters left out while hidden and at their default, the
 * student's strokes and the editor's "view" object; the same layout for a
 * component file (one definition as the top level, with the definitions
 * it uses) and for one definition's text. Must not: write to any
 * file (bg-file-save.c does), or write anything bg-file.c cannot read back.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bg-file-private.h"
#include "bg-waveform.h"
#include "bg-definition.h"

/* ------------------------------------------------------------------------
 * Writing
 * ------------------------------------------------------------------------ */

static void
append_param (GString            *out,
              const BgParamSpec  *pspec,
              const BgParamValue *value)
{
  append_string (out, pspec->name);
  g_string_append (out, ": ");
  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      append_number (out, value->number);
      break;
    case BG_PARAM_CHOICE:
      append_string (out, value->choice != NULL ? value->choice : "");
      break;
    case BG_PARAM_TABLE:
      g_string_append_c (out, '[');
      for (guint r = 0; value->table != NULL && 2 * r + 1 < value->table->len; r++)
        {
          if (r > 0)
            g_string_append (out, ", ");
          g_string_append_c (out, '[');
          append_number (out, g_array_index (value->table, double, 2 * r));
          g_string_append (out, ", ");
          append_number (out, g_array_index (value->table, double, 2 * r + 1));
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, ']');
      break;
    default:
      g_assert_not_reached ();
    }
}

/* A parameter marked saved_when_used is left out while hidden and at its
 * default, so a constant source does not carry every waveform's fields. */
static gboolean
param_is_saved (const BgComponentSpec *spec,
                const BgParamSpec     *pspec,
                const BgParamValue    *values,
                guint                  index)
{
  BgParamValue def;
  gboolean same;

  /* An instance carries only what it changes of its definition. */
  if (bg_definition_of_spec (spec) == NULL
      && (!pspec->saved_when_used || bg_param_is_visible (spec, pspec, values)))
    return TRUE;
  bg_param_value_init_default (&def, pspec);
  same = bg_param_value_equal (&def, &values[index]);
  bg_param_value_clear (&def);
  return !same;
}

static void
append_element (GString   *out,
                BgElement *element)
{
  const BgComponentSpec *spec = element->spec;

  g_string_append (out, "{\"id\": ");
  append_string (out, element->id);
  g_string_append (out, ", \"type\": ");
  append_string (out, spec->type);
  if (spec->domain != BG_DOMAIN_NONE)
    {
      g_string_append (out, ", \"domain\": ");
      append_string (out, bg_domain_to_id (spec->domain));
    }
  if (spec->has_domain_s && spec->ports[1].domain != spec->domain)
    {
      g_string_append (out, ", \"domain_s\": ");
      append_string (out, bg_domain_to_id (spec->ports[1].domain));
    }
  g_string_append (out, ", \"x\": ");
  append_number (out, element->x);
  g_string_append (out, ", \"y\": ");
  append_number (out, element->y);
  if (element->rotation != 0)
    g_string_append_printf (out, ", \"rotation\": %d", element->rotation);
  if (spec->n_params > 0)
    {
      gboolean first = TRUE;
      gboolean instance = bg_definition_of_spec (spec) != NULL;

      for (guint i = 0; i < spec->n_params; i++)
        {
          if (!param_is_saved (spec, &spec->params[i], element->params, i))
            continue;
          g_string_append (out, first ? ", \"params\": {" : ", ");
          first = FALSE;
          append_param (out, &spec->params[i], &element->params[i]);
        }
      if (!first)
        g_string_append_c (out, '}');
      else if (!instance)
        g_string_append (out, ", \"params\": {}");
    }
  if (element->label != NULL && *element->label != '\0')
    {
      g_string_append (out, ", \"label\": ");
      append_string (out, element->label);
    }
  g_string_append_c (out, '}');
}

/* "EL" for junctions and one-ports, "EL.PORT" for multiports. */
static void
append_end (GString   *out,
            BgElement *element,
            int        port)
{
  /* An instance's end always names its port (docs/file-format.md). */
  if (port < 0 || (element->spec->n_ports <= 1 && bg_definition_of_spec (element->spec) == NULL))
    append_string (out, element->id);
  else
    {
      g_autofree char *ref =
        g_strdup_printf ("%s.%s", element->id, element->spec->ports[port].name);

      append_string (out, ref);
    }
}

static void
append_bond (GString *out,
             BgBond  *bond)
{
  g_string_append (out, "{\"id\": ");
  append_string (out, bond->id);
  g_string_append (out, ", \"from\": ");
  append_end (out, bond->from, bond->from_port);
  g_string_append (out, ", \"to\": ");
  append_end (out, bond->to, bond->to_port);
  if (bond->arrow == BG_ARROW_REVERSED)
    g_string_append (out, ", \"arrow\": \"reversed\"");
  g_string_append_c (out, '}');
}

/* indent: the spaces before the key ("  " at the top, deeper inside a
 * component definition). */
static void
append_list (GString    *out,
             const char *indent,
             const char *key,
             GPtrArray  *items,
             gboolean    bonds)
{
  g_string_append_printf (out, "%s\"%s\": [", indent, key);
  for (guint i = 0; i < items->len; i++)
    {
      g_string_append_printf (out, i > 0 ? ",\n%s  " : "\n%s  ", indent);
      if (bonds)
        append_bond (out, g_ptr_array_index (items, i));
      else
        append_element (out, g_ptr_array_index (items, i));
    }
  if (items->len > 0)
    g_string_append_printf (out, "\n%s]", indent);
  else
    g_string_append (out, "]");
}

/* A definition's first members, each on a line that starts with indent
 * and ends with a comma: label (under label_key), description, parameters. */
static void
append_definition_head (GString            *out,
                        const BgDefinition *def,
                        const char         *indent,
                        const char         *label_key)
{
  if (def->label != NULL)
    {
      g_string_append_printf (out, "%s\"%s\": ", indent, label_key);
      append_string (out, def->label);
      g_string_append (out, ",\n");
    }
  if (def->description != NULL)
    {
      g_string_append_printf (out, "%s\"description\": ", indent);
      append_string (out, def->description);
      g_string_append (out, ",\n");
    }
  if (def->parameters[0] != NULL)
    {
      g_string_append_printf (out, "%s\"parameters\": [", indent);
      for (guint k = 0; def->parameters[k] != NULL; k++)
        {
          if (k > 0)
            g_string_append (out, ", ");
          append_string (out, def->parameters[k]);
        }
      g_string_append (out, "],\n");
    }
}

/* Its elements and bonds, the last line without a comma. */
static void
append_definition_graph (GString            *out,
                         const BgDefinition *def,
                         const char         *indent)
{
  append_list (out, indent, "elements", bg_model_get_elements (def->body), FALSE);
  g_string_append (out, ",\n");
  append_list (out, indent, "bonds", bg_model_get_bonds (def->body), TRUE);
}

/* "components": {"Tank": {...}, ...} in the order of defs (BgDefinition*),
 * before the elements that use them; nothing when defs is empty. */
static void
append_components (GString   *out,
                   GPtrArray *defs)
{
  if (defs->len == 0)
    return;
  g_string_append (out, "  \"components\": {");
  for (guint i = 0; i < defs->len; i++)
    {
      const BgDefinition *def = g_ptr_array_index (defs, i);

      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      append_string (out, def->name);
      g_string_append (out, ": {\n");
      append_definition_head (out, def, "      ", "label");
      append_definition_graph (out, def, "      ");
      g_string_append (out, "\n    }");
    }
  g_string_append (out, "\n  },\n");
}

static void
append_simulation (GString             *out,
                   const BgSimSettings *settings)
{
  g_string_append (out, "  \"simulation\": {\"t_end\": ");
  append_number (out, settings->t_end);
  g_string_append (out, ", \"output_step\": ");
  append_number (out, settings->output_step);
  g_string_append (out, ", \"rtol\": ");
  append_number (out, settings->rtol);
  g_string_append (out, ", \"atol\": ");
  append_number (out, settings->atol);
  g_string_append_c (out, '}');
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Written only when a student has placed a stroke: the model's bonds in
 * bond order, then those inside instances by path ("T2.b4") in sorted
 * order (those whose instance or bond is gone left out). */
static void
append_exercise (GString *out,
                 BgModel *model)
{
  GPtrArray *bonds = bg_model_get_bonds (model);
  g_autofree gpointer *inner = NULL;
  guint n_inner = 0;
  gboolean first = TRUE;

  for (guint i = 0; i < bonds->len; i++)
    {
      BgBond *bond = g_ptr_array_index (bonds, i);

      if (bond->exercise == BG_STROKE_NONE)
        continue;
      g_string_append (out, first ? ",\n  \"exercise\": {\"strokes\": {" : ", ");
      first = FALSE;
      append_string (out, bond->id);
      g_string_append (out, bond->exercise == BG_STROKE_AT_TO ? ": \"to\"" : ": \"from\"");
    }
  inner = g_hash_table_get_keys_as_array (bg_model_get_inner_strokes (model), &n_inner);
  qsort (inner, n_inner, sizeof (gpointer), compare_paths);
  for (guint i = 0; i < n_inner; i++)
    {
      const char *path = inner[i];
      BgStroke s = bg_model_get_exercise_stroke (model, path);

      if (s == BG_STROKE_NONE || bg_model_find_inner_bond (model, path) == NULL)
        continue;
      g_string_append (out, first ? ",\n  \"exercise\": {\"strokes\": {" : ", ");
      first = FALSE;
      append_string (out, path);
      g_string_append (out, s == BG_STROKE_AT_TO ? ": \"to\"" : ": \"from\"");
    }
  if (!first)
    g_string_append (out, "}}");
}

static void
append_view (GString    *out,
             const char *view_json)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(JDoc) view = NULL;

  if (view_json == NULL)
    return;
  view = _bg_file_read_json (view_json, strlen (view_json), &local_error);
  if (view == NULL || jv (view, 0)->type != JV_OBJECT)
    {
      /* Editor data only; a model without it is still complete. */
      g_debug ("Not saving the view section: %s",
               local_error ? local_error->message : "not an object");
      return;
    }
  g_string_append (out, ",\n  \"view\": ");
  append_value (out, view, 0, 2);
}

char *
bg_file_to_data (BgModel *model,
                 gsize   *length)
{
  GString *out;
  const char *name;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  out = g_string_new ("{\n  \"format\": \"" BG_FILE_FORMAT_ID "\",\n");
  g_string_append_printf (out, "  \"version\": %d,\n  \"name\": ", BG_FILE_FORMAT_VERSION);
  name = bg_model_get_name (model);
  append_string (out, name != NULL ? name : "");
  g_string_append (out, ",\n");
  append_components (out, bg_model_get_definitions (model));
  append_list (out, "  ", "elements", bg_model_get_elements (model), FALSE);
  g_string_append (out, ",\n");
  append_list (out, "  ", "bonds", bg_model_get_bonds (model), TRUE);
  g_string_append (out, ",\n");
  append_simulation (out, bg_model_get_simulation (model));
  append_exercise (out, model);
  append_view (out, bg_model_get_view_json (model));
  g_string_append (out, "\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}


/* ------------------------------------------------------------------------
 * Component files and single definitions
 * ------------------------------------------------------------------------ */

char *
bg_file_definition_to_data (const BgDefinition *def)
{
  GString *out;

  g_return_val_if_fail (def != NULL, NULL);

  out = g_string_new ("{\n");
  append_definition_head (out, def, "  ", "label");
  append_definition_graph (out, def, "  ");
  g_string_append (out, "\n}\n");
  return g_string_free (out, FALSE);
}

/* Marks def and every definition its body uses, directly or not. */
static void
mark_used (const BgDefinition *def,
           GHashTable         *used)
{
  GPtrArray *elements = bg_model_get_elements (def->body);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      const BgDefinition *inner = bg_definition_of_spec (el->spec);

      if (inner != NULL && g_hash_table_add (used, (gpointer) inner))
        mark_used (inner, used);
    }
}

GPtrArray *
bg_file_dup_used_definitions (const BgDefinition *def)
{
  GPtrArray *defs, *all;
  g_autoptr(GHashTable) used = NULL;

  g_return_val_if_fail (def != NULL, NULL);

  used = g_hash_table_new (NULL, NULL);
  mark_used (def, used);
  /* The model's order: a definition after those it uses. */
  all = bg_model_get_definitions (def->body);
  defs = g_ptr_array_new ();
  for (guint i = 0; i < all->len; i++)
    if (g_hash_table_contains (used, all->pdata[i]))
      g_ptr_array_add (defs, all->pdata[i]);
  return defs;
}

char *
bg_file_component_to_data (const BgDefinition *def,
                           gsize              *length)
{
  g_autoptr(GPtrArray) used = NULL;
  GString *out;

  g_return_val_if_fail (def != NULL, NULL);

  used = bg_file_dup_used_definitions (def);
  out = g_string_new ("{\n  \"format\": \"" BG_FILE_FORMAT_ID "\",\n");
  g_string_append_printf (out, "  \"version\": %d,\n", BG_FILE_FORMAT_VERSION);
  append_definition_head (out, def, "  ", "name");
  append_components (out, used);
  append_definition_graph (out, def, "  ");
  g_string_append (out, "\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
