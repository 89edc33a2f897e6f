/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-application.h — the BGMod GtkApplication.
 *
 * Owns: the application id org.bgmod.BGMod, opening files given on the
 * command line (one window per document), the application actions
 * (app.new-window, app.open, app.quit, app.about, app.shortcuts), the
 * accelerators of every action, the style sheet, the settings, and the list
 * of the documents its windows show (what autosave copies).
 * Must not: hold documents of its own (each BgWindow holds its document;
 * the list only follows them).
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-autosave.h"

G_BEGIN_DECLS

#define BG_TYPE_APPLICATION (bg_application_get_type ())
G_DECLARE_FINAL_TYPE (BgApplication, bg_application, BG, APPLICATION, GtkApplication)

BgApplication *bg_application_new          (void);
/* The org.bgmod.BGMod settings, or NULL when the schema is not installed
 * (running from a build tree without GSETTINGS_SCHEMA_DIR). */
GSettings     *bg_application_get_settings (BgApplication *self);
/* The documents open in the application's BgWindows, each once, in the
 * order they were first shown (element type BgDocument; borrowed). A
 * window that shows another document adds it before it drops the old one,
 * so a document passed from one to the other is never missing. */
GListModel    *bg_application_get_documents (BgApplication *self);
/* Writes unsaved documents to the cache (created at startup). */
BgAutosave    *bg_application_get_autosave (BgApplication *self);
/* Lists the autosaved copies a crash left (bg_autosave_scan) in a recovery
 * dialog over the active window; done once by activate or open. Returns
 * the dialog (owned by GTK), or NULL when there is nothing to recover. */
GtkWidget     *bg_application_offer_recovery (BgApplication *self);

G_END_DECLS
