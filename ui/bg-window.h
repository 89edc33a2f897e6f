/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window.h — the main window: one document, its canvas and sidebars.
 *
 * Owns: the layout (header bar, palette, canvas, plot pane slot, inspector,
 * status line), the window actions (win.save, win.save-as, win.undo,
 * win.redo, win.close, win.open-example, win.open-recent, win.select-culprits,
 * win.zoom-in/-out/-reset/-fit, win.presentation-mode; win.run and win.stop
 * live in bg-window-plot.c, win.component-reference in
 * bg-window-reference.c, win.save-component in bg-window-library.c,
 * win.open-component, win.leave-component, win.go-to-level,
 * win.make-component and win.explode-component in bg-window-levels.c),
 * model files dropped on the window, and the
 * dialogs around them (save, confirm close, load errors).
 * Must not: draw the graph, analyse or simulate, or edit the model other than
 * through its undo history and the widgets' bg_model_* calls.
 */
#pragma once

#include <gtk/gtk.h>
#include "bg-canvas.h"
#include "bg-document.h"
#include "bg-inspector.h"
#include "bg-palette.h"

G_BEGIN_DECLS

#define BG_TYPE_WINDOW (bg_window_get_type ())
G_DECLARE_FINAL_TYPE (BgWindow, bg_window, BG, WINDOW, GtkApplicationWindow)

/* document may be NULL: a new, empty one. The property "document"
 * (read-only) is notified when the window shows another one. */
BgWindow    *bg_window_new              (GtkApplication *application,
                                         BgDocument     *document);
BgDocument  *bg_window_get_document     (BgWindow       *self);
void         bg_window_set_document     (BgWindow       *self,
                                         BgDocument     *document);

/* Opens a file: into this window when its document is pristine, otherwise
 * into a new window. A file that does not load leaves every document alone
 * and shows the loader's message in a dialog. Returns the window that shows
 * the file, or NULL. */
BgWindow    *bg_window_open_file        (BgWindow       *self,
                                         GFile          *file);
/* Writes the bond graph as PNG or SVG (by the name's extension) with the
 * renderer `bgmod-cli render` uses (win.export-diagram asks for the name). */
gboolean     bg_window_export_diagram   (BgWindow       *self,
                                         const char     *path,
                                         GError        **error);
/* The file name Export Diagram proposes: the document's title without its
 * .bgmod ("hydraulic-bench.png", not "hydraulic-bench.bgmod.png"), or the
 * model's name, with @suffix (".png"). */
char        *bg_window_dup_export_name  (BgWindow       *self,
                                         const char     *suffix);
/* Saves the document to file (NULL: its own file) and records it in the
 * recent files. */
gboolean     bg_window_save_to_file     (BgWindow       *self,
                                         GFile          *file,
                                         GError        **error);
/* Shows an error dialog over the window (primary text and the message). */
void         bg_window_show_error       (BgWindow       *self,
                                         const char     *primary,
                                         const char     *secondary);

BgCanvas    *bg_window_get_canvas       (BgWindow       *self);
BgPalette   *bg_window_get_palette      (BgWindow       *self);
BgInspector *bg_window_get_inspector    (BgWindow       *self);
/* The analysis summary the status line shows. */
const char  *bg_window_get_status_text  (BgWindow       *self);

/* Puts the plot pane in the bottom half of the canvas paned, replacing the
 * "Run the simulation to see plots" placeholder. */
void         bg_window_set_plot_pane    (BgWindow       *self,
                                         GtkWidget      *plot_pane);

/* The folder with the example models: $BGMOD_DATADIR/examples, the source
 * tree's from the build tree, or the installed PKGDATADIR/examples. */
char        *bg_window_dup_examples_dir (void);

/* A modal native file chooser for model files over @parent (may be NULL),
 * filtering "Bond graph models" (*.bgmod), with "All files" as the other
 * choice. The caller connects "response" and shows it. */
GtkFileChooserNative *bg_window_new_model_chooser (GtkWindow            *parent,
                                                   const char           *title,
                                                   GtkFileChooserAction  action,
                                                   const char           *accept_label);

G_END_DECLS
