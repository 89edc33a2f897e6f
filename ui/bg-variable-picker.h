/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-variable-picker.h — choosing the variables the plot pane draws.
 *
 * Owns: a searchable list of every variable of a model (docs/file-format.md names),
 * grouped by element and bond, each with its unit and a check box; the
 * chosen set; and the helpers that read and write that set in the model's
 * "view" JSON as {"plots": {"vars": [...]}} (other keys kept intact) and
 * give the default choice. Must not: edit the model other than its view
 * JSON, or know about runs and plots.
 *
 * Signals: "selection-changed" (void) when the user ticks or unticks a box.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_TYPE_VARIABLE_PICKER (bg_variable_picker_get_type ())
G_DECLARE_FINAL_TYPE (BgVariablePicker, bg_variable_picker, BG, VARIABLE_PICKER, GtkWidget)

GtkWidget *bg_variable_picker_new            (void);
/* Lists model's variables and follows its "changed". */
void       bg_variable_picker_set_model      (BgVariablePicker   *self,
                                              BgModel            *model);
void       bg_variable_picker_set_selected   (BgVariablePicker   *self,
                                              const char *const  *names);
/* The chosen names in the order they were chosen. */
GStrv      bg_variable_picker_dup_selected   (BgVariablePicker   *self);
/* Filters the list as the search entry does. */
void       bg_variable_picker_set_search     (BgVariablePicker   *self,
                                              const char         *text);
/* Number of variable rows shown under the current search. */
guint      bg_variable_picker_count_visible  (BgVariablePicker   *self);

/* The variables of the model, as "NAME" and their SI unit ("" for none),
 * bonds first (e, f, P) then elements, in model order. */
void       bg_variable_picker_list_vars      (BgModel            *model,
                                              GPtrArray          *names,
                                              GPtrArray          *units);

/* The saved choice in the view JSON, or NULL when there is none. */
GStrv      bg_variable_picker_load_saved     (BgModel            *model);
/* Saves the choice under "plots"."vars", keeping every other key; the
 * choice shown already (saved, or the default) is left unwritten. */
void       bg_variable_picker_save           (BgModel            *model,
                                              const char *const  *names);
/* The default choice: the plot variables (spec->plot_vars) of every storage
 * (C, I) and advanced component. */
GStrv      bg_variable_picker_dup_default    (BgModel            *model);
/* An element's plot variables ("C1.e"; "CYL.x", "CYL.v"), maybe empty. */
GStrv      bg_variable_picker_dup_element_vars (BgModel          *model,
                                                const char       *element_id);

G_END_DECLS
