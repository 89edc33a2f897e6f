/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality.c — causal analysis of a model (docs/architecture.md, Causality).
 *
 * Owns: the result of an analysis (BgCausality, its reference count and
 * boxed type, its public accessors, summary and JSON) and the driver that runs the phases on one model. The
 * SCAP assignment of causal strokes and the list of states are in
 * bg-causality-propagate.c, the conflict diagnostics with the chain of
 * propagations behind them in bg-causality-diagnose.c, the algebraic groups
 * (strongly connected components of the direct-feedthrough graph over bond
 * variables) in bg-causality-groups.c. Everything runs in time linear in
 * the model: adjacency is built once into flat arrays, propagation uses a
 * work queue and per-element counters, Tarjan's algorithm is iterative.
 *
 * When a trace is asked for (bg_causality_analyze_traced(), declared in
 * bg-causality-trace.h), every stroke and conflict is also reported to the
 * recorder of bg-causality-trace.c; otherwise that costs one test a stroke.
 *
 * Must not: modify the model, simulate, keep global state (the analysis may
 * run on any thread), or know about GTK.
 *
 * Vocabulary: a bond has two ends, end 2·b (its `from` end) and end 2·b + 1
 * (its `to` end). An end "receives effort" when the causal stroke is at it;
 * it then supplies flow. Rules are checked per element over its ends.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-causality-private.h"
#include "bg-ref-count-private.h"
#include "bg-json-generate.h"
#include "bg-model-flatten.h"

static void
free_diagnostic (gpointer data)
{
  BgDiagnostic *d = data;

  g_free (d->code);
  g_free (d->message);
  g_strfreev (d->elements);
  g_strfreev (d->bonds);
  g_free (d);
}

static void
free_group (gpointer data)
{
  BgAlgebraicGroup *g = data;

  g_strfreev (g->elements);
  g_strfreev (g->bonds);
  g_free (g);
}

/* Result ----------------------------------------------------------------------- */

static void
index_ids (GHashTable *set,
           GStrv       ids)
{
  for (guint i = 0; ids[i] != NULL; i++)
    g_hash_table_add (set, ids[i]);
}

static void
finish_result (BgCausalityAnalysis *a)
{
  BgCausality *self = a->result;

  gsize block_size = 0;
  char *p;

  self->n_bonds = a->n_bonds;
  self->strokes = g_memdup2 (a->stroke, sizeof (BgStroke) * MAX (a->n_bonds, 1));
  /* All ids in one block: one allocation instead of one per bond. */
  for (guint b = 0; b < a->n_bonds; b++)
    block_size += strlen (_bg_causality_bond_id (a, b)) + 1;
  self->bond_ids = g_new (char *, a->n_bonds + 1);
  self->bond_id_block = p = g_malloc (MAX (block_size, 1));
  for (guint b = 0; b < a->n_bonds; b++)
    {
      self->bond_ids[b] = p;
      p = g_stpcpy (p, _bg_causality_bond_id (a, b)) + 1;
    }
  self->bond_ids[a->n_bonds] = NULL;
  _bg_causality_index_diagnostics (self);
}

void
_bg_causality_index_diagnostics (BgCausality *self)
{
  for (guint i = 0; i < self->errors->len; i++)
    {
      BgDiagnostic *d = g_ptr_array_index (self->errors, i);

      index_ids (self->error_elements, d->elements);
      index_ids (self->error_bonds, d->bonds);
    }
  for (guint i = 0; i < self->groups->len; i++)
    {
      BgAlgebraicGroup *g = g_ptr_array_index (self->groups, i);

      index_ids (self->group_elements, g->elements);
      index_ids (self->group_bonds, g->bonds);
    }
  self->ok = self->errors->len == 0;
}

BgCausality *
_bg_causality_new (void)
{
  BgCausality *self = g_new0 (BgCausality, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->states = g_ptr_array_new_with_free_func (g_free);
  self->groups = g_ptr_array_new_with_free_func (free_group);
  self->errors = g_ptr_array_new_with_free_func (free_diagnostic);
  self->warnings = g_ptr_array_new_with_free_func (free_diagnostic);
  self->error_elements = g_hash_table_new (g_str_hash, g_str_equal);
  self->error_bonds = g_hash_table_new (g_str_hash, g_str_equal);
  self->group_elements = g_hash_table_new (g_str_hash, g_str_equal);
  self->group_bonds = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

static void
analysis_free (BgCausalityAnalysis *a)
{
  g_free (a->specs);
  g_free (a->end_start);
  g_free (a->ends);
  g_free (a->n_in);
  g_free (a->n_out);
  g_free (a->n_unassigned);
  g_free (a->skip);
  g_free (a->reported);
  g_free (a->in_queue);
  g_free (a->end_element);
  g_free (a->end_port);
  g_free (a->stroke);
  g_free (a->forced_by);
  g_free (a->cause);
  g_free (a->origin);
  g_free (a->seq);
  g_free (a->queue);
  g_free (a->element_mark);
  g_free (a->bond_mark);
}

static inline void
trace_phase (BgCausalityAnalysis *a,
             BgTracePhase         phase)
{
  if (a->trace != NULL)
    _bg_trace_recorder_set_phase (a->trace, phase);
}

static BgCausality *
analyze (BgModel         *model,
         BgTraceRecorder *trace)
{
  GPtrArray *elements, *bonds;
  BgCausalityAnalysis a = { 0 };
  guint n;

  a.trace = trace;
  elements = bg_model_get_elements (model);
  bonds = bg_model_get_bonds (model);

  a.result = _bg_causality_new ();
  a.result->revision = bg_model_get_revision (model);
  a.n_elements = elements->len;
  a.n_bonds = bonds->len;
  a.elements = (BgElement **) elements->pdata;
  a.bonds = (BgBond **) bonds->pdata;

  if (a.n_elements == 0)
    {
      BgCausalityIdList list;

      _bg_causality_id_list_init (&a, &list);
      _bg_causality_add_diagnostic (&a, a.result->errors, "empty-model",
                                    g_strdup (_("The model is empty; add elements from the palette.")),
                                    &list);
      finish_result (&a);
      return a.result;
    }

  n = a.n_elements;
  a.n_in = g_new0 (guint, n);
  a.n_out = g_new0 (guint, n);
  a.n_unassigned = g_new0 (guint, n);
  a.skip = g_new0 (guint8, n);
  a.reported = g_new0 (guint8, n);
  a.in_queue = g_new0 (guint8, n);
  a.queue = g_new (guint, n);
  a.element_mark = g_new0 (guint, n);
  a.stroke = g_new0 (BgStroke, MAX (a.n_bonds, 1));
  a.forced_by = g_new0 (guint, MAX (a.n_bonds, 1));
  a.cause = g_new0 (int, MAX (a.n_bonds, 1));
  a.origin = g_new0 (guint, MAX (a.n_bonds, 1));
  a.seq = g_new0 (guint, MAX (a.n_bonds, 1));
  a.bond_mark = g_new0 (guint, MAX (a.n_bonds, 1));

  _bg_causality_build_adjacency (&a, model);
  _bg_causality_check_structure (&a);
  _bg_causality_check_parts (&a);

  trace_phase (&a, BG_TRACE_PHASE_FIXED);
  _bg_causality_assign_fixed (&a);
  trace_phase (&a, BG_TRACE_PHASE_STORAGE);
  _bg_causality_assign_storages (&a);
  trace_phase (&a, BG_TRACE_PHASE_RESISTOR);
  _bg_causality_assign_resistors (&a);
  trace_phase (&a, BG_TRACE_PHASE_ARBITRARY);
  _bg_causality_assign_remaining (&a);

  _bg_causality_collect_states (&a);
  _bg_causality_find_groups (&a);
  finish_result (&a);
  analysis_free (&a);
  return a.result;
}

/**
 * bg_causality_analyze:
 * @model: the model to analyse
 *
 * Returns: (transfer full): a new analysis; never NULL.
 */
/* A model with components is analysed as its flat graph, then seen from its
 * top level (bg-causality-project.c). */
static BgCausality *
analyze_through_components (BgModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (model, &map, &error);
  g_autoptr(BgCausality) flat_result = NULL;
  BgCausality *self;

  if (flat == NULL)
    {
      BgDiagnostic *d = g_new0 (BgDiagnostic, 1);

      self = _bg_causality_new ();
      self->revision = bg_model_get_revision (model);
      self->strokes = g_new0 (BgStroke, 1);
      self->bond_ids = g_new0 (char *, 1);
      self->bond_id_block = g_malloc (1);
      d->code = g_strdup ("component");
      d->message = g_strdup (error->message);
      d->elements = g_new0 (char *, 1);
      d->bonds = g_new0 (char *, 1);
      g_ptr_array_add (self->errors, d);
      _bg_causality_index_diagnostics (self);
      return self;
    }
  flat_result = analyze (flat, NULL);
  return bg_causality_project (flat_result, model, "", map);
}

BgCausality *
bg_causality_analyze (BgModel *model)
{
  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  if (bg_model_has_components (model) && !bg_model_is_body (model))
    return analyze_through_components (model);
  return analyze (model, NULL);
}

/**
 * bg_causality_analyze_traced:
 * @model: the model to analyse
 * @trace: (out) (transfer full): the steps the analysis took
 *
 * Returns: (transfer full): the same analysis as bg_causality_analyze().
 */
BgCausality *
bg_causality_analyze_traced (BgModel           *model,
                             BgCausalityTrace **trace)
{
  GPtrArray *bonds;
  BgTraceRecorder *rec;
  BgCausality *result;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);
  g_return_val_if_fail (trace != NULL, NULL);

  bonds = bg_model_get_bonds (model);
  rec = _bg_trace_recorder_new ((BgBond **) bonds->pdata, bonds->len);
  result = analyze (model, rec);
  _bg_trace_recorder_note_groups (rec, result);
  *trace = _bg_trace_recorder_finish (rec);
  return result;
}

G_DEFINE_BOXED_TYPE (BgCausality, bg_causality, bg_causality_ref, bg_causality_unref)

static void
causality_free (BgCausality *self)
{
  if (self->bond_index != NULL)
    g_hash_table_unref (self->bond_index);
  g_hash_table_unref (self->error_elements);
  g_hash_table_unref (self->error_bonds);
  g_hash_table_unref (self->group_elements);
  g_hash_table_unref (self->group_bonds);
  g_ptr_array_unref (self->states);
  g_ptr_array_unref (self->groups);
  g_ptr_array_unref (self->errors);
  g_ptr_array_unref (self->warnings);
  g_free (self->bond_ids);
  g_free (self->bond_id_block);
  g_free (self->strokes);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgCausality, bg_causality, causality_free)

gboolean
bg_causality_is_ok (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->ok;
}

guint64
bg_causality_get_revision (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->revision;
}

guint
bg_causality_get_n_bonds (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_bonds;
}

BgStroke
bg_causality_get_stroke (const BgCausality *self,
                         guint              bond_index)
{
  g_return_val_if_fail (self != NULL, BG_STROKE_NONE);
  g_return_val_if_fail (bond_index < self->n_bonds, BG_STROKE_NONE);
  return self->strokes[bond_index];
}

/* The id index is made on the first lookup by id: the analysis itself and
 * most readers go by bond index. Safe from any thread. */
static GHashTable *
get_bond_index (const BgCausality *self)
{
  BgCausality *mutable_self = (BgCausality *) self;

  if (g_once_init_enter (&mutable_self->bond_index))
    {
      GHashTable *index = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint b = 0; b < self->n_bonds; b++)
        g_hash_table_insert (index, self->bond_ids[b], GUINT_TO_POINTER (b + 1));
      g_once_init_leave (&mutable_self->bond_index, index);
    }
  return mutable_self->bond_index;
}

BgStroke
bg_causality_lookup_stroke (const BgCausality *self,
                            const char        *bond_id)
{
  guint index;

  g_return_val_if_fail (self != NULL, BG_STROKE_NONE);
  g_return_val_if_fail (bond_id != NULL, BG_STROKE_NONE);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (get_bond_index (self), bond_id));
  return index == 0 ? BG_STROKE_NONE : self->strokes[index - 1];
}

gboolean
bg_causality_end_receives_effort (const BgCausality *self,
                                  guint              bond_index,
                                  gboolean           at_to)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_index < self->n_bonds, FALSE);
  return _bg_causality_end_receives (self->strokes[bond_index], at_to ? 1 : 0);
}

const GPtrArray *
bg_causality_get_states (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->states;
}

const GPtrArray *
bg_causality_get_algebraic_groups (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->groups;
}

const GPtrArray *
bg_causality_get_errors (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->errors;
}

const GPtrArray *
bg_causality_get_warnings (const BgCausality *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->warnings;
}

gboolean
bg_causality_element_has_error (const BgCausality *self,
                                const char        *element_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  return g_hash_table_contains (self->error_elements, element_id);
}

gboolean
bg_causality_bond_has_error (const BgCausality *self,
                             const char        *bond_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  return g_hash_table_contains (self->error_bonds, bond_id);
}

gboolean
bg_causality_element_in_group (const BgCausality *self,
                               const char        *element_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (element_id != NULL, FALSE);
  return g_hash_table_contains (self->group_elements, element_id);
}

gboolean
bg_causality_bond_in_group (const BgCausality *self,
                            const char        *bond_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (bond_id != NULL, FALSE);
  return g_hash_table_contains (self->group_bonds, bond_id);
}

char *
bg_causality_dup_summary (const BgCausality *self)
{
  g_autofree char *states = NULL;
  g_autofree char *groups = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->errors->len > 0)
    return g_strdup (((BgDiagnostic *) g_ptr_array_index (self->errors, 0))->message);

  states = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u state", "%u states", self->states->len),
                            self->states->len);
  if (self->groups->len == 0)
    /* Translators: "Causality OK · 3 states" */
    return g_strdup_printf (_("Causality OK · %s"), states);
  groups = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u algebraic group", "%u algebraic groups",
                                      self->groups->len),
                            self->groups->len);
  /* Translators: "Causality OK · 3 states · 1 algebraic group" */
  return g_strdup_printf (_("Causality OK · %s · %s"), states, groups);
}

static void
add_string_array (JsonBuilder *builder,
                  const char  *name,
                  char *const *ids)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; ids[i] != NULL; i++)
    json_builder_add_string_value (builder, ids[i]);
  json_builder_end_array (builder);
}

static void
add_diagnostics (JsonBuilder     *builder,
                 const char      *name,
                 const GPtrArray *diagnostics)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (diagnostics, i);

      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "code", d->code);
      bg_json_builder_add_string_member (builder, "message", d->message);
      add_string_array (builder, "elements", d->elements);
      add_string_array (builder, "bonds", d->bonds);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

char *
bg_causality_to_json (const BgCausality *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "ok");
  json_builder_add_boolean_value (builder, self->ok);

  json_builder_set_member_name (builder, "states");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->states->len; i++)
    json_builder_add_string_value (builder, g_ptr_array_index (self->states, i));
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "bonds");
  json_builder_begin_array (builder);
  for (guint b = 0; b < self->n_bonds; b++)
    {
      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "id", self->bond_ids[b]);
      json_builder_set_member_name (builder, "stroke");
      if (self->strokes[b] == BG_STROKE_AT_TO)
        json_builder_add_string_value (builder, "to");
      else if (self->strokes[b] == BG_STROKE_AT_FROM)
        json_builder_add_string_value (builder, "from");
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "algebraic_groups");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->groups->len; i++)
    {
      const BgAlgebraicGroup *g = g_ptr_array_index (self->groups, i);

      json_builder_begin_object (builder);
      add_string_array (builder, "elements", g->elements);
      add_string_array (builder, "bonds", g->bonds);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  add_diagnostics (builder, "errors", self->errors);
  add_diagnostics (builder, "warnings", self->warnings);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}

