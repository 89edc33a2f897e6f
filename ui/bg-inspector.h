/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector.h — the property editor (right sidebar).
 *
 * Owns: the form for what is selected on the canvas: one element (id, label,
 * parameters with units, waveform, pump table), one bond (ends, stroke,
 * arrow commands), several items (a count), or nothing (the simulation
 * settings). Each accepted change is one undoable model edit, applied on
 * Enter or when the field loses focus; refused input keeps the model
 * untouched and shows the reason under the field. Must not: draw the graph,
 * analyse, or edit anything except through bg_model_* calls.
 *
 * What if? (bg-inspector-whatif.c): beside each number parameter of an
 * element of the what-if model a small button opens a slider under the
 * field (range ÷10 … ×10 of the value, logarithmic, its ends editable).
 * Dragging it, or moving it with the keys, says each new value through
 * "what-if-preview" without editing the model; releasing it (for keys: a
 * pause, Enter or leaving it) sets the value as one undoable edit and says
 * "what-if-end" (TRUE; FALSE when the value stayed or Escape put it back).
 *
 * Signals:
 *   "element-renamed" (const char *new_id): after a successful rename, so the
 *   window can keep the element selected.
 *   "what-if-preview" (const char *element, const char *param, double value)
 *   "what-if-end" (gboolean committed)
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-model.h"
#include "bg-causality.h"

G_BEGIN_DECLS

#define BG_TYPE_INSPECTOR (bg_inspector_get_type ())
G_DECLARE_FINAL_TYPE (BgInspector, bg_inspector, BG, INSPECTOR, GtkWidget)

GtkWidget  *bg_inspector_new           (void);
void        bg_inspector_set_model     (BgInspector        *self,
                                        BgModel            *model);
/* The model what-if sliders work on (the document's): they show only
 * while the inspector edits that model (not inside a component). NULL:
 * none. */
void        bg_inspector_set_what_if_model (BgInspector    *self,
                                            BgModel        *model);
/* The slider of a number parameter's field, and its button; NULL when it
 * has none. */
GtkWidget  *bg_inspector_get_what_if_slider (BgInspector   *self,
                                             const char    *name);
GtkWidget  *bg_inspector_get_what_if_button (BgInspector   *self,
                                             const char    *name);

/* The current analysis, for the causal stroke of a selected bond (the
 * inspector keeps a reference; NULL clears). */
void        bg_inspector_set_causality (BgInspector        *self,
                                        BgCausality        *causality);
/* Element and bond ids, as bg_canvas_dup_selected_ids gives them. */
void        bg_inspector_set_selection (BgInspector        *self,
                                        const char *const  *ids);

/* Field access by name: "id", "label", a parameter name ("value", "time"),
 * or a simulation setting ("t_end", "output_step", "rtol", "atol").
 * The entry (GtkEntry, or GtkDropDown for a choice), or NULL. */
GtkWidget  *bg_inspector_get_field     (BgInspector        *self,
                                        const char         *name);
/* Puts the keyboard on a field named as above, its text selected; on the
 * "id" field when the page has no field of that name. FALSE when neither
 * is shown. */
gboolean    bg_inspector_focus_field   (BgInspector        *self,
                                        const char         *name);
/* Every field shows the model's value again, over text being typed or a
 * refused one and its message: what an undo or a redo calls for. */
void        bg_inspector_show_model_values (BgInspector    *self);
/* The message shown under a field, or NULL when none is shown. */
const char *bg_inspector_get_field_error (BgInspector      *self,
                                          const char       *name);

/* Number input: accepts "0.001", "0,001", "1e-3", "1E3", " -2 ", "−2". */
gboolean    bg_inspector_parse_number  (const char         *text,
                                        double             *value);
/* Shortest text that reads back as the same double, with '.'. */
char       *bg_inspector_format_number (double              value);

/* Replaces table parameter `name` of the shown element with rows parsed
 * from CSV text (what "Paste CSV" does with the clipboard); a refusal is
 * shown under the table. */
void bg_inspector_paste_table_text (BgInspector *self,
                                    const char  *name,
                                    const char  *text);

G_END_DECLS
