/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-name-dialog.h — the small dialog Make Component… asks the
 * new component's name in.
 *
 * Owns: one entry with a suggested name, the reason a name will not do
 * (checked as it is typed, with the model's own rule:
 * bg_model_check_component_name), and Cancel / Make Component, which is
 * the default and works only for a name that will do. Enter makes,
 * Escape cancels. Must not: edit the model (the window makes the
 * component with the name it is given).
 *
 * Signals: "name-chosen" (const char *name), then the dialog closes.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-model.h"

G_BEGIN_DECLS

#define BG_TYPE_COMPONENT_NAME_DIALOG (bg_component_name_dialog_get_type ())
G_DECLARE_FINAL_TYPE (BgComponentNameDialog, bg_component_name_dialog, BG,
                      COMPONENT_NAME_DIALOG, GtkWindow)

/* Over parent, for a component of model (the names it already has are
 * taken); n_elements is how many elements go into it. */
BgComponentNameDialog *bg_component_name_dialog_new       (GtkWindow  *parent,
                                                           BgModel    *model,
                                                           guint       n_elements);
GtkEntry              *bg_component_name_dialog_get_entry (BgComponentNameDialog *self);
/* Why the name in the entry will not do, or NULL. */
const char            *bg_component_name_dialog_get_problem (BgComponentNameDialog *self);

G_END_DECLS
