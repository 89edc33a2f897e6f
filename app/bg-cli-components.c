/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-components.c — `bgmod-cli components [--domain D] [--json | --markdown]`.
 *
 * Owns: listing the Elements library — type, domain, section, English and
 * Russian names, ports with their domains, parameters with units and
 * defaults, output variables — as text or as a JSON array, optionally only
 * what one domain's palette offers; or the whole component reference as
 * Markdown (bg-component-doc.h; docs/components.md is its output). Must not: hold data of its own about
 * components (bg-library.h is the only source) or print messages to stdout.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-json-generate.h"
#include "bg-cli.h"
#include "bg-component-doc.h"
#include "bg-domain.h"
#include "bg-library.h"
#include "bg-units.h"

static const char *
section_id (BgSection section)
{
  return section == BG_SECTION_ADVANCED ? "advanced" : "primitives";
}

static const char *
causal_rule_id (BgCausalRule rule)
{
  switch (rule)
    {
    case BG_CAUSAL_FIXED:
      return "fixed";
    case BG_CAUSAL_STORAGE:
      return "storage";
    case BG_CAUSAL_FREE:
      return "free";
    case BG_CAUSAL_ONE_IN:
      return "one-in";
    case BG_CAUSAL_ONE_OUT:
      return "one-out";
    case BG_CAUSAL_SAME_ROLE:
      return "same-role";
    default:
      return "unknown";
    }
}

static const char *
port_role_id (BgPortRole role)
{
  switch (role)
    {
    case BG_PORT_ROLE_EFFORT_IN:
      return "effort-in";
    case BG_PORT_ROLE_EFFORT_OUT:
      return "effort-out";
    case BG_PORT_ROLE_ANY:
    default:
      return "any";
    }
}

static const char *
param_kind_id (BgParamKind kind)
{
  switch (kind)
    {
    case BG_PARAM_CHOICE:
      return "choice";
    case BG_PARAM_TABLE:
      return "table";
    case BG_PARAM_NUMBER:
    default:
      return "number";
    }
}

/* The specs in palette order, keeping only what the domain's palette lists
 * (all of them for BG_DOMAIN_NONE). */
static GPtrArray *
select_specs (BgDomain domain)
{
  guint n_specs;
  const BgComponentSpec *const *specs = bg_library_get_all (&n_specs);
  GPtrArray *selected = g_ptr_array_new ();

  for (guint i = 0; i < n_specs; i++)
    if (domain == BG_DOMAIN_NONE || (specs[i]->palette_domains & (1u << domain)) != 0)
      g_ptr_array_add (selected, (gpointer) specs[i]);
  return selected;
}

static char *
format_default (const BgParamSpec *param)
{
  GString *s;

  switch (param->kind)
    {
    case BG_PARAM_CHOICE:
      return g_strdup (param->default_choice != NULL ? param->default_choice : "");
    case BG_PARAM_TABLE:
      s = g_string_new ("[");
      for (guint r = 0; r < param->default_table_rows; r++)
        g_string_append_printf (s, "%s[%g, %g]", r > 0 ? ", " : "",
                                param->default_table[2 * r],
                                param->default_table[2 * r + 1]);
      g_string_append (s, "]");
      return g_string_free (s, FALSE);
    case BG_PARAM_NUMBER:
    default:
      return g_strdup_printf ("%g", param->default_number);
    }
}

/* JSON ------------------------------------------------------------------ */

static void
build_param (JsonBuilder       *builder,
             const BgParamSpec *param)
{
  json_builder_begin_object (builder);
  bg_json_builder_add_string_member (builder, "name", param->name);
  bg_json_builder_add_string_member (builder, "kind", param_kind_id (param->kind));
  bg_json_builder_add_string_member (builder, "label", _(param->label));
  bg_json_builder_add_string_member (builder, "unit", param->unit != NULL ? param->unit : "");

  json_builder_set_member_name (builder, "default");
  switch (param->kind)
    {
    case BG_PARAM_CHOICE:
      json_builder_add_string_value (builder, param->default_choice);
      json_builder_set_member_name (builder, "choices");
      json_builder_begin_array (builder);
      for (guint i = 0; param->choices != NULL && param->choices[i] != NULL; i++)
        json_builder_add_string_value (builder, param->choices[i]);
      json_builder_end_array (builder);
      break;
    case BG_PARAM_TABLE:
      json_builder_begin_array (builder);
      for (guint r = 0; r < param->default_table_rows; r++)
        {
          json_builder_begin_array (builder);
          json_builder_add_double_value (builder, param->default_table[2 * r]);
          json_builder_add_double_value (builder, param->default_table[2 * r + 1]);
          json_builder_end_array (builder);
        }
      json_builder_end_array (builder);
      break;
    case BG_PARAM_NUMBER:
    default:
      json_builder_add_double_value (builder, param->default_number);
      break;
    }

  if (param->kind == BG_PARAM_NUMBER)
    {
      json_builder_set_member_name (builder, "limit");
      switch (param->limit)
        {
        case BG_LIMIT_POSITIVE:
          json_builder_add_string_value (builder, "positive");
          break;
        case BG_LIMIT_NONNEGATIVE:
          json_builder_add_string_value (builder, "nonnegative");
          break;
        case BG_LIMIT_RANGE:
          json_builder_add_string_value (builder, "range");
          json_builder_set_member_name (builder, "min");
          json_builder_add_double_value (builder, param->min);
          json_builder_set_member_name (builder, "max");
          json_builder_add_double_value (builder, param->max);
          break;
        case BG_LIMIT_ANY:
        default:
          json_builder_add_string_value (builder, "finite");
          break;
        }
    }
  if (param->visible_if != NULL)
    bg_json_builder_add_string_member (builder, "visible_if", param->visible_if);
  json_builder_end_object (builder);
}

static void
build_spec (JsonBuilder           *builder,
            const BgComponentSpec *spec)
{
  json_builder_begin_object (builder);
  bg_json_builder_add_string_member (builder, "type", spec->type);
  json_builder_set_member_name (builder, "domain");
  if (spec->domain != BG_DOMAIN_NONE)
    json_builder_add_string_value (builder, bg_domain_to_id (spec->domain));
  else
    json_builder_add_null_value (builder);
  bg_json_builder_add_string_member (builder, "section", section_id (spec->section));
  json_builder_set_member_name (builder, "palettes");
  json_builder_begin_array (builder);
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    if ((spec->palette_domains & (1u << d)) != 0)
      json_builder_add_string_value (builder, bg_domain_to_id (d));
  json_builder_end_array (builder);
  bg_json_builder_add_string_member (builder, "symbol", spec->symbol);

  json_builder_set_member_name (builder, "name");
  json_builder_begin_object (builder);
  bg_json_builder_add_string_member (builder, "en", spec->name);
  bg_json_builder_add_string_member (builder, "ru", spec->name_ru);
  json_builder_end_object (builder);
  bg_json_builder_add_string_member (builder, "description", _(spec->description));
  bg_json_builder_add_string_member (builder, "causality", causal_rule_id (spec->causal_rule));

  json_builder_set_member_name (builder, "variable_ports");
  json_builder_add_boolean_value (builder, spec->variable_ports);
  json_builder_set_member_name (builder, "ports");
  json_builder_begin_array (builder);
  for (guint i = 0; i < spec->n_ports; i++)
    {
      const BgPortSpec *port = &spec->ports[i];

      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "name", port->name);
      bg_json_builder_add_string_member (builder, "domain", bg_domain_to_id (port->domain));
      bg_json_builder_add_string_member (builder, "role", port_role_id (port->role));
      bg_json_builder_add_string_member (builder, "description",
                                         port->description != NULL ? _(port->description) : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "params");
  json_builder_begin_array (builder);
  for (guint i = 0; i < spec->n_params; i++)
    build_param (builder, &spec->params[i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "variables");
  json_builder_begin_array (builder);
  for (guint i = 0; i < spec->n_vars; i++)
    {
      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "name", spec->vars[i].suffix);
      bg_json_builder_add_string_member (builder, "unit",
                                         spec->vars[i].unit != NULL ? spec->vars[i].unit : "");
      bg_json_builder_add_string_member (builder, "description",
                                         spec->vars[i].description != NULL
                                         ? _(spec->vars[i].description) : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
print_json (GPtrArray *specs)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_array (builder);
  for (guint i = 0; i < specs->len; i++)
    build_spec (builder, g_ptr_array_index (specs, i));
  json_builder_end_array (builder);

  root = json_builder_get_root (builder);
  text = bg_json_generate (root, TRUE);
  g_print ("%s\n", text);
}

/* Text ------------------------------------------------------------------ */

static void
print_spec (const BgComponentSpec *spec)
{
  /* Both names, whatever the language: the handbook pages use both. */
  g_print ("  %-16s %s / %s\n", spec->type, spec->name, spec->name_ru);
  g_print ("  %-16s %s\n", "", _(spec->description));

  if (spec->variable_ports)
    g_print ("  %-16s %s %s\n", "", _("ports:"),
             /* Translators: the numbered ports of a junction */
             _("p1, p2, … (one per bond, at least two)"));
  for (guint i = 0; i < spec->n_ports; i++)
    {
      const BgPortSpec *port = &spec->ports[i];

      g_print ("  %-16s %s %s (%s)%s%s\n", "", _("port"), port->name,
               bg_domain_to_id (port->domain),
               port->description != NULL ? " — " : "",
               port->description != NULL ? _(port->description) : "");
    }
  for (guint i = 0; i < spec->n_params; i++)
    {
      const BgParamSpec *param = &spec->params[i];
      g_autofree char *value = format_default (param);
      g_autofree char *unit = bg_units_localize (param->unit);

      g_print ("  %-16s %s = %s%s%s — %s\n", "", param->name, value,
               *unit != '\0' && param->kind == BG_PARAM_NUMBER ? " " : "",
               param->kind == BG_PARAM_NUMBER ? unit : "", _(param->label));
    }
}

static void
print_section (GPtrArray *specs,
               BgDomain   domain,
               BgSection  section)
{
  const char *title = section == BG_SECTION_ADVANCED ? _("Advanced") : _("Primitives");
  guint n = 0;

  if (domain != BG_DOMAIN_NONE)
    g_print ("%s — %s\n", bg_domain_display_name (domain), title);
  else
    g_print ("%s\n", title);
  for (guint i = 0; i < specs->len; i++)
    {
      const BgComponentSpec *spec = g_ptr_array_index (specs, i);

      if (spec->section != section)
        continue;
      if (section == BG_SECTION_PRIMITIVES && domain != BG_DOMAIN_NONE &&
          spec->domain != domain)
        continue;
      print_spec (spec);
      n++;
    }
  if (n == 0)
    g_print ("  %s\n", _("none yet; use the primitives"));
  g_print ("\n");
}

static void
print_text (GPtrArray *specs,
            BgDomain   only)
{
  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    if (only == BG_DOMAIN_NONE || only == d)
      print_section (specs, d, BG_SECTION_PRIMITIVES);
  if (only != BG_DOMAIN_NONE)
    print_section (specs, only, BG_SECTION_ADVANCED);
  else
    print_section (specs, BG_DOMAIN_NONE, BG_SECTION_ADVANCED);
}

int
bg_cli_components (int    argc,
                   char **argv)
{
  g_autoptr(GPtrArray) specs = NULL;
  g_autofree char *domain_id = NULL;
  BgDomain domain = BG_DOMAIN_NONE;
  gboolean json = FALSE, markdown = FALSE;
  const GOptionEntry entries[] = {
    { "domain", 0, 0, G_OPTION_ARG_STRING, &domain_id,
      N_("Only what this domain's palette offers: electrical, hydraulic, translational or rotational"),
      N_("DOMAIN") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print a JSON array of components"), NULL },
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown,
      N_("Print the component reference (ports, equations, parameters, causality, outputs) as Markdown"), NULL },
    { NULL }
  };

  if (!bg_cli_parse_entries ("components", NULL,
                             N_("Lists the Elements library: types, names, ports, parameters with units and defaults."),
                             entries, &argc, &argv))
    return BG_CLI_EXIT_USAGE;
  if (argc > 1)
    {
      g_autofree char *message = g_strdup_printf (_("unexpected argument “%s”"), argv[1]);

      return bg_cli_usage_error ("components", message);
    }
  if (markdown && (json || domain_id != NULL))
    return bg_cli_usage_error ("components", _("--markdown prints the whole reference; leave out --json and --domain"));
  if (markdown)
    {
      g_autofree char *reference = bg_component_doc_dup_reference ();

      g_print ("%s", reference);
      return BG_CLI_EXIT_OK;
    }
  if (domain_id != NULL)
    {
      domain = bg_domain_from_id (domain_id);
      if (domain == BG_DOMAIN_NONE)
        {
          g_autofree char *message =
            g_strdup_printf (_("unknown domain “%s”; use electrical, hydraulic, translational or rotational"),
                             domain_id);

          return bg_cli_usage_error ("components", message);
        }
    }

  specs = select_specs (domain);
  if (json)
    print_json (specs);
  else
    print_text (specs, domain);
  return BG_CLI_EXIT_OK;
}
