/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-paths.c — the translations' and data's folders (bg-paths.h).
 *
 * Owns: the choice between the environment, the build tree and the
 * installed folders. Must not: cache anything or touch GTK.
 */
#include "config.h"

#include <string.h>

#include "bg-paths.h"

gboolean
bg_paths_in_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *root = g_strconcat (BGMOD_BUILD_ROOT, G_DIR_SEPARATOR_S, NULL);

  return exe != NULL && g_str_has_prefix (exe, root);
}

static char *
from_env_or (const char *name,
             const char *build_tree,
             const char *installed)
{
  const char *value = g_getenv (name);

  if (value != NULL && *value != '\0')
    return g_strdup (value);
  return g_strdup (bg_paths_in_build_tree () ? build_tree : installed);
}

char *
bg_paths_dup_localedir (void)
{
  return from_env_or ("BGMOD_LOCALEDIR", BGMOD_BUILD_LOCALEDIR, LOCALEDIR);
}

char *
bg_paths_dup_datadir (void)
{
  return from_env_or ("BGMOD_DATADIR", BGMOD_SOURCE_DATADIR, PKGDATADIR);
}

char *
bg_paths_dup_fmu_runtime (void)
{
  return from_env_or ("BGMOD_FMU_RUNTIME",
                      BGMOD_BUILD_ROOT G_DIR_SEPARATOR_S "core" G_DIR_SEPARATOR_S "fmi"
                      G_DIR_SEPARATOR_S BGMOD_FMU_RUNTIME_NAME,
                      PKGLIBDIR G_DIR_SEPARATOR_S BGMOD_FMU_RUNTIME_NAME);
}
