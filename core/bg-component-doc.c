/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-doc.c — the component reference, written from the specs
 * (see bg-component-doc.h).
 *
 * Owns: turning a spec and its kind into the words and Markdown of one
 * reference page, and the order of the whole reference. Must not: hold
 * text about a particular component (that lives in its kind's file).
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-component-doc.h"
#include "bg-components-private.h"
#include "bg-domain.h"
#include "bg-units.h"

/* Words ------------------------------------------------------------------- */

const char *
bg_component_doc_noun (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return _(spec->kind->noun);
}

/* {e} {f} {q} {p} → the domain's symbols; generic letters without one. */
static char *
put_symbols (const char *text,
             BgDomain    domain)
{
  struct { const char *hole, *symbol; } holes[] = {
    { "{e}", domain != BG_DOMAIN_NONE ? bg_domain_effort_symbol (domain) : "e" },
    { "{f}", domain != BG_DOMAIN_NONE ? bg_domain_flow_symbol (domain) : "f" },
    { "{q}", domain != BG_DOMAIN_NONE ? bg_domain_displacement_symbol (domain) : "q" },
    { "{p}", domain != BG_DOMAIN_NONE ? bg_domain_momentum_symbol (domain) : "p" },
  };
  GString *out = g_string_new (text);

  for (guint i = 0; i < G_N_ELEMENTS (holes); i++)
    g_string_replace (out, holes[i].hole, holes[i].symbol, 0);
  return g_string_free (out, FALSE);
}

GStrv
bg_component_doc_dup_equations (const BgComponentSpec *spec)
{
  GPtrArray *lines = g_ptr_array_new ();

  g_return_val_if_fail (spec != NULL, NULL);

  for (guint i = 0; spec->kind->equations[i] != NULL; i++)
    g_ptr_array_add (lines, put_symbols (spec->kind->equations[i], spec->domain));
  g_ptr_array_add (lines, NULL);
  return (GStrv) g_ptr_array_free (lines, FALSE);
}

char *
bg_component_doc_equation_markup (const char *line)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (line != NULL, NULL);

  for (const char *c = line; *c != '\0'; c++)
    {
      if (*c == '_' && (g_ascii_isalnum (c[1]) || c[1] == ','))
        {
          const char *end = c + 1;

          while (g_ascii_isalnum (*end) || *end == ',')
            end++;
          g_string_append (out, "<sub>");
          g_string_append_len (out, c + 1, end - (c + 1));
          g_string_append (out, "</sub>");
          c = end - 1;
        }
      else if (*c == '<')
        g_string_append (out, "&lt;");
      else if (*c == '>')
        g_string_append (out, "&gt;");
      else if (*c == '&')
        g_string_append (out, "&amp;");
      else
        g_string_append_c (out, *c);
    }
  return g_string_free (out, FALSE);
}

char *
bg_component_doc_dup_causality (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  return put_symbols (_(spec->kind->causality), spec->domain);
}

char *
bg_component_doc_dup_initial_state (const BgComponentSpec *spec)
{
  g_return_val_if_fail (spec != NULL, NULL);

  if (spec->kind->initial_state == NULL)
    return NULL;
  return put_symbols (_(spec->kind->initial_state), spec->domain);
}

/* Numbers the way a file holds them, without a locale: 0.001, 1e9. */
static char *
format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  GString *s = g_string_new (g_ascii_formatd (buf, sizeof buf, "%.6g", value));

  g_string_replace (s, "e+0", "e", 0);
  g_string_replace (s, "e+", "e", 0);
  g_string_replace (s, "e-0", "e-", 0);
  return g_string_free (s, FALSE);
}

static char *
default_text (const BgParamSpec *param,
              gboolean           with_unit)
{
  switch (param->kind)
    {
    case BG_PARAM_CHOICE:
      return g_strdup (param->default_choice);
    case BG_PARAM_TABLE:
      {
        GString *s = g_string_new (NULL);

        for (guint r = 0; r < param->default_table_rows; r++)
          {
            g_autofree char *x = format_number (param->default_table[2 * r]);
            g_autofree char *y = format_number (param->default_table[2 * r + 1]);

            g_string_append_printf (s, "%s[%s, %s]", r > 0 ? ", " : "", x, y);
          }
        return g_string_free (s, FALSE);
      }
    case BG_PARAM_NUMBER:
    default:
      {
        g_autofree char *n = format_number (param->default_number);

        g_autofree char *unit = NULL;

        if (!with_unit || param->unit == NULL || param->unit[0] == '\0')
          return g_steal_pointer (&n);
        unit = bg_units_localize (param->unit);
        return g_strdup_printf ("%s %s", n, unit);
      }
    }
}

char *
bg_component_doc_dup_default (const BgParamSpec *param)
{
  g_return_val_if_fail (param != NULL, NULL);

  return default_text (param, TRUE);
}

char *
bg_component_doc_dup_limit (const BgParamSpec *param)
{
  g_return_val_if_fail (param != NULL, NULL);

  if (param->kind == BG_PARAM_CHOICE)
    {
      g_autofree char *words = g_strjoinv (", ", (char **) param->choices);

      /* Translators: the words a choice parameter takes: "one of constant, step" */
      return g_strdup_printf (_("one of %s"), words);
    }
  if (param->kind == BG_PARAM_TABLE)
    return g_strdup (_("rows of two numbers"));
  switch (param->limit)
    {
    case BG_LIMIT_POSITIVE:
      return g_strdup ("> 0");
    case BG_LIMIT_NONNEGATIVE:
      return g_strdup ("≥ 0");
    case BG_LIMIT_RANGE:
      {
        g_autofree char *lo = format_number (param->min);
        g_autofree char *hi = format_number (param->max);

        /* Translators: a parameter's range: "between 1 and 2" */
        return g_strdup_printf (_("between %s and %s"), lo, hi);
      }
    case BG_LIMIT_ANY:
    default:
      return g_strdup (_("any sign"));
    }
}

/* Markdown ------------------------------------------------------------------ */

static void
append_ports (GString               *md,
              const BgComponentSpec *spec)
{
  g_string_append_printf (md, "**%s** ", _("Ports:"));
  if (spec->variable_ports)
    {
      g_string_append_printf (md, "%s\n\n", _("p1, p2, … — one for each bond, in the order the bonds were drawn; at least two."));
      return;
    }
  for (guint p = 0; p < spec->n_ports; p++)
    {
      const BgPortSpec *port = &spec->ports[p];

      g_string_append_printf (md, "%s`%s` — %s", p > 0 ? "; " : "", port->name,
                              bg_domain_display_name (port->domain));
      if (port->description != NULL && port->description[0] != '\0')
        g_string_append_printf (md, " (%s)", _(port->description));
    }
  g_string_append (md, "\n\n");
}

static void
append_equations (GString               *md,
                  const BgComponentSpec *spec)
{
  g_auto(GStrv) lines = bg_component_doc_dup_equations (spec);

  g_string_append_printf (md, "**%s**\n\n```\n", _("Equations:"));
  for (guint i = 0; lines[i] != NULL; i++)
    g_string_append_printf (md, "%s\n", lines[i]);
  g_string_append (md, "```\n\n");
}

static void
append_params (GString               *md,
               const BgComponentSpec *spec)
{
  if (spec->n_params == 0)
    {
      g_string_append_printf (md, "**%s** %s\n\n", _("Parameters:"), _("none."));
      return;
    }
  g_string_append_printf (md, "**%s**\n\n| %s | %s | %s | %s | %s |\n|---|---|---|---|---|\n",
                          _("Parameters:"), _("name"), _("meaning"), _("unit"),
                          _("default"), _("allowed"));
  for (guint i = 0; i < spec->n_params; i++)
    {
      const BgParamSpec *param = &spec->params[i];
      g_autofree char *def = default_text (param, FALSE);
      g_autofree char *limit = bg_component_doc_dup_limit (param);
      g_autofree char *unit = param->unit != NULL && param->unit[0] != '\0'
                              ? bg_units_localize (param->unit) : g_strdup ("—");

      g_string_append_printf (md, "| `%s` | %s", param->name, _(param->label));
      if (param->visible_if != NULL)
        {
          g_autofree char *when = g_strdup (param->visible_if);

          g_strdelimit (when, "|", '/');
          /* Translators: a parameter used only for some settings: "(waveform=step/pulse)" */
          g_string_append_printf (md, _(" (with %s)"), when);
        }
      g_string_append_printf (md, " | %s | %s | %s |\n", unit, def, limit);
    }
  g_string_append (md, "\n");
}

static void
append_outputs (GString               *md,
                const BgComponentSpec *spec)
{
  if (spec->n_vars == 0)
    return;
  g_string_append_printf (md, "**%s**\n\n| %s | %s | %s |\n|---|---|---|\n",
                          _("Outputs:"), _("variable"), _("unit"), _("meaning"));
  for (guint i = 0; i < spec->n_vars; i++)
    {
      const BgVarSpec *var = &spec->vars[i];
      g_autofree char *unit = var->unit[0] != '\0' ? bg_units_localize (var->unit) : g_strdup ("—");

      g_string_append_printf (md, "| `EL.%s` | %s | %s |\n", var->suffix, unit,
                              _(var->description));
    }
  g_string_append (md, "\n");
}

char *
bg_component_doc_dup_markdown (const BgComponentSpec *spec)
{
  GString *md = g_string_new (NULL);
  g_autofree char *causality = NULL;
  g_autofree char *initial = NULL;

  g_return_val_if_fail (spec != NULL, NULL);

  causality = bg_component_doc_dup_causality (spec);
  initial = bg_component_doc_dup_initial_state (spec);
  g_string_append_printf (md, "### %s — %s\n\n", spec->type, bg_component_spec_display_name (spec));
  g_string_append_printf (md, "%s\n\n", _(spec->description));
  append_ports (md, spec);
  append_equations (md, spec);
  append_params (md, spec);
  if (initial != NULL)
    g_string_append_printf (md, "**%s** %s\n\n", _("Initial state:"), initial);
  g_string_append_printf (md, "**%s** %s\n\n", _("Causality:"), causality);
  append_outputs (md, spec);
  return g_string_free (md, FALSE);
}

char *
bg_component_doc_dup_reference (void)
{
  GString *md = g_string_new (NULL);
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);

  g_string_append_printf (md, "# %s\n\n%s\n\n", _("Component reference"),
                          _("Every component of the Elements library: its ports, equations, parameters with units and defaults, initial state, causality and output variables. Defaults are what an element gets when it is inserted from the palette. Local flows are positive into a port; `EL` in a variable stands for the element's id."));
  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    {
      g_autofree char *effort_unit = bg_units_localize (bg_domain_effort_unit ((BgDomain) d));
      g_autofree char *flow_unit = bg_units_localize (bg_domain_flow_unit ((BgDomain) d));

      g_string_append_printf (md, "## %s\n\n", bg_domain_display_name ((BgDomain) d));
      /* Translators: a domain's effort and flow: "Effort: voltage v [V]; flow: current i [A]." */
      g_string_append_printf (md, _("Effort: %s %s [%s]; flow: %s %s [%s]."),
                              bg_domain_effort_name ((BgDomain) d), bg_domain_effort_symbol ((BgDomain) d),
                              effort_unit, bg_domain_flow_name ((BgDomain) d),
                              bg_domain_flow_symbol ((BgDomain) d), flow_unit);
      g_string_append (md, "\n\n");
      /* Its primitives in palette order, then its component Port. */
      for (guint i = 0; i < n_specs; i++)
        if (all[i]->section == BG_SECTION_PRIMITIVES && all[i]->domain == (BgDomain) d)
          {
            g_autofree char *page = bg_component_doc_dup_markdown (all[i]);

            g_string_append (md, page);
          }
    }
  g_string_append_printf (md, "## %s\n\n%s\n\n", _("Advanced components"),
                          _("Listed in the palette of every domain one of their ports belongs to."));
  for (guint i = 0; i < n_specs; i++)
    if (all[i]->section == BG_SECTION_ADVANCED)
      {
        g_autofree char *page = bg_component_doc_dup_markdown (all[i]);

        g_string_append (md, page);
      }
  /* One newline at the end, none doubled. */
  while (md->len > 1 && md->str[md->len - 1] == '\n' && md->str[md->len - 2] == '\n')
    g_string_truncate (md, md->len - 1);
  return g_string_free (md, FALSE);
}
