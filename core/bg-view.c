/* bg-view.c — reading the editor's "view" section of a model.
 *
 * Owns: the plotted variables the editor saved ("view"."plots"."vars"),
 * read the same way by the plot pane and by `bgmod-cli simulate --plot`.
 * Must not: change the view (the variable picker writes it), check the
 * names against a plan, or fail on a view it does not understand.
 */
#include "config.h"

#include <json-glib/json-glib.h>

#include "bg-view.h"

/* The saved variable names in order, or NULL when the view names none
 * (no view, no "plots", or no "vars" array). Non-string entries are
 * skipped. */
GStrv
bg_view_dup_plot_vars (BgModel *model)
{
  const char *json;
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  JsonNode *root, *plots, *vars;
  JsonArray *array;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  json = bg_model_get_view_json (model);
  if (json == NULL || *json == '\0')
    return NULL;
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, json, -1, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  plots = json_object_get_member (json_node_get_object (root), "plots");
  if (plots == NULL || !JSON_NODE_HOLDS_OBJECT (plots))
    return NULL;
  vars = json_object_get_member (json_node_get_object (plots), "vars");
  if (vars == NULL || !JSON_NODE_HOLDS_ARRAY (vars))
    return NULL;

  array = json_node_get_array (vars);
  builder = g_strv_builder_new ();
  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        g_strv_builder_add (builder, json_node_get_string (node));
    }
  return g_strv_builder_end (builder);
}
