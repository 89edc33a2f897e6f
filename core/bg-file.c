/* bg-file.c — reading and writing .bgmod files (FORMAT.md).
 *
 * Owns: the .bgmod schema: the limits of a file, the validation of every
 * field of an untrusted file with messages that name the JSON path, the
 * mapping of a document onto the bg_model_* edit calls, the canonical
 * layout of a saved model and atomic saves. The JSON itself is read and
 * written by bg-json.c (which says why it is not json-glib).
 *
 * Must not: keep state between calls, touch GTK, bypass the model's edit API,
 * or ever hand back a half-loaded model (on any error the model being built is
 * dropped whole).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "bg-file.h"
#include "bg-file-read.h"
#include "bg-json.h"
#include "bg-waveform.h"

#define BG_FILE_FORMAT_ID      "bgmod"
#define BG_FILE_FORMAT_VERSION 1
/* Bounds the memory a hostile file can make us allocate: a model at the
 * element limit with all its bonds and parameters needs about 3 million. */
#define BG_FILE_MAX_VALUES     5000000
#define BG_FILE_MAX_BONDS      (2 * BG_MODEL_MAX_ELEMENTS)
/* Output rows a file may ask for (t_end / output_step). */

G_DEFINE_QUARK (bg-file-error-quark, bg_file_error)

/* The schema code reads documents through these short names (bg-json.h). */
typedef BgJsonDoc   JDoc;
typedef BgJsonValue Jv;
#define JV_NULL       BG_JSON_NULL
#define JV_FALSE      BG_JSON_FALSE
#define JV_TRUE       BG_JSON_TRUE
#define JV_NUMBER     BG_JSON_NUMBER
#define JV_STRING     BG_JSON_STRING
#define JV_ARRAY      BG_JSON_ARRAY
#define JV_OBJECT     BG_JSON_OBJECT
#define jv            bg_json_get
#define jv_string     bg_json_get_string
#define jv_key        bg_json_get_key
#define jv_first      bg_json_get_first
#define jv_next       bg_json_get_next
#define jv_member     bg_json_get_member
#define excerpt       bg_json_excerpt
#define append_number bg_json_append_number
#define append_string bg_json_append_string
#define append_value  bg_json_append_value
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JDoc, bg_json_doc_free)

static const BgJsonLimits file_limits = {
  BG_FILE_MAX_BYTES, BG_FILE_MAX_VALUES, BG_FILE_MAX_DEPTH
};

/* Parses a file's text; a JSON error becomes BG_FILE_ERROR_SYNTAX (or
 * _TOO_LARGE) with the same message. */
static JDoc *
read_json (const char *data,
           gsize       length,
           GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  JDoc *doc = bg_json_parse (data, length, &file_limits, &local_error);

  if (doc == NULL)
    g_set_error_literal (error, BG_FILE_ERROR,
                         g_error_matches (local_error, BG_JSON_ERROR,
                                          BG_JSON_ERROR_TOO_LARGE)
                         ? BG_FILE_ERROR_TOO_LARGE : BG_FILE_ERROR_SYNTAX,
                         local_error->message);
  return doc;
}

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

static void set_error (GError    **error,
                       BgFileError code,
                       const char *path,
                       const char *format,
                       ...) G_GNUC_PRINTF (4, 5);

/* Sets "path: message" (or just the message when path is NULL or ""). */
static void
set_error (GError    **error,
           BgFileError code,
           const char *path,
           const char *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (path != NULL && *path != '\0')
    g_set_error (error, BG_FILE_ERROR, code, "%s: %s", path, message);
  else
    g_set_error_literal (error, BG_FILE_ERROR, code, message);
}

/* Re-raises a model or library refusal as an INVALID file error at path. */
static void
set_error_from (GError    **error,
                const char *path,
                GError     *cause)
{
  set_error (error, BG_FILE_ERROR_INVALID, path, "%s", cause->message);
}

/* ------------------------------------------------------------------------
 * Typed access to members
 * ------------------------------------------------------------------------ */

static char *
member_path (const char *path,
             const char *key)
{
  if (path == NULL || *path == '\0')
    return g_strdup (key);
  return g_strconcat (path, ".", key, NULL);
}

/* "elements[12]" into buf, without a format string (one per element of a
 * large file). */
static const char *
item_path (char        buf[48],
           const char *array,
           guint       index)
{
  char digits[16];
  int n = 0;
  gsize len = strlen (array);

  do
    digits[n++] = (char) ('0' + index % 10);
  while ((index /= 10) > 0);
  memcpy (buf, array, len);
  buf[len++] = '[';
  while (n > 0)
    buf[len++] = digits[--n];
  buf[len++] = ']';
  buf[len] = '\0';
  return buf;
}

/* Whether key is one of known (NULL-terminated); the first letters are
 * compared before the rest. */
static gboolean
key_is_known (const char *const *known,
              const char        *key)
{
  for (; *known != NULL; known++)
    if ((*known)[0] == key[0] && strcmp (*known, key) == 0)
      return TRUE;
  return FALSE;
}

/* Reads an optional number member. *present tells whether it was there. */
static gboolean
get_number (const JDoc *doc,
            guint32     obj,
            const char *path,
            const char *key,
            double     *out,
            gboolean   *present,
            GError    **error)
{
  guint32 member = jv_member (doc, obj, key);

  *present = member != 0;
  if (member == 0)
    return TRUE;
  if (jv (doc, member)->type != JV_NUMBER)
    {
      g_autofree char *where = member_path (path, key);

      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
      return FALSE;
    }
  *out = jv (doc, member)->u.number;
  return TRUE;
}

/* Reads a string member; *out is NULL when absent. */
static gboolean
get_string (const JDoc  *doc,
            guint32      obj,
            const char  *path,
            const char  *key,
            gboolean     required,
            const char **out,
            GError     **error)
{
  guint32 member = jv_member (doc, obj, key);
  g_autofree char *where = NULL;

  *out = NULL;
  if (member == 0 && !required)
    return TRUE;
  if (member != 0 && jv (doc, member)->type == JV_STRING)
    {
      *out = jv_string (doc, member);
      return TRUE;
    }
  where = member_path (path, key);
  if (member == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("missing"));
      return FALSE;
    }
  if (jv (doc, member)->type != JV_STRING)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a string"));
      return FALSE;
    }
  g_assert_not_reached ();
}

static gboolean
check_known_keys (const JDoc        *doc,
                  guint32            obj,
                  const char        *path,
                  const char *const *known,
                  GError           **error)
{
  for (guint32 c = jv_first (doc, obj); c != 0; c = jv_next (doc, c))
    {
      if (!key_is_known (known, jv_key (doc, c)))
        {
          g_autofree char *where = member_path (path, jv_key (doc, c));

          set_error (error, BG_FILE_ERROR_INVALID, where, _("unknown key"));
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------------
 * Building the model
 * ------------------------------------------------------------------------ */

typedef struct
{
  const JDoc *doc;
  BgModel    *model;
  GHashTable *elements;  /* id (borrowed from the document) → BgElement* */
  GHashTable *bond_ids;  /* id (borrowed from the document) */
} Loader;

static gboolean
check_id (Loader     *loader,
          const char *path,
          const char *id,
          GError    **error)
{
  g_autofree char *where = NULL;

  if (strlen (id) <= BG_ID_MAX_LENGTH && bg_id_is_valid (id)
      && !g_hash_table_contains (loader->elements, id)
      && !g_hash_table_contains (loader->bond_ids, id))
    return TRUE;

  where = member_path (path, "id");
  if (strlen (id) > BG_ID_MAX_LENGTH)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("longer than %d characters"), BG_ID_MAX_LENGTH);
      return FALSE;
    }
  if (!bg_id_is_valid (id))
    {
      g_autofree char *shown = excerpt (id);

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("\"%s\" is not a valid id (use letters, digits and _, "
                   "not starting with a digit)"), shown);
      return FALSE;
    }
  if (g_hash_table_contains (loader->elements, id)
      || g_hash_table_contains (loader->bond_ids, id))
    {
      set_error (error, BG_FILE_ERROR_INVALID, where, _("duplicate id \"%s\""), id);
      return FALSE;
    }
  return TRUE;
}

static char *
join_choices (const char *const *choices)
{
  return g_strjoinv (", ", (char **) choices);
}

static gboolean
read_table (const JDoc   *doc,
            guint32       node,
            const char   *where,
            BgParamValue *value,
            GError      **error)
{
  guint r = 0;

  if (jv (doc, node)->type != JV_ARRAY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
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
          g_autofree char *row_where = g_strdup_printf ("%s[%u]", where, r);

          set_error (error, BG_FILE_ERROR_INVALID, row_where,
                     _("must be a pair of numbers"));
          return FALSE;
        }
      for (guint32 cell = jv_first (doc, row); cell != 0; cell = jv_next (doc, cell), k++)
        {
          if (jv (doc, cell)->type != JV_NUMBER)
            {
              g_autofree char *cell_where = g_strdup_printf ("%s[%u][%u]", where, r, k);

              set_error (error, BG_FILE_ERROR_INVALID, cell_where, _("must be a number"));
              return FALSE;
            }
          g_array_append_val (value->table, jv (doc, cell)->u.number);
        }
    }
  return TRUE;
}

/* Reads one parameter value from node into value (initialised here). */
static gboolean
read_param_value (const JDoc        *doc,
                  const BgParamSpec *pspec,
                  guint32            node,
                  const char        *where,
                  BgParamValue      *value,
                  GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  memset (value, 0, sizeof *value);
  value->kind = pspec->kind;

  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      if (jv (doc, node)->type != JV_NUMBER)
        {
          set_error (error, BG_FILE_ERROR_INVALID, where, _("must be a number"));
          return FALSE;
        }
      value->number = jv (doc, node)->u.number;
      break;

    case BG_PARAM_CHOICE:
      if (jv (doc, node)->type != JV_STRING
          || !g_strv_contains (pspec->choices, jv_string (doc, node)))
        {
          g_autofree char *list = join_choices (pspec->choices);

          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be one of: %s"), list);
          return FALSE;
        }
      value->choice = g_strdup (jv_string (doc, node));
      break;

    case BG_PARAM_TABLE:
      if (!read_table (doc, node, where, value, error))
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
      set_error_from (error, where, local_error);
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
  g_free (values);
}

/* Applies the given parameters. A cross-parameter constraint (D > d) may
 * refuse a value whose partner still has its old value, so refused ones are
 * retried until a pass makes no progress; the full set was validated. */
static gboolean
apply_params (Loader             *loader,
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
  set_error_from (error, where, first_error);
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
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("unknown parameter (%s has no parameters)"), spec->type);
      return;
    }
  names = g_string_new (NULL);
  for (guint i = 0; i < spec->n_params; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", spec->params[i].name);
  set_error (error, BG_FILE_ERROR_INVALID, where,
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
          return member_path (params_path, name);
        }
    }
  return g_strdup (params_path);
}

static gboolean
load_params (Loader     *loader,
             BgElement  *element,
             guint32     params,
             const char *path,
             GError    **error)
{
  const JDoc *doc = loader->doc;
  const BgComponentSpec *spec = element->spec;
  g_autofree char *params_path = g_strconcat (path, ".params", NULL);
  g_autofree gboolean *given = NULL;
  g_autoptr(GError) local_error = NULL;
  BgParamValue *values;
  gboolean ok = FALSE;

  if (jv (doc, params)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, params_path, _("must be an object"));
      return FALSE;
    }

  values = g_new0 (BgParamValue, spec->n_params);
  given = g_new0 (gboolean, spec->n_params);
  for (guint i = 0; i < spec->n_params; i++)
    bg_param_value_init_default (&values[i], &spec->params[i]);

  for (guint32 c = jv_first (doc, params); c != 0; c = jv_next (doc, c))
    {
      g_autofree char *where = member_path (params_path, jv_key (doc, c));
      guint index;
      const BgParamSpec *pspec = bg_component_spec_find_param (spec, jv_key (doc, c), &index);
      BgParamValue value;

      if (pspec == NULL)
        {
          set_unknown_param_error (spec, where, error);
          goto out;
        }
      if (!read_param_value (doc, pspec, c, where, &value, error))
        goto out;
      bg_param_value_clear (&values[index]);
      values[index] = value;
      given[index] = TRUE;
    }

  apply_wave_defaults (spec, values, given);
  if (spec->validate != NULL && !spec->validate (spec, values, &local_error))
    {
      g_autofree char *where = validate_path (spec, params_path, local_error);

      set_error_from (error, where, local_error);
      goto out;
    }

  ok = apply_params (loader, element, values, given, path, error);

out:
  clear_values (values, spec->n_params);
  return ok;
}

static const char *const element_keys[] = {
  "id", "type", "domain", "domain_s", "x", "y", "rotation", "label", "params", NULL
};

/* `domain_s`: a gyrator's S side in another domain (GY only). */
static gboolean
load_domain_s (Loader     *loader,
               guint32     obj,
               const char *path,
               BgElement  *element,
               GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *where = NULL;
  const char *id;
  BgDomain domain;

  if (!get_string (loader->doc, obj, path, "domain_s", FALSE, &id, error))
    return FALSE;
  if (id == NULL)
    return TRUE;
  where = member_path (path, "domain_s");
  if (element->spec->kind != BG_KIND_GY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("only a gyrator (GY) has a second domain"));
      return FALSE;
    }
  domain = bg_domain_from_id (id);
  if (domain == BG_DOMAIN_NONE)
    {
      g_autofree char *shown = excerpt (id);

      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("unknown domain \"%s\" (use electrical, hydraulic, "
                   "translational or rotational)"), shown);
      return FALSE;
    }
  if (!bg_model_set_domain_s (loader->model, element->id, domain, &local_error))
    {
      set_error_from (error, where, local_error);
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
  set_error (error, BG_FILE_ERROR_INVALID, domain_path,
             _("\"%s\" contradicts the ports of %s (%s); leave the key out"),
             bg_domain_to_id (domain), type, list->str);
  return FALSE;
}

static gboolean
read_type_domain (const JDoc  *doc,
                  guint32      obj,
                  const char  *path,
                  const char **type_out,
                  BgDomain    *domain_out,
                  GError     **error)
{
  const char *type;
  const char *domain_id;
  g_autofree char *domain_path = NULL;
  g_autofree char *shown = NULL;

  if (!get_string (doc, obj, path, "type", TRUE, &type, error))
    return FALSE;
  if (!bg_library_is_type (type))
    {
      g_autofree char *type_path = member_path (path, "type");

      shown = excerpt (type);
      set_error (error, BG_FILE_ERROR_INVALID, type_path, _("unknown type \"%s\""), shown);
      return FALSE;
    }
  if (!get_string (doc, obj, path, "domain", FALSE, &domain_id, error))
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
      domain_path = member_path (path, "domain");
      if (!check_advanced_domain (type, *domain_out, domain_path, error))
        return FALSE;
      *domain_out = BG_DOMAIN_NONE;
      return TRUE;
    }

  domain_path = member_path (path, "domain");
  if (domain_id == NULL)
    {
      set_error (error, BG_FILE_ERROR_INVALID, domain_path,
                 _("missing (%s needs one of: electrical, hydraulic, "
                   "translational, rotational)"), type);
      return FALSE;
    }
  shown = excerpt (domain_id);
  set_error (error, BG_FILE_ERROR_INVALID, domain_path,
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
  if (!get_number (doc, obj, path, "x", x, &present, error)
      || !get_number (doc, obj, path, "y", y, &present, error)
      || !get_number (doc, obj, path, "rotation", &number, &present, error))
    return FALSE;
  if (present)
    {
      if (number != 0 && number != 90 && number != 180 && number != 270)
        {
          g_autofree char *where = member_path (path, "rotation");

          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be 0, 90, 180 or 270"));
          return FALSE;
        }
      *rotation = (int) number;
    }
  return TRUE;
}

static gboolean
load_element (Loader  *loader,
              guint32  obj,
              guint    index,
              GError **error)
{
  const JDoc *doc = loader->doc;
  char path_buf[48];
  const char *path = item_path (path_buf, "elements", index);
  g_autoptr(GError) local_error = NULL;
  const char *id, *type, *label;
  BgDomain domain;
  BgElement *element;
  guint32 params;
  double x, y;
  int rotation;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!check_known_keys (doc, obj, path, element_keys, error)
      || !get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !read_type_domain (doc, obj, path, &type, &domain, error)
      || !read_position (doc, obj, path, &x, &y, &rotation, error)
      || !get_string (doc, obj, path, "label", FALSE, &label, error))
    return FALSE;

  element = bg_model_add_element (loader->model, type, domain, id, x, y, &local_error);
  if (element == NULL)
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  g_hash_table_insert (loader->elements, (gpointer) id, element);

  if (rotation != 0
      && !bg_model_set_rotation (loader->model, id, rotation, &local_error))
    {
      g_autofree char *where = member_path (path, "rotation");

      set_error_from (error, where, local_error);
      return FALSE;
    }
  if (label != NULL && *label != '\0'
      && !bg_model_set_label (loader->model, id, label, &local_error))
    {
      g_autofree char *where = member_path (path, "label");

      set_error_from (error, where, local_error);
      return FALSE;
    }

  if (!load_domain_s (loader, obj, path, element, error))
    return FALSE;
  params = jv_member (doc, obj, "params");
  if (params != 0 && !load_params (loader, element, params, path, error))
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
resolve_end (Loader     *loader,
             const char *ref,
             const char *path,
             const char *key,
             GError    **error)
{
  g_autofree char *where = NULL;
  g_autofree char *element_id = NULL;
  const char *dot = strchr (ref, '.');
  const char *port = dot ? dot + 1 : NULL;
  BgElement *element;
  const BgComponentSpec *spec;

  element_id = dot ? g_strndup (ref, dot - ref) : g_strdup (ref);
  element = g_hash_table_lookup (loader->elements, element_id);
  if (element == NULL)
    {
      g_autofree char *shown = excerpt (element_id);

      where = member_path (path, key);
      set_error (error, BG_FILE_ERROR_INVALID, where, _("no element \"%s\""), shown);
      return NULL;
    }
  spec = element->spec;

  if (spec->variable_ports)
    {
      if (port != NULL)
        {
          where = member_path (path, key);
          set_error (error, BG_FILE_ERROR_INVALID, where,
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
      where = member_path (path, key);
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("%s has several ports; name one as \"%s.PORT\" (ports: %s)"),
                 element_id, element_id, ports);
      return NULL;
    }

  if (bg_component_spec_find_port (spec, port, NULL) == NULL)
    {
      g_autofree char *ports = port_list (spec);
      g_autofree char *shown = excerpt (port);

      where = member_path (path, key);
      set_error (error, BG_FILE_ERROR_INVALID, where,
                 _("%s has no port \"%s\" (ports: %s)"), element_id, shown, ports);
      return NULL;
    }
  if (spec->n_ports == 1)
    return g_steal_pointer (&element_id);
  return g_strdup (ref);
}

static const char *const bond_keys[] = { "id", "from", "to", "arrow", NULL };

static gboolean
load_bond (Loader  *loader,
           guint32  obj,
           guint    index,
           GError **error)
{
  const JDoc *doc = loader->doc;
  char path_buf[48];
  const char *path = item_path (path_buf, "bonds", index);
  g_autofree char *from = NULL, *to = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *id, *from_ref, *to_ref, *arrow;

  if (jv (doc, obj)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!check_known_keys (doc, obj, path, bond_keys, error)
      || !get_string (doc, obj, path, "id", TRUE, &id, error)
      || !check_id (loader, path, id, error)
      || !get_string (doc, obj, path, "from", TRUE, &from_ref, error)
      || !get_string (doc, obj, path, "to", TRUE, &to_ref, error)
      || !get_string (doc, obj, path, "arrow", FALSE, &arrow, error))
    return FALSE;

  if (arrow != NULL && strcmp (arrow, "forward") != 0 && strcmp (arrow, "reversed") != 0)
    {
      g_autofree char *where = member_path (path, "arrow");

      set_error (error, BG_FILE_ERROR_INVALID, where,
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
      set_error_from (error, path, local_error);
      return FALSE;
    }
  g_hash_table_add (loader->bond_ids, (gpointer) id);

  if (arrow != NULL && strcmp (arrow, "reversed") == 0
      && !bg_model_reverse_arrow (loader->model, id, &local_error))
    {
      set_error_from (error, path, local_error);
      return FALSE;
    }
  return TRUE;
}

/* Returns the array member key of the root (0 and an error when it is not
 * one, or when required and absent) after checking its length. */
static guint32
get_array (const JDoc *doc,
           const char *key,
           gboolean    required,
           guint       limit,
           GError    **error)
{
  guint32 array = jv_member (doc, 0, key);

  if (array == 0)
    {
      if (required)
        set_error (error, BG_FILE_ERROR_INVALID, key, _("missing"));
      return 0;
    }
  if (jv (doc, array)->type != JV_ARRAY)
    {
      set_error (error, BG_FILE_ERROR_INVALID, key, _("must be an array"));
      return 0;
    }
  if (jv (doc, array)->u.count > limit)
    {
      set_error (error, BG_FILE_ERROR_TOO_LARGE, key,
                 _("%u entries; at most %u are allowed"),
                 jv (doc, array)->u.count, limit);
      return 0;
    }
  return array;
}

static gboolean
check_header (const JDoc *doc,
              GError    **error)
{
  guint32 node;
  double version;

  node = jv_member (doc, 0, "format");
  if (node == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("missing; this is not a BGMod model"));
      return FALSE;
    }
  if (jv (doc, node)->type != JV_STRING
      || strcmp (jv_string (doc, node), BG_FILE_FORMAT_ID) != 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "format",
                 _("must be \"%s\"; this is not a BGMod model"), BG_FILE_FORMAT_ID);
      return FALSE;
    }

  node = jv_member (doc, 0, "version");
  if (node == 0)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "version", _("missing"));
      return FALSE;
    }
  version = jv (doc, node)->type == JV_NUMBER ? jv (doc, node)->u.number : 0;
  if (version != floor (version) || version < 1)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "version",
                 _("must be a whole number; this BGMod reads version %d"),
                 BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  if (version > BG_FILE_FORMAT_VERSION)
    {
      set_error (error, BG_FILE_ERROR_VERSION, "version",
                 _("the file is format version %.0f, newer than this BGMod "
                   "reads (%d); update BGMod to open it"),
                 version, BG_FILE_FORMAT_VERSION);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_simulation (Loader  *loader,
                 GError **error)
{
  static const char *const path = "simulation";
  const JDoc *doc = loader->doc;
  guint32 obj = jv_member (doc, 0, "simulation");
  g_autoptr(GError) local_error = NULL;
  BgSimSettings settings;
  gboolean present;

  bg_sim_settings_init_default (&settings);
  if (obj == 0)
    return TRUE;
  if (jv (doc, obj)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, path, _("must be an object"));
      return FALSE;
    }

  if (!get_number (doc, obj, path, "t_end", &settings.t_end, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "output_step", &settings.output_step, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "rtol", &settings.rtol, &present, error))
    return FALSE;
  if (!get_number (doc, obj, path, "atol", &settings.atol, &present, error))
    return FALSE;

  /* The model applies the one settings rule (bg_sim_settings_check); its
   * message already names the setting. */
  if (!bg_model_set_simulation (loader->model, &settings, &local_error))
    {
      g_set_error_literal (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID, local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_view (Loader  *loader,
           GError **error)
{
  guint32 view = jv_member (loader->doc, 0, "view");
  g_autoptr(GString) text = NULL;

  if (view == 0)
    return TRUE;
  if (jv (loader->doc, view)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "view", _("must be an object"));
      return FALSE;
    }
  text = g_string_new (NULL);
  append_value (text, loader->doc, view, -1);
  bg_model_set_view_json (loader->model, text->str);
  return TRUE;
}

/* "exercise": {"strokes": {"b1": "to", ...}}: a student's own strokes. */
static gboolean
load_exercise (Loader  *loader,
               GError **error)
{
  const JDoc *doc = loader->doc;
  guint32 exercise = jv_member (doc, 0, "exercise");
  guint32 strokes;

  if (exercise == 0)
    return TRUE;
  if (jv (doc, exercise)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "exercise", _("must be an object"));
      return FALSE;
    }
  strokes = jv_member (doc, exercise, "strokes");
  if (strokes == 0)
    return TRUE;
  if (jv (doc, strokes)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, "exercise.strokes",
                 _("must be an object"));
      return FALSE;
    }
  for (guint32 c = jv_first (doc, strokes); c != 0; c = jv_next (doc, c))
    {
      const char *bond_id = jv_key (doc, c);
      g_autofree char *shown = excerpt (bond_id);
      g_autofree char *where = g_strdup_printf ("exercise.strokes.%s", shown);
      const char *value = jv (doc, c)->type == JV_STRING ? jv_string (doc, c) : NULL;
      BgStroke stroke;

      if (bg_model_find_bond (loader->model, bond_id) == NULL)
        {
          set_error (error, BG_FILE_ERROR_INVALID, where, _("no bond \"%s\""), shown);
          return FALSE;
        }
      if (g_strcmp0 (value, "to") == 0)
        stroke = BG_STROKE_AT_TO;
      else if (g_strcmp0 (value, "from") == 0)
        stroke = BG_STROKE_AT_FROM;
      else
        {
          set_error (error, BG_FILE_ERROR_INVALID, where,
                     _("must be \"to\" or \"from\""));
          return FALSE;
        }
      if (!bg_model_set_exercise_stroke (loader->model, bond_id, stroke, NULL))
        g_assert_not_reached ();
    }
  return TRUE;
}

static gboolean
load_document (Loader  *loader,
               GError **error)
{
  const JDoc *doc = loader->doc;
  g_autoptr(GError) local_error = NULL;
  guint32 elements, bonds = 0;
  const char *name;
  guint i;

  if (!check_header (doc, error))
    return FALSE;

  elements = get_array (doc, "elements", TRUE, BG_MODEL_MAX_ELEMENTS, error);
  if (elements == 0)
    return FALSE;
  if (jv_member (doc, 0, "bonds") != 0)
    {
      bonds = get_array (doc, "bonds", FALSE, BG_FILE_MAX_BONDS, error);
      if (bonds == 0)
        return FALSE;
    }

  if (!get_string (doc, 0, NULL, "name", FALSE, &name, error))
    return FALSE;
  if (name != NULL && !bg_model_set_name (loader->model, name, &local_error))
    {
      set_error_from (error, "name", local_error);
      return FALSE;
    }

  i = 0;
  for (guint32 c = jv_first (doc, elements); c != 0; c = jv_next (doc, c))
    if (!load_element (loader, c, i++, error))
      return FALSE;

  i = 0;
  for (guint32 c = bonds ? jv_first (doc, bonds) : 0; c != 0; c = jv_next (doc, c))
    if (!load_bond (loader, c, i++, error))
      return FALSE;

  return load_simulation (loader, error) && load_exercise (loader, error) &&
         load_view (loader, error);
}

/* Builds the model a parsed document describes (takes the document and
 * frees it before returning). */
static BgModel *
load_from_json (JDoc    *doc_in,
                GError **error)
{
  g_autoptr(JDoc) doc = doc_in;
  Loader loader = { NULL, NULL, NULL, NULL };
  gboolean ok;

  if (jv (doc, 0)->type != JV_OBJECT)
    {
      set_error (error, BG_FILE_ERROR_INVALID, NULL,
                 _("not a BGMod model: the top level must be a JSON object"));
      return NULL;
    }

  loader.doc = doc;
  loader.model = bg_model_new ();
  loader.elements = g_hash_table_new (g_str_hash, g_str_equal);
  loader.bond_ids = g_hash_table_new (g_str_hash, g_str_equal);

  /* A new model: its filling is not kept for undo. */
  bg_model_begin_unrecorded (loader.model);
  ok = load_document (&loader, error);
  bg_model_end_group (loader.model);

  g_hash_table_unref (loader.elements);
  g_hash_table_unref (loader.bond_ids);
  if (!ok)
    {
      g_object_unref (loader.model);
      return NULL;
    }
  bg_model_clear_history (loader.model);
  return loader.model;
}

BgModel *
bg_file_load_from_data (const char *data,
                        gssize      length,
                        GError    **error)
{
  JDoc *doc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (data);

  doc = read_json (data, length, error);
  if (doc == NULL)
    return NULL;
  return load_from_json (doc, error);
}

static void
prefix_error (GError    **error,
              const char *display_name,
              GError     *cause,
              int         code)
{
  g_set_error (error, BG_FILE_ERROR, code, "%s: %s", display_name, cause->message);
}

static const char *
describe_io_error (GError *cause)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return _("no such file");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    return _("permission denied");
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY))
    return _("is a directory, not a file");
  return cause->message;
}

static BgModel *
load_file (GFile      *file,
           const char *display_name,
           GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  BgModel *model = NULL;
  JDoc *doc;

  if (!_bg_file_read_bounded (file, BG_FILE_MAX_BYTES, &contents, &length, &local_error))
    {
      prefix_error (error, display_name, local_error, local_error->code);
      return NULL;
    }
  /* The document keeps its own strings: the text can go before the model
   * is built (a file of 10 000 masses is 8 MB of text). */
  doc = read_json (contents, length, &local_error);
  g_clear_pointer (&contents, g_free);
  if (doc != NULL)
    model = load_from_json (doc, &local_error);
  if (model == NULL)
    prefix_error (error, display_name, local_error, local_error->code);
  return model;
}

BgModel *
bg_file_load (GFile   *file,
              GError **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display_name = g_file_get_parse_name (file);
  return load_file (file, display_name, error);
}

BgModel *
bg_file_load_path (const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_file_new_for_path (path);
  return load_file (file, path, error);
}

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

  if (!pspec->saved_when_used || bg_param_is_visible (spec, pspec, values))
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
  if (spec->kind == BG_KIND_GY && spec->ports[1].domain != spec->domain)
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
      g_string_append (out, ", \"params\": {");
      gboolean first = TRUE;

      for (guint i = 0; i < spec->n_params; i++)
        {
          if (!param_is_saved (spec, &spec->params[i], element->params, i))
            continue;
          if (!first)
            g_string_append (out, ", ");
          first = FALSE;
          append_param (out, &spec->params[i], &element->params[i]);
        }
      g_string_append_c (out, '}');
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
  if (port < 0 || element->spec->n_ports <= 1)
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

static void
append_list (GString   *out,
             const char *key,
             GPtrArray *items,
             gboolean   bonds)
{
  g_string_append_printf (out, "  \"%s\": [", key);
  for (guint i = 0; i < items->len; i++)
    {
      g_string_append (out, i > 0 ? ",\n    " : "\n    ");
      if (bonds)
        append_bond (out, g_ptr_array_index (items, i));
      else
        append_element (out, g_ptr_array_index (items, i));
    }
  g_string_append (out, items->len > 0 ? "\n  ]" : "]");
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

/* Written only when a student has placed a stroke, in bond order. */
static void
append_exercise (GString *out,
                 BgModel *model)
{
  GPtrArray *bonds = bg_model_get_bonds (model);
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
  view = read_json (view_json, strlen (view_json), &local_error);
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
  append_list (out, "elements", bg_model_get_elements (model), FALSE);
  g_string_append (out, ",\n");
  append_list (out, "bonds", bg_model_get_bonds (model), TRUE);
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
 * Atomic save
 * ------------------------------------------------------------------------ */

static gboolean
save_errno (GError    **error,
            const char *display_name,
            int         saved_errno)
{
  set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
             g_strerror (saved_errno));
  return FALSE;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      length -= n;
    }
  return TRUE;
}

/* Writes a temporary file beside path, flushes it to disk and renames it
 * over path, so that path holds either the old or the new contents. */
static gboolean
save_local (const char *path,
            const char *display_name,
            const char *data,
            gsize       length,
            GError    **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *tmp_path = NULL;
  struct stat st;
  gboolean exists;
  int fd, dir_fd, saved_errno;

  /* Save through symlinks to the file they name, keeping the links. */
  target = g_strdup (path);
  for (int hops = 0; lstat (target, &st) == 0 && S_ISLNK (st.st_mode); hops++)
    {
      g_autofree char *link = NULL;
      g_autoptr(GError) local_error = NULL;

      if (hops >= 40)
        return save_errno (error, display_name, ELOOP);
      link = g_file_read_link (target, &local_error);
      if (link == NULL)
        return save_errno (error, display_name, EINVAL);
      if (!g_path_is_absolute (link))
        {
          g_autofree char *base = g_path_get_dirname (target);

          g_free (target);
          target = g_build_filename (base, link, NULL);
        }
      else
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
    }

  exists = stat (target, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    return save_errno (error, display_name, EISDIR);

  dir = g_path_get_dirname (target);
  tmp_path = g_build_filename (dir, ".bgmod-save-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    return save_errno (error, display_name, errno);

  if (exists)
    (void) fchmod (fd, st.st_mode & 07777);

  if (!write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved_errno = errno;
      close (fd);
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }
  if (close (fd) != 0 || g_rename (tmp_path, target) != 0)
    {
      saved_errno = errno;
      g_unlink (tmp_path);
      return save_errno (error, display_name, saved_errno);
    }

  /* Make the rename itself durable; failure here loses nothing. */
  dir_fd = open (dir, O_RDONLY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      (void) fsync (dir_fd);
      close (dir_fd);
    }
  return TRUE;
}

static gboolean
save_file (BgModel    *model,
           GFile      *file,
           const char *display_name,
           GError    **error)
{
  g_autofree char *data = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) local_error = NULL;
  gsize length;

  data = bg_file_to_data (model, &length);
  if (path != NULL)
    return save_local (path, display_name, data, length, error);

  /* Not a local file: GIO's replace also writes beside and renames. */
  if (!g_file_replace_contents (file, data, length, NULL, FALSE,
                                G_FILE_CREATE_NONE, NULL, NULL, &local_error))
    {
      set_error (error, BG_FILE_ERROR_IO, display_name, _("cannot save: %s"),
                 describe_io_error (local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_file_save (BgModel *model,
              GFile   *file,
              GError **error)
{
  g_autofree char *display_name = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display_name = g_file_get_parse_name (file);
  return save_file (model, file, display_name, error);
}

gboolean
bg_file_save_path (BgModel    *model,
                   const char *path,
                   GError    **error)
{
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (BG_IS_MODEL (model), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = g_file_new_for_path (path);
  return save_file (model, file, path, error);
}
