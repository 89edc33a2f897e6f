/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-handle.c — what the FMI 3.0 and 2.0 functions do alike with the
 * handle an importer holds (bg-fmu-handle-private.h).
 *
 * Owns: making a handle's instance and tagging it, freeing it, refusing a
 * call the FMU does not support, and typed access to variables of a type
 * the FMU has none of. Must not: know a version's types or statuses (each
 * version's file converts), print or exit.
 */
#include "config.h"

#include "bg-fmu-handle-private.h"

BgFmuHandle *
_bg_fmu_handle_open (BgFmuHandle *h, guint32 tag, const char *name, const char *resource_dir,
                     const char *token, gboolean cs, BgFmuLogFunc log, gboolean logging_on)
{
  h->inst = _bg_fmu_instance_new (name, resource_dir, token, cs, log, h, logging_on);
  if (h->inst == NULL)
    {
      g_free (h);
      return NULL;
    }
  h->tag = tag;
  return h;
}

void
_bg_fmu_handle_free (void *handle, guint32 tag)
{
  BgFmuHandle *h = handle;

  if (_bg_fmu_handle_get (handle, tag) == NULL)
    return;
  _bg_fmu_instance_free (h->inst);
  h->tag = 0;
  g_free (h);
}

void
_bg_fmu_handle_refuse (void *handle, guint32 tag, const char *what)
{
  BgFmuInstance *self = _bg_fmu_handle_get (handle, tag);

  if (self != NULL)
    _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError", "%s: not supported by this FMU",
                 what);
}

BgFmuStatus
_bg_fmu_handle_no_variables (void *handle, guint32 tag, size_t n, const char *type,
                             const char *all)
{
  BgFmuInstance *self = _bg_fmu_handle_get (handle, tag);

  if (self == NULL)
    return BG_FMU_ERROR_STATUS;
  if (n == 0)
    return BG_FMU_OK;
  return _bg_fmu_log (self, BG_FMU_ERROR_STATUS, "logStatusError",
                      "the FMU has no %s variables (all of its variables are %s)", type, all);
}
