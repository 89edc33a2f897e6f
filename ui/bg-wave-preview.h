/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-wave-preview.h — a small plot of a source's u(t) for the inspector.
 *
 * Owns: drawing u(t) of one element's waveform over [0, t_end] with its
 * switching times marked, redrawn when the model changes. Must not: edit
 * the model or keep a pointer to an element (it looks the id up).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_TYPE_WAVE_PREVIEW (bg_wave_preview_get_type ())
G_DECLARE_FINAL_TYPE (BgWavePreview, bg_wave_preview, BG, WAVE_PREVIEW, GtkWidget)

/* value_name: "value" for sources, "load" for MechanicalLoad. */
GtkWidget *bg_wave_preview_new            (BgModel    *model,
                                           const char *element_id,
                                           const char *value_name);
void       bg_wave_preview_set_element_id (BgWavePreview *self,
                                           const char    *element_id);

G_END_DECLS
