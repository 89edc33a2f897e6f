/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-file-elements.c — reading a .bgmod file's elements and bonds.
 *
 * Owns: the validation of one entry of "elements" or "bonds" (its keys, id,
 * type and domain, position, gyrator second domain, bond ends "EL" or
 * "EL.PORT" and arrow) and adding it to the model being built, with
 * messages that name the JSON path ("bonds[3].to: no element \"C7\"").
 * Must not: read parameters (bg-file-params.c), bypass the model's edit
 * API, or keep anything beyond the load (BgFileLoader).
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-file-private.h"

/* "elements[12]", or "components.Tank.elements[12]" inside a definition. */
static const char *
item_path (BgFileLoader *loader,
           char          buf[BG_FILE_PATH_MAX],
           const char   *array,
           guint         index)
{
  char item[48];

  if (loader->prefix == NULL || loader->prefix[0] == '\0')
    return _bg_file_item_path (buf, array, index);
  g_snprintf (buf, BG_FILE_PATH_MAX, "%s%s", loader->prefix,
              _bg_file_item_path (item, array, index));
  return buf;
}

/* Whether an element or a bond of the model being built has id. */
static gboolean
id_taken (BgFileLoader *loader,
          const char   *id)
{
  return bg_model_find_element (loader->model, id) != NULL
         || bg_model_find_bond (loader->model, id) != NULL;
}

static gboolean
check_id (BgFileLoader *loader,
          const char   *path,
          const char   *id,
          GError      **error)
{
  g_autofree char *where = NULL;

  if (strlen (id) <= BG_ID_MAX_LENGTH && bg_id_is_valid (id) && !id_taken (loader, id))
    return TRUE;

  where = _bg_file_member_path (path, "id");
  if (strlen (id) > BG_ID_MAX_LENGTH)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("longer than %d characters"), BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (!bg_id_is_valid (id))
    {
      g_autofree char *shown = excerpt (id);

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("\"%s\" is not a valid id (use letters, digits and _, "
                            "not starting with a digit)"), shown);
      return FALSE;
    }
  if (id_taken (loader, id))
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("duplicate id \"%s\""), id);
      return FALSE;
    }
  return TRUE;
}

static const char *const element_keys[] = {
  "id", "type", "domain", "domain_s", "x", "y", "rotation", "label", "params", NULL
};

/* `domain_s`: a gyrator's S side in another domain (GY only). */
static gboolean
load_domain_s (BgFileLoader *loader,
               guint32       obj,
               const char   *path,
               BgElement    *element,
               GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *where = NULL;
  const char *id;
  BgDomain domain;

  if (!_bg_file_get_string (loader->doc, obj, path, "domain_s", FALSE, &id, error))
    return FALSE;
  if (id == NULL)
    return TRUE;
  where = _bg_file_member_path (path, "domain_s");
  if (!element->spec->has_domain_s)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("only a gyrator (GY) has a second domain"));
      return FALSE;
    }
  domain = bg_domain_from_id (id);
  if (domain == BG_DOMAIN_NONE)
    {
      g_autofree char *shown = excerpt (id);

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("unknown domain \"%s\" (use electrical, hydraulic, "
                            "translational or rotational)"), shown);
      return FALSE;
    }
  if (!bg_model_set_domain_s (loader->model, element->id, domain, &local_error))
    {
      _bg_file_set_error_from (error, where, local_error);
      return FALSE;
    }
  return TRUE;
}

/* Type and domain of an element object, checked. */
/* An advanced component's "domain" key must be the domain of one of its
 * ports: "electrical" on a CylinderDA (hydraulic and translational ports)
 * is refused. */
static gboolean
check_advanced_domain (const char  *type,
                       BgDomain     domain,
                       const char  *domain_path,
                       GError     **error)
{
  const BgComponentSpec *spec = bg_library_lookup (type, BG_DOMAIN_NONE);
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < spec->n_ports; i++)
    {
      const char *id = bg_domain_to_id (spec->ports[i].domain);

      if (spec->ports[i].domain == domain)
        return TRUE;
      if (strstr (list->str, id) == NULL)
        g_string_append_printf (list, "%s%s", list->len > 0 ? ", " : "", id);
    }
  _bg_file_set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                      _("\"%s\" contradicts the ports of %s (%s); leave the key out"),
                      bg_domain_to_id (domain), type, list->str);
  return FALSE;
}

static gboolean
read_type_domain (BgFileLoader *loader,
                  guint32      obj,
                  const char  *path,
                  const char **type_out,
                  BgDomain    *domain_out,
                  GError     **error)
{
  const JDoc *doc = loader->doc;
  const char *type;
  const char *domain_id;
  g_autofree char *domain_path = NULL;
  g_autofree char *shown = NULL;

  if (!_bg_file_get_string (doc, obj, path, "type", TRUE, &type, error))
    return FALSE;
  if (!bg_library_is_type (type) && bg_model_find_definition (loader->model, type) != NULL)
    {
      /* An instance: its definition knows the domains of its ports. */
      if (jv_member (doc, obj, "domain") != 0 || jv_member (doc, obj, "domain_s") != 0)
        {
          domain_path = _bg_file_member_path (path, jv_member (doc, obj, "domain") != 0
                                                    ? "domain" : "domain_s");
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                              _("an instance of %s takes its domains from the component's ports; leave the key out"),
                              type);
          return FALSE;
        }
      *type_out = type;
      *domain_out = BG_DOMAIN_NONE;
      return TRUE;
    }
  if (g_strcmp0 (type, "Port") == 0 && !bg_model_is_body (loader->model))
    {
      g_autofree char *type_path = _bg_file_member_path (path, "type");

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, type_path,
                          _("a Port belongs inside a component definition (\"components\"), not in the model itself"));
      return FALSE;
    }
  if (!bg_library_is_type (type))
    {
      g_autofree char *type_path = _bg_file_member_path (path, "type");

      shown = excerpt (type);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, type_path, _("unknown type \"%s\""), shown);
      return FALSE;
    }
  if (!_bg_file_get_string (doc, obj, path, "domain", FALSE, &domain_id, error))
    return FALSE;

  *type_out = type;
  *domain_out = BG_DOMAIN_NONE;
  if (domain_id == NULL && bg_library_type_is_advanced (type))
    return TRUE;
  if (domain_id != NULL)
    *domain_out = bg_domain_from_id (domain_id);
  if (*domain_out != BG_DOMAIN_NONE)
    {
      if (!bg_library_type_is_advanced (type))
        return TRUE;
      /* Advanced components know their own domains; a key naming none of
       * their ports' domains is a mistake, not a hint. */
      domain_path = _bg_file_member_path (path, "domain");
      if (!check_advanced_domain (type, *domain_out, domain_path, error))
        return FALSE;
      *domain_out = BG_DOMAIN_NONE;
      return TRUE;
    }

  domain_path = _bg_file_member_path (path, "domain");
  if (domain_id == NULL)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                          _("missing (%s needs one of: electrical, hydraulic, "
                            "translational, rotational)"), type);
      return FALSE;
    }
  shown = excerpt (domain_id);
  _bg_file_set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                      _("unknown domain \"%s\" (use electrical, hydraulic, "
                        "translational or rotational)"), shown);
  return FALSE;
}

static gboolean
read_position (const JDoc *doc,
               guint32     obj,
               const char *path,
               double     *x,
               double     *y,
               int        *rotation,
               GError    **error)
{
  double number = 0;
  gboolean present;

  *x = *y = 0;
  *rotation = 0;
  if (!_bg_file_get_number (doc, obj, path, "x", x, &present, error)
      || !_bg_file_get_number (doc, obj, path, "y", y, &present, error)
      || !_bg_file_get_number (doc, obj, path, "rotation", &number, &present, error))
    return FALSE;
  if (present)
    {
      if (number != 0 && number != 90 && number != 180 && number != 270)
        {
          g_autofree char *where = _bg_file_member_path (path, "rotation");

          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                              _("must be 0, 90, 180 or 270"));
          return FALSE;
        }
      *rotation = (int) number;
    }
  return TRUE;
}

gboolean
_bg_file_load_element (BgFileLoader *loader,
                       guint32       obj,
                       guint         index,
                       GError      **error)
{
  const JDoc *doc = loader->doc;
  char path_buf[BG_FILE_PATH_MAX];
  const char *path = item_path (loader, path_buf, "elements", index);
  g_autoptr(GError) local_error = NULL;
  const char *id, *type, *label;
  BgDomain domain;
  BgElement *element;
  guint32 params;
  double x, y;
  int rotation;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!_bg_file_check_known_keys (doc, obj, path, element_keys, error)
      || !_bg_file_get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !read_type_domain (loader, obj, path, &type, &domain, error)
      || !read_position (doc, obj, path, &x, &y, &rotation, error)
      || !_bg_file_get_string (doc, obj, path, "label", FALSE, &label, error))
    return FALSE;

  element = bg_model_add_element (loader->model, type, domain, id, x, y, &local_error);
  if (element == NULL)
    {
      _bg_file_set_error_from (error, path, local_error);
      return FALSE;
    }

  if (rotation != 0
      && !bg_model_set_rotation (loader->model, id, rotation, &local_error))
    {
      g_autofree char *where = _bg_file_member_path (path, "rotation");

      _bg_file_set_error_from (error, where, local_error);
      return FALSE;
    }
  if (label != NULL && *label != '\0'
      && !bg_model_set_label (loader->model, id, label, &local_error))
    {
      g_autofree char *where = _bg_file_member_path (path, "label");

      _bg_file_set_error_from (error, where, local_error);
      return FALSE;
    }

  if (!load_domain_s (loader, obj, path, element, error))
    return FALSE;
  params = jv_member (doc, obj, "params");
  if (params != 0 && !_bg_file_load_params (loader, element, params, path, error))
    return FALSE;
  return TRUE;
}

static char *
port_list (const BgComponentSpec *spec)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < spec->n_ports; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", spec->ports[i].name);
  return g_string_free (list, FALSE);
}

/* Checks a bond end "EL" or "EL.PORT" and returns the reference to hand to
 * the model (the bare id for junctions and one-ports). */
static char *
resolve_end (BgFileLoader *loader,
             const char   *ref,
             const char   *path,
             const char   *key,
             GError      **error)
{
  g_autofree char *where = NULL;
  g_autofree char *element_id = NULL;
  const char *dot = strchr (ref, '.');
  const char *port = dot ? dot + 1 : NULL;
  BgElement *element;
  const BgComponentSpec *spec;

  element_id = dot ? g_strndup (ref, dot - ref) : g_strdup (ref);
  element = bg_model_find_element (loader->model, element_id);
  if (element == NULL)
    {
      g_autofree char *shown = excerpt (element_id);

      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("no element \"%s\""), shown);
      return NULL;
    }
  spec = element->spec;

  if (spec->variable_ports)
    {
      if (port != NULL)
        {
          where = _bg_file_member_path (path, key);
          _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                              _("junction %s has no named ports; write \"%s\""),
                              element_id, element_id);
          return NULL;
        }
      return g_steal_pointer (&element_id);
    }

  if (port == NULL)
    {
      g_autofree char *ports = NULL;

      if (spec->n_ports == 1)
        return g_steal_pointer (&element_id);
      ports = port_list (spec);
      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("%s has several ports; name one as \"%s.PORT\" (ports: %s)"),
                          element_id, element_id, ports);
      return NULL;
    }

  if (bg_component_spec_find_port (spec, port, NULL) == NULL)
    {
      g_autofree char *ports = port_list (spec);
      g_autofree char *shown = excerpt (port);

      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("%s has no port \"%s\" (ports: %s)"), element_id, shown, ports);
      return NULL;
    }
  if (spec->n_ports == 1)
    return g_steal_pointer (&element_id);
  return g_strdup (ref);
}

static const char *const bond_keys[] = { "id", "from", "to", "arrow", NULL };

gboolean
_bg_file_load_bond (BgFileLoader *loader,
                    guint32       obj,
                    guint         index,
                    GError      **error)
{
  const JDoc *doc = loader->doc;
  char path_buf[BG_FILE_PATH_MAX];
  const char *path = item_path (loader, path_buf, "bonds", index);
  g_autofree char *from = NULL, *to = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *id, *from_ref, *to_ref, *arrow;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!_bg_file_check_known_keys (doc, obj, path, bond_keys, error)
      || !_bg_file_get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !_bg_file_get_string (doc, obj, path, "from", TRUE, &from_ref, error)
      || !_bg_file_get_string (doc, obj, path, "to", TRUE, &to_ref, error)
      || !_bg_file_get_string (doc, obj, path, "arrow", FALSE, &arrow, error))
    return FALSE;

  if (arrow != NULL && strcmp (arrow, "forward") != 0 && strcmp (arrow, "reversed") != 0)
    {
      g_autofree char *where = _bg_file_member_path (path, "arrow");

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("must be \"forward\" or \"reversed\""));
      return FALSE;
    }

  from = resolve_end (loader, from_ref, path, "from", error);
  if (from == NULL)
    return FALSE;
  to = resolve_end (loader, to_ref, path, "to", error);
  if (to == NULL)
    return FALSE;

  if (bg_model_connect (loader->model, from, to, id, &local_error) == NULL)
    {
      _bg_file_set_error_from (error, path, local_error);
      return FALSE;
    }

  if (arrow != NULL && strcmp (arrow, "reversed") == 0
      && !bg_model_reverse_arrow (loader->model, id, &local_error))
    {
      _bg_file_set_error_from (error, path, local_error);
      return FALSE;
    }
  return TRUE;
}
