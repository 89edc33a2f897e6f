/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c — the one export path of every picture (ui/render/bg-export.c).
 *
 * Owns: the error paths of writing a plot or a diagram as PNG or SVG, each
 * through its public call: a folder as the target ("Is a directory"), a
 * full device ("No space left on device"), a write cut short by the file
 * size limit (the old file stays whole, no temporary file is left), a
 * missing folder; and a good write over an old file. Must not: need
 * a display.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "bg-causality.h"
#include "bg-export.h"
#include "bg-file.h"
#include "bg-graph-renderer.h"
#include "bg-plot-renderer.h"

typedef enum
{
  PLOT_PNG,
  PLOT_SVG,
  DIAGRAM_PNG,
  DIAGRAM_SVG,
  N_KINDS
} Kind;

static const char *const kind_names[] = { "plot.png", "plot.svg", "diagram.png", "diagram.svg" };

/* Writes the kind's picture to path through its public call. */
static gboolean
export (Kind        kind,
        const char *path,
        GError    **error)
{
  static const double t[] = { 0, 1, 2 }, y[] = { 0, 1, 4 };
  g_autoptr(BgPlotRenderer) plot = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autofree char *example = NULL;

  if (kind == PLOT_PNG || kind == PLOT_SVG)
    {
      plot = bg_plot_renderer_new ();
      bg_plot_renderer_add_trace (plot, "C1.e", "V", t, y, 3);
      if (kind == PLOT_PNG)
        return bg_plot_renderer_write_png (plot, path, 640, 480, 1.0, error);
      return bg_plot_renderer_write_svg (plot, path, 640, 480, 1.0, error);
    }
  example = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", "rc-circuit.bgmod", NULL);
  model = bg_file_load_path (example, NULL);
  g_assert_nonnull (model);
  causality = bg_causality_analyze (model);
  return bg_graph_renderer_export (model, causality, path, 1.0, error);
}

/* The message of a failed write of kind to path for reason. */
static char *
expected_message (Kind        kind,
                  const char *path,
                  const char *reason)
{
  if (kind == PLOT_PNG || kind == PLOT_SVG)
    return g_strdup_printf ("Could not write the plot to \xe2\x80\x9c%s\xe2\x80\x9d: %s", path, reason);
  return g_strdup_printf ("%s: cannot write the image: %s", path, reason);
}

static void
assert_write_error (Kind        kind,
                    GError     *error,
                    const char *path,
                    const char *reason)
{
  g_autofree char *message = expected_message (kind, path, reason);

  if (kind == PLOT_PNG || kind == PLOT_SVG)
    g_assert_error (error, BG_PLOT_ERROR, BG_PLOT_ERROR_WRITE);
  else
    g_assert_error (error, BG_GRAPH_RENDERER_ERROR, BG_GRAPH_RENDERER_ERROR_WRITE);
  g_assert_cmpstr (error->message, ==, message);
}

/* The names in dir, sorted, joined by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* A path for kind's picture in a new folder; the file holds old when it
 * is not NULL. */
static char *
new_target (Kind        kind,
            const char *old)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-export-XXXXXX", NULL);
  char *target;

  g_assert_nonnull (dir);
  target = g_build_filename (dir, kind_names[kind], NULL);
  if (old != NULL)
    g_assert_true (g_file_set_contents (target, old, -1, NULL));
  return target;
}

/* The target is alone in its folder (no temporary file left); removes
 * both. */
static void
assert_alone_and_remove (const char *target)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *listing = list_dir (dir);

  g_assert_cmpstr (listing, ==, base);
  if (g_file_test (target, G_FILE_TEST_IS_DIR))
    g_assert_cmpint (g_rmdir (target), ==, 0);
  else
    g_assert_cmpint (g_unlink (target), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_is_a_directory (void)
{
  for (Kind kind = 0; kind < N_KINDS; kind++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *target = new_target (kind, NULL);

      g_assert_cmpint (g_mkdir (target, 0755), ==, 0);
      g_assert_false (export (kind, target, &error));
      assert_write_error (kind, error, target, "Is a directory");
      g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
      assert_alone_and_remove (target);
    }
}

static void
draw_nothing_cb (cairo_t *cr,
                 gpointer data)
{
}

/* A device that takes no bytes. The diagram takes its format from the
 * file name, so for it the export path is called as it calls it. */
static void
test_no_space (void)
{
  static const BgExportFormat formats[] = { BG_EXPORT_PNG, BG_EXPORT_SVG_PT };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *reason = NULL;

      g_assert_false (bg_export_write ("/dev/full", formats[i], 200, 100, 2.0,
                                       draw_nothing_cb, NULL, &reason));
      g_assert_cmpstr (reason, ==, "No space left on device");
    }
  for (Kind kind = PLOT_PNG; kind <= PLOT_SVG; kind++)
    {
      g_autoptr(GError) error = NULL;
      GStatBuf st;

      g_assert_false (export (kind, "/dev/full", &error));
      assert_write_error (kind, error, "/dev/full", "No space left on device");
      /* Written to directly, never replaced by a renamed file. */
      g_assert_cmpint (g_stat ("/dev/full", &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
    }
}

/* Caps the size of the files this process writes at limit bytes (a write
 * past it fails with EFBIG, SIGXFSZ ignored), or restores what was there
 * when limit is 0. */
static void
cap_file_size (rlim_t limit)
{
  static struct rlimit before;
  static void (*before_handler) (int);
  struct rlimit capped;

  if (limit == 0)
    {
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &before), ==, 0);
      signal (SIGXFSZ, before_handler);
      return;
    }
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &before), ==, 0);
  capped = before;
  capped.rlim_cur = limit;
  before_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &capped), ==, 0);
}

/* Over an old file: a write that fails half-way (after 1 KiB) leaves it
 * whole, a good one replaces it whole, and neither leaves a temporary
 * file. */
static void
test_old_file (void)
{
  for (Kind kind = 0; kind < N_KINDS; kind++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *target = new_target (kind, "old picture");
      g_autofree char *contents = NULL;
      gsize length;
      gboolean ok;

      cap_file_size (1024);
      ok = export (kind, target, &error);
      cap_file_size (0);
      g_assert_false (ok);
      assert_write_error (kind, error, target, "File too large");
      g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old picture");
      g_clear_pointer (&contents, g_free);
      g_clear_error (&error);

      g_assert_true (export (kind, target, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (target, &contents, &length, NULL));
      if (kind == PLOT_PNG || kind == DIAGRAM_PNG)
        g_assert_true (length > 8 && memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
      else
        g_assert_true (g_str_has_prefix (contents, "<?xml") && strstr (contents, "</svg>") != NULL);
      assert_alone_and_remove (target);
    }
}

static void
test_missing_folder (void)
{
  for (Kind kind = 0; kind < N_KINDS; kind++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *target = g_build_filename ("/nonexistent-bgmod-dir", kind_names[kind], NULL);

      g_assert_false (export (kind, target, &error));
      assert_write_error (kind, error, target, "No such file or directory");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/export/is-a-directory", test_is_a_directory);
  g_test_add_func ("/ui/export/no-space", test_no_space);
  g_test_add_func ("/ui/export/old-file", test_old_file);
  g_test_add_func ("/ui/export/missing-folder", test_missing_folder);

  return g_test_run ();
}
