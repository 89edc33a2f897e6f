/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-components.c — reading a model's "components" (docs/file-format.md,
 * Components).
 *
 * Owns: the definitions of a .bgmod file: their names, the order they load
 * in (a definition after those it uses), the refusal of a definition that
 * uses itself (naming the cycle), of too many or too deep ones, and of
 * "parameters" naming nothing inside; each body read like a model's
 * elements and bonds, its paths under "components.NAME.". Must not: write
 * files (bg-file-write.c), or flatten (bg-model-flatten.c).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-file-private.h"
#include "bg-definition.h"

typedef enum
{
  DEF_NEW,
  DEF_VISITING,
  DEF_LOADED,
} DefState;

typedef struct
{
  const char *name;  /* borrowed from the document */
  guint32     node;
  DefState    state;
} Def;

typedef struct
{
  BgFileLoader *loader;
  GArray       *defs;    /* Def */
  GHashTable   *by_name; /* name → index + 1 */
  GPtrArray    *stack;   /* names being loaded, outermost first */
} Components;

/* "components.A → components.B → components.A" */
static char *
cycle_text (Components *c,
            const char *again)
{
  GString *s = g_string_new (NULL);
  gboolean in_cycle = FALSE;

  for (guint i = 0; i < c->stack->len; i++)
    {
      const char *name = g_ptr_array_index (c->stack, i);

      in_cycle = in_cycle || strcmp (name, again) == 0;
      if (in_cycle)
        g_string_append_printf (s, "components.%s → ", name);
    }
  g_string_append_printf (s, "components.%s", again);
  return g_string_free (s, FALSE);
}

static gboolean load_definition (Components *c, guint index, GError **error);

/* Loads every definition the body of d names first. */
static gboolean
load_used (Components *c,
           const Def  *d,
           GError    **error)
{
  const JDoc *doc = c->loader->doc;
  guint32 elements = jv_member (doc, d->node, "elements");

  if (elements == 0 || jv (doc, elements)->type != JV_ARRAY)
    return TRUE;  /* the body's own load names the problem */
  for (guint32 e = jv_first (doc, elements); e != 0; e = jv_next (doc, e))
    {
      guint32 type = jv (doc, e)->type == JV_OBJECT ? jv_member (doc, e, "type") : 0;
      gpointer found;

      if (type == 0 || jv (doc, type)->type != JV_STRING)
        continue;
      found = g_hash_table_lookup (c->by_name, jv_string (doc, type));
      if (found != NULL && !load_definition (c, GPOINTER_TO_UINT (found) - 1, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_parameters (BgFileLoader *loader,
                 guint32       node,
                 const char   *path,
                 GPtrArray    *out,
                 GError      **error)
{
  const JDoc *doc = loader->doc;
  guint32 array = jv_member (doc, node, "parameters");
  g_autofree char *where = _bg_file_member_path (path, "parameters");
  guint i = 0;

  if (array == 0)
    return TRUE;
  if (jv (doc, array)->type != JV_ARRAY)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("must be an array"));
      return FALSE;
    }
  for (guint32 p = jv_first (doc, array); p != 0; p = jv_next (doc, p), i++)
    {
      if (jv (doc, p)->type != JV_STRING)
        {
          g_autofree char *item = g_strdup_printf ("%s[%u]", where, i);

          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, item, _("must be a string"));
          return FALSE;
        }
      g_ptr_array_add (out, (gpointer) jv_string (doc, p));
    }
  return TRUE;
}

/* The elements and bonds of the object at node into body; JSON paths
 * start with path ("components.Tank", or "" for a file's top level). */
static gboolean
load_body (BgFileLoader *loader,
           guint32       node,
           const char   *path,
           BgModel      *body,
           GError      **error)
{
  g_autofree char *prefix = path != NULL && *path != '\0' ? g_strconcat (path, ".", NULL)
                                                           : g_strdup ("");
  BgFileLoader sub = {
    .doc = loader->doc, .model = body,
    .graph = node, .prefix = prefix,
  };
  gboolean ok;

  bg_model_begin_unrecorded (body);
  ok = _bg_file_load_graph (&sub, error);
  bg_model_end_group (body);
  bg_model_clear_history (body);
  return ok;
}

BgDefinition *
_bg_file_read_definition (BgFileLoader *loader,
                          guint32       node,
                          const char   *name,
                          const char   *path,
                          const char   *label_key,
                          GError      **error)
{
  const JDoc *doc = loader->doc;
  g_autoptr(BgModel) body = NULL;
  g_autoptr(GPtrArray) parameters = g_ptr_array_new ();
  g_autoptr(GError) local_error = NULL;
  const char *label, *description;
  BgDefinition *def;

  if (!_bg_file_get_string (doc, node, path, label_key, FALSE, &label, error)
      || !_bg_file_get_string (doc, node, path, "description", FALSE, &description, error)
      || !read_parameters (loader, node, path, parameters, error))
    return NULL;

  body = bg_model_new_body (loader->model);
  if (!load_body (loader, node, path, body, error))
    return NULL;

  g_ptr_array_add (parameters, NULL);
  def = _bg_definition_new (name, body, label, description,
                            (const char *const *) parameters->pdata, &local_error);
  if (def == NULL)
    {
      _bg_file_set_error_from (error, path, local_error);
      return NULL;
    }
  for (guint i = 0; def->parameters[i] != NULL; i++)
    if (bg_component_spec_find_param (def->spec, def->parameters[i], NULL) == NULL)
      {
        g_autofree char *array = _bg_file_member_path (path, "parameters");
        g_autofree char *where = g_strdup_printf ("%s[%u]", array, i);
        g_autofree char *shown = excerpt (def->parameters[i]);

        _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                            _("no parameter \"%s\" inside (write ELEMENT.PARAM, e.g. \"C.value\")"),
                            shown);
        _bg_definition_free (def);
        return NULL;
      }
  return def;
}

static gboolean
load_definition (Components *c,
                 guint       index,
                 GError    **error)
{
  Def *d = &g_array_index (c->defs, Def, index);
  BgFileLoader *loader = c->loader;
  g_autofree char *path = g_strconcat ("components.", d->name, NULL);
  g_autoptr(GError) local_error = NULL;
  BgDefinition *def;

  if (d->state == DEF_LOADED)
    return TRUE;
  if (d->state == DEF_VISITING)
    {
      g_autofree char *cycle = cycle_text (c, d->name);

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, cycle,
                          _("a component cannot contain itself, directly or through others"));
      return FALSE;
    }
  if (c->stack->len >= BG_DEFINITION_MAX_DEPTH)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path,
                          _("components nest more than %u levels deep"),
                          (guint) BG_DEFINITION_MAX_DEPTH);
      return FALSE;
    }

  d->state = DEF_VISITING;
  g_ptr_array_add (c->stack, (gpointer) d->name);
  if (!load_used (c, d, error))
    return FALSE;
  g_ptr_array_remove_index (c->stack, c->stack->len - 1);

  def = _bg_file_read_definition (loader, d->node, d->name, path, "label", error);
  if (def == NULL)
    return FALSE;
  if (!bg_model_add_definition (loader->model, def, &local_error))
    {
      _bg_file_set_error_from (error, path, local_error);
      return FALSE;
    }
  d->state = DEF_LOADED;
  return TRUE;
}

static gboolean
collect (Components *c,
         guint32     components,
         GError    **error)
{
  const JDoc *doc = c->loader->doc;

  for (guint32 m = jv_first (doc, components); m != 0; m = jv_next (doc, m))
    {
      Def d = { jv_key (doc, m), m, DEF_NEW };
      g_autofree char *shown = excerpt (d.name);
      g_autofree char *path = g_strconcat ("components.", shown, NULL);

      if (c->defs->len >= BG_DEFINITION_MAX_COUNT)
        {
          _bg_file_set_error (error, BG_FILE_ERROR_TOO_LARGE, "components",
                              _("more than %u definitions"), (guint) BG_DEFINITION_MAX_COUNT);
          return FALSE;
        }
      if (!bg_id_is_valid (d.name) || strchr (d.name, '.') != NULL)
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path,
                              _("\"%s\" is not a valid component name (use letters, digits and _, "
                                "not starting with a digit)"), shown);
          return FALSE;
        }
      if (bg_library_is_type (d.name))
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path,
                              _("\"%s\" is a library type; give the component another name"), shown);
          return FALSE;
        }
      if (jv (doc, m)->type != JV_OBJECT)
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
          return FALSE;
        }
      if (g_hash_table_contains (c->by_name, d.name))
        {
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("defined twice"));
          return FALSE;
        }
      g_array_append_val (c->defs, d);
      g_hash_table_insert (c->by_name, (gpointer) d.name, GUINT_TO_POINTER (c->defs->len));
    }
  return TRUE;
}

gboolean
_bg_file_load_components (BgFileLoader *loader,
                          GError      **error)
{
  const JDoc *doc = loader->doc;
  guint32 components = jv_member (doc, 0, "components");
  Components c = { loader, NULL, NULL, NULL };
  gboolean ok;

  if (components == 0)
    return TRUE;
  if (jv (doc, components)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "components", _("must be an object"));
      return FALSE;
    }
  c.defs = g_array_new (FALSE, FALSE, sizeof (Def));
  c.by_name = g_hash_table_new (g_str_hash, g_str_equal);
  c.stack = g_ptr_array_new ();
  ok = collect (&c, components, error);
  for (guint i = 0; ok && i < c.defs->len; i++)
    ok = load_definition (&c, i, error);
  g_array_unref (c.defs);
  g_hash_table_unref (c.by_name);
  g_ptr_array_unref (c.stack);
  return ok;
}

gboolean
_bg_file_check_flat_size (BgFileLoader *loader,
                          GError      **error)
{
  GPtrArray *elements = bg_model_get_elements (loader->model);
  guint64 n = 0;

  if (!bg_model_has_components (loader->model))
    return TRUE;
  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      const BgDefinition *def = bg_definition_of_spec (el->spec);

      n += def != NULL ? def->n_flat : 1;
    }
  if (n > BG_MODEL_MAX_ELEMENTS)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n);

      _bg_file_set_error (error, BG_FILE_ERROR_TOO_LARGE, "elements",
                          _("with its components drawn out the model has %s elements; at most %u are allowed"),
                          count, (guint) BG_MODEL_MAX_ELEMENTS);
      return FALSE;
    }
  return TRUE;
}

gboolean
_bg_file_inner_bond_exists (BgModel    *model,
                            const char *path)
{
  return bg_model_find_inner_bond (model, path) != NULL;
}
