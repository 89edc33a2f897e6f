/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-breadcrumb-bar.h — the bar above the canvas while a component is
 * open: where the canvas is ("Two tanks › T2 (Tank)") and what an edit
 * there changes.
 *
 * Owns: one button per level above the one shown (each activates the
 * window's win.go-to-level with its depth, 0 the model itself), the
 * level shown in bold, the note ("An edit changes all 2 instances
 * of Tank") and a Back button (win.leave-component). Must not: know
 * about models, or decide which level is shown (the window does,
 * bg-window-levels.c).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BG_TYPE_BREADCRUMB_BAR (bg_breadcrumb_bar_get_type ())
G_DECLARE_FINAL_TYPE (BgBreadcrumbBar, bg_breadcrumb_bar, BG, BREADCRUMB_BAR, GtkWidget)

GtkWidget  *bg_breadcrumb_bar_new       (void);

/* The levels from the model down to the one shown (at least two: the
 * bar shows only inside a component) and the note beside them. */
void        bg_breadcrumb_bar_set_path  (BgBreadcrumbBar   *self,
                                         const char *const *levels,
                                         const char        *note);
/* The texts shown, levels joined by " › ", and the note. */
char       *bg_breadcrumb_bar_dup_text  (BgBreadcrumbBar   *self);
const char *bg_breadcrumb_bar_get_note  (BgBreadcrumbBar   *self);
/* The button of a level above (depth from 0), or NULL. */
GtkWidget  *bg_breadcrumb_bar_get_button (BgBreadcrumbBar  *self,
                                          guint             depth);

G_END_DECLS
