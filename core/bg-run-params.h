/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-run-params.h — the parameters a run was made with, and how two runs
 * differ.
 *
 * In the layout: core/ (GIO only, no GTK): kept beside a run's result by
 * the run history (bg-run-history.h), so that a plot can say what an
 * earlier run had ("B = 2 N·s/m") after the model has changed.
 *
 * Owns: an immutable copy of every shown parameter of every element of a
 * model (numbers, choices and tables; those a waveform hides are left
 * out) and of its simulation settings (t_end, output_step, rtol), in the
 * model's element order; comparing two such copies. Must not: keep a
 * pointer into the model, format values for people (the plot pane does,
 * in the user's unit symbols), or know about GTK.
 *
 * Threads: made on the thread that owns the model; afterwards read-only
 * and shareable (the reference count is atomic).
 */
#pragma once

#include <glib.h>
#include "bg-model.h"

G_BEGIN_DECLS

typedef struct _BgRunParams BgRunParams;

/* One parameter: element "" for a simulation setting. */
typedef struct
{
  char        *element;  /* "B", "T2.R1" in a flat model; "" for settings */
  char        *param;    /* "value", "after", "t_end" */
  char        *unit;     /* SI, "" for none */
  BgParamKind  kind;
  double       number;   /* BG_PARAM_NUMBER */
  char        *choice;   /* BG_PARAM_CHOICE */
  GArray      *table;    /* BG_PARAM_TABLE: doubles, two per row */
} BgRunParam;

/* The parameters of model now (its elements as they stand: give the flat
 * model to name those inside components by path). */
BgRunParams      *bg_run_params_new_from_model (BgModel           *model);
BgRunParams      *bg_run_params_ref      (BgRunParams       *self);
void              bg_run_params_unref    (BgRunParams       *self);

guint             bg_run_params_get_n    (const BgRunParams *self);
const BgRunParam *bg_run_params_get      (const BgRunParams *self,
                                          guint              index);
/* The entry of element's param (element "" for a setting), or NULL. */
const BgRunParam *bg_run_params_find     (const BgRunParams *self,
                                          const char        *element,
                                          const char        *param);
/* TRUE when both hold the same value (kind, number, choice or table). */
gboolean          bg_run_param_equal     (const BgRunParam  *a,
                                          const BgRunParam  *b);

/* The entries of self whose value other lacks or holds differently, in
 * self's order: a new array of pointers into self (free the array only,
 * and keep self alive while it is used). */
GPtrArray        *bg_run_params_diff     (const BgRunParams *self,
                                          const BgRunParams *other);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgRunParams, bg_run_params_unref)

G_END_DECLS
