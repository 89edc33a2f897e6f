/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-component.c — component files: one user component as an
 * ordinary .bgmod file (docs/file-format.md, Components).
 *
 * Owns: reading a component file into a model of its own (its
 * "components" first, then its top level as the component, under the
 * name the caller gives), the refusal of a file that is a model rather
 * than a component and of a name that cannot name one, and copying a
 * definition into another model through its text. Must not: lay out or
 * save files (bg-file-write.c, bg-file-save.c), or know where the
 * component library lives (bg-component-library.c).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-file-private.h"
#include "bg-definition.h"

/* Whether the top level's elements include a Port. */
static gboolean
has_top_level_port (const JDoc *doc)
{
  guint32 elements = jv_member (doc, 0, "elements");

  if (elements == 0 || jv (doc, elements)->type != JV_ARRAY)
    return FALSE;
  for (guint32 e = jv_first (doc, elements); e != 0; e = jv_next (doc, e))
    {
      guint32 type = jv (doc, e)->type == JV_OBJECT ? jv_member (doc, e, "type") : 0;

      if (type != 0 && jv (doc, type)->type == JV_STRING
          && strcmp (jv_string (doc, type), "Port") == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
check_name (const char *name,
            GError    **error)
{
  g_autofree char *shown = excerpt (name);

  if (!bg_id_is_valid (name))
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, NULL,
                          _("\"%s\" is not a valid component name (use letters, digits and _, "
                            "not starting with a digit)"), shown);
      return FALSE;
    }
  if (bg_library_is_type (name))
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, NULL,
                          _("\"%s\" is a library type; give the component another name"), shown);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_component (BgFileLoader *loader,
                const char   *name,
                GError      **error)
{
  const JDoc *doc = loader->doc;
  g_autoptr(GError) local_error = NULL;
  BgDefinition *def;

  if (!_bg_file_check_header (doc, error))
    return FALSE;
  if (jv_member (doc, 0, "elements") != 0 && !has_top_level_port (doc))
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, "elements",
                          _("no Port element: this is a model, not a component "
                            "(a component file's Port elements are its ports)"));
      return FALSE;
    }
  if (!check_name (name, error))
    return FALSE;
  if (!_bg_file_load_components (loader, error))
    return FALSE;
  def = _bg_file_read_definition (loader, 0, name, "", "name", error);
  if (def == NULL)
    return FALSE;
  if (def->n_flat > BG_MODEL_MAX_ELEMENTS)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, def->n_flat);

      _bg_file_set_error (error, BG_FILE_ERROR_TOO_LARGE, "elements",
                          _("with its components drawn out the model has %s elements; at most %u are allowed"),
                          count, (guint) BG_MODEL_MAX_ELEMENTS);
      _bg_definition_free (def);
      return FALSE;
    }
  if (!bg_model_add_definition (loader->model, def, &local_error))
    {
      /* its "components" already hold a definition of that name */
      _bg_file_set_error_from (error, "components", local_error);
      return FALSE;
    }
  return TRUE;
}

BgModel *
bg_file_load_component_from_data (const char *data,
                                  gssize      length,
                                  const char *name,
                                  GError    **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return _bg_file_load_data (data, length, load_component, name, error);
}

BgModel *
bg_file_load_component (GFile      *file,
                        const char *name,
                        GError    **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_file_get_parse_name (file);
  return _bg_file_load_file (file, display_name, load_component, name, error);
}

BgDefinition *
bg_file_copy_definition (const BgDefinition *def,
                         BgModel            *model,
                         GError            **error)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autoptr(JDoc) doc = NULL;
  BgFileLoader loader = { NULL, NULL, 0, "" };

  g_return_val_if_fail (def != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (!bg_model_is_body (model), NULL);

  text = bg_file_definition_to_data (def);
  doc = _bg_file_read_json (text, strlen (text), error);
  if (doc == NULL)
    return NULL;
  loader.doc = doc;
  loader.model = model;
  path = g_strconcat ("components.", def->name, NULL);
  return _bg_file_read_definition (&loader, 0, def->name, path, "label", error);
}
