/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fmu-export-ui.c — File ▸ Export FMU… in the real window.
 *
 * Owns: the dialog opened from the main menu and driven through its
 * widgets (the defaults: FMI 3.0, no input,
 * the main variables as outputs; a source ticked as an input; FMI 2.0
 * chosen; the Export… button and its file chooser), the export running
 * while the main loop turns (the dialog busy and refusing to close), the
 * file it writes against `bgmod-cli export-fmu` with the same choices (the
 * same bytes) and run in the tests' own importer (bg-test-fmi-host.h)
 * against `bgmod-cli simulate` within 1e-4 of each variable's peak; a
 * causal conflict shown and the export refused; an export that fails
 * shown in the dialog, which stays open. Screenshots with
 * BGMOD_TEST_SCREENSHOT_DIR. Must not: call the FMU library itself (the
 * host loads the file as an importer does).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>

#include "bg-fmu-export-dialog.h"
#include "bg-test-fmi-host.h"
#include "bg-test-ui.h"

static BgApplication *app;
static char *tmp_dir;

/* The shown toplevel of TYPE whose transient parent is PARENT, or NULL. */
static GtkWindow *
find_transient (GtkWindow *parent,
                GType      type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  for (GList *l = toplevels; l != NULL && found == NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) &&
        gtk_window_get_transient_for (l->data) == parent &&
        gtk_widget_get_visible (l->data))
      found = l->data;
  g_list_free (toplevels);
  return found;
}

/* Waits (10 s at most) for a mapped toplevel of TYPE over PARENT. */
static GtkWindow *
wait_transient (GtkWindow *parent,
                GType      type)
{
  GtkWindow *found = NULL;
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, bg_test_ui_flag_cb, &timed_out);

  while (!timed_out &&
         ((found = find_transient (parent, type)) == NULL ||
          !gtk_widget_get_mapped (GTK_WIDGET (found))))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
  return found;
}

static gboolean
is_main_menu_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget)
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)),
                       "open-menu-symbolic") == 0;
}

/* A menu item (a GtkModelButton) whose text reads @data, shown. */
static gboolean
is_menu_item (GtkWidget *widget, gconstpointer data)
{
  g_autofree char *text = NULL;

  if (!gtk_widget_get_mapped (widget)
      || g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0;
}

/* Main menu ▸ Export FMU… over WINDOW: the menu opened, the item clicked. */
static BgFmuExportDialog *
open_dialog (BgWindow *window)
{
  GtkWidget *button = bg_test_ui_find_widget (GTK_WIDGET (window), is_main_menu_button, NULL);
  GtkWidget *popover, *item;
  GtkWindow *dialog;

  g_assert_nonnull (button);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  bg_test_ui_pump ();
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (gtk_widget_get_mapped (popover));
  item = bg_test_ui_find_widget (popover, is_menu_item, "Export FMU…");
  g_assert_nonnull (item);
  gtk_widget_grab_focus (item);
  g_signal_emit_by_name (item, "clicked");
  dialog = wait_transient (GTK_WINDOW (window), BG_TYPE_FMU_EXPORT_DIALOG);
  g_assert_false (gtk_widget_get_mapped (popover));
  g_assert_cmpstr (gtk_window_get_title (dialog), ==, "Export FMU");
  return BG_FMU_EXPORT_DIALOG (dialog);
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  const char *label = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget))
                      : GTK_IS_CHECK_BUTTON (widget)
                      ? gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) : NULL;

  return label != NULL && g_str_equal (label, data);
}

static GtkWidget *
find_button (BgFmuExportDialog *dialog,
             const char        *label)
{
  GtkWidget *button = bg_test_ui_find_widget (GTK_WIDGET (dialog), is_button_labelled, label);

  g_assert_nonnull (button);
  return button;
}

/* A click on a (check) button, as GTK's own activation of it does (a
 * button shows itself pressed for a quarter of a second, then clicks). */
static void
click (BgFmuExportDialog *dialog,
       const char        *label)
{
  GtkWidget *button = find_button (dialog, label);

  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (gtk_widget_activate (button));
  if (GTK_IS_BUTTON (button))
    bg_test_ui_wait_ms (400);
  bg_test_ui_pump ();
}

/* Waits (60 s at most) until the export has ended. */
static void
wait_not_busy (BgFmuExportDialog **dialog)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (60, bg_test_ui_flag_cb, &timed_out);

  while (!timed_out && *dialog != NULL && bg_fmu_export_dialog_is_busy (*dialog))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  bg_test_ui_pump ();
}

/* Export… then NAME in the test's folder in the file chooser; checks that
 * the export runs while the loop turns and that the dialog closes once it
 * has written the file. Returns the file's path. */
static char *
export_through_chooser (BgFmuExportDialog *dialog,
                        const char        *name)
{
  g_autoptr(GFile) folder = g_file_new_for_path (tmp_dir);
  g_autoptr(GError) error = NULL;
  GtkFileChooser *chooser;
  char *path = g_build_filename (tmp_dir, name, NULL);

  click (dialog, "_Export…");
  chooser = GTK_FILE_CHOOSER (wait_transient (GTK_WINDOW (dialog), GTK_TYPE_FILE_CHOOSER_DIALOG));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, "Export FMU");
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, &error));
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (chooser, name);
  bg_test_ui_pump ();

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  /* The chooser answers once it has checked the name; the answer starts
   * the export and returns: the dialog is busy, its buttons are off and
   * it will not close until the export ends (which takes at least one
   * more turn of the loop). */
  {
    gboolean timed_out = FALSE;
    guint timeout = g_timeout_add_seconds (10, bg_test_ui_flag_cb, &timed_out);

    while (!timed_out && dialog != NULL && !bg_fmu_export_dialog_is_busy (dialog))
      g_main_context_iteration (NULL, TRUE);
    g_assert_false (timed_out);
    g_source_remove (timeout);
  }
  g_assert_nonnull (dialog);
  g_assert_true (bg_fmu_export_dialog_is_busy (dialog));
  g_assert_false (gtk_widget_is_sensitive (find_button (dialog, "_Export…")));
  g_assert_false (gtk_widget_is_sensitive (find_button (dialog, "_Cancel")));
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  wait_not_busy (&dialog);
  g_assert_null (dialog);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  return path;
}

static char *
example_path (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

/* Runs bgmod-cli with ARGS; its standard output in *out (if given). */
static void
run_cli (const char *const *args,
         char             **out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BGMOD_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               out, &err, &status, &error));
  g_assert_no_error (error);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("bgmod-cli %s failed: %s", args[0], err);
}

/* The FMU at PATH has the same bytes as the one `bgmod-cli export-fmu`
 * writes for MODEL with OPTIONS (the same file name in another folder). */
static void
assert_same_as_cli (const char        *path,
                    const char        *model,
                    const char *const *options)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *dir = g_build_filename (tmp_dir, "cli", NULL);
  g_autofree char *cli_path = g_build_filename (dir, base, NULL);
  g_autofree char *mine = NULL, *theirs = NULL;
  gsize n_mine = 0, n_theirs = 0;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_ptr_array_add (args, (gpointer) "export-fmu");
  g_ptr_array_add (args, (gpointer) model);
  g_ptr_array_add (args, (gpointer) "--output");
  g_ptr_array_add (args, cli_path);
  for (guint i = 0; options[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) options[i]);
  g_ptr_array_add (args, NULL);
  run_cli ((const char *const *) args->pdata, NULL);
  g_assert_true (g_file_get_contents (path, &mine, &n_mine, NULL));
  g_assert_true (g_file_get_contents (cli_path, &theirs, &n_theirs, NULL));
  g_test_message ("%s: %" G_GSIZE_FORMAT " bytes", base, n_mine);
  g_assert_cmpuint (n_mine, >, 10000);
  g_assert_cmpmem (mine, n_mine, theirs, n_theirs);
  g_assert_cmpint (g_remove (cli_path), ==, 0);
}

/* The simulate CSV of NAMES for MODEL: n_cols doubles a row. */
static GArray *
simulate (const char *model, const char *const *names, const char *rtol, guint *n_cols)
{
  g_autofree char *vars = g_strjoinv (",", (char **) names);
  g_autofree char *out = NULL;
  const char *args[] = { "simulate", model, "--vars", vars, "--csv", "-",
                         rtol != NULL ? "--rtol" : NULL, rtol, NULL };
  g_auto(GStrv) lines = NULL;
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (double));

  run_cli (args, &out);
  lines = g_strsplit (out, "\n", -1);
  *n_cols = g_strv_length ((GStrv) names) + 1;
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (cells), ==, *n_cols);
      for (guint c = 0; c < *n_cols; c++)
        {
          double v = g_ascii_strtod (cells[c], NULL);
          g_array_append_val (rows, v);
        }
    }
  return rows;
}

/* Runs the FMU at PATH in the tests' host, Model Exchange and
 * Co-Simulation, against simulate: within 1e-4 of each variable's peak
 * (ME, the host's CVODE at 1e-10, against simulate --rtol 1e-9; CS, the
 * FMU's own CVODE, against simulate with the model's settings). */
static void
assert_runs_like_simulate (const char *path,
                           const char *model,
                           int         version)
{
  g_autoptr(GError) error = NULL;
  BgTestFmu *fmu = bg_test_fmu_open (path, &error);
  const char *const *names;
  double t_end, h;

  g_assert_no_error (error);
  g_assert_cmpint (bg_test_fmu_version (fmu), ==, version);
  bg_test_fmu_experiment (fmu, &t_end, &h);
  names = bg_test_fmu_compared (fmu);
  for (int iface = BG_TEST_ME; iface <= BG_TEST_CS; iface++)
    {
      guint n_cols;
      g_autoptr(GArray) csv = simulate (model, names, iface == BG_TEST_ME ? "1e-9" : NULL, &n_cols);
      BgTestInstance *inst = bg_test_instance_new (fmu, iface, "window", &error);
      BgTestRun *run;
      guint n_rows = csv->len / n_cols;

      g_assert_no_error (error);
      run = bg_test_instance_run (inst, t_end, h, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (run->t->len, ==, n_rows);
      for (guint v = 0; v < run->n_vars; v++)
        {
          double peak = 0, err = 0;

          for (guint r = 0; r < n_rows; r++)
            peak = MAX (peak, fabs (g_array_index (csv, double, r * n_cols + v + 1)));
          for (guint r = 0; r < n_rows; r++)
            err = MAX (err, fabs (bg_test_run_value (run, r, run->names[v])
                                  - g_array_index (csv, double, r * n_cols + v + 1)));
          g_test_message ("FMI %d %s %s: %.2e of the peak", version,
                          iface == BG_TEST_ME ? "ME" : "CS", run->names[v],
                          peak > 0 ? err / peak : err);
          g_assert_cmpfloat (err, <=, 1e-4 * MAX (peak, 1e-12));
        }
      bg_test_run_free (run);
      bg_test_instance_free (inst);
    }
  bg_test_fmu_free (fmu);
}

/* The defaults (FMI 3.0, no input, the main variables), then the RC
 * circuit's source U ticked as an input: the file is the CLI's with
 * --inputs U, its U an input in place of the waveform, and it runs like
 * simulate with U held at the waveform's 10 V. */
static void
test_export_with_input (void)
{
  g_autofree char *model = example_path ("rc-circuit.bgmod");
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgFmuExportDialog *dialog = open_dialog (window);
  g_auto(GStrv) inputs = NULL, outputs = NULL;
  g_autofree char *path = NULL;
  const char *options[] = { "--inputs", "U", NULL };

  g_assert_cmpint (bg_fmu_export_dialog_get_version (dialog), ==, 3);
  inputs = bg_fmu_export_dialog_dup_inputs (dialog);
  g_assert_cmpuint (g_strv_length (inputs), ==, 0);
  outputs = bg_fmu_export_dialog_dup_outputs (dialog);
  g_assert_cmpstrv (outputs, ((const char *const[]) { "C1.e", NULL }));
  g_assert_null (bg_fmu_export_dialog_get_problem (dialog));
  g_assert_true (gtk_widget_is_sensitive (find_button (dialog, "_Export…")));
  bg_test_ui_maybe_screenshot ("fmu-export-dialog");

  click (dialog, "U — Voltage source");
  g_clear_pointer (&inputs, g_strfreev);
  inputs = bg_fmu_export_dialog_dup_inputs (dialog);
  g_assert_cmpstrv (inputs, ((const char *const[]) { "U", NULL }));

  path = export_through_chooser (dialog, "rc_window.fmu");
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (window), bg_test_ui_has_label_text,
                                            "Exported rc_window.fmu"));
  assert_same_as_cli (path, model, options);
  {
    g_autoptr(GError) error = NULL;
    BgTestFmu *fmu = bg_test_fmu_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpint (bg_test_fmu_vr (fmu, "U"), >=, 0);
    g_assert_cmpint (bg_test_fmu_vr (fmu, "U.value"), <, 0);
    bg_test_fmu_free (fmu);
  }
  /* U's start is the waveform's value at t = 0, 10 V, as in the model. */
  assert_runs_like_simulate (path, model, 3);
  g_assert_cmpint (g_remove (path), ==, 0);
  bg_test_ui_destroy_window (window);
}

/* FMI 2.0 chosen, the default outputs of a model with components (the
 * suspension rig's corners): the CLI's file with --fmi 2, running like
 * simulate in both interfaces. */
static void
test_export_fmi2 (void)
{
  g_autofree char *model = example_path ("suspension-rig.bgmod");
  BgWindow *window = bg_test_ui_open_example (app, "suspension-rig.bgmod", 1280, 800);
  BgFmuExportDialog *dialog = open_dialog (window);
  g_autofree char *path = NULL;
  const char *options[] = { "--fmi", "2", NULL };

  click (dialog, "FMI _2.0 (for tools that read only 2.0)");
  g_assert_cmpint (bg_fmu_export_dialog_get_version (dialog), ==, 2);
  path = export_through_chooser (dialog, "suspension_window.fmu");
  assert_same_as_cli (path, model, options);
  assert_runs_like_simulate (path, model, 2);
  g_assert_cmpint (g_remove (path), ==, 0);
  bg_test_ui_destroy_window (window);
}

/* A causal conflict: the dialog says so, offers nothing to choose and
 * Export… is off. */
static void
test_conflict (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "conflict-two-capacitors.bgmod", 1280, 800);
  BgFmuExportDialog *dialog = open_dialog (window);
  const char *problem = bg_fmu_export_dialog_get_problem (dialog);

  g_assert_nonnull (problem);
  g_test_message ("%s", problem);
  g_assert_nonnull (strstr (problem, "causal conflict"));
  g_assert_nonnull (bg_test_ui_find_widget (GTK_WIDGET (dialog), bg_test_ui_has_label_text,
                                            problem));
  g_assert_false (gtk_widget_is_sensitive (find_button (dialog, "_Export…")));
  g_assert_false (gtk_widget_is_drawable (find_button (dialog, "FMI _3.0")));
  g_assert_true (gtk_widget_is_sensitive (find_button (dialog, "_Cancel")));
  bg_test_ui_maybe_screenshot ("fmu-export-conflict");
  click (dialog, "_Cancel");
  g_assert_null (find_transient (GTK_WINDOW (window), BG_TYPE_FMU_EXPORT_DIALOG));
  bg_test_ui_destroy_window (window);
}

/* An export that fails (a folder that does not exist) says why in the
 * dialog, which stays open, and writes nothing. */
static void
test_export_fails (void)
{
  BgWindow *window = bg_test_ui_open_example (app, "rc-circuit.bgmod", 1280, 800);
  BgFmuExportDialog *dialog = open_dialog (window);
  g_autofree char *path = g_build_filename (tmp_dir, "no-such-folder", "never.fmu", NULL);
  const char *problem;

  bg_fmu_export_dialog_export_to (dialog, path);
  g_assert_true (bg_fmu_export_dialog_is_busy (dialog));
  wait_not_busy (&dialog);

  problem = bg_fmu_export_dialog_get_problem (dialog);
  g_assert_nonnull (problem);
  g_test_message ("%s", problem);
  g_assert_true (g_str_has_prefix (problem, "Could not export the FMU: "));
  g_assert_nonnull (strstr (problem, "cannot write"));
  g_assert_nonnull (strstr (problem, path));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (gtk_widget_is_sensitive (find_button (dialog, "_Export…")));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  bg_test_ui_maybe_screenshot ("fmu-export-error");
  gtk_window_close (GTK_WINDOW (dialog));
  bg_test_ui_pump ();
  g_assert_null (find_transient (GTK_WINDOW (window), BG_TYPE_FMU_EXPORT_DIALOG));
  bg_test_ui_destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  if (g_getenv ("G_TEST_BUILDDIR") != NULL)
    {
      /* the build tree's compiled schema, in the memory backend */
      g_autofree char *schemas = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "data", NULL);

      g_setenv ("GSETTINGS_SCHEMA_DIR", schemas, TRUE);
    }
  bg_test_ui_init (&argc, &argv);
  tmp_dir = bg_test_ui_make_home ("bgmod-test-fmu-export-ui-XXXXXX");
  app = bg_test_ui_app_new ();

  g_test_add_func ("/ui/fmu-export/input", test_export_with_input);
  g_test_add_func ("/ui/fmu-export/fmi2", test_export_fmi2);
  g_test_add_func ("/ui/fmu-export/conflict", test_conflict);
  g_test_add_func ("/ui/fmu-export/fails", test_export_fails);

  status = g_test_run ();

  bg_test_ui_shutdown (app, tmp_dir);

  return status;
}
