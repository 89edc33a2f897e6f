/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-private.h — what the parts of the causal analysis share.
 *
 * Owns: the interface between bg-causality.c (the result object, the driver
 * that runs the phases, the public API), bg-causality-propagate.c (SCAP:
 * adjacency, stroke assignment and propagation, states),
 * bg-causality-diagnose.c (structure checks and the conflict explanations)
 * and bg-causality-groups.c (algebraic groups): the result's fields, the
 * working state of one analysis and the small accessors every part uses.
 * Vocabulary as in bg-causality.c. Must not: be included outside
 * core/bg-causality*.c (bg-causality-check.c keeps its own state), or hold
 * any state itself.
 * Included by: core/bg-causality*.c.
 */
#pragma once

#include "bg-causality.h"
#include "bg-causality-trace-private.h"
#include "bg-domain.h"
#include "bg-library.h"
#include "bg-model.h"

G_BEGIN_DECLS

struct _BgCausality
{
  gatomicrefcount ref_count;
  guint64         revision;
  gboolean        ok;
  guint           n_bonds;
  BgStroke       *strokes;
  char          **bond_ids;       /* n_bonds pointers into bond_id_block */
  char           *bond_id_block;
  GHashTable     *bond_index;     /* id → index + 1, made on first lookup */
  GPtrArray      *states;         /* char* */
  GPtrArray      *groups;         /* BgAlgebraicGroup* */
  GPtrArray      *errors;         /* BgDiagnostic* */
  GPtrArray      *warnings;       /* BgDiagnostic* */
  GHashTable     *error_elements; /* sets of ids borrowed from the above */
  GHashTable     *error_bonds;
  GHashTable     *group_elements;
  GHashTable     *group_bonds;
};

/* bg-causality.c: an empty result, and the id sets of its diagnostics and
 * groups (and `ok`) once they are filled in. */
BgCausality *_bg_causality_new               (void);
void         _bg_causality_index_diagnostics (BgCausality *self);

/* Working state of one analysis; freed before bg_causality_analyze returns. */
typedef struct
{
  BgCausality   *result;

  guint          n_elements;
  guint          n_bonds;
  BgElement    **elements;     /* borrowed from the model */
  BgBond       **bonds;

  /* per element: the specs, gathered once into one array so that the
   * passes below do not chase every element's pointer again */
  const BgComponentSpec **specs;

  /* per element */
  guint         *end_start;    /* CSR: ends of element x are ends[end_start[x] .. end_start[x+1]) */
  guint         *ends;
  guint         *n_in;         /* assigned ends that receive effort */
  guint         *n_out;        /* assigned ends that supply effort */
  guint         *n_unassigned;
  guint8        *skip;         /* no rule applied (missing ports, < 2 bonds) */
  guint8        *reported;     /* a conflict is already reported here */
  guint8        *in_queue;

  /* per bond */
  guint         *end_element;  /* 2 per bond */
  int           *end_port;     /* 2 per bond: port index or -1 */
  BgStroke      *stroke;
  guint         *forced_by;    /* element whose rule set the stroke */
  int           *cause;        /* bond whose stroke triggered that rule, or -1 */
  guint         *origin;       /* element that started the chain behind the stroke */
  guint         *seq;          /* order of assignment, from 1 */
  guint          next_seq;

  /* work queue: a ring of element indices, each at most once */
  guint         *queue;
  guint          queue_head;
  guint          queue_len;

  /* de-duplication of ids within one diagnostic or group */
  guint         *element_mark;
  guint         *bond_mark;
  guint          mark;

  /* the teaching trace, only when asked for (bg_causality_analyze_traced) */
  BgTraceRecorder *trace;
  gboolean         trace_pref;   /* the stroke being set is what the neighbour wanted */
} BgCausalityAnalysis;

typedef struct
{
  GPtrArray *elements;  /* char*, owned */
  GPtrArray *bonds;
} BgCausalityIdList;

/* Small helpers ------------------------------------------------------------ */

static inline gboolean
_bg_causality_end_receives (BgStroke stroke,
                            guint    side)
{
  return (stroke == BG_STROKE_AT_TO && side == 1) ||
         (stroke == BG_STROKE_AT_FROM && side == 0);
}

static inline gboolean
_bg_causality_end_is_assigned (BgCausalityAnalysis *a,
                               guint                end)
{
  return a->stroke[end / 2] != BG_STROKE_NONE;
}

static inline gboolean
_bg_causality_end_is_in (BgCausalityAnalysis *a,
                         guint                end)
{
  return _bg_causality_end_receives (a->stroke[end / 2], end % 2);
}

static inline const char *
_bg_causality_element_id (BgCausalityAnalysis *a,
                          guint                x)
{
  return a->elements[x]->id;
}

static inline const char *
_bg_causality_bond_id (BgCausalityAnalysis *a,
                       guint                b)
{
  return a->bonds[b]->id;
}

static inline guint
_bg_causality_element_degree (BgCausalityAnalysis *a,
                              guint                x)
{
  return a->end_start[x + 1] - a->end_start[x];
}

/* bg-causality-propagate.c: the adjacency and the four phases of SCAP
 * (each ends with the propagation), then the states the strokes give. */
void     _bg_causality_build_adjacency           (BgCausalityAnalysis *a,
                                                  BgModel             *model);
void     _bg_causality_assign_fixed              (BgCausalityAnalysis *a);
void     _bg_causality_assign_storages           (BgCausalityAnalysis *a);
void     _bg_causality_assign_resistors          (BgCausalityAnalysis *a);
void     _bg_causality_assign_remaining          (BgCausalityAnalysis *a);
void     _bg_causality_collect_states            (BgCausalityAnalysis *a);

/* bg-causality-diagnose.c: errors and warnings with the ids they name. */
void     _bg_causality_id_list_init              (BgCausalityAnalysis *a,
                                                  BgCausalityIdList   *list);
void     _bg_causality_add_diagnostic            (BgCausalityAnalysis *a,
                                                  GPtrArray           *target,
                                                  const char          *code,
                                                  char                *message,  /* taken */
                                                  BgCausalityIdList   *list);    /* taken */
void     _bg_causality_check_structure           (BgCausalityAnalysis *a);
void     _bg_causality_check_parts               (BgCausalityAnalysis *a);
/* The conflicts propagation runs into; each marks its element reported. */
void     _bg_causality_report_pattern_conflict   (BgCausalityAnalysis *a,
                                                  guint                x,
                                                  gboolean             want_in,
                                                  gboolean             too_many);
void     _bg_causality_report_same_role_conflict (BgCausalityAnalysis *a,
                                                  guint                x);
void     _bg_causality_report_fixed_conflict     (BgCausalityAnalysis *a,
                                                  guint                x,
                                                  guint                end,
                                                  gboolean             receives);
void     _bg_causality_report_derivative         (BgCausalityAnalysis *a,
                                                  guint                x,
                                                  guint                end);

/* bg-causality-groups.c: the algebraic groups under the final strokes. */
void     _bg_causality_find_groups               (BgCausalityAnalysis *a);

G_END_DECLS
