/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-unit-entry.h — typed quantities in the inspector's number fields.
 *
 * Owns: reading a number with an SI prefix and its unit ("2 mF", "10k",
 * "1.5 µ"), the sentence that says a parameter's limit in the user's words,
 * and the first click into a number entry, which selects its whole text.
 * Must not: edit the model or keep state.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-library.h"

G_BEGIN_DECLS

gboolean  bg_unit_parse              (const char        *text,
                                      const char        *unit,
                                      double            *value);
char     *bg_unit_dup_limit_message  (const BgParamSpec *pspec,
                                      double             value);
/* The click that gives @entry the focus, or the first one after the
 * keyboard entered it (before anything is typed), selects all its text;
 * later clicks place the cursor. */
void      bg_unit_entry_select_on_focus (GtkWidget      *entry);

G_END_DECLS
