/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-power-flow.c — the power-flow view and plotting from the diagram,
 * driven with real gestures in the real window.
 *
 * Owns: tests that turn the view on with its key, drag the time slider,
 * hover the time plot, play with Space and step with the keys, hover bonds
 * and elements, right-click a bond and choose Plot ▸ Power, and press P on
 * an element, every gesture a real one through the X server (XTEST); that
 * the instant, the slider and the plot's cursor agree; and that every
 * value shown (a bond's e, f, P, an element's energy, the plotted trace's
 * read-out) is the one `bgmod-cli simulate` (BGMOD_CLI) writes for the same
 * model at that instant, linearly between its rows; that the view draws
 * every example; the screenshots at 1280×800 (BGMOD_TEST_SCREENSHOT_DIR).
 * Must not: assert on pixels, or on timings beyond "time went on".
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "bg-canvas-private.h"
#include "bg-graph-renderer.h"
#include "bg-plot-pane.h"
#include "bg-plot-view.h"
#include "bg-power-bar.h"
#include "bg-si-format.h"
#include "bg-test-cli.h"
#include "bg-test-pointer.h"
#include "bg-test-ui.h"
#include "bg-test-xdo.h"

static BgApplication *app;
static char *tmp_dir;

/* `bgmod-cli simulate` ----------------------------------------------------------- */

/* Every column of the CLI's CSV for a model, by name. */
typedef struct
{
  GHashTable *columns;  /* name -> GArray of double */
  GArray     *t;
} Csv;

static void
csv_free (Csv *csv)
{
  g_hash_table_unref (csv->columns);
  g_free (csv);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Csv, csv_free)

static double
parse_number (const char *text)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);

  g_assert_true (end != text && *end == '\0');
  return v;
}

static Csv *
cli_simulate (const char *example)
{
  g_autofree char *path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", example, NULL);
  const char *args[] = { "simulate", path, NULL };
  g_auto(BgCliRun) run = { 0 };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  Csv *csv;

  if (!bg_test_run_cli (&run, args, NULL))
    return NULL;
  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  header = g_strsplit (lines[0], ",", -1);
  csv = g_new0 (Csv, 1);
  csv->columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_array_unref);
  for (guint c = 0; header[c] != NULL; c++)
    g_hash_table_insert (csv->columns, g_strdup (header[c]), g_array_new (FALSE, FALSE, sizeof (double)));
  for (guint r = 1; lines[r] != NULL && lines[r][0] != '\0'; r++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[r], ",", -1);

      g_assert_cmpuint (g_strv_length (cells), ==, g_strv_length (header));
      for (guint c = 0; header[c] != NULL; c++)
        {
          double v = parse_number (cells[c]);

          g_array_append_val ((GArray *) g_hash_table_lookup (csv->columns, header[c]), v);
        }
    }
  csv->t = g_hash_table_lookup (csv->columns, "t");
  g_assert_cmpuint (csv->t->len, >, 2);
  return csv;
}

/* The CLI's value of a column at t, linearly between its rows. */
static double
csv_at (Csv        *csv,
        const char *name,
        double      t)
{
  GArray *col = g_hash_table_lookup (csv->columns, name);
  const double *ts = (const double *) csv->t->data, *v;
  guint n = csv->t->len, i = 0;

  g_assert_nonnull (col);
  v = (const double *) col->data;
  if (t <= ts[0])
    return v[0];
  if (t >= ts[n - 1])
    return v[n - 1];
  while (i + 1 < n && ts[i + 1] <= t)
    i++;
  return v[i] + (v[i + 1] - v[i]) * (t - ts[i]) / (ts[i + 1] - ts[i]);
}

/* The column's largest magnitude: the scale its tolerance is relative to. */
static double
csv_scale (Csv        *csv,
           const char *name)
{
  GArray *col = g_hash_table_lookup (csv->columns, name);
  double m = 0;

  for (guint i = 0; i < col->len; i++)
    m = MAX (m, fabs (g_array_index (col, double, i)));
  return MAX (m, 1e-300);
}

/* The window's value of a variable (as the level names it) at the canvas's
 * instant against the CLI's: the CLI writes 12 significant digits, so they
 * agree to 1e-9 of the column's largest value. */
static void
assert_value_matches (BgCanvas   *canvas,
                      Csv        *csv,
                      const char *name)
{
  double shown = NAN, expected = csv_at (csv, name, bg_canvas_get_time (canvas));

  g_assert_true (bg_canvas_get_value_at (canvas, name, &shown));
  if (fabs (shown - expected) > 1e-9 * csv_scale (csv, name))
    g_error ("%s at t = %.9g: the window shows %.12g, bgmod-cli simulate %.12g", name,
             bg_canvas_get_time (canvas), shown, expected);
}

/* The window ----------------------------------------------------------------------- */

static gboolean
is_power_bar (GtkWidget     *widget,
              gconstpointer  data)
{
  return BG_IS_POWER_BAR (widget);
}

static BgPowerBar *
power_bar (BgWindow *window)
{
  GtkWidget *bar = bg_test_ui_find_widget (GTK_WIDGET (window), is_power_bar, NULL);

  g_assert_nonnull (bar);
  return BG_POWER_BAR (bar);
}

static gboolean
widget_mapped_cb (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* Lets the layout (the plot slot after a run, a sliding menu) settle. */
static void
settle (void)
{
  bg_test_ui_wait_ms (300);
  bg_test_ui_pump ();
}

/* Turns the loop until condition holds (asserted within 5 s). */
static void
wait_for (gboolean (*condition) (gpointer),
          gpointer data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!condition (data) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (2000);
  g_assert_true (condition (data));
  bg_test_ui_pump ();
}

/* A run of the example, and the power-flow view turned on with its key. */
static BgWindow *
open_with_power_flow (const char *example,
                      int         width,
                      int         height)
{
  BgWindow *window = bg_test_ui_open_example (app, example, width, height);
  BgCanvas *canvas = bg_window_get_canvas (window);

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_run_to_end (window);
  settle ();
  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  bg_test_ui_pump ();
  bg_test_pointer_key_with2 (GDK_KEY_Control_L, GDK_KEY_Shift_L, GDK_KEY_f);
  g_assert_true (bg_canvas_get_power_flow (canvas));
  wait_for (widget_mapped_cb, power_bar (window));
  settle ();
  g_assert_nonnull (bg_canvas_get_result (canvas));
  return window;
}

/* Where a bond's middle is on the canvas, asserted to be that bond. */
static void
bond_point (BgCanvas   *canvas,
            const char *bond_id,
            double     *x,
            double     *y)
{
  BgBond *bond = bg_model_find_bond (bg_canvas_get_model (canvas), bond_id);
  double x0, y0, x1, y1;
  g_autofree char *hit = NULL;

  g_assert_nonnull (bond);
  bg_canvas_model_to_view (canvas, bond->from->x, bond->from->y, &x0, &y0);
  bg_canvas_model_to_view (canvas, bond->to->x, bond->to->y, &x1, &y1);
  *x = (x0 + x1) / 2;
  *y = (y0 + y1) / 2;
  hit = bg_canvas_dup_id_at (canvas, *x, *y);
  g_assert_cmpstr (hit, ==, bond_id);
}

/* The text the window shows for a value: the read-outs' own format. */
static char *
shown (Csv        *csv,
       const char *name,
       double      t,
       const char *unit)
{
  return bg_si_format (csv_at (csv, name, t), unit);
}

/* The slider ------------------------------------------------------------------------- */

/* Dragging the slider's knob sets the instant: the slider, the canvas, the
 * plot's cursor and the bar's text agree, and every bond's e, f and P and
 * every storage's energy are the CLI's at that instant; hovering a bond
 * shows them. */
static void
test_slider_drag (void)
{
  g_autoptr(Csv) csv = cli_simulate ("rlc-circuit.bgmod");
  BgWindow *window;
  BgCanvas *canvas;
  BgPowerBar *bar;
  GtkRange *slider;
  BgPlotView *view;
  GPtrArray *bonds;
  int start = 0, end = 0;
  double t0, t1, t, x, y;
  g_autofree char *tooltip = NULL;
  g_autofree char *p_text = NULL;
  g_autofree char *p_line = NULL;

  if (csv == NULL)
    return;
  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  window = open_with_power_flow ("rlc-circuit.bgmod", 1280, 800);
  canvas = bg_window_get_canvas (window);
  bar = power_bar (window);
  slider = bg_power_bar_get_slider (bar);
  view = bg_plot_pane_get_view (bg_test_ui_plot_pane (window));
  g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t0);

  /* the knob, pressed and dragged to 40 % of the slider */
  gtk_range_get_slider_range (slider, &start, &end);
  bg_test_pointer_drag (GTK_WIDGET (slider), (start + end) / 2.0,
                        gtk_widget_get_height (GTK_WIDGET (slider)) / 2.0,
                        gtk_widget_get_width (GTK_WIDGET (slider)) * 0.4,
                        gtk_widget_get_height (GTK_WIDGET (slider)) / 2.0);
  bg_test_ui_pump ();
  t = bg_canvas_get_time (canvas);
  g_test_message ("slider dragged to t = %g of %g", t, t1);
  g_assert_cmpfloat (t, >, t0 + 0.2 * (t1 - t0));
  g_assert_cmpfloat (t, <, t0 + 0.6 * (t1 - t0));
  g_assert_cmpfloat (gtk_range_get_value (slider), ==, t);
  g_assert_cmpfloat (bg_plot_view_get_cursor (view), ==, t);
  {
    g_autofree char *now = bg_si_format (t, "s");

    g_assert_nonnull (strstr (bg_power_bar_get_time_text (bar), now));
  }

  bonds = bg_model_get_bonds (bg_canvas_get_model (canvas));
  for (guint i = 0; i < bonds->len; i++)
    {
      const char *id = ((BgBond *) g_ptr_array_index (bonds, i))->id;
      const char *suffixes[] = { "e", "f", "P" };

      for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
        {
          g_autofree char *name = g_strconcat (id, ".", suffixes[k], NULL);

          assert_value_matches (canvas, csv, name);
        }
    }
  assert_value_matches (canvas, csv, "C1.E");
  assert_value_matches (canvas, csv, "L1.E");

  /* the pointer on a bond: its values with units */
  bond_point (canvas, "b2", &x, &y);
  bg_test_pointer_move (GTK_WIDGET (canvas), x, y);
  tooltip = bg_canvas_dup_tooltip_at (canvas, x, y);
  g_test_message ("over b2: %s", tooltip);
  p_text = shown (csv, "b2.P", t, "W");
  p_line = g_strconcat ("P = ", p_text, NULL);
  g_assert_nonnull (strstr (tooltip, p_line));
  g_assert_nonnull (strstr (tooltip, "e = "));
  g_assert_nonnull (strstr (tooltip, "f = "));
  /* the picture at the current's first peak, where every bond carries power */
  bg_canvas_set_time (canvas, 0.063);
  settle ();
  bg_test_xdo_screenshot (GTK_WIDGET (window), "power-flow-1280x800");
  bg_test_ui_destroy_window (window);
}

/* The pointer on the time plot moves the instant, and the slider with it;
 * leaving the plot, its cursor rests at the instant. */
static void
test_plot_cursor_moves_slider (void)
{
  g_autoptr(Csv) csv = cli_simulate ("rc-circuit.bgmod");
  BgWindow *window;
  BgCanvas *canvas;
  BgPlotView *view;
  GtkRange *slider;
  double t, x, y;

  if (csv == NULL)
    return;
  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  window = open_with_power_flow ("rc-circuit.bgmod", 1280, 800);
  canvas = bg_window_get_canvas (window);
  view = bg_plot_pane_get_view (bg_test_ui_plot_pane (window));
  slider = bg_power_bar_get_slider (power_bar (window));

  bg_test_pointer_move (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)) * 0.6,
                        gtk_widget_get_height (GTK_WIDGET (view)) * 0.4);
  bg_test_pointer_move (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)) * 0.7,
                        gtk_widget_get_height (GTK_WIDGET (view)) * 0.5);
  t = bg_plot_view_get_cursor (view);
  g_assert_false (isnan (t));
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t);
  g_assert_cmpfloat (gtk_range_get_value (slider), ==, t);
  assert_value_matches (canvas, csv, "C1.E");
  assert_value_matches (canvas, csv, "R1.f");

  /* away from the plot, over the capacitor: the cursor stays, and the
   * capacitor's values at it are the tooltip */
  bg_test_ui_element_point (canvas, "C1", &x, &y);
  bg_test_pointer_move (GTK_WIDGET (canvas), x, y);
  g_assert_cmpfloat (bg_plot_view_get_cursor (view), ==, t);
  {
    g_autofree char *tooltip = bg_canvas_dup_tooltip_at (canvas, x, y);
    g_autofree char *energy = shown (csv, "C1.E", t, "J");
    g_autofree char *line = g_strconcat ("E = ", energy, NULL);

    g_test_message ("over C1: %s", tooltip);
    g_assert_nonnull (strstr (tooltip, line));
  }
  bg_test_ui_destroy_window (window);
}

/* Space plays and pauses; the instant moves on the frame clock; End, Home
 * and the period key go to the end, the start and the next row. */
static void
test_play_keys (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  double t0, t1, t;

  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  window = open_with_power_flow ("mass-spring-damper.bgmod", 1280, 800);
  canvas = bg_window_get_canvas (window);
  g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
  gtk_widget_grab_focus (GTK_WIDGET (canvas));

  bg_test_pointer_key (GDK_KEY_space);
  g_assert_true (bg_canvas_get_playing (canvas));
  bg_test_ui_wait_ms (600);
  bg_test_pointer_key (GDK_KEY_space);
  g_assert_false (bg_canvas_get_playing (canvas));
  t = bg_canvas_get_time (canvas);
  g_test_message ("played to t = %g at %g s per second", t, bg_canvas_get_play_speed (canvas));
  g_assert_cmpfloat (t, >, t0);
  g_assert_cmpfloat (t, <, t1);

  bg_test_pointer_key (GDK_KEY_End);
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t1);
  bg_test_pointer_key (GDK_KEY_Home);
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t0);
  bg_test_pointer_key (GDK_KEY_period);
  t = bg_canvas_get_time (canvas);
  g_assert_cmpfloat (t, >, t0);
  g_assert_cmpfloat (t, <, t0 + (t1 - t0) / 100);
  bg_test_pointer_key (GDK_KEY_comma);
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t0);

  /* the bar's button plays too */
  bg_test_pointer_click (bg_power_bar_get_play_button (power_bar (window)), 8, 8);
  g_assert_true (bg_canvas_get_playing (canvas));
  bg_test_pointer_key_with2 (GDK_KEY_Control_L, GDK_KEY_Shift_L, GDK_KEY_f);
  g_assert_false (bg_canvas_get_power_flow (canvas));
  g_assert_false (bg_canvas_get_playing (canvas));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (power_bar (window))));
  bg_test_ui_destroy_window (window);
}

/* Plot from the diagram -------------------------------------------------------------- */

static gboolean
is_menu_item (GtkWidget     *widget,
              gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;

  if (!gtk_widget_get_mapped (widget) || g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  if (text == NULL)
    return FALSE;
  plain = g_strdup (text);
  /* the mnemonic's underscore is not read */
  for (char *s = plain, *d = plain;; s++)
    if (*s != '_' && (*d++ = *s) == '\0')
      break;
  return g_strcmp0 (plain, data) == 0;
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} ItemWait;

static gboolean
item_shown_cb (gpointer data)
{
  ItemWait *w = data;

  return bg_test_ui_find_widget (w->root, is_menu_item, w->text) != NULL;
}

/* A real click on the menu item that reads text (mnemonics aside). */
static void
click_item (GtkWidget  *popover,
            const char *text)
{
  ItemWait w = { popover, text };
  GtkWidget *item;

  wait_for (item_shown_cb, &w);
  /* a submenu slides in: clicked once it stands still */
  settle ();
  item = bg_test_ui_find_widget (popover, is_menu_item, text);
  g_assert_nonnull (item);
  bg_test_pointer_click (item, gtk_widget_get_width (item) / 2.0,
                         gtk_widget_get_height (item) / 2.0);
}

static gboolean
popover_hidden_cb (gpointer popover)
{
  return !gtk_widget_get_visible (popover);
}

/* The plot's read-out value of a trace at t, parsed from the read-out's
 * line "NAME = value unit". */
static char *
readout_line (BgPlotView *view,
              const char *name,
              double      t)
{
  g_autofree char *text = bg_plot_view_dup_readout (view, t);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *start = g_strconcat (name, " = ", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], start))
      return g_strdup (lines[i] + strlen (start));
  return NULL;
}

/* A right-click on a bond, Plot ▸ Power: the bond's power joins the time
 * plot at once, from the stored result (the same run, not a new one), and
 * its read-out is the CLI's. */
static void
test_right_click_plot (void)
{
  g_autoptr(Csv) csv = cli_simulate ("rlc-circuit.bgmod");
  BgWindow *window;
  BgCanvas *canvas;
  BgPlotPane *pane;
  BgPlotView *view;
  BgSimulationRun *run;
  GtkWidget *menu;
  g_auto(GStrv) vars = NULL;
  g_autofree char *value = NULL;
  g_autofree char *expected = NULL;
  double x, y, t;

  if (csv == NULL)
    return;
  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  window = bg_test_ui_open_example (app, "rlc-circuit.bgmod", 1280, 800);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  canvas = bg_window_get_canvas (window);
  pane = bg_test_ui_plot_pane (window);
  view = bg_plot_pane_get_view (pane);
  bg_test_ui_run_to_end (window);
  settle ();
  run = bg_plot_pane_get_run (pane);
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_false (g_strv_contains ((const char *const *) vars, "b3.P"));

  /* the pointer on the plot, then on the capacitor: its values at the
   * plot's cursor, the view off */
  g_assert_false (bg_canvas_get_power_flow (canvas));
  bg_test_pointer_move (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)) * 0.45,
                        gtk_widget_get_height (GTK_WIDGET (view)) * 0.5);
  t = bg_plot_view_get_cursor (view);
  g_assert_false (isnan (t));
  bg_test_ui_element_point (canvas, "C1", &x, &y);
  bg_test_pointer_move (GTK_WIDGET (canvas), x, y);
  g_assert_cmpfloat (bg_canvas_get_time (canvas), ==, t);
  {
    g_autofree char *tooltip = bg_canvas_dup_tooltip_at (canvas, x, y);
    g_autofree char *energy = shown (csv, "C1.E", t, "J");
    g_autofree char *line = g_strconcat ("E = ", energy, NULL);

    g_test_message ("over C1 at the plot's cursor: %s", tooltip);
    g_assert_nonnull (strstr (tooltip, line));
  }

  bond_point (canvas, "b3", &x, &y);
  bg_test_pointer_secondary_click (GTK_WIDGET (canvas), x, y);
  menu = bg_canvas_get_context_menu (canvas);
  wait_for (widget_mapped_cb, menu);
  click_item (menu, "Plot");
  click_item (menu, "Power, along the half-arrow — b3.P, W");
  wait_for (popover_hidden_cb, menu);

  g_strfreev (vars);
  vars = bg_plot_pane_dup_vars (pane);
  g_assert_true (g_strv_contains ((const char *const *) vars, "b3.P"));
  g_assert_true (bg_plot_pane_get_run (pane) == run);
  g_assert_false (bg_plot_pane_is_running (pane));
  bg_test_ui_pump ();
  /* its read-out at a time between rows is the CLI's there */
  t = 0.37 * bg_plan_get_t_end (bg_simulation_run_get_plan (run)) + 1e-4;
  value = readout_line (view, "b3.P", t);
  expected = shown (csv, "b3.P", t, "W");
  g_test_message ("b3.P at %g: plot %s, bgmod-cli %s", t, value, expected);
  g_assert_cmpstr (value, ==, expected);
  bg_test_ui_destroy_window (window);
}

/* P on the selected capacitor: its Plot choices at it (effort, flow,
 * state, energy and the power into it through its bond); Down and Enter
 * plot the second, its flow. */
static void
test_plot_key (void)
{
  BgWindow *window;
  BgCanvas *canvas;
  BgPlotPane *pane;
  GtkWidget *popover;
  g_auto(GStrv) choices = NULL;
  g_auto(GStrv) vars = NULL;
  const char *ids[] = { "C1", NULL };

  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  canvas = bg_window_get_canvas (window);
  pane = bg_test_ui_plot_pane (window);
  bg_test_ui_run_to_end (window);
  settle ();

  choices = bg_canvas_dup_plot_choices (canvas, "C1");
  g_assert_cmpstr (choices[0], ==, "C1.e");
  g_assert_true (g_strv_contains ((const char *const *) choices, "C1.f"));
  g_assert_true (g_strv_contains ((const char *const *) choices, "C1.q"));
  g_assert_true (g_strv_contains ((const char *const *) choices, "C1.E"));
  g_assert_true (g_strv_contains ((const char *const *) choices, "b3.P"));

  bg_canvas_select_ids (canvas, ids);
  gtk_widget_grab_focus (GTK_WIDGET (canvas));
  bg_test_ui_pump ();
  bg_test_pointer_key (GDK_KEY_p);
  popover = bg_canvas_get_plot_popover (canvas);
  g_assert_nonnull (popover);
  wait_for (widget_mapped_cb, popover);
  /* the popover opens on its first choice: one down is the flow */
  bg_test_pointer_key (GDK_KEY_Down);
  bg_test_pointer_key (GDK_KEY_Return);
  wait_for (popover_hidden_cb, popover);
  vars = bg_plot_pane_dup_vars (pane);
  {
    g_autofree char *list = g_strjoinv (", ", vars);

    g_test_message ("plotted after P, Down, Enter: %s", list);
  }
  g_assert_true (g_strv_contains ((const char *const *) vars, "C1.f"));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (canvas)));
  bg_test_ui_destroy_window (window);
}

/* The pictures and the themes ------------------------------------------------------------ */

/* The bench at a third of its run, in the light and the dark theme: the
 * canvas draws with the theme's power colours (light: the print ones;
 * dark: the dark palette's) and the legend says what they mean. */
static void
test_bench_themes (void)
{
  GtkSettings *settings = gtk_settings_get_default ();
  BgGraphStyle light, dark;
  BgWindow *window;
  BgCanvas *canvas;
  const BgGraphStyle *style;
  double t0, t1;

  if (!bg_test_pointer_available (NULL))
    {
      g_test_skip ("needs XTEST on an X11 display");
      return;
    }
  bg_graph_style_init_light (&light);
  bg_graph_style_init_dark (&dark);
  window = open_with_power_flow ("hydraulic-bench.bgmod", 1280, 800);
  canvas = bg_window_get_canvas (window);
  g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
  bg_canvas_set_time (canvas, t0 + 0.3 * (t1 - t0));
  /* the whole bench in view, nothing selected, for the picture */
  bg_canvas_select_ids (canvas, NULL);
  bg_canvas_zoom_to_fit_whole (canvas);
  settle ();
  style = bg_graph_renderer_get_style (canvas->renderer);
  g_assert_cmpfloat (style->power_along.green, ==, light.power_along.green);
  bg_test_xdo_screenshot (GTK_WIDGET (window), "power-flow-bench-1280x800");

  g_object_set (settings, "gtk-application-prefer-dark-theme", TRUE, NULL);
  settle ();
  gtk_widget_queue_draw (GTK_WIDGET (canvas));
  settle ();
  style = bg_graph_renderer_get_style (canvas->renderer);
  g_assert_cmpfloat (style->power_along.green, ==, dark.power_along.green);
  g_assert_cmpfloat (style->power_against.red, ==, dark.power_against.red);
  bg_test_xdo_screenshot (GTK_WIDGET (window), "power-flow-bench-dark-1280x800");
  g_object_set (settings, "gtk-application-prefer-dark-theme", FALSE, NULL);
  settle ();
  bg_test_ui_destroy_window (window);
}

/* Every example ------------------------------------------------------------------------- */

/* The view on every example that runs, at the middle of its run: each
 * bond's power is the CLI's, and the legend says what the drawing means. */
static void
test_every_example (void)
{
  g_auto(GStrv) names = bg_test_ui_dup_example_names ();

  for (guint i = 0; names[i] != NULL; i++)
    {
      BgWindow *window = bg_test_ui_open_example (app, names[i], 1024, 768);
      BgCanvas *canvas = bg_window_get_canvas (window);
      BgPlotPane *pane = bg_test_ui_plot_pane (window);
      g_autoptr(Csv) csv = NULL;
      g_auto(GStrv) legend = NULL;
      GPtrArray *bonds;
      double t0, t1;

      bg_test_ui_disable_tooltips (GTK_WIDGET (window));
      g_action_group_activate_action (G_ACTION_GROUP (window), "power-flow", NULL);
      g_assert_true (bg_canvas_get_power_flow (canvas));
      bg_test_ui_pump ();
      if (!bg_plot_pane_can_run (pane))
        {
          /* a conflict: the view waits for a run that cannot be */
          g_test_message ("%s: cannot run", names[i]);
          g_assert_null (bg_canvas_get_result (canvas));
          bg_test_ui_destroy_window (window);
          continue;
        }
      bg_test_ui_run_to_end (window);
      csv = cli_simulate (names[i]);
      if (csv == NULL)
        {
          bg_test_ui_destroy_window (window);
          return;
        }
      g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
      bg_canvas_set_time (canvas, t0 + 0.5 * (t1 - t0) + 1e-3 * (t1 - t0) / 7);
      bg_test_ui_pump ();
      legend = bg_canvas_dup_legend (canvas);
      g_assert_nonnull (legend);
      {
        g_autofree char *list = g_strjoinv (" · ", legend);

        g_test_message ("%s: %s", names[i], list);
      }
      bonds = bg_model_get_bonds (bg_canvas_get_model (canvas));
      for (guint b = 0; b < bonds->len; b++)
        {
          g_autofree char *name = g_strconcat (((BgBond *) g_ptr_array_index (bonds, b))->id,
                                               ".P", NULL);

          assert_value_matches (canvas, csv, name);
        }
      bg_test_ui_destroy_window (window);
    }
}

/* Inside an instance: every bond of the level shown carries its power,
 * those through the instance's ports too (as the outer bonds they
 * became), and Plot on one of those plots the run's bond. */
static void
test_inside_component (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800);
  BgCanvas *canvas = bg_window_get_canvas (window);
  BgPlotPane *pane = bg_test_ui_plot_pane (window);
  const char *ids[] = { "FRONT", NULL };
  GPtrArray *bonds;
  double t0, t1;

  bg_test_ui_disable_tooltips (GTK_WIDGET (window));
  bg_test_ui_run_to_end (window);
  settle ();
  bg_canvas_select_ids (canvas, ids);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-component", NULL));
  settle ();
  g_assert_null (bg_model_find_element (bg_canvas_get_model (canvas), "FRONT"));
  g_action_group_activate_action (G_ACTION_GROUP (window), "power-flow", NULL);
  settle ();
  g_assert_true (bg_canvas_get_time_range (canvas, &t0, &t1));
  bg_canvas_set_time (canvas, t0 + 0.4 * (t1 - t0));
  bonds = bg_model_get_bonds (bg_canvas_get_model (canvas));
  for (guint i = 0; i < bonds->len; i++)
    {
      const char *id = ((BgBond *) g_ptr_array_index (bonds, i))->id;
      g_autofree char *text = bg_canvas_dup_values_text (canvas, id);

      g_test_message ("inside FRONT, %s", text);
      g_assert_nonnull (text);
      g_assert_nonnull (strstr (text, "P = "));
    }
  /* Plot on each bond: the run has every trace asked for */
  for (guint i = 0; i < bonds->len; i++)
    {
      g_autofree char *name = g_strconcat (((BgBond *) g_ptr_array_index (bonds, i))->id, ".P", NULL);

      g_signal_emit_by_name (canvas, "plot-requested", name);
    }
  bg_test_ui_pump ();
  g_assert_cmpuint (bg_plot_view_get_n_traces (bg_plot_pane_get_view (pane)), >=, bonds->len);
  bg_test_ui_destroy_window (window);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-power-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/power-flow/slider", test_slider_drag);
  g_test_add_func ("/ui/power-flow/plot-cursor", test_plot_cursor_moves_slider);
  g_test_add_func ("/ui/power-flow/play-keys", test_play_keys);
  g_test_add_func ("/ui/power-flow/every-example", test_every_example);
  g_test_add_func ("/ui/power-flow/themes", test_bench_themes);
  g_test_add_func ("/ui/power-flow/inside-component", test_inside_component);
  g_test_add_func ("/ui/plot-from-diagram/right-click", test_right_click_plot);
  g_test_add_func ("/ui/plot-from-diagram/key", test_plot_key);

  status = g_test_run ();
  bg_test_ui_shutdown (app, tmp_dir);
  return status;
}
