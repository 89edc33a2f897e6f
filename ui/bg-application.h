/* bg-application.h — the BGMod GtkApplication.
 *
 * Owns: the application id org.bgmod.BGMod, opening files given on the
 * command line (one window per document), the application actions
 * (app.new-window, app.open, app.quit, app.about, app.shortcuts), the
 * accelerators of every action, and the style sheet.
 * Must not: hold documents itself (each BgWindow holds its own).
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BG_TYPE_APPLICATION (bg_application_get_type ())
G_DECLARE_FINAL_TYPE (BgApplication, bg_application, BG, APPLICATION, GtkApplication)

BgApplication *bg_application_new (void);

G_END_DECLS
