/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-export.h — writes a model as a Functional Mock-up Unit
 * (docs/fmu.md; `bgmod-cli export-fmu` and the window's Export FMU…,
 * ui/bg-fmu-export-dialog.c).
 *
 * Owns: the whole export: the model's analysis and plan (a causal conflict
 * or nothing to export is refused), the variables (bg-fmu-vars.h), the
 * modelDescription.xml (bg-fmu-description.h), the archive (bg-fmu-zip.h)
 * with the runtime library copied in as binaries/x86_64-linux/ID.so (FMI
 * 3.0) or binaries/linux64/ID.so (FMI 2.0), the model and the choices in
 * resources/, and the file, written atomically. Must not: know about GTK or
 * the command line.
 */
#pragma once

#include <glib.h>
#include "bg-model.h"
#include "bg-fmu-vars.h"

G_BEGIN_DECLS

typedef struct
{
  int                fmi_version;   /* 3 (default when 0) or 2 */
  const char *const *inputs;        /* source ids; NULL: none */
  const char *const *outputs;       /* variable names; NULL: the main variables */
  const char        *runtime;       /* the runtime library; NULL: the installed one */
} BgFmuExportOptions;

/* "rc_circuit" for "…/rc-circuit.fmu": a C identifier from the file name. */
char     *bg_fmu_model_identifier (const char *fmu_path);
/* The runtime library this program uses (build tree, installation, or
 * $BGMOD_FMU_RUNTIME). */
char     *bg_fmu_dup_runtime_path (void);

/* document: the model as the user has it (components kept). Errors are in
 * BG_FMU_ERROR (and BG_OUTPUT_FILE_ERROR for the file). */
gboolean  bg_fmu_export           (BgModel                  *document,
                                   const BgFmuExportOptions *options,
                                   const char               *fmu_path,
                                   GError                  **error);

G_END_DECLS
