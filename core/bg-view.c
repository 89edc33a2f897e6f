/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-view.c — the editor's "view" section of a model.
 *
 * Owns: the plotted variables the editor saves ("view"."plots"."vars"),
 * read the same way by the plot pane and by `bgmod-cli simulate --plot`,
 * and written back by the variable picker with every other member of the
 * view kept in its place. Both go through the file's strict JSON reader
 * and writer (bg-json.h); there is no second JSON stack.
 * Must not: check the names against a plan, or fail on a view it does not
 * understand (a view that is not JSON at all can only be a bug, and is
 * reported).
 */
#include "config.h"

#include <string.h>

#include "bg-file.h"
#include "bg-json.h"
#include "bg-view.h"

/* The model's view as a document whose root is an object; NULL when there
 * is none. */
static BgJsonDoc *
parse_view (BgModel *model)
{
  static const BgJsonLimits limits = { BG_FILE_MAX_BYTES, G_MAXUINT, BG_FILE_MAX_DEPTH };
  const char *json = bg_model_get_view_json (model);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgJsonDoc) view = NULL;

  if (json == NULL || *json == '\0')
    return NULL;
  view = bg_json_parse (json, strlen (json), &limits, &error);
  if (view == NULL)
    {
      g_warning ("The view section is not valid JSON (%s); its plotted variables are ignored",
                 error->message);
      return NULL;
    }
  if (bg_json_get (view, BG_JSON_ROOT)->type != BG_JSON_OBJECT)
    return NULL;
  return g_steal_pointer (&view);
}

/* view.plots if it is an object, else 0. */
static guint32
view_plots (const BgJsonDoc *view)
{
  guint32 plots = view != NULL ? bg_json_get_member (view, BG_JSON_ROOT, "plots") : 0;

  return plots != 0 && bg_json_get (view, plots)->type == BG_JSON_OBJECT ? plots : 0;
}

/* The saved variable names in order, or NULL when the view names none
 * (no view, no "plots", or no "vars" array). Non-string entries are
 * skipped. */
GStrv
bg_view_dup_plot_vars (BgModel *model)
{
  g_autoptr(BgJsonDoc) view = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  guint32 plots, vars;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  view = parse_view (model);
  plots = view_plots (view);
  vars = plots != 0 ? bg_json_get_member (view, plots, "vars") : 0;
  if (vars == 0 || bg_json_get (view, vars)->type != BG_JSON_ARRAY)
    return NULL;

  builder = g_strv_builder_new ();
  for (guint32 c = bg_json_get_first (view, vars); c != 0; c = bg_json_get_next (view, c))
    if (bg_json_get (view, c)->type == BG_JSON_STRING)
      g_strv_builder_add (builder, bg_json_get_string (view, c));
  return g_strv_builder_end (builder);
}

typedef void (*AppendMember) (GString *out,
                              gpointer data);

/* Writes the members of object of doc (none when doc is NULL) in their
 * order, compact, with the one called key written by replace instead
 * (added last if missing). */
static void
append_object_replacing (GString         *out,
                         const BgJsonDoc *doc,
                         guint32          object,
                         const char      *key,
                         AppendMember     replace,
                         gpointer         data)
{
  gboolean replaced = FALSE;

  g_string_append_c (out, '{');
  for (guint32 c = doc != NULL ? bg_json_get_first (doc, object) : 0; c != 0;
       c = bg_json_get_next (doc, c))
    {
      if (c != bg_json_get_first (doc, object))
        g_string_append (out, ", ");
      if (strcmp (bg_json_get_key (doc, c), key) == 0)
        {
          replace (out, data);
          replaced = TRUE;
          continue;
        }
      bg_json_append_string (out, bg_json_get_key (doc, c));
      g_string_append (out, ": ");
      bg_json_append_value (out, doc, c, -1);
    }
  if (!replaced)
    {
      if (doc != NULL && bg_json_get_first (doc, object) != 0)
        g_string_append (out, ", ");
      replace (out, data);
    }
  g_string_append_c (out, '}');
}

typedef struct
{
  const BgJsonDoc   *view;
  const char *const *names;
} SetVars;

static void
append_vars_cb (GString  *out,
                gpointer  data)
{
  SetVars *set = data;

  g_string_append (out, "\"vars\": [");
  for (guint i = 0; set->names != NULL && set->names[i] != NULL; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      bg_json_append_string (out, set->names[i]);
    }
  g_string_append_c (out, ']');
}

static void
append_plots_cb (GString  *out,
                 gpointer  data)
{
  SetVars *set = data;
  guint32 plots = view_plots (set->view);

  g_string_append (out, "\"plots\": ");
  append_object_replacing (out, plots != 0 ? set->view : NULL, plots, "vars",
                           append_vars_cb, set);
}

/* Saves names as "view"."plots"."vars" (a view change: the document is
 * modified, nothing is analysed again). */
void
bg_view_set_plot_vars (BgModel           *model,
                       const char *const *names)
{
  g_autoptr(BgJsonDoc) view = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  SetVars set;

  g_return_if_fail (BG_IS_MODEL (model));

  view = parse_view (model);
  set.view = view;
  set.names = names;
  append_object_replacing (out, view, BG_JSON_ROOT, "plots", append_plots_cb, &set);
  bg_model_set_view_json (model, out->str);
}
