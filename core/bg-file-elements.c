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

  /* (bg_model_add_element and bg_model_connect refuse the same ids.) */
  if (loader->optimistic
      || (strlen (id) <= BG_ID_MAX_LENGTH && bg_id_is_valid (id) && !id_taken (loader, id)))
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

/* The start of an element or a bond at path: an object with only the known
 * keys (found into members, by their place in known, whose first is "id")
 * and a new, valid "id". */
static gboolean
read_item_id (BgFileLoader      *loader,
              guint32            obj,
              const char        *path,
              const char *const *known,
              guint32           *members,
              const char       **id,
              GError           **error)
{
  const JDoc *doc = loader->doc;

  g_assert (strcmp (known[0], "id") == 0);
  if (jv (doc, obj)->type != JV_OBJECT)
    {
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }
  return _bg_file_read_members (doc, obj, path, known, members, error)
         && _bg_file_string_at (doc, members[0], path, "id", TRUE, id, error)
         && check_id (loader, path, *id, error);
}

static const char *const element_keys[] = {
  "id", "type", "domain", "domain_s", "x", "y", "rotation", "label", "params", NULL
};

/* The members of an element object, by their place in element_keys. */
enum
{
  M_ID,
  M_TYPE,
  M_DOMAIN,
  M_DOMAIN_S,
  M_X,
  M_Y,
  M_ROTATION,
  M_LABEL,
  M_PARAMS,
  N_ELEMENT_KEYS
};

/* `domain_s`: a gyrator's S side in another domain (GY only). */
static gboolean
load_domain_s (BgFileLoader  *loader,
               const guint32 *m,
               const char    *path,
               BgElement     *element,
               GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *where = NULL;
  const char *id;
  BgDomain domain;

  if (!_bg_file_string_at (loader->doc, m[M_DOMAIN_S], path, "domain_s", FALSE, &id, error))
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

/* bg_library_type_is_advanced (type), found through the spec of the
 * domain the file gives when there is one (a shorter search). */
static gboolean
type_is_advanced (const char *type,
                  BgDomain    domain)
{
  const BgComponentSpec *spec = bg_library_lookup (type, domain);

  return spec != NULL ? spec->section == BG_SECTION_ADVANCED : bg_library_type_is_advanced (type);
}

static gboolean
read_type_domain (BgFileLoader  *loader,
                  const guint32 *m,
                  const char    *path,
                  const char   **type_out,
                  BgDomain      *domain_out,
                  GError       **error)
{
  const JDoc *doc = loader->doc;
  const char *type;
  const char *domain_id;
  g_autofree char *domain_path = NULL;
  g_autofree char *shown = NULL;

  if (!_bg_file_string_at (doc, m[M_TYPE], path, "type", TRUE, &type, error))
    return FALSE;
  if (!bg_library_is_type (type) && bg_model_find_definition (loader->model, type) != NULL)
    {
      /* An instance: its definition knows the domains of its ports. */
      if (m[M_DOMAIN] != 0 || m[M_DOMAIN_S] != 0)
        {
          domain_path = _bg_file_member_path (path, m[M_DOMAIN] != 0 ? "domain" : "domain_s");
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
  if (!_bg_file_string_at (doc, m[M_DOMAIN], path, "domain", FALSE, &domain_id, error))
    return FALSE;

  *type_out = type;
  *domain_out = BG_DOMAIN_NONE;
  if (domain_id == NULL && bg_library_type_is_advanced (type))
    return TRUE;
  if (domain_id != NULL)
    *domain_out = bg_domain_from_id (domain_id);
  if (*domain_out != BG_DOMAIN_NONE)
    {
      if (!type_is_advanced (type, *domain_out))
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
read_position (const JDoc    *doc,
               const guint32 *m,
               const char    *path,
               double        *x,
               double        *y,
               int           *rotation,
               GError       **error)
{
  double number = 0;
  gboolean present;

  *x = *y = 0;
  *rotation = 0;
  if (!_bg_file_number_at (doc, m[M_X], path, "x", x, &present, error)
      || !_bg_file_number_at (doc, m[M_Y], path, "y", y, &present, error)
      || !_bg_file_number_at (doc, m[M_ROTATION], path, "rotation", &number, &present, error))
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
  guint32 m[N_ELEMENT_KEYS];
  BgDomain domain;
  BgElement *element;
  double x, y;
  int rotation;

  if (!read_item_id (loader, obj, path, element_keys, m, &id, error)
      || !read_type_domain (loader, m, path, &type, &domain, error)
      || !read_position (doc, m, path, &x, &y, &rotation, error)
      || !_bg_file_string_at (doc, m[M_LABEL], path, "label", FALSE, &label, error))
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

  if (!load_domain_s (loader, m, path, element, error))
    return FALSE;
  if (m[M_PARAMS] != 0 && !_bg_file_load_params (loader, element, m[M_PARAMS], path, error))
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

/* A bond end being resolved: the text before its dot (in buf unless it is
 * longer than any id) and the reference for the model. */
typedef struct
{
  char        buf[BG_ID_MAX_LENGTH + 1];
  char       *long_id;   /* owned, when buf is too short */
  const char *ref;       /* what to hand to the model */
} BondEnd;

static void
bond_end_clear (BondEnd *end)
{
  g_clear_pointer (&end->long_id, g_free);
}

/* Checks a bond end "EL" or "EL.PORT" and sets end->ref, the reference to
 * hand to the model (the bare id for junctions and one-ports). */
static gboolean
resolve_end (BgFileLoader *loader,
             const char   *ref,
             const char   *path,
             const char   *key,
             BondEnd      *end,
             GError      **error)
{
  g_autofree char *where = NULL;
  const char *dot = strchr (ref, '.');
  const char *port = dot ? dot + 1 : NULL;
  const char *element_id = ref;
  BgElement *element;
  const BgComponentSpec *spec;

  if (dot != NULL && (gsize) (dot - ref) < sizeof end->buf)
    {
      memcpy (end->buf, ref, dot - ref);
      end->buf[dot - ref] = '\0';
      element_id = end->buf;
    }
  else if (dot != NULL)
    element_id = end->long_id = g_strndup (ref, dot - ref);
  end->ref = NULL;
  element = bg_model_find_element (loader->model, element_id);
  if (element == NULL)
    {
      g_autofree char *shown = excerpt (element_id);

      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where, _("no element \"%s\""), shown);
      return FALSE;
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
          return FALSE;
        }
      end->ref = element_id;
      return TRUE;
    }

  if (port == NULL)
    {
      g_autofree char *ports = NULL;

      if (spec->n_ports == 1)
        {
          end->ref = element_id;
          return TRUE;
        }
      ports = port_list (spec);
      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("%s has several ports; name one as \"%s.PORT\" (ports: %s)"),
                          element_id, element_id, ports);
      return FALSE;
    }

  if (bg_component_spec_find_port (spec, port, NULL) == NULL)
    {
      g_autofree char *ports = port_list (spec);
      g_autofree char *shown = excerpt (port);

      where = _bg_file_member_path (path, key);
      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("%s has no port \"%s\" (ports: %s)"), element_id, shown, ports);
      return FALSE;
    }
  end->ref = spec->n_ports == 1 ? element_id : ref;
  return TRUE;
}

static const char *const bond_keys[] = { "id", "from", "to", "arrow", NULL };

/* The members of a bond object, by their place in bond_keys. */
enum
{
  B_ID,
  B_FROM,
  B_TO,
  B_ARROW,
  N_BOND_KEYS
};

gboolean
_bg_file_load_bond (BgFileLoader *loader,
                    guint32       obj,
                    guint         index,
                    GError      **error)
{
  const JDoc *doc = loader->doc;
  char path_buf[BG_FILE_PATH_MAX];
  const char *path = item_path (loader, path_buf, "bonds", index);
  BondEnd from = { .long_id = NULL }, to = { .long_id = NULL };
  g_autoptr(GError) local_error = NULL;
  gboolean ok = FALSE;
  const char *id, *from_ref, *to_ref, *arrow;
  guint32 m[N_BOND_KEYS];

  if (!read_item_id (loader, obj, path, bond_keys, m, &id, error)
      || !_bg_file_string_at (doc, m[B_FROM], path, "from", TRUE, &from_ref, error)
      || !_bg_file_string_at (doc, m[B_TO], path, "to", TRUE, &to_ref, error)
      || !_bg_file_string_at (doc, m[B_ARROW], path, "arrow", FALSE, &arrow, error))
    return FALSE;

  if (arrow != NULL && strcmp (arrow, "forward") != 0 && strcmp (arrow, "reversed") != 0)
    {
      g_autofree char *where = _bg_file_member_path (path, "arrow");

      _bg_file_set_error (error, BG_FILE_ERROR_INVALID, where,
                          _("must be \"forward\" or \"reversed\""));
      return FALSE;
    }

  /* The model resolves the ends again, refusing the same ones (as the
   * streamed load needs: it gives up on any refusal). */
  if (loader->optimistic)
    {
      from.ref = from_ref;
      to.ref = to_ref;
    }
  else if (!resolve_end (loader, from_ref, path, "from", &from, error)
           || !resolve_end (loader, to_ref, path, "to", &to, error))
    goto out;
  if (bg_model_connect (loader->model, from.ref, to.ref, id, &local_error) == NULL)
    {
      _bg_file_set_error_from (error, path, local_error);
      goto out;
    }

  if (arrow != NULL && strcmp (arrow, "reversed") == 0
      && !bg_model_reverse_arrow (loader->model, id, &local_error))
    {
      _bg_file_set_error_from (error, path, local_error);
      goto out;
    }
  ok = TRUE;

out:
  bond_end_clear (&from);
  bond_end_clear (&to);
  return ok;
}
