/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-vars.h — the variables an exported FMU shows (docs/fmu.md,
 * Variables): their value references, names, kinds, units, descriptions and
 * start values.
 *
 * In the layout: core/fmi/: built by the exporter for modelDescription.xml
 * and, from the same model and the same choice of inputs and outputs, by the
 * FMU runtime inside the importer, so that both number the variables alike.
 *
 * Owns: the order (value reference = index): "time", the parameters (every
 * number parameter an element shows, element by element, in the spec's
 * order; not the waveform of a source that is an input), the states (the
 * plan's order), their derivatives "der(X)", the inputs (one per chosen
 * source, named by its id, replacing its waveform), the outputs that are
 * not states, and the event indicators of the terminating events (end
 * stops). Must not: know about XML, the FMI calls or a running instance.
 */
#pragma once

#include <glib.h>
#include "bg-model.h"
#include "bg-plan.h"

G_BEGIN_DECLS

#define BG_FMU_ERROR (bg_fmu_error_quark ())
GQuark bg_fmu_error_quark (void);

typedef enum
{
  BG_FMU_ERROR_CAUSALITY = 1,   /* a causal conflict: nothing to export */
  BG_FMU_ERROR_EMPTY,           /* nothing to export (no state, no output) */
  BG_FMU_ERROR_UNKNOWN_INPUT,   /* --inputs names no source with a waveform */
  BG_FMU_ERROR_UNKNOWN_OUTPUT,  /* --outputs names no variable */
  BG_FMU_ERROR_RUNTIME,         /* the runtime library cannot be found or read */
  BG_FMU_ERROR_WRITE,           /* the FMU file cannot be written */
  BG_FMU_ERROR_MODEL,           /* the model cannot be compiled */
} BgFmuError;

typedef enum
{
  BG_FMU_VAR_TIME,
  BG_FMU_VAR_PARAMETER,
  BG_FMU_VAR_STATE,
  BG_FMU_VAR_DERIVATIVE,
  BG_FMU_VAR_INPUT,
  BG_FMU_VAR_OUTPUT,
  BG_FMU_VAR_INDICATOR,
} BgFmuVarKind;

typedef struct
{
  BgFmuVarKind kind;
  guint32      vr;           /* its value reference, = its index */
  char        *name;
  char        *unit;         /* "" for none */
  char        *description;
  double       start;        /* parameters and inputs */
  guint        index;        /* parameter: into the parameter list; state and
                                derivative: the state; input: the input;
                                output: the plan variable; indicator: the event */
  gboolean     output;       /* a state that is also an output */
} BgFmuVar;

/* A number parameter of the flat model. */
typedef struct
{
  char  *element_id;
  guint  param;              /* index into the element's spec->params */
} BgFmuParam;

typedef struct _BgFmuVars BgFmuVars;

/* inputs: source ids (NULL or empty: none); outputs: plan variable names
 * (NULL: the main variables of the storages and advanced elements,
 * bg_plot_defaults_dup_main()). Fails with BG_FMU_ERROR_UNKNOWN_INPUT or
 * _OUTPUT naming the first unknown name, or _EMPTY. */
BgFmuVars       *bg_fmu_vars_new            (BgModel            *flat,
                                             BgPlan             *plan,
                                             const char *const  *inputs,
                                             const char *const  *outputs,
                                             GError            **error);
void             bg_fmu_vars_free           (BgFmuVars          *self);

guint            bg_fmu_vars_get_n          (const BgFmuVars    *self);
const BgFmuVar  *bg_fmu_vars_get           (const BgFmuVars    *self,
                                            guint               vr);
guint            bg_fmu_vars_get_n_params   (const BgFmuVars    *self);
const BgFmuParam *bg_fmu_vars_get_param     (const BgFmuVars    *self,
                                            guint               index);
guint            bg_fmu_vars_get_n_states   (const BgFmuVars    *self);
/* The value reference of state i and of its derivative. */
guint32          bg_fmu_vars_state_vr       (const BgFmuVars    *self,
                                            guint               state);
guint32          bg_fmu_vars_derivative_vr  (const BgFmuVars    *self,
                                            guint               state);
guint            bg_fmu_vars_get_n_inputs   (const BgFmuVars    *self);
/* The source id of input i. */
const char      *bg_fmu_vars_get_input      (const BgFmuVars    *self,
                                            guint               input);
guint            bg_fmu_vars_get_n_indicators (const BgFmuVars  *self);
/* The chosen outputs as given (or the default), NULL-terminated. */
const char *const *bg_fmu_vars_get_output_names (const BgFmuVars *self);

/* The sources that may be inputs (every element whose waveform drives the
 * plan), NULL-terminated, in model order. */
GStrv            bg_fmu_dup_input_candidates (BgPlan            *plan);

G_END_DECLS
