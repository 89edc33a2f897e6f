/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-json-generate.c — strict JSON text of a json-glib tree (see
 * bg-json-generate.h).
 *
 * Owns: walking the tree, the layout and the number format; a string
 * member added to a builder. Must not: know any schema, or change the tree.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-json.h"
#include "bg-json-generate.h"

void
bg_json_append_double (GString *out,
                       double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  for (int precision = 15; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value + 0.0);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

void
bg_json_builder_add_string_member (JsonBuilder *builder,
                                   const char  *name,
                                   const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

static void
append_indent (GString *out,
               guint    level)
{
  g_string_append_c (out, '\n');
  for (guint i = 0; i < level; i++)
    g_string_append (out, "  ");
}

static void append_node (GString *out, JsonNode *node, gboolean pretty, guint level);

static void
append_value (GString  *out,
              JsonNode *node)
{
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      break;
    case G_TYPE_DOUBLE:
      {
        double value = json_node_get_double (node);
        gsize start = out->len;

        bg_json_append_double (out, value);
        /* A whole double stays a double, as json-glib writes it. */
        if (isfinite (value) && strpbrk (out->str + start, ".e") == NULL)
          g_string_append (out, ".0");
      }
      break;
    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "true" : "false");
      break;
    case G_TYPE_STRING:
      bg_json_append_string (out, json_node_get_string (node));
      break;
    default:
      g_string_append (out, "null");
      break;
    }
}

static void
append_object (GString    *out,
               JsonObject *object,
               gboolean    pretty,
               guint       level)
{
  g_autoptr(GList) members = json_object_get_members (object);
  gboolean first = TRUE;

  g_string_append_c (out, '{');
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      if (pretty)
        append_indent (out, level + 1);
      bg_json_append_string (out, l->data);
      g_string_append (out, pretty ? " : " : ":");
      append_node (out, json_object_get_member (object, l->data), pretty, level + 1);
    }
  if (!first && pretty)
    append_indent (out, level);
  g_string_append_c (out, '}');
}

static void
append_array (GString   *out,
              JsonArray *array,
              gboolean   pretty,
              guint      level)
{
  guint n = json_array_get_length (array);

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      if (pretty)
        append_indent (out, level + 1);
      append_node (out, json_array_get_element (array, i), pretty, level + 1);
    }
  if (n > 0 && pretty)
    append_indent (out, level);
  g_string_append_c (out, ']');
}

static void
append_node (GString  *out,
             JsonNode *node,
             gboolean  pretty,
             guint     level)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      append_object (out, json_node_get_object (node), pretty, level);
      break;
    case JSON_NODE_ARRAY:
      append_array (out, json_node_get_array (node), pretty, level);
      break;
    case JSON_NODE_VALUE:
      append_value (out, node);
      break;
    case JSON_NODE_NULL:
    default:
      g_string_append (out, "null");
      break;
    }
}

char *
bg_json_generate (JsonNode *root,
                  gboolean  pretty)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (root != NULL, NULL);
  append_node (out, root, pretty, 0);
  return g_string_free (out, FALSE);
}
