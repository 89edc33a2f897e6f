/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-equations-pane.c — the Equations page of the real window.
 *
 * Owns: tests that open examples in a window, show the page with
 * win.show-equations and check its rows against the core's derivation
 * (text, links with their tooltips, sections), the selected element's
 * terms marked and a click on an equation or a symbol selecting on the
 * canvas, the page following edits (a conflict's message, a remedy, undo),
 * Copy as LaTeX through the clipboard, every example, and the Russian UI;
 * the screenshots at projector size (only with BGMOD_TEST_SCREENSHOT_DIR
 * set; nothing is asserted about the pixels).
 * Must not: assert on the core's equation forms (test-equations owns them):
 * the page must show the core's own.
 */
#include "config.h"

#include <string.h>
#include <gtk/gtk.h>

#include <glib/gi18n-lib.h>

#include "bg-canvas.h"
#include "bg-equations.h"
#include "bg-equations-pane.h"
#include "bg-model-flatten.h"
#include "bg-test-ui.h"

#define MARK_COLOUR "background=\"#f8e45c\" foreground=\"#241f31\""

static BgApplication *app;
static char *tmp_dir;

static BgWindow *
open_example (const char *example,
              int         width,
              int         height)
{
  return bg_test_ui_open_example (app, example, width, height);
}

static void
activate (BgWindow   *window,
          const char *action,
          GVariant   *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (window), action, parameter));
  bg_test_ui_pump ();
}

/* Shows the page as a user does (F8 / the menu) and lets it derive. */
static BgEquationsPane *
show_equations (BgWindow *window)
{
  BgEquationsPane *pane = bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_EQUATIONS_PANE);

  activate (window, "win.show-equations", NULL);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  bg_test_ui_wait_ms (50);
  return pane;
}

/* The core's equations of the window's model, as the page should show. */
static BgEquations *
derive_expected (BgWindow *window)
{
  BgDocument *document = bg_window_get_document (window);
  BgModel *model = bg_document_get_model (document);
  g_auto(GStrv) outputs = bg_equations_dup_view_outputs (model);
  g_autoptr(GError) error = NULL;
  /* a model with components: the equations of its flat graph */
  g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);
  g_autoptr(BgCausality) causality = NULL;
  BgEquations *equations;

  g_assert_no_error (error);
  causality = flat != model ? bg_causality_analyze (flat)
                            : bg_causality_ref (bg_document_get_causality (document));
  equations = bg_equations_derive (flat, causality, (const char *const *) outputs, &error);
  g_assert_no_error (error);
  return equations;
}

static char *
markup_to_text (const char *markup)
{
  char *text = NULL;

  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, &text, NULL, NULL));
  return text;
}

static char *
dup_selected (BgWindow *window)
{
  g_auto(GStrv) ids = bg_canvas_dup_selected_ids (bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_CANVAS));

  return g_strjoinv (",", ids);
}

/* Every row shows its equation's text, each symbol a link whose tooltip
 * says what it is; the rows are in the core's order. */
static void
check_rows (BgWindow        *window,
            BgEquationsPane *pane)
{
  g_autoptr(BgEquations) expected = derive_expected (window);
  guint n = bg_equations_get_n_equations (expected);

  g_assert_cmpstr (bg_equations_pane_get_message (pane), ==, "");
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), ==, MIN (n, 300));
  for (guint i = 0; i < bg_equations_pane_get_n_rows (pane); i++)
    {
      const BgEquation *eq = bg_equations_get_equation (expected, i);
      GtkLabel *label = bg_equations_pane_get_row_label (pane, i);
      g_autofree char *text = markup_to_text (eq->markup);

      g_assert_cmpstr (gtk_label_get_text (label), ==, text);
      for (guint k = 0; eq->symbols[k] != NULL; k++)
        {
          const BgEqSymbol *sym = bg_equations_lookup_symbol (expected, eq->symbols[k]);
          g_autofree char *link = g_strdup_printf ("<a href=\"%s\" title=", sym->symbol);

          g_assert_nonnull (strstr (gtk_label_get_label (label), link));
        }
    }
}

/* Tests ------------------------------------------------------------------- */

/* The RLC circuit: its two state equations, linked symbols explained in
 * the tooltip (meaning, value with unit, the element to click). */
static void
test_rlc (void)
{
  BgWindow *window = open_example ("rlc-circuit.bgmod", 1280, 800);
  BgEquationsPane *pane = show_equations (window);
  const char *markup;

  check_rows (window, pane);
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), ==, 2);
  markup = gtk_label_get_label (bg_equations_pane_get_row_label (pane, 0));
  g_test_message ("row 0: %s", markup);
  /* the left-hand side's state is a link too */
  g_assert_true (g_str_has_prefix (markup, "d<a href=\"p_L1\""));
  /* R1's tooltip: its meaning, value and unit, and what a click does */
  g_assert_nonnull (strstr (markup, "Resistance (R1)"));
  g_assert_nonnull (strstr (markup, "10 Ω"));
  g_assert_nonnull (strstr (markup, "Click to select R1"));
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (bg_equations_pane_get_row_label (pane, 0))));
  bg_test_ui_destroy_window (window);
}

/* Selecting R1 on the canvas marks R1's terms and nothing else; a click on
 * an equation selects its elements; a click on a symbol its element. */
static void
test_selection (void)
{
  BgWindow *window = open_example ("rlc-circuit.bgmod", 1280, 800);
  BgEquationsPane *pane = show_equations (window);
  BgCanvas *canvas = bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_CANVAS);
  const char *r1[] = { "R1", NULL };
  gboolean handled = FALSE;
  char *selected;
  const char *row0, *row1;

  bg_canvas_select_ids (canvas, r1);
  bg_test_ui_pump ();
  row0 = gtk_label_get_label (bg_equations_pane_get_row_label (pane, 0));
  row1 = gtk_label_get_label (bg_equations_pane_get_row_label (pane, 1));
  /* dp_L1/dt = u_U − R1·p_L1/L1 − q_C1/C1: R1 marked once; dq_C1/dt = p_L1/L1 has no R1 */
  g_assert_nonnull (strstr (row0, MARK_COLOUR ">R<sub>1</sub>"));
  g_assert_null (strstr (strstr (row0, MARK_COLOUR) + 1, MARK_COLOUR));
  g_assert_null (strstr (row1, MARK_COLOUR));

  /* the state's element marks its left-hand side */
  {
    const char *c1[] = { "C1", NULL };

    bg_canvas_select_ids (canvas, c1);
    bg_test_ui_pump ();
    row1 = gtk_label_get_label (bg_equations_pane_get_row_label (pane, 1));
    g_assert_true (g_str_has_prefix (row1, "d<a href=\"q_C1\""));
    g_assert_nonnull (strstr (row1, MARK_COLOUR ">q<sub>C1</sub>"));
  }

  /* a click on the second equation selects C1 (its state) and L1 */
  gtk_widget_activate (GTK_WIDGET (bg_equations_pane_get_row (pane, 1)));
  bg_test_ui_pump ();
  selected = dup_selected (window);
  g_assert_cmpstr (selected, ==, "L1,C1");
  g_free (selected);

  /* a click on the symbol R1 selects R1 alone */
  g_signal_emit_by_name (bg_equations_pane_get_row_label (pane, 0), "activate-link", "R1", &handled);
  bg_test_ui_pump ();
  g_assert_true (handled);
  selected = dup_selected (window);
  g_assert_cmpstr (selected, ==, "R1");
  g_free (selected);
  /* ... and its terms are marked again through the canvas's selection */
  g_assert_nonnull (strstr (gtk_label_get_label (bg_equations_pane_get_row_label (pane, 0)),
                            MARK_COLOUR ">R<sub>1</sub>"));
  bg_test_ui_destroy_window (window);
}

/* A conflict shows why there are no equations; applying the first remedy
 * gives equations at once; undo brings the conflict back. */
static void
test_follows_edits (void)
{
  BgWindow *window = open_example ("conflict-two-capacitors.bgmod", 1280, 800);
  BgEquationsPane *pane = show_equations (window);

  g_test_message ("message: %s", bg_equations_pane_get_message (pane));
  g_assert_true (g_str_has_prefix (bg_equations_pane_get_message (pane),
                                   "No state equations while the causality has a conflict: "));
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), ==, 0);

  activate (window, "win.apply-remedy", g_variant_new_uint32 (0));
  bg_test_ui_wait_ms (100);
  check_rows (window, pane);
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), >, 0);

  activate (window, "win.undo", NULL);
  bg_test_ui_wait_ms (100);
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), ==, 0);
  g_assert_cmpstr (bg_equations_pane_get_message (pane), !=, "");
  bg_test_ui_destroy_window (window);
}

/* Edits while the page is hidden are derived when it is shown again. */
static void
test_hidden_then_shown (void)
{
  BgWindow *window = open_example ("rc-circuit.bgmod", 1280, 800);
  BgEquationsPane *pane = show_equations (window);
  BgModel *model = bg_test_ui_window_model (window);
  g_autoptr(GError) error = NULL;
  guint before = bg_equations_pane_get_n_rows (pane);

  activate (window, "win.run", NULL);  /* the run shows the time plot */
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  activate (window, "win.stop", NULL);
  /* C1's capacitance changes while the page is hidden */
  g_assert_true (bg_model_set_param_number (model, "C1", "value", 2e-3, &error));
  g_assert_no_error (error);
  bg_test_ui_pump ();
  pane = show_equations (window);
  g_assert_cmpuint (bg_equations_pane_get_n_rows (pane), ==, before);
  g_assert_nonnull (strstr (gtk_label_get_label (bg_equations_pane_get_row_label (pane, 0)),
                            "2 mF"));
  check_rows (window, pane);
  bg_test_ui_destroy_window (window);
}

typedef struct
{
  char     *text;
  gboolean  done;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  ClipboardRead *read = data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

/* Copy as LaTeX puts the core's align* block on the clipboard. */
static void
test_copy_latex (void)
{
  BgWindow *window = open_example ("hydraulic-bench.bgmod", 1280, 800);
  BgEquationsPane *pane = show_equations (window);
  g_autoptr(BgEquations) expected = derive_expected (window);
  g_autofree char *latex = bg_equations_to_latex (expected);
  ClipboardRead read = { NULL, FALSE };

  check_rows (window, pane);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (pane), "equations.copy-latex", NULL));
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (pane)), NULL,
                                 clipboard_read_cb, &read);
  while (!read.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (read.text, ==, latex);
  g_assert_true (g_str_has_prefix (read.text, "\\begin{align*}"));
  g_free (read.text);
  bg_test_ui_destroy_window (window);
}

/* Every example: the core's equations, or a message for the conflicts. */
static void
test_every_example (void)
{
  g_auto(GStrv) names = bg_test_ui_dup_example_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = names[i];
      BgWindow *window = open_example (name, 1024, 768);
      BgEquationsPane *pane;

      pane = show_equations (window);
      g_test_message ("%s: %u rows %s", name, bg_equations_pane_get_n_rows (pane),
                      bg_equations_pane_get_message (pane));
      if (g_str_has_prefix (name, "conflict"))
        g_assert_cmpstr (bg_equations_pane_get_message (pane), !=, "");
      else
        check_rows (window, pane);
      bg_test_ui_destroy_window (window);
    }
}

/* The bench in presentation mode at projector sizes; screenshots with the
 * directory set. */
static void
check_projector (const char *lang)
{
  const int sizes[][2] = { { 1280, 800 }, { 1024, 768 } };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      BgWindow *window = open_example ("hydraulic-bench.bgmod", sizes[i][0], sizes[i][1]);
      BgEquationsPane *pane;
      g_autofree char *name = g_strdup_printf ("equations-%dx%d-%s", sizes[i][0], sizes[i][1], lang);
      const char *cyl[] = { "CYL", NULL };

      g_object_set (window, "presentation-mode", TRUE, NULL);
      pane = show_equations (window);
      bg_canvas_select_ids (bg_test_ui_find_typed (GTK_WIDGET (window), BG_TYPE_CANVAS), cyl);
      bg_test_ui_wait_ms (250);
      check_rows (window, pane);
      /* the rows wrap inside the page: none is wider than the pane */
      for (guint r = 0; r < bg_equations_pane_get_n_rows (pane); r++)
        g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (bg_equations_pane_get_row_label (pane, r))),
                         <=, gtk_widget_get_width (GTK_WIDGET (pane)));
      bg_test_ui_maybe_screenshot (name);
      g_object_set (window, "presentation-mode", FALSE, NULL);
      bg_test_ui_destroy_window (window);
    }
}

static void
test_projector (void)
{
  check_projector ("en");
}

/* last: gettext caches translations, so the language is not switched back */
static void
test_russian (void)
{
  BgWindow *window;
  BgEquationsPane *pane;

  if (g_getenv ("BGMOD_LOCALEDIR") == NULL)
    {
      g_test_skip ("BGMOD_LOCALEDIR (the built catalogues) is not set");
      return;
    }
  g_setenv ("LANGUAGE", "ru", TRUE);
  window = open_example ("conflict-two-capacitors.bgmod", 1024, 768);
  pane = show_equations (window);
  g_test_message ("message: %s", bg_equations_pane_get_message (pane));
  g_assert_true (g_str_has_prefix (bg_equations_pane_get_message (pane), "Нет уравнений состояния"));
  bg_test_ui_destroy_window (window);

  window = open_example ("rlc-circuit.bgmod", 1024, 768);
  pane = show_equations (window);
  g_assert_nonnull (strstr (gtk_label_get_label (bg_equations_pane_get_row_label (pane, 0)),
                            "Щёлкните, чтобы выделить R1"));
  bg_test_ui_destroy_window (window);
  check_projector ("ru");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-equations-pane-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/equations/rlc", test_rlc);
  g_test_add_func ("/ui/equations/selection", test_selection);
  g_test_add_func ("/ui/equations/follows-edits", test_follows_edits);
  g_test_add_func ("/ui/equations/hidden-then-shown", test_hidden_then_shown);
  g_test_add_func ("/ui/equations/copy-latex", test_copy_latex);
  g_test_add_func ("/ui/equations/every-example", test_every_example);
  g_test_add_func ("/ui/equations/projector", test_projector);
  g_test_add_func ("/ui/equations/russian", test_russian);

  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
