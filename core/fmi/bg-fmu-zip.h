/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-fmu-zip.h — a ZIP archive in memory, the container of an FMU.
 *
 * In the layout: core/fmi/: the exporter packs modelDescription.xml, the
 * binary and the resources with it; the tests read archives back with
 * bg_fmu_zip_read_entry.
 *
 * Owns: the archive (local headers, data deflated or stored, the central
 * directory; UTF-8 names, a fixed date so that the same model gives the
 * same bytes, CRC-32), the limits of the classic format (no entry or
 * archive over 4 GiB - 1, at most 65 535 entries), and reading one entry
 * back. Must not: write files (the caller writes the bytes) or keep global
 * state.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _BgFmuZip BgFmuZip;

BgFmuZip *bg_fmu_zip_new      (void);
void      bg_fmu_zip_free     (BgFmuZip   *self);
/* Adds an entry (data copied, deflated when that makes it smaller).
 * FALSE with a message when a limit would be passed. */
gboolean  bg_fmu_zip_add      (BgFmuZip   *self,
                               const char *name,
                               const void *data,
                               gsize       length,
                               GError    **error);
/* The archive's bytes (self keeps nothing afterwards: free it). */
GBytes   *bg_fmu_zip_finish   (BgFmuZip   *self);

guint32   bg_fmu_crc32        (const void *data,
                               gsize       length);

/* The entry's uncompressed bytes from an archive, or NULL with a message
 * (no such entry, a damaged archive, a CRC that does not match). */
GBytes   *bg_fmu_zip_read_entry (GBytes     *archive,
                                 const char *name,
                                 GError    **error);

G_END_DECLS
