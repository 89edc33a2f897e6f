/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-ui.h — the harness the UI tests share.
 *
 * Owns: setting up a test process for the real application under Xvfb
 * (environment, private XDG dirs, a registered non-unique BgApplication),
 * showing and destroying windows, turning the main loop until idle, the
 * small widget-tree searches several tests need, and the user gestures they
 * share (Enter in a field, a click on a palette row).
 * Must not: assert anything about the application beyond what its own
 * set-up needs; each test keeps its checks in its own file.
 */
#pragma once

#include <gtk/gtk.h>

#include "bg-application.h"
#include "bg-plot-pane.h"
#include "bg-window.h"

G_BEGIN_DECLS

void           bg_test_ui_init           (int          *argc,
                                          char       ***argv);
char          *bg_test_ui_make_home      (const char   *tmpl);
BgApplication *bg_test_ui_app_new        (void);
void           bg_test_ui_shutdown       (BgApplication *app,
                                          char          *home);

void           bg_test_ui_pump           (void);
gboolean       bg_test_ui_flag_cb        (gpointer      flag);
void           bg_test_ui_wait_ms        (guint         ms);
/* With BGMOD_TEST_SCREENSHOT_DIR set, the X screen as NAME.png there. */
void           bg_test_ui_maybe_screenshot (const char  *name);
/* No tooltips in the pictures: Xvfb's pointer rests at the screen's
 * centre, over whatever widget lies there. */
void           bg_test_ui_disable_tooltips (GtkWidget   *widget);

BgWindow      *bg_test_ui_present        (BgWindow     *window);
BgWindow      *bg_test_ui_new_window     (BgApplication *app,
                                          BgDocument    *document);
void           bg_test_ui_destroy_window (BgWindow     *window);
BgModel       *bg_test_ui_window_model   (BgWindow     *window);
/* Where element @id (asserted to exist) stands on @canvas, in the
 * canvas's coordinates. */
void           bg_test_ui_element_point  (BgCanvas     *canvas,
                                          const char   *id,
                                          double       *x,
                                          double       *y);
/* Enter in an entry (asserted to be one), as its key binding does it. */
void           bg_test_ui_press_enter    (GtkWidget    *entry);
/* A click on the palette row of TYPE in DOMAIN; the one new element
 * (asserted). */
BgElement     *bg_test_ui_activate_palette_item (BgWindow   *window,
                                                 BgDomain    domain,
                                                 const char *type);

/* A window on data/examples/NAME (from BGMOD_DATADIR), WIDTH × HEIGHT,
 * shown. */
BgWindow      *bg_test_ui_open_example   (BgApplication *app,
                                          const char   *name,
                                          int           width,
                                          int           height);
/* The window's time plot pane. */
BgPlotPane    *bg_test_ui_plot_pane      (BgWindow     *window);
/* Runs the window's model (win.run) and waits for the run to end. */
void           bg_test_ui_run_to_end     (BgWindow     *window);

/* Whether @widget is the one a search looks for; @data is the search's. */
typedef gboolean (*BgTestUiMatch) (GtkWidget     *widget,
                                   gconstpointer  data);

/* Matches for bg_test_ui_find_widget: a widget with the CSS class in
 * @data; a label whose text (markup as set) is the string in @data. */
gboolean       bg_test_ui_has_css_class   (GtkWidget     *widget,
                                           gconstpointer  data);
gboolean       bg_test_ui_has_label_text  (GtkWidget     *widget,
                                           gconstpointer  data);

GtkWidget     *bg_test_ui_find_widget     (GtkWidget     *root,
                                           BgTestUiMatch  match,
                                           gconstpointer  data);
/* The examples' file names, sorted (at least ten, asserted). */
GStrv          bg_test_ui_dup_example_names (void);
/* The first widget of TYPE below ROOT (asserted to exist). */
gpointer       bg_test_ui_find_typed      (GtkWidget     *root,
                                           GType          type);
GtkWidget     *bg_test_ui_find_actionable (GtkWidget     *root,
                                           const char    *action_name);

void           bg_test_ui_remove_tree    (const char   *path);

G_END_DECLS
