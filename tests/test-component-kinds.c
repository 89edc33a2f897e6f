/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-component-kinds.c — every registered kind says everything a kind
 * must say.
 *
 * Owns: the completeness check of the registry: every spec's own fields
 * (names, ports, parameters, outputs, drawing) and its kind's behaviour
 * (id prefix, nouns, states, equations numeric and symbolic, scales,
 * reference text), and that the optional fields hang together. A new kind
 * that forgets a field fails here, naming the type and the field.
 * Must not: check numbers (test-library-components.c, test-simulate.c do).
 */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "bg-library.h"
#include "bg-components-private.h"
#include "bg-component-doc.h"
#include "bg-model.h"

static gboolean
is_text (const char *s)
{
  return s != NULL && s[0] != '\0';
}

#define CHECK(spec, cond, field)                                           \
  G_STMT_START {                                                           \
    if (!(cond))                                                           \
      g_error ("%s (%s): %s is missing or inconsistent", (spec)->type,     \
               (spec)->domain != BG_DOMAIN_NONE                            \
               ? bg_domain_to_id ((spec)->domain) : "advanced", field);    \
  } G_STMT_END

static guint
strv_len (const char *const *v)
{
  guint n = 0;

  while (v != NULL && v[n] != NULL)
    n++;
  return n;
}

static void
check_spec_fields (const BgComponentSpec *spec)
{
  gboolean has_waveform = bg_component_spec_find_param (spec, "waveform", NULL) != NULL;

  CHECK (spec, bg_library_is_type (spec->type), "type");
  CHECK (spec, is_text (spec->symbol), "symbol");
  CHECK (spec, is_text (spec->name), "name");
  CHECK (spec, is_text (spec->name_ru), "name_ru");
  CHECK (spec, is_text (spec->description), "description");
  CHECK (spec, spec->plot_vars != NULL, "plot_vars");
  CHECK (spec, spec->variable_ports == (spec->n_ports == 0), "ports");
  CHECK (spec, (spec->section == BG_SECTION_ADVANCED) == (spec->drawing == BG_DRAWING_BOX), "drawing");
  CHECK (spec, (spec->section == BG_SECTION_ADVANCED) == (spec->domain == BG_DOMAIN_NONE), "domain");
  CHECK (spec, spec->n_left_ports <= spec->n_ports, "n_left_ports");
  CHECK (spec, has_waveform == (spec->waveform_param != NULL), "waveform_param");
  CHECK (spec, spec->waveform_param == NULL
               || bg_component_spec_find_param (spec, spec->waveform_param, NULL) != NULL,
         "waveform_param (names a parameter)");
  CHECK (spec, !spec->has_domain_s || spec->n_ports == 2, "has_domain_s");

  for (guint p = 0; p < spec->n_ports; p++)
    {
      CHECK (spec, is_text (spec->ports[p].name), "ports[].name");
      CHECK (spec, spec->ports[p].domain != BG_DOMAIN_NONE, "ports[].domain");
      CHECK (spec, is_text (spec->ports[p].description), "ports[].description");
    }
  for (guint i = 0; i < spec->n_params; i++)
    {
      const BgParamSpec *param = &spec->params[i];

      CHECK (spec, is_text (param->name), "params[].name");
      CHECK (spec, is_text (param->label), "params[].label");
      CHECK (spec, param->unit != NULL, "params[].unit");
      CHECK (spec, param->kind != BG_PARAM_CHOICE
                   || (strv_len (param->choices) > 0 && is_text (param->default_choice)),
             "params[].choices");
      CHECK (spec, param->kind != BG_PARAM_TABLE
                   || (param->default_table_rows > 0 && is_text (param->column_labels[0])
                       && is_text (param->column_labels[1])),
             "params[].column_labels");
      CHECK (spec, param->limit != BG_LIMIT_RANGE || param->min < param->max, "params[].min/max");
    }
  for (guint i = 0; i < spec->n_vars; i++)
    {
      CHECK (spec, is_text (spec->vars[i].suffix), "vars[].suffix");
      CHECK (spec, spec->vars[i].unit != NULL, "vars[].unit");
      CHECK (spec, is_text (spec->vars[i].description), "vars[].description");
    }
}

static void
check_kind_fields (const BgComponentSpec *spec)
{
  const BgComponentKind *kind = spec->kind;
  const char *hole;

  CHECK (spec, kind != NULL, "kind");
  CHECK (spec, g_str_equal (kind->type, spec->type), "kind->type");
  CHECK (spec, is_text (kind->id_prefix) && bg_id_is_valid (kind->id_prefix), "kind->id_prefix");
  CHECK (spec, is_text (kind->noun), "kind->noun");
  hole = kind->named != NULL ? strstr (kind->named, "%s") : NULL;
  CHECK (spec, hole != NULL && strstr (hole + 2, "%") == NULL, "kind->named (one %s)");
  CHECK (spec, kind->emit != NULL, "kind->emit");
  CHECK (spec, kind->form != NULL, "kind->form");
  CHECK (spec, strv_len (kind->equations) > 0, "kind->equations");
  CHECK (spec, is_text (kind->causality), "kind->causality");

  /* States exist exactly when a rule says when. */
  CHECK (spec, (kind->state_rule == BG_STATES_NONE) == (strv_len (kind->states) == 0), "kind->states");
  CHECK (spec, kind->state_rule != BG_STATES_WHEN_INTEGRAL || spec->causal_rule == BG_CAUSAL_STORAGE,
         "kind->state_rule (integral needs a storage rule)");
  CHECK (spec, (kind->state_rule == BG_STATES_NONE) == (kind->initial_state == NULL), "kind->initial_state");
  CHECK (spec, kind->energy_state == NULL
               || (strv_len (kind->states) == 1 && g_str_equal (kind->states[0], kind->energy_state)),
         "kind->energy_state");
  CHECK (spec, (kind->carry_pass > 0) == (kind->carry_scales != NULL), "kind->carry_scales");
  CHECK (spec, (kind->junction != BG_JUNCTION_NONE) == spec->variable_ports, "kind->junction");
  CHECK (spec, kind->junction == BG_JUNCTION_NONE || kind->pattern_sentence != NULL,
         "kind->pattern_sentence (a junction explains its pattern)");
  CHECK (spec, !kind->merges_on_common_flow || bg_component_spec_sets (spec, FALSE), "kind->merges_on_common_flow");
  CHECK (spec, !kind->feedthrough || spec->causal_rule == BG_CAUSAL_FIXED, "kind->feedthrough");
  if (kind->derivative_advice != NULL)
    for (guint p = 0; p < spec->n_ports; p++)
      CHECK (spec, is_text (kind->derivative_advice[spec->ports[p].domain]),
             "kind->derivative_advice (for every port's domain)");
}

static void
check_reference (const BgComponentSpec *spec)
{
  g_autofree char *page = bg_component_doc_dup_markdown (spec);
  g_auto(GStrv) lines = bg_component_doc_dup_equations (spec);
  g_autofree char *heading = g_strdup_printf ("### %s — ", spec->type);

  CHECK (spec, g_str_has_prefix (page, heading), "reference page heading");
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *markup = bg_component_doc_equation_markup (lines[i]);

      CHECK (spec, strstr (lines[i], "{") == NULL || spec->domain == BG_DOMAIN_NONE,
             "equations (every {symbol} filled in)");
      CHECK (spec, strstr (page, lines[i]) != NULL, "reference page equations");
      CHECK (spec, g_utf8_validate (markup, -1, NULL), "equation markup");
    }
  for (guint i = 0; i < spec->n_params; i++)
    {
      g_autofree char *cell = g_strdup_printf ("| `%s` |", spec->params[i].name);

      CHECK (spec, strstr (page, cell) != NULL, "reference page parameters");
    }
  for (guint i = 0; i < spec->n_vars; i++)
    {
      g_autofree char *cell = g_strdup_printf ("| `EL.%s` |", spec->vars[i].suffix);

      CHECK (spec, strstr (page, cell) != NULL, "reference page outputs");
    }
}

static void
test_every_kind_complete (void)
{
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);
  g_autoptr(GHashTable) kinds = g_hash_table_new (NULL, NULL);

  g_assert_cmpuint (n_specs, >, 0);
  for (guint i = 0; i < n_specs; i++)
    {
      check_spec_fields (all[i]);
      check_kind_fields (all[i]);
      check_reference (all[i]);
      g_hash_table_add (kinds, (gpointer) all[i]->kind);
    }
  /* Every kind object is reached by some spec (none registered half-way). */
  g_assert_cmpuint (g_hash_table_size (kinds), >=, 14);
}

/* Two kinds never share an id prefix that would make one's ids look like
 * the other's numbers ("C" and "CYL" are fine: "CYL1" is no C id). */
static void
test_id_prefixes_distinct (void)
{
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);
  g_autoptr(GHashTable) owner = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < n_specs; i++)
    {
      const BgComponentKind *seen = g_hash_table_lookup (owner, all[i]->kind->id_prefix);

      g_assert_true (seen == NULL || seen == all[i]->kind);
      g_hash_table_insert (owner, (gpointer) all[i]->kind->id_prefix, (gpointer) all[i]->kind);
    }
}

/* The named form reads as the sentences use it, with the id spliced in. */
static void
test_named_forms (void)
{
  g_autofree char *j0 = _bg_component_kind_describe (&_bg_kind_junction_0, "J1");
  g_autofree char *c = _bg_component_kind_describe (&_bg_kind_c, "C1");
  g_autofree char *mot = _bg_component_kind_describe (&_bg_kind_dc_motor, "M");

  g_assert_cmpstr (j0, ==, "0-junction J1");
  g_assert_cmpstr (c, ==, "C C1");
  g_assert_cmpstr (mot, ==, "DC motor M");
}

/* The reference puts each domain's symbols into the same equations. */
static void
test_reference_symbols (void)
{
  const BgComponentSpec *r = bg_library_lookup ("R", BG_DOMAIN_ELECTRICAL);
  const BgComponentSpec *c = bg_library_lookup ("C", BG_DOMAIN_HYDRAULIC);
  g_auto(GStrv) r_lines = bg_component_doc_dup_equations (r);
  g_auto(GStrv) c_lines = bg_component_doc_dup_equations (c);
  g_autofree char *markup = bg_component_doc_equation_markup ("f_S,local = −n · f_P,local < 1 & 2");

  g_assert_cmpstr (r_lines[0], ==, "v = R · i_local");
  g_assert_cmpstr (c_lines[0], ==, "dV/dt = Q_local");
  g_assert_cmpstr (c_lines[1], ==, "P = V / C");   /* a pressure is P, p a momentum */
  g_assert_cmpstr (markup, ==, "f<sub>S,local</sub> = −n · f<sub>P,local</sub> &lt; 1 &amp; 2");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/component-kinds/complete", test_every_kind_complete);
  g_test_add_func ("/core/component-kinds/id-prefixes", test_id_prefixes_distinct);
  g_test_add_func ("/core/component-kinds/named", test_named_forms);
  g_test_add_func ("/core/component-kinds/reference-symbols", test_reference_symbols);
  return g_test_run ();
}
