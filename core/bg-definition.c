/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-definition.c — a user component and the spec of its instances (see
 * bg-definition.h).
 *
 * Owns: building an instance's BgComponentSpec from a definition's body:
 * ports from the Port elements, parameters from every inner element's
 * parameters under "INNER." paths (rewriting their visible_if), defaults
 * from the body's values; the instance kind (a box named after the
 * definition, never analysed: flattening removes it); the reference count
 * that keeps a definition as long as a model, an instance or an undo step
 * names it. Must not: edit the body, or be used on a body that changed
 * after the spec was built.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-definition.h"
#include "bg-model.h"
#include "bg-components-private.h"

/* What a definition owns behind its spec. */
typedef struct
{
  BgDefinition     pub;
  int              ref_count; /* the model, each instance, each history step */
  BgComponentSpec  spec;
  BgComponentKind  kind;
  GArray          *ports;   /* BgPortSpec */
  GArray          *params;  /* BgParamSpec */
  GPtrArray       *strings; /* every string the spec points at */
} Definition;

static const char *
keep (Definition *d,
      char       *s)
{
  g_ptr_array_add (d->strings, s);
  return s;
}

const BgDefinition *
bg_definition_of_spec (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->kind == NULL || !spec->kind->instance)
    return NULL;
  return &((const Definition *) ((const char *) spec - G_STRUCT_OFFSET (Definition, spec)))->pub;
}

gboolean
bg_definition_split_param (const char  *path,
                           char       **inner,
                           const char **param)
{
  const char *dot;

  g_return_val_if_fail (path != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL || dot == path || dot[1] == '\0')
    return FALSE;
  if (inner != NULL)
    *inner = g_strndup (path, (gsize) (dot - path));
  if (param != NULL)
    *param = dot + 1;
  return TRUE;
}

/* "waveform=step|pulse" of element U → "U.waveform=step|pulse". */
static const char *
prefixed_visible_if (Definition *d,
                     const char *prefix,
                     const char *visible_if)
{
  if (visible_if == NULL)
    return NULL;
  return keep (d, g_strconcat (prefix, ".", visible_if, NULL));
}

/* The spec's parameters: each inner element's, under its id. */
static void
add_params (Definition *d,
            BgModel    *body)
{
  GPtrArray *elements = bg_model_get_elements (body);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);

      for (guint k = 0; k < el->spec->n_params; k++)
        {
          BgParamSpec p = el->spec->params[k];
          const BgParamValue *value = &el->params[k];

          p.name = keep (d, g_strconcat (el->id, ".", p.name, NULL));
          p.visible_if = prefixed_visible_if (d, el->id, p.visible_if);
          p.saved_when_used = FALSE;
          switch (p.kind)
            {
            case BG_PARAM_NUMBER:
              p.default_number = value->number;
              break;
            case BG_PARAM_CHOICE:
              p.default_choice = keep (d, g_strdup (value->choice));
              break;
            case BG_PARAM_TABLE:
              /* The body keeps the table for as long as the definition. */
              p.default_table = value->table != NULL ? (const double *) value->table->data : NULL;
              p.default_table_rows = value->table != NULL ? value->table->len / 2 : 0;
              break;
            default:
              break;
            }
          g_array_append_val (d->params, p);
        }
    }
}

static gboolean
add_ports (Definition *d,
           BgModel    *body,
           guint      *palette_domains,
           GError    **error)
{
  GPtrArray *elements = bg_model_get_elements (body);

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      BgPortSpec port = { 0 };

      if (!el->spec->kind->boundary)
        continue;
      port.name = keep (d, g_strdup (el->id));
      port.domain = el->spec->domain;
      port.role = BG_PORT_ROLE_ANY;
      port.description = keep (d, el->label != NULL ? g_strdup (el->label) : g_strdup (""));
      g_array_append_val (d->ports, port);
      *palette_domains |= 1u << el->spec->domain;
    }
  if (d->ports->len == 0)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_BAD_PARAM,
                   _("a component needs at least one Port element"));
      return FALSE;
    }
  return TRUE;
}

/* Depth and flattened size from the body's own instances. */
static gboolean
measure (Definition *d,
         BgModel    *body,
         GError    **error)
{
  GPtrArray *elements = bg_model_get_elements (body);
  guint depth = 1;
  guint64 n = 0;

  for (guint i = 0; i < elements->len; i++)
    {
      const BgElement *el = g_ptr_array_index (elements, i);
      const BgDefinition *inner = bg_definition_of_spec (el->spec);

      if (inner != NULL)
        {
          depth = MAX (depth, inner->depth + 1);
          n += inner->n_flat;
        }
      else if (!el->spec->kind->boundary)
        n++;
    }
  if (depth > BG_DEFINITION_MAX_DEPTH)
    {
      g_set_error (error, BG_MODEL_ERROR, BG_MODEL_ERROR_LIMIT,
                   _("components nest %u levels deep; at most %u are allowed"),
                   depth, (guint) BG_DEFINITION_MAX_DEPTH);
      return FALSE;
    }
  d->pub.depth = depth;
  d->pub.n_flat = MIN (n, (guint64) G_MAXUINT32 * 16);
  return TRUE;
}

BgDefinition *
_bg_definition_new (const char        *name,
                    BgModel           *body,
                    const char        *label,
                    const char        *description,
                    const char *const *parameters,
                    GError           **error)
{
  Definition *d;
  guint palette_domains = 0;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (BG_IS_MODEL (body), NULL);

  d = g_new0 (Definition, 1);
  d->ref_count = 1;
  d->pub.name = g_strdup (name);
  d->pub.label = g_strdup (label);
  d->pub.description = g_strdup (description);
  d->pub.parameters = g_strdupv ((char **) parameters);
  if (d->pub.parameters == NULL)
    d->pub.parameters = g_new0 (char *, 1);
  d->pub.body = g_object_ref (body);
  d->pub.spec = &d->spec;
  d->ports = g_array_new (FALSE, TRUE, sizeof (BgPortSpec));
  d->params = g_array_new (FALSE, TRUE, sizeof (BgParamSpec));
  d->strings = g_ptr_array_new_with_free_func (g_free);

  if (!add_ports (d, body, &palette_domains, error) || !measure (d, body, error))
    {
      _bg_definition_free (&d->pub);
      return NULL;
    }
  add_params (d, body);

  /* An instance is a box named after the definition; flattening removes
   * it before analysis, so it has no equations of its own. */
  d->kind.type = d->pub.name;
  d->kind.id_prefix = d->pub.name;
  d->kind.noun = d->pub.name;
  d->kind.named = "%s";
  d->kind.instance = TRUE;

  d->spec.type = d->pub.name;
  d->spec.kind = &d->kind;
  d->spec.domain = BG_DOMAIN_NONE;
  d->spec.section = BG_SECTION_ADVANCED;
  d->spec.palette_domains = palette_domains;
  d->spec.symbol = d->pub.name;
  d->spec.name = d->pub.label != NULL ? d->pub.label : d->pub.name;
  d->spec.name_ru = d->spec.name;
  d->spec.description = d->pub.description != NULL ? d->pub.description : "";
  d->spec.causal_rule = BG_CAUSAL_FREE;
  d->spec.ports = (const BgPortSpec *) d->ports->data;
  d->spec.n_ports = d->ports->len;
  d->spec.params = (const BgParamSpec *) d->params->data;
  d->spec.n_params = d->params->len;
  d->spec.plot_vars = "";
  d->spec.drawing = BG_DRAWING_BOX;
  return &d->pub;
}

BgDefinition *
_bg_definition_ref (const BgDefinition *def)
{
  Definition *d = (Definition *) def;

  g_return_val_if_fail (def != NULL, NULL);

  d->ref_count++;
  return &d->pub;
}

void
_bg_definition_free (BgDefinition *def)
{
  Definition *d = (Definition *) def;

  if (def == NULL || --d->ref_count > 0)
    return;
  g_free (d->pub.name);
  g_free (d->pub.label);
  g_free (d->pub.description);
  g_strfreev (d->pub.parameters);
  g_clear_object (&d->pub.body);
  g_array_unref (d->ports);
  g_array_unref (d->params);
  g_ptr_array_unref (d->strings);
  g_free (d);
}
