/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-description.h — an FMU's modelDescription.xml, FMI 3.0 or 2.0.
 *
 * In the layout: core/fmi/: written by the exporter (bg-fmu-export.c).
 *
 * Owns: the XML: the root attributes, the Model Exchange and Co-Simulation
 * capabilities, UnitDefinitions (every unit a variable uses, declared
 * before use, with its SI base exponents), LogCategories, the
 * DefaultExperiment (the model's simulation settings), the variables of
 * bg-fmu-vars.h and the ModelStructure (outputs, derivatives in state
 * order, initial unknowns, event indicators). Must not: read files or run
 * anything.
 */
#pragma once

#include <glib.h>
#include "bg-fmu-vars.h"

G_BEGIN_DECLS

typedef struct
{
  int         fmi_version;       /* 3 or 2 */
  const char *model_name;
  const char *model_identifier;
  const char *token;             /* instantiationToken / guid: "{…}" */
  const char *description;       /* NULL: none */
  double      t_end, output_step, rtol;
} BgFmuDescriptionInfo;

/* The log categories the runtime knows, NULL-terminated (name, then the
 * English description, pairs). */
extern const char *const bg_fmu_log_categories[];

/* UTF-8 XML, ends in a newline. */
char *bg_fmu_description_write (const BgFmuVars            *vars,
                                const BgFmuDescriptionInfo *info);

G_END_DECLS
