/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-paths.h — where the programs find their own files.
 *
 * Owns: the folders of the translations and of the data (examples), for
 * bgmod and bgmod-cli alike: BGMOD_LOCALEDIR and BGMOD_DATADIR when set;
 * else, for a program started from the meson build tree it was built in
 * (_build/app/bgmod), that tree's po/ and the source tree's data/, so that
 * LANGUAGE=ru works there without either variable; else the installed
 * LOCALEDIR and PKGDATADIR; likewise the FMU runtime library.
 * Must not: cache anything or keep global state (each call looks again).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether the running program is a file under the build tree it was built
 * in (read from /proc/self/exe; FALSE where that cannot be read). */
gboolean  bg_paths_in_build_tree  (void);
/* The folder bindtextdomain is given. Free with g_free(). */
char     *bg_paths_dup_localedir  (void);
/* The folder holding examples/ (the source tree's data/ from the build
 * tree). Free with g_free(). */
char     *bg_paths_dup_datadir    (void);

/* The FMU runtime library that export-fmu copies into an FMU
 * (BGMOD_FMU_RUNTIME, else the build tree's core/fmi/, else the installed
 * PKGLIBDIR). Free with g_free(). */
char     *bg_paths_dup_fmu_runtime (void);

G_END_DECLS
