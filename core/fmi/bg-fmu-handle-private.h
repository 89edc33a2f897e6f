/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-handle-private.h — what an importer holds: the instance pointer
 * the FMI 2.0 and 3.0 functions receive, with the importer's logger.
 *
 * Included by: core/fmi/bg-fmu-handle.c, core/fmi/bg-fmu-fmi3.c,
 * core/fmi/bg-fmu-fmi3-more.c, core/fmi/bg-fmu-fmi2.c.
 *
 * Owns: the handle (a tag that tells an instance of this FMU and version
 * from a stray pointer, the instance, the logger and its environment, what
 * the importer allowed at instantiation: an early return from fmi3DoStep) and
 * the export attribute of the API functions. Must not: hold anything of
 * the model (the instance does).
 *
 * What both versions do alike with a handle (making and freeing one,
 * refusing a call, typed access to variables the FMU does not have) is in
 * bg-fmu-handle.c.
 */
#pragma once

#include "bg-fmu-instance-private.h"
#include "bg-fmi2-api.h"
#include "bg-fmi3-api.h"

G_BEGIN_DECLS

#define BG_FMI_EXPORT __attribute__ ((visibility ("default")))

#define BG_FMU_HANDLE_TAG3 0x42474d33u   /* "BGM3" */
#define BG_FMU_HANDLE_TAG2 0x42474d32u   /* "BGM2" */

typedef struct
{
  guint32                 tag;
  BgFmuInstance          *inst;
  fmi3LogMessageCallback  log3;
  fmi3InstanceEnvironment env3;
  gboolean                early_return_allowed;   /* FMI 3.0 Co-Simulation */
  fmi2CallbackFunctions   callbacks2;
} BgFmuHandle;

/* The instance of a handle of that version, or NULL (a NULL, freed or
 * foreign pointer). */
static inline BgFmuInstance *
_bg_fmu_handle_get (void *handle, guint32 tag)
{
  BgFmuHandle *h = handle;

  return h != NULL && h->tag == tag ? h->inst : NULL;
}

/* Makes the instance of h, whose importer's logger is set already (the
 * instance may log through log at once), and tags h as a handle of that
 * version; NULL, h freed, when the instance could not be made. */
BgFmuHandle *_bg_fmu_handle_open        (BgFmuHandle  *h,
                                         guint32       tag,
                                         const char   *name,
                                         const char   *resource_dir,
                                         const char   *token,
                                         gboolean      cs,
                                         BgFmuLogFunc  log,
                                         gboolean      logging_on);
/* Frees a handle of that version and its instance; leaves any other
 * pointer alone. */
void         _bg_fmu_handle_free        (void         *handle,
                                         guint32       tag);
/* Logs "WHAT: not supported by this FMU" on the instance of a handle of
 * that version (nothing for any other pointer); the call then fails. */
void         _bg_fmu_handle_refuse      (void         *handle,
                                         guint32       tag,
                                         const char   *what);
/* Typed access to n variables of a type the FMU has none of (all of its
 * variables are of the type all): OK for none, an error (logged, naming
 * both types) for some or for a pointer that is no handle of that version. */
BgFmuStatus  _bg_fmu_handle_no_variables (void        *handle,
                                          guint32      tag,
                                          size_t       n,
                                          const char  *type,
                                          const char  *all);

G_END_DECLS
