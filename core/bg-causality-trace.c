/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-trace.c — the SCAP procedure, step by step, for teaching.
 *
 * Owns: the recorder that bg-causality.c feeds while it assigns strokes (see
 * bg-causality-trace-private.h): each step's phase, element, bond and
 * stroke, the earlier steps it follows from (`after`) and the ids it names;
 * and the immutable BgCausalityTrace with its JSON form and the names of
 * its phases. The sentence of each step comes from
 * bg-causality-trace-sentences.c.
 *
 * Must not: decide any stroke (it only records the analyzer's), word a
 * step's sentence itself, keep pointers into the model after
 * bg_causality_analyze_traced() returns, or know about GTK. Cost: O(1) per
 * step plus the `after` list, whose total length is at most the number of
 * bond ends, so the trace stays linear.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-causality-trace-private.h"
#include "bg-ref-count-private.h"
#include "bg-json-generate.h"
#include "bg-library.h"

/* Where a step's variable-length parts start in the pools, until the pools
 * stop growing and the public pointers can be set. */
typedef struct
{
  guint after_start;
  guint elements_start;
  guint bonds_start;
} StepOffsets;

struct _BgCausalityTrace
{
  gatomicrefcount ref_count;
  GArray         *steps;         /* BgTraceStep */
  GArray         *after_pool;    /* guint */
  GPtrArray      *id_pool;       /* char* into strings, NULL-separated lists */
  GStringChunk   *strings;       /* ids and sentences */
  guint           n_bonds;
  guint          *step_of_bond;  /* G_MAXUINT: none */
  gboolean        has_conflict;
};

struct _BgTraceRecorder
{
  BgCausalityTrace *trace;
  GArray           *offsets;     /* StepOffsets per step */
  BgBond          **bonds;       /* borrowed from the model during the analysis */
  guint             n_bonds;
  BgTracePhase      phase;
  GHashTable       *bond_index;  /* id → index + 1, made on the first conflict */
};

/* Recording ---------------------------------------------------------------- */

BgTraceRecorder *
_bg_trace_recorder_new (BgBond **bonds,
                        guint    n_bonds)
{
  BgTraceRecorder *rec = g_new0 (BgTraceRecorder, 1);
  BgCausalityTrace *trace = g_new0 (BgCausalityTrace, 1);

  g_atomic_ref_count_init (&trace->ref_count);
  trace->steps = g_array_sized_new (FALSE, TRUE, sizeof (BgTraceStep), n_bonds + 1);
  trace->after_pool = g_array_new (FALSE, FALSE, sizeof (guint));
  trace->id_pool = g_ptr_array_new ();
  trace->strings = g_string_chunk_new (4096);
  trace->n_bonds = n_bonds;
  trace->step_of_bond = g_new (guint, MAX (n_bonds, 1));
  for (guint b = 0; b < n_bonds; b++)
    trace->step_of_bond[b] = G_MAXUINT;

  rec->trace = trace;
  rec->offsets = g_array_sized_new (FALSE, FALSE, sizeof (StepOffsets), n_bonds + 1);
  rec->bonds = bonds;
  rec->n_bonds = n_bonds;
  rec->phase = BG_TRACE_PHASE_FIXED;
  return rec;
}

void
_bg_trace_recorder_free (BgTraceRecorder *rec)
{
  if (rec == NULL)
    return;
  if (rec->trace != NULL)
    bg_causality_trace_unref (rec->trace);
  g_array_unref (rec->offsets);
  if (rec->bond_index != NULL)
    g_hash_table_unref (rec->bond_index);
  g_free (rec);
}

void
_bg_trace_recorder_set_phase (BgTraceRecorder *rec,
                              BgTracePhase     phase)
{
  rec->phase = phase;
}

BgTracePhase
_bg_trace_recorder_get_phase (BgTraceRecorder *rec)
{
  return rec->phase;
}

static const char *
intern (BgTraceRecorder *rec,
        const char      *text)
{
  return g_string_chunk_insert_const (rec->trace->strings, text);
}

static int
compare_uint (gconstpointer p1,
              gconstpointer p2)
{
  guint u1 = *(const guint *) p1, u2 = *(const guint *) p2;

  return u1 < u2 ? -1 : u1 > u2;
}

/* Appends a step; `after` (step indices, any order, repeats allowed) is
 * sorted and de-duplicated. Takes the sentence. */
static BgTraceStep *
add_step (BgTraceRecorder   *rec,
          const char        *element,
          int                bond,
          BgStroke           stroke,
          GArray            *after,
          char              *sentence,
          gboolean           conflict,
          const char *const *elements,
          guint              n_elements,
          const char *const *bonds,
          guint              n_bonds)
{
  BgCausalityTrace *trace = rec->trace;
  BgTraceStep step = { 0 };
  StepOffsets offsets;

  step.index = trace->steps->len;
  step.phase = rec->phase;
  step.element = intern (rec, element);
  step.bond = bond >= 0 ? intern (rec, rec->bonds[bond]->id) : NULL;
  step.bond_index = bond >= 0 ? (guint) bond : G_MAXUINT;
  step.stroke = stroke;
  step.sentence = g_string_chunk_insert (trace->strings, sentence);
  step.conflict = conflict;
  g_free (sentence);

  offsets.after_start = trace->after_pool->len;
  if (after != NULL && after->len > 0)
    {
      g_array_sort (after, compare_uint);
      for (guint i = 0; i < after->len; i++)
        {
          guint s = g_array_index (after, guint, i);

          g_assert (s < step.index);
          if (i > 0 && s == g_array_index (after, guint, i - 1))
            continue;
          g_array_append_val (trace->after_pool, s);
        }
    }
  step.n_after = trace->after_pool->len - offsets.after_start;

  offsets.elements_start = trace->id_pool->len;
  for (guint i = 0; i < n_elements; i++)
    g_ptr_array_add (trace->id_pool, (gpointer) intern (rec, elements[i]));
  g_ptr_array_add (trace->id_pool, NULL);
  offsets.bonds_start = trace->id_pool->len;
  for (guint i = 0; i < n_bonds; i++)
    g_ptr_array_add (trace->id_pool, (gpointer) intern (rec, bonds[i]));
  g_ptr_array_add (trace->id_pool, NULL);

  if (conflict)
    trace->has_conflict = TRUE;
  else if (bond >= 0)
    trace->step_of_bond[bond] = step.index;

  g_array_append_val (trace->steps, step);
  g_array_append_val (rec->offsets, offsets);
  return &g_array_index (trace->steps, BgTraceStep, step.index);
}

/* The side of `bond` at element `el` among its ends. */
static guint
side_at (guint        bond,
         const guint *ends,
         guint        n_ends,
         BgBond      *b)
{
  for (guint i = 0; i < n_ends; i++)
    if (ends[i] / 2 == bond)
      return ends[i] % 2;
  g_assert_not_reached ();
  return 0;
}

void
_bg_trace_recorder_stroke (BgTraceRecorder *rec,
                           guint            bond,
                           BgStroke         stroke,
                           BgElement       *element,
                           const guint     *ends,
                           guint            n_ends,
                           int              cause,
                           gboolean         neighbour_pref)
{
  BgBond *b = rec->bonds[bond];
  guint side = side_at (bond, ends, n_ends, b);
  BgElement *other = _bg_trace_end_element (b, !side);
  g_autoptr(GArray) after = g_array_new (FALSE, FALSE, sizeof (guint));
  const guint *step_of_bond = rec->trace->step_of_bond;
  const char *ids[2] = { element->id, other->id };
  BgBond *cb = NULL;
  guint cside = 0;
  gboolean last = FALSE;
  char *sentence;

  /* A propagation step follows from the steps that stroked the bonds the
   * element's rule went by. */
  if (rec->phase == BG_TRACE_PHASE_PROPAGATION)
    {
      BgCausalRule rule = element->spec->causal_rule;
      gboolean recv = _bg_trace_side_receives (stroke, side);

      /* The analyzer gives the single role to the last open bond, and the
       * other role to every bond once one took the single role. */
      last = (rule == BG_CAUSAL_ONE_IN && recv) ||
             (rule == BG_CAUSAL_ONE_OUT && !recv);
      cb = cause >= 0 ? rec->bonds[cause] : NULL;
      cside = cb != NULL ? side_at ((guint) cause, ends, n_ends, cb) : 0;
      if (last)
        {
          for (guint i = 0; i < n_ends; i++)
            if (ends[i] / 2 != bond && step_of_bond[ends[i] / 2] != G_MAXUINT)
              g_array_append_val (after, step_of_bond[ends[i] / 2]);
        }
      else if (cause >= 0 && step_of_bond[cause] != G_MAXUINT)
        g_array_append_val (after, step_of_bond[cause]);
    }
  sentence = _bg_trace_sentence_stroke (rec->phase, element, b, side, stroke, cb, cside, last,
                                        neighbour_pref);

  add_step (rec, element->id, (int) bond, stroke, after, sentence, FALSE,
            ids, other == element ? 1 : 2, (const char *const *) &b->id, 1);
}

void
_bg_trace_recorder_conflict (BgTraceRecorder   *rec,
                             const char        *message,
                             const char *const *elements,
                             guint              n_elements,
                             const char *const *bonds,
                             guint              n_bonds)
{
  g_autoptr(GArray) after = g_array_new (FALSE, FALSE, sizeof (guint));
  int last_bond = -1;

  if (rec->bond_index == NULL)
    {
      rec->bond_index = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint b = 0; b < rec->n_bonds; b++)
        g_hash_table_insert (rec->bond_index, rec->bonds[b]->id, GUINT_TO_POINTER (b + 1));
    }
  for (guint i = 0; i < n_bonds; i++)
    {
      guint b = GPOINTER_TO_UINT (g_hash_table_lookup (rec->bond_index, bonds[i]));

      if (b == 0)
        continue;
      last_bond = (int) (b - 1);
      if (rec->trace->step_of_bond[b - 1] != G_MAXUINT)
        g_array_append_val (after, rec->trace->step_of_bond[b - 1]);
    }

  add_step (rec, n_elements > 0 ? elements[0] : "", last_bond, BG_STROKE_NONE,
            after, g_strdup (message), TRUE, elements, n_elements, bonds, n_bonds);
}

void
_bg_trace_recorder_note_groups (BgTraceRecorder   *rec,
                                const BgCausality *causality)
{
  BgCausalityTrace *trace = rec->trace;

  for (guint i = 0; i < trace->steps->len; i++)
    {
      BgTraceStep *step = &g_array_index (trace->steps, BgTraceStep, i);
      g_autofree char *longer = NULL;

      if (step->conflict || step->bond == NULL ||
          (step->phase != BG_TRACE_PHASE_RESISTOR && step->phase != BG_TRACE_PHASE_ARBITRARY) ||
          !bg_causality_bond_in_group (causality, step->bond))
        continue;
      longer = _bg_trace_sentence_in_group (step->sentence);
      step->sentence = g_string_chunk_insert (trace->strings, longer);
    }
}

void
_bg_trace_recorder_copy_step (BgTraceRecorder   *rec,
                              const BgTraceStep *step,
                              int                bond,
                              BgStroke           stroke,
                              const char        *element,
                              const char *const *elements,
                              const char *const *bonds)
{
  g_autoptr(GArray) after = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_append_vals (after, step->after, step->n_after);
  rec->phase = step->phase;
  add_step (rec, element, bond, stroke, after, g_strdup (step->sentence), step->conflict,
            elements, g_strv_length ((char **) elements), bonds, g_strv_length ((char **) bonds));
}

BgCausalityTrace *
_bg_trace_recorder_finish (BgTraceRecorder *rec)
{
  BgCausalityTrace *trace = g_steal_pointer (&rec->trace);

  for (guint i = 0; i < trace->steps->len; i++)
    {
      BgTraceStep *step = &g_array_index (trace->steps, BgTraceStep, i);
      const StepOffsets *o = &g_array_index (rec->offsets, StepOffsets, i);

      step->after = step->n_after > 0
                    ? &g_array_index (trace->after_pool, guint, o->after_start)
                    : NULL;
      step->elements = (const char *const *) &trace->id_pool->pdata[o->elements_start];
      step->bonds = (const char *const *) &trace->id_pool->pdata[o->bonds_start];
    }
  _bg_trace_recorder_free (rec);
  return trace;
}

/* The trace ---------------------------------------------------------------- */

G_DEFINE_BOXED_TYPE (BgCausalityTrace, bg_causality_trace,
                     bg_causality_trace_ref, bg_causality_trace_unref)

static void
trace_free (BgCausalityTrace *self)
{
  g_array_unref (self->steps);
  g_array_unref (self->after_pool);
  g_ptr_array_unref (self->id_pool);
  g_string_chunk_free (self->strings);
  g_free (self->step_of_bond);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgCausalityTrace, bg_causality_trace, trace_free)

guint
bg_causality_trace_get_n_steps (const BgCausalityTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->steps->len;
}

const BgTraceStep *
bg_causality_trace_get_step (const BgCausalityTrace *self,
                             guint                   index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return &g_array_index (self->steps, BgTraceStep, index);
}

gboolean
bg_causality_trace_has_conflict (const BgCausalityTrace *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->has_conflict;
}

guint
bg_causality_trace_get_n_bonds (const BgCausalityTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_bonds;
}

guint
bg_causality_trace_get_step_of_bond (const BgCausalityTrace *self,
                                     guint                   bond_index)
{
  g_return_val_if_fail (self != NULL, G_MAXUINT);
  g_return_val_if_fail (bond_index < self->n_bonds, G_MAXUINT);
  return self->step_of_bond[bond_index];
}

BgStroke
bg_causality_trace_get_stroke_at (const BgCausalityTrace *self,
                                  guint                   bond_index,
                                  guint                   step)
{
  guint s;

  g_return_val_if_fail (self != NULL, BG_STROKE_NONE);
  g_return_val_if_fail (bond_index < self->n_bonds, BG_STROKE_NONE);

  s = self->step_of_bond[bond_index];
  if (s == G_MAXUINT || s > step)
    return BG_STROKE_NONE;
  return g_array_index (self->steps, BgTraceStep, s).stroke;
}

const char *
bg_trace_phase_to_string (BgTracePhase phase)
{
  switch (phase)
    {
    case BG_TRACE_PHASE_FIXED:
      return "fixed";
    case BG_TRACE_PHASE_STORAGE:
      return "storage";
    case BG_TRACE_PHASE_RESISTOR:
      return "resistor";
    case BG_TRACE_PHASE_ARBITRARY:
      return "arbitrary";
    case BG_TRACE_PHASE_PROPAGATION:
      return "propagation";
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
bg_trace_phase_display_name (BgTracePhase phase)
{
  switch (phase)
    {
    case BG_TRACE_PHASE_FIXED:
      return _("fixed source");
    case BG_TRACE_PHASE_STORAGE:
      return _("storage");
    case BG_TRACE_PHASE_RESISTOR:
      return _("resistor");
    case BG_TRACE_PHASE_ARBITRARY:
      return _("choice");
    case BG_TRACE_PHASE_PROPAGATION:
      return _("propagation");
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
add_step_json (JsonBuilder       *builder,
               const BgTraceStep *step)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "n");
  json_builder_add_int_value (builder, step->index + 1);
  bg_json_builder_add_string_member (builder, "phase", bg_trace_phase_to_string (step->phase));
  bg_json_builder_add_string_member (builder, "element", step->element);
  json_builder_set_member_name (builder, "bond");
  if (step->bond != NULL)
    json_builder_add_string_value (builder, step->bond);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "stroke");
  if (step->stroke == BG_STROKE_AT_TO)
    json_builder_add_string_value (builder, "to");
  else if (step->stroke == BG_STROKE_AT_FROM)
    json_builder_add_string_value (builder, "from");
  else
    json_builder_add_null_value (builder);
  bg_json_builder_add_string_member (builder, "because", step->sentence);
  json_builder_set_member_name (builder, "after");
  json_builder_begin_array (builder);
  for (guint i = 0; i < step->n_after; i++)
    json_builder_add_int_value (builder, step->after[i] + 1);
  json_builder_end_array (builder);
  if (step->conflict)
    {
      json_builder_set_member_name (builder, "conflict");
      json_builder_add_boolean_value (builder, TRUE);
    }
  json_builder_end_object (builder);
}

char *
bg_causality_trace_to_json (const BgCausalityTrace *self,
                            const BgCausality      *causality)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *analysis = NULL;
  JsonObject *object;
  g_autoptr(GList) members = NULL;
  gboolean parsed;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (causality != NULL, NULL);

  /* The analysis's own keys, after "ok" and "steps". */
  analysis = bg_causality_to_json (causality);
  parsed = json_parser_load_from_data (parser, analysis, -1, NULL);
  g_assert (parsed);
  object = json_node_get_object (json_parser_get_root (parser));

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "ok");
  json_builder_add_boolean_value (builder, bg_causality_is_ok (causality));
  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->steps->len; i++)
    add_step_json (builder, &g_array_index (self->steps, BgTraceStep, i));
  json_builder_end_array (builder);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      if (strcmp (l->data, "ok") == 0)
        continue;
      json_builder_set_member_name (builder, l->data);
      json_builder_add_value (builder, json_object_dup_member (object, l->data));
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  return json_generator_to_data (generator, NULL);
}
